"""What "Assign what the class does not know" assigns (engine.progress.review): scenarios of
classes, each student's facts given as answers and wrong answers, with the review counted by
hand. Then the Class progress page: it says what it will assign and assigns that."""

from __future__ import annotations

from datetime import UTC, datetime

from fsrs import Rating

from engine.progress.review import Missed, class_review, missed_states
from engine.progress.schedule import ItemState
from engine.quiz import QuizSettings
from engine.quiz.items import TOPICS, Item
from store import classroom as cr
from store import progress as pg
from store.clock import now_utc
from tests import test_app_progress
from tests.test_app_classroom import session
from tests.test_app_drills import click, open_page, texts
from tests.test_app_progress import CLASS_PROGRESS

progress_db = test_app_progress.progress_db  # the fixture: a fresh database
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
BORDERS, CAPITALS, ZONES = (next(t for t in TOPICS if t.name == n) for n in
                            ("borders", "capitals", "zones"))  # fmt: skip


def facts(**answered: tuple[int, int]) -> dict[Item, ItemState]:
    """A student's items: ``borders_DE=(3, 2)`` is borders of Delaware answered 3 times, 2
    wrong."""
    out = {}
    for key, (answers, wrong) in answered.items():
        kind, usps = key.rsplit("_", 1)
        rating = Rating.Again if wrong else Rating.Good
        out[Item(kind, usps)] = ItemState(1.0, 5.0, T0, T0, answers, wrong, rating, T0)
    return out


def test_after_a_borders_quiz_the_review_is_the_borders_the_class_missed():
    # The class: three students took a borders quiz; nobody has met a capital.
    # Delaware: 3 answers, 2 wrong; Oklahoma and Texas: 2 answers, 1 wrong; the rest right.
    ana = facts(borders_DE=(1, 1), borders_OK=(1, 1), borders_CO=(1, 0), borders_PA=(1, 0))
    ben = facts(borders_DE=(1, 1), borders_TX=(1, 1), borders_CO=(1, 0), borders_PA=(1, 0))
    cy = facts(borders_DE=(1, 0), borders_OK=(1, 0), borders_TX=(1, 0), borders_CO=(1, 0))
    review = class_review([ana, ben, cy], 10)
    assert review is not None and review.topic == BORDERS
    # DE 2/3 first; OK and TX tie at 1/2 with 1 wrong: deck order (OK before TX)
    assert review.states == (Missed("DE", 2, 3), Missed("OK", 1, 2), Missed("TX", 1, 2))
    assert review.codes == ("DE", "OK", "TX")


def test_the_topic_is_the_one_with_the_most_wrong_answers_and_k_cuts_the_states():
    # zones: Colorado 3 of 3 wrong (3 wrong in all); borders: 4 wrong over two states
    ana = facts(zone_CO=(1, 1), borders_DE=(2, 1), borders_OK=(3, 1))
    ben = facts(zone_CO=(2, 2), borders_DE=(2, 1), borders_OK=(3, 1))
    review = class_review([ana, ben], 1)
    assert review is not None and review.topic == BORDERS  # 4 wrong against 3
    assert review.states == (Missed("DE", 2, 4),)  # 1/2 before OK's 2/6; k = 1
    assert missed_states([ana, ben], ZONES) == [Missed("CO", 3, 3)]


def test_a_topics_kinds_count_together_and_ties_go_by_share_then_number_wrong():
    # capitals = the capital and its first letter: Utah 1 + 1 wrong of 2 + 2 answers
    ana = facts(capital_UT=(2, 1), letter_UT=(2, 1), capital_AK=(1, 1), capital_ID=(4, 2))
    assert missed_states([ana], CAPITALS) == [
        Missed("AK", 1, 1),  # 1/1
        Missed("ID", 2, 4),  # 1/2 with 2 wrong, tied with Utah: deck order, ID before UT
        Missed("UT", 2, 4),
    ]


def test_a_topic_tie_goes_to_the_menu_order():
    ana = facts(capital_CO=(1, 1), borders_UT=(1, 1))
    review = class_review([ana], 10)
    assert review is not None and review.topic == BORDERS  # borders comes first in the menu


def test_a_class_that_missed_nothing_or_met_nothing_has_no_review():
    assert class_review([facts(borders_DE=(5, 0)), facts()], 10) is None
    assert class_review([], 10) is None


def test_the_page_says_what_it_assigns_and_assigns_it(progress_db):
    """The issue's class on the page: three students with progress codes, a borders quiz;
    before the fix the page assigned the capitals of Alaska to Georgia."""
    made = cr.create_assignment(
        progress_db, title="Borders", drill="borders",
        settings=QuizSettings(modes=("neighbors",), n=4),
    )  # fmt: skip
    now = now_utc()
    for name, missed in (("Ana", ("DE", "OK")), ("Ben", ("DE", "TX")), ("Cy", ())):
        student, _ = cr.join(progress_db, made.assignment.code, name)
        learner = pg.create_learner(progress_db).learner
        pg.link_student(progress_db, student.id, learner.id)
        records = [
            pg.ReviewRecord(i, "borders", usps, 1 if usps in missed else 3, now, now.date(),
                            "class", "neighbors", 5.0)
            for i, usps in enumerate(("DE", "OK", "TX", "CO"), 1)
        ]  # fmt: skip
        pg.record_reviews(progress_db, learner.id, name, records)

    teacher = open_page(session(), CLASS_PROGRESS, key=made.teacher_key)
    shown = texts(teacher)
    assert (
        "A class assignment of **borders**, the topic the class missed most, on the 3 states it "
        "missed most: Delaware (2 of 3 wrong), Oklahoma (1 of 3 wrong), and Texas (1 of 3 wrong)"
    ) in shown
    click(teacher, "Assign what the class does not know")
    review = teacher.session_state["class_progress_made"].assignment
    assert review.title == "Review: borders of 3 states" and review.drill == "borders"
    settings = review.settings()
    assert settings.states == ("DE", "OK", "TX") and 1 <= settings.n <= 10
    assert not teacher.exception
