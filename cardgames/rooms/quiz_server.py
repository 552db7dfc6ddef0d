"""A class quiz's pages on the apps' server, without a kernel: the pupils' and the projector's.

A pupil opens ``/quiz/CODE`` (the link, its QR code, or ``/quiz`` where the code is typed),
gives a name (``?pupil=NAME`` in the link, or the name box) and answers on his own device; the
projector opens ``/quiz/show/CODE``: the question at projector size and, as answers come in, the
tally (``.cg-quiz-tally``), then the right answer with the rule's words. The teacher's moves
(show the answer, next question, a message, the end) are sent from the projector's page opened
with the teacher's key in its address's fragment (``#key=...``, never sent in a request line)
and checked on the server by :class:`~cardgames.rooms.teacher.Teacher`, as every teacher's
action is. ``/quiz/results/NAME?key=...`` is the results' page (per pupil, per question) and
``/quiz/results/NAME.csv?key=...`` their download.

Each page is plain HTML (:file:`quiz_page.html`) and a small script (:file:`quiz_page.js`)
over a WebSocket (``/quiz/socket/pupil/CODE``, ``/quiz/socket/show/CODE``): the server builds
each page's view from the quiz (:mod:`cardgames.rooms.class_quiz`) and sends it when it changed;
an answer reaches the projector on this server at once, and every :data:`TICK_SECONDS` each page
looks at its quiz's version and answer count in the store (what another server or the teacher's
notebook changed).
"""

from __future__ import annotations

import json
import logging
import time
from collections import Counter
from functools import lru_cache
from html import escape
from pathlib import Path
from string import Template
from typing import Any
from urllib.parse import quote

from tornado import web, websocket
from tornado.ioloop import IOLoop, PeriodicCallback

from .class_quiz import SHOW, Answer, ClassQuiz, QuizBook, QuizError, quiz_code
from .join_codes import check_code, qr_svg
from .room import RoomError, check_pupil_name
from .store import RoomStore, open_store
from .teacher import KeyRefused, Teacher

__all__ = ["QuizHub", "quiz_handlers", "TICK_SECONDS"]

LOG = logging.getLogger("cardgames.rooms")
HERE = Path(__file__).resolve().parent
TICK_SECONDS = 0.1
MAX_SOCKET_BYTES = 1024
MAX_PER_ADDRESS = 60
RESCAN_SECONDS = 1.0
NO_QUIZ = "No such quiz: ask your teacher for the code or the link."
PAGE = Template((HERE / "quiz_page.html").read_text(encoding="utf-8"))


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


class QuizHub:
    """The server's quizzes: the store, the pages open, the codes seen."""

    def __init__(self, store: RoomStore | None = None):
        self.store = store if store is not None else open_store()
        self.book = QuizBook(self.store)
        self.pages: set[QuizSocket] = set()
        self.addresses: Counter[str] = Counter()
        self._codes: dict[str, tuple[str, str]] = {}
        self._scanned = float("-inf")
        self._timer: PeriodicCallback | None = None
        self._seen: dict[str, tuple[int, int]] = {}
        self._soon: set[str] = set()

    def find(self, code: str) -> tuple[str, str] | None:
        """The quiz and the part (``"pupil"`` or ``"show"``) of a code; None if none has it."""
        code = check_code(code)
        known = self._codes.get(code)
        if known is not None:
            record = self.book.get(known[0])
            if record is not None and quiz_code(record, known[1]) == code:
                return known
        now = time.monotonic()
        if now - self._scanned < RESCAN_SECONDS:
            return None
        self._scanned = now
        self._codes.clear()
        for name in self.book.names():
            record = self.book.get(name)
            if record is not None:
                for part in ("pupil", SHOW):
                    self._codes[quiz_code(record, part)] = (name, part)
        return self._codes.get(code)

    def add(self, page: "QuizSocket") -> None:
        self.pages.add(page)
        if self._timer is None:
            self._timer = PeriodicCallback(self.tick, TICK_SECONDS * 1000)
            self._timer.start()

    def remove(self, page: "QuizSocket") -> None:
        self.pages.discard(page)

    def soon(self, name: str) -> None:
        """Redraw quiz ``name``'s pages once the messages already come in are handled: a
        burst of answers is drawn once, not once each."""
        if name not in self._soon:
            self._soon.add(name)
            IOLoop.current().add_callback(self._redraw_soon, name)

    def _redraw_soon(self, name: str) -> None:
        self._soon.discard(name)
        self.tick(name)

    def tick(self, name: str | None = None, force: bool = False) -> None:
        """Redraw the pages (of quiz ``name``) whose quiz changed in the store: one read of
        the record and the answers per quiz, shared by its pages."""
        names = {p.name for p in self.pages if p.name and (name is None or p.name == name)}
        for each in names:
            try:
                record = self.book.get(each)
                count = self.book.count(each)
            except Exception:  # noqa: BLE001 - the store is back at the next tick
                LOG.exception("quiz %s: the store could not be read", each)
                continue
            mark = (record.version, count) if record is not None else (-1, -1)
            if not force and self._seen.get(each) == mark:
                continue
            self._seen[each] = mark
            answers = self.book.answers(each) if record is not None else []
            for page in [p for p in self.pages if p.name == each]:
                page.redraw(record, answers)


class QuizSocket(websocket.WebSocketHandler):
    """One page of a quiz: a pupil's (with his name) or the projector's."""

    def initialize(self, hub: QuizHub) -> None:
        self.hub = hub
        self.name: str | None = None
        self.quiz: ClassQuiz | None = None
        self.part = ""
        self.pupil: str | None = None
        self.address = ""
        self._drawn = ""
        self._inputs: Any = None

    @property
    def max_message_size(self) -> int:
        return MAX_SOCKET_BYTES

    def open(self, part: str, code: str) -> None:
        self.address = self.request.remote_ip or ""
        if self.hub.addresses[self.address] >= MAX_PER_ADDRESS:
            self._end(f"Too many pages are open from this address ({MAX_PER_ADDRESS} at most).")
            return
        self.hub.addresses[self.address] += 1
        try:
            found = self.hub.find(code)
            if found is None or found[1] != part:
                raise QuizError(NO_QUIZ)
            self.quiz = ClassQuiz(self.hub.book, found[0])
            if part == "pupil":
                self.pupil = self.quiz.join(self.get_argument("pupil", ""),
                                            self.get_argument("token", "")[:64] or "none")
        except RoomError as error:
            self._end(_sentence(str(error)))
            return
        self.name, self.part = found[0], part
        self.hub.add(self)
        self.redraw(self.quiz.record, self.hub.book.answers(self.name))

    def _end(self, text: str) -> None:
        self._send({"type": "closed", "text": text})
        self.close(1000)

    def on_close(self) -> None:
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

    def redraw(self, record, answers: list[Answer]) -> None:
        quiz = self.quiz
        if quiz is None:
            return
        if record is None or record.id != quiz.record.id:
            self._send({"type": "closed", "text": "The teacher closed the quiz."})
            self.hub.remove(self)
            return
        quiz.record = record
        mine = tuple(a for a in answers if a.pupil == self.pupil)
        inputs = (record.version, len(answers) if self.part == SHOW else mine)
        if inputs == self._inputs:
            return                   # a pupil's page shows only the quiz and his own answers
        self._inputs = inputs
        html = (projector_html(quiz, answers, f"{self.request.protocol}://{self.request.host}")
                if self.part == SHOW
                else pupil_html(quiz, self.pupil or "", answers))
        if html != self._drawn:
            self._drawn = html
            self._send({"type": "view", "html": html,
                        "key": f"{record.current}-{record.revealed}-{record.finished}"})

    def on_message(self, message: str | bytes) -> None:
        quiz = self.quiz
        if quiz is None:
            return
        try:
            try:
                data = json.loads(message)
            except ValueError:
                raise QuizError("a message must be JSON") from None
            if not isinstance(data, dict):
                raise QuizError("a message is a JSON object")
            kind = data.get("type")
            if kind == "answer" and self.part == "pupil":
                pupil = data.get("pupil", self.pupil)
                if pupil != self.pupil:
                    raise QuizError("a page answers for its own pupil only")
                quiz.answer(self.pupil, data.get("question"), data.get("choices"))
            elif kind == "teacher" and self.part == SHOW:
                teacher = Teacher(self.hub.store, key=data.get("key"))
                move = data.get("do")
                if move == "next":
                    teacher.next_question(quiz.name)
                elif move == "finish":
                    teacher._quiz(quiz.name).finish()
                elif move == "say":
                    teacher.quiz_message(quiz.name, data.get("text", ""))
                else:
                    raise QuizError("the teacher's moves are next, finish and say")
            else:
                raise QuizError("this page sends answers (a pupil's) or the teacher's moves "
                                "(the projector's)")
        except RoomError as error:
            self._send({"type": "refused", "text": _sentence(str(error))})
            return
        except Exception:  # noqa: BLE001 - a page's message never stops the server
            LOG.exception("quiz %s: a message failed", self.name)
            return
        self.hub.soon(self.name)


# -- the views ---------------------------------------------------------------------------------

def _message(quiz: ClassQuiz) -> str:
    text = quiz.record.message
    return f'<p class="cg-quiz-message" role="alert">{escape(text)}</p>' if text else ""


def _choices(quiz: ClassQuiz, number: int) -> str:
    item = quiz.items[number - 1]
    buttons = "".join(f'<button type="button" class="cg-quiz-choice" data-index="{i}">'
                      f"{escape(label)}</button>" for i, label in enumerate(item.labels))
    send = ('<button type="button" class="cg-quiz-send" disabled>Check</button>'
            if item.picks_many else "")
    many = "many" if item.picks_many else "one"
    return (f'<div class="cg-quiz-choices" data-question="{number}" data-picks="{many}">'
            f"{buttons}</div>{send}")


def _question(quiz: ClassQuiz, number: int, answered: bool = False) -> str:
    item = quiz.items[number - 1]
    picture = item.picture_answered if answered else item.picture
    return (f'<h2 class="cg-quiz-question"><span class="cg-quiz-number">Question {number} of '
            f"{quiz.record.questions}</span> {item.prompt_html}</h2>"
            f'<div class="cg-quiz-board">{picture}</div>')


def _rule(quiz: ClassQuiz, number: int) -> str:
    item = quiz.items[number - 1]
    right = ", ".join(item.labels[i] for i in sorted(item.right))
    return (f'<div class="cg-quiz-rule"><p><b>The answer: {escape(right)}</b></p>'
            + "".join(f"<p>{escape(line)}</p>" for line in item.rule) + "</div>")


def _score(answers: list[Answer], pupil: str, questions: int) -> str:
    right = sum(a.right for a in answers if a.pupil == pupil)
    return (f'<p class="cg-quiz-score">You got {right} right out of {questions}.</p>')


def pupil_html(quiz: ClassQuiz, pupil: str, answers: list[Answer]) -> str:
    """A pupil's page: the question open to him and its choices, or where he stands."""
    record = quiz.record
    mine = {a.question: a for a in answers if a.pupil == pupil}
    head = (f'<p class="cg-quiz-who">{escape(pupil)} · '
            f"{escape(quiz.items[0].title.split(',')[0])}</p>{_message(quiz)}")

    def graded(number: int) -> str:
        answer = mine.get(number)
        if answer is None:
            return (f'<p class="cg-quiz-feedback">No answer to question {number}.</p>'
                    + _rule(quiz, number))
        said = "Right!" if answer.right else "Not quite."
        return (f'<p class="cg-quiz-feedback cg-quiz-{"right" if answer.right else "wrong"}">'
                f"{said}</p>" + _rule(quiz, number))

    if record.pace == "own":
        open_ = next((n for n in range(1, record.questions + 1) if n not in mine), None)
        last = max(mine) if mine else None
        done = graded(last) if last is not None else ""
        if open_ is None or record.finished:
            return head + done + _score(answers, pupil, record.questions) \
                + '<p class="cg-quiz-wait">That was the last question.</p>'
        return head + done + _question(quiz, open_) + _choices(quiz, open_)
    number = record.current
    if record.finished:
        return head + _score(answers, pupil, record.questions) + \
            '<p class="cg-quiz-wait">The quiz is over: thank you!</p>'
    if record.revealed:
        return head + graded(number) + '<p class="cg-quiz-wait">The next question comes ' \
            "soon.</p>" + _question(quiz, number, answered=True)
    if number in mine:
        return head + '<p class="cg-quiz-wait">Your answer is in. The answer will be shown ' \
            "on the projector.</p>" + _question(quiz, number)
    return head + _question(quiz, number) + _choices(quiz, number)


@lru_cache(maxsize=64)
def _qr(link: str) -> str:
    return qr_svg(link, scale=8)


def projector_html(quiz: ClassQuiz, answers: list[Answer], base: str = "") -> str:
    """The class screen: the question, the tally as answers come in, then the right answer.
    ``base``: the server's address as the projector reached it (the QR code's link)."""
    record = quiz.record
    code = quiz_code(record)
    link = f"{base}/quiz/{code}"
    join = (f'<aside class="cg-quiz-join">{_qr(link)}'
            f'<p>Join at <b class="cg-quiz-join-link">{escape(link.split("://")[-1])}</b><br>'
            f'code <b class="cg-code">{code}</b></p></aside>')
    if record.pace == "own" or record.finished:
        rows = "".join(
            f"<tr><td>{n}</td><td>{sum(a.question == n for a in answers)}</td>"
            f"<td>{sum(a.question == n and a.right for a in answers)}</td></tr>"
            for n in range(1, record.questions + 1))
        over = '<p class="cg-quiz-over">The quiz is over.</p>' if record.finished else ""
        return (_message(quiz) + join + over + f'<div class="cg-quiz-tally" data-answered="'
                f'{len(answers)}"><p>{len(record.pupils)} pupils joined · {len(answers)} '
                "answers</p><table><tr><th>Question</th><th>Answered</th><th>Right</th></tr>"
                f"{rows}</table></div>" + _teacher_buttons(record))
    tally = quiz.tally(answers)
    most = max(tally["counts"] + [1])
    bars = "".join(
        f'<li class="cg-quiz-bar{" cg-quiz-right" if i in (tally["right"] or ()) else ""}"'
        f' data-index="{i}" data-count="{count}"><span class="cg-quiz-label">{escape(label)}'
        f'</span><span class="cg-quiz-fill" style="width:{count * 100 // most}%"></span>'
        f'<b class="cg-quiz-count">{count}</b></li>'
        for i, (label, count) in enumerate(zip(tally["labels"], tally["counts"])))
    answered = (f'<p class="cg-quiz-answered"><b>{tally["answered"]}</b> of '
                f'{tally["pupils"]} answered</p>')
    rule = _rule(quiz, record.current) if record.revealed else ""
    return (_message(quiz) + '<div class="cg-quiz-stage"><div class="cg-quiz-asked">'
            + _question(quiz, record.current, answered=record.revealed)
            + '</div><div class="cg-quiz-side">' + join
            + f'<div class="cg-quiz-tally" data-answered="{tally["answered"]}">{answered}'
            f'<ol class="cg-quiz-bars">{bars}</ol>{rule}</div>' + _teacher_buttons(record)
            + "</div></div>")


def _teacher_buttons(record) -> str:
    if record.finished:
        label = ""
    elif not record.revealed and record.pace == "teacher":
        label = "Show the answer"
    elif record.pace == "teacher" and record.current < record.questions:
        label = "Next question"
    else:
        label = "End the quiz"
    move = "next" if record.pace == "teacher" else "finish"
    button = (f'<button type="button" class="cg-quiz-next" data-do="{move}">{label}</button>'
              if label else "")
    return f'<div class="cg-quiz-teacher" hidden>{button}</div>'


# -- the pages ---------------------------------------------------------------------------------

def page_html(title: str, socket: str, body: str = "", kind: str = "pupil") -> str:
    return PAGE.substitute(title=escape(title), socket=escape(socket), body=body, kind=kind)


def _name_form(code: str, error: str = "", path: str = "") -> str:
    said = f'<p class="cg-quiz-error" role="alert">{escape(error)}</p>' if error else ""
    code_box = ("" if path else f'<label>The quiz\'s code <input name="code" value='
                f'"{escape(code)}" maxlength="12" autocomplete="off" required></label>')
    return (f'<h1>Join the class quiz</h1>{said}<form class="cg-quiz-join-form" method="get" '
            f'action="{escape(path or "/quiz")}">{code_box}<label>Your name <input name="pupil" '
            'maxlength="30" autocomplete="given-name" required></label>'
            '<button type="submit">Join</button></form>')


class QuizPage(web.RequestHandler):
    """``/quiz``: the code; ``/quiz/CODE``: a pupil's page (a name box without ``?pupil=``)."""

    def initialize(self, hub: QuizHub) -> None:
        self.hub = hub

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")

    def get(self, code: str | None = None) -> None:
        pupil = self.get_argument("pupil", "")[:60]
        code = code or self.get_argument("code", "")[:40]
        if not code:
            self.finish(page_html("Class quiz", "", _name_form(""), "words"))
            return
        try:
            found = self.hub.find(code)
            if pupil:
                pupil = check_pupil_name(pupil)
        except RoomError as error:
            self.set_status(400)
            self.finish(page_html("Class quiz", "", _name_form(code[:12], _sentence(str(error))),
                                  "words"))
            return
        if found is None or found[1] != "pupil":
            self.set_status(404)
            self.finish(page_html("No such quiz", "", _name_form("", NO_QUIZ), "words"))
            return
        code = check_code(code)
        if not pupil:
            self.finish(page_html("Class quiz", "", _name_form(code, path=f"/quiz/{code}"),
                                  "words"))
            return
        self.finish(page_html(f"Quiz · {pupil}", f"/quiz/socket/pupil/{quote(code)}?"
                              f"pupil={quote(pupil)}"))


class ProjectorPage(QuizPage):
    def get(self, code: str) -> None:
        try:
            found = self.hub.find(code)
        except RoomError:
            found = None
        if found is None or found[1] != SHOW:
            self.set_status(404)
            self.finish(page_html("No such quiz", "", f"<p>{escape(NO_QUIZ)}</p>", "words"))
            return
        self.finish(page_html(f"Quiz {found[0]} · projector",
                              f"/quiz/socket/show/{check_code(code)}", "", "show"))


class ResultsPage(QuizPage):
    """``/quiz/results/NAME?key=...``: the tables; ``NAME.csv``: the download."""

    def get(self, name: str, csv: str | None = None) -> None:
        key = self.get_argument("key", "")
        try:
            results = Teacher(self.hub.store, key=key).quiz_results(name)
        except KeyRefused as error:
            self.set_status(403)
            self.finish(page_html("Results", "", f"<p>{escape(_sentence(str(error)))}</p>",
                                  "words"))
            return
        except RoomError as error:
            self.set_status(404)
            self.finish(page_html("Results", "", f"<p>{escape(_sentence(str(error)))}</p>",
                                  "words"))
            return
        if csv:
            self.set_header("Content-Type", "text/csv; charset=utf-8")
            self.set_header("Content-Disposition", f'attachment; filename="{name}-results.csv"')
            self.finish(results.to_csv())
            return
        link = f"/quiz/results/{quote(name)}.csv" + (f"?key={quote(key)}" if key else "")
        self.finish(page_html(f"Results of {name}", "", f"<h1>Results of the quiz {escape(name)}"
                              f'</h1><p><a class="cg-quiz-csv" href="{escape(link)}" download>'
                              f"Download the results (CSV)</a></p>{results.html()}", "words"))


class QuizScript(web.RequestHandler):
    def get(self) -> None:
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.finish((HERE / "quiz_page.js").read_bytes())


def quiz_handlers(hub: QuizHub, prefix: str = "/") -> list[tuple[str, type, dict[str, Any]]]:
    """The quiz's handlers for a tornado application (the apps' server adds them)."""
    root = prefix.rstrip("/")
    settings = {"hub": hub}
    return [
        (rf"{root}/quiz/?", QuizPage, settings),
        (rf"{root}/quiz/([A-Za-z0-9]{{1,40}})", QuizPage, settings),
        (rf"{root}/quiz/show/([A-Za-z0-9]{{1,40}})", ProjectorPage, settings),
        (rf"{root}/quiz/results/([a-z0-9_-]{{1,40}}?)(\.csv)?", ResultsPage, settings),
        (rf"{root}/quiz/socket/(pupil|show)/([A-Za-z0-9]{{1,40}})", QuizSocket, settings),
        (rf"{root}/quiz/static/quiz_page\.js", QuizScript, {}),
    ]
