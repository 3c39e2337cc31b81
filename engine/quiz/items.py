"""Items: the facts a drill can ask, one per (kind, state), and how every mode's question
maps onto them. A learner's progress (:mod:`engine.progress`) remembers each item met.

**Kinds** (:class:`Kind`): a state's border set, its capital, its capital's first letter, its
capital's time zone, its place on the map, and its place in each rank comparison group: size,
statehood, population and its worst rank (the ``weaker`` comparison). 9 kinds × 50 states =
450 items. :data:`TOPICS` groups the kinds as the drill pages do (borders, capitals, zones,
location, ranks).

**The mapping** (:data:`MODE_ITEMS`, one rule per mode, beside the modes table; a test checks
that every mode has one). A question is about one item, or about several, each with its own
outcome:

============== ============ ======================================================
mode           kind         items and their outcome
============== ============ ======================================================
neighbors      borders      the asked state (the whole answer right or not)
exact          borders      the answer state (it is its border set that is listed)
count          borders      the asked state
letter_states  letter       every state of the answer and every state picked: right
                            when picked and in the answer, wrong when missed or picked
                            wrongly
letter         letter       the asked state
capital        capital      the asked state
shared         letter       as ``letter_states``: the states sharing the letter and the
                            states picked
capital_of     capital      the answer state (C is the capital of …)
larger         size         each of the two states compared, the question's outcome
earlier        statehood    each of the two states compared
populous       population   each of the two states compared
weaker         weakness     each of the two states compared
order          by category  each state shown, in the question's category (size,
                            statehood or population): right when in its right place
zone           zone         the asked state
locate         location     the answer state (find it on the map)
identify       location     the highlighted state
from_capital   capital      the answer state (which state has this capital?)
all50          location     every state of the selection: right when named, wrong
                            (shown: the map reveals it) when not
============== ============ ======================================================

A rank comparison therefore maps to an item per state compared (not to one item per pair):
"Is Texas larger than California?" is evidence about where each of the two ranks in size,
and the practice quiz can ask a state's size again against any other state.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.cards import Category, by_usps
from engine.quiz.facts import all_states
from engine.quiz.modes import MODES
from engine.quiz.question import Question, Result


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
        """The kind in words, as a page names it ("Capital's first letter")."""
        return KIND_LABELS[self]


KIND_LABELS: dict[Kind, str] = {
    Kind.BORDERS: "Borders",
    Kind.CAPITAL: "Capital",
    Kind.LETTER: "Capital's first letter",
    Kind.ZONE: "Time zone",
    Kind.LOCATION: "Place on the map",
    Kind.SIZE: "Size rank",
    Kind.STATEHOOD: "Statehood rank",
    Kind.POPULATION: "Population rank",
    Kind.WEAKNESS: "Worst rank",
}


@dataclass(frozen=True, slots=True)
class Topic:
    """Kinds shown together, as a drill page asks them: its name, title and kinds."""

    name: str
    title: str
    kinds: tuple[Kind, ...]


TOPICS: tuple[Topic, ...] = (
    Topic("borders", "Borders", (Kind.BORDERS,)),
    Topic("capitals", "Capitals", (Kind.CAPITAL, Kind.LETTER)),
    Topic("zones", "Time zones", (Kind.ZONE,)),
    Topic("location", "Location", (Kind.LOCATION,)),
    Topic("ranks", "Ranks", (Kind.SIZE, Kind.STATEHOOD, Kind.POPULATION, Kind.WEAKNESS)),
)
TOPIC_OF: dict[Kind, Topic] = {k: t for t in TOPICS for k in t.kinds}
#: the drill page (mode group) whose modes ask each topic, for an assignment of a topic
TOPIC_GROUPS: dict[str, str] = {
    "borders": "borders",
    "capitals": "capitals",
    "zones": "zones",
    "location": "locate",
    "ranks": "ranks",
}


@dataclass(frozen=True, slots=True, order=True)
class Item:
    """One fact a drill can ask: ``kind`` about ``state`` (a USPS code)."""

    kind: Kind
    state: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", Kind(self.kind))
        if self.state not in by_usps():
            raise ValueError(f"unknown USPS code: {self.state!r}")

    @property
    def key(self) -> str:
        """The item as text, ``"capital:CO"`` (:meth:`parse` reads it back)."""
        return f"{self.kind.value}:{self.state}"

    @classmethod
    def parse(cls, text: str) -> Item:
        kind, _, state = text.partition(":")
        return cls(Kind(kind), state)

    def describe(self) -> str:
        """The item in words: "Colorado: capital"."""
        return f"{by_usps()[self.state].name}: {self.kind.label.lower()}"


def all_items() -> list[Item]:
    """The 450 items, kind by kind, each in deck order."""
    return [Item(k, s) for k in Kind for s in all_states()]


class Of(StrEnum):
    """Which states of a question its items are about (see the module's table)."""

    FOCUS = "focus"  #: the highlighted or asked state
    ANSWER = "answer"  #: the state that is the answer
    COMPARED = "compared"  #: each state compared, all with the question's outcome
    PLACED = "placed"  #: each state put in order, right when in its right place
    STATES = "states"  #: each state of the answer or picked, right when picked rightly


@dataclass(frozen=True, slots=True)
class ItemRule:
    """How a mode's questions map onto items: their kind (``None``: the category of an
    ``order`` question, read from its qid) and which states (:class:`Of`)."""

    kind: Kind | None
    of: Of


MODE_ITEMS: dict[str, ItemRule] = {
    "neighbors": ItemRule(Kind.BORDERS, Of.FOCUS),
    "exact": ItemRule(Kind.BORDERS, Of.ANSWER),
    "count": ItemRule(Kind.BORDERS, Of.FOCUS),
    "letter_states": ItemRule(Kind.LETTER, Of.STATES),
    "letter": ItemRule(Kind.LETTER, Of.FOCUS),
    "capital": ItemRule(Kind.CAPITAL, Of.FOCUS),
    "shared": ItemRule(Kind.LETTER, Of.STATES),
    "capital_of": ItemRule(Kind.CAPITAL, Of.ANSWER),
    "larger": ItemRule(Kind.SIZE, Of.COMPARED),
    "earlier": ItemRule(Kind.STATEHOOD, Of.COMPARED),
    "populous": ItemRule(Kind.POPULATION, Of.COMPARED),
    "weaker": ItemRule(Kind.WEAKNESS, Of.COMPARED),
    "order": ItemRule(None, Of.PLACED),
    "zone": ItemRule(Kind.ZONE, Of.FOCUS),
    "locate": ItemRule(Kind.LOCATION, Of.ANSWER),
    "identify": ItemRule(Kind.LOCATION, Of.FOCUS),
    "from_capital": ItemRule(Kind.CAPITAL, Of.ANSWER),
    "all50": ItemRule(Kind.LOCATION, Of.STATES),
}
assert set(MODE_ITEMS) == set(MODES), "every mode maps its questions onto items"

#: the modes a practice quiz asks an item of each kind with, the question about that state
PRACTICE_MODES: dict[Kind, tuple[str, ...]] = {
    Kind.BORDERS: ("neighbors", "count", "exact"),
    Kind.CAPITAL: ("capital", "capital_of", "from_capital"),
    Kind.LETTER: ("letter",),
    Kind.ZONE: ("zone",),
    Kind.LOCATION: ("locate", "identify"),
    Kind.SIZE: ("larger",),
    Kind.STATEHOOD: ("earlier",),
    Kind.POPULATION: ("populous",),
    Kind.WEAKNESS: ("weaker",),
}


def _kind(rule: ItemRule, q: Question) -> Kind:
    if rule.kind is not None:
        return rule.kind
    return Kind(Category(q.qid.split(":")[1]).value)  # "order:size:AL-CA-…"


def items_of(q: Question, result: Result) -> list[tuple[Item, bool]]:
    """The items a counted answer to ``q`` is evidence about, each with whether it was
    right, by the mode's rule (:data:`MODE_ITEMS`); in a stable order."""
    rule = MODE_ITEMS[q.mode]
    kind = _kind(rule, q)
    right = result.correct
    if rule.of is Of.FOCUS:
        assert q.focus is not None
        return [(Item(kind, q.focus), right)]
    if rule.of is Of.ANSWER:
        assert isinstance(q.answer, str)
        return [(Item(kind, q.answer), right)]
    if rule.of is Of.COMPARED:
        return [(Item(kind, s), right) for s in sorted(q.shown)]
    if rule.of is Of.PLACED:
        return [(Item(kind, s), s in result.right) for s in sorted(q.choices)]
    answer = frozenset(q.answer)
    states = sorted(answer | result.wrong)
    return [(Item(kind, s), s in result.right and s in answer) for s in states]
