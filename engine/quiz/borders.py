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
    and_list,
    border_sentence,
    by_name,
    four_corners_partner,
    four_corners_remark,
    name,
)
from engine.quiz.modes import generates, mode
from engine.quiz.question import Question


def _with_neighbors(pool: tuple[str, ...]) -> list[str]:
    return [c for c in pool if by_usps()[c].borders]


_HAS_NEIGHBOUR = "a state with a neighbour"


@generates("neighbors", _with_neighbors, needs=_HAS_NEIGHBOUR)
def _neighbors(usps: str, ctx: Context) -> Question:
    card = by_usps()[usps]
    partner = four_corners_partner().get(usps)
    remarks = ((partner, four_corners_remark(usps)),) if partner else ()
    return mode("neighbors").question(
        usps,
        f"Select every state that borders {card.name}.",
        card.borders,
        choices=tuple(by_name(c for c in all_states() if c != usps)),
        focus=usps,
        explanation=border_sentence(usps),
        remarks=remarks,
    )


@generates("exact", _with_neighbors, needs=_HAS_NEIGHBOUR)
def _exact(usps: str, ctx: Context) -> Question:
    card = by_usps()[usps]
    listed = by_name(card.borders)
    names = [name(c) for c in listed]
    if len(listed) == 1:
        prompt = f"Which state borders only one state, {names[0]}?"
    else:
        prompt = (
            f"Which state borders exactly these {len(listed)} states, and no other: "
            f"{and_list(names)}?"
        )
    # Wrong choices: states that border as many of the listed states as possible.
    others = [c for c in ctx.pool if c != usps and c not in card.borders]
    if len(others) < 3:
        others = [c.usps for c in deck() if c.usps != usps and c.usps not in card.borders]
    ctx.rng.shuffle(others)
    others.sort(key=lambda c: -len(by_usps()[c].borders & card.borders))
    choices = tuple(by_name([usps, *others[:3]]))
    explanation = f"{card.name} borders exactly {and_list(names)}."
    partner = four_corners_partner().get(usps)
    if partner:
        explanation += (
            f" It meets {name(partner)} only at the Four Corners, corner to corner, "
            "which counts as a border."
        )
    remarks = tuple((c, border_sentence(c)) for c in all_states() if c != usps)
    return mode("exact").question(
        usps,
        prompt,
        usps,
        choices=choices,
        shown=tuple(listed),
        explanation=explanation,
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
        f"How many states border {card.name}?",
        str(k),
        choices=tuple(str(i) for i in range(low, low + 4)),
        focus=usps,
        explanation=border_sentence(usps),
    )
