"""Joining a live game: a player is a cleaned name, unique in the game, and a token the phone
drew once (the same token twice is one player); :func:`engine.live.join_refusal` weighs the
lobby (locked, full, blocked, too fast). A player of a game made from a class assignment is
also joined to the class under the same name.
"""

from __future__ import annotations

import dataclasses
import hashlib
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from engine.live import JOIN_WINDOW, LiveRules, Phase, join_refusal
from store import changes, classroom, clock
from store.codes import digest, find_by_secret
from store.db import Database, insert_once
from store.live.errors import GameOver, LiveError, NameTaken, NotFound
from store.live.host import find_game
from store.live.records import LiveGameInfo, PlayerInfo, player_info
from store.models import Assignment, LiveBlock, LiveGame, LivePlayer
from store.names import NAME_MAX, cleaned, name_hash


def join(
    db: Database,
    code: object,
    name: object,
    token: str,
    now: datetime | None = None,
    client: str | None = None,
) -> PlayerInfo:
    """A new player of game ``code`` (or the one this ``token`` made already). ``client`` names
    the browser session joining (counted by :func:`engine.live.join_refusal`: a locked, full or
    blocked game, or a browser adding players too fast, is refused with its code)."""
    now = now or clock.now_utc()
    clean = cleaned(name, limit=NAME_MAX, error=LiveError, what="name")
    text = str(token or "").strip()
    if not text:
        raise LiveError("no_token")
    game = find_game(db, code)
    player, linked = _join(db, game, clean, text, now, digest(client) if client else None)
    if game.assignment_id is not None and not linked:
        student_id = _link_class(db, game.assignment_id, player, text, now)
        player = dataclasses.replace(player, class_student_id=student_id)
    return player


def _join(
    db: Database, game: LiveGameInfo, clean: str, text: str, now: datetime, client: str | None
) -> tuple[PlayerInfo, bool]:
    """The player row of ``text`` in ``game`` (made now, or before); whether it is linked to
    a class student."""
    with db.write() as session:
        # Joins queue on the game's row, with each other and with the start: each counts the
        # teams with the players before it (a shared lock let two joins fill one team).
        row = session.scalar(sa.select(LiveGame).where(LiveGame.id == game.id).with_for_update())
        if row is None:
            raise NotFound("game_just_gone")
        mine = find_by_secret(session, LivePlayer.token_hash, text)
        if mine is not None and mine.game_id == game.id:  # joined already: a reload
            return player_info(mine), mine.class_student_id is not None
        if mine is not None:
            raise LiveError("other_game")
        if row.phase == Phase.ENDED.value:
            raise GameOver(game=row.code)
        key = name_hash(clean)
        refusal = join_refusal(row.code, **_lobby(session, row, key, client, now))
        if refusal:
            raise LiveError.of(refusal)
        team = None
        teams = LiveRules.from_dict(row.rules).teams
        if teams and row.phase != Phase.LOBBY.value:
            team = _smallest_team(session, game.id, teams)
        new_id = insert_once(
            session,
            LivePlayer.__table__,
            {
                "game_id": game.id, "name": clean, "name_key": key,
                "token_hash": digest(text), "team": team, "class_student_id": None,
                "joined_at": now, "client_hash": client,
            },
        )  # fmt: skip
        found = session.scalar(
            sa.select(LivePlayer).where(
                LivePlayer.id == new_id
                if new_id is not None
                else LivePlayer.token_hash == digest(text)
            )
        )
        if found is None:
            raise NameTaken(name=clean)
        changes.mark(session, changes.crowd(game.id))
        if found.game_id != game.id:
            raise LiveError("other_game")
        return player_info(found), found.class_student_id is not None


def _lobby(
    session: Session, game: LiveGame, key: str, client: str | None, now: datetime
) -> dict[str, Any]:
    """What :func:`engine.live.join_refusal` weighs, read with the game's row held."""
    players = sa.select(sa.func.count(LivePlayer.id)).where(LivePlayer.game_id == game.id)
    blocked = sa.select(LiveBlock.id).where(
        LiveBlock.game_id == game.id,
        sa.or_(LiveBlock.name_key == key, LiveBlock.client_hash == client)
        if client
        else LiveBlock.name_key == key,
    )
    recent = 0
    if client:
        recent = session.scalar(
            players.where(
                LivePlayer.client_hash == client,
                LivePlayer.joined_at > now - timedelta(seconds=JOIN_WINDOW),
            )
        )
    return {
        "locked": bool(game.locked), "players": session.scalar(players) or 0,
        "blocked": session.scalar(blocked.limit(1)) is not None, "recent_joins": recent or 0,
    }  # fmt: skip


def _class_token(token: str) -> str:
    """The class resume token of a live player (secret as the live token it comes from)."""
    return hashlib.sha256(f"live-class:{token}".encode()).hexdigest()


def _link_class(
    db: Database, assignment_id: int, player: PlayerInfo, token: str, now: datetime
) -> int | None:
    """Join the player to the game's class assignment too, under the same name, and return the
    class student's id; a class that refuses (closed, deleted, the name already a student's)
    leaves the player live only (``None``)."""
    with db.read() as session:
        code = session.scalar(sa.select(Assignment.code).where(Assignment.id == assignment_id))
    if code is None:
        return None
    try:
        student, _ = classroom.join(db, code, player.name, now, token=_class_token(token))
    except classroom.ClassroomError:
        return None
    with db.write() as session:
        session.execute(
            sa.update(LivePlayer)
            .where(LivePlayer.id == player.id)
            .values(class_student_id=student.id)
        )
    return student.id


def _smallest_team(session: Session, game_id: int, teams: int) -> int:
    counts = dict(
        session.execute(
            sa.select(LivePlayer.team, sa.func.count())
            .where(LivePlayer.game_id == game_id, LivePlayer.team.is_not(None))
            .group_by(LivePlayer.team)
        ).all()
    )
    return min(range(1, teams + 1), key=lambda t: (counts.get(t, 0), t))


def player_row(session: Session, token: object) -> LivePlayer:
    """The row of the player this phone's token is (:class:`NotFound` otherwise)."""
    row = find_by_secret(session, LivePlayer.token_hash, token)
    if row is None:
        raise NotFound("not_in_game")
    return row


def player_for_token(db: Database, token: object) -> PlayerInfo:
    """The player this phone's token is."""
    with db.read() as session:
        return player_info(player_row(session, token))
