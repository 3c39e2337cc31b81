"""The tournament board in words (no Streamlit here): the tables of the round under way, the
standings of each division, the championship and the awards, as Markdown a class reads off a
projector.

The rules of what is said:

* **Nothing secret**: team names, division names, games, scores and places only; never a team
  code, a seat token or the teacher's key. Every name someone typed goes through
  :func:`ui.links.md`.
* **A table** shows its number, its two teams (a bye's other side is the AI the store seats
  there), the games each has won so far and the ties, and what the table is doing: the game
  under way (in a "Call" round, the calls with the game under way in bold, or whose call it
  is), and once the round (or a playoff match) is over, who won it.
* **The standings** are the store's (:meth:`store.tournament.Board.standings`: the rounds
  played, not the one under way), ranked as the engine ranks them; teams level on everything
  share a place, written "T3" (tied for third) as US standings write it. Before a round is
  over, nobody has a place yet ("–").
* **The championship** (once the Swiss rounds are over): who is through, who plays off for how
  many places, then the two finalists and, once their match is over, the champion.
"""

from __future__ import annotations

from engine.tournament.rounds import (
    CALL,
    PLAYOFF_GAME,
    ROTATION,
    champion,
    championship,
    playoff_winner,
)
from engine.tournament.standings import AI, Standing
from messages import _, join, ngettext, number, pgettext
from store import tournament as tm
from store.tournament.play import AI_LEVEL
from store.tournament.records import WON
from ui.games.setup import level_name
from ui.games.words import words_of
from ui.links import md
from worksheets.tournament import award_name

NO_PLACE = "–"  #: a place before anyone of the division has played; nothing yet


def team_words(b: tm.Board, team_id: int | None) -> str:
    """A side of a match as Markdown: the team's name, or the AI of a bye."""
    if team_id is None or team_id == AI:
        return _("the AI ({level})").format(level=level_name(AI_LEVEL).lower())
    return md(b.team(team_id).name)


NBSP = "\u00a0"


def unbroken(text: str) -> str:
    """A short phrase a narrow cell may not break ("BorderCap Gin"): a line breaks
    between phrases, not inside one."""
    return text.replace(" ", NBSP)


def game_title(game: str) -> str:
    """A game's title, unbroken (:func:`unbroken`)."""
    return unbroken(_(words_of(game).title))


def swiss_over(t: tm.TournamentInfo) -> bool:
    """Whether every Swiss round has been played (the final stages may begin)."""
    if t.stage != tm.SWISS:
        return True
    return t.round == len(t.rounds) and t.clock == tm.DONE


def kind_words(b: tm.Board) -> str:
    """What the round under way plays, in a line under its name."""
    t = b.tournament
    if t.stage == tm.PLAYOFF:
        return _("Games of {game}: the first game won goes through.").format(
            game=game_title(PLAYOFF_GAME)
        )
    if t.stage == tm.CHAMPIONSHIP:
        return _("The top two of each division play the games in turn.")
    if t.stage == tm.ENDED:
        return ""
    if t.round == 0:
        count = len(b.teams)
        return ngettext(
            "{n} team is in. The tables are drawn when the first round starts.",
            "{n} teams are in. The tables are drawn when the first round starts.",
            count,
        ).format(n=number(count))
    if t.kind == CALL:
        return _("Each match plays the two games its teams call, in turn.")
    return _("Each match plays the games in turn: {games}.").format(
        games=", ".join(game_title(g) for g in ROTATION)
    )


def calls_words(b: tm.Board, m: tm.MatchInfo) -> str:
    """A "Call" match's calls: the games called (the one under way in bold), or whose call it
    is."""
    if not m.cards:
        return ""
    if len(m.calls) == 2 or b.tournament.clock == tm.DONE:
        now = m.current.game if _under_way(b, m) else None
        titles = [f"**{game_title(g)}**" if g == now else game_title(g) for g in m.calls]
        return " · ".join(titles) or NO_PLACE
    caller = team_words(b, m.caller)
    if not m.calls:
        return _("{team} calls first").format(team=caller)
    return _("{game} · {team} calls next").format(game=game_title(m.calls[0]), team=caller)


def score_words(b: tm.Board, m: tm.MatchInfo) -> str:
    """The match with its games won each: "Owls 2–1 Foxes", and its ties."""
    result = m.result()
    a, other = m.teams
    games = f"**{number(result.games_won(a))}–{number(result.games_won(other))}**"
    score = _("{a} {games} {b}").format(a=team_words(b, a), games=games, b=team_words(b, m.team_b))
    ties = sum(g.winner is None for g in result.games)
    if ties:
        tied = ngettext("{n} tie", "{n} ties", ties).format(n=number(ties))
        score = _("{score} · {ties}").format(score=score, ties=tied)
    return score


def outcome_words(b: tm.Board, m: tm.MatchInfo) -> str:
    """Who won the match, as its stage counts it."""
    result = m.result()
    if m.stage == tm.PLAYOFF:
        winner = playoff_winner(result, [m.team_a, result.b])
        return _("{team} goes through").format(team=team_words(b, winner))
    if m.stage == tm.CHAMPIONSHIP:
        return _("{team} is the champion").format(team=team_words(b, champion(result)))
    if result.outcome(m.team_a) == "tied":
        return pgettext("a match", "Tied")
    winner = m.team_a if result.outcome(m.team_a) == "won" else result.b
    return _("{team} won").format(team=team_words(b, winner))


def _under_way(b: tm.Board, m: tm.MatchInfo) -> bool:
    """Whether the match's last game begun is being played."""
    game = m.current
    return b.tournament.clock != tm.DONE and game is not None and game.result is None


def playing_words(b: tm.Board, m: tm.MatchInfo) -> str:
    """What the table is doing: the game under way, or how the match ended (a playoff match
    ends with its first game won)."""
    if b.tournament.clock == tm.DONE:
        return outcome_words(b, m)
    if m.stage == tm.PLAYOFF and any(g.result == WON for g in m.games):
        return outcome_words(b, m)
    if _under_way(b, m):
        return game_title(m.current.game)
    return _("The next game opens in a moment")


def cell(text: str) -> str:
    """Markdown made safe for a table cell (a name cannot hold "|", a word might)."""
    return text.replace("|", "\\|").replace("\n", " ")


def tables_cells(
    b: tm.Board, matches: tuple[tm.MatchInfo, ...]
) -> tuple[list[str], list[list[str]]]:
    """The round's tables, table order: the heading of each column and each table's row
    (Markdown; :func:`markdown_table` makes the table)."""
    t = b.tournament
    calls = t.stage == tm.SWISS and t.kind == CALL
    divisions = dict(b.divisions) if len(b.divisions) > 1 else {}
    head = [_("Table"), _("Match")]
    head += [_("Division")] if divisions else []
    head += [_("Calls")] if calls else []
    over = t.clock == tm.DONE
    last = not calls or over  # a "Call" round's calls show the game under way in bold
    head += [_("Result") if over else _("Playing")] if last else []
    rows = []
    for m in matches:
        row = [number(m.table_no), score_words(b, m)]
        row += [md(divisions[b.team(m.team_a).division_id])] if divisions else []
        row += [calls_words(b, m)] if calls else []
        row += [playing_words(b, m)] if last else []
        rows.append(row)
    return head, rows


def markdown_table(head: list[str], rows: list[list[str]], numbers_from: int = 99) -> str:
    """A Markdown table; the columns from ``numbers_from`` on hold numbers (aligned right)."""
    align = ["---:" if i >= numbers_from else "---" for i in range(len(head))]
    lines = ["| " + " | ".join(cell(h) for h in head) + " |", "| " + " | ".join(align) + " |"]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def rounds_over(t: tm.TournamentInfo) -> int:
    """How many Swiss rounds are over (the standings' heading says it)."""
    if t.stage != tm.SWISS:
        return len(t.rounds)
    return t.round if t.clock == tm.DONE else t.round - 1


def place_words(line: Standing, lines: list[Standing], played: bool) -> str:
    """A standing's place: "3", "T3" when shared, "–" before anyone played."""
    if not played:
        return NO_PLACE
    if sum(other.place == line.place for other in lines) > 1:
        return pgettext("a place shared by teams level in the standings", "T{place}").format(
            place=number(line.place)
        )
    return number(line.place)


def standings_markdown(b: tm.Board, lines: list[Standing]) -> str:
    """A division's standings as a Markdown table, first place first."""
    played = any(line.played for line in lines)
    head = [_("Place"), _("Team"), _("Won"), _("Tied"), _("Lost"), _("Games won"), _("Points")]
    rows = [
        [place_words(line, lines, played), md(b.team(line.team).name), number(line.won),
         number(line.tied), number(line.lost), number(line.games_won), number(line.points)]
        for line in lines
    ]  # fmt: skip
    return markdown_table(head, rows, numbers_from=2)


def standings_title(b: tm.Board, division: str, comeback: bool) -> str:
    """The heading of a division's standings (its comeback division's): "Standings after
    round 2", "Grade 5 after round 2", "Grade 5: comeback division"."""
    if comeback:
        return _("{division}: comeback division").format(division=md(division))
    over = rounds_over(b.tournament)
    if len(b.divisions) > 1:
        if not over:
            return md(division)
        return _("{division} after round {n}").format(division=md(division), n=number(over))
    if not over:
        return _("Standings")
    return _("Standings after round {n}").format(n=number(over))


def names(b: tm.Board, teams: list[int] | tuple[int, ...]) -> str:
    return join(team_words(b, team) for team in teams)


def champion_words(b: tm.Board, division_id: int) -> str | None:
    """ "Champion: Owls" once the division's championship match is over."""
    winner = b.champion(division_id)
    if winner is None:
        return None
    return _("Champion: {team}").format(team=team_words(b, winner))


def final_lines(b: tm.Board, division_id: int) -> list[str]:
    """The division's way to its champion, once the Swiss rounds are over: who is through and
    who plays off for how many places, then the two finalists."""
    if not swiss_over(b.tournament):
        return []
    final = b.final(division_id)
    if final is not None:
        return [_("Championship: {teams}").format(teams=names(b, final.teams))]
    standing = b.standings(division_id)
    if len(standing) < 2:
        return []
    plan = championship(standing)
    lines = []
    if plan.through:
        lines.append(_("Through to the championship: {teams}").format(teams=names(b, plan.through)))
    if plan.playoff:
        said = ngettext(
            "Playoff for {n} place: {teams}", "Playoff for {n} places: {teams}", plan.places
        )
        lines.append(said.format(n=number(plan.places), teams=names(b, plan.playoff)))
    return lines


def award_lines(b: tm.Board) -> list[str]:
    """Each award given, with its teams in the order given: "Teamwork: Owls and Bears"."""
    lines = []
    for kind in tm.AWARDS:
        holders = list(dict.fromkeys(team for team, k in b.awards if k == kind))
        if holders:
            award = award_name(kind)
            lines.append(_("{award}: {teams}").format(award=award, teams=names(b, holders)))
    return lines
