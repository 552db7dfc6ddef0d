"""A room's pages in Chromium: from a click on one pupil's page to the card on the others'.

    python3 benchmarks/room_pages_speed.py [--clicks 10] [--shots DIR]

One Voila server (the checkout's voila.json and template; ``CARDGAMES_ROOMS`` a temporary
SQLite file; Yukon's app as the notebook ends, ``app("yukon")`` then ``follow_link()``, without
the explainer's prose) on a free loopback port. Three browser contexts (each its own
localStorage, so its own holder token): North at a laptop, South at a phone, and the projector
(``seat=watch``, 1920x1080); East and West are played by the computer. Each time North or South
may play, the script clicks a playable card and times how long the card takes to appear in the
trick (or the last trick) of the other pupil's page and of the projector's: the click, the
kernel's play in the store, the other kernels' poll (every 0.1 s), their redraw. Prints the
median and the worst, the ratio of the median to the goal (1 s), and beside it the clicking
page's own round trip (click to the card in its own trick), measured in the same run. ``--shots DIR`` saves the
three pages' screenshots. The server is stopped by SIGTERM to its process id.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardgames.voila_process import (KERNEL_ARGUMENTS, free_port, stop, voila_environment,  # noqa: E402
                             wait_until_serving)

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
GOAL = 1.0
CELLS = ["from cardgames.widgets.notebook import app, follow_link", 'app("yukon")', "follow_link()"]

SHOWS = ("c => [...document.querySelectorAll('.cg-app .cg-table .cg-trick .cg-card[data-card], "
         ".cg-app .cg-table .cg-last-trick .cg-card[data-card]')].some(n => n.dataset.card === c)")


def write_app(folder: Path) -> None:
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(code) for code in CELLS]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, str(folder / "yukon.ipynb"))


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    options.add_argument("--clicks", type=int, default=10, help="clicks to time (default 10)")
    options.add_argument("--shots", type=Path, help="save the pages' screenshots here")
    args = options.parse_args()
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="room-pages-"))
    write_app(work)
    env = voila_environment()
    env["CARDGAMES_ROOMS"] = str(work / "rooms.sqlite3")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(work / "voila.log", "w")
    server = subprocess.Popen(
        [sys.executable, "-m", "voila", str(work), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", "--preheat_kernel=True", "--pool_size=3", *KERNEL_ARGUMENTS],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env)
    times: list[float] = []
    own: list[float] = []          # the clicking page's own round trip, for comparison
    try:
        wait_until_serving(base, server)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            pages = {}
            for who, query, size in (("north", "seat=0&seed=7", (1280, 900)),
                                     ("south", "seat=2", (390, 844)),
                                     ("projector", "seat=watch&view=table", (1920, 1080))):
                page = browser.new_context(viewport=dict(zip(("width", "height"), size))).new_page()
                page.set_default_timeout(120_000)
                page.goto(f"{base}/voila/render/yukon.ipynb?room=bench&{query}")
                page.wait_for_function("""() => { const c = document.querySelector('.cg-app .cg-caption');
                    return c && /You are|projector/.test(c.innerText); }""")
                pages[who] = page
            if args.shots:
                args.shots.mkdir(parents=True, exist_ok=True)
            others = {"north": ("south", "projector"), "south": ("north", "projector")}
            rounds = 0
            while len(times) < args.clicks and rounds < 200:
                rounds += 1
                for who in ("north", "south"):
                    page = pages[who]
                    card = page.locator('.cg-app .cg-hand .cg-card[data-legal="true"]')
                    if not card.count():
                        continue
                    code = card.first.get_attribute("data-card")
                    start = time.perf_counter()
                    card.first.click(position={"x": 8, "y": 10})
                    page.wait_for_function(SHOWS, arg=code, polling=10)
                    own.append(time.perf_counter() - start)
                    for other in others[who]:
                        pages[other].wait_for_function(SHOWS, arg=code, polling=10)
                        times.append(time.perf_counter() - start)
                    if args.shots and len(times) in (2, 4):
                        for name, shown in pages.items():
                            shown.screenshot(path=str(args.shots / f"room-{name}-{len(times)}.png"))
                time.sleep(0.3)
                over = pages["north"].locator(".cg-app .cg-message").inner_text()
                if "hand is over" in over:
                    break
            browser.close()
    finally:
        stop(server)
        log.close()
    if not times:
        print("no click was timed")
        return
    median, mine = statistics.median(times), statistics.median(own)
    print(f"click on one pupil's page to the card on another page ({len(times)} deliveries, "
          f"load average {os.getloadavg()[0]:.1f}): median {median * 1000:.0f} ms, "
          f"worst {max(times) * 1000:.0f} ms; median / goal ({GOAL:.0f} s) = {median / GOAL:.2f}")
    print(f"the clicking page's own round trip (click to its own trick): median "
          f"{mine * 1000:.0f} ms, worst {max(own) * 1000:.0f} ms; other pages / own = "
          f"{median / mine:.2f}")
    print(json.dumps({"median_s": round(median, 3), "worst_s": round(max(times), 3),
                      "own_median_s": round(mine, 3), "deliveries": len(times)}))


if __name__ == "__main__":
    main()
