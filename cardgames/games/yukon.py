"""Yukon: trick-and-draw for 2 to 5 players, where the four Jacks are "Yukons".

The rules (RULES.md §2; Fosdick [S0, S1], Parlett [PAR-Y], pagat [PAG-Y]):

*Cards.* A 52-card pack; three players remove one 2, five remove two 2s (``removed_twos``), so
the pack divides evenly. Four play as two partnerships, partners opposite
(``four_player_partnerships``); other counts play each for himself. Five cards each; the rest is
the stock.

*Rank.* "The four Jacks are called Yukons and are the highest ranking cards. The spade Jack
ranks highest of all and is called the Grand Yukon." The other three Yukons are equal. Within a
suit the other cards rank A K Q 10 9 … 2.

*Play.* "Eldest leads the first trick. Others must follow suit if possible. If they cannot
follow suit, they must play a Yukon if they have one. Otherwise they may play any card." A Jack
is only a Yukon: "the Jack of hearts is not considered an eligible heart". "In the event that a
player leads a Yukon, everyone must follow to the suit of the Yukon." Options:
``yukon_follows_natural_suit`` (S1's "some claim": a permission, the Jack of the led suit may
also be played by a player who holds other cards of that suit),
``yukon_lead_follow='yukons'`` (Parlett: Yukons are a trump suit of their own, so a Yukon lead
calls for Yukons), ``no_yukon_leads`` (S1's recommended rule, with the exception that a hand of
nothing but Yukons must still lead one).

*Trick.* "A trick is won by the Grand Yukon if it is played. Otherwise a trick is won by any
Yukon played (if two or more are played to the same trick, the first Yukon played wins the
trick). If no Yukons are played, the highest card of the suit led wins the trick."

*Drawing.* "The winner of the trick now draws one card from the stock, followed by other
players. He then leads the next trick." When the stock is empty, play goes on until all cards
are played.

*Scoring.* Card points in tricks won: Grand Yukon 15, other Yukons 10, tens 10, Aces 5, Kings 3,
Queens 2 (125 in the pack). "The first player or partnership to score 250 points or more as
determined at the conclusion of a hand wins" (``win_check='end_of_hand'``, the only choice);
both over: the higher total; an exact tie plays on (``tie_break='ace_of_spades_last_hand'``: whoever took the A♠ in the last hand).
``variant='gold_digger'`` plays pagat's Gold-digger: other Jacks 11, Aces lowest. Pagat (and
RULES.md Y-A9) say its pack holds 129 points, but the values it lists add up to 128
(15 + 3×11 + 4×(3 + 2 + 10 + 5)); we play the listed values.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import ALL_CARDS, STANDARD_DECK, Card, Rank, Suit, deck_without, parse_cards
from ..engine import (
    DRAWS_AFTER_TRICK, Game, Hand, Match, Option, Options, SetupError, Trick, flag,
)

JACK = Rank.JACK
GRAND_YUKON = Card(Rank.JACK, Suit.SPADES)
#: The Yukons as a kind of card a seat can show it lacks (``YukonHand.lacks_shown``).
YUKONS = "yukons"

#: Card points (S1, PAR-Y): J♠ 15, other Jacks 10, 10s 10, Aces 5, Kings 3, Queens 2.
POINTS = {Rank.JACK: 10, Rank.TEN: 10, Rank.ACE: 5, Rank.KING: 3, Rank.QUEEN: 2}
GRAND_YUKON_POINTS = 15
#: Gold-digger (PAG-Y): the other Jacks are worth 11.
GOLD_DIGGER_POINTS = POINTS | {Rank.JACK: 11}


def _by_card(points: dict[Rank, int]) -> list[int]:
    """The same points by card (``card.index``), the Grand Yukon's 15 included."""
    values = [0] * len(ALL_CARDS)
    for card in STANDARD_DECK:
        values[card.index] = GRAND_YUKON_POINTS if card is GRAND_YUKON else points.get(card.rank, 0)
    return values

#: Rank within a suit, low to high (Jacks are Yukons and stand outside the suits).
SUIT_ORDER = [Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT,
              Rank.NINE, Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE]
ACES_LOW_ORDER = [Rank.ACE] + SUIT_ORDER[:-1]
STRENGTH = {rank: i for i, rank in enumerate(SUIT_ORDER)}
ACES_LOW_STRENGTH = {rank: i for i, rank in enumerate(ACES_LOW_ORDER)}
CARD_POINTS = _by_card(POINTS)
GOLD_DIGGER_CARD_POINTS = _by_card(GOLD_DIGGER_POINTS)

#: Which 2s leave the pack by default, by player count (RULES.md Y-A4).
DEFAULT_REMOVED = {3: ["2C"], 5: ["2C", "2D"]}
TWOS_TO_REMOVE = {2: 0, 3: 1, 4: 0, 5: 2}


def _removed_twos(value: Any) -> Any:
    if value is None or value == "random":
        return value
    cards = tuple(parse_cards(value))
    if any(card.rank is not Rank.TWO for card in cards) or len(set(cards)) != len(cards):
        raise ValueError("give None (2♣, or 2♣ and 2♦), 'random', or a list of different 2s")
    return tuple(str(card) for card in cards)


def _removed_words(value: Any) -> str:
    if value is None:
        return "The 2♣ for three players, the 2♣ and 2♦ for five"
    if value == "random":
        return "Twos chosen at random"
    return "The " + " and ".join(card.label for card in parse_cards(value))


OPTIONS = [
    flag("yukon_follows_natural_suit", False,
         "The Jack of the suit led may also be played to follow that suit, by a player who holds "
         "other cards of it (S1: 'some claim'); a player whose only card of the suit is that "
         "Jack may still play any Yukon.",
         question="May the Jack of the suit led be played to that suit by a player who holds "
                  "other cards of it?",
         yes="Yes (\"some claim you can play a Yukon of the suit led\")",
         no="No: the Jack is only a Yukon", source="S1, S0"),
    Option("yukon_lead_follow", "natural_suit",
           "To a Yukon lead: follow its printed suit, else a Yukon ('natural_suit', Fosdick), "
           "or play a Yukon, Yukons being a trump suit of their own ('yukons', Parlett).",
           choices=("natural_suit", "yukons"),
           question="When a Yukon is led, what must the others play?",
           choice_words={"natural_suit": "A card of the Yukon's printed suit, else a Yukon "
                                         "(Fosdick)",
                         "yukons": "A Yukon: Yukons form a trump suit of their own (Parlett)"},
           source="S0, S1, PAR-Y"),
    flag("no_yukon_leads", False,
         "Nobody may lead a Yukon, unless his hand holds nothing but Yukons (S1's recommended rule).",
         question="Are Yukon leads forbidden?",
         yes="Yes: nobody may lead a Yukon, unless his hand holds nothing but Yukons",
         no="No: any card may be led", source="S1 (recommended rule)"),
    Option("removed_twos", None,
           "Which 2s leave the pack for 3 or 5 players: None for 2♣ (and 2♦), 'random', or a list.",
           check=_removed_twos, question="Which 2s leave the pack for three or five players?",
           choice_words={"random": "Twos chosen at random"}, value_words=_removed_words,
           source="RULES.md Y-A4"),
    flag("four_player_partnerships", True,
         "Four players play as two partnerships, partners opposite (False: each for himself).",
         question="Do four players play in two partnerships?",
         yes="Yes, partners sit opposite", no="No, each plays for himself", source="PAR-Y"),
    Option("tie_break", "play_on",
           "Both reach the target with equal totals: play another hand ('play_on'), or whoever "
           "took the A♠ in the last hand wins ('ace_of_spades_last_hand', Gold-digger).",
           choices=("play_on", "ace_of_spades_last_hand"),
           question="Both reach the target with equal totals: who wins?",
           choice_words={"play_on": "Nobody yet: play another hand",
                         "ace_of_spades_last_hand": "Whoever took the A♠ in the last hand"},
           source="PAG-Y (Gold-digger)"),
    Option("variant", "yukon",
           "'yukon', or pagat's 'gold_digger' (other Jacks 11 points, Aces ranked lowest).",
           choices=("yukon", "gold_digger"), question="Which game is played?",
           choice_words={"yukon": "Yukon",
                         "gold_digger": "Gold-digger (other Jacks 11 points, Aces low)"},
           source="PAG-Y"),
    flag("aces_low", False, "Aces rank below the 2s within their suit (a house variation, DCC-Y).",
         question="Do Aces rank below the 2s?", yes="Yes, Aces low", no="No, Aces high",
         source="DCC-Y"),
    Option("win_check", "end_of_hand",
           "The game is decided at the end of a hand (S0: 'as determined at the conclusion of a "
           "hand'); RULES.md Y-A7 names no alternative.", choices=("end_of_hand",),
           question="When is the game decided?",
           choice_words={"end_of_hand": "At the end of a hand (\"as determined at the "
                                        "conclusion of a hand\")"},
           source="S0"),
]


_DECKS: dict[tuple[int, Any], tuple[Card, ...]] = {}   # (players, removed_twos) -> the deck


class YukonHand(Hand):
    """A hand of Yukon."""

    cards_per_player = 5
    draws = DRAWS_AFTER_TRICK   # "The winner of the trick now draws ..., followed by other players"

    @classmethod
    def deck(cls, players: int, options: Options, rng: random.Random | None) -> tuple[Card, ...]:
        wanted = TWOS_TO_REMOVE[players]
        choice = options.removed_twos
        known = _DECKS.get((players, choice))
        if known is not None:
            return known
        if choice == "random":
            if rng is None:      # a deal set up by hand: any 2s may be the ones removed
                return STANDARD_DECK
            twos = [c for c in STANDARD_DECK if c.rank is Rank.TWO]
            removed = rng.sample(twos, wanted)
        elif choice is None:
            removed = parse_cards(DEFAULT_REMOVED.get(players, []))
        else:
            removed = parse_cards(choice)
        if len(removed) != wanted:
            raise SetupError(f"{players} players remove {wanted} two{'s' if wanted != 1 else ''} "
                             f"from the pack, not {len(removed)} (removed_twos={choice!r})")
        deck = deck_without(STANDARD_DECK, removed)
        if choice != "random":
            _DECKS[players, choice] = deck
        return deck

    @classmethod
    def extras_set_up(cls, players, options, hands, stock, deal_args):
        extra = super().extras_set_up(players, options, hands, stock, deal_args)
        if len(stock) % players:
            raise SetupError(f"the stock must hold a multiple of {players} cards, so that every "
                             f"drawing round is complete; it holds {len(stock)}")
        if options.removed_twos == "random":
            twos = sum(1 for h in hands for c in h if c.rank is Rank.TWO) + \
                sum(1 for c in stock if c.rank is Rank.TWO)
            if twos > 4 - TWOS_TO_REMOVE[players]:
                raise SetupError(f"{players} players remove {TWOS_TO_REMOVE[players]} twos, "
                                 f"so at most {4 - TWOS_TO_REMOVE[players]} can be dealt")
        return extra

    def plays_in_partnerships(self) -> bool:
        return self.seats == 4 and self.options.four_player_partnerships

    def start(self) -> None:
        options = self.options
        self.natural_follow = options.yukon_follows_natural_suit
        self.yukons_follow_yukons = options.yukon_lead_follow == "yukons"
        self.no_yukon_leads = options.no_yukon_leads
        gold = options.variant == "gold_digger"
        self.strength = ACES_LOW_STRENGTH if gold or options.aces_low else STRENGTH
        self.points = GOLD_DIGGER_POINTS if gold else POINTS
        self.card_values = GOLD_DIGGER_CARD_POINTS if gold else CARD_POINTS

    # -- legal plays ------------------------------------------------------------------------

    def playable(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        if not self.trick:
            if self.no_yukon_leads:
                # No Yukon leads, except from a hand of nothing but Yukons.
                return [c for c in hand if c.rank is not JACK] or list(hand)
            return list(hand)
        led = self.trick[0][1]
        if led.rank is JACK and self.yukons_follow_yukons:
            # Parlett: Yukons form a separate trump suit; a Yukon lead is followed by Yukons.
            return [c for c in hand if c.rank is JACK] or list(hand)
        suit = led.suit
        jack = JACK
        # The Jack is only a Yukon, never a card of its printed suit.
        follow = [c for c in hand if c.suit is suit and c.rank is not jack]
        if follow:
            if self.natural_follow:
                # S1: "some claim you can play a Yukon of the suit led even if you have other
                # cards of that suit": a permission, so the Jack of the suit led may be played
                # beside them.
                return [c for c in hand if c.suit is suit]
            return follow
        # Cannot follow suit: must play a Yukon if he has one; otherwise any card.
        return [c for c in hand if c.rank is jack] or list(hand)

    @classmethod
    def lacks_shown(cls, options: Options, before: list[tuple[int, Card]], seat: int, card: Card,
                    drawing: bool, trump: Any, partnerships: bool) -> tuple:
        led = before[0][1]
        # "Others must follow suit if possible. If they cannot follow suit, they must play a
        # Yukon if they have one": a card that does not follow shows no card of the suit led
        # and, unless it is a Yukon, no Yukon either. (The draws may refill both afterwards.)
        if led.rank is JACK and options.yukon_lead_follow == "yukons":
            return () if card.rank is JACK else (YUKONS,)     # Yukons answer a Yukon lead
        if cls.is_kind(options, card, led.suit):
            return ()
        if card.rank is JACK:
            # A Yukon shows no card of the suit led, unless it is that suit's own Jack, which
            # yukon_follows_natural_suit lets follow beside them.
            return () if options.yukon_follows_natural_suit and card.suit is led.suit \
                else (led.suit,)
        return (led.suit, YUKONS)

    @classmethod
    def is_kind(cls, options: Options, card: Card, kind: Any) -> bool:
        # "the Jack of hearts is not considered an eligible heart": a Jack is only a Yukon (with
        # yukon_follows_natural_suit it may follow as well, but a card that follows is still
        # one of the suit's other cards).
        if kind == YUKONS:
            return card.rank is JACK
        return card.suit is kind and card.rank is not JACK

    def refusal(self, seat: int, card: Card) -> str:
        hand = self.hands[seat]
        if not self.trick:
            return ("no Yukon leads (the recommended rule): a Jack may not be led while the "
                    f"hand holds another card, such as {next(c for c in hand if c.rank is not JACK).label}")
        led = self.trick[0][1]
        if led.rank is JACK and self.yukons_follow_yukons:
            return (f"a Yukon ({led.label}) was led, and Yukons form a trump suit of their own: "
                    "you must play a Yukon while you have one")
        suit = led.suit
        assert suit is not None
        follow = [c for c in hand if c.suit is suit and c.rank is not JACK]
        if follow:
            why = (f"others must follow suit if possible: you hold "
                   f"{_listed(follow)}, so you must play a {suit.singular}")
            if self.natural_follow and any(c.rank is JACK and c.suit is suit for c in hand):
                why += f" (or the {Card(JACK, suit).label}, which may follow its own suit)"
            elif card.rank is JACK and card.suit is suit:
                why += f" (the {card.label} is a Yukon, not an eligible {suit.singular})"
            return why
        yukons = [c for c in hand if c.rank is JACK]
        return (f"if they cannot follow suit, they must play a Yukon if they have one: you have no "
                f"{suit.singular} to follow with but hold {_listed(yukons)}")

    # -- the trick -------------------------------------------------------------------------

    def trick_winner(self, plays: list[tuple[int, Card]]) -> int:
        first_yukon = None
        i = 0
        for _, card in plays:
            if card.rank is JACK:
                if card is GRAND_YUKON:
                    return i          # the Grand Yukon wins if it is played
                if first_yukon is None:
                    first_yukon = i   # otherwise the first Yukon played
            i += 1
        if first_yukon is not None:
            return first_yukon
        led = plays[0][1]             # otherwise the highest card of the suit led
        suit = led.suit
        strength = self.strength
        best, best_strength = 0, strength[led.rank]
        i = 0
        for _, card in plays:
            if card.suit is suit:
                value = strength[card.rank]
                if value > best_strength:
                    best, best_strength = i, value
            i += 1
        return best

    def card_points(self, card: Card) -> int:
        return self.card_values[card.index]

    def trick_points(self, plays: list[tuple[int, Card]], winner: int) -> int:
        values = self.card_values
        total = 0
        for _, card in plays:
            total += values[card.index]
        return total

    def after_trick(self, trick: Trick) -> None:
        # The winner draws first, then the others in turn; the stock divides exactly.
        if self._stock:
            self.draw_round(trick.winner)

    # -- words ------------------------------------------------------------------------------

    def explain_winner(self, trick: Trick) -> str:
        card = trick.winning_card
        if card is GRAND_YUKON:
            return "J♠, the Grand Yukon, beats every card"
        if card.rank is JACK:
            others = [c for _, c in trick.cards if c.rank is JACK and c is not card]
            if others:
                return (f"{card.label} is the first Yukon played ({_listed(others)} came later), "
                        "and without the Grand Yukon the first Yukon wins")
            return f"{card.label} is a Yukon, and a Yukon beats every card but the Grand Yukon"
        led = trick.cards[0][1]
        return (f"{card.label} is the highest {led.suit.singular} (the suit led) "
                f"and no Yukon was played")

    def explain_points(self, trick: Trick) -> str:
        counting = [(c, self.card_points(c)) for _, c in trick.cards if self.card_points(c)]
        if not counting:
            return "no points (no counting cards)"
        parts = " + ".join(f"{c.label} {p}" for c, p in counting)
        return f"{trick.points} point{'s' if trick.points != 1 else ''} ({parts})"

    def public_info(self) -> list[tuple[str, str]]:
        info = super().public_info()
        removed = self.removed_cards()
        if removed:
            info.append(("Removed", " ".join(c.label for c in removed)))
        return info

    def not_in_deck(self, card: Card) -> str:
        if card.rank is Rank.TWO and card in STANDARD_DECK:
            return (f"{card.label} was taken out of the pack: {self.players} players remove "
                    f"{TWOS_TO_REMOVE[self.players]} of the 2s, so that the pack divides evenly")
        return super().not_in_deck(card)

    def removed_cards(self) -> list[Card]:
        """The 2s taken out of the pack (public), when the deal says which."""
        choice = self.options.removed_twos
        if choice == "random":
            if self.set_up_by_hand:
                return []
            hands, stock = self._initial
            present = {c for h in hands for c in h} | set(stock)
            return [c for c in STANDARD_DECK if c.rank is Rank.TWO and c not in present]
        return parse_cards(choice if choice is not None else DEFAULT_REMOVED.get(self.players, []))


def _listed(cards: list[Card]) -> str:
    return ", ".join(c.label for c in cards)


class YukonMatch(Match):
    """Hand after hand until a player or side has 250, checked at the end of a hand."""

    default_target = 250

    def resolve_target(self, target: int | None) -> int | None:
        if target is None and self.options.variant == "gold_digger" and self.players == 4:
            target = 500   # pagat's Gold-digger: 500 for four
        return super().resolve_target(target)

    def break_tie(self, tied: list[int], total: int) -> None:
        # RULES.md Y-A6: play on, or whoever took the A♠ in the last hand (Gold-digger).
        if self.options.tie_break == "ace_of_spades_last_hand":
            last = self.hands[-1]
            ace = Card(Rank.ACE, Suit.SPADES)
            for trick in last.tricks:
                if any(c is ace for _, c in trick.cards):
                    taker = last.side(trick.winner)
                    if taker in tied:
                        self.finish(taker, f"{self.unit_name(taker)} tied on {total} and took "
                                           "the A♠ in the last hand")
                    return


GAME = Game(
    name="yukon",
    title="Yukon",
    hand_class=YukonHand,
    match_class=YukonMatch,
    player_counts=(2, 3, 4, 5),
    default_players=4,
    options=OPTIONS,
    aliases=("gold-digger", "gold_digger"),
    summary="Trick and draw with the four Jacks as Yukons, the J♠ the Grand Yukon above all.",
)
