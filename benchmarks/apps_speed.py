"""Speed of the Voila apps in Chromium, beside a bare notebook of 60 ipywidgets buttons.

    python3 benchmarks/apps_speed.py [games...] [--rounds 3] [--clicks 8] [--reduced-motion] [--verbose]

One Voila server (the repository root, preheated kernels as in voila.json and refilled as
``tasks.py apps`` refills them, on a free loopback port) serves the apps and
``benchmarks/bare_buttons.ipynb``. For each page, in rotation so that
every kernel pool has refilled, and the server and its kernels are idle (the refilled kernel
has run its notebook), before its notebook is opened again:

* first hand: from asking for the page to the first playable card (or action) on the board;
  for the bare notebook, to the 60th button;
* click to redraw: from a click on a playable card to the board redrawn; for the bare
  notebook, from a click to the label's new text. Timed three ways: "click", by this script
  around Playwright's ``click`` to the message line changed (Playwright first checks that the
  element is visible, stable and hit, ~50-100 ms); "shown", in the page, from the
  ``pointerdown`` to the animation frame after the card is on the cloth (the label's text);
  "answer", the same to the frame after Python's state was drawn (``data-seq`` on the board).
  Clicks start once the page's kernel pool has refilled and its new kernel has run the notebook:
  Voila starts the next preheated kernel, running the whole notebook, ten seconds after a page
  takes one, and the apps' notebooks cost far more CPU to run than the bare one;
* messages: the widget updates (comm messages) the page received for each click, counted on
  the kernel's websocket until the next click: each is a trip kernel -> server -> browser.

Goals (issue 19): first hand <= 1.0 x the bare notebook; click to redraw <= 1.0 x the bare button
round trip. A card clicked is drawn on the cloth by the board itself, before Python answers
(``foresee`` in board.js): "shown" times that, "answer" the frame that shows Python's state
(the other seats' plays), one round trip plus the redraw: issue 41's goal for it is <= 1.5 x
the bare button's round trip. (The widget models of a table are
counted by tests/test_widgets.py.) Prints medians and the ratios. Needs Debian's chromium at
/usr/bin/chromium and the playwright package (no browser download). The server is stopped by SIGTERM to its process id.
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
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardgames.voila_process import (  # noqa: E402
    KERNEL_ARGUMENTS, free_port, stop, voila_environment, wait_until_serving,
)
from tasks import FILL_DELAY, PAGE_REFILL_SECONDS  # noqa: E402  (as `tasks.py apps` serves)
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
         f"{FILL_DELAY}={PAGE_REFILL_SECONDS}",
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


def wait_until_quiet(server: subprocess.Popen, timeout: float = 120) -> None:
    """Until the server and its kernels have used under 5% of a core for half a second.

    Voila logs a pool as filled when its kernel has started, not when the notebook has run in
    it: a page asked for earlier would wait for the notebook's last cells, and a click would
    share the processor with a notebook running for the next visitor."""
    import psutil          # installed with ipykernel

    def cpu_seconds() -> dict[int, float]:
        root = psutil.Process(server.pid)
        seconds = {}
        for process in [root, *root.children(recursive=True)]:
            try:
                times = process.cpu_times()
            except psutil.Error:        # a process that ended meanwhile
                continue
            seconds[process.pid] = times.user + times.system
        return seconds
    deadline = time.monotonic() + timeout
    before = cpu_seconds()
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = cpu_seconds()
        # per process: a kernel that ended does not hide the others' work; a new one counts whole
        if sum(used - before.get(pid, 0.0) for pid, used in now.items()) < 0.025:
            return
        before = now
    print(f"(the server's kernels were still busy after {timeout:.0f} s)", file=sys.stderr)


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


# In the page: from the pointerdown to the animation frame after the watched node changed (its
# text, or one attribute); window.__cgShown[key] is a promise of that time in ms.
WATCH = """([key, selector, attribute]) => {
    const node = document.querySelector(selector);
    const read = () => attribute ? node.getAttribute(attribute) : node.innerText;
    const before = read();
    window.__cgShown = window.__cgShown || {};
    window.__cgShown[key] = new Promise(resolve => {
        let down = null;
        document.addEventListener('pointerdown', () => { down = performance.now(); },
                                  {capture: true, once: true});
        const seen = new MutationObserver(() => {
            if (read() === before) return;
            seen.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - down));
        });
        seen.observe(node, {subtree: true, childList: true, characterData: true,
                            attributes: Boolean(attribute)});
    });
}"""


@dataclass
class Timings:
    """One page load: its first hand, and per click the timings and the updates it brought."""

    first: float = 0.0
    trips: list[float] = field(default_factory=list)      # around Playwright's click, s
    in_page: list[float] = field(default_factory=list)    # pointerdown -> the card on the cloth
    answer: list[float] = field(default_factory=list)     # pointerdown -> Python's state shown
    messages: list[int] = field(default_factory=list)
    actions: list[float] = field(default_factory=list)    # an action's click (Double, Pass...):
                                                          # pointerdown -> Python's state shown


def time_click(page, target, watched: tuple[str, str | None], answered: tuple[str, str | None],
               updates: list[int], timings: Timings, action: bool = False,
               verbose: str = "") -> None:
    """Click ``target``; wait until ``watched`` (a selector and an attribute, or None for its
    text) and ``answered`` (the same, for Python's answer) changed; record the times. An
    ``action`` (a named action's button, not a card) waits for Python: its time is kept apart."""
    page.evaluate(WATCH, ["shown", *watched])
    page.evaluate(WATCH, ["answer", *answered])
    start = updates[0]
    t = time.perf_counter()
    target.click()
    shown = page.evaluate("window.__cgShown.shown")
    trip = time.perf_counter() - t
    answer = page.evaluate("window.__cgShown.answer")
    if verbose:
        print(f"  {verbose}: {'action' if action else 'card'} shown {shown:.0f} ms, "
              f"answer {answer:.0f} ms, click {trip * 1000:.0f} ms", file=sys.stderr)
    if action:
        timings.actions.append(answer / 1000)
    else:
        timings.trips.append(trip)
        timings.in_page.append(shown / 1000)
    timings.answer.append(answer / 1000)
    page.wait_for_timeout(500)   # let the rest of the redraw land before the next click (not timed)
    timings.messages.append(updates[0] - start)


def measure_bare(browser, base: str, clicks: int, settle=lambda: None,
                 motion: str = "no-preference") -> Timings:
    page = browser.new_page(reduced_motion=motion)
    block_outside(page)
    updates = count_updates(page)
    timings = Timings()
    start = time.perf_counter()
    page.goto(f"{base}/voila/render/benchmarks/{BARE}.ipynb", wait_until="commit")
    page.locator(".bare-button >> nth=59").wait_for(timeout=120_000)
    timings.first = time.perf_counter() - start
    settle()
    for i in range(clicks):
        label = (".bare-count", None)      # the bare notebook's answer is its label's new text
        time_click(page, page.locator(f".bare-button >> nth={i}"), label, label, updates, timings)
    page.close()
    return timings


def go_on_if_held(page, table) -> None:
    """A finished trick waits on the cloth for a tap (the learner's pace): tap it away, untimed,
    and wait for Python's next state, so that the next timed click is a card's."""
    if "cg-held" not in (table.get_attribute("class") or ""):
        return
    seq = table.get_attribute("data-seq")
    cloth = table.locator(".cg-cloth")
    cloth.scroll_into_view_if_needed()
    box = cloth.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] - 14)
    page.wait_for_function("s => document.querySelector('.cg-app .cg-table')"
                           ".getAttribute('data-seq') !== s", arg=seq)
    page.wait_for_timeout(500)


def measure_app(browser, base: str, game: str, clicks: int, settle=lambda: None,
                motion: str = "no-preference", verbose: bool = False) -> Timings:
    page = browser.new_page(reduced_motion=motion)
    block_outside(page)
    updates = count_updates(page)
    timings = Timings()
    start = time.perf_counter()
    page.goto(f"{base}/voila/render/notebooks/{game}.ipynb?seed=11", wait_until="commit")
    page.wait_for_function(DRAWN, timeout=120_000, polling="raf")
    timings.first = time.perf_counter() - start
    settle()
    table = page.locator(".cg-app >> nth=0 >> .cg-table")
    for _ in range(clicks):
        go_on_if_held(page, table)
        buttons = table.locator('.cg-hand .cg-card[data-legal="true"]')
        action = not buttons.count()
        if action:
            buttons = table.locator(".cg-action")
        if not buttons.count():
            break
        # the message line changes at the click (a card, foreseen) or at Python's answer (an
        # action); data-seq when Python's state is drawn
        time_click(page, buttons.first, (".cg-app .cg-table .cg-message", None),
                   (".cg-app .cg-table", "data-seq"), updates, timings, action,
                   game if verbose else "")
    page.close()
    return timings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--rounds", type=int, default=3, help="page loads per notebook")
    parser.add_argument("--clicks", type=int, default=8, help="clicks per page load")
    parser.add_argument("--reduced-motion", action="store_true",
                        help="the pages ask for reduced motion, as a user's system setting can: "
                             "the board animates nothing (in headless Chromium, without a GPU, "
                             "each frame of an animation is drawn by the CPU)")
    parser.add_argument("--verbose", action="store_true",
                        help="print every click's times (to stderr) as it is made")
    args = parser.parse_args(argv)
    motion = "reduce" if args.reduced_motion else "no-preference"
    if not Path(CHROMIUM).exists():
        print(f"needs Debian's chromium at {CHROMIUM}")
        return 2
    from playwright.sync_api import sync_playwright

    log_path = ROOT / "test-artifacts" / "voila-apps-speed.log"
    log_path.parent.mkdir(exist_ok=True)
    process, base = start_server(log_path)
    results: dict[str, list[Timings]] = {}
    try:
        loads = {name: 0 for name in [BARE, *args.games]}
        wait_for_pools(log_path, {name: 1 for name in loads})
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            measure_bare(browser, base, 1)          # warm the browser's caches once
            loads[BARE] += 1
            for _ in range(args.rounds):
                for name in [BARE, *args.games]:
                    def refilled(name: str = name) -> None:
                        """The pool of ``name`` filled once more, and its notebook run."""
                        wait_for_pools(log_path, {name: loads[name] + 1}, timeout=60)
                        wait_until_quiet(process)
                    refilled()
                    loads[name] += 1
                    results.setdefault(name, []).append(
                        measure_bare(browser, base, args.clicks, refilled, motion) if name == BARE
                        else measure_app(browser, base, name, args.clicks, refilled, motion,
                                         args.verbose))
            browser.close()
    finally:
        stop(process)
    print_results(results, args)
    return 0


def print_results(results: dict[str, list[Timings]], args: argparse.Namespace) -> None:
    def median(name: str, part: str) -> float:
        values = [v for timings in results[name] for v in
                  ([timings.first] if part == "first" else getattr(timings, part))]
        return statistics.median(values) if values else float("nan")

    def spread(name: str) -> str:
        counts = [m for timings in results[name] for m in timings.messages]
        return f"{min(counts)}-{max(counts)}" if counts else "-"

    print(f"Voila apps in Chromium: Python {platform.python_version()}, {os.cpu_count()} cores, "
          f"{args.rounds} page loads and up to {args.rounds * args.clicks} clicks each (medians; "
          f"{'reduced motion: no animation; ' if args.reduced_motion else 'animations on; '}"
          f"load {os.getloadavg()[0]:.1f})")
    print("  click: around Playwright's click on a card, to the message line changed; shown: in "
          "the page, pointerdown to the frame showing the card on the cloth (the label's text for "
          "the bare notebook); answer: pointerdown to the frame showing Python's state, every "
          "click; action: the same for a named action's button (Double, Pass: no card to "
          "foresee), n = how many; messages: widget updates a click brought, fewest-most")
    parts = ("first", "trips", "in_page", "answer")
    bare = {part: median(BARE, part) for part in parts}
    print(f"{'page':<18}{'first hand':>11}{'x bare':>7}{'click':>9}{'x bare':>7}"
          f"{'shown':>9}{'x bare':>7}{'answer':>9}{'x bare':>7}{'action':>9}{'n':>4}{'messages':>10}")
    worst = {part: 0.0 for part in parts}
    for name in [BARE, *args.games]:
        row = {part: median(name, part) for part in parts}
        if name != BARE:
            worst = {part: max(worst[part], row[part] / bare[part]) for part in parts}
        label = "60 bare buttons" if name == BARE else name
        cells = [f"{row['first']:>10.2f}s{row['first'] / bare['first']:>7.2f}"]
        cells += [f"{row[part] * 1000:>7.0f}ms{row[part] / bare[part]:>7.2f}" for part in parts[1:]]
        actions = sum(len(timings.actions) for timings in results[name])
        cells.append(f"{median(name, 'actions') * 1000:>7.0f}ms{actions:>4}" if actions
                     else f"{'-':>9}{0:>4}")
        print(f"{label:<18}{''.join(cells)}{spread(name):>10}")

    def verdict(part: str, goal: float = 1.0) -> str:
        return f"{'met' if worst[part] <= goal else 'NOT met'}: worst {worst[part]:.2f}"
    print(f"goals (issue 19): first hand <= 1.0 x bare ({verdict('first')}); card click to "
          f"redrawn trick <= 1.0 x bare (in the page: {verdict('in_page')}; around Playwright's "
          f"click: {verdict('trips')}); (issue 41) Python's state drawn <= 1.5 x bare "
          f"({verdict('answer', 1.5)})")


if __name__ == "__main__":
    sys.exit(main())
