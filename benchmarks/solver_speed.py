"""Double-dummy time for the last 4 tricks of each game (cardgames.solver.solve).

Positions: deals played at random until every hand holds 4 cards or fewer at the start of a
trick; all legal actions are valued exactly. Goal: <= 1 s. Pip-Pip! is shown for each table
size from 3 to 6 (each seat for himself: everyone else minimises the mover's points). Beside
the time on the clock, the processor time of this process (steadier when other work shares the
machine).
"""

from __future__ import annotations

import random
import time

from _common import cg, games, parser
from cardgames.solver import SolverLimit, last_tricks_position, solve


def measure(game: str, players: int | None, positions: int, tricks: int
            ) -> tuple[float, float, float, float, int]:
    times, cpu, nodes = [], [], 0
    for seed in range(positions):
        hand = cg.deal(game, seed=seed, players=players)
        position = last_tricks_position(hand, tricks, random.Random(seed))
        if position.to_move is None:
            continue
        started = time.process_time()
        try:
            solution = solve(position, time_limit=10)
            times.append(solution.seconds)
            nodes = max(nodes, solution.nodes)
        except SolverLimit:
            times.append(float("inf"))
        cpu.append(time.process_time() - started)
    return sum(times) / len(times), max(times), sum(cpu) / len(cpu), max(cpu), nodes


def main(argv=None) -> dict:
    p = parser(__doc__)
    p.add_argument("--positions", type=int, default=20)
    p.add_argument("--tricks", type=int, default=4)
    args = p.parse_args(argv)
    results = {}
    print(f"Double dummy, last {args.tricks} tricks ({args.positions} positions each)")
    for game in games(args.games):
        counts = [None] if game != "pip_pip" else [3, 4, 5, 6]
        for players in counts:
            mean, worst, cpu_mean, cpu_worst, nodes = measure(game, players, args.positions,
                                                              args.tricks)
            label = game if players is None else f"{game} ({players})"
            results[label] = (mean, worst)
            print(f"  {label:16s} mean {mean * 1e3:7.1f} ms, worst {worst * 1e3:7.1f} ms "
                  f"(processor: mean {cpu_mean * 1e3:6.1f} ms, worst {cpu_worst * 1e3:6.1f} ms), "
                  f"most positions {nodes}")
    return results


if __name__ == "__main__":
    main()
