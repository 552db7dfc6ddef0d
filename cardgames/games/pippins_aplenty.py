"""Pippins Aplenty: four players in partnerships, with trumps that grow out of the play, "the reaches".

The rules (RULES.md §5; the inventor's page [S4] is the only source). Rules version:
:data:`RULES_VERSION` — S4 calls itself "a slight work-in-progress, and rules are subject to
change" (RULES.md PA-A7), so the version played is recorded here, on every hand
(``hand.rules_version``) and in the public information.

*Cards and players.* "The game is played with a 'standard' 52-card pack of cards. Cards rank
from 2 (low) up to Ace (high)". "Play is for four, with two against two. Partners should sit
opposite": seats 0 and 2 play seats 1 and 3. "Dealer then deals thirteen cards singly to each
player, clockwise"; "After a deal has finished, dealer passes to the left".

*The discard.* "each player selects one card and places it face-down in front of them. Once
each player has done so, the four cards are turned face-up for all to see. These cards take no
further part of the deal". The engine asks the seats in turn from eldest (seat 0 by default);
each choice leaves the hand at once but stays secret (``pending``; a seat's ``view`` shows the
others' choices, in the hand and in its history, as ``None``) until the fourth card is chosen.
Then all four are shown together (``discards``, in seat order) and eldest leads: 12 tricks.

*The tricks.* "each subsequent player must follow suit if they are able, otherwise may play
any card. The trick is won by the highest trump played (see below), or if no trumps are played
by the highest card of the suit led." "The winner of a trick leads to the next".

*The reaches.* "Play starts with no trumps. After the end of the first trick, the lowest-ranked
card is placed face-up [...] starting an area called the reaches. If more than one card is tied
for lowest rank, the last played is used." "From this point onwards, the lowest-ranked card which
is higher-ranked than the highest card of the reaches is added to it, becoming the new top card.
Any previous cards of that suit in the reaches are removed [...] If a trick contains no cards
higher-ranked than the top reach, the reaches remain unchanged." So the reaches hold at most one
card per suit, in rank order, and never fewer suits; once an Ace is on top they are fixed.
"Any suit represented in the reaches is a trump suit. Cards from the top suit outrank all cards
from the next suit down, and so on. All trump cards outrank non-trumps". ``hand.reaches`` is the
row, low to top; ``hand.trump_order()`` the trump suits, highest first (``hand.trump`` is only
the highest).

*Scoring, at once, for the side that wins the trick.* "Each trick is worth a single point for
winning." "Any card ranked above the highest reach card are worth nothing. Cards ranked the
same, or below, it" are worth 1, 2, 3, 4 for the highest, second, third, fourth trump suit;
"Cards in a non-trump suit are worth one more than the lowest-ranked trump suit. In addition,
any card which matches the rank of a reach card counts double" (any reach card, not only the top
one: RULES.md PA-A2). The winner and the points of a trick use the reaches as they stood before
it; only then do the reaches change (PA-A1, proved by S4's tricks 2 and 6). In the first trick
there are no reaches, so it is worth its 1 point.

*The match.* "A game runs to a pre-agreed number of points" (option ``target``, default 240;
"A quick game is 240 [...] A decent length would be 600 [...] probably 960"). "the team must
score at least one more than the target number"; "The side that first crosses this threshold
wins the game immediately, and if a hand is in-progress, the remainder of the hand is
abandoned."

*A deal set up by hand* (``cg.deal("pippins", hands=[...])``): four hands of 13 cards start
with the discard; four hands of 12 or fewer cards are a position to study after the discards
(play starts at once). Such a position may name the four cards discarded
(``discards=[...]``, one per seat, in seat order) and the reaches standing at its start
(``reaches=[...]``; without them the position's first trick is played as trick 1, with no
trumps). There is no stock.

The three rules live in the pure functions :func:`trick_winner`, :func:`trick_points` and
:func:`update_reaches` (plus :func:`card_value` and :func:`trump_order`), which the hand calls.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from ..cards import STANDARD_DECK, Card, NotationError, Rank, Suit, parse_cards
from ..engine import (
    Game, Hand, Match, Option, Options, Phase, SetupError, Trick, follow_suit,
    suit_not_followed, whole_number,
)

RULES_VERSION = "S4 work-in-progress rules as specified in RULES.md §5"
"""The rule set played (S4 warns that its rules may change; RULES.md PA-A7)."""

SEATS = 4
HAND_SIZE = 13


# The rules, as pure functions of the cards of a trick (in play order) and the reaches --------------


def trump_order(reaches: Sequence[Card]) -> list[Suit]:
    """The trump suits, highest first: the top reach's suit, then the next reach down, ..."""
    return [card.suit for card in reversed(reaches)]


class ReachFacts:
    """What the rules read off the reaches, worked out once for each set of reaches (the
    functions below ask ``reach_facts(reaches)``; a hand meets a dozen sets).

    ``trump_place[suit]``: 0 for a non-trump, else the suit's place counted from the lowest
    trump (1) up; ``value[suit]``: what a card of the suit at or below the top reach is worth
    (1 for the top reach's suit, 2, 3, 4 down the trumps, a non-trump one more than the lowest
    trump); ``top``: the top reach's rank (0 with no reaches: every card is above it);
    ``doubled``: the ranks of the reach cards, as bits (``1 << rank``).
    """

    __slots__ = ("trump_place", "value", "top", "doubled")

    def __init__(self, reaches: Sequence[Card]):
        count = len(reaches)
        self.trump_place = [0, 0, 0, 0]
        self.value = [count + 1] * 4          # a non-trump: one more than the lowest trump
        for place, reach in enumerate(reaches, start=1):
            self.trump_place[reach.suit] = place
            self.value[reach.suit] = count + 1 - place     # the top reach's suit: 1
        self.top = reaches[-1].rank if reaches else 0
        self.doubled = 0
        for reach in reaches:
            self.doubled |= 1 << reach.rank


_FACTS: dict[tuple[Card, ...], ReachFacts] = {}
_LAST: tuple[Any, Any] = (None, None)    # the reaches asked about last, and their facts


def reach_facts(reaches: Sequence[Card]) -> ReachFacts:
    """The :class:`ReachFacts` of these reaches (made once, then looked up; the same tuple
    asked again, as for the winner and then the points of a trick, without even a lookup)."""
    global _LAST
    last = _LAST
    if reaches is last[0]:
        return last[1]
    key = reaches if reaches.__class__ is tuple else tuple(reaches)
    facts = _FACTS.get(key)
    if facts is None:
        if len(_FACTS) >= 1024:
            # There are tens of thousands of sets: keep only recent ones (a cache of them all
            # would slow every later collection of Python's garbage, measured: 7%).
            _FACTS.clear()
        facts = _FACTS[key] = ReachFacts(key)
    if key is reaches:                    # a tuple cannot change: remember it as it is
        _LAST = (reaches, facts)
    return facts


def trick_winner(cards: Sequence[Card], reaches: Sequence[Card]) -> int:
    """The index in ``cards`` (play order) of the card that wins: "the highest trump played
    [...], or if no trumps are played by the highest card of the suit led". A trump's strength
    is its suit's place in the reaches (top reach highest), then its rank."""
    trump_place = reach_facts(reaches).trump_place
    led = cards[0].suit
    best, best_key = 0, -1
    i = 0
    for card in cards:
        suit = card.suit
        place = trump_place[suit]
        if place:
            key = place * 16 + card.rank     # above every non-trump
        elif suit is led:
            key = card.rank
        else:
            key = -1            # a non-trump of another suit never wins
        if key > best_key:
            best, best_key = i, key
        i += 1
    return best


def card_value(card: Card, reaches: Sequence[Card]) -> int:
    """What ``card`` is worth in a trick played with these reaches.

    Above the top reach: 0 (with no reaches every card is 0). At or below it: 1, 2, 3, 4 for the
    highest, second, third, fourth trump suit, a non-trump one more than the lowest trump; a
    card of the rank of any reach card counts double.
    """
    facts = reach_facts(reaches)
    rank = card.rank
    if rank > facts.top:
        return 0
    value = facts.value[card.suit]
    return value * 2 if facts.doubled >> rank & 1 else value


def trick_points(cards: Sequence[Card], reaches: Sequence[Card]) -> int:
    """What the trick earns its winner's side: 1 for the trick plus each card's value."""
    facts = reach_facts(reaches)
    top, value, doubled = facts.top, facts.value, facts.doubled
    total = 1
    for card in cards:
        rank = card.rank
        if rank <= top:          # card_value's rule, inline for speed: change both together
            total += value[card.suit] * 2 if doubled >> rank & 1 else value[card.suit]
    return total


def update_reaches(cards: Sequence[Card], reaches: Sequence[Card]) -> tuple[Card, ...]:
    """The reaches after a trick of ``cards`` (play order) played with ``reaches``.

    With no reaches yet (after trick 1), the lowest card starts them. Otherwise the lowest card
    ranked strictly above the top reach becomes the new top reach, replacing the reach of its
    suit; none above: no change. Ties go to the last played.
    """
    if not reaches:
        low = cards[0]
        for card in cards[1:]:
            if card.rank <= low.rank:       # "<=": on a tie the last played is used
                low = card
        return (low,)
    top = reaches[-1].rank
    new = None
    for card in cards:
        if card.rank > top and (new is None or card.rank <= new.rank):
            new = card
    if new is None:
        return tuple(reaches)
    suit = new.suit
    return tuple(reach for reach in reaches if reach.suit is not suit) + (new,)


# The hand -------------------------------------------------------------------------------------------


def _cards_keyword(value: Any, what: str) -> tuple[Card, ...]:
    try:
        return tuple(parse_cards(value))
    except (NotationError, TypeError) as error:
        raise SetupError(f"{what}: {error}") from None


def _labels(cards: Sequence[Card]) -> str:
    return " ".join(card.label for card in cards)


class PippinsHand(Hand):
    """A hand of Pippins Aplenty: the discard, then 12 tricks with the reaches.

    Besides the engine's surface: ``reaches`` (tuple, low to top), ``trump_order()``,
    ``suit_values()``, ``card_value(card)``, ``discards`` (the four revealed discards in seat
    order, or ``()``), ``pending`` (choices not yet revealed; secret), ``set_aside()``.
    """

    cards_per_player = HAND_SIZE
    first_phase = Phase.DISCARD
    has_stock = False
    _game_lists = ("pending",)
    rules_version = RULES_VERSION

    @classmethod
    def deck(cls, players: int, options: Options, rng: random.Random | None) -> tuple[Card, ...]:
        return STANDARD_DECK

    @classmethod
    def no_stock_words(cls) -> str:
        # S4: "Dealer then deals thirteen cards singly to each player"
        return "the dealer deals the whole pack, thirteen cards to each player"

    @classmethod
    def extras_set_up(cls, players, options, hands, stock, deal_args):
        size = len(hands[0])
        discards = _cards_keyword(deal_args.get("discards", ()), "discards")
        reaches = _cards_keyword(deal_args.get("reaches", ()), "reaches")
        if size == HAND_SIZE and (discards or reaches):
            raise SetupError("hands of thirteen cards start with the discard, before any reaches: "
                             "give discards= or reaches= only with hands of 12 cards or fewer")
        if discards and len(discards) != SEATS:
            raise SetupError(f"discards= names the four discarded cards, one per seat in seat "
                             f"order; {len(discards)} given")
        reaches = tuple(sorted(reaches, key=lambda c: c.rank))
        if len({c.suit for c in reaches}) != len(reaches):
            raise SetupError(f"the reaches hold at most one card of each suit, not "
                             f"{_labels(reaches)}")
        if len({c.rank for c in reaches}) != len(reaches):
            raise SetupError(f"each reach card ranks above the one below it, so two cannot share "
                             f"a rank: {_labels(reaches)}")
        seen = {card for hand in hands for card in hand}
        for what, cards in (("discards", discards), ("reaches", reaches)):
            for card in cards:
                if card in seen:
                    raise SetupError(f"{card.label} ({what}) appears more often than the deck "
                                     f"holds it (1 copy)")
                seen.add(card)
        return {"discards": discards, "reaches": reaches}

    def plays_in_partnerships(self) -> bool:
        return True

    def start(self) -> None:
        extra = self.extra
        self.reaches: tuple[Card, ...] = tuple(extra.get("reaches", ()))
        self.start_reaches = self.reaches          # reaches given with a position set up by hand
        self.pending: list[Card | None] = [None] * self.seats
        if len(self.hands[0]) == HAND_SIZE:
            self.discards: tuple[Card, ...] = ()
        else:                                      # a position after the discards
            self.discards = tuple(extra.get("discards", ()))
            self.phase = Phase.PLAY
        self.trump = self.reaches[-1].suit if self.reaches else None

    # -- the discard ------------------------------------------------------------------------------

    def choose_card(self, seat: int, card: Card) -> None:
        # "each player selects one card and places it face-down": it leaves the hand, unseen.
        self.hands[seat].remove(card)
        pending = self.pending
        pending[seat] = card
        following = (seat + 1) % self.seats
        if following != self.eldest:
            self.to_move = following
            return
        # "Once each player has done so, the four cards are turned face-up for all to see."
        self.discards = tuple(pending)
        self.pending = [None] * self.seats
        self.phase = Phase.PLAY
        self.leader = self.to_move = self.eldest

    def set_aside(self) -> list[Card]:
        """Cards out of the hands and the tricks: the discards (chosen or shown) and the reaches a
        position set up by hand began with (the tricks that made them are not in the record)."""
        return [c for c in self.pending if c is not None] + list(self.discards) + \
            list(self.start_reaches)

    # -- legal plays --------------------------------------------------------------------------------

    def playable(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        if self.trick:
            # "each subsequent player must follow suit if they are able, otherwise may play any card"
            return follow_suit(hand, self.trick[0][1].suit)
        return list(hand)

    @classmethod
    def lacks_shown(cls, options: Options, before: list[tuple[int, Card]], seat: int, card: Card,
                    drawing: bool, trump: Any, partnerships: bool) -> tuple:
        # "each subsequent player must follow suit if they are able"
        return suit_not_followed(before[0][1], card)

    def refusal(self, seat: int, card: Card) -> str:
        led = self.trick[0][1]
        follow = [c for c in self.hands[seat] if c.suit is led.suit]
        return (f"each subsequent player must follow suit if they are able: {led.label} was led "
                f"and you hold {', '.join(c.label for c in follow)}, so you must play a "
                f"{led.suit.singular}")

    # -- the trick ----------------------------------------------------------------------------------

    def trick_winner(self, plays: list[tuple[int, Card]]) -> int:
        return trick_winner([card for _, card in plays], self.reaches)

    def trick_points(self, plays: list[tuple[int, Card]], winner: int) -> int:
        return trick_points([card for _, card in plays], self.reaches)

    def trick_context(self) -> tuple[Card, ...]:
        return self.reaches            # the reaches as they stood for this trick

    def after_trick(self, trick: Trick) -> None:
        # Scored first with the old reaches (RULES.md PA-A1), then the reaches grow.
        self.reaches = reaches = update_reaches([card for _, card in trick.cards], self.reaches)
        self.trump = reaches[-1].suit

    # -- what the table shows -------------------------------------------------------------------

    def trump_order(self) -> list[Suit]:
        """The trump suits now, highest first (empty before the first trick is done)."""
        return trump_order(self.reaches)

    def suit_values(self) -> dict[Suit, int]:
        """What a card at or below the top reach is worth by suit now, before doubling (empty
        while there are no reaches: then every card is worth 0)."""
        if not self.reaches:
            return {}
        order = self.trump_order()
        return {suit: order.index(suit) + 1 if suit in order else len(order) + 1 for suit in Suit}

    def card_value(self, card: Card | str) -> int:
        """What ``card`` would be worth in the trick being played now."""
        return card_value(Card.parse(card), self.reaches)

    @property
    def reaches_fixed(self) -> bool:
        """Once an Ace is the top reach nothing can rise above it: the reaches stay as they are."""
        return bool(self.reaches) and self.reaches[-1].rank is Rank.ACE

    def public_info(self) -> list[tuple[str, str]]:
        info = []
        if self.phase is Phase.DISCARD:
            chosen = sum(1 for c in self.pending if c is not None)
            info.append(("Discards", f"{chosen} of 4 chosen, face down"))
        elif self.discards:
            info.append(("Discards", _labels(self.discards)))
        reaches = self.reaches
        if not reaches:
            info.append(("Reaches", "none yet: the first trick is played without trumps"))
        else:
            fixed = " (fixed: nothing ranks above an Ace)" if self.reaches_fixed else ""
            info.append(("Reaches", f"{_labels(reaches)}, top {reaches[-1].label}{fixed}"))
            order = self.trump_order()
            others = [s for s in Suit if s not in order]
            text = " > ".join(s.symbol for s in order)
            if others:
                text += "; not trumps: " + " ".join(s.symbol for s in others)
            info.append(("Trumps", text))
            values = self.suit_values()
            worth = ", ".join(f"{s.symbol} {values[s]}" for s in order + others)
            ranks = " ".join(r.rank.label for r in reaches)
            info.append(("Card values", f"at or below {reaches[-1].rank.label}: {worth}; "
                                        f"ranks {ranks} double; above: 0"))
        info.append(("Rules", "Pippins Aplenty, " + RULES_VERSION))
        return info

    def explain_winner(self, trick: Trick) -> str:
        reaches = trick.context
        card = trick.winning_card
        led = trick.cards[0][1]
        if not reaches:
            return (f"the first trick is played with no trumps, and {card.label} is the highest "
                    f"{led.suit.singular} (the suit led)")
        order = trump_order(reaches)
        ranking = " above ".join(s.plural for s in order)
        by = f"the reaches {_labels(reaches)}"
        if card.suit in order:
            trumps = [c for _, c in trick.cards if c.suit in order]
            if len(trumps) == 1:
                return f"{card.label} is the only trump played (trumps by {by}: {ranking})"
            if len({c.suit for c in trumps}) == 1:
                return (f"{card.label} is the highest trump played (trumps by {by}: {ranking})")
            return (f"{card.label} is the highest card of the highest trump suit played "
                    f"(trumps by {by}: {ranking})")
        return (f"no trump was played (trumps by {by}: {ranking}), so {card.label}, the highest "
                f"{led.suit.singular} (the suit led), wins")

    def explain_points(self, trick: Trick) -> str:
        reaches = trick.context
        if not reaches:
            return "1 point: 1 for the trick (no reaches yet, so the cards are worth nothing)"
        top = reaches[-1]
        parts = ["1 for the trick"]
        for _, card in trick.cards:
            value = card_value(card, reaches)
            if value == 0:
                parts.append(f"{card.label} 0 (above the top reach {top.label})")
                continue
            match = next((r for r in reaches if r.rank == card.rank), None)
            if match is None:
                parts.append(f"{card.label} {value}")
            else:
                parts.append(f"{card.label} {value // 2}×2={value} (rank of {match.label})")
        order = trump_order(reaches)
        others = [s for s in Suit if s not in order]
        worth = ", ".join(f"{s.symbol} {i}" for i, s in enumerate(order, 1))
        if others:
            worth += f", non-trumps ({' '.join(s.symbol for s in others)}) {len(order) + 1}"
        unit = "point" if trick.points == 1 else "points"
        return f"{trick.points} {unit}: {' + '.join(parts)}; by suit {worth}"

    # -- hidden information: the discards chosen but not yet shown ----------------------------------

    def conceal(self, state: dict[str, Any], seat: int) -> list[Card]:
        concealed = super().conceal(state, seat)
        if state["phase"] is Phase.DISCARD:
            pending = state["pending"]            # a copy: conceal works on a copied state
            for other, card in enumerate(pending):
                if card is not None and other != seat:
                    concealed.append(card)
                    pending[other] = None
            # Every action so far is a discard: hide the others' choices in the history too.
            state["history"] = [(s, move if s == seat else None) for s, move in state["history"]]
        return concealed

    def fill_hidden(self, take, seat: int) -> None:
        if self.phase is not Phase.DISCARD:
            return
        self.pending = pending = list(self.pending)
        history = self.history
        for i, (other, move) in enumerate(history):
            if move is None:
                card = take()
                history[i] = (other, card)
                pending[other] = card


class PippinsMatch(Match):
    """Hand after hand until a side crosses the target (``target``, default 240): the first
    side to score at least target + 1 wins at once, even in the middle of a hand."""

    default_target = 240

    def resolve_target(self, target: int | None) -> int | None:
        return super().resolve_target(self.options.target if target is None else target)

    def after_action(self) -> None:
        hand = self.hand
        target = self.target
        for side, points in enumerate(hand.score):
            total = self.scores[side] + points
            if total > target:
                # "The side that first crosses this threshold wins the game immediately, and if a
                # hand is in-progress, the remainder of the hand is abandoned."
                during = "at the end of the hand" if hand.is_over else \
                    f"in trick {len(hand.tricks)} of hand {len(self.hands) + 1}, which is abandoned"
                self.win_mid_hand(side, f"{self.unit_name(side)} crossed the target of {target} "
                                        f"with {total} {during}")
                return

    def start_decided(self) -> str:
        for side, score in enumerate(self.start_scores):
            if score > self.target:
                return (f"{self.unit_name(side)} already has {score}, past the target of "
                        f"{self.target}: \"The side that first crosses this threshold wins the "
                        "game immediately\"")
        return ""

    @property
    def running_scores(self) -> list[int]:
        # Every trick scores at once for the side that wins it.
        if self.hand in self.hands:
            return list(self.scores)
        return [total + points for total, points in zip(self.scores, self.hand.score)]

    def decide(self) -> None:
        """Nothing to decide at the end of a hand: a side that crossed the target has already
        won (``after_action``); landing exactly on it is not enough, so play on."""


OPTIONS = [
    Option("target", 240,
           "Points to cross: the first side to score at least target + 1 wins at once, even in "
           "mid-hand (S4: a multiple of 120; quick 240, longer 600 or 960).",
           check=whole_number(1), question="How many points must a side pass to win the game?",
           value_words=lambda n: f"{n} (the first side to score {n + 1} wins)", source="S4"),
]

GAME = Game(
    name="pippins_aplenty",
    title="Pippins Aplenty",
    hand_class=PippinsHand,
    match_class=PippinsMatch,
    player_counts=(4,),
    default_players=4,
    options=OPTIONS,
    aliases=("pippins", "pippins-aplenty"),
    summary="Partnership tricks where the trumps grow out of play: the lowest card above the top "
            "reach joins the reaches; low cards of weak suits score most.",
    deal_keywords=("discards", "reaches"),
)
