"""Border Attack's maps as data (``ui.map_data``'s roles, notes and options), for every host:
this seat's hand and the led card, the map to guess on, and a trick's guess against its
answer (right, missed and wrong states)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.border_attack import Announcement, BorderAttackObservation, GuessBorders, GuessState
from engine.cards import Card
from messages import N_, _, ngettext, number, ordinal
from ui.games.border_attack.names import NAMES, card_of, guess_order
from ui.games.border_attack.tricks import TrickView
from ui.games.session import GameSession

MAP_LABELS: dict[str, str] = {
    "neighbor": N_("announced border state"),
    "target": N_("the named state"),
    "selected": N_("your pick"),
    "correct": N_("right answer"),
    "wrong": N_("wrong guess"),
    "missed": N_("missed border"),
    "mine": N_("in your hand"),
    "theirs": N_("led by your opponent"),
}

Roles = tuple[dict[str, str], dict[str, str]]  #: a map's roles and hover notes by USPS code


def map_labels() -> dict[str, str]:
    """The roles' words on Border Attack's maps (:data:`MAP_LABELS`) in the reader's
    language."""
    return {role: _(label) for role, label in MAP_LABELS.items()}


def ranks_note(card: Card) -> str:
    """The hover line of a card's state on a map."""
    n = len(card.borders)
    return ngettext(
        "Size {size} · Statehood {statehood} · Population {population} · {count} border",
        "Size {size} · Statehood {statehood} · Population {population} · {count} borders",
        n,
    ).format(
        size=ordinal(card.size_rank),
        statehood=ordinal(card.statehood_rank),
        population=ordinal(card.population_rank),
        count=number(n),
    )


def hand_roles(obs: BorderAttackObservation) -> Roles:
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


def trick_roles(trick: TrickView) -> Roles:
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
            notes[guess.usps] = _("the guess")
        if card is not None and trick.played:
            roles[card.usps] = "correct"
            notes[card.usps] = _("the card played")
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


def trick_map(
    obs: BorderAttackObservation, current: TrickView | None, last: TrickView | None
) -> tuple[dict[str, str], dict[str, str], str]:
    """The trick map under the board: the guess on the table once made, else the last trick's
    guess, else your hand (and the led card); its roles, notes and caption."""
    trick = current if current and current.guess else last
    if trick is not None and trick.guess is not None:
        caption = _("Trick {number}: the announcement and the guess").format(
            number=number(trick.number)
        )
        return *trick_roles(trick), caption
    return *hand_roles(obs), _("Your cards on the map (hover for their ranks)")


def guess_map_options(session: GameSession, ann: Announcement) -> dict[str, Any]:
    """What the map to guess on shows (``ui.map_data.map_data``'s options): one state to pick
    (a border list was announced) or its border states (its name was), the announced state
    refused with the reason."""
    ai = session.seat_label(1 - session.me)
    if ann.usps is None:
        pick, choices, refuse, hint = "one", None, {}, _("{Click} the state on the map")
    else:
        pick = "many" if ann.count else "none"
        choices = [c for c in guess_order() if c != ann.usps]
        said = _("{card} is {ai}'s state: pick its border states.")
        refuse = {ann.usps: said.format(card=NAMES[ann.usps], ai=ai)}
        hint = _("{Click} its border states on the map ({click} again to remove one)")
    return {
        "roles": guess_roles(ann, []),
        "pick": pick,
        "choices": choices,
        "refuse": refuse,
        "words": map_labels(),
        "height": 340,
        "hint": hint if pick != "none" else None,
        "label": _("Map for your guess"),
    }
