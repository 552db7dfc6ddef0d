"""The project's two commands, each installing what it needs first.

    python3 tasks.py apps    # serve the apps (Voila): http://127.0.0.1:8866/voila/render/index.ipynb
    python3 tasks.py test    # run the whole test suite (pytest, nbval, browser tests)

    python3 tasks.py apps --class yukon=30   # for a class of 30 opening the Yukon app at once
    python3 tasks.py apps --teacher-key KEY  # the teacher's key (default: a new random one)
    python3 tasks.py site    # build the static site into _site/: every app runs in the browser

Both create a virtual environment in ``.venv`` (once) and install the package into it with the
extras they need. ``test`` also installs Debian's Chromium for the browser tests when it is
missing and the command runs as root (elsewhere, install ``chromium`` yourself). Extra
arguments after ``test`` go to pytest, e.g. ``python3 tasks.py test tests/test_yukon.py -q``;
after ``apps`` they go to Voila (``--port 8899``, ``--Voila.ip=0.0.0.0`` for a class on the
network: without them the apps are at 127.0.0.1:8866, or the next free port, and tasks.py prints
the address really served), except two of its own. ``--class GAME=N``: keep N kernels of that
game's app started and run before the class arrives (about 200 MiB each), so that N pages open
at once in a second or two instead of waiting for N notebooks to run on the server.
``--idle-minutes M``: close a game nobody has clicked for M minutes (default 60; a page that
never connects, or was closed, loses its game within 2 minutes). ``--teacher-key KEY``: the key
of the teacher's rooms page (a new random one at each start otherwise); tasks.py prints the
teacher's address with it (``.../voila/render/rooms.ipynb?key=...``): rooms are opened, shown and
changed only there. The same server answers the pupils' pages of the rooms (``/join``), without a
kernel each (cardgames.apps_server). Ctrl-C stops the server.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
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


def ensure_redis() -> None:
    """Debian's ``redis-server`` for the rooms' Redis tests (they start their own server on a
    free loopback port and stop it; the package's own service is not started)."""
    if shutil.which("redis-server") or Path("/usr/bin/redis-server").exists():
        return
    if os.geteuid() == 0 and shutil.which("apt-get"):
        run("apt-get", "update", "-qq")
        # RUNLEVEL=1: the package's service is not started (the tests start their own server).
        run("apt-get", "install", "-y", "-qq", "--no-install-recommends", "redis-server",
            env={**os.environ, "DEBIAN_FRONTEND": "noninteractive", "RUNLEVEL": "1"})
    else:
        print("redis-server is not installed: the rooms' Redis tests will be skipped. "
              "Install Debian's 'redis-server' package to run them.", flush=True)


KERNEL_MIB = 200        # a game's kernel after its notebook has run (benchmarks/load.py)
# Kernels on Unix sockets where there are any: over TCP, kernels started together (a class's
# preheated pool) can be given the same port and one dies (cardgames.voila_process.KERNEL_ARGUMENTS).
KERNEL_ARGUMENTS = ["--KernelManager.transport=ipc"] if os.name == "posix" else []
CLASS_REFILL_SECONDS = 600   # while a class opens its pages, do not start replacement kernels
# After a page takes a game's preheated kernel, Voila starts the next visitor's kernel, which runs
# the whole notebook (5 s of CPU for an explainer). After Voila's default 1 s it would run beside
# the page still being drawn and delay the page's first view by about a second on 2 cores
# (figures in benchmarks/README.md); after 10 s the page is drawn. A page opened again before
# the refill (a reload, a second tab) starts a kernel of its own.
PAGE_REFILL_SECONDS = 10
FILL_DELAY = "--VoilaKernelManager.fill_delay"


PAGES = ("index", "teachers", "rooms")   # the notebooks that are not a game's app


def class_arguments(value: str) -> list[str]:
    """Voila's settings for ``--class GAME=N``: N preheated kernels for the game's notebook
    (one for each other notebook), refilled only after ten minutes so that refilling does not
    slow the class's first tricks. Raises ValueError saying what is allowed."""
    games = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb") if p.stem not in PAGES)
    game, _, size = value.partition("=")
    if game not in games or not (size.strip().isascii() and size.strip().isdigit()) \
            or not 1 <= int(size) <= 200:
        raise ValueError(f"--class {value!r}: give GAME=N with GAME one of {', '.join(games)} "
                         "and N the number of pages opened at once, 1 to 200 (e.g. yukon=30)")
    pools = {"default": {"pool_size": 1}, f"{game}.ipynb": {"pool_size": int(size)}}
    return [f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}",
            f"{FILL_DELAY}={CLASS_REFILL_SECONDS}"]


# The command-line spellings of Voila's port and address: tasks.py adds its own only when the
# user gives none (Voila refuses a trait given twice: "port only accepts one value").
PORT_OPTIONS = ("--port", "--Voila.port")
IP_OPTIONS = ("--ip", "--Voila.ip")


def voila_arguments(args: list[str]) -> tuple[list[str], int]:
    """The arguments after ``apps`` with ``--class GAME=N`` (or ``--class=GAME=N``) and
    ``--idle-minutes M`` expanded, the address and port in the one spelling Voila takes
    (``--ip X``, ``--ip=X``, ``--Voila.ip X`` become ``--Voila.ip=X``; ``--port N``,
    ``--Voila.port=N`` become ``--port=N``), and N (0 without ``--class``)."""
    given, out, size = list(args), [], 0
    while given:
        arg = given.pop(0)
        if arg == "--class" or arg.startswith("--class="):
            value = arg.removeprefix("--class").removeprefix("=") or (given.pop(0) if given else "")
            if not value:
                raise ValueError("--class needs GAME=N, e.g. --class yukon=30")
            out += class_arguments(value)
            size = int(value.partition("=")[2])
        elif arg == "--idle-minutes" or arg.startswith("--idle-minutes="):
            value = arg.removeprefix("--idle-minutes").removeprefix("=") or (
                given.pop(0) if given else "")
            if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= 24 * 60:
                raise ValueError(f"--idle-minutes {value[:20]!r}: give the minutes after which "
                                 "a game nobody plays is closed, 1 to 1440 (e.g. --idle-minutes 90)")
            out.append(f"--ClassroomKernelManager.idle_minutes={int(value)}")
        elif arg == "--teacher-key" or arg.startswith("--teacher-key="):
            value = arg.removeprefix("--teacher-key").removeprefix("=") or (
                given.pop(0) if given else "")
            if not re.fullmatch(r"[A-Za-z0-9_-]{8,64}", value):
                raise ValueError("--teacher-key: give 8 to 64 letters, digits, '-' or '_' "
                                 "(or leave it out for a new random key)")
            out.append(f"{TEACHER_KEY_OPTION}={value}")
        elif arg.split("=", 1)[0] in IP_OPTIONS + PORT_OPTIONS:
            # Voila knows --port and --Voila.ip=X but not --ip: one spelling for each.
            option, equals, value = arg.partition("=")
            if not equals:
                if not given or given[0].startswith("-"):
                    raise ValueError(f"{option} needs a value, e.g. {option} "
                                     + ("0.0.0.0" if option in IP_OPTIONS else "8899"))
                value = given.pop(0)
            out.append(f"--Voila.ip={value}" if option in IP_OPTIONS else f"--port={value}")
        else:
            out.append(arg)
    return out, size


DEFAULT_PORT = 8866
#: How voila_arguments hands the teacher's key to serve() (never to the server's command line).
TEACHER_KEY_OPTION = "--teacher-key"
# Voila's log line once it listens: "Voilà is running at:" and, on the next line, the address.
RUNNING = re.compile(r"(https?://\S+)")


def gives(args: list[str], options: tuple[str, ...]) -> bool:
    """Whether ``args`` set one of ``options`` (``--port 8899`` or ``--port=8899``)."""
    return any(a in options or a.split("=", 1)[0] in options for a in args)


def server_command(extra: list[str]) -> list[str]:
    """Voila's command line for the apps: ``extra`` as given, with 127.0.0.1, port 8866 and the
    pools' refill after PAGE_REFILL_SECONDS added only when ``extra`` sets none of its own."""
    defaults = ([] if gives(extra, IP_OPTIONS) else ["--Voila.ip=127.0.0.1"]) + (
        [] if gives(extra, PORT_OPTIONS) else [f"--port={DEFAULT_PORT}"]) + (
        [] if gives(extra, (FILL_DELAY,)) else [f"{FILL_DELAY}={PAGE_REFILL_SECONDS}"])
    # voila.json: the cardgames template, no tracebacks, preheated kernels, the kernel culler;
    # cardgames.apps_server: Voila with the rooms' pages on the same port
    extra = [a for a in extra if not a.startswith(TEACHER_KEY_OPTION + "=")]
    return [str(PYTHON), "-m", "cardgames.apps_server", "notebooks/", "--no-browser", *defaults,
            *KERNEL_ARGUMENTS, *extra]


def teacher_key(extra: list[str]) -> str:
    """The key given with --teacher-key, else a new random one."""
    given = [a.split("=", 1)[1] for a in extra if a.startswith(TEACHER_KEY_OPTION + "=")]
    return given[-1] if given else secrets.token_urlsafe(16)


def server_environment(key: str = "") -> dict[str, str]:
    """This environment with the checkout's Jupyter data directory (the template) first on
    JUPYTER_PATH: cardgames.voila_process.voila_environment, written again here because tasks.py runs
    before the package is installed."""
    data = str(ROOT / "share" / "jupyter")
    paths = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p and p != data]
    env = {**os.environ, "JUPYTER_PATH": os.pathsep.join([data, *paths])}
    if key:               # the server's kernels read it: cardgames.rooms.teacher.KEY_VARIABLE
        env["CARDGAMES_TEACHER_KEY"] = key
    return env


def serve(command: list[str], class_size: int = 0, key: str = "") -> int:
    """Run Voila, echo its log, and print the apps' address once Voila says where it listens
    (the port given, or the next free one: Voila moves on when a port is busy). Ctrl-C or
    SIGTERM stops Voila, which shuts its kernels down."""
    print("+", " ".join(command), flush=True)
    server = subprocess.Popen(command, cwd=ROOT, env=server_environment(key),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              encoding="utf-8", errors="replace", bufsize=1)

    def forward(signum, _frame):
        if server.poll() is None:
            server.send_signal(signum)
    previous = signal.signal(signal.SIGTERM, forward)
    announced, running = False, False
    try:
        assert server.stdout is not None
        for line in server.stdout:
            print(line, end="", flush=True)
            if "running at" in line:
                running = True
            found = RUNNING.search(line)
            if running and found and not announced:
                announced = True
                address, _, token = found.group(1).partition("?")
                query = f"?{token}" if token else ""
                print(f"\n  The apps: {address.rstrip('/')}/voila/render/index.ipynb{query} "
                      "(one per game at /voila/render/<game>.ipynb)\n"
                      f"  The teacher's rooms page: {address.rstrip('/')}/voila/render/rooms.ipynb"
                      f"?key={key} (keep this address: the key opens, shows and changes the "
                      "rooms)\n"
                      f"  Pupils join at {address.rstrip('/')}/join with their seat's code\n"
                      "  Stop the server with Ctrl-C (it shuts down every game's kernel).\n",
                      flush=True)
                if class_size:
                    print(f"  Starting {class_size} kernels for the class (about "
                          f"{class_size * KERNEL_MIB / 1024:.1f} GiB): give them a minute or "
                          "two before the class opens its pages.\n", flush=True)
        return server.wait()
    except KeyboardInterrupt:        # Voila got the same Ctrl-C and is stopping its kernels
        return server.wait()
    finally:
        signal.signal(signal.SIGTERM, previous)


def apps(args: list[str]) -> int:
    try:
        extra, class_size = voila_arguments(args)
    except ValueError as error:
        print(error)
        return 2
    install("apps")
    return serve(server_command(extra), class_size, teacher_key(extra))


#: The whole suite in two halves run at once (``tasks.py test`` with no arguments). Both
#: keep the two cores busy, so the halves are split to end together: the browser tests of the
#: apps and the board, and the rest with the static site's tests (whose build fetches and
#: compiles, started as the run begins). The halves' times, measured in fresh clones:
#: benchmarks/README.md ("The whole test suite").
HALVES = {"browser tests": ["-m", "browser and not site"],
          "the other tests": ["-m", "not browser or site"]}


def test(args: list[str]) -> int:
    install("test")
    ensure_chromium()
    ensure_redis()
    if args:
        print("+ pytest", " ".join(args), flush=True)
        return subprocess.call([str(PYTHON), "-m", "pytest", *args], cwd=ROOT)
    return test_in_halves()


def test_in_halves() -> int:
    """Run HALVES at once, each pytest's output in a file printed when it ends; fails if
    either half fails."""
    import tempfile

    runs = []
    for name, marks in HALVES.items():
        command = [str(PYTHON), "-m", "pytest", "-p", "no:cacheprovider", *marks]
        out = tempfile.TemporaryFile(mode="w+")
        print(f"+ {' '.join(command[2:])}    ({name}, at the same time as the other half)", flush=True)
        runs.append((name, subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT), out))
    codes = []
    for name, process, out in runs:
        codes.append(process.wait())
        out.seek(0)
        print(f"\n===== {name} =====", flush=True)
        sys.stdout.write(out.read())
        sys.stdout.flush()
    # pytest's 5 means "no tests collected": a half with nothing in it is not a failure
    failed = [code for code in codes if code not in (0, 5)]
    return failed[0] if failed else 0


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
