"""After the lesson: each room's finished hands, listed for the teacher and printed as hand
records.

``/hands/NAME?key=...`` lists room NAME's finished hands (its scores each) with, for each, its
review on the projector (``/hands/NAME/N/review?key=...``, :mod:`cardgames.rooms.review_page`:
the board, every hand open, any seat's decisions weighed, with no kernel), its hand record
(``/hands/NAME/N?key=...``, "Print": :func:`cardgames.hand_diagram.hand_diagram`, every hand
open, the play trick by trick, the result; a page that prints as it shows, for the projector or
paper) and its record file (``/hands/NAME/N.json?key=...``: the game's app loads it with "Load a
record" and reviews it from any seat, every hand open). The teacher's key is checked on the
server (:class:`~cardgames.rooms.teacher.Teacher`).
"""

from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import quote

from tornado import web

from ..stylesheets import stylesheet
from .review_page import review_link
from .room import RoomError
from .teacher import KeyRefused, Teacher

__all__ = ["HandsPage", "hands_handlers"]

#: The list's style sheet, ``hands_page.css`` beside this module.
STYLE = stylesheet("rooms/hands_page.css")


class HandsPage(web.RequestHandler):
    def initialize(self, hub: Any) -> None:
        self.hub = hub

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")

    def get(self, name: str, number: str | None = None, file: str | None = None) -> None:
        key = self.get_argument("key", "")
        teacher = Teacher(self.hub.store, key=key)
        try:
            if number and file:
                text = teacher.hand_file(name, int(number))
                self.set_header("Content-Type", "application/json; charset=utf-8")
                self.set_header("Content-Disposition",
                                f'attachment; filename="{name}-hand-{int(number)}.json"')
                self.finish(text)
                return
            if number:
                self.finish(teacher.hand_record(name, int(number)))
                return
            hands = teacher.finished_hands(name)
        except KeyRefused as error:
            self.set_status(403)
            self.finish(_page("Hands played", f"<p>{escape(str(error))}</p>"))
            return
        except RoomError as error:
            self.set_status(404)
            self.finish(_page("Hands played", f"<p>{escape(str(error))}</p>"))
            return
        query = f"?key={quote(key)}" if key else ""
        rows = "".join(
            f'<li class="cg-finished-hand"><a href="/hands/{quote(name)}/{h["hand"]}{query}">'
            f'Hand {h["hand"]}</a>: '
            + escape(", ".join(f"{u} {s}" for u, s in zip(h["units"], h["score"])))
            + f' · <a class="cg-hand-review" href="{review_link(name, h["hand"], key)}">'
            "Review on the projector</a>"
            f' · <a class="cg-hand-print" href="/hands/{quote(name)}/{h["hand"]}{query}">Print</a>'
            f' · <a class="cg-hand-file" href="/hands/{quote(name)}/{h["hand"]}.json{query}" '
            "download>its record</a> (Load a record in the game's app, then Review)</li>"
            for h in hands)
        body = (f'<ol class="cg-finished-hands">{rows}</ol>' if hands
                else "<p>No hand of this room is finished yet.</p>")
        self.finish(_page(f"Room {name}: the hands played", body))


def _page(title: str, body: str) -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}'
            f'</title><link rel="icon" href="data:,"><style>{STYLE}</style></head><body>'
            f"<h1>{escape(title)}</h1>{body}</body></html>")


def hands_handlers(hub: Any, prefix: str = "/") -> list[tuple[str, type, dict[str, Any]]]:
    """The hands' pages (``hub``: the rooms' :class:`RoomHub`, for its store)."""
    root = prefix.rstrip("/")
    return [(rf"{root}/hands/([a-z0-9_-]{{1,40}})(?:/([0-9]{{1,4}})(\.json)?)?", HandsPage,
             {"hub": hub})]
