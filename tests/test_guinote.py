"""Guinote, told as stories: a deal, the plays, the legal cards, the refusals, the points.

Each story cites the rule it checks: RULES.md §4 and the seed's words (S3 = Mark Ball's page,
seeds/003_f8f79813ed5e8f66.txt), or the Spanish sources RULES.md names (PRON, HOB, L40, GODOT...).
Seats are in playing order: seat 0 the eldest, seat 3 the dealer; seats 0 and 2 are side 0.
"""

from __future__ import annotations

import json
import random

import pytest

import cardgames as cg
from cardgames.cards import sort_cards
from cardgames.cards import FORTY_CARD_DECK
from cardgames.engine import iter_cards
from helpers import cards

C = cg.Card.parse
CARD_POINTS = {cg.Rank.ACE: 11, cg.Rank.THREE: 10, cg.Rank.KING: 4, cg.Rank.QUEEN: 3,
               cg.Rank.JACK: 2}


def play(hand, *moves):
    for move in moves:
        hand.apply(move)
    return hand


def legal(hand) -> set[str]:
    return {str(a) for a in hand.legal_actions()}


# -- the pack and the deal ------------------------------------------------------------------


@pytest.mark.parametrize("players, stock", [(4, 16), (2, 28)])
def test_the_pack_the_deal_and_the_pinta(players, stock):
    # S3: "remove the 8's, 9's, and 10's. This will leave players with a 40 card deck"; "deal
    # out 6 cards to each player"; the Pinta "face up under the stock ... determines the trump
    # suit ... The Pinta will be the final card drawn." RULES.md §4.1: 15 + pinta for four;
    # two players: 27 + pinta ("la carta número trece").
    hand = cg.deal("guinote", seed=5, players=players)
    dealt = [c for h in hand.hands for c in h] + hand.stock
    assert sort_cards(dealt) == sort_cards(FORTY_CARD_DECK) and len(dealt) == 40
    assert not {c.rank for c in dealt} & {cg.Rank.EIGHT, cg.Rank.NINE, cg.Rank.TEN}
    assert [len(h) for h in hand.hands] == [6] * players and len(hand.stock) == stock
    pinta = hand.stock[-1]
    assert hand.pinta is pinta and hand.face_up is pinta and hand.trump is pinta.suit
    assert hand.partnerships == (players == 4) and hand.score == [0, 0]
    # The pinta is public: every seat's view shows it, and it is not among the unseen cards.
    for seat in range(players):
        view = hand.view(seat)
        assert pinta in view.visible_cards() and pinta not in view.unseen
        assert len(view.unseen) == 40 - 6 - 1


def test_direction_only_changes_the_seating():
    # RULES.md §4.1: direction 'clockwise' (S3) or 'anticlockwise' (Spanish); "It changes nothing
    # else." Seats stay in playing order; the table reads where they sit.
    clockwise = cg.deal("guinote", seed=3)
    anti = cg.deal("guinote", seed=3, direction="anticlockwise")
    assert clockwise.seat_compass() == ["N", "E", "S", "W"]
    assert anti.seat_compass() == ["N", "W", "S", "E"]
    assert anti.direction == "anticlockwise" and clockwise.direction == "clockwise"
    rng_a, rng_b = random.Random(1), random.Random(1)
    while not clockwise.is_over:
        clockwise.apply(rng_a.choice(clockwise.legal_actions()))
        anti.apply(rng_b.choice(anti.legal_actions()))
    assert clockwise.history == anti.history and clockwise.score == anti.score
    assert cg.deal("guinote", seed=3, players=2).seat_compass() == ["N", "S"]


def test_rank_points_and_the_last_trick():
    # S3: "Cards rank 2 (low) through 7, then Jack, Queen, King, 3, and Ace"; "Kings = 4 points",
    # "3's = 10 points"; "The team that captures the last trick earns 10 points."
    hand = cg.deal("guinote", players=2, hands=["KH 2C", "3H 4C"], stock=[], trump="S")
    play(hand, "KH", "3H")
    first = hand.tricks[0]
    assert first.winner == 1 and first.points == 14          # the 3 beats the King
    assert "3♥ is the highest heart" in hand.explain_trick(first)
    play(hand, "4C", "2C")
    last = hand.tricks[1]
    assert last.winner == 1 and last.points == 10            # no counting card, but the last
    assert "10 for the last trick" in hand.explain_trick(last)
    assert hand.score == [0, 24] and hand.is_over


# -- phase 1: trick and draw ----------------------------------------------------------------

PHASE_ONE = dict(hands=["AH 2H 3D 4D 5D 6D", "4H 7H 2C KD QD JD", "KH QH JH 7D AD 3H",
                        "3C 4C 5C 6C 7C KC"], stock="2S 3S 4S 5S 6S 7S JS AC".split())


def test_phase_one_no_need_to_follow_and_the_winner_draws_first():
    # S3: "During the first phase, trick and draw, players do not have to follow suit." "The
    # highest card played in the suit that is led or the highest ranking trump suited card takes
    # the trick." "The trick-winner draws the top card from the stock. Continuing left around the
    # table, each player draws as well. The trick-winner then leads the next trick."
    hand = cg.deal("guinote", **PHASE_ONE)              # pinta A♣: clubs are trumps
    assert hand.trump is cg.Suit.CLUBS
    hand.apply("AH")
    assert legal(hand) == set(PHASE_ONE["hands"][1].split())   # hearts held, any card allowed
    play(hand, "2C", "KH", "3C")
    trick = hand.tricks[0]
    assert trick.winner == 3 and trick.points == 11 + 4 + 10   # A♥, K♥, 3♣
    assert "3♣ is the highest trump" in hand.explain_trick(trick) and "2♣" in hand.explain_trick(trick)
    assert hand.score == [0, 25] and hand.to_move == 3
    assert [hand.hands[s][-1] for s in (3, 0, 1, 2)] == cards("2S 3S 4S 5S")
    assert hand.stock == cards("6S 7S JS AC") and not hand.in_arrastre


# -- phase 2: the arrastre ------------------------------------------------------------------


def test_the_seed_worked_example_theo_alice_janet_filbert():
    # S3: "Theo leads the trick with the 6 of Hearts. The opponent on his left, Alice, must beat
    # the 6 if she can. She plays a Jack of Hearts. Theo's partner, Janet, now must win the trick
    # if she can. She does not have any Hearts, so she must play a trump-suited Spade card. She
    # trumps the trick with a 5 of Spades. Play passes to Filbert. Filbert has a Heart and must
    # play it. He plays the Queen of Hearts. Janet wins the trick ... Janet leads the next trick."
    theo, alice, janet, filbert = 0, 1, 2, 3
    hand = cg.deal("guinote", hands=["6H 2C 4C", "JH 4H KS", "5S 2D 3D", "QH 2H 7S"], stock=[],
                   trump="S")
    assert hand.in_arrastre
    hand.apply("6H")
    assert legal(hand) == {"JH"}
    refusal = hand.why_illegal("4H")
    assert "must beat the card if you can" in refusal and "6♥" in refusal and "J♥" in refusal
    assert refusal.endswith("you hold J♥, which beats it"), refusal
    with pytest.raises(cg.IllegalAction, match="must beat the card"):
        hand.apply("KS")
    hand.apply("JH")
    assert hand.to_move == janet and legal(hand) == {"5S"}
    refusal = hand.why_illegal("2D")
    assert "must play a trump card" in refusal and "5♠" in refusal and "J♥" in refusal
    hand.apply("5S")
    # Filbert could over-trump with the 7♠, but he holds hearts: he must follow, and need not
    # beat the J♥ once the trick is trumped (either heart).
    assert hand.to_move == filbert and legal(hand) == {"QH", "2H"}
    refusal = hand.why_illegal("7S")
    assert "must follow suit if possible" in refusal and "Q♥, 2♥" in refusal
    hand.apply("QH")
    trick = hand.tricks[0]
    assert trick.winner == janet and hand.to_move == janet
    assert trick.points == 2 + 3 and hand.score == [5, 0]       # J♥ 2, Q♥ 3
    assert "5♠ is a trump" in hand.explain_trick(trick)
    assert theo == trick.leader and alice == 1


def test_void_must_trump_then_over_trump_else_anything():
    # RULES.md §4.1 phase 2, void in the suit led: over an opponent's plain card "must play a
    # trump"; over a trump "a higher trump if he has one; if he cannot beat it, any card"
    # (L40: "no será necesario tirar triunfo, si no supera a un triunfo anterior").
    setup = dict(hands=["AH 2D", "4S 3D", "6S 2S", "5S 7D"], stock=[], trump="S")
    hand = cg.deal("guinote", **setup)
    hand.apply("AH")
    assert legal(hand) == {"4S"} and "must play a trump card" in hand.why_illegal("3D")
    hand.apply("4S")
    assert legal(hand) == {"6S"}
    refusal = hand.why_illegal("2S")
    assert "must over-trump" in refusal and "4♠" in refusal and "6♠" in refusal
    hand.apply("6S")
    assert legal(hand) == {"5S", "7D"}           # cannot beat the 6♠: free
    hand.apply("7D")
    assert hand.tricks[0].winner == 2 and hand.score == [11, 0]
    # must_undertrump=True (G-A6): a trump all the same.
    strict = play(cg.deal("guinote", must_undertrump=True, **setup), "AH", "4S", "6S")
    assert legal(strict) == {"5S"} and "cannot over-trump still plays a trump" in strict.why_illegal("7D")


def test_trumps_led_must_be_beaten_if_possible():
    # S3: "their opponents must beat the card if they can"; RULES.md §4.1: "if B is of suit L
    # (nobody has trumped, or L is trump), P must play an L card higher than B if he has one".
    hand = cg.deal("guinote", players=2, hands=["5S 2D 3D", "4S 7S 2H"], stock=[], trump="S")
    hand.apply("5S")
    assert legal(hand) == {"7S"}
    assert "must beat the card" in hand.why_illegal("4S")
    assert "must beat the card" in hand.why_illegal("2H")


@pytest.mark.parametrize("exception", [True, False])
def test_no_need_to_beat_or_trump_over_a_partner(exception):
    # S3: "A player is not required to beat their partner's card if it is winning the trick,
    # only an opponent's card. They must follow suit if possible though." L40: "Tampoco es
    # necesario matar si la baza corresponde de momento al compañero". GODOT's reading
    # (arrastre_partner_exception=False): beat ("montar") the partner too.
    follow = cg.deal("guinote", hands=["3H 2C", "2H 3C", "AH 4H", "5H 4C"], stock=[], trump="S",
                     arrastre_partner_exception=exception)
    play(follow, "3H", "2H")                     # seat 0's 3♥ is winning for seat 2's side
    if exception:
        assert legal(follow) == {"AH", "4H"}
    else:
        assert legal(follow) == {"AH"}
        assert "your partner's card" in follow.why_illegal("4H")
    void = cg.deal("guinote", hands=["3H 2C", "2H 3C", "5S 2D", "5H 4C"], stock=[], trump="S",
                   arrastre_partner_exception=exception)
    play(void, "3H", "2H")
    assert legal(void) == ({"5S", "2D"} if exception else {"5S"})


# -- marriages ------------------------------------------------------------------------------

MARRIAGES = dict(hands=["2D KC QC 4C 5C", "4D KD QD 7C 2C", "AD KH QH KS QS", "5D 7D JC 3C 4H"],
                 stock="2S 4S 5S 6H".split())      # the pinta 6♥: hearts are trumps


def test_marriages_by_the_side_that_won_one_each_per_trick():
    # S3: "A marriage is composed of a King and Queen in the same suit." "A trump suited marriage
    # earns the team 40 points. Non-trump suited marriages earn the team 20 points each." "Each
    # player on the team may only declare one marriage at a time. If a player has more than one
    # marriage in their hand, they must win another trick in order to declare it." ACA: "uno
    # cada miembro de la pareja, como máximo, después de ganar la baza".
    hand = cg.deal("guinote", **MARRIAGES)
    # PRON: "Solo puedes cantar cuando hayas conseguido una baza": nothing before trick 1.
    assert "no marriage before your side has won a trick" in hand.why_illegal("marriage D", seat=1)
    assert hand.open_actions_by_seat() == {}
    play(hand, "2D", "4D", "AD", "5D")           # seat 2 (side 0) wins with the A♦
    assert hand.tricks[0].winner == 2 and hand.score == [11, 0]
    assert {"marriage H", "marriage S"} <= legal(hand)          # the leader's own actions
    assert hand.open_actions_by_seat() == {0: [cg.Action("marriage", cg.Suit.CLUBS)]}
    # The opponents hold K♦ Q♦ but did not win the trick.
    assert "only the side that won the last trick" in hand.why_illegal("marriage D", seat=1)
    hand.apply("marriage H")                      # trumps: 40
    assert hand.score == [51, 0]
    assert "marriage S" not in legal(hand)
    assert "one marriage per trick won" in hand.why_illegal("marriage S")
    hand.apply("marriage C")                      # out of turn: the one seat it is open to
    assert hand.declarations[-1].seat == 0 and hand.score == [71, 0]
    assert [(d.seat, str(d.action), d.points) for d in hand.declarations] == [
        (2, "marriage H", 40), (0, "marriage C", 20)]
    assert hand.to_move == 2                      # declaring is not a turn
    # The declared cards are shown (reveal_cante_cards): K♥ Q♥ are visible to an opponent.
    view = hand.view(1)
    assert {C("KH"), C("QH"), C("KC"), C("QC")} <= set(view.visible_cards())
    assert not {C("KH"), C("QH")} & set(view.unseen)
    # Trick 2 (now the arrastre: the pinta went to seat 1 at the lead).
    play(hand, "KH")
    assert C("6H") in hand.hands[1] and hand.in_arrastre
    assert "before the first card of the next trick" in hand.why_illegal("marriage S", seat=2)
    play(hand, "4H", "4C", "6H")
    assert hand.tricks[1].winner == 2 and hand.score == [75, 0]
    # Another trick won: the second marriage may now be declared; clubs cannot come again.
    assert "marriage S" in legal(hand)
    assert "already declared" in hand.why_illegal("marriage C", seat=0)
    hand.apply("marriage S")
    assert hand.score == [95, 0]


def test_the_window_until_an_opponent_plays():
    # RULES.md G-A1: cante_window='until_opponent_plays' (GODOT: the window closes only when an
    # opponent plays a card, so the leader may declare after leading).
    hand = play(cg.deal("guinote", cante_window="until_opponent_plays", **MARRIAGES),
                "2D", "4D", "AD", "5D", "2S")    # seat 2 leads without declaring
    assert hand.open_actions(0) == [cg.Action("marriage", cg.Suit.CLUBS)]
    assert cg.Action("marriage", cg.Suit.HEARTS) in hand.open_actions(2)
    hand.apply("marriage H", seat=2)
    assert hand.score == [51, 0]
    hand.apply("4S")                              # the opponent plays: the window closes
    assert hand.open_actions_by_seat() == {}
    assert "before an opponent plays" in hand.why_illegal("marriage C", seat=0)
    before_lead = play(cg.deal("guinote", **MARRIAGES), "2D", "4D", "AD", "5D", "2S")
    assert before_lead.open_actions_by_seat() == {}


def test_marriages_before_the_first_trick_when_read_literally():
    # RULES.md G-A1, S3-literal: "the team that has the lead may declare marriages" (before trick
    # 1 the eldest's side has the lead): cante_before_first_trick=True.
    hand = cg.deal("guinote", cante_before_first_trick=True, **MARRIAGES)
    assert hand.open_actions_by_seat() == {2: [cg.Action("marriage", cg.Suit.SPADES),
                                               cg.Action("marriage", cg.Suit.HEARTS)]}
    assert "marriage C" in legal(hand)           # seat 0, the eldest, holds K♣ Q♣
    hand.apply("marriage C")
    assert hand.score == [20, 0]


def test_marriage_cards_need_not_be_shown():
    # RULES.md G-A13: reveal_cante_cards=False: announced, not shown.
    hand = play(cg.deal("guinote", reveal_cante_cards=False, **MARRIAGES),
                "2D", "4D", "AD", "5D", "marriage H")
    assert hand.declarations[-1].cards == () and hand.score == [51, 0]
    assert not {C("KH"), C("QH")} & set(hand.view(1).visible_cards())


# -- the 7 of trumps for the pinta -------------------------------------------------------------


def swap_deal(**options):
    """Seat 0 holds the 7♠; the pinta A♠ makes spades trumps; seat 2 wins trick 1 with the A♥."""
    return cg.deal("guinote", hands=["2H 3H 4H 5H 6H 7S", "KH QH JH 2C 3C 4C",
                                     "AH 7H 5C 6C 7C JC", "2S 3S 4S 5S 6S KC"],
                   stock="2D 3D 4D 5D 6D 7D JD AS".split(), **options)


def test_the_seven_of_trumps_is_exchanged_for_the_pinta():
    # S3: "When the player holding the trump suited 7 has the lead, they may exchange the 7 with
    # the Pinta". Default seven_swap_rule='side_won_last_trick' (GODOT): either partner of the
    # side that won the last trick, before the next lead; nothing before trick 1 (HOB: "es
    # preciso que antes se haya hecho baza").
    hand = swap_deal()
    assert "swap-seven" not in legal(hand)
    assert "before the first trick" in hand.why_illegal("swap-seven")
    play(hand, "2H", "2C", "AH", "KC")
    assert hand.tricks[0].winner == 2
    assert hand.open_actions_by_seat() == {0: [cg.Action("swap-seven")]}   # the partner
    hand.apply("swap-seven")
    assert C("AS") in hand.hands[0] and C("7S") not in hand.hands[0]
    assert hand.face_up == C("7S") and hand.stock[-1] == C("7S")
    assert hand.declarations[-1].cards == (C("7S"), C("AS"))
    # Everybody saw it: the A♠ in seat 0's hand and the 7♠ under the stock are public.
    view = hand.view(3)
    assert {C("AS"), C("7S")} <= set(view.visible_cards()) and C("AS") not in view.unseen
    assert "you do not hold the 7 of trumps" in hand.why_illegal("swap-seven", seat=0)


@pytest.mark.parametrize("rule, open_to_partner", [("side_won_last_trick", True),
                                                   ("side_has_won_a_trick", True),
                                                   ("leader_only", False)])
def test_who_may_exchange_the_seven(rule, open_to_partner):
    # RULES.md G-A3: 'leader_only' (S3: "has the lead ... before leading the trick").
    hand = play(swap_deal(seven_swap_rule=rule), "2H", "2C", "AH", "KC")
    assert bool(hand.open_actions(0)) == open_to_partner
    if not open_to_partner:
        assert "only the player who has the lead" in hand.why_illegal("swap-seven", seat=0)


def test_the_seven_before_the_first_trick_for_the_literal_reading():
    # RULES.md G-A3: 'leader_only' together with seven_swap_allowed_before_first_trick=True:
    # S3's eldest "has the lead" before trick 1.
    hand = swap_deal(seven_swap_rule="leader_only", seven_swap_allowed_before_first_trick=True)
    assert "swap-seven" in legal(hand)
    hand.apply("swap-seven")
    assert C("AS") in hand.hands[0] and hand.face_up == C("7S")


def hob_deal(**options):
    """Two players; seat 0 holds the 7♠, the pinta 4♠; seat 0 wins trick 1, seat 1 trick 2."""
    hand = cg.deal("guinote", players=2, hands=["7S AH 2H 3H 4H 5H", "KH 2C 3C 4C 5C 6C"],
                   stock="2D 3D 4D 5D 6D 4S".split(), **options)
    return play(hand, "AH", "2C")


def test_the_side_has_won_a_trick_reading_and_the_higher_pinta_agreement():
    # HOB: "es preciso que antes se haya hecho baza" (any earlier trick of the side):
    # seven_swap_rule='side_has_won_a_trick'. L40: exchanging for a pinta below the 7 is by
    # agreement (seven_swap_only_for_higher_pinta).
    default = hob_deal()
    assert "swap-seven" in legal(default)
    play(default, "2H", "KH")                     # seat 1 wins trick 2
    assert "only the side that won the last trick" in default.why_illegal("swap-seven", seat=0)
    hob = play(hob_deal(seven_swap_rule="side_has_won_a_trick"), "2H", "KH")
    assert hob.open_actions(0) == [cg.Action("swap-seven")]
    higher = hob_deal(seven_swap_only_for_higher_pinta=True)
    assert "only for a pinta that ranks above it" in higher.why_illegal("swap-seven")


def test_hob_exchanges_the_seven_before_drawing():
    # HOB: the exchange is made "antes de robar" (before drawing). With
    # seven_swap_rule='side_has_won_a_trick' a 7 that comes in the draw after a trick cannot be
    # exchanged at once: it waits for the next trick. (The default GODOT reading lets the side
    # that won the trick exchange after the draw.)
    def deal(**options):
        # Two players; seat 0 wins trick 1 with the A♥ and draws the 7♠ (the pinta is the 4♠).
        hand = cg.deal("guinote", players=2, hands=["AH 2H 3H 4H 5H 6H", "KH 2C 3C 4C 5C 6C"],
                       stock="7S 2D 3D 5D 2S 4S".split(), **options)
        return play(hand, "AH", "2C")

    hob = deal(seven_swap_rule="side_has_won_a_trick")
    assert C("7S") in hob.hands[0] and hob.tricks[0].winner == 0
    assert "swap-seven" not in legal(hob)
    assert "the exchange is made before drawing" in hob.why_illegal("swap-seven")
    with pytest.raises(cg.IllegalAction) as refused:
        hob.apply("swap-seven")
    assert refused.value.source == "HOB: 'antes de robar'"
    assert hob.view(1).seven_just_drawn is False     # only the holder knows when he drew it
    play(hob, "2H", "3C")                             # trick 2 (the 3♣ is no heart, no trump)
    assert hob.tricks[1].winner == 0 and C("7S") in hob.hands[0]
    assert "swap-seven" in legal(hob)                 # now it may be exchanged
    godot = deal()
    assert "swap-seven" in legal(godot)


def final_draw_deal(stock: str):
    return cg.deal("guinote", hands=["2H 3H 4H 5H 6H 2C", "KH QH JH 3C 4C 5C",
                                     "AH 7S 6C 7C JC QC", "2S 3S 4S 5S 6S KC"],
                   stock=stock.split())


def test_after_the_fourth_trick_the_seven_is_exchanged_before_the_final_draw():
    # S3: "At the end of the fourth trick, the last player to draw will pick up the Pinta";
    # RULES.md G-A3: "After trick 4 it must be done before the final draw". The engine lets every
    # other seat draw, and the last drawer takes the face-up card at the next lead, so the swap
    # needs nobody to say "no".
    hand = play(final_draw_deal("2D 3D 4D AS"), "2H", "3C", "AH", "KC")
    assert hand.tricks[0].winner == 2
    assert [len(h) for h in hand.hands] == [6, 5, 6, 6] and hand.stock == [C("AS")]
    assert hand.pinta_pending == 1                # seat 1 draws last: the pinta
    assert "swap-seven" in legal(hand)           # seat 2 held the 7♠ before the final draw
    hand.apply("swap-seven")
    assert C("AS") in hand.hands[2] and hand.face_up == C("7S")
    hand.apply("2D")                              # the lead: seat 1 takes the face-up 7♠
    assert C("7S") in hand.hands[1] and not hand.stock and hand.in_arrastre
    assert C("7S") in hand.view(3).visible_cards()   # everybody saw which card it took
    # A 7 drawn in the final round came too late.
    late = play(cg.deal("guinote", hands=["2H 3H 4H 5H 6H 2C", "KH QH JH 3C 4C 5C",
                                         "AH 7D 6C 7C JC QC", "2S 3S 4S 5S 6S KC"],
                         stock="7S 3D 4D AS".split()), "2H", "3C", "AH", "KC")
    assert C("7S") in late.hands[2] and "swap-seven" not in legal(late)
    assert "before the final draw" in late.why_illegal("swap-seven")


# -- the game to 101: idas, vueltas, claims ---------------------------------------------------

TWO_TRICKS = dict(players=2, hands=["AH 2C", "3H 4C"], stock=[], trump="S")


#: A vueltas where a side must claim 101 (claim_mode='explicit'): played out without a claim,
#: it is counted at its end like the idas. Points carried in from the idas: 95 and 92.
UNCLAIMED = dict(vueltas=True, carried=[95, 92], claim_mode="explicit", **TWO_TRICKS)


def test_a_hand_counted_at_the_end_with_both_over_101_goes_to_the_last_trick():
    # S3: "A team wins the game once they reach 101 points or more." PRON: "en caso de que ambas
    # parejas obtengan una puntuación final de más de 101 puntos ... la pareja ganadora será la
    # que haya conseguido las 10 de últimas."
    hand = play(cg.deal("guinote", **UNCLAIMED), "AH", "3H")
    assert hand.score == [21, 0] and not hand.is_over     # 116, but nobody claims
    play(hand, "2C", "4C")
    assert hand.totals == [116, 102] and hand.game_winner == 1
    assert "took the last trick" in hand.end_reason
    higher = play(cg.deal("guinote", both_over_tiebreak="higher_total", **UNCLAIMED),
                  "AH", "3H", "2C", "4C")
    assert higher.game_winner == 0 and "higher total" in higher.end_reason


def test_the_idas_starts_from_nothing():
    # S3: "If neither team has earned 101 points by the end of the game, the game is continued
    # with a second round": points are carried into the vueltas, never into the first hand.
    with pytest.raises(cg.SetupError, match="the idas .* starts from 0 to 0"):
        cg.deal("guinote", carried=[95, 92], **TWO_TRICKS)


def test_planas_minimum_of_card_points():
    # RULES.md G-A8, GODOT (Planas): "a side with fewer than 30 card points (marriages not
    # counted) cannot win by points"; min_card_points_to_win=30.
    moves = ("AH", "3H", "2C", "4C")
    neither = play(cg.deal("guinote", min_card_points_to_win=30, **UNCLAIMED), *moves)
    assert neither.trick_points_by_side() == [21, 10] and neither.game_winner is None
    assert "the vueltas follow" in neither.end_reason
    # The idas shared its 130 card points 90 to 40 (marriages made the rest of 95 and 92); with
    # a minimum of 60, side 1's 40 + 10 card points are too few.
    one = play(cg.deal("guinote", carried_cards=[90, 40], min_card_points_to_win=60,
                       **UNCLAIMED), *moves)
    assert one.totals == [116, 102] and one.game_winner == 0   # 111 card points against 50


def test_neither_at_101_means_the_vueltas():
    # S3: "If neither team has earned 101 points by the end of the game, the game is continued
    # with a second round."
    hand = play(cg.deal("guinote", **TWO_TRICKS), "AH", "3H", "2C", "4C")
    assert hand.game_winner is None and "vueltas" in hand.end_reason


def test_in_the_vueltas_101_ends_the_game_at_once():
    # L40: points count "inmediatamente si es la partida de vueltas"; S3: "The second round does
    # not have to be played through to completion." claim_mode='auto' (RULES.md G-A7).
    hand = cg.deal("guinote", vueltas=True, carried=[95, 60], **TWO_TRICKS)
    play(hand, "AH", "3H")
    assert hand.is_over and hand.game_winner == 0 and hand.totals == [116, 60]
    assert len(hand.tricks) == 1 and hand.hands == [cards("2C"), cards("4C")]
    assert "reaches 116" in hand.end_reason


def test_a_marriage_can_end_the_vueltas():
    # RULES.md §4.1: "In the vueltas, marriages also count at once: a marriage that takes a side
    # to 101 or more can end the game."
    story = cg.deal("guinote", players=2, hands=["AH KC QC", "4H 2D 3D"], stock=[], trump="S",
                    vueltas=True, carried=[85, 50])
    play(story, "AH", "4H")                # 11 points: 96, not yet 101
    assert not story.is_over and "marriage C" in legal(story)
    story.apply("marriage C")              # +20: 116
    assert story.is_over and story.game_winner == 0 and "marriage in clubs" in story.end_reason


def test_an_explicit_claim_and_a_false_claim():
    # S3: "A team may declare that they have reached 101 points and end the game immediately. If
    # they kept track of their score incorrectly, the game still ends with the opposite team
    # winning." claim_mode='explicit'.
    right = cg.deal("guinote", vueltas=True, carried=[95, 60], claim_mode="explicit", **TWO_TRICKS)
    play(right, "AH", "3H")
    assert not right.is_over and "claim" in legal(right)
    # When a claim may be made is this program's reading (RULES.md G-A7), not the marriage rule.
    refusal = right.why_illegal("claim", seat=1)
    assert "a claim is made by the side that won the last trick" in refusal
    # the reading's source is kept apart from the words a player reads (IllegalAction.source)
    with pytest.raises(cg.IllegalAction) as refused:
        right.apply("claim", seat=1)
    assert "G-A7" not in str(refused.value) and "G-A7" in refused.value.source
    assert "may declare" not in refusal
    right.apply("claim")
    assert right.game_winner == 0 and "the claim is right" in right.end_reason
    wrong = cg.deal("guinote", vueltas=True, carried=[70, 60], claim_mode="explicit", **TWO_TRICKS)
    play(wrong, "AH", "3H", "claim")
    assert wrong.totals == [91, 60] and wrong.game_winner == 1
    assert "a wrong claim loses" in wrong.end_reason
    # No claims in the idas (allow_claim_in_idas=False), nor in the automatic mode.
    idas = play(cg.deal("guinote", claim_mode="explicit", **TWO_TRICKS), "AH", "3H")
    assert "only in the vueltas" in idas.why_illegal("claim")
    auto = play(cg.deal("guinote", vueltas=True, carried=[70, 60], **TWO_TRICKS), "AH", "3H")
    assert "ends by itself" in auto.why_illegal("claim")
    allowed = play(cg.deal("guinote", claim_mode="explicit", allow_claim_in_idas=True,
                           **TWO_TRICKS), "AH", "3H")
    assert "claim" in legal(allowed)


def test_a_vueltas_set_up_by_hand_carries_the_idas_played_again():
    # S3: the second round adds its points "onto their score"; POZ: "siempre dará las cartas el
    # jugador que consiga hacer las diez últimas". The idas played, the vueltas set up by hand,
    # 30 undos back into the idas, the idas played again differently: the vueltas keeps its
    # cards and carries the new idas' points, dealt by the winner of its last trick.
    match = cg.match("guinote", seed=1)
    rng = random.Random(1)
    while not match.hands:
        match.apply(rng.choice(match.hand.legal_actions()))
    first_idas = match.hands[0].score
    hands, stock = cg.deal("guinote", seed=999).initial_deal
    match.set_up_next(hands=hands, stock=stock)
    for _ in range(30):
        match.undo()
    rng = random.Random(302)
    while not match.hands:
        match.apply(rng.choice(match.hand.legal_actions()))
    idas = match.hands[0]
    assert idas.score != first_idas and idas.game_winner is None
    vueltas = match.hand
    assert vueltas.initial_deal == (hands, stock)
    assert list(vueltas.carried) == idas.score == match.scores
    assert vueltas.dealer == idas.tricks[-1].winner
    while not match.is_over:
        match.apply(rng.choice(match.hand.legal_actions()))
        assert match.is_over or max(match.running_scores) < 101
    assert match.scores[match.winner] >= 101
    assert cg.load(match.to_json()).scores == match.scores


def test_a_hand_set_up_by_hand_takes_the_target_and_points_from_the_match():
    # S3: "A team wins the game once they reach 101 points or more", the second round "adding
    # points from the second round onto their score": a vueltas set up by hand inside a match
    # to 101 plays to 101, with the points the idas left.
    match = cg.match("guinote", seed=1)
    rng = random.Random(1)
    while not match.hands:
        match.apply(rng.choice(match.hand.legal_actions()))
    assert match.scores == [87, 43] and not match.is_over
    hands, stock = cg.deal("guinote", seed=999).initial_deal
    with pytest.raises(cg.SetupError, match=r"target is set by the match for hand 2 \(101\), not 50"):
        match.set_up_next(hands=hands, stock=stock, target=50)
    with pytest.raises(cg.SetupError, match=r"carried is set by the match for hand 2 \(\[87, 43\]\)"):
        match.set_up_next(hands=hands, stock=stock, carried=[0, 0])
    vueltas = match.set_up_next(hands=hands, stock=stock, target=101)
    assert vueltas.target == 101 and vueltas.carried == (87, 43) and vueltas.vueltas


def test_a_tute_wins_at_once_when_agreed():
    # RULES.md G-A9 (GODOT/Planas): all four Kings or four Queens: an instant win, declared in the
    # marriage window; tute_instant_win=False by default.
    setup = dict(hands=["2H 2C 2D 4C 4D", "4H 5C 5D 6C 6D", "AH KH KS KD KC", "5H 7C 7D JC JD"],
                 stock=[], trump="S")
    moves = ("2H", "4H", "AH", "5H")
    off = play(cg.deal("guinote", **setup), *moves)
    assert "tute" not in legal(off) and "wins nothing in this game" in off.why_illegal("tute")
    on = play(cg.deal("guinote", tute_instant_win=True, **setup), *moves)
    assert "tute" in legal(on)
    on.apply("tute")
    assert on.is_over and on.game_winner == 0 and "shows a tute" in on.end_reason
    assert on.declarations[-1].cards == tuple(cards("KH KS KD KC"))


# -- the match ---------------------------------------------------------------------------------


def play_match_until(match, rng, stop):
    while not match.is_over and not stop(match):
        match.apply(rng.choice(match.hand.legal_actions()))
    return match


def test_the_vueltas_carry_the_points_and_count_at_once():
    # S3: second round "adding points from the second round onto their score"; L40: counted
    # "inmediatamente si es la partida de vueltas"; POZ: "siempre dará las cartas el jugador que
    # consiga hacer las diez últimas".
    for seed in range(40):
        match = cg.match("guinote", seed=seed)
        rng = random.Random(seed)
        play_match_until(match, rng, lambda m: m.hands)
        if match.in_vueltas:
            break
    else:
        pytest.fail("no idas without a winner in 40 seeds")
    idas = match.hands[0]
    assert max(idas.score) < 101 and match.scores == idas.score and not match.game_results
    vueltas = match.hand
    assert vueltas.vueltas and list(vueltas.carried) == idas.score
    assert vueltas.dealer == idas.tricks[-1].winner
    while not match.is_over:
        match.apply(rng.choice(match.hand.legal_actions()))
        if not match.is_over:
            assert match.scores == [idas.score[u] + vueltas.score[u] for u in (0, 1)]
    winner = match.winner
    assert match.scores[winner] >= 101 > match.scores[1 - winner]   # the first to 101 wins
    assert match.game_results[0][0] == winner and len(match.hands) == 2
    # The record replays the vueltas too.
    loaded = cg.load(match.to_json())
    assert loaded.actions == match.actions and loaded.scores == match.scores
    assert loaded.winner == winner
    hand_record = cg.load(vueltas.to_json())
    assert hand_record.history == vueltas.history and hand_record.game_winner == winner


def test_a_false_claim_in_the_match_gives_the_game_away():
    # S3: "If they kept track of their score incorrectly, the game still ends with the opposite
    # team winning."
    for seed in range(40):
        match = cg.match("guinote", seed=seed, claim_mode="explicit")
        rng = random.Random(seed)
        play_match_until(match, rng, lambda m: m.hands)
        if match.in_vueltas:
            break
    claimed = None
    while not match.is_over:
        hand = match.hand
        totals = [match.scores[u] for u in (0, 1)]
        mover = hand.to_move
        if "claim" in hand.legal_actions() and totals[hand.side(mover)] < 101:
            claimed = hand.side(mover)
            match.apply("claim")
            break
        options = [a for a in hand.legal_actions() if str(a) != "claim"]
        match.apply(rng.choice(options))
    assert claimed is not None and match.winner == 1 - claimed
    assert "wrong claim" in match.end_reason


def test_both_over_101_in_the_match():
    # PRON: both over 101: the side with the 10 de últimas wins. Scores carried into the
    # vueltas by scores=; with claim_mode='explicit' and nobody claiming, the vueltas is counted
    # at its end like the idas.
    match = cg.match("guinote", seed=8, scores=[98, 98], claim_mode="explicit")
    rng = random.Random(8)
    while not match.hands:
        match.apply(rng.choice([a for a in match.hand.legal_actions() if str(a) != "claim"]))
    idas = match.hands[0]
    assert match.scores == [98 + idas.score[0], 98 + idas.score[1]]
    assert min(match.scores) >= 101                       # both sides scored 3 or more
    assert match.winner == idas.side(idas.tricks[-1].winner) and match.is_over


@pytest.mark.parametrize("next_dealer", ["last_trick_winner", "rotate"])
def test_cotos_and_the_next_dealer(next_dealer):
    # ABELP: "un coto finaliza cuando una pareja gana 3 partidas"; penyapork: two cotos.
    # partidas_per_coto=2, cotos_to_win=2 here to keep the test short.
    match = cg.match("guinote", seed=4, partidas_per_coto=2, cotos_to_win=2, next_dealer=next_dealer)
    rng = random.Random(4)
    while not match.is_over:
        match.apply(rng.choice(match.hand.legal_actions()))
    games, cotos = [0, 0], [0, 0]
    for side, _, _ in match.game_results:
        games[side] += 1
        if games[side] == 2:
            cotos[side] += 1
            games = [0, 0]
    assert cotos == match.cotos_won and max(cotos) == 2 and cotos[match.winner] == 2
    assert len(match.game_results) >= 4
    for before, after in zip(match.hands, match.hands[1:]):
        if next_dealer == "rotate":
            assert after.dealer == (before.dealer + 1) % 4
        else:
            assert after.dealer == before.tricks[-1].winner
    for result in match.game_results:
        assert max(result[2]) >= 101


# -- random playouts and invariants -------------------------------------------------------------

OPTION_VALUES = {
    "direction": ["anticlockwise"],
    "cante_window": ["until_opponent_plays"],
    "cante_before_first_trick": [True],
    "seven_swap_rule": ["side_has_won_a_trick", "leader_only"],
    "seven_swap_allowed_before_first_trick": [True],
    "seven_swap_only_for_higher_pinta": [True],
    "arrastre_partner_exception": [False],
    "must_undertrump": [True],
    "allow_claim_in_idas": [True],
    "claim_mode": ["explicit"],
    "both_over_tiebreak": ["higher_total"],
    "min_card_points_to_win": [30],
    "tute_instant_win": [True],
    "next_dealer": ["rotate"],
    "partidas_per_coto": [3],
    "cotos_to_win": [2],
    "reveal_cante_cards": [False],
}
CASES = [({}, "defaults")] + [({o: v}, f"{o}={v}") for o, vs in OPTION_VALUES.items() for v in vs] + [
    ({"claim_mode": "explicit", "allow_claim_in_idas": True}, "explicit-claims-in-the-idas"),
    ({"tute_instant_win": True, "cante_before_first_trick": True,
      "seven_swap_allowed_before_first_trick": True}, "declarations-before-trick-1"),
]


def random_step(hand, rng) -> None:
    """One random action, sometimes an out-of-turn declaration."""
    opened = hand.open_actions_by_seat()
    if opened and rng.random() < 0.4:
        seat = rng.choice(sorted(opened))
        hand.apply(rng.choice(opened[seat]), seat=seat)
    else:
        hand.apply(rng.choice(hand.legal_actions()))


def check_hand(hand) -> None:
    marriages = [0, 0]
    for d in hand.declarations:
        if d.action.name == "marriage":
            assert d.points == (40 if d.action.suit is hand.trump else 20)
            marriages[hand.side(d.seat)] += d.points
    trick_points = hand.trick_points_by_side()
    assert [trick_points[u] + marriages[u] for u in (0, 1)] == hand.score
    for trick in hand.tricks:
        counted = sum(CARD_POINTS.get(c.rank, 0) for _, c in trick.cards)
        last = trick is hand.tricks[-1] and not any(hand.hands) and not hand.stock
        assert trick.points == counted + (10 if last else 0)
    played_out = not any(hand.hands) and not hand.stock
    if played_out:
        assert sum(trick_points) == 130          # 120 in cards + 10 for the last trick
        assert len(hand.tricks) == 40 // hand.seats
    else:
        assert hand.game_winner is not None       # only a won game stops a hand early


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("options", [c[0] for c in CASES], ids=[c[1] for c in CASES])
def test_random_playouts_keep_every_card_and_every_point(players, options):
    rng = random.Random(hash((players, tuple(options.items()))) & 0xFFFF)
    for seed in range(8):
        # Every other deal is a vueltas, some points carried in (counted at once).
        # (The idas shares at least 130 points, so 130 or more are carried.)
        first = rng.randrange(31, 100)
        game = {} if seed % 2 else {"vueltas": True, "carried": [first, rng.randrange(
            max(30, 130 - first), 100)]}
        hand = cg.deal("guinote", seed=seed, players=players, **game, **options)
        deck = sort_cards(iter_cards(hand))
        assert deck == sort_cards(FORTY_CARD_DECK)
        while not hand.is_over:
            assert hand.legal_actions()
            random_step(hand, rng)
            assert sort_cards(iter_cards(hand)) == deck
        check_hand(hand)
        if hand.game_winner is not None and hand.counts_at_once and options.get("claim_mode") != "explicit" \
                and not options.get("min_card_points_to_win"):
            # claim_mode='auto': the first side to 101 wins, the other is still below.
            won = hand.game_winner
            assert hand.totals[won] >= 101 and (hand.totals[1 - won] < 101 or not any(hand.hands))
    match = cg.match("guinote", seed=players, players=players, **options)
    while not match.is_over:
        opened = match.hand.open_actions_by_seat()
        if opened and rng.random() < 0.4:
            seat = rng.choice(sorted(opened))
            match.apply(rng.choice(opened[seat]), seat)
        else:
            match.apply(rng.choice(match.hand.legal_actions()))
    for finished in match.hands:
        check_hand(finished)
    assert match.winner in (0, 1) and match.cotos_won[match.winner] == match.options.cotos_to_win
    loaded = cg.load(match.to_json())
    assert loaded.actions == match.actions and loaded.winner == match.winner


def test_views_hide_every_secret_and_sample_playable_hands():
    # Hidden information: a seat sees its own cards, the face-up card under the stock, the cards
    # shown (the pinta drawn, the swapped pinta, declared marriages), and nothing else.
    rng = random.Random(2)
    for seed in range(4):
        hand = cg.deal("guinote", seed=seed)
        while not hand.is_over:
            played = {c for t in hand.tricks for _, c in t.cards} | {c for _, c in hand.trick}
            for seat in range(4):
                view = hand.view(seat)
                public = set(hand.hands[seat]) | played | {hand.pinta}
                public |= {c for s, c in hand.shown} | {c for d in hand.declarations for c in d.cards}
                assert set(view.visible_cards()) <= public
                hidden = [c for s, h in enumerate(hand.hands) if s != seat
                          for c in h if c not in hand.exposed(s)] + hand.stock[:-1]
                assert sort_cards(view.unseen) == sort_cards(hidden)
                sampled = view.sample(rng)
                assert sampled.hands[seat] == hand.hands[seat]
                assert sampled.face_up == hand.face_up
            random_step(hand, rng)
    sampled = cg.deal("guinote", seed=9).view(2).sample(random.Random(1))
    while not sampled.is_over:
        sampled.apply(random.choice(sampled.legal_actions()))
    assert sum(sampled.trick_points_by_side()) == 130


def test_the_same_seed_gives_the_same_hand_whatever_the_global_random_state():
    # STYLE.md (RLCard's determinism test).
    def run(disturb: bool):
        hand = cg.deal("guinote", seed=77)
        rng = random.Random(3)
        while not hand.is_over:
            if disturb:
                random.seed(random.random())
            random_step(hand, rng)
        return hand.history, hand.score

    assert run(False) == run(True)
    assert cg.deal("guinote", seed=77).initial_deal != cg.deal("guinote", seed=78).initial_deal


def test_undo_and_redo_across_declarations():
    hand = play(cg.deal("guinote", **MARRIAGES), "2D", "4D", "AD", "5D", "marriage H",
                "marriage C", "KH")
    before = (list(hand.history), [list(h) for h in hand.hands], hand.stock, list(hand.score))
    assert hand.undo() == C("KH")
    assert hand.pinta_pending == 1 and hand.stock == [C("6H")]   # the lead took the pinta
    assert hand.undo() == cg.Action("marriage", cg.Suit.CLUBS) and hand.score == [51, 0]
    hand.redo()
    hand.redo()
    assert (hand.history, hand.hands, hand.stock, hand.score) == before
    assert hand.history[5] == (0, cg.Action("marriage", cg.Suit.CLUBS))


def test_records_round_trip_and_refuse_tampering():
    hand = play(swap_deal(), "2H", "2C", "AH", "KC", "swap-seven")
    rng = random.Random(6)
    while not hand.is_over:
        random_step(hand, rng)
    text = hand.to_json()
    loaded = cg.load(text)
    assert loaded.history == hand.history and loaded.score == hand.score
    assert loaded.declarations == hand.declarations
    with pytest.raises(cg.RecordError, match="checksum"):
        cg.load(text.replace('"swap-seven"', '"claim"', 1))
    record = json.loads(text)
    del record["checksum"]
    record["actions"].insert(4, [1, "swap-seven"])
    with pytest.raises(cg.RecordError, match=r"action 5 \(seat 1: 'swap-seven'\)"):
        cg.load(json.dumps(record))
    seeded = cg.deal("guinote", seed=12, players=2)
    while not seeded.is_over:
        random_step(seeded, rng)
    again = cg.load(seeded.to_json())
    assert again.history == seeded.history and again.seed == 12


def test_a_set_up_deal_that_cannot_exist_is_refused():
    with pytest.raises(cg.SetupError, match="not in the Guinote deck"):
        cg.deal("guinote", players=2, hands=["TH", "2C"], stock=[], trump="S")
    with pytest.raises(cg.SetupError, match="multiple of 4"):
        cg.deal("guinote", hands=["2H", "3H", "4H", "5H"], stock=["AS", "2S"])
    with pytest.raises(cg.SetupError, match="give trump="):
        cg.deal("guinote", players=2, hands=["2H", "3H"], stock=[])
    with pytest.raises(cg.SetupError, match="makes spades trumps, not hearts"):
        cg.deal("guinote", players=2, hands=["2H", "3H"], stock=["4C", "AS"], trump="H")
    with pytest.raises(cg.SetupError, match="only for a deal set up by hand"):
        cg.deal("guinote", seed=1, trump="H")
    with pytest.raises(cg.SetupError, match="carried must be two whole numbers"):
        cg.deal("guinote", seed=1, carried=[1, 2, 3])
    with pytest.raises(cg.OptionError, match="played by 2, 4 players"):
        cg.deal("guinote", players=3)
    with pytest.raises(cg.OptionError, match="min_card_points_to_win"):
        cg.deal("guinote", min_card_points_to_win=-1)
    assert cg.get_game("Guiñote") is cg.GAMES["guinote"]


# -- issue 21: the words, and matches from a teacher's position -------------------------------


def test_the_last_trick_and_draw_lead_is_played_under_the_arrastre():
    # S3: "The Pinta will be the final card drawn." Once the last face-down cards are drawn, the
    # face-up card waits for the next lead (to be drawn by the last drawer), and everybody holds
    # his last cards: "Their opponents must beat the card if they can" applies to that trick.
    hand = cg.deal("guinote", hands=["AH 2C", "3H 4C", "KH 5C", "QH 6C"], stock="2S 4S 5S 7D".split())
    play(hand, "AH", "3H", "KH", "QH")
    assert hand.pinta_pending == 3 and hand.in_arrastre
    info = dict(hand.public_info())
    assert "arrastre" in info["Phase"] and "no need to follow" not in info["Phase"]
    assert "seat 3 draws it at the next lead" in info["Pinta"]
    assert not any("1 cards" in text for _, text in hand.public_info())
    hand.apply("2C")
    assert legal(hand) == {"4C"}          # seat 1 must beat the 2♣ with his 4♣
    assert "must beat the card" in hand.why_illegal("4S")


def test_a_card_not_in_the_forty_card_pack():
    # S3: "From the standard 52 card deck, remove the 8's, 9's, and 10's."
    hand = cg.deal("guinote", seed=1)
    assert "no 8s in Guinote's 40-card pack" in hand.why_illegal("8S")
    with pytest.raises(cg.IllegalAction, match="no Ts|no 10s|40-card pack"):
        hand.apply("10H")


def test_before_the_first_trick_only_the_eldest_side_may_declare():
    # cante_before_first_trick (S3 read literally: "the team that has the lead may declare"):
    # before trick 1 the eldest's side has the lead; an opponent's marriage is refused in those
    # words, not as if a trick had been won.
    hand = cg.deal("guinote", hands=["AH 2C", "KH QH", "KD 5C", "QD 6C"], stock=[], trump="S",
                   cante_before_first_trick=True)
    refusal = hand.why_illegal("marriage H", seat=1)
    assert "before the first trick only the eldest hand's side" in refusal
    assert "won the last trick" not in refusal


def test_a_match_with_points_on_the_board_starts_in_the_vueltas():
    # S3: "If neither team has earned 101 points by the end of the game, the game is continued
    # with a second round. The second round does not have to be played through to completion."
    # The only hand played with points carried is the vueltas, counted at once.
    match = cg.match("guinote", seed=2, scores=[95, 90])
    assert match.hand.vueltas and match.hand.carried == (95, 90)
    rng = random.Random(2)
    while not match.game_results:
        match.apply(rng.choice(match.hand.legal_actions()))
        assert match.running_scores == match.scores
    side, reason, totals = match.game_results[0]
    assert totals[side] >= 101 and "reaches" in reason
    assert len(match.hands[0].tricks) < 10          # ended as soon as 101 was reached
    # The idas starts from nothing, and the vueltas follows an idas that shared 130 points.
    with pytest.raises(cg.SetupError, match="starts from 0 to 0"):
        cg.match("guinote", seed=2, scores=[95, 90], vueltas=False)
    with pytest.raises(cg.SetupError, match="at least 130, not 0 \\+ 0 = 0"):
        cg.match("guinote", seed=2, vueltas=True)


@pytest.mark.parametrize("start, words", [
    (dict(scores=[150, 95]), "would have won the game"),
    # A first hand shares 130 points (120 in the cards, 10 for the last trick) and marriages.
    (dict(scores=[10, 5]), "add up to at least 130, not 10 \\+ 5 = 15"),
    (dict(scores=[95, 90], carried_cards=[80, 80]), "multiple of 130, not 80 \\+ 80 = 160"),
    (dict(scores=[-1, 20]), "negative"),
    (dict(scores=[50, 40], carried_cards=[60, 0]), "cannot carry 60 card points in 50 points"),
])
def test_impossible_starts_are_refused(start, words):
    # A game ends when a side with 101 is counted (S3: "A team wins the game once they reach
    # 101 points or more"); card points are part of the points.
    with pytest.raises(cg.SetupError, match=words):
        cg.match("guinote", seed=1, **start)
    # A side at 101 or more who lacks Planas' 30 card points has not won (min_card_points_to_win)
    # (60 card points and 60 in marriages, against 70 card points.)
    barred = cg.match("guinote", seed=1, scores=[120, 70], carried_cards=[60, 70],
                      min_card_points_to_win=70)
    assert barred.hand.vueltas and cg.load(barred.to_json()).match_args == barred.match_args


def test_a_vueltas_dealt_by_hand_cannot_carry_a_side_past_101():
    # S3: "A team wins the game once they reach 101 points or more": a side with 150 carried
    # would have won when the idas was counted, so no vueltas carries it.
    with pytest.raises(cg.SetupError, match="side 0 already has 150, at or past 101, and would "
                                            "have won the game when it was counted"):
        cg.deal("guinote", seed=1, vueltas=True, carried=[150, 95])
    # Planas (min_card_points_to_win): a side at 101 without the card points has not won.
    barred = cg.deal("guinote", seed=1, vueltas=True, carried=[120, 70], carried_cards=[60, 70],
                     min_card_points_to_win=70)
    assert barred.totals == [120, 70]


def test_action_words_take_the_text_apply_takes():
    # S3: "A marriage is composed of a King and Queen in the same suit" (20, 40 in trumps).
    hand = cg.deal("guinote", seed=1)
    other = next(s for s in cg.Suit if s is not hand.trump)
    assert hand.action_words(f"marriage {hand.trump.letter}") == "Declare 40 in trumps"
    assert hand.action_words(f"marriage {other.letter}") == f"Declare 20 in {other.plural}"
    assert hand.action_words("swap-seven") == "Swap the 7 for the pinta"
    with pytest.raises(cg.IllegalAction, match="not an action of Guinote; its actions are"):
        hand.action_words("double")
