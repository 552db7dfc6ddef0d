"""The teacher's page for rooms (issue 24), headless: ``cardgames.widgets.teacher_panel``.

Each story fills the page's boxes as a teacher would, clicks its buttons (``Button.click()``) and
reads what the page says and lists. The pupils are ``RoomTable`` kernels on the same SQLite file.
The notebook that shows the page (``notebooks/rooms.ipynb``) is run by nbval; a browser test in
``tests/test_teacher_browser.py`` opens it in Voila.
"""

from __future__ import annotations

import re
from html import unescape

import nbformat
import pytest

pytest.importorskip("ipywidgets")

from cardgames.rooms import KeyRefused, RoomGone, RoomTable, Teacher, new_holder  # noqa: E402
from cardgames.rooms.sqlite_store import SQLiteStore  # noqa: E402
from cardgames.widgets.teacher_panel import (  # noqa: E402
    TeacherPanel, apps_address, teacher_page,
)

from test_notebooks import NOTEBOOKS  # noqa: E402

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

    def open_one():
        stores.append(SQLiteStore(path))
        return stores[-1]
    yield open_one
    for store in stores:
        store.close()


@pytest.fixture
def panel(place):
    return TeacherPanel(Teacher(place()), base_url=BASE, clock=Clock())


def text(html_widget) -> str:
    """What a person reads in an HTML widget."""
    words = " ".join(unescape(re.sub(r"<[^>]+>", " ", html_widget.value)).split())
    return re.sub(r" ([,.])", r"\1", words)


def open_rooms(panel, count="2", game="yukon", **boxes):
    panel.game_select.value = game
    panel.count_box.value = count
    for name, value in boxes.items():
        getattr(panel, name).value = value
    panel.open_button.click()


def test_opening_rooms_gives_each_seat_a_link_and_the_projector_one(panel):
    # Issue 24: "open N rooms at once (links to hand out, and a printable sheet of them)".
    open_rooms(panel, "3", prefix_box="Class-4B", seed_box="40")
    assert "Opened 3 rooms of Yukon: class-4b-1, class-4b-2, class-4b-3" in text(panel.message)
    links = re.findall(r'href="([^"]+)"', panel.opened_html.value)
    first = panel.teacher.links("class-4b-1", ROOT)
    assert first.links["North"] == f"{ROOT}/join/{first.codes['North']}" in links
    # The projector's link: its own page, with the seats' QR codes.
    assert f"{ROOT}/watch/{panel.teacher.links('class-4b-3').watch_code}" in links
    assert len(links) == 3 * 5                     # four seats and the projector, per room
    # The sheet to print holds the same links, one slip per room, a QR code per seat.
    assert panel.helper.sheet.count('class="cg-room-slip"') == 3
    assert panel.helper.sheet.count('class="cg-qr"') == 3 * 4
    assert panel.teacher.links("class-4b-2").codes["West"] in panel.helper.sheet
    # The rooms were dealt from seeds 40, 41, 42: a pupil of room 2 gets seed 41.
    pupil = RoomTable(panel.teacher.store)
    pupil.join("class-4b-2", 1, new_holder())
    assert pupil.hand().seed == 41
    # The list shows them, the computer in every seat nobody took.
    listed = text(panel.list_html)
    assert "class-4b-1 Yukon North: computer East: computer" in listed
    assert [v for _, v in panel.room_select.options] == ["class-4b-1", "class-4b-2", "class-4b-3"]


def test_the_message_line_shows_only_when_it_has_something_to_say(panel):
    # A page just opened has said nothing: no empty bar at its top (it showed as a green strip).
    assert panel.message.layout.display == "none"
    open_rooms(panel, "1", prefix_box="first")
    assert "Opened 1 room" in text(panel.message) and panel.message.layout.display is None
    panel.say("")
    assert panel.message.layout.display == "none"


def test_the_form_opens_rooms_with_its_players_rules_match_and_computer(panel):
    panel.game_select.value = "guinote"
    panel.players_select.value = 2
    rule = next(iter(panel.questions.controls.values()))
    open_rooms(panel, "1", game="guinote", prefix_box="duel", match_box=True,
               computer_select="search", timeout_box="120")
    (room,) = panel.rooms
    assert (room["game"], room["players"], room["match"], room["computer"], room["timeout"]) == \
        ("guinote", 2, True, "search", 120.0)
    assert "computer: search" in text(panel.list_html)
    assert rule is not None          # the game's rules are asked as questions on the form


@pytest.mark.parametrize("box, value, says", [
    ("count_box", "many", "how many rooms: a whole number from 1 to 50, not 'many'"),
    ("count_box", "0", "from 1 to 50"),
    ("count_box", "51", "from 1 to 50"),
    ("prefix_box", "class 4b", "room names start with 'class 4b': that is not allowed"),
    ("prefix_box", "x" * 45, "at most 38 characters"),
    ("seed_box", "seven", "seed 'seven': a whole number from 0"),
    ("seed_box", "-3", "seed '-3'"),
    ("timeout_box", "2", "a number from 5 to 3600, not '2'"),
    ("timeout_box", "soon", "not 'soon'"),
])
def test_bad_input_is_answered_in_words_and_opens_nothing(panel, box, value, says):
    open_rooms(panel, **{"count_box": "2", box: value})
    assert says.lower() in text(panel.message).lower()
    assert "cg-error" in panel.message._dom_classes
    assert panel.rooms == [] and "No room is open" in text(panel.list_html)


def test_the_pack_s_buttons_show_for_guinote_alone_however_often_the_list_refreshes(panel):
    # The Spanish pack is Guinote's alone (RULES.md): for another game the form offers no pack
    # to choose, also after the page's ticks, which read the rooms every few seconds.
    panel.game_select.value = "yukon"
    panel.helper._handle_custom_msg({"type": "tick"}, [])
    assert panel.faces_select.layout.display == "none"
    panel.game_select.value = "guinote"
    panel.helper._handle_custom_msg({"type": "tick"}, [])
    assert panel.faces_select.layout.display is None


def test_a_name_already_open_is_refused_saying_which(panel):
    open_rooms(panel, "2", prefix_box="maths")
    open_rooms(panel, "3", prefix_box="maths")
    assert "Room maths-1 is already open: close it, or choose another prefix" in text(panel.message)
    assert len(panel.rooms) == 2


def test_the_list_shows_pupils_the_computer_absent_pupils_scores_and_the_last_card(place):
    clock = Clock()
    store = SQLiteStore(place().path, clock=clock)
    panel = TeacherPanel(Teacher(store), base_url=BASE, clock=clock)
    open_rooms(panel, "1", prefix_box="maths", seed_box="7")
    ana, ben = RoomTable(SQLiteStore(place().path, clock=clock)), RoomTable(
        SQLiteStore(place().path, clock=clock))
    ana.join("maths-1", 0, new_holder(), pupil="Ana")
    ben.join("maths-1", 2, new_holder())
    panel.refresh()
    listed = text(panel.list_html)
    assert "North: Ana East: computer South: a pupil West: computer" in listed
    assert "North to play" in listed and "no card yet" in listed
    ana.play(ana.view().legal_actions()[0], seq=ana.count)
    ana.computer_moves()                      # East plays; South (Ben) is to play
    clock.now += 30
    panel.refresh()
    listed = text(panel.list_html)
    assert "South to play" in listed and "under a minute ago" in listed
    assert "North–South 0, East–West 0" in listed
    # Ben's page goes quiet past the room's timeout (60 s): the list says he is away.
    clock.now += 61
    ana.poll()
    panel.refresh()
    assert "South: a pupil (away: the computer plays)" in text(panel.list_html)
    assert "North: Ana (away" not in text(panel.list_html)
    assert ("South: a pupil (away)", 2) in panel.seat_select.options


def test_a_room_that_waits_for_a_page_to_play_the_computer_says_so(place):
    # The computer's seats are played by the room's open pages (RoomSession._computer_turn): a
    # room opened before the lesson lists "North to play" and says why nothing happens yet.
    clock = Clock()
    store = SQLiteStore(place().path, clock=clock)
    panel = TeacherPanel(Teacher(store), base_url=BASE, clock=clock)
    open_rooms(panel, "1", prefix_box="maths", seed_box="7")
    listed = text(panel.list_html)
    assert "North to play waiting for a page*" in listed     # said in a word on its row,
    assert listed.count("once a pupil has joined the room") == 1  # once below
    # Ben opens his page at South: his page plays North's cards for the computer.
    RoomTable(SQLiteStore(place().path, clock=clock)).join("maths-1", 2, new_holder())
    panel.refresh()
    listed = text(panel.list_html)
    assert "North to play" in listed and "waiting for a page" not in listed
    assert "once a pupil has joined" not in listed


def test_a_room_is_started_again_after_a_second_click(panel):
    open_rooms(panel, "1", prefix_box="maths", seed_box="7")
    pupil = RoomTable(panel.teacher.store)
    pupil.join("maths-1", 0, new_holder())
    pupil.play(pupil.view().legal_actions()[0], seq=pupil.count)
    panel.same_button.click()
    assert "Start room maths-1 again with the same cards?" in text(panel.message)
    assert panel.rooms[0]["actions"] == 1                   # nothing yet
    panel.same_button.click()
    assert "Room maths-1 starts again with the same cards" in text(panel.message)
    assert panel.rooms[0]["actions"] == 0
    pupil.poll()
    assert pupil.hand().seed == 7 and pupil.holds_seat()   # the pupil keeps the seat
    # New cards: a new seed for the room.
    panel.new_button.click()
    panel.new_button.click()
    pupil.poll()
    assert pupil.hand().seed != 7


def test_a_second_click_on_another_button_does_not_confirm_the_first(panel):
    open_rooms(panel, "1", prefix_box="maths")
    panel.close_button.click()
    panel.same_button.click()                 # asks about starting again, closes nothing
    assert len(panel.rooms) == 1
    panel.clock.now += 60                     # too late to confirm: asks again
    panel.same_button.click()
    assert "Start room maths-1 again" in text(panel.message)
    assert "starts again" not in text(panel.message)


def test_undo_hands_free_seat_settings_and_close(panel):
    open_rooms(panel, "2", prefix_box="maths", seed_box="7")
    panel.room_select.value = "maths-2"
    pupil = RoomTable(panel.teacher.store)
    pupil.join("maths-2", 0, new_holder(), pupil="Ana")
    pupil.play(pupil.view().legal_actions()[0], seq=pupil.count)
    panel.refresh()
    # Undo is the teacher's: the last card goes back.
    panel.undo_button.click()
    assert "Room maths-2: the last card (or call) is taken back" in text(panel.message)
    assert panel.selected()["actions"] == 0
    panel.undo_button.click()
    assert "Room maths-2: there is nothing to undo" in text(panel.message)
    # The projector sees every hand once the teacher opens them; the button says what it does.
    assert panel.hands_button.description == "Show the hands on the projector"
    panel.hands_button.click()
    assert panel.selected()["open_hands"] and "shown face up on the projector" in text(panel.message)
    assert panel.hands_button.description == "Hide the hands on the projector"
    # Free Ana's seat: the computer plays it.
    panel.seat_select.value = 0
    panel.free_button.click()
    assert "North is free; the computer plays it" in text(panel.message)
    assert not pupil.poll().holds_seat
    panel.free_button.click()
    assert "North in room maths-2 is free already" in text(panel.message)
    # The computer players and the timeout of this room.
    panel.room_computer.value = "search"
    panel.room_timeout.value = "90"
    panel.apply_button.click()
    assert (panel.selected()["computer"], panel.selected()["timeout"]) == ("search", 90.0)
    panel.room_timeout.value = "9999"
    panel.apply_button.click()
    assert "from 5 to 3600, not '9999'" in text(panel.message)
    # The room's own links, for a pupil who lost his.
    assert panel.teacher.links("maths-2", ROOT).links["South"] in panel.room_links.value
    # Close it (twice: the first click asks).
    panel.close_button.click()
    panel.close_button.click()
    assert "Room maths-2 is closed" in text(panel.message)
    assert [r["room"] for r in panel.rooms] == ["maths-1"]
    assert panel.room_select.value == "maths-1"


def test_a_room_closed_elsewhere_is_said_not_raised(panel):
    open_rooms(panel, "1", prefix_box="maths")
    Teacher(panel.teacher.store).close("maths-1")
    panel.undo_button.click()
    assert "There is no room 'maths-1'" in text(panel.message)
    assert panel.rooms == [] and panel.undo_button.disabled


def test_the_links_use_the_address_the_page_was_opened_at(panel):
    # The browser side reports window.location; the links follow it.
    panel.helper.page_url = "https://class.example.org/user/ms-k/voila/render/notebooks/rooms.ipynb?x=1"
    open_rooms(panel, "1", prefix_box="maths")
    code = panel.teacher.links("maths-1").codes["North"]
    assert f'href="https://class.example.org/user/ms-k/join/{code}"' in panel.opened_html.value


@pytest.mark.parametrize("page, apps", [
    ("http://127.0.0.1:8866/voila/render/rooms.ipynb", "http://127.0.0.1:8866/voila/render"),
    ("http://10.0.0.5:8866/voila/render/rooms.ipynb?seat=2#top", "http://10.0.0.5:8866/voila/render"),
    ("http://localhost:8888/lab/tree/notebooks/rooms.ipynb",
     "http://localhost:8888/voila/render/notebooks"),
    ("https://hub.example.org/user/ana/voila/render/notebooks/rooms.ipynb",
     "https://hub.example.org/user/ana/voila/render/notebooks"),
    ("about:blank", None),
    ("", None),
])
def test_where_the_apps_are_from_the_pages_address(page, apps):
    assert apps_address(page) == apps


def test_a_tick_from_the_page_refreshes_the_list(panel):
    Teacher(panel.teacher.store).open_rooms(1, "quinto", prefix="late")
    assert panel.rooms == []
    panel.helper._handle_custom_msg({"type": "tick"}, [])
    assert [r["room"] for r in panel.rooms] == ["late-1"]
    panel.helper._handle_custom_msg({"type": "something else"}, [])   # ignored, no error


def test_quintos_dummy_gets_no_link_and_no_line(panel):
    # Quinto for three: the fourth hand is the dummy, played by its partner (RULES.md).
    open_rooms(panel, "1", game="quinto", players_select=3, prefix_box="q")
    links = re.findall(r"<th>([^<]+)</th>", panel.opened_html.value)
    # (the seats by name, as on the board: the dummy is East)
    assert links == ["North", "South", "West", "Projector"]
    assert [label for label, _ in panel.seat_select.options] == [
        "North: computer", "South: computer", "West: computer"]


def test_a_store_that_cannot_be_reached_is_said_in_words(monkeypatch):
    monkeypatch.setenv("CARDGAMES_ROOMS", "ftp://nowhere")
    shown = teacher_page()
    assert "The rooms cannot be reached" in shown.value and "Traceback" not in shown.value


def test_the_notebook_shows_the_page_and_the_teachers_page_and_index_link_it():
    nb = nbformat.read(NOTEBOOKS / "rooms.ipynb", as_version=4)
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    assert any("teacher_page()" in s and "# NBVAL_IGNORE_OUTPUT" in s for s in code)
    assert all(len(s.splitlines()) <= 14 for s in code)
    for name in ("teachers", "index"):
        prose = "\n".join(c.source for c in nbformat.read(NOTEBOOKS / f"{name}.ipynb",
                                                          as_version=4).cells
                          if c.cell_type == "markdown")
        assert "](rooms.ipynb)" in prose, name


def test_every_link_handed_out_is_a_seat_s_code_on_the_apps_server(panel):
    from cardgames.rooms.join_codes import ALPHABET

    open_rooms(panel, "2", game="guinote", prefix_box="g", players_select=4)
    links = [unescape(h) for h in re.findall(r'href="([^"]+)"', panel.opened_html.value)]
    assert len(links) == 2 * 5
    codes = set()
    for link in links:
        kind, code = link.removeprefix(ROOT + "/").split("/")
        assert kind in ("join", "watch") and len(code) == 6 and set(code) <= set(ALPHABET)
        codes.add(code)
    assert len(codes) == 10


@pytest.mark.parametrize("base, warned", [
    ("http://127.0.0.1:8866/voila/render", True),
    ("http://localhost:8866/voila/render", True),
    (BASE, False),
    ("http://192.168.1.20:8866/voila/render", False),
])
def test_links_only_this_computer_can_open_come_with_a_warning(place, base, warned):
    # A teacher who opened the page at localhost would hand out links the pupils' devices
    # cannot reach: the links say so, and how to serve the apps on the school's network.
    panel = TeacherPanel(Teacher(place()), base_url=base, clock=Clock())
    open_rooms(panel, "1", prefix_box="here")
    shown = text(panel.opened_html)
    assert ("which only this computer can open" in shown) is warned
    assert ("python3 tasks.py apps --ip 0.0.0.0" in shown) is warned
    assert re.findall(r'href="([^"]+)"', panel.opened_html.value)[0].startswith(
        base.removesuffix("/voila/render") + "/join/")


def test_without_the_teacher_s_key_the_page_shows_no_room_no_link_and_no_control(place):
    # Issue 43, the attack: any pupil who opened rooms.ipynb (linked from the index) could show
    # every hand on the projector, free a classmate's seat, undo or close rooms.
    teacher = Teacher(place(), key="class-key", expected="class-key")
    teacher.open_rooms(1, "yukon", prefix="ours")
    pupil = TeacherPanel(Teacher(place(), expected="class-key"), base_url=BASE, clock=Clock())
    pupil.helper.page_url = f"{BASE}/rooms.ipynb?key=guessed"
    assert "This page needs the teacher's key" in text(pupil.message)
    assert pupil.rooms == [] and "ours-1" not in text(pupil.list_html)
    assert all(part.layout.display == "none" for part in pupil._locked_parts)
    with pytest.raises(KeyRefused):
        pupil.teacher.open_hands("ours-1")
    with pytest.raises(KeyRefused):
        pupil.teacher.free_seat("ours-1", 0)
    # The teacher's address, with the key: the class's rooms and the controls.
    pupil.helper.page_url = f"{BASE}/rooms.ipynb?key=class-key"
    assert [r["room"] for r in pupil.rooms] == ["ours-1"]
    assert all(part.layout.display is None for part in pupil._locked_parts)
    assert "needs the teacher's key" not in text(pupil.message)


def test_the_teacher_s_list_shows_the_class_s_rooms_not_the_whole_store(place):
    Teacher(place(), key="key-of-4b", expected="key-of-4b").open_rooms(1, "yukon", prefix="b")
    Teacher(place(), key="key-of-5a", expected="key-of-5a").open_rooms(1, "yukon", prefix="a")
    assert [r["room"] for r in Teacher(place(), key="key-of-4b", expected="key-of-4b").rooms()] \
        == ["b-1"]
    with pytest.raises(RoomGone):          # another class's room is not this teacher's to close
        Teacher(place(), key="key-of-4b", expected="key-of-4b").close("a-1")

