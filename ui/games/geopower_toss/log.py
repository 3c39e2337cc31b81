"""GeoPower Toss's log in words, from the screen seat's recorded steps: each move, the trick or
round it completed, what followed the seat's last move, the rounds so far and the end of the
game (the numbers and records are the engine's: the tricks' winners, the rounds' points, whether
a call was made, a tie at the target)."""

from __future__ import annotations

from engine.cards import Card, Category
from engine.geopower_toss import (
    CALL_TRICKS,
    CALLS,
    DRAFT,
    HAND_SIZE,
    PLAY,
    TRICKS_BEFORE_CALL_CLOSES,
    Call,
    GeoPowerObservation,
    Pass,
    Play,
    Remove,
    RoundResult,
    Trick,
)
from engine.geopower_toss.scoring import call_made, tied_top
from engine.geopower_toss.tricks import led_zone
from ui.cards import ordinal
from ui.games.geopower_toss.seats import seat_tag, unit_name, units
from ui.games.session import GameSession, recent_lines


def play_text(card: Card, category: Category | None, zone: str | None) -> str:
    """A card played on a trick led in ``zone``: "**Texas** (Central, 2nd in size)", or
    "(Pacific: no Central card, …)" when it did not follow."""
    rank = f", {ordinal(card.rank(category))} in {category.value}" if category else ""
    if zone is not None and card.zone != zone:
        return f"**{card.name}** ({card.zone}: no {zone} card{rank})"
    return f"**{card.name}** ({card.zone}{rank})"


def trick_line(session: GameSession, trick: Trick, category: Category) -> str:
    """A finished trick: who won it, with which card and rank."""
    seat, card = next((s, c) for s, c in trick.plays if s == trick.winner)
    won = (
        "**you win**"
        if seat == session.me
        else f"**{seat_tag(session, session.latest(), seat)} wins**"
    )
    return (
        f"Trick {trick.number} ({trick.zone} led): {won} with {card.name}, "
        f"{ordinal(card.rank(category))} in {category.value}."
    )


def round_line(session: GameSession, obs: GeoPowerObservation, r: RoundResult) -> str:
    """ "Round 2 (Size) — tricks: you 5, AI 1 3; points: you +10. Scores: you 20, AI 1 10." """
    tricks = []
    for u in range(units(obs)):
        called = ""
        if u in r.callers:
            called = " (GeoPlunge made)" if call_made(r.tricks[u]) else " (GeoPlunge failed)"
        tricks.append(f"{unit_name(session, obs, u, short=True)} {r.tricks[u]}{called}")
    points = [f"{unit_name(session, obs, u, short=True)} +{p}" for u, p in enumerate(r.points) if p]
    scores = ", ".join(
        f"{unit_name(session, obs, u, short=True)} {s}" for u, s in enumerate(r.scores)
    )
    return (
        f"Round {r.round_index + 1} ({r.category.label}) — tricks: {', '.join(tricks)}; "
        f"points: {', '.join(points) or 'nobody scores'}. Scores: {scores}."
    )


def round_lines(session: GameSession, obs: GeoPowerObservation) -> list[str]:
    """Every finished round, one line each."""
    return [round_line(session, obs, r) for r in obs.results]


def round_over(session: GameSession, obs: GeoPowerObservation, r: RoundResult) -> tuple[str, bool]:
    """The banner of a round just over, and whether this seat's side scored in it."""
    text = "**Round over.** " + round_line(session, obs, r)
    return text, r.points[obs.team_of[session.me]] > 0


def round_start(session: GameSession, obs: GeoPowerObservation) -> str:
    """A new round: its dealer and the GeoPower cards face up."""
    shown = ", ".join(c.label for c in obs.dealt_power)
    return (
        f"Round {obs.round_index + 1}: {session.who(obs.dealer, 'deal', 'deals')}; GeoPower cards "
        f"face up: {shown}."
    )


def describe(session: GameSession, index: int) -> list[str]:
    """Readable lines for step ``index`` from the human's point of view."""
    step = session.history[index]
    action, seat = step.action, step.seat
    before: GeoPowerObservation = session.before(index)
    after: GeoPowerObservation = step.after
    lines: list[str] = []
    if isinstance(action, Remove):
        lines.append(
            session.who(seat, "remove", "removes") + f" a {action.category.label} GeoPower card."
        )
        if before.phase == DRAFT and after.phase == PLAY:
            cat = after.category
            lines.append(
                f"The GeoPower card is **{cat.label}**: in every trick of this round the "
                f"best {cat.value} rank of the led Zone wins."
            )
    elif isinstance(action, Call):
        team = f" for {unit_name(session, after, after.team_of[seat])}" if after.teams else ""
        lines.append(
            session.who(seat, "call", "calls")
            + f" GeoPlunge{team}: {CALL_TRICKS} tricks or nothing!"
        )
    elif isinstance(action, Pass):
        lines.append(session.who(seat, "pass", "passes") + ": no GeoPlunge call.")
    elif isinstance(action, Play):
        category = before.category
        if not before.trick:
            lines.append(
                session.who(seat, "lead", "leads")
                + f" **{action.card.name}** ({action.card.zone}), {category.label} — "
                f"{action.card.name} is {ordinal(action.card.rank(category))}."
            )
        else:
            lines.append(
                session.who(seat, "play", "plays")
                + " "
                + play_text(action.card, category, led_zone(before.trick))
                + "."
            )
        if not after.trick:
            done = (
                after.tricks[-1]
                if after.round_index == before.round_index
                else after.results[-1].played[-1]
            )
            lines.append(trick_line(session, done, category))
            if after.phase == CALLS and before.phase == PLAY:
                lines.append(
                    f"Trick {TRICKS_BEFORE_CALL_CLOSES} is over: last chance to call GeoPlunge. "
                    "Everyone whose side has not called is asked in turn, from "
                    f"{session.mention(after.leader)}, before the 5th trick."
                )
    for r in after.results[len(before.results) :]:
        lines.append(round_line(session, after, r))
        top = tied_top(r.scores, session.state.target)
        if top is not None and not after.is_over:
            lines.append(f"Tied at {top}: another round is played.")
    if after.round_index > before.round_index and not after.is_over:
        lines.append(round_start(session, after))
    if after.is_over and not before.is_over:
        lines.append(result_text(session, after))
    return lines


def since_lines(session: GameSession) -> list[str]:
    """What followed the human's last move: what that move settled (the trick or round it
    completed), then every other seat's move since."""
    own: list[str] = []
    if session.seen and session.history[session.seen - 1].seat == session.me:
        own = describe(session, session.seen - 1)[1:]
    return own + recent_lines(session, describe)


def result_text(session: GameSession, obs: GeoPowerObservation) -> str:
    """How the game ended, in one sentence."""
    top = max(obs.scores)
    if obs.winner is None:
        return f"Stopped after {obs.round_index} rounds with equal top scores: **a draw**."
    name = unit_name(session, obs, obs.winner)
    title = name[0].upper() + name[1:]
    you = not obs.teams and obs.winner == session.me
    reach, win = ("reach", "win") if you else ("reaches", "wins")
    if obs.capped:
        return (
            f"Stopped after {obs.round_index} rounds: {name} {win} with the higher score ({top})."
        )
    if obs.winner == obs.team_of[session.me]:
        return f"{title} {reach} {top} points: **{name} {win} the game!**"
    return f"{title} {reach} {top} points and **{win} the game.**"


def summary(session: GameSession, obs: GeoPowerObservation) -> list[str]:
    """Rounds, tricks and scores, one line per round, then the deal (at a shared table the
    table and its game instead: the seed is never shown)."""
    scores = ", ".join(f"{unit_name(session, obs, u)} {s}" for u, s in enumerate(obs.scores))
    lines = [f"{len(obs.results)} rounds of {HAND_SIZE} tricks; final scores: {scores}."]
    lines += round_lines(session, obs)
    calls = [(r, u) for r in obs.results for u in r.callers]
    if calls:
        made = sum(1 for r, u in calls if call_made(r.tricks[u]))
        lines.append(f"GeoPlunge calls: {len(calls)}, made {made}.")
    team = f" in {obs.teams} teams" if obs.teams else ""
    lines.append(f"{session.about_players(f'{obs.players} players{team}')}.")
    return lines
