"""Looks of the table: card colours, button sizes, and the CSS for the stable classes.

The classes (``cg-table``, ``cg-seat-<n>``, ``cg-card``, ``cg-trick``, ``cg-message``,
``cg-score``, ``cg-action``, ``cg-next``, ``cg-undo``, ``cg-deal``) are a promise to tests and
to anyone styling the table; the CSS below only makes them readable.

A card button's looks come from classes, not from its ``style`` and ``layout`` widgets, so that
giving a button another card (or hiding it) is one widget message, not three:
``cg-suit-<S|H|D|C>`` or ``cg-joker`` colours it (``cg-four-colour`` on the table switches to
four colours), ``cg-o-<n>`` places it in the row by the card's rank in the sorted pack (CSS
``order``: a card keeps its button while it stays in the hand), and ``cg-spare`` hides a button
that shows no card.
"""

from __future__ import annotations

from ..cards import ALL_CARDS, Card
from ..render import card_colour

CARD_WIDTH = "3.4em"
CARD_HEIGHT = "3.2em"


def sort_key(card: Card) -> tuple[int, int]:
    """How the user's cards are sorted: by suit (the Joker last), then by rank."""
    return (4 if card.suit is None else int(card.suit), int(card.rank))


#: Each card's place in the row of card buttons (CSS ``order``).
CARD_ORDER = {card: n for n, card in enumerate(sorted(ALL_CARDS, key=sort_key))}


def card_classes(card: Card) -> tuple[str, str]:
    """The classes that colour a card button and place it in the row."""
    colour = "cg-joker" if card.suit is None else f"cg-suit-{card.suit.letter}"
    return colour, f"cg-o-{CARD_ORDER[card]}"


def _card_rules() -> str:
    rules = []
    for card in ALL_CARDS:
        colour, _order = card_classes(card)
        two, four = card_colour(card, False), card_colour(card, True)
        rule = f".cg-table button.cg-card.{colour} {{ color: {two}; }}"
        if rule not in rules:
            rules.append(rule)
            if four != two:
                rules.append(f".cg-table.cg-four-colour button.cg-card.{colour} {{ color: {four}; }}")
    rules.append(" ".join(f".cg-table .cg-o-{n}{{order:{n}}}" for n in sorted(CARD_ORDER.values())))
    return "\n".join(rules)


CSS = """
<style>
.cg-table { font-family: system-ui, sans-serif; max-width: 60em; }
.cg-table .cg-card button, .cg-table button.cg-card { font-size: 1.15em; font-weight: bold; }
.cg-table .cg-spare { display: none !important; }
.cg-table .cg-arena { display: grid; gap: 6px; width: 100%; }
.cg-table .cg-seat { border: 1px solid #ccc; border-radius: 6px; padding: 2px 6px; background: #f7faf7; }
.cg-table .cg-seat.cg-to-move { border: 2px solid #2e7d32; background: #eef7ee; }
.cg-table .cg-trick { background: #1f6f3f; color: #fff; border-radius: 10px; padding: 6px; min-height: 4em; }
.cg-table .cg-trick { text-align: center; }
.cg-table .cg-trick-row { display: flex; flex-flow: row wrap; justify-content: center; }
.cg-table .cg-trick .cg-slot { background: #2a8450; border-radius: 6px; padding: 2px 6px; margin: 2px; text-align: center; min-width: 5em; }
.cg-table .cg-hand-label { margin-top: 4px; }
.cg-table .cg-message { font-size: 1.05em; min-height: 1.6em; }
.cg-table .cg-error { color: #b00020; font-weight: bold; }
.cg-table table.cg-sheet td, .cg-table table.cg-sheet th { padding: 1px 6px; }
.cg-facedown { font-size: 1.2em; letter-spacing: 0.05em; }
""" + _card_rules() + """
</style>
"""


def button_colour(card: Card, four_colour: bool = False) -> str:
    """The text colour of a card button: red/black, or one colour per suit."""
    return card_colour(card, four_colour)
