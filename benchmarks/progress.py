"""Progress at a class's scale: 30 students with 10,000 stored answers each.

    PYTHONPATH=. python benchmarks/progress.py [--students 30] [--answers 10000] [--weeks 10]
        [--runs 5] [--postgres URL] [--only sqlite|postgresql]

On a fresh database: a class assignment with ``--students`` students, each linked to a
progress whose ``--answers`` reviews (random items of all nine kinds, mostly right, spread over
``--weeks`` weeks up to now) are inserted in bulk and then made into cards and weeks by
``store.progress.rebuild`` (the function a late outbox batch uses). Then, measured:

* **My progress** and **Class progress**: the server CPU of one full run of each page
  (Streamlit's AppTest runs the page script in this process; CPU time of the process, median
  and max of ``--runs`` runs after one warm-up), opened with the progress link and the teacher
  key as a browser would;
* **one answer written**: ``store.progress.record_reviews`` of one review for a learner with
  the full history, in its own transaction: wall time (median of 20), the SQL statements it
  runs and the rows they read; also the first answer of a new week (which also writes the
  weeks since the last one).

SQLite: a fresh file in a temporary folder. PostgreSQL: a fresh database made on the server of
``--postgres`` (default ``GEOPLUNGE_TEST_DATABASE_URL``) and dropped afterwards; skipped when
neither is given.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sqlalchemy as sa  # noqa: E402
from sqlalchemy import event  # noqa: E402

from benchmarks._machine import machine  # noqa: E402
from engine.quiz import QuizSettings  # noqa: E402
from engine.quiz.items import all_items  # noqa: E402
from store import classroom as cr  # noqa: E402
from store import progress as pg  # noqa: E402
from store.clock import now_utc  # noqa: E402
from store.db import Database, forget, normalize_url  # noqa: E402
from store.models import LearnerReview  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RATINGS = (1, 2, 3, 3, 3, 4, 4)  #: Again 1 in 7, Hard 1 in 7, Good 3 in 7, Easy 2 in 7


def populate(db: Database, students: int, answers: int, weeks: int) -> tuple[str, list]:
    """The class and its history; returns the teacher key and the learners (with tokens)."""
    made = cr.create_assignment(
        db, title="Benchmark class", drill="zones", settings=QuizSettings(modes=("zone",), n=5)
    )
    items = all_items()
    now = now_utc()
    span = timedelta(weeks=weeks).total_seconds()
    learners = []
    for n in range(students):
        student, _ = cr.join(db, made.assignment.code, f"Student {n + 1}")
        new = pg.create_learner(db)
        pg.link_student(db, student.id, new.learner.id)
        rng = random.Random(n)
        times = sorted(now - timedelta(seconds=rng.random() * span) for _ in range(answers))
        rows = []
        for seq, at in enumerate(times, 1):
            item = rng.choice(items)
            rows.append({
                "learner_id": new.learner.id, "device": "bench", "seq": seq,
                "kind": item.kind.value, "state": item.state, "rating": rng.choice(RATINGS),
                "answered_at": at, "day": at.date(), "source": "practice", "mode": "zone",
                "seconds": 5.0,
            })  # fmt: skip
        with db.write() as session:
            for start in range(0, len(rows), 5000):
                session.execute(sa.insert(LearnerReview), rows[start : start + 5000])
        pg.rebuild(db, new.learner.id)
        learners.append(new)
    return made.teacher_key, learners


def page_cpu(path: str, params: dict[str, str], runs: int, expect: str) -> tuple[float, float]:
    """Median and max CPU seconds of one run of a page (after a warm-up run), which must show
    ``expect``."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=120)
    at.run()
    timings = []
    for i in range(runs + 1):
        at.switch_page(path)
        for name in list(at.query_params):
            del at.query_params[name]
        for name, value in params.items():
            at.query_params[name] = value
        start = time.process_time()
        at.run()
        spent = time.process_time() - start
        assert not at.exception, at.exception
        assert any(expect in m.value for m in at.markdown), f"{path} does not show {expect!r}"
        if i:
            timings.append(spent)
    return statistics.median(timings), max(timings)


@contextmanager
def counted(db: Database):
    """Count the SQL statements run and the rows they return inside the block."""
    seen = {"statements": 0, "rows": 0}

    def before(conn, cursor, statement, parameters, context, executemany):
        seen["statements"] += 1

    def after(conn, cursor, statement, parameters, context, executemany):
        if cursor.description is not None:
            seen["rows"] += max(cursor.rowcount, 0) if db.dialect == "postgresql" else 0

    event.listen(db.engine, "before_cursor_execute", before)
    event.listen(db.engine, "after_cursor_execute", after)
    try:
        yield seen
    finally:
        event.remove(db.engine, "before_cursor_execute", before)
        event.remove(db.engine, "after_cursor_execute", after)


def one_answer(db: Database, learner_id: int) -> dict[str, float]:
    """Write one review 20 times (20 sessions' answers), then one of a new week."""
    now = now_utc()
    walls = []
    for i in range(20):
        record = pg.ReviewRecord(i + 1, "zone", "CO", 3, now, now.date(), "practice", "zone", 4.0)
        start = time.perf_counter()
        with counted(db) as seen:
            pg.record_reviews(db, learner_id, f"answer-{i}", [record])
        walls.append(time.perf_counter() - start)
    later = now + timedelta(weeks=1)
    record = pg.ReviewRecord(1, "zone", "UT", 3, later, later.date(), "practice", "zone", 4.0)
    start = time.perf_counter()
    with counted(db) as week:
        pg.record_reviews(db, learner_id, "next-week", [record])
    return {
        "p50": statistics.median(walls), "max": max(walls), "statements": seen["statements"],
        "rows": seen["rows"], "week_wall": time.perf_counter() - start,
        "week_statements": week["statements"],
    }  # fmt: skip


def bench(kind: str, url: str, args) -> None:
    db = Database(url)
    os.environ["GEOPLUNGE_DATABASE_URL"] = url
    t0 = time.perf_counter()
    key, learners = populate(db, args.students, args.answers, args.weeks)
    made = time.perf_counter() - t0
    with db.read() as s:
        total = s.scalar(sa.select(sa.func.count(LearnerReview.id)))
    me = learners[0]
    link = {"code": me.learner.code, "token": me.token}
    mine = page_cpu("pages/progress.py", link, args.runs, "due today")
    theirs = page_cpu("pages/class_progress.py", {"key": key}, args.runs, "have a progress code")
    write = one_answer(db, me.learner.id)
    print(f"\n{kind}: {args.students} students × {args.answers:,} answers = {total:,} reviews "
          f"over {args.weeks} weeks (stored and rebuilt in {made:.0f} s)")  # fmt: skip
    print(f"  My progress page:    CPU {mine[0] * 1000:.0f} ms median, {mine[1] * 1000:.0f} ms max")
    print(f"  Class progress page: CPU {theirs[0] * 1000:.0f} ms median, "
          f"{theirs[1] * 1000:.0f} ms max")  # fmt: skip
    rows = f", {write['rows']} rows read" if kind == "postgresql" else ""
    print(f"  One answer written:  {write['p50'] * 1000:.1f} ms median, "
          f"{write['max'] * 1000:.1f} ms max, one transaction of {write['statements']} "
          f"statements{rows}")  # fmt: skip
    print(f"  First answer of a new week: {write['week_wall'] * 1000:.1f} ms, "
          f"{write['week_statements']} statements")  # fmt: skip
    db.dispose()
    forget(url)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--answers", type=int, default=10_000)
    parser.add_argument("--weeks", type=int, default=10)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--postgres", default=os.environ.get("GEOPLUNGE_TEST_DATABASE_URL", ""))
    parser.add_argument("--only", choices=("sqlite", "postgresql"))
    args = parser.parse_args()
    print(machine())
    if args.only != "postgresql":
        with tempfile.TemporaryDirectory() as folder:
            bench("sqlite", f"sqlite:///{Path(folder) / 'bench.sqlite3'}", args)
    if args.only != "sqlite" and args.postgres:
        admin = sa.create_engine(normalize_url(args.postgres), isolation_level="AUTOCOMMIT")
        name = f"geoplunge_bench_{os.getpid()}"
        with admin.connect() as c:
            c.execute(sa.text(f'CREATE DATABASE "{name}"'))
        try:
            url = normalize_url(args.postgres).set(database=name)
            bench("postgresql", url.render_as_string(hide_password=False), args)
        finally:
            with admin.connect() as c:
                c.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            admin.dispose()


if __name__ == "__main__":
    main()
