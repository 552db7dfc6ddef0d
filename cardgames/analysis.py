"""Exploring many hands: simulations into pandas DataFrames, and the questions people ask.

``simulate(game, players=..., hands=10_000, seed=..., **options)`` plays ``hands`` hands with
computer players and returns one row per hand::

    import cardgames as cg
    from cardgames.analysis import simulate
    df = simulate("yukon", players="rule-of-thumb", hands=1000, seed=1)
    df.groupby("winner").size()

``players`` is one kind for every seat (``"random"``, ``"rule-of-thumb"``, ``"search"``, or
``("search", {"iterations": 200})`` with settings), a list of kinds or player objects by seat,
or a dict seat -> kind. A player object is shared by the seats it is given to. ``player_count`` sets the
number of players when it is not the game's default (the ``players`` keyword of ``cg.deal``
is taken by the players here). Every other keyword is a game option.

Columns: ``hand`` (0..), ``seed``, ``game``, ``player_count``, ``options`` (a dict), one
``player_<seat>`` per seat (its kind), ``units`` ("side" or "seat"), ``n_tricks``,
``points_<unit>`` (the hand's score), ``trick_points_<unit>``, ``declared_<unit>`` (points from
declarations), ``declarations`` (a list of ``"seat:action:points"``), ``last_trick_unit``,
``last_trick_points``, ``winner`` (the unit with most points; None on a tie) and ``margin``
(winner's points minus the next best).

The question helpers answer one question each from such a frame; ``plot_*`` draw it with
matplotlib (imported only when a plot is asked for). Where pandas or matplotlib is missing (the
core install, or the in-browser site, which has neither) they raise ``NeedsFullInstall`` (a
``ModuleNotFoundError``) saying so; where there is no multiprocessing (the browser),
``workers=n`` plays the hands in one process.
"""

from __future__ import annotations

import math
import sys
import time
from typing import Any, Callable, Mapping

from .engine import Hand
from .games import get_game
from .players import Player, make_player, play_hand


class NeedsFullInstall(ModuleNotFoundError):
    """pandas or matplotlib is missing: simulations and plots need the full install."""


def in_browser() -> bool:
    """True where Python runs in the web page itself (Pyodide: the static site)."""
    return sys.platform == "emscripten"


def _need(module: str, what: str) -> Any:
    """``module`` imported, or ``NeedsFullInstall`` saying what needs it and how to get it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        package = module.partition(".")[0]
        where = ("this page runs Python in your browser, which has no " + package if in_browser()
                 else package + " is not installed here")
        raise NeedsFullInstall(
            f"{what} need {package}, and {where}: install the package with its apps extra "
            "(pip install 'cardgames[apps]', or python3 tasks.py apps) and run the notebook "
            "in JupyterLab or Voila, or on Binder", name=package) from None


def _pandas() -> Any:
    return _need("pandas", "Simulations and their tables")


def _pyplot() -> Any:
    return _need("matplotlib.pyplot", "Plots")



class ProgressBar:
    """A plain-text progress bar that rewrites one line (works in notebooks and terminals)."""

    def __init__(self, total: int, width: int = 30, stream: Any = None, label: str = ""):
        self.total = max(1, total)
        self.width = width
        self.stream = stream or sys.stdout
        self.label = label
        self.started = time.perf_counter()
        self._shown = -1

    def __call__(self, done: int, total: int | None = None) -> None:
        total = total or self.total
        filled = int(self.width * done / total)
        percent = int(100 * done / total)
        if percent == self._shown and done != total:
            return
        self._shown = percent
        elapsed = time.perf_counter() - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r{self.label}[{bar}] {done}/{total} hands, {rate:,.0f}/s")
        if done == total:
            self.stream.write("\n")
        self.stream.flush()


def _seat_players(spec: Any, hand: Hand, seed: int) -> tuple[dict[int, Player], dict[int, str]]:
    """Players for the seats that decide (Quinto's dummy is played by its controller)."""
    deciders = [s for s in range(hand.seats) if hand.controller(s) == s]
    single = isinstance(spec, str) or hasattr(spec, "choose") or (
        isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str) and isinstance(spec[1], dict))
    if single:
        kinds: dict[int, Any] = {s: spec for s in deciders}
    elif isinstance(spec, Mapping):
        kinds = dict(spec)
    else:
        listed = list(spec)
        if len(listed) == hand.seats:
            kinds = dict(enumerate(listed))
        elif len(listed) == len(deciders):
            kinds = dict(zip(deciders, listed))
        else:
            raise ValueError(f"give one player per seat ({hand.seats}), not {len(listed)}")
    players: dict[int, Player] = {}
    names: dict[int, str] = {}
    for seat, kind in kinds.items():
        if isinstance(kind, str):
            players[seat] = make_player(kind, seed * 100 + seat)
            names[seat] = kind
        elif isinstance(kind, tuple):            # ("search", {"iterations": 200})
            players[seat] = make_player(kind[0], seed * 100 + seat, **kind[1])
            names[seat] = kind[0]
        else:
            players[seat] = kind
            names[seat] = getattr(kind, "name", type(kind).__name__)
    return players, names


def hand_row(hand: Hand) -> dict[str, Any]:
    """The facts of one finished hand, as a row (the columns of :func:`simulate`)."""
    units = len(hand.score)
    row: dict[str, Any] = {"units": "side" if hand.partnerships else "seat",
                           "n_tricks": len(hand.tricks)}
    trick_points = [0] * units
    for trick in hand.tricks:
        trick_points[hand.side(trick.winner)] += trick.points
    declared = [0] * units
    for d in hand.declarations:
        declared[hand.side(d.seat)] += d.points
    for u in range(units):
        row[f"points_{u}"] = hand.score[u]
        row[f"trick_points_{u}"] = trick_points[u]
        row[f"declared_{u}"] = declared[u]
    row["declarations"] = [f"{d.seat}:{d.action}:{d.points}" for d in hand.declarations]
    if hand.tricks:
        last = hand.tricks[-1]
        row["last_trick_unit"] = hand.side(last.winner)
        row["last_trick_points"] = last.points
    else:
        row["last_trick_unit"] = None
        row["last_trick_points"] = 0
    ranked = sorted(range(units), key=lambda u: -hand.score[u])
    top = hand.score[ranked[0]]
    second = hand.score[ranked[1]] if units > 1 else 0
    row["winner"] = ranked[0] if units == 1 or top > second else None
    row["margin"] = top - second
    return row


def simulate(game: Any, players: Any = "random", hands: int = 10_000, seed: int = 0, *,
             player_count: int | None = None, progress: bool | Callable[[int, int], None] = False,
             workers: int = 1, **options: Any):
    """Play ``hands`` hands of ``game`` and return a pandas DataFrame, one row per hand.

    Hand ``i`` is dealt from seed ``seed + i``, and its players are seeded from it too, so a
    row can be replayed alone. ``progress=True`` shows a text bar; a callable gets
    ``(done, total)`` instead. ``workers=n`` splits the hands over ``n`` processes (players
    given by kind only); the frame is the same as with one. Where there is no multiprocessing
    (the browser) the hands are played in this one process.
    """
    pd = _pandas()

    game = get_game(game)
    if workers > 1 and hands > 1 and _processes_available():
        return _simulate_in_processes(game.name, players, hands, seed, player_count, workers, options)
    report: Callable[[int, int], None] | None
    if progress is True:
        report = ProgressBar(hands, label=f"{game.title} ")
    elif callable(progress):
        report = progress
    else:
        report = None
    every = max(1, hands // 100)
    rows = []
    for i in range(hands):
        hand_seed = seed + i
        hand = game.deal(hand_seed, players=player_count, **options)
        seat_players, names = _seat_players(players, hand, hand_seed)
        play_hand(hand, seat_players)
        row = {"hand": i, "seed": hand_seed, "game": game.name, "player_count": hand.players,
               "options": dict(hand.options)}
        for seat in range(hand.seats):
            row[f"player_{seat}"] = names.get(seat, names.get(hand.controller(seat)))
        row.update(hand_row(hand))
        rows.append(row)
        if report is not None and ((i + 1) % every == 0 or i + 1 == hands):
            report(i + 1, hands)
    return pd.DataFrame(rows)


def _processes_available() -> bool:
    """False where there is no multiprocessing (the browser): ``workers`` then falls back to
    one process."""
    if in_browser():
        return False
    try:
        import multiprocessing.synchronize  # noqa: F401 - fails where there are no semaphores
    except ImportError:
        return False
    return True


def _simulate_chunk(args: tuple) -> Any:
    game, players, hands, seed, player_count, options = args
    return simulate(game, players, hands, seed, player_count=player_count, **options)


def _simulate_in_processes(game: str, players: Any, hands: int, seed: int, player_count: int | None,
                           workers: int, options: dict[str, Any]):
    import concurrent.futures
    import multiprocessing

    pd = _pandas()

    step = -(-hands // workers)
    chunks = [(game, players, min(step, hands - start), seed + start, player_count, options)
              for start in range(0, hands, step)]
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
        frames = list(pool.map(_simulate_chunk, chunks))
    df = pd.concat(frames, ignore_index=True)
    df["hand"] = range(len(df))
    return df


# Head-to-head -------------------------------------------------------------------------------------


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (centre - half, centre + half)


def head_to_head(game: Any, a: Any, b: Any, hands: int = 200, seed: int = 0, *,
                 player_count: int | None = None, progress: bool | Callable = False,
                 **options: Any) -> dict[str, Any]:
    """``a`` against ``b``: every deal is played twice with the seats swapped.

    ``a`` sits at seat 0 (and its partner, in partnership games; in individual games the other
    seats all play ``b``) in the first playing and at seat 1 in the second. Returns ``hands``
    (deals), ``won`` (share of playings ``a``'s unit won, ties counting half), its 95% Wilson
    interval ``won_ci``, ``baseline`` (what an equal player would win: 1/2 for two sides, 1/n
    for n seats each for himself), ``points_share`` (a's share of the points), ``margin`` (mean points
    ahead of the other unit) and the frame ``df``.
    """
    pd = _pandas()

    game = get_game(game)
    probe = game.deal(seed, players=player_count, **options)
    seats = probe.seats
    deciders = [s for s in range(seats) if probe.controller(s) == s]

    def lineup(unit_of_a: int) -> dict[int, Any]:
        return {s: (a if probe.side(s) == unit_of_a else b) for s in deciders}

    frames = []
    for swap, unit in ((0, 0), (1, 1)):
        df = simulate(game, lineup(unit), hands, seed, player_count=player_count,
                      progress=progress, **options)
        df["a_unit"] = unit
        df["swap"] = swap
        frames.append(df)
    df = pd.concat(frames, ignore_index=True)
    units = len(probe.score)
    a_points = df.apply(lambda r: r[f"points_{r['a_unit']}"], axis=1)
    others = df.apply(lambda r: max(r[f"points_{u}"] for u in range(units) if u != r["a_unit"]), axis=1)
    total = sum(df[f"points_{u}"] for u in range(units))
    won = (a_points > others).astype(float) + 0.5 * (a_points == others)
    wins = float(won.sum())
    return {
        "hands": hands,
        "playings": len(df),
        "baseline": 1 / units,     # the share an equal player would win

        "won": wins / len(df),
        "won_ci": wilson_interval(wins, len(df)),
        "points_share": float(a_points.sum() / total.sum()) if total.sum() else float("nan"),
        "margin": float((a_points - others).mean()),
        "df": df,
    }


# The questions people ask -------------------------------------------------------------------------


def win_rates(df) -> "Any":
    """Share of hands won by each unit (side or seat), ties left out."""
    return df["winner"].value_counts(normalize=True, dropna=True).sort_index()


def declarations_table(df) -> "Any":
    """One row per declaration: hand, seat, action, points (from the ``declarations`` column)."""
    pd = _pandas()

    rows = []
    for hand, decls, units in zip(df["hand"], df["declarations"], df["units"]):
        for text in decls:
            seat, action, points = text.split(":")
            rows.append({"hand": hand, "seat": int(seat), "action": action,
                         "name": action.split()[0], "points": int(points)})
    return pd.DataFrame(rows, columns=["hand", "seat", "action", "name", "points"])


def quinto_doubling(df) -> "Any":
    """Quinto: how often does the side that doubles (or redoubles) win the hand?

    Returns a frame by the last doubling call (``double``, ``redouble``) with the number of
    hands and the share the calling side won.
    """
    pd = _pandas()

    rows = []
    for _, r in df.iterrows():
        calls = [t.split(":") for t in r["declarations"] if t.split(":")[1] in ("double", "redouble")]
        if not calls:
            rows.append({"call": "none", "won": None})
            continue
        seat, call, _ = calls[-1]
        side = int(seat) % 2
        rows.append({"call": call, "won": (r["winner"] == side) if r["winner"] is not None else 0.5})
    frame = pd.DataFrame(rows)
    if frame.empty:
        return frame
    return frame.groupby("call").agg(hands=("won", "size"),
                                     caller_won=("won", lambda w: w.dropna().astype(float).mean()))


def pip_pip_call_value(df) -> "Any":
    """Pip-Pip!: what is a call worth? Mean hand points of a seat by how many calls it made,
    and how often that seat won the hand."""
    pd = _pandas()

    rows = []
    seats = [c for c in df.columns if c.startswith("points_")]
    for _, r in df.iterrows():
        calls = [0] * len(seats)
        for text in r["declarations"]:
            seat, action, _ = text.split(":")
            if action.startswith("pip-pip"):
                calls[int(seat)] += 1
        for s in range(len(seats)):
            rows.append({"calls": calls[s], "points": r[f"points_{s}"],
                         "card_points": r[f"trick_points_{s}"], "won": r["winner"] == s})
    frame = pd.DataFrame(rows)
    return frame.groupby("calls").agg(seats=("points", "size"), points=("points", "mean"),
                                      card_points=("card_points", "mean"), won=("won", "mean"))


def last_trick_decides(df, bonus: int = 10) -> dict[str, float]:
    """Guinote (or any game): how often the side that took the last trick won the hand, and how
    often the last-trick bonus (``bonus`` points) turned the result."""
    decided = df[df["winner"].notna()]
    took_last_won = float((decided["winner"] == decided["last_trick_unit"]).mean()) if len(decided) else float("nan")
    turned = 0
    for _, r in decided.iterrows():
        units = [c for c in r.index if c.startswith("points_")]
        scores = [r[c] for c in units]
        u = int(r["last_trick_unit"])
        scores[u] -= bonus
        best = max(range(len(scores)), key=lambda i: scores[i])
        if best != r["winner"] or scores.count(scores[best]) > 1:
            turned += 1
    return {"hands": len(df), "last_trick_side_won": took_last_won,
            "bonus_turned_result": turned / len(decided) if len(decided) else float("nan")}


# Plots ---------------------------------------------------------------------------------------


def unit_names_of(df) -> list[str]:
    """The names of a simulation's sides or players as the table says them ("North–South",
    "East–West"; "North", "Player 3"), from its first hand's game, players and options."""
    from .table_words import seat_names, unit_names

    first = df.iloc[0]
    hand = get_game(first["game"]).deal(int(first["seed"]), players=int(first["player_count"]),
                                        **first["options"])
    return unit_names(hand, seat_names(hand))


def plot_points(df, ax=None, bins: int = 30):
    """Histogram of each side's (or player's) points per hand, labelled with their names."""
    plt = _pyplot()

    ax = ax or plt.subplots(figsize=(6, 3.5))[1]
    names = unit_names_of(df)
    for column in [c for c in df.columns if c.startswith("points_")]:
        ax.hist(df[column], bins=bins, alpha=0.5, label=names[int(column.removeprefix("points_"))])
    ax.set_xlabel("points in the hand")
    ax.set_ylabel("hands")
    ax.yaxis.get_major_locator().set_params(integer=True)      # a count of hands: no 17.5
    ax.legend()
    return ax


def plot_win_rates(df, ax=None):
    """Bar chart of the share of hands each unit won."""
    plt = _pyplot()

    ax = ax or plt.subplots(figsize=(4, 3))[1]
    rates = win_rates(df)
    names = unit_names_of(df)
    ax.bar([names[int(u)] for u in rates.index], rates.values)
    ax.set_ylabel("share of hands won")
    ax.set_ylim(0, 1)
    return ax


def plot_margin(df, by: str = "winner", ax=None):
    """Box plot of the winning margin, grouped by ``by``."""
    plt = _pyplot()

    ax = ax or plt.subplots(figsize=(5, 3))[1]
    groups = [(str(k), g["margin"].values) for k, g in df.groupby(by)]
    ax.boxplot([g for _, g in groups])
    ax.set_xticks(range(1, len(groups) + 1), [k for k, _ in groups])
    ax.set_xlabel(by)
    ax.set_ylabel("margin (points)")
    return ax


def plot_call_value(df, ax=None):
    """Pip-Pip!: mean hand points by number of calls made."""
    plt = _pyplot()

    ax = ax or plt.subplots(figsize=(4, 3))[1]
    table = pip_pip_call_value(df)
    ax.bar(table.index.astype(str), table["points"])
    ax.set_xlabel("Pip-Pip! calls a seat made in the hand")
    ax.set_ylabel("its points in the hand (average)")
    return ax


#: pandas' ``describe()`` rows in words a reader of the explainers uses
SUMMARY_WORDS = {"count": "hands", "mean": "average", "std": "spread (standard deviation)",
                 "min": "fewest", "25%": "a quarter of the hands scored at most",
                 "50%": "half of the hands scored at most (the median)",
                 "75%": "three quarters of the hands scored at most", "max": "most"}


def summary_in_words(points) -> "Any":
    """``points.describe()`` (a frame of points per hand, a column each) with its rows named in
    plain words ("average", "fewest", "half of the hands scored at most (the median)"), rounded
    to one decimal."""
    return points.describe().round(1).rename(index=SUMMARY_WORDS)


__all__ = [
    "NeedsFullInstall", "ProgressBar", "simulate", "hand_row", "head_to_head", "wilson_interval", "win_rates",
    "declarations_table", "quinto_doubling", "pip_pip_call_value", "last_trick_decides",
    "plot_points", "plot_win_rates", "plot_margin", "plot_call_value", "summary_in_words",
    "unit_names_of",
]
