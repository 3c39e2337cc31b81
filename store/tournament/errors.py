"""The refusals of a tournament: :class:`TournamentError` and its kinds, each a code and its
values, never a sentence (the pages word them in the reader's language)."""

from __future__ import annotations

from store import errors


class TournamentError(errors.Refused):
    """A request a tournament refuses: ``TournamentError("name_taken", name="Owls")``."""


class NotFound(TournamentError, errors.NotFound):
    """No tournament or team answers to this code or key."""

    default_code = "tournament_gone"


class MovedOn(TournamentError):
    """The tournament moved on since the teacher's page read it (a second press, another
    device): nothing was done."""

    default_code = "moved_on"
