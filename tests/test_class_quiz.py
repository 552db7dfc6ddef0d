"""A class quiz answered from the pupils' own devices, headless (cardgames.rooms.class_quiz and
the Teacher's quiz methods): the questions are the quiz round's (cardgames.quiz) for the seed,
the answers are kept in the rooms' store, graded, tallied for the projector and given back as
results, one row per pupil and question.
"""

from __future__ import annotations

import pytest

from cardgames.rooms import KeyRefused, RoomError, Teacher, open_store
from cardgames.rooms.class_quiz import ClassQuiz, QuizBook, QuizError, questions_for
from cardgames.quiz import QuizRound


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(tmp_path, clock):
    return open_store(tmp_path / "rooms.sqlite3", clock=clock)


def wrong_choice(item) -> list[int]:
    return [next(i for i in range(len(item.labels)) if i not in item.right)]


def test_the_quiz_asks_the_rounds_questions_for_its_seed():
    items = questions_for("pip-pip", 7, 4)
    round_ = QuizRound("pip-pip", seed=7, questions=4)
    assert items[0].words == round_.question.words
    assert [i.kind for i in items] == ["legal", "winner", "points", "lead"]
    assert questions_for("pip-pip", 7, 4) == items          # every server asks the same


def test_three_pupils_answer_and_the_projector_tallies(store, clock):
    teacher = Teacher(store, expected="")
    opened = teacher.open_quiz("pip-pip", questions=3, seed=7, name="pips",
                               base_url="http://school:8866")
    assert opened.link == f"http://school:8866/quiz/{opened.code}"
    assert opened.projector.startswith("http://school:8866/quiz/show/")
    assert "<svg" in opened.qr
    book = QuizBook(store)
    pages = {name: ClassQuiz(book, "pips") for name in ("Ann", "Bo", "Cy")}
    for name, quiz in pages.items():
        quiz.join(name, token=f"token-of-{name}")
    item = pages["Ann"].items[0]          # "which cards may Player 2 play?": picked, then checked
    right = sorted(item.right)
    clock.now += 4
    assert pages["Ann"].answer("Ann", 1, right).right
    clock.now += 2
    assert not pages["Bo"].answer("Bo", 1, wrong_choice(item)).right
    projector = ClassQuiz(book, "pips")
    tally = projector.tally()
    assert (tally["answered"], tally["pupils"]) == (2, 3)
    assert tally["counts"][right[0]] == 1 and sum(tally["counts"]) == 2
    assert tally["right"] is None and tally["rule"] is None      # not shown before the teacher does
    assert teacher.next_question("pips") == {"question": 1, "revealed": True, "finished": False}
    projector.reload()
    tally = projector.tally()
    assert tally["right"] == right and tally["right_count"] == 1
    assert "must follow suit" in " ".join(tally["rule"])         # the rule's own words
    with pytest.raises(QuizError, match="question 1 is closed"):
        pages["Cy"].answer("Cy", 1, right)                       # too late
    assert teacher.next_question("pips")["question"] == 2
    clock.now += 10
    winner = pages["Cy"].items[1]
    assert pages["Cy"].answer("Cy", 2, sorted(winner.right)).right
    results = teacher.quiz_results("pips")
    assert [(r["pupil"], r["question"], r["right"], r["seconds"]) for r in results] == [
        ("Ann", 1, True, 4.0), ("Bo", 1, False, 6.0), ("Cy", 2, True, 10.0)]
    assert results.rows[0]["answer"] == ", ".join(item.labels[i] for i in right)
    frame = results.to_frame()
    assert list(frame.columns) == ["pupil", "question", "answer", "right", "seconds"]
    assert len(frame) == 3
    assert results.to_csv().splitlines()[0] == "pupil,question,answer,right,seconds"
    assert results.per_pupil()[0]["pupil"] == "Ann"
    assert results.per_question()[0] == {"question": 1, "answered": 2, "right": 1}
    assert 'class="cg-quiz-per-pupil"' in results.html()


def test_an_answer_twice_for_another_pupil_or_malformed_is_refused_and_counted_once(store):
    teacher = Teacher(store, expected="")
    teacher.open_quiz("yukon", questions=2, seed=3, name="q")
    book = QuizBook(store)
    ann = ClassQuiz(book, "q")
    ann.join("Ann", token="ann-page-token")
    item = ann.items[0]
    first = sorted(item.right)
    ann.answer("Ann", 1, first)
    with pytest.raises(QuizError, match="already answered question 1: the first answer counts"):
        ann.answer("Ann", 1, wrong_choice(item))
    with pytest.raises(QuizError, match="has not joined"):
        ann.answer("Zed", 1, first)
    for bad in ("3", [], [99], [0, 0], [True], None):
        with pytest.raises(QuizError, match="an answer is a list of different choice numbers"):
            ClassQuiz(book, "q").answer("Ann", 1, bad)
    with pytest.raises(QuizError, match="the quiz has questions 1 to 2"):
        ann.answer("Ann", 7, first)
    with pytest.raises(QuizError, match="is taken in this quiz"):
        ClassQuiz(book, "q").join("Ann", token="another-page")
    assert len(teacher.quiz_results("q")) == 1
    assert ClassQuiz(book, "q").tally()["answered"] == 1


def test_own_pace_grades_at_once_and_the_end_closes_the_quiz(store):
    teacher = Teacher(store, expected="")
    teacher.open_quiz("guinote", questions=2, seed=5, name="own", pace="own")
    quiz = ClassQuiz(QuizBook(store), "own")
    quiz.join("Ann", token="ann-page-token")
    quiz.answer("Ann", 2, sorted(quiz.items[1].right))       # any open question, in any order
    quiz.answer("Ann", 1, wrong_choice(quiz.items[0]))
    assert [r["right"] for r in teacher.quiz_results("own")] == [False, True]
    assert teacher.next_question("own")["revealed"]
    quiz.finish()
    with pytest.raises(QuizError, match="the quiz is over"):
        quiz.answer("Ann", 1, [0])


def test_a_quiz_that_does_not_exist_and_the_teachers_key(store):
    with pytest.raises(QuizError, match="there is no quiz 'nope'"):
        Teacher(store, expected="").quiz_results("nope")
    Teacher(store, key="secret-key", expected="secret-key").open_quiz(
        "yukon", questions=1, seed=1, name="mine")
    for key in (None, "wrong"):
        with pytest.raises(KeyRefused, match="needs the teacher's key"):
            Teacher(store, key=key, expected="secret-key").next_question("mine")
    with pytest.raises(QuizError, match="there is no quiz"):        # another class's quiz
        Teacher(store, key="other", expected="other").quiz_results("mine")
    with pytest.raises(QuizError, match="already open"):
        Teacher(store, key="secret-key", expected="secret-key").open_quiz("yukon", name="mine")
    with pytest.raises(QuizError, match="questions is a whole number from 1 to 50"):
        Teacher(store, expected="").open_quiz("yukon", questions=0, name="zero")
    with pytest.raises(QuizError, match="pace 'fast'"):
        Teacher(store, expected="").open_quiz("yukon", name="fast", pace="fast")


def test_the_teachers_page_opens_a_quiz_and_hands_out_its_links(store):
    from cardgames.widgets.teacher_panel import TeacherPanel

    panel = TeacherPanel(Teacher(store, key="class-key-1", expected="class-key-1"),
                         base_url="http://school:8866/voila/render/rooms.ipynb")
    quiz = panel.quiz
    quiz.game_select.value = "pip_pip"
    quiz.questions_box.value, quiz.seed_box.value, quiz.name_box.value = "3", "7", "pips"
    quiz.open_button.click()
    assert "Opened the quiz pips" in panel.message.value
    links = quiz.links.value
    assert f"http://school:8866/quiz/{quiz.opened.code}" in links and "<svg" in links
    assert "#key=class-key-1" in links                     # the projector's teacher's buttons
    assert "/quiz/results/pips?key=class-key-1" in links
    quiz.say_box.value = "Two minutes left"
    quiz.say_button.click()
    assert ClassQuiz(QuizBook(store), "pips").record.message == "Two minutes left"
    quiz.open_button.click()                               # the same name again
    assert "A quiz pips is already open" in panel.message.value
    quiz.questions_box.value = "lots"
    quiz.name_box.value = "other"
    quiz.open_button.click()
    assert "The number of questions is a whole number" in panel.message.value


def test_after_the_lesson_a_rooms_finished_hands_are_listed_and_printed(store):
    """A room played out (the computer in every free seat) lists its finished hand with its
    scores, and prints it as a hand record: the deal with every hand open, the play, the
    result (cg.hand_diagram)."""
    from cardgames.rooms import RoomTable

    teacher = Teacher(store, expected="")
    teacher.open_rooms(1, "yukon", prefix="after", players=4, seed=5)
    assert teacher.finished_hands("after-1") == []
    with pytest.raises(RoomError, match="no finished hand yet"):
        teacher.hand_record("after-1", 1)
    table = RoomTable(store)
    table.join("after-1", "watch")
    table.computer_moves()
    (hand,) = teacher.finished_hands("after-1")
    assert hand["hand"] == 1 and sum(hand["score"]) > 0 and len(hand["units"]) == 2
    page = teacher.hand_record("after-1", 1)
    assert "Room after-1, hand 1" in page and "The deal" in page and "The result" in page
    assert page.count('data-card="') >= 52                 # every card of the deal, open
    with pytest.raises(RoomError, match="finished hands 1 to 1"):
        teacher.hand_record("after-1", 2)
    import cardgames as cg

    replayed = cg.load(teacher.hand_file("after-1", 1))     # what the app's Load a record reads
    assert replayed.is_over and list(replayed.score) == hand["score"]


def test_the_teachers_page_links_every_room_at_a_glance_and_a_rooms_hands(store):
    from cardgames.widgets.teacher_panel import TeacherPanel

    panel = TeacherPanel(Teacher(store, key="class-key-1", expected="class-key-1"),
                         base_url="http://school:8866/voila/render/rooms.ipynb")
    panel.teacher.open_rooms(2, "yukon", prefix="maths", players=4, seed=1)
    screens = panel.screens
    screens.prefix_box.value = "maths"
    screens.glance_button.click()
    assert 'href="http://school:8866/glance/maths?key=class-key-1"' in screens.links.value
    screens.room_box.value = "maths-2"
    screens.hands_button.click()
    assert 'href="http://school:8866/hands/maths-2?key=class-key-1"' in screens.links.value
    assert "0 finished hands" in screens.links.value
    screens.say_box.value = "Two minutes left"
    screens.say_button.click()
    assert panel.message.value == "Shown in 2 rooms."
    screens.pause_button.click()
    assert panel.message.value == "Paused: maths-1, maths-2."
    assert all(store.get(n).paused and store.get(n).notice == "Two minutes left"
               for n in ("maths-1", "maths-2"))
    screens.resume_button.click()
    assert not store.get("maths-1").paused
    screens.room_box.value = "maths-9"
    screens.hands_button.click()
    assert "There is no room &#x27;maths-9&#x27;" in panel.message.value


def test_a_message_to_every_room_and_a_pause_for_the_whole_class(store):
    """The teacher's message is on every page of every room; paused, no card is played (the
    pupil is told why, the computer waits); resumed, play goes on."""
    from cardgames.rooms import RoomTable
    from cardgames.rooms.page_session import RoomSession

    teacher = Teacher(store, expected="")
    teacher.open_rooms(2, "yukon", prefix="class", players=4, seed=2)
    assert teacher.class_message("class", "Two minutes left") == ["class-1", "class-2"]
    page = RoomSession.open("class-2", None, store=store)          # the projector's page
    assert "Your teacher says: Two minutes left" in page.state()["message"]["lines"]
    teacher.pause_rooms("class")
    pupil = RoomTable(store)
    pupil.join("class-1", 0, "holder-of-seat-0")
    hand = pupil.hand()
    assert hand.to_move == 0                               # seat 0, the eldest hand, leads
    with pytest.raises(RoomError, match="the teacher paused the game"):
        pupil.play(hand.legal_actions()[0])
    assert pupil.computer_moves() == 0 and pupil.count == 0
    teacher.pause_rooms("class", paused=False)
    pupil.computer_moves(limit=1)
    teacher.class_message("class", "")
    page.tick()
    assert not any("teacher" in line for line in page.state()["message"]["lines"])
    with pytest.raises(RoomError, match="no room of this class is named nope-1"):
        teacher.pause_rooms("nope")


def test_two_servers_on_one_redis_count_each_answer_once(tmp_path):
    """On Redis (a class behind several servers) the quiz and its answers are shared: an
    answer sent to both servers is counted once."""
    from cardgames.rooms.local_redis import LocalRedis, redis_server

    if redis_server() is None or pytest.importorskip("redis") is None:
        pytest.skip("redis-server is not installed")
    with LocalRedis(tmp_path) as server:
        first, second = open_store(server.url), open_store(server.url)
        Teacher(first, expected="").open_quiz("yukon", questions=2, seed=3, name="shared")
        one, two = ClassQuiz(QuizBook(first), "shared"), ClassQuiz(QuizBook(second), "shared")
        one.join("Ann", token="ann-page-token")
        two.reload()
        right = sorted(one.items[0].right)
        assert two.answer("Ann", 1, right).right
        with pytest.raises(QuizError, match="already answered"):
            one.answer("Ann", 1, right)
        Teacher(second, expected="").next_question("shared")
        one.reload()
        assert one.tally()["answered"] == 1 and one.tally()["right"] == right
        assert len(Teacher(first, expected="").quiz_results("shared")) == 1
        Teacher(first, expected="").close_quiz("shared")
        with pytest.raises(QuizError, match="there is no quiz"):
            ClassQuiz(QuizBook(second), "shared")
