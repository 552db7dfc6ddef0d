"""The rooms on the apps' server (issue 43): pupils' pages without a kernel, joined by code.

Each story starts the rooms' handlers (``cardgames.rooms.room_server``) in a tornado server on a
free loopback port, and plays as the pupils' pages do: over the page's WebSocket, the board's own
messages. The attack measured on the rooms is replayed as tests: a link that would open a room,
a second seat from one browser, a classmate's seat taken while he is away, a flood of
connections, messages a browser would never send.
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request

import pytest
from tornado import web
from tornado.websocket import websocket_connect

import cardgames as cg
from cardgames.rooms import Teacher, new_holder
from cardgames.rooms.room_server import MAX_SOCKET_BYTES, RoomHub, room_handlers
from cardgames.rooms.sqlite_store import SQLiteStore
from cardgames.voila_process import free_port
from helpers import cards_named


@pytest.fixture
def store(tmp_path):
    made = SQLiteStore(tmp_path / "rooms.sqlite3")
    yield made
    made.close()


def open_room(store, game="yukon", players=4, seed=7):
    (room,) = Teacher(store, expected="").open_rooms(1, game, prefix="class", players=players,
                                                     seed=seed)
    return room


class Page:
    """A pupil's page as the browser has it: its socket and the last state and panels."""

    def __init__(self, socket):
        self.socket = socket
        self.state: dict = {}
        self.panels: dict = {}
        self.closed = ""
        self.refused = ""
        self.received: list[str] = []     # every message, as sent

    @classmethod
    async def open(cls, address: str, path: str) -> "Page":
        return cls(await websocket_connect(f"ws://{address}{path}"))

    async def read(self, timeout: float = 3.0) -> bool:
        """One message from the server; False when the socket closed."""
        try:
            text = await asyncio.wait_for(self.socket.read_message(), timeout)
        except asyncio.TimeoutError:
            return False
        if text is None:
            return False
        self.received.append(text)
        message = json.loads(text)
        if message["type"] == "state":
            self.state = message["state"]
        elif message["type"] == "panels":
            self.panels = message
        elif message["type"] == "closed":
            self.closed = message["text"]
        elif message["type"] == "refused":
            self.refused = message["text"]
        return True

    async def until(self, seen, timeout: float = 15.0) -> None:
        """Read until ``seen(page)`` holds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not seen(self):
            left = deadline - loop.time()
            if left <= 0 or not await self.read(left):
                break
        assert seen(self), (f"not seen: state {self.state.get('message')}, closed "
                            f"{self.closed!r}, refused {self.refused!r}")

    def send(self, message: dict | str) -> None:
        self.socket.write_message(message if isinstance(message, str) else json.dumps(message))

    async def sit(self, holder: str) -> None:
        await self.until(lambda p: p.state.get("room", {}).get("ask_holder"))
        self.send({"type": "holder", "token": holder, "seq": self.state["seq"]})
        await self.until(lambda p: not p.state["room"]["ask_holder"])

    def message(self) -> str:
        return " ".join(self.state.get("message", {}).get("lines", []))

    def face_up(self, seat: int) -> list[str]:
        return [c["card"] for s in self.state["seats"] if s["seat"] == seat
                for c in s["cards"] if "card" in c]


def serve(store, **settings):
    """The rooms' handlers on a free port of this event loop: (hub, server, address)."""
    hub = RoomHub(store, **settings)
    port = free_port()
    server = web.Application(room_handlers(hub)).listen(port, "127.0.0.1")
    return hub, server, f"127.0.0.1:{port}"


def run(story):
    asyncio.run(story())


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


async def fetch(url: str) -> tuple[int, str]:
    return await asyncio.get_running_loop().run_in_executor(None, get, url)


def test_two_pupils_play_from_pages_without_a_kernel_each_seeing_only_his_own_hand(store):
    room = open_room(store)

    async def story():
        hub, server, address = serve(store)
        north = await Page.open(address, f"/rooms/socket/join/{room.codes['North']}?name=Ann")
        south = await Page.open(address, f"/rooms/socket/join/{room.codes['South']}?name=Bo")
        await north.sit(new_holder())
        await south.sit(new_holder())
        assert north.state["hand_seat"] == 0 and "You are North" in north.state["caption"]
        # A page is sent only what its seat may see: its own cards, the others' backs.
        assert len(north.face_up(0)) == 5 and not any(north.face_up(s) for s in (1, 2, 3))
        assert len(south.face_up(2)) == 5 and not south.face_up(0)
        assert not set(north.face_up(0)) & set(south.face_up(2))
        # Only Hint among the board's buttons: undo and new deals are the teacher's.
        assert set(north.state["buttons"]) == {"hint"}
        card = next(c["card"] for s in north.state["seats"] if s["seat"] == 0
                    for c in s["cards"] if c.get("legal"))
        north.send({"type": "play", "card": card, "seq": north.state["seq"]})
        await south.until(lambda p: any(play["card"] == card
                                        for play in p.state["trick"]["plays"]))
        await south.until(lambda p: "North played" in p.panels.get("story", "")
                          or "North plays" in p.panels.get("story", ""))
        # Out of turn: South's tap says whose turn it is, and nothing is played.
        await north.until(lambda p: p.state["trick"]["plays"])
        server.stop()

    run(story)


def test_a_link_never_opens_a_room_an_unknown_code_is_answered_in_words(store):
    async def story():
        hub, server, address = serve(store)
        status, page = await fetch(f"http://{address}/join/K7MPX3")
        assert status == 404 and "No such room: ask your teacher" in page
        status, page = await fetch(f"http://{address}/join/hello")
        assert status == 400 and "a code is 6 letters and digits" in page
        status, page = await fetch(f"http://{address}/join?code=k7m+px3&name=Ann")
        assert status == 404 and "No such room" in page
        lost = await Page.open(address, "/rooms/socket/join/K7MPX3")
        await lost.until(lambda p: p.closed)
        assert lost.closed.startswith("No such room: ask your teacher")
        assert store.names() == []             # nothing was opened by a pupil's link
        status, page = await fetch(f"http://{address}/join")
        assert status == 200 and 'name="code"' in page and 'name="name"' in page
        server.stop()

    run(story)


def test_a_room_is_found_the_moment_the_teacher_opens_it(store):
    # A pupil types his code as soon as the projector shows it: the server, which read every
    # room's codes a moment ago for a code nobody has, still finds the new room at once.
    async def story():
        hub, server, address = serve(store)
        status, _page = await fetch(f"http://{address}/join/K7MPX3")
        assert status == 404
        room = open_room(store)
        status, page = await fetch(f"http://{address}/join/{room.codes['North']}")
        assert status == 200 and "No such room" not in page
        server.stop()

    run(story)


def test_a_second_seat_from_the_same_browser_is_refused(store):
    # The attack: a pupil took a free seat as a second seat from the same browser and saw
    # that hand too.
    room = open_room(store)

    async def story():
        hub, server, address = serve(store)
        holder = new_holder()
        north = await Page.open(address, f"/rooms/socket/join/{room.codes['North']}")
        await north.sit(holder)
        east = await Page.open(address, f"/rooms/socket/join/{room.codes['East']}")
        await east.until(lambda p: p.state.get("room", {}).get("ask_holder"))
        east.send({"type": "holder", "token": holder, "seq": east.state["seq"]})
        await east.until(lambda p: "one seat per pupil" in p.message())
        assert not any(east.face_up(s) for s in range(4))      # the room face down
        assert store.get("class-1").seats[1].holder is None
        server.stop()

    run(story)


def test_an_away_pupils_seat_is_not_given_to_a_classmate(store):
    # The attack: a classmate's locked phone (away 60 s) lost him his seat and showed his
    # cards to whoever took it.
    room = open_room(store)

    async def story():
        hub, server, address = serve(store)
        north = await Page.open(address, f"/rooms/socket/join/{room.codes['North']}?name=Ann")
        await north.sit(new_holder())
        north.socket.close()                   # the phone locked (tests/test_rooms.py: the
        stored = store.get("class-1")          # seat away past its timeout, kept the same)
        thief = await Page.open(address, f"/rooms/socket/join/{room.codes['North']}")
        await thief.until(lambda p: p.state.get("room", {}).get("ask_holder"))
        thief.send({"type": "holder", "token": new_holder(), "seq": thief.state["seq"]})
        await thief.until(lambda p: "North is taken by Ann" in p.message())
        assert not any(thief.face_up(s) for s in range(4)) and stored.seats[0].pupil == "Ann"
        server.stop()

    run(story)


def test_messages_a_browser_never_sends_are_refused_and_change_nothing(store):
    room = open_room(store)

    async def story():
        hub, server, address = serve(store)
        north = await Page.open(address, f"/rooms/socket/join/{room.codes['North']}")
        await north.sit(new_holder())
        seq = north.state["seq"]
        for bad, why in (("not json", "must be JSON"),
                         ({"type": "play", "card": "ZZ", "seq": seq}, "Card must be a card code"),
                         ({"type": "button", "name": "undo", "seq": seq, "x": 1}, "has no field"),
                         ({"type": "shout", "seq": seq}, "is none of")):
            north.refused = ""
            north.send(bad)
            await north.until(lambda p: why in p.refused)
        # Undo is the teacher's: a pupil's press of it is refused in words.
        north.send({"type": "button", "name": "undo", "seq": seq})
        await north.until(lambda p: "the teacher's in a room" in p.message())
        # A message over the size limit ends that socket alone (tornado: 1009).
        north.send("x" * (MAX_SOCKET_BYTES + 1))
        await north.until(lambda p: p.socket.close_code is not None or p.closed)
        assert store.get("class-1").count == 0
        server.stop()

    run(story)


def test_a_flood_of_pages_from_one_address_is_bounded(store):
    room = open_room(store)

    async def story():
        hub, server, address = serve(store, max_per_address=3)
        pages = [await Page.open(address, f"/rooms/socket/watch/{room.watch_code}")
                 for _ in range(3)]
        for page in pages:
            await page.until(lambda p: p.state)
        extra = await Page.open(address, f"/rooms/socket/watch/{room.watch_code}")
        await extra.until(lambda p: p.closed)
        assert "Too many pages are open from this address (3 at most)" in extra.closed
        pages[0].socket.close()
        await asyncio.sleep(0.2)
        again = await Page.open(address, f"/rooms/socket/watch/{room.watch_code}")
        await again.until(lambda p: p.state)
        server.stop()

    run(story)


def test_the_projector_shows_the_table_face_down_and_each_seat_s_code_and_qr_code(store):
    room = open_room(store)

    async def story():
        hub, server, address = serve(store)
        status, page = await fetch(f"http://{address}/watch/{room.watch_code}")
        assert status == 200 and page.count('class="cg-qr"') == 4
        for code in room.codes.values():
            assert f"<code>{code}</code>" in page
        watch = await Page.open(address, f"/rooms/socket/watch/{room.watch_code}")
        await watch.until(lambda p: p.state)
        assert not any(watch.face_up(s) for s in range(4)) and watch.state["buttons"] == {}
        # A seat's code is not the projector's, nor the other way round.
        status, _ = await fetch(f"http://{address}/watch/{room.codes['North']}")
        assert status == 404
        status, page = await fetch(f"http://{address}/join/{room.watch_code}")
        assert status == 404
        server.stop()

    run(story)


def test_a_pupil_s_name_is_checked(store):
    room = open_room(store)

    async def story():
        hub, server, address = serve(store)
        status, page = await fetch(f"http://{address}/join/{room.codes['North']}?name=%3Cb%3E")
        assert status == 400 and "is not allowed" in page and "<b>" not in page
        status, page = await fetch(f"http://{address}/join/{room.codes['North']}?name=Ann+Lee")
        assert status == 200 and "name=Ann+Lee" in page
        server.stop()

    run(story)


@pytest.mark.parametrize("game, players", [("yukon", 4), ("guinote", 4), ("pip_pip", 5)])
def test_over_a_whole_hand_no_page_is_sent_a_card_its_seat_may_not_see(store, game, players):
    # Four (five) pupils play a whole hand through the server; every message each page got
    # names only its own cards and cards played face up (tests/test_hidden.py checks the
    # same of RoomSession's states, the projector and the stories).
    from cardgames.rooms import RoomTable

    room = open_room(store, game=game, players=players, seed=11)

    async def story():
        hub, server, address = serve(store)
        pages = {}
        for seat, (name, code) in enumerate(room.codes.items()):
            pages[seat] = await Page.open(address, f"/rooms/socket/join/{code}")
            await pages[seat].sit(new_holder())
        for _ in range(200):
            for page in pages.values():          # every state sent so far, read
                while await page.read(0.01):
                    pass
            mover = next((p for p in pages.values() for s in p.state["seats"]
                          if s["seat"] == p.state["hand_seat"] and s["to_move"]
                          and any(c.get("legal") for c in s["cards"])
                          or p.state.get("actions")), None)
            watcher = RoomTable(store)
            watcher.join(room.name, "watch")
            if watcher.hand().is_over:
                break
            if mover is None:                    # the computer's turn, or news on its way
                await asyncio.sleep(0.05)
                continue
            if mover.state.get("actions"):
                mover.send({"type": "action", "id": 0, "seq": mover.state["seq"]})
            else:
                card = next(c["card"] for s in mover.state["seats"]
                            if s["seat"] == mover.state["hand_seat"]
                            for c in s["cards"] if c.get("legal"))
                mover.send({"type": "play", "card": card, "seq": mover.state["seq"]})
            seq = mover.state["seq"]
            await mover.until(lambda p: p.state["seq"] > seq)
        hand = watcher.hand()
        assert hand.is_over, "the hand did not end"
        shown = {str(m) for _s, m in hand.history if isinstance(m, cg.Card)}
        for declaration in hand.declarations:
            shown |= {str(c) for c in declaration.cards}
        for seat, page in pages.items():
            while await page.read(0.05):
                pass
            own = {str(c) for c in hand.initial_deal[0][seat]}
            leaked = cards_named("\n".join(page.received)) - own - shown
            assert not leaked, f"seat {seat}'s page was sent hidden cards {sorted(leaked)}"
        server.stop()

    run(story)
