"""After the lesson, a room's finished hand reviewed on the classroom's projector, in a real
browser (issue 44, item 5): the apps' server's review page (cardgames.rooms.review_page), no
kernel, Playwright driving Debian's Chromium at projector size.

The server is tests/test_class_quiz_browser.py's (``python -m cardgames.apps_server`` over an
empty folder of notebooks, a temporary SQLite file of rooms, a teacher's key set). A room of four
computers plays a hand of Yukon (seed 4: North's second decision is marked an inaccuracy); the
teacher opens the hands' list, follows "Review on the projector", and steps through North's
decisions by a click and by the arrow keys.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browsing import CHROMIUM, chromium, keep_screenshot_if_failed
from test_class_quiz_browser import KEY, SCREENS, TIMEOUT_MS, Server

from cardgames.rooms import RoomTable, open_store

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM}")
    pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    running = Server(tmp_path_factory.mktemp("review"))
    running.start()
    yield running
    running.stop()


@pytest.fixture
def projector(server, request):
    with chromium() as browser:
        context = browser.new_context(viewport={"width": 1920, "height": 1080})
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        yield page
        keep_screenshot_if_failed(page, request)
        assert errors == []
        context.close()


#: No animation of the board running (a card on its way to the trick, a trick put away).
STILL = "() => document.getAnimations().every(a => a.playState !== 'running')"


def board_cards(page) -> list[str]:
    return page.eval_on_selector_all(".cg-table .cg-seat .cg-card[data-card]",
                                     "cards => cards.map(c => c.dataset.card)")


def test_a_rooms_finished_hand_opens_in_the_review_on_the_projector(server, projector):
    server.teacher().open_rooms(1, "yukon", prefix="after", players=4, seed=4,
                                base_url=server.base)
    table = RoomTable(open_store(server.rooms))
    table.join("after-1", "watch")
    table.computer_moves()                        # the hand played out by the computer
    page = projector
    page.goto(f"{server.base}/hands/after-1?key={KEY}")
    page.locator(".cg-finished-hand .cg-hand-review").click()
    page.wait_for_url(f"**/hands/after-1/1/review?key={KEY}")
    # the review weighed on the server, then its steps under the cloth, every hand open
    steps = page.locator(".cg-review-step")
    steps.first.wait_for()
    assert page.locator(".cg-review-seat").all_inner_texts() == ["North", "East", "South",
                                                                 "West"]
    assert page.locator(".cg-table .cg-card.cg-back").count() == 0
    ended = board_cards(page)
    marked = page.locator(".cg-review-step.cg-review-mark").first
    marked.click()
    page.locator(".cg-review-step.cg-review-mark.cg-review-at").wait_for()
    page.locator(".cg-message").filter(has_text="Decision 2, trick 2").wait_for()
    moved = board_cards(page)
    assert len(moved) == 20 and moved != ended    # the cards as they were at that decision
    assert page.locator(".cg-table .cg-card.cg-back").count() == 0
    page.wait_for_function(STILL)                 # the cards at rest for the picture
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "hand-review-1920.png"))
    # the arrow keys: the next step, then back
    page.keyboard.press("ArrowRight")
    page.locator('.cg-review-step[data-step="3"].cg-review-at').wait_for()
    page.keyboard.press("ArrowLeft")
    page.locator('.cg-review-step[data-step="2"].cg-review-at').wait_for()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function(STILL)
    page.screenshot(path=str(SCREENS / "hand-review-1280.png"))
