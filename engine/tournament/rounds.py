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
- **Playoff**: the teams sharing the place play knockout matches of Border Attack games: the
  group in the order of the standings' draw, the first two meet, then the next two, as many
  pairs as teams must go (at most half the group); the rest wait for the next playoff round. A
  playoff match is won by the first game won; one still without a winner when the clock ends
  goes to the team higher in the draw. The loser is out; the playoff ends when as many teams
  are left as places.
- **The champion** is the winner of the championship match; a tied championship match goes to
  the team placed higher in the standings.
- **Comeback**: at the half of the rounds, a team with a losing record (more matches lost than
  won) is out of the running, unless it is placed in the top two, and plays the rounds left in
  the comeback division, as long as it has someone to play: a single team stays in the
  running, and so does the best placed of them when the move would leave both divisions odd
  (two byes a round instead of none). (A team that could not even reach the second's matches
  won by winning every match left is never found at the half: as many rounds are left as
  were played. A losing record is the line a class can read off the board.)

"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.games import GAMES, new_game
from engine.tournament.standings import Match, Standing

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


def out_of_the_running(lines: Sequence[Standing]) -> list[int]:
    """The teams of the standings ``lines`` that go to the comeback division at the half: more
    matches lost than won, and placed below second; but when that would leave both divisions
    with an odd number of teams (two byes a round instead of none), the best placed of them
    stays in the running, and a comeback division of one team (nobody to play) is none."""
    ranked = sorted(lines, key=lambda line: line.place)
    out = [line.team for line in ranked if line.lost > line.won and line.place > 2]
    if len(out) % 2 and (len(lines) - len(out)) % 2:
        out = out[1:]
    return out if len(out) >= 2 else []


def playoff_winner(match: Match, order: Sequence[int]) -> int:
    """The team that goes on from a playoff ``match``: more games won, else the one earlier in
    ``order`` (the standings' draw)."""
    a, b = match.teams
    if match.games_won(a) != match.games_won(b):
        return a if match.games_won(a) > match.games_won(b) else b
    return a if order.index(a) < order.index(b) else b


def still_in(group: Sequence[int], playoffs: Sequence[Match]) -> list[int]:
    """The teams of a playoff ``group`` (in the draw's order) that have lost no match of
    ``playoffs``."""
    out = {m.opponent(playoff_winner(m, group)) for m in playoffs if set(m.teams) <= set(group)}
    return [team for team in group if team not in out]


def playoff_pairs(left: Sequence[int], places: int) -> list[tuple[int, int]]:
    """The next playoff round among the teams ``left`` (in the draw's order) for ``places``
    places: the first two, the next two …, as many pairs as teams must go, at most half."""
    pairs = min(len(left) - places, len(left) // 2)
    return [(left[2 * i], left[2 * i + 1]) for i in range(max(0, pairs))]


def champion(match: Match) -> int:
    """The winner of the championship ``match`` (``a`` is the team placed higher: it takes a
    tied match)."""
    a, b = match.teams
    return b if match.outcome(b) == "won" else a


def final_places(lines: Sequence[Standing], final: Match | None = None) -> dict[int, int]:
    """Each team's final place in its division: its place in the standings ``lines``; once the
    championship ``final`` is played, its champion is first and the other finalist second, and
    the others keep their order after them (a shared place stays shared)."""
    if final is None:
        return {line.team: line.place for line in lines}
    first = champion(final)
    places = {first: 1, final.opponent(first): 2}
    others = [line for line in lines if line.team not in places]
    for line in others:
        places[line.team] = 3 + sum(other.place < line.place for other in others)
    return places
