"""Several servers for one class (issue 43): with ``CARDGAMES_ROOMS=redis://...`` two apps'
servers (two ports, two processes) serve the pupils of one room, a card played on one reaching
the pages on the other through Redis.

A real ``redis-server`` on a loopback port (``cardgames.rooms.local_redis``) and two
``python -m cardgames.apps_server`` processes over an empty folder of notebooks (no kernel is
preheated), started once for the module and stopped by their own process ids.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from test_room_server import Page

from cardgames.rooms import Teacher, new_holder
from cardgames.rooms.local_redis import LocalRedis, redis_server

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    pytest.importorskip("redis", reason="the 'redis' package is not installed "
                                        "(pip install 'cardgames[rooms]')")
    if redis_server() is None:
        pytest.skip("redis-server is not installed (Debian's package 'redis-server')")
    from cardgames.voila_process import (
        KERNEL_ARGUMENTS, free_port, stop, voila_environment, wait_until_serving,
    )

    folder = tmp_path_factory.mktemp("two-servers")
    (folder / "apps").mkdir()
    redis = LocalRedis(folder).start()
    env = {**voila_environment(), "CARDGAMES_ROOMS": redis.url, "CARDGAMES_TEACHER_KEY": ""}
    servers, addresses = [], []
    try:
        for n in range(2):
            port = free_port()
            servers.append(subprocess.Popen(
                [sys.executable, "-m", "cardgames.apps_server", str(folder / "apps"),
                 "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", *KERNEL_ARGUMENTS],
                cwd=ROOT, env=env, stdout=open(folder / f"server-{n}.log", "w"),
                stderr=subprocess.STDOUT))
            addresses.append(f"127.0.0.1:{port}")
        for server, address in zip(servers, addresses):
            wait_until_serving(f"http://{address}", server)
        yield redis, addresses
    finally:
        for server in servers:
            stop(server)
        redis.stop()


def test_a_card_played_on_one_server_reaches_the_page_on_the_other(two_servers):
    from cardgames.rooms.redis_store import RedisStore

    redis, (first, second) = two_servers
    store = RedisStore(redis.url)
    (room,) = Teacher(store, expected="").open_rooms(1, "yukon", prefix="two", players=4, seed=7)

    async def story():
        north = await Page.open(first, f"/rooms/socket/join/{room.codes['North']}?name=Ann")
        south = await Page.open(second, f"/rooms/socket/join/{room.codes['South']}?name=Bo")
        await north.sit(new_holder())
        await south.sit(new_holder())
        # Each server found the room from the code alone (the codes come from the room's id),
        # and each page hears of the pupil who sat down on the other server.
        badges = lambda page: " ".join(b for s in page.state["seats"] for b in s["badges"])  # noqa: E731
        await south.until(lambda p: "Ann" in badges(p))
        await north.until(lambda p: "Bo" in badges(p))
        while await north.read(0.2):                 # North's latest board, clicked as drawn
            pass
        card = next(c["card"] for s in north.state["seats"] if s["seat"] == 0
                    for c in s["cards"] if c.get("legal"))
        north.send({"type": "play", "card": card, "seq": north.state["seq"]})
        await south.until(lambda p: any(play["card"] == card
                                        for play in p.state["trick"]["plays"]))
        assert not set(south.face_up(2)) & set(north.face_up(0))

    asyncio.run(story())
    store.close()


def test_a_server_hears_every_change_of_the_class_s_rooms_through_pub_sub(two_servers):
    # What wakes a server's pages at once when another server changed their room.
    import threading
    import time

    from cardgames.rooms import RoomTable
    from cardgames.rooms.redis_store import RedisStore

    redis, _addresses = two_servers
    store = RedisStore(redis.url)
    heard: list[str] = []
    stop = threading.Event()
    listener = threading.Thread(target=store.listen, args=(heard.append, stop), daemon=True)
    listener.start()
    try:
        Teacher(store, expected="").open_rooms(1, "guinote", prefix="heard", players=2, seed=3)
        time.sleep(0.3)                              # (subscribed before the change below)
        RoomTable(RedisStore(redis.url)).join("heard-1", 0, new_holder(), pupil="Ann")
        deadline = time.monotonic() + 10
        while "heard-1" not in heard and time.monotonic() < deadline:
            time.sleep(0.05)
        assert "heard-1" in heard
    finally:
        stop.set()
        listener.join(timeout=5)
        store.close()
