"""The rank drills: ``larger``, ``earlier``, ``populous`` (which of two states is larger /
joined the Union first / had more people in 2020?), ``weaker`` (which state's worst rank, the
weakest of its three, is weaker, a higher number nearer 50th: Reverse Geography War) and
``order`` (put four states in order of one category).

A question may be made about given states (a tuple subject, see
:func:`engine.quiz.deal.make_question`). Two states that joined the Union the same day (North
and South Dakota) are never compared; nor are two cards of equal weakness.

The figures behind a rank (an area, an admission day, a population) are the wording's to say
(``ui.quiz.wording``): a sentence names the states and the category.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from engine.cards import Category, by_usps
from engine.quiz.context import Context, Subject
from engine.quiz.facts import facts
from engine.quiz.modes import generates, mode
from engine.quiz.question import Question
from engine.words import Sentence


@dataclass(frozen=True, slots=True)
class _Measure:
    """One rank category as the drills compare by it."""

    category: Category

    def rank(self, usps: str) -> int:
        return by_usps()[usps].rank(self.category)


_MEASURES = {
    "larger": _Measure(Category.SIZE),
    "earlier": _Measure(Category.STATEHOOD),
    "populous": _Measure(Category.POPULATION),
}

_PAIR = range(2, 3)  #: a comparison takes two given states
_ORDER_SIZE = 4  #: states in a dealt ``order`` question (a given one may have 2 to 50)


def _comparable(measure: _Measure | None) -> Callable[[str, str], bool]:
    """Two states the measure can compare: distinct admission days for statehood, distinct
    weaknesses for cards (``measure`` None)."""
    if measure is None:
        return lambda a, b: by_usps()[a].weakness != by_usps()[b].weakness
    if measure.category is Category.STATEHOOD:
        return lambda a, b: facts()[a].admitted != facts()[b].admitted
    return lambda a, b: True


def _compared(
    subject: Subject, k: int, ctx: Context, comparable: Callable[[str, str], bool]
) -> list[str]:
    """The states a rank question compares, in the order shown: the given tuple as it is, or
    the subject and ``k - 1`` companions, shuffled. Raises ``ValueError`` for a given tuple with
    a repeated state or two states the question cannot compare."""
    if isinstance(subject, tuple):
        states = list(subject)
        if len(set(states)) != len(states) or not all(
            comparable(a, b) for a, b in combinations(states, 2)
        ):
            raise ValueError(f"these states cannot be compared: {', '.join(states)}")
        return states
    companions = ctx.companions(
        k - 1, [subject], ok=lambda c: comparable(subject, c), pair_ok=comparable
    )
    states = [subject, *companions]
    ctx.rng.shuffle(states)
    return states


def _pair_maker(mode_name: str) -> Callable[[Subject, Context], Question]:
    measure = _MEASURES[mode_name]

    def make(subject: Subject, ctx: Context) -> Question:
        pair = _compared(subject, 2, ctx, _comparable(measure))
        a, b = pair
        best, worst = sorted(pair, key=measure.rank)
        return mode(mode_name).question(
            "-".join(sorted(pair)),
            Sentence(f"ask_{mode_name}", a_state=a, b_state=b),
            best,
            choices=(a, b),
            shown=(a, b),
            explains=(Sentence(f"{mode_name}_explained", best_state=best, worst_state=worst),),
        )

    return make


for _mode in _MEASURES:
    generates(_mode, sizes=_PAIR)(_pair_maker(_mode))


@generates("weaker", sizes=_PAIR)
def _weaker(subject: Subject, ctx: Context) -> Question:
    pair = _compared(subject, 2, ctx, _comparable(None))
    a, b = pair
    weaker, stronger = sorted(pair, key=lambda c: -by_usps()[c].weakness)
    return mode("weaker").question(
        "-".join(sorted(pair)),
        Sentence("ask_weaker", a_state=a, b_state=b),
        weaker,
        choices=(a, b),
        shown=(a, b),
        explains=(Sentence("weaker_explained", weaker_state=weaker, stronger_state=stronger),),
    )


@generates("order", sizes=range(2, 51))
def _order(subject: Subject, ctx: Context) -> Question:
    measures = {m.category: m for m in _MEASURES.values()}
    measure = measures[ctx.category] if ctx.category else ctx.rng.choice(list(measures.values()))
    shown = _compared(subject, _ORDER_SIZE, ctx, _comparable(measure))
    answer = tuple(sorted(shown, key=measure.rank))
    category = measure.category.value
    return mode("order").question(
        f"{category}:{'-'.join(sorted(shown))}",
        Sentence("ask_order", category=category, count=len(shown)),
        answer,
        choices=tuple(shown),
        shown=tuple(shown),
        explains=(Sentence("order_explained", category=category, states=answer),),
    )
