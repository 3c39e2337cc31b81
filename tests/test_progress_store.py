"""The progress store on SQLite and PostgreSQL: codes and tokens, histories written once, the
cards and weeks always what the reviews make, two devices on one code at once, a forged or
replaced link, the database away while answers are written."""

from __future__ import annotations

import threading
from datetime import UTC, date, datetime, timedelta

import pytest
import sqlalchemy as sa
from fsrs import Rating

import store.db
from engine.progress.mastery import weekly_totals
from engine.progress.schedule import replay, week_of, weeks_between
from engine.quiz import QuizSettings
from engine.quiz.items import Item, Kind
from store import classroom as cr
from store import progress as pg
from store.models import Learner, LearnerReview, LearnerWeek
from store.outbox import Status
from store.review_outbox import ReviewOutbox
from tests.databases import database_away

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)  # a Monday
DAY = timedelta(days=1)


def review(seq: int, key: str = "zone:CO", rating: Rating = Rating.Good, at: datetime = T0,
           source: str = "practice") -> pg.ReviewRecord:  # fmt: skip
    kind, _, state = key.partition(":")
    return pg.ReviewRecord(seq, kind, state, int(rating), at, at.date(), source, "zone", 3.0)


def stored(db, learner_id: int) -> list[tuple]:
    with db.read() as s:
        return s.execute(
            sa.select(LearnerReview.device, LearnerReview.seq, LearnerReview.kind)
            .where(LearnerReview.learner_id == learner_id)
            .order_by(LearnerReview.id)
        ).all()


def caches(db, learner_id: int) -> tuple[dict, dict]:
    """The learner's cards and weeks as stored."""
    cards = pg.learner_states(db, learner_id)
    weeks = pg.learner_weeks(db, [learner_id], date(2000, 1, 1))[learner_id]
    return cards, weeks


def assert_derived(db, learner_id: int) -> None:
    """Cards and weeks are exactly what every stored review makes."""
    with db.read() as s:
        rows = s.execute(
            sa.select(LearnerReview.kind, LearnerReview.state, LearnerReview.rating,
                      LearnerReview.answered_at)
            .where(LearnerReview.learner_id == learner_id)
            .order_by(LearnerReview.answered_at, LearnerReview.id)
        ).all()  # fmt: skip
    histories: dict[Item, list] = {}
    for kind, state, rating, at in rows:
        histories.setdefault(Item(Kind(kind), state), []).append((Rating(rating), at))
    cards, weeks = caches(db, learner_id)
    assert cards == {i: replay(h) for i, h in histories.items()}
    span = weeks_between(week_of(rows[0].answered_at), week_of(rows[-1].answered_at))
    expected = weekly_totals(histories, span)
    assert weeks.keys() == expected.keys()
    for key, total in expected.items():
        assert weeks[key] == pytest.approx(total, abs=1e-9), key


# --- codes and tokens -----------------------------------------------------------------------


def test_a_progress_has_a_short_code_and_a_long_token_stored_hashed(db):
    made = pg.create_learner(db, now=T0)
    assert len(made.learner.code) == 6 and len(made.token) >= 22
    with db.read() as s:
        row = s.get(Learner, made.learner.id)
        assert row.token_hash != made.token and made.token not in row.token_hash
    assert pg.open_learner(db, made.learner.code.lower(), made.token) == made.learner
    again = pg.create_learner(db, token=made.token)  # the same press, again
    assert again.learner == made.learner


@pytest.mark.parametrize(
    ("code", "token", "refusal", "values"),
    [
        ("K7PQ", "x", "not_a_code", {"typed": "K7PQ", "length": 6}),
        ("22222Z", "x", "no_such_code", {"progress": "22222Z"}),
        (None, "x", "not_a_code", {"typed": "", "length": 6}),
    ],
)
def test_a_bad_code_is_refused_with_its_code(sqlite_db, code, token, refusal, values):
    with pytest.raises(pg.NotFound) as refused:
        pg.open_learner(sqlite_db, code, token)
    assert (refused.value.code, dict(refused.value.values)) == (refusal, values)


def test_a_forged_cut_or_replaced_token_opens_nothing_and_changes_nothing(db):
    ana, ben = pg.create_learner(db), pg.create_learner(db)
    for token in ("", "forged-token-forged-token", ana.token[:-3], ben.token):
        with pytest.raises(pg.NotFound, match="forged"):
            pg.open_learner(db, ana.learner.code, token)
    fresh = pg.replace_token(db, ana.learner.id, ana.token)
    with pytest.raises(pg.NotFound):
        pg.open_learner(db, ana.learner.code, ana.token)  # the old link: expired
    assert pg.open_learner(db, ana.learner.code, fresh) == ana.learner
    with pytest.raises(pg.NotFound, match="replaced"):
        pg.replace_token(db, ana.learner.id, ana.token)
    assert stored(db, ana.learner.id) == []


# --- histories ------------------------------------------------------------------------------


def test_a_retried_write_is_stored_once_and_the_card_is_the_replayed_history(db):
    learner = pg.create_learner(db).learner
    batch = [review(1, at=T0), review(2, "capital:CA", Rating.Again, T0 + timedelta(minutes=1))]
    assert pg.record_reviews(db, learner.id, "dev-a", batch).written == 2
    report = pg.record_reviews(db, learner.id, "dev-a", batch)
    assert (report.written, report.duplicates) == (0, 2)
    pg.record_reviews(db, learner.id, "dev-a", [review(3, at=T0 + 3 * DAY)])
    cards = pg.learner_states(db, learner.id)
    assert cards[Item.parse("zone:CO")] == replay([(Rating.Good, T0), (Rating.Good, T0 + 3 * DAY)])
    assert cards[Item.parse("capital:CA")].lapses == 1
    assert len(stored(db, learner.id)) == 3
    assert_derived(db, learner.id)


def test_weeks_without_practice_are_filled_and_a_late_batch_rebuilds(db):
    learner = pg.create_learner(db).learner
    pg.record_reviews(db, learner.id, "a", [review(1, at=T0)])
    pg.record_reviews(db, learner.id, "a", [review(2, "zone:UT", at=T0 + 21 * DAY)])  # 3 weeks on
    assert_derived(db, learner.id)
    late = pg.record_reviews(db, learner.id, "b", [review(1, "borders:TN", Rating.Again, T0 + DAY)])
    assert late.rebuilt
    assert_derived(db, learner.id)
    weeks = pg.learner_weeks(db, [learner.id], date(2025, 3, 10))[learner.id]
    assert {w for w, _ in weeks} == {date(2025, 3, 10), date(2025, 3, 17), date(2025, 3, 24)}


def test_a_rebuild_after_history_rows_moved_in_time(db):
    """How the browser test moves the clock: it moves the stored times, then rebuilds."""
    learner = pg.create_learner(db).learner
    pg.record_reviews(db, learner.id, "a", [review(1, at=T0), review(2, "zone:UT", at=T0)])
    with db.write() as s:
        s.execute(
            sa.update(LearnerReview)
            .where(LearnerReview.learner_id == learner.id)
            .values(answered_at=T0 - 10 * DAY)
        )
    pg.rebuild(db, learner.id)
    assert pg.learner_states(db, learner.id)[Item.parse("zone:CO")].due == T0 - 8 * DAY
    assert_derived(db, learner.id)


def test_two_devices_on_one_code_at_once_lose_nothing_and_clash_nowhere(db_url):
    base = store.db.database(db_url)
    base.ready()
    learner = pg.create_learner(base).learner
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def device(name: str, keys: list[str]) -> None:
        db = store.db.Database(db_url)  # a server of its own
        try:
            for seq in range(1, 16):
                key = keys[seq % len(keys)]
                at = T0 + timedelta(minutes=seq, seconds=len(name))
                barrier.wait()  # both devices answer at the same moment, every time
                pg.record_reviews(db, learner.id, name, [review(seq, key, Rating.Good, at)])
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)
            barrier.abort()
        finally:
            db.dispose()

    threads = [
        threading.Thread(target=device, args=("phone", ["zone:CO", "capital:CO"])),
        threading.Thread(target=device, args=("laptop", ["zone:CO", "borders:TN"])),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(stored(base, learner.id)) == 30
    assert pg.learner_states(base, learner.id)[Item.parse("zone:CO")].reviews == 14
    assert_derived(base, learner.id)


# --- the outbox: the database away ----------------------------------------------------------


def test_reviews_wait_for_a_progress_then_while_the_database_is_away_and_go_once(db_url):
    quick = db_url + "?timeout=0.5" if db_url.startswith("sqlite") else db_url  # the lock's wait
    db = store.db.database(quick)
    db.ready()
    clock = [0.0]
    box = ReviewOutbox(clock=lambda: clock[0])
    box.add(lambda seq: review(seq))  # answered before "Keep my progress"
    assert box.flush(db) is Status.SAVED and box.pending  # no learner yet: it waits
    learner = pg.create_learner(db).learner
    box.student_id = learner.id
    with database_away(db_url):
        box.add(lambda seq: review(seq, "capital:CO", at=T0 + timedelta(minutes=1)))
        assert box.flush(db) is Status.WAITING and len(box.pending) == 2
        clock[0] += 60
        assert box.flush(db) is Status.WAITING
    clock[0] += 60
    assert box.flush(db) is Status.SAVED and not box.pending
    assert [seq for _, seq, _ in stored(db, learner.id)] == [1, 2]
    box.flush(db, force=True)
    assert len(stored(db, learner.id)) == 2
    assert_derived(db, learner.id)


def test_a_deleted_learner_stops_the_outbox(sqlite_db):
    learner = pg.create_learner(sqlite_db).learner
    with sqlite_db.write() as s:
        s.execute(sa.delete(Learner).where(Learner.id == learner.id))
    box = ReviewOutbox(student_id=learner.id)
    box.add(lambda seq: review(seq))
    assert box.flush(sqlite_db) is Status.GONE and box.stopped


# --- class students -------------------------------------------------------------------------


def test_a_class_student_is_linked_once_and_the_class_lists_its_learners(db):
    made = cr.create_assignment(
        db, title="Zones", drill="zones", settings=QuizSettings(modes=("zone",), n=3)
    )
    ana, _ = cr.join(db, made.assignment.code, "Ana")
    ben, _ = cr.join(db, made.assignment.code, "Ben")
    first, second = pg.create_learner(db).learner, pg.create_learner(db).learner
    assert pg.link_student(db, ana.id, first.id) == first.id
    assert pg.link_student(db, ana.id, second.id) == first.id  # the first link stays
    listed = pg.class_learners(db, made.assignment.id)
    assert [(c.name, c.learner) for c in listed] == [("Ana", first), ("Ben", None)]
    assert pg.learner_of_student(db, ana.id) == first
    cr.delete_assignment(db, made.assignment.id)
    assert pg.learner_by_id(db, first.id) == first  # the progress is the learner's own


def test_a_bad_source_writes_nothing(sqlite_db):
    learner = pg.create_learner(sqlite_db).learner
    with pytest.raises(ValueError, match="unknown source"):
        pg.record_reviews(sqlite_db, learner.id, "a", [review(1, source="exam")])
    assert stored(sqlite_db, learner.id) == []
    with sqlite_db.read() as s:
        assert s.scalar(sa.select(sa.func.count()).select_from(LearnerWeek)) == 0
