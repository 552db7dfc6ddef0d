"""A page at a room, headless: what a pupil's page (``/join/CODE``) or the projector's
(``/watch/CODE``) shows and does, drawn by the same board as the table.

:class:`RoomSession` is a :class:`cardgames.session.TableSession` whose hand is not its own:
it is the room's, replayed from the store by a :class:`~cardgames.rooms.room_table.RoomTable`. It
reuses the session's words (the prompt, the coach, the hint, the message line) and
:func:`cardgames.board_state.board_state`, but the cards it gives the board are only what the
page may see (``hand.view(seat)``; the projector: :class:`~cardgames.rooms.room_table.WatchView`),
its plays go to the room (``RoomTable.play``, refused out of turn or when another action came
first), and its buttons are the pupil's: Hint; undo, redo, stepping and new deals are the
teacher's.

The apps' server runs :meth:`RoomSession.tick` for each page ten times a second
(:mod:`cardgames.rooms.room_server`, one session per WebSocket): it polls the store (cheap while
nothing changed), says in words what the others did, lets the computer play the free or
abandoned seats once a pupil has joined the room, and tells the page to redraw when the room
changed. Nothing here imports a
widget::

    page = RoomSession.open("maths-4b", 0, game="yukon", seed=7)   # the room, face down
    page.take_seat(holder)       # the token the browser keeps: now North's cards show
    page.play("6H", seq=page.count)
    page.tick()                  # True when the page must be drawn again
    page.state(seq=1)            # the board's state: what North may see, no more
"""

from __future__ import annotations

import time
from typing import Any

from .. import table_words
from ..board_state import BUTTONS, board_state
from ..cards import Card
from ..engine import IllegalAction, Match, Move
from ..games import get_game
from ..packs import get_pack
from ..players import make_player
from ..session import TableSession
from .room import WATCH, RoomError, RoomGone, check_holder
from .room_table import Joined, RoomTable, WatchView
from .store import RoomStore

__all__ = ["RoomSession", "PUPIL_BUTTONS", "QUIET", "STALL"]

#: The board's buttons a room's page shows: the rest (undo, redo, stepping) are the teacher's.
PUPIL_BUTTONS = ("hint",)
#: Seconds without word from the pupil's browser (it sends its token when asked, then every
#: 10 s) after which the page stops saying that the pupil is there: a closed page's kernel runs
#: on for a while, and its pupil must not keep the seat from the computer meanwhile.
QUIET = 25.0
#: Seconds a computer's turn may wait for the room's first present page to play it before any
#: other page of the room plays it (that page's kernel may have died).
STALL = 1.5


class RoomSession(TableSession):
    """One page at a room (see the module's doc). Make it with :meth:`open`."""

    def __init__(self, table: RoomTable, seat: int | None, pupil: str | None = None,
                 clock=time.monotonic):
        # A TableSession's state, without dealing a hand of its own: the room's is adopted.
        self.table = table
        self.wanted_seat = seat          # the seat the link asks for (None: watch)
        self.pupil = pupil
        self.clock = clock
        self.last_error: BaseException | None = None
        self.last_traceback = ""
        self.message_lines: list[str] = []
        self.message_is_error = False
        self.message_detail = ""
        self.log: list[tuple[int, str]] = []
        self._pending: list[str] = []
        self._busy = False
        self.coach = True
        self._names_given = None
        self.between_hands = False
        # a finished trick lies on the cloth until the next card (no page puts it away alone)
        self.pace = "none"
        self.trick_seen = 0
        self.reviewed = None
        self.review_step = None
        self._review_position = None
        self._redo = []
        self._declined = ()
        self.hinted = None
        self._solved = None
        self.opened_at = None
        self.seed = None                 # never shown: it would deal every hidden hand again
        self.auto = False
        self.opponents = table.room.computer
        self.advisor = make_player("rule-of-thumb", 0)
        self.settings = {}
        self.closed = False              # the room was closed or expired: the page stops
        self.joined: Joined | None = None
        self.refusal = ""                # why the seat was refused, if it was
        self._turn_seen: tuple[int, float] | None = None
        self._heard = clock()            # when the browser last sent its token
        self._adopt()
        self._mark()

    @classmethod
    def open(cls, room: str, seat: int | str | None, *, game: str | None = None,
             pupil: str | None = None, store: RoomStore | None = None,
             clock=time.monotonic, **settings: Any) -> "RoomSession":
        """Open the page of ``room`` for ``seat`` (a number, or None / ``"watch"`` for the
        projector): the room is opened with ``game`` and ``settings`` (``seed`` or typed
        ``hands``/``stock``, ``players``, the game's options) if nobody opened it yet, and shown
        face down until :meth:`take_seat` is given the holder token the browser keeps."""
        watching = seat is None or isinstance(seat, str) and seat.strip().lower() == WATCH
        table = RoomTable(store)
        joined = table.join(room, WATCH, game=game, **settings)
        page = cls(table, None if watching else int(seat), pupil=pupil, clock=clock)
        page.joined = joined
        page.say([page._welcome(joined)], record=False)
        page._show_pending()
        return page

    # -- the room's hand, adopted --------------------------------------------------------------

    def _adopt(self) -> None:
        table = self.table
        target = table.target
        self.match = target if isinstance(target, Match) else None
        self._hand = None if self.match is not None else target
        self.game = get_game(table.room.game)
        self.pack = get_pack(table.room.faces)
        self.names = table.seat_names()
        self.seat = table.seat if table.holds_seat() else None
        # the projector shows the hands face up only if the teacher opened them; a pupil's
        # page never does (not even one refused its seat, which shows the room face down)
        self.open_hands = self.wanted_seat is None and table.room.open_hands

    def _mark(self) -> None:
        """Remember what the page has been told, to say later what changed since."""
        hand = self.hand
        room = self.table.room
        self._told = (room.id, room.generation, hand, table_words.Snapshot(hand), self.table.version,
                      self.table.holds_seat())

    @property
    def count(self) -> int:
        """The number of actions in the room as this page has it (a click's ``seq``)."""
        return self.table.count

    @property
    def room_name(self) -> str:
        return self.table.name

    def holds_seat(self) -> bool:
        return self.table.holds_seat()

    def wants_holder(self) -> bool:
        """Does the page wait for the browser's holder token (a pupil's page not seated yet)?"""
        return self.wanted_seat is not None and self.table.seat is None and not self.closed \
            and not self.refusal

    # -- what the page may see -----------------------------------------------------------------

    def view(self):
        """What this page may see: ``hand.view(seat)`` while it holds its seat, else the
        projector's :class:`WatchView` (face down unless the teacher opened the hands for it)."""
        if self.holds_seat():
            return self.table.view()
        return WatchView(self.hand, self.open_hands)

    def visible_hands(self) -> list[list[Card | None]]:
        return [list(row) for row in self.view().hands]

    def user_controls(self, seat: int) -> bool:
        return self.holds_seat() and not self.closed and self.hand.controller(seat) == self.seat

    def is_computer(self, seat: int) -> bool:
        return self.table.is_computer(self.hand.controller(seat))

    def user_open_actions(self):
        if not self.holds_seat() or self.closed:
            return []
        return super().user_open_actions()

    def controls(self) -> dict[str, bool]:
        hand = self.hand
        mover = hand.to_move
        hint = not hand.is_over and (mover is not None and self.user_controls(mover)
                                     or bool(self.user_open_actions()))
        return {name: name == "hint" and hint for name in BUTTONS}

    def seats_words(self) -> list[str]:
        """Who plays each seat, for the board's badges: "you", a pupil's name, "computer"."""
        words = []
        for seat in self.table.seats():
            if seat["yours"]:
                words.append("")
            elif not seat["held"] or self.hand.controller(seat["seat"]) != seat["seat"]:
                words.append("computer" if self.hand.controller(seat["seat"]) == seat["seat"] else "")
            elif seat["present"]:
                words.append(seat["pupil"] or "pupil")
            else:
                words.append(f"{seat['pupil'] or 'pupil'} away")
        return words

    def prompt(self) -> str:
        hand = self.hand
        if self.closed:
            return ""
        if self.match is not None and self.match.is_over:
            return f"The match is over: {self.words(self.match.end_reason)}."
        if hand.is_over:
            return "The hand is over: the teacher deals the next one."
        mover = hand.to_move
        if mover is not None and self.user_controls(mover):
            return super().prompt()
        if self.user_open_actions():
            return "You may take an action shown now."
        if mover is None:
            return ""
        name = self.names[hand.controller(mover)]
        if self.table.seat is None:
            return f"{name} to move."
        return f"{name} to move: wait for {name}'s card."

    def turn_words(self) -> str:
        """Whose turn it is, for a card tapped out of turn."""
        hand = self.hand
        mover = hand.to_move
        if hand.is_over or mover is None:
            return "the hand is over"
        return f"it is {self.names[hand.controller(mover)]}'s turn, not yours"

    def state(self, seq: int = 0, **looks: Any) -> dict[str, Any]:
        """The board's state for this page: ``board_state`` of what the page may see, with the
        pupil's buttons only, who plays each seat, and the room in the caption."""
        state = board_state(self, seq=seq, **looks)
        keep = PUPIL_BUTTONS if self.wanted_seat is not None else ()   # the projector: none
        state["buttons"] = {n: b for n, b in state["buttons"].items() if n in keep}
        words = self.seats_words()
        for seat in state["seats"]:
            if words[seat["seat"]]:
                seat["badges"] = [*seat["badges"], words[seat["seat"]]]
        mine = self.seat
        if mine is not None and not self.closed and not self.hand.is_over:
            # my cards, tapped out of turn, say whose turn it is (on the page, at once)
            for seat in state["seats"]:
                if seat["seat"] == mine and not seat["clickable"] and seat["cards"] and \
                        all("card" in c for c in seat["cards"]):
                    why = self.turn_words()
                    seat["clickable"] = True
                    seat["cards"] = [{**c, "legal": False, "why": why, "hinted": False}
                                     for c in seat["cards"]]
        # the seat first: a phone's narrow caption keeps its start
        where = f"Room {self.room_name}"
        if self.holds_seat():
            where = f"You are {self.names[self.seat]} · room {self.room_name}"
        elif self.table.seat is None and self.wanted_seat is None:
            where += " · the projector" + (" (hands shown by the teacher)" if self.open_hands else "")
        caption = state["caption"].replace("watching every seat", "").strip(" ·")
        state["caption"] = " · ".join(p for p in (where, caption) if p)
        state["room"] = {"name": self.room_name, "ask_holder": self.wants_holder()}
        room = self.table.room
        if room is not None and (room.notice or room.paused):
            said = ([f"Your teacher says: {room.notice}"] if room.notice else []) + (
                ["The teacher paused the game: wait until it goes on."] if room.paused else [])
            # paused, "your turn" would contradict the pause: only a refusal is kept
            own = state["message"]["lines"] if state["message"]["error"] or not room.paused \
                else []
            state["message"] = {**state["message"], "lines": [*said, *own]}
        return state

    # -- the page's actions --------------------------------------------------------------------

    def take_seat(self, holder: str) -> bool:
        """Sit at the seat the link asks for, as ``holder`` (the token the browser keeps): the
        same token takes the seat back (after a reload, or over another page of the same
        browser); a seat held by another pupil whose page is there is refused, saying by whom
        and which seats are free (the page then shows the room face down). False if refused."""
        return self.run(self._take_seat, holder)

    def heard(self, holder: str) -> None:
        """The browser's token again (every 10 s): the pupil's page is still open."""
        if check_holder(holder) == self.table.holder:
            self._heard = self.clock()

    def _take_seat(self, holder: str) -> None:
        holder = check_holder(holder)
        self._heard = self.clock()
        if self.wanted_seat is None:
            raise RoomError("this page watches the room (seat=watch): it takes no seat")
        try:
            joined = self.table.join(self.room_name, self.wanted_seat, holder, pupil=self.pupil)
        except RoomGone:
            raise
        except RoomError as error:          # taken, out of range, a dummy: the room face down
            self.refusal = str(error)
            self.table.join(self.room_name, WATCH)
            self._adopt()
            self._mark()
            raise
        self.joined = joined
        self.refusal = ""
        self._adopt()
        self._mark()
        took = " (your other page there is told)" if joined.took_over else ""
        self.say([f"You sit at {joined.seat_name} in room {joined.room}{took}."], record=False)

    def play(self, action: "Move | str", seq: int | None = None) -> bool:
        """Play for this page's seat, as a click does: ``seq`` is the room's action count when
        the page was drawn. Refused (False, the reason in the message line) out of turn, when
        the room moved on first, or when the rules forbid it; nothing changes then."""
        return self.run(self._play, action, seq)

    def _play(self, action: "Move | str", seq: int | None) -> None:
        before = self._snapshot_now()
        self.table.play(action, seq=seq)
        self._say_since(before)

    def take_action(self, index: int, seq: int | None = None) -> bool:
        """A named action of the board (its ``id`` in the state's ``actions``)."""
        def act() -> None:
            moves = self.action_moves()
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(moves):
                raise IllegalAction("that action is not offered now: look at the table again")
            self._play(moves[index][1], seq)
        return self.run(act)

    def press(self, name: str) -> bool:
        """A board button: Hint is the pupil's; the others are the teacher's."""
        def pressed() -> None:
            if name == "hint":
                self.hint()
                return
            raise RoomError("undo, redo, stepping and new deals are the teacher's in a room: "
                            "ask your teacher")
        return self.run(pressed)

    def stale(self) -> None:
        """A click aimed at the board as it was before the room changed: nothing was played."""
        self.message_lines = ["The table changed before your click (another play came first): "
                              "nothing of yours was played. Look again."]
        self.message_is_error = True

    def _fail(self, error: BaseException) -> None:
        super()._fail(error)
        if isinstance(error, RoomError):      # the rooms' words are for people already
            text = str(error)
            self.message_lines = [text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")]

    def _welcome(self, joined: Joined) -> str:
        game = get_game(joined.game).title
        opened = "You opened" if joined.opened else "This is"
        if self.wanted_seat is None:
            return f"{opened} room {joined.room}: {game}, {joined.players} players, on the projector."
        return f"{opened} room {joined.room}: {game}, {joined.players} players. Taking your seat…"

    # -- the poll loop's turn ------------------------------------------------------------------

    def _snapshot_now(self):
        hand = self.hand
        return (self.table.room.id, self.table.room.generation, hand, table_words.Snapshot(hand))

    def _say_since(self, before) -> None:
        """Say what changed since ``before`` (a snapshot of the room's hand)."""
        room = self.table.room
        room_id, generation, old_hand, snapshot = before
        self._adopt()
        hand = self.hand
        names = self.names
        reveal = self._reveal_seats(hand)
        if (room_id, generation) != (room.id, room.generation):
            events = ["The teacher took the table back (or dealt again): look again."]
        else:
            events = table_words.describe_changes(snapshot, old_hand, names, reveal_seats=reveal)
            if hand is not old_hand and self.match is not None:
                events.append(f"Hand {len(self.match.hands) + 1} of the match: "
                              f"{names[hand.dealer]} deals.")
        self.say(events)
        self._mark()

    def story(self) -> list[str]:
        """The room's hand so far in words, from its first action (a page opened late or
        reloaded tells it all), naming only what this page may see."""
        return [self.pack.words(line) for line in
                table_words.story_lines(self.hand, self.names, self._reveal_seats(self.hand))]

    def tick(self) -> bool:
        """One turn of the page's poll loop (a few times a second): catch up with the room,
        keep the seat (a sign of life), let the computer play a free or abandoned seat; True
        when the page must be drawn again."""
        if self.closed:
            return False
        room_id, generation, old_hand, snapshot, version, held = self._told
        try:
            polled = self.table.poll(present=self.clock() - self._heard < QUIET)
            moved = self._computer_turn()
        except RoomGone as error:
            self.closed = True
            self._adopt()
            self._fail(error)
            return True
        if not moved and polled.version == version and self.table.holds_seat() == held:
            return False
        self._pending = []
        self._say_since((room_id, generation, old_hand, snapshot))
        self._show_pending()
        if held and not self.table.holds_seat() and polled.message:
            self.message_lines = [polled.message[:1].upper() + polled.message[1:] + "."]
            self.message_is_error = True
        return True

    def _first_present(self) -> bool:
        """Is this page the room's first present one (it plays the computer's seats at once;
        the others wait :data:`STALL` seconds in case its kernel died)?"""
        seats = self.table.seats()
        present = [s["seat"] for s in seats if s["present"]]
        if self.holds_seat():
            return bool(present) and present[0] == self.seat
        return not present and self.wanted_seat is None     # the projector, alone in the room

    def _computer_turn(self) -> bool:
        hand = self.hand
        if hand.is_over or self.wanted_seat is not None and not self.holds_seat():
            return False                     # a pupil's page plays the computers once seated
        if not self.table.room.joined:
            return False                     # nobody has joined: the projector waits for them
        now = self.clock()
        key = self.table.version
        if self._turn_seen is None or self._turn_seen[0] != key:
            self._turn_seen = (key, now)
        if not self._first_present() and now - self._turn_seen[1] < STALL:
            return False
        return self.table.computer_moves(limit=1) > 0
