"""The static site's build for tests/test_site.py, started as soon as the run knows it has the
site's tests (``conftest.pytest_collection_finish``) and awaited by the module's fixture.

On a fresh clone the build is mostly waiting: pip and npm fetch the build's tools and Python's
wheels, then Node compiles them. Started in a thread at the start of the run, that waiting
overlaps the tests before the site's instead of adding a minute or two to the run.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import build_site  # noqa: E402

_thread: threading.Thread | None = None
_folder: Path | None = None
_error: BaseException | None = None


def can_build() -> bool:
    """npm (Node.js) is there: without it the site's tests are skipped, and nothing starts."""
    return shutil.which("npm") is not None


def start() -> None:
    """Build the site in a background thread, once per run (a second call does nothing)."""
    global _thread, _folder
    if _thread is not None or not can_build():
        return
    _folder = Path(tempfile.mkdtemp(prefix="cardgames-site-"))

    def build() -> None:
        global _error
        try:
            build_site.build(_folder / "_site")
        except BaseException as error:  # noqa: BLE001 - kept for the fixture to report
            _error = error

    _thread = threading.Thread(target=build, name="site build", daemon=True)
    _thread.start()


def built() -> Path:
    """The built site's folder, waiting for the build (started now if it was not). Raises what
    the build raised."""
    start()
    assert _thread is not None and _folder is not None
    _thread.join()
    if _error is not None:
        raise _error
    return _folder / "_site"


def clean() -> None:
    """Remove the build's folder (the build tools stay cached in .site-build/)."""
    if _folder is not None and (_thread is None or not _thread.is_alive()):
        shutil.rmtree(_folder, ignore_errors=True)
