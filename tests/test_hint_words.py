"""A hint names only cards the seat holds or has seen (issue 22, item 4).

In a Guinote deal typed by hand the hint told a seat holding neither card to "keep the Ace and
3 of trumps for the second phase". Over many deals of every game, played by the rule-of-thumb
players, every reason the hint gives is read for the cards it names: each must be in the
seat's hand or among the cards it has seen (tricks, the trick on the table, face-up cards).
"""

from __future__ import annotations

import random
import re

import pytest

import cardgames as cg
from cardgames.cards import Card, Rank, Suit
from cardgames.players import RuleOfThumbPlayer

LABEL = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9JQKA])([♠♥♦♣])")
RANK_WORDS = {"Ace": Rank.ACE, "King": Rank.KING, "Queen": Rank.QUEEN, "Jack": Rank.JACK,
              **{str(n): Rank(n) for n in range(2, 11)}}
OF_TRUMPS = re.compile(r"\b(Ace|King|Queen|Jack|10|[2-9])(?: and (Ace|King|Queen|Jack|10|[2-9]))?"
                       r" of trumps")


def named_cards(reason: str, trump: Suit | None) -> set[Card]:
    """The cards a reason names: labels (``A♠``), and ranks "of trumps" ("the Ace and 3")."""
    found = {Card.parse(rank + symbol) for rank, symbol in LABEL.findall(reason)}
    if trump is not None:
        for match in OF_TRUMPS.finditer(reason):
            for word in match.groups():
                if word:
                    found.add(Card(RANK_WORDS[word], trump))
    return found


def hints_of_a_deal(game: str, seed: int):
    """Each decision of a deal played by the rules of thumb: the seat, its view, the reason."""
    hand = cg.deal(game, seed=seed)
    player = RuleOfThumbPlayer(seed)
    while not hand.is_over:
        seat = hand.controller(hand.to_move)
        view = hand.view(seat)
        advice = player.advise(view)
        yield seat, view, advice.reason
        hand.apply(advice.action)


def test_the_reader_finds_the_cards_a_reason_names():
    # The words of the report: a seat told to keep "the Ace and 3 of trumps" (spades).
    assert named_cards("keep the Ace and 3 of trumps for the second phase", Suit.SPADES) == \
        set(cg.parse_cards("AS 3S"))
    assert named_cards("win with 10♥ and keep your K♣ and Q♣ for a call", None) == \
        set(cg.parse_cards("TH KC QC"))


@pytest.mark.parametrize("game", list(cg.GAMES))
def test_every_hint_names_only_cards_the_seat_holds_or_has_seen(game):
    checked = 0
    for seed in range(12):
        for seat, view, reason in hints_of_a_deal(game, seed):
            seen = set(view.visible_cards())
            named = named_cards(reason, getattr(view, "trump", None))
            stray = named - seen
            assert not stray, (f"{game} seed {seed}, seat {seat}: the hint {reason!r} names "
                               f"{' '.join(c.label for c in stray)}, not held or seen")
            checked += bool(named)
    assert checked > 20, "the hints of these deals name cards often enough to test this"


def test_a_guinote_seat_without_top_trumps_is_not_told_to_keep_them():
    # The first decision of a deal (the stock full) for an eldest hand holding no trump Ace or 3.
    rng = random.Random(4)
    for seed in range(40):
        hand = cg.deal("guinote", seed=seed)
        top = {Card(Rank.ACE, hand.trump), Card(Rank.THREE, hand.trump)}
        seat = hand.to_move
        if top & set(hand.hands[seat]):
            continue
        reason = RuleOfThumbPlayer(rng.randrange(99)).advise(hand.view(seat)).reason
        assert "of trumps" not in reason and "second phase" not in reason, reason
        return
    pytest.fail("no deal without a top trump for the eldest in 40 seeds")
