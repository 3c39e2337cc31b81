"""AppTest flows of progress: a drill answered, then "Keep my progress" (the answers so far
join it); the progress link opened in a new session (its secret leaves the address bar); a
forged link; practising what is due; a class student linked to a progress; Class progress
with the teacher key, and an assignment of what the class does not know."""

from __future__ import annotations

from datetime import timedelta

import pytest
import sqlalchemy as sa
from streamlit.testing.v1 import AppTest

import store.db
from engine.cards import by_usps
from engine.quiz import AnswerType
from store import classroom as cr
from store import progress as pg
from store.clock import now_utc
from store.models import LearnerReview
from tests.maps import map_data
from tests.test_app_classroom import session
from tests.test_app_drills import click, open_page, right_answer, texts, wrong_answer

ZONES = "pages/zone_quiz.py"
PROGRESS = "pages/progress.py"
CLASS = "pages/class.py"
CLASS_PROGRESS = "pages/class_progress.py"


@pytest.fixture
def progress_db(tmp_path, monkeypatch):
    """The app stores into a fresh SQLite file of its own."""
    url = f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    monkeypatch.setenv("GEOPLUNGE_DATABASE_URL", url)
    yield store.db.database(url)
    store.db.forget(url)


def answer(at: AppTest, key: str, right: bool) -> None:
    """Answer the question on screen of the quiz kept under ``key``, Check, move on."""
    view = at.session_state[key]
    q = view.run.current
    assert q.answer_type is AnswerType.ONE
    at.radio(key=view.answer_key("one")).set_value(right_answer(q) if right else wrong_answer(q))
    at.run()
    at.button(key=view.widget_key("check")).click().run()
    assert not at.exception
    click(at, "See my results" if at.session_state[key].run.is_done else "Next question")


def reviews(db, learner_id: int) -> list[tuple[str, str, int, str]]:
    with db.read() as s:
        return s.execute(
            sa.select(LearnerReview.kind, LearnerReview.state, LearnerReview.rating,
                      LearnerReview.source)
            .where(LearnerReview.learner_id == learner_id)
            .order_by(LearnerReview.id)
        ).all()  # fmt: skip


def test_answers_before_keep_my_progress_join_it_and_the_link_opens_it_elsewhere(progress_db):
    at = open_page(session(), ZONES, mode="zone", n="3", seed="4")
    answer(at, "zone_quiz", right=False)
    answer(at, "zone_quiz", right=True)
    assert "Keep my progress" in [b.label for b in at.button]
    click(at, "Keep my progress")
    me = at.session_state["progress_learner"]
    assert [r[0] for r in reviews(progress_db, me.learner.id)] == ["zone", "zone"]
    assert reviews(progress_db, me.learner.id)[0][2] == 1  # wrong: Again
    link = next(c.value for c in at.code if "progress?code=" in c.value)
    assert me.token in link and f"code={me.learner.code}" in link
    answer(at, "zone_quiz", right=True)  # written as it is checked
    assert len(reviews(progress_db, me.learner.id)) == 3

    other = open_page(session(), PROGRESS, code=me.learner.code, token=me.token)
    assert "token" not in other.query_params and "code" not in other.query_params
    shown = texts(other)
    assert f"Progress **{me.learner.code}**" in shown and "3 of 450 facts met" in shown
    assert other.session_state["progress_learner"].learner == me.learner


def test_a_forged_link_opens_nothing_and_says_why(progress_db):
    made = pg.create_learner(progress_db)
    at = open_page(session(), PROGRESS, code=made.learner.code, token="made-up-token-xyz")
    assert "progress_learner" not in at.session_state
    assert "does not open a progress" in texts(at)
    at = open_page(session(), PROGRESS, code="0O1IL", token="x")
    assert "is not a progress code" in texts(at)


def test_practise_what_is_due_runs_on_the_drill_page_and_the_due_count_falls(progress_db):
    made = pg.create_learner(progress_db)
    long_ago = now_utc() - timedelta(days=20)
    records = [
        pg.ReviewRecord(i, "zone", usps, 3, long_ago, long_ago.date(), "practice", "zone", 9.0)
        for i, usps in enumerate(["CO", "UT", "NM"], 1)
    ]
    pg.record_reviews(progress_db, made.learner.id, "old", records)
    at = open_page(session(), PROGRESS, code=made.learner.code, token=made.token)
    assert "3 due today" in texts(at)
    click(at, "Practise what is due (3)")
    view = at.session_state["progress_quiz"]
    assert [q.qid for q in view.run.questions[:3]] == ["zone:CO", "zone:NM", "zone:UT"]
    for _ in range(3):
        answer(at, "progress_quiz", right=True)
    click(at, "Back to my progress")
    assert "0 due today" in texts(at)


@pytest.mark.parametrize("due", [0, 1, 5, 23])
def test_practise_what_is_due_asks_as_many_questions_as_its_button_says(progress_db, due):
    """The button's count is the quiz's length: the facts due only (the first ten when more
    are due), never topped up with other facts; with none due it says what it asks instead."""
    made = pg.create_learner(progress_db)
    long_ago = now_utc() - timedelta(days=20)
    today = now_utc()
    states = sorted(by_usps())
    due_states, other = states[:due], states[due : due + 3]
    records = [
        pg.ReviewRecord(i, "zone", usps, 3, long_ago, long_ago.date(), "practice", "zone", 9.0)
        for i, usps in enumerate(due_states, 1)
    ] + [  # missed today: weak, but due only tomorrow
        pg.ReviewRecord(100 + i, "capital", usps, 1, today, today.date(), "practice", "capital",
                        9.0)
        for i, usps in enumerate(other)
    ]  # fmt: skip
    pg.record_reviews(progress_db, made.learner.id, "old", records)
    at = open_page(session(), PROGRESS, code=made.learner.code, token=made.token)
    assert f"{due} due today" in texts(at)
    label = at.button(key="progress_practise").label
    at.button(key="progress_practise").click().run()
    run = at.session_state["progress_quiz"].run
    asked = {q.qid for q in run.questions}
    if due == 0:
        assert label == "Practise: the weakest, then new facts (up to 10)" and run.total == 10
        assert set(other) <= {qid.split(":", 1)[1] for qid in asked}  # the weakest first
    elif due <= 10:
        assert label == f"Practise what is due ({due})" and run.total == due
        assert asked == {f"zone:{u}" for u in due_states}
    else:
        assert label == f"Practise what is due (10 of {due})" and run.total == 10
        assert asked <= {f"zone:{u}" for u in due_states}


def test_a_class_student_gets_a_progress_and_the_teacher_sees_it(progress_db):
    made = cr.create_assignment(
        progress_db, title="Zones", drill="zones",
        settings=cr.QuizSettings(modes=("zone",), n=2),
    )  # fmt: skip
    at = open_page(session(), CLASS, code=made.assignment.code)
    at.text_input(key="class_name").input("Ana")
    click(at, "Start the quiz")
    me = at.session_state["progress_learner"]
    assert any("progress?code=" in c.value for c in at.code)  # the new link, with the quiz
    answer(at, "class_quiz", right=False)
    assert [r[3] for r in reviews(progress_db, me.learner.id)] == ["class"]

    teacher = open_page(session(), CLASS_PROGRESS, key=made.teacher_key)
    assert "key" not in teacher.query_params
    shown = texts(teacher)
    assert "**1** of 1 students have a progress code." in shown
    roster = teacher.dataframe[0].value
    assert list(roster["Name"]) == ["Ana"] and list(roster["Code"]) == [me.learner.code]
    click(teacher, "Assign what the class does not know")
    review = teacher.session_state["class_progress_made"].assignment
    assert review.title == "Review: time zones of 1 state"  # the one fact the class missed
    assert review.settings().states == (reviews(progress_db, me.learner.id)[0][1],)
    assert not teacher.exception


def test_class_progress_without_a_key_asks_for_it(progress_db):
    at = open_page(session(), CLASS_PROGRESS)
    assert "Teacher key" in [t.label for t in at.text_input]
    at = open_page(session(), CLASS_PROGRESS, key="wrong")
    assert "opens no assignment" in texts(at)


# --- this device keeps the progress (the reading side: the browser's part played here) -------


def device_data(at: AppTest) -> dict:
    """What the page last asked this device to keep (the component's data)."""
    return map_data(at, "progress_device")


def from_device(stored: str | None, ok: bool = True) -> AppTest:
    """A new session (a reload, a typed address) on a device that reports ``stored``."""
    at = session()
    at.session_state["progress_device"] = {"device": {"stored": stored, "ok": ok}}
    return at


def test_a_new_session_opens_the_progress_this_device_keeps_and_answers_go_to_it(progress_db):
    made = pg.create_learner(progress_db)
    at = open_page(from_device(f"{made.learner.code} {made.token}"), ZONES, mode="zone", n="3")
    assert at.session_state["progress_learner"].learner == made.learner
    assert "kept on this device" in texts(at)
    assert device_data(at)["want"] == f"{made.learner.code} {made.token}"
    answer(at, "zone_quiz", right=True)
    assert [r[0] for r in reviews(progress_db, made.learner.id)] == ["zone"]
    assert made.token not in str(dict(at.query_params)) and made.token not in texts(at)


def test_keeping_and_forgetting_tell_the_device_and_a_forgotten_progress_stays_shut(progress_db):
    at = open_page(from_device(None), ZONES, mode="zone", n="3")
    assert device_data(at)["want"] is None  # nothing to keep yet: what the device has stays
    click(at, "Keep my progress")
    me = at.session_state["progress_learner"]
    assert device_data(at)["want"] == f"{me.learner.code} {me.token}"
    at.session_state["progress_device"] = {"device": {"stored": device_data(at)["want"],
                                                      "ok": True}}  # fmt: skip
    open_page(at, PROGRESS)
    click(at, "Forget my progress on this device")
    assert device_data(at)["want"] == ""  # the device forgets it too
    assert "progress_learner" not in at.session_state  # not reopened from the old report
    open_page(at, ZONES)
    assert "progress_learner" not in at.session_state and device_data(at)["want"] == ""


def test_a_replaced_link_kept_on_a_device_opens_nothing_and_is_dropped_from_it(progress_db):
    made = pg.create_learner(progress_db)
    pg.replace_token(progress_db, made.learner.id, made.token)
    at = open_page(from_device(f"{made.learner.code} {made.token}"), ZONES, mode="zone", n="3")
    assert "progress_learner" not in at.session_state
    assert "no longer opens" in texts(at) and device_data(at)["want"] == ""


@pytest.mark.parametrize("kept", [False, True])
def test_the_quiz_page_says_when_this_browser_keeps_nothing(progress_db, kept):
    made = pg.create_learner(progress_db)
    at = open_page(from_device(None, ok=False), ZONES, mode="zone", n="3")
    if kept:
        open_page(at, PROGRESS, code=made.learner.code, token=made.token)
        open_page(at, ZONES)
    assert "This browser keeps nothing for GeoPlunge" in texts(at)
