"""Lessons and a learner's words in a real browser (Chromium over Voila, at a phone's 390 px).

Each game's first lesson is played by following its goals: a wrong card first (answered in
``.cg-lesson-feedback`` with why, and "Try again."), then each marked choice (``.cg-goal``) in
turn, until ``.cg-lesson-done`` links the next lesson. Every app's page text, at 1280 and 390 px,
is scanned for what a learner must never read: option names, the rule texts' codes and tags,
server words. Screenshots of each lesson at 390 px are kept in ``test-artifacts/``.
"""

from __future__ import annotations

import re

import pytest

from browsing import ARTIFACTS, chromium

pytestmark = pytest.mark.browser

GAMES = ["quinto", "yukon", "pip_pip", "guinote", "pippins_aplenty"]
TIMEOUT_MS = 240_000
#: What a learner must never read (tests/test_words.py says the same of the table's words).
NOT_FOR_LEARNERS = re.compile(
    r"RULES\.md|\((?:S\d|HOB|PRON|GODOT|L40|ACA|PAR-|HER-|HOF|PAG-|GR-)\b|\b[a-z]+_[a-z0-9_]+\b"
    r"|\bVoil[aà]\b|pip install|\?seed=|\bseat \d|\bside \d")


@pytest.fixture(scope="module")
def voila(voila_notebooks):
    return voila_notebooks[0]


@pytest.fixture(scope="module")
def browser(voila):
    with chromium() as browser:
        yield browser


def new_page(browser, width: int, height: int):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return context, page


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_is_played_on_a_phone_by_following_its_goals(voila, browser, game):
    context, page = new_page(browser, 390, 844)
    try:
        page.goto(f"{voila}/voila/render/{game}.ipynb?lesson=1", wait_until="domcontentloaded")
        lesson = page.locator(".cg-lesson").first
        goal = lesson.locator(".cg-lesson-goal")
        goal.wait_for()
        assert lesson.locator(".cg-lesson-title").inner_text().startswith("Lesson 1 of ")
        # the lesson is on the phone's first screen, under the page's title
        assert page.evaluate("() => document.querySelector('.cg-lesson')"
                             ".getBoundingClientRect().top") < 844
        feedback = lesson.locator(".cg-lesson-feedback")
        wrong = page.locator(".cg-hand .cg-card[data-card]:not(.cg-goal)")
        if wrong.count():
            wrong.first.click()
            page.wait_for_function("() => /Try again\\./.test(document.querySelector("
                                   "'.cg-lesson-feedback').textContent)")
            assert len(feedback.inner_text()) > 30
        page.screenshot(path=str(ARTIFACTS / f"lesson-{game}-1-390.png"))
        steps = 0
        while not lesson.locator(".cg-lesson-done a").count() and steps < 6:
            marked = page.locator(".cg-goal").first
            marked.wait_for()
            marked.click()
            steps += 1
            page.wait_for_function("(n) => /Right\\./.test(document.querySelector("
                                   "'.cg-lesson-feedback').textContent) && (document.querySelector("
                                   "'.cg-lesson-done a') || document.querySelectorAll('.cg-goal')"
                                   ".length)", arg=steps)
        link = lesson.locator(".cg-lesson-done a")
        link.wait_for()
        assert link.get_attribute("href") == "?lesson=2"
        page.screenshot(path=str(ARTIFACTS / f"lesson-{game}-1-done-390.png"))
    finally:
        context.close()


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("name", ["index", *GAMES])
def test_every_apps_text_is_in_a_learners_words(voila, browser, name, width):
    context, page = new_page(browser, width, 900)
    try:
        page.goto(f"{voila}/voila/render/{name}.ipynb", wait_until="domcontentloaded")
        if name != "index":
            page.locator(".cg-table").first.wait_for()
            page.locator(".cg-play-link").first.wait_for()
            # the table is within a phone's first two screens
            top = page.evaluate("() => document.querySelector('.cg-table')"
                                ".getBoundingClientRect().top + window.scrollY")
            assert top < 2 * 900, top
        else:
            page.locator("a[href*='lesson=1']").first.wait_for()
        page.wait_for_load_state("load")
        text = page.evaluate("() => document.body.innerText")
        found = sorted({m.group(0) for m in NOT_FOR_LEARNERS.finditer(text)})
        assert not found, found
    finally:
        context.close()


def test_the_servers_root_address_opens_the_index_app(voila, browser):
    # a first visit on a phone lands on the games and their lessons, not on a list of files
    context, page = new_page(browser, 390, 844)
    try:
        page.goto(f"{voila}/", wait_until="domcontentloaded")
        page.wait_for_url(re.compile(r"/voila/render/index\.ipynb$"))
        page.locator("a[href='guinote.ipynb?lesson=1']").first.wait_for()
        assert ".ipynb" not in page.locator("h1").first.inner_text()
    finally:
        context.close()
