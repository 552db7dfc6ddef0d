"""Invariants over a few thousand random hands of every game (issue 10; the full 100,000-hand
run is benchmarks/soak.py and its figures are in benchmarks/README.md)."""

from __future__ import annotations

from collections import Counter

import pytest

import cardgames as cg
from cardgames.checks import option_variants, problems, soak
from cardgames.engine import iter_cards


@pytest.mark.parametrize("game", sorted(cg.GAMES))
def test_random_hands_keep_every_invariant_after_every_action(game):
    variants = sum(1 for _ in option_variants(cg.GAMES[game].options))
    counts = len(cg.GAMES[game].player_counts)
    report = soak(max(400, 2 * variants * counts), seed=7, games=[game])
    assert report.failures == [], str(report)
    assert report.hands >= variants * counts     # every player count and option variant played


def test_the_checker_notices_a_lost_card():
    hand = cg.deal("yukon", seed=1)
    deck = Counter(iter_cards(hand))
    assert problems(hand, deck) == []
    hand.hands[0].pop()            # deliberately break the hand
    assert any("missing" in p for p in problems(hand, deck))
