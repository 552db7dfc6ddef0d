"""A class at one table in real browsers (issues 24 and 43): the pupils' pages of the apps'
server, without a kernel, Playwright driving Debian's Chromium.

One server for the module (``python -m cardgames.apps_server``, the apps' real server, over an
empty folder of notebooks so that no kernel is preheated; ``CARDGAMES_ROOMS`` names a temporary
SQLite file), stopped by SIGTERM to its own process id; the last story restarts it on the same
port. Rooms are opened as the teacher opens them (``Teacher.open_rooms``); each pupil is a
browser context of his own (his own localStorage, so his own holder token) opening his seat's
link ``/join/CODE``. The stories: two pupils play a trick and neither sees the other's cards (in
the page, and in every message the server sent it); a card tapped out of turn says whose turn it
is; the projector shows the room face down and each seat's QR code; a reloaded page finds its
seat; two rooms do not mix; an unknown code is answered in words; the server restarted, the page
finds its room again by itself.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from browsing import ARTIFACTS, CHROMIUM, chromium, keep_screenshot_if_failed

import cardgames as cg
from cardgames.rooms import RoomTable, Teacher, open_store
from helpers import cards_named

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_MS = 30_000
SCREENS = ARTIFACTS / "screens"


class Server:
    """The module's apps' server, which the last story restarts on the same port."""

    def __init__(self, folder: Path):
        from cardgames.voila_process import free_port

        self.apps = folder / "apps"
        self.apps.mkdir()
        self.rooms = folder / "rooms.sqlite3"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        ARTIFACTS.mkdir(exist_ok=True)
        self.log_path = ARTIFACTS / "rooms-server-tests.log"
        self.log_path.write_text("")
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        from cardgames.voila_process import KERNEL_ARGUMENTS, voila_environment, wait_until_serving

        env = {**voila_environment(), "CARDGAMES_ROOMS": str(self.rooms),
               "CARDGAMES_TEACHER_KEY": ""}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardgames.apps_server", str(self.apps), "--no-browser",
             f"--port={self.port}", "--Voila.ip=127.0.0.1", *KERNEL_ARGUMENTS],
            cwd=ROOT, stdout=open(self.log_path, "a"), stderr=subprocess.STDOUT, env=env)
        try:
            wait_until_serving(self.base, self.process)
        except (RuntimeError, TimeoutError) as error:
            pytest.fail(f"{error}:\n" + self.log_path.read_text()[-3000:])

    def stop(self) -> None:
        from cardgames.voila_process import stop

        if self.process is not None:
            stop(self.process)
            self.process = None

    def open_rooms(self, prefix: str, seed: int):
        teacher = Teacher(open_store(self.rooms), expected="")
        return teacher.open_rooms(1, "yukon", prefix=prefix, players=4, seed=seed,
                                  base_url=self.base)[0]


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
        page.on("pageerror", lambda e: page.console_errors.append(f"page error: {e}"))
        page.on("response", lambda r: r.status >= 400 and page.console_errors.append(
            f"{r.status} {r.url}"))
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


def open_seat(page, link: str, seat: str) -> None:
    """Open a seat's link and wait until the board says the page sits there."""
    page.goto(link, wait_until="domcontentloaded")
    page.wait_for_function("s => (document.querySelector('.cg-caption') || {}).textContent"
                           "?.startsWith('You are ' + s)", arg=seat)
    page.wait_for_selector(".cg-hand .cg-card[data-card]")


def message(page) -> str:
    return page.locator(".cg-message").inner_text()


def my_cards(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('.cg-hand .cg-card[data-card]')]
        .map(c => c.dataset.card)""")


def trick_cards(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll(
        '.cg-trick .cg-card[data-card], .cg-last-trick .cg-card[data-card]')]
        .map(c => c.dataset.card)""")


def room_now(server, name: str):
    table = RoomTable(open_store(server.rooms))
    table.join(name, "watch")
    return table.hand()


def check_sees_only_its_own(page, server, room: str, seat: int) -> None:
    """Neither the page's board nor any message the server sent it names a hidden card."""
    hand = room_now(server, room)
    played = {str(m) for _s, m in hand.history if isinstance(m, cg.Card)}
    allowed = {str(c) for c in hand.initial_deal[0][seat]} | played
    hidden = {str(c) for h in hand.initial_deal[0] for c in h} - allowed
    dom = page.evaluate("() => document.querySelector('.cg-room-page').outerHTML")
    sent = "\n".join(f if isinstance(f, str) else f.decode("utf-8", "replace")
                     for f in page.frames_received)
    assert sent, "no message came over the page's WebSocket"
    for where, text in (("the page", dom), ("the messages sent", sent)):
        leaked = cards_named(text) & hidden
        assert not leaked, f"seat {seat}'s page names hidden cards in {where}: {sorted(leaked)}"


def play_first_legal(page) -> str:
    card = page.locator('.cg-hand .cg-card[data-legal="true"]').first
    code = card.get_attribute("data-card")
    card.click(position={"x": 8, "y": 10})
    return code


def wait_for_trick_with(page, code: str) -> None:
    """The card on the cloth (or in the last trick) as the server drew it: the board draws a
    clicked card there at once (foreseen, the table .cg-waiting) before the server has it."""
    page.wait_for_function(
        """c => !document.querySelector('.cg-table').classList.contains('cg-waiting')
              && [...document.querySelectorAll('.cg-trick .cg-card[data-card], '
              + '.cg-last-trick .cg-card[data-card]')].some(n => n.dataset.card === c)""",
        arg=code, timeout=15_000)


def test_two_pupils_play_a_trick_and_neither_sees_the_others_cards(server, pupils):
    room = server.open_rooms("duo", seed=7)
    north, south = pupils.new(), pupils.new(390, 844)
    open_seat(north, room.links["North"] + "?name=Ann", "North")
    open_seat(south, room.links["South"] + "?name=Bo", "South")
    assert len(my_cards(north)) == 5 and not set(my_cards(north)) & set(my_cards(south))
    # A page without a kernel: the board, its own JS, the card faces, one WebSocket.
    assert north.evaluate("() => typeof window.jupyter === 'undefined'")
    assert north.locator(".cg-panels details").count() == 2      # score sheet, story
    # North leads; South's page shows the card on the cloth, and the story says it.
    code = play_first_legal(north)
    wait_for_trick_with(south, code)
    south.locator(".cg-panels summary", has_text="Story of the hand").click()
    assert "North" in south.locator(".cg-story").inner_text()
    # South taps a card out of turn (East's card is the computer's): the page says whose.
    if room_now(server, "duo-1").to_move != 2:
        south.locator(".cg-hand .cg-card[data-card]").first.click(position={"x": 8, "y": 10})
        south.wait_for_function("() => /turn/.test(document.querySelector('.cg-message')"
                                ".textContent)")
    for seat, page in ((0, north), (2, south)):
        check_sees_only_its_own(page, server, "duo-1", seat)
        assert page.console_errors == []
    SCREENS.mkdir(parents=True, exist_ok=True)
    south.screenshot(path=str(SCREENS / "room-pupil-390.png"))


@pytest.mark.parametrize("width, height", [(1920, 1080), (1280, 800), (1024, 768)])
def test_the_projector_shows_the_room_face_down_with_each_seats_code(server, pupils, width,
                                                                     height):
    """The teacher puts the room's page on the projector before the class joins: the board and
    every seat's code, its QR code, seat and letters, in one window (a school's projector may
    be 1024x768), nothing to scroll to."""
    room = server.open_rooms(f"proj{width}", seed=3)
    screen = pupils.new(width, height)
    screen.goto(room.watch, wait_until="domcontentloaded")
    screen.wait_for_selector(".cg-table .cg-seat")
    assert screen.locator(".cg-codes svg.cg-qr").count() == 4
    for code in room.codes.values():
        assert code in screen.locator(".cg-codes").inner_text()
    assert screen.locator(".cg-seat .cg-card[data-card]").count() == 0     # (the trick: face up)
    assert "the projector" in screen.locator(".cg-caption").inner_text()
    below = screen.evaluate("""() => [...document.querySelectorAll('.cg-seat-code')]
        .map((f) => Math.round(f.getBoundingClientRect().bottom))
        .filter((bottom) => bottom > window.innerHeight)""")
    assert below == [], f"codes end below the window's {height} px: {below}"
    screen.screenshot(path=str(SCREENS / f"room-projector-{width}.png"))


def test_a_reloaded_page_finds_its_seat_and_two_rooms_do_not_mix(server, pupils):
    first, second = server.open_rooms("mix-a", seed=11), server.open_rooms("mix-b", seed=12)
    ann, bo = pupils.new(), pupils.new()
    open_seat(ann, first.links["North"], "North")
    open_seat(bo, second.links["North"], "North")
    assert set(my_cards(ann)) != set(my_cards(bo))
    code = play_first_legal(ann)
    wait_for_trick_with(ann, code)
    time.sleep(0.3)
    assert code not in trick_cards(bo)
    before = my_cards(ann)
    ann.reload(wait_until="domcontentloaded")
    open_seat(ann, first.links["North"], "North")
    assert my_cards(ann) == before and code in trick_cards(ann)


def test_an_unknown_code_is_answered_in_words(server, pupils):
    page = pupils.new(390, 844)
    page.goto(f"{server.base}/join/K7MPX3", wait_until="domcontentloaded")
    assert "No such room: ask your teacher" in page.locator("body").inner_text()
    page.goto(f"{server.base}/join", wait_until="domcontentloaded")
    page.fill("input[name=code]", "k7m px3")
    page.fill("input[name=name]", "Ann")
    page.click("button[type=submit]")
    page.wait_for_load_state("domcontentloaded")
    assert "No such room" in page.locator("body").inner_text()
    page.console_errors.clear()


def test_after_a_server_restart_the_page_finds_its_room_by_itself(server, pupils):
    # Last: it restarts the module's server.
    room = server.open_rooms("restart", seed=5)
    north = pupils.new()
    open_seat(north, room.links["North"], "North")
    code = play_first_legal(north)
    wait_for_trick_with(north, code)
    server.stop()
    north.wait_for_function("() => /lost/.test(document.querySelector('.cg-connection')"
                            ".textContent)")
    server.start()
    north.wait_for_function("() => document.querySelector('.cg-connection').textContent === ''",
                            timeout=60_000)
    north.wait_for_function("s => document.querySelector('.cg-caption').textContent"
                            ".startsWith(s)", arg="You are North", timeout=60_000)
    north.wait_for_selector(".cg-hand .cg-card[data-card]")
    # the seat, its hand and the room's trick as the store kept them (the computers may have
    # played on meanwhile: the card is on the cloth or in the last trick)
    assert code not in my_cards(north) and code in trick_cards(north)
