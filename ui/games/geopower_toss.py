"""What the GeoPower Toss page shows, computed from the table (no Streamlit here).

Everything is read from the own observation (``GeoPowerObservation``) of the screen's seat
``tab.me`` (seat 0 against the AI, any seat at a shared table), kept with every step by the
table: the log in words (:func:`describe`), the tricks (the engine clears a finished trick,
so the last one is read from the round's records), the units (a player, or a team whose
partners sit apart), the hints (which cards may follow the Zone, which would win the trick,
how likely a lead is to hold) and the map of a trick: the Zone led painted in its colour, a
labelled point on every card played.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.cards import ZONES, Card, Category, deck
from engine.geopower_toss import (
    CALL_BONUS,
    CALL_TRICKS,
    CALLS,
    DRAFT,
    HAND_SIZE,
    MOST_TRICKS,
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
from ui.cards import ordinal
from ui.games.session import Step, Table, recent_lines

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


class TossTable(Table):
    """The GeoPower Toss table: in step-by-step mode a "Continue" click plays an AI's call
    together with the card it then plays, and an AI's pass in the call window together with
    what follows."""

    def pause_after(self, step: Step) -> bool:
        return not isinstance(step.action, (Call, Pass))


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


def seat_word(tab: Table, seat: int) -> str:
    """ "you" or "AI 2" / a player's name (lower-case "you" inside a sentence)."""
    return "you" if seat == tab.me else tab.seat_name(seat)


def unit_name(tab: Table, obs: GeoPowerObservation, unit: int, *, short: bool = False) -> str:
    """ "you" / "AI 1" alone; "your team (you, AI 2)" / "team 2 (AI 1, AI 3)" in a team game
    (without the members when ``short``)."""
    if not obs.teams:
        return seat_word(tab, unit)
    name = "your team" if unit == obs.team_of[tab.me] else f"team {unit + 1}"
    if short:
        return name
    return f"{name} ({', '.join(seat_word(tab, s) for s in members(obs, unit))})"


def unit_label(tab: Table, obs: GeoPowerObservation, unit: int) -> str:
    """A chip's label: "You", "AI 1 (easy)", "Team 1: you, AI 2"."""
    if not obs.teams:
        return "You" if unit == tab.me else tab.seat_label(unit)
    seats = ", ".join(seat_word(tab, s) for s in members(obs, unit))
    return f"Team {unit + 1}: {seats}"


def seat_tag(tab: Table, obs: GeoPowerObservation, seat: int) -> str:
    """A seat with its relation to you in a team game: "AI 2 (partner)"."""
    name = tab.seat_name(seat)
    if not obs.teams or seat == tab.me:
        return name
    mine = obs.team_of[seat] == obs.team_of[tab.me]
    return f"{name} ({'partner' if mine else 'opponent'})"


def who(tab: Table, seat: int, you: str, ai: str) -> str:
    return f"You {you}" if seat == tab.me else f"{tab.seat_name(seat)} {ai}"


# --- tricks ---------------------------------------------------------------------------------


def best_play(plays: Sequence[tuple[int, Card]], category: Category) -> tuple[int, Card]:
    """The seat and card winning so far: the best rank among the cards of the led Zone."""
    zone = plays[0][1].zone
    best = plays[0]
    for seat, c in plays:
        if c.zone == zone and c.rank(category) < best[1].rank(category):
            best = (seat, c)
    return best


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


def trick_number(obs: GeoPowerObservation) -> int:
    """The number of the trick being played (1 to 8)."""
    return len(obs.tricks) + 1


# --- the log --------------------------------------------------------------------------------


def play_text(card: Card, category: Category | None, zone: str | None) -> str:
    rank = f", {ordinal(card.rank(category))} in {category.value}" if category else ""
    if zone is not None and card.zone != zone:
        return f"**{card.name}** ({card.zone}: no {zone} card{rank})"
    return f"**{card.name}** ({card.zone}{rank})"


def trick_line(tab: Table, trick: Trick, category: Category) -> str:
    seat, card = next((s, c) for s, c in trick.plays if s == trick.winner)
    won = "**you win**" if seat == tab.me else f"**{seat_tag(tab, tab_obs(tab), seat)} wins**"
    return (
        f"Trick {trick.number} ({trick.zone} led): {won} with {card.name}, "
        f"{ordinal(card.rank(category))} in {category.value}."
    )


def tab_obs(tab: Table) -> GeoPowerObservation:
    return tab.history[-1].after if tab.history else tab.initial


def round_line(tab: Table, obs: GeoPowerObservation, r: RoundResult) -> str:
    """ "Round 2 (Size) — tricks: you 5, AI 1 3; points: you +10. Scores: you 20, AI 1 10." """
    tricks = []
    for u in range(units(obs)):
        called = ""
        if u in r.callers:
            called = " (GeoPlunge made)" if r.tricks[u] >= CALL_TRICKS else " (GeoPlunge failed)"
        tricks.append(f"{unit_name(tab, obs, u, short=True)} {r.tricks[u]}{called}")
    points = [f"{unit_name(tab, obs, u, short=True)} +{p}" for u, p in enumerate(r.points) if p]
    scores = ", ".join(f"{unit_name(tab, obs, u, short=True)} {s}" for u, s in enumerate(r.scores))
    return (
        f"Round {r.round_index + 1} ({r.category.label}) — tricks: {', '.join(tricks)}; "
        f"points: {', '.join(points) or 'nobody scores'}. Scores: {scores}."
    )


def round_start(tab: Table, obs: GeoPowerObservation) -> str:
    shown = ", ".join(c.label for c in obs.dealt_power)
    return (
        f"Round {obs.round_index + 1}: {who(tab, obs.dealer, 'deal', 'deals')}; GeoPower cards "
        f"face up: {shown}."
    )


def describe(tab: Table, index: int) -> list[str]:
    """Readable lines for step ``index`` from the human's point of view."""
    step = tab.history[index]
    action, seat = step.action, step.seat
    before: GeoPowerObservation = tab.before(index)
    after: GeoPowerObservation = step.after
    lines: list[str] = []
    if isinstance(action, Remove):
        lines.append(
            who(tab, seat, "remove", "removes") + f" a {action.category.label} GeoPower card."
        )
        if before.phase == DRAFT and after.phase == PLAY:
            cat = after.category
            lines.append(
                f"The GeoPower card is **{cat.label}**: in every trick of this round the "
                f"best {cat.value} rank of the led Zone wins."
            )
    elif isinstance(action, Call):
        team = f" for {unit_name(tab, after, after.team_of[seat])}" if after.teams else ""
        lines.append(
            who(tab, seat, "call", "calls") + f" GeoPlunge{team}: {CALL_TRICKS} tricks or nothing!"
        )
    elif isinstance(action, Pass):
        lines.append(who(tab, seat, "pass", "passes") + ": no GeoPlunge call.")
    elif isinstance(action, Play):
        category = before.category
        if not before.trick:
            lines.append(
                who(tab, seat, "lead", "leads")
                + f" **{action.card.name}** ({action.card.zone}), {category.label} — "
                f"{action.card.name} is {ordinal(action.card.rank(category))}."
            )
        else:
            zone = before.trick[0][1].zone
            lines.append(
                who(tab, seat, "play", "plays") + " " + play_text(action.card, category, zone) + "."
            )
        if not after.trick:
            done = (
                after.tricks[-1]
                if after.round_index == before.round_index
                else after.results[-1].played[-1]
            )
            lines.append(trick_line(tab, done, category))
            if after.phase == CALLS and before.phase == PLAY:
                lines.append(
                    f"Trick {TRICKS_BEFORE_CALL_CLOSES} is over: last chance to call GeoPlunge. "
                    "Everyone whose side has not called is asked in turn, from "
                    f"{seat_word(tab, after.leader)}, before the 5th trick."
                )
    for r in after.results[len(before.results) :]:
        lines.append(round_line(tab, after, r))
        top = max(r.scores)
        if top >= tab.state.target and r.scores.count(top) > 1 and not after.is_over:
            lines.append(f"Tied at {top}: another round is played.")
    if after.round_index > before.round_index and not after.is_over:
        lines.append(round_start(tab, after))
    if after.is_over and not before.is_over:
        lines.append(result_text(tab, after))
    return lines


def since_lines(tab: Table) -> list[str]:
    """What followed the human's last move: what that move settled (the trick or round it
    completed), then every other seat's move since."""
    own: list[str] = []
    if tab.seen and tab.history[tab.seen - 1].seat == tab.me:
        own = describe(tab, tab.seen - 1)[1:]
    return own + recent_lines(tab, describe)


def result_text(tab: Table, obs: GeoPowerObservation) -> str:
    """How the game ended, in one sentence."""
    top = max(obs.scores)
    if obs.winner is None:
        return f"Stopped after {obs.round_index} rounds with equal top scores: **a draw**."
    name = unit_name(tab, obs, obs.winner)
    title = name[0].upper() + name[1:]
    you = not obs.teams and obs.winner == tab.me
    reach, win = ("reach", "win") if you else ("reaches", "wins")
    if obs.capped:
        return (
            f"Stopped after {obs.round_index} rounds: {name} {win} with the higher score ({top})."
        )
    if obs.winner == obs.team_of[tab.me]:
        return f"{title} {reach} {top} points: **{name} {win} the game!**"
    return f"{title} {reach} {top} points and **{win} the game.**"


def fresh_results(tab: Table) -> list[RoundResult]:
    """The rounds that ended since just before the human's last action."""
    start = max(tab.seen - 1, 0)
    before: GeoPowerObservation = tab.before(start) if tab.history else tab.initial
    now = tab_obs(tab)
    return list(now.results[len(before.results) :])


# --- what a good player considers -----------------------------------------------------------


def unseen(obs: GeoPowerObservation) -> list[Card]:
    """Cards the human has not seen this round: in other hands or in the undealt stock."""
    seen = {c.usps for c in obs.hand}
    seen |= {c.usps for t in obs.tricks for _, c in t.plays}
    seen |= {c.usps for _, c in obs.trick}
    return [c for c in deck() if c.usps not in seen]


def opponent_share(
    obs: GeoPowerObservation, zone: str, seats: Iterable[int] | None = None
) -> float:
    """The chance that one unseen card of ``zone`` lies in an opponent's hand (among
    ``seats``, default all): opponents' cards over all unseen places that may hold the Zone
    (a player who did not follow it holds none; the stock holds its share)."""
    me = obs.player
    unit = obs.team_of[me]
    pool = range(obs.players) if seats is None else list(seats)
    total = obs.stock_size + sum(
        obs.hand_sizes[s] for s in range(obs.players) if s != me and zone not in obs.voids[s]
    )
    opp = sum(
        obs.hand_sizes[s]
        for s in pool
        if s != me and obs.team_of[s] != unit and zone not in obs.voids[s]
    )
    return opp / total if total else 0.0


def better_unseen(card: Card, category: Category, pool: Sequence[Card]) -> int:
    """How many unseen cards of the card's Zone have a better rank in ``category``."""
    return sum(1 for c in pool if c.zone == card.zone and c.rank(category) < card.rank(category))


def hold_chance(
    obs: GeoPowerObservation,
    card: Card,
    category: Category,
    pool: Sequence[Card],
    seats: Iterable[int] | None = None,
) -> float:
    """The chance that no opponent (among ``seats``) holds a better card of the Zone."""
    n = better_unseen(card, category, pool)
    return (1 - opponent_share(obs, card.zone, seats)) ** n if n else 1.0


def follow_reasons(obs: GeoPowerObservation) -> dict[str, str]:
    """Cards of the hand that may not be played now, with the reason (follow the Zone)."""
    if not obs.trick:
        return {}
    zone = obs.trick[0][1].zone
    if not any(c.zone == zone for c in obs.hand):
        return {}
    return {
        c.usps: f"You must follow the {zone} Zone: you hold a {zone} card."
        for c in obs.hand
        if c.zone != zone
    }


@dataclass
class PlayHints:
    """Per card a caption, the cards to outline, and a sentence of advice."""

    captions: dict[str, str]
    outline: list[str]
    advice: str


def play_hints(tab: Table, obs: GeoPowerObservation) -> PlayHints:
    """Leading: each card's chance to win as a lead. Following: which cards may follow the
    Zone and which would win the trick now (and how likely they are to hold)."""
    category = obs.category
    assert category is not None
    pool = unseen(obs)
    captions: dict[str, str] = {}
    if not obs.trick:
        chances = {c.usps: hold_chance(obs, c, category, pool) for c in obs.hand}
        for c in obs.hand:
            n = better_unseen(c, category, pool)
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
    best_seat, best_card = best_play(obs.trick, category)
    bar = best_card.rank(category)
    played = {s for s, _ in obs.trick}
    after = [s for s in range(obs.players) if s not in played and s != obs.player]
    can_follow = any(c.zone == zone for c in obs.hand)
    winners = []
    for c in obs.hand:
        if c.zone != zone:
            captions[c.usps] = (
                f"must follow {zone}" if can_follow else "off-Zone: cannot win this trick"
            )
            continue
        r = c.rank(category)
        if r < bar:
            chance = hold_chance(obs, c, category, pool, after) if after else 1.0
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
                f"Your partner {tab.seat_name(best_seat)} is winning with {best_card.name}; "
                + advice
            )
    else:
        advice = (
            f"None of your {zone} cards beats {best_card.name} ({ordinal(bar)}): play your "
            f"weakest {zone} card (the worst {category.value} rank) and keep the strong ones."
        )
    if partner and not winners:
        advice = f"Your partner {tab.seat_name(best_seat)} is winning this trick. " + advice
    return PlayHints(captions, [c.usps for c in winners], advice)


def draft_strength(obs: GeoPowerObservation) -> dict[Category, float]:
    """For each category still face up: about how many tricks the hand would win as leads if
    it became the GeoPower card (the sum of each card's chance to win when led)."""
    pool = unseen(obs)
    cats = [c for c in Category if c in obs.face_up]
    return {cat: sum(hold_chance(obs, card, cat, pool) for card in obs.hand) for cat in cats}


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
    tab: Table,
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
    top_seat = winner if winner is not None else best_play(plays, category)[0]
    for seat, card in plays:
        short = "You" if seat == tab.me else tab.seat_name(seat)
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


def table_map(tab: Table, obs: GeoPowerObservation) -> MapParts:
    """The trick on the table; else the last finished trick; else your hand."""
    if obs.trick:
        return trick_map(
            tab,
            obs.trick,
            obs.category,
            title=f"Trick {trick_number(obs)}: the {obs.trick[0][1].zone} Zone was led",
        )
    last = last_trick(obs)
    category = last_category(obs)
    if last is not None and category is not None:
        return trick_map(
            tab,
            last.plays,
            category,
            winner=last.winner,
            title=f"Trick {last.number} ({last.zone} led), won by {tab.seat_name(last.winner)}",
        )
    return hand_map(obs)


# --- the end --------------------------------------------------------------------------------


def summary(tab: Table, obs: GeoPowerObservation) -> list[str]:
    """Rounds, tricks and scores, one line per round, then the deal (at a shared table the
    table and its game instead: the seed is never shown)."""
    scores = ", ".join(f"{unit_name(tab, obs, u)} {s}" for u, s in enumerate(obs.scores))
    lines = [f"{len(obs.results)} rounds of 8 tricks; final scores: {scores}."]
    lines += [round_line(tab, obs, r) for r in obs.results]
    calls = [(r, u) for r in obs.results for u in r.callers]
    if calls:
        made = sum(1 for r, u in calls if r.tricks[u] >= CALL_TRICKS)
        lines.append(f"GeoPlunge calls: {len(calls)}, made {made}.")
    team = f" in {obs.teams} teams" if obs.teams else ""
    if tab.shared:  # the deal's seed is the table's secret
        lines.append(f"{tab.about()}, {obs.players} players{team}.")
    else:
        lines.append(
            f"Deal {tab.setup.seed}, {obs.players} players{team}, AI level "
            f"{', '.join(tab.setup.levels)}."
        )
    return lines
