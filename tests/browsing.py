"""What the browser tests share: Debian's Chromium, how it is started, the screenshot a
failing test leaves in ``test-artifacts/``, how a test reads and plays the first table of an
app's page, the check that a board's seats and trick lie apart, and the wheel turned over a
table filling the window (imported by the test modules; not a test)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
# As root, without a sandbox; without the background-networking flags Chromium asks Google's
# hosts for updates at every start, and this machine has no network.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@contextmanager
def chromium() -> Iterator:
    """Debian's Chromium through Playwright (no browser download), closed at the end."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


BOXES = """([within, selector]) => [...document.querySelector(within).querySelectorAll(selector)]
    .map(n => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"""


def assert_seats_and_trick_apart(page, within: str = ".cg-table", empty_trick: bool = False,
                                 ) -> None:
    """Every seat on the cloth inside it and on top of no other; the trick's cards on no seat
    and not on the last trick (the first board matching ``within``; the cards at rest; an
    empty trick only if ``empty_trick``)."""
    seats = page.evaluate(BOXES, [within, ".cg-cloth .cg-seat"])
    [cloth] = page.evaluate(BOXES, [within, ".cg-cloth"])
    for left, top, right, bottom in seats:
        assert cloth[0] - 1 <= left and right <= cloth[2] + 1
        assert cloth[1] - 1 <= top and bottom <= cloth[3] + 1

    def overlap(a, b):
        return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1
    assert [(a, b) for i, a in enumerate(seats) for b in seats[i + 1:] if overlap(a, b)] == []
    trick = page.evaluate(BOXES, [within, ".cg-trick .cg-card"])
    assert trick or empty_trick, "no card in the trick"
    assert [(a, b) for a in trick for b in seats if overlap(a, b)] == [], "a trick card on a seat"
    last = page.evaluate(BOXES, [within, ".cg-last-trick:not([hidden])"])
    assert [(a, b) for a in trick for b in last if overlap(a, b)] == [], \
        "a trick card on the last trick"


def keep_screenshot_if_failed(page, request) -> None:
    """After a test: if it failed, a full-page screenshot named after it (a courtesy for the
    person reading the failure, never a test of its own)."""
    report = getattr(request.node, "rep_call", None)
    if report is None or not report.failed:
        return
    ARTIFACTS.mkdir(exist_ok=True)
    name = re.sub(r"[^\w.-]+", "_", request.node.name)
    try:
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    except Exception:  # noqa: BLE001 - the page may be gone
        pass


def kernel_process(kernel_id: str) -> int:
    """The process id of the kernel whose connection file is ``kernel-<id>.json``."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().decode(errors="replace")
            except OSError:
                continue
            if f"kernel-{kernel_id}.json" in command:
                return int(entry.name)
    raise LookupError(f"no process for kernel {kernel_id}")


# -- the first table of an app's page -------------------------------------------------------

def table_text(page, css: str) -> str:
    """The text of ``css`` inside the page's first table (the explainers show a match too)."""
    return page.locator(f".cg-app >> nth=0 >> .cg-table >> {css}").first.inner_text()


def trick_cards(page) -> list[str]:
    """The cards in the trick of the page's first table (the board's data-card marks)."""
    return page.evaluate("""() => [...document.querySelector('.cg-app .cg-table')
        .querySelectorAll('.cg-trick .cg-card[data-card]')].map(c => c.dataset.card)""")


def wait_for_answer(page, message: str) -> None:
    """Until the first table's message line is no longer ``message`` and the board is not
    waiting for Python (a card played is drawn at once, before Python's answer: board.py)."""
    page.wait_for_function(
        """m => { const t = document.querySelector('.cg-app .cg-table');
                  return t.querySelector('.cg-message').innerText !== m
                         && !t.classList.contains('cg-waiting'); }""", arg=message)


def tap_card(card) -> None:
    """Tap a card where a person would: its top-left corner, the part a fanned hand shows."""
    card.click(position={"x": 8, "y": 10})


def play_until_the_trick_changes(page) -> list[str]:
    """Click the first table's first playable card (or, with none, its first action: a
    discard or a doubling comes first in some games) until the trick on the cloth changes, each
    time waiting for Python's answer; the cards and actions clicked."""
    board = page.locator(".cg-app >> nth=0 >> .cg-table")
    hand = board.locator(".cg-hand").first
    before = trick_cards(page)
    clicked = []
    for _ in range(4):
        message = table_text(page, ".cg-message")
        legal = hand.locator('.cg-card[data-legal="true"]')
        target = legal.first if legal.count() else board.locator(".cg-action").first
        clicked.append(target.get_attribute("data-card") or target.inner_text())
        tap_card(target) if target.get_attribute("data-card") else target.click()
        wait_for_answer(page, message)
        if trick_cards(page) != before:
            break
    assert trick_cards(page) != before, f"the trick never changed ({clicked})"
    return clicked


def turn_the_wheel_over_the_table(page, turns: int = 3) -> dict:
    """A teacher turns the mouse wheel over a table that fills the window (1920x1080): where the
    page's first table is then (its top) and how many prose cells show."""
    page.mouse.move(960, 540)
    for _ in range(turns):
        page.mouse.wheel(0, 1500)
    page.wait_for_timeout(300)
    return page.evaluate("""() => ({
        top: document.querySelector('.cg-app .cg-table').getBoundingClientRect().top,
        prose: [...document.querySelectorAll('.jp-MarkdownCell')]
            .filter((e) => e.checkVisibility()).length})""")
