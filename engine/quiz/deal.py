"""Dealing a quiz: the questions a :class:`~engine.quiz.settings.QuizSettings` asks, in order,
and one question made on purpose (a preview, a test).

Each question is *about* a state of the selection (the highlighted state, the letter's states,
one of the compared states), but facts are never filtered: "select every state that borders
Colorado" expects Kansas even when the selection is the West. Companions (the second state of
a comparison, the other states of ``order`` and ``shared``, the wrong choices of ``exact``)
come from the selection when it has enough of them, otherwise from all 50 states. A mode with
no possible question in the selection (``neighbors`` for Alaska and Hawaii alone) uses all 50
states. Subjects are dealt from a shuffled cycle, so no question repeats before the selection
is used up (:func:`repeat_free_count`). Pure and seeded: equal settings, equal questions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from engine.cards import Category, by_usps
from engine.quiz.context import Context, Subject
from engine.quiz.facts import all_states
from engine.quiz.modes import MODES, SOLO_MODES, SOLO_SUBJECT, generator
from engine.quiz.question import Question
from engine.quiz.settings import MAX_N, QuizSettings


class Cycle:
    """Deals items in shuffled rounds: every item once before any repeats."""

    def __init__(self, items: Sequence[str], rng: random.Random) -> None:
        self.items = list(items)
        self.rng = rng
        self.queue: list[str] = []

    def next(self) -> str:
        if not self.queue:
            self.queue = list(self.items)
            self.rng.shuffle(self.queue)
        return self.queue.pop()


def build_questions(settings: QuizSettings) -> list[Question]:
    """The questions of a quiz, dealt with ``random.Random(settings.seed)``: ``settings.n`` of
    them, or fewer when only solo modes are chosen (each solo mode is one question).

    Modes take turns in shuffled rounds; each mode deals its subjects from the selection in
    shuffled rounds (from all 50 states if the selection has none for that mode). Questions are
    made one after the other, so a quiz of n questions starts with the quiz of fewer. Solo modes
    come last, once each.
    """
    rng = random.Random(settings.seed)
    ctx = Context(settings, rng)
    regular = [m for m in settings.modes if m not in SOLO_MODES]
    solo = [m for m in settings.modes if m in SOLO_MODES]
    count = max(0, settings.n - len(solo)) if regular else 0
    modes = Cycle(regular, rng)
    subjects: dict[str, Cycle] = {}
    questions = []
    for _ in range(count):
        mode = modes.next() if len(regular) > 1 else regular[0]
        made = generator(mode)
        if mode not in subjects:
            items = made.subjects(ctx.pool) or made.subjects(all_states())
            subjects[mode] = Cycle(items, rng)
        questions.append(made.make(subjects[mode].next(), ctx))
    for mode in solo:
        questions.append(generator(mode).make(SOLO_SUBJECT, ctx))
    return questions


def repeat_free_count(settings: QuizSettings) -> int:
    """How many questions these settings can ask before one repeats (at most ``MAX_N``):
    the count to offer when ``settings.n`` is more."""
    questions = build_questions(replace(settings, n=MAX_N))
    seen: set[str] = set()
    for i, q in enumerate(questions):
        if q.qid in seen:
            return i
        seen.add(q.qid)
    return len(questions)


def make_question(
    mode: str,
    subject: Subject,
    *,
    settings: QuizSettings | None = None,
    seed: int = 0,
    category: Category | str | None = None,
) -> Question:
    """One question of ``mode`` about ``subject``, for previews, practice of one state, tests.

    ``subject`` is a USPS code, a capital's first letter for ``letter_states``, ``"ALL"`` for
    ``all50`` (the whole selection), or for the rank modes a tuple of USPS codes to compare in
    that order (two for ``larger``, ``earlier``, ``populous``, ``weaker``; two or more for
    ``order``). ``settings`` gives the selection (default: all states); ``seed`` seeds the
    choices and companions; ``category`` fixes the category of an ``order`` question. Raises
    ``ValueError`` for a subject the mode cannot ask about (``neighbors`` of Alaska, North and
    South Dakota compared by admission, …).
    """
    if mode not in MODES:
        raise ValueError(f"unknown mode: {mode!r}")
    settings = settings or QuizSettings(modes=(mode,), seed=seed)
    ctx = Context(settings, random.Random(seed), Category(category) if category else None)
    made = generator(mode)
    if isinstance(subject, tuple):
        codes = tuple(c.upper() for c in subject)
        if made.sizes is None or len(codes) not in made.sizes:
            raise ValueError(f"mode {mode} does not take {len(codes)} states")
        if any(c not in by_usps() for c in codes):
            raise ValueError(f"unknown USPS codes in {subject}")
        return made.make(codes, ctx)
    subject = subject.upper()
    if subject not in made.subjects(ctx.pool):
        raise ValueError(f"mode {mode} cannot ask about {subject!r} in {settings.describe_pool()}")
    return made.make(subject, ctx)
