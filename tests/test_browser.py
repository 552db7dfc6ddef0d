"""The Voila apps in a real browser: Playwright (Python) driving Debian's Chromium.

One Voila server for the module, serving ``notebooks/`` on a free loopback port with preheated
kernels, stopped by SIGTERM to its own process id at the end. For each game, at a laptop's
size, then in the same page at a projector's and a phone's: open the app from a link, wait for
the board, click a playable card (or, before the cards, an action such as Quinto's "Pass"), see the trick and the message
change, and find no errors in the browser console and no traceback on the page; a refused card
tapped says why (a deal where the user meets one is found by the engine) and the keyboard
plays; ``?view=table`` fills a 1920x1080 projector. A bad link
shows the friendly message; a raw execute request sent over the kernel's websocket is refused.
Every test leaves screenshots in ``test-artifacts/screens/`` for a person to look at; a failing
test leaves one in ``test-artifacts/``.

The server uses the project's template (voila.json, ``share/jupyter/voila/templates/cardgames``,
found through JUPYTER_PATH): Voila's lab template without its links to a CDN. Any request that
leaves 127.0.0.1 is refused and fails the test: a classroom may have no internet. A page whose
kernel is killed says so, with a Reload button.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
import uuid
from pathlib import Path

import pytest
from browsing import (
    ARTIFACTS, assert_seats_and_trick_apart, chromium, keep_screenshot_if_failed, kernel_process,
    play_until_the_trick_changes, table_text, tap_card, trick_cards, turn_the_wheel_over_the_table,
    wait_for_answer,
)

import cardgames as cg

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["quinto", "yukon", "pip_pip", "guinote", "pippins_aplenty"]
TIMEOUT_MS = 90_000


@pytest.fixture(scope="module")
def voila(voila_notebooks):
    """The Voila server of the browser tests (conftest.py): (base URL, path of its log)."""
    return voila_notebooks


@pytest.fixture(scope="module")
def browser(voila):
    with chromium() as browser:
        yield browser


@pytest.fixture
def page(browser, request):
    """A fresh page that records console errors and leaves a screenshot if the test fails."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.console_errors = []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    page.on("pageerror", lambda e: page.console_errors.append(f"page error: {e}"))

    outside_requests: list[str] = []

    def outside(route):
        outside_requests.append(route.request.url)
        page.console_errors.append(f"request to the outside world: {route.request.url}")
        route.abort()

    page.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/]|localhost[:/]).*"), outside)
    page.set_default_timeout(TIMEOUT_MS)
    yield page
    keep_screenshot_if_failed(page, request)
    context.close()
    assert outside_requests == [], "the page asked for something off this machine"


def assert_no_traceback(page) -> None:
    body = page.locator("body").inner_text()
    for word in ("Traceback", "Error executing cell", "There was an error when executing cell"):
        assert word not in body, f"the page shows {word!r}"


SIZES = {"phone": (390, 844), "laptop": (1280, 800), "projector": (1920, 1080)}
SCREENS = ARTIFACTS / "screens"     # screenshots for a person to look at (not compared)


def open_table(page, base: str, game: str, query: str, size: str):
    """Open a game's app at a screen size; wait until the board offers the user something."""
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{base}/voila/render/{game}.ipynb?{query}", wait_until="domcontentloaded")
    board = page.locator(".cg-app >> nth=0 >> .cg-table")
    board.wait_for()
    page.wait_for_function(
        """() => { const t = document.querySelector('.cg-app .cg-table');
                   return t && t.querySelector('.cg-card[data-legal="true"], .cg-action'); }""")
    return board


def screenshot(page, name: str) -> None:
    """What a person sees with the table scrolled into view (the page's top is the prose), once
    the cards have finished moving (a picture taken during the 300 ms a card slides in from its
    seat shows it over that seat)."""
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.evaluate("() => document.querySelector('.cg-app .cg-table')"
                  ".scrollIntoView({block: 'start'})")
    page.wait_for_function("() => document.querySelector('.cg-app .cg-table')"
                           ".getAnimations({subtree: true}).length === 0")
    page.screenshot(path=str(SCREENS / f"{name}.png"))


@pytest.mark.parametrize("game", GAMES)
def test_play_a_trick_by_clicks(voila, page, game):
    # A learner at a laptop, then the same page on a projector and a phone (the board follows
    # the window: each of these sizes is also opened afresh by another test): the cards are
    # drawn (an svg each), the playable ones are marked, and clicking them plays to the trick.
    base, _log = voila
    board = open_table(page, base, game, "seed=11", "laptop")
    for size in ("laptop", "projector", "phone"):
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        hand = board.locator(".cg-hand").first
        go_on_if_held(page, board)        # the trick the computers finished: a tap goes on
        page.wait_for_function(
            """() => document.querySelector('.cg-app .cg-table')
                     .querySelector('.cg-card[data-legal="true"], .cg-action')""")
        assert hand.locator(".cg-card svg").count() >= 1
        assert board.locator(".cg-seat").count() >= 2 and board.locator(".cg-you").count() == 1
        assert board.locator(".cg-card.cg-back[data-card]").count() == 0
        screenshot(page, f"{game}-{size}-start")
        play_until_the_trick_changes(page)
        screenshot(page, f"{game}-{size}-played")
        # the cards at rest: the trick's on no seat and not on the last trick (the trick may
        # be empty: the user leads the next one)
        assert_seats_and_trick_apart(page, ".cg-app .cg-table", empty_trick=True)
        assert "Not allowed" not in table_text(page, ".cg-message")
    assert_no_traceback(page)
    assert page.console_errors == []


def a_refusal(game: str, seeds: int = 8) -> tuple[int, int, int, str, str]:
    """Where the user of a game's app first meets a card the rules refuse, found by the engine:
    (seed, seat, clicks, card, why). The user's clicks before it are the first playable card
    (or, with none, the first named action), as the test clicks them; the fewest clicks over
    the first seeds and every seat. (A leader may play anything, and Guinote's first phase has
    no obligation at all: its first refusal comes once the stock is empty.)"""
    from cardgames.board_state import board_state
    from cardgames.session import TableSession

    def refusal(seed: int, seat: int, limit: int = 12) -> tuple[int, str, str] | None:
        session = TableSession(game, seed, seat=seat)
        for clicks in range(limit):
            state = board_state(session)
            mine = next(s for s in state["seats"] if s["seat"] == state["hand_seat"])
            legal = [c["card"] for c in mine["cards"] if c.get("legal")]
            refused = [c for c in mine["cards"] if c.get("legal") is False]
            if mine["clickable"] and legal and refused:
                return clicks, refused[0]["card"], refused[0]["why"]
            if legal:
                session.choose(legal[0])
            elif state["actions"]:
                seat_, action = session.action_moves()[0]
                session.choose(action, seat_)
            elif "continue" in state["buttons"]:       # a tap on the finished trick
                session.press("continue")
            else:
                return None
        return None

    found = []
    for seed in range(seeds):
        for seat in range(TableSession(game, seed).hand.seats):
            got = refusal(seed, seat)
            if got:
                found.append((got[0], seed, seat, got[1], got[2]))
    assert found, f"no refused card in the first {seeds} deals of {game}"
    clicks, seed, seat, card, why = min(found)
    return seed, seat, clicks, card, why


def click_first_playable(page, board) -> None:
    """Click what the test user always clicks: the first playable card, else the first action,
    else (a finished trick held on the cloth) the cloth."""
    message = table_text(page, ".cg-message")
    legal = board.locator('.cg-hand .cg-card[data-legal="true"]')
    if legal.count():
        tap_card(legal.first)
    elif board.locator(".cg-action").count():
        board.locator(".cg-action").first.click()
    else:
        tap_the_cloth(page, board)
    wait_for_answer(page, message)


def tap_the_cloth(page, board) -> None:
    """A tap on the cloth near its bottom edge, away from the seats and the cards. On a phone
    the message line's story can push the cloth above the window: a person scrolls it back
    first (a mouse click outside the window reaches nothing)."""
    cloth = board.locator(".cg-cloth")
    cloth.scroll_into_view_if_needed()
    box = cloth.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] - 14)


def go_on_if_held(page, board) -> None:
    """If a finished trick waits on the cloth for the user, tap the cloth and wait for Python."""
    if "cg-held" in (board.get_attribute("class") or ""):
        message = table_text(page, ".cg-message")
        tap_the_cloth(page, board)
        wait_for_answer(page, message)


def test_on_a_phone_the_new_deal_panel_asks_its_questions_whole(voila, page):
    # Issue 19: the New deal panel's options are "plain questions with their choices in words".
    # On a phone each question beside its box was cut to one line ("May the 7 be exchanged
    # before the first tri…"); it wraps now, and stays inside the window.
    base, _log = voila
    open_table(page, base, "guinote", "seed=4", "phone")
    page.locator(".cg-app >> nth=0 >> .jupyter-widget-Collapse-header", has_text="New deal").click()
    # every yes-or-no rule question of the game, after the panel's Open hands and Play a match
    from cardgames.widgets.rule_questions import asks_yes_or_no
    boxes = 2 + sum(asks_yes_or_no(o) for o in cg.GAMES["guinote"].options.values())
    page.wait_for_function("""(boxes) => document.querySelector('.cg-app .cg-panels')
        .querySelectorAll('.widget-checkbox .widget-label-basic').length === boxes""", arg=boxes)
    page.wait_for_timeout(200)
    cut = page.evaluate("""() => [...document.querySelector('.cg-app .cg-panels')
            .querySelectorAll('.widget-checkbox .widget-label-basic')]
        .filter((label) => label.checkVisibility())
        .filter((label) => label.scrollWidth > label.clientWidth + 1
                           || label.getBoundingClientRect().right > innerWidth)
        .map((label) => label.innerText)""")
    assert cut == [], cut
    assert page.console_errors == []


def test_on_a_phone_the_score_sheet_shows_every_trick_whole(voila, page):
    # Issue 19: "Score sheet and story of the hand that read well at any width". On a phone the
    # sheet's eight columns ran past the window (Points and the totals a sideways scroll away);
    # each trick is now a block of labelled lines: "Trick 3 Winner: East Points: 5", its cards,
    # the totals so far.
    base, _log = voila
    open_table(page, base, "pip_pip", "seed=4&seat=watch", "phone")
    board = page.locator(".cg-app >> nth=0 >> .cg-table")
    board.locator(".cg-finish-hand").click()            # the seats play some tricks
    page.locator(".cg-app >> nth=0 >> .jupyter-widget-Collapse-header",
                 has_text="Score sheet").click()
    page.wait_for_function("() => document.querySelectorAll("
                           "'.cg-app .cg-panels table.cg-sheet tbody tr').length >= 2")
    seen = page.evaluate("""() => {
        const sheet = document.querySelector('.cg-app .cg-panels table.cg-sheet');
        const cells = [...sheet.querySelectorAll('td')].filter((td) => td.checkVisibility());
        return {out: cells.filter((td) => td.getBoundingClientRect().right > innerWidth)
                         .map((td) => td.innerText),
                wide: sheet.scrollWidth > sheet.parentNode.clientWidth + 1,
                first: [...sheet.querySelector('tbody tr').children]     // as a reader sees it
                    .filter((td) => td.checkVisibility())
                    .map((td) => (getComputedStyle(td, '::before').content.match(/^"(.*)"$/)
                                  || ['', ''])[1] + td.innerText).join(' ')}; }""")
    assert seen["out"] == [] and not seen["wide"], seen
    assert "Trick 1" in seen["first"] and "Winner: Player" in seen["first"], seen["first"]
    assert "Points:" in seen["first"] and "Player 6:" in seen["first"], seen["first"]
    page.screenshot(path=str(SCREENS / "pip_pip-phone-score-sheet.png"), full_page=True)
    assert page.console_errors == []


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_card_says_why_when_tapped_and_the_keyboard_plays(voila, page, game):
    # A phone shows no tooltip: a refused card tapped stays in the hand and the reason appears
    # in the message line (the follow-suit rules of each game: "others must follow suit if
    # possible", Guinote's arrastre "must beat the card if you can"). Then at a laptop, by the
    # keyboard alone: Tab to the hand, arrows between the cards, Enter plays the focused card.
    base, _log = voila
    seed, seat, clicks, card, why = a_refusal(game)
    board = open_table(page, base, game, f"seed={seed}&seat={seat}", "phone")
    for _ in range(clicks):
        click_first_playable(page, board)
    refused = board.locator(f'.cg-hand .cg-card[data-card="{card}"]')
    assert refused.get_attribute("data-legal") == "false"
    assert "may not be played" in refused.get_attribute("aria-label")
    before = trick_cards(page)
    tap_card(refused)
    page.wait_for_function(
        "w => document.querySelector('.cg-app .cg-table .cg-message').innerText.includes(w)",
        arg=why)
    screenshot(page, f"{game}-phone-refused")
    assert board.locator(f'.cg-hand .cg-card[data-card="{card}"]').count() == 1
    assert trick_cards(page) == before                  # nothing was played

    page.set_viewport_size({"width": SIZES["laptop"][0], "height": SIZES["laptop"][1]})
    first = board.locator('.cg-hand .cg-card[data-legal="true"]').first
    first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    focused = page.evaluate("() => document.activeElement.dataset.card")
    assert focused == first.get_attribute("data-card")
    # the refusal goes at once; the story's lines change when the kernel's new state has come
    lines = table_text(page, ".cg-message .cg-lines")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "m => document.querySelector('.cg-app .cg-table .cg-message .cg-lines').innerText !== m",
        arg=lines)
    played = board.locator(f'.cg-hand .cg-card[data-card="{focused}"]').count() == 0 \
        or focused in trick_cards(page)
    assert played, f"{focused} is still in the hand and not in the trick"
    assert_no_traceback(page)
    assert page.console_errors == []


@pytest.mark.parametrize("game", GAMES)
def test_a_projector_shows_the_table_alone_filling_the_window(voila, page, game):
    # ?view=table&seat=watch at 1920x1080: the whole table on screen, no scrolling, cards at
    # least 70 px wide and the message line at least 18 px, every hand face up at its seat.
    base, _log = voila
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{base}/voila/render/{game}.ipynb?seed=3&seat=watch&view=table",
              wait_until="domcontentloaded")
    page.locator(".cg-table .cg-card[data-card]").first.wait_for()
    page.wait_for_timeout(500)
    screenshot(page, f"{game}-projector-view-table")
    measured = page.evaluate("""() => {
        const t = document.querySelector('.cg-app .cg-table');   // the first table: the hand
        const r = t.getBoundingClientRect();
        const cards = [...t.querySelectorAll('.cg-seat .cg-card')].map(
            c => c.getBoundingClientRect().width);
        const message = parseFloat(getComputedStyle(t.querySelector('.cg-message')).fontSize);
        const offscreen = [...t.querySelectorAll('.cg-card, .cg-message, .cg-next')].filter(e => {
            const b = e.getBoundingClientRect();
            return b.bottom > innerHeight + 1 || b.right > innerWidth + 1 || b.top < -1; }).length;
        return {left: r.left, top: r.top, width: r.width, height: r.height,
                scroll: t.scrollHeight - t.clientHeight, minCard: Math.min(...cards),
                message, offscreen, backs: t.querySelectorAll('.cg-seat .cg-back').length}; }""")
    assert measured["width"] >= 1900 and measured["height"] >= 1060, measured
    assert measured["scroll"] <= 1 and measured["offscreen"] == 0, measured
    assert measured["minCard"] >= 70 and measured["message"] >= 18, measured
    assert measured["backs"] == 0, measured
    message = table_text(page, ".cg-message")
    page.locator(".cg-app >> nth=0 >> .cg-table .cg-next").click()
    wait_for_answer(page, message)
    # The teacher scrolls the wheel over the table: it stays put, and the page's prose never
    # shows (Voila's page scrolls in a container of its own, which carried the table away).
    after = turn_the_wheel_over_the_table(page, turns=4)
    assert after == {"top": 0, "prose": 0}, after
    assert page.console_errors == []


def test_a_phone_shows_the_table_alone_with_room_for_its_seats(voila, page):
    # A pupil's phone opens the class's ?view=table link (390x844). After the first trick the
    # message line is at its longest (the trick's story and the prompt): the cloth keeps room
    # for its seats (none on another, the trick's cards on none), every line of the message is
    # whole, and the table alone scrolls down to the buttons, which still play.
    base, _log = voila
    board = open_table(page, base, "quinto", "seed=11&view=table", "phone")
    for _ in range(12):
        if board.locator(".cg-last-trick:not([hidden])").count():
            break
        click_first_playable(page, board)
    page.wait_for_function("() => document.querySelector('.cg-app .cg-table')"
                           ".getAnimations({subtree: true}).length === 0")
    page.screenshot(path=str(SCREENS / "quinto-phone-view-table.png"))
    measured = page.evaluate("""() => {
        const t = document.querySelector('.cg-app .cg-table');
        const m = t.querySelector('.cg-message');
        return {cloth: t.querySelector('.cg-cloth').getBoundingClientRect().height,
                lines: m.querySelectorAll('.cg-lines p').length,
                cut: m.scrollHeight - m.clientHeight}; }""")
    assert measured["lines"] >= 4 and measured["cut"] <= 1, measured
    assert measured["cloth"] >= 300, measured
    assert_seats_and_trick_apart(page, ".cg-app .cg-table", empty_trick=True)
    click_first_playable(page, board)            # scrolled to, as a thumb would
    assert_no_traceback(page)
    assert page.console_errors == []


@pytest.mark.parametrize("game, query, says", [
    ("yukon", "players=9", "is played by 2, 3, 4, 5 players"),
    ("guinote", "seed=abc", "a whole number is needed"),
    ("pip_pip", "sed=12", "links may set: seed, players"),
])
def test_a_bad_link_says_why(voila, page, game, query, says):
    # (three games: a page opened right after another of the same game waits for the server to
    # start and run that game's next kernel)
    base, _log = voila
    page.goto(f"{base}/voila/render/{game}.ipynb?{query}", wait_until="domcontentloaded")
    message = page.locator(".cg-app >> nth=0 >> .cg-app-message")
    message.wait_for()
    assert says in message.inner_text()
    assert f"does not describe a deal of {cg.get_game(game).title}" in message.inner_text()
    assert page.locator(".cg-app >> nth=0 >> .cg-table").count() == 0
    assert_no_traceback(page)
    assert page.console_errors == []


def test_a_class_watches_a_deal_then_replays_it_from_its_record(voila, page, tmp_path):
    # A teacher's projector: ?seat=watch deals with every hand face up; Next lets the seat to
    # move play; the Record panel gives the hand's record as a file to save (no raw JSON shown),
    # and Load a record (or the record pasted, then Replay) sets it out at its start to step
    # through again with 1 ▶.
    base, _log = voila
    page.goto(f"{base}/voila/render/yukon.ipynb?seed=3&seat=watch", wait_until="domcontentloaded")
    app = page.locator(".cg-app >> nth=0")
    board = app.locator(".cg-table")
    board.locator(".cg-card[data-card]").first.wait_for()
    assert board.locator(".cg-seat .cg-back").count() == 0     # every hand face up

    def click_and_wait(button) -> None:
        message = table_text(page, ".cg-message")
        button.click()
        wait_for_answer(page, message)

    for _ in range(3):
        click_and_wait(board.locator(".cg-next"))
    played = trick_cards(page)
    app.locator(".jupyter-widget-Collapse-header", has_text="Record").click()
    click_and_wait(app.locator(".cg-record"))
    box = app.locator(".cg-record-text textarea")
    assert box.input_value() == ""                       # the record is a file, not text shown
    link = app.locator("a.cg-record-download")
    assert link.get_attribute("download") == "yukon-3.json"
    app.locator(".cg-record-links").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENS / "yukon-laptop-record-panel.png"))
    with page.expect_download() as saving:
        link.click()
    saved = tmp_path / "kept.json"
    saving.value.save_as(saved)
    record = saved.read_text()
    assert '"yukon"' in record
    # loading the file back sets the hand out at its start
    message = table_text(page, ".cg-message")
    with page.expect_file_chooser() as choosing:
        app.locator(".cg-record-upload").click()
    choosing.value.set_files(str(saved))
    wait_for_answer(page, message)
    assert "at its start" in table_text(page, ".cg-message")
    assert "3 recorded actions" in table_text(page, ".cg-message")
    assert trick_cards(page) == []
    for _ in range(3):
        click_and_wait(board.locator('.cg-button[data-name="forward"]'))
    assert trick_cards(page) == played
    box.fill(record)                                     # as a teacher pastes a kept record
    click_and_wait(app.locator(".cg-replay"))
    assert "at its start" in table_text(page, ".cg-message") and trick_cards(page) == []
    assert_no_traceback(page)
    assert page.console_errors == []


def test_the_index_links_every_game(voila, page):
    base, _log = voila
    page.goto(f"{base}/voila/render/index.ipynb", wait_until="load")
    for game in GAMES:
        link = page.locator(f'a[href="{game}.ipynb"]')
        assert link.count() >= 1, game
    assert_no_traceback(page)
    assert page.console_errors == []


def test_no_page_reads_its_text_for_mathematics(voila, page):
    """The notebooks hold no mathematics, and a "$" in their text stays a "$". Voila typesets
    every `.jp-MarkdownOutput` with MathJax as a page opens, whatever the page's list of
    disabled plugins says ("$x^2 + y$" in a markdown cell came out as a formula), so the
    template draws the prose under a class of its own, `cg-prose`, with the same look."""
    base, _log = voila
    page.goto(f"{base}/voila/render/index.ipynb", wait_until="load")
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    assert "@jupyterlab/mathjax-extension" in config["disabledExtensions"], config
    page.wait_for_function("document.querySelector('.cg-prose') !== null")
    assert page.locator(".jp-MarkdownOutput").count() == 0       # nothing for MathJax to read
    assert page.locator("mjx-container, .MathJax").count() == 0
    assert page.console_errors == []


def test_execute_requests_are_refused(voila, tmp_path):
    """Send a raw execute request over the kernel websocket, as Voila's own test does: the server
    logs the refusal and the code never runs."""
    from websockets.sync.client import connect

    base, log_path = voila
    html = urllib.request.urlopen(f"{base}/voila/render/yukon.ipynb", timeout=120).read().decode()
    kernel_id = re.findall(r"""kernelId["']?\s*[:=]\s*["']([0-9a-zA-Z-]+)["']""", html)[0]
    witness = tmp_path / "executed"
    url = (f"{base.replace('http://', 'ws://')}/api/kernels/{kernel_id}/channels"
           f"?session_id={uuid.uuid4()}")
    message = {
        "header": {"msg_id": uuid.uuid4().hex, "username": "test", "session": uuid.uuid4().hex,
                   "msg_type": "execute_request", "version": "5.3"},
        "parent_header": {}, "metadata": {}, "buffers": [], "channel": "shell",
        "content": {"code": f"open({str(witness)!r}, 'w').write('ran')", "silent": False,
                    "store_history": False, "user_expressions": {}, "allow_stdin": False,
                    "stop_on_error": True},
    }
    with connect(url, open_timeout=30) as ws:
        ws.send(json.dumps(message))
        deadline = time.monotonic() + 20
        refused = 'Received message of type "execute_request", which is not allowed'
        while refused not in log_path.read_text():
            assert time.monotonic() < deadline, "the server did not log a refusal"
            time.sleep(0.1)
        time.sleep(1.0)   # give a (wrongly) accepted request time to run
    assert not witness.exists(), "the kernel ran code sent from the browser"


def test_a_page_whose_kernel_has_gone_says_so_and_offers_a_reload(voila, page):
    # Issue 20: a page whose kernel died must not look alive ("Your turn", clicks doing
    # nothing). Kill the page's kernel: the server drops it (no restart: a fresh kernel would have none of the
    # page's widgets) and the page says so in plain words, with a Reload button that gives a
    # new game.
    import os
    import signal

    base, _log = voila
    page.goto(f"{base}/voila/render/yukon.ipynb?seed=4", wait_until="domcontentloaded")
    page.wait_for_function(
        "() => document.querySelector('.cg-app .cg-table .cg-card:not([disabled])')")
    assert page.locator(".cg-kernel-gone").count() == 0
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    os.kill(kernel_process(config["kernelId"]), signal.SIGKILL)
    notice = page.locator(".cg-kernel-gone")
    notice.wait_for(timeout=30_000)
    assert "This game has stopped" in notice.inner_text()
    assert "Reload the page" in notice.inner_text()
    notice.locator("button", has_text="Reload").click()
    page.wait_for_function(
        "() => document.querySelector('.cg-app .cg-table .cg-card:not([disabled])')")
    assert page.locator(".cg-kernel-gone").count() == 0
    new_config = json.loads(page.locator("#jupyter-config-data").text_content())
    assert new_config["kernelId"] != config["kernelId"]
    assert_no_traceback(page)


def test_a_learner_sees_each_trick_the_result_and_looks_back(voila, page):
    # Issue 41, as a learner plays Yukon (seed 7, North): North leads 6♥, the computers answer
    # at once and West takes the trick with K♥ ("winner of a trick leads to the next", the rule
    # text): the four cards stay on the cloth, K♥ marked, "West takes it: 3 points", until the
    # learner taps the cloth; at the end a panel names the winning side and the score; Review
    # steps through North's decisions (the board goes back to each); Deal again deals others.
    base, _log = voila
    board = open_table(page, base, "yukon", "seed=7&seat=north", "laptop")
    first_hand = sorted(board.locator(".cg-hand .cg-card[data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"))
    tap_card(board.locator('.cg-hand .cg-card[data-card="6H"]'))
    done = board.locator('.cg-trick[data-complete="true"]')
    done.wait_for()
    page.wait_for_timeout(2500)                  # the computers never sweep it away
    assert done.locator(".cg-card").count() == 4
    assert done.locator(".cg-card.cg-winner").get_attribute("data-card") == "KH"
    assert table_text(page, ".cg-trick-words") == "West takes it: 3 points"
    for size in ("phone", "projector", "laptop"):
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        screenshot(page, f"yukon-{size}-trick-held")
        assert done.is_visible()
    go_on_if_held(page, board)
    assert board.locator('.cg-trick[data-complete="true"]').count() == 0
    assert trick_cards(page) == ["AS"]           # West led the next trick

    # to the end of the hand: the first playable card, a tap on each finished trick
    over = board.locator(".cg-hand-over")
    for _ in range(60):
        if over.is_visible():
            break
        message = table_text(page, ".cg-message")
        legal = board.locator('.cg-hand .cg-card[data-legal="true"]')
        if legal.count():
            tap_card(legal.first)
        else:
            page.keyboard.press("Enter")         # a key puts a finished trick away too
        wait_for_answer(page, message)
    assert over.is_visible()
    assert re.match(r"(North–South|East–West) win the hand, \d+ to \d+",
                    table_text(page, ".cg-hand-over-title"))
    for size in ("phone", "projector", "laptop"):
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        screenshot(page, f"yukon-{size}-hand-over")

    # the review: a strip of North's decisions; a step takes the board back to it
    message = table_text(page, ".cg-message")
    board.locator('.cg-button[data-name="review"]').click()
    steps = board.locator(".cg-review .cg-review-step[data-step]")
    steps.first.wait_for(timeout=TIMEOUT_MS)
    assert steps.count() == 14                   # North's 13 decisions and the end
    message = table_text(page, ".cg-message")
    board.locator('.cg-review-step[data-step="3"]').click()
    wait_for_answer(page, message)
    assert table_text(page, ".cg-message").startswith("Decision 3, trick 3: North played")
    assert "Trick 3" in table_text(page, ".cg-trick-info")
    assert board.locator(".cg-seat .cg-back").count() == 0        # every hand open
    assert board.locator(".cg-hand-over").is_hidden()
    message = table_text(page, ".cg-message")
    page.keyboard.press("ArrowRight")
    wait_for_answer(page, message)
    assert table_text(page, ".cg-message").startswith("Decision 4, trick 4")
    for size in ("phone", "projector", "laptop"):
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        screenshot(page, f"yukon-{size}-review")

    # Deal again: new cards, the same rules and seat
    message = table_text(page, ".cg-message")
    board.locator('.cg-button[data-name="deal_again"]').click()
    wait_for_answer(page, message)
    page.wait_for_function("""() => document.querySelector('.cg-app .cg-table')
        .querySelector('.cg-card[data-legal="true"], .cg-action')""")
    new_hand = sorted(board.locator(".cg-hand .cg-card[data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"))
    assert new_hand != first_hand and len(new_hand) == 5
    assert board.locator(".cg-review").is_hidden() and over.is_hidden()
    assert_no_traceback(page)
    assert page.console_errors == []
