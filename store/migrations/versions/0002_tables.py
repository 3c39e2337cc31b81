"""Shared game tables: tables, their seats and every action.

Revision ID: 0002
Revises: 0001
Created: the shared game tables issue
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import store.models

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "game_table",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=8), nullable=False),
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("idle_seconds", sa.Integer(), nullable=False),
        sa.Column("stand_in", sa.String(length=10), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("created_at", store.models.UTCDateTime(), nullable=False),
        sa.Column("updated_at", store.models.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_table")),
        sa.UniqueConstraint("code", name=op.f("uq_game_table_code")),
        sqlite_autoincrement=True,
    )
    op.create_index(op.f("ix_game_table_updated_at"), "game_table", ["updated_at"], unique=False)
    op.create_table(
        "table_seat",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("level", sa.String(length=10), nullable=True),
        sa.Column("name", sa.String(length=40), nullable=True),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        sa.Column("joined_at", store.models.UTCDateTime(), nullable=True),
        sa.Column("last_seen", store.models.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_table.id"],
            name=op.f("fk_table_seat_table_id_game_table"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_seat")),
        sa.UniqueConstraint("table_id", "seat", name=op.f("uq_table_seat_table_id_seat")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_table_seat_token_hash")),
    )
    op.create_table(
        "table_action",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("by", sa.String(length=10), nullable=False),
        sa.Column("action", sa.JSON(), nullable=True),
        sa.Column("created_at", store.models.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_table.id"],
            name=op.f("fk_table_action_table_id_game_table"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_action")),
        sa.UniqueConstraint("table_id", "seq", name=op.f("uq_table_action_table_id_seq")),
    )


def downgrade() -> None:
    op.drop_table("table_action")
    op.drop_table("table_seat")
    op.drop_index(op.f("ix_game_table_updated_at"), table_name="game_table")
    op.drop_table("game_table")
