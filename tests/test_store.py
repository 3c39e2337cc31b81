"""The store on a fresh SQLite file and on a fresh PostgreSQL database: where the database is,
migrations from empty, races between servers (real threads and processes), and the classroom's
writes (once each, refused when they must be, kept while the database is away)."""

from __future__ import annotations

import re
import threading
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

import store.db
from engine.quiz import QuizSettings
from store import classroom as cr
from store import codes, schema
from store.clock import now_utc
from store.db import Database, Unavailable, database_url, normalize_url
from store.models import Answer, Assignment, Base, Student
from store.outbox import Outbox, Status
from tests.conftest import ROOT
from tests.databases import database_away
from ui.classroom.errors import worded

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


def record(seq: int, question: int | None = None, *, attempt: int = 1, right: bool = True,
           response: object = "CO", states: tuple[str, ...] = ("CO",), at: datetime | None = None,
           finished: bool = False) -> cr.AnswerRecord:  # fmt: skip
    question = question or seq
    return cr.AnswerRecord(
        seq=seq, question=question, attempt=attempt, qid=f"zone:{states[0]}", mode="zone",
        prompt=f"Question {question}", states=states, response=response,
        given=str(response), correct_answer="Mountain", outcome="right" if right else "wrong",
        seconds=3.5, answered_at=at or T0 + timedelta(seconds=seq), finished=finished,
    )  # fmt: skip


def new_assignment(db: Database, **kw) -> cr.NewAssignment:
    settings = QuizSettings(modes=("zone",), n=4, seed=1)
    return cr.create_assignment(db, title="Zones", drill="zones", settings=settings, **kw)


def count(db: Database, model) -> int:
    with db.read() as s:
        return s.scalar(sa.select(sa.func.count()).select_from(model))


# --- where the database is ------------------------------------------------------------------


def test_the_url_comes_from_the_environment_then_the_secrets_then_the_sqlite_file():
    secrets = {"connections": {"geoplunge": {"url": "postgresql://u:pw@db.example.org/class"}}}
    env = {"GEOPLUNGE_DATABASE_URL": "sqlite:///elsewhere.sqlite3"}
    assert database_url(secrets, env) == store.db.Location(
        env["GEOPLUNGE_DATABASE_URL"], "environment"
    )
    assert database_url(secrets, {}).source == "secrets"
    default = database_url({"connections": {}}, {})
    assert default.source == "default"
    assert default.url.endswith("/data/geoplunge.sqlite3")
    assert default.describe() == "a SQLite file on this server"


def test_hosted_postgres_urls_use_psycopg_3_and_a_page_names_only_the_kind_of_database():
    hosted = "u:secret@db.example.org:6543/class"
    for raw in (f"postgres://{hosted}", f"postgresql://{hosted}"):
        assert normalize_url(raw).drivername == "postgresql+psycopg"
        assert store.db.Location(raw, "secrets").describe() == "PostgreSQL"
    sqlite = store.db.Location("sqlite:////srv/school/answers.sqlite3", "environment")
    assert sqlite.describe() == "a SQLite file on this server"  # no path: it names the server


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path):
    db = Database(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    with db.engine.connect() as c:
        assert c.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert c.exec_driver_sql("PRAGMA busy_timeout").scalar() == store.db.SQLITE_TIMEOUT * 1000
        assert c.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    db.dispose()


# --- migrations -----------------------------------------------------------------------------


def test_migrations_build_the_models_schema_from_empty_and_take_it_down_again(db_url):
    db = Database(db_url)
    assert schema.current(db.engine) is None
    schema.upgrade(db.engine)
    assert schema.current(db.engine) == schema.head()
    with db.engine.connect() as c:
        context = MigrationContext.configure(c, opts={"compare_type": True})
        assert compare_metadata(context, Base.metadata) == []
    schema.upgrade(db.engine)  # idempotent
    assert schema.current(db.engine) == schema.head()
    schema.downgrade(db.engine)
    assert set(sa.inspect(db.engine).get_table_names()) <= {"alembic_version"}
    schema.upgrade(db.engine)
    assert {"class_assignment", "class_student", "class_answer"} <= set(
        sa.inspect(db.engine).get_table_names()
    )
    db.dispose()


def _versions(db: Database) -> list[str]:
    with db.engine.connect() as c:
        return list(c.execute(sa.text("SELECT version_num FROM alembic_version")).scalars())


def test_servers_starting_at_once_migrate_once_threads(db_url):
    errors: list[BaseException] = []
    barrier = threading.Barrier(6)

    def start() -> None:
        db = Database(db_url)  # a server of its own: its own engine
        try:
            barrier.wait()
            db.ready()
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            db.dispose()

    threads = [threading.Thread(target=start) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    db = Database(db_url)
    assert _versions(db) == [schema.head()]
    db.dispose()


def test_servers_starting_at_once_migrate_once_processes(db_url):
    """Two interpreters of their own, released together once each has imported the store."""
    import subprocess
    import sys

    code = (
        "import sys; import store.schema; from store.db import Database; "
        "db = Database(sys.argv[1]); print('ready', flush=True); sys.stdin.readline(); db.ready()"
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", code, db_url],
            cwd=ROOT,
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )  # fmt: skip
        for _ in range(2)
    ]
    assert [p.stdout.readline().strip() for p in procs] == ["ready"] * 2
    for p in procs:
        p.stdin.write("go\n")
        p.stdin.flush()
    assert [p.wait(60) for p in procs] == [0, 0]
    db = Database(db_url)
    assert _versions(db) == [schema.head()]
    db.dispose()


# --- assignments ----------------------------------------------------------------------------


def test_an_assignment_has_a_short_code_a_secret_seed_and_a_hashed_teacher_key(db):
    made = new_assignment(db)
    info = made.assignment
    assert len(info.code) == codes.CODE_LENGTH and set(info.code) <= set(codes.CODE_ALPHABET)
    assert not set("01ILO") & set(codes.CODE_ALPHABET)
    assert len(made.teacher_key) >= 32  # 24 random bytes: 192 bits
    assert "seed" not in info.params and info.seed != 1
    assert info.settings().seed == info.seed and info.settings().modes == ("zone",)
    with db.read() as s:
        row = s.scalar(sa.select(Assignment))
        stored = " ".join(str(getattr(row, c.key)) for c in Assignment.__table__.columns)
    assert made.teacher_key not in stored and codes.digest(made.teacher_key) in stored
    assert cr.find_assignment(db, info.code.lower()[:3] + " " + info.code[3:]).id == info.id
    assert cr.assignment_for_key(db, made.teacher_key).id == info.id
    assert repr(info).count(str(info.seed)) == 0


@pytest.mark.parametrize("code", ["", "ABC", "OOOOOO", "ZZZZZZZZZ", "<b>hi</b>"])
def test_a_bad_or_unknown_code_is_refused_with_a_sentence(sqlite_db, code):
    new_assignment(sqlite_db)
    with pytest.raises(cr.NotFound) as refused:
        cr.find_assignment(sqlite_db, code)
    assert refused.value.code in ("not_a_code", "unknown_code")
    assert re.search("class code|No class assignment", worded(refused.value))
    with pytest.raises(cr.NotFound) as refused:
        cr.find_assignment(sqlite_db, "ZZZZZZ")
    assert refused.value.code == "unknown_code" and refused.value.values == {"code": "ZZZZZZ"}


@pytest.mark.parametrize("key", ["", "nope", "x" * 32])
def test_a_wrong_teacher_key_opens_nothing(sqlite_db, key):
    new_assignment(sqlite_db)
    with pytest.raises(cr.NotFound) as refused:
        cr.assignment_for_key(sqlite_db, key)
    assert "opens no assignment" in worded(refused.value)


def test_a_closing_time_in_the_past_or_a_missing_title_is_refused(db):
    with pytest.raises(cr.ClassroomError) as refused:
        new_assignment(db, closes_at=now_utc() - timedelta(minutes=1))
    assert refused.value.code == "closing_past" and "already past" in worded(refused.value)
    with pytest.raises(cr.ClassroomError) as refused:
        cr.create_assignment(db, title="   ", drill="zones", settings=QuizSettings(modes=("zone",)))
    assert refused.value.code == "title_empty" and "title" in worded(refused.value)
    assert count(db, Assignment) == 0


# --- students -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("  <b>Ana</b> <script>x</script> ", "<b>Ana</b> <script>x</script>"),
        ("Zoë 🦊  Ōkubo", "Zoë 🦊 Ōkubo"),
        ("李小龍", "李小龍"),
        ("x" * 40, "x" * 40),
    ],
)
def test_names_in_any_script_are_kept_as_typed(sqlite_db, typed, stored):
    info = new_assignment(sqlite_db).assignment
    student, token = cr.join(sqlite_db, info.code, typed)
    assert student.name == stored
    assert len(token) >= 22  # 16 random bytes: 128 bits
    assert cr.resume(sqlite_db, info.code, token)[1].name == stored


@pytest.mark.parametrize(
    ("typed", "said"),
    [("", "Type your name"), ("   \t ", "Type your name"), ("x" * 10_000, "10,000"),
     ("x" * 41, "at most 40"), ("Al\x00ice", "control")],
)  # fmt: skip
def test_bad_names_are_refused_and_nothing_is_written(sqlite_db, typed, said):
    info = new_assignment(sqlite_db).assignment
    with pytest.raises(cr.ClassroomError) as refused:
        cr.join(sqlite_db, info.code, typed)
    assert said in worded(refused.value)
    assert count(sqlite_db, Student) == 0


def test_a_forged_token_or_one_of_another_class_resumes_nothing(db):
    a, b = new_assignment(db).assignment, new_assignment(db).assignment
    _, token = cr.join(db, a.code, "Ana")
    for forged in ("", "A" * 22, token[:-1], token + "x"):
        with pytest.raises(cr.NotFound) as refused:
            cr.resume(db, a.code, forged)
        assert refused.value.code == "bad_resume" and refused.value.values == {"code": a.code}
    with pytest.raises(cr.NotFound) as refused:
        cr.resume(db, b.code, token)
    assert "not one of class" in worded(refused.value)


def test_a_closed_assignment_takes_no_new_student(db):
    info = new_assignment(db).assignment
    cr.close_assignment(db, info.id)
    with pytest.raises(cr.Closed) as refused:
        cr.join(db, info.code, "Late Larry")
    assert refused.value.values["title"] == info.title and "closed" in worded(refused.value)
    assert count(db, Student) == 0


# --- answers --------------------------------------------------------------------------------


def test_a_retried_write_is_stored_once_and_a_different_answer_is_a_conflict(db):
    info = new_assignment(db).assignment
    student, _ = cr.join(db, info.code, "Ana")
    batch = [record(1), record(2, right=False, response="Pacific")]
    assert cr.record_answers(db, student.id, batch) == cr.WriteReport(written=2)
    again = cr.record_answers(db, student.id, [*batch, record(3, finished=True)])
    assert (again.written, again.duplicates, again.conflict) == (1, 2, False)
    assert count(db, Answer) == 3
    other = cr.record_answers(db, student.id, [record(3, response="Eastern")])
    assert other.conflict and count(db, Answer) == 3
    _, me, answers = cr.resume(db, info.code, _)
    assert [a.seq for a in answers] == [1, 2, 3] and answers[1].response == "Pacific"
    assert me.finished_at == record(3).answered_at


def test_twenty_threads_racing_to_write_one_answer_store_one_row(db):
    info = new_assignment(db).assignment
    student, _ = cr.join(db, info.code, "Ana")
    barrier = threading.Barrier(20)
    reports: list[cr.WriteReport] = []

    def write() -> None:
        barrier.wait()
        reports.append(cr.record_answers(db, student.id, [record(1)]))

    threads = [threading.Thread(target=write) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(reports) == 20
    assert sum(r.written for r in reports) == 1
    assert sum(r.duplicates for r in reports) == 19
    assert count(db, Answer) == 1


def test_answers_checked_before_closing_count_later_ones_are_refused(db):
    info = new_assignment(db).assignment
    student, _ = cr.join(db, info.code, "Ana", now=T0 - timedelta(minutes=5))
    cr.close_assignment(db, info.id, now=T0 + timedelta(seconds=2, milliseconds=500))
    report = cr.record_answers(db, student.id, [record(1), record(2), record(3), record(4)])
    assert (report.written, report.refused) == (2, 2)
    assert count(db, Answer) == 2


def test_deleting_an_assignment_deletes_every_answer(db):
    keep = new_assignment(db).assignment
    gone = new_assignment(db).assignment
    for info in (keep, gone):
        for name in ("Ana", "Ben"):
            student, _ = cr.join(db, info.code, name)
            cr.record_answers(db, student.id, [record(1), record(2)])
    assert cr.delete_assignment(db, gone.id) == 4
    assert (count(db, Assignment), count(db, Student), count(db, Answer)) == (1, 2, 4)
    with pytest.raises(cr.NotFound):
        cr.find_assignment(db, gone.code)
    late = cr.record_answers(db, student.id, [record(3)])
    assert late.gone and count(db, Answer) == 4


# --- the database goes away -----------------------------------------------------------------


def test_the_outbox_keeps_answers_while_the_database_is_away_and_writes_them_once(db_url):
    if db_url.startswith("sqlite"):
        db_url += "?timeout=0.2"  # the lock below lasts; do not wait 5 s for each try
    db = store.db.database(db_url)
    info = new_assignment(db).assignment
    student, token = cr.join(db, info.code, "Ana")
    now = [0.0]
    box = Outbox(student.id, clock=lambda: now[0])
    box.add(lambda seq: record(seq))
    assert box.flush(db) is Status.SAVED
    with database_away(db_url):
        for _ in range(3):
            box.add(lambda seq: record(seq))
            assert box.flush(db) is Status.WAITING
            now[0] += 60
        assert [r.seq for r in box.pending] == [2, 3, 4] and box.failures == 3
        with pytest.raises(Unavailable):
            cr.record_answers(db, student.id, [record(9)])
    box.add(lambda seq: record(seq, finished=True))
    assert box.flush(db) is Status.SAVED and box.pending == [] and box.saved == 5
    _, me, answers = cr.resume(db, info.code, token)
    assert [a.seq for a in answers] == [1, 2, 3, 4, 5] and me.finished_at is not None
    assert box.flush(db, force=True) is Status.SAVED  # nothing pending: nothing written
    assert count(db, Answer) == 5
    store.db.forget(db_url)


def test_the_outbox_waits_before_trying_again(db):
    info = new_assignment(db).assignment
    student, _ = cr.join(db, info.code, "Ana")
    now = [100.0]
    box = Outbox(student.id, clock=lambda: now[0])
    box.add(lambda seq: record(seq))
    box.retry_at, box.status = 102.0, Status.WAITING  # as after a failed try
    assert box.flush(db) is Status.WAITING and box.pending  # not due: not tried
    now[0] = 102.0
    assert box.flush(db) is Status.SAVED and count(db, Answer) == 1


def test_the_outbox_stops_once_the_assignment_is_closed_or_deleted(db):
    info = new_assignment(db).assignment
    student, _ = cr.join(db, info.code, "Ana")
    box = Outbox(student.id)
    cr.close_assignment(db, info.id)
    box.add(lambda seq: record(seq, at=now_utc() + timedelta(seconds=1)))
    assert box.flush(db) is Status.CLOSED and box.refused == 1
    assert box.add(lambda seq: record(seq)) is None
    cr.delete_assignment(db, info.id)
    gone = Outbox(student.id)
    gone.add(lambda seq: record(seq))
    assert gone.flush(db) is Status.GONE and count(db, Answer) == 0


# --- one press, one row (issue 18, item 8) --------------------------------------------------


def _race(target, n: int = 12) -> list:
    """``target(i)`` in ``n`` threads released together; their results (or errors)."""
    barrier = threading.Barrier(n)
    results: list = [None] * n

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = target(i)
        except Exception as error:  # noqa: BLE001 - returned to the test
            results[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_a_double_click_on_create_makes_one_assignment_whatever_the_timing(db_url):
    """Twelve servers (an engine each) press "Create" with the key the form drew once."""
    key = codes.new_token(codes.KEY_BYTES)
    dbs = [Database(db_url) for _ in range(12)]
    made = _race(lambda i: new_assignment(dbs[i], teacher_key=key))
    assert all(isinstance(m, cr.NewAssignment) for m in made), made
    assert {m.assignment.id for m in made} == {made[0].assignment.id}
    assert {m.teacher_key for m in made} == {key}
    assert count(dbs[0], Assignment) == 1
    assert cr.assignment_for_key(dbs[0], key).id == made[0].assignment.id
    assert new_assignment(dbs[0]).assignment.id != made[0].assignment.id  # a new form: a new one
    for db in dbs:
        db.dispose()


def test_a_double_click_on_start_the_quiz_makes_one_student_whatever_the_timing(db_url):
    dbs = [Database(db_url) for _ in range(12)]
    info = new_assignment(dbs[0]).assignment
    token = codes.new_token()
    joined = _race(lambda i: cr.join(dbs[i], info.code, "Ana", token=token))
    assert all(isinstance(j, tuple) for j in joined), joined
    assert {student.id for student, _ in joined} == {joined[0][0].id}
    assert {t for _, t in joined} == {token}
    assert count(dbs[0], Student) == 1
    assert cr.resume(dbs[0], info.code, token)[1].name == "Ana"
    for db in dbs:
        db.dispose()


# --- one name per student (item 10) and names nobody can read (item 13) ---------------------


@pytest.mark.parametrize("again", ["ana", "  ANA ", "Ａｎａ", "Ana\u200b", "A\u00adna"])
def test_a_name_already_in_the_class_is_refused_in_words(db, again):
    info = new_assignment(db).assignment
    cr.join(db, info.code, "Ana")
    with pytest.raises(cr.NameTaken) as refused:
        cr.join(db, info.code, again)
    assert refused.value.code == "name_taken" and refused.value.values == {"name": "Ana"}
    assert worded(refused.value) == (
        "Ana is already in this class: open your resume link, or add your initial."
    )
    assert count(db, Student) == 1
    assert cr.join(db, info.code, "Ana B.")[0].name == "Ana B."
    other = new_assignment(db).assignment
    assert cr.join(db, other.code, "ana")[0].name == "ana"  # another class: another roster


def test_two_students_racing_for_one_name_get_one_row(db_url):
    """Different forms (different tokens), the same name, at the same moment: the unique index
    lets one in; the others are told the name is taken."""
    dbs = [Database(db_url) for _ in range(8)]
    info = new_assignment(dbs[0]).assignment
    joined = _race(lambda i: cr.join(dbs[i], info.code, "Zoë" if i % 2 else "zoë "), n=8)
    students = [j for j in joined if isinstance(j, tuple)]
    assert len(students) == 1, joined
    assert all(isinstance(j, cr.NameTaken) for j in joined if not isinstance(j, tuple)), joined
    assert count(dbs[0], Student) == 1
    for db in dbs:
        db.dispose()


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("\u200b\u200b", "invisible"),
        ("\u200d\u2060\ufeff", "invisible"),
        ("\u3164", "invisible"),
        ("\u0301\u0301", "invisible"),
        ("\u202eanA", "override"),
        ("Ana \u2067Bob\u2069", "override"),
        ("\u202aAna", "override"),
    ],
)
def test_invisible_names_and_bidirectional_overrides_are_refused(sqlite_db, typed, said):
    info = new_assignment(sqlite_db).assignment
    with pytest.raises(cr.ClassroomError) as refused:
        cr.join(sqlite_db, info.code, typed)
    assert refused.value.code == f"name_{said}" and said in worded(refused.value)
    with pytest.raises(cr.ClassroomError) as refused:
        cr.create_assignment(
            sqlite_db, title=typed, drill="zones", settings=QuizSettings(modes=("zone",))
        )
    assert refused.value.code == f"title_{said}" and said in worded(refused.value)
    assert count(sqlite_db, Student) == 0


@pytest.mark.parametrize("name", ["👩\u200d🔬 Ana", "مهر\u200cناز", "Zoë 🦊"])
def test_joiners_inside_a_name_are_welcome(sqlite_db, name):
    """Zero-width joiners belong to emoji and to Persian spelling: only a name of nothing but
    invisible characters is refused."""
    info = new_assignment(sqlite_db).assignment
    assert cr.join(sqlite_db, info.code, name)[0].name == name


def test_the_name_migration_keeps_every_student_and_answer_even_old_duplicates(db_url):
    """0003 adds the unique name key to a class that already has "Ana" and "ana ": both keep
    their rows and answers (SQLite's table is not rebuilt, which would cascade-delete them);
    a third "ANA" is refused from then on."""
    db = Database(db_url)
    schema.upgrade(db.engine, "0002")
    now = T0.isoformat(" ") if db.dialect == "sqlite" else T0
    with db.engine.begin() as c:
        assignment = c.execute(
            sa.text(
                "INSERT INTO class_assignment (code, title, drill, settings, seed, questions, "
                "teacher_key_hash, created_at) VALUES ('ABCDEF', 'Old', 'zones', "
                '\'{"mode": "zone", "n": "4"}\', 5, 4, \'k\', :now) RETURNING id'
            ),
            {"now": now},
        ).scalar()
        for name in ["Ana", "ana ", "Ben"]:
            i = c.execute(
                sa.text(
                    "INSERT INTO class_student (assignment_id, name, token_hash, started_at) "
                    "VALUES (:a, :name, :t, :now) RETURNING id"
                ),
                {"a": assignment, "name": name, "t": f"t-{name}", "now": now},
            ).scalar()
            c.execute(
                sa.text(
                    "INSERT INTO class_answer (student_id, seq, question, attempt, qid, mode, "
                    "prompt, states, response, given, correct_answer, outcome, answered_at) "
                    "VALUES (:i, 1, 1, 1, 'zone:CO', 'zone', 'Q', 'CO', '\"CO\"', 'CO', "
                    "'Mountain', 'right', :now)"
                ),
                {"i": i, "now": now},
            )
    schema.upgrade(db.engine)
    assert (count(db, Student), count(db, Answer)) == (3, 3)
    with pytest.raises(cr.NameTaken) as refused:
        cr.join(db, "ABCDEF", "ANA")
    assert "Ana is already in this class" in worded(refused.value)
    assert cr.join(db, "ABCDEF", "Cy")[0].name == "Cy"
    db.dispose()


# --- a conflicting outbox batch (item 11) ---------------------------------------------------


def test_two_tabs_offline_then_back_store_one_history_and_nothing_after_the_clash(db_url):
    """One resume link open in two tabs while the database is away: both outboxes queue
    answers. Back online, tab A's three answers are written; tab B's batch has the same
    first answer, then a different second one: B writes nothing at or after that step, so
    the stored history is A's alone (B's fourth answer would be replayed onto a question A
    never saw)."""
    if db_url.startswith("sqlite"):
        db_url += "?timeout=0.2"  # the lock below lasts; do not wait 5 s for each try
    db = store.db.database(db_url)
    info = new_assignment(db).assignment
    student, token = cr.join(db, info.code, "Ana")
    tab_a, tab_b = Outbox(student.id), Outbox(student.id)
    with database_away(db_url):
        for response in ("CO", "Pacific", "Eastern"):
            tab_a.add(lambda seq, r=response: record(seq, response=r))
            assert tab_a.flush(db, force=True) is Status.WAITING
        for response in ("CO", "Alaska", "Hawaii", "Central"):
            tab_b.add(lambda seq, r=response: record(seq, response=r))
            assert tab_b.flush(db, force=True) is Status.WAITING
    assert tab_a.flush(db, force=True) is Status.SAVED and tab_a.saved == 3
    assert tab_b.flush(db, force=True) is Status.CONFLICT and tab_b.pending == []
    assert tab_b.saved == 1  # its first answer was A's first: a duplicate, not a clash
    _, _, answers = cr.resume(db, info.code, token)
    assert [(a.seq, a.response) for a in answers] == [(1, "CO"), (2, "Pacific"), (3, "Eastern")]
    store.db.forget(db_url)


def test_a_batch_is_written_up_to_its_first_clash_only(db):
    info = new_assignment(db).assignment
    student, _ = cr.join(db, info.code, "Ana")
    cr.record_answers(db, student.id, [record(1), record(2, response="Pacific")])
    report = cr.record_answers(
        db, student.id, [record(4), record(1), record(3), record(2, response="Alaska")]
    )
    assert (report.written, report.duplicates, report.conflict) == (0, 1, True)
    assert count(db, Answer) == 2


# --- the teacher key (item 9), reopening (item 10) ------------------------------------------


def test_a_new_teacher_key_is_shown_once_and_the_old_one_opens_nothing(db):
    made = new_assignment(db)
    old = made.teacher_key
    new = cr.new_teacher_key(db, made.assignment.id, old)
    assert new != old and len(new) >= 32
    assert cr.assignment_for_key(db, new).id == made.assignment.id
    with pytest.raises(cr.NotFound) as refused:
        cr.assignment_for_key(db, old)
    assert refused.value.code == "bad_key"
    with db.read() as s:
        stored = s.scalar(sa.select(Assignment.teacher_key_hash))
    assert stored == codes.digest(new)
    with pytest.raises(cr.NotFound) as refused:
        cr.new_teacher_key(db, made.assignment.id, old)  # the old key cannot make another
    assert "no longer opens" in worded(refused.value)
    other = new_assignment(db)
    with pytest.raises(cr.NotFound):
        cr.new_teacher_key(db, other.assignment.id, new)  # nor a key of another assignment


def test_a_closed_assignment_can_be_reopened(db):
    info = new_assignment(db).assignment
    student, _ = cr.join(db, info.code, "Ana")
    closed = cr.close_assignment(db, info.id)
    assert not closed.is_open()
    opened = cr.reopen_assignment(db, info.id)
    assert opened.is_open() and opened.closes_at is None
    assert cr.join(db, info.code, "Ben")[0].name == "Ben"
    late = record(1, at=now_utc())
    assert cr.record_answers(db, student.id, [late]).written == 1
    cr.delete_assignment(db, info.id)
    with pytest.raises(cr.NotFound):
        cr.reopen_assignment(db, info.id)


# --- drafts (item 14) -----------------------------------------------------------------------


def draft(seq: int, value: object, qid: str = "zone:CO") -> cr.DraftRecord:
    return cr.DraftRecord(seq, qid, value, T0)


def test_a_draft_is_each_students_own_and_the_newest_one_counts(db):
    info = new_assignment(db).assignment
    ana, _ = cr.join(db, info.code, "Ana")
    ben, _ = cr.join(db, info.code, "Ben")
    assert cr.draft_for(db, ana.id) is None
    assert cr.save_draft(db, ana.id, draft(1, {"picked": ["CO"]}))
    assert cr.save_draft(db, ben.id, draft(3, {"one": "Pacific"}, "zone:OR"))
    assert cr.save_draft(db, ana.id, draft(1, {"picked": ["CO", "UT"]}))
    assert cr.draft_for(db, ana.id).value == {"picked": ["CO", "UT"]}
    assert cr.draft_for(db, ben.id) == draft(3, {"one": "Pacific"}, "zone:OR")
    cr.delete_assignment(db, info.id)
    assert cr.draft_for(db, ana.id) is None
    assert not cr.save_draft(db, ana.id, draft(1, {"picked": []}))  # the student is gone


def test_the_outbox_writes_a_draft_when_it_changes_and_keeps_it_while_the_database_is_away(
    db_url,
):
    if db_url.startswith("sqlite"):
        db_url += "?timeout=0.2"
    db = store.db.database(db_url)
    info = new_assignment(db).assignment
    student, _ = cr.join(db, info.code, "Ana")
    now = [0.0]
    box = Outbox(student.id, clock=lambda: now[0])
    box.hold_draft(draft(1, {"picked": ["CO"]}))
    assert box.flush(db) is Status.SAVED and box.draft is None
    box.hold_draft(draft(1, {"picked": ["CO"]}))  # unchanged: nothing to write
    assert box.draft is None
    box.hold_draft(draft(2, {"picked": ["UT"]}))  # not the step to answer next: ignored
    assert box.draft is None
    with database_away(db_url):
        box.hold_draft(draft(1, {"picked": ["CO", "UT"]}))
        assert box.flush(db) is Status.SAVED  # a draft waiting is not an answer waiting
        assert box.draft is not None and box.draft_failures == 1 and box.failures == 0
    now[0] += 60
    assert box.flush(db) is Status.SAVED and box.draft is None
    assert cr.draft_for(db, student.id).value == {"picked": ["CO", "UT"]}
    box.hold_draft(draft(1, {"picked": ["NM"]}))
    box.add(lambda seq: record(seq))  # the step is answered: its draft is not written
    assert box.draft is None
    assert box.flush(db) is Status.SAVED
    assert cr.draft_for(db, student.id).value == {"picked": ["CO", "UT"]}
    store.db.forget(db_url)
