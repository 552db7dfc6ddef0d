"""Worked examples drawn, not printed: positions, tricks and deals as HTML with SVG cards.

The explainer notebooks show every example through these functions, so a reader sees cards
(``cardgames.card_faces``) and sentences, never card notation or a Python repr:

``position(hand, refused=["4C"])``
    The hands that matter, the trick so far (the card winning it marked), the seat to move with
    the cards it may play lit and the others dimmed, what else it may do, and why each card in
    ``refused`` is refused, in words.
``trick(hand)``
    A finished trick (the last one by default): each card under its player's name, the winner
    marked, why it wins and what it earns.
``deal(hand)``
    Every hand of a deal, what the game shows everybody, and the score.
``cards("AH KH QH", labels=[...])``
    Rows of cards, for the deck and ranking sections.
``best_play(hand)``
    With every card known: what each legal card secures with perfect play by all.

Each takes ``pack=``: ``pack="spanish"`` draws Guinote's Spanish faces and names the cards in
the pack's words ("rey of copas"; :mod:`cardgames.packs`), with no French suit sign.

Each returns an :class:`Example`: it displays itself as HTML (one element of class
``cg-example``), and carries the facts it shows (``legal``, ``reasons``, ``winner``,
``points``...) so that a notebook can assert them. Seats are named as at the table (North, East,
South, West for four; ``cardgames.table_words.seat_names``). Pure: no widget import.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from . import table_words
from .cards import Card, parse_cards, sort_cards
from .packs import Pack, get_pack

if TYPE_CHECKING:
    from .engine import Action, Hand, Trick

__all__ = ["Example", "position", "trick", "deal", "cards", "best_play", "action_words",
           "sentence", "CARD_WIDTH"]

CARD_WIDTH = "3.6em"

_BOX = ("font-family:system-ui,sans-serif;border:1px solid #c9d6c9;border-radius:10px;"
        "padding:10px 12px;margin:8px 0;background:#f5faf5;max-width:48em;line-height:1.45;"
        "overflow-wrap:anywhere;white-space:normal;color:#1b1b1b")
_ROW = "display:flex;flex-wrap:wrap;gap:6px 4px;align-items:flex-end;margin:4px 0 6px"


class Example:
    """A drawn example: ``html`` (shown in a notebook), ``text`` (the same in plain words) and
    the facts it shows, as attributes (``legal``, ``reasons``, ``winner``, ``points``...)."""

    def __init__(self, html: str, text: str, **facts: Any):
        self.html = html
        self.text = text
        self.facts = facts
        for name, value in facts.items():
            setattr(self, name, value)

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text

    def __add__(self, other: "Example") -> "Example":
        """Two examples shown one after the other (their facts are the later one's)."""
        return Example(self.html + other.html, self.text + "\n" + other.text,
                       **{**self.facts, **other.facts})


# -- words ----------------------------------------------------------------------------------


def sentence(text: str, names: Sequence[str] | None = None) -> str:
    """The engine's words as a sentence: seats named, a capital first, a full stop last."""
    if names is not None:
        text = table_words.name_seats(text, names)
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


_ACTION_WORDS = {
    "pass": "pass", "double": "double", "redouble": "redouble", "claim": "claim the game",
    "tute": "declare the tute", "swap-seven": "swap the 7 of trumps for the pinta",
    "pip-pip": "call Pip-Pip! in {suit}", "marriage": "declare the marriage in {suit}",
}


def action_words(action: "Action") -> str:
    """A named action as people say it: ``pip-pip H`` is "call Pip-Pip! in hearts"."""
    words = _ACTION_WORDS.get(action.name, action.name.replace("-", " "))
    return words.format(suit=action.suit.plural if action.suit is not None else "")


def _listing(items: Sequence[str], last: str = "and") -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


# -- pieces of a drawing ----------------------------------------------------------------------


def _card(card: Card | None, *, state: str = "", caption: str = "", four_colour: bool = False,
          width: str = CARD_WIDTH, pack: Pack | None = None) -> str:
    """One card of ``pack`` (face down when ``card`` is None), lit (``legal``), dimmed
    (``refused``) or marked as the winner (``win``), with an optional caption under it."""
    pack = pack or get_pack(None)
    style = "display:inline-flex;flex-direction:column;align-items:center;margin:0 1px"
    face = pack.back_svg(width=width) if card is None else \
        pack.card_svg(card, four_colour=four_colour, width=width)
    wrap = "display:inline-block;border-radius:8px;line-height:0"
    if state == "legal":
        wrap += ";box-shadow:0 0 0 3px #2e9e4f"
    elif state == "refused":
        wrap += ";opacity:.42;filter:grayscale(.5)"
    elif state == "win":
        wrap += ";box-shadow:0 0 0 4px #e0a800"
    label = f'<span style="font-size:.85em;margin-top:3px;text-align:center">{escape(caption)}</span>' \
        if caption else ""
    data = f' data-card-state="{state}"' if state else ""
    return (f'<span class="cg-ex-card"{data} style="{style}">'
            f'<span style="{wrap}">{face}</span>{label}</span>')


def _row(items: Iterable[str]) -> str:
    return f'<div class="cg-ex-row" style="{_ROW}">{"".join(items)}</div>'


def _line(text: str, css: str = "") -> str:
    return f'<p class="cg-ex-line{" " + css if css else ""}" style="margin:4px 0">{text}</p>'


def _box(parts: Iterable[str], title: str = "") -> str:
    head = f'<div class="cg-ex-title" style="font-weight:700;margin-bottom:4px">{escape(title)}</div>' \
        if title else ""
    return f'<div class="cg-example" style="{_BOX}">{head}{"".join(parts)}</div>'


def _info(hand: "Hand", names: Sequence[str], pack: Pack) -> str:
    items = [f'<span style="margin-right:1.2em"><b>{escape(pack.words(label))}:</b> '
             f'{escape(pack.words(text))}</span>'
             for label, text in table_words.named_public_info(hand, names)]
    return _line("".join(items), "cg-ex-info") if items else ""


def _score(hand: "Hand", names: Sequence[str]) -> tuple[str, dict[str, int]]:
    units = table_words.unit_names(hand, names)
    score = dict(zip(units, hand.score))
    words = ", ".join(f"{unit}: {points}" for unit, points in score.items())
    return f"Points so far — {words}.", score


def _seat_block(hand: "Hand", seat: int, names: Sequence[str], states: dict[Card, str],
                tag: str, four_colour: bool, pack: Pack) -> str:
    held = sort_cards(hand.hands[seat])
    who = f"<b>{escape(names[seat])}</b>" + (f" · {escape(tag)}" if tag else "")
    row = _row(_card(card, state=states.get(card, ""), four_colour=four_colour, pack=pack)
               for card in held) \
        if held else _line("<i>no cards</i>")
    return f'<div class="cg-ex-seat" data-seat="{seat}" style="margin:4px 0">{who}{row}</div>'


def _trick_row(hand: "Hand", plays: Sequence[tuple[int, Card]], names: Sequence[str],
               winner: int | None, four_colour: bool, pack: Pack) -> str:
    return _row(_card(card, state="win" if seat == winner else "", caption=names[seat],
                      four_colour=four_colour, pack=pack) for seat, card in plays)


# -- the examples -----------------------------------------------------------------------------


def position(hand: "Hand", *, seats: Iterable[int] | None = None,
             refused: Iterable[Card | str] = (), title: str = "", note: str = "",
             show_score: bool = False, four_colour: bool = False,
             names: Sequence[str] | None = None, show_legal: bool = True,
             pack: "Pack | str | None" = None) -> Example:
    """A position: the hands of ``seats`` (default: every seat holding cards), the trick so far,
    the cards the seat to move may play lit, and why each card in ``refused`` is refused.
    ``show_legal=False`` (a quiz's question) neither lights nor lists the cards it may play.
    ``pack`` draws and names the cards (``"spanish"``: Guinote's Spanish faces and words)."""
    from .engine import Phase

    pack = get_pack(pack)
    in_words = pack.words

    names = list(names) if names is not None else table_words.seat_names(hand)
    mover = hand.to_move
    legal_actions = hand.legal_actions()
    legal = legal_actions.cards
    actions = legal_actions.named
    refused_cards = [Card.parse(c) for c in refused]
    shown = [s for s in range(hand.seats) if hand.hands[s]] if seats is None else list(seats)
    parts = [_info(hand, names, pack)]
    lines: list[str | tuple[str, str]] = []
    if hand.trick:
        winning = hand.current_winner()
        parts.append(_line(f"<b>Trick {hand.trick_number} so far</b> "
                           f"(in play order; {escape(names[winning])} is winning it):")
                     if winning is not None else "")
        parts.append(_trick_row(hand, hand.trick, names, winning, four_colour, pack))
    blocks = []
    for seat in shown:
        states: dict[Card, str] = {}
        tag = ""
        if seat == mover and not hand.is_over:
            verb = "to discard" if hand.phase is Phase.DISCARD else "to play"
            tag = verb if legal or hand.phase is not Phase.DOUBLING else "to speak"
            if show_legal and legal and len(set(legal)) < len(set(hand.hands[seat])):
                states = {card: ("legal" if card in legal else "refused")
                          for card in hand.hands[seat]}
        blocks.append(_seat_block(hand, seat, names, states, tag, four_colour, pack))
    parts.append(f'<div class="cg-ex-seats" style="display:flex;flex-wrap:wrap;gap:2px 28px">'
                 f'{"".join(blocks)}</div>')
    reasons: dict[Card, str] = {}
    if mover is not None and not hand.is_over:
        who = names[mover]
        verb = "discard" if hand.phase is Phase.DISCARD else "play"
        if legal and show_legal:
            labels = [c.label for c in sort_cards(set(legal))]
            if len(set(legal)) == len(set(hand.hands[mover])):
                lines.append(f"{who} may {verb} any card.")
            else:
                lines.append(f"{who} may {verb} {_listing(labels, 'or')} (lit).")
        if actions and show_legal:
            said = [action_words(a) for a in actions]
            lead = f"{who} may also " if legal else f"{who} may "
            lines.append(lead + _listing(said, "or") + ".")
        for card in refused_cards:
            why = hand.why_illegal(card)
            if why is None:
                raise ValueError(f"{card.label} is not refused here: {who} may play it")
            reasons[card] = in_words(sentence(why, names))
            lines.append((f"<b>{escape(in_words(card.label))}</b> is refused: "
                          f"{escape(reasons[card])}",
                          f"{in_words(card.label)} is refused: {reasons[card]}"))
    elif hand.is_over:
        lines.append("The hand is over.")
    score_text, score = _score(hand, names)
    if show_score:
        lines.append(score_text)
    if note:
        lines.append(note)
    pairs = [line if isinstance(line, tuple) else (escape(in_words(line)), in_words(line))
             for line in lines]
    parts.extend(_line(html) for html, _ in pairs)
    text = "\n".join(plain for _, plain in pairs)
    return Example(_box(parts, in_words(title)), text, legal=sort_cards(set(legal)),
                   actions=list(actions), reasons=reasons,
                   to_move=None if mover is None else names[mover], names=names, score=score)


def trick(hand: "Hand", which: "Trick | None" = None, *, title: str = "",
          four_colour: bool = False, names: Sequence[str] | None = None,
          show: str = "all", show_info: bool = False, pack: "Pack | str | None" = None) -> Example:
    """A finished trick (the last by default): the cards under their players' names, the
    winning card marked, why it wins and what it earned. ``show="cards"`` draws the cards
    alone, ``show="winner"`` adds the winner and why, not the points (a quiz's questions);
    ``show_info`` adds what the game shows everybody (the trumps...) as ``hand`` has it;
    ``pack`` draws and names the cards."""
    pack = get_pack(pack)
    if show not in ("all", "winner", "cards"):
        raise ValueError(f"show is 'all', 'winner' or 'cards', not {show!r}")
    names = list(names) if names is not None else table_words.seat_names(hand)
    done = which if which is not None else hand.tricks[-1]
    winner = names[done.winner]
    lines = [f"{winner} wins trick {done.number} with {done.winning_card.label}.",
             "Why: " + sentence(hand.explain_winner(done), names),
             "It earns " + sentence(hand.explain_points(done), names)]
    lines = [pack.words(line) for line in {"all": lines, "winner": lines[:2], "cards": []}[show]]
    marked = None if show == "cards" else done.winner
    parts = [_info(hand, names, pack)] if show_info else []
    if show == "cards":
        parts.append(_line(f"Trick {done.number}, in play order:"))
    parts.append(_trick_row(hand, done.cards, names, marked, four_colour, pack))
    parts.extend(_line(escape(line)) for line in lines)
    return Example(_box(parts, pack.words(title)), "\n".join(lines), winner=winner,
                   winner_seat=done.winner, points=done.points, winning_card=done.winning_card,
                   names=names)


def deal(hand: "Hand", *, title: str = "", four_colour: bool = False,
         names: Sequence[str] | None = None, pack: "Pack | str | None" = None) -> Example:
    """Every hand of a deal face up, what the game shows everybody, whose turn, the score."""
    names = list(names) if names is not None else table_words.seat_names(hand)
    shown = position(hand, title=title, show_score=True, four_colour=four_colour, names=names,
                     pack=pack)
    return shown


def cards(*rows: "str | Iterable[Card | str]", labels: Sequence[str] | None = None,
          four_colour: bool = False, pack: "Pack | str | None" = None) -> Example:
    """Rows of cards (notation text or cards), each with an optional label before it."""
    pack = get_pack(pack)
    parts = []
    shown: list[list[Card]] = []
    for i, row in enumerate(rows):
        row_cards = parse_cards(row) if isinstance(row, str) else [Card.parse(c) for c in row]
        shown.append(row_cards)
        label = labels[i] if labels and i < len(labels) else ""
        head = f'<div style="font-weight:600">{escape(label)}</div>' if label else ""
        parts.append(head + _row(_card(c, four_colour=four_colour, width="3.2em", pack=pack)
                                 for c in row_cards))
    text = "\n".join(pack.words((labels[i] + ": " if labels and i < len(labels) else "")
                                + " ".join(c.label for c in row)) for i, row in enumerate(shown))
    return Example(_box(parts), text, rows=shown)


def best_play(hand: "Hand", *, four_colour: bool = False,
              names: Sequence[str] | None = None, pack: "Pack | str | None" = None) -> Example:
    """Each legal card of the seat to move with the points its side (or, each for himself, the
    seat) secures from here to the end of the hand if everybody then plays perfectly with every
    card shown (``cardgames.solver.solve``); the best marked."""
    from .solver import solve

    pack = get_pack(pack)
    names = list(names) if names is not None else table_words.seat_names(hand)
    solution = solve(hand)
    order = sorted(solution.values.items(),
                   key=lambda item: (-item[1], item[0].index if isinstance(item[0], Card) else 99))
    unit = table_words.unit_names(hand, names)[solution.unit]
    best = order[0][1] if order else None
    items = []
    for action, value in order:
        if isinstance(action, Card):
            items.append(_card(action, state="win" if value == best else "",
                               caption=f"{value} points", four_colour=four_colour, pack=pack))
    mover = names[hand.to_move]
    lines = [f"{mover} to play. Under each card: the points {unit} can be sure of with it, "
             f"if everybody then plays perfectly.",
             "Best: " + _listing([a.label for a, v in order if v == best], "or")
             + f", {best} points." if order else "No card to play."]
    lines = [pack.words(line) for line in lines]
    parts = [_row(items)] + [_line(escape(line)) for line in lines]
    values = {action: value for action, value in order}
    return Example(_box(parts), "\n".join(lines), values=values, best=best, unit=unit)
