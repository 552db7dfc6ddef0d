"""What one seat may see of a hand, for players and tables that must not peek.

Two kinds, with the same questions and answers:

:class:`View` (``Hand.view(seat)``)
    A copy of the hand in which every card the seat may not see is ``None``: a snapshot that
    stays as it was when the hand moves on. ``View.sample`` deals the unseen cards at random
    into the hidden places to give a full hand to search.
:class:`SeatView` (``SeatView(hand, seat)``)
    No copy: a small read-only window on the live hand that answers only what the seat may see
    (its own cards, the tricks, the public state and the rules' questions about them, listed in
    :data:`PUBLIC` and :data:`GAME_PUBLIC`). Everything else (the others' hands as the seat sees
    them, ``unseen``, ``sample``) comes from a :class:`View` made on first need. The players are
    stepped with these (``cardgames.players.step``): a rule-of-thumb decision costs a few
    microseconds instead of a copy of the hand.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import Card, format_cards
from .engine import Declaration, Hand, LegalActions, Phase, Trick

_NO_ACTIONS = LegalActions(())


class View:
    """What one seat may see of a hand: a copy in which every hidden card is ``None``.

    ``hands[s]`` is the seat's own cards for itself, ``None`` for each card it cannot see
    elsewhere (exposed cards stay); ``unseen`` lists the cards it has not seen, in no order that
    tells where they are. ``sample(rng)`` deals those cards at random into the hidden places and
    returns a full :class:`Hand` to think with, as a search player does. The public names a
    :class:`SeatView` answers (:data:`PUBLIC`, :data:`GAME_PUBLIC`: ``trick_winner``, ``side``
    and the like) are answered here too, from one hand dealt from the view and kept for that:
    they depend on nothing the seat cannot see.
    """

    def __init__(self, hand_class: type[Hand], seat: int, state: dict[str, Any],
                 unseen: tuple[Card, ...], legal: LegalActions | None = None):
        self.hand_class = hand_class
        self.seat = seat
        self._state = state
        self.unseen = unseen
        self._legal = legal

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        state = self._state
        if name in state:
            return state[name]
        if name not in public_names(self.hand_class):
            raise AttributeError(name)
        asked = self.__dict__.get("_asked")
        if asked is None:
            asked = self._asked = self.sample(random.Random(0))
        return _public_answer(asked, name)

    @property
    def hand(self) -> list[Card]:
        """The seat's own cards."""
        return list(self._state["hands"][self.seat])

    @property
    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self._state["hands"]]

    @property
    def stock_size(self) -> int:
        return len(self._state["_stock"])

    @property
    def is_over(self) -> bool:
        return self._state["phase"] is Phase.OVER

    def legal_actions(self) -> LegalActions:
        """The seat's legal actions if it decides now (they depend only on what it sees: its own
        cards and the public state), else none."""
        if self._legal is not None:
            return self._legal
        mover = self._state["to_move"]
        if mover is None:
            return LegalActions(())
        sampled = self.sample(random.Random(0))
        if sampled.controller(mover) != self.seat:
            return LegalActions(())
        return sampled.legal_actions()

    def visible_cards(self) -> list[Card]:
        """Every card object this view holds, wherever it lies (for checks that nothing leaks)."""
        found: list[Card] = []

        def walk(value: Any) -> None:
            if isinstance(value, Card):
                found.append(value)
            elif isinstance(value, (list, tuple, set, frozenset)):
                for item in value:
                    walk(item)
            elif isinstance(value, dict):
                for key, item in value.items():
                    walk(key)
                    walk(item)
            elif isinstance(value, Trick):
                walk(value.cards)
                walk(value.context)
            elif isinstance(value, Declaration):
                walk(value.cards)

        for name, value in self._state.items():
            if name != "options":
                walk(value)
        return found

    def sample(self, rng: random.Random) -> Hand:
        """A full hand consistent with this view: the unseen cards dealt at random to the hidden
        places. It can be played on, copied and searched, but not undone past this point."""
        pool = list(self.unseen)
        rng.shuffle(pool)
        take = pool.pop
        hand = object.__new__(self.hand_class)
        state = self._state.copy()
        state["hands"] = [[c if c is not None else take() for c in h] for h in state["hands"]]
        state["_stock"] = [c if c is not None else take() for c in state["_stock"]]
        state["trick"] = list(state["trick"])
        state["tricks"] = list(state["tricks"])
        state["declarations"] = list(state["declarations"])
        state["history"] = list(state["history"])
        state["score"] = list(state["score"])
        state["_redo"] = []
        hand.__dict__ = state
        hand.fill_hidden(take, self.seat)
        hand.__dict__ = Hand.copy(hand).__dict__
        return hand

    def hidden_places(self) -> list[tuple[int | None, int]]:
        """Where the cards this seat cannot see lie, as ``sample`` fills them: ``(seat, i)`` for
        the i-th card of a seat's hand, ``(None, i)`` for the i-th card of the stock."""
        places: list[tuple[int | None, int]] = [
            (s, i) for s, cards in enumerate(self._state["hands"]) for i, c in enumerate(cards)
            if c is None]
        places.extend((None, i) for i, c in enumerate(self._state["_stock"]) if c is None)
        return places

    def to_json(self, indent: int | None = 1) -> str:
        """A record of what this seat saw, for a player at a hidden-hands table: it holds no
        card the seat may not see, and cannot be replayed (``cg.load`` says so)."""
        from . import record

        return record.dumps(record.view_record(self), indent)

    def __repr__(self) -> str:
        return (f"<View of seat {self.seat}: hand {format_cards(self.hand)}, "
                f"{len(self.unseen)} cards unseen>")


# A window on the live hand ---------------------------------------------------------------------

#: What every game shows everybody, answered by a :class:`SeatView` straight from the hand:
#: state (lists come as copies) and the rules' questions about public things.
PUBLIC: frozenset[str] = frozenset({
    "trick", "tricks", "score", "declarations", "trump", "phase", "to_move", "leader", "dealer",
    "eldest", "players", "seats", "options", "partnerships", "end_reason", "trick_number",
    "game", "side", "controller", "sees_hand_of", "exposed", "trick_winner", "current_winner",
    "seat_name", "next_seat", "deck", "public_info", "stock_dealt",
})

#: What each game adds to :data:`PUBLIC`: its public state and rule questions (a test checks,
#: over whole hands, that each answers the same as on the concealed copy of :class:`View`).
GAME_PUBLIC: dict[str, frozenset[str]] = {
    "yukon": frozenset({"strength", "points", "card_points"}),
    "guinote": frozenset({"face_up", "in_arrastre", "card_points"}),
    "pippins_aplenty": frozenset({"reaches", "reaches_fixed", "trump_order", "card_value",
                                  "suit_values"}),
    "pip_pip": frozenset({"next_trump"}),
    "quinto": frozenset({"dummy", "trick_value"}),
}

_COPIED = frozenset({"trick", "tricks", "score", "declarations", "exposed"})   # lists
_PUBLIC_BY_CLASS: dict[type, frozenset[str]] = {}


def public_names(hand_class: type[Hand]) -> frozenset[str]:
    """The names a :class:`SeatView` answers from the live hand of this game."""
    found = _PUBLIC_BY_CLASS.get(hand_class)
    if found is None:
        found = _PUBLIC_BY_CLASS[hand_class] = PUBLIC | GAME_PUBLIC.get(hand_class.game.name, frozenset())
    return found


class SeatView:
    """What one seat may see of a hand, read from the live hand without copying it.

    It answers the same questions as a :class:`View`: the seat's own cards (``hand``), its
    ``legal_actions()``, the trick, the tricks, the score, the trump, the phase and every other
    name in :data:`PUBLIC` and the game's :data:`GAME_PUBLIC` (lists come as copies, methods are
    the rules' questions about public things: ``trick_winner(plays)``, ``side(seat)``...). The
    rest (``hands`` as the seat sees them, ``unseen``, ``sample(rng)``, ``visible_cards()``,
    ``to_json()``, any other state) comes from :meth:`snapshot`, the :class:`View` copy, made on
    first need and kept while the hand stands still.

    It shows the hand as it is now, so it is meant for one decision: keep ``snapshot()`` to
    remember a position. The hand is held privately; Python cannot seal an object, so the
    guarantee is that everything it offers is what the seat may see.
    """

    __slots__ = ("seat", "hand_class", "_live", "_public", "_copy", "_copied_at")

    def __init__(self, hand: Hand, seat: int):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < hand.seats:
            raise ValueError(f"there is no seat {seat!r} at this table (seats 0 to {hand.seats - 1})")
        self._live = hand
        self.seat = seat
        self.hand_class = cls = hand.__class__
        self._public = _PUBLIC_BY_CLASS.get(cls) or public_names(cls)
        self._copy: View | None = None
        self._copied_at: tuple[int, int] = (0, -1)

    # the seat's own cards and decisions -----------------------------------------------------

    @property
    def hand(self) -> list[Card]:
        """The seat's own cards."""
        return list(self._live.hands[self.seat])

    def legal_actions(self) -> LegalActions:
        """The seat's legal actions if it decides now, else none."""
        live = self._live
        mover = live.to_move
        if mover is not None and live.controller(mover) == self.seat:
            return live.legal_actions()
        return _NO_ACTIONS

    @property
    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self._live.hands]

    @property
    def stock_size(self) -> int:
        return self._live.stock_size

    @property
    def is_over(self) -> bool:
        return self._live.phase is Phase.OVER

    # what everybody sees ----------------------------------------------------------------------

    # The names asked at every decision are written out (the others go through __getattr__).

    @property
    def trick(self) -> list[tuple[int, Card]]:
        return list(self._live.trick)

    @property
    def tricks(self) -> list[Trick]:
        return list(self._live.tricks)

    @property
    def score(self) -> list[int]:
        return list(self._live.score)

    @property
    def trump(self) -> Any:
        return self._live.trump

    @property
    def phase(self) -> Phase:
        return self._live.phase

    @property
    def to_move(self) -> int | None:
        return self._live.to_move

    @property
    def seats(self) -> int:
        return self._live.seats

    @property
    def options(self) -> Any:
        return self._live.options

    @property
    def game(self) -> Any:
        return self.hand_class.game

    def side(self, seat: int) -> int:
        """The scoring unit of a seat (its side, or itself)."""
        return self._live.side(seat)

    def controller(self, seat: int) -> int:
        """The seat that decides for ``seat``."""
        return self._live.controller(seat)

    def trick_winner(self, plays: list[tuple[int, Card]]) -> int:
        """The index in ``plays`` of the card that wins them, by the rules as they stand now
        (ask it of the trick so far plus a card to see whether that card would win)."""
        return self._live.trick_winner(plays)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        if name in self._public:
            return _public_answer(self._live, name)
        return getattr(self.snapshot(), name)

    # what needs the copy ---------------------------------------------------------------------

    def snapshot(self) -> View:
        """The :class:`View` of this seat as the hand stands now (a copy, made once per position)."""
        live = self._live
        at = (id(live.history), len(live.history))
        if self._copy is None or self._copied_at != at:
            self._copy = live.view(self.seat)
            self._copied_at = at
        return self._copy

    @property
    def hands(self) -> list[list[Card | None]]:
        """Every seat's cards as this seat sees them (``None`` for a card face down)."""
        return self.snapshot().hands

    @property
    def unseen(self) -> tuple[Card, ...]:
        return self.snapshot().unseen

    def sample(self, rng: random.Random) -> Hand:
        """A full hand consistent with what the seat sees (see :meth:`View.sample`)."""
        return self.snapshot().sample(rng)

    def visible_cards(self) -> list[Card]:
        """Every card object this view can give, wherever it lies (for checks that nothing leaks):
        the snapshot's, and those of every public name that is not a rule question."""
        found = self.snapshot().visible_cards()
        for name in sorted(self._public):
            value = getattr(self._live, name, None)
            if isinstance(value, Card):
                found.append(value)
            elif isinstance(value, (list, tuple)):
                found.extend(c for c in value if isinstance(c, Card))
        return found

    def to_json(self, indent: int | None = 1) -> str:
        return self.snapshot().to_json(indent)

    def __repr__(self) -> str:
        return (f"<SeatView of seat {self.seat}: hand {format_cards(self.hand)}, "
                f"{self._live.phase.value} phase>")


def _public_answer(hand: Hand, name: str) -> Any:
    """A public name read from ``hand``: a rule question passed on as a function (not the hand
    itself), a list as a copy."""
    value = getattr(hand, name)
    if callable(value) and not isinstance(value, (list, tuple, dict)):
        return _rule_question(value, name in _COPIED)
    return list(value) if name in _COPIED else value


def _rule_question(method: Any, copied: bool) -> Any:
    """A rule question of the live hand, passed on without handing out the hand itself."""
    if copied:
        def ask(*args: Any) -> Any:
            return list(method(*args))
    else:
        def ask(*args: Any) -> Any:
            return method(*args)
    ask.__doc__ = method.__doc__
    return ask
