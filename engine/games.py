"""The registry of the four GeoPlunge games: game id → state class, and a factory.

Everything else about a game is read from what its state class declares (see
:mod:`engine.core`): its bots (``bots``), its actions (``actions``), its search effort; and
what a simulation counts of it from ``STATS`` in the ``stats`` module of its package
(:func:`game_stats`).

>>> state = new_game("border_attack", seed=7)
>>> state.current_player in (0, 1)
True
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from typing import Any

from engine.border_attack import BorderAttack
from engine.bordercap_gin import BorderCapGin
from engine.core import GameState
from engine.geopower_toss import GeoPowerToss
from engine.reverse_war import ReverseWar
from engine.stats import NO_STATS, GameStats

GAMES: dict[str, type[GameState]] = {
    cls.game_id: cls for cls in (BorderAttack, BorderCapGin, ReverseWar, GeoPowerToss)
}
GAME_IDS: tuple[str, ...] = tuple(GAMES)


def game_class(game_id: str) -> type[GameState]:
    """The state class of ``game_id``; an unknown id raises ``ValueError`` naming the known ones."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        raise ValueError(f"unknown game {game_id!r}; the games are: {known}") from None


def new_game(
    game_id: str,
    players: int = 2,
    teams: int | None = None,
    seed: int | None = None,
    **options: Any,
) -> GameState:
    """Deal a new game of ``game_id`` (see each game's ``new`` for its options)."""
    return game_class(game_id).new(players=players, teams=teams, seed=seed, **options)


def bot_classes(game_id: str) -> dict[str, type]:
    """The game's own bots by level (``{"easy": …, "medium": …}``, its class's ``bots``);
    empty without decisions."""
    return dict(game_class(game_id).bots)


@cache
def game_stats(game_id: str) -> GameStats:
    """What a simulation counts of ``game_id``: ``STATS`` of the ``stats`` module beside its
    state class (``engine.bordercap_gin.stats``), or nothing when its package has none."""
    package = game_class(game_id).__module__.rpartition(".")[0]
    name = f"{package}.stats"
    if importlib.util.find_spec(name) is None:
        return NO_STATS
    return importlib.import_module(name).STATS


def has_decisions(game_id: str) -> bool:
    """True when players choose anything (Reverse Geography War is pure chance after the deal)."""
    return bool(bot_classes(game_id))


def player_settings(game_id: str) -> list[tuple[int, int | None]]:
    """Every legal (players, teams) set-up of ``game_id``, found by asking the game itself."""
    cls = game_class(game_id)
    found = []
    for players in range(cls.min_players, cls.max_players + 1):
        for teams in (None, *range(2, players)):
            try:
                cls.new(players=players, teams=teams, seed=0)
            except ValueError:
                continue
            found.append((players, teams))
    return found
