"""The table's words, pure: the seats' names, what happened in words, the story of a hand, and
a deal written by hand (``cardgames.widgets`` and the rooms draw them; nothing here imports
ipywidgets).

Seat names: four seats are North, East, South and West (seat 0 = North, the eldest hand, then
clockwise), two seats North and South; other counts are "Player 1", "Player 2"... counted from 1
as people count (the engine's "seat 0" is "Player 1": ``name_seats`` puts the names into the
engine's words). Sides in partnership games are "North–South" and "East–West".
"""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING, Any, Sequence

from .cards import Card

if TYPE_CHECKING:
    from .engine import Hand

COMPASS = {4: ("North", "East", "South", "West"), 2: ("North", "South")}


def seat_names(hand: "Hand", names: Sequence[str] | None = None) -> list[str]:
    """A name for each seat: given ``names``, else compass points or "Player 1"... (a game's
    own ``seat_name``, such as Quinto's "the dummy (seat 1)", is the engine's wording, in which
    ``name_seats`` puts these names; the board marks the dummy with a badge)."""
    seats = hand.seats
    if names is not None:
        names = list(names)
        if len(names) != seats:
            raise ValueError(f"give {seats} names, one per seat, not {len(names)}")
        return [str(n) for n in names]
    return default_names(seats)


def default_names(seats: int) -> list[str]:
    """Compass points for two and four seats, else "Player 1", "Player 2"... (never a 0-based
    index: a reader counts from 1)."""
    if seats in COMPASS:
        return list(COMPASS[seats])
    return [f"Player {s + 1}" for s in range(seats)]


def unit_names(hand: "Hand", names: Sequence[str]) -> list[str]:
    """The scoring units (``hand.score`` entries): sides in partnership games, else seats."""
    if hand.partnerships:
        units = []
        for side in range(len(hand.score)):
            members = [names[s] for s in range(hand.seats) if hand.side(s) == side]
            units.append("–".join(members))
        return units
    return list(names[:len(hand.score)])


_SEAT_WORD = re.compile(r"\b[Ss]eat (\d+)\b")
#: A side as the engine says it: "side 1 (seats 1 and 3)".
_SIDE_WORDS = re.compile(r"\b[Ss]ide \d+ \(seats (\d+) and (\d+)\)")


def name_seats(text: str, names: Sequence[str]) -> str:
    """The engine's words with "seat 2" replaced by the seat's name ("South"), and a side,
    "side 1 (seats 1 and 3)", by its players' names ("East–West")."""
    def replace(match: re.Match) -> str:
        seat = int(match.group(1))
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    def side(match: re.Match) -> str:
        seats = [int(match.group(1)), int(match.group(2))]
        if not all(0 <= s < len(names) for s in seats):
            return match.group(0)
        return "–".join(names[s] for s in seats)

    return _SEAT_WORD.sub(replace, _SIDE_WORDS.sub(side, text))


def named_public_info(hand: "Hand", names: Sequence[str]) -> list[tuple[str, str]]:
    """``hand.public_info()`` with the seats named in the labels too ("Pip-Pip, seat 1")."""
    return [(name_seats(label, names), name_seats(text, names))
            for label, text in hand.public_info()]


def action_words(hand: "Hand", seat: int, move: Any, names: Sequence[str], phase_before: Any,
                 reveal: bool) -> str:
    """One action in words ("West plays 10♥"). A discard is named only if ``reveal``."""
    from .engine import Phase

    who = names[seat]
    if isinstance(move, Card):
        if phase_before is Phase.DISCARD:
            return f"{who} discards {move.label}" if reveal else f"{who} discards a card face down"
        return f"{who} plays {move.label}"
    verbs = {"pass": "passes", "double": "doubles", "redouble": "redoubles"}
    if move.name in verbs:
        return f"{who} {verbs[move.name]}"
    return f"{who}: {hand.action_words(move)}"      # "South: Swap the 7 for the pinta"


class Snapshot:
    """What a hand showed before an action, to say in words what the action changed."""

    def __init__(self, hand: "Hand"):
        self.tricks = len(hand.tricks)
        self.declarations = len(hand.declarations)
        self.history = len(hand.history)
        self.phase = hand.phase
        self.info = {label: text for label, text in hand.public_info()}
        self.over = hand.is_over


def describe_changes(before: Snapshot, hand: "Hand", names: Sequence[str],
                     reveal_seats: Sequence[int] = ()) -> list[str]:
    """The events between ``before`` and now, in words: actions, tricks won and why, what
    they earned, calls and their points, changes of trumps or reaches, the end of the hand.

    Discards are named only for the seats in ``reveal_seats`` (they lie face down).
    """
    from .engine import Phase

    events: list[str] = []
    tricks_done = before.tricks
    phase = before.phase
    declared = {(made.seat, made.action) for made in hand.declarations[before.declarations:]
                if made.points or made.cards}      # said below, with their points and cards
    for seat, move in hand.history[before.history:]:
        if (seat, move) not in declared:
            events.append(action_words(hand, seat, move, names, phase, seat in reveal_seats))
    for trick in hand.tricks[tricks_done:]:
        events.append(name_seats(hand.explain_trick(trick), names))
    for made in hand.declarations[before.declarations:]:
        if made.points or made.cards:
            shown = f", showing {' '.join(c.label for c in made.cards)}" if made.cards else ""
            points = f" for {made.points} points" if made.points else ""
            events.append(f"{names[made.seat]}: {hand.action_words(made.action)}{points}{shown}.")
    for label, text in hand.public_info():
        if label.lower() == "stock":
            continue
        old = before.info.get(label)
        if old is not None and old != text:
            events.append(f"{name_seats(label, names)} now: {name_seats(text, names)}.")
        elif old is None and before.history and label not in before.info:
            events.append(f"{name_seats(label, names)}: {name_seats(text, names)}.")
    if hand.phase is not before.phase and hand.phase is not Phase.OVER:
        events.append(f"Now the {hand.phase.value} phase.")
    if hand.is_over and not before.over:
        events.append(end_words(hand, names))
    return events


def end_words(hand: "Hand", names: Sequence[str]) -> str:
    units = unit_names(hand, names)
    points = ", ".join(f"{u} {p}" for u, p in zip(units, hand.score))
    reason = f" ({name_seats(hand.end_reason, names)})" if hand.end_reason else ""
    return f"The hand is over{reason}. Points: {points}."


def story_lines(hand: "Hand", names: Sequence[str], reveal_seats: Sequence[int] = ()) -> list[str]:
    """The hand so far in words, action by action, as ``describe_changes`` says each: what a
    page that opened late (or was reloaded) shows as the story of the hand."""
    fresh = hand.replayed([])
    lines: list[str] = []
    for seat, move in hand.history:
        before = Snapshot(fresh)
        fresh.apply(move, seat)
        lines.extend(describe_changes(before, fresh, names, reveal_seats))
    return lines


def story_html(lines: Sequence[str], last: int = 80) -> str:
    """The Story of the hand panel: its ``last`` lines, one paragraph each."""
    return "".join(f"<p>{escape(line)}</p>" for line in lines[-last:]) \
        or "<i>Nothing has happened yet.</i>"


def parse_deal_text(text: str, seats: int, names: Sequence[str],
                    keywords: Sequence[str] = ()) -> dict[str, Any]:
    """A deal written by hand: one line of cards per seat (optionally labelled ``North:`` or
    ``0:``), a ``stock:`` line, and ``dealer: 3`` or game keywords (``trump: H``).

    Returns the keywords for ``cg.deal(game, hands=..., stock=..., ...)``. Raises
    ``SetupError`` saying which line is wrong, quoting at most a short piece of it; a text
    longer than ``limits.MAX_DEAL_TEXT_CHARS`` is refused before it is read.
    """
    from .engine import SetupError
    from .limits import MAX_DEAL_TEXT_CHARS, ascii_digits, quote, too_long

    message = too_long("The deal", text, MAX_DEAL_TEXT_CHARS)
    if message:
        raise SetupError(message + ": write one line of cards per seat")
    hands: list[str | None] = [None] * seats
    result: dict[str, Any] = {}
    unlabelled: list[str] = []
    lowered = {n.lower(): i for i, n in enumerate(names)}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        label, sep, rest = line.partition(":")
        if not sep:
            unlabelled.append(line)
            continue
        key = label.strip().lower()
        rest = rest.strip()
        if key == "stock":
            result["stock"] = rest
        elif key == "dealer":
            try:
                result["dealer"] = int(rest) if ascii_digits(rest) else lowered[rest.lower()]
            except KeyError:
                raise SetupError(f"line {number}: the dealer is a seat number (0 to {seats - 1}) "
                                 f"or name ({', '.join(names)}), not {quote(rest)}") from None
        elif key in keywords:
            result[key] = rest
        else:
            seat = None
            if ascii_digits(key):
                seat = int(key)
            elif key.startswith("seat ") and ascii_digits(key[5:].strip()):
                seat = int(key[5:].strip())
            elif key in lowered:
                seat = lowered[key]
            if seat is None or not 0 <= seat < seats:
                allowed = ", ".join(["stock", "dealer", *keywords, *names])
                raise SetupError(f"line {number}: {quote(label.strip())} is not a seat or a setting "
                                 f"(use {allowed})")
            if hands[seat] is not None:
                raise SetupError(f"line {number}: {names[seat]}'s hand is given twice")
            hands[seat] = rest
    for line in unlabelled:
        try:
            free = hands.index(None)
        except ValueError:
            raise SetupError(f"too many lines of cards: {seats} seats, and the line {quote(line)} "
                             "is extra") from None
        hands[free] = line
    missing = [names[i] for i, h in enumerate(hands) if h is None]
    if missing:
        raise SetupError(f"no cards given for {', '.join(missing)}: write one line per seat")
    result["hands"] = hands
    return result
