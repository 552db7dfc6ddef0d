"""Rules of thumb for Pippins Aplenty: steer the reaches, and remember that low cards are rich.

A card above the top reach is worth nothing; at or below it, a card is worth more the lower its
suit stands in the trump order (a non-trump suit most of all), and double if it matches the rank
of any reach card. So the valuable cards are the low ones, the trumps are whatever suits reached
the reaches, and the lowest card that rises above the top reach becomes the new top trump:
steer the reaches toward suits your side is long in.
"""

from __future__ import annotations

from ..cards import Card, Suit
from ..engine import Phase
from ..games.pippins_aplenty import card_value, trump_order
from . import Heuristic, Situation


def _reaches(s: Situation) -> tuple[Card, ...]:
    reaches = s.memo.get("reaches")
    if reaches is None:
        reaches = s.memo["reaches"] = s.table.reaches
    return reaches


def context(s: Situation):
    """All a card's points and power depend on: the reaches."""
    return _reaches(s)


def _trump_order(s: Situation) -> list[Suit]:
    order = s.memo.get("trump order")
    if order is None:
        order = s.memo["trump order"] = trump_order(_reaches(s))
    return order


def card_points(s: Situation, card: Card) -> int:
    return card_value(card, _reaches(s))


def power(s: Situation, card: Card) -> int:
    order = _trump_order(s)
    if card.suit in order:
        return 1000 - 100 * order.index(card.suit) + int(card.rank)
    return int(card.rank)


def _long_suit(s: Situation):
    groups = s.by_suit(s.hand)
    return max(groups, key=lambda k: (len(groups[k]), sum(int(c.rank) for c in groups[k])))


def _discard_for_a_void(s: Situation):
    if s.phase is not Phase.DISCARD or not s.cards:
        return None
    groups = s.by_suit(s.cards)
    short = min(groups, key=lambda k: (len(groups[k]), -max(int(c.rank) for c in groups[k])))
    card = max(groups[short], key=lambda c: int(c.rank))
    return card, lambda: (f"discard {card.label} from your shortest suit: a void lets you trump "
                          "later, and a high card is worth nothing once it is above the top reach")


def _first_trick_sets_trumps(s: Situation):
    """Trick 1: its lowest card (the last played of equals) founds the reaches and the trump."""
    if _reaches(s) or s.phase is not Phase.PLAY or not s.cards:
        return None
    long = _long_suit(s)
    mine = [c for c in s.cards if c.suit is long]
    if not mine:
        return None
    card = min(mine, key=lambda c: int(c.rank))
    lowest_so_far = min((int(c.rank) for _, c in s.trick), default=99)
    if int(card.rank) <= lowest_so_far:
        return card, lambda: (f"the lowest card of the first trick becomes the first reach and its "
                              f"suit the trump: play {card.label} to make your long suit "
                              f"({long.plural}) trumps")
    return None


def _steer_the_reaches(s: Situation):
    """Losing the trick anyway: make the card that will rise to the top reach one of your long suit."""
    reaches = _reaches(s)
    if not reaches or s.leading or not s.cards or s.table.reaches_fixed:
        return None
    winner = s.winning_seat()
    if winner is not None and not s.is_partner(winner) and any(s.wins_now(c) for c in s.cards):
        return None
    top = int(reaches[-1].rank)
    long = _long_suit(s)
    if long in _trump_order(s)[:1]:
        return None
    above = [int(c.rank) for _, c in s.trick if int(c.rank) > top]
    ceiling = min(above, default=99)
    candidates = [c for c in s.cards if c.suit is long and top < int(c.rank) <= ceiling]
    if not candidates:
        return None
    card = min(candidates, key=lambda c: int(c.rank))
    return card, lambda: (f"{card.label} is the lowest card above the top reach so far: it will "
                          f"become the top reach and make {long.plural}, your long suit, the top trump")


HEURISTICS = [
    Heuristic("Discard for a void",
              "discard a high card from your shortest suit: the void lets you trump later",
              _discard_for_a_void),
    Heuristic("Found the reaches in your long suit",
              "the lowest card of the first trick becomes the first reach and sets the trump",
              _first_trick_sets_trumps),
    Heuristic("Steer the reaches toward your long suit",
              "the lowest card above the top reach becomes the new top trump: make it yours",
              _steer_the_reaches),
]
