"""The double-dummy solver on small hand-made end positions with known answers, and against a
plain minimax on random end positions."""

from __future__ import annotations

import random

import pytest

import cardgames as cg
from cardgames.solver import SolverLimit, last_tricks_position, solve


def minimax(hand, unit):
    """Plain minimax without pruning or memory: the points ``unit`` secures from here."""
    if hand.to_move is None:
        return 0
    values = []
    for action in hand.legal_actions():
        child = hand.copy()
        child.apply(action)
        values.append(child.score[unit] - hand.score[unit] + minimax(child, unit))
    mine = hand.side(hand.controller(hand.to_move)) == unit
    return max(values) if mine else min(values)


def test_yukon_take_the_led_ten_with_the_ace():
    # Seat 0 leads the 10♥. Seat 1's A♥ takes it (10 + 5 points, then the 2♥ wins a trick of
    # nothing); ducking with the 2♥ gives away the ten, and the A♥ later falls to the 3♠ lead.
    hand = cg.deal("yukon", players=2, hands=["TH 3S", "AH 2H"], stock=[])
    hand.apply("TH")
    solution = solve(hand)
    assert solution.unit == 1
    assert solution.labels() == {"AH": 15, "2H": 0}
    assert str(solution.best) == "AH"


def test_yukon_two_tricks_lead_the_ace_first():
    # Seat 0 holds A♥ K♥, seat 1 Q♥ 2♥. Whatever seat 0 leads it wins both tricks: 5+3+2 = 10.
    hand = cg.deal("yukon", players=2, hands=["AH KH", "QH 2H"], stock=[])
    assert solve(hand).labels() == {"AH": 10, "KH": 10}


def test_yukon_partnership_end_position():
    # Four players, one trick left: seat 0 leads; only seat 1's Yukon can take the trick.
    hand = cg.deal("yukon", hands=["TH", "JD", "2H", "3H"], stock=[])
    solution = solve(hand)
    assert solution.unit == 0 and solution.labels() == {"TH": 0}
    hand.apply("TH")
    assert solve(hand).labels() == {"JD": 20}   # side 1 takes 10♥ and its own Yukon


@pytest.mark.parametrize("lead", ["9H", "TH"])
def test_pip_pip_touching_cards_are_not_the_same_when_the_trick_splits_them(lead):
    # Seat 1 holds 8♥ and 10♥, and no other player holds a heart. "The highest trump wins, else
    # the highest card of the suit led", and "if two identical highest cards are played, the
    # second one played to the trick wins it" [S0]: against a 9♥ or a 10♥ led, the 10♥ wins and
    # the 8♥ loses, so the two cards are not interchangeable. Seat 2, void in hearts, must throw
    # the K♠ (5) or the A♠ (10) on the trick: it throws the King. The winner of the first trick
    # also takes the second (seat 1 with the 8♥ led, everyone else void; seat 2 with a spade).
    hand = cg.deal("pip_pip", players=3, hands=[f"{lead} 3S", "8H TH", "AS KS"], stock=[],
                   trump="C")
    hand.apply(lead)
    assert solve(hand).labels() == {"TH": 15, "8H": 0}
    for action in ("8H", "TH"):
        child = hand.copy()
        child.apply(action)
        assert minimax(child, 1) + child.score[1] - hand.score[1] == solve(hand).labels()[action]


def test_pip_pip_interchangeable_cards_are_searched_once_and_both_valued():
    # Seat 0 holds 5♥ 6♥ and nobody else holds a heart between them: leading either comes to
    # the same (the A♥ and K♥ win over both), so the search tries one, and both get its value.
    hand = cg.deal("pip_pip", players=3, hands=["5H 6H", "AH 3S", "KH 4S"], stock=[], trump="C")
    solution = solve(hand)
    assert set(solution.values) == set(hand.legal_actions())
    assert solution.labels()["5H"] == solution.labels()["6H"] == 0


def test_pip_pip_top_trumps_are_sure_tricks():
    # Hearts are trumps and nobody else holds one: seat 0's 2♥ and A♥ each take a trick whatever
    # is led and played ("the highest trump wins"). The others throw their smallest cards on
    # them and keep the K♠ and A♠ for the spade trick, which seat 2's Ace takes ("2, ace, King,
    # Queen..."): seat 0 secures 11 + 10 + Q♠ 4 + J♠ 3 = 28, whatever it leads first.
    hand = cg.deal("pip_pip", players=3, hands=["2H AH 3S", "KS QS 4D", "AS JS 5D"], stock=[],
                   trump="H")
    assert solve(hand).labels() == {"2H": 28, "AH": 28, "3S": 28}
    assert all(value == minimax_of(hand, action) for action, value in solve(hand).values.items())


def test_pip_pip_a_call_can_take_the_trumps_away_from_sure_tricks():
    # The same top trumps, but seat 2 holds K♠ Q♠. If seat 0 leads its 3♣, seat 2 takes the
    # trick with the A♣, and as the last player of the trick who won it he may call "Pip-Pip"
    # before leading: "at the end of the current trick, the trump suit changes" [S2] to spades,
    # and the hearts no longer win anything (0). Leading the trumps first keeps them trumps:
    # 2♥ and A♥ take the K♠ and Q♠ (seat 2 keeps his A♣ for the last trick) and the 4♣ or a
    # diamond, 11 + 10 + 5 + 4 = 30.
    hand = cg.deal("pip_pip", players=3, hands=["3C 2H AH", "4C 5D 6D", "AC KS QS"], stock=[],
                   trump="H")
    solution = solve(hand)
    assert solution.labels() == {"2H": 30, "AH": 30, "3C": 0}
    assert all(value == minimax_of(hand, action) for action, value in solution.values.items())


def minimax_of(hand, action):
    """What ``action`` secures for the seat to move, by plain minimax."""
    unit = hand.side(hand.to_move)
    child = hand.copy()
    child.apply(action)
    return child.score[unit] - hand.score[unit] + minimax(child, unit)


@pytest.mark.parametrize("players", [4, 5, 6])
def test_pip_pip_paranoid_values_agree_with_plain_minimax_at_larger_tables(players):
    # Each for himself: the value is what the seat to move can make sure of when every other
    # seat plays against it (the docstring of cardgames.solver).
    for seed in range(6):
        position = last_tricks_position(cg.deal("pip_pip", seed=seed, players=players), 2,
                                        random.Random(seed))
        solution = solve(position)
        assert set(solution.values) == set(position.legal_actions())
        for action, value in solution.values.items():
            child = position.copy()
            child.apply(action)
            gained = child.score[solution.unit] - position.score[solution.unit]
            assert value == gained + minimax(child, solution.unit), (players, seed, action)


@pytest.mark.parametrize("game", sorted(cg.GAMES))
def test_solver_agrees_with_plain_minimax_on_random_end_positions(game):
    for seed in range(3):
        hand = cg.deal(game, seed=seed, players=3 if game == "pip_pip" else None)
        position = last_tricks_position(hand, 2, random.Random(seed))
        if position.to_move is None:
            continue
        solution = solve(position, line=True)
        for action, value in solution.values.items():
            child = position.copy()
            child.apply(action)
            expected = child.score[solution.unit] - position.score[solution.unit] + \
                minimax(child, solution.unit)
            assert value == expected, (game, seed, action)
        # Playing the line of best play gains what the best action promised.
        replay = position.copy()
        for action in solution.line:
            replay.apply(action)
        assert replay.score[solution.unit] - position.score[solution.unit] == solution.best_value


def alphabeta(hand, unit, alpha=-10**9, beta=10**9):
    """Plain alpha-beta (no table, no merged cards, no bounds): exact like minimax, faster."""
    if hand.to_move is None:
        return 0
    mine = hand.side(hand.controller(hand.to_move)) == unit
    best = -10**9 if mine else 10**9
    for action in hand.legal_actions():
        child = hand.copy()
        child.apply(action)
        gained = child.score[unit] - hand.score[unit]
        value = gained + alphabeta(child, unit, alpha - gained, beta - gained)
        best = max(best, value) if mine else min(best, value)
        if mine:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


@pytest.mark.parametrize("players", [5, 6])
def test_pip_pip_three_last_tricks_agree_with_plain_alphabeta(players):
    # Three tricks from the end the bounds, the sure tricks and the named positions all come
    # into play; the values must not move.
    for seed in range(3):
        position = last_tricks_position(cg.deal("pip_pip", seed=seed, players=players), 3,
                                        random.Random(seed + 100))
        solution = solve(position)
        for action, value in solution.values.items():
            child = position.copy()
            child.apply(action)
            gained = child.score[solution.unit] - position.score[solution.unit]
            assert value == gained + alphabeta(child, solution.unit), (players, seed, action)


def test_the_solver_leaves_the_hand_alone_and_honours_limits():
    hand = last_tricks_position(cg.deal("yukon", seed=1), 4)
    before = hand.describe()
    solve(hand)
    assert hand.describe() == before
    with pytest.raises(SolverLimit):
        solve(cg.deal("yukon", seed=1), max_nodes=50)


@pytest.mark.parametrize("game, players", [(g, None) for g in sorted(cg.GAMES) if g != "pip_pip"]
                         + [("pip_pip", n) for n in (4, 5, 6)])
def test_the_last_four_tricks_are_solved_within_a_node_budget(game, players):
    # Issue 9: the last few tricks of every game within a second. Time is measured by
    # benchmarks/solver_speed.py, not here (a timed test fails on a busy machine); this counts
    # positions instead, which does not depend on the machine: 50,000 positions take well
    # under a second (this deal needs 44 to 16,072).
    hand = cg.deal(game, seed=4, players=players)
    position = last_tricks_position(hand, 4, random.Random(4))
    assert position.to_move is not None
    solution = solve(position, max_nodes=50_000)
    assert set(solution.values) == set(position.legal_actions())


def test_average_values_over_deals_of_a_view():
    from cardgames.solver import average_values

    hand = last_tricks_position(cg.deal("yukon", seed=2), 3, random.Random(2))
    view = hand.view(hand.controller(hand.to_move))
    values = average_values(view, samples=5)
    assert set(values) == set(hand.legal_actions())
