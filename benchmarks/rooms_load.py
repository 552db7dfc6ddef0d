"""Rooms under load: N rooms of P simulated pupils, each pupil a process with its own RoomTable
(as each pupil's page has its own kernel), all on one store: an SQLite file, then a Redis
server started for the run on a free loopback port.

Each pupil polls the room (SQLite: reads the version every ``--poll`` seconds; Redis: waits
on the room's channel, at most ``--poll`` seconds) and, when it is his turn, thinks for a
random time (uniform, 0 to twice ``--think``) and plays a random legal action. Every room is a
match, so play goes on hand after hand for ``--seconds``. Printed: the spread (median, 95th
percentile, worst) of the time from a pupil's click (the call to ``play``) to the action
appearing in each other pupil's poll of the room, the number of such deliveries, actions
applied, refused clicks, and memory (each pupil process, the Redis server, the SQLite file).
The pages are not part of it: a page adds its kernel-to-browser round trip (about 60-70 ms
here, ``benchmarks/apps_speed.py``).

    python benchmarks/rooms_load.py [--rooms 8] [--pupils 4] [--game yukon] [--seconds 60]
                                    [--think 0.5] [--poll 0.1] [--store sqlite redis]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardgames.rooms import RaceLost, RoomTable, Teacher, new_holder  # noqa: E402
from cardgames.rooms.local_redis import LocalRedis, redis_server  # noqa: E402
from cardgames.voila_process import rss_mib  # noqa: E402


def open_store(kind: str, where: str, poll: float):
    if kind == "sqlite":
        from cardgames.rooms.sqlite_store import SQLiteStore

        return SQLiteStore(where, poll_interval=poll)
    from cardgames.rooms.redis_store import RedisStore

    return RedisStore(where)


def pupil(kind: str, where: str, room: str, seat: int, seconds: float, think: float,
          poll: float, seed: int, start, results) -> None:
    """One pupil's kernel: poll, and play when it is his turn."""
    before = rss_mib()                         # the process with the package imported
    store = open_store(kind, where, poll)
    table = RoomTable(store)
    table.join(room, seat, new_holder())
    rng = random.Random(seed)
    start.wait()
    deadline = time.time() + seconds
    seen: list[tuple[int, float]] = []        # (action number, when this pupil saw it)
    played: list[tuple[int, float]] = []      # (action number, when the click was made)
    refused = 0
    count = table.count
    polls = 0
    thinking_until = None
    while time.time() < deadline:
        polled = table.poll(timeout=poll)
        polls += 1
        now = time.time()
        for number in range(count, polled.count):
            seen.append((number, now))
        count = polled.count
        match = table.match()
        if match is not None and match.is_over:
            break
        if not polled.your_turn:
            thinking_until = None
            continue
        if thinking_until is None:
            thinking_until = now + rng.uniform(0, 2 * think)
        if now < thinking_until:
            time.sleep(min(poll, thinking_until - now))
            continue
        thinking_until = None
        legal = table.view().legal_actions()
        if not legal:
            continue
        click = time.time()
        try:
            table.play(rng.choice(legal), seq=count)
            played.append((count, click))
            count += 1
        except RaceLost:
            refused += 1
    results.put({"room": room, "seat": seat, "seen": seen, "played": played,
                 "refused": refused, "polls": polls, "rss": rss_mib(), "base": before,
                 "cpu": time.process_time()})
    store.close()


def spread(values: list[float]) -> str:
    if not values:
        return "no deliveries"
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))]
    return (f"median {statistics.median(values) * 1000:.0f} ms, 95th {p95 * 1000:.0f} ms, "
            f"worst {values[-1] * 1000:.0f} ms")


def run(kind: str, where: str, args, server: LocalRedis | None = None) -> dict:
    store = open_store(kind, where, args.poll)
    opened = Teacher(store).open_rooms(args.rooms, args.game, prefix="load", seed=1,
                                       players=args.pupils, match=True)
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(args.rooms * args.pupils + 1)
    results = context.Queue()
    processes = [
        context.Process(target=pupil, args=(kind, where, room.name, seat, args.seconds,
                                            args.think, args.poll, 100 * r + seat, start, results))
        for r, room in enumerate(opened) for seat in range(args.pupils)]
    for p in processes:
        p.start()
    start.wait(timeout=300)
    load_before = os.getloadavg()[0]
    time.sleep(args.seconds / 2)
    redis_mib = server.memory_mib() if server else 0.0
    reports = [results.get(timeout=args.seconds + 300) for _ in processes]
    for p in processes:
        p.join(timeout=60)
    delays: list[float] = []
    by_room: dict[str, list[dict]] = {}
    for report in reports:
        by_room.setdefault(report["room"], []).append(report)
    actions = 0
    for room, pupils in by_room.items():
        for author in pupils:
            for number, click in author["played"]:
                actions += 1
                for other in pupils:
                    if other is author:
                        continue
                    when = [t for n, t in other["seen"] if n == number]
                    if when:
                        delays.append(when[0] - click)
    rss = sorted(r["rss"] for r in reports)
    sizes = sum(f.stat().st_size for f in Path(where).parent.glob(Path(where).name + "*")) \
        if kind == "sqlite" else 0
    store.close()
    return {"kind": kind, "delays": delays, "actions": actions,
            "refused": sum(r["refused"] for r in reports),
            "polls": sum(r["polls"] for r in reports), "rss": rss, "redis": redis_mib,
            "file": sizes, "load": load_before, "load_end": os.getloadavg()[0],
            "cpu": sorted(r["cpu"] for r in reports),
            "room_part": sorted(r["rss"] - r["base"] for r in reports)}


def report(result: dict, args) -> None:
    kind = {"sqlite": "SQLite (one file, WAL)", "redis": "Redis (pub/sub)"}[result["kind"]]
    rss = result["rss"]
    print(f"\n{kind}: {args.rooms} rooms x {args.pupils} pupils ({args.game}, match), "
          f"{args.seconds:.0f} s, think {args.think} s on average, poll {args.poll} s")
    print(f"  click to every other pupil's poll: {spread(result['delays'])} "
          f"({len(result['delays'])} deliveries of {result['actions']} actions; goal: median "
          "<= 1 s, worst <= 3 s)")
    cpu = result["cpu"]
    print(f"  refused clicks (another action first): {result['refused']}; polls: {result['polls']}; "
          f"CPU time of a pupil process {statistics.median(cpu):.1f} s (median; "
          f"{cpu[0]:.1f}-{cpu[-1]:.1f}, start-up included); load average {result['load']:.1f} "
          f"at the start, {result['load_end']:.1f} at the end")
    part = result["room_part"]
    print(f"  memory: each pupil process {statistics.median(rss):.0f} MiB (median; "
          f"{rss[0]:.0f}-{rss[-1]:.0f}), of which the store and the room "
          f"{statistics.median(part):.1f} MiB ({part[0]:.1f}-{part[-1]:.1f}; the rest is Python "
          f"and the package), {sum(rss):.0f} MiB for all {len(rss)}"
          + (f"; redis-server {result['redis']:.1f} MiB" if result["kind"] == "redis" else "")
          + (f"; the SQLite file and its WAL {result['file'] / 1024:.0f} KiB"
             if result["kind"] == "sqlite" else ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--rooms", type=int, default=8)
    parser.add_argument("--pupils", type=int, default=4, help="pupils per room (the player count)")
    parser.add_argument("--game", default="yukon")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=0.5, help="mean thinking time, s")
    parser.add_argument("--poll", type=float, default=0.1, help="longest wait between polls, s")
    parser.add_argument("--store", nargs="+", choices=["sqlite", "redis"],
                        default=["sqlite", "redis"])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rooms-load-") as folder:
        if "sqlite" in args.store:
            report(run("sqlite", os.path.join(folder, "rooms.sqlite3"), args), args)
        if "redis" in args.store:
            if redis_server() is None:
                print("\nRedis: skipped, redis-server is not installed (Debian's 'redis-server')")
            else:
                with LocalRedis(os.path.join(folder, "redis")) as server:
                    report(run("redis", server.url, args, server), args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
