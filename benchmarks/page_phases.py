"""Where a page load's time goes, the apps against the bare notebook of 60 buttons, in Chromium.

    python3 benchmarks/page_phases.py [games...] [--rounds 5]

The same server and the same waits as ``apps_speed.py`` (preheated kernels refilled as
``tasks.py apps`` refills them; each page opened only when its pool has refilled and the server
is idle; a page's own refill, which runs its whole notebook, waited for before the next page).
Marks taken in the page, from the start of the navigation (medians, ms):

* DOM ready: the page's HTML parsed and Voila's scripts run (DOMContentLoaded);
* socket made: Voila's widget manager creates the kernel's websocket (its plugin activated);
* socket open: the page handles the socket's ``open`` event. The handshake itself takes some
  10 ms (a Python client, the same server); the rest is the page's main thread finishing what it
  was doing when the socket was made: Voila draws every cell output of the page in one go then;
* widgets' state: the last kernel message before the table is drawn (the widgets' state);
* first hand: as ``apps_speed.py``: the first playable card (or action) on the board; the 60th
  button for the bare notebook.

The apps' goal is the first hand at <= 1.0 x the bare notebook (issue 19); this script says
which step of a page's load holds the difference. Needs Debian's chromium and the playwright
package.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import apps_speed as speed  # noqa: E402  (the server, the waits, the goal's "drawn")

MARKS = """(() => {
  const marks = window.__cgMarks = {messages: []};
  const Socket = window.WebSocket;
  window.WebSocket = function (url, ...rest) {
    const socket = new Socket(url, ...rest);
    if (/\\/channels/.test(url) && marks.socketMade === undefined) {
      marks.socketMade = performance.now();
      socket.addEventListener('open', () => { marks.socketOpen = performance.now(); });
      socket.addEventListener('message', () => { marks.messages.push(performance.now()); });
    }
    return socket;
  };
  window.WebSocket.prototype = Socket.prototype;
  Object.assign(window.WebSocket, Socket);
  document.addEventListener('DOMContentLoaded', () => { marks.domReady = performance.now(); });
})();"""
BARE_DRAWN = "() => document.querySelectorAll('.bare-button').length >= 60"
STEPS = [("domReady", "DOM ready"), ("socketMade", "socket made"), ("socketOpen", "socket open"),
         ("lastMessage", "widgets' state"), ("drawn", "first hand")]


def load(browser, base: str, name: str) -> dict[str, float]:
    """One page load's marks, in ms from the navigation's start."""
    page = browser.new_page()
    speed.block_outside(page)
    page.add_init_script(MARKS)
    bare = name == speed.BARE
    url = (f"{base}/voila/render/benchmarks/{name}.ipynb" if bare
           else f"{base}/voila/render/notebooks/{name}.ipynb?seed=11")
    page.goto(url, wait_until="commit")
    page.wait_for_function(BARE_DRAWN if bare else speed.DRAWN, timeout=120_000, polling="raf")
    # the last kernel message before the drawing (later ones, the match's table, not counted)
    marks = page.evaluate("""() => { const m = window.__cgMarks, drawn = performance.now();
        const before = m.messages.filter((t) => t <= drawn);
        return {domReady: m.domReady, socketMade: m.socketMade, socketOpen: m.socketOpen,
                lastMessage: before.length ? before[before.length - 1] : NaN, drawn}; }""")
    page.close()
    return marks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("games", nargs="*", default=speed.GAMES)
    parser.add_argument("--rounds", type=int, default=5, help="page loads per notebook")
    args = parser.parse_args(argv)
    if not Path(speed.CHROMIUM).exists():
        print(f"needs Debian's chromium at {speed.CHROMIUM}")
        return 2
    from playwright.sync_api import sync_playwright

    log_path = speed.ROOT / "test-artifacts" / "voila-page-phases.log"
    log_path.parent.mkdir(exist_ok=True)
    process, base = speed.start_server(log_path)
    names = [speed.BARE, *args.games]
    loads = {name: 0 for name in names}
    results: dict[str, list[dict[str, float]]] = {name: [] for name in names}
    try:
        speed.wait_for_pools(log_path, {name: 1 for name in names})
        speed.wait_until_quiet(process)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=speed.CHROMIUM, args=speed.ARGS)
            for round_ in range(args.rounds + 1):       # the first round warms the caches
                for name in names:
                    marks = load(browser, base, name)
                    loads[name] += 1
                    speed.wait_for_pools(log_path, {name: loads[name] + 1}, timeout=90)
                    speed.wait_until_quiet(process)     # its refill has run its notebook
                    if round_:
                        results[name].append(marks)
            browser.close()
    finally:
        speed.stop(process)
    print(f"Page loads in Chromium, {args.rounds} per page (medians, ms from the navigation; "
          f"{time.strftime('%Y-%m-%d')}):")
    print(f"{'page':<18}" + "".join(f"{label:>16}" for _key, label in STEPS)
          + f"{'open - made':>13}{'drawn - open':>14}")
    for name in names:
        row = {key: statistics.median(m.get(key, float("nan")) for m in results[name])
               for key, _label in STEPS}
        waits = [statistics.median(m["socketOpen"] - m["socketMade"] for m in results[name]),
                 statistics.median(m["drawn"] - m["socketOpen"] for m in results[name])]
        label = "60 bare buttons" if name == speed.BARE else name
        print(f"{label:<18}" + "".join(f"{row[key]:>16.0f}" for key, _label in STEPS)
              + f"{waits[0]:>13.0f}{waits[1]:>14.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
