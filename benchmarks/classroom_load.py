"""A class answering at once: 40 students, 10 answers each, on SQLite and on PostgreSQL.

    PYTHONPATH=. python benchmarks/classroom_load.py [--students 40] [--answers 10]
        [--postgres URL] [--only sqlite|postgresql]

Each student is a thread of one process (as the sessions of one app server are): it joins the
assignment, then answers its quiz one question after another with no pause, each answer going
through the app's own write path (``ui.classroom.student.answer_record`` → ``store.outbox.Outbox`` →
``store.classroom.record_answers``, one transaction per answer). All students start together
(a barrier): the worst case of a class pressing "Check" at the same moment.

Printed per database: answers per second (all answers / wall time), the write latency of one
answer (p50, p95, max), answers that had to wait in the outbox (a write refused by a lock or an
error, written at a later try), and **lost writes**: answers checked but missing from the
database at the end, or stored twice (must be 0).

SQLite: a fresh file in a temporary folder (WAL, the app's busy timeout). PostgreSQL: a fresh
database made on the server of ``--postgres`` (default ``GEOPLUNGE_TEST_DATABASE_URL``) and
dropped afterwards; skipped when neither is given.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sqlalchemy as sa  # noqa: E402

from benchmarks._machine import machine  # noqa: E402
from engine.quiz import QuizRun, QuizSettings  # noqa: E402
from store import classroom as cr  # noqa: E402
from store.db import Database, normalize_url  # noqa: E402
from store.models import Answer  # noqa: E402
from store.outbox import Outbox  # noqa: E402
from ui.classroom.student import answer_record  # noqa: E402
from ui.quiz.session import QuizView  # noqa: E402

WRONG_SHARE = 0.3  #: answers given wrong on purpose (they come back later in the run)


def student(db: Database, code: str, number: int, answers: int, barrier: threading.Barrier,
            latencies: list[float], waited: list[int], checked: list[int]) -> None:  # fmt: skip
    rng = random.Random(number)
    info, _ = cr.join(db, code, f"Student {number}")
    assignment = cr.find_assignment(db, code)
    view = QuizView(assignment.drill, QuizRun(assignment.settings()), {}, [], key="bench")
    box = Outbox(info.id)
    barrier.wait()
    for _ in range(answers):
        q = view.run.current
        if q is None:
            break
        wrong = [c for c in q.choices if c != q.answer]
        response = rng.choice(wrong) if wrong and rng.random() < WRONG_SHARE else q.answer
        view.run.answer(response, seconds=1.0)
        box.add(lambda seq, r=response: answer_record(view, r, seq))
        start = time.perf_counter()
        box.flush(db, force=True)
        latencies.append(time.perf_counter() - start)
        if box.pending:
            waited.append(len(box.pending))
    while box.pending:  # what waited is written at a later try, as the page's status line does
        time.sleep(0.05)
        box.flush(db, force=True)
    checked.append(box.next_seq - 1)


def measure(url: str, students: int, answers: int) -> dict[str, float]:
    db = Database(url)
    db.ready()
    made = cr.create_assignment(
        db, title="Load", drill="zones", settings=QuizSettings(modes=("zone",), n=answers)
    )
    barrier = threading.Barrier(students + 1)
    latencies: list[float] = []
    waited: list[int] = []
    checked: list[int] = []
    threads = [
        threading.Thread(
            target=student,
            args=(db, made.assignment.code, i, answers, barrier, latencies, waited, checked),
        )
        for i in range(students)
    ]
    for t in threads:
        t.start()
    barrier.wait()
    start = time.perf_counter()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    with db.read() as s:
        stored = s.scalar(sa.select(sa.func.count(Answer.id)))
        distinct = s.scalar(
            sa.select(sa.func.count()).select_from(
                sa.select(Answer.student_id, Answer.seq).distinct().subquery()
            )
        )
    db.dispose()
    total = sum(checked)
    ordered = sorted(latencies)
    return {
        "answers": total,
        "per_second": total / wall,
        "p50": statistics.median(ordered) * 1000,
        "p95": ordered[int(0.95 * (len(ordered) - 1))] * 1000,
        "max": ordered[-1] * 1000,
        "waited": len(waited),
        "lost": (total - distinct) + (stored - distinct),
    }


@contextmanager
def postgres(base: str):
    name = f"geoplunge_bench_{os.getpid()}"
    admin = sa.create_engine(normalize_url(base), isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        c.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield normalize_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as c:
            c.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--answers", type=int, default=10)
    parser.add_argument("--postgres", default=os.environ.get("GEOPLUNGE_TEST_DATABASE_URL", ""))
    parser.add_argument("--only", choices=("sqlite", "postgresql"))
    args = parser.parse_args()
    print(machine())
    print(f"{args.students} students × {args.answers} answers, all at once, one process\n")
    print(f"{'database':<12}{'answers':>8}{'per s':>9}{'p50 ms':>9}{'p95 ms':>9}"
          f"{'max ms':>9}{'waited':>8}{'lost':>6}")  # fmt: skip
    results = []
    if args.only in (None, "sqlite"):
        with tempfile.TemporaryDirectory() as folder:
            url = f"sqlite:///{Path(folder) / 'load.sqlite3'}"
            results.append(("SQLite", measure(url, args.students, args.answers)))
    if args.only in (None, "postgresql"):
        if args.postgres:
            with postgres(args.postgres) as url:
                results.append(("PostgreSQL", measure(url, args.students, args.answers)))
        else:
            print("PostgreSQL skipped: give --postgres or set GEOPLUNGE_TEST_DATABASE_URL")
    for name, r in results:
        print(
            f"{name:<12}{r['answers']:>8}{r['per_second']:>9.0f}{r['p50']:>9.1f}{r['p95']:>9.1f}"
            f"{r['max']:>9.1f}{r['waited']:>8}{r['lost']:>6}"
        )
    if any(r["lost"] for _, r in results):
        raise SystemExit("lost writes!")


if __name__ == "__main__":
    main()
