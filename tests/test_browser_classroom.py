"""The classroom in real headless Chromium: a teacher context and two student contexts, the
students' answers appearing on the teacher's page without a reload; then two ``streamlit run``
servers sharing one PostgreSQL database, students on both, one results page showing them all.

The class assignment is made in Spanish (the teacher, reading English, chooses its language):
the students open the link the page gives, answer in Spanish, and the teacher's English page
counts their answers (issue 30).

Issue 18 in the browser: "Create" sends what the form shows (the browser sends a form's values
only with its own buttons); a double click on "Create" or "Start the quiz" makes one row; the
teacher key leaves the address bar and a new key shuts the old one out; screenshots of the
Assign page's two steps and of the Results page, on a desktop and on a phone."""

from __future__ import annotations

import os
import re
import time

import pytest
import sqlalchemy as sa

import store.db
from engine.quiz import QuizSettings, build_questions, question_states
from messages import _, speaking
from store import classroom as cr
from store.clock import now_utc
from tests import browser as b
from ui.quiz.wording import label

pytestmark = pytest.mark.browser


def _context(chromium, blocked, viewport=b.DESKTOP):
    context = chromium.new_context(viewport=viewport)
    page = context.new_page()
    b.track_runs(page)
    b.keep_local(page, blocked)
    return context, page


def open_app(page, url: str, text: str) -> None:
    """Open ``url`` and wait until it shows ``text`` (closing the first-request notice)."""
    page.goto(url)
    b.wait_for_app(page)
    b.dismiss_page_not_found(page)
    page.get_by_text(text).first.wait_for(timeout=60_000)
    b.dismiss_page_not_found(page)
    b.wait_for_app(page)


def said(lang: str, text: str) -> str:
    """``text`` as the catalogue words it for a reader of ``lang``; its values left out (what
    comes before the first of them)."""
    with speaking(lang):
        return _(text).split("{")[0].strip()


def join_and_miss_the_first(page, link: str, name: str, wrong: str, lang: str = "en") -> None:
    """A student opens the student link, gives a name and answers the first question wrong,
    reading ``lang``."""
    t = time.monotonic()
    open_app(page, link, said(lang, "Your name"))
    page.get_by_label(said(lang, "Your name")).fill(name)
    page.get_by_role("button", name=said(lang, "Start the quiz")).click()
    with speaking(lang):  # "Question 1 of", "Pregunta 1 de": no other text holds it
        first = _("Question {number} of {total}").split("{total}")[0].format(number=1).strip()
    page.get_by_text(first).wait_for(timeout=60_000)
    b.wait_for_app(page)
    page.get_by_test_id("stRadio").get_by_text(wrong, exact=True).click()
    b.wait_for_app(page)
    page.get_by_role("button", name=said(lang, "Check")).click()
    right = said(lang, "**Right answer:** {answer}").replace("**", "")
    page.get_by_text(right).wait_for(timeout=60_000)
    page.get_by_text(said(lang, "Saved")).first.wait_for(timeout=60_000)
    assert re.search(r"resume=[\w-]{20,}", page.url)
    print(f"{name}: joined and answered in {time.monotonic() - t:.1f} s")


def created_links(teacher) -> tuple[str, str]:
    """On the Assign page just after "Create": the student link (step 1, the QR code drawn),
    then the teacher link (step 2, behind its button)."""
    teacher.get_by_text("Step 1 of 2").wait_for(timeout=30_000)
    teacher.get_by_test_id("stImage").first.wait_for(timeout=20_000)  # the QR code
    b.wait_for_app(teacher)
    student = re.search(r"http://\S+/class\?code=\S+", b.wait_for_code(teacher, "class?code="))
    body = teacher.inner_text("body")
    assert "results?key=" not in body and "Keep this private" not in body
    teacher.get_by_role("button", name="Step 2: show my private teacher link").click()
    teacher.get_by_text("Keep this private.").wait_for(timeout=30_000)
    b.wait_for_app(teacher)
    link = re.search(r"http://\S+/results\?key=[\w-]+", b.wait_for_code(teacher, "results?key="))
    body = teacher.inner_text("body")
    assert "class?code=" not in body and teacher.get_by_test_id("stImage").count() == 0
    return student.group(0), link.group(0)


def wrong_first_answer(assignment: cr.AssignmentInfo, lang: str = "en") -> str:
    """A wrong answer to the first question, as a reader of ``lang`` reads it."""
    q = build_questions(assignment.settings())[0]
    with speaking(lang):
        return label(q, next(c for c in q.choices if c != q.answer))


def wait_for_text(page, text: str, timeout_s: float = 40) -> None:
    """Wait, without reloading, until the page shows ``text`` (the live refresh brings it)."""
    page.get_by_text(text).first.wait_for(timeout=timeout_s * 1000)


def test_answers_appear_on_the_teachers_page_without_a_reload(chromium, app_url, blocked):
    db = store.db.database(os.environ["GEOPLUNGE_DATABASE_URL"])
    teacher_ctx, teacher = _context(chromium, blocked)
    open_app(teacher, f"{app_url}/assign", "Create a class assignment")
    teacher.get_by_test_id("stRadio").first.get_by_text("Zone quiz").click()
    b.wait_for_app(teacher)
    teacher.get_by_label("Title").fill("Zones, period 3")
    teacher.locator(".st-key-assign_lang").click()
    teacher.get_by_role("option", name="Español").click()
    b.wait_for_app(teacher)
    teacher.get_by_role("button", name="Create a class assignment").click()
    student_link, teacher_link = created_links(teacher)
    code = re.fullmatch(r".*class\?code=(\w+)&lang=es", student_link)[1]  # it opens in Spanish
    assignment = cr.find_assignment(db, code)
    assert assignment.language == "es"
    wrong = wrong_first_answer(assignment, "es")

    open_app(teacher, teacher_link, "No student has joined yet")
    teacher.wait_for_selector("path.choroplethlocation")

    contexts = [teacher_ctx]
    try:
        for name in ("Ana", "Ben"):
            context, student = _context(chromium, blocked)
            contexts.append(context)
            join_and_miss_the_first(student, student_link, name, wrong, "es")
            b.screenshot(student, f"classroom-student-{name.lower()}")
        start = time.monotonic()
        wait_for_text(teacher, "2 of 2 wrong at the first try")
        print(f"last answer saved → on the teacher's page: {time.monotonic() - start:.1f} s")
        assert "2 students" in teacher.inner_text("body").replace("*", "")
        b.screenshot(teacher, "classroom-results-live")
    finally:  # an open page would go on refreshing on the shared server
        for context in contexts:
            context.close()
    assert blocked == []


def answer_as(code: str, students: dict[str, list[bool]]) -> None:
    """Students join ``code`` and answer its first questions, right or wrong, through the
    store (what the class quiz page writes)."""
    assignment = cr.find_assignment(app_db(), code)
    questions = build_questions(assignment.settings())
    for name, outcomes in students.items():
        student, _ = cr.join(app_db(), code, name)
        records = []
        for seq, (q, right) in enumerate(zip(questions, outcomes, strict=False), 1):
            given = q.answer if right else next(c for c in q.choices if c != q.answer)
            records.append(
                cr.AnswerRecord(
                    seq=seq,
                    question=seq,
                    attempt=1,
                    qid=q.qid,
                    mode=q.mode,
                    prompt=q.prompt,
                    states=question_states(q),
                    response=given,
                    given=q.label(given),
                    correct_answer=q.answer_text,
                    outcome="right" if right else "wrong",
                    seconds=4.0,
                    answered_at=now_utc(),
                )  # fmt: skip
            )
        cr.record_answers(app_db(), student.id, records)


def app_db() -> store.db.Database:
    return store.db.database(os.environ["GEOPLUNGE_DATABASE_URL"])


def assignments_titled(title: str) -> list[cr.AssignmentInfo]:
    from store.models import Assignment

    with app_db().read() as s:
        codes = s.scalars(sa.select(Assignment.code).where(Assignment.title == title)).all()
    return [cr.find_assignment(app_db(), code) for code in codes]


def open_assign(page, url: str, drill: str = "Zone quiz") -> None:
    open_app(page, f"{url}/assign", "Create a class assignment")
    page.get_by_test_id("stRadio").first.get_by_text(drill).click()
    b.wait_for_app(page)


def test_create_sends_what_the_form_shows_and_a_double_click_makes_one(chromium, app_url, blocked):
    """Issue 18, items 7 and 8: Questions changed to 5 and "Create a class assignment" double
    clicked at once, without "Make the link": one assignment, of 5 questions."""
    context, teacher = _context(chromium, blocked)
    try:
        open_assign(teacher, app_url)
        teacher.get_by_label("Questions", exact=True).fill("5")
        teacher.get_by_label("Title").fill("Five zones, double click")
        teacher.get_by_role("button", name="Create a class assignment").dblclick()
        teacher.get_by_text("Step 1 of 2").wait_for(timeout=30_000)
        b.wait_for_app(teacher)
        made = assignments_titled("Five zones, double click")
        assert [a.questions for a in made] == [5]
        assert made[0].code in teacher.inner_text("body")
        assert "5 questions" in teacher.inner_text("body")
    finally:
        context.close()
    assert blocked == []


def test_a_double_click_on_start_the_quiz_joins_once(chromium, app_url, blocked):
    made = cr.create_assignment(
        app_db(), title="Double click", drill="zones", settings=QuizSettings(modes=("zone",), n=3)
    )
    context, student = _context(chromium, blocked)
    try:
        open_app(student, f"{app_url}/class?code={made.assignment.code}", "Your name")
        student.get_by_label("Your name").fill("Ana")
        student.get_by_role("button", name="Start the quiz").dblclick()
        student.get_by_text("Question 1 of").wait_for(timeout=60_000)
        b.wait_for_app(student)
        roster = cr.class_results(app_db(), made.assignment.id)
        assert [r.student.name for r in roster] == ["Ana"]
        assert "already in this class" not in student.inner_text("body")
    finally:
        context.close()
    assert blocked == []


def address_holds_no_key(page) -> None:
    page.wait_for_function("() => !new URLSearchParams(location.search).has('key')")


def test_the_teacher_key_leaves_the_address_bar_and_a_new_key_shuts_out_the_old(
    chromium, app_url, blocked
):
    """Issue 18, item 9: after /results?key=… the address bar holds no key, the page goes on
    after a rerun, and once "Make a new teacher key" is pressed the old link opens nothing."""
    made = cr.create_assignment(
        app_db(), title="Key off the board", drill="zones",
        settings=QuizSettings(modes=("zone",), n=3),
    )  # fmt: skip
    context, teacher = _context(chromium, blocked)
    try:
        open_app(teacher, f"{app_url}/results?key={made.teacher_key}", "Class map")
        address_holds_no_key(teacher)
        assert made.teacher_key not in teacher.url
        teacher.get_by_text("Live: refresh while students work").click()  # a rerun
        b.wait_for_app(teacher)
        assert "Roster" in teacher.inner_text("body") and made.teacher_key not in teacher.url
        b.open_expander(teacher, "Close, reopen, new teacher key or delete")
        teacher.get_by_role("button", name="Make a new teacher key").click()
        teacher.get_by_text("Your new private teacher link").wait_for(timeout=30_000)
        b.wait_for_app(teacher)
        new_link = re.search(r"http://\S+/results\?key=[\w-]+", b.wait_for_code(teacher, "key="))
        new_key = new_link.group(0).rsplit("=", 1)[1]
        assert new_key != made.teacher_key and new_key not in teacher.url
        open_app(teacher, f"{app_url}/results?key={made.teacher_key}", "opens no assignment")
        address_holds_no_key(teacher)
        open_app(teacher, new_link.group(0), "Class map")
        address_holds_no_key(teacher)
    finally:
        context.close()
    assert blocked == []


#: the step to show the class is in the window, from its heading to the class code
_STEP_IN_VIEW = """() => {
  const step = document.querySelector('.st-key-assign_class_step_shown');
  const code = step && Array.from(step.querySelectorAll('p')).find(p => p.style.fontSize);
  if (!code) return false;
  const top = step.getBoundingClientRect().top, bottom = code.getBoundingClientRect().bottom;
  return top >= 0 && bottom <= window.innerHeight;
}"""


@pytest.mark.parametrize(
    ("viewport", "size"),
    [(b.PROJECTOR, "projector"), (b.LAPTOP, "desktop"), (b.PHONE, "phone")],
)
def test_screenshots_of_the_assign_steps_and_the_results_page(
    chromium, app_url, blocked, viewport, size
):
    """The Assign page after "Create": step 1 (the class link and QR code), then step 2 (the
    teacher link revealed); then the Results page as the teacher sees it."""
    context, teacher = _context(chromium, blocked, viewport)
    try:
        open_assign(teacher, app_url)
        teacher.get_by_label("Title").fill(f"Zones, {size}")
        teacher.get_by_role("button", name="Create a class assignment").click()
        teacher.get_by_text("Step 1 of 2").wait_for(timeout=30_000)
        teacher.get_by_test_id("stImage").first.wait_for(timeout=20_000)
        b.wait_for_app(teacher)
        # The page brings the step to show the class (its heading and code) into view itself.
        teacher.wait_for_function(_STEP_IN_VIEW, timeout=10_000)
        b.screenshot(teacher, f"classroom-assign-step1-{size}", full_page=False)
        teacher.get_by_role("button", name="Step 2: show my private teacher link").click()
        teacher.get_by_text("Keep this private.").wait_for(timeout=30_000)
        b.wait_for_app(teacher)
        teacher.get_by_text("Step 2 of 2").scroll_into_view_if_needed()
        b.screenshot(teacher, f"classroom-assign-step2-{size}", full_page=False)
        link = re.search(r"http://\S+/results\?key=[\w-]+", b.wait_for_code(teacher, "key="))
        link = link.group(0)
        code = re.search(r"class code (\w+)", teacher.inner_text("body")).group(1)
        answer_as(code, {"Ana": [True, False, True], "Ben": [False, False], "Cy": [True]})
        open_app(teacher, link, "Class map")
        teacher.wait_for_selector("path.choroplethlocation")
        b.wait_for_app(teacher)
        b.screenshot(teacher, f"classroom-results-{size}")
        b.open_expander(teacher, "Close, reopen, new teacher key or delete")
        b.screenshot(teacher, f"classroom-results-manage-{size}")
    finally:
        context.close()
    assert blocked == []
