"""A class quiz in real browsers: three pupils' pages on phones and the projector, the apps'
server's quiz pages without a kernel (cardgames.rooms.quiz_server), Playwright driving Debian's
Chromium.

One server for the module (``python -m cardgames.apps_server`` over an empty folder of
notebooks, ``CARDGAMES_ROOMS`` a temporary SQLite file, a teacher's key set), stopped by SIGTERM
to its own process id. The teacher opens the quiz as ``Teacher.open_quiz`` does; each pupil is a
browser context of his own (his own localStorage, so his own page token). The stories: the
projector's tally counts the answers as they come in, then shows the right answer with the
rule's words; the results per pupil and the CSV; a pupil's second answer and a page without the
teacher's key are refused in words.
"""

from __future__ import annotations

import csv
import io
from html import unescape
import subprocess
import sys
from pathlib import Path
from urllib.request import urlopen
from urllib.error import HTTPError

import pytest
from browsing import ARTIFACTS, CHROMIUM, chromium, keep_screenshot_if_failed

from cardgames.rooms import Teacher, open_store

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_MS = 30_000
SCREENS = ARTIFACTS / "screens"
KEY = "class-key-for-tests"


class Server:
    def __init__(self, folder: Path):
        from cardgames.voila_process import free_port

        self.apps = folder / "apps"
        self.apps.mkdir()
        self.rooms = folder / "rooms.sqlite3"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        ARTIFACTS.mkdir(exist_ok=True)
        self.log_path = ARTIFACTS / "class-quiz-server-tests.log"
        self.log_path.write_text("")
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        from cardgames.voila_process import KERNEL_ARGUMENTS, voila_environment, wait_until_serving

        env = {**voila_environment(), "CARDGAMES_ROOMS": str(self.rooms),
               "CARDGAMES_TEACHER_KEY": KEY}
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

    def teacher(self) -> Teacher:
        return Teacher(open_store(self.rooms), key=KEY, expected=KEY)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM}")
    pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    running = Server(tmp_path_factory.mktemp("quiz"))
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser(server):
    with chromium() as browser:
        yield browser


@pytest.fixture
def pages(browser, request):
    made = []

    def new(width: int, height: int):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(f"page error: {e}"))
        page.on("request", lambda r: not r.url.startswith(("http://127.0.0.1", "data:"))
                and page.errors.append(f"outside request {r.url}"))
        made.append(page)
        return page

    yield new
    for page in made:
        keep_screenshot_if_failed(page, request)
        page.context.close()


def pick(page, *indices: int) -> None:
    """A pupil taps the choices (one answers at once; several are then checked)."""
    for i in indices:
        page.locator(f'.cg-quiz-choice[data-index="{i}"]').click()
    if page.locator(".cg-quiz-send").count():
        page.locator(".cg-quiz-send").click()


def test_three_pupils_answer_and_the_projector_tallies_then_the_results(server, pages):
    teacher = server.teacher()
    opened = teacher.open_quiz("pip-pip", questions=2, seed=7, name="pips", base_url=server.base)
    from cardgames.rooms.class_quiz import questions_for

    first, second = questions_for("pip-pip", 7, 2)
    right = sorted(first.right)
    wrong = next(i for i in range(len(first.labels)) if i not in first.right)

    projector = pages(1920, 1080)
    projector.goto(f"{opened.projector}#key={KEY}")
    projector.locator('.cg-quiz-tally[data-answered="0"]').wait_for()
    assert projector.locator(".cg-quiz-join svg.cg-qr").count() == 1
    assert opened.code in projector.locator(".cg-quiz-join").inner_text()

    ann, bo, cy = (pages(390, 844) for _ in range(3))
    ann.goto(f"{opened.link}?pupil=Ann")
    bo.goto(f"{opened.link}?pupil=Bo")
    cy.goto(opened.link)                      # no name in the link: the name box
    cy.locator('input[name="pupil"]').fill("Cy")
    cy.locator(".cg-quiz-join-form button").click()
    for page in (ann, bo, cy):
        page.locator(".cg-quiz-choice").first.wait_for()
        assert page.locator(".cg-quiz-choice").count() == len(first.labels)
    SCREENS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(SCREENS / "class-quiz-pupil-390.png"), full_page=True)
    projector.locator(".cg-quiz-answered").filter(has_text="0 of 3 answered").wait_for()

    # "which cards may Player 2 play?": Ann picks the right card, Bo a wrong one
    pick(ann, *right)
    ann.locator(".cg-quiz-wait").filter(has_text="Your answer is in").wait_for()
    pick(bo, wrong)
    projector.locator('.cg-quiz-tally[data-answered="2"]').wait_for()
    bars = projector.locator(".cg-quiz-bar")
    assert bars.nth(right[0]).get_attribute("data-count") == "1"
    assert bars.nth(wrong).get_attribute("data-count") == "1"
    assert projector.locator(".cg-quiz-right").count() == 0           # not shown yet
    projector.screenshot(path=str(SCREENS / "class-quiz-projector-tally-1920.png"))

    projector.locator(".cg-quiz-next").click()                         # Show the answer
    projector.locator(".cg-quiz-rule").wait_for()
    rule = projector.locator(".cg-quiz-rule").inner_text()
    assert "must follow suit" in rule
    assert projector.locator(".cg-quiz-bar.cg-quiz-right").count() == len(right)
    projector.screenshot(path=str(SCREENS / "class-quiz-projector-answer-1920.png"))
    ann.locator(".cg-quiz-feedback.cg-quiz-right").wait_for()
    bo.locator(".cg-quiz-feedback.cg-quiz-wrong").wait_for()
    cy.locator(".cg-quiz-feedback").filter(has_text="No answer to question 1").wait_for()
    bo.screenshot(path=str(SCREENS / "class-quiz-pupil-answer-390.png"), full_page=True)

    projector.locator(".cg-quiz-next").filter(has_text="Next question").click()
    cy.locator('.cg-quiz-choices[data-question="2"]').wait_for()
    pick(cy, min(second.right))
    projector.locator('.cg-quiz-tally[data-answered="1"]').wait_for()
    for page in (projector, ann, bo, cy):
        assert page.errors == []

    results = pages(1280, 800)
    results.goto(f"{server.base}/quiz/results/pips?key={KEY}")
    per_pupil = results.locator(".cg-quiz-per-pupil").inner_text()
    lines = [line.split("\t")[:3] for line in per_pupil.splitlines()[1:]]
    assert lines[-1] == ["Bo", "0", "1"]                  # the right answers first
    assert sorted(lines[:2]) == [["Ann", "1", "1"], ["Cy", "1", "1"]]
    with results.expect_download() as download:
        results.locator(".cg-quiz-csv").click()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text())))
    assert [(r["pupil"], r["question"], r["right"]) for r in rows] == [
        ("Ann", "1", "True"), ("Bo", "1", "False"), ("Cy", "2", "True")]


def test_a_second_answer_an_unknown_code_and_a_missing_key_are_refused_in_words(server, pages):
    teacher = server.teacher()
    opened = teacher.open_quiz("yukon", questions=1, seed=3, name="twice", base_url=server.base)
    page = pages(390, 844)
    page.goto(f"{opened.link}?pupil=Dee")
    page.locator(".cg-quiz-choice").first.wait_for()
    page.evaluate("""() => new Promise((done) => {
        const url = new URL(document.querySelector('.cg-quiz-page').dataset.socket, location.href);
        url.protocol = 'ws:';
        url.searchParams.set('token', 'another-page-of-dee');
        const ws = new WebSocket(url);
        ws.onmessage = (e) => { window.said = JSON.parse(e.data); done(); };
    })""")
    assert "is taken in this quiz" in page.evaluate("window.said.text")
    page.goto(f"{server.base}/quiz/QQQQQQ")
    assert "No such quiz" in page.locator("body").inner_text()
    with pytest.raises(HTTPError) as refused:
        urlopen(f"{server.base}/quiz/results/twice.csv")
    assert refused.value.code == 403
    assert "teacher's key" in unescape(refused.value.read().decode())
    projector = pages(1280, 800)
    projector.goto(opened.projector)                     # no key: no teacher's buttons
    projector.locator(".cg-quiz-tally").wait_for()
    assert not projector.locator(".cg-quiz-teacher").is_visible()


def test_every_room_at_a_glance_a_small_live_board_each_and_a_click_to_watch_one(server, pages):
    teacher = server.teacher()
    opened = teacher.open_rooms(3, "yukon", prefix="glance", players=4, seed=11,
                                base_url=server.base)
    link = teacher.glance_link("glance", base_url=server.base)
    assert link == f"{server.base}/glance/glance?key={KEY}"
    screen = pages(1920, 1080)
    screen.goto(link)
    rooms = screen.locator(".cg-glance-room")
    assert [rooms.nth(i).get_attribute("data-room") for i in range(3)] == [
        "glance-1", "glance-2", "glance-3"]
    for i, room in enumerate(opened):
        frame = screen.frame_locator(f'.cg-glance-room[data-room="{room.name}"] iframe')
        frame.locator(".cg-table").wait_for(state="attached")
        # hands down, as the projector's watch view shows them: no card face of a hand
        assert frame.locator(".cg-hand .cg-card[data-card]").count() == 0
    screen.screenshot(path=str(SCREENS / "glance-1920.png"))
    with screen.expect_popup() as watched:
        rooms.first.click()
    assert watched.value.url.endswith(opened[0].watch.split(server.base)[1])
    watched.value.locator(".cg-table").wait_for()
    watched.value.close()
    refused = pages(1280, 800)
    response = refused.goto(f"{server.base}/glance/glance")
    assert response.status == 403
    assert "teacher's key" in refused.locator("body").inner_text()


def test_after_the_lesson_a_rooms_hands_are_listed_and_print_as_hand_records(server, pages):
    from cardgames.rooms import RoomTable

    teacher = server.teacher()
    teacher.open_rooms(1, "pip-pip", prefix="after", players=4, seed=5, base_url=server.base)
    table = RoomTable(open_store(server.rooms))
    table.join("after-1", "watch")
    table.computer_moves()                        # the hand played out by the computer
    page = pages(1280, 800)
    page.goto(f"{server.base}/hands/after-1?key={KEY}")
    hands = page.locator(".cg-finished-hand")
    assert hands.count() == 1 and "Hand 1" in hands.inner_text()
    with page.expect_download() as download:
        hands.locator(".cg-hand-file").click()
    assert '"game"' in Path(download.value.path()).read_text()
    hands.locator("a").first.click()
    page.locator("h1").filter(has_text="Room after-1, hand 1").wait_for()
    assert page.locator("[data-card]").count() >= 52
    page.screenshot(path=str(SCREENS / "hand-record-1280.png"))
    assert page.goto(f"{server.base}/hands/after-1").status == 403


def test_a_message_on_every_rooms_page_and_a_pause(server, pages):
    teacher = server.teacher()
    opened = teacher.open_rooms(2, "yukon", prefix="paced", players=4, seed=4,
                                base_url=server.base)
    pupil = pages(390, 844)
    seat, link = next(iter(opened[0].links.items()))
    pupil.goto(link)
    pupil.locator(".cg-hand .cg-card[data-card]").first.wait_for()
    teacher.class_message("paced", "Two minutes left")
    teacher.pause_rooms("paced")
    message = pupil.locator(".cg-message")
    message.filter(has_text="The teacher paused the game").wait_for()
    assert "Your teacher says: Two minutes left" in message.inner_text()
    assert "Your turn" not in message.inner_text()
    projector = pages(1920, 1080)
    projector.goto(opened[1].watch)
    projector.locator(".cg-message").filter(has_text="Two minutes left").wait_for()
    pupil.screenshot(path=str(SCREENS / "room-paused-390.png"))
    teacher.pause_rooms("paced", paused=False)
    teacher.class_message("paced", "")
    pupil.wait_for_function("() => !document.querySelector('.cg-message').textContent"
                            ".includes('paused')")
