"""The teacher's page's class quiz: open a quiz the class answers from its own devices, and
the links to it (the pupils' link with its QR code and short code, the projector's, the
results'). A thin view of :meth:`cardgames.rooms.teacher.Teacher.open_quiz`; the pages
themselves are the apps' server's (:mod:`cardgames.rooms.quiz_server`).

DOM hooks: ``.cg-quiz-panel`` (the section), ``.cg-quiz-open`` (its button), ``.cg-quiz-links``
(the links once opened), ``.cg-quiz-say`` and ``.cg-quiz-say-send`` (a message to the class's
pages).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING
from urllib.parse import quote

import ipywidgets as widgets

from ..games import GAMES
from ..rooms.class_quiz import QuizError
from ..rooms.teacher import OpenedQuiz

if TYPE_CHECKING:
    from .teacher_panel import TeacherPanel

__all__ = ["QuizPanel"]

#: A link drawn as one (the page's style sheet draws links as plain text).
LINK = "color:#1a5fb4;text-decoration:underline"


class QuizPanel:
    """The class quiz's part of ``panel`` (a :class:`~cardgames.widgets.teacher_panel.
    TeacherPanel`): its errors are said in the panel's message line."""

    def __init__(self, panel: "TeacherPanel"):
        self.panel = panel
        self.opened: OpenedQuiz | None = None
        W = widgets
        wide = {"description_width": "initial"}
        self.game_select = W.Dropdown(options=[(g.title, n) for n, g in GAMES.items()],
                                      description="Game", style=wide)
        self.questions_box = W.Text(value="5", description="Questions", style=wide,
                                    layout={"width": "10em"})
        self.seed_box = W.Text(value="", description="Seed", placeholder="blank: new questions",
                               style=wide, layout={"width": "16em"})
        self.name_box = W.Text(value="quiz", description="Quiz name", style=wide,
                               layout={"width": "16em"})
        self.pace_select = W.ToggleButtons(
            options=[("The class together", "teacher"), ("Each at his own pace", "own")],
            value="teacher", description="Pace", style={"button_width": "auto"})
        self.open_button = W.Button(description="Open the quiz", button_style="success",
                                    layout={"width": "auto"})
        self.open_button.add_class("cg-quiz-open")
        self.open_button.on_click(lambda _b: panel._guard(self.open_quiz, refresh=False))
        self.say_box = W.Text(placeholder="Two minutes left", description="Message",
                              style=wide, layout={"width": "24em"})
        self.say_box.add_class("cg-quiz-say")
        self.say_button = W.Button(description="Show on every page", layout={"width": "auto"})
        self.say_button.add_class("cg-quiz-say-send")
        self.say_button.on_click(lambda _b: panel._guard(self.send_message, refresh=False))
        self.links = W.HTML("", layout={"width": "100%"})
        self.links.add_class("cg-quiz-links")
        row = {"flex_flow": "row wrap", "align_items": "center"}
        self.widget = W.VBox([
            W.HTML("<h3>A class quiz</h3><p class=\"cg-hint\">Questions on positions from real "
                   "deals, answered by the class from its own phones or tablets; the projector "
                   "shows how many answered and what they chose, then the right answer.</p>"),
            W.HBox([self.game_select, self.questions_box, self.seed_box, self.name_box],
                   layout=row),
            self.pace_select, self.open_button, self.links,
            W.HBox([self.say_box, self.say_button], layout=row),
        ])
        self.widget.add_class("cg-quiz-panel")

    def _number(self, box: widgets.Text, what: str) -> int | None:
        text = box.value.strip()
        if not text:
            return None
        if not text.isdigit():
            raise QuizError(f"{what} is a whole number, not {text[:20]!r}")
        return int(text)

    def open_quiz(self) -> None:
        """The Open button: the quiz with the form's settings, and its links."""
        teacher = self.panel.teacher
        questions = self._number(self.questions_box, "the number of questions") or 5
        self.opened = teacher.open_quiz(
            self.game_select.value, questions=questions,
            seed=self._number(self.seed_box, "the seed"), name=self.name_box.value.strip(),
            base_url=self.panel.rooms_url, pace=self.pace_select.value)
        self.links.value = quiz_links_html(self.opened, teacher.key or "")
        self.panel.say(f"Opened the quiz {self.opened.name}: give the class its link or code, "
                       "and open the projector's link on the class screen.")

    def send_message(self) -> None:
        if self.opened is None:
            raise QuizError("open a quiz first: the message is shown on its pages")
        self.panel.teacher.quiz_message(self.opened.name, self.say_box.value)
        self.panel.say("Shown on every page of the quiz." if self.say_box.value.strip()
                       else "The message is taken away.")


def quiz_links_html(opened: OpenedQuiz, key: str) -> str:
    """The pupils' link (QR code, code), the projector's (with the key in its fragment, so the
    page shows the teacher's buttons) and the results' (with the key)."""
    fragment = f"#key={quote(key)}" if key else ""
    query = f"?key={quote(key)}" if key else ""
    return (f'<div class="cg-quiz-opened">{opened.qr}<p>Pupils: <a href="{escape(opened.link)}" '
            f'target="_blank" style="{LINK}">{escape(opened.link)}</a> (code <b class="cg-code">'
            f"{escape(opened.code)}</b>; a name is asked on the page)</p>"
            '<p>Projector: <a class="cg-quiz-projector" '
            f'href="{escape(opened.projector + fragment)}"'
            f' target="_blank" style="{LINK}">open on the class screen</a></p>'
            f'<p>Results: <a class="cg-quiz-results-link" href="{escape(opened.results + query)}" '
            f'target="_blank" style="{LINK}">per pupil and per question, with a download</a>'
            "</p></div>")
