"""How the engine's codes read (:class:`engine.core.Coded`: a refusal, a log's event). A game
maps each code to a sentence, marked for the catalogue with :func:`messages.N_` and translated
when it is shown (:func:`say`); its refusals in ``ui/games/<game_id>/refusals.py``
(:mod:`ui.games.refusals`), its events in ``ui/games/<game_id>/events.py``
(:mod:`ui.games.events`).

A sentence's values are worded by their names' last word (``card``, ``led_card``): ``card`` (a
USPS code; ``None`` for something that is no card) becomes the state's name ("That card"),
``cards`` the states' names as a list, ``seat`` (0 for the first) the player ("Player 1", or
as the screen names its seats), ``category`` (``"size"``) its label ("Size"), ``zone``
(``"Pacific"``) the time zone's name, ``rank`` an ordinal ("3rd"), another ``int`` a number;
anything else is shown as given. A sentence whose form depends on a count
is a function of the raw values instead (it calls :func:`messages.ngettext`, and names a seat
with :func:`player`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.core import Coded
from messages import _, number, ordinal, pgettext
from ui.state_names import state_name, state_names
from ui.value_words import Kinds, worded

Wording = str | Callable[..., str]  #: a marked sentence, or a function of the raw values


def card_name(usps: str | None) -> str:
    """The name of the card ``usps`` in the reader's language ("That card" for something that
    is no card)."""
    return state_name(usps)


def card_names(codes: object) -> str:
    """The names of the cards ``codes`` as a list in the reader's language, in the order of
    their names ("none" for no card)."""
    return state_names(codes)  # type: ignore[arg-type]


def player(seat: int) -> str:
    """How a seat is named when the screen gives it no name of its own: "Player 1" for 0."""
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


#: how the games' sentences word a value, by its kind (a seat is worded by the table's names)
KINDS: Kinds = {
    "card": card_name,
    "cards": card_names,
    "category": category_label,
    "zone": zone_name,
    "rank": ordinal,
}


def say(
    coded: Coded, table: Mapping[str, Wording], seat_name: Callable[[int], str] = player
) -> str:
    """``coded`` in the reader's language, by its sentence in ``table`` (``KeyError`` for a
    code the table lacks); ``seat_name`` names a ``seat``."""
    wording = table[coded.code]
    if callable(wording):
        return wording(**coded.values)
    kinds = {**KINDS, "seat": seat_name}
    values = {k: worded(k, v, kinds) for k, v in coded.values.items()}
    return _(wording).format(**values)
