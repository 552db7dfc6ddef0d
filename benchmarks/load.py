"""Load: one Voila server on 127.0.0.1, N browser sessions at once (default 20), each opening an
app and playing a trick. Prints whether each succeeded, the time each took, the memory of each
session's kernel and of the server. Bounded in time; stops everything it starts.

    python benchmarks/load.py [--sessions 20] [--game yukon] [--timeout 300] [--warmup 30]

Needs Debian's chromium (/usr/bin/chromium) and the playwright package (python3 tasks.py test
installs both).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardgames.serve import free_port, stop, wait_until_serving  # noqa: E402
CHROMIUM = "/usr/bin/chromium"
PAGES_PER_BROWSER = 4
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


OUTSIDE = re.compile(r"^https?://(?!127\.0\.0\.1[:/]|localhost[:/]).*")


async def outside(route) -> None:
    if route.request.resource_type == "stylesheet":
        await route.fulfill(status=200, content_type="text/css", body="")
    else:
        await route.abort()


def rss_mib(pid: int) -> float:
    """Resident memory of a process in MiB (0 if it has gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            if parent == pid:
                found.append(int(entry.name))
    return found


def kernels_of(server: int) -> list[int]:
    """The ipykernel processes started by the server (its children running ipykernel)."""
    kernels = []
    for pid in children(server):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if "ipykernel" in command:
            kernels.append(pid)
    return kernels


def start_server(port: int, log, preheat: bool = True) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "voila", "notebooks/", "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", f"--preheat_kernel={preheat}", "--pool_size=1"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        # The kernels import cardgames from this checkout, installed or not.
        env={**os.environ, "PYTHONPATH": os.pathsep.join(
            p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)})


async def session(browser, base: str, game: str, number: int, timeout_ms: int) -> dict:
    """Open the app, wait for the table, click an enabled card, see the trick change."""
    started = time.monotonic()
    context = await browser.new_context(viewport={"width": 1200, "height": 900})
    # No network here: the lab template's stylesheet from a CDN gets an empty answer, and any
    # other request off this machine is refused at once instead of hanging.
    await context.route(OUTSIDE, outside)
    page = await context.new_page()
    page.set_default_timeout(timeout_ms)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    result = {"session": number, "ok": False}
    try:
        await page.goto(f"{base}/voila/render/{game}.ipynb?seed={number + 1}",
                        wait_until="domcontentloaded")
        card = page.locator(".cg-app .cg-table .cg-card:not([disabled])").first
        await card.wait_for()
        result["table_seconds"] = round(time.monotonic() - started, 2)
        trick = page.locator(".cg-app .cg-table .cg-trick").first
        before = await trick.inner_text()
        await page.wait_for_timeout(600)          # a person's pause before clicking
        clicked = time.monotonic()
        await card.click()
        await page.wait_for_function(
            "b => document.querySelector('.cg-app .cg-table .cg-trick').innerText !== b", arg=before)
        result["click_seconds"] = round(time.monotonic() - clicked, 2)
        result["ok"] = not errors
        if errors:
            result["error"] = errors[0]
    except Exception as error:  # noqa: BLE001 - every failure is reported, none stops the run
        result["error"] = f"{type(error).__name__}: {str(error).splitlines()[0]}"
    finally:
        result["total_seconds"] = round(time.monotonic() - started, 2)
        try:
            await context.close()
        except Exception:  # noqa: BLE001 - the browser may already be closing at the time limit
            pass
    return result


async def run(sessions: int, game: str, timeout: float, warmup: float, preheat: bool) -> int:
    from playwright.async_api import async_playwright

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tempfile.NamedTemporaryFile("w+", prefix="voila-load-", suffix=".log", delete=False)
    server = start_server(port, log, preheat)
    started = time.monotonic()
    try:
        try:
            wait_until_serving(base, server)
        except (RuntimeError, TimeoutError) as error:
            print(f"{error}; its log: {log.name}")
            return 1
        # Let the preheated kernels (one per notebook) finish running their notebooks first,
        # as on a server that is up before its users arrive.
        await asyncio.sleep(warmup)
        idle_server = rss_mib(server.pid)
        async with async_playwright() as p:
            # Several browsers, at most PAGES_PER_BROWSER pages each: one browser profile keeps
            # at most six connections to a host, and each Voila page holds some open.
            browsers = [await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                        for _ in range(-(-sessions // PAGES_PER_BROWSER))]
            try:
                tasks = [asyncio.create_task(session(browsers[n % len(browsers)], base, game, n,
                                                     int(timeout * 1000)))
                         for n in range(sessions)]
                done, pending = await asyncio.wait(tasks, timeout=timeout)
                for task in pending:
                    task.cancel()
                results = [t.result() for t in tasks if t in done] + [
                    {"session": tasks.index(t), "ok": False,
                     "error": f"not finished within {timeout:.0f} s"} for t in pending]
            finally:
                kernels = kernels_of(server.pid)
                kernel_memory = [rss_mib(k) for k in kernels]
                server_memory = rss_mib(server.pid)
                for browser in browsers:
                    await browser.close()
    finally:
        stop(server)
        log.close()
    ok = [r for r in results if r["ok"]]
    print(f"{len(ok)} of {sessions} sessions opened {game} and played a trick "
          f"({time.monotonic() - started:.0f} s in all)")
    for r in results:
        if not r["ok"]:
            print(f"  session {r['session']} failed: {r.get('error')}")
    if ok:
        tables = [r["table_seconds"] for r in ok]
        clicks = [r["click_seconds"] for r in ok]
        print(f"  time to the table: median {statistics.median(tables):.1f} s, max {max(tables):.1f} s")
        print(f"  click to redrawn trick: median {statistics.median(clicks):.2f} s, max {max(clicks):.2f} s")
    if kernel_memory:
        print(f"  kernels alive: {len(kernel_memory)}; memory per kernel: median "
              f"{statistics.median(kernel_memory):.0f} MiB, max {max(kernel_memory):.0f} MiB, "
              f"sum {sum(kernel_memory):.0f} MiB")
    print(f"  server memory: {idle_server:.0f} MiB idle, {server_memory:.0f} MiB with "
          f"{sessions} sessions")
    return 0 if len(ok) == sessions else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--game", default="yukon")
    parser.add_argument("--timeout", type=float, default=300, help="seconds for all sessions")
    parser.add_argument("--warmup", type=float, default=30,
                        help="seconds to let the preheated kernels get ready before the sessions")
    parser.add_argument("--no-preheat", action="store_true",
                        help="start a kernel for each page load instead of using preheated ones")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"Debian's chromium is not installed at {CHROMIUM}")
        return 1
    return asyncio.run(run(args.sessions, args.game, args.timeout, args.warmup,
                           not args.no_preheat))


if __name__ == "__main__":
    sys.exit(main())
