"""Shared game tables: people on their own devices (and AI in the other seats) at one game.

The rules:

* A **table** is for a game with decisions (Reverse Geography War has none: nothing to
  share). It is a game id, the game's options (``players``, ``teams`` and whatever else the
  game's ``new`` takes, ``target`` …), a **secret seed** (drawn with :mod:`secrets`, never
  shown) and the **list of actions**, one row each, unique ``(table, seq)``. The state is the
  replay of that list (:func:`rebuild`), which the engine's determinism guarantees.
* A **table code** is a code of :mod:`store.codes`, as a class code is (same alphabet, same
  typing rules); a player's **name** is cleaned by :func:`store.names.clean_name`, as a
  student's is, and may not hold formatting characters (:data:`MARKUP`).
* **Seats**: seat 0 is the host's; each other seat is open for a person or an AI of
  :data:`AI_LEVELS`. A person's **seat token** (128 random bits) is handed out once and stored
  only as a SHA-256 hash; the token alone finds the seat again (reload, another device).
* **Status**: ``open`` (people joining; the host may fill an empty seat with an AI),
  ``playing`` once the host starts (every seat taken), ``finished`` when the game is over.
  The host may then offer a **rematch**: the same seats, a new round of the same table, dealt
  from a new seed derived from the secret one (:func:`round_seed`). A rematch is a row of the
  action list (``by = "round"``), so ``seq`` runs on across rounds and a move sent for the old
  round can never land in the new one.
* **A move** (:func:`append`) is written only if it extends exactly the sequence its player
  saw: it goes in at ``seq_seen + 1``, and the unique key, not this process, decides between
  two sessions (:class:`TableMovedOn`: "the table has moved on"). The engine checks every move
  (``check``/``apply``), and the seat token must be the seat to act.
* **A move by the AI** (an AI seat, or the stand-in of a person away) is chosen outside the
  store, by ``ui.games.shared.autoplay``, and written with :func:`write_move` at the row after
  the snapshot it was chosen from: the same unique key, so exactly once however many sessions
  try.
* **Away** (:func:`is_away`): a person to act who has not been seen (:func:`view`) for the
  table's idle setting (default :data:`IDLE_SECONDS`) since the turn came to them, or who was
  already away when it came, is away until seen again (the stand-in plays for them).
* **Cleanup** (:func:`cleanup`): a table untouched for :data:`KEEP_FOR` (finished, or
  abandoned) is deleted with its seats and actions.

The **replay cache**: each process keeps the latest replayed state of each table it served,
keyed by (database, table, seq). A refresh asks the database, in one indexed query, for the
table's row and the actions after the cached seq; when nothing changed that is all it costs,
and new actions are applied to a copy of the cached state.

Refusals raise :class:`TableError` subclasses, each with a code and its values (never a
sentence: ``ui.games.shared.errors`` words them); an unreachable database raises
:class:`store.db.Unavailable`.

The modules: ``records`` (what the store hands out, and the words of a row: statuses, kinds,
who moved), ``errors`` (the refusals), ``snapshots`` (seeds, the deal and the replay, the
process's cache, what a page reads), ``lobby`` (creating, joining, starting), ``moves``
(playing: a person's move, the AI's, a seat's view, the rematch) and ``expiry`` (the cleanup).
This package's names are the public ones.
"""

from store.tables.errors import (
    GameOver,
    MoveRefused,
    NotHost,
    NotYourTurn,
    SetupRefused,
    TableError,
    TableFull,
    TableMovedOn,
    TableNotFound,
)
from store.tables.expiry import KEEP_FOR, cleanup
from store.tables.lobby import (
    AI_LEVELS,
    IDLE_MAX,
    IDLE_MIN,
    IDLE_SECONDS,
    MARKUP,
    create,
    fill_with_ai,
    find,
    join,
    seated,
    start,
)
from store.tables.moves import (
    TOUCH_EVERY,
    append,
    is_away,
    observation,
    rematch,
    view,
    write_move,
)
from store.tables.records import (
    AI,
    BY_AI,
    BY_PERSON,
    BY_ROUND,
    BY_STAND_IN,
    FINISHED,
    OPEN,
    PERSON,
    PLAYING,
    Move,
    NewTable,
    SeatInfo,
    SeatView,
    Snapshot,
    TableInfo,
)
from store.tables.snapshots import (
    CACHE_SIZE,
    PEEK_FOR,
    deal,
    derived_seed,
    forget_cache,
    peek,
    rebuild,
    record,
    replay,
    round_seed,
    round_state,
    seats,
    snapshot,
    snapshot_and_seats,
)

__all__ = [
    "AI",
    "AI_LEVELS",
    "BY_AI",
    "BY_PERSON",
    "BY_ROUND",
    "BY_STAND_IN",
    "CACHE_SIZE",
    "FINISHED",
    "IDLE_MAX",
    "IDLE_MIN",
    "IDLE_SECONDS",
    "KEEP_FOR",
    "MARKUP",
    "OPEN",
    "PEEK_FOR",
    "PERSON",
    "PLAYING",
    "TOUCH_EVERY",
    "GameOver",
    "Move",
    "NewTable",
    "MoveRefused",
    "NotHost",
    "NotYourTurn",
    "SeatInfo",
    "SeatView",
    "SetupRefused",
    "Snapshot",
    "TableError",
    "TableFull",
    "TableInfo",
    "TableMovedOn",
    "TableNotFound",
    "append",
    "cleanup",
    "create",
    "deal",
    "derived_seed",
    "fill_with_ai",
    "find",
    "forget_cache",
    "is_away",
    "join",
    "observation",
    "peek",
    "rebuild",
    "record",
    "rematch",
    "replay",
    "round_seed",
    "round_state",
    "seated",
    "seats",
    "snapshot",
    "snapshot_and_seats",
    "start",
    "view",
    "write_move",
]
