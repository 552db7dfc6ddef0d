"""Search (ISMCTS) against rule-of-thumb over seeded deals, each played twice with seats swapped.

The search player gets ``--iterations`` playouts per decision, capped at ``--time-limit``
seconds (<= 1 s a move). Goal: >= 60% of hands won (for games scored by points: the share of
hands in which the search side scored more), with a 95% Wilson interval.
"""

from __future__ import annotations

from _common import clock, games, parser
from cardgames.analysis import head_to_head


def main(argv=None) -> dict:
    p = parser(__doc__)
    p.add_argument("--hands", type=int, default=100)
    p.add_argument("--iterations", type=int, default=300)
    p.add_argument("--time-limit", type=float, default=1.0)
    args = p.parse_args(argv)
    search = ("search", {"iterations": args.iterations, "time_limit": args.time_limit})
    results = {}
    print(f"Search ({args.iterations} playouts, <= {args.time_limit} s a move) against "
          f"rule-of-thumb ({args.hands} deals, seats swapped)")
    for game in games(args.games):
        start = clock()
        r = head_to_head(game, search, "rule-of-thumb", hands=args.hands, seed=2000)
        low, high = r["won_ci"]
        df = r["df"]
        moves = len(df) * df["n_tricks"].mean()   # rough count of moves, for the time per move
        results[game] = r
        print(f"  {game:16s} won {r['won']:.1%} [{low:.1%}, {high:.1%}] vs equal {r['baseline']:.1%}; "
              f"points share {r['points_share']:.1%}, margin {r['margin']:+.1f}  "
              f"({clock() - start:.0f} s)", flush=True)
    return results


if __name__ == "__main__":
    main()
