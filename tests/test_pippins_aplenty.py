"""Pippins Aplenty, told as stories: the discard, the tricks, the reaches, the points, the match.

Each story cites the rule it checks: RULES.md §5 and the words of the inventor's page (S4,
seed ``004_0317711f35f79800.txt``). The golden test replays S4's example hand as RULES.md §5.3
transcribes it (N = seat 0 eldest, E = 1, S = 2, W = 3 dealer); its numbers come from that
table, not from the code.
"""

from __future__ import annotations

import json
import random

import pytest

import cardgames as cg
from cardgames.cards import sort_cards
from cardgames.engine import iter_cards, play_randomly
from cardgames.games.pippins_aplenty import (
    RULES_VERSION, card_value, trick_points, trick_winner, trump_order, update_reaches,
)
from helpers import cards

C = cg.Card.parse
S, H, D, CL = cg.Suit.SPADES, cg.Suit.HEARTS, cg.Suit.DIAMONDS, cg.Suit.CLUBS
N, E, SOUTH, W = 0, 1, 2, 3


def reaches(text: str) -> tuple[cg.Card, ...]:
    return tuple(cards(text))


# RULES.md §5.3: the reconstructed 13-card hands (N eldest, W dealer).
EXAMPLE_HANDS = [
    "AS QS JS 3S 2S 4H 2H AD KD 9D AC 6C 5C",     # N
    "KS 9S 4S AH KH JH TH 6D 4D 3D JC 8C 7C",     # E
    "TS QH 5H QD JD TD 7D 2D QC 9C 4C 3C 2C",     # S
    "8S 7S 6S 5S 9H 8H 7H 6H 3H 8D 5D KC TC",     # W
]
EXAMPLE_DISCARDS = "2H 7C 5H 5D"                   # N, E, S, W

# RULES.md §5.3, one row per trick: leader, cards in play order, reaches at the start, the
# winner, the points, the reaches after, the running score N-S / E-W.
EXAMPLE_TRICKS = [
    (N, "6C 8C 2C TC", "", W, 1, "2C", 0, 1),
    (W, "8D 9D 3D 2D", "2C", N, 5, "2C 3D", 5, 1),
    (N, "4H KH QH 3H", "2C 3D", E, 7, "2C 3D 4H", 5, 8),
    (E, "JC QC KC 5C", "2C 3D 4H", W, 1, "3D 4H 5C", 5, 9),
    (W, "9H 2S AH 3C", "3D 4H 5C", SOUTH, 7, "3D 5C 9H", 12, 9),
    (SOUTH, "9C 6H AC 4D", "3D 5C 9H", W, 9, "3D 9H AC", 12, 18),
    (W, "5S AS KS TS", "3D 9H AC", N, 21, "3D 9H AC", 33, 18),
    (N, "AD 6D TD 7H", "3D 9H AC", W, 15, "3D 9H AC", 33, 33),
    (W, "6S QS 4S 4C", "3D 9H AC", SOUTH, 14, "3D 9H AC", 47, 33),
    (SOUTH, "QD 8H KD 9S", "3D 9H AC", W, 17, "3D 9H AC", 47, 50),
    (W, "7S JS JH JD", "3D 9H AC", E, 14, "3D 9H AC", 47, 64),
    (E, "TH 7D 8S 3S", "3D 9H AC", E, 18, "3D 9H AC", 47, 82),
]


def example_hand() -> cg.Hand:
    return cg.deal("pippins_aplenty", hands=EXAMPLE_HANDS)


# -- the golden test: S4's example hand ------------------------------------------------------------


def test_the_seed_example_hand_trick_by_trick():
    # S4's example table (RULES.md §5.3): "Discard | 2♥ | 7♣ | 5♥ | 5♦ [...] This happens
    # simultaneously", then twelve tricks whose scores, reaches and notes we reproduce.
    hand = example_hand()
    assert hand.phase is cg.Phase.DISCARD and hand.to_move == N
    for seat, card in enumerate(cards(EXAMPLE_DISCARDS)):
        assert hand.to_move == seat
        hand.apply(card)
    assert hand.discards == tuple(cards(EXAMPLE_DISCARDS))
    assert hand.phase is cg.Phase.PLAY and [len(h) for h in hand.hands] == [12] * 4
    # "After the dicards, the player to the left of dealer (eldest) leads"
    assert hand.to_move == N

    for number, (leader, played, before, winner, points, after, ns, ew) in \
            enumerate(EXAMPLE_TRICKS, 1):
        assert hand.to_move == leader, f"trick {number}: the last winner leads"
        assert hand.reaches == reaches(before), f"trick {number}: reaches at the start"
        if number == 5:
            # RULES.md §5.3: "N before trick 5 holds {2♠, A♣, A♠, A♦, Q♠, K♦, J♠, 3♠}. With 9♥
            # led, N is void in hearts, so all 8 cards are legal."
            hand.apply("9H")
            assert sort_cards(hand.legal_actions()) == sort_cards(cards("2S AC AS AD QS KD JS 3S"))
            played = played.split(maxsplit=1)[1]
        if number == 9:
            # "S before trick 9 holds {4♣, Q♦, J♦, 7♦}. With 6♠ led, S is void, so all are legal"
            for card in played.split()[:3]:
                hand.apply(card)
            assert sort_cards(hand.legal_actions()) == sort_cards(cards("4C QD JD 7D"))
            played = played.split()[3]
        if number == 10:
            # "E before trick 10 holds {9♠, J♥, T♥}. With Q♦ led, E is void, so all are legal;
            # E's 9♠ discard shows that trumping is optional."
            for card in played.split()[:3]:
                hand.apply(card)
            assert sort_cards(hand.legal_actions()) == sort_cards(cards("9S JH TH"))
            played = played.split()[3]
        for card in played.split():
            hand.apply(card)
        trick = hand.tricks[-1]
        assert (trick.leader, trick.winner, trick.points) == (leader, winner, points), \
            f"trick {number}"
        assert trick.context == reaches(before)
        assert hand.reaches == reaches(after), f"trick {number}: reaches after"
        assert hand.score == [ns, ew], f"trick {number}: running score"

    # "Hand total: 129 = 47 (eldest's side, N–S) + 82 (dealer's side, E–W)."
    assert hand.is_over and len(hand.tricks) == 12 and hand.score == [47, 82]
    assert sort_cards(iter_cards(hand)) == sort_cards(cards(
        " ".join(EXAMPLE_HANDS)))


def test_the_example_explained_as_rules_md_does():
    # RULES.md §5.3 trick 6: "9♣ 2×2=4 (rank of 9♥); 6♥ 1; A♣ 0; 4♦ 3", "W, 6♥ (hearts top)";
    # S4: "H=1, C=2, D=3, S=4 (NT). 2x2 + 1 + 0 + 3 + 1 = 9".
    hand = example_hand()
    for card in cards(EXAMPLE_DISCARDS) + cards(" ".join(t[1] for t in EXAMPLE_TRICKS)):
        hand.apply(card)
    sixth = hand.explain_trick(hand.tricks[5])
    assert "6♥" in sixth and "highest card of the highest trump suit" in sixth
    for words in ["9 points", "1 for the trick", "9♣ 2×2=4 (rank of 9♥)", "6♥ 1",
                  "A♣ 0 (above the top reach 9♥)", "4♦ 3", "♥ 1, ♣ 2, ♦ 3, non-trumps (♠) 4"]:
        assert words in sixth
    # Trick 1: "No reaches yet; just the point for the trick".
    first = hand.explain_trick(hand.tricks[0])
    assert "no trumps" in first and "1 point" in first and "10♣" in first
    # Trick 2: "matching rank makes it double - 2♦ is worth 4"; the 9♦ wins on the suit led.
    second = hand.explain_trick(hand.tricks[1])
    assert "2♦ 2×2=4 (rank of 2♣)" in second and "no trump was played" in second
    # Trick 12: the 3♠ doubles by matching the lowest reach card, 3♦ (RULES.md PA-A2).
    assert "3♠ 4×2=8 (rank of 3♦)" in hand.explain_trick(hand.tricks[11])


@pytest.mark.parametrize("row", range(12))
def test_the_pure_rules_on_every_row_of_the_example(row):
    # RULES.md §5.3 "Test cases from the table": trick_winner(cards, reaches),
    # trick_points(cards, reaches) and update_reaches(cards, reaches) for all 12 rows.
    leader, played, before, winner, points, after, _, _ = EXAMPLE_TRICKS[row]
    seats = [(leader + i) % 4 for i in range(4)]
    trick = cards(played)
    assert seats[trick_winner(trick, reaches(before))] == winner
    assert trick_points(trick, reaches(before)) == points
    assert update_reaches(trick, reaches(before)) == reaches(after)


def test_card_values_by_suit_and_doubling():
    # S4: "Cards of the highest-ranked trump suit are worth 1 each, [...] second-highest [...] 2
    # [...] third [...] 3 [...] fourth [...] 4"; "Cards in a non-trump suit are worth one more
    # than the lowest-ranked trump suit"; "any card which matches the rank of a reach card
    # counts double"; "Any card ranked above the highest reach card are worth nothing."
    four = reaches("2S 4H 6D 9C")                    # trumps ♣ > ♦ > ♥ > ♠
    assert trump_order(four) == [CL, D, H, S]
    assert [card_value(c, four) for c in cards("8C 8D 8H 8S")] == [1, 2, 3, 4]
    assert [card_value(c, four) for c in cards("4C 6S 9H 2D")] == [2, 8, 6, 4]
    assert [card_value(c, four) for c in cards("TC AS")] == [0, 0]
    one = reaches("7H")                              # one trump: the others are worth 2
    assert [card_value(c, one) for c in cards("5H 5S 7D 7H 8D")] == [1, 2, 4, 2, 0]
    assert card_value(C("2C"), ()) == 0              # no reaches (trick 1): nothing scores


def test_a_trick_earns_one_plus_the_value_of_each_card():
    # S4: "The winner of each trick scores 1 point for the trick plus the value of each card in
    # it". trick_points reads the values inline for speed: over the tricks of many random
    # hands (every reach set they meet), it must say what card_value says card by card.
    for seed in range(1, 61):
        hand = cg.deal("pippins", seed=seed).play_out(random.Random(seed))
        for trick in hand.tricks:
            cards_played = [card for _, card in trick.cards]
            expected = 1 + sum(card_value(card, trick.context) for card in cards_played)
            assert trick_points(cards_played, trick.context) == expected == trick.points


# -- the discard ----------------------------------------------------------------------------------


def test_the_discard_stays_secret_until_all_four_have_chosen():
    # S4: "each player selects one card and places it face-down in front of them. Once each
    # player has done so, the four cards are turned face-up for all to see."
    hand = cg.deal("pippins", seed=5)
    assert [len(h) for h in hand.hands] == [13] * 4
    first, second = hand.hands[0][3], hand.hands[1][7]
    hand.apply(first)
    hand.apply(second)
    assert first not in hand.hands[0] and hand.discards == ()
    assert ("Discards", "2 of 4 chosen, face down") in hand.public_info()
    view = hand.view(2)
    assert first not in view.visible_cards() and second not in view.visible_cards()
    assert view.history == [(0, None), (1, None)]
    assert first in view.unseen and second in view.unseen
    own = hand.view(0)
    assert own.history == [(0, first), (1, None)] and own.pending[0] is first
    assert second not in own.visible_cards()
    # A sampled hand refills the hidden choices and plays on to the end.
    sampled = view.sample(random.Random(2))
    assert [len(h) for h in sampled.hands] == [12, 12, 13, 13]
    assert sampled.hands[2] == hand.hands[2]
    assert None not in [m for _, m in sampled.history]
    assert [m for _, m in sampled.history] == sampled.pending[:2]
    deck = sort_cards(iter_cards(sampled))
    assert deck == sort_cards(cg.ALL_CARDS[:52])
    sampled.play_out(random.Random(3))
    assert sampled.is_over and len(sampled.tricks) == 12
    # The last two choose; now everyone sees all four, in seat order.
    third, fourth = hand.hands[2][0], hand.hands[3][0]
    hand.apply(third)
    hand.apply(fourth)
    assert hand.discards == (first, second, third, fourth)
    assert hand.view(1).discards == (first, second, third, fourth)
    assert hand.view(1).history == hand.history


def test_any_held_card_may_be_discarded_and_eldest_chooses_first():
    # "each player selects one card": the discard has no restriction; with dealer=1, seat 2 is
    # eldest: it chooses first and leads the first trick.
    hand = cg.deal("pippins", seed=9, dealer=1)
    assert hand.to_move == 2
    assert sort_cards(hand.legal_actions()) == sort_cards(hand.hands[2])
    with pytest.raises(cg.IllegalAction, match="seat 2's turn"):
        hand.apply(hand.hands[0][0], seat=0)
    not_held = next(c for c in cg.ALL_CARDS[:52] if c not in hand.hands[2])
    with pytest.raises(cg.IllegalAction, match="does not hold"):
        hand.apply(not_held)
    for seat in (2, 3, 0, 1):
        assert hand.to_move == seat
        hand.apply(hand.hands[seat][-1])
    assert hand.phase is cg.Phase.PLAY and hand.to_move == 2


# -- the tricks -------------------------------------------------------------------------------------


def test_follow_suit_if_able():
    # S4: "each subsequent player must follow suit if they are able, otherwise may play any card"
    hand = cg.deal("pippins", hands=["AH 2C", "3H 4C", "5S 6C", "7D 8C"])
    assert hand.phase is cg.Phase.PLAY          # a position after the discards
    hand.apply("AH")
    assert list(hand.legal_actions()) == [C("3H")]
    reason = hand.why_illegal("4C")
    assert "must follow suit if they are able" in reason and "3♥" in reason
    with pytest.raises(cg.IllegalAction, match="must play a heart"):
        hand.apply("4C")
    assert hand.history == [(0, C("AH"))]       # the refusal changed nothing
    hand.apply("3H")
    assert sort_cards(hand.legal_actions()) == sort_cards(cards("5S 6C"))   # void: anything


def test_the_first_trick_has_no_trumps_and_is_worth_one_point():
    # S4: "Play starts with no trumps." RULES.md §5.1: "Trick 1 is played with no trumps";
    # "with no reaches, as in trick 1, every card scores 0".
    hand = cg.deal("pippins", hands=["9S 2H", "2S 3H", "KD 4H", "3C 5H"])
    for card in cards("9S 2S KD 3C"):
        hand.apply(card)
    trick = hand.tricks[0]
    assert trick.winner == 0 and trick.points == 1 and hand.score == [1, 0]
    assert hand.reaches == (C("2S"),)     # the lowest card starts the reaches
    assert hand.trump_order() == [S] and hand.trump is S


def test_a_tie_for_the_lowest_card_goes_to_the_last_played():
    # S4: "the lowest-ranked card is placed face-up [...] If more than one card is tied for
    # lowest rank, the last played is used."
    hand = cg.deal("pippins", hands=["5S 2C", "5H 3C", "9S 4C", "5D 6C"])
    for card in cards("5S 5H 9S 5D"):
        hand.apply(card)
    assert hand.tricks[0].winner == 2                # 9♠, the highest spade: no trumps yet
    assert hand.reaches == (C("5D"),)
    # Later: "If more than one card is lowest-ranked in this way, the last played is the one
    # that counts."
    later = cg.deal("pippins", hands=["6H", "6C", "9H", "6S"], reaches=["4C"])
    for card in cards("6H 6C 9H 6S"):
        later.apply(card)
    assert later.tricks[0].winner == 1               # 6♣ is the only trump (clubs)
    assert later.reaches == reaches("4C 6S")
    assert update_reaches(cards("6H 6C 9H 6S"), reaches("4C")) == reaches("4C 6S")


def test_a_new_reach_replaces_the_reach_of_its_suit():
    # S4: "the lowest-ranked card which is higher-ranked than the highest card of the reaches is
    # added to it, becoming the new top card. Any previous cards of that suit in the reaches are
    # removed". The winner and the points use the reaches before the trick (RULES.md PA-A1).
    hand = cg.deal("pippins", hands=["9H 2S", "8C 3S", "2H 4S", "5C 5S"], reaches=["7D", "4C"])
    assert hand.reaches == reaches("4C 7D")          # kept in rank order
    assert hand.trump_order() == [D, CL]
    for card in cards("9H 8C 2H 5C"):
        hand.apply(card)
    trick = hand.tricks[0]
    # Trumps ♦ > ♣: no diamond played, so the highest club, 8♣, wins.
    assert trick.winner == 1
    # 9♥ and 8♣ above 7: 0; 2♥ non-trump 3; 5♣ second trump 2; plus 1 for the trick.
    assert trick.points == 6 and hand.score == [0, 6]
    assert hand.reaches == reaches("7D 8C")          # 8♣ on top; the 4♣ is gone
    assert hand.trump_order() == [CL, D]             # two trump suits still, now clubs on top
    assert "8♣" in hand.explain_trick() and "2♥ 3" in hand.explain_trick()


def test_a_trick_with_nothing_above_the_top_reach_leaves_them_alone():
    # S4: "If a trick contains no cards higher-ranked than the top reach, the reaches remain
    # unchanged."
    hand = cg.deal("pippins", hands=["2S", "3S", "4H", "5D"], reaches=["9C"])
    for card in cards("2S 3S 4H 5D"):
        hand.apply(card)
    assert hand.reaches == (C("9C"),) and hand.tricks[0].winner == 1
    # 2♠ 2, 3♠ 2, 4♥ 2, 5♦ 2 (all non-trumps, one trump suit) + 1.
    assert hand.tricks[0].points == 9


def test_the_reaches_are_fixed_once_an_ace_is_on_top():
    # RULES.md §5.1: "Once an Ace is the top reach, nothing can rise above it and the reaches
    # are fixed for the rest of the hand" (S4 trick 6: "Reaches fixed now").
    hand = cg.deal("pippins", hands=["2S KS", "AC QD", "3H AH", "4S JS"], reaches=["5D", "9H"])
    for card in cards("2S AC 3H 4S"):
        hand.apply(card)
    first = hand.tricks[0]
    assert first.winner == 2                     # 3♥: hearts top trumps before the trick
    # 2♠ 3, A♣ 0 (above 9), 3♥ 1, 4♠ 3, + 1 = 8.
    assert first.points == 8
    assert hand.reaches == reaches("5D 9H AC") and hand.reaches_fixed
    assert any("fixed" in text for _, text in hand.public_info())
    for card in cards("AH JS KS QD"):                # seat 2 leads; the others are void
        hand.apply(card)
    assert hand.reaches == reaches("5D 9H AC")   # no card can rank above the A♣
    second = hand.tricks[1]
    assert second.winner == 2                    # A♥ is the only trump
    # A♥ 2×2=4 (rank of A♣), J♠ 4, K♠ 4, Q♦ 3 (third trump), + 1 = 16.
    assert second.points == 16 and hand.score == [24, 0]
    assert "A♥ 2×2=4 (rank of A♣)" in hand.explain_trick()


def test_the_number_of_trump_suits_never_shrinks():
    # RULES.md §5.1: "a new card either adds a suit or replaces that suit's old card".
    rng = random.Random(17)
    for seed in range(30):
        hand = cg.deal("pippins", seed=seed)
        sizes = []
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
            sizes.append(len(hand.reaches))
        assert sizes == sorted(sizes) and sizes[-1] >= 1


# -- the match ----------------------------------------------------------------------------------


def _rehearse(seed: int) -> tuple[list, list[list[int]]]:
    """The first hand of a match of ``seed`` played at random on a copy: its actions, and the
    hand's score after each action."""
    rehearsal = cg.match("pippins", seed=seed).hand.copy()
    rng = random.Random(seed)
    scores = []
    while not rehearsal.is_over:
        rehearsal.apply(rng.choice(rehearsal.legal_actions()))
        scores.append(list(rehearsal.score))
    return list(rehearsal.history), scores


def test_the_match_is_won_at_once_in_mid_hand_and_landing_on_the_target_is_not_enough():
    # S4: "the team must score at least one more than the target number - if they land on it
    # exactly they must still score one more point to win." "The side that first crosses this
    # threshold wins the game immediately, and if a hand is in-progress, the remainder of the
    # hand is abandoned."
    actions, scores = _rehearse(3)
    side0 = [s[0] for s in scores]
    gains = [i for i in range(1, len(side0)) if side0[i] > side0[i - 1]]
    landing, crossing = gains[0], gains[1]       # two tricks side 0 wins, before the last one
    assert crossing < len(actions) - 4
    start = 240 - side0[landing]
    match = cg.match("pippins", seed=3, scores=[start, 0])
    assert match.target == 240 and match.options.target == 240
    for i, (seat, move) in enumerate(actions[:crossing + 1]):
        assert not match.is_over
        match.apply(move)
        if i == landing:
            assert match.scores[0] + match.hand.score[0] == 240 and not match.is_over
    assert match.is_over and match.winner == 0
    assert match.scores == [start + side0[crossing], scores[crossing][1]]
    assert match.scores[0] > 240
    hand = match.hand
    assert hand.is_over and any(hand.hands) and len(hand.tricks) < 12   # abandoned
    assert "crossed the target of 240" in match.end_reason and "abandoned" in match.end_reason
    with pytest.raises(cg.IllegalAction, match="the match is over"):
        match.apply(actions[crossing + 1][1])
    # The record replays to the same end.
    loaded = cg.load(match.to_json())
    assert loaded.winner == 0 and loaded.scores == match.scores and loaded.is_over


def test_exactly_on_the_target_at_the_end_of_a_hand_plays_on_and_the_deal_passes_left():
    # S4: "If no side has won, then another hand is played, with deal passing to the left."
    actions, scores = _rehearse(4)
    final = scores[-1]
    match = cg.match("pippins", seed=4, scores=[240 - final[0], 240 - final[1]])
    assert match.hand.dealer == 3
    for _, move in actions:
        match.apply(move)
    assert match.scores == [240, 240] and not match.is_over
    assert len(match.hands) == 1 and match.hand.dealer == 0 and match.hand.to_move == 1
    assert match.hand.phase is cg.Phase.DISCARD


def test_the_target_is_an_option():
    # RULES.md §6: "Pippins | target | 240 (win at ≥241) | 600, 960, …"; S4: "A quick game is
    # 240 [...] A decent length would be 600. For a longer session, probably 960".
    assert cg.GAMES["pippins_aplenty"].options["target"].default == 240
    long = cg.match("pippins", seed=1, target=600)
    assert long.target == 600 and long.options.target == 600
    assert cg.match("pippins", seed=1, target=960).target == 960
    assert cg.match("pippins", seed=1).target == 240
    with pytest.raises(cg.OptionError, match="target"):
        cg.match("pippins", seed=1, target=0)
    with pytest.raises(cg.OptionError, match="target"):
        cg.deal("pippins", seed=1, target="240")


@pytest.mark.parametrize("target", [40, 240, 600])
def test_random_matches_end_with_one_side_over_the_target(target):
    rng = random.Random(target)
    for seed in range(2 if target == 600 else 3):
        match = cg.match("pippins", seed=seed, target=target)
        while not match.is_over:
            match.apply(rng.choice(match.hand.legal_actions()))
        winner, loser = match.winner, 1 - match.winner
        assert match.scores[winner] > target >= match.scores[loser]
        assert match.scores == [sum(h.score[u] for h in match.hands) for u in (0, 1)]
        assert [h.dealer for h in match.hands] == [(3 + i) % 4 for i in range(len(match.hands))]
        assert all(h.is_over for h in match.hands)
        loaded = cg.load(match.to_json())
        assert (loaded.target, loaded.winner, loaded.scores) == (target, winner, match.scores)


# -- invariants over random play ------------------------------------------------------------------


def _check_reach_update(before: tuple, after: tuple, played: list) -> None:
    """The reaches rule, checked from its words rather than through the code."""
    if not before:
        lowest = min(c.rank for c in played)
        assert after == ([c for c in played if c.rank == lowest][-1],)
        return
    above = [c for c in played if c.rank > before[-1].rank]
    if not above:
        assert after == before
        return
    lowest = min(c.rank for c in above)
    new = [c for c in above if c.rank == lowest][-1]
    assert after[-1] is new
    assert set(after[:-1]) == {r for r in before if r.suit is not new.suit}


def _check_winner(trick: cg.Trick) -> None:
    reach_suits = [r.suit for r in trick.context]
    played = [c for _, c in trick.cards]
    trumps = [c for c in played if c.suit in reach_suits]
    if trumps:
        top = max(reach_suits.index(c.suit) for c in trumps)
        best = max((c for c in trumps if reach_suits.index(c.suit) == top), key=lambda c: c.rank)
    else:
        best = max((c for c in played if c.suit is played[0].suit), key=lambda c: c.rank)
    assert trick.winning_card is best


def test_random_playouts_keep_every_card_and_follow_the_rules():
    # Every card in exactly one place; reaches at most one per suit, in rank order, never fewer;
    # the winner and the reaches as RULES.md §5.1 words them; points add up; 12 tricks.
    rng = random.Random(2024)
    deck = sort_cards(cg.ALL_CARDS[:52])
    for seed in range(60):
        hand = cg.deal("pippins", seed=seed, dealer=seed % 4)
        done = 0
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal
            if hand.phase is cg.Phase.PLAY and hand.trick:
                led = hand.trick[0][1].suit
                held = [c for c in hand.hands[hand.to_move] if c.suit is led]
                assert sort_cards(legal) == sort_cards(held or hand.hands[hand.to_move])
            before = hand.reaches
            hand.apply(rng.choice(legal))
            assert sort_cards(iter_cards(hand)) == deck
            rows = hand.reaches
            assert len({r.suit for r in rows}) == len(rows) <= 4
            assert [r.rank for r in rows] == sorted({r.rank for r in rows})
            assert len(rows) >= len(before)
            if len(hand.tricks) > done:
                done += 1
                trick = hand.tricks[-1]
                assert trick.context == before
                _check_reach_update(before, rows, [c for _, c in trick.cards])
                _check_winner(trick)
                assert trick.points >= 1 and (done > 1 or trick.points == 1)
                assert trick.leader == (hand.eldest if done == 1 else hand.tricks[-2].winner)
        assert len(hand.tricks) == 12 and len(hand.discards) == 4
        assert sum(hand.score) == sum(t.points for t in hand.tricks)
        assert hand.score[0] == sum(t.points for t in hand.tricks if t.winner % 2 == 0)


def test_play_out_plays_what_apply_would():
    # The engine's rollout fast path goes through the discard phase too.
    for seed in range(10):
        fast = cg.deal("pippins", seed=seed).play_out(random.Random(seed))
        slow = cg.deal("pippins", seed=seed)
        rng = random.Random(seed)
        while not slow.is_over:
            legal = slow.legal_actions()
            slow.apply(legal[int(rng.random() * len(legal))])
        assert fast.history == slow.history and fast.score == slow.score


def test_views_hold_no_hidden_card_and_samples_play_on():
    hand = cg.deal("pippins", seed=31)
    rng = random.Random(31)
    while not hand.is_over:
        for seat in range(4):
            view = hand.view(seat)
            hidden = {c for s, h in enumerate(hand.hands) if s != seat for c in h}
            hidden |= {c for s, c in enumerate(hand.pending) if c is not None and s != seat}
            assert not hidden & set(view.visible_cards())
            assert sort_cards(view.unseen) == sort_cards(hidden)
            sampled = view.sample(rng)
            assert sampled.hands[seat] == hand.hands[seat]
            assert sampled.to_move == hand.to_move and sampled.reaches == hand.reaches
        hand.apply(rng.choice(hand.legal_actions()))


def test_the_same_seed_gives_the_same_hand_whatever_the_global_random_state():
    # STYLE.md (RLCard's determinism test): the game's own Random(seed) is its only chance.
    def play(disturb: bool) -> tuple:
        hand = cg.deal("pippins", seed=99)
        rng = random.Random(1)
        while not hand.is_over:
            if disturb:
                random.seed(random.random())
                random.random()
            hand.apply(rng.choice(hand.legal_actions()))
        return hand.history, hand.score, [t.winner for t in hand.tricks], hand.reaches

    assert play(False) == play(True)
    assert cg.deal("pippins", seed=99).initial_deal == cg.deal("pippins", seed=99).initial_deal
    assert cg.deal("pippins", seed=99).initial_deal != cg.deal("pippins", seed=100).initial_deal


def test_undo_and_redo_across_the_discard_and_the_reaches():
    hand = cg.deal("pippins", seed=21)
    rng = random.Random(5)

    def state():
        return (list(hand.history), [list(h) for h in hand.hands], list(hand.score),
                hand.reaches, hand.discards, list(hand.pending), hand.phase, hand.to_move)

    for _ in range(3):
        hand.apply(rng.choice(hand.legal_actions()))
    in_discard = state()
    hand.apply(rng.choice(hand.legal_actions()))        # the fourth discard: all revealed
    assert hand.phase is cg.Phase.PLAY
    hand.undo()
    assert state() == in_discard and hand.discards == ()
    hand.redo()
    for _ in range(9):                                  # into trick 3, reaches grown
        hand.apply(rng.choice(hand.legal_actions()))
    before = state()
    for _ in range(4):
        hand.apply(rng.choice(hand.legal_actions()))
    for _ in range(4):
        hand.undo()
    assert state() == before
    for _ in range(4):
        hand.redo()
    assert len(hand.tricks) == 3


# -- positions, records, refusals ----------------------------------------------------------------


def test_a_position_after_the_discards_with_discards_and_reaches():
    # Hands of 12 cards or fewer are a position after the discards; discards= shows them,
    # reaches= sets the reaches at its start (documented in the module docstring).
    rest = [h.split() for h in EXAMPLE_HANDS]
    for seat, card in enumerate(EXAMPLE_DISCARDS.split()):
        rest[seat].remove(card)
    hand = cg.deal("pippins", hands=rest, discards=EXAMPLE_DISCARDS.split())
    assert hand.phase is cg.Phase.PLAY and hand.to_move == 0 and hand.reaches == ()
    assert ("Discards", "2♥ 7♣ 5♥ 5♦") in hand.public_info()
    for card in cards(" ".join(t[1] for t in EXAMPLE_TRICKS)):
        hand.apply(card)
    assert hand.score == [47, 82]
    loaded = cg.load(hand.to_json())
    assert loaded.score == [47, 82] and loaded.discards == hand.discards

    position = cg.deal("pippins", hands=["QD KD", "8H 2S", "KH 3S", "9S 4S"],
                       reaches="3D 9H AC")
    assert position.trump_order() == [CL, H, D]
    assert position.suit_values() == {CL: 1, H: 2, D: 3, S: 4}
    assert position.card_value("9S") == 8 and position.card_value("KD") == 3
    assert ("Trumps", "♣ > ♥ > ♦; not trumps: ♠") in position.public_info()
    for card in cards("QD 8H KH 9S"):                 # like S4's trick 10
        position.apply(card)
    assert position.tricks[0].winner == 2 and position.tricks[0].points == 1 + 3 + 2 + 2 + 8
    record = position.to_json()
    again = cg.load(record)
    assert again.history == position.history and again.reaches == position.reaches
    assert sort_cards(iter_cards(position)) == \
        sort_cards(cards("QD KD 8H 2S KH 3S 9S 4S 3D 9H AC"))


def test_records_round_trip_and_refuse_tampering():
    hand = cg.deal("pippins", seed=8, dealer=2)
    play_randomly(hand, random.Random(8))
    text = hand.to_json()
    loaded = cg.load(text)
    assert loaded.history == hand.history and loaded.score == hand.score
    assert loaded.discards == hand.discards and loaded.reaches == hand.reaches
    mid = cg.deal("pippins", seed=8)
    mid.apply(mid.hands[0][0])                        # a record in the middle of the discard
    assert cg.load(mid.to_json()).pending == mid.pending
    first = str(hand.history[0][1])
    other = next(str(c) for c in hand.initial_deal[0][0] if str(c) != first)
    with pytest.raises(cg.RecordError, match="checksum"):
        cg.load(text.replace(f'"{first}"', f'"{other}"', 1))
    record = json.loads(text)
    del record["checksum"]
    # Seat 2 (eldest) leads its own discard: "These cards take no further part of the deal".
    assert record["actions"][4][0] == 3 and record["actions"][0][0] == 3
    record["actions"][4] = [3, record["actions"][0][1]]
    with pytest.raises(cg.RecordError, match=r"action 5 .*does not hold"):
        cg.load(json.dumps(record))


def test_a_set_up_deal_that_cannot_exist_is_refused():
    with pytest.raises(cg.SetupError, match="no stock"):
        cg.deal("pippins", hands=["2S", "3S", "4S", "5S"], stock=["6S"])
    with pytest.raises(cg.SetupError, match="equally many"):
        cg.deal("pippins", hands=["2S 2H", "3S", "4S", "5S"])
    with pytest.raises(cg.SetupError, match="more often than the deck"):
        cg.deal("pippins", hands=["2S", "2S", "4S", "5S"])
    with pytest.raises(cg.SetupError, match="more often than the deck"):
        cg.deal("pippins", hands=["2S", "3S", "4S", "5S"], discards="2S 7C 5H 5D")
    with pytest.raises(cg.SetupError, match="four discarded cards"):
        cg.deal("pippins", hands=["2S", "3S", "4S", "5S"], discards="7C")
    with pytest.raises(cg.SetupError, match="one card of each suit"):
        cg.deal("pippins", hands=["2S", "3S", "4S", "5S"], reaches="3D 9D")
    with pytest.raises(cg.SetupError, match="share a rank"):
        cg.deal("pippins", hands=["2S", "3S", "4S", "5S"], reaches="9C 9D")
    with pytest.raises(cg.SetupError, match="start with the discard"):
        cg.deal("pippins", hands=EXAMPLE_HANDS, reaches="AC")
    with pytest.raises(cg.SetupError, match="1 to 13 cards"):
        cg.deal("pippins", hands=[EXAMPLE_HANDS[0] + " " + EXAMPLE_HANDS[1]] * 4)
    with pytest.raises(cg.SetupError, match="set up by hand"):
        cg.deal("pippins", seed=1, discards="2H 7C 5H 5D")
    with pytest.raises(cg.SetupError, match="reaches"):
        cg.deal("pippins", hands=["2S", "3S", "4S", "5S"], reaches="XX")
    with pytest.raises(cg.OptionError, match="played by 4 players"):
        cg.deal("pippins", players=3)


def test_names_public_information_and_rules_version():
    # RULES.md PA-A7: "Rule set subject to change [...] Record the rules version."
    game = cg.get_game("pippins")
    assert game is cg.get_game("Pippins Aplenty") is cg.GAMES["pippins_aplenty"]
    assert game.title == "Pippins Aplenty" and game.player_counts == (4,)
    hand = cg.deal("pippins", seed=1)
    assert hand.partnerships and hand.score == [0, 0] and hand.dealer == 3
    assert hand.rules_version == RULES_VERSION
    # the rules' version is the hand's to say, not the table's (no source codes on the table)
    assert all(label != "Rules" for label, _text in hand.public_info())
    assert any(label == "Reaches" and "without trumps" in text for label, text in hand.public_info())
    assert hand.trump_order() == [] and hand.suit_values() == {}


def test_a_stock_is_refused_as_pippins_aplenty_has_none():
    # S4: "Dealer then deals thirteen cards singly to each player, clockwise": no stock.
    full = [[str(c) for c in h] for h in cg.deal("pippins", seed=3).hands]
    with pytest.raises(cg.SetupError, match="Pippins Aplenty has no stock"):
        cg.deal("pippins", hands=full, stock=["2H"])


def test_a_match_cannot_start_past_the_target_and_running_scores_count_at_once():
    # S4: "The side that first crosses this threshold wins the game immediately": a match at 300
    # with the target 240 would already be over; exactly 240 is not past it.
    with pytest.raises(cg.SetupError, match="past the target of 240"):
        cg.match("pippins", seed=1, scores=[300, 0])
    with pytest.raises(cg.SetupError, match="negative"):
        cg.match("pippins", seed=1, scores=[-5, 0])
    # "Each trick is worth a single point for winning", at once: the running scores hold it.
    match = cg.match("pippins", seed=1, scores=[200, 100])
    rng = random.Random(1)
    while len(match.hand.tricks) < 3:
        match.apply(rng.choice(match.hand.legal_actions()))
    assert match.scores == [200, 100] and sum(match.hand.score) > 3
    assert match.running_scores == [200 + match.hand.score[0], 100 + match.hand.score[1]]
    play_randomly_in(match, rng)
    assert match.running_scores == match.scores and max(match.scores) > 240


def play_randomly_in(match: cg.Match, rng: random.Random) -> None:
    while not match.is_over:
        match.apply(rng.choice(match.hand.legal_actions()))


def test_a_hand_set_up_between_hands_is_dealt_by_the_next_dealer():
    # S4: "The deal passes to the left after each hand": a hand set up by hand between hands
    # keeps the dealer the rules give, and takes only the deal keywords of a position.
    match = cg.match("pippins", seed=6)
    rng = random.Random(6)
    while not match.hands:
        match.apply(rng.choice(match.hand.legal_actions()))
    hands, _ = cg.deal("pippins", seed=60).initial_deal
    with pytest.raises(cg.SetupError, match="dealt by seat 0, as the rules say: set_up_next "
                                            "takes no dealer"):
        match.set_up_next(hands=hands, dealer=2)
    with pytest.raises(cg.SetupError, match="takes hands, stock, discards and reaches, not 'bogus'"):
        match.set_up_next(hands=hands, bogus=1)
    assert match.set_up_next(hands=hands).dealer == 0
    assert "bogus" not in match.to_json()
