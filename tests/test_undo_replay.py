"""Undo and replay across a hand set up by hand (issue 39), in every game.

A teacher sets the next hand up by hand (``match.set_up_next``) between two hands; players undo
back into the hand before it, play it again differently and go on. After every action and
every undo the scores follow the rules (no side or player passes the target while the match
goes on); before and after each undo and each replay the record replays to the same match
(``cg.load(match.to_json())``, hands set up for later included); and when play comes back to
the hand set up by hand it holds the cards as set up, with the dealer and the carried points the
rules give after the hand just played again (RULES.md §4.1, G-A10: "the winner of the last trick deals";
S3: the vueltas carries the points of the idas).
"""

from __future__ import annotations

import json
import random

import pytest

import cardgames as cg

#: Each game with options that keep a match going for a few hands (Guinote: two games to take
#: the match, so that a game won in the idas is followed by another; Pip-Pip!: three players),
#: and Quinto with its quints counted at once (RULES.md Q-A4, win_check='immediate_quints');
#: some start near the target, so that undo and replay go back and forth across the match's end.
MATCHES = {
    "quinto": ("quinto", {}),
    "quinto-immediate-quints": ("quinto", {"win_check": "immediate_quints", "scores": [60, 70]}),
    "yukon": ("yukon", {}),
    "pip_pip": ("pip_pip", {"players": 3}),
    "guinote": ("guinote", {"partidas_per_coto": 2}),
    "pippins_aplenty": ("pippins_aplenty", {"scores": [120, 110]}),
}


def random_action(match: cg.Match, rng: random.Random) -> None:
    match.apply(rng.choice(match.hand.legal_actions()))


def check_scores_follow_the_rules(match: cg.Match) -> None:
    """While the match goes on, no side or player has passed the point where it would have ended."""
    if match.is_over:
        return
    scores, target, game = match.running_scores, match.target, match.game.name
    if game == "guinote":
        # S3: "A team wins the game once they reach 101 points or more": counted at the end of
        # the idas, at once in the vueltas (claim_mode='auto').
        assert all(s < target for s in scores), scores
    elif game == "pippins_aplenty":
        # S4: the first side to score target + 1 wins at once, even in mid-hand.
        assert all(s <= target for s in scores), scores
    elif game in ("quinto", "yukon"):
        # Checked at the end of a hand; equal totals at the target play on.
        reached = [s for s in scores if s >= target]
        assert not reached or scores.count(max(scores)) > 1, scores
    else:
        # Pip-Pip!: every player deals once, then the highest total wins.
        assert len(match.hands) < match.hands_in_game


def check_record_replays(match: cg.Match) -> None:
    text = match.to_json()
    loaded = cg.load(text)
    assert json.loads(loaded.to_json()) == json.loads(text)
    assert loaded.scores == match.scores and loaded.running_scores == match.running_scores
    assert loaded.winner == match.winner and loaded.is_over == match.is_over
    assert loaded.hand.to_move == match.hand.to_move and loaded.hand.score == match.hand.score


def check_the_hand_set_up(match: cg.Match, deal: tuple, index: int, trump: str | None) -> None:
    """The hand set up by hand, when play stands at its start: its cards (and a trump given), the
    rules' dealer, and (Guinote) the points the hands before it carry in."""
    if match.is_over or len(match.hands) != index or match.hand.history:
        return
    hand = match.hand
    assert hand.set_up_by_hand and hand.initial_deal == deal
    assert trump is None or hand.trump.letter == trump
    assert hand.dealer == match.next_dealer(match.hands[-1])
    if match.game.name == "guinote":
        assert list(hand.carried) == match.scores and hand.vueltas == any(match.scores)


def undo_back_across(match: cg.Match, rng: random.Random) -> None:
    """Undo into the first hand, to a random point of it (one action at a time, as a player
    presses Undo), checking the scores on the way."""
    extra = rng.randint(1, 20)
    while match.actions and (match.hands or extra):
        if not match.hands:
            extra -= 1
        match.undo()
        check_scores_follow_the_rules(match)


@pytest.mark.parametrize("case", list(MATCHES))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_hand_set_up_by_hand_holds_through_undo_and_replay(case, seed):
    game, options = MATCHES[case]
    match = cg.match(game, seed=seed, **options)
    rng = random.Random(seed)
    while not match.hands:
        random_action(match, rng)
    if match.is_over:
        pytest.skip("the first hand ended the match")
    typed = cg.deal(game, seed=1000 + seed, players=match.players).initial_deal
    trump = {"trump": "H"} if game == "pip_pip" and seed == 2 else {}
    match.set_up_next(hands=typed[0], stock=typed[1], **trump)
    deal = match.hand.initial_deal
    check_record_replays(match)
    for _ in range(3):
        # Play into the hand set up by hand (or on to the end of the match), then undo back
        # into the first hand and play it again: each time differently.
        for _ in range(rng.randint(0, 30)):
            if match.is_over:
                break
            random_action(match, rng)
            check_scores_follow_the_rules(match)
        check_record_replays(match)
        undo_back_across(match, rng)
        check_record_replays(match)
        while not match.hands:
            random_action(match, rng)
            check_scores_follow_the_rules(match)
        check_the_hand_set_up(match, deal, 1, trump.get("trump"))
        check_record_replays(match)


def test_a_record_keeps_a_hand_set_up_for_later():
    # Undone back before the hand set up by hand, the record still holds it: loaded and played
    # forward, the match deals it where the original does.
    match = cg.match("yukon", seed=4)
    rng = random.Random(4)
    while not match.hands:
        random_action(match, rng)
    hands, stock = cg.deal("yukon", seed=40).initial_deal
    match.set_up_next(hands=hands, stock=stock)
    moves = match.actions
    match.undo()
    record = json.loads(match.to_json())
    assert record["later_hands"] == [{"hand": 2, "hands": [[str(c) for c in h] for h in hands],
                                      "stock": [str(c) for c in stock]}]
    loaded = cg.load(match.to_json())
    _, seat, move = moves[-1]
    loaded.apply(move, seat)
    assert loaded.hand.set_up_by_hand and loaded.hand.initial_deal == (hands, stock)
    record["later_hands"][0]["hand"] = 1
    del record["checksum"]
    with pytest.raises(cg.RecordError, match="later hand 1: .* comes after hand 1, the hand in play, not as hand 1"):
        cg.load(record)
