"""The packs a table can show: the French-suited pack, and Guinote's Spanish pack (baraja española).

The engine speaks one notation (``KH`` is the king of hearts, ``7♥`` its label) for every game.
A :class:`Pack` is how people see and name the cards at a table: its faces (the sprite of
:mod:`cardgames.card_faces` or :mod:`cardgames.spanish_faces`) and its words. The table applies
:meth:`Pack.words` once, at its edge, to every sentence it shows (a refusal from the engine, a
hint, the story, the score sheet), so that no game module writes two sets of names.

The Spanish pack maps Guinote's French description onto the 40 Spanish cards (docs/RULES.md,
"Guinote with the Spanish pack"): King → rey, Queen → sota, Jack → caballo, Ace → as, and the
suits diamonds → oros, hearts → copas, spades → espadas, clubs → bastos. In Guiñote the sota
ranks above the caballo and marries the rey (RULES.md §4.1, mapping note: S3's Queen is the
sota, its Jack the caballo; Tute's order, caballo above sota, is not Guiñote's). Its cards are
named in an English sentence with the Spanish words, which a learner reads at once: "the 7 of
oros", "the rey of copas", "East plays as of espadas". Ranks and points do not change: the as
counts 11, the 3 (tres) 10, the rey 4, the sota 3, the caballo 2.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from .cards import Card, NotationError, Rank, Suit
from .engine import SetupError
from .limits import quote

__all__ = ["Pack", "PackError", "CardNameError", "FRENCH", "SPANISH", "PACKS", "get_pack",
           "pack_for"]


class PackError(SetupError):
    """A pack that does not exist, or that the game is not played with (a deal the table
    refuses, as the rules refuse impossible cards)."""


class CardNameError(NotationError):
    """A card typed in a pack's words that names no card of the pack ("reina of copas")."""


_SUITS_FRENCH = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
                 Suit.CLUBS: "clubs"}
_SUITS_SPANISH = {Suit.SPADES: "espadas", Suit.HEARTS: "copas", Suit.DIAMONDS: "oros",
                  Suit.CLUBS: "bastos"}
_SUITS_SPANISH_ONE = {Suit.SPADES: "espada", Suit.HEARTS: "copa", Suit.DIAMONDS: "oro",
                      Suit.CLUBS: "basto"}
#: The court cards and the ace in Spanish, one and several.
_RANKS_SPANISH = {Rank.KING: ("rey", "reyes"), Rank.QUEEN: ("sota", "sotas"),
                  Rank.JACK: ("caballo", "caballos"), Rank.ACE: ("as", "ases")}
#: The number a Spanish pack prints in the corner of each card.
SPANISH_INDEX = {Rank.ACE: 1, Rank.TWO: 2, Rank.THREE: 3, Rank.FOUR: 4, Rank.FIVE: 5,
                 Rank.SIX: 6, Rank.SEVEN: 7, Rank.QUEEN: 10, Rank.JACK: 11, Rank.KING: 12}

_LABEL = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9TJQKA])([♠♥♦♣])")
_LABEL_RUN = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9TJQKA])[♠♥♦♣](?: (?:10|[2-9TJQKA])[♠♥♦♣])+")
_SIGN_NAMED = re.compile(r"[♠♥♦♣]\ufe0f?\s+(?=(?:spades|hearts|diamonds|clubs)\b)", re.IGNORECASE)
_SYMBOL = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}
_RANK_OF = {"10": Rank.TEN, "T": Rank.TEN, **{r.letter: r for r in Rank if r is not Rank.JOKER}}


_SPRITES: dict[str, str] = {}


def _listed(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1]


def _same_case(word: str, like: str) -> str:
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


@dataclass(frozen=True)
class Pack:
    """One pack's faces and words. ``key`` is its name in links and calls (``faces="spanish"``);
    ``games`` the games played with it (None: every game)."""

    key: str
    title: str
    suit_names: dict[Suit, str]
    games: frozenset[str] | None = None
    rank_names: dict[Rank, tuple[str, str]] = field(default_factory=dict)
    suit_names_one: dict[Suit, str] = field(default_factory=dict)
    button: str = ""            # its name on a switch: "Spanish pack"

    @property
    def is_french(self) -> bool:
        return not self.rank_names

    def suit_word(self, suit: Suit) -> str:
        """The suit as the pack names it: ``hearts``, ``copas``."""
        return self.suit_names[suit]

    def rank_word(self, rank: Rank) -> str:
        """The rank as a card's name says it: ``king``, ``rey``, ``7``."""
        if self.is_french:
            return rank.noun
        return self.rank_names[rank][0] if rank in self.rank_names else rank.label

    def name(self, card: "Card | str") -> str:
        """The card in words, for sentences and screen readers: ``king of hearts``,
        ``rey of copas``, ``7 of oros``."""
        card = Card.parse(card)
        if self.is_french or card.suit is None:
            return card.name
        return f"{self.rank_word(card.rank)} of {self.suit_word(card.suit)}"

    def short(self, card: "Card | str") -> str:
        """The card in few characters, as its corner shows it: ``K♥``; on the Spanish pack the
        number it prints and the suit, ``12 copas`` (no French suit sign)."""
        card = Card.parse(card)
        if self.is_french or card.suit is None:
            return card.label
        number = SPANISH_INDEX.get(card.rank, card.rank.label)
        return f"{number} {self.suit_word(card.suit)}"

    def words(self, text: str) -> str:
        """A sentence written with the French pack's names (``7♥``, ``King``, ``hearts``) in this
        pack's names. The French pack leaves it as it is; rewriting twice changes nothing."""
        if self.is_french or not text:
            return text
        return _spanish_words(self, text)

    def looks_named(self, text: str) -> bool:
        """The text names a card in this pack's own words (``rey of copas``, ``7 de oros``), not
        in the notation: a Spanish suit's or court card's word is in it."""
        if self.is_french:
            return False
        words = set(re.findall(r"[a-záéíóúñ]+", text.lower()))
        return bool(words & _spanish_vocabulary(self))

    def parse(self, text: "str | Card") -> Card:
        """A card from its name in this pack's words: ``rey of copas``, ``7 of oros``,
        ``as de bastos``, ``sota espadas``, or the number the card prints and the suit
        (``12 copas`` is the rey); the notation (``KH``) as well. Refused in words that say what
        a name is made of."""
        if isinstance(text, Card) or self.is_french:
            return Card.parse(text)
        if not isinstance(text, str):
            raise CardNameError(f"a card is named as text such as 'rey of copas', not "
                                f"{quote(text)}")
        if not self.looks_named(text):
            return Card.parse(text)
        words = [w for w in re.findall(r"[\wáéíóúñ]+", text.lower())
                 if w not in ("of", "de", "the", "el", "la")]
        ranks = {**{one: r for r, (one, many) in self.rank_names.items()},
                 **{str(n): r for r, n in SPANISH_INDEX.items()},
                 **{str(r.value): r for r in Rank if Rank.TWO <= r <= Rank.SEVEN}}
        suits = {**{w: s for s, w in self.suit_names.items()},
                 **{w: s for s, w in self.suit_names_one.items()}}
        if len(words) == 2 and words[0] in ranks and words[1] in suits:
            card = Card(ranks[words[0]], suits[words[1]])
            if card.rank in SPANISH_INDEX:
                return card
        raise CardNameError(
            f"{quote(text)} is not a card of the {self.button}: name its rank (as, 2 to 7, "
            f"sota, caballo, rey, or the number it prints: 10, 11, 12) and its suit "
            f"({', '.join(self.suit_names.values())}), as in 'rey of copas' or '7 of oros'")

    def sprite(self) -> str:
        """The faces of this pack for the board: one hidden ``<svg>`` of symbols (drawn once;
        the same text after, so that the board's pictures, kept by the sprite's text, are made
        once per page)."""
        if self.key not in _SPRITES:
            if self.is_french:
                from .card_faces import sprite
            else:
                from .spanish_faces import sprite
            _SPRITES[self.key] = sprite()
        return _SPRITES[self.key]

    def card_svg(self, card: "Card | str", *, width: str = "4.5em",
                 four_colour: bool = False) -> str:
        """One face-up card of this pack as a standalone inline ``<svg>`` (``four_colour``: the
        French pack's four-colour suits; the Spanish pack has its own colour for each suit)."""
        if self.is_french:
            from .card_faces import card_svg

            return card_svg(card, width=width, four_colour=four_colour)
        from .spanish_faces import card_svg as spanish_card

        return spanish_card(card, width=width)

    def back_svg(self, *, width: str = "4.5em") -> str:
        """A face-down card of this pack as a standalone inline ``<svg>``."""
        if self.is_french:
            from .card_faces import back_svg
        else:
            from .spanish_faces import back_svg
        return back_svg(width=width)


FRENCH = Pack("french", "French-suited pack: hearts, spades, diamonds, clubs", _SUITS_FRENCH,
              button="French pack")
SPANISH = Pack("spanish", "Spanish pack (baraja española): oros, copas, espadas, bastos",
               _SUITS_SPANISH, games=frozenset({"guinote"}), rank_names=_RANKS_SPANISH,
               suit_names_one=_SUITS_SPANISH_ONE, button="Spanish pack")
PACKS: dict[str, Pack] = {FRENCH.key: FRENCH, SPANISH.key: SPANISH}


def get_pack(key: "str | Pack | None") -> Pack:
    """A pack by its name (``"french"``, ``"spanish"``; None is the French pack)."""
    if key is None:
        return FRENCH
    if isinstance(key, Pack):
        return key
    found = PACKS.get(str(key).strip().lower())
    if found is None:
        raise PackError(f"faces={str(key)[:20]!r} is not a pack: choose {' or '.join(PACKS)}")
    return found


def pack_for(key: "str | Pack | None", game_name: str, game_title: str | None = None) -> Pack:
    """The pack ``key`` names, checked against the game: the Spanish pack is Guinote's only."""
    pack = get_pack(key)
    if pack.games is not None and game_name not in pack.games:
        from .games import get_game

        games = ", ".join(get_game(name).title for name in sorted(pack.games))
        raise PackError(f"the {pack.key} pack is for {games} only; "
                        f"{game_title or game_name} is played with the French pack "
                        "(faces=french)")
    return pack


def _spanish_vocabulary(pack: Pack) -> set[str]:
    """The words that mark a card named in the pack's own words."""
    words = {w for pair in pack.rank_names.values() for w in pair}
    return words | set(pack.suit_names.values()) | set(pack.suit_names_one.values())


# -- rewriting sentences -----------------------------------------------------------------------


def _word_table(pack: Pack) -> tuple[re.Pattern[str], Callable[[re.Match[str]], str]]:
    replace: dict[str, str] = {}
    for rank, (one, many) in pack.rank_names.items():
        replace[rank.noun] = one
        replace[rank.noun + "s"] = many
    for suit, word in pack.suit_names.items():
        replace[_SUITS_FRENCH[suit]] = word
        replace[_SUITS_FRENCH[suit][:-1]] = pack.suit_names_one[suit]
    suit_words = {w for w in replace if w.rstrip("s") in {v[:-1] for v in _SUITS_FRENCH.values()}}
    pattern = re.compile(r"\b(" + "|".join(sorted(replace, key=len, reverse=True)) + r")\b",
                         re.IGNORECASE)

    def swap(found: re.Match[str]) -> str:
        # Spanish writes its card names in lower case ("el rey de copas"): so do these, unless
        # the word begins the text or names a suit written with a capital ("Hearts: trumps")
        word = found.group(0)
        keep_case = found.start() == 0 or word.lower() in suit_words
        return _same_case(replace[word.lower()], word) if keep_case else replace[word.lower()]
    return pattern, swap


_TABLES: dict[str, tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = {}


def _spanish_words(pack: Pack, text: str) -> str:
    if pack.key not in _TABLES:
        _TABLES[pack.key] = _word_table(pack)
    pattern, swap = _TABLES[pack.key]
    # the card labels first ("K♥"), then any suit sign left alone ("♥" → "copas"), then the
    # French names of ranks and suits in words ("King and Queen of hearts")
    # a run of labels written with spaces between ("showing K♥ Q♥") is a list in words
    text = _LABEL_RUN.sub(lambda m: _listed([pack.name(Card(_RANK_OF[r], _SYMBOL[s]))
                                             for r, s in _LABEL.findall(m.group(0))]), text)
    text = _LABEL.sub(lambda m: pack.name(Card(_RANK_OF[m.group(1)], _SYMBOL[m.group(2)])), text)
    text = _SIGN_NAMED.sub("", text)      # "♣ clubs": the word alone says it
    text = re.sub("[♠♥♦♣]\ufe0f?", lambda m: pack.suit_word(_SYMBOL[m.group(0)[0]]), text)
    text = pattern.sub(swap, text)
    return text
