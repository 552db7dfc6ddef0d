"""After the lesson, a room's finished hand reviewed on the projector (issue 44, item 5): the
review page of :mod:`cardgames.rooms.review_page`, headless over its WebSocket.

Each story serves the rooms' pages, the hands' list and the review page on a free loopback port
(as tests/test_room_server.py does, whose page client it uses), with a teacher's key set. A room
of four computers plays a hand of Yukon to its end; the teacher opens its review from the hands'
list and steps through it as the board's clicks and arrow keys do. The review's search runs
with a small budget (a few playouts per decision) to keep the stories short.
"""

from __future__ import annotations

import importlib
import re
import threading
from html import unescape

import pytest
from tornado import web

from cardgames.rooms import RoomTable, Teacher
from cardgames.rooms.hands_page import hands_handlers
from cardgames.rooms.review_page import review_handlers
from cardgames.rooms.room_server import RoomHub, room_handlers
from cardgames.rooms.sqlite_store import SQLiteStore
from cardgames.rooms.teacher import KEY_VARIABLE
from cardgames.voila_process import free_port
from helpers import cards_named
from test_room_server import Page, fetch, run

KEY = "class-key-for-tests"
#: Search playouts per decision: the review's words and marks, in a fraction of a second.
BUDGET = 20


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv(KEY_VARIABLE, KEY)
    made = SQLiteStore(tmp_path / "rooms.sqlite3")
    yield made
    made.close()


def played_room(store, name: str = "after", seed: int = 5):
    """A room of four computers (no pupil sat down) whose first hand is played to its end."""
    (room,) = Teacher(store, key=KEY).open_rooms(1, "yukon", prefix=name, players=4, seed=seed)
    table = RoomTable(store)
    table.join(room.name, "watch")
    table.computer_moves()
    assert table.hand().is_over
    return room


def serve(store):
    """The rooms' pages, the hands' list and the review page: (hub, server, address)."""
    hub = RoomHub(store)
    port = free_port()
    server = web.Application([*room_handlers(hub), *hands_handlers(hub),
                              *review_handlers(hub, budget=BUDGET)]).listen(port, "127.0.0.1")
    return hub, server, f"127.0.0.1:{port}"


def reviewed(page: Page) -> bool:
    return bool((page.state.get("review") or {}).get("steps"))


def cards_face_up(page: Page) -> int:
    return sum("card" in c for s in page.state["seats"] for c in s["cards"])


def faces(page: Page) -> set[str]:
    return {c["card"] for s in page.state["seats"] for c in s["cards"] if "card" in c}


def cards_face_down(page: Page) -> int:
    return sum("back" in c for s in page.state["seats"] for c in s["cards"])


async def open_review(address: str) -> Page:
    """The teacher follows "Review on the projector" from the hands' list to the page's socket."""
    status, listing = await fetch(f"http://{address}/hands/after-1?key={KEY}")
    assert status == 200
    link = unescape(re.search(r'class="cg-hand-review" href="([^"]+)"', listing).group(1))
    assert link == f"/hands/after-1/1/review?key={KEY}"
    status, page = await fetch(f"http://{address}{link}")
    assert status == 200 and "pupil_page.js" in page
    socket = unescape(re.search(r'data-socket="([^"]+)"', page).group(1))
    assert socket == f"/hands/after-1/1/review/socket?key={KEY}"
    return await Page.open(address, socket)


def test_a_finished_hand_opens_in_the_review_every_hand_open_and_a_step_moves_the_board(store):
    played_room(store)

    async def story():
        hub, server, address = serve(store)
        review = await open_review(address)
        # First the hand as it ended, "Reviewing…" in the message line, then the review's steps.
        await review.until(lambda p: "Reviewing North's decisions" in p.message())
        await review.until(reviewed)
        strip = review.state["review"]
        assert strip["name"] == "North" and strip["at"] == 0 and len(strip["steps"]) == 13
        assert [s["name"] for s in strip["seats"]] == ["North", "East", "South", "West"]
        assert review.state["buttons"] == {}
        assert "Room after-1, hand 1" in review.state["caption"]
        assert "Review of North's 13 decisions" in review.message()
        # Step 1: North's first decision, the deal as it was, every hand face up.
        review.send({"type": "step", "step": 1, "seq": review.state["seq"]})
        await review.until(lambda p: p.state["review"]["at"] == 1)
        assert cards_face_up(review) == 4 * 5 and cards_face_down(review) == 0
        assert review.state["trick"]["title"] == "Trick 1"
        assert review.message().startswith("Decision 1, trick 1: North played")
        dealt = faces(review)
        # Step 5 (the arrow keys send the same): the board moves on to trick 5, cards played
        # and others drawn from the stock in their place, every one face up.
        review.send({"type": "step", "step": 5, "seq": review.state["seq"]})
        await review.until(lambda p: p.state["review"]["at"] == 5)
        assert cards_face_down(review) == 0 and faces(review) != dealt
        assert review.message().startswith("Decision 5, trick 5")
        # Another seat's decisions: weighed again, then its own steps.
        review.send({"type": "review_seat", "seat": 3, "seq": review.state["seq"]})
        await review.until(lambda p: "Reviewing West's decisions" in p.message())
        await review.until(lambda p: reviewed(p) and p.state["review"]["name"] == "West")
        assert "Story of the hand" not in review.panels.get("story", "")
        assert "North plays" in review.panels["story"] or "North played" in review.panels["story"]
        server.stop()

    run(story)


def test_without_the_teachers_key_the_page_and_its_socket_give_nothing_of_the_hand(store):
    played_room(store)

    async def story():
        hub, server, address = serve(store)
        for query in ("", "?key=wrong"):
            status, page = await fetch(f"http://{address}/hands/after-1/1/review{query}")
            assert status == 403 and "needs the teacher&#x27;s key" in page
            assert "data-socket=\"\"" in page            # a page of words: no socket to open
            stranger = await Page.open(address, f"/hands/after-1/1/review/socket{query}")
            await stranger.until(lambda p: p.closed)
            assert "needs the teacher's key" in stranger.closed and not stranger.state
            assert cards_named("\n".join(stranger.received)) == set()
        server.stop()

    run(story)


def test_an_unknown_room_or_hand_and_an_unfinished_hand_are_answered_in_words(store):
    played_room(store)
    Teacher(store, key=KEY).open_rooms(1, "yukon", prefix="fresh", players=4, seed=1)

    async def story():
        hub, server, address = serve(store)
        for path, words in (("/hands/nowhere-1/1/review", "There is no room &#x27;nowhere-1&#x27;"),
                            ("/hands/after-1/2/review", "room after-1 has finished hands 1 to 1"),
                            ("/hands/fresh-1/1/review", "room fresh-1 has no finished hand yet")):
            status, page = await fetch(f"http://{address}{path}?key={KEY}")
            assert status == 404 and words in page, (path, page[-400:])
        lost = await Page.open(address, f"/hands/after-1/2/review/socket?key={KEY}")
        await lost.until(lambda p: p.closed)
        assert "finished hands 1 to 1" in lost.closed and not lost.state
        server.stop()

    run(story)


def test_messages_the_review_does_not_take_are_refused_in_words_and_change_nothing(store):
    played_room(store)

    async def story():
        hub, server, address = serve(store)
        review = await open_review(address)
        await review.until(reviewed)
        review.send({"type": "step", "step": 2, "seq": review.state["seq"]})
        await review.until(lambda p: p.state["review"]["at"] == 2)
        seq, shown = review.state["seq"], review.state
        for bad, why in (("not json", "must be JSON"),
                         ({"type": "step", "step": -1, "seq": seq}, "Step must be a whole number"),
                         ({"type": "play", "card": "AH", "seq": seq}, "reviews a finished hand"),
                         ({"type": "button", "name": "undo", "seq": seq}, "reviews a finished"),
                         ({"type": "review_seat", "seat": 7, "seq": seq}, "Seat 7 has no decisions to review here: the seats are 0 (North), 1"),
                         ({"type": "shout", "seq": seq}, "is none of")):
            review.refused = ""
            review.send(bad)
            await review.until(lambda p: why in p.refused)
        # A step past the review's last is refused by the session, in the message line.
        review.send({"type": "step", "step": 40, "seq": seq})
        await review.until(lambda p: "the review has steps 1 to 13" in p.message())
        assert review.state["review"]["at"] == 2 and review.state["seats"] == shown["seats"]
        server.stop()

    run(story)


def test_the_review_is_weighed_off_the_loop_the_rooms_pages_go_on_meanwhile(store, monkeypatch):
    # The review's search takes seconds of CPU: it must not stop the loop that serves every
    # pupil's page. Here the search waits until the test lets it go; a search on the loop would
    # stop the projector's page below from ever being answered.
    played_room(store)
    (playing,) = Teacher(store, key=KEY).open_rooms(1, "yukon", prefix="play", players=4, seed=2)
    go_on = threading.Event()
    module = importlib.import_module("cardgames.review")    # cg.review is the function
    weigh = module.review

    def held_review(*args, **kwargs):
        assert go_on.wait(30), "the test never let the review go on"
        return weigh(*args, **kwargs)

    monkeypatch.setattr(module, "review", held_review)

    async def story():
        hub, server, address = serve(store)
        review = await open_review(address)
        await review.until(lambda p: "Reviewing North's decisions" in p.message())
        # A step clicked meanwhile is refused in words: nothing to show yet.
        review.send({"type": "step", "step": 1, "seq": review.state["seq"]})
        await review.until(lambda p: "being reviewed: wait a moment" in p.refused)
        projector = await Page.open(address, f"/rooms/socket/watch/{playing.watch_code}")
        await projector.until(lambda p: p.state.get("seats"))
        assert not reviewed(review)
        go_on.set()
        await review.until(reviewed)
        server.stop()

    try:
        run(story)
    finally:
        go_on.set()
