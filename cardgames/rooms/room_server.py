"""The rooms' pages on the apps' server: a pupil's page and the projector's, without a kernel.

A pupil opens ``/join/CODE`` (the link on the slip, its QR code, or ``/join`` where the code and
a name are typed); the projector ``/watch/CODE``. The page is plain HTML with the board's own
``board.js`` and ``board.css`` (:file:`pupil_page.html`, :file:`pupil_page.js`): a small model
object speaks anywidget's ``get``/``set``/``on``/``send`` over a WebSocket
(``/rooms/socket/join/CODE``), so the table is drawn by the same code as in the apps. The server
keeps the rules: each socket has a :class:`~cardgames.rooms.page_session.RoomSession` (the
page's seat, what it may see, the words), and sends the page the board's state built from what
its seat may see, the score sheet and the story of the hand. What the page sends is checked by
``cardgames.widgets.board.check_message`` (size, JSON, fields) before anybody acts on it.

A pupil's link never opens a room: an unknown code is answered "no such room: ask your
teacher". Every :data:`TICK_SECONDS` the server lets each page catch up with its room (what the
teacher or another server changed, the computer's turns); a play reaches the other pages of the
room on the same server at once. Nothing here imports a widget library; tornado is the server's.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import Counter
from html import escape
from pathlib import Path
from string import Template
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlencode

from tornado import web, websocket
from tornado.ioloop import IOLoop, PeriodicCallback

from .. import score_sheet, table_words
from .join_codes import check_code, qr_svg, room_codes, seat_code
from .page_session import RoomSession
from .room import WATCH, RoomError, RoomGone, check_pupil_name
from .room_table import seat_names
from .store import RoomStore, open_store

if TYPE_CHECKING:
    from ..widgets.board import UserEvent

__all__ = ["RoomHub", "room_handlers", "MAX_PER_ADDRESS", "MAX_SOCKET_BYTES", "TICK_SECONDS"]

LOG = logging.getLogger("cardgames.rooms")
HERE = Path(__file__).resolve().parent
WIDGETS = HERE.parent / "widgets"
#: The files a room's page loads besides itself (nothing else is served from these folders).
STATIC = {"board.js": WIDGETS, "board.css": WIDGETS, "table_panels.css": WIDGETS,
          "pupil_page.js": HERE}
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
#: A socket message longer than this is refused by the server unread (a board's is ~50 bytes).
MAX_SOCKET_BYTES = 1024
#: Pages open at once from one address (a class behind one school router counts as one).
MAX_PER_ADDRESS = 60
#: Seconds between two looks of every page at its room.
TICK_SECONDS = 0.1
NO_ROOM = "No such room: ask your teacher for your code or link."
#: Seconds between two reads of every room's codes: a flood of made-up codes costs one read of
#: the rooms' names each and one read of every room a second, not one each. A room opened since
#: the last read is read at once (its name is new), so a pupil who types his code the moment
#: the teacher opens the room finds it.
RESCAN_SECONDS = 1.0


class RoomHub:
    """The server's rooms: the store, the pages open on this server, the codes it has seen."""

    def __init__(self, store: RoomStore | None = None, max_per_address: int = MAX_PER_ADDRESS):
        self.store = store if store is not None else open_store()
        self.max_per_address = max_per_address
        self.pages: set[PageSocket] = set()
        self.addresses: Counter[str] = Counter()
        self._codes: dict[str, tuple[str, int | str]] = {}
        self._names: set[str] = set()
        self._scanned = float("-inf")
        self._timer: PeriodicCallback | None = None
        self._stop = threading.Event()

    def find(self, code: str) -> tuple[str, int | str] | None:
        """The room and seat (a number, or ``"watch"``) of a code; None if no open room has it.
        Raises RoomError for a code of the wrong shape."""
        code = check_code(code)
        known = self._codes.get(code)
        if known is not None:
            room = self.store.get(known[0], start=1 << 30)
            if room is not None and seat_code(room, known[1]) == code:
                return known
        names = set(self.store.names())
        now = time.monotonic()
        if now - self._scanned >= RESCAN_SECONDS:
            self._scanned = now
            self._codes.clear()
            self._read_codes(names)
        else:
            self._read_codes(names - self._names)
        self._names = names
        return self._codes.get(code)

    def _read_codes(self, names: set[str]) -> None:
        for name in names:
            room = self.store.get(name, start=1 << 30)
            if room is not None:
                for seat, each in room_codes(room).items():
                    self._codes[each] = (room.name, seat)

    def seat_links(self, name: str, base: str) -> list[tuple[str, str, str]]:
        """Each seat's (name, code, link) of room ``name``, for the projector's QR codes."""
        room = self.store.get(name)
        if room is None:
            return []
        from .room_table import build
        from ..engine import Match

        target = build(room)
        hand = target.hand if isinstance(target, Match) else target
        names = seat_names(hand)
        codes = room_codes(room)
        return [(names[s], codes[s], f"{base}/join/{codes[s]}")
                for s in range(len(room.seats)) if hand.controller(s) == s]

    # -- the pages ---------------------------------------------------------------------------

    def add(self, page: "PageSocket") -> None:
        self.pages.add(page)
        if self._timer is None:
            self._timer = PeriodicCallback(self.tick, TICK_SECONDS * 1000)
            self._timer.start()
            listen = getattr(self.store, "listen", None)      # Redis: its pub/sub
            if listen is not None:
                loop = IOLoop.current()
                threading.Thread(target=self._listen, args=(listen, loop), daemon=True,
                                 name="rooms-pubsub").start()

    def _listen(self, listen, loop: IOLoop) -> None:
        """A thread of its own: each change another server published wakes this server's pages
        of that room at once (the tick would see it within TICK_SECONDS)."""
        try:
            listen(lambda room: loop.add_callback(self.tick, room), self._stop)
        except Exception:  # noqa: BLE001 - the tick still reads every room's version
            LOG.exception("the rooms' pub/sub listener stopped")

    def stop(self) -> None:
        """Stop the tick and the pub/sub listener."""
        self._stop.set()
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def remove(self, page: "PageSocket") -> None:
        self.pages.discard(page)

    def tick(self, room: str | None = None, but: "PageSocket | None" = None) -> None:
        """Let every page (of ``room``) catch up with its room and send what changed."""
        for page in list(self.pages):
            if page is not but and (room is None or page.room == room):
                page.tick()


class PageSocket(websocket.WebSocketHandler):
    """One page at a room: its session, and the states sent to it."""

    def initialize(self, hub: RoomHub) -> None:
        self.hub = hub
        self.session: RoomSession | None = None
        self.room: str | None = None
        self.address = ""
        self._seq = 0
        self._count = 0
        self._drawn: dict[str, Any] | None = None
        self._panels: tuple[str, str] | None = None

    @property
    def max_message_size(self) -> int:
        return MAX_SOCKET_BYTES

    def admit(self) -> bool:
        """Count the page against its address's limit; False (the page told, the socket
        closed) when that address has :attr:`RoomHub.max_per_address` pages open already."""
        self.address = self.request.remote_ip or ""
        hub = self.hub
        if hub.addresses[self.address] >= hub.max_per_address:
            self._end(f"Too many pages are open from this address ({hub.max_per_address} at "
                      "most): close some, then reload.")
            return False
        hub.addresses[self.address] += 1
        return True

    def open(self, kind: str, code: str) -> None:
        if not self.admit():
            return
        hub = self.hub
        try:
            found = hub.find(code)
            if found is None or (found[1] == WATCH) != (kind == WATCH):
                raise RoomGone(NO_ROOM)
            name = self.get_argument("name", None)
            pupil = check_pupil_name(name) if name else None
            room, seat = found
            self.session = RoomSession.open(room, None if seat == WATCH else seat, pupil=pupil,
                                            store=hub.store)
        except RoomError as error:
            self._end(_sentence(str(error)))
            return
        self.room = room
        hub.add(self)
        self.redraw(force=True)

    def _end(self, text: str) -> None:
        self._send({"type": "closed", "text": text})
        self.close(1000)

    def on_close(self) -> None:
        if self.session is not None or self.address in self.hub.addresses:
            self.hub.remove(self)
        if self.address and self.hub.addresses[self.address] > 0:
            self.hub.addresses[self.address] -= 1
            if not self.hub.addresses[self.address]:
                del self.hub.addresses[self.address]
        self.address = ""

    def _send(self, message: dict[str, Any]) -> None:
        try:
            self.write_message(json.dumps(message))
        except websocket.WebSocketClosedError:
            self.hub.remove(self)

    # -- drawing -------------------------------------------------------------------------------

    def redraw(self, force: bool = False) -> None:
        """Send the session's state (numbered anew only when it changed), and the panels when
        they changed."""
        session = self.session
        if session is None:
            return
        state = session.state(seq=0)
        if force or state != self._drawn:
            self._drawn = state
            self._seq += 1
            self._count = session.count
            self._send({"type": "state", "state": {**state, "seq": self._seq}})
        panels = (score_sheet.score_sheet_html(session.hand, session.names, session.match),
                  table_words.story_html(session.story()))
        if panels != self._panels:
            self._panels = panels
            self._send({"type": "panels", "score": panels[0], "story": panels[1]})

    def tick(self) -> None:
        session = self.session
        if session is None or session.closed:
            return
        try:
            changed = session.tick()
        except RoomError as error:
            session.closed = True
            session._fail(error)
            changed = True
        except Exception as error:  # noqa: BLE001 - the page says so and the loop goes on
            LOG.exception("room %s: the poll failed", self.room)
            session.message_lines = ["The room could not be read just now; the page keeps "
                                     f"trying ({type(error).__name__})."]
            session.message_is_error = True
            changed = True
        if changed:
            self.redraw()
            if session.closed:
                self.hub.remove(self)

    # -- what the page sends ---------------------------------------------------------------------

    def read(self, message: str | bytes) -> "UserEvent | None":
        """The board's event a message from the page stands for (``check_message``), or None
        when it is none: the page is told why in words, the log says so, nothing changes."""
        from ..widgets.board import MessageRefused, check_message

        try:
            if isinstance(message, bytes):
                raise MessageRefused("a board message is text, not bytes")
            try:
                content = json.loads(message)
            except ValueError:
                raise MessageRefused("a message must be JSON") from None
            return check_message(content)
        except MessageRefused as error:
            self.refuse(str(error))
            return None

    def refuse(self, why: str) -> None:
        """A message from the page refused: logged, and said on the page."""
        LOG.warning("room %s: a message refused: %s", self.room, why)
        self._send({"type": "refused", "text": _sentence(why)})

    def on_message(self, message: str | bytes) -> None:
        session = self.session
        if session is None:
            return
        event = self.read(message)
        if event is None:
            return
        try:
            if event.type == "holder":
                if session.wants_holder():
                    session.take_seat(event.token)
                    self.redraw(force=True)
                else:                   # the browser's sign of life (a crafted token counts nothing)
                    session.heard(event.token)
                return
            if event.seq != self._seq:
                session.stale()
            elif event.type == "play":
                session.play(event.card, seq=self._count)
            elif event.type == "action":
                session.take_action(event.action_id, seq=self._count)
            elif event.type == "button":
                session.press(event.button)
            self.redraw(force=True)
        except Exception:  # noqa: BLE001 - a page's message never stops the server
            LOG.exception("room %s: a message failed", self.room)
            return
        self.hub.tick(self.room, but=self)      # the others see it at once


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


# -- the pages ---------------------------------------------------------------------------------

PAGE = Template((HERE / "pupil_page.html").read_text(encoding="utf-8"))


def page_html(title: str, socket: str, body: str = "", kind: str = "join") -> str:
    return PAGE.substitute(title=escape(title), socket=escape(socket), body=body, kind=kind)


def _words_page(title: str, text: str, form: str = "") -> str:
    return page_html(title, "", f'<h1 class="cg-room-title">{escape(title)}</h1>'
                     f'<p class="cg-room-words">{escape(text)}</p>{form}', "words")


def _join_form(code: str = "", name: str = "", error: str = "") -> str:
    said = f'<p class="cg-room-error" role="alert">{escape(error)}</p>' if error else ""
    return (f'{said}<form class="cg-join" method="get" action="/join">'
            f'<label>Your code <input name="code" value="{escape(code)}" maxlength="12" '
            'autocomplete="off" autocapitalize="characters" spellcheck="false" required></label>'
            f'<label>Your name <input name="name" value="{escape(name)}" maxlength="30" '
            'autocomplete="given-name"></label>'
            '<button type="submit">Join the table</button></form>')


class RoomsPage(web.RequestHandler):
    def initialize(self, hub: RoomHub) -> None:
        self.hub = hub

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")

    def base(self) -> str:
        return f"{self.request.protocol}://{self.request.host}"


class JoinPage(RoomsPage):
    """``/join``: a code and a name; ``/join/CODE``: the pupil's page at that seat."""

    def get(self, code: str | None = None) -> None:
        name = self.get_argument("name", "")[:60]
        if code is None:
            typed = self.get_argument("code", "")[:40]
            if not typed:
                self.finish(_words_page("Join a card table", "Type the code your teacher "
                                        "gave you, and your name.", _join_form()))
                return
            code = typed
        try:
            found = self.hub.find(code)
            if name:
                check_pupil_name(name)
        except RoomError as error:
            self.set_status(400)
            self.finish(_words_page("Join a card table", _sentence(str(error)),
                                    _join_form(code[:12], name)))
            return
        if found is None or found[1] == WATCH:
            self.set_status(404)
            self.finish(_words_page("No such room", NO_ROOM, _join_form("", name)))
            return
        code = check_code(code)
        if self.request.path != f"/join/{code}":
            self.redirect(f"/join/{code}" + (f"?{urlencode({'name': name})}" if name else ""))
            return
        query = f"?{urlencode({'name': name})}" if name else ""
        self.finish(page_html(f"Room {found[0]}", f"/rooms/socket/join/{quote(code)}{query}"))


class WatchPage(RoomsPage):
    """``/watch/CODE``: the projector's page, with each seat's QR code and short code."""

    def get(self, code: str) -> None:
        try:
            found = self.hub.find(code)
        except RoomError as error:
            found, why = None, _sentence(str(error))
        else:
            why = NO_ROOM
        if found is None or found[1] != WATCH:
            self.set_status(404)
            self.finish(_words_page("No such room", why))
            return
        code = check_code(code)
        room = found[0]
        cells = "".join(
            f'<figure class="cg-seat-code">{qr_svg(link, scale=3)}<figcaption><b>{escape(seat)}'
            f'</b><br><code>{escape(each)}</code></figcaption></figure>'
            for seat, each, link in self.hub.seat_links(room, self.base()))
        join = escape(f"{self.base()}/join")
        body = (f'<section class="cg-codes"><p>Join at <b>{join}</b> with your seat\'s code, '
                f'or scan it:</p><div class="cg-code-row">{cells}</div></section>')
        self.finish(page_html(f"Room {room} · projector", f"/rooms/socket/watch/{code}", body,
                              "watch"))


class StaticFile(web.RequestHandler):
    """The board's files and the page's script (only those in :data:`STATIC`)."""

    def get(self, name: str) -> None:
        folder = STATIC.get(name)
        if folder is None or not (folder / name).exists():
            raise web.HTTPError(404)
        self.set_header("Content-Type", TYPES[Path(name).suffix])
        self.set_header("Cache-Control", "no-cache")
        self.finish((folder / name).read_bytes())


class FacesFile(web.RequestHandler):
    """The card faces (``card_faces.sprite()``), kept by the browser for a day."""

    _sprite: str | None = None

    def get(self) -> None:
        if FacesFile._sprite is None:
            from ..card_faces import sprite

            FacesFile._sprite = sprite()
        self.set_header("Content-Type", "image/svg+xml")
        self.set_header("Cache-Control", "max-age=86400")
        self.finish(FacesFile._sprite)


def room_handlers(hub: RoomHub, prefix: str = "/") -> list[tuple[str, type, dict[str, Any]]]:
    """The rooms' handlers for a tornado application (the apps' server adds them to Voila's)."""
    root = prefix.rstrip("/")
    settings = {"hub": hub}
    return [
        (rf"{root}/join/?", JoinPage, settings),
        (rf"{root}/join/([A-Za-z0-9 ]{{1,40}})", JoinPage, settings),
        (rf"{root}/watch/([A-Za-z0-9]{{1,40}})", WatchPage, settings),
        (rf"{root}/rooms/socket/(join|watch)/([A-Za-z0-9]{{1,40}})", PageSocket, settings),
        (rf"{root}/rooms/static/([a-z_]+\.(?:js|css))", StaticFile, {}),
        (rf"{root}/rooms/faces.svg", FacesFile, {}),
    ]
