"""How a game's refusals read. The engine refuses a move with a code and its values
(:class:`engine.core.Refusal`); the game's module ``ui/games/<game_id>/refusals.py`` maps each
code it can give to a sentence (``REFUSALS``, worded as :mod:`ui.games.wording` says). The
codes every game shares are worded here (:data:`COMMON`); a game that gives no others needs
no module."""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from engine.core import Refusal
from messages import N_
from ui.games.wording import Wording, say

COMMON: Mapping[str, Wording] = {
    "not_your_turn": N_("It is not your turn."),
    "game_over": N_("The game is over."),
}


def table_of(game_id: str, part: str) -> Mapping[str, Wording]:
    """The table ``ui.games.<game_id>.<part>`` declares (its one upper-case name: ``REFUSALS``,
    ``EVENTS``); empty when the game has no such module."""
    name = f"ui.games.{game_id}.{part}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        return {}
    return getattr(module, part.upper())


def refusals_of(game_id: str) -> Mapping[str, Wording]:
    """The sentences of ``game_id``'s own refusals: ``ui.games.<game_id>.refusals.REFUSALS``."""
    return table_of(game_id, "refusals")


def worded(refusal: Refusal, game_id: str) -> str:
    """``refusal`` of the game ``game_id`` in the reader's language, from the game's
    :func:`refusals_of` and :data:`COMMON`. A code worded nowhere raises ``KeyError`` (the
    tests walk every code the engines give)."""
    return say(refusal, {**COMMON, **refusals_of(game_id)})
