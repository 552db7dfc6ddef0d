"""The table's session, headless (no ipywidgets): what a learner sees after each trick and at
the end of the hand, the next step (deal again, the same cards, the next hand), and the review
of a finished hand, told as stories of a deal, the clicks and what the board's state shows.

The state checked is ``board_state(session)``, what the board (and a room's page) draws."""

from __future__ import annotations

import random
import sys

import pytest

import cardgames as cg
from cardgames.board_state import BUTTONS, board_state
from cardgames.session import PACES, PaceError, TableSession


def play_first(session: TableSession) -> None:
    """The user plays the first card (or takes the first action) the table offers."""
    assert session.run(session.choose, session.choices()[0]), session.message


def play_until_held(session: TableSession, limit: int = 200) -> None:
    """The user plays until a trick finished by the computers lies on the cloth."""
    for _ in range(limit):
        if session.holding() and not session.choices():
            return
        if session.choices():
            play_first(session)
        else:
            session.press("continue" if session.holding() else "next")
    raise AssertionError("no trick was held")


def play_out(session: TableSession) -> None:
    """Play the hand to its end as a person would: the first card offered, a tap on the
    cloth after each trick, Next when the computers wait."""
    for _ in range(2000):
        if session.played_hand.is_over:
            return
        if session.choices():
            play_first(session)
        elif session.controls()["continue"]:
            assert session.press("continue")
        else:
            assert session.press("next"), session.message
    raise AssertionError("the hand did not end")


def trick_of(session: TableSession) -> dict:
    return board_state(session)["trick"]


# -- a finished trick stays on the cloth ----------------------------------------------------------


def test_a_trick_finished_by_the_computers_stays_until_the_user_goes_on():
    # Yukon, seed 7, North to lead: North plays, East, South and West follow at once, and West
    # takes the trick with K♥. "Winner of a trick leads to the next" (the rule text), so West
    # would lead at once: the computers wait instead, the four cards on the cloth.
    session = TableSession("yukon", seed=7, seat=0)
    assert session.run(session.choose, "6H")
    hand = session.hand
    assert len(hand.tricks) == 1 and hand.trick == [] and hand.to_move == 3
    trick = trick_of(session)
    assert trick["complete"] and trick["winner"] == 3
    assert [p["card"] for p in trick["plays"]] == ["6H", "3H", "5H", "KH"]
    assert trick["words"] == "West takes it: 3 points"
    assert session.controls()["continue"] and board_state(session)["buttons"]["continue"]
    assert "Tap the cloth (or press a key) to go on." in session.message_lines
    # a tap on the cloth: West leads, the computers play on to North's turn
    assert session.press("continue")
    assert not trick_of(session).get("complete")
    assert hand.to_move == 0 and hand.trick and hand.trick[0] == (3, cg.Card.parse("AS"))
    assert "continue" not in board_state(session)["buttons"]


def test_the_winner_plays_on_and_the_finished_trick_goes():
    # A trick North takes: North leads the next one, and playing a card puts the old trick away.
    session = TableSession("yukon", seed=7, seat=0, opponents="random")
    for _ in range(200):
        if session.holding() and session.hand.to_move == 0:
            break
        if session.choices():             # North's highest card, to take a trick
            session.run(session.choose, session.choices()[-1])
        else:
            session.press("continue")
    else:
        raise AssertionError("North took no trick")
    assert trick_of(session)["complete"] and session.choices()
    assert "continue" in board_state(session)["buttons"]
    old = trick_of(session)["title"]
    card = session.choices()[0].move
    play_first(session)
    trick = trick_of(session)       # the next trick: North's lead, the others' answers
    assert trick["title"] != old and trick["plays"][0] == {"seat": 0, "card": str(card),
                                                           "name": card.name}


@pytest.mark.parametrize("game", sorted(cg.GAMES))
def test_every_game_holds_its_finished_tricks_until_the_hand_is_over(game):
    session = TableSession(game, seed=11, seat=0)
    held = set()
    for _ in range(3000):
        if session.played_hand.is_over:
            break
        if session.holding():
            trick = trick_of(session)
            assert trick["complete"] and trick["plays"]
            assert trick["winner"] == session.hand.tricks[-1].winner
            held.add(len(session.hand.tricks))
        if session.choices():
            play_first(session)
        elif session.controls()["continue"]:
            session.press("continue")
        else:
            assert session.press("next"), session.message
    hand = session.played_hand
    assert hand.is_over
    # every trick the computers finished was seen on the cloth
    assert held >= {t.number for t in hand.tricks
                    if not session.user_controls(t.cards[-1][0]) and hand.controller(
                        t.cards[-1][0]) != 0} - {len(hand.tricks)}


def test_with_no_pause_the_computers_play_on_at_once():
    session = TableSession("yukon", seed=7, seat=0, pace="none")
    assert session.run(session.choose, "6H")
    assert session.hand.to_move == 0 and len(session.hand.trick) == 1   # West has led again
    assert "continue" not in board_state(session)["buttons"]


def test_a_pause_of_two_seconds_is_the_boards_timer():
    session = TableSession("yukon", seed=7, seat=0, pace="pause")
    assert session.run(session.choose, "6H")
    state = board_state(session)
    assert state["trick"]["complete"] and state["pause_ms"] == 2000
    session.press("continue")
    assert board_state(session)["pause_ms"] is None


def test_a_pace_that_is_none_of_the_three_is_refused():
    with pytest.raises(PaceError, match="one of wait, pause, none, not 'fast'"):
        TableSession("yukon", seed=7, pace="fast")
    assert list(PACES) == ["wait", "pause", "none"]


def test_on_the_projector_the_sixth_next_shows_the_whole_trick():
    # Issue 41: "pressing Next six times in Pip-Pip! shows five cards, then an empty cloth".
    # Seed 3: Player 6 calls Pip-Pip! (one Next), then the six cards of the first trick.
    session = TableSession("pip_pip", seed=3, players=6, seat=None, open_hands=False)
    counts = []
    while not trick_of(session).get("complete"):
        assert session.press("next") and len(counts) < 10
        counts.append(len(trick_of(session)["plays"]))
    assert counts == [0, 1, 2, 3, 4, 5, 6]
    trick = trick_of(session)
    assert trick["winner"] == session.hand.tricks[0].winner
    assert board_state(session)["pause_ms"] is None      # the projector waits for Next
    assert "press Next" in session.message
    session.press("next")                                  # the next lead replaces it
    assert len(trick_of(session)["plays"]) == 1


def test_finish_hand_plays_to_the_end_and_shows_the_last_trick_first():
    session = TableSession("guinote", seed=2, seat=None)
    session.press("finish_hand")
    hand = session.played_hand
    assert hand.is_over
    state = board_state(session)
    assert state["trick"]["complete"] and state["hand_over"] is None
    assert "see the hand's result" in session.message
    session.press("continue")
    assert board_state(session)["hand_over"] is not None


# -- the end of the hand ---------------------------------------------------------------------------


def test_the_end_of_the_hand_names_the_winner_and_the_score_as_the_game_counts_it():
    session = TableSession("yukon", seed=7, seat=0)
    play_out(session)
    session.press("continue")                 # the last trick seen, then the result
    hand = session.played_hand
    over = board_state(session)["hand_over"]
    ns, ew = hand.score
    winner, loser = ("North–South", "East–West") if ns > ew else ("East–West", "North–South")
    assert over["title"] == f"{winner} win the hand, {max(ns, ew)} to {min(ns, ew)}"
    assert over["units"] == ["North–South", "East–West"]
    rows = {row["label"]: row["values"] for row in over["rows"]}
    assert rows["Total"] == hand.score and sum(rows["Tricks taken"]) == 13
    assert over["match"] == []
    names = {name for name in BUTTONS if name in board_state(session)["buttons"]}
    assert {"deal_again", "same_cards", "review"} <= names and "next_hand" not in names


def test_a_hand_of_five_players_names_the_winner_and_the_runner_up():
    session = TableSession("pip_pip", seed=4, players=5, seat=0, pace="none")
    play_out(session)
    over = board_state(session)["hand_over"]
    score = session.played_hand.score
    best = max(score)
    assert score.count(best) == 1                 # this deal has one winner
    winner = over["units"][score.index(best)]
    second = sorted(score)[-2]
    runners = " and ".join(over["units"][u] for u, points in enumerate(score) if points == second)
    assert over["title"] == f"{winner} wins the hand with {best} points; {runners} next with {second}"


def test_deal_again_deals_new_cards_with_the_same_rules():
    session = TableSession("guinote", seed=7, players=2, seat=0, pace="none",
                           must_undertrump=True)
    first = [list(h) for h in session.hand.replayed([]).hands]
    play_out(session)
    assert session.press("deal_again")
    hand = session.hand
    assert session.seed != 7 and [list(h) for h in hand.hands] != first
    assert hand.options["must_undertrump"] is True and hand.players == 2
    assert session.seat == 0 and not hand.is_over


def test_same_cards_again_deals_the_hand_just_played():
    session = TableSession("quinto", seed=9, seat=2, pace="none")
    dealt = [sorted(map(str, h)) for h in session.hand.replayed([]).hands]
    play_out(session)
    assert session.press("same_cards")
    hand = session.hand
    assert not hand.is_over and session.seat == 2
    assert [sorted(map(str, h)) for h in hand.replayed([]).hands] == dealt


def test_deal_again_is_refused_in_words_before_the_end():
    session = TableSession("yukon", seed=7, seat=0)
    before = list(session.hand.history)
    assert not session.press("deal_again")
    assert "Deal again is offered once the hand is over" in session.message
    assert session.hand.history == before


def test_a_match_shows_its_score_the_target_and_what_each_side_needs_then_the_next_hand():
    session = TableSession("yukon", seed=5, players=4, seat=None, match=True, target=500,
                           pace="none")
    session.press("finish_hand")
    match = session.match
    over = board_state(session)["hand_over"]
    ns, ew = match.scores
    assert over["match"] == [f"The match: North–South {ns}, East–West {ew}.",
                             f"First to 500 points: North–South need {500 - ns}; "
                             f"East–West need {500 - ew}."]
    buttons = board_state(session)["buttons"]
    assert "next_hand" in buttons and "deal_again" not in buttons
    assert board_state(session)["caption"].startswith("Hand 1 of the match")
    assert session.press("next_hand")
    assert session.hand.history == [] and board_state(session)["hand_over"] is None
    assert board_state(session)["caption"].startswith("Hand 2 of the match")


def test_after_the_match_the_header_no_longer_counts_hands():
    # Issue 41: "after a match ends the header still says 'Hand 3 of the match'".
    session = TableSession("guinote", seed=5, players=4, seat=None, match=True, pace="none")
    for _ in range(30):
        session.press("finish_hand")
        if session.match.is_over:
            break
        session.press("next_hand")
    state = board_state(session)
    assert session.match.is_over and "Hand " not in state["caption"]
    assert state["caption"].startswith("the match is over after")
    assert any("win the match" in line for line in state["hand_over"]["match"])
    assert "side 0" not in session.message and "seats 0 and 2" not in session.message


# -- the review ------------------------------------------------------------------------------------


def test_the_review_is_refused_before_the_hand_is_over_and_nothing_is_lost():
    session = TableSession("yukon", seed=7, seat=0)
    before = list(session.hand.history)
    assert not session.press("review")
    assert "the review opens once the hand is over" in session.message.lower()
    assert session.hand.history == before and session.reviewed is None


def test_review_steps_take_the_board_to_each_decision_with_the_reviews_words():
    session = TableSession("yukon", seed=7, seat=0, pace="none")
    play_out(session)
    played = session.played_hand
    assert session.run(session.open_review, None, 20)
    review = board_state(session)["review"]
    rows = session.reviewed.rows
    assert review["name"] == "North" and [s["step"] for s in review["steps"]] == \
        list(range(1, len(rows) + 1))
    assert review["at"] == 0 and board_state(session)["hand_over"] is not None
    row = rows[4]
    assert session.run(session.review_go, 5)
    state = board_state(session)
    # the cards as they were: the position before North's fifth decision, every hand open
    assert session.hand.history == played.history[:row.action_index]
    assert all(c.get("card") for s in state["seats"] for c in s["cards"])
    assert not any(s["clickable"] for s in state["seats"])
    assert state["review"]["at"] == 5 and state["hand_over"] is None
    assert session.message_lines[0].startswith("Decision 5, trick 5: North played ")
    assert row.words.split(":")[0] in session.message
    # a step out of range is refused in words; the review stays where it was
    assert not session.run(session.review_go, 99)
    assert "the review has steps 1 to 13" in session.message
    assert board_state(session)["review"]["at"] == 5
    # closing the review: the table as the hand ended
    assert session.press("review")
    assert session.reviewed is None and session.hand is played


def test_a_learner_reviews_his_own_seat_and_a_teacher_any_seat():
    learner = TableSession("yukon", seed=7, seat=0, pace="none")
    play_out(learner)
    assert not learner.run(learner.open_review, 1, 10)
    assert "you may review North here" in learner.message
    teacher = TableSession("yukon", seed=7, seat=None, pace="none")
    teacher.press("finish_hand")
    assert teacher.run(teacher.open_review, 3, 10)
    assert board_state(teacher)["review"]["name"] == "West"


def test_deal_again_from_the_review_closes_it():
    session = TableSession("yukon", seed=7, seat=0, pace="none")
    play_out(session)
    session.run(session.open_review, None, 10)
    session.run(session.review_go, 2)
    assert session.press("deal_again")
    assert session.reviewed is None and not session.hand.is_over


# -- the session's own shape (issue 40) ------------------------------------------------------------


def test_every_attribute_is_set_when_the_session_is_made():
    fresh = TableSession("yukon", seed=7, seat=0)
    made = set(vars(fresh))
    play_first(fresh)
    fresh.press("undo")
    fresh.new_deal("guinote", 3, match=True)
    fresh.press("finish_hand")
    assert set(vars(fresh)) == made


def test_the_session_imports_no_widgets():
    import cardgames.session  # noqa: F401

    assert "ipywidgets" not in sys.modules or "cardgames.widgets" in sys.modules


def test_a_random_playthrough_of_every_game_ends_with_its_result():
    rng = random.Random(41)
    for game in cg.GAMES:
        session = TableSession(game, seed=rng.randrange(10**5), seat=0)
        play_out(session)
        session.press("continue")
        over = board_state(session)["hand_over"]
        assert over and over["title"] and over["rows"][-1]["values"] == session.played_hand.score


# -- a room's pages ----------------------------------------------------------------------------


def test_the_projector_opened_before_the_class_joins_plays_no_card(tmp_path):
    # The teacher puts the projector's page up to show the seats' codes before the lesson: the
    # computer plays no seat until a pupil has joined (else the computers would play the whole
    # hand while the class scans the codes). Once Ann sits at North, the room's pages play the
    # computers' cards (her page first: the first present page plays them).
    from cardgames.rooms import Teacher, new_holder
    from cardgames.rooms.page_session import RoomSession
    from cardgames.rooms.sqlite_store import SQLiteStore

    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    Teacher(store).open_rooms(1, "yukon", prefix="early", seed=7)
    projector = RoomSession.open("early-1", "watch", store=store)
    for _ in range(20):
        projector.tick()
    assert projector.hand.history == [] and projector.hand.to_move is not None
    ann = RoomSession.open("early-1", projector.hand.to_move, store=store)
    ann.take_seat(new_holder())
    ann.play(ann.choices()[0].move, ann.table.count)
    for _ in range(20):
        ann.tick()
        projector.tick()
    assert len(projector.hand.history) > 1          # the computers answered Ann's card
    store.close()


def test_every_page_of_a_room_shows_the_finished_trick_until_the_next_card(tmp_path):
    # Issue 41: "in a room the other pupils read 'West plays 3♥' and never who won the trick".
    # Two pupils and the projector at a room of Yukon; the computers play the other seats.
    from cardgames.rooms import Teacher, new_holder
    from cardgames.rooms.page_session import RoomSession
    from cardgames.rooms.sqlite_store import SQLiteStore

    store = SQLiteStore(tmp_path / "rooms.sqlite3")
    Teacher(store).open_rooms(1, "yukon", prefix="lesson", seed=7)
    north = RoomSession.open("lesson-1", 0, store=store)
    north.take_seat(new_holder())
    south = RoomSession.open("lesson-1", 2, store=store)
    south.take_seat(new_holder())
    projector = RoomSession.open("lesson-1", "watch", store=store)
    pages = [north, south, projector]
    seen = 0
    for _ in range(400):
        for page in pages:
            page.tick()
        hand = projector.hand
        if hand.is_over:
            break
        if hand.tricks and not hand.trick:
            finished = hand.tricks[-1]
            for page in pages:
                trick = page.state()["trick"]
                assert trick["complete"] and trick["winner"] == finished.winner, page.seat
                assert trick["words"].startswith(f"{page.names[finished.winner]} takes it")
                assert "continue" not in page.state()["buttons"]   # the next card puts it away
            seen += 1
        mover = hand.to_move
        for page in (north, south):
            if mover is not None and hand.controller(mover) == page.seat and page.choices():
                page.play(page.choices()[0].move, page.table.count)
    assert seen >= 6
    for page in pages:
        page.tick()
        over = page.state()["hand_over"]
        assert over is not None and " win the hand, " in over["title"], page.seat
