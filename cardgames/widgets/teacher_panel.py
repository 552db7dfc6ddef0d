"""The teacher's page for rooms (``notebooks/rooms.ipynb``): a fixed set of widgets over a
:class:`cardgames.rooms.Teacher`.

It lists the open rooms (game, who holds each seat, the computer's seats, pupils away, scores,
whose turn, the last card) and refreshes the list by itself; opens N rooms at once for a game,
player count, rules, seed, computer players and absence timeout, and gives the links to hand out
(each seat's, the projector's) and a sheet of them to print; and for a chosen room: start again
(the same cards or new ones), take back the last card, show the hands on the projector, free a
seat, change the computer players or the timeout, close it. Closing and starting again ask for a
second click.

Everything the page says is in plain words; a bad entry (a room name, a count, a seed, a
timeout) is answered in the message line, and nothing changes.

The links use the address the page was opened at: a small browser-side widget
(:class:`PageHelper`) reports ``window.location`` (what the apps' own links use too), so a page
opened at ``http://school-server:8866/voila/render/rooms.ipynb`` hands out
``http://school-server:8866/voila/render/yukon.ipynb?room=...&seat=...``. The same widget ticks
every few seconds while the page is visible, which refreshes the list, and holds the printable
sheet (a button prints it, a link saves it).

Headless: ``panel = TeacherPanel(Teacher(store), base_url="http://host:8866/voila/render")``;
set the controls' values and ``.click()`` the buttons; ``panel.refresh()`` does what a tick
does; ``panel.message.value`` is what the page says.
"""

from __future__ import annotations

import logging
import os
import time
from html import escape
from pathlib import Path, PurePosixPath
from typing import Any, Callable
from urllib.parse import parse_qs, urlsplit

import anywidget
import ipywidgets as widgets
import traitlets

from ..engine import SetupError
from ..games import GAMES, get_game
from ..links import LinkError, check_seed
from ..limits import MAX_SEED
from ..packs import FRENCH, PACKS, get_pack
from ..rooms import COMPUTER_KINDS, DEFAULT_TIMEOUT, OpenedRoom, RoomError, Teacher, check_name
from ..rooms.teacher import MAX_ROOMS
from .class_screens import ClassScreens
from .quiz_panel import QuizPanel
from .rule_questions import RuleQuestions
from .stylesheets import style_html

__all__ = ["PageHelper", "TeacherPanel", "apps_address", "teacher_page"]

LOG = logging.getLogger("cardgames.teacher")

#: The computer players as the page names them.
COMPUTER_WORDS = {"rule-of-thumb": "Rule of thumb (quick)", "search": "Search (stronger, slower)"}
#: Seconds between two refreshes of the list while the page is visible.
REFRESH_EVERY = 3.0
#: Seconds in which a second click confirms closing or starting a room again.
CONFIRM_WITHIN = 10.0
TIMEOUT_RANGE = (5, 3600)
AWAY_WORDS = "&nbsp; Seconds before an absent pupil's seat goes to the computer:"
DEFAULT_BASE = "/voila/render"
LOCKED = ("This page needs the teacher's key. Open the teacher's address that 'python3 tasks.py "
          "apps' printed when it started (it ends with ?key=...).")
#: Where JupyterLab and Notebook show a notebook: the apps are then under /voila/render/.
EDITOR_PATHS = ("/lab/tree/", "/doc/tree/", "/notebooks/", "/tree/")


def apps_address(page_url: str) -> str | None:
    """Where the game apps are served, from the address of the teacher's page: the folder of
    ``.../voila/render/rooms.ipynb`` (``http://host:8866/voila/render``); from JupyterLab or
    Notebook (``.../lab/tree/notebooks/rooms.ipynb``) the Voila address of that folder. None for
    an address that is not a web page's."""
    parts = urlsplit(page_url or "")
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    path = parts.path
    for editor in EDITOR_PATHS:
        at = path.find(editor)
        if at >= 0 and "/voila/render/" not in path:
            path = path[:at] + "/voila/render/" + path[at + len(editor):]
            break
    folder = path if path.endswith("/") else str(PurePosixPath(path).parent)
    return f"{parts.scheme}://{parts.netloc}{folder.rstrip('/')}"


def voila_address() -> str | None:
    """The apps' address from what Voila told this kernel about the page's request (host, port,
    path), or None if it told nothing (outside Voila, or a preheated kernel not yet asked for)."""
    host, script = os.environ.get("SERVER_NAME"), os.environ.get("SCRIPT_NAME", "")
    if not host or not script.endswith(".ipynb"):
        return None
    port = os.environ.get("SERVER_PORT")
    return apps_address(f"http://{host}{':' + port if port else ''}{script}")


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


def _when(idle: float | None) -> str:
    """How long ago the last card was played, in words (coarse, so the list changes rarely)."""
    if idle is None:
        return "no card yet"
    if idle < 10:
        return "just now"
    if idle < 60:
        return "under a minute ago"
    minutes = int(idle // 60)
    if minutes < 60:
        return f"{minutes} min ago"
    return f"{minutes // 60} h {minutes % 60:02d} min ago"


def _sentence(text: str) -> str:
    text = str(text).strip()
    if text and text[-1] not in ".!?)":
        text += "."
    return text[:1].upper() + text[1:]


def _points(units: list[str], points: list[int]) -> str:
    """Each seat's (or side's) points: "North–South 12, East–West 30"."""
    return ", ".join(f'<span class="cg-points">{escape(u)} {p}</span>'
                     for u, p in zip(units, points))


def _capital(text: str) -> str:
    """A seat's name at the start of a line ("seat 2" in Quinto for three: "Seat 2")."""
    return text[:1].upper() + text[1:]


def page_key(page_url: str) -> str | None:
    """The teacher's key in the page's address (``...rooms.ipynb?key=...``), or None."""
    found = parse_qs(urlsplit(page_url or "").query).get("key")
    return found[-1] if found else None


def rooms_address(apps: str) -> str:
    """The rooms' server from the apps' address: ``http://host:8866/voila/render`` gives
    ``http://host:8866`` (the pupils' pages are ``/join/CODE`` on the same server)."""
    at = apps.find(DEFAULT_BASE)
    return apps[:at] if at >= 0 else apps.rstrip("/")


def only_here_warning(base_url: str) -> str:
    """A warning when the links start with an address only this computer can open (the page
    was opened at localhost or 127.0.0.1): the pupils' devices cannot reach it."""
    from urllib.parse import urlsplit

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
            f'<tr><th>{escape(_capital(seat))}</th><td><a href="{escape(link)}" target="_blank">'
            f"<code>{escape(link)}</code></a></td></tr>" for seat, link in room.links.items())
        rows += (f'<tr><th>Projector</th><td><a href="{escape(room.watch)}" target="_blank">'
                 f"<code>{escape(room.watch)}</code></a></td></tr>")
        parts.append(f"<h4>Room {escape(room.name)} ({escape(get_game(room.game).title)})</h4>"
                     f"<table>{rows}</table>")
    return f'<div class="cg-room-links">{"".join(parts)}</div>'


class TeacherPanel:
    """The teacher's page over ``teacher`` (default: the store of ``$CARDGAMES_ROOMS``).
    ``base_url``: where the game apps are served, until the page reports its own address."""

    def __init__(self, teacher: Teacher | None = None, base_url: str | None = None,
                 clock: Callable[[], float] = time.monotonic):
        self.teacher = teacher if teacher is not None else Teacher()
        self.given_base = base_url
        self.clock = clock
        self.rooms: list[dict[str, Any]] = []
        self.opened: list[OpenedRoom] = []
        self._confirm: tuple[str, str, float] | None = None
        self._syncing = False
        self._shown_room: str | None = None
        self._build()
        self.refresh()

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
            self.match_box, self.faces_select, self.rules,
            W.HBox([self.computer_select, W.HTML(AWAY_WORDS), self.timeout_box], layout=row),
            self.open_button, self.helper, self.opened_html,
            self.quiz.widget, self.screens.widget,
        ])
        self.widget.add_class("cg-teacher")
        # without the teacher's key: the style, the message line and the helper alone
        self._locked_parts = [c for c in self.widget.children
                              if c is not self.message and c is not self.helper
                              and not (isinstance(c, W.HTML) and c.value.startswith("<style"))]
        self.helper.observe(lambda _c: self._guard(lambda: None), names="page_url")
        self.questions: RuleQuestions | None = None     # the chosen game's rules, as questions
        self._on_game()

    def _button(self, label: str, css: str, action: Callable[[], None],
                style: str = "") -> widgets.Button:
        button = widgets.Button(description=label, button_style=style,
                                layout={"width": "auto"})
        button.add_class(css)
        button.on_click(lambda _b: self._guard(action))
        return button

    @staticmethod
    def _computer_dropdown(label: str) -> widgets.Dropdown:
        return widgets.Dropdown(options=[(COMPUTER_WORDS[k], k) for k in COMPUTER_KINDS],
                                value=COMPUTER_KINDS[0], description=label,
                                style={"description_width": "initial"})

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)

    # -- the guard and the message line ---------------------------------------------------------

    def _guard(self, action: Callable[[], None], refresh: bool = True) -> None:
        """Run a click: bad input and refused changes are said in the message line; anything
        unexpected too, in words (never a traceback on the page). Then read the rooms again."""
        if self._syncing:
            return
        try:
            action()
        except (RoomError, SetupError, LinkError, ValueError) as error:
            self.say(_sentence(str(error)), error=True)
        except Exception:  # noqa: BLE001 - a teacher's click must never end in a traceback
            LOG.exception("the teacher's page failed")
            self.say("Something went wrong on the server; nothing was changed that the list "
                     "does not show. Try again, or reload the page.", error=True)
        if not refresh:
            return
        try:
            self.refresh()
        except Exception:  # noqa: BLE001
            LOG.exception("refreshing the teacher's page failed")

    def say(self, text: str, error: bool = False) -> None:
        self.message.value = escape(text)
        self.message.layout.display = None if text else "none"
        if error:
            self.message.add_class("cg-error")
        else:
            self.message.remove_class("cg-error")

    # -- where the apps are -------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        """Where the game apps are: the page's own address once the browser reported it, else
        Voila's request, else ``base_url`` as given, else the server's own path."""
        return (apps_address(self.helper.page_url) or voila_address() or self.given_base
                or DEFAULT_BASE)

    @property
    def rooms_url(self) -> str:
        """Where the pupils' pages are: the server of the apps (``http://host:8866``)."""
        return rooms_address(self.base_url)

    # -- the teacher's key --------------------------------------------------------------------------

    def _unlock(self) -> bool:
        """Give the Teacher the key of the page's address; show the rooms and the controls only
        if it is the server's (without it: no room, no link, no control, and how to open the
        page). True when the page may show the rooms."""
        key = page_key(self.helper.page_url) or page_key(
            "?" + os.environ.get("QUERY_STRING", ""))
        if key is not None:
            self.teacher.key = key
        allowed = self.teacher.authorised
        for child in self._locked_parts:
            child.layout.display = None if allowed else "none"
        if not allowed:
            self.rooms, self.opened = [], []
            self.list_html.value = self.opened_html.value = self.room_links.value = ""
            self.helper.sheet = ""
            self.say(LOCKED, error=True)
        elif self.message.value == escape(LOCKED):
            self.say("")
        return allowed

    # -- opening rooms ----------------------------------------------------------------------------

    def _on_game(self) -> None:
        game = get_game(self.game_select.value)
        with self.players_select.hold_sync():
            self.players_select.options = [(str(n), n) for n in game.player_counts]
            self.players_select.value = game.default_players
        packs = [k for k, p in PACKS.items() if p.games is None or game.name in p.games]
        self.faces_select.layout.display = None if len(packs) > 1 else "none"
        if self.faces_select.value not in packs:
            self.faces_select.value = FRENCH.key
        replaced = self.questions
        self.questions = RuleQuestions(game, pack=get_pack(self.faces_select.value))
        self.options_area.children = tuple(self.questions.rows)
        if replaced is not None:
            replaced.close()

    def _questions_in_pack(self) -> None:
        if getattr(self, "questions", None) is not None:
            self.questions.use_pack(get_pack(self.faces_select.value))

    def chosen_options(self) -> dict[str, Any]:
        """The rules as the form shows them (only those that differ from the default)."""
        return self.questions.chosen()

    def _count(self) -> int:
        text = self.count_box.value.strip()
        if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= MAX_ROOMS:
            raise RoomError(f"how many rooms: a whole number from 1 to {MAX_ROOMS}, "
                            f"not {_quoted(self.count_box.value)}")
        return int(text)

    def _prefix(self, count: int) -> str:
        text = self.prefix_box.value.strip().lower()
        try:
            check_name(f"{text}-{count}")
        except RoomError:
            raise RoomError(
                f"room names start with {_quoted(self.prefix_box.value)}: that is not allowed. "
                f"Use letters a-z, digits, '-' or '_', starting with a letter or digit, at most "
                f"{39 - len(str(count))} characters (the rooms are then named "
                f"like class-4b-1, class-4b-2 ...)") from None
        return text

    def _seed(self, count: int) -> int | None:
        text = self.seed_box.value.strip()
        if not text:
            return None
        try:
            seed = check_seed(text)
        except LinkError:
            raise RoomError(f"seed {_quoted(self.seed_box.value)}: a whole number from 0 to "
                            f"{MAX_SEED}, or blank for new cards in every room") from None
        if seed + count - 1 > MAX_SEED:
            raise RoomError(f"seed {seed}: the rooms take the seeds {seed} to {seed + count - 1}, "
                            f"and a seed is at most {MAX_SEED}")
        return seed

    @staticmethod
    def _timeout(box: widgets.Text) -> float:
        text = box.value.strip()
        low, high = TIMEOUT_RANGE
        try:
            seconds = float(text)
        except ValueError:
            seconds = None
        if seconds is None or not text.replace(".", "", 1).isdigit() or not low <= seconds <= high:
            raise RoomError(f"the seconds before an absent pupil's seat goes to the computer: a "
                            f"number from {low} to {high}, not {_quoted(box.value)}")
        return seconds

    def open_rooms(self) -> None:
        """The Open button: ``count`` rooms with the form's settings, and their links."""
        count = self._count()
        prefix = self._prefix(count)
        seed = self._seed(count)
        timeout = self._timeout(self.timeout_box)
        game = get_game(self.game_select.value)
        settings: dict[str, Any] = dict(self.chosen_options())
        if self.match_box.value:
            settings["match"] = True
        if self.faces_select.value != FRENCH.key:
            settings["faces"] = self.faces_select.value
        self.opened = list(self.teacher.open_rooms(
            count, game.name, prefix=prefix, base_url=self.rooms_url, seed=seed,
            players=self.players_select.value, computer=self.computer_select.value,
            timeout=timeout, **settings))
        names = [r.name for r in self.opened]
        self.opened_html.value = (
            f"<h3>Links to hand out</h3><p class=\"cg-hint\">Give each pupil one seat's link; "
            f"open the projector's link on the class screen.</p>{only_here_warning(self.rooms_url)}"
            f"{_links_html(self.opened)}")
        title = (f"{game.title}: rooms {names[0]} to {names[-1]}" if count > 1
                 else f"{game.title}: room {names[0]}")
        self.helper.sheet = self.teacher.sheet_html(self.opened, title=title)
        self.say(f"Opened {count} room{'s' if count > 1 else ''} of {game.title}: "
                 f"{', '.join(names)}. Their links are at the bottom of the page.")
        self._shown_room = None
        self.refresh()
        if self.room_select.value not in names:
            self.room_select.value = names[0]

    # -- the list ---------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the rooms again and redraw the list and the room controls (what a tick does)."""
        if not self._unlock():
            return
        self.rooms = self.teacher.rooms()
        self.list_html.value = self._list_html()
        names = [r["room"] for r in self.rooms]
        self._syncing = True
        try:
            current = self.room_select.value
            options = [(f"{r['room']} ({get_game(r['game']).title})", r["room"])
                       for r in self.rooms]
            if list(self.room_select.options) != options:
                with self.room_select.hold_sync():
                    self.room_select.options = options
                    self.room_select.value = current if current in names else (
                        names[0] if names else None)
        finally:
            self._syncing = False
        self._on_room()

    def _list_html(self) -> str:
        if not self.rooms:
            return "<p><i>No room is open. Open some below.</i></p>"
        rows = []
        for r in self.rooms:
            seats = []
            for person in r["people"]:
                if not person["own"]:
                    continue
                name = escape(_capital(person["name"]))
                if not person["held"]:
                    seats.append(f'<span class="cg-seat cg-computer">{name}: computer</span>')
                else:
                    who = escape(person["pupil"] or "a pupil")
                    if person["away"]:
                        seats.append(f'<span class="cg-seat cg-away">{name}: {who} (away: '
                                     "the computer plays)</span>")
                    else:
                        seats.append(f'<span class="cg-seat">{name}: {who}</span>')
            score = _points(r["units"], r["score"])
            if r["match"] and r["scores"] is not None:
                score = f"hand {r['hand']}: {score}<br>match: {_points(r['units'], r['scores'])}"
            turn = "over" if r["over"] else (f"<span class=\"cg-turn\">{escape(r['to_move'])} "
                                             "to play</span>" if r["to_move"] else "")
            if r["waiting"]:
                turn += '<br><small class="cg-turn">waiting for a page*</small>'
            extras = []
            if r["open_hands"]:
                extras.append("hands shown on the projector")
            if r["computer"] != COMPUTER_KINDS[0]:
                extras.append("computer: " + COMPUTER_WORDS[r["computer"]].lower())
            rows.append(
                f'<tr data-room="{escape(r["room"])}"><td><b>{escape(r["room"])}</b>'
                f'{"<br><small>" + escape("; ".join(extras)) + "</small>" if extras else ""}</td>'
                f"<td>{escape(get_game(r['game']).title)}</td><td>{' '.join(seats)}</td>"
                f"<td>{score}</td><td>{turn}</td><td>{_when(r['idle'])}</td></tr>")
        waiting = ('<p class="cg-hint">* The computer\'s seats are played from the room\'s open '
                   "pages: a room plays the computer's card once a pupil's page or the "
                   "projector's is open.</p>" if any(r["waiting"] for r in self.rooms) else "")
        return ('<div class="cg-scroll"><table><tr><th>Room</th><th>Game</th><th>Players</th>'
                f"<th>Score</th><th>Turn</th><th>Last card</th></tr>{''.join(rows)}</table></div>"
                + waiting)

    # -- one room ---------------------------------------------------------------------------

    def selected(self) -> dict[str, Any] | None:
        name = self.room_select.value
        return next((r for r in self.rooms if r["room"] == name), None)

    def _require(self) -> dict[str, Any]:
        room = self.selected()
        if room is None:
            raise RoomError("choose a room first (no room is open)" if not self.rooms
                            else "choose a room first")
        return room

    def _on_room(self) -> None:
        """The chosen room's controls: its seats, the hands button, its settings and links."""
        room = self.selected()
        self._syncing = True
        try:
            seats = [] if room is None else [
                (f"{_capital(p['name'])}: {p['pupil'] or 'a pupil'}"
                 + (" (away)" if p["away"] else "") if p["held"]
                 else f"{_capital(p['name'])}: computer", p["seat"])
                for p in room["people"] if p["own"]]
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
                if room is not None:
                    self.room_computer.value = room["computer"]
                    self.room_timeout.value = f"{room['timeout']:g}"
                    links = self.teacher.links(name, self.rooms_url)
                    self.room_links.value = _links_html([links])
                else:
                    self.room_links.value = ""
        finally:
            self._syncing = False

    def _confirmed(self, what: str, name: str, question: str) -> bool:
        """True on the second click within CONFIRM_WITHIN seconds; the first one asks."""
        now = self.clock()
        if self._confirm is not None:
            kind, room, when = self._confirm
            if (kind, room) == (what, name) and now - when <= CONFIRM_WITHIN:
                self._confirm = None
                return True
        self._confirm = (what, name, now)
        self.say(question)
        return False

    def reset(self, new_cards: bool) -> None:
        room = self._require()
        name = room["room"]
        words = "with new cards" if new_cards else "with the same cards"
        if not self._confirmed("new" if new_cards else "same", name,
                               f"Start room {name} again {words}? The cards played so far are "
                               f"lost. Click the button again to do it."):
            return
        self.teacher.reset(name, seed="new" if new_cards else None)
        self.say(f"Room {name} starts again {words}.")

    def close(self) -> None:
        name = self._require()["room"]
        if not self._confirmed("close", name, f"Close room {name}? Its pupils' pages are told "
                               f"the room is closed. Click Close again to do it."):
            return
        self.teacher.close(name)
        self.say(f"Room {name} is closed.")

    def undo(self) -> None:
        name = self._require()["room"]
        self.teacher.undo(name)
        self.say(f"Room {name}: the last card (or call) is taken back.")

    def toggle_hands(self) -> None:
        room = self._require()
        shown = not room["open_hands"]
        self.teacher.open_hands(room["room"], shown)
        self.say(f"Room {room['room']}: every hand is "
                 + ("shown face up on the projector." if shown else "face down again on the "
                    "projector."))

    def free_seat(self) -> None:
        room = self._require()
        seat = self.seat_select.value
        person = next((p for p in room["people"] if p["seat"] == seat), None)
        if person is None:
            raise RoomError("choose a seat first")
        if not person["held"]:
            raise RoomError(f"{_capital(person['name'])} in room {room['room']} is free already: "
                            "the computer plays it")
        self.teacher.free_seat(room["room"], seat)
        self.say(f"Room {room['room']}: {_capital(person['name'])} is free; the computer plays it "
                 "until a pupil opens its link.")

    def apply_settings(self) -> None:
        room = self._require()
        timeout = self._timeout(self.room_timeout)
        self.teacher.set_computer(room["room"], self.room_computer.value, timeout)
        kind = COMPUTER_WORDS[self.room_computer.value].lower()
        self.say(f"Room {room['room']}: the computer plays {kind}; a seat goes to the computer "
                 f"after {timeout:g} s without its pupil's page.")

    # -- the browser's ticks ----------------------------------------------------------------

    def _on_helper_message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("type") == "tick":
            try:
                self.refresh()
            except Exception:  # noqa: BLE001 - a tick must never raise into the kernel
                LOG.exception("refreshing the teacher's page failed")


def _quoted(text: Any) -> str:
    text = str(text)
    return repr(text if len(text) <= 20 else text[:20] + "…")


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
                        f"{_sentence(str(error))} (the rooms are kept where CARDGAMES_ROOMS "
                        "says, else in a file on the server).")


def _message(text: str) -> widgets.HTML:
    box = widgets.HTML('<div style="padding:8px 12px;border-left:4px solid #b00020;'
                       f'background:#fdecee;max-width:50em">{escape(text)}</div>')
    box.add_class("cg-app-message")
    return box
