"""What the host's board and each phone show: nothing of a question before it is asked, no
answer before it is revealed, the class's counts per value and never who picked what; and the
version pages follow to redraw only on a change.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from engine.live import Phase, Standings, reveal_counts, share_right, standings
from store.db import Database
from store.live.errors import NotFound
from store.live.host import host_game
from store.live.lobby import player_row
from store.live.records import (
    Board,
    LiveGameInfo,
    PlayerView,
    game_info,
    player_info,
    response_of,
    stripped,
)
from store.models import LiveAnswer, LiveGame, LivePlayer


def _standings(session: Session, game: LiveGameInfo) -> Standings:
    players = session.execute(
        sa.select(LivePlayer.id, LivePlayer.name, LivePlayer.team)
        .where(LivePlayer.game_id == game.id)
        .order_by(LivePlayer.joined_at, LivePlayer.id)
    ).all()
    answers = session.scalars(
        sa.select(LiveAnswer).where(
            LiveAnswer.game_id == game.id, LiveAnswer.question <= game.revealed
        )
    ).all()
    return standings(
        game.rules,
        {p.id: p.name for p in players},
        [response_of(a) for a in answers],
        game.revealed,
        {p.id: p.team for p in players if p.team is not None},
        questions=game.questions,
    )


def board(db: Database, host_key: object) -> Board:
    """What the host's board shows now (see :class:`Board`)."""
    with db.read() as session:
        game = game_info(host_game(session, host_key))
        players = tuple(
            player_info(p)
            for p in session.scalars(
                sa.select(LivePlayer)
                .where(LivePlayer.game_id == game.id)
                .order_by(LivePlayer.joined_at, LivePlayer.id)
            )
        )
        if game.index < 0:
            return Board(game, players, None, 0)
        answers = [
            response_of(a)
            for a in session.scalars(
                sa.select(LiveAnswer).where(
                    LiveAnswer.game_id == game.id, LiveAnswer.question == game.index
                )
            )
        ]
        question = game.question(game.index)
        if game.phase is Phase.QUESTION:
            return Board(game, players, question, len(answers))
        return Board(
            game, players, question, len(answers), reveal_counts(answers),
            share_right(answers), _standings(session, game),
        )  # fmt: skip


def player_view(db: Database, token: object) -> PlayerView:
    """What this phone shows now (see :class:`PlayerView`): nothing of a question before it
    is asked, and no answer before it is revealed."""
    with db.read() as session:
        row = player_row(session, token)
        player = player_info(row)
        game_row = session.get(LiveGame, row.game_id)
        if game_row is None:
            raise NotFound()
        game = game_info(game_row)
        mine = None
        if game.index >= 0:
            mine = session.scalar(
                sa.select(LiveAnswer).where(
                    LiveAnswer.player_id == player.id, LiveAnswer.question == game.index
                )
            )
        # the standings only where a phone shows them: every phone reads its view at a step
        board_standings = (
            _standings(session, game) if game.phase in (Phase.REVEAL, Phase.ENDED) else None
        )
        count = session.scalar(
            sa.select(sa.func.count(LivePlayer.id)).where(LivePlayer.game_id == game.id)
        )
    question = outcome = correct = None
    if game.phase is Phase.QUESTION:
        question = stripped(game.question(game.index))
    elif game.phase is Phase.REVEAL:
        question = game.question(game.index)
        outcome = mine.outcome if mine is not None else None
        correct = question.answer_text
    line = board_standings.row_of(player.id) if board_standings else None
    team_points = team_place = None
    if board_standings and game.rules.teams and player.team is not None:
        team_line = next((t for t in board_standings.team_rows if t.team == player.team), None)
        if team_line is not None:
            team_points, team_place = team_line.points, team_line.place
    return PlayerView(
        game.code, player, game.phase, game.index, game.questions, game.rules,
        game.deadline if game.phase is Phase.QUESTION else None, question, mine is not None,
        mine.given if mine is not None else None, outcome, correct,
        line.points if line else 0, line.place if line else None, count or 0,
        team_points, team_place, board_standings.class_right if board_standings else 0,
        board_standings.goal if board_standings else 0,
        dataclasses.replace(game.settings(), seed=0),
        tuple(mine.value or ()) if mine is not None else (),
    )  # fmt: skip


def version(db: Database, game_id: int) -> tuple:
    """A value that changes whenever what the board or a phone shows does (the phase, the
    question, a step, a player joining, leaving or changing team, an answer; ``None`` parts
    once deleted): pages poll it and redraw only on a change."""

    def of(model: Any, value: Any) -> Any:
        return sa.select(value).where(model.game_id == game_id).scalar_subquery()

    def game(column: Any) -> Any:
        return sa.select(column).where(LiveGame.id == game_id).scalar_subquery()

    # One statement, one round trip: a page looks every second.
    look = sa.select(
        game(LiveGame.phase), game(LiveGame.question), game(LiveGame.version),
        of(LivePlayer, sa.func.count(LivePlayer.id)), of(LivePlayer, sa.func.max(LivePlayer.id)),
        of(LivePlayer, sa.func.sum(sa.func.coalesce(LivePlayer.team, 0) * LivePlayer.id)),
        of(LiveAnswer, sa.func.count(LiveAnswer.id)), of(LiveAnswer, sa.func.max(LiveAnswer.id)),
    )  # fmt: skip
    with db.read() as session:
        phase, question, game_version, *players, answers, last = session.execute(look).one()
    state = None if game_version is None else (phase, question, game_version)
    return (state, tuple(players), (answers, last))
