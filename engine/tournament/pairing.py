"""Swiss pairings: who meets whom, at which table, in the next round.

Teams are ranked by the standings of the matches played so far; teams that share a place (all
of them before the first round) are ordered by a draw from the round's seed. With an odd number
of teams one has a bye (it plays the hard AI, :data:`AI`): the team with the fewest byes so
far, the lowest ranked of those. Then, from the top, each unpaired team meets the nearest team
below it that it has not met. When that leaves a team with nobody, the search steps back and
tries the next choice, so a rematch happens only when no pairing of the round (with any team
taking the bye) avoids it, and then there are as few as can be. Table 1 holds the top pair.

>>> p = pair_round([1, 2, 3, 4, 5], [], seed=3)
>>> len(p.tables), p.bye in (1, 2, 3, 4, 5), p.rematches
(2, True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.tournament.standings import AI, Match, Standing, standings

SEARCH_LIMIT = 200_000  #: steps one search may take before it settles for more rematches


@dataclass(frozen=True)
class Pairing:
    """A round's pairs, table 1 first; the team with the bye (``None``: none); how many of the
    pairs have met before."""

    tables: tuple[tuple[int, int], ...]
    bye: int | None
    rematches: int

    def matches(self, round: int) -> list[Match]:
        """The round's matches, before any game: the tables, then the bye's."""
        found = [Match(round, a, b) for a, b in self.tables]
        return found + ([Match(round, self.bye, AI)] if self.bye is not None else [])


def ranked(teams: Sequence[int], matches: Sequence[Match], seed: int) -> list[Standing]:
    """The standings of ``teams``, a shared place in the seed's draw."""
    draw = list(teams)
    random.Random(seed).shuffle(draw)
    drawn = {team: i for i, team in enumerate(draw)}
    return sorted(standings(teams, matches), key=lambda s: (s.place, drawn[s.team]))


def met_before(matches: Sequence[Match]) -> set[frozenset[int]]:
    """The pairs of teams that have played each other."""
    return {frozenset(m.teams) for m in matches if AI not in m.teams}


def pair_round(teams: Sequence[int], matches: Sequence[Match], seed: int) -> Pairing:
    """The next round's pairing of ``teams`` after ``matches`` (see the module). The same
    teams, matches and seed give the same pairing."""
    if len(set(teams)) != len(teams) or AI in teams:
        raise ValueError("teams must be distinct ids of 1 and up")
    lines = ranked(teams, matches, seed)
    order = [line.team for line in lines]
    met = met_before(matches)
    candidates: list[int | None] = [None]
    if len(order) % 2:  # the fewest byes, then the lowest ranked
        by_bye = sorted(enumerate(lines), key=lambda item: (item[1].byes, -item[0]))
        candidates = [line.team for _, line in by_bye]
    for allowed in range(len(order) // 2 + 1):
        for bye in candidates:
            rest = [t for t in order if t != bye]
            pairs = _search(rest, met, allowed)
            if pairs is not None:
                rematches = sum(frozenset(p) in met for p in pairs)
                return Pairing(tuple(pairs), bye, rematches)
    raise AssertionError("every team can always be paired with a rematch allowed")


def _search(
    order: list[int], met: set[frozenset[int]], allowed: int
) -> list[tuple[int, int]] | None:
    """Pairs of all of ``order`` with at most ``allowed`` rematches, each team from the top
    taking the nearest partner below it that works; ``None`` when there are none (or the
    search went past :data:`SEARCH_LIMIT` steps)."""
    steps = 0

    def go(left: list[int], allowed: int) -> list[tuple[int, int]] | None:
        nonlocal steps
        if not left:
            return []
        steps += 1
        if steps > SEARCH_LIMIT:
            return None
        first, others = left[0], left[1:]
        for i, partner in enumerate(others):
            again = frozenset((first, partner)) in met
            if again and not allowed:
                continue
            rest = go(others[:i] + others[i + 1 :], allowed - again)
            if rest is not None:
                return [(first, partner), *rest]
        return None

    return go(order, allowed)
