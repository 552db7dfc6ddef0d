"""Computer players. Each sees only what its seat may see: a :class:`~cardgames.view.SeatView`
(a read-only window on the live hand, given by :func:`step`) or a :class:`~cardgames.view.View`
(a copy, ``hand.view(seat)``, as the table's hint button gives); both answer the same questions.

The interface every player keeps:

``choose(view) -> action``
    The action to take when the seat is to move (one of ``view.legal_actions()``).
``declare(view, actions) -> action or None``
    Whether to take one of the out-of-turn actions open to the seat now (a Pip-Pip call after
    its own play, a partner's marriage); ``None`` lets the moment pass.
``advise(view) -> Advice``
    The action it would choose and why, in words (the table's hint button).

``make_player(kind, seed, **settings)`` builds one by name (``PLAYER_KINDS``):

``"random"`` (:class:`RandomPlayer`)
    Uniform over the legal actions, from its own seeded generator.
``"rule-of-thumb"`` (:class:`RuleOfThumbPlayer`)
    The first of a game's short named rules of thumb that applies (``cardgames.heuristics``);
    its ``advise`` names the rule and gives the reason, for the table's hint button.
``"search"`` (:class:`SearchPlayer`, settings ``iterations=1000``, ``time_limit=1.0``,
``rollout="rules"``, ``epsilon`` the game's :data:`PLAYOUT_EPSILON`, ``win_weight`` the
game's :data:`WIN_WEIGHT`)
    Information-set Monte Carlo tree search over deals of the unseen cards, each played out by
    the rules of thumb, valuing a line by the hands it wins as well as by its points.

``step(hand, players)`` lets them act once (out-of-turn declarations first, then the seat to
move, through ``hand.controller``: Quinto's dummy is played by its declarer) and
``play_hand(hand, players)`` plays to the end. A player is only ever given its seat's view:
``SeatView(hand, seat)``, so a decision costs no copy of the hand unless the player asks for
one (``view.sample``, as the search player does).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from . import heuristics
from .cards import Card, Suit
from .engine import DRAWS_AFTER_PLAY, DRAWS_AFTER_TRICK, DRAWS_NEVER, Action, Hand, Move, Phase
from .view import SeatView, View


@dataclass(frozen=True)
class Advice:
    """A suggested action and the reason for it, in words a learner can apply at the table."""

    action: Move
    reason: str
    rule: str = ""   # the name of the rule of thumb followed, if any

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"


class Player(Protocol):
    name: str

    def choose(self, view: View) -> Move: ...

    def declare(self, view: View, actions: list[Action]) -> Action | None: ...

    def advise(self, view: View) -> Advice: ...


class RandomPlayer:
    """Uniformly random over the legal actions; takes an open declaration half the time."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        return self.rng.choice(view.legal_actions())

    def declare(self, view: View, actions: list[Action]) -> Action | None:
        if actions and self.rng.random() < 0.5:
            return self.rng.choice(actions)
        return None

    def advise(self, view: View) -> Advice:
        return Advice(self.choose(view), "chosen at random among the legal actions")


class RuleOfThumbPlayer:
    """Plays by short named rules of thumb (``cardgames.heuristics``), the first that applies.

    ``advise(view)`` says which rule it followed and why, in words a learner can apply at the
    table. Games without rules of their own get the generic ones (win cheaply, throw the lowest).
    """

    name = "rule-of-thumb"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self._rng: random.Random | None = None

    @property
    def rng(self) -> random.Random:
        """Its own generator, seeded with ``seed`` (made when first asked for: the rules of
        thumb seldom need chance)."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    def _get_rng(self) -> random.Random:
        """How the rules get the generator: they call this only if a rule needs chance."""
        return self.rng

    def advise(self, view: View | SeatView) -> Advice:
        action, reason, rule = heuristics.advise(view, self._get_rng)
        return Advice(action, reason, rule)

    def choose(self, view: View | SeatView) -> Move:
        return heuristics.choose(view, self._get_rng)

    def declare(self, view: View | SeatView, actions: list[Action]) -> Action | None:
        return heuristics.declare(view, actions, self._get_rng)


#: How often a search playout makes a random move instead of the rules of thumb, by game. In
#: Yukon the rules of thumb alone guided the search better (benchmarks/README.md: 300 deals,
#: margin about +10 a hand against +4 with 0.1); elsewhere 0.1 did as well or better.
DEFAULT_PLAYOUT_EPSILON = 0.1
PLAYOUT_EPSILON: dict[str, float] = {"yukon": 0.0}

#: How much a search line is valued by ending the hand ahead of every other side (the rest by
#: points), by game. In Pip-Pip!, each for himself at six seats, being ahead of all five others
#: is rare and points guided the search better (benchmarks/README.md: it outscored the rules of
#: thumb in its seat in 58.3% of 400 deals, +8.1 a hand, against 55.8% of 200, +5.3, with 0.5);
#: with two sides 0.5 won more hands than points alone.
DEFAULT_WIN_WEIGHT = 0.5
WIN_WEIGHT: dict[str, float] = {"pip_pip": 0.0}


class _Node:
    """A node of the search tree: statistics of the action that led to it."""

    __slots__ = ("children", "visits", "total", "wins", "avail", "unit")

    def __init__(self, unit: int):
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.total = 0.0       # the margins gained, summed
        self.wins = 0.0        # the hands won (+1), tied (0) or lost (-1), summed
        self.avail = 0
        self.unit = unit


class SearchPlayer:
    """Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

    Each iteration deals the cards this seat has not seen at random (``view.sample``), walks
    one shared tree of actions by UCB (counting how often each action was available), plays the
    rest of the hand out, and credits every action on the path with what its side (or seat)
    made of the hand: the margin it gained (its points minus the average of the others', from
    this move to the end of the hand, scaled by the largest margin seen) weighted ``1 -
    win_weight``, and whether it ended the hand ahead of every other side (+1), level (0) or
    behind (-1) weighted ``win_weight`` (by default the game's :data:`WIN_WEIGHT`: 0.5, 0 in
    Pip-Pip!). The benchmark counts hands won, and a point more or less in a hand already won or
    lost counts for nothing there: ``win_weight=0`` values points alone. It plays the most
    visited action. It never looks at hidden cards: all it gets is the seat's view.

    ``rollout="rules"`` (the default) plays the rest of each sampled deal by the rules of thumb,
    every seat on its own sampled cards (a guess, not the real hidden cards), with a random legal
    action instead at rate ``epsilon`` (by default the game's :data:`PLAYOUT_EPSILON`: 0.1, 0 in
    Yukon); ``rollout="random"`` plays it out at random (about three
    times as many playouts a second, but a much weaker guide: see ``benchmarks/README.md``).
    ``iterations`` bounds the playouts per decision, ``time_limit`` (seconds) the thinking
    time, whichever comes first. Out-of-turn declarations (Pip-Pip calls, partners' marriages)
    follow the rules of thumb, and the simulated players take every one offered (declaring
    scores). The deals it samples respect what a seat has shown it lacks by a play the rules
    would not have allowed had it held the card (:func:`revealed_limits`: a suit not followed,
    not for Quinto's Joker; in Yukon a Yukon not played; in Guinote's arrastre a card not beaten
    or not trumped; where the seats draw, a void holds only for the cards drawn before it);
    ``use_voids=False`` turns that off.
    """

    name = "search"

    def __init__(self, seed: int | None = None, iterations: int = 1000,
                 time_limit: float | None = 1.0, exploration: float = 0.7, use_voids: bool = True,
                 rollout: str = "rules", epsilon: float | None = None,
                 win_weight: float | None = None):
        if rollout not in ("rules", "random"):
            raise ValueError(f"rollout is 'rules' or 'random', not {rollout!r}")
        if win_weight is not None and not 0.0 <= win_weight <= 1.0:
            raise ValueError(f"win_weight is between 0 (points alone) and 1 (hands won alone), "
                             f"or None (the game's own), not {win_weight!r}")
        if epsilon is not None and not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon is a rate between 0 and 1 (or None: the game's own), "
                             f"not {epsilon!r}")
        self.rng = random.Random(seed)
        self.rollout = rollout
        self.epsilon = epsilon
        self.win_weight = win_weight
        self.use_voids = use_voids
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.last_stats: dict[Move, tuple[int, float]] = {}
        #: for each action searched last, the share of its playouts its side ended ahead of
        #: every other (ties half)
        self.last_ahead: dict[Move, float] = {}
        self._rules = RuleOfThumbPlayer(None if seed is None else seed + 7919)

    def declare(self, view: View, actions: list[Action]) -> Action | None:
        return self._rules.declare(view, actions)

    def choose(self, view: View) -> Move:
        return self._search(view)[0]

    def advise(self, view: View) -> Advice:
        action, visits, margin, runs = self._search(view)
        if not runs:
            return Advice(action, f"{action} is the only legal action", "search")
        ahead = self.last_ahead.get(action)
        ending = "" if ahead is None else \
            f", and ending the hand ahead of them in {ahead:.0%} of those tries (ties half)"
        return Advice(action, f"searched {runs} random deals of the unseen cards: {action} was "
                              f"tried most ({visits} times), gaining {margin:+.1f} points on "
                              f"average over the others{ending}", "search")

    def _search(self, view: View) -> tuple[Move, int, float, int]:
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to decide now")
        if len(legal) == 1:
            self.last_stats = {legal[0]: (0, 0.0)}
            self.last_ahead = {}
            return legal[0], 0, 0.0, 0
        rng = self.rng
        sample = view.sample
        choice = rng.choice
        log, sqrt = math.log, math.sqrt
        c = self.exploration
        root = _Node(-1)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        scale = 1.0
        runs = 0
        limits = revealed_limits(view) if self.use_voids else {}
        if limits:
            sample = limited_sampler(view, limits)
        probe = sample(rng)
        start_score = list(probe.score)
        units = len(start_score)
        open_calls = probe.has_open_actions
        guided = self.rollout == "rules"
        epsilon = self.epsilon
        if epsilon is None:
            epsilon = PLAYOUT_EPSILON.get(view.hand_class.game.name, DEFAULT_PLAYOUT_EPSILON)
        w_win = self.win_weight
        if w_win is None:
            w_win = WIN_WEIGHT.get(view.hand_class.game.name, DEFAULT_WIN_WEIGHT)
        w_margin = 1.0 - w_win
        for runs in range(1, self.iterations + 1):
            state = sample(rng)
            node = root
            path = []
            while state.to_move is not None:
                actions = state.legal_actions()
                children = node.children
                untried = []
                best, best_value = None, -1e300
                for action in actions:
                    child = children.get(action)
                    if child is None:
                        untried.append(action)
                        continue
                    child.avail += 1
                    if not untried:
                        value = ((w_margin * child.total / scale + w_win * child.wins) / child.visits
                                 + c * sqrt(log(child.avail) / child.visits))
                        if value > best_value:
                            best, best_value = child, value
                            best_action = action
                if untried:
                    action = choice(untried)
                    child = _Node(state.side(state.to_move))
                    child.avail = 1
                    children[action] = child
                    path.append(child)
                    state.apply(action)
                    if open_calls:
                        _take_open_actions(state)
                    break
                path.append(best)
                node = best
                state.apply(best_action)
                if open_calls:
                    _take_open_actions(state)
            # Play the rest of the hand out: by the rules of thumb (they may read the sampled
            # cards, which are a guess, not the real hidden ones), or at random.
            if guided:
                _guided_playout(state, rng, epsilon, open_calls)
            else:
                while state.to_move is not None:
                    state.apply(choice(state.legal_actions()))
                    if open_calls:
                        _take_open_actions(state)
            gains = [state.score[u] - start_score[u] for u in range(units)]
            total = sum(gains)
            if units > 1:
                margins = [g - (total - g) / (units - 1) for g in gains]
            else:
                margins = gains
            biggest = max(abs(m) for m in margins)
            if biggest > scale:
                scale = biggest
            final = state.score
            outcome = []
            for u in range(units):
                other = max(final[v] for v in range(units) if v != u) if units > 1 else final[u]
                outcome.append((final[u] > other) - (final[u] < other))
            for child in path:
                child.visits += 1
                child.total += margins[child.unit]
                child.wins += outcome[child.unit]
            if deadline is not None and time.perf_counter() > deadline:
                break
        stats = {a: (n.visits, n.total / n.visits if n.visits else 0.0)
                 for a, n in root.children.items() if a in legal}
        self.last_stats = stats
        self.last_ahead = {a: (1.0 + n.wins / n.visits) / 2 for a, n in root.children.items()
                           if a in legal and n.visits}
        action = max(stats, key=lambda a: (stats[a][0], stats[a][1]))
        return action, stats[action][0], stats[action][1], runs


# What the others have shown they lack ------------------------------------------------------------

#: A kind of card a seat can show it lacks: a suit, or what a game adds (Yukon's Yukons).
Kind = Suit | str


def _drawing_rounds(view: View) -> int:
    """How many tricks are followed by draws in this hand (0 where the seats never draw): the
    stock as dealt, a card for each seat a round (cards left over, as Pip-Pip!'s dead ones, are
    never drawn)."""
    if view.hand_class.draws == DRAWS_NEVER:
        return 0
    return view.stock_dealt // len(view.hands)


def revealed_limits(view: View) -> dict[int, dict[Kind, int]]:
    """The most cards of each kind another seat can hold now, from what its plays showed it
    lacked (each game's ``lacks_shown``: in every game a card that does not follow suit where
    following is compulsory, not Quinto's Joker, not in Guinote's first phase; in Yukon the
    Yukons as well, since a seat that cannot follow must play one; in Guinote's arrastre a trump,
    or one above the winning trump, where one had to be played, and a card of the suit led above
    the winning card where it had to be beaten).

    Where the seats draw (each game's ``draws``: Yukon after each trick, Pip-Pip! after each
    play), the seat may have
    drawn cards of that kind since: it holds at most as many as it has drawn since, less those
    of that kind it has played since. A void is a limit of 0.
    """
    lacks_shown, is_kind = view.hand_class.lacks_shown, view.hand_class.is_kind
    draws = view.hand_class.draws
    options, trump, partnerships = view.options, view.trump, view.partnerships
    rounds = _drawing_rounds(view)
    finished = len(view.tricks)
    plays = [(t.number, t.cards) for t in view.tricks]
    if view.trick:
        plays.append((finished + 1, list(view.trick)))
    limits: dict[int, dict[Kind, int]] = {}
    for k, (number, cards) in enumerate(plays):
        if not cards:
            continue
        for i in range(1, len(cards)):
            seat, card = cards[i]
            if seat == view.seat:
                continue
            lacked = lacks_shown(options, cards[:i], seat, card, number <= rounds, trump,
                                 partnerships)
            if not lacked:
                continue
            later = [c for _, trick in plays[k + 1:] for s, c in trick if s == seat]
            if draws == DRAWS_AFTER_TRICK:     # the whole table, after tricks 1..rounds
                drawn = max(0, min(rounds, finished) - number + 1)
            elif draws == DRAWS_AFTER_PLAY:    # each player after his own play in them
                drawn = sum(1 for n, trick in plays[k:] if n <= rounds
                            for s, _ in trick if s == seat)
            else:
                drawn = 0
            mine = limits.setdefault(seat, {})
            for kind in lacked:
                most = drawn - sum(1 for c in later if is_kind(options, c, kind))
                mine[kind] = min(mine.get(kind, most), max(0, most))
    return limits


def revealed_voids(view: View) -> dict[int, set[Suit]]:
    """The suits each other seat is known to hold no card of now (:func:`revealed_limits` at 0)."""
    voids = {seat: {k for k, most in kinds.items() if most == 0 and isinstance(k, Suit)}
             for seat, kinds in revealed_limits(view).items()}
    return {seat: suits for seat, suits in voids.items() if suits}


def consistent_sample(view: View, rng: random.Random,
                      limits: dict[int, dict[Kind, int]] | dict[int, set[Suit]] | None = None) -> Hand:
    """``view.sample(rng)``, then hidden cards swapped between the other seats' hands and the
    stock until no seat holds more cards of a kind than it can (``limits``, as from
    :func:`revealed_limits`; a set of suits is a void in each); a deal the swaps cannot mend is
    dealt afresh, up to :data:`RESAMPLES` times."""
    if not limits:
        return view.sample(rng)
    return limited_sampler(view, limits)(rng)


#: How often :func:`limited_sampler` deals afresh when swaps leave a deal over a limit.
RESAMPLES = 20


def limited_sampler(view: View, limits: dict[int, dict[Kind, int]] | dict[int, set[Suit]]
                    ) -> Callable[[random.Random], Hand]:
    """:func:`consistent_sample` for one view and its limits, with what every sample needs
    (each unseen card's kinds, the hidden places) worked out once."""
    is_kind, options = view.hand_class.is_kind, view.options
    most = {seat: ({k: 0 for k in kinds} if isinstance(kinds, (set, frozenset)) else dict(kinds))
            for seat, kinds in limits.items()}
    every_kind = {k for kinds in most.values() for k in kinds}
    kinds_of = {card: tuple(k for k in every_kind if is_kind(options, card, k))
                for card in set(view.unseen) | {c for h in view.hands for c in h if c is not None}}
    places = view.hidden_places()
    own = {seat: [i for s, i in places if s == seat] for seat in most}
    elsewhere = {seat: [(s, i) for s, i in places if s != seat] for seat in most}

    def sample(rng: random.Random) -> Hand:
        # Swaps between two places cannot untangle every deal (three seats may need a card
        # passed round), so a deal they leave over a limit is dealt afresh, a few times at most.
        for _ in range(RESAMPLES):
            hand, consistent = swapped_into_limits(rng)
            if consistent:
                break
        hand._legal = None
        return hand

    def swapped_into_limits(rng: random.Random) -> tuple[Hand, bool]:
        hand = view.sample(rng)
        hands, stock = hand.hands, hand._stock

        def count(seat: int) -> dict[Kind, int]:
            held = dict.fromkeys(most[seat], 0)
            for card in hands[seat]:
                for k in kinds_of[card]:
                    if k in held:
                        held[k] += 1
            return held

        held = {seat: count(seat) for seat in most}

        def room(seat: int | None, coming: Card, going: Card) -> bool:
            """May ``seat`` take ``coming`` for ``going`` without holding too many of a kind?"""
            if seat is None or seat not in most:
                return True
            out, limit, have = kinds_of[going], most[seat], held[seat]
            return all(have[k] < limit[k] for k in kinds_of[coming] if k in limit and k not in out)

        for seat, limit in most.items():
            mine = hands[seat]
            order = own[seat][:]
            rng.shuffle(order)
            for i in order:
                card = mine[i]
                over = [k for k in kinds_of[card] if k in limit and held[seat][k] > limit[k]]
                if not over:
                    continue
                options = []
                for t, j in elsewhere[seat]:
                    other = stock[j] if t is None else hands[t][j]
                    if not any(k in over for k in kinds_of[other]) and room(seat, other, card) \
                            and room(t, card, other):
                        options.append((t, j))
                if not options:
                    continue
                t, j = rng.choice(options)
                cards = stock if t is None else hands[t]
                mine[i], cards[j] = cards[j], card
                held[seat] = count(seat)
                if t in held:
                    held[t] = count(t)
        return hand, all(held[seat][k] <= limit for seat, kinds in most.items()
                          for k, limit in kinds.items())

    return sample


def _guided_playout(state: Hand, rng: random.Random, epsilon: float, open_calls: bool) -> None:
    """Play a sampled deal to its end: each seat follows the rules of thumb on its own sampled
    cards (through a :class:`SeatView` of the sampled deal), except that with probability
    ``epsilon`` it plays a random legal action instead (so the playouts vary)."""
    choose = heuristics.choose
    rand = rng.random
    choice = rng.choice
    while True:
        mover = state.to_move
        if mover is None:
            return
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        elif rand() < epsilon:
            action = choice(legal)
        else:
            action = choose(SeatView(state, state.controller(mover)), rng)
        state.apply(action)
        if open_calls:
            _take_open_actions(state)


def _take_open_actions(state: Hand) -> None:
    """In a simulated deal, every seat takes the out-of-turn declarations offered to it (calls
    and marriages score); a claim is made only where it is true, and only once."""
    while state.to_move is not None:
        found = state.open_actions_by_seat()
        taken = False
        for seat, actions in found.items():
            for action in actions:
                if action.name == "claim" and state.score[state.side(seat)] < 101:
                    continue
                state.apply(action, seat)
                taken = True
                break
            if taken:
                break
        if not taken:
            return


PLAYER_KINDS: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer,
    "rule-of-thumb": RuleOfThumbPlayer,
    "search": SearchPlayer,
}


def make_player(kind: str, seed: int | None = None, **settings: Any) -> Player:
    """A computer player by name (see ``PLAYER_KINDS``); ``settings`` go to its constructor,
    e.g. ``make_player("search", 1, iterations=500, time_limit=0.5)``."""
    try:
        factory = PLAYER_KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown player {kind!r}; players are: {', '.join(PLAYER_KINDS)}") from None
    return factory(seed, **settings)


def step(hand: Hand, players: "dict[int, Player] | list[Player]") -> bool:
    """Let computer players act once: first any seat with an open declaration it wants to make,
    then the seat to move. Returns False when nothing was done (the hand is over, or the seat to
    move has no player). Each player is given its seat's view (a :class:`SeatView`)."""
    return _step(hand, players if isinstance(players, dict) else dict(enumerate(players)))


def _step(hand: Hand, seats: "dict[int, Player]") -> bool:
    if hand.phase is Phase.OVER:
        return False
    if hand.has_open_actions:
        for seat, actions in hand.open_actions_by_seat().items():
            player = seats.get(seat)
            if player is not None:
                chosen = player.declare(SeatView(hand, seat), actions)
                if chosen is not None:
                    hand.apply(chosen, seat)
                    return True
    mover = hand.to_move
    if mover is None:
        return False
    decider = hand.controller(mover)
    player = seats.get(decider)
    if player is None:
        return False
    hand.apply(player.choose(SeatView(hand, decider)))
    return True


def play_hand(hand: Hand, players: "dict[int, Player] | list[Player]") -> Hand:
    """Play the hand to its end with the given players (every seat needs one)."""
    seats = players if isinstance(players, dict) else dict(enumerate(players))
    while _step(hand, seats):
        pass
    return hand
