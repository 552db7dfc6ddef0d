"""The board widget (cardgames/widgets/board.py, board.js, board.css).

In Python: every message from the browser is checked before the handler sees it; a crafted one
is refused with a logged reason and nothing escapes into the kernel; a good one reaches the
handler as a ``UserEvent``. In Chromium (marked ``browser``): the real ``board.js`` in the static
harness of scripts/board_preview.py, on states built from real deals, served on 127.0.0.1 with
a fake anywidget model: clicks, taps, the keyboard, face-down cards, the table alone at
1920x1080, no request leaving the machine and no console error.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import re
from pathlib import Path

import pytest
from browsing import BOXES, CHROMIUM, assert_seats_and_trick_apart

from cardgames.widgets.board import BUTTONS, Board, UserEvent

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "test-artifacts" / "screens"     # for a person to look at (not compared)


def load_preview():
    spec = importlib.util.spec_from_file_location("board_preview",
                                                  ROOT / "scripts" / "board_preview.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --------------------------------------------------------------------------------------------
# Python: the messages

def board_with_inbox():
    board = Board(state={"seq": 17})
    inbox = []
    board.on_user(inbox.append)
    return board, inbox


@pytest.mark.parametrize("message, event", [
    ({"type": "play", "card": "TH", "seq": 17}, UserEvent("play", 17, card="TH")),
    ({"type": "play", "card": "JK", "seq": 0}, UserEvent("play", 0, card="JK")),
    ({"type": "action", "id": 0, "seq": 17}, UserEvent("action", 17, action_id=0)),
    ({"type": "button", "name": "finish_trick", "seq": 3},
     UserEvent("button", 3, button="finish_trick")),
])
def test_a_message_the_board_sends_reaches_the_handler(message, event):
    board, inbox = board_with_inbox()
    assert board.receive(message) == event
    assert inbox == [event]
    assert board.last_refusal == ""


def test_every_control_button_is_accepted():
    board, inbox = board_with_inbox()
    for name in BUTTONS:
        board.receive({"type": "button", "name": name, "seq": 1})
    assert [event.button for event in inbox] == list(BUTTONS)


CRAFTED = [
    ("not an object", ["play", "TH"], "must be an object"),
    ("no type", {"card": "TH", "seq": 1}, "type None"),
    ("unknown type", {"type": "eval", "code": "import os", "seq": 1}, "type 'eval'"),
    ("a card that is no card", {"type": "play", "card": "XX", "seq": 1}, "card must be"),
    ("a card as a number", {"type": "play", "card": 10, "seq": 1}, "card must be"),
    ("a card with markup", {"type": "play", "card": "<img src=x>", "seq": 1}, "card must be"),
    ("lower-case card", {"type": "play", "card": "th", "seq": 1}, "card must be"),
    ("id as text", {"type": "action", "id": "0", "seq": 1}, "id must be"),
    ("id as a boolean", {"type": "action", "id": True, "seq": 1}, "id must be"),
    ("negative id", {"type": "action", "id": -1, "seq": 1}, "id must be"),
    ("huge id", {"type": "action", "id": 10**30, "seq": 1}, "id must be"),
    ("unknown button", {"type": "button", "name": "shutdown", "seq": 1}, "button 'shutdown'"),
    ("a review step as text", {"type": "step", "step": "3", "seq": 1}, "step must be"),
    ("a review step below 0", {"type": "step", "step": -1, "seq": 1}, "step must be"),
    ("a review step far out", {"type": "step", "step": 10**6, "seq": 1}, "step must be"),
    ("a review of no seat", {"type": "review_seat", "seat": 12, "seq": 1}, "seat must be"),
    ("a review step with more", {"type": "step", "step": 1, "card": "TH", "seq": 1},
     "has no field 'card'"),
    ("no seq", {"type": "play", "card": "TH"}, "seq must be"),
    ("seq as text", {"type": "play", "card": "TH", "seq": "17"}, "seq must be"),
    ("seq as a float", {"type": "play", "card": "TH", "seq": 17.0}, "seq must be"),
    ("extra field", {"type": "play", "card": "TH", "seq": 1, "seat": 3}, "no field 'seat'"),
    ("a play with an id", {"type": "play", "id": 0, "seq": 1}, "no field 'id'"),
    ("too long", {"type": "play", "card": "TH", "seq": 1, "pad": "x" * 5000}, "too long"),
    ("deeply nested", {"type": "play", "card": [[[[["TH"]]]]], "seq": 1}, "card must be"),
    ("not JSON", {"type": "play", "card": object(), "seq": 1}, "plain JSON"),
]


@pytest.mark.parametrize("what, message, says", CRAFTED, ids=[c[0] for c in CRAFTED])
def test_a_crafted_message_is_refused_with_a_logged_reason(what, message, says, caplog):
    board, inbox = board_with_inbox()
    with caplog.at_level(logging.WARNING, logger="cardgames.board"):
        assert board.receive(message) is None
    assert inbox == []
    assert says in board.last_refusal
    assert any(says in record.getMessage() for record in caplog.records)
    # the reason quotes at most a short piece of what came in
    assert len(board.last_refusal) < 200


def test_a_message_arriving_through_the_widget_comm_is_checked_too(caplog):
    """ipywidgets hands a custom message to ``on_msg`` handlers from ``_handle_custom_msg``:
    the path a message from the browser takes, buffers included."""
    board, inbox = board_with_inbox()
    with caplog.at_level(logging.WARNING, logger="cardgames.board"):
        board._handle_custom_msg({"type": "play", "card": "TH", "seq": 1}, [b"\x00" * 10])
        board._handle_custom_msg({"type": "play", "card": "ZZ", "seq": 1}, [])
        board._handle_custom_msg({"type": "play", "card": "TH", "seq": 1}, [])
    assert "buffers" in caplog.records[0].getMessage()
    assert "card must be" in caplog.records[1].getMessage()
    assert inbox == [UserEvent("play", 1, card="TH")]


def test_a_failing_handler_is_logged_and_does_not_escape(caplog):
    board = Board()

    def broken(event):
        raise RuntimeError("the session fell over")

    seen = []
    board.on_user(broken)
    board.on_user(seen.append)
    with caplog.at_level(logging.ERROR, logger="cardgames.board"):
        event = board.receive({"type": "button", "name": "next", "seq": 2})
    assert event == UserEvent("button", 2, button="next")
    assert seen == [event]  # the next handler still hears it
    assert "the board's handler failed" in caplog.text
    board.on_user(broken, remove=True)
    board.receive({"type": "button", "name": "next", "seq": 3})
    assert len(seen) == 2


def test_the_traits_hold_what_they_were_given():
    preview = load_preview()
    state = preview.scenes()["yukon-4"]["state"]
    faces = preview.standin_sprite()
    board = Board(state=state, faces=faces)
    assert board.state == state and board.faces == faces
    # plain JSON, as the browser will see it
    assert json.loads(json.dumps(board.state)) == state
    later = dict(state, seq=state["seq"] + 1)
    board.state = later
    assert board.state["seq"] == state["seq"] + 1
    # the module and the style sheet the browser gets are the files beside board.py
    assert board._esm == (ROOT / "cardgames/widgets/board.js").read_text()
    assert board._css == (ROOT / "cardgames/widgets/board.css").read_text()


def test_a_face_down_seat_in_the_preview_states_carries_no_card():
    """The preview builds its states as the session must: a hidden card is {"back": true}."""
    preview = load_preview()
    for name, scene in preview.scenes().items():
        if name.startswith(("session-", "lesson-")):
            continue  # drawn by the session's own builder, which test_hidden.py checks
        state = scene["state"]
        for seat in state["seats"]:
            if seat["seat"] != state["hand_seat"] and state["hand_seat"] is not None:
                assert all(card == {"back": True} for card in seat["cards"]), (name, seat["name"])



def test_the_preview_names_the_seats_in_what_the_game_shows_everybody():
    """Pip-Pip! at 12 seats: the centre says "Pip-Pip, Ines", never "seat 8" (issue 19: seat
    names in every sentence the table shows)."""
    preview = load_preview()
    for name, scene in preview.scenes().items():
        for item in scene["state"]["centre"]:
            words = item["label"] + " " + item["text"]
            assert not re.search(r"\bseat \d", words), (name, words)

# --------------------------------------------------------------------------------------------
# Chromium: the real board.js in the static harness

@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM}")
    pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    preview = load_preview()
    folder = tmp_path_factory.mktemp("board-harness")
    scenes = preview.write_harness(folder)
    server = preview.serve(folder)
    yield f"http://127.0.0.1:{server.server_address[1]}", scenes
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser(harness):
    from playwright.sync_api import sync_playwright

    preview = load_preview()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=preview.CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def open_board(harness, browser):
    """open_board(scene, width, height, **context options) -> page showing that scene; at the
    end, no console error and no request to anywhere but 127.0.0.1."""
    base, _scenes = harness
    contexts, errors, outside = [], [], []

    def opener(scene, width=1280, height=800, query="", **options):
        context = browser.new_context(viewport={"width": width, "height": height}, **options)
        contexts.append(context)
        page = context.new_page()
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))

        def refuse(route):
            outside.append(route.request.url)
            route.abort()

        page.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/]).*"), refuse)
        page.goto(f"{base}/board.html?s={scene}{query}")
        page.wait_for_function("window.boardReady === true")
        return page

    yield opener
    for context in contexts:
        context.close()
    assert errors == [], errors
    assert outside == [], outside


def change_state(page, **changes) -> None:
    """Give the harness's model its state with ``changes`` written over its top-level keys, as
    Python's next state would come."""
    page.evaluate("""changes => window.model.set('state', Object.assign(
        structuredClone(window.model.get('state')), changes))""", changes)


def hand_of(scenes, name):
    state = scenes[name]["state"]
    return next(s for s in state["seats"] if s["seat"] == state["hand_seat"])["cards"]


def mixed_scene(scenes):
    """A scene whose hand holds a refused card and a legal card that is not the first."""
    for name, scene in scenes.items():
        if not scene["after"] or scene["state"]["fill"]:
            continue
        cards = hand_of(scenes, name)
        legal = [i for i, c in enumerate(cards) if c.get("legal")]
        if legal and legal[-1] > 0 and any(c.get("legal") is False for c in cards):
            return name
    raise AssertionError("no scene with legal and refused cards")


@pytest.mark.browser
def test_clicking_a_legal_card_sends_a_play_and_the_trick_takes_it(harness, open_board):
    _base, scenes = harness
    name = mixed_scene(scenes)
    legal = next(c for c in hand_of(scenes, name) if c.get("legal"))
    page = open_board(name)
    page.locator(f'.cg-hand .cg-card[data-card="{legal["card"]}"]').first.click()
    # the harness answers like the kernel, with the state after that card
    page.locator(f'.cg-trick .cg-card[data-card="{legal["card"]}"]').wait_for()
    page.wait_for_function("window.sent.length > 0")
    assert page.evaluate("window.sent") == [
        {"type": "play", "card": legal["card"], "seq": scenes[name]["state"]["seq"]}]


def click_in_one_task(page, card: str) -> dict:
    """Click a card and read the board in the same task: no round trip, no frame waited for."""
    return page.evaluate("""card => {
        document.querySelector(`.cg-hand .cg-card[data-card="${card}"]`).click();
        const table = document.querySelector('.cg-table');
        return {inTrick: !!table.querySelector(`.cg-trick .cg-card[data-card="${card}"]`),
                inHand: !!table.querySelector(`.cg-hand .cg-card[data-card="${card}"]`),
                playable: table.querySelectorAll('.cg-card[data-legal="true"]').length,
                waiting: table.classList.contains('cg-waiting'),
                message: table.querySelector('.cg-message').innerText.trim(),
                seq: table.dataset.seq,
                cursor: getComputedStyle(table.querySelector('.cg-hand .cg-card')).cursor,
                sent: window.sent.length};
    }""", card)


@pytest.mark.browser
def test_a_played_card_is_on_the_cloth_before_python_answers(harness, open_board):
    """Issue 19: a click on a playable card redraws the trick at once, without waiting for the
    round trip to the kernel; Python's state, when it comes, replaces the foreseen one. A kernel
    (or a room's server) gets the play at once and works while the browser draws that frame."""
    _base, scenes = harness
    name = mixed_scene(scenes)
    state = scenes[name]["state"]
    legal = next(c for c in hand_of(scenes, name) if c.get("legal"))
    me = next(s for s in state["seats"] if s["seat"] == state["hand_seat"])
    page = open_board(name, query="&still")      # the page does not answer by itself
    seen = click_in_one_task(page, legal["card"])
    label = page.evaluate("c => document.querySelector(`.cg-trick .cg-card[data-card=\"${c}\"]`)"
                          ".dataset.label", legal["card"])
    # the hand shows that it waits (no card playable, the cursor says so)
    assert seen == {"inTrick": True, "inHand": False, "playable": 0, "waiting": True,
                    "message": f"{me['name']} plays {label}.", "seq": str(state["seq"]),
                    "cursor": "progress", "sent": 1}
    assert page.evaluate("window.sent") == [
        {"type": "play", "card": legal["card"], "seq": state["seq"]}]


@pytest.mark.browser
def test_python_in_the_page_gets_the_play_once_the_card_is_drawn(harness, open_board):
    """The static site: Python runs on the page's own thread, so the play goes to it after the
    frame that shows the card (sent at once, Python would hold the thread and the card would
    not move until it answered)."""
    _base, scenes = harness
    name = mixed_scene(scenes)
    state = scenes[name]["state"]
    legal = next(c for c in hand_of(scenes, name) if c.get("legal"))
    page = open_board(name, query="&still&python_in_page")
    seen = click_in_one_task(page, legal["card"])
    assert (seen["inTrick"], seen["inHand"], seen["sent"]) == (True, False, 0)
    page.wait_for_function("window.sent.length > 0")
    assert page.evaluate("window.sent") == [
        {"type": "play", "card": legal["card"], "seq": state["seq"]}]


@pytest.mark.browser
def test_a_card_python_never_answers_goes_back_to_the_hand_with_a_word(harness, open_board):
    _base, scenes = harness
    name = mixed_scene(scenes)
    legal = next(c for c in hand_of(scenes, name) if c.get("legal"))
    page = open_board(name, query="&still")
    page.clock.install()
    page.locator(f'.cg-hand .cg-card[data-card="{legal["card"]}"]').first.click()
    assert page.locator(f'.cg-trick .cg-card[data-card="{legal["card"]}"]').count() == 1
    page.clock.run_for(9_000)
    assert page.locator(f'.cg-hand .cg-card[data-card="{legal["card"]}"]').count() == 0
    page.clock.run_for(1_500)
    assert page.locator(f'.cg-hand .cg-card[data-card="{legal["card"]}"][data-legal="true"]'
                        ).count() == 1
    assert page.locator(f'.cg-trick .cg-card[data-card="{legal["card"]}"]').count() == 0
    assert "Python has not answered for 10 seconds" in \
        page.locator(".cg-message .cg-refused").inner_text()


@pytest.mark.browser
def test_tapping_a_refused_card_shows_why_and_sends_nothing(harness, open_board):
    _base, scenes = harness
    name = mixed_scene(scenes)
    refused = next(c for c in hand_of(scenes, name) if c.get("legal") is False)
    page = open_board(name, 390, 844, has_touch=True, is_mobile=True)
    card = page.locator(f'.cg-hand .cg-card[data-card="{refused["card"]}"]').first
    assert card.get_attribute("data-legal") == "false"
    assert card.get_attribute("aria-label") == \
        f'{refused["name"]}, may not be played: {refused["why"]}'
    card.tap()
    message = page.locator(".cg-message .cg-refused")
    assert refused["why"] in message.inner_text()
    assert message.is_visible()
    assert page.evaluate("window.sent") == []
    assert page.locator(f'.cg-hand .cg-card[data-card="{refused["card"]}"]').count() >= 1


@pytest.mark.browser
def test_tab_and_arrows_move_along_the_hand_and_enter_plays(harness, open_board):
    _base, scenes = harness
    name = mixed_scene(scenes)
    cards = hand_of(scenes, name)
    target = max(i for i, c in enumerate(cards) if c.get("legal"))
    page = open_board(name, query="&still")
    focused = "document.activeElement.closest('.cg-hand') ? " \
              "document.activeElement.dataset.card : null"
    for _ in range(10):  # Tab from the top of the page into the hand
        page.keyboard.press("Tab")
        if page.evaluate(focused):
            break
    assert page.evaluate(focused) == cards[0]["card"]
    page.keyboard.press("Tab")
    assert page.evaluate(focused) == cards[1]["card"]
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(focused) == cards[0]["card"]
    for _ in range(target):
        page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == cards[target]["card"]
    page.keyboard.press("Enter")
    page.wait_for_function("window.sent.length > 0")
    assert page.evaluate("window.sent") == [
        {"type": "play", "card": cards[target]["card"], "seq": scenes[name]["state"]["seq"]}]


@pytest.mark.browser
def test_after_a_card_played_by_keyboard_the_focus_stays_in_the_hand(harness, open_board):
    _base, scenes = harness
    name = mixed_scene(scenes)
    cards = hand_of(scenes, name)
    target = max(i for i, c in enumerate(cards) if c.get("legal"))
    page = open_board(name)  # the page answers a play with the next state, as the kernel does
    page.locator(".cg-hand .cg-card").nth(target).focus()
    page.keyboard.press("Enter")
    page.locator(f'.cg-trick .cg-card[data-card="{cards[target]["card"]}"]').wait_for()
    left = [c["card"] for i, c in enumerate(cards) if i != target]
    # the focus goes back to the hand in the frame that shows the new state
    page.wait_for_function("() => document.activeElement.closest('.cg-hand')")
    focused = page.evaluate("document.activeElement.closest('.cg-hand') && "
                            "document.activeElement.dataset.card")
    assert focused == left[min(target, len(left) - 1)]


@pytest.mark.browser
def test_buttons_and_named_actions_send_their_messages(harness, open_board):
    page = open_board("quinto-4-doubling", query="&still")
    page.locator(".cg-action").first.click()
    page.locator(".cg-next").click()
    page.locator('.cg-button[data-name="undo"]').click()
    page.locator('.cg-button[data-name="redo"]').click(force=True)  # disabled: sends nothing
    assert page.evaluate("window.sent") == [
        {"type": "action", "id": 0, "seq": 1},
        {"type": "button", "name": "next", "seq": 1},
        {"type": "button", "name": "undo", "seq": 1}]
    assert page.locator(".cg-fullscreen").is_visible()


@pytest.mark.browser
def test_a_face_down_card_carries_no_card(harness, open_board):
    page = open_board("pip_pip-12")
    backs = page.locator(".cg-seat .cg-card.cg-back")
    assert backs.count() > 30
    assert page.locator(".cg-card.cg-back[data-card]").count() == 0
    hidden = page.evaluate("""() => [...document.querySelectorAll('.cg-seat:not(.cg-you)')]
        .map(s => s.innerHTML).join('')""")
    assert "cg-face-" not in hidden and "data-card" not in hidden
    # every back shows the one picture of a back: none is the picture of its face
    pictures = page.evaluate("""() => [...document.querySelectorAll('.cg-card.cg-back image')]
        .map(i => i.getAttribute('href'))""")
    assert len(set(pictures)) == 1 and pictures[0].startswith("blob:")


@pytest.mark.browser
@pytest.mark.parametrize("scene", ["yukon-4", "pip_pip-12", "guinote-2"])
def test_the_table_alone_fills_1920_by_1080(harness, open_board, scene):
    page = open_board(scene, 1920, 1080, query="&fill=1")
    sizes = page.evaluate("""() => {
        const table = document.querySelector('.cg-table');
        const r = table.getBoundingClientRect();
        const cards = [...table.querySelectorAll('.cg-card')].filter(c => c.offsetParent)
            .map(c => c.getBoundingClientRect());
        const texts = [];
        const walk = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
        while (walk.nextNode()) {
            const node = walk.currentNode, el = node.parentElement;
            if (!node.textContent.trim() || !el.offsetParent || el.closest('.cg-sprite')) continue;
            texts.push([node.textContent.trim(), parseFloat(getComputedStyle(el).fontSize)]);
        }
        const seats = [...table.querySelectorAll('.cg-seat')].map(s => s.getBoundingClientRect());
        const inside = (b) => b.left >= 0 && b.top >= 0 && b.right <= innerWidth && b.bottom <= innerHeight;
        const html = document.documentElement;
        return {table: [r.left, r.top, r.width, r.height],
                bars: [innerWidth - html.clientWidth, innerHeight - html.clientHeight,
                       table.scrollHeight - table.clientHeight, table.scrollWidth - table.clientWidth],
                narrowest: Math.min(...cards.map(c => c.width)),
                cardsOff: cards.filter(c => !inside(c)).length,
                seatsOff: seats.filter(s => !inside(s)).length,
                smallText: texts.filter(t => t[1] < 18)};
    }""")
    assert sizes["table"] == [0, 0, 1920, 1080]
    assert sizes["bars"] == [0, 0, 0, 0]  # no scroll bar, nothing cut off at the bottom
    assert sizes["narrowest"] >= 70
    assert sizes["cardsOff"] == 0 and sizes["seatsOff"] == 0
    assert sizes["smallText"] == []


@pytest.mark.browser
def test_on_a_phone_a_full_trick_stays_clear_of_seats_holding_many_cards(harness, open_board):
    """390 px wide, four seats: the side seats' fans of six backs leave the trick little room;
    its three cards overlap each other more, not the seats."""
    _base, scenes = harness
    state = scenes["guinote-4"]["state"]
    assert len(state["trick"]["plays"]) == 3
    fat = {**state, "seq": state["seq"] + 1, "seats": [
        seat if seat["seat"] == state["hand_seat"] else {**seat, "cards": [{"back": True}] * 6}
        for seat in state["seats"]]}
    page = open_board("guinote-4", 390, 844, has_touch=True, is_mobile=True)
    page.evaluate("s => window.model.set('state', s)", fat)
    page.wait_for_timeout(100)      # the seats' new sizes are placed in the next frames
    assert_seats_and_trick_apart(page)


@pytest.mark.browser
def test_a_pupils_phone_shows_tall_seats_apart(harness, open_board):
    """A room on a 390 px phone: the seats say who plays them ("pupil", "computer") under
    "dealer", and a side seat grew up into the seat at the top. It goes down instead."""
    _base, scenes = harness
    state = scenes["yukon-4"]["state"]
    me = state["hand_seat"]
    badges = {seat["seat"]: (["pupil"] if (seat["seat"] - me) % 4 == 2 else ["dealer", "computer"])
              for seat in state["seats"] if seat["seat"] != me}
    tall = {**state, "seq": state["seq"] + 1, "seats": [
        seat if seat["seat"] == me else {**seat, "badges": badges[seat["seat"]],
                                         "cards": [{"back": True}] * 5}
        for seat in state["seats"]]}
    page = open_board("yukon-4", 390, 844, has_touch=True, is_mobile=True)
    page.evaluate("s => window.model.set('state', s)", tall)
    page.wait_for_timeout(100)      # the seats' new sizes are placed in the next frames
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "room-phone-tall-seats.png"))
    assert_seats_and_trick_apart(page)


@pytest.mark.browser
def test_the_middle_of_the_cloth_keeps_its_width_whatever_the_window(harness, open_board):
    """Six seats at widths a laptop has: a seat of the top row near a corner once kept the middle
    away from the side as well as from the top, and the middle (trumps, trick, last trick)
    shrank to a sliver with its words one letter a line."""
    page = open_board("pip_pip-6", 1000, 800)
    for width in range(1000, 1500, 40):
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_timeout(50)      # the new sizes are read in the next frame
        middle, cloth = page.evaluate("""() => ['.cg-middle', '.cg-cloth'].map(
            s => document.querySelector(s).getBoundingClientRect().width)""")
        assert middle >= 0.55 * cloth, (width, middle, cloth)


@pytest.mark.browser
@pytest.mark.parametrize("scene", ["yukon-4-watch", "pip_pip-12-watch"])
def test_a_projector_with_the_hands_hidden_sits_the_bottom_seat_on_the_cloth(harness, open_board,
                                                                              scene):
    """A class's projector before the teacher shows the hands: every seat is a row of backs, so
    the bottom seat is no large row under the cloth but a seat like the others; shown face up,
    its hand is the large row again."""
    _base, scenes = harness
    state = scenes[scene]["state"]
    bottom = state["bottom"]
    hidden = {**state, "seq": state["seq"] + 1, "seats": [
        {**seat, "cards": [{"back": True} for _ in seat["cards"]]} for seat in state["seats"]]}
    page = open_board(scene, 1920, 1080)
    where = """bottom => {
        const seat = document.querySelector(`.cg-seat[data-seat="${bottom}"]`);
        return {onCloth: !!seat.closest('.cg-cloth'), rowBelow: !document.querySelector('.cg-mine').hidden};
    }"""
    assert page.evaluate(where, bottom) == {"onCloth": False, "rowBelow": True}
    page.evaluate("s => window.model.set('state', s)", hidden)
    assert page.evaluate(where, bottom) == {"onCloth": True, "rowBelow": False}
    assert_seats_and_trick_apart(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"projector-hidden-{scene}.png"))
    page.evaluate("s => window.model.set('state', s)", {**state, "seq": state["seq"] + 2})
    assert page.evaluate(where, bottom) == {"onCloth": False, "rowBelow": True}


@pytest.mark.browser
def test_a_new_state_is_drawn_at_once_and_keeps_its_nodes(harness, open_board):
    """The animation never delays a click: the state after a play is on the page as soon as it
    arrives (in the same task), the cards still in the hand are the same nodes showing the same
    pictures, and the played card slides in from where it was in the frame that shows it."""
    _base, scenes = harness
    name = mixed_scene(scenes)
    card, after = next(iter(scenes[name]["after"].items()))
    page = open_board(name, query="&still")
    found = page.evaluate("""async ([card, after]) => {
        const kept = [...document.querySelectorAll('.cg-hand .cg-card')]
            .filter(c => c.dataset.card !== card);
        const pictures = kept.map(c => c.querySelector('image').getAttribute('href'));
        window.model.set('state', after);
        const found = {
            inTrick: !!document.querySelector(`.cg-trick .cg-card[data-card="${card}"]`),
            keptNodes: kept.every(c => c.isConnected),
            samePictures: kept.every((c, i) => c.querySelector('image').getAttribute('href')
                                               === pictures[i])};
        await new Promise(r => requestAnimationFrame(r));   // the frame that shows it
        // the card slides in from where it was (FLIP), drawn in its place already
        found.animating = document.querySelector(`.cg-trick .cg-card[data-card="${card}"]`)
            .getAnimations().length > 0;
        return found;
    }""", [card, after])
    assert found == {"inTrick": True, "keptNodes": True, "samePictures": True,
                     "animating": True}


@pytest.mark.browser
def test_on_a_projector_the_trumps_sentence_is_not_a_narrow_column(harness, open_board):
    """Pip-Pip! at 1920x1080, the table alone: "hearts (Eve, on the dealer's right, cut the 2H)"
    beside the cut card takes the centre's width (it stood in one of two columns, five lines
    of two words on the class's screen)."""
    _base, scenes = harness
    page = open_board("pip_pip-6", width=1920, height=1080, query="&still&fill=1")
    state = scenes["pip_pip-6"]["state"]
    centre = [dict(item, card="2H") if item["label"].startswith("Trumps") else item
              for item in state["centre"]]
    assert any(item.get("card") for item in centre) and len(centre) >= 2
    page.evaluate("s => window.model.set('state', s)",
                  {**state, "seq": state["seq"] + 1, "fill": True, "centre": centre})
    lines = page.evaluate("""() => {
        const value = [...document.querySelectorAll('.cg-centre-item')]
            .find(n => n.querySelector('.cg-centre-card .cg-card'))
            .querySelector('.cg-centre-value');
        return value.getBoundingClientRect().height
               / parseFloat(getComputedStyle(value).lineHeight);
    }""")
    assert lines <= 2.2, lines


@pytest.mark.browser
@pytest.mark.parametrize("scene, width, height, fill", [
    ("pip_pip-6", 1920, 1080, True), ("quinto-4", 1280, 800, False),
    ("pippins_aplenty-4", 1280, 800, False)])
def test_the_trick_lies_in_the_middle_of_the_cloth(open_board, scene, width, height, fill):
    """Issue 19: "the trick in the middle, each card laid at its player's side". The centre's
    words (trumps, stock, reaches) on the trick's left were wider than the last trick on its
    right, and the three were centred as a group: Pip-Pip!'s trick lay some 180 px right of the
    cloth's middle on a projector, off the line of the seat facing the user. Now the trick is
    in the middle, and the centre's words still all show."""
    page = open_board(scene, width=width, height=height,
                      query="&still" + ("&fill=1" if fill else ""))
    page.wait_for_timeout(100)
    seen = page.evaluate("""() => {
        const middle = (n) => {
            const r = n.getBoundingClientRect(); return (r.left + r.right) / 2; };
        const centre = document.querySelector('.cg-centre');
        return { cloth: middle(document.querySelector('.cg-cloth')),
                 trick: middle(document.querySelector('.cg-trick')),
                 words: centre.innerText.trim().length,
                 cut: centre.scrollHeight - centre.clientHeight,
                 last: !document.querySelector('.cg-last-trick').hidden }; }""")
    assert abs(seen["trick"] - seen["cloth"]) <= 4, seen
    assert seen["words"] and seen["cut"] <= 1 and seen["last"], seen


# The lines of an element's text as the browser has drawn them, top to bottom.
LINES_AS_DRAWN = """(selector) => {
    const info = document.querySelector(selector);
    const walker = document.createTreeWalker(info, NodeFilter.SHOW_TEXT);
    const lines = new Map();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i); range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (!rect.width) continue;
        const top = Math.round(rect.top);
        lines.set(top, (lines.get(top) || '') + node.data[i]);
      }
    }
    return [...lines.entries()].sort((a, b) => a[0] - b[0]).map(e => e[1].trim());
}"""


@pytest.mark.browser
def test_on_a_phone_the_tricks_heading_breaks_between_its_two_parts(harness, open_board):
    """Pip-Pip!'s six seats on a 390 px phone leave the trick a narrow column: its heading read
    "Trick 4 · Player" then "5 is winning", or a line starting with the dot. It breaks after
    "Trick 4 ·", never inside the seat's name."""
    _base, scenes = harness
    state = scenes["pip_pip-6"]["state"]
    named = {**state, "seq": state["seq"] + 1, "fill": True,       # the app's own seat names
             "seats": [{**seat, "name": f"Player {seat['seat'] + 1}"} for seat in state["seats"]]}
    page = open_board("pip_pip-6", 390, 844, query="&fill=1", has_touch=True, is_mobile=True)
    page.evaluate("s => window.model.set('state', s)", named)
    page.wait_for_timeout(100)      # the seats' new sizes are placed in the next frames
    lines = page.evaluate(LINES_AS_DRAWN, ".cg-trick-info")
    title = state["trick"]["title"]
    assert title and len(lines) >= 2, lines             # narrow enough to wrap
    assert lines[0] == f"{title} \u00b7", lines
    seat = f"Player {state['trick']['winning'] + 1}"
    assert any(seat in line for line in lines[1:]), (seat, lines)
    assert not any(line.startswith("\u00b7") for line in lines), lines


@pytest.mark.browser
@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
def test_what_the_seats_said_in_the_doubling_is_drawn_at_each_seat(open_board, width, height):
    # Quinto's doubling, South to speak after North and East passed (the session's own state):
    # each call sits at its seat under the name, and the heading says whose turn it is.
    page = open_board("session-quinto-4", width, height)
    said = page.evaluate("""() => Array.from(document.querySelectorAll('.cg-seat'), (s) => {
        const b = s.querySelector('.cg-said');
        return [s.querySelector('.cg-name').textContent,
                b && b.checkVisibility() ? b.textContent : ''];
    })""")
    assert sorted(said) == [["East", "Pass"], ["North", "Pass"], ["South", ""], ["West", ""]]
    heading = page.locator(".cg-trick-info").inner_text()
    assert heading.split() == ["Doubling", "·", "South’s", "turn"]


@pytest.mark.browser
@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
def test_with_many_seats_a_call_lies_over_its_seats_cards_and_moves_no_seat(open_board, width,
                                                                           height):
    # Pip-Pip! at twelve seats, watched: Player 6 has called "Pip-Pip! in spades" (the session's
    # own state). The call's bubble lies over the seat's cards: every seat is where it is when
    # nothing is said (a bubble under the name made the top seats taller, and at a laptop the
    # seats at the sides were pushed into each other).
    page = open_board("session-pip_pip-12-watch", width, height, query="&animate=0")
    bubble = page.locator(".cg-said:not([hidden])")
    assert bubble.count() == 1 and bubble.inner_text() == "Pip-Pip! in spades"
    seat = page.locator(".cg-seat", has=bubble)
    assert seat.locator(".cg-name").inner_text() == "Player 6"
    with_bubble = page.evaluate(BOXES, [".cg-table", ".cg-cloth .cg-seat"])
    page.evaluate("""() => { const s = structuredClone(window.model.get('state'));
        s.seats.forEach((x) => { x.said = ''; }); s.seq += 1; window.model.set('state', s); }""")
    page.wait_for_function("() => !document.querySelector('.cg-said:not([hidden])')")
    without = page.evaluate(BOXES, [".cg-table", ".cg-cloth .cg-seat"])
    assert len(with_bubble) == len(without) == 11
    for a, b in zip(with_bubble, without):
        assert max(abs(x - y) for x, y in zip(a, b)) <= 1, (a, b)


@pytest.mark.browser
@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800), (1920, 1080)])
def test_twelve_seats_watched_face_up_sit_apart_at_every_width(open_board, width, height):
    # Pip-Pip! at twelve seats, watched (issue 19: "every hand stays at its own seat, face up"):
    # the face-up fans are wider than rows of backs, and on a laptop the seats at the top
    # corners (Player 3 and Player 11) reached into the last seats of the top row. They go
    # down the side instead, and the seat below each goes down in its turn.
    page = open_board("session-pip_pip-12-watch", width, height, query="&animate=0")
    page.wait_for_timeout(100)      # the seats' sizes are placed in the next frames
    assert_seats_and_trick_apart(page, empty_trick=True)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"twelve-watched-{width}x{height}.png"))


@pytest.mark.browser
@pytest.mark.parametrize("scene", ["pippins_aplenty-4", "quinto-4-doubling"])
def test_on_a_phone_the_side_seats_sit_at_the_rim_and_leave_the_trick_its_heading(
        harness, open_board, scene):
    """Four seats on a 390 px phone: the top seat, its fan beside its words, is the widest, and
    the side seats were drawn as far in as it is wide. The middle between them was a sliver: the
    heading read "Trick 4 ·" / "West is" / "winning", and Quinto's "Doubling" ran into a seat.
    The side seats sit against the cloth's rim; the heading takes at most two lines and touches
    no seat."""
    page = open_board(scene, 390, 844, query="&still", has_touch=True, is_mobile=True)
    page.wait_for_timeout(100)
    lines = page.evaluate(LINES_AS_DRAWN, ".cg-trick-info")
    assert lines and len(lines) <= 2, lines
    boxes = page.evaluate("""() => {
        const box = (n) => { const r = n.getBoundingClientRect();
                             return [r.left, r.top, r.right, r.bottom]; };
        return { heading: box(document.querySelector('.cg-trick-info')),
                 cloth: box(document.querySelector('.cg-cloth')),
                 seats: [...document.querySelectorAll('.cg-cloth > .cg-seat')].map(box) };
    }""")
    left, top, right, bottom = boxes["heading"]
    for seat in boxes["seats"]:
        apart = seat[2] <= left or seat[0] >= right or seat[3] <= top or seat[1] >= bottom
        assert apart, (seat, boxes["heading"])
    cloth_left, _t, cloth_right, _b = boxes["cloth"]
    sides = [s for s in boxes["seats"] if s[1] < bottom and s[3] > top]   # beside the heading
    assert len(sides) == 2
    assert min(s[0] for s in sides) - cloth_left < 14 and cloth_right - max(s[2] for s in sides) < 14


@pytest.mark.browser
def test_on_a_phone_the_last_tricks_words_never_break_a_seats_name(harness, open_board):
    """The last trick sits in the strip under a phone's cloth, beside its cards: its words read
    "Last trick" / "(3): Player" / "3, 34 points" (Pip-Pip!, 390 px). They wrap between
    "Last trick (3):", "Player 3," and "34 points", never inside the seat's name."""
    _base, scenes = harness
    state = scenes["pip_pip-6"]["state"]
    assert state["last_trick"]["winner"] is not None and state["last_trick"]["points"]
    named = {**state, "seq": state["seq"] + 1, "fill": True,       # the app's own seat names
             "seats": [{**seat, "name": f"Player {seat['seat'] + 1}"} for seat in state["seats"]]}
    page = open_board("pip_pip-6", 390, 844, query="&fill=1", has_touch=True, is_mobile=True)
    page.evaluate("s => window.model.set('state', s)", named)
    page.wait_for_timeout(100)
    lines = page.evaluate(LINES_AS_DRAWN, ".cg-last-info")
    winner = f"Player {state['last_trick']['winner'] + 1}"
    assert any(winner in line for line in lines), lines
    assert not any(line.endswith("Player") for line in lines), lines
    assert lines[0].startswith("Last trick"), lines


@pytest.mark.browser
@pytest.mark.parametrize("seats, width, height, fill, winner_whole, lines", [
    (6, 1280, 800, True, True, 2), (6, 390, 844, False, False, 2),
    (6, 1920, 1080, True, True, 7),         # a projector's cloth under a long message: one row
    (12, 1920, 1080, True, True, 2), (12, 1280, 800, False, True, 2),
    (12, 390, 844, False, False, 2)])
def test_a_full_trick_of_many_seats_shows_each_cards_index_and_the_winner_whole(
        open_board, seats, width, height, fill, winner_whole, lines):
    # the deals: at six seats the winner (the top row's right-hand seat) is followed by the
    # side seat next to it, as in the tour's Pip-Pip! table; at twelve, by nine other seats
    """Pip-Pip! round six or twelve seats: every seat but the user's has played to the trick.
    Laid toward their seats in a small trick, the top row's cards and a side seat's lay nearly on
    one another: at six seats on a laptop the winning card was half under the next one, and at
    twelve the winner was three quarters covered. Now each card's corner index can be seen (a
    point of it is the card's own, not another card's), and the winning card is seen whole
    where the trick has the room (on a phone it lies on top unless it would hide an index).
    (Twelve seats on a phone's narrow trick still leave a card under another.)"""
    scene = load_preview().scene("pip_pip", seats, seed=6 if seats == 6 else 3, tricks=1,
                                 in_trick=seats - 1)
    state = {**scene["state"], "seq": scene["state"]["seq"] + 1, "fill": fill, "animate": False,
             "message": {"lines": ["A line of the message, as long as the real ones are."] * lines,
                         "error": False}}
    page = open_board(f"pip_pip-{seats}", width, height, query=f"&fill={int(fill)}")
    page.evaluate("s => window.model.set('state', s)", state)
    page.wait_for_timeout(150)      # the seats' new sizes are placed in the next frames
    seen = page.evaluate("""() => [...document.querySelectorAll('.cg-trick .cg-card')].map(card => {
        const r = card.getBoundingClientRect();
        const own = (fx, fy) => card.contains(document.elementFromPoint(
            r.left + r.width * fx, r.top + r.height * fy));
        return {card: card.dataset.card, winning: card.classList.contains('cg-winning'),
                index: own(0.13, 0.08) && own(0.13, 0.2),
                whole: [[.1, .1], [.9, .1], [.5, .5], [.1, .9], [.9, .9]].every(([x, y]) => own(x, y))};
    })""")
    assert len(seen) == seats - 1, seen
    assert [c["card"] for c in seen if not c["index"]] == [], seen
    winners = [c for c in seen if c["winning"]]
    assert len(winners) == 1 and winners[0]["index"], seen
    assert winners[0]["whole"] or not winner_whole, seen
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"board-trick-{seats}-seats-{width}x{height}-{lines}.png"))


@pytest.mark.browser
@pytest.mark.parametrize("scene, width, height, fill", [
    ("quinto-4", 1920, 1080, True), ("quinto-4", 1280, 800, False),
    ("yukon-4", 390, 844, False)])
def test_the_card_that_took_the_last_trick_is_seen_whole(open_board, scene, width, height, fill):
    """Issue 19: "the last trick and who took it". Its cards overlap in play order, so the card
    that took it lay under the ones played after it (Quinto's East won with the second card of
    four: a projector showed its corner only). The card after it keeps clear of it now; every
    card keeps its corner in sight. (Seven seats and more keep the close row: the trick and
    the seats need the room.)"""
    page = open_board(scene, width=width, height=height,
                      query="&still" + ("&fill=1" if fill else ""))
    page.wait_for_timeout(100)
    seen = page.evaluate("""() => [...document.querySelectorAll('.cg-last-cards .cg-card')]
        .map((card, i, all) => {
            const r = card.getBoundingClientRect();
            const own = (fx, fy) => card.contains(document.elementFromPoint(
                r.left + r.width * fx, r.top + r.height * fy));
            return {winning: card.classList.contains('cg-winning'), last: i === all.length - 1,
                    index: own(0.1, 0.1),
                    whole: [[.1, .1], [.9, .1], [.5, .5], [.1, .9], [.9, .9]]
                        .every(([x, y]) => own(x, y))}; })""")
    (winner,) = [c for c in seen if c["winning"]]
    assert not winner["last"], seen          # the scene's winner was played before the last card
    assert winner["whole"] and all(c["index"] for c in seen), seen


@pytest.mark.browser
def test_a_table_drawn_again_unchanged_measures_nothing(harness, open_board):
    """Python's state after a refused click says the same as before: the board reads no size
    (each read makes the browser lay the page out before the frame; the board kept rewriting
    the middle's insets as "218.0px", read back as "218px", and read the trick's size again
    at every redraw)."""
    page = open_board("yukon-4", query="&still")
    page.wait_for_timeout(300)        # the seats' sizes measured, the board laid out
    reads = page.evaluate("""async () => {
        const reads = [];
        const spy = (proto, name) => {
            const own = Object.getOwnPropertyDescriptor(proto, name);
            const wrap = own.get
                ? {get() { reads.push(name + ' ' + this.className); return own.get.call(this); }}
                : {value(...a) { reads.push(name + ' ' + this.className);
                                 return own.value.apply(this, a); }};
            Object.defineProperty(proto, name, {...own, ...wrap});
            return () => Object.defineProperty(proto, name, own);
        };
        const undo = [spy(Element.prototype, 'clientWidth'), spy(Element.prototype, 'clientHeight'),
                      spy(HTMLElement.prototype, 'offsetWidth'),
                      spy(HTMLElement.prototype, 'offsetHeight'),
                      spy(Element.prototype, 'getBoundingClientRect')];
        const same = structuredClone(window.model.get('state'));
        same.seq += 1;
        window.model.set('state', same);
        await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
        undo.forEach(f => f());
        return reads;
    }""")
    assert reads == []


@pytest.mark.browser
def test_the_boards_of_a_page_make_each_face_once(harness, open_board):
    """A page holds several boards (an explainer's hand, its match and a class's room): each
    board's model loads board.js afresh, as anywidget does from a blob: URL of its own. The
    sprite is read and a face made once for the page, not once per board."""
    page = open_board("yukon-4", query="&still")
    card = page.locator(".cg-hand .cg-card[data-card]").first.get_attribute("data-card")
    hrefs = page.evaluate("""async (card) => {
        const again = (await import('./board.js?another-model')).default;
        const el = document.createElement('div');
        document.body.appendChild(el);
        again.render({ model: window.model, el });
        await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
        return Array.from(document.querySelectorAll(`.cg-hand .cg-card[data-card="${card}"] image`),
                          (image) => image.getAttribute('href'));
    }""", card)
    assert len(hrefs) == 2 and hrefs[0].startswith("blob:")
    assert hrefs[0] == hrefs[1]


@pytest.mark.browser
@pytest.mark.parametrize("how", [{"reduced_motion": "reduce"}, {"query": "&animate=0"}])
def test_no_animation_under_reduced_motion_or_when_switched_off(harness, open_board, how):
    _base, scenes = harness
    name = mixed_scene(scenes)
    card, after = next(iter(scenes[name]["after"].items()))
    options = dict(how)
    query = "&still" + options.pop("query", "")
    page = open_board(name, query=query, **options)
    animating = page.evaluate("""async (after) => {
        window.model.set('state', Object.assign(after, {animate: window.model.get('state').animate}));
        await new Promise(r => requestAnimationFrame(r));   // where the animations would start
        return document.getAnimations().length;
    }""", after)
    assert animating == 0


# --------------------------------------------------------------------------------------------
# Every trick and every hand is a lesson (issue 41): the finished trick, the hand's end, the
# review, as the session draws them (the preview's lesson- scenes)

LESSON_SIZES = [(390, 844), (1280, 800), (1920, 1080)]


def boxes_apart(a, b) -> bool:
    return (a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
            or a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5)


@pytest.mark.browser
@pytest.mark.parametrize("width, height", LESSON_SIZES)
def test_a_finished_trick_lies_on_the_cloth_with_its_winner_until_a_tap(harness, open_board,
                                                                        width, height):
    _base, scenes = harness
    state = scenes["lesson-yukon-4-held"]["state"]
    trick = state["trick"]
    winner = next(p["card"] for p in trick["plays"] if p["seat"] == trick["winner"])
    page = open_board("lesson-yukon-4-held", width, height, query="&still")
    done = page.locator('.cg-table .cg-trick[data-complete="true"]')
    assert done.locator(".cg-card").count() == len(trick["plays"]) == 4
    assert done.locator(".cg-card.cg-winner").count() == 1
    assert done.locator(".cg-card.cg-winner").get_attribute("data-card") == winner
    words = page.locator(".cg-trick-words")
    assert words.is_visible() and words.inner_text() == trick["words"]
    assert "Tap the cloth" in page.locator(".cg-trick-go").inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"board-trick-held-{width}x{height}.png"), full_page=True)
    # a tap on the cloth, away from the seats and the cards: the board goes on, once
    box = page.locator(".cg-cloth").bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.5, box["y"] + box["height"] - 14)
    page.mouse.click(box["x"] + box["width"] * 0.5, box["y"] + box["height"] - 14)
    assert page.evaluate("window.sent") == [{"type": "button", "name": "continue", "seq": 1}]


@pytest.mark.browser
def test_a_key_or_the_pause_puts_the_finished_trick_away(harness, open_board):
    page = open_board("lesson-pip_pip-6-held", query="&still")
    page.keyboard.press("Enter")
    assert page.evaluate("window.sent") == [{"type": "button", "name": "continue", "seq": 1}]
    # the pace "pause 2 s": the board sends the same message by itself when the pause is over
    page = open_board("lesson-guinote-4-held", query="&still")
    change_state(page, pause_ms=300, seq=2)
    assert page.evaluate("window.sent") == []
    page.wait_for_function("window.sent.length === 1", timeout=3000)
    assert page.evaluate("window.sent") == [{"type": "button", "name": "continue", "seq": 2}]


@pytest.mark.browser
@pytest.mark.parametrize("width, height", LESSON_SIZES)
def test_the_end_of_the_hand_names_the_winner_and_hides_no_seats_points(harness, open_board,
                                                                        width, height):
    _base, scenes = harness
    for name in ("lesson-yukon-4-over", "lesson-pip_pip-5-over", "lesson-yukon-4-match-hand"):
        over = scenes[name]["state"]["hand_over"]
        page = open_board(name, width, height, query="&still")
        panel = page.locator(".cg-table .cg-hand-over")
        assert panel.is_visible()
        text = panel.inner_text()
        assert over["title"] in text.replace("\n", " ")
        assert all(line in text for line in over["match"])
        panel.screenshot(path=str(SHOTS / f"board-hand-over-{name}-{width}x{height}.png"))
        # every seat's points in sight: no badge and no panel over them
        assert page.locator(".cg-count:visible").count() == 0
        panel_box = panel.bounding_box()
        for points in page.locator(".cg-seat .cg-points").all():
            assert points.is_visible()
            assert boxes_apart(points.bounding_box(), panel_box), (name, points.inner_text())
        for button in ("deal_again", "same_cards", "next_hand", "review"):
            shown = page.locator(f'.cg-button[data-name="{button}"]').is_visible()
            assert shown == (button in scenes[name]["state"]["buttons"]), (name, button)
        page.screenshot(path=str(SHOTS / f"board-{name}-{width}x{height}.png"), full_page=True)


@pytest.mark.browser
@pytest.mark.parametrize("width, height", LESSON_SIZES)
def test_the_review_strip_steps_by_click_and_by_the_arrow_keys(harness, open_board, width,
                                                               height):
    _base, scenes = harness
    review = scenes["lesson-yukon-4-review"]["state"]["review"]
    page = open_board("lesson-yukon-4-review", width, height, query="&still")
    steps = page.locator(".cg-review .cg-review-step[data-step]")
    assert steps.count() == len(review["steps"]) + 1            # and the end of the hand
    marked = [str(s["step"]) for s in review["steps"] if s["mark"]]
    assert [n.get_attribute("data-step") for n in page.locator(".cg-review-mark").all()] == marked
    assert page.locator(".cg-review-at").get_attribute("data-step") == "5"
    page.screenshot(path=str(SHOTS / f"board-review-{width}x{height}.png"), full_page=True)
    page.locator('.cg-review-step[data-step="3"]').click()
    page.locator("body").click(position={"x": 2, "y": 2})      # the focus off the strip
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("window.sent") == [{"type": "step", "step": 3, "seq": 1},
                                            {"type": "step", "step": 6, "seq": 1},
                                            {"type": "step", "step": 4, "seq": 1}]


@pytest.mark.browser
@pytest.mark.parametrize("width, height", [(1920, 1080), (390, 844)])
def test_a_projectors_message_line_shows_its_last_sentences_whole(open_board, width, height):
    """On a projector (the board filling the window) a finished trick's story ran to seven lines
    and squeezed the cloth: the message line keeps to four lines, scrolled to its end, and its
    first line shown is the start of a sentence (a paragraph cut in its middle read as a
    sentence without its beginning): on a phone's width the line grows to the trick's whole
    sentence. The earlier lines are a scroll above."""
    page = open_board("pip_pip-6", width=width, height=height, query="&still&fill=1")
    story = ["Player 2 plays 3♠.", "Player 3 plays 8♠.", "Player 4 plays J♠.",
             "Player 5 plays 6♠.", "Player 6 plays 7♠.",
             "Trick 1: Player 2 wins with 7♣: 7♣ is the highest trump (clubs are trumps), and a "
             "trump beats the spades led. It earns 3 points (J♠ 3).",
             "Tap the cloth (or press a key) to go on."]
    change_state(page, seq=99, message={"lines": story, "error": False})
    page.wait_for_timeout(200)
    seen = page.evaluate("""() => {
        const box = document.querySelector('.cg-message .cg-lines');
        const shown = box.getBoundingClientRect();
        const whole = [...box.children].filter((p) => {
            const r = p.getBoundingClientRect();
            return r.top >= shown.top - 1 && r.bottom <= shown.bottom + 1; });
        const cut = [...box.children].filter((p) => {
            const r = p.getBoundingClientRect();
            return r.top < shown.top - 1 && r.bottom > shown.top + 1; });
        const line = parseFloat(getComputedStyle(box).lineHeight);
        return {lines: Math.round(shown.height / line), scrolled: box.scrollTop > 0,
                whole: whole.map((p) => p.textContent), cut: cut.length}; }""")
    assert seen["scrolled"] and seen["cut"] == 0, seen   # no sentence without its beginning
    assert seen["whole"][-2:] == story[-2:], seen            # the trick's winner, and what next
    if width > 1000:
        assert seen["lines"] <= 4, seen             # four lines on a projector's width
    # the same board no longer filling the window shows every line, none cut or spilled
    change_state(page, seq=100, fill=False)
    page.wait_for_timeout(200)
    box = page.evaluate("""() => { const box = document.querySelector('.cg-message .cg-lines');
        return {limit: box.style.maxHeight, hidden: box.scrollHeight - box.clientHeight}; }""")
    assert box == {"limit": "", "hidden": 0}


@pytest.mark.browser
@pytest.mark.parametrize("width, height", [(1920, 1080), (1280, 800)])
def test_a_projectors_cloth_keeps_its_size_whatever_the_message_says(open_board, width, height):
    """On a projector the cloth takes what the rows under it leave. A message of one line ("Your
    turn") and the next of four (a trick's story) made it grow and shrink at every card, the
    seats and the trick moving with it: the message line keeps four lines' room."""
    page = open_board("pip_pip-6", width=width, height=height, query="&still&fill=1")

    def cloth_after(seq, lines):
        change_state(page, seq=seq, message={"lines": lines, "error": False})
        page.wait_for_timeout(150)
        return page.evaluate("""() => { const r = document.querySelector('.cg-cloth')
            .getBoundingClientRect(); return [Math.round(r.top), Math.round(r.height)]; }""")

    short = cloth_after(50, ["Your turn: play a card."])
    story = cloth_after(51, ["Player 5 plays 6♠.", "Player 6 plays 7♠.",
                             "Trick 1: Player 2 wins with 7♣. It earns 3 points (J♠ 3).",
                             "Tap the cloth (or press a key) to go on."])
    again = cloth_after(52, ["Your turn: play a card."])
    assert short == story == again
