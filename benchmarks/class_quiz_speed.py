"""A class quiz on the apps' server: 24 pupils answer a question within the same second; how
long after the last answer the projector's tally is complete.

    python3 benchmarks/class_quiz_speed.py [--pupils 24] [--rounds 5]

One apps' server (``python -m cardgames.apps_server`` over an empty folder of notebooks,
``CARDGAMES_ROOMS`` a temporary SQLite file) on a free loopback port. Each round the teacher
opens a quiz (``Teacher.open_quiz``); ``--pupils`` WebSocket clients join its pupils' page and
the projector's socket is opened; then every pupil sends his answer, all within the same second,
and the script times from the last answer sent to the projector's view saying that all of them
answered (``data-answered``). Prints the median and the worst, and the ratio of the worst to the
goal (1 s). The server is stopped by SIGTERM to its process id.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import time
from pathlib import Path

from _common import apps_server  # also puts the package on the path

from cardgames.rooms import Teacher, open_store
from cardgames.rooms.class_quiz import questions_for

GOAL = 1.0
ANSWERED = re.compile(r'class="cg-quiz-tally" data-answered="(\d+)"')


async def one_round(base: str, store: Path, pupils: int, number: int) -> float:
    from tornado.websocket import websocket_connect

    teacher = Teacher(open_store(store), expected="")
    opened = teacher.open_quiz("pip-pip", questions=1, seed=number, name=f"speed-{number}")
    item = questions_for("pip-pip", number, 1)[0]
    socket_base = base.replace("http://", "ws://")
    await asyncio.sleep(1.1)              # the server reads new quizzes' codes once a second
    projector = await websocket_connect(f"{socket_base}/quiz/socket/show/"
                                        f"{opened.projector.rsplit('/', 1)[1]}")
    clients = []
    for i in range(pupils):
        ws = await websocket_connect(f"{socket_base}/quiz/socket/pupil/{opened.code}"
                                     f"?pupil=Pupil%20{i + 1}&token=speed-token-{i}")
        await ws.read_message()           # the question
        clients.append(ws)
    answer = json.dumps({"type": "answer", "question": 1, "choices": [min(item.right)]})
    for ws in clients:
        await ws.write_message(answer)
    last = time.perf_counter()
    while True:
        message = await asyncio.wait_for(projector.read_message(), 30)
        found = ANSWERED.search(json.loads(message).get("html", ""))
        if found and int(found.group(1)) == pupils:
            took = time.perf_counter() - last
            break
    for ws in (*clients, projector):
        ws.close()
    teacher.close_quiz(opened.name)
    return took


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    options.add_argument("--pupils", type=int, default=24, help="pupils answering (default 24)")
    options.add_argument("--rounds", type=int, default=5, help="questions to time (default 5)")
    args = options.parse_args()
    with apps_server() as server:
        times = [asyncio.run(one_round(server.base, server.rooms, args.pupils, n + 1))
                 for n in range(args.rounds)]
    worst = max(times)
    print(f"{args.pupils} pupils answering at once, {args.rounds} rounds: the projector's tally "
          f"complete {statistics.median(times) * 1000:.0f} ms (median), "
          f"{worst * 1000:.0f} ms (worst) after the last answer; "
          f"worst/goal {worst / GOAL:.2f} (goal {GOAL:.0f} s)")


if __name__ == "__main__":
    main()
