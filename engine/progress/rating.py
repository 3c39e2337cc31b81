"""The one place where an answer becomes an FSRS rating.

=============================================================  ========
the answer (for one item)                                       rating
=============================================================  ========
wrong; or shown without being given (a state of a list of       Again
names that was not named: the map shows it)
right at a later asking in the same run (after a retry), or    Hard
right through a corrected misspelling ("Sacremento")
right at the first asking, within the mode's quick time         Easy
(:data:`QUICK_SECONDS`), the whole question right
right                                                           Good
=============================================================  ========

**Quick** is per mode, in seconds from the question shown to Check, as the page measures it:
a choice among two to four (a letter, a count, a zone, one of two states) is quick within 4 s;
finding one state on the map or naming the highlighted one within 5 s; a list to read
(``exact``) within 6 s; typing a capital or a state within 8 s; picking a set of states on the
map within 12 s, and putting four in order within 15 s. A list of names (``all50``) is never
quick: its time is that of the whole list. An answer without a time is never quick.
"""

from __future__ import annotations

from fsrs import Rating

#: seconds within which a right first answer is quick (``None``: never)
QUICK_SECONDS: dict[str, float | None] = {
    "neighbors": 12,
    "exact": 6,
    "count": 4,
    "letter_states": 12,
    "letter": 4,
    "capital": 8,
    "shared": 12,
    "capital_of": 8,
    "larger": 4,
    "earlier": 4,
    "populous": 4,
    "weaker": 4,
    "order": 15,
    "zone": 4,
    "locate": 5,
    "identify": 5,
    "from_capital": 8,
    "all50": None,
}


def is_quick(mode: str, seconds: float | None) -> bool:
    """True when an answer of ``mode`` given in ``seconds`` is quick (see the module)."""
    limit = QUICK_SECONDS.get(mode)
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
