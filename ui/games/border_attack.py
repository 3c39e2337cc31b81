"""What the Border Attack page shows, computed from the table's history (no Streamlit here).

The engine clears a trick when it ends, so the page rebuilds every trick from the recorded
steps (:func:`tricks`), always from the human's own observation: the AI's face-down card is
known only once it is played (or guessed right). The same steps give the readable log
(:func:`describe`), the hints (:func:`lead_hints`, :func:`follow_hints`,
:func:`discard_hints`, :func:`guess_hint`) and the map colours (:func:`trick_roles`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from math import comb

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
)
from engine.cards import Card, Category, by_usps, deck
from ui.cards import ordinal
from ui.games.session import Choice, Table

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


def tricks(tab: Table, upto: int | None = None) -> list[TrickView]:
    """Every trick played so far, rebuilt from the history (the last one may be unfinished);
    with ``upto``, as they stood after the first ``upto`` steps."""
    out: list[TrickView] = []
    for i, step in enumerate(tab.history[:upto]):
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
            if step.seat == tab.me:
                trick.follow = action.card
        elif isinstance(action, GuessState | GuessBorders):
            trick.guess = after.guess or action
            trick.guess_right = after.guess_right
            _card_played(trick, after)
        elif isinstance(action, Discard):
            if tab.before(i).phase == BONUS_DISCARD:
                trick.bonus_discard = action.card
                _card_played(trick, after)
            else:
                trick.win_discard = action.card
    return out


# --- the log --------------------------------------------------------------------------------


def _who(tab: Table, seat: int | None, you: str, ai: str) -> str:
    return f"You {you}" if seat == tab.me else f"{tab.seat_name(seat)} {ai}"


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


def play_line(tab: Table, trick: TrickView) -> str:
    """The follower's card turned up and who won."""
    card, led, cat = trick.follow, trick.led, trick.category
    assert card is not None and trick.winner is not None
    best = led if trick.winner == trick.leader else card
    won = (
        "you win the trick"
        if trick.winner == tab.me
        else f"{tab.seat_name(1 - tab.me)} wins the trick"
    )
    return (
        f"{_who(tab, trick.follower, 'play', 'plays')} **{card.name}** "
        f"({ordinal(card.rank(cat))} in {cat.label}, against {ordinal(led.rank(cat))}): "
        f"{best.name} is better — {won}."
    )


def describe(tab: Table, index: int) -> list[str]:
    """Readable lines for step ``index`` from the human's point of view (the AI's face-down
    card is never named before it is played)."""
    step = tab.history[index]
    action, after = step.action, step.after
    before = tab.before(index)
    seat = step.seat
    lines: list[str] = []
    trick = _trick_at(tab, index)
    if isinstance(action, Lead):
        cat = Category(action.category)
        lines.append(
            f"{_who(tab, seat, 'lead', 'leads')} **{action.card.name}**, category {cat.label} — "
            f"{action.card.name} is {ordinal(action.card.rank(cat))}."
        )
    elif isinstance(action, Commit):
        ann = after.announcement
        if seat == tab.me:
            what = "its name" if action.reveal == NAME else "its border states"
            lines.append(
                f"You answer with **{action.card.name}** face down and announce {what}: "
                f"{announcement_text(ann)}."
            )
        else:
            lines.append(
                f"{tab.seat_name(seat)} picks a card face down and announces "
                f"{announcement_text(ann)}."
            )
    elif isinstance(action, GuessState | GuessBorders) and trick is not None:
        guess = trick.guess or action
        verdict = "right" if trick.guess_right else "wrong"
        line = f"{_who(tab, seat, 'guess', 'guesses')} {guess_text(guess)} — {verdict}."
        if trick.guess_right is False and trick.follow is not None:
            line += f" {guess_detail(guess, trick.follow)}"
        lines.append(line)
        if after.phase not in (GUESS, BONUS_DISCARD) and trick.played:
            lines.append(play_line(tab, trick))
    elif isinstance(action, Discard):
        bonus = before.phase == BONUS_DISCARD
        why = "for the right guess" if bonus else "for winning the trick"
        lines.append(f"{_who(tab, seat, 'discard', 'discards')} {action.card.name} {why}.")
        if bonus and trick is not None and trick.played:
            lines.append(play_line(tab, trick))
    if after.deck_count < before.deck_count and index > 0:
        lines.append(f"Both hands get 5 new cards ({after.deck_count} left in the deck).")
    if after.winner is not None and before.winner is None:
        lines.append(result_line(tab, after))
    return lines


def _trick_at(tab: Table, index: int) -> TrickView | None:
    """The trick that step ``index`` belongs to, as known right after that step."""
    found = tricks(tab, index + 1)
    return found[-1] if found else None


def end_sentence(tab: Table, obs: BorderAttackObservation) -> str:
    """How the game ended, in one sentence: who ran out first, or, when both ran out in the
    same trick, who won that last trick."""
    winner = obs.winner
    ai = tab.seat_name(1 - tab.me)
    it = "it" if not tab.shared else ai
    if not any(obs.hand_counts):
        if winner == tab.me:
            return "You both ran out of cards; you won the last trick, so you win."
        return f"You both ran out of cards; {ai} won the last trick, so {it} wins."
    if winner == tab.me:
        left = obs.hand_counts[1 - tab.me]
        return (
            f"You have no cards left and the deck is empty, so you win ({ai} still holds "
            f"{left} card{'s' if left != 1 else ''})."
        )
    left = obs.hand_counts[tab.me]
    return (
        f"{ai} has no cards left and the deck is empty, so {it} wins (you still hold {left} "
        f"card{'s' if left != 1 else ''})."
    )


def result_line(tab: Table, obs: BorderAttackObservation) -> str:
    """The log's last line: :func:`end_sentence`."""
    return end_sentence(tab, obs)


PENDING: dict[str, str] = {
    LEAD: "{who} will now choose a category and lead a card.",
    COMMIT: "{who} will now choose an answer card, face down, and announce it.",
    GUESS: "{who} will now make one guess at your card.",
    BONUS_DISCARD: "{who} guessed right and will now discard a card.",
    WIN_DISCARD: "{who} won the trick and will now discard a card.",
}


def pending(tab: Table, phase: str) -> str:
    """What the other seat is about to do."""
    who = tab.subject(1 - tab.me)
    return PENDING.get(phase, "").format(who=who[:1].upper() + who[1:])


# --- hints ----------------------------------------------------------------------------------


def public_codes(obs: BorderAttackObservation) -> set[str]:
    """Cards played or discarded by either player."""
    return {c.usps for s in (0, 1) for pile in (obs.played[s], obs.discards[s]) for c in pile}


def unseen(obs: BorderAttackObservation) -> list[Card]:
    """The cards the human cannot place: the AI's hand, the deck (and a face-down card)."""
    known = public_codes(obs) | {c.usps for c in obs.hand}
    if obs.follow_card is not None:
        known.add(obs.follow_card.usps)
    return [c for c in deck() if c.usps not in known]


def win_chance(card: Card, category: Category, pool: list[Card], held: int) -> tuple[int, float]:
    """How many unseen cards beat ``card`` in ``category``, and the chance that none of them is
    among the ``held`` cards of the opponent (each unseen card equally likely to be held)."""
    better = sum(1 for c in pool if c.beats(card, category))
    u = len(pool)
    k = min(held, u)
    if k == 0:
        return better, 1.0
    return better, comb(u - better, k) / comb(u, k)


def lead_hints(obs: BorderAttackObservation) -> tuple[dict[str, str], tuple[Card, Category, float]]:
    """Per card, its chance to win as a lead in each category; and the best lead."""
    pool = unseen(obs)
    held = obs.hand_counts[1 - obs.seat]
    captions: dict[str, str] = {}
    best: tuple[Card, Category, float] | None = None
    for card in obs.hand:
        parts = []
        for cat in CATEGORIES:
            beaters, chance = win_chance(card, cat, pool, held)
            parts.append(f"{SHORT[cat]} {chance:.0%}")
            if best is None or chance > best[2]:
                best = (card, cat, chance)
        captions[card.usps] = "wins as a lead: " + " · ".join(parts)
    assert best is not None
    return captions, best


def follow_hints(obs: BorderAttackObservation) -> dict[str, str]:
    """Per card: does it beat the led card, and how guessable is each announcement."""
    led, cat = obs.led, obs.category
    assert led is not None and cat is not None
    public = public_codes(obs)
    captions = {}
    for card in obs.hand:
        mine, theirs = card.rank(cat), led.rank(cat)
        mark, verdict = ("✓", "wins") if mine < theirs else ("✗", "loses")
        n = len(card.borders)
        same = sum(1 for c in deck() if len(c.borders) == n and c.usps not in public and c != card)
        captions[card.usps] = (
            f"{mark} {verdict} ({ordinal(mine)} vs {ordinal(theirs)}) · {same + 1} unplayed "
            f"states have {n} border{'s' if n != 1 else ''}"
        )
    return captions


def discard_hints(obs: BorderAttackObservation) -> tuple[dict[str, str], Card]:
    """Per card, its best chance as a future lead; and the card a careful player lets go."""
    pool = unseen(obs)
    held = obs.hand_counts[1 - obs.seat]
    captions = {}
    worth: dict[str, float] = {}
    for card in obs.hand:
        chance, cat = max((win_chance(card, c, pool, held)[1], c) for c in CATEGORIES)
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
