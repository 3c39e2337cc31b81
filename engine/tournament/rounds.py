"""What a round plays, and what the standings decide after the rounds.

- **"All" round**: the contests in a fixed order (:data:`ROTATION`), again from the first when
  the last has been played, until the clock ends the round.
- **"Call" round**: each team turns over the top card of its half of a Reverse Geography War
  deal (the game without decisions is the draw); the team whose card came into the Union
  earlier (statehood rank closer to 1) calls a game first, the other calls a different one,
  and the two games alternate, the first call's first.
- **Championship**: after the last round the top two of the standings play a championship
  match. Teams sharing a place that decides who is in play off for the places left, with
  games of Border Attack (:data:`PLAYOFF_GAME`).
- **Comeback**: at the half of the rounds, a team that could no longer reach the matches won
  of the team now second, even winning every match left, is out of the running and plays the
  rounds left in the comeback division.

>>> [nth_game(ALL, n) for n in range(4)]
['border_attack', 'bordercap_gin', 'geopower_toss', 'border_attack']
>>> [nth_game(CALL, n, ("geopower_toss", "border_attack")) for n in range(3)]
['geopower_toss', 'border_attack', 'geopower_toss']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.games import GAMES, new_game
from engine.tournament.standings import Standing

ALL, CALL = "all", "call"  #: the two kinds of round
ROTATION: tuple[str, ...] = tuple(game for game, cls in GAMES.items() if cls.contest)
PLAYOFF_GAME = "border_attack"  #: the game that settles a tie for a championship place


def nth_game(kind: str, n: int, calls: Sequence[str] = ()) -> str:
    """The game of a match's ``n``-th game (from 0) in a round of ``kind``; a "Call" round
    needs the two ``calls``, the first call's first (:func:`check_calls`)."""
    if kind == ALL:
        return ROTATION[n % len(ROTATION)]
    if kind == CALL:
        check_calls(calls)
        return calls[n % 2]
    raise ValueError(f"a round is {ALL!r} or {CALL!r}, not {kind!r}")


def check_calls(calls: Sequence[str]) -> None:
    """Two different contests, or ``ValueError`` saying what is wrong."""
    if len(calls) != 2 or calls[0] == calls[1]:
        raise ValueError(f"a Call round needs two different games, not {tuple(calls)}")
    for game in calls:
        if game not in ROTATION:
            raise ValueError(f"{game!r} is not a game a team can call: {', '.join(ROTATION)}")


def draw(seed: int) -> tuple[Card, Card]:
    """The card each team of a match turns over: the top of each half of a Reverse Geography
    War deal made with ``seed``."""
    state = new_game("reverse_war", seed=seed)
    return state.piles[0][0], state.piles[1][0]


def calls_first(cards: tuple[Card, Card]) -> int:
    """Which team of the match (0 or 1) calls first: the one whose card has the statehood
    rank closer to 1 (no two cards share a rank)."""
    return 0 if cards[0].statehood_rank < cards[1].statehood_rank else 1


@dataclass(frozen=True)
class Championship:
    """Who is through to the championship match, and who plays a playoff for how many of the
    two places."""

    through: tuple[int, ...]
    playoff: tuple[int, ...] = ()
    places: int = 0  #: championship places the playoff decides


def championship(lines: Sequence[Standing]) -> Championship:
    """The championship's two teams from the final standings (see the module)."""
    through: list[int] = []
    for place in sorted({line.place for line in lines}):
        group = [line.team for line in lines if line.place == place]
        left = 2 - len(through)
        if left <= 0:
            break
        if len(group) <= left:
            through += group
            continue
        return Championship(tuple(through), tuple(group), left)
    return Championship(tuple(through))


def out_of_the_running(lines: Sequence[Standing], rounds_left: int) -> list[int]:
    """The teams that cannot reach the matches won of the team placed second now, even by
    winning each of the ``rounds_left`` matches left (the comeback division)."""
    if len(lines) < 3:
        return []
    second = sorted((line.won for line in lines), reverse=True)[1]
    return [line.team for line in lines if line.won + rounds_left < second]
