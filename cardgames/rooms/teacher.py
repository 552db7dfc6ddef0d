"""The teacher's side of the rooms, headless: list the rooms with their players and scores,
open N rooms at once (names, links to hand out, a printable sheet), reset or close a room,
free a seat, open the hands on the projector, take back the last action (undo is the
teacher's alone), choose the computer players and the absence timeout.

The teacher's key: ``python3 tasks.py apps`` makes one at start (or takes ``--teacher-key``)
and gives it to the server and its kernels as ``$CARDGAMES_TEACHER_KEY``. Where one is set,
every method here first checks the key the teacher's page was opened with (a constant-time
compare) and refuses without it (:class:`KeyRefused`); the rooms opened under a key are that
class's (``Room.owner``, a tag of the key), and only they are listed and changed. Where none is
set (a teacher's own notebook, the tests), the store's rooms opened without a key are.

A seat's link is the rooms server's page ``BASE/join/CODE`` (the seat's short code,
:mod:`cardgames.rooms.join_codes`), the projector's ``BASE/watch/CODE``.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass, field
from html import escape
from typing import Any
from urllib.parse import urlencode

from ..engine import Match
from ..games import get_game
from ..stylesheets import stylesheet
from ..table_words import seat_names, unit_names
from .join_codes import qr_svg, room_codes
from .room import COMPUTER_KINDS, WATCH, Room, RoomError, RoomGone, Seat, check_name, short
from .room_table import apply_stored, build, new_room
from .store import RoomStore, open_store

MAX_ROOMS = 50               # rooms opened at once
#: Where the server gives its kernels the teacher's key.
KEY_VARIABLE = "CARDGAMES_TEACHER_KEY"
#: The printable sheet's style (:meth:`Teacher.sheet_html`): ``teacher_sheet.css`` here.
SHEET_STYLE = stylesheet("rooms/teacher_sheet.css")


class KeyRefused(RoomError):
    """The teacher's key is missing or wrong: nothing is shown or changed."""


def key_tag(key: str) -> str:
    """The tag a class's rooms carry: a hash of the key (the key itself is never stored)."""
    return hashlib.sha256(f"cardgames-class:{key}".encode()).hexdigest()[:16] if key else ""


def new_key() -> str:
    """A fresh random teacher's key (22 URL-safe characters)."""
    return secrets.token_urlsafe(16)


@dataclass
class OpenedRoom:
    """A room the teacher opened: its name and the links to hand out, one per seat and one to
    watch it (the projector)."""

    name: str
    game: str
    links: dict[str, str]     # seat name -> link
    watch: str
    codes: dict[str, str] = field(default_factory=dict)    # seat name -> short code
    watch_code: str = ""


def room_link(base_url: str, game: str, name: str, seat: int | str) -> str:
    """The link that joins ``name`` at ``seat`` in the game's app: ``base_url`` is where the
    apps are served (``http://host:8866/voila/render``)."""
    return f"{base_url.rstrip('/')}/{get_game(game).name}.ipynb?" + urlencode({"room": name, "seat": seat})


class Teacher:
    """What the teacher's page calls. ``store``: the same store as the pupils' pages. ``key``:
    the key the teacher's page was opened with; ``expected``: the server's key (default
    ``$CARDGAMES_TEACHER_KEY``; None or "": no key is asked)."""

    def __init__(self, store: RoomStore | None = None, key: str | None = None,
                 expected: str | None = None):
        self.store = store if store is not None else open_store()
        self.expected = os.environ.get(KEY_VARIABLE, "") if expected is None else expected
        self.key = key

    @property
    def authorised(self) -> bool:
        """Does the key given match the server's (always, where the server has none)?"""
        if not self.expected:
            return True
        given = self.key if isinstance(self.key, str) else ""
        return hmac.compare_digest(hashlib.sha256(given.encode()).digest(),
                                   hashlib.sha256(self.expected.encode()).digest())

    @property
    def owner(self) -> str:
        return key_tag(self.expected)

    def _check(self) -> None:
        if not self.authorised:
            raise KeyRefused("this page needs the teacher's key: open the teacher's address "
                             "that 'python3 tasks.py apps' printed (it ends with ?key=...)")

    def _room(self, name: str) -> Room:
        self._check()
        room = self.store.get(check_name(name))
        if room is None or room.owner != self.owner:
            raise RoomGone(f"there is no room {name!r} (closed, expired, or never opened)")
        return room

    # -- looking ------------------------------------------------------------------------------

    def rooms(self) -> list[dict[str, Any]]:
        """Every open room (expired ones are deleted first): its game, seats (who holds each,
        whether the pupil is there, or the computer), actions, scores (the hand's, and the
        match's in a match; ``units`` names the score's entries: seats, or sides in partnership
        games), the seat to move (``waiting``: it is the computer's, and no pupil's page is open
        to play it), and how long since the last play. ``people`` has each seat as
        a dict (number, name, held by a pupil, the pupil's name, away, and ``own``: False for a
        seat another plays this hand, Quinto's dummy). Each room is replayed from its stored
        actions, so what is listed is what its pages show."""
        self._check()
        self.store.expire()
        now = self.store.clock()
        found = []
        for name in self.store.names():
            room = self.store.get(name)
            if room is None or room.owner != self.owner:
                continue
            target = build(room)
            for number, entry in enumerate(room.actions):
                apply_stored(target, entry, number, room.name)
            match = target if isinstance(target, Match) else None
            hand = match.hand if match else target
            names = seat_names(hand)
            mover = None if hand.to_move is None else hand.controller(hand.to_move)
            over = match.is_over if match else hand.is_over
            # the computer's seats are played by the room's open pages (a pupil's, or the
            # projector's) once a pupil has joined: before that, or with no page open, it waits
            waiting = (not over and mover is not None
                       and not any(room.live(s, now) for s in range(len(room.seats))))
            seats, people = [], []
            for s, seat in enumerate(room.seats):
                who = (seat.pupil or "a pupil") if seat.holder else "computer"
                away = bool(seat.holder) and not room.live(s, now)
                if away:
                    who += f" (away: the computer plays after {room.timeout:.0f} s)"
                seats.append((names[s], who))
                people.append({"seat": s, "name": names[s], "held": seat.holder is not None,
                               "pupil": seat.pupil, "away": away,
                               "own": hand.controller(s) == s})
            found.append({
                "room": room.name, "game": room.game, "players": room.players,
                "match": room.match, "seats": seats, "people": people, "actions": room.count,
                "score": list(hand.score), "units": unit_names(hand, names),
                "scores": list(match.scores) if match else None,
                "hand": len(match.hands) + (not match.is_over) if match else 1,
                "to_move": None if mover is None else names[mover],
                "over": over, "waiting": waiting,
                "computer": room.computer, "timeout": room.timeout, "open_hands": room.open_hands,
                "idle": None if room.last_play is None else now - room.last_play,
            })
        return found

    # -- opening -------------------------------------------------------------------------------

    def open_rooms(self, count: int, game: str, *, prefix: str = "table",
                   base_url: str = "", seed: int | None = None,
                   **settings: Any) -> list[OpenedRoom]:
        """Open ``count`` rooms ``prefix-1`` .. ``prefix-N`` of ``game``, each dealt from its
        own seed (``seed``, ``seed+1``... if given, else random), with the other ``settings``
        of :func:`~cardgames.rooms.room_table.new_room` (players, match, computer, timeout, options).
        A name already open is refused before any room is opened. ``base_url``: the server's
        address (``http://HOST:PORT``) the links start with ("" for links from its root)."""
        self._check()
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_ROOMS:
            raise RoomError(f"open 1 to {MAX_ROOMS} rooms at once, not {short(count)}")
        room_names = [check_name(f"{prefix}-{i}") for i in range(1, count + 1)]
        taken = [n for n in room_names if self.store.get(n) is not None]
        if taken:
            raise RoomError(f"room {taken[0]} is already open: close it, or choose another prefix")
        rooms = [new_room(n, game, seed=None if seed is None else seed + i, **settings)
                 for i, n in enumerate(room_names)]
        opened = []
        for room in rooms:
            room.owner = self.owner
            stored, _ = self.store.create(room)
            opened.append(self._links(stored, base_url))
        return opened

    def links(self, name: str, base_url: str = "") -> OpenedRoom:
        """The links of a room already open (one per seat a pupil may take, and the watch
        link), as :meth:`open_rooms` gave them."""
        return self._links(self._room(name), base_url)

    @staticmethod
    def _links(room: Room, base_url: str) -> OpenedRoom:
        target = build(room)
        hand = target.hand if isinstance(target, Match) else target
        names = seat_names(hand)
        codes = room_codes(room)
        base = base_url.rstrip("/")
        seats = [s for s in range(len(room.seats)) if hand.controller(s) == s]
        return OpenedRoom(room.name, room.game,
                          {names[s]: f"{base}/join/{codes[s]}" for s in seats},
                          f"{base}/watch/{codes[WATCH]}",
                          {names[s]: codes[s] for s in seats}, codes[WATCH])

    @staticmethod
    def sheet_html(opened: list[OpenedRoom], title: str = "Card rooms") -> str:
        """A printable page: one box per room with its links, to cut up and hand out: each
        seat's QR code (``class="cg-qr"``), short code (typed at ``/join``) and link."""
        boxes = []
        for room in opened:
            rows = "".join(f"<tr><th>{escape(seat)}</th><td>{qr_svg(link)}</td><td>"
                           f"<b class=\"cg-code\">{escape(room.codes.get(seat, ''))}</b><br>"
                           f"<a href=\"{escape(link)}\"><code>{escape(link)}</code></a></td></tr>"
                           for seat, link in room.links.items())
            boxes.append(
                f'<section class="cg-room-slip"><h2>Room {escape(room.name)} '
                f'<small>({escape(get_game(room.game).title)})</small></h2>'
                f"<table>{rows}<tr><th>Projector</th><td></td><td><b class=\"cg-code\">"
                f"{escape(room.watch_code)}</b><br><a href=\"{escape(room.watch)}\"><code>"
                f"{escape(room.watch)}</code></a></td></tr></table></section>")
        return ("<!doctype html><html><head><meta charset='utf-8'>"
                f"<title>{escape(title)}</title><style>{SHEET_STYLE}</style></head><body>"
                f"<h1>{escape(title)}</h1>{''.join(boxes)}</body></html>")

    # -- changing a room ---------------------------------------------------------------------

    def _update(self, name: str, change) -> Room:
        self._room(name)                     # the key, and the room is the class's
        room = self.store.update(check_name(name), change)
        if room is None:
            raise RoomGone(f"there is no room {name!r} (closed, expired, or never opened)")
        return room

    def reset(self, name: str, seed: int | str | None = None) -> None:
        """Start the room's hand (or match) again: the same deal, or ``seed`` (a number, or
        ``"new"`` for a fresh random one). The seats keep their pupils."""
        if seed == "new":
            seed = secrets.randbelow(10**9)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise RoomError(f"seed {short(seed)}: a whole number from 0 up, or 'new'")

        def change(room: Room) -> int:
            if seed is not None:
                if "seed" not in room.deal:
                    raise RoomError(f"room {room.name} plays cards typed by hand: it starts again "
                                    "from them, without a seed")
                room.deal = {**room.deal, "seed": seed}
            return 0

        self._update(name, change)

    def undo(self, name: str) -> None:
        """Take back the room's last action (the pupils' pages show the table before it)."""
        def change(room: Room) -> int:
            if room.count == 0:
                raise RoomError(f"room {room.name}: there is nothing to undo")
            return room.count - 1

        self._update(name, change)

    def close(self, name: str) -> None:
        """Close the room: its pages are told at their next poll."""
        self._room(name)
        self.store.delete(name)

    def free_seat(self, name: str, seat: int) -> None:
        """Free a seat: the computer plays it until a pupil joins it."""
        def change(room: Room) -> None:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(room.seats):
                raise RoomError(f"seat {short(seat)}: room {room.name} has seats 0 to "
                                f"{len(room.seats) - 1}")
            room.seats[seat] = Seat()

        self._update(name, change)

    def open_hands(self, name: str, shown: bool = True) -> None:
        """Show (or hide again) every hand face up on the room's projector (``seat=watch``)."""
        def change(room: Room) -> None:
            room.open_hands = bool(shown)

        self._update(name, change)

    def set_computer(self, name: str, kind: str | None = None,
                     timeout: float | None = None) -> None:
        """The computer players' kind for the free seats, and the seconds after which an absent
        pupil's seat goes to the computer."""
        if kind is not None and kind not in COMPUTER_KINDS:
            raise RoomError(f"computer players {short(kind)}: choose one of {', '.join(COMPUTER_KINDS)}")
        if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
                                    or not 5 <= timeout <= 3600):
            raise RoomError(f"timeout {short(timeout)}: 5 to 3600 seconds")

        def change(room: Room) -> None:
            if kind is not None:
                room.computer = kind
            if timeout is not None:
                room.timeout = float(timeout)

        self._update(name, change)


    def glance_link(self, prefix: str = "table", base_url: str = "") -> str:
        """The page with every room ``prefix-1``, ``prefix-2``... of the class at a glance, a
        small live board each (:mod:`cardgames.rooms.glance_page`); it carries the key."""
        self._check()
        key = f"?{urlencode({'key': self.key})}" if self.expected and self.key else ""
        return f"{base_url.rstrip('/')}/glance/{check_name(prefix)}{key}"

    # -- the whole class: a message, a pause ---------------------------------------------------

    def class_rooms(self, prefix: str) -> list[str]:
        """The names of the class's rooms ``prefix-1``, ``prefix-2``... (refused if none)."""
        self._check()
        stem = check_name(prefix) + "-"
        names = [n for n in self.store.names() if n.startswith(stem)
                 and (room := self.store.get(n, start=1 << 30)) is not None
                 and room.owner == self.owner]
        if not names:
            raise RoomGone(f"no room of this class is named {stem}1, {stem}2…: open them first")
        return sorted(names)

    def class_message(self, prefix: str, text: str) -> list[str]:
        """Show ``text`` ("Two minutes left") on every page of every room ``prefix-N`` ("" takes
        it away); the rooms' names."""
        if not isinstance(text, str) or len(text) > 200:
            raise RoomError("a message is text of at most 200 characters")
        said = " ".join(text.split())

        def change(room: Room) -> None:
            room.notice = said

        names = self.class_rooms(prefix)
        for name in names:
            self._update(name, change)
        return names

    def pause_rooms(self, prefix: str, paused: bool = True) -> list[str]:
        """Pause (or resume) every room ``prefix-N``: while paused no card is played there,
        not even the computer's, and every page says so; the rooms' names."""
        def change(room: Room) -> None:
            room.paused = bool(paused)

        names = self.class_rooms(prefix)
        for name in names:
            self._update(name, change)
        return names

    # -- after the lesson: the hands played ----------------------------------------------------

    def _played(self, name: str) -> list[Any]:
        """The room's finished hands (a Hand each), replayed from its stored actions."""
        room = self._room(name)
        target = build(room)
        for number, entry in enumerate(room.actions):
            apply_stored(target, entry, number, room.name)
        if isinstance(target, Match):
            return [h for h in target.hands if h.is_over]
        return [target] if target.is_over else []

    def finished_hands(self, name: str) -> list[dict[str, Any]]:
        """Each finished hand of the room: its number (from 1), the seats' names and scores,
        to open in the review or print as a hand record (:meth:`hand_record`)."""
        found = []
        for number, hand in enumerate(self._played(name), start=1):
            names = seat_names(hand)
            found.append({"hand": number, "units": unit_names(hand, names),
                          "score": list(hand.score)})
        return found

    def _finished(self, name: str, hand: Any) -> Any:
        hands = self._played(name)
        if isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= len(hands):
            raise RoomError(f"hand {short(hand)}: room {name} has "
                            + (f"finished hands 1 to {len(hands)}" if hands
                               else "no finished hand yet"))
        return hands[hand - 1]

    def hand_record(self, name: str, hand: int = 1) -> str:
        """Hand ``hand`` (from 1) of the room as a printable page (``cg.hand_diagram``: the
        deal with every hand open, the play trick by trick, the result)."""
        from ..hand_diagram import hand_diagram

        played = self._finished(name, hand)
        room = self._room(name)
        return hand_diagram(played, title=f"Room {room.name}, hand {hand}",
                            pack=room.faces if room.faces != "french" else None)

    def hand_file(self, name: str, hand: int = 1) -> str:
        """Hand ``hand`` of the room as a record file (JSON, :mod:`cardgames.record`): the
        game's app loads it ("Load a record") and reviews it from any seat."""
        from ..record import dumps, hand_record

        return dumps(hand_record(self._finished(name, hand)))

    # -- a class quiz (cardgames.rooms.class_quiz) ---------------------------------------------

    def _quiz(self, name: str) -> "ClassQuiz":
        from .class_quiz import ClassQuiz, QuizBook, QuizError

        self._check()
        quiz = ClassQuiz(QuizBook(self.store), name)
        if quiz.record.owner != self.owner:
            raise QuizError(f"there is no quiz {name!r} (closed, or never opened)")
        return quiz

    def open_quiz(self, game: str, *, questions: int = 5, seed: int | None = None,
                  name: str = "quiz", base_url: str = "", pace: str = "teacher",
                  faces: str = "") -> "OpenedQuiz":
        """Open a quiz of ``questions`` questions on ``game`` dealt from ``seed`` that the class
        answers from its own devices: its pupils' link (``.link``, with its QR code and short
        code) and the projector's (``.projector``). ``pace``: "teacher" (the class answers the
        question on the projector; :meth:`next_question` shows the answer, then moves on) or
        "own" (each pupil at his own pace). A name already open is refused."""
        from .class_quiz import QuizBook, QuizError, new_quiz

        self._check()
        record = new_quiz(name, game, questions=questions, seed=seed, pace=pace, faces=faces)
        record.owner = self.owner
        if not QuizBook(self.store).create(record):
            raise QuizError(f"a quiz {record.name} is already open: close it, or choose another "
                            "name")
        return self.quiz_links(record.name, base_url)

    def quiz_links(self, name: str, base_url: str = "") -> "OpenedQuiz":
        """The links of an open quiz, as :meth:`open_quiz` gave them."""
        from .class_quiz import SHOW, quiz_code

        record = self._quiz(name).record
        base = base_url.rstrip("/")
        code = quiz_code(record)
        return OpenedQuiz(record.name, record.game, f"{base}/quiz/{code}",
                          f"{base}/quiz/show/{quiz_code(record, SHOW)}", code,
                          f"{base}/quiz/results/{record.name}")

    def next_question(self, name: str) -> dict[str, Any]:
        """On the projector: show the answer to the question asked now, then (called again)
        the next question; after the last answer shown, the quiz is over. Where it stands."""
        record = self._quiz(name).next_question()
        return {"question": record.current, "revealed": record.revealed,
                "finished": record.finished}

    def quiz_message(self, name: str, text: str) -> None:
        """A message shown on every page of the quiz ("" takes it away)."""
        self._quiz(name).say(text)

    def quiz_results(self, name: str) -> "QuizResults":
        """One row per pupil and question answered (``pupil``, ``question``, ``answer``,
        ``right``, ``seconds``); ``.to_frame()`` for pandas, ``.to_csv()``, ``.html()``."""
        return self._quiz(name).results()

    def close_quiz(self, name: str) -> None:
        """Close the quiz: its answers are gone; its pages say so."""
        quiz = self._quiz(name)
        quiz.book.delete(quiz.name)


@dataclass
class OpenedQuiz:
    """A class quiz the teacher opened: the pupils' link (a QR code of it: :attr:`qr`), its
    short code (typed at ``/quiz``), the projector's link and the results' page (the teacher's
    key is added to it by the teacher's page)."""

    name: str
    game: str
    link: str
    projector: str
    code: str
    results: str

    @property
    def qr(self) -> str:
        return qr_svg(self.link)


__all__ = ["KEY_VARIABLE", "KeyRefused", "OpenedQuiz", "OpenedRoom", "Teacher", "key_tag",
           "new_key", "room_link"]
