"""BorderCap Gin's rounds in words: one line per round played, the banner of a round just won
(its sentence and its groups as small tiles, HTML), a void round's warning, and the end
screen's summary."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from engine.bordercap_gin import BONUS_POINTS, MAX_TURNS, ROUND_POINTS, GinObservation, RoundResult
from engine.cards import Card
from engine.melds import describe_group
from ui.cards import zone_color
from ui.games.bordercap_gin.log import win_text
from ui.games.session import GameSession
from ui.links import plain


def result_lines(session: GameSession, results: Sequence[RoundResult]) -> list[str]:
    """One line per round: who won it, with what, for how many points."""
    out = []
    for r in results:
        if r.winner is None:
            out.append(f"Round {r.round_index + 1}: void (no winner after {MAX_TURNS} turns).")
        else:
            winner = "you" if r.winner == session.me else session.seat_name(r.winner)
            out.append(
                f"Round {r.round_index + 1}: {winner} won {r.points} points with "
                f"{win_text(r.four, r.three)}."
            )
    return out


def void_warning(result: RoundResult) -> str:
    """A round that just ended void, as the board warns of it."""
    return (
        f"Round {result.round_index + 1} is void: nobody won in {MAX_TURNS} turns. "
        "The cards are dealt again."
    )


def banner_text(session: GameSession, result: RoundResult) -> str:
    """A round just won: who, and for how many points (the groups follow as tiles)."""
    me = session.me
    winner = "You win" if result.winner == me else f"{session.seat_name(result.winner)} wins"
    bonus = (
        f" ({ROUND_POINTS} + the {BONUS_POINTS} bonus)." if result.points > ROUND_POINTS else "."
    )
    return (
        f"**{winner} round {result.round_index + 1}** with the groups below: "
        f"{result.points} points" + bonus
    )


def banner_tiles(result: RoundResult) -> str:
    """The winning groups as small tiles, one labelled row per group (HTML)."""
    return mini_cards_html(
        [
            (f"4-group: {describe_group(result.four)}", result.four),
            (f"3-group: {describe_group(result.three)}", result.three),
        ]
    )


def mini_cards_html(rows: Sequence[tuple[str, Sequence[Card]]]) -> str:
    """Small tiles (name on the Zone's colour, capital below), one labelled row per group:
    a winning hand in little room."""
    out = []
    for label, cards in rows:
        tiles = "".join(
            "<div style='border:1px solid #c8c8c8;border-radius:.45rem;overflow:hidden;"
            "min-width:6.6rem;flex:0 1 7rem;font-size:.85rem;background:#fff;color:#222'>"
            f"<div style='background:{zone_color(c.zone)};color:"
            f"{'#222' if c.zone in ('Mountain', 'Alaska') else '#fff'};padding:.15rem .45rem;"
            f"font-weight:700'>{escape(c.name)}</div>"
            f"<div style='padding:.1rem .45rem .2rem'>★ {escape(c.capital)}</div></div>"
            for c in cards
        )
        out.append(
            "<div style='display:flex;flex-wrap:wrap;gap:.35rem;align-items:stretch;"
            "margin:.15rem 0 .35rem'>"
            f"<div style='flex:0 0 100%;font-size:.85rem;color:#555'>{escape(plain(label))}</div>"
            f"{tiles}</div>"
        )
    return "".join(out)


def summary(session: GameSession, obs: GinObservation) -> list[str]:
    """The end screen's summary: rounds, the round winners, final scores."""
    won = [r for r in obs.results if r.winner is not None]
    voids = len(obs.results) - len(won)
    scores = ", ".join(
        f"{'you' if s == session.me else session.seat_name(s)} {p}"
        for s, p in enumerate(obs.scores)
    )
    lines = [
        f"{len(obs.results)} round{'s' if len(obs.results) != 1 else ''} played"
        + (f" ({voids} void)" if voids else "")
        + f"; final scores: {scores}.",
    ]
    lines += result_lines(session, obs.results)
    lines.append(f"{session.about_players(f'{obs.players} players')}.")
    return lines
