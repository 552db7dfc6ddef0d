"""Hidden cards stay hidden (issue 10): a seat's view, and the record of it meant for that
player, hold no card the seat may not see, over whole hands of every game."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import cardgames as cg
from cardgames.engine import iter_cards


def record_cards(text: str) -> list[str]:
    """Every card string anywhere in a JSON record."""
    found: list[str] = []

    def walk(value):
        if isinstance(value, str):
            try:
                found.append(str(cg.Card.parse(value)))
            except cg.NotationError:
                pass
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for key, item in value.items():
                if key not in ("options", "format", "kind", "game"):
                    walk(item)

    walk(json.loads(text))
    return found


def check_seat(hand: cg.Hand, seat: int) -> None:
    view = hand.view(seat)
    hidden = Counter(view.unseen)
    everything = Counter(iter_cards(hand))
    visible = {str(c) for c in everything - hidden}
    # What the deal showed everybody (Pip-Pip!'s cut card, put back in the pack; the pinta).
    visible |= {str(c) for c in hand.extra.values() if isinstance(c, cg.Card)}
    text = view.to_json()
    assert '"seed"' not in text            # a seed would deal the hidden cards again
    for where, named in [("view", {str(c) for c in view.visible_cards()}),
                         ("record", set(record_cards(text)))]:
        if max(everything.values()) == 1:  # one pack: a hidden card must not be named at all
            assert not named & {str(c) for c in hidden}, f"seat {seat}'s {where} names hidden cards"
        else:                              # two packs: only cards with a visible copy
            assert named <= visible, f"seat {seat}'s {where} names {named - visible}"
    with pytest.raises(cg.RecordError, match="view"):
        cg.load(text)


@pytest.mark.parametrize("game", sorted(cg.GAMES))
def test_views_and_player_records_hold_no_hidden_card_over_whole_hands(game):
    for seed in range(3):
        hand = cg.deal(game, seed=seed)
        rng = random.Random(seed)
        while True:
            for seat in range(hand.seats):
                check_seat(hand, seat)
            if hand.is_over:
                break
            open_now = hand.open_actions_by_seat()
            if open_now and rng.random() < 0.3:
                seat = rng.choice(sorted(open_now))
                hand.apply(rng.choice(open_now[seat]), seat)
            else:
                hand.apply(rng.choice(hand.legal_actions()))


def test_a_pippins_discard_stays_secret_until_all_have_chosen():
    hand = cg.deal("pippins_aplenty", seed=1)
    first = hand.legal_actions()[0]
    hand.apply(first)
    text = hand.view(1).to_json()
    assert str(first) not in record_cards(text)
    assert json.loads(text)["actions"] == [[0, None]]
