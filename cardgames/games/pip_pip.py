"""Pip-Pip!: trick and draw with two packs, where a King and Queen called "Pip-Pip!" change trumps.

The rules (RULES.md §3; Fosdick's page [S0], Hervey's wording [S2]):

*Cards and players.* "Two standard packs are required, shuffled together": 104 cards, every card
twice. "The cards rank as follows: 2, ace, King, Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3". Three to
twelve players, each for himself. Seven cards each; "the remainder of the pack is placed face
downwards in the centre of the table (the stock)".

*Dealer and trump.* "The players draw cards. He who shows the highest deals first, and the card
drawn determines the trump suit. Thereafter the deal passes to the left, and the trump suit is
determined by the player to the right of the dealer cutting the pack" [S2]. Options:
``first_dealer='lowest'`` (GR-P: the lowest card deals) and
``trump_for_later_hands='dealer_cuts'`` (GR-P: the dealer cuts). A cut reveals a random card of
the pack and puts it back; who cuts changes nothing but the words. A shuffled deal
(``cg.deal("pip_pip", seed=7)``) cuts its trump with the seed's own random generator; a deal set
up by hand names it: ``cg.deal("pip_pip", hands=..., stock=..., trump="H")``. In a match the
first trump is the suit of the card that won the draw for the deal (see :class:`PipPipMatch`).

*Play.* "The player on the left of the dealer leads to the first trick thereafter the player who
wins a trick leads to the next. A player must follow suit if he can; if not he may either
discard or trump." "If two players play identical cards, the player of the second is deemed to
have played the higher card" [S2]; "If two identical highest cards are played, the second one
played to the trick wins it" [S0]. So the highest trump wins, else the highest card of the suit
led, and of two identical cards the later one ranks higher.

*Drawing.* "Immediately after a player has played to a trick he draws a card from the stock"
[S2]. "Trick play continues until there are not enough cards left in the stock for each player to
draw one. At that point, the final cards in the stock are turned face-up" [S0]: at the start of
each trick, if the stock holds fewer cards than there are players, drawing stops for good and the
rest of the stock lies face up, dead (``hand.dead``, also ``set_aside()``); the last seven tricks
are played from hand.

*The call.* "If he now holds in his hand the King and Queen of the same suit, other than of the
trump suit, he may call 'Pip-Pip', and place the two cards face upwards on the table in front of
him. For calling 'Pip-Pip' a player scores 50 points and, at the end of the current trick, the
trump suit changes to that of the exposed King and Queen" [S2]; S0: the trump changes
"immediately upon the lead to the next trick". Face-up cards "are played to tricks just as if they
resided in the player's hand" [S0]. A call with the dealt hand changes the trump "before the first
trick is played". "A King or a Queen once paired cannot be paired a second time"; a player with
both Kings and both Queens of a suit may call twice in it. Several calls before the same trick
each score 50; the trump becomes the last suit called (S0, Phillips: ``multi_call_trump='last'``)
or the first (S2, Hervey: ``'first'``); before trick 1 the calls count in seat order from the
eldest, during play in the order they were made (which is the order of play). Whether a suit may
be called is judged by the trump in force when calling: a change not yet in force does not count
(RULES P-A5, P-A6), so K K Q Q of a suit dealt with another trump make two calls, 100 points.

*When one may call* (``call_window``). "Calling is optional ... he might wait to declare it at a
more advantageous time" [S0]. By default (``'after_own_play_any_trick'``) every seat may call
before the first card is led, and a player may call right after his own play (and draw) in any
trick, the last seven included, until the next card is played by anyone; for the last player of
a trick that window lasts until the next lead. With ``'only_after_completing_draw'`` (S2
read strictly) the pair must include the card just drawn, or be in the dealt hand before trick 1.

How the call is offered: it is an *out-of-turn* action (``open_actions``), never a question. A
player who holds a pair and waits is asked nothing: the next card played closes his window and
the game goes on. Only when the seat that may call is also the seat to move (the eldest before
trick 1, or the last player of a trick who won it and leads next) do the calls appear among its
``legal_actions()``, beside its cards, as extra choices. ``hand.apply("pip-pip H")`` finds the
one seat the call is open to (``seat=`` names it when several may). When one of two identical
cards is face up and the other hidden, the face-up one is the copy played, so the hidden one
keeps its chance to pair.

*Scoring.* Card points in the tricks won: 2s 11, Aces 10, Kings 5, Queens 4, Jacks 3 (264 in the
two packs; dead cards score for nobody), plus 50 per call. No last-trick bonus. "The game ends
when every player has dealt an equal number of times" (``deals_per_player``, default 1); the
highest total wins, and a tied top score is a shared win (``tie_policy='shared'``).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ..cards import DOUBLE_DECK, SUITS, Card, Rank, Suit
from ..engine import (
    DRAWS_AFTER_PLAY, Action, Game, Hand, Match, Option, Options, Phase, SetupError, Trick,
    counted,
    follow_suit, suit_not_followed, whole_number,
)

CALL = "pip-pip"

#: Rank within every suit, low to high: "2, ace, King, Queen, Jack, 10, 9, ... 3" (2 highest).
RANK_ORDER = [Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE,
              Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, Rank.TWO]
STRENGTH = {rank: i for i, rank in enumerate(RANK_ORDER)}

#: Card points [S0, S2]: 2 = 11, A = 10, K = 5, Q = 4, J = 3, others nothing.
POINTS = {Rank.TWO: 11, Rank.ACE: 10, Rank.KING: 5, Rank.QUEEN: 4, Rank.JACK: 3}
CALL_POINTS = 50
PACK_POINTS = 2 * 4 * sum(POINTS.values())   # 264
_CARD_POINTS = [0] * 53
for _card in DOUBLE_DECK:
    _CARD_POINTS[_card.index] = POINTS.get(_card.rank, 0)

KING = {suit: Card(Rank.KING, suit) for suit in Suit}
QUEEN = {suit: Card(Rank.QUEEN, suit) for suit in Suit}
CALLS = {suit: Action(CALL, suit) for suit in Suit}

AFTER_OWN_PLAY = "after_own_play_any_trick"
AFTER_DRAW = "only_after_completing_draw"


def card_points(card: Card) -> int:
    return _CARD_POINTS[card.index]


OPTIONS = [
    Option("multi_call_trump", "last",
           "Several Pip-Pips called before the same trick: the trump becomes the 'last' suit "
           "called (S0, Phillips) or the 'first' (S2, Hervey). Each caller scores 50 either way.",
           choices=("last", "first"),
           question="Several Pip-Pips are called before the same trick: which one sets the trump?",
           choice_words={"last": "The last one called (Phillips)",
                         "first": "The first one called (Hervey)"},
           source="S0, S2"),
    Option("call_window", AFTER_OWN_PLAY,
           "When a call may be made: before trick 1, or right after one's own play (and draw) in "
           f"any trick until the next card is played ('{AFTER_OWN_PLAY}', S0); or only when the "
           f"card just drawn (or the dealt hand) completes the pair ('{AFTER_DRAW}', S2).",
           choices=(AFTER_OWN_PLAY, AFTER_DRAW),
           question="When may a player call Pip-Pip?",
           choice_words={AFTER_OWN_PLAY: "Before the first trick, or after his own play in any "
                                         "trick (he may wait for a better time)",
                         AFTER_DRAW: "Only when the card just drawn (or the dealt hand) "
                                     "completes the pair"},
           source="S0, S2"),
    Option("trump_for_later_hands", "cut_by_dealers_right",
           "Who cuts the pack for the trump of the second and later hands: the player on the "
           "dealer's right ('cut_by_dealers_right', S2) or the dealer ('dealer_cuts', GR-P).",
           choices=("cut_by_dealers_right", "dealer_cuts"),
           question="Who cuts the pack for the trump of later hands?",
           choice_words={"cut_by_dealers_right": "The player on the dealer's right",
                         "dealer_cuts": "The dealer"},
           source="S2, GR-P"),
    Option("first_dealer", "highest",
           "The draw for the first deal: the 'highest' card deals (S0, S2) or the 'lowest' (GR-P); "
           "the drawn card's suit is the first trump. Ties draw again.",
           choices=("highest", "lowest"),
           question="In the draw for the first deal, who deals?",
           choice_words={"highest": "The player who draws the highest card",
                         "lowest": "The player who draws the lowest card"},
           source="S0, S2, GR-P"),
    Option("deals_per_player", 1,
           "The game ends when every player has dealt this many times (S0, S2: 'an equal number "
           "of times').", check=whole_number(1, 10),
           question="How many times does each player deal before the game ends?",
           value_words=lambda n: "Once" if n == 1 else "Twice" if n == 2 else f"{n} times",
           source="S0, S2"),
    Option("tie_policy", "shared",
           "A tied top score at the end of the game is a shared win.", choices=("shared",),
           question="Players tie for the top score: who wins?",
           choice_words={"shared": "They share the win"}, source="S0, S2"),
]


class PipPipHand(Hand):
    """A hand of Pip-Pip!."""

    cards_per_player = 7
    has_named_actions = True    # the seat to move may call when its window is open
    action_names = ("pip-pip <suit>",)
    has_open_actions = True     # and so may the seat that has just played
    # The seat to move may call only before it leads: before trick 1 (the eldest), or as the
    # last player of a trick who won it (the seat that has just played is never the next to
    # play in mid-trick).
    named_actions_only_when_leading = True
    identical_cards = True
    # "Immediately after a player has played to a trick he draws a card from the stock"
    draws = DRAWS_AFTER_PLAY
    _game_lists = ("exposed_cards", "dead", "pending")

    def sort_key(self, card: Card) -> tuple[int, int]:
        """A suit laid out 3 up to the Ace, then the 2, its highest card."""
        return (int(card.suit), STRENGTH[card.rank])

    # -- dealing ----------------------------------------------------------------------------

    @classmethod
    def deck(cls, players: int, options: Options, rng: random.Random | None) -> tuple[Card, ...]:
        return DOUBLE_DECK

    @classmethod
    def deal_extras(cls, players: int, options: Options, rng: random.Random,
                    deal_args: dict[str, Any], stock: list[Card]) -> dict[str, Any]:
        unknown = sorted(set(deal_args) - {"trump_card"})
        if unknown:
            raise SetupError(
                f"{', '.join(unknown)} can only be given with a deal set up by hand: a shuffled "
                "deal cuts its trump from the pack with the seed's own random generator")
        if "trump_card" in deal_args:
            # The first hand of a match: the card drawn for the deal gave the trump.
            try:
                card = Card.parse(deal_args["trump_card"])
            except ValueError as error:
                raise SetupError(f"trump_card (the card drawn for the first deal): {error}") \
                    from None
            return {"trump": card.suit, "trump_card": card, "trump_method": "draw"}
        # The cut: a random card of the pack is shown and put back; its suit is trump.
        card = DOUBLE_DECK[rng.randrange(len(DOUBLE_DECK))]
        return {"trump": card.suit, "trump_card": card, "trump_method": "cut"}

    @classmethod
    def extras_set_up(cls, players: int, options: Options, hands: list[list[Card]],
                      stock: list[Card], deal_args: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(deal_args) - {"trump"})
        if unknown:
            raise SetupError(f"Pip-Pip! takes no {', '.join(unknown)} in a deal (only trump=)")
        if deal_args.get("trump") is None:
            raise SetupError(
                "a Pip-Pip! deal set up by hand needs its trump suit, which the rules take from a "
                "drawn or cut card: give it (trump='H' for hearts; S, H, D or C)")
        try:
            trump = Suit.parse(deal_args["trump"])
        except ValueError as error:
            raise SetupError(f"trump={deal_args['trump']!r}: {error}") from None
        return {"trump": trump, "trump_method": "set_up"}

    def start(self) -> None:
        self.trump = self.extra["trump"]
        self.strict = self.options.call_window == AFTER_DRAW
        self.first_called_wins = self.options.multi_call_trump == "first"
        self.drawing = True
        self.dead: list[Card] = []               # the stock turned face up when drawing stops
        self.exposed_cards: list[list[Card]] = [[] for _ in range(self.seats)]  # face-up K, Q
        self.pending: list[tuple[int, Suit]] = []   # calls not yet in force: (seat, suit)
        self.opening = True        # before the first card: every seat may call its dealt pairs
        self.window: int | None = None     # the seat that has just played and may call
        self.drawn: Card | None = None     # (call_window='only_after_completing_draw') its draw
        self.trump_called: tuple[int, int] | None = None   # (seat, trick) of the call in force
        self.check_stock()

    # -- drawing and the stock ----------------------------------------------------------------

    def check_stock(self) -> None:
        """At the start of a trick: too few cards for everyone to draw one? Then they are dead."""
        if self.drawing and len(self._stock) < self.seats:
            self.drawing = False
            self.dead = self._stock[::-1]       # in the order they would have been drawn
            self._stock = []

    def after_play(self, seat: int, card: Card) -> None:
        if len(self.trick) == 1:
            # The lead: calls made since the last lead take effect now [S0: "immediately upon
            # the lead to the next trick"], and the window of the dealt hands closes.
            if self.pending:
                self.apply_pending_calls()
            self.opening = False
        exposed = self.exposed_cards[seat]
        if exposed and card in exposed:
            exposed.remove(card)      # of two identical cards, the face-up copy is played
        if self.drawing:
            # "Immediately after a player has played to a trick he draws a card" [S2].
            drawn = self._stock.pop()
            self.hands[seat].append(drawn)
            self.drawn = drawn if self.strict else None
        else:
            self.drawn = None
        self.window = seat

    def after_trick(self, trick: Trick) -> None:
        self.check_stock()

    def calls_in_order(self) -> list[tuple[int, Suit]]:
        """The calls not yet in force, as (seat, suit), in the order that decides the trump:
        before trick 1 in seat order from the eldest (RULES.md P-A1), later in the order they
        were made (the order of play)."""
        calls = self.pending
        if self.opening:         # (still True at the first lead, when they are put in force)
            eldest, seats = self.eldest, self.seats
            calls = sorted(calls, key=lambda call: (call[0] - eldest) % seats)
        return list(calls)

    def apply_pending_calls(self) -> None:
        calls = self.calls_in_order() if len(self.pending) > 1 else self.pending
        seat, suit = calls[0] if self.first_called_wins else calls[-1]
        self.trump = suit
        self.trump_called = (seat, len(self.tricks) + 1)
        self.pending = []

    @property
    def next_trump(self) -> Suit | None:
        """The suit that will be trump from the next lead, if calls are waiting; else None."""
        if not self.pending:
            return None
        calls = self.calls_in_order()
        return (calls[0] if self.first_called_wins else calls[-1])[1]

    # -- legal plays ------------------------------------------------------------------------

    def playable(self, seat: int) -> list[Card]:
        if self.trick:
            # "A player must follow suit if he can; if not he may either discard or trump."
            cards = follow_suit(self.hands[seat], self.trick[0][1].suit)
        else:
            cards = list(self.hands[seat])
        if len(cards) > 1 and len(set(cards)) < len(cards):
            return list(dict.fromkeys(cards))     # two identical cards are one choice
        return cards

    @classmethod
    def lacks_shown(cls, options: Options, before: list[tuple[int, Card]], seat: int, card: Card,
                    drawing: bool, trump: Any, partnerships: bool) -> tuple:
        # "A player must follow suit if he can" (the draws may refill the suit afterwards).
        return suit_not_followed(before[0][1], card)

    def refusal(self, seat: int, card: Card) -> str:
        suit = self.trick[0][1].suit
        assert suit is not None
        follow = list(dict.fromkeys(c for c in self.hands[seat] if c.suit is suit))
        why = (f"a player must follow suit if he can: {self.seat_name(seat)} holds "
               f"{_listed(follow)}, so must play a {suit.singular}")
        face_up = [c for c in follow if c in self.exposed_cards[seat]]
        if face_up:
            why += (f" (the face-up {_listed(face_up)} count: Pip-Pip cards \"are played to tricks "
                    "just as if they resided in the player's hand\")")
        return why

    # -- the call ----------------------------------------------------------------------------

    def calling_seats(self) -> Sequence[int]:
        """The seats that may call now, whatever they hold: every seat before the first card
        (its dealt pairs), then only the seat that has just played (after its draw, with
        ``call_window='only_after_completing_draw'``)."""
        if self.phase is Phase.OVER:
            return ()
        if self.opening:
            return range(self.seats)
        if self.window is None or (self.strict and self.drawn is None):
            return ()
        return (self.window,)

    def window_open(self, seat: int) -> bool:
        """May ``seat`` call now (whatever it holds)?"""
        return seat in self.calling_seats()

    def out_of_turn_seats(self) -> Sequence[int]:
        return self.calling_seats()

    def unpaired(self, seat: int, card: Card) -> int:
        """How many copies of ``card`` the seat holds that have not been paired yet."""
        return self.hands[seat].count(card) - self.exposed_cards[seat].count(card)

    def calls(self, seat: int) -> list[Action]:
        """The calls open to ``seat`` now."""
        if not self.window_open(seat):
            return []
        if self.strict and not self.opening:
            drawn = self.drawn
            if drawn is None or (drawn.rank is not Rank.KING and drawn.rank is not Rank.QUEEN):
                return []
            suits: Any = (drawn.suit,)
        else:
            suits = SUITS
        trump = self.trump
        return [CALLS[suit] for suit in suits
                if suit is not trump and self.unpaired(seat, KING[suit]) > 0
                and self.unpaired(seat, QUEEN[suit]) > 0]

    def named_actions(self, seat: int) -> list[Action]:
        return self.calls(seat)

    def open_actions(self, seat: int) -> list[Action]:
        return self.calls(seat)

    def apply_named(self, seat: int, action: Action) -> None:
        suit = action.suit
        assert action.name == CALL and suit is not None   # the engine checked it is open
        king, queen = KING[suit], QUEEN[suit]
        self.exposed_cards[seat] += [king, queen]
        self.pending.append((seat, suit))
        if self.window == seat:
            self.drawn = None        # the card just drawn has now been paired
        self.declare(seat, action, CALL_POINTS, (king, queen))

    def named_words(self, action: Action) -> str:
        if action.name == CALL and action.suit is not None:
            return f"Pip-Pip! in {action.suit.plural}"
        return super().named_words(action)

    def named_refusal(self, seat: int, action: Action) -> str:
        if action.name != CALL:
            return (f"Pip-Pip! has no '{action.name}' action: the only call is 'pip-pip' and a "
                    "suit, e.g. 'pip-pip H'")
        if action.suit is None:
            return "say which suit is called: 'pip-pip' and a suit, e.g. 'pip-pip H'"
        why = self.call_refusal(seat, action.suit)
        if not self.window_open(seat) and self.window is not None and self.window != seat \
                and not self.is_over:
            other = self.call_refusal(self.window, action.suit)
            if other:
                why += f"; {self.seat_name(self.window)}, who may call now, cannot either: {other}"
            else:
                why += f"; {self.seat_name(self.window)} may call it"
        return why

    def call_refusal(self, seat: int, suit: Suit) -> str:
        """Why ``seat`` may not call ``suit`` now ('' if it may)."""
        name = self.seat_name(seat)
        if self.is_over:
            return "the hand is over"
        if not self.window_open(seat):
            if self.strict and seat == self.window:
                return ("in this game a call comes only when the "
                        "card just drawn completes the pair (S2: 'immediately after a player has "
                        "played to a trick he draws a card; if he now holds ... he may call'), "
                        f"and {name} drew no card")
            return (f"{name} may not call now: a Pip-Pip is called with the dealt hand before the "
                    "first trick, or right after one's own play (and draw) until the next card "
                    "is played (RULES.md P-A2)")
        if suit is self.trump:
            return ("Pip-Pip! can only be declared if the suit of the King-Queen combination "
                    f"differs from that of the current trump suit, and {suit.plural} are trumps")
        for card in (KING[suit], QUEEN[suit]):
            if self.unpaired(seat, card) <= 0:
                if card in self.hands[seat]:
                    return (f"a King or a Queen once paired cannot be paired a second time: "
                            f"{name}'s {card.label} is already paired")
                return (f"a call needs the King and Queen of the same suit in hand, and {name} "
                        f"holds no {card.label}")
        if self.strict and not self.opening:
            drawn = self.drawn
            if drawn is None or drawn.suit is not suit or drawn.rank not in (Rank.KING, Rank.QUEEN):
                return ("in this game a call comes only when the card just drawn completes the "
                        f"pair, so the pair must include the card just drawn (S2: 'if he now holds ...'), and {name} did not just "
                        f"draw the {KING[suit].label} or {QUEEN[suit].label}")
        return ""

    # -- the trick -------------------------------------------------------------------------

    def trick_winner(self, plays: list[tuple[int, Card]]) -> int:
        trump = self.trump
        best_index, best = 0, plays[0][1]
        for i in range(1, len(plays)):
            card = plays[i][1]
            if card.suit is best.suit:
                # ">=": of two identical cards, the later one played wins [S0, S2].
                if STRENGTH[card.rank] >= STRENGTH[best.rank]:
                    best_index, best = i, card
            elif card.suit is trump:
                best_index, best = i, card
        return best_index

    def trick_points(self, plays: list[tuple[int, Card]], winner: int) -> int:
        points = _CARD_POINTS
        return sum(points[card.index] for _, card in plays)

    # -- what each seat sees -------------------------------------------------------------------

    def set_aside(self) -> list[Card]:
        """The dead cards: the end of the stock turned face up when drawing stopped."""
        return list(self.dead)

    def exposed(self, seat: int) -> list[Card]:
        """The called Kings and Queens still in ``seat``'s hand, face up for everyone."""
        return list(self.exposed_cards[seat])

    def conceal(self, state: dict[str, Any], seat: int) -> list[Card]:
        concealed = super().conceal(state, seat)
        if state.get("drawn") is not None and state.get("window") != seat:
            state["drawn"] = None      # the card another player just drew is his secret
        return concealed

    # -- words ------------------------------------------------------------------------------

    def explain_winner(self, trick: Trick) -> str:
        trump: Suit = trick.context
        card = trick.winning_card
        led = trick.cards[0][1]
        if card.suit is trump:
            if led.suit is trump:
                why = f"{card.label} is the highest trump ({trump.plural} were led and are trumps)"
            else:
                why = (f"{card.label} is the highest trump ({trump.plural} are trumps), and a "
                       f"trump beats the {led.suit.plural} led")
        else:
            why = (f"{card.label} is the highest {led.suit.singular} (the suit led), and no "
                   f"trump ({trump.plural}) was played")
        copies = sum(1 for _, c in trick.cards if c is card)
        if copies > 1:
            why += (f"; {card.label} was played {copies} times, and \"if two identical highest "
                    "cards are played, the second one played to the trick wins it\"")
        return why

    def explain_points(self, trick: Trick) -> str:
        counting = [(c, card_points(c)) for _, c in trick.cards if card_points(c)]
        if not counting:
            return "no points (no 2, Ace, King, Queen or Jack)"
        parts = " + ".join(f"{c.label} {p}" for c, p in counting)
        return f"{trick.points} point{'s' if trick.points != 1 else ''} ({parts})"

    def trump_story(self) -> str:
        """How the trump in force came about, in words."""
        if self.trump_called is not None:
            seat, number = self.trump_called
            return f"called Pip-Pip by {self.seat_name(seat)}, in force from trick {number}"
        method = self.extra.get("trump_method")
        card = self.extra.get("trump_card")
        if method == "draw":
            return (f"{self.seat_name(self.dealer)} drew the {card.label} in the draw for the "
                    "deal and deals first; the card drawn determines the trump suit")
        if method == "cut":
            if self.options.trump_for_later_hands == "dealer_cuts":
                who = f"{self.seat_name(self.dealer)}, the dealer"
            else:
                who = f"{self.seat_name((self.dealer - 1) % self.seats)}, on the dealer's right"
            return f"{who}, cut the {card.label}"
        return "set up with the deal"

    def public_info(self) -> list[tuple[str, str]]:
        info = [("Trumps", f"{self.trump.symbol} {self.trump.plural} ({self.trump_story()})")]
        coming = self.next_trump
        if coming is not None:
            calls = self.calls_in_order()
            callers = ", ".join(f"{self.seat_name(s)} {suit.symbol}" for s, suit in calls)
            if len(calls) == 1:
                why = f"called by {callers}"
            else:
                order = "in seat order from the eldest" if self.opening else "in the order made"
                which = "first" if self.first_called_wins else "last"
                why = f"called {order}: {callers}; the {which} call decides"
            info.append(("Next trumps", f"{coming.symbol} {coming.plural} from the next lead "
                                        f"({why})"))
        if self.drawing:
            info.append(("Stock", counted(len(self._stock), "card")))
        elif self.dead:
            info.append(("Dead", " ".join(c.label for c in self.dead) + " (face up, no one's)"))
        for seat in range(self.seats):
            made = [d for d in self.declarations if d.seat == seat]
            if made:
                suits = " ".join(d.action.suit.symbol for d in made if d.action.suit is not None)
                face_up = " ".join(c.label for c in self.exposed_cards[seat]) or "all played"
                info.append((f"Pip-Pip, {self.seat_name(seat)}",
                             f"{suits} ({CALL_POINTS * len(made)} points); face up: {face_up}"))
        return info


def _listed(cards: list[Card]) -> str:
    return ", ".join(c.label for c in cards)


def draw_for_deal(rng: random.Random, seats: int, lowest: bool = False
                  ) -> tuple[list[list[tuple[int, Card]]], int, Card]:
    """The draw for the first deal: each player draws a card; the highest (or lowest) in the
    game's ranking deals, and his card's suit is the first trump. Ties draw again.

    Returns the rounds drawn as ``[(seat, card), ...]``, the dealer and his card.
    """
    pack = list(DOUBLE_DECK)
    rng.shuffle(pack)
    rounds: list[list[tuple[int, Card]]] = []
    contenders = list(range(seats))
    pick = min if lowest else max
    while True:
        if len(pack) < len(contenders):
            pack = list(DOUBLE_DECK)
            rng.shuffle(pack)
        drawn = [(seat, pack.pop()) for seat in contenders]
        rounds.append(drawn)
        best = pick(STRENGTH[card.rank] for _, card in drawn)
        contenders = [seat for seat, card in drawn if STRENGTH[card.rank] == best]
        if len(contenders) == 1:
            dealer = contenders[0]
            return rounds, dealer, next(card for seat, card in drawn if seat == dealer)


class PipPipMatch(Match):
    """The game: every player deals ``deals_per_player`` times; the highest total wins.

    The first dealer and the first trump come from the draw for the deal (:func:`draw_for_deal`),
    made with the match's random generator. Each hand is then a shuffled deal from its own seed;
    later hands cut their trump from the pack with it, while the first hand is given the drawn
    card (the deal keyword ``trump_card``, kept in its record so that it replays on its own).
    """

    default_target = None

    def resolve_target(self, target: int | None) -> int | None:
        if target is not None:
            raise SetupError("Pip-Pip! has no target score: the game ends when every player has "
                             "dealt an equal number of times (option deals_per_player)")
        return None

    def first_dealer(self) -> int:
        rounds, dealer, card = draw_for_deal(self._rng, self.hand_seats(),
                                             self.options.first_dealer == "lowest")
        self.dealer_draw = rounds
        self.first_trump_card = card
        return dealer

    def deal_next(self, dealer: int) -> Hand:
        cls = self.game.hand_class
        if "hand" in self.__dict__:
            # Later hands: the pack is cut for trump (by the dealer's right, or the dealer).
            return cls.shuffled(self.players, self.options, self._rng.randrange(1, 10**9),
                                dealer, {})
        return cls.shuffled(self.players, self.options, self._rng.randrange(1, 10**9), dealer,
                            {"trump_card": str(self.first_trump_card)})

    def set_up_args(self, replaced: Hand, given: dict[str, Any]) -> dict[str, Any]:
        # A hand set up by hand keeps the trump the rules gave the hand it replaces (the card
        # drawn for the first deal, or the cut), unless another is named.
        args = super().set_up_args(replaced, given)
        if args.get("trump") is None:
            args["trump"] = replaced.trump.letter
        return args

    @property
    def hands_in_game(self) -> int:
        return self.hand_seats() * self.options.deals_per_player

    def decide(self) -> None:
        if len(self.hands) < self.hands_in_game:
            return
        times = self.options.deals_per_player
        best = max(self.scores)
        top = [seat for seat, score in enumerate(self.scores) if score == best]
        dealt = f"every player has dealt {'once' if times == 1 else f'{times} times'}"
        if len(top) == 1:
            self.finish(top[0], f"{dealt}; {self.unit_name(top[0])} has the highest total, {best}")
        else:
            names = ", ".join(self.unit_name(seat) for seat in top)
            self.finish(None, f"{dealt}; {names} share the win with {best} each", tied=top)


GAME = Game(
    name="pip_pip",
    title="Pip-Pip!",
    hand_class=PipPipHand,
    match_class=PipPipMatch,
    player_counts=tuple(range(3, 13)),
    default_players=6,
    options=OPTIONS,
    aliases=("pip-pip", "pippip", "pip pip", "pip-pip!"),
    summary="Two packs, 3 to 12 players each for himself; a King and Queen called "
            "'Pip-Pip!' score 50 and change the trump.",
    deal_keywords=("trump", "trump_card"),
)
