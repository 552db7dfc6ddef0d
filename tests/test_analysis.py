"""Simulations into DataFrames: shape, columns, reproducibility, and the question helpers."""

from __future__ import annotations

import io

import pytest

import cardgames as cg
from cardgames import analysis
from cardgames.analysis import ProgressBar, head_to_head, simulate, wilson_interval


@pytest.mark.parametrize("game", sorted(cg.GAMES))
def test_simulate_gives_one_row_per_hand_with_the_columns(game):
    df = simulate(game, players="random", hands=6, seed=3)
    assert len(df) == 6
    for column in ("hand", "seed", "game", "player_count", "options", "player_0", "units",
                   "n_tricks", "points_0", "points_1", "trick_points_0", "declared_0",
                   "declarations", "last_trick_unit", "winner", "margin"):
        assert column in df.columns, column
    assert list(df["seed"]) == [3, 4, 5, 6, 7, 8]
    assert (df["game"] == game).all()
    assert isinstance(df["options"].iloc[0], dict)


def test_simulate_is_reproducible_and_takes_options_and_mixed_players():
    a = simulate("yukon", ["rule-of-thumb", "random"] * 2, hands=5, seed=9, player_count=4,
                 no_yukon_leads=True)
    b = simulate("yukon", ["rule-of-thumb", "random"] * 2, hands=5, seed=9, player_count=4,
                 no_yukon_leads=True)
    assert a.drop(columns=["options", "declarations"]).equals(b.drop(columns=["options", "declarations"]))
    assert a["options"].iloc[0]["no_yukon_leads"] is True
    assert list(a.loc[0, ["player_0", "player_1"]]) == ["rule-of-thumb", "random"]
    # Yukon's 125 card points are all won each hand.
    assert ((a["points_0"] + a["points_1"]) == 125).all()


def test_simulate_with_three_players_has_a_column_per_seat():
    df = simulate("yukon", "random", hands=3, seed=1, player_count=3)
    assert {"points_0", "points_1", "points_2"} <= set(df.columns)
    assert (df["units"] == "seat").all()


def test_progress_bar_and_callback():
    stream = io.StringIO()
    bar = ProgressBar(4, stream=stream)
    simulate("yukon", hands=4, seed=1, progress=bar)
    assert "4/4 hands" in stream.getvalue()
    seen = []
    simulate("yukon", hands=3, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (3, 3)


def test_head_to_head_swaps_seats_and_gives_an_interval():
    result = head_to_head("yukon", "rule-of-thumb", "random", hands=10, seed=2)
    assert result["playings"] == 20
    low, high = result["won_ci"]
    assert 0 <= low <= result["won"] <= high <= 1
    assert set(result["df"]["a_unit"]) == {0, 1}


def test_wilson_interval():
    low, high = wilson_interval(60, 100)
    assert 0.50 < low < 0.51 and 0.69 < high < 0.70


def test_question_helpers_and_plots():
    import matplotlib

    matplotlib.use("Agg")
    df = simulate("yukon", "random", hands=20, seed=1)
    assert abs(analysis.win_rates(df).sum() - 1) < 1e-9
    result = analysis.last_trick_decides(df, bonus=0)
    assert 0 <= result["last_trick_side_won"] <= 1
    for plot in (analysis.plot_points, analysis.plot_win_rates, analysis.plot_margin):
        assert plot(df) is not None
    table = analysis.declarations_table(df)
    assert list(table.columns) == ["hand", "seat", "action", "name", "points"]


@pytest.mark.parametrize("game, players, names", [
    ("yukon", 4, ["North–South", "East–West"]), ("yukon", 3, ["Player 1", "Player 2", "Player 3"]),
    ("pip_pip", 3, ["Player 1", "Player 2", "Player 3"])])
def test_the_plots_name_the_sides_and_players_as_the_table_does(game, players, names):
    # The explainers' Explore plots read "side 0" and "side 1": the sides are North–South and
    # East–West everywhere else on the page.
    import matplotlib

    matplotlib.use("Agg")
    df = simulate(game, "random", hands=6, seed=1, player_count=players)
    legend = analysis.plot_points(df).get_legend()
    assert [text.get_text() for text in legend.get_texts()] == names
    bars = analysis.plot_win_rates(df).get_xticklabels()
    assert set(label.get_text() for label in bars) <= set(names)


@pytest.mark.skipif("pip_pip" not in cg.GAMES, reason="Pip-Pip! not yet in cg.GAMES")
def test_pip_pip_call_value():
    df = simulate("pip_pip", "rule-of-thumb", hands=5, seed=1)
    table = analysis.pip_pip_call_value(df)
    assert "points" in table.columns


@pytest.mark.skipif("quinto" not in cg.GAMES, reason="Quinto not yet in cg.GAMES")
def test_quinto_doubling():
    df = simulate("quinto", "random", hands=10, seed=1)
    table = analysis.quinto_doubling(df)
    assert "caller_won" in table.columns


def test_simulate_in_two_processes_gives_the_same_frame():
    one = simulate("yukon", "rule-of-thumb", hands=6, seed=4)
    two = simulate("yukon", "rule-of-thumb", hands=6, seed=4, workers=2)
    columns = [c for c in one.columns if c not in ("options", "declarations")]
    assert one[columns].equals(two[columns])


def test_a_summary_of_points_reads_in_words():
    # The explainers' Explore tables showed pandas' own row names ("std", "25%").
    df = simulate("yukon", "random", hands=8, seed=1)
    summary = analysis.summary_in_words(df[["points_0", "points_1"]])
    assert list(summary.index) == ["hands", "average", "spread (standard deviation)", "fewest",
                                   "a quarter of the hands scored at most",
                                   "half of the hands scored at most (the median)",
                                   "three quarters of the hands scored at most", "most"]
    assert summary.loc["hands", "points_0"] == 8
