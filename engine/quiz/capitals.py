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
from engine.quiz.facts import all_states, by_name, capital_answer, capital_remarks
from engine.quiz.modes import generates, mode
from engine.quiz.question import Question
from engine.words import Sentence


def _letters(pool: tuple[str, ...]) -> list[str]:
    return sorted({by_usps()[c].capital_initial for c in pool})


@generates("letter_states", _letters)
def _letter_states(letter: str, ctx: Context) -> Question:
    settings = ctx.settings
    pool = settings.pool_said()
    answer = frozenset(c for c in ctx.pool if by_usps()[c].capital_initial == letter)
    everywhere = [c.usps for c in deck() if c.capital_initial == letter]
    outside = [c for c in everywhere if c not in answer]
    listed = tuple(by_name(answer))
    if settings.filtered:
        ask = Sentence("ask_letter_states_in", pool=pool, letter=letter)
        explains = [Sentence("capitals_beginning_in", letter=letter, pool=pool, capitals=listed)]
    else:
        ask = Sentence("ask_letter_states", letter=letter)
        explains = [Sentence("capitals_beginning", letter=letter, capitals=listed)]
    if outside:
        explains.append(Sentence("capitals_outside", pool=pool, capitals=tuple(outside)))
    remarks: list[tuple[str, Sentence]] = []
    for c in all_states():
        if c in outside:
            remarks.append((c, Sentence("begins_but_outside", capital=c, letter=letter,
                                        state=c, pool=pool)))  # fmt: skip
        elif c not in answer:
            remarks.extend(capital_remarks([c]))
    return mode("letter_states").question(
        letter,
        ask,
        answer,
        choices=tuple(by_name(ctx.pool)),
        shown=tuple(ctx.pool) if settings.filtered else (),
        explains=tuple(explains),
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
        Sentence("ask_letter", state=usps),
        card.capital_initial,
        choices=choices,
        focus=usps,
        explains=(Sentence("capital_is", state=usps, capital=usps),),
    )


@generates("capital")
def _capital(usps: str, ctx: Context) -> Question:
    return mode("capital").question(
        usps,
        Sentence("ask_capital", state=usps),
        usps,
        focus=usps,
        explains=(Sentence("capital_is", state=usps, capital=usps),),
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
_SHARED_PROMPTS = 4  #: ways of asking ``shared`` (its ``variant``, 0 to 3), for variety


@generates("shared", _shared_subjects, needs=Sentence("needs_a_shared_letter"))
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
    variant = ctx.rng.choice(range(_SHARED_PROMPTS))
    return mode("shared").question(
        ",".join(sorted(group)),
        Sentence("ask_shared", variant=variant, count=size, states=shown),
        frozenset(group),
        choices=shown,
        shown=shown,
        explains=(
            Sentence("capitals_begin_with", states=tuple(by_name(group)), letter=letter),
            Sentence("the_capitals", capitals=shown),
        ),
        remarks=capital_remarks(shown),
    )


@generates("capital_of")
def _capital_of_question(usps: str, ctx: Context) -> Question:
    explanation, remarks = capital_answer(usps)
    return mode("capital_of").question(
        usps,
        Sentence("ask_capital_of", capital=usps),
        usps,
        explains=(explanation,),
        remarks=remarks,
    )
