"""A run through a quiz: the questions asked in turn, the counted answers, the mistakes queue
and the summary.

A counted wrong answer sends the question back into the queue after :data:`RETRY_GAP` other
questions (at the end if fewer are left): it returns until it is answered right
(Leitner-style), except a typed list of names (``all50``), whose answer is final. The score
counts the questions right at the first attempt; a list of names is scored apart, by **the
states named of all it asks** (:func:`points`: "10 of 50 states named"), never as one question
right or wrong. A run stopped early (the timer) counts the questions not answered as not
reached, never as right or wrong. :meth:`QuizRun.misses_run`
starts a "practise my misses" run. Nothing here is random but the order of that practice run,
which is seeded.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.core import IllegalAction, Refusal
from engine.quiz import export
from engine.quiz.deal import build_questions
from engine.quiz.modes import mode
from engine.quiz.question import AnswerType, Attempt, Question, Result, is_list, points
from engine.quiz.settings import QuizSettings

RETRY_GAP = 3  #: other questions asked before a missed one comes back


def is_list_mode(name: str) -> bool:
    """True for a mode that asks a list of names (``all50``): scored by the states named."""
    return mode(name).answer_type is AnswerType.NAMES


def scale(questions: Sequence[Question]) -> tuple[int, int]:
    """What a quiz of ``questions`` is scored out of: (questions right or wrong, states its
    lists of names ask for); a list of names is scored by :func:`~engine.quiz.question.points`."""
    lists = [q for q in questions if is_list(q)]
    return len(questions) - len(lists), sum(len(q.answer) for q in lists)


@dataclass(frozen=True, slots=True)
class Miss:
    """A question answered wrong at its first attempt, with what was given and the answer."""

    number: int
    question: Question
    given: str
    right_answer: str
    cleared: bool  #: answered right later in the run


class Standing(StrEnum):
    """Where one question of a run stands: each question has exactly one standing, however
    often it was asked."""

    FIRST_TRY = "first_try"  #: answered right at its first asking
    LATER = "later"  #: answered wrong first, then right at a later asking
    NEVER = "never"  #: answered, never right (a typed list of names; a run stopped early)
    NOT_REACHED = "not_reached"  #: never answered (a run stopped by its timer)


@dataclass(frozen=True, slots=True)
class Summary:
    """The end of a run, counting questions (never askings): ``score`` right at the first
    attempt out of ``total``; ``right_later`` right at a later attempt; ``answered`` answered
    at least once; ``misses`` the first-attempt misses. Every question is counted once: right
    at the first try, right later, never right or not reached. Lists of names are not among
    these questions: they count ``named`` states of ``to_name`` (:func:`points`)."""

    score: int
    total: int
    answered: int
    right_later: int
    misses: tuple[Miss, ...]
    named: int = 0
    to_name: int = 0

    @property
    def named_percent(self) -> int:
        """The states named as a whole percentage of those asked (0 if none)."""
        return round(100 * self.named / self.to_name) if self.to_name else 0

    @property
    def never_right(self) -> int:
        """Questions answered but never right."""
        return self.answered - self.score - self.right_later

    @property
    def percent(self) -> int:
        """The score as a whole percentage of the questions answered (0 if none)."""
        return round(100 * self.score / self.answered) if self.answered else 0

    @property
    def unreached(self) -> int:
        """Questions never answered (a run stopped by its timer): neither right nor wrong."""
        return self.total - self.answered

    @property
    def complete(self) -> bool:
        """True when every question was answered at least once."""
        return self.answered == self.total


class QuizRun:
    """One run through a quiz, with its mistakes queue.

    ``QuizRun(settings)`` deals the questions with :func:`build_questions`; pass ``questions``
    to run a given list instead (a practice run). The run asks ``current`` until ``is_done``;
    ``answer(response)`` judges it with :meth:`Question.check`. A not-counted answer changes
    nothing: the same question stays current. A counted answer is recorded; if wrong, the
    question comes back after ``retry_gap`` other questions (or at the end of the queue if fewer
    are left), until it is answered right. Nothing here is random: same questions and same
    answers, same run.
    """

    def __init__(
        self,
        settings: QuizSettings,
        questions: Sequence[Question] | None = None,
        *,
        retry_gap: int = RETRY_GAP,
        practice: bool = False,
    ) -> None:
        self.settings = settings
        self.questions: tuple[Question, ...] = tuple(
            build_questions(settings) if questions is None else questions
        )
        self.retry_gap = retry_gap
        self.practice = practice
        self.queue: list[int] = list(range(len(self.questions)))
        self.attempts: list[Attempt] = []
        self._tries: dict[int, int] = {}

    @property
    def total(self) -> int:
        """The number of questions (re-askings not counted)."""
        return len(self.questions)

    @property
    def current(self) -> Question | None:
        """The question to answer now, or ``None`` when the run is done."""
        return self.questions[self.queue[0]] if self.queue else None

    @property
    def number(self) -> int | None:
        """The 1-based number of the current question, or ``None`` when done."""
        return self.queue[0] + 1 if self.queue else None

    @property
    def is_retry(self) -> bool:
        """True when the current question was answered wrong before."""
        return bool(self.queue) and self.queue[0] in self._tries

    @property
    def is_done(self) -> bool:
        return not self.queue

    @property
    def last(self) -> Attempt | None:
        """The latest counted answer (its question and result), for the feedback view."""
        return self.attempts[-1] if self.attempts else None

    @property
    def answered(self) -> int:
        """Questions answered at least once."""
        return len(self._tries)

    @property
    def pending_retries(self) -> int:
        """Missed questions still waiting in the queue."""
        return sum(1 for i in self.queue if i in self._tries)

    @property
    def score(self) -> int:
        """Questions answered right at the first attempt (lists of names not among them:
        :attr:`named`)."""
        return sum(
            1
            for a in self.attempts
            if a.attempt == 1 and a.result.correct and not is_list(a.question)
        )

    @property
    def named(self) -> int:
        """States named in the run's lists of names."""
        return sum(points(a.question, a.result)[0] for a in self.attempts if is_list(a.question))

    @property
    def to_name(self) -> int:
        """States the run's lists of names ask for."""
        return sum(len(q.answer) for q in self.questions if is_list(q))

    @property
    def progress(self) -> float:
        """Share of the questions answered at least once, 0.0 to 1.0."""
        return self.answered / self.total if self.total else 1.0

    def answer(self, response: object, *, seconds: float | None = None) -> Result:
        """Judge ``response`` to the current question and move the queue on if it counts.

        Raises :class:`engine.core.IllegalAction` when the run is done.
        """
        if not self.queue:
            raise IllegalAction(Refusal("quiz_over"))
        index = self.queue[0]
        result = self.questions[index].check(response)
        if not result.counted:
            return result
        attempt = self._tries.get(index, 0) + 1
        self._tries[index] = attempt
        self.attempts.append(Attempt(index + 1, attempt, self.questions[index], result, seconds))
        self.queue.pop(0)
        if not result.correct and self.questions[index].retry:
            self.queue.insert(min(self.retry_gap, len(self.queue)), index)
        return result

    def misses(self) -> list[Miss]:
        """Questions answered wrong at their first attempt, in question order."""
        cleared = {a.number for a in self.attempts if a.result.correct}
        found = [a for a in self.attempts if a.attempt == 1 and not a.result.correct]
        return [
            Miss(a.number, a.question, a.result.given, a.question.answer_text, a.number in cleared)
            for a in sorted(found, key=lambda a: a.number)
        ]

    def standing(self, number: int) -> Standing:
        """Where question ``number`` (1-based) stands now."""
        answers = [a for a in self.attempts if a.number == number]
        if not answers:
            return Standing.NOT_REACHED
        if answers[0].result.correct:
            return Standing.FIRST_TRY
        return Standing.LATER if any(a.result.correct for a in answers) else Standing.NEVER

    def summary(self) -> Summary:
        """Score, totals and misses so far (complete once ``is_done``)."""
        numbers = [n for n in range(1, self.total + 1) if not is_list(self.questions[n - 1])]
        standings = [self.standing(n) for n in numbers]
        return Summary(
            score=self.score,
            total=len(numbers),
            answered=len(numbers) - standings.count(Standing.NOT_REACHED),
            right_later=standings.count(Standing.LATER),
            misses=tuple(self.misses()),
            named=self.named,
            to_name=self.to_name,
        )

    def misses_run(self) -> QuizRun | None:
        """A "practise my misses" run: the first-attempt misses, in an order shuffled with the
        settings' seed; ``None`` when nothing was missed."""
        missed = [m.question for m in self.misses()]
        if not missed:
            return None
        random.Random(f"misses:{self.settings.seed}:{len(missed)}").shuffle(missed)
        return QuizRun(self.settings, missed, retry_gap=self.retry_gap, practice=True)

    def rows(self) -> list[dict[str, str | int | float | None]]:
        """One row per counted answer, keyed by :data:`engine.quiz.export.CSV_COLUMNS`."""
        return export.rows(self.attempts)

    def to_csv(self) -> str:
        """The run as CSV text, for a download button (see :mod:`engine.quiz.export`)."""
        return export.to_csv(self.attempts)
