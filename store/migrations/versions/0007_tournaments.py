"""Tournaments: teams in divisions, rounds of matches at shared game tables, each game's result
written once, and the teacher's awards.

New tables only; no table is altered. A game's result is written where it is still ``NULL``;
a team plays at most one match a round as ``team_a`` (unique) and a table number is used once
a round; a team's ``code`` is unique across tournaments, as a table's is.

Revision ID: 0007
Revises: 0006
Created: issue 32 (tournaments)
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import store.models

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "tournament",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=8), nullable=False),
        sa.Column("host_key_hash", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("rounds", sa.JSON(), nullable=False),
        sa.Column("grace_seconds", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("stage", sa.String(length=12), nullable=False),
        sa.Column("clock", sa.String(length=8), nullable=False),
        sa.Column("ends_at", store.models.UTCDateTime(), nullable=True),
        sa.Column("left", sa.Float(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", store.models.UTCDateTime(), nullable=False),
        sa.Column("updated_at", store.models.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament")),
        sa.UniqueConstraint("code", name=op.f("uq_tournament_code")),
        sa.UniqueConstraint("host_key_hash", name=op.f("uq_tournament_host_key_hash")),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "tournament_division",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournament.id"],
            name=op.f("fk_tournament_division_tournament_id_tournament"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_division")),
        sa.UniqueConstraint(
            "tournament_id", "name_key", name=op.f("uq_tournament_division_tournament_id_name_key")
        ),
    )
    op.create_table(
        "tournament_team",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("division_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("name_key", sa.String(length=64), nullable=False),
        sa.Column("code", sa.String(length=8), nullable=False),
        sa.Column("comeback", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("created_at", store.models.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["division_id"],
            ["tournament_division.id"],
            name=op.f("fk_tournament_team_division_id_tournament_division"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournament.id"],
            name=op.f("fk_tournament_team_tournament_id_tournament"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_team")),
        sa.UniqueConstraint("code", name=op.f("uq_tournament_team_code")),
        sa.UniqueConstraint(
            "tournament_id", "name_key", name=op.f("uq_tournament_team_tournament_id_name_key")
        ),
    )
    op.create_table(
        "tournament_award",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("team_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("given_at", store.models.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["team_id"],
            ["tournament_team.id"],
            name=op.f("fk_tournament_award_team_id_tournament_team"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournament.id"],
            name=op.f("fk_tournament_award_tournament_id_tournament"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_award")),
        sa.UniqueConstraint("team_id", "kind", name=op.f("uq_tournament_award_team_id_kind")),
    )
    op.create_table(
        "tournament_match",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("stage", sa.String(length=12), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("team_a", sa.Integer(), nullable=False),
        sa.Column("team_b", sa.Integer(), nullable=True),
        sa.Column("calls", sa.JSON(), nullable=True),
        sa.Column("cards", sa.JSON(), nullable=True),
        sa.Column("created_at", store.models.UTCDateTime(), nullable=False),
        sa.Column("called_at", store.models.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["team_a"],
            ["tournament_team.id"],
            name=op.f("fk_tournament_match_team_a_tournament_team"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["team_b"],
            ["tournament_team.id"],
            name=op.f("fk_tournament_match_team_b_tournament_team"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournament.id"],
            name=op.f("fk_tournament_match_tournament_id_tournament"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_match")),
        sa.UniqueConstraint("team_a", "round", name=op.f("uq_tournament_match_team_a_round")),
        sa.UniqueConstraint(
            "tournament_id",
            "round",
            "table_no",
            name=op.f("uq_tournament_match_tournament_id_round_table_no"),
        ),
    )
    op.create_table(
        "tournament_game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=True),
        sa.Column("seat_a", sa.Integer(), nullable=False),
        sa.Column("result", sa.String(length=6), nullable=True),
        sa.Column("winner", sa.Integer(), nullable=True),
        sa.Column("decided_by", sa.String(length=6), nullable=True),
        sa.Column("decided_at", store.models.UTCDateTime(), nullable=True),
        sa.Column("created_at", store.models.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["tournament_match.id"],
            name=op.f("fk_tournament_game_match_id_tournament_match"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_table.id"],
            name=op.f("fk_tournament_game_table_id_game_table"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tournament_game")),
        sa.UniqueConstraint("match_id", "n", name=op.f("uq_tournament_game_match_id_n")),
    )
    op.create_index("ix_tournament_game_table_id", "tournament_game", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_tournament_game_table_id", table_name="tournament_game")
    op.drop_table("tournament_game")
    op.drop_table("tournament_match")
    op.drop_table("tournament_award")
    op.drop_table("tournament_team")
    op.drop_table("tournament_division")
    op.drop_table("tournament")
