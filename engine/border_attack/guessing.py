"""A guess typed from memory: the leader's one guess at the part the follower kept back.

The rules sheet has the leader *say* its guess, from what it knows: the state (when the border
states were announced) or the complete list of its border states (when the name was). A
player types it; :func:`read_guess` reads the text into the move it names, with the same
forgiving matching as the drills (``engine.quiz.readers.read_state``, built on
``engine.answers``: any case, USPS codes and common abbreviations, small misspellings read as
the name they are close to, with a remark).

A typed text that names no move is refused in words and nothing is played, so a slip never
costs the guess:

- a name that is not a state (unknown, ambiguous, a capital, DC), or empty;
- for a state guess, more than one state;
- for a border guess, the announced state itself, or not exactly as many states as were
  announced (the app's rule for every border guess: it must name as many states as the
  follower announced). States are separated by commas, semicolons, new lines or "and";
  a state named twice counts once. A state with no border states is guessed with "none".

Whether the guess is *right* is the game's to say when the move is played
(:class:`engine.border_attack.BorderAttack`), not this reader's.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from engine.answers import MAX_ANSWER_CHARS, TOO_LONG_MESSAGE
from engine.border_attack.actions import GuessBorders, GuessState
from engine.border_attack.observation import Announcement
from engine.cards import by_usps
from engine.quiz.readers import read_state

#: what separates the states of a typed border list
_SEPARATORS = re.compile(r"\s*(?:[,;\n]|\band\b|&)\s*", re.IGNORECASE)
_NONE = frozenset({"none", "no states", "no state", "nothing", "no border states", "0"})


@dataclass(frozen=True, slots=True)
class TypedGuess:
    """The reading of a typed guess: ``action`` is the move it names (``None``: refused, and
    ``message`` says why); ``message`` of an accepted guess remarks on a misspelling read as
    a name (empty otherwise)."""

    action: GuessState | GuessBorders | None
    message: str = ""

    @property
    def accepted(self) -> bool:
        return self.action is not None


def guess_size_fits(announcement: Announcement, codes: Collection[str]) -> bool:
    """Whether a border guess names as many states as ``announcement`` says the card borders
    (the app's rule for every border guess, typed or picked)."""
    return len(codes) == announcement.count


def _names(codes: list[str]) -> str:
    return ", ".join(by_usps()[c].name for c in codes)


def _items(text: str) -> list[str]:
    return [t for t in _SEPARATORS.split(text.strip()) if t]


def _read_states(items: list[str]) -> tuple[list[str], list[str], str]:
    """The states ``items`` name (each once, in order), the remarks on misspellings, and the
    first refusal (empty when every item names a state)."""
    codes: list[str] = []
    remarks: list[str] = []
    for item in items:
        reading = read_state(item)
        if reading.value is None:
            return codes, remarks, reading.message or f"“{item}” is not a state."
        if reading.corrected:
            remarks.append(f"“{item.strip()}” read as {reading.given}.")
        if reading.value not in codes:
            codes.append(reading.value)
    return codes, remarks, ""


def read_guess(announcement: Announcement, text: str) -> TypedGuess:
    """The move a typed guess names against ``announcement``, or its refusal in words (see
    the module docstring)."""
    if len(text) > MAX_ANSWER_CHARS:
        return TypedGuess(None, TOO_LONG_MESSAGE)
    if announcement.usps is None:
        return _read_state_guess(text)
    return _read_borders_guess(announcement, text)


def _read_state_guess(text: str) -> TypedGuess:
    items = _items(text)
    if len(items) > 1:
        return TypedGuess(None, "Guess one state: the card is a single state.")
    codes, remarks, refused = _read_states(items or [""])
    if refused:
        return TypedGuess(None, refused)
    return TypedGuess(GuessState(codes[0]), " ".join(remarks))


def _read_borders_guess(announcement: Announcement, text: str) -> TypedGuess:
    named = by_usps()[announcement.usps]
    n = announcement.count
    items = _items(text)
    if n == 0 and (not items or " ".join(items).lower() in _NONE):
        return TypedGuess(GuessBorders(frozenset()))
    if not items:
        return TypedGuess(None, f"Type {named.name}'s {n} border states, separated by commas.")
    if len(items) == 1 and items[0].lower() in _NONE:
        codes, remarks, refused = [], [], ""
    else:
        codes, remarks, refused = _read_states(items)
    if refused:
        return TypedGuess(None, refused)
    if named.usps in codes:
        return TypedGuess(
            None, f"{named.name} is the announced state: name its border states, not it."
        )
    if n == 0:
        return TypedGuess(None, f"{named.name} has no border states: type “none”.")
    if not guess_size_fits(announcement, codes):
        said = f"you named {len(codes)}" + (f" ({_names(codes)})" if codes else "")
        plural = "s" if n != 1 else ""
        return TypedGuess(
            None, f"{named.name} has {n} border state{plural}: {said}. Name exactly {n}."
        )
    return TypedGuess(GuessBorders(frozenset(codes)), " ".join(remarks))
