"""Items: the facts a drill can ask, one per (kind, state), and how a mode's questions map
onto them. A learner's progress (:mod:`engine.progress`) remembers each item met.

**Kinds** (:class:`~engine.quiz.kinds.Kind`): a state's border set, its capital, its capital's
first letter, its capital's time zone, its place on the map, and its place in each rank
comparison group: size, statehood, population and its worst rank (the ``weaker``
comparison). 9 kinds × 50 states = 450 items. :data:`TOPICS` groups the kinds as the drill
pages do (borders, capitals, zones, location, ranks).

**The mapping** is each mode's ``items`` in the modes table (an
:class:`~engine.quiz.kinds.ItemRule`: a kind and which states, :class:`~engine.quiz.kinds.Of`).
A question is about one item, or about several, each with its own outcome: ``exact``'s is its
answer state (it is its border set that is listed); ``letter_states`` and ``shared`` rate every
state of the answer and every state picked; a rank comparison rates each of the states
compared with the question's outcome; ``order`` each state shown, in the question's category,
right when in its right place; ``all50`` every state of the selection, wrong (shown: the map
reveals it) when not named.

A rank comparison therefore maps to an item per state compared (not to one item per pair):
"Is Texas larger than California?" is evidence about where each of the two ranks in size,
and the practice quiz can ask a state's size again against any other state.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Category, by_usps
from engine.quiz.facts import all_states
from engine.quiz.kinds import KIND_LABELS, ONE_STATE, ItemRule, Kind, Of
from engine.quiz.modes import MODES, mode
from engine.quiz.question import Question, Result
from messages import N_

__all__ = [
    "KIND_LABELS",
    "TOPICS",
    "TOPIC_GROUPS",
    "TOPIC_OF",
    "Item",
    "ItemRule",
    "Kind",
    "Of",
    "Topic",
    "all_items",
    "items_of",
    "practice_modes",
]


@dataclass(frozen=True, slots=True)
class Topic:
    """Kinds shown together, as a drill page asks them: its name, title (marked with ``N_``:
    shown with ``_()``) and kinds."""

    name: str
    title: str
    kinds: tuple[Kind, ...]


TOPICS: tuple[Topic, ...] = (
    Topic("borders", N_("Borders"), (Kind.BORDERS,)),
    Topic("capitals", N_("Capitals"), (Kind.CAPITAL, Kind.LETTER)),
    Topic("zones", N_("Time zones"), (Kind.ZONE,)),
    Topic("location", N_("Location"), (Kind.LOCATION,)),
    Topic("ranks", N_("Ranks"), (Kind.SIZE, Kind.STATEHOOD, Kind.POPULATION, Kind.WEAKNESS)),
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
        """The item in English: "Colorado: capital" (a page says it with
        ``ui.quiz.wording.item_words``)."""
        return f"{by_usps()[self.state].name}: {self.kind.label.lower()}"


def all_items() -> list[Item]:
    """The 450 items, kind by kind, each in deck order."""
    return [Item(k, s) for k in Kind for s in all_states()]


def practice_modes(kind: Kind) -> tuple[str, ...]:
    """The modes a practice quiz asks an item of ``kind`` with, the question about that state:
    every mode whose items are of that kind about one state (or each state compared), in the
    table's order."""
    return tuple(m for m in MODES if (rule := mode(m).items).kind is kind and rule.of in ONE_STATE)


def _kind(rule: ItemRule, q: Question) -> Kind:
    if rule.kind is not None:
        return rule.kind
    return Kind(Category(q.qid.split(":")[1]).value)  # "order:size:AL-CA-…"


def items_of(q: Question, result: Result) -> list[tuple[Item, bool]]:
    """The items a counted answer to ``q`` is evidence about, each with whether it was
    right, by the rule of its mode's row; in a stable order."""
    rule = mode(q.mode).items
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
