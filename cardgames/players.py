"""Computer players. Each sees only what its seat may see: a :class:`~cardgames.engine.View`.

The interface every player keeps:

``choose(view) -> action``
    The action to take when the seat is to move (one of ``view.legal_actions()``).
``declare(view, actions) -> action or None``
    Whether to take one of the out-of-turn actions open to the seat now (a Pip-Pip call after
    its own play, a partner's marriage); ``None`` lets the moment pass.
``advise(view) -> Advice``
    The action it would choose and why, in words (the table's hint button).

``make_player(kind, seed)`` builds one by name: ``"random"``, ``"rule-of-thumb"``, ``"search"``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Protocol

from .engine import Action, Hand, Move, View


@dataclass(frozen=True)
class Advice:
    """A suggested action and the reason for it, in words a learner can apply at the table."""

    action: Move
    reason: str

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


PLAYER_KINDS: dict[str, Callable[[int | None], Player]] = {
    "random": RandomPlayer,
}


def make_player(kind: str, seed: int | None = None) -> Player:
    """A computer player by name (see ``PLAYER_KINDS``)."""
    try:
        factory = PLAYER_KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown player {kind!r}; players are: {', '.join(PLAYER_KINDS)}") from None
    return factory(seed)


def step(hand: Hand, players: "dict[int, Player] | list[Player]") -> bool:
    """Let computer players act once: first any seat with an open declaration it wants to make,
    then the seat to move. Returns False when nothing was done (the hand is over, or the seat to
    move has no player)."""
    if hand.is_over:
        return False
    seats = players if isinstance(players, dict) else dict(enumerate(players))
    for seat, actions in hand.open_actions_by_seat().items():
        player = seats.get(seat)
        if player is not None:
            chosen = player.declare(hand.view(seat), actions)
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
    hand.apply(player.choose(hand.view(decider)))
    return True


def play_hand(hand: Hand, players: "dict[int, Player] | list[Player]") -> Hand:
    """Play the hand to its end with the given players (every seat needs one)."""
    while step(hand, players):
        pass
    return hand
