"""How much stronger each bot level is than the one below it, per game.

    PYTHONPATH=. nice python benchmarks/strength.py [--games 2000] [--workers 2] [--seed 0]
        [--game border_attack] [--pairs hard:medium,medium:easy,easy:random]

For each game with decisions and each pairing, plays ``--games`` 2-player games with the seats
swapped every deal (each deal is played twice, once from each seat) and prints the stronger
bot's win rate with its 95% Wilson interval. The target is a lower bound above 50% for every
pairing. Games are spread over ``--workers`` processes; the results do not depend on it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._machine import machine  # noqa: E402
from engine.games import GAMES, has_decisions  # noqa: E402
from engine.simulate import simulate  # noqa: E402

PAIRS = "hard:medium,medium:easy,easy:random"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing (2000)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", default=None, help="one game id (default: all with decisions)")
    parser.add_argument("--pairs", default=PAIRS, help=f"stronger:weaker,… ({PAIRS})")
    parser.add_argument("--json", action="store_true", help="also print each result as JSON")
    args = parser.parse_args()
    games = [args.game] if args.game else [g for g in GAMES if has_decisions(g)]
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",")]
    print(machine())
    print(
        f"{'game':<15} {'pairing':<16} {'games':>6} {'win rate':>9} {'95% Wilson':>17} "
        f"{'draws':>6} {'minutes':>8}  verdict"
    )
    for game_id in games:
        for strong, weak in pairs:
            start = time.perf_counter()
            result = simulate(
                game_id,
                args.games,
                [strong, weak],
                seed=args.seed,
                workers=args.workers,
                progress=True,
            )
            lo, hi = result["ci95"][strong]
            verdict = "ok" if lo > 0.5 else "NOT SHOWN"
            print(
                f"{game_id:<15} {strong + ' vs ' + weak:<16} {result['games']:>6} "
                f"{result['win_rate'][strong]:>9.1%} {f'[{lo:.1%}, {hi:.1%}]':>17} "
                f"{result['draw_count']:>6} {(time.perf_counter() - start) / 60:>8.1f}  {verdict}",
                flush=True,
            )
            if args.json:
                print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
