"""The project's two commands, each installing what it needs first.

    python3 tasks.py apps    # serve the apps (Voila): http://127.0.0.1:8866/voila/render/index.ipynb
    python3 tasks.py test    # run the whole test suite (pytest, nbval, browser tests)

Both create a virtual environment in ``.venv`` (once) and install the package into it with the
extras they need. ``test`` also installs Debian's Chromium for the browser tests when it is
missing and the command runs as root (elsewhere, install ``chromium`` yourself). Extra
arguments after ``test`` go to pytest, e.g. ``python3 tasks.py test tests/test_yukon.py -q``.
"""

from __future__ import annotations

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


def apps(args: list[str]) -> int:
    install("apps")
    port = "8866"
    command = [str(VENV / "bin" / "voila"), "notebooks/", "--no-browser", "--Voila.ip=127.0.0.1",
               f"--port={port}", *args]   # voila.json: lab template, no tracebacks, preheated kernels
    print("+", " ".join(command), flush=True)
    print(f"\n  The apps: http://127.0.0.1:{port}/voila/render/index.ipynb "
          "(one per game at /voila/render/<game>.ipynb)\n", flush=True)
    return subprocess.call(command, cwd=ROOT)


def test(args: list[str]) -> int:
    install("test")
    ensure_chromium()
    print("+ pytest", " ".join(args), flush=True)
    return subprocess.call([str(PYTHON), "-m", "pytest", *args], cwd=ROOT)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("apps", "test"):
        print(__doc__)
        return 2
    return {"apps": apps, "test": test}[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
