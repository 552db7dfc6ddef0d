"""The rooms in Redis (``CARDGAMES_ROOMS=redis://host:port/db``): the same interface as the
SQLite file, for several servers behind JupyterHub.

Keys, under a prefix (default ``cardgames:``): ``room:NAME`` (a hash: the settings as JSON
and the counters), ``room:NAME:actions`` (a list), ``room:NAME:seen`` (a hash, seat to time),
``rooms`` (a set of names). "Append action number k" is one Lua script (Redis runs it
atomically): it checks the room's id, generation and count, pushes the action, bumps the
version and publishes it on the room's channel, where waiting kernels wake up. The other
changes read, change and write under WATCH/MULTI, retried if the room moved meanwhile. Rooms
survive a restart as far as the server's persistence is configured (RDB or AOF); a TTL a day
longer than the expiry is set as a safety net, the expiry itself is checked like SQLite's.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

from .room import Room, RoomError
from .store import Change, RoomStore, dumps

try:
    import redis
except ImportError:           # pragma: no cover - said when a Redis store is asked for
    redis = None

APPEND = """
if redis.call('HGET', KEYS[1], 'id') ~= ARGV[1] then return 0 end
if redis.call('HGET', KEYS[1], 'generation') ~= ARGV[2] then return 0 end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[3]) then return 0 end
redis.call('RPUSH', KEYS[2], ARGV[4])
local version = redis.call('HINCRBY', KEYS[1], 'version', 1)
redis.call('HSET', KEYS[1], 'count', tonumber(ARGV[3]) + 1, 'last_play', ARGV[5], 'summary', ARGV[6])
for i = 1, 3 do redis.call('EXPIRE', KEYS[i], ARGV[7]) end
redis.call('PUBLISH', KEYS[1], ARGV[1] .. ':' .. version)
return version
"""

INSERT = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2], KEYS[3])
redis.call('HSET', KEYS[1], 'id', ARGV[1], 'meta', ARGV[2], 'version', 1, 'generation', 0,
           'count', 0, 'created', ARGV[3], 'summary', '{}')
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('SADD', KEYS[4], ARGV[5])
return 1
"""

SAFETY = 24 * 3600          # s: the keys' TTL beyond the expiry
RECHECK = 1.0               # s: a waiting kernel reads the version at least this often


def _newer(found: tuple[str, int] | None, since: tuple[str, int] | None) -> bool:
    """Is ``found`` (an id and version, None: no room) news to a kernel that knows ``since``?"""
    if found is None or since is None:
        return found != since
    return found[0] != since[0] or found[1] > since[1]


class RedisStore(RoomStore):
    """Rooms in Redis. One connection pool per store object, plus a pub/sub connection opened
    on the first :meth:`wait`."""

    def __init__(self, url: str, *, prefix: str = "cardgames:", **settings: Any):
        super().__init__(**settings)
        if redis is None:
            raise RoomError("a Redis rooms store needs the 'redis' package: "
                            "pip install 'cardgames[rooms]'")
        self.url = url
        self.prefix = prefix
        self._redis = redis.Redis.from_url(url, decode_responses=True)
        self._append = self._redis.register_script(APPEND)
        self._insert_script = self._redis.register_script(INSERT)
        self._pubsub = None
        self._subscribed: set[str] = set()
        self._checked: dict[str, float] = {}

    def __repr__(self) -> str:
        return f"<RedisStore {self.url}>"

    def _keys(self, name: str) -> tuple[str, str, str]:
        room = f"{self.prefix}room:{name}"
        return room, room + ":actions", room + ":seen"

    @property
    def _ttl(self) -> int:
        return int(self.expire_after + SAFETY)

    def _insert(self, room: Room) -> bool:
        keys = (*self._keys(room.name), self.prefix + "rooms")
        return bool(self._insert_script(keys=keys, args=[room.id, dumps(room.meta()), room.created,
                                                        self._ttl, room.name]))

    @staticmethod
    def _room(data: dict[str, str], seen: dict[str, str], actions: list[str], start: int) -> Room:
        return Room.from_meta(
            json.loads(data["meta"]), version=int(data["version"]),
            generation=int(data["generation"]), actions=[json.loads(a) for a in actions],
            action_start=start,
            last_play=float(data["last_play"]) if data.get("last_play") else None,
            summary=json.loads(data.get("summary") or "{}"),
            seen={int(k): float(v) for k, v in seen.items()})

    def _read(self, name: str, start: int) -> Room | None:
        room_key, actions_key, seen_key = self._keys(name)
        with self._redis.pipeline(transaction=True) as pipe:   # one MULTI: one snapshot
            pipe.hgetall(room_key).hgetall(seen_key).llen(actions_key)
            pipe.lrange(actions_key, start, -1)
            data, seen, count, actions = pipe.execute()
        if not data:
            return None
        return self._room(data, seen, actions, min(start, count))

    def _delete(self, name: str, idle_before: float | None = None) -> None:
        keys = self._keys(name)
        with self._redis.pipeline(transaction=True) as pipe:
            while True:
                try:
                    pipe.watch(keys[0])
                    if idle_before is not None:
                        last = pipe.hmget(keys[0], "last_play", "created")
                        active = last[0] or last[1]
                        if active is not None and float(active) >= idle_before:
                            pipe.unwatch()
                            return         # played since the caller looked: keep it
                    pipe.multi()
                    pipe.delete(*keys).srem(self.prefix + "rooms", name)
                    pipe.publish(keys[0], "closed")
                    pipe.execute()
                    return
                except redis.WatchError:
                    continue

    def append(self, name: str, room_id: str, generation: int, count: int, action: list[Any],
               summary: dict[str, Any] | None = None) -> int | None:
        version = self._append(keys=self._keys(name), args=[
            room_id, generation, count, dumps(action), self.clock(), dumps(summary or {}),
            self._ttl])
        return int(version) or None

    def update(self, name: str, change: Change) -> Room | None:
        room_key, actions_key, seen_key = self._keys(name)
        now = self.clock()
        with self._redis.pipeline(transaction=True) as pipe:
            while True:
                try:
                    pipe.watch(room_key, actions_key)
                    data = pipe.hgetall(room_key)
                    if not data:
                        pipe.unwatch()
                        return None
                    count = pipe.llen(actions_key)
                    room = self._room(data, pipe.hgetall(seen_key), [], count)
                    seen = dict(room.seen)
                    keep = change(room)
                    room.version += 1
                    pipe.multi()
                    fields: dict[str, Any] = {"meta": dumps(room.meta()), "version": room.version}
                    if keep is not None:
                        keep = max(0, min(keep, count))
                        if keep:
                            pipe.ltrim(actions_key, 0, keep - 1)
                        else:
                            pipe.delete(actions_key)
                        room.generation += 1
                        room.action_start, room.last_play = keep, now
                        room.summary = {}      # written again with the next action
                        fields.update(generation=room.generation, count=keep, last_play=now,
                                      summary="{}")
                        pipe.expire(room_key, self._ttl)
                    pipe.hset(room_key, mapping=fields)
                    changed_seen = {str(s): at for s, at in room.seen.items() if seen.get(s) != at}
                    if changed_seen:
                        pipe.hset(seen_key, mapping=changed_seen)
                        pipe.expire(seen_key, self._ttl)
                    pipe.publish(room_key, f"{room.id}:{room.version}")
                    pipe.execute()
                    return room
                except redis.WatchError:
                    continue

    def touch(self, name: str, seat: int) -> None:
        seen_key = self._keys(name)[2]
        with self._redis.pipeline(transaction=False) as pipe:
            pipe.hset(seen_key, str(seat), self.clock()).expire(seen_key, self._ttl).execute()

    def version(self, name: str) -> tuple[str, int] | None:
        found = self._redis.hmget(self._keys(name)[0], "id", "version")
        return None if found[0] is None else (found[0], int(found[1]))

    def names(self) -> list[str]:
        return sorted(self._redis.smembers(self.prefix + "rooms"))

    def wait(self, name: str, since: tuple[str, int] | None,
             timeout: float) -> tuple[str, int] | None:
        """Wait on the room's channel: every change publishes the room's id and new version
        there. The version is read from the server only on the first wait and then at most
        every :data:`RECHECK` seconds (in case a message was lost with a connection), so a
        kernel waiting on a quiet room costs the server next to nothing."""
        channel = self._keys(name)[0]
        if self._pubsub is None:
            self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        now = time.monotonic()
        if channel not in self._subscribed:
            self._pubsub.subscribe(channel)       # before reading: no change slips between
            self._subscribed.add(channel)
            self._checked[channel] = float("-inf")
        if now - self._checked[channel] >= RECHECK:
            self._checked[channel] = now
            found = self.version(name)
            if _newer(found, since):
                return found
        deadline = now + timeout
        latest = None
        while True:
            left = deadline - time.monotonic()
            message = self._pubsub.get_message(timeout=max(0.0, left))
            while message is not None:
                if message.get("type") == "message" and message.get("channel") == channel:
                    data = message["data"]
                    if data == "closed":
                        return self.version(name)
                    room_id, _, version = data.rpartition(":")
                    heard = (room_id, int(version))
                    if _newer(heard, since) and (latest is None or _newer(heard, latest)):
                        latest = heard
                message = self._pubsub.get_message(timeout=0)
            if latest is not None:
                return latest
            if left <= 0:
                return since

    def listen(self, changed: Callable[[str], Any], stop: threading.Event) -> None:
        """Call ``changed(room name)`` for every change of any room of this prefix (its
        pub/sub message), until ``stop`` is set: the apps' server runs this in a thread of its
        own, so that a card played on another server reaches its pages at once."""
        pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        start = f"{self.prefix}room:"
        pubsub.psubscribe(start + "*")
        try:
            while not stop.is_set():
                message = pubsub.get_message(timeout=0.5)
                if message and message.get("type") == "pmessage":
                    channel = message.get("channel") or ""
                    if channel.startswith(start):
                        changed(channel[len(start):])
        finally:
            pubsub.close()

    def close(self) -> None:
        if self._pubsub is not None:
            self._pubsub.close()
            self._pubsub = None
            self._subscribed.clear()
            self._checked.clear()
        self._redis.close()

    def flush(self) -> None:
        """Delete every key under this store's prefix (tests)."""
        keys = list(self._redis.scan_iter(self.prefix + "*"))
        if keys:
            self._redis.delete(*keys)
