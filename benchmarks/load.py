"""Load: one Voila server on 127.0.0.1, N sessions at once (default 20), each opening an app and
playing a trick. Prints whether each succeeded, the time each took, the memory of each session's
kernel and of the server, and the kernels alive after the sessions closed. Bounded in time;
stops everything it starts.

    python benchmarks/load.py [--sessions 20] [--client websocket|browser] [--game yukon]
                              [--timeout 300] [--warmup S] [--class N] [--no-preheat]
                              [--gets N [--after S]] [--plain-manager]

The rooms' pupils are measured by ``benchmarks/room_server_load.py`` (their pages start no
kernel).

``--gets 10 --after 150`` then loads the page 10 times without its websocket (each load starts a
kernel) and waits up to 150 s for the server to shut those kernels down (issue 20: within 2
minutes); ``--plain-manager`` runs the same with jupyter_server's own kernel manager, which keeps
every kernel until the server stops, to compare.

Two kinds of client:

- ``websocket`` (the default): what a browser asks of the server, without the browser. It loads
  the app's page (Voila runs the notebook for it), connects to the page's kernel websocket,
  asks for the widgets' state as the page's widget manager does, clicks an enabled card of the
  table (the comm message a button click sends) and waits for the trick's widgets to change.
  In a classroom each browser runs on its own machine, so this measures the server alone.
- ``browser``: real Chromium pages (Debian's /usr/bin/chromium through Playwright), at most four
  pages per browser. Here the browsers share the server's two cores, so the times include
  twenty browsers' rendering.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Callable, Sequence

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardgames.voila_process import (  # noqa: E402
    KERNEL_ARGUMENTS, free_port, rss_mib, stop, voila_environment, wait_until_serving,
)
from tasks import voila_arguments  # noqa: E402
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


def start_server(port: int, log, preheat: bool = True, extra: Sequence[str] = ()) -> subprocess.Popen:
    """Voila over notebooks/ with voila.json's settings (``extra``: more Voila arguments)."""
    return subprocess.Popen(
        [sys.executable, "-m", "voila", "notebooks/", "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", f"--preheat_kernel={preheat}", "--pool_size=1",
         *KERNEL_ARGUMENTS, *extra],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        # The kernels import cardgames from this checkout, installed or not.
        env={**voila_environment(), "PYTHONPATH": os.pathsep.join(
            p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)})


def server_log():
    """A file for the Voila server's output, kept after the run (the figures print its name)."""
    return tempfile.NamedTemporaryFile("w+", prefix="voila-load-", suffix=".log", delete=False)


def serving(base: str, server: subprocess.Popen, log) -> bool:
    """Whether the server answers at ``base``; if not, says so and where its log is."""
    try:
        wait_until_serving(base, server)
    except (RuntimeError, TimeoutError) as error:
        print(f"{error}; its log: {log.name}")
        return False
    return True


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
    sockets: list[str] = []

    def watch(ws) -> None:
        at = len(sockets)
        sockets.append(f"{ws.url.split('?')[0][-60:]} opened {time.monotonic() - started:.0f} s")
        counts: dict[str, int] = {}

        def kind(payload) -> str:
            try:
                if isinstance(payload, str):
                    msg = json.loads(payload)
                else:       # the v1.kernel.websocket.jupyter.org form: offsets, channel, parts
                    # (channel, header, parent header, metadata, content, buffers...)
                    n = int.from_bytes(payload[:8], "little")
                    offsets = [int.from_bytes(payload[8 * (i + 1): 8 * (i + 2)], "little")
                               for i in range(n)]
                    parts = [payload[a:b] for a, b in zip(offsets, offsets[1:])]
                    msg = {"channel": parts[0].decode(), **json.loads(parts[1]),
                           "content": json.loads(parts[4])}
            except (ValueError, IndexError, UnicodeDecodeError):
                return "other"
            data = msg.get("content", {}).get("data", {})
            method = data.get("method", "") if isinstance(data, dict) else ""
            return f"{msg.get('channel', '')}:{msg.get('msg_type', '')}" + (f":{method}" if method else "")

        def count(direction: str, payload) -> None:
            key = f"{direction} {kind(payload)}"
            counts[key] = counts.get(key, 0) + 1
            sockets[at] = sockets[at].split(";")[0] + "; " + ", ".join(
                f"{k} x{v}" for k, v in sorted(counts.items()))
        ws.on("framereceived", lambda payload: count("in", payload))
        ws.on("framesent", lambda payload: count("out", payload))
        ws.on("close", lambda _ws: sockets.__setitem__(at, sockets[at] + "; closed"))
        ws.on("socketerror", lambda e: sockets.__setitem__(at, sockets[at] + f"; error {e}"))
    page.on("websocket", watch)
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text[:160]}")
            if m.type in ("error", "warning") else None)
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
        result["page"] = await what_the_page_shows(page) + "".join(
            f"\n    console {line}" for line in console[-5:]
            if "Unsatisfied version" not in line) + "".join(
            f"\n    websocket {line}" for line in sockets)
    finally:
        result["total_seconds"] = round(time.monotonic() - started, 2)
        try:
            await context.close()
        except Exception:  # noqa: BLE001 - the browser may already be closing at the time limit
            pass
    return result


async def what_the_page_shows(page) -> str:
    """A failed page in a few words: how far it got (cards, widgets, Voila's messages)."""
    try:
        return await asyncio.wait_for(page.evaluate("""() => {
            const n = s => document.querySelectorAll(s).length;
            const text = (document.body ? document.body.innerText : '').replace(/\\s+/g, ' ');
            return `${n('.cg-card')} cards, ${n('.cg-card:not([disabled])')} enabled, ` +
                   `${n('.widget-box, .jupyter-widgets')} widgets, ${n('.jp-OutputArea-output')} ` +
                   `outputs; text: ${text.slice(0, 200)}`;
        }"""), 10)
    except Exception as error:  # noqa: BLE001 - the page may be gone
        return f"(could not read the page: {type(error).__name__})"


# -- a session as a websocket client ------------------------------------------------------------

KERNEL_ID = re.compile(r"""kernelId["']?\s*[:=]\s*["']([0-9a-zA-Z-]+)["']""")


def message(msg_type: str, content: dict, session: str, metadata: dict | None = None) -> str:
    """A Jupyter message as the page's kernel connection sends it (the JSON websocket form)."""
    return json.dumps({
        "header": {"msg_id": uuid.uuid4().hex, "username": "load", "session": session,
                   "msg_type": msg_type, "version": "5.3"},
        "parent_header": {}, "metadata": metadata or {}, "buffers": [], "channel": "shell",
        "content": content})


async def open_page(base: str, url: str, timeout: float, started: float,
                    result: dict) -> tuple[str, str]:
    """Load an app's page as a browser does (Voila runs its notebook for it), put the seconds
    since ``started`` in ``result["page_seconds"]``; the page's kernel websocket address and
    the new session's id."""
    html = await asyncio.to_thread(
        lambda: urllib.request.urlopen(url, timeout=timeout).read().decode())
    result["page_seconds"] = round(time.monotonic() - started, 2)
    kernel_id = KERNEL_ID.findall(html)[0]
    session = uuid.uuid4().hex
    return (f"{base.replace('http://', 'ws://')}/api/kernels/{kernel_id}/channels"
            f"?session_id={session}"), session


async def ask_widget_states(ws, session: str) -> None:
    """Ask the kernel for every widget's state, as the page's widget manager does on opening."""
    control = uuid.uuid4().hex
    await ws.send(message("comm_open", {"comm_id": control, "target_name":
                                        "jupyter.widget.control", "data": {}},
                          session, {"version": "1.0.0"}))
    await ws.send(message("comm_msg", {"comm_id": control,
                                       "data": {"method": "request_states"}}, session))


def table_parts(states: dict) -> tuple[str, dict]:
    """From the widgets' states: the first table's board (its model id) and a legal card's click
    as the board sends it (BOARD_STATE.md: ``{"type": "play", "card": ..., "seq": ...}``)."""
    for mid, entry in states.items():
        state = entry["state"].get("state")
        if not isinstance(state, dict) or "seats" not in state:
            continue
        for seat in state["seats"]:
            for card in seat.get("cards", ()):
                if card.get("legal"):
                    return mid, {"type": "play", "card": card["card"], "seq": state["seq"]}
    raise RuntimeError("no table with a legal card in the widgets' state")


async def websocket_session(base: str, game: str, number: int, timeout: float) -> dict:
    """Load the page, connect to its kernel, get the widgets' state, click a card, see the trick
    change: the requests a browser makes, without a browser."""
    from websockets.asyncio.client import connect

    started = time.monotonic()
    result = {"session": number, "ok": False}
    try:
        url = f"{base}/voila/render/{game}.ipynb?seed={number + 1}"
        socket_url, session = await open_page(base, url, timeout, started, result)
        async with connect(socket_url, open_timeout=timeout, max_size=None) as ws:
            await ask_widget_states(ws, session)
            states = None
            while states is None:
                reply = await ws.recv()
                if isinstance(reply, bytes):
                    continue
                msg = json.loads(reply)
                data = msg.get("content", {}).get("data", {})
                if msg.get("msg_type") == "comm_msg" and data.get("method") == "update_states":
                    states = data["states"]
            board, click = table_parts(states)
            result["table_seconds"] = round(time.monotonic() - started, 2)
            await asyncio.sleep(0.6)              # a person's pause before clicking
            clicked = time.monotonic()
            await ws.send(message("comm_msg", {"comm_id": board, "data": {
                "method": "custom", "content": click}}, session))
            while True:
                reply = await ws.recv()
                if isinstance(reply, bytes):
                    continue
                msg = json.loads(reply)
                content = msg.get("content", {})
                if (msg.get("msg_type") == "comm_msg" and content.get("comm_id") == board
                        and content.get("data", {}).get("method") in ("update", "echo_update")):
                    break
            result["click_seconds"] = round(time.monotonic() - clicked, 2)
            result["ok"] = True
    except Exception as error:  # noqa: BLE001 - every failure is reported, none stops the run
        result["error"] = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
    result["total_seconds"] = round(time.monotonic() - started, 2)
    return result


async def gather(tasks: list[asyncio.Task], timeout: float) -> list[dict]:
    """The sessions' results; a session not finished within ``timeout`` is cancelled and failed."""
    done, pending = await asyncio.wait(tasks, timeout=timeout)
    for task in pending:
        task.cancel()
    return [t.result() for t in tasks if t in done] + [
        {"session": tasks.index(t), "ok": False, "error": f"not finished within {timeout:.0f} s"}
        for t in pending]


async def browser_sessions(base: str, game: str, sessions: int, timeout: float,
                           measure: Callable[[], None]) -> list[dict]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        # Several browsers, at most PAGES_PER_BROWSER pages each: one browser profile keeps
        # at most six connections to a host, and each Voila page holds some open.
        # A page gives up a little before the run does, so that it can say how far it got.
        page_timeout = max(timeout - 30, timeout * 0.8)
        browsers = [await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                    for _ in range(-(-sessions // PAGES_PER_BROWSER))]
        try:
            results = await gather([asyncio.create_task(
                session(browsers[n % len(browsers)], base, game, n, int(page_timeout * 1000)))
                for n in range(sessions)], timeout)
        finally:
            measure()
            for browser in browsers:
                await browser.close()
    return results


async def watch_kernel(base: str, kernel_id: str, served: float, wait: float) -> float | None:
    """Seconds from the page load until the server had shut the page's kernel down
    (``GET /api/kernels/<id>`` answers 404); None if not within ``wait`` seconds."""
    deadline = served + wait
    while time.monotonic() < deadline:
        try:
            await asyncio.to_thread(urllib.request.urlopen, f"{base}/api/kernels/{kernel_id}",
                                    None, 10)
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return time.monotonic() - served
        except OSError:
            pass
        await asyncio.sleep(2)
    return None


async def plain_gets(base: str, game: str, count: int, timeout: float,
                     wait: float) -> list[asyncio.Task]:
    """``count`` page loads, one after the other, that never open the page's websocket (a link
    preview, a crawler, a pupil's browser that gave up); from each load on, a task watches for
    its kernel to be shut down (within ``wait`` seconds of the load)."""
    def get(number: int) -> str:
        url = f"{base}/voila/render/{game}.ipynb?seed={1000 + number}"
        html = urllib.request.urlopen(url, timeout=timeout).read().decode()
        return KERNEL_ID.findall(html)[0]
    watchers = []
    for number in range(count):
        try:
            kernel_id = await asyncio.to_thread(get, number)
        except (OSError, IndexError) as error:
            print(f"  plain GET {number} failed: {type(error).__name__}: {error}")
            continue
        if wait:
            watchers.append(asyncio.create_task(
                watch_kernel(base, kernel_id, time.monotonic(), wait)))
    return watchers


# jupyter_server's own kernel manager: what Voila uses without voila.json's classroom manager.
PLAIN_MANAGER = ("--VoilaConfiguration.multi_kernel_manager_class="
                 "jupyter_server.services.kernels.kernelmanager.AsyncMappingKernelManager")


async def run(sessions: int, client: str, game: str, timeout: float, warmup: float,
              preheat: bool, class_size: int, gets: int = 0, after: float = 0,
              plain_manager: bool = False) -> int:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = server_log()
    extra = voila_arguments(["--class", f"{game}={class_size}"])[0] if class_size else []
    if plain_manager:
        extra.append(PLAIN_MANAGER)
    server = start_server(port, log, preheat, extra)
    started = time.monotonic()
    memory: dict[str, object] = {}
    alive: list[tuple[str, int]] = []
    culled: list[float] = []

    def measure() -> None:
        """The kernels' and the server's memory while every session is still open."""
        memory["kernels"] = [rss_mib(k) for k in kernels_of(server.pid)]
        memory["server"] = rss_mib(server.pid)

    try:
        if not serving(base, server, log):
            return 1
        # Let the preheated kernels (one per notebook) finish running their notebooks first,
        # as on a server that is up before its users arrive.
        await asyncio.sleep(warmup)
        idle_server = rss_mib(server.pid)
        alive.append(("before the sessions (the preheated pool)", len(kernels_of(server.pid))))
        if sessions == 0:
            results = []
        elif client == "browser":
            results = await browser_sessions(base, game, sessions, timeout, measure)
        else:
            results = await gather([asyncio.create_task(
                websocket_session(base, game, n, timeout)) for n in range(sessions)], timeout)
            measure()
        await asyncio.sleep(2)         # the closed pages' kernels: shut down at once, or not
        alive.append((f"after the {sessions} sessions closed", len(kernels_of(server.pid))))
        if gets:
            watchers = await plain_gets(base, game, gets, timeout, after)
            alive.append((f"after {gets} plain GETs (no websocket)", len(kernels_of(server.pid))))
            if after:
                culled = [t for t in await asyncio.gather(*watchers) if t is not None]
                alive.append((f"when those were shut down (at most {after:.0f} s after each load)",
                              len(kernels_of(server.pid))))
    finally:
        stop(server)
        log.close()
    kernel_memory, server_memory = memory.get("kernels", []), memory.get("server", 0.0)
    ok = [r for r in results if r["ok"]]
    manager = "jupyter_server's plain kernel manager" if plain_manager else "voila.json's kernel manager"
    print(f"{len(ok)} of {sessions} {client} sessions opened {game} and played a trick "
          f"({time.monotonic() - started:.0f} s in all; {manager}; server log {log.name})")
    for r in results:
        if not r["ok"]:
            print(f"  session {r['session']} failed: {r.get('error')}"
                  + (f"\n    the page: {r['page']}" if r.get("page") else ""))
    if ok:
        if all("page_seconds" in r for r in ok):
            pages = [r["page_seconds"] for r in ok]
            print(f"  page served (its notebook run unless preheated): median {statistics.median(pages):.1f} s, "
                  f"max {max(pages):.1f} s")
        tables = [r["table_seconds"] for r in ok]
        clicks = [r["click_seconds"] for r in ok]
        print(f"  time to the table: median {statistics.median(tables):.1f} s, max {max(tables):.1f} s")
        print(f"  click to redrawn trick: median {statistics.median(clicks):.2f} s, max {max(clicks):.2f} s")
    if kernel_memory:
        print(f"  kernels alive: {len(kernel_memory)}; memory per kernel: median "
              f"{statistics.median(kernel_memory):.0f} MiB, max {max(kernel_memory):.0f} MiB, "
              f"sum {sum(kernel_memory):.0f} MiB")
    if sessions:
        print(f"  server memory: {idle_server:.0f} MiB idle, {server_memory:.0f} MiB with "
              f"{sessions} sessions")
    for when, count in alive:
        print(f"  kernels alive {when}: {count}")
    if gets and after:
        print(f"  plain GETs' kernels shut down within {after:.0f} s of their page load: "
              f"{len(culled)} of {gets}"
              + (f"; time from the page load: median {statistics.median(culled):.0f} s, "
                 f"max {max(culled):.0f} s" if culled else ""))
    return 0 if len(ok) == sessions else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--client", choices=("websocket", "browser"), default="websocket",
                        help="websocket clients (the server alone) or Chromium pages")
    parser.add_argument("--game", default="yukon")
    parser.add_argument("--timeout", type=float, default=300, help="seconds for all sessions")
    parser.add_argument("--warmup", type=float, default=None,
                        help="seconds to let the preheated kernels get ready before the sessions "
                             "(default 30, and 6 more for each kernel of --class: 20 kernels "
                             "running their notebook take about two minutes on 2 cores; "
                             "0 with --no-preheat)")
    parser.add_argument("--class", dest="class_size", type=int, default=0,
                        help="preheat this many kernels for the game as `tasks.py apps --class "
                             "GAME=N` does for a teacher (give --warmup the time to fill them)")
    parser.add_argument("--no-preheat", action="store_true",
                        help="start a kernel for each page load instead of using preheated ones")
    parser.add_argument("--gets", type=int, default=0,
                        help="after the sessions, load the page this many times without opening "
                             "its websocket, and count the kernels left")
    parser.add_argument("--after", type=float, default=0,
                        help="watch each of those kernels for up to this many seconds from its "
                             "page load, and report how long the server took to shut it down "
                             "(e.g. 150)")
    parser.add_argument("--plain-manager", action="store_true",
                        help="jupyter_server's kernel manager instead of voila.json's classroom "
                             "one (no culling, no ceiling), to compare")
    args = parser.parse_args()
    if args.client == "browser" and not Path(CHROMIUM).exists():
        print(f"Debian's chromium is not installed at {CHROMIUM}")
        return 1
    if args.warmup is not None:
        warmup = args.warmup
    else:           # nothing to warm up without preheated kernels
        warmup = 0 if args.no_preheat else 30 + 6 * args.class_size
    return asyncio.run(run(args.sessions, args.client, args.game, args.timeout, warmup,
                           not args.no_preheat, args.class_size, args.gets, args.after,
                           args.plain_manager))


if __name__ == "__main__":
    sys.exit(main())
