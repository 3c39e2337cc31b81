"""What counts as "the answer" of a drill question, for the tests that check that nothing shown
before Check names it (issue 28, item 1).

The rule, mode by mode, read from the question's value kind (so a new mode is covered by the
kind of its answer):

* a **state** (one, a set, an order: ``identify``, ``locate``, ``neighbors``, ``exact`` …): the
  answer states' names and postal codes;
* a **capital** (``capital``): the capital's name;
* a **letter** (``letter``): the name of the capital it is the first letter of (one letter
  alone is in every sentence);
* a **number** (``count``): the names of the asked state's border states (listing them counts
  them);
* a **Zone** (``zone``): the Zone's name.

What the question itself gives by design is not the answer: words of its prompt ("Find Utah on
the map": for ``locate`` the answer is *where* Utah is, which no word may say, and the map must
not single Utah out), and, for a set or an order of at most six states, the states offered (the
page lists them all alike). Which state the map *paints* is the picture the question asks about
("Which state is highlighted?"), so the map's ``roles`` keys are not words; every word the map
draws from its data is: legend, hover label, box label, accessible name, hint, refusal, notes.
"""

from __future__ import annotations

import re

from engine.cards import by_usps
from engine.quiz import AnswerType, Question, ValueKind


def answer_states(q: Question) -> set[str]:
    """The states that are the answer of a state question (empty for other kinds)."""
    if q.value_kind is not ValueKind.STATE:
        return set()
    return {q.answer} if isinstance(q.answer, str) else set(q.answer)


def answer_words(q: Question) -> set[str]:
    """The words that would give ``q``'s answer away before Check (see the module's rule)."""
    states = by_usps()
    if q.value_kind is ValueKind.STATE:
        codes = answer_states(q)
        words = {states[c].name for c in codes} | codes
    elif q.value_kind is ValueKind.CAPITAL:
        words = {q.label(str(q.answer))}
    elif q.value_kind is ValueKind.LETTER:
        assert q.focus
        words = {states[q.focus].capital}
    elif q.value_kind is ValueKind.NUMBER:
        assert q.focus
        words = {states[c].name for c in states[q.focus].borders}
    else:
        words = {str(q.answer)}
    given = set()
    if q.answer_type in (AnswerType.SET, AnswerType.ORDER) and len(q.choices) <= 6:
        given = {q.label(c) for c in q.choices} | set(q.choices)
    return {w for w in words - given if not _names(q.prompt, w)}


def _names(text: str, word: str) -> bool:
    """True when ``text`` holds ``word`` as a word of its own (a postal code in capitals only:
    "UT" is not in "OUT"; "Virginia" is not in "West Virginia")."""
    flags = 0 if word.isupper() else re.IGNORECASE
    return re.search(rf"(?<![\w-])(?<!West ){re.escape(word)}(?![\w-])", text, flags) is not None


def leaks(text: str, q: Question) -> list[str]:
    """The answer words of ``q`` that ``text`` holds."""
    return sorted(w for w in answer_words(q) if _names(text, w))
