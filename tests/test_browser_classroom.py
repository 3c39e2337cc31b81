"""The classroom in real headless Chromium: a teacher context and two student contexts, the
students' answers appearing on the teacher's page without a reload; then two ``streamlit run``
servers sharing one PostgreSQL database, students on both, one results page showing them all."""

from __future__ import annotations

import os
import re
import time

import pytest

import store.db
from engine.quiz import QuizSettings, build_questions
from store import classroom as cr
from tests import browser as b
from tests.databases import postgres_base, postgres_database

pytestmark = pytest.mark.browser


def _context(chromium, blocked):
    context = chromium.new_context(viewport=b.DESKTOP)
    page = context.new_page()

    def route(r):
        if b.is_local(r.request.url):
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    return context, page


def open_app(page, url: str, text: str) -> None:
    """Open ``url`` and wait until it shows ``text`` (closing the first-request notice)."""
    page.goto(url)
    b.wait_for_app(page)
    b.dismiss_page_not_found(page)
    page.get_by_text(text).first.wait_for(timeout=60_000)
    b.dismiss_page_not_found(page)
    b.wait_for_app(page)


def join_and_miss_the_first(page, url: str, code: str, name: str, wrong: str) -> None:
    """A student opens the link, gives a name and answers the first question wrong."""
    t = time.monotonic()
    open_app(page, f"{url}/class?code={code}", "Your name")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Start the quiz").click()
    page.get_by_text("Question 1 of").wait_for(timeout=60_000)
    b.wait_for_app(page)
    page.get_by_test_id("stRadio").get_by_text(wrong, exact=True).click()
    b.wait_for_app(page)
    page.get_by_role("button", name="Check").click()
    page.get_by_text("Right answer:").wait_for(timeout=60_000)
    page.get_by_text("Saved").first.wait_for(timeout=60_000)
    assert re.search(r"resume=[\w-]{20,}", page.url)
    print(f"{name}: joined and answered in {time.monotonic() - t:.1f} s")


def wrong_first_answer(assignment: cr.AssignmentInfo) -> str:
    q = build_questions(assignment.settings())[0]
    return next(c for c in q.choices if c != q.answer)


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
    teacher.get_by_role("button", name="Create a class assignment").click()
    teacher.get_by_text("Keep this private.").wait_for(timeout=30_000)
    b.wait_for_app(teacher)
    body = teacher.inner_text("body")
    teacher_link = re.search(r"http://\S+/results\?key=[\w-]+", body).group(0)
    code = re.search(r"class\?code=(\w+)", body).group(1)
    teacher.get_by_test_id("stImage").first.wait_for(timeout=20_000)  # the QR code
    b.screenshot(teacher, "classroom-created")
    assignment = cr.find_assignment(db, code)
    wrong = wrong_first_answer(assignment)

    open_app(teacher, teacher_link, "No student has joined yet")
    teacher.wait_for_selector("path.choroplethlocation")

    contexts = [teacher_ctx]
    try:
        for name in ("Ana", "Ben"):
            context, student = _context(chromium, blocked)
            contexts.append(context)
            join_and_miss_the_first(student, app_url, code, name, wrong)
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


def test_two_servers_share_one_postgresql_database(chromium, blocked):
    if not b.chromium_path():
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    base = postgres_base()
    with postgres_database(base) as url:
        db = store.db.database(url)
        made = cr.create_assignment(
            db, title="Two servers", drill="zones", settings=QuizSettings(modes=("zone",), n=3)
        )
        code, wrong = made.assignment.code, wrong_first_answer(made.assignment)
        ports = [b.free_port(), b.free_port()]
        servers = [b.start_app(port, {"GEOPLUNGE_DATABASE_URL": url}) for port in ports]
        contexts = []
        try:
            for port, name in zip(ports, ("Ana on A", "Ben on B"), strict=True):
                context, student = _context(chromium, blocked)
                contexts.append(context)
                join_and_miss_the_first(student, f"http://127.0.0.1:{port}", code, name, wrong)
            context, teacher = _context(chromium, blocked)
            contexts.append(context)
            link = f"http://127.0.0.1:{ports[0]}/results?key={made.teacher_key}"
            open_app(teacher, link, "Class map")
            wait_for_text(teacher, "2 of 2 wrong at the first try")
            assert "2 students" in teacher.inner_text("body").replace("*", "")
            b.screenshot(teacher, "classroom-two-servers")
        finally:
            for context in contexts:
                context.close()
            for server in servers:
                server.terminate()
                server.wait(timeout=20)
    assert blocked == []
