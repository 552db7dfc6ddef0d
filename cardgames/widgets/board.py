"""The card table drawn in the browser: one anywidget, Python decides, the browser draws.

``Board`` holds two synced traits, ``faces`` (the SVG sprite of ``cardgames.card_faces.sprite()``,
set once: a ``<symbol id="cg-face-TH" viewBox="0 0 240 336">`` per card and ``cg-back``) and
``state`` (a plain-JSON dict that describes the whole table, replaced whole at each change,
built by ``cardgames.board_state.board_state`` from what the viewer may see). The module
``board.js`` beside this file draws it, ``board.css`` styles it; nothing comes from the network.
The browser makes each symbol of ``faces`` into a small SVG document of its own (the table's
suit colours written in, behind a ``blob:`` URL) and shows a card as an ``<svg>`` holding that
picture: a face is read once, not copied into every card at every redraw.
A face-down card carries no card in any field: it is ``{"back": true}`` and nothing else.

The state::

    {"seq": 17,                  # grows with every state; every message back carries it
     "title": "Yukon", "caption": "Trick 5 · hand 2 of the match",     # caption may be ""
     "fill": False,              # the board alone, covering the window (?view=table)
     "animate": True,            # False: no animation at all (none either under
                                 # prefers-reduced-motion)
     "four_colour": False,
     "bottom": 2,                # the seat drawn at the bottom; the others clockwise from it
                                 # (bottom, left, top, right), 2 to 12 seats
     "hand_seat": 2,             # the seat whose cards are the user's row (.cg-hand), or None
     "seats": [{"seat": 0, "name": "North", "side": "North–South",   # side "" if none
                "points": 12, "tricks": 3, "badges": ["dealer"],
                "said": "Double",      # said lately: a call before the first trick (a
                                       # discard: "Discarded"), or a declaration during the
                                       # tricks, until the next trick ends; "" otherwise
                "you": False, "to_move": True,
                "clickable": False,    # its cards may be clicked now
                "cards": [{"card": "TH", "name": "ten of hearts",
                           "legal": True, "why": "", "hinted": False},   # legal/why if clickable
                          {"back": True}]}],
     "trick": {"title": "Trick 5", "plays": [{"seat": 1, "card": "TH", "name": "..."}],
               "winning": 1,          # the seat winning so far (None before the lead)
               "winner": None,        # set when a finished trick is still on the cloth,
               "complete": True,      # with these three: it stays until a tap on the cloth,
               "points": 15,          # a key, the next card, or the pause's end
               "words": "East takes it: 15 points",
               "turn": 0},            # only before the first trick ("Doubling", "Discard"):
                                      # the seat to speak or discard, in the heading
     "pause_ms": 2000,           # or None: after this, a finished trick sends "continue"
     "hand_over": {"title": "East–West win the hand, 144 to 46",    # or None (in play)
                   "reason": "", "units": ["North–South", "East–West"],
                   "rows": [{"label": "Tricks taken", "values": [5, 8]}, ...,
                            {"label": "Total", "values": [46, 144]}],
                   "match": ["The match: North–South 46, East–West 144.",
                             "First to 101 points: North–South need 55; ..."]},
     "review": {"seat": 0, "name": "North", "summary": "1 mistake: 11 points lost",
                "at": 3,           # the step shown (0: the hand as it ended)
                "steps": [{"step": 1, "trick": 1, "label": "6♥", "mark": "", "loss": 0.0}],
                "seats": [{"seat": 0, "name": "North"}, ...]},   # the seats one may review
                                   # instead ([] when only one); or None (no review open)
     "last_trick": {"number": 4, "winner": 3, "points": 10, "plays": [...]},    # or None
     "centre": [{"label": "Trumps", "text": "♠ spades", "card": None},
                {"label": "Pinta", "text": "K♠ under the stock", "card": "KS"},   # drawn
                {"label": "Stock", "text": "16 cards", "count": 16}],   # a back with 16 on it
     "actions": [{"id": 0, "label": "Swap the 7 for the pinta", "hinted": False}],
     "card_goes": "trick",       # where a clicked card goes: "trick", "discard" or None
     "buttons": {name: {"label": "Next", "enabled": True, "title": "tooltip"}
                 for name in BUTTONS},
     "message": {"lines": ["West plays 10♥.", "Your turn: play a card."], "error": False,
                 "detail": ""}}      # detail: an error's technical words, for a tooltip

What the person did comes back with ``model.send``, each message carrying the ``seq`` of the
state it was aimed at (the session refuses a stale one)::

    {"type": "play", "card": "TH", "seq": 17}
    {"type": "action", "id": 0, "seq": 17}
    {"type": "button", "name": "next", "seq": 17}   # "continue": a tap on a finished trick
    {"type": "step", "step": 3, "seq": 17}     # a review's step (0: the hand as it ended)
    {"type": "review_seat", "seat": 2, "seq": 17}   # review that seat's decisions instead
    {"type": "holder", "token": "k3J...", "seq": 17}   # a room's page: the browser's token,
                                 # sent when state["room"]["ask_holder"] is true, then every
                                 # 10 s while state["room"] is set (the pupil is still there)

A tap on a card whose ``legal`` is false sends nothing: the board shows its ``why`` in the
message line at once (``.cg-refused``). On a tap on a legal card the board draws at once what
it can foresee (``foresee`` in board.js, by ``card_goes``): the card out of the hand, on the
cloth at its seat (or just gone, for a discard), "North plays 10♥." in the message line,
nothing clickable (``.cg-waiting`` on the board); the play is sent once that frame is drawn
(at most 100 ms later), and at once when nothing can be foreseen. Python's next state
replaces it; the code
that receives a play must therefore always answer it with a new state (a new ``seq``), even
when nothing changed, or the board puts the card back after 10 s. ``data-seq`` on ``.cg-table``
is the ``seq`` of the last state drawn from Python. A message is checked here before anybody acts on it,
since anything may arrive from a browser: one of another shape is refused with a logged
reason and never raises into the kernel. The handler registered with ``board.on_user(callback)``
receives a ``UserEvent``; ``board.receive(message)`` does what a message from the browser does
(for headless tests).

DOM hooks for browser tests: ``.cg-table`` the board; ``.cg-seat[data-seat]`` each seat,
``.cg-you`` the user's, ``.cg-to-move``; ``.cg-hand`` the user's row; ``.cg-card[data-card]``
a face-up card (an ``svg`` inside), ``.cg-card.cg-back`` a face-down one (no ``data-card``);
``data-legal`` on clickable cards; ``.cg-trick``, ``.cg-last-trick``, ``.cg-message``,
``.cg-next``, ``.cg-action``, ``.cg-button[data-name]``, ``.cg-fullscreen``; a finished trick
``.cg-trick[data-complete="true"]`` with one ``.cg-card.cg-winner`` and its words
``.cg-trick-words``; the end of the hand ``.cg-hand-over``; the review ``.cg-review`` with
``.cg-review-step[data-step]`` (``.cg-review-mark`` on a marked one, ``.cg-review-at`` on the
one shown).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import anywidget
import traitlets

from ..analysis import in_browser
from ..board_state import BUTTONS

__all__ = ["BUTTONS", "Board", "MessageRefused", "UserEvent", "check_message"]

HERE = Path(__file__).resolve().parent
LOG = logging.getLogger("cardgames.board")

#: A message longer than this (its JSON text) is refused unread: a real one is about 50 bytes.
MAX_MESSAGE_BYTES = 300
#: A named action's id is its place in ``state["actions"]``: a handful at most.
MAX_ACTION_ID = 99
CARD_CODE = re.compile(r"(?:[2-9TJQKA][SHDC]|JK)")
#: The keys each type of message carries, besides ``type`` and ``seq``.
FIELDS = {"play": "card", "action": "id", "button": "name", "holder": "token", "step": "step",
          "review_seat": "seat"}
#: The seats of a table: 2 to 12.
MAX_SEAT = 11
#: A review's step is a decision of one seat in one hand: a few dozen at most.
MAX_STEP = 999


class MessageRefused(ValueError):
    """A message from the browser that is not one the board sends."""


@dataclass(frozen=True)
class UserEvent:
    """What the person did at the board: played a card, took a named action or pressed a button.

    ``seq`` is the ``state["seq"]`` the click was aimed at (the session refuses a stale one);
    exactly one of ``card`` (a card code such as ``"TH"``), ``action_id`` (the ``id`` of one of
    ``state["actions"]``) and ``button`` (one of ``BUTTONS``) is set, by ``type``.
    """

    type: str
    seq: int
    card: str | None = None
    action_id: int | None = None
    button: str | None = None
    token: str | None = None      # a room page's holder token (``cardgames.rooms.check_holder``)
    step: int | None = None       # a review's step (``state["review"]["steps"]``; 0: the end)
    seat: int | None = None       # the seat whose decisions to review (``review["seats"]``)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_message(content: object) -> UserEvent:
    """The event a browser message stands for; ``MessageRefused`` says what was wrong."""
    try:
        size = len(json.dumps(content))
    except (TypeError, ValueError):
        raise MessageRefused("a message must be plain JSON") from None
    if size > MAX_MESSAGE_BYTES:
        raise MessageRefused(f"a message of {size} bytes is too long "
                             f"(at most {MAX_MESSAGE_BYTES})")
    if not isinstance(content, dict):
        raise MessageRefused(f"a message must be an object, not {_short(content)}")
    kind = content.get("type")
    if kind not in FIELDS:
        raise MessageRefused(f"type {_short(kind)} is none of {', '.join(FIELDS)}")
    allowed = {"type", "seq", FIELDS[kind]}
    extra = sorted(str(key) for key in content if key not in allowed)
    if extra:
        raise MessageRefused(f"a {kind} message has no field {_short(', '.join(extra))} "
                             f"(it carries {', '.join(sorted(allowed))})")
    seq = content.get("seq")
    if not _is_int(seq) or seq < 0:
        raise MessageRefused(f"seq must be a whole number >= 0, not {_short(seq)}")
    if kind == "play":
        card = content.get("card")
        if not isinstance(card, str) or not CARD_CODE.fullmatch(card):
            raise MessageRefused(f"card must be a card code such as 'TH' or 'JK', "
                                 f"not {_short(card)}")
        return UserEvent("play", seq, card=card)
    if kind == "action":
        action_id = content.get("id")
        if not _is_int(action_id) or not 0 <= action_id <= MAX_ACTION_ID:
            raise MessageRefused(f"id must be a whole number from 0 to {MAX_ACTION_ID}, "
                                 f"not {_short(action_id)}")
        return UserEvent("action", seq, action_id=action_id)
    if kind == "step":
        step = content.get("step")
        if not _is_int(step) or not 0 <= step <= MAX_STEP:
            raise MessageRefused(f"step must be a whole number from 0 to {MAX_STEP}, "
                                 f"not {_short(step)}")
        return UserEvent("step", seq, step=step)
    if kind == "review_seat":
        seat = content.get("seat")
        if not _is_int(seat) or not 0 <= seat <= MAX_SEAT:
            raise MessageRefused(f"seat must be a whole number from 0 to {MAX_SEAT}, "
                                 f"not {_short(seat)}")
        return UserEvent("review_seat", seq, seat=seat)
    if kind == "holder":
        from ..rooms.room import RoomError, check_holder

        try:
            return UserEvent("holder", seq, token=check_holder(content.get("token")))
        except RoomError as error:
            raise MessageRefused(str(error)) from None
    name = content.get("name")
    if name not in BUTTONS:
        raise MessageRefused(f"button {_short(name)} is none of {', '.join(BUTTONS)}")
    return UserEvent("button", seq, button=name)


class Board(anywidget.AnyWidget):
    """The card table: ``state`` and ``faces`` in, ``UserEvent`` out (see the module's doc)."""

    _esm = HERE / "board.js"
    _css = HERE / "board.css"

    state = traitlets.Dict().tag(sync=True)
    faces = traitlets.Unicode("").tag(sync=True)
    #: Python runs in the page itself (Pyodide, the static site): board.js then sends a play
    #: after the foreseen card is drawn, not at once, since Python would hold the page's thread.
    python_in_page = traitlets.Bool(in_browser()).tag(sync=True)

    def __init__(self, state: dict | None = None, faces: str = "", **kwargs) -> None:
        super().__init__(state=state or {}, faces=faces, **kwargs)
        self._callbacks: list[Callable[[UserEvent], object]] = []
        #: Why the last message was refused ("" when it was accepted): for tests and teachers.
        self.last_refusal = ""
        self.on_msg(self._on_browser_message)

    def on_user(self, callback: Callable[[UserEvent], object], remove: bool = False) -> None:
        """Call ``callback(event)`` for each checked message from the browser."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def _on_browser_message(self, _widget, content, buffers) -> None:
        if buffers:
            self._refuse("a board message carries no binary buffers")
            return
        self.receive(content)

    def receive(self, content: object) -> UserEvent | None:
        """Handle one message as if the browser had sent it: check it, then call the handlers.

        Returns the event, or None when the message was refused (the reason is logged and kept
        in ``last_refusal``). Nothing raised by a handler escapes into the kernel: it is logged.
        """
        try:
            event = check_message(content)
        except MessageRefused as error:
            self._refuse(str(error))
            return None
        self.last_refusal = ""
        for callback in list(self._callbacks):
            try:
                callback(event)
            except Exception:  # noqa: BLE001 - a browser message must never reach a traceback
                LOG.exception("the board's handler failed on %s", event)
        return event

    def _refuse(self, reason: str) -> None:
        self.last_refusal = reason
        LOG.warning("board message refused: %s", reason)
