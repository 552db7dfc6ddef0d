"""Looks of the table: card colours, button sizes, and the CSS for the stable classes.

The classes (``cg-table``, ``cg-seat-<n>``, ``cg-card``, ``cg-trick``, ``cg-message``,
``cg-score``, ``cg-action``, ``cg-next``, ``cg-undo``, ``cg-deal``) are a promise to tests and
to anyone styling the table; the CSS below only makes them readable.
"""

from __future__ import annotations

from ..cards import Card
from ..render import card_colour

CARD_WIDTH = "3.4em"
CARD_HEIGHT = "3.2em"

CSS = """
<style>
.cg-table { font-family: system-ui, sans-serif; max-width: 60em; }
.cg-table .cg-card button, .cg-table button.cg-card { font-size: 1.15em; font-weight: bold; }
.cg-table .cg-seat { border: 1px solid #ccc; border-radius: 6px; padding: 2px 6px; background: #f7faf7; }
.cg-table .cg-seat.cg-to-move { border: 2px solid #2e7d32; background: #eef7ee; }
.cg-table .cg-trick { background: #1f6f3f; color: #fff; border-radius: 10px; padding: 6px; min-height: 4em; }
.cg-table .cg-trick { text-align: center; }
.cg-table .cg-trick-row { display: flex; flex-flow: row wrap; justify-content: center; }
.cg-table .cg-trick .cg-slot { background: #2a8450; border-radius: 6px; padding: 2px 6px; margin: 2px; text-align: center; min-width: 5em; }
.cg-table .cg-message { font-size: 1.05em; min-height: 1.6em; }
.cg-table .cg-error { color: #b00020; font-weight: bold; }
.cg-table table.cg-sheet td, .cg-table table.cg-sheet th { padding: 1px 6px; }
.cg-facedown { font-size: 1.2em; letter-spacing: 0.05em; }
</style>
"""


def button_colour(card: Card, four_colour: bool = False) -> str:
    """The text colour of a card button: red/black, or one colour per suit."""
    return card_colour(card, four_colour)
