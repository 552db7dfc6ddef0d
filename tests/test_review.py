"""cg.review: a finished hand's decisions of one seat, weighed from that seat's knowledge by the
search player and, in the last four tricks, by exact best play."""

from __future__ import annotations

import json
import math

import pytest

import cardgames as cg
from cardgames.players import RuleOfThumbPlayer, SearchPlayer, play_hand
from cardgames.review import MARKS, ReviewRow, review_trick

SMALL = 60    # search playouts a decision: enough for the stories, quick to run


def five_thrown_away() -> cg.Hand:
    """Quinto for three: West (seat 3) deals and also plays the dummy, East (seat 1), face up.

    Quinto, RULES.md 1.1: "Each player must follow suit if able"; "A quint is the Five of a
    suit ... ♥ 20"; "A Five and the Joker score in any trick" for the side that takes it.
    North leads 6♥, the dummy has no heart, South's K♥ wins, and West, holding 5♥ and 7♥, must
    follow hearts. Nobody else holds a heart, so a Five kept wins a later trick for West's side
    whatever is led: playing the 5♥ under South's King gives North–South its 20 points.
    """
    hand = cg.deal("quinto", players=3, hands=["6H 2S 3C", "AD KD QD", "KH 8C 9C", "5H 7H 4S"],
                   stock=[])
    for action in ["pass", "pass", "pass",          # the doubling: North, South, West
                   "6H", "QD", "KH", "5H",          # trick 1: West throws the Five
                   "8C", "7H", "3C", "KD",          # trick 2: West's 7♥ wins
                   "4S", "2S", "AD", "9C"]:         # trick 3: the dummy's A♦ wins
        hand.apply(action)
    assert hand.is_over
    return hand


def test_a_five_thrown_into_the_opponents_trick_is_marked_and_named():
    hand = five_thrown_away()
    review = cg.review(hand, seat=3, budget=SMALL)
    five = next(row for row in review.rows if row.played == cg.Card.parse("5H"))
    assert five.trick == 1
    assert five.best == cg.Card.parse("7H")
    assert five.mark in ("mistake", "blunder")
    assert five.loss >= MARKS["quinto"][1]
    assert "Five" in five.words and "5♥" in five.words and "7♥" in five.words
    assert "follow hearts" in five.words
    assert five.how == "solver"          # the last four tricks: exact best play
    # Replaying the first action_index actions reaches the moment West chose.
    position = hand.replayed(hand.history[:five.action_index])
    assert position.to_move == 3 and position.trick[-1] == (2, cg.Card.parse("KH"))
    assert "blunder" in review.summary or "mistake" in review.summary
    assert "points lost" in review.summary


def test_the_dummys_cards_are_the_dealers_decisions():
    # "The dealer plays both his own hand and the dummy hand": West's review holds the
    # dummy's plays too, and the dummy cannot be reviewed on its own.
    hand = five_thrown_away()
    review = cg.review(hand, seat=3, budget=SMALL)
    assert {row.seat for row in review.rows} == {3}
    assert [row.action_index for row in review.rows] == [2, 4, 6, 8, 10, 11, 13]
    assert [row.number for row in review.rows] == list(range(1, 8))
    with pytest.raises(cg.ReviewError, match="dummy"):
        cg.review(hand, seat=1)


def test_rows_cover_every_decision_of_the_seat_including_calls():
    # Pip-Pip! (RULES.md 3.1): a call is made out of turn "right after the caller's play", so a
    # seat's decisions are its cards and its calls.
    for seed in range(8):
        hand = cg.deal("pip_pip", seed=seed, players=4)
        play_hand(hand, {s: RuleOfThumbPlayer(s) for s in range(4)})
        if any(d.action.name == "pip-pip" and d.seat == 0 for d in hand.declarations):
            break
    review = cg.review(hand, seat=0, budget=20)
    taken = [i for i, (seat, _) in enumerate(hand.history) if seat == 0]
    assert [row.action_index for row in review.rows] == taken
    assert [row.played for row in review.rows] == [hand.history[i][1] for i in taken]
    for row in review.rows:
        assert isinstance(row, ReviewRow)
        assert row.loss >= 0 and row.mark in ("", "inaccuracy", "mistake", "blunder")
        assert 1 <= row.trick <= len(hand.tricks)
        if row.best == row.played:
            assert row.loss == 0
    assert any(row.how == "declaration" for row in review.rows)


@pytest.mark.slow     # four search players play a whole hand, then the review weighs it
def test_a_hand_played_by_the_search_player_has_no_blunder():
    hand = cg.deal("quinto", seed=1)
    play_hand(hand, {s: SearchPlayer(100 + s, iterations=300, time_limit=None) for s in range(4)})
    review = cg.review(hand, seat=0, budget=300)
    assert not review.marked("blunder"), [r for r in review.rows if r.mark]
    assert len(review.rows) == 13        # the doubling, then twelve cards


def test_the_hand_passed_in_is_unchanged_and_the_review_repeats():
    hand = five_thrown_away()
    before = hand.to_json()
    history, tricks, score = list(hand.history), list(hand.tricks), list(hand.score)
    first = cg.review(hand, seat=3, budget=SMALL)
    assert hand.to_json() == before
    assert hand.history == history and hand.tricks == tricks and hand.score == score
    again = cg.review(hand, seat=3, budget=SMALL)
    assert again.rows == first.rows


def test_a_match_reviews_its_last_finished_hand_or_the_one_named():
    match = cg.match("yukon", seed=3, players=2)
    players = {s: RuleOfThumbPlayer(s) for s in range(2)}
    while len(match.hands) < 2:
        seat = match.hand.to_move
        match.apply(players[seat].choose(match.hand.view(seat)))
    last = cg.review(match, seat=1, budget=10)
    assert last.hand.history == match.hands[1].history
    first = cg.review(match, seat=1, budget=10, hand_number=1)
    assert first.hand.history == match.hands[0].history
    with pytest.raises(cg.ReviewError, match="from 1 to 2"):
        cg.review(match, seat=1, hand_number=3)


def test_a_record_is_loaded_and_one_that_does_not_replay_is_refused():
    hand = five_thrown_away()
    review = cg.review(hand.to_json(), seat=3, budget=SMALL)
    assert [row.played for row in review.rows] == [row.played for row in
                                                   cg.review(hand, seat=3, budget=SMALL).rows]
    record = json.loads(hand.to_json())
    del record["checksum"]                  # a record edited by hand
    record["actions"][3] = [0, "9H"]        # North leads a card nobody dealt him
    with pytest.raises(cg.RecordError, match="action 4"):
        cg.review(json.dumps(record), seat=3)


@pytest.mark.parametrize("seat", [-1, 4, "0", True, 1.0, None])
def test_a_seat_out_of_range_is_refused_in_words(seat):
    with pytest.raises(cg.ReviewError, match="seat is a seat of this table, from 0 to 3"):
        cg.review(five_thrown_away(), seat=seat)


@pytest.mark.parametrize("budget", [0, -5, "fast", math.nan, math.inf, True, None])
def test_a_budget_that_is_not_a_positive_number_is_refused(budget):
    with pytest.raises(cg.ReviewError, match="budget is a positive number"):
        cg.review(five_thrown_away(), seat=3, budget=budget)


def test_an_unfinished_hand_or_match_is_refused_and_left_as_it_was():
    hand = cg.deal("guinote", seed=2)
    hand.apply(hand.legal_actions()[0])
    before = hand.to_json()
    with pytest.raises(cg.ReviewError, match="not finished"):
        cg.review(hand, seat=0)
    assert hand.to_json() == before
    with pytest.raises(cg.ReviewError, match="no hand of this match is finished"):
        cg.review(cg.match("guinote", seed=2), seat=0)
    with pytest.raises(cg.ReviewError, match="a hand, a match or a record"):
        cg.review(42, seat=0)
    assert issubclass(cg.ReviewError, ValueError)


def test_progress_is_told_as_the_decisions_are_weighed():
    told = []
    review = cg.review(five_thrown_away(), seat=3, budget=SMALL,
                       progress=lambda done, total: told.append((done, total)))
    assert told == [(n, 7) for n in range(8)]
    assert len(review.rows) == 7


def test_the_review_as_a_table_names_the_seats_as_the_table_does():
    review = cg.review(five_thrown_away(), seat=3, budget=SMALL)
    assert review.seat_name == "West"
    frame = review.to_frame()
    assert list(frame.columns) == ["Decision", "Trick", "Seat", "Action index", "Played", "Best",
                                   "Loss", "Mark", "Words", "Weighed by"]
    assert set(frame["Seat"]) == {"West"}
    assert "5♥" in set(frame["Played"]) and "Pass" in set(frame["Played"])
    assert "West" in repr(review) and "cg-review" in review._repr_html_()
    # The same rows as plain JSON values, for the board's state.
    records = review.records()
    assert json.loads(json.dumps(records, ensure_ascii=False)) == records
    five = next(r for r in records if r["played"] == "5H")
    assert five["played_words"] == "5♥" and five["best"] == "7H" and five["seat_name"] == "West"
    # A table whose seats have the players' names says them.
    named = cg.review(five_thrown_away(), seat=3, budget=SMALL, names=["Ann", "Bo", "Cy", "Di"])
    assert named.seat_name == "Di" and "Cy's trick" in named.in_trick(1)[-1].words
    with pytest.raises(cg.ReviewError, match="give 4 names"):
        cg.review(five_thrown_away(), seat=3, names=["Ann"])


def test_forced_plays_and_best_plays_are_said_briefly():
    review = cg.review(five_thrown_away(), seat=3, budget=SMALL)
    forced = [row for row in review.rows if row.how == "forced"]
    assert forced and all(row.words.startswith("Forced:") and row.loss == 0 for row in forced)
    agreed = [row for row in review.rows if row.played == row.best and row.how != "forced"]
    assert agreed and all(len(row.words) < 60 for row in agreed)


def test_a_finished_trick_is_reviewed_while_the_hand_goes_on():
    # The pause after a trick: its decisions are weighed from what the seat knew then, as the
    # whole hand's review weighs them.
    hand = five_thrown_away()
    whole = cg.review(hand, seat=3, budget=SMALL)
    unfinished = hand.replayed(hand.history[:8])       # trick 1 over, trick 2 begun
    first = review_trick(unfinished, seat=3, trick=1, budget=SMALL)
    assert first.rows == tuple(whole.in_trick(1))
    # West's pass in the doubling belongs to trick 1 too, then the dummy's Q♦ and the 5♥.
    assert [str(row.played) for row in first.rows] == ["pass", "QD", "5H"]
    with pytest.raises(cg.ReviewError, match="from 1 to 1"):
        review_trick(unfinished, seat=3, trick=2)
