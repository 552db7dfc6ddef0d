"""The table: play any of the games step by step with ipywidgets, in a notebook or in Voila.

``Table("yukon", seed=7, players=4, seat=2)`` deals a hand and shows it: every seat around the
table with its name and side, the user's cards as buttons (legal ones enabled, the others
disabled with the rule that forbids them as tooltip), the trick in the middle, what the game
shows in public, a message line that says what happened and why, the score sheet, and the
controls: Next / Finish trick / Finish hand for the computer seats, Undo / Redo, a Hint, and a
New deal panel with the game's options.

How it is built (STYLE.md): a fixed set of widgets per table, updated in place under
``hold_sync()``; the widgets call only the engine's public surface; every callback goes through
one guard that shows an exception in the message line; and what the browser receives is taken
from ``hand.view(seat)``, so a face-down card's widget state holds no card identity.
"""

from __future__ import annotations

import random
import time
import traceback
from collections import Counter
from html import escape
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from .. import players as players_module
from .. import render_table as rt
from ..cards import Card
from ..engine import Action, Game, Hand, IllegalAction, Match, Phase, SetupError
from ..games import GAMES, get_game
from ..record import RecordError, load
from ..view import SeatView
from .shared_looks import SharedLooks
from .styles import CARD_HEIGHT, CARD_WIDTH, CSS, card_classes, sort_key

ROW_WRAP = {"flex_flow": "row wrap"}     # the layout of a row of buttons that wraps
OPTION_WIDTH = {"width": "22em"}          # an option's control
LABEL_IN_FULL = {"description_width": "initial"}   # an option's name is not cut short

__all__ = ["Table"]

DEFAULT_OPPONENTS = "rule-of-thumb"
MIN_CARD_BUTTONS = 13
ACTION_BUTTONS = 8


def player_kinds() -> list[str]:
    """The computer players that exist now (looked up at call time: kinds are being added)."""
    return list(players_module.PLAYER_KINDS)


def make_player(kind: str, seed: int | None):
    """A computer player of ``kind``, or a random one if that kind does not exist (yet)."""
    if kind not in players_module.PLAYER_KINDS:
        kind = "random"
    return players_module.make_player(kind, seed)


_sort_key = sort_key
_UNSET = object()    # no hand assigned to the card buttons yet


def _option_text(value: Any) -> str:
    if value is None:
        return "None"
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    return str(value)


def _parse_option_text(text: str) -> Any:
    text = text.strip()
    if text.lower() in ("", "none"):
        return None
    if text.lstrip("-").isdigit():
        return int(text)
    if " " in text or "," in text:
        return text.replace(",", " ").split()
    return text


class Table:
    """A card table for one of the games (or a match of it), built once and updated in place.

    Parameters: ``game`` (name or alias), ``seed`` (repeatable deal; random if None),
    ``players``, ``seat`` (the user's seat, or None to watch and step through every seat),
    ``open_hands`` (every hand face up; default: True when watching, else False),
    ``opponents`` (a kind from ``cardgames.players.PLAYER_KINDS``; "random" if it does not
    exist), ``match`` and ``target`` (play a match over ``cg.match``), ``four_colour``,
    ``auto`` (computer seats play at once until the user's next decision; default: True when
    the user has a seat), ``names`` (one per seat), and the game's options as keywords.

    Display it with ``display(table)`` (or ``table.widget``). The controls are attributes:
    ``card_buttons``, ``action_buttons``, ``next_button``, ``finish_trick_button``,
    ``finish_hand_button``, ``undo_button``, ``redo_button``, ``back_button``,
    ``forward_button``, ``hint_button``, ``message``, ``log``, ``score``, ``deal_button`` and
    the set-up controls, ``record_button``, ``replay_button`` and ``record_box`` (a record to
    keep, or one to replay step by step: ``replay(record)``); ``board`` is the header, the
    public information, the seats and the trick in one HTML widget; ``shown_card_buttons()``
    pairs the shown cards with their buttons (a card keeps its button while it stays in the
    hand; CSS ``order`` sorts the row); ``hand`` is the hand on the table and ``match`` the
    match (or None).

    A card or action click that comes within ``click_grace`` seconds of the table changing is
    refused with a message (see ``_stale_click``): it was aimed at the table as it was.
    """

    click_grace: float = 0.4

    def __init__(self, game: "str | Game" = "yukon", seed: int | None = None, *,
                 players: int | None = None, seat: int | None = 0,
                 open_hands: bool | None = None, opponents: str = DEFAULT_OPPONENTS,
                 match: bool = False, target: int | None = None, four_colour: bool = False,
                 auto: bool | None = None, names: Sequence[str] | None = None,
                 **options: Any):
        self.last_error: BaseException | None = None
        self.match: Match | None = None
        self._hand: Hand | None = None
        self._review = False            # a match hand just finished: show it until "Next hand"
        self._redo: list[tuple[int, Any, bool]] = []   # (seat, action, starts a redo group)
        self._declined: tuple = ()
        self._hinted: Any = None
        self._log: list[tuple[int, str]] = []
        self._shown_seat: int | None = None
        self._shown_cards: list[Card] = []         # the shown hand, sorted
        self._button_cards: list[Card | None] = []  # the card on each card button (None: spare)
        self._buttons_seat: Any = _UNSET             # whose hand the card buttons hold
        self._action_moves: list[tuple[int, Action]] = []
        self._option_boxes: dict[str, tuple[widgets.VBox, dict[str, widgets.Widget]]] = {}
        self._names_given = list(names) if names is not None else None
        self.deal_text_last = ""
        self.last_traceback = ""
        self._busy = False
        self._changed_at = float("-inf")   # when an action last changed the table
        self._ready = False
        self._pending: list[str] = []
        # the table's widgets share their layouts and styles (fewer models for a page to load);
        # so no layout or style is changed after it is made: looks are classes (styles.py)
        self._looks = SharedLooks()
        self._build(get_game(game))
        self.four_colour_box.value = four_colour
        self.opponents_select.value = opponents if opponents in self.opponents_select.options \
            else self.opponents_select.options[0]
        self._busy = True
        error_text = None
        try:
            self.new_deal(game, seed=seed, players=players, seat=seat, open_hands=open_hands,
                          opponents=opponents, match=match, target=target, auto=auto, **options)
        except SetupError:
            raise                       # a deal the rules refuse: no table to show
        except Exception as error:      # noqa: BLE001 - dealt, but a computer seat failed
            if self._hand is None and self.match is None:
                raise
            error_text = self._error(f"Something went wrong: {type(error).__name__}: {error}", error)
        finally:
            self._busy = False
        self._ready = True
        self.refresh()
        if error_text is None:
            self._show_pending()
        else:
            self.message.value = f'<span class="cg-error" role="alert">{escape(error_text)}</span>'

    # -- building the widgets (once) ---------------------------------------------------------

    def _button(self, description: str, css: str, handler: Callable[[], None], tooltip: str = "",
                style: str = "", width: str = "auto") -> widgets.Button:
        W, make = widgets, self._looks.make
        button = make(W.Button, description=description, tooltip=tooltip, button_style=style,
                      layout={"width": width})
        button.add_class(css)
        button.on_click(lambda _b: self._guarded(handler))
        return button

    def _build(self, game: Game) -> None:
        W, make = widgets, self._looks.make
        self.css = make(W.HTML, CSS)
        # The board is ONE HTML widget: the header, what the game shows in public, the seats
        # around the trick (a CSS grid; elements ``cg-seat-<n>``, ``cg-to-move``, ``cg-trick``)
        # and the label of the hand below. A click redraws it with one widget message; each
        # message costs a trip kernel -> server -> browser, the most of a click's time.
        self.board = make(W.HTML)
        self.board.add_class("cg-board")

        # cards and actions
        self.card_buttons: list[widgets.Button] = []
        self.cards_row = make(W.HBox, layout=ROW_WRAP)
        self.cards_row.add_class("cg-card-row")
        self._ensure_card_buttons(MIN_CARD_BUTTONS)
        self.action_buttons = [self._action_button(i) for i in range(ACTION_BUTTONS)]
        self.actions_row = make(W.HBox, self.action_buttons, layout=ROW_WRAP)

        # stepping and undo
        self.next_button = self._button("Next", "cg-next", self.next_step,
                                        "Let the computer take the next action", "primary")
        self.finish_trick_button = self._button("Finish trick", "cg-finish-trick",
                                                self.finish_trick,
                                                "Let the computer seats play to the end of this trick")
        self.finish_hand_button = self._button("Finish hand", "cg-finish-hand", self.finish_hand,
                                               "Let the computer seats play on to the end of the hand "
                                               "(stopping at your decisions)")
        self.undo_button = self._button("Undo", "cg-undo", self.undo,
                                        "Take back to your previous decision")
        self.redo_button = self._button("Redo", "cg-redo", self.redo, "Take again what was undone")
        self.back_button = self._button("◀ 1", "cg-back", self.back_one,
                                        "Step back one action (any seat)", width="3.5em")
        self.forward_button = self._button("1 ▶", "cg-forward", self.forward_one,
                                           "Step forward one action again", width="3.5em")
        self.hint_button = self._button("Hint", "cg-hint", self.hint,
                                        "The card the rule-of-thumb player would choose, and why",
                                        "info")
        self.auto_box = make(W.Checkbox, value=True, description="Computers play at once",
                             indent=False, layout={"width": "auto"})
        # Best play with all cards shown (cardgames.solver), for open hands only: the line
        # under the cards gives what each legal action secures to the end of the hand.
        self.best_play_box = make(W.Checkbox, value=False, description="Best play (open hands)",
                                  indent=False, layout={"width": "auto"},
                                  tooltip="With every hand face up: what each legal action "
                                          "secures to the end of the hand if everybody plays "
                                          "perfectly (exact search, the last few tricks)")
        self.best_play_box.add_class("cg-best-play-box")
        self.best_play = make(W.HTML)
        self.best_play.add_class("cg-best-play")
        self._solved: tuple[Any, str] | None = None    # (position, words): the last search
        self.controls = make(W.HBox, [self.next_button, self.finish_trick_button,
                                      self.finish_hand_button, self.undo_button, self.redo_button,
                                      self.back_button, self.forward_button, self.hint_button,
                                      self.auto_box, self.best_play_box],
                             layout=ROW_WRAP)

        # words and scores
        self.message = make(W.HTML)
        self.message.add_class("cg-message")
        self.log = make(W.HTML)
        self.log.add_class("cg-log")
        self.score = make(W.HTML)
        self.score.add_class("cg-score")
        self.match_score = make(W.HTML)
        self.match_score.add_class("cg-match-score")
        # The story and the score sheets are redrawn only while their panel is open (and
        # when it opens): a closed panel costs a click nothing.
        self.story = make(W.Accordion, [make(W.VBox, [self.log])], titles=("Story of the hand",))
        self.sheets = make(W.Accordion, [make(W.VBox, [self.score, self.match_score])],
                           titles=("Score sheet",), selected_index=0)
        for panel in (self.story, self.sheets):
            panel.observe(lambda _c: self._guarded(self._refresh_panels, quiet=True),
                          names="selected_index")
        self.record_button = self._button(
            "Record", "cg-record", self.show_record,
            "The record of this hand to save: the whole hand with open hands (cg.load replays "
            "it), or only what your seat saw with hidden hands")
        self.replay_button = self._button(
            "Replay", "cg-replay", self.replay_from_box,
            "Set out the hand recorded in the box at its start, every hand face up, to step "
            "through it with 1 ▶ (paste a record kept from the Record button)")
        self.record_box = make(W.Textarea, layout={"width": "100%", "height": "8em"},
                               placeholder="A record to replay: paste it here, then Replay")
        self.record_box.add_class("cg-record-text")
        self.record_panel = make(W.Accordion,
                                 [make(W.VBox, [make(W.HBox, [self.record_button,
                                                              self.replay_button]),
                                                self.record_box])],
                                 titles=("Record",))

        # set-up: a new deal
        self.game_select = make(W.Dropdown, options=[(g.title, name) for name, g in GAMES.items()],
                                value=game.name, description="Game")
        self.players_select = make(W.Dropdown, description="Players")
        self.seat_select = make(W.Dropdown, description="Your seat")
        self.opponents_select = make(W.Dropdown, options=player_kinds() or ["random"],
                                     description="Opponents")
        self.seed_box = make(W.IntText, description="Seed", layout={"width": "14em"})
        self.random_seed_button = self._button("🎲", "cg-random-seed", self._random_seed,
                                               "A new random seed", width="3em")
        self.open_hands_box = make(W.Checkbox, description="Open hands (all face up)",
                                   indent=False)
        self.four_colour_box = make(W.Checkbox, description="Four-colour suits", indent=False)
        self.match_box = make(W.Checkbox, description="Play a match", indent=False)
        self.target_box = make(W.IntText, value=0, description="Target",
                               tooltip="Points to win the match (0: the game's own target)",
                               layout={"width": "12em"})
        self.options_area = make(W.VBox)
        self.deal_button = self._button("Deal", "cg-deal", self.deal_from_controls,
                                        "Deal a new hand with these settings", "success")
        self.deal_text = make(
            W.Textarea, placeholder="North: ...\nEast: ...\nSouth: ...\nWest: ...\nstock: ...",
            layout={"width": "100%", "height": "7em"})
        self.deal_text_help = make(
            W.HTML, "<small>One line of cards per seat, e.g. <code>North: AS KH 10D 9C JK</code> "
            "(rank 2-9, T or 10, J, Q, K, A; suit S H D C or ♠ ♥ ♦ ♣), then "
            "<code>stock:</code> with the undealt cards, the first drawn first; "
            "<code>dealer: 3</code> if needed.</small>")
        self.deal_text_help.add_class("cg-option-doc")   # static help, not the deal
        self.deal_text_button = self._button("Deal these cards", "cg-deal-text",
                                             self.deal_from_text,
                                             "Set the deal up from the text (it is then cleared, "
                                             "so the hidden hands stay hidden)")
        self.setup = make(W.VBox, [
            make(W.HBox, [self.game_select, self.players_select, self.seat_select],
                 layout=ROW_WRAP),
            make(W.HBox, [self.opponents_select, self.seed_box, self.random_seed_button],
                 layout=ROW_WRAP),
            make(W.HBox, [self.open_hands_box, self.four_colour_box, self.match_box,
                          self.target_box], layout=ROW_WRAP),
            make(W.HTML, "<b>Options</b> (each with what it changes)"),
            self.options_area,
            self.deal_button,
            make(W.HTML, "<b>Or set a deal up by hand</b>"), self.deal_text_help,
            self.deal_text, self.deal_text_button,
        ])
        self.setup_panel = make(W.Accordion, [self.setup], titles=("New deal",))
        self.game_select.observe(lambda _c: self._guarded(self._on_game_change), names="value")
        self.players_select.observe(lambda _c: self._guarded(self._on_players_change),
                                    names="value")
        self.four_colour_box.observe(lambda _c: self._guarded(lambda: None, looks_only=True),
                                     names="value")
        self.best_play_box.observe(lambda _c: self._guarded(self._refresh_best_play, quiet=True),
                                   names="value")
        self.open_hands_box.observe(lambda _c: self._guarded(self._on_open_hands, looks_only=True),
                                    names="value")
        self._on_game_change()

        self.widget = make(W.VBox, [self.css, self.board, self.cards_row, self.actions_row,
                              self.best_play, self.controls, self.message, self.sheets, self.story,
                              self.record_panel, self.setup_panel])
        self.widget.add_class("cg-table")

    def _ensure_card_buttons(self, count: int) -> None:
        """Grow the pool of card buttons (only when a deal needs more than ever before)."""
        W, make = widgets, self._looks.make
        while len(self.card_buttons) < count:
            index = len(self.card_buttons)
            button = make(W.Button, disabled=True, style={"font_weight": "bold"},
                          layout={"width": CARD_WIDTH, "height": CARD_HEIGHT})
            button.add_class("cg-card")
            button.add_class("cg-spare")
            button.on_click(lambda _b, i=index: self._guarded(self._click_card, i))
            self.card_buttons.append(button)
            self._button_cards.append(None)
        if tuple(self.cards_row.children) != tuple(self.card_buttons):
            self.cards_row.children = tuple(self.card_buttons)

    def _action_button(self, index: int) -> widgets.Button:
        W, make = widgets, self._looks.make
        button = make(W.Button, layout={"width": "auto"}, button_style="warning", disabled=True)
        button.add_class("cg-action")
        button.add_class("cg-spare")
        button.on_click(lambda _b: self._guarded(self._click_action, index))
        return button

    def __repr__(self) -> str:
        return f"<Table: {self.hand!r}, seat {self.seat}>"

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)

    # -- the guard: every callback goes through it ----------------------------------------------

    def _guarded(self, fn: Callable[..., Any], *args: Any, quiet: bool = False,
                 looks_only: bool = False, **kwargs: Any) -> Any:
        """Run a callback; redraw; show what happened, or the exception, in the message line.

        A callback fired inside another (a control changed while dealing) just runs: the
        outer one redraws and reports. With ``quiet=True`` (a panel opened) only ``fn`` runs:
        the table is not redrawn and the message line changes only to show an exception.
        With ``looks_only=True`` (four colours, open hands) the table is redrawn but the
        message line keeps what it said: nothing happened in the hand."""
        if self._busy:
            return fn(*args, **kwargs)
        self._busy = True
        if not (quiet or looks_only):
            self._pending = []
        error_text = None
        result = None
        try:
            result = fn(*args, **kwargs)
        except IllegalAction as error:
            error_text = self._error(f"Not allowed: {self._words(str(error))}", error)
        except SetupError as error:
            error_text = self._error(f"Cannot deal: {self._words(str(error))}", error)
        except RecordError as error:
            error_text = self._error(f"Cannot replay: {error}", error)
        except Exception as error:  # noqa: BLE001 - shown to the user, kept in last_error
            error_text = self._error(f"Something went wrong: {type(error).__name__}: {error}", error)
        finally:
            self._busy = False
        try:
            if self._ready and not quiet:
                self.refresh()
        except Exception as error:  # noqa: BLE001
            error_text = error_text or self._error(
                f"Something went wrong while drawing the table: {type(error).__name__}: {error}", error)
        if error_text is not None:
            self.message.value = f'<span class="cg-error" role="alert">{escape(error_text)}</span>'
        elif self._ready and not (quiet or looks_only):
            self._show_pending()
        return result

    def _error(self, text: str, error: BaseException) -> str:
        self.last_error = error
        self.last_traceback = traceback.format_exc()
        return text

    def _say(self, lines: Sequence[str], record: bool = True) -> None:
        """Words for the message line (and, if ``record``, for the story of the hand)."""
        lines = [line for line in lines if line]
        if record:
            count = self._action_count()
            self._log.extend((count, line) for line in lines)
        self._pending.extend(lines)

    def _show_pending(self) -> None:
        lines = list(self._pending)
        more = len(lines) - 5
        if more > 0:
            lines = [f"… {more} earlier events in the story below."] + lines[-5:]
        prompt = self._prompt()
        if prompt and prompt not in lines:
            lines.append(prompt)
        self.message.value = "<br>".join(escape(line) for line in lines)
        self._pending = []

    def _words(self, text: str) -> str:
        return rt.name_seats(text, self.names) if getattr(self, "names", None) else text

    # -- dealing --------------------------------------------------------------------------------

    def new_deal(self, game: "str | Game | None" = None, seed: int | None = None, *,
                 players: int | None = None, seat: int | None = 0,
                 open_hands: bool | None = None, opponents: str | None = None,
                 match: bool = False, target: int | None = None, auto: bool | None = None,
                 hands: Sequence[Any] | None = None, stock: Any = None,
                 dealer: int | None = None, **options: Any) -> None:
        """Deal (or start a match) and show it. The widgets stay; their traits change.

        Called from code, a bad deal raises (``SetupError`` saying what is allowed) and the table
        keeps its hand; from the table's own controls it is shown in the message line."""
        direct = not self._busy
        if direct:
            self._pending = []
        game = get_game(game if game is not None else self.game_select.value)
        if seed is None and hands is None:
            seed = random.SystemRandom().randrange(1, 10**6)
        if match:
            if hands is not None:
                raise SetupError("a match is dealt from a seed, not from cards set up by hand")
            new_match = game.match(seed, players=players, target=target, **options)
            new_hand = new_match.hand
        else:
            new_match = None
            new_hand = game.deal(seed, hands=hands, stock=stock, players=players, dealer=dealer,
                                 **options)
        self._take_hand(game, new_hand, new_match, seed=seed, seat=seat, open_hands=open_hands,
                        opponents=opponents, auto=auto, settings=(players, options, match, target))
        if direct and self._ready:
            self.refresh()
            self._show_pending()

    def replay(self, record: "str | Hand | Match") -> None:
        """Set a recorded hand out at its start, to step through it: ``1 ▶`` (or Redo) takes the
        next recorded action, ``◀ 1`` steps back. Every hand is face up and the user watches.

        ``record`` is a record's text (``Table.record_for_user()``, ``hand.to_json()``), a hand
        or a match (its hand in play). A record that cannot be replayed (corrupt, tampered, or a
        seat's record without the hidden cards) raises ``cg.RecordError`` saying why, and the
        table keeps its hand; from the Replay button the reason is shown in the message line."""
        direct = not self._busy
        if direct:
            self._pending = []
        loaded = load(record) if isinstance(record, str) else record
        recorded = loaded.hand if isinstance(loaded, Match) else loaded
        start = recorded.replayed([])
        moves = list(recorded.history)
        self._take_hand(start.game, start, None, seed=start.seed, seat=None, open_hands=True,
                        opponents=None, auto=False,
                        settings=(start.players, dict(start.options), False, None))
        self._redo = [(seat, move, True) for seat, move in reversed(moves)]
        self._say([f"A recorded hand of {start.game.title}, at its start: 1 ▶ takes the next of "
                   f"its {len(moves)} recorded actions, ◀ 1 steps back."], record=False)
        if direct and self._ready:
            self.refresh()
            self._show_pending()

    def _take_hand(self, game: Game, new_hand: Hand, new_match: Match | None, *,
                   seed: int | None, seat: int | None, open_hands: bool | None,
                   opponents: str | None, auto: bool | None,
                   settings: tuple[int | None, dict[str, Any], bool, int | None]) -> None:
        """Put a new hand (or match) on the table: seats, players, controls, the first words.
        ``settings`` (players, options, match, target) is what the set-up controls show."""
        seats = new_hand.seats
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < seats):
            raise SetupError(f"seat must be None (watch) or a seat from 0 to {seats - 1}, not {seat!r}")
        self.game = game
        self.match = new_match
        self._hand = None if new_match else new_hand
        self.record_box.value = ""
        self.seed = seed
        self.seat = seat
        self.open_hands = (seat is None) if open_hands is None else bool(open_hands)
        self.opponents = opponents or self.opponents_select.value
        self.names = rt.seat_names(new_hand, self._names_given if self._names_given and
                                   len(self._names_given) == seats else None)
        base = seed if seed is not None else 0
        self.computer_players = {s: make_player(self.opponents, base * 31 + s) for s in range(seats)}
        self.advisor = make_player("rule-of-thumb", base)
        self._review = False
        self._redo = []
        self._declined = ()
        self._hinted = None
        self._log = []
        self._buttons_seat = _UNSET      # a new hand: its cards fill the buttons in order
        size = max(MIN_CARD_BUTTONS, max(len(h) for h in new_hand.hands))
        self._ensure_card_buttons(size)
        players, options, match, target = settings
        self._sync_controls(game, new_hand, players, seat, options, match, target)
        with self.auto_box.hold_sync():
            self.auto_box.value = (seat is not None) if auto is None else bool(auto)
        what = "A match" if new_match else "A new hand"
        how = f"seed {seed}" if seed is not None else "cards set up by hand"
        self._say([f"{what} of {game.title} ({how}); {self.names[new_hand.dealer]} deals. "
                   ], record=False)
        if self.auto_box.value:
            self._run_computers()

    def _sync_controls(self, game: Game, hand: Hand, players: int | None, seat: int | None,
                       options: dict[str, Any], match: bool, target: int | None) -> None:
        """Make the set-up controls show the deal just made (so it can be repeated)."""
        self._syncing = True
        try:
            if self.game_select.value != game.name:
                self.game_select.value = game.name
            self._on_game_change()
            self.players_select.value = hand.players
            self._on_players_change()
            self.seat_select.value = seat
            if self.seed is not None:
                self.seed_box.value = self.seed
            self.open_hands_box.value = self.open_hands
            self.match_box.value = bool(match)
            self.target_box.value = target or 0
            if self.opponents in self.opponents_select.options:
                self.opponents_select.value = self.opponents
            _box, controls = self._option_boxes[game.name]
            for name, control in controls.items():
                value = options.get(name, game.options[name].default)
                if isinstance(control, widgets.Text):
                    control.value = _option_text(value)
                else:
                    control.value = value
        finally:
            self._syncing = False

    def _on_game_change(self) -> None:
        game = get_game(self.game_select.value)
        counts = list(game.player_counts)
        with self.players_select.hold_sync():
            self.players_select.options = [(str(n), n) for n in counts]
            self.players_select.value = game.default_players
        self._on_players_change()
        self.options_area.children = (self._options_box(game),)

    def _on_players_change(self) -> None:
        game = get_game(self.game_select.value)
        players = self.players_select.value or game.default_players
        seats = game.hand_class.seats_for(players)
        names = list(rt.COMPASS.get(seats, [f"Seat {s}" for s in range(seats)]))
        old = self.seat_select.value
        with self.seat_select.hold_sync():
            self.seat_select.options = [("None: watch every seat", None)] + \
                [(f"{name} (seat {s})", s) for s, name in enumerate(names)]
            self.seat_select.value = old if old is None or old < seats else 0

    def _on_open_hands(self) -> None:
        if getattr(self, "_syncing", False) or not self._ready:
            return
        self.open_hands = self.open_hands_box.value

    def _options_box(self, game: Game) -> widgets.VBox:
        """The controls for a game's options, built the first time the game is chosen."""
        W, make = widgets, self._looks.make
        if game.name not in self._option_boxes:
            rows, controls = [], {}
            for name, option in game.options.items():
                if option.choices and all(isinstance(c, bool) for c in option.choices):
                    control = make(W.Checkbox, value=bool(option.default), description=name,
                                   indent=False, layout=OPTION_WIDTH)
                elif option.choices:
                    control = make(W.Dropdown, options=[(str(c), c) for c in option.choices],
                                   value=option.default, description=name,
                                   style=LABEL_IN_FULL, layout=OPTION_WIDTH)
                else:
                    control = make(W.Text, value=_option_text(option.default), description=name,
                                   style=LABEL_IN_FULL, layout=OPTION_WIDTH)
                control.add_class("cg-option")
                doc = make(W.HTML, f'<small>{escape(option.doc)}</small>',
                           layout={"width": "36em"})
                doc.add_class("cg-option-doc")   # static text: the rule book, not the deal
                rows.append(make(W.HBox, [control, doc]))
                controls[name] = control
            self._option_boxes[game.name] = (make(W.VBox, rows), controls)
        return self._option_boxes[game.name][0]

    def chosen_options(self) -> dict[str, Any]:
        """The options as the controls now show them (only those that differ from the default)."""
        game = get_game(self.game_select.value)
        _box, controls = self._option_boxes[game.name]
        chosen = {}
        for name, control in controls.items():
            value = control.value
            if isinstance(control, widgets.Text):
                value = _parse_option_text(value)
            if value != game.options[name].default:
                chosen[name] = value
        return chosen

    def deal_from_controls(self) -> None:
        """The Deal button: a new hand (or match) with the settings the controls show."""
        target = self.target_box.value or None
        self.new_deal(self.game_select.value, seed=self.seed_box.value,
                      players=self.players_select.value, seat=self.seat_select.value,
                      open_hands=self.open_hands_box.value, opponents=self.opponents_select.value,
                      match=self.match_box.value, target=target, **self.chosen_options())

    def deal_from_text(self) -> None:
        """A deal set up by hand from the text box: one line per seat, then the stock."""
        game = get_game(self.game_select.value)
        players = self.players_select.value
        seats = game.hand_class.seats_for(players)
        names = list(rt.COMPASS.get(seats, [f"Seat {s}" for s in range(seats)]))
        text = self.deal_text.value
        setup = rt.parse_deal_text(text, seats, names, game.deal_keywords)
        self.new_deal(game, seed=None, players=players, seat=self.seat_select.value,
                      open_hands=self.open_hands_box.value, opponents=self.opponents_select.value,
                      **setup, **self.chosen_options())
        self.deal_text_last = text
        self.deal_text.value = ""

    def _random_seed(self) -> None:
        self.seed_box.value = random.SystemRandom().randrange(1, 10**6)

    # -- the state ----------------------------------------------------------------------------

    @property
    def hand(self) -> Hand:
        """The hand on the table (in a match: the current one, or the one just finished)."""
        if self.match is None:
            assert self._hand is not None
            return self._hand
        if self._review and not self.match.is_over and self.match.hands:
            return self.match.hands[-1]
        return self.match.hand

    def _target(self) -> "Hand | Match":
        return self.match if self.match is not None else self.hand

    def _action_count(self) -> int:
        if self.match is not None:
            return len(self.match.actions)
        return len(self._hand.history) if self._hand is not None else 0

    def _last_action(self) -> tuple[int, Any] | None:
        if self.match is not None:
            actions = self.match.actions
            return actions[-1][1:] if actions else None
        history = self.hand.history
        return history[-1] if history else None

    def user_controls(self, seat: int) -> bool:
        """Does the user decide for ``seat``? (Their own seat, the dummy they play; when
        watching with open hands, every seat: a teacher may click for whoever is to move.)"""
        if self._review:
            return False
        if self.seat is None:
            return self.open_hands
        return self.hand.controller(seat) == self.seat

    def is_computer(self, seat: int) -> bool:
        return self.seat is None or self.hand.controller(seat) != self.seat

    def _user_open_actions(self) -> list[tuple[int, Action]]:
        hand = self.hand
        if hand.is_over or self._review:
            return []
        found = []
        for seat, actions in hand.open_actions_by_seat().items():
            if self.seat is not None and hand.controller(seat) == self.seat or \
                    self.seat is None and self.open_hands:
                found.extend((seat, a) for a in actions)
        return found

    def _visible_hands(self) -> list[list[Card | None]]:
        """Each seat's cards as the user may see them: None for a card face down."""
        hand = self.hand
        if self.open_hands:
            return [list(h) for h in hand.hands]
        if self.seat is None:
            return [hand.as_others_see(seat) for seat in range(hand.seats)]
        return [list(h) for h in hand.view(self.seat).hands]

    def _prompt(self) -> str:
        hand = self.hand
        if self.match is not None and self.match.is_over:
            return f"The match is over: {self._words(self.match.end_reason)}."
        if self._review:
            return "The hand is over. Press Next hand to deal the next one."
        if hand.is_over:
            return "The hand is over. Undo to step back through it, or deal a new hand."
        mover = hand.to_move
        if mover is not None and self.user_controls(mover):
            doing = {Phase.DISCARD: "choose a card to discard", Phase.DOUBLING: "pass or double",
                     Phase.PLAY: "play a card"}.get(hand.phase, "act")
            if hand.legal_actions().named and hand.phase is Phase.PLAY:
                doing += " (or take one of the actions shown)"
            name = self.names[mover]
            if self.seat is None:             # watching: the user may act for every seat
                if self._redo:
                    return (f"{name} to move: 1 ▶ takes the next recorded action; {doing} for "
                            f"{name} to try another instead.")
                return (f"{name} to move: {doing} for {name}, or press Next to let the computer "
                        "choose.")
            who = "you" if mover == self.seat else f"you, for {name}"
            return f"Your turn ({who}): {doing}."
        if self._user_open_actions():
            return "You may take an action shown now, or press Next to let the moment pass."
        if mover is not None:
            return f"{self.names[mover]} to move: press Next (or Finish trick / Finish hand)."
        return ""

    # -- actions ---------------------------------------------------------------------------------

    def _apply(self, move: Any, seat: int | None = None, redoing: bool = False) -> None:
        """Every action goes through here: apply, say what happened, watch for a hand's end."""
        hand = self.hand
        actor = hand.to_move if seat is None else seat
        before = rt.Snapshot(hand)
        self._target().apply(move, seat)
        self._changed_at = time.monotonic()
        self.record_box.value = ""
        if not redoing:
            self._redo = []
        self._hinted = None
        reveal = range(hand.seats) if self.open_hands else \
            [s for s in range(hand.seats) if self.seat is not None and hand.controller(s) == self.seat]
        events = rt.describe_changes(before, hand, self.names, reveal_seats=list(reveal))
        if actor is not None and not self.is_computer(actor):
            self._declined = ()
        if self.match is not None and (self.match.hand is not hand or self.match.is_over):
            if self.match.is_over:
                events.append(f"The match is over: {self._words(self.match.end_reason)}.")
            else:
                self._review = True
                scores = ", ".join(f"{u} {s}" for u, s in
                                   zip(rt.unit_names(hand, self.names), self.match.scores))
                events.append(f"Match scores: {scores}.")
        self._say(events)

    def record_for_user(self) -> str:
        """The record the user may keep: the whole hand (or match) when every hand is open or
        the user watches; with hidden hands, only what the user's seat saw (no hidden card)."""
        if self.open_hands or self.seat is None:
            return (self.match or self.hand).to_json()
        return self.hand.view(self.seat).to_json()

    def show_record(self) -> None:
        self.record_box.value = self.record_for_user()
        self._say(["The record is in the box below: copy it to keep it."], record=False)

    def replay_from_box(self) -> None:
        """The Replay button: the record pasted in the box, set out at its start."""
        text = self.record_box.value.strip()
        if not text:
            raise RecordError("the box is empty: paste a record there (one kept from the Record "
                              "button, or a hand's to_json()), then click Replay")
        self.replay(text)

    def _stale_click(self) -> None:
        """Buttons are reused in place, so a click that arrives just after the table changed (the
        second click of a double click, or a click made while the computer seats were playing)
        was aimed at what the button showed before: refuse it rather than play another card."""
        if time.monotonic() - self._changed_at < self.click_grace:
            raise IllegalAction("that click came just as the table changed (a double click, or a "
                                "click while the computer seats were playing), so nothing was "
                                "played: look at the table again and click once")

    def _click_card(self, index: int) -> None:
        self._stale_click()
        card = self._button_cards[index]
        if card is None:
            raise IllegalAction("that button shows no card now: look at the table again")
        seat = self._shown_seat
        hand = self.hand
        if seat is None or seat != hand.to_move:
            raise IllegalAction(hand.why_illegal(card, seat) or "not your turn", card, seat)
        self._apply(card)
        self._after_user_action()

    def _click_action(self, index: int) -> None:
        self._stale_click()
        seat, action = self._action_moves[index]
        hand = self.hand
        self._apply(action, None if seat == hand.to_move else seat)
        self._after_user_action()

    def _after_user_action(self) -> None:
        if self.auto_box.value:
            self._run_computers()

    def computer_step(self) -> bool:
        """One action by a computer seat: an open declaration it wants, else the seat to move
        if a computer decides for it. False when nothing was done (the user's turn, the end)."""
        hand = self.hand
        if hand.is_over or self._review:
            return False
        for seat, actions in hand.open_actions_by_seat().items():
            if self.is_computer(seat):
                decider = hand.controller(seat)
                chosen = self.computer_players[decider].declare(SeatView(hand, decider), actions)
                if chosen is not None:
                    self._apply(chosen, seat)
                    return True
        mover = hand.to_move
        if mover is None or not self.is_computer(mover):
            return False
        decider = hand.controller(mover)
        self._apply(self.computer_players[decider].choose(SeatView(hand, decider)))
        return True

    def _user_must_decide(self) -> bool:
        """Should the computers stop for the user? (Their turn, or a new chance to declare.)"""
        hand = self.hand
        if hand.to_move is not None and not self.is_computer(hand.to_move):
            return True
        open_now = tuple(self._user_open_actions())
        if open_now and open_now != self._declined:
            return True
        return False

    def _run_computers(self, stop: Callable[[], bool] | None = None, limit: int = 5000) -> int:
        """Let the computer seats act until the user must decide, the hand ends or ``stop()``."""
        steps = 0
        hand = self.hand
        while steps < limit and not self._review and self.hand is hand and not hand.is_over:
            if self._user_must_decide():
                break
            if stop is not None and stop():
                break
            if not self.computer_step():
                break
            steps += 1
        return steps

    def next_step(self) -> None:
        """Next: the computer takes one action (or, after a match hand, the next hand starts)."""
        if self._review:
            self._review = False
            self._log = []
            self._say([f"Hand {len(self.match.hands) + 1}: {self.names[self.hand.dealer]} deals."],
                      record=False)
            if self.auto_box.value:
                self._run_computers()
            return
        self._declined = tuple(self._user_open_actions())
        if not self.computer_step():
            self._say(["Nothing for the computer to do now."], record=False)
        elif self.auto_box.value and self.seat is not None:
            self._run_computers()

    def finish_trick(self) -> None:
        """The computer seats play on to the end of this trick (stopping for the user)."""
        hand = self.hand
        self._declined = tuple(self._user_open_actions())
        count = len(hand.tricks)
        self._run_computers(stop=lambda: len(hand.tricks) > count)

    def finish_hand(self) -> None:
        """The computer seats play on to the end of the hand (stopping for the user)."""
        self._declined = tuple(self._user_open_actions())
        self._run_computers()

    # -- undo and redo ----------------------------------------------------------------------------

    def _undo_one(self) -> tuple[int, Any]:
        last = self._last_action()
        if last is None:
            raise IllegalAction("there is nothing to undo: no action has been taken"
                                + (" in this match" if self.match else " in this hand"))
        self._target().undo()
        self._review = False
        self._hinted = None
        count = self._action_count()
        self._log = [(n, line) for n, line in self._log if n <= count]
        return last

    def undo(self) -> None:
        """Back to the user's previous decision (the computer actions since then are undone
        too). Watching, or with no decision of the user's yet: one action, or to the start."""
        if self.seat is None:
            self.back_one()
            return
        undone: list[tuple[int, Any]] = []
        while True:
            last = self._last_action()
            if last is None:
                break
            seat = last[0]
            was_user = self.hand.controller(seat) == self.seat
            undone.append(self._undo_one())
            if was_user:
                break
        if not undone:
            raise IllegalAction("there is nothing to undo: no action has been taken yet")
        entries = [(s, m, i == len(undone) - 1) for i, (s, m) in enumerate(undone)]
        self._redo.extend(entries)
        self._declined = ()
        count = len(undone)
        self._say([f"Undone {count} action{'s' if count != 1 else ''}: back to your "
                   f"previous decision." if self.hand.history or self.match else
                   f"Undone {count} action{'s' if count != 1 else ''}: back to the start."],
                  record=False)

    def redo(self) -> None:
        """Take again what the last Undo took back."""
        if not self._redo:
            raise IllegalAction("there is nothing to redo")
        first = True
        while self._redo and (first or not self._redo[-1][2]):
            seat, move, _start = self._redo.pop()
            self._apply(move, None if seat == self.hand.to_move else seat, redoing=True)
            first = False

    def back_one(self) -> None:
        """Step back one action, whoever took it."""
        seat, move = self._undo_one()
        self._redo.append((seat, move, True))
        self._say([f"Stepped back one action ({self.names[seat]}'s)."], record=False)

    def forward_one(self) -> None:
        """Step forward one action that was stepped back (or undone)."""
        if not self._redo:
            raise IllegalAction("there is nothing to step forward to")
        seat, move, _start = self._redo.pop()
        self._apply(move, None if seat == self.hand.to_move else seat, redoing=True)
        if self._redo and not self._redo[-1][2]:
            # what remains of a group undone together is now a group of its own
            s, m, _ = self._redo[-1]
            self._redo[-1] = (s, m, True)

    # -- hint -----------------------------------------------------------------------------------

    def hint(self) -> None:
        """What the rule-of-thumb player would do in the user's place, and why."""
        hand = self.hand
        mover = hand.to_move
        if mover is not None and self.user_controls(mover):
            decider = hand.controller(mover)
            advice = self.advisor.advise(SeatView(hand, decider))
            self._hinted = advice.action
            label = advice.action.label if hasattr(advice.action, "label") else str(advice.action)
            self._say([f"Hint: {label}. {self._words(advice.reason)}"], record=False)
        elif self._user_open_actions():
            seat, _ = self._user_open_actions()[0]
            actions = [a for s, a in self._user_open_actions() if s == seat]
            chosen = self.advisor.declare(SeatView(hand, hand.controller(seat)), actions)
            self._hinted = chosen
            self._say([f"Hint: {chosen.label}." if chosen is not None else
                       "Hint: let the moment pass (press Next)."], record=False)
        else:
            self._say(["No hint: it is not your decision now. " + self._prompt()], record=False)

    # -- drawing the table ----------------------------------------------------------------------------
    #
    # A click costs a trip kernel -> server -> browser for each widget message it sends, and
    # those trips are most of its time: so the board is one HTML widget, a card keeps its
    # button while it stays in the hand (a played card costs one message, hiding its button),
    # a button's looks are classes (one message, not one per style widget), traitlets sends
    # nothing for a value that did not change, closed panels are not redrawn, and the message
    # line is the last widget updated (a browser waiting for it sees the whole redraw).

    def refresh(self) -> None:
        """Bring every widget up to date with the hand (traits only; no widget is created)."""
        hand = self.hand
        four = self.four_colour_box.value
        visible = self._visible_hands()
        mover = hand.to_move
        # Which hand the card buttons show: the one the user decides for now, else their own.
        if mover is not None and self.user_controls(mover) and None not in visible[mover]:
            shown = mover
        elif self.seat is not None:
            shown = self.seat
        elif self.open_hands and mover is not None:
            shown = mover
        else:
            shown = None
        self._shown_seat = shown
        cards = sorted([c for c in visible[shown] if c is not None], key=_sort_key) \
            if shown is not None else []
        self._shown_cards = cards

        if four:
            self.widget.add_class("cg-four-colour")
        else:
            self.widget.remove_class("cg-four-colour")
        self.board.value = self._board_html(hand, visible, shown, cards, four)
        self._refresh_card_buttons(hand, shown, cards)
        self._refresh_action_buttons(hand)
        self._refresh_controls(hand)
        self._refresh_best_play()
        self._refresh_panels()

    def _board_html(self, hand: Hand, visible: list[list[Card | None]], shown: int | None,
                    cards: list[Card], four: bool) -> str:
        """The header, the public information, the seats around the trick, the hand's label."""
        names = self.names
        mover = hand.to_move
        title = f"{self.game.title}" + (f" — match, hand {len(self.match.hands) + (0 if self._review else 1)}"
                                        if self.match is not None else "")
        deal = f"seed {self.seed}" if hand.seed is not None else "set up by hand"
        state = ("over" if hand.is_over else
                 f"trick {hand.trick_number}, {hand.phase.value} phase, "
                 f"{names[mover]} to move" if mover is not None else "")
        header = (f'<div class="cg-header"><b>{escape(title)}</b> · {hand.players} players · '
                  f'{escape(deal)} · dealer {escape(names[hand.dealer])} · {escape(state)}</div>')
        info = f'<div class="cg-info">{rt.public_info_html(hand, names)}</div>'

        # the arena: the user's seat at the bottom, the others around the trick
        n = hand.seats
        bottom = self.seat if self.seat is not None else (n // 2 if n in (2, 4) else 0)
        if n == 4:
            top, left, right = (bottom + 2) % 4, (bottom + 1) % 4, (bottom + 3) % 4
            areas = f"'. s{top} .' 's{left} trick s{right}' '. s{bottom} .'"
            columns = "1fr 2fr 1fr"
        else:
            others = [(bottom + i) % n for i in range(1, n)]
            k = max(1, len(others))
            areas = ("'" + " ".join(f"s{s}" for s in others) + "' " if others else "") + \
                "'" + " ".join(["trick"] * k) + "' '" + " ".join([f"s{bottom}"] * k) + "'"
            columns = f"repeat({k}, 1fr)"
        seats = "".join(self._seat_html(hand, seat, visible[seat], shown, cards, four)
                        for seat in range(n))
        arena = (f'<div class="cg-arena" style="grid-template-areas: {areas}; '
                 f'grid-template-columns: {columns}">{seats}'
                 f'<div class="cg-trick" style="grid-area: trick">{self._trick_html(hand, four)}'
                 f'</div></div>')

        if shown is None:
            label = "<i>Watching with hidden hands: press Next to step.</i>"
        else:
            whose = "Your hand" if shown == self.seat else f"{names[shown]}'s hand"
            if self.seat is not None and shown != self.seat:
                whose += f" (you play it for {names[self.seat]})"
            label = f"<b>{escape(whose)}</b>"
        return f'{header}{info}{arena}<div class="cg-hand-label">{label}</div>'

    def _seat_html(self, hand: Hand, seat: int, row: list[Card | None], shown: int | None,
                   cards: list[Card], four: bool) -> str:
        names = self.names
        side = rt.side_label(hand, seat, names)
        you = " (you)" if self.seat == seat else ""
        if self.seat is not None and seat != self.seat and hand.controller(seat) == self.seat:
            you = " (you play it)"
        dummy = hand.controller(seat) != seat
        if seat == shown and cards:
            content = f"{len(row)} cards: below"
        else:
            up = [c for c in row if c is not None]
            down = sum(1 for c in row if c is None)
            parts = []
            if up:
                parts.append("".join(rt.card_face_html(c, four) for c in sorted(up, key=_sort_key)))
            if down or not up:
                parts.append(rt.face_down_html(down))
            content = " ".join(parts)
        moving = seat == hand.to_move
        css = f"cg-seat cg-seat-{seat}" + (" cg-to-move" if moving else "")
        marker = " ◀ to move" if moving else ""
        return (f'<div class="{css}" style="grid-area: s{seat}"><b>{escape(names[seat])}</b>'
                f'{escape(you)}{" · dummy" if dummy else ""}{escape(marker)}<br>'
                f'<small>{escape(side) + " · " if side else ""}'
                f'points {hand.score[hand.side(seat)]}</small><br>{content}</div>')

    def _trick_html(self, hand: Hand, four: bool) -> str:
        """The trick: its title, a slot per seat in playing order, the last trick."""
        names = self.names
        n = hand.seats
        current = list(hand.trick)
        finished = hand.tricks[-1] if hand.tricks else None
        showing_last = not current and finished is not None
        plays = finished.cards if showing_last else current
        leader = finished.leader if showing_last else hand.leader
        order = [(leader + i) % n for i in range(n)]
        winner = finished.winner if showing_last else (hand.current_winner() if current else None)
        played = dict((s, c) for s, c in plays)
        slots = []
        for seat in order:
            card = played.get(seat)
            face = rt.card_face_html(card, four) if card is not None else "<span>·</span>"
            mark = ""
            if winner == seat:
                mark = " ✔ won" if showing_last else " ★ winning"
            slots.append(f'<div class="cg-slot"><small>{escape(names[seat])}{escape(mark)}'
                         f'</small><br>{face}</div>')
        if showing_last:
            title = (f"<b>Trick {finished.number}</b> (finished): "
                     f"{escape(names[finished.winner])} won {finished.points} points")
        elif current:
            title = f"<b>Trick {hand.trick_number}</b>"
        else:
            title = f"<b>{escape(hand.phase.value.capitalize())}</b>" \
                if hand.phase is not Phase.PLAY else "<b>Trick 1</b>: nothing played yet"
        last = ""
        if finished is not None and not showing_last:
            last = ("<small>Last trick: " + escape(rt.trick_cards_text(finished.cards, names))
                    + f" — won by {escape(names[finished.winner])}</small>")
        return (f'<div class="cg-trick-title">{title}</div>'
                f'<div class="cg-trick-row">{"".join(slots)}</div>'
                f'<div class="cg-last-trick">{last}</div>')

    def _assign_card_buttons(self, shown: int | None, cards: list[Card]) -> None:
        """Give each card of the shown hand a button: a card keeps its button while it stays
        in the hand, a card that left frees its button, a card that came takes a free one.
        (Two packs: equal cards are interchangeable, so counting them is enough.) Another
        hand, or a new deal, fills the buttons afresh in sorted order."""
        if shown != self._buttons_seat:
            self._button_cards = [None] * len(self.card_buttons)
            self._buttons_seat = shown
        wanted = Counter(cards)
        slots = self._button_cards
        for i, card in enumerate(slots):
            if card is not None:
                if wanted[card] > 0:
                    wanted[card] -= 1
                else:
                    slots[i] = None
        coming = []                      # in sorted order: a new hand fills the row in order
        for card in cards:
            if wanted[card] > 0:
                wanted[card] -= 1
                coming.append(card)
        free = [i for i, card in enumerate(slots) if card is None]
        if len(coming) > len(free):      # more cards than ever dealt: grow the pool (rare)
            self._ensure_card_buttons(len(self.card_buttons) + len(coming) - len(free))
            free = [i for i, card in enumerate(self._button_cards) if card is None]
            slots = self._button_cards
        for i, card in zip(free, coming):
            slots[i] = card

    def _refresh_card_buttons(self, hand: Hand, shown: int | None, cards: list[Card]) -> None:
        self._assign_card_buttons(shown, cards)
        legal = set(hand.legal_actions().cards) if shown is not None and shown == hand.to_move \
            and not self._review else set()
        for button, card in zip(self.card_buttons, self._button_cards):
            with button.hold_sync():
                if card is None:
                    # a spare button: no card identity at all
                    button.description = ""
                    button.tooltip = ""
                    button.disabled = True
                    button.button_style = ""
                    self._set_classes(button, ("cg-spare",))
                    continue
                enabled = card in legal
                button.description = card.label
                button.disabled = not enabled
                if enabled:
                    button.tooltip = card.name
                else:
                    reason = hand.why_illegal(card, shown) or "not playable now"
                    if self._review:
                        reason = "the hand is over"
                    button.tooltip = f"{card.name}: {self._words(reason)}"
                button.button_style = "info" if enabled and card == self._hinted else ""
                self._set_classes(button, card_classes(card))

    @staticmethod
    def _set_classes(button: widgets.Button, wanted: Sequence[str]) -> None:
        """Make a button's looks classes (spare, colour, order) exactly ``wanted``."""
        looks = ("cg-spare", "cg-joker", "cg-suit-", "cg-o-")
        for css in button._dom_classes:
            if css.startswith(looks) and css not in wanted:
                button.remove_class(css)
        for css in wanted:
            if css not in button._dom_classes:
                button.add_class(css)

    def _refresh_action_buttons(self, hand: Hand) -> None:
        """The named actions: the user's legal ones and their open out-of-turn ones."""
        names = self.names
        mover = hand.to_move
        moves: list[tuple[int, Action]] = []
        if mover is not None and self.user_controls(mover) and not self._review:
            moves.extend((mover, a) for a in hand.legal_actions().named)
        moves.extend(self._user_open_actions())
        self._action_moves = moves[:len(self.action_buttons)]
        for i, button in enumerate(self.action_buttons):
            with button.hold_sync():
                if i < len(self._action_moves):
                    seat, action = self._action_moves[i]
                    for_whom = "" if seat == self.seat else f" ({names[seat]})"
                    button.description = action.label + for_whom
                    button.tooltip = f"{names[seat]} may {action.label} now"
                    button.button_style = "info" if action == self._hinted else "warning"
                    button.disabled = False
                    button.remove_class("cg-spare")
                else:
                    button.description = ""
                    button.tooltip = ""
                    button.disabled = True
                    button.add_class("cg-spare")

    def _refresh_controls(self, hand: Hand) -> None:
        mover = hand.to_move
        over = hand.is_over
        computer_turn = mover is not None and self.is_computer(mover) and not self._review
        can_undo = self._last_action() is not None
        with self.next_button.hold_sync():
            self.next_button.description = "Next hand" if self._review else "Next"
            self.next_button.disabled = not (computer_turn or self._review)
        self.finish_trick_button.disabled = not computer_turn
        self.finish_hand_button.disabled = not computer_turn
        self.undo_button.disabled = not can_undo
        self.back_button.disabled = not can_undo
        self.redo_button.disabled = not self._redo
        self.forward_button.disabled = not self._redo
        self.hint_button.disabled = over or self._review or not (
            mover is not None and self.user_controls(mover) or self._user_open_actions())

    #: "Best play" searches only this close to the end of the hand, and stops after
    #: ``best_play_seconds`` (a click should stay quick): the solver finishes the last four
    #: tricks of every game well within a second (benchmarks/solver_speed.py).
    best_play_tricks: int = 4
    best_play_seconds: float = 1.0

    def _refresh_best_play(self) -> None:
        """The "Best play" line: with open hands, each legal action of the seat to move and the
        points it secures to the end of the hand with perfect play by all (the exact search of
        ``cardgames.solver``); with hidden hands nothing (the search needs every card)."""
        if not self._ready:
            return
        hand = self.hand
        if not self.best_play_box.value or hand.to_move is None or self._review:
            self.best_play.value = ""
            return
        if not self.open_hands:
            self.best_play.value = ("<i>Best play needs every card face up: deal with Open "
                                    "hands ticked (New deal).</i>")
            return
        position = (id(hand), len(hand.history), hand.to_move)
        if self._solved is None or self._solved[0] != position:
            self._solved = (position, self._best_play_words(hand))
        self.best_play.value = self._solved[1]

    def _best_play_words(self, hand: Hand) -> str:
        from ..solver import DRAWING_GAMES, SolverLimit, solve

        names = self.names
        mover = hand.to_move
        left = max(len(h) for h in hand.hands) + \
            (hand.stock_size // hand.seats if self.game.name in DRAWING_GAMES else 0)
        if hand.phase is not Phase.PLAY or left > self.best_play_tricks:
            return (f"<i>Best play is searched exactly in the last {self.best_play_tricks} "
                    f"tricks ({left} to play here, counting the cards still to be drawn).</i>")
        try:
            solution = solve(hand, time_limit=self.best_play_seconds)
        except SolverLimit:
            return (f"<i>Best play: this position takes longer than {self.best_play_seconds:g} s "
                    "to search exactly; it comes within reach a trick or two later.</i>")
        unit = rt.unit_names(hand, names)[solution.unit]
        best = solution.best_value
        parts = []
        for action, value in sorted(solution.values.items(),
                                    key=lambda av: (-av[1], _sort_key(av[0]) if isinstance(av[0], Card)
                                                    else (9, 0))):
            label = escape(action.label)
            parts.append(f"<b>{label} {value}</b>" if value == best else f"{label} {value}")
        return (f"<b>Best play</b>, every card shown: the points {escape(unit)} secure from here "
                f"to the end of the hand with perfect play by all, {escape(names[mover])} "
                f"playing: {' · '.join(parts)}")

    def _refresh_panels(self) -> None:
        """The score sheets and the story of the hand, if their panel is open."""
        if not self._ready:
            return
        if self.sheets.selected_index is not None:
            hand, names = self.hand, self.names
            # No pandas here: the in-browser site has none (rt.sheet_html).
            self.score.value = "<b>This hand</b>" + rt.sheet_html(rt.score_rows(hand, names))
            if self.match is not None:
                self.match_score.value = "<b>The match</b>" + rt.sheet_html(
                    rt.match_rows(self.match, names), "No hand finished yet.")
            else:
                self.match_score.value = ""
        if self.story.selected_index is not None:
            self.log.value = "<br>".join(escape(line) for _n, line in self._log[-60:]) or \
                "<i>Nothing has happened yet.</i>"

    # -- conveniences for notebooks and tests ---------------------------------------------------------

    def shown_card_buttons(self) -> list[tuple[Card, widgets.Button]]:
        """The shown hand's cards with their buttons, in the order the row shows them."""
        pairs = [(card, button) for button, card in zip(self.card_buttons, self._button_cards)
                 if card is not None]
        return sorted(pairs, key=lambda pair: _sort_key(pair[0]))

    def card_button(self, card: "Card | str") -> widgets.Button | None:
        """The button showing ``card`` (``"QH"``), or None if it is not shown."""
        card = Card.parse(card)
        for shown, button in self.shown_card_buttons():
            if shown is card:
                return button
        return None

    def enabled_card_buttons(self) -> list[widgets.Button]:
        """The enabled card buttons, in the order the row shows them."""
        return [b for _card, b in self.shown_card_buttons() if not b.disabled]

    def enabled_action_buttons(self) -> list[widgets.Button]:
        return [b for b in self.action_buttons[:len(self._action_moves)] if not b.disabled]

    def all_widgets(self) -> list[widgets.Widget]:
        """Every widget under the table (for checks of what the browser receives)."""
        seen: dict[str, widgets.Widget] = {}

        def walk(w: Any) -> None:
            if isinstance(w, widgets.Widget) and w.model_id not in seen:
                seen[w.model_id] = w
                for name in w.keys:
                    value = getattr(w, name, None)
                    if isinstance(value, widgets.Widget):
                        walk(value)
                    elif isinstance(value, (list, tuple)):
                        for item in value:
                            walk(item)

        walk(self.widget)
        for box, _controls in self._option_boxes.values():
            walk(box)
        for extra in self.card_buttons + self.action_buttons:
            walk(extra)
        return list(seen.values())

    def score_frame(self):
        """The score sheet of the hand on the table (a pandas DataFrame)."""
        return rt.score_frame(self.hand, self.names)

    def match_frame(self):
        """The match so far, one row per finished hand (a pandas DataFrame); None without a match."""
        return rt.match_frame(self.match, self.names) if self.match is not None else None
