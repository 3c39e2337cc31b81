"""The seats and units of a GeoPower Toss page in words: a unit is a team in a team game (its
partners sit apart), else a seat; how each is named, and the seating chips (HTML)."""

from __future__ import annotations

from html import escape

from engine.geopower_toss import GeoPowerObservation
from messages import _, join, ngettext, number
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
    """ "you" / "AI 1" alone; "your team (you and AI 2)" / "team 2 (AI 1 and AI 3)" in a team
    game (without the members when ``short``)."""
    if not obs.teams:
        return session.mention(unit)
    if unit == obs.team_of[session.me]:
        name = _("your team")
    else:
        name = _("team {number}").format(number=number(unit + 1))
    if short:
        return name
    return f"{name} ({join(session.mention(s) for s in members(obs, unit))})"


def unit_label(session: GameSession, obs: GeoPowerObservation, unit: int) -> str:
    """A chip's label: "You", "AI 1 (easy)", "Team 1: you and AI 2"."""
    if not obs.teams:
        return _("You") if unit == session.me else session.seat_label(unit)
    seats = join(session.mention(s) for s in members(obs, unit))
    return _("Team {number}: {members}").format(number=number(unit + 1), members=seats)


def seat_tag(session: GameSession, obs: GeoPowerObservation, seat: int) -> str:
    """A seat with its relation to you in a team game: "AI 2 (partner)"."""
    name = session.seat_name(seat)
    if not obs.teams or seat == session.me:
        return name
    if obs.team_of[seat] == obs.team_of[session.me]:
        return _("{player} (partner)").format(player=name)
    return _("{player} (opponent)").format(player=name)


def partners_line(session: GameSession, obs: GeoPowerObservation) -> str:
    """Under the seating of a team game: "Your partner: AI 2. Partners sit apart; …"."""
    mates = [s for s in members(obs, obs.team_of[session.me]) if s != session.me]
    return ngettext(
        "Your partner: {partners}. Partners sit apart; a team's tricks are added up.",
        "Your partners: {partners}. Partners sit apart; a team's tricks are added up.",
        len(mates),
    ).format(partners=join(session.seat_name(s) for s in mates))


def seating_html(session: GameSession, obs: GeoPowerObservation) -> str:
    """The seats in playing order, each chip edged in its team's colour (team games)."""
    parts = []
    for seat in range(obs.players):
        team = obs.team_of[seat]
        colour = TEAM_COLORS[team % len(TEAM_COLORS)]
        name = session.seat_name(seat)
        parts.append(
            f"<span class='gp-chip' style='border:2px solid {colour}'>{escape(plain(name))} "
            f"<b>{escape(_('team {number}').format(number=number(team + 1)))}</b></span>"
        )
    order = " → ".join(parts)
    heading = escape(_("Seats, in playing order:"))
    return (
        "<div class='gp-status' style='align-items:center'>"
        f"<span style='font-size:.9rem'>{heading}</span> {order}</div>"
    )


def said_by(session: GameSession, seat: int, you: str, they: str, **values: object) -> str:
    """A sentence about a seat's move in the reader's language: ``you`` (marked with
    :func:`messages.N_`) for this screen's seat, else ``they``, whose ``{seat}`` is the seat's
    name; both filled in with ``values``."""
    if seat == session.me:
        return _(you).format(**values)
    return _(they).format(seat=session.seat_name(seat), **values)
