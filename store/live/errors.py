"""The refusals of a live game: :class:`LiveError` and its kinds. Each carries a code and the
values that make it precise (as :class:`engine.core.Refusal` does), never a sentence: each
reader's page words it in that reader's language (``ui.live.errors``)."""

from __future__ import annotations

from engine.core import Refusal
from store import errors


class LiveError(errors.Refused):
    """A request a live game refuses: ``LiveError("locked", game="K7PQ2M")``. ``code`` says
    which refusal, ``values`` what makes it precise (plain data); ``str(error)`` is for logs
    (``locked(game='K7PQ2M')``). A kind has its own default code."""

    @classmethod
    def of(cls, refusal: Refusal) -> LiveError:
        """The engine's ``refusal`` (:mod:`engine.live`) as this kind of error."""
        return cls(refusal.code, **refusal.values)


class NotFound(LiveError, errors.NotFound):
    """No game (or player) answers to this code, key or token."""

    default_code = "game_gone"


class NameTaken(LiveError):
    """Another player of the game already has this name."""

    default_code = "name_taken"


class GameOver(LiveError):
    """The game has ended."""

    default_code = "game_over"


class AnswerRefused(LiveError):
    """An answer that is not counted: the wrong question, too late, unreadable or a second."""

    default_code = "unreadable"
