"""AppTest flows of the classroom: a teacher creates an assignment, students answer it (one
reloads halfway), the teacher sees the roster, the class map and the CSV; the database goes
away in the middle of a quiz; bad codes, keys, names and resume tokens."""

from __future__ import annotations

import csv
import io
from datetime import UTC

import pytest
import sqlalchemy as sa
from streamlit.testing.v1 import AppTest

import store.db
from engine.quiz import AnswerType, QuizSettings
from store import classroom as cr
from store.models import Answer, Assignment, Student
from store.report import attempts_csv
from tests import maps
from tests.conftest import ROOT
from tests.databases import database_away
from tests.test_app_drills import click, open_page, right_answer, texts, wrong_answer

ASSIGN = "pages/assign.py"
CLASS = "pages/class.py"
RESULTS = "pages/results.py"


@pytest.fixture
def sqlite_class_db(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'class.sqlite3'}"
    monkeypatch.setenv("GEOPLUNGE_DATABASE_URL", url)
    yield store.db.database(url)
    store.db.forget(url)


def session() -> AppTest:
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.run()
    return at


def create(app: AppTest, title: str = "Zones, Tuesday", n: int = 4) -> tuple[str, str]:
    """The teacher creates a class assignment of the zone quiz (the settings and the title
    filled in, then one press of Create); returns its code and key."""
    open_page(app, ASSIGN)
    app.radio(key="assign_drill").set_value("zones").run()
    app.number_input(key="assign_n").set_value(n)
    app.text_input(key="assign_class_title").input(title)
    click(app, "Create a class assignment")
    made = app.session_state["assign_class_created"]
    return made.assignment.code, made.teacher_key


def quick(db, title: str = "Zones") -> tuple[str, str]:
    """An assignment made through the store (the bad-input tests need no Assign page)."""
    settings = QuizSettings(modes=("zone",), n=4)
    made = cr.create_assignment(db, title=title, drill="zones", settings=settings)
    return made.assignment.code, made.teacher_key


def student_page(code: str, resume: str | None = None) -> AppTest:
    """A new browser session opening the student link (with a resume token: a reload)."""
    params = {"code": code} | ({"resume": resume} if resume else {})
    return open_page(session(), CLASS, **params)


def join_as(code: str, name: str) -> AppTest:
    at = student_page(code)
    at.text_input(key="class_name").input(name)
    return click(at, "Start the quiz")


def view(at: AppTest):
    return at.session_state["class_quiz"]


def answer(at: AppTest, right: bool) -> None:
    """Answer the current question through its widgets, press Check, then move on."""
    v = view(at)
    q = v.run.current
    assert q.answer_type is AnswerType.ONE
    at.radio(key=v.answer_key("one")).set_value(right_answer(q) if right else wrong_answer(q))
    at.run()
    at.button(key=v.widget_key("check")).click().run()
    assert not at.exception
    click(at, "See my results" if view(at).run.is_done else "Next question")


def param(at: AppTest, name: str) -> str:
    value = at.query_params[name]
    return value[-1] if isinstance(value, list) else value


def answers_in(db, name: str | None = None) -> int:
    with db.read() as s:
        q = sa.select(sa.func.count(Answer.id)).join(Student)
        return s.scalar(q.where(Student.name == name) if name else q)


def test_a_class_answers_and_the_teacher_sees_roster_map_and_csv(app, sqlite_class_db):
    db = sqlite_class_db
    code, key = create(app)
    shown = texts(app)
    assert f"class code **{code}**" in shown and "Step 1 of 2" in shown
    codes = [c.value for c in app.code]
    student_link = next(c for c in codes if f"class?code={code}" in c)
    assert "seed" not in student_link and not any(key in c for c in codes)
    assert "SQLite file" in shown
    click(app, "Step 2: show my private teacher link")
    codes = [c.value for c in app.code]
    assert "Keep this private." in texts(app) and f"results?key={key}" in codes
    assert f"class?code={code}" not in codes and not app.get("imgs")  # never both on screen

    ana = join_as(code, "Ana")
    assert param(ana, "code") == code
    token = param(ana, "resume")
    ben = join_as(code, "<b>Ben</b> 🦊")
    cy = join_as(code, "Cy")
    assert "seed" not in texts(ana) and "Change the quiz" not in [b.label for b in ana.button]
    for _ in range(4):
        answer(ben, right=True)
    answer(ana, right=True)
    answer(ana, right=False)
    assert answers_in(db, "Ana") == 2
    asked = view(ana).run.number
    ana = student_page(code, token)  # a reload halfway: a new session, the same link
    assert view(ana).run.number == asked and view(ana).run.answered == 2
    assert "Ana" in texts(ana)
    while not view(ana).run.is_done:
        answer(ana, right=True)
    answer(cy, right=False)
    assert "New quiz" not in [b.label for b in ana.button]
    assert "Saved" in texts(ana) and "Quiz complete" in texts(ana)
    click(ana, "Practise my misses (1)")
    answer(ana, right=False)  # practice: personal, not recorded
    assert answers_in(db, "Ana") == 5

    teacher = open_page(session(), RESULTS, key=key)
    roster = teacher.dataframe[0].value
    assert list(roster["Name"]) == ["Ana", "<b>Ben</b> 🦊", "Cy"]
    assert list(roster["Score"]) == ["3 of 4", "4 of 4", "0 of 4"]
    assert list(roster["Answered"]) == ["4 of 4", "4 of 4", "1 of 4"]
    assert roster["Finished"][2] == "working" and roster["Finished"][1] != "working"
    class_map = maps.map_data(teacher, "results_map")
    assert any("first answers wrong" in note for note in class_map["notes"].values())
    assert "Most missed" in texts(teacher) and "×1" in texts(teacher)
    assert any(d.label == "Download every attempt (CSV)" for d in teacher.get("download_button"))
    rows = list(csv.DictReader(io.StringIO(attempts_csv(cr.class_results(db, 1), zone=UTC))))
    assert len(rows) == 10 and {r["student"] for r in rows} == {"Ana", "<b>Ben</b> 🦊", "Cy"}


def test_nothing_is_lost_when_the_database_goes_away_mid_quiz(app, class_db, db_url):
    """Really away: the SQLite file locked by another connection's exclusive transaction, or
    PostgreSQL refusing connections to the database (open ones terminated)."""
    code, _ = create(app, n=5)
    ana = join_as(code, "Ana")
    answer(ana, right=True)
    with database_away(db_url):
        answer(ana, right=False)
        answer(ana, right=True)
        shown = texts(ana)
        assert "Saving…" in shown and "2 answers waiting" in shown
        assert not ana.exception
    box = ana.session_state["class_state"].outbox
    box.retry_at = 0  # as when the pause is over; the status line then writes them
    ana.run()
    assert "Saved" in texts(ana) and box.pending == []
    while not view(ana).run.is_done:
        answer(ana, right=True)
    assert answers_in(class_db, "Ana") == len(view(ana).run.attempts) == 6


def test_a_wrong_or_missing_code_says_so(sqlite_class_db):
    at = open_page(session(), CLASS)
    assert "Type the class code" in texts(at)
    for code, said in [("nope", "not a class code"), ("ZZZZZZ", "No class assignment has"),
                       ("<script>alert(1)</script>", "not a class code")]:  # fmt: skip
        at = open_page(at, CLASS, code=code)
        assert said in texts(at) and "Type the class code" in texts(at)
    at.text_input(key="class_code_typed").input("0OIL1")
    click(at, "Open")
    assert "not a class code" in texts(at)


@pytest.mark.parametrize(
    ("name", "said"), [("   ", "Type your name"), ("x" * 10_000, "at most 40 characters")]
)
def test_a_bad_name_is_refused_and_nothing_is_written(sqlite_class_db, name, said):
    code, _ = quick(sqlite_class_db)
    at = student_page(code)
    at.text_input(key="class_name").input(name)
    click(at, "Start the quiz")
    assert said in texts(at) and "resume" not in at.query_params
    with sqlite_class_db.read() as s:
        assert s.scalar(sa.select(sa.func.count(Student.id))) == 0


def test_html_and_emoji_names_are_shown_escaped(sqlite_class_db):
    code, _ = quick(sqlite_class_db)
    at = join_as(code, "<img src=x onerror=alert(1)> 🦊")
    assert not at.exception
    assert r"\<img src=x onerror=alert(1)\> 🦊" in texts(at)


def test_forged_or_replayed_resume_tokens(sqlite_class_db):
    code, _ = quick(sqlite_class_db)
    other, _ = quick(sqlite_class_db, "Another class")
    ana = join_as(code, "Ana")
    token = param(ana, "resume")
    forged = student_page(code, "A" * 22)
    assert "not one of class" in texts(forged) and "Your name" in str(forged.text_input)
    elsewhere = student_page(other, token)  # a token of another class
    assert "not one of class" in texts(elsewhere)
    no_code = open_page(session(), CLASS, resume=token)
    assert "missing its class code" in texts(no_code)
    # the same link on a second device: both go on; the later answer to the same step loses
    second = student_page(code, token)
    answer(ana, right=True)
    v = view(second)
    second.radio(key=v.answer_key("one")).set_value(wrong_answer(v.run.current)).run()
    second.button(key=v.widget_key("check")).click().run()
    assert "went on in another tab or on another device" in texts(second)
    assert view(second).run.answered == 1 and answers_in(sqlite_class_db) == 1


def test_a_closed_or_deleted_assignment(sqlite_class_db):
    code, key = quick(sqlite_class_db)
    ana = join_as(code, "Ana")
    answer(ana, right=True)
    teacher = open_page(session(), RESULTS, key=key)
    click(teacher, "Close the assignment now")
    assert "Closed" in texts(teacher)
    late = student_page(code)
    assert "closed" in texts(late) and "Your name" not in str(late.text_input)
    answer(ana, right=True)  # checked after the closing time: refused, and said so
    assert "could not be recorded" in texts(ana) and answers_in(sqlite_class_db) == 1
    click(teacher, "Reopen the assignment")  # open again: Ana's next answer counts
    assert "Reopened" in texts(teacher)
    answer(ana, right=True)
    assert answers_in(sqlite_class_db) == 1  # her session stopped at the closing: a reload
    ana = student_page(code, param(ana, "resume"))  # goes on from the stored answers
    answer(ana, right=True)
    assert answers_in(sqlite_class_db) == 2
    click(teacher, "Delete the assignment")  # the title not typed: nothing is deleted
    assert "Type the assignment's title" in texts(teacher) and answers_in(sqlite_class_db) == 2
    teacher.text_input(key="results_delete_title").input("zones ").run()
    click(teacher, "Delete the assignment")
    assert "Deleted" in texts(teacher) and "with its 2 answers" in texts(teacher)
    assert "No class assignment has the code" in texts(student_page(code))
    gone = open_page(session(), RESULTS, key=key)
    assert "opens no assignment" in texts(gone)


def test_a_wrong_or_missing_teacher_key(sqlite_class_db):
    at = open_page(session(), RESULTS)
    assert "Teacher key" in str(at.text_input) and "opens no assignment" not in texts(at)
    at = open_page(at, RESULTS, key="wrong-key")
    assert "opens no assignment" in texts(at)
    at.text_input(key="results_key_typed").input("still wrong")
    click(at, "Open the results")
    assert "opens no assignment" in texts(at)


def test_an_answer_being_picked_comes_back_in_a_new_session_on_that_step_only(app, class_db):
    """Issue 18, item 14: the picks on the map reach the server as they are made, and are kept
    as the student's draft; a new session from the resume link (another server, a reload)
    puts them back on the same step, and only there; another student gets none of them."""
    made = cr.create_assignment(
        class_db, title="Borders", drill="borders",
        settings=QuizSettings(modes=("neighbors",), n=3),
    )  # fmt: skip
    code = made.assignment.code
    ana = join_as(code, "Ana")
    token = param(ana, "resume")
    picks = [c for c in maps.map_data(ana, "class_quiz_map")["choices"] if c not in ("CO",)][:2]
    for usps in picks:
        assert maps.click(ana, "class_quiz_map", usps)
    assert view(ana).picked == picks
    again = student_page(code, token)  # a new session: nothing of Ana's but the database
    assert view(again).picked == picks
    assert maps.map_data(again, "class_quiz_map")["selected"] == picks
    ben = join_as(code, "Ben")
    assert view(ben).picked == [] and maps.map_data(ben, "class_quiz_map")["selected"] == []
    again.button(key=view(again).widget_key("check")).click().run()  # checked: step 2 next
    click(again, "Next question")
    later = student_page(code, token)
    assert view(later).run.answered == 1 and view(later).picked == []


def test_a_choice_being_made_comes_back_in_a_new_session(app, class_db):
    code, _ = quick(class_db)
    ana = join_as(code, "Ana")
    v = view(ana)
    choice = wrong_answer(v.run.current)
    ana.radio(key=v.answer_key("one")).set_value(choice).run()
    again = student_page(code, param(ana, "resume"))
    w = view(again)
    assert w.turn == v.turn  # the same widget keys on every server: the browser's state fits
    assert again.radio(key=w.answer_key("one")).value == choice


def test_create_uses_the_settings_the_form_shows_not_the_last_link(app, sqlite_class_db):
    """Issue 18, item 7: Questions set to 5 and "Create" pressed without "Make the link" first:
    the assignment has 5 questions, as the form says."""
    open_page(app, ASSIGN)
    app.radio(key="assign_drill").set_value("zones").run()
    click(app, "Make the link")  # a link of 10 questions
    app.number_input(key="assign_n").set_value(5)
    app.text_input(key="assign_class_title").input("Five zones")
    click(app, "Create a class assignment")
    made = app.session_state["assign_class_created"]
    assert made.assignment.questions == 5 and "5 questions" in texts(app)


def test_a_second_press_of_create_makes_no_second_assignment(app, sqlite_class_db):
    """Issue 18, item 8: the button the browser still shows is pressed again once the first
    press is done: one assignment, the one whose link the page shows. "New class assignment"
    then makes another."""
    open_page(app, ASSIGN)
    app.radio(key="assign_drill").set_value("zones").run()
    app.text_input(key="assign_class_title").input("Once")
    button = next(b for b in app.button if b.label == "Create a class assignment")
    button.click().run()
    first = app.session_state["assign_class_created"]
    button.click().run()  # the same element again, as a second click of a double click
    assert not app.exception
    assert app.session_state["assign_class_created"] == first
    with sqlite_class_db.read() as s:
        assert s.scalar(sa.select(sa.func.count(Assignment.id))) == 1
    click(app, "New class assignment")
    app.text_input(key="assign_class_title").input("Twice")
    click(app, "Create a class assignment")
    assert app.session_state["assign_class_created"].assignment.id != first.assignment.id
    earlier = [c.value for c in app.code if "results?key=" in c.value]  # behind an expander
    assert earlier == [f"results?key={first.teacher_key}"]  # the first one's link is not lost


def test_the_teacher_key_leaves_the_address_and_a_new_key_shuts_out_the_old(sqlite_class_db):
    """Issue 18, item 9 (the browser test checks the address bar itself)."""
    code, key = quick(sqlite_class_db)
    teacher = open_page(session(), RESULTS, key=key)
    assert "key" not in teacher.query_params and "Roster" in texts(teacher)
    teacher.run()  # a rerun goes on with the key the session keeps
    assert "Roster" in texts(teacher) and not teacher.exception
    click(teacher, "Make a new teacher key")
    new = teacher.session_state["results_key"]
    assert new != key and any(f"results?key={new}" in c.value for c in teacher.code)
    click(teacher, "I have copied it: hide it")
    assert not any(new in c.value for c in teacher.code) and "Roster" in texts(teacher)
    old = open_page(session(), RESULTS, key=key)
    assert "opens no assignment" in texts(old)
    assert "Roster" in texts(open_page(session(), RESULTS, key=new))


def test_a_name_already_in_the_roster_is_refused_in_words(sqlite_class_db):
    """Issue 18, item 10: "Ana" and "ana " are one name; the second is told what to do."""
    code, _ = quick(sqlite_class_db)
    join_as(code, "Ana")
    again = join_as(code, "ana ")
    shown = texts(again)
    assert "Ana is already in this class: open your resume link, or add your initial." in shown
    assert "resume" not in again.query_params
    assert "Ana B." in texts(join_as(code, "Ana B."))


def test_a_second_press_sent_before_the_resume_token_arrived_stays_in_the_quiz(
    sqlite_class_db,
):
    """A double click on "Start the quiz": the second run may come with the address the
    browser had before the first run gave it the resume token. The session is that student:
    the quiz goes on, the token goes back into the address, no join form, no second row."""
    code, _ = quick(sqlite_class_db)
    ana = join_as(code, "Ana")
    token = param(ana, "resume")
    del ana.query_params["resume"]  # the address of the second press
    ana.run()
    assert not [t for t in ana.text_input if t.label == "Your name"]
    assert "Check" in [b.label for b in ana.button] and param(ana, "resume") == token
    with sqlite_class_db.read() as s:
        assert s.scalar(sa.select(sa.func.count(Student.id))) == 1
