"""Worked examples drawn, not printed (issue 22, item 1): ``cardgames.examples`` turns a position
or a trick into HTML with SVG cards, seat names and sentences, never card notation or a repr."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

import cardgames as cg
from cardgames import examples as ex

NOTATION = re.compile(r"\b(?:[2-9TJQKA][SHDC]|JK)\b")
REPRS = ("<LegalActions", "Phase.", "Card(", "points_0", "seat 0", "seat 1", "seat 2", "seat 3")


def visible_text(html: str) -> str:
    """What a reader sees: the HTML without its tags (the SVG's aria-labels are not text)."""
    html = re.sub(r"<svg.*?</svg>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


def card_states(html: str) -> dict[str, str]:
    """Each drawn card's name (its aria-label) and how it is shown: lit, dimmed, marked."""
    found = re.findall(r'class="cg-ex-card"(?: data-card-state="(\w+)")?[^>]*>.*?aria-label="([^"]+)"',
                       html)
    return {name: state for state, name in found}


def test_a_position_lights_the_legal_cards_and_says_why_one_is_refused():
    # Yukon: "others must follow suit if possible"; a Jack is a Yukon, not a heart.
    hand = cg.deal("yukon", hands=["7H 3C", "JH 4H", "JC KS", "AH TD"])
    hand.apply("7H")
    shown = ex.position(hand, refused=["JH"])
    assert shown.legal == cg.parse_cards("4H")
    states = card_states(shown.html)
    assert states["four of hearts"] == "legal" and states["jack of hearts"] == "refused"
    assert states["seven of hearts"] == "win"          # North's lead is winning the trick so far
    text = visible_text(shown.html)
    assert "East · to play" in text and "East may play 4♥" in text
    reason = shown.reasons[cg.Card.parse("JH")]
    assert reason[0].isupper() and reason.endswith(".") and "Yukon" in reason
    assert 'class="cg-example"' in shown.html and "overflow-wrap:anywhere" in shown.html


def test_a_card_that_may_be_played_is_not_called_refused():
    hand = cg.deal("yukon", hands=["7H 3C", "JH 4H", "JC KS", "AH TD"])
    hand.apply("7H")
    with pytest.raises(ValueError, match="4♥ is not refused here: East may play it"):
        ex.position(hand, refused=["4H"])


def test_a_trick_names_its_winner_and_its_points_in_words():
    hand = cg.deal("yukon", hands=["AH 2S", "JD 3S", "JS 4S", "TH 5S"])
    for card in ["AH", "JD", "JS", "TH"]:
        hand.apply(card)
    shown = ex.trick(hand)
    assert (shown.winner, shown.points) == ("South", hand.tricks[-1].points)
    assert card_states(shown.html)["jack of spades"] == "win"
    assert "South wins trick 1 with J♠." in visible_text(shown.html)


def test_named_actions_are_said_as_people_say_them():
    hand = cg.deal("pip_pip", hands=["KH QH 3C", "2S 4C 5C", "5H 6C 7C"],
                   stock=["7D", "8D", "9D", "TD", "QD", "JD"], trump="S", players=3)
    shown = ex.position(hand, seats=[0])
    assert "call Pip-Pip! in hearts" in visible_text(shown.html)
    assert ex.action_words(cg.engine.Action.parse("swap-seven")) == "swap the 7 of trumps for the pinta"


@pytest.mark.parametrize("game", list(cg.GAMES))
def test_no_example_prints_notation_or_a_repr(game):
    # Positions from real deals played at random, every kind of example.
    rng = random.Random(game)
    for seed in range(3):
        hand = cg.deal(game, seed=seed)
        for _ in range(rng.randrange(0, 12)):
            if hand.is_over:
                break
            hand.apply(rng.choice(hand.legal_actions()))
        pieces = [ex.deal(hand), ex.position(hand, seats=[])]
        if hand.tricks:
            pieces.append(ex.trick(hand))
        for piece in pieces:
            text = visible_text(piece.html)
            assert not NOTATION.search(text), NOTATION.search(text).group(0) + ": " + text[:200]
            for repr_text in REPRS:
                assert repr_text not in text, (repr_text, text[:300])
            assert piece.html.count('class="cg-example"') == 1


def test_rows_of_cards_are_drawn_in_order():
    shown = ex.cards("JS", "JH JD JC", labels=["Grand Yukon", "Yukons"])
    assert shown.rows == [cg.parse_cards("JS"), cg.parse_cards("JH JD JC")]
    assert list(card_states(shown.html)) == ["jack of spades", "jack of hearts",
                                             "jack of diamonds", "jack of clubs"]
