"""A class on the apps' server's rooms (issue 43): N pupils opening their links in the same second.

Starts ``python -m cardgames.apps_server`` (the apps' real server: Voila and the rooms' pages)
on a free loopback port with its own SQLite rooms file, opens rooms for the pupils as the
teacher would (``Teacher.open_rooms``), then opens every pupil's WebSocket at once, as N phones
opening their links: each takes its seat when its page asks for its token. Prints the time to be
seated (median, worst), the server's memory idle and with the pupils (per pupil), the kernels
the server started (none is for a pupil: Voila's own preheated ones are counted before), then
clicks: the pupil to move plays a legal card, and the time until every other page of the room
has the card is measured (median, worst).

    python benchmarks/room_server_load.py --pupils 30 --clicks 40

Goals: seated within 2 s (median ≤ 1 s), no kernel for a pupil, ≤ 5 MiB per pupil beyond the
idle server, a click to the other pages median ≤ 0.2 s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import time
from pathlib import Path

from _common import RoomPupil, apps_server  # also puts the package on the path

from cardgames.rooms import Teacher
from cardgames.rooms.sqlite_store import SQLiteStore
from cardgames.voila_process import rss_mib


def cpu_seconds(pid: int) -> float:
    """The process's user and system CPU time so far, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> int:
    """The server's child processes (its kernels)."""
    found = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True)
    return len(found.stdout.split())


class Pupil(RoomPupil):
    """A pupil's page: when it was seated, and when each card played reached it."""

    def __init__(self, link_path: str):
        super().__init__(link_path)
        self.seated_after: float | None = None
        self.seen: dict[str, float] = {}      # card -> when it reached this page

    async def join(self, address: str, started: float) -> None:
        await self.sit(address)
        self.seated_after = time.perf_counter() - started

    def on_state(self, state: dict) -> None:
        if self.seated_after is not None:
            for play in state["trick"]["plays"]:
                self.seen.setdefault(play["card"], time.perf_counter())


async def measure(address: str, links: list[list[str]], clicks: int, pid: int) -> dict:
    rooms = [[Pupil(link) for link in room] for room in links]
    pupils = [p for room in rooms for p in room]
    started = time.perf_counter()
    await asyncio.gather(*(p.join(address, started) for p in pupils))
    seated = [p.seated_after for p in pupils]
    memory = rss_mib(pid)
    kernels = children(pid)
    listeners = [asyncio.ensure_future(p.listen()) for p in pupils]
    before = cpu_seconds(pid)
    await asyncio.sleep(5)
    idle_cpu = (cpu_seconds(pid) - before) / 5
    delays: list[float] = []
    for _ in range(clicks):
        for room in rooms:
            mover = next((p for p in room if p.legal()), None)
            if mover is None:
                continue
            card = mover.legal()
            sent = time.perf_counter()
            mover.send({"type": "play", "card": card, "seq": mover.state["seq"]})
            others = [p for p in room if p is not mover]
            deadline = sent + 5
            while time.perf_counter() < deadline and not all(card in p.seen for p in others):
                await asyncio.sleep(0.005)
            delays += [p.seen[card] - sent for p in others if card in p.seen]
            for p in others:
                p.seen.pop(card, None)
            await asyncio.sleep(0.05)
    for task in listeners:
        task.cancel()
    return {"seated": seated, "memory": memory, "kernels": kernels, "delays": delays,
            "idle_cpu": idle_cpu}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--seats", type=int, default=4, help="pupils per room (Yukon, 4 players)")
    parser.add_argument("--clicks", type=int, default=20, help="plays per room")
    args = parser.parse_args()
    with apps_server("notebooks/") as server:
        pid = server.process.pid
        time.sleep(8)                              # Voila's preheated kernels start first
        idle, kernels_idle = rss_mib(pid), children(pid)
        store = SQLiteStore(server.rooms)
        count = -(-args.pupils // args.seats)
        opened = Teacher(store, expected="").open_rooms(count, "yukon", prefix="bench",
                                                        players=4, seed=1)
        links, left = [], args.pupils
        for room in opened:
            codes = list(room.codes.values())[:min(args.seats, left)]
            left -= len(codes)
            links.append([f"/rooms/socket/join/{c}" for c in codes])
        found = asyncio.run(measure(f"127.0.0.1:{server.port}", links, args.clicks, pid))
    seated, delays = found["seated"], found["delays"]
    print(f"{args.pupils} pupils opening their links at once in {len(links)} rooms")
    print(f"  seated: median {statistics.median(seated):.2f} s, worst {max(seated):.2f} s "
          "(goal: within 2 s, median <= 1 s)")
    print(f"  server memory: idle {idle:.0f} MiB, with the pupils {found['memory']:.0f} MiB: "
          f"{(found['memory'] - idle) / args.pupils:.2f} MiB a pupil (goal <= 5)")
    print(f"  kernels: {kernels_idle} before the pupils (Voila's preheated pool), "
          f"{found['kernels']} with them: {found['kernels'] - kernels_idle} for the pupils (goal 0)")
    print(f"  the server's CPU with the pupils seated and nobody playing: "
          f"{found['idle_cpu'] * 100:.0f}% of a core (each page looks at its room every 0.1 s)")
    if delays:
        delays.sort()
        print(f"  a click to the other pages of its room: median {statistics.median(delays) * 1000:.0f}"
              f" ms, 90% {delays[int(len(delays) * 0.9)] * 1000:.0f} ms, worst "
              f"{delays[-1] * 1000:.0f} ms over {len(delays)} deliveries (goal: median <= 200 ms)")
    else:
        print("  no click was made")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
