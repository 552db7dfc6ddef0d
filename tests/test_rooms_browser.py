"""A class at one table in real browsers (issue 24): pupils' pages at a room, Playwright driving
Debian's Chromium against the Voila apps.

One Voila server for the module (started as tests/conftest.py starts its own, with
``CARDGAMES_ROOMS`` naming a temporary SQLite file), stopped by SIGTERM to its own process id.
It serves Yukon's app as the game's notebook ends (``app("yukon")``, then ``follow_link()``)
without the explainer's prose and simulations, so that each page's kernel is ready in seconds. Each pupil is a browser context of
his own (his own localStorage, so his own holder token). The stories: two pages at one table
play a trick, and neither sees the other's cards (in the page and in every synced trait of the
widgets); a card tapped out of turn says whose turn it is; a reloaded page finds its seat; two
rooms do not mix; a kernel killed mid-hand, its page reloaded, plays on; the server restarted,
the room is still there (last: it restarts the module's server).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from browsing import (
    ARTIFACTS, CHROMIUM, chromium, keep_screenshot_if_failed, kernel_process,
)

import cardgames as cg
from cardgames.rooms import RoomTable, new_holder, open_store

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_MS = 120_000
SCREENS = ARTIFACTS / "screens"
POOL = 3     # preheated kernels waiting (a page takes one; the pool refills behind it)
#: Yukon's app as every game's app notebook has it (the table, then follow_link() last), without
#: the explainer's prose and simulations: a kernel is ready in a second or two, not twenty.
APP_CELLS = ["from cardgames.widgets.notebook import app, follow_link", 'app("yukon")', "follow_link()"]


def write_app(folder: Path) -> None:
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(code) for code in APP_CELLS]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, str(folder / "yukon.ipynb"))


def start_server(port: int, apps: Path, rooms: Path, log_path: Path) -> subprocess.Popen:
    """Voila as tests/conftest.py starts it (from the checkout: its voila.json and template),
    serving ``apps`` with ``CARDGAMES_ROOMS`` naming the rooms' SQLite file."""
    from cardgames.voila_process import KERNEL_ARGUMENTS, voila_environment

    env = voila_environment()
    env["CARDGAMES_ROOMS"] = str(rooms)
    log = open(log_path, "a")
    return subprocess.Popen(
        [sys.executable, "-m", "voila", str(apps), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", "--preheat_kernel=True", f"--pool_size={POOL}",
         *KERNEL_ARGUMENTS],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env)


class Server:
    """The module's Voila server, which the last test restarts on the same port."""

    def __init__(self, folder: Path):
        from cardgames.voila_process import free_port

        self.apps = folder / "apps"
        write_app(self.apps)
        self.rooms = folder / "rooms.sqlite3"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        ARTIFACTS.mkdir(exist_ok=True)
        self.log_path = ARTIFACTS / "voila-rooms-tests.log"
        self.log_path.write_text("")
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        from cardgames.voila_process import wait_until_serving

        self.process = start_server(self.port, self.apps, self.rooms, self.log_path)
        try:
            wait_until_serving(self.base, self.process)
        except (RuntimeError, TimeoutError) as error:
            pytest.fail(f"{error}:\n" + self.log_path.read_text()[-3000:])

    def stop(self) -> None:
        from cardgames.voila_process import stop

        if self.process is not None:
            stop(self.process)
            self.process = None


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM}")
    pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    running = Server(tmp_path_factory.mktemp("rooms"))
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser(server):
    with chromium() as browser:
        yield browser


class Pupils:
    """Browser contexts, one per pupil (each its own localStorage), closed after the test."""

    def __init__(self, browser, request):
        self.browser, self.request = browser, request
        self.pages = []

    def new(self, width: int = 1280, height: int = 900):
        context = self.browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.console_errors = []
        page.on("console", lambda m: m.type == "error" and not m.text.startswith(
            "Failed to load resource") and page.console_errors.append(m.text))   # (said below)
        page.on("pageerror", lambda e: page.console_errors.append(f"page error: {e}"))
        # (a page reloaded asks Voila to shut its old kernel down, which Voila refuses: 403)
        page.on("response", lambda r: r.status >= 400 and "/voila/api/shutdown/" not in r.url
                and page.console_errors.append(f"{r.status} {r.url}"))
        page.frames_received = []
        page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda payload: page.frames_received.append(payload)))
        self.pages.append(page)
        return page

    def close(self):
        for page in self.pages:
            keep_screenshot_if_failed(page, self.request)
            page.context.close()


@pytest.fixture
def pupils(browser, request):
    made = Pupils(browser, request)
    yield made
    made.close()


def open_room(page, server, query: str) -> None:
    """Open Yukon's app at ``?query`` and wait until the board shows the room's seat (or the
    projector)."""
    page.goto(f"{server.base}/voila/render/yukon.ipynb?{query}", wait_until="domcontentloaded")
    page.wait_for_function(
        """() => { const t = document.querySelector('.cg-app .cg-table');
                   return t && /[Rr]oom /.test(t.querySelector('.cg-caption').innerText)
                       && (/You are|projector/.test(t.querySelector('.cg-caption').innerText)
                           || t.querySelector('.cg-message.cg-error')); }""")


def caption(page) -> str:
    return page.locator(".cg-app >> nth=0 >> .cg-caption").inner_text()


def message(page) -> str:
    return page.locator(".cg-app >> nth=0 >> .cg-message").inner_text()


def my_cards(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelector('.cg-app .cg-table')
        .querySelectorAll('.cg-hand .cg-card[data-card]')].map(c => c.dataset.card)""")


def trick_cards(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelector('.cg-app .cg-table')
        .querySelectorAll('.cg-trick .cg-card[data-card]')].map(c => c.dataset.card)""")


SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def cards_named(text: str) -> set[str]:
    """Every card a text names in any way the board could: a card code in quotes (a trait's
    value, an attribute), a label such as 10\u2665 (also JSON-escaped), or a name ("ten of
    hearts")."""
    for suit, sign in SUIT_SIGNS.items():
        text = text.replace("\\u" + format(ord(sign), "04x"), sign)
    found = set()
    for card in cg.ALL_CARDS:
        code = str(card)
        if f'"{code}"' in text or f"'{code}'" in text or f"cg-face-{code}" in text \
                or f"{card.label}" in text or card.name in text:
            found.add(code)
    return found


def frame_parts(frame) -> list:
    """The JSON parts of one websocket frame from the kernel (text, or Jupyter's binary v1
    protocol: a count, offsets, then the channel, header, parent, metadata and content)."""
    if isinstance(frame, str):
        try:
            return [json.loads(frame)]
        except ValueError:
            return []
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    parts = []
    for i, begin in enumerate(offsets[1:5], 1):
        end = offsets[i + 1] if i + 1 < count else len(frame)
        try:
            parts.append(json.loads(frame[begin:end]))
        except ValueError:
            pass
    return parts


def room_board_states(page) -> list:
    """Every state of a room's board that the kernel sent the page (a Board's ``state``
    trait carries ``room``; the page's other tables are not the room's)."""
    found = []

    def walk(value):
        if isinstance(value, dict):
            if isinstance(value.get("room"), dict) and "seats" in value:
                found.append(value)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for frame in page.frames_received:
        for part in frame_parts(frame):
            walk(part)
    return found


def page_cards(page) -> dict[str, set[str]]:
    """The cards the page names: the room's board in its DOM (attributes, labels, text), and every
    state of the board its kernel sent it over the websocket."""
    dom = page.evaluate("""() => { const app = document.querySelector('.cg-app').cloneNode(true);
        for (const sprite of app.querySelectorAll('.cg-sprite')) sprite.remove();   // every face
        return app.outerHTML; }""")
    states = room_board_states(page)
    assert states, "no state of the room's board came over the websocket"
    return {"the DOM": cards_named(dom),
            "the board's states": cards_named(json.dumps(states, ensure_ascii=False))}


def room_now(server, name: str):
    """The room's hand as the store has it (read in the test process, as a projector)."""
    table = RoomTable(open_store(server.rooms))
    table.join(name, "watch")
    return table.hand()


def check_sees_only_its_own(page, server, room: str, seat: int) -> None:
    hand = room_now(server, room)
    start = hand.initial_deal[0]
    played = {str(m) for _s, m in hand.history if isinstance(m, cg.Card)}
    allowed = {str(c) for c in start[seat]} | played
    hidden = {str(c) for h in start for c in h} - allowed
    for where, named in page_cards(page).items():
        leaked = named & hidden
        assert not leaked, f"seat {seat}'s page names hidden cards in {where}: {sorted(leaked)}"


def play_first_legal(page) -> str:
    card = page.locator('.cg-app >> nth=0 >> .cg-hand .cg-card[data-legal="true"]').first
    code = card.get_attribute("data-card")
    card.click(position={"x": 8, "y": 10})
    return code


def wait_for_trick_with(page, code: str) -> None:
    page.wait_for_function(
        """c => [...document.querySelector('.cg-app .cg-table')
              .querySelectorAll('.cg-trick .cg-card[data-card], .cg-last-trick .cg-card[data-card]')]
              .some(n => n.dataset.card === c)""", arg=code, timeout=30_000)


def wait_for_room(server, name: str, holds, what: str, seconds: float = 15.0):
    """The room's hand once ``holds(hand)`` is true: a card on the cloth is drawn by the browser
    as soon as it is clicked, before the kernel has given it to the room, and the computers'
    seats play on after a page is opened."""
    end = time.monotonic() + seconds
    while True:
        hand = room_now(server, name)
        if holds(hand):
            return hand
        assert time.monotonic() < end, f"room {name}: {what} not seen in {seconds} s"
        time.sleep(0.05)


def wait_for_own_cards(page, server, name: str, seat: int) -> list[str]:
    """The page's hand once it is what the room says the seat holds (the page draws the room
    within a poll; the room may move on meanwhile, so both are read again until they agree)."""
    shown: list[str] = []
    def agree(hand) -> bool:
        nonlocal shown
        shown = my_cards(page)
        return set(shown) == {str(c) for c in hand.hands[seat]}
    wait_for_room(server, name, agree, f"the page showing seat {seat}'s cards")
    return shown


def in_history(code: str):
    """A test of a room's hand: the card ``code`` is in its history."""
    return lambda hand: any(str(m) == code for _s, m in hand.history)


def screenshot(page, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.evaluate("() => document.querySelector('.cg-app .cg-table').scrollIntoView({block: 'start'})")
    page.screenshot(path=str(SCREENS / f"room-{name}.png"))


def hands_of(seed: int) -> list[set[str]]:
    return [{str(c) for c in h} for h in cg.deal("yukon", seed=seed).hands]


def test_two_pupils_at_one_table_play_a_trick_and_see_only_their_own_cards(server, pupils):
    # North and South of room "class-a": the first page opens the room with seed 7. Yukon:
    # North leads; East and West are free seats, played by the computer.
    hands = hands_of(7)
    north, south = pupils.new(), pupils.new(390, 844)
    open_room(north, server, "room=class-a&seat=0&seed=7")
    open_room(south, server, "room=class-a&seat=2")
    assert "You are North" in caption(north) and "You are South" in caption(south)
    # A link to a seat opens the page at its table, on a laptop and on a phone (the rules of
    # Yukon are above it, a scroll away)
    for page in (north, south):
        top = page.evaluate("document.querySelector('.cg-app .cg-table').getBoundingClientRect().top")
        assert 0 <= top < 60, f"the table's top is at {top:.0f} px"
    assert set(my_cards(north)) == hands[0] and set(my_cards(south)) == hands[2]
    check_sees_only_its_own(north, server, "class-a", 0)
    check_sees_only_its_own(south, server, "class-a", 2)
    screenshot(north, "north-laptop-start")
    screenshot(south, "south-phone-start")
    # North leads; the card reaches South's page, and East (the computer) follows.
    led = play_first_legal(north)
    wait_for_trick_with(south, led)
    south.wait_for_function("""() => document.querySelector('.cg-app .cg-table .cg-hand')
        .querySelector('.cg-card[data-legal="true"]')""")
    answer = play_first_legal(south)
    wait_for_trick_with(north, answer)
    screenshot(north, "north-laptop-played")
    screenshot(south, "south-phone-played")
    # South, who looked away, opens the story of the hand under the board: North's lead is there
    south.get_by_text("Story of the hand").click()
    south.wait_for_function(
        "w => (document.querySelector('.cg-app .cg-story') || {}).innerText?.includes(w)",
        arg=f"North plays {cg.Card.parse(led).label}")
    south.locator(".cg-app .cg-story").scroll_into_view_if_needed()
    south.screenshot(path=str(SCREENS / "room-south-phone-story.png"))
    check_sees_only_its_own(north, server, "class-a", 0)
    check_sees_only_its_own(south, server, "class-a", 2)
    assert north.console_errors == [] and south.console_errors == []


def test_a_card_tapped_out_of_turn_is_refused_and_says_whose_turn_it_is(server, pupils):
    # Room "turns": North is held by a pupil who thinks (here, this test's own RoomTable);
    # South taps a card: nothing is played, and the message says it is North's turn.
    north = RoomTable(open_store(server.rooms))
    north.join("turns", 0, new_holder(), game="yukon", seed=3, pupil="Ann")
    south = pupils.new()
    open_room(south, server, "room=turns&seat=2")
    assert "Ann" in south.locator(".cg-app >> nth=0 >> .cg-seat[data-seat='0']").inner_text()
    card = south.locator(".cg-app >> nth=0 >> .cg-hand .cg-card").first
    assert card.get_attribute("data-legal") == "false"
    card.click(position={"x": 8, "y": 10})
    south.wait_for_function("""() => document.querySelector('.cg-app .cg-table .cg-refused')
        .innerText.includes("it is North's turn, not yours")""")
    north.poll()
    assert north.count == 0, "a card tapped out of turn was played"
    screenshot(south, "south-out-of-turn")
    # North plays: South's page shows it within the poll, and it is South's turn... after East
    north.play(north.view().legal_actions()[0], seq=0)
    south.wait_for_function("""() => document.querySelector('.cg-app .cg-table .cg-trick .cg-card[data-card]')""")
    assert south.console_errors == []


def test_a_reloaded_page_finds_its_seat_hand_and_trick(server, pupils):
    page = pupils.new()
    open_room(page, server, "room=reload-me&seat=0&seed=11")
    led = play_first_legal(page)
    wait_for_trick_with(page, led)
    wait_for_room(server, "reload-me", in_history(led), f"North's {led}")
    page.reload(wait_until="domcontentloaded")
    open_room(page, server, "room=reload-me&seat=0&seed=11")
    assert "You are North" in caption(page)
    # Yukon draws after each trick: North holds what the room says North holds now
    assert led not in wait_for_own_cards(page, server, "reload-me", 0)
    # and the trick on the cloth (or, between tricks, the last one) is the room's
    def trick_shown(now) -> bool:
        shown = [str(c) for _s, c in (now.trick or now.tricks[-1].cards)]
        return trick_cards(page) == shown or set(page.evaluate(
            """() => [...document.querySelectorAll('.cg-app .cg-table .cg-last-trick .cg-card[data-card]')]
                 .map(c => c.dataset.card)""")) == set(shown)
    wait_for_room(server, "reload-me", trick_shown, "the room's trick on the page")
    check_sees_only_its_own(page, server, "reload-me", 0)
    assert page.console_errors == []


def test_two_rooms_do_not_mix(server, pupils):
    first, second = pupils.new(), pupils.new()
    open_room(first, server, "room=mix-1&seat=0&seed=21")
    open_room(second, server, "room=mix-2&seat=0&seed=22")
    assert set(my_cards(first)) == hands_of(21)[0] and set(my_cards(second)) == hands_of(22)[0]
    led = play_first_legal(first)
    wait_for_trick_with(first, led)
    time.sleep(1.0)          # several polls of the second page
    assert trick_cards(second) == [] and set(my_cards(second)) == hands_of(22)[0]
    assert len(room_now(server, "mix-2").history) == 0
    assert wait_for_room(server, "mix-1", in_history(led), f"{led}").history[0][1] == cg.Card.parse(led)


def test_a_kernel_killed_mid_hand_then_the_page_reloaded_plays_on(server, pupils):
    page = pupils.new()
    open_room(page, server, "room=killed&seat=0&seed=31")
    led = play_first_legal(page)
    wait_for_trick_with(page, led)
    # killed once the room has the card (the cloth shows it as soon as it is clicked)
    wait_for_room(server, "killed", in_history(led), f"North's {led}")
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    os.kill(kernel_process(config["kernelId"]), signal.SIGKILL)
    page.reload(wait_until="domcontentloaded")
    open_room(page, server, "room=killed&seat=0&seed=31")
    assert "You are North" in caption(page)
    assert led not in wait_for_own_cards(page, server, "killed", 0)
    page.wait_for_function("""() => document.querySelector('.cg-app .cg-table .cg-hand')
        .querySelector('.cg-card[data-legal="true"]')""")
    second = play_first_legal(page)
    wait_for_trick_with(page, second)
    now = wait_for_room(server, "killed", in_history(second), f"North's {second}")
    assert len(now.history) >= 5      # 4 of trick 1, North's lead


def test_the_server_restarted_the_room_is_still_there(server, pupils):
    # Last: it restarts the module's server. Room "class-a" was played in the first test, where
    # East was a free seat the computer played (North and South may still be held by that
    # test's pupils: a seat is kept for its pupil until the page has been quiet for a minute).
    before = room_now(server, "class-a")
    played = [str(m) for s, m in before.history if s == 1]
    assert played, "the computer played East's cards in the first test"
    server.stop()
    server.start()
    page = pupils.new()
    open_room(page, server, "room=class-a&seat=1")
    assert "You are East" in caption(page), message(page)
    shown = wait_for_own_cards(page, server, "class-a", 1)
    after = room_now(server, "class-a")
    assert [str(m) for _s, m in after.history[:len(before.history)]] == \
        [str(m) for _s, m in before.history]
    assert not set(played) & set(shown)
