"""The rooms in one SQLite file (the default store): WAL mode, so that the kernels polling the
rooms' versions never wait for a writer, and every write in one ``BEGIN IMMEDIATE``
transaction, so that "append action number k" checks the count and writes under one lock
shared by every process on the machine."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Callable

from .room import Room
from .store import Change, RoomStore, dumps

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    name TEXT PRIMARY KEY, id TEXT NOT NULL, meta TEXT NOT NULL, version INTEGER NOT NULL,
    generation INTEGER NOT NULL, count INTEGER NOT NULL, created REAL NOT NULL, last_play REAL,
    summary TEXT NOT NULL DEFAULT '{}');
CREATE TABLE IF NOT EXISTS actions (
    name TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (name, n)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS seen (
    name TEXT NOT NULL, seat INTEGER NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (name, seat)) WITHOUT ROWID;
"""

POLL_INTERVAL = 0.05      # s between version reads while waiting (well under the pages' 0.2 s)


class SQLiteStore(RoomStore):
    """Rooms in one SQLite file. One connection per store object (a kernel opens one); the
    methods may be called from several threads of that kernel."""

    def __init__(self, path: str | Path, *, poll_interval: float = POLL_INTERVAL, **settings: Any):
        super().__init__(**settings)
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.poll_interval = poll_interval
        self._lock = threading.RLock()
        self._db = sqlite3.connect(self.path, timeout=30, isolation_level=None,
                                   check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")      # WAL: durable at checkpoints, never corrupt
        self._db.executescript(SCHEMA)

    def __repr__(self) -> str:
        return f"<SQLiteStore {self.path}>"

    def _write(self, body: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``body`` in one immediate transaction (the write lock taken at BEGIN)."""
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                result = body(db)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            return result

    def _insert(self, room: Room) -> bool:
        def body(db: sqlite3.Connection) -> bool:
            if db.execute("SELECT 1 FROM rooms WHERE name=?", (room.name,)).fetchone():
                return False
            db.execute("DELETE FROM actions WHERE name=?", (room.name,))
            db.execute("DELETE FROM seen WHERE name=?", (room.name,))
            db.execute("INSERT INTO rooms (name, id, meta, version, generation, count, created) "
                       "VALUES (?, ?, ?, 1, 0, 0, ?)",
                       (room.name, room.id, dumps(room.meta()), room.created))
            return True

        return self._write(body)

    def _read(self, name: str, start: int) -> Room | None:
        with self._lock:
            db = self._db
            db.execute("BEGIN")            # one snapshot for the three reads
            try:
                row = db.execute("SELECT meta, version, generation, count, last_play, summary "
                                 "FROM rooms WHERE name=?", (name,)).fetchone()
                if row is None:
                    return None
                meta, version, generation, count, last_play, summary = row
                first = min(start, count)
                actions = [json.loads(a) for (a,) in db.execute(
                    "SELECT action FROM actions WHERE name=? AND n>=? ORDER BY n", (name, first))]
                seen = {seat: at for seat, at in db.execute(
                    "SELECT seat, at FROM seen WHERE name=?", (name,))}
            finally:
                db.execute("COMMIT")
        return Room.from_meta(json.loads(meta), version=version, generation=generation,
                              actions=actions, action_start=first, last_play=last_play,
                              summary=json.loads(summary), seen=seen)

    def _delete(self, name: str, idle_before: float | None = None) -> None:
        def body(db: sqlite3.Connection) -> None:
            if idle_before is not None and db.execute(
                    "SELECT 1 FROM rooms WHERE name=? AND COALESCE(last_play, created) >= ?",
                    (name, idle_before)).fetchone():
                return                     # played since the caller looked: keep it
            for table in ("rooms", "actions", "seen"):
                db.execute(f"DELETE FROM {table} WHERE name=?", (name,))

        self._write(body)

    def append(self, name: str, room_id: str, generation: int, count: int, action: list[Any],
               summary: dict[str, Any] | None = None) -> int | None:
        now = self.clock()

        def body(db: sqlite3.Connection) -> int | None:
            row = db.execute("SELECT id, generation, count, version FROM rooms WHERE name=?",
                             (name,)).fetchone()
            if row is None or row[:3] != (room_id, generation, count):
                return None
            db.execute("INSERT INTO actions (name, n, action) VALUES (?, ?, ?)",
                       (name, count, dumps(action)))
            db.execute("UPDATE rooms SET count=?, version=?, last_play=?, summary=? WHERE name=?",
                       (count + 1, row[3] + 1, now, dumps(summary or {}), name))
            return row[3] + 1

        return self._write(body)

    def update(self, name: str, change: Change) -> Room | None:
        now = self.clock()

        def body(db: sqlite3.Connection) -> Room | None:
            row = db.execute("SELECT meta, version, generation, count, last_play, summary "
                             "FROM rooms WHERE name=?", (name,)).fetchone()
            if row is None:
                return None
            meta, version, generation, count, last_play, summary = row
            seen = {seat: at for seat, at in db.execute(
                "SELECT seat, at FROM seen WHERE name=?", (name,))}
            room = Room.from_meta(json.loads(meta), version=version, generation=generation,
                                  action_start=count, last_play=last_play,
                                  summary=json.loads(summary), seen=dict(seen))
            keep = change(room)
            for seat, at in room.seen.items():
                if seen.get(seat) != at:
                    db.execute("INSERT INTO seen (name, seat, at) VALUES (?, ?, ?) ON CONFLICT "
                               "(name, seat) DO UPDATE SET at=excluded.at", (name, seat, at))
            room.version = version + 1
            if keep is not None:
                keep = max(0, min(keep, count))
                db.execute("DELETE FROM actions WHERE name=? AND n>=?", (name, keep))
                room.generation, room.action_start, room.last_play = generation + 1, keep, now
            if keep is not None:
                room.summary = {}          # written again with the next action
            db.execute("UPDATE rooms SET meta=?, version=?, generation=?, count=?, last_play=?, "
                       "summary=? WHERE name=?",
                       (dumps(room.meta()), room.version, room.generation, room.action_start,
                        room.last_play, dumps(room.summary), name))
            return room

        return self._write(body)

    def touch(self, name: str, seat: int) -> None:
        now = self.clock()
        with self._lock:
            self._db.execute("INSERT INTO seen (name, seat, at) VALUES (?, ?, ?) "
                             "ON CONFLICT (name, seat) DO UPDATE SET at=excluded.at",
                             (name, seat, now))

    def version(self, name: str) -> tuple[str, int] | None:
        with self._lock:
            row = self._db.execute("SELECT id, version FROM rooms WHERE name=?", (name,)).fetchone()
        return None if row is None else (row[0], row[1])

    def names(self) -> list[str]:
        with self._lock:
            return [n for (n,) in self._db.execute("SELECT name FROM rooms ORDER BY name")]

    def wait(self, name: str, since: tuple[str, int] | None,
             timeout: float) -> tuple[str, int] | None:
        deadline = time.monotonic() + timeout
        while True:
            found = self.version(name)
            if found != since:
                return found
            left = deadline - time.monotonic()
            if left <= 0:
                return found
            time.sleep(min(self.poll_interval, left))

    def close(self) -> None:
        with self._lock:
            self._db.close()
