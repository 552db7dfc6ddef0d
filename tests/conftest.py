"""Shared test set-up.

The notebooks (nbval) and the Voila servers of the browser tests run kernels in other
processes: put the repository root on their PYTHONPATH so that ``import cardgames`` works there
even when the package is not installed (it is, editable, under ``python3 tasks.py test``).
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
if str(ROOT) not in _paths:
    os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), *_paths])
