"""The AI's moves at a shared table: the AI seats, and the stand-in of a person away.

No Streamlit here: whichever session sees a move due plays it (a seat's page when it looks at
the table, its waiting fragment every second, a benchmark's client), and the store's unique
``(table, seq)`` key writes it exactly once, however many sessions try at the same moment.

* **Who plays** (:func:`due_move`): the table is being played and the seat to act is an AI
  seat (at its own level), or a person away (``store.tables.is_away``: idle longer than the
  host's setting) whom the stand-in of the host's chosen level plays for until they are seen
  again.
* **What it plays** (:func:`bot_move`): a bot made afresh for each move with ``make_bot``,
  seeded from the table's secret seed, the round and the row (:func:`bot_seed`), asked with
  the seat's own observation only. The same table thus plays the same AI moves (the hard
  level stops searching after ``engine.bots.TIME_BUDGET`` seconds on a loaded server, so it
  may then choose otherwise; replay never asks a bot: it reads the stored row).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import store.tables as tables
from engine.bots import make_bot
from store.clock import now_utc
from store.db import Database
from store.tables import AI, BY_AI, BY_STAND_IN, PLAYING, SeatInfo, SeatView, Snapshot


def bot_seed(seed: int, round_index: int, seq: int) -> int:
    """The seed of the bot that plays the table's row ``seq``."""
    return tables.derived_seed(seed, "bot", round_index, seq)


def due_move(
    snap: Snapshot, seats: tuple[SeatInfo, ...], now: datetime
) -> tuple[int, str, str] | None:
    """Who the AI plays the next move for: ``(seat, by, level)``, or ``None`` while a person
    present is to act (or the game is not being played)."""
    if snap.table.status != PLAYING or snap.state.is_over:
        return None
    to_act = snap.state.current_player
    if to_act is None:
        return None
    info = seats[to_act]
    if info.kind == AI:
        return to_act, BY_AI, info.level
    if tables.is_away(info.last_seen, True, snap, now):
        return to_act, BY_STAND_IN, snap.table.stand_in
    return None


def due(view: SeatView) -> bool:
    """Whether a move is due from the AI, as a seat's view shows the table: the game is on
    and the seat to act is an AI, or a person away (the stand-in plays for them)."""
    to_act = view.to_act
    if view.table.status != PLAYING or view.over or to_act is None:
        return False
    return view.seats[to_act].kind == AI or to_act in view.away


def bot_move(snap: Snapshot, seat: int, level: str) -> Any:
    """The move a bot of ``level`` chooses for ``seat`` from its own observation."""
    bot = make_bot(
        snap.table.game, level, seat, seed=bot_seed(snap.seed, snap.table.round, snap.seq + 1)
    )
    return bot.act(snap.state.observation(seat))


def play_ai_turns(
    db: Database,
    table_id: int,
    now: datetime | None = None,
    limit: int = 500,
    seq_seen: int | None = None,
) -> int:
    """Play every move due now by an AI seat, or by the stand-in of a person idle too long;
    returns how many rows this call wrote (0 when another session wrote them). With
    ``seq_seen`` (what the caller's page shows), only the move after it is played, if still
    due. The bot thinks outside any write transaction."""
    written = 0
    if seq_seen is not None:
        limit = 1
    while written < limit:
        at = now or now_utc()
        snap, seats = tables.snapshot_and_seats(db, table_id)
        if seq_seen is not None and snap.seq != seq_seen:
            return written  # the page is behind: that move was played already
        due_now = due_move(snap, seats, at)
        if due_now is None:
            return written
        seat, by, level = due_now
        if not tables.write_move(db, snap, seat, by, bot_move(snap, seat, level), at):
            return written  # another session played it (or the table is gone)
        written += 1
    return written
