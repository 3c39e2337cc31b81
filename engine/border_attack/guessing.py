"""A guess typed from memory: the leader's one guess at the part the follower kept back.

The rules sheet has the leader *say* its guess, from what it knows: the state (when the border
states were announced) or the complete list of its border states (when the name was). A
player types it; :func:`read_guess` reads the text into the move it names, with the same
forgiving matching as the drills (``engine.quiz.readers.read_state``, built on
``engine.answers``: any case, USPS codes and common abbreviations, small misspellings read as
the name they are close to, with a remark).

A typed text that names no move is refused and nothing is played, so a slip never costs the
guess:

- a name that is not a state (unknown, ambiguous, a capital, DC), or empty;
- for a state guess, more than one state;
- for a border guess, the announced state itself, or not exactly as many states as were
  announced (the app's rule for every border guess: it must name as many states as the
  follower announced). States are separated by commas, semicolons, new lines, "and" or "y";
  a state named twice counts once. A state with no border states is guessed with "none"
  (or "ninguno", the word a Spanish page asks for).

The reader says no sentence: a refusal is a code and its values (:class:`engine.core.Refusal`),
worded by ``ui/games/border_attack/refusals.py`` as the rules' refusals are, and a misspelling
read as a name is a :class:`Remark`, worded by ``ui.games.border_attack.moves``. A name the
drills' reader does not take is refused with that reader's own message (``not_read``).

Whether the guess is *right* is the game's to say when the move is played
(:class:`engine.border_attack.BorderAttack`), not this reader's.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from engine.answers import MAX_ANSWER_CHARS
from engine.border_attack.actions import GuessBorders, GuessState
from engine.border_attack.observation import Announcement
from engine.core import Coded, Refusal
from engine.quiz.readers import read_state

#: what separates the states of a typed border list
_SEPARATORS = re.compile(r"\s*(?:[,;\n]|\band\b|\by\b|&)\s*", re.IGNORECASE)
_NONE = frozenset(
    {"none", "no states", "no state", "nothing", "no border states", "0"}
    | {"ninguno", "ninguna", "nada"}
)


class Remark(Coded):
    """How an accepted guess was read, worth saying: ``Remark("read_as", item="Indianna",
    card="IN")`` (a misspelling read as the name it is close to)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class TypedGuess:
    """The reading of a typed guess: ``action`` is the move it names (``None``: refused, and
    ``refusal`` says why); ``remarks`` of an accepted guess are the misspellings read as
    names (none otherwise)."""

    action: GuessState | GuessBorders | None
    refusal: Refusal | None = None
    remarks: tuple[Remark, ...] = ()

    @property
    def accepted(self) -> bool:
        return self.action is not None


def guess_size_fits(announcement: Announcement, codes: Collection[str]) -> bool:
    """Whether a border guess names as many states as ``announcement`` says the card borders
    (the app's rule for every border guess, typed or picked)."""
    return len(codes) == announcement.count


def _items(text: str) -> list[str]:
    return [t for t in _SEPARATORS.split(text.strip()) if t]


def _read_states(items: list[str]) -> tuple[list[str], list[Remark], Refusal | None]:
    """The states ``items`` name (each once, in order), the remarks on misspellings, and the
    first refusal (``None`` when every item names a state)."""
    codes: list[str] = []
    remarks: list[Remark] = []
    for item in items:
        reading = read_state(item)
        if reading.value is None:
            if reading.message:
                return codes, remarks, Refusal("not_read", message=reading.message)
            return codes, remarks, Refusal("not_a_state", item=item)
        if reading.corrected:
            remarks.append(Remark("read_as", item=item.strip(), card=reading.value))
        if reading.value not in codes:
            codes.append(reading.value)
    return codes, remarks, None


def read_guess(announcement: Announcement, text: str) -> TypedGuess:
    """The move a typed guess names against ``announcement``, or its refusal (see the module
    docstring)."""
    if len(text) > MAX_ANSWER_CHARS:
        return TypedGuess(None, Refusal("answer_too_long", limit=MAX_ANSWER_CHARS))
    if announcement.usps is None:
        return _read_state_guess(text)
    return _read_borders_guess(announcement, text)


def _read_state_guess(text: str) -> TypedGuess:
    items = _items(text)
    if len(items) > 1:
        return TypedGuess(None, Refusal("one_state_only"))
    codes, remarks, refused = _read_states(items or [""])
    if refused is not None:
        return TypedGuess(None, refused)
    return TypedGuess(GuessState(codes[0]), remarks=tuple(remarks))


def _read_borders_guess(announcement: Announcement, text: str) -> TypedGuess:
    named = announcement.usps
    assert named is not None
    n = announcement.count
    items = _items(text)
    if n == 0 and (not items or " ".join(items).lower() in _NONE):
        return TypedGuess(GuessBorders(frozenset()))
    if not items:
        return TypedGuess(None, Refusal("type_the_borders", card=named, count=n))
    codes: list[str] = []
    remarks: list[Remark] = []
    if not (len(items) == 1 and items[0].lower() in _NONE):
        codes, remarks, refused = _read_states(items)
        if refused is not None:
            return TypedGuess(None, refused)
    if named in codes:
        return TypedGuess(None, Refusal("announced_state_guessed", card=named))
    if n == 0:
        return TypedGuess(None, Refusal("type_none", card=named))
    if not guess_size_fits(announcement, codes):
        return TypedGuess(
            None, Refusal("not_as_many_as_announced", card=named, count=n, cards=tuple(codes))
        )
    return TypedGuess(GuessBorders(frozenset(codes)), remarks=tuple(remarks))
