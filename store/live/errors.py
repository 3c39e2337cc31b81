"""The refusals of a live game: :class:`LiveError` and its kinds. Each carries a code and the
values that make it precise (as :class:`engine.core.Refusal` does), never a sentence: each
reader's page words it in that reader's language (``ui.live.errors``)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from engine.core import Refusal
from store import errors


class LiveError(ValueError):
    """A request a live game refuses: ``LiveError("locked", game="K7PQ2M")``. ``code`` says
    which refusal, ``values`` what makes it precise (plain data); ``str(error)`` is for logs
    (``locked(game='K7PQ2M')``). A kind has its own default code."""

    default_code = "refused"

    def __init__(self, code: str | None = None, **values: Any) -> None:
        self.code = code or self.default_code
        self.values = MappingProxyType(values)
        super().__init__(self.code)

    def __str__(self) -> str:
        values = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"{self.code}({values})"

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
