"""Rules of thumb for Pip-Pip!: call when the new trump suits your hand.

A call ("Pip-Pip!": King and Queen of a suit that is not trumps) scores 50 at once and makes
that suit trumps from the next trick. So call, and if you can call more than one suit, call the
one you hold most of: the new trumps will be yours. Card points lie in the 2s (11, the highest
card of each suit), Aces (10), Kings (5), Queens (4) and Jacks (3); everyone plays for himself.
"""

from __future__ import annotations

from ..cards import Card, sort_cards
from ..engine import Action
from ..games.pip_pip import STRENGTH
from ..games.pip_pip import card_points as _points
from . import Heuristic, Situation


def card_points(s: Situation, card: Card) -> int:
    return _points(card)


def power(s: Situation, card: Card) -> int:
    return STRENGTH[card.rank] + (100 if card.suit is s.trump else 0)


def context(s: Situation):
    return s.trump


def _best_call(s: Situation, calls: list[Action]) -> Action | None:
    calls = [a for a in calls if a.name == "pip-pip"]
    if not calls:
        return None
    groups = s.by_suit(s.view.hand)
    return max(calls, key=lambda a: (len(groups.get(a.suit, ())),
                                     sum(power(s, c) for c in groups.get(a.suit, ()))))


def _call(s: Situation):
    call = _best_call(s, s.named)
    if call is None:
        return None

    def words() -> str:
        held = len(s.by_suit(s.view.hand).get(call.suit, ()))
        return (f"call Pip-Pip! in {call.suit.plural}: 50 points now, and the new trump is the "
                f"suit you hold most of ({held})")

    return call, words


def _keep_the_pair(s: Situation):
    """Do not throw a King or Queen that makes a call still to come."""
    if s.leading or not any(c.rank in (12, 13) for c in s.cards):
        return None
    exposed = set(s.table.exposed(s.mover)) if s.mover is not None else set()
    pairs = {c for c in s.cards if c not in exposed and c.rank in (12, 13)
             and any(o.suit is c.suit and o.rank == 25 - c.rank for o in s.hand if o not in exposed)}
    if not pairs or all(c in pairs for c in s.cards):
        return None
    others = [c for c in s.cards if c not in pairs]
    pair_words = " and ".join(c.label for c in sort_cards(pairs))
    winners = [c for c in others if s.wins_now(c)]
    if winners and s.trick_points() > 0:
        card = s.cheapest(winners)
        return card, lambda: f"win with {card.label} and keep your {pair_words} for a call"
    card = s.cheapest(others)
    return card, lambda: f"throw {card.label} and keep your {pair_words} for a call"


HEURISTICS = [
    Heuristic("Call when the new trump suits the hand",
              "a Pip-Pip! scores 50 now; call the suit you hold most of, it becomes trumps",
              _call),
    Heuristic("Keep a King and Queen for a call",
              "a King and Queen of a suit are worth 50 when called: do not throw one",
              _keep_the_pair),
]


def declare(s: Situation, actions: list[Action]) -> Action | None:
    """After your own play: call, choosing the suit you hold most of."""
    return _best_call(s, actions)
