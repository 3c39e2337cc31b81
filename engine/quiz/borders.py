"""The border drills: ``neighbors`` (select every state that borders X), ``exact`` (which state
borders exactly these states? the Border Attack guess) and ``count`` (how many states border
X?).

The Four Corners count as a border (Arizona borders Colorado). Alaska and Hawaii, with no
neighbour, are asked in ``count`` only; ``neighbors`` never offers the asked state itself.
"""

from __future__ import annotations

from engine.cards import by_usps, deck
from engine.quiz.context import Context
from engine.quiz.facts import (
    all_states,
    border_sentence,
    by_name,
    four_corners_partner,
    four_corners_remark,
)
from engine.quiz.modes import generates, mode
from engine.quiz.question import Question
from engine.words import Sentence


def _with_neighbors(pool: tuple[str, ...]) -> list[str]:
    return [c for c in pool if by_usps()[c].borders]


_HAS_NEIGHBOUR = Sentence("needs_a_neighbour")


@generates("neighbors", _with_neighbors, needs=_HAS_NEIGHBOUR)
def _neighbors(usps: str, ctx: Context) -> Question:
    card = by_usps()[usps]
    partner = four_corners_partner().get(usps)
    remarks = ((partner, four_corners_remark(usps)),) if partner else ()
    return mode("neighbors").question(
        usps,
        Sentence("ask_neighbors", state=usps),
        card.borders,
        choices=tuple(by_name(c for c in all_states() if c != usps)),
        focus=usps,
        explains=(border_sentence(usps),),
        remarks=remarks,
    )


@generates("exact", _with_neighbors, needs=_HAS_NEIGHBOUR)
def _exact(usps: str, ctx: Context) -> Question:
    card = by_usps()[usps]
    listed = by_name(card.borders)
    if len(listed) == 1:
        ask = Sentence("ask_exact_one", state=listed[0])
    else:
        ask = Sentence("ask_exact", count=len(listed), states=tuple(listed))
    # Wrong choices: states that border as many of the listed states as possible.
    others = [c for c in ctx.pool if c != usps and c not in card.borders]
    if len(others) < 3:
        others = [c.usps for c in deck() if c.usps != usps and c.usps not in card.borders]
    ctx.rng.shuffle(others)
    others.sort(key=lambda c: -len(by_usps()[c].borders & card.borders))
    choices = tuple(by_name([usps, *others[:3]]))
    explains = [Sentence("borders_exactly", state=usps, states=tuple(listed))]
    partner = four_corners_partner().get(usps)
    if partner:
        explains.append(Sentence("meets_at_the_corners", partner_state=partner))
    remarks = tuple((c, border_sentence(c)) for c in all_states() if c != usps)
    return mode("exact").question(
        usps,
        ask,
        usps,
        choices=choices,
        shown=tuple(listed),
        explains=tuple(explains),
        remarks=remarks,
    )


@generates("count")
def _count(usps: str, ctx: Context) -> Question:
    card = by_usps()[usps]
    k = len(card.borders)
    most = max(len(c.borders) for c in deck())
    low = ctx.rng.randint(max(0, k - 3), min(k, most - 3))
    return mode("count").question(
        usps,
        Sentence("ask_count", state=usps),
        str(k),
        choices=tuple(str(i) for i in range(low, low + 4)),
        focus=usps,
        explains=(border_sentence(usps),),
    )
