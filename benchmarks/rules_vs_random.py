"""Rule-of-thumb against random, per game: each deal played twice with the seats swapped.

Reports the share of playings the rule-of-thumb side (or seat) won, with a 95% Wilson interval,
beside what an equal player would win (1/2 for two sides; 1/n for n seats each for himself).
"""

from __future__ import annotations

from _common import clock, games, parser
from cardgames.analysis import head_to_head


def main(argv=None) -> dict:
    p = parser(__doc__)
    p.add_argument("--hands", type=int, default=500)
    args = p.parse_args(argv)
    results = {}
    print(f"Rule-of-thumb against random ({args.hands} deals, seats swapped)")
    for game in games(args.games):
        start = clock()
        r = head_to_head(game, "rule-of-thumb", "random", hands=args.hands, seed=1000)
        low, high = r["won_ci"]
        results[game] = r
        print(f"  {game:16s} won {r['won']:.1%} [{low:.1%}, {high:.1%}] vs equal {r['baseline']:.1%}; "
              f"points share {r['points_share']:.1%}, margin {r['margin']:+.1f}  ({clock() - start:.0f} s)")
    return results


if __name__ == "__main__":
    main()
