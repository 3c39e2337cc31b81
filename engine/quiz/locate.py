"""The locate drills: ``locate`` (find X on the map: click it, or choose it in a list),
``identify`` (which state is highlighted? typed, or chosen of four), ``from_capital`` (which
state's capital is C? typed, or chosen of four) and ``all50``, the solo mode: name every state
of the selection, one typed name at a time.
"""

from __future__ import annotations

from engine.cards import by_usps
from engine.quiz.context import Context, Subject
from engine.quiz.facts import (
    all_states,
    and_list,
    border_sentence,
    by_name,
    capital_answer,
    facts,
    name,
    plural,
)
from engine.quiz.modes import SOLO_SUBJECT, generates, mode
from engine.quiz.question import Question

_CHOICES = 4  #: states offered for a typed-or-chosen state answer


def _offered(usps: str, ctx: Context) -> tuple[str, ...]:
    """The answer and three other states (from the selection when it has enough), by name."""
    return tuple(by_name([usps, *ctx.companions(_CHOICES - 1, [usps])]))


def _whereabouts(usps: str) -> str:
    card = by_usps()[usps]
    return f"{card.name} is in the {facts()[usps].region} Census region. {border_sentence(usps)}"


@generates("locate")
def _locate(usps: str, ctx: Context) -> Question:
    return mode("locate").question(
        usps,
        f"Find {name(usps)} on the map.",
        usps,
        choices=tuple(by_name(all_states())),
        explanation=_whereabouts(usps),
    )


@generates("identify")
def _identify(usps: str, ctx: Context) -> Question:
    return mode("identify").question(
        usps,
        "Which state is highlighted on the map?",
        usps,
        choices=_offered(usps, ctx),
        focus=usps,
        explanation=_whereabouts(usps),
    )


@generates("from_capital")
def _from_capital(usps: str, ctx: Context) -> Question:
    explanation, remarks = capital_answer(usps)
    return mode("from_capital").question(
        usps,
        f"Which state's capital is {by_usps()[usps].capital}?",
        usps,
        choices=_offered(usps, ctx),
        explanation=explanation,
        remarks=remarks,
    )


@generates("all50", lambda pool: [SOLO_SUBJECT])
def _all50(subject: Subject, ctx: Context) -> Question:
    pool = ctx.pool
    where = ctx.settings.describe_pool()
    if not ctx.settings.filtered:
        prompt = "Name all 50 states."
    elif ctx.settings.states:
        prompt = f"Name the {plural(len(pool), 'state')} of your list."
    else:
        prompt = f"Name the {plural(len(pool), 'state')} of {where}."
    outside = f"is not in {where}." if ctx.settings.filtered else "is not asked here."
    names = [name(c) for c in by_name(pool)]
    return mode("all50").question(
        str(len(pool)),
        prompt,
        frozenset(pool),
        shown=tuple(pool),
        explanation=f"{plural(len(pool), 'state').capitalize()}: {and_list(names)}.",
        remarks=tuple((c, f"{name(c)} {outside}") for c in all_states() if c not in pool),
    )
