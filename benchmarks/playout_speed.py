"""Random playout cost per card play for each game, beside OpenSpiel's hearts driven from Python.

Both sides deal a hand from a seed and play it to the end with uniformly random legal actions;
the time (dealing included) is divided by the number of cards played. A bare follow-suit game
written in plain Python without the engine (cards as numbers, no checks, no rules beyond
following suit and a trump) is timed the same way: the floor any pure-Python design pays. OpenSpiel
(``pip install open_spiel``) is an optional dependency: without it that line says it is
missing. Goal: <= 0.5x OpenSpiel.

Times are CPU time of this process (``time.process_time``), the best of ``--repeats`` runs of
``--seconds`` each: on a machine shared with other jobs the wall clock mostly measures the
others. OpenSpiel is measured before and after the games and its best run is the reference.
Only the deal and the play are timed, not the counting of the cards played.
"""

from __future__ import annotations

import random
import time
from math import floor

from _common import cg, games, parser
from cardgames.cards import shuffle
from cardgames.engine import play_randomly

clock = time.process_time


def cardgames_per_play(game: str, seconds: float = 1.0, rollout: bool = True) -> tuple[float, int]:
    """Deal from a seed and play to the end at random: through ``Hand.play_out`` (the search
    players' rollouts) or, with ``rollout=False``, through ``legal_actions()`` and ``apply``
    with all its checks (``engine.play_randomly``)."""
    rng = random.Random(1)
    plays = 0
    hands = 0
    spent = 0.0
    Card = cg.Card
    while spent < seconds:
        batch = []
        start = clock()
        for seed in range(hands + 1, hands + 21):
            hand = cg.deal(game, seed=seed)
            if rollout:
                hand.play_out(rng)
            else:
                play_randomly(hand, rng)
            batch.append(hand)
        spent += clock() - start
        hands += len(batch)
        plays += sum(1 for hand in batch for _, a in hand.history if a.__class__ is Card)
    return spent / plays, hands


def openspiel_per_play(seconds: float = 1.0) -> tuple[float, int] | None:
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


# A floor for any pure-Python playout: a bare follow-suit trick game (4 seats, 52 cards as
# numbers, a fixed trump, points from a table), no engine, no checks, no objects: what the
# interpreter costs to deal from a seed and play a card, whatever the design.
_SUIT = [i // 13 for i in range(52)]
_RANK = [i % 13 for i in range(52)]
_POINTS = [10 if r == 8 else 5 if r == 12 else 0 for r in _RANK]


def _bare_hand(seed: int, rand) -> list[int]:
    deck = list(range(52))
    shuffle(deck, random.Random(seed))      # the engine's shuffle: the same draws, faster
    hands = [deck[0:13], deck[13:26], deck[26:39], deck[39:52]]
    suit, rank, points = _SUIT, _RANK, _POINTS
    trump, leader, score, history = 0, 0, [0, 0], []
    for _ in range(13):
        hand = hands[leader]
        card = hand[floor(rand() * len(hand))]
        hand.remove(card)
        trick = [(leader, card)]
        history.append((leader, card))
        led = suit[card]
        for k in (1, 2, 3):
            seat = (leader + k) % 4
            hand = hands[seat]
            legal = [c for c in hand if suit[c] == led] or hand
            card = legal[floor(rand() * len(legal))]
            hand.remove(card)
            trick.append((seat, card))
            history.append((seat, card))
        best_seat, best = trick[0]
        for seat, card in trick[1:]:
            if suit[card] == suit[best]:
                if rank[card] > rank[best]:
                    best_seat, best = seat, card
            elif suit[card] == trump:
                best_seat, best = seat, card
        score[best_seat % 2] += sum(points[c] for _, c in trick)
        leader = best_seat
    return score


def bare_per_play(seconds: float = 1.0) -> tuple[float, int]:
    """The bare follow-suit game's cost per card play, dealing included."""
    rand = random.Random(1).random
    hands = 0
    start = clock()
    while clock() - start < seconds:
        for seed in range(hands, hands + 50):
            _bare_hand(seed, rand)
        hands += 50
    return (clock() - start) / (hands * 52), hands


def best_of(repeats: int, measure, *args, **kwargs):
    runs = [measure(*args, **kwargs) for _ in range(repeats)]
    return None if runs[0] is None else min(runs)


def main(argv=None) -> dict:
    p = parser(__doc__)
    p.add_argument("--repeats", type=int, default=3, help="runs per figure; the best is kept")
    p.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per run")
    args = p.parse_args(argv)
    reference = best_of(args.repeats, openspiel_per_play, args.seconds)
    results = {}
    measured = []
    for game in games(args.games):
        per = best_of(args.repeats, cardgames_per_play, game, args.seconds)
        checked = best_of(args.repeats, cardgames_per_play, game, args.seconds, rollout=False)
        measured.append((game, per, checked))
    bare = best_of(args.repeats, bare_per_play, args.seconds)
    if reference is not None:
        reference = min(reference, best_of(args.repeats, openspiel_per_play, args.seconds))
    print("Random playout cost per card play (dealing included; CPU time, best of "
          f"{args.repeats} runs)")
    if reference is None:
        print("  OpenSpiel hearts: open_spiel is not installed (pip install open_spiel); no ratio")
    else:
        print(f"  OpenSpiel hearts (Python API): {reference[0] * 1e6:6.2f} us per card play "
              f"({reference[1]} hands)")
    bare_ratio = f"  {bare[0] / reference[0]:.2f}x OpenSpiel" if reference else ""
    print(f"  bare follow-suit game in plain Python (the floor: no engine, no rules but following "
          f"suit): {bare[0] * 1e6:.2f} us per card play ({bare[1]} hands){bare_ratio}")
    for game, (per, hands), (checked, _) in measured:
        ratio = f"{per / reference[0]:.2f}x OpenSpiel" if reference else "n/a"
        checked_ratio = f"{checked / reference[0]:.2f}x" if reference else "n/a"
        results[game] = (per, ratio)
        print(f"  {game:16s} {per * 1e6:6.2f} us per card play in play_out ({hands} hands)  {ratio};"
              f"  {per / bare[0]:.2f}x the floor;  through apply: {checked * 1e6:5.2f} us "
              f"({checked_ratio})")
    return results


if __name__ == "__main__":
    main()
