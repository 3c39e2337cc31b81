"""The one place where an answer becomes an FSRS rating.

=============================================================  ========
the answer (for one item)                                       rating
=============================================================  ========
wrong; or shown without being given (a state of a list of       Again
names that was not named: the map shows it)
right at a later asking in the same run (after a retry), or    Hard
right through a corrected misspelling ("Sacremento")
right at the first asking, within the mode's quick time         Easy
(its row's ``quick``), the whole question right
right                                                           Good
=============================================================  ========

**Quick** is per mode, in seconds from the question shown to Check, as the page measures it:
the ``quick`` of the mode's row in the modes table (:mod:`engine.quiz.modes`, which says how
the times were chosen). A mode whose quick is ``None`` (a list of names, ``all50``: its time is
that of the whole list) is never quick; nor is an answer without a time.
"""

from __future__ import annotations

from fsrs import Rating

from engine.quiz.modes import mode as mode_row


def is_quick(mode: str, seconds: float | None) -> bool:
    """True when an answer of ``mode`` given in ``seconds`` is quick (see the module)."""
    limit = mode_row(mode).quick
    return limit is not None and seconds is not None and 0 <= seconds <= limit


def rating(
    right: bool,
    *,
    mode: str,
    attempt: int = 1,
    corrected: bool = False,
    seconds: float | None = None,
    whole_right: bool | None = None,
) -> Rating:
    """The rating of one item's answer by the module's table.

    ``right``: the item was answered right; ``attempt``: 1 at the question's first asking in
    the run, more after a retry; ``corrected``: read through a small misspelling; ``seconds``:
    the time to answer; ``whole_right``: the whole question was right (default ``right``; an
    item right inside a question answered partly wrong is never Easy)."""
    if not right:
        return Rating.Again
    if attempt > 1 or corrected:
        return Rating.Hard
    whole = right if whole_right is None else whole_right
    if whole and is_quick(mode, seconds):
        return Rating.Easy
    return Rating.Good
