"""Shared bits of the benchmark scripts: the package on the path, argument parsing, timing, the
apps' server with its rooms, and a pupil's page as a WebSocket client."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import cardgames as cg  # noqa: E402
from cardgames.rooms import new_holder  # noqa: E402


def games(selected: list[str] | None) -> list[str]:
    return [cg.get_game(g).name for g in selected] if selected else sorted(cg.GAMES)


def parser(doc: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=doc.strip().splitlines()[0])
    p.add_argument("games", nargs="*", help="games to measure (default: all in cg.GAMES)")
    return p


def clock() -> float:
    return time.perf_counter()


ROOT = Path(__file__).resolve().parent.parent


@dataclass
class AppsServer:
    """A running apps' server: its process, its address and port, its rooms' SQLite file."""

    process: subprocess.Popen
    base: str
    port: int
    rooms: Path


@contextmanager
def apps_server(notebooks: str | None = None, key: str = "") -> Iterator[AppsServer]:
    """The apps' server (``python -m cardgames.apps_server``: Voila and the rooms' pages) on a
    free loopback port, its rooms in a temporary SQLite file, serving ``notebooks`` (default: an
    empty folder), the teacher's key ``key``; stopped by SIGTERM when the block ends."""
    from cardgames.voila_process import (KERNEL_ARGUMENTS, free_port, stop, voila_environment,
                                         wait_until_serving)

    with tempfile.TemporaryDirectory() as folder:
        apps = Path(folder) / "apps"
        apps.mkdir()
        rooms = Path(folder) / "rooms.sqlite3"
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        env = {**voila_environment(), "CARDGAMES_ROOMS": str(rooms), "CARDGAMES_TEACHER_KEY": key}
        process = subprocess.Popen(
            [sys.executable, "-m", "cardgames.apps_server", notebooks or str(apps),
             "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", *KERNEL_ARGUMENTS],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        try:
            wait_until_serving(base, process)
            yield AppsServer(process, base, port, rooms)
        finally:
            stop(process)


class RoomPupil:
    """A pupil's room page as a WebSocket client (``path``: ``/rooms/socket/join/CODE``): it
    sits with a holder's token of its own, keeps the last state the server sent, and plays.
    ``on_state`` is called with each state the page receives."""

    def __init__(self, path: str):
        self.path = path
        self.socket = None
        self.state: dict = {}

    def on_state(self, state: dict) -> None:
        """What a script notes of each state (nothing here)."""

    async def sit(self, address: str) -> None:
        """Open the page's socket at ``address`` (host:port) and wait until the seat is held."""
        from tornado.websocket import websocket_connect

        self.socket = await websocket_connect(f"ws://{address}{self.path}")
        holder = new_holder()
        while True:
            if not await self.read():
                raise RuntimeError("the server closed a pupil's page")
            if self.state.get("room", {}).get("ask_holder"):
                self.send({"type": "holder", "token": holder, "seq": self.state["seq"]})
            elif self.state.get("hand_seat") is not None:
                return

    async def read(self) -> bool:
        """The next message (30 s at most); False once the server closed the socket."""
        return self._take(await asyncio.wait_for(self.socket.read_message(), 30))

    async def listen(self) -> None:
        """Read every message until the socket closes."""
        while self._take(await self.socket.read_message()):
            pass

    def _take(self, text: str | None) -> bool:
        if text is None:
            return False
        message = json.loads(text)
        if message["type"] == "state":
            self.state = message["state"]
            self.on_state(self.state)
        return True

    def send(self, message: dict) -> None:
        self.socket.write_message(json.dumps(message))

    def legal(self) -> str | None:
        """A legal card of this seat, when it is its turn."""
        for seat in self.state.get("seats", []):
            if seat["seat"] == self.state.get("hand_seat") and seat["to_move"]:
                return next((c["card"] for c in seat["cards"] if c.get("legal")), None)
        return None
