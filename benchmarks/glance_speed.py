"""The teacher's glance page of a class's rooms (issue 44): a pupil's card to its room's board.

How long a card a pupil plays takes to reach its room's small board on the glance page.

    python3 benchmarks/glance_speed.py [--rooms 8] [--plays 3] [--game yukon] [--seed 1]

One apps' server (``python -m cardgames.apps_server`` over an empty folder of notebooks,
``CARDGAMES_ROOMS`` a temporary SQLite file, a teacher's key) on a free loopback port. The
teacher opens ``--rooms`` rooms of a four-player game (``Teacher.open_rooms``, PREFIX-1,
PREFIX-2...); one pupil's WebSocket client takes the first seat of each room, the computer plays
the other three. Then the glance page (``/glance/PREFIX?key=...``, one iframe per room, each the
room's projector page ``/watch/CODE`` with its own WebSocket) is opened in Debian's Chromium at
1920x1080 and the script waits until every frame's board has its four seats. For ``--plays``
rounds, the rooms in turn: when it is the pupil's turn he plays a legal card (one his socket's
last state offers) and the script times from the message sent to the card being on that room's
board in the glance page (in its trick or its last trick, as a face-up ``data-card``): a
``MutationObserver`` in each frame records ``performance.now()`` when a card first appears; each
frame's clock is aligned with the script's (``time.perf_counter``) by the quickest of a few
round trips (the uncertainty is printed). The card then glides to its place in the trick for
300 ms (board.js's ``DURATION``), not counted here. The script also reads each frame every 5 ms from
Python, an upper bound that includes Playwright's round trip. Prints Python, cores, the load
average, the median and the worst in ms and the worst as a share of the goal (1 s). The server
is stopped by SIGTERM to its process id. Needs /usr/bin/chromium and the playwright package.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import statistics
import sys
from pathlib import Path

from _common import RoomPupil, apps_server, clock  # also puts the package on the path

from cardgames.rooms import Teacher, open_store

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
GOAL = 1.0
KEY = "glance-benchmark-key"
PREFIX = "glance"
# In each frame: when each card first shows face up in the trick or the last trick (the frame's
# performance.now(), ms). Hands are down on a projector's page, so a card appears there only
# once played.
OBSERVE = """() => {
  if (window.cgSeen) return true;
  const seen = window.cgSeen = {};
  const look = () => {
    const now = performance.now();
    for (const n of document.querySelectorAll(
        ".cg-trick .cg-card[data-card], .cg-last-cards .cg-card[data-card]")) {
      if (!(n.dataset.card in seen)) seen[n.dataset.card] = now;
    }
  };
  new MutationObserver(look).observe(document.body,
    { subtree: true, childList: true, attributes: true, attributeFilter: ["data-card"] });
  look();
  return true;
}"""


class Pupil(RoomPupil):
    """One pupil's page as a WebSocket client: his seat, the last state the server sent, and
    an event set at each state."""

    def __init__(self, path: str):
        super().__init__(path)
        self.changed = asyncio.Event()

    def on_state(self, state: dict) -> None:
        self.changed.set()

    async def turn(self, timeout: float = 30) -> str | None:
        """A legal card once it is this pupil's turn (None if the hand ended first); a
        declaration the game asks for on the way is answered with its first choice."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline:
            if self.state.get("hand_over"):
                return None
            if self.state.get("actions"):
                self.send({"type": "action", "id": 0, "seq": self.state["seq"]})
            elif self.legal():
                await asyncio.sleep(0.05)        # a state on its way is read before the play
                if self.legal():
                    return self.legal()
                continue
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), max(0.0, deadline - loop.time()))
            except asyncio.TimeoutError:
                break
        return None


async def offset(frame) -> tuple[float, float]:
    """The frame's performance.now() (s) minus the script's clock, and its uncertainty (half the
    quickest of 9 round trips)."""
    best = None
    for _ in range(9):
        before = clock()
        now = await frame.evaluate("performance.now()")
        after = clock()
        if best is None or after - before < best[0]:
            best = (after - before, now / 1000 - (before + after) / 2)
    return best[1], best[0] / 2


async def measure(base: str, rooms: list, pupils: list[Pupil], plays: int) -> dict:
    from playwright.async_api import async_playwright

    listeners = [asyncio.ensure_future(p.listen()) for p in pupils]
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            context = await browser.new_context(viewport={"width": 1920, "height": 1080})
            page = await context.new_page()
            page.set_default_timeout(60_000)
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            opened = clock()
            await page.goto(f"{base}/glance/{PREFIX}?key={KEY}")
            frames = []
            for room in rooms:
                handle = await page.locator(
                    f'.cg-glance-room[data-room="{room.name}"] iframe').element_handle()
                frame = await handle.content_frame()
                await frame.wait_for_function(
                    "() => document.querySelectorAll('.cg-table .cg-cloth .cg-seat').length >= 4",
                    polling=20)
                frames.append(frame)
            drawn = clock() - opened
            visible = await page.evaluate("""() => [...document.querySelectorAll(
                '.cg-glance-frame iframe')].filter(f => { const r = f.getBoundingClientRect();
                return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
                }).length""")
            clocks = []
            for frame in frames:
                await frame.evaluate(OBSERVE)
                clocks.append(await offset(frame))
            in_page: list[float] = []
            polled: list[float] = []
            missed: list[str] = []
            ended = 0
            for _ in range(plays):
                for i, (room, pupil, frame) in enumerate(zip(rooms, pupils, frames)):
                    card = await pupil.turn()
                    if card is None:
                        ended += 1
                        continue
                    if await frame.evaluate("c => c in window.cgSeen", card):
                        missed.append(f"{room.name} {card}: on the board before it was played")
                        continue
                    sent = clock()
                    pupil.send({"type": "play", "card": card, "seq": pupil.state["seq"]})
                    shown = None
                    while clock() - sent < 10:
                        shown = await frame.evaluate("c => window.cgSeen[c]", card)
                        if shown is not None:
                            break
                        await asyncio.sleep(0.005)
                    seen = clock()
                    if shown is None:
                        played = any(p["card"] == card for p in pupil.state["trick"]["plays"]) or \
                            any(p["card"] == card
                                for p in (pupil.state.get("last_trick") or {}).get("plays", []))
                        missed.append(f"{room.name} {card}: not on the glance page after 10 s "
                                      f"(the pupil's own page {'has' if played else 'lacks'} it)")
                        continue
                    in_page.append(shown / 1000 - clocks[i][0] - sent)
                    polled.append(seen - sent)
            return {"in_page": in_page, "polled": polled, "missed": missed, "ended": ended,
                    "drawn": drawn, "visible": visible, "errors": errors,
                    "uncertainty": max(c[1] for c in clocks)}
        finally:
            for task in listeners:
                task.cancel()
            for pupil in pupils:
                pupil.socket.close()
            await browser.close()


async def seat_pupils(address: str, rooms: list) -> list[Pupil]:
    pupils = [Pupil(f"/rooms/socket/join/{next(iter(room.codes.values()))}") for room in rooms]
    await asyncio.gather(*(p.sit(address) for p in pupils))
    return pupils


async def run(base: str, address: str, store: Path, args) -> dict:
    teacher = Teacher(open_store(store), key=KEY, expected=KEY)
    rooms = teacher.open_rooms(args.rooms, args.game, prefix=PREFIX, players=4, seed=args.seed)
    pupils = await seat_pupils(address, rooms)
    return await measure(base, rooms, pupils, args.plays)


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    options.add_argument("--rooms", type=int, default=8, help="rooms of the class (default 8)")
    options.add_argument("--plays", type=int, default=3, help="cards played a room (default 3)")
    options.add_argument("--game", default="yukon", help="a four-player game (default yukon)")
    options.add_argument("--seed", type=int, default=1, help="the first room's deal (default 1)")
    args = options.parse_args()
    if not Path(CHROMIUM).exists():
        sys.exit(f"needs Debian's chromium at {CHROMIUM}")
    load = os.getloadavg()
    with apps_server(key=KEY) as server:
        found = asyncio.run(run(server.base, f"127.0.0.1:{server.port}", server.rooms, args))
    load_end = os.getloadavg()
    in_page, polled = found["in_page"], found["polled"]
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores, load average "
          f"{'/'.join(f'{x:.1f}' for x in load)} at the start, "
          f"{'/'.join(f'{x:.1f}' for x in load_end)} at the end")
    print(f"{args.rooms} rooms of {args.game} on the glance page at 1920x1080 "
          f"({found['visible']} frames in the window), every board drawn "
          f"{found['drawn']:.2f} s after the page was asked for")
    print(f"{len(in_page)} plays ({args.plays} a room asked for"
          + (f"; {found['ended']} not made: the hand was over" if found["ended"] else "") + ")")
    if in_page:
        worst = max(in_page)
        print(f"  a played card on its room's board in the glance page: median "
              f"{statistics.median(in_page) * 1000:.0f} ms, worst {worst * 1000:.0f} ms "
              f"(in the page's clock, ±{found['uncertainty'] * 1000:.1f} ms); "
              f"worst/goal {worst / GOAL:.2f} (goal {GOAL:.0f} s)")
        print(f"  as read from Python every 5 ms: median "
              f"{statistics.median(polled) * 1000:.0f} ms, worst {max(polled) * 1000:.0f} ms")
    for line in found["missed"]:
        print(f"  MISSED {line}")
    for line in found["errors"]:
        print(f"  page error: {line}")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
