"""Yukon, told as stories: a deal, the plays, the legal cards, the winner and the points.

Each story cites the rule it checks: RULES.md §2 and the seeds' words (S0 = Fosdick's archived
page, S1 = his 2023 page, PAR-Y = Parlett, PAG-Y = pagat).
"""

from __future__ import annotations

import itertools
import random

import pytest

import cardgames as cg
from cardgames.cards import sort_cards
from cardgames.engine import iter_cards, play_randomly

C = cg.Card.parse


def cards(text: str) -> list[cg.Card]:
    return cg.parse_cards(text)


def four_hands(stock: str = "6S 7S 8S 9D", **options) -> cg.Hand:
    """A four-player deal: seat 0 leads A♥; seat 1 holds a heart and J♥; seat 2 is void in
    hearts with a Yukon; seat 3 has neither heart nor Yukon."""
    return cg.deal("yukon", hands=["AH 2C 3C 4C 5C", "JH 8H 2D 3D 4D", "9S JD 5D 6D 7D",
                                   "KS QS 2S 3S 4S"], stock=stock.split(), **options)


def test_a_jack_is_not_a_card_of_its_suit():
    # S0/S1: "if the lead is an Ace of hearts, everyone must play a heart if they have it. (For
    # this purpose, the Jack of hearts is not considered an eligible heart, it is considered a
    # Yukon.)"
    hand = four_hands()
    hand.apply("AH")
    assert list(hand.legal_actions()) == [C("8H")]
    with pytest.raises(cg.IllegalAction, match="J♥ is a Yukon, not an eligible heart"):
        hand.apply("JH")
    assert hand.history == [(0, C("AH"))]     # the refusal changed nothing


def test_void_in_the_suit_led_must_play_a_yukon_else_anything():
    # S0: "If they cannot follow suit, they must play a Yukon if they have one. Otherwise they
    # may play any card."
    hand = four_hands()
    hand.apply("AH")
    hand.apply("8H")
    assert list(hand.legal_actions()) == [C("JD")]
    reason = hand.why_illegal("5D")
    assert "must play a Yukon if they have one" in reason and "J♦" in reason
    hand.apply("JD")
    assert sort_cards(hand.legal_actions()) == sort_cards(cards("KS QS 2S 3S 4S"))


def test_the_first_yukon_wins_and_the_winner_draws_first():
    # S0: "Otherwise a trick is won by any Yukon played (if two or more are played to the same
    # trick, the first Yukon played wins the trick)". "The winner of the trick now draws one card
    # from the stock, followed by other players. He then leads the next trick."
    hand = four_hands()
    for card in ["AH", "8H", "JD", "KS"]:
        hand.apply(card)
    trick = hand.tricks[0]
    assert trick.winner == 2 and trick.leader == 0
    # Card points (S1): Aces 5, Yukons 10, Kings 3; seat 2 is on side 0 with seat 0.
    assert trick.points == 18 and hand.score == [18, 0]
    assert hand.to_move == 2
    # Stock in drawing order: seat 2 draws 6♠, then seats 3, 0, 1 in turn.
    assert hand.hands[2][-1] == C("6S")
    assert hand.hands[3][-1] == C("7S")
    assert hand.hands[0][-1] == C("8S")
    assert hand.hands[1][-1] == C("9D")
    assert "first Yukon" not in hand.explain_trick(trick)  # only one Yukon was played
    assert "J♦ is a Yukon" in hand.explain_trick(trick)


def test_the_grand_yukon_beats_an_earlier_yukon():
    # S0: "A trick is won by the Grand Yukon if it is played."
    hand = cg.deal("yukon", players=2, hands=["JH 2C", "JS 3C"], stock=[])
    hand.apply("JH")
    # A Yukon led: follow its printed suit (hearts); no heart, so a Yukon: the J♠.
    assert list(hand.legal_actions()) == [C("JS")]
    hand.apply("JS")
    assert hand.tricks[0].winner == 1
    assert "J♠, the Grand Yukon, beats every card" in hand.explain_trick()
    assert hand.score == [0, 25]   # J♠ 15 + J♥ 10


def test_two_yukons_the_first_played_wins():
    # S0: "if two or more are played to the same trick, the first Yukon played wins the trick"
    hand = cg.deal("yukon", players=3, hands=["AC 4H", "JD 5H", "JH 6H"], stock=[])
    hand.apply("AC")
    hand.apply("JD")     # void in clubs: a Yukon is compulsory
    hand.apply("JH")
    assert hand.tricks[0].winner == 1
    assert "first Yukon played" in hand.explain_trick()


def test_highest_card_of_the_suit_led_wins_without_yukons():
    # S0: "If no Yukons are played, the highest card of the suit led wins the trick." Ranks
    # within a suit: A K Q 10 9 ... 2 (S1).
    hand = cg.deal("yukon", players=3, hands=["TH 2S", "KH 3S", "AS 4S"], stock=[])
    for card in ["TH", "KH", "AS"]:
        hand.apply(card)
    assert hand.tricks[0].winner == 1          # K♥ beats 10♥; the A♠ is off suit
    assert hand.score == [0, 18, 0]            # 10 + 3 + 5, individual scores for three
    assert "K♥ is the highest heart (the suit led)" in hand.explain_trick()
    spades = cg.deal("yukon", players=2, hands=["QS", "3S"], stock=[])
    spades.apply("QS")
    spades.apply("3S")
    assert "Q♠ is the highest spade (the suit led)" in spades.explain_trick()


def test_a_yukon_lead_is_followed_by_its_printed_suit():
    # S0: "if the lead is the Jack of clubs (a Yukon), the other players must play a club if they
    # have one. If they have no club, they must a play a Yukon."
    hand = cg.deal("yukon", players=3, hands=["JC 2H", "3C JH", "4D JS"], stock=[])
    hand.apply("JC")
    assert list(hand.legal_actions()) == [C("3C")]
    hand.apply("3C")
    assert list(hand.legal_actions()) == [C("JS")]


def test_parlett_yukons_form_their_own_trump_suit():
    # PAR-Y: "Yukons form a separate, four-card trump suit": a Yukon lead calls for Yukons.
    hand = cg.deal("yukon", players=3, hands=["JC 2H", "3C JH", "4D 5D"], stock=[],
                   yukon_lead_follow="yukons")
    hand.apply("JC")
    assert list(hand.legal_actions()) == [C("JH")]
    assert "Yukons form a trump suit of their own" in hand.why_illegal("3C")
    hand.apply("JH")
    assert sort_cards(hand.legal_actions()) == sort_cards(cards("4D 5D"))   # no Yukon: anything


def test_some_claim_the_jack_may_follow_its_own_suit():
    # S1: "some claim you can play a Yukon of the suit led even if you have other cards of that
    # suit in your hand."
    plain = cg.deal("yukon", players=2, hands=["5D", "JD"], stock=[])
    setup = dict(players=2, hands=["5D 2C", "JD 9D"], stock=[])
    natural = cg.deal("yukon", yukon_follows_natural_suit=True, **setup)
    natural.apply("5D")
    assert sort_cards(natural.legal_actions()) == sort_cards(cards("JD 9D"))
    strict = cg.deal("yukon", **setup)
    strict.apply("5D")
    assert list(strict.legal_actions()) == [C("9D")]
    plain.apply("5D")
    natural.apply("JD")
    assert natural.tricks[0].winner == 1      # it still wins as a Yukon
    assert plain.legal_actions() == (C("JD"),)


def test_no_yukon_leads_with_the_all_yukon_exception():
    # S1's recommended rule: "no one can lead a trick with a Yukon"; RULES.md Y-A3 adds that a
    # hand of nothing but Yukons must still lead one.
    hand = cg.deal("yukon", players=2, hands=["JH 2C", "3C 4C"], stock=[], no_yukon_leads=True)
    assert list(hand.legal_actions()) == [C("2C")]
    assert "no Yukon leads" in hand.why_illegal("JH")
    only_yukons = cg.deal("yukon", players=2, hands=["JH JD", "3C 4C"], stock=[],
                          no_yukon_leads=True)
    assert sort_cards(only_yukons.legal_actions()) == sort_cards(cards("JH JD"))


@pytest.mark.parametrize("players, removed, stock", [(2, [], 42), (3, ["2C"], 36), (4, [], 32),
                                                     (5, ["2C", "2D"], 25)])
def test_the_pack_for_each_player_count(players, removed, stock):
    # RULES.md §2.1: "Remove one 2 if three play, or two 2's if five play"; 5 cards each.
    hand = cg.deal("yukon", seed=11, players=players)
    dealt = [c for h in hand.hands for c in h] + hand.stock
    assert len(dealt) == 52 - len(removed) and len(set(dealt)) == len(dealt)
    assert not set(cards(" ".join(removed))) & set(dealt)
    assert [len(h) for h in hand.hands] == [5] * players and len(hand.stock) == stock
    assert hand.partnerships == (players == 4)


def test_which_twos_are_removed_is_an_option():
    # RULES.md Y-A4: removed_twos (list, or 'random'); the removed cards are public.
    chosen = cg.deal("yukon", seed=3, players=5, removed_twos=["2S", "2H"])
    assert chosen.removed_cards() == cards("2S 2H")
    assert ("Removed", "2♠ 2♥") in chosen.public_info()
    randomly = cg.deal("yukon", seed=3, players=3, removed_twos="random")
    (gone,) = randomly.removed_cards()
    assert gone.rank is cg.Rank.TWO and gone not in [c for c in iter_cards(randomly)]
    with pytest.raises(cg.OptionError, match="removed_twos"):
        cg.deal("yukon", players=3, removed_twos=["3C"])
    with pytest.raises(cg.SetupError, match="remove 1 two"):
        cg.deal("yukon", seed=1, players=3, removed_twos=["2S", "2H"])


def test_four_may_play_each_for_himself():
    # RULES.md Y-A5: four_player_partnerships=True by default; PAR-Y "four *may* play in
    # partnership".
    hand = cg.deal("yukon", seed=5, four_player_partnerships=False)
    assert not hand.partnerships and hand.score == [0, 0, 0, 0]


def test_gold_digger_ranks_aces_lowest_and_values_jacks_at_eleven():
    # PAG-Y Gold-digger: "spade jack 15, other jacks 11, kings 3, queens 2, tens 10, aces 5";
    # within a suit K Q 10 ... 2 A. PAG-Y (and RULES.md Y-A9) say "129 points in the pack", but
    # those values add up to 15 + 3*11 + 4*(3 + 2 + 10 + 5) = 128: we keep the values.
    hand = cg.deal("yukon", players=2, hands=["AH JD", "2H 3C"], stock=[], variant="gold_digger")
    hand.apply("AH")
    hand.apply("2H")
    assert hand.tricks[0].winner == 1          # the Ace is the lowest heart
    rng = random.Random(4)
    for seed in range(20):
        full = play_randomly(cg.deal("yukon", seed=seed, variant="gold_digger"), rng)
        assert sum(full.score) == 128


def test_aces_low_house_rule():
    # DCC-Y lists "Aces low" as a house variation: aces_low=True.
    hand = cg.deal("yukon", players=2, hands=["AH", "2H"], stock=[], aces_low=True)
    hand.apply("AH")
    hand.apply("2H")
    assert hand.tricks[0].winner == 1


OPTION_VALUES = {
    "yukon_follows_natural_suit": [False, True],
    "yukon_lead_follow": ["natural_suit", "yukons"],
    "no_yukon_leads": [False, True],
    "removed_twos": [None, "random"],
    "four_player_partnerships": [True, False],
    "variant": ["yukon", "gold_digger"],
    "aces_low": [False, True],
}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("option, value", [(o, v) for o, vs in OPTION_VALUES.items() for v in vs])
def test_random_playouts_keep_every_card_and_every_point(players, option, value):
    # RULES.md §2.1: the pack totals 125 points (128 in Gold-digger, see above); every card stays in play;
    # the hand ends when every card has been played.
    total = 128 if (option, value) == ("variant", "gold_digger") else 125
    rng = random.Random(hash((players, option, str(value))) & 0xFFFF)
    for seed in range(25):
        hand = cg.deal("yukon", seed=seed, players=players, **{option: value})
        deck = sort_cards(iter_cards(hand))
        steps = 0
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal, "legal actions are never empty before the end"
            hand.apply(rng.choice(legal))
            steps += 1
            assert sort_cards(iter_cards(hand)) == deck
        assert sum(hand.score) == total
        assert len(hand.tricks) == len(deck) // players == steps // players
        assert all(not h for h in hand.hands) and not hand.stock


def test_the_same_seed_gives_the_same_hand_whatever_the_global_random_state():
    # STYLE.md (RLCard's determinism test): the game's own Random(seed) is its only chance.
    def play(disturb: bool) -> tuple:
        hand = cg.deal("yukon", seed=99, players=3)
        rng = random.Random(1)
        while not hand.is_over:
            if disturb:
                random.seed(random.random())
                random.random()
            hand.apply(rng.choice(hand.legal_actions()))
        return hand.history, hand.score, [t.winner for t in hand.tricks]

    assert play(False) == play(True)
    assert cg.deal("yukon", seed=99).initial_deal == cg.deal("yukon", seed=99).initial_deal
    assert cg.deal("yukon", seed=99).initial_deal != cg.deal("yukon", seed=100).initial_deal


def test_the_match_is_decided_at_the_end_of_a_hand():
    # S0: "The first player or partnership to score 250 points or more as determined at the
    # conclusion of a hand wins"; the deal passes to the left.
    match = cg.match("yukon", seed=3, players=3, scores=[240, 0, 0])
    assert match.hand.dealer == 2
    rng = random.Random(0)
    while not match.hand.tricks or match.hand.tricks[-1].winner != 0 or match.hand.tricks[-1].points == 0:
        match.apply(rng.choice(match.hand.legal_actions()))
        if match.is_over or match.hands:
            break
    assert match.winner is None            # seat 0 may be past 250 in mid-hand: not yet decided
    while not match.is_over:
        match.apply(rng.choice(match.hand.legal_actions()))
    assert max(match.scores) >= 250 and match.scores[match.winner] == max(match.scores)
    assert [h.dealer for h in match.hands][:2] == [2, 0][:len(match.hands)]
    # RULES.md Y-A7 names the rule win_check='end_of_hand', with no alternative.
    assert cg.match("yukon", seed=3, win_check="end_of_hand").options.win_check == "end_of_hand"
    with pytest.raises(cg.OptionError, match="choose one of 'end_of_hand'"):
        cg.match("yukon", seed=3, win_check="immediate")


def test_a_tie_at_the_target_plays_on_or_goes_to_the_ace_of_spades():
    # RULES.md Y-A6: equal totals at 250 or more: play another hand by default; with
    # tie_break='ace_of_spades_last_hand' whoever took the A♠ in the last hand wins.
    rehearsal = play_randomly(cg.match("yukon", seed=4, players=2).hand.copy(), random.Random(4))
    a, b = rehearsal.score
    for tie_break in ("play_on", "ace_of_spades_last_hand"):
        # Starting scores chosen so that the first hand brings both players to 250 exactly (a
        # start at or past 250 with one player ahead is refused: the match would have ended).
        match = cg.match("yukon", seed=4, players=2, scores=[250 - a, 250 - b], tie_break=tie_break)
        rng = random.Random(4)
        while not match.hands:
            match.apply(rng.choice(match.hand.legal_actions()))
        assert match.scores == [250, 250]
        ace_taker = next(t.winner for t in match.hands[0].tricks if C("AS") in [c for _, c in t.cards])
        if tie_break == "play_on":
            assert not match.is_over and len(match.hand.history) == 0   # another hand is dealt
        else:
            assert match.winner == ace_taker and "A♠" in match.end_reason


def test_gold_digger_for_four_plays_to_500():
    # PAG-Y: Gold-digger is played "to 250 (500 for four)".
    assert cg.match("yukon", seed=1, variant="gold_digger").target == 500
    assert cg.match("yukon", seed=1, players=3, variant="gold_digger").target == 250
    assert cg.match("yukon", seed=1, target=300).target == 300


def test_undo_and_redo_restore_the_exact_hand():
    hand = cg.deal("yukon", seed=21)
    rng = random.Random(5)
    for _ in range(9):
        hand.apply(rng.choice(hand.legal_actions()))
    before = (list(hand.history), [list(h) for h in hand.hands], hand.stock, list(hand.score))
    hand.apply(rng.choice(hand.legal_actions()))
    hand.undo()
    assert (hand.history, hand.hands, hand.stock, hand.score) == before
    hand.redo()
    hand.undo()
    assert (hand.history, hand.hands, hand.stock, hand.score) == before


def test_records_round_trip_and_refuse_tampering():
    hand = cg.deal("yukon", seed=8, players=5, no_yukon_leads=True)
    play_randomly(hand, random.Random(8))
    loaded = cg.load(hand.to_json())
    assert loaded.history == hand.history and loaded.score == hand.score
    assert loaded.options == hand.options
    text = hand.to_json()
    first = str(hand.history[0][1])
    other = next(str(c) for c in hand.hands[0] + [c for _, c in hand.tricks[0].cards] if str(c) != first)
    with pytest.raises(cg.RecordError, match="checksum"):
        cg.load(text.replace(f'"{first}"', f'"{other}"', 1))


def test_a_record_with_an_illegal_action_is_refused_where_it_is_wrong():
    import json

    hand = four_hands()
    hand.apply("AH")
    record = json.loads(hand.to_json())
    del record["checksum"]                       # edited by hand
    record["actions"].append([1, "JH"])
    with pytest.raises(cg.RecordError, match=r"action 2 \(seat 1: 'JH'\).*eligible heart"):
        cg.load(json.dumps(record))


def test_a_set_up_deal_that_cannot_exist_is_refused():
    with pytest.raises(cg.SetupError, match="equally many"):
        cg.deal("yukon", players=2, hands=["AH 2C", "3C"], stock=[])
    with pytest.raises(cg.SetupError, match="more often than the deck"):
        cg.deal("yukon", players=2, hands=["AH 2C", "AH 3C"], stock=[])
    with pytest.raises(cg.SetupError, match="not in the Yukon deck"):
        cg.deal("yukon", players=3, hands=["2C", "3C", "4C"], stock=[])
    with pytest.raises(cg.SetupError, match="multiple of 2"):
        cg.deal("yukon", players=2, hands=["AH", "2C"], stock=["3C"])
    with pytest.raises(cg.SetupError, match="1 to 5 cards"):
        cg.deal("yukon", players=2, hands=["AH 2C 3C 4C 5C 6C", "2H 3H 4H 5H 6H 7H"], stock=[])
    with pytest.raises(cg.OptionError, match="played by 2, 3, 4, 5 players"):
        cg.deal("yukon", players=6)
    with pytest.raises(cg.OptionError, match="unknown option no_such_rule"):
        cg.deal("yukon", no_such_rule=True)


def test_every_option_combination_deals():
    names = ["yukon_follows_natural_suit", "no_yukon_leads", "aces_low"]
    for values in itertools.product([False, True], repeat=3):
        hand = cg.deal("yukon", seed=1, **dict(zip(names, values)))
        assert hand.legal_actions()


# -- issue 21: the natural-suit Jack is a permission -----------------------------------------


def test_the_natural_suit_jack_is_a_permission_not_an_obligation():
    # S1: "some claim you can play a Yukon of the suit led even if you have other cards of that
    # suit in your hand." S0: "Or is a diamond Yukon playable to a diamond lead regardless of
    # whether one has other diamonds in hand?" (yukon_follows_natural_suit=True): the J♦ MAY
    # follow diamonds; it never takes away the choice of another Yukon from a hand that has no
    # other diamond.
    only_jack = cg.deal("yukon", players=2, hands=["5D 2C 4H", "JD JS 3C"], stock=[],
                        yukon_follows_natural_suit=True)
    only_jack.apply("5D")
    assert sort_cards(only_jack.legal_actions()) == sort_cards(cards("JD JS"))
    assert only_jack.why_illegal("JS") is None          # the Grand Yukon is not refused
    with_diamonds = cg.deal("yukon", players=2, hands=["5D 2C 4H", "JD 9D JS"], stock=[],
                            yukon_follows_natural_suit=True)
    with_diamonds.apply("5D")
    assert sort_cards(with_diamonds.legal_actions()) == sort_cards(cards("JD 9D"))
    refusal = with_diamonds.why_illegal("JS")
    assert "you must play a diamond" in refusal and "J♦" in refusal
    strict = cg.deal("yukon", players=2, hands=["5D 2C 4H", "JD 9D JS"], stock=[])
    strict.apply("5D")
    assert list(strict.legal_actions()) == [C("9D")]    # by default the Jack is only a Yukon


def test_a_removed_two_is_not_in_the_pack():
    # S0: three players remove one 2 so the pack divides evenly (RULES.md Y-A4: the 2♣).
    hand = cg.deal("yukon", seed=1, players=3)
    assert "taken out of the pack" in hand.why_illegal("2C")


def test_yukon_has_no_named_actions_to_put_in_words():
    # S1: every decision of Yukon is a card to play; a card's words are its label.
    hand = cg.deal("yukon", seed=7)
    assert hand.action_words("JS") == "J♠"
    with pytest.raises(cg.IllegalAction, match="Yukon has no named actions such as 'double'"):
        hand.action_words("double")
