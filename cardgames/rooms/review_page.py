"""After the lesson: a room's finished hand reviewed on the projector, with no kernel.

``/hands/NAME/N/review?key=...`` (the link "Review on the projector" of the hands' list,
:mod:`cardgames.rooms.hands_page`) is the rooms' own page (:file:`pupil_page.html` and
:file:`pupil_page.js`, the board drawn by ``board.js``) whose WebSocket,
``/hands/NAME/N/review/socket?key=...``, is a :class:`ReviewSocket`: a
:class:`~cardgames.rooms.room_server.PageSocket` whose session is a :class:`HandReview`, a
:class:`~cardgames.session.TableSession` made from the hand's record file
(:meth:`~cardgames.rooms.teacher.Teacher.hand_file`, read with ``cg.load``): every hand open,
the review (:func:`cardgames.review.review`) of any seat's decisions, its steps clicked or
stepped with the arrow keys, as the board does in the apps.

The teacher's key is checked when the page is asked for and again when its socket opens: a
page without it is told so in words and is sent nothing of the hand. The review's search takes
seconds of CPU; it runs in a thread of :data:`REVIEWS` (the search holds the interpreter a few
milliseconds at a time, so the tornado loop that serves every pupil's page goes on answering
meanwhile), and the page says "Reviewing…" with the decisions weighed so far. While a review
is weighed the page's messages are refused in words; a step or a seat of the review names what
to show, not a change from the board as drawn, so one aimed at an older state is still taken.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import quote

from tornado import web
from tornado.ioloop import IOLoop

from .. import table_words
from ..board_state import board_state
from ..engine import Hand
from ..record import load
from ..session import TableSession
from ..stylesheets import stylesheet
from .room import RoomError
from .room_server import PageSocket, RoomsPage, _sentence, _words_page, page_html
from .teacher import KeyRefused, Teacher
from .store import RoomStore

__all__ = ["HandReview", "ReviewSocket", "ReviewPage", "open_hand_review", "review_handlers",
           "review_link", "REVIEWS"]

LOG = logging.getLogger("cardgames.rooms")
#: The threads the reviews' searches run in: two at once at most (two teachers' projectors),
#: the server's loop never among them.
REVIEWS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="hand-review")
#: What the review page refuses while it shows a review (a seat's page plays, this one looks).
ONLY_STEPS = ("this page reviews a finished hand: it takes the review's steps and seats, "
              "not plays or buttons")


class ReviewStopped(Exception):
    """The page closed while its review was weighed: the search stops."""


class HandReview(TableSession):
    """A room's finished hand on the board, every hand open, for the review of any seat.

    Made from the hand's record (JSON text, :mod:`cardgames.record`): the hand is set out at
    its start (``TableSession.replay``) and played forward to its end, so the session's story
    and undo are those of the hand. ``title`` heads the board's caption; ``budget`` is the
    review's search playouts per decision (``TableSession.review_budget``)."""

    def __init__(self, record: str, title: str, *, faces: str | None = None,
                 budget: int | None = None):
        hand = load(record)
        if not isinstance(hand, Hand) or not hand.is_over:
            raise RoomError("the review needs a finished hand's record")
        super().__init__(hand.game, seat=None, open_hands=True, auto=False, pace="none",
                         faces=faces)
        if budget is not None:
            self.review_budget = budget
        self.title = title
        self.closed = False          # a room's page stops when its room closes; this never does
        self.run(self._set_out, hand, raising=True)
        #: the seat drawn at the bottom, its cards the big row: the one whose decisions are
        #: reviewed (or weighed now)
        self.seat_in_view = self.review_seats()[0]

    def _set_out(self, hand: Hand) -> None:
        self.replay(hand)
        while self.controls()["forward"]:
            self.forward_one()
        self.say([f"{self.title}: every hand open. Reviewing…"], record=False)

    @property
    def count(self) -> int:
        """The actions of the hand (the room's pages give a click's ``seq`` from it)."""
        return len(self.played_hand.history)

    def story(self) -> list[str]:
        """The whole hand in words, every card named (every hand is open)."""
        hand = self.played_hand
        return [self.pack.words(line) for line in
                table_words.story_lines(hand, self.names, list(range(hand.seats)))]

    def state(self, seq: int = 0, **looks: Any) -> dict[str, Any]:
        """The board's state: the hand (at the review's step), the reviewed seat at the bottom,
        no buttons (the review is the page's whole business), the room and hand in the
        caption."""
        state = board_state(self, seq=seq, **looks)
        seat = self.reviewed.seat if self.reviewed is not None else self.seat_in_view
        state["bottom"] = state["hand_seat"] = seat
        state["buttons"] = {}
        state["caption"] = f"{self.title} · the review, every hand open"
        return state

    def reviewing_state(self) -> dict[str, Any]:
        """The board while a review is weighed: the hand as it ended, no review strip (its
        steps are not known yet)."""
        state = self.state()
        state["review"] = None
        return state


def open_hand_review(store: RoomStore, key: str, name: str, number: int, *,
                     budget: int | None = None) -> HandReview:
    """Hand ``number`` of room ``name`` as a :class:`HandReview`, the teacher's ``key`` checked
    (``KeyRefused``; an unknown room or hand, or one not finished: ``RoomError``)."""
    teacher = Teacher(store, key=key)
    record = teacher.hand_file(name, number)
    room = store.get(name)
    faces = room.faces if room is not None else None
    return HandReview(record, f"Room {name}, hand {number}", faces=faces, budget=budget)


class ReviewSocket(PageSocket):
    """The review page's socket: a :class:`HandReview`, the review weighed off the loop, the
    board's ``step`` and ``review_seat`` messages (see the module's doc)."""

    def initialize(self, hub: Any, budget: int | None = None) -> None:  # type: ignore[override]
        super().initialize(hub)
        self.budget = budget
        self.weighing = False
        self.gone = False
        # the board while a review is weighed, built before the search starts: the loop reads
        # nothing of the session while the review's thread works on it
        self._weighing_state: dict[str, Any] = {}

    def open(self, name: str, number: str) -> None:  # type: ignore[override]
        if not self.admit():
            return
        try:
            session = open_hand_review(self.hub.store, self.get_argument("key", ""), name,
                                       int(number), budget=self.budget)
        except RoomError as error:
            LOG.warning("review of room %s hand %s refused: %s", name, number, error)
            self._end(_sentence(str(error)))
            return
        self.session = session
        self.room = name
        self.weigh(None)

    def on_close(self) -> None:
        self.gone = True
        super().on_close()

    def weigh(self, seat: int | None) -> None:
        """Weigh ``seat``'s decisions (None: the first seat) in a thread of :data:`REVIEWS`;
        the page shows the hand as it ended and "Reviewing…" meanwhile."""
        session = self.session
        assert isinstance(session, HandReview)
        session.close_review()
        session.seat_in_view = session.review_seats()[0] if seat is None else seat
        whose = session.names[session.seat_in_view]
        self._weighing_state = session.reviewing_state()
        self.weighing = True
        self._show_weighing(f"Reviewing {whose}'s decisions…")
        IOLoop.current().spawn_callback(self._weigh, session, seat, whose)

    async def _weigh(self, session: HandReview, seat: int | None, whose: str) -> None:
        loop = IOLoop.current()

        def progress(done: int, total: int) -> None:       # in the review's thread
            if self.gone:
                raise ReviewStopped()
            loop.add_callback(self._show_weighing, f"Reviewing {whose}'s decisions: "
                              f"{done} of {total} weighed…")

        try:
            await asyncio.get_running_loop().run_in_executor(
                REVIEWS, lambda: session.run(session.open_review, seat, None, progress))
        finally:
            self.weighing = False
        if not self.gone:
            self.redraw(force=True)

    def _show_weighing(self, words: str) -> None:
        if not self.weighing or self.gone:
            return
        self._seq += 1
        message = {"lines": [words], "error": False, "detail": ""}
        self._send({"type": "state", "state": {**self._weighing_state, "seq": self._seq,
                                               "message": message}})

    def on_message(self, message: str | bytes) -> None:
        session = self.session
        if session is None:
            return
        event = self.read(message)
        if event is None:
            return
        if self.weighing:
            self.refuse("the hand is being reviewed: wait a moment, then click again")
        elif event.type == "step":
            session.run(session.review_go, event.step)
            self.redraw(force=True)
        elif event.type == "review_seat":
            seats = session.review_seats()
            if event.seat not in seats:
                offered = ", ".join(f"{s} ({session.names[s]})" for s in seats)
                self.refuse(f"seat {event.seat} has no decisions to review here: the seats "
                            f"are {offered}")
            else:
                self.weigh(event.seat)
        else:
            self.refuse(ONLY_STEPS)


class ReviewPage(RoomsPage):
    """``/hands/NAME/N/review?key=...``: the page; the hand itself comes over its socket."""

    def get(self, name: str, number: str) -> None:
        key = self.get_argument("key", "")
        title = f"Room {name}, hand {number}: the review"
        try:
            Teacher(self.hub.store, key=key).hand_file(name, int(number))
        except KeyRefused as error:
            self.set_status(403)
            self.finish(_words_page(title, _sentence(str(error))))
            return
        except RoomError as error:
            self.set_status(404)
            self.finish(_words_page(title, _sentence(str(error))))
            return
        socket = f"/hands/{quote(name)}/{int(number)}/review/socket?key={quote(key)}"
        self.finish(page_html(title, socket, f"<style>{PROJECTOR_STYLE}</style>", "review"))


#: The review page at a projector's size (a room's page keeps to 1400 px): ``review_page.css``
#: beside this module.
PROJECTOR_STYLE = stylesheet("rooms/review_page.css")


def review_handlers(hub: Any, prefix: str = "/", budget: int | None = None,
                    ) -> list[tuple[str, type, dict[str, Any]]]:
    """The review page and its socket (``hub``: the rooms' :class:`RoomHub`, for its store and
    its count of pages per address; ``budget``: the review's playouts per decision, None for
    ``TableSession.review_budget``)."""
    root = prefix.rstrip("/")
    hand = r"/hands/([a-z0-9_-]{1,40})/([0-9]{1,4})/review"
    return [(rf"{root}{hand}", ReviewPage, {"hub": hub}),
            (rf"{root}{hand}/socket", ReviewSocket, {"hub": hub, "budget": budget})]


def review_link(name: str, number: int, key: str = "") -> str:
    """The review page's address of hand ``number`` of room ``name`` (the key in its query)."""
    query = f"?key={quote(key)}" if key else ""
    return f"/hands/{quote(name)}/{number}/review{query}"

