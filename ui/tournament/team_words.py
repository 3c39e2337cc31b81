"""A team's page in words, and what it decides from the store's view: who calls next, when the
stand-in calls, what the team's match and record say, what comes next (no Streamlit here).

Every word a team reads is worded here from a :class:`store.tournament.TeamView` (and, between
games, the standings of :func:`store.tournament.board`); team names are user text, escaped for
Markdown (:func:`ui.links.md`). The rules restated from the store are marked where they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from engine.cards import card
from engine.tournament.rounds import CALL, ROTATION
from engine.tournament.standings import AI, Standing
from messages import _, join, ngettext, number, ordinal
from store import tournament as tm
from store.tournament.play import AI_LEVEL
from store.tournament.records import TIED, TIME, GameInfo, MatchInfo
from ui.games.setup import level_name
from ui.games.words import words_of
from ui.links import md
from ui.state_names import state_name
from ui.tournament.words import minutes_seconds

LINGER = 6.0  #: seconds a game just over stays on the page (its result) before the next one


def game_title(game: str) -> str:
    """A game's title in the reader's language: "Border Attack"."""
    return _(words_of(game).title)


def opponent(view: tm.TeamView) -> str:
    """The other team of the match, escaped for Markdown, or "the AI (hard)" for a bye."""
    if view.match is not None and view.match.team_b is None:
        return _("the AI ({level})").format(level=level_name(AI_LEVEL).lower())
    return md(view.opponent or "")


def team_line(view: tm.TeamView, division: str) -> str:
    """ "Team **Owls** · Grade 5" (and the comeback division, once the team plays in it)."""
    line = _("Team **{team}** · {division}").format(team=md(view.team.name), division=md(division))
    if view.team.comeback:
        line = _("{line} · comeback division").format(line=line)
    return line


def match_line(view: tm.TeamView) -> str:
    """Where the team plays and whom: "Table 3 · against **Foxes**"."""
    assert view.match is not None
    return _("Table {table} · against **{team}**").format(
        table=number(view.match.table_no), team=opponent(view)
    )


def game_now_line(game: GameInfo) -> str:
    """The game on the page: "Game 2 of the match: BorderCap Gin"."""
    return _("Game {number} of the match: {game}").format(
        number=number(game.n + 1), game=game_title(game.game)
    )


def _result(game: GameInfo, team_id: int) -> str:
    if game.result is None:
        return _("under way")
    if game.result == TIED:
        said = _("tied")
    elif game.winner == team_id:
        said = _("won")
    else:
        said = _("lost")
    if game.decided_by == TIME:
        return _("{result} when time ran out").format(result=said)
    return said


def game_lines(match: MatchInfo, team_id: int) -> list[str]:
    """The match's games so far, each with its result for the team: "Game 1, Border Attack:
    won"."""
    return [
        _("Game {number}, {game}: {result}").format(
            number=number(g.n + 1), game=game_title(g.game), result=_result(g, team_id)
        )
        for g in match.games
    ]


def games_won(view: tm.TeamView) -> tuple[int, int]:
    """Games won so far in the match: the team's, the other side's."""
    assert view.match is not None
    result = view.match.result()
    me = view.team.id
    return result.games_won(me), result.games_won(result.opponent(me))


def score_line(view: tm.TeamView) -> str:
    """ "Games won: you 1, **Foxes** 0"."""
    mine, theirs = games_won(view)
    return _("Games won: you {mine}, {team} {theirs}").format(
        mine=number(mine), team=opponent(view), theirs=number(theirs)
    )


def outcome_line(view: tm.TeamView) -> str:
    """The match decided: "You won the match against **Foxes**: 2 games to 1."."""
    assert view.match is not None
    mine, theirs = games_won(view)
    outcome = view.match.result().outcome(view.team.id)
    if outcome == "won":
        text = ngettext(
            "You won the match against {team}: {mine} game to {theirs}.",
            "You won the match against {team}: {mine} games to {theirs}.",
            mine,
        )
    elif outcome == "lost":
        text = ngettext(
            "You lost the match against {team}: {mine} game to {theirs}.",
            "You lost the match against {team}: {mine} games to {theirs}.",
            mine,
        )
    else:
        text = ngettext(
            "The match against {team} is tied: {mine} game each.",
            "The match against {team} is tied: {mine} games each.",
            mine,
        )
    return text.format(team=f"**{opponent(view)}**", mine=number(mine), theirs=number(theirs))


# --- a "Call" round ---------------------------------------------------------------------------


def calling(view: tm.TeamView) -> bool:
    """The team's match is waiting for its calls: a "Call" round, the clock not done."""
    t, m = view.tournament, view.match
    return (
        m is not None
        and t.stage == tm.SWISS
        and t.kind == CALL
        and t.clock != tm.DONE
        and m.caller is not None
    )


def call_deadline(t: tm.TournamentInfo, match: MatchInfo) -> datetime | None:
    """When the AI calls for the team to call, if it has not (:meth:`store.tournament.
    MatchInfo.call_due_at`); ``None`` while the clock does not run (nobody calls then), for
    the AI's own call, or when nobody is to call."""
    if t.clock != tm.RUNNING or match.caller in (None, AI):
        return None
    return match.call_due_at(t.grace_seconds)


def callable_games(match: MatchInfo) -> list[str]:
    """The games the side to call may call: the rotation's, but the one called already."""
    return [g for g in ROTATION if g not in match.calls]


def cards_line(view: tm.TeamView) -> str:
    """The cards turned over and who calls first: "Your card: **Ohio**, the 17th state to join
    the Union. Their card: **Texas**, the 28th. Your state joined the Union first, so **you
    call first**."."""
    m = view.match
    assert m is not None and len(m.cards) == 2
    mine = 0 if m.team_a == view.team.id else 1
    own, other = card(m.cards[mine]), card(m.cards[1 - mine])
    if m.first_caller == view.team.id:
        who = _("Your state joined the Union first, so **you call first**.")
    else:
        who = _("Their state joined the Union first, so **{team} calls first**.").format(
            team=opponent(view)
        )
    return " ".join(
        [
            _("Your card: **{state}**, the {rank} state to join the Union.").format(
                state=state_name(own.usps), rank=ordinal(own.statehood_rank)
            ),
            _("Their card: **{state}**, the {rank}.").format(
                state=state_name(other.usps), rank=ordinal(other.statehood_rank)
            ),
            who,
        ]
    )


def calls_line(view: tm.TeamView) -> str | None:
    """The calls made so far, by whom: "Called: GeoPower Toss (you), Border Attack
    (**Foxes**)"; ``None`` before any call or outside a "Call" round."""
    m = view.match
    if m is None or len(m.cards) != 2 or not m.calls:
        return None
    first = m.first_caller
    order = [first, m.teams[0] if first == m.teams[1] else m.teams[1]]
    said = []
    for game, side in zip(m.calls, order, strict=False):
        who = _("you") if side == view.team.id else f"**{opponent(view)}**"
        said.append(_("{game} ({team})").format(game=game_title(game), team=who))
    return _("Called: {calls}").format(calls=join(said))


def stand_in_line(view: tm.TeamView, now: datetime) -> str | None:
    """How long until the stand-in calls (for this team, or for the other): ``None`` when no
    call is waiting for a team."""
    m = view.match
    if m is None:
        return None
    deadline = call_deadline(view.tournament, m)
    if deadline is None:
        return None
    left = minutes_seconds(max(0.0, (deadline - now).total_seconds()))
    game = game_title(tm.stand_in_call(m.calls))
    if m.caller == view.team.id:
        return _("If you have not called in {time}, the AI calls {game} for you.").format(
            time=left, game=game
        )
    return _("If they have not called in {time}, the AI calls {game} for them.").format(
        time=left, game=game
    )


# --- the team's standing and what comes next -----------------------------------------------


def standing_line(lines: Sequence[Standing], team_id: int, division: str, comeback: bool) -> str:
    """ "**2nd** of 8 in Grade 5 · Record: 2 wins, 0 ties and 1 loss (9 points)"; before any
    match: "No match played yet"."""
    line = next((s for s in lines if s.team == team_id), None)
    if line is None or line.played == 0:
        return _("No match played yet.")
    record = join(
        [
            ngettext("{n} win", "{n} wins", line.won).format(n=number(line.won)),
            ngettext("{n} tie", "{n} ties", line.tied).format(n=number(line.tied)),
            ngettext("{n} loss", "{n} losses", line.lost).format(n=number(line.lost)),
        ]
    )
    points = ngettext("{n} point", "{n} points", line.points).format(n=number(line.points))
    where = md(division)
    if comeback:
        where = _("the comeback division of {division}").format(division=where)
    place = _("**{place}** of {teams} in {where}").format(
        place=ordinal(line.place), teams=number(len(lines)), where=where
    )
    return _("{place} · Record: {matches} ({points})").format(
        place=place, matches=record, points=points
    )


def round_kind(kind: str) -> str:
    return _("a “Call” round") if kind == CALL else _("an “All” round")


def next_line(t: tm.TournamentInfo) -> str:
    """What comes next while no round runs: the next Swiss round, the final stage, or the
    end."""
    if t.stage == tm.ENDED:
        return _("Thank you for playing!")
    if t.stage == tm.SWISS and t.round < len(t.rounds):
        kind, minutes = t.rounds[t.round]
        return ngettext(
            "Next: round {round} of {rounds}, {kind} of {minutes} minute, when your teacher "
            "starts it. This page follows by itself.",
            "Next: round {round} of {rounds}, {kind} of {minutes} minutes, when your teacher "
            "starts it. This page follows by itself.",
            minutes,
        ).format(
            round=number(t.round + 1),
            rounds=number(len(t.rounds)),
            kind=round_kind(kind),
            minutes=number(minutes),
        )
    if t.stage == tm.CHAMPIONSHIP:
        return _("The championship is over: your teacher closes the tournament.")
    return _(
        "Next: the final stage, when your teacher starts it. The top two teams of each "
        "division play the championship; teams level for a place in it play off first."
    )


def no_match_line(t: tm.TournamentInfo) -> str:
    """A round under way without a match for the team."""
    if t.stage == tm.PLAYOFF:
        return _(
            "Your team does not play in this playoff: the teams level for a place in the "
            "championship play it off."
        )
    if t.stage == tm.CHAMPIONSHIP:
        return _("Your team does not play in the championship: the top two of each division do.")
    return _("Your team has no match in this round: it plays from the next round on.")


def champion_line(name: str | None, mine: bool) -> str | None:
    """The division's champion, once known."""
    if name is None:
        return None
    if mine:
        return _("**Your team is the champion of its division!**")
    return _("Champion of your division: **{team}**").format(team=md(name))


def signature(view: tm.TeamView) -> tuple:
    """What the team's page shows of the tournament: when it changes, the page is drawn
    again (a step of the teacher's, a call, a game decided or opened)."""
    t, m = view.tournament, view.match
    games = () if m is None else tuple((g.n, g.table_id, g.result) for g in m.games)
    match = None if m is None else (m.id, m.calls, games)
    return (t.version, t.round, t.stage, t.clock, view.team.comeback, match, view.table_id)
