"""The teacher's page for rooms (``notebooks/rooms.ipynb``): a fixed set of widgets drawing a
:class:`cardgames.rooms.teacher_desk.TeacherDesk`, which does the work.

The page lists the open rooms (game, who holds each seat, the computer's seats, pupils away,
scores, whose turn, the last card) and refreshes the list by itself; opens N rooms at once for a
game, player count, rules, seed, computer players and absence timeout, and gives the links to
hand out (each seat's, the projector's) and a sheet of them to print; and for a chosen room:
start again (the same cards or new ones), take back the last card, show the hands on the
projector, free a seat, change the computer players or the timeout, close it. Closing and
starting again ask for a second click.

Each control's callback hands the form's values, as typed, to the desk, then the page is drawn
again from the desk: its message line (a bad entry is answered there in words, and nothing
changes), its rows of the list as HTML, the chosen room's controls. Only the drawing is here:
the checks, the words and the key are the desk's.

The links use the address the page was opened at: a small browser-side widget
(:class:`PageHelper`) reports ``window.location`` (what the apps' own links use too), so a page
opened at ``http://school-server:8866/voila/render/rooms.ipynb`` hands out
``http://school-server:8866/join/CODE``. The same widget ticks every few seconds while the page
is visible, which refreshes the list, and holds the printable sheet (a button prints it, a link
saves it).

Headless: ``panel = TeacherPanel(Teacher(store), base_url="http://host:8866/voila/render")``;
set the controls' values and ``.click()`` the buttons; ``panel.refresh()`` does what a tick
does; ``panel.message.value`` is what the page says; ``panel.desk`` is the page without its
widgets.
"""

from __future__ import annotations

import logging
import time
from html import escape
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

import anywidget
import ipywidgets as widgets
import traitlets

from ..games import GAMES, get_game
from ..packs import FRENCH, PACKS, get_pack
from ..rooms import COMPUTER_KINDS, DEFAULT_TIMEOUT, OpenedRoom, Teacher
from ..rooms.teacher_desk import (
    COMPUTER_WORDS, WAITING_NOTE, RoomRow, SeatLine, TeacherDesk, apps_address, capital,
    game_choices, sentence,
)
from .class_screens import ClassScreens
from .quiz_panel import QuizPanel
from .rule_questions import RuleQuestions
from .stylesheets import style_html

__all__ = ["PageHelper", "TeacherPanel", "apps_address", "teacher_page"]

LOG = logging.getLogger("cardgames.teacher")

#: Seconds between two refreshes of the list while the page is visible.
REFRESH_EVERY = 3.0
AWAY_WORDS = "&nbsp; Seconds before an absent pupil's seat goes to the computer:"


class PageHelper(anywidget.AnyWidget):
    """The browser's side of the teacher's page: reports the page's address (``page_url``),
    sends a tick every ``every`` seconds while the page is visible, and offers ``sheet`` (a
    printable page of links) to print or save."""

    _esm = """
    function render({ model, el }) {
      const report = () => {
        if (model.get("page_url") !== window.location.href) {
          model.set("page_url", window.location.href);
          model.save_changes();
        }
      };
      report();
      const box = document.createElement("div");
      box.className = "cg-sheet-tools";
      const print = document.createElement("button");
      print.className = "jupyter-button cg-print-sheet";
      print.textContent = "Print the sheet of links";
      const save = document.createElement("a");
      save.className = "cg-save-sheet";
      save.textContent = "Save the sheet as a page";
      save.download = "rooms.html";
      const note = document.createElement("span");
      note.className = "cg-sheet-note";
      box.append(print, " ", save, " ", note);
      let blob = null;
      const draw = () => {
        const sheet = model.get("sheet");
        box.style.display = sheet ? "" : "none";
        if (blob) URL.revokeObjectURL(blob);
        blob = sheet ? URL.createObjectURL(new Blob([sheet], { type: "text/html" })) : null;
        save.href = blob || "#";
        note.textContent = "";
      };
      print.addEventListener("click", () => {
        const w = window.open("", "_blank");
        if (!w) {
          note.textContent = "The browser blocked the new window: use the link beside this button.";
          return;
        }
        w.document.open();
        w.document.write(model.get("sheet"));
        w.document.close();
        w.focus();
        setTimeout(() => w.print(), 300);
      });
      model.on("change:sheet", draw);
      draw();
      const timer = setInterval(() => {
        report();
        if (document.visibilityState === "visible") model.send({ type: "tick" });
      }, Math.max(1, model.get("every")) * 1000);
      el.appendChild(box);
      return () => { clearInterval(timer); if (blob) URL.revokeObjectURL(blob); };
    }
    export default { render };
    """
    _css = Path(__file__).with_name("page_helper.css")

    page_url = traitlets.Unicode("").tag(sync=True)
    sheet = traitlets.Unicode("").tag(sync=True)
    every = traitlets.Float(REFRESH_EVERY).tag(sync=True)


#: the page's style sheets (teacher_panel.css, rule_questions.css), for an HTML widget
STYLE = style_html("teacher_panel.css", "rule_questions.css")



def _points(units: tuple[str, ...], points: tuple[int, ...]) -> str:
    """Each seat's (or side's) points: "North–South 12, East–West 30"."""
    return ", ".join(f'<span class="cg-points">{escape(u)} {p}</span>'
                     for u, p in zip(units, points))


def _seat_html(line: SeatLine) -> str:
    """A seat of the list's row: the computer's, a pupil away (the computer plays), a pupil's."""
    kind = " cg-computer" if not line.held else " cg-away" if line.away else ""
    return f'<span class="cg-seat{kind}">{escape(line.words)}</span>'


def _row_html(row: RoomRow) -> str:
    notes = f"<br><small>{escape('; '.join(row.notes))}</small>" if row.notes else ""
    score = _points(row.units, row.score)
    if row.match_score is not None:
        score = f"hand {row.hand}: {score}<br>match: {_points(row.units, row.match_score)}"
    turn = (escape(row.turn) if row.over or not row.turn
            else f'<span class="cg-turn">{escape(row.turn)}</span>')
    if row.waiting:
        turn += '<br><small class="cg-turn">waiting for a page*</small>'
    return (f'<tr data-room="{escape(row.room)}"><td><b>{escape(row.room)}</b>{notes}</td>'
            f"<td>{escape(row.game)}</td><td>{' '.join(_seat_html(s) for s in row.seats)}</td>"
            f"<td>{score}</td><td>{turn}</td><td>{escape(row.last_card)}</td></tr>")


def rooms_list_html(rows: list[RoomRow]) -> str:
    """The list of rooms as a table, one row each; a note under it when a room waits for a
    page to play the computer's card (its row is marked with a star)."""
    if not rows:
        return "<p><i>No room is open. Open some below.</i></p>"
    waiting = (f'<p class="cg-hint">* {escape(WAITING_NOTE)}</p>'
               if any(row.waiting for row in rows) else "")
    return ('<div class="cg-scroll"><table><tr><th>Room</th><th>Game</th><th>Players</th>'
            "<th>Score</th><th>Turn</th><th>Last card</th></tr>"
            f"{''.join(_row_html(row) for row in rows)}</table></div>{waiting}")


def only_here_warning(base_url: str) -> str:
    """A warning when the links start with an address only this computer can open (the page
    was opened at localhost or 127.0.0.1): the pupils' devices cannot reach it."""
    host = (urlsplit(base_url).hostname or "").lower()
    if host not in ("localhost", "::1") and not host.startswith("127."):
        return ""
    return ('<p class="cg-warning"><b>These links start with ' + escape(host) + ', which only '
            "this computer can open.</b> For the pupils' devices, open this page at the address "
            "they can reach: start the apps with <code>python3 tasks.py apps --ip 0.0.0.0</code> "
            "and open the address it prints (this computer's name or its address on the "
            "school's network), then open the rooms again.</p>")


def _links_html(rooms: list[OpenedRoom]) -> str:
    """Each room's links: one per seat and the projector's, clickable and readable."""
    parts = []
    for room in rooms:
        rows = "".join(
            f'<tr><th>{escape(capital(seat))}</th><td><a href="{escape(link)}" target="_blank">'
            f"<code>{escape(link)}</code></a></td></tr>" for seat, link in room.links.items())
        rows += (f'<tr><th>Projector</th><td><a href="{escape(room.watch)}" target="_blank">'
                 f"<code>{escape(room.watch)}</code></a></td></tr>")
        parts.append(f"<h4>Room {escape(room.name)} ({escape(get_game(room.game).title)})</h4>"
                     f"<table>{rows}</table>")
    return f'<div class="cg-room-links">{"".join(parts)}</div>'


class TeacherPanel:
    """The teacher's page over ``teacher`` (default: the store of ``$CARDGAMES_ROOMS``), drawing
    a :class:`TeacherDesk` (``.desk``). ``base_url``: where the game apps are served, until the
    page reports its own address; ``clock`` times the confirmations."""

    def __init__(self, teacher: Teacher | None = None, base_url: str | None = None,
                 clock: Callable[[], float] = time.monotonic):
        self.desk = TeacherDesk(teacher, base_url=base_url, clock=clock)
        self._syncing = False                 # the page sets its own controls: no callback
        self._shown_room: str | None = None   # the room whose settings and links are shown
        self._build()
        self.refresh()

    # -- what the desk holds, as the page's names ---------------------------------------------

    @property
    def teacher(self) -> Teacher:
        """The rooms' store and the key checks (:class:`~cardgames.rooms.teacher.Teacher`)."""
        return self.desk.teacher

    @property
    def clock(self) -> Callable[[], float]:
        """What times the confirmations (a second click within a few seconds)."""
        return self.desk.clock

    @property
    def rooms(self) -> list[dict[str, Any]]:
        """The rooms as last read (:meth:`Teacher.rooms`)."""
        return self.desk.rooms

    @property
    def opened(self) -> list[OpenedRoom]:
        """The rooms last opened, with their links."""
        return self.desk.opened

    @property
    def base_url(self) -> str:
        """Where the game apps are (:attr:`TeacherDesk.base_url`)."""
        return self.desk.base_url

    @property
    def rooms_url(self) -> str:
        """Where the pupils' pages are: the server of the apps (``http://host:8866``)."""
        return self.desk.rooms_url

    def selected(self) -> dict[str, Any] | None:
        """The chosen room as :meth:`Teacher.rooms` gives it, or None."""
        return self.desk.selected_room()

    # -- the widgets ----------------------------------------------------------------------------

    def _build(self) -> None:
        W = widgets
        wide = {"description_width": "initial"}
        first = next(iter(GAMES.values()))
        self.helper = PageHelper()
        self.helper.on_msg(self._on_helper_message)
        self.game_select = W.Dropdown(options=[(g.title, n) for n, g in GAMES.items()],
                                      value=first.name, description="Game", style=wide)
        self.players_select = W.Dropdown(description="Players", style=wide,
                                         layout={"width": "10em"})
        self.count_box = W.Text(value="4", description="How many rooms", style=wide,
                                layout={"width": "12em"})
        self.prefix_box = W.Text(value="table", description="Room names start with", style=wide,
                                 layout={"width": "22em"})
        self.seed_box = W.Text(value="", description="Seed", placeholder="blank: new cards",
                               tooltip="The same seed deals the same cards: room 1 gets this "
                                       "seed, room 2 the next number, and so on",
                               style=wide, layout={"width": "16em"})
        self.match_box = W.Checkbox(value=False, description="Play a match (hands until a "
                                    "side reaches the target), not one hand", indent=False,
                                    layout={"width": "auto"})
        # the pack the rooms show, for a game played with more than one (Guinote's Spanish pack)
        self.faces_select = W.ToggleButtons(options=[(p.button, k) for k, p in PACKS.items()],
                                            tooltips=[p.title for p in PACKS.values()],
                                            value=FRENCH.key, description="Cards",
                                            style={"button_width": "auto"})
        self.faces_select.add_class("cg-room-faces")
        # the rules' questions name the cards as the chosen pack does (rey, sota)
        self.faces_select.observe(lambda _c: self._questions_in_pack(), names="value")
        self.options_area = W.VBox()
        self.rules = W.Accordion(children=[self.options_area], selected_index=None)
        self.rules.set_title(0, "Rules (each game's usual rules are set; open to change them)")
        self.computer_select = self._computer_dropdown("Computer players")
        self.timeout_box = W.Text(value=f"{DEFAULT_TIMEOUT:.0f}", layout={"width": "6em"})
        self.open_button = self._button("Open the rooms", "cg-open-rooms", self.open_rooms,
                                        "success")
        self.quiz = QuizPanel(self)       # a class quiz, answered from the pupils' devices
        self.screens = ClassScreens(self)  # every room at a glance; the hands played
        self.opened_html = W.HTML("", layout={"width": "100%"})
        self.opened_html.add_class("cg-opened")
        self.list_html = W.HTML("", layout={"width": "100%"})
        self.list_html.add_class("cg-rooms-list")
        self.room_select = W.Dropdown(description="Room", style=wide, layout={"width": "20em"})
        self.same_button = self._button("Start again (same cards)", "cg-room-same",
                                        lambda: self.reset(new_cards=False))
        self.new_button = self._button("Start again (new cards)", "cg-room-new",
                                       lambda: self.reset(new_cards=True))
        self.undo_button = self._button("Take back the last card", "cg-room-undo", self.undo)
        self.hands_button = self._button("Show the hands on the projector", "cg-room-hands",
                                         self.toggle_hands)
        self.close_button = self._button("Close the room", "cg-room-close", self.close,
                                         "danger")
        self.seat_select = W.Dropdown(description="Seat", style=wide, layout={"width": "24em"})
        self.free_button = self._button("Free this seat", "cg-free-seat", self.free_seat)
        self.room_computer = self._computer_dropdown("Computer players")
        self.room_timeout = W.Text(layout={"width": "6em"})
        self.apply_button = self._button("Change", "cg-room-apply", self.apply_settings)
        self.room_links = W.HTML("", layout={"width": "100%"})
        # the message line is drawn only while it has something to say (an empty one was a
        # bare green bar at the top of the page)
        self.message = W.HTML("", layout={"width": "100%", "display": "none"})
        self.message.add_class("cg-teacher-message")
        for control, css in ((self.game_select, "cg-room-game"), (self.count_box, "cg-room-count"),
                             (self.prefix_box, "cg-room-prefix"), (self.seed_box, "cg-room-seed"),
                             (self.room_select, "cg-room-select"),
                             (self.seat_select, "cg-seat-select")):
            control.add_class(css)
        self.game_select.observe(lambda _c: self._guard(self._on_game, refresh=False),
                                 names="value")
        self.room_select.observe(lambda _c: self._guard(self._on_room, refresh=False),
                                 names="value")

        row = {"flex_flow": "row wrap", "align_items": "center"}
        heading = lambda text: W.HTML(f"<h3>{escape(text)}</h3>")  # noqa: E731
        hint = lambda text: W.HTML(f'<p class="cg-hint">{text}</p>')  # noqa: E731
        self.widget = W.VBox([
            W.HTML(STYLE), self.message,
            heading("The rooms"),
            hint("Refreshed every few seconds. A seat held by a pupil whose page has gone quiet "
                 "is marked away: the computer plays it until the pupil is back."),
            self.list_html,
            heading("Change a room"),
            W.HBox([self.room_select, self.same_button, self.new_button, self.undo_button],
                   layout=row),
            W.HBox([self.hands_button, self.close_button], layout=row),
            W.HBox([self.seat_select, self.free_button], layout=row),
            W.HBox([self.room_computer, W.HTML(AWAY_WORDS), self.room_timeout, self.apply_button],
                   layout=row),
            self.room_links,
            heading("Open rooms"),
            hint("Each room gets its own deal and its own links: one per seat to hand out, "
                 "and one for the projector. Seats nobody takes are played by the computer."),
            W.HBox([self.game_select, self.players_select, self.count_box], layout=row),
            W.HBox([self.prefix_box, self.seed_box], layout=row),
            # the pack's buttons in a box of their own: the key shows the box, the game them
            self.match_box, W.Box([self.faces_select]), self.rules,
            W.HBox([self.computer_select, W.HTML(AWAY_WORDS), self.timeout_box], layout=row),
            self.open_button, self.helper, self.opened_html,
            self.quiz.widget, self.screens.widget,
        ])
        self.widget.add_class("cg-teacher")
        # without the teacher's key: the style, the message line and the helper alone
        self._locked_parts = [c for c in self.widget.children
                              if c is not self.message and c is not self.helper
                              and not (isinstance(c, W.HTML) and c.value.startswith("<style"))]
        self.helper.observe(self._on_page_url, names="page_url")
        self.questions: RuleQuestions | None = None     # the chosen game's rules, as questions
        self._on_game()

    def _button(self, label: str, css: str, action: Callable[[], None],
                style: str = "") -> widgets.Button:
        button = widgets.Button(description=label, button_style=style,
                                layout={"width": "auto"})
        button.add_class(css)
        button.on_click(lambda _b: self._guard(action, refresh=False))  # the desk reads the rooms
        return button

    @staticmethod
    def _computer_dropdown(label: str) -> widgets.Dropdown:
        return widgets.Dropdown(options=[(COMPUTER_WORDS[k], k) for k in COMPUTER_KINDS],
                                value=COMPUTER_KINDS[0], description=label,
                                style={"description_width": "initial"})

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)

    # -- the guard, the message line and the drawing ------------------------------------------

    def _guard(self, action: Callable[[], None], refresh: bool = True) -> None:
        """Run a click through the desk (a refusal, or anything unexpected, is said in words in
        the message line, never a traceback on the page), read the rooms again if asked, and
        draw the page again."""
        if self._syncing:
            return
        self.desk.attempt(action, refresh=refresh)
        self._redraw()

    def say(self, text: str, error: bool = False) -> None:
        """Put ``text`` on the message line ("" hides the line)."""
        self.desk.say(text, error)
        self._draw_message()

    def refresh(self) -> None:
        """Read the rooms again and draw the page (what a tick does)."""
        self.desk.refresh()
        self.draw()

    def _redraw(self) -> None:
        try:
            self.draw()
        except Exception:  # noqa: BLE001 - a click must never end in a traceback
            LOG.exception("drawing the teacher's page failed")

    def draw(self) -> None:
        """Show what the desk holds: the message line, the list, the rooms to choose from and
        the chosen room's controls. Without the teacher's key: the message line alone."""
        self._draw_message()
        allowed = not self.desk.locked
        for child in self._locked_parts:
            child.layout.display = None if allowed else "none"
        if not allowed:
            self.list_html.value = self.opened_html.value = self.room_links.value = ""
            self.helper.sheet = ""
            self._shown_room = None
            return
        self.list_html.value = rooms_list_html(self.desk.rows())
        options = self.desk.room_choices()
        self._syncing = True
        try:
            if (list(self.room_select.options) != options
                    or self.room_select.value != self.desk.selected):
                with self.room_select.hold_sync():
                    if list(self.room_select.options) != options:
                        self.room_select.options = options
                    self.room_select.value = self.desk.selected
        finally:
            self._syncing = False
        self._draw_room()

    def _draw_message(self) -> None:
        self.message.value = escape(self.desk.message)
        self.message.layout.display = None if self.desk.message else "none"
        if self.desk.error:
            self.message.add_class("cg-error")
        else:
            self.message.remove_class("cg-error")

    def _draw_room(self) -> None:
        """The chosen room's controls: its seats, the hands button, its settings and links."""
        room = self.desk.selected_room()
        self._syncing = True
        try:
            seats = self.desk.seat_choices()
            if list(self.seat_select.options) != seats:
                old = self.seat_select.value
                with self.seat_select.hold_sync():
                    self.seat_select.options = seats
                    values = [v for _, v in seats]
                    self.seat_select.value = old if old in values else (
                        values[0] if values else None)
            shown = room is not None and room["open_hands"]
            self.hands_button.description = ("Hide the hands on the projector" if shown
                                             else "Show the hands on the projector")
            for control in (self.same_button, self.new_button, self.undo_button, self.hands_button,
                            self.close_button, self.free_button, self.apply_button):
                control.disabled = room is None
            name = None if room is None else room["room"]
            if name != self._shown_room:        # a newly chosen room: its settings and links
                self._shown_room = name
                links = self.desk.selected_links() if room is not None else None
                if room is not None and links is not None:
                    self.room_computer.value = room["computer"]
                    self.room_timeout.value = f"{room['timeout']:g}"
                    self.room_links.value = _links_html([links])
                else:
                    self.room_links.value = ""
        finally:
            self._syncing = False

    # -- the form's controls ------------------------------------------------------------------

    def _on_page_url(self, change: dict[str, Any]) -> None:
        """The browser reported the page's address: the links follow it, its key unlocks."""
        self.desk.opened_at(change["new"])
        self._redraw()

    def _on_game(self) -> None:
        choices = game_choices(self.game_select.value)
        with self.players_select.hold_sync():
            self.players_select.options = [(str(n), n) for n in choices.players]
            self.players_select.value = choices.default_players
        self._draw_faces()
        if self.faces_select.value not in choices.packs:
            self.faces_select.value = FRENCH.key
        replaced = self.questions
        self.questions = RuleQuestions(get_game(self.game_select.value),
                                       pack=get_pack(self.faces_select.value))
        self.options_area.children = tuple(self.questions.rows)
        if replaced is not None:
            replaced.close()

    def _draw_faces(self) -> None:
        """The pack's buttons, shown only for a game played with more than one pack."""
        packs = game_choices(self.game_select.value).packs
        self.faces_select.layout.display = None if len(packs) > 1 else "none"

    def _questions_in_pack(self) -> None:
        if getattr(self, "questions", None) is not None:
            self.questions.use_pack(get_pack(self.faces_select.value))

    def chosen_options(self) -> dict[str, Any]:
        """The rules as the form shows them (only those that differ from the default)."""
        return self.questions.chosen()

    def _on_room(self) -> None:
        self.desk.select(self.room_select.value)

    # -- the buttons: the form's values to the desk -------------------------------------------

    def open_rooms(self) -> None:
        """The Open button: the rooms with the form's settings, their links and their sheet."""
        opened = self.desk.open_rooms(
            self.game_select.value, self.count_box.value, self.prefix_box.value,
            self.seed_box.value, players=self.players_select.value, match=self.match_box.value,
            faces=self.faces_select.value, computer=self.computer_select.value,
            timeout=self.timeout_box.value, options=self.chosen_options())
        if opened:
            self.opened_html.value = (
                f"<h3>Links to hand out</h3><p class=\"cg-hint\">Give each pupil one seat's link; "
                f"open the projector's link on the class screen.</p>"
                f"{only_here_warning(self.rooms_url)}{_links_html(opened)}")
            self.helper.sheet = self.desk.sheet
            self._shown_room = None

    def reset(self, new_cards: bool) -> None:
        self.desk.reset(new_cards)

    def close(self) -> None:
        self.desk.close()

    def undo(self) -> None:
        self.desk.undo()

    def toggle_hands(self) -> None:
        self.desk.toggle_hands()

    def free_seat(self) -> None:
        self.desk.free_seat(self.seat_select.value)

    def apply_settings(self) -> None:
        self.desk.apply_settings(self.room_computer.value, self.room_timeout.value)

    # -- the browser's ticks ----------------------------------------------------------------

    def _on_helper_message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("type") == "tick":
            try:
                self.refresh()
            except Exception:  # noqa: BLE001 - a tick must never raise into the kernel
                LOG.exception("refreshing the teacher's page failed")


def teacher_page(**settings: Any) -> widgets.Widget:
    """The teacher's page for a notebook cell: the panel, or a message in words if the rooms'
    store cannot be opened (a Redis server that does not answer, say)."""
    from .notebook import in_browser

    if in_browser():
        return _message("Rooms need a server that every pupil's page reaches: this copy of the "
                        "page runs in your browser alone. Open the rooms page from the class's "
                        "server (python3 tasks.py apps), or from Binder.")
    try:
        return TeacherPanel(**settings).widget
    except Exception as error:  # noqa: BLE001 - the page says what is wrong, in words
        LOG.exception("the teacher's page could not start")
        return _message("The rooms cannot be reached, so this page cannot list or open them: "
                        f"{sentence(str(error))} (the rooms are kept where CARDGAMES_ROOMS "
                        "says, else in a file on the server).")


def _message(text: str) -> widgets.HTML:
    box = widgets.HTML('<div style="padding:8px 12px;border-left:4px solid #b00020;'
                       f'background:#fdecee;max-width:50em">{escape(text)}</div>')
    box.add_class("cg-app-message")
    return box
