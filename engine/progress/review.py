"""What a class should review: the facts its students were asked and missed most, for the
Class progress page's "Assign what the class does not know".

The rule, from the students' items (each holds how often it was answered and how often wrong):

* A **state of a topic** is counted over the topic's kinds and over every student: its
  *answers* and its *wrong* answers. Only a state the class was asked (answers) and missed
  (wrong) can be reviewed; a fact nobody was asked is not one the class "does not know", and
  one nobody missed needs no review.
* The **topic** is the one with the most wrong answers over its states (the most missed);
  at a tie, the first in the menu's order.
* Its **states**, at most ``k``: the most missed first, by the share of the answers that were
  wrong, then by the number wrong, then in deck order.
* Nothing to review (no student missed anything yet): ``None``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.progress.schedule import ItemState
from engine.quiz.facts import all_states
from engine.quiz.items import TOPICS, Item, Topic


@dataclass(frozen=True, slots=True)
class Missed:
    """One state of a topic as the class answered it: ``wrong`` of ``answers``."""

    state: str
    wrong: int
    answers: int

    @property
    def share(self) -> Fraction:
        return Fraction(self.wrong, self.answers)


@dataclass(frozen=True, slots=True)
class ClassReview:
    """The review to assign: the ``topic`` and its ``states``, the most missed first."""

    topic: Topic
    states: tuple[Missed, ...]

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(m.state for m in self.states)


def missed_states(learners: Sequence[Mapping[Item, ItemState]], topic: Topic) -> list[Missed]:
    """Every state of ``topic`` the class answered wrongly at least once, the most missed
    first (share wrong, then number wrong, then deck order)."""
    wrong: dict[str, int] = {}
    answers: dict[str, int] = {}
    for states in learners:
        for item, state in states.items():
            if item.kind in topic.kinds:
                answers[item.state] = answers.get(item.state, 0) + state.reviews
                wrong[item.state] = wrong.get(item.state, 0) + state.lapses
    order = {usps: i for i, usps in enumerate(all_states())}
    missed = [Missed(usps, wrong[usps], answers[usps]) for usps in answers if wrong[usps]]
    return sorted(missed, key=lambda m: (-m.share, -m.wrong, order[m.state]))


def class_review(learners: Sequence[Mapping[Item, ItemState]], k: int) -> ClassReview | None:
    """The topic the class missed most and its ``k`` most missed states, or ``None`` when the
    class has missed nothing yet."""
    best: ClassReview | None = None
    best_wrong = 0
    for topic in TOPICS:
        missed = missed_states(learners, topic)
        total = sum(m.wrong for m in missed)
        if total > best_wrong:
            best, best_wrong = ClassReview(topic, tuple(missed[:k])), total
    return best
