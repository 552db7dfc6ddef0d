"""Where the rooms live, outside the kernels: the :class:`RoomStore` interface.

Every kernel of a room (one per pupil's page, the projector's, the teacher's) opens the same
store and meets the others there; nothing in it is ever sent to a browser. Two stores keep the
same interface: :class:`~cardgames.rooms.sqlite_store.SQLiteStore` (the default: one file in
WAL mode, for one server) and :class:`~cardgames.rooms.redis_store.RedisStore`
(``CARDGAMES_ROOMS=redis://host:port/db``, for several servers behind JupyterHub).

The one write that matters is :meth:`RoomStore.append`: "append action number k" succeeds only
if the room still holds exactly k actions (and no undo or reset came in between), so of two
kernels racing for one turn one wins and the other is told, and an action is never lost or
applied twice. Everything else (joins, seats, the teacher's switches, undo, reset) goes through
:meth:`RoomStore.update`, a read-change-write done atomically. Each change bumps the room's
``version``, which kernels poll cheaply (:meth:`RoomStore.version`, :meth:`RoomStore.wait`).
Rooms expire after ``expire_after`` seconds without play.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any, Callable

from .room import DEFAULT_EXPIRY, Room, RoomError, check_name

#: ``change(room)`` edits a room's settings in place and returns None, or the number of actions
#: to keep (an undo keeps one fewer, a reset none): the rest are cut, ``generation`` grows.
Change = Callable[[Room], "int | None"]


class RoomStore:
    """The rooms' state, shared by every kernel. Subclasses do the storage; this class adds the
    expiry rule and the checks common to both. Times come from ``clock`` (tests give a fake)."""

    def __init__(self, *, expire_after: float = DEFAULT_EXPIRY,
                 clock: Callable[[], float] = time.time):
        self.expire_after = float(expire_after)
        self.clock = clock

    # -- what a store writes -----------------------------------------------------------------

    def _insert(self, room: Room) -> bool:
        """Store a new room unless one of that name exists; True if stored."""
        raise NotImplementedError

    def _read(self, name: str, start: int) -> Room | None:
        """The room with its actions from number ``start`` on (``room.actions`` then holds only
        those; ``room.action_start`` says where they begin) and its seats' ``seen`` times."""
        raise NotImplementedError

    def _delete(self, name: str, idle_before: float | None = None) -> None:
        """Delete the room; with ``idle_before``, only if it has seen no play (nor been opened)
        since then, checked in the same transaction (a play racing the sweep keeps it)."""
        raise NotImplementedError

    def append(self, name: str, room_id: str, generation: int, count: int, action: list[Any],
               summary: dict[str, Any] | None = None) -> int | None:
        """Append ``action`` as action number ``count`` (from 0) if the room (this very room:
        ``room_id``, at ``generation``) holds exactly ``count`` actions; the new version, or None
        if it was refused (another action came first, or an undo or reset, or the room is gone).
        ``summary`` (scores, the seat to move) is stored with it for the teacher's list."""
        raise NotImplementedError

    def update(self, name: str, change: Change) -> Room | None:
        """Apply ``change`` to the room atomically (see :data:`Change`) and bump its version;
        the room as changed (without its actions), or None if there is no such room. A
        :class:`RoomError` raised by ``change`` aborts it and reaches the caller."""
        raise NotImplementedError

    def touch(self, name: str, seat: int) -> None:
        """A sign of life from the page at ``seat`` (kept apart; no new version)."""
        raise NotImplementedError

    def version(self, name: str) -> tuple[str, int] | None:
        """The room's id and version (cheap: what kernels poll), or None if there is no room."""
        raise NotImplementedError

    def names(self) -> list[str]:
        """The names of the rooms stored (expired ones included until :meth:`expire` runs)."""
        raise NotImplementedError

    def wait(self, name: str, since: tuple[str, int] | None,
             timeout: float) -> tuple[str, int] | None:
        """Wait at most ``timeout`` seconds for the room's id and version to differ from
        ``since`` (what :meth:`version` said before); them then (``since`` if nothing
        happened), None if the room is gone."""
        raise NotImplementedError

    def close(self) -> None:
        """Let go of connections (the data stay)."""

    # -- the shared rules ----------------------------------------------------------------------

    def expired(self, room: Room) -> bool:
        return self.clock() - room.last_active > self.expire_after

    def create(self, room: Room) -> tuple[Room, bool]:
        """Open ``room`` unless a live room of that name exists: the room stored and whether
        this call opened it (the first to open a room sets its game, players and deal)."""
        check_name(room.name)
        for _ in range(5):
            existing = self.get(room.name)
            if existing is not None:
                return existing, False
            room.created = self.clock()
            if self._insert(room):
                stored = self.get(room.name)
                if stored is not None:
                    return stored, True
        raise RoomError(f"room {room.name!r} could not be opened: it keeps changing")

    def get(self, name: str, start: int = 0) -> Room | None:
        """The room (actions from ``start`` on), or None if there is none or it has expired
        (an expired room is deleted on the way)."""
        room = self._read(name, start)
        if room is not None and self.expired(room):
            self._delete(name, idle_before=self.clock() - self.expire_after)
            return self._read(name, start)        # None, unless a play came meanwhile
        return room

    def delete(self, name: str) -> None:
        """Close a room: it and its actions are gone; its kernels are told at their next poll."""
        self._delete(check_name(name))

    def expire(self) -> list[str]:
        """Delete every room without play for ``expire_after`` seconds; their names."""
        gone = []
        for name in self.names():
            room = self._read(name, 1 << 30)
            if room is None or self.expired(room):
                self._delete(name, idle_before=self.clock() - self.expire_after)
                if self._read(name, 1 << 30) is None:
                    gone.append(name)
        return gone


def default_path() -> Path:
    """The default SQLite file: ``$XDG_STATE_HOME/cardgames/rooms.sqlite3`` (or under
    ``~/.local/state``), shared by every kernel the same user runs on this machine."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "cardgames" / "rooms.sqlite3"


def open_store(url: str | os.PathLike | None = None, **settings: Any) -> RoomStore:
    """The rooms' store named by ``url``, else by ``$CARDGAMES_ROOMS``, else the default SQLite
    file (:func:`default_path`). ``redis://host:port/db`` (or ``rediss://``, ``unix://``) opens
    Redis (the ``redis`` package: ``pip install cardgames[rooms]``); ``sqlite:///path`` or a
    plain path opens that SQLite file. ``settings`` go to the store (``expire_after``,
    ``clock``)."""
    if url is None:
        url = os.environ.get("CARDGAMES_ROOMS") or None
    if url is None:
        from .sqlite_store import SQLiteStore

        return SQLiteStore(default_path(), **settings)
    text = os.fspath(url)
    if text.startswith(("redis://", "rediss://", "unix://")):
        from .redis_store import RedisStore

        return RedisStore(text, **settings)
    if "://" in text and not text.startswith("sqlite://"):
        raise RoomError(f"rooms store {text[:40]!r}: give redis://host:port/db, "
                        "sqlite:///path/to/file, or a file path")
    from .sqlite_store import SQLiteStore

    return SQLiteStore(Path(text.removeprefix("sqlite://")), **settings)


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
