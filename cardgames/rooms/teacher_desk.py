"""The teacher's page for rooms without its widgets: what the page is doing and every action it
offers, headless. :class:`~cardgames.widgets.teacher_panel.TeacherPanel` draws a desk; a test or
a script works at one directly.

A :class:`TeacherDesk` holds the :class:`~cardgames.rooms.teacher.Teacher` (the store and the key
checks), where the apps are served (the page's own address once the browser reports it), the
rooms as last read, the room chosen in the list, the rooms last opened with their printable
sheet, and the message line (``message``, and ``error`` when it tells of one).

Each action takes plain values, the form's boxes as typed ("4", "class-4b", "" for a blank
seed) and the chosen options, checks them, asks the Teacher and records the words to show. A
bad entry or a refused change is said in words (what was wrong, what is allowed, a short quote)
and changes nothing; no action raises. Closing a room and starting it again ask first and are
done by a second call within ``CONFIRM_WITHIN`` seconds. After each action the rooms are read
again, so :meth:`TeacherDesk.rows` (one :class:`RoomRow` of words per room) is what the list
shows.

::

    desk = TeacherDesk(Teacher(store), base_url="http://school:8866/voila/render")
    desk.open_rooms("yukon", count="3", prefix="class-4b", seed="40")
    desk.message            # "Opened 3 rooms of Yukon: class-4b-1, class-4b-2, class-4b-3. ..."
    desk.select("class-4b-2")
    desk.undo()             # "Room class-4b-2: there is nothing to undo.", desk.error is True
    [row.turn for row in desk.rows()]                   # ["North to play", ...]

No widget is imported here.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlsplit

from ..engine import SetupError
from ..games import get_game
from ..links import LinkError, check_seed
from ..limits import MAX_SEED
from ..packs import FRENCH, PACKS
from .room import COMPUTER_KINDS, DEFAULT_TIMEOUT, RoomError, check_name, short
from .teacher import MAX_ROOMS, OpenedRoom, Teacher

__all__ = [
    "COMPUTER_WORDS", "CONFIRM_WITHIN", "GameChoices", "RoomRow", "SeatLine", "TeacherDesk",
    "WAITING_NOTE", "apps_address", "check_count", "check_first_seed", "check_prefix",
    "check_timeout", "game_choices", "page_key", "rooms_address", "voila_address",
]

LOG = logging.getLogger("cardgames.teacher")
Result = TypeVar("Result")

#: The computer players as the page names them.
COMPUTER_WORDS = {"rule-of-thumb": "Rule of thumb (quick)", "search": "Search (stronger, slower)"}
#: Seconds in which a second call confirms closing or starting a room again.
CONFIRM_WITHIN = 10.0
#: The seconds an absent pupil's seat may wait before the computer plays it.
TIMEOUT_RANGE = (5, 3600)
#: Where the apps are when nothing says otherwise: the server's own path.
DEFAULT_BASE = "/voila/render"
#: Where JupyterLab and Notebook show a notebook: the apps are then under /voila/render/.
EDITOR_PATHS = ("/lab/tree/", "/doc/tree/", "/notebooks/", "/tree/")
#: What the page says without the teacher's key.
LOCKED = ("This page needs the teacher's key. Open the teacher's address that 'python3 tasks.py "
          "apps' printed when it started (it ends with ?key=...).")
#: What the page says when an action failed in a way nobody foresaw (the log has the details).
SOMETHING_WRONG = ("Something went wrong on the server; nothing was changed that the list does "
                   "not show. Try again, or reload the page.")
#: Under the list, when a room waits for one of its pages to play the computer's seat.
WAITING_NOTE = ("The computer plays its seats from the room's open pages (a pupil's or the "
                "projector's), once a pupil has joined the room.")


# -- where the apps are -------------------------------------------------------------------------

def apps_address(page_url: str) -> str | None:
    """Where the game apps are served, from the address of the teacher's page: the folder of
    ``.../voila/render/rooms.ipynb`` (``http://host:8866/voila/render``); from JupyterLab or
    Notebook (``.../lab/tree/notebooks/rooms.ipynb``) the Voila address of that folder. None for
    an address that is not a web page's."""
    parts = urlsplit(page_url or "")
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    path = parts.path
    for editor in EDITOR_PATHS:
        at = path.find(editor)
        if at >= 0 and "/voila/render/" not in path:
            path = path[:at] + "/voila/render/" + path[at + len(editor):]
            break
    folder = path if path.endswith("/") else str(PurePosixPath(path).parent)
    return f"{parts.scheme}://{parts.netloc}{folder.rstrip('/')}"


def voila_address() -> str | None:
    """The apps' address from what Voila told this kernel about the page's request (host, port,
    path), or None if it told nothing (outside Voila, or a preheated kernel not yet asked for)."""
    host, script = os.environ.get("SERVER_NAME"), os.environ.get("SCRIPT_NAME", "")
    if not host or not script.endswith(".ipynb"):
        return None
    port = os.environ.get("SERVER_PORT")
    return apps_address(f"http://{host}{':' + port if port else ''}{script}")


def rooms_address(apps: str) -> str:
    """The rooms' server from the apps' address: ``http://host:8866/voila/render`` gives
    ``http://host:8866`` (the pupils' pages are ``/join/CODE`` on the same server)."""
    at = apps.find(DEFAULT_BASE)
    return apps[:at] if at >= 0 else apps.rstrip("/")


def page_key(page_url: str) -> str | None:
    """The teacher's key in the page's address (``...rooms.ipynb?key=...``), or None."""
    found = parse_qs(urlsplit(page_url or "").query).get("key")
    return found[-1] if found else None


# -- the form, checked --------------------------------------------------------------------------

@dataclass(frozen=True)
class GameChoices:
    """What the form offers for a game: its player counts (the usual one first chosen) and the
    packs its rooms may show (more than one for Guinote: the French and the Spanish)."""

    players: tuple[int, ...]
    default_players: int
    packs: tuple[str, ...]


def game_choices(game: str) -> GameChoices:
    """The form's choices for ``game`` (a name or alias; an unknown one is a SetupError)."""
    found = get_game(game)
    packs = tuple(k for k, p in PACKS.items() if p.games is None or found.name in p.games)
    return GameChoices(tuple(found.player_counts), found.default_players, packs)


def check_count(typed: str | int) -> int:
    """How many rooms to open, as typed: a whole number from 1 to ``MAX_ROOMS``."""
    text = str(typed).strip()
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= MAX_ROOMS:
        raise RoomError(f"how many rooms: a whole number from 1 to {MAX_ROOMS}, not {short(typed)}")
    return int(text)


def check_prefix(typed: str, count: int) -> str:
    """The start of the rooms' names, as typed (lower-cased): the last name ``prefix-count``
    must be a room's name."""
    text = str(typed).strip().lower()
    try:
        check_name(f"{text}-{count}")
    except RoomError:
        raise RoomError(
            f"room names start with {short(typed)}: that is not allowed. Use letters a-z, "
            f"digits, '-' or '_', starting with a letter or digit, at most "
            f"{39 - len(str(count))} characters (the rooms are then named like class-4b-1, "
            f"class-4b-2 ...)") from None
    return text


def check_first_seed(typed: str | int | None, count: int) -> int | None:
    """The first room's seed, as typed (the others take the next numbers); blank: None, new
    cards in every room."""
    text = "" if typed is None else str(typed).strip()
    if not text:
        return None
    try:
        seed = check_seed(text)
    except LinkError:
        raise RoomError(f"seed {short(typed)}: a whole number from 0 to {MAX_SEED}, or blank for "
                        "new cards in every room") from None
    if seed + count - 1 > MAX_SEED:
        raise RoomError(f"seed {seed}: the rooms take the seeds {seed} to {seed + count - 1}, "
                        f"and a seed is at most {MAX_SEED}")
    return seed


def check_timeout(typed: str | float) -> float:
    """The seconds before an absent pupil's seat goes to the computer, as typed: a number
    (digits, at most one decimal point) within ``TIMEOUT_RANGE``."""
    text = str(typed).strip()
    low, high = TIMEOUT_RANGE
    try:
        seconds: float | None = float(text)
    except ValueError:
        seconds = None
    if seconds is None or not text.replace(".", "", 1).isdigit() or not low <= seconds <= high:
        raise RoomError(f"the seconds before an absent pupil's seat goes to the computer: a "
                        f"number from {low} to {high}, not {short(typed)}")
    return seconds


# -- the list, in words -------------------------------------------------------------------------

def capital(text: str) -> str:
    """A seat's name at the start of a line ("seat 2" in Quinto for three: "Seat 2")."""
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """An error's words as a sentence of the message line: a capital first, a full stop last."""
    text = str(text).strip()
    if text and text[-1] not in ".!?)":
        text += "."
    return text[:1].upper() + text[1:]


def last_card_words(idle: float | None) -> str:
    """How long ago the last card was played, in words (coarse, so the list changes rarely)."""
    if idle is None:
        return "no card yet"
    if idle < 10:
        return "just now"
    if idle < 60:
        return "under a minute ago"
    minutes = int(idle // 60)
    if minutes < 60:
        return f"{minutes} min ago"
    return f"{minutes // 60} h {minutes % 60:02d} min ago"


@dataclass(frozen=True)
class SeatLine:
    """One seat of a room, as the list and the seat chooser name it."""

    seat: int
    name: str              # "North", or "Seat 2" in a game that numbers its seats
    pupil: str | None      # the name the pupil gave, if any
    held: bool             # a pupil's page holds the seat (else the computer plays it)
    away: bool             # held, but the pupil's page has gone quiet: the computer plays

    @property
    def who(self) -> str:
        """"Ana", "a pupil" (no name given) or "computer"."""
        return (self.pupil or "a pupil") if self.held else "computer"

    @property
    def words(self) -> str:
        """As the list says it: "North: Ana", "South: a pupil (away: the computer plays)"."""
        return f"{self.name}: {self.who}" + (" (away: the computer plays)" if self.away else "")

    @property
    def label(self) -> str:
        """As the seat chooser says it: "South: a pupil (away)", "East: computer"."""
        return f"{self.name}: {self.who}" + (" (away)" if self.away else "")


@dataclass(frozen=True)
class RoomRow:
    """One room of the list, in words: its name, game, notes, seats, score, turn, last card."""

    room: str
    game: str                                # the game's title
    notes: tuple[str, ...]                   # "hands shown on the projector", the computer
    seats: tuple[SeatLine, ...]              # the seats a pupil may take (not Quinto's dummy)
    units: tuple[str, ...]                   # who scores: the seats, or the sides
    score: tuple[int, ...]                   # this hand's points
    match_score: tuple[int, ...] | None      # in a match, the match's points; else None
    hand: int                                # the hand being played (1 outside a match)
    to_move: str | None                      # the seat to play, by name
    over: bool
    waiting: bool                            # the computer's turn, and no page open to play it
    last_card: str                           # "no card yet", "2 min ago"

    @property
    def turn(self) -> str:
        """"over", "North to play", or "" between two hands."""
        if self.over:
            return "over"
        return f"{self.to_move} to play" if self.to_move else ""


def room_row(room: Mapping[str, Any]) -> RoomRow:
    """A room of :meth:`Teacher.rooms` as the list says it."""
    notes = []
    if room["open_hands"]:
        notes.append("hands shown on the projector")
    if room["computer"] != COMPUTER_KINDS[0]:
        notes.append("computer: " + COMPUTER_WORDS[room["computer"]].lower())
    seats = tuple(SeatLine(p["seat"], capital(p["name"]), p["pupil"], p["held"], p["away"])
                  for p in room["people"] if p["own"])
    match_score = tuple(room["scores"]) if room["match"] and room["scores"] is not None else None
    return RoomRow(room["room"], get_game(room["game"]).title, tuple(notes), seats,
                   tuple(room["units"]), tuple(room["score"]), match_score, room["hand"],
                   room["to_move"], room["over"], room["waiting"], last_card_words(room["idle"]))


# -- the desk -----------------------------------------------------------------------------------

class TeacherDesk:
    """What the teacher's page over ``teacher`` (default: the store of ``$CARDGAMES_ROOMS``) is
    doing, and its actions. ``base_url``: where the game apps are served, until the page
    reports its own address (:meth:`opened_at`). ``clock`` times the confirmations."""

    def __init__(self, teacher: Teacher | None = None, base_url: str | None = None,
                 clock: Callable[[], float] = time.monotonic):
        self.teacher = teacher if teacher is not None else Teacher()
        self.given_base = base_url
        self.clock = clock
        self.page_url = ""                          # the page's address, as the browser said
        self.rooms: list[dict[str, Any]] = []       # Teacher.rooms(), as last read
        self.selected: str | None = None            # the room the room's actions act on
        self.opened: list[OpenedRoom] = []          # the rooms last opened, with their links
        self.sheet = ""                             # their printable sheet of links (HTML)
        self.message = ""                           # what the message line says
        self.error = False                          # ... and whether it tells of an error
        self.locked = False                         # the page lacks the teacher's key
        self._confirm: tuple[str, str, float] | None = None   # (what, room, when) asked

    # -- the message line and the actions' guard ----------------------------------------------

    def say(self, text: str, error: bool = False) -> None:
        """Put ``text`` on the message line ("" empties it)."""
        self.message, self.error = text, error

    def attempt(self, action: Callable[[], Result], refresh: bool = True) -> Result | None:
        """Run ``action``: a refusal (a bad entry, a room gone, no key) is said in words on the
        message line, anything unforeseen too (logged, never raised); then read the rooms again.
        The action's result, or None if it failed."""
        result = None
        try:
            result = action()
        except (RoomError, SetupError, LinkError, ValueError) as error:
            self.say(sentence(str(error)), error=True)
        except Exception:  # noqa: BLE001 - a teacher's click must never end in a traceback
            LOG.exception("the teacher's page failed")
            self.say(SOMETHING_WRONG, error=True)
        if refresh:
            try:
                self.refresh()
            except Exception:  # noqa: BLE001
                LOG.exception("refreshing the teacher's page failed")
        return result

    # -- where the apps are, and the key ----------------------------------------------------

    @property
    def base_url(self) -> str:
        """Where the game apps are: the page's own address once the browser reported it, else
        Voila's request, else ``base_url`` as given, else the server's own path."""
        return (apps_address(self.page_url) or voila_address() or self.given_base
                or DEFAULT_BASE)

    @property
    def rooms_url(self) -> str:
        """Where the pupils' pages are: the server of the apps (``http://host:8866``)."""
        return rooms_address(self.base_url)

    def opened_at(self, page_url: str) -> None:
        """The browser reports the page's address: the links follow it, and its ``?key=...``
        is the teacher's key. The rooms are read again."""
        self.page_url = page_url
        self.attempt(lambda: None)

    def unlock(self) -> bool:
        """Give the Teacher the key of the page's address (or of Voila's request); True if it
        is the server's. Without it the desk holds no room, no link and no sheet, and says how
        to open the page."""
        key = page_key(self.page_url) or page_key("?" + os.environ.get("QUERY_STRING", ""))
        if key is not None:
            self.teacher.key = key
        self.locked = not self.teacher.authorised
        if self.locked:
            self.rooms, self.opened, self.sheet = [], [], ""
            self.say(LOCKED, error=True)
        elif self.message == LOCKED:
            self.say("")
        return not self.locked

    # -- the list ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the rooms again (what the page's tick does); the selected room stays chosen
        while it is listed, else the first room is. A store that fails raises."""
        if not self.unlock():
            return
        self.rooms = self.teacher.rooms()
        names = [r["room"] for r in self.rooms]
        if self.selected not in names:
            self.selected = names[0] if names else None

    def rows(self) -> list[RoomRow]:
        """The list: one row of words per room, as last read."""
        return [room_row(room) for room in self.rooms]

    def room_choices(self) -> list[tuple[str, str]]:
        """The rooms to choose from: ("maths-1 (Yukon)", "maths-1") each."""
        return [(f"{r['room']} ({get_game(r['game']).title})", r["room"]) for r in self.rooms]

    # -- one room ---------------------------------------------------------------------------

    def select(self, name: str | None) -> bool:
        """Choose the room the room's actions act on (None: none); a room not listed is
        refused in words."""
        def choose() -> bool:
            names = [r["room"] for r in self.rooms]
            wanted = None if name is None else str(name).strip().lower()
            if wanted is not None and wanted not in names:
                raise RoomError(f"there is no room {short(name)} in the list"
                                + (f": choose one of {', '.join(names)}" if names
                                   else " (no room is open)"))
            self.selected = wanted
            return True
        return bool(self.attempt(choose, refresh=False))

    def selected_room(self) -> dict[str, Any] | None:
        """The chosen room as :meth:`Teacher.rooms` gives it, or None."""
        return next((r for r in self.rooms if r["room"] == self.selected), None)

    def selected_row(self) -> RoomRow | None:
        """The chosen room's row of the list, or None."""
        room = self.selected_room()
        return None if room is None else room_row(room)

    def seat_choices(self) -> list[tuple[str, int]]:
        """The chosen room's seats to free: ("South: a pupil (away)", 2) each."""
        row = self.selected_row()
        return [] if row is None else [(line.label, line.seat) for line in row.seats]

    def selected_links(self) -> OpenedRoom | None:
        """The chosen room's links (for a pupil who lost his), or None."""
        return None if self.selected is None else self.teacher.links(self.selected,
                                                                     self.rooms_url)

    def _require(self) -> dict[str, Any]:
        room = self.selected_room()
        if room is None:
            raise RoomError("choose a room first (no room is open)" if not self.rooms
                            else "choose a room first")
        return room

    def _confirmed(self, what: str, name: str, question: str) -> bool:
        """True on the second call for the same room and action within CONFIRM_WITHIN
        seconds; the first one asks ``question``."""
        now = self.clock()
        if self._confirm is not None:
            kind, room, when = self._confirm
            if (kind, room) == (what, name) and now - when <= CONFIRM_WITHIN:
                self._confirm = None
                return True
        self._confirm = (what, name, now)
        self.say(question)
        return False

    # -- the actions ------------------------------------------------------------------------

    def open_rooms(self, game: str, count: str | int = "4", prefix: str = "table",
                   seed: str | int | None = "", *, players: int | None = None,
                   match: bool = False, faces: str = FRENCH.key,
                   computer: str = COMPUTER_KINDS[0],
                   timeout: str | float = f"{DEFAULT_TIMEOUT:.0f}",
                   options: Mapping[str, Any] | None = None) -> list[OpenedRoom]:
        """Open ``count`` rooms ``prefix-1`` .. ``prefix-N`` of ``game``, dealt from ``seed``,
        ``seed+1``... (blank: new cards), with ``players`` (None: the game's usual number), a
        match or one hand, the pack ``faces``, the ``computer`` players, the absence
        ``timeout`` and the rules' ``options`` that differ from the game's defaults. The rooms
        opened (with their links, also in :attr:`opened`, and their :attr:`sheet`); none if
        the form is refused."""
        def open_them() -> list[OpenedRoom]:
            number = check_count(count)
            stem = check_prefix(prefix, number)
            first_seed = check_first_seed(seed, number)
            seconds = check_timeout(timeout)
            chosen = get_game(game)
            settings: dict[str, Any] = dict(options or {})
            if match:
                settings["match"] = True
            if faces != FRENCH.key:
                settings["faces"] = faces
            opened = list(self.teacher.open_rooms(
                number, chosen.name, prefix=stem, base_url=self.rooms_url, seed=first_seed,
                players=players, computer=computer, timeout=seconds, **settings))
            names = [r.name for r in opened]
            title = (f"{chosen.title}: rooms {names[0]} to {names[-1]}" if number > 1
                     else f"{chosen.title}: room {names[0]}")
            self.opened = opened
            self.sheet = self.teacher.sheet_html(opened, title=title)
            self.say(f"Opened {number} room{'s' if number > 1 else ''} of {chosen.title}: "
                     f"{', '.join(names)}. Their links are at the bottom of the page.")
            if self.selected not in names:
                self.selected = names[0]
            return opened
        return self.attempt(open_them) or []

    def reset(self, new_cards: bool) -> bool:
        """Start the chosen room again, with new cards or the same ones (asks first); True
        once done."""
        def start_again() -> bool:
            name = self._require()["room"]
            words = "with new cards" if new_cards else "with the same cards"
            if not self._confirmed("new" if new_cards else "same", name,
                                   f"Start room {name} again {words}? The cards played so far "
                                   "are lost. Click the button again to do it."):
                return False
            self.teacher.reset(name, seed="new" if new_cards else None)
            self.say(f"Room {name} starts again {words}.")
            return True
        return bool(self.attempt(start_again))

    def close(self) -> bool:
        """Close the chosen room (asks first); True once closed."""
        def close_it() -> bool:
            name = self._require()["room"]
            if not self._confirmed("close", name, f"Close room {name}? Its pupils' pages are "
                                   "told the room is closed. Click Close again to do it."):
                return False
            self.teacher.close(name)
            self.say(f"Room {name} is closed.")
            return True
        return bool(self.attempt(close_it))

    def undo(self) -> bool:
        """Take back the chosen room's last card (or call)."""
        def take_back() -> bool:
            name = self._require()["room"]
            self.teacher.undo(name)
            self.say(f"Room {name}: the last card (or call) is taken back.")
            return True
        return bool(self.attempt(take_back))

    def show_hands(self, shown: bool) -> bool:
        """Show every hand of the chosen room face up on its projector, or hide them again."""
        def show() -> bool:
            name = self._require()["room"]
            self.teacher.open_hands(name, shown)
            self.say(f"Room {name}: every hand is " + (
                "shown face up on the projector." if shown
                else "face down again on the projector."))
            return True
        return bool(self.attempt(show))

    def toggle_hands(self) -> bool:
        """Show the chosen room's hands on its projector if hidden, else hide them."""
        room = self.selected_room()
        return self.show_hands(not room["open_hands"] if room is not None else True)

    def free_seat(self, seat: int | str | None) -> bool:
        """Free a seat of the chosen room (its number, or its name: "North"): the computer
        plays it until a pupil opens its link."""
        def free() -> bool:
            row = room_row(self._require())
            if seat is None:
                raise RoomError("choose a seat first")
            wanted = str(seat).strip().lower()
            line = next((s for s in row.seats
                         if str(s.seat) == wanted or s.name.lower() == wanted), None)
            if line is None:
                raise RoomError(f"room {row.room} has no seat {short(seat)}: its seats are "
                                + ", ".join(f"{s.seat} ({s.name})" for s in row.seats))
            if not line.held:
                raise RoomError(f"{line.name} in room {row.room} is free already: the computer "
                                "plays it")
            self.teacher.free_seat(row.room, line.seat)
            self.say(f"Room {row.room}: {line.name} is free; the computer plays it until a "
                     "pupil opens its link.")
            return True
        return bool(self.attempt(free))

    def apply_settings(self, computer: str, timeout: str | float) -> bool:
        """The chosen room's computer players (a key of ``COMPUTER_WORDS``) and the seconds,
        as typed, before an absent pupil's seat goes to the computer."""
        def apply() -> bool:
            name = self._require()["room"]
            seconds = check_timeout(timeout)
            self.teacher.set_computer(name, computer, seconds)
            self.say(f"Room {name}: the computer plays {COMPUTER_WORDS[computer].lower()}; a "
                     f"seat goes to the computer after {seconds:g} s without its pupil's page.")
            return True
        return bool(self.attempt(apply))
