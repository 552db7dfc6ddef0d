"""The shared trick-taking core: a hand of any of the games, its actions, tricks and scores.

A :class:`Hand` is one deal, played from the first decision to the last trick. It knows the
mechanics every game shares: whose turn it is, playing a card to the trick, finishing a trick,
drawing from a stock, scoring, undo and redo, and refusing an illegal action with the reason.
Each game (``cardgames.games.<name>``) is a subclass that writes its own rules as small
methods: which cards may be played (``playable``), why a card may not (``refusal``), who wins a
trick (``trick_winner``), what it is worth (``trick_points``), what happens after it
(``after_trick``: drawing, a new trump, the reaches), and its named actions (doubling, calls,
marriages). A :class:`Match` plays hand after hand to a target.

Seats are numbered ``0..seats-1`` in playing order; seat 0 is the eldest hand and the last
seat deals, unless a deal names another ``dealer``. In four-player partnership games seats 0
and 2 (side 0) play against seats 1 and 3 (side 1).

Speed matters (search players play out thousands of hands a move), so the hot path keeps to
plain lists and cached legal actions, and words are only produced when asked for.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from math import floor
from enum import Enum
from typing import Any, Callable, ClassVar, Iterable, Iterator, Sequence

from .cards import Card, NotationError, Suit, card_sort_key, format_cards, shuffle
from .limits import quote
from .rule_sources import split_source

# Errors ------------------------------------------------------------------------------------


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message names the rule that forbids it, in a
    player's words, and ``source`` says where the rule comes from ("S3: 'the team that has the
    lead may declare'"; '' if the rule cites none): a citation in ``message`` moves there.

    Raising it changes nothing: the hand is exactly as it was before the attempt.
    """

    def __init__(self, message: str, action: object = None, seat: int | None = None):
        words, self.source = split_source(str(message))
        super().__init__(words)
        self.action = action
        self.seat = seat


class SetupError(ValueError):
    """A deal or a match that cannot be set up: impossible cards, wrong sizes, bad options."""


class OptionError(SetupError):
    """An unknown option, or a value the option does not take."""


# Actions -----------------------------------------------------------------------------------


class Phase(Enum):
    """What kind of decision the hand is waiting for."""

    DOUBLING = "doubling"   # Quinto: pass, double, redouble before the first trick
    DISCARD = "discard"     # Pippins Aplenty: each player chooses a card to discard
    PLAY = "play"           # tricks
    OVER = "over"           # the hand is finished (or abandoned)


@dataclass(frozen=True)
class Action:
    """A named action such as ``double``, ``pip-pip H``, ``marriage S``, ``swap-seven``.

    Its text is its name, then its suit if it has one: ``str(Action("pip-pip", Suit.HEARTS))``
    is ``"pip-pip H"``.
    """

    name: str
    suit: Suit | None = None

    def __str__(self) -> str:
        return self.name if self.suit is None else f"{self.name} {self.suit.letter}"

    def __repr__(self) -> str:
        return f"Action('{self}')"

    @property
    def label(self) -> str:
        """The action for people: ``pip-pip ♥``."""
        return self.name if self.suit is None else f"{self.name} {self.suit.symbol}"

    @classmethod
    def parse(cls, text: str) -> "Action":
        words = text.strip().lower().split()
        if not words:
            raise NotationError("empty text is neither a card nor an action")
        if len(words) == 1:
            return cls(words[0])
        if len(words) == 2:
            return cls(words[0], Suit.parse(words[1]))
        raise NotationError(
            f"{text!r} is not an action: an action is a name, optionally followed by a suit, "
            "e.g. 'double' or 'marriage H'"
        )


Move = Card | Action
"""Whatever a seat may do: play (or discard) a card, or take a named action."""


def parse_action(action: "Move | str") -> Move:
    """A :class:`Card` or an :class:`Action` from itself or its text (``"JS"``, ``"double"``)."""
    if isinstance(action, (Card, Action)):
        return action
    if not isinstance(action, str):
        raise NotationError(f"an action is a card, a named action or their text, not {action!r}")
    try:
        return Card.parse(action)
    except NotationError as card_error:
        text = action.strip()
        if not text or (len(text.split()) == 1 and len(text) <= 3):
            raise card_error from None
        return Action.parse(text)


DRAWS_NEVER = "never"
DRAWS_AFTER_TRICK = "after_trick"
DRAWS_AFTER_PLAY = "after_play"


def follow_suit(cards: list[Card], suit: Suit | None) -> list[Card]:
    """The usual rule: "follow suit if able, otherwise any card" (the cards of ``suit`` held,
    else all of them)."""
    return [c for c in cards if c.suit is suit] or list(cards)


def suit_not_followed(led: Card, card: Card) -> tuple[Suit, ...]:
    """What "follow suit if able" lets others read from ``card`` played to a trick led with
    ``led``: a card of another suit shows its player held none of the suit led."""
    return () if card.suit is led.suit else (led.suit,)


_tuple_contains = tuple.__contains__


def counted(number: int, thing: str, things: str | None = None) -> str:
    """``counted(1, "card")`` is "1 card", ``counted(3, "card")`` "3 cards"."""
    return f"{number} {thing if number == 1 else things or thing + 's'}"


class LegalActions(tuple):
    """The actions open to the seat to move: a tuple that also understands text.

    ``"JS" in hand.legal_actions()`` works as well as ``Card.parse("JS") in ...``.
    """

    __slots__ = ()

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                item = parse_action(item)
            except ValueError:
                return False
        return tuple.__contains__(self, item)

    @property
    def cards(self) -> list[Card]:
        return [a for a in self if isinstance(a, Card)]

    @property
    def named(self) -> list[Action]:
        return [a for a in self if isinstance(a, Action)]

    def __repr__(self) -> str:
        return f"<LegalActions: {' '.join(str(a) for a in self) or '(none)'}>"


# Tricks and declarations ---------------------------------------------------------------------


class Trick:
    """A finished trick: who led, the cards in play order, the winner and what it earned.

    ``cards`` is a list of ``(seat, Card)`` in play order; ``points`` is what the trick earned
    its winner's side; ``context`` is what the game needs to explain it later (the trump then,
    the reaches then), so the explanation is computed only when asked for.
    """

    __slots__ = ("number", "leader", "cards", "winner", "points", "context")

    def __init__(self, number: int, leader: int, cards: list[tuple[int, Card]], winner: int,
                 points: int, context: Any = None):
        self.number = number
        self.leader = leader
        self.cards = cards
        self.winner = winner
        self.points = points
        self.context = context

    @property
    def winning_card(self) -> Card:
        for seat, card in self.cards:
            if seat == self.winner:
                return card
        raise LookupError("the winner played no card to this trick")

    def card_of(self, seat: int) -> Card | None:
        for s, card in self.cards:
            if s == seat:
                return card
        return None

    def __repr__(self) -> str:
        plays = ", ".join(f"{seat}:{card}" for seat, card in self.cards)
        return f"<Trick {self.number}: {plays}; won by seat {self.winner} for {self.points}>"


@dataclass(frozen=True)
class Declaration:
    """A named action that scored or changed the hand: a call, a marriage, a double."""

    seat: int
    action: Action
    points: int = 0
    trick_number: int = 0          # tricks finished when it was made
    cards: tuple[Card, ...] = ()   # cards it showed, if any


# Options -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """A named rule choice of one game (RULES.md gives the names, defaults and sources).

    ``choices`` lists the allowed values; where it is empty, ``check`` validates a value and
    returns it normalised (or raises ``ValueError`` saying what is allowed).

    For people: ``question`` asks it in plain words ("Which way does play go?"),
    ``choice_words`` says each choice in words ("Clockwise (to the dealer's left)"), and
    ``value_words`` says any other value (a number of points); ``words(value)`` gives the words
    for a value. ``source`` names the rule texts behind it (RULES.md's tags, "S3/PRON"), for a
    tooltip. ``doc`` is the one-line meaning for programmers, with the option's own names.
    """

    name: str
    default: Any
    doc: str
    choices: tuple = ()
    check: Callable[[Any], Any] | None = None
    question: str = ""
    choice_words: dict = field(default_factory=dict, hash=False, compare=False)
    source: str = ""
    value_words: Callable[[Any], str] | None = field(default=None, hash=False, compare=False)

    def validate(self, value: Any) -> Any:
        if self.choices:
            for choice in self.choices:   # True == 1 in Python: compare types as well
                if choice == value and type(choice) is type(value):
                    return choice
            allowed = ", ".join(repr(c) for c in self.choices)
            raise OptionError(f"option {self.name}={value!r} is not allowed; choose one of {allowed}")
        if self.check is not None:
            try:
                return self.check(value)
            except (TypeError, ValueError) as error:
                raise OptionError(f"option {self.name}={value!r} is not allowed: {error}") from None
        return value

    def words(self, value: Any) -> str:
        """The value in plain words, as the rule texts would say it."""
        for choice, text in self.choice_words.items():
            if choice == value and type(choice) is type(value):
                return text
        if self.value_words is not None:
            return self.value_words(value)
        return str(value)


def flag(name: str, default: bool, doc: str, *, question: str = "", yes: str = "Yes",
         no: str = "No", source: str = "") -> Option:
    """A yes/no option; ``yes`` and ``no`` say its two choices in words."""
    return Option(name, default, doc, choices=(False, True), question=question,
                  choice_words={True: yes, False: no}, source=source)


def counting(unit: str, units: str | None = None) -> Callable[[Any], str]:
    """Words for a whole-number option: ``counting("point")(250)`` is "250 points"."""
    return lambda value: counted(value, unit, units) if isinstance(value, int) else str(value)


def whole_number(low: int, high: int | None = None) -> Callable[[Any], int]:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"a whole number is needed{'' if high is None else f' from {low} to {high}'}")
        if value < low or (high is not None and value > high):
            raise ValueError(f"choose a whole number from {low}" + ("" if high is None else f" to {high}"))
        return value

    return check


class Options(dict):
    """The options of one hand or match, every option named, read as attributes.

    Fixed once made, so one object may serve many hands; the values are also kept as
    attributes, since the rules read them often (``options.no_yukon_leads``).
    """

    def __init__(self, values: dict[str, Any] | None = None) -> None:
        super().__init__(values or {})
        self.__dict__.update((k, v) for k, v in self.items() if not hasattr(dict, k))

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def __reduce__(self) -> tuple:
        return (Options, (dict(self),))     # copies and pickles are made from the values

    def _readonly(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("options are fixed once a hand is dealt")

    __setitem__ = __delitem__ = update = pop = clear = setdefault = __setattr__ = \
        __delattr__ = _readonly  # type: ignore


# The game: name, players, options, and how to deal it ---------------------------------------------


class Game:
    """One of the games: its names, player counts, options and the classes that play it."""

    def __init__(self, name: str, title: str, hand_class: type["Hand"], match_class: type["Match"],
                 player_counts: Sequence[int], default_players: int, options: Sequence[Option],
                 aliases: Sequence[str] = (), summary: str = "", deal_keywords: Sequence[str] = ()):
        self.name = name
        self.title = title
        self.hand_class = hand_class
        self.match_class = match_class
        self.player_counts = tuple(player_counts)
        self.default_players = default_players
        self.options = {option.name: option for option in options}
        self.aliases = tuple(aliases)
        self.summary = summary
        self.deal_keywords = tuple(deal_keywords)
        self._defaults: dict[int, Options] = {}   # players -> the default options, made once
        hand_class.game = self
        match_class.game = self

    def __repr__(self) -> str:
        return f"<Game {self.name}: {self.title}, {self.player_counts[0]}-{self.player_counts[-1]} players>"

    def resolve_options(self, players: int | None, given: dict[str, Any]) -> tuple[int, Options]:
        """The player count and every option's value: defaults, then what was given, checked."""
        if players is None:
            players = self.default_players
        if not given and players.__class__ is int and players in self._defaults:
            return players, self._defaults[players]     # (a bool is no player count)
        if isinstance(players, bool) or players not in self.player_counts:
            counts = ", ".join(str(n) for n in self.player_counts)
            raise OptionError(f"{self.title} is played by {counts} players, not {players!r}")
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            known = ", ".join(self.options) or "none"
            raise OptionError(
                f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(unknown)} for {self.title}; "
                f"its options are: {known}"
            )
        values = {}
        for name, option in self.options.items():
            values[name] = option.validate(given[name]) if name in given else option.default
        if not given:
            self._defaults[players] = Options(values)
            return players, self._defaults[players]
        return players, Options(values)

    def deal(self, seed: int | None = None, *, hands: Sequence[Iterable[Card | str]] | None = None,
             stock: Iterable[Card | str] | None = None, players: int | None = None,
             dealer: int | None = None, **options: Any) -> "Hand":
        """A hand shuffled from ``seed`` (a random seed if none), or set up from ``hands`` and ``stock``."""
        deal_args = {k: options.pop(k) for k in list(options) if k in self.deal_keywords} \
            if options else {}
        players, opts = self.resolve_options(players, options)
        cls = self.hand_class
        seats = cls.seats_for(players)
        if dealer is None:
            dealer = seats - 1
        elif isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < seats:
            raise SetupError(f"dealer must be a seat from 0 to {seats - 1}, not {dealer!r}")
        if hands is None:
            if stock is not None:
                raise SetupError("a stock was given without hands: set up both, or give a seed")
            if seed is None:
                seed = random.SystemRandom().randrange(1, 10**9)
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise SetupError(f"a seed is a whole number, not {seed!r}")
            return cls.shuffled(players, opts, seed, dealer, deal_args)
        if seed is not None:
            raise SetupError("give either a seed or hands set up by hand, not both")
        return cls.set_up(players, opts, hands, stock, dealer, deal_args)

    def match(self, seed: int | None = None, *, players: int | None = None,
              target: int | None = None, scores: Sequence[int] | None = None,
              hands: Sequence[Iterable[Card | str]] | None = None,
              stock: Iterable[Card | str] | None = None, dealer: int | None = None,
              **options: Any) -> "Match":
        """Hand after hand to the target, the deal passing as the game says.

        ``hands`` and ``stock`` (with ``dealer`` and the game's deal keywords, as for
        :meth:`deal`) set the first hand up by hand: a position a teacher sets up; ``scores``
        the points already on the board. An impossible start is refused with
        :class:`SetupError`.
        """
        if "target" in self.options and target is not None:
            options["target"] = target
            target = None
        match_args = {k: options.pop(k) for k in list(options)
                      if k in self.match_class.match_keywords}
        deal_args = {k: options.pop(k) for k in list(options) if k in self.deal_keywords}
        players, opts = self.resolve_options(players, options)
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError(f"a seed is a whole number, not {seed!r}")
        if hands is None and (stock is not None or dealer is not None or deal_args):
            given = ", ".join(["stock"] * (stock is not None) + ["dealer"] * (dealer is not None)
                              + list(deal_args))
            raise SetupError(f"{given} can only be given with the first hand's cards set up by "
                             "hand (hands=[...]); a shuffled match deals as the rules say")
        match = self.match_class(players, opts, seed, target=target, scores=scores, **match_args)
        match.check_start()
        if hands is not None:
            match.set_up_hand(hands, stock, dealer, deal_args)
        return match


def _to_cards(items: Iterable[Card | str], what: str) -> list[Card]:
    """Cards given by hand: a list of cards or their text (``["AS", "TH"]``), or one text
    (``"AS TH"``)."""
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    elif isinstance(items, (dict, bytes, bytearray)) or not hasattr(items, "__iter__"):
        raise SetupError(f"{what}: cards are given as a list such as ['AS', 'TH'] or as the text "
                         f"'AS TH', not {quote(items)}")
    cards = []
    for item in items:
        if not isinstance(item, (Card, str)):
            raise SetupError(f"{what}: {quote(item)} is not a card; a card is written like 'AS' "
                             "or 'TH'")
        try:
            cards.append(Card.parse(item))
        except NotationError as error:
            raise SetupError(f"{what}: {error}") from None
    return cards


# The hand ---------------------------------------------------------------------------------------


class Hand:
    """One deal of a game, from the first decision to the end of the hand.

    Public surface: ``to_move``, ``legal_actions()``, ``apply(action)``, ``undo()``/``redo()``,
    ``tricks``, ``score``, ``is_over``, and explanations: ``why_illegal(action)``,
    ``explain_trick(trick)``. Subclasses (one per game) write the rules.
    """

    game: ClassVar[Game]

    # What a game declares about itself (overridden by each game):
    cards_per_player: ClassVar[int] = 0
    partnerships: bool = False      # decided per hand from players/options; sides 0-2 v 1-3
    has_named_actions: ClassVar[bool] = False   # does the seat to move ever get named actions?
    has_open_actions: ClassVar[bool] = False    # may seats act out of turn (calls, marriages)?
    # Does the seat to move only ever have named actions before it leads? (Then play_out asks
    # ``named_actions`` only of the leader; a test checks the game's claim.)
    named_actions_only_when_leading: ClassVar[bool] = False
    action_names: ClassVar[tuple[str, ...]] = ()  # the named actions, as typed: "pip-pip <suit>"
    first_phase: ClassVar[Phase] = Phase.PLAY
    has_stock: ClassVar[bool] = True            # False: the whole pack is dealt (Pippins Aplenty)
    identical_cards: ClassVar[bool] = False     # two packs: a hand may hold a card twice
    # When the seats draw from the stock in the play (what a seat showed it lacked holds only
    # until it draws): DRAWS_NEVER, DRAWS_AFTER_TRICK (the whole table, after each trick while
    # the stock lasts) or DRAWS_AFTER_PLAY (each player straight after his own card).
    draws: ClassVar[str] = DRAWS_NEVER
    # Derived from what a game overrides (``__init_subclass__``), for ``play_out``:
    has_after_play: ClassVar[bool] = False      # after_play
    has_after_trick: ClassVar[bool] = False     # after_trick
    has_trick_context: ClassVar[bool] = False   # trick_context
    plain_play_card: ClassVar[bool] = True      # keeps the engine's play_card
    plain_finish_trick: ClassVar[bool] = True   # keeps the engine's finish_trick
    # Mutable list attributes a game adds; copy() copies them:
    _game_lists: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.has_after_play = cls.after_play is not Hand.after_play
        cls.has_after_trick = cls.after_trick is not Hand.after_trick
        cls.has_trick_context = cls.trick_context is not Hand.trick_context
        cls.plain_play_card = cls.play_card is Hand.play_card
        cls.plain_finish_trick = cls.finish_trick is Hand.finish_trick

    # -- dealing ----------------------------------------------------------------------------

    @classmethod
    def seats_for(cls, players: int) -> int:
        """How many hands are at the table (Quinto for three adds a dummy)."""
        return players

    @classmethod
    def deck(cls, players: int, options: Options, rng: random.Random | None) -> tuple[Card, ...]:
        """The cards in play for this many players and these options."""
        raise NotImplementedError

    @classmethod
    def shuffled(cls, players: int, options: Options, seed: int, dealer: int,
                 deal_args: dict[str, Any]) -> "Hand":
        """Shuffle the game's deck with ``random.Random(seed)`` and deal it."""
        rng = random.Random(seed)
        deck = list(cls.deck(players, options, rng))
        shuffle(deck, rng)                   # exactly rng.shuffle(deck), faster
        seats = cls.seats_for(players)
        per = cls.hand_size(players, options)
        hands = [deck[i * per:(i + 1) * per] for i in range(seats)]
        stock = deck[seats * per:]
        extra = cls.deal_extras(players, options, rng, deal_args, stock)
        hand = cls(players, options, hands, stock, dealer, seed=seed, extra=extra)
        hand.deal_args = dict(deal_args)     # recorded, so the deal replays with them
        return hand

    @classmethod
    def hand_size(cls, players: int, options: Options) -> int:
        return cls.cards_per_player

    @classmethod
    def deal_extras(cls, players: int, options: Options, rng: random.Random,
                    deal_args: dict[str, Any], stock: list[Card]) -> dict[str, Any]:
        """What else a shuffled deal fixes by chance (a trump cut from the pack, say), or by the
        deal keywords a game accepts (``Game(deal_keywords=...)``; they go into the record)."""
        if deal_args:
            raise SetupError(f"{', '.join(deal_args)} can only be given with a deal set up by hand")
        return {}

    @classmethod
    def set_up(cls, players: int, options: Options, hands: Sequence[Iterable[Card | str]],
               stock: Iterable[Card | str] | None, dealer: int, deal_args: dict[str, Any]) -> "Hand":
        """A hand from cards given by hand, checked against the game's deck."""
        seats = cls.seats_for(players)
        given = None if isinstance(hands, (str, dict, bytes, bytearray)) or \
            not hasattr(hands, "__iter__") else list(hands)
        if given is None or len(given) != seats:
            got = f"{len(given)}" if given is not None else quote(hands)
            raise SetupError(
                f"{cls.game.title} for {players} players needs {seats} hands, one list of cards "
                f"per seat (hands=[['AS', 'TH', ...], ...]), not {got}"
            )
        dealt = [_to_cards(h, f"hand of seat {i}") for i, h in enumerate(given)]
        stock_cards = _to_cards([] if stock is None else stock, "stock")
        if stock_cards and not cls.has_stock:
            raise SetupError(f"{cls.game.title} has no stock: {cls.no_stock_words()}; "
                             "give the hands alone")
        sizes = {len(h) for h in dealt}
        if len(sizes) != 1:
            listed = ", ".join(f"seat {i}: {len(h)}" for i, h in enumerate(dealt))
            raise SetupError(f"the hands must hold equally many cards ({listed})")
        size = sizes.pop()
        most = cls.hand_size(players, options)
        if size > most or size == 0:
            raise SetupError(f"each hand must hold 1 to {most} cards in {cls.game.title}, not {size}")
        deck = cls.deck(players, options, None)
        available: dict[Card, int] = {}
        for card in deck:
            available[card] = available.get(card, 0) + 1
        for where, cards in [(f"seat {i}", h) for i, h in enumerate(dealt)] + [("the stock", stock_cards)]:
            for card in cards:
                left = available.get(card)
                if left is None:
                    raise SetupError(
                        f"{card} ({where}) is not in the {cls.game.title} deck for {players} players"
                    )
                if left == 0:
                    copies = sum(1 for c in deck if c is card)
                    raise SetupError(
                        f"{card} appears more often than the deck holds it "
                        f"({copies} {'copy' if copies == 1 else 'copies'}); found again in {where}"
                    )
                available[card] = left - 1
        extra = cls.extras_set_up(players, options, dealt, stock_cards, deal_args)
        hand = cls(players, options, dealt, stock_cards, dealer, seed=None, extra=extra)
        hand.set_up_by_hand = True
        hand.deal_args = dict(deal_args)
        return hand

    @classmethod
    def no_stock_words(cls) -> str:
        """Why a game with ``has_stock = False`` has no stock, in the rule's words."""
        return "every card is dealt"

    @classmethod
    def extras_set_up(cls, players: int, options: Options, hands: list[list[Card]],
                      stock: list[Card], deal_args: dict[str, Any]) -> dict[str, Any]:
        """Check a deal set up by hand and return what else it fixes (e.g. ``trump="H"``)."""
        if deal_args:
            raise SetupError(f"{cls.game.title} takes no {', '.join(deal_args)} in a deal")
        return {}

    def __init__(self, players: int, options: Options, hands: list[list[Card]], stock: list[Card],
                 dealer: int, seed: int | None = None, extra: dict[str, Any] | None = None):
        """The deal: ``hands`` and ``stock`` (in drawing order) are kept as the deal as dealt,
        so the caller leaves them alone; the hand plays on copies."""
        self.players = players
        self.options = options
        self.seats = self.seats_for(players)
        self.dealer = dealer
        self.seed = seed
        self.extra = dict(extra or {})
        self.set_up_by_hand = False
        self.deal_args: dict[str, Any] = {}
        self._initial = (hands, stock)
        self.hands: list[list[Card]] = [list(h) for h in hands]
        self._stock: list[Card] = list(reversed(stock))   # drawn from the end
        self.stock_dealt = len(stock)   # public: everyone at the table sees the stock's size
        self.eldest = (dealer + 1) % self.seats
        self.leader = self.eldest
        self.to_move: int | None = self.eldest
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[Trick] = []
        self.declarations: list[Declaration] = []
        self.history: list[tuple[int, Move]] = []
        self.trump: Suit | None = None
        self.phase = self.first_phase
        self.end_reason = ""
        self._legal: LegalActions | None = None
        self._redo: list[tuple[int, Move]] = []
        self.partnerships = self.plays_in_partnerships()
        self.score = [0] * (2 if self.partnerships else self.seats)
        self.start()

    # -- what a game writes (hooks) ---------------------------------------------------------

    def plays_in_partnerships(self) -> bool:
        return False

    def start(self) -> None:
        """Set up what the hand begins with (phase, first trump). Called once after the deal."""

    def playable(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play to the current trick."""
        return list(self.hands[seat])

    def refusal(self, seat: int, card: Card) -> str:
        """Why ``seat`` may not play ``card`` now, in the words of the rule."""
        return "the rules do not allow that card now"

    @classmethod
    def lacks_shown(cls, options: Options, before: list[tuple[int, Card]], seat: int, card: Card,
                    drawing: bool, trump: Any, partnerships: bool) -> tuple[Any, ...]:
        """The kinds of card (suits, or what ``is_kind`` adds) ``seat`` shows it held none of by
        playing ``card`` after ``before`` (the trick's cards so far, the lead first): ``drawing``
        tells whether the stock still lasted then, ``trump`` is the trump now and
        ``partnerships`` whether partners sit opposite (default: any card may be played, so
        nothing is shown)."""
        return ()

    @classmethod
    def is_kind(cls, options: Options, card: Card, kind: Any) -> bool:
        """Is ``card`` of ``kind``, one of the kinds ``lacks_shown`` names? (Default: a suit.)"""
        return card.suit is kind

    def named_actions(self, seat: int) -> list[Action]:
        """Named actions open to the seat to move (in the play phase, besides its cards)."""
        return []

    def open_actions(self, seat: int) -> list[Action]:
        """Named actions a seat may take out of turn now (a call after its own play, say)."""
        return []

    def out_of_turn_seats(self) -> Iterable[int]:
        """The seats that may have ``open_actions`` now (default: every seat); a game that
        knows fewer names them, so that the others are not asked at every step."""
        return range(self.seats)

    def apply_named(self, seat: int, action: Action) -> None:
        raise IllegalAction(f"{action} is not an action of {self.game.title}", action, seat)

    def action_words(self, action: "Move | str") -> str:
        """An action, or its text as ``apply`` takes it, as people say it at the table
        ("Double", "Pip-Pip! in hearts"; a card is its label, "J♠"). ``action.label`` and
        ``str(action)`` stay as records write them. Text that is no card or action of this
        game raises :class:`IllegalAction` saying what the game's actions are."""
        try:
            move = parse_action(action)
        except NotationError as error:
            raise IllegalAction(self._not_understood(error), action) from None
        if move.__class__ is Card:
            return move.label  # type: ignore[union-attr]
        if move.name not in {name.split()[0] for name in self.action_names}:
            if not self.action_names:
                raise IllegalAction(f"{self.game.title} has no named actions such as '{move}': "
                                    "every decision is a card to play", move)
            raise IllegalAction(f"{move} is not an action of {self.game.title}; its actions are: "
                                f"{', '.join(self.action_names)}", move)
        return self.named_words(move)  # type: ignore[arg-type]

    def named_words(self, action: Action) -> str:
        """A named action of this game in words (``action_words`` checks it first); each game
        says its own."""
        label = action.label
        return label[:1].upper() + label[1:]

    def named_refusal(self, seat: int, action: Action) -> str:
        """Why a named action is not open to ``seat`` now (games with named actions say more)."""
        if not self.has_named_actions and not self.has_open_actions:
            return (f"{self.game.title} has no named actions such as '{action}': "
                    "every decision is a card to play")
        return f"{action} is not open to {self.seat_name(seat)} now"

    def _not_understood(self, error: NotationError) -> str:
        """Text that is neither a card nor an action: the card notation, and the actions if any."""
        if not self.has_named_actions and not self.has_open_actions:
            return f"{error} ({self.game.title} has no named actions: every decision is a card)"
        return f"{error} The named actions of {self.game.title} are: {', '.join(self.action_names)}."

    def not_in_deck(self, card: Card) -> str:
        """Why ``card`` is in no hand: the game's pack has no such card."""
        return f"there is no {card.label} in the {self.game.title} pack"

    def choose_card(self, seat: int, card: Card) -> None:
        """A card chosen outside the play phase (a discard)."""
        raise IllegalAction("no card can be chosen now", card, seat)

    def trick_winner(self, plays: list[tuple[int, Card]]) -> int:
        """The index in ``plays`` of the card that wins the trick."""
        raise NotImplementedError

    def trick_points(self, plays: list[tuple[int, Card]], winner: int) -> int:
        """What the trick earns the winner's side (0 where points are counted another way)."""
        return 0

    def trick_context(self) -> Any:
        """What explaining this trick later will need to know (default: the trump)."""
        return self.trump

    def after_trick(self, trick: Trick) -> None:
        """After the trick is scored: draw, change trumps, end the hand (default: end when empty)."""

    def on_hand_end(self) -> None:
        """Last scoring when the hand ends (the cachette, the last-trick bonus)."""

    def explain_winner(self, trick: Trick) -> str:
        """Why the trick's winning card wins it, in words."""
        return f"{trick.winning_card.label} wins"

    def explain_points(self, trick: Trick) -> str:
        """What the trick earned, in words."""
        return f"{trick.points} points"

    def public_info(self) -> list[tuple[str, str]]:
        """What the game shows everybody, as (label, text) pairs: trumps, stock, reaches..."""
        info = []
        if self.trump is not None:
            info.append(("Trumps", self.trump.symbol + " " + self.trump.plural))
        if self._stock:
            info.append(("Stock", counted(len(self._stock), "card")))
        return info

    def set_aside(self) -> list[Card]:
        """Cards of the deal that are in no hand, stock, trick or finished trick: discards,
        dead cards turned up from the stock, a cachette taken aside (default: none)."""
        return []

    def exposed(self, seat: int) -> list[Card]:
        """Cards of ``seat``'s hand that lie face up for everyone (Pip-Pip pairs, the dummy)."""
        return []

    # -- the public surface -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def stock(self) -> list[Card]:
        """The undealt cards in drawing order, the next card to be drawn first."""
        return self._stock[::-1]

    @property
    def stock_size(self) -> int:
        return len(self._stock)

    @property
    def trick_number(self) -> int:
        """The number (from 1) of the trick being played, or of the last one once over."""
        return len(self.tricks) + (1 if self.trick or not self.is_over else 0)

    def side(self, seat: int) -> int:
        """The scoring unit of a seat: its side in partnership games, else the seat itself."""
        return seat % 2 if self.partnerships else seat

    def seat_name(self, seat: int) -> str:
        return f"seat {seat}"

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.seats

    def legal_actions(self) -> LegalActions:
        """What the seat to move may do now: cards and named actions (empty once over)."""
        legal = self._legal
        if legal is None:
            if self.phase is Phase.PLAY and not self.has_named_actions and self.to_move is not None:
                legal = self._legal = LegalActions(self.playable(self.to_move))
            else:
                legal = self._legal = LegalActions(self._legal_list())
        return legal

    def _legal_list(self) -> list[Move]:
        seat = self.to_move
        if seat is None:
            return []
        if self.phase is Phase.PLAY:
            if self.has_named_actions:
                return self.playable(seat) + self.named_actions(seat)
            return self.playable(seat)
        if self.phase is Phase.DISCARD:      # (two identical cards are one choice)
            hand = self.hands[seat]
            return list(dict.fromkeys(hand)) if self.identical_cards else list(hand)
        return list(self.named_actions(seat))

    def open_actions_by_seat(self) -> dict[int, list[Action]]:
        """Out-of-turn actions open now, by seat (seats with none are left out)."""
        if not self.has_open_actions or self.phase is Phase.OVER:
            return {}
        found = {}
        for seat in self.out_of_turn_seats():
            if seat != self.to_move:
                actions = self.open_actions(seat)
                if actions:
                    found[seat] = actions
        return found

    def apply(self, action: Move | str, seat: int | None = None) -> None:
        """Take an action: a card, a named action, or their text (``"JS"``, ``"double"``).

        The seat to move acts unless ``seat`` names another seat taking an out-of-turn action
        (a call after its own play, a partner's marriage). An action the rules forbid raises
        :class:`IllegalAction` with the reason, and changes nothing.
        """
        if action.__class__ is Card and seat is None:
            # The hot path (search players play thousands of hands a move): a Card object
            # played by the seat to move.
            legal = self._legal
            if legal is None:
                legal = self.legal_actions()
            if _tuple_contains(legal, action):
                mover = self.to_move
                if self._redo:
                    self._redo = []
                self.history.append((mover, action))
                self._legal = None
                if self.phase is Phase.PLAY:
                    self.play_card(mover, action)  # type: ignore[arg-type]
                else:
                    self.choose_card(mover, action)  # type: ignore[arg-type]
                return
        try:
            move = parse_action(action)
        except NotationError as error:
            raise IllegalAction(self._not_understood(error), action, seat) from None
        mover = self.to_move
        if seat is None or seat == mover:
            legal = self._legal
            if legal is None:
                legal = self.legal_actions()
            if _tuple_contains(legal, move):
                self._redo = []
                self._do(mover, move)  # type: ignore[arg-type]
                return
            if seat is None and isinstance(move, Action) and self.has_open_actions:
                owners = [s for s, acts in self.open_actions_by_seat().items() if move in acts]
                if len(owners) == 1:
                    self._redo = []
                    self._do(owners[0], move)
                    return
                if len(owners) > 1:
                    raise IllegalAction(
                        f"{move} is open to seats {', '.join(map(str, owners))}: say which seat takes it",
                        move, None,
                    )
        elif isinstance(seat, int) and 0 <= seat < self.seats and isinstance(move, Action) \
                and move in self.open_actions(seat):
            self._redo = []
            self._do(seat, move)
            return
        raise IllegalAction(self._cited_refusal(move, seat), move, seat)

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Where ``card`` goes when a hand is laid out for people: by suit (the Joker last), then
        by its rank in this game, low to high (a game whose ranks run otherwise says so)."""
        return card_sort_key(card)

    def why_illegal(self, action: Move | str, seat: int | None = None) -> str | None:
        """Why ``seat`` (default: the seat to move) may not take ``action`` now, in a player's
        words (the rule's source left out: ``IllegalAction.source`` has it); None if it may."""
        reason = self._cited_refusal(action, seat)
        return None if reason is None else split_source(reason)[0]

    def _cited_refusal(self, action: Move | str, seat: int | None = None) -> str | None:
        """``why_illegal``'s reason as the game words it, with the source of its rule cited."""
        try:
            move = parse_action(action)
        except NotationError as error:
            return self._not_understood(error)
        mover = self.to_move
        if seat is None:
            seat = mover
        if self.is_over:
            return f"the hand is over{': ' + self.end_reason if self.end_reason else ''}; no more actions"
        if seat is None or isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            return f"there is no seat {seat!r} at this table (seats 0 to {self.seats - 1})"
        if seat == mover and move in self.legal_actions():
            return None
        if seat != mover and isinstance(move, Action) and move in self.open_actions(seat):
            return None
        if isinstance(move, Card):
            if seat != mover:
                return f"it is {self.seat_name(mover)}'s turn, not {self.seat_name(seat)}'s"
            if move not in self.hands[seat]:
                if move not in self.deck(self.players, self.options, None):
                    return self.not_in_deck(move)
                return f"{self.seat_name(seat)} does not hold {move.label}"
            if self.phase is not Phase.PLAY and self.phase is not Phase.DISCARD:
                return f"no card can be played now: the hand is in its {self.phase.value} phase"
            return self.refusal(seat, move)
        return self.named_refusal(seat, move)

    def _do(self, seat: int, move: Move) -> None:
        self.history.append((seat, move))
        self._legal = None
        if move.__class__ is Card:
            if self.phase is Phase.PLAY:
                self.play_card(seat, move)  # type: ignore[arg-type]
            else:
                self.choose_card(seat, move)  # type: ignore[arg-type]
        else:
            self.apply_named(seat, move)  # type: ignore[arg-type]

    # -- the mechanics every game shares ---------------------------------------------------------

    def play_card(self, seat: int, card: Card) -> None:
        """Play a card to the trick; finish the trick when everyone has played. (``play_out``
        does the same inline: change both together.)"""
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append((seat, card))
        if self.has_after_play:
            self.after_play(seat, card)
        if len(trick) == self.seats:
            self.finish_trick()
        else:
            seat += 1
            self.to_move = seat if seat < self.seats else 0

    def after_play(self, seat: int, card: Card) -> None:
        """Straight after a card is played (Pip-Pip!: the player draws). Called only where the
        game sets ``has_after_play = True``."""

    def finish_trick(self) -> None:
        """The trick is complete: its winner, its points, the hooks after it, perhaps the end of
        the hand. (``play_out`` does the same inline: change both together.)"""
        plays = self.trick
        index = self.trick_winner(plays)
        winner = plays[index][0]
        points = self.trick_points(plays, winner)
        tricks = self.tricks
        trick = Trick(len(tricks) + 1, self.leader, plays, winner, points, self.trick_context())
        tricks.append(trick)
        self.score[winner % 2 if self.partnerships else winner] += points   # self.side(winner)
        self.trick = []
        self.leader = winner
        self.to_move = winner
        self.after_trick(trick)
        if self.phase is not Phase.OVER and not self.hands[winner] and not self.trick:
            self.end_hand()

    def draw(self, seat: int) -> Card:
        card = self._stock.pop()
        self.hands[seat].append(card)
        return card

    def draw_round(self, first: int) -> None:
        """Each seat draws one card, ``first`` first, then in playing order."""
        stock, hands = self._stock, self.hands
        for seat in PLAYING_ORDER[self.seats][first]:
            hands[seat].append(stock.pop())

    def end_hand(self, reason: str = "") -> None:
        """The hand is over: last scoring, then no seat is to move."""
        self.on_hand_end()
        self.phase = Phase.OVER
        self.to_move = None
        self._legal = None
        self.end_reason = reason or self.end_reason

    def abandon(self, reason: str) -> None:
        """Stop the hand where it stands (a match won in mid-hand)."""
        self.phase = Phase.OVER
        self.to_move = None
        self._legal = None
        self.end_reason = reason

    def declare(self, seat: int, action: Action, points: int = 0, cards: Sequence[Card] = ()) -> Declaration:
        """Record a declaration and credit its points to the seat's side."""
        made = Declaration(seat, action, points, len(self.tricks), tuple(cards))
        self.declarations.append(made)
        if points:
            self.score[self.side(seat)] += points
        return made

    # -- explanations (computed only when asked) -------------------------------------------------------

    def explain_trick(self, trick: Trick | None = None) -> str:
        """The trick in words: who won it with which card, why, and what it earned."""
        if trick is None:
            if not self.tricks:
                return "No trick has been played yet."
            trick = self.tricks[-1]
        return (f"Trick {trick.number}: {self.seat_name(trick.winner)} wins with "
                f"{trick.winning_card.label}: {self.explain_winner(trick)}. "
                f"It earns {self.explain_points(trick)}.")

    def current_winner(self) -> int | None:
        """The seat whose card is winning the trick in progress (None before the lead)."""
        if not self.trick:
            return None
        return self.trick[self.trick_winner(self.trick)][0]

    def describe(self) -> str:
        """A plain-text picture of the hand: seats, cards, trick, scores."""
        lines = [f"{self.game.title}, {self.players} players, dealer seat {self.dealer}"
                 + (f", seed {self.seed}" if self.seed is not None else "")]
        for label, text in self.public_info():
            lines.append(f"{label}: {text}")
        for seat, cards in enumerate(self.hands):
            marker = " <- to move" if seat == self.to_move else ""
            lines.append(f"seat {seat}: {format_cards(cards)}{marker}")
        if self.trick:
            lines.append("trick: " + ", ".join(f"{s}:{c}" for s, c in self.trick))
        unit = "side" if self.partnerships else "seat"
        lines.append(f"score by {unit}: {self.score}")
        if self.is_over:
            lines.append("the hand is over" + (f": {self.end_reason}" if self.end_reason else ""))
        return "\n".join(lines)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"seat {self.to_move} to move"
        return f"<{self.game.title} hand: trick {self.trick_number}, {state}, score {self.score}>"

    def _repr_html_(self) -> str:
        from . import render

        return render.hand_html(self)

    # -- what one seat may see -------------------------------------------------------------------

    def view(self, seat: int) -> "View":  # noqa: F821 (cardgames.view imports this module)
        """What ``seat`` may see of the hand: its own cards and everything public, nothing else."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise ValueError(f"there is no seat {seat!r} at this table (seats 0 to {self.seats - 1})")
        state = self.copy().__dict__
        concealed = self.conceal(state, seat)
        mover = self.to_move
        legal = self.legal_actions() if mover is not None and self.controller(mover) == seat \
            else LegalActions(())
        from .view import View

        return View(self.__class__, seat, state, tuple(sorted(concealed, key=lambda c: c.index)), legal)

    def fill_hidden(self, take: Callable[[], Card], seat: int) -> None:
        """In a hand sampled from a view: fill the ``None`` places a game's ``conceal`` added
        beyond the hands and the stock (a hidden discard, say) with ``take()``."""

    def as_others_see(self, seat: int) -> list[Card | None]:
        """``seat``'s hand as the other players see it: its ``exposed`` cards, None for each
        card face down."""
        shown = list(self.exposed(seat))
        kept: list[Card | None] = []
        for card in self.hands[seat]:
            if card in shown:
                shown.remove(card)
                kept.append(card)
            else:
                kept.append(None)
        return kept

    def controller(self, seat: int) -> int:
        """The seat that decides for ``seat``: itself (Quinto's dummy is played by the dealer)."""
        return seat

    def sees_hand_of(self, viewer: int, seat: int) -> bool:
        """Does ``viewer`` see all of ``seat``'s hand? (Its own; Quinto's exposed dummy.)"""
        return viewer == seat

    def conceal(self, state: dict[str, Any], seat: int) -> list[Card]:
        """Replace by ``None`` in ``state`` (a copy of this hand's attributes) every card that
        ``seat`` may not see, and return those cards.

        The base hides the other seats' hands (except their ``exposed`` cards), the stock, the
        deal as dealt and the undo stack. A game with other secrets (a discard not yet shown, a
        cachette) extends it; a game with public stock cards (the pinta) puts them back.
        """
        concealed: list[Card] = []
        hands = state["hands"]
        for other in range(self.seats):
            if self.sees_hand_of(seat, other):
                continue
            kept = self.as_others_see(other)
            concealed.extend(c for c, k in zip(hands[other], kept) if k is None)
            hands[other] = kept
        concealed.extend(state["_stock"])
        state["_stock"] = [None] * len(state["_stock"])
        state["_initial"] = None
        state["_redo"] = []
        state["_legal"] = None
        return concealed

    # -- undo, redo, copies, records -----------------------------------------------------------

    def replayed(self, actions: Iterable[tuple[int, Move]]) -> "Hand":
        """A fresh copy of this deal with ``actions`` applied, each checked by the rules."""
        hands, stock = self._initial
        fresh = self.__class__(self.players, self.options, hands, stock, self.dealer,
                               seed=self.seed, extra=self.extra)
        fresh.set_up_by_hand = self.set_up_by_hand
        fresh.deal_args = self.deal_args
        for seat, move in actions:
            fresh.apply(move, seat if seat != fresh.to_move else None)
        return fresh

    def play_out(self, rng: random.Random) -> "Hand":
        """Play to the end with uniformly random legal actions: the search players' rollouts.

        The same as applying ``rng``-chosen items of ``legal_actions()`` one by one (out-of-turn
        declarations are never made), without the checks ``apply`` makes for callers from outside:
        in the play the choice is among ``playable`` and then ``named_actions``, the order of
        ``legal_actions()``, without building it. ``play_card`` and ``finish_trick`` are done
        inline where the game keeps the engine's own (every game does): change them together.
        """
        rand = rng.random
        history = self.history
        hands = self.hands
        seats = self.seats
        tricks = self.tricks
        score = self.score
        partnerships = self.partnerships
        playable = self.playable
        trick_winner = self.trick_winner
        trick_points = self.trick_points
        trick_context = self.trick_context if self.has_trick_context else None
        after_trick = self.after_trick if self.has_after_trick else None
        after_play = self.after_play if self.has_after_play else None
        only_leading = self.named_actions_only_when_leading
        named = self.has_named_actions
        play, over, card_class = Phase.PLAY, Phase.OVER, Card
        orders = PLAYING_ORDER[seats]
        self._legal = None
        if self._redo:
            self._redo = []
        if not (self.plain_play_card and self.plain_finish_trick):
            while self.to_move is not None:
                legal = self._legal_list()
                self._do(self.to_move, legal[floor(rand() * len(legal))])
            return self
        while True:
            mover = self.to_move
            if mover is None:
                return self
            trick = self.trick
            if self.phase is not play:             # doubling, discards: as legal_actions()
                legal = self._legal_list()
                self._do(mover, legal[floor(rand() * len(legal))])
                named = self.has_named_actions      # (Quinto's end with the doubling)
                continue
            legal = playable(mover)
            if named and not (only_leading and trick):
                actions = self.named_actions(mover)
                if actions:
                    legal = legal + actions
            move = legal[floor(rand() * len(legal))]
            if move.__class__ is not card_class:
                history.append((mover, move))
                self.apply_named(mover, move)
                continue
            # play_card, without a call, then the rest of the trick: nobody but the leader has
            # a named action (only_leading), or the game has none in the play.
            hands[mover].remove(move)
            trick.append(played := (mover, move))
            history.append(played)
            if after_play is not None:
                after_play(mover, move)
            if len(trick) < seats:
                if named and not only_leading:
                    mover += 1
                    self.to_move = mover if mover < seats else 0
                    continue
                for mover in orders[mover][1:seats - len(trick) + 1]:
                    self.to_move = mover
                    legal = playable(mover)
                    move = legal[floor(rand() * len(legal))]
                    hands[mover].remove(move)
                    trick.append(played := (mover, move))
                    history.append(played)
                    if after_play is not None:
                        after_play(mover, move)
            # finish_trick, without a call
            winner = trick[trick_winner(trick)][0]
            points = trick_points(trick, winner)
            done = Trick(len(tricks) + 1, self.leader, trick, winner, points,
                         self.trump if trick_context is None else trick_context())
            tricks.append(done)
            score[winner % 2 if partnerships else winner] += points
            self.trick = []
            self.leader = self.to_move = winner
            if after_trick is not None:
                after_trick(done)
            if self.phase is not over and not hands[winner] and not self.trick:
                self.end_hand()

    def undo(self) -> Move:
        """Take back the last action (the hand is replayed without it); returns that action."""
        if not self.history:
            raise IllegalAction("there is nothing to undo: no action has been taken in this hand")
        redo = self._redo + [self.history[-1]]
        fresh = self.replayed(self.history[:-1])
        self.__dict__.update(fresh.__dict__)
        self._redo = redo
        return redo[-1][1]

    def redo(self) -> Move:
        """Take again the action last undone."""
        if not self._redo:
            raise IllegalAction("there is nothing to redo")
        redo = self._redo
        seat, move = redo[-1]
        self.apply(move, seat)
        self._redo = redo[:-1]
        return move

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def copy(self) -> "Hand":
        """An independent copy of the hand as it stands (fast: lists are copied, cards shared)."""
        new = object.__new__(self.__class__)
        state = self.__dict__.copy()
        state["hands"] = [list(h) for h in self.hands]
        state["_stock"] = list(self._stock)
        state["trick"] = list(self.trick)
        state["tricks"] = list(self.tricks)
        state["declarations"] = list(self.declarations)
        state["history"] = list(self.history)
        state["score"] = list(self.score)
        state["_redo"] = list(self._redo)
        for name in self._game_lists:
            value = state[name]
            state[name] = [list(v) if isinstance(v, list) else v for v in value] \
                if isinstance(value, list) else dict(value) if isinstance(value, dict) else value
        new.__dict__ = state
        return new

    def to_json(self, indent: int | None = 1) -> str:
        """The hand as a record: game, options, the deal and every action (see ``cg.load``)."""
        from . import record

        return record.dumps(record.hand_record(self), indent)

    @property
    def initial_deal(self) -> tuple[list[list[Card]], list[Card]]:
        """The hands and the stock (in drawing order) as they were dealt."""
        hands, stock = self._initial
        return [list(h) for h in hands], list(stock)


# The match ---------------------------------------------------------------------------------------


class Match:
    """Hand after hand to a target; scores by side (partnerships) or by player.

    ``hand`` is the hand being played (the last one once the match is over), ``hands`` the
    finished ones, ``scores`` the running totals, ``winner`` the winning side or player (None
    while the match goes on), ``apply`` plays into the current hand.
    """

    game: ClassVar[Game]
    default_target: ClassVar[int | None] = None
    #: Keywords of ``cg.match`` beyond the options that shape the match's start (Guinote's
    #: ``vueltas``); kept in ``match_args`` and in the record.
    match_keywords: ClassVar[tuple[str, ...]] = ()
    #: Deal keywords the match gives each hand itself (Guinote's vueltas and carried points): a
    #: hand set up by hand takes them from the match, as the hands played before it left them.
    match_deal_keywords: ClassVar[tuple[str, ...]] = ()

    def __init__(self, players: int, options: Options, seed: int, *, target: int | None = None,
                 scores: Sequence[int] | None = None, **match_args: Any):
        if match_args:
            raise SetupError(f"{self.game.title} matches take no {', '.join(match_args)}")
        check_scores_given(scores)
        if isinstance(scores, (list, tuple)):
            for number, score in enumerate(scores):
                if isinstance(score, int) and score < 0:
                    raise SetupError(f"scores cannot be negative ({number}: {score}): "
                                     f"{self.game.title} has no minus points")
        self.players = players
        self.options = options
        self.seed = seed
        self.target = self.resolve_target(target)
        self._rng = random.Random(seed)
        self.hands: list[Hand] = []
        self.winner: int | None = None
        self.tied: tuple[int, ...] = ()   # units sharing a tied win, where the game allows it
        self.end_reason = ""
        if not hasattr(self, "match_args"):
            self.match_args: dict[str, Any] = {}
        # Hands set up by hand, by their index in the match: (hands, stock, dealer, deal_args),
        # the dealer only for the first hand (None: the rules' one) and the deal keywords as the
        # person gave them (not the match's own, which the hands before give).
        self._setups: dict[int, tuple[list[list[Card]], list[Card], int | None,
                                      dict[str, Any]]] = {}
        self.hand: Hand = self.deal_next(self.first_dealer())
        units = len(self.hand.score)
        self.start_scores = [0] * units if scores is None else list(scores)
        if len(self.start_scores) != units or not all(
                isinstance(s, int) and not isinstance(s, bool) for s in self.start_scores):
            raise SetupError(f"scores must be {units} whole numbers, one per "
                             f"{'side' if self.hand.partnerships else 'player'}, not {scores!r}")
        self.scores = list(self.start_scores)
        self._moves: list[tuple[int, int, Move]] = []   # (hand index, seat, action)

    # hooks -------------------------------------------------------------------------------------

    def resolve_target(self, target: int | None) -> int | None:
        target = self.default_target if target is None else target
        if target is not None and (isinstance(target, bool) or not isinstance(target, int) or target < 1):
            raise SetupError(f"the target is a whole number of points above 0, not {target!r}")
        return target

    def first_dealer(self) -> int:
        return self.hand_seats() - 1

    def hand_seats(self) -> int:
        return self.game.hand_class.seats_for(self.players)

    def next_dealer(self, finished: Hand) -> int:
        """The deal passes to the left (the next seat in playing order)."""
        return (finished.dealer + 1) % finished.seats

    def deal_next(self, dealer: int) -> Hand:
        seed = self._rng.randrange(1, 10**9)
        return self.game.hand_class.shuffled(self.players, self.options, seed, dealer,
                                             self.next_deal_args())

    def next_deal_args(self) -> dict[str, Any]:
        return {}

    def credit(self, hand: Hand) -> None:
        """Add a finished hand's points to the match scores."""
        for unit, points in enumerate(hand.score):
            self.scores[unit] += points

    def decide(self) -> None:
        """After a hand: has someone won? (default: reach the target; highest total; a tie plays on)."""
        if self.target is None:
            return
        reached = [u for u, s in enumerate(self.scores) if s >= self.target]
        if not reached:
            return
        best = max(self.scores[u] for u in reached)
        top = [u for u in reached if self.scores[u] == best]
        if len(top) == 1:
            self.finish(top[0], f"{self.unit_name(top[0])} reached {self.target} with {best}")
        else:
            self.break_tie(top, best)

    def check_start(self) -> None:
        """Refuse a start the rules could not have reached: negative scores, or a side or player
        already past the point where the match would have ended."""
        for number, score in enumerate(self.start_scores):
            if score < 0:
                raise SetupError(f"scores cannot be negative: {self.unit_name(number)} has "
                                 f"{score}; {self.game.title} has no minus points")
        ended = self.start_decided()
        if ended:
            raise SetupError(f"the match could not start at {list(self.start_scores)}: {ended}")

    def start_decided(self) -> str:
        """Why the rules would already have ended a match at its start scores ('' if not);
        default: a unit alone at the top at or past the target (a tie plays on)."""
        if self.target is None:
            return ""
        scores = self.start_scores
        reached = [u for u, s in enumerate(scores) if s >= self.target]
        if not reached:
            return ""
        best = max(scores[u] for u in reached)
        top = [u for u in reached if scores[u] == best]
        if len(top) > 1:
            return ""
        return (f"{self.unit_name(top[0])} already has {best}, at or past the target of "
                f"{self.target}, and would have won at the end of the last hand")

    @property
    def running_scores(self) -> list[int]:
        """The match totals, with the points of the hand in play where they count at once
        (Pippins Aplenty, Guinote's vueltas); elsewhere the same as ``scores``."""
        return list(self.scores)

    # hands set up by hand --------------------------------------------------------------------

    def set_up_next(self, hands: Sequence[Iterable[Card | str]],
                    stock: Iterable[Card | str] | None = None, **deal_args: Any) -> Hand:
        """Replace the hand about to be played (dealt by the rules, no action taken yet) by one
        set up by hand: a position a teacher sets up between hands. The dealer, and what the
        match carries into the hand (Guinote's points), stay the rules' ones; the game's own
        deal keywords (``trump=``...) may be given.

        Kept in the record and through undo. The set-up belongs to this hand of the match (the
        second, the third...): undone back into an earlier hand and played again, the match
        deals it again when play comes back to this hand, with the dealer and carried points
        that the hands played again give (the cards stay as set up)."""
        if "dealer" in deal_args:
            raise SetupError(f"hand {len(self.hands) + 1} is dealt by seat {self.hand.dealer}, as "
                             "the rules say: set_up_next takes no dealer (only the first hand of "
                             "a match names its dealer, in cg.match(..., hands=..., dealer=...))")
        return self.set_up_hand(hands, stock, None, deal_args)

    def set_up_hand(self, hands: Sequence[Iterable[Card | str]], stock: Iterable[Card | str] | None,
                    dealer: int | None, deal_args: dict[str, Any]) -> Hand:
        """:meth:`set_up_next`, where the first hand of a match may also name its ``dealer``."""
        if self.is_over:
            raise SetupError(f"the match is over ({self.end_reason}): no hand is to come")
        hand = self.hand
        number = len(self.hands) + 1
        if hand.history:
            raise SetupError(f"hand {number} has begun ({len(hand.history)} actions taken): only "
                             "a hand before its first action can be set up by hand")
        if dealer is None:
            dealer = hand.dealer
        elif self.hands and dealer != hand.dealer:
            raise SetupError(f"hand {number} is dealt by seat {hand.dealer}, as the rules say: "
                             f"only the first hand of a match may name its dealer, not {dealer!r}")
        else:
            self.check_first_dealer(dealer)
        args = self.set_up_args(hand, dict(deal_args))
        cls = self.game.hand_class
        new = cls.set_up(self.players, self.options, hands, stock, dealer, args)
        dealt, stock_cards = new.initial_deal
        own = {k: v for k, v in deal_args.items() if k not in self.match_deal_keywords}
        self._setups[len(self.hands)] = (dealt, stock_cards, None if self.hands else dealer, own)
        self.hand = new
        return new

    def check_first_dealer(self, dealer: Any) -> None:
        seats = self.hand_seats()
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < seats:
            raise SetupError(f"dealer must be a seat from 0 to {seats - 1}, not {dealer!r}")

    def set_up_args(self, replaced: Hand, given: dict[str, Any]) -> dict[str, Any]:
        """The deal keywords of a hand set up in place of ``replaced``: what the match gives
        every hand at this point (``next_deal_args``), and what was given, which may not
        contradict it."""
        args = self.next_deal_args()
        own = [k for k in self.game.deal_keywords if k not in self.match_deal_keywords]
        for name, value in given.items():
            if name not in self.game.deal_keywords:
                takes = ", ".join(["hands", "stock"] + own[:-1]) + f" and {own[-1]}" if own \
                    else "hands and stock, no other keyword"
                raise SetupError(f"a hand of {self.game.title} set up by hand takes {takes}, "
                                 f"not {quote(name)}")
            if name in self.match_deal_keywords:
                current = self.match_deal_value(name)
                if _plain(current) != _plain(value):
                    raise SetupError(
                        f"{name} is set by the match for hand {len(self.hands) + 1} "
                        f"({_plain(current)!r}), not {quote(value)}: a hand set up by hand "
                        f"takes it from the match")
                if name not in args:
                    continue
            elif name in args and _plain(args[name]) != _plain(value):
                raise SetupError(f"{name} is set by the match for this hand ({args[name]!r}), "
                                 f"not {quote(value)}")
            args[name] = value
        return args

    def match_deal_value(self, name: str) -> Any:
        """The value of one of ``match_deal_keywords`` for the hand about to be dealt."""
        return self.next_deal_args().get(name)

    def _set_up_pending(self) -> None:
        """Deal by hand the hand about to start, if it was set up before (undo, replays): its
        cards as set up, its dealer and the match's deal keywords as the rules give them now."""
        setup = self._setups.get(len(self.hands))
        if setup is not None and not self.hand.history and not self.hand.set_up_by_hand:
            hands, stock, dealer, given = setup
            replaced = self.hand
            self.hand = self.game.hand_class.set_up(
                self.players, self.options, hands, stock,
                replaced.dealer if dealer is None else dealer, self.set_up_args(replaced, given))

    def later_set_ups(self) -> dict[int, tuple[list[list[Card]], list[Card], dict[str, Any]]]:
        """Hands set up by hand that play has not reached (undone back before them), by their
        index in the match: their cards and the deal keywords given; the record keeps them."""
        reached = len(self.hands) + (0 if self.hand in self.hands else 1)
        return {index: (hands, stock, given) for index, (hands, stock, _, given)
                in sorted(self._setups.items()) if index >= reached}

    def keep_set_up(self, index: int, hands: Sequence[Iterable[Card | str]],
                    stock: Iterable[Card | str] | None, deal_args: dict[str, Any]) -> None:
        """Keep a set-up for a later hand (``later_set_ups``, from a record), checked as a deal
        of the game; it is dealt when play comes to that hand."""
        reached = len(self.hands) + (0 if self.hand in self.hands else 1)
        if isinstance(index, bool) or not isinstance(index, int) or index < reached:
            number = index + 1 if isinstance(index, int) else quote(index)
            raise SetupError(f"a hand set up for later comes after hand {reached}, the hand in "
                             f"play, not as hand {number}")
        if not isinstance(deal_args, dict):
            raise SetupError(f"deal_args are an object of the game's deal keywords, not "
                             f"{quote(deal_args)}")
        own = {k: v for k, v in deal_args.items() if k not in self.match_deal_keywords}
        checked = self.game.hand_class.set_up(self.players, self.options, hands, stock,
                                              self.hand.dealer, self.set_up_args(self.hand, own))
        dealt, stock_cards = checked.initial_deal
        self._setups[index] = (dealt, stock_cards, None, own)

    def deal_hand(self, dealer: int) -> Hand:
        """The next hand: dealt by the rules (``deal_next``), or as it was set up by hand."""
        self.hand = self.deal_next(dealer)
        self._set_up_pending()
        return self.hand

    def break_tie(self, tied: list[int], total: int) -> None:
        """Several reached the target with the same total (default: play another hand)."""

    def after_action(self) -> None:
        """After every action (games won in mid-hand check here)."""

    # mechanics ------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.winner is not None or bool(self.tied) or bool(self.end_reason)

    def unit_name(self, unit: int) -> str:
        if self.hand.partnerships:
            return f"side {unit} (seats {unit} and {unit + 2})"
        return f"seat {unit}"

    def finish(self, winner: int | None, reason: str, tied: Sequence[int] = ()) -> None:
        self.winner = winner
        self.tied = tuple(tied)
        self.end_reason = reason
        if not self.hand.is_over:
            self.hand.abandon(reason)

    def win_mid_hand(self, winner: int, reason: str) -> None:
        """A side or player has won in the middle of a hand: the hand's points so far count,
        the rest of the hand is abandoned, the match is over."""
        hand = self.hand
        if hand not in self.hands:
            self.credit(hand)
            self.hands.append(hand)
        self.finish(winner, reason)

    def apply(self, action: Move | str, seat: int | None = None) -> None:
        """Play into the current hand; at its end, score it and deal the next if no one has won."""
        if self.is_over:
            raise IllegalAction(f"the match is over: {self.end_reason}", action, seat)
        hand = self.hand
        hand.apply(action, seat)
        mover, move = hand.history[-1]
        self._moves.append((len(self.hands), mover, move))
        self.after_action()
        if hand.is_over and not self.is_over:
            self.close_hand()

    def close_hand(self) -> None:
        hand = self.hand
        self.credit(hand)
        self.hands.append(hand)
        self.decide()
        if not self.is_over:
            self.deal_hand(self.next_dealer(hand))

    def undo(self) -> Move:
        """Take back the last action of the match (across the end of a hand if need be)."""
        if not self._moves:
            raise IllegalAction("there is nothing to undo: no action has been taken in this match")
        moves = self._moves[:-1]
        fresh = self.replayed(moves)
        last = self._moves[-1][2]
        self.__dict__.update(fresh.__dict__)
        return last

    def replayed(self, moves: Iterable[tuple[int, int, Move]]) -> "Match":
        fresh = self.__class__(self.players, self.options, self.seed, target=self.target,
                               scores=self.start_scores, **self.match_args)
        fresh._setups = dict(self._setups)
        fresh._set_up_pending()
        for index, seat, move in moves:
            if index != len(fresh.hands):
                raise IllegalAction(f"action {move} belongs to hand {index + 1}, "
                                    f"but hand {len(fresh.hands) + 1} is being played")
            fresh.apply(move, seat if seat != fresh.hand.to_move else None)
        return fresh

    @property
    def actions(self) -> list[tuple[int, int, Move]]:
        """Every action so far: (hand index from 0, seat, action)."""
        return list(self._moves)

    def to_json(self, indent: int | None = 1) -> str:
        from . import record

        return record.dumps(record.match_record(self), indent)

    def __repr__(self) -> str:
        state = self.end_reason if self.is_over else f"hand {len(self.hands) + 1} in play"
        return f"<{self.game.title} match: scores {self.scores}, {state}>"


def check_scores_given(scores: Any) -> None:
    """``scores=`` of a match: None, or a list of whole numbers (checked further by the match)."""
    if scores is not None and not isinstance(scores, (list, tuple)):
        raise SetupError(f"scores are a list of whole numbers, one per side or player, such as "
                         f"[10, 25], not {quote(scores)}")


def _plain(value: Any) -> Any:
    """A deal keyword's value as a record keeps it (tuples as lists, cards and suits as text)."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (Card, Suit)):
        return str(value)
    return value


def _playing_orders(seats: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple((first + i) % seats for i in range(seats)) for first in range(seats))


#: PLAYING_ORDER[seats][first]: every seat in playing order from ``first`` (up to 12 seats).
PLAYING_ORDER = {seats: _playing_orders(seats) for seats in range(1, 13)}


def play_randomly(hand: Hand, rng: random.Random) -> Hand:
    """Play the hand to its end with uniformly random legal actions (no out-of-turn calls),
    each through ``apply`` and its checks (``Hand.play_out`` is the fast way)."""
    choice = rng.choice
    while hand.to_move is not None:
        hand.apply(choice(hand.legal_actions()))
    return hand


def iter_cards(hand: Hand) -> Iterator[Card]:
    """Every card the hand accounts for: in the hands, the stock, the trick, the tricks and
    set aside (``Hand.set_aside``)."""
    for cards in hand.hands:
        yield from cards
    yield from hand._stock
    for _, card in hand.trick:
        yield card
    for trick in hand.tricks:
        for _, card in trick.cards:
            yield card
    yield from hand.set_aside()
