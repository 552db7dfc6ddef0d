"""Rules of thumb for Yukon: Yukons are your trumps, and every trick is worth what is in it.

The Jacks ("Yukons") beat every other card, the J♠ beats them all, and the first Yukon played
wins among the others. Points lie in the tens (10), the Yukons (10, the J♠ 15), Aces (5),
Kings (3) and Queens (2). So: keep the Yukons for tricks worth points, take a rich trick with
the Grand Yukon, and do not lead a Yukon into a trick nobody has put points in.
"""

from __future__ import annotations

from ..cards import Card, Rank, Suit, sort_cards
from . import Heuristic, Situation

GRAND_YUKON = Card(Rank.JACK, Suit.SPADES)


def _strength(s: Situation) -> dict[Rank, int]:
    """The ranks' order in a suit (it changes with the options); empty if unknown."""
    strength = s.memo.get("strength")
    if strength is None:
        strength = s.memo["strength"] = getattr(s.table, "strength", None) or {}
    return strength


def card_points(s: Situation, card: Card) -> int:
    """The game's own points (they change with the Gold-digger variant)."""
    return s.table.card_points(card)


def context(s: Situation):
    """All a card's points and power depend on: the variant and the Aces' place."""
    options = s.table.options
    return options.get("variant"), options.get("aces_low")


def power(s: Situation, card: Card) -> int:
    if card.rank is Rank.JACK:
        return 200 if card.suit is Suit.SPADES else 100
    strength = _strength(s)
    return strength[card.rank] if strength else int(card.rank)


def _is_yukon(card: Card) -> bool:
    return card.rank is Rank.JACK


def _grand_yukon_for_a_rich_trick(s: Situation):
    if s.leading or s.partner_winning() or GRAND_YUKON not in s.cards:
        return None
    if s.trick_points() >= 10:
        return GRAND_YUKON
    return None


def _keep_yukons(s: Situation):
    """Forced to play a Yukon, or free to choose: spend the least valuable card that does the job."""
    if s.leading:
        return None
    yukons = [c for c in s.cards if _is_yukon(c)]
    if not yukons:
        return None
    others = [c for c in s.cards if not _is_yukon(c)]
    at_stake = s.trick_points()
    if others and at_stake < 10:
        return s.cheapest(others)
    if not others:
        # A Yukon must be played (void in the suit led): the plain Yukon before the Grand one,
        # unless a Yukon already lies in the trick and only the Grand Yukon beats it.
        plain = [c for c in yukons if c is not GRAND_YUKON]
        if plain and not (GRAND_YUKON in yukons and not s.partner_winning()
                          and any(_is_yukon(c) for _, c in s.trick) and at_stake >= 10):
            return s.cheapest(plain), ("you must play a Yukon: play a plain one and keep the "
                                       "Grand Yukon for a richer trick")
        return None
    return None


def _no_yukon_lead(s: Situation):
    if not s.leading:
        return None
    plain = [c for c in s.cards if not _is_yukon(c)]
    if not plain or len(plain) == len(s.cards):
        return None
    groups = s.by_suit(plain)
    suit = max(groups, key=lambda k: (len(groups[k]), -min(power(s, c) for c in groups[k])))
    return s.cheapest(groups[suit])


TENS = {suit: Card(Rank.TEN, suit) for suit in Suit}


def _ace_then_tens(s: Situation):
    """Leading with an Ace of a suit whose ten is still out draws points to your trick."""
    if not s.leading:
        return None
    aces = [card for card in s.cards if card.rank is Rank.ACE]
    if not aces or _strength(s).get(Rank.ACE, 0) <= 9:
        return None                      # (with Aces low an Ace draws nothing)
    seen = set(s.seen_cards())
    for card in sort_cards(aces):   # (the same Ace whatever the order in hand)
        ten = TENS[card.suit]
        if ten not in seen and ten not in s.hand:
            return card
    return None


HEURISTICS = [
    Heuristic("Grand Yukon for a rich trick",
              "the J♠ beats everything: use it to take a trick that already holds 10 points or more",
              _grand_yukon_for_a_rich_trick),
    Heuristic("Keep Yukons for tricks worth points",
              "a Yukon is worth 10 itself and wins almost any trick: do not spend one on a trick "
              "worth little",
              _keep_yukons),
    Heuristic("Lead an Ace to catch a ten",
              "leading an Ace whose ten is still out may pull the ten (10 points) into your trick",
              _ace_then_tens),
    Heuristic("Do not lead Yukons",
              "lead a plain card: a Yukon led into an empty trick wins little and is gone",
              _no_yukon_lead),
]
