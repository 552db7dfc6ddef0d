"""The teacher's page's class screens: every room at a glance (one projector-size page with a
small live board per room, :mod:`cardgames.rooms.glance_page`) and, after the lesson, a room's
finished hands to go through with the class (:mod:`cardgames.rooms.hands_page`). A thin view:
the links come from :class:`~cardgames.rooms.teacher.Teacher` and carry the teacher's key.

DOM hooks: ``.cg-class-screens``, ``.cg-glance-open`` and ``.cg-glance-link``,
``.cg-hands-open`` and ``.cg-hands-link``; for the rooms named by the prefix, a message on every
page (``.cg-class-say``, ``.cg-class-say-send``) and ``.cg-class-pause`` / ``.cg-class-resume``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING
from urllib.parse import quote

import ipywidgets as widgets

from ..rooms.room import check_name
from .quiz_panel import LINK

if TYPE_CHECKING:
    from .teacher_panel import TeacherPanel

__all__ = ["ClassScreens"]


class ClassScreens:
    """The glance and the hands played, for ``panel``'s class (errors in its message line)."""

    def __init__(self, panel: "TeacherPanel"):
        self.panel = panel
        W = widgets
        wide = {"description_width": "initial"}
        self.prefix_box = W.Text(value="table", description="Rooms named", style=wide,
                                 layout={"width": "16em"})
        self.glance_button = W.Button(description="Every room at a glance",
                                      layout={"width": "auto"})
        self.glance_button.add_class("cg-glance-open")
        self.glance_button.on_click(lambda _b: panel._guard(self.open_glance, refresh=False))
        self.room_box = W.Text(value="", description="Room", placeholder="table-1", style=wide,
                               layout={"width": "14em"})
        self.hands_button = W.Button(description="Its hands played", layout={"width": "auto"})
        self.hands_button.add_class("cg-hands-open")
        self.hands_button.on_click(lambda _b: panel._guard(self.open_hands, refresh=False))
        self.say_box = W.Text(value="", description="Message to every room",
                              placeholder="Two minutes left", style=wide,
                              layout={"width": "28em"})
        self.say_box.add_class("cg-class-say")
        self.say_button = W.Button(description="Show it", layout={"width": "auto"})
        self.say_button.add_class("cg-class-say-send")
        self.say_button.on_click(lambda _b: panel._guard(self.send_message))
        self.pause_button = W.Button(description="Pause every room", layout={"width": "auto"})
        self.pause_button.add_class("cg-class-pause")
        self.pause_button.on_click(lambda _b: panel._guard(lambda: self.pause(True)))
        self.resume_button = W.Button(description="Resume", layout={"width": "auto"})
        self.resume_button.add_class("cg-class-resume")
        self.resume_button.on_click(lambda _b: panel._guard(lambda: self.pause(False)))
        self.links = W.HTML("", layout={"width": "100%"})
        row = {"flex_flow": "row wrap", "align_items": "center"}
        self.widget = W.VBox([
            W.HTML("<h3>Class screens</h3><p class=\"cg-hint\">Every room on one screen, live "
                   "(a click on a room shows it full size), a message to every room, a pause; "
                   "after the lesson, a room's hands "
                   "to go through with the class and print.</p>"),
            W.HBox([self.prefix_box, self.glance_button, self.pause_button,
                    self.resume_button], layout=row),
            W.HBox([self.say_box, self.say_button], layout=row),
            W.HBox([self.room_box, self.hands_button], layout=row),
            self.links,
        ])
        self.widget.add_class("cg-class-screens")

    def open_glance(self) -> None:
        link = self.panel.teacher.glance_link(self.prefix_box.value.strip(),
                                              base_url=self.panel.rooms_url)
        self.links.value = (f'<p><a class="cg-glance-link" href="{escape(link)}" '
                            f'target="_blank" style="{LINK}">Open every room at a glance</a> '
                            "(on the class screen)</p>")

    def send_message(self) -> None:
        """Show the message on every page of the rooms named by the prefix ("" takes it away)."""
        names = self.panel.teacher.class_message(self.prefix_box.value.strip(), self.say_box.value)
        self.panel.say(f"Shown in {len(names)} rooms." if self.say_box.value.strip()
                       else f"The message is taken away in {len(names)} rooms.")

    def pause(self, paused: bool) -> None:
        names = self.panel.teacher.pause_rooms(self.prefix_box.value.strip(), paused)
        self.panel.say(f"{'Paused' if paused else 'Resumed'}: {', '.join(names)}.")

    def open_hands(self) -> None:
        teacher = self.panel.teacher
        name = check_name(self.room_box.value)
        hands = teacher.finished_hands(name)
        key = f"?key={quote(teacher.key)}" if teacher.expected and teacher.key else ""
        link = f"{self.panel.rooms_url.rstrip('/')}/hands/{name}{key}"
        self.links.value = (f'<p><a class="cg-hands-link" href="{escape(link)}" '
                            f'target="_blank" style="{LINK}">'
                            f"Room {escape(name)}: {len(hands)} finished hand"
                            f"{'' if len(hands) == 1 else 's'}</a></p>")
