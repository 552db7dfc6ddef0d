"""Rules of thumb: short, named heuristics a learner could apply at the table.

Each game has a module here (``cardgames.heuristics.yukon`` …) holding an ordered list
``HEURISTICS`` of :class:`Heuristic` s. The rule-of-thumb player asks them in order and plays
the first suggestion; the table's hint button shows that heuristic's name and reason. A game
without a module of its own gets :data:`GENERIC`: win a trick worth having with the cheapest
card that wins it, otherwise throw the cheapest card.

A heuristic sees a :class:`Situation`: the seat's view (a :class:`~cardgames.view.SeatView`
or :class:`~cardgames.view.View`: only what that seat may see) plus small helpers that answer
table questions ("would this card win the trick as it stands?", "what is this card worth?").
The helpers ask the game's own rules (``trick_winner`` of the trick so far plus a card) about
the cards already played and public state (the trump, the reaches), so they learn nothing the
seat could not know.

A rule returns its action, or ``(action, words)`` where ``words`` is a function wording the
reason for this position (``lambda: f"..."``): it is called only when the reason is asked for
(``advise``, the table's hint button), never when a player just plays (``choose``).

A game module may also define:

``card_points(situation, card) -> int``
    What a card is worth in a trick (default: the game's own ``card_points`` if it has one).
``power(situation, card) -> int``
    How strong a card is for taking tricks, for choosing "the lowest" (default: the rank).
``context(situation) -> hashable``
    All that ``card_points`` and ``power`` depend on besides the card (the trump, the reaches):
    with it, a card's points and power are worked out once for each context, not at every
    decision.
``declare(situation, actions) -> Action | None``
    Which out-of-turn action to take now (default: any that scores).
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Iterable, Sequence, Union

from ..cards import Card, Suit, sort_cards
from ..engine import Action, LegalActions, Move, Phase
from ..view import SeatView, View

#: A random generator, or a function that makes one when first needed (None: a fixed one).
Chance = Union[random.Random, Callable[[], random.Random], None]


@dataclass(frozen=True)
class Heuristic:
    """One rule of thumb: a name, a one-sentence reason, and the rule.

    ``rule(situation)`` returns the action it recommends, or None when it does not apply.
    It may also return ``(action, words)``: ``words()`` gives the reason worded for this
    position (a plain string is taken as it is).
    """

    name: str
    reason: str
    rule: Callable[["Situation"], Any]

    def __call__(self, situation: "Situation") -> tuple[Move, str] | None:
        found = _applies(self, situation)
        if found is None:
            return None
        return found[0], _worded(found[1])


_in_tuple = tuple.__contains__


def _applies(heuristic: Heuristic, situation: "Situation") -> tuple[Move, Any] | None:
    """``(action, words)`` if the heuristic recommends a legal action here, else None."""
    found = heuristic.rule(situation)
    if found is None:
        return None
    if found.__class__ is tuple:
        action, words = found
    else:
        action, words = found, heuristic.reason
    if action is None or not _in_tuple(situation.legal, action):
        return None
    return action, words


def _worded(words: Any) -> str:
    return words if isinstance(words, str) else words()


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
    placed in card order: nothing is learnt); ``legal`` the seat's legal actions; ``trick`` the
    cards played to the trick so far, as (seat, card). What the helpers work out is kept for
    the rest of the decision; ``memo`` is a dict where a game's rules keep what they work out
    once a decision (the trump order, the strongest card still out).
    """

    __slots__ = ("view", "seat", "table", "legal", "mover", "trick", "leading", "phase", "trump",
                 "last_to_play", "module", "memo", "_rng", "_own_points", "_own_power", "_keys",
                 "_wins", "_hand", "_cards", "_named", "_winner", "_seen", "_my_side")

    def __init__(self, view: View | SeatView, rng: Chance = None, module: ModuleType | None = None,
                 legal: LegalActions | None = None):
        self.view = view
        self.seat = seat = view.seat
        self._rng = rng
        if view.__class__ is SeatView:
            table: Any = view
            self.legal: LegalActions = view.legal_actions() if legal is None else legal
        else:
            table = view.sample(_IN_ORDER)
            mover = table.to_move
            self.legal = (table.legal_actions() if mover is not None and table.controller(mover) == seat
                          else LegalActions(()))
        self.table = table
        self.mover: int | None = table.to_move   # whose cards are played (a dummy, for Quinto)
        self.trick: list[tuple[int, Card]] = table.trick
        self.leading: bool = not self.trick
        self.phase: Phase = table.phase
        self.trump: Suit | None = table.trump
        self.last_to_play: bool = len(self.trick) == table.seats - 1
        self.module = module
        self.memo: dict[str, Any] = {}
        self._own_points, self._own_power, context = _rules_of(module)
        self._keys: dict[Card, tuple[int, int, int]] = (
            {} if context is None else _keys_for(module, context(self)))
        self._wins: dict[Card, bool] = {}
        self._hand: list[Card] | None = None
        self._cards: list[Card] | None = None
        self._named: list[Action] | None = None
        self._winner: Any = _UNKNOWN
        self._seen: list[Card] | None = None
        self._my_side: int | None = None

    @property
    def rng(self) -> random.Random:
        """The player's random generator (a fixed one if none was given)."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(0)
        elif callable(rng):              # the player makes its generator when first asked
            rng = self._rng = rng()
        return rng

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
        if seat == me:
            return False
        mine = self._my_side
        if mine is None:
            mine = self._my_side = self.table.side(me)
        return self.table.side(seat) == mine

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
        return self._key(card)[0]

    def power(self, card: Card) -> int:
        """How strong the card is for taking tricks (higher is stronger)."""
        return self._key(card)[1]

    def _key(self, card: Card) -> tuple[int, int, int]:
        """(points, power, index): what the cheapest and dearest card are chosen by."""
        key = self._keys.get(card)
        if key is None:
            own = self._own_points
            points = own(self, card) if own is not None else self._table_points(card)
            own = self._own_power
            key = self._keys[card] = (points, own(self, card) if own is not None else int(card.rank),
                                      card.index)
        return key

    def _table_points(self, card: Card) -> int:
        """The game's own ``card_points`` (for a game module that has none)."""
        method = self.memo.get("card_points", _UNKNOWN)
        if method is _UNKNOWN:
            method = self.memo["card_points"] = getattr(self.table, "card_points", None)
        try:
            points = method(card) if callable(method) else 0
        except TypeError:       # a game whose card_points means something else
            points = 0
        return points if isinstance(points, int) else 0

    def trick_points(self) -> int:
        return sum(self._key(c)[0] for _, c in self.trick)

    def wins_now(self, card: Card) -> bool:
        """Would ``card`` win the trick as it stands (certainly, if this seat plays last)?

        The game's own rule answers: the winner of the trick so far with ``card`` added."""
        found = self._wins.get(card)
        if found is None:
            trick = self.trick
            if not trick:
                found = True
            else:
                plays = trick + [(self.mover, card)]
                found = plays[self.table.trick_winner(plays)][0] == self.mover
            self._wins[card] = found
        return found

    def cheapest(self, cards: Iterable[Card]) -> Card | None:
        """The card giving away least: fewest points, then weakest."""
        return min(cards, key=self._key, default=None)

    def dearest(self, cards: Iterable[Card]) -> Card | None:
        """The card carrying most points, the weaker of equals (to feed a partner's trick)."""
        key = self._key
        return max(cards, key=lambda c: _dear(key(c)), default=None)

    def strongest(self, cards: Iterable[Card]) -> Card | None:
        key = self._key
        return max(cards, key=lambda c: _strong(key(c)), default=None)

    def by_suit(self, cards: Iterable[Card] | None = None) -> dict[Suit | None, list[Card]]:
        """The cards by suit, in card order (so that ties between suits fall the same way
        whatever order the cards are held in)."""
        found: dict[Suit | None, list[Card]] = {}
        for card in sort_cards(self.hand if cards is None else cards):
            group = found.get(card.suit)
            if group is None:
                found[card.suit] = [card]
            else:
                group.append(card)
        return found

    def seen_cards(self) -> list[Card]:
        """Every card played to a trick so far in this hand."""
        seen = self._seen
        if seen is None:
            seen = self._seen = [c for t in self.table.tricks for _, c in t.cards] + \
                [c for _, c in self.trick]
        return seen


def _dear(key: tuple[int, int, int]) -> tuple[int, int, int]:
    return key[0], -key[1], -key[2]


def _strong(key: tuple[int, int, int]) -> tuple[int, int, int]:
    return key[1], -key[0], key[2]


_UNKNOWN = object()
_RULES: dict[ModuleType | None, tuple[Any, Any, Any]] = {}


def _rules_of(module: ModuleType | None) -> tuple[Any, Any, Any]:
    """A game module's own ``card_points``, ``power`` and ``context`` (None where it has none)."""
    found = _RULES.get(module)
    if found is None:
        found = _RULES[module] = (getattr(module, "card_points", None), getattr(module, "power", None),
                                  getattr(module, "context", None))
    return found


_KEYS: dict[tuple[ModuleType | None, Any], dict[Card, tuple[int, int, int]]] = {}


def _keys_for(module: ModuleType | None, context: Any) -> dict[Card, tuple[int, int, int]]:
    """The cards' (points, power, index) worked out so far in this context (the last few hundred
    contexts are kept)."""
    found = _KEYS.get((module, context))
    if found is None:
        if len(_KEYS) >= 512:
            _KEYS.clear()
        found = _KEYS[(module, context)] = {}
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
        return card, lambda: f"let go of the card worth least to you ({card.label})"
    return s.named[0] if s.named else None


def _feed_partner(s: Situation):
    """Your partner is winning and you play last: give them your richest card."""
    if s.leading or not s.last_to_play or not s.partner_winning():
        return None
    losing = [c for c in s.cards if not s.wins_now(c)] or s.cards
    card = s.dearest(losing)
    if card is None or s.card_points(card) == 0:
        return None
    return card, lambda: f"your partner has the trick won and you play last: add the points of {card.label}"


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
        return card, lambda: (f"{card.label} is the cheapest card that wins this trick"
                              + (f", worth {at_stake} so far" if at_stake else ""))
    return None


def _dump_lowest(s: Situation):
    """Cannot win (or need not): throw the card worth least."""
    if s.leading or not s.cards:
        return None
    card = s.cheapest(s.cards)
    return card, lambda: f"you cannot win this trick cheaply: throw the card worth least ({card.label})"


def _lead_low_from_length(s: Situation):
    """Leading: a low card from your longest suit keeps your high cards for later."""
    if not s.leading or not s.cards:
        return None
    groups = s.by_suit(s.cards)
    suit = max(groups, key=lambda k: (len(groups[k]), -min(s.power(c) for c in groups[k])))
    card = s.cheapest(groups[suit])
    return card, lambda: f"lead low ({card.label}) from your longest suit and keep your high cards"


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


def _first(view: View | SeatView, rng: Chance,
           legal: LegalActions | None = None) -> tuple[Move, Any, str]:
    """The first rule of thumb that applies: ``(action, words, heuristic name)``."""
    module = module_for(view.hand_class.game.name)
    situation = Situation(view, rng, module, legal)
    if not situation.legal:
        raise ValueError(f"seat {view.seat} has nothing to decide now")
    legal = situation.legal
    for heuristic in heuristics_for(view.hand_class.game.name):
        found = heuristic.rule(situation)
        if found is None:
            continue
        if found.__class__ is tuple:
            action, words = found
        else:
            action, words = found, heuristic.reason
        if action is not None and _in_tuple(legal, action):
            return action, words, heuristic.name
    return legal[0], "the only rule left: any legal action", "Any action"


def advise(view: View | SeatView, rng: Chance = None) -> tuple[Move, str, str]:
    """The first rule of thumb that applies: ``(action, reason, heuristic name)``."""
    action, words, name = _first(view, rng)
    return action, _worded(words), name


def choose(view: View | SeatView, rng: Chance = None) -> Move:
    """The action of the first rule of thumb that applies (its reason is not worded). With one
    legal action there is nothing to weigh: every rule would name it, so no rule is asked."""
    if view.__class__ is SeatView:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return _first(view, rng, legal)[0]
    return _first(view, rng)[0]


def declare(view: View | SeatView, actions: Sequence[Action], rng: Chance = None) -> Action | None:
    """Which out-of-turn action (if any) the rules of thumb take now."""
    if not actions:
        return None
    module = module_for(view.hand_class.game.name)
    chooser = getattr(module, "declare", None) if module is not None else None
    situation = Situation(view, rng, module)
    if chooser is None:
        return scoring_declaration(situation, actions)
    return chooser(situation, list(actions))
