"""Tables do not last: one untouched for :data:`KEEP_FOR` (finished, or abandoned) is deleted
with its seats and actions."""

from __future__ import annotations

from datetime import datetime, timedelta

import sqlalchemy as sa

from store import clock
from store.db import Database
from store.models import GameTable

KEEP_FOR = timedelta(days=1)


def cleanup(db: Database, now: datetime | None = None) -> int:
    """Delete every table untouched for :data:`KEEP_FOR`; returns how many."""
    now = now or clock.now_utc()
    with db.write() as session:
        return session.execute(
            sa.delete(GameTable).where(GameTable.updated_at < now - KEEP_FOR)
        ).rowcount
