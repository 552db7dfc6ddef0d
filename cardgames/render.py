"""Pure functions from the model to HTML strings (no widget imports).

They take a card, a hand or a trick and return markup that displays itself in a notebook;
the model imports this module only when asked to display.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .cards import Card

if TYPE_CHECKING:
    from .engine import Hand

RED = "#c0392b"
BLACK = "#1b1b1b"
FOUR_COLOURS = {"S": "#1b1b1b", "H": "#c0392b", "D": "#1f5fbf", "C": "#1e8a3a"}


def card_colour(card: Card, four_colour: bool = False) -> str:
    if card.suit is None:
        return "#6a3d9a"
    if four_colour:
        return FOUR_COLOURS[card.suit.letter]
    return RED if card.suit.is_red else BLACK


def card_html(card: Card, four_colour: bool = False) -> str:
    """One card as a small inline box: rank and suit symbol, named in full for screen readers."""
    colour = card_colour(card, four_colour)
    return (f'<span class="cg-card-face" title="{escape(card.name)}" aria-label="{escape(card.name)}" '
            f'style="display:inline-block;min-width:2.2em;padding:2px 4px;margin:1px;'
            f'border:1px solid #999;border-radius:4px;background:#fff;color:{colour};'
            f'font-weight:bold;text-align:center">{escape(card.label)}</span>')


def cards_html(cards, four_colour: bool = False) -> str:
    return "".join(card_html(c, four_colour) for c in cards) or "<i>none</i>"


def hand_html(hand: "Hand", open_hands: bool = True) -> str:
    """A whole hand as an HTML table: public information, every seat, the trick, the score."""
    rows = []
    for label, text in hand.public_info():
        rows.append(f"<tr><th>{escape(label)}</th><td>{escape(text)}</td></tr>")
    for seat, cards in enumerate(hand.hands):
        shown = cards_html(cards) if open_hands else f"{len(cards)} cards"
        mark = " ◀" if seat == hand.to_move else ""
        rows.append(f"<tr><th>{escape(hand.seat_name(seat))}{mark}</th><td>{shown}</td></tr>")
    if hand.trick:
        trick = " ".join(f"{escape(hand.seat_name(s))}: {card_html(c)}" for s, c in hand.trick)
        rows.append(f"<tr><th>Trick</th><td>{trick}</td></tr>")
    rows.append(f"<tr><th>Score</th><td>{escape(str(hand.score))}</td></tr>")
    title = escape(f"{hand.game.title}: {hand.players} players")
    return f'<div class="cg-hand"><b>{title}</b><table>{"".join(rows)}</table></div>'
