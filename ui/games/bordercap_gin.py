"""What the BorderCap Gin page shows, computed from the table (no Streamlit here).

Everything is read from the own observation of the screen's seat (``tab.me``;
``GinObservation``), kept with every step by the table (at a shared table too, where
``tab.state`` is that seat's observation only): the log in words (:func:`describe`), the
groups a hand holds and the cards that would complete a win (the hints, judged by the true
map and capitals of ``engine.melds``), and the map of a hand (:func:`hand_map`): its border
links as lines, each capital's first letter on its state, and with hints the groups coloured.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from itertools import combinations

from engine.bordercap_gin import (
    DECLARE,
    DISCARD,
    DRAW,
    Declare,
    Discard,
    Draw,
    EndTurn,
    GinObservation,
    RoundResult,
    Take,
)
from engine.cards import Card, deck
from engine.melds import (
    BIT,
    describe_group,
    groups_in,
    hubs,
    no_win_reasons,
    split_points,
    truth,
)
from engine.melds import best_split as _best_split
from ui.cards import zone_color
from ui.games.session import Step, Table

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


class GinTable(Table):
    """The Gin table: in step-by-step mode a "Continue" click plays a whole AI turn (draw,
    discard, end of turn) rather than one action."""

    def pause_after(self, step: Step) -> bool:
        return isinstance(step.action, EndTurn | Declare)


# --- words ----------------------------------------------------------------------------------


def names(cards: Iterable[Card], last: str = "and") -> str:
    """ "Ohio, Texas and Utah" (in the order given)."""
    words = [c.name for c in cards]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def who(tab: Table, seat: int | None, you: str, ai: str) -> str:
    """ "You draw" / "AI 2 draws"."""
    return f"You {you}" if seat == tab.me else f"{tab.seat_name(seat)} {ai}"


def win_text(four: Sequence[Card], three: Sequence[Card]) -> str:
    """A winning split in words, with the reason each group is one."""
    return (
        f"**{names(four)}** ({describe_group(four)}) and **{names(three)}** "
        f"({describe_group(three)})"
    )


def describe(tab: Table, index: int) -> list[str]:
    """Readable lines for step ``index``, from this screen's seat (a card drawn by another
    seat or discarded face down by it is never named)."""
    step = tab.history[index]
    action, seat = step.action, step.seat
    before: GinObservation = tab.before(index)
    after: GinObservation = step.after
    lines: list[str] = []
    kind = type(action)
    if kind is Draw:
        new = [c for c in after.hand if c not in before.hand] if seat == tab.me else []
        if new:
            lines.append(f"You draw **{new[0].name}** from the deck.")
        else:
            lines.append(who(tab, seat, "draw", "draws") + " from the deck.")
    elif kind is Take:
        lines.append(who(tab, seat, "take", "takes") + f" **{action.card.name}** from the pile.")
    elif kind is Discard:
        left = after.face_down_left[seat] if seat is not None else 0
        if action.face_down:
            what = f"**{action.card.name}**" if seat == tab.me else "a card"
            lines.append(
                who(tab, seat, "discard", "discards")
                + f" {what} face down ({left} face-down discard{'s' if left != 1 else ''} left "
                "this round)."
            )
        else:
            lines.append(who(tab, seat, "discard", "discards") + f" **{action.card.name}**.")
    elif kind is Declare:
        result = after.results[-1] if after.results else None
        points = f"{result.points} points" if result is not None else "the round"
        four, three = (result.four, result.three) if result is not None else (action.four, ())
        lines.append(
            who(tab, seat, "declare", "declares")
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
        lines.append(round_start(tab, after))
    if after.is_over and not before.is_over:
        lines.append(result_text(tab, after))
    return lines


def opener(obs: GinObservation) -> int:
    return (obs.dealer + 1) % obs.players


def round_start(tab: Table, obs: GinObservation) -> str:
    """ "Round 2: AI 1 deals; you get 8 cards and open." """
    dealer = who(tab, obs.dealer, "deal", "deals")
    first = who(tab, opener(obs), "get", "gets").replace("You", "you", 1)
    opens = "open" if opener(obs) == tab.me else "opens"
    return f"Round {obs.round_index + 1}: {dealer}; {first} 8 cards and {opens}."


def result_text(tab: Table, obs: GinObservation) -> str:
    """How the game ended, in one sentence."""
    top = max(obs.scores)
    if obs.void_rounds >= 2 and top < tab.state.target:
        if obs.winner is None:
            return "Two void rounds end the game, and the top scores are equal: **a draw**."
        lead = "you win" if obs.winner == tab.me else f"{tab.seat_name(obs.winner)} wins"
        return f"Two void rounds end the game: {lead} with the higher score ({top})."
    if obs.winner == tab.me:
        return f"You reach {obs.scores[tab.me]} points: **you win the game!**"
    return (
        f"{tab.seat_name(obs.winner)} reaches {obs.scores[obs.winner]} points and "
        "**wins the game.**"
    )


def result_lines(tab: Table, results: Sequence[RoundResult]) -> list[str]:
    """One line per round: who won it, with what, for how many points."""
    out = []
    for r in results:
        if r.winner is None:
            out.append(f"Round {r.round_index + 1}: void (no winner after 200 turns).")
        else:
            winner = "you" if r.winner == tab.me else tab.seat_name(r.winner)
            out.append(
                f"Round {r.round_index + 1}: {winner} won {r.points} points with "
                f"{win_text(r.four, r.three)}."
            )
    return out


def fresh_results(tab: Table) -> list[RoundResult]:
    """The rounds that ended since just before this seat's last action (to show at once)."""
    start = max(tab.seen - 1, 0)
    before: GinObservation = tab.before(start) if tab.history else tab.initial
    now: GinObservation = tab.history[-1].after if tab.history else tab.initial
    return list(now.results[len(before.results) :])


def drawn_card(tab: Table) -> Card | None:
    """The card this screen's seat drew from the deck this turn (still in hand), if any."""
    if not tab.history:
        return None
    step = tab.history[-1]
    if step.seat != tab.me or not isinstance(step.action, Draw):
        return None
    before = tab.before(len(tab.history) - 1)
    new = [c for c in step.after.hand if c not in before.hand]
    return new[0] if new else None


def last_discard(tab: Table) -> Step | None:
    """The latest discard of the current round (face up or face down), if any."""
    for step in reversed(tab.history):
        if step.after.round_index != tab.state.round_index:
            break
        if isinstance(step.action, Discard):
            return step
    return None


def pile_discarders(tab: Table) -> list[int]:
    """Who discarded each card of the face-up pile (bottom first): the seat of the latest
    face-up discard of that card in the current round (a card may come round again after the
    deck is turned over; the pile holds only its latest discard)."""
    now: GinObservation = tab.history[-1].after if tab.history else tab.initial
    by: dict[str, int] = {}
    for step in reversed(tab.history):
        if step.after.round_index != now.round_index:
            break
        action = step.action
        if isinstance(action, Discard) and not action.face_down:
            by.setdefault(action.card.usps, step.seat)
    return [by[c.usps] for c in now.pile]


def last_discard_face_down(tab: Table) -> bool:
    """True when the latest discard of the round was made face down (nothing may be taken)."""
    last = last_discard(tab)
    return last is not None and bool(last.action.face_down)


# --- what a good player considers (true geography) ------------------------------------------


def live_cards(obs: GinObservation) -> list[Card]:
    """Cards that may still come from the deck: not in your hand, not on the pile, not your
    face-down cards and not cards another player took and still holds."""
    seen = {c.usps for c in (*obs.hand, *obs.pile, *obs.own_face_down)}
    for seat, cards in enumerate(obs.took):
        if seat != obs.player:
            seen |= {c.usps for c in cards}
    return [c for c in deck() if c.usps not in seen]


def _bits(cards: Iterable[Card]) -> list[int]:
    return [BIT[c.usps] for c in cards]


@lru_cache(maxsize=4096)
def _has_win(mask: int) -> bool:
    bits = []
    rest = mask
    while rest:
        low = rest & -rest
        bits.append(low)
        rest ^= low
    return len(bits) == 7 and truth().has_win(bits)


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for b in _bits(cards):
        m |= b
    return m


def has_win(cards: Sequence[Card]) -> bool:
    """True when seven cards split into a 4-group and a 3-group."""
    return _has_win(_mask(cards))


def best_split(cards: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """The split a declaration of a 7-card hand scores: the one with the highest score (the
    engine's choice), ``None`` when the hand does not win."""
    return _best_split(list(cards))


def split_score(four: Sequence[Card]) -> int:
    """What declaring a hand with this best 4-group scores (20, or 30 with the bonus)."""
    return split_points(four)


def no_win_lines(hand: Sequence[Card]) -> list[str]:
    """Why a declared hand does not win, group by group (empty when it wins)."""
    return no_win_reasons(list(hand))


def outs(hand: Sequence[Card], live: Iterable[Card]) -> list[Card]:
    """The live cards that would give a 7-card ``hand`` a win (taking it, then discarding one
    of the eight)."""
    base = _mask(hand)
    found = []
    for c in live:
        eight = base | BIT[c.usps]
        for d in hand:
            if _has_win(eight & ~BIT[d.usps]):
                found.append(c)
                break
    return found


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
    live = live_cards(obs)
    links = links_in(obs.hand)
    scored = []
    for d in obs.hand:
        if d is obs.taken or d == obs.taken:
            continue
        seven = [c for c in obs.hand if c is not d]
        split = best_split(seven)
        if split is not None:
            advice.wins[d.usps] = split
        n_outs = 0 if split else len(outs(seven, live))
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
    """Two players: why ``card`` might go face down (it helps a card the other player took);
    never for the opening discard, which is face up."""
    if obs.players != 2 or not obs.face_down_left[obs.player] or obs.turn == 1:
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
            f"<div style='flex:0 0 100%;font-size:.85rem;color:#555'>{escape(label)}</div>"
            f"{tiles}</div>"
        )
    return "".join(out)


# --- status and the end ---------------------------------------------------------------------


def phase_text(obs: GinObservation) -> str:
    return {DRAW: "take a card", DISCARD: "discard", DECLARE: "declare or end the turn"}.get(
        obs.phase, ""
    )


def pending(tab: Table, obs: GinObservation) -> str:
    """What the seat to act (another seat) is about to do, from the public facts: a Gin turn
    is a draw, a discard, then a declaration or the end of the turn."""
    seat = obs.to_act
    if seat is None:
        return ""
    who = tab.subject(seat)
    who = who[:1].upper() + who[1:]
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


def summary(tab: Table, obs: GinObservation) -> list[str]:
    """The end screen's summary: rounds, the round winners, final scores."""
    won = [r for r in obs.results if r.winner is not None]
    voids = len(obs.results) - len(won)
    scores = ", ".join(
        f"{'you' if s == tab.me else tab.seat_name(s)} {p}" for s, p in enumerate(obs.scores)
    )
    lines = [
        f"{len(obs.results)} round{'s' if len(obs.results) != 1 else ''} played"
        + (f" ({voids} void)" if voids else "")
        + f"; final scores: {scores}.",
    ]
    lines += result_lines(tab, obs.results)
    if tab.shared:  # the deal's seed is the table's secret: the table and round instead
        lines.append(f"{tab.about()}, {obs.players} players.")
    else:
        levels = ", ".join(tab.setup.levels)
        lines.append(f"Deal {tab.setup.seed}, {obs.players} players, AI level {levels}.")
    return lines


def by_name(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: c.name)
