"""BorderCap Gin's page: the piles, the hand and the move widgets, the hints, the hand on the
map, the rounds and the log, all from this seat's recorded steps.

Everything is read from the own observation of the screen's seat (``session.me``;
``GinObservation``), kept with every step by the session (at a shared table too, where
``session.state`` is that seat's observation only): the log in words (:func:`describe`), who
discarded each card of the pile (:func:`pile_discarders`), the groups a hand holds and the
cards that would complete a win (the hints, judged by the true map and capitals of
``engine.melds``; the numbers behind them are the engine's, ``engine.bordercap_gin.odds``, the
ones the AI reads), why a move is not allowed (in the engine's words, ``why_not``), and the map
of a hand (:func:`hand_map`): its border links as lines, each capital's first letter on its
state, and with hints the groups coloured. URL choice: ``target`` (``50`` or ``30``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from html import escape
from itertools import combinations

import streamlit as st

from engine.bordercap_gin import (
    DECLARE,
    DISCARD,
    DRAW,
    DRAW_ACTION,
    END_TURN,
    BorderCapGin,
    Declare,
    Discard,
    Draw,
    EndTurn,
    GinObservation,
    RoundResult,
    Take,
    odds,
)
from engine.cards import Card
from engine.melds import best_split, describe_group, groups_in, hubs, no_win_reasons, split_points
from ui.cards import card_html, zone_color
from ui.games.next_move import next_move
from ui.games.protocol import GameBoard
from ui.games.session import GameSession, Step, recent_lines, sentence
from ui.games.setup import TARGET
from ui.games.widgets import (
    CARD_WIDTH,
    action_button,
    card_buttons,
    continue_button,
    hint_box,
    markdown_list,
    play_area,
    rounds_so_far,
    show_cards,
    show_hand,
    show_message,
    since_your_last_move,
)
from ui.games.words import Ending, GameWords, Hints, Status, result_kind
from ui.links import plain
from ui.maps import us_map

RULES = """
**The goal.** Be the first to **50 points**. You score by holding seven cards that split into
a *4-group* and a *3-group* of states that belong together.

**Groups.**
- A **4-group**: four cards in which one state borders the other three — or four states whose
  capitals start with the same letter (Salem, Springfield, Santa Fe, Sacramento).
- A **3-group**: three cards in which one state borders the other two — or three capitals with
  the same first letter.
- The two groups never share a card, and a group is either a border "star" or a letter set,
  not a mix. Borders are land borders plus the two Four Corners diagonals (Arizona–Colorado,
  Utah–New Mexico); states that only face each other across water do not count.

**A round.** Everyone gets 7 cards; the player to the dealer's left gets 8 and opens by
discarding one face up. Then, in turn, each player takes a card — the one the previous player
has just discarded, or the top card of the deck — and discards one. Only the next player may
pick up a discard, and a card you took from the pile cannot go straight back on it.

**Two players only:** twice per round each player may discard face down — never the opening
discard, which is always face up. The other player must then draw from the deck; a face-down
card is never picked up.

**Winning a round.** At the end of your turn, after your discard, declare your hand. You
declare the seven cards, not a grouping: the app finds the way to split them that scores
most, so grouping the same cards another way never costs you the bonus. A hand that does not
split is explained group by group and costs nothing — play on. A win scores **20**, plus a
**10 bonus** when the 4-group has two states that each border all three others, or four
capitals with the same letter. Then the cards are shuffled and the deal passes one seat to
the left.

**Running out.** When the deck is used up, the discard pile except its top card (and any
face-down cards) is shuffled into a new deck. A round still without a winner after 200 turns
is void and dealt again; a second void round ends the game (the higher score wins).

**In this app.** "Discard" discards a card and ends your turn. To declare, set **After your
discard** (next to your hand) to **Declare a win**, then click the card you let go: the app
declares the other seven in one go. With hints on, a discard that wins gets its own
one-click button.
"""

MAP_LABELS: dict[str, str] = {
    "mine": "in your hand",
    "missed": "would complete a win",
    "theirs": "the discard you may take",
}
GROUP_ROLES: tuple[str, str] = ("target", "correct")  #: the colours of a first and second group


# --- words ----------------------------------------------------------------------------------


def names(cards: Iterable[Card], last: str = "and") -> str:
    """ "Ohio, Texas and Utah" (in the order given)."""
    words = [c.name for c in cards]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def win_text(four: Sequence[Card], three: Sequence[Card]) -> str:
    """A winning split in words, with the reason each group is one."""
    return (
        f"**{names(four)}** ({describe_group(four)}) and **{names(three)}** "
        f"({describe_group(three)})"
    )


def describe(session: GameSession, index: int) -> list[str]:
    """Readable lines for step ``index``, from this screen's seat (a card drawn by another
    seat or discarded face down by it is never named)."""
    step = session.history[index]
    action, seat = step.action, step.seat
    before: GinObservation = session.before(index)
    after: GinObservation = step.after
    lines: list[str] = []
    kind = type(action)
    if kind is Draw:
        new = [c for c in after.hand if c not in before.hand] if seat == session.me else []
        if new:
            lines.append(f"You draw **{new[0].name}** from the deck.")
        else:
            lines.append(session.who(seat, "draw", "draws") + " from the deck.")
    elif kind is Take:
        lines.append(session.who(seat, "take", "takes") + f" **{action.card.name}** from the pile.")
    elif kind is Discard:
        left = after.face_down_left[seat] if seat is not None else 0
        if action.face_down:
            what = f"**{action.card.name}**" if seat == session.me else "a card"
            lines.append(
                session.who(seat, "discard", "discards")
                + f" {what} face down ({left} face-down discard{'s' if left != 1 else ''} left "
                "this round)."
            )
        else:
            lines.append(session.who(seat, "discard", "discards") + f" **{action.card.name}**.")
    elif kind is Declare:
        result = after.results[-1] if after.results else None
        points = f"{result.points} points" if result is not None else "the round"
        four, three = (result.four, result.three) if result is not None else (action.four, ())
        lines.append(
            session.who(seat, "declare", "declares")
            + f" a win with {win_text(four, three)}: {points}"
            + (" (with the bonus)." if result is not None and result.points > 20 else ".")
        )
    if after.round_index == before.round_index and after.deck_size > before.deck_size - (
        kind is Draw
    ):
        lines.append(
            "The deck ran out: the discard pile except its top card was shuffled into a new "
            f"deck of {after.deck_size} cards."
        )
    for result in after.results[len(before.results) :]:
        if result.winner is None:
            lines.append(f"Round {result.round_index + 1} is void: no winner after 200 turns.")
    if after.round_index > before.round_index and not after.is_over:
        lines.append(round_start(session, after))
    if after.is_over and not before.is_over:
        lines.append(result_text(session, after))
    return lines


def opener(obs: GinObservation) -> int:
    return (obs.dealer + 1) % obs.players


def round_start(session: GameSession, obs: GinObservation) -> str:
    """ "Round 2: AI 1 deals; you get 8 cards and open." """
    dealer = session.who(obs.dealer, "deal", "deals")
    first = session.who(opener(obs), "get", "gets").replace("You", "you", 1)
    opens = "open" if opener(obs) == session.me else "opens"
    return f"Round {obs.round_index + 1}: {dealer}; {first} 8 cards and {opens}."


def result_text(session: GameSession, obs: GinObservation) -> str:
    """How the game ended, in one sentence."""
    top = max(obs.scores)
    if obs.void_rounds >= 2 and top < session.state.target:
        if obs.winner is None:
            return "Two void rounds end the game, and the top scores are equal: **a draw**."
        lead = "you win" if obs.winner == session.me else f"{session.seat_name(obs.winner)} wins"
        return f"Two void rounds end the game: {lead} with the higher score ({top})."
    if obs.winner == session.me:
        return f"You reach {obs.scores[session.me]} points: **you win the game!**"
    return (
        f"{session.seat_name(obs.winner)} reaches {obs.scores[obs.winner]} points and "
        "**wins the game.**"
    )


def result_lines(session: GameSession, results: Sequence[RoundResult]) -> list[str]:
    """One line per round: who won it, with what, for how many points."""
    out = []
    for r in results:
        if r.winner is None:
            out.append(f"Round {r.round_index + 1}: void (no winner after 200 turns).")
        else:
            winner = "you" if r.winner == session.me else session.seat_name(r.winner)
            out.append(
                f"Round {r.round_index + 1}: {winner} won {r.points} points with "
                f"{win_text(r.four, r.three)}."
            )
    return out


def drawn_card(session: GameSession) -> Card | None:
    """The card this screen's seat drew from the deck this turn (still in hand), if any."""
    if not session.history:
        return None
    step = session.history[-1]
    if step.seat != session.me or not isinstance(step.action, Draw):
        return None
    before = session.before(len(session.history) - 1)
    new = [c for c in step.after.hand if c not in before.hand]
    return new[0] if new else None


def last_discard(session: GameSession) -> Step | None:
    """The latest discard of the current round (face up or face down), if any."""
    for step in reversed(session.history):
        if step.after.round_index != session.state.round_index:
            break
        if isinstance(step.action, Discard):
            return step
    return None


def pile_discarders(session: GameSession) -> list[int]:
    """Who discarded each card of the face-up pile (bottom first): the seat of the latest
    face-up discard of that card in the current round (a card may come round again after the
    deck is turned over; the pile holds only its latest discard)."""
    now: GinObservation = session.latest()
    by: dict[str, int] = {}
    for step in reversed(session.history):
        if step.after.round_index != now.round_index:
            break
        action = step.action
        if isinstance(action, Discard) and not action.face_down:
            by.setdefault(action.card.usps, step.seat)
    return [by[c.usps] for c in now.pile]


# --- what a good player considers (true geography) ------------------------------------------


def links_in(hand: Sequence[Card]) -> dict[str, list[Card]]:
    """For each card, the cards of the hand it borders or shares a capital letter with."""
    out: dict[str, list[Card]] = {}
    for c in hand:
        out[c.usps] = [
            o
            for o in hand
            if o is not c and (o.usps in c.borders or o.capital_initial == c.capital_initial)
        ]
    return out


def stars(hand: Sequence[Card]) -> list[tuple[Card, list[Card]]]:
    """The cards that border at least two others of the hand, with those others."""
    found = []
    for c in hand:
        around = [o for o in hand if o.usps in c.borders]
        if len(around) >= 2:
            found.append((c, around))
    return sorted(found, key=lambda s: (-len(s[1]), s[0].name))


def letter_sets(hand: Sequence[Card]) -> list[tuple[str, list[Card]]]:
    """The capital initials shared by at least three cards of the hand, with the cards."""
    by_letter: dict[str, list[Card]] = {}
    for c in hand:
        by_letter.setdefault(c.capital_initial, []).append(c)
    return sorted(
        ((k, v) for k, v in by_letter.items() if len(v) >= 3), key=lambda s: (-len(s[1]), s[0])
    )


def groups_lines(hand: Sequence[Card]) -> list[str]:
    """The groups a hand holds, one line per border star or capital letter."""
    lines = []
    for hub, around in stars(hand):
        n = len(around)
        kind = (
            "a 3-group"
            if n == 2
            else "a 4-group"
            if n == 3
            else "4-groups (it and any three of them)"
        )
        lines.append(f"**{hub.name}** borders {names(around)}: {kind}.")
    for letter, cards in letter_sets(hand):
        capitals = ", ".join(f"{c.capital} ({c.name})" for c in cards)
        kind = "a 3-group" if len(cards) == 3 else "a 4-group"
        lines.append(f"Capitals starting with **{letter}**: {capitals}: {kind}.")
    return lines


def best_groups(hand: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """The groups to colour on the map: a winning split if the hand holds one, else the two
    disjoint groups that cover the most cards (a 4-group preferred), else the largest group."""
    if len(hand) == 7:
        split = best_split(hand)
        if split is not None:
            return split
    groups = groups_in(list(hand))
    best: tuple[tuple[Card, ...], ...] = ()
    best_key = (0, 0)
    for g in groups:
        key = (len(g), 0)
        if key > best_key:
            best, best_key = (g,), key
    for g, h in combinations(groups, 2):
        if {c.usps for c in g} & {c.usps for c in h}:
            continue
        key = (len(g) + len(h), max(len(g), len(h)))
        if key > best_key:
            best, best_key = ((g, h) if len(g) >= len(h) else (h, g)), key
    return best


@dataclass
class DiscardAdvice:
    """For each card of an 8-card hand, what discarding it leaves: a win, the number of
    outs (live cards that would complete a win) and the groups of the seven kept."""

    wins: dict[str, tuple[tuple[Card, ...], tuple[Card, ...]]] = field(default_factory=dict)
    outs: dict[str, int] = field(default_factory=dict)
    groups: dict[str, int] = field(default_factory=dict)
    best: Card | None = None


def discard_advice(obs: GinObservation) -> DiscardAdvice:
    """Rank the discards of the hand to act: a win first, then the most outs, then the most
    groups, then the most links (a card linked to nothing is the first to go)."""
    advice = DiscardAdvice()
    live = odds.live_cards(obs)
    links = links_in(obs.hand)
    scored = []
    for d in obs.hand:
        if d is obs.taken or d == obs.taken:
            continue
        seven = [c for c in obs.hand if c is not d]
        split = best_split(seven)
        if split is not None:
            advice.wins[d.usps] = split
        n_outs = 0 if split else len(odds.outs(seven, live))
        advice.outs[d.usps] = n_outs
        advice.groups[d.usps] = len(groups_in(seven))
        scored.append(((split is not None, n_outs, advice.groups[d.usps], -len(links[d.usps])), d))
    if scored:
        advice.best = max(scored, key=lambda s: (s[0], s[1].name))[1]
    return advice


def take_advice(obs: GinObservation) -> str | None:
    """What the discard that may be taken would do for the hand (``None`` when none)."""
    top = obs.just_discarded
    if top is None or obs.phase != DRAW:
        return None
    eight = [*obs.hand, top]
    for d in obs.hand:
        seven = [c for c in eight if c is not d]
        split = best_split(seven)
        if split is not None:
            return (
                f"Taking **{top.name}** gives you a win: discard {d.name} and declare "
                f"{win_text(*split)}."
            )
    before = {frozenset(c.usps for c in g) for g in groups_in(list(obs.hand))}
    new = [g for g in groups_in(eight) if frozenset(c.usps for c in g) not in before]
    if new:
        g = max(new, key=len)
        return f"**{top.name}** would make a new group: {names(g)} ({describe_group(g)})."
    linked = [c for c in obs.hand if c.usps in top.borders]
    if linked:
        return f"**{top.name}** borders {names(linked)} in your hand, but makes no group yet."
    return f"**{top.name}** fits none of your cards: draw from the deck."


def card_captions(obs: GinObservation, advice: DiscardAdvice | None = None) -> dict[str, str]:
    """A short line per card of the hand: what it links to (and what discarding it leaves)."""
    links = links_in(obs.hand)
    grouped = {c.usps for g in groups_in(list(obs.hand)) for c in g}
    out = {}
    for c in obs.hand:
        linked = links[c.usps]
        text = (
            "in a group"
            if c.usps in grouped
            else f"linked to {len(linked)} card{'s' if len(linked) != 1 else ''}"
            if linked
            else "no link to your cards"
        )
        if advice is not None and c.usps in advice.outs:
            n = advice.outs[c.usps]
            if c.usps in advice.wins:
                text += " · discard it and you win"
            elif n:
                text += f" · then {n} card{'s' if n != 1 else ''} would win"
        out[c.usps] = text
    return out


def face_down_advice(obs: GinObservation, card: Card) -> str | None:
    """Why ``card`` might go face down (it helps a card the other player took), when the engine
    lets it go face down now."""
    if BorderCapGin.why_not(obs, Discard(card, face_down=True)) is not None:
        return None
    theirs = obs.took[1 - obs.player]
    helps = [
        c for c in theirs if c.usps in card.borders or c.capital_initial == card.capital_initial
    ]
    if helps:
        return (
            f"The other player took {names(helps)}; {card.name} goes with it — discard it face "
            "down so it cannot be picked up."
        )
    return None


# --- the map --------------------------------------------------------------------------------


@dataclass
class MapParts:
    """What to draw on the map of a hand."""

    roles: dict[str, str]
    notes: dict[str, str]
    links: list[tuple[str, str]]
    dashed: list[tuple[str, str]]
    letters: dict[str, str]
    labels: dict[str, str]


def hand_map(
    hand: Sequence[Card],
    *,
    groups: Sequence[Sequence[Card]] = (),
    top: Card | None = None,
    winners: Sequence[Card] = (),
) -> MapParts:
    """The hand's states; a line for each border between two of its cards (dashed to the
    discard that may be taken); each capital's first letter on its state; ``groups`` coloured
    (:data:`GROUP_ROLES`); ``winners`` (outs) in ``missed``."""
    roles = {c.usps: "mine" for c in hand}
    labels = dict(MAP_LABELS)
    for role, group in zip(GROUP_ROLES, groups, strict=False):
        for c in group:
            roles[c.usps] = role
        same = role != GROUP_ROLES[0] and len(group) == len(groups[0])
        labels[role] = f"{'another' if same else 'your'} {len(group)}-group"
    for c in winners:
        roles.setdefault(c.usps, "missed")
    notes = {}
    for c in hand:
        inside = [o.name for o in hand if o.usps in c.borders]
        notes[c.usps] = f"capital {c.capital}" + (
            f" · borders {', '.join(inside)}" if inside else ""
        )
    links = [(a.usps, b.usps) for a, b in combinations(hand, 2) if b.usps in a.borders]
    dashed: list[tuple[str, str]] = []
    letters = {c.usps: c.capital_initial for c in hand}
    if top is not None and top.usps not in roles:
        roles[top.usps] = "theirs"
        notes[top.usps] = f"capital {top.capital} · on the discard pile"
        dashed = [(top.usps, c.usps) for c in hand if c.usps in top.borders]
        letters[top.usps] = top.capital_initial
    return MapParts(roles, notes, links, dashed, letters, labels)


def winning_hand_map(result: RoundResult) -> MapParts:
    """The map of a declared win: the 4-group and the 3-group, their border links."""
    hand = [*result.four, *result.three]
    parts = hand_map(hand, groups=(result.four, result.three))
    parts.labels.update(dict(zip(GROUP_ROLES, ("the 4-group", "the 3-group"), strict=True)))
    parts.links = [
        (a.usps, b.usps)
        for group in (result.four, result.three)
        for a, b in combinations(group, 2)
        if b.usps in a.borders and (a in hubs(group) or b in hubs(group))
    ]
    return parts


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


# --- status and the end ---------------------------------------------------------------------


def phase_text(obs: GinObservation) -> str:
    return {DRAW: "take a card", DISCARD: "discard", DECLARE: "declare or end the turn"}.get(
        obs.phase, ""
    )


def pending(session: GameSession, obs: GinObservation) -> str:
    """What the seat to act (another seat) is about to do, from the public facts: a Gin turn
    is a draw, a discard, then a declaration or the end of the turn."""
    seat = obs.to_act
    if seat is None:
        return ""
    who = sentence(session.subject(seat))
    if obs.phase == DRAW:
        top = obs.just_discarded
        return f"{who} will now take a card: " + (
            f"{top.name}, just discarded, or the top card of the deck."
            if top is not None
            else "the top card of the deck."
        )
    if obs.phase == DISCARD:
        if obs.turn == 1 and obs.hand_sizes[seat] == 8 and obs.taken is None:
            return f"{who} opens round {obs.round_index + 1}: one discard, face up."
        took = f" took {obs.taken.name} and" if obs.taken is not None else " drew and"
        return f"{who}{took} will now discard a card."
    if obs.phase == DECLARE:
        return f"{who} has discarded and will now declare a win or end the turn."
    return ""


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


def by_name(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: c.name)


# --- the page -------------------------------------------------------------------------------

PILE_SHOWN = 8  #: discards named under the pile's top card (the most recent first)


def draw_map(parts: MapParts, key: str, height: int = 340) -> None:
    """A hand on the map: coloured states, border links, capital initials."""
    us_map(
        key,
        parts.roles,
        notes=parts.notes,
        words=parts.labels,
        links=parts.links,
        dashed=parts.dashed,
        labels=parts.letters,
        badges=True,
        height=height,
        label="Your hand on the map",
    )


def others_line(session: GameSession, obs: GinObservation) -> str:
    """What is known of each other seat's hand: the cards it took from the pile (public) and,
    with two players, its face-down discards left."""
    parts = []
    for s in range(obs.players):
        if s == session.me:
            continue
        facts = []
        if obs.took[s]:
            facts.append(f"holds {names(obs.took[s])} (taken from the pile)")
        if obs.players == 2:
            n = obs.face_down_left[s]
            facts.append(f"{n} face-down discard{'s' if n != 1 else ''} left")
        if facts:
            parts.append(f"**{session.seat_label(s)}** " + ", ".join(facts))
    return " · ".join(parts)


def pile_caption(session: GameSession, obs: GinObservation, mine: bool) -> str:
    """Who discarded the top card, and whether it may still be taken."""
    last = last_discard(session)
    if last is None or not obs.pile:
        return ""
    by = session.mention(pile_discarders(session)[-1])
    if last.action.face_down:
        return (
            f"discarded by {by} · out of reach: {session.mention(last.seat)} then discarded face "
            "down"
        )
    if obs.just_discarded is None:
        return f"discarded by {by} · out of reach now"
    if mine and obs.phase == DRAW:
        return f"just discarded by {by} — you may take it"
    return f"just discarded by {by}"


def take_refusal(obs: GinObservation) -> str | None:
    """Why the top of the pile may not be taken now, in the engine's words (``None`` when it
    may; an empty pile is the engine's to say too)."""
    return BorderCapGin.why_not(obs, Take(obs.pile[-1] if obs.pile else None))


def deck_html(obs: GinObservation) -> str:
    """The deck's slot: how many cards, and the face-down ones beside the pile."""
    downs = f"<br>{obs.face_down_count} face down beside the pile" if obs.face_down_count else ""
    return f"<div class='gp-slot'><b>Deck</b><br>{obs.deck_size} cards{downs}</div>"


def piles(session: GameSession, obs: GinObservation, *, mine: bool, buttons: bool) -> None:
    """The deck and the discard pile (with the Draw and Take buttons on this seat's draw)."""
    row = st.container(horizontal=True, gap="small")
    with row.container(width=CARD_WIDTH, gap="xsmall"):
        st.html(deck_html(obs))
        if buttons:
            action_button(
                session, "Draw", DRAW_ACTION, name="draw", icon=":material/playing_cards:"
            )
    with row.container(width=CARD_WIDTH, gap="xsmall"):
        top = obs.pile[-1] if obs.pile else None
        if top is None:
            st.html("<div class='gp-slot'><b>Discard pile</b><br>empty</div>")
        else:
            caption = pile_caption(session, obs, mine)
            st.html(card_html(top, caption=caption, dim=obs.just_discarded is None))
        if buttons:
            why = take_refusal(obs)
            action_button(
                session,
                f"Take {top.name}" if top is not None else "Take",
                Take(top) if top is not None else None,
                name="take",
                primary=False,
                disabled=why is not None,
                help=why,
                icon=":material/back_hand:",
            )
    if len(obs.pile) > 1:
        seats = pile_discarders(session)
        below = list(reversed(list(zip(obs.pile[:-1], seats[:-1], strict=True))))
        earlier = ", ".join(f"{c.name} ({session.mention(s)})" for c, s in below[:PILE_SHOWN])
        more = f" and {len(below) - PILE_SHOWN} more" if len(below) > PILE_SHOWN else ""
        st.caption(f"Discard pile ({len(obs.pile)} cards), below the top: {earlier}{more}.")


def discard_and_end(session: GameSession, action: Discard, version: int) -> None:
    """A Discard click: discard, then end the turn (declaring has its own buttons)."""
    played = session.act(action, version) is None
    if played and session.humans_turn and session.state.phase == DECLARE:
        session.act(END_TURN)


def declare(session: GameSession, discard: Discard | None, version: int) -> None:
    """Declare the hand (after discarding ``discard`` when given): the engine scores its best
    split. A refused declaration leaves the turn open, and the page explains it group by
    group until the next move."""
    if discard is not None:
        if session.act(discard, version) is not None:
            return
        version = session.version
    if session.act(Declare(), version) is not None:
        session.extra["refused"] = session.version


def holding_lines(cards: Sequence[Card]) -> list[str]:
    """The groups a hand holds, for the hints (or how to look for one)."""
    found = groups_lines(cards)
    if not found:
        return [
            "Your hand holds no group yet: look for a state that borders two of your "
            "cards, or three capitals with the same first letter."
        ]
    return ["Your hand holds: " + " ".join(found)]


def draw_hints(obs: GinObservation) -> list[str]:
    """Before the draw: the groups, a win held or one card away, the discard's worth."""
    hand = by_name(obs.hand)
    lines = holding_lines(hand)
    split = best_split(hand)
    if split is not None:
        lines.append("You already hold a win — " + win_text(*split) + ".")
    elif winners := odds.outs(hand, odds.live_cards(obs)):
        lines.append(f"One card from a win: {names(by_name(winners), 'or')} (not seen yet).")
    if advice := take_advice(obs):
        lines.append(advice)
    return lines


def draw_widgets(session: GameSession, obs: GinObservation, left, below) -> None:
    """Your draw: the card just discarded, or the top card of the deck."""
    top = obs.just_discarded
    with left, next_move():
        st.markdown(
            "**Your turn: take a card** — "
            + (f"pick up {top.name}, just discarded, or " if top is not None else "")
            + "draw the top card of the deck."
        )
        if session.hints:
            hint_box(draw_hints(obs))
        show_message(session)
        piles(session, obs, mine=True, buttons=True)
    with below:
        show_hand(by_name(obs.hand), card_captions(obs) if session.hints else None)


def discard_hint_lines(obs: GinObservation, advice: DiscardAdvice) -> list[str]:
    """The hint before a discard: the groups, the card to let go and why."""
    lines = holding_lines(by_name(obs.hand))
    best = advice.best
    if best is None:
        return lines
    if best.usps in advice.wins:
        four, three = advice.wins[best.usps]
        lines.append(
            f"Discard **{best.name}** and declare: {win_text(four, three)}, "
            f"{split_points(four)} points."
        )
    else:
        n = advice.outs[best.usps]
        lines.append(
            f"The outlined card, **{best.name}**, is the best to let go: "
            + (
                f"the seven left can be completed by {n} card{'s' if n != 1 else ''} not seen yet."
                if n
                else "it helps your groups least."
            )
        )
    if down := face_down_advice(obs, best):
        lines.append(down)
    return lines


def discard_captions(
    obs: GinObservation, advice: DiscardAdvice | None, new: Card | None
) -> dict[str, str]:
    """The lines under each card before a discard: the card just drawn or taken, and with
    hints what discarding it leaves."""
    captions = card_captions(obs, advice) if advice is not None else {}
    if new is not None:
        captions[new.usps] = "just drawn" + (f" · {captions[new.usps]}" if captions else "")
    taken = obs.taken
    if taken is not None:
        captions[taken.usps] = "just taken" + (
            f" · {captions[taken.usps]}" if taken.usps in captions else ""
        )
    return captions


def face_control(session: GameSession, obs: GinObservation) -> bool:
    """ "Face up" or "Face down" (while the engine allows one face down); True for face down."""
    left_down = obs.face_down_left[session.me]
    opponent = session.subject(1 - session.me)
    how = st.segmented_control(
        "How to discard",
        ["up", "down"],
        default="up",
        required=True,
        format_func=lambda v: (
            "Face up" if v == "up" else f"Face down ({left_down} left this round)"
        ),
        key=session.wkey("face"),
        help=f"A face-down card cannot be picked up: {opponent} must then draw from the deck.",
    )
    return how == "down"


def discard_widgets(session: GameSession, obs: GinObservation, left, below) -> None:
    """Your discard: one card of the hand (face up or down), then the end of the turn or a
    declaration of the seven left."""
    hand = by_name(obs.hand)
    opening = obs.turn == 1 and len(obs.hand) == 8 and obs.taken is None
    new = drawn_card(session)
    face_down = False
    spare = next(c for c in hand if c != obs.taken)  # a card that may be discarded
    down_refused = BorderCapGin.why_not(obs, Discard(spare, face_down=True))
    advice = discard_advice(obs) if session.hints else None
    with left:
        if opening:  # the engine's sentence says the opening discard is face up
            st.markdown(f"**You open round {obs.round_index + 1}.** {down_refused or ''}")
        else:
            if obs.taken is not None:
                got = f"You took **{obs.taken.name}**. "
            else:
                got = f"You drew **{new.name}**. " if new is not None else ""
            st.markdown(f"{got}**Now discard one card** — that ends your turn.")
        if down_refused is None:
            face_down = face_control(session, obs)
        if advice is not None:
            hint_box(discard_hint_lines(obs, advice))
            best = advice.best
            if best is not None and best.usps in advice.wins:
                st.button(
                    f"Discard {best.name}{' face down' if face_down else ''} and declare",
                    key=session.bkey("discard_and_declare"),
                    type="primary",
                    icon=":material/emoji_events:",
                    width="stretch",
                    on_click=declare,
                    args=(session, Discard(best, face_down), session.version),
                )
        show_message(session)
        piles(session, obs, mine=True, buttons=False)
    disabled = {  # the card just taken, in the engine's words
        c.usps: why for c in hand if (why := BorderCapGin.why_not(obs, Discard(c, face_down)))
    }
    with below, next_move():
        then = st.segmented_control(
            "After your discard",
            ["end", "declare"],
            default="end",
            required=True,
            format_func=lambda v: "End my turn" if v == "end" else "Declare a win",
            key=session.wkey("then"),
            help=(
                "Spotted a win? Choose Declare a win, then click the card you let go: the app "
                "checks the other seven and scores their best split. A hand that does not win "
                "is explained and costs nothing."
            ),
        )
        declaring = then == "declare"
        st.markdown(
            "**Your hand** — "
            + (
                "click the card you let go to declare the other seven"
                if declaring
                else "discard one card"
            )
        )
        label = "Discard face down" if face_down else "Discard"
        card_buttons(
            session,
            hand,
            label=f"{label} and declare" if declaring else label,
            action=lambda c: Discard(c, face_down),
            name="discard",
            disabled=disabled,
            captions=discard_captions(obs, advice, new),
            highlight=[advice.best.usps] if advice is not None and advice.best else [],
            on_click=declare if declaring else discard_and_end,
        )


def declare_widgets(session: GameSession, obs: GinObservation, left, below) -> None:
    """After your discard: declare the seven cards, or end your turn."""
    hand = by_name(obs.hand)
    refused = session.message and session.extra.get("refused") == session.version
    with left, next_move():
        st.markdown("**Your discard is down.** Declare your hand, or end your turn.")
        if session.hints:
            hint_box(declare_hint_lines(hand))
        if refused:
            st.warning(
                "**Not a win** — these seven cards do not split into a 4-group and a 3-group. "
                "The declaration was refused, and costs you nothing:\n\n"
                + markdown_list(no_win_reasons(hand)),
                icon=":material/block:",
            )
        else:
            show_message(session)
        action_button(
            session, "End my turn", END_TURN, name="end_turn", primary=False, icon=":material/redo:"
        )
    with below:
        st.markdown("**Your hand**")
        st.button(
            "Declare",
            key=session.bkey("declare"),
            type="primary",
            icon=":material/emoji_events:",
            help="Declare these seven cards: the app checks them and scores their best split.",
            on_click=declare,
            args=(session, None, session.version),
        )
        show_cards(hand, card_captions(obs) if session.hints else None)


def declare_hint_lines(hand: Sequence[Card]) -> list[str]:
    """The hint after the discard: the groups, and whether the seven cards are a win."""
    split = best_split(hand)
    return holding_lines(hand) + (
        ["You hold a win: " + win_text(*split) + "."]
        if split is not None
        else ["These seven cards do not split into a 4-group and a 3-group."]
    )


def move_hints(session: GameSession) -> Hints:
    """The hints before this seat's move: before the draw, before the discard (the card to let
    go outlined) and after it (nothing while another seat acts)."""
    obs = session.state.observation(session.me)
    if not session.humans_turn:
        return Hints()
    if obs.phase == DRAW:
        return Hints(draw_hints(obs), card_captions(obs))
    if obs.phase == DISCARD:
        advice = discard_advice(obs)
        outline = [advice.best.usps] if advice.best is not None else []
        captions = discard_captions(obs, advice, drawn_card(session))
        return Hints(discard_hint_lines(obs, advice), captions, outline)
    if obs.phase == DECLARE:
        return Hints(declare_hint_lines(by_name(obs.hand)), card_captions(obs))
    return Hints()


def waiting_widgets(session: GameSession, obs: GinObservation, left, below) -> None:
    """Another seat's turn: what it is about to do, the piles and the hand (no move widgets;
    in step-by-step mode against the AI, the Continue button)."""
    with left:
        st.markdown(f"**{pending(session, obs)}**")
        continue_button(session)
        piles(session, obs, mine=False, buttons=False)
    with below:
        show_hand(by_name(obs.hand))


def round_banner(session: GameSession, result: RoundResult) -> None:
    """A round just won: who, with which groups (tiles and a map)."""
    me = session.me
    winner = "You win" if result.winner == me else f"{session.seat_name(result.winner)} wins"
    text = (
        f"**{winner} round {result.round_index + 1}** with the groups below: "
        f"{result.points} points" + (" (20 + the 10 bonus)." if result.points > 20 else ".")
    )
    (st.success if result.winner == me else st.info)(text, icon=":material/emoji_events:")
    tiles_box, map_box = st.columns([3, 2], gap="medium")
    with tiles_box:
        st.html(
            mini_cards_html(
                [
                    (f"4-group: {describe_group(result.four)}", result.four),
                    (f"3-group: {describe_group(result.three)}", result.three),
                ]
            )
        )
    with map_box:
        draw_map(
            winning_hand_map(result),
            f"{session.key}_win_map_{session.serial}_{result.round_index}",
            height=200,
        )


def hand_map_panel(session: GameSession, obs: GinObservation, mine: bool) -> None:
    """Your hand on the map (with hints: its groups, and the cards that would win)."""
    st.markdown("**Your hand on the map**")
    groups = best_groups(obs.hand) if session.hints else ()
    winners = []
    if session.hints and len(obs.hand) == 7 and best_split(obs.hand) is None:
        winners = odds.outs(obs.hand, odds.live_cards(obs))
    parts = hand_map(
        obs.hand,
        groups=groups,
        top=obs.just_discarded if mine and obs.phase == DRAW else None,
        winners=winners,
    )
    draw_map(parts, session.bkey("hand_map"))
    st.caption(
        "Lines join cards of your hand that border each other (dotted: to the discard you may "
        "take); the letters are the capitals' initials."
    )


class BorderCapGinWords(GameWords):
    game_id = "bordercap_gin"
    title = "BorderCap Gin"
    choices = (TARGET,)
    intro_text = (
        "Collect a 4-group and a 3-group: states that border one card of the group, or "
        "capitals that share a first letter. The first to 50 points wins."
    )
    rules_text = RULES
    describe = staticmethod(describe)

    @staticmethod
    def pause_after(step: Step) -> bool:
        """A "Continue" click plays a whole AI turn (draw, discard, end of turn)."""
        return isinstance(step.action, EndTurn | Declare)

    def hints(self, session: GameSession) -> Hints:
        return move_hints(session)

    def status(self, session: GameSession, waiting: bool) -> Status:
        obs = session.state.observation(session.me)
        mine = session.humans_turn and not waiting
        if session.state.is_over:
            chips = [("Rounds", str(len(obs.results)))]
        else:
            chips = [
                ("Round", str(obs.round_index + 1)),
                ("Turn", str(obs.turn)),
                ("Dealer", session.seat_name(obs.dealer)),
                ("Deck", str(obs.deck_size)),
            ]
            if obs.face_down_count:
                chips.append(("Face down", str(obs.face_down_count)))
        chips += [
            ("You" if s == session.me else session.seat_label(s), f"{obs.scores[s]} pts")
            for s in range(obs.players)
        ]
        return Status.of_turn(session, chips, mine=mine, doing=phase_text(obs))

    def ending(self, session: GameSession) -> Ending:
        obs = session.state.observation(session.me)
        winner = session.state.winner
        kind = result_kind(winner == session.me, winner is None)
        return Ending(result_text(session, obs).replace("**", ""), kind, summary(session, obs))


WORDS = BorderCapGinWords()


class BorderCapGinBoard(GameBoard):
    words = WORDS

    def body(self, session: GameSession, waiting: bool) -> None:
        obs = session.state.observation(session.me)
        mine = session.humans_turn and not waiting
        for result in session.added_since_last_move("results"):
            if result.winner is None:
                st.warning(
                    f"Round {result.round_index + 1} is void: nobody won in 200 turns. "
                    "The cards are dealt again.",
                    icon=":material/block:",
                )
            else:
                round_banner(session, result)

        def news() -> None:
            since_your_last_move(recent_lines(session, describe))
            if others := others_line(session, obs):
                st.markdown(others)

        play_area(
            session,
            obs,
            waiting,
            news=news,
            moves={DRAW: draw_widgets, DISCARD: discard_widgets, DECLARE: declare_widgets},
            wait=waiting_widgets,
            side=lambda: hand_map_panel(session, obs, mine),
        )
        rounds_so_far(result_lines(session, obs.results))

    def after_ending(self, session: GameSession) -> None:
        won = [r for r in session.state.observation(session.me).results if r.winner is not None]
        if won:
            round_banner(session, won[-1])


BOARD = BorderCapGinBoard()
