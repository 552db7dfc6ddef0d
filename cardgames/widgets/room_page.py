"""A room's page in the browser: the board of a :class:`cardgames.rooms.page_session.RoomSession`,
and the poll loop that keeps it up to date.

``RoomPage(session)`` draws the session with the same :class:`~cardgames.widgets.board.Board`
as the table. The board's state asks the browser once for its holder token (kept in the
browser's ``localStorage``, so a reloaded page finds its seat); it comes back as a board message
``{"type": "holder", "token": ...}``, checked by ``cardgames.rooms.check_holder`` (a crafted one
is refused and changes nothing), and again every 10 s while the page is open: the sign that the
pupil is there (a closed page's kernel runs on for a while, and must not hold the seat). Clicks are the board's usual messages; a click aimed at a board
that has changed since is refused and said. Under the board, as at a table alone, the Score sheet
and the Story of the hand (the whole hand from its first action, even on a page opened late or
reloaded), drawn only while open.

:meth:`RoomPage.start` runs the poll loop as an asyncio task on the kernel's own event loop (no
thread: it never runs at the same time as a click's handler): every :data:`POLL_SECONDS` it runs
``session.tick()`` (cheap while nothing changed) and redraws the board when the room changed.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import ipywidgets as widgets

from .. import table_words
from .. import score_sheet
from ..rooms.room import RoomError
from ..rooms.page_session import RoomSession
from .board import Board, UserEvent
from .table import PANEL_CSS

__all__ = ["RoomPage", "POLL_SECONDS"]

LOG = logging.getLogger("cardgames.rooms")
#: How often the page's kernel looks at the room (at most 0.2 s, so that a card played shows on
#: the other pages as good as at once).
POLL_SECONDS = 0.1


class RoomPage:
    """The board of one page at a room, and its poll loop (see the module's doc)."""

    def __init__(self, session: RoomSession, *, fill: bool = False, animate: bool = True):
        self.session = session
        self.fill = fill
        self.animate = animate
        self._seq = 0
        self._count = session.count       # the room's action count when the board was drawn
        self._drawn: dict[str, Any] | None = None
        self._task: asyncio.Task | None = None
        self.board = Board(faces=session.pack.sprite())
        self.board.on_user(self._on_board)
        # the score sheet and the story of the hand, as at a table alone: drawn while open
        self.score = widgets.HTML()
        self.score.add_class("cg-score")
        self.story = widgets.HTML()
        self.story.add_class("cg-story")
        self.panels = widgets.Accordion([widgets.VBox([self.score]), widgets.VBox([self.story])],
                                        titles=("Score sheet", "Story of the hand"))
        self.panels.add_class("cg-panels")
        self.panels.observe(lambda _change: self.refresh_panels(), names="selected_index")
        self.widget = widgets.VBox([widgets.HTML(PANEL_CSS), self.board, self.panels])
        self.widget.add_class("cg-app-table")
        self.widget.add_class("cg-room-page")
        self.redraw()

    # -- drawing -------------------------------------------------------------------------------

    def redraw(self, force: bool = False) -> None:
        """Give the board the session's state (numbered anew only when it changed)."""
        state = self.session.state(seq=0, fill=self.fill, animate=self.animate)
        faces = self.session.pack.sprite()
        if self.board.faces != faces:       # the room was opened again with another pack
            self.board.faces = faces
        if force or state != self._drawn:
            self._drawn = state
            self._seq += 1
            self._count = self.session.count
            self.board.state = {**state, "seq": self._seq}
            self.refresh_panels()

    def refresh_panels(self) -> None:
        """The open panel, drawn again from the room's hand (a closed one costs nothing)."""
        session = self.session
        if self.panels.selected_index == 0:
            self.score.value = score_sheet.score_sheet_html(session.hand, session.names, session.match,
                                                            pack=session.pack)
        elif self.panels.selected_index == 1:
            self.story.value = table_words.story_html(session.story())

    # -- what the browser sends ----------------------------------------------------------------

    def _on_board(self, event: UserEvent) -> None:
        session = self.session
        if event.type == "holder":
            if session.wants_holder():
                session.take_seat(event.token)
                self.redraw(force=True)
            else:                   # the browser's sign of life (a crafted token counts nothing)
                session.heard(event.token)
            return
        if event.seq != self._seq:
            session.stale()
            self.redraw(force=True)
            return
        if event.type == "play":
            session.play(event.card, seq=self._count)
        elif event.type == "action":
            session.take_action(event.action_id, seq=self._count)
        elif event.type == "button":
            session.press(event.button)
        self.redraw(force=True)

    # -- the poll loop -------------------------------------------------------------------------

    def tick(self) -> bool:
        """One turn of the poll loop: True if the board was drawn again."""
        try:
            changed = self.session.tick()
        except RoomError as error:          # a broken room: said on the page, the loop stops
            self.session.closed = True
            self.session._fail(error)
            changed = True
        except Exception as error:  # noqa: BLE001 - the loop goes on; the page says so
            LOG.exception("room %s: the poll failed", self.session.room_name)
            self.session.message_lines = [
                "The room could not be read just now; the page keeps trying "
                f"({type(error).__name__}: {str(error)[:120]})."]
            self.session.message_is_error = True
            self.redraw()
            return False
        if changed:
            self.redraw()
        return changed

    async def _loop(self) -> None:
        while not self.session.closed:
            self.tick()
            await asyncio.sleep(POLL_SECONDS)

    def start(self) -> bool:
        """Run the poll loop on the kernel's event loop; False where there is none running
        (plain Python: call :meth:`tick` yourself)."""
        if self._task is not None and not self._task.done():
            return True
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        self._task = loop.create_task(self._loop())
        return True

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)
