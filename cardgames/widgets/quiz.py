"""The quiz drawn with buttons: a thin view of a :class:`cardgames.quiz.QuizRound`.

``Quiz("yukon", seed=3)`` asks the round's questions (which cards may a seat play, who wins
this trick, how many points it earns, what a good player would lead) on positions from real
deals, drawn with the card faces (``cardgames.examples``). The round finds the questions, grades
the answers and says why (``cardgames.quiz``); this module only draws it and turns clicks into
its calls. The widgets are built once and updated in place: one pool of answer buttons
(``.cg-quiz-choice``) serves cards, seats and numbers; ``.cg-quiz-check``, ``.cg-quiz-new``,
``.cg-quiz-question``, ``.cg-quiz-board``, ``.cg-quiz-feedback`` and ``.cg-quiz-score`` are the
rest. Its style sheet is ``quiz.css`` beside this module.

``?quiz=5&seed=12`` gives a whole class the same five questions
(:mod:`cardgames.widgets.quiz_app`).
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as widgets

from .. import examples as ex
from ..cards import Card, Suit
from ..quiz import KINDS, MAX_CHOICES, Feedback, Mark, Question, QuizRound
from ..render import FOUR_COLOURS
from ..spanish_faces import GOLD_DARK, SUIT_COLOURS
from .stylesheets import style_html
from .widget_tree import close_all

__all__ = ["Quiz", "KINDS"]

CHOICES = MAX_CHOICES
#: the Spanish suits' colours for words on white: the faces' own, the oros' gold darker to read
SPANISH_TEXT_COLOURS = {**SUIT_COLOURS, Suit.DIAMONDS: GOLD_DARK}
#: the quiz's style sheet, after the four-colour suits' colours it uses
CSS = style_html("quiz.css", before=f".cg-quiz {{ --cg-quiz-diamonds: {FOUR_COLOURS['D']}; "
                             f"--cg-quiz-clubs: {FOUR_COLOURS['C']}; "
                             + "".join(f"--cg-quiz-es-{suit.letter}: {colour}; "
                                       for suit, colour in SPANISH_TEXT_COLOURS.items())
                             + "}\n")
#: a choice's mark as a button's style
BUTTON_STYLES = {Mark.NONE: "", Mark.PICKED: "info", Mark.RIGHT: "success", Mark.WRONG: "danger"}


class Quiz:
    """Questions on positions from real deals of one game, answered with buttons.

    ``kind``: "legal", "winner", "points", "lead" or "mixed" (each in turn). ``questions``:
    how many questions make the round (None: no end). ``faces="spanish"``: Guinote's Spanish
    pack, its faces on the board and its words on the buttons and in the feedback (a card
    button says the card's name, ``rey of copas``, in its suit's colour). ``model`` is the round
    (:class:`cardgames.quiz.QuizRound`). Widgets for notebooks and tests: ``question``,
    ``board``, ``choice_buttons`` (also ``card_buttons`` and ``seat_buttons``: the same pool, a
    button per card, seat or number), ``check_button``, ``new_button``, ``feedback``, ``score``.
    The round's state: ``choices`` (what each shown button stands for), ``position`` (the hand
    at the question), ``cards`` (the cards shown as buttons), ``trick``, ``kind_now``,
    ``right``, ``asked`` and ``answer`` (the right answer).
    """

    def __init__(self, game: str = "yukon", seed: int | None = None, kind: str = "mixed",
                 players: int | None = None, four_colour: bool = False,
                 questions: int | None = None, faces: str | None = None, **options: Any):
        self.model = QuizRound(game, seed, kind, players=players, questions=questions,
                               faces=faces, **options)
        self.four_colour = four_colour
        self._drawn: tuple[Question, bool] | None = None   # the question and answer the board shows
        self._build()
        self._draw_question()

    # -- the round, read through ---------------------------------------------------------------

    game = property(lambda self: self.model.game)
    kind = property(lambda self: self.model.kind)
    seed = property(lambda self: self.model.seed)
    questions = property(lambda self: self.model.questions)
    right = property(lambda self: self.model.right)
    asked = property(lambda self: self.model.asked)
    finished = property(lambda self: self.model.finished,
                        doc="The round's last question has been answered.")
    kind_now = property(lambda self: self.model.question.kind)
    position = property(lambda self: self.model.question.position, doc="The hand at the question.")
    trick = property(lambda self: self.model.question.trick)
    choices = property(lambda self: self.model.question.choices)
    cards = property(lambda self: self.model.question.cards)
    answer = property(lambda self: self.model.question.answer)
    rule = property(lambda self: self.model.question.rule)
    reason = property(lambda self: self.model.question.reason)

    def seat_names(self) -> list[str]:
        return self.model.question.names

    def on_finished(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` once the round's last question has been answered."""
        self.model.on_finished(callback)

    def new_question(self) -> None:
        """Pick a new position and ask about it (nothing more once the round is over)."""
        if not self.model.finished:
            self.model.next_question()
            self._draw_question()

    # -- widgets -------------------------------------------------------------------------------

    def _build(self) -> None:
        W = widgets
        self.head = W.HTML(CSS)
        self.head.add_class("cg-quiz-head")
        self.question = W.HTML()
        self.question.add_class("cg-quiz-question")
        self.board = W.HTML()
        self.board.add_class("cg-quiz-board")
        shared_layout = W.Layout(width="auto")
        self.choice_buttons = []
        for i in range(CHOICES):
            button = W.Button(layout=shared_layout)
            button.add_class("cg-quiz-choice")
            button.on_click(lambda _b, i=i: self._guard(self._choose, i))
            self.choice_buttons.append(button)
        self.card_buttons = self.seat_buttons = self.choice_buttons
        self.check_button = W.Button(description="Check", button_style="primary")
        self.check_button.add_class("cg-quiz-check")
        self.check_button.on_click(lambda _b: self._guard(self._check))
        self.new_button = W.Button(description="Next question")
        self.new_button.add_class("cg-quiz-new")
        self.new_button.on_click(lambda _b: self._guard(self.new_question))
        self.feedback = W.HTML()
        self.feedback.add_class("cg-quiz-feedback")
        self.score = W.HTML()
        self.score.add_class("cg-quiz-score")
        self.tally = self.score
        self.widget = W.VBox([self.head, self.question, self.board,
                              W.HBox(self.choice_buttons, layout=W.Layout(flex_flow="row wrap")),
                              W.HBox([self.check_button, self.new_button],
                                     layout=W.Layout(flex_flow="row wrap")),
                              self.feedback, self.score])
        self.widget.add_class("cg-quiz")
        if self.four_colour:
            self.widget.add_class("cg-four-colour")
        if not self.model.pack.is_french:
            self.widget.add_class(f"cg-pack-{self.model.pack.key}")

    def close(self) -> None:
        """Close every widget of the quiz (a new round replaces it)."""
        close_all(self.widget)

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)

    def _guard(self, fn: Callable[..., Any], *args: Any) -> None:
        try:
            fn(*args)
        except Exception as error:  # noqa: BLE001 - shown, never lost
            self.feedback.value = (f'<span class="cg-error" role="alert">Something went wrong: '
                                   f'{escape(str(error))}</span>')

    # -- clicks --------------------------------------------------------------------------------

    def _choose(self, index: int) -> None:
        self.model.choose(index)
        self._draw_answer()

    def _check(self) -> None:
        if self.model.question.picks_many:
            self.model.check()
            self._draw_answer()

    # -- drawing -------------------------------------------------------------------------------

    def _draw_question(self) -> None:
        """A new question: its words, its position and one button per choice."""
        q = self.model.question
        self.question.value = f"<b>{escape(q.title)}</b> " + "".join(
            f"<b>{escape(text)}</b>" if strong else escape(text) for text, strong in q.prompt)
        cards: list[Card | None] = list(q.cards) if q.cards else [None] * len(q.labels)
        for i, button in enumerate(self.choice_buttons):
            with button.hold_sync():
                for name in list(button._dom_classes):
                    if name.startswith("cg-suit-") or name in ("cg-joker", "cg-quiz-hidden",
                                                               "cg-card-choice"):
                        button.remove_class(name)
                button.button_style = ""
                if i < len(q.labels):
                    card = cards[i]
                    button.description = q.labels[i]
                    button.tooltip = self.model.pack.name(card) if card is not None \
                        else q.labels[i]
                    if card is not None:
                        button.add_class("cg-card-choice")      # drawn as a small card
                        button.add_class("cg-joker" if card.suit is None
                                         else f"cg-suit-{card.suit.letter}")
                    button.disabled = False
                else:
                    button.description = button.tooltip = ""
                    button.disabled = True
                    button.add_class("cg-quiz-hidden")
        self.check_button.layout.display = "" if q.picks_many else "none"
        self._draw_answer()

    def _draw_answer(self) -> None:
        """What changes as the question is answered: the marks, the board once answered, the
        buttons that may be pressed, the feedback and the score."""
        model = self.model
        for button, mark in zip(self.choice_buttons, model.marks):
            button.button_style = BUTTON_STYLES[mark]
        drawn = (model.question, model.answered)     # a question equals only itself
        if drawn != self._drawn:
            self._drawn = drawn
            self.board.value = self._picture(model.question, model.answered)
        self.check_button.disabled = model.answered
        self.new_button.disabled = not model.answered or model.finished
        self.feedback.value = _feedback_html(model.feedback)
        self.score.value = f"<b>{escape(model.score_words())}</b>"

    def _picture(self, q: Question, answered: bool) -> str:
        """The question's position: the hand to play (its legal cards lit once answered), or
        the trick (its winner marked once answered, or when the question names it)."""
        colour = self.four_colour
        if q.trick is not None:
            show = "winner" if answered or q.kind == "points" else "cards"
            return ex.trick(q.position, q.trick, show=show, names=q.names, show_info=True,
                            four_colour=colour, pack=self.model.pack).html
        lit = answered and q.kind == "legal"
        return ex.position(q.position, seats=[q.position.to_move], show_legal=lit,
                           four_colour=colour, pack=self.model.pack).html


def _feedback_html(feedback: Feedback | None) -> str:
    if feedback is None:
        return ""
    return "".join(f"<p>{escape(line)}</p>" for line in feedback.lines)
