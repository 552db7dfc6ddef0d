"""The table: play any of the games in a notebook or a Voila app.

``Table("yukon", seed=7, players=4, seat=2)`` deals a hand and draws it. What the table is
doing lives in a :class:`cardgames.session.TableSession` (the hand or match, the seats and their
players, undo and redo, hints, best play, the message line; no widgets); this module only draws
it and turns what the person does into the session's calls:

- the **board** (:class:`cardgames.widgets.board.Board`, one anywidget): every seat around a
  green cloth, the user's hand along the bottom, the trick, what the game shows everybody, the
  message line, the named actions and the stepping buttons. Its state is built by one function,
  :func:`cardgames.board_state.board_state`, from what the user may see; a click comes back as a
  message carrying the number of the state it was aimed at, so a click on a table that has
  changed since (a double click) is refused instead of playing another card;
- the **panels** (plain ipywidgets): the settings (four colours, computers at once, best play,
  show every hand), the score sheet, the story of the hand, the record and replay, and the New
  deal panel (built when first opened: a page loads fewer widgets).

Headless, for tests and scripted lessons: ``table.choices()``, ``table.choose("10♥")``,
``table.step()``, ``table.why("KS")``, ``table.message``, ``table.press("undo")``.
"""

from __future__ import annotations

import base64
import random
from html import escape
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from .. import players as players_module
from .. import table_words
from .. import score_sheet
from .. import typed_deal
from ..board_state import board_state
from ..engine import Game, IllegalAction, SetupError
from ..games import GAMES, get_game
from ..limits import MAX_RECORD_CHARS, ascii_digits, quote
from ..links import LinkError, check_seed
from ..packs import PACKS, get_pack
from ..record import RecordError
from ..session import DEFAULT_OPPONENTS, PACES, TableSession, check_pace
from .board import Board, UserEvent
from .widget_tree import widgets_under
from .rule_questions import RuleQuestions
from .shared_looks import SharedLooks
from .stylesheets import style_html

__all__ = ["Table"]

ROW_WRAP = {"flex_flow": "row wrap", "align_items": "center"}
#: A link that saves a file looks like the panel's buttons (a notebook's links are plain text).
LINK_LOOK = ("display:inline-block;margin:2px 8px 2px 0;padding:4px 12px;border-radius:4px;"
             "background:#1f6f43;color:#fff;text-decoration:none;font-weight:600")
#: A record file loaded back is read only up to the size a record may have (in UTF-8).
MAX_RECORD_BYTES = 4 * MAX_RECORD_CHARS


def _data_link(text: str, kind: str, filename: str, words: str, css: str) -> str:
    """A link that saves ``text`` as a file: the file is in the link (a ``data:`` URL), so
    nothing is fetched, in Voila as in the browser-only site."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a class="{css}" download="{escape(filename)}" '
            f'href="data:{kind};charset=utf-8;base64,{data}" style="{LINK_LOOK}">'
            f'{escape(words)}</a>')


def record_links_html(session: TableSession, record: str) -> str:
    """The Record panel's links: the record (.json) and, once the hand is over, the hand as a
    page to print (``cg.hand_diagram``)."""
    hand = session.played_hand
    name = f"{session.game.name}-{session.seed if session.seed_visible() else 'hand'}"
    links = [_data_link(record, "application/json", f"{name}.json",
                        "Download the record (.json)", "cg-record-download")]
    if hand.is_over:
        from ..hand_diagram import hand_diagram

        page = str(hand_diagram(hand, names=session.names, pack=session.pack))
        links.append(_data_link(page, "text/html", f"{name}.html",
                                "Print the hand (a page to open and print)", "cg-print-hand"))
    return "<p>" + " ".join(links) + "</p>"
#: the panels' style sheets (table_panels.css, rule_questions.css), for an HTML widget
PANEL_CSS = style_html("table_panels.css", "rule_questions.css")


class Table:
    """A card table for one of the games (or a match of it).

    Parameters: ``game`` (name or alias), ``seed`` (repeatable deal; random if None),
    ``players``, ``seat`` (the user's seat, or None to watch every seat), ``open_hands``
    (every hand face up; default: True when watching), ``opponents`` (a kind from
    ``cardgames.players.PLAYER_KINDS``), ``match`` and ``target``, ``four_colour``, ``auto``
    (computer seats act at once until the user's next decision; default: True with a seat),
    ``names`` (one per seat), ``fill`` (the board alone, filling the window: a projector),
    ``animate`` (short card movements; off under the browser's reduced-motion setting anyway),
    ``faces`` (the pack: ``"french"``, or ``"spanish"`` for Guinote's baraja española, its
    faces and its names; :mod:`cardgames.packs`), and the game's options as keywords.

    Display it with ``display(table)`` (or ``table.widget``). ``table.session`` is what it is
    doing, ``table.hand`` the hand on the table and ``table.match`` the match (or None).
    """

    def __init__(self, game: "str | Game" = "yukon", seed: int | None = None, *,
                 players: int | None = None, seat: int | None = 0,
                 open_hands: bool | None = None, opponents: str = DEFAULT_OPPONENTS,
                 match: bool = False, target: int | None = None, four_colour: bool = False,
                 auto: bool | None = None, names: Sequence[str] | None = None,
                 fill: bool = False, animate: bool = True, faces: str | None = None,
                 **options: Any):
        self.session = TableSession(game, seed, players=players, seat=seat,
                                    open_hands=open_hands, opponents=opponents, match=match,
                                    target=target, auto=auto, names=names, faces=faces,
                                    **options)
        self.fill = fill
        self.animate = animate
        self._seq = 0
        self._drawn: dict[str, Any] | None = None
        self._looks = SharedLooks()
        #: the rules of the game chosen in the New deal panel, asked as questions
        self.rule_questions: RuleQuestions | None = None
        self._build(four_colour)
        self.redraw()

    # -- building the widgets (once) ----------------------------------------------------------

    def _button(self, description: str, css: str, handler: Callable[[], None], tooltip: str = "",
                style: str = "") -> widgets.Button:
        button = self._looks.make(widgets.Button, description=description, tooltip=tooltip,
                                  button_style=style, layout={"width": "auto"})
        button.add_class(css)
        button.on_click(lambda _b: self.do(handler))
        return button

    def _check(self, description: str, value: bool, tooltip: str = "") -> widgets.Checkbox:
        return self._looks.make(widgets.Checkbox, value=value, description=description,
                                indent=False, tooltip=tooltip, layout={"width": "auto"})

    def _build(self, four_colour: bool) -> None:
        W, make = widgets, self._looks.make
        self.board = Board(faces=self.session.pack.sprite())
        self.board.on_user(self._on_board)

        # settings under the board
        self.four_colour_box = self._check("Four-colour suits", four_colour,
                                           "Spades black, hearts red, diamonds blue, clubs green")
        self.auto_box = self._check("Computers play at once", self.session.auto,
                                    "The computer seats play until it is your turn again")
        self.best_play_box = self._check("Best play", False,
                                         "With every hand face up: what each legal card secures "
                                         "to the end of the hand with perfect play by all")
        self.coach_box = self._check("Coach", self.session.coach,
                                     "Before each of your plays, say which rule governs it")
        self.coach_box.observe(lambda _c: self.do(self._set_coach), names="value")
        self.show_all_button = self._button(
            "Show every hand", "cg-show-all", self.session.show_all_cards,
            "Turn every hand face up for the rest of this hand (it becomes an open hand)")
        self.four_colour_box.observe(lambda _c: self.redraw(), names="value")
        self.auto_box.observe(lambda _c: setattr(self.session, "auto", self.auto_box.value),
                              names="value")
        self.best_play_box.observe(lambda _c: self._redraw_best_play(), names="value")
        self.pace_select = make(W.Dropdown, options=[(words, key) for key, words in PACES.items()],
                                value=self.session.pace, description="After each trick",
                                style={"description_width": "initial"},
                                layout={"width": "auto"})
        self.pace_select.add_class("cg-pace")
        self.pace_select.observe(lambda _c: self.do(self._set_pace), names="value")
        self.settings_row = make(W.HBox, [self.coach_box, self.four_colour_box, self.auto_box,
                                          self.pace_select, self.best_play_box,
                                          self.show_all_button],
                                 layout=ROW_WRAP)
        self.best_play = make(W.HTML)
        self.best_play.add_class("cg-best-play")

        # the panels: drawn only while open (a closed panel costs a click nothing)
        self.score = make(W.HTML)
        self.score.add_class("cg-score")
        self.story = make(W.HTML)
        self.story.add_class("cg-story")
        self.record_button = self._button(
            "Record", "cg-record", self.show_record,
            "The record of this hand to keep, as a file to save: the whole hand when no card is "
            "hidden from you, else only what your seat saw; and, once the hand is over, a page "
            "to print")
        #: the record last given by the Record button (saved as a file, never shown)
        self.kept_record = ""
        self.record_links = make(W.HTML)
        self.record_links.add_class("cg-record-links")
        self.record_upload = make(W.FileUpload, accept=".json,application/json", multiple=False,
                                  description="Load a record")
        self.record_upload.add_class("cg-record-upload")
        self.record_upload.observe(lambda _c: self.do(self.replay_from_upload), names="value")
        self.replay_button = self._button(
            "Replay", "cg-replay", self.replay_from_box,
            "Set out the hand recorded in the box at its start, every hand face up, to step "
            "through it with 1 ▶")
        self.record_box = make(W.Textarea, layout={"width": "100%", "height": "8em"},
                               placeholder="A record to replay: paste it here, then press Replay")
        self.record_box.add_class("cg-record-text")
        self.share = make(W.HTML)
        self.share.add_class("cg-share")
        self.setup_area = make(W.VBox)
        self.panels = make(W.Accordion, [
            make(W.VBox, [self.score]), make(W.VBox, [self.story]),
            make(W.VBox, [make(W.HBox, [self.record_button, self.record_upload], layout=ROW_WRAP),
                          self.record_links,
                          make(W.HTML, "<small>Or paste a record here, then press "
                                       "Replay:</small>"),
                          self.record_box, make(W.HBox, [self.replay_button]), self.share]),
            self.setup_area],
            titles=("Score sheet", "Story of the hand", "Record and replay", "New deal"))
        self.panels.observe(lambda _c: self.do(self._refresh_panels, quiet=True),
                            names="selected_index")
        self.panels.add_class("cg-panels")
        css = make(W.HTML, PANEL_CSS)
        self.widget = make(W.VBox, [css, self.board, self.best_play, self.settings_row,
                                    self.panels])
        self.widget.add_class("cg-app-table")

    def _build_setup(self) -> None:
        """The New deal panel, built the first time it is opened."""
        if self.setup_area.children:
            return
        W, make = widgets, self._looks.make
        session = self.session
        self.game_select = make(W.Dropdown, options=[(g.title, n) for n, g in GAMES.items()],
                                value=session.game.name, description="Game")
        self.players_select = make(W.Dropdown, description="Players")
        self.seat_select = make(W.Dropdown, description="Your seat")
        kinds = list(players_module.PLAYER_KINDS)
        self.opponents_select = make(W.Dropdown, options=[(k.capitalize().replace("-", " "), k)
                                                          for k in kinds],
                                     value=session.opponents, description="Opponents")
        self.seed_box = make(W.Text, description="Seed", placeholder="any whole number",
                             tooltip="The same seed deals the same cards again",
                             layout={"width": "16em"})
        self.random_seed_button = self._button("New seed", "cg-random-seed", self._random_seed,
                                               "Choose a random seed")
        self.open_hands_box = self._check("Open hands (every card face up)", session.open_hands)
        self.match_box = self._check("Play a match", session.match is not None)
        # the pack, for a game played with more than one (Guinote's Spanish pack)
        self.faces_select = make(W.ToggleButtons, options=[(p.button, k) for k, p in PACKS.items()],
                                 tooltips=[p.title for p in PACKS.values()],
                                 value=session.pack.key, description="Cards",
                                 style={"button_width": "auto"})
        self.faces_select.add_class("cg-faces")
        # the rules' questions name the cards as the chosen pack does (rey, sota)
        self.faces_select.observe(lambda _c: self._questions_in_pack(), names="value")
        self.target_box = make(W.Text, description="Target", placeholder="the game's own",
                               tooltip="Points to win the match (empty: the game's own target)",
                               layout={"width": "14em"})
        self.options_area = make(W.VBox)
        self.deal_button = self._button("Deal", "cg-deal", self.deal_from_controls,
                                        "Deal a new hand with these settings", "success")
        # the game's own example in the box, what to type above it, its refusals under its button
        self.deal_text = make(W.Textarea, layout={"width": "100%", "height": "10em"})
        self.deal_text.add_class("cg-deal-text-box")
        self.deal_text_help = make(W.HTML)
        self.deal_text_help.add_class("cg-option-doc")
        self.deal_text_help.add_class("cg-deal-text-help")
        self.deal_text_message = make(W.HTML)
        self.deal_text_message.add_class("cg-deal-text-message")
        self.deal_text_button = self._button("Deal these cards", "cg-deal-text",
                                             self.deal_from_text,
                                             "Set the deal up from the text (it is then cleared, "
                                             "so the hidden hands stay hidden)")
        self.game_select.observe(lambda _c: self.do(self._on_game_change, quiet=True),
                                 names="value")
        self.players_select.observe(lambda _c: self.do(self._on_players_change, quiet=True),
                                    names="value")
        self.setup_area.children = (
            make(W.HBox, [self.game_select, self.players_select, self.seat_select],
                 layout=ROW_WRAP),
            make(W.HBox, [self.opponents_select, self.seed_box, self.random_seed_button],
                 layout=ROW_WRAP),
            make(W.HBox, [self.open_hands_box, self.match_box, self.target_box], layout=ROW_WRAP),
            self.faces_select,
            make(W.HTML, "<b>Rules</b> (point at a question for where the rule comes from)"),
            self.options_area, self.deal_button,
            make(W.HTML, "<b>Or set a deal up by hand</b>"), self.deal_text_help, self.deal_text,
            self.deal_text_button, self.deal_text_message)
        self._sync_setup()

    def _sync_setup(self) -> None:
        """Make the New deal panel show the deal on the table (so it can be repeated)."""
        if not self.setup_area.children:
            return
        session = self.session
        settings = getattr(session, "settings", {})
        with self.game_select.hold_sync():
            self.game_select.value = session.game.name
        self._on_game_change()
        self.players_select.value = session.hand.players
        self._on_players_change()
        self.seat_select.value = session.seat
        # empty: Deal draws new cards unless a seed is typed (the caption and the share link
        # give the seed of a hand to deal it again)
        self.seed_box.value = ""
        self.open_hands_box.value = session.open_hands
        self.match_box.value = session.match is not None
        self.target_box.value = str(settings.get("target") or "")
        self.faces_select.value = session.pack.key
        self.rule_questions.show(settings.get("options", {}))

    def _on_game_change(self) -> None:
        game = get_game(self.game_select.value)
        with self.players_select.hold_sync():
            self.players_select.options = [(str(n), n) for n in game.player_counts]
            self.players_select.value = game.default_players
        self._on_players_change()
        # the choice of pack only for a game played with more than one
        packs = [k for k, p in PACKS.items() if p.games is None or game.name in p.games]
        # a class, not the layout: the layout is shared with every widget of the same looks
        # (shared_looks.py), so hiding it would hide the whole table
        if len(packs) > 1:
            self.faces_select.remove_class("cg-hidden")
        else:
            self.faces_select.add_class("cg-hidden")
        if self.faces_select.value not in packs:
            self.faces_select.value = packs[0]
        # another game's questions (or this game's again) leave the kernel and the page
        old_boxes, old_questions = self.options_area.children, self.rule_questions
        self.options_area.children = (self._options_box(game),)
        for box in old_boxes:
            box.close()
        if old_questions is not None:
            old_questions.close()

    def _on_players_change(self) -> None:
        game = get_game(self.game_select.value)
        players = self.players_select.value or game.default_players
        seats = game.hand_class.seats_for(players)
        names = table_words.default_names(seats)
        old = self.seat_select.value
        with self.seat_select.hold_sync():
            self.seat_select.options = [("None: watch every seat", None)] + \
                [(name, s) for s, name in enumerate(names)]
            self.seat_select.value = old if old is None or old < seats else 0
        self._show_deal_text_guide(game, players)

    def _show_deal_text_guide(self, game: Game, players: int) -> None:
        """The typed deal's words for this game and count: what to type, an example, no error."""
        guide = typed_deal.guide(game.name, players)
        self.deal_text.placeholder = guide.example
        self.deal_text_help.value = _deal_text_help_html(game, guide)
        self.deal_text_message.value = ""

    def _options_box(self, game: Game) -> widgets.VBox:
        """The game's rules as plain questions, each with its choices in words."""
        self.rule_questions = RuleQuestions(game, self._looks.make,
                                            pack=get_pack(self.faces_select.value))
        return self._looks.make(widgets.VBox, self.rule_questions.rows)

    def _questions_in_pack(self) -> None:
        if self.rule_questions is not None:
            self.rule_questions.use_pack(get_pack(self.faces_select.value))

    # -- the guard and the board's messages ---------------------------------------------------

    def do(self, fn: Callable[..., Any], *args: Any, quiet: bool = False, force: bool = False,
           **kwargs: Any) -> bool:
        """Run a user action through the session's guard, then redraw (``quiet``: a panel was
        opened, so the message line keeps what it said unless something goes wrong; ``force``:
        the board gets a new state even if nothing changed)."""
        done = self.session.run(fn, *args, quiet=quiet, **kwargs)
        if quiet and done:
            return done
        self.redraw(force=force)
        return done

    def _set_coach(self) -> None:
        self.session.coach = self.coach_box.value

    def _on_board(self, event: UserEvent) -> None:
        """A click on the board: played only if it was aimed at the board as it is now."""
        if event.seq != self._seq:
            if event.type == "button" and event.button == "continue":
                return           # a second tap on the cloth (or the pause's end): nothing lost
            self.session.stale()
            self.redraw(force=True)
            return
        # the board waits for an answer to a play (board.py): always give one, a new state
        if event.type == "play":
            self.do(self.session.choose, event.card, force=True)
        elif event.type == "action":
            self.do(self.session.take_action, event.action_id, force=True)
        elif event.type == "button":
            self.press(event.button)
        elif event.type == "step":
            self.do(self.session.review_go, event.step, force=True)
        elif event.type == "review_seat":
            self.review(seat=event.seat)

    def press(self, name: str) -> bool:
        """Press one of the board's buttons by name (``BUTTONS``): next, finish_trick,
        finish_hand, undo, redo, back, forward, hint, continue (put a finished trick away),
        deal_again, same_cards, next_hand, review. False if refused."""
        if name == "review" and self.session.reviewed is None:
            return self.do(self.review)
        dealt = self.session.played_hand
        done = self.do(self.session.press, name)
        if self.session.played_hand is not dealt:   # another hand: its own record, and the
            # New deal panel showing its settings
            self.kept_record = ""
            self.record_links.value = ""
            self._sync_setup()
        return done

    def review(self, seat: int | None = None, budget: float | None = None) -> bool:
        """Open the review of the finished hand on the board (``TableSession.open_review``):
        its steps under the cloth, a progress line while it is weighed. False if refused
        (before the hand is over: the message line says why)."""
        def progress(done: int, total: int) -> None:
            self.session.message_lines = [
                f"Reviewing the hand: decision {done} of {total} weighed…"]
            self.session.message_is_error = False
            self.redraw(force=True)
        return self.do(self.session.open_review, seat, budget, progress)

    def review_step(self, step: int) -> bool:
        """Show step ``step`` of the open review (0: the hand as it ended), as a click does."""
        return self.do(self.session.review_go, step)

    def _set_pace(self) -> None:
        self.session.pace = check_pace(self.pace_select.value)
        if not self.session.holding() or self.session.pace != "none":
            return
        self.session.continue_play()

    # -- the headless surface -----------------------------------------------------------------

    def choices(self) -> list[str]:
        """What the user may do now, as text ("play 10♥", "Double")."""
        return [c.words for c in self.session.choices()]

    def choose(self, text: str) -> bool:
        """The same as a click on the card or action named by ``text``; refused (False) with
        the reason in the message line."""
        return self.do(self.session.choose, text)

    def step(self) -> bool:
        """The Next button."""
        return self.press("next")

    def why(self, text: str) -> str:
        """Why ``text`` may not be played now ('' if it may)."""
        return self.session.why(text)

    @property
    def message(self) -> str:
        return self.session.message

    @property
    def hand(self):
        return self.session.hand

    @property
    def match(self):
        return self.session.match

    @property
    def seat(self):
        return self.session.seat

    @property
    def last_error(self) -> BaseException | None:
        return self.session.last_error

    def new_deal(self, game: "str | Game | None" = None, seed: int | None = None,
                 **keywords: Any) -> None:
        """Deal again (arguments as the constructor's). From code, a deal the rules refuse
        raises ``SetupError`` and the table keeps its hand."""
        self.session.run(self.session.new_deal, game, seed, raising=True, **keywords)
        self._after_new_hand()

    def replay(self, record: Any) -> None:
        """Set a recorded hand out at its start to step through (``TableSession.replay``); a
        record that cannot be replayed raises ``cg.RecordError`` and the table keeps its hand."""
        self.session.run(self.session.replay, record, raising=True)
        self._after_new_hand()

    def _after_new_hand(self) -> None:
        self.auto_box.value = self.session.auto
        self.record_box.value = ""
        self.kept_record = ""
        self.record_links.value = ""
        self._sync_setup()
        self.redraw()

    # -- the panels' actions ------------------------------------------------------------------

    def show_record(self) -> None:
        """The record as a file to save (a link with the file in it: it works offline and in
        the browser-only site) and, once the hand is over, the hand as a page to print."""
        session = self.session
        self.kept_record = session.record_for_user()
        self.record_links.value = record_links_html(session, self.kept_record)
        session.say(["Under Record and replay: the record as a file to save (Load a record "
                     "sets it out again)" + (", and the hand as a page to print."
                                             if session.played_hand.is_over else ".")],
                    record=False)

    def replay_from_upload(self) -> None:
        """A record file chosen with Load a record: set out at its start, as Replay does."""
        files = self.record_upload.value
        if not files:
            return
        content = bytes(files[0]["content"])
        self.record_upload.value = ()
        if len(content) > MAX_RECORD_BYTES:
            raise RecordError(f"that file has {len(content):,} bytes: a record is at most "
                              f"{MAX_RECORD_BYTES:,}")
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("that file is not a record (not text): choose a .json file saved "
                              "with the Record button") from None
        self.session.replay(text)
        self.auto_box.value = False
        self._sync_setup()

    def replay_from_box(self) -> None:
        text = self.record_box.value.strip()
        if not text:
            raise RecordError("the box is empty: paste a record there (one kept from the Record "
                              "button), then press Replay")
        self.session.replay(text)
        self.auto_box.value = False
        self._sync_setup()

    def _seed_from_box(self) -> int | None:
        text = self.seed_box.value.strip()
        if not text:
            return None
        try:     # the same rule as a link's seed
            return check_seed(text)
        except LinkError as error:
            raise SetupError(str(error)) from None

    def _target_from_box(self) -> int | None:
        text = self.target_box.value.strip()
        if not text:
            return None          # the game's own target
        if not ascii_digits(text) or len(text) > 6 or int(text) < 1:
            raise SetupError(f"the match's target is a whole number of points from 1 to 999999, "
                             f"or nothing for the game's own target, not {quote(text)}")
        return int(text)

    def deal_from_controls(self) -> None:
        """The Deal button: a new hand (or match) with the settings the panel shows."""
        self.session.new_deal(self.game_select.value, self._seed_from_box(),
                              players=self.players_select.value, seat=self.seat_select.value,
                              open_hands=self.open_hands_box.value,
                              opponents=self.opponents_select.value, match=self.match_box.value,
                              target=self._target_from_box(), faces=self.faces_select.value,
                              **self.chosen_options())
        self._after_new_hand()

    def deal_from_text(self) -> None:
        """A deal set up by hand from the text box: one line per seat, then the stock."""
        game = get_game(self.game_select.value)
        players = self.players_select.value
        seats = game.hand_class.seats_for(players)
        names = table_words.default_names(seats)
        text = self.deal_text.value
        try:
            setup = table_words.parse_deal_text(text, seats, names, game.deal_keywords)
            self.session.new_deal(game, None, players=players, seat=self.seat_select.value,
                                  open_hands=self.open_hands_box.value,
                                  opponents=self.opponents_select.value, **setup,
                                  faces=self.faces_select.value, **self.chosen_options())
        except SetupError as error:
            # said under the form's button, in the form's words (the message line says it too)
            words = typed_deal.refusal_words(str(error), names)
            end = "" if words.endswith((".", "!", "?")) else "."
            self.deal_text_message.value = (f'<p class="cg-error" role="alert">Cannot deal these '
                                            f'cards: {escape(words)}{end}</p>')
            raise SetupError(words) from error
        self.deal_text.value = ""
        self.deal_text_message.value = ""
        self._after_new_hand()

    def chosen_options(self) -> dict[str, Any]:
        """The options as the panel shows them (only those that differ from the default)."""
        return self.rule_questions.chosen() if self.rule_questions is not None else {}

    def _random_seed(self) -> None:
        self.seed_box.value = str(random.SystemRandom().randrange(1, 10**6))

    # -- drawing ------------------------------------------------------------------------------

    def redraw(self, force: bool = False) -> None:
        """Give the board its new state (numbered anew only when it changed) and the panels."""
        state = board_state(self.session, seq=0, fill=self.fill, animate=self.animate,
                            four_colour=self.four_colour_box.value)
        faces = self.session.pack.sprite()
        if self.board.faces != faces:       # a deal with another pack
            self.board.faces = faces
        if force or state != self._drawn:
            self._drawn = state
            self._seq += 1
            self.board.state = {**state, "seq": self._seq}
        self.show_all_button.disabled = not self.session.hides_cards() or self.session.hand.is_over
        self._redraw_best_play()
        self._refresh_panels()

    def _redraw_best_play(self) -> None:
        self.best_play.value = escape(self.session.best_play_words()) \
            if self.best_play_box.value else ""

    def _refresh_panels(self) -> None:
        """The score sheet, the story and the share link, if their panel is open."""
        session = self.session
        index = self.panels.selected_index
        if index == 0:
            # no pandas here: the in-browser site has none
            self.score.value = score_sheet.score_sheet_html(session.hand, session.names, session.match,
                                                            pack=session.pack)
        elif index == 1:
            self.story.value = table_words.story_html([line for _n, line in session.log])
        elif index == 2:
            self.share.value = self._share_html()
        elif index == 3:
            self._build_setup()

    def _share_html(self) -> str:
        session = self.session
        if session.hides_cards():
            return ("<small>A link to deal this hand again is offered once the hand is over "
                    "(it would show every hidden card).</small>")
        try:
            query = session.share_link()
        except (LinkError, IllegalAction) as error:
            return f"<small>{escape(str(error))}</small>"
        return (f'<small><a href="{escape(query)}" target="_blank">This deal as a link</a>: '
                'open it to play the same cards again, or copy it to share.</small>')

    # -- conveniences -------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"<Table: {self.hand!r}, seat {self.seat}>"

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)

    def all_widgets(self) -> list[widgets.Widget]:
        """Every widget under the table (for checks of what the browser receives)."""
        return widgets_under(self.widget)


def _deal_text_help_html(game: Game, guide: typed_deal.TypedDealGuide) -> str:
    """What to type for a deal by hand, in words: the seats, the stock, the game's settings,
    its pack and how a card is written (the box holds an example)."""
    parts = [f"One line of cards per seat ({escape(guide.seat_words)}), "
             f"{guide.hand_size} cards each"]
    if guide.has_stock:
        parts.append(", then <code>stock:</code> and the cards left to draw, the first drawn first")
    for line, when in guide.extras:
        parts.append(f"; and <code>{escape(line)}</code> with the trump suit (S, H, D or C), "
                     f"{escape(when)}")
    parts.append(f". {escape(game.title)}'s pack: {escape(guide.pack)}. A card is its rank and "
                 "suit: <code>10H</code>, <code>TH</code> or <code>10♥</code> for the ten of "
                 "hearts (suits S H D C or ♠ ♥ ♦ ♣). <code>dealer:</code> and a seat's name "
                 "chooses the dealer. The box shows an example.")
    return "<small>" + "".join(parts) + "</small>"
