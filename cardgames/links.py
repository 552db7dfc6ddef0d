"""Deals shared as links: query parameters to deal settings and back.

``?seed=123&players=3&no_yukon_leads=1`` sets the seed, the player count and the game's options
by name; ``seat=2`` the user's seat, counted from 0, or by its name on the table
(``seat=south``, ``seat=player3``: compass points at two and four seats, else Player 1, Player
2...), ``seat=watch`` (or ``none``) no seat: watch and step through every seat (every hand face
up unless ``open_hands=0``); ``view=table`` shows the table alone, filling the window (a class's
projector); ``quiz=N`` asks for N quiz questions (the page's quiz reads it; the table ignores
it); ``view=quiz`` shows the quiz alone, filling the window in large print
(:mod:`cardgames.widgets.quiz_app`). ``faces=spanish`` shows Guinote with the Spanish pack (its
faces and names, :mod:`cardgames.packs`; ``faces=french`` is the default, and the only pack of
the other games). ``room=NAME`` joins a class's room at ``seat=N`` (or
``seat=watch``, the projector): the first to open a room sets its game, players, options and
deal from the same link; ``pupil=Ann`` is a name the others see (optional). Room names are
checked by :func:`cardgames.rooms.check_name` (1 to 40 letters a-z, digits, '-' or '_'). Values
are text: yes/no options take ``1 0 true false yes no on off``, whole-number options take
digits, the others their value as written (``yukon_lead_follow=yukons``). Numbers are written
with the digits 0-9 only; a seed is from 0 to ``limits.MAX_SEED`` (:func:`check_seed`, which the
table's Seed box uses too); a value has at most ``limits.MAX_LINK_VALUE_CHARS`` characters. Bad
parameters raise :class:`LinkError` with what was wrong and what is allowed, quoting at most a
short piece of the link; nothing is dealt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode

from .engine import Game, Hand, Option, OptionError
from .games import get_game
from .limits import MAX_LINK_CHARS, MAX_LINK_VALUE_CHARS, MAX_SEED, ascii_digits, quote, shorten
from .table_words import default_names

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off"}
GENERAL = ("seed", "players", "seat", "open_hands", "view", "quiz", "faces")
ROOM = ("room", "pupil")          # a class's room (cardgames.rooms), with ``seat``
VIEWS = ("table", "quiz")        # the table alone, or the quiz alone, filling the window
MAX_QUIZ = 50
WATCH_WORDS = {"watch", "none"}


class LinkError(ValueError):
    """Query parameters that do not describe a deal of this game."""


@dataclass
class DealSettings:
    """What a link asks for: a seed (None for a fresh one), a player count, options, a seat."""

    seed: int | None = None
    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None
    watch: bool = False                 # seat=watch: no seat of one's own
    open_hands: bool | None = None
    view: str | None = None             # "table" or "quiz": that alone, filling the window
    quiz: int | None = None             # how many quiz questions the page's quiz asks
    room: str | None = None             # room=NAME: join a class's room (at ``seat``, or watch)
    pupil: str | None = None            # pupil=NAME: the name the room's other pages show
    lesson: int | None = None           # lesson=N: the game's lesson N on the first table
    faces: str | None = None            # faces=spanish: the pack (cardgames.packs), Guinote's

    def deal_keywords(self) -> dict[str, Any]:
        """Keywords for ``cg.deal`` / the table: seed, players and options."""
        keywords: dict[str, Any] = dict(self.options)
        if self.seed is not None:
            keywords["seed"] = self.seed
        if self.players is not None:
            keywords["players"] = self.players
        return keywords


def _whole(name: str, text: str) -> int:
    if not ascii_digits(text.strip()):
        raise LinkError(f"{name}={quote(text)}: a whole number is needed, written with the "
                        "digits 0-9")
    return int(text)


def check_seed(value: "int | str") -> int:
    """A seed from a link or the table's Seed box: a whole number from 0 to ``MAX_SEED``,
    written with the digits 0-9 (spaces around it are ignored). Raises :class:`LinkError` (a
    ValueError) saying what is allowed."""
    allowed = f"a seed is a whole number from 0 up to {MAX_SEED}"
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise LinkError(f"{allowed}, not {quote(value)}")
    if isinstance(value, str):
        text = value.strip()
        if len(text) > MAX_LINK_VALUE_CHARS or not ascii_digits(text):
            raise LinkError(f"seed={quote(value)}: a whole number is needed (digits 0-9), from 0 "
                            f"up to {MAX_SEED}")
        value = int(text)
    if not 0 <= value <= MAX_SEED:
        raise LinkError(f"seed={quote(value)}: {allowed}")
    return value


def _boolean(name: str, text: str) -> bool:
    word = text.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise LinkError(f"{name}={quote(text)}: say 1 or 0 (or yes/no, true/false)")


def _option_value(option: Option, text: str) -> Any:
    if option.choices and all(isinstance(c, bool) for c in option.choices):
        return _boolean(option.name, text)
    if option.choices:
        for choice in option.choices:
            if str(choice) == text:
                return choice
        allowed = ", ".join(str(c) for c in option.choices)
        raise LinkError(f"{option.name}={quote(text)} is not allowed; choose one of {allowed}")
    if isinstance(option.default, int) and not isinstance(option.default, bool):
        return _whole(option.name, text)
    if text.lower() in ("none", ""):
        return None
    if ascii_digits(text.removeprefix("-")):
        return int(text)
    return text.replace(",", " ").split() if " " in text or "," in text else text


def parse_query(game: "str | Game", query: str) -> DealSettings:
    """The deal a query string asks for (with or without the leading ``?``)."""
    game = get_game(game)
    settings = DealSettings()
    query = (query or "").lstrip("?")
    if len(query) > MAX_LINK_CHARS:
        raise LinkError(f"the link's parameters are {len(query):,} characters long; at most "
                        f"{MAX_LINK_CHARS:,} are allowed")
    try:
        pairs = parse_qsl(query, keep_blank_values=True, strict_parsing=bool(query))
    except ValueError:
        raise LinkError(f"the link's parameters {quote(query)} are not of the form "
                        "name=value&name=value") from None
    seen: set[str] = set()
    seat_name: str | None = None
    for name, text in pairs:
        if len(text) > MAX_LINK_VALUE_CHARS:
            raise LinkError(f"{quote(name)}={quote(text)}: a value in a link has at most "
                            f"{MAX_LINK_VALUE_CHARS} characters")
        if name in seen:
            raise LinkError(f"{shorten(name, 40)} is given twice in the link")
        seen.add(name)
        if name == "seed":
            settings.seed = check_seed(text)
        elif name == "players":
            settings.players = _whole(name, text)
        elif name == "seat":
            if text.strip().lower() in WATCH_WORDS:
                settings.watch = True
            elif ascii_digits(text.strip()):
                settings.seat = int(text)
            else:
                seat_name = text            # a seat's name: known once the seats are counted
        elif name == "open_hands":
            settings.open_hands = _boolean(name, text)
        elif name == "view":
            if text.strip().lower() not in VIEWS:
                raise LinkError(f"view={quote(text)}: the views are 'table' (the table alone, "
                                "filling the window) and 'quiz' (the quiz alone)")
            settings.view = text.strip().lower()
        elif name == "quiz":
            settings.quiz = _whole(name, text)
            if not 1 <= settings.quiz <= MAX_QUIZ:
                raise LinkError(f"quiz={quote(text)}: ask for 1 to {MAX_QUIZ} questions")
        elif name == "lesson":
            settings.lesson = _lesson_number(game, text)
        elif name == "room":
            settings.room = _room_name(text)
        elif name == "pupil":
            settings.pupil = _pupil_name(text)
        elif name == "faces":
            settings.faces = _pack_name(game, text)
        elif name in game.options:
            settings.options[name] = _option_value(game.options[name], text)
        else:
            allowed = ", ".join([*(g for g in GENERAL if g != "faces" or _packs_of(game) > 1),
                                 *game.options])
            raise LinkError(f"{quote(name)} is not a setting of {game.title}; links may set: "
                            f"{allowed}; for a class's room: {', '.join(ROOM)}")
    try:
        players, options = game.resolve_options(settings.players, settings.options)
    except OptionError as error:
        raise LinkError(shorten(error)) from None
    seats = dealt_seats = game.hand_class.seats_for(players)
    if settings.room is not None and settings.players is None:
        # a room opened already keeps its own player count: the seat is checked against it
        # when joining; here only against the most seats the game may have
        seats = max(game.hand_class.seats_for(n) for n in game.player_counts)
    if seat_name is not None:
        # a room opened already keeps its own player count: the names of the game's usual
        # count first (a room opened without players= has it), then of the others
        others = sorted({game.hand_class.seats_for(n) for n in game.player_counts} - {dealt_seats})
        counts = [dealt_seats] + (others if seats != dealt_seats else [])
        settings.seat = _seat_by_name(seat_name, counts)
    if settings.seat is not None and not 0 <= settings.seat < seats:
        raise LinkError(f"seat={settings.seat}: seats are numbered 0 to {seats - 1}")
    settings.options = {k: options[k] for k in settings.options}
    if settings.room is not None and settings.seat is None and not settings.watch:
        raise LinkError(f"room={settings.room} needs a seat: seat=0 to seat={seats - 1}, or "
                        "seat=watch for the projector")
    if settings.room is not None and settings.open_hands is not None:
        raise LinkError("open_hands is not for a room: the teacher opens a room's hands on its "
                        "projector")
    if settings.pupil is not None and settings.room is None:
        raise LinkError("pupil= names a pupil in a room: give room=NAME too")
    return settings


def _seat_by_name(text: str, counts: list[int]) -> int:
    """The seat a link names as the table does (``south``, ``Player 3``; case, spaces, '-' and
    '_' aside), at a table of ``counts[0]`` seats, else of the first of the others that has
    such a name."""
    wanted = "".join(ch for ch in text.lower() if ch not in " -_")
    for seats in counts:
        for seat, name in enumerate(default_names(seats)):
            if wanted == "".join(ch for ch in name.lower() if ch.isalnum()):
                return seat
    seats = counts[0]
    names = default_names(seats)
    listed = ", ".join(names) if seats <= 5 else f"{names[0]} to {names[-1]}"
    if seats != 4 and 4 in counts:
        listed += "; North, East, South, West at four seats"
    raise LinkError(f"seat={quote(text)}: a seat's name ({listed}), its number in digits 0-9 "
                    f"counted from 0 (0 to {seats - 1}; 0 is {names[0]}), or 'watch' to watch "
                    "every seat")


def _lesson_number(game: Game, text: str) -> int:
    """A lesson's number from a link: one of the game's lessons, counted from 1."""
    from .lessons import lessons_of

    count = len(lessons_of(game.name))
    if not ascii_digits(text.strip()) or not 1 <= int(text) <= count:
        raise LinkError(f"lesson={quote(text)}: {game.title} has lessons 1 to {count}")
    return int(text)


def _room_name(text: str) -> str:
    """A room name from a link, checked as the rooms check it (lower case)."""
    from .rooms.room import RoomError, check_name

    try:
        return check_name(text)
    except RoomError as error:
        raise LinkError(str(error)) from None


def _packs_of(game: Game) -> int:
    """How many packs the game may be shown with (Guinote two: French and Spanish)."""
    from .packs import PACKS

    return sum(1 for pack in PACKS.values() if pack.games is None or game.name in pack.games)


def _pack_name(game: Game, text: str) -> str:
    """The pack a link asks for (``faces=spanish``), checked against the game."""
    from .packs import PackError, pack_for

    try:
        return pack_for(text, game.name, game.title).key
    except PackError as error:
        raise LinkError(str(error)) from None


def _pupil_name(text: str) -> str:
    """A pupil's name from a link: 1 to 30 letters, digits, spaces, '-', '.' or "'"."""
    name = " ".join(text.split())
    if not 1 <= len(name) <= 30 or not all(c.isalnum() or c in " -.'" for c in name):
        raise LinkError(f"pupil={quote(text)}: a name of 1 to 30 letters, digits, spaces, '-', "
                        "'.' or \"'\"")
    return name


def share_query(hand: Hand, seat: int | None = None) -> str:
    """The query string that deals this hand again: its seed, players and changed options."""
    if hand.seed is None or hand.set_up_by_hand:
        raise LinkError("a deal set up by hand has no seed to share; save its record instead")
    params: dict[str, Any] = {"seed": hand.seed}
    if hand.players != hand.game.default_players:
        params["players"] = hand.players
    for name, option in hand.game.options.items():
        value = hand.options[name]
        if value != option.default:
            if isinstance(value, bool):
                value = int(value)
            elif isinstance(value, (list, tuple)):
                value = ",".join(str(v) for v in value)
            params[name] = value
    if seat is not None:
        params["seat"] = seat
    return "?" + urlencode(params)
