"""A class at one table (issue 24), the engine side: rooms that several kernels share.

Each story runs against the SQLite store and, where Debian's ``redis-server`` is installed,
against a real Redis server started on a free loopback port for these tests. Each "kernel"
of a story is its own RoomTable on its own store connection, as each pupil's page has its
own kernel. Times come from a fake clock, moved on by the stories.
"""

from __future__ import annotations

import json
import multiprocessing
from html import escape
import random
import threading
import uuid
from collections import Counter

import pytest

import cardgames as cg
from cardgames.rooms import (
    NotYourTurn, RaceLost, RoomError, RoomGone, RoomTable, SeatTaken, Teacher, WatchView,
    check_name, new_holder,
)
from cardgames.rooms.local_redis import LocalRedis, redis_server
from cardgames.rooms.sqlite_store import SQLiteStore

from test_hidden import check_seat

try:
    import redis  # noqa: F401
    from cardgames.rooms.redis_store import RedisStore
except ImportError:          # the 'redis' package is in the test extra
    RedisStore = None


class Clock:
    """A clock the stories move on by hand."""

    def __init__(self, now: float = 1_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    if RedisStore is None:
        pytest.skip("the 'redis' package is not installed (pip install 'cardgames[rooms]')")
    if redis_server() is None:
        pytest.skip("redis-server is not installed (Debian's package 'redis-server'; "
                    "python3 tasks.py test installs it when run as root)")
    server = LocalRedis(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


class Stores:
    """Opens a store per kernel, all on one place (one SQLite file, or one Redis prefix)."""

    def __init__(self, kind: str, tmp_path, server=None):
        self.kind = kind
        self.clock = Clock()
        self.path = tmp_path / "rooms.sqlite3"
        self.server = server
        self.prefix = f"test-{uuid.uuid4().hex[:8]}:"
        self.opened = []

    def url(self) -> str:
        return str(self.path) if self.kind == "sqlite" else self.server.url

    def __call__(self, **settings):
        settings.setdefault("clock", self.clock)
        if self.kind == "sqlite":
            store = SQLiteStore(self.path, **settings)
        else:
            store = RedisStore(self.server.url, prefix=self.prefix, **settings)
        self.opened.append(store)
        return store

    def table(self) -> RoomTable:
        """A new kernel's table, on its own connection."""
        return RoomTable(self())

    def close(self):
        for store in self.opened:
            store.close()


@pytest.fixture(params=["sqlite", "redis"])
def stores(request, tmp_path):
    server = request.getfixturevalue("redis_url") if request.param == "redis" else None
    made = Stores(request.param, tmp_path, server)
    yield made
    if server is not None:
        made().flush()
    made.close()


def pupils(stores, room="maths-4b", seats=(0, 2), **settings):
    """Tables of pupils joined at ``seats`` (the first opens the room with ``settings``)."""
    settings = {"game": "yukon", "seed": 7, "players": 4, **settings}
    tables = []
    for seat in seats:
        table = stores.table()
        table.join(room, seat, new_holder(), **settings)
        tables.append(table)
    return tables


def play_first_legal(table: RoomTable) -> cg.Card:
    """The pupil clicks the first legal card of his hand, as seen on his page."""
    card = table.view().legal_actions()[0]
    table.play(card, seq=table.count)
    return card


# Two pupils at one table ---------------------------------------------------------------------

def test_two_pupils_join_north_plays_south_sees_the_card_and_not_norths_hand(stores):
    north, south = pupils(stores)
    assert (north.seat_name(north.seat), south.seat_name(south.seat)) == ("North", "South")
    assert north.hand().to_move == 0                      # seat 0, the eldest hand, leads
    card = play_first_legal(north)
    polled = south.poll(0)
    assert polled.changed and polled.count == 1 and polled.to_move == "East"
    seen = south.view()
    assert seen.trick == [(0, card)]                      # the card played, face up for all
    norths_hand = north.view().hand
    assert norths_hand and not set(norths_hand) & set(seen.visible_cards())
    assert seen.hands[0] == [None] * len(norths_hand)     # North's cards, face down
    check_seat(south.hand(), 2)


def test_a_click_out_of_turn_changes_nothing_and_says_whose_turn_it_is(stores):
    north, south = pupils(stores)
    card = south.view().hand[0]
    with pytest.raises(NotYourTurn, match="it is North's turn, not yours \\(South\\)"):
        south.play(card, seq=south.count)
    assert north.poll().count == 0


def test_an_illegal_card_is_refused_with_the_rule(stores):
    # Yukon: "others must follow suit if possible" (docs/RULES.md).
    north, east = pupils(stores, seats=(0, 1))
    led = play_first_legal(north)
    east.poll()
    hand = east.view().hand
    illegal = [c for c in hand if c not in east.view().legal_actions()]
    if not illegal:
        pytest.skip("East may play any card here")
    with pytest.raises(cg.IllegalAction, match="follow"):
        east.play(illegal[0], seq=east.count)
    assert east.poll().count == 1 and led


def test_a_stale_click_is_refused_saying_what_came_first(stores):
    # South's page showed the table before East (the computer) played: South's click, sent
    # with the count of actions the page had shown, is refused, and what came first is said.
    north, south = pupils(stores)
    play_first_legal(north)
    seen_by_south = south.poll().count     # South's page draws the table: one card played
    south.computer_moves(limit=1)          # East, a free seat, plays
    with pytest.raises(RaceLost, match="East played"):
        south.play(south.view().hand[0], seq=seen_by_south)
    assert south.poll().count == 2


def test_two_clicks_racing_for_one_turn_one_wins_the_other_is_told(stores):
    # North has been away longer than the timeout, so South's kernel lets the computer play
    # North's card; at the same moment North comes back and clicks. Exactly one card is
    # played for North's turn, and the loser hears of it.
    tables = pupils(stores, seats=(0, 1, 2, 3))
    north, south = tables[0], tables[2]
    rounds = Counter()
    while not north.hand().is_over and sum(rounds.values()) < 6:
        while north.poll().to_move not in ("North", None):       # the others play their cards
            mover = next(t for t in tables if t.poll().your_turn)
            play_first_legal(mover)
        if north.hand().is_over:
            break
        before = north.count
        stores.clock.advance(61)                         # North's page has been away...
        for table in tables[1:]:
            table.poll()                                 # ...the others' pages are there
        card = north.view().legal_actions()[0]
        start = threading.Barrier(2)
        outcome = {}

        def click():
            start.wait()
            try:
                north.play(card, seq=before)
                outcome["north"] = "played"
            except RaceLost as error:
                outcome["north"] = str(error)

        def computer():
            start.wait()
            outcome["computer"] = south.computer_moves(limit=1)

        threads = [threading.Thread(target=click), threading.Thread(target=computer)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert north.poll().count == before + 1          # one card for North's turn, not two
        assert north.hand().history[-1][0] == 0          # and it is North's
        winners = (outcome["north"] == "played") + (outcome["computer"] == 1)
        assert winners == 1, outcome
        if outcome["north"] != "played":
            assert "North played" in outcome["north"]    # the loser is told what came first
        rounds["north" if outcome["north"] == "played" else "computer"] += 1
    assert sum(rounds.values()) >= 3


def _race_worker(kind, url, prefix, barrier, queue):
    """Another process: a kernel watching the room and playing the computer's moves."""
    if kind == "sqlite":
        store = SQLiteStore(url)
    else:
        store = RedisStore(url, prefix=prefix)
    table = RoomTable(store)
    table.join("race", "watch")
    barrier.wait()
    applied = 0
    while not table.hand().is_over:
        applied += table.computer_moves()
    queue.put(applied)
    store.close()


def test_kernels_in_two_processes_racing_apply_every_move_once(stores):
    # Every seat free: two processes (and this one) all play the computer's moves at once.
    # The hand ends with every action applied once: it replays through the rules, and the
    # moves each kernel applied add up to the hand's actions.
    if stores.kind == "sqlite":
        stores.clock = None
        store = SQLiteStore(stores.path)
    else:
        store = RedisStore(stores.server.url, prefix=stores.prefix)
    stores.opened.append(store)
    table = RoomTable(store)
    table.join("race", "watch", game="guinote", seed=3, players=4)
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(3)
    queue = context.Queue()
    workers = [context.Process(target=_race_worker,
                               args=(stores.kind, stores.url(), stores.prefix, barrier, queue))
               for _ in range(2)]
    for w in workers:
        w.start()
    barrier.wait()
    mine = 0
    while not table.hand().is_over:
        mine += table.computer_moves()
    theirs = [queue.get(timeout=60) for _ in workers]
    for w in workers:
        w.join(timeout=60)
    hand = table.hand()
    assert hand.is_over
    assert mine + sum(theirs) == len(hand.history)
    assert cg.load(hand.to_json()).history == hand.history      # every action legal, in order


def test_threads_racing_for_the_computer_moves_apply_each_once(stores):
    tables = [stores.table() for _ in range(4)]
    tables[0].join("busy", "watch", game="pip_pip", seed=2, players=5)
    for t in tables[1:]:
        t.join("busy", "watch")
    applied = [0] * len(tables)

    def run(i):
        while not tables[i].hand().is_over:
            applied[i] += tables[i].computer_moves()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(tables))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    hand = tables[0].hand()
    assert sum(applied) == len(hand.history) and hand.is_over
    assert all(t.poll().count == len(hand.history) for t in tables)


# Reloads, restarts, expiry ----------------------------------------------------------------

def test_a_restarted_kernel_finds_the_seat_the_hand_and_the_trick(stores):
    north, south = pupils(stores)
    holder = north.holder
    play_first_legal(north)
    south.computer_moves(limit=1)                       # East plays: a trick under way
    north.poll()
    trick, history = north.hand().trick, north.hand().history
    assert len(trick) == 2
    # The kernel dies; the page (which kept its holder token) reloads: a new kernel, a new
    # table on a new connection.
    again = stores.table()
    joined = again.join("maths-4b", 0, holder)
    assert joined.seat_name == "North" and joined.took_over and not joined.opened
    assert again.hand().trick == trick and again.hand().history == history
    assert again.view().hand == north.view().hand
    assert not north.holds_seat() or north.poll().holds_seat is False
    with pytest.raises(NotYourTurn, match="another page of yours"):
        north.play(north.view().hand[0], seq=north.count)


def test_the_store_reopened_still_holds_the_room(stores):
    north, south = pupils(stores)
    play_first_legal(north)
    history = north.hand().history
    stores.close()
    later = stores.table()                               # the server restarted
    joined = later.join("maths-4b", 2, south.holder)
    assert joined.seat_name == "South" and later.hand().history == history


def test_a_room_expires_after_six_hours_without_play(stores):
    north, south = pupils(stores)
    play_first_legal(north)
    stores.clock.advance(5 * 3600)                       # five hours: still there
    assert south.poll().count == 1
    teacher = Teacher(stores())
    assert [r["room"] for r in teacher.rooms()] == ["maths-4b"]
    stores.clock.advance(3600 + 1)                       # six hours and a second since play
    assert teacher.rooms() == []
    with pytest.raises(RoomGone, match="closed by the teacher \\(or expired\\)"):
        south.poll()


def test_a_pupil_who_leaves_is_replaced_by_the_computer_and_takes_the_seat_back(stores):
    north, south = pupils(stores, seats=(0, 2), timeout=60)
    play_first_legal(north)
    south.computer_moves()                               # East plays; South to move
    play_first_legal(south)
    south.computer_moves()                               # West plays; the trick is over
    assert south.poll().to_move is not None
    # Whoever won, wait until it is North's turn (the computer plays East and West).
    while south.poll().to_move != "North":
        if south.poll().to_move == "South":
            play_first_legal(south)
        else:
            south.computer_moves(limit=1)
    # North is there (his page polls): the computer leaves his seat alone.
    stores.clock.advance(30)
    north.poll()
    assert south.computer_moves() == 0
    # North closes his page; after the timeout the computer plays for him.
    stores.clock.advance(61)
    before = south.count
    assert south.computer_moves(limit=1) == 1
    assert south.poll().count == before + 1
    assert "away" in dict(Teacher(stores()).rooms()[0]["seats"])["North"]
    # North comes back: his page polls, and the seat is his again.
    while south.poll().to_move != "North":
        if south.poll().to_move == "South":
            play_first_legal(south)
        else:
            south.computer_moves(limit=1)
    polled = north.poll()
    assert polled.holds_seat and polled.your_turn
    assert south.computer_moves() == 0
    play_first_legal(north)


def test_an_absent_pupils_seat_is_kept_for_him_until_the_teacher_frees_it(stores):
    # The attack: a classmate whose phone locked for 60 s lost his seat, and whoever took it
    # saw his cards. Now the computer plays the away seat, and it stays his (by his token).
    north, south = pupils(stores)
    newcomer = stores.table()
    with pytest.raises(SeatTaken, match="North is taken by another pupil; free seats: East, West"):
        newcomer.join("maths-4b", 0, new_holder())
    stores.clock.advance(61)
    south.poll()
    assert south.is_computer(0)                      # the computer plays for the away pupil
    with pytest.raises(SeatTaken, match="away: the computer plays it until the teacher frees it"):
        newcomer.join("maths-4b", 0, new_holder())
    assert north.join("maths-4b", 0, north.holder).seat_name == "North"   # back, by his token
    Teacher(stores()).free_seat("maths-4b", 0)
    assert newcomer.join("maths-4b", 0, new_holder()).seat_name == "North"
    polled = north.poll()
    assert not polled.holds_seat and "freed by the teacher" in polled.message


def test_one_browser_holds_one_seat_of_a_room(stores):
    # The attack: a pupil took a free seat as a second seat from the same browser and saw
    # that hand too.
    north, _ = pupils(stores)
    second = stores.table()
    with pytest.raises(SeatTaken, match="this browser already sits at North in room maths-4b: "
                                        "one seat per pupil"):
        second.join("maths-4b", 1, north.holder)
    assert Teacher(stores()).rooms()[0]["people"][1]["held"] is False


def test_a_pupils_name_is_checked_and_unique_at_the_table(stores):
    first = stores.table()
    first.join("maths-4b", 0, new_holder(), game="yukon", seed=7, pupil="Ann  Lee")
    assert first.room.seats[0].pupil == "Ann Lee"
    with pytest.raises(SeatTaken, match="the name 'ann lee' is already at this table"):
        stores.table().join("maths-4b", 2, new_holder(), pupil="ann lee")
    for bad, why in (("", "has 0 characters"), ("x" * 31, "has 31 characters"),
                     ("<b>Bo</b>", "'<' is not allowed")):
        with pytest.raises(RoomError, match=why):
            stores.table().join("maths-4b", 2, new_holder(), pupil=bad)
    assert [s.holder is None for s in stores.table().store.get("maths-4b").seats] == [
        False, True, True, True]


# What a room sends a seat holds no hidden card ---------------------------------------------

def check_watch(hand: cg.Hand, view: WatchView) -> None:
    """A projector with hidden hands names only cards everybody has seen (counted, for the
    two packs of Pip-Pip!): cards face up in the hands, the trick, the tricks, declarations."""
    allowed = Counter()
    for seat in range(hand.seats):
        allowed.update(c for c in hand.as_others_see(seat) if c is not None)
    allowed.update(c for _, c in hand.trick)
    for trick in hand.tricks:
        allowed.update(c for _, c in trick.cards)
    for declaration in hand.declarations:
        allowed.update(declaration.cards)
    named = Counter(view.visible_cards())
    assert not named - allowed, f"the projector names {sorted(map(str, named - allowed))}"
    hidden = sum(1 for s in range(hand.seats) for c in hand.as_others_see(s) if c is None)
    assert sum(1 for h in view.hands for c in h if c is None) == hidden


@pytest.mark.parametrize("game,players", [("yukon", 4), ("quinto", 3), ("guinote", 2),
                                          ("pip_pip", 5), ("pippins_aplenty", 4)])
def test_what_a_room_gives_each_seat_holds_no_hidden_card_over_a_whole_hand(stores, game, players):
    # The checks of test_hidden.py, on the views each pupil's kernel builds from the store.
    first = stores.table()
    first.join("hidden", 0, new_holder(), game=game, seed=5, players=players)
    hand = first.hand()
    tables = {0: first}
    for seat in range(1, hand.seats):
        if hand.controller(seat) == seat:
            tables[seat] = stores.table()
            tables[seat].join("hidden", seat, new_holder())
    watch = stores.table()
    watch.join("hidden", "watch")
    rng = random.Random(5)
    while True:
        for seat, table in tables.items():
            table.poll()
            check_seat(table.hand(), seat)
            view = table.view()
            assert view.seat == seat and '"seed"' not in view.to_json()
        watch.poll()
        check_watch(watch.hand(), watch.view())
        hand = first.hand()
        if hand.is_over:
            break
        mover = hand.controller(hand.to_move)
        open_now = hand.open_actions_by_seat()
        if open_now and rng.random() < 0.3:
            seat = rng.choice(sorted(open_now))
            table = tables[hand.controller(seat)]
            table.play(rng.choice(open_now[seat]), seq=table.count)
        else:
            table = tables[mover]
            table.play(rng.choice(table.view().legal_actions()), seq=table.count)


def test_a_lost_race_names_no_discard_made_face_down(stores):
    # Pippins Aplenty: the discards are chosen face down. A page told that another action
    # came first hears that a card was chosen, not which.
    north, east = pupils(stores, room="secret", seats=(0, 1), game="pippins_aplenty", seed=1,
                         players=4)
    seen = east.count
    discard = north.view().legal_actions()[0]
    north.play(discard, seq=north.count)
    with pytest.raises(RaceLost) as error:
        east.play(east.view().hand[0], seq=seen)
    assert "North chose a card" in str(error.value) and discard.label not in str(error.value)


def test_the_projector_shows_the_hands_only_when_the_teacher_opens_them(stores):
    north, south = pupils(stores)
    watch = stores.table()
    watch.join("maths-4b", "watch")
    assert all(c is None for h in watch.view().hands for c in h)
    Teacher(stores()).open_hands("maths-4b")
    watch.poll()
    assert watch.view().hands[0] == north.view().hand
    with pytest.raises(NotYourTurn, match="watching"):
        watch.play(north.view().hand[0])


# The teacher ----------------------------------------------------------------------------------

def test_the_teacher_opens_rooms_with_links_and_a_printable_sheet(stores):
    teacher = Teacher(stores())
    opened = teacher.open_rooms(3, "guinote", prefix="class-4b", base_url="http://host:8866",
                                players=4, seed=10)
    assert [r.name for r in opened] == ["class-4b-1", "class-4b-2", "class-4b-3"]
    # Each seat's link is its short code on the apps' server (6 characters, no look-alikes).
    code = opened[0].codes["South"]
    assert opened[0].links["South"] == f"http://host:8866/join/{code}" and len(code) == 6
    assert not set(code) & set("01OIL25SZ8B")
    assert opened[2].watch == f"http://host:8866/watch/{opened[2].watch_code}"
    sheet = teacher.sheet_html(opened, title="Class 4B")
    assert sheet.count('class="cg-room-slip"') == 3 and escape(opened[1].links["West"]) in sheet
    assert sheet.count('class="cg-qr"') == 3 * 4 and sheet.count("<svg") == 3 * 4
    # A pupil following a link sits in a room that was dealt from its own seed.
    pupil = stores.table()
    pupil.join("class-4b-2", 2, new_holder())
    assert pupil.hand().seed == 11
    with pytest.raises(RoomError, match="class-4b-1 is already open"):
        teacher.open_rooms(2, "guinote", prefix="class-4b")


def test_the_teacher_lists_rooms_with_players_and_scores(stores):
    north, south = pupils(stores)
    ana = stores.table()
    ana.join("other", 1, new_holder(), pupil="Ana", game="guinote", seed=1, players=2)
    play_first_legal(north)
    south.computer_moves()
    rooms = {r["room"]: r for r in Teacher(stores()).rooms()}
    assert set(rooms) == {"maths-4b", "other"}
    assert rooms["other"]["seats"] == [("North", "computer"), ("South", "Ana")]
    assert dict(rooms["maths-4b"]["seats"]) == {"North": "a pupil", "East": "computer",
                                                "South": "a pupil", "West": "computer"}
    assert rooms["maths-4b"]["score"] == north.hand().score
    assert [(s["name"], s["held"], s["yours"]) for s in north.seats()] == [
        ("North", True, True), ("East", False, False), ("South", True, False),
        ("West", False, False)]
    assert rooms["maths-4b"]["to_move"] == "South" and rooms["maths-4b"]["actions"] == 2


def test_undo_is_the_teachers_and_every_page_follows(stores):
    north, south = pupils(stores)
    assert not hasattr(north, "undo")                    # no undo for a pupil
    play_first_legal(north)
    shown = south.poll().count                           # South's page shows North's card
    room = south.room
    Teacher(stores()).undo("maths-4b")
    # A kernel that has not seen the undo cannot append on the old hand, even at the count
    # the room holds now.
    assert south.store.append("maths-4b", room.id, room.generation, 1, [1, "2C"]) is None
    assert south.store.append("maths-4b", room.id, room.generation, 0, [0, "2C"]) is None
    with pytest.raises(RaceLost, match="the teacher took back"):
        south.play(south.view().hand[0], seq=shown)
    assert south.poll().count == 0 and south.hand().history == []
    assert north.poll().your_turn
    assert Teacher(stores()).rooms()[0]["actions"] == 0


def test_the_teacher_resets_frees_a_seat_and_closes_a_room(stores):
    north, south = pupils(stores)
    teacher = Teacher(stores())
    play_first_legal(north)
    teacher.reset("maths-4b", seed=99)
    north.poll()
    assert north.hand().history == [] and north.hand().seed == 99 and north.holds_seat()
    teacher.free_seat("maths-4b", 2)
    polled = south.poll()
    assert not polled.holds_seat and "freed by the teacher" in polled.message
    with pytest.raises(NotYourTurn, match="freed by the teacher"):
        south.play(south.view().hand[0])
    teacher.close("maths-4b")
    with pytest.raises(RoomGone):
        north.poll()
    with pytest.raises(RoomGone, match="no room 'maths-4b'"):
        teacher.undo("maths-4b")


def test_a_match_room_keeps_the_match_scores(stores):
    watch = stores.table()
    watch.join("match", "watch", game="yukon", seed=4, players=2, match=True, target=20)
    while not watch.match().is_over:
        assert watch.computer_moves() > 0
    match = watch.match()
    room = Teacher(stores()).rooms()[0]
    assert room["scores"] == match.scores and room["over"] and max(match.scores) >= 20
    assert stores().get("match").summary["scores"] == match.scores   # kept with the actions
    again = stores.table()
    again.join("match", "watch")
    assert again.match().scores == match.scores and len(again.match().hands) == len(match.hands)


def test_a_typed_deal_is_dealt_to_every_page(stores):
    hands = ["AS KS QS JS TS", "AH KH QH JH TH"]
    north, south = pupils(stores, room="typed", seats=(0, 1), game="yukon", seed=None,
                          players=2, hands=hands, stock=[])
    assert [str(c) for c in south.view().hand] == hands[1].split()
    assert north.hand().set_up_by_hand


def test_the_projector_and_the_computer_play_a_room_nobody_joined(stores):
    watch = stores.table()
    watch.join("empty", "watch", game="quinto", seed=2, players=3, computer="rule-of-thumb")
    while not watch.hand().is_over:
        watch.computer_moves()
    assert cg.load(watch.hand().to_json()).score == watch.hand().score


# Bad input -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name,problem", [
    ("", "has 0 characters"), ("a" * 41, "has 41 characters"), ("maths 4b", "' ' is not allowed"),
    ("-maths", "starting and ending"), ("clase-ñ", "'ñ' is not allowed"), (42, "got int"),
])
def test_bad_room_names_say_what_is_allowed(name, problem):
    with pytest.raises(RoomError) as error:
        check_name(name)
    message = str(error.value)
    assert problem in message and "letters a-z, digits, '-' or '_'" in message
    assert "a" * 25 not in message                       # at most a short piece of the input


def test_room_names_are_taken_in_lower_case():
    assert check_name(" Maths-4B ") == "maths-4b"


def test_bad_seats_and_holders_say_what_is_allowed(stores):
    north, south = pupils(stores)
    table = stores.table()
    with pytest.raises(RoomError, match="seat 4: room 'maths-4b' has seats 0 to 3 \\(North, East, South, West\\)"):
        table.join("maths-4b", 4, new_holder())
    with pytest.raises(RoomError, match="a seat number, or 'watch'"):
        table.join("maths-4b", "north", new_holder())
    with pytest.raises(RoomError, match="not a page's token"):
        table.join("maths-4b", 1, "short")
    with pytest.raises(SeatTaken, match="South is taken"):
        table.join("maths-4b", 2, new_holder())
    with pytest.raises(RoomError, match="seq 'x': the number of actions the page had seen"):
        north.play(north.view().hand[0], seq="x")
    with pytest.raises(RoomGone, match="first to open it says which game"):
        table.join("nowhere", 0, new_holder())


def test_a_pupil_named_in_the_room_is_named_when_his_seat_is_asked_for(stores):
    table = stores.table()
    table.join("named", 0, new_holder(), pupil="Ana", game="yukon", seed=1)
    with pytest.raises(SeatTaken, match="North is taken by Ana; free seats: East, South, West"):
        stores.table().join("named", 0, new_holder())


def test_quintos_dummy_is_no_seat_to_join(stores):
    table = stores.table()
    table.join("three", 0, new_holder(), game="quinto", seed=1, players=3)
    with pytest.raises(RoomError, match="East is played by West this hand; free seats: South, West"):
        stores.table().join("three", 1, new_holder())


def test_bad_room_settings_are_refused_before_anything_is_stored(stores):
    table = stores.table()
    with pytest.raises(RoomError, match="choose one of rule-of-thumb, search"):
        table.join("bad", 0, new_holder(), game="yukon", computer="random")
    with pytest.raises(RoomError, match="5 to 3600"):
        table.join("bad", 0, new_holder(), game="yukon", timeout=1)
    with pytest.raises(cg.OptionError):
        table.join("bad", 0, new_holder(), game="yukon", players=9)
    with pytest.raises(RoomError, match="a seed or typed hands"):
        table.join("bad", 0, new_holder(), game="yukon", seed=1, hands=["AS"], stock=[])
    assert Teacher(stores()).rooms() == []


def test_a_store_url_that_is_neither_sqlite_nor_redis_is_refused():
    from cardgames.rooms import open_store

    with pytest.raises(RoomError, match="redis://host:port/db"):
        open_store("postgres://somewhere/rooms")


def test_the_rooms_import_no_widget():
    import subprocess
    import sys

    code = ("import sys, cardgames.rooms, cardgames.rooms.teacher; "
            "print(sorted(m for m in ('ipywidgets', 'traitlets', 'anywidget') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.replace("'", '"')) == []


# Redis alone: the server restarted ---------------------------------------------------------

def test_redis_rooms_survive_a_redis_restart(tmp_path):
    if RedisStore is None or redis_server() is None:
        pytest.skip("redis-server or the 'redis' package is not installed")
    server = LocalRedis(tmp_path / "redis").start()
    try:
        store = RedisStore(server.url)
        table = RoomTable(store)
        table.join("kept", 0, new_holder(), game="yukon", seed=3)
        play_first_legal(table)
        history = table.hand().history
        store.close()
        port = server.port
        server.stop()                                    # written to the append-only file
        server = LocalRedis(tmp_path / "redis", port=port).start()
        again = RoomTable(RedisStore(server.url))
        again.join("kept", "watch")
        assert again.hand().history == history
        again.store.close()
    finally:
        server.stop()


def test_a_redis_waiter_is_woken_by_a_play(redis_url, tmp_path):
    stores = Stores("redis", tmp_path, redis_url)
    north, south = pupils(stores)
    version = south.version
    woke = {}
    # (The waits are for 600 s: a waiter still waiting after 20 s was not woken.)
    waiter = threading.Thread(target=lambda: woke.update(p=south.poll(version, timeout=600)),
                              daemon=True)
    waiter.start()
    play_first_legal(north)
    waiter.join(timeout=20)
    assert not waiter.is_alive() and woke["p"].changed and woke["p"].count == 1
    # The teacher's changes wake it too; a closed room is said at once.
    waiter = threading.Thread(target=lambda: woke.update(p=south.poll(timeout=600)), daemon=True)
    waiter.start()
    Teacher(stores()).undo("maths-4b")
    waiter.join(timeout=20)
    assert not waiter.is_alive() and woke["p"].changed and woke["p"].count == 0

    def closed():
        try:
            south.poll(timeout=600)
        except RoomGone as error:
            woke["gone"] = str(error)

    waiter = threading.Thread(target=closed, daemon=True)
    waiter.start()
    Teacher(stores()).close("maths-4b")
    waiter.join(timeout=20)
    assert not waiter.is_alive() and "closed by the teacher" in woke["gone"]
    stores().flush()
    stores.close()


def test_the_load_benchmark_runs_and_prints_its_figures():
    # A tiny run (the figures themselves are the script's to measure: benchmarks/README.md).
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "rooms_load.py", "--rooms", "1", "--pupils", "2",
                           "--game", "guinote", "--seconds", "2", "--think", "0.05",
                           "--store", "sqlite"],
                          cwd=root / "benchmarks", capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "click to every other pupil's poll: median" in done.stdout, done.stdout[-2000:]


def test_the_docs_rooms_example_runs(tmp_path, monkeypatch):
    import re
    from pathlib import Path

    docs = (Path(__file__).resolve().parent.parent / "docs" / "rooms.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```python\n(.*?)```", docs, flags=re.S)
                 if "cardgames.rooms" in b)
    monkeypatch.setenv("CARDGAMES_ROOMS", str(tmp_path / "rooms.sqlite3"))
    namespace: dict = {}
    exec(block, namespace)
    table, teacher = namespace["table"], namespace["teacher"]
    played = table.count                                            # 6H and the computer's
    polled = table.poll()
    assert polled.count == played - 1                               # the teacher's undo...
    assert not polled.holds_seat                                    # ...and free_seat
    assert len(teacher.rooms()) == 8                                # class-4b-8 closed
    assert namespace["slips"][0].watch in namespace["html"]
