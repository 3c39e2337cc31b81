"""Issue 28, item 22: every answer kind refuses an oversize answer in words before reading it,
and the live store refuses every bad question index in words (never a ``TypeError``)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from itertools import repeat

import pytest

import store.live as live
from engine.answers import LIST_TOO_LONG, MAX_ANSWER_CHARS, MAX_LIST_CHARS, MAX_LIST_ITEMS
from engine.live import LiveRules
from engine.quiz import MODES, AnswerType, Outcome, QuizSettings, build_questions
from tests.test_live_store import refuses
from ui.live.errors import worded
from ui.quiz.wording import say


def one_question_per_mode():
    """A question of every mode (the solo one too), so every answer kind is walked."""
    for mode in MODES:
        yield build_questions(QuizSettings(modes=(mode,), n=1, seed=7))[0]


def oversize(q) -> list[object]:
    """Oversize answers of every shape the question's kind takes."""
    names = ["California"] * (MAX_LIST_ITEMS + 1)
    huge = "Texas, " * (4_000_000 // 7)
    out: list[object] = ["x" * (MAX_LIST_CHARS + 1), huge]
    if q.answer_type in (AnswerType.SET, AnswerType.ORDER, AnswerType.NAMES):
        out += [",".join(names), names, tuple(names), iter(names), ["Utah", "y" * MAX_LIST_CHARS]]
        out.append(repeat("Texas"))  # endless: never read to its end
    return out


@pytest.mark.parametrize("q", list(one_question_per_mode()), ids=lambda q: q.mode)
def test_every_answer_kind_refuses_an_oversize_answer_in_words(q):
    for response in oversize(q):
        result = q.check(response)
        assert result.outcome is Outcome.NOT_COUNTED, (q.mode, str(response)[:40])
        assert "too long" in result.message, (q.mode, result.message)
        assert len(result.given) <= MAX_ANSWER_CHARS


@pytest.mark.parametrize("q", list(one_question_per_mode()), ids=lambda q: q.mode)
def test_a_list_at_the_cap_is_still_read(q):
    if q.answer_type not in (AnswerType.SET, AnswerType.ORDER, AnswerType.NAMES):
        return
    at_cap = list(q.choices or ["CA"])[:1] * MAX_LIST_ITEMS
    result = q.check(at_cap)
    assert result.message != say(LIST_TOO_LONG)


BAD_INDEXES = [
    "0", "", None, 0.0, 1.5, float("nan"), float("inf"), True, False, [0], (0,), {0: 0},
    Decimal(0), Fraction(0), b"0", object(), -1, -10**30, 10**30, 5,
]  # fmt: skip


@pytest.mark.parametrize("index", BAD_INDEXES, ids=lambda v: f"{type(v).__name__}:{v!s:.12}")
def test_the_live_store_refuses_every_bad_index_in_words(db, index):
    game = live.create_game(db, "zones", {"mode": "zone", "n": "3"}, LiveRules(), "key")
    live.join(db, game.code, "Ana", "token-ana")
    live.advance(db, "key", game.version)
    with pytest.raises(live.AnswerRefused) as refused:
        live.answer(db, "token-ana", index, "Pacific")
    assert "question" in worded(refused.value).lower()


def test_the_live_store_refuses_an_oversize_list_in_words(db):
    game = live.create_game(db, "ranks", {"mode": "order", "n": "2"}, LiveRules(), "key")
    live.join(db, game.code, "Ana", "token-ana")
    live.advance(db, "key", game.version)
    for response in ("Texas," * 1_000_000, ["Texas"] * 10_000):
        with refuses(live.AnswerRefused, "too long"):
            live.answer(db, "token-ana", 0, response)
