"""A quiz the whole class answers from its own devices, headless: the questions, the answers
kept in the rooms' store, grading, the tally for the projector and the results.

The teacher opens a quiz (:meth:`cardgames.rooms.teacher.Teacher.open_quiz`): a game, a number
of questions and a seed. Its questions are :class:`cardgames.quiz.QuizRound`'s for that seed
(positions from real deals, graded with the rules' own words), so every server of the class
asks the same ones without storing them. What is stored is small: the quiz's settings and where
it stands (the question asked now, whether its answer is shown, the teacher's message), the
pupils' names, and one row per answer (pupil, question, the choices, right or not, when). An
answer is written only if that pupil has none to that question (a unique key in SQLite, HSETNX
in Redis): sent twice, or from two pages, it is counted once.

The pace: ``"teacher"`` (the class answers the question on the projector; the teacher shows
the answer, then moves on) or ``"own"`` (each pupil goes through the questions at his own pace,
graded at once). Nothing here imports a widget or a server; :mod:`cardgames.rooms.quiz_server`
serves the pages.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import secrets
import sqlite3
import threading
import time
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from html import escape
from typing import Any, Callable

from .. import examples as ex
from ..games import get_game
from ..quiz import MAX_QUESTIONS, QuizRound
from .join_codes import short_code
from .room import RoomError, check_name, check_pupil_name, short
from .store import RoomStore, dumps

__all__ = ["Answer", "ClassQuiz", "QuizBook", "QuizError", "QuizItem", "QuizRecord",
           "QuizResults", "PACES", "quiz_code", "questions_for"]

PACES = ("teacher", "own")
#: The projector's part of a quiz's codes (the pupils' is "pupil").
SHOW = "show"
MESSAGE_LENGTH = 200


class QuizError(RoomError):
    """A quiz request that cannot be granted: what was wrong, and what is allowed."""


# -- the questions ------------------------------------------------------------------------------

@dataclass(frozen=True)
class QuizItem:
    """One question as the class sees it: words, the position drawn (before and after the
    answer), the choices in words, the right ones and the rule's words that say why."""

    number: int                 # from 1
    kind: str
    title: str
    prompt_html: str
    words: str
    labels: tuple[str, ...]
    picks_many: bool
    right: frozenset[int]
    rule: tuple[str, ...]
    picture: str
    picture_answered: str


def _picture(round_: QuizRound, answered: bool) -> str:
    q = round_.question
    if q.trick is not None:
        show = "winner" if answered or q.kind == "points" else "cards"
        return ex.trick(q.position, q.trick, show=show, names=q.names, show_info=True,
                        pack=round_.pack).html
    return ex.position(q.position, seats=[q.position.to_move],
                       show_legal=answered and q.kind == "legal", pack=round_.pack).html


@lru_cache(maxsize=16)
def questions_for(game: str, seed: int, count: int, faces: str = "") -> tuple[QuizItem, ...]:
    """The ``count`` questions of the quiz of ``game`` dealt from ``seed`` (always the same)."""
    round_ = QuizRound(game, seed=seed, questions=count, faces=faces or None)
    items = []
    for number in range(1, count + 1):
        q = round_.question
        right_choices = set(q.answer) if q.picks_many else {q.answer}
        right = frozenset(i for i, c in enumerate(q.choices) if c in right_choices)
        prompt = "".join(f"<b>{escape(t)}</b>" if strong else escape(t) for t, strong in q.prompt)
        before = _picture(round_, False)
        if q.picks_many:
            for i in sorted(right):
                round_.choose(i)
            feedback = round_.check()
        else:
            feedback = round_.choose(min(right))
        assert feedback is not None and feedback.correct
        rule = [line for line in feedback.lines if line]
        for opening in ("Right! ", "Right: "):
            if rule and rule[0].startswith(opening):
                rule[0] = rule[0][len(opening)].upper() + rule[0][len(opening) + 1:]
        items.append(QuizItem(number, q.kind, q.title, prompt, q.words, tuple(q.labels),
                              q.picks_many, right, tuple(rule), before, _picture(round_, True)))
        if number < count:
            round_.next_question()
    return tuple(items)


# -- what is stored -------------------------------------------------------------------------------

@dataclass
class QuizRecord:
    """A quiz as the store keeps it: settings, where it stands, the pupils' names (each with a
    tag of the token of the page that took it), and a version that grows with each change."""

    name: str
    game: str
    seed: int
    questions: int
    pace: str = "teacher"
    faces: str = ""
    owner: str = ""
    id: str = field(default_factory=lambda: secrets.token_hex(8))
    created: float = 0.0
    current: int = 1              # the question asked now (teacher's pace), from 1
    revealed: bool = False        # its answer shown: no more answers to it
    finished: bool = False
    message: str = ""
    pupils: dict[str, str] = field(default_factory=dict)
    opened: list[float] = field(default_factory=list)   # when each question was put to the class
    version: int = 1

    def to_json(self) -> str:
        return dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> "QuizRecord":
        return cls(**json.loads(text))


@dataclass(frozen=True)
class Answer:
    """One pupil's answer to one question: the choices (indices), right or not, when."""

    pupil: str
    question: int
    choices: tuple[int, ...]
    right: bool
    at: float


def quiz_code(record: QuizRecord, part: str = "pupil") -> str:
    """The short code of the quiz's pupils' page (``part="pupil"``) or projector (``"show"``),
    from the quiz's random id as a room's seat codes are (:mod:`cardgames.rooms.join_codes`)."""
    return short_code(f"cardgames-quiz:{record.id}:{record.name}:{part}")


def token_tag(token: str) -> str:
    return hashlib.sha256(f"cardgames-quiz-pupil:{token}".encode()).hexdigest()[:16]


class QuizBook:
    """The quizzes, kept in the rooms' store (the same SQLite file, or the same Redis), so that
    every server of a class reads and writes the same answers."""

    def __init__(self, store: RoomStore):
        self.store = store
        self.clock = store.clock
        if hasattr(store, "_redis"):
            self._redis = store._redis
            self._prefix = getattr(store, "prefix", "cardgames:") + "quiz:"
            self._db = None
        else:
            self._redis = None
            self._lock = threading.RLock()
            self._db = sqlite3.connect(store.path, timeout=30, isolation_level=None,
                                       check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")   # as the rooms' store: never corrupt
            self._db.executescript(
                "CREATE TABLE IF NOT EXISTS quizzes (name TEXT PRIMARY KEY, data TEXT NOT NULL);"
                "CREATE TABLE IF NOT EXISTS quiz_answers (name TEXT NOT NULL, quiz TEXT NOT NULL,"
                " pupil TEXT NOT NULL, question INTEGER NOT NULL, data TEXT NOT NULL,"
                " PRIMARY KEY (name, pupil, question)) WITHOUT ROWID;")

    def _write(self, body: Callable[[sqlite3.Connection], Any]) -> Any:
        assert self._db is not None
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                result = body(self._db)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return result

    def create(self, record: QuizRecord) -> bool:
        """Store a new quiz unless one of that name is open; True if stored."""
        record.created = self.clock()
        record.opened = [record.created]
        if self._redis is not None:
            key = self._prefix + record.name
            done = self._redis.set(key, record.to_json(), nx=True)
            if done:
                self._redis.delete(key + ":answers")
                self._redis.sadd(self._prefix + "names", record.name)
            return bool(done)

        def body(db: sqlite3.Connection) -> bool:
            if db.execute("SELECT 1 FROM quizzes WHERE name=?", (record.name,)).fetchone():
                return False
            db.execute("DELETE FROM quiz_answers WHERE name=?", (record.name,))
            db.execute("INSERT INTO quizzes VALUES (?, ?)", (record.name, record.to_json()))
            return True

        return self._write(body)

    def get(self, name: str) -> QuizRecord | None:
        if self._redis is not None:
            text = self._redis.get(self._prefix + name)
        else:
            with self._lock:
                row = self._db.execute("SELECT data FROM quizzes WHERE name=?", (name,)).fetchone()
            text = row[0] if row else None
        return QuizRecord.from_json(text) if text else None

    def update(self, name: str, change: Callable[[QuizRecord], None]) -> QuizRecord | None:
        """Apply ``change`` atomically and bump the version; the record, or None if gone."""
        if self._redis is not None:
            import redis

            key = self._prefix + name
            while True:
                with self._redis.pipeline() as pipe:
                    try:
                        pipe.watch(key)
                        text = pipe.get(key)
                        if not text:
                            return None
                        record = QuizRecord.from_json(text)
                        change(record)
                        record.version += 1
                        pipe.multi()
                        pipe.set(key, record.to_json())
                        pipe.execute()
                        return record
                    except redis.WatchError:
                        continue

        def body(db: sqlite3.Connection) -> QuizRecord | None:
            row = db.execute("SELECT data FROM quizzes WHERE name=?", (name,)).fetchone()
            if not row:
                return None
            record = QuizRecord.from_json(row[0])
            change(record)
            record.version += 1
            db.execute("UPDATE quizzes SET data=? WHERE name=?", (record.to_json(), name))
            return record

        return self._write(body)

    def add_answer(self, record: QuizRecord, answer: Answer) -> bool:
        """Store ``answer`` unless that pupil answered that question already; True if stored."""
        data = dumps(asdict(answer))
        if self._redis is not None:
            return bool(self._redis.hsetnx(self._prefix + record.name + ":answers",
                                           f"{answer.pupil}\n{answer.question}", data))

        def body(db: sqlite3.Connection) -> bool:
            row = db.execute("SELECT data FROM quizzes WHERE name=?", (record.name,)).fetchone()
            if not row or QuizRecord.from_json(row[0]).id != record.id:
                return False
            cursor = db.execute("INSERT OR IGNORE INTO quiz_answers VALUES (?, ?, ?, ?, ?)",
                                (record.name, record.id, answer.pupil, answer.question, data))
            return cursor.rowcount == 1

        return self._write(body)

    def answers(self, name: str) -> list[Answer]:
        """Every answer given to the quiz, in the order they came."""
        if self._redis is not None:
            texts = list(self._redis.hgetall(self._prefix + name + ":answers").values())
        else:
            with self._lock:
                texts = [r[0] for r in self._db.execute(
                    "SELECT data FROM quiz_answers WHERE name=?", (name,))]
        found = []
        for text in texts:
            data = json.loads(text)
            found.append(Answer(data["pupil"], data["question"], tuple(data["choices"]),
                                data["right"], data["at"]))
        return sorted(found, key=lambda a: a.at)

    def count(self, name: str) -> int:
        """How many answers the quiz holds (cheap: what the pages poll with the version)."""
        if self._redis is not None:
            return int(self._redis.hlen(self._prefix + name + ":answers"))
        with self._lock:
            return self._db.execute("SELECT count(*) FROM quiz_answers WHERE name=?",
                                    (name,)).fetchone()[0]

    def names(self) -> list[str]:
        if self._redis is not None:
            return sorted(self._redis.smembers(self._prefix + "names"))
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT name FROM quizzes ORDER BY name")]

    def delete(self, name: str) -> None:
        if self._redis is not None:
            self._redis.delete(self._prefix + name, self._prefix + name + ":answers")
            self._redis.srem(self._prefix + "names", name)
            return

        def body(db: sqlite3.Connection) -> None:
            db.execute("DELETE FROM quizzes WHERE name=?", (name,))
            db.execute("DELETE FROM quiz_answers WHERE name=?", (name,))

        self._write(body)


# -- the quiz ----------------------------------------------------------------------------------

class QuizResults:
    """One row per pupil and question answered: ``pupil``, ``question`` (from 1), ``answer``
    (the choices in words), ``right``, ``seconds`` (from the question's being put to the class;
    at one's own pace, from the pupil's previous answer, or the quiz's start)."""

    COLUMNS = ("pupil", "question", "answer", "right", "seconds")

    def __init__(self, rows: list[dict[str, Any]], questions: int):
        self.rows = rows
        self.questions = questions

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def to_frame(self):
        """The rows as a pandas DataFrame (pandas imported only here)."""
        import pandas as pd

        return pd.DataFrame(self.rows, columns=list(self.COLUMNS))

    def to_csv(self) -> str:
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=list(self.COLUMNS), lineterminator="\n")
        writer.writeheader()
        writer.writerows(self.rows)
        return out.getvalue()

    def per_pupil(self) -> list[dict[str, Any]]:
        """Each pupil's right answers out of the questions answered, best first."""
        table: dict[str, dict[str, Any]] = {}
        for row in self.rows:
            each = table.setdefault(row["pupil"], {"pupil": row["pupil"], "right": 0,
                                                   "answered": 0, "seconds": 0.0})
            each["answered"] += 1
            each["right"] += bool(row["right"])
            each["seconds"] = round(each["seconds"] + row["seconds"], 1)
        return sorted(table.values(), key=lambda e: (-e["right"], e["seconds"], e["pupil"]))

    def per_question(self) -> list[dict[str, Any]]:
        """Each question: how many answered it and how many were right."""
        table = [{"question": n, "answered": 0, "right": 0} for n in range(1, self.questions + 1)]
        for row in self.rows:
            each = table[row["question"] - 1]
            each["answered"] += 1
            each["right"] += bool(row["right"])
        return table

    def html(self) -> str:
        """Both tables (``.cg-quiz-results``) for the teacher's page."""
        def table(rows: list[dict[str, Any]], heads: dict[str, str], cls: str) -> str:
            head = "".join(f"<th>{escape(h)}</th>" for h in heads.values())
            body = "".join("<tr>" + "".join(f"<td>{escape(str(r[k]))}</td>" for k in heads)
                           + "</tr>" for r in rows)
            return f'<table class="{cls}"><tr>{head}</tr>{body}</table>'

        return ('<div class="cg-quiz-results"><h2>Per pupil</h2>'
                + table(self.per_pupil(), {"pupil": "Pupil", "right": "Right",
                                           "answered": "Answered", "seconds": "Seconds"},
                        "cg-quiz-per-pupil")
                + "<h2>Per question</h2>"
                + table(self.per_question(), {"question": "Question", "answered": "Answered",
                                              "right": "Right"}, "cg-quiz-per-question")
                + "</div>")


class ClassQuiz:
    """One quiz as the pages and the teacher see it: read from the store, answered through it.
    ``book`` is the store's :class:`QuizBook`; ``name`` the quiz's."""

    def __init__(self, book: QuizBook, name: str):
        self.book = book
        self.name = check_name(name)
        record = book.get(self.name)
        if record is None:
            raise QuizError(f"there is no quiz {name!r} (closed, or never opened)")
        self.record = record

    @property
    def items(self) -> tuple[QuizItem, ...]:
        r = self.record
        return questions_for(r.game, r.seed, r.questions, r.faces)

    def reload(self) -> QuizRecord:
        record = self.book.get(self.name)
        if record is None or record.id != self.record.id:
            raise QuizError(f"the quiz {self.name} was closed")
        self.record = record
        return record

    # -- the pupils ----------------------------------------------------------------------------

    def join(self, pupil: Any, token: str) -> str:
        """Take the name ``pupil`` for the page holding ``token``; the name as kept. A name
        another page took is refused (the same page, reloaded, keeps it)."""
        name = check_pupil_name(pupil)
        tag = token_tag(token)

        def change(record: QuizRecord) -> None:
            held = record.pupils.get(name)
            if held is not None and held != tag:
                raise QuizError(f"the name {short(name)} is taken in this quiz: add an initial "
                                "(e.g. Sam K)")
            record.pupils[name] = tag

        if self.record.pupils.get(name) != tag:
            record = self.book.update(self.name, change)
            if record is None:
                raise QuizError(f"the quiz {self.name} was closed")
            self.record = record
        return name

    def answer(self, pupil: str, question: Any, choices: Any) -> Answer:
        """``pupil``'s answer to ``question`` (its number, from 1): ``choices`` the indices of
        the choices picked (one, or several for "which cards may be played?"). Refused in words
        (:class:`QuizError`) if the question is not open to this pupil, answered already, or
        the choices are not the question's."""
        record = self.reload()
        if pupil not in record.pupils:
            raise QuizError(f"{short(pupil)} has not joined this quiz: answer from your own page")
        if isinstance(question, bool) or not isinstance(question, int) \
                or not 1 <= question <= record.questions:
            raise QuizError(f"question {short(question)}: the quiz has questions 1 to "
                            f"{record.questions}")
        if record.finished:
            raise QuizError("the quiz is over: no more answers")
        if record.pace == "teacher" and (question != record.current or record.revealed):
            raise QuizError(f"question {question} is closed: answer the question on the "
                            "projector")
        item = self.items[question - 1]
        if not isinstance(choices, list) or not choices or len(choices) > len(item.labels) \
                or any(isinstance(c, bool) or not isinstance(c, int) for c in choices) \
                or len(set(choices)) != len(choices) \
                or not all(0 <= c < len(item.labels) for c in choices):
            raise QuizError(f"an answer is a list of different choice numbers from 0 to "
                            f"{len(item.labels) - 1}; got {short(choices)}")
        if not item.picks_many and len(choices) != 1:
            raise QuizError(f"question {question} takes one choice, not {len(choices)}")
        picked = tuple(sorted(choices))
        given = Answer(pupil, question, picked, frozenset(picked) == item.right, self.book.clock())
        if not self.book.add_answer(record, given):
            raise QuizError(f"{pupil} has already answered question {question}: the first "
                            "answer counts")
        return given

    # -- the teacher's moves (the key is checked by Teacher) ------------------------------------

    def next_question(self) -> QuizRecord:
        """Show the answer to the question asked now if it is not shown yet, else move on (the
        last question's answer shown: the quiz is over)."""
        now = self.book.clock()

        def change(record: QuizRecord) -> None:
            if record.finished:
                raise QuizError("the quiz is over: open another one")
            if not record.revealed:
                record.revealed = True
            elif record.current < record.questions:
                record.current += 1
                record.revealed = False
                record.opened.append(now)
            else:
                record.finished = True

        return self._change(change)

    def finish(self) -> QuizRecord:
        def change(record: QuizRecord) -> None:
            record.revealed = record.finished = True

        return self._change(change)

    def say(self, message: Any) -> QuizRecord:
        if not isinstance(message, str) or len(message) > MESSAGE_LENGTH:
            raise QuizError(f"a message is text of at most {MESSAGE_LENGTH} characters")

        def change(record: QuizRecord) -> None:
            record.message = " ".join(message.split())

        return self._change(change)

    def _change(self, change: Callable[[QuizRecord], None]) -> QuizRecord:
        record = self.book.update(self.name, change)
        if record is None:
            raise QuizError(f"there is no quiz {self.name!r} (closed, or never opened)")
        self.record = record
        return record

    # -- what is shown -------------------------------------------------------------------------

    def tally(self, answers: list[Answer] | None = None) -> dict[str, Any]:
        """The question asked now on the projector: how many of the pupils answered, how many
        chose each answer, and (once shown) the right answer with the rule's words."""
        record = self.record
        answers = self.book.answers(self.name) if answers is None else answers
        item = self.items[record.current - 1]
        now = [a for a in answers if a.question == record.current]
        counts = [0] * len(item.labels)
        for a in now:
            for c in a.choices:
                counts[c] += 1
        return {"question": record.current, "answered": len(now), "pupils": len(record.pupils),
                "counts": counts, "labels": list(item.labels),
                "right": sorted(item.right) if record.revealed else None,
                "rule": list(item.rule) if record.revealed else None,
                "right_count": sum(a.right for a in now) if record.revealed else None}

    def results(self) -> QuizResults:
        record = self.record
        answers = self.book.answers(self.name)
        previous: dict[str, float] = {}
        rows = []
        for a in answers:
            item = self.items[a.question - 1]
            if record.pace == "own" or a.question > len(record.opened):
                start = previous.get(a.pupil, record.created)
            else:
                start = record.opened[a.question - 1]
            previous[a.pupil] = a.at
            rows.append({"pupil": a.pupil, "question": a.question,
                         "answer": ", ".join(item.labels[c] for c in a.choices),
                         "right": a.right, "seconds": round(max(0.0, a.at - start), 1)})
        rows.sort(key=lambda r: (r["pupil"].lower(), r["question"]))
        return QuizResults(rows, record.questions)


def new_quiz(name: str, game: str, *, questions: int = 5, seed: int | None = None,
             pace: str = "teacher", faces: str = "") -> QuizRecord:
    """A quiz's record, checked (its questions are found at once, so a bad setting is said
    here and not in front of the class)."""
    name = check_name(name)
    game = get_game(game).name
    if isinstance(questions, bool) or not isinstance(questions, int) \
            or not 1 <= questions <= MAX_QUESTIONS:
        raise QuizError(f"questions is a whole number from 1 to {MAX_QUESTIONS}, "
                        f"not {short(questions)}")
    if pace not in PACES:
        raise QuizError(f"pace {short(pace)}: choose 'teacher' (the class answers together) or "
                        "'own' (each pupil at his own pace)")
    if seed is None:
        seed = secrets.randbelow(10**6) + 1
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise QuizError(f"seed {short(seed)}: a whole number from 0 up")
    questions_for(game, seed, questions, faces)
    return QuizRecord(name, game, seed, questions, pace, faces, created=time.time())
