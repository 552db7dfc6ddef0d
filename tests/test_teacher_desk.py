"""The teacher's page without its widgets (issue 40: the teacher's actions out of
``TeacherPanel``): ``cardgames.rooms.teacher_desk.TeacherDesk``.

Each story is a teacher at the desk: the form's values as typed, the room chosen, the buttons'
actions as calls; what must be seen is the message line's words and the list's rows. The pupils
are ``RoomTable`` kernels on the same SQLite file. No widget is made here; the page that draws
the desk is tested in ``tests/test_teacher_panel.py``.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardgames.rooms import RoomTable, Teacher, new_holder
from cardgames.rooms.sqlite_store import SQLiteStore
from cardgames.rooms.teacher_desk import (
    CONFIRM_WITHIN, LOCKED, WAITING_NOTE, TeacherDesk, apps_address, game_choices,
)

BASE = "http://school:8866/voila/render"
ROOT = "http://school:8866"            # the rooms' pages are on the apps' server


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture
def place(tmp_path):
    """The rooms' file; ``place()`` opens another connection to it (another kernel)."""
    path = tmp_path / "rooms.sqlite3"
    stores = []

    def open_one(**settings):
        stores.append(SQLiteStore(path, **settings))
        return stores[-1]
    yield open_one
    for store in stores:
        store.close()


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def desk(place, clock):
    return TeacherDesk(Teacher(place(clock=clock)), base_url=BASE, clock=clock)


def pupil_at(place, clock, room: str, seat: int, name: str | None = None) -> RoomTable:
    """A pupil's kernel that takes ``seat`` in ``room``."""
    table = RoomTable(place(clock=clock))
    table.join(room, seat, new_holder(), pupil=name)
    return table


def test_a_class_gets_three_rooms_from_a_typed_prefix_and_seed(desk, place, clock):
    # Issue 24: "open N rooms at once (links to hand out, and a printable sheet of them)".
    opened = desk.open_rooms("yukon", count=" 3 ", prefix="Class-4B", seed="40")
    assert desk.message == ("Opened 3 rooms of Yukon: class-4b-1, class-4b-2, class-4b-3. "
                            "Their links are at the bottom of the page.")
    assert not desk.error
    assert [room.name for room in opened] == ["class-4b-1", "class-4b-2", "class-4b-3"]
    assert opened == desk.opened
    # Each seat's link and the projector's are on the apps' server, with the seat's short code.
    first = desk.teacher.links("class-4b-1", ROOT)
    assert opened[0].links["North"] == first.links["North"] == f"{ROOT}/join/{first.codes['North']}"
    assert opened[2].watch.startswith(f"{ROOT}/watch/")
    # The sheet to print: one slip per room, a QR code per seat.
    assert desk.sheet.count('class="cg-room-slip"') == 3
    assert desk.sheet.count('class="cg-qr"') == 3 * 4
    assert "<title>Yukon: rooms class-4b-1 to class-4b-3</title>" in desk.sheet
    # The rooms were dealt from seeds 40, 41, 42: a pupil of room 2 gets seed 41.
    assert pupil_at(place, clock, "class-4b-2", 1).hand().seed == 41
    # The list has them, the first chosen for the room's actions.
    assert [row.room for row in desk.rows()] == ["class-4b-1", "class-4b-2", "class-4b-3"]
    assert desk.selected == "class-4b-1"
    assert desk.room_choices()[0] == ("class-4b-1 (Yukon)", "class-4b-1")


def test_the_form_s_players_match_pack_computer_timeout_and_rules_reach_the_rooms(desk):
    rule = "tute_instant_win"          # a Guinote rule asked on the form
    default = game_choices("guinote")
    assert default.packs == ("french", "spanish") and 2 in default.players
    desk.open_rooms("guinote", count="1", prefix="duel", players=2, match=True, faces="spanish",
                    computer="search", timeout="120", options={rule: True})
    (room,) = desk.rooms
    assert (room["game"], room["players"], room["match"], room["computer"], room["timeout"]) == \
        ("guinote", 2, True, "search", 120.0)
    stored = desk.teacher.store.get("duel-1")
    assert stored.faces == "spanish" and stored.options.get(rule) is True
    assert desk.rows()[0].notes == ("computer: search (stronger, slower)",)


@pytest.mark.parametrize("form, says", [
    ({"count": "3x"}, "How many rooms: a whole number from 1 to 50, not '3x'."),
    ({"count": "0"}, "How many rooms: a whole number from 1 to 50, not '0'."),
    ({"prefix": "class 4b"}, "Room names start with 'class 4b': that is not allowed."),
    ({"seed": "seven"}, "Seed 'seven': a whole number from 0 to"),
    ({"seed": "999999999998"}, "the rooms take the seeds 999999999998 to 1000000000000"),
    ({"timeout": "2"}, "a number from 5 to 3600, not '2'."),
    ({"game": "bridge"}, "Unknown game 'bridge'"),
])
def test_a_bad_entry_on_the_form_is_refused_in_words_and_opens_nothing(desk, form, says):
    typed = {"game": "yukon", "count": "3", "prefix": "maths", **form}
    assert desk.open_rooms(typed.pop("game"), **typed) == []
    assert says in desk.message and desk.error
    assert desk.rooms == [] and desk.opened == [] and desk.sheet == ""
    assert list(desk.teacher.store.names()) == []


def test_a_name_already_open_is_refused_saying_which(desk):
    desk.open_rooms("yukon", count="2", prefix="maths")
    assert desk.open_rooms("yukon", count="3", prefix="maths") == []
    assert desk.message == "Room maths-1 is already open: close it, or choose another prefix."
    assert [row.room for row in desk.rows()] == ["maths-1", "maths-2"]


def test_the_rows_say_whose_turn_it_is_and_when_the_computer_waits_for_a_page(desk, place,
                                                                            clock):
    # The computer's seats are played by the room's open pages: a room opened before the
    # lesson says "North to play" and why nothing happens yet.
    desk.open_rooms("yukon", count="1", prefix="maths", seed="7")
    (row,) = desk.rows()
    assert row.game == "Yukon" and row.turn == "North to play" and row.waiting
    assert [line.words for line in row.seats] == [
        "North: computer", "East: computer", "South: computer", "West: computer"]
    assert row.last_card == "no card yet" and row.score == (0, 0)
    assert "once a pupil has joined the room" in WAITING_NOTE
    # Ana opens her page at South: her page plays North's and East's cards for the computer.
    ana = pupil_at(place, clock, "maths-1", 2, "Ana")
    ana.computer_moves()
    clock.now += 30
    desk.refresh()
    (row,) = desk.rows()
    assert row.turn == "South to play" and not row.waiting
    assert row.seats[2].words == "South: Ana" and row.last_card == "under a minute ago"
    # Her page goes quiet past the room's timeout (60 s): the list says the computer plays.
    clock.now += 61
    desk.refresh()
    assert desk.rows()[0].seats[2].words == "South: Ana (away: the computer plays)"
    assert ("South: Ana (away)", 2) in desk.seat_choices()


def test_each_change_acts_on_the_selected_room_alone(desk, place, clock):
    desk.open_rooms("yukon", count="2", prefix="maths", seed="7")
    assert desk.select("Maths-2") and desk.selected == "maths-2"
    ana = pupil_at(place, clock, "maths-2", 0, "Ana")
    ana.play(ana.view().legal_actions()[0], seq=ana.count)
    desk.refresh()
    assert desk.selected_room()["actions"] == 1
    # Undo is the teacher's: the last card goes back; a second undo has nothing to take back.
    assert desk.undo()
    assert desk.message == "Room maths-2: the last card (or call) is taken back."
    assert desk.selected_room()["actions"] == 0
    assert not desk.undo() and desk.error
    assert desk.message == "Room maths-2: there is nothing to undo."
    # The hands face up on the projector, then hidden again.
    assert desk.show_hands(True) and desk.selected_room()["open_hands"]
    assert desk.rows()[1].notes == ("hands shown on the projector",)
    assert desk.toggle_hands() and not desk.selected_room()["open_hands"]
    assert desk.message == "Room maths-2: every hand is face down again on the projector."
    # Free Ana's seat, by its name: the computer plays it until a pupil opens its link.
    assert desk.free_seat("North")
    assert desk.message == ("Room maths-2: North is free; the computer plays it until a pupil "
                            "opens its link.")
    assert not ana.poll().holds_seat
    assert not desk.free_seat(0) and desk.message == (
        "North in room maths-2 is free already: the computer plays it.")
    assert not desk.free_seat("Centre") and "has no seat 'Centre': its seats are 0 (North)" \
        in desk.message
    # The room's computer players and timeout, the seconds as typed.
    assert desk.apply_settings("search", "90")
    assert (desk.selected_room()["computer"], desk.selected_room()["timeout"]) == ("search", 90.0)
    assert not desk.apply_settings("search", "9999") and "not '9999'" in desk.message
    # New cards: the first call asks, the second within CONFIRM_WITHIN seconds does it.
    assert not desk.reset(new_cards=True)
    assert desk.message.startswith("Start room maths-2 again with new cards?") and not desk.error
    clock.now += CONFIRM_WITHIN / 2
    assert desk.reset(new_cards=True)
    assert desk.message == "Room maths-2 starts again with new cards."
    ana.poll()
    assert ana.hand().seed != 8 and ana.holds_seat() is False    # a new deal, the seat free
    # Close it: asked, then done; the other room is chosen and untouched.
    assert not desk.close() and desk.close()
    assert desk.message == "Room maths-2 is closed."
    assert [row.room for row in desk.rows()] == ["maths-1"] and desk.selected == "maths-1"
    room_1 = desk.selected_room()
    assert (room_1["actions"], room_1["open_hands"], room_1["computer"]) == (0, False,
                                                                            "rule-of-thumb")


def test_a_second_call_too_late_or_for_another_action_asks_again(desk, clock):
    desk.open_rooms("yukon", count="1", prefix="maths")
    assert not desk.close()
    assert not desk.reset(new_cards=False)     # asks about starting again, closes nothing
    assert desk.message.startswith("Start room maths-1 again with the same cards?")
    clock.now += CONFIRM_WITHIN + 1
    assert not desk.reset(new_cards=False)     # too late to confirm: asks again
    assert len(desk.rooms) == 1


def test_with_no_room_chosen_a_room_s_action_says_to_choose_one(desk):
    assert not desk.undo() and desk.message == "Choose a room first (no room is open)"
    assert not desk.select("maths-9")
    assert desk.message == "There is no room 'maths-9' in the list (no room is open)"


def test_a_room_closed_elsewhere_is_said_not_raised(desk):
    desk.open_rooms("yukon", count="1", prefix="maths")
    Teacher(desk.teacher.store).close("maths-1")
    assert not desk.undo()
    assert desk.message == "There is no room 'maths-1' (closed, expired, or never opened)"
    assert desk.rows() == [] and desk.selected is None


def test_a_wrong_key_is_refused_and_nothing_is_done(place):
    # Issue 43: a pupil who opened rooms.ipynb must not show every hand, free a seat, undo or
    # close rooms.
    Teacher(place(), key="class-key", expected="class-key").open_rooms(1, "yukon", prefix="ours")
    desk = TeacherDesk(Teacher(place(), expected="class-key"), base_url=BASE, clock=Clock())
    desk.opened_at(f"{BASE}/rooms.ipynb?key=guessed")
    assert desk.locked and desk.message == LOCKED and desk.error
    assert desk.rows() == [] and desk.selected is None
    assert desk.open_rooms("yukon", count="2", prefix="theirs") == []
    assert "needs the teacher's key" in desk.message
    assert list(desk.teacher.store.names()) == ["ours-1"]
    assert not desk.undo() and not desk.show_hands(True) and desk.message == LOCKED
    assert desk.teacher.store.get("ours-1").open_hands is False
    # The teacher's address, with the key: the class's rooms, and the message line is cleared.
    desk.opened_at(f"{BASE}/rooms.ipynb?key=class-key")
    assert not desk.locked and desk.message == ""
    assert [row.room for row in desk.rows()] == ["ours-1"]


def test_the_links_follow_the_address_the_page_was_opened_at(desk):
    desk.opened_at("https://class.example.org/user/ms-k/voila/render/notebooks/rooms.ipynb?x=1")
    assert desk.base_url == "https://class.example.org/user/ms-k/voila/render/notebooks"
    (room,) = desk.open_rooms("yukon", count="1", prefix="maths")
    assert room.links["North"].startswith("https://class.example.org/user/ms-k/join/")
    assert apps_address("about:blank") is None


def test_the_desk_imports_no_widget():
    # STYLE.md: ipywidgets and anywidget are imported in cardgames/widgets alone.
    code = ("import sys, cardgames.rooms.teacher_desk; print(sorted(m for m in "
            "('ipywidgets', 'traitlets', 'anywidget') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
