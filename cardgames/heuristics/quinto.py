"""Rules of thumb for Quinto: double with strong hearts, take quints with the higher suits.

The whole pack is one ladder, hearts on top, then diamonds, clubs, spades, with the Joker (the
Quint Royal, 25) at the bottom: it never wins a trick, so give it to a trick your side is sure
to take. Quints score by suit (hearts 20, diamonds 15, clubs 10, spades 5): a Five alone, or an
Ace and 4, or a 2 and 3, of one suit in the same trick. Every trick is worth 5 (10 doubled, 20
redoubled), so a hand full of high hearts wins tricks: that is when to double.
"""

from __future__ import annotations

from ..cards import Card, Rank, Suit
from ..engine import Phase
from ..games.quinto import QUINT_ROYAL, QUINT_VALUE, STRENGTH
from . import Heuristic, Situation

PAIR_MATE = {Rank.ACE: Rank.FOUR, Rank.FOUR: Rank.ACE, Rank.TWO: Rank.THREE, Rank.THREE: Rank.TWO}


def card_points(s: Situation, card: Card) -> int:
    if card.suit is None:
        return QUINT_ROYAL
    if card.rank is Rank.FIVE:
        return QUINT_VALUE[card.suit]
    if card.rank in PAIR_MATE:
        return QUINT_VALUE[card.suit] // 4    # half of a quint, and only with its mate
    return 0


def power(s: Situation, card: Card) -> int:
    return STRENGTH[card.index]


def context(s: Situation):
    return None        # a card's points and strength never change


def hand_strength(cards: list[Card]) -> int:
    """A count for doubling: 3 for each heart Ace, King or Queen, 1 for any other heart or a
    diamond honour."""
    total = 0
    for c in cards:
        if c.suit is Suit.HEARTS:
            total += 3 if c.rank >= Rank.QUEEN else 1
        elif c.suit is Suit.DIAMONDS and c.rank >= Rank.KING:
            total += 1
    return total


def _double_with_strong_hearts(s: Situation):
    if s.phase is not Phase.DOUBLING:
        return None
    names = {a.name: a for a in s.named}
    strength = hand_strength(s.view.hand)   # the dealer looks at his own hand only
    if "redouble" in names and strength >= 14:
        return names["redouble"], lambda: f"redouble: your hearts are very strong (count {strength})"
    if "double" in names and strength >= 11:
        return names["double"], lambda: (f"double: high hearts win tricks, and doubling makes each "
                                         f"trick worth 10 (your heart count is {strength})")
    return names.get("pass"), lambda: (f"pass: your hearts are not strong enough to double "
                                       f"(count {strength})")


def _joker_to_partner(s: Situation):
    joker = [c for c in s.cards if c.suit is None]
    if not joker or s.leading or not s.partner_winning():
        return None
    best = s.trick[[seat for seat, _ in s.trick].index(s.winning_seat())][1]
    if s.last_to_play or not _unseen_higher(s, best):
        return joker[0], ("the Joker never wins a trick: give its 25 to a trick your partner is "
                          "sure to take")
    return None


_LADDERS: dict[tuple[Card, ...], list[Card]] = {}


def _unseen_higher(s: Situation, card: Card) -> bool:
    """Is a card above ``card`` still out: neither played nor in the seat's own hand?"""
    top = s.memo.get("top unseen")
    if top is None:
        deck = s.table.deck(s.table.players, s.table.options, None)
        ladder = _LADDERS.get(deck)
        if ladder is None:
            ladder = _LADDERS[deck] = sorted(deck, key=lambda c: -STRENGTH[c.index])
        gone = set(s.seen_cards())
        gone.update(s.view.hand, s.hand)
        top = s.memo["top unseen"] = next((STRENGTH[c.index] for c in ladder if c not in gone), -2)
    return top > STRENGTH[card.index]


def _complete_a_quint(s: Situation):
    if s.leading:
        return None
    for _, played in s.trick:
        if played.suit is None or played.rank not in PAIR_MATE:
            continue
        mate = Card(PAIR_MATE[played.rank], played.suit)
        if mate in s.cards and (s.wins_now(mate) or s.partner_winning()):
            return mate, lambda: (f"{mate.label} with {played.label} in one trick is a quint worth "
                                  f"{QUINT_VALUE[played.suit]}, and this trick is coming to your side")
    return None


def _take_quints_with_higher_suits(s: Situation):
    if s.leading or s.partner_winning():
        return None
    at_stake = sum(card_points(s, c) for _, c in s.trick if c.rank is Rank.FIVE or c.suit is None)
    winners = [c for c in s.cards if s.wins_now(c)]
    if at_stake and winners:
        card = s.cheapest(winners)
        return card, lambda: (f"a quint ({at_stake} points) lies in this trick: take it with "
                              f"{card.label}, the cheapest card of a higher suit that wins")
    return None


def _lead_a_master(s: Situation):
    if not s.leading:
        return None
    masters = [c for c in s.cards if c.suit is not None and not _unseen_higher(s, c)]
    if masters:
        card = min(masters, key=lambda c: STRENGTH[c.index])
        return card, lambda: f"{card.label} cannot be beaten now: cash the trick"
    return None


HEURISTICS = [
    Heuristic("Double with strong hearts",
              "double when your hand is rich in high hearts: they win tricks, each worth double",
              _double_with_strong_hearts),
    Heuristic("Give the Joker to your partner",
              "the Joker never wins: give its 25 points to a trick your partner will take",
              _joker_to_partner),
    Heuristic("Complete a quint", "an Ace and 4, or a 2 and 3, of a suit in one trick score a quint",
              _complete_a_quint),
    Heuristic("Take quints with the higher suits",
              "a Five or the Joker in the trick is a quint: take it with a card of a higher suit",
              _take_quints_with_higher_suits),
    Heuristic("Lead a master card", "lead a card nothing left out can beat, and cash the trick",
              _lead_a_master),
]
