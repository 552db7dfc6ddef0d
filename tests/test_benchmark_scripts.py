"""The benchmark scripts still run and print their figures (tiny runs: the figures themselves are
the scripts' to measure, in benchmarks/README.md; a timed test fails on a busy machine)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

RUNS = [
    (["playout_speed.py", "yukon", "--repeats", "1", "--seconds", "0.05"], "yukon"),
    (["rules_vs_random.py", "guinote", "--hands", "2"], "guinote"),
    (["simulate_speed.py", "quinto", "--hands", "5"], "quinto"),
    (["solver_speed.py", "pippins_aplenty", "--positions", "1", "--tricks", "2"], "pippins"),
    (["search_vs_rules.py", "yukon", "--hands", "1", "--iterations", "5"], "yukon"),
    (["review_speed.py", "quinto", "--hands", "1", "--budget", "5"], "s a hand"),
    (["search_vs_rules.py", "pip_pip", "--hands", "1", "--iterations", "5", "--epsilon", "0.2"],
     "duplicate won"),
]


@pytest.mark.parametrize("args, expected", RUNS, ids=[" ".join(a[:2]) for a, _ in RUNS])
def test_a_benchmark_script_runs_and_prints_its_figures(args, expected):
    done = subprocess.run([sys.executable, *args], cwd=ROOT / "benchmarks", capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert expected in done.stdout, done.stdout[-2000:]
