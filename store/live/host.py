"""The host's side of a live game: make it, find it by its code or host key, and move it on.

A step is one conditional ``UPDATE … WHERE version = the version the host saw``, so two presses
of Next move the game once; :func:`tick` ends a question whose deadline has passed the same way.
Leaving the lobby in team mode deals every player without a team to one. The host may also put
a player in a team, remove a player (and block the name and browser) and lock the lobby.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from engine.core import IllegalAction
from engine.live import LiveRules, Phase, next_phase, split_teams
from engine.quiz import SOLO_MODES, build_questions
from store import changes, clock
from store.codes import digest, find_by_code, find_by_secret, new_code
from store.db import Database, insert_once
from store.live.errors import LiveError, NotFound
from store.live.records import LiveGameInfo, PlayerInfo, game_info, player_info, quiz_settings
from store.models import Assignment, LiveBlock, LiveGame, LivePlayer
from store.seeds import new_seed


def create_game(
    db: Database,
    drill: str,
    params: Mapping[str, str],
    rules: LiveRules,
    host_key: str,
    assignment_id: int | None = None,
    now: datetime | None = None,
) -> LiveGameInfo:
    """A new game of the drill ``drill`` with the quiz settings ``params`` (URL parameters; a
    ``seed`` among them is ignored: the game draws a secret one), played by ``rules``.

    With ``assignment_id`` the game plays that class assignment's quiz (its drill, settings,
    seed and questions; ``drill`` and ``params`` are ignored). ``host_key`` is the key the page
    drew once for its form: a second call with it returns the first game (one press, one
    game)."""
    now = now or clock.now_utc()
    key = str(host_key or "").strip()
    if not key:
        raise LiveError("no_host_key")
    if not isinstance(rules, LiveRules):
        raise LiveError("no_rules")
    seed = new_seed()
    if assignment_id is not None:
        with db.read() as session:
            assignment = session.get(Assignment, assignment_id)
            if assignment is None:
                raise NotFound("assignment_gone")
            drill, params, seed = assignment.drill, dict(assignment.settings), assignment.seed
    params = {k: str(v) for k, v in params.items() if k != "seed"}
    try:
        settings = quiz_settings(drill, params, seed)
    except ValueError as error:
        raise LiveError("not_a_drill", drill=str(drill)[:40]) from error
    solo = [m for m in settings.modes if m in SOLO_MODES]
    if solo:
        raise LiveError("solo_mode")
    questions = len(build_questions(settings))
    if questions < 1:
        raise LiveError("no_questions_dealt")
    stored = {k: v for k, v in settings.to_params().items() if k != "seed"}
    table = LiveGame.__table__
    for _ in range(10):
        row = {
            "code": new_code(), "host_key_hash": digest(key), "assignment_id": assignment_id,
            "drill": drill, "settings": stored, "seed": seed, "rules": rules.to_dict(),
            "questions": questions, "phase": Phase.LOBBY.value, "question": -1,
            "question_started_at": None, "deadline": None, "version": 0, "created_at": now,
            "updated_at": now,
        }  # fmt: skip
        with db.write() as session:
            new_id = insert_once(session, table, row)
            found = session.scalar(
                sa.select(LiveGame).where(
                    LiveGame.id == new_id
                    if new_id is not None
                    else LiveGame.host_key_hash == digest(key)
                )
            )
            if found is not None:  # made now, or by the first press with this key
                return game_info(found)
        # the code was taken: draw again
    raise RuntimeError("could not draw a free game code")


def find_game(db: Database, code: object) -> LiveGameInfo:
    """The game with this code (:class:`NotFound`: ``not_a_code`` for a text that cannot be a
    code, ``no_game`` for a code no game has)."""
    return find_by_code(
        db, LiveGame, code, game_info, error=NotFound, unknown="no_game", named="game"
    )


def game_for_key(db: Database, host_key: object) -> LiveGameInfo:
    """The game this host key runs."""
    with db.read() as session:
        return game_info(host_game(session, host_key))


def host_game(session: Session, host_key: object) -> LiveGame:
    """The row of the game this host key runs (:class:`NotFound` otherwise)."""
    row = find_by_secret(session, LiveGame.host_key_hash, host_key)
    if row is None:
        raise NotFound("bad_host_key")
    return row


def _step(session: Session, game: LiveGame, now: datetime) -> bool:
    """Move ``game`` one step, where its version is still the one read; whether it moved."""
    try:
        phase, index = next_phase(Phase(game.phase), game.question, game.questions)
    except IllegalAction as refused:  # a game without questions, or an index outside it
        raise LiveError.of(refused.refusal) from refused
    if (phase, index) == (Phase(game.phase), game.question):
        return False  # ended stays ended
    values: dict[str, Any] = {
        "phase": phase.value, "question": index, "version": game.version + 1, "updated_at": now,
    }  # fmt: skip
    if phase is Phase.QUESTION:
        timer = LiveRules.from_dict(game.rules).timer
        values["question_started_at"] = now
        values["deadline"] = now + timedelta(seconds=timer) if timer else None
    moved = session.execute(
        sa.update(LiveGame)
        .where(LiveGame.id == game.id, LiveGame.version == game.version)
        .values(**values)
        .execution_options(synchronize_session=False)
    ).rowcount
    if moved:
        changes.mark(session, changes.live(game.id))
    if moved and game.phase == Phase.LOBBY.value:
        _deal_teams(session, game)
    return bool(moved)


def _team_seed(seed: int) -> int:
    return int.from_bytes(hashlib.sha256(f"live-teams:{seed}".encode()).digest()[:8], "big")


def _deal_teams(session: Session, game: LiveGame) -> None:
    teams = LiveRules.from_dict(game.rules).teams
    if not teams:
        return
    rows = session.execute(
        sa.select(LivePlayer.id, LivePlayer.team).where(LivePlayer.game_id == game.id)
    ).all()
    sizes: dict[int, int] = {}
    for _, team in rows:
        if team is not None:
            sizes[team] = sizes.get(team, 0) + 1
    loose = [pid for pid, team in rows if team is None]
    for pid, team in split_teams(loose, teams, _team_seed(game.seed), sizes).items():
        session.execute(sa.update(LivePlayer).where(LivePlayer.id == pid).values(team=team))


def advance(
    db: Database, host_key: object, version_seen: int, now: datetime | None = None
) -> LiveGameInfo:
    """Move the game one step (Start, Reveal, Next) if its version is still ``version_seen``;
    the game as it is afterwards. A second press with the same version changes nothing."""
    now = now or clock.now_utc()
    with db.write() as session:
        game = host_game(session, host_key)
        if game.version == version_seen:
            _step(session, game, now)
    return game_for_key(db, host_key)


def tick(db: Database, game_id: int, now: datetime | None = None) -> LiveGameInfo:
    """Move a question whose deadline has passed to its reveal; the game as it is then."""
    now = now or clock.now_utc()
    with db.read() as session:
        game = session.get(LiveGame, game_id)
        if game is None:
            raise NotFound()
        info = game_info(game)
    if info.phase is Phase.QUESTION and info.deadline is not None and now >= info.deadline:
        with db.write() as session:
            game = session.get(LiveGame, game_id)
            if game is not None and game.version == info.version:  # nobody moved it since
                _step(session, game, now)
        with db.read() as session:
            game = session.get(LiveGame, game_id)
            if game is None:
                raise NotFound()
            info = game_info(game)
    return info


def set_team(db: Database, host_key: object, player_id: int, team: int | None) -> PlayerInfo:
    """Put a player in ``team`` (1 to the game's teams; ``None``: dealt at the start), in the
    lobby only."""
    with db.write() as session:
        game = host_game(session, host_key)
        teams = LiveRules.from_dict(game.rules).teams
        if not teams:
            raise LiveError("no_teams")
        if game.phase != Phase.LOBBY.value:
            raise LiveError("teams_in_lobby")
        if team is not None and not 1 <= team <= teams:
            raise LiveError("no_such_team", team=team, teams=teams)
        player = session.get(LivePlayer, player_id)
        if player is None or player.game_id != game.id:
            raise NotFound("player_gone")
        player.team = team
        game.version = LiveGame.version + 1  # the phones follow the version: the team shows
        changes.mark(session, changes.live(game.id))
        return player_info(player)


def remove_player(
    db: Database, host_key: object, player_id: int, now: datetime | None = None
) -> bool:
    """Remove a player from the game with its answers (its token opens nothing any more) and
    block it: neither its name (as names are compared) nor its browser joins this game again.
    Whether there was one to remove."""
    now = now or clock.now_utc()
    with db.write() as session:
        game = host_game(session, host_key)
        player = session.get(LivePlayer, player_id)
        if player is None or player.game_id != game.id:
            return False
        session.add(
            LiveBlock(game_id=game.id, name_key=player.name_key,
                      client_hash=player.client_hash, blocked_at=now)
        )  # fmt: skip
        session.execute(sa.delete(LivePlayer).where(LivePlayer.id == player_id))
        game.version = LiveGame.version + 1  # the removed phone sees it (phones follow it)
        changes.mark(session, changes.live(game.id), changes.crowd(game.id))
    return True


def set_locked(db: Database, host_key: object, locked: bool) -> LiveGameInfo:
    """Close the game to new players (``locked``) or open it again; players already in come
    back after a reload all the same. Setting the lock as it already is changes nothing, not
    even the version: a toggle's stale value sent after Start must not move the game on."""
    with db.write() as session:
        game = host_game(session, host_key)
        if game.locked != bool(locked):
            game.locked = bool(locked)
            game.version = LiveGame.version + 1  # the board shows the lock
            changes.mark(session, changes.live(game.id))
    return game_for_key(db, host_key)
