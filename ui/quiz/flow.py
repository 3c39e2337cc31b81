"""One quiz as a learner takes it, without Streamlit: :class:`QuizFlow`, the quiz session that
every host draws (the drill pages, the class quiz and My progress's practice through
``ui.quiz.session``, which keeps it between reruns; the notebook's
:class:`~widgets.quiz.QuizWidget`). The live phone shares its answer widgets and their reading
(``ui.quiz.inputs``) and keeps the live game's own steps.

The steps, each as data the host draws:

* **ask** (:meth:`QuizFlow.asking`): the question and its answer widget. ``picked`` holds the
  states picked so far (on the map, in a list, or named one at a time with
  :meth:`~QuizFlow.take_name`); :meth:`~QuizFlow.check` hands the response
  (:func:`ui.quiz.inputs.read_answer`) to the engine, which judges it, forgiving typing. An
  answer that does not count stays on the question with ``notice`` saying why; one that
  counts goes to every recorder and its feedback shows;
* **feedback** (:meth:`~QuizFlow.feedback`): the verdict, the answer given, the right one;
  :meth:`~QuizFlow.next_question` moves on. A question missed comes back later in the run;
* **summary** (:meth:`~QuizFlow.summary`), once every question is answered right or the time
  is up: the score, the mistakes, the questions not reached; :meth:`~QuizFlow.practise`
  starts a run of the first-attempt misses.

A timer (minutes for the whole quiz) ends the run when it runs out (:meth:`~QuizFlow.check_time`):
a list of names counts the names given by then; any other answer picked but not checked stays
out of the score.

Every word of a step is in the reader's language (``ui.quiz.text``, and ``ui.quiz.wording``
for what the engine says: ``notice`` is worded when it is set).

**Where answers go is the host's**: it plugs in :class:`Recorder` objects (a class
assignment's results, the learner's progress); the flow calls each one with every answer as it
counts, and asks each what records a practice of the misses.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Protocol

from engine.quiz import AnswerType, Question, QuizRun, Result, Summary
from messages import _
from ui.links import md
from ui.quiz.inputs import AnswerInput, answer_input, nothing_notice
from ui.quiz.text import (
    AGAIN_ANSWERED,
    AGAIN_ASKED,
    COMES_BACK,
    answer_hint,
    feedback_lines,
    mistake_line,
    next_label,
    no_mistakes_line,
    practise_label,
    states_line,
    summary_lines,
    summary_title,
)
from ui.quiz.wording import explanation_of, message_of

ASK, FEEDBACK = "ask", "feedback"  #: the steps a question goes through; then the summary


class Recorder(Protocol):
    """Where a quiz's answers go besides its run (a class's results, the learner's progress)."""

    def record(self, run: QuizRun, response: object) -> None:
        """``run`` has just counted ``response`` (as the widgets held it): ``run.last`` is
        the attempt, ``run.is_done`` tells whether it ended the quiz."""

    def practice(self) -> Recorder | None:
        """What records the practice of this quiz's misses (``None``: nothing)."""


@dataclass(frozen=True)
class AskStep:
    """A question as it is asked: ``again`` (beside an "Again" badge) when it was missed
    before, ``states`` the few states to pick among (Markdown), ``hint`` how a typed answer is
    read, ``answer`` its answer widget."""

    question: Question
    again: str
    states: str
    hint: str
    answer: AnswerInput


@dataclass(frozen=True)
class FeedbackStep:
    """The feedback of the answer just counted: the verdict is :attr:`verdict` (right or
    not: ``result.correct``), ``lines`` the answer given and the right one (Markdown),
    ``comes_back`` says that a missed question will be asked again, ``next_label`` is the
    button that moves on."""

    question: Question
    result: Result
    again: str
    lines: tuple[str, ...]
    comes_back: str
    next_label: str

    @property
    def verdict(self) -> str:
        return md(message_of(self.result))

    @property
    def explanation(self) -> str:
        """The question's explanation (Markdown; "" for none)."""
        return md(explanation_of(self.question))


@dataclass(frozen=True)
class SummaryStep:
    """The end of a run: ``lines`` the score (Markdown), ``mistakes`` one line each, ``praise``
    what a run without a mistake says (a success when ``summary.complete``), ``unreached`` the
    questions the time did not reach, ``practise`` the button that practises the misses ("":
    none)."""

    summary: Summary
    title: str
    lines: tuple[str, ...]
    mistakes: tuple[str, ...]
    praise: str
    unreached: tuple[Question, ...]
    practise: str


@dataclass
class QuizFlow:
    """A quiz session: the run, the step it is at, what is picked and what the host should say
    (``notice``), the clock. ``turn`` counts the questions shown (a host names its widgets
    by it); ``started``, ``asked_at`` and ``finished`` are ``time.monotonic()`` readings."""

    run: QuizRun
    timer: int | None = None  #: minutes for the whole quiz
    recorders: tuple[Recorder, ...] = ()
    phase: str = ASK
    turn: int = 0
    picked: list[str] = field(default_factory=list)
    notice: str = ""  #: why the last answer was not counted, or what the last name typed did
    started: float = field(default_factory=time.monotonic)
    asked_at: float = field(default_factory=time.monotonic)
    finished: float | None = None
    time_up: bool = False
    unchecked: bool = False  #: the time ran out on an answer picked but not checked

    @property
    def over(self) -> bool:
        """True when the summary is due: every question answered right, or the time is up."""
        return self.time_up or (self.run.is_done and self.phase != FEEDBACK)

    def elapsed(self) -> float:
        return (self.finished or time.monotonic()) - self.started

    def time_left(self) -> float | None:
        return None if not self.timer else self.timer * 60 - self.elapsed()

    def _seconds(self) -> float:
        return round(time.monotonic() - self.asked_at, 1)

    def _answer(self, response: object) -> Result:
        """The engine's verdict on ``response``; one that counts goes to every recorder."""
        result = self.run.answer(response, seconds=self._seconds())
        if result.counted:
            for recorder in self.recorders:
                recorder.record(self.run, response)
        return result

    def check_time(self, held: bool = False) -> bool:
        """Stop the run when its timer has run out; True if it has. ``held``: a widget holds
        an answer not yet checked (typed or chosen), which the summary then mentions."""
        left = self.time_left()
        if left is None or left > 0 or self.time_up:
            return self.time_up
        assert self.timer is not None
        self.time_up = True
        self.finished = self.started + self.timer * 60
        q = self.run.current
        if self.phase == ASK and q is not None:
            if q.answer_type is AnswerType.NAMES and self.picked:
                self._answer(tuple(self.picked))  # each name was accepted as it was typed
            else:
                self.unchecked = held or bool(self.picked)
        return True

    def check(self, response: object | None) -> Result | None:
        """Check ``response`` (see :func:`ui.quiz.inputs.read_answer`) and show its feedback;
        an answer that does not count stays on the question with ``notice`` saying why.
        ``None`` when nothing was judged: no question asked, or no answer chosen."""
        q = self.run.current
        if self.time_up or self.phase != ASK or q is None:
            return None
        if response is None:
            self.notice = nothing_notice(q)
            return None
        result = self._answer(response)
        if result.counted:
            self.phase = FEEDBACK
            self.notice = ""
        else:
            self.notice = message_of(result)
        return result

    def take_name(self, text: str) -> str:
        """A name typed into a list of names: taken at once (its state joins ``picked``) or
        refused, never counted against the learner; the note that says which (``notice``)."""
        q = self.run.current
        if self.time_up or self.phase != ASK or q is None or q.answer_type is not AnswerType.NAMES:
            return ""
        taken = q.take_name(self.picked, text)
        if taken.usps:
            self.picked.append(taken.usps)
        self.notice = message_of(taken)
        return self.notice

    def next_question(self) -> None:
        """From the feedback to the next question (or to the summary, once the run is done)."""
        if self.phase != FEEDBACK:
            return
        self.phase = ASK
        self.turn += 1
        self.picked = []
        self.notice = ""
        self.asked_at = time.monotonic()
        if self.run.is_done and self.finished is None:
            self.finished = time.monotonic()

    def restart(self, run: QuizRun, recorders: tuple[Recorder, ...] | None = None) -> None:
        """Start ``run`` afresh with the same timer (and ``recorders``, if given)."""
        self.run = run
        if recorders is not None:
            self.recorders = recorders
        self.phase = ASK
        self.turn += 1
        self.picked = []
        self.notice = ""
        self.started = self.asked_at = time.monotonic()
        self.finished = None
        self.time_up = self.unchecked = False

    def practise(self) -> bool:
        """Practise my misses: a run of the first-attempt misses, recorded by what each
        recorder names for a practice; False when there is none."""
        run = self.run.misses_run()
        if run is None:
            return False
        self.restart(run, tuple(p for r in self.recorders if (p := r.practice()) is not None))
        return True

    # --- the steps, as data -------------------------------------------------------------------

    def asking(self) -> AskStep:
        """The question on screen."""
        q = self.run.current
        assert q is not None
        again = _(AGAIN_ASKED) if self.run.is_retry else ""
        return AskStep(q, again, states_line(q), answer_hint(q), answer_input(q))

    def feedback(self) -> FeedbackStep:
        """The feedback of the answer just counted."""
        attempt = self.run.last
        assert attempt is not None
        q, result = attempt.question, attempt.result
        return FeedbackStep(
            q,
            result,
            _(AGAIN_ANSWERED) if attempt.attempt > 1 else "",
            tuple(feedback_lines(q, result)),
            _(COMES_BACK) if not result.correct and q.retry else "",
            next_label(self.run),
        )

    def summary(self) -> SummaryStep:
        """The end of the run."""
        run = self.run
        s = run.summary()
        answered = {a.number for a in run.attempts}
        lines = summary_lines(
            s, self.elapsed(), self.timer, time_up=self.time_up, unchecked=self.unchecked
        )
        return SummaryStep(
            s,
            summary_title(run.practice, self.time_up),
            tuple(lines),
            tuple(mistake_line(run, m) for m in s.misses),
            no_mistakes_line(s) if s.answered and not s.misses else "",
            tuple(q for i, q in enumerate(run.questions, 1) if i not in answered),
            practise_label(len(s.misses)) if s.misses else "",
        )
