"""Every room of a class at a glance: one projector-size page with a small live board per room.

``/glance/PREFIX?key=...`` (:meth:`cardgames.rooms.teacher.Teacher.glance_link`) lists the
class's rooms named ``PREFIX-1``, ``PREFIX-2``... (the teacher's key checked on the server, as
for every teacher's page) and shows each room's projector page (``/watch/CODE``: the board drawn
by ``board.js``, hands down as the watch view shows them, whose turn, the scores) in a small
frame, scaled down, without its QR codes and panels. A click on a room opens its projector's
page full size. Each frame keeps its own WebSocket, so each board is as live as the projector's.
"""

from __future__ import annotations

from html import escape
from typing import Any

from tornado import web

from ..stylesheets import stylesheet
from .join_codes import room_codes
from .room import WATCH, RoomError, check_name
from .teacher import KeyRefused, Teacher

__all__ = ["GlancePage", "glance_handlers"]

#: The page's style sheet, ``glance_page.css`` beside this module.
STYLE = stylesheet("rooms/glance_page.css")
#: What the small boards leave out of the projector's page (injected into each same-origin frame).
FRAME_STYLE = ".cg-codes, .cg-panels { display: none !important; }"
SCRIPT = """
for (const frame of document.querySelectorAll(".cg-glance-frame iframe")) {
  frame.addEventListener("load", () => {
    const style = frame.contentDocument.createElement("style");
    style.textContent = %r;
    frame.contentDocument.head.append(style);
  });
}
""" % FRAME_STYLE


class GlancePage(web.RequestHandler):
    def initialize(self, hub: Any) -> None:
        self.hub = hub

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")

    def get(self, prefix: str) -> None:
        teacher = Teacher(self.hub.store, key=self.get_argument("key", ""))
        try:
            check_name(prefix)
            rooms = [r for r in teacher.rooms() if r["room"].startswith(f"{prefix}-")]
        except KeyRefused as error:
            self.set_status(403)
            self.finish(_page("Every room", f'<p class="cg-glance-none">{escape(str(error))}</p>'))
            return
        except RoomError as error:
            self.set_status(400)
            self.finish(_page("Every room", f'<p class="cg-glance-none">{escape(str(error))}</p>'))
            return
        boxes = []
        for each in sorted(rooms, key=lambda r: _order(r["room"])):
            room = self.hub.store.get(each["room"], start=1 << 30)
            if room is None:
                continue
            watch = f"/watch/{room_codes(room)[WATCH]}"
            boxes.append(
                f'<a class="cg-glance-room" href="{watch}" target="_blank" data-room='
                f'"{escape(room.name)}"><span class="cg-glance-name">Room {escape(room.name)}'
                f'</span><div class="cg-glance-frame"><iframe src="{watch}" tabindex="-1" '
                f'title="Room {escape(room.name)}"></iframe></div></a>')
        body = (f'<div class="cg-glance">{"".join(boxes)}</div>' if boxes else
                f'<p class="cg-glance-none">No room of this class is named {escape(prefix)}-1, '
                f"{escape(prefix)}-2…: open them on the teacher's page first.</p>")
        self.finish(_page(f"Every room: {prefix}", body))


def _order(name: str) -> tuple[str, int]:
    stem, _, number = name.rpartition("-")
    return (stem, int(number)) if number.isdigit() else (name, 0)


def _page(title: str, body: str) -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>{escape(title)}</title>'
            f'<link rel="icon" href="data:,"><style>{STYLE}</style></head><body>'
            f"<h1>{escape(title)}</h1>{body}<script>{SCRIPT}</script></body></html>")


def glance_handlers(hub: Any, prefix: str = "/") -> list[tuple[str, type, dict[str, Any]]]:
    """The glance page's handler (``hub``: the rooms' :class:`RoomHub`, for its store)."""
    return [(rf"{prefix.rstrip('/')}/glance/([A-Za-z0-9_-]{{1,40}})", GlancePage, {"hub": hub})]
