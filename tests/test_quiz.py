"""The quiz (issue 22, item 2), headless: questions from real deals, answered by clicking the
answer buttons (``Button.click()``), feedback that quotes the rule, a running score, and the
same questions for a whole class from ``?quiz=N&seed=S``."""

from __future__ import annotations

import re
from html import unescape

import pytest

import cardgames as cg
from cardgames import examples as ex
from cardgames import table_words
from cardgames.links import parse_query
from cardgames.players import RuleOfThumbPlayer
from cardgames.widgets import notebook as glue
from cardgames.widgets.quiz import KINDS, Quiz
from cardgames.widgets.open_here import OpenHere
from cardgames.widgets.quiz_app import QuizApp, quiz_app, quiz_settings

GAMES = list(cg.GAMES)
NOTATION = re.compile(r"\b(?:[2-9TJQKA][SHDC]|JK)\b")


def text_of(html: str) -> str:
    html = re.sub(r"<style.*?</style>|<svg.*?</svg>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


def shown(quiz: Quiz) -> list:
    """The answer buttons on show, by what they stand for."""
    return [b for b in quiz.choice_buttons if "cg-quiz-hidden" not in b._dom_classes]


def answer_the_round(quiz: Quiz) -> list[str]:
    """Answer every question of the round with its first choice, as a pupil clicks through it
    (Check where the question has one, Next until the last); the questions asked."""
    asked = []
    while not quiz.finished:
        asked.append(quiz.question.value)
        shown(quiz)[0].click()
        if not quiz.check_button.disabled:
            quiz.check_button.click()
        if not quiz.finished:
            quiz.new_button.click()
    return asked


@pytest.mark.parametrize("game", GAMES)
def test_which_cards_may_this_seat_play(game):
    quiz = Quiz(game, seed=3, kind="legal")
    hand = quiz.position
    legal = set(hand.legal_actions().cards)
    assert quiz.seat_names()[hand.to_move] in quiz.question.value
    assert len(shown(quiz)) == len(quiz.cards)
    # each card to pick is drawn as a small card of its suit's colour
    assert all({"cg-quiz-choice", "cg-card-choice", f"cg-suit-{card.suit.letter}"}
               <= set(b._dom_classes) for b, card in zip(shown(quiz), quiz.cards) if card.suit)
    assert "no answers yet" in quiz.score.value
    # The drawing does not give the answer away: no card is lit before Check.
    assert 'data-card-state="legal"' not in quiz.board.value
    for button, card in zip(quiz.choice_buttons, quiz.cards):
        if card in legal:
            button.click()
    quiz.check_button.click()
    assert quiz.feedback.value.startswith("<p>Right!")
    assert (quiz.right, quiz.asked) == (1, 1) and "1 right out of 1" in quiz.score.value
    # A wrong pick is answered with the rule that refuses it, in the engine's words.
    quiz.new_button.click()
    hand = quiz.position
    wrong = next(c for c in quiz.cards if c not in hand.legal_actions().cards)
    quiz.choice_buttons[quiz.cards.index(wrong)].click()
    quiz.check_button.click()
    feedback = unescape(quiz.feedback.value)
    assert "Not quite" in feedback
    assert ex.sentence(hand.why_illegal(wrong), table_words.seat_names(hand)) in feedback
    assert (quiz.right, quiz.asked) == (1, 2)


@pytest.mark.parametrize("game", GAMES)
def test_who_wins_this_trick(game):
    quiz = Quiz(game, seed=4, kind="winner")
    trick = quiz.trick
    names = quiz.seat_names()
    assert 'data-card-state="win"' not in quiz.board.value     # not marked before the answer
    assert not any("cg-card-choice" in b._dom_classes for b in quiz.seat_buttons)  # seats' names
    quiz.seat_buttons[trick.winner].click()
    feedback = unescape(quiz.feedback.value)
    assert f"Right! {names[trick.winner]} wins with {trick.winning_card.label}." in feedback
    assert ex.sentence(quiz.position.explain_winner(trick), names) in feedback
    quiz.new_button.click()
    loser = next(s for s, _ in quiz.trick.cards if s != quiz.trick.winner)
    quiz.seat_buttons[loser].click()
    assert f"Not quite: {quiz.seat_names()[loser]} does not win." in unescape(quiz.feedback.value)


@pytest.mark.parametrize("game", GAMES)
def test_how_many_points_does_the_trick_earn(game):
    quiz = Quiz(game, seed=5, kind="points")
    trick = quiz.trick
    assert trick.points in quiz.choices and len(set(quiz.choices)) == 4
    quiz.choice_buttons[quiz.choices.index(trick.points)].click()
    feedback = unescape(quiz.feedback.value)
    assert feedback.startswith("<p>Right! It earns")
    assert ex.sentence(quiz.position.explain_points(trick), quiz.seat_names()) in feedback


@pytest.mark.parametrize("game", GAMES)
def test_what_would_a_good_player_lead_and_why(game):
    quiz = Quiz(game, seed=6, kind="lead")
    if quiz.kind_now != "lead":
        pytest.skip(f"no lead with a choice found in {game}'s deals")
    hand = quiz.position
    advice = RuleOfThumbPlayer(0).advise(hand.view(hand.to_move))
    assert quiz.answer is advice.action and advice.action in quiz.choices
    other = next(i for i, c in enumerate(quiz.choices) if c is not advice.action)
    quiz.choice_buttons[other].click()
    feedback = unescape(quiz.feedback.value)
    assert f"a good player would lead {advice.action.label}" in feedback
    assert f"The rule of thumb: {advice.rule}." in feedback
    assert (quiz.right, quiz.asked) == (0, 1)


def test_a_mixed_quiz_asks_every_kind_in_turn_and_prints_no_notation():
    quiz = Quiz("yukon", seed=8)
    kinds = []
    for _ in range(len(KINDS)):
        kinds.append(quiz.kind_now)
        for part in (quiz.question.value, quiz.board.value):
            assert not NOTATION.search(text_of(part)), text_of(part)
        quiz.choice_buttons[0].click()
        if quiz.kind_now == "legal":
            quiz.check_button.click()
        assert quiz.feedback.value and not NOTATION.search(text_of(quiz.feedback.value))
        quiz.new_button.click()
    assert kinds == list(KINDS)


def test_the_same_seed_asks_the_same_questions():
    first, second = Quiz("guinote", seed=12), Quiz("guinote", seed=12)
    for _ in range(4):
        assert first.question.value == second.question.value
        assert first.board.value == second.board.value
        assert first.choices == second.choices
        for quiz in (first, second):
            quiz.choice_buttons[0].click()
            quiz.check_button.click()
            quiz.new_button.click()


def test_a_round_of_questions_ends_with_the_score():
    quiz = Quiz("pip_pip", seed=2, questions=2, kind="winner")
    for _ in range(2):
        quiz.seat_buttons[quiz.trick.winner].click()
        quiz.new_button.click()
    assert quiz.finished and quiz.new_button.disabled
    assert "That was the last question. Score: 2 right out of 2." in quiz.score.value
    with pytest.raises(ValueError, match="whole number from 1 to 50"):
        Quiz("pip_pip", questions=0)


# -- the quiz section of an app, and its link ----------------------------------------------------


@pytest.fixture
def fresh_glue(monkeypatch):
    monkeypatch.setattr(glue, "_query", None)
    monkeypatch.setattr(glue, "_apps", [])
    for name in ("VOILA_KERNEL_ID", "VOILA_PREHEAT", "QUERY_STRING", "SERVER_SOFTWARE"):
        monkeypatch.delenv(name, raising=False)


def test_the_quiz_link_is_read_as_a_class_needs_it():
    assert quiz_settings("seed=3") is None
    assert quiz_settings("?quiz=5&seed=12") == {"questions": 5, "seed": 12, "players": None,
                                                "fill": False}
    assert quiz_settings("quiz=&players=3") == {"questions": 5, "seed": None, "players": 3,
                                                "fill": False}
    # The class's projector: the quiz alone, in large print; view=quiz alone starts a quiz too.
    assert quiz_settings("quiz=5&seed=12&view=quiz")["fill"] is True
    assert quiz_settings("view=quiz") == {"questions": 5, "seed": None, "players": None,
                                          "fill": True}
    assert quiz_settings("seed=3&view=table") is None
    with pytest.raises(ValueError, match="quiz=99: ask for 1 to 50 questions"):
        quiz_settings("quiz=99")
    # The table of the same page accepts the link too (quiz is a known setting).
    assert parse_query("yukon", "quiz=5&seed=12").seed == 12


def test_a_page_without_the_link_offers_a_start_button(fresh_glue):
    box = quiz_app("yukon")
    (button,) = box.children
    assert "cg-quiz-start" in button._dom_classes
    button.click()
    quiz_widget, link = box.children
    assert "cg-quiz" in quiz_widget._dom_classes
    assert "?quiz=5&amp;seed=" in link.value


def test_a_class_link_gives_everybody_the_same_questions(fresh_glue, monkeypatch):
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", "quiz=3&seed=12")
    quiz_app("guinote")
    first = glue._apps[-1].quiz
    assert (first.questions, first.seed) == (3, 12)
    second = QuizApp("guinote")
    second.deal("quiz=3&seed=12")
    assert second.quiz.question.value == first.question.value
    assert second.quiz.board.value == first.board.value


def test_a_bad_quiz_link_gets_a_message(fresh_glue):
    shown = QuizApp("yukon")
    shown.deal("quiz=lots")
    message = shown.box.children[0]
    assert "This link does not describe a quiz: quiz='lots': a whole number is needed" in \
        unescape(message.value)


def test_after_the_last_answer_the_quiz_offers_new_questions_or_the_same_again(fresh_glue):
    # A pupil who has answered the class's three questions tries them again, or takes new ones,
    # without reloading the page.
    section = QuizApp("guinote")
    section.deal("quiz=3&seed=12")
    first = section.quiz
    anchor = section.box.children[0]
    assert isinstance(anchor, OpenHere)      # the link opens the page at the quiz
    anchor_id = anchor.model_id
    asked = answer_the_round(first)
    assert len(asked) == 3 and first.new_button.disabled
    row = section.box.children[-1]
    fresh, again = row.children
    assert again.description == "The same questions again" and fresh.description == "New questions"
    from ipywidgets.widgets.widget import _instances
    live = len(_instances)
    again.click()
    assert section.quiz is not first and section.quiz.seed == 12 and section.quiz.questions == 3
    assert len(_instances) <= live - len(row.children)     # the old round's models are closed
    # the link's anchor has done its work (the page opened at the quiz): closed too
    assert anchor_id not in _instances
    assert section.quiz.question.value == asked[0] and section.quiz.asked == 0
    assert section.box.children == (section.quiz.widget, section.link)     # the offer is gone
    assert len(answer_the_round(section.quiz)) == 3
    section.box.children[-1].children[0].click()                       # New questions
    assert section.quiz.seed != 12 and section.quiz.questions == 3
    assert f"seed={section.quiz.seed}" in section.link.value
