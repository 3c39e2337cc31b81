"""Live class games: a row per game (its phase, question, deadline and version), its players
and their answers, one per player and question.

New tables only; no table is altered. ``live_player.name_key`` is unique per game through a
unique index on ``(game_id, name_key)``.

Revision ID: 0005
Revises: 0004
Created: issue 21 (a live class game on the board)
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import store.models

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _fk(table: str, column: str, target: str, ondelete: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"), ondelete=ondelete
    )


def upgrade() -> None:
    op.create_table(
        "live_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=8), nullable=False),
        sa.Column("host_key_hash", sa.String(length=64), nullable=False),
        sa.Column("assignment_id", sa.Integer(), nullable=True),
        sa.Column("drill", sa.String(length=20), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("questions", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(length=10), nullable=False),
        sa.Column("question", sa.Integer(), nullable=False),
        sa.Column("question_started_at", store.models.UTCDateTime(), nullable=True),
        sa.Column("deadline", store.models.UTCDateTime(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", store.models.UTCDateTime(), nullable=False),
        sa.Column("updated_at", store.models.UTCDateTime(), nullable=False),
        _fk("live_game", "assignment_id", "class_assignment", "SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_live_game")),
        sa.UniqueConstraint("code", name=op.f("uq_live_game_code")),
        sa.UniqueConstraint("host_key_hash", name=op.f("uq_live_game_host_key_hash")),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "live_player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=64), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("team", sa.Integer(), nullable=True),
        sa.Column("class_student_id", sa.Integer(), nullable=True),
        sa.Column("joined_at", store.models.UTCDateTime(), nullable=False),
        _fk("live_player", "game_id", "live_game", "CASCADE"),
        _fk("live_player", "class_student_id", "class_student", "SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_live_player")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_live_player_token_hash")),
    )
    op.create_index(
        "ix_live_player_game_id_name_key", "live_player", ["game_id", "name_key"], unique=True
    )
    op.create_table(
        "live_answer",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("question", sa.Integer(), nullable=False),
        sa.Column("response", sa.JSON(), nullable=False),
        sa.Column("given", sa.Text(), nullable=False),
        sa.Column("outcome", sa.String(length=12), nullable=False),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=True),
        sa.Column("answered_at", store.models.UTCDateTime(), nullable=False),
        _fk("live_answer", "game_id", "live_game", "CASCADE"),
        _fk("live_answer", "player_id", "live_player", "CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_live_answer")),
        sa.UniqueConstraint(
            "player_id", "question", name=op.f("uq_live_answer_player_id_question")
        ),
    )
    op.create_index("ix_live_answer_game_id_question", "live_answer", ["game_id", "question"])


def downgrade() -> None:
    op.drop_index("ix_live_answer_game_id_question", table_name="live_answer")
    op.drop_table("live_answer")
    op.drop_index("ix_live_player_game_id_name_key", table_name="live_player")
    op.drop_table("live_player")
    op.drop_table("live_game")
