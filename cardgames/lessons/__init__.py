"""Lessons by playing: short prepared deals that teach one rule at a time, with a coach.

A :class:`Lesson` is data: a deal set up through the public API (``cg.deal(game, hands=...,
stock=..., ...)``), the learner's seat, the moves the other seats make before the learner's first
decision, and a few :class:`LessonStep`s. Each step names a goal in words ("Win this trick with a
trump"), the choices that meet it, the rule's reason they meet it (quoted from the rule text it
teaches), and words for the legal choices that miss it. One module per game (``guinote.py``,
``quinto.py``...) holds that game's lessons as data only; ``LESSONS`` gathers them.

A :class:`LessonRun` plays a lesson headless (no widgets): ``run.goal`` says what to do,
``run.marked`` lists the choices that meet it, ``run.choose("7S")`` answers a choice: a choice
the rules refuse with the rule's refusal, a legal one that misses the goal with why, both asking for a
second try (the goal stands); the right one is played and praised with the rule's reason, the other seats play on,
and the next goal is set. After the last step ``run.done`` is True and ``run.next_lesson`` is
the next lesson's number (None after the game's last). The table draws a run
(``cardgames.widgets.lesson_table.LessonTable``); tests play every lesson through with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import Move, NotationError, parse_action
from ..games import get_game
from ..session import TableSession

__all__ = ["Lesson", "LessonStep", "LessonRun", "LessonError", "LESSONS", "lessons_of",
           "get_lesson"]


class LessonError(ValueError):
    """A lesson that does not exist, or a lesson's data that the rules refuse."""


@dataclass(frozen=True)
class LessonStep:
    """One decision of the learner: the goal, the choices that meet it, and the coach's words.

    ``right``: the choices that meet the goal, written as the engine writes actions (``"7S"``,
    ``"marriage C"``). ``praise``: why a right choice is right, the rule's reason. ``misses``:
    for a legal choice that misses the goal, why it does (by the choice's text); ``miss`` for any
    other. ``then``: what the other seats do next, in turn (``"2:marriage C"`` for seat 2 out of
    turn), before the next goal.
    """

    goal: str
    right: tuple[str, ...]
    praise: str
    miss: str = "That is allowed, but it does not meet the goal."
    misses: dict[str, str] = field(default_factory=dict)
    then: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A short lesson: a prepared deal, the rule it teaches (quoted, with its source), its steps.

    ``deal``: keywords for ``cg.deal`` (``hands``, ``stock``, ``trump``, ``players``, options).
    ``seat``: the learner's seat. ``opening``: the other seats' moves before the first goal.
    ``rule``: the rule text taught, in its own words; ``source``: where that text is.
    """

    game: str
    number: int
    title: str
    intro: str
    rule: str
    source: str
    deal: dict[str, Any]
    steps: tuple[LessonStep, ...]
    seat: int = 0
    opening: tuple[str, ...] = ()

    @property
    def link(self) -> str:
        """The query that opens this lesson on the game's page."""
        return f"?lesson={self.number}"


def _game_lessons() -> dict[str, tuple[Lesson, ...]]:
    from . import guinote, pip_pip, pippins_aplenty, quinto, yukon

    modules = (quinto, yukon, pip_pip, guinote, pippins_aplenty)
    return {module.GAME: module.LESSONS for module in modules}


#: Every game's lessons, by the game's name, numbered from 1.
LESSONS: dict[str, tuple[Lesson, ...]] = _game_lessons()


def lessons_of(game: str) -> tuple[Lesson, ...]:
    """The lessons of a game (by name or alias)."""
    return LESSONS.get(get_game(game).name, ())


def get_lesson(game: str, number: int) -> Lesson:
    """Lesson ``number`` (from 1) of ``game``; a number out of range raises LessonError."""
    lessons = lessons_of(game)
    if isinstance(number, bool) or not isinstance(number, int) or \
            not 1 <= number <= len(lessons):
        raise LessonError(f"{get_game(game).title} has lessons 1 to {len(lessons)}, not "
                          f"{str(number)[:10]!r}")
    return lessons[number - 1]


def _scripted(text: str) -> tuple[int | None, Move]:
    """A scripted move: ``"5H"`` for the seat to move, ``"2:marriage C"`` for seat 2."""
    seat: int | None = None
    if ":" in text:
        head, text = text.split(":", 1)
        seat = int(head)
    return seat, parse_action(text.strip())


class LessonRun:
    """One play of a lesson, headless: the goal, the marked choices, the coach's answers."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.session = TableSession(lesson.game, None, seat=lesson.seat, auto=False,
                                    **lesson.deal)
        self.session.coach = False          # the lesson's goal says what to do instead
        self.index = 0
        #: the coach's last words, and whether they answered a right choice (None: no answer yet)
        self.feedback = ""
        self.feedback_ok: bool | None = None
        self._script(lesson.opening)
        self.session.say([f"Lesson {lesson.number}: {lesson.title}."], record=False)
        self.session.run(lambda: None)

    # -- what the learner sees --------------------------------------------------------------------

    @property
    def hand(self):
        return self.session.hand

    @property
    def step(self) -> LessonStep | None:
        """The step now asked for (None once the lesson is done)."""
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    @property
    def goal(self) -> str:
        step = self.step
        return step.goal if step is not None else ""

    @property
    def marked(self) -> list[Move]:
        """The choices that meet the goal now (the board marks them)."""
        step = self.step
        return [parse_action(text) for text in step.right] if step is not None else []

    @property
    def next_lesson(self) -> int | None:
        count = len(lessons_of(self.lesson.game))
        return self.lesson.number + 1 if self.lesson.number < count else None

    @property
    def done_words(self) -> str:
        if not self.done:
            return ""
        after = (f" Next: lesson {self.next_lesson}." if self.next_lesson is not None
                 else " That was the last lesson: play a whole hand next.")
        return f"Lesson {self.lesson.number} done ({self.lesson.title}).{after}"

    # -- the learner's choice ---------------------------------------------------------------------

    def choose(self, text: "str | Move") -> bool:
        """Answer the learner's choice: True if it met the goal (it is then played, the other
        seats play on and the next goal is set); False with the coach's words in ``feedback``
        (the rule's refusal, or why a legal choice misses the goal) and nothing changed."""
        step = self.step
        if step is None:
            self.feedback, self.feedback_ok = self.done_words, True
            return False
        try:
            move = parse_action(text)
        except NotationError as error:
            self.feedback, self.feedback_ok = f"{error}. Try again.", False
            return False
        if move not in self.marked:
            refusal = self.session.why(move)
            if refusal:
                words = f"Not allowed: {refusal}."
            else:
                words = step.misses.get(_key(move), step.miss)
            self.feedback = f"{_capital(words)} Try again."
            self.feedback_ok = False
            return False
        seat = self._seat_for(move)
        if not self.session.run(self.session.choose, move, seat):
            raise LessonError(f"lesson {self.lesson.number} of {self.lesson.game}: its right "
                              f"choice {_key(move)} was refused: {self.session.message}")
        self.index += 1
        self._script(step.then)
        self.feedback = f"Right. {step.praise}"
        self.feedback_ok = True
        if self.done:
            self.feedback += " " + self.done_words
        return True

    def _seat_for(self, move: Move) -> int | None:
        for choice in self.session.choices():
            if choice.move == move:
                return choice.seat
        return None

    def _script(self, moves: tuple[str, ...]) -> None:
        """The other seats' scripted moves."""
        def play() -> None:
            for text in moves:
                seat, move = _scripted(text)
                self.session.apply(move, seat)
        if moves and not self.session.run(play):
            raise LessonError(f"lesson {self.lesson.number} of {self.lesson.game}: its script "
                              f"{' '.join(moves)} was refused: {self.session.message}")


def _key(move: Move) -> str:
    return str(move)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]




