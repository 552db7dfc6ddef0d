"""10,000 rule-of-thumb hands of each game into a DataFrame (cardgames.analysis.simulate).

Goal: <= 2 s per game. Each decision gives the seat a SeatView (a read-only window on the live
hand: no copy) and asks the rules of thumb in order, so this measures players + engine + pandas.
Besides the wall time it prints the CPU time of all processes (steadier on a shared machine)
and the load average before and after.
"""

from __future__ import annotations

import os
import time

from _common import clock, games, parser
from cardgames.analysis import simulate


def cpu_seconds() -> float:
    """User + system time of this process and of its finished children (the workers)."""
    try:
        import resource
    except ImportError:                   # Windows: this process only
        return time.process_time()
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def load() -> str:
    try:
        return "/".join(f"{x:.1f}" for x in os.getloadavg())
    except (AttributeError, OSError):
        return "unknown"


def main(argv=None) -> dict:
    p = parser(__doc__)
    p.add_argument("--hands", type=int, default=10_000)
    p.add_argument("--players", default="rule-of-thumb")
    p.add_argument("--workers", type=int, default=1, help="processes (simulate(workers=...))")
    args = p.parse_args(argv)
    results = {}
    print(f"{args.hands:,} {args.players} hands into a DataFrame ({args.workers} process(es)); "
          f"load {load()}")
    for game in games(args.games):
        cpu, start = cpu_seconds(), clock()
        df = simulate(game, args.players, hands=args.hands, seed=1, workers=args.workers)
        seconds, cpu = clock() - start, cpu_seconds() - cpu
        results[game] = seconds
        print(f"  {game:16s} {seconds:7.2f} s  ({seconds / args.hands * 1e3:.2f} ms a hand, "
              f"{cpu:.1f} s CPU; {len(df)} rows, {len(df.columns)} columns)")
    print(f"load {load()}")
    return results


if __name__ == "__main__":
    main()
