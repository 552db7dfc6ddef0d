"""A lesson on the table: the board shows the lesson's goal, marks the cards or actions that meet
it, and answers each choice with the coach's words (:mod:`cardgames.lessons`).

``LessonTable("guinote", 1)`` is a :class:`cardgames.widgets.Table` whose session is a
:class:`cardgames.lessons.LessonRun`'s: a click on a card or an action goes to the run, which
plays it only if it meets the goal; otherwise the hand stays as it was and the coach says why.
The board's state gains ``lesson`` (drawn as ``.cg-lesson`` with ``.cg-lesson-goal``,
``.cg-lesson-feedback`` and ``.cg-lesson-done``) and a ``goal`` flag on the marked cards and
actions (``.cg-goal``); the stepping buttons are left out, since the other seats' moves are the
lesson's own.
"""

from __future__ import annotations

from typing import Any

from ..engine import Move
from ..lessons import LessonRun, get_lesson, lessons_of
from .board import UserEvent
from .table import Table

__all__ = ["LessonTable", "lesson_state"]


def lesson_state(run: LessonRun, state: dict[str, Any]) -> dict[str, Any]:
    """The board's ``state`` with the lesson added: its words and the marked choices."""
    lesson = run.lesson
    marked = {str(move) for move in run.marked}
    mover = run.hand.to_move
    seats = []
    for seat in state.get("seats", []):
        if run.done and seat.get("clickable"):   # the lesson is over: its cards stay still
            seat = {**seat, "clickable": False, "cards": [
                {k: v for k, v in card.items() if k not in ("legal", "why", "hinted")}
                for card in seat["cards"]]}
        elif seat["seat"] == mover and seat.get("clickable"):
            seat = {**seat, "cards": [{**card, "goal": card.get("card") in marked}
                                      for card in seat["cards"]]}
        seats.append(seat)
    moves = run.session.action_moves()
    actions = [] if run.done else [{**action, "goal": str(moves[action["id"]][1]) in marked}
                                   for action in state.get("actions", [])
                                   if action["id"] < len(moves)]
    message = state.get("message", {})
    if run.done:           # no "Your turn" once the lesson is over: the next lesson is linked
        message = {**message, "lines": [line for line in message.get("lines", [])
                                        if not line.startswith("Your turn")]}
    count = len(lessons_of(lesson.game))
    following = run.next_lesson
    next_link = None
    if run.done:
        next_link = ({"link": f"?lesson={following}",
                      "label": f"Next: lesson {following} of {count} ▸"} if following else
                     {"link": "?", "label": "Play a whole hand ▸"})
    words = {
        "number": lesson.number,
        "title": f"Lesson {lesson.number} of {count}: {lesson.title}",
        "intro": lesson.intro if run.feedback_ok is None else "",
        "goal": run.goal,
        "feedback": run.feedback,
        "ok": run.feedback_ok,
        "done": run.done_words,
        "next": next_link,
        "rule": lesson.rule,
        "source": lesson.source,
    }
    return {**state, "seats": seats, "actions": actions, "buttons": {}, "message": message,
            "lesson": words}


class LessonTable(Table):
    """Lesson ``number`` (from 1) of ``game`` on the table; the learner's clicks go to the
    lesson's coach. Headless: ``table.goal``, ``table.choose("2S")``, ``table.feedback``."""

    def __init__(self, game: str, number: int = 1, *, four_colour: bool = False,
                 fill: bool = False, animate: bool = True):
        lesson = get_lesson(game, number)
        self.run = LessonRun(lesson)
        super().__init__(lesson.game, None, seat=lesson.seat, auto=False,
                         four_colour=four_colour, fill=fill, animate=animate, **lesson.deal)
        self.session = self.run.session
        self.coach_box.value = False
        self.redraw(force=True)

    @property
    def goal(self) -> str:
        return self.run.goal

    @property
    def feedback(self) -> str:
        return self.run.feedback

    def choose(self, text: "str | Move") -> bool:
        """A click on the card or action ``text``: True if it met the lesson's goal."""
        met = [False]

        def answer() -> None:
            met[0] = self.run.choose(text)
        self.do(answer, force=True)
        return met[0]

    def _on_board(self, event: UserEvent) -> None:
        if event.seq == self._seq and event.type == "play":
            self.choose(event.card)
        elif event.seq == self._seq and event.type == "action":
            moves = self.session.action_moves()
            if isinstance(event.action_id, int) and 0 <= event.action_id < len(moves):
                self.choose(moves[event.action_id][1])
            else:
                self.redraw(force=True)
        else:
            super()._on_board(event)

    def redraw(self, force: bool = False) -> None:
        with self.board.hold_sync():
            super().redraw(force)
            run = getattr(self, "run", None)
            if run is not None and run.session is self.session:
                state = self.board.state
                drawn = lesson_state(run, state)
                if drawn != state:
                    self.board.state = drawn
