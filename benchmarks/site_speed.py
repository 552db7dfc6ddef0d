"""The static site in Chromium: how soon the table is there, how quick a click is, and the engine
in the browser's Python beside this machine's.

    python3 benchmarks/site_speed.py [games] [--site _site] [--build] [--repeats 3]

Builds the site first with ``--build`` (or when ``--site`` does not exist), serves it from
127.0.0.1 with ``http.server`` in a thread, and for each game prints:

- cold: a browser with a new profile (empty cache) opens the app: seconds until the first
  enabled card (or action) of the table is on the page, and the CPU seconds Chromium's
  processes spent meanwhile (less at the mercy of the machine's load than the wall clock);
- warm: the same browser opens the app again in a new tab (files from the browser's disk cache,
  as for a pupil's second visit; a profile on disk, as a person's browser has: a private
  context's cache in memory keeps no file as big as Python's);
- click: a card clicked (the computers play at once) until the trick on the page is redrawn,
  in milliseconds, the median of up to 5 clicks;
- then, once: a random card play (``legal_actions`` + ``apply``, dealing included) in Pyodide
  and in this CPython, in the same run, and their ratio; and the site's size with its biggest
  parts. Goals: cold <= 15 s, warm <= 6 s, click <= 300 ms, size <= 120 MB.

Wall-clock figures on a shared machine: the load average is printed beside them.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 # Every name but the loopback's is unknown: nothing can leave the machine.
                 # (Playwright's page.route would refuse requests too, but it turns the
                 # browser's cache off, and a warm opening is the cache's work.)
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
#: The page's own marks (site/runtime.js), in order.
PHASES = {"downloaded": "snapshot downloaded", "pyodide": "Python restored",
          "files": "packages' files written", "python": "runner ready", "table": "first table",
          "cells": "cells run"}
GOALS = {"cold": 15.0, "warm": 6.0, "click": 300.0, "size": 120.0}
TABLE_READY = """() => { const t = document.querySelector('.cg-app .cg-table');
    return t && t.querySelector('.cg-card[data-legal="true"], .cg-action'); }"""

# The same code runs in Pyodide (in the page) and here: deal, then random legal plays to the end.
PLAYOUT = """
import random, time
import cardgames as cg
from cardgames.engine import play_randomly

def per_card_play(game, seconds):
    rng, plays, hands, start = random.Random(1), 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        hands += 1
        hand = cg.deal(game, seed=hands)
        play_randomly(hand, rng)
        plays += sum(1 for _, a in hand.history if isinstance(a, cg.Card))
    return (time.perf_counter() - start) / plays
"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def guard(page, base: str, outside: list[str]) -> None:
    """Record every request of the page that is not for the site (none may be)."""
    page.on("request", lambda r: r.url.startswith((base + "/", "data:", "blob:")) or outside.append(r.url))


def cpu_seconds() -> dict[int, float]:
    """CPU seconds (user + system) of each live process started by this one (Playwright's
    driver and Chromium's processes), by process id."""
    parents, times = {}, {}
    tick = os.sysconf("SC_CLK_TCK")
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                fields = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(name)] = int(fields[1])
            times[int(name)] = (int(fields[11]) + int(fields[12])) / tick

    def ours(pid: int) -> bool:
        while pid in parents:
            pid = parents[pid]
            if pid == os.getpid():
                return True
        return False

    return {pid: t for pid, t in times.items() if ours(pid)}


def open_table(page, url: str) -> tuple[float, float]:
    """Seconds until the table is on the page, and the CPU seconds spent meanwhile."""
    before = cpu_seconds()
    start = time.perf_counter()
    page.goto(url, timeout=300_000)
    page.wait_for_function(TABLE_READY, timeout=300_000, polling=50)
    took = time.perf_counter() - start
    return took, sum(t - before.get(pid, 0.0) for pid, t in cpu_seconds().items())


def click_ms(page, clicks: int = 5) -> list[float]:
    """Click the first legal card of the board's hand until the trick's cards change, timed
    inside the page."""
    times = []
    for _ in range(clicks):
        page.wait_for_selector("body[data-cg-ready]", timeout=300_000)
        took = page.evaluate("""() => new Promise((resolve) => {
            const table = document.querySelector('.cg-app .cg-table');
            const card = table.querySelector('.cg-hand .cg-card[data-legal="true"]');
            const trickText = () => [...table.querySelectorAll('.cg-trick .cg-card[data-card]')]
                .map((c) => c.dataset.card).join(' ');
            if (!card || trickText() === undefined) { resolve(null); return; }
            const before = trickText();
            const start = performance.now();
            // The trick's widget may be redrawn or replaced: watch the whole table.
            const watch = new MutationObserver(() => {
                if (trickText() !== before) {
                    watch.disconnect();
                    requestAnimationFrame(() => resolve(performance.now() - start));
                }
            });
            watch.observe(table, { subtree: true, childList: true, characterData: true, attributes: true });
            card.click();
            setTimeout(() => { watch.disconnect(); resolve(null); }, 30000);
        })""")
        if took is None:
            break
        times.append(took)
        page.wait_for_timeout(300)
    return times


def site_size(site: Path, top: int = 8) -> tuple[float, list[tuple[str, float]]]:
    files = [(str(p.relative_to(site)), p.stat().st_size / 1e6) for p in site.rglob("*") if p.is_file()]
    return sum(s for _, s in files), sorted(files, key=lambda f: -f[1])[:top]


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("games", nargs="*", default=["yukon"], help="games to open (default: yukon)")
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--build", action="store_true", help="build the site first")
    parser.add_argument("--repeats", type=int, default=2, help="cold and warm openings per game")
    parser.add_argument("--seconds", type=float, default=2.0, help="for the random card plays")
    args = parser.parse_args(argv)
    if args.build or not (args.site / "index.html").exists():
        import build_site

        build_site.build(args.site.resolve())
    from playwright.sync_api import sync_playwright

    server, base = serve(args.site)
    results: dict = {}
    outside: list[str] = []
    print(f"Static site in Chromium, load average {os.getloadavg()[0]:.1f} at the start")
    try:
        with sync_playwright() as p, tempfile.TemporaryDirectory() as profiles:
            def browser(number: int):
                """Chromium with a new profile on disk (an empty cache)."""
                return p.chromium.launch_persistent_context(
                    Path(profiles) / str(number), executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                    viewport={"width": 1280, "height": 1000})

            def fmt(pairs):
                return ", ".join(f"{wall:.1f} s (CPU {cpu:.1f} s)" for wall, cpu in pairs)

            opened = 0
            for game in args.games:
                url = f"{base}/apps/{game}.html?seed=11"
                colds, warms, clicks, phases = [], [], [], {}
                for _ in range(args.repeats):
                    opened += 1
                    context = browser(opened)
                    page = context.new_page()
                    guard(page, base, outside)
                    colds.append(open_table(page, url))
                    clicks += click_ms(page)
                    phases["cold"] = page.evaluate("() => window.cgSite.timings")
                    page.close()
                    page = context.new_page()
                    guard(page, base, outside)
                    warms.append(open_table(page, url))
                    page.wait_for_selector("body[data-cg-ready]", timeout=300_000)
                    phases["warm"] = page.evaluate("() => window.cgSite.timings")
                    context.close()
                cold, warm = min(colds), min(warms)
                results[game] = {"cold": cold[0], "warm": warm[0], "cold_cpu": cold[1],
                                 "warm_cpu": warm[1],
                                 "click": statistics.median(clicks) if clicks else float("nan")}
                print(f"  {game:16s} cold {fmt(colds)}; warm {fmt(warms)}; "
                      f"click {results[game]['click']:.0f} ms (median of {len(clicks)}, "
                      f"worst {max(clicks) if clicks else float('nan'):.0f}); "
                      f"load {os.getloadavg()[0]:.1f}")
                for which, timings in phases.items():
                    print(f"    in the page, the last {which} opening (s from the start of the page's "
                          "script): " + ", ".join(
                              f"{PHASES[k]} {timings[k] / 1000:.1f}" for k in PHASES if k in timings))
            # The engine in the page's Python beside this one, in the same run.
            context = browser(0)
            page = context.new_page()
            guard(page, base, outside)
            open_table(page, f"{base}/apps/{args.games[0]}.html")
            page.wait_for_selector("body[data-cg-ready]", timeout=300_000)
            namespace: dict = {}
            exec(PLAYOUT, namespace)
            for game in args.games:
                in_page = page.evaluate(
                    "([code, game, s]) => { const py = window.cgSite.pyodide; py.runPython(code);"
                    " return py.globals.get('per_card_play')(game, s); }",
                    [PLAYOUT, game, args.seconds])
                here = namespace["per_card_play"](game, args.seconds)
                results[f"{game} play"] = {"pyodide": in_page, "cpython": here}
                print(f"  {game:16s} random card play: Pyodide {in_page * 1e6:.1f} us, CPython "
                      f"{here * 1e6:.1f} us ({in_page / here:.1f}x)")
            context.close()
    finally:
        server.shutdown()
        server.server_close()
    total, biggest = site_size(args.site)
    results["size"] = total
    print(f"  site size {total:.1f} MB; biggest parts: "
          + ", ".join(f"{name} {size:.1f}" for name, size in biggest))
    print(f"  requests that tried to leave the machine: {len(outside)}"
          + (f" ({', '.join(sorted(set(u[:80] for u in outside)))})" if outside else ""))
    print("  goals: cold <= 15 s, warm <= 6 s, click <= 300 ms, size <= 120 MB")
    return results


if __name__ == "__main__":
    main()
