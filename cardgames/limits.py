"""Limits on what a user can type or paste, defined once, and the short quote of bad input.

Every text that comes from outside (a record pasted into the Record panel or given to
``cg.load``, a deal typed into the New deal panel, a link's parameters) is checked against its
limit before it is parsed, and error messages quote at most :data:`QUOTE_CHARS` characters of
it: a 5 MB paste gets a message of one line, not 10 MB back.
"""

from __future__ import annotations

import reprlib

#: A saved record: a long match of many hands is well under 1 MB (``benchmarks`` records of a
#: 20-hand Yukon match are about 60 kB with the default indent).
MAX_RECORD_CHARS = 1_000_000
#: How deep a record's JSON may nest: a record is an object of lists of objects of lists (5
#: levels for a match); anything much deeper is not a record.
MAX_RECORD_DEPTH = 20
#: A deal typed by hand: one line of cards per seat, a stock, a dealer and the game's settings
#: (a 104-card deal written out with labels is about 400 characters).
MAX_DEAL_TEXT_CHARS = 4_000
#: One value in a link (``seed=...``, ``players=...``, an option's value).
MAX_LINK_VALUE_CHARS = 100
#: A link's whole query string.
MAX_LINK_CHARS = 2_000
#: Seeds in links and the table's Seed box: whole numbers from 0 to this (fresh deals use seeds
#: below 10**9).
MAX_SEED = 999_999_999_999
#: The most of a piece of bad input that a message quotes.
QUOTE_CHARS = 40

_repr = reprlib.Repr()
_repr.maxstring = _repr.maxother = QUOTE_CHARS
_repr.maxlevel = 3


def quote(value: object, limit: int = QUOTE_CHARS) -> str:
    """``value`` as a short quoted piece for a message: ``'abc'`` as is; a longer text cut to
    ``limit`` characters, with its length: ``'TH 9H 8C …'… (5,000,000 characters)``. Other values
    are shown with ``reprlib`` (safe for deeply nested or huge lists)."""
    unit = "characters"
    if isinstance(value, (bytes, bytearray)):
        unit, length = "bytes", len(value)
        value = bytes(value[: limit + 1]).decode("utf-8", "replace")
    else:
        length = len(value) if isinstance(value, str) else 0
    if isinstance(value, str):
        if length <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({length:,} {unit})"
    text = _repr.repr(value)
    return text if len(text) <= limit + 10 else text[:limit] + "…"


def too_long(what: str, text: str | bytes, limit: int) -> str | None:
    """A message if ``text`` is longer than ``limit`` characters (None if it is not)."""
    if len(text) <= limit:
        return None
    return (f"{what} is {len(text):,} characters long; at most {limit:,} are allowed "
            f"(it starts {quote(text[:QUOTE_CHARS * 2])})")


def ascii_digits(text: str) -> bool:
    """Whether ``text`` is a whole number written with the digits 0-9 only (``str.isdigit``
    also accepts '²' and Arabic-Indic digits such as '١٢٣')."""
    return text.isascii() and text.isdigit()


def shorten(message: object, limit: int = 300) -> str:
    """Another error's message, cut to ``limit`` characters (its start and its end kept) when a
    piece of long input made it long."""
    text = str(message)
    if len(text) <= limit:
        return text
    keep = (limit - 5) // 2
    return f"{text[:keep]} […] {text[-keep:]}"
