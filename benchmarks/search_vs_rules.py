"""Search (ISMCTS) against rule-of-thumb over seeded deals, each played twice with seats swapped.

The search player gets ``--iterations`` playouts per decision, capped at ``--time-limit``
seconds (<= 1 s a move), each playout played out by the rules of thumb (``--rollout rules``,
with ``--epsilon`` random moves, by default the game's ``PLAYOUT_EPSILON``) or at random
(``--rollout random``), a line valued by hands won (``--win-weight``, by default the game's
``WIN_WEIGHT``) and points; ``--exploration`` is the UCB constant. Goal: >= 60% of hands won
(for games scored by points: the share of hands in which the search side scored more), with a
95% Wilson interval. It also reports the thinking time per search move (mean and longest), and
``--jobs n`` measures up to n games at once in separate processes.

"Won" is head_to_head's: the share of playings in which the search side (or seat) scored more
than every other side (or seat), ties half. In a game each for himself at more than two seats
(Pip-Pip!, 6 players by default: one search seat against five rule-of-thumb seats) an equal
player wins only 1/n of the playings that way, so the script also gives a duplicate
comparison: every deal is played once more with rule-of-thumb in every seat (same deal, same
seeds), and "duplicate won" is the share of playings in which the search seat scored more than
the rule-of-thumb player did in the same seat of the same deal (ties half), with its 95% Wilson
interval; 50% is an equal player's share.
"""

from __future__ import annotations

import time

from _common import clock, games, parser
from cardgames.analysis import head_to_head, simulate, wilson_interval
from cardgames.players import PLAYER_KINDS, SearchPlayer


class TimedSearch(SearchPlayer):
    """The search player, keeping the time each of its moves took."""

    times: list[float] = []

    def choose(self, view):
        start = time.perf_counter()
        action = super().choose(view)
        TimedSearch.times.append(time.perf_counter() - start)
        return action


def duplicate(game: str, r: dict, hands: int, seed: int, player_count: int | None = None) -> dict:
    """The search seat's points against the rule-of-thumb player's in the same seat and deal:
    ``dup_won`` (ties half), its Wilson interval ``dup_ci`` and the mean difference ``dup_margin``."""
    rules = simulate(game, "rule-of-thumb", hands, seed, player_count=player_count)
    same_seat = {(row.seed, u): row[f"points_{u}"] for _, row in rules.iterrows()
                 for u in (0, 1)}
    df = r["df"]
    diffs = [row[f"points_{row['a_unit']}"] - same_seat[(row["seed"], row["a_unit"])]
             for _, row in df.iterrows()]
    wins = sum(1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in diffs)
    return {"dup_won": wins / len(diffs), "dup_ci": wilson_interval(wins, len(diffs)),
            "dup_margin": sum(diffs) / len(diffs)}


def measure(game: str, hands: int, settings: dict, seed: int = 2000) -> dict:
    PLAYER_KINDS["timed-search"] = TimedSearch
    TimedSearch.times = []
    start = clock()
    r = head_to_head(game, ("timed-search", settings), "rule-of-thumb", hands=hands, seed=seed)
    times = TimedSearch.times
    low, high = r["won_ci"]
    r.update(seconds=clock() - start, move_mean=sum(times) / max(1, len(times)),
             move_max=max(times, default=0.0))
    individual = r["df"]["units"].iloc[0] == "seat" and r["baseline"] < 0.5
    extra = ""
    if individual:
        r.update(duplicate(game, r, hands, seed))
        dlow, dhigh = r["dup_ci"]
        extra = (f"; duplicate won {r['dup_won']:.1%} [{dlow:.1%}, {dhigh:.1%}] vs equal 50.0%, "
                 f"{r['dup_margin']:+.1f} points a hand over rule-of-thumb in the same seat")
    players = f" ({r['df']['player_count'].iloc[0]} players)" if individual else ""
    r["line"] = (f"  {game + players:16s} won {r['won']:.1%} [{low:.1%}, {high:.1%}] vs equal "
                 f"{r['baseline']:.1%}; points share {r['points_share']:.1%}, margin {r['margin']:+.1f}"
                 f"{extra}; {r['move_mean']:.2f} s a move (longest {r['move_max']:.2f} s)  "
                 f"({r['seconds']:.0f} s)")
    return r


def _measure_line(job: tuple) -> str:
    return measure(*job)["line"]


def main(argv=None) -> dict:
    p = parser(__doc__)
    p.add_argument("--hands", type=int, default=100)
    p.add_argument("--iterations", type=int, default=400)
    p.add_argument("--time-limit", type=float, default=1.0)
    p.add_argument("--rollout", choices=("rules", "random"), default="rules")
    p.add_argument("--epsilon", type=float, default=None,
                   help="random moves in the playouts (default: the game's PLAYOUT_EPSILON)")
    p.add_argument("--win-weight", type=float, default=None,
                   help="value of hands won against points (default: the game's WIN_WEIGHT)")
    p.add_argument("--exploration", type=float, default=0.7)
    p.add_argument("--seed", type=int, default=2000)
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args(argv)
    settings = {"iterations": args.iterations, "time_limit": args.time_limit,
                "rollout": args.rollout, "epsilon": args.epsilon, "win_weight": args.win_weight,
                "exploration": args.exploration}
    rate = "the game's" if args.epsilon is None else args.epsilon
    weight = "the game's" if args.win_weight is None else args.win_weight
    print(f"Search ({args.iterations} playouts by {args.rollout}, epsilon {rate}, win weight "
          f"{weight}, exploration {args.exploration}, <= {args.time_limit} s a move) "
          f"against rule-of-thumb ({args.hands} deals from seed {args.seed}, seats swapped)", flush=True)
    chosen = games(args.games)
    jobs = [(game, args.hands, settings, args.seed) for game in chosen]
    if args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(min(args.jobs, len(jobs))) as pool:
            for line in pool.map(_measure_line, jobs):
                print(line, flush=True)
        return {}
    results = {}
    for job in jobs:
        results[job[0]] = r = measure(*job)
        print(r["line"], flush=True)
    return results


if __name__ == "__main__":
    main()
