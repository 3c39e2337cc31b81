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

A reading says no sentence: what it tells the student is :class:`~engine.words.Sentence` codes
(``said``), and the response as read is one too (``given``: a value by :func:`value_said`, or
the text as typed), worded by ``ui.quiz.wording``.
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
from engine.quiz.facts import echo, key
from engine.words import Sentence, words

_ZONE_KEYS = {key(z): z for z in ZONES}


def value_said(kind: str, value: str) -> Sentence:
    """One value of ``kind`` (a :class:`~engine.quiz.question.ValueKind`), to word: a state
    (``value_state``, its USPS code), a capital (``value_capital``, its state's code), a
    letter, a number or a Zone."""
    if kind == "number":
        return Sentence("value_number", count=int(value))
    return Sentence(f"value_{kind}", **{kind: value})


def as_typed(text: str) -> Sentence | None:
    """Text as the student typed it, quoted back as it is (``None`` for no text)."""
    return Sentence("value_text", text=text) if text else None


@dataclass(frozen=True, slots=True)
class Reading:
    """What a response names: ``value`` (``None`` when it names no answer), ``given`` (the
    response as read: ``None`` for nothing), ``said`` (what to tell the student, or nothing),
    ``counted`` (false for a response that is asked again without penalty) and ``corrected``
    (true when a near miss, a small misspelling, was read as the name it is close to)."""

    value: str | None = None
    given: Sentence | None = None
    said: tuple[Sentence, ...] = ()
    counted: bool = True
    corrected: bool = False

    @property
    def message(self) -> str:
        """``said`` in the current language."""
        return words(self.said)


def from_match(match: Match, kind: str) -> Reading:
    """The reading of a typed name as :mod:`engine.answers` matched it (a ``kind`` of value:
    ``"state"`` or ``"capital"``)."""
    if match.accepted:
        said = match.said if match.status is not MatchStatus.EXACT else ()
        corrected = match.status is MatchStatus.CLOSE
        assert match.usps is not None
        return Reading(match.usps, value_said(kind, match.usps), said, corrected=corrected)
    if match.status is MatchStatus.NON_ANSWER:
        return Reading(None, as_typed(match.name or ""), match.said)
    return Reading(None, as_typed(match.text.strip()), match.said, counted=False)


def _bounded(reader: Callable[[object], Reading]) -> Callable[[object], Reading]:
    """``reader``, refusing first a response longer than ``MAX_ANSWER_CHARS``."""

    @wraps(reader)
    def read(response: object) -> Reading:
        text = str(response)
        if len(text) > MAX_ANSWER_CHARS:
            return from_match(too_long(text), "state")
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
        return Reading(code, value_said("state", code))
    match = match_state(text)
    if match.status is MatchStatus.OTHER_KIND:
        said = Sentence("capital_not_a_state_asked", name=match.name)
        return Reading(None, as_typed(match.text.strip()), (said,), counted=False)
    return from_match(match, "state")


@_bounded
def read_capital(response: object) -> Reading:
    """A capital typed forgivingly; its value is the USPS code of its state."""
    return from_match(match_capital(str(response)), "capital")


@_bounded
def read_letter(response: object) -> Reading:
    """One letter (a trailing full stop forgiven), read in upper case."""
    text = str(response).strip().rstrip(".").strip()
    if len(text) == 1 and text.isalpha() and text.isascii():
        return Reading(text.upper(), value_said("letter", text.upper()))
    return Reading(None, as_typed(text), (Sentence("one_letter"),), counted=False)


@_bounded
def read_number(response: object) -> Reading:
    """A whole number in decimal digits."""
    text = str(response).strip()
    if text.isascii() and text.isdigit():
        return Reading(str(int(text)), value_said("number", str(int(text))))
    return Reading(None, as_typed(text), (Sentence("whole_number"),), counted=False)


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
        return Reading(hits[0], value_said("zone", hits[0]))
    said = Sentence("one_of_the_zones", zones=ZONES)
    return Reading(None, as_typed(text), (said,), counted=False)


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
    (:func:`state_items`) is one item not understood (its start), unread."""
    items = state_items(response)
    if items is None:
        return [], [echo(str(response))]
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
