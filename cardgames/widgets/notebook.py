"""Glue between the explainer notebooks, their Voila apps and the package.

Each notebook's cells stay short because the work happens here:

``show_cards("JS", "JH JD JC", labels=[...])``
    Rows of rendered cards (``cardgames.render``), for the deck and ranking sections.
``options_table(game)``
    The game's disputed rules as a learner reads them: each question, the reading played and
    the others, in words, the sources in a fold.
``best_play(hand)``
    With every card known: what each legal action secures to the end of the hand with perfect
    play by all (``cardgames.solver``), as a DataFrame, best first.
``app(game)`` / ``app(game, match=True)``
    The table to play a hand (or a match), dealt as the page's link asks
    (``?seed=123&players=3&no_yukon_leads=1``, see :mod:`cardgames.links`). A bad link or a deal
    the rules refuse shows a friendly message instead of the table; a user never sees a traceback.
    Under Voila a match's table is dealt once the browser has drawn the page's first table
    (:mod:`cardgames.widgets.when_drawn`), so that it does not delay the hand's.
``?room=NAME&seat=N`` (or ``seat=watch``)
    The page's first table says where a class's rooms are joined instead (``/join`` on the
    apps' server, :mod:`cardgames.rooms.room_server`: pages without a kernel); a link to an app
    never opens a room. The page's other tables deal as usual.
    A link that asks for a room's seat or a deal of its own opens the page at its table, as at
    an anchor (a quiz's link at the quiz: :mod:`cardgames.widgets.open_here`).
``?lesson=N``
    The page's first table holds the game's lesson N (:mod:`cardgames.lessons`): a prepared
    deal, a goal before each decision, the coach's answers.
``?view=table`` / ``?view=quiz``
    The page's first table (or its quiz) alone fills the window, for a class's projector. The
    page's other tables are not dealt at all then (a line stands in their place, hidden).
``follow_link()``
    The last cell of every app notebook. Under Voila with preheated kernels the notebook runs
    before anybody asks for the page, so the link is not known when ``app`` first deals; this
    waits for the page's request (instant otherwise) and re-deals every table of the notebook
    as its link asks. Outside Voila it does nothing.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Iterable, Sequence

import ipywidgets as widgets
from IPython.display import HTML

from .. import render, score_sheet
from ..analysis import in_browser
from ..cards import parse_cards
from ..engine import SetupError
from ..games import get_game
from ..links import DealSettings, LinkError, parse_query
from ..rooms.room import RoomError
from .open_here import OpenHere
from .when_drawn import WhenDrawn

__all__ = ["app", "best_play", "fact_table", "follow_link", "options_table", "query_string",
           "show_cards"]

#: Shown instead of the table when something unexpected goes wrong (no traceback for users).
FRIENDLY = ("Sorry, the table could not be set up. Open this game again from the list of games, "
            "or reload the page.")

_query: str | None = None      # the page's query string, once known (read once per kernel)
_apps: list["App"] = []        # the tables this kernel has shown, re-dealt by follow_link()


# -- the page's link ------------------------------------------------------------------------------


def in_voila() -> bool:
    """True in a kernel that Voila started (preheated or not)."""
    return bool(os.environ.get("VOILA_KERNEL_ID")) or \
        os.environ.get("SERVER_SOFTWARE", "").startswith("voila")


def _preheated() -> bool:
    return os.environ.get("VOILA_PREHEAT") == "True"


def query_string(wait: bool = True) -> str | None:
    """The query string of the page this kernel serves: ``""`` outside Voila and the site.

    In the static site (Pyodide, no server) it is read from the page's own address. In a
    preheated Voila kernel the request is not known until somebody opens the page: with
    ``wait=True`` this blocks until then (Voila's ``get_query_string``); with ``wait=False`` it
    returns None while the request is still to come.
    """
    global _query
    if _query is not None:
        return _query
    if in_browser():
        import js  # Pyodide's window on the page

        _query = str(js.location.search).removeprefix("?")
        return _query
    if not in_voila():
        return ""
    if _preheated():
        if not wait:
            return None
        from voila.utils import get_query_string

        _query = get_query_string() or ""
    else:
        _query = os.environ.get("QUERY_STRING", "")
    return _query


# -- the app ---------------------------------------------------------------------------------------


def _waiting() -> widgets.HTML:
    """A word of waiting where a table is still to be dealt."""
    return widgets.HTML('<p class="cg-app-waiting">Shuffling the cards…</p>')


def _not_on_this_view() -> widgets.HTML:
    """What stands for a table the page's link does not show (``view=table`` or ``view=quiz``)."""
    return widgets.HTML('<p class="cg-app-elsewhere">This table is not dealt on a page that '
                        'shows one part alone; open the page without view= to play it.</p>')


def _message(text: str, kind: str = "cg-error") -> widgets.HTML:
    from html import escape

    box = widgets.HTML(f'<div style="padding:8px 12px;border-left:4px solid #b00020;'
                       f'background:#fdecee;max-width:50em">{escape(text)}</div>')
    box.add_class("cg-app-message")
    box.add_class(kind)
    return box


class App:
    """One table in a notebook: a box that holds the table, or a message in its place."""

    def __init__(self, game: str, match: bool = False, **table_options: Any):
        self.game = get_game(game)
        self.match = match
        self.table_options = table_options
        self.table: Any = None
        self.box = widgets.VBox()
        self.box.add_class("cg-app")
        self.settings = DealSettings()
        self.when_drawn: WhenDrawn | None = None

    def deal_when_drawn(self) -> None:
        """Deal once the browser has drawn the page's first table (see ``when_drawn``), as the
        page's link asks: a match further down the page does not delay the hand's table."""
        self.when_drawn = WhenDrawn(lambda: self.deal(query_string(wait=False) or ""))
        self.box.children = (_waiting(), self.when_drawn)

    def deal(self, query: str | None) -> None:
        """Show the table dealt as ``query`` asks (or the default deal), or a message."""
        if self.when_drawn is not None and not self.when_drawn.done:
            return      # dealt when the page's first table is drawn, as the link then asks
        try:
            try:
                self.settings = parse_query(self.game, query or "")
                if self._hidden_by_view():
                    self.box.children = (_not_on_this_view(),)
                elif self.settings.lesson is not None and self._first_on_page():
                    self._show_lesson()
                elif self.settings.room is None:
                    self._show_table()
                elif in_browser():       # the static site: no server, no other pupils
                    self.box.children = (_message(
                        f"Room {self.settings.room}: a class's room is played on the classroom's "
                        "own server; this page runs alone in your browser. Open the game from "
                        "the list of games to play here."),)
                elif self._first_on_page():
                    # a class's rooms are the server's pages without a kernel (/join/CODE): a
                    # link to an app never opens a room, nor sets its deal
                    self.box.children = (_message(
                        f"Room {self.settings.room}: pupils join a room at /join on this server "
                        "with the code their teacher gives them (on the slip, or the "
                        "projector's QR code). Open the game from the list of games to play "
                        "here alone."),)
                else:                   # the page's other tables: their own deal, not the room's
                    self.settings = DealSettings()
                    if self.table is None:
                        self._show_table()
                    self.show()
            except RoomError as error:
                self.box.children = (_message(
                    f"This page cannot join room {self.settings.room}: {error}"),)
            except LinkError as error:
                self.box.children = (_message(
                    f"This link does not describe a deal of {self.game.title}: {error}. "
                    "The other sections of the page still work; open the game from the list of "
                    "games for a fresh deal."),)
            except SetupError as error:
                self.box.children = (_message(
                    f"The rules do not allow this deal of {self.game.title}: {error}."),)
        except Exception:  # noqa: BLE001 - a user of the app must never see a traceback
            if not in_voila():
                raise
            self.box.children = (_message(FRIENDLY),)

    def _hidden_by_view(self) -> bool:
        """The link shows another part of the page alone (``view=quiz``: the quiz; ``view=table``:
        the page's first table), so this table is not built: nobody would see it, and on a
        class's projector it would only cost the server and the page their time."""
        view = self.settings.view
        return view == "quiz" or (view == "table" and not self._first_on_page())

    def _first_on_page(self) -> bool:
        """This is the page's first table (the one a room's link joins), or the page has none
        yet."""
        return self is (_room_app() or self)

    def _opening(self, shown: widgets.Widget) -> tuple[widgets.Widget, ...]:
        """The box's children: ``shown``, under an OpenHere when the page's link asks for this
        table (a room's seat, or a deal of its own: the page opens at the table). Not for a
        quiz's link, nor for the table alone, which fills the window; not for the page's other
        tables."""
        s = self.settings
        asked = s.quiz is None and s.view is None and s != DealSettings()
        return (OpenHere(), shown) if asked and self._first_on_page() else (shown,)

    def hide(self) -> None:
        """Show a word of waiting instead of the table (until ``show`` or ``deal``)."""
        if self.table is not None and self.box.children == (self.table.widget,):
            self.box.children = (_waiting(),)

    def show(self) -> None:
        if self.table is not None:
            self.box.children = (self.table.widget,)

    def _show_table(self) -> None:
        from .table import Table  # the widget helper's table

        keywords = self.settings.deal_keywords()
        keywords.update(self.table_options)
        if self.settings.watch:
            keywords["seat"] = None
        elif self.settings.seat is not None:
            keywords["seat"] = self.settings.seat
        if self.settings.open_hands is not None:
            keywords["open_hands"] = self.settings.open_hands
        if self.settings.faces is not None:
            keywords["faces"] = self.settings.faces
        # ?view=table: the page's first table alone fills the window (a projector)
        fill = self.settings.view == "table" and (not _apps or _apps[0] is self)
        if self.table is not None and hasattr(self.table, "run"):
            self.table = None          # a lesson's table: a link without lesson= deals anew
        if self.table is None:
            self.table = Table(self.game.name, match=self.match, fill=fill, **keywords)
        else:
            # Re-deal as the Deal button does: a deal the rules refuse is said, not raised.
            self.table.fill = fill
            self.table.session.last_error = None
            self.table.do(self.table.new_deal, self.game.name, match=self.match, **keywords)
        if isinstance(self.table.last_error, SetupError):
            raise self.table.last_error
        self.box.children = self._opening(self.table.widget)


    def _show_lesson(self) -> None:
        """The game's lesson the link names (``?lesson=N``), in place of the page's first
        table."""
        from .lesson_table import LessonTable

        self.table = LessonTable(self.game.name, self.settings.lesson,
                                 fill=self.settings.view == "table")
        self.box.children = self._opening(self.table.widget)


def _room_app() -> "App | None":
    """The table of the page that joins the link's room: the page's first table."""
    return next((shown for shown in _apps if isinstance(shown, App)), None)


def app(game: str, match: bool = False, **table_options: Any) -> widgets.VBox:
    """The table of ``game`` (a hand, or with ``match=True`` a match), dealt as the link asks."""
    shown = App(game, match=match, **table_options)
    query = query_string(wait=False)
    if match and in_voila():
        # Voila: the browser creates every widget of the page before it draws any; the match's
        # table is built once the page's first table is drawn.
        shown.deal_when_drawn()
    else:
        shown.deal(query or "")
        if query is None:
            # A preheated Voila kernel: the page's link is not known yet. The table is built
            # (the slow part) but not shown, so that nobody sees a deal other than the link's
            # while follow_link() deals it.
            shown.hide()
    _apps.append(shown)
    return shown.box


def follow_link() -> None:
    """Deal the notebook's tables as the page's link asks and show them (waits for the request
    in a preheated Voila kernel; does nothing outside Voila)."""
    if not in_voila() or not _preheated():
        return
    query = query_string(wait=True)
    for shown in _apps:
        if query or not hasattr(shown, "show"):   # a quiz takes the link as it is, even ""
            shown.deal(query)
        else:
            shown.show()


# -- pieces for the prose --------------------------------------------------------------------------


def show_cards(*rows: "str | Iterable", labels: Sequence[str] | None = None,
               four_colour: bool = False) -> HTML:
    """Rows of cards (notation text or Card lists), each with an optional label before it."""
    lines = []
    for i, row in enumerate(rows):
        cards = parse_cards(row) if isinstance(row, str) else list(row)
        label = labels[i] if labels and i < len(labels) else ""
        lines.append('<div style="margin:2px 0">'
                     + (f'<span style="display:inline-block;min-width:12em">{label}</span>' if label else "")
                     + render.cards_html(cards, four_colour) + "</div>")
    return HTML('<div class="cg-cards">' + "".join(lines) + "</div>")


def fact_table(rows: Sequence[dict[str, Any]]) -> HTML:
    """A small table of facts for the explainers, one dict per row (its keys are the columns),
    as HTML with no pandas, so that the in-browser site shows it too."""
    columns = list(rows[0]) if rows else []
    return HTML(score_sheet.sheet_html((columns, list(rows)), "Nothing to show."))


#: The disputed rules' table: read from the left, top-aligned (a notebook aligns every cell
#: right); on a phone each rule is a block of labelled lines, so no column is cut at the edge.
RULES_TABLE_CSS = """<style>
.cg-options-table { border-collapse: collapse; max-width: 100%; }
table.cg-options-table th, table.cg-options-table td { text-align: left !important;
  vertical-align: top; padding: 4px 8px; border-bottom: 1px solid #ddd; }
.cg-options-table td:first-child { font-weight: 600; }
.cg-rule-sources { margin-top: 0.5em; }
@media (max-width: 600px) {
  .cg-options-table, .cg-options-table tbody, .cg-options-table tr,
  .cg-options-table td { display: block; }
  .cg-options-table thead { display: none; }
  .cg-options-table tr { padding: 6px 0; border-bottom: 1px solid #ddd; }
  .cg-options-table td { padding: 1px 0; border: none; }
  .cg-options-table td[data-label]::before { content: attr(data-label) ": "; color: #666; }
}
</style>"""


def options_table(game: str) -> HTML:
    """The game's disputed rules as a learner reads them: each rule's question, the reading we
    play and the other readings, in words; the sources in a fold under the table."""
    from html import escape

    rows, sources = [], []
    for option in get_game(game).options.values():
        others = [option.words(c) for c in option.choices if c != option.default]
        played = option.words(option.default)
        rows.append(f'<tr><td title="Sources: {escape(option.source)}">'
                    f'{escape(option.question)}</td>'
                    f'<td data-label="We play">{escape(played)}</td>'
                    f'<td data-label="Other readings">'
                    f'{escape("; ".join(others) or "Another value")}</td></tr>')
        sources.append(f"<li>{escape(option.question)} {escape(option.source)}</li>")
    if not rows:
        return HTML("<p><i>This game has no disputed rules.</i></p>")
    return HTML(RULES_TABLE_CSS + '<table class="cg-options-table"><thead><tr><th>The rule</th>'
                "<th>We play</th><th>Other readings</th></tr></thead><tbody>" + "".join(rows)
                + '</tbody></table><details class="cg-rule-sources"><summary>Sources</summary>'
                "<ul>" + "".join(sources) + "</ul><p>The sources' codes are listed on the page's "
                "<i>Where the game comes from</i> section.</p></details>")


def best_play(hand: Any):
    """Each legal action of the seat to move with the points its side (or, each for himself,
    the seat) secures from here to the end of the hand if everybody plays perfectly with every
    card shown (``cardgames.solver.solve``), best first; ties in the notation's card order."""
    import pandas as pd

    from ..cards import Card
    from ..solver import solve

    solution = solve(hand)
    order = sorted(solution.values.items(),
                   key=lambda item: (-item[1], item[0].index if isinstance(item[0], Card) else 99))
    who = f"points for {'side' if solution.partnerships else 'seat'} {solution.unit}"
    return pd.DataFrame({"play": [action.label for action, _ in order],
                         who: [value for _, value in order]}).set_index("play")
