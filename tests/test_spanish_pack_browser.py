"""Guinote's app with the Spanish pack (``?faces=spanish``) in a real browser: a hand played
through by clicks on a projector (1920 x 1080) and on a phone (390 x 844).

What a person must see: the Spanish faces (the board's pictures come from the Spanish sprite:
a coin, a goblet, a sword or a club on every card), each card named in Spanish for a screen
reader (``aria-label="rey of copas"``), and no French suit sign in the table's words, from the
first card to the end of the hand. The card codes stay the notation (``data-card="KH"``).
Screenshots are left in ``test-artifacts/screens/`` (``guinote-spanish-*``) to look at.
"""

from __future__ import annotations

import re

import pytest
from browsing import ARTIFACTS, chromium, keep_screenshot_if_failed, table_text, tap_card

pytestmark = pytest.mark.browser

SCREENS = ARTIFACTS / "screens"
FRENCH_SIGNS = re.compile("[♠♥♦♣]")
SPANISH_NAME = re.compile(r"^(as|[2-7]|sota|caballo|rey) of (oros|copas|espadas|bastos)\b")


@pytest.fixture(scope="module")
def browser(voila_notebooks):
    with chromium() as browser:
        yield browser


@pytest.fixture
def page(browser, request):
    context = browser.new_context()
    page = context.new_page()
    page.console_errors = []
    page.on("pageerror", lambda e: page.console_errors.append(f"page error: {e}"))
    page.set_default_timeout(90_000)
    yield page
    keep_screenshot_if_failed(page, request)
    context.close()


def shot(page, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.evaluate("() => document.querySelector('.cg-app .cg-table')"
                  ".scrollIntoView({block: 'start'})")
    page.wait_for_function("() => document.querySelector('.cg-app .cg-table')"
                           ".getAnimations({subtree: true}).length === 0")
    page.screenshot(path=str(SCREENS / f"guinote-spanish-{name}.png"))


def what_the_table_says(page) -> str:
    return page.evaluate("""() => { const t = document.querySelector('.cg-app .cg-table');
        return t.innerText + ' ' + [...t.querySelectorAll('[aria-label]')]
            .map(n => n.getAttribute('aria-label')).join(' '); }""")


def step(page) -> bool:
    """One thing a person does: tap the first playable card, else press an enabled Next (or
    another stepping button); False when there is nothing left to do (the hand is over)."""
    board = page.locator(".cg-app >> nth=0 >> .cg-table")
    message = table_text(page, ".cg-message")
    legal = board.locator('.cg-hand .cg-card[data-legal="true"]')
    if legal.count():
        tap_card(legal.first)
    else:
        buttons = board.locator(".cg-button:not([disabled])")
        names = [buttons.nth(i).get_attribute("data-name") for i in range(buttons.count())]
        wanted = next((n for n in ("next", "finish_trick", "finish_hand") if n in names), None)
        if wanted is None:
            return False
        board.locator(f'.cg-button[data-name="{wanted}"]').click()
    page.wait_for_function(
        """m => { const t = document.querySelector('.cg-app .cg-table');
                  return (t.querySelector('.cg-message').innerText !== m
                          || t.querySelector('.cg-card[data-legal="true"]'))
                         && !t.classList.contains('cg-waiting'); }""", arg=message)
    return True


@pytest.mark.parametrize("width, height, size", [(1920, 1080, "projector"), (390, 844, "phone")])
def test_a_hand_of_guinote_with_the_spanish_pack(voila_notebooks, page, width, height, size):
    base, _log = voila_notebooks
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{base}/voila/render/guinote.ipynb?seed=11&faces=spanish",
              wait_until="domcontentloaded")
    page.wait_for_function("""() => { const t = document.querySelector('.cg-app .cg-table');
        return t && t.querySelector('.cg-card[data-legal="true"], .cg-action'); }""")
    hand = page.locator(".cg-app >> nth=0 >> .cg-table >> .cg-hand .cg-card[data-card]")
    names = [hand.nth(i).get_attribute("aria-label") for i in range(hand.count())]
    assert len(names) == 6 and all(SPANISH_NAME.match(n) for n in names), names
    codes = [hand.nth(i).get_attribute("data-card") for i in range(hand.count())]
    assert all(re.fullmatch(r"[2-7JQKA][SHDC]", c) for c in codes), codes
    # each card's picture is the Spanish face: a document holding the suit's sign
    pictures = page.evaluate("""async () => {
        const card = document.querySelector('.cg-app .cg-table .cg-hand .cg-card[data-card]');
        const href = card.querySelector('image').getAttribute('href');
        return (await fetch(href)).text(); }""")
    assert "cg-es-" in pictures
    shot(page, f"{size}-start")
    said = [what_the_table_says(page)]
    for number in range(80):
        if not step(page):
            break
        said.append(what_the_table_says(page))
        if number == 8:
            shot(page, f"{size}-middle")
    shot(page, f"{size}-end")
    assert "Trick 10: " in table_text(page, ".cg-message")     # the hand's last trick
    for text in said:
        assert not FRENCH_SIGNS.search(text.replace("◀", "").replace("▶", "")), text[:300]
    assert page.console_errors == []


@pytest.mark.parametrize("width, height, size, view", [(390, 844, "phone", ""),
                                                       (1920, 1080, "projector", "&view=quiz")])
def test_the_quiz_with_the_spanish_pack(voila_notebooks, page, width, height, size, view):
    # A Guinote page opened with ?faces=spanish&quiz=3 quizzes with the Spanish pack: the
    # position drawn with Spanish faces, the card buttons and the feedback naming the cards in
    # Spanish, no French suit sign anywhere in the quiz; on a phone, and alone in large print
    # on a class's projector (view=quiz).
    base, _log = voila_notebooks
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{base}/voila/render/guinote.ipynb?faces=spanish&quiz=3&seed=12{view}",
              wait_until="domcontentloaded")
    quiz = page.locator(".cg-quiz").first
    quiz.locator(".cg-quiz-choice.cg-card-choice").first.wait_for()
    cards = quiz.locator(".cg-quiz-choice.cg-card-choice:visible")
    labels = [cards.nth(i).inner_text().strip() for i in range(cards.count())]
    assert labels and all(SPANISH_NAME.match(label) for label in labels), labels
    faces = quiz.locator(".cg-quiz-board svg[aria-label]")
    named = [faces.nth(i).get_attribute("aria-label") for i in range(faces.count())]
    assert named and all(SPANISH_NAME.match(n) for n in named), named
    page.evaluate("() => document.querySelector('.cg-quiz').scrollIntoView({block: 'start'})")
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"guinote-spanish-quiz-{size}-question.png"))
    cards.first.click()
    quiz.locator(".cg-quiz-check").click()
    quiz.locator(".cg-quiz-feedback p").first.wait_for()
    page.screenshot(path=str(SCREENS / f"guinote-spanish-quiz-{size}-answered.png"))
    said = quiz.inner_text()
    assert "of espadas" in said or "of copas" in said or "of oros" in said or "of bastos" in said
    assert not FRENCH_SIGNS.search(said), said[:300]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width, \
        "the page scrolls sideways"
    assert page.console_errors == []
