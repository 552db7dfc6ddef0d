"""The teacher's page for rooms (``notebooks/rooms.ipynb``, issue 24) in a real browser.

The Voila server of the browser tests (conftest.py) serves it; Chromium opens it, asks for two
rooms of Yukon and finds their links (made from the page's own address), the rooms in the list,
and the sheet to print (its window shows a slip per room); a pupil who takes a seat appears in the list with no click; no request leaves the machine, no error reaches the console. The rooms
are in the server's store (``$CARDGAMES_ROOMS``, else the default file), so the test names them
uniquely and closes them at the end.
"""

from __future__ import annotations

import re
import uuid

import pytest
from browsing import ARTIFACTS, chromium, keep_screenshot_if_failed

from cardgames.rooms import RoomTable, Teacher, new_holder

pytestmark = pytest.mark.browser

TIMEOUT_MS = 90_000
SCREENS = ARTIFACTS / "screens"


@pytest.fixture
def page(voila_notebooks, request):
    with chromium() as browser:
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        page = context.new_page()
        page.problems = []
        page.on("console", lambda m: m.type == "error" and page.problems.append(m.text))
        page.on("pageerror", lambda e: page.problems.append(f"page error: {e}"))

        def outside(route):
            page.problems.append(f"request to the outside world: {route.request.url}")
            route.abort()

        page.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/]|localhost[:/]).*"), outside)
        page.set_default_timeout(TIMEOUT_MS)
        try:
            yield page
        finally:
            keep_screenshot_if_failed(page, request)


def test_the_teacher_opens_two_rooms_and_gets_their_links(voila_notebooks, page):
    base, _log = voila_notebooks
    prefix = f"browser-{uuid.uuid4().hex[:6]}"
    page.goto(f"{base}/voila/render/rooms.ipynb", wait_until="domcontentloaded")
    page.locator(".cg-teacher .cg-open-rooms").wait_for()
    page.locator(".cg-room-game select").select_option(label="Yukon")
    page.locator(".cg-room-count input").fill("2")
    page.locator(".cg-room-prefix input").fill(prefix)
    page.locator(".cg-room-seed input").fill("7")
    page.locator(".cg-open-rooms").click()
    teacher = Teacher()
    try:
        links = page.locator(".cg-opened a")
        page.wait_for_function("() => document.querySelectorAll('.cg-opened a').length >= 10")
        hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
        # Four seats and the projector per room, on the server the page was opened at: each
        # seat's short code (the pupils' pages without a kernel), the projector's page.
        assert len(hrefs) == 10
        first, second = teacher.links(f"{prefix}-1", base), teacher.links(f"{prefix}-2", base)
        assert f"{base}/join/{first.codes['North']}" in hrefs
        assert f"{base}/watch/{second.watch_code}" in hrefs
        message = page.locator(".cg-teacher-message").inner_text()
        assert f"Opened 2 rooms of Yukon: {prefix}-1, {prefix}-2" in message
        for n in (1, 2):
            row = page.locator(f'.cg-rooms-list tr[data-room="{prefix}-{n}"]')
            row.wait_for()
            assert "North: computer" in row.inner_text()
        # The sheet: saved as a page of its own, or printed from a window that shows it.
        assert page.locator(".cg-save-sheet").get_attribute("href").startswith("blob:")
        with page.expect_popup() as opened:
            page.locator(".cg-print-sheet").click()
        sheet = opened.value
        sheet.locator(".cg-room-slip").first.wait_for()
        assert sheet.locator(".cg-room-slip").count() == 2
        assert second.links["West"] in sheet.content()
        assert sheet.locator("svg.cg-qr").count() == 2 * 4          # a QR code per seat
        sheet.close()
        # A pupil takes South in room 1: the list shows her by itself, with no click.
        RoomTable(teacher.store).join(f"{prefix}-1", 2, new_holder(), pupil="Ana")
        page.wait_for_function(
            "sel => (document.querySelector(sel) || {}).innerText.includes('South: Ana')",
            arg=f'.cg-rooms-list tr[data-room="{prefix}-1"]', timeout=30_000)
        assert {r["room"] for r in teacher.rooms()} >= {f"{prefix}-1", f"{prefix}-2"}
        assert "Traceback" not in page.locator("body").inner_text()
        SCREENS.mkdir(parents=True, exist_ok=True)
        for width, height in ((1280, 900), (1920, 1080)):
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=str(SCREENS / f"rooms-teacher-{width}.png"), full_page=True)
        assert page.problems == []
    finally:
        for n in (1, 2):
            try:
                teacher.close(f"{prefix}-{n}")
            except Exception:  # noqa: BLE001 - not opened if the test failed early
                pass
