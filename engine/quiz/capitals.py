"""The capital drills: ``letter_states`` (select every state whose capital begins with L),
``letter`` (with which letter does the capital of X begin?), ``capital`` (name the capital of
X, typed), ``shared`` (which of these states' capitals share a first letter? BorderCap Gin)
and ``capital_of`` (C is the capital of …: the state, typed, the reverse of ``capital``).

Only ``letter_states`` asks within the selection ("every state of the West whose capital
begins with S"); a capital begun with that letter outside it is named in the explanation.
"""

from __future__ import annotations

from functools import cache

from engine.cards import by_usps, deck
from engine.quiz.context import Context
from engine.quiz.facts import all_states, and_list, by_name, capital_answer, capital_remarks, name
from engine.quiz.modes import generates, mode
from engine.quiz.question import Question


def _letters(pool: tuple[str, ...]) -> list[str]:
    return sorted({by_usps()[c].capital_initial for c in pool})


def _capital_of(usps: str) -> str:
    card = by_usps()[usps]
    return f"{card.capital} ({card.name})"


@generates("letter_states", _letters)
def _letter_states(letter: str, ctx: Context) -> Question:
    settings = ctx.settings
    answer = frozenset(c for c in ctx.pool if by_usps()[c].capital_initial == letter)
    where = "" if not settings.filtered else f" of {settings.describe_pool()}"
    everywhere = [c.usps for c in deck() if c.capital_initial == letter]
    explanation = (
        f"Capitals beginning with {letter}{where}: "
        f"{and_list([_capital_of(c) for c in by_name(answer)])}."
    )
    outside = [c for c in everywhere if c not in answer]
    if outside:
        explanation += (
            f" Outside {settings.describe_pool()}: {and_list([_capital_of(c) for c in outside])}."
        )
    remarks = []
    for c in all_states():
        card = by_usps()[c]
        if c in outside:
            remarks.append(
                (c, f"{card.capital} begins with {letter}, but {card.name} is not in "
                    f"{settings.describe_pool()}.")
            )  # fmt: skip
        elif c not in answer:
            remarks.extend(capital_remarks([c]))
    return mode("letter_states").question(
        letter,
        f"Select every state{where} whose capital begins with {letter}.",
        answer,
        choices=tuple(by_name(ctx.pool)),
        shown=tuple(ctx.pool) if settings.filtered else (),
        explanation=explanation,
        remarks=tuple(remarks),
    )


@generates("letter")
def _letter(usps: str, ctx: Context) -> Question:
    card = by_usps()[usps]
    others = [x for x in _letters(ctx.pool) if x != card.capital_initial]
    if len(others) < 3:
        others = [x for x in _letters(all_states()) if x != card.capital_initial]
    choices = tuple(sorted([card.capital_initial, *ctx.rng.sample(others, 3)]))
    return mode("letter").question(
        usps,
        f"With which letter does the capital of {card.name} begin?",
        card.capital_initial,
        choices=choices,
        focus=usps,
        explanation=f"The capital of {card.name} is {card.capital}.",
    )


@generates("capital")
def _capital(usps: str, ctx: Context) -> Question:
    card = by_usps()[usps]
    return mode("capital").question(
        usps,
        f"Name the capital of {card.name}.",
        usps,
        focus=usps,
        explanation=f"The capital of {card.name} is {card.capital}.",
    )


def _initial(usps: str) -> str:
    return by_usps()[usps].capital_initial


@cache
def _initial_counts() -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in deck():
        counts[c.capital_initial] = counts.get(c.capital_initial, 0) + 1
    return counts


def _shared_subjects(pool: tuple[str, ...]) -> list[str]:
    counts = _initial_counts()
    return [c for c in pool if counts[by_usps()[c].capital_initial] >= 2]


_SHOWN_IN_SHARED = 5
_SHARED_PROMPTS = (
    "{Word} of these states have capitals that begin with the same letter: {listed}. Which {word}?",
    "Which {word} of these states have capitals with the same first letter: {listed}?",
    "Find the {word} states whose capitals share a first letter: {listed}.",
    "Among {listed}, the capitals of {word} states begin alike. Which {word}?",
)


@generates("shared", _shared_subjects, needs="a capital whose first letter another capital shares")
def _shared(usps: str, ctx: Context) -> Question:
    letter = by_usps()[usps].capital_initial
    size = 3 if _initial_counts()[letter] >= 3 else 2
    group = [usps, *ctx.companions(size - 1, [usps], lambda c: _initial(c) == letter)]
    others = ctx.companions(
        _SHOWN_IN_SHARED - size,
        group,
        ok=lambda c: _initial(c) != letter,
        pair_ok=lambda a, b: _initial(a) != _initial(b),
    )
    shown = tuple(by_name(group + others))
    word = {2: "two", 3: "three"}[size]
    capitals = and_list([_capital_of(c) for c in shown])
    listed = and_list([name(c) for c in shown])
    prompt = ctx.rng.choice(_SHARED_PROMPTS).format(
        word=word, Word=word.capitalize(), listed=listed
    )
    return mode("shared").question(
        ",".join(sorted(group)),
        prompt,
        frozenset(group),
        choices=shown,
        shown=shown,
        explanation=f"The capitals of {and_list([name(c) for c in by_name(group)])} begin with "
        f"{letter}. The capitals: {capitals}.",
        remarks=capital_remarks(shown),
    )


@generates("capital_of")
def _capital_of_question(usps: str, ctx: Context) -> Question:
    explanation, remarks = capital_answer(usps)
    return mode("capital_of").question(
        usps,
        f"{by_usps()[usps].capital} is the capital of …",
        usps,
        explanation=explanation,
        remarks=remarks,
    )
