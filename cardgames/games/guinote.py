"""Guinote (Guiñote): the Aragonese game of the Tute family, in S3's French-deck adaptation.

The rules (RULES.md §4; Mark Ball's page [S3], with the Spanish sources it names):

*Cards.* "From the standard 52 card deck, remove the 8's, 9's, and 10's. This will leave players
with a 40 card deck. Cards rank 2 (low) through 7, then Jack, Queen, King, 3, and Ace." So in
each suit, high to low: A 3 K Q J 7 6 5 4 2. Points: "Aces = 11 points each, 3's = 10 points
each, Kings = 4 points each, Queens = 3 points each, Jacks = 2 points each": 120 in the pack, and
"The team that captures the last trick earns 10 points" (las diez de últimas): 130 a hand. S3's
Queen is the Spanish *sota* (above the caballo, S3's Jack), and marriages are King + Queen.

*Players and seats.* Four players, "partnerships of two ... across from each other": seats 0 and
2 (side 0) against 1 and 3 (side 1). ``players=2`` plays *mano a mano*, each for himself, with the
same rules (6 cards each, the 13th card the pinta, 14 tricks with drawing then 6 without).
Seats are numbered in PLAYING order, seat 0 the eldest (the first to play after the dealer, who
is the last seat unless ``dealer=`` says otherwise). ``direction`` ('clockwise', S3: "Play begins
with the player seated to the left of the dealer"; or 'anticlockwise', the Spanish custom)
changes nothing in the play: it only says how the seats sit round the table, which a table
drawing reads from ``hand.direction`` and ``hand.seat_compass()`` (seats 0, 1, 2, 3 at N, E, S,
W clockwise; at N, W, S, E anticlockwise).

*Deal and pinta.* "Deal out 6 cards to each player. The rest of the pack is placed face down to
form the stock. Turn the top card over and place it face up under the stock ... That card,
called the Pinta, determines the trump suit for the round ... The Pinta will be the final card
drawn." In the engine the stock is listed in drawing order, so its LAST card is the pinta: 15
face-down cards + the pinta for four players, 27 + the pinta for two. The face-up card is public:
a seat's view shows it, and shows which hand it went to.

*Phase 1, trick and draw.* "Players do not have to follow suit." "The highest card played in the
suit that is led or the highest ranking trump suited card takes the trick." "The trick-winner
draws the top card from the stock. Continuing ... around the table, each player draws as well.
The trick-winner then leads the next trick."

*Phase 2, arrastre (the stock is empty).* "Their opponents must beat the card if they can. If
[void in the suit led], they must play a trump card. ... A player is not required to beat their
partner's card if it is winning the trick, only an opponent's card. They must follow suit if
possible though." Precisely (RULES.md §4.1): with cards of the suit led, a player must play one
that beats the winning card when that card is an opponent's card of the suit led; once the trick
is trumped, any card of the suit led will do (S3's example: Filbert's Q♥ after Janet trumped).
Void, he must trump an opponent's winning card: any trump over a plain card, a higher trump over
a trump, and if he cannot over-trump, any card (``must_undertrump=True``: a trump all the same).
Over a partner's winning card nothing is owed but following suit
(``arrastre_partner_exception=False``: beat and trump even over the partner, GODOT's reading).
Every refusal names the obligation: follow suit, beat the winning card, trump, over-trump.

*Marriages (cantes).* "A marriage is composed of a King and Queen in the same suit", 20 points,
"A trump suited marriage earns the team 40 points". Only a member of the side that won the last
trick may declare, "Each player on the team may only declare one marriage at a time. If a player
has more than one marriage in their hand, they must win another trick in order to declare it",
and "prior to leading the trick" (``cante_window='before_lead'``; 'until_opponent_plays': the
window stays open after the lead until an opponent plays, GODOT). Nothing before the side's first
trick (``cante_before_first_trick=True``: the eldest's side "has the lead" before trick 1, S3
read literally). The leader declares with a named action (``marriage H``) when it is his turn;
his partner declares out of turn (``hand.open_actions(seat)``; ``hand.apply("marriage H")``
finds the one seat it is open to). A suit is declared once a hand. ``reveal_cante_cards``: the
King and Queen are shown and stay visible in every seat's view while they are in the hand (False:
the marriage is announced by its suit but the cards are not shown).

*The 7 of trumps.* "When the player holding the trump suited 7 has the lead, they may exchange the
7 with the Pinta before leading the trick." ``swap-seven``: the 7 goes face up under the stock and
the pinta into the hand, while the pinta is still under the stock. Who and when
(``seven_swap_rule``): 'side_won_last_trick' (default, GODOT): either partner of the side that won
the last trick, before the next lead; 'side_has_won_a_trick' (HOB): any seat whose side has won
some trick, between tricks, "antes de robar" (before drawing), so a 7 that comes in the draw
after a trick waits for the next one; 'leader_only' (S3 literal): the leader before leading.
``seven_swap_allowed_before_first_trick`` opens it before trick 1 too (the eldest's side, or the
eldest alone), and ``seven_swap_only_for_higher_pinta`` allows it only for a pinta above the 7.

After the last trick with drawing the swap "must be done before the final draw". So that nobody
is ever asked "do you swap?", the final drawing round is split: straight after that trick every
seat but the last drawer draws its face-down card, and the last drawer takes the face-up card at
the first card of the next trick (he plays last in that trick, so nothing changes for him). The
swap stays open until that lead, but only to a seat that held the 7 before that final round
(a 7 drawn in the final round came too late). That trick is played under the arrastre
(``in_arrastre`` is True from the final round): everybody holds his last cards.

*Scoring and winning.* ``hand.score`` (by side, by seat for two) holds the card points of the
tricks won, the marriages (``hand.declarations``) and the 10 for the last trick, which is part of
the last trick's ``Trick.points`` (its explanation says so), so card points plus the last trick
are 130 in a played-out hand. "A team wins the game once they reach 101 points or more." The
first hand (idas) is counted at the end: one side at 101 or more wins; both: the side that took
the last trick (``both_over_tiebreak='higher_total'``: the higher total, then the last trick);
``min_card_points_to_win`` (Planas: 30) bars a side with fewer card points (tricks and the 10 de
últimas, marriages not counted, over the game) from winning by points. Neither: "the game is
continued with a second round" (the vueltas): a new deal, points carried over and counted at once.
``claim_mode='auto'`` ends the game as soon as a side reaches 101 (after a trick or a marriage);
'explicit': "A team may declare that they have reached 101 points and end the game immediately.
If they kept track of their score incorrectly, the game still ends with the opposite team
winning" (the ``claim`` action, open to the side that won the last trick, in the marriage window;
a vueltas played out without a claim is counted at its end like the idas).
``allow_claim_in_idas`` counts the first hand at once as well. ``tute_instant_win`` (Planas):
four Kings or four Queens in one hand, shown in the marriage window (the ``tute`` action), win
the game at once.

A hand knows the game it belongs to through deal keywords: ``vueltas=True``, ``carried=[a, b]``
(game points before this hand), ``carried_cards=[c, d]`` (card points before it) and ``target``
(101), refused where no play reaches them (a side already at 101, points carried into the
idas, a vueltas after fewer than the 130 points an idas shares, carried card points that are
not 130 a hand); ``hand.game_winner`` is the side that won the game in this hand, if any.
``trump="S"`` names the trumps of a position set up with an empty stock. The match
(:class:`GuinoteMatch`) deals the idas, then the vueltas, and with ``partidas_per_coto``/``cotos_to_win`` plays games
(partidas) grouped in cotos: a coto goes to the first side to win ``partidas_per_coto`` games
(ABELP: "un coto finaliza cuando una pareja gana 3 partidas"), the match to the first to win
``cotos_to_win`` cotos. The next dealer is the winner of the last trick (POZ) or the next seat
(``next_dealer='rotate'``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from ..cards import ALL_CARDS, FORTY_CARD_DECK, SUITS, Card, Rank, Suit
from ..engine import (
    DRAWS_AFTER_TRICK, Action, Game, Hand, IllegalAction, Match, Option, Options, Phase,
    SetupError, Trick, counted, counting, flag,
)

#: Rank within a suit, low to high (S3: "2 (low) through 7, then Jack, Queen, King, 3, and Ace").
ORDER = [Rank.TWO, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.JACK, Rank.QUEEN, Rank.KING,
         Rank.THREE, Rank.ACE]
STRENGTH = {rank: i for i, rank in enumerate(ORDER)}

#: Card points (S3, ABELP): 120 in the pack.
POINTS = {Rank.ACE: 11, Rank.THREE: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}

#: The two tables by card (``card.index``): what the play reads at every card.
CARD_STRENGTH = [0] * len(ALL_CARDS)
CARD_POINTS = [0] * len(ALL_CARDS)
for _card in FORTY_CARD_DECK:
    CARD_STRENGTH[_card.index] = STRENGTH[_card.rank]
    CARD_POINTS[_card.index] = POINTS.get(_card.rank, 0)
LAST_TRICK = 10          # "las diez de últimas"
HAND_POINTS = 120 + LAST_TRICK   # the card points of a hand played out: 130
MARRIAGE, TRUMP_MARRIAGE = 20, 40
TARGET = 101

KING, QUEEN = Rank.KING, Rank.QUEEN
KINGS = {suit: Card(Rank.KING, suit) for suit in SUITS}
QUEENS = {suit: Card(Rank.QUEEN, suit) for suit in SUITS}
SEVENS = {suit: Card(Rank.SEVEN, suit) for suit in SUITS}
MARRIAGES = {suit: Action("marriage", suit) for suit in SUITS}
NO_SEVEN = {suit: f"you do not hold the 7 of trumps ({SEVENS[suit].label})" for suit in SUITS}
SWAP = Action("swap-seven")
CLAIM = Action("claim")
TUTE = Action("tute")
ACTION_NAMES = ("marriage", "swap-seven", "claim", "tute")


@dataclass(frozen=True)
class Above:
    """A kind of card a seat can show it lacks in the arrastre: the cards of ``suit`` that beat
    a card of strength ``strength`` (whoever could beat the winning card had to)."""

    suit: Suit
    strength: int


def best_play(plays: list[tuple[int, Card]], trump: Suit | None) -> int:
    """The index of the winning play so far. "The highest card in the lead suit or the highest
    trump card wins the trick": each card against the best so far, which only a higher card of
    its suit or a trump beats."""
    strength = CARD_STRENGTH
    card = plays[0][1]
    best, best_suit, best_strength = 0, card.suit, strength[card.index]
    for i in range(1, len(plays)):
        card = plays[i][1]
        suit = card.suit
        if suit is best_suit:
            if strength[card.index] > best_strength:
                best, best_strength = i, strength[card.index]
        elif suit is trump:
            best, best_suit, best_strength = i, suit, strength[card.index]
    return best


#: The cards above each card in its suit (``ABOVE[card.index]``): what beating it takes.
ABOVE: list[Any] = [None] * len(ALL_CARDS)
for _card in FORTY_CARD_DECK:
    ABOVE[_card.index] = Above(_card.suit, CARD_STRENGTH[_card.index])
#: The arrastre's demands, made once: (obligation, kind of card, its suit, the strength it must
#: beat: -1 for any card of the suit), by the card to beat or by suit.
BEAT = [("beat", a, a.suit, a.strength) if a else None for a in ABOVE]
OVER_TRUMP = [("over-trump", a, a.suit, a.strength) if a else None for a in ABOVE]
FOLLOW = {suit: ("follow", suit, suit, -1) for suit in SUITS}
TRUMP = {suit: ("trump", suit, suit, -1) for suit in SUITS}
UNDERTRUMP = {suit: ("undertrump", suit, suit, -1) for suit in SUITS}


def arrastre_demands(plays: list[tuple[int, Card]], seat: int, trump: Suit,
                     partnerships: bool, partner_exception: bool,
                     must_undertrump: bool) -> list[tuple[str, Any, Suit, int]]:
    """What the arrastre (RULES.md §4.1) demands of ``seat`` after ``plays``, in order, as
    (obligation, kind of card, suit, strength to beat): a seat must play a card of the first kind
    it holds; holding none of them, it may play any card."""
    led = plays[0][1].suit
    best_seat, best = plays[best_play(plays, trump)]
    if partner_exception and partnerships and best_seat % 2 == seat % 2:
        # "not required to beat their partner's card ... They must follow suit if possible"
        return [FOLLOW[led]]
    if best.suit is led:
        # "Their opponents must beat the card if they can", else follow suit
        demands = [BEAT[best.index], FOLLOW[led]]
    else:
        demands = [FOLLOW[led]]     # the trick is trumped: any card of the suit led will do
    if best.suit is not trump:
        demands.append(TRUMP[trump])        # "If [void], they must play a trump card"
    else:
        demands.append(OVER_TRUMP[best.index])
        if must_undertrump:
            demands.append(UNDERTRUMP[trump])
    return demands


def _card_points(card: Card) -> int:
    return POINTS.get(card.rank, 0)


def _listed(cards: Sequence[Card]) -> str:
    return ", ".join(c.label for c in cards)


def _games(value: Any) -> int:
    if value is None:
        return 1
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError("a whole number from 1 (1: a single game)")
    return value


def _card_minimum(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 130:
        raise ValueError("a whole number of card points from 0 to 130 (Planas: 30)")
    return value


OPTIONS = [
    Option("direction", "clockwise",
           "Which way play goes: 'clockwise' (S3, to the dealer's left) or 'anticlockwise' "
           "(the Spanish custom). Only the seating changes; seats are numbered in playing order.",
           choices=("clockwise", "anticlockwise"),
           question="Which way does play go?",
           choice_words={"clockwise": "Clockwise (to the dealer's left)",
                         "anticlockwise": "Anticlockwise (to the dealer's right, the Spanish "
                                          "custom)"},
           source="S3, ACA"),
    Option("cante_window", "before_lead",
           "Marriages are declared after a trick won and before the first card of the next "
           "trick ('before_lead', S3/PRON), or until an opponent plays ('until_opponent_plays', GODOT).",
           choices=("before_lead", "until_opponent_plays"),
           question="Until when may a marriage be declared after a trick won?",
           choice_words={"before_lead": "Until the next trick is led (\"prior to leading the "
                                        "trick\")",
                         "until_opponent_plays": "Until an opponent plays to the next trick"},
           source="S3/PRON, GODOT"),
    flag("cante_before_first_trick", False,
         "The eldest's side may declare before the first trick (S3 read literally).",
         question="May the eldest hand's side declare a marriage before the first trick?",
         yes="Yes (\"the team that has the lead may declare\")",
         no="No, only after a trick won", source="S3 read literally, PRON"),
    Option("seven_swap_rule", "side_won_last_trick",
           "Who may exchange the trump 7 for the pinta: either partner of the side that won the "
           "last trick ('side_won_last_trick', GODOT), a seat whose side has won any trick "
           "('side_has_won_a_trick', HOB), or the leader before leading ('leader_only', S3).",
           choices=("side_won_last_trick", "side_has_won_a_trick", "leader_only"),
           question="Who may exchange the 7 of trumps for the pinta?",
           choice_words={"side_won_last_trick": "Either partner of the side that won the last "
                                                "trick",
                         "side_has_won_a_trick": "A player whose side has won a trick, before "
                                                 "drawing",
                         "leader_only": "The player who has the lead, before leading"},
           source="GODOT, HOB, S3"),
    flag("seven_swap_allowed_before_first_trick", False,
         "The 7 may also be exchanged before the first trick (by the eldest's side, or the eldest).",
         question="May the 7 be exchanged before the first trick?",
         yes="Yes, by the eldest hand's side", no="No, only after a trick won", source="GODOT"),
    flag("seven_swap_only_for_higher_pinta", False,
         "The 7 may be exchanged only for a pinta that ranks above it (L40/HOB).",
         question="May the 7 be exchanged only for a pinta that ranks above it?",
         yes="Yes, only for a higher pinta", no="No, for any pinta", source="L40/HOB"),
    flag("arrastre_partner_exception", True,
         "In the arrastre nobody need beat or trump his partner's winning card (S3, L40); "
         "False: beat and trump it all the same (GODOT).",
         question="In the arrastre, may a player leave his partner's winning card unbeaten?",
         yes="Yes, only an opponent's card must be beaten (\"not required to beat their "
             "partner's card\")",
         no="No, he must beat or trump it all the same", source="S3, L40, GODOT"),
    flag("must_undertrump", False,
         "In the arrastre, a player void in the suit led who cannot over-trump an opponent's "
         "trump must still play a trump.",
         question="In the arrastre, must a player who cannot over-trump still play a trump?",
         yes="Yes, a lower trump", no="No, any card", source="L40, GODOT: not required"),
    flag("allow_claim_in_idas", False,
         "The first hand is also counted at once, and may end when a side reaches 101 (auto) or "
         "claims it (explicit).",
         question="Are the points of the first hand counted at once, as in the second?",
         yes="Yes, the first hand may end when a side reaches 101",
         no="No, the first hand is played out", source="S3 read literally, GODOT, L40"),
    Option("claim_mode", "auto",
           "In the vueltas the game ends as soon as a side reaches 101 ('auto'), or when a side "
           "claims it with the 'claim' action, a false claim losing ('explicit', S3).",
           choices=("auto", "explicit"),
           question="In the second round, how does a side that reaches 101 end the game?",
           choice_words={"auto": "The game ends by itself as soon as a side reaches 101",
                         "explicit": "The side must claim it; a false claim loses"},
           source="S3, juegosdecartas.fun"),
    Option("both_over_tiebreak", "last_trick",
           "Both sides at 101 or more when a hand is counted: the side that took the last trick "
           "wins ('last_trick', PRON) or the higher total ('higher_total').",
           choices=("last_trick", "higher_total"),
           question="Both sides have 101 or more when a hand is counted: who wins?",
           choice_words={"last_trick": "The side that took the last trick (las diez de últimas)",
                         "higher_total": "The side with more points"},
           source="PRON"),
    Option("min_card_points_to_win", 0,
           "A side with fewer card points than this in the game (marriages not counted) cannot "
           "win by points (Planas: 30).", check=_card_minimum,
           question="How many card points must a side have won in the game to win it?",
           value_words=lambda n: "No minimum" if n == 0 else f"At least {n} (marriages not "
                                                              "counted)",
           source="GODOT (Planas)"),
    flag("tute_instant_win", False,
         "Four Kings or four Queens held together win the game at once, shown like a marriage (Planas).",
         question="Do four Kings or four Queens in one hand win the game at once?",
         yes="Yes, shown like a marriage (a tute)", no="No", source="GODOT (Planas)"),
    Option("next_dealer", "last_trick_winner",
           "Who deals the vueltas and later games: the winner of the last trick (POZ, GODOT), or "
           "the next seat in playing order ('rotate').",
           choices=("last_trick_winner", "rotate"),
           question="Who deals the next hand?",
           choice_words={"last_trick_winner": "The player who won the last trick",
                         "rotate": "The next player in turn"},
           source="POZ, GODOT"),
    Option("partidas_per_coto", 1,
           "Games (partidas) a side must win to take a coto; 1 with cotos_to_win=1 is a single game.",
           check=_games, question="How many games must a side win to take a coto?",
           value_words=counting("game"), source="ABELP, penyapork"),
    Option("cotos_to_win", 1, "Cotos a side must win to take the match.", check=_games,
           question="How many cotos must a side win to take the match?",
           value_words=counting("coto"), source="penyapork"),
    flag("reveal_cante_cards", True,
         "A declared marriage shows its King and Queen to everybody (False: announced, not shown).",
         question="Are a declared marriage's King and Queen shown to everybody?",
         yes="Yes, shown", no="No, only announced", source="GODOT"),
]


def _pair(value: Any, name: str, low: int | None = None) -> tuple[int, int]:
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)) or len(value) != 2 \
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value) \
            or (low is not None and min(value) < low):
        least = "" if low is None else f" of at least {low}"
        raise SetupError(f"{name} must be two whole numbers{least}, one per side, not {value!r}")
    return (value[0], value[1])


class GuinoteHand(Hand):
    """A hand of Guinote: the idas (first hand) or the vueltas of a game to 101."""

    cards_per_player = 6
    # Phase 1: the winner "draws the top card from the stock", then each player in turn (the
    # final round split around the next lead: see after_play).
    draws = DRAWS_AFTER_TRICK
    has_named_actions = True
    action_names = ("marriage <suit>", "swap-seven", "claim", "tute")
    has_open_actions = True
    # The seat to move declares only before its lead: in mid-trick (cante_window=
    # 'until_opponent_plays' included) the seat to move is never of the side that won the last
    # trick, and the 7 is exchanged between tricks.
    named_actions_only_when_leading = True

    def sort_key(self, card: Card) -> tuple[int, int]:
        """A suit laid out 2 up to the King, then the 3 and the Ace, its two highest cards."""
        return (int(card.suit), STRENGTH[card.rank])

    # -- dealing -------------------------------------------------------------------------------

    @classmethod
    def deck(cls, players: int, options: Options, rng: random.Random | None) -> tuple[Card, ...]:
        return FORTY_CARD_DECK

    @classmethod
    def _game_extras(cls, deal_args: dict[str, Any], minimum: int = 0) -> dict[str, Any]:
        """The deal keywords that place a hand in its game: vueltas, carried points, target
        (``minimum``: the card points a side needs to win by points)."""
        extra: dict[str, Any] = {}
        vueltas = deal_args.get("vueltas", False)
        if not isinstance(vueltas, bool):
            raise SetupError(f"vueltas must be True or False, not {vueltas!r}")
        extra["vueltas"] = vueltas
        extra["carried"] = carried = _pair(deal_args.get("carried", (0, 0)), "carried", 0)
        extra["carried_cards"] = cards = _pair(deal_args.get("carried_cards", (0, 0)),
                                               "carried_cards", 0)
        for side in (0, 1):
            if cards[side] > carried[side]:
                raise SetupError(f"carried_cards are the card points within the carried points: "
                                 f"side {side} cannot carry {cards[side]} card "
                                 f"points in {carried[side]} points")
        target = deal_args.get("target", TARGET)
        if isinstance(target, bool) or not isinstance(target, int) or target < 1:
            raise SetupError(f"the target is a whole number of points above 0, not {target!r}")
        extra["target"] = target
        cls._check_reachable(vueltas, carried, cards, target, minimum)
        return extra

    @staticmethod
    def _check_reachable(vueltas: bool, carried: tuple[int, int], cards: tuple[int, int],
                         target: int, minimum: int) -> None:
        """Points carried into a hand are those of the hands played before it in the game, so
        only what those hands can leave is accepted (RULES.md §4.1, Winning)."""
        if any(carried) and not vueltas:
            raise SetupError(f"the idas (vueltas=False) is the first hand of a game and starts "
                             f"from 0 to 0, so it carries no points ({carried[0]} to "
                             f"{carried[1]}): points carried from the idas make the hand the "
                             f"vueltas (vueltas=True)")
        if vueltas and sum(carried) < HAND_POINTS:
            raise SetupError(f"the vueltas follows a played-out idas, whose tricks share "
                             f"{HAND_POINTS} points (120 in the cards, 10 for the last trick) "
                             f"besides the marriages, so the carried points add up to at least "
                             f"{HAND_POINTS}, not {carried[0]} + {carried[1]} = {sum(carried)}")
        if any(cards) and sum(cards) % HAND_POINTS:
            raise SetupError(f"carried_cards are the card points of the hands played in the "
                             f"game, {HAND_POINTS} a hand (120 in the cards, 10 for the last "
                             f"trick), so they add up to a multiple of {HAND_POINTS}, not "
                             f"{cards[0]} + {cards[1]} = {sum(cards)}")
        for side in (0, 1):
            if carried[side] >= target and cards[side] >= minimum:
                raise SetupError(f"side {side} already has {carried[side]}, at or past "
                                 f"{target}, and would have won the game when it was counted "
                                 f"(S3: 'A team wins the game once they reach 101 points or "
                                 f"more')")

    @classmethod
    def deal_extras(cls, players, options, rng, deal_args, stock):
        if "trump" in deal_args:
            raise SetupError("trump= is only for a deal set up by hand: a shuffled deal turns up its pinta")
        extra = cls._game_extras(deal_args, options.min_card_points_to_win) if deal_args \
            else dict(_NO_DEAL_ARGS)
        extra["pinta"] = stock[-1]      # shown to everybody at the deal
        return extra

    @classmethod
    def extras_set_up(cls, players, options, hands, stock, deal_args):
        extra = cls._game_extras(deal_args, options.min_card_points_to_win)
        if stock:
            extra["pinta"] = stock[-1]
        if len(stock) % players:
            raise SetupError(f"the stock must hold a multiple of {players} cards, so that every "
                             f"drawing round is complete; it holds {len(stock)}")
        trump = deal_args.get("trump")
        if trump is not None:
            try:
                trump = Suit.parse(trump)
            except ValueError as error:
                raise SetupError(f"trump: {error}") from None
        if stock:
            pinta = stock[-1]
            if trump is not None and trump is not pinta.suit:
                raise SetupError(f"the pinta (the last card of the stock, {pinta.label}) makes "
                                 f"{pinta.suit.plural} trumps, not {trump.plural}")
        elif trump is None:
            raise SetupError("with an empty stock there is no pinta to show the trumps: "
                             "give trump='S' (or H, D, C)")
        else:
            extra["trump"] = trump
        return extra

    def plays_in_partnerships(self) -> bool:
        return self.seats == 4

    def start(self) -> None:
        options, extra = self.options, self.extra
        self.pinta: Card | None = self._stock[0] if self._stock else None
        self.trump = self.pinta.suit if self.pinta is not None else extra["trump"]
        self.direction: str = options.direction
        self.vueltas: bool = extra.get("vueltas", False)
        self.carried: tuple[int, int] = extra.get("carried", (0, 0))
        self.carried_cards: tuple[int, int] = extra.get("carried_cards", (0, 0))
        self.target: int = extra.get("target", TARGET)
        self.counts_at_once = self.vueltas or options.allow_claim_in_idas
        self.auto_claim = options.claim_mode == "auto"
        self.until_opponent = options.cante_window == "until_opponent_plays"
        self.partner_exception = options.arrastre_partner_exception
        self.must_undertrump = options.must_undertrump
        self.cante_used = 0          # bit per seat: declared a marriage since its side's last trick
        self.declared_suits = 0      # bit per suit: marriages declared this hand
        self.pinta_pending: int | None = None   # who takes the face-up card at the next lead
        self.seven_drawn_late = False            # the trump 7 came in the final drawing round
        # HOB ('side_has_won_a_trick'): the exchange is made before drawing, so a 7 drawn after
        # the last trick waits for the next one.
        self.swap_before_drawing = options.seven_swap_rule == "side_has_won_a_trick"
        self.seven_just_drawn = False
        self.shown: tuple[tuple[int, Card], ...] = ()   # (seat, card): known to be in that hand
        self.game_winner: int | None = None

    # -- seats -----------------------------------------------------------------------------------

    def not_in_deck(self, card: Card) -> str:
        if card in ALL_CARDS and card.rank in (Rank.EIGHT, Rank.NINE, Rank.TEN):
            # S3: "From the standard 52 card deck, remove the 8's, 9's, and 10's."
            return (f"there are no {card.rank.label}s in Guinote's 40-card pack (the 8s, 9s and "
                    f"10s are removed), so nobody holds {card.label}")
        return f"there is no {card.label} in Guinote's 40-card pack"

    def seat_compass(self) -> list[str]:
        """Where each seat sits, as a compass point (seat 0 at North): for the table drawing.

        Seats are numbered in playing order; play goes to the left (clockwise: N E S W) or to the
        right (anticlockwise: N W S E). Two players sit N and S.
        """
        if self.seats == 2:
            return ["N", "S"]
        return ["N", "E", "S", "W"] if self.direction == "clockwise" else ["N", "W", "S", "E"]

    def unit_name(self, unit: int) -> str:
        if self.partnerships:
            return f"side {unit} (seats {unit} and {unit + 2})"
        return f"seat {unit}"

    # -- state read by rules and people ----------------------------------------------------------

    @property
    def in_arrastre(self) -> bool:
        """Phase 2: the strict rules of play apply. The stock (pinta included) is empty, or only
        the face-up card is left, to be drawn by the last drawer at the next lead: that trick
        is played under the arrastre already (everybody holds his last six cards)."""
        return not self._stock or self.pinta_pending is not None

    @property
    def face_up(self) -> Card | None:
        """The card lying face up under the stock (the pinta, or the 7 exchanged for it)."""
        return self._stock[0] if self._stock else None

    def card_points(self, card: Card) -> int:
        """What a card is worth in a trick (A 11, 3 10, K 4, Q 3, J 2)."""
        return POINTS.get(card.rank, 0)

    def trick_points_by_side(self) -> list[int]:
        """Points from tricks in this hand (cards and the 10 for the last trick), by side."""
        points = [0, 0]
        side = self.side
        for trick in self.tricks:
            points[side(trick.winner)] += trick.points
        return points

    @property
    def totals(self) -> list[int]:
        """Game points so far: carried into this hand plus this hand's score, by side."""
        return [self.carried[u] + self.score[u] for u in (0, 1)]

    # -- legal plays ------------------------------------------------------------------------------

    def playable(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        if not self.trick or self._stock or len(hand) == 1:
            return list(hand)        # leading, phase 1, or the last card: any card
        return self._arrastre(seat)[0]

    def _arrastre(self, seat: int) -> tuple[list[Card], str, list[Card]]:
        """Phase 2 (RULES.md §4.1): the cards allowed, the obligation that applies, and the
        cards that meet it: the first of the arrastre's demands that the hand can meet."""
        hand = self.hands[seat]
        strength = CARD_STRENGTH
        for rule, kind, suit, to_beat in arrastre_demands(self.trick, seat, self.trump,
                                                          self.partnerships, self.partner_exception,
                                                          self.must_undertrump):
            if kind is suit:
                cards = [c for c in hand if c.suit is suit]
            else:
                cards = [c for c in hand if c.suit is suit and strength[c.index] > to_beat]
            if cards:
                return cards, rule, cards
        return list(hand), "free", []

    @classmethod
    def lacks_shown(cls, options: Options, before: list[tuple[int, Card]], seat: int, card: Card,
                    drawing: bool, trump: Any, partnerships: bool) -> tuple:
        # Phase 1 (the stock lasts): any card may be played, so it shows nothing. In the
        # arrastre a card may be played only if it meets the first demand the hand can meet, so
        # the seat lacked every kind of card demanded before the first one its card meets.
        if drawing:
            return ()
        lacked = []
        demands = arrastre_demands(before, seat, trump, partnerships,
                                   options.arrastre_partner_exception, options.must_undertrump)
        for _, kind, _, _ in demands:
            if cls.is_kind(options, card, kind):
                break
            lacked.append(kind)
        # (lacking every card of a suit says it lacks those that beat a card of it)
        return tuple(k for k in lacked if k.__class__ is not Above or k.suit not in lacked)

    @classmethod
    def is_kind(cls, options: Options, card: Card, kind: Any) -> bool:
        if kind.__class__ is Above:
            return card.suit is kind.suit and CARD_STRENGTH[card.index] > kind.strength
        return card.suit is kind

    def refusal(self, seat: int, card: Card) -> str:
        if not self.trick or self._stock:
            return "any card may be played now"     # never reached: every card is legal
        _, rule, cards = self._arrastre(seat)
        trick = self.trick
        led = trick[0][1].suit
        best_seat, best = trick[self.trick_winner(trick)]
        whose = ("your partner's" if self.side(best_seat) == self.side(seat) and best_seat != seat
                 else "an opponent's")
        trumps = self.trump.plural
        where = "in the arrastre (the stock is empty)"
        if rule == "follow":
            return (f"{where} you must follow suit if possible: {led.plural} were led and you hold "
                    f"{_listed(cards)}")
        if rule == "beat":
            return (f"{where} you must beat the card if you can: {best.label} ({whose} card) is "
                    f"winning and you hold {_listed(cards)}, which "
                    f"{'beats' if len(cards) == 1 else 'beat'} it")
        if rule == "trump":
            return (f"{where}, with no {led.plural} to follow, you must play a trump card over "
                    f"{whose} {best.label}: you hold {_listed(cards)} ({trumps} are trumps)")
        if rule == "over-trump":
            return (f"{where}, with no {led.plural} to follow, you must over-trump {whose} "
                    f"{best.label} with a higher trump: you hold {_listed(cards)}")
        return (f"{where}, with no {led.plural} to follow and no trump above {best.label}, you "
                f"must still play a trump (this game's rule: a player who cannot over-trump still "
                f"plays a trump): you hold {_listed(cards)}")

    # -- declarations: marriages, the 7 for the pinta, claims, tute ---------------------------------

    def _window_side(self) -> int | None:
        """The side that may declare now: the winner's side of the last trick (or, before the
        first trick, the eldest's side if cante_before_first_trick)."""
        if self.tricks:
            return self.side(self.tricks[-1].winner)
        if self.options.cante_before_first_trick:
            return self.side(self.eldest)
        return None

    def _window_open(self) -> bool:
        played = len(self.trick)
        return played == 0 or (played == 1 and self.until_opponent)

    def _mid_trick(self) -> bool:
        """In mid-trick nothing can be declared (the window is between tricks, or with
        cante_window='until_opponent_plays' until the card after the lead)."""
        return bool(self.trick) and not (self.until_opponent and len(self.trick) == 1)

    def named_actions(self, seat: int) -> list[Action]:
        if self._mid_trick():
            return []        # the hot path
        return self._declarable(seat)

    def out_of_turn_seats(self) -> range:
        return range(0 if self._mid_trick() else self.seats)

    def open_actions(self, seat: int) -> list[Action]:
        if self.phase is not Phase.PLAY:
            return []
        return self.named_actions(seat)

    def _declarable(self, seat: int) -> list[Action]:
        """The declarations open to ``seat`` while the window is open (``named_actions``
        checks that)."""
        actions: list[Action] = []
        if self._window_side() == self.side(seat):
            if not (self.cante_used >> seat) & 1:
                # A marriage: the King and Queen of a suit not yet declared (bit per suit).
                kings = queens = 0
                for card in self.hands[seat]:
                    if card.rank is KING:
                        kings |= 1 << card.suit
                    elif card.rank is QUEEN:
                        queens |= 1 << card.suit
                married = kings & queens & ~self.declared_suits
                if married:
                    actions += [MARRIAGES[suit] for suit in SUITS if (married >> suit) & 1]
            if self.options.tute_instant_win and self._tute(seat):
                actions.append(TUTE)
            if not self.auto_claim and self.counts_at_once:
                actions.append(CLAIM)
        if not self.trick and self._stock and SEVENS[self.trump] in self.hands[seat] \
                and self._swap_refusal(seat) is None:     # (what it checks first, said cheaply)
            actions.append(SWAP)
        return actions

    def _tute(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        for rank in (Rank.KING, Rank.QUEEN):
            four = [c for c in hand if c.rank is rank]
            if len(four) == 4:
                return four
        return []

    def _swap_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not exchange the trump 7 for the pinta now (None if it may)."""
        stock = self._stock
        seven = SEVENS[self.trump]
        if not stock:
            return ("the pinta is no longer under the stock: the 7 is exchanged only while the "
                    "pinta lies there")
        if seven not in self.hands[seat]:
            return NO_SEVEN[self.trump]    # (asked at every lead: the words are made once)
        if self.trick:
            return "the exchange is made between tricks, before the next card is led"
        if self.seven_drawn_late:
            return (f"{seven.label} came in the final drawing round, and after the fourth trick "
                    "the exchange must be made before the final draw")
        if self.seven_just_drawn:
            return (f"{seven.label} came in the draw after this trick, and the exchange is made "
                    "before drawing (HOB: 'antes de robar'): it may be made after the next trick")
        if seat == self.pinta_pending:
            return "the face-up card is yours to draw at the next lead"
        face = stock[0]
        if self.options.seven_swap_only_for_higher_pinta and STRENGTH[face.rank] < STRENGTH[Rank.SEVEN]:
            return (f"in this game the 7 is exchanged only for a pinta that ranks above it, and "
                    f"{face.label} ranks below it")
        rule = self.options.seven_swap_rule
        if not self.tricks:
            if not self.options.seven_swap_allowed_before_first_trick:
                return "no exchange before the first trick: a trick must have been won first"
            if rule == "leader_only":
                return None if seat == self.to_move else \
                    "only the player who has the lead may exchange the 7, before leading"
            return None if self.side(seat) == self.side(self.eldest) else \
                "before the first trick only the eldest hand's side may exchange the 7"
        if rule == "side_won_last_trick":
            if self.side(seat) == self.side(self.tricks[-1].winner):
                return None
            return "only the side that won the last trick may exchange the 7 for the pinta"
        if rule == "side_has_won_a_trick":
            side = self.side(seat)
            if any(self.side(t.winner) == side for t in self.tricks):
                return None
            return "your side must have won a trick before it may exchange the 7 (HOB)"
        if seat == self.to_move:
            return None
        return ("only the player who has the lead may exchange the 7, before leading the trick "
                "(S3: 'When the player holding the trump suited 7 has the lead')")

    def named_words(self, action: Action) -> str:
        # S3: "the team that has the lead may declare marriages"; "they may exchange the 7 with
        # the Pinta"; "A team may declare that they have reached 101 points".
        name, suit = action.name, action.suit
        if name == "marriage" and suit is not None:
            if suit is self.trump:
                return f"Declare {TRUMP_MARRIAGE} in trumps"
            return f"Declare {MARRIAGE} in {suit.plural}"
        if name == "swap-seven":
            return "Swap the 7 for the pinta"
        if name == "claim":
            return f"Claim {self.target}"
        if name == "tute":
            return "Declare tute (four Kings or four Queens)"
        return super().named_words(action)

    @staticmethod
    def _declaration_words(name: str) -> str:
        return {"marriage": "a marriage", "tute": "a tute", "claim": "a claim"}.get(name, name)

    def _claim_refusal(self, seat: int, window: int | None) -> str:
        """Why ``seat`` may not claim 101 now. When a claim may be made is this program's
        reading (RULES.md G-A7: S3 says only "A team may declare that they have reached 101
        points and end the game immediately"): by the side that won the last trick, between
        that trick and the next lead, as its declarations."""
        reading = ("in this program a claim is made by the side that won the last trick, "
                   "between that trick and the next lead (RULES.md G-A7)")
        if window is None:
            return f"no claim before the first trick: {reading}"
        if not self._window_open():
            return f"no claim in the middle of a trick: {reading}"
        if window != self.side(seat):
            if not self.tricks:
                return (f"before the first trick only the eldest hand's side, which has the lead, "
                        f"may claim ({self.unit_name(window)}): {reading}")
            return f"{self.unit_name(window)} won the last trick: {reading}"
        return "a claim is not open now"

    def named_refusal(self, seat: int, action: Action) -> str:
        name = action.name
        if name not in ACTION_NAMES:
            return (f"{action} is not an action of Guinote; its actions are 'marriage <suit>', "
                    "'swap-seven', 'claim' and 'tute'")
        if name == "swap-seven":
            return self._swap_refusal(seat) or "the exchange is not open now"
        if name == "claim":
            if self.auto_claim:
                return ("nobody claims in this game: it ends by itself as soon as a side reaches "
                        f"{self.target} in the vueltas")
            if not self.counts_at_once:
                return (f"a claim of {self.target} is made only in the vueltas, counted at once; "
                        "the first hand is played out and counted at the end")
        if name == "tute" and not self.options.tute_instant_win:
            return ("a tute (four Kings or four Queens) wins nothing in this game: it is played "
                    "without that rule of Planas'")
        if name == "marriage" and action.suit is None:
            return "say which suit is married, e.g. 'marriage H'"
        window = self._window_side()
        if name == "claim":
            return self._claim_refusal(seat, window)
        if not self._window_open():
            if self.until_opponent:
                return (f"{self._declaration_words(name)} must be declared before an opponent "
                        "plays to the trick (this game's rule)")
            return (f"{self._declaration_words(name)} must be declared after a trick won and "
                    "before the first card of the "
                    "next trick (S3: 'prior to leading the trick')")
        if window is None:
            return (f"no {name} before your side has won a trick (PRON: 'Solo puedes cantar "
                    "cuando hayas conseguido una baza')")
        if window != self.side(seat):
            if not self.tricks:
                return (f"before the first trick only the eldest hand's side, which has the "
                        f"lead, may declare (S3: 'the team that has the lead may declare'); that "
                        f"is {self.unit_name(window)}")
            return (f"only the side that won the last trick may declare (S3: 'the team that has "
                    f"the lead may declare'); that is {self.unit_name(window)}")
        if name == "tute":
            return "a tute is four Kings or four Queens held together, and you hold neither"
        suit = action.suit
        assert suit is not None
        if (self.cante_used >> seat) & 1:
            return ("each partner may declare one marriage per trick won (S3: 'If a player has "
                    "more than one marriage in their hand, they must win another trick in order "
                    "to declare it')")
        if (self.declared_suits >> suit) & 1:
            return f"the marriage in {suit.plural} was already declared in this hand"
        hand = self.hands[seat]
        missing = [c.label for c in (KINGS[suit], QUEENS[suit]) if c not in hand]
        return (f"a marriage is the King and Queen of one suit held in the hand: you do not hold "
                f"{' or '.join(missing)}")

    def apply_named(self, seat: int, action: Action) -> None:
        name = action.name
        side = self.side(seat)
        if name == "marriage":
            suit = action.suit
            assert suit is not None
            king, queen = KINGS[suit], QUEENS[suit]
            points = TRUMP_MARRIAGE if suit is self.trump else MARRIAGE
            self.cante_used |= 1 << seat
            self.declared_suits |= 1 << suit
            if self.options.reveal_cante_cards:
                self.shown += ((seat, king), (seat, queen))
                self.declare(seat, action, points, (king, queen))
            else:
                self.declare(seat, action, points)
            self._check_reached(side, f"with the marriage in {suit.plural}")
        elif name == "swap-seven":
            seven, face = SEVENS[self.trump], self._stock[0]
            hand = self.hands[seat]
            hand.remove(seven)
            hand.append(face)
            self._stock[0] = seven
            self.shown += ((seat, face),)
            self.declare(seat, action, 0, (seven, face))
        elif name == "claim":
            self.declare(seat, action)
            totals = self.totals
            if self._qualifies(side):
                self._game_over(side, f"{self.unit_name(side)} claimed 101 with {totals[side]}: "
                                      "the claim is right and wins the game")
            else:
                other = 1 - side
                short = (f"only {totals[side]} points" if totals[side] < self.target else
                         f"fewer than {self.options.min_card_points_to_win} card points")
                self._game_over(other, f"{self.unit_name(side)} claimed 101 but has {short}: a "
                                       f"wrong claim loses, so {self.unit_name(other)} wins (S3)")
        elif name == "tute":
            cards = self._tute(seat)
            self.declare(seat, action, 0, cards)
            self._game_over(side, f"seat {seat} shows a tute ({_listed(cards)}): "
                                  f"{self.unit_name(side)} wins the game at once")
        else:   # pragma: no cover - only legal actions reach here
            raise IllegalAction(f"{action} is not an action of Guinote", action, seat)

    # -- the game to 101 ------------------------------------------------------------------------

    def _qualifies(self, side: int) -> bool:
        """Has the side 101 (the target) and enough card points to win by points?"""
        if self.carried[side] + self.score[side] < self.target:
            return False
        minimum = self.options.min_card_points_to_win
        return not minimum or self.carried_cards[side] + self.trick_points_by_side()[side] >= minimum

    def _check_reached(self, side: int, how: str | Trick) -> None:
        """Counting at once (the vueltas) with claim_mode='auto': 101 ends the game. ``how``
        says how it was reached, or is the trick that reached it."""
        if self.counts_at_once and self.auto_claim and self._qualifies(side):
            total = self.carried[side] + self.score[side]
            if isinstance(how, Trick):
                how = f"with trick {how.number}"
            self._game_over(side, f"{self.unit_name(side)} reaches {total} {how} and wins the game")

    def _game_over(self, side: int, reason: str) -> None:
        self.game_winner = side
        self.abandon(reason)

    def count(self) -> tuple[int | None, str]:
        """The count of a played-out hand: the side that wins the game (or None) and why."""
        totals = self.totals
        able = [u for u in (0, 1) if self._qualifies(u)]
        scores = f"{totals[0]} to {totals[1]}"
        if len(able) == 1:
            won = able[0]
            return won, (f"{self.unit_name(won)} has {totals[won]} and wins the game "
                         f"({totals[won]} to {totals[1 - won]})")
        if len(able) == 2:
            if self.options.both_over_tiebreak == "higher_total" and totals[0] != totals[1]:
                top = 0 if totals[0] > totals[1] else 1
                return top, (f"both sides passed 100 ({scores}); the higher total wins: "
                             f"{self.unit_name(top)}")
            last = self.side(self.tricks[-1].winner)
            return last, (f"both sides passed 100 ({scores}); {self.unit_name(last)} took the last "
                          "trick (las diez de últimas) and wins")
        over = [u for u in (0, 1) if totals[u] >= self.target]
        why = ""
        if over:
            why = (f"; {', '.join(self.unit_name(u) for u in over)} has fewer than "
                   f"{self.options.min_card_points_to_win} card points")
        return None, f"no side can win yet ({scores}{why}): the vueltas follow"

    def on_hand_end(self) -> None:
        self.game_winner, self.end_reason = self.count()

    # -- the trick -------------------------------------------------------------------------------

    def trick_winner(self, plays: list[tuple[int, Card]]) -> int:
        return best_play(plays, self.trump)

    def _is_last_trick(self) -> bool:
        return not self._stock and not self.hands[0]

    def trick_points(self, plays: list[tuple[int, Card]], winner: int) -> int:
        points = CARD_POINTS
        total = 0
        for _, card in plays:
            total += points[card.index]
        if self._is_last_trick():
            total += LAST_TRICK   # "The team that captures the last trick earns 10 points."
        return total

    def trick_context(self) -> Any:
        return (self.trump, self._is_last_trick(), not self._stock)

    def after_play(self, seat: int, card: Card) -> None:
        if self.pinta_pending is not None and len(self.trick) == 1:
            # The lead closes the exchange: the last drawer now takes the face-up card. (He
            # is never the leader, who drew first.)
            drawer = self.pinta_pending
            face = self._stock.pop()
            self.hands[drawer].append(face)
            self.shown += ((drawer, face),)
            self.pinta_pending = None

    def after_trick(self, trick: Trick) -> None:
        self.cante_used = 0
        self.seven_just_drawn = False
        winner = trick.winner
        if self.counts_at_once:
            self._check_reached(self.side(winner), trick)
            if self.phase is Phase.OVER:
                return
        stock = self._stock
        if not stock:
            return
        seats = self.seats
        if len(stock) > seats:
            if self.swap_before_drawing:
                self.seven_just_drawn = SEVENS[self.trump] in stock[-seats:]
            self.draw_round(winner)        # the winner draws first, then in playing order
            return
        # The final round: every seat but the last drawer draws now; the face-up card waits for
        # the next lead, so that the 7 can still be exchanged "before the final draw".
        seven = SEVENS[self.trump]
        hands = self.hands
        for i in range(seats - 1):
            card = stock.pop()
            hands[(winner + i) % seats].append(card)
            if card is seven:
                self.seven_drawn_late = True
        self.pinta_pending = (winner + seats - 1) % seats

    # -- what everybody sees ------------------------------------------------------------------

    def exposed(self, seat: int) -> list[Card]:
        if not self.shown:
            return []
        hand = self.hands[seat]
        return [c for s, c in self.shown if s == seat and c in hand]

    def conceal(self, state: dict[str, Any], seat: int) -> list[Card]:
        concealed = super().conceal(state, seat)
        if self._stock:
            face = self._stock[0]          # the face-up card under the stock is public
            state["_stock"][0] = face
            concealed.remove(face)
        if SEVENS[self.trump] not in self.hands[seat]:
            # Only the holder knows whether (and when) he drew the 7.
            state["seven_drawn_late"] = False
            state["seven_just_drawn"] = False
        return concealed

    # -- words ---------------------------------------------------------------------------------

    def explain_winner(self, trick: Trick) -> str:
        trump = trick.context[0]
        card = trick.winning_card
        led = trick.cards[0][1].suit
        if card.suit is trump and led is not trump:
            others = [c for _, c in trick.cards if c.suit is trump and c is not card]
            if others:
                return f"{card.label} is the highest trump ({trump.plural}), above {_listed(others)}"
            return f"{card.label} is a trump ({trump.plural}) and beats every card of another suit"
        return (f"{card.label} is the highest {led.singular} (the suit led)"
                + ("" if led is trump else " and no trump was played"))

    def explain_points(self, trick: Trick) -> str:
        last = trick.context[1]
        counting = [c for _, c in trick.cards if _card_points(c)]
        parts = [f"{c.label} {_card_points(c)}" for c in counting]
        if last:
            parts.append("10 for the last trick (las diez de últimas)")
        if not parts:
            return "no points (no counting cards)"
        return f"{trick.points} point{'s' if trick.points != 1 else ''} ({' + '.join(parts)})"

    def public_info(self) -> list[tuple[str, str]]:
        info = [("Trumps", f"{self.trump.symbol} {self.trump.plural}")]
        if self._stock:
            face = self._stock[0]
            if self.pinta_pending is None:
                info.append(("Pinta", f"{face.label} face up under the stock"))
                info.append(("Stock", counted(len(self._stock), "card")))
                info.append(("Phase", "trick and draw (no need to follow suit)"))
            else:
                info.append(("Pinta", f"{face.label} face up, the last card: seat "
                                      f"{self.pinta_pending} draws it at the next lead"))
                info.append(("Phase", "arrastre from the next lead: follow suit, beat, trump"))
        else:
            info.append(("Phase", "arrastre: follow suit, beat, trump"))
        marriages = [f"seat {d.seat} {d.points} in {d.action.suit.plural}" for d in self.declarations
                     if d.action.name == "marriage" and d.action.suit is not None]
        if marriages:
            info.append(("Marriages", "; ".join(marriages)))
        if self.vueltas:
            info.append(("Vueltas", f"game points {self.totals[0]} to {self.totals[1]}, counted at once"))
        elif any(self.carried):
            info.append(("Carried", f"{self.carried[0]} to {self.carried[1]}"))
        return info


_NO_DEAL_ARGS = GuinoteHand._game_extras({})   # the first hand of a game, from nothing


class GuinoteMatch(Match):
    """Games to 101 (idas, then the vueltas when needed), grouped in cotos if asked.

    ``scores`` are the points of the game being played (the idas counted at the end, the
    vueltas at once); ``games_won`` the games each side has won in the current coto,
    ``cotos_won`` the cotos, ``game_results`` each finished game as (winner, reason, scores);
    ``winner`` the side that won the match.
    """

    default_target = TARGET
    match_keywords = ("vueltas", "carried_cards")
    match_deal_keywords = ("vueltas", "carried", "carried_cards", "target")

    def __init__(self, players: int, options: Options, seed: int, *, target: int | None = None,
                 scores: Sequence[int] | None = None, vueltas: bool | None = None,
                 carried_cards: Sequence[int] | None = None):
        self.games_won = [0, 0]
        self.cotos_won = [0, 0]
        self.game_results: list[tuple[int, str, tuple[int, int]]] = []
        self._carry = [0, 0]
        self._carry_cards = [0, 0]
        self.match_args = {}
        if isinstance(scores, (list, tuple)) and len(scores) == 2 and all(
                isinstance(s, int) and not isinstance(s, bool) for s in scores):
            self._carry = list(scores)
        if vueltas is not None:
            if not isinstance(vueltas, bool):
                raise SetupError(f"vueltas must be True or False, not {vueltas!r}")
            self.match_args["vueltas"] = vueltas
        if carried_cards is not None:
            self._carry_cards = list(_pair(carried_cards, "carried_cards", 0))
            self.match_args["carried_cards"] = list(self._carry_cards)
        # The only hand the rules play with points already on the board is the vueltas (points
        # counted at once): a match that starts with points starts there (vueltas=False with
        # points is refused when the idas is dealt).
        self.in_vueltas = any(self._carry) if vueltas is None else vueltas
        super().__init__(players, options, seed, target=target, scores=scores)

    def start_decided(self) -> str:
        # A game is decided when a side with 101 (and, with min_card_points_to_win, enough card
        # points) is counted: at the end of the idas, at once in the vueltas.
        # (carried card points above the carried points: the deal refuses them, see _game_extras)
        minimum = self.options.min_card_points_to_win
        for side in (0, 1):
            if self.start_scores[side] >= self.target and self._carry_cards[side] >= minimum:
                return (f"{self.unit_name(side)} already has {self.start_scores[side]}, at or "
                        f"past {self.target}, and would have won the game when it was counted")
        return ""

    def next_deal_args(self) -> dict[str, Any]:
        args: dict[str, Any] = {}
        if self.in_vueltas:
            args["vueltas"] = True
        if any(self._carry):
            args["carried"] = list(self._carry)
        if any(self._carry_cards):
            args["carried_cards"] = list(self._carry_cards)
        if self.target != TARGET:
            args["target"] = self.target
        return args

    def match_deal_value(self, name: str) -> Any:
        # What a hand dealt now would be given, the defaults included (a hand set up by hand
        # may repeat them, not change them).
        args = self.next_deal_args()
        defaults = {"vueltas": False, "carried": [0, 0], "carried_cards": [0, 0],
                    "target": self.target}
        return args.get(name, defaults.get(name))

    def next_dealer(self, finished: Hand) -> int:
        if self.options.next_dealer == "last_trick_winner" and finished.tricks:
            return finished.tricks[-1].winner
        return (finished.dealer + 1) % finished.seats

    def after_action(self) -> None:
        hand = self.hand
        if hand.counts_at_once:     # the vueltas: points count as they are won
            self.scores = [self._carry[u] + hand.score[u] for u in (0, 1)]

    def close_hand(self) -> None:
        hand = self.hand
        self.hands.append(hand)
        self.scores = [self._carry[u] + hand.score[u] for u in (0, 1)]
        cards = hand.trick_points_by_side()
        self._carry_cards = [self._carry_cards[u] + cards[u] for u in (0, 1)]
        if hand.game_winner is not None:
            self._end_game(hand.game_winner, hand.end_reason, hand)
            return
        # Nobody has won: the vueltas (another deal, the points carried over, counted at once).
        self.in_vueltas = True
        self._carry = list(self.scores)
        self.deal_hand(self.next_dealer(hand))

    def _end_game(self, side: int, reason: str, hand: Hand) -> None:
        self.game_results.append((side, reason, (self.scores[0], self.scores[1])))
        self.games_won[side] += 1
        if self.games_won[side] >= self.options.partidas_per_coto:
            self.cotos_won[side] += 1
            if self.cotos_won[side] >= self.options.cotos_to_win:
                self.finish(side, reason)
                return
            self.games_won = [0, 0]
        # A new game: the idas, from nothing.
        self.in_vueltas = False
        self._carry = [0, 0]
        self._carry_cards = [0, 0]
        self.scores = [0, 0]
        self.deal_hand(self.next_dealer(hand))

    def decide(self) -> None:
        """Games are decided by the hands themselves (see :meth:`GuinoteHand.count`)."""


GAME = Game(
    name="guinote",
    title="Guinote",
    hand_class=GuinoteHand,
    match_class=GuinoteMatch,
    player_counts=(2, 4),
    default_players=4,
    options=OPTIONS,
    aliases=("guiñote", "guinyot"),
    summary="Aragonese Tute: trick and draw, then the strict arrastre; marriages; the game to 101.",
    deal_keywords=("trump", "vueltas", "carried", "carried_cards", "target"),
)
