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
Drawing from a stock is no chance event here: the stock's order is known. A seat with one
legal action plays it without a node of its own.

Where the search may assume more about a game's cards (:class:`CardFacts`; Pip-Pip!, where
the paranoid search grows fastest with the table), it also uses what those facts prove, never
changing a value: two small cards of a suit with no card between them left elsewhere are one
choice; positions are named by the order of the cards still in play, so that they meet more
often; every position has bounds (nobody loses points; nobody gains more than is left; a trick
the unit can no longer take gives its cards away; a trick it is sure to take, and its cards
that nobody can beat once the trump can no longer change, count for it); the last two tricks
are searched on lists of cards; and the actions are tried in a trick-aware order (the cards
after which the trick goes the mover's way first).

What it leaves out: out-of-turn actions (a Pip-Pip call after one's own play, a partner's
marriage in Guinote) are not searched; the lines assume nobody takes them. Named actions of the
seat to move (a marriage declared before leading, a double) are searched like cards.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable

from .cards import ALL_CARDS, Card, Rank
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


@dataclass(frozen=True)
class CardFacts:
    """What the search may assume about a game's cards, where its rules allow it.

    ``strength`` ranks the cards within a suit: whether a card beats another depends on their
    suits and, within one suit, on that strength alone (the trump beats another suit whatever
    the ranks). ``points`` is what a card counts in a trick. A card without points must matter
    only through its suit and that strength: then two such cards of one suit with no other card
    between them still in play are interchangeable, and a position may name each by its order
    among the cards still in play (a 3 and a 5 with the 4s gone are "the two lowest"). ``most``
    bounds the points a seat can still add (the cards still in play and the calls it can still
    make); ``fixed`` tells whether the trump can no longer change but by that seat's own call.
    The last trick scores its cards (``trick_points``) and nothing else, its winner leads the
    next, and what a seat may play to a trick depends on its hand and the card led alone.
    """

    strength: dict[Rank, int]
    points: Callable[[Card], int]
    most: Callable[[Hand, int], int]
    fixed: Callable[[Hand, int], bool]


def _pip_pip_most(hand: Hand, seat: int) -> int:
    """Pip-Pip!: every card point still in play, and 50 for each King and Queen of one suit the
    seat may still pair (a card once paired cannot be paired again)."""
    from .games import pip_pip

    points = pip_pip.card_points
    stock = hand.stock if hand.stock_size else []
    total = sum([points(c) for h in hand.hands for c in h]) + \
        sum([points(c) for _, c in hand.trick])
    mine = hand.hands[seat] + stock
    kings = [c for c in mine if c.rank is Rank.KING]
    if kings:
        total += sum([points(c) for c in stock])
        paired = hand.exposed(seat)
        for king in dict.fromkeys(kings):
            queen = pip_pip.QUEEN[king.suit]
            pairs = min(kings.count(king) - paired.count(king),
                        mine.count(queen) - paired.count(queen))
            total += pip_pip.CALL_POINTS * max(pairs, 0)
    elif stock:
        total += sum([points(c) for c in stock])
    return total


def _pip_pip_fixed(hand: Hand, seat: int) -> bool:
    """Pip-Pip!: no call waiting to change the trump, no stock to draw from, and no other seat
    holding a King and Queen of one suit it may still call."""
    from .games import pip_pip

    if hand.stock_size or getattr(hand, "next_trump", None) is not None:
        return False
    for other, cards in enumerate(hand.hands):
        if other != seat:
            paired = hand.exposed(other)
            for king in dict.fromkeys(c for c in cards if c.rank is Rank.KING):
                queen = pip_pip.QUEEN[king.suit]
                if cards.count(king) > paired.count(king) and \
                        cards.count(queen) > paired.count(queen):
                    return False
    return True


def card_facts(game: str) -> CardFacts | None:
    """The :class:`CardFacts` of a game, or None where the search assumes nothing."""
    if game == "pip_pip":
        # Only suit and rank decide a trick, and only the called King and Queen have a use
        # beyond their rank and points (both carry points).
        from .games import pip_pip

        return CardFacts(pip_pip.STRENGTH, pip_pip.card_points, _pip_pip_most, _pip_pip_fixed)
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


#: Values that are their own key.
_ATOMS = frozenset({int, bool, str, type(None)})


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
        self.facts = card_facts(root.game.name)
        if self.facts is not None:
            # By card index: suit and strength (16 * suit + strength), and the card's own name
            # if it carries points (else 0).
            strength, points = self.facts.strength, self.facts.points
            self.rank_in_suit = [16 * c.suit + strength[c.rank] if c.suit is not None else 0
                                 for c in ALL_CARDS]
            self.tag = [c.index + 1 if c.suit is not None and points(c) else 0 for c in ALL_CARDS]
            # Nobody else can change the trump from the start: nor later (cards only leave the
            # hands), except by what waits for a lead (never in mid-trick).
            self.calm = self.facts.fixed(root, self.unit)

    def value(self, hand: Hand, alpha: int, beta: int) -> int:
        """Points ``unit`` gains from here to the end, searched in the window (alpha, beta):
        exact if it falls inside, else a bound on the side of the window it fell. ``hand`` is
        the caller's own copy: the search plays on in it."""
        if hand.to_move is None:
            return 0
        unit = self.unit
        start = hand.score[unit]
        # A seat with a single choice makes it here, without a node of its own.
        while True:
            if self.facts is not None and hand.trick and len(hand.hands[hand.to_move]) <= 2:
                gained = hand.score[unit] - start
                return gained + self.finish(hand, alpha - gained, beta - gained)
            actions = hand.legal_actions()
            if len(actions) != 1:
                break
            hand.apply(actions[0])
            if hand.to_move is None:
                return hand.score[unit] - start
        gained = hand.score[unit] - start
        alpha -= gained
        beta -= gained
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise SolverLimit(f"more than {self.max_nodes} positions")
        if self.deadline is not None and not self.nodes & 1023 and time.perf_counter() > self.deadline:
            raise SolverLimit("out of time")
        # The table is consulted between tricks only: positions meet again there, and building
        # keys in mid-trick costs more than it saves.
        key = self.key(hand) if not hand.trick else None
        entry = self.table.get(key) if key is not None else None
        lower, upper = -10**9, 10**9
        if entry is not None:
            lower, upper = entry
        elif self.facts is not None:
            if key is not None:
                # Nobody loses points, and nobody gains more than is left to win.
                lower, upper = self.sure(hand, hand.hands[unit]), self.facts.most(hand, unit)
            else:
                lower, upper = self.settled(hand)
        if lower >= beta or lower == upper:
            return gained + lower
        if upper <= alpha:
            return gained + upper
        alpha = max(alpha, lower)
        beta = min(beta, upper)
        maximising = hand.side(hand.controller(hand.to_move)) == unit
        a0, b0 = alpha, beta
        before = hand.score[unit]
        best = -10**9 if maximising else 10**9
        best_move = None
        actions = self.ordered(hand, self.best_moves.get(key) if key is not None else None)
        last = len(actions) - 1
        for i, action in enumerate(actions):
            child = hand.copy() if i < last else hand   # the last one plays on in ours
            child.apply(action)
            now = child.score[unit] - before
            v = now + self.value(child, alpha - now, beta - now)
            if maximising:
                if v > best:
                    best, best_move = v, action
                    if best > alpha:
                        alpha = best
            elif v < best:
                best, best_move = v, action
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if key is not None:
            self.best_moves[key] = best_move
            # Store what this search proved: exact, a lower bound, or an upper bound.
            if best <= a0:
                self.table[key] = (lower, min(upper, best))
            elif best >= b0:
                self.table[key] = (max(lower, best), upper)
            else:
                self.table[key] = (best, best)
        return gained + best

    def settled(self, hand: Hand) -> tuple[int, int]:
        """Bounds on what ``unit`` gains from here, in mid-trick (with :class:`CardFacts`).

        A trick the unit cannot take (its card, played or to come, cannot beat the winning one)
        gives away its cards. A trick the unit takes for sure (its card wins and nobody else to
        play can beat it) is its own; it then leads, one by one, its cards that nobody can beat,
        each taking a card from every other hand (at least the ones with the fewest points)."""
        unit, trick, hands = self.unit, hand.trick, hand.hands
        points, winning = self.facts.points, hand.trick_winner

        def beats(plays: list[tuple[int, Card]], seat: int, card: Card) -> bool:
            plays = plays + [(seat, card)]
            return plays[winning(plays)][0] == seat

        played = {seat for seat, _ in trick}
        to_come = [seat for seat in range(hand.seats) if seat not in played and seat != unit]
        in_trick = sum([points(c) for _, c in trick])
        if unit in played:
            if trick[winning(trick)][0] != unit:
                lost = in_trick + sum([min([points(c) for c in hands[seat]]) for seat in to_come])
                return self.sure(hand, hands[unit]), self.facts.most(hand, unit) - lost
            if any(beats(trick, seat, card) for seat, card in self.strongest(hand, to_come)):
                return 0, 10**9
            least = in_trick + self.cashed(hand, hands[unit], to_come)
            return least, self.facts.most(hand, unit)
        mine = hand.playable(unit)
        winners = [card for card in mine if beats(trick, unit, card)]
        if not winners:
            lost = in_trick + sum([min([points(c) for c in hands[seat]]) for seat in to_come]) \
                + min([points(c) for c in mine])
            later = [card for card in hands[unit] if card not in mine]   # kept for later
            return self.sure(hand, later), self.facts.most(hand, unit) - lost
        least = 0
        threats = self.strongest(hand, to_come)
        for card in winners:
            plays = trick + [(unit, card)]
            if not any(beats(plays, seat, c) for seat, c in threats):
                rest = list(hands[unit])
                rest.remove(card)
                least = max(least, in_trick + points(card) + self.cashed(hand, rest, to_come))
        return least, 10**9

    def sure(self, hand: Hand, cards: list[Card]) -> int:
        """The least the unit takes with those of ``cards`` (its own, for the tricks after the
        one under way) that win whatever is led and played after them, once the trump can no
        longer change: each takes a trick, and a card from every other hand."""
        if not (self.calm and hand.trick) and not self.facts.fixed(hand, self.unit):
            return 0
        unit, winning = self.unit, hand.trick_winner
        others = [seat for seat in range(hand.seats) if seat != unit]
        threats = self.strongest(hand, others)
        count, least = 0, 0
        for card in cards:
            if all(winning([(unit, card), threat]) == 0 and winning([threat, (unit, card)]) == 1
                   for threat in threats):
                count += 1
                least += self.facts.points(card)
        if count:
            points = self.facts.points
            for seat in others:
                least += sum(sorted([points(c) for c in hand.hands[seat]])[:count])
        return least

    def strongest(self, hand: Hand, seats: list[int]) -> list[tuple[int, Card]]:
        """The strongest card of each suit in the hands of ``seats``, with a seat holding it:
        if none of them can beat a card, no card of theirs can (see :class:`CardFacts`)."""
        strength = self.facts.strength
        best: dict[Any, tuple[int, Card]] = {}
        for seat in seats:
            for card in hand.hands[seat]:
                held = best.get(card.suit)
                if held is None or strength[card.rank] > strength[held[1].rank]:
                    best[card.suit] = (seat, card)
        return list(best.values())

    def cashed(self, hand: Hand, cards: list[Card], to_come: list[int]) -> int:
        """The least the unit takes by leading, one by one, those of ``cards`` nobody else can
        beat, once it has won the trick under way (``to_come``: the seats yet to play to it,
        whose card then comes to the unit too)."""
        points, winning = self.facts.points, hand.trick_winner
        others = [seat for seat in range(hand.seats) if seat != self.unit]
        threats = self.strongest(hand, others)
        top = []
        for card in cards:
            lead = [(self.unit, card)]
            if all(winning(lead + [threat]) == 0 for threat in threats):
                top.append(card)
        least = sum([points(c) for c in top])
        for seat in others:
            taken = len(top) + (seat in to_come)
            least += sum(sorted([points(c) for c in hand.hands[seat]])[:taken])
        return least

    def finish(self, hand: Hand, alpha: int, beta: int) -> int:
        """What ``unit`` gains from the trick under way and the last one, if one is left after
        it (with :class:`CardFacts`): the choices left to the seats still to play to this trick
        are searched on lists of cards, and the last trick, all of whose cards are then forced,
        is counted without being played."""
        unit, side, seats = self.unit, hand.side, hand.seats
        winning, scoring, hands = hand.trick_winner, hand.trick_points, hand.hands
        order: list[int] = []
        seat = hand.to_move
        while len(hand.trick) + len(order) < seats:
            order.append(seat)
            seat = hand.next_seat(seat)
        options = [list(dict.fromkeys(hand.playable(seat))) for seat in order]
        mine = [side(hand.controller(seat)) == unit for seat in order]

        # After this trick: the card each seat keeps for the last one, if any (a seat still to
        # play keeps the card it does not play), and the seats in order from each leader.
        kept = {seat: cards[0] for seat, cards in enumerate(hands) if seat not in order and cards}
        other = [{cards[0]: cards[-1], cards[-1]: cards[0]} if len(cards) == 2 else None
                 for cards in (hands[seat] for seat in order)]
        rounds = []
        for first in range(seats):
            seat, round_ = first, []
            for _ in range(seats):
                round_.append(seat)
                seat = hand.next_seat(seat)
            rounds.append(round_)

        def taken(plays: list[tuple[int, Card]]) -> tuple[int, int]:
            """The points the unit takes in a whole trick, and the trick's winner."""
            winner = plays[winning(plays)][0]
            return (scoring(plays, winner) if side(winner) == unit else 0), winner

        def search(i: int, plays: list[tuple[int, Card]], alpha: int, beta: int) -> int:
            if i == len(order):
                gain, winner = taken(plays)
                if kept or other[0] is not None:
                    left = dict(kept)
                    for j, (seat, card) in enumerate(plays[-len(order):]):
                        left[seat] = other[j][card]
                    gain += taken([(seat, left[seat]) for seat in rounds[winner]])[0]
                return gain
            self.nodes += 1
            seat, maximising = order[i], mine[i]
            best = -10**9 if maximising else 10**9
            for card in options[i]:
                v = search(i + 1, plays + [(seat, card)], alpha, beta)
                if maximising:
                    best = max(best, v)
                    alpha = max(alpha, best)
                else:
                    best = min(best, v)
                    beta = min(beta, best)
                if alpha >= beta:
                    break
            return best

        return search(0, list(hand.trick), alpha, beta)

    def key(self, hand: Hand) -> tuple:
        """The position between tricks as the table knows it (see :func:`position_key`). With
        the game's :class:`CardFacts`, a card is named by its suit and its order among the cards
        of that suit still in play (and a card with points by its own name too), so that
        positions differing only in which small cards have gone meet."""
        if self.facts is None:
            return position_key(hand, self.keep_score, self.names)
        hands, rank, tag = hand.hands, self.rank_in_suit, self.tag
        stock = hand.stock if hand.stock_size else []
        dense: dict[int, int] = {}
        suit, n = -1, 0
        for k in sorted({rank[c.index] for h in hands for c in h} | {rank[c.index] for c in stock}):
            if k >> 4 != suit:
                suit, n = k >> 4, 0
            dense[k] = ((k >> 4 << 4) + n) << 6
            n += 1

        def name(c: Card) -> int:
            return dense[rank[c.index]] + tag[c.index]

        state = hand.__dict__
        parts: list[Any] = [tuple([tuple(sorted([name(c) for c in h])) for h in hand.hands]),
                            tuple([name(c) for c in stock])]
        for attribute in self.names:
            if attribute != "_stock":
                value = state.get(attribute)
                parts.append(value if value.__class__ in _ATOMS else _freeze(value))
        if self.keep_score:
            parts.append(tuple(hand.score))
        return tuple(parts)

    def ordered(self, hand: Hand, first: Move | None = None, same: dict[Move, Move] | None = None
                ) -> list[Move]:
        """The actions worth searching, the most promising first (``same``: see distinct)."""
        # Identical cards (two packs) are one choice.
        actions = list(dict.fromkeys(hand.legal_actions()))
        if len(actions) > 1:
            if self.facts is None:
                # Try the strong cards first: cutoffs come sooner.
                actions.sort(key=lambda a: -a.rank if isinstance(a, Card) else -100)
            else:
                actions = self.promising_first(hand, self.distinct(hand, actions, same))
        if first is not None and first in actions and actions[0] != first:
            actions.remove(first)
            actions.insert(0, first)
        return actions

    def distinct(self, hand: Hand, actions: list[Move], same: dict[Move, Move] | None = None
                 ) -> list[Move]:
        """Drop a card without points when the seat holds another of the same suit without
        points and no card from the one to the other (ends included) is in the trick, the stock
        or another hand: playing either comes to the same. ``same`` receives each dropped card
        with the card kept for it."""
        strength, points = self.facts.strength, self.facts.points
        plain = [a.suit for a in actions if a.__class__ is Card and not points(a)]
        if len(plain) == len(set(plain)):
            return actions     # no two cards without points in one suit
        mover = hand.to_move
        others: dict[Any, list[int]] = {}
        elsewhere = [c for seat, cards in enumerate(hand.hands) if seat != mover for c in cards]
        for c in elsewhere + [c for _, c in hand.trick] + hand.stock:
            others.setdefault(c.suit, []).append(strength[c.rank])
        kept: list[Move] = []
        last: dict[Any, Card] = {}
        for action in sorted(actions, key=lambda a: (a.suit, strength[a.rank]) if isinstance(a, Card) else (-1, 0)):
            if isinstance(action, Card) and not points(action):
                lower = last.get(action.suit)
                if lower is not None:
                    low, high = strength[lower.rank], strength[action.rank]
                    if not any(low <= x <= high for x in others.get(action.suit, ())):
                        if same is not None:
                            same[action] = lower
                        continue   # the same as the lower card, which is kept
                last[action.suit] = action
            kept.append(action)
        return kept

    def promising_first(self, hand: Hand, actions: list[Move]) -> list[Move]:
        """Cutoffs come sooner when the best action is tried first. Calls score at once: first.
        A lead: the strongest card. Following: first the cards after which the trick goes the
        mover's way (to the unit, or away from it for everyone else); if the unit is still to
        play, the stronger the card then winning the better; else the more points the better
        (to take them, or to throw them where the unit cannot get them), and the weaker the
        card the better (a strong card may win a later trick). Last, the cheapest losers."""
        strength, points = self.facts.strength, self.facts.points
        unit, mover, trick, side = self.unit, hand.to_move, hand.trick, hand.side
        ours = side(hand.controller(mover)) == unit
        trump = getattr(hand, "trump", None)

        def force(card: Card) -> int:
            return strength[card.rank] + (100 if card.suit is trump else 0)

        played = {seat for seat, _ in trick}
        unit_to_come = any(side(seat) == unit for seat in range(hand.seats)
                           if seat != mover and seat not in played)

        def promise(action: Move) -> tuple:
            if not isinstance(action, Card):
                return (-1, 0, 0)
            if not trick:
                return (0, -force(action), points(action))
            plays = trick + [(mover, action)]
            winner, card = plays[hand.trick_winner(plays)]
            good = (side(winner) == unit) == ours
            if not good:
                return (2, points(action), strength[action.rank])
            if unit_to_come:
                return (1, -force(card), points(action))
            return (1, -points(action), strength[action.rank])

        return sorted(actions, key=promise)


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
    same: dict[Move, Move] = {}
    found: dict[Move, int] = {}
    for action in search.ordered(hand, same=same):
        child = hand.copy()
        child.apply(action)
        gained = child.score[unit] - hand.score[unit]
        found[action] = gained + search.value(child, -10**9, 10**9)
    # A card that comes to the same as another is worth the same.
    values = {action: found[same.get(action, action)]
              for action in dict.fromkeys(hand.legal_actions())}
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
