"""Answers to a live game, graded by the server: one per player and question (the database's
unique key decides between two racing answers), refused with a code when the question is not
the one asked, after its deadline, unreadable or a second. A game of a class assignment also writes
each answer to the class's results (:func:`sync_class` catches up what the database missed).
"""

from __future__ import annotations

import contextlib
from datetime import datetime
from typing import Any

import sqlalchemy as sa

from engine.live import Phase, answer_values
from engine.quiz import Attempt, Question, question_states
from store import changes, classroom, clock
from store.db import Database, Unavailable, insert_once
from store.live.errors import AnswerRefused, NotFound
from store.live.lobby import player_row
from store.live.records import AnswerResult, LiveGameInfo, game_info
from store.models import LiveAnswer, LiveGame, LivePlayer


def _json(response: object) -> Any:
    if isinstance(response, str):
        return response[: classroom.TEXT_MAX]
    if isinstance(response, int | float | bool) or response is None:
        return response
    if isinstance(response, set | frozenset):
        return sorted(str(v)[: classroom.TEXT_MAX] for v in response)
    if isinstance(response, list | tuple):
        return [str(v)[: classroom.TEXT_MAX] for v in response][:100]
    return str(response)[: classroom.TEXT_MAX]


def answer(
    db: Database, token: object, index: int, response: object, now: datetime | None = None
) -> AnswerResult:
    """Answer question ``index`` (0-based) of the player's game; refused with
    :class:`AnswerRefused` (see the module: ``unreadable`` carries the quiz's ``result``). The
    answer is final once stored."""
    now = now or clock.now_utc()
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise AnswerRefused("bad_index", index=str(index)[:40])
    with db.write() as session:
        player = player_row(session, token)
        game = session.scalar(
            sa.select(LiveGame).where(LiveGame.id == player.game_id).with_for_update(read=True)
        )  # an answer and a step of the game do not cross: the step waits for the answer
        if game is None:
            raise NotFound()
        info = game_info(game)
        _check_open(info, index, now)
        question = info.question(index)
        result = question.check(response)
        if not result.counted:
            raise AnswerRefused("unreadable", result=result)
        started = info.question_started_at
        seconds = None if started is None else max(0.0, (now - started).total_seconds())
        values = answer_values(question, response, result)
        new_id = insert_once(
            session,
            LiveAnswer.__table__,
            {
                "game_id": game.id, "player_id": player.id, "question": index,
                "response": _json(response), "given": _kept_given(values, response),
                "outcome": result.outcome.value, "value": list(values), "seconds": seconds,
                "answered_at": now,
            },
        )  # fmt: skip
        if new_id is None:
            raise AnswerRefused("already_in")
        changes.mark(session, changes.crowd(game.id))
        student_id = player.class_student_id
        attempt = Attempt(index + 1, 1, question, result, seconds)
        done = AnswerResult(player.id, index, result.given, seconds, attempt)
    if student_id is not None:
        record = _class_record(info, index, question, response, result.given,
                               result.outcome.value, seconds, now)  # fmt: skip
        with contextlib.suppress(Unavailable):  # the live answer stands; sync_class catches up
            classroom.record_answers(db, student_id, [record])
    return done


def _kept_given(values: tuple[str, ...], response: object) -> str:
    """What a live answer keeps of the answer as read: the values it picked (codes, never
    words: each screen words them in its reader's language), or for an answer that picked none
    the text typed, as typed."""
    if values:
        return ",".join(values)[: classroom.TEXT_MAX]
    typed = _json(response)
    return typed if isinstance(typed, str) else ""


def _class_record(
    game: LiveGameInfo, index: int, question: Question, response: object, given: str,
    outcome: str, seconds: float | None, at: datetime,
) -> classroom.AnswerRecord:  # fmt: skip
    response = _json(response)
    if not isinstance(response, str | list):
        response = str(response)
    return classroom.AnswerRecord(
        seq=index + 1, question=index + 1, attempt=1, qid=question.qid, mode=question.mode,
        prompt=question.prompt, states=question_states(question), response=response,
        given=given, correct_answer=question.answer_text, outcome=outcome, seconds=seconds,
        answered_at=at, finished=index + 1 == game.questions,
    )  # fmt: skip


def sync_class(db: Database, game_id: int) -> int:
    """Write every answer of the game to its class assignment (a game made from one); answers
    already there are left as they are. Returns the answers newly written."""
    with db.read() as session:
        game = session.get(LiveGame, game_id)
        if game is None:
            raise NotFound()
        info = game_info(game)
        rows = session.execute(
            sa.select(LiveAnswer, LivePlayer.class_student_id)
            .join(LivePlayer, LivePlayer.id == LiveAnswer.player_id)
            .where(LiveAnswer.game_id == game_id, LivePlayer.class_student_id.is_not(None))
            .order_by(LiveAnswer.question)
        ).all()
    batches: dict[int, list[classroom.AnswerRecord]] = {}
    for a, student_id in rows:
        question = info.question(a.question)
        given = question.check(a.response).given  # as the drills write it, read again
        record = _class_record(info, a.question, question, a.response, given, a.outcome,
                               a.seconds, a.answered_at)  # fmt: skip
        batches.setdefault(student_id, []).append(record)
    return sum(classroom.record_answers(db, sid, rs).written for sid, rs in batches.items())


def _check_open(game: LiveGameInfo, index: int, now: datetime) -> None:
    n = index + 1
    if game.phase is Phase.LOBBY:
        raise AnswerRefused("not_started")
    if game.phase is Phase.ENDED:
        raise AnswerRefused("answers_closed")
    if index > game.index:
        raise AnswerRefused("not_asked_yet", number=n)
    if index < game.index or game.phase is Phase.REVEAL:
        raise AnswerRefused("question_closed", number=n)
    if game.deadline is not None and now > game.deadline:
        raise AnswerRefused("too_late", number=n)
