"""The facts the drills ask about (a state's region, area, population, admission day and time
zones, read once from ``geodata``) and the sentences several drills say about them (a state's
border states, the Four Corners, a capital), as :class:`~engine.words.Sentence` codes that
``ui.quiz.wording`` words; names, the order of names, quotes of what someone typed.

Every helper here is shared by several drill modules; nothing here knows about modes.
:func:`and_list` and :func:`plural` are English only: the drills no longer use them (their
lists and counts are worded in the reader's language); they stay for the pages not yet
translated that import them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from functools import cache

import geodata
from engine.cards import by_usps, deck
from engine.words import Sentence

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
    """The state's name as the deck spells it (data: a page shows ``ui.state_names``')."""
    return by_usps()[usps].name


def by_name(codes: Iterable[str]) -> list[str]:
    """USPS codes sorted by the states' names as the deck spells them: the order a question's
    choices are dealt in (a page lists them in its reader's order)."""
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
def border_sentence(usps: str) -> Sentence:
    """The state's border states in a sentence ("Colorado borders 7 states: …"), the Four
    Corners neighbour (``corner_state``) named as such; Alaska and Hawaii have sentences of
    their own."""
    card = by_usps()[usps]
    if not card.borders:
        if usps in ("AK", "HI"):
            return Sentence(f"borders_none_{usps.lower()}")
        return Sentence("borders_none", state=usps)
    partner = four_corners_partner().get(usps)
    return Sentence(
        "borders", state=usps, count=len(card.borders), states=tuple(by_name(card.borders)),
        corner_state=partner,
    )  # fmt: skip


def four_corners_remark(usps: str) -> Sentence:
    """Why the state's Four Corners partner counts as a border state."""
    return Sentence("four_corners_counts", partner_state=four_corners_partner()[usps], state=usps)


def capital_remarks(states: Iterable[str]) -> tuple[tuple[str, Sentence], ...]:
    """(state, "The capital of X is C.") for each state: the remark on a state given wrongly
    where its capital is what matters."""
    return tuple((c, Sentence("capital_is", state=c, capital=c)) for c in states)


def capital_answer(usps: str) -> tuple[Sentence, tuple[tuple[str, Sentence], ...]]:
    """The explanation of a question whose answer is the state of a capital ("Denver is the
    capital of Colorado."), and the remarks on every other state given instead."""
    others = capital_remarks(c for c in all_states() if c != usps)
    return Sentence("capital_of_state", capital=usps, state=usps), others
