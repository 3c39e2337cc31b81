"""The refusals of a shared table: :class:`TableError` and its kinds. Each carries a code and
the values that make it precise (as :class:`engine.core.Refusal` does), never a sentence: the
page words it in the reader's language (``ui.games.shared.errors``)."""

from __future__ import annotations

from engine.core import Refusal
from store import errors


class TableError(errors.Refused):
    """A request the table refuses: ``TableError("full", table="K7PQ2M")``. ``code`` says
    which refusal, ``values`` what makes it precise (plain data); ``str(error)`` is for logs
    (``full(table='K7PQ2M')``). A kind has its own default code."""


class TableNotFound(TableError, errors.NotFound):
    """No table answers to this code or seat token."""

    default_code = "table_gone"


class TableFull(TableError):
    """Every seat of the table is taken."""

    default_code = "full"


class TableMovedOn(TableError):
    """The move does not extend the sequence the table has now: refresh and look again."""

    default_code = "moved_on"


class NotYourTurn(TableError):
    """The seat token is not the seat to act."""

    default_code = "not_your_turn"


class GameOver(TableError):
    """A move after the end of the game."""

    default_code = "game_over"


class NotHost(TableError):
    """Only the host may do this."""

    default_code = "not_host"


class SetupRefused(TableError):
    """The game refuses the table's set-up (its players, teams or options): ``refusal`` says
    why (:class:`engine.core.BadSetup`'s), and ``game`` is the game's id (the page words it as
    the game's set-up refusal)."""

    default_code = "bad_options"

    def __init__(self, refusal: Refusal, game: str) -> None:
        super().__init__(game=game)
        self.refusal = refusal

    def __str__(self) -> str:
        return f"{self.code}({self.refusal!r})"


class MoveRefused(TableError):
    """The game's rules refuse the move: ``refusal`` says why (the page words it as the game's
    refusal)."""

    default_code = "move_refused"

    def __init__(self, refusal: Refusal) -> None:
        super().__init__()
        self.refusal = refusal

    def __str__(self) -> str:
        return f"{self.code}({self.refusal!r})"
