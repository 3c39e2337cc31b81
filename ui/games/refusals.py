"""How a game's refusals read. The engine refuses a move with a code and its values
(:class:`engine.core.Refusal`); the game's module ``ui/games/<game_id>/refusals.py`` maps each
code it can give to a sentence (``REFUSALS``), marked for the catalogue with
:func:`messages.N_` and translated when it is shown. The codes every game shares are worded
here (:data:`COMMON`); a game that gives no others needs no module.

A sentence's values are worded by their names: ``card`` (a USPS code; ``None`` for something
that is no card) becomes the state's name ("That card"), ``cards`` the states' names as a
list, ``seat`` (0 for the first) the player as the engine's log names it ("Player 1"),
``category`` (``"size"``) its label ("Size"), ``zone`` (``"Pacific"``) the time zone's name,
an ``int`` a number; anything else is shown as given. A sentence whose form depends on
a count is a function of the raw values instead (it calls :func:`messages.ngettext`)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping

from engine.cards import by_usps
from engine.core import Refusal
from messages import N_, _, join, number, pgettext

Wording = str | Callable[..., str]  #: a marked sentence, or a function of the values

COMMON: Mapping[str, Wording] = {
    "not_your_turn": N_("It is not your turn."),
    "game_over": N_("The game is over."),
}


def card_name(usps: str | None) -> str:
    """The name of the card ``usps`` ("That card" for something that is no card)."""
    return by_usps()[usps].name if usps in by_usps() else _("That card")


def card_names(codes: object) -> str:
    """The names of the cards ``codes`` as a list in the reader's language."""
    return join(card_name(code) for code in codes)  # type: ignore[attr-defined]


def player(seat: int) -> str:
    """How a refusal names a seat: "Player 1" for seat 0 (as the engine's log does)."""
    return _("Player {number}").format(number=number(seat + 1))


def category_label(value: str) -> str:
    """A trick's category by its value: "Size" for ``"size"``."""
    return {
        "size": pgettext("a trick's category", "Size"),
        "statehood": pgettext("a trick's category", "Statehood"),
        "population": pgettext("a trick's category", "Population"),
    }[value]


def zone_name(zone: str) -> str:
    """A time zone's name, as a card's Zone says it ("Pacific")."""
    return {
        "Eastern": pgettext("time zone", "Eastern"),
        "Central": pgettext("time zone", "Central"),
        "Mountain": pgettext("time zone", "Mountain"),
        "Pacific": pgettext("time zone", "Pacific"),
        "Alaska": pgettext("time zone", "Alaska"),
        "Hawaii": pgettext("time zone", "Hawaii"),
    }[zone]


def _value(name: str, value: object) -> object:
    if name == "card":
        return card_name(value)  # type: ignore[arg-type]
    if name == "cards":
        return card_names(value)
    if name == "seat":
        return player(value)  # type: ignore[arg-type]
    if name == "category":
        return category_label(value)  # type: ignore[arg-type]
    if name == "zone":
        return zone_name(value)  # type: ignore[arg-type]
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return value


def refusals_of(game_id: str) -> Mapping[str, Wording]:
    """The sentences of ``game_id``'s own refusals: ``ui.games.<game_id>.refusals.REFUSALS``
    (none when the game has no such module)."""
    name = f"ui.games.{game_id}.refusals"
    try:
        return importlib.import_module(name).REFUSALS
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        return {}


def worded(refusal: Refusal, game_id: str) -> str:
    """``refusal`` of the game ``game_id`` in the reader's language, from the game's
    :func:`refusals_of` and :data:`COMMON`. A code worded nowhere raises ``KeyError`` (the
    tests walk every code the engines give)."""
    wording = refusals_of(game_id).get(refusal.code) or COMMON[refusal.code]
    if callable(wording):
        return wording(**refusal.values)
    return _(wording).format(**{k: _value(k, v) for k, v in refusal.values.items()})
