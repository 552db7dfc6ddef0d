"""10,000 rule-of-thumb hands of each game into a DataFrame (cardgames.analysis.simulate).

Goal: <= 2 s per game. Each decision builds the seat's view (a copy with the hidden cards
removed) and asks the rules of thumb in order, so this measures players + engine + pandas.
"""

from __future__ import annotations

from _common import clock, games, parser
from cardgames.analysis import simulate


def main(argv=None) -> dict:
    p = parser(__doc__)
    p.add_argument("--hands", type=int, default=10_000)
    p.add_argument("--players", default="rule-of-thumb")
    p.add_argument("--workers", type=int, default=1, help="processes (simulate(workers=...))")
    args = p.parse_args(argv)
    results = {}
    print(f"{args.hands:,} {args.players} hands into a DataFrame ({args.workers} process(es))")
    for game in games(args.games):
        start = clock()
        df = simulate(game, args.players, hands=args.hands, seed=1, workers=args.workers)
        seconds = clock() - start
        results[game] = seconds
        print(f"  {game:16s} {seconds:7.2f} s  ({seconds / args.hands * 1e3:.2f} ms a hand, "
              f"{len(df)} rows, {len(df.columns)} columns)")
    return results


if __name__ == "__main__":
    main()
