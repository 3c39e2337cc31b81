"""Replay of shared tables: random games stored as action rows, read back and rebuilt, equal
to the live state at every step (issue 12's "1,000 random games per game").

    PYTHONPATH=. python benchmarks/tables_replay.py [--games 1000] [--only border_attack,...]
        [--url postgresql+psycopg://…/db]   # default: a throwaway SQLite file

Per game: ``--games`` whole games with uniformly random choices and a random legal set-up
(players, teams). Each game's actions are encoded (``store.actions``) into ``table_action``
rows of a table of its own, read back in ``seq`` order, decoded and applied to a fresh deal
from the same seed; after every action the rebuilt state must equal the live one (the engine's
``==``: hands, piles, scores, log and random generator). The last state is also rebuilt by
``store.tables.replay`` (the store's own path, cache cold). Prints games, steps, mismatches
and seconds per game; exits 1 on any mismatch. ``tests/test_tables.py`` runs ~30 games per
game of the same check (long games cut at 200 moves) to stay near a minute on 2 cores.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sqlalchemy as sa  # noqa: E402

from benchmarks._machine import machine  # noqa: E402
from engine.games import GAMES, player_settings  # noqa: E402
from store import tables  # noqa: E402
from store.actions import decode  # noqa: E402
from store.db import Database  # noqa: E402
from store.models import TableAction  # noqa: E402


def one_game(db: Database, game: str, rng: random.Random) -> tuple[int, int]:
    """Play, store, read back and rebuild one game; returns (steps, mismatches)."""
    players, teams = rng.choice(player_settings(game))
    options = {"players": players, "teams": teams}
    seed = rng.randrange(2**62)
    live = tables.deal(game, options, seed)
    states, actions = [live.clone()], []
    while not live.is_over:
        action = rng.choice(live.legal_actions())
        live.apply(action)
        actions.append(action)
        states.append(live.clone())
    table_id = tables.record(db, game, options, seed, actions, at=datetime.now(UTC))
    with db.read() as s:
        stored = s.execute(
            sa.select(TableAction.action)
            .where(TableAction.table_id == table_id)
            .order_by(TableAction.seq)
        ).scalars()
        stored = list(stored)
    rebuilt = tables.deal(game, options, seed)
    bad = int(rebuilt != states[0]) + int(len(stored) != len(actions))
    for i, data in enumerate(stored):
        rebuilt.apply(decode(game, data))
        bad += rebuilt != states[i + 1]
    bad += tables.replay(db, table_id) != live
    return len(actions), bad


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--only", default=",".join(GAMES))
    parser.add_argument("--url", default="")
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    print(machine())
    folder = tempfile.TemporaryDirectory()
    url = args.url or f"sqlite:///{Path(folder.name) / 'tables.sqlite3'}"
    db = Database(url)
    db.ready()
    print(f"database: {db.dialect}")
    failed = 0
    for game in args.only.split(","):
        rng = random.Random(f"{args.seed}-{game}")
        start = time.perf_counter()
        steps = mismatches = 0
        for _ in range(args.games):
            n, bad = one_game(db, game, rng)
            steps += n
            mismatches += bad
        seconds = time.perf_counter() - start
        failed += mismatches
        print(
            f"{game:14} {args.games:5,} games {steps:9,} steps  mismatches {mismatches}  "
            f"{seconds:6.1f} s"
        )
    db.dispose()
    folder.cleanup()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
