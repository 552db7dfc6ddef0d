"""The static site (``python3 tasks.py site``) in a real browser, with no server but a static one.

The site is built once for the module (``scripts/build_site.py``; its build tools are kept in
``.site-build/``, so only the first build downloads them) and served from 127.0.0.1 by the
standard library's ``http.server`` in a thread. Every request that would leave the machine is
refused (the browser can resolve no name but the loopback's) and fails the test: the pages must
run Python (Pyodide), the widgets and the games from the site's own files. For each game: open the app from a link, wait for the table drawn by
Python in the page, click an enabled card until the trick changes, and see the link's seed in
the message, no error on the page or in the console, and the note that simulations need the
full install. A bad link gets the friendly message; a small anywidget of the test's own renders
and answers a click through Python.
"""

from __future__ import annotations

import functools
import http.server
import subprocess
import threading
from pathlib import Path

import pytest
from browsing import (
    CHROMIUM, CHROMIUM_ARGS, keep_screenshot_if_failed, play_until_the_trick_changes, table_text,
)

pytestmark = [pytest.mark.browser, pytest.mark.site]

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["quinto", "yukon", "pip_pip", "guinote", "pippins_aplenty"]
TIMEOUT_MS = 180_000         # Python starts in the page: slow on a busy 2-core machine

import site_build  # noqa: E402  (it puts scripts/ on the path for build_site)
from site_build import build_site  # noqa: E402


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def site():
    """The built site served on a free loopback port: yields its base URL."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM}")
    pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    if not site_build.can_build():
        pytest.skip("the site's build needs npm (Node.js), which is not installed")
    try:
        out = site_build.built()        # started with the run (conftest.py), awaited here
    except subprocess.CalledProcessError as error:
        pytest.fail(f"the site's build failed: {error}")
    add_probe_page(out)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        site_build.clean()


#: No name resolves but the loopback's: a request for the outside world cannot leave. (Playwright's
#: page.route would refuse it too, but routing turns the browser's cache off.)
NO_OUTSIDE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"


@pytest.fixture(scope="module")
def context(site, tmp_path_factory):
    """One browser with a profile on disk for the module, as a pupil's: after the first page,
    Python's files and compiled WebAssembly come from the browser's cache."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            tmp_path_factory.mktemp("profile"), executable_path=CHROMIUM,
            args=[*CHROMIUM_ARGS, NO_OUTSIDE], viewport={"width": 1280, "height": 1000})
        yield context
        context.close()


@pytest.fixture
def page(context, site, request):
    """A fresh page that records every request leaving 127.0.0.1 (refused: see NO_OUTSIDE) and
    console errors, and leaves a screenshot if the test fails."""
    page = context.new_page()
    page.errors = []
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    page.on("pageerror", lambda e: page.errors.append(f"page error: {e}"))
    page.on("request", lambda r: r.url.startswith((site + "/", "data:", "blob:"))
            or page.errors.append(f"request to the outside world: {r.url}"))
    page.set_default_timeout(TIMEOUT_MS)
    yield page
    keep_screenshot_if_failed(page, request)
    page.close()






@pytest.mark.parametrize("game", GAMES)
def test_play_a_card_in_the_site(site, page, game):
    page.goto(f"{site}/apps/{game}.html?seed=11&open_hands=1")
    board = page.locator(".cg-app >> nth=0 >> .cg-table")
    board.wait_for()
    page.wait_for_function(
        """() => { const t = document.querySelector('.cg-app .cg-table');
                   return t && t.querySelector('.cg-card[data-legal="true"], .cg-action'); }""")
    # The link reached Python in the page (there is no server to pass it on): the cards on the
    # table, every hand open, are the ones seed 11 deals.
    import cardgames as cg

    shown = set(page.evaluate("""() => [...document.querySelector('.cg-app .cg-table')
        .querySelectorAll('.cg-seat .cg-card[data-card]')].map(c => c.dataset.card)"""))
    assert {str(card) for card in cg.deal(game, seed=11).hands[0]} <= shown
    hand = board.locator(".cg-hand").first
    assert hand.locator(".cg-card svg").count() >= 1       # the board's card faces are drawn
    play_until_the_trick_changes(page)
    assert "Not allowed" not in table_text(page, ".cg-message")
    page.wait_for_selector("body[data-cg-ready]")
    # Every other cell ran, or says that it needs the full install (pandas, matplotlib).
    assert page.locator(".cg-site-error").count() == 0
    notes = page.locator(".cg-site-note")
    assert notes.count() >= 1 and "full install" in notes.first.inner_text()
    # ... and the Explore section (simulations, plots) says so itself.
    assert page.evaluate("""() => {
        const heading = [...document.querySelectorAll('h2')].find(h => h.textContent.startsWith('Explore'));
        return [...document.querySelectorAll('.cg-site-note')].some(note =>
            heading.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING); }""")
    assert "Traceback" not in page.locator("body").inner_text()
    assert page.errors == []


def test_a_lesson_in_the_site(site, page):
    # ?lesson=N reaches Python in the page too: Yukon's first lesson, followed to its end
    page.goto(f"{site}/apps/yukon.html?lesson=1")
    goal = page.locator(".cg-lesson-goal").first
    goal.wait_for()
    assert "Grand Yukon" in goal.inner_text()
    page.locator(".cg-goal").first.click()
    link = page.locator(".cg-lesson-done a").first
    link.wait_for()
    assert link.get_attribute("href") == "?lesson=2"
    assert page.errors == []


def test_a_bad_link_says_why_in_the_site(site, page):
    # Even asked for the table alone (view=table), a link the rules refuse shows the page with
    # its message, not an empty window.
    page.goto(f"{site}/apps/yukon.html?players=9&view=table")
    message = page.locator(".cg-app >> nth=0 >> .cg-app-message")
    message.wait_for()
    assert "is played by 2, 3, 4, 5 players" in message.inner_text()
    assert page.locator(".cg-app >> nth=0 >> .cg-table").count() == 0
    page.wait_for_selector("body[data-cg-ready]")
    assert message.is_visible() and page.locator("h1").first.is_visible()
    assert page.errors == []


def test_the_table_alone_from_a_link(site, page):
    # links.py: view=table shows the page's first table alone, filling the window (a class's
    # projector); seed, players and seat deal it as in Voila: three players, the pupil at seat 1.
    import cardgames as cg

    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site}/apps/yukon.html?view=table&seed=11&players=3&seat=1")
    # While Python starts, the window says what is happening, not the prose.
    assert page.locator("#cg-status").is_visible()
    assert not page.locator("h1").first.is_visible()
    table = page.locator(".cg-app >> nth=0 >> .cg-table")
    table.wait_for()
    page.wait_for_function("""() => { const t = document.querySelector('.cg-app .cg-table');
        return t && t.querySelector('.cg-card[data-legal="true"], .cg-action'); }""")
    box = table.bounding_box()
    assert (box["x"], box["y"], box["width"], box["height"]) == (0, 0, 1280, 800)
    assert table.locator(".cg-seat").count() == 3
    hand = {c for c in table.locator(".cg-hand .cg-card[data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)")}
    assert hand == {str(card) for card in cg.deal("yukon", seed=11, players=3).hands[1]}
    page.wait_for_selector("body[data-cg-ready]")
    assert not page.locator("h1").first.is_visible()       # the rest of the page stays hidden
    assert page.errors == []


def test_the_index_links_every_game_page(site, page):
    page.goto(f"{site}/index.html")
    links = page.eval_on_selector_all(".cg-md a[href^='apps/']", "as => as.map(a => a.getAttribute('href'))")
    assert {f"apps/{game}.html" for game in GAMES} <= set(links)
    assert page.errors == []


# -- an anywidget of the test's own: the board of the card-table issue works the same way ----------

PROBE_CELLS = [
    '''import anywidget, traitlets

class Counter(anywidget.AnyWidget):
    _esm = """
    export default { render({ model, el }) {
        const button = document.createElement("button");
        button.className = "probe-button";
        const draw = () => { button.textContent = "clicked " + model.get("count"); };
        button.addEventListener("click", () => model.send({ kind: "click" }));
        model.on("change:count", draw);
        draw();
        el.append(button);
    } }"""
    _css = ".probe-button { color: rgb(1, 2, 3); }"
    count = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(lambda widget, content, buffers: content.get("kind") == "click"
                    and setattr(self, "count", self.count + 1))

Counter()''',
]


def add_probe_page(out: Path) -> None:
    notebook = {"metadata": {"title": "probe"},
                "cells": [{"cell_type": "code", "source": PROBE_CELLS[0]}]}
    (out / "apps" / "_probe.html").write_text(build_site.app_page(notebook, GAMES, lambda texts: texts))


def test_an_anywidget_renders_and_answers_a_click(site, page):
    # The module in _esm draws a button; a click goes to Python by model.send, Python's on_msg
    # counts it in a synced trait, and the module redraws on change:count.
    page.goto(f"{site}/apps/_probe.html")
    button = page.locator(".probe-button")
    button.wait_for()
    assert button.inner_text() == "clicked 0"
    assert button.evaluate("b => getComputedStyle(b).color") == "rgb(1, 2, 3)"
    button.click()
    page.wait_for_function("() => document.querySelector('.probe-button').innerText === 'clicked 1'")
    button.click()
    page.wait_for_function("() => document.querySelector('.probe-button').innerText === 'clicked 2'")
    assert page.errors == []
