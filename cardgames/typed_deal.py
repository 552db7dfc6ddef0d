"""A deal typed by hand (the New deal panel's "set a deal up by hand"): each game's own example,
what to type in words, and the rules' refusals in the form's words.

The form reads one line of cards per seat, a ``stock:`` line and setting lines such as
``trump: H`` (:func:`cardgames.table_words.parse_deal_text`). What a person needs beside it
differs by game: the seats' names (Pip-Pip! for six is Player 1 to Player 6), how many cards a
hand holds, the pack (Guinote's forty cards; the Joker only in Quinto), and a trump line where
the game cannot find its trump in the cards. :func:`guide` says all of that, with an example
made from a real deal of the game and checked to deal again from its text, so an example can
never be one the rules refuse. :func:`refusal_words` puts a refusal into the form's words: seats
by name and settings as lines (``trump: H``), never the Python a programmer would type.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any, Sequence

from .cards import Card, Rank, card_sort_key
from .engine import Game, SetupError
from .games import get_game
from .table_words import default_names, name_seats, parse_deal_text

__all__ = ["TypedDealGuide", "guide", "deal_as_text", "refusal_words"]

EXAMPLE_SEED = 7
TRUMP_LINE = "trump"


@dataclass(frozen=True)
class TypedDealGuide:
    """What to type for a deal of one game with so many players, in plain text.

    ``seats`` the seats' names, one line each; ``hand_size`` the cards a hand holds;
    ``pack`` the game's pack in words; ``extras`` the setting lines the game may need, each an
    example line and when it is needed ("trump: H", "always: no card typed shows the trumps");
    ``example`` a whole deal written as the form reads it."""

    game: str
    players: int
    seats: tuple[str, ...]
    hand_size: int
    has_stock: bool
    pack: str
    extras: tuple[tuple[str, str], ...]
    example: str

    @property
    def seat_words(self) -> str:
        """The seats in order: "North, East, South, West" or "Player 1 to Player 6"."""
        if len(self.seats) > 4 and all(s.startswith("Player ") for s in self.seats):
            return f"{self.seats[0]} to {self.seats[-1]}"
        return ", ".join(self.seats)


def deal_as_text(hand: Any, names: Sequence[str], *, stock: int | None = None,
                 trump: bool = False) -> str:
    """A dealt hand written as the form reads it: a line of cards per seat (sorted), the stock
    (its first ``stock`` cards, the first drawn first; all of it if None) and, with ``trump``,
    the trump suit's line."""
    dealt, undealt = hand.initial_deal
    lines = [f"{name}: {' '.join(str(c) for c in sorted(cards, key=card_sort_key))}"
             for name, cards in zip(names, dealt)]
    if hand.has_stock:
        kept = undealt if stock is None else undealt[:stock]
        lines.append("stock: " + " ".join(str(c) for c in kept))
    if trump:
        lines.append(f"{TRUMP_LINE}: {hand.trump.letter}")
    return "\n".join(lines)


def _deals(game: Game, players: int, text: str, names: Sequence[str]) -> bool:
    try:
        game.deal(players=players, **parse_deal_text(text, len(names), names, game.deal_keywords))
    except SetupError:
        return False
    return True


def _pack_words(game: Game, hand: Any) -> str:
    """The pack in words and how its cards are typed: "40 cards: A 2 3 4 5 6 7 J Q K of each
    suit (no 8, 9 or 10)"."""
    deck = hand.deck(hand.players, hand.options, None)
    cards = set(deck)
    copies = len(deck) // len(cards) if len(deck) % len(cards) == 0 else 1
    suited = sorted({c.rank for c in cards if c.suit is not None})
    ranks = " ".join(r.letter for r in [Rank.ACE] + [r for r in suited if r is not Rank.ACE]
                     if r in suited)
    missing = [r for r in Rank if r is not Rank.JOKER and r not in suited]
    words = f"{len(deck)} cards"
    if copies > 1:
        words += f" ({'two' if copies == 2 else copies} packs of {len(cards)})"
    words += f": {ranks} of each suit"
    if missing:
        labels = [r.label for r in missing]
        listed = labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " or " + labels[-1]
        words += f" (no {listed})"
    if Card.parse("JK") in cards:
        words += ", and the Joker, JK"
    else:
        words += "; no Joker"
    return words


@cache
def guide(game_name: str, players: int) -> TypedDealGuide:
    """What to type for a deal of ``game_name`` with ``players`` players, and an example."""
    game = get_game(game_name)
    seats = game.hand_class.seats_for(players)
    names = default_names(seats)
    hand = game.deal(EXAMPLE_SEED, players=players)
    short = players if hand.has_stock else None      # a stock of a few cards keeps it short
    example = deal_as_text(hand, names, stock=short)
    extras: list[tuple[str, str]] = []
    trump = False
    if TRUMP_LINE in game.deal_keywords:
        line = f"{TRUMP_LINE}: {hand.trump.letter}"
        if not _deals(game, players, example, names):
            trump = True
            example = deal_as_text(hand, names, stock=short, trump=True)
            extras.append((line, "always: no card typed shows the trumps"))
        elif hand.has_stock and not _deals(game, players, deal_as_text(hand, names, stock=0),
                                           names):
            extras.append((line, "only when the stock is empty: otherwise its last card "
                                 "shows the trumps"))
    if not _deals(game, players, example, names):
        example = deal_as_text(hand, names, trump=trump)
    return TypedDealGuide(game.name, players, tuple(names), len(hand.initial_deal[0][0]),
                          hand.has_stock, _pack_words(game, hand), tuple(extras), example)


#: a setting given as a Python keyword in the engine's words: trump='H', dealer=3, trump=
_KEYWORD = re.compile(r"\b([a-z_]+)=(?:'([^']*)'|\"([^\"]*)\"|(\w+))?")
#: a call a programmer would type: cg.deal('pip_pip', hands=..., trump='H')
_CALL = re.compile(r",?\s*(?:e\.g\.\s*)?\bcg\.\w+\((?:[^()]|\([^()]*\))*\)")


def refusal_words(message: str, names: Sequence[str]) -> str:
    """The rules' refusal of a typed deal in the form's words: seats by their names ("seat 2"
    is "South"), settings as the lines the form reads ("trump: H", not ``trump='H'``), and no
    call of Python."""
    def line(match: re.Match) -> str:
        value = next((v for v in match.groups()[1:] if v is not None), "")
        return f"“{match.group(1)}:{' ' + value if value else ''}”"

    text = _CALL.sub("", message)
    text = _KEYWORD.sub(line, text)
    text = re.sub(r"\s+([,.;:)])", r"\1", text).replace("()", "").strip()
    return name_seats(text, names)
