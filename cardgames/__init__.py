"""cardgames: five traditional trick-taking games to learn by playing them.

Quinto, Yukon, Pip-Pip!, Guinote and Pippins Aplenty, on one shared rules engine::

    import cardgames as cg

    hand = cg.deal("yukon", seed=7)          # a shuffled deal, repeatable from its seed
    hand.legal_actions()                     # what the seat to move may do
    hand.apply("JS")                         # play; an illegal card raises cg.IllegalAction
    hand.explain_trick()                     # the last trick in words
    text = hand.to_json(); cg.load(text)     # records that replay through the rules

The engine is pure Python with no dependencies; the ipywidgets table lives in
``cardgames.widgets`` and is imported only when asked for.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from .cards import (
    ALL_CARDS, JOKER, Card, NotationError, Rank, Suit, format_cards, parse_cards, sort_cards,
)
from .engine import (
    Action, Declaration, Game, Hand, IllegalAction, LegalActions, Match, OptionError, Phase,
    SetupError, Trick,
)
from .analysis import simulate
from .games import GAMES, get_game
from .record import RecordError, load
from .review import Review, ReviewError, review
from .hand_diagram import hand_diagram

__version__ = "0.1.0"

__all__ = [
    "ALL_CARDS", "JOKER", "Action", "Card", "Declaration", "GAMES", "Game", "Hand",
    "IllegalAction", "LegalActions", "Match", "NotationError", "OptionError", "Phase", "Rank",
    "RecordError", "Review", "ReviewError", "SetupError", "Suit", "Trick", "deal", "format_cards",
    "get_game", "hand_diagram", "load", "match", "parse_cards", "review", "simulate", "sort_cards",
]


def deal(game: "str | Game", seed: int | None = None, *,
         hands: Sequence[Iterable[Card | str]] | None = None,
         stock: Iterable[Card | str] | None = None, players: int | None = None,
         dealer: int | None = None, **options: Any) -> Hand:
    """Deal a hand of ``game``: shuffled from ``seed``, or set up from ``hands`` and ``stock``.

    ``players`` is the player count; every other keyword is one of the game's options
    (``cg.GAMES[name].options`` lists them with their meanings). ``stock`` lists the undealt
    cards in drawing order, the first drawn first.
    """
    return get_game(game).deal(seed, hands=hands, stock=stock, players=players, dealer=dealer,
                               **options)


def match(game: "str | Game", seed: int | None = None, *, players: int | None = None,
          target: int | None = None, scores: Sequence[int] | None = None, **options: Any) -> Match:
    """A match of ``game``: hand after hand until a side or player reaches the target."""
    return get_game(game).match(seed, players=players, target=target, scores=scores, **options)
