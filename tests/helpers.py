"""What the tests share (imported by the test modules; not a test): cards from text, the cards a
page's text names, and one random step of a hand as the hidden-card checks take it."""

from __future__ import annotations

import json
import random

import cardgames as cg


def cards(text: str) -> list[cg.Card]:
    """The cards of ``text`` in the notation ("AH 10S JK")."""
    return cg.parse_cards(text)


def cards_named(text: str) -> set[str]:
    """Every card a page's text names: a code in quotes, a face's id, a label (10♥) or a name."""
    text = json.loads(json.dumps(text))
    return {str(card) for card in cg.ALL_CARDS
            if f'"{card}"' in text or f"cg-face-{card}\"" in text or card.label in text
            or card.name in text}


def random_step(hand: cg.Hand, rng: random.Random) -> tuple[int | None, "cg.Card | cg.Action"]:
    """One step of a random hand: now and then (three times in ten) an out-of-turn action one seat
    may take now (a Pip-Pip! call, a declaration), else a legal action of the seat to move.
    Returns (the seat taking it, or None for the seat to move; the action)."""
    open_now = hand.open_actions_by_seat()
    if open_now and rng.random() < 0.3:
        seat = rng.choice(sorted(open_now))
        return seat, rng.choice(open_now[seat])
    return None, rng.choice(hand.legal_actions())
