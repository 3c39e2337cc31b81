"""Times in the browser's time zone: a moment written on the teacher's pages, and the day a
learner's answers are given (their progress counts days)."""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st
from babel.dates import format_datetime

from messages import pgettext
from messages.catalogue import formats_locale


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
    """``moment`` as "Mar 03, 09:15" in ``zone``, in the reader's language ("03 mar, 09:15";
    "" for none): Babel's month names, in the order a translator gives as a CLDR pattern."""
    if moment is None:
        return ""
    pattern = pgettext(
        "a moment on a teacher's page, as a CLDR date pattern: Mar 03, 09:15", "MMM dd, HH:mm"
    )
    return format_datetime(moment.astimezone(zone), pattern, tzinfo=zone, locale=formats_locale())
