"""Speed of the Voila apps in Chromium, beside a bare notebook of 60 ipywidgets buttons.

    python3 benchmarks/apps_speed.py [games...] [--rounds 3] [--clicks 5]

One Voila server (the repository root, preheated kernels as in voila.json, on a free loopback
port) serves the apps and ``benchmarks/bare_buttons.ipynb``. For each page, in rotation so that
every kernel pool has refilled before its notebook is opened again:

* first hand: from asking for the page to the first playable card (or action) on the board;
  for the bare notebook, to the 60th button;
* click to redraw: from a click on a playable card to the board redrawn (its message line
  changed: the board is one widget, so the whole redraw is timed); for the bare
  notebook, from a click to the label's new text;
* messages: the widget updates (comm messages) the page received for each click, counted on
  the kernel's websocket until the next click: each is a trip kernel -> server -> browser.

Goals (issue 19): first hand <= 1.0 x the bare notebook; click to redraw <= 1.0 x the bare button
round trip. (The widget models of a table are counted by tests/test_widgets.py.) Prints medians and the ratios. Needs Debian's chromium at /usr/bin/chromium and the
playwright package (no browser download). The server is stopped by SIGTERM to its process id.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardgames.serve import (  # noqa: E402
    KERNEL_ARGUMENTS, free_port, stop, voila_environment, wait_until_serving,
)
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
GAMES = ["quinto", "yukon", "pip_pip", "guinote", "pippins_aplenty"]
BARE = "bare_buttons"
# The table is drawn when its first playable card (or action: Quinto's doubling) is on the board.
DRAWN = """() => { const t = document.querySelector('.cg-app .cg-table');
                  return t && t.querySelector('.cg-card[data-legal="true"], .cg-action'); }"""


def start_server(log_path: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = voila_environment()       # JUPYTER_PATH: the cardgames template
    env["PYTHONPATH"] = os.pathsep.join(p for p in [str(ROOT), env.get("PYTHONPATH", "")] if p)
    log = open(log_path, "w")
    process = subprocess.Popen(
        [sys.executable, "-m", "voila", ".", "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", "--preheat_kernel=True", "--pool_size=1", *KERNEL_ARGUMENTS,
         # preheat only the apps and the bare notebook (Voila matches absolute paths here)
         r"--VoilaKernelManager.preheat_denylist=^(?!.*/(notebooks|benchmarks)/[^/]*\.ipynb$)|.*/\.venv/"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(base, process)
    except (RuntimeError, TimeoutError) as error:
        raise SystemExit(f"{error}:\n" + log_path.read_text()[-2000:]) from None
    return process, base


def wait_for_pools(log_path: Path, wanted: dict[str, int], timeout: float = 120) -> None:
    """Until each notebook's pool has been filled ``wanted[name]`` times (Voila logs each fill):
    once at start, and once more after each page load that took its preheated kernel."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = log_path.read_text()
        if all(len(re.findall(rf"Kernel pool of \S*/{name}\.ipynb is filled", text)) >= count
               for name, count in wanted.items()):
            return
        time.sleep(0.2)
    print(f"(a kernel pool did not refill within {timeout:.0f} s: {wanted})", file=sys.stderr)


UPDATE = re.compile(rb'"method":\s*"update"')


def count_updates(page) -> list[int]:
    """A list that counts the widget updates the page receives from now on (one per frame)."""
    updates = [0]

    def frame(payload) -> None:
        data = payload.encode() if isinstance(payload, str) else payload
        if UPDATE.search(data):
            updates[0] += 1
    page.on("websocket", lambda ws: ws.on("framereceived", frame))
    return updates


def block_outside(page) -> None:
    """The lab template links Font Awesome from a CDN: answer with an empty style sheet, and
    refuse anything else that would leave the machine."""
    def outside(route):
        if "cdn.jsdelivr.net" in route.request.url:
            route.fulfill(status=200, content_type="text/css", body="")
        else:
            route.abort()
    page.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/]).*"), outside)


def measure_bare(browser, base: str, clicks: int) -> tuple[float, list[float], list[int]]:
    page = browser.new_page()
    block_outside(page)
    updates = count_updates(page)
    start = time.perf_counter()
    page.goto(f"{base}/voila/render/benchmarks/{BARE}.ipynb", wait_until="commit")
    page.locator(".bare-button >> nth=59").wait_for(timeout=120_000)
    first = time.perf_counter() - start
    trips, messages = [], []
    for i in range(clicks):
        before = page.locator(".bare-count").inner_text()
        start = updates[0]
        t = time.perf_counter()
        page.locator(f".bare-button >> nth={i}").click()
        page.wait_for_function("b => document.querySelector('.bare-count').innerText !== b", arg=before)
        trips.append(time.perf_counter() - t)
        messages.append(updates[0] - start)   # its one update has come: the label changed
    page.close()
    return first, trips, messages


def measure_app(browser, base: str, game: str, clicks: int) -> tuple[float, list[float], list[int]]:
    page = browser.new_page()
    block_outside(page)
    updates = count_updates(page)
    start = time.perf_counter()
    page.goto(f"{base}/voila/render/notebooks/{game}.ipynb?seed=11", wait_until="commit")
    page.wait_for_function(DRAWN, timeout=120_000, polling="raf")
    first = time.perf_counter() - start
    trips, messages = [], []
    table = page.locator(".cg-app >> nth=0 >> .cg-table")
    for _ in range(clicks):
        buttons = table.locator('.cg-hand .cg-card[data-legal="true"]')
        if not buttons.count():
            buttons = table.locator(".cg-action")
        if not buttons.count():
            break
        message = table.locator(".cg-message").inner_text()
        start = updates[0]
        t = time.perf_counter()
        buttons.first.click()
        page.wait_for_function(
            "m => document.querySelector('.cg-app .cg-table .cg-message').innerText !== m", arg=message)
        trips.append(time.perf_counter() - t)
        page.wait_for_timeout(500)   # let the rest of the redraw land before the next click (not timed)
        messages.append(updates[0] - start)
    page.close()
    return first, trips, messages


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--rounds", type=int, default=3, help="page loads per notebook")
    parser.add_argument("--clicks", type=int, default=5, help="clicks per page load")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"needs Debian's chromium at {CHROMIUM}")
        return 2
    from playwright.sync_api import sync_playwright

    log_path = ROOT / "test-artifacts" / "voila-apps-speed.log"
    log_path.parent.mkdir(exist_ok=True)
    process, base = start_server(log_path)
    first: dict[str, list[float]] = {}
    trips: dict[str, list[float]] = {}
    messages: dict[str, list[int]] = {}
    try:
        loads = {name: 0 for name in [BARE, *args.games]}
        wait_for_pools(log_path, {name: 1 for name in loads})
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            measure_bare(browser, base, 1)          # warm the browser's caches once
            loads[BARE] += 1
            for _ in range(args.rounds):
                for name in [BARE, *args.games]:
                    wait_for_pools(log_path, {name: loads[name] + 1}, timeout=60)
                    loads[name] += 1
                    f, t, m = (measure_bare(browser, base, args.clicks) if name == BARE
                               else measure_app(browser, base, name, args.clicks))
                    first.setdefault(name, []).append(f)
                    trips.setdefault(name, []).extend(t)
                    messages.setdefault(name, []).extend(m)
            browser.close()
    finally:
        stop(process)

    def spread(counts: list[int]) -> str:
        return f"{min(counts)}-{max(counts)}" if counts else "-"

    print(f"Voila apps in Chromium: Python {platform.python_version()}, {os.cpu_count()} cores, "
          f"{args.rounds} page loads and up to {args.rounds * args.clicks} clicks each (medians; "
          f"messages: the widget updates a click sent, fewest-most; load {os.getloadavg()[0]:.1f})")
    bare_first = statistics.median(first[BARE])
    bare_trip = statistics.median(trips[BARE])
    print(f"{'page':<18}{'first hand':>12}{'x bare':>8}{'click->redraw':>15}{'x bare':>8}{'messages':>10}")
    print(f"{'60 bare buttons':<18}{bare_first:>11.2f}s{1:>8.2f}{bare_trip * 1000:>13.0f}ms{1:>8.2f}"
          f"{spread(messages[BARE]):>10}")
    worst_first = worst_trip = 0.0
    for name in args.games:
        f = statistics.median(first[name])
        t = statistics.median(trips[name]) if trips.get(name) else float("nan")
        worst_first, worst_trip = max(worst_first, f / bare_first), max(worst_trip, t / bare_trip)
        print(f"{name:<18}{f:>11.2f}s{f / bare_first:>8.2f}{t * 1000:>13.0f}ms{t / bare_trip:>8.2f}"
              f"{spread(messages.get(name, [])):>10}")
    print(f"goals (issue 19): first hand <= 1.0 x bare ({'met' if worst_first <= 1.0 else 'NOT met'}: "
          f"worst {worst_first:.2f}); click to redraw <= 1.0 x bare "
          f"({'met' if worst_trip <= 1.0 else 'NOT met'}: worst {worst_trip:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
