"""The explainers in a real browser (issue 22): Playwright driving Debian's Chromium over Voila.

One Voila server for the module (the project's template, preheated kernels, a free loopback
port, stopped by SIGTERM to its own process id); no request may leave the machine. For each
game's app: at least three worked examples drawn as cards (``.cg-example`` with SVG cards, each
named for screen readers), none wider than a 390 px phone; no card notation or Python repr in
the page's text outside the table; the quiz starts, answers with buttons and gives feedback.
The index links the teachers' page and a class view; a quiz link asks its questions at once;
a table link (``view=table``) stays the table alone once the page's match is settled.
Screenshots of examples at 390 and 1280 px and of the quiz are kept in ``test-artifacts/``
for a person to look at.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browsing import ARTIFACTS, chromium, turn_the_wheel_over_the_table


pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["quinto", "yukon", "pip_pip", "guinote", "pippins_aplenty"]
TIMEOUT_MS = 240_000
NOTATION = re.compile(r"\b(?:[2-9TJQKA][SHDC]|10[SHDC]|JK)\b")
REPRS = ("<LegalActions", "Phase.", "Card(", "points_0", "points_1", "Action(", "<Trick ")


@pytest.fixture(scope="module")
def voila(voila_notebooks):
    """The Voila server the browser tests share (conftest.py): its base URL."""
    return voila_notebooks[0]


@pytest.fixture(scope="module")
def browser(voila):
    with chromium() as browser:
        yield browser


def new_page(browser, width: int, height: int = 1000):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.outside = []

    def outside(route):
        page.outside.append(route.request.url)      # nothing may leave the machine
        route.abort()

    page.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/]|localhost[:/]).*"), outside)
    page.set_default_timeout(TIMEOUT_MS)
    return context, page


def text_outside_the_table(page) -> str:
    """The page's visible text, less the tables (``.cg-app``), the code and the SVG cards."""
    return page.evaluate("""() => {
        const body = document.body.cloneNode(true);
        body.querySelectorAll('.cg-app, svg, code, pre.cg-code, style, script, .jp-InputArea')
            .forEach(e => e.remove());
        return body.innerText; }""")


def answer_with_the_first_choice(page) -> str:
    """Click the quiz's first choice (and Check, where the question has it); the feedback."""
    page.locator(".cg-quiz-choice:visible").first.click()
    check = page.locator(".cg-quiz-check")
    if check.is_visible() and check.is_enabled():
        check.click()
    page.wait_for_function(
        "() => document.querySelector('.cg-quiz-feedback').innerText.trim().length > 10")
    return page.locator(".cg-quiz-feedback").inner_text()


@pytest.mark.parametrize("game", GAMES)
def test_an_app_draws_its_examples_and_asks_its_quiz(voila, browser, game):
    context, page = new_page(browser, 1280)
    try:
        page.goto(f"{voila}/voila/render/{game}.ipynb", wait_until="domcontentloaded")
        examples = page.locator(".cg-example")
        examples.first.wait_for()
        page.locator(".cg-quiz-start").wait_for()
        assert examples.count() >= 3
        assert page.locator(".cg-example svg[role=img][aria-label]").count() >= 9
        text = text_outside_the_table(page)
        found = NOTATION.search(text)
        assert not found, f"card notation on the page: {text[max(0, found.start() - 80):found.end() + 40]!r}"
        for repr_text in REPRS:
            assert repr_text not in text, repr_text
        for i in range(3):
            examples.nth(i).screenshot(path=str(ARTIFACTS / f"explainer-{game}-1280-{i}.png"))

        # The quiz: start it, answer with a button, read the feedback.
        page.locator(".cg-quiz-start").click()
        page.locator(".cg-quiz-choice:visible").first.wait_for()
        said = answer_with_the_first_choice(page)
        assert said.startswith(("Right", "Not quite")) or "good player" in said, said
        # the score is its own widget: its new text may come a moment after the feedback's
        page.wait_for_function("""() => /1 out of|out of 1/.test(
            document.querySelector('.cg-quiz-score').innerText)""", timeout=10_000)
        page.locator(".cg-quiz").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"explainer-{game}-quiz.png"))
        assert not page.outside, page.outside
    finally:
        context.close()


@pytest.mark.parametrize("game", ["guinote", "pip_pip"])
def test_on_a_phone_every_example_fits_the_screen(voila, browser, game):
    context, page = new_page(browser, 390)
    try:
        page.goto(f"{voila}/voila/render/{game}.ipynb", wait_until="domcontentloaded")
        page.locator(".cg-example").first.wait_for()
        page.locator(".cg-quiz-start").wait_for()
        overflowing = page.evaluate("""() => [...document.querySelectorAll('.cg-example')]
            .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1
                         || e.scrollWidth > e.clientWidth + 1)
            .map(e => e.innerText.slice(0, 60))""")
        assert not overflowing, overflowing
        for i in range(3):
            page.locator(".cg-example").nth(i).screenshot(
                path=str(ARTIFACTS / f"explainer-{game}-390-{i}.png"))
    finally:
        context.close()


def test_a_quiz_link_asks_the_same_questions_at_once(voila, browser):
    questions = []
    for _ in range(2):
        context, page = new_page(browser, 1280)
        try:
            page.goto(f"{voila}/voila/render/yukon.ipynb?quiz=3&seed=12",
                      wait_until="domcontentloaded")
            question = page.locator(".cg-quiz-question")
            page.wait_for_function("() => document.querySelector('.cg-quiz-question') && "
                                   "document.querySelector('.cg-quiz-question').innerText.length")
            questions.append(question.inner_text())
            assert "question 1 of 3" in questions[-1]
            # the class's link is a link to click (no address to type)
            assert "quiz=3&seed=12" in page.locator(".cg-quiz-link a").first.get_attribute("href")
            if not questions[:-1]:
                # the link is for the quiz: the page opens at it, and stays there while the
                # tables above it are drawn (the match's comes last)
                page.wait_for_function("() => document.querySelectorAll('.cg-app .cg-table')"
                                       ".length == 2")
                page.wait_for_timeout(500)
                top = page.evaluate("document.querySelector('.cg-quiz-app')"
                                    ".getBoundingClientRect().top")
                # at the quiz, to the pixel (the browser keeps it there as the tables above are
                # drawn, and may leave it a fraction of a pixel above the window's top)
                assert -1 < top < 60, f"the quiz's top is at {top:.1f} px"
        finally:
            context.close()
    assert questions[0] == questions[1]


def test_a_projector_quiz_link_shows_the_quiz_alone_in_large_print(voila, browser):
    # A teacher puts ?quiz=2&seed=5&view=quiz on the class's projector: the quiz alone fills
    # the screen, its words readable from the back of the room (18 px at least, as the table
    # alone), the question and its choices on the screen without scrolling; answering works.
    context, page = new_page(browser, 1920, 1080)
    try:
        page.goto(f"{voila}/voila/render/guinote.ipynb?quiz=2&seed=5&view=quiz",
                  wait_until="domcontentloaded")
        page.wait_for_function("() => document.querySelector('.cg-quiz-fill .cg-quiz-question')"
                               "?.innerText.includes('question 1 of 2')")
        box = page.evaluate("""() => { const r = document.querySelector('.cg-quiz-fill')
            .getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }""")
        assert box == [0, 0, 1920, 1080]
        # the page's tables are hidden, so not dealt: a line stands in each one's place
        page.wait_for_function("() => document.querySelectorAll('.cg-app .cg-app-elsewhere')"
                               ".length === 2")
        assert page.locator(".cg-table").count() == 0
        assert not page.evaluate("() => [...document.querySelectorAll('.cg-app')]"
                                 ".some((a) => a.checkVisibility())"), "a table shows too"
        smallest = page.evaluate("""() => {
            const sizes = [];
            const walk = document.createTreeWalker(document.querySelector('.cg-quiz-fill'),
                                                   NodeFilter.SHOW_TEXT);
            for (let n = walk.nextNode(); n; n = walk.nextNode()) {
                const el = n.parentElement;
                if (!n.textContent.trim() || el.closest('svg, style') || !el.checkVisibility())
                    continue;
                sizes.push([parseFloat(getComputedStyle(el).fontSize), n.textContent.trim()]);
            }
            return sizes.sort((a, b) => a[0] - b[0])[0]; }""")
        assert smallest[0] >= 18, smallest
        check = page.locator(".cg-quiz-check")
        assert check.bounding_box()["y"] + check.bounding_box()["height"] <= 1080
        page.screenshot(path=str(ARTIFACTS / "quiz-projector-1920-asked.png"))
        answer_with_the_first_choice(page)
        page.screenshot(path=str(ARTIFACTS / "quiz-projector-1920-answered.png"))
        assert "view=quiz" in page.locator(".cg-quiz-link a").last.get_attribute("href")
        # answered, the feedback and the class's link are still on the screen: the position on
        # the left, the answers and the feedback on the right (they ran below the window)
        for part in (".cg-quiz-feedback", ".cg-quiz-link"):
            box = page.locator(part).bounding_box()
            assert box["height"] > 0 and box["y"] + box["height"] <= 1080, (part, box)
        assert not page.outside, page.outside
    finally:
        context.close()


def test_a_projector_table_link_stays_the_table_alone_once_the_match_is_settled(voila, browser):
    # A teacher puts an explainer's ?seed=3&view=table link on the projector. A moment after the
    # hand's table is drawn, the page settles its match further down (hidden here, so not dealt:
    # a line stands in its place); the page stays the table alone: a turn of the wheel neither
    # carries the table away nor shows the prose (the match's board, drawn later, must not
    # take the page's fill off).
    context, page = new_page(browser, 1920, 1080)
    try:
        page.goto(f"{voila}/voila/render/yukon.ipynb?seed=3&view=table",
                  wait_until="domcontentloaded")
        page.wait_for_function("() => document.querySelector('.cg-app .cg-table .cg-card')"
                               " && document.querySelector('.cg-app .cg-app-elsewhere')")
        assert page.locator(".cg-app .cg-table").count() == 1     # the match: not dealt
        seen = turn_the_wheel_over_the_table(page)
        seen["tables"] = page.evaluate(
            "() => [...document.querySelectorAll('.cg-app')].filter((a) => a.checkVisibility())"
            ".length")
        assert seen == {"top": 0, "prose": 0, "tables": 1}, seen
        assert not page.outside, page.outside
    finally:
        context.close()


def test_the_index_links_the_teachers_page_and_a_class_view(voila, browser):
    context, page = new_page(browser, 1280)
    try:
        page.goto(f"{voila}/voila/render/index.ipynb", wait_until="domcontentloaded")
        teachers = page.locator("a[href='teachers.ipynb']")
        teachers.first.wait_for()
        assert page.locator("a[href*='seat=watch'][href*='view=table']").count() >= 1
        teachers.first.click()
        page.wait_for_url(re.compile(r"teachers\.ipynb"))
        page.locator("a[href*='quiz=5']").first.wait_for()
        links = page.evaluate("() => [...document.querySelectorAll('a')].map(a => a.href)")
        assert sum("seat=watch" in link for link in links) >= 5
        assert all("/voila/render/" in link for link in links if ".ipynb" in link)
        page.screenshot(path=str(ARTIFACTS / "teachers-1280.png"))
    finally:
        context.close()
