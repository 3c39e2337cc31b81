"""Reading a response: what value a typed, chosen or clicked answer names, before it is judged.

Each reader takes what the page sent (a USPS code, a choice, typed text) and returns a
:class:`Reading`: the value it names (a USPS code, a letter, a number, a Zone), the answer as
read in words, and a message. Three outcomes:

* **read**: ``value`` is set (a near miss is read too, with a message naming the official
  spelling);
* **a counted non-answer**: ``value`` is ``None`` but ``counted`` (a city that is no capital, DC
  where a state is asked): a real wrong answer;
* **not counted**: unreadable, ambiguous, incomplete or of the wrong kind: asked again with no
  penalty.

Typed state names and capitals are matched by :mod:`engine.answers`. Every reader refuses a
response longer than ``engine.answers.MAX_ANSWER_CHARS`` first (not counted), so no reader
ever works on more than that; :func:`state_items` refuses a list of states over
``engine.answers.MAX_LIST_ITEMS`` items or ``MAX_LIST_CHARS`` characters likewise.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import wraps
from itertools import islice

from engine.answers import (
    MAX_ANSWER_CHARS,
    MAX_LIST_CHARS,
    MAX_LIST_ITEMS,
    Match,
    MatchStatus,
    match_capital,
    match_state,
    too_long,
)
from engine.cards import ZONES, by_usps
from engine.quiz.facts import key, name

_ZONE_KEYS = {key(z): z for z in ZONES}


@dataclass(frozen=True, slots=True)
class Reading:
    """What a response names: ``value`` (``None`` when it names no answer), ``given`` (the
    response in words), ``message`` (a sentence for the student, or empty), ``counted``
    (false for a response that is asked again without penalty) and ``corrected`` (true when a
    near miss, a small misspelling, was read as the name it is close to)."""

    value: str | None = None
    given: str = ""
    message: str = ""
    counted: bool = True
    corrected: bool = False


def from_match(match: Match) -> Reading:
    """The reading of a typed name as :mod:`engine.answers` matched it."""
    if match.accepted:
        message = match.message if match.status is not MatchStatus.EXACT else ""
        corrected = match.status is MatchStatus.CLOSE
        return Reading(match.usps, match.name or "", message, corrected=corrected)
    if match.status is MatchStatus.NON_ANSWER:
        return Reading(None, match.name or "", match.message)
    return Reading(None, match.text.strip(), match.message, counted=False)


def _bounded(reader: Callable[[object], Reading]) -> Callable[[object], Reading]:
    """``reader``, refusing first a response longer than ``MAX_ANSWER_CHARS``."""

    @wraps(reader)
    def read(response: object) -> Reading:
        text = str(response)
        if len(text) > MAX_ANSWER_CHARS:
            return from_match(too_long(text))
        return reader(response)

    return read


@_bounded
def read_state(response: object) -> Reading:
    """A USPS code, or a state's name typed forgivingly. A capital typed where a state is asked
    is not counted (and its state is not named: the question may be which state it is the
    capital of)."""
    text = str(response).strip()
    if text.upper() in by_usps():
        code = text.upper()
        return Reading(code, name(code))
    match = match_state(text)
    if match.status is MatchStatus.OTHER_KIND:
        message = f"{match.name} is a state capital, not a state. Type the name of a state."
        return Reading(None, match.text.strip(), message, counted=False)
    return from_match(match)


@_bounded
def read_capital(response: object) -> Reading:
    """A capital typed forgivingly; its value is the USPS code of its state."""
    return from_match(match_capital(str(response)))


@_bounded
def read_letter(response: object) -> Reading:
    """One letter (a trailing full stop forgiven), read in upper case."""
    text = str(response).strip().rstrip(".").strip()
    if len(text) == 1 and text.isalpha() and text.isascii():
        return Reading(text.upper(), text.upper())
    return Reading(None, text, "Answer with a single letter.", counted=False)


@_bounded
def read_number(response: object) -> Reading:
    """A whole number in decimal digits."""
    text = str(response).strip()
    if text.isascii() and text.isdigit():
        return Reading(str(int(text)), str(int(text)))
    return Reading(None, text, "Answer with a whole number.", counted=False)


@_bounded
def read_zone(response: object) -> Reading:
    """A Zone by its name or the start of it (three letters at least), "zone" or "time zone"
    after it forgiven."""
    text = str(response).strip()
    typed = key(text)
    for suffix in ("timezone", "zone", "time"):
        if typed.endswith(suffix) and len(typed) > len(suffix):
            typed = typed.removesuffix(suffix)
            break
    hits = [
        z for k, z in _ZONE_KEYS.items() if k == typed or (len(typed) >= 3 and k.startswith(typed))
    ]
    if len(hits) == 1:
        return Reading(hits[0], hits[0])
    message = f"Answer with one of the Zones: {', '.join(ZONES)}."
    return Reading(None, text, message, counted=False)


def state_items(response: object) -> list[object] | None:
    """The items of a list of states (an iterable, or one string listing them separated by
    commas; ``None`` is no item); ``None`` when it is longer than ``MAX_LIST_CHARS``
    characters or ``MAX_LIST_ITEMS`` items, found without reading past the cap."""
    if response is None:
        return []
    if isinstance(response, str):
        if len(response) > MAX_LIST_CHARS:
            return None
        items: list[object] = [t for t in response.split(",") if t.strip()]
    elif isinstance(response, Iterable):
        items = list(islice(response, MAX_LIST_ITEMS + 1))
    else:
        items = [response]
    if len(items) > MAX_LIST_ITEMS or sum(len(str(item)) for item in items) > MAX_LIST_CHARS:
        return None
    return items


def read_states(response: object) -> tuple[list[str], list[str]]:
    """USPS codes named by ``response`` (codes or names: an iterable, or one string listing
    them separated by commas), each once, and the items not understood. A list over the cap
    (:func:`state_items`) is one item not understood, unread."""
    items = state_items(response)
    if items is None:
        return [], [f"a list of more than {MAX_LIST_ITEMS} states or {MAX_LIST_CHARS:,} characters"]
    codes: list[str] = []
    unknown: list[str] = []
    for item in items:
        reading = read_state(item)
        if reading.value:
            if reading.value not in codes:
                codes.append(reading.value)
        else:
            unknown.append(str(item).strip())
    return codes, unknown
