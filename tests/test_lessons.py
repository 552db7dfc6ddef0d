"""Lessons by playing: every lesson of every game is played through by following its goals, and
a wrong choice in each is answered with words (the rule's refusal, or why a legal card misses
the goal) and a second try. Each lesson quotes the rule text it teaches and names its source."""

from __future__ import annotations

import pytest

import cardgames as cg
from cardgames.lessons import LESSONS, LessonError, LessonRun, get_lesson, lessons_of
from cardgames.links import LinkError, parse_query

ALL = [(game, lesson.number) for game, lessons in LESSONS.items() for lesson in lessons]


def test_every_game_has_at_least_three_lessons_numbered_from_one():
    assert set(LESSONS) == set(cg.GAMES)
    for game, lessons in LESSONS.items():
        assert len(lessons) >= 3, game
        assert [lesson.number for lesson in lessons] == list(range(1, len(lessons) + 1))
        for lesson in lessons:
            assert lesson.rule and lesson.source and lesson.steps and lesson.intro


@pytest.mark.parametrize("game,number", ALL)
def test_following_the_goals_plays_the_lesson_to_its_end(game, number):
    lesson = get_lesson(game, number)
    run = LessonRun(lesson)
    for step in lesson.steps:
        assert run.goal == step.goal and run.goal.endswith(".")
        assert [str(move) for move in run.marked] == list(step.right)
        assert run.choose(step.right[0]), run.feedback
        assert run.feedback.startswith("Right. ") and step.praise in run.feedback
    assert run.done and run.goal == "" and run.marked == []
    assert f"Lesson {number} done" in run.feedback
    if number < len(lessons_of(game)):
        assert run.next_lesson == number + 1 and f"Next: lesson {number + 1}." in run.feedback
    else:
        assert run.next_lesson is None and "play a whole hand" in run.feedback


@pytest.mark.parametrize("game,number", ALL)
def test_a_wrong_choice_is_answered_with_why_and_a_second_try(game, number):
    run = LessonRun(get_lesson(game, number))
    step = run.step
    hand = run.hand
    before = len(hand.history)
    seat = hand.to_move
    wrong = [card for card in hand.hands[seat] if card not in run.marked] + \
        [c.move for c in run.session.choices() if c.move not in run.marked]
    assert wrong, "every lesson's first step has a choice that misses its goal"
    assert not run.choose(wrong[0])
    assert run.feedback_ok is False and run.feedback.endswith(" Try again.")
    assert len(run.feedback) > len(" Try again.") + 20      # words, not a buzzer
    assert run.goal == step.goal
    assert len(hand.history) == before and run.step is step          # nothing was played
    assert run.choose(step.right[0])                                  # the second try


def test_a_refused_card_is_answered_with_the_rule_that_refuses_it():
    # Yukon (S0): "If they cannot follow suit, they must play a Yukon if they have one."
    run = LessonRun(get_lesson("yukon", 1))
    assert not run.choose("4D")
    assert run.feedback.startswith("Not allowed: if they cannot follow suit, they must play a "
                                   "Yukon if they have one")


def test_a_legal_card_that_misses_the_goal_is_answered_with_why_it_misses():
    # Guinote (S3): while the stock lasts any card may be played, but only a trump beats an Ace
    run = LessonRun(get_lesson("guinote", 1))
    assert run.goal.startswith("East's A♥ is winning. Win this trick with a trump")
    assert not run.choose("5H")
    assert run.feedback.startswith("The 5♥ follows suit, but it is lower than East's A♥")
    assert run.choose("2S") and "Any trump beats every card of another suit" in run.feedback


def test_a_named_action_can_be_a_lesson_goal():
    # Guinote (S3): "the team that has the lead may declare"; the 7 of trumps for the pinta
    run = LessonRun(get_lesson("guinote", 2))
    assert run.choose("AH")
    assert [str(m) for m in run.marked] == ["marriage C"]
    assert not run.choose("KC") and "before the next lead" in run.feedback
    assert run.choose("marriage C") and run.choose("swap-seven") and run.done
    assert run.hand.score[0] == 11 + 20


def test_lessons_are_asked_for_by_number_and_refused_out_of_range():
    assert get_lesson("Pip-Pip!", 3).title.startswith("The call")
    with pytest.raises(LessonError, match="lessons 1 to 3"):
        get_lesson("yukon", 9)
    assert parse_query("guinote", "?lesson=2").lesson == 2
    with pytest.raises(LinkError, match="lesson='7': Guinote has lessons 1 to 3"):
        parse_query("guinote", "lesson=7")
    with pytest.raises(LinkError, match="lesson='x'"):
        parse_query("guinote", "lesson=x")


def test_the_board_marks_the_goal_and_stills_the_cards_once_the_lesson_is_done():
    pytest.importorskip("ipywidgets")
    from cardgames.widgets.lesson_table import LessonTable

    table = LessonTable("guinote", 2)
    state = table.board.state
    assert state["lesson"]["title"] == "Lesson 2 of 3: Marriages and the 7 for the pinta"
    assert state["lesson"]["goal"] == table.goal and state["buttons"] == {}
    north = state["seats"][0]
    assert [c["card"] for c in north["cards"] if c.get("goal")] == ["AH"]
    assert not table.choose("KC") and table.board.state["lesson"]["ok"] is False
    assert table.choose("AH")
    actions = table.board.state["actions"]
    assert [a["label"] for a in actions if a["goal"]] == ["Declare 20 in clubs"]
    table.choose("marriage C")
    table.choose("swap-seven")
    state = table.board.state
    assert state["lesson"]["next"] == {"link": "?lesson=3", "label": "Next: lesson 3 of 3 ▸"}
    assert not any(seat["clickable"] for seat in state["seats"]) and state["actions"] == []
    assert not any(line.startswith("Your turn") for line in state["message"]["lines"])
