"""GeoPower Toss's page: the GeoPower draft, the trick on the table, the hand and the move
widgets, the GeoPlunge call, the hints, the map of the trick, the rounds and the log, all from
this seat's recorded steps.

Everything is read from the own observation (``GeoPowerObservation``) of the screen's seat
``session.me`` (seat 0 against the AI, any seat at a shared table), kept with every step by
the session: the log in words (:func:`describe`), the tricks (the engine clears a finished
trick, so the last one is read from the round's records), the units (a player, or a team
whose partners sit apart), the hints (which cards may follow the Zone, in the engine's words,
which would win the trick, how likely a lead is to hold; the numbers behind them are the
engine's, ``engine.geopower_toss.odds``, the ones the AI reads) and the map of a trick: the
Zone led painted in its colour, a labelled point on every card played. The GeoPlunge call
asks for a confirmation; while it is open no other move can be made (:func:`asking`). URL
choice: ``target`` (``50`` or ``30``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import streamlit as st

from engine.cards import ZONES, Card, Category, deck
from engine.geopower_toss import (
    CALL,
    CALL_BONUS,
    CALL_TRICKS,
    CALLS,
    DRAFT,
    HAND_SIZE,
    MOST_TRICKS,
    PASS,
    PLAY,
    TRICKS_BEFORE_CALL_CLOSES,
    Call,
    GeoPowerObservation,
    GeoPowerToss,
    Pass,
    Play,
    Remove,
    RoundResult,
    Trick,
    odds,
    play_action,
    winning_play,
)
from ui.cards import card_html, ordinal
from ui.games.next_move import next_move
from ui.games.protocol import GameBoard
from ui.games.session import GameSession, Step, recent_lines, sentence
from ui.games.setup import TARGET
from ui.games.widgets import (
    action_button,
    card_buttons,
    continue_button,
    hint_box,
    play_area,
    rounds_so_far,
    show_hand,
    show_message,
    since_your_last_move,
)
from ui.games.words import Ending, GameWords, Hints, Status, result_kind
from ui.links import plain
from ui.maps import us_map

RULES = """
**The goal.** Be the first player — or team — to **50 points**. Points come from winning
tricks, and a trick is won by the best rank in the round's **GeoPower category** among the
cards of the **Zone** that was led.

**Each round.** Everyone gets 8 cards. Then one more GeoPower card than there are players is
laid face up, each saying **Size**, **Statehood** or **Population**. Starting with the dealer
and going round the table, each player removes one of them; the card left over is the round's
GeoPower card. Remove the category that suits your hand worst.

**Tricks.** The dealer leads the first trick; whoever wins a trick leads the next. Play goes
round the table, one card each. You must play a card of the led card's Zone (its time zone,
the colour band on the card) if you have one; if you have none, play any card — but a card
of another Zone can never win the trick. Rank 1 is the best: in Size, Alaska is 1st; in
Statehood, Delaware; in Population, California.

**Scoring a round.** The player or team with the most tricks scores **10**; if several tie
for the most, each scores **5**.

**GeoPlunge!** Before the first card of the 5th trick is played, you may call GeoPlunge: you
(or your team) promise to win at least **6 of the 8 tricks**. Make it and you score **15 more**
(25 in all); miss it and you score **nothing** that round. During the first four tricks you
may call whenever it is your turn. When the 4th trick is over, everyone gets one last chance
before the 5th trick starts: each player whose side has not called yet is asked in turn,
beginning with the player who will lead the 5th trick — call or pass. After that, the call
is closed for the round. Several players or teams may call in the same round.

**Teams.** With 4 players you may play 2 teams of 2; with 6 players 2 teams of 3 or 3 teams
of 2. Partners sit apart, every other seat (or every third), and a team's tricks are added
up.

**The end.** The first to reach 50 wins. If several reach 50 in the same round, the higher
score wins; still tied, another round is played. The deal passes to the left each round.
"""

TEAM_COLORS: tuple[str, ...] = ("#0072B2", "#D55E00", "#009E73")


def call_meaning(obs: GeoPowerObservation) -> str:
    """What a GeoPlunge call commits the seat of ``obs`` (or its team) to, with the engine's
    numbers, and how far the round has come: the words of the confirmation."""
    team = bool(obs.teams)
    subject = "your team" if team else "you"
    has = "has" if team else "have"
    score = "scores" if team else "score"
    done = len(obs.tricks)
    won = obs.unit_tricks[obs.team_of[obs.player]]
    text = (
        f"{subject.capitalize()} must win at least {CALL_TRICKS} of the {HAND_SIZE} tricks, "
        f"or score nothing this round. If {subject} make{'s' if team else ''} it, {subject} "
        f"{score} {CALL_BONUS} more points ({MOST_TRICKS + CALL_BONUS} in all)."
    )
    if done:
        text += (
            f" So far {subject} {has} won {won} of {done} trick{'s' if done != 1 else ''}: "
            f"{max(CALL_TRICKS - won, 0)} more needed from the {HAND_SIZE - done} left."
        )
    return text


# --- seats and units ------------------------------------------------------------------------


def units(obs: GeoPowerObservation) -> int:
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


# --- tricks ---------------------------------------------------------------------------------


def last_trick(obs: GeoPowerObservation) -> Trick | None:
    """The last finished trick of this round, or of the previous round before any trick."""
    if obs.tricks:
        return obs.tricks[-1]
    if obs.results and obs.results[-1].played and not obs.trick:
        return obs.results[-1].played[-1]
    return None


def last_category(obs: GeoPowerObservation) -> Category | None:
    """The category that ranked :func:`last_trick`."""
    if obs.tricks:
        return obs.category
    return obs.results[-1].category if obs.results else None


def turn_text(obs: GeoPowerObservation) -> str:
    """What this seat's turn is, for the status bar."""
    if obs.phase == DRAFT:
        return "remove a GeoPower card"
    if obs.phase == CALLS:
        return "call GeoPlunge or pass"
    return "lead" if not obs.trick else "play"


def trick_number(obs: GeoPowerObservation) -> int:
    """The number of the trick being played (1 to 8)."""
    return len(obs.tricks) + 1


# --- the log --------------------------------------------------------------------------------


def play_text(card: Card, category: Category | None, zone: str | None) -> str:
    rank = f", {ordinal(card.rank(category))} in {category.value}" if category else ""
    if zone is not None and card.zone != zone:
        return f"**{card.name}** ({card.zone}: no {zone} card{rank})"
    return f"**{card.name}** ({card.zone}{rank})"


def trick_line(session: GameSession, trick: Trick, category: Category) -> str:
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
            called = " (GeoPlunge made)" if r.tricks[u] >= CALL_TRICKS else " (GeoPlunge failed)"
        tricks.append(f"{unit_name(session, obs, u, short=True)} {r.tricks[u]}{called}")
    points = [f"{unit_name(session, obs, u, short=True)} +{p}" for u, p in enumerate(r.points) if p]
    scores = ", ".join(
        f"{unit_name(session, obs, u, short=True)} {s}" for u, s in enumerate(r.scores)
    )
    return (
        f"Round {r.round_index + 1} ({r.category.label}) — tricks: {', '.join(tricks)}; "
        f"points: {', '.join(points) or 'nobody scores'}. Scores: {scores}."
    )


def round_start(session: GameSession, obs: GeoPowerObservation) -> str:
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
            zone = before.trick[0][1].zone
            lines.append(
                session.who(seat, "play", "plays")
                + " "
                + play_text(action.card, category, zone)
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
        top = max(r.scores)
        if top >= session.state.target and r.scores.count(top) > 1 and not after.is_over:
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


# --- what a good player considers -----------------------------------------------------------


@dataclass
class PlayHints:
    """Per card a caption, the cards to outline, and a sentence of advice."""

    captions: dict[str, str]
    outline: list[str]
    advice: str


def play_hints(session: GameSession, obs: GeoPowerObservation) -> PlayHints:
    """Leading: each card's chance to win as a lead. Following: which cards may follow the
    Zone and which would win the trick now (and how likely they are to hold)."""
    category = obs.category
    assert category is not None
    reading = odds.Reading(obs)
    captions: dict[str, str] = {}
    if not obs.trick:
        chances = {c.usps: reading.hold_chance(c, category) for c in obs.hand}
        for c in obs.hand:
            n = reading.better_unseen(c, category)
            captions[c.usps] = (
                "sure to win as a lead"
                if not n
                else f"wins as a lead: {chances[c.usps]:.0%} ({n} better {c.zone} unseen)"
            )
        best = max(obs.hand, key=lambda c: (chances[c.usps], -c.rank(category)))
        return PlayHints(
            captions,
            [best.usps],
            f"You lead: any card may be led. A lead wins unless someone plays a better "
            f"{category.value} rank of the same Zone. **{best.name}** is the surest "
            f"({chances[best.usps]:.0%}).",
        )
    zone = obs.trick[0][1].zone
    best_seat, best_card = winning_play(obs.trick, category)
    bar = best_card.rank(category)
    played = {s for s, _ in obs.trick}
    after = [s for s in range(obs.players) if s not in played and s != obs.player]
    shares = reading.opponent_shares(after)  # the seats still to play
    can_follow = any(c.zone == zone for c in obs.hand)
    winners = []
    for c in obs.hand:
        if c.zone != zone:
            if not can_follow:  # else it may not be played: the page says why
                captions[c.usps] = "off-Zone: cannot win this trick"
            continue
        r = c.rank(category)
        if r < bar:
            chance = reading.hold_chance(c, category, shares)
            captions[c.usps] = f"would win now ({ordinal(r)} vs {ordinal(bar)})" + (
                f" · holds {chance:.0%}" if after else " · wins the trick"
            )
            winners.append(c)
        else:
            captions[c.usps] = f"too low ({ordinal(r)} vs {ordinal(bar)})"
    me = obs.player
    partner = obs.teams and best_seat != me and obs.team_of[best_seat] == obs.team_of[me]
    if not can_follow:
        advice = (
            f"You have no {zone} card: play any card — it cannot win, so let go of your weakest."
        )
    elif winners:
        cheapest = max(winners, key=lambda c: c.rank(category))
        advice = (
            f"{len(winners)} of your {zone} cards beat {best_card.name} "
            f"({ordinal(bar)}). The cheapest that wins is **{cheapest.name}**."
        )
        if partner:
            advice = (
                f"Your partner {session.seat_name(best_seat)} is winning with {best_card.name}; "
                + advice
            )
    else:
        advice = (
            f"None of your {zone} cards beats {best_card.name} ({ordinal(bar)}): play your "
            f"weakest {zone} card (the worst {category.value} rank) and keep the strong ones."
        )
    if partner and not winners:
        advice = f"Your partner {session.seat_name(best_seat)} is winning this trick. " + advice
    return PlayHints(captions, [c.usps for c in winners], advice)


# --- the map --------------------------------------------------------------------------------


@dataclass
class MapParts:
    roles: dict[str, str]
    notes: dict[str, str]
    labels: dict[str, str]
    symbols: dict[str, str]
    legend: dict[str, str]
    caption: str


def trick_map(
    session: GameSession,
    plays: Sequence[tuple[int, Card]],
    category: Category,
    *,
    winner: int | None = None,
    title: str,
) -> MapParts:
    """The Zone led painted in its colour, each card of the trick labelled with its player
    and rank; the winning (or leading) card gets a star."""
    zone = plays[0][1].zone
    roles = {c.usps: zone for c in deck() if c.zone == zone}
    notes: dict[str, str] = {}
    labels: dict[str, str] = {}
    symbols: dict[str, str] = {}
    top_seat = winner if winner is not None else winning_play(plays, category)[0]
    for seat, card in plays:
        short = "You" if seat == session.me else plain(session.seat_name(seat))
        labels[card.usps] = short
        notes[card.usps] = f"{short}: {ordinal(card.rank(category))} in {category.value}"
        if card.zone != zone:
            roles[card.usps] = "muted"
            notes[card.usps] += f" ({card.zone}: off-Zone)"
        if seat == top_seat:
            symbols[card.usps] = "star"
    legend = {zone: f"{zone} Zone (led)", "muted": "off-Zone card"}
    return MapParts(roles, notes, labels, symbols, legend, title)


def hand_map(obs: GeoPowerObservation) -> MapParts:
    """Your hand, each state in its Zone's colour (labelled with its rank in the category)."""
    roles = {c.usps: c.zone for c in obs.hand}
    labels = {}
    notes = {}
    cat = obs.category
    for c in obs.hand:
        labels[c.usps] = ordinal(c.rank(cat)) if cat else ""
        notes[c.usps] = f"{c.zone} Zone" + (
            f" · {ordinal(c.rank(cat))} in {cat.value}" if cat else ""
        )
    legend = {z: f"{z} Zone" for z in ZONES}
    title = "Your hand by Zone" + (f" (labels: your {cat.value} ranks)" if cat else "")
    return MapParts(roles, notes, {k: v for k, v in labels.items() if v}, {}, legend, title)


def table_map(session: GameSession, obs: GeoPowerObservation) -> MapParts:
    """The trick on the table; else the last finished trick; else your hand."""
    if obs.trick:
        return trick_map(
            session,
            obs.trick,
            obs.category,
            title=f"Trick {trick_number(obs)}: the {obs.trick[0][1].zone} Zone was led",
        )
    last = last_trick(obs)
    category = last_category(obs)
    if last is not None and category is not None:
        return trick_map(
            session,
            last.plays,
            category,
            winner=last.winner,
            title=f"Trick {last.number} ({last.zone} led), won by {session.seat_name(last.winner)}",
        )
    return hand_map(obs)


# --- the end --------------------------------------------------------------------------------


def summary(session: GameSession, obs: GeoPowerObservation) -> list[str]:
    """Rounds, tricks and scores, one line per round, then the deal (at a shared table the
    table and its game instead: the seed is never shown)."""
    scores = ", ".join(f"{unit_name(session, obs, u)} {s}" for u, s in enumerate(obs.scores))
    lines = [f"{len(obs.results)} rounds of 8 tricks; final scores: {scores}."]
    lines += [round_line(session, obs, r) for r in obs.results]
    calls = [(r, u) for r in obs.results for u in r.callers]
    if calls:
        made = sum(1 for r, u in calls if r.tricks[u] >= CALL_TRICKS)
        lines.append(f"GeoPlunge calls: {len(calls)}, made {made}.")
    team = f" in {obs.teams} teams" if obs.teams else ""
    lines.append(f"{session.about_players(f'{obs.players} players{team}')}.")
    return lines


# --- the page -------------------------------------------------------------------------------

CONFIRM = "confirm_call"  #: session.extra: the version at which this seat asked to call
ANSWER_FIRST = "Answer the GeoPlunge call first."


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


def draw_map(parts: MapParts, key: str, height: int = 340) -> None:
    """A trick (or the hand) on the map, with its caption above it."""
    st.markdown(f"**{parts.caption}**")
    us_map(
        key,
        parts.roles,
        notes=parts.notes,
        words=parts.legend,
        labels=parts.labels,
        symbols=parts.symbols,
        height=height,
        label=parts.caption,
    )


def power_html(categories: Sequence[Category], caption: str = "") -> str:
    """GeoPower cards as small tiles."""
    tiles = "".join(
        "<div class='gp-slot' style='min-width:5.5rem;max-width:6.5rem;flex:0 0 5.8rem;"
        "text-align:center;border-style:solid;border-color:#444;background:#fff;"
        "padding:.4rem .3rem'>"
        f"<small>GeoPower</small><br><b>{escape(c.label)}</b></div>"
        for c in categories
    )
    extra = f"<div style='font-size:.9rem;color:#555'>{escape(caption)}</div>" if caption else ""
    return f"<div class='gp-hand'>{tiles}</div>{extra}"


def trick_html(
    session: GameSession,
    obs: GeoPowerObservation,
    plays: Sequence[tuple[int, Card]],
    category: Category,
    winner: int | None = None,
) -> str:
    """The cards of a trick, each captioned with its player and rank; the best outlined."""
    zone = plays[0][1].zone
    top = winner if winner is not None else winning_play(plays, category)[0]
    tiles = []
    for i, (seat, card) in enumerate(plays):
        who = "You" if seat == session.me else seat_tag(session, obs, seat)
        what = "led" if i == 0 else "played"
        rank = f"{category.label} {ordinal(card.rank(category))}"
        off = "" if card.zone == zone else " · off-Zone"
        caption = f"{what} by {who} · {rank}{off}"
        tiles.append(card_html(card, caption=caption, dim=card.zone != zone, outlined=seat == top))
    return f"<div class='gp-hand'>{''.join(tiles)}</div>"


def asking(session: GameSession, obs: GeoPowerObservation) -> bool:
    """Whether the GeoPlunge call waits for its Yes or No (the other move buttons wait too:
    a card played meanwhile would drop the call unsaid)."""
    return CALL in obs.legal and session.extra.get(CONFIRM) == session.version


def _ask_to_confirm(session: GameSession, version: int) -> None:
    if version == session.version:
        session.extra[CONFIRM] = version


def _cancel_call(session: GameSession) -> None:
    session.extra.pop(CONFIRM, None)


def call_help(obs: GeoPowerObservation) -> str:
    return (
        "Promise that you"
        + (" and your team" if obs.teams else "")
        + f" will win at least {CALL_TRICKS} of the {HAND_SIZE} tricks: {CALL_BONUS} more points "
        "if you do, nothing this round if you don't. You are asked to confirm."
    )


def call_button(session: GameSession, obs: GeoPowerObservation) -> None:
    """The GeoPlunge call, offered until the first card of the 5th trick. A first click asks
    for confirmation, saying what the call means; only "Yes, call GeoPlunge" calls."""
    if asking(session, obs):
        with st.container(border=True, key=session.bkey("call_confirm_box")):
            st.markdown("**Call GeoPlunge?** " + call_meaning(obs))
            st.caption(f"{ANSWER_FIRST} Until then no other move can be made.")
            with st.container(horizontal=True, gap="small"):
                action_button(
                    session, "Yes, call GeoPlunge", CALL, name="call_yes", icon=":material/bolt:"
                )
                st.button(
                    "No, don't call",
                    key=session.bkey("call_no"),
                    icon=":material/close:",
                    width="stretch",
                    on_click=_cancel_call,
                    args=(session,),
                )
    elif CALL in obs.legal:
        st.button(
            "Call GeoPlunge",
            key=session.bkey("call"),
            type="secondary",
            icon=":material/bolt:",
            width="stretch",
            help=call_help(obs),
            on_click=_ask_to_confirm,
            args=(session, session.version),
        )
        if obs.phase != CALLS:
            st.caption(
                "You may call GeoPlunge until the first card of the 5th trick is played; "
                "after the 4th trick everyone gets a last chance."
            )
    elif any(u == obs.team_of[session.me] for _, u in obs.calls):
        st.caption(
            "GeoPlunge called: "
            + ("your team needs" if obs.teams else "you need")
            + f" {CALL_TRICKS} tricks."
        )
    elif not obs.call_open:
        st.caption(GeoPowerToss.why_not(obs, CALL))


def calls_line(session: GameSession, obs: GeoPowerObservation) -> str:
    """Who called GeoPlunge this round (empty when nobody has)."""
    if not obs.calls:
        return ""
    who = [
        session.mention(s) + (f" (for {unit_name(session, obs, u)})" if obs.teams else "")
        for s, u in obs.calls
    ]
    return "GeoPlunge called by " + ", ".join(who) + f": {CALL_TRICKS} tricks or nothing."


def call_window_widgets(session: GameSession, obs: GeoPowerObservation, left, below) -> None:
    """After the 4th trick: this seat's last chance to call, before the 5th trick's lead."""
    with left, next_move():
        st.markdown(
            "**Trick 4 is over: last chance to call GeoPlunge.** Everyone whose side has not "
            "called is asked in turn before the 5th trick is led. Call, or pass to go on."
        )
        show_message(session)
        if not asking(session, obs):
            action_button(session, "Pass: no call", PASS, name="pass", icon=":material/skip_next:")
        call_button(session, obs)
    with below:
        show_hand(obs.hand)


def draft_hint(obs: GeoPowerObservation) -> str:
    """Before a removal: the tricks the hand would win as leads with each category."""
    strength = odds.draft_strength(obs)
    weakest = min(strength, key=strength.get)
    text = "; ".join(f"{c.label} about {v:.1f}" for c, v in strength.items())
    return (
        f"Hint: the tricks your hand would win as leads with each category — {text}. "
        f"Remove **{weakest.label}**, where your cards rank worst."
    )


def move_hints(session: GameSession) -> Hints:
    """The hints before this seat's move: the draft's, or the play's (each card's chance and the
    advice; nothing while another seat acts)."""
    obs = session.state.observation(session.me)
    if not session.humans_turn:
        return Hints()
    if obs.phase == DRAFT:
        return Hints([draft_hint(obs)])
    if obs.phase == PLAY:
        hints = play_hints(session, obs)
        return Hints(["Hint: " + hints.advice], dict(hints.captions), list(hints.outline))
    return Hints()


def draft_widgets(session: GameSession, obs: GeoPowerObservation, left, below) -> None:
    """This seat's removal of one face-up GeoPower card."""
    with left, next_move():
        removed = ", ".join(f"{session.mention(s)} removed {c.label}" for s, c in obs.removed)
        st.markdown(
            "**Choose the round's GeoPower card.** "
            + (f"So far {removed}. " if removed else "")
            + "Remove one of the cards face up; the last one left ranks every trick of the round."
        )
        st.html(power_html(obs.face_up, f"{len(obs.face_up)} face up"))
        if session.hints:
            hint_box([draft_hint(obs)])
        show_message(session)
        waits = asking(session, obs)
        with st.container(horizontal=True, gap="small"):
            for cat in Category:
                if cat in obs.face_up:
                    n = obs.face_up.count(cat)
                    action_button(
                        session,
                        f"Remove {cat.label}" + (f" ({n} up)" if n > 1 else ""),
                        Remove(cat),
                        name=f"remove_{cat.value}",
                        primary=False,
                        disabled=waits,
                        help=ANSWER_FIRST if waits else None,
                    )
        call_button(session, obs)
    with below:
        show_hand(obs.hand)


def refusals(obs: GeoPowerObservation) -> dict[str, str]:
    """The cards of the hand that may not be played now, with the engine's reason."""
    return {c.usps: r for c in obs.hand if (r := GeoPowerToss.why_not(obs, play_action(c)))}


def play_prompt(obs: GeoPowerObservation, reasons: dict[str, str]) -> str:
    """What this seat's play is: a lead, a card of the led Zone (in the engine's words, also
    on each card it refuses), or any card."""
    if not obs.trick:
        return (
            f"**You lead trick {trick_number(obs)}.** Any card may lead; the others "
            f"must follow its Zone. Best {obs.category.value} rank of that Zone wins."
        )
    zone = obs.trick[0][1].zone
    if reasons:
        why = " ".join(dict.fromkeys(reasons.values()))  # one sentence for all the cards refused
        return f"**Your turn.** {why} The other cards are dimmed."
    if not any(c.zone == zone for c in obs.hand):
        return f"**Your turn.** You have no {zone} card: play any card (it cannot win)."
    return f"**Your turn: play a {zone} card.**"


def play_widgets(session: GameSession, obs: GeoPowerObservation, left, below) -> None:
    """This seat's card: a lead, or a card that follows the Zone if it can."""
    category = obs.category
    reasons = refusals(obs)
    hints = play_hints(session, obs) if session.hints else None
    with left:
        if obs.trick:
            zone = obs.trick[0][1].zone
            st.markdown(f"**Trick {trick_number(obs)} — on the table** ({zone} led)")
            st.html(trick_html(session, obs, obs.trick, category))
        st.markdown(play_prompt(obs, reasons))
        if hints is not None:
            hint_box(["Hint: " + hints.advice])
        show_message(session)
        call_button(session, obs)
    captions = dict(hints.captions) if hints else {}  # a refused card's tile says why itself
    verb = "Lead" if not obs.trick else "Play"
    with below, next_move():
        st.markdown(f"**Your hand** — {verb.lower()} a card")
        card_buttons(
            session,
            obs.hand,
            label=lambda c: f"{verb} · {ordinal(c.rank(category))}",
            action=Play,
            name="play",
            disabled={c.usps: ANSWER_FIRST for c in obs.hand} if asking(session, obs) else reasons,
            captions=captions,
            highlight=hints.outline if hints else (),
        )


WAITING_FOR: dict[str, str] = {
    DRAFT: "removes a GeoPower card",
    CALLS: "decides whether to call GeoPlunge (the last chance before trick 5)",
}


def waiting_widgets(session: GameSession, obs: GeoPowerObservation, left, below) -> None:
    """Another seat's turn: what it is deciding, the trick on the table and this seat's hand
    (no move widgets; against the AI step by step, the Continue button)."""
    with left:
        if obs.to_act is not None:
            doing = WAITING_FOR.get(obs.phase, "leads" if not obs.trick else "plays a card")
            st.markdown(f"**{sentence(session.subject(obs.to_act))} {doing}.**")
        if obs.trick:
            st.markdown(f"**Trick {trick_number(obs)} — on the table**")
            st.html(trick_html(session, obs, obs.trick, obs.category))
        continue_button(session)
    with below:
        show_hand(obs.hand)


def round_banner(session: GameSession, obs: GeoPowerObservation, result: RoundResult) -> None:
    """A round just over: its tricks and points."""
    mine_won = result.points[obs.team_of[session.me]] > 0
    (st.success if mine_won else st.info)(
        "**Round over.** " + round_line(session, obs, result), icon=":material/flag:"
    )


class GeoPowerTossWords(GameWords):
    game_id = "geopower_toss"
    title = "GeoPower Toss"
    choices = (TARGET,)
    intro_text = (
        "Follow the Zone that was led and win tricks with the round's GeoPower category — "
        "size, statehood or population. The first to 50 points wins."
    )
    rules_text = RULES
    describe = staticmethod(describe)

    @staticmethod
    def pause_after(step: Step) -> bool:
        """A "Continue" click plays an AI's call together with the card it then plays, and
        an AI's pass in the call window together with what follows."""
        return not isinstance(step.action, Call | Pass)

    def hints(self, session: GameSession) -> Hints:
        return move_hints(session)

    def status(self, session: GameSession, waiting: bool) -> Status:
        obs = session.state.observation(session.me)
        over = session.state.is_over
        mine = session.humans_turn and not waiting
        if over:
            chips = [("Rounds", str(len(obs.results)))]
        else:
            chips = [
                ("Round", str(obs.round_index + 1)),
                ("GeoPower", obs.category.label if obs.category else "being chosen"),
                ("Trick", f"{trick_number(obs)} of 8" if obs.phase in (PLAY, CALLS) else "—"),
                ("Dealer", session.seat_name(obs.dealer)),
            ]
        for unit in range(units(obs)):
            called = any(u == unit for _, u in obs.calls) and not over
            n = obs.unit_tricks[unit]
            chips.append(
                (
                    unit_label(session, obs, unit),
                    f"{obs.scores[unit]} pts"
                    + ("" if over else f" · {n} trick{'s' if n != 1 else ''}")
                    + (" · GeoPlunge!" if called else ""),
                )
            )
        return Status.of_turn(session, chips, mine=mine, doing=turn_text(obs))

    def ending(self, session: GameSession) -> Ending:
        obs = session.state.observation(session.me)
        winner = session.state.winner
        won = winner == obs.team_of[session.me]
        kind = result_kind(won, winner is None)
        return Ending(result_text(session, obs).replace("**", ""), kind, summary(session, obs))


WORDS = GeoPowerTossWords()


class GeoPowerTossBoard(GameBoard):
    words = WORDS

    def after_status(self, session: GameSession) -> None:
        """In a team game: the seats in playing order and this seat's partners."""
        obs = session.state.observation(session.me)
        if not obs.teams:
            return
        st.html(seating_html(session, obs))
        mates = [s for s in members(obs, obs.team_of[session.me]) if s != session.me]
        st.caption(
            f"Your partner{'s' if len(mates) > 1 else ''}: "
            + ", ".join(session.seat_name(s) for s in mates)
            + ". Partners sit apart; a team's tricks are added up."
        )

    def body(self, session: GameSession, waiting: bool) -> None:
        obs = session.state.observation(session.me)
        for result in session.added_since_last_move("results"):
            round_banner(session, obs, result)

        def news() -> None:
            since_your_last_move(since_lines(session))
            if line := calls_line(session, obs):
                st.markdown(f":orange-badge[:material/bolt: {line}]")

        play_area(
            session,
            obs,
            waiting,
            news=news,
            moves={DRAFT: draft_widgets, CALLS: call_window_widgets, PLAY: play_widgets},
            wait=waiting_widgets,
            side=lambda: draw_map(table_map(session, obs), session.bkey("table_map")),
        )
        rounds_so_far([round_line(session, obs, r) for r in obs.results])

    def after_ending(self, session: GameSession) -> None:
        obs = session.state.observation(session.me)
        last, category = last_trick(obs), last_category(obs)
        if last is not None and category is not None:
            with st.expander(f"The last trick (trick {last.number})", expanded=False):
                st.html(trick_html(session, obs, last.plays, category, last.winner))


BOARD = GeoPowerTossBoard()
