"""What a mode's generator works with: the :class:`Context` it is handed (the quiz's selection,
the seeded random generator, an imposed category), the :data:`Subject` a question is about,
and the :class:`Generator` a mode registers in the modes table.

The selection is anything shaped like :class:`~engine.quiz.settings.QuizSettings`
(:class:`Selection`): the generators read the settings, and the settings read the modes table,
so the table's types cannot name the settings' class.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from engine.cards import Category
from engine.quiz.facts import all_states
from engine.quiz.question import Question
from engine.words import Sentence

Subject = str | tuple[str, ...]  #: a USPS code, a letter, SOLO_SUBJECT, or states to compare


class Selection(Protocol):
    """The states a quiz asks about, as its settings describe them."""

    @property
    def states(self) -> tuple[str, ...]: ...  # the list filter (empty: none)

    @property
    def filtered(self) -> bool: ...

    def pool(self) -> tuple[str, ...]: ...

    def pool_said(self) -> Sentence: ...


class Context:
    """What a generator may use: the settings, their selection and the seeded generator (and,
    for an ``order`` question, the category it must use, if one is imposed)."""

    def __init__(
        self, settings: Selection, rng: random.Random, category: Category | None = None
    ) -> None:
        self.settings = settings
        self.rng = rng
        self.pool = settings.pool()
        self.category = category

    def companions(
        self,
        k: int,
        exclude: Iterable[str],
        ok: Callable[[str], bool] = lambda c: True,
        pair_ok: Callable[[str, str], bool] = lambda a, b: True,
    ) -> list[str]:
        """Up to ``k`` distinct states passing ``ok`` and pairwise ``pair_ok``, not in
        ``exclude``: from the selection first, then from all 50."""
        excluded = set(exclude)
        chosen: list[str] = []
        for source in (self.pool, all_states()):
            if len(chosen) == k:
                break
            candidates = [c for c in source if c not in excluded and c not in chosen and ok(c)]
            self.rng.shuffle(candidates)
            for c in candidates:
                if len(chosen) < k and all(pair_ok(c, other) for other in chosen):
                    chosen.append(c)
        return chosen


@dataclass(frozen=True, slots=True)
class Generator:
    """A mode's question maker: ``subjects(pool)`` lists what a question can be about;
    ``make(subject, ctx)`` builds it; ``needs`` says what a subject needs (for the note when
    a selection has none; ``None``: any state will do); ``sizes`` is how many states a tuple
    subject may compare (``None``: the mode takes no tuple)."""

    subjects: Callable[[tuple[str, ...]], list[str]]
    make: Callable[[Subject, Context], Question]
    needs: Sentence | None = None
    sizes: range | None = None
