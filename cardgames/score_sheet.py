"""Score sheets, pure: a hand's tricks and a match's hands as rows, drawn as HTML or, on request,
as pandas DataFrames (``score_frame``, ``match_frame``: pandas is imported only there; the table
draws with ``score_rows``, ``match_rows`` and ``sheet_html``, which need no pandas, for the
in-browser site has none). The seats and sides are named as ``table_words`` names them.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, Sequence

from .cards import Card
from .packs import FRENCH, Pack
from .table_words import seat_names, unit_names

if TYPE_CHECKING:
    from .engine import Hand, Match

PLAYS_APART = ", "      # between a trick's plays ("North 2♥, East 3♦") in the score sheet's text


def trick_cards_text(trick_cards: Sequence[tuple[int, Card]], names: Sequence[str],
                     pack: Pack = FRENCH) -> str:
    return PLAYS_APART.join(f"{names[s]} {pack.words(c.label)}" for s, c in trick_cards)


def score_rows(hand: "Hand", names: Sequence[str] | None = None, pack: Pack = FRENCH,
               ) -> tuple[list[str], list[dict[str, Any]]]:
    """The score sheet of a hand as plain rows (no pandas): the column names, and one dict per
    trick (leader, cards, winner, points, calls made during it) with running totals per side or
    player. A last row "end" carries whatever the hand scored besides tricks and calls (a
    last-trick bonus, the cachette), so the totals always equal ``hand.score``. The cards and
    calls are named as ``pack`` names them (the Spanish pack: "North rey of copas")."""
    names = seat_names(hand) if names is None else list(names)
    units = unit_names(hand, names)
    totals = [0] * len(hand.score)
    rows: list[dict[str, Any]] = []
    declarations = list(hand.declarations)

    def calls_during(number: int) -> list[str]:
        found = []
        for made in declarations:
            if made.trick_number == number - 1:
                totals[hand.side(made.seat)] += made.points
                points = f" +{made.points}" if made.points else ""
                found.append(f"{names[made.seat]}: "
                             f"{pack.words(hand.action_words(made.action))}{points}")
        return found

    for trick in hand.tricks:
        calls = calls_during(trick.number)
        totals[hand.side(trick.winner)] += trick.points
        rows.append({"Trick": trick.number, "Leader": names[trick.leader],
                     "Cards": trick_cards_text(trick.cards, names, pack),
                     "Winner": names[trick.winner], "Points": trick.points,
                     "Calls": "; ".join(calls), **dict(zip(units, list(totals)))})
    pending = calls_during(len(hand.tricks) + 1)
    other = [s - t for s, t in zip(hand.score, totals)]
    if pending or any(other):
        label = "end" if hand.is_over else "now"
        rows.append({"Trick": label, "Leader": "", "Cards": "", "Winner": "",
                     "Points": sum(other) if any(other) else 0, "Calls": "; ".join(pending),
                     **dict(zip(units, list(hand.score)))})
    return ["Trick", "Leader", "Cards", "Winner", "Points", "Calls", *units], rows


def match_rows(match: "Match", names: Sequence[str] | None = None) -> tuple[list[str], list[dict[str, Any]]]:
    """The match so far as plain rows (no pandas): the column names, and one dict per finished
    hand with its points and the totals (the last row's totals are ``match.scores``)."""
    hand = match.hand
    names = seat_names(hand) if names is None else list(names)
    units = unit_names(hand, names)
    totals = list(match.start_scores)
    rows: list[dict[str, Any]] = []
    for number, finished in enumerate(match.hands, 1):
        totals = [t + p for t, p in zip(totals, finished.score)]
        rows.append({"Hand": number, "Dealer": names[finished.dealer],
                     **{f"{u} points": p for u, p in zip(units, finished.score)},
                     **{f"{u} total": t for u, t in zip(units, totals)}})
    if rows and totals != list(match.scores):
        for u, t in zip(units, match.scores):
            rows[-1][f"{u} total"] = t
    return ["Hand", "Dealer", *[f"{u} points" for u in units], *[f"{u} total" for u in units]], rows


def sheet_html(sheet: tuple[Sequence[str], Sequence[dict[str, Any]]], empty: str = "No tricks yet.") -> str:
    """A sheet from ``score_rows`` or ``match_rows`` as an HTML table (no pandas), or the
    ``empty`` line when it has no rows: ``sheet_html(score_rows(hand, names))``."""
    columns, rows = sheet
    if not rows:
        return f"<p><i>{escape(empty)}</i></p>"
    numeric = {c for c in columns if all(isinstance(row.get(c, 0), int) or row.get(c) in ("", None)
                                        for row in rows)}
    totals = set(columns[columns.index("Calls") + 1:]) if "Calls" in columns \
        else {c for c in columns if c.endswith(" total")}

    def cell(tag: str, column: str, text: Any) -> str:
        kind = "cg-num" if column in numeric else "cg-text"   # numbers right, words left
        words = escape(str(text))
        if tag == "td" and column == "Cards" and text:
            # a play is not broken between its seat and its card on a narrow screen
            plays = str(text).split(PLAYS_APART)
            words = " ".join(f'<span class="cg-play">{escape(play)}'
                             f'{PLAYS_APART.strip() if i < len(plays) - 1 else ""}</span>'
                             for i, play in enumerate(plays))
            kind += " cg-plays"
        if column == "Leader":      # the first of the trick's plays too: a phone leaves it out
            kind += " cg-leader"
        if column in totals:        # a side's or a player's points so far
            kind += " cg-total"
        label = "" if tag == "th" else f' data-label="{escape(phone_label(column, text))}"'
        return f'<{tag} class="{kind}"{label}>{words}</{tag}>'

    def phone_label(column: str, text: Any) -> str:
        """A phone shows each row as labelled lines: "Trick 3", "Winner: East", "end"."""
        if column != columns[0]:
            return f"{column}:"
        return column if isinstance(text, int) else ""

    head = "".join(cell("th", c, c) for c in columns)
    body = "".join("<tr>" + "".join(cell("td", c, row.get(c, "")) for c in columns) + "</tr>"
                   for row in rows)
    return f'<table class="cg-sheet"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def score_sheet_html(hand: "Hand", names: Sequence[str], match: "Match | None" = None, *,
                     pack: Pack = FRENCH) -> str:
    """The Score sheet panel: this hand's tricks, then the match's hands if there is a match."""
    html = "<b>This hand</b>" + sheet_html(score_rows(hand, names, pack))
    if match is not None:
        html += "<b>The match</b>" + sheet_html(match_rows(match, names), "No hand finished yet.")
    return f'<div class="cg-sheet-wrap">{html}</div>'


def score_frame(hand: "Hand", names: Sequence[str] | None = None):
    """The score sheet of a hand (``score_rows``) as a pandas DataFrame, for notebooks."""
    import pandas as pd

    columns, rows = score_rows(hand, names)
    return pd.DataFrame(rows, columns=columns)


def match_frame(match: "Match", names: Sequence[str] | None = None):
    """The match so far (``match_rows``) as a pandas DataFrame, for notebooks."""
    import pandas as pd

    columns, rows = match_rows(match, names)
    return pd.DataFrame(rows, columns=columns)
