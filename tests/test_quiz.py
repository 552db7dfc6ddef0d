"""The quiz, headless: questions from real deals, answered through Button.click()."""

from __future__ import annotations

import pytest

import cardgames as cg
from cardgames import render_table as rt
from cardgames.widgets import Quiz

GAMES = list(cg.GAMES)

@pytest.mark.parametrize("game", GAMES)
def test_the_quiz_which_cards_may_be_played(game):
    quiz = Quiz(game, seed=3, kind="legal")
    hand = quiz.position
    seat = hand.to_move
    legal = set(hand.legal_actions().cards)
    assert quiz.seat_names()[seat] in quiz.question.value
    for button, card in zip(quiz.card_buttons, quiz.cards):
        if card in legal:
            button.click()
    quiz.check_button.click()
    assert "Right" in quiz.feedback.value
    # a wrong answer cites the rule that forbids the card
    quiz.new_button.click()
    hand = quiz.position
    if quiz.kind_now == "legal":
        wrong = next(c for c in quiz.cards if c not in hand.legal_actions().cards)
        quiz.card_buttons[quiz.cards.index(wrong)].click()
        quiz.check_button.click()
        reason = hand.why_illegal(wrong)
        assert "Not quite" in quiz.feedback.value
        assert rt.name_seats(reason, quiz.seat_names()).split(":")[0][:30] in \
            quiz.feedback.value.replace("&#x27;", "'")


@pytest.mark.parametrize("game", GAMES)
def test_the_quiz_who_wins_this_trick(game):
    quiz = Quiz(game, seed=4, kind="winner")
    trick = quiz.trick
    quiz.seat_buttons[trick.winner].click()
    assert "Right" in quiz.feedback.value and "wins with" in quiz.feedback.value
    quiz.new_button.click()
    loser = next(s for s, _ in quiz.trick.cards if s != quiz.trick.winner)
    quiz.seat_buttons[loser].click()
    assert "Not quite" in quiz.feedback.value


