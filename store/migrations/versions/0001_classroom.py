"""Classroom: assignments, their students and every counted answer.

Revision ID: 0001
Revises:
Created: the classroom issue
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import store.models

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "class_assignment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=8), nullable=False),
        sa.Column("title", sa.String(length=120), nullable=False),
        sa.Column("drill", sa.String(length=20), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("timer_minutes", sa.Integer(), nullable=True),
        sa.Column("questions", sa.Integer(), nullable=False),
        sa.Column("teacher_key_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", store.models.UTCDateTime(), nullable=False),
        sa.Column("closes_at", store.models.UTCDateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_class_assignment")),
        sa.UniqueConstraint("code", name=op.f("uq_class_assignment_code")),
        sa.UniqueConstraint("teacher_key_hash", name=op.f("uq_class_assignment_teacher_key_hash")),
    )
    op.create_table(
        "class_student",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("assignment_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("started_at", store.models.UTCDateTime(), nullable=False),
        sa.Column("finished_at", store.models.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["assignment_id"],
            ["class_assignment.id"],
            name=op.f("fk_class_student_assignment_id_class_assignment"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_class_student")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_class_student_token_hash")),
    )
    op.create_index(
        op.f("ix_class_student_assignment_id"), "class_student", ["assignment_id"], unique=False
    )
    op.create_table(
        "class_answer",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("student_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("question", sa.Integer(), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("qid", sa.String(length=80), nullable=False),
        sa.Column("mode", sa.String(length=20), nullable=False),
        sa.Column("prompt", sa.Text(), nullable=False),
        sa.Column("states", sa.String(length=160), nullable=False),
        sa.Column("response", sa.JSON(), nullable=False),
        sa.Column("given", sa.Text(), nullable=False),
        sa.Column("correct_answer", sa.Text(), nullable=False),
        sa.Column("outcome", sa.String(length=12), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=True),
        sa.Column("answered_at", store.models.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["student_id"],
            ["class_student.id"],
            name=op.f("fk_class_answer_student_id_class_student"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_class_answer")),
        sa.UniqueConstraint("student_id", "seq", name=op.f("uq_class_answer_student_id_seq")),
    )


def downgrade() -> None:
    op.drop_table("class_answer")
    op.drop_index(op.f("ix_class_student_assignment_id"), table_name="class_student")
    op.drop_table("class_student")
    op.drop_table("class_assignment")
