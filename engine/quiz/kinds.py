"""The kinds of fact a drill asks about a state (:class:`Kind`), and a mode's rule that maps its
questions onto them (:class:`ItemRule`), which each row of the modes table carries.

An *item* is one kind about one state (:class:`engine.quiz.items.Item`): a learner's progress
remembers each item met. A question is about one item, or several, each with its own outcome:
which states, :class:`Of` says.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from messages import N_


class Kind(StrEnum):
    """What an item asks about a state."""

    BORDERS = "borders"  #: which states it borders
    CAPITAL = "capital"  #: its capital, both ways
    LETTER = "letter"  #: its capital's first letter
    ZONE = "zone"  #: its capital's time zone
    LOCATION = "location"  #: where it is on the map
    SIZE = "size"  #: where it ranks by area
    STATEHOOD = "statehood"  #: where it ranks by admission to the Union
    POPULATION = "population"  #: where it ranks by people (2020)
    WEAKNESS = "weakness"  #: its worst rank (the lowest of the three)

    @property
    def label(self) -> str:
        """The kind as a page names it ("Capital's first letter"), in English: marked with
        ``N_``, a page shows it with ``_()``."""
        return KIND_LABELS[self]


KIND_LABELS: dict[Kind, str] = {
    Kind.BORDERS: N_("Borders"),
    Kind.CAPITAL: N_("Capital"),
    Kind.LETTER: N_("Capital's first letter"),
    Kind.ZONE: N_("Time zone"),
    Kind.LOCATION: N_("Place on the map"),
    Kind.SIZE: N_("Size rank"),
    Kind.STATEHOOD: N_("Statehood rank"),
    Kind.POPULATION: N_("Population rank"),
    Kind.WEAKNESS: N_("Worst rank"),
}


class Of(StrEnum):
    """Which states of a question its items are about, and each one's outcome."""

    FOCUS = "focus"  #: the highlighted or asked state, the question's outcome
    ANSWER = "answer"  #: the state that is the answer, the question's outcome
    COMPARED = "compared"  #: each state compared (``shown``), all with the question's outcome
    PLACED = "placed"  #: each state put in order, right when in its right place
    STATES = "states"  #: each state of the answer or picked, right if picked and in the answer


#: the rules whose question is about one state (or each of the states it compares): a practice
#: quiz asks an item of the rule's kind with such a mode (:func:`engine.quiz.items.practice_modes`)
ONE_STATE: frozenset[Of] = frozenset({Of.FOCUS, Of.ANSWER, Of.COMPARED})


@dataclass(frozen=True, slots=True)
class ItemRule:
    """How a mode's questions map onto items: their ``kind`` (``None`` only for ``Of.PLACED``:
    the category of an ``order`` question, read from its qid) and which states (``of``)."""

    kind: Kind | None
    of: Of

    def __post_init__(self) -> None:
        if (self.kind is None) != (self.of is Of.PLACED):
            raise ValueError(f"an item rule has no kind only for Of.PLACED, not {self}")
