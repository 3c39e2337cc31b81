"""What the live store hands out, and how its rows become it: the game (:class:`LiveGameInfo`),
a player, an answer stored, the host's :class:`Board` and a phone's :class:`PlayerView`.

A game's questions are dealt again from its secret seed wherever they are needed (cached per
process); :func:`stripped` is a question as a phone may see it while it is asked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any

from engine.live import LiveResponse, LiveRules, Phase, Standings, revealed_through
from engine.quiz import AnswerType, Attempt, Question, QuizSettings, build_questions, parse_settings
from store import clock
from store.live.errors import LiveError
from store.models import LiveAnswer, LiveGame, LivePlayer


@lru_cache(maxsize=64)
def _questions(drill: str, params: tuple[tuple[str, str], ...], seed: int) -> tuple[Question, ...]:
    return tuple(build_questions(quiz_settings(drill, dict(params), seed)))


def quiz_settings(drill: str, params: Mapping[str, str], seed: int) -> QuizSettings:
    """The quiz settings of a game: its URL parameters and its secret seed."""
    settings, _ = parse_settings({**params, "seed": str(seed)}, group=drill, default_seed=seed)
    return settings


@dataclass(frozen=True)
class LiveGameInfo:
    """A game as the host's page sees it. ``index`` is the current question (0-based, -1 in
    the lobby); ``seed`` is secret (only the server deals from it) and never printed."""

    id: int
    code: str
    drill: str
    params: dict[str, str]
    rules: LiveRules
    questions: int
    phase: Phase
    index: int
    deadline: datetime | None
    question_started_at: datetime | None
    version: int
    assignment_id: int | None
    seed: int = field(default=0, repr=False)
    locked: bool = False  #: the host closed the game to new players

    def settings(self) -> QuizSettings:
        """The quiz's settings, secret seed included."""
        return quiz_settings(self.drill, self.params, self.seed)

    def question(self, i: int) -> Question:
        """Question ``i`` (0-based), with its answer: for the server and the host only."""
        if not 0 <= i < self.questions:
            raise LiveError("no_such_question", number=i + 1, total=self.questions)
        return _questions(self.drill, tuple(sorted(self.params.items())), self.seed)[i]

    @property
    def revealed(self) -> int:
        """The last question whose answer has been shown (-1: none yet)."""
        return revealed_through(self.phase, self.index)

    def seconds_left(self, now: datetime | None = None) -> float | None:
        """Seconds until the current question's deadline (``None``: no deadline now)."""
        if self.phase is not Phase.QUESTION or self.deadline is None:
            return None
        return max(0.0, (self.deadline - (now or clock.now_utc())).total_seconds())


@dataclass(frozen=True)
class PlayerInfo:
    """A player; ``class_student_id``: the class student they also are, in a game of a class
    assignment."""

    id: int
    game_id: int
    name: str
    team: int | None
    joined_at: datetime
    class_student_id: int | None = None


@dataclass(frozen=True)
class AnswerResult:
    """An answer stored: question ``index``, what was read (``given``, the quiz's words in the
    current language, for the page that answered) and how many ``seconds`` after the question
    was asked. The page shows no outcome: that comes with the reveal; ``attempt`` (graded) is
    for the learner's progress, kept on the server."""

    player_id: int
    index: int
    given: str
    seconds: float | None
    attempt: Attempt


@dataclass(frozen=True)
class Board:
    """What the host's board shows. ``question`` is the current one (with its answer; none in
    the lobby); ``answered`` how many players answered it. In reveal and after the end:
    ``counts`` (players per value picked), ``share_right`` and the ``standings`` through the
    last question revealed; ``None`` otherwise."""

    game: LiveGameInfo
    players: tuple[PlayerInfo, ...]
    question: Question | None
    answered: int
    counts: dict[str, int] | None = None
    share_right: float | None = None
    standings: Standings | None = None


@dataclass(frozen=True)
class PlayerView:
    """What one phone shows. ``question`` is the current question while it is asked (stripped
    of its answer: :func:`stripped`) or revealed (whole); none in the lobby or at the end.
    ``outcome`` ("right", "wrong" or ``None`` for no answer) and ``correct_answer`` come with
    the reveal only; ``points``, ``place`` (of ``players``) and the team's and class's figures
    count the questions revealed so far, and are given at a reveal and at the end only (0 and
    ``None`` in the lobby and while a question is asked, where the phone shows none).
    ``settings`` are the game's quiz settings with its secret seed taken out (the seed would
    deal the questions). ``picked`` are the values the phone's answer picked (USPS codes, a
    zone's value …; :func:`engine.live.answer_values`): the phone words its answer from them
    in its reader's language; ``given`` is what the store kept of the answer (those values, or
    the text typed for an answer that picked none: a typed city that is no capital).
    ``correct_answer`` is the quiz's wording of the answer; a page words the revealed
    ``question``'s answer itself, in its reader's language."""

    code: str
    player: PlayerInfo
    phase: Phase
    index: int
    questions: int
    rules: LiveRules
    deadline: datetime | None
    question: Question | None
    answered: bool
    given: str | None
    outcome: str | None
    correct_answer: str | None
    points: int
    place: int | None
    players: int
    team_points: int | None = None
    team_place: int | None = None
    class_right: int = 0
    goal: int = 0
    settings: QuizSettings | None = None
    picked: tuple[str, ...] = ()


def game_info(g: LiveGame) -> LiveGameInfo:
    """The game of a ``live_game`` row."""
    return LiveGameInfo(
        g.id, g.code, g.drill, dict(g.settings), LiveRules.from_dict(g.rules), g.questions,
        Phase(g.phase), g.question, g.deadline, g.question_started_at, g.version,
        g.assignment_id, g.seed, bool(g.locked),
    )  # fmt: skip


def player_info(p: LivePlayer) -> PlayerInfo:
    """The player of a ``live_player`` row."""
    return PlayerInfo(p.id, p.game_id, p.name, p.team, p.joined_at, p.class_student_id)


def response_of(a: LiveAnswer) -> LiveResponse:
    """A ``live_answer`` row as :mod:`engine.live` counts it."""
    return LiveResponse(a.player_id, a.question, a.outcome == "right", a.seconds, tuple(a.value))


def stripped(question: Question) -> Question:
    """``question`` as a phone may see it while it is asked: no answer (an empty one in its
    place), no explanation, no remarks. Grading never uses it: the server deals again."""
    empty: Any = (
        frozenset()
        if question.answer_type in (AnswerType.SET, AnswerType.NAMES)
        else ()
        if question.answer_type is AnswerType.ORDER
        else ""
    )
    return dataclasses.replace(question, answer=empty, explains=(), remarks=())
