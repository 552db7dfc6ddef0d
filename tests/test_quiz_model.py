"""The quiz without widgets (``cardgames.quiz.QuizRound``): a question from a real deal, a right
and a wrong answer, and the feedback in the rules' own words. It runs where the engine runs
(the static site's Pyodide too): no ipywidgets here."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardgames.cards import card_sort_key
from cardgames import examples as ex
from cardgames.players import RuleOfThumbPlayer
from cardgames.quiz import KINDS, Mark, QuizRound, QuizSettingError


def test_the_quiz_model_imports_no_widgets():
    out = subprocess.run(
        [sys.executable, "-c", "import sys, cardgames.quiz; print(sorted(m for m in "
         "('ipywidgets', 'traitlets', 'anywidget') if m in sys.modules))"],
        capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_which_cards_may_west_play_right_then_wrong():
    # Yukon, RULES.md: "Each player must follow suit if able; otherwise any card may be played."
    quiz = QuizRound("yukon", seed=3, kind="legal")
    q = quiz.question
    hand = q.position
    mover = q.names[hand.to_move]
    assert q.words == (f"Yukon, question 1: which cards may {mover} play? "
                       "Pick them, then press Check.")
    assert (mover, True) in q.prompt          # the seat asked about is said with emphasis
    assert q.cards == q.choices and q.labels == [c.label for c in q.cards]
    legal = set(hand.legal_actions().cards)
    assert set(q.answer) == legal and legal < set(q.cards)   # some cards may, some may not
    # The pupil picks every card that may be played, then checks.
    for i, card in enumerate(q.cards):
        if card in legal:
            assert quiz.choose(i) is None     # a pick, not yet an answer
    assert quiz.marks.count(Mark.PICKED) == len(legal)
    feedback = quiz.check()
    assert feedback.correct and feedback.lines[0].startswith("Right! ")
    refused = sorted(set(q.cards) - legal, key=card_sort_key)[0]
    assert feedback.lines[1] == "The rule: " + ex.sentence(hand.why_illegal(refused), q.names)
    assert quiz.marks == [Mark.RIGHT if c in legal else Mark.NONE for c in q.cards]
    assert quiz.score_words() == "Score: 1 right out of 1."
    # Checking twice grades nothing more.
    assert quiz.check() is None and quiz.asked == 1

    # The next question: a card that may not be played, picked alone.
    q = quiz.next_question()
    hand = q.position
    assert q.number == 2 and not quiz.answered and quiz.feedback is None
    wrong = next(i for i, c in enumerate(q.cards) if c not in q.answer)
    quiz.choose(wrong)
    feedback = quiz.check()
    card = q.cards[wrong]
    assert not feedback.correct and feedback.lines[0] == "Not quite."
    assert feedback.lines[1] == (f"{card.label} may not be played: "
                                 + ex.sentence(hand.why_illegal(card), q.names))
    assert feedback.lines[-1].startswith(("These may be played too: ", "This may be played too: "))
    assert quiz.marks[wrong] is Mark.WRONG
    assert (quiz.right, quiz.asked) == (1, 2)


def test_who_wins_this_trick_right_and_wrong():
    quiz = QuizRound("guinote", seed=12, kind="winner")
    q = quiz.question
    trick = q.trick
    assert q.words == "Guinote, question 1: who wins this trick? Pick the seat."
    assert q.choices == list(range(4)) and q.answer == trick.winner
    card = trick.card_of(0)
    assert q.labels[0] == f"{q.names[0]} ({card.label})"      # "North (4♣)"
    feedback = quiz.choose(trick.winner)
    winner = q.names[trick.winner]
    assert feedback.correct
    assert feedback.lines == [f"Right! {winner} wins with {trick.winning_card.label}. "
                              + ex.sentence(q.position.explain_winner(trick), q.names)]
    assert quiz.choose(trick.winner) is None          # answered once only

    q = quiz.next_question()
    loser = next(s for s, _ in q.trick.cards if s != q.trick.winner)
    feedback = quiz.choose(loser)
    assert not feedback.correct
    assert feedback.lines[0] == f"Not quite: {q.names[loser]} does not win."
    assert quiz.marks[loser] is Mark.WRONG and quiz.marks[q.trick.winner] is Mark.RIGHT
    assert quiz.score_words() == "Score: 1 right out of 2."


def test_how_many_points_a_wrong_number_is_answered_with_the_count():
    quiz = QuizRound("guinote", seed=12, kind="points")
    q = quiz.question
    assert q.words.endswith("wins this trick. How many points does it earn?")
    assert q.answer == q.trick.points and q.answer in q.choices and len(set(q.choices)) == 4
    wrong = next(n for n in q.choices if n != q.answer)
    feedback = quiz.choose(q.choices.index(wrong))
    assert feedback.lines == [f"Not quite: not {wrong}.",
                              "It earns " + ex.sentence(q.position.explain_points(q.trick),
                                                        q.names)]


def test_what_would_a_good_player_lead_gives_the_rule_of_thumb():
    quiz = QuizRound("guinote", seed=12, kind="lead")
    q = quiz.question
    hand = q.position
    advice = RuleOfThumbPlayer(0).advise(hand.view(hand.to_move))
    assert q.answer == advice.action and q.rule == advice.rule
    assert q.prompt[0] == (q.names[hand.to_move], True)
    feedback = quiz.choose(q.choices.index(q.answer))
    assert feedback.correct
    assert feedback.lines == [f"Right: a good player leads {q.answer.label}.",
                              f"The rule of thumb: {advice.rule}. {q.reason}"]


def test_a_mixed_round_asks_each_kind_in_turn_and_ends_with_the_score():
    quiz = QuizRound("pip_pip", seed=2, questions=len(KINDS))
    finished = []
    quiz.on_finished(lambda: finished.append(quiz.score_words()))
    kinds = []
    while not quiz.finished:
        kinds.append(quiz.question.kind)
        quiz.choose(0)
        if quiz.question.picks_many:
            quiz.check()
        quiz.next_question()
    assert kinds == list(KINDS)
    assert finished == [f"That was the last question. Score: {quiz.right} right out of 4."]
    assert quiz.next_question().number == 4        # nothing more is asked


def test_the_same_seed_asks_the_same_questions():
    first, second = QuizRound("quinto", seed=7), QuizRound("quinto", seed=7)
    for _ in range(len(KINDS)):
        assert first.question.words == second.question.words
        assert first.question.choices == second.question.choices
        for quiz in (first, second):
            quiz.choose(0)
            if quiz.question.picks_many:
                quiz.check()
            quiz.next_question()


def test_a_round_asked_for_wrongly_says_what_is_allowed():
    with pytest.raises(QuizSettingError, match="questions is a whole number from 1 to 50, not 0"):
        QuizRound("yukon", questions=0)
    with pytest.raises(QuizSettingError, match="kind is one of legal, winner, points, lead or "
                                               "'mixed', not 'riddles'"):
        QuizRound("yukon", kind="riddles")
    quiz = QuizRound("yukon", seed=4, kind="winner")
    with pytest.raises(QuizSettingError, match="only a 'legal' question is checked"):
        quiz.check()
