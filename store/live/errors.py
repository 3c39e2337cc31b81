"""The refusals of a live game: :class:`LiveError` and its kinds; the message is the sentence to
show."""

from __future__ import annotations

from store import errors


class LiveError(ValueError):
    """A request a live game refuses; the message is the sentence to show."""


class NotFound(LiveError, errors.NotFound):
    """No game (or player) answers to this code, key or token."""


class NameTaken(LiveError):
    """Another player of the game already has this name."""


class GameOver(LiveError):
    """The game has ended."""


class AnswerRefused(LiveError):
    """An answer that is not counted: the wrong question, too late, unreadable or a second."""
