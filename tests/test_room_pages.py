"""The pupils' pages at a room, headless (issue 24): ``RoomSession`` (what a page shows and does)
and ``RoomPage`` (its board and poll loop), driven as the browser drives them, with the board's
messages. The browser stories are in tests/test_rooms_browser.py."""

from __future__ import annotations

import re

import pytest

import cardgames as cg
from cardgames.rooms import RoomTable, Teacher, new_holder
from cardgames.rooms.page_session import RoomSession
from cardgames.rooms.sqlite_store import SQLiteStore
from cardgames.widgets.room_page import RoomPage


@pytest.fixture
def store(tmp_path):
    made = SQLiteStore(tmp_path / "rooms.sqlite3")
    yield made
    made.close()


def pupil(store, room: str, seat, **settings) -> RoomPage:
    """A pupil's page: opened from its link, then given its browser's token by the board."""
    session = RoomSession.open(room, seat, store=store, **settings)
    return RoomPage(session)


def send_token(page: RoomPage, token: str | None = None) -> str:
    token = token or new_holder()
    assert page.board.state["room"]["ask_holder"]
    page.board.receive({"type": "holder", "token": token, "seq": page.board.state["seq"]})
    return token


def click(page: RoomPage, card: str, seq: int | None = None) -> None:
    page.board.receive({"type": "play", "card": card, "seq": page._seq if seq is None else seq})


def lines(page: RoomPage) -> str:
    return " ".join(page.board.state["message"]["lines"])


def test_a_page_shows_the_room_face_down_until_its_browser_gives_the_token(store):
    page = pupil(store, "maths-4b", 0, game="yukon", seed=7)
    state = page.board.state
    assert state["room"] == {"name": "maths-4b", "ask_holder": True}
    assert all(c == {"back": True} for s in state["seats"] for c in s["cards"])
    send_token(page)
    state = page.board.state
    assert "You are North" in state["caption"] and not state["room"]["ask_holder"]
    north = {str(c) for c in cg.deal("yukon", seed=7).hands[0]}
    assert {c["card"] for c in state["seats"][0]["cards"]} == north
    # Undo, redo, stepping are the teacher's: the page shows Hint only
    assert list(state["buttons"]) == ["hint"]
    page.board.receive({"type": "button", "name": "undo", "seq": page._seq})
    assert "teacher's" in lines(page) and page.session.count == 0


def test_a_crafted_holder_message_is_refused_and_changes_nothing(store):
    page = pupil(store, "crafted", 0, game="yukon", seed=1)
    before = page.board.state
    for token in ("short", "x" * 65, "has space!", 12345678, None):
        assert page.board.receive({"type": "holder", "token": token, "seq": page._seq}) is None
        assert "is not a page's token" in page.board.last_refusal
    assert page.board.state == before and page.session.table.seat is None


def test_two_pupils_play_and_a_card_reaches_the_other_page_at_its_next_poll(store):
    north = pupil(store, "pair", 0, game="yukon", seed=7)
    send_token(north)
    south = pupil(store, "pair", 2, game="yukon")
    send_token(south)
    led = next(c["card"] for c in north.board.state["seats"][0]["cards"] if c["legal"])
    click(north, led)
    assert north.session.count == 1
    for _ in range(4):               # East is the computer: North's kernel, the first present
        north.tick()
        south.tick()
    plays = [p["card"] for p in south.board.state["trick"]["plays"]]
    assert plays[0] == led and len(plays) == 2          # North's card, East's answer
    assert south.board.state["seats"][2]["clickable"]
    # South's page never names North's cards
    hidden = {str(c) for c in north.session.hand.hands[0]}
    assert not hidden & {c.get("card") for s in south.board.state["seats"] for c in s["cards"]}


def test_out_of_turn_a_tap_says_whose_turn_and_a_crafted_play_changes_nothing(store):
    north = RoomTable(store)
    north.join("turns", 0, new_holder(), game="yukon", seed=3)
    south = pupil(store, "turns", 2)
    send_token(south)
    # The board refuses the tap at once with the card's `why`: whose turn it is
    mine = south.board.state["seats"][2]
    assert mine["clickable"] and all(not c["legal"] for c in mine["cards"])
    assert mine["cards"][0]["why"] == "it is North's turn, not yours"
    # A play message crafted in the browser reaches the room and is refused there
    click(south, mine["cards"][0]["card"])
    assert "It is North's turn, not yours (South): nothing changed" in lines(south)
    assert south.board.state["message"]["error"] and north.count == 0 and south.session.count == 0


def test_of_two_plays_racing_for_one_turn_one_wins_and_the_other_is_told(store):
    # North's pupil thinks for longer than the room's timeout: South's kernel lets the computer
    # play North's card; North's click, aimed at the board as it was, reaches the room second.
    clock = [1000.0]
    store.clock = lambda: clock[0]
    Teacher(store).open_rooms(1, "yukon", prefix="race", seed=5, timeout=30)
    north = pupil(store, "race-1", 0)
    send_token(north)
    south = pupil(store, "race-1", 2)
    send_token(south)
    card = next(c["card"] for c in north.board.state["seats"][0]["cards"] if c["legal"])
    clock[0] += 31
    south.tick()
    assert south.session.count == 1                    # the computer's card for North won
    click(north, card)                                 # North's page had not polled yet
    assert "The table moved on before your click (North played" in lines(north)
    assert "nothing of yours was played" in lines(north)
    assert north.session.count == 1 and north.board.state["message"]["error"]


def test_a_second_page_of_the_same_pupil_takes_the_seat_and_the_first_is_told(store):
    first = pupil(store, "twice", 0, game="yukon", seed=5)
    token = send_token(first)
    second = pupil(store, "twice", 0)
    send_token(second, token)
    assert "your other page there is told" in lines(second)
    first.tick()
    assert "taken over by another page of yours" in lines(first)
    assert not first.session.holds_seat() and "You are North" not in first.board.state["caption"]
    card = next(c["card"] for c in second.board.state["seats"][0]["cards"] if c["legal"])
    click(first, card)                                 # the first page plays nothing now
    assert first.session.count == 0
    click(second, card)
    assert second.session.count == 1


def test_a_seat_held_by_another_pupil_is_refused_saying_by_whom(store):
    ann = pupil(store, "held", 1, game="yukon", seed=2, pupil="Ann")
    send_token(ann)
    bob = pupil(store, "held", 1)
    send_token(bob)
    assert "East is taken by Ann; free seats: North, South, West" in lines(bob)
    assert bob.board.state["message"]["error"]
    assert all(c == {"back": True} for s in bob.board.state["seats"] for c in s["cards"])
    # The teacher opens the hands for the projector: a pupil's page still shows them face down
    Teacher(store).open_hands("held")
    bob.tick()
    assert all(c == {"back": True} for s in bob.board.state["seats"] for c in s["cards"])


def test_a_pupil_who_leaves_is_replaced_by_the_computer_and_takes_the_seat_back(store):
    clock = [1000.0]
    store.clock = lambda: clock[0]
    Teacher(store).open_rooms(1, "yukon", prefix="away", seed=4, timeout=30)
    north = pupil(store, "away-1", 0)
    token = send_token(north)
    south = pupil(store, "away-1", 2)
    send_token(south)
    assert north.session.hand.to_move == 0
    clock[0] += 31                     # North's page is gone: no sign of life for 31 s
    south.session.table.poll()
    for _ in range(5):
        south.tick()
    assert south.session.count >= 1 and "away" not in lines(south)
    assert south.session.hand.history[0][0] == 0       # the computer played North's card
    back = pupil(store, "away-1", 0)                    # North reloads: the same token
    send_token(back, token)
    assert "You are North" in back.board.state["caption"]


def test_a_closed_page_whose_kernel_runs_on_lets_the_computer_take_the_seat(store):
    # A pupil's browser sends its token every 10 s; a kernel that stops hearing it (the page was
    # closed, the kernel is not shut down yet) stops saying the pupil is there.
    clock = [1000.0]
    store.clock = lambda: clock[0]
    Teacher(store).open_rooms(1, "yukon", prefix="quiet", seed=4, timeout=30)
    north = RoomPage(RoomSession.open("quiet-1", 0, store=store, clock=lambda: clock[0]))
    token = send_token(north)
    south = RoomPage(RoomSession.open("quiet-1", 2, store=store, clock=lambda: clock[0]))
    send_token(south)
    for _ in range(6):               # a minute: North's browser says it is there every 10 s
        clock[0] += 10
        north.board.receive({"type": "holder", "token": token, "seq": north._seq})
        north.tick()
        south.tick()
    assert south.session.count == 0                    # North's turn, North's to play
    for _ in range(7):               # North's page is closed: its kernel runs on, quiet
        clock[0] += 10
        north.tick()
        south.tick()
    assert south.session.count >= 1 and south.session.hand.history[0][0] == 0


def test_the_projector_sees_the_hands_only_when_the_teacher_opens_them(store):
    pupil_page = pupil(store, "shown", 0, game="yukon", seed=9)
    send_token(pupil_page)
    projector = RoomPage(RoomSession.open("shown", "watch", store=store))
    assert "the projector" in projector.board.state["caption"]
    assert "room" in projector.board.state and not projector.board.state["room"]["ask_holder"]
    assert all(c == {"back": True} for s in projector.board.state["seats"] for c in s["cards"])
    assert projector.board.state["buttons"] == {}           # no Hint on the projector either
    Teacher(store).open_hands("shown")
    projector.tick()
    assert all("card" in c for s in projector.board.state["seats"] for c in s["cards"])
    assert not any(s["clickable"] for s in projector.board.state["seats"])


def test_a_closed_room_says_so_and_the_loop_stops(store):
    page = pupil(store, "closing", 0, game="yukon", seed=1)
    send_token(page)
    Teacher(store).close("closing")
    assert page.tick()
    assert "closed by the teacher" in lines(page) and page.session.closed


def test_a_page_opened_late_has_the_score_sheet_and_the_whole_story_of_the_hand(store):
    # As at a table alone, under the board: the Score sheet and the Story of the hand. A page
    # opened (or reloaded) after the first trick tells the hand from its first action, naming
    # only the discards its own seat made until they are turned up (Pippins Aplenty, "The
    # discard": each player "selects one card and places it face-down in front of them. Once
    # each player has done so, the four cards are turned face-up for all to see").
    north = pupil(store, "story", 0, game="pippins_aplenty", seed=5)
    send_token(north)
    for _ in range(60):
        if north.session.hand.to_move == 0:
            click(north, str(north.session.hand.legal_actions()[0]))
        north.tick()
        if north.session.hand.tricks:
            break
    hand = north.session.hand
    assert len(hand.tricks) == 1
    south = pupil(store, "story", 2)
    send_token(south)
    assert south.story.value == "" and south.score.value == ""     # closed: nothing drawn
    south.panels.selected_index = 1
    story = south.story.value
    discards = dict(hand.history[:4])
    assert story.startswith("<p>North discards a card face down</p>")
    assert f"South discards {discards[2].label}" in story
    assert "East discards a card face down" in story and "West discards a card face down" in story
    assert "Discards now: " + " ".join(c.label for c in discards.values()) in story   # turned up
    assert f"North plays {hand.history[4][1].label}" in story and "Trick 1: " in story
    # open, it follows the room: the next card is in it at the next poll
    before = story.count("<p>")
    for _ in range(20):
        if north.session.hand.to_move == 0:
            click(north, str(north.session.hand.legal_actions()[0]))
        north.tick()
        south.tick()
        if south.story.value.count("<p>") > before:
            break
    assert south.story.value.count("<p>") > before
    south.panels.selected_index = 0
    sheet = south.score.value
    names = ["North", "East", "South", "West"]
    trick = ", ".join(f"{names[seat]} {card.label}" for seat, card in hand.tricks[0].cards)
    assert "<b>This hand</b>" in sheet and trick in re.sub(r"<[^>]+>", "", sheet)   # as read


def test_the_room_session_imports_no_widget():
    # What a page shows is decided without widgets (the widget only draws it)
    import subprocess
    import sys

    code = ("import sys, cardgames.rooms.page_session; "
            "print(sorted(m for m in ('ipywidgets', 'anywidget', 'traitlets') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
