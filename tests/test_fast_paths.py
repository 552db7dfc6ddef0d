"""The fast paths give the same games as the plain ones: the shuffle, seeded deals, play_out."""

from __future__ import annotations

import hashlib
import random

import pytest

import cardgames as cg
from cardgames.cards import shuffle

#: A digest of the deals of seeds 1..40 for every game and player count (and Yukon's random 2s),
#: taken before the deal was made faster: records, tests and notebooks rely on these deals.
SEEDED_DEALS_DIGEST = "f0c425d97e3e8f4ec200b4caa32cf67b99e6f153696d57edce72679d2f0c4708"


def deal_fingerprint() -> str:
    seen = []
    for name, game in sorted(cg.GAMES.items()):
        variants = [{"players": p} for p in game.player_counts]
        if name == "yukon":
            variants += [{"players": 3, "removed_twos": "random"}, {"players": 5, "removed_twos": "random"}]
        for options in variants:
            for seed in range(1, 41):
                hand = cg.deal(name, seed=seed, **options)
                hands, stock = hand.initial_deal
                seen.append((name, sorted(options.items()), seed, [" ".join(map(str, h)) for h in hands],
                             " ".join(map(str, stock)), str(hand.trump), hand.to_move,
                             sorted((k, str(v)) for k, v in hand.extra.items())))
    return hashlib.sha256(repr(seen).encode()).hexdigest()


def test_seeded_deals_are_the_deals_they_always_were():
    assert deal_fingerprint() == SEEDED_DEALS_DIGEST


@pytest.mark.parametrize("size", [2, 3, 36, 40, 48, 52, 53, 104, 130])
def test_shuffle_is_random_shuffle(size):
    for seed in range(60):
        mine, theirs = list(range(size)), list(range(size))
        rng_mine, rng_theirs = random.Random(seed), random.Random(seed)
        shuffle(mine, rng_mine)
        rng_theirs.shuffle(theirs)
        assert mine == theirs
        assert rng_mine.random() == rng_theirs.random()   # the generator is left the same


GAMES_AND_OPTIONS = [
    ("quinto", {}), ("quinto", {"players": 3}), ("yukon", {}), ("yukon", {"players": 3}),
    ("yukon", {"no_yukon_leads": True, "yukon_lead_follow": "yukons"}),
    ("pip_pip", {}), ("pip_pip", {"players": 3}),
    ("pip_pip", {"call_window": "only_after_completing_draw", "multi_call_trump": "first"}),
    ("guinote", {}), ("guinote", {"players": 2}),
    ("guinote", {"cante_window": "until_opponent_plays", "cante_before_first_trick": True,
                 "seven_swap_rule": "leader_only", "seven_swap_allowed_before_first_trick": True,
                 "tute_instant_win": True}),
    ("guinote", {"claim_mode": "explicit", "allow_claim_in_idas": True,
                 "seven_swap_rule": "side_has_won_a_trick", "must_undertrump": True}),
    ("pippins_aplenty", {}),
]


@pytest.mark.parametrize("game, options", GAMES_AND_OPTIONS)
def test_play_out_plays_what_apply_would(game, options):
    # Hand.play_out is the rollouts' fast path: from the same generator it must take exactly
    # the actions that choosing among legal_actions() and applying them would.
    for seed in range(1, 16):
        fast = cg.deal(game, seed=seed, **options).play_out(random.Random(seed))
        slow = cg.deal(game, seed=seed, **options)
        rng = random.Random(seed)
        while not slow.is_over:
            legal = slow.legal_actions()
            slow.apply(legal[int(rng.random() * len(legal))])
        assert fast.history == slow.history
        assert fast.score == slow.score and fast.declarations == slow.declarations
        assert [t.points for t in fast.tricks] == [t.points for t in slow.tricks]
        assert fast.end_reason == slow.end_reason and not fast.legal_actions()


def test_play_out_from_the_middle_of_a_hand_and_from_a_copy():
    for game in sorted(cg.GAMES):
        hand = cg.deal(game, seed=9)
        rng = random.Random(9)
        for _ in range(7):
            legal = hand.legal_actions()
            hand.apply(legal[int(rng.random() * len(legal))])
        twin = hand.copy()
        state = rng.getstate()
        hand.play_out(rng)
        rng.setstate(state)
        slow = twin
        while not slow.is_over:
            legal = slow.legal_actions()
            slow.apply(legal[int(rng.random() * len(legal))])
        assert hand.history == slow.history and hand.score == slow.score


@pytest.mark.parametrize("game, options", [(g, o) for g, o in GAMES_AND_OPTIONS
                                           if cg.GAMES[g].hand_class.named_actions_only_when_leading])
def test_named_actions_only_when_leading_is_true(game, options):
    # A game that says its seat to move declares only before leading lets play_out skip asking
    # in mid-trick: check the claim over random hands, out-of-turn declarations included.
    def check(hand: cg.Hand) -> None:
        if hand.trick and hand.phase is cg.Phase.PLAY:
            assert hand.named_actions(hand.to_move) == []
    rng = random.Random(5)
    for seed in range(1, 16):
        walk_with_out_of_turn_actions(cg.deal(game, seed=seed, **options), rng, check)


@pytest.mark.parametrize("game, options", [(g, o) for g, o in GAMES_AND_OPTIONS
                                           if cg.GAMES[g].hand_class.has_open_actions])
def test_out_of_turn_seats_names_every_seat_that_may_act_out_of_turn(game, options):
    # open_actions_by_seat asks only the seats a game names in out_of_turn_seats() (Pip-Pip!:
    # the seat that has just played; Guinote: nobody in mid-trick). Check the claim at every
    # step of random hands, out-of-turn actions included: no other seat has an open action.
    def check(hand: cg.Hand) -> None:
        named = set(hand.out_of_turn_seats())
        for seat in range(hand.seats):
            if seat not in named:
                assert hand.open_actions(seat) == [], (seat, named, hand.history[-3:])
    rng = random.Random(8)
    for seed in range(1, 13):
        walk_with_out_of_turn_actions(cg.deal(game, seed=seed, **options), rng, check)


def walk_with_out_of_turn_actions(hand: cg.Hand, rng: random.Random, check) -> None:
    """Play a hand to its end at random, taking an open out-of-turn action (a Pip-Pip! call, a
    Guinote marriage) half the times there is one; ``check(hand)`` before every action."""
    while not hand.is_over:
        check(hand)
        opened = hand.open_actions_by_seat()
        if opened and rng.random() < 0.5:
            seat = rng.choice(sorted(opened))
            hand.apply(rng.choice(opened[seat]), seat)
            continue
        hand.apply(rng.choice(hand.legal_actions()))


def test_hands_pickle_and_deepcopy_and_play_on():
    import copy
    import pickle

    for game in sorted(cg.GAMES):
        hand = cg.deal(game, seed=3)
        hand.apply(hand.legal_actions()[0])
        for twin in (pickle.loads(pickle.dumps(hand)), copy.deepcopy(hand)):
            assert twin.history == hand.history and twin.options == hand.options
            assert twin.options.__dict__ == hand.options.__dict__
            twin.play_out(random.Random(1))
            assert twin.is_over and not hand.is_over
