"""A quiz of chosen items, dealt on the drills' machinery: "Practise what is due".

Each item is asked by one of the modes that ask its kind about a state
(``engine.quiz.items.practice_modes``: a border set by ``neighbors``, ``exact`` or ``count``, a
capital typed either way or chosen, a rank against another state …), chosen with the quiz's
seed among those that can ask about that state (Alaska and Hawaii have no border to select:
``count``). A rank item is compared with a state drawn with the seed. The questions are
ordinary drill questions (:func:`engine.quiz.make_question`), run by an ordinary
:class:`~engine.quiz.QuizRun` with the settings :func:`practice_settings` gives: same items,
same seed, same quiz.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.quiz import QuizSettings, make_question
from engine.quiz.facts import all_states
from engine.quiz.items import Item, practice_modes
from engine.quiz.modes import generator
from engine.quiz.question import Question

PRACTICE_N = 10  #: questions in a practice quiz, at most
_TRIES = 20  #: companions tried for a rank comparison


def _ask(item: Item, rng: random.Random) -> Question:
    modes = [m for m in practice_modes(item.kind) if generator(m).sizes is not None
             or item.state in generator(m).subjects(all_states())]  # fmt: skip
    mode = rng.choice(modes)
    seed = rng.randrange(2**31)
    if generator(mode).sizes is None:
        return make_question(mode, item.state, seed=seed)
    others = [s for s in all_states() if s != item.state]
    rng.shuffle(others)
    for other in others[:_TRIES]:
        pair = (item.state, other) if rng.random() < 0.5 else (other, item.state)
        try:
            return make_question(mode, pair, seed=seed)
        except ValueError:  # not comparable (the two Dakotas joined the same day)
            continue
    raise ValueError(f"no state to compare {item.state} with in {mode}")


def practice_questions(items: Sequence[Item], seed: int) -> list[Question]:
    """One question per item, in the items' order, dealt with ``seed``."""
    rng = random.Random(f"practice-questions:{seed}")
    return [_ask(item, rng) for item in items]


def practice_settings(questions: Sequence[Question], seed: int) -> QuizSettings:
    """Settings that describe a practice quiz of ``questions`` (its modes, count and seed)."""
    return QuizSettings(modes=tuple({q.mode for q in questions}), n=len(questions), seed=seed)
