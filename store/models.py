"""The tables, as SQLAlchemy 2 models. The schema itself is made by the Alembic migrations in
``store/migrations/versions/`` (a test checks that they and these models agree).

Classroom (issue: class assignments):

* ``class_assignment``: one per assignment; its ``code`` is public, its ``seed`` secret (the
  questions are dealt from it), and the teacher's key is kept only as a SHA-256 hash;
* ``class_student``: one per student who joined, the resume token kept only as a hash; the
  name is unique in its assignment as compared by ``store.names.name_key`` (``name_key`` holds
  that key's hash, unique per assignment), so "Ana" and "ana " cannot both join; the token
  hash is unique too, and a join is written once per token (a double click makes one row);
* ``class_answer``: one row per counted answer, unique ``(student_id, seq)`` (``seq`` counts a
  student's answers from 1), so a retried write can never be stored twice. A row keeps what the
  student saw and gave in words, so a report never depends on dealing the questions again;
* ``class_draft``: at most one per student, the answer being picked at step ``seq`` of
  question ``qid`` (not yet checked), so a page rebuilt on another server can put it back.

Deleting an assignment deletes its students, their answers and drafts (``ON DELETE CASCADE``).

Shared game tables (issue: play with classmates, ``store/tables.py``):

* ``game_table``: one per table; its ``code`` is public, its ``seed`` secret (every round's
  deal and every AI move come from it); ``round`` counts rematches from 0;
* ``table_seat``: one per seat, unique ``(table_id, seat)``: a person (``token_hash`` is the
  SHA-256 hash of the seat token, ``NULL`` while the seat is open) or an AI of ``level``;
* ``table_action``: one row per action, unique ``(table_id, seq)`` (``seq`` counts the
  table's rows from 1 across rounds; a rematch is a row of its own, ``by = "round"``), so two
  sessions can never both extend the sequence they saw.

Progress (issue 20, ``store/progress.py``): a learner's history across lessons, without accounts.

* ``learner``: one per progress code; its ``code`` is public, its token kept only as a SHA-256
  hash (unique: one press of "Keep my progress" makes one row);
* ``learner_review``: one row per answer about one item (kind, state) with its FSRS rating,
  time and source (``practice``, ``class`` or ``live``), unique ``(learner_id, device, seq)``:
  ``device`` is drawn once per session and ``seq`` counts that session's reviews, so a retried
  write is stored once and two devices writing at once never clash;
* ``learner_card``: each item's FSRS state after its reviews, one row per (learner, kind,
  state); and ``learner_week``: per (learner, week, kind) the sum of the kind's
  retrievability at the end of that week. Both are derived from ``learner_review`` (and
  rebuilt from it by ``store.progress.rebuild``), kept so that a page reads a few hundred rows
  instead of replaying every answer (``benchmarks/progress.py``);
* ``class_student_learner``: the progress a class student's answers also go to (at most one
  per student; a student without a row has none). A table of its own, so that no classroom
  table is altered (migration ``0004``).

Deleting a learner deletes its reviews, cards, weeks and links; deleting a student its link.

Live class games (issue 21, ``store/live.py``): the teacher's board runs a quiz, every student
answers on a phone.

* ``live_game``: one per game; its ``code`` is public, its ``seed`` secret (the questions are
  dealt from it), the host key kept only as a SHA-256 hash (unique: one press of "Run it
  live" makes one game). ``phase`` (lobby, question, reveal, ended) and ``question`` (the
  0-based index, -1 in the lobby) are the game's state, with the current question's start and
  ``deadline``; ``version`` grows by one at each step (and at each change the host makes to
  the players: a removal, a team), and a step is written only where the version is still the
  one its host saw (pressing Next twice moves once). ``assignment_id``:
  the class assignment the game was made from, if any (``NULL`` once it is deleted);
* ``live_player``: one per player; ``name_key`` (the hash of ``store.names.name_key``) is unique
  per game, so "Ana" and "ana " cannot both join; the token hash is unique (a double click
  makes one row); ``team`` is 1 to 6 in team mode; ``class_student_id`` is the class student
  the answers also go to (a game made from a class assignment); ``client_hash`` the hash of
  the browser session that joined (joins per browser are limited). A player the host removes is
  deleted with its answers, and its name key and browser go to ``live_block``: neither joins
  that game again. ``live_game.locked``: the host has closed the game to new players;
* ``live_answer``: one per player and question, unique ``(player_id, question)``: the database
  refuses a second answer, however close the two.

Deleting a game deletes its players and answers; deleting a player its answers. Game ids are
never reused (SQLite: ``AUTOINCREMENT``).

Tournaments (issue 32, ``store/tournament/``): teams meet in head-to-head matches over timed
rounds, at shared game tables.

* ``tournament``: one per tournament; its ``code`` is public (the board's link), its ``seed``
  secret (pairing draws, the cards of a "Call" round, the deals and the team seats' tokens come
  from it), the teacher's key kept only as a SHA-256 hash (unique: one press of "Create" makes
  one tournament). ``rounds`` is the list of ``[kind, minutes]``; ``round`` the round under way
  or last played (0 before the first), ``stage`` what it is (``swiss``, ``playoff``,
  ``championship``) and ``clock`` its state (``running`` until ``ends_at``, ``paused`` with
  ``left`` seconds, ``done``); ``version`` grows by one at each step the teacher takes, and a
  step is written only where the version is still the one the teacher saw;
* ``tournament_division``: the divisions, names unique per tournament as names are compared;
* ``tournament_team``: one per team, its name unique per tournament (``name_key``), its
  ``code`` (public on its card) the team's way in; ``comeback``: moved to the comeback
  division at the half;
* ``tournament_match``: one per pairing of a round, unique ``(tournament_id, round, table_no)``
  and one per team and round (``team_a``, ``team_b``; ``team_b`` is ``NULL`` for a bye, played
  against the hard AI); a "Call" round's two ``calls`` (the last made at ``called_at``) and
  the two teams' drawn ``cards``;
* ``tournament_game``: one per game of a match, unique ``(match_id, n)``, at its game table
  (``table_id``, ``NULL`` once the table is cleaned up); ``result`` is written once (``NULL``
  until then: ``won`` with its ``winner``, or ``tied``), with how it was decided (``over``: the
  game ended; ``time``: the clock ended it);
* ``tournament_award``: a teamwork or sportsmanship award, unique ``(team_id, kind)``.

Deleting a tournament deletes its divisions, teams, matches, games and awards.

Deleting a table deletes its seats and actions. Table ids are never reused (SQLite:
``AUTOINCREMENT``), so a server's cache of replayed states can never mistake a new table for a
deleted one. All times are UTC (:class:`UTCDateTime`).
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator):
    """A point in time, stored in UTC and read back as an aware ``datetime`` (SQLite keeps
    no time zone; PostgreSQL uses ``timestamp with time zone``)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetimes are not stored: give a time zone")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class Assignment(Base):
    __tablename__ = "class_assignment"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(8), unique=True)
    title: Mapped[str] = mapped_column(String(120))
    drill: Mapped[str] = mapped_column(String(20))  #: the mode group ("borders", …)
    settings: Mapped[dict] = mapped_column(JSON)  #: the quiz's URL parameters, without seed
    seed: Mapped[int] = mapped_column(BigInteger)  #: secret
    timer_minutes: Mapped[int | None] = mapped_column(Integer)
    questions: Mapped[int] = mapped_column(Integer)
    teacher_key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    closes_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    students: Mapped[list[Student]] = relationship(
        back_populates="assignment", cascade="all, delete-orphan", passive_deletes=True
    )


class Student(Base):
    __tablename__ = "class_student"
    #: a unique index, not a constraint: SQLite adds one without rebuilding the table
    __table_args__ = (
        Index("ix_class_student_assignment_id_name_key", "assignment_id", "name_key", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    assignment_id: Mapped[int] = mapped_column(
        ForeignKey("class_assignment.id", ondelete="CASCADE"), index=True
    )
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(64))  #: ``store.names.name_hash(name)``
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    assignment: Mapped[Assignment] = relationship(back_populates="students")
    answers: Mapped[list[Answer]] = relationship(
        back_populates="student",
        cascade="all, delete-orphan",
        passive_deletes=True,
        order_by="Answer.seq",
    )


class Answer(Base):
    __tablename__ = "class_answer"
    __table_args__ = (UniqueConstraint("student_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    student_id: Mapped[int] = mapped_column(ForeignKey("class_student.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)  #: the student's 1st, 2nd … counted answer
    question: Mapped[int] = mapped_column(Integer)  #: 1-based question number
    attempt: Mapped[int] = mapped_column(Integer)  #: 1 at the first asking
    qid: Mapped[str] = mapped_column(String(80))
    mode: Mapped[str] = mapped_column(String(20))
    prompt: Mapped[str] = mapped_column(Text)
    states: Mapped[str] = mapped_column(String(160))  #: USPS codes asked about, "CO,UT"
    response: Mapped[Any] = mapped_column(JSON)  #: as given to the quiz: replayed on resume
    given: Mapped[str] = mapped_column(Text)
    correct_answer: Mapped[str] = mapped_column(Text)
    outcome: Mapped[str] = mapped_column(String(12))  #: "right" or "wrong"
    seconds: Mapped[float | None] = mapped_column(Float)
    answered_at: Mapped[datetime] = mapped_column(UTCDateTime)

    student: Mapped[Student] = relationship(back_populates="answers")


class Draft(Base):
    __tablename__ = "class_draft"

    student_id: Mapped[int] = mapped_column(
        ForeignKey("class_student.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer)  #: the step: the ``seq`` its answer would get
    qid: Mapped[str] = mapped_column(String(80))  #: the question on screen at that step
    value: Mapped[Any] = mapped_column(JSON)  #: what is picked so far (``ui.classroom.draft``)
    saved_at: Mapped[datetime] = mapped_column(UTCDateTime)


class GameTable(Base):
    __tablename__ = "game_table"
    __table_args__ = {"sqlite_autoincrement": True}

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(8), unique=True)
    game: Mapped[str] = mapped_column(String(20))  #: the engine's game id
    options: Mapped[dict] = mapped_column(JSON)  #: ``new_game``'s arguments (players, teams …)
    seed: Mapped[int] = mapped_column(BigInteger)  #: secret
    idle_seconds: Mapped[int] = mapped_column(Integer)  #: a person idle longer: an AI plays
    stand_in: Mapped[str] = mapped_column(String(10))  #: the level of that AI
    status: Mapped[str] = mapped_column(String(10))  #: "open", "playing" or "finished"
    round: Mapped[int] = mapped_column(Integer)  #: 0, then one more at each rematch
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)

    seats: Mapped[list[TableSeat]] = relationship(
        back_populates="table",
        cascade="all, delete-orphan",
        passive_deletes=True,
        order_by="TableSeat.seat",
    )


class TableSeat(Base):
    __tablename__ = "table_seat"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)  #: 0-based; seat 0 is the host
    kind: Mapped[str] = mapped_column(String(10))  #: "person" or "ai"
    level: Mapped[str | None] = mapped_column(String(10))  #: an AI seat's level
    name: Mapped[str | None] = mapped_column(String(40))
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    joined_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_seen: Mapped[datetime | None] = mapped_column(UTCDateTime)

    table: Mapped[GameTable] = relationship(back_populates="seats")


class TableAction(Base):
    __tablename__ = "table_action"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)  #: the table's 1st, 2nd … row
    round: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer)  #: who acted (``NULL``: a new round)
    by: Mapped[str] = mapped_column(String(10))  #: "person", "ai", "stand-in" or "round"
    action: Mapped[Any] = mapped_column(
        JSON, nullable=True
    )  #: ``store.actions.encode``; ``NULL`` for a round
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class Learner(Base):
    __tablename__ = "learner"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(8), unique=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class LearnerReview(Base):
    __tablename__ = "learner_review"
    __table_args__ = (
        UniqueConstraint("learner_id", "device", "seq"),
        Index("ix_learner_review_learner_id_kind_state", "learner_id", "kind", "state"),
        Index("ix_learner_review_learner_id_day", "learner_id", "day"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learner.id", ondelete="CASCADE"))
    device: Mapped[str] = mapped_column(String(32))  #: drawn once per session
    seq: Mapped[int] = mapped_column(Integer)  #: that session's 1st, 2nd … review
    kind: Mapped[str] = mapped_column(String(12))  #: ``engine.quiz.items.Kind``
    state: Mapped[str] = mapped_column(String(2))  #: USPS code
    rating: Mapped[int] = mapped_column(Integer)  #: ``fsrs.Rating``: 1 Again … 4 Easy
    answered_at: Mapped[datetime] = mapped_column(UTCDateTime)
    day: Mapped[date] = mapped_column(Date)  #: the learner's own calendar day (for streaks)
    source: Mapped[str] = mapped_column(String(10))  #: "practice", "class" or "live"
    mode: Mapped[str] = mapped_column(String(20))
    seconds: Mapped[float | None] = mapped_column(Float)


class LearnerCard(Base):
    __tablename__ = "learner_card"

    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String(12), primary_key=True)
    state: Mapped[str] = mapped_column(String(2), primary_key=True)
    stability: Mapped[float] = mapped_column(Float)
    difficulty: Mapped[float] = mapped_column(Float)
    due: Mapped[datetime] = mapped_column(UTCDateTime)
    last_review: Mapped[datetime] = mapped_column(UTCDateTime)
    reviews: Mapped[int] = mapped_column(Integer)
    lapses: Mapped[int] = mapped_column(Integer)
    last_rating: Mapped[int] = mapped_column(Integer)
    first_at: Mapped[datetime] = mapped_column(UTCDateTime)


class LearnerWeek(Base):
    __tablename__ = "learner_week"

    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learner.id", ondelete="CASCADE"), primary_key=True
    )
    week: Mapped[date] = mapped_column(Date, primary_key=True)  #: its Monday (UTC)
    kind: Mapped[str] = mapped_column(String(12), primary_key=True)
    total: Mapped[float] = mapped_column(Float)  #: the kind's retrievability summed at week end


class StudentLearner(Base):
    __tablename__ = "class_student_learner"

    student_id: Mapped[int] = mapped_column(
        ForeignKey("class_student.id", ondelete="CASCADE"), primary_key=True
    )
    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learner.id", ondelete="CASCADE"), index=True
    )
    linked_at: Mapped[datetime] = mapped_column(UTCDateTime)


class LiveGame(Base):
    __tablename__ = "live_game"
    __table_args__ = {"sqlite_autoincrement": True}

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(8), unique=True)
    host_key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    assignment_id: Mapped[int | None] = mapped_column(
        ForeignKey("class_assignment.id", ondelete="SET NULL")
    )
    drill: Mapped[str] = mapped_column(String(20))  #: the mode group ("borders", …)
    settings: Mapped[dict] = mapped_column(JSON)  #: the quiz's URL parameters, without seed
    seed: Mapped[int] = mapped_column(BigInteger)  #: secret
    rules: Mapped[dict] = mapped_column(JSON)  #: ``engine.live.LiveRules.to_dict()``
    questions: Mapped[int] = mapped_column(Integer)
    phase: Mapped[str] = mapped_column(String(10))  #: ``engine.live.Phase``
    question: Mapped[int] = mapped_column(Integer)  #: 0-based; -1 in the lobby
    question_started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    deadline: Mapped[datetime | None] = mapped_column(UTCDateTime)  #: ``NULL``: no timer
    version: Mapped[int] = mapped_column(Integer)  #: one more at each step
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    locked: Mapped[bool] = mapped_column(Boolean, server_default=false())  #: no new players


class LivePlayer(Base):
    __tablename__ = "live_player"
    __table_args__ = (Index("ix_live_player_game_id_name_key", "game_id", "name_key", unique=True),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("live_game.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(64))  #: ``name_hash`` of the name
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    team: Mapped[int | None] = mapped_column(Integer)  #: 1 … 6, ``NULL`` without teams
    class_student_id: Mapped[int | None] = mapped_column(
        ForeignKey("class_student.id", ondelete="SET NULL")
    )
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime)
    client_hash: Mapped[str | None] = mapped_column(String(64))  #: the browser that joined


class LiveBlock(Base):
    """A player the host removed: neither the name (its key) nor the browser joins again."""

    __tablename__ = "live_block"
    __table_args__ = (Index("ix_live_block_game_id_name_key", "game_id", "name_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("live_game.id", ondelete="CASCADE"))
    name_key: Mapped[str] = mapped_column(String(64))
    client_hash: Mapped[str | None] = mapped_column(String(64))
    blocked_at: Mapped[datetime] = mapped_column(UTCDateTime)


class LiveAnswer(Base):
    __tablename__ = "live_answer"
    __table_args__ = (
        UniqueConstraint("player_id", "question"),
        Index("ix_live_answer_game_id_question", "game_id", "question"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("live_game.id", ondelete="CASCADE"))
    player_id: Mapped[int] = mapped_column(ForeignKey("live_player.id", ondelete="CASCADE"))
    question: Mapped[int] = mapped_column(Integer)  #: 0-based
    response: Mapped[Any] = mapped_column(JSON)  #: as given to ``Question.check``
    given: Mapped[str] = mapped_column(Text)
    outcome: Mapped[str] = mapped_column(String(12))  #: "right" or "wrong"
    value: Mapped[Any] = mapped_column(JSON)  #: ``engine.live.answer_values``: a list
    seconds: Mapped[float | None] = mapped_column(Float)
    answered_at: Mapped[datetime] = mapped_column(UTCDateTime)


class Tournament(Base):
    __tablename__ = "tournament"
    __table_args__ = {"sqlite_autoincrement": True}

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(8), unique=True)
    host_key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    seed: Mapped[int] = mapped_column(BigInteger)  #: secret
    rounds: Mapped[list] = mapped_column(JSON)  #: ``[[kind, minutes], …]``
    grace_seconds: Mapped[int] = mapped_column(Integer)  #: an empty seat's wait for its team
    round: Mapped[int] = mapped_column(Integer)  #: 0 before the first
    stage: Mapped[str] = mapped_column(String(12))  #: swiss, playoff, championship
    clock: Mapped[str] = mapped_column(String(8))  #: running, paused, done
    ends_at: Mapped[datetime | None] = mapped_column(UTCDateTime)  #: while running
    left: Mapped[float | None] = mapped_column(Float)  #: seconds left, while paused
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class TournamentDivision(Base):
    __tablename__ = "tournament_division"
    __table_args__ = (UniqueConstraint("tournament_id", "name_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(64))


class TournamentTeam(Base):
    __tablename__ = "tournament_team"
    __table_args__ = (UniqueConstraint("tournament_id", "name_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"))
    division_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_division.id", ondelete="CASCADE")
    )
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(64))
    code: Mapped[str] = mapped_column(String(8), unique=True)
    comeback: Mapped[bool] = mapped_column(Boolean, server_default=false())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class TournamentMatch(Base):
    __tablename__ = "tournament_match"
    __table_args__ = (
        UniqueConstraint("tournament_id", "round", "table_no"),
        UniqueConstraint("team_a", "round"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"))
    round: Mapped[int] = mapped_column(Integer)
    stage: Mapped[str] = mapped_column(String(12))
    table_no: Mapped[int] = mapped_column(Integer)
    team_a: Mapped[int] = mapped_column(ForeignKey("tournament_team.id", ondelete="CASCADE"))
    team_b: Mapped[int | None] = mapped_column(
        ForeignKey("tournament_team.id", ondelete="CASCADE")
    )  #: ``NULL``: a bye, against the hard AI
    calls: Mapped[list | None] = mapped_column(JSON)  #: a Call round's games, first call first
    cards: Mapped[list | None] = mapped_column(JSON)  #: a Call round's drawn cards (a's, b's)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    called_at: Mapped[datetime | None] = mapped_column(UTCDateTime)  #: the last call's time


class TournamentGame(Base):
    __tablename__ = "tournament_game"
    __table_args__ = (
        UniqueConstraint("match_id", "n"),
        Index("ix_tournament_game_table_id", "table_id"),  # is this table a tournament's?
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("tournament_match.id", ondelete="CASCADE"))
    n: Mapped[int] = mapped_column(Integer)  #: 0-based
    game: Mapped[str] = mapped_column(String(20))
    table_id: Mapped[int | None] = mapped_column(ForeignKey("game_table.id", ondelete="SET NULL"))
    seat_a: Mapped[int] = mapped_column(Integer)  #: team a's seat at the table (0 or 1)
    result: Mapped[str | None] = mapped_column(String(6))  #: won, tied; ``NULL``: undecided
    winner: Mapped[int | None] = mapped_column(Integer)  #: a team id; 0: the AI
    decided_by: Mapped[str | None] = mapped_column(String(6))  #: over, time
    decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class TournamentAward(Base):
    __tablename__ = "tournament_award"
    __table_args__ = (UniqueConstraint("team_id", "kind"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"))
    team_id: Mapped[int] = mapped_column(ForeignKey("tournament_team.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(20))
    given_at: Mapped[datetime] = mapped_column(UTCDateTime)
