"""Border Attack's page: the trick on the table, the hand and the move widgets, the hints,
the maps and the log, all from this seat's recorded steps.

The engine clears a trick when it ends, so the page rebuilds every trick from the steps
(:func:`tricks`), always from this seat's own observation: the other seat's face-down card is
known only once it is played (or guessed right). The same steps give the readable log
(:func:`describe`), the end screen's statistics (:func:`summary`), the hints
(:func:`lead_hints`, :func:`follow_hints`, :func:`discard_hints`, :func:`guess_hint`; the
numbers behind them are the engine's, ``engine.border_attack.odds``, the ones the AI reads)
and the map colours
(:func:`trick_roles`). URL choice: ``dealer`` (``you`` or ``ai``; left out, the deal decides).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from html import escape
from typing import Any

import streamlit as st

from engine.border_attack import (
    BONUS_DISCARD,
    BORDERS,
    CATEGORIES,
    COMMIT,
    GUESS,
    LEAD,
    NAME,
    WIN_DISCARD,
    Announcement,
    BorderAttackObservation,
    Commit,
    Discard,
    GuessBorders,
    GuessState,
    Lead,
    odds,
    read_guess,
)
from engine.cards import Card, Category, by_usps, deck
from ui.cards import card_html, ordinal
from ui.games.next_move import next_move
from ui.games.protocol import GameBoard
from ui.games.session import GameSession, recent_lines, sentence
from ui.games.setup import Choice
from ui.games.widgets import (
    action_button,
    card_buttons,
    continue_button,
    hint_box,
    markdown_list,
    show_hand,
    show_message,
)
from ui.games.words import Ending, GameWords, Hints, Status, result_kind
from ui.links import fresh_seed, plain
from ui.maps import map_change, us_map

DEALER = Choice(
    "dealer",
    "Who deals (and leads the first trick)",
    {"you": "You deal", "ai": "The AI deals"},
    default=None,
    engine_option="dealer",
    engine_values={"you": 0, "ai": 1},
    at_shared_tables=False,
)

SHORT: dict[Category, str] = {
    Category.SIZE: "Size",
    Category.STATEHOOD: "State.",
    Category.POPULATION: "Pop.",
}

RULES = """
**The goal.** Be the first to get rid of all 25 cards that come your way, by playing them and
by discarding them.

**Dealing.** Each player gets 5 cards. The moment either hand runs empty — even in the middle
of a trick — both players get 5 more, until the deck is used up (25 cards each in all). So a
discard you earn is never wasted while the deck still has cards. The dealer leads the first
trick; the dealer changes from one game to the next.

**A trick.**
1. The *leader* picks a category — **Size**, **Statehood** or **Population** — and lays a card
   face up. In that category the better rank (1st is best) will win.
2. The *follower* picks the card it will answer with and keeps it face down. It tells the
   leader how many border states that card has, and **either** the state's name **or** the
   full list of its border states. The app derives the announcement from the card, so nobody
   can bluff.
3. The leader gets **one guess** at the part that was kept back: the state itself (if the
   borders were listed) or every one of its border states (if the name was said; the set
   must be exact, in any order). A right guess lets the leader discard one card.
4. The follower's card is turned up. The better rank in the category wins the trick; the
   winner discards one card and leads the next trick.

**The end.** When a trick ends with a player's hand empty and the deck empty, that player
wins. If both run out in the same trick, the winner of that trick wins.

**This app's choices.** The extra discards are not optional: getting rid of cards is the
point, so you always choose a card to discard when you earn one. Alaska and Hawaii have no
border states, so "its borders" means announcing an empty list. A border guess must name as
many states as were announced.
"""


def card_of(usps: str) -> Card:
    return by_usps()[usps]


def names(codes: Iterable[str]) -> str:
    """State names in alphabetical order, or "none"."""
    listed = sorted(card_of(c).name for c in codes)
    return ", ".join(listed) if listed else "none"


def ranks_note(card: Card) -> str:
    """The hover line of a card's state on a map."""
    return (
        f"Size {ordinal(card.size_rank)} · Statehood {ordinal(card.statehood_rank)} · "
        f"Population {ordinal(card.population_rank)} · {len(card.borders)} borders"
    )


# --- tricks ---------------------------------------------------------------------------------


@dataclass
class TrickView:
    """One trick as the human knows it.

    ``follow`` is the follower's card once the human may know it: its own card from the
    commitment on, the AI's only once played. ``winner`` is set once the card is played.
    """

    number: int
    leader: int
    category: Category
    led: Card
    reveal: str | None = None
    announcement: Announcement | None = None
    follow: Card | None = None
    played: bool = False
    guess: GuessState | GuessBorders | None = None
    guess_right: bool | None = None
    bonus_discard: Card | None = None
    winner: int | None = None
    win_discard: Card | None = None

    @property
    def follower(self) -> int:
        return 1 - self.leader

    @property
    def named(self) -> Card | None:
        """The follower's card when its name was announced."""
        ann = self.announcement
        return card_of(ann.usps) if ann is not None and ann.usps is not None else None


def guessed_card(trick: TrickView) -> Card | None:
    """The follower's face-down card once the leader's guess was right (the guessed state, or
    the state whose name was announced); ``None`` otherwise."""
    if not trick.guess_right:
        return None
    if isinstance(trick.guess, GuessState):
        return card_of(trick.guess.usps)
    return trick.named


def _guess_matches(guess: GuessState | GuessBorders, card: Card) -> bool:
    if isinstance(guess, GuessState):
        return guess.usps == card.usps
    return frozenset(guess.borders) == card.borders


def _card_played(trick: TrickView, after: BorderAttackObservation) -> None:
    """Once the trick has moved past the guess (and the bonus discard), the follower's card is
    the last one on its played pile."""
    if after.phase in (GUESS, BONUS_DISCARD):
        return
    card = after.played[trick.follower][-1]
    trick.follow = card
    trick.played = True
    if trick.guess is not None and trick.guess_right is None:
        trick.guess_right = _guess_matches(trick.guess, card)
    if after.trick_winner is not None:
        trick.winner = after.trick_winner
    else:
        trick.winner = trick.leader if trick.led.beats(card, trick.category) else trick.follower


def tricks(session: GameSession, upto: int | None = None) -> list[TrickView]:
    """Every trick played so far, rebuilt from the history (the last one may be unfinished);
    with ``upto``, as they stood after the first ``upto`` steps."""
    out: list[TrickView] = []
    for i, step in enumerate(session.history[:upto]):
        action, after = step.action, step.after
        if isinstance(action, Lead):
            out.append(TrickView(after.trick, step.seat, Category(action.category), action.card))
            continue
        if not out:
            continue
        trick = out[-1]
        if isinstance(action, Commit):
            trick.reveal = action.reveal
            trick.announcement = after.announcement
            if step.seat == session.me:
                trick.follow = action.card
        elif isinstance(action, GuessState | GuessBorders):
            trick.guess = after.guess or action
            trick.guess_right = after.guess_right
            _card_played(trick, after)
        elif isinstance(action, Discard):
            if session.before(i).phase == BONUS_DISCARD:
                trick.bonus_discard = action.card
                _card_played(trick, after)
            else:
                trick.win_discard = action.card
    return out


# --- the log --------------------------------------------------------------------------------


def announcement_text(ann: Announcement) -> str:
    """ "Ohio, with 5 border states" or "4 border states: Arkansas, …"."""
    plural = "s" if ann.count != 1 else ""
    if ann.usps is not None:
        return f"**{card_of(ann.usps).name}**, with {ann.count} border state{plural}"
    if not ann.count:
        return "**no border states at all**"
    return f"**{ann.count} border state{plural}**: {names(ann.borders or ())}"


def guess_text(guess: GuessState | GuessBorders) -> str:
    if isinstance(guess, GuessState):
        return f"**{card_of(guess.usps).name}**"
    borders = frozenset(guess.borders)
    return f"the border states {names(borders)}" if borders else "no border states"


def _and(codes: Iterable[str]) -> str:
    """State names in alphabetical order joined with "and"."""
    listed = sorted(card_of(c).name for c in codes)
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]


def _or(codes: Iterable[str]) -> str:
    """State names in alphabetical order joined with "or" (after a negation)."""
    listed = sorted(card_of(c).name for c in codes)
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " or " + listed[-1]


def guess_detail(guess: GuessState | GuessBorders, card: Card) -> str:
    """Why a wrong guess is wrong, in one sentence built from the card's facts: "Not quite:
    Nevada borders Idaho, not Montana." (a border guess) or "Not quite: it was Idaho; Montana
    does not border Nevada." (a state guess)."""
    if isinstance(guess, GuessState):
        picked = card_of(guess.usps)
        if not card.borders and not picked.borders:
            return f"Not quite: it was {card.name}; it borders no state, just like {picked.name}."
        if picked.usps in card.borders:
            why = f"{picked.name} is one of the listed states"
        elif apart := card.borders - picked.borders:
            why = f"{picked.name} does not border {_or(apart)}"
        else:
            n = len(picked.borders)
            why = f"{picked.name} has {n} border state{'s' if n != 1 else ''}"
        return f"Not quite: it was {card.name}; {why}."
    picked = frozenset(guess.borders)
    missed, extra = card.borders - picked, picked - card.borders
    if not card.borders:
        return f"Not quite: {card.name} borders no state, not {_or(extra)}."
    if missed and extra:
        return f"Not quite: {card.name} borders {_and(missed)}, not {_or(extra)}."
    if missed:
        return f"Not quite: {card.name} also borders {_and(missed)}."
    verb = "does" if len(extra) == 1 else "do"
    return f"Not quite: {_and(extra)} {verb} not border {card.name}."


def play_line(session: GameSession, trick: TrickView) -> str:
    """The follower's card turned up and who won."""
    card, led, cat = trick.follow, trick.led, trick.category
    assert card is not None and trick.winner is not None
    best = led if trick.winner == trick.leader else card
    won = (
        "you win the trick"
        if trick.winner == session.me
        else f"{session.seat_name(1 - session.me)} wins the trick"
    )
    return (
        f"{session.who(trick.follower, 'play', 'plays')} **{card.name}** "
        f"({ordinal(card.rank(cat))} in {cat.label}, against {ordinal(led.rank(cat))}): "
        f"{best.name} is better — {won}."
    )


def describe(session: GameSession, index: int) -> list[str]:
    """Readable lines for step ``index`` from the human's point of view (the AI's face-down
    card is never named before it is played)."""
    step = session.history[index]
    action, after = step.action, step.after
    before = session.before(index)
    seat = step.seat
    lines: list[str] = []
    trick = _trick_at(session, index)
    if isinstance(action, Lead):
        cat = Category(action.category)
        lines.append(
            f"{session.who(seat, 'lead', 'leads')} **{action.card.name}**, category {cat.label} — "
            f"{action.card.name} is {ordinal(action.card.rank(cat))}."
        )
    elif isinstance(action, Commit):
        ann = after.announcement
        if seat == session.me:
            what = "its name" if action.reveal == NAME else "its border states"
            lines.append(
                f"You answer with **{action.card.name}** face down and announce {what}: "
                f"{announcement_text(ann)}."
            )
        else:
            lines.append(
                f"{session.seat_name(seat)} picks a card face down and announces "
                f"{announcement_text(ann)}."
            )
    elif isinstance(action, GuessState | GuessBorders) and trick is not None:
        guess = trick.guess or action
        verdict = "right" if trick.guess_right else "wrong"
        line = f"{session.who(seat, 'guess', 'guesses')} {guess_text(guess)} — {verdict}."
        if trick.guess_right is False and trick.follow is not None:
            line += f" {guess_detail(guess, trick.follow)}"
        lines.append(line)
        if after.phase not in (GUESS, BONUS_DISCARD) and trick.played:
            lines.append(play_line(session, trick))
    elif isinstance(action, Discard):
        bonus = before.phase == BONUS_DISCARD
        why = "for the right guess" if bonus else "for winning the trick"
        lines.append(f"{session.who(seat, 'discard', 'discards')} {action.card.name} {why}.")
        if bonus and trick is not None and trick.played:
            lines.append(play_line(session, trick))
    if after.deck_count < before.deck_count and index > 0:
        lines.append(f"Both hands get 5 new cards ({after.deck_count} left in the deck).")
    if after.winner is not None and before.winner is None:
        lines.append(result_line(session, after))
    return lines


def _trick_at(session: GameSession, index: int) -> TrickView | None:
    """The trick that step ``index`` belongs to, as known right after that step."""
    found = tricks(session, index + 1)
    return found[-1] if found else None


def end_sentence(session: GameSession, obs: BorderAttackObservation) -> str:
    """How the game ended, in one sentence: who ran out first, or, when both ran out in the
    same trick, who won that last trick."""
    winner = obs.winner
    ai = session.seat_name(1 - session.me)
    it = session.pronoun(1 - session.me)
    if not any(obs.hand_counts):
        if winner == session.me:
            return "You both ran out of cards; you won the last trick, so you win."
        return f"You both ran out of cards; {ai} won the last trick, so {it} wins."
    if winner == session.me:
        left = obs.hand_counts[1 - session.me]
        return (
            f"You have no cards left and the deck is empty, so you win ({ai} still holds "
            f"{left} card{'s' if left != 1 else ''})."
        )
    left = obs.hand_counts[session.me]
    return (
        f"{ai} has no cards left and the deck is empty, so {it} wins (you still hold {left} "
        f"card{'s' if left != 1 else ''})."
    )


def result_line(session: GameSession, obs: BorderAttackObservation) -> str:
    """The log's last line: :func:`end_sentence`."""
    return end_sentence(session, obs)


PENDING: dict[str, str] = {
    LEAD: "{who} will now choose a category and lead a card.",
    COMMIT: "{who} will now choose an answer card, face down, and announce it.",
    GUESS: "{who} will now make one guess at your card.",
    BONUS_DISCARD: "{who} guessed right and will now discard a card.",
    WIN_DISCARD: "{who} won the trick and will now discard a card.",
}


def pending(session: GameSession, phase: str) -> str:
    """What the other seat is about to do."""
    return PENDING.get(phase, "").format(who=sentence(session.subject(1 - session.me)))


# --- hints ----------------------------------------------------------------------------------


def lead_hints(obs: BorderAttackObservation) -> tuple[dict[str, str], tuple[Card, Category, float]]:
    """Per card, its chance to win as a lead in each category; and the best lead."""
    chances = odds.win_chances(obs)
    captions: dict[str, str] = {}
    best: tuple[Card, Category, float] | None = None
    for card in obs.hand:
        parts = []
        for cat in CATEGORIES:
            chance = chances.lead(card, cat)
            parts.append(f"{SHORT[cat]} {chance:.0%}")
            if best is None or chance > best[2]:
                best = (card, cat, chance)
        captions[card.usps] = "wins as a lead: " + " · ".join(parts)
    assert best is not None
    return captions, best


def follow_hints(obs: BorderAttackObservation) -> dict[str, str]:
    """Per card: does it beat the led card, and how guessable is each announcement (the
    unplayed states with its number of borders, itself included)."""
    led, cat = obs.led, obs.category
    assert led is not None and cat is not None
    public = odds.public_codes(obs)
    captions = {}
    for card in obs.hand:
        mine, theirs = card.rank(cat), led.rank(cat)
        mark, verdict = ("✓", "wins") if odds.follow_wins(card, led, cat) else ("✗", "loses")
        n = len(card.borders)
        same = len(odds.candidates(n, public))
        captions[card.usps] = (
            f"{mark} {verdict} ({ordinal(mine)} vs {ordinal(theirs)}) · {same} unplayed "
            f"states have {n} border{'s' if n != 1 else ''}"
        )
    return captions


def discard_hints(obs: BorderAttackObservation) -> tuple[dict[str, str], Card]:
    """Per card, its best chance as a future lead; and the card a careful player lets go."""
    chances = odds.win_chances(obs)
    captions = {}
    worth: dict[str, float] = {}
    for card in obs.hand:
        cat, chance = chances.best_lead(card)
        worth[card.usps] = chance
        captions[card.usps] = f"best lead: {cat.label} {chance:.0%}"
    weakest = min(obs.hand, key=lambda c: (worth[c.usps], -sum(c.ranks)))
    return captions, weakest


def guess_hint(obs: BorderAttackObservation, candidates: list[Card]) -> str:
    """What the announcement allows: the states it could be, or where its borders lie."""
    ann = obs.announcement
    assert ann is not None
    if ann.usps is None:
        listed = ", ".join(c.name for c in sorted(candidates, key=lambda c: c.name))
        return (
            f"States with exactly {ann.count} border states that you have not seen yet: "
            f"{listed or 'none'}. Only one of them touches every state listed."
        )
    named = card_of(ann.usps)
    if not ann.count:
        return f"{named.name} borders no state: guess an empty set."
    ring = set()
    for other in named.borders:
        ring |= by_usps()[other].borders
    ring |= named.borders
    ring.discard(named.usps)
    return (
        f"{named.name}'s {ann.count} border states are among these {len(ring)} states near it: "
        f"{names(ring)}."
    )


# --- maps -----------------------------------------------------------------------------------


def move_hints(session: GameSession) -> Hints:
    """The hints before this seat's move: the safest lead, the cards that beat the lead, the
    guess's candidates, the weakest card to discard (nothing while another seat acts)."""
    obs = session.state.observation(session.me)
    if not session.humans_turn:
        return Hints()
    ai = session.seat_label(1 - session.me)
    if obs.phase == LEAD:
        captions, (card, cat, chance) = lead_hints(obs)
        line = (
            f"Hint: a card wins its lead if {ai} holds no better one. Your safest lead is "
            f"**{card.name} in {cat.label}** ({ordinal(card.rank(cat))}; it wins about "
            f"{chance:.0%} of the time against the cards you have not seen)."
        )
        return Hints([line], captions, [card.usps])
    if obs.phase == COMMIT:
        led, cat = obs.led, obs.category
        line = (
            f"Hint: outlined cards beat the lead. Naming the card makes {ai} list every "
            "border (hard for states with many borders); listing the borders makes it find "
            "the state (hard when many unplayed states share the count)."
        )
        return Hints([line], follow_hints(obs), [c.usps for c in obs.hand if c.beats(led, cat)])
    if obs.phase == GUESS:
        return Hints(["Hint: " + guess_hint(obs, odds.guess_candidates(obs))])
    if obs.phase in (BONUS_DISCARD, WIN_DISCARD):
        captions, weakest = discard_hints(obs)
        line = (
            f"Hint: keep the cards that win leads. {weakest.name} has the smallest chance "
            "to win a lead against the cards you have not seen."
        )
        return Hints([line], captions, [weakest.usps])
    return Hints()


def hand_roles(obs: BorderAttackObservation) -> tuple[dict[str, str], dict[str, str]]:
    """Your hand on the map (and the led card when there is one)."""
    roles = {c.usps: "mine" for c in obs.hand}
    notes = {c.usps: ranks_note(c) for c in obs.hand}
    if obs.led is not None:
        roles[obs.led.usps] = "theirs" if obs.leader != obs.seat else "selected"
        notes[obs.led.usps] = ranks_note(obs.led)
    return roles, notes


def guess_roles(ann: Announcement, picks: Iterable[str]) -> dict[str, str]:
    """The map while the human guesses: the announcement and the picks so far."""
    roles: dict[str, str] = {}
    if ann.usps is None:
        roles.update({c: "neighbor" for c in ann.borders or ()})
    else:
        roles[ann.usps] = "target"
    roles.update({c: "selected" for c in picks})
    return roles


def trick_roles(trick: TrickView) -> tuple[dict[str, str], dict[str, str]]:
    """The map of a guess and its answer: right, missed and wrong states."""
    roles: dict[str, str] = {}
    notes: dict[str, str] = {}
    ann, guess, card = trick.announcement, trick.guess, trick.follow
    if ann is None:
        return roles, notes
    if ann.usps is None:
        roles.update({c: "neighbor" for c in ann.borders or ()})
        if isinstance(guess, GuessState):
            roles[guess.usps] = "correct" if trick.guess_right else "wrong"
            notes[guess.usps] = "the guess"
        if card is not None and trick.played:
            roles[card.usps] = "correct"
            notes[card.usps] = "the card played"
        return roles, notes
    named = card_of(ann.usps)
    roles[named.usps] = "target"
    if isinstance(guess, GuessBorders):
        picked = frozenset(guess.borders)
        for code in picked | named.borders:
            if code in picked and code in named.borders:
                roles[code] = "correct"
            elif code in picked:
                roles[code] = "wrong"
            else:
                roles[code] = "missed"
    else:
        roles.update({c: "neighbor" for c in named.borders})
    return roles, notes


MAP_LABELS: dict[str, str] = {
    "neighbor": "announced border state",
    "target": "the named state",
    "selected": "your pick",
    "correct": "right answer",
    "wrong": "wrong guess",
    "missed": "missed border",
    "mine": "in your hand",
    "theirs": "led by your opponent",
}

REVEAL_LABELS: dict[str, str] = {NAME: "Announce its name", BORDERS: "Announce its borders"}


# --- the page -------------------------------------------------------------------------------

NAMES: dict[str, str] = {c.usps: c.name for c in deck()}
BY_NAME: list[str] = sorted(NAMES, key=NAMES.get)  #: the order of the guess boxes


def trick_html(session: GameSession, trick: TrickView) -> str:
    """The trick on the table: the led card and the follower's card (or its slot)."""
    cat = trick.category
    led_caption = (
        f"led by {session.mention(trick.leader)} · {cat.label} {ordinal(trick.led.rank(cat))}"
    )
    tiles = [card_html(trick.led, caption=led_caption)]
    follower = escape(plain(session.seat_name(trick.follower)))
    if trick.follow is not None and trick.played:
        caption = (
            f"played face up by {session.mention(trick.follower)} · {cat.label} "
            f"{ordinal(trick.follow.rank(cat))}"
        )
        tiles.append(card_html(trick.follow, caption=caption))
    elif trick.follow is not None:
        tiles.append(card_html(trick.follow, caption="your card, face down", dim=True))
    elif trick.guess_right and (known := guessed_card(trick)) is not None:
        caption = f"{session.seat_name(trick.follower)}'s card, now face up — you guessed it"
        tiles.append(card_html(known, caption=caption))
    elif trick.announcement is not None:
        tiles.append(
            f"<div class='gp-slot'><b>{follower}'s card, face down</b><br>"
            f"announced: {announcement_text(trick.announcement).replace('**', '')}</div>"
        )
    else:
        whose = "your" if trick.follower == session.me else f"{follower}'s"
        tiles.append(f"<div class='gp-slot'>Waiting for {whose} answer…</div>")
    return f"<div class='gp-hand'>{''.join(tiles)}</div>"


def trick_lines(session: GameSession, trick: TrickView) -> list[str]:
    """The steps of one trick, in words."""
    first = next(
        i
        for i, s in enumerate(session.history)
        if isinstance(s.action, Lead) and s.after.trick == trick.number
    )
    lines: list[str] = []
    for i in range(first, len(session.history)):
        if i > first and isinstance(session.history[i].action, Lead):
            break
        lines += describe(session, i)
    return lines


def show_trick_map(obs: BorderAttackObservation, trick: TrickView | None, key: str) -> None:
    """The map of a trick's announcement and guess, or of your hand before any guess."""
    if trick is not None and trick.guess is not None:
        roles, notes = trick_roles(trick)
        caption = f"Trick {trick.number}: the announcement and the guess"
    else:
        roles, notes = hand_roles(obs)
        caption = "Your cards on the map (hover for their ranks)"
    us_map(key, roles, notes=notes, words=MAP_LABELS, height=340, label=caption, hint=caption)


def _set_pick(session: GameSession, key: str) -> None:
    value = st.session_state.get(key)
    session.picks = [value] if value else []


def _set_picks(session: GameSession, key: str) -> None:
    session.picks = list(st.session_state.get(key) or [])


def lead_widgets(session: GameSession, obs: BorderAttackObservation, hand) -> None:
    """Your lead: a category (once chosen it stays chosen), then a card's Lead button."""
    st.markdown(f"**You lead trick {obs.trick + 1}.** Choose a category, then the card to lead.")
    with hand:  # the category stands right above the Lead buttons it turns on
        category = st.segmented_control(
            "Category (the better rank wins)",
            CATEGORIES,
            format_func=lambda c: c.label,
            key=session.wkey("category"),
            required=True,  # once chosen, a second click keeps it (the Lead buttons need one)
        )
    hints = move_hints(session) if session.hints else Hints()
    captions, highlight = hints.captions, list(hints.outline)
    hint_box(hints.lines)
    show_message(session)
    waiting_for = None if category else "Choose a category first: it decides which rank counts."
    with hand:
        if waiting_for:
            st.caption(
                "The lead buttons are off until you choose a category: it decides which rank "
                "counts."
            )
        st.markdown("**Your hand** — lead one card")
        card_buttons(
            session,
            obs.hand,
            label=lambda c: f"Lead · {ordinal(c.rank(category))}" if category else "Lead",
            action=lambda c: Lead(c, category),
            name="lead",
            disabled={c.usps: waiting_for for c in obs.hand} if waiting_for else None,
            captions=captions,
            highlight=highlight,
        )


def follow_widgets(session: GameSession, obs: BorderAttackObservation, hand) -> None:
    """Your answer: what you announce, then the card you play face down."""
    ai = session.seat_label(1 - session.me)
    led, cat = obs.led, obs.category
    st.markdown(
        f"**{ai} leads {led.name} — category {cat.label}, {ordinal(led.rank(cat))}.** "
        f"Choose the card you answer with, and what you tell {ai} about it: its name or "
        f"its border states. Then {ai} gets one guess at the other part."
    )
    with hand:  # what you announce stands right above the Play buttons
        reveal = st.segmented_control(
            "You announce",
            [NAME, BORDERS],
            format_func=REVEAL_LABELS.get,
            key=session.wkey("reveal"),
            required=True,
        )
    hints = move_hints(session) if session.hints else Hints()
    captions, highlight = hints.captions, list(hints.outline)
    hint_box(hints.lines)
    show_message(session)
    with hand:
        st.markdown("**Your hand** — play one card face down")
        card_buttons(
            session,
            obs.hand,
            label=lambda c: f"Play · {ordinal(c.rank(cat))}",
            action=lambda c: Commit(c, reveal),
            name="commit",
            captions=captions,
            highlight=highlight,
        )


def list_guess_key(session: GameSession) -> str:
    """The key of the "Guess from a list (easier)" switch (kept for the browser session)."""
    return f"{session.key}_list_guess"


def guesses_from_a_list(session: GameSession) -> bool:
    """Whether this screen guesses from a menu of states (the easier level) instead of by
    recall (typing or the map: the rule sheet's way, the default)."""
    return bool(st.session_state.get(list_guess_key(session)))


TYPED_REFUSAL = "typed_refusal"  #: ``session.extra``: (version, why a typed guess was refused)
TYPED_REMARK = "typed_remark"  #: ``session.extra``: (seen, a misspelling read as a name)


def _typed_guess(session: GameSession, ann: Announcement, key: str, version: int) -> None:
    """A typed guess sent: the engine reads it (``read_guess``); a text that names no move is
    refused in words and costs nothing."""
    typed = read_guess(ann, st.session_state.get(key) or "")
    if typed.action is None:
        session.extra[TYPED_REFUSAL] = (version, typed.message)
        return
    if session.act(typed.action, version) is None and typed.message:
        session.extra[TYPED_REMARK] = (session.seen, typed.message)


def _typed_guess_box(session: GameSession, ann: Announcement, label: str) -> None:
    """The box to type the guess in, and why the last typed text was refused."""
    key = session.wkey("typed_guess")
    with st.form(session.wkey("typed_form"), border=False):
        st.text_input(label, key=key, placeholder="Type from memory…")
        st.form_submit_button(
            "Guess",
            key=session.wkey("typed_send"),
            type="primary",
            width="stretch",
            on_click=_typed_guess,
            args=(session, ann, key, session.version),
        )
    refused = session.extra.get(TYPED_REFUSAL)
    if refused and refused[0] == session.version:
        st.warning(refused[1], icon=":material/block:")


def typed_remark(session: GameSession) -> None:
    """What a typed guess was read as, when a misspelling was read as a name."""
    remark = session.extra.get(TYPED_REMARK)
    if remark and remark[0] == session.seen:
        st.caption(remark[1])


def _guess_state_widgets(session: GameSession, ann: Announcement, listed: bool) -> None:
    pick = session.picks[0] if session.picks else None
    if listed:
        st.markdown("Which state is it? Pick it in the box or click it on the map.")
        key = session.wkey("guess_state")
        st.selectbox(
            "The state",
            BY_NAME,
            index=BY_NAME.index(pick) if pick else None,
            format_func=NAMES.get,
            placeholder="Type a state's name…",
            key=key,
            on_change=_set_pick,
            args=(session, key),
        )
        pick = session.picks[0] if session.picks else None
    else:
        st.markdown("Which state is it? Type its name, or click it on the map.")
        _typed_guess_box(session, ann, "The state")
        if pick is None:
            return
    action_button(
        session,
        (f"Guess {NAMES[pick]}" + ("" if listed else " (picked on the map)")) if pick else "Guess",
        GuessState(pick) if pick else None,
        name="guess",
        primary=listed,  # by recall, the typed guess's button is the main one
        disabled=pick is None,
        help=None if pick else "Pick a state first.",
    )


def _guess_borders_widgets(session: GameSession, ann: Announcement, listed: bool) -> None:
    ai = session.seat_label(1 - session.me)
    named = card_of(ann.usps)
    n = ann.count
    if n and listed:
        st.markdown(
            f"Name **all {n}** of {named.name}'s border states: pick them in the box or "
            "click them on the map (click again to remove)."
        )
        key = session.wkey("guess_borders")
        st.multiselect(
            "Its border states",
            [c for c in BY_NAME if c != named.usps],
            default=[c for c in session.picks if c != named.usps],
            format_func=NAMES.get,
            placeholder="Type a state's name…",
            key=key,
            on_change=_set_picks,
            args=(session, key),
        )
    elif n:
        st.markdown(
            f"Name **all {n}** of {named.name}'s border states: type them, separated by "
            "commas, or click them on the map (click again to remove)."
        )
        _typed_guess_box(session, ann, "Its border states")
        if not session.picks:
            return
    picks = frozenset(session.picks)
    ready = len(picks) == n
    if not ready:
        st.caption(f"{len(picks)} of {n} picked" + ("." if listed else " on the map."))
    action_button(
        session,
        f"Guess these {n} states" if n else f"Guess: {named.name} has no border states",
        GuessBorders(picks),
        name="guess",
        primary=listed or not n,  # by recall, the typed guess's button is the main one
        disabled=not ready,
        help=None if ready else f"{ai} announced {n} border states: pick exactly {n}.",
    )


def guess_map_options(session: GameSession, ann: Announcement) -> dict[str, Any]:
    """What the map to guess on shows (``ui.map_data.map_data``'s options): one state to pick
    (a border list was announced) or its border states (its name was), the announced state
    refused with the reason."""
    ai = session.seat_label(1 - session.me)
    if ann.usps is None:
        pick, choices, refuse, hint = "one", None, {}, "{Click} the state on the map"
    else:
        pick = "many" if ann.count else "none"
        choices = [c for c in BY_NAME if c != ann.usps]
        refuse = {ann.usps: f"{NAMES[ann.usps]} is {ai}'s state: pick its border states."}
        hint = "{Click} its border states on the map ({click} again to remove one)"
    return {
        "roles": guess_roles(ann, []),
        "pick": pick,
        "choices": choices,
        "refuse": refuse,
        "words": MAP_LABELS,
        "height": 340,
        "hint": hint if pick != "none" else None,
        "label": "Map for your guess",
    }


def guess_map(session: GameSession, ann: Announcement, key: str) -> None:
    """The map to guess on: one state (a border list was announced) or its border states."""
    us_map(key, selected=session.picks, **guess_map_options(session, ann))


def guess_widgets(session: GameSession, obs: BorderAttackObservation, side) -> None:
    """Your one guess at the part the follower kept back: in a box or on the map."""
    ai = session.seat_label(1 - session.me)
    ann = obs.announcement
    map_key = session.bkey("guess_map")
    if (clicked := map_change(map_key)) is not None:
        session.picks = clicked
    with next_move():
        st.markdown(f"**{ai} answers face down and announces {announcement_text(ann)}.**")
        if session.hints:
            hint_box(move_hints(session).lines)
        show_message(session)
        listed = guesses_from_a_list(session)
        if ann.usps is None:
            _guess_state_widgets(session, ann, listed)
        else:
            _guess_borders_widgets(session, ann, listed)
    with side:
        guess_map(session, ann, map_key)


def discard_widgets(session: GameSession, obs: BorderAttackObservation, hand) -> None:
    """The discard you earned: a right guess or a won trick."""
    if obs.phase == BONUS_DISCARD:
        st.success("**Right guess!** Discard one card of your choice.", icon=":material/check:")
    else:
        st.success(
            "**You won the trick!** Discard one card of your choice.", icon=":material/check:"
        )
    hints = move_hints(session) if session.hints else Hints()
    captions, highlight = hints.captions, list(hints.outline)
    hint_box(hints.lines)
    show_message(session)
    with hand:
        st.markdown("**Your hand** — discard one card")
        card_buttons(
            session,
            obs.hand,
            label="Discard",
            action=Discard,
            name="discard",
            captions=captions,
            highlight=highlight,
        )


def on_and_last(obs: BorderAttackObservation, played: list[TrickView]) -> tuple:
    """The trick on the table (``None`` between tricks) and the last finished one."""
    in_progress = obs.phase in (COMMIT, GUESS, BONUS_DISCARD, WIN_DISCARD)
    current = played[-1] if played and in_progress else None
    if played and not in_progress:
        return current, played[-1]
    return current, played[-2] if len(played) > 1 else None


def summary(session: GameSession, obs: BorderAttackObservation) -> list[str]:
    """The end screen's summary: tricks won, right guesses, cards got rid of, the deal."""
    me, them = session.me, 1 - session.me
    ai = session.seat_label(them)
    played = tricks(session)
    won = [t for t in played if t.winner is not None]
    guesses = {
        s: [t for t in played if t.leader == s and t.guess_right is not None] for s in (0, 1)
    }
    return [
        f"Tricks won: you {sum(t.winner == me for t in won)}, "
        f"{ai} {sum(t.winner == them for t in won)} (of {len(won)}).",
        f"Right guesses: you {sum(t.guess_right for t in guesses[me])} of {len(guesses[me])}, "
        f"{ai} {sum(t.guess_right for t in guesses[them])} of {len(guesses[them])}.",
        f"Cards got rid of: you {obs.scores[me]}, {ai} {obs.scores[them]} (of 25).",
        f"{session.about()}.",
    ]


class BorderAttackWords(GameWords):
    game_id = "border_attack"
    title = "Border Attack"
    choices = (DEALER,)
    since_in_log = True
    intro_text = (
        "Win tricks with good ranks and guess the border states your opponent announces: the "
        "first to get rid of 25 cards wins."
    )
    rules_text = RULES
    describe = staticmethod(describe)

    def hints(self, session: GameSession) -> Hints:
        return move_hints(session)

    def status(self, session: GameSession, waiting: bool) -> Status:
        obs = session.state.observation(session.me)
        me, them = session.me, 1 - session.me
        chips = [
            ("Trick", str(obs.trick + 1 if obs.phase == LEAD else obs.trick)),
            ("Deck", str(obs.deck_count)),
            ("You", f"{obs.hand_counts[me]} in hand · {obs.scores[me]}/25 gone"),
            (
                session.seat_label(them),
                f"{obs.hand_counts[them]} in hand · {obs.scores[them]}/25 gone",
            ),
        ]
        return Status.of_turn(session, chips, mine=session.humans_turn and not waiting)

    def ending(self, session: GameSession) -> Ending:
        obs = session.state.observation(session.me)
        next_dealer = "ai" if session.state.next_dealer == 1 else "you"
        return Ending(
            end_sentence(session, obs),
            result_kind(session.state.winner == session.me),
            summary(session, obs),
            replace(session.setup, seed=fresh_seed()).with_option("dealer", next_dealer),
        )


WORDS = BorderAttackWords()


class BorderAttackBoard(GameBoard):
    words = WORDS

    def switches(self, session: GameSession) -> None:
        """The common switches, and the guess's level: by recall (typing or the map, as the
        rules play it) or, easier, from a list that always holds the right answer."""
        super().switches(session)
        st.toggle(
            "Guess from a list (easier)",
            key=list_guess_key(session),
            help=(
                "Off: you type your guess from memory (or click it on the map), as the rules "
                "play it. On: you pick it from a list of the states."
            ),
        )

    def body(self, session: GameSession, waiting: bool) -> None:
        obs = session.state.observation(session.me)
        current, last = on_and_last(obs, tricks(session))
        main, side = st.columns(2, gap="large")
        guessing = obs.phase == GUESS and session.humans_turn and not waiting
        # the hand is the next move's box when the move is a card of it
        plays_a_card = session.humans_turn and not waiting and obs.phase != GUESS
        hand = next_move() if plays_a_card else st.container()
        with main:
            if current is not None:
                st.markdown(f"**On the table — trick {current.number}**")
                st.html(trick_html(session, current))
                if current.guess_right is False and current.follow is not None:
                    st.warning(guess_detail(current.guess, current.follow), icon=":material/close:")
            typed_remark(session)
            if waiting:
                recent = recent_lines(session, describe)
                if recent:
                    st.markdown(markdown_list(recent[-3:]))
                st.markdown(f"**{pending(session, obs.phase)}**")
                continue_button(session)
            elif obs.phase == LEAD:
                lead_widgets(session, obs, hand)
            elif obs.phase == COMMIT:
                follow_widgets(session, obs, hand)
            elif obs.phase == GUESS:
                guess_widgets(session, obs, side)
            elif obs.phase in (BONUS_DISCARD, WIN_DISCARD):
                discard_widgets(session, obs, hand)
        if waiting or guessing:
            with hand:
                show_hand(obs.hand)
        with side:
            if last is not None and not guessing:
                st.markdown(f"**Last trick (trick {last.number})**")
                st.markdown(markdown_list(trick_lines(session, last)))
        if not guessing:
            map_box, _ = st.columns([3, 2], gap="large")
            with map_box:
                shown = current if current and current.guess else last
                show_trick_map(obs, shown, session.bkey("trick_map"))
        elif last is not None:
            with st.expander(f"Last trick (trick {last.number})"):
                st.markdown(markdown_list(trick_lines(session, last)))

    def after_ending(self, session: GameSession) -> None:
        _, last = on_and_last(session.state.observation(session.me), tricks(session))
        if last is not None:
            with st.expander(f"The last trick (trick {last.number})", expanded=True):
                st.html(trick_html(session, last))
                st.markdown(markdown_list(trick_lines(session, last)))


BOARD = BorderAttackBoard()
