"""The project's two commands, each installing what it needs first.

    python3 tasks.py apps    # serve the apps (Voila): http://127.0.0.1:8866/voila/render/index.ipynb
    python3 tasks.py test    # run the whole test suite (pytest, nbval, browser tests)

    python3 tasks.py apps --class yukon=30   # for a class of 30 opening the Yukon app at once
    python3 tasks.py site    # build the static site into _site/: every app runs in the browser

Both create a virtual environment in ``.venv`` (once) and install the package into it with the
extras they need. ``test`` also installs Debian's Chromium for the browser tests when it is
missing and the command runs as root (elsewhere, install ``chromium`` yourself). Extra
arguments after ``test`` go to pytest, e.g. ``python3 tasks.py test tests/test_yukon.py -q``;
after ``apps`` they go to Voila, except ``--class GAME=N``: keep N kernels of that game's app
started and run before the class arrives (about 200 MiB each), so that N pages open at once in
a second or two instead of waiting for N notebooks to run on the server.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYTHON = VENV / "bin" / "python"


def run(*command: str | Path, **kwargs) -> None:
    print("+", " ".join(str(c) for c in command), flush=True)
    subprocess.run([str(c) for c in command], check=True, **kwargs)


def install(extra: str) -> None:
    if not PYTHON.exists():
        run(sys.executable, "-m", "venv", VENV)
    run(PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
        "-e", f"{ROOT}[{extra}]")


def ensure_chromium() -> None:
    if shutil.which("chromium") or Path("/usr/bin/chromium").exists():
        return
    if os.geteuid() == 0 and shutil.which("apt-get"):
        run("apt-get", "update", "-qq")
        run("apt-get", "install", "-y", "-qq", "chromium", env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    else:
        print("Chromium is not installed: the browser tests will be skipped. "
              "Install Debian's 'chromium' package to run them.", flush=True)


KERNEL_MIB = 200        # a game's kernel after its notebook has run (benchmarks/load.py)
# Kernels on Unix sockets where there are any: over TCP, kernels started together (a class's
# preheated pool) can be given the same port and one dies (cardgames.serve.KERNEL_ARGUMENTS).
KERNEL_ARGUMENTS = ["--KernelManager.transport=ipc"] if os.name == "posix" else []
CLASS_REFILL_SECONDS = 600   # while a class opens its pages, do not start replacement kernels


def class_arguments(value: str) -> list[str]:
    """Voila's settings for ``--class GAME=N``: N preheated kernels for the game's notebook
    (one for each other notebook), refilled only after ten minutes so that refilling does not
    slow the class's first tricks. Raises ValueError saying what is allowed."""
    games = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb") if p.stem != "index")
    game, _, size = value.partition("=")
    if game not in games or not size.strip().isdigit() or not 1 <= int(size) <= 200:
        raise ValueError(f"--class {value!r}: give GAME=N with GAME one of {', '.join(games)} "
                         "and N the number of pages opened at once, 1 to 200 (e.g. yukon=30)")
    pools = {"default": {"pool_size": 1}, f"{game}.ipynb": {"pool_size": int(size)}}
    return [f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}",
            f"--VoilaKernelManager.fill_delay={CLASS_REFILL_SECONDS}"]


def voila_arguments(args: list[str]) -> tuple[list[str], int]:
    """The arguments after ``apps`` with ``--class GAME=N`` (or ``--class=GAME=N``) expanded,
    and N (0 without ``--class``)."""
    given, out, size = list(args), [], 0
    while given:
        arg = given.pop(0)
        if arg == "--class" or arg.startswith("--class="):
            value = arg.removeprefix("--class").removeprefix("=") or (given.pop(0) if given else "")
            if not value:
                raise ValueError("--class needs GAME=N, e.g. --class yukon=30")
            out += class_arguments(value)
            size = int(value.partition("=")[2])
        else:
            out.append(arg)
    return out, size


def apps(args: list[str]) -> int:
    try:
        extra, class_size = voila_arguments(args)
    except ValueError as error:
        print(error)
        return 2
    install("apps")
    port = "8866"
    command = [str(VENV / "bin" / "voila"), "notebooks/", "--no-browser", "--Voila.ip=127.0.0.1",
               f"--port={port}", *KERNEL_ARGUMENTS, *extra]   # voila.json: lab template, no tracebacks, preheated kernels
    print("+", " ".join(command), flush=True)
    print(f"\n  The apps: http://127.0.0.1:{port}/voila/render/index.ipynb "
          "(one per game at /voila/render/<game>.ipynb)\n", flush=True)
    if class_size:
        print(f"  Starting {class_size} kernels for the class (about "
              f"{class_size * KERNEL_MIB / 1024:.1f} GiB): give them a minute or two before the "
              "class opens its pages.\n", flush=True)
    return subprocess.call(command, cwd=ROOT)


def test(args: list[str]) -> int:
    install("test")
    ensure_chromium()
    print("+ pytest", " ".join(args), flush=True)
    return subprocess.call([str(PYTHON), "-m", "pytest", *args], cwd=ROOT)


def site(args: list[str]) -> int:
    """Build the static site into _site/ (scripts/build_site.py: its own build environment in
    .site-build/, npm and PyPI at build time only); serve it with any static web server."""
    return subprocess.call([sys.executable, str(ROOT / "scripts" / "build_site.py"), *args], cwd=ROOT)


def main(argv: list[str]) -> int:
    if argv[:1] == ["site"]:
        return site(argv[1:])
    if not argv or argv[0] not in ("apps", "test"):
        print(__doc__)
        return 2
    return {"apps": apps, "test": test}[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
