"""Matches from positions a teacher sets up (issue 21): the first hand set up by hand
(``cg.match(game, hands=..., stock=..., dealer=..., scores=...)``), a later hand replaced between
hands (``match.set_up_next``), both kept in records and through undo; impossible starts refused;
``match.running_scores``."""

from __future__ import annotations

import random

import pytest

import cardgames as cg

GAMES = ["quinto", "yukon", "pip_pip", "guinote", "pippins_aplenty"]


def swapped(hand: cg.Hand) -> tuple[list[list[str]], list[str]]:
    """The hand's deal with the first two seats' cards exchanged: another position, by hand."""
    hands, stock = hand.initial_deal
    hands[0], hands[1] = hands[1], hands[0]
    return [[str(c) for c in h] for h in hands], [str(c) for c in stock]


def play_until(match: cg.Match, rng: random.Random, done) -> None:
    while not match.is_over and not done(match):
        match.apply(rng.choice(match.hand.legal_actions()))


@pytest.mark.parametrize("game", GAMES)
def test_a_match_from_a_position_set_up_by_hand_replays_and_undoes(game):
    options = {"partidas_per_coto": 2} if game == "guinote" else {}   # (a game may end)
    dealt = cg.match(game, seed=11, **options)
    hands, stock = swapped(dealt.hand)
    # (Guinote: points on the board mean the vueltas, after an idas that shared 130 or more.)
    scores = [70, 65] if game == "guinote" else [5] * len(dealt.scores)
    match = cg.match(game, seed=11, hands=hands, stock=stock, scores=scores, **options)
    assert match.hand.set_up_by_hand and match.scores == scores
    assert [[str(c) for c in h] for h in match.hand.hands] == hands
    assert match.hand.dealer == dealt.hand.dealer           # the rules' dealer
    rng = random.Random(11)
    play_until(match, rng, lambda m: m.hands)
    if match.is_over:
        pytest.skip("the first hand ended the match")
    # Between hands: the next hand, dealt by the rules, replaced by a position set up by hand.
    rules_dealer = match.hand.dealer
    next_hands, next_stock = swapped(match.hand)
    match.set_up_next(next_hands, next_stock)
    assert match.hand.set_up_by_hand and match.hand.dealer == rules_dealer
    play_until(match, rng, lambda m: len(m.hand.history) >= 3 or len(m.hands) > 1)
    loaded = cg.load(match.to_json())
    assert loaded.scores == match.scores and loaded.running_scores == match.running_scores
    assert [h.initial_deal for h in loaded.hands + [loaded.hand]] == \
        [h.initial_deal for h in match.hands + [match.hand]]
    # Undo back into the first hand and forward again: both set-up hands are kept.
    moves = match.actions
    while len(match.hands) >= 1 and match.actions:
        match.undo()
    assert match.hand.set_up_by_hand and [[str(c) for c in h] for h in match.hand.initial_deal[0]] == hands
    for _, seat, move in moves[len(match.actions):]:
        match.apply(move, seat if seat != match.hand.to_move else None)
    assert match.scores == loaded.scores and match.actions == moves
    assert match.hand.initial_deal == loaded.hand.initial_deal


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_that_has_begun_cannot_be_replaced(game):
    match = cg.match(game, seed=3)
    match.apply(match.hand.legal_actions()[0])
    hands, stock = swapped(match.hand)
    with pytest.raises(cg.SetupError, match="has begun"):
        match.set_up_next(hands, stock)


@pytest.mark.parametrize("game", GAMES)
def test_negative_scores_are_refused(game):
    units = len(cg.match(game, seed=1).scores)
    with pytest.raises(cg.SetupError, match="negative"):
        cg.match(game, seed=1, scores=[-10] + [0] * (units - 1))


def test_three_player_quinto_names_the_player_whose_score_is_refused():
    # Quinto for three, RULES.md Q-A9: "Individual running scores": no side has a score.
    with pytest.raises(cg.SetupError, match="scores cannot be negative: player 1 has -5; "):
        cg.match("quinto", players=3, seed=1, scores=[0, -5, 0])


@pytest.mark.parametrize("game, scores", [
    ("quinto", [260, 100]), ("yukon", [300, 10]), ("guinote", [150, 95]),
    ("pippins_aplenty", [300, 0]),
])
def test_a_side_past_the_target_where_the_match_would_have_ended_is_refused(game, scores):
    with pytest.raises(cg.SetupError, match="could not start|would have won"):
        cg.match(game, seed=1, scores=scores)


def test_a_tie_at_the_target_is_a_possible_start():
    # Yukon, RULES.md Y-A6: equal totals at 250 or more play another hand.
    assert not cg.match("yukon", seed=1, scores=[260, 260]).is_over


def test_set_up_keywords_need_hands():
    with pytest.raises(cg.SetupError, match="can only be given with the first hand's cards"):
        cg.match("pip_pip", seed=1, trump="H")


def test_three_player_quinto_is_dealt_by_seat_3():
    hands, stock = swapped(cg.match("quinto", seed=2, players=3).hand)
    with pytest.raises(cg.SetupError, match="dealer must be 3"):
        cg.match("quinto", seed=2, players=3, hands=hands, stock=stock, dealer=0)
    assert cg.match("quinto", seed=2, players=3, hands=hands, stock=stock).hand.dummy == 1


def test_running_scores_equal_scores_where_points_count_at_the_end():
    # Yukon: "as determined at the conclusion of a hand".
    match = cg.match("yukon", seed=5, scores=[10, 20])
    rng = random.Random(5)
    play_until(match, rng, lambda m: len(m.hand.tricks) >= 2)
    assert sum(match.hand.score) > 0 and match.running_scores == match.scores == [10, 20]


def test_partial_positions_are_studied_as_docs_rules_8_1_says():
    # docs/RULES.md 8.1: hands shorter than a full hand beside a stock, and a Quinto cachette of
    # fewer than 5 cards, are studied although play would not reach them; the hand is played
    # on by the same rules (Yukon: "each player draws a card from the stock" after a trick;
    # Quinto: the winner of the last trick "takes the cachette as an extra trick").
    hands, stock = cg.deal("yukon", seed=1).initial_deal
    yukon = cg.deal("yukon", hands=[h[:3] for h in hands], stock=stock[:8])
    rng = random.Random(1)
    for _ in range(4):
        yukon.apply(rng.choice(yukon.legal_actions()))
    assert [len(h) for h in yukon.hands] == [3, 3, 3, 3] and yukon.stock_size == 4
    hands, stock = cg.deal("quinto", seed=1).initial_deal
    quinto = cg.deal("quinto", hands=[h[:3] for h in hands], stock=stock[:4])
    while not quinto.is_over:
        quinto.apply(rng.choice(quinto.legal_actions()))
    assert [c for _, c in quinto.cachette_trick.cards] == stock[:4]
    # Refused: a cachette larger than five cards, a stock that leaves a drawing round unfinished.
    with pytest.raises(cg.SetupError, match="the cachette, which holds 5 cards, not 6"):
        cg.deal("quinto", hands=[h[:3] for h in hands], stock=stock[:4] + hands[0][3:5])
    with pytest.raises(cg.SetupError, match="multiple of 4 cards"):
        cg.deal("yukon", hands=[h[:3] for h in cg.deal("yukon", seed=1).initial_deal[0]],
                stock=cg.deal("yukon", seed=1).initial_deal[1][:7])
