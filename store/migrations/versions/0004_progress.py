"""Progress: learners (a progress code and a hashed token), their reviews, each item's FSRS
state and each week's sums, and the progress a class student's answers also go to.

The link of a class student to a learner is a table of its own, ``class_student_learner`` (a
student without a row has no progress), not a column of ``class_student``: SQLite cannot add a
column with a named foreign key of its own in a way SQLAlchemy reads back, and rebuilding
``class_student`` would delete every answer through ``ON DELETE CASCADE``. No table is
altered.

Revision ID: 0004
Revises: 0003
Created: issue 20 (a learner's progress across lessons)
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import store.models

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _learner_fk(table: str, ondelete: str = "CASCADE") -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["learner_id"], ["learner.id"], name=op.f(f"fk_{table}_learner_id_learner"),
        ondelete=ondelete,
    )  # fmt: skip


def upgrade() -> None:
    op.create_table(
        "learner",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=8), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", store.models.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_learner")),
        sa.UniqueConstraint("code", name=op.f("uq_learner_code")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_learner_token_hash")),
    )
    op.create_table(
        "learner_review",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("device", sa.String(length=32), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=12), nullable=False),
        sa.Column("state", sa.String(length=2), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("answered_at", store.models.UTCDateTime(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("source", sa.String(length=10), nullable=False),
        sa.Column("mode", sa.String(length=20), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=True),
        _learner_fk("learner_review"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_learner_review")),
        sa.UniqueConstraint(
            "learner_id", "device", "seq", name=op.f("uq_learner_review_learner_id_device_seq")
        ),
    )
    op.create_index(
        "ix_learner_review_learner_id_kind_state", "learner_review", ["learner_id", "kind", "state"]
    )
    op.create_index("ix_learner_review_learner_id_day", "learner_review", ["learner_id", "day"])
    op.create_table(
        "learner_card",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=12), nullable=False),
        sa.Column("state", sa.String(length=2), nullable=False),
        sa.Column("stability", sa.Float(), nullable=False),
        sa.Column("difficulty", sa.Float(), nullable=False),
        sa.Column("due", store.models.UTCDateTime(), nullable=False),
        sa.Column("last_review", store.models.UTCDateTime(), nullable=False),
        sa.Column("reviews", sa.Integer(), nullable=False),
        sa.Column("lapses", sa.Integer(), nullable=False),
        sa.Column("last_rating", sa.Integer(), nullable=False),
        sa.Column("first_at", store.models.UTCDateTime(), nullable=False),
        _learner_fk("learner_card"),
        sa.PrimaryKeyConstraint("learner_id", "kind", "state", name=op.f("pk_learner_card")),
    )
    op.create_table(
        "learner_week",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("week", sa.Date(), nullable=False),
        sa.Column("kind", sa.String(length=12), nullable=False),
        sa.Column("total", sa.Float(), nullable=False),
        _learner_fk("learner_week"),
        sa.PrimaryKeyConstraint("learner_id", "week", "kind", name=op.f("pk_learner_week")),
    )
    op.create_table(
        "class_student_learner",
        sa.Column("student_id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("linked_at", store.models.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["student_id"],
            ["class_student.id"],
            name=op.f("fk_class_student_learner_student_id_class_student"),
            ondelete="CASCADE",
        ),  # fmt: skip
        _learner_fk("class_student_learner"),
        sa.PrimaryKeyConstraint("student_id", name=op.f("pk_class_student_learner")),
    )
    op.create_index(
        op.f("ix_class_student_learner_learner_id"), "class_student_learner", ["learner_id"]
    )


def downgrade() -> None:
    op.drop_table("class_student_learner")
    op.drop_table("learner_week")
    op.drop_table("learner_card")
    op.drop_index("ix_learner_review_learner_id_day", table_name="learner_review")
    op.drop_index("ix_learner_review_learner_id_kind_state", table_name="learner_review")
    op.drop_table("learner_review")
    op.drop_table("learner")
