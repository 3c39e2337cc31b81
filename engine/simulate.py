"""Play many games between bots and report who wins: a function and a command line.

    python -m engine.simulate border_attack --games 200 --bots hard,easy --seed 1
    python -m engine.simulate geopower_toss --games 100 --bots medium,easy --players 4 --teams 2
    python -m engine.simulate reverse_war --games 1000 --json

How games are set up (so that the comparison is fair and the run is replayable):

- The *units* of a game are its teams in a team game, else its seats. ``bots`` lists one level
  per unit (fewer levels than units: the list is repeated round the table); every seat of a
  team is played by its own bot of the team's level.
- Each deal is played once per rotation of the units: with two units, deal 0 is game 0 and,
  with the bots' seats swapped, game 1; so every bot sits in every seat equally often and meets
  the same cards. Deal ``d`` is dealt from a seed derived from ``(seed, d)``, and each bot's
  seed from ``(seed, game, seat)``: the whole run is a function of its arguments, whatever the
  number of worker processes.
- The hard bot searches with its fixed effort and no time budget here, so results repeat.
- Actions a bot picked from ``obs.legal`` go through the fast ``step``; anything else through
  the validating ``apply``.
- Win rates are per bot: the share of games won by a unit that bot plays (so the win rates and
  the draw rate add up to 1), with 95% Wilson intervals. A game's length is its number of
  applied actions.
- Reverse Geography War has no decisions: ``bots`` is empty and the results are per seat.
- Each game adds the figures it declares once, in its package's ``stats`` module
  (:func:`engine.games.game_stats`, a :class:`engine.stats.GameStats`): rule figures
  (``events``, counted over all games; e.g. BorderCap Gin's face-down openings, which must stay
  0) and counts per bot under their own key (e.g. GeoPower Toss's ``geoplunge_calls``: the
  rounds its sides played, its calls, the calls made).
- A bot with ``choose(legal)`` (the random bot) decides from the legal actions alone: it is
  given ``state.legal_actions()`` and no observation is built for it (the same choice as its
  ``act``, at a fraction of the cost in long games).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots import LEVELS, make_bot
from engine.games import GAME_IDS, game_class, game_stats, has_decisions
from engine.stats import summary_ms, wilson


@dataclass
class _Tally:
    """Partial results of some games (merged across worker processes)."""

    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    games: int = 0
    actions: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)
    events: dict[str, int] = field(default_factory=dict)
    #: The game's per-bot figures: name → label → sums by field (:class:`engine.stats.PerBot`).
    per_bot: dict[str, dict[str, list[int]]] = field(default_factory=dict)

    def merge(self, other: _Tally) -> None:
        for name, k in other.events.items():
            self.events[name] = self.events.get(name, 0) + k
        for name, sums in other.per_bot.items():
            mine = self.per_bot.setdefault(name, {})
            for label, counts in sums.items():
                _add(mine, label, counts)
        for label, n in other.wins.items():
            self.wins[label] = self.wins.get(label, 0) + n
        for label, ts in other.times.items():
            self.times.setdefault(label, []).extend(ts)
        self.draws += other.draws
        self.games += other.games
        self.actions += other.actions


def _add(sums: dict[str, list[int]], label: str, counts: Sequence[int]) -> None:
    """Add ``counts`` to the sums of ``label``, field by field."""
    mine = sums.get(label)
    if mine is None:
        sums[label] = list(counts)
    else:
        for k, v in enumerate(counts):
            mine[k] += v


def _labels(bots: Sequence[str]) -> list[str]:
    """One distinct label per listed bot: a repeated level gets a suffix (medium, medium_2)."""
    seen: dict[str, int] = {}
    out = []
    for level in bots:
        seen[level] = seen.get(level, 0) + 1
        out.append(level if seen[level] == 1 else f"{level}_{seen[level]}")
    return out


def _derive(*parts: Any) -> int:
    """A 32-bit seed derived from ``parts`` (string seeding of ``random.Random`` is stable)."""
    return random.Random("-".join(map(str, parts))).getrandbits(32)


@dataclass(frozen=True)
class _Setup:
    game_id: str
    bots: tuple[str, ...]
    players: int
    teams: int | None
    seed: int
    options: tuple[tuple[str, Any], ...]
    units: int
    bot_options: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()

    @property
    def labels(self) -> list[str]:
        return _labels(self.bots) if self.bots else [f"seat {s}" for s in range(self.players)]


def _units(state: Any, players: int) -> list[int]:
    """The unit (team, or seat) of each seat."""
    return [state.team_of(s) for s in range(players)]


# Every game's rule figures: name → (game, test of (state before, action)); declared by each
# game in its ``stats`` module.
EVENTS: dict[str, tuple[str, Callable[[Any, Any], bool]]] = {
    name: (game_id, test)
    for game_id in GAME_IDS
    for name, test in game_stats(game_id).events.items()
}


def _seat_bots(
    setup: _Setup, index: int, seat_labels: Sequence[str]
) -> list[tuple[Callable[[Any], Any] | None, Callable[[Any], Any]]]:
    """The bot of each seat of game ``index`` as (its ``choose`` or ``None``, its ``act``)."""
    level_of_label = dict(zip(setup.labels, setup.bots, strict=False))
    extra = {level: dict(opts) for level, opts in setup.bot_options}
    out: list[tuple[Callable[[Any], Any] | None, Callable[[Any], Any]]] = []
    for seat, label in enumerate(seat_labels):
        level = level_of_label[label]
        bot = make_bot(
            setup.game_id,
            level,
            seat,
            _derive(setup.seed, "bot", index, seat),
            **{"time_budget": None, **extra.get(level, {})},
        )
        out.append((getattr(bot, "choose", None), bot.act))
    return out


def _play(setup: _Setup, index: int, tally: _Tally) -> None:
    """Play game ``index`` of a run and add it to ``tally``: its winner, its number of
    actions, the decision times per label and the game's figures."""
    cls = game_class(setup.game_id)
    labels = setup.labels
    decisions = bool(setup.bots)
    rotations = setup.units if decisions else 1
    deal, rotation = divmod(index, rotations)
    state = cls.new(
        players=setup.players,
        teams=setup.teams,
        seed=_derive(setup.seed, "deal", deal),
        **dict(setup.options),
    )
    units = _units(state, setup.players)
    n_units = len(set(units))
    # unit u is played by lineup[(u + rotation) % n_units]; lineup repeats the listed bots
    lineup = [labels[u % len(labels)] for u in range(n_units)] if decisions else labels
    label_of_unit = {u: lineup[(u + rotation) % n_units] for u in range(n_units)}
    seat_labels = [label_of_unit[units[s]] for s in range(setup.players)] if decisions else labels
    bots = _seat_bots(setup, index, seat_labels) if decisions else []
    records = [tally.times.setdefault(label, []).append for label in seat_labels]
    stats = game_stats(setup.game_id)
    for name in stats.events:
        tally.events.setdefault(name, 0)
    what = f"{setup.game_id} game {index} (seed {setup.seed})"
    n = _play_out(state, bots, records, tuple(stats.events.items()), tally.events, what)
    for figure in stats.per_bot:
        sums = tally.per_bot.setdefault(figure.name, {})
        for unit, label in label_of_unit.items():
            counts = figure.count(state, unit)
            if any(counts):
                _add(sums, label, counts)
    winner = state.winner
    tally.games += 1
    tally.actions += n
    if winner is None:
        tally.draws += 1
    else:
        label = label_of_unit[winner] if decisions else labels[winner]
        tally.wins[label] = tally.wins.get(label, 0) + 1


def _play_out(
    state: Any,
    bots: Sequence[tuple[Callable[[Any], Any] | None, Callable[[Any], Any]]],
    records: Sequence[Callable[[float], None]],
    tests: Sequence[tuple[str, Callable[[Any, Any], bool]]],
    events: dict[str, int],
    what: str,
) -> int:
    """Play ``state`` to its end with the seats' ``bots`` (see :func:`_seat_bots`); record each
    decision's time with its seat's ``records`` and count in ``events`` the actions that pass
    each of ``tests``. Returns the number of actions; a game past its bound raises
    ``RuntimeError`` naming ``what`` it was."""
    n = 0
    limit = state.max_actions
    clock = time.perf_counter
    # The hot loop of a run, one pass per action: the state's methods are bound once.
    step = state.step
    legal_actions = state.legal_actions
    observation = state.observation
    while not state.is_over:
        seat = state.current_player
        if seat is None:  # nobody decides (Reverse Geography War's flip)
            step(legal_actions()[0])
        else:
            choose, act = bots[seat]
            if choose is not None:  # a bot that needs no observation
                legal = legal_actions()
                t0 = clock()
                action = choose(legal)
                records[seat](clock() - t0)
                listed = True
            else:
                obs = observation(seat)
                t0 = clock()
                action = act(obs)
                records[seat](clock() - t0)
                listed = action in obs.legal
            for name, test in tests:
                if test(state, action):
                    events[name] += 1
            if listed:
                step(action)  # the fast path: no need to check a listed action
            else:
                state.apply(action)  # e.g. a Border Attack border guess outside the list
        n += 1
        if n > limit:
            raise RuntimeError(f"{what} ran past its bound max_actions={limit}")
    return n


def _run_chunk(setup: _Setup, indices: Sequence[int]) -> _Tally:
    tally = _Tally()
    for i in indices:
        _play(setup, i, tally)
    return tally


def _run_chunk_star(args: tuple[_Setup, Sequence[int]]) -> _Tally:
    return _run_chunk(*args)


class _Progress:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled and sys.stderr.isatty()
        self.start = time.perf_counter()
        self.last = 0.0

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if done < self.total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = width * done // max(1, self.total)
        rate = done / max(now - self.start, 1e-9)
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} {rate:.1f} games/s"
        )
        if done >= self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def validate(
    game_id: str,
    games: int,
    bots: Sequence[str] | None,
    players: int,
    teams: int | None,
    options: dict[str, Any] | None = None,
) -> list[str]:
    """Check a run's arguments; return the bot levels to use or raise ``ValueError`` (why)."""
    cls = game_class(game_id)
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"the number of games must be a positive integer, not {games!r}")
    state = cls.new(players=players, teams=teams, seed=0, **(options or {}))
    bots = list(bots or [])
    if not has_decisions(game_id):
        if bots:
            raise ValueError(
                f"{cls.title} has no decisions to make, so it takes no bots; omit --bots"
            )
        return []
    if not bots:
        raise ValueError(f"{cls.title} needs bots: give one level per player or team")
    for level in bots:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; the levels are: {', '.join(LEVELS)}")
    n_units = len(set(_units(state, players)))
    if len(bots) > n_units:
        raise ValueError(
            f"{len(bots)} bots for {n_units} {'teams' if teams else 'players'}: "
            "give at most one level per player (or per team)"
        )
    return bots


def simulate(
    game_id: str,
    games: int,
    bots: Sequence[str] | None = None,
    players: int = 2,
    teams: int | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: bool = False,
    on_progress: Callable[[int, int], None] | None = None,
    bot_options: dict[str, dict[str, Any]] | None = None,
    **options: Any,
) -> dict[str, Any]:
    """Play ``games`` games of ``game_id`` between ``bots`` (levels) and summarize them.

    Returns a dict with ``game``, ``games``, ``players``, ``teams``, ``seed``, ``bots``
    (labels), ``wins`` and ``win_rate`` and ``ci95`` (per label), ``draws`` (share of games)
    and ``draw_count``, ``mean_turns`` (actions per game), ``games_per_sec``, ``seconds``,
    ``decisions`` (count per label), ``decision_ms`` (per label: ``p50``, ``p95``, ``max``),
    ``events`` (the game's rule figures, counted over all games) and, under its own name, each
    per-bot figure the game declares (:class:`engine.stats.PerBot`: per label, sums by field).
    Invalid arguments raise ``ValueError``. ``workers`` > 1 spreads games over processes; the
    results do not depend on it (decision times aside). ``bot_options`` maps a level to
    keyword arguments for its bots (e.g. ``{"hard": {"iterations": 4}}``); ``options`` go to
    the game's ``new``.
    """
    levels = validate(game_id, games, bots, players, teams, options)
    units = len(set(_units(game_class(game_id).new(players, teams, 0, **options), players)))
    frozen_options = tuple(
        (level, tuple(sorted(opts.items()))) for level, opts in sorted((bot_options or {}).items())
    )
    setup = _Setup(
        game_id,
        tuple(levels),
        players,
        teams,
        seed,
        tuple(sorted(options.items())),
        units,
        frozen_options,
    )
    labels = setup.labels
    bar = _Progress(games, progress)
    start = time.perf_counter()
    total = _Tally()
    workers = max(1, min(workers, games))
    chunk = max(1, min(25, games // (workers * 4) or 1))
    chunks = [range(i, min(i + chunk, games)) for i in range(0, games, chunk)]
    if workers == 1:
        for part in chunks:
            total.merge(_run_chunk(setup, part))
            bar.update(total.games)
            if on_progress:
                on_progress(total.games, games)
    else:
        import multiprocessing

        ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        with ctx.Pool(workers) as pool:
            for part in pool.imap_unordered(_run_chunk_star, [(setup, c) for c in chunks]):
                total.merge(part)
                bar.update(total.games)
                if on_progress:
                    on_progress(total.games, games)
    seconds = time.perf_counter() - start
    stats = game_stats(game_id)
    wins = {label: total.wins.get(label, 0) for label in labels}
    return {
        "game": game_id,
        "title": game_class(game_id).title,
        "games": total.games,
        "players": players,
        "teams": teams,
        "seed": seed,
        "bots": labels,
        "wins": wins,
        "win_rate": {label: wins[label] / total.games for label in labels},
        "ci95": {label: list(wilson(wins[label], total.games)) for label in labels},
        "draws": total.draws / total.games,
        "draw_count": total.draws,
        "mean_turns": total.actions / total.games,
        "games_per_sec": total.games / max(seconds, 1e-9),
        "seconds": seconds,
        "decisions": {label: len(total.times.get(label, [])) for label in labels},
        "decision_ms": {label: summary_ms(total.times.get(label, [])) for label in labels},
        "events": {name: total.events.get(name, 0) for name in stats.events},
        **{
            figure.name: {
                label: dict(zip(figure.fields, sums[label], strict=True))
                for label in labels
                if label in sums
            }
            for figure in stats.per_bot
            if (sums := total.per_bot.get(figure.name))
        },
    }


def format_report(result: dict[str, Any]) -> str:
    """The results as a small text table."""
    teams = f", {result['teams']} teams" if result["teams"] else ""
    lines = [
        f"{result['title']}: {result['games']} games, {result['players']} players{teams}, "
        f"seed {result['seed']}",
        f"{'bot':<10} {'wins':>6} {'win rate':>9} {'95% CI':>17} {'decisions':>10} "
        f"{'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}",
    ]
    for label in result["bots"]:
        lo, hi = result["ci95"][label]
        ms = result["decision_ms"][label]
        lines.append(
            f"{label:<10} {result['wins'][label]:>6} {result['win_rate'][label]:>9.1%} "
            f"{f'[{lo:.1%}, {hi:.1%}]':>17} {result['decisions'][label]:>10} "
            f"{ms['p50']:>8.2f} {ms['p95']:>8.2f} {ms['max']:>8.2f}"
        )
    for figure in game_stats(result["game"]).per_bot:
        for label, sums in result.get(figure.name, {}).items():
            lines.append(figure.line(label, sums))
    lines += [
        f"draws: {result['draw_count']} ({result['draws']:.1%})",
        f"mean game length: {result['mean_turns']:.1f} actions",
        *(f"{name.replace('_', ' ')}: {k}" for name, k in result.get("events", {}).items()),
        f"speed: {result['games_per_sec']:.1f} games/s ({result['seconds']:.1f} s)",
    ]
    return "\n".join(lines)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def _levels(text: str) -> list[str]:
    levels = [part.strip() for part in text.split(",") if part.strip()]
    if not levels:
        raise argparse.ArgumentTypeError("give levels separated by commas, e.g. hard,easy")
    for level in levels:
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(
                f"unknown level {level!r}; the levels are: {', '.join(LEVELS)}"
            )
    return levels


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m engine.simulate",
        description="Play GeoPlunge games between bots and report win rates and speeds.",
    )
    parser.add_argument("game", choices=GAME_IDS, metavar="GAME", help=", ".join(GAME_IDS))
    parser.add_argument("--games", type=_positive, default=100, help="games to play (100)")
    parser.add_argument(
        "--bots",
        type=_levels,
        default=None,
        help=f"one level per player or team, comma-separated ({', '.join(LEVELS)})",
    )
    parser.add_argument("--players", type=_positive, default=2, help="players (2)")
    parser.add_argument("--teams", type=_positive, default=None, help="number of teams")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run (0)")
    parser.add_argument("--workers", type=_positive, default=1, help="processes (1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; bad arguments exit with status 2 and a message."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        validate(args.game, args.games, args.bots, args.players, args.teams)
    except ValueError as exc:
        parser.error(str(exc))
    result = simulate(
        args.game,
        args.games,
        args.bots,
        players=args.players,
        teams=args.teams,
        seed=args.seed,
        workers=args.workers,
        progress=True,
    )
    if args.json:
        print(json.dumps(result))
    else:
        print(format_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
