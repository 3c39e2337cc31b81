"""Class assignments: create one, find it by its code or its teacher key, join it, resume it,
record answers, close it, delete it, and read what the class did.

The rules:

* A **class code** is a code of :mod:`store.codes` (6 characters, no 0/O, 1/I/L
  look-alikes, typed case-insensitively, spaces and dashes ignored).
* The **questions** come from a secret seed drawn here and kept only in the database; the
  assignment's public settings are its URL parameters without the seed.
* The **teacher key** has 192 random bits and the **resume token** 128; both are handed out
  once and stored only as SHA-256 hashes. A teacher may replace the key (:func:`new_teacher_key`):
  the new one is shown once, only its hash is kept, and the old one opens nothing from then on.
* **One press, one row.** The page draws the teacher key (or the resume token) once per form
  and passes it in; its hash is a unique column, so a second :func:`create_assignment` or
  :func:`join` with the same secret (a double click, a retried request, a racing thread)
  finds the row the first one wrote and returns it: the database decides, not this process.
* A **name** is cleaned by :func:`store.names.cleaned` (any script; no control, override
  or invisible-only names) and is **unique in its class** as :func:`store.names.name_key`
  compares names ("Ana" and "ana " are one name): a unique index refuses the second.
* An assignment is **open** until its closing time (none: open until closed); a closed one
  can be reopened (:func:`reopen_assignment`). An answer checked before the closing time
  counts even when it reaches the database later (it waited in the session's outbox);
  answers checked later are refused.
* An answer is written once: ``(student, seq)`` is unique. A retried write of the same answer
  is a duplicate and changes nothing; a *different* answer under a stored ``seq`` means the quiz
  went on elsewhere (another tab or device with the same resume link): a conflict, and nothing
  of the batch at or after that step is written (:func:`record_answers`).
* A **draft** is the answer a student is picking at a step, not yet checked (:func:`save_draft`,
  one row per student): a page rebuilt from the database puts it back, on that step only.
* An assignment keeps the **language** its teacher chose (:attr:`AssignmentInfo.language`) among
  its stored settings, as the parameter :data:`LANGUAGE` (the quiz's settings ignore it): no
  column of its own.

Refusals raise :class:`ClassroomError` (or a subclass) with a code and its values, never a
sentence (:data:`CODES`; ``ui.classroom.errors`` words them); an unreachable database raises
:class:`store.db.Unavailable`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from engine.quiz import QuizSettings, build_questions, parse_settings
from engine.quiz.run import is_list_mode, scale
from store import changes, clock, errors
from store.codes import KEY_BYTES, digest, find_by_code, find_by_secret, new_code, new_token
from store.db import Database, insert_new, insert_once, upsert
from store.models import Answer, Assignment, Draft, Student
from store.names import NAME_MAX, TITLE_MAX, cleaned, name_hash
from store.seeds import new_seed

TEXT_MAX = 500  #: characters of a typed answer kept
LANGUAGE = "lang"  #: the stored setting (and the links' URL parameter) of a quiz's language

#: The faults of a typed title or name (:func:`store.names.checked`) and their values' names.
TEXT_FAULTS: dict[str, tuple[str, ...]] = {
    "control": (),
    "override": (),
    "empty": (),
    "invisible": (),
    "too_long": ("limit", "length"),
}
#: Every code a :class:`ClassroomError` is raised with, and the names of its values.
CODES: dict[str, tuple[str, ...]] = {
    **{
        f"{what}_{fault}": names
        for what in ("title", "name")
        for fault, names in TEXT_FAULTS.items()
    },
    "closing_past": (),  #: the closing time chosen is already past
    "not_a_code": ("typed", "length"),  #: the text typed cannot be a class code
    "unknown_code": ("code",),  #: no assignment has this class code
    "bad_key": (),  #: the teacher key opens no assignment
    "key_replaced": (),  #: the teacher key no longer opens it (replaced, or deleted)
    "deleted": (),  #: the assignment was deleted
    "just_deleted": (),  #: deleted while the student was joining
    "out_of_date": (),  #: the join form's token is another class's: the page is stale
    "name_taken": ("name",),  #: a student of the class has this name (as it is stored)
    "bad_resume": ("code",),  #: the resume token is not one of class ``code``
    "closed": ("title", "closes_at"),  #: closed (``closes_at``: a UTC datetime, or None)
    "refused": (),  #: :class:`ClassroomError`'s default (no refusal of the store's is left to it)
}


class ClassroomError(errors.Refused):
    """A request the classroom refuses: ``ClassroomError("name_taken", name="Ana")``. ``code``
    says which refusal (one of :data:`CODES`), ``values`` what makes it precise (plain data);
    ``str(error)`` is for logs (``name_taken(name='Ana')``). A kind has its own default code."""


class NotFound(ClassroomError, errors.NotFound):
    """No assignment (or student) answers to this code, key or token."""

    default_code = "deleted"


class Closed(ClassroomError):
    """The assignment is closed."""

    default_code = "closed"


class NameTaken(ClassroomError):
    """Another student of the class already has this name."""

    default_code = "name_taken"


# --- what the store hands out ---------------------------------------------------------------


@dataclass(frozen=True)
class AssignmentInfo:
    """An assignment as its pages see it (``seed`` is secret: only the server deals from it)."""

    id: int
    code: str
    title: str
    drill: str
    params: dict[str, str]
    timer: int | None
    questions: int
    created_at: datetime
    closes_at: datetime | None
    seed: int = 0

    def __repr__(self) -> str:  # never print the seed
        return f"AssignmentInfo(id={self.id}, code={self.code!r}, title={self.title!r})"

    def settings(self) -> QuizSettings:
        """The quiz's settings, seed included."""
        settings, _ = parse_settings(
            {**self.params, "seed": str(self.seed)}, group=self.drill, default_seed=self.seed
        )
        return settings

    def scale(self) -> tuple[int, int]:
        """What the quiz is scored out of: (questions right or wrong, states its lists of
        names ask for: ``all50``), as :func:`engine.quiz.run.scale` says (the quiz is dealt
        again only when it has a list)."""
        settings = self.settings()
        if not any(is_list_mode(m) for m in settings.modes):
            return self.questions, 0
        return scale(build_questions(settings))

    def is_open(self, now: datetime | None = None) -> bool:
        return self.closes_at is None or (now or clock.now_utc()) < self.closes_at

    @property
    def language(self) -> str | None:
        """The language its teacher chose for it (``None``: made before there was a choice)."""
        return self.params.get(LANGUAGE) or None


@dataclass(frozen=True)
class StudentInfo:
    id: int
    assignment_id: int
    name: str
    started_at: datetime
    finished_at: datetime | None


@dataclass(frozen=True)
class AnswerRecord:
    """One counted answer, as written: ``seq`` counts the student's answers from 1; ``states``
    are the USPS codes the question is about; ``response`` is what the quiz was given (text or
    a list of USPS codes), replayed on resume; ``finished``: the quiz was complete after it."""

    seq: int
    question: int
    attempt: int
    qid: str
    mode: str
    prompt: str
    states: tuple[str, ...]
    response: Any
    given: str
    correct_answer: str
    outcome: str
    seconds: float | None
    answered_at: datetime
    finished: bool = False

    @property
    def correct(self) -> bool:
        return self.outcome == "right"

    def row(self, student_id: int) -> dict[str, Any]:
        response = self.response
        if isinstance(response, str):
            response = response[:TEXT_MAX]
        return {
            "student_id": student_id,
            "seq": self.seq,
            "question": self.question,
            "attempt": self.attempt,
            "qid": self.qid[:80],
            "mode": self.mode,
            "prompt": self.prompt,
            "states": ",".join(self.states),
            "response": response,
            "given": self.given[:TEXT_MAX],
            "correct_answer": self.correct_answer,
            "outcome": self.outcome,
            "seconds": self.seconds,
            "answered_at": self.answered_at,
        }


def _listed(a: AnswerRecord) -> bool:
    return is_list_mode(a.mode) and isinstance(a.response, list)


@dataclass(frozen=True)
class StudentResult:
    """A student with every answer written so far, in order."""

    student: StudentInfo
    answers: tuple[AnswerRecord, ...]

    @property
    def score(self) -> int:
        """Questions right at the first attempt (a list of names is scored apart: :attr:`named`)."""
        return sum(1 for a in self.answers if a.attempt == 1 and a.correct and not _listed(a))

    @property
    def named(self) -> int:
        """States named in the quiz's lists of names (``all50``: asked once, final)."""
        return sum(len(set(a.response)) for a in self.answers if a.attempt == 1 and _listed(a))

    @property
    def points(self) -> int:
        """The score for a gradebook: questions right at the first try plus states named."""
        return self.score + self.named

    @property
    def answered(self) -> int:
        """Questions answered at least once."""
        return len({a.question for a in self.answers})

    @property
    def last_at(self) -> datetime | None:
        return self.answers[-1].answered_at if self.answers else None


@dataclass(frozen=True)
class NewAssignment:
    """A just-created assignment and its teacher key (shown once, never stored)."""

    assignment: AssignmentInfo
    teacher_key: str


@dataclass(frozen=True)
class WriteReport:
    """What :func:`record_answers` did with a batch."""

    written: int = 0
    duplicates: int = 0  #: already stored, identical (a retried write)
    refused: int = 0  #: checked after the assignment closed
    conflict: bool = False  #: another answer is stored under one of these ``seq``
    gone: bool = False  #: the student (so the assignment) was deleted


@dataclass(frozen=True)
class DraftRecord:
    """The answer a student is picking at step ``seq`` (the ``seq`` its answer would get), on
    question ``qid``; ``value`` is the page's (JSON: lists, strings, ``None``)."""

    seq: int
    qid: str
    value: Any
    saved_at: datetime


def _info(a: Assignment) -> AssignmentInfo:
    return AssignmentInfo(
        a.id, a.code, a.title, a.drill, dict(a.settings), a.timer_minutes, a.questions,
        a.created_at, a.closes_at, a.seed,
    )  # fmt: skip


def _student(s: Student) -> StudentInfo:
    return StudentInfo(s.id, s.assignment_id, s.name, s.started_at, s.finished_at)


def _record(a: Answer) -> AnswerRecord:
    return AnswerRecord(
        a.seq, a.question, a.attempt, a.qid, a.mode, a.prompt,
        tuple(s for s in a.states.split(",") if s), a.response, a.given, a.correct_answer,
        a.outcome, a.seconds, a.answered_at,
    )  # fmt: skip


# --- teacher --------------------------------------------------------------------------------


def create_assignment(
    db: Database,
    *,
    title: str,
    drill: str,
    settings: QuizSettings,
    timer: int | None = None,
    closes_at: datetime | None = None,
    now: datetime | None = None,
    teacher_key: str | None = None,
    language: str | None = None,
) -> NewAssignment:
    """A new assignment of ``settings`` (their seed replaced by a secret one), in ``language``
    (a language code, kept with its settings as :data:`LANGUAGE`).

    ``teacher_key`` is the key the page drew once for its form (default: a new one). A second
    call with the same key, at any moment, makes no second assignment: it returns the first,
    as stored (see the module: one press, one row)."""
    now = now or clock.now_utc()
    title = cleaned(title, limit=TITLE_MAX, error=ClassroomError, what="title")
    if closes_at is not None and closes_at <= now:
        raise ClassroomError("closing_past")
    params = {k: v for k, v in settings.to_params().items() if k != "seed"}
    if language:
        params[LANGUAGE] = language
    key = teacher_key or new_token(KEY_BYTES)
    table = Assignment.__table__
    for _ in range(10):
        row = {
            "code": new_code(), "title": title, "drill": drill, "settings": params,
            "seed": new_seed(), "timer_minutes": timer or None,
            "questions": settings.n, "teacher_key_hash": digest(key), "created_at": now,
            "closes_at": closes_at,
        }  # fmt: skip
        with db.write() as session:
            new_id = insert_once(session, table, row)
            found = session.scalar(
                sa.select(Assignment).where(
                    Assignment.id == new_id
                    if new_id is not None
                    else Assignment.teacher_key_hash == digest(key)
                )
            )
            if found is not None:  # made now, or by the first press with this key
                return NewAssignment(_info(found), key)
        # the code was taken (one in hundreds of millions): draw again
    raise RuntimeError("could not draw a free class code")


def find_assignment(db: Database, code: object) -> AssignmentInfo:
    """The assignment with this class code."""
    return find_by_code(db, Assignment, code, _info, error=NotFound)


def assignment_for_key(db: Database, key: object) -> AssignmentInfo:
    """The assignment this teacher key opens."""
    with db.read() as session:
        row = find_by_secret(session, Assignment.teacher_key_hash, key)
        if row is None:
            raise NotFound("bad_key")
        return _info(row)


def new_teacher_key(db: Database, assignment_id: int, key: object) -> str:
    """Replace the assignment's teacher key ``key`` by a new one, returned (shown once): only
    its hash is stored, so the old key opens nothing from now on. Only the current key can
    replace itself: of two racing replacements, the second finds the key gone."""
    fresh = new_token(KEY_BYTES)
    with db.write() as session:
        done = session.execute(
            sa.update(Assignment)
            .where(
                Assignment.id == assignment_id,
                Assignment.teacher_key_hash == digest(str(key or "").strip()),
            )
            .values(teacher_key_hash=digest(fresh))
        ).rowcount
    if not done:
        raise NotFound("key_replaced")
    return fresh


def _set_closing(db: Database, assignment_id: int, closes: Any) -> AssignmentInfo:
    with db.write() as session:
        row = session.get(Assignment, assignment_id)
        if row is None:
            raise NotFound("deleted")
        closing = closes(row.closes_at)
        if closing != row.closes_at:
            row.closes_at = closing
            changes.mark(session, changes.results(assignment_id))
        return _info(row)


def close_assignment(
    db: Database, assignment_id: int, now: datetime | None = None
) -> AssignmentInfo:
    """Close the assignment now (an earlier closing time stays)."""
    now = now or clock.now_utc()
    return _set_closing(db, assignment_id, lambda was: was if was and was <= now else now)


def reopen_assignment(db: Database, assignment_id: int) -> AssignmentInfo:
    """Open the assignment again, with no closing time (until it is closed again)."""
    return _set_closing(db, assignment_id, lambda _: None)


def delete_assignment(db: Database, assignment_id: int) -> int:
    """Delete the assignment with its students and every answer; returns the answers deleted."""
    with db.write() as session:
        answers = session.scalar(
            sa.select(sa.func.count(Answer.id))
            .join(Student)
            .where(Student.assignment_id == assignment_id)
        )
        session.execute(sa.delete(Assignment).where(Assignment.id == assignment_id))
        changes.mark(session, changes.results(assignment_id))
        return answers or 0


def class_version(db: Database, assignment_id: int) -> tuple:
    """A value that changes whenever the assignment's results do (students, answers, closing
    time; ``None`` once deleted): a results page polls it and redraws only on a change."""
    with db.read() as session:
        closes = session.scalar(
            sa.select(Assignment.closes_at).where(Assignment.id == assignment_id)
        )
        exists = session.get(Assignment, assignment_id) is not None
        students, finished = session.execute(
            sa.select(sa.func.count(Student.id), sa.func.count(Student.finished_at)).where(
                Student.assignment_id == assignment_id
            )
        ).one()
        answers, last = session.execute(
            sa.select(sa.func.count(Answer.id), sa.func.max(Answer.id))
            .join(Student)
            .where(Student.assignment_id == assignment_id)
        ).one()
    return (exists, closes, students, finished, answers, last)


def class_results(db: Database, assignment_id: int) -> list[StudentResult]:
    """Every student of the assignment, in the order they joined, with their answers."""
    with db.read() as session:
        students = session.scalars(
            sa.select(Student)
            .where(Student.assignment_id == assignment_id)
            .order_by(Student.started_at, Student.id)
        ).all()
        answers: dict[int, list[AnswerRecord]] = {s.id: [] for s in students}
        rows = session.scalars(
            sa.select(Answer)
            .join(Student)
            .where(Student.assignment_id == assignment_id)
            .order_by(Answer.student_id, Answer.seq)
        )
        for row in rows:
            answers[row.student_id].append(_record(row))
        return [StudentResult(_student(s), tuple(answers[s.id])) for s in students]


# --- student --------------------------------------------------------------------------------


def join(
    db: Database,
    code: object,
    name: object,
    now: datetime | None = None,
    *,
    token: str | None = None,
) -> tuple[StudentInfo, str]:
    """A new student of the open assignment ``code``; returns it and its resume token.

    ``token`` is the resume token the page drew once for its form (default: a new one): a
    second call with it returns the student the first one made (one press, one row). A name
    the class already has (as :func:`store.names.name_key` compares them) is refused with
    :class:`NameTaken`."""
    now = now or clock.now_utc()
    clean = cleaned(name, limit=NAME_MAX, error=ClassroomError, what="name")
    assignment = find_assignment(db, code)
    if not assignment.is_open(now):
        raise Closed("closed", title=assignment.title, closes_at=assignment.closes_at)
    token = token or new_token()
    row = {
        "assignment_id": assignment.id, "name": clean, "name_key": name_hash(clean),
        "token_hash": digest(token), "started_at": now,
    }  # fmt: skip
    with db.write() as session:
        if session.get(Assignment, assignment.id) is None:
            raise NotFound("just_deleted")
        new_id = insert_once(session, Student.__table__, row)
        if new_id is not None:
            changes.mark(session, changes.results(assignment.id))
        mine = sa.select(Student).where(
            Student.id == new_id if new_id is not None else Student.token_hash == digest(token)
        )
        if (student := session.scalar(mine)) is not None:
            if student.assignment_id != assignment.id:
                raise ClassroomError("out_of_date")
            return _student(student), token
        same = session.scalar(
            sa.select(Student.name).where(
                Student.assignment_id == assignment.id, Student.name_key == row["name_key"]
            )
        )
    raise NameTaken("name_taken", name=same or clean)


def resume(
    db: Database, code: object, token: object
) -> tuple[AssignmentInfo, StudentInfo, list[AnswerRecord]]:
    """The student behind a resume token of assignment ``code``, with their answers so far."""
    assignment = find_assignment(db, code)
    with db.read() as session:
        row = find_by_secret(session, Student.token_hash, token)
        if row is None or row.assignment_id != assignment.id:
            raise NotFound("bad_resume", code=assignment.code)
        return assignment, _student(row), [_record(a) for a in row.answers]


def record_answers(db: Database, student_id: int, records: Sequence[AnswerRecord]) -> WriteReport:
    """Write a student's answers in one transaction, in ``seq`` order, each at most once.

    An answer stored already, the same (question and response), is a duplicate: a retried
    write. The first answer whose ``seq`` holds a *different* one is a conflict (the quiz went
    on elsewhere with this resume link): neither it nor any later answer of the batch is
    written, since they answer steps the stored history never showed."""
    if not records:
        return WriteReport()
    with db.write() as session:
        found = session.execute(
            sa.select(Student, Assignment.closes_at)
            .join(Assignment)
            .where(Student.id == student_id)
        ).first()
        if found is None:
            return WriteReport(gone=True)
        student, closes_at = found
        batch = sorted(records, key=lambda r: r.seq)
        accepted = [r for r in batch if closes_at is None or r.answered_at < closes_at]
        written = duplicates = 0
        conflict = False
        for record in accepted:
            row = record.row(student_id)
            if insert_new(session, Answer.__table__, [row], ("student_id", "seq")):
                written += 1
                changes.mark(session, changes.results(student.assignment_id))
            elif _same_answer(session, row):
                duplicates += 1
            else:
                conflict = True
                break
            if record.finished and student.finished_at is None:
                student.finished_at = record.answered_at
        return WriteReport(written, duplicates, len(batch) - len(accepted), conflict)


def _same_answer(session: Any, row: dict[str, Any]) -> bool:
    stored = session.scalar(
        sa.select(Answer).where(Answer.student_id == row["student_id"], Answer.seq == row["seq"])
    )
    return stored.qid == row["qid"] and stored.response == row["response"]


def save_draft(db: Database, student_id: int, draft: DraftRecord) -> bool:
    """Keep ``draft`` as the student's one draft (replacing the one before); ``False`` when the
    student is gone (the assignment was deleted)."""
    row = {"student_id": student_id, "seq": draft.seq, "qid": draft.qid[:80],
           "value": draft.value, "saved_at": draft.saved_at}  # fmt: skip
    try:
        with db.write() as session:
            upsert(session, Draft.__table__, row, ("student_id",))
    except IntegrityError:  # the student's row is gone: nothing to keep a draft for
        return False
    return True


def draft_for(db: Database, student_id: int) -> DraftRecord | None:
    """The student's draft, if any (the page checks that it is of the step on screen)."""
    with db.read() as session:
        row = session.get(Draft, student_id)
        return None if row is None else DraftRecord(row.seq, row.qid, row.value, row.saved_at)
