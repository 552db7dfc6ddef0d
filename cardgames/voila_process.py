"""Start, wait for and stop a local Voila server: what the browser tests and the benchmarks share.

Each caller builds its own command line; these helpers pick a free loopback port, wait until the
server answers, and stop it by its own process id (SIGTERM, so that Voila shuts its kernels
down; SIGKILL if it has not stopped in time). Nothing here imports the widgets.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path


#: Voila's kernels talk to the server over Unix sockets where there are any: with TCP, kernels
#: started together (a class's preheated pool) can be given the same free port, and one of
#: them dies ("Address already in use", jupyter_client issue 487).
KERNEL_ARGUMENTS: list[str] = ["--KernelManager.transport=ipc"] if os.name == "posix" else []


#: Where Voila finds the apps' template (``share/jupyter/voila/templates/cardgames``, named in
#: voila.json): a Jupyter data directory of this checkout, put first on JUPYTER_PATH.
JUPYTER_DATA = Path(__file__).resolve().parent.parent / "share" / "jupyter"


def voila_environment(environ: dict[str, str] | None = None) -> dict[str, str]:
    """``environ`` (default: this process's) with this checkout's Jupyter data directory first on
    JUPYTER_PATH, so that Voila finds the ``cardgames`` template from a fresh clone."""
    env = dict(os.environ if environ is None else environ)
    paths = [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    env["JUPYTER_PATH"] = os.pathsep.join([str(JUPYTER_DATA), *[p for p in paths if p != str(JUPYTER_DATA)]])
    return env


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_serving(base: str, process: subprocess.Popen, timeout: float = 60) -> None:
    """Return once ``base`` answers; raise RuntimeError if the server stopped, TimeoutError if
    it did not answer within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"Voila stopped at start (code {process.returncode})")
        try:
            urllib.request.urlopen(base + "/voila/tree", timeout=2)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise TimeoutError(f"Voila did not answer within {timeout:.0f} s") from None
            time.sleep(0.2)


def stop(process: subprocess.Popen, grace: float = 20) -> None:
    """SIGTERM to the server's own process id; SIGKILL if it has not stopped within ``grace``."""
    if process.poll() is not None:
        return
    os.kill(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


def rss_mib(pid: "int | str" = "self") -> float:
    """A process's resident memory in MiB, from /proc (0 where it has gone or there is no
    /proc); ``"self"`` for this process."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0
