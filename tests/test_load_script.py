"""The load scripts (``benchmarks/load.py``, issue 10; ``benchmarks/room_server_load.py``, issue
43) still work with the server in use.

The 20-session figures are the script's to print (benchmarks/README.md): a timed test
would fail on a busy machine. Here two websocket sessions open the Yukon app, each click an
enabled card and see the trick change, and the script reports the kernels' memory and stops
the server it started. On the rooms' server, one room of two pupils' pages: both take their
seats, no kernel is started for them, and each card reaches the other page (the latencies are
printed, never judged here).
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Each test starts a Voila server and its kernels (10-30 s).
pytestmark = pytest.mark.slow


def test_two_sessions_open_the_app_and_play_a_trick():
    result = subprocess.run(
        [sys.executable, "benchmarks/load.py", "--sessions", "2", "--no-preheat",
         "--timeout", "120"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "2 of 2 websocket sessions opened yukon and played a trick" in output
    assert re.search(r"memory per kernel: median \d+ MiB", output), output
    assert re.search(r"server memory: \d+ MiB idle, \d+ MiB with 2 sessions", output), output


def test_two_pupils_on_the_room_server_are_seated_and_each_card_reaches_the_other_page():
    # benchmarks/room_server_load.py at its smallest: the apps' server, one room of two pupils'
    # pages (WebSocket clients), no kernel started for a pupil, each play seen by the other page.
    result = subprocess.run(
        [sys.executable, "benchmarks/room_server_load.py", "--pupils", "2", "--seats", "2",
         "--clicks", "2"], cwd=ROOT, capture_output=True, text=True, timeout=400)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert re.search(r"seated: median [\d.]+ s, worst [\d.]+ s", output), output
    assert re.search(r": 0 for the pupils \(goal 0\)", output), output
    assert re.search(r"a click to the other pages of its room: median \d+ ms, .* over [12] "
                     r"deliveries", output), output
