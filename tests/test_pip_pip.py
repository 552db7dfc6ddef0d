"""Pip-Pip!, told as stories: a deal, the plays, the calls, the legal cards, the winner and points.

Each story cites the rule it checks: RULES.md §3 and the seeds' words (S0 = Fosdick's archived
page, S2 = Hervey's wording, GR-P = gamerules.com). Then random playouts over every player count
and option value with invariants, determinism, undo/redo, views and records.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import cardgames as cg
from cardgames.cards import sort_cards
from cardgames.cards import DOUBLE_DECK
from cardgames.engine import iter_cards
from cardgames.games.pip_pip import PACK_POINTS, STRENGTH, card_points, draw_for_deal
from helpers import cards

C = cg.Card.parse


def deal(hands: list[str], stock: str = "", trump: str = "C", **options) -> cg.Hand:
    return cg.deal("pip_pip", players=len(hands), hands=hands, stock=stock.split(), trump=trump,
                   **options)


def play(hand: cg.Hand, *moves: str) -> None:
    for move in moves:
        hand.apply(move)


# -- cards, rank, points -----------------------------------------------------------------------


def test_two_packs_seven_cards_each_and_the_stock():
    # S2: "Two standard packs are required, shuffled together"; "Seven cards are dealt face
    # downwards to each player, and the remainder of the pack is placed face downwards in the
    # centre of the table (the stock)".
    hand = cg.deal("pip_pip", seed=3, players=5)
    every = [c for h in hand.hands for c in h] + hand.stock
    assert Counter(every) == Counter(DOUBLE_DECK) and len(every) == 104
    assert all(count == 2 for count in Counter(every).values())
    assert [len(h) for h in hand.hands] == [7] * 5 and len(hand.stock) == 104 - 35
    assert hand.trump in cg.Suit and hand.to_move == 0 and hand.dealer == 4
    # RULES.md §3.1: "The two packs hold 264 card points".
    assert PACK_POINTS == 264 == sum(card_points(c) for c in DOUBLE_DECK)


def test_the_two_is_the_highest_card_and_trumps_beat_the_suit_led():
    # S2: "The cards rank as follows: 2, ace, King, Queen, Jack, 10, 9,8,7,6,5,4,3"; S0: "The
    # trick is won by the highest trump played (if any), otherwise it is won by the highest card
    # of the suit led."
    hand = deal(["AH 5S", "2H 6S", "KH 7S"])
    play(hand, "AH", "2H", "KH")
    assert hand.tricks[0].winner == 1
    assert "2♥ is the highest heart (the suit led)" in hand.explain_trick()
    # Card points: 2 = 11, A = 10, K = 5.
    assert hand.tricks[0].points == 26 and hand.score == [0, 26, 0]
    trumped = deal(["AH 5S", "3C 6S", "2H 7S"])       # clubs are trumps
    play(trumped, "AH", "3C", "2H")
    assert trumped.tricks[0].winner == 1
    assert "3♣ is the highest trump" in trumped.explain_trick()


def test_card_points_of_the_counting_cards():
    # S2: "11 points for each 2, 10 points for each Ace, five points for each King, four points
    # for each Queen and three points for each Jack"; others nothing.
    hand = deal(["2S", "AS", "KS", "QS", "JS", "TS"])
    play(hand, "2S", "AS", "KS", "QS", "JS", "TS")
    assert hand.tricks[0].winner == 0 and hand.tricks[0].points == 33
    assert "2♠ 11 + A♠ 10 + K♠ 5 + Q♠ 4 + J♠ 3" in hand.explain_trick()


def test_follow_suit_if_able_else_trump_or_discard():
    # S2: "A player must follow suit if he can; if not he may either discard or trump."
    hand = deal(["9H 2D", "4H 3C", "3C 6S"])            # clubs are trumps
    hand.apply("9H")
    assert list(hand.legal_actions()) == [C("4H")]
    with pytest.raises(cg.IllegalAction, match="must follow suit if he can.*must play a heart"):
        hand.apply("3C")
    assert hand.history == [(0, C("9H"))]          # the refusal changed nothing
    hand.apply("4H")
    # Seat 2 holds no heart: a trump or a discard, as he likes (RULES.md P-A10).
    assert sort_cards(hand.legal_actions()) == sort_cards(cards("3C 6S"))


# -- identical cards ------------------------------------------------------------------------------


def test_of_two_identical_cards_the_later_wins():
    # S0: "If two identical highest cards are played, the second one played to the trick wins
    # it." S2: "If two players play identical cards, the player of the second is deemed to have
    # played the higher card."
    hand = deal(["KH 5S", "KH 6S", "QH 7S"])
    play(hand, "KH", "KH", "QH")
    assert hand.tricks[0].winner == 1
    assert "the second one played to the trick wins it" in hand.explain_trick()


def test_identical_trumps_the_later_wins_and_a_higher_card_still_beats_both():
    # The same rule among trumps; an identical pair does not beat a higher card (RULES.md §3.1:
    # "between two identical cards, the one played later ranks higher").
    hand = deal(["AH 5S", "3C 6S", "3C 7S", "JH 8S"])   # clubs trumps
    play(hand, "AH", "3C", "3C", "JH")
    assert hand.tricks[0].winner == 2
    higher = deal(["QD 5S", "QD 6S", "KD 7S"], trump="S")
    play(higher, "QD", "QD", "KD")
    assert higher.tricks[0].winner == 2
    assert "played 2 times" not in higher.explain_trick()


# -- drawing and the dead stock ---------------------------------------------------------------------


def test_each_player_draws_right_after_his_own_play():
    # S2: "Immediately after a player has played to a trick he draws a card from the stock";
    # drawing therefore follows the order of play (RULES.md §3.1).
    hand = deal(["AS 2C", "3S 4C", "5S 6C"], stock="7D 8D 9D TD JD QD")
    hand.apply("AS")
    assert hand.hands[0] == cards("2C 7D") and hand.stock == cards("8D 9D TD JD QD")
    assert len(hand.hands[1]) == 2                  # seat 1 has not played, so not drawn
    hand.apply("3S")
    assert hand.hands[1] == cards("4C 8D")
    hand.apply("5S")
    assert hand.hands[2] == cards("6C 9D") and hand.stock == cards("TD JD QD")


# RULES.md §3.1 table: players -> (tricks with drawing, dead cards, total tricks).
DEAD_STOCK = {3: (27, 2, 34), 4: (19, 0, 26), 5: (13, 4, 20), 6: (10, 2, 17), 7: (7, 6, 14),
              8: (6, 0, 13), 9: (4, 5, 11), 10: (3, 4, 10), 11: (2, 5, 9), 12: (1, 8, 8)}


@pytest.mark.parametrize("players", sorted(DEAD_STOCK))
def test_when_the_stock_cannot_serve_everyone_the_rest_is_turned_up_and_dead(players):
    # S0: "Trick play continues until there are not enough cards left in the stock for each
    # player to draw one. At that point, the final cards in the stock are turned face-up, and
    # players play the remaining 7 cards from their hands to tricks." RULES.md §3.1's table
    # (the issue asks for 3, 5, 7 and 12 players in particular; every count is checked).
    drawing_tricks, dead, total = DEAD_STOCK[players]
    hand = cg.deal("pip_pip", seed=players, players=players)
    rng = random.Random(players)
    stock_before = hand.stock
    while len(hand.tricks) < drawing_tricks:
        assert hand.drawing and not hand.dead
        hand.apply(rng.choice(hand.legal_actions().cards))
    # The check comes at the start of the next trick: too few for everyone, so they are dead.
    assert not hand.drawing and hand.stock == [] and len(hand.dead) == dead
    assert hand.dead == stock_before[len(stock_before) - dead:]      # the last cards of the stock
    assert [len(h) for h in hand.hands] == [7] * players
    if dead:
        assert ("Dead", " ".join(c.label for c in hand.dead) + " (face up, no one's)") \
            in hand.public_info()
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions().cards))
    assert len(hand.tricks) == total
    # Dead cards score for nobody (RULES.md P-A7).
    assert sum(hand.score) == PACK_POINTS - sum(card_points(c) for c in hand.dead)


def test_dead_cards_are_public_in_every_view():
    hand = cg.deal("pip_pip", seed=1, players=12)
    rng = random.Random(0)
    for _ in range(12):
        hand.apply(rng.choice(hand.legal_actions().cards))
    view = hand.view(3)
    assert view.dead == hand.dead and len(hand.dead) == 8
    assert not set(view.unseen) - set(c for s, h in enumerate(hand.hands) if s != 3 for c in h)


# -- the call ------------------------------------------------------------------------------------


def test_a_call_before_the_first_trick_changes_the_trump_before_it_is_played():
    # S2: "'Pip-Pip' may be called and 50 points scored if a player is dealt the King and Queen
    # of a suit other than of the trump suit. The trump suit is then changed before the first
    # trick is played."
    hand = deal(["AD 5S", "KH QH", "2D 7S"])            # clubs trumps; seat 1 holds K♥ Q♥
    assert hand.open_actions_by_seat() == {1: [cg.Action("pip-pip", cg.Suit.HEARTS)]}
    hand.apply("pip-pip H")                              # found: only seat 1 may call it
    assert hand.score == [0, 50, 0] and hand.history[-1] == (1, cg.Action.parse("pip-pip H"))
    assert hand.declarations[0].cards == (C("KH"), C("QH"))
    assert hand.exposed(1) == cards("KH QH")             # "face upwards on the table"
    assert hand.next_trump is cg.Suit.HEARTS and hand.trump is cg.Suit.CLUBS
    hand.apply("AD")                                     # the lead: hearts are trumps now
    assert hand.trump is cg.Suit.HEARTS
    hand.apply("QH")                                     # void in diamonds: trumps
    hand.apply("2D")
    assert hand.tricks[0].winner == 1 and hand.tricks[0].context is cg.Suit.HEARTS
    assert "hearts are trumps" in hand.explain_trick()


def test_the_eldest_to_move_finds_his_calls_among_his_legal_actions():
    # The eldest leads, so his calls before trick 1 come with his cards (a choice, not a
    # question: a card played lets the moment pass).
    hand = deal(["KD QD 5S", "AH 6S 7S", "2H 8S 9S"])
    assert "pip-pip D" in hand.legal_actions()
    assert hand.legal_actions().named == [cg.Action("pip-pip", cg.Suit.DIAMONDS)]
    hand.apply("5S")                                     # he waits; after his own play ...
    assert hand.open_actions_by_seat() == {0: [cg.Action("pip-pip", cg.Suit.DIAMONDS)]}
    hand.apply("6S")                                     # ... until the next card is played
    assert hand.open_actions_by_seat() == {}


def test_a_call_during_a_trick_changes_the_trump_from_the_next_trick():
    # S2: "Immediately after a player has played to a trick he draws a card from the stock; if he
    # now holds in his hand the King and Queen of the same suit, other than of the trump suit, he
    # may call 'Pip-Pip' ... at the end of the current trick, the trump suit changes"; S0:
    # "immediately upon the lead to the next trick".
    hand = deal(["5S KH", "3C 6D", "4H 7D"], stock="QH 9S 9D")   # clubs trumps
    hand.apply("5S")                                     # seat 0 draws Q♥
    assert hand.open_actions(0) == [cg.Action("pip-pip", cg.Suit.HEARTS)]
    hand.apply("pip-pip H")
    hand.apply("3C")                                     # trumps the spade: clubs still trumps
    hand.apply("4H")                                     # a heart: not yet a trump
    assert hand.tricks[0].winner == 1 and hand.tricks[0].context is cg.Suit.CLUBS
    assert hand.trump is cg.Suit.CLUBS and hand.next_trump is cg.Suit.HEARTS
    hand.apply("6D")                                     # the lead of trick 2
    assert hand.trump is cg.Suit.HEARTS
    hand.apply("7D")
    hand.apply("QH")                                     # void in diamonds: the face-up Q♥
    assert hand.tricks[1].winner == 0 and hand.score == [50 + 4, 0, 0]
    assert hand.exposed(0) == [C("KH")]                  # the Queen has been played
    assert ("Trumps", "♥ hearts (called Pip-Pip by seat 0, in force from trick 2)") \
        in hand.public_info()


def test_the_window_closes_when_the_next_card_is_played():
    # RULES.md P-A2: "right after his own play (and draw) in any trick".
    hand = deal(["5S KH", "6S 6D", "4H 7D"], stock="QH 9S 9D")
    hand.apply("5S")
    hand.apply("6S")                                     # seat 0 let the moment pass
    assert hand.open_actions(0) == []
    reason = hand.why_illegal("pip-pip H", seat=0)
    assert "may not call now" in reason and "until the next card is played" in reason
    with pytest.raises(cg.IllegalAction, match="may not call now"):
        hand.apply("pip-pip H", seat=0)
    assert hand.score == [0, 0, 0]


def test_the_last_player_of_a_trick_may_call_until_the_next_lead():
    # The last player's play completes the trick; his window stays open until the next card.
    hand = deal(["AS 8D", "6S 8C", "7S KD"], stock="9H 9C QD")   # seat 2 will draw Q♦
    play(hand, "AS", "6S", "7S")
    assert hand.tricks[0].winner == 0 and hand.to_move == 0
    assert hand.open_actions_by_seat() == {2: [cg.Action("pip-pip", cg.Suit.DIAMONDS)]}
    assert hand.legal_actions().named == []              # the leader is asked nothing
    hand.apply("pip-pip D")
    hand.apply("8D")                                     # the lead: diamonds are trumps
    assert hand.trump is cg.Suit.DIAMONDS and hand.open_actions(2) == []


def test_the_last_player_who_wins_the_trick_calls_as_the_seat_to_move():
    hand = deal(["5S 8D", "6S 8C", "AS KD"], stock="9H 9C QD")
    play(hand, "5S", "6S", "AS")
    assert hand.to_move == 2
    assert hand.legal_actions().named == [cg.Action("pip-pip", cg.Suit.DIAMONDS)]
    hand.apply("pip-pip D")
    assert hand.score[2] == 50 + 10                      # the call, and the A♠


def test_no_call_in_the_current_trump_suit():
    # S0: "Pip-Pip! can only be declared if the suit of the King-Queen combination differs from
    # that of the current trump suit."
    hand = deal(["AD 5S", "KH QH", "2D 7S"], trump="H")
    assert hand.open_actions(1) == []
    with pytest.raises(cg.IllegalAction, match="differs from that of the current trump suit"):
        hand.apply("pip-pip H", seat=1)


def test_a_call_needs_both_cards():
    hand = deal(["AD 5S", "KH 2H", "2D 7S"])
    reason = hand.why_illegal("pip-pip H", seat=1)
    assert "holds no Q♥" in reason
    assert "the only call is 'pip-pip'" in hand.why_illegal("marriage H")
    assert "say which suit" in hand.why_illegal("pip-pip")


def test_a_king_or_queen_pairs_only_once():
    # S2: "A King or a Queen once paired cannot be paired a second time."
    hand = deal(["KH QH KH 5S", "AS 6S 7S 8S", "2S 8S 9S TS"])
    assert hand.legal_actions().named == [cg.Action("pip-pip", cg.Suit.HEARTS)]
    hand.apply("pip-pip H")                              # K♥ and Q♥ paired; a K♥ is left
    assert hand.legal_actions().named == []              # its Queen is already paired
    assert "once paired cannot be paired a second time: seat 0's Q♥ is already paired" \
        in hand.why_illegal("pip-pip H")
    assert hand.score == [50, 0, 0]


def test_two_calls_in_one_suit_with_both_kings_and_both_queens():
    # S0: "A player may call Pip-Pip! twice in the same suit if he has both Kings and Queens of
    # that suit." RULES.md P-A5: checked against the trump in force when calling, so both calls
    # can be made before trick 1: 100 points.
    hand = deal(["5S 6S 7S 8S 9S", "KH KH QH QH 8S", "AS 9S TS JS 2S"])   # clubs trumps
    hand.apply("pip-pip H", seat=1)
    assert hand.open_actions(1) == [cg.Action("pip-pip", cg.Suit.HEARTS)]   # still clubs trumps
    hand.apply("pip-pip H", seat=1)
    assert hand.score[1] == 100 and sort_cards(hand.exposed(1)) == sort_cards(cards("KH KH QH QH"))
    assert hand.open_actions(1) == []                    # every King and Queen is paired
    assert "once paired" in hand.why_illegal("pip-pip H", seat=1)


def test_the_second_pair_after_its_suit_became_trump_waits_for_another_trump():
    # RULES.md P-A5: once hearts are in force, the second heart pair cannot be called ("can only
    # be declared if the suit ... differs from that of the current trump suit"); when another
    # call has moved the trump away, it can.
    hand = deal(["KH KH QH QH 5S 6S", "KD QD 7S 8S 9S 3D", "AS TS JS 2S 4D 5D"],
                stock="4C 5C 6C 7C 8C 9C")
    hand.apply("pip-pip H")                              # seat 0 calls one pair and waits
    hand.apply("5S")                                     # the lead: hearts are trumps
    assert hand.trump is cg.Suit.HEARTS and hand.open_actions(0) == []
    assert "current trump suit" in hand.why_illegal("pip-pip H", seat=0)
    hand.apply("7S")
    hand.apply("pip-pip D")                              # seat 1, just after his play
    hand.apply("AS")                                     # seat 2 wins trick 1
    hand.apply("TS")                                     # the lead of trick 2: diamonds
    assert hand.trump is cg.Suit.DIAMONDS
    hand.apply("6S")
    assert hand.open_actions(0) == [cg.Action("pip-pip", cg.Suit.HEARTS)]
    hand.apply("pip-pip H")
    assert hand.score[0] == 100 and len(hand.exposed(0)) == 4


def test_several_calls_before_the_same_trick_last_or_first_decides():
    # S0: "If two or more players declare Pip-Pip prior to the next trick, each scores 50 points
    # for his declaration. The trump suit is changed to the last one called." S2: "The trump
    # suit is changed to that of the player who was first to call" (multi_call_trump='first').
    # RULES.md P-A1: before trick 1 the calls count in seat order from the eldest, whatever order
    # they are entered in.
    hands = ["KH QH 5S", "AS 6S 7S", "KD QD 9S"]
    for rule, trump in (("last", cg.Suit.DIAMONDS), ("first", cg.Suit.HEARTS)):
        hand = deal(hands, multi_call_trump=rule)
        hand.apply("pip-pip D", seat=2)                  # entered first, but seat 2 is later
        hand.apply("pip-pip H")                          # the eldest, to move
        assert hand.score == [50, 0, 50] and hand.next_trump is trump
        hand.apply("5S")
        assert hand.trump is trump


def test_several_calls_during_play_count_in_the_order_of_play():
    hands = ["5S KH", "6S KD", "7S 8C"]
    for rule, trump in (("last", cg.Suit.DIAMONDS), ("first", cg.Suit.HEARTS)):
        hand = deal(hands, stock="QH QD 9C", multi_call_trump=rule)
        hand.apply("5S")
        hand.apply("pip-pip H")                          # seat 0 drew Q♥
        hand.apply("6S")
        hand.apply("pip-pip D")                          # seat 1 drew Q♦
        hand.apply("7S")
        assert hand.trump is cg.Suit.CLUBS and hand.score[:2] == [50, 50]
        hand.apply(hand.legal_actions().cards[0])        # the lead of trick 2
        assert hand.trump is trump


def test_a_suit_called_but_not_yet_in_force_may_be_called_again():
    # RULES.md P-A6: the "current trump" is still the old one.
    hand = deal(["KH QH 5S", "KH QH 6S", "AS 7S 8S"])
    hand.apply("pip-pip H")
    hand.apply("pip-pip H", seat=1)
    assert hand.score == [50, 50, 0]


def test_calling_is_optional_and_nobody_is_asked():
    # S0: "Calling PIp-PIp! is optional. So a player might acquire a King-Queen pair and declare
    # Pip-Pip! immediately, or he might wait to declare it at a more advantageous time". S2: "if
    # he does not call he cannot score the bonus of 50 points". Nobody is asked "call or not?":
    # the call is an out-of-turn action, and the next card played lets the moment pass.
    hand = deal(["KH QH 5S 6S", "AS 7S 8S 9S", "2S TS JS 3D"], stock="4D 5D 6D 7D 8D 9D")
    hand.apply("5S")                                     # the eldest waits
    assert hand.legal_actions().named == [] and hand.open_actions_by_seat() == {
        0: [cg.Action("pip-pip", cg.Suit.HEARTS)]}
    play(hand, "7S", "2S")                               # seat 0 still waits; seat 2 wins
    assert hand.open_actions_by_seat() == {} and hand.legal_actions().named == []
    # Trick 2: seat 2 leads, then seat 0 plays and may call at the moment he chose.
    hand.apply("TS")
    assert hand.to_move == 0 and hand.legal_actions().named == []   # not his moment
    hand.apply("6S")
    hand.apply("pip-pip H")
    assert hand.score[0] == 50


def test_only_after_completing_draw_the_pair_must_include_the_card_just_drawn():
    # RULES.md P-A2, call_window='only_after_completing_draw' (S2 strictly: "Immediately after a
    # player has played to a trick he draws a card from the stock; if he now holds ...").
    setup = dict(hands=["KH QH 5S", "KD 6S 7S", "AS 8S 9S"], stock="3C QD 4C 5C 6C 7C 8C 9C TC")
    strict = deal(call_window="only_after_completing_draw", **setup)
    assert strict.legal_actions().named == [cg.Action("pip-pip", cg.Suit.HEARTS)]  # dealt: yes
    strict.apply("5S")                                   # waited; draws 3♣
    assert strict.open_actions(0) == []
    assert "pair must include the card just drawn" in strict.why_illegal("pip-pip H", seat=0)
    strict.apply("6S")                                   # seat 1 draws Q♦: completes K♦ Q♦
    assert strict.open_actions(1) == [cg.Action("pip-pip", cg.Suit.DIAMONDS)]
    # By default the waiting player may call after any later play of his own.
    default = deal(**setup)
    default.apply("5S")
    assert default.open_actions(0) == [cg.Action("pip-pip", cg.Suit.HEARTS)]


def test_only_after_completing_draw_no_calls_once_drawing_has_stopped():
    hand = deal(["5S KD", "6S 7S", "AS 8S"], stock="QD 4C", call_window="only_after_completing_draw")
    assert not hand.drawing                              # 2 cards for 3 players: dead at once
    hand.apply("5S")
    assert hand.open_actions(0) == []
    assert "drew no card" in hand.why_illegal("pip-pip D", seat=0)


def test_face_up_cards_still_follow_suit():
    # S0: "Cards laid on the table for Pip-Pip! are played to tricks just as if they resided in
    # the player's hand."
    hand = deal(["AH 5S 9D", "KH QH 6D", "2H 7S 8D"])
    hand.apply("pip-pip H", seat=1)
    hand.apply("AH")
    assert sort_cards(hand.legal_actions()) == sort_cards(cards("KH QH"))
    with pytest.raises(cg.IllegalAction, match="face-up K♥, Q♥ count"):
        hand.apply("6D")
    hand.apply("QH")
    assert hand.exposed(1) == [C("KH")]


def test_of_two_identical_kings_the_face_up_one_is_played_first():
    # The copy played when one King of hearts is face up and the other hidden: the face-up one,
    # so the hidden one may still pair (a card pairs only once).
    hand = deal(["KH QH KH 5S", "AS 6S 7S 8S", "2S 9S TS JS"], stock="QH 3D 4D 5D 6D 7D")
    hand.apply("pip-pip H")
    hand.apply("5S")                                     # hearts trumps; seat 0 draws Q♥
    play(hand, "6S", "2S")                               # seat 2 wins with the 2♠
    hand.apply("TS")                                     # seat 0 is void in spades: he trumps
    hand.apply("KH")
    assert hand.exposed(0) == [C("QH")]                  # the face-up K♥ went
    assert hand.hands[0].count(C("KH")) == 1


def test_a_view_shows_the_face_up_pair_but_not_the_card_just_drawn():
    # RULES.md §3.1: the called cards lie face up; what a player draws stays his secret.
    hand = deal(["KH QH 5S", "KD 6S 7S", "AS 8S 9S"], stock="3C QD 4C 5C 6C 7C",
                call_window="only_after_completing_draw")
    hand.apply("pip-pip H")
    hand.apply("5S")
    hand.apply("6S")                                     # seat 1 draws Q♦
    other = hand.view(2)
    assert other.drawn is None and C("QD") not in other.hands[1]
    assert [c for c in other.hands[0] if c is not None] == cards("KH QH")
    own = hand.view(1)
    assert own.drawn == C("QD") and own.legal_actions() == ()
    sampled = other.sample(random.Random(2))
    assert sampled.hands[0].count(C("KH")) >= 1 and sampled.exposed(0) == cards("KH QH")
    while not sampled.is_over:
        sampled.apply(random.choice(sampled.legal_actions()))


# -- set-up deals -------------------------------------------------------------------------------


def test_a_set_up_deal_needs_its_trump_and_a_possible_pack():
    with pytest.raises(cg.SetupError, match="needs its trump suit"):
        cg.deal("pip_pip", players=3, hands=["AH", "2H", "3H"], stock=[])
    with pytest.raises(cg.SetupError, match="not a suit"):
        cg.deal("pip_pip", players=3, hands=["AH", "2H", "3H"], stock=[], trump="X")
    with pytest.raises(cg.SetupError, match="more often than the deck"):
        cg.deal("pip_pip", players=3, hands=["AH", "AH", "AH"], stock=[], trump="S")
    with pytest.raises(cg.SetupError, match="deal set up by hand"):
        cg.deal("pip_pip", seed=1, trump="H")
    with pytest.raises(cg.OptionError, match="3, 4, 5, 6, 7, 8, 9, 10, 11, 12 players"):
        cg.deal("pip_pip", players=2)
    assert deal(["AH", "AH", "3H"], trump="♥").trump is cg.Suit.HEARTS


def test_names_and_aliases():
    for name in ("pip_pip", "pip-pip", "Pip-Pip!", "pippip", "PIP-PIP"):
        assert cg.get_game(name).name == "pip_pip"
    assert cg.get_game("pip_pip").title == "Pip-Pip!"


# -- random playouts ------------------------------------------------------------------------------


def playout(hand: cg.Hand, rng: random.Random, call_rate: float = 0.5, check: bool = True) -> int:
    """Play to the end, taking open calls at random; check the invariants after every action."""
    deck = Counter(iter_cards(hand))
    assert deck == Counter(DOUBLE_DECK)                  # 104 cards: every card twice
    calls = 0
    while not hand.is_over:
        open_calls = hand.open_actions_by_seat()
        if open_calls and rng.random() < call_rate:
            seat = rng.choice(sorted(open_calls))
            hand.apply(rng.choice(open_calls[seat]), seat=seat)
        else:
            legal = hand.legal_actions()
            assert legal.cards, "a seat to move always has a card to play"
            hand.apply(rng.choice(legal))
        if isinstance(hand.history[-1][1], cg.Action):
            calls += 1
            # Never in the suit in force when called (S0), and it is waiting for the next lead.
            assert hand.history[-1][1].suit is not hand.trump
            assert hand.pending[-1] == (hand.history[-1][0], hand.history[-1][1].suit)
        if check:
            # Every card in exactly one place: hands, stock, trick, tricks, or dead (set aside).
            assert Counter(iter_cards(hand)) == deck and hand.set_aside() == hand.dead
            for seat in range(hand.seats):
                assert not Counter(hand.exposed(seat)) - Counter(hand.hands[seat])
    return calls


OPTION_VALUES = [("multi_call_trump", "last"), ("multi_call_trump", "first"),
                 ("call_window", "after_own_play_any_trick"),
                 ("call_window", "only_after_completing_draw"),
                 ("trump_for_later_hands", "cut_by_dealers_right"),
                 ("trump_for_later_hands", "dealer_cuts"),
                 ("first_dealer", "highest"), ("first_dealer", "lowest"),
                 ("deals_per_player", 1), ("deals_per_player", 2), ("tie_policy", "shared")]


def test_the_option_list_covers_every_option():
    assert {name for name, _ in OPTION_VALUES} == set(cg.GAMES["pip_pip"].options)
    for name, option in cg.GAMES["pip_pip"].options.items():
        assert set(option.choices) <= {v for n, v in OPTION_VALUES if n == name}


@pytest.mark.parametrize("players", range(3, 13))
@pytest.mark.parametrize("option, value", OPTION_VALUES)
def test_random_playouts_keep_every_card_and_every_point(players, option, value):
    # RULES.md §3.1: 104 cards, 264 card points (dead cards score for nobody), 50 per call; the
    # hand ends with every hand empty after the tricks the table gives.
    rng = random.Random(players * 100 + OPTION_VALUES.index((option, value)))
    for seed in range(3):
        hand = cg.deal("pip_pip", seed=seed, players=players, **{option: value})
        calls = playout(hand, rng, check=seed == 0)
        dead_points = sum(card_points(c) for c in hand.dead)
        assert sum(t.points for t in hand.tricks) + dead_points == PACK_POINTS
        assert len(hand.declarations) == calls
        assert sum(hand.score) == PACK_POINTS - dead_points + 50 * calls
        for seat in range(players):
            won = sum(t.points for t in hand.tricks if t.winner == seat)
            called = sum(1 for d in hand.declarations if d.seat == seat)
            assert hand.score[seat] == won + 50 * called
        assert len(hand.tricks) == DEAD_STOCK[players][2] and len(hand.dead) == DEAD_STOCK[players][1]
        assert all(not h for h in hand.hands) and not hand.stock
        # No suit was called while it was trump, and no card paired twice.
        for seat in range(players):
            pairs = Counter(d.action.suit for d in hand.declarations if d.seat == seat)
            assert all(n <= 2 for n in pairs.values())


def test_calls_happen_in_random_play_and_change_trumps():
    # The playouts above would prove little if nobody ever called: here every open call is made.
    rng = random.Random(5)
    changed = total = 0
    for seed in range(20):
        hand = cg.deal("pip_pip", seed=seed, players=6)
        total += playout(hand, rng, call_rate=1.0, check=False)
        changed += len({t.context for t in hand.tricks}) > 1
    assert total > 20 and changed > 5


@pytest.mark.parametrize("players", range(3, 13))
@pytest.mark.parametrize("option, value", [("first_dealer", "highest"), ("first_dealer", "lowest"),
                                           ("trump_for_later_hands", "dealer_cuts"),
                                           ("deals_per_player", 2)])
def test_matches_end_when_everyone_has_dealt_equally_often(players, option, value):
    # S2: "The players draw cards. He who shows the highest deals first, and the card drawn
    # determines the trump suit. Thereafter the deal passes to the left, and the trump suit is
    # determined by the player to the right of the dealer cutting the pack." "The game ends when
    # every player has dealt an equal number of times."
    match = cg.match("pip_pip", seed=players, players=players, **{option: value})
    story = ""
    draw = match.dealer_draw
    lowest = option == "first_dealer" and value == "lowest"
    pick = min if lowest else max
    assert [s for s, _ in draw[0]] == list(range(players))      # everyone draws
    for drawn, again in zip(draw, draw[1:]):           # ties draw again (RULES.md P-A4)
        best = pick(STRENGTH[c.rank] for _, c in drawn)
        assert [s for s, _ in again] == [s for s, c in drawn if STRENGTH[c.rank] == best]
    best = pick(STRENGTH[c.rank] for _, c in draw[-1])
    assert [s for s, c in draw[-1] if STRENGTH[c.rank] == best] == [match.hand.dealer]
    winner_card = dict(draw[-1])[match.hand.dealer]
    assert match.hand.trump is winner_card.suit       # "the card drawn determines the trump"
    assert "draw for the deal" in match.hand.trump_story()
    rng = random.Random(players)
    while not match.is_over:
        open_calls = match.hand.open_actions_by_seat()
        if open_calls and rng.random() < 0.3:
            seat = min(open_calls)
            match.apply(open_calls[seat][0], seat)
        else:
            match.apply(rng.choice(match.hand.legal_actions()))
        if len(match.hands) == 1 and not match.hand.history:
            story = match.hand.trump_story()               # the second hand, before any call
    times = value if option == "deals_per_player" else 1
    dealers = [h.dealer for h in match.hands]
    assert Counter(dealers) == Counter({s: times for s in range(players)})
    assert all(b == (a + 1) % players for a, b in zip(dealers, dealers[1:]))   # to the left
    assert match.scores == [sum(h.score[s] for h in match.hands) for s in range(players)]
    best = max(match.scores)
    top = [s for s in range(players) if match.scores[s] == best]
    if len(top) == 1:
        assert match.winner == top[0] and match.tied == ()
    else:
        assert match.winner is None and match.tied == tuple(top)
    cutter = "the dealer" if option == "trump_for_later_hands" else "on the dealer's right"
    assert cutter in story and "cut the" in story


def test_a_tied_top_score_is_a_shared_win():
    # RULES.md P-A8: "A tied top score is a shared win" (tie_policy='shared').
    def run(scores):
        match = cg.match("pip_pip", seed=8, players=3, scores=scores)
        rng = random.Random(8)
        while not match.is_over:
            match.apply(rng.choice(match.hand.legal_actions()))
        return match

    rehearsal = run(None)
    gained = rehearsal.scores
    match = run([max(gained) - g for g in gained])     # the same play: everyone ends level
    assert match.scores == [max(gained)] * 3
    assert match.winner is None and match.tied == (0, 1, 2) and "share the win" in match.end_reason
    with pytest.raises(cg.IllegalAction, match="the match is over"):
        match.apply("AS")


def test_a_match_has_no_target():
    with pytest.raises(cg.SetupError, match="no target score"):
        cg.match("pip_pip", seed=1, target=500)


def test_draw_for_deal_redraws_ties():
    # RULES.md P-A4: "Use game ranking (2 high); redraw ties".
    for seed in range(40):
        rounds, dealer, card = draw_for_deal(random.Random(seed), 12)
        for drawn, following in zip(rounds, rounds[1:]):
            best = max(STRENGTH[c.rank] for _, c in drawn)
            assert sorted(s for s, _ in following) == sorted(s for s, c in drawn
                                                             if STRENGTH[c.rank] == best)
        assert [s for s, _ in rounds[-1]].count(dealer) == 1 and dict(rounds[-1])[dealer] == card


# -- determinism, undo, records ---------------------------------------------------------------


def test_the_same_seed_gives_the_same_hand_whatever_the_global_random_state():
    def run(disturb: bool) -> tuple:
        hand = cg.deal("pip_pip", seed=42, players=5)
        rng = random.Random(1)
        while not hand.is_over:
            if disturb:
                random.seed(random.random())
            open_calls = hand.open_actions_by_seat()
            if open_calls:
                seat = min(open_calls)
                hand.apply(open_calls[seat][0], seat=seat)
            else:
                hand.apply(rng.choice(hand.legal_actions()))
        return hand.history, hand.score, hand.trump, hand.dead

    assert run(False) == run(True)
    assert cg.deal("pip_pip", seed=42).trump == cg.deal("pip_pip", seed=42).trump
    assert cg.match("pip_pip", seed=9).hand.initial_deal == cg.match("pip_pip", seed=9).hand.initial_deal


def test_undo_and_redo_take_back_calls_and_plays():
    hand = deal(["5S KH", "3C 6D", "4H 7D"], stock="QH 9S 9D")
    hand.apply("5S")
    before = (list(hand.history), hand.score[:], hand.exposed(0), hand.next_trump)
    hand.apply("pip-pip H")
    assert hand.undo() == cg.Action("pip-pip", cg.Suit.HEARTS)
    assert (hand.history, hand.score, hand.exposed(0), hand.next_trump) == before
    hand.redo()
    assert hand.score == [50, 0, 0] and hand.history[-1][0] == 0
    play(hand, "3C", "4H", "6D")
    assert hand.trump is cg.Suit.HEARTS
    hand.undo()
    assert hand.trump is cg.Suit.CLUBS and hand.next_trump is cg.Suit.HEARTS


def test_records_round_trip_with_calls_and_refuse_tampering():
    for seed in range(17, 40):                         # a hand with at least two calls
        hand = cg.deal("pip_pip", seed=seed, players=4, multi_call_trump="first")
        if playout(hand, random.Random(seed), call_rate=1.0, check=False) >= 2:
            break
    loaded = cg.load(hand.to_json())
    assert loaded.history == hand.history and loaded.score == hand.score
    assert [t.context for t in loaded.tricks] == [t.context for t in hand.tricks]
    assert loaded.dead == hand.dead and loaded.options == hand.options
    record = json.loads(hand.to_json())
    call_at = next(i for i, (_, a) in enumerate(record["actions"]) if a.startswith("pip-pip"))
    seat, text = record["actions"][call_at]
    before = hand.replayed(hand.history[:call_at])
    closed = next(s for s in "SHDC" if all(f"pip-pip {s}" not in before.calls(x) for x in range(4)))
    record["actions"][call_at] = [seat, f"pip-pip {closed}"]     # a call nobody could make
    with pytest.raises(cg.RecordError, match="checksum"):
        cg.load(json.dumps(record))
    del record["checksum"]
    with pytest.raises(cg.RecordError, match=f"action {call_at + 1}"):
        cg.load(json.dumps(record))


def test_set_up_records_keep_their_trump():
    hand = deal(["5S KH", "3C 6D", "4H 7D"], stock="QH 9S 9D", trump="D")
    hand.apply("5S")
    hand.apply("pip-pip H")
    loaded = cg.load(hand.to_json())
    assert loaded.trump is cg.Suit.DIAMONDS and loaded.score == [50, 0, 0]


def test_match_records_round_trip_and_each_hand_replays_alone():
    match = cg.match("pip_pip", seed=5, players=3)
    rng = random.Random(5)
    while len(match.hands) < 2:
        open_calls = match.hand.open_actions_by_seat()
        if open_calls:
            seat = min(open_calls)
            match.apply(open_calls[seat][0], seat)
        else:
            match.apply(rng.choice(match.hand.legal_actions()))
    loaded = cg.load(match.to_json())
    assert loaded.scores == match.scores and len(loaded.hands) == 2
    for finished in match.hands:        # the first hand's trump (from the draw) included
        alone = cg.load(finished.to_json())
        assert alone.score == finished.score and alone.tricks[0].context == finished.tricks[0].context
    last = match.actions[-1]
    assert match.undo() == last[2]
    assert len(match.hands) == 1 and not match.hand.is_over and match.hand.history


def test_calls_before_trick_1_are_listed_in_the_order_that_decides():
    # S0: "If two or more players declare PIp-Pip prior to the next trick, each scores 50 points
    # for his declaration. The trump suit is changed to the last one called." RULES.md P-A1:
    # before trick 1 the calls count in seat order from the eldest. Seat 2 calls first, seat 1
    # second: in seat order seat 1's hearts come first, seat 2's diamonds last, and decide.
    hand = deal(["3C 4C 5C", "KH QH 6C", "KD QD 7C"], trump="S")
    hand.apply("pip-pip D", seat=2)
    hand.apply("pip-pip H", seat=1)
    assert hand.next_trump is cg.Suit.DIAMONDS
    text = dict(hand.public_info())["Next trumps"]
    assert text.index("seat 1 ♥") < text.index("seat 2 ♦")
    assert "in seat order from the eldest" in text and "the last call decides" in text
    assert text.startswith("♦ diamonds")
    first = deal(["3C 4C 5C", "KH QH 6C", "KD QD 7C"], trump="S", multi_call_trump="first")
    first.apply("pip-pip D", seat=2)
    first.apply("pip-pip H", seat=1)
    # S2 (Hervey): "The trump suit is changed to that of the player who was first to call."
    assert first.next_trump is cg.Suit.HEARTS
    assert "the first call decides" in dict(first.public_info())["Next trumps"]
    first.apply("3C")
    assert first.trump is cg.Suit.HEARTS
