"""The seats and units of a GeoPower Toss page in words: a unit is a team in a team game (its
partners sit apart), else a seat; how each is named, and the seating chips (HTML)."""

from __future__ import annotations

from html import escape

from engine.geopower_toss import GeoPowerObservation
from ui.games.session import GameSession
from ui.links import plain

TEAM_COLORS: tuple[str, ...] = ("#0072B2", "#D55E00", "#009E73")


def units(obs: GeoPowerObservation) -> int:
    """How many units score: the teams, or the seats."""
    return obs.teams or obs.players


def members(obs: GeoPowerObservation, unit: int) -> list[int]:
    """The seats of a unit (a team, or the seat itself)."""
    return [s for s in range(obs.players) if obs.team_of[s] == unit]


def unit_name(
    session: GameSession, obs: GeoPowerObservation, unit: int, *, short: bool = False
) -> str:
    """ "you" / "AI 1" alone; "your team (you, AI 2)" / "team 2 (AI 1, AI 3)" in a team game
    (without the members when ``short``)."""
    if not obs.teams:
        return session.mention(unit)
    name = "your team" if unit == obs.team_of[session.me] else f"team {unit + 1}"
    if short:
        return name
    return f"{name} ({', '.join(session.mention(s) for s in members(obs, unit))})"


def unit_label(session: GameSession, obs: GeoPowerObservation, unit: int) -> str:
    """A chip's label: "You", "AI 1 (easy)", "Team 1: you, AI 2"."""
    if not obs.teams:
        return "You" if unit == session.me else session.seat_label(unit)
    seats = ", ".join(session.mention(s) for s in members(obs, unit))
    return f"Team {unit + 1}: {seats}"


def seat_tag(session: GameSession, obs: GeoPowerObservation, seat: int) -> str:
    """A seat with its relation to you in a team game: "AI 2 (partner)"."""
    name = session.seat_name(seat)
    if not obs.teams or seat == session.me:
        return name
    mine = obs.team_of[seat] == obs.team_of[session.me]
    return f"{name} ({'partner' if mine else 'opponent'})"


def partners_line(session: GameSession, obs: GeoPowerObservation) -> str:
    """Under the seating of a team game: "Your partner: AI 2. Partners sit apart; …"."""
    mates = [s for s in members(obs, obs.team_of[session.me]) if s != session.me]
    return (
        f"Your partner{'s' if len(mates) > 1 else ''}: "
        + ", ".join(session.seat_name(s) for s in mates)
        + ". Partners sit apart; a team's tricks are added up."
    )


def seating_html(session: GameSession, obs: GeoPowerObservation) -> str:
    """The seats in playing order, each chip edged in its team's colour (team games)."""
    parts = []
    for seat in range(obs.players):
        team = obs.team_of[seat]
        colour = TEAM_COLORS[team % len(TEAM_COLORS)]
        name = session.seat_name(seat)
        parts.append(
            f"<span class='gp-chip' style='border:2px solid {colour}'>{escape(plain(name))} "
            f"<b>team {team + 1}</b></span>"
        )
    order = " → ".join(parts)
    return (
        "<div class='gp-status' style='align-items:center'>"
        f"<span style='font-size:.9rem'>Seats, in playing order:</span> {order}</div>"
    )
