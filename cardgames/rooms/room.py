"""What a room is: its settings, its seats, its actions; names and tokens checked.

A :class:`Room` is plain data (JSON in the store): nothing here imports a store, the engine's
players or a widget. The settings a room keeps for its whole life (``meta``) are kept apart from
what changes with every action (the version, the count of actions, the last play), so that a
store can bump those cheaply and atomically.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import asdict, dataclass, field
from typing import Any

#: Computer players a room may put in its free seats (``cardgames.players.make_player`` names).
COMPUTER_KINDS = ("rule-of-thumb", "search")
DEFAULT_TIMEOUT = 60.0            # s without a sign of life before the computer takes a seat
DEFAULT_EXPIRY = 6 * 3600.0       # s without play before a room is forgotten
NAME_LENGTH = (1, 40)
WATCH = "watch"

_NAME = re.compile(r"[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?")
_HOLDER = re.compile(r"[A-Za-z0-9_-]{8,64}")


class RoomError(ValueError):
    """A room request that cannot be granted: what was wrong, and what is allowed."""


class SeatTaken(RoomError):
    """The seat is held by another pupil whose page is still there."""


class NotYourTurn(RoomError):
    """An action out of turn (or by a page that no longer holds its seat); nothing changed."""


class RaceLost(RoomError):
    """Another action reached the room first; nothing of this one was applied."""


class RoomGone(RoomError):
    """The room was closed by the teacher, or expired."""


class Paused(RoomError):
    """The teacher paused the room: nothing is played until it resumes."""


def short(text: Any, limit: int = 20) -> str:
    """At most ``limit`` characters of some input, quoted, for an error message."""
    text = str(text)
    return repr(text if len(text) <= limit else text[:limit] + "…")


def check_name(name: Any) -> str:
    """A room name as stored: lower case, 1 to 40 letters a-z, digits, '-' or '_', starting and
    ending with a letter or digit ("maths-4b"). Capitals are taken as lower case."""
    low, high = NAME_LENGTH
    allowed = (f"a room name is {low} to {high} letters a-z, digits, '-' or '_', starting and "
               "ending with a letter or digit (e.g. maths-4b)")
    if not isinstance(name, str):
        raise RoomError(f"{allowed}; got {type(name).__name__} {short(name)}")
    text = name.strip().lower()
    if not low <= len(text) <= high:
        raise RoomError(f"room name {short(name)} has {len(text)} characters: {allowed}")
    if not _NAME.fullmatch(text):
        bad = next((c for c in text if not (c.isascii() and (c.isalnum() or c in "-_"))), None)
        found = f" ({bad!r} is not allowed)" if bad else ""
        raise RoomError(f"room name {short(name)}{found}: {allowed}")
    return text


def check_holder(holder: Any) -> str:
    """A holder id: the random token a pupil's page keeps (8 to 64 letters, digits, '-', '_')."""
    if not isinstance(holder, str) or not _HOLDER.fullmatch(holder):
        raise RoomError(f"holder {short(holder)} is not a page's token: 8 to 64 letters, digits, "
                        "'-' or '_' (new_holder() makes one)")
    return holder


PUPIL_NAME_LENGTH = (1, 30)


def check_pupil_name(name: Any) -> str:
    """A pupil's name as the room shows it: 1 to 30 letters (any alphabet), digits, spaces and
    ' - . (inner runs of spaces made one)."""
    low, high = PUPIL_NAME_LENGTH
    allowed = (f"a name is {low} to {high} letters, digits, spaces, apostrophes, hyphens or "
               "full stops (e.g. Ann-Marie O'Neil)")
    if not isinstance(name, str):
        raise RoomError(f"{allowed}; got {type(name).__name__} {short(name)}")
    text = " ".join(name.split())
    if not low <= len(text) <= high:
        raise RoomError(f"the name {short(name)} has {len(text)} characters: {allowed}")
    bad = next((c for c in text if not (c.isalnum() or c in " '-.")), None)
    if bad is not None:
        raise RoomError(f"the name {short(name)} ({bad!r} is not allowed): {allowed}")
    return text


def new_holder() -> str:
    """A fresh random holder id for a pupil's page to keep."""
    return secrets.token_urlsafe(12)


def new_token() -> str:
    return secrets.token_hex(8)


@dataclass
class Seat:
    """Who holds a seat: the holder's token, the page that last joined with it, and the name
    the pupil gave (if any)."""

    holder: str | None = None
    page: str | None = None
    pupil: str | None = None


@dataclass
class Room:
    """A room as the store keeps it.

    Settings (``meta``): name, game, players, options, the pack (``faces``), the deal (``{"seed": n}`` or
    ``{"hands": [...], "stock": [...], "dealer": d}``), whether it is a match (and its target),
    the seats' holders, the computer players' kind, the absence timeout, whether the teacher
    opened the hands for the projector, the creation time and a random id (a room closed and
    opened again under the same name is another room).

    Counters (changed by every action): ``version`` (grows with every change: what kernels
    poll), ``generation`` (grows when the actions are cut back: an undo, a reset), the actions
    (``[seat, action]``, or ``[hand, seat, action]`` in a match), ``last_play`` and a
    ``summary`` written with each action (the scores, the match scores, the seat to move): the
    room at a glance without replaying it (emptied by an undo or a reset until the next action).
    ``seen`` is when each seat's page last showed a sign of life (kept apart: it changes
    often and does not bump the version).
    """

    name: str
    game: str
    players: int
    options: dict[str, Any]
    deal: dict[str, Any]
    match: bool = False
    target: int | None = None
    seats: list[Seat] = field(default_factory=list)
    computer: str = COMPUTER_KINDS[0]
    timeout: float = DEFAULT_TIMEOUT
    open_hands: bool = False
    created: float = 0.0
    id: str = field(default_factory=new_token)
    owner: str = ""                # the class: a tag of the teacher's key ("" opened without one)
    faces: str = "french"          # the pack its pages show (cardgames.packs): Guinote's "spanish"
    paused: bool = False           # the teacher paused it: no card is played, not even the computer's
    notice: str = ""               # the teacher's message, shown on every page of the room
    # counters
    version: int = 1
    generation: int = 0
    actions: list[list[Any]] = field(default_factory=list)
    action_start: int = 0          # the number of the first action in ``actions`` (a partial read)
    last_play: float | None = None
    summary: dict[str, Any] = field(default_factory=dict)
    seen: dict[int, float] = field(default_factory=dict)

    META = ("name", "game", "players", "options", "deal", "match", "target", "seats", "computer",
            "timeout", "open_hands", "created", "id", "owner", "faces", "paused", "notice")

    def meta(self) -> dict[str, Any]:
        """The settings as a JSON-ready dict."""
        data = asdict(self)
        return {k: data[k] for k in self.META}

    @classmethod
    def from_meta(cls, meta: dict[str, Any], **counters: Any) -> "Room":
        values = dict(meta)
        values["seats"] = [Seat(**s) for s in meta["seats"]]
        return cls(**values, **counters)

    @property
    def count(self) -> int:
        """How many actions the room holds."""
        return self.action_start + len(self.actions)

    @property
    def last_active(self) -> float:
        """When the room last saw play (its creation if none yet): what expiry counts from."""
        return self.created if self.last_play is None else self.last_play

    @property
    def joined(self) -> bool:
        """Has a pupil joined the room (a seat held, away or not)? Until one has, the computer
        plays none of its seats: a projector opened to show the codes before the class joins
        would otherwise watch the computers play the whole hand."""
        return any(seat.holder is not None for seat in self.seats)

    def live(self, seat: int, now: float) -> bool:
        """Is the seat held by a pupil whose page showed a sign of life within the timeout?"""
        if not 0 <= seat < len(self.seats) or self.seats[seat].holder is None:
            return False
        return now - self.seen.get(seat, float("-inf")) <= self.timeout
