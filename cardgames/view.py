"""What one seat may see of a hand (:class:`View`), for players and tables that must not peek.

``Hand.view(seat)`` builds one: a copy of the hand in which every card the seat may not see is
``None``. Players think only with views; ``View.sample`` deals the unseen cards at random into
the hidden places to give a full hand to search.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import Card, format_cards
from .engine import Declaration, Hand, LegalActions, Phase, Trick


class View:
    """What one seat may see of a hand: a copy in which every hidden card is ``None``.

    ``hands[s]`` is the seat's own cards for itself, ``None`` for each card it cannot see
    elsewhere (exposed cards stay); ``unseen`` lists the cards it has not seen, in no order that
    tells where they are. ``sample(rng)`` deals those cards at random into the hidden places and
    returns a full :class:`Hand` to think with, as a search player does.
    """

    def __init__(self, hand_class: type[Hand], seat: int, state: dict[str, Any],
                 unseen: tuple[Card, ...], legal: LegalActions | None = None):
        self.hand_class = hand_class
        self.seat = seat
        self._state = state
        self.unseen = unseen
        self._legal = legal

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name not in self._state:
            raise AttributeError(name)
        return self._state[name]

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

    def to_json(self, indent: int | None = 1) -> str:
        """A record of what this seat saw, for a player at a hidden-hands table: it holds no
        card the seat may not see, and cannot be replayed (``cg.load`` says so)."""
        from . import record

        return record.dumps(record.view_record(self), indent)

    def __repr__(self) -> str:
        return (f"<View of seat {self.seat}: hand {format_cards(self.hand)}, "
                f"{len(self.unseen)} cards unseen>")
