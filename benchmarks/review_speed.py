"""Time for cg.review of a whole hand at the default budget, and its agreement with best play.

For each game at its largest common table (and Yukon's and Guinote's two-player game, the
longest hands), hands are played by the rules of thumb from seeds 0, 1, ... and seat 0's
decisions are reviewed at the default budget (or ``--budget``). Printed per game: the mean and
the largest seconds for a whole hand's review (goal: <= 20 s on 2 cores), the decisions per
hand and how they were weighed (beside the time on the clock, the processor time of this
process, steadier when other work shares the machine), and, in the last four tricks where
both exist, how often the review's ``best`` is among the best actions of exact best play on
the real deal (every card known: the review weighs from the seat's knowledge, so it may
rightly differ), and how often the search player's own choice is.
"""

from __future__ import annotations

import time

from _common import cg, parser
from cardgames.players import RuleOfThumbPlayer, SearchPlayer, play_hand
from cardgames.review import DEFAULT_BUDGET
from cardgames.solver import SolverLimit, solve

TABLES = [("quinto", 4), ("yukon", 4), ("yukon", 2), ("pip_pip", 12), ("guinote", 4),
          ("guinote", 2), ("pippins_aplenty", 4)]


def measure(game: str, players: int, hands: int, budget: float) -> dict:
    seconds, cpu, decisions, how, agree, search_agree, both = [], [], 0, {}, 0, 0, 0
    for seed in range(hands):
        hand = cg.deal(game, seed=seed, players=players)
        play_hand(hand, {s: RuleOfThumbPlayer(seed * 10 + s) for s in range(hand.seats)})
        started, processor = time.perf_counter(), time.process_time()
        review = cg.review(hand, seat=0, budget=budget)
        seconds.append(time.perf_counter() - started)
        cpu.append(time.process_time() - processor)
        decisions += len(review.rows)
        position = hand.replayed([])
        rows = {row.action_index: row for row in review.rows}
        for index, (actor, move) in enumerate(hand.history):
            row = rows.get(index)
            if row is not None:
                how[row.how] = how.get(row.how, 0) + 1
            if row is not None and row.how == "solver":
                try:
                    values = solve(position, max_nodes=200_000).values
                except SolverLimit:
                    values = None
                if values is not None:
                    top = max(values.values())
                    best = {a for a, v in values.items() if v == top}
                    both += 1
                    agree += row.best in best
                    player = SearchPlayer(index, iterations=round(budget), time_limit=None)
                    search_agree += player.choose(position.view(0)) in best
            position.apply(move, actor if actor != position.to_move else None)
    return {"mean": sum(seconds) / len(seconds), "max": max(seconds),
            "cpu": sum(cpu) / len(cpu), "cpu_max": max(cpu),
            "decisions": decisions / hands, "how": how, "both": both,
            "agree": agree / both if both else float("nan"),
            "search_agree": search_agree / both if both else float("nan")}


def main(argv=None) -> dict:
    p = parser(__doc__)
    p.add_argument("--hands", type=int, default=3)
    p.add_argument("--budget", type=float, default=DEFAULT_BUDGET)
    args = p.parse_args(argv)
    chosen = {cg.get_game(g).name for g in args.games}
    results = {}
    print(f"cg.review of seat 0, budget {args.budget:g} playouts a decision, {args.hands} hands each")
    for game, players in TABLES:
        if chosen and game not in chosen:
            continue
        r = measure(game, players, args.hands, args.budget)
        results[(game, players)] = r
        weighed = ", ".join(f"{k} {v}" for k, v in sorted(r["how"].items()))
        print(f"{game:16} {players:2} players: {r['mean']:5.1f} s a hand (max {r['max']:5.1f} s; "
              f"processor {r['cpu']:4.1f} s, max {r['cpu_max']:4.1f} s), "
              f"{r['decisions']:4.1f} decisions ({weighed}); last four tricks: review's best "
              f"= real deal's best play {r['agree']:.0%}, search player's {r['search_agree']:.0%} "
              f"of {r['both']}")
    return results


if __name__ == "__main__":
    main()
