"""A finished hand as a printable page: the deal, the play trick by trick, the result.

``hand_diagram(hand)`` returns a self-contained HTML page (a :class:`HandDiagram`, a ``str``):
the hands as dealt, set round the table as bridge diagrams set them (North at the top, South
at the bottom, West and East at the sides; two seats face each other; more seats go round in
playing order), the stock or cachette beside them, then each trick with its leader, its cards
in play order, its winner and why, and what it earned, then the result and the game's scoring
by side or player. Every card is the project's own SVG face (``card_faces.card_svg``) with
``data-card="TH"``; ``pack="spanish"`` draws Guinote's Spanish faces and names every card in that
pack's words ("rey of copas", :mod:`cardgames.packs`). No fonts, scripts or pictures are
fetched: the page prints as it shows.
"""

from __future__ import annotations

from html import escape
from typing import Any, Sequence

from .cards import Card, card_sort_key
from .engine import Hand, Match, Trick
from .packs import FRENCH, Pack, get_pack
from .review import finished_hand
from .score_sheet import trick_cards_text
from .stylesheets import stylesheet
from .table_words import name_seats, seat_names, unit_names

CARD_WIDTH = "2.6em"

#: The page's style sheet, ``hand_diagram.css`` beside this module.
_CSS = stylesheet("hand_diagram.css")


class HandDiagram(str):
    """The page as text (``str(diagram)``, ``diagram.save(path)``); in a notebook it shows
    itself. ``hand`` is the hand drawn."""

    hand: Hand

    def _repr_html_(self) -> str:
        start, end = self.find("<body>"), self.rfind("</body>")
        body = self[start + len("<body>"):end] if start >= 0 and end > start else str(self)
        return f"<div class=\"cg-hand-diagram\"><style>{_scoped_css()}</style>{body}</div>"

    def save(self, path: Any) -> None:
        """Write the page to ``path`` (UTF-8), to open in a browser or print."""
        with open(path, "w", encoding="utf-8") as out:
            out.write(str(self))


def _scoped_css() -> str:
    """The page's style for a notebook cell: only the diagram's own classes, no body rules."""
    return "\n".join(line for line in _CSS.splitlines()
                     if not line.startswith(("body", "h1", "h2", "@page"))
                     and "margin: 1.5em" not in line and "line-height" not in line)


def face(card: Card, width: str = CARD_WIDTH, pack: Pack = FRENCH) -> str:
    """One card's SVG face in ``pack``, carrying ``data-card`` with its notation."""
    return pack.card_svg(card, width=width).replace("<svg ", f'<svg data-card="{card}" ', 1)


def _cards(cards: Sequence[Card], pack: Pack) -> str:
    return '<div class="cg-cards">' + "".join(face(c, pack=pack) for c in cards) + "</div>"


def hand_diagram(subject: "Hand | Match | str | bytes | dict", *, hand_number: int | None = None,
                 names: Sequence[str] | None = None, title: str | None = None,
                 pack: "Pack | str | None" = None) -> HandDiagram:
    """A finished hand as a printable self-contained HTML page (see the module's text).

    ``subject`` is a Hand, a Match (its last finished hand, or ``hand_number``, from 1) or a
    record (JSON text); ``names`` names the seats (default: as the table names them);
    ``pack`` draws and names the cards (None: the French pack; ``"spanish"``, Guinote's).
    """
    hand = finished_hand(subject, hand_number)
    names = seat_names(hand, names)
    pack = get_pack(pack)
    heading = pack.words(title or f"{hand.game.title}: a hand for {hand.players} players")
    subtitle = pack.words(_subtitle(hand, names))
    parts = [f"<h1>{escape(heading)}</h1>", f'<p class="cg-sub">{escape(subtitle)}</p>',
             "<h2>The deal</h2>", _deal(hand, names, pack),
             "<h2>The play</h2>", _play(hand, names, pack),
             "<h2>The result</h2>", _result(hand, names, pack)]
    page = ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(heading)}</title><style>{_CSS}</style></head>"
            f"<body>{''.join(parts)}</body></html>\n")
    diagram = HandDiagram(page)
    diagram.hand = hand
    return diagram


def _subtitle(hand: Hand, names: list[str]) -> str:
    changed = [f"{name}={value!r}" for name, value in hand.options.items()
               if hand.game.options[name].default != value]
    words = [f"Dealer: {names[hand.dealer]}", f"eldest hand (first to play): {names[hand.eldest]}"]
    if hand.seed is not None and not hand.set_up_by_hand:
        words.append(f"deal number (seed) {hand.seed}")
    start = [f"{label} {text}" for label, text in hand.replayed([]).public_info()
             if label.lower() not in ("stock", "cachette", "discards")]
    if start:
        words.append("at the deal: " + ", ".join(name_seats(w, names) for w in start))
    if changed:
        words.append("rules changed from the defaults: " + ", ".join(changed))
    return "; ".join(words) + "."


def _seat_block(hand: Hand, seat: int, cards: Sequence[Card], names: list[str], where: str,
                pack: Pack) -> str:
    tags = []
    if seat == hand.dealer:
        tags.append("dealer")
    if seat == hand.eldest:
        tags.append("leads first")
    if hand.controller(seat) != seat:
        tags.append(f"dummy, played by {names[hand.controller(seat)]}")
    tag = f' <span class="cg-tag">({", ".join(tags)})</span>' if tags else ""
    shown = sorted(cards, key=getattr(hand, "sort_key", card_sort_key))   # as the game ranks them
    return (f'<div class="cg-seat {where}" data-seat="{seat}"><h3>{escape(names[seat])}{tag}</h3>'
            f"{_cards(shown, pack)}</div>")


def _middle(hand: Hand, stock: list[Card], where: str, pack: Pack) -> str:
    if not stock:
        return ""
    label = {"quinto": "The cachette (to the winner of the last trick)",
             "guinote": "The stock, in drawing order (the last, face up, is the pinta: trumps)",
             }.get(hand.game.name, "The stock, in drawing order")
    return (f'<div class="cg-middle {where}" data-stock="{len(stock)}"><h3>{escape(label)}</h3>'
            f"{_cards(stock, pack)}</div>")


def _deal(hand: Hand, names: list[str], pack: Pack) -> str:
    dealt, stock = hand.initial_deal
    seats = hand.seats
    if seats in (2, 4):
        places = ("cg-pos-n", "cg-pos-s") if seats == 2 else \
            ("cg-pos-n", "cg-pos-e", "cg-pos-s", "cg-pos-w")
        blocks = [_seat_block(hand, s, dealt[s], names, places[s], pack) for s in range(seats)]
        blocks.append(_middle(hand, stock, "cg-pos-c", pack))
        return f'<div class="cg-deal cg-table">{"".join(blocks)}</div>'
    blocks = [_seat_block(hand, s, dealt[s], names, "", pack) for s in range(seats)]
    blocks.append(_middle(hand, stock, "", pack))
    return f'<div class="cg-deal cg-ring">{"".join(blocks)}</div>'


def _tricks(hand: Hand) -> list[Trick]:
    """The tricks in order, with Quinto's cachette as the extra trick once taken."""
    return list(getattr(hand, "taken_tricks", hand.tricks))


def _play(hand: Hand, names: list[str], pack: Pack) -> str:
    rows = []
    before = [pack.words(said) for said in _before_play(hand, names)]
    aside = [c for c in hand.set_aside() if c not in {c for t in _tricks(hand) for _, c in t.cards}]
    if before:
        rows.append(f'<p class="cg-before">Before the first trick: {escape("; ".join(before))}.</p>')
    if aside:
        rows.append(f'<div class="cg-aside"><p>Set aside during the hand (discards, dead cards):'
                    f"</p>{_cards(aside, pack)}</div>")
    head = "<tr><th>Trick</th><th>Leader</th><th>Cards in play order</th><th>Winner</th>" \
           "<th>Points</th><th>Why</th></tr>"
    body = []
    for trick in _tricks(hand):
        won = _winning_index(trick) if len({seat for seat, _ in trick.cards}) > 1 else -1
        plays = "".join(
            f'<span class="cg-play-card{" cg-won" if i == won else ""}">'
            f"{face(card, pack=pack)}<span>{escape(names[seat])}</span></span>"
            for i, (seat, card) in enumerate(trick.cards))
        calls = [f"{names[made.seat]}: {hand.action_words(made.action)}"
                 + (f" +{made.points}" if made.points else "")
                 for made in hand.declarations if made.trick_number == trick.number]
        why = name_seats(hand.explain_trick(trick), names)
        if calls:
            why += " After it: " + "; ".join(calls) + "."
        why = pack.words(why)
        body.append(
            f'<tr class="cg-trick" data-trick="{trick.number}" data-leader="{trick.leader}" '
            f'data-winner="{trick.winner}"><td>{trick.number}</td>'
            f"<td>{escape(names[trick.leader])}</td>"
            f'<td><div class="cg-plays" aria-label="{escape(trick_cards_text(trick.cards, names, pack))}">'
            f"{plays}</div></td><td>{escape(names[trick.winner])}</td><td>{trick.points}</td>"
            f'<td class="cg-why">{escape(why)}</td></tr>')
    if not body:
        body.append('<tr><td colspan="6"><i>No trick was played.</i></td></tr>')
    rows.append(f'<table class="cg-play"><thead>{head}</thead><tbody>{"".join(body)}</tbody></table>')
    return "".join(rows)


def _before_play(hand: Hand, names: list[str]) -> list[str]:
    """The named actions before the first card of the first trick (Quinto's doubling), and
    the declarations made then with their points."""
    from .table_words import action_words

    said = []
    declared = [made for made in hand.declarations if made.trick_number == 0]
    for seat, move in hand.history:
        if isinstance(move, Card):
            break
        words = action_words(hand, seat, move, names, None, False)
        made = next((d for d in declared if d.seat == seat and d.action == move), None)
        if made is not None:
            declared.remove(made)
            words += f" +{made.points}" if made.points else ""
        said.append(words)
    return said


def _winning_index(trick: Trick) -> int:
    for i, (seat, _) in enumerate(trick.cards):
        if seat == trick.winner:
            return i
    return -1


def breakdown(hand: Hand) -> tuple[list[str], list[list[int]]]:
    """The hand's score by unit, split as the game scores it: row labels and, per unit, the
    points of each row; the last row is the total (``hand.score``)."""
    units = len(hand.score)
    won = [0] * units
    for trick in _tricks(hand):
        won[hand.side(trick.winner)] += 1
    labels, rows = ["Tricks taken"], [won]
    by_kind = getattr(hand, "points_by_kind", None)
    counted = [0] * units
    if callable(by_kind):
        for kind, points in by_kind().items():
            labels.append(f"Points for {kind}")
            rows.append(list(points))
            counted = [c + p for c, p in zip(counted, points)]
    else:
        tricks = [0] * units
        for trick in _tricks(hand):
            tricks[hand.side(trick.winner)] += trick.points
        labels.append("Points in tricks")
        rows.append(tricks)
        counted = list(tricks)
    declared = [0] * units
    for made in hand.declarations:
        declared[hand.side(made.seat)] += made.points
    if any(declared):
        labels.append("Declarations (calls, marriages)")
        rows.append(declared)
        counted = [c + d for c, d in zip(counted, declared)]
    other = [s - c for s, c in zip(hand.score, counted)]
    if any(other):
        labels.append("At the end of the hand (last trick, cachette)")
        rows.append(other)
    labels.append("Total")
    rows.append(list(hand.score))
    return labels, rows


def _result(hand: Hand, names: list[str], pack: Pack) -> str:
    units = unit_names(hand, names)
    labels, rows = breakdown(hand)
    head = "<tr><th></th>" + "".join(f"<th>{escape(u)}</th>" for u in units) + "</tr>"
    body = "".join(f"<tr><th>{escape(pack.words(label))}</th>"
                   + "".join(f'<td class="cg-num">{value}</td>' for value in row) + "</tr>"
                   for label, row in zip(labels, rows))
    best = max(hand.score)
    top = [units[u] for u, points in enumerate(hand.score) if points == best]
    verdict = (f"{top[0]} scored most, {best} points." if len(top) == 1
               else f"{' and '.join(top)} tied on {best} points.")
    said = pack.words(name_seats(hand.end_reason, names))
    reason = f" {said[:1].upper()}{said[1:]}." if said else ""
    return (f'<div class="cg-result-block"><p class="cg-verdict">{escape(verdict + reason)}</p>'
            f'<table class="cg-result"><thead>{head}</thead><tbody>{body}</tbody></table></div>')
