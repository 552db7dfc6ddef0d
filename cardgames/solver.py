"""Best play with all cards shown ("double dummy"): what each legal action secures.

``solve(hand)`` takes a position in which every card is known (a real deal, or one sampled
from a view) and returns, for each legal action of the seat to move, the points its side (or,
in games played each for himself, the seat) is **sure** to add to its score from here to the
end of the hand when everybody plays perfectly from then on. Perfect play means: the side to
move maximises its own points; every other seat plays to keep those points as low as possible.
In two-sided games whose points always add to the same total (Yukon, Guinote's cards) that is
the same as each side maximising its own points. Where the total varies (Pippins Aplenty's
card values, Quinto's quints) or in individual games of three or more (Pip-Pip!), it is the
cautious reading: the points you can guarantee whatever the others do ("paranoid" search, not
max^n).

The search is exact: alpha-beta over ``hand.copy()`` + ``apply`` with a transposition table
keyed on the position (the cards in each hand, the trick, the stock, whose turn, the game's own
state such as the trump or the reaches, and the score where the game's end depends on it).
Drawing from a stock is no chance event here: the stock's order is known.

What it leaves out: out-of-turn actions (a Pip-Pip call after one's own play, a partner's
marriage in Guinote) are not searched; the lines assume nobody takes them. Named actions of the
seat to move (a marriage declared before leading, a double) are searched like cards.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .cards import Card
from .engine import Hand, Move, Phase, Trick

#: Attributes of a hand that never change what can happen from here on.
_IGNORED = frozenset({
    "players", "options", "seats", "dealer", "seed", "extra", "set_up_by_hand", "deal_args",
    "_initial", "history", "tricks", "declarations", "_legal", "_redo", "end_reason", "score",
    "eldest",
})

#: Games whose future does not depend on the points already scored (their hands always play
#: to the end): the score is left out of the position key there, so transpositions meet.
SCORE_FREE_GAMES = {"yukon", "pip_pip", "quinto"}

#: Games whose players draw from a stock after each trick (or play).
DRAWING_GAMES = {"yukon", "pip_pip", "guinote"}


def _rank_tables(game: str) -> tuple[dict, Any] | None:
    """(strength of each rank within a suit, points of a card) for games where two cards of one
    suit that touch in rank and carry the same points are interchangeable in play."""
    if game == "pip_pip":
        from .games import pip_pip

        return pip_pip.STRENGTH, pip_pip.card_points
    return None


class SolverLimit(RuntimeError):
    """The search met its node or time limit before finishing."""


@dataclass
class Solution:
    """The result of :func:`solve`.

    ``values`` maps each legal action to the points it secures for ``unit`` (a side in
    partnership games, else a seat) from this position to the end of the hand; ``best`` is an
    action with the most; ``nodes`` counts the positions searched.
    """

    unit: int
    values: dict[Move, int]
    nodes: int
    seconds: float
    partnerships: bool = False
    line: list[Move] = field(default_factory=list)

    @property
    def best(self) -> Move:
        return max(self.values, key=lambda a: self.values[a])

    @property
    def best_value(self) -> int:
        return max(self.values.values())

    def labels(self) -> dict[str, int]:
        """The values keyed by the action's text (``"JS"``, ``"double"``), for tables."""
        return {str(a): v for a, v in self.values.items()}

    def __repr__(self) -> str:
        who = f"side {self.unit}" if self.partnerships else f"seat {self.unit}"
        shown = ", ".join(f"{a}: {v}" for a, v in sorted(self.values.items(), key=lambda kv: -kv[1]))
        return f"<Solution for {who}: {shown}; {self.nodes} positions in {self.seconds:.3f} s>"


def _freeze(value: Any) -> Any:
    cls = value.__class__
    if cls is Card:
        return value.index
    if cls is list or cls is tuple:
        return tuple([v.index if v.__class__ is Card else _freeze(v) for v in value])
    if value is None or cls is int or cls is bool or cls is str or isinstance(value, Enum):
        return value
    if isinstance(value, dict):
        return tuple(sorted((_freeze(k), _freeze(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(_freeze(v) for v in value))
    if isinstance(value, Trick):
        return None
    return repr(value)


def _key_names(hand: Hand) -> list[str]:
    """The attributes of a hand that decide what can still happen (see :func:`position_key`)."""
    return [name for name in sorted(hand.__dict__)
            if name not in _IGNORED and name not in ("hands", "trick")
            and not (name in ("strength", "points") and isinstance(hand.__dict__[name], dict))]


def position_key(hand: Hand, keep_score: bool = True, names: list[str] | None = None) -> tuple:
    """A hashable picture of everything that decides the rest of the hand from here: the cards
    in each hand (as sets), the trick, and the game's own state (trump, stock, reaches...)."""
    state = hand.__dict__
    if names is None:
        names = _key_names(hand)
    parts: list[Any] = [tuple([tuple(sorted([c.index for c in h])) for h in hand.hands]),
                        tuple([(s, c.index) for s, c in hand.trick])]
    freeze = _freeze
    for name in names:
        parts.append(freeze(state.get(name)))
    if keep_score:
        parts.append(tuple(hand.score))
    return tuple(parts)


class _Search:
    def __init__(self, root: Hand, max_nodes: int | None, deadline: float | None):
        self.unit = root.side(root.controller(root.to_move))
        self.table: dict[tuple, tuple[int, int]] = {}   # position -> (lower, upper) bounds
        self.best_moves: dict[tuple, Move] = {}           # position -> the action that did best
        self.nodes = 0
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.keep_score = root.game.name not in SCORE_FREE_GAMES
        self.names = _key_names(root)
        self.rank_tables = _rank_tables(root.game.name)

    def value(self, hand: Hand, alpha: int, beta: int) -> int:
        """Points ``unit`` gains from here to the end, searched in the window (alpha, beta)."""
        if hand.to_move is None:
            return 0
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise SolverLimit(f"more than {self.max_nodes} positions")
        if self.deadline is not None and not self.nodes & 1023 and time.perf_counter() > self.deadline:
            raise SolverLimit("out of time")
        # The table is consulted between tricks only: positions meet again there, and building
        # keys in mid-trick costs more than it saves.
        key = position_key(hand, self.keep_score, self.names) if not hand.trick else None
        entry = self.table.get(key) if key is not None else None
        lower, upper = -10**9, 10**9
        if entry is not None:
            lower, upper = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            alpha = max(alpha, lower)
            beta = min(beta, upper)
        unit = self.unit
        maximising = hand.side(hand.controller(hand.to_move)) == unit
        a0, b0 = alpha, beta
        before = hand.score[unit]
        best = -10**9 if maximising else 10**9
        best_move = None
        for action in self.ordered(hand, self.best_moves.get(key) if key is not None else None):
            child = hand.copy()
            child.apply(action)
            v = child.score[unit] - before + self.value(child, alpha - (child.score[unit] - before),
                                                         beta - (child.score[unit] - before))
            if maximising:
                if v > best:
                    best, best_move = v, action
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best, best_move = v, action
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if key is None:
            return best
        self.best_moves[key] = best_move
        # Store what this search proved: exact, a lower bound, or an upper bound.
        if best <= a0:
            self.table[key] = (lower, min(upper, best))
        elif best >= b0:
            self.table[key] = (max(lower, best), upper)
        else:
            self.table[key] = (best, best)
        return best

    def ordered(self, hand: Hand, first: Move | None = None) -> list[Move]:
        # Identical cards (two packs) are one choice.
        actions = list(dict.fromkeys(hand.legal_actions()))
        if len(actions) > 2:
            # Try the strong and the valuable cards first, and the action that did best here
            # before: cutoffs come sooner.
            actions.sort(key=lambda a: -a.rank if isinstance(a, Card) else -100)
        if self.rank_tables is not None and len(actions) > 1:
            actions = self.distinct(hand, actions)
        if first is not None and first in actions and actions[0] != first:
            actions.remove(first)
            actions.insert(0, first)
        return actions


    def distinct(self, hand: Hand, actions: list[Move]) -> list[Move]:
        """Drop a card when the seat holds another of the same suit and points with no card
        between them left in anyone else's hand: playing either comes to the same."""
        strength, points = self.rank_tables
        mover = hand.to_move
        outside: dict[Any, set[int]] = {}
        for seat, cards in enumerate(hand.hands):
            if seat != mover:
                for c in cards:
                    outside.setdefault(c.suit, set()).add(strength[c.rank])
        kept: list[Move] = []
        last: dict[Any, Card] = {}
        for action in sorted(actions, key=lambda a: (a.suit, strength[a.rank]) if isinstance(a, Card) else (-1, 0)):
            if isinstance(action, Card):
                previous = last.get(action.suit)
                if previous is not None and points(previous) == points(action):
                    low, high = strength[previous.rank], strength[action.rank]
                    if not any(low < x < high for x in outside.get(action.suit, ())):
                        continue   # the same as ``previous`` (the lower card is kept)
                last[action.suit] = action
            kept.append(action)
        kept.sort(key=lambda a: -a.rank if isinstance(a, Card) else -100)
        return kept


def solve(hand: Hand, *, max_nodes: int | None = None, time_limit: float | None = None,
          line: bool = False) -> Solution:
    """The points each legal action secures for the side to move with best play by everyone.

    ``hand`` must have every card known (a real deal, or ``view.sample(rng)``); it is not
    changed. Raises :class:`SolverLimit` if ``max_nodes`` positions or ``time_limit`` seconds
    are not enough to finish. ``line=True`` also records one line of best play to the end.
    """
    if hand.to_move is None:
        raise ValueError("the hand is over: there is nothing to solve")
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    search = _Search(hand, max_nodes, deadline)
    unit = search.unit
    values: dict[Move, int] = {}
    for action in search.ordered(hand):
        child = hand.copy()
        child.apply(action)
        gained = child.score[unit] - hand.score[unit]
        values[action] = gained + search.value(child, -10**9, 10**9)
    solution = Solution(unit, values, search.nodes, time.perf_counter() - started, hand.partnerships)
    if line:
        solution.line = principal_line(hand, search)
    return solution


def principal_line(hand: Hand, search: "_Search") -> list[Move]:
    """One line of best play from ``hand`` to the end (read from the search's table)."""
    line: list[Move] = []
    hand = hand.copy()
    unit = search.unit
    while hand.to_move is not None:
        maximising = hand.side(hand.controller(hand.to_move)) == unit
        best_action, best_value = None, None
        for action in search.ordered(hand):
            child = hand.copy()
            child.apply(action)
            v = child.score[unit] - hand.score[unit] + search.value(child, -10**9, 10**9)
            if best_value is None or (v > best_value if maximising else v < best_value):
                best_action, best_value = action, v
        line.append(best_action)
        hand.apply(best_action)
    return line


def average_values(view: Any, samples: int = 20, seed: int = 0, **limits: Any) -> dict[Move, float]:
    """For a seat that sees only its own cards: the mean of :func:`solve`'s values over
    ``samples`` deals of the unseen cards (``view.sample``). An estimate, and an optimistic one
    (each deal is solved as if everyone saw it): a guide for the table and the notebooks."""
    import random

    rng = random.Random(seed)
    totals: dict[Move, float] = {}
    for _ in range(samples):
        solution = solve(view.sample(rng), **limits)
        for action, value in solution.values.items():
            totals[action] = totals.get(action, 0.0) + value
    return {action: total / samples for action, total in totals.items()}


def best_action(hand: Hand, **limits: Any) -> Move:
    """The action that secures most for the side to move (see :func:`solve`)."""
    return solve(hand, **limits).best


def last_tricks_position(hand: Hand, tricks: int, rng=None) -> Hand:
    """Play ``hand`` at random until at most ``tricks`` tricks remain, at the start of a trick
    (for benchmarks and notebooks: a position to solve). In the games that draw from a stock
    the tricks still to be drawn for count too. ``hand`` is not changed."""
    import random

    rng = rng or random.Random(0)
    draws = hand.game.name in DRAWING_GAMES
    position = hand.copy()
    while position.to_move is not None and not (
            position.phase is Phase.PLAY and not position.trick
            and max(len(h) for h in position.hands)
            + (position.stock_size // position.seats if draws else 0) <= tricks):
        position.apply(rng.choice(position.legal_actions()))
    return position
