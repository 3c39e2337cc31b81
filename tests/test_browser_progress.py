"""Progress in real headless Chromium: a learner answers a zone quiz and keeps the progress,
then opens the saved link in a fresh browser context days later, sees the map and the due
count, practises, and the due count falls; screenshots of My progress (laptop and phone) and
of a teacher's Class progress, each page checked with axe-core.

**The clock the test moves** is the stored one: after the quiz the test moves the learner's
stored answer times ten days back and rebuilds the learner's cards from them
(``store.progress.rebuild``, the same function a late outbox batch uses). The app has no clock
of its own to move and nothing a link could set: what a page shows follows from the stored
times alone."""

from __future__ import annotations

import os
import re
from datetime import timedelta

import pytest
import sqlalchemy as sa

import store.db
from engine.cards import by_usps, deck
from engine.quiz import QuizSettings, build_questions
from store import classroom as cr
from store import progress as pg
from store.clock import now_utc
from store.models import LearnerReview
from tests import browser as b
from tests.conftest import _page
from tests.test_browser_a11y import axe_report, axe_violations, failing, settled

pytestmark = pytest.mark.browser
FILE_SECONDS = 50  #: what this file takes on two idle cores (conftest starts it early)

QUIZ = "/zone_quiz?mode=zone&n=3&seed=2"


def _context(chromium, blocked, viewport):
    """A fresh browser context (no cookies, no session) and its page, kept offline."""
    return _page(chromium, blocked, viewport)


def _open(page, url: str, text: str) -> None:
    page.goto(url)
    b.wait_for_app(page)
    b.dismiss_page_not_found(page)
    page.get_by_text(text).first.wait_for(timeout=60_000)
    b.wait_for_app(page)


def _answer_zone(page, zone: str, last: bool) -> None:
    page.get_by_test_id("stRadio").get_by_text(zone, exact=True).click()
    b.wait_for_app(page)
    page.get_by_role("button", name="Check").click()
    page.get_by_role("button", name="See my results" if last else "Next question").wait_for()
    b.wait_for_app(page)
    page.get_by_role("button", name="See my results" if last else "Next question").click()
    b.wait_for_app(page)


def _asked_zone(page) -> str:
    """The right zone for the zone question on screen ("Which time zone is X's capital in?")."""
    heading = page.locator("h3").filter(has_text="time zone").first.inner_text()
    card = next(c for c in deck() if f"is {c.name}'s capital" in heading)
    return card.zone


def _due(page) -> str:
    """The due count on My progress ("3 due today")."""
    return re.search(r"(\d+) due today", page.inner_text("body")).group(1)


def test_a_kept_progress_opened_days_later_shows_what_is_due_and_practice_clears_it(
    chromium, app_url, blocked
):
    db = store.db.database(os.environ["GEOPLUNGE_DATABASE_URL"])
    first_ctx, first = _context(chromium, blocked, b.DESKTOP)
    questions = build_questions(QuizSettings(modes=("zone",), n=3, seed=2))
    _open(first, app_url + QUIZ, questions[0].prompt)
    wrong = next(z for z in questions[0].choices if z != questions[0].answer)
    _answer_zone(first, wrong, last=False)  # Again; it comes back after the other two
    for i, q in enumerate([*questions[1:], questions[0]]):
        first.get_by_text(q.prompt).first.wait_for()
        _answer_zone(first, q.answer, last=i == 2)  # Good or Easy, then Hard
    first.get_by_role("button", name="Keep my progress").click()
    first.get_by_text("Your progress is kept.").wait_for(timeout=30_000)
    b.wait_for_app(first)
    shown = b.wait_for_code(first, "/progress?code=")
    link = re.search(r"http://\S+/progress\?code=\w+&token=[\w-]+", shown)
    assert link, f"the progress link is shown: {shown!r}"
    b.screenshot(first, "progress-kept-desktop")
    first_ctx.close()

    code = re.search(r"code=(\w+)", link.group(0)).group(1)
    learner_id = _learner_id(db, code)
    with db.write() as s:  # ten days pass (a quick right answer is Easy: due in 8 days)
        for row in s.scalars(
            sa.select(LearnerReview).where(LearnerReview.learner_id == learner_id)
        ):
            row.answered_at -= timedelta(days=10)
            row.day -= timedelta(days=10)
    pg.rebuild(db, learner_id)

    later_ctx, later = _context(chromium, blocked, b.LAPTOP)
    try:
        _open(later, link.group(0), "due today")
        assert "token=" not in later.url  # the secret left the address bar
        b.wait_for_map(later)
        assert later.locator("path.choroplethlocation").count() == 50
        assert _due(later) == "3"
        body = later.inner_text("body")
        assert all(by_usps()[q.focus].name in body for q in questions)  # in words under the map
        b.screenshot(later, "progress-my-progress-laptop")
        settled(later)
        problems = failing(axe_violations(later))
        assert not problems, axe_report("My progress", problems)
        later.get_by_role("button", name="Practise what is due (3)").click()
        for i in range(3):  # the three facts due, no more
            later.get_by_role("button", name="Check").wait_for(timeout=30_000)
            b.wait_for_app(later)
            _answer_zone(later, _asked_zone(later), last=i == 2)
        later.get_by_role("button", name="Back to my progress").click()
        later.get_by_text("due today").first.wait_for()
        b.wait_for_app(later)
        assert _due(later) == "0"
        later.set_viewport_size(b.PHONE)
        b.wait_for_app(later)
        b.wait_for_map(later)
        b.screenshot(later, "progress-my-progress-phone")
    finally:
        later_ctx.close()
    assert blocked == []


def _learner_id(db, code: str) -> int:
    from store.models import Learner

    with db.read() as s:
        return s.scalar(sa.select(Learner.id).where(Learner.code == code))


def test_class_progress_for_a_teacher(chromium, app_url, blocked):
    """A class of three with a few weeks of history: the teacher's page (a screenshot)."""
    db = store.db.database(os.environ["GEOPLUNGE_DATABASE_URL"])
    made = cr.create_assignment(
        db, title="Period 3", drill="zones", settings=QuizSettings(modes=("zone",), n=3)
    )
    now = now_utc()
    for n, name in enumerate(("Ana", "Ben", "Chloé")):
        student, _ = cr.join(db, made.assignment.code, name)
        learner = pg.create_learner(db).learner
        pg.link_student(db, student.id, learner.id)
        records = []
        for i, c in enumerate(deck()[: 20 + 10 * n]):
            at = now - timedelta(days=40 - i % 35, hours=n)
            for j, kind in enumerate(("zone", "borders", "capital")):
                rating = 1 if (i + j + n) % 4 == 0 else 3
                records.append(pg.ReviewRecord(len(records) + 1, kind, c.usps, rating, at,
                                               at.date(), "class", kind))  # fmt: skip
        for record in sorted(records, key=lambda r: r.answered_at):
            pg.record_reviews(db, learner.id, "seed", [record])
    context, page = _context(chromium, blocked, b.LAPTOP)
    try:
        _open(page, f"{app_url}/class_progress?key={made.teacher_key}", "Students")
        assert "key=" not in page.url
        b.wait_for_map(page)
        assert "3 of 3 students have a progress code" in page.inner_text("body")
        b.screenshot(page, "progress-class-progress-laptop")
        page.locator(".gpm").first.scroll_into_view_if_needed()
        b.screenshot(page, "progress-class-progress-map-laptop")
        settled(page)
        problems = failing(axe_violations(page))
        assert not problems, axe_report("Class progress", problems)
    finally:
        context.close()
    assert blocked == []


# --- a reload or a typed address keeps the progress (issue 28, item 4) ------------------------

#: One quiz per drill page whose questions a click on its first choice (or a typed name) answers.
DRILLS = {
    "border_quiz": "mode=count",
    "capital_quiz": "mode=letter",
    "rank_quiz": "mode=larger",
    "zone_quiz": "mode=zone",
    "locate_quiz": "mode=identify",
}
KEPT = "kept on this device"


def _answer_any(page, path: str) -> None:
    """Answer the question on screen of drill page ``path`` (right or wrong: either is kept)
    and see the feedback."""
    page.get_by_role("button", name="Check").wait_for(timeout=30_000)
    b.wait_for_app(page)
    choices = page.locator(f"[class*='st-key-{path}_one_'] [data-testid='stRadioOption']")
    if choices.count():
        choices.first.click()
        b.wait_for_app(page)
        page.get_by_role("button", name="Check").click()
    else:
        page.get_by_label("Your answer").fill("Ohio")
        page.get_by_label("Your answer").press("Enter")
    page.get_by_role("button", name="Next question").wait_for(timeout=30_000)
    b.wait_for_app(page)


def _reviews(db, learner_id: int) -> int:
    with db.read() as s:
        return s.scalar(sa.select(sa.func.count()).where(LearnerReview.learner_id == learner_id))


def _stored_more_than(page, db, learner_id: int, before: int) -> int:
    """Wait until the store holds more of the learner's reviews than ``before`` (each answer is
    written as it is checked; the page's runs are over, so a wait for the store is a wait for
    the write, not for a timer); the new count."""
    for _ in range(100):
        if (now := _reviews(db, learner_id)) > before:
            return now
        page.wait_for_timeout(100)
    raise AssertionError(f"the answer never reached the progress (still {before} reviews)")


def test_a_reload_and_a_typed_address_keep_the_progress_on_every_drill_page(
    chromium, app_url, blocked
):
    db = store.db.database(os.environ["GEOPLUNGE_DATABASE_URL"])
    context, page = _context(chromium, blocked, b.PHONE)
    try:
        _open(page, f"{app_url}/zone_quiz?mode=zone&n=5", "Keep my progress")
        page.get_by_role("button", name="Keep my progress").click()
        page.get_by_text("Your progress is kept.").wait_for(timeout=30_000)
        b.wait_for_app(page)
        code = re.search(r"code=(\w+)", b.wait_for_code(page, "/progress?code=")).group(1)
        learner_id = _learner_id(db, code)
        page.get_by_text(KEPT).wait_for(timeout=30_000)
        count = _reviews(db, learner_id)
        for path, params in DRILLS.items():
            _open(page, f"{app_url}/{path}?{params}&n=5", KEPT)  # a typed address
            _answer_any(page, path)
            count = _stored_more_than(page, db, learner_id, count)
            page.reload()  # as a phone does to a tab left in the background
            b.wait_for_app(page)
            _answer_any(page, path)  # at once: an answer before the device reports joins it after
            count = _stored_more_than(page, db, learner_id, count)
            page.get_by_text(KEPT).wait_for(timeout=30_000)
            assert code in page.inner_text("body") and "token=" not in page.url, path
        b.screenshot(page, "progress-kept-after-reload-phone")
        _open(page, f"{app_url}/progress", "due today")  # My progress, by a typed address
        assert "token=" not in page.url
        b.open_expander(page, "Make a new progress link, or forget it here")
        page.get_by_role("button", name="Forget my progress on this device").click()
        page.get_by_text("Come back").wait_for(timeout=30_000)
        b.wait_for_app(page)
        _open(page, f"{app_url}/zone_quiz?mode=zone&n=5", "Keep my progress")  # forgotten
        b.wait_for_app(page)
        assert KEPT not in page.inner_text("body")
        assert page.evaluate("localStorage.getItem('geoplunge.progress')") is None
    finally:
        context.close()
    assert blocked == []


_NO_STORAGE_JS = """
Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The user denied access to storage.", "SecurityError"); },
});
"""


@pytest.mark.parametrize("viewport", [b.PHONE, b.LAPTOP], ids=["phone", "laptop"])
def test_a_browser_that_keeps_nothing_is_told_so_on_the_quiz_page(
    chromium, app_url, blocked, viewport
):
    context, page = _context(chromium, blocked, viewport)
    try:
        page.add_init_script(_NO_STORAGE_JS)  # as with site data blocked in the settings
        for path, params in DRILLS.items():
            _open(page, f"{app_url}/{path}?{params}&n=5", "This browser keeps nothing")
        page.get_by_role("button", name="Keep my progress").click()
        page.get_by_text("Your progress is kept.").wait_for(timeout=30_000)
        b.wait_for_app(page)
        assert page.get_by_text("This browser keeps nothing").is_visible()
        assert KEPT not in page.inner_text("body")
        page.get_by_text("This browser keeps nothing").scroll_into_view_if_needed()
        b.screenshot(page, f"progress-no-storage-{'phone' if viewport == b.PHONE else 'laptop'}",
                     full_page=False)  # fmt: skip
    finally:
        context.close()
    assert blocked == []
