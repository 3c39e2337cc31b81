"""The facts the drills ask about (a state's region, area, population, admission day and time
zones, read once from ``geodata``) and the words they are said in: names, lists, plurals, the
border sentence, quotes of what someone typed.

Every helper here is shared by several drill modules; nothing here knows about modes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from functools import cache

import geodata
from engine.cards import by_usps, deck

ECHO_LIMIT = 40  #: characters of a bad value quoted back in a note


@dataclass(frozen=True, slots=True)
class Facts:
    """The figures of one state the rank and zone drills use."""

    region: str
    area: int
    population: int
    admitted: date
    time_zones: tuple[str, ...]


@cache
def facts() -> dict[str, Facts]:
    """USPS code → the state's :class:`Facts`."""
    return {
        usps: Facts(
            region=row["region"],
            area=int(row["total_area_sq_mi"]),
            population=int(row["population_2020"]),
            admitted=row["admitted"].date(),
            time_zones=tuple(row["time_zones"].split(";")),
        )
        for usps, row in geodata.states().iterrows()
    }


@cache
def all_states() -> tuple[str, ...]:
    """The 50 USPS codes, in deck order."""
    return tuple(c.usps for c in deck())


@cache
def four_corners_partner() -> dict[str, str]:
    """USPS code → the state it meets only at the Four Corners point (AZ–CO, NM–UT)."""
    out: dict[str, str] = {}
    for pair in geodata.FOUR_CORNERS:
        a, b = sorted(pair)
        out[a], out[b] = b, a
    return out


def name(usps: str) -> str:
    """The state's name."""
    return by_usps()[usps].name


def by_name(codes: Iterable[str]) -> list[str]:
    """USPS codes sorted by the states' names."""
    return sorted(codes, key=name)


def and_list(items: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"; "none" for no item."""
    items = list(items)
    if not items:
        return "none"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def plural(k: int, word: str) -> str:
    """ "1 state", "2 states"."""
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def key(text: str) -> str:
    """Text reduced to its case-folded letters and digits, to look a name up ("North-East" and
    "northeast" are one key)."""
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def echo(text: str, limit: int = ECHO_LIMIT) -> str:
    """A value typed by someone, cut to ``limit`` characters (then "…") to be quoted back."""
    text = str(text)
    return text if len(text) <= limit else text[:limit] + "…"


@cache
def border_sentence(usps: str) -> str:
    """The state's border states in a sentence, the Four Corners neighbour named as such."""
    card = by_usps()[usps]
    if not card.borders:
        if usps == "AK":
            return "Alaska borders no state: its only land neighbour is Canada."
        if usps == "HI":
            return "Hawaii borders no state: it is a chain of islands in the Pacific."
        return f"{card.name} borders no other state."
    partner = four_corners_partner().get(usps)
    names = [
        f"{name(c)} (corner to corner, at the Four Corners)" if c == partner else name(c)
        for c in by_name(card.borders)
    ]
    return f"{card.name} borders {plural(len(names), 'state')}: {and_list(names)}."


def four_corners_remark(usps: str) -> str:
    """Why the state's Four Corners partner counts as a border state."""
    partner = four_corners_partner()[usps]
    return (
        f"{name(partner)} counts: it meets {name(usps)} at the Four Corners, corner to "
        "corner, and the Four Corners count as a border."
    )


def capital_remarks(states: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """(state, "The capital of X is C.") for each state: the remark on a state given wrongly
    where its capital is what matters."""
    return tuple((c, f"The capital of {name(c)} is {by_usps()[c].capital}.") for c in states)


def capital_answer(usps: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The explanation of a question whose answer is the state of a capital ("Denver is the
    capital of Colorado."), and the remarks on every other state given instead."""
    card = by_usps()[usps]
    others = capital_remarks(c for c in all_states() if c != usps)
    return f"{card.capital} is the capital of {card.name}.", others
