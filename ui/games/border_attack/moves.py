"""The moves Border Attack offers this seat, in words: the prompt above each move's widgets,
the labels of its buttons, and why a button is off (a border guess must name as many states as
were announced: the engine's ``guess_size_fits``)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.border_attack import (
    BONUS_DISCARD,
    BORDERS,
    NAME,
    Announcement,
    BorderAttackObservation,
    GuessBorders,
    GuessState,
    guess_size_fits,
)
from engine.cards import Card, Category
from ui.cards import ordinal
from ui.games.border_attack.log import announcement_text
from ui.games.border_attack.names import NAMES, card_of
from ui.games.session import GameSession

REVEAL_LABELS: dict[str, str] = {NAME: "Announce its name", BORDERS: "Announce its borders"}
NO_CATEGORY = "Choose a category first: it decides which rank counts."  #: a Lead button's help
NO_CATEGORY_NOTE = (
    "The lead buttons are off until you choose a category: it decides which rank counts."
)


def lead_prompt(obs: BorderAttackObservation) -> str:
    return f"**You lead trick {obs.trick + 1}.** Choose a category, then the card to lead."


def lead_label(card: Card, category: Category | None) -> str:
    """A card's Lead button: its rank in the category once one is chosen."""
    return f"Lead · {ordinal(card.rank(category))}" if category else "Lead"


def follow_prompt(session: GameSession, obs: BorderAttackObservation) -> str:
    """The lead to answer, and what answering means."""
    ai = session.seat_label(1 - session.me)
    led, cat = obs.led, obs.category
    assert led is not None and cat is not None
    return (
        f"**{ai} leads {led.name} — category {cat.label}, {ordinal(led.rank(cat))}.** "
        f"Choose the card you answer with, and what you tell {ai} about it: its name or "
        f"its border states. Then {ai} gets one guess at the other part."
    )


def play_label(card: Card, category: Category) -> str:
    """A card's Play button (face down): its rank in the led category."""
    return f"Play · {ordinal(card.rank(category))}"


def guess_heading(session: GameSession, ann: Announcement) -> str:
    """The answer face down and its announcement, above the guess."""
    ai = session.seat_label(1 - session.me)
    return f"**{ai} answers face down and announces {announcement_text(ann)}.**"


def guess_prompt(ann: Announcement, listed: bool) -> str | None:
    """What to guess and how (from a list, or by recall: typed or on the map); ``None`` for a
    named state with no border states (its button says it all)."""
    if ann.usps is None:
        if listed:
            return "Which state is it? Pick it in the box or click it on the map."
        return "Which state is it? Type its name, or click it on the map."
    if not ann.count:
        return None
    how = (
        "pick them in the box or click them on the map"
        if listed
        else "type them, separated by commas, or click them on the map"
    )
    return (
        f"Name **all {ann.count}** of {card_of(ann.usps).name}'s border states: {how} "
        "(click again to remove)."
    )


@dataclass(frozen=True)
class GuessButton:
    """The Guess button under the box: its label, the move it plays, whether it is the main
    button, why it is off (``None``: it is on) and, while it is off, how many states are
    picked."""

    label: str
    action: GuessState | GuessBorders | None
    primary: bool
    off: str | None = None
    progress: str | None = None


def guess_button(session: GameSession, ann: Announcement, listed: bool) -> GuessButton | None:
    """The Guess button for the picks so far (``session.picks``). By recall, the typed guess's
    button is the main one, and a button for the map's picks appears once there are some."""
    picks = session.picks
    if ann.usps is None:
        pick = picks[0] if picks else None
        if pick is None:
            return GuessButton("Guess", None, True, "Pick a state first.") if listed else None
        label = f"Guess {NAMES[pick]}" + ("" if listed else " (picked on the map)")
        return GuessButton(label, GuessState(pick), listed)
    n = ann.count
    if n and not listed and not picks:
        return None
    chosen = frozenset(picks)
    label = f"Guess these {n} states" if n else f"Guess: {NAMES[ann.usps]} has no border states"
    if guess_size_fits(ann, chosen):
        return GuessButton(label, GuessBorders(chosen), listed or not n)
    ai = session.seat_label(1 - session.me)
    return GuessButton(
        label,
        GuessBorders(chosen),
        listed or not n,
        f"{ai} announced {n} border states: pick exactly {n}.",
        f"{len(chosen)} of {n} picked" + ("." if listed else " on the map."),
    )


def discard_headline(phase: str) -> str:
    """Why this seat discards: a right guess or a won trick."""
    if phase == BONUS_DISCARD:
        return "**Right guess!** Discard one card of your choice."
    return "**You won the trick!** Discard one card of your choice."
