"""Live class games in the database: make a game, join it, move it on, answer, and read what
the board and each phone show. The rules of play (phases, points, standings) are
:mod:`engine.live`'s; this module keeps the state and decides every race in the database.

The rules:

* A game has a public **code** (:mod:`store.codes`, like a class code), a **secret seed** the
  questions are dealt from (never handed out; :class:`LiveGameInfo` hides it from ``repr``),
  and a **host key** stored only as its SHA-256 hash. One press, one game: the page draws the
  host key once per form, and a second :func:`create_game` with the same key returns the game
  the first one made. A game made from a class assignment takes the assignment's drill,
  settings, seed and number of questions. Solo modes (one long question, such as naming all
  the states) cannot be played live.
* A **player** joins with the code, a name and a token the phone drew once: the name is cleaned
  by :func:`store.names.clean_name` and unique in the game as :func:`store.names.name_key`
  compares names (a unique index refuses a second "ana"); the token is stored only as its hash
  and unique, so the same token twice is one player (a double click, a reload). Joining is
  open until the game has ended, during a question too, unless :func:`engine.live.join_refusal`
  refuses a new player: the host locked the lobby (:func:`set_locked`), the game is full, the
  name or the browser (``client``) was removed, or the browser added players too fast. The
  host can remove a player: the player and its answers are deleted, the token opens nothing
  any more, and the name and browser are blocked from the game (``live_block``).
* The game **moves one step at a time** (:func:`engine.live.next_phase`): a step is one
  conditional ``UPDATE … WHERE version = the version the host saw`` that adds one to the
  version, so the host pressing Next twice (two tabs, a double click, two servers) moves the
  game once; the second press finds the version changed and gets the game as it now is.
  Entering a question starts its clock and sets its deadline (the timer; none without one);
  :func:`tick` moves a question whose deadline has passed to its reveal, with the same
  conditional update. Leaving the lobby in team mode deals every player without a team to a
  team (:func:`engine.live.split_teams`, seeded from the game's secret seed); a player who
  joins later goes to the smallest team.
* **The server grades.** An answer is checked against the question dealt again here from the
  secret seed. It is refused in words when the game is not asking that question, after the
  deadline, when it cannot be read (nothing is stored: the phone may answer again) and when
  the player has answered already: ``(player, question)`` is unique, and the database, not a
  read before the write, decides which of two racing answers is the one. While the question
  is asked, an answer's outcome is not handed back: the phone says "answer in".
* **Nothing ahead of the reveal.** :func:`player_view` gives a phone the current question only
  while it is asked or revealed, and while it is asked without its answer, explanation or
  remarks (:func:`stripped`); the phone's own outcome, the correct answer and the standings
  come with the reveal. :func:`board` (the host's) holds the class's counts per value, never
  who picked what.
* **A game made from a class assignment** also joins each player to the assignment under the
  same name (with a class token derived from the live token, so a reload is still one
  student), and writes each answer to the class's results as that student's answer ``seq`` =
  question number, first attempt, so the Results page, the class map and the CSV show it. A
  class that refuses the player (closed, deleted, or a student of that name already there)
  leaves the player in the live game only. A class copy that could not be written (the
  database away for a moment) never undoes the live answer; :func:`sync_class` writes what is
  missing, leaving what is there.

Refusals raise :class:`LiveError` subclasses whose message is the sentence to show; an
unreachable database raises :class:`store.db.Unavailable`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from engine.live import (
    JOIN_WINDOW,
    LiveResponse,
    LiveRules,
    Phase,
    Standings,
    answer_values,
    join_refusal,
    next_phase,
    reveal_counts,
    revealed_through,
    share_right,
    split_teams,
    standings,
)
from engine.quiz import (
    SOLO_MODES,
    AnswerType,
    Attempt,
    Question,
    QuizSettings,
    build_questions,
    parse_settings,
    question_states,
)
from store import classroom, clock, errors
from store.codes import digest, find_by_code, find_by_secret, new_code
from store.db import Database, Unavailable, insert_once
from store.models import Assignment, LiveAnswer, LiveBlock, LiveGame, LivePlayer
from store.names import clean_name, name_hash
from store.seeds import new_seed

TEXT_MAX = 500  #: characters of a typed answer kept


class LiveError(ValueError):
    """A request a live game refuses; the message is the sentence to show."""


class NotFound(LiveError, errors.NotFound):
    """No game (or player) answers to this code, key or token."""


class NameTaken(LiveError):
    """Another player of the game already has this name."""


class GameOver(LiveError):
    """The game has ended."""


class AnswerRefused(LiveError):
    """An answer that is not counted: the wrong question, too late, unreadable or a second."""


# --- what the store hands out ---------------------------------------------------------------


@lru_cache(maxsize=64)
def _questions(drill: str, params: tuple[tuple[str, str], ...], seed: int) -> tuple[Question, ...]:
    return tuple(build_questions(_settings(drill, dict(params), seed)))


def _settings(drill: str, params: Mapping[str, str], seed: int) -> QuizSettings:
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
        return _settings(self.drill, self.params, self.seed)

    def question(self, i: int) -> Question:
        """Question ``i`` (0-based), with its answer: for the server and the host only."""
        if not 0 <= i < self.questions:
            raise LiveError(f"This game has no question {i + 1}: it has {self.questions}.")
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
    """An answer stored: question ``index``, what was read (``given``, in words) and how many
    ``seconds`` after the question was asked. The page shows no outcome: that comes with the
    reveal; ``attempt`` (graded) is for the learner's progress, kept on the server."""

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
    deal the questions)."""

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


def _info(g: LiveGame) -> LiveGameInfo:
    return LiveGameInfo(
        g.id, g.code, g.drill, dict(g.settings), LiveRules.from_dict(g.rules), g.questions,
        Phase(g.phase), g.question, g.deadline, g.question_started_at, g.version,
        g.assignment_id, g.seed, bool(g.locked),
    )  # fmt: skip


def _player(p: LivePlayer) -> PlayerInfo:
    return PlayerInfo(p.id, p.game_id, p.name, p.team, p.joined_at, p.class_student_id)


def _response(a: LiveAnswer) -> LiveResponse:
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
    return dataclasses.replace(question, answer=empty, explanation="", remarks=())


# --- the host -------------------------------------------------------------------------------


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
        raise LiveError("A live game needs a host key: reload the page and try again.")
    if not isinstance(rules, LiveRules):
        raise LiveError("The game's rules are missing: choose them again.")
    seed = new_seed()
    if assignment_id is not None:
        with db.read() as session:
            assignment = session.get(Assignment, assignment_id)
            if assignment is None:
                raise NotFound("This class assignment was deleted: choose another one.")
            drill, params, seed = assignment.drill, dict(assignment.settings), assignment.seed
    params = {k: str(v) for k, v in params.items() if k != "seed"}
    try:
        settings = _settings(drill, params, seed)
    except ValueError as error:
        raise LiveError(f"“{drill}” is not a drill that can be played live.") from error
    solo = [m for m in settings.modes if m in SOLO_MODES]
    if solo:
        raise LiveError(
            "“Name all the states” and other one-long-question modes cannot be played live: "
            "choose other modes for the game."
        )
    questions = len(build_questions(settings))
    if questions < 1:
        raise LiveError("These settings deal no question: choose other modes or states.")
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
                return _info(found)
        # the code was taken: draw again
    raise RuntimeError("could not draw a free game code")


def find_game(db: Database, code: object) -> LiveGameInfo:
    """The game with this code."""
    return find_by_code(
        db, LiveGame, code, _info, error=NotFound, what="a game code",
        missing="No live game has the code {code}: check it on the board.",
    )  # fmt: skip


def game_for_key(db: Database, host_key: object) -> LiveGameInfo:
    """The game this host key runs."""
    with db.read() as session:
        return _info(_game_for_key(session, host_key))


def _game_for_key(session: Session, host_key: object) -> LiveGame:
    row = find_by_secret(session, LiveGame.host_key_hash, host_key)
    if row is None:
        raise NotFound(
            "This host key runs no live game: check that the link was copied whole (a game "
            "that was deleted is gone)."
        )
    return row


def _step(session: Session, game: LiveGame, now: datetime) -> bool:
    """Move ``game`` one step, where its version is still the one read; whether it moved."""
    phase, index = next_phase(Phase(game.phase), game.question, game.questions)
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
        game = _game_for_key(session, host_key)
        if game.version == version_seen:
            _step(session, game, now)
    return game_for_key(db, host_key)


def tick(db: Database, game_id: int, now: datetime | None = None) -> LiveGameInfo:
    """Move a question whose deadline has passed to its reveal; the game as it is then."""
    now = now or clock.now_utc()
    with db.read() as session:
        game = session.get(LiveGame, game_id)
        if game is None:
            raise NotFound("This live game was deleted.")
        info = _info(game)
    if info.phase is Phase.QUESTION and info.deadline is not None and now >= info.deadline:
        with db.write() as session:
            game = session.get(LiveGame, game_id)
            if game is not None and game.version == info.version:  # nobody moved it since
                _step(session, game, now)
        with db.read() as session:
            game = session.get(LiveGame, game_id)
            if game is None:
                raise NotFound("This live game was deleted.")
            info = _info(game)
    return info


def set_team(db: Database, host_key: object, player_id: int, team: int | None) -> PlayerInfo:
    """Put a player in ``team`` (1 to the game's teams; ``None``: dealt at the start), in the
    lobby only."""
    with db.write() as session:
        game = _game_for_key(session, host_key)
        teams = LiveRules.from_dict(game.rules).teams
        if not teams:
            raise LiveError("This game is played without teams.")
        if game.phase != Phase.LOBBY.value:
            raise LiveError("Teams are chosen in the lobby, before the first question.")
        if team is not None and not 1 <= team <= teams:
            raise LiveError(f"This game has teams 1 to {teams}, not {team}.")
        player = session.get(LivePlayer, player_id)
        if player is None or player.game_id != game.id:
            raise NotFound("This player is no longer in the game.")
        player.team = team
        game.version = LiveGame.version + 1  # the phones follow the version: the team shows
        return _player(player)


def remove_player(
    db: Database, host_key: object, player_id: int, now: datetime | None = None
) -> bool:
    """Remove a player from the game with its answers (its token opens nothing any more) and
    block it: neither its name (as names are compared) nor its browser joins this game again.
    Whether there was one to remove."""
    now = now or clock.now_utc()
    with db.write() as session:
        game = _game_for_key(session, host_key)
        player = session.get(LivePlayer, player_id)
        if player is None or player.game_id != game.id:
            return False
        session.add(
            LiveBlock(game_id=game.id, name_key=player.name_key,
                      client_hash=player.client_hash, blocked_at=now)
        )  # fmt: skip
        session.execute(sa.delete(LivePlayer).where(LivePlayer.id == player_id))
        game.version = LiveGame.version + 1  # the removed phone sees it (phones follow it)
    return True


def set_locked(db: Database, host_key: object, locked: bool) -> LiveGameInfo:
    """Close the game to new players (``locked``) or open it again; players already in come
    back after a reload all the same."""
    with db.write() as session:
        game = _game_for_key(session, host_key)
        game.locked = bool(locked)
        game.version = LiveGame.version + 1  # the board shows the lock
    return game_for_key(db, host_key)


# --- the players ----------------------------------------------------------------------------


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
    blocked game, or a browser adding players too fast, is refused in words)."""
    now = now or clock.now_utc()
    clean = clean_name(name, LiveError)
    text = str(token or "").strip()
    if not text:
        raise LiveError("This phone has no token: reload the page and join again.")
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
            raise NotFound("This live game was just deleted.")
        mine = find_by_secret(session, LivePlayer.token_hash, text)
        if mine is not None and mine.game_id == game.id:  # joined already: a reload
            return _player(mine), mine.class_student_id is not None
        if mine is not None:
            raise LiveError("This phone is in another game: reload the page to join this one.")
        if row.phase == Phase.ENDED.value:
            raise GameOver(f"Game {row.code} is over: there is nothing left to join.")
        key = name_hash(clean)
        refusal = join_refusal(row.code, **_lobby(session, row, key, client, now))
        if refusal:
            raise LiveError(refusal)
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
            raise NameTaken(
                f"Someone in this game is already called “{clean}”: add an initial or choose "
                "another name."
            )
        if found.game_id != game.id:
            raise LiveError("This phone is in another game: reload the page to join this one.")
        return _player(found), found.class_student_id is not None


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


def _player_for_token(session: Session, token: object) -> LivePlayer:
    row = find_by_secret(session, LivePlayer.token_hash, token)
    if row is None:
        raise NotFound(
            "This phone is not in a live game: the host may have removed the name. Join "
            "again with the code on the board."
        )
    return row


def player_for_token(db: Database, token: object) -> PlayerInfo:
    """The player this phone's token is."""
    with db.read() as session:
        return _player(_player_for_token(session, token))


def _json(response: object) -> Any:
    if isinstance(response, str):
        return response[:TEXT_MAX]
    if isinstance(response, int | float | bool) or response is None:
        return response
    if isinstance(response, set | frozenset):
        return sorted(str(v)[:TEXT_MAX] for v in response)
    if isinstance(response, list | tuple):
        return [str(v)[:TEXT_MAX] for v in response][:100]
    return str(response)[:TEXT_MAX]


def answer(
    db: Database, token: object, index: int, response: object, now: datetime | None = None
) -> AnswerResult:
    """Answer question ``index`` (0-based) of the player's game; refused with
    :class:`AnswerRefused` in words (see the module). The answer is final once stored."""
    now = now or clock.now_utc()
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise AnswerRefused(
            f"{str(index)[:40]!r} is not a question of this game: a question is numbered "
            "from 0 (the first) by a whole number."
        )
    with db.write() as session:
        player = _player_for_token(session, token)
        game = session.scalar(
            sa.select(LiveGame).where(LiveGame.id == player.game_id).with_for_update(read=True)
        )  # an answer and a step of the game do not cross: the step waits for the answer
        if game is None:
            raise NotFound("This live game was deleted.")
        info = _info(game)
        _check_open(info, index, now)
        question = info.question(index)
        result = question.check(response)
        if not result.counted:
            raise AnswerRefused(result.message)
        started = info.question_started_at
        seconds = None if started is None else max(0.0, (now - started).total_seconds())
        new_id = insert_once(
            session,
            LiveAnswer.__table__,
            {
                "game_id": game.id, "player_id": player.id, "question": index,
                "response": _json(response), "given": result.given[:TEXT_MAX],
                "outcome": result.outcome.value,
                "value": list(answer_values(question, response, result)), "seconds": seconds,
                "answered_at": now,
            },
        )  # fmt: skip
        if new_id is None:
            raise AnswerRefused("Your answer is already in.")
        student_id = player.class_student_id
        attempt = Attempt(index + 1, 1, question, result, seconds)
        done = AnswerResult(player.id, index, result.given, seconds, attempt)
    if student_id is not None:
        record = _class_record(info, index, question, response, result.given,
                               result.outcome.value, seconds, now)  # fmt: skip
        with contextlib.suppress(Unavailable):  # the live answer stands; sync_class catches up
            classroom.record_answers(db, student_id, [record])
    return done


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
            raise NotFound("This live game was deleted.")
        info = _info(game)
        rows = session.execute(
            sa.select(LiveAnswer, LivePlayer.class_student_id)
            .join(LivePlayer, LivePlayer.id == LiveAnswer.player_id)
            .where(LiveAnswer.game_id == game_id, LivePlayer.class_student_id.is_not(None))
            .order_by(LiveAnswer.question)
        ).all()
    batches: dict[int, list[classroom.AnswerRecord]] = {}
    for a, student_id in rows:
        record = _class_record(info, a.question, info.question(a.question), a.response,
                               a.given, a.outcome, a.seconds, a.answered_at)  # fmt: skip
        batches.setdefault(student_id, []).append(record)
    return sum(classroom.record_answers(db, sid, rs).written for sid, rs in batches.items())


def _check_open(game: LiveGameInfo, index: int, now: datetime) -> None:
    n = index + 1
    if game.phase is Phase.LOBBY:
        raise AnswerRefused("The game has not started yet: the first question comes soon.")
    if game.phase is Phase.ENDED:
        raise AnswerRefused("The game is over: answers are closed.")
    if index > game.index:
        raise AnswerRefused(f"Question {n} has not been asked yet.")
    if index < game.index or game.phase is Phase.REVEAL:
        raise AnswerRefused(f"Question {n} is closed: its answer is on the board.")
    if game.deadline is not None and now > game.deadline:
        raise AnswerRefused(f"Time was up for question {n}: this answer came too late to count.")


# --- what the board and the phones show -----------------------------------------------------


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
        [_response(a) for a in answers],
        game.revealed,
        {p.id: p.team for p in players if p.team is not None},
        questions=game.questions,
    )


def board(db: Database, host_key: object) -> Board:
    """What the host's board shows now (see :class:`Board`)."""
    with db.read() as session:
        game = _info(_game_for_key(session, host_key))
        players = tuple(
            _player(p)
            for p in session.scalars(
                sa.select(LivePlayer)
                .where(LivePlayer.game_id == game.id)
                .order_by(LivePlayer.joined_at, LivePlayer.id)
            )
        )
        if game.index < 0:
            return Board(game, players, None, 0)
        answers = [
            _response(a)
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
        row = _player_for_token(session, token)
        player = _player(row)
        game_row = session.get(LiveGame, row.game_id)
        if game_row is None:
            raise NotFound("This live game was deleted.")
        game = _info(game_row)
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
    )  # fmt: skip


def version(db: Database, game_id: int) -> tuple:
    """A value that changes whenever what the board or a phone shows does (the phase, the
    question, a step, a player joining, leaving or changing team, an answer; ``None`` parts
    once deleted): pages poll it and redraw only on a change."""
    with db.read() as session:
        state = session.execute(
            sa.select(LiveGame.phase, LiveGame.question, LiveGame.version).where(
                LiveGame.id == game_id
            )
        ).first()
        players = session.execute(
            sa.select(
                sa.func.count(LivePlayer.id),
                sa.func.max(LivePlayer.id),
                sa.func.sum(sa.func.coalesce(LivePlayer.team, 0) * LivePlayer.id),
            ).where(LivePlayer.game_id == game_id)
        ).one()
        answers = session.execute(
            sa.select(sa.func.count(LiveAnswer.id), sa.func.max(LiveAnswer.id)).where(
                LiveAnswer.game_id == game_id
            )
        ).one()
    return (tuple(state) if state else None, tuple(players), tuple(answers))
