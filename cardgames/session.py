"""What a card table is doing, with no widgets: the hand (or match), the seats and who decides
for each, the computer players, undo and redo, hints, best play and the message line.

``cardgames.widgets.Table`` draws a session (the board and the panels) and turns clicks into its
calls; tests and scripted lessons can drive a session directly::

    session = TableSession("yukon", seed=7, seat=0)
    session.choices()          # ['play 6♥', 'play 2♣', ...] what the user may do now
    session.choose("6H")       # the same as a click; refused with the rule's reason
    session.why("KS")          # why a card may not be played now ('' if it may)
    session.step()             # the Next button: a computer seat takes one action
    session.message            # the message line, as text

Every user action goes through :meth:`TableSession.run`, which keeps the hand as it was when
the rules refuse the action and puts the reason in the message line, in plain words with the
seats' names. Hidden cards stay hidden: while any card is hidden from the user, the seed (which
would deal every hand again) is not shown and the record is only what the user's seat saw;
:meth:`show_all_cards` turns the hand into an open one, deliberately, and says so.
"""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from . import players as players_module
from . import table_words
from .board_state import BUTTONS
from .cards import Card, card_sort_key
from .engine import (Action, Game, Hand, IllegalAction, Match, Move, Phase, SetupError, Trick,
                     parse_action)
from .games import get_game
from .links import LinkError, share_query
from .packs import FRENCH, Pack, pack_for
from .record import RecordError, load
from .review import Review
from .rule_sources import split_source
from .view import SeatView

__all__ = ["TableSession", "DEFAULT_OPPONENTS", "PACES", "PaceError", "card_sort_key"]

DEFAULT_OPPONENTS = "rule-of-thumb"

#: What the table does after each trick: the finished trick waits for the user, or for a pause
#: (the board goes on by itself), or the computers play on at once.
PACES = {"wait": "wait for me", "pause": "pause 2 s", "none": "no pause"}


class PaceError(ValueError):
    """A pace that is none of ``PACES``."""


def check_pace(pace: object) -> str:
    if pace not in PACES:
        raise PaceError(f"the pace after a trick is one of {', '.join(PACES)}, "
                        f"not {str(pace)[:20]!r}")
    return str(pace)


def make_player(kind: str, seed: int | None):
    """A computer player of ``kind`` (``cardgames.players.PLAYER_KINDS``)."""
    if kind not in players_module.PLAYER_KINDS:
        allowed = ", ".join(players_module.PLAYER_KINDS)
        raise SetupError(f"there is no computer player called {kind[:30]!r}; choose one of {allowed}")
    return players_module.make_player(kind, seed)


def action_words(hand: Hand, action: Move) -> str:
    """A card or a named action as people say it ("10♥", "Swap the 7 for the pinta")."""
    return action.label if isinstance(action, Card) else hand.action_words(action)


@dataclass(frozen=True)
class Choice:
    """One thing the user may do now: a card for a seat, or a named action."""

    seat: int
    move: Move
    words: str          # "play 10♥", "North: Double"

    def __str__(self) -> str:
        return self.words


class TableSession:
    """One table's play, built from the engine's public surface (no widgets).

    Parameters as :class:`cardgames.widgets.Table`: ``game``, ``seed``, ``players``, ``seat``
    (the user's seat, or None to watch every seat), ``open_hands`` (default: True when watching),
    ``opponents`` (a kind from ``cardgames.players.PLAYER_KINDS``), ``match`` and ``target``,
    ``auto`` (computer seats act at once until the user's next decision; default: True with a
    seat), ``names`` (one per seat), and the game's options as keywords.
    """

    #: Search playouts per decision of the table's review (``cardgames.review``): a hand's
    #: review then takes a second or two.
    review_budget: int = 200
    #: The pack the cards are shown and named with (``cardgames.packs``); a deal sets it.
    pack: Pack = FRENCH
    #: "Best play" searches only this close to the end of the hand, and for at most this long.
    best_play_tricks: int = 4
    best_play_seconds: float = 1.0

    def __init__(self, game: "str | Game" = "yukon", seed: int | None = None, *,
                 players: int | None = None, seat: int | None = 0,
                 open_hands: bool | None = None, opponents: str = DEFAULT_OPPONENTS,
                 match: bool = False, target: int | None = None, auto: bool | None = None,
                 names: Sequence[str] | None = None, faces: str | None = None,
                 pace: str | None = None, **options: Any):
        self.last_error: BaseException | None = None
        self.last_traceback = ""
        self.message_lines: list[str] = []
        self.message_is_error = False
        self.message_detail = ""
        self.log: list[tuple[int, str]] = []       # the story of the hand: (action count, line)
        self.match: Match | None = None
        self._hand: Hand | None = None
        self._names_given = list(names) if names is not None else None
        self._pending: list[str] = []
        self._busy = False
        self.coach = True            # before each of the user's plays, say which rule governs it
        #: the pack the cards are shown and named with (``cardgames.packs``): French unless
        #: ``faces="spanish"`` (Guinote)
        self.pack: Pack = FRENCH
        # After each trick: "wait" (the computers wait until the user goes on), "pause" (the
        # board goes on by itself after a pause) or "none" (the computers play on at once).
        self.pace = check_pace("wait" if pace is None else pace)
        # what the table holds, all set again by each deal (_take_hand)
        self.game: Game = get_game(game)
        self.seed: int | None = None
        self.seat: int | None = None
        self.open_hands = False
        self.opened_at: int | None = None     # the action count when every hand was shown
        self.opponents = opponents
        self.names: list[str] = []
        self.computer_players: dict[int, Any] = {}
        self.advisor: Any = None
        self.auto = False
        self.between_hands = False    # a match hand just finished: shown until "Next hand"
        self.trick_seen = 0           # the finished tricks the user has put away (or played on)
        self._redo: list[tuple[int, Move, bool]] = []   # (seat, action, starts a redo group)
        self._declined: tuple = ()
        self.hinted: Move | None = None
        self._solved: tuple[Any, str] | None = None
        self.settings: dict[str, Any] = {}
        # the review of a finished hand: its rows, the step shown (None: the end), the position
        self.reviewed: Review | None = None
        self.review_step: int | None = None
        self._review_position: Hand | None = None
        self.run(self.new_deal, game, seed, players=players, seat=seat, open_hands=open_hands,
                 opponents=opponents, match=match, target=target, auto=auto, faces=faces,
                 raising=True, **options)

    # -- the guard ------------------------------------------------------------------------------

    def run(self, fn: Callable[..., Any], *args: Any, quiet: bool = False,
            raising: bool = False, **kwargs: Any) -> bool:
        """Do ``fn`` as a user action: the message line then says what happened and what comes
        next, or, if the rules (or a bad record or deal) refused it, why. True if it was done.

        ``quiet``: nothing happens in the hand (a panel opened), so the message line keeps what
        it said unless something goes wrong. ``raising``: an error is raised to the caller (a
        call from code) instead of being shown, and the message line is left as it was."""
        if self._busy:                        # an action inside another: the outer one reports
            fn(*args, **kwargs)
            return True
        self._busy = True
        self._pending = []
        try:
            fn(*args, **kwargs)
        except Exception as error:  # noqa: BLE001 - shown to the user, kept in last_error
            if raising:
                raise
            self._fail(error)
            return False
        finally:
            self._busy = False
        if not quiet:
            self._show_pending()
        return True

    def _fail(self, error: BaseException) -> None:
        if isinstance(error, IllegalAction):
            text = f"Not allowed: {self.words(str(error))}"
        elif isinstance(error, SetupError):
            text = f"Cannot deal: {self.words(str(error))}"
        elif isinstance(error, (RecordError, LinkError)):
            text = str(error)
        else:
            text = ("Something went wrong, and the table is as it was before. "
                    f"({type(error).__name__}: {str(error)[:200]})")
        self.last_error = error
        self.last_traceback = traceback.format_exc()
        self.message_lines = [_sentence(text)]
        self.message_is_error = True
        # the technical detail (a parser's words) for a tooltip, where the error has one
        self.message_detail = str(getattr(error, "detail", "") or "")[:300]

    def say(self, lines: Sequence[str], record: bool = True) -> None:
        """Words for the message line (and, if ``record``, for the story of the hand)."""
        lines = [_sentence(self.pack.words(line)) for line in lines if line]
        if record:
            count = self._action_count()
            self.log.extend((count, line) for line in lines)
        self._pending.extend(lines)

    def _show_pending(self) -> None:
        lines = list(self._pending)
        more = len(lines) - 5
        if more > 1:        # one event left out would take a line to say so: shown instead
            lines = [f"… and {more} earlier events (the story of the hand has them all)."] + lines[-5:]
        prompt = self.prompt()
        if prompt and prompt not in lines:
            lines.append(prompt)
        self.message_lines = lines
        self.message_is_error = False
        self.message_detail = ""
        self._pending = []

    @property
    def message(self) -> str:
        """The message line as text, one line per event."""
        return "\n".join(self.message_lines)

    def words(self, text: str) -> str:
        """The engine's words with the seats' names ("seat 2" becomes "South") and the cards named
        as the table's pack names them ("7♥" becomes "7 of copas" with the Spanish pack), without
        the rule texts' citations ("(S3)", "(RULES.md G-A7)": a player reads the rule itself)."""
        text = split_source(text)[0]
        text = table_words.name_seats(text, self.names) if self.names else text
        return self.pack.words(text)

    # -- dealing --------------------------------------------------------------------------------

    def new_deal(self, game: "str | Game | None" = None, seed: int | None = None, *,
                 players: int | None = None, seat: int | None = 0,
                 open_hands: bool | None = None, opponents: str | None = None,
                 match: bool = False, target: int | None = None, auto: bool | None = None,
                 hands: Sequence[Any] | None = None, stock: Any = None,
                 dealer: int | None = None, faces: str | None = None, **options: Any) -> None:
        """Deal a hand (or start a match). A deal the rules refuse raises ``SetupError`` saying
        what is allowed, and the table keeps its hand. ``faces`` chooses the pack ("french",
        "spanish": Guinote only); None keeps the table's pack where the game is played with it."""
        game = get_game(game if game is not None else self.game)
        if faces is None:
            pack = self.pack if self.pack.games is None or game.name in self.pack.games else FRENCH
        else:
            pack = pack_for(faces, game.name, game.title)
        if seed is None and hands is None:
            seed = random.SystemRandom().randrange(1, 10**6)
        if match:
            if hands is not None:
                raise SetupError("a match is dealt from a seed, not from cards set up by hand")
            new_match = game.match(seed, players=players, target=target, **options)
            new_hand = new_match.hand
        else:
            new_match, new_hand = None, game.deal(seed, hands=hands, stock=stock, players=players,
                                                  dealer=dealer, **options)
        kind = opponents or self.opponents
        self.pack = pack
        self._take_hand(game, new_hand, new_match, seed=seed, seat=seat, open_hands=open_hands,
                        opponents=kind, auto=auto)
        self.settings = {"players": players, "options": dict(options), "match": bool(match),
                         "target": target}

    def replay(self, record: "str | Hand | Match") -> None:
        """Set a recorded hand out at its start, every hand face up, to step through: ``1 ▶``
        takes the next recorded action, ``◀ 1`` steps back. A record that cannot be replayed
        raises ``cg.RecordError`` saying why, and the table keeps its hand."""
        loaded = load(record) if isinstance(record, str) else record
        recorded = loaded.hand if isinstance(loaded, Match) else loaded
        start = recorded.replayed([])
        moves = list(recorded.history)
        self._take_hand(start.game, start, None, seed=start.seed, seat=None, open_hands=True,
                        opponents=self.opponents, auto=False, announce=False)
        self.settings = {"players": start.players, "options": dict(start.options),
                         "match": False, "target": None}
        self._redo = [(seat, move, True) for seat, move in reversed(moves)]
        self.say([f"A recorded hand of {start.game.title}, at its start: 1 ▶ takes the next of "
                  f"its {len(moves)} recorded actions, ◀ 1 steps back."], record=False)

    def _take_hand(self, game: Game, new_hand: Hand, new_match: Match | None, *,
                   seed: int | None, seat: int | None, open_hands: bool | None,
                   opponents: str, auto: bool | None, announce: bool = True) -> None:
        seats = new_hand.seats
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < seats):
            raise SetupError(f"seat must be None (watch) or a seat from 0 to {seats - 1}, "
                             f"not {str(seat)[:20]!r}")
        computer = {s: make_player(opponents, (seed or 0) * 31 + s) for s in range(seats)}
        names = table_words.seat_names(new_hand, self._names_given if self._names_given and
                              len(self._names_given) == seats else None)
        self.close_review()
        self.game = game
        self.match = new_match
        self._hand = None if new_match else new_hand
        self.seed = seed
        self.seat = seat
        self.open_hands = (seat is None) if open_hands is None else bool(open_hands)
        self.opened_at = None
        self.opponents = opponents
        self.names = names
        self.computer_players = computer
        self.advisor = make_player("rule-of-thumb", seed or 0)
        self.auto = (seat is not None) if auto is None else bool(auto)
        self.between_hands = False
        self.trick_seen = 0
        self._redo = []
        self._declined = ()
        self.hinted = None
        self.log = []
        self._solved = None
        if announce:
            what = "A match" if new_match else "A new hand"
            how = f" (seed {seed})" if seed is not None and self.seed_visible() else \
                " (cards set up by hand)" if seed is None else ""
            self.say([f"{what} of {game.title}{how}: {names[new_hand.dealer]} deals."],
                     record=False)
        if self.auto:
            self._run_computers()

    # -- what the table holds -------------------------------------------------------------------

    @property
    def hand(self) -> Hand:
        """The hand on the board: the one on the table (``played_hand``), or, at a step of the
        review, that hand as it was then."""
        if self._review_position is not None:
            return self._review_position
        return self.played_hand

    @property
    def played_hand(self) -> Hand:
        """The hand on the table (in a match: the current one, or the one just finished)."""
        if self.match is None:
            assert self._hand is not None
            return self._hand
        if self.between_hands and not self.match.is_over and self.match.hands:
            return self.match.hands[-1]
        return self.match.hand

    def _target(self) -> "Hand | Match":
        return self.match if self.match is not None else self.hand

    def _action_count(self) -> int:
        if self.match is not None:
            return len(self.match.actions)
        return len(self._hand.history) if self._hand is not None else 0

    def _last_action(self) -> tuple[int, Move] | None:
        if self.match is not None:
            actions = self.match.actions
            return actions[-1][1:] if actions else None
        history = self.hand.history
        return history[-1] if history else None

    def user_controls(self, seat: int) -> bool:
        """Does the user decide for ``seat``? (Their own seat, the dummy they play; when
        watching with open hands, every seat: a teacher may click for whoever is to move.)"""
        if self.between_hands or self.reviewed is not None:
            return False
        if self.seat is None:
            return self.open_hands
        return self.hand.controller(seat) == self.seat

    def is_computer(self, seat: int) -> bool:
        return self.seat is None or self.hand.controller(seat) != self.seat

    def user_open_actions(self) -> list[tuple[int, Action]]:
        """The named actions the user may take out of turn now (a call, a declaration)."""
        hand = self.hand
        if hand.is_over or self.between_hands:
            return []
        found = []
        for seat, actions in hand.open_actions_by_seat().items():
            if self.seat is not None and hand.controller(seat) == self.seat or \
                    self.seat is None and self.open_hands:
                found.extend((seat, a) for a in actions)
        return found

    def visible_hands(self) -> list[list[Card | None]]:
        """Each seat's cards as the user may see them: None for a card face down."""
        hand = self.hand
        if self.open_hands or self._review_position is not None:
            return [list(h) for h in hand.hands]
        if self.seat is None:
            return [hand.as_others_see(seat) for seat in range(hand.seats)]
        return [list(h) for h in hand.view(self.seat).hands]

    def hides_cards(self) -> bool:
        """Is any card of the deal hidden from the user now?"""
        if self.open_hands:
            return False
        if self.match is not None and not self.match.is_over:
            return True         # the match's seed deals every hand still to come
        hand = self.hand
        return not hand.is_over or any(None in row for row in self.visible_hands())

    def seed_visible(self) -> bool:
        """May the seed be shown? Not while any card is hidden: the seed deals every hand again."""
        return self.seed is not None and not self.hides_cards()

    def hand_seat(self) -> int | None:
        """Whose cards are the user's hand now: the seat the user decides for, else their own."""
        hand = self.hand
        mover = hand.to_move
        visible = self.visible_hands()
        if mover is not None and self.user_controls(mover) and None not in visible[mover]:
            return mover
        if self.seat is not None:
            return self.seat
        return None

    def legal_cards(self, seat: int) -> set[Card]:
        """The cards ``seat`` may play now, if the user decides for it (else none)."""
        hand = self.hand
        if self.between_hands or hand.to_move != seat or not self.user_controls(seat):
            return set()
        return set(hand.legal_actions().cards)

    def action_moves(self) -> list[tuple[int, Action]]:
        """The named actions the user may take now: the mover's, then the open ones."""
        hand = self.hand
        mover = hand.to_move
        moves: list[tuple[int, Action]] = []
        if mover is not None and self.user_controls(mover) and not self.between_hands:
            moves.extend((mover, a) for a in hand.legal_actions().named)
        moves.extend(m for m in self.user_open_actions() if m not in moves)
        return moves

    def action_label(self, seat: int, action: Action) -> str:
        words = self.pack.words(action_words(self.hand, action))
        return words if seat == self.seat else f"{words} ({self.names[seat]})"

    def controls(self) -> dict[str, bool]:
        """Which of the stepping buttons may be pressed now."""
        hand = self.hand
        mover = hand.to_move
        computer_turn = mover is not None and self.is_computer(mover) and not self.between_hands
        can_undo = self._last_action() is not None
        played = self.played_hand
        over = played.is_over
        match_over = self.match is None or self.match.is_over
        if self.reviewed is not None:       # the review: its own steps, and the next deal
            return {"next": False, "finish_trick": False, "finish_hand": False, "undo": False,
                    "back": False, "redo": False, "forward": False, "hint": False,
                    "continue": False, "deal_again": match_over, "same_cards": match_over,
                    "next_hand": self.between_hands and not match_over, "review": True}
        return {
            "next": computer_turn or bool(self.user_open_actions()),
            "finish_trick": computer_turn, "finish_hand": computer_turn,
            "undo": can_undo, "back": can_undo,
            "redo": bool(self._redo), "forward": bool(self._redo),
            "hint": not (hand.is_over or self.between_hands) and (
                mover is not None and self.user_controls(mover) or bool(self.user_open_actions())),
            # the computers wait for it; watching, Next goes on (and the result needs it too)
            "continue": self.holding() and self.shown_trick() is not None and (
                self.auto and self.seat is not None or played.is_over),
            "deal_again": over and match_over, "same_cards": over and match_over,
            "next_hand": self.between_hands and not match_over,
            "review": over and bool(played.history),
        }

    def prompt(self) -> str:
        """What the user may do now, in a sentence."""
        hand = self.hand
        if self.match is not None and self.match.is_over:
            return f"The match is over: {self.words(self.match.end_reason)}."
        if self.reviewed is not None:
            return ""
        if self.holding() and self.pace != "none" and self.played_hand.is_over:
            return "Tap the cloth (or press a key) to see the hand's result."
        if self.between_hands:
            return "Press Next hand to deal the next one, or Review to look back at this one."
        if hand.is_over:
            return ("Deal again for new cards, Same cards again to play these another way, "
                    "Review to look back at your decisions.")
        if self.controls()["continue"] and not self._user_must_decide():
            return "Tap the cloth (or press a key) to go on."
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
            who = "" if mover == self.seat else f" (you play for {name})"
            coach = self.coach_words()
            return f"Your turn{who}: {doing}." + (f" {coach}" if coach else "")
        if self.user_open_actions():
            return "You may take an action shown now, or press Next to let the moment pass."
        if mover is not None:
            return f"{self.names[mover]} to move: press Next (or Finish trick, Finish hand)."
        return ""

    def coach_words(self) -> str:
        """Which rule governs the user's play now, in the rule's own words (the coach, for
        learners): the reason the rules give for refusing a card held, else that any card may
        be played. '' when the coach is off or it is not the user's card to play."""
        hand = self.hand
        mover = hand.to_move
        if not self.coach or mover is None or hand.phase is not Phase.PLAY or \
                not self.user_controls(mover):
            return ""
        legal = self.legal_cards(mover)
        refused = [c for c in sorted(hand.hands[mover], key=card_sort_key) if c not in legal]
        if refused:
            reason = hand.why_illegal(refused[0], mover) or ""
            return _sentence(self.words(reason))
        if not legal:
            return ""
        if not hand.trick:
            return "You lead this trick: any card you hold may be led."
        return "Any card you hold may be played to this trick."

    # -- the user's actions ---------------------------------------------------------------------

    def choices(self) -> list[Choice]:
        """What the user may do now: each legal card of the seat they decide for, then the
        named actions (a seat's name is added when it is not the user's own)."""
        hand = self.hand
        found: list[Choice] = []
        seat = hand.to_move
        if seat is not None:
            for card in sorted(self.legal_cards(seat), key=card_sort_key):
                verb = "discard" if hand.phase is Phase.DISCARD else "play"
                who = "" if seat == self.seat else f"{self.names[seat]}: "
                found.append(Choice(seat, card, f"{who}{verb} {self.pack.words(card.label)}"))
        for mover, action in self.action_moves():
            found.append(Choice(mover, action, self.action_label(mover, action)))
        return found

    def choose(self, text: "str | Move | Choice", seat: int | None = None) -> None:
        """Take an action as the user (``"TH"``, ``"10♥"``, ``"double"``, a choice's words, or
        with the Spanish pack a card's Spanish name, ``"rey of copas"``):
        the same as a click. Refused with the rule's reason if it is not the user's to take."""
        if isinstance(text, Choice):
            text, seat = text.move, text.seat if seat is None else seat
        move = self._parse_choice(text)
        hand = self.hand
        if seat is None:
            owners = [c.seat for c in self.choices() if c.move == move]
            seat = owners[0] if owners else hand.to_move
        if seat is None or not self.user_controls(seat):
            who = self.names[hand.to_move] if hand.to_move is not None else "nobody"
            raise IllegalAction(f"it is not your decision now: {who} is to move"
                                if not hand.is_over else "the hand is over", move, seat)
        if seat == hand.to_move:
            reason = hand.why_illegal(move, seat)
            if reason:
                raise IllegalAction(reason, move, seat)
        self.apply(move, None if seat == hand.to_move else seat)
        self._after_user_action()

    def _parse_choice(self, text: "str | Move") -> Move:
        if isinstance(text, (Card, Action)):
            return text
        if not isinstance(text, str):
            raise IllegalAction(f"a choice is written as text such as '10♥' or 'Double', not "
                                f"{type(text).__name__}")
        wanted = text.strip()
        for choice in self.choices():
            if wanted.lower() in (choice.words.lower(), str(choice.move).lower()):
                return choice.move
        if self.pack.looks_named(wanted):       # "rey of copas": the pack's own names
            try:
                return self.pack.parse(wanted)
            except ValueError as error:
                raise IllegalAction(str(error)) from None
        try:
            return parse_action(wanted)
        except ValueError:
            allowed = ", ".join(c.words for c in self.choices()) or "nothing now"
            raise IllegalAction(f"{wanted[:30]!r} is not a card or an action; you may: "
                                f"{allowed}") from None

    def why(self, text: "str | Move") -> str:
        """Why the user may not take this action now ('' if they may)."""
        move = self._parse_choice(text)
        hand = self.hand
        seat = self.hand_seat()
        if self.between_hands:
            return "the hand is over"
        if seat is None or seat != hand.to_move or not self.user_controls(seat):
            mover = hand.to_move
            return "the hand is over" if mover is None else \
                f"it is {self.names[mover]}'s turn, not yours"
        return self.words(hand.why_illegal(move, seat) or "")

    def press(self, name: str) -> bool:
        """Press one of the board's buttons by name (``board_state.BUTTONS``), as a click does;
        an unknown name is refused with the names there are. True if it was done."""
        calls = {"next": self.next_step, "finish_trick": self.finish_trick,
                 "finish_hand": self.finish_hand, "undo": self.undo, "redo": self.redo,
                 "back": self.back_one, "forward": self.forward_one, "hint": self.hint,
                 "continue": self.continue_play, "deal_again": self.deal_again,
                 "same_cards": self.same_cards, "next_hand": self.next_hand,
                 "review": self.toggle_review}

        def pressed() -> None:
            if name not in calls:
                raise IllegalAction(f"there is no button {str(name)[:20]!r}; the buttons are "
                                    + ", ".join(calls))
            if name in ("deal_again", "same_cards") and not self.controls()[name]:
                raise IllegalAction(f"{BUTTONS[name][0]} is offered once the "
                                    f"{'match' if self.match else 'hand'} is over (New deal "
                                    "deals at any time)")
            if name != "review":
                self.close_review()
            calls[name]()
        return self.run(pressed)

    def toggle_review(self) -> None:
        """The Review button: opens the review of the finished hand, or closes it."""
        if self.reviewed is not None:
            self.close_review()
            self.say(["The review is closed."], record=False)
        else:
            self.open_review()

    def take_action(self, index: int) -> bool:
        """A named action of the board (its ``id`` in the state's ``actions``), as a click
        does. True if it was done."""
        def act() -> None:
            moves = self.action_moves()
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(moves):
                raise IllegalAction("that action is not offered now: look at the table again")
            seat, action = moves[index]
            self.choose(action, seat)
        return self.run(act)

    def stale(self) -> None:
        """A click aimed at the board as it was a moment ago: nothing was done."""
        self.message_lines = [
            "That click was aimed at the table as it was a moment ago (a double click, or a "
            "click while the computer seats were playing), so nothing was done: look at the "
            "table again and click once."]
        self.message_is_error = True

    def step(self) -> None:
        """The Next button."""
        self.next_step()

    def _reveal_seats(self, hand: Hand) -> list[int]:
        """The seats of ``hand`` whose face-down cards the words may name: the user's own (every
        seat when the hands are open)."""
        if self.open_hands:
            return list(range(hand.seats))
        return [s for s in range(hand.seats)
                if self.seat is not None and hand.controller(s) == self.seat]

    def apply(self, move: Move, seat: int | None = None, redoing: bool = False) -> None:
        """Every action goes through here: apply, say what happened, watch for a hand's end."""
        hand = self.hand
        if self._review_position is not None:
            raise IllegalAction("the review shows the hand as it was: close the review to play")
        actor = hand.to_move if seat is None else seat
        before = table_words.Snapshot(hand)
        finished, between_tricks = len(hand.tricks), not hand.trick
        self._target().apply(move, seat)
        if between_tricks:          # the first action after a finished trick puts it away
            self.trick_seen = max(self.trick_seen, finished)
        if not redoing:
            self._redo = []
        self.hinted = None
        self._solved = None
        events = table_words.describe_changes(before, hand, self.names,
                                     reveal_seats=self._reveal_seats(hand))
        if actor is not None and not self.is_computer(actor):
            self._declined = ()
        if self.match is not None and (self.match.hand is not hand or self.match.is_over):
            if self.match.is_over:
                events.append(f"The match is over: {self.words(self.match.end_reason)}.")
            else:
                self.between_hands = True
                scores = ", ".join(f"{u} {s}" for u, s in
                                   zip(table_words.unit_names(hand, self.names), self.match.scores))
                events.append(f"Match scores: {scores}.")
        self.say(events)

    def _after_user_action(self) -> None:
        if self.auto:
            self._run_computers()

    # -- the computer seats ---------------------------------------------------------------------

    def computer_step(self) -> bool:
        """One action by a computer seat: an open declaration it wants, else the seat to move
        if a computer decides for it. False when nothing was done (the user's turn, the end)."""
        hand = self.hand
        if hand.is_over or self.between_hands:
            return False
        for seat, actions in hand.open_actions_by_seat().items():
            if self.is_computer(seat):
                decider = hand.controller(seat)
                chosen = self.computer_players[decider].declare(SeatView(hand, decider), actions)
                if chosen is not None:
                    self.apply(chosen, seat)
                    return True
        mover = hand.to_move
        if mover is None or not self.is_computer(mover):
            return False
        decider = hand.controller(mover)
        self.apply(self.computer_players[decider].choose(SeatView(hand, decider)))
        return True

    def _user_must_decide(self) -> bool:
        hand = self.hand
        if hand.to_move is not None and not self.is_computer(hand.to_move):
            return True
        open_now = tuple(self.user_open_actions())
        return bool(open_now) and open_now != self._declined

    def _run_computers(self, stop: Callable[[], bool] | None = None, limit: int = 5000,
                       hold: bool = True) -> int:
        """The computer seats act until the user's decision, the end of the hand, ``stop()``,
        or (``hold``, with a pace other than "none") a finished trick the user has not seen."""
        steps = 0
        hand = self.hand
        while steps < limit and not self.between_hands and self.hand is hand and not hand.is_over:
            if self._user_must_decide() or (stop is not None and stop()):
                break
            if hold and self.pace != "none" and self.holding():
                break
            if not self.computer_step():
                break
            steps += 1
        return steps

    def next_step(self) -> None:
        """Next: the computer takes one action (or, after a match hand, the next hand starts).
        A finished trick on the cloth is put away by it."""
        if self.between_hands:
            self.between_hands = False
            self.trick_seen = 0
            self.log = []
            self.say([f"Hand {len(self.match.hands) + 1}: {self.names[self.hand.dealer]} deals."],
                     record=False)
            if self.auto:
                self._run_computers()
            return
        self._declined = tuple(self.user_open_actions())
        self.trick_seen = len(self.hand.tricks)
        if not self.computer_step():
            self.say(["Nothing for the computer to do now."], record=False)
        elif self.auto and self.seat is not None:
            self._run_computers()

    def finish_trick(self) -> None:
        """The computer seats play on to the end of this trick (stopping for the user)."""
        hand = self.hand
        self._declined = tuple(self.user_open_actions())
        count = len(hand.tricks)
        self.trick_seen = count
        self._run_computers(stop=lambda: len(hand.tricks) > count)

    def finish_hand(self) -> None:
        """The computer seats play on to the end of the hand (stopping for the user, not at
        the end of each trick)."""
        self._declined = tuple(self.user_open_actions())
        self.trick_seen = len(self.hand.tricks)
        self._run_computers(hold=False)

    def holding(self) -> bool:
        """Is a finished trick on the cloth that the user has not put away? (The computers
        wait for it unless the pace is "none"; the next card played puts it away too.)"""
        hand = self.hand
        return self._review_position is None and not hand.trick and \
            len(hand.tricks) > self.trick_seen

    def shown_trick(self) -> "Trick | None":
        """The finished trick that lies on the cloth: the last one while it is held (the last
        trick of the hand too, before the hand's result, unless the pace is "none"), or at a
        step of the review where no card of the next trick is down."""
        hand = self.hand
        if not hand.tricks or hand.trick:
            return None
        if self._review_position is not None:
            return hand.tricks[-1]
        if self.holding() and not (hand.is_over and self.pace == "none"):
            return hand.tricks[-1]
        return None

    def shows_result(self) -> bool:
        """Is the hand's result on the board? Once the hand is over and its last trick put
        away (at once with the pace "none"), and not at a step of the review."""
        hand = self.played_hand
        return hand.is_over and self.review_step is None and (
            self.pace == "none" or self.reviewed is not None or not self.holding())

    def continue_play(self) -> None:
        """Put the finished trick away (a tap on the cloth, a key, the end of the pause): the
        computers play on. Nothing happens when no trick is held (a second tap)."""
        if self.reviewed is not None or not self.holding():
            return
        self.trick_seen = len(self.hand.tricks)
        if self.auto and self.seat is not None and not self.hand.is_over:
            self._run_computers()

    # -- the end of the hand: deal again, the same cards, the next hand ---------------------------

    def deal_again(self) -> None:
        """New cards, the same rules, seats and opponents (a new match, in a match)."""
        self._deal_like_this(None)

    def same_cards(self) -> None:
        """The same cards dealt again, to play them another way (in a match: the same match
        from its first hand)."""
        if self.match is not None:
            self._deal_like_this(self.match.seed)
            return
        start = self.hand.replayed([])
        self._take_hand(self.game, start, None, seed=self.seed, seat=self.seat,
                        open_hands=self.open_hands if self.opened_at is None else None,
                        opponents=self.opponents, auto=self._auto_setting(), announce=False)
        self.say([f"The same cards of {self.game.title} again: {self.names[start.dealer]} deals."],
                 record=False)
        if self.auto:
            self._run_computers()

    def _auto_setting(self) -> bool:
        return self.auto if self.seat is not None else False

    def _deal_like_this(self, seed: int | None) -> None:
        settings = self.settings
        hand = self.hand
        self.new_deal(self.game, seed, players=hand.players, seat=self.seat,
                      open_hands=self.open_hands if self.opened_at is None else None,
                      opponents=self.opponents, match=self.match is not None,
                      target=settings.get("target"), auto=self._auto_setting(),
                      faces=self.pack.key, **dict(hand.options if self.match is None
                                                  else settings.get("options", {})))

    def next_hand(self) -> None:
        """After a hand of a match: the next hand is dealt."""
        if self.match is None or self.match.is_over or not self.between_hands:
            raise IllegalAction("Next hand deals the next hand of a match once a hand is over"
                                + ("; the match is over" if self.match is not None
                                   and self.match.is_over else ""))
        self.next_step()

    # -- the review of a finished hand ------------------------------------------------------------

    def review_seats(self) -> list[int]:
        """The seats whose decisions the user may review: their own (the seat they play),
        every seat when watching (a teacher) or when every hand is face up."""
        hand = self.played_hand
        if self.seat is None or self.open_hands:
            return [s for s in range(hand.seats) if hand.controller(s) == s]
        return [hand.controller(self.seat)]

    def open_review(self, seat: int | None = None, budget: float | None = None,
                    progress: Callable[[int, int], Any] | None = None) -> None:
        """Weigh the decisions of ``seat`` (default: the user's) in the finished hand
        (``cardgames.review``), for the board's strip of steps; ``progress(done, total)`` as
        it goes. Refused before the hand is over."""
        from .review import review

        hand = self.played_hand
        if not hand.is_over:
            raise IllegalAction(f"the review opens once the hand is over (trick "
                                f"{hand.trick_number} is being played): finish the hand first")
        seats = self.review_seats()
        if seat is None:
            seat = seats[0]
        if seat not in seats:
            allowed = ", ".join(self.names[s] for s in seats)
            raise IllegalAction(f"you may review {allowed} here, not {str(seat)[:20]!r}")
        self.close_review()
        self.reviewed = review(hand, seat, self.review_budget if budget is None else budget,
                               progress, names=self.names, pack=self.pack)
        rows = self.reviewed.rows
        self.say([f"Review of {self.names[seat]}'s {len(rows)} decisions: "
                  f"{self.reviewed.summary}. Click a step (or use the arrow keys) to see it."],
                 record=False)

    def close_review(self) -> None:
        """Back from the review to the table as it is."""
        self.reviewed = None
        self.review_step = None
        self._review_position = None

    def review_go(self, step: int) -> None:
        """Show step ``step`` of the review (1 = the reviewed seat's first decision), the cards
        as they were and the review's words; 0 shows the hand as it ended."""
        review = self.reviewed
        if review is None:
            raise IllegalAction("no review is open: press Review once the hand is over")
        count = len(review.rows)
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= count:
            raise IllegalAction(f"the review has steps 1 to {count} (0: the end of the hand), "
                                f"not {str(step)[:20]!r}")
        if step == 0:
            self.review_step = None
            self._review_position = None
            self.say([f"The hand as it ended. {review.summary}."], record=False)
            return
        row = review.rows[step - 1]
        played = self.played_hand
        self.review_step = step
        self._review_position = played.replayed(list(played.history[:row.action_index]))
        self.say([self.review_words(row)], record=False)

    def review_words(self, row: Any) -> str:
        """A review step in words: who played what, then the review's judgement."""
        hand = self.played_hand
        played = self.pack.words(action_words(hand, row.played))
        mark = f" ({row.mark})" if row.mark else ""
        head = (f"Decision {row.number}, trick {row.trick}: {self.names[row.seat]} played "
                f"{played}{mark}.")
        return f"{head} {self.pack.words(self.words(row.words))}"

    # -- undo and redo --------------------------------------------------------------------------

    def _undo_one(self) -> tuple[int, Move]:
        last = self._last_action()
        if last is None:
            raise IllegalAction("there is nothing to undo: no action has been taken"
                                + (" in this match" if self.match else " in this hand"))
        self._target().undo()
        self.between_hands = False
        self.trick_seen = min(self.trick_seen, len(self.hand.tricks))
        self.hinted = None
        self._solved = None
        count = self._action_count()
        self.log = [(n, line) for n, line in self.log if n <= count]
        return last

    def undo(self) -> None:
        """Back to the user's previous decision (the computer actions since then are undone
        too). Watching: one action."""
        if self.seat is None:
            self.back_one()
            return
        undone: list[tuple[int, Move]] = []
        while True:
            last = self._last_action()
            if last is None:
                break
            was_user = self.hand.controller(last[0]) == self.seat
            undone.append(self._undo_one())
            if was_user:
                break
        if not undone:
            raise IllegalAction("there is nothing to undo: no action has been taken yet")
        self._redo.extend((s, m, i == len(undone) - 1) for i, (s, m) in enumerate(undone))
        self._declined = ()
        count = len(undone)
        where = "back to your previous decision" if self.hand.history or self.match else \
            "back to the start"
        self.say([f"Undone {count} action{'s' if count != 1 else ''}: {where}."], record=False)

    def redo(self) -> None:
        """Take again what the last Undo took back."""
        if not self._redo:
            raise IllegalAction("there is nothing to redo")
        first = True
        while self._redo and (first or not self._redo[-1][2]):
            seat, move, _start = self._redo.pop()
            self.apply(move, None if seat == self.hand.to_move else seat, redoing=True)
            first = False

    def back_one(self) -> None:
        """Step back one action, whoever took it."""
        seat, move = self._undo_one()
        self._redo.append((seat, move, True))
        self.say([f"Stepped back one action ({self.names[seat]}'s)."], record=False)

    def forward_one(self) -> None:
        """Step forward one action that was stepped back (or undone)."""
        if not self._redo:
            raise IllegalAction("there is nothing to step forward to")
        seat, move, _start = self._redo.pop()
        self.apply(move, None if seat == self.hand.to_move else seat, redoing=True)
        if self._redo and not self._redo[-1][2]:
            s, m, _ = self._redo[-1]          # what remains of a group is now one of its own
            self._redo[-1] = (s, m, True)

    # -- hints, best play, showing the cards ------------------------------------------------------

    def hint(self) -> None:
        """What the rule-of-thumb player would do in the user's place, and why."""
        hand = self.hand
        mover = hand.to_move
        if mover is not None and self.user_controls(mover):
            decider = hand.controller(mover)
            advice = self.advisor.advise(SeatView(hand, decider))
            self.hinted = advice.action
            self.say([f"Hint: {action_words(hand, advice.action)}. "
                      f"{_sentence(self.words(advice.reason))}"],
                     record=False)
        elif self.user_open_actions():
            seat, _ = self.user_open_actions()[0]
            actions = [a for s, a in self.user_open_actions() if s == seat]
            chosen = self.advisor.declare(SeatView(hand, hand.controller(seat)), actions)
            self.hinted = chosen
            self.say([f"Hint: {action_words(hand, chosen)}." if chosen is not None else
                      "Hint: let the moment pass (press Next)."], record=False)
        else:
            raise IllegalAction("no hint now: it is not your decision")

    def show_all_cards(self) -> None:
        """Turn every hand face up for the rest of this hand: a deliberate act, said on the
        table and in the story, after which the hand is an open one (its record is whole)."""
        if self.open_hands:
            raise IllegalAction("every hand is face up already")
        self.open_hands = True
        self.opened_at = self._action_count()
        trick = self.hand.trick_number
        self.say([f"Every hand is now shown, from trick {trick} on: this hand is an open one."])

    def best_play_words(self) -> str:
        """With open hands: what each legal action of the seat to move secures to the end of the
        hand with perfect play by all (``cardgames.solver``), in words; else why not."""
        from .solver import DRAWING_GAMES, SolverLimit, solve

        hand = self.hand
        mover = hand.to_move
        if mover is None or self.between_hands:
            return ""
        if not self.open_hands:
            return "Best play needs every card face up: deal with open hands."
        position = (id(hand), len(hand.history), mover)
        if self._solved is not None and self._solved[0] == position:
            return self._solved[1]
        left = max(len(h) for h in hand.hands) + \
            (hand.stock_size // hand.seats if self.game.name in DRAWING_GAMES else 0)
        if hand.phase is not Phase.PLAY or left > self.best_play_tricks:
            words = (f"Best play is searched exactly in the last {self.best_play_tricks} tricks "
                     f"({left} to play here, counting the cards still to be drawn).")
        else:
            try:
                solution = solve(hand, time_limit=self.best_play_seconds)
            except SolverLimit:
                words = (f"Best play: this position takes longer than {self.best_play_seconds:g} s "
                         "to search exactly; it comes within reach a trick or two later.")
            else:
                unit = table_words.unit_names(hand, self.names)[solution.unit]
                ranked = sorted(solution.values.items(), key=lambda av: (
                    -av[1], card_sort_key(av[0]) if isinstance(av[0], Card) else (9, 0)))
                parts = [f"{action_words(hand, a)} {v}" for a, v in ranked]
                words = (f"Best play with every card shown, {self.names[mover]} to play: the "
                         f"points {unit} secure to the end of the hand with perfect play by all: "
                         + ", ".join(parts) + ".")
        words = self.pack.words(words)
        self._solved = (position, words)
        return words

    # -- records and links ------------------------------------------------------------------------

    def record_for_user(self) -> str:
        """The record the user may keep: the whole hand (or match) when no card is hidden from
        the user; with hidden hands, only what the user's seat saw (no hidden card)."""
        if not self.hides_cards():
            if self.opened_at is None:
                return (self.match or self.hand).to_json()
            from . import record                  # the record says when the hands were shown
            kept = record.match_record(self.match) if self.match else record.hand_record(self.hand)
            kept["note"] = (f"The hands were face down until action {self.opened_at}, when "
                            f"every hand was shown: from then on an open hand.")
            return record.dumps(kept)
        if self.seat is None:
            raise IllegalAction("the hands are face down, so the record is given once the hand "
                                "is over (or after Show every hand)")
        return self.hand.view(self.seat).to_json()

    def share_link(self) -> str:
        """The query that deals this hand again (``?seed=...``), once no card is hidden."""
        if self.hides_cards():
            raise IllegalAction("the link to this deal is given once the hand is over: it would "
                                "show every hidden card")
        query = share_query(self.hand)
        return query if self.pack.is_french else f"{query}&faces={self.pack.key}"


def _sentence(text: str) -> str:
    """A line of the message: starting with a capital letter and ending with a full stop (or
    the mark it has)."""
    text = text.strip()
    if not text:
        return text
    if text[-1] not in ".!?:…)":
        text += "."
    return text[:1].upper() + text[1:]
