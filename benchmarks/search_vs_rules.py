"""Search (ISMCTS) against rule-of-thumb over seeded deals, each played twice with seats swapped.

The search player gets ``--iterations`` playouts per decision, capped at ``--time-limit``
seconds (<= 1 s a move), each playout played out by the rules of thumb (``--rollout rules``,
with ``--epsilon`` random moves) or at random (``--rollout random``). Goal: >= 60% of hands won
(for games scored by points: the share of hands in which the search side scored more), with a
95% Wilson interval. It also reports the thinking time per search move (mean and longest), and
``--jobs n`` measures up to n games at once in separate processes.
"""

from __future__ import annotations

import time

from _common import clock, games, parser
from cardgames.analysis import head_to_head
from cardgames.players import PLAYER_KINDS, SearchPlayer


class TimedSearch(SearchPlayer):
    """The search player, keeping the time each of its moves took."""

    times: list[float] = []

    def choose(self, view):
        start = time.perf_counter()
        action = super().choose(view)
        TimedSearch.times.append(time.perf_counter() - start)
        return action


def measure(game: str, hands: int, settings: dict, seed: int = 2000) -> dict:
    PLAYER_KINDS["timed-search"] = TimedSearch
    TimedSearch.times = []
    start = clock()
    r = head_to_head(game, ("timed-search", settings), "rule-of-thumb", hands=hands, seed=seed)
    times = TimedSearch.times
    low, high = r["won_ci"]
    r.update(seconds=clock() - start, move_mean=sum(times) / max(1, len(times)),
             move_max=max(times, default=0.0))
    r["line"] = (f"  {game:16s} won {r['won']:.1%} [{low:.1%}, {high:.1%}] vs equal {r['baseline']:.1%}; "
                 f"points share {r['points_share']:.1%}, margin {r['margin']:+.1f}; "
                 f"{r['move_mean']:.2f} s a move (longest {r['move_max']:.2f} s)  ({r['seconds']:.0f} s)")
    return r


def _measure_line(job: tuple) -> str:
    return measure(*job)["line"]


def main(argv=None) -> dict:
    p = parser(__doc__)
    p.add_argument("--hands", type=int, default=100)
    p.add_argument("--iterations", type=int, default=400)
    p.add_argument("--time-limit", type=float, default=1.0)
    p.add_argument("--rollout", choices=("rules", "random"), default="rules")
    p.add_argument("--epsilon", type=float, default=0.1)
    p.add_argument("--seed", type=int, default=2000)
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args(argv)
    settings = {"iterations": args.iterations, "time_limit": args.time_limit,
                "rollout": args.rollout, "epsilon": args.epsilon}
    print(f"Search ({args.iterations} playouts by {args.rollout}, <= {args.time_limit} s a move) "
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
