"""Quinto: Professor Hoffmann's partnership game of tricks and "quints", for 4 (or 3) players.

The rules (RULES.md §1; Fosdick's page [S0], Parlett [PAR-Q], Hervey [HER-Q], Hoffmann [HOF]):

*Cards.* "Use a 52-card deck plus one Joker", the Joker being the Quint Royal. "Deal 12 cards to
each player. The remaining 5 cards are left face-down as the cachette." No trump is turned. The
cachette is the deal's stock (a deal set up by hand gives it as ``stock``).

*Doubling.* "After players examine their cards, beginning with the eldest, each may elect to
double the value of the tricks for the hand. Their opponents may elect to re-double … A player
may not redouble his partner's double." One turn each, from the eldest to the dealer
(``pass``, ``double`` if nothing is doubled yet, ``redouble`` if an opponent has doubled); a
redouble must come from a *succeeding* opponent (HER-Q), so the dealer's double stands. Nothing
can follow a redouble, so the round ends there. Each trick is then worth 5, 10 or 20.
``doubling_continues_until_settled=True``: after a double the speaking goes on round the table
(the dummy never speaks) until an opponent redoubles or every other speaker has passed once
since the double.

*Play.* "Eldest leads any card to the first trick. Opponents must follow suit if able, else they
may play any card." There is no duty to play a higher suit. The Joker "can be played by its
holder at any time (regardless of the normal rules of following suit). If the Joker leads a
trick, others may play any card they like" (``joker_lead_next_card_sets_suit=True``: the first
card after a Joker lead sets the suit to follow).

*The trick.* "The rank of the suits (Hearts -> Diamonds -> Clubs -> Spades) indicates their
power as trumps when played out of suit": the whole pack is one ladder, ♥A … ♥2 ♦A … ♦2 ♣A … ♣2
♠A … ♠2, then the Joker, which "has no trick-taking value". The highest card wins, so a card of
a suit below the suit led never wins, and nothing beats a heart but a higher heart.

*Scoring* (by side). "Each trick scores 5 points for the partnership that wins it. (This is 10
points if the scoring was doubled, and 20 if it was redoubled)." "The Joker scores 25 points to
the side that takes it in a trick." Quints: a Five, or the Ace and 4, or the 2 and 3 of one
suit taken in the same trick, each worth ♥20 ♦15 ♣10 ♠5 (PAR-Q), never doubled
(``double_applies_to_quints=True`` doubles them too). "You must take both cards of the same
suit in a single trick to score. 5's and the Joker can be taken in any trick." Quints are
scored when the trick is taken. "The winner of the last trick takes the cachette as an extra
trick": trick 13 for its trick value (``cachette_counts_as_trick``, always True) and for its
quints (``cachette_quints_score``; ``cachette_merges_with_last_trick=True`` merges it with the
12th trick, so a pair split between them counts). The cachette trick is ``hand.cachette_trick``
(its cards are ``hand.set_aside()``); ``hand.tricks`` holds the 12 played tricks, each with a
card from every seat. A hand's trick points total 13 × the trick value; quints at most 175.

*Game and rubber.* "The first partnership to pass 250 points across hands wins the game"
(``target=250``, ``target_inclusive=True``: 250 is enough, Parlett's "to score 250";
``False``: more than 250, the seed's "pass"). By default the game is decided at the end of a
hand: if both sides are there, the higher total wins; an exact tie plays another hand
(``tie_policy='play_on'``; ``'higher_total'`` gives an exact tie to the side that scored more
in that last hand, and plays on only if that is equal too). ``win_check='immediate_quints'``:
quints count as they fall and a side that reaches the target through them wins at once (the
hand is abandoned and only its quints are scored; tricks are scored at the end of a hand).
"A rubber is best of three games. The winner of the rubber gets a 100 point bonus."
``cg.match("quinto")`` plays one game; ``rubber=True`` plays a rubber of ``rubber_games``
(first to win a majority of them; with three players, 1-1-1 plays on until somebody has two)
and ``match.scores`` are then the rubber totals: every point of its games plus ``rubber_bonus``
to the winner. ``match.game_scores`` are the current game's, ``match.games_won`` the games won. (RULES.md §6
names no ``rubber`` flag: we added it so that a match is one game unless a rubber is asked for;
``rubber_games`` and ``rubber_bonus`` matter only then.)

*Three players.* "Dealer gets two hands, his own and a dummy hand. He then plays against the
other two players who are in partnership. The dealer only looks at one of his hands when
deciding whether to double or redouble. Before playing tricks, the dummy hand is exposed
face-up on the table. The dealer plays both his own hand and the dummy hand." ``players=3``
deals four hands: the dealer in the last seat (3), the dummy opposite him (seat 1), the partners
in seats 0 and 2. ``hand.to_move`` is the dummy's seat when its card is played;
``hand.controller(1)`` is the dealer. The dummy has no turn in the doubling, and its cards are
hidden from every view (the dealer's too) until the doubling is over, then shown to all. "Since
the dealer has an advantage, the opposing partnership gets an extra 25 points when the final
score is totaled. Rotate the dealership so each player gets to play alone." A match keeps
three individual scores: each hand the dealer is credited with his side's points, each
opponent with the pair's points + 25 (``three_player_bonus_timing='per_hand'``). The two
partners are credited alike, so if they stood equal they reach the target together with equal
totals: that is an exact tie, and the tie rule applies (``'play_on'``: another hand, or with
``win_check='immediate_quints'`` play goes on, and whoever is alone on top at the next count
wins). Our reading
of ``'per_game'``: the 25 is added once, "when the final score is totaled", to the two players
who opposed the dealer in the hand that ended the game, and the game goes to the highest of
those final totals (so an opponent may overtake the dealer who reached the target first; equal
at the top, another hand is played without the bonus). ``match.seat_of(player)`` and
``match.player_at(seat)`` give the seating of the current hand (player 2 deals first, then
player 0, ...); the dummy's seat belongs to the dealer.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import DECK_WITH_JOKER, JOKER, Card, Rank, Suit
from ..engine import (
    Action, Game, Hand, Match, Move, Option, Options, Phase, SetupError, Trick,
    check_scores_given, counting, flag, suit_not_followed, whole_number,
)

PASS, DOUBLE, REDOUBLE = Action("pass"), Action("double"), Action("redouble")
DOUBLING_WORDS = {"pass": PASS, "double": DOUBLE, "redouble": REDOUBLE}

#: The suits from highest to lowest (S0: "Hearts -> Diamonds -> Clubs -> Spades").
SUIT_LADDER = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)
#: A quint's value by suit, whichever kind it is (PAR-Q: "A quint in hearts scores 20,
#: diamonds 15, clubs 10, spades 5").
QUINT_VALUE = {Suit.HEARTS: 20, Suit.DIAMONDS: 15, Suit.CLUBS: 10, Suit.SPADES: 5}
QUINT_ROYAL = 25            # the Joker
TRICK_VALUE = 5             # each trick, doubled 10, redoubled 20
CACHETTE_SIZE = 5
THREE_PLAYER_BONUS = 25
MULTIPLIER_WORDS = {1: "", 2: "doubled", 4: "redoubled"}

#: The whole pack as one ladder: a card's strength by ``card.index`` (the Joker lowest, -1).
STRENGTH = [0] * len(DECK_WITH_JOKER)
for _card in DECK_WITH_JOKER:
    if _card.suit is None:
        STRENGTH[_card.index] = -1
    else:
        STRENGTH[_card.index] = (3 - SUIT_LADDER.index(_card.suit)) * 13 + (_card.rank - Rank.TWO)

#: Quints for the fast count: a Five or the Joker on its own; the A, 4, 2, 3 as bits of pairs.
_SINGLE = [0] * len(DECK_WITH_JOKER)
_PAIR_BIT = [0] * len(DECK_WITH_JOKER)
_PAIRS: list[tuple[int, int]] = []
_BIT_OF_RANK = {Rank.ACE: 0, Rank.FOUR: 1, Rank.TWO: 2, Rank.THREE: 3}
for _card in DECK_WITH_JOKER:
    if _card.suit is None:
        _SINGLE[_card.index] = QUINT_ROYAL
    elif _card.rank is Rank.FIVE:
        _SINGLE[_card.index] = QUINT_VALUE[_card.suit]
    elif _card.rank in _BIT_OF_RANK:
        _PAIR_BIT[_card.index] = 1 << (4 * _card.suit + _BIT_OF_RANK[_card.rank])
for _suit in Suit:
    _PAIRS.append((0b0011 << (4 * _suit), QUINT_VALUE[_suit]))   # Ace + 4
    _PAIRS.append((0b1100 << (4 * _suit), QUINT_VALUE[_suit]))   # 2 + 3


def _pairs_value(mask: int) -> int:
    """What the pairs (A+4, 2+3) among the cards of ``mask`` (``_PAIR_BIT``) are worth."""
    points = 0
    for bits, value in _PAIRS:
        if mask & bits == bits:
            points += value
    return points


_PAIRS_VALUE: dict[int, int] = {}    # mask -> _pairs_value(mask), as the masks turn up


def quint_points(cards) -> int:
    """The quints in these cards (taken together, as one trick), undoubled."""
    points = 0
    mask = 0
    for card in cards:
        i = card.index
        points += _SINGLE[i]
        mask |= _PAIR_BIT[i]
    if mask:
        pairs = _PAIRS_VALUE.get(mask)
        if pairs is None:
            pairs = _PAIRS_VALUE[mask] = _pairs_value(mask)
        points += pairs
    return points


def quints_in(cards) -> list[tuple[str, int, tuple[Card, ...]]]:
    """Each quint in these cards as (name, value, cards), the Joker first, then by suit."""
    present = set(cards)
    found: list[tuple[str, int, tuple[Card, ...]]] = []
    if JOKER in present:
        found.append(("the Joker (Quint Royal)", QUINT_ROYAL, (JOKER,)))
    for suit in SUIT_LADDER:
        value = QUINT_VALUE[suit]
        for ranks in ((Rank.FIVE,), (Rank.ACE, Rank.FOUR), (Rank.TWO, Rank.THREE)):
            group = tuple(Card(rank, suit) for rank in ranks)
            if all(card in present for card in group):
                found.append(("+".join(card.label for card in group), value, group))
    return found


def _odd_number(value: Any) -> int:
    value = whole_number(1)(value)
    if value % 2 == 0:
        raise ValueError("a rubber is the best of an odd number of games (3 by default)")
    return value


OPTIONS = [
    Option("win_check", "end_of_hand",
           "When the game is won: at the end of a hand ('end_of_hand', S0), or at once when "
           "quints, scored as they fall, bring a side to the target ('immediate_quints').",
           choices=("end_of_hand", "immediate_quints"),
           question="When is a game won?",
           choice_words={"end_of_hand": "At the end of a hand",
                         "immediate_quints": "At once, when quints bring a side to the target"},
           source="S0; Hoffmann and Parlett (unverified)"),
    Option("target", 250, "The points that win a game (S0, PAR-Q: 250).", check=whole_number(1),
           question="How many points win a game?", value_words=counting("point"),
           source="S0, PAR-Q"),
    flag("target_inclusive", True,
         "Reaching the target is enough (Parlett's 'to score 250'); False: it must be passed "
         "(the seed's 'pass 250 points').",
         question="Is reaching the target enough, or must it be passed?",
         yes="Reaching it is enough (Parlett: \"to score 250\")",
         no="It must be passed (\"pass 250 points\")", source="PAR-Q, S0"),
    Option("tie_policy", "play_on",
           "Both sides at the target with equal totals: play another hand ('play_on'), or the "
           "side that scored more in that last hand wins ('higher_total'). Unequal totals: the "
           "higher wins either way.", choices=("play_on", "higher_total"),
           question="Both sides reach the target with equal totals: who wins?",
           choice_words={"play_on": "Nobody yet: play another hand",
                         "higher_total": "The side that scored more in that last hand"},
           source="RULES.md Q-A4"),
    Option("cachette_counts_as_trick", True,
           "The cachette is an extra trick worth the trick value (S0, FOS-Q).", choices=(True,),
           question="Does the cachette count as an extra trick?",
           choice_words={True: "Yes, a 13th trick for the winner of the last trick"},
           source="S0, FOS-Q"),
    flag("cachette_quints_score", True,
         "Quints lying in the cachette (a Five, the Joker, a pair) score for its taker.",
         question="Do quints lying in the cachette score for the player who takes it?",
         yes="Yes, they score", no="No, only its trick value", source="unverified either way"),
    flag("cachette_merges_with_last_trick", False,
         "The cachette counts with the 12th trick for quints, so a pair split between them scores.",
         question="Does the cachette count together with the last trick for quints?",
         yes="Yes: a pair split between them scores", no="No: it is a trick of its own",
         source="unsourced"),
    flag("double_applies_to_quints", False,
         "Doubling multiplies the quints (and the Joker) too; by default only the tricks (PAR-Q).",
         question="Does doubling also double the quints and the Joker?",
         yes="Yes, quints are doubled too", no="No, only the tricks are doubled",
         source="PAR-Q implies no"),
    flag("joker_lead_next_card_sets_suit", False,
         "After a Joker lead the first other card sets the suit to follow; by default anything "
         "may be played (S0).",
         question="After the Joker is led, must the others follow the next card's suit?",
         yes="Yes, the first card after the Joker sets the suit",
         no="No, \"others may play any card they like\"", source="S0"),
    flag("doubling_continues_until_settled", False,
         "After a double, speaking goes on round the table until an opponent redoubles or all "
         "the others have passed once more; by default one turn each (PAR-Q).",
         question="Does the doubling go round more than once?",
         yes="Yes, after a double it goes on until it is settled",
         no="No, each player speaks once", source="PAR-Q"),
    Option("rubber_games", 3, "With rubber=True: a rubber is the best of this many games (S0: three).",
           check=_odd_number, question="A rubber is the best of how many games?",
           value_words=counting("game"), source="S0"),
    Option("rubber_bonus", 100, "With rubber=True: the rubber winner's bonus (S0: 100).",
           check=whole_number(0), question="What bonus does the winner of a rubber get?",
           value_words=counting("point"), source="S0"),
    Option("three_player_bonus_timing", "per_hand",
           "Three players: the dealer's two opponents get 25 each hand ('per_hand'), or once, "
           "when the game ends ('per_game').", choices=("per_hand", "per_game"),
           question="With three players, when do the dealer's two opponents get their extra 25?",
           choice_words={"per_hand": "Every hand",
                         "per_game": "Once, when the final score is totaled"},
           source="S0 (ambiguous)"),
    flag("rubber", False,
         "A match plays a whole rubber (rubber_games games, rubber_bonus to its winner) "
         "instead of one game.",
         question="Is the match a whole rubber rather than one game?",
         yes="Yes, a rubber", no="No, one game", source="S0"),
]


class QuintoHand(Hand):
    """A hand of Quinto: the doubling round, twelve tricks, the cachette."""

    cards_per_player = 12
    has_named_actions = True          # pass, double, redouble (False on a hand once they are over)
    action_names = ("pass", "double", "redouble")
    first_phase = Phase.DOUBLING

    @classmethod
    def seats_for(cls, players: int) -> int:
        return 4                      # three players: the dealer also plays a dummy

    @classmethod
    def deck(cls, players: int, options: Options, rng: random.Random | None) -> tuple[Card, ...]:
        return DECK_WITH_JOKER

    @classmethod
    def extras_set_up(cls, players, options, hands, stock, deal_args):
        extra = super().extras_set_up(players, options, hands, stock, deal_args)
        if len(stock) > CACHETTE_SIZE:
            raise SetupError(f"the stock is the cachette, which holds {CACHETTE_SIZE} cards, "
                             f"not {len(stock)}")
        return extra

    def plays_in_partnerships(self) -> bool:
        return True

    def start(self) -> None:
        options = self.options
        self.dummy: int | None = (self.dealer + 2) % 4 if self.players == 3 else None
        order = [(self.eldest + i) % self.seats for i in range(self.seats)]
        self.speakers = tuple(s for s in order if s != self.dummy)
        self.multiplier = 1
        self.doubler: int | None = None
        self.redoubler: int | None = None
        self._turns = 0
        self._passes_since_double = 0
        self.until_settled = options.doubling_continues_until_settled
        self.quint_multiplier_applies = options.double_applies_to_quints
        self.joker_sets_suit = options.joker_lead_next_card_sets_suit
        self.cachette_trick: Trick | None = None
        self._quints = 0
        self.to_move = self.eldest

    # -- the doubling -------------------------------------------------------------------------

    @property
    def trick_value(self) -> int:
        """What each trick is worth: 5, doubled 10, redoubled 20."""
        return TRICK_VALUE * self.multiplier

    def named_actions(self, seat: int) -> list[Action]:
        if self.phase is not Phase.DOUBLING:
            return []
        actions = [PASS]
        if self.doubler is None:
            actions.append(DOUBLE)
        elif self.redoubler is None and self.side(self.doubler) != self.side(seat):
            actions.append(REDOUBLE)
        return actions

    def apply_named(self, seat: int, action: Action) -> None:
        name = action.name
        if name == "double":
            self.multiplier = 2
            self.doubler = seat
            self._passes_since_double = 0
            self.declare(seat, DOUBLE)
        elif name == "redouble":
            self.multiplier = 4
            self.redoubler = seat
            self.declare(seat, REDOUBLE)
        elif self.doubler is not None:
            self._passes_since_double += 1
        self._turns += 1
        speakers = self.speakers
        if self.redoubler is not None:
            done = True                  # nothing can follow a redouble
        elif self.until_settled and self.doubler is not None:
            done = self._passes_since_double >= len(speakers) - 1
        else:
            done = self._turns >= len(speakers)
        if done:
            self.phase = Phase.PLAY
            self.has_named_actions = False
            self.to_move = self.leader = self.eldest
        else:
            self.to_move = speakers[(speakers.index(seat) + 1) % len(speakers)]

    def named_refusal(self, seat: int, action: Action) -> str:
        if action.suit is not None or action.name not in DOUBLING_WORDS:
            return (f"{action} is not an action of Quinto: before the first trick each player "
                    "may pass, double or redouble; then cards are played")
        if self.is_over:
            return "the hand is over; no more actions"
        if self.phase is not Phase.DOUBLING:
            return (f"the doubling is over (each player has his one opportunity before the first "
                    f"trick): the tricks are worth {self.trick_value}")
        if seat != self.to_move:
            if seat == self.dummy:
                return ("the dummy has no say in the doubling: the dealer decides looking only "
                        "at his own hand")
            return (f"it is {self.seat_name(self.to_move)}'s turn to speak, not "
                    f"{self.seat_name(seat)}'s: the doubling goes round once from the eldest")
        if action.name == "double":
            return (f"the tricks are already doubled (by {self.seat_name(self.doubler)}): only "
                    "an opponent of the doubler may redouble")
        if self.doubler is None:
            return "nothing has been doubled: a redouble answers an opponent's double"
        if self.redoubler is not None:
            return "the tricks are already redoubled"
        if self.doubler == seat:
            return "a player may not redouble his own double"
        return "a player may not redouble his partner's double"

    def controller(self, seat: int) -> int:
        return self.dealer if seat == self.dummy else seat

    def apply(self, action: Move | str, seat: int | None = None) -> None:
        # The dealer may name himself when he plays the dummy's card.
        if seat is not None and seat != self.to_move and self.to_move == self.dummy \
                and seat == self.dealer and self.to_move is not None:
            seat = None
        Hand.apply(self, action, seat)

    def why_illegal(self, action: Move | str, seat: int | None = None) -> str | None:
        if seat is not None and seat == self.dealer and self.to_move == self.dummy is not None:
            seat = None
        return Hand.why_illegal(self, action, seat)

    # -- what each seat sees ------------------------------------------------------------------

    @property
    def dummy_exposed(self) -> bool:
        return self.dummy is not None and self.phase is not Phase.DOUBLING

    def exposed(self, seat: int) -> list[Card]:
        if seat == self.dummy and self.phase is not Phase.DOUBLING:
            return list(self.hands[seat])
        return []

    def sees_hand_of(self, viewer: int, seat: int) -> bool:
        # The dummy lies face up once the doubling is over; before, not even the dealer sees it.
        return viewer == seat or (seat == self.dummy and self.phase is not Phase.DOUBLING)

    def seat_name(self, seat: int | None) -> str:
        if seat is not None and seat == self.dummy:
            return f"the dummy (seat {seat})"
        return f"seat {seat}"

    # -- legal plays --------------------------------------------------------------------------

    def playable(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        trick = self.trick
        if not trick:
            return list(hand)
        suit = trick[0][1].suit
        if suit is None:                       # a Joker lead has no suit
            if not self.joker_sets_suit or len(trick) == 1:
                return list(hand)
            suit = trick[1][1].suit
        # Follow suit if able; the Joker may be played at any time.
        follow = [c for c in hand if c.suit is suit or c.suit is None]
        if follow and (len(follow) > 1 or follow[0].suit is suit):
            return follow
        return list(hand)                      # no card of the suit: any card

    @classmethod
    def lacks_shown(cls, options: Options, before: list[tuple[int, Card]], seat: int, card: Card,
                    drawing: bool, trump: Any, partnerships: bool) -> tuple:
        # Follow suit if able; but the Joker "may be played at any time", so it shows nothing,
        # and a Joker lead frees the next card (which, with joker_lead_next_card_sets_suit,
        # sets the suit the others must follow).
        led = before[0][1]
        if led.suit is None:
            if not options.joker_lead_next_card_sets_suit or len(before) == 1:
                return ()
            led = before[1][1]
        if card.suit is None:
            return ()
        return suit_not_followed(led, card)

    def refusal(self, seat: int, card: Card) -> str:
        hand = self.hands[seat]
        led = self.trick[0][1]
        wanted = led.suit if led.suit is not None else self.trick[1][1].suit
        follow = [c for c in hand if c.suit is wanted]
        suit = follow[0].suit
        joker = " or the Joker, which may be played at any time" if JOKER in hand else ""
        if led is JOKER:
            return (f"the Joker was led and the next card, {self.trick[1][1].label}, sets the suit "
                    f"to follow (joker_lead_next_card_sets_suit): you hold {_listed(follow)}, so "
                    f"you must play a {suit.singular}{joker}")
        return (f"players must follow suit if able: {led.label} was led and you hold "
                f"{_listed(follow)}, so you must play a {suit.singular}{joker}")

    # -- the trick ------------------------------------------------------------------------------

    def trick_winner(self, plays: list[tuple[int, Card]]) -> int:
        # The whole pack is one ladder: the highest card played wins.
        strength = STRENGTH
        best, best_strength = 0, strength[plays[0][1].index]
        for i in range(1, len(plays)):
            s = strength[plays[i][1].index]
            if s > best_strength:
                best, best_strength = i, s
        return best

    def trick_points(self, plays: list[tuple[int, Card]], winner: int) -> int:
        quints = quint_points([card for _, card in plays])
        if quints and self.quint_multiplier_applies:
            quints *= self.multiplier
        self._quints = quints
        return TRICK_VALUE * self.multiplier + quints

    def trick_context(self) -> Any:
        """("trick" or "cachette", the trick value, the quint points credited)."""
        quints, self._quints = self._quints, 0
        return ("trick", TRICK_VALUE * self.multiplier, quints)

    def on_hand_end(self) -> None:
        # "The winner of the last trick takes the cachette as an extra trick."
        cachette = self.stock
        if not cachette or not self.tricks:
            return
        last = self.tricks[-1]
        taker = last.winner
        options = self.options
        if not options.cachette_quints_score:
            quints = 0
        elif options.cachette_merges_with_last_trick:
            played = [card for _, card in last.cards]
            quints = quint_points(played + cachette) - quint_points(played)
        else:
            quints = quint_points(cachette)
        if self.quint_multiplier_applies:
            quints *= self.multiplier
        value = TRICK_VALUE * self.multiplier
        self._stock = []
        self.cachette_trick = Trick(len(self.tricks) + 1, taker, [(taker, c) for c in cachette],
                                    taker, value + quints, ("cachette", value, quints))
        self.score[self.side(taker)] += value + quints

    def set_aside(self) -> list[Card]:
        """The cachette once its taker has it (before, it is the stock)."""
        if self.cachette_trick is None:
            return []
        return [card for _, card in self.cachette_trick.cards]

    @property
    def taken_tricks(self) -> list[Trick]:
        """The tricks played and, once taken, the cachette as the extra trick."""
        return self.tricks + ([self.cachette_trick] if self.cachette_trick is not None else [])

    def points_by_kind(self) -> dict[str, list[int]]:
        """The hand's points by side, split into trick points and quint points (the Joker
        included), the cachette counted."""
        tricks, quints = [0, 0], [0, 0]
        for trick in self.taken_tricks:
            _, value, quint = trick.context
            side = self.side(trick.winner)
            tricks[side] += value
            quints[side] += quint
        return {"tricks": tricks, "quints": quints}

    # -- words --------------------------------------------------------------------------------------

    def explain_trick(self, trick: Trick | None = None) -> str:
        if trick is not None and trick.context[0] == "cachette":
            cards = " ".join(card.label for _, card in trick.cards)
            return (f"Trick {trick.number}, the cachette ({cards}): {self.seat_name(trick.winner)} "
                    f"won the last trick and takes it as an extra trick. "
                    f"It earns {self.explain_points(trick)}.")
        return super().explain_trick(trick)

    def explain_winner(self, trick: Trick) -> str:
        if trick.context[0] == "cachette":
            return "the winner of the last trick takes the cachette as an extra trick"
        card = trick.winning_card
        led = trick.cards[0][1]
        ladder = "hearts > diamonds > clubs > spades"
        others = [c for _, c in trick.cards if c is not card and c is not JOKER]
        if led is JOKER:
            why = (f"the Joker was led: it has no suit and no trick-taking power, so the trick "
                   f"goes to the highest card of the highest suit played ({ladder})")
        elif card.suit is not led.suit:
            why = (f"{card.label} is a {card.suit.singular}, and {card.suit.plural} rank above the "
                   f"{led.suit.plural} led ({ladder})")
        elif all(c.suit is card.suit for c in others):
            why = f"{card.label} is the highest {card.suit.singular} played"
        else:
            why = (f"{card.label} is the highest {card.suit.singular}, and the other suits played "
                   f"rank below {card.suit.plural} ({ladder})")
        if led is not JOKER and any(c is JOKER for _, c in trick.cards):
            why += "; the Joker never wins a trick"
        return why

    def explain_points(self, trick: Trick) -> str:
        kind, value, quints = trick.context
        word = MULTIPLIER_WORDS[value // TRICK_VALUE]
        parts = [f"{value} for the {'cachette' if kind == 'cachette' else 'trick'}"
                 + (f" ({word})" if word else "")]
        cards = [card for _, card in trick.cards]
        if kind == "cachette":
            if not self.options.cachette_quints_score:
                found = []
            elif self.options.cachette_merges_with_last_trick and len(self.tricks) >= 1:
                played = [card for _, card in self.tricks[trick.number - 2].cards]
                found = [q for q in quints_in(played + cards) if any(c in cards for c in q[2])]
            else:
                found = quints_in(cards)
        else:
            found = quints_in(cards)
        if found:
            times = value // TRICK_VALUE if self.quint_multiplier_applies else 1
            listed = ", ".join(f"{name} {points * times}" for name, points, _ in found)
            parts.append(f"quints {listed}" + (f" ({MULTIPLIER_WORDS[times]})" if times > 1 else ""))
        return f"{trick.points} points: " + "; ".join(parts)

    def public_info(self) -> list[tuple[str, str]]:
        value = f"{self.trick_value}"
        if self.redoubler is not None:
            value += (f" (doubled by {self.seat_name(self.doubler)}, redoubled by "
                      f"{self.seat_name(self.redoubler)})")
        elif self.doubler is not None:
            value += f" (doubled by {self.seat_name(self.doubler)})"
        info = [("Trick value", value)]
        if self._stock:
            info.append(("Cachette", f"{len(self._stock)} cards face down, for the winner of "
                                     "the last trick"))
        elif self.cachette_trick is not None:
            info.append(("Cachette", f"taken by {self.seat_name(self.cachette_trick.winner)}: "
                         + " ".join(c.label for _, c in self.cachette_trick.cards)))
        if self.dummy is not None:
            info.append(("Dummy", f"seat {self.dummy}, played by the dealer (seat {self.dealer}); "
                         + ("face up" if self.dummy_exposed else "face down until the doubling "
                            "is over")))
        return info


def _listed(cards: list[Card]) -> str:
    return ", ".join(c.label for c in cards)


class QuintoMatch(Match):
    """One game to the target (or a rubber, ``rubber=True``); by side, or by player for three.

    ``scores`` are the running totals (a rubber's: every point of its games and the bonus),
    ``game_scores`` the current game's, ``games_won`` and ``game_winners`` the games decided so
    far, ``winner`` the side (player, for three) who won the game or the rubber.
    """

    def __init__(self, players: int, options: Options, seed: int, *, target: int | None = None,
                 scores: list[int] | None = None):
        self._quint_winner: int | None = None
        self._abandoned_for_quints: Hand | None = None
        check_scores_given(scores)
        super().__init__(players, options, seed, target=target,
                         scores=None if players == 3 else scores)
        units = self.units
        if players == 3:
            start = [0] * units if scores is None else list(scores)
            if len(start) != units or not all(isinstance(s, int) and not isinstance(s, bool)
                                              for s in start):
                raise SetupError(f"scores must be {units} whole numbers, one per player, "
                                 f"not {scores!r}")
            self.start_scores = start
            self.scores = list(start)
        self.game_scores = list(self.scores)
        self.games_won = [0] * units
        self.game_winners: list[int] = []
        self.finished_games: list[list[int]] = []   # each game's final scores
        self.last_credit = [0] * units

    def start_decided(self) -> str:
        # A game is decided at the end of a hand; with unknown last hands an exact tie plays on.
        winner = self._decision(self.game_scores, [0] * self.units)
        if winner is None:
            return ""
        return (f"{self.unit_name(winner)} already has {self.game_scores[winner]}, "
                f"{'at or past' if self.options.target_inclusive else 'past'} the target of "
                f"{self.target}, and would have won at the end of the last hand")

    def check_first_dealer(self, dealer: Any) -> None:
        super().check_first_dealer(dealer)
        if self.players == 3 and dealer != 3:
            raise SetupError("with three players the dealer sits in seat 3 and plays the dummy "
                             f"opposite him (seat 1): dealer must be 3, not {dealer!r}")

    @property
    def units(self) -> int:
        """Scoring units: 2 sides, or 3 players."""
        return 3 if self.players == 3 else 2

    def resolve_target(self, target: int | None) -> int | None:
        return super().resolve_target(self.options.target if target is None else target)

    def unit_name(self, unit: int) -> str:
        if self.players == 3:
            return f"player {unit}"
        return f"side {unit} (seats {unit} and {unit + 2})"

    # -- seating for three ------------------------------------------------------------------------

    def next_dealer(self, finished: Hand) -> int:
        if self.players == 3:
            return 3          # the dealer always sits in the last seat; the players rotate
        return super().next_dealer(finished)

    @property
    def hand_index(self) -> int:
        """The number (from 0) of the current hand in the match."""
        return len(self.hands) - (1 if self.hands and self.hands[-1] is self.hand else 0)

    def _dealer_player(self, index: int) -> int:
        return (2 + index) % 3

    @property
    def dealer_player(self) -> int:
        """Who deals the current hand: for three, a player; for four, the dealer's seat."""
        if self.players == 3:
            return self._dealer_player(self.hand_index)
        return self.hand.dealer

    def seat_of(self, player: int) -> int:
        """The seat where ``player`` sits in the current hand (three: the dealer in seat 3, the
        next player in seat 0, the one after in seat 2; four: the player's own seat)."""
        if self.players != 3:
            return player
        if player not in (0, 1, 2):
            raise ValueError(f"there is no player {player!r} (players 0, 1, 2)")
        return (3, 0, 2)[(player - self.dealer_player) % 3]

    def player_at(self, seat: int) -> int:
        """The player who decides for ``seat`` in the current hand (the dummy: the dealer)."""
        if self.players != 3:
            return seat
        offset = {3: 0, 1: 0, 0: 1, 2: 2}[seat]
        return (self.dealer_player + offset) % 3

    # -- scoring ----------------------------------------------------------------------------------

    def _credit_of(self, index: int, hand: Hand, by_side: list[int], bonus: bool) -> list[int]:
        if self.players != 3:
            return list(by_side)
        dealer = self._dealer_player(index)
        dealer_side = hand.side(hand.dealer)
        credit = [0, 0, 0]
        for player in range(3):
            if player == dealer:
                credit[player] = by_side[dealer_side]
            else:
                credit[player] = by_side[1 - dealer_side] + (THREE_PLAYER_BONUS if bonus else 0)
        return credit

    def credit(self, hand: Hand) -> None:
        index = len(self.hands)
        if self._abandoned_for_quints is hand:
            # Won at once through quints: the hand's quints count, its tricks were never scored.
            by_side = hand.points_by_kind()["quints"]
            bonus = False
        else:
            by_side = hand.score
            bonus = self.options.three_player_bonus_timing == "per_hand"
        credit = self._credit_of(index, hand, by_side, bonus)
        for unit, points in enumerate(credit):
            self.scores[unit] += points
            self.game_scores[unit] += points
        self.last_credit = credit

    def reached(self, points: int) -> bool:
        assert self.target is not None
        return points >= self.target if self.options.target_inclusive else points > self.target

    def _decision(self, scores: list[int], last: list[int]) -> int | None:
        """Who has won the game with these scores (``last``: points of the last hand)."""
        reached = [u for u, s in enumerate(scores) if self.reached(s)]
        if not reached:
            return None
        best = max(scores[u] for u in reached)
        top = [u for u in reached if scores[u] == best]
        if len(top) == 1:
            return top[0]
        if self.options.tie_policy == "higher_total":
            most = max(last[u] for u in top)
            top = [u for u in top if last[u] == most]
            if len(top) == 1:
                return top[0]
        return None

    @property
    def running_scores(self) -> list[int]:
        """The totals with the quints of the hand in play where they count at once
        (``win_check='immediate_quints'``: "quints are scored as they fall"); the tricks count at
        the end of the hand."""
        hand = self.hand
        if self.options.win_check != "immediate_quints" or hand in self.hands:
            return list(self.scores)
        credit = self._credit_of(len(self.hands), hand, hand.points_by_kind()["quints"], False)
        return [score + points for score, points in zip(self.scores, credit)]

    def after_action(self) -> None:
        if self.options.win_check != "immediate_quints":
            return
        hand = self.hand
        if hand.trick or not hand.tricks or not hand.history or \
                not isinstance(hand.history[-1][1], Card):
            return                   # only when a trick has just been taken
        by_side = hand.points_by_kind()["quints"]
        if not any(by_side):
            return
        credit = self._credit_of(len(self.hands), hand, by_side, False)
        prospective = [g + c for g, c in zip(self.game_scores, credit)]
        winner = self._decision(prospective, credit)
        if winner is None:
            return
        self._quint_winner = winner
        if not hand.is_over:
            self._abandoned_for_quints = hand
            hand.abandon(f"{self.unit_name(winner)} reached {self.target} through quints")

    def decide(self) -> None:
        if self._quint_winner is not None:
            winner, self._quint_winner = self._quint_winner, None
            self._end_game(winner, f"{self.unit_name(winner)} reached {self.target} through "
                                   f"quints with {self.game_scores[winner]}")
            return
        winner = self._decision(self.game_scores, self.last_credit)
        if winner is not None:
            self._end_game(winner, f"{self.unit_name(winner)} reached {self.target} with "
                                   f"{self.game_scores[winner]}")

    def _end_game(self, winner: int, reason: str) -> None:
        if self.players == 3 and self.options.three_player_bonus_timing == "per_game":
            # "the opposing partnership gets an extra 25 points when the final score is
            # totaled": the 25 goes to the two who opposed the dealer of this last hand, and the
            # game goes to the highest of the totals so made (a tie among them plays on).
            dealer = self._dealer_player(len(self.hands) - 1)
            bonus = [0 if player == dealer else THREE_PLAYER_BONUS for player in range(3)]
            final = [g + b for g, b in zip(self.game_scores, bonus)]
            decided = self._decision(final, [c + b for c, b in zip(self.last_credit, bonus)])
            if decided is None:
                return                   # equal at the top with the bonus: another hand
            for player in range(3):
                self.scores[player] += bonus[player]
                self.game_scores[player] += bonus[player]
            before = reason
            if decided != winner:
                reason = (f"{self.unit_name(decided)} has the highest total, {final[decided]}, "
                          f"with the 25 for opposing the dealer counted at the end "
                          f"({before})")
            else:
                reason = (f"{before}; with the 25 for opposing the dealer counted at the end, "
                          f"the totals are {', '.join(map(str, final))}")
            winner = decided
        self.games_won[winner] += 1
        self.game_winners.append(winner)
        self.finished_games.append(list(self.game_scores))
        if not self.options.rubber:
            self.finish(winner, reason)
            return
        needed = self.options.rubber_games // 2 + 1
        if self.games_won[winner] >= needed:
            self.scores[winner] += self.options.rubber_bonus
            self.finish(winner, f"{reason}; {self.unit_name(winner)} wins the rubber "
                                f"({self.games_won[winner]} games) and its "
                                f"{self.options.rubber_bonus} bonus")
        else:
            self.game_scores = [0] * self.units


GAME = Game(
    name="quinto",
    title="Quinto",
    hand_class=QuintoHand,
    match_class=QuintoMatch,
    player_counts=(3, 4),
    default_players=4,
    options=OPTIONS,
    summary="Partnership tricks on one ladder of 53 cards (hearts on top, the Joker below all), "
            "with quints, doubling and the cachette.",
)
