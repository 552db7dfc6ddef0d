"""The quiz section of a game's app: ``quiz_app("yukon")`` in the notebook.

Opened plainly, the section offers a button that starts a quiz of five questions from a fresh
seed (the quiz is built only when asked for: a page that never takes the quiz pays nothing for
it). After the last answer it offers new questions, or the same ones again. A link with
``?quiz=N&seed=S`` starts at once a quiz of N questions from seed S, so a whole class that opens
the same link gets the same questions; ``players`` in the link is used too, and ``faces``:
a Guinote page opened with ``?faces=spanish`` quizzes with the Spanish pack (its faces and its
words), whether the quiz starts from the link or from the button. ``view=quiz`` shows
the quiz alone, filling the window in large print, for a class's projector (with or without
``quiz=N``). The section shows the links that give its questions again.

Under Voila with preheated kernels the notebook runs before the page's link is known: the
section registers itself with :func:`cardgames.widgets.notebook.follow_link` (the last cell of every
app notebook), which hands it the link once the page is asked for.
"""

from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import parse_qsl

import ipywidgets as widgets

from ..games import get_game
from ..limits import MAX_LINK_VALUE_CHARS, ascii_digits, quote
from ..links import check_seed
from ..packs import get_pack, pack_for
from . import notebook as glue
from .widget_tree import close_all
from .open_here import OpenHere
from .quiz import Quiz

__all__ = ["QuizApp", "quiz_app", "quiz_settings", "QuizLinkError"]

DEFAULT_QUESTIONS = 5


class QuizLinkError(ValueError):
    """A link whose quiz settings are not understood."""


def link_faces(query: str) -> str | None:
    """The pack a page's link names (``faces=spanish``), or None; one that is not a pack is
    refused (QuizLinkError)."""
    pairs = dict(parse_qsl((query or "").lstrip("?"), keep_blank_values=True))
    if not pairs.get("faces"):
        return None
    try:
        return get_pack(pairs["faces"][:MAX_LINK_VALUE_CHARS]).key
    except ValueError as error:
        raise QuizLinkError(str(error)) from None


def quiz_settings(query: str) -> dict[str, Any] | None:
    """What a page's link asks of the quiz: ``{"questions", "seed", "players", "fill"}``, or
    None when the link has neither ``quiz`` nor ``view=quiz`` (the pack: :func:`link_faces`)."""
    pairs = dict(parse_qsl((query or "").lstrip("?"), keep_blank_values=True))
    fill = pairs.get("view", "").strip().lower() == "quiz"
    if "quiz" not in pairs and not fill:
        return None
    settings: dict[str, Any] = {"questions": DEFAULT_QUESTIONS, "seed": None, "players": None,
                                "fill": fill}
    for name in ("quiz", "seed", "players"):
        text = pairs.get(name)
        if text is None:
            continue
        if text == "" and name == "quiz":
            continue
        if not ascii_digits(text) or len(text) > MAX_LINK_VALUE_CHARS:
            raise QuizLinkError(f"{name}={quote(text)}: a whole number is needed (digits 0-9)")
        if name == "seed":
            try:
                check_seed(text)
            except ValueError as error:
                raise QuizLinkError(str(error)) from None
        settings["questions" if name == "quiz" else name] = int(text)
    if not 1 <= settings["questions"] <= 50:
        raise QuizLinkError(f"quiz={settings['questions']}: ask for 1 to 50 questions")
    return settings


class QuizApp:
    """The quiz section: a start button, or the quiz the link asks for."""

    def __init__(self, game: str, **quiz_options: Any):
        self.game = get_game(game)
        self.quiz_options = quiz_options
        self.quiz: Quiz | None = None
        self.fill = False           # view=quiz: the quiz alone, filling the window (a projector)
        self.faces: str | None = None   # the pack the page's link names (faces=spanish)
        self._offer: widgets.HBox | None = None   # the buttons for another round, at its end
        self.start_button = widgets.Button(description="Start the quiz", button_style="primary")
        self.start_button.add_class("cg-quiz-start")
        self.start_button.on_click(lambda _b: self.start())
        self.link = widgets.HTML()
        self.link.add_class("cg-quiz-link")
        self.box = widgets.VBox([self.start_button])
        self.box.add_class("cg-quiz-app")

    def start(self, questions: int = DEFAULT_QUESTIONS, seed: int | None = None,
              players: int | None = None, fill: bool | None = None,
              faces: str | None = None) -> Quiz:
        """Build the quiz and show it in place of the start button (``fill``: alone, filling
        the window in large print; None keeps the section as it is; ``faces``: the pack, None
        the one the page's link named)."""
        if faces is not None:
            self.faces = faces
        if fill is not None:
            self.fill = fill
            if fill:
                self.box.add_class("cg-quiz-fill")
            else:
                self.box.remove_class("cg-quiz-fill")
        options = dict(self.quiz_options)
        if players is not None:
            options["players"] = players
        replaced, offer = self.quiz, self._offer
        opened = [c for c in self.box.children if isinstance(c, OpenHere)]  # done its scroll
        self.quiz = quiz = Quiz(self.game.name, seed=seed, questions=questions, faces=self.faces,
                                **options)
        query = f"?quiz={questions}&seed={self.quiz.seed}" + \
            (f"&players={players}" if players is not None else "") + \
            (f"&faces={quiz.model.pack.key}" if not quiz.model.pack.is_french else "")
        self.link.value = (f'<p style="overflow-wrap:anywhere">The same questions for the whole '
                           f'class: <a href="{escape(query)}">this link</a>; on the class\'s '
                           f'projector, alone and in large print: '
                           f'<a href="{escape(query)}&amp;view=quiz">this one</a>.</p>')
        self.box.children = (self.quiz.widget, self.link)
        quiz.on_finished(lambda: self._offer_another(questions, quiz.seed, players))
        if replaced is not None:               # their models leave the kernel and the page
            replaced.close()
        if offer is not None:
            close_all(offer)
        for anchor in opened:
            anchor.close()
        self._offer = None
        return self.quiz

    def _offer_another(self, questions: int, seed: int, players: int | None) -> None:
        """At the round's end: the same questions again, or new ones, without reloading."""
        if self.quiz is not None:
            self.quiz.new_button.layout.display = "none"     # no next question: these instead
        wide = widgets.Layout(width="auto")
        again = widgets.Button(description="The same questions again", layout=wide)
        again.add_class("cg-quiz-again")
        again.on_click(lambda _b: self.start(questions, seed, players))
        fresh = widgets.Button(description="New questions", button_style="primary", layout=wide)
        fresh.add_class("cg-quiz-fresh")
        fresh.on_click(lambda _b: self.start(questions, None, players))
        self._offer = widgets.HBox([fresh, again], layout=widgets.Layout(flex_flow="row wrap"))
        self.box.children = (*self.box.children, self._offer)

    def deal(self, query: str | None) -> None:
        """Follow the page's link (called by ``follow_link``): start the quiz it asks for."""
        try:
            settings = quiz_settings(query or "")
        except QuizLinkError as error:
            message = widgets.HTML(f'<p class="cg-error">This link does not describe a quiz: '
                                   f'{escape(str(error))}.</p>')
            self.box.children = (message, self.start_button)
            return
        # the pack, for the quiz the link starts or the start button's; a pack that is not one,
        # or that the game is not played with, is the table's to refuse: the quiz keeps its own
        try:
            faces = link_faces(query or "")
        except QuizLinkError:
            faces = None
        self.faces = faces if faces is None or _plays_with(self.game.name, faces) else None
        if settings is not None:
            settings["faces"] = self.faces
        if settings is not None:
            self.start(**settings)
            if not self.fill:      # the page opens at the quiz (filling the window, it is there)
                self.box.children = (OpenHere(), *self.box.children)


def _plays_with(game: str, faces: str) -> bool:
    try:
        pack_for(faces, game)
    except ValueError:
        return False
    return True


def quiz_app(game: str, **quiz_options: Any) -> widgets.VBox:
    """The quiz section of ``game``'s app, following the page's link (``?quiz=N&seed=S``)."""
    shown = QuizApp(game, **quiz_options)
    shown.deal(glue.query_string(wait=False) or "")
    glue._apps.append(shown)   # follow_link() hands it the link in a preheated kernel
    return shown.box
