"""How a game's refusals read. The engine refuses a move with a code and its values
(:class:`engine.core.Refusal`); the game's module ``ui/games/<game_id>/refusals.py`` maps each
code it can give to a sentence (``REFUSALS``, worded as :mod:`ui.games.wording` says). The
codes every game shares are worded here (:data:`COMMON`); a game that gives no others needs
no module. A set-up a game's ``new`` refuses (:class:`engine.core.BadSetup`) is worded here
too (:data:`SETUP`, :func:`setup_worded`)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from engine.core import Coded, Refusal
from engine.games import game_class
from messages import N_, _, join, ngettext, number
from ui.games.wording import Wording, say

COMMON: Mapping[str, Wording] = {
    "not_your_turn": N_("It is not your turn."),
    "game_over": N_("The game is over."),
}


def _players(title: str, given: str, low: int, high: int) -> str:
    if low == high:
        text = ngettext(
            "{title} is for {low} player, not {given}.",
            "{title} is for {low} players, not {given}.",
            low,
        )
    else:
        text = _("{title} is for {low} to {high} players, not {given}.")
    return text.format(title=title, given=given, low=number(low), high=number(high))


def _unknown_options(title: str, options: tuple[str, ...]) -> str:
    return ngettext(
        "{title} has no option {options}.", "{title} has no options {options}.", len(options)
    ).format(title=title, options=", ".join(options))  # the options' own names, as typed


def _target(title: str, given: str, targets: tuple[int, ...]) -> str:
    return _("The target score must be {targets} points, not {given}.").format(
        targets=join([number(t) for t in targets], "or"), given=given
    )


#: the set-ups a game's ``new`` refuses (:class:`engine.core.BadSetup`), by code; ``{title}``
#: is the game's
SETUP: Mapping[str, Wording] = {
    "players": _players,
    "no_teams": N_("{title} has no teams: every player plays alone."),
    "teams": N_(
        "{players} players cannot make {teams} teams: 4 players make 2 teams of 2, 6 players "
        "make 2 teams of 3 or 3 teams of 2."
    ),
    "unknown_options": _unknown_options,
    "dealer": N_("The dealer must be you or the AI (seat 0 or 1), not {given}."),
    "target": _target,
}


def setup_worded(refusal: Refusal, game_id: str) -> str:
    """A set-up ``game_id``'s ``new`` refuses, in the reader's language (:data:`SETUP`)."""
    return say(Coded(refusal.code, title=_(game_class(game_id).title), **refusal.values), SETUP)


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
