"""GeoPower Toss: how often each bot level calls GeoPlunge, and how often its calls succeed.

    PYTHONPATH=. python benchmarks/geopower_calls.py [--rounds 1000] [--levels easy,medium,hard]
        [--against medium] [--players 2] [--seed 0]

For each level, plays 2-player games (or ``--players``) of that level against ``--against``
bots, the measured bot's seat rotating every game, until ``--rounds`` rounds are played. A
round counts for the measured bot's side: *called* when it called GeoPlunge, *made* when the
call won 6 tricks or more. Also printed: the rounds where its side won 6 tricks or more
(with or without a call: the calls it could have made) and the points its calls gained over
the same tricks without a call (+15 when made; the 10 or 5 for the most tricks lost when
missed). The run is a function of its arguments.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._machine import machine  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.geopower_toss import CALL_BONUS, CALL_TRICKS, GeoPowerToss  # noqa: E402
from engine.stats import wilson  # noqa: E402


def measure(level: str, rounds: int, against: str, players: int, seed: int) -> dict[str, float]:
    """Play until ``rounds`` rounds are counted for ``level``; the tallies of its calls."""
    counted = called = made = six = gained = 0
    game = 0
    while counted < rounds:
        state = GeoPowerToss.new(players=players, seed=seed * 1_000_003 + game)
        me = game % players
        bots = [
            make_bot(
                "geopower_toss",
                level if s == me else against,
                s,
                seed * 7919 + game * 10 + s,
                time_budget=None,
            )
            for s in range(players)
        ]
        seen = 0
        while not state.is_over and counted < rounds:
            seat = state.current_player
            state.step(bots[seat].act(state.observation(seat)))
            for r in state.results[seen:]:
                counted += 1
                unit = state.team_of(me)
                tricks = r.tricks[unit]
                six += tricks >= CALL_TRICKS
                if unit in r.callers:
                    called += 1
                    if tricks >= CALL_TRICKS:
                        made += 1
                        gained += CALL_BONUS
                    else:
                        top = max(r.tricks)
                        if tricks == top:
                            gained -= 10 if r.tricks.count(top) == 1 else 5
            seen = len(state.results)
        game += 1
    return {
        "rounds": counted,
        "called": called,
        "made": made,
        "six": six,
        "gained": gained,
        "games": game,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000, help="rounds per level (1000)")
    parser.add_argument("--levels", default="easy,medium,hard")
    parser.add_argument("--against", default="medium", help="the other seats' level (medium)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(machine())
    print(
        f"GeoPower Toss, {args.players} players, each level against {args.against}, "
        f"seed {args.seed}"
    )
    print(
        f"{'level':<7} {'rounds':>6} {'calls':>6} {'call rate':>9} {'made':>5} "
        f"{'success':>8} {'95% Wilson':>16} {'6+ tricks':>9} {'pts/call':>8} {'seconds':>8}"
    )
    for level in args.levels.split(","):
        start = time.perf_counter()
        m = measure(level, args.rounds, args.against, args.players, args.seed)
        calls = m["called"]
        success = m["made"] / calls if calls else 0.0
        lo, hi = wilson(m["made"], calls) if calls else (0.0, 0.0)
        per_call = m["gained"] / calls if calls else 0.0
        print(
            f"{level:<7} {m['rounds']:>6} {calls:>6} {calls / m['rounds']:>9.1%} {m['made']:>5} "
            f"{success:>8.1%} {f'[{lo:.1%}, {hi:.1%}]':>16} {m['six']:>9} {per_call:>+8.1f} "
            f"{time.perf_counter() - start:>8.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
