"""Cards, suits, ranks and the decks the five games use.

One notation everywhere, for input and output: rank ``2..9 T J Q K A`` (``10`` is accepted for
the ten), suit ``S H D C`` (``♠ ♥ ♦ ♣`` accepted), so ``TH``, ``10H`` and ``10♥`` are all the ten
of hearts; the Joker is ``JK``. Text is case-insensitive.

Cards are small immutable values, created once: ``Card.parse("TH") is Card.parse("10♥")``.
Two packs shuffled together (Pip-Pip!) simply hold the same card twice.
"""

from __future__ import annotations

import random
from enum import IntEnum
from operator import attrgetter
from typing import Iterable, MutableSequence, TypeVar

from .limits import quote as _quote

T = TypeVar("T")


class NotationError(ValueError):
    """Text that is not a card, with what was wrong and what is allowed."""


class Suit(IntEnum):
    """The four suits, in the order of the notation ``S H D C``."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def singular(self) -> str:
        return ("spade", "heart", "diamond", "club")[self]

    @property
    def plural(self) -> str:
        return ("spades", "hearts", "diamonds", "clubs")[self]

    def __str__(self) -> str:
        return self.letter

    def __bool__(self) -> bool:
        # Spades are 0 only as an index: ``if trump:`` must not treat them as "no trump".
        return True

    @classmethod
    def parse(cls, text: "str | Suit") -> "Suit":
        """A suit from ``S H D C``, ``♠ ♥ ♦ ♣`` or its English name (singular or plural)."""
        if isinstance(text, Suit):
            return text
        key = str(text).strip().lower()
        found = _SUIT_TEXT.get(key)
        if found is None:
            raise NotationError(
                f"{_quote(text)} is not a suit: use S, H, D or C (or ♠ ♥ ♦ ♣, or the suit's name)"
            )
        return found


SUITS: tuple[Suit, ...] = tuple(Suit)
"""The four suits in order, ``S H D C`` (looping over this tuple is 15 times faster than over the
enum)."""

_SUIT_TEXT: dict[str, Suit] = {}
for _suit in Suit:
    for _key in (_suit.letter, _suit.symbol, _suit.singular, _suit.plural, _suit.symbol + "\ufe0f"):
        _SUIT_TEXT[_key.lower()] = _suit
_SUIT_TEXT.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})


class Rank(IntEnum):
    """Ranks 2 to Ace by their usual face value; each game keeps its own order in a table."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self]

    @property
    def label(self) -> str:
        """How the rank is printed for people: ``10`` for the ten, else the letter."""
        return "10" if self is Rank.TEN else self.letter

    @property
    def noun(self) -> str:
        return _RANK_NOUNS[self]

    def __str__(self) -> str:
        return self.letter


_RANK_LETTERS = {r: l for r, l in zip(Rank, "23456789TJQKA")} | {Rank.JOKER: "JK"}
_RANK_NOUNS = {
    Rank.TWO: "two", Rank.THREE: "three", Rank.FOUR: "four", Rank.FIVE: "five",
    Rank.SIX: "six", Rank.SEVEN: "seven", Rank.EIGHT: "eight", Rank.NINE: "nine",
    Rank.TEN: "ten", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king",
    Rank.ACE: "ace", Rank.JOKER: "Joker",
}
_RANK_TEXT = {r.letter.lower(): r for r in Rank if r is not Rank.JOKER} | {"10": Rank.TEN}


class Card:
    """A playing card: a rank and a suit (the Joker has no suit).

    Cards are created once and shared, so ``is`` and ``==`` agree and cards are cheap to keep
    in lists. ``index`` numbers the 53 distinct cards 0..52 for lookup tables.
    """

    __slots__ = ("rank", "suit", "index", "_text", "_label")

    rank: Rank
    suit: Suit | None
    index: int

    def __new__(cls, rank: Rank | int, suit: Suit | int | None = None) -> "Card":
        try:
            return _CARDS[(int(rank), None if suit is None else int(suit))]
        except (KeyError, ValueError, TypeError):
            raise NotationError(f"no card has rank {rank!r} and suit {suit!r}") from None

    @classmethod
    def _make(cls, rank: Rank, suit: Suit | None, index: int) -> "Card":
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "_text", "JK" if suit is None else rank.letter + suit.letter)
        object.__setattr__(card, "_label", "Joker" if suit is None else rank.label + suit.symbol)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self):
        return (Card.parse, (self._text,))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: dict) -> "Card":
        return self

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card('{self._text}')"

    # Equal cards are the same object, so cards compare by identity, and they define no order
    # of their own: each game ranks cards its own way (``sort_cards`` gives the notation's
    # order). A class with a rich comparison of its own compares through Python even for
    # ``==``; without one, ``list.remove`` and ``in`` on a hand (at every card played) compare
    # in C, several times faster.

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def label(self) -> str:
        """The card for people, with its suit symbol: ``10♥``, ``J♠``, ``Joker``."""
        return self._label

    @property
    def name(self) -> str:
        """The card in words, for screen readers: ``ten of hearts``."""
        if self.suit is None:
            return "the Joker"
        return f"{self.rank.noun} of {self.suit.plural}"

    @classmethod
    def parse(cls, text: "str | Card") -> "Card":
        """A card from its notation: ``TH``, ``10H``, ``10♥``, ``t♥``, ``JK`` (the Joker)."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise NotationError(f"a card is written as text such as 'TH' or '10♥', not {_quote(text)}")
        key = text.strip()
        card = _PARSED.get(key) or _PARSED.get(key.upper())
        if card is not None:
            return card
        return _parse_slowly(text)

    def _repr_html_(self) -> str:
        from . import render

        return render.card_html(self)


def _parse_slowly(text: str) -> Card:
    """Parse a card the long way, to say exactly what is wrong with the text."""
    key = text.strip().replace("\ufe0f", "")
    if not key:
        raise NotationError("empty text is not a card: write rank then suit, e.g. 'TH' or '10♥'")
    if key.lower() in ("jk", "joker"):
        return JOKER
    suit_text, rank_text = key[-1], key[:-1]
    rank = _RANK_TEXT.get(rank_text.lower())
    try:
        suit = Suit.parse(suit_text)
    except NotationError:
        suit = None
    if rank is None or suit is None:
        problems = []
        if rank is None:
            problems.append(f"{_quote(rank_text or '(nothing)')} is not a rank (2-9, T or 10, J, Q, K, A)")
        if suit is None:
            problems.append(f"{suit_text!r} is not a suit (S, H, D, C or ♠ ♥ ♦ ♣)")
        raise NotationError(
            f"{_quote(text)} is not a card: " + "; ".join(problems)
            + ". Write rank then suit, e.g. 'TH', '10H' or '10♥'; the Joker is 'JK'."
        )
    return Card(rank, suit)


_CARDS: dict[tuple[int, int | None], Card] = {}
for _s in Suit:
    for _r in list(Rank)[:-1]:
        _CARDS[(int(_r), int(_s))] = Card._make(_r, _s, _s * 13 + (_r - 2))
JOKER = Card._make(Rank.JOKER, None, 52)
_CARDS[(int(Rank.JOKER), None)] = JOKER

ALL_CARDS: tuple[Card, ...] = tuple(sorted(_CARDS.values(), key=lambda c: c.index))
"""The 53 distinct cards, by index (spades 2..A, hearts, diamonds, clubs, then the Joker)."""

_PARSED: dict[str, Card] = {}
for _c in ALL_CARDS:
    if _c.suit is None:
        _PARSED.update({"JK": _c, "JOKER": _c})
        continue
    for _rank_text in {_c.rank.letter, _c.rank.label}:
        for _suit_text in (_c.suit.letter, _c.suit.symbol):
            _PARSED[_rank_text + _suit_text] = _c


def parse_cards(text: "str | Iterable[str | Card]") -> list[Card]:
    """Cards from text separated by spaces or commas (``"AS 10H jk"``) or from a list."""
    if isinstance(text, str):
        items = text.replace(",", " ").split()
    else:
        items = list(text)
    return [Card.parse(item) for item in items]


_by_index = attrgetter("index")


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """The cards in the notation's order: spades 2..A, hearts, diamonds, clubs, the Joker last."""
    return sorted(cards, key=_by_index)


def card_sort_key(card: Card) -> tuple[int, int]:
    """How a hand is laid out for people: by suit (the Joker last), then by rank."""
    return (4 if card.suit is None else int(card.suit), int(card.rank))


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in the notation, separated by spaces: the inverse of :func:`parse_cards`."""
    return " ".join(str(card) for card in cards)


# Decks -----------------------------------------------------------------------------------

STANDARD_DECK: tuple[Card, ...] = ALL_CARDS[:52]
"""The 52-card pack."""

DECK_WITH_JOKER: tuple[Card, ...] = ALL_CARDS
"""The 52-card pack plus the Joker (Quinto's 53 cards)."""

DOUBLE_DECK: tuple[Card, ...] = STANDARD_DECK + STANDARD_DECK
"""Two 52-card packs shuffled together (Pip-Pip!): every card twice."""

FORTY_CARD_DECK: tuple[Card, ...] = tuple(
    c for c in STANDARD_DECK if c.rank not in (Rank.EIGHT, Rank.NINE, Rank.TEN)
)
"""The 52-card pack without 8s, 9s and 10s (Guinote's French adaptation)."""


_BIT_LENGTH = [n.bit_length() for n in range(2 * 52 + 1)]


def shuffle(cards: MutableSequence[T], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does: the same order from the
    same generator, which is left in the same state, so seeded deals stay the same.

    It draws from ``rng.getrandbits`` itself, by the same rejection as ``Random._randbelow``,
    instead of calling that method once a card: a deal's shuffle takes half the time. A test
    compares the two, so a Python that shuffled differently would be noticed.
    """
    getrandbits = rng.getrandbits
    size = len(cards)
    bits = _BIT_LENGTH if size < len(_BIT_LENGTH) else [n.bit_length() for n in range(size + 1)]
    for i in range(size - 1, 0, -1):
        n = i + 1                          # pick j uniformly from 0..i, by rejection
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def deck_without(deck: Iterable[Card], removed: Iterable[Card]) -> tuple[Card, ...]:
    """A deck with the given cards taken out once each (e.g. Yukon's 2s for three players)."""
    cards = list(deck)
    for card in removed:
        cards.remove(card)
    return tuple(cards)
