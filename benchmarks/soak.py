"""Play many random hands across every game, player count and option, checking the
invariants after every action (cardgames.checks). Prints the figures; exits 1 on a problem.

    python benchmarks/soak.py --hands 100000
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardgames.checks import soak  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--end-only", action="store_true", help="check only at the end of each hand")
    args = parser.parse_args()
    report = soak(args.hands, seed=args.seed, games=args.game, check_every_action=not args.end_only)
    print(report)
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
