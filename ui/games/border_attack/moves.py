"""The moves Border Attack offers this seat, in words: the prompt above each move's widgets,
the labels of its buttons, why a button is off (a border guess must name as many states as
were announced: the engine's ``guess_size_fits``), and what a guess typed from memory was read
as or why it was refused (:func:`typed_words`)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.border_attack import (
    BONUS_DISCARD,
    BORDERS,
    NAME,
    Announcement,
    BorderAttackObservation,
    Commit,
    Discard,
    GuessBorders,
    GuessState,
    Lead,
    TypedGuess,
    guess_size_fits,
)
from engine.cards import Card, Category
from messages import N_, _, ngettext, number, ordinal
from ui.games.border_attack.log import announcement_text
from ui.games.border_attack.names import NAMES, names
from ui.games.refusals import worded
from ui.games.session import GameSession
from ui.games.wording import Wording, card_name, category_label, say

REVEAL_LABELS: dict[str, str] = {NAME: N_("Announce its name"), BORDERS: N_("Announce its borders")}
NO_CATEGORY = N_("Choose a category first: it decides which rank counts.")  #: a Lead button's help
NO_CATEGORY_NOTE = N_(
    "The lead buttons are off until you choose a category: it decides which rank counts."
)
#: a remark on an accepted typed guess (:class:`engine.border_attack.guessing.Remark`)
REMARKS: dict[str, Wording] = {"read_as": N_("“{item}” read as {card}.")}


def reveal_label(reveal: str) -> str:
    """What the follower announces, as its choice reads: "Announce its name"."""
    return _(REVEAL_LABELS[reveal])


def typed_words(typed: TypedGuess) -> str:
    """Why a typed guess was refused, or what its misspellings were read as (empty when there
    is nothing to say), in the reader's language."""
    if typed.refusal is not None:
        return worded(typed.refusal, "border_attack")
    return " ".join(say(remark, REMARKS) for remark in typed.remarks)


def lead_prompt(obs: BorderAttackObservation) -> str:
    return _("**You lead trick {number}.** Choose a category, then the card to lead.").format(
        number=number(obs.trick + 1)
    )


def lead_label(card: Card, category: Category | None) -> str:
    """A card's Lead button: its rank in the category once one is chosen."""
    if category:
        return _("Lead · {rank}").format(rank=ordinal(card.rank(category)))
    return _("Lead")


def follow_prompt(session: GameSession, obs: BorderAttackObservation) -> str:
    """The lead to answer, and what answering means."""
    ai = session.seat_label(1 - session.me)
    led, cat = obs.led, obs.category
    assert led is not None and cat is not None
    return _(
        "**{ai} leads {card} — category {category}, {rank}.** Choose the card you answer with, "
        "and what you tell {ai} about it: its name or its border states. Then {ai} gets one "
        "guess at the other part."
    ).format(
        ai=ai, card=card_name(led.usps), category=category_label(cat), rank=ordinal(led.rank(cat))
    )


def play_label(card: Card, category: Category) -> str:
    """A card's Play button (face down): its rank in the led category."""
    return _("Play · {rank}").format(rank=ordinal(card.rank(category)))


def guess_heading(session: GameSession, ann: Announcement) -> str:
    """The answer face down and its announcement, above the guess."""
    ai = session.seat_label(1 - session.me)
    return _("**{ai} answers face down and announces {announcement}.**").format(
        ai=ai, announcement=announcement_text(ann)
    )


def guess_prompt(ann: Announcement, listed: bool) -> str | None:
    """What to guess and how (from a list, or by recall: typed or on the map); ``None`` for a
    named state with no border states (its button says it all)."""
    if ann.usps is None:
        if listed:
            return _("Which state is it? Pick it in the box or click it on the map.")
        return _("Which state is it? Type its name, or click it on the map.")
    if not ann.count:
        return None
    if listed:
        text = ngettext(
            "Name **the {count}** border state of {card}: pick it in the box or click it on the "
            "map (click again to remove).",
            "Name **all {count}** of {card}'s border states: pick them in the box or click them "
            "on the map (click again to remove).",
            ann.count,
        )
    else:
        text = ngettext(
            "Name **the {count}** border state of {card}: type it, or click it on the map "
            "(click again to remove).",
            "Name **all {count}** of {card}'s border states: type them, separated by commas, or "
            "click them on the map (click again to remove).",
            ann.count,
        )
    return text.format(count=number(ann.count), card=card_name(ann.usps))


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
            return GuessButton(_("Guess"), None, True, _("Pick a state first.")) if listed else None
        if listed:
            label = _("Guess {card}").format(card=NAMES[pick])
        else:
            label = _("Guess {card} (picked on the map)").format(card=NAMES[pick])
        return GuessButton(label, GuessState(pick), listed)
    n = ann.count
    if n and not listed and not picks:
        return None
    chosen = frozenset(picks)
    if n:
        label = ngettext("Guess this {count} state", "Guess these {count} states", n)
    else:
        label = _("Guess: {card} has no border states")
    label = label.format(count=number(n), card=NAMES[ann.usps])
    if guess_size_fits(ann, chosen):
        return GuessButton(label, GuessBorders(chosen), listed or not n)
    ai = session.seat_label(1 - session.me)
    off = ngettext(
        "{ai} announced {count} border state: pick exactly {count}.",
        "{ai} announced {count} border states: pick exactly {count}.",
        n,
    ).format(ai=ai, count=number(n))
    if listed:
        progress = ngettext(
            "{picked} of {count} picked.", "{picked} of {count} picked.", len(chosen)
        )
    else:
        progress = ngettext(
            "{picked} of {count} picked on the map.",
            "{picked} of {count} picked on the map.",
            len(chosen),
        )
    return GuessButton(
        label,
        GuessBorders(chosen),
        listed or not n,
        off,
        progress.format(picked=number(len(chosen)), count=number(n)),
    )


def discard_headline(phase: str) -> str:
    """Why this seat discards: a right guess or a won trick."""
    if phase == BONUS_DISCARD:
        return _("**Right guess!** Discard one card of your choice.")
    return _("**You won the trick!** Discard one card of your choice.")


def move_label(action: object) -> str:
    """A move as a button names it where the moves are listed (the notebook's game widget):
    "Lead Kentucky (Size)", "Play Ohio, announce its name", "Discard Utah"."""
    if isinstance(action, Lead):
        return _("Lead {card} ({category})").format(
            card=NAMES[action.card.usps], category=category_label(action.category)
        )
    if isinstance(action, Commit):
        text = (
            _("Play {card}, announce its name")
            if action.reveal == NAME
            else _("Play {card}, announce its border states")
        )
        return text.format(card=NAMES[action.card.usps])
    if isinstance(action, GuessState):
        return _("Guess {card}").format(card=NAMES[action.usps])
    if isinstance(action, GuessBorders):
        if not action.borders:
            return _("Guess: no border states")
        return _("Guess the border states {cards}").format(cards=names(action.borders))
    if isinstance(action, Discard):
        return _("Discard {card}").format(card=NAMES[action.card.usps])
    raise TypeError(f"{action!r} is not a move of Border Attack")
