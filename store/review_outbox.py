"""A session's reviews waiting to be written to its learner's history: the classroom's outbox
(:class:`store.outbox.Outbox`: the same queue, the same growing pause after a failed try, the
same ``seq``), writing ``store.progress.record_reviews`` instead of class answers.

* Its ``student_id`` is the **learner's** id, or 0 while the session has none: the answers
  then wait in the outbox (nothing is written) until the session gets a progress ("Keep my
  progress" or a progress link opened), whose history they join.
* ``device`` is drawn once per outbox, so ``(learner, device, seq)`` is unique: a retried
  write is stored once, and another device writing to the same learner never clashes.
* While the database is away the reviews wait, in order, and go at the next try: a delay,
  never a loss (as long as the session lives).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from store.codes import new_token
from store.db import Database
from store.outbox import Outbox, Status
from store.progress import record_reviews

DEVICE_BYTES = 12  #: 96 random bits: the session's device id


@dataclass
class ReviewOutbox(Outbox):
    """The reviews of one session, for learner ``student_id`` (0: none yet)."""

    student_id: int = 0
    device: str = field(default_factory=lambda: new_token(DEVICE_BYTES))

    @property
    def learner_id(self) -> int:
        return self.student_id

    def due(self) -> bool:
        return bool(self.student_id) and super().due()

    def flush(self, db: Database, *, force: bool = False) -> Status:
        if not self.student_id:
            return self.status
        return super().flush(db, force=force)

    def _write_answers(self, db: Database) -> None:
        batch = list(self.pending)
        report = record_reviews(db, self.student_id, self.device, batch)
        del self.pending[: len(batch)]
        self.saved += report.written + report.duplicates
        if report.gone:
            self.status = Status.GONE
        else:
            self.status = Status.SAVED if not self.pending else Status.WAITING
