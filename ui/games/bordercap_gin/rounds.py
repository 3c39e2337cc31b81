"""BorderCap Gin's rounds in words: one line per round played, the banner of a round just won
(its sentence and its groups as small tiles, HTML), a void round's warning, and the end
screen's summary."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from engine.bordercap_gin import BONUS_POINTS, MAX_TURNS, ROUND_POINTS, GinObservation, RoundResult
from engine.cards import Card
from messages import _, ngettext, number
from ui.cards import zone_color
from ui.games.bordercap_gin.groups import group_reason
from ui.games.bordercap_gin.log import win_text
from ui.games.session import GameSession
from ui.games.wording import card_name
from ui.links import plain


def result_lines(session: GameSession, results: Sequence[RoundResult]) -> list[str]:
    """One line per round: who won it, with what, for how many points."""
    out = []
    for r in results:
        if r.winner is None:
            text = _("Round {round}: void (no winner after {turns} turns).")
        elif r.winner == session.me:
            text = ngettext(
                "Round {round}: you won {points} point with {split}.",
                "Round {round}: you won {points} points with {split}.",
                r.points,
            )
        else:
            text = ngettext(
                "Round {round}: {player} won {points} point with {split}.",
                "Round {round}: {player} won {points} points with {split}.",
                r.points,
            )
        out.append(
            text.format(
                round=number(r.round_index + 1),
                turns=number(MAX_TURNS),
                player=session.seat_name(r.winner),
                points=number(r.points),
                split=win_text(r.four, r.three) if r.winner is not None else "",
            )
        )
    return out


def void_warning(result: RoundResult) -> str:
    """A round that just ended void, as the board warns of it."""
    return _(
        "Round {round} is void: nobody won in {turns} turns. The cards are dealt again."
    ).format(round=number(result.round_index + 1), turns=number(MAX_TURNS))


def banner_text(session: GameSession, result: RoundResult) -> str:
    """A round just won: who, and for how many points (the groups follow as tiles)."""
    mine = result.winner == session.me
    if result.points > ROUND_POINTS and mine:
        text = ngettext(
            "**You win round {round}** with the groups below: {points} point ({base} + the "
            "{bonus} bonus).",
            "**You win round {round}** with the groups below: {points} points ({base} + the "
            "{bonus} bonus).",
            result.points,
        )
    elif result.points > ROUND_POINTS:
        text = ngettext(
            "**{player} wins round {round}** with the groups below: {points} point ({base} + "
            "the {bonus} bonus).",
            "**{player} wins round {round}** with the groups below: {points} points ({base} + "
            "the {bonus} bonus).",
            result.points,
        )
    elif mine:
        text = ngettext(
            "**You win round {round}** with the groups below: {points} point.",
            "**You win round {round}** with the groups below: {points} points.",
            result.points,
        )
    else:
        text = ngettext(
            "**{player} wins round {round}** with the groups below: {points} point.",
            "**{player} wins round {round}** with the groups below: {points} points.",
            result.points,
        )
    return text.format(
        player=session.seat_name(result.winner),
        round=number(result.round_index + 1),
        points=number(result.points),
        base=number(ROUND_POINTS),
        bonus=number(BONUS_POINTS),
    )


def banner_tiles(result: RoundResult) -> str:
    """The winning groups as small tiles, one labelled row per group (HTML)."""
    return mini_cards_html(
        [
            (_("4-group: {reason}").format(reason=group_reason(result.four)), result.four),
            (_("3-group: {reason}").format(reason=group_reason(result.three)), result.three),
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
            f"font-weight:700'>{escape(card_name(c.usps))}</div>"
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
    rounds = len(obs.results)
    scores = ", ".join(f"{session.mention(s)} {number(p)}" for s, p in enumerate(obs.scores))
    if voids:
        text = ngettext(
            "{count} round played ({voids} void); final scores: {scores}.",
            "{count} rounds played ({voids} void); final scores: {scores}.",
            rounds,
        )
    else:
        text = ngettext(
            "{count} round played; final scores: {scores}.",
            "{count} rounds played; final scores: {scores}.",
            rounds,
        )
    lines = [text.format(count=number(rounds), voids=number(voids), scores=scores)]
    lines += result_lines(session, obs.results)
    players = ngettext("{count} player", "{count} players", obs.players)
    lines.append(f"{session.about_players(players.format(count=number(obs.players)))}.")
    return lines
