"""Classroom: one student per name in a class, and the answer being picked kept as a draft.

* ``class_student.name_key``: the hash of the name as compared (``store.names.name_hash``),
  unique per assignment (a unique index). Students already stored get their key; where an
  older assignment already holds the same name twice, the later ones keep their rows with a
  key of their own (their id added), so nothing is lost and a new "Ana" is refused.
* ``class_draft``: the answer a student is picking, at most one per student.

SQLite: the column is added with ``ALTER TABLE … ADD COLUMN`` (a default of ``''`` while the
keys are computed, which SQLite cannot drop later) and the uniqueness is an index. A rebuilt
table (Alembic's batch mode) would drop ``class_student``, and with foreign keys on that
deletes every answer through ``ON DELETE CASCADE``.

Revision ID: 0003
Revises: 0002
Created: issue 18 (a teacher's report) and issue 19 (the store's shape)
"""

import hashlib
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import store.models
from store.names import name_hash

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

STUDENT = sa.table(
    "class_student",
    sa.column("id", sa.Integer()),
    sa.column("assignment_id", sa.Integer()),
    sa.column("name", sa.String()),
    sa.column("name_key", sa.String()),
)


def _fill_name_keys(connection: sa.Connection) -> None:
    rows = connection.execute(
        sa.select(STUDENT.c.id, STUDENT.c.assignment_id, STUDENT.c.name).order_by(STUDENT.c.id)
    ).all()
    taken: set[tuple[int, str]] = set()
    for student_id, assignment_id, name in rows:
        key = name_hash(name)
        if (assignment_id, key) in taken:  # an old duplicate: kept, under a key of its own
            key = hashlib.sha256(f"{key}:{student_id}".encode()).hexdigest()
        taken.add((assignment_id, key))
        connection.execute(
            sa.update(STUDENT).where(STUDENT.c.id == student_id).values(name_key=key)
        )


def upgrade() -> None:
    op.add_column(
        "class_student",
        sa.Column("name_key", sa.String(length=64), nullable=False, server_default=""),
    )
    _fill_name_keys(op.get_bind())
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column("class_student", "name_key", server_default=None)
    op.create_index(
        "ix_class_student_assignment_id_name_key",
        "class_student",
        ["assignment_id", "name_key"],
        unique=True,
    )
    op.create_table(
        "class_draft",
        sa.Column("student_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("qid", sa.String(length=80), nullable=False),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("saved_at", store.models.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["student_id"],
            ["class_student.id"],
            name=op.f("fk_class_draft_student_id_class_student"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("student_id", name=op.f("pk_class_draft")),
    )


def downgrade() -> None:
    op.drop_table("class_draft")
    op.drop_index("ix_class_student_assignment_id_name_key", table_name="class_student")
    op.drop_column("class_student", "name_key")
