"""The refusals of a shared table: :class:`TableError` and its kinds; the message is the
sentence to show."""

from __future__ import annotations

from engine.core import Refusal
from store import errors


class TableError(ValueError):
    """A request the table refuses; the message is the sentence to show."""


class TableNotFound(TableError, errors.NotFound):
    """No table answers to this code or seat token."""


class TableFull(TableError):
    """Every seat of the table is taken."""


class TableMovedOn(TableError):
    """The move does not extend the sequence the table has now: refresh and look again."""

    def __init__(self, message: str = "The table has moved on: look at the game again.") -> None:
        super().__init__(message)


class NotYourTurn(TableError):
    """The seat token is not the seat to act."""


class GameOver(TableError):
    """A move after the end of the game."""


class NotHost(TableError):
    """Only the host may do this."""


class MoveRefused(TableError):
    """The game's rules refuse the move: ``refusal`` says why (the page words it)."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal)
        self.refusal = refusal
