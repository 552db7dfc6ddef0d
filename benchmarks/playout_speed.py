"""Random playout cost per card play for each game, beside OpenSpiel's hearts driven from Python.

Both sides deal a hand from a seed and play it to the end with uniformly random legal actions;
the time is divided by the number of cards played. OpenSpiel (``pip install open_spiel``) is an
optional dependency: without it that line says it is missing. Goal: <= 0.5x OpenSpiel.
"""

from __future__ import annotations

import random

from _common import cg, clock, games, parser
from cardgames.engine import play_randomly


def cardgames_per_play(game: str, seconds: float = 1.5, rollout: bool = True) -> tuple[float, int]:
    """Deal from a seed and play to the end at random: through ``Hand.play_out`` (the search
    players' rollouts) or, with ``rollout=False``, through ``legal_actions()`` and ``apply``
    with all its checks (``engine.play_randomly``)."""
    rng = random.Random(1)
    plays = 0
    hands = 0
    start = clock()
    while clock() - start < seconds:
        hand = cg.deal(game, seed=hands + 1)
        if rollout:
            hand.play_out(rng)
        else:
            play_randomly(hand, rng)
        plays += sum(1 for _, a in hand.history if isinstance(a, cg.Card))
        hands += 1
    return (clock() - start) / plays, hands


def openspiel_per_play(seconds: float = 1.5) -> tuple[float, int] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(1)
    plays = 0
    hands = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        plays += 52
        hands += 1
    return (clock() - start) / plays, hands


def main(argv=None) -> dict:
    args = parser(__doc__).parse_args(argv)
    reference = openspiel_per_play()
    results = {}
    print("Random playout cost per card play (dealing included)")
    if reference is None:
        print("  OpenSpiel hearts: open_spiel is not installed (pip install open_spiel); no ratio")
    else:
        print(f"  OpenSpiel hearts (Python API): {reference[0] * 1e6:6.2f} us per card play "
              f"({reference[1]} hands)")
    for game in games(args.games):
        per, hands = cardgames_per_play(game)
        checked, _ = cardgames_per_play(game, rollout=False)
        ratio = f"{per / reference[0]:.2f}x OpenSpiel" if reference else "n/a"
        checked_ratio = f"{checked / reference[0]:.2f}x" if reference else "n/a"
        results[game] = (per, ratio)
        print(f"  {game:16s} {per * 1e6:6.2f} us per card play in play_out ({hands} hands)  {ratio};"
              f"  through apply: {checked * 1e6:5.2f} us ({checked_ratio})")
    return results


if __name__ == "__main__":
    main()
