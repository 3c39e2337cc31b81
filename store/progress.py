"""Progress: learners, their reviews, each item's FSRS state and each week's sums, and the link
from a class student to a learner.

The rules:

* **A progress code** is a code of :mod:`store.codes` (6 characters) with a **token** of 128
  random bits drawn with :mod:`secrets`: the link ``/progress?code=…&token=…`` opens it on any
  device. Only the token's SHA-256 hash is stored (a unique column: the page draws the token
  once per press, so a double click makes one learner). The code alone opens nothing, and no
  name is ever asked: there are no accounts.
* **No expiry by time**: a learner's history is the point of it (a year's practice, a summer
  away); a code never stops working by itself. What stops a link is a **new token**
  (:func:`replace_token`, "Make a new progress link"): the old link then opens nothing, like a
  replaced teacher key. A forged, cut-short or replaced token is refused (:class:`NotFound`);
  nothing is written.
* **A review** is one answer about one item, written once: ``(learner, device, seq)`` is
  unique (``device`` drawn once per session, ``seq`` counting that session's reviews), so a
  retried write stores nothing twice, and two devices on one code never clash.
* **Writing** (:func:`record_reviews`) is one small transaction: it locks the learner's row
  (two devices writing at once are written one after the other: PostgreSQL ``FOR UPDATE``,
  SQLite's one writer), inserts the reviews, replays the history of each item they are about
  (``engine.progress.replay``: a few dozen rows) into ``learner_card``, and brings this
  week's sums in ``learner_week`` up to date. A batch reaching back before the newest stored
  week (it waited in an outbox across a Monday while another device wrote) rebuilds the
  learner's cards and weeks from every review instead (:func:`rebuild`): slower, and rare.
* ``learner_card`` and ``learner_week`` are therefore always what :func:`rebuild` makes from
  ``learner_review`` (a test checks it after racing writers).

Refusals raise :class:`ProgressError` subclasses with a code and the values that make it precise
(``NotFound("no_such_code", progress="K7PQ2M")``), never a sentence: the page words them in the
reader's language (``ui.progress.errors``); an unreachable database raises
:class:`store.db.Unavailable`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
from fsrs import Rating
from sqlalchemy.orm import Session

from engine.progress.mastery import kind_totals, weekly_totals
from engine.progress.schedule import ItemState, replay, week_end, week_of, weeks_between
from engine.quiz.items import Item, Kind
from store import clock, errors
from store.codes import CODE_LENGTH, digest, new_code, new_token, normalize_code
from store.db import Database, insert_new, insert_once, upsert
from store.models import (
    Learner,
    LearnerCard,
    LearnerReview,
    LearnerWeek,
    Student,
    StudentLearner,
)

SOURCES = ("practice", "class", "live")  #: where an answer was given


class ProgressError(errors.Refused):
    """A request the progress store refuses: ``code`` says which refusal, ``values`` what makes
    it precise (plain data); ``str(error)`` is for logs (``no_such_code(progress='K7PQ2M')``)."""


class NotFound(ProgressError, errors.NotFound):
    """No progress answers to this code and token: ``not_a_code`` (``typed``, ``length``: a
    text that cannot be a code), ``no_such_code`` (``progress``: the code), ``forged`` (a
    token that opens nothing: forged, cut short or replaced), ``replaced`` (a token replaced
    already)."""


# --- what the store hands out ---------------------------------------------------------------


@dataclass(frozen=True)
class LearnerInfo:
    """A learner as pages see it: its id, public code and when it was made."""

    id: int
    code: str
    created_at: datetime


@dataclass(frozen=True)
class NewLearner:
    """A just-made progress and its token (shown to its owner, never stored)."""

    learner: LearnerInfo
    token: str


@dataclass(frozen=True)
class ReviewRecord:
    """One review as written: ``seq`` counts the writing session's reviews from 1; ``day`` is
    the learner's own calendar day (their browser's time zone) at ``answered_at`` (UTC)."""

    seq: int
    kind: str
    state: str
    rating: int
    answered_at: datetime
    day: date
    source: str = "practice"
    mode: str = ""
    seconds: float | None = None

    @property
    def item(self) -> Item:
        return Item(Kind(self.kind), self.state)

    def row(self, learner_id: int, device: str) -> dict[str, Any]:
        if self.source not in SOURCES:
            raise ValueError(f"unknown source: {self.source!r}")
        return {
            "learner_id": learner_id, "device": device, "seq": self.seq, "kind": self.kind,
            "state": self.state, "rating": int(self.rating), "answered_at": self.answered_at,
            "day": self.day, "source": self.source, "mode": self.mode[:20],
            "seconds": self.seconds,
        }  # fmt: skip


@dataclass(frozen=True)
class ReviewReport:
    """What :func:`record_reviews` did with a batch."""

    written: int = 0
    duplicates: int = 0  #: already stored (a retried write)
    gone: bool = False  #: the learner was deleted
    rebuilt: bool = False  #: the batch reached back before the newest week: all rebuilt


def _info(row: Learner) -> LearnerInfo:
    return LearnerInfo(row.id, row.code, row.created_at)


# --- learners -------------------------------------------------------------------------------


def create_learner(
    db: Database, *, token: str | None = None, now: datetime | None = None
) -> NewLearner:
    """A new progress code with its token (``token``: the one the page drew for its button; a
    second call with it returns the first learner: one press, one row)."""
    token = token or new_token()
    for _ in range(10):
        row = {
            "code": new_code(),
            "token_hash": digest(token),
            "created_at": now or clock.now_utc(),
        }
        with db.write() as session:
            new_id = insert_once(session, Learner.__table__, row)
            found = session.scalar(
                sa.select(Learner).where(
                    Learner.id == new_id
                    if new_id is not None
                    else Learner.token_hash == digest(token)
                )
            )
            if found is not None:
                return NewLearner(_info(found), token)
        # the code was taken: draw again
    raise RuntimeError("could not draw a free progress code")


def open_learner(db: Database, code: object, token: object) -> LearnerInfo:
    """The learner whose code is ``code`` and token ``token``; :class:`NotFound` otherwise
    (a malformed code, an unknown one, a wrong or replaced token: each with its code)."""
    normal = normalize_code(code)
    if normal is None:
        raise NotFound("not_a_code", typed=str(code or "").strip()[:20], length=CODE_LENGTH)
    text = str(token or "").strip()
    with db.read() as session:
        learner = session.scalar(sa.select(Learner).where(Learner.code == normal))
        if learner is None:
            raise NotFound("no_such_code", progress=normal)
        row = session.scalar(sa.select(Learner).where(Learner.token_hash == digest(text)))
        if not text or row is None or row.id != learner.id:
            raise NotFound("forged")
        return _info(learner)


def replace_token(db: Database, learner_id: int, token: object) -> str:
    """Replace the learner's token ``token`` by a new one, returned (shown once); the old link
    opens nothing from then on. Only the current token can replace itself."""
    fresh = new_token()
    with db.write() as session:
        done = session.execute(
            sa.update(Learner)
            .where(Learner.id == learner_id, Learner.token_hash == digest(str(token or "").strip()))
            .values(token_hash=digest(fresh))
        ).rowcount
    if not done:
        raise NotFound("replaced")
    return fresh


def learner_by_id(db: Database, learner_id: int) -> LearnerInfo | None:
    with db.read() as session:
        row = session.get(Learner, learner_id)
        return None if row is None else _info(row)


# --- class students -------------------------------------------------------------------------


def link_student(db: Database, student_id: int, learner_id: int) -> int:
    """Send class student ``student_id``'s answers to learner ``learner_id`` too, unless the
    student is linked already (the first link stays); returns the learner linked."""
    row = {"student_id": student_id, "learner_id": learner_id, "linked_at": clock.now_utc()}
    with db.write() as session:
        insert_new(session, StudentLearner.__table__, [row], ("student_id",))
        return session.scalar(
            sa.select(StudentLearner.learner_id).where(StudentLearner.student_id == student_id)
        )


def learner_of_student(db: Database, student_id: int) -> LearnerInfo | None:
    """The learner a class student is linked to, if any."""
    with db.read() as session:
        row = session.scalar(
            sa.select(Learner).join(StudentLearner).where(StudentLearner.student_id == student_id)
        )
        return None if row is None else _info(row)


@dataclass(frozen=True)
class ClassLearner:
    """A student of a class assignment and the learner they are linked to (or ``None``)."""

    student_id: int
    name: str
    learner: LearnerInfo | None


def class_learners(db: Database, assignment_id: int) -> list[ClassLearner]:
    """Every student of the assignment, in the order they joined, with their learner."""
    with db.read() as session:
        rows = session.execute(
            sa.select(Student, Learner)
            .outerjoin(StudentLearner, StudentLearner.student_id == Student.id)
            .outerjoin(Learner, Learner.id == StudentLearner.learner_id)
            .where(Student.assignment_id == assignment_id)
            .order_by(Student.started_at, Student.id)
        ).all()
        return [ClassLearner(s.id, s.name, None if lr is None else _info(lr)) for s, lr in rows]


# --- reviews --------------------------------------------------------------------------------


def _history(session: Session, learner_id: int, item: Item) -> list[tuple[Rating, datetime]]:
    rows = session.execute(
        sa.select(LearnerReview.rating, LearnerReview.answered_at)
        .where(
            LearnerReview.learner_id == learner_id,
            LearnerReview.kind == item.kind.value,
            LearnerReview.state == item.state,
        )
        .order_by(LearnerReview.answered_at, LearnerReview.id)
    ).all()
    return [(Rating(r), at) for r, at in rows]


def _card_row(learner_id: int, item: Item, s: ItemState) -> dict[str, Any]:
    return {
        "learner_id": learner_id, "kind": item.kind.value, "state": item.state,
        "stability": s.stability, "difficulty": s.difficulty, "due": s.due,
        "last_review": s.last_review, "reviews": s.reviews, "lapses": s.lapses,
        "last_rating": int(s.last_rating), "first_at": s.first_at,
    }  # fmt: skip


def _state(row: Any) -> ItemState:
    return ItemState(
        row.stability, row.difficulty, row.due, row.last_review, row.reviews, row.lapses,
        Rating(row.last_rating), row.first_at,
    )  # fmt: skip


def _cards(
    session: Session, learner_ids: Sequence[int], kinds: Iterable[Kind] | None = None
) -> dict[int, dict[Item, ItemState]]:
    query = sa.select(LearnerCard).where(LearnerCard.learner_id.in_(list(learner_ids)))
    if kinds is not None:
        query = query.where(LearnerCard.kind.in_([k.value for k in kinds]))
    out: dict[int, dict[Item, ItemState]] = {i: {} for i in learner_ids}
    for row in session.scalars(query):
        out[row.learner_id][Item(Kind(row.kind), row.state)] = _state(row)
    return out


def _write_weeks(
    session: Session, learner_id: int, totals: Mapping[tuple[date, Kind], float]
) -> None:
    for (week, kind), total in totals.items():
        row = {"learner_id": learner_id, "week": week, "kind": kind.value, "total": total}
        upsert(session, LearnerWeek.__table__, row, ("learner_id", "week", "kind"))


def record_reviews(
    db: Database, learner_id: int, device: str, records: Sequence[ReviewRecord]
) -> ReviewReport:
    """Write a session's reviews in one transaction, each at most once, and bring the
    learner's cards and weeks up to date (see the module)."""
    if not records:
        return ReviewReport()
    rows = [r.row(learner_id, device) for r in records]
    with db.write() as session:
        locked = session.scalar(
            sa.select(Learner.id).where(Learner.id == learner_id).with_for_update()
        )
        if locked is None:
            return ReviewReport(gone=True)
        written = insert_new(
            session, LearnerReview.__table__, rows, ("learner_id", "device", "seq")
        )
        report = ReviewReport(written, len(rows) - written)
        if not written:
            return report
        weeks = {week_of(r.answered_at) for r in records}
        newest = session.scalar(
            sa.select(sa.func.max(LearnerWeek.week)).where(LearnerWeek.learner_id == learner_id)
        )
        week = max(weeks)
        if len(weeks) > 1 or (newest is not None and week < newest):
            _rebuild(session, learner_id)
            return ReviewReport(written, len(rows) - written, rebuilt=True)
        items = sorted({r.item for r in records})
        new_week = newest is None or week > newest
        kinds = list(Kind) if new_week else sorted({i.kind for i in items})
        cards = _cards(session, [learner_id], kinds)[learner_id]
        totals: dict[tuple[date, Kind], float] = {}
        if newest is not None and new_week:  # weeks without practice: the states as they were
            for gap in weeks_between(newest, week)[1:-1]:
                for kind, total in kind_totals(cards, week_end(gap)).items():
                    totals[gap, kind] = total
        for item in items:
            state = replay(_history(session, learner_id, item))
            assert state is not None
            cards[item] = state
            upsert(
                session, LearnerCard.__table__, _card_row(learner_id, item, state),
                ("learner_id", "kind", "state"),
            )  # fmt: skip
        now_totals = kind_totals(cards, week_end(week))
        for kind in kinds:
            totals[week, kind] = now_totals[kind]
        _write_weeks(session, learner_id, totals)
        return report


def _rebuild(session: Session, learner_id: int) -> None:
    rows = session.execute(
        sa.select(
            LearnerReview.kind, LearnerReview.state, LearnerReview.rating, LearnerReview.answered_at
        )
        .where(LearnerReview.learner_id == learner_id)
        .order_by(LearnerReview.answered_at, LearnerReview.id)
    ).all()
    histories: dict[Item, list[tuple[Rating, datetime]]] = {}
    for kind, state, rating, at in rows:
        histories.setdefault(Item(Kind(kind), state), []).append((Rating(rating), at))
    session.execute(sa.delete(LearnerCard).where(LearnerCard.learner_id == learner_id))
    session.execute(sa.delete(LearnerWeek).where(LearnerWeek.learner_id == learner_id))
    if not rows:
        return
    cards = [_card_row(learner_id, item, replay(h)) for item, h in histories.items()]
    session.execute(sa.insert(LearnerCard), cards)
    weeks = weeks_between(week_of(rows[0].answered_at), week_of(rows[-1].answered_at))
    totals = weekly_totals(histories, weeks)
    session.execute(
        sa.insert(LearnerWeek),
        [
            {"learner_id": learner_id, "week": w, "kind": k.value, "total": t}
            for (w, k), t in totals.items()
        ],
    )


def rebuild(db: Database, learner_id: int) -> None:
    """Make the learner's cards and weeks again from every stored review (after a batch that
    reached back in time, or after reviews were changed by hand)."""
    with db.write() as session:
        session.scalar(sa.select(Learner.id).where(Learner.id == learner_id).with_for_update())
        _rebuild(session, learner_id)


# --- reading --------------------------------------------------------------------------------


def learner_states(db: Database, learner_id: int) -> dict[Item, ItemState]:
    """Every item the learner has met, with its state."""
    with db.read() as session:
        return _cards(session, [learner_id])[learner_id]


def class_states(db: Database, learner_ids: Sequence[int]) -> dict[int, dict[Item, ItemState]]:
    """Learner id → every item met with its state, for several learners in one query."""
    if not learner_ids:
        return {}
    with db.read() as session:
        return _cards(session, learner_ids)


def learner_weeks(
    db: Database, learner_ids: Sequence[int], since: date
) -> dict[int, dict[tuple[date, Kind], float]]:
    """Learner id → (week, kind) → the kind's retrievability summed at that week's end, for
    the weeks from ``since`` on that have a row (``engine.progress.mastery.trend`` fills in
    the rest)."""
    out: dict[int, dict[tuple[date, Kind], float]] = {i: {} for i in learner_ids}
    if not learner_ids:
        return out
    with db.read() as session:
        rows = session.execute(
            sa.select(
                LearnerWeek.learner_id, LearnerWeek.week, LearnerWeek.kind, LearnerWeek.total
            ).where(LearnerWeek.learner_id.in_(list(learner_ids)), LearnerWeek.week >= since)
        ).all()
    for learner_id, week, kind, total in rows:
        out[learner_id][week, Kind(kind)] = total
    return out


def practice_days(db: Database, learner_id: int, since: date) -> list[date]:
    """The learner's own calendar days with at least one review, from ``since`` on."""
    with db.read() as session:
        return list(
            session.scalars(
                sa.select(LearnerReview.day)
                .where(LearnerReview.learner_id == learner_id, LearnerReview.day >= since)
                .distinct()
            )
        )


def review_count(db: Database, learner_id: int) -> int:
    """How many reviews the learner has."""
    with db.read() as session:
        return session.scalar(
            sa.select(sa.func.count(LearnerReview.id)).where(LearnerReview.learner_id == learner_id)
        )
