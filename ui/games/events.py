"""How a game's log reads. The engine keeps what happened as events, a code and its values
(:class:`engine.core.Event`); the game's module ``ui/games/<game_id>/events.py`` maps each code
to a sentence (``EVENTS``, worded as :mod:`ui.games.wording` says)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.core import Event
from ui.games.refusals import table_of
from ui.games.wording import Wording, player, say


def events_of(game_id: str) -> Mapping[str, Wording]:
    """The sentences of ``game_id``'s events: ``ui.games.<game_id>.events.EVENTS``."""
    return table_of(game_id, "events")


def told(event: Event, game_id: str, seat_name: Callable[[int], str] = player) -> str:
    """``event`` of the game ``game_id`` in the reader's language; ``seat_name`` names a seat
    (the screen's own names: "Player 1 (you)")."""
    return say(event, events_of(game_id), seat_name)
