"""Live games: a lobby the host can lock, joins counted per browser, removed players blocked,
and names compared by the confusables skeleton.

* ``live_game.locked`` (false for games already made): the host closed the game to new players.
* ``live_player.client_hash``: the hash of the browser session that joined (``NULL`` for
  players already there).
* ``live_block``: a removed player's name key and browser, refused by that game from then on.
* ``class_student.name_key`` and ``live_player.name_key`` are computed again by the new
  :func:`store.names.name_hash` (look-alike letters and invisible code points read as
  :mod:`engine.names` says). Where two rows of one class or game now have one key (an "Ana"
  and a Cyrillic "Аna" that joined before), the later one keeps a key of its own (its id
  added), so nothing is lost and a new look-alike is refused.

Columns are added with ``ALTER TABLE … ADD COLUMN`` (SQLite's table is not rebuilt: that would
cascade-delete the answers).

Revision ID: 0006
Revises: 0005
Created: issue 28 (items 20 and 21)
"""

import hashlib
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import store.models
from store.names import name_hash

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _rekey(connection: sa.Connection, table: str, scope: str) -> None:
    rows_table = sa.table(
        table,
        sa.column("id", sa.Integer()),
        sa.column(scope, sa.Integer()),
        sa.column("name", sa.String()),
        sa.column("name_key", sa.String()),
    )
    rows = connection.execute(
        sa.select(
            rows_table.c.id, rows_table.c[scope], rows_table.c.name, rows_table.c.name_key
        ).order_by(rows_table.c.id)
    ).all()
    keys: dict[int, str] = {}
    taken: set[tuple[int, str]] = set()
    for row_id, owner, name, _ in rows:
        key = name_hash(name)
        if (owner, key) in taken:  # an old look-alike: kept, under a key of its own
            key = hashlib.sha256(f"{key}:{row_id}".encode()).hexdigest()
        taken.add((owner, key))
        keys[row_id] = key
    # two passes through keys no name has, so no row takes a key another still holds
    for row_id, _, _, _ in rows:
        temporary = hashlib.sha256(f"moving:{row_id}".encode()).hexdigest()
        connection.execute(
            sa.update(rows_table).where(rows_table.c.id == row_id).values(name_key=temporary)
        )
    for row_id, key in keys.items():
        connection.execute(
            sa.update(rows_table).where(rows_table.c.id == row_id).values(name_key=key)
        )


def upgrade() -> None:
    op.add_column(
        "live_game",
        sa.Column("locked", sa.Boolean(), server_default=sa.false(), nullable=False),
    )
    op.add_column("live_player", sa.Column("client_hash", sa.String(length=64), nullable=True))
    op.create_table(
        "live_block",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("name_key", sa.String(length=64), nullable=False),
        sa.Column("client_hash", sa.String(length=64), nullable=True),
        sa.Column("blocked_at", store.models.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["live_game.id"], name=op.f("fk_live_block_game_id_live_game"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_live_block")),
    )  # fmt: skip
    op.create_index("ix_live_block_game_id_name_key", "live_block", ["game_id", "name_key"])
    connection = op.get_bind()
    _rekey(connection, "class_student", "assignment_id")
    _rekey(connection, "live_player", "game_id")


def downgrade() -> None:
    op.drop_index("ix_live_block_game_id_name_key", table_name="live_block")
    op.drop_table("live_block")
    op.drop_column("live_player", "client_hash")
    op.drop_column("live_game", "locked")
