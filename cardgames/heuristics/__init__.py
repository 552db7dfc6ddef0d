"""Rules of thumb: short, named heuristics a learner could apply at the table.

Each game has a module here (``cardgames.heuristics.yukon`` …) holding an ordered list
``HEURISTICS`` of :class:`Heuristic` s. The rule-of-thumb player asks them in order and plays
the first suggestion; the table's hint button shows that heuristic's name and reason. A game
without a module of its own gets :data:`GENERIC`: win a trick worth having with the cheapest
card that wins it, otherwise throw the cheapest card.

A heuristic sees a :class:`Situation`: the seat's :class:`~cardgames.view.View` (only what
that seat may see) plus small helpers that answer table questions ("would this card win the
trick as it stands?", "what is this card worth?"). The helpers work on one deal sampled from the
view, and use only the cards already played and public state (the trump, the reaches), so they
learn nothing the seat could not know.

A game module may also define:

``card_points(situation, card) -> int``
    What a card is worth in a trick (default: the game's own ``card_points`` if it has one).
``power(situation, card) -> int``
    How strong a card is for taking tricks, for choosing "the lowest" (default: the rank).
``declare(situation, actions) -> Action | None``
    Which out-of-turn action to take now (default: any that scores).
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Iterable, Sequence

from ..cards import Card, Suit
from ..engine import Action, Hand, LegalActions, Move, Phase
from ..view import SeatView, View


@dataclass(frozen=True)
class Heuristic:
    """One rule of thumb: a name, a one-sentence reason, and the rule.

    ``rule(situation)`` returns the action it recommends, or None when it does not apply.
    It may also return ``(action, reason)`` to word the reason for this position.
    """

    name: str
    reason: str
    rule: Callable[["Situation"], Any]

    def __call__(self, situation: "Situation") -> tuple[Move, str] | None:
        found = self.rule(situation)
        if found is None:
            return None
        if isinstance(found, tuple):
            action, reason = found
        else:
            action, reason = found, self.reason
        if action is None or action not in situation.legal:
            return None
        return action, reason


class _InOrder:
    """A stand-in random generator whose shuffle leaves the list as it is."""

    @staticmethod
    def shuffle(items: list) -> None:
        return None


_IN_ORDER = _InOrder()


class Situation:
    """What a seat knows when it must decide, with helpers for table questions.

    ``view`` is the seat's view; ``table`` what the rules questions about public things are
    asked of: the view itself for a :class:`~cardgames.view.SeatView` (it answers them from the
    live hand), else a deal sampled from the :class:`~cardgames.view.View` (the unseen cards
    placed in card order: nothing is learnt); ``legal`` the seat's legal actions. What the
    helpers work out is kept for the rest of the decision.
    """

    def __init__(self, view: View | SeatView, rng: random.Random | None = None,
                 module: ModuleType | None = None):
        self.view = view
        self.seat = seat = view.seat
        self.rng = rng if rng is not None else random.Random(0)
        if view.__class__ is SeatView:
            table: Any = view
            self.legal: LegalActions = view.legal_actions()
        else:
            table = view.sample(_IN_ORDER)
            mover = table.to_move
            self.legal = (table.legal_actions() if mover is not None and table.controller(mover) == seat
                          else LegalActions(()))
        self.table = table
        self.mover: int | None = table.to_move   # whose cards are played (a dummy, for Quinto)
        #: The cards played to the trick so far, as (seat, card).
        self.trick: list[tuple[int, Card]] = table.trick
        self.leading: bool = not self.trick
        self.phase: Phase = table.phase
        self.trump: Suit | None = table.trump
        self.last_to_play: bool = len(self.trick) == table.seats - 1
        self.module = module
        rules = _rules_of(module)
        self._own_points, self._own_power = rules
        self._points_cache: dict[Card, int] = {}
        self._hand: list[Card] | None = None
        self._cards: list[Card] | None = None
        self._named: list[Action] | None = None
        self._winner: Any = _UNKNOWN
        self._seen: list[Card] | None = None

    # what is on the table --------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.table.game.name

    @property
    def cards(self) -> list[Card]:
        """The cards that may be played now (legal cards only)."""
        cards = self._cards
        if cards is None:
            cards = self._cards = [a for a in self.legal if a.__class__ is Card]
        return cards

    @property
    def named(self) -> list[Action]:
        named = self._named
        if named is None:
            named = self._named = [a for a in self.legal if isinstance(a, Action)]
        return named

    @property
    def hand(self) -> list[Card]:
        """The cards of the seat being played for (a dummy's, for Quinto's declarer)."""
        hand = self._hand
        if hand is None:
            seat = self.mover if self.mover is not None else self.seat
            if seat != self.seat and self.table.controller(seat) == self.seat:
                hand = list(self.view.hands[seat])     # the dummy lies face up
            else:
                hand = self.view.hand
            self._hand = hand
        return hand

    def unit(self, seat: int) -> int:
        return self.table.side(seat)

    def is_partner(self, seat: int) -> bool:
        me = self.mover if self.mover is not None else self.seat
        return seat != me and self.table.side(seat) == self.table.side(me)

    def winning_seat(self) -> int | None:
        winner = self._winner
        if winner is _UNKNOWN:
            trick = self.trick
            winner = self._winner = trick[self.table.trick_winner(trick)][0] if trick else None
        return winner

    def partner_winning(self) -> bool:
        winner = self.winning_seat()
        return winner is not None and self.is_partner(winner)

    # card questions ----------------------------------------------------------------------

    def card_points(self, card: Card) -> int:
        """What the card is worth in a trick (the game's table; 0 where cards carry no points)."""
        cached = self._points_cache.get(card)
        if cached is None:
            own = self._own_points
            if own is not None:
                cached = own(self, card)
            else:
                method = getattr(self.table, "card_points", None)
                try:
                    cached = method(card) if callable(method) else 0
                except TypeError:       # a game whose card_points means something else
                    cached = 0
                if not isinstance(cached, int):
                    cached = 0
            self._points_cache[card] = cached
        return cached

    def power(self, card: Card) -> int:
        """How strong the card is for taking tricks (higher is stronger)."""
        own = self._own_power
        if own is not None:
            return own(self, card)
        return int(card.rank)

    def trick_points(self) -> int:
        return sum(self.card_points(c) for _, c in self.trick)

    def wins_now(self, card: Card) -> bool:
        """Would ``card`` win the trick as it stands (certainly, if this seat plays last)?

        The game's own rule answers: the winner of the trick so far with ``card`` added."""
        trick = self.trick
        if not trick:
            return True
        plays = trick + [(self.mover, card)]
        return plays[self.table.trick_winner(plays)][0] == self.mover

    def cheapest(self, cards: Iterable[Card]) -> Card | None:
        """The card giving away least: fewest points, then weakest."""
        return min(cards, key=lambda c: (self.card_points(c), self.power(c), c.index), default=None)

    def dearest(self, cards: Iterable[Card]) -> Card | None:
        """The card carrying most points, the weaker of equals (to feed a partner's trick)."""
        return max(cards, key=lambda c: (self.card_points(c), -self.power(c), -c.index), default=None)

    def strongest(self, cards: Iterable[Card]) -> Card | None:
        return max(cards, key=lambda c: (self.power(c), -self.card_points(c), c.index), default=None)

    def by_suit(self, cards: Iterable[Card] | None = None) -> dict[Suit | None, list[Card]]:
        found: dict[Suit | None, list[Card]] = {}
        for card in (self.hand if cards is None else cards):
            found.setdefault(card.suit, []).append(card)
        return found

    def seen_cards(self) -> list[Card]:
        """Every card played to a trick so far in this hand."""
        seen = self._seen
        if seen is None:
            seen = self._seen = [c for t in self.table.tricks for _, c in t.cards] + \
                [c for _, c in self.trick]
        return seen


_UNKNOWN = object()
_RULES: dict[ModuleType | None, tuple[Any, Any]] = {}


def _rules_of(module: ModuleType | None) -> tuple[Any, Any]:
    """A game module's own ``card_points`` and ``power`` (None where it has none)."""
    found = _RULES.get(module)
    if found is None:
        found = _RULES[module] = (getattr(module, "card_points", None), getattr(module, "power", None))
    return found


# The generic rules of thumb (any game) --------------------------------------------------------


def _non_play_phase(s: Situation):
    """Doubling, discards and other decisions before the tricks: the safe choice."""
    if s.phase is Phase.PLAY:
        return None
    names = {a.name: a for a in s.named}
    if "pass" in names:
        return names["pass"], "with no rule of thumb for this decision, pass"
    if s.cards:
        card = s.cheapest(s.cards)
        return card, f"let go of the card worth least to you ({card.label})"
    return s.named[0] if s.named else None


def _feed_partner(s: Situation):
    """Your partner is winning and you play last: give them your richest card."""
    if s.leading or not s.last_to_play or not s.partner_winning():
        return None
    losing = [c for c in s.cards if not s.wins_now(c)] or s.cards
    card = s.dearest(losing)
    if card is None or s.card_points(card) == 0:
        return None
    return card, f"your partner has the trick won and you play last: add the points of {card.label}"


def _win_cheaply(s: Situation):
    """If a card of yours takes the trick, take it with the cheapest such card."""
    if s.leading or s.partner_winning():
        return None
    winners = [c for c in s.cards if s.wins_now(c)]
    if not winners:
        return None
    card = s.cheapest(winners)
    at_stake = s.trick_points() + s.card_points(card)
    if not s.last_to_play and at_stake == 0:
        return None
    if s.last_to_play or at_stake > 0:
        return card, (f"{card.label} is the cheapest card that wins this trick"
                      + (f", worth {at_stake} so far" if at_stake else ""))
    return None


def _dump_lowest(s: Situation):
    """Cannot win (or need not): throw the card worth least."""
    if s.leading or not s.cards:
        return None
    card = s.cheapest(s.cards)
    return card, f"you cannot win this trick cheaply: throw the card worth least ({card.label})"


def _lead_low_from_length(s: Situation):
    """Leading: a low card from your longest suit keeps your high cards for later."""
    if not s.leading or not s.cards:
        return None
    groups = s.by_suit(s.cards)
    suit = max(groups, key=lambda k: (len(groups[k]), -min(s.power(c) for c in groups[k])))
    card = s.cheapest(groups[suit])
    return card, f"lead low ({card.label}) from your longest suit and keep your high cards"


def _anything(s: Situation):
    if s.cards:
        return s.cheapest(s.cards)
    return s.named[0] if s.named else None


NON_PLAY = Heuristic("Pass when unsure", "with no rule of thumb for this decision, pass",
                     _non_play_phase)
FEED_PARTNER = Heuristic("Feed your partner",
                         "your partner is winning the trick and you play last: add points to it",
                         _feed_partner)
WIN_CHEAPLY = Heuristic("Win cheaply",
                        "take a trick worth having with the cheapest card that wins it",
                        _win_cheaply)
DUMP_LOWEST = Heuristic("Throw the lowest",
                        "when you cannot win the trick cheaply, throw the card worth least",
                        _dump_lowest)
LEAD_LOW = Heuristic("Lead low from length",
                     "lead a low card of your longest suit and keep your high cards for later",
                     _lead_low_from_length)
ANYTHING = Heuristic("Any card", "any legal card", _anything)

#: The rules of thumb for any trick-taking game, in the order they are asked.
GENERIC: list[Heuristic] = [NON_PLAY, FEED_PARTNER, WIN_CHEAPLY, DUMP_LOWEST, LEAD_LOW, ANYTHING]


def scoring_declaration(s: Situation, actions: Sequence[Action]) -> Action | None:
    """The generic out-of-turn choice: take a declaration that scores (a call, a marriage)."""
    return actions[0] if actions else None


# Finding a game's rules ---------------------------------------------------------------------


_MODULES: dict[str, ModuleType | None] = {}


def module_for(game: str) -> ModuleType | None:
    """The heuristics module of ``game`` (``cardgames.heuristics.<game>``), None if it has none."""
    if game not in _MODULES:
        name = f"{__name__}.{game}"
        _MODULES[game] = importlib.import_module(name) if importlib.util.find_spec(name) else None
    return _MODULES[game]


_ORDERED: dict[str, list[Heuristic]] = {}


def heuristics_for(game: str) -> list[Heuristic]:
    """The ordered rules of thumb for ``game``: its own, then the generic ones."""
    found = _ORDERED.get(game)
    if found is None:
        module = module_for(game)
        own = list(getattr(module, "HEURISTICS", [])) if module is not None else []
        found = _ORDERED[game] = own + [h for h in GENERIC if all(h is not o for o in own)]
    return found


def advise(view: View, rng: random.Random | None = None) -> tuple[Move, str, str]:
    """The first rule of thumb that applies: ``(action, reason, heuristic name)``."""
    module = module_for(view.hand_class.game.name)
    situation = Situation(view, rng, module)
    if not situation.legal:
        raise ValueError(f"seat {view.seat} has nothing to decide now")
    for heuristic in heuristics_for(situation.game):
        found = heuristic(situation)
        if found is not None:
            return found[0], found[1], heuristic.name
    action = situation.legal[0]
    return action, "the only rule left: any legal action", "Any action"


def declare(view: View, actions: Sequence[Action], rng: random.Random | None = None) -> Action | None:
    """Which out-of-turn action (if any) the rules of thumb take now."""
    if not actions:
        return None
    module = module_for(view.hand_class.game.name)
    chooser = getattr(module, "declare", None) if module is not None else None
    situation = Situation(view, rng, module)
    if chooser is None:
        return scoring_declaration(situation, actions)
    return chooser(situation, list(actions))
