"""Reading a page's URL query parameters, for every page that takes them (a drill's settings:
:func:`engine.quiz.parse_settings`; a game's set-up: ``ui.games.setup.parse_setup``).

A link can never raise: a missing or empty parameter takes its default silently, and a bad
value takes it with a note naming the parameter, the bad value and what was used. Each reader
returns the value to use and appends its note to the caller's ``notes``; the note is the
caller's (``note`` makes it from the bad text: a code and values the page words, as a drill's
:class:`engine.words.Sentence`), for each page says what it used in its own words.
``params`` maps names to strings, or to lists of strings of which the last one counts (a
parameter given twice).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

Params = Mapping[str, object]
Note = Callable[[str], Any]  #: the note for a bad value, from its text

T = TypeVar("T")
D = TypeVar("D")


def last(params: Params, name: str) -> str | None:
    """Parameter ``name`` as text, stripped (the last value when there are several);
    ``None`` when it is missing or empty."""
    value = params.get(name)
    if isinstance(value, list | tuple):
        value = value[-1] if value else None
    if value is None:
        return None
    return str(value).strip() or None


def whole(text: str, *, signed: bool = False, digits: int = 30) -> int | None:
    """``text`` as a whole number: at most ``digits`` ASCII digits, after one sign (``+`` or
    ``-``) when ``signed``; ``None`` for anything else."""
    body = text[1:] if signed and text[:1] in ("+", "-") else text
    if not body.isascii() or not body.isdigit() or len(body) > digits:
        return None
    return int(text)


def number(
    params: Params,
    name: str,
    notes: list[Any],
    *,
    default: D,
    note: Note,
    ok: Callable[[int], bool] = lambda value: True,
    signed: bool = False,
    digits: int = 30,
) -> int | D:
    """Whole-number parameter ``name`` (read by :func:`whole`): ``default`` when missing; when
    not a whole number, or not ``ok``, ``note(text)`` is noted and ``default`` used."""
    text = last(params, name)
    if text is None:
        return default
    value = whole(text, signed=signed, digits=digits)
    if value is None or not ok(value):
        notes.append(note(text))
        return default
    return value


def one_of(
    params: Params,
    name: str,
    notes: list[Any],
    values: Mapping[str, T],
    *,
    note: Note,
    key: Callable[[str], str] = str.lower,
) -> T | None:
    """The value ``values`` holds under ``key(text)`` of parameter ``name``: ``None`` when
    missing, and when unknown, with ``note(text)`` noted."""
    text = last(params, name)
    if text is None:
        return None
    found = values.get(key(text))
    if found is None:
        notes.append(note(text))
    return found


def split(text: str, separators: str = ",") -> list[str]:
    """The items of a list in a parameter (``states=CO,UT``): split at any of ``separators``,
    stripped, empty ones left out."""
    for separator in separators[1:]:
        text = text.replace(separator, separators[0])
    return [item.strip() for item in text.split(separators[0]) if item.strip()]
