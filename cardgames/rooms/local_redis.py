"""A throw-away ``redis-server`` on a free loopback port, for the rooms' tests and benchmark.

It runs in a directory of the caller's (its append-only file there, so that a restart finds
the rooms again), answers only on 127.0.0.1, and is stopped by its own process id.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

from ..voila_process import free_port


def redis_server() -> str | None:
    """The ``redis-server`` program, or None if it is not installed (Debian's package
    ``redis-server``; ``python3 tasks.py test`` installs it when run as root)."""
    return shutil.which("redis-server") or (
        "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)


class LocalRedis:
    """``with LocalRedis(folder) as server: server.url``: a Redis server for a while."""

    def __init__(self, folder: str | os.PathLike, port: int | None = None):
        self.folder = Path(folder)
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 20) -> "LocalRedis":
        program = redis_server()
        if program is None:
            raise RuntimeError("redis-server is not installed (Debian package 'redis-server')")
        self.folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [program, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--appendonly", "yes", "--appendfsync", "everysec", "--save", "",
             "--protected-mode", "yes", "--daemonize", "no", "--logfile", "redis.log"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import redis

        client = redis.Redis(port=self.port, host="127.0.0.1")
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"redis-server stopped at start (code {self.process.returncode}); "
                                   f"see {self.folder / 'redis.log'}")
            try:
                if client.ping():
                    client.close()
                    return self
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise TimeoutError(f"redis-server did not answer within {timeout:.0f} s") from None
                time.sleep(0.05)

    def stop(self, grace: float = 10) -> None:
        """SIGTERM to the server's own process id (it writes its append-only file and stops)."""
        from ..voila_process import stop

        process, self.process = self.process, None
        if process is not None:
            stop(process, grace)

    def memory_mib(self) -> float:
        """The server's resident memory in MiB (0 if it is not running)."""
        from ..voila_process import rss_mib

        return 0.0 if self.process is None else rss_mib(self.process.pid)

    def __enter__(self) -> "LocalRedis":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
