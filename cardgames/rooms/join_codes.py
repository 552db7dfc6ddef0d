"""A seat's short code (typed at ``/join``) and the QR code of its link.

A code is 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G,
U/V): read from a projector or a slip of paper, it is typed right the first time. It is worked
out from the room's random id and the seat (a keyed hash), so nothing more is stored and every
server of a class finds the same room from it; a room closed and opened again under its name has
new codes. The projector's code is the seat ``"watch"``'s.

The QR codes are drawn by ``segno`` (pure Python, SVG), imported only when one is asked for.
"""

from __future__ import annotations

import hashlib
import io
from typing import Any

from .room import WATCH, Room, RoomError, short

#: No look-alikes: 0 O, 1 I L, 2 Z, 5 S, 8 B, 6 G, U V are left out.
ALPHABET = "ACDEFHJKMNPQRTWXY3479"
LENGTH = 6


def short_code(text: str) -> str:
    """A code of LENGTH characters of ALPHABET worked out from ``text`` (the same on every
    server, so any of them finds what it names)."""
    digest = hashlib.sha256(text.encode()).digest()
    number = int.from_bytes(digest[:8], "big")
    letters = []
    for _ in range(LENGTH):
        number, at = divmod(number, len(ALPHABET))
        letters.append(ALPHABET[at])
    return "".join(letters)


def seat_code(room: Room, seat: int | str) -> str:
    """The short code of ``seat`` (a number, or ``"watch"``) in ``room``."""
    return short_code(f"cardgames-seat:{room.id}:{room.name}:{seat}")


def check_code(code: Any) -> str:
    """A code as typed: spaces and case do not matter; RoomError says what a code is."""
    allowed = (f"a code is {LENGTH} letters and digits from the slip or the projector "
               "(e.g. K7MPX3)")
    if not isinstance(code, str):
        raise RoomError(f"{allowed}; got {type(code).__name__}")
    text = "".join(code.split()).upper()
    if len(text) != LENGTH or any(c not in ALPHABET for c in text):
        raise RoomError(f"code {short(code, 12)}: {allowed}")
    return text


def room_codes(room: Room) -> dict[int | str, str]:
    """Every seat's code (``"watch"`` the projector's)."""
    return {**{s: seat_code(room, s) for s in range(len(room.seats))}, WATCH: seat_code(room, WATCH)}


def qr_svg(link: str, scale: int = 3) -> str:
    """The QR code of ``link`` as an inline ``<svg class="cg-qr">`` (segno)."""
    import segno

    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=scale, xmldecl=False, svgns=True,
                                     nl=False, svgclass="cg-qr", title=link)
    return out.getvalue().decode()


__all__ = ["ALPHABET", "LENGTH", "check_code", "qr_svg", "room_codes", "seat_code"]
