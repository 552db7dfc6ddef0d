"""The load script (``benchmarks/load.py``, issue 10) still works with the Voila in use.

The 20-session figures are the script's to print (README, benchmarks/README.md): a timed test
would fail on a busy machine. Here two websocket sessions open the Yukon app, each click an
enabled card and see the trick change, and the script reports the kernels' memory and stops
the server it started.
"""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_two_sessions_open_the_app_and_play_a_trick():
    result = subprocess.run(
        [sys.executable, "benchmarks/load.py", "--sessions", "2", "--no-preheat",
         "--timeout", "120"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "2 of 2 websocket sessions opened yukon and played a trick" in output
    assert re.search(r"memory per kernel: median \d+ MiB", output), output
    assert re.search(r"server memory: \d+ MiB idle, \d+ MiB with 2 sessions", output), output
