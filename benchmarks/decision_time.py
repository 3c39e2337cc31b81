"""Decision time per bot level per game: p50, p95 and max in milliseconds.

    PYTHONPATH=. python benchmarks/decision_time.py [--games 40] [--seed 0]

Each level plays ``--games`` games against ``medium`` (seats rotated every deal; 2 players
unless ``--players`` says more, the others all ``medium``);
only the measured level's decisions are timed. The hard bot runs with its iteration cap and
no time budget, so its figures are the full cost of the search (in the app the budget can
only shorten a decision). Targets (p95): hard ≤ 150 ms, medium ≤ 20 ms, easy ≤ 5 ms.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._machine import machine  # noqa: E402
from engine.bots import LEVELS  # noqa: E402
from engine.games import GAMES, has_decisions  # noqa: E402
from engine.simulate import simulate  # noqa: E402

TARGET_P95_MS = {"hard": 150.0, "medium": 20.0, "easy": 5.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per level and game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", default=None, help="one game id (default: all with decisions)")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--players", type=int, default=2, help="players (the others: medium)")
    args = parser.parse_args()
    games = [args.game] if args.game else [g for g in GAMES if has_decisions(g)]
    print(machine())
    print(
        f"{'game':<15} {'level':<7} {'decisions':>9} {'p50 ms':>8} {'p95 ms':>8} "
        f"{'max ms':>8} {'target p95':>10}"
    )
    for game_id in games:
        for level in args.levels.split(","):
            lineup = [level] + ["medium"] * (args.players - 1)
            result = simulate(game_id, args.games, lineup, players=args.players, seed=args.seed)
            ms = result["decision_ms"][level]
            target = TARGET_P95_MS.get(level)
            verdict = (
                ""
                if target is None
                else f"≤ {target:g}" + (" ok" if ms["p95"] <= target else " MISSED")
            )
            print(
                f"{game_id:<15} {level:<7} {result['decisions'][level]:>9} {ms['p50']:>8.2f} "
                f"{ms['p95']:>8.2f} {ms['max']:>8.2f} {verdict:>10}",
                flush=True,
            )


if __name__ == "__main__":
    main()
