"""Every trick and every hand is a lesson: a finished hand's decisions, one seat's, weighed.

``review(hand, seat=0)`` replays a finished hand and, at each decision the seat took (a card,
a discard, a pass or double, a call, a marriage), asks what a strong player would have done
**from that seat's knowledge**: its own cards and everything public, never the hidden cards.

``review_trick(hand, seat, trick)`` weighs the decisions of one finished trick the same way
while the hand goes on (the pause after a trick); ``Review.in_trick(n)`` picks them out of a
whole hand's review.

How each decision is weighed (the ``how`` of a :class:`ReviewRow`):

``"search"`` (before the last four tricks)
    The project's search player (:class:`~cardgames.players.SearchPlayer`, ``budget``
    playouts, no time limit, seeded) chooses from the seat's view. Where it chooses otherwise,
    the two actions are played out from the same deals of the unseen cards (dealt as
    ``view.sample`` deals them, keeping the voids the others showed), every seat playing by the
    rules of thumb with the same seeds for both (common random numbers), and ``loss`` is how
    many points fewer the seat's side scored on average from here to the end of the hand.
``"solver"`` (the last four tricks, the stock drawn)
    Exact best play (:func:`cardgames.solver.solve`). Where the seat knows every card still in
    play (all the cards it cannot see lie in one other hand), the real deal is solved: that is
    what the seat could have worked out. Otherwise each of a few deals of the unseen cards is
    solved and the values are averaged: solving the real deal would grade the seat on cards it
    could not see. ``best`` is the action with the highest value (the one played where it is as
    high), ``loss`` the difference in points.
``"forced"``
    Only one action was legal.
``"declaration"``
    An out-of-turn declaration (a Pip-Pip! call after one's own play, a partner's marriage):
    it scores at once, and is listed, not weighed against waiting.

``loss`` is in the game's points. By the solver it counts the points of the seat's own side
(or of the seat, where each plays for himself), as exact best play does: the points it could
have made sure of with ``best`` and did not. By the playouts it counts them net of what the
others gain (:func:`net_gain`): the same where a hand's points always add up to the same
total, and the right measure where they do not (a double doubles both sides' tricks).
Each game's marks are a small table here (:data:`MARKS`, thresholds in its points).
``pack="spanish"`` names the cards in the words of Guinote's Spanish pack ("rey of copas").
Everything is seeded (``seed``), so the same hand, seat, budget and seed give the same review.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from html import escape
from typing import Any, Callable, Sequence

from .cards import Card
from .engine import Hand, Match, Move, Phase
from .packs import Pack, get_pack
from .table_words import seat_names, unit_names

#: Search playouts per decision, unless ``budget`` says otherwise.
DEFAULT_BUDGET = 600

#: From this many tricks left (the stock drawn), decisions are weighed by exact best play.
SOLVER_TRICKS = 4

#: Positions the solver may search for one deal before the search player weighs the decision.
SOLVER_NODES = 60_000

#: Each game's marks: the least loss (in its points) for an inaccuracy, a mistake, a blunder.
#: Quinto: a trick is 5 and a quint 5 to 25; Yukon: a Ten or a Yukon 10; Pip-Pip!: an Ace 10,
#: a call 50; Guinote: an Ace 11, a marriage 20 or 40; Pippins Aplenty: a trick 1 and a card
#: up to 8, a hand some 130 in all.
MARKS: dict[str, tuple[float, float, float]] = {
    "quinto": (5, 10, 20),
    "yukon": (4, 8, 15),
    "pip_pip": (4, 10, 25),
    "guinote": (4, 10, 20),
    "pippins_aplenty": (3, 6, 12),
}
MARK_NAMES = ("inaccuracy", "mistake", "blunder")


class ReviewError(ValueError):
    """A review that cannot be made: an unfinished hand, a seat or budget out of range."""


@dataclass(frozen=True)
class ReviewRow:
    """One decision of the reviewed seat.

    ``number`` counts the seat's decisions from 1; ``trick`` is the trick it belonged to (from
    1); ``action_index`` how many actions of the hand came before it (replaying that many
    reproduces the position); ``played`` and ``best`` the actions (equal where the review
    agrees); ``loss`` the points the seat's side is expected to lose by ``played`` against
    ``best`` (≥ 0); ``mark`` "", "inaccuracy", "mistake" or "blunder"; ``words`` why, in plain
    words; ``how`` what weighed it ("search", "solver", "forced", "declaration").
    """

    number: int
    trick: int
    seat: int
    action_index: int
    played: Move
    best: Move
    loss: float
    mark: str
    words: str
    how: str = "search"


class Review:
    """The review of one seat's decisions in one finished hand (see :func:`review`)."""

    def __init__(self, hand: Hand, seat: int, rows: Sequence[ReviewRow], budget: int, seed: int,
                 names: Sequence[str] | None = None, pack: "Pack | str | None" = None):
        self.hand = hand
        self.pack = get_pack(pack)
        self.game = hand.game.name
        self.seat = seat
        self.names = seat_names(hand, names)
        self.seat_name = self.names[seat]
        self.rows: tuple[ReviewRow, ...] = tuple(rows)
        self.budget = budget
        self.seed = seed

    @property
    def total_loss(self) -> float:
        return sum(row.loss for row in self.rows)

    def in_trick(self, trick: int) -> list[ReviewRow]:
        """The rows of one trick (from 1): what the board shows at that trick's pause."""
        return [row for row in self.rows if row.trick == trick]

    def marked(self, mark: str) -> list[ReviewRow]:
        """The rows with this mark ("inaccuracy", "mistake", "blunder")."""
        return [row for row in self.rows if row.mark == mark]

    @property
    def summary(self) -> str:
        """The review in a line: "2 mistakes, 1 blunder: 35 points lost"."""
        plurals = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
        parts = []
        for mark in MARK_NAMES:
            count = len(self.marked(mark))
            if count:
                parts.append(f"{count} {mark if count == 1 else plurals[mark]}")
        lost = round(self.total_loss)
        points = f"{lost} point{'' if lost == 1 else 's'} lost"
        if not parts:
            return f"No mistakes: {points}" if lost else "No mistakes: no points lost"
        return f"{', '.join(parts)}: {points}"

    def records(self) -> list[dict[str, Any]]:
        """The rows as plain JSON values, for a board's state (no pandas): the actions in the
        record's notation (``played``, ``best``) and for people (``played_words``...)."""
        return [{"number": row.number, "trick": row.trick, "seat": row.seat,
                 "seat_name": self.names[row.seat], "action_index": row.action_index,
                 "played": str(row.played), "played_words": self._said(row.played),
                 "best": str(row.best), "best_words": self._said(row.best),
                 "loss": round(row.loss, 1), "mark": row.mark, "words": row.words,
                 "how": row.how} for row in self.rows]

    def to_frame(self):
        """The rows as a pandas DataFrame (the seat by its name, the actions as text)."""
        import pandas as pd

        return pd.DataFrame([{
            "Decision": row.number, "Trick": row.trick, "Seat": self.names[row.seat],
            "Action index": row.action_index, "Played": self._said(row.played),
            "Best": self._said(row.best), "Loss": round(row.loss, 1), "Mark": row.mark,
            "Words": row.words, "Weighed by": row.how} for row in self.rows],
            columns=["Decision", "Trick", "Seat", "Action index", "Played", "Best", "Loss",
                     "Mark", "Words", "Weighed by"])

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{h}</th>" for h in ("#", "Trick", "Played", "Best", "Loss", "Mark", "Why"))
        body = "".join(
            f"<tr><td>{row.number}</td><td>{row.trick}</td><td>{escape(self._said(row.played))}</td>"
            f"<td>{escape(self._said(row.best))}</td><td>{row.loss:.1f}</td>"
            f"<td>{escape(row.mark)}</td><td>{escape(row.words)}</td></tr>" for row in self.rows)
        title = escape(f"{self.hand.game.title}: {self.seat_name}'s decisions. {self.summary}")
        return (f'<div class="cg-review"><b>{title}</b><table><thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table></div>")

    def _said(self, move: Move) -> str:
        """An action in words, its cards named in the review's pack."""
        return self.pack.words(_text(self.hand, move))

    def __repr__(self) -> str:
        return f"<Review of {self.seat_name} in {self.hand.game.title}: {self.summary}>"


# Input ------------------------------------------------------------------------------------------


def finished_hand(subject: "Hand | Match | str | bytes | dict", hand_number: int | None = None) -> Hand:
    """The finished hand to review or draw: a Hand; a Match's last finished hand (or its
    ``hand_number``-th, from 1); a record (JSON text), loaded with ``cg.load``."""
    if isinstance(subject, (str, bytes, bytearray, dict)):
        from .record import load

        subject = load(subject)
    if isinstance(subject, Match):
        finished = subject.hands
        if not finished:
            raise ReviewError("no hand of this match is finished yet: play a hand to its end first")
        if hand_number is None:
            return finished[-1]
        if isinstance(hand_number, bool) or not isinstance(hand_number, int) \
                or not 1 <= hand_number <= len(finished):
            raise ReviewError(f"hand_number is a finished hand of the match, from 1 to "
                              f"{len(finished)}, not {str(hand_number)[:20]!r}")
        return finished[hand_number - 1]
    if not isinstance(subject, Hand):
        raise ReviewError(f"a review needs a hand, a match or a record (JSON text), not a "
                          f"{type(subject).__name__}")
    if hand_number is not None:
        raise ReviewError("hand_number chooses a hand of a match; a hand was given")
    if not subject.is_over:
        raise ReviewError(f"the hand is not finished (trick {subject.trick_number} is being played): "
                          "only a finished hand can be reviewed")
    return subject


def _check_seat(hand: Hand, seat: Any) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < hand.seats:
        raise ReviewError(f"seat is a seat of this table, from 0 to {hand.seats - 1}, "
                          f"not {str(seat)[:20]!r}")
    if hand.controller(seat) != seat:
        raise ReviewError(f"seat {seat} is the dummy, whose cards seat {hand.controller(seat)} "
                          f"plays: review seat {hand.controller(seat)}")
    return seat


def _check_budget(budget: Any) -> int:
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) \
            or not math.isfinite(budget) or budget <= 0:
        raise ReviewError(f"budget is a positive number of search playouts per decision "
                          f"(default {DEFAULT_BUDGET}), not {str(budget)[:20]!r}")
    return max(1, round(budget))


# The review -------------------------------------------------------------------------------------


def review(subject: "Hand | Match | str | bytes | dict", seat: int, budget: float = DEFAULT_BUDGET,
           progress: Callable[[int, int], Any] | None = None, *, hand_number: int | None = None,
           seed: int = 0, names: Sequence[str] | None = None,
           pack: "Pack | str | None" = None) -> Review:
    """Weigh every decision ``seat`` took in a finished hand (see the module's text).

    ``subject`` is a finished Hand, a Match (its last finished hand, or ``hand_number``, from
    1) or a record (JSON text, loaded with ``cg.load``; one that does not replay raises
    ``cg.RecordError``). ``budget`` is the search playouts per decision (the solver's deals and
    the playouts that measure a loss are in proportion); ``progress(done, total)`` is called
    as the decisions are weighed; ``names`` names the seats in the words (default: as the
    table names them, North, East... or Player 1...); ``pack`` names the cards in the words
    (None: the French pack; ``"spanish"``: "rey of copas"). The hand given is not changed:
    the review works on a replay.
    """
    hand = finished_hand(subject, hand_number)
    return _review(hand, seat, budget, progress, seed, None, names, get_pack(pack))


def review_trick(hand: Hand, seat: int, trick: int, budget: float = DEFAULT_BUDGET,
                 progress: Callable[[int, int], Any] | None = None, *, seed: int = 0,
                 names: Sequence[str] | None = None, pack: "Pack | str | None" = None) -> Review:
    """The decisions ``seat`` took in trick number ``trick`` (from 1), weighed as
    :func:`review` weighs them (the same rows, numbered as in the whole hand's review): for
    the pause after a trick, so the hand need not be finished, only that trick. A decision is
    weighed from what the seat knew then, so nothing after it is needed."""
    if not isinstance(hand, Hand):
        raise ReviewError(f"review_trick needs a hand, not a {type(hand).__name__}")
    finished = len(hand.tricks)
    if isinstance(trick, bool) or not isinstance(trick, int) or not 1 <= trick <= finished:
        raise ReviewError(f"trick is a finished trick of this hand, from 1 to {finished}, not "
                          f"{str(trick)[:20]!r}" if finished else
                          "no trick of this hand is finished yet: a trick is reviewed once it is over")
    return _review(hand, seat, budget, progress, seed, trick, names, get_pack(pack))


def _review(hand: Hand, seat: Any, budget: Any, progress: Callable[[int, int], Any] | None,
            seed: Any, trick: int | None, names: Sequence[str] | None, pack: Pack) -> Review:
    seat = _check_seat(hand, seat)
    budget = _check_budget(budget)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ReviewError(f"seed is a whole number, not {str(seed)[:20]!r}")
    # The seat's decisions, found on a replay (the hand given is not touched).
    history = list(hand.history)
    position = hand.replayed([])
    moments: list[tuple[int, int]] = []     # (number among the seat's decisions, action index)
    number = 0
    for i, (actor, move) in enumerate(history):
        if position.controller(actor) == seat:
            number += 1
            if trick is None or _trick_number(position) == trick:
                moments.append((number, i))
        position.apply(move, actor if actor != position.to_move else None)
    total = len(moments)
    if progress is not None:
        progress(0, total)
    try:
        names = seat_names(hand, names)
    except ValueError as error:
        raise ReviewError(str(error)) from None
    rows: list[ReviewRow] = []
    for number, i in moments:
        actor, move = history[i]
        before = hand.replayed(history[:i])      # the position as the seat found it
        rng = random.Random(seed * 1_000_003 + i)
        best, loss, how, detail = _weigh(before, seat, actor, move, budget, rng)
        words = pack.words(_words(before, hand, seat, actor, move, best, loss, how, detail, names))
        rows.append(ReviewRow(number, _trick_number(before), seat, i, move, best, loss,
                              _mark(hand.game.name, loss), words, how))
        if progress is not None:
            progress(len(rows), total)
    return Review(position, seat, rows, budget, seed, names, pack)


def _trick_number(position: Hand) -> int:
    return len(position.tricks) + 1


def _mark(game: str, loss: float) -> str:
    mark = ""
    for threshold, name in zip(MARKS.get(game, (5, 10, 20)), MARK_NAMES):
        if loss >= threshold:
            mark = name
    return mark


def _tricks_left(position: Hand) -> int:
    from .solver import DRAWING_GAMES

    draws = position.game.name in DRAWING_GAMES
    return max(len(h) for h in position.hands) + \
        (position.stock_size // position.seats if draws else 0)


def _sampler(view: Any) -> Callable[[random.Random], Hand]:
    """Deals of the cards the seat cannot see, keeping what the others showed they lack."""
    from .players import limited_sampler, revealed_limits

    limits = revealed_limits(view)
    return limited_sampler(view, limits) if limits else view.sample


def _weigh(position: Hand, seat: int, actor: int, move: Move, budget: int,
           rng: random.Random) -> tuple[Move, float, str, str]:
    """(best, loss, how, detail) for ``move``, taken by ``actor`` (``seat`` or its dummy)."""
    if actor != position.to_move:
        return move, 0.0, "declaration", ""
    legal = list(dict.fromkeys(position.legal_actions()))
    if len(legal) <= 1:
        return move, 0.0, "forced", ""
    view = position.view(seat)
    if position.phase is Phase.PLAY and _tricks_left(position) <= SOLVER_TRICKS:
        solved = _solve(position, view, legal, budget, rng)
        if solved is not None:
            values, detail = solved
            top = max(values.values())
            best = move if values.get(move, top) >= top - 1e-9 else max(legal, key=lambda a: values[a])
            return best, max(0.0, top - values[move]), "solver", detail
    from .players import SearchPlayer

    player = SearchPlayer(rng.randrange(10**9), iterations=budget, time_limit=None)
    best = player.choose(view)
    if best == move:
        return move, 0.0, "search", ""
    gains = _played_out(position, view, [move, best], max(12, budget // 6), rng)
    return best, max(0.0, gains[best] - gains[move]), "search", ""


def _solve(position: Hand, view: Any, legal: list[Move], budget: int,
           rng: random.Random) -> tuple[dict[Move, float], str] | None:
    """The solver's values for the legal actions, with the words for how they were found; None
    where a deal takes the solver past :data:`SOLVER_NODES`."""
    from .solver import SolverLimit, solve

    places = view.hidden_places()
    known = len({where for where, _ in places}) <= 1 and all(where is not None for where, _ in places)
    try:
        if known:
            values = solve(position, max_nodes=SOLVER_NODES).values
            return {a: float(values[a]) for a in legal}, "every card still in play known"
        deals = max(4, budget // 25)
        sample = _sampler(view)
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(deals):
            values = solve(sample(rng), max_nodes=SOLVER_NODES).values
            for action in legal:
                totals[action] += values[action]
        return {a: t / deals for a, t in totals.items()}, f"{deals} deals of the unseen cards"
    except SolverLimit:
        return None


def _played_out(position: Hand, view: Any, actions: list[Move], deals: int,
                rng: random.Random) -> dict[Move, float]:
    """The mean points the seat's side adds from here to the end of the hand after each of
    ``actions``, over the same ``deals`` deals of the unseen cards, everyone then playing by
    the rules of thumb with the same seeds for every action."""
    from .players import RuleOfThumbPlayer, play_hand

    sample = _sampler(view)
    unit = position.side(position.to_move)
    totals = dict.fromkeys(actions, 0.0)
    for _ in range(deals):
        deal = sample(rng)
        seeds = [rng.randrange(10**9) for _ in range(deal.seats)]
        for action in actions:
            state = deal.copy()
            state.apply(action)
            play_hand(state, {s: RuleOfThumbPlayer(seeds[s]) for s in range(state.seats)})
            totals[action] += net_gain(deal.score, state.score, unit)
    return {a: t / deals for a, t in totals.items()}


def net_gain(before: Sequence[int], after: Sequence[int], unit: int) -> float:
    """What ``unit`` gained from ``before`` to ``after``, net of what the others gained: its
    gain less the mean of theirs, times (n - 1) / n for n units. Where a hand's points always
    add up to the same total this is the unit's own gain; where they do not (Quinto's
    doubling doubles both sides' tricks) the others' gain counts against it."""
    gains = [a - b for a, b in zip(after, before)]
    units = len(gains)
    if units == 1:
        return float(gains[0])
    others = (sum(gains) - gains[unit]) / (units - 1)
    return (gains[unit] - others) * (units - 1) / units


# Words ------------------------------------------------------------------------------------------


def _text(hand: Hand, move: Move) -> str:
    return move.label if isinstance(move, Card) else hand.action_words(move)


def worth(hand: Hand, card: Card) -> int:
    """What a card counts on its own in a trick, in the game's points (0 where it counts
    nothing by itself): Quinto's Fives and Joker, Yukon's, Guinote's and Pip-Pip!'s card
    points, Pippins Aplenty's value under the reaches of the moment."""
    name = hand.game.name
    if name == "quinto":
        from .games.quinto import quint_points

        return quint_points([card])
    if name == "pip_pip":
        from .games.pip_pip import card_points

        return card_points(card)
    if name == "pippins_aplenty":
        return hand.card_value(card) if getattr(hand, "reaches", None) else 0
    points = getattr(hand, "card_points", None)
    return points(card) if callable(points) else 0


def _points(number: int) -> str:
    return f"{number} point{'' if number == 1 else 's'}"


def _card_noun(card: Card) -> str:
    """"the Five", "the Ace", "the Joker"."""
    if card.suit is None:
        return "the Joker"
    return "the " + card.rank.noun.capitalize()


def _words(position: Hand, hand: Hand, seat: int, actor: int, move: Move, best: Move, loss: float,
           how: str, detail: str, names: list[str]) -> str:
    """Why, in a coach's words, naming the cards."""
    if how == "forced":
        return f"Forced: {_text(position, move)} was the only legal play."
    if how == "declaration":
        after = position.copy()
        after.apply(move, actor)
        made = after.declarations[len(position.declarations):]
        points = sum(d.points for d in made)
        scored = f", {points} points at once" if points else ""
        return f"{_text(position, move)}: declared when it was open{scored}."
    if move == best or loss < 0.5:
        if move == best:
            return "Best play." if how == "search" else "Best play: exact best play agrees."
        return f"Good: as good as {_text(position, best)}."
    side = position.side(actor)
    units = unit_names(position, names)
    ours = "your side" if position.partnerships else "you"
    by = ("exact best play, " + detail) if how == "solver" else "the search's playouts"
    cost = f"{_text(position, best)} was better by about {_points(round(loss))} for {ours} ({by})"
    if not isinstance(move, Card) or not isinstance(best, Card):
        return f"{_text(position, move)} rather than {_text(position, best)}: {cost}."
    if position.phase is Phase.DISCARD:
        return f"You discarded {move.label}: {cost}."

    def whose(winner: int) -> str:
        if winner == actor:
            return "your own"
        if position.side(winner) == side and position.partnerships:
            return f"your partner {names[winner]}'s"
        return f"{names[winner]}'s"

    sentences = []
    legal = list(dict.fromkeys(position.legal_actions()))
    suits = {c.suit for c in legal if isinstance(c, Card)}
    led = position.trick[0][1] if position.trick else None
    following = led is not None and len(suits) == 1 and led.suit in suits and len(legal) > 1
    played_worth, best_worth = worth(position, move), worth(position, best)
    trick = _trick_of(position, hand)
    if trick is None:
        sentences.append(f"You played {move.label}")
    else:
        winner = trick.winner
        if position.side(winner) == side:
            went = (f"your {move.label} went into {whose(winner)} winning trick, which scored "
                    f"{_points(trick.points)} for {ours}")
        else:
            who = units[position.side(winner)] if position.partnerships else names[winner]
            went = (f"your {move.label} went into {whose(winner)} trick and gave {who} its "
                    f"{_points(trick.points)}" if trick.points else
                    f"your {move.label} went into {whose(winner)} trick, won by {who}")
        if played_worth > best_worth and position.side(winner) != side:
            but = f"You had to follow {led.suit.plural} but" if following else "You"
            sentences.append(f"{but} could have kept {_card_noun(move)} ({move.label}, worth "
                             f"{played_worth}) and played {best.label}: {went}")
        else:
            had = f"You had to follow {led.suit.plural}: " if following else ""
            sentences.append(had + went)
            # The same trick with the better card, the others' cards as they fell.
            plays = [(s, best if s == actor else c) for s, c in trick.cards]
            other = plays[position.trick_winner(plays)][0]
            still = "still " if other == winner else ""
            taker = "you" if other == actor else (
                f"your partner {names[other]}" if position.side(other) == side
                and position.partnerships else names[other])
            sentences.append(f"With {best.label} instead, as the others played, the trick would "
                             f"{still}have gone to {taker}, and {move.label} would have stayed in "
                             f"your hand{_kept_for(position, move)}")
    sentences.append(cost)
    return ". ".join(x[:1].upper() + x[1:] for x in sentences) + "."


def _kept_for(position: Hand, card: Card) -> str:
    """What a card kept could still do that its own worth does not say: in Quinto, an Ace, 4,
    2 or 3 whose partner is still to be played makes a quint with it in one trick."""
    if position.game.name != "quinto" or card.suit is None:
        return ""
    from .cards import Rank
    from .games.quinto import QUINT_VALUE

    partners = {Rank.ACE: Rank.FOUR, Rank.FOUR: Rank.ACE, Rank.TWO: Rank.THREE, Rank.THREE: Rank.TWO}
    rank = partners.get(card.rank)
    if rank is None:
        return ""
    partner = Card(rank, card.suit)
    gone = {c for trick in position.tricks for _, c in trick.cards} | {c for _, c in position.trick}
    if partner in gone:
        return ""
    return (f" (with {partner.label} in the same trick it makes a quint worth "
            f"{QUINT_VALUE[card.suit]})")


def _trick_of(position: Hand, hand: Hand) -> Any:
    """The trick of the finished hand that the card played now went into (None before the
    play, or if the hand ended first)."""
    if position.phase is not Phase.PLAY:
        return None
    number = len(position.tricks) + 1
    tricks = hand.tricks
    return tricks[number - 1] if number <= len(tricks) else None
