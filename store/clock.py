"""The store's clock: every time the store stamps or compares is :func:`now_utc`, aware, in UTC.

The store reads it as ``clock.now_utc()`` when it runs, never as a name copied at import, so a
test that patches ``store.clock.now_utc`` moves the clock of every area at once.
"""

from __future__ import annotations

from datetime import UTC, datetime


def now_utc() -> datetime:
    """Now, in UTC."""
    return datetime.now(UTC)
