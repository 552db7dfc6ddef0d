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
