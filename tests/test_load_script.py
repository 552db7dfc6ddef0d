"""The load script (``benchmarks/load.py``, issue 10) still works with the Voila in use.

The 20-session figures are the script's to print (benchmarks/README.md): a timed test
would fail on a busy machine. Here two websocket sessions open the Yukon app, each click an
enabled card and see the trick change, and the script reports the kernels' memory and stops
the server it started. With ``--rooms`` (issue 24), one room of two pupils: both pages take
their seats from their links, play cards in turn, and each card reaches the other page (the
latencies are printed, never judged here).
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


def test_one_room_of_two_pupils_plays_and_each_card_reaches_the_other_page():
    result = subprocess.run(
        [sys.executable, "benchmarks/load.py", "--rooms", "1", "--pupils", "2", "--no-preheat",
         "--duration", "10", "--think", "0.5", "--timeout", "180"],
        cwd=ROOT, capture_output=True, text=True, timeout=400)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "1 room x 2 pupils (yukon): 2 of 2 pages took their seats" in output
    clicked = int(re.search(r"; (\d+) cards clicked", output).group(1))
    seen = re.search(r"click to each other page of the room: median [\d.]+ s, 95th [\d.]+ s, "
                     r"worst [\d.]+ s \((\d+) of (\d+) arrivals seen\)", output)
    assert clicked >= 2 and seen, output          # both pupils played (Yukon: turns alternate)
    assert int(seen.group(1)) >= 1, output
    assert re.search(r"memory per kernel: median \d+ MiB", output), output
    assert re.search(r"server memory: \d+ MiB idle, \d+ MiB with 2 pages", output), output
