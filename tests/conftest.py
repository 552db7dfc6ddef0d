"""Shared test set-up.

The notebooks (nbval) and the Voila servers of the browser tests run kernels in other
processes: put the repository root on their PYTHONPATH so that ``import cardgames`` works there
even when the package is not installed (it is, editable, under ``python3 tasks.py test``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

_paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
if str(ROOT) not in _paths:
    os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), *_paths])


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test item (``item.rep_call``), so that a fixture can tell
    at teardown whether its test failed (the browser tests keep a screenshot then)."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


from browsing import CHROMIUM  # noqa: E402


def pytest_collection_finish(session):
    """A run with the static site's tests starts the site's build now, in the background
    (tests/site_build.py): its downloads and compiling overlap the tests before the site's."""
    if not session.config.option.collectonly and \
            any(item.get_closest_marker("site") for item in session.items):
        import site_build

        site_build.start()


@pytest.fixture(scope="session")
def voila_notebooks():
    """One Voila server for every browser test of the notebooks (tests/test_browser.py and
    tests/test_explainers_browser.py): the project's template, preheated kernels, a free
    loopback port; stopped by SIGTERM to its own process id at the end. Yields (base URL, path
    of its log). Starting a server preheats a kernel for each notebook, the costliest step of a
    browser test on two cores, so it is done once."""
    import subprocess
    import sys

    from cardgames.voila_process import (KERNEL_ARGUMENTS, free_port, stop, voila_environment,
                                 wait_until_serving)

    if not Path(CHROMIUM).exists():
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM} "
                    "(python3 tasks.py test installs it when run as root)")
    pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    port = free_port()
    log_path = artifacts / "voila-browser-tests.log"
    log = open(log_path, "w")
    # The rooms these pages open (the teacher's page) go in a file of the tests' own, read by
    # the server's kernels and by the tests alike, not in the user's default rooms file.
    rooms = artifacts / "rooms-browser-tests.sqlite3"
    for old in artifacts.glob("rooms-browser-tests.sqlite3*"):
        old.unlink()
    rooms_before = os.environ.get("CARDGAMES_ROOMS")
    os.environ["CARDGAMES_ROOMS"] = str(rooms)
    process = subprocess.Popen(
        [sys.executable, "-m", "voila", "notebooks/", "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", "--preheat_kernel=True", "--pool_size=1", *KERNEL_ARGUMENTS],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=voila_environment())
    base = f"http://127.0.0.1:{port}"
    try:
        try:
            wait_until_serving(base, process)
        except (RuntimeError, TimeoutError) as error:
            pytest.fail(f"{error}:\n" + log_path.read_text()[-3000:])
        yield base, log_path
    finally:
        stop(process)
        log.close()
        if rooms_before is None:
            os.environ.pop("CARDGAMES_ROOMS", None)
        else:
            os.environ["CARDGAMES_ROOMS"] = rooms_before
