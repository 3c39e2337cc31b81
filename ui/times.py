"""Times in the browser's time zone: a moment written on the teacher's pages, and the day a
learner's answers are given (their progress counts days)."""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st


def teacher_zone() -> tzinfo:
    """The browser's time zone (UTC when it is not known)."""
    try:
        name = st.context.timezone
    except AttributeError:
        name = None
    try:
        return ZoneInfo(name) if name else UTC
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


def when(moment: datetime | None, zone: tzinfo) -> str:
    """``moment`` as "Mar 03, 09:15" in ``zone`` ("" for none)."""
    return "" if moment is None else f"{moment.astimezone(zone):%b %d, %H:%M}"
