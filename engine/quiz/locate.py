"""The locate drills: ``locate`` (find X on the map: click it, or choose it in a list),
``identify`` (which state is highlighted? typed, or chosen of four), ``from_capital`` (which
state's capital is C? typed, or chosen of four) and ``all50``, the solo mode: name every state
of the selection, one typed name at a time.
"""

from __future__ import annotations

from engine.quiz.context import Context, Subject
from engine.quiz.facts import all_states, border_sentence, by_name, capital_answer, facts
from engine.quiz.modes import SOLO_SUBJECT, generates, mode
from engine.quiz.question import Question
from engine.words import Sentence

_CHOICES = 4  #: states offered for a typed-or-chosen state answer


def _offered(usps: str, ctx: Context) -> tuple[str, ...]:
    """The answer and three other states (from the selection when it has enough), by name."""
    return tuple(by_name([usps, *ctx.companions(_CHOICES - 1, [usps])]))


def _whereabouts(usps: str) -> tuple[Sentence, ...]:
    region = Sentence("in_the_region", state=usps, region=facts()[usps].region)
    return region, border_sentence(usps)


@generates("locate")
def _locate(usps: str, ctx: Context) -> Question:
    return mode("locate").question(
        usps,
        Sentence("ask_locate", state=usps),
        usps,
        choices=tuple(by_name(all_states())),
        explains=_whereabouts(usps),
    )


@generates("identify")
def _identify(usps: str, ctx: Context) -> Question:
    return mode("identify").question(
        usps,
        Sentence("ask_identify"),
        usps,
        choices=_offered(usps, ctx),
        focus=usps,
        explains=_whereabouts(usps),
    )


@generates("from_capital")
def _from_capital(usps: str, ctx: Context) -> Question:
    explanation, remarks = capital_answer(usps)
    return mode("from_capital").question(
        usps,
        Sentence("ask_from_capital", capital=usps),
        usps,
        choices=_offered(usps, ctx),
        explains=(explanation,),
        remarks=remarks,
    )


@generates("all50", lambda pool: [SOLO_SUBJECT])
def _all50(subject: Subject, ctx: Context) -> Question:
    pool = ctx.pool
    where = ctx.settings.pool_said()
    if not ctx.settings.filtered:
        ask = Sentence("ask_all50")
    elif ctx.settings.states:
        ask = Sentence("ask_all_of_your_list", count=len(pool))
    else:
        ask = Sentence("ask_all_of", count=len(pool), pool=where)

    def outside(usps: str) -> Sentence:
        if ctx.settings.filtered:
            return Sentence("not_in_pool", state=usps, pool=where)
        return Sentence("not_asked_here", state=usps)

    return mode("all50").question(
        str(len(pool)),
        ask,
        frozenset(pool),
        shown=tuple(pool),
        explains=(Sentence("the_states_are", count=len(pool), states=tuple(by_name(pool))),),
        remarks=tuple((c, outside(c)) for c in all_states() if c not in pool),
    )
