"""GeoPower Toss's log in words: the sentence of each event its engine logs
(:mod:`ui.games.events`; the values of each code are listed in the engine's modules:
:mod:`engine.geopower_toss.draft`, :mod:`~engine.geopower_toss.calls`,
:mod:`~engine.geopower_toss.tricks`, :mod:`~engine.geopower_toss.scoring` and ``teams`` in
:meth:`engine.geopower_toss.state.GeoPowerToss.new`). The game's page tells its own story of
each step (:mod:`ui.games.geopower_toss.log`); these are the engine's events as a notebook, or a
page that shows the engine's own log, reads them.

A team is named by its number (``team``: 1 for the first, as the rules count teams). The
sentences of a list (the GeoPower cards face up, a round's score per player or team, the
teams' members) are functions of the raw values, and name a seat "Player 1"."""

from __future__ import annotations

from collections.abc import Sequence

from messages import N_, _, join, ngettext, number
from ui.games.wording import Wording, category_label, player


def _team(unit: int) -> str:
    """A team by its index (0 for the first): "Team 1"."""
    return _("Team {number}").format(number=number(unit + 1))


def _teams(players: int, teams: int, members: Sequence[Sequence[int]]) -> str:
    each = "; ".join(
        _("team {number}: {players}").format(
            number=number(t + 1), players=join(player(s) for s in seats)
        )
        for t, seats in enumerate(members)
    )
    return _("{players} players in {teams} teams ({members}).").format(
        players=number(players), teams=number(teams), members=each
    )


def _deals(round: int, seat: int, face_up: Sequence[str]) -> str:
    return _("Round {round}: {seat} deals; GeoPower cards face up: {categories}.").format(
        round=number(round),
        seat=player(seat),
        categories=join(category_label(c) for c in face_up),
    )


def _unit_tricks(unit: str, count: int, points: int, made: bool, failed: bool) -> str:
    """One unit's part of a round's score: "Player 1 6 tricks (GeoPlunge made): +25"."""
    if made:
        text = ngettext(
            "{unit} {count} trick (GeoPlunge made): +{points}",
            "{unit} {count} tricks (GeoPlunge made): +{points}",
            count,
        )
    elif failed:
        text = ngettext(
            "{unit} {count} trick (GeoPlunge failed): +{points}",
            "{unit} {count} tricks (GeoPlunge failed): +{points}",
            count,
        )
    else:
        text = ngettext(
            "{unit} {count} trick: +{points}", "{unit} {count} tricks: +{points}", count
        )
    return text.format(unit=unit, count=number(count), points=number(points))


def _round_over(
    round: int,
    tricks: Sequence[int],
    points: Sequence[int],
    scores: Sequence[int],
    made: Sequence[int],
    failed: Sequence[int],
    by_team: bool,
) -> str:
    """A round's score, each unit (a team when ``by_team``, else a player; ``tricks``,
    ``points``: per unit); ``made``, ``failed``: the units whose call was made, or failed."""
    units = "; ".join(
        _unit_tricks(
            _team(u) if by_team else player(u), tricks[u], points[u], u in made, u in failed
        )
        for u in range(len(tricks))
    )
    return _("Round {round} over — {units}. Scores: {scores}.").format(
        round=number(round), units=units, scores=", ".join(number(s) for s in scores)
    )


EVENTS: dict[str, Wording] = {
    # the deal and the draft (engine/geopower_toss/state.py, draft.py)
    "teams": _teams,
    "deals": _deals,
    "removes": N_("{seat} removes a {category} GeoPower card."),
    "power_card": N_("The GeoPower card is {category}."),
    # the GeoPlunge call (calls.py)
    "calls": N_("{seat} calls GeoPlunge!"),
    "calls_for_team": N_("{seat} calls GeoPlunge for team {team}!"),
    "call_window": N_(
        "Trick 4 is over: before the 5th trick, everyone whose side has not called may call "
        "GeoPlunge, in turn from {leader_seat}."
    ),
    # a trick (tricks.py)
    "wins_trick": N_(
        "Trick {number}, {zone} led: {winner_seat} wins with {card} ({rank} in {category})."
    ),
    # a round's score and the end of the game (scoring.py)
    "round_over": _round_over,
    "tied": N_("Tied at {score}: another round is played."),
    "wins_game": N_("{seat} wins the game!"),
    "team_wins_game": N_("Team {team} wins the game!"),
    "stopped_draw": N_("Stopped after {rounds} rounds: a draw."),
    "stopped_seat_wins": N_("Stopped after {rounds} rounds: {seat} wins."),
    "stopped_team_wins": N_("Stopped after {rounds} rounds: Team {team} wins."),
}
