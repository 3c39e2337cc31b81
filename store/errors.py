"""The refusal every area of the store shares: nothing answers to a code, key or token.

Each area refuses with its own error (``ClassroomError``, ``ProgressError``, ``LiveError``,
``TableError``: a page catches its area's), and its "not found" is that error and this one, so
``except store.errors.NotFound`` catches any area's.
"""

from __future__ import annotations


class NotFound(ValueError):
    """No row answers to this code, key or token; the message is the sentence to show."""
