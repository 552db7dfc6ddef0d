"""The static site in Chromium: how soon the table is there, how quick a click is, and the engine
in the browser's Python beside this machine's.

    python3 benchmarks/site_speed.py [games] [--site _site] [--build] [--repeats 3]

Builds the site first with ``--build`` (or when ``--site`` does not exist), serves it from
127.0.0.1 with ``http.server`` in a thread, and for each game prints:

- cold: a fresh browser context (empty cache) opens the app: seconds until the first enabled
  card (or action) of the table is on the page;
- warm: the same context opens the app again (files from the browser's cache, Pyodide's
  compiled WebAssembly reused);
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
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
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


def guard(base: str, outside: list[str]):
    def route(r):
        if r.request.url.startswith(base + "/"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()
    return route


def open_table(page, url: str) -> float:
    start = time.perf_counter()
    page.goto(url, timeout=300_000)
    page.wait_for_function(TABLE_READY, timeout=300_000, polling=50)
    return time.perf_counter() - start


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
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for game in args.games:
                url = f"{base}/apps/{game}.html?seed=11"
                colds, warms, clicks, phases = [], [], [], {}
                for _ in range(args.repeats):
                    context = browser.new_context(viewport={"width": 1280, "height": 1000})
                    context.route("**/*", guard(base, outside))
                    page = context.new_page()
                    colds.append(open_table(page, url))
                    clicks += click_ms(page)
                    phases = page.evaluate("() => window.cgSite.timings")
                    page.close()
                    page = context.new_page()
                    warms.append(open_table(page, url))
                    context.close()
                results[game] = {"cold": min(colds), "warm": min(warms),
                                 "click": statistics.median(clicks) if clicks else float("nan")}
                print(f"  {game:16s} cold {min(colds):5.1f} s (of {', '.join(f'{c:.1f}' for c in colds)})"
                      f"  warm {min(warms):5.1f} s (of {', '.join(f'{w:.1f}' for w in warms)})"
                      f"  click {results[game]['click']:4.0f} ms (median of {len(clicks)}, "
                      f"worst {max(clicks) if clicks else float('nan'):.0f})  "
                      f"load {os.getloadavg()[0]:.1f}")
                print("    in the page, the last cold opening (s from the start of the module): "
                      + ", ".join(f"{k} {phases[k] / 1000:.1f}" for k in ("pyodide", "wheels", "python", "cells")
                                  if k in phases))
            # The engine in the page's Python beside this one, in the same run.
            context = browser.new_context()
            context.route("**/*", guard(base, outside))
            page = context.new_page()
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
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    total, biggest = site_size(args.site)
    results["size"] = total
    print(f"  site size {total:.1f} MB; biggest parts: "
          + ", ".join(f"{name} {size:.1f}" for name, size in biggest))
    print(f"  requests that tried to leave the machine: {len(outside)}")
    print("  goals: cold <= 15 s, warm <= 6 s, click <= 300 ms, size <= 120 MB")
    return results


if __name__ == "__main__":
    main()
