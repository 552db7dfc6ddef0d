"""Rules of thumb for Guinote: declare your marriages, and save the big trumps for phase 2.

In the first four tricks nobody need follow suit, so a trump Ace or 3 spent there is spent
cheaply; once the stock is gone, following and beating are compulsory and the top trumps take
the rich tricks. Marriages (King and Queen of a suit) are worth 20, or 40 in trumps, and can be
declared only after your side wins a trick, so win one and declare. The last trick is worth 10.
"""

from __future__ import annotations

from ..cards import Card, Rank
from ..engine import Action
from ..games.guinote import POINTS, STRENGTH
from . import Heuristic, Situation


def card_points(s: Situation, card: Card) -> int:
    return POINTS.get(card.rank, 0)


def power(s: Situation, card: Card) -> int:
    return STRENGTH[card.rank] + (100 if card.suit is s.trump else 0)


def context(s: Situation):
    return s.trump


def _is_top_trump(s: Situation, card: Card) -> bool:
    return card.suit is s.trump and card.rank in (Rank.ACE, Rank.THREE)


def _marriage_cards(s: Situation) -> set[Card]:
    """Kings and Queens that make a marriage still to declare."""
    found = set()
    for card in s.hand:
        if card.rank is Rank.KING and Card(Rank.QUEEN, card.suit) in s.hand:
            found.update((card, Card(Rank.QUEEN, card.suit)))
    return found


def _declare_marriage(s: Situation):
    marriages = [a for a in s.named if a.name == "marriage"]
    if not marriages:
        return None
    best = max(marriages, key=lambda a: a.suit is s.trump)
    worth = 40 if best.suit is s.trump else 20
    return best, lambda: (f"declare the {'40' if worth == 40 else '20'}: King and Queen of "
                          f"{best.suit.plural} score {worth} now")


def _swap_seven(s: Situation):
    swap = [a for a in s.named if a.name == "swap-seven"]
    face = getattr(s.table, "face_up", None)
    if swap and face is not None and STRENGTH[face.rank] > STRENGTH[Rank.SEVEN]:
        return swap[0], lambda: f"exchange the trump 7 for the face-up {face.label}: a better trump for free"
    return None


def _top_trumps_held(s: Situation) -> str:
    """The trump Ace and 3 this seat holds, in words ("A♠ and 3♠"), or "" if neither."""
    held = [c for c in s.hand if _is_top_trump(s, c)]
    held.sort(key=lambda c: -STRENGTH[c.rank])
    return " and ".join(c.label for c in held)


def _save_top_trumps(s: Situation):
    """Phase 1: take rich tricks cheaply, and keep the trump Ace and 3 and the marriage cards.

    The reason names only the top trumps the seat holds: a seat holding neither is not told
    to keep them."""
    if getattr(s.table, "in_arrastre", True) or not s.cards:
        return None
    keep = _marriage_cards(s)
    spare = [c for c in s.cards if not _is_top_trump(s, c) and c not in keep] or \
        [c for c in s.cards if not _is_top_trump(s, c)] or s.cards
    if s.leading:
        plain = [c for c in spare if c.suit is not s.trump] or spare
        card = s.cheapest(plain)

        def lead_words() -> str:
            tops = _top_trumps_held(s)
            keep_words = f" and keep your {tops} for the second phase" if tops else ""
            return (f"in the first phase nobody need follow: lead a card worth little "
                    f"({card.label}){keep_words}")

        return card, lead_words
    if s.partner_winning():
        return None
    at_stake = s.trick_points()
    winners = [c for c in spare if s.wins_now(c)] if at_stake >= 10 else []
    if winners:
        card = s.cheapest(winners)

        def take_words() -> str:
            tops = _top_trumps_held(s)
            return f"take this trick ({at_stake} points) with {card.label}" + \
                (f", not with your {tops}" if tops else "")

        return card, take_words
    if at_stake >= 10 and s.last_to_play:
        top = [c for c in s.cards if _is_top_trump(s, c) and s.wins_now(c)]
        if top:
            card = min(top, key=lambda c: STRENGTH[c.rank])
            return card, lambda: f"a trick of {at_stake} points is worth your {card.label}"
    card = s.cheapest(spare)

    def let_go_words() -> str:
        tops = _top_trumps_held(s)
        if tops:
            return (f"let this trick go with {card.label}: save your {tops} for the second "
                    "phase, when everyone must follow")
        return f"let this trick go with {card.label}, the card worth least to you"

    return card, let_go_words


def _claim(s: Situation):
    claim = [a for a in s.named if a.name in ("claim", "tute")]
    if not claim:
        return None
    if claim[0].name == "tute":
        return claim[0], "four Kings or four Queens: declare the tute and win"
    if s.table.score[s.unit(s.seat)] >= 101:
        return claim[0], "your side has 101 or more: claim the game"
    return None


HEURISTICS = [
    Heuristic("Claim the game", "with 101 or more on the board, claim the game (a false claim loses)",
              _claim),
    Heuristic("Declare the 40", "a marriage in trumps scores 40, in another suit 20: declare it",
              _declare_marriage),
    Heuristic("Swap the 7 for the pinta", "the trump 7 buys the face-up trump when it is higher",
              _swap_seven),
    Heuristic("Save the top trumps for phase 2",
              "in the first phase spend cheap cards; the Ace and 3 of trumps win the rich tricks "
              "later, when everyone must follow",
              _save_top_trumps),
]


def declare(s: Situation, actions: list[Action]) -> Action | None:
    """Out of turn (a partner's window): declare marriages, 40 first; swap the 7 for a better pinta."""
    marriages = [a for a in actions if a.name == "marriage"]
    if marriages:
        return max(marriages, key=lambda a: a.suit is s.trump)
    face = getattr(s.table, "face_up", None)
    for action in actions:
        if action.name == "swap-seven" and face is not None and STRENGTH[face.rank] > STRENGTH[Rank.SEVEN]:
            return action
        if action.name == "tute":
            return action
        if action.name == "claim" and s.table.score[s.unit(s.seat)] >= 101:
            return action     # a false claim loses: claim only with 101 on the board
    return None
