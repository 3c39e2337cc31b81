"""How the progress store's refusals read. The store refuses with a code and its values
(:class:`store.progress.ProgressError`, never a sentence); each code is worded here
(:data:`PROGRESS_ERRORS`, as :mod:`ui.games.wording` says), and :func:`said` shows a note kept
for the page (a refusal, or a marked English text) in the reader's language.

A note is kept untranslated in the session (a callback may run before the run has chosen its
language) and worded when it is shown."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Coded
from messages import N_, _, number
from store.progress import ProgressError
from ui.games.wording import Wording, say


def _not_a_code(typed: str, length: int) -> str:
    return _(
        "“{typed}” is not a progress code: a code has {length} letters and digits (no 0, 1, I, "
        "L or O)."
    ).format(typed=typed, length=number(length))


PROGRESS_ERRORS: Mapping[str, Wording] = {
    "not_a_code": _not_a_code,
    "no_such_code": N_("No progress has the code {progress}: check the link or the printed code."),
    "forged": N_(
        "This progress link does not open a progress: check that it was copied whole (a link "
        "replaced by a new one opens nothing). Nothing was changed."
    ),
    "replaced": N_("This progress link was already replaced: open the newest one."),
    # the page's own: a progress this device kept no longer opens
    "device_replaced": N_(
        "The progress this device kept ({progress}) no longer opens: its link was replaced. Open "
        "your newest progress link."
    ),
}


def worded(error: ProgressError) -> str:
    """The store's refusal in the reader's language."""
    return say(Coded(error.code, **error.values), PROGRESS_ERRORS)


def said(note: ProgressError | Coded | str) -> str:
    """A note kept for the page, in the reader's language: a refusal of the store, a code of
    :data:`PROGRESS_ERRORS`, or a text marked with :func:`messages.N_`."""
    if isinstance(note, ProgressError):
        return worded(note)
    if isinstance(note, Coded):
        return say(note, PROGRESS_ERRORS)
    return _(note)
