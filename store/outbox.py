"""A student's outbox: checked answers waiting to be written, so the quiz goes on while the
database is away, and the draft of the answer being picked.

Every answer goes into the outbox with the next ``seq`` and is written at once when the
database answers. When it does not (unreachable, or locked past the busy timeout), the answers
wait, in order, and :meth:`Outbox.flush` tries again after a growing pause (:data:`BACKOFF`),
at the next answer or when the page's status line comes round. Writes are idempotent (unique
``(student, seq)``), so an answer written just before an error is never stored twice.

The **draft** (:meth:`Outbox.hold_draft`) is the answer being picked at step ``next_seq``: it
is written only when it changed, and only once no answer waits (answers first). A failed try
delays the next draft write by the same growing pause, on a clock of its own, so it never
delays an answer; it does not make the page say "Saving…": it is not an answer. Once the
answer of its step is queued, a draft of that step is dropped unwritten.

The outbox holds no connection and imports no web framework: a page keeps it in its session,
the load benchmark in a thread.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from store.classroom import AnswerRecord, DraftRecord, record_answers, save_draft
from store.db import Database, Unavailable

BACKOFF: tuple[float, ...] = (2, 4, 8, 15, 30)  #: seconds before the 1st, 2nd … retry


def _pause(failures: int) -> float:
    """Seconds to wait after ``failures`` failed tries in a row."""
    return BACKOFF[min(failures, len(BACKOFF)) - 1]


class Status(StrEnum):
    """Where the student's answers stand."""

    SAVED = "saved"  #: everything checked is in the database
    WAITING = "waiting"  #: some answers wait: the database did not answer
    CLOSED = "closed"  #: the assignment closed: later answers are not recorded
    GONE = "gone"  #: the assignment was deleted
    CONFLICT = "conflict"  #: the quiz went on elsewhere with the same resume link


@dataclass
class Outbox:
    """The answers of one student not yet written, and what happened to the others."""

    student_id: int
    next_seq: int = 1
    pending: list[AnswerRecord] = field(default_factory=list)
    saved: int = 0  #: answers written by this outbox
    refused: int = 0  #: answers checked after closing, not recorded
    status: Status = Status.SAVED
    failures: int = 0  #: failed tries in a row
    problem: str = ""  #: the last error, for the log
    retry_at: float = 0.0  #: ``clock()`` time of the next try
    draft: DraftRecord | None = None  #: the draft to write (``None``: nothing new)
    kept: tuple[int, str, object] | None = None  #: step, question and value stored last
    draft_failures: int = 0  #: failed draft writes in a row
    draft_retry_at: float = 0.0  #: ``clock()`` time of the next draft write
    clock: Callable[[], float] = time.monotonic
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def stopped(self) -> bool:
        """Nothing more will be recorded (closed, deleted, or continued elsewhere)."""
        return self.status in (Status.CLOSED, Status.GONE, Status.CONFLICT)

    def add(self, make: Callable[[int], AnswerRecord]) -> AnswerRecord | None:
        """Queue the answer ``make(seq)`` builds; ``None`` (not queued) once stopped."""
        if self.stopped:
            return None
        record = make(self.next_seq)
        self.next_seq += 1
        self.pending.append(record)
        if self.draft is not None and self.draft.seq < self.next_seq:
            self.draft = None  # its step is answered
        return record

    def hold_draft(self, draft: DraftRecord) -> None:
        """Keep ``draft`` to be written, unless it is what is stored already or not of the
        step to be answered next."""
        if self.stopped or draft.seq != self.next_seq:
            return
        if (draft.seq, draft.qid, draft.value) != self.kept:
            self.draft = draft
        elif self.draft is not None and self.draft.seq == draft.seq:
            self.draft = None  # changed back to what is stored

    def due(self) -> bool:
        """True when answers wait and their pause after a failed try is over."""
        return bool(self.pending) and not self.stopped and self.clock() >= self.retry_at

    def flush(self, db: Database, *, force: bool = False) -> Status:
        """Write what is pending (if due, or ``force``): the answers, then the draft; returns
        the new status."""
        with self._lock:
            if self.pending and (force or self.due()):
                try:
                    self._write_answers(db)
                except Unavailable as error:
                    self.failures += 1
                    text = str(error)
                    self.problem = text.splitlines()[0] if text else type(error).__name__
                    self.retry_at = self.clock() + _pause(self.failures)
                    self.status = Status.WAITING
                    return self.status
                self.failures, self.problem, self.retry_at = 0, "", 0.0
            if self.stopped:
                self.pending.clear()
                self.draft = None
                return self.status
            draft_due = force or self.clock() >= self.draft_retry_at
            if self.draft is not None and not self.pending and draft_due:
                try:
                    self._write_draft(db)
                    self.draft_failures, self.draft_retry_at = 0, 0.0
                except Unavailable:
                    self.draft_failures += 1
                    self.draft_retry_at = self.clock() + _pause(self.draft_failures)
            return self.status

    def _write_answers(self, db: Database) -> None:
        batch = list(self.pending)
        report = record_answers(db, self.student_id, batch)
        del self.pending[: len(batch)]
        self.saved += report.written + report.duplicates
        self.refused += report.refused
        if report.gone:
            self.status = Status.GONE
        elif report.conflict:
            self.status = Status.CONFLICT
        elif report.refused:
            self.status = Status.CLOSED
        else:
            self.status = Status.SAVED if not self.pending else Status.WAITING

    def _write_draft(self, db: Database) -> None:
        draft = self.draft
        assert draft is not None
        if not save_draft(db, self.student_id, draft):
            self.status = Status.GONE
            return
        self.kept = (draft.seq, draft.qid, draft.value)
        self.draft = None
