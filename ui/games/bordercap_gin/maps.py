"""A BorderCap Gin hand on the map, as data (the board draws it with ``ui.maps.us_map``): its
states, a line for each border between two of its cards, each capital's first letter on its
state, and with hints its groups coloured and the cards that would complete a win; a declared
win's two groups joined through their hubs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.bordercap_gin import DRAW, GinObservation, RoundResult
from engine.bordercap_gin.advice import live_outs
from engine.cards import Card
from engine.melds import best_groups, border_pairs, hubs, neighbors_in
from messages import N_, _, number
from ui.games.wording import card_name

#: the map's words for its roles (marked here, translated when a map is made)
MAP_LABELS: dict[str, str] = {
    "mine": N_("in your hand"),
    "missed": N_("would complete a win"),
    "theirs": N_("the discard you may take"),
}
GROUP_ROLES: tuple[str, str] = ("target", "correct")  #: the colours of a first and second group
MAP_TITLE = N_("Your hand on the map")  #: translated where the board shows it
MAP_CAPTION = N_(
    "Lines join cards of your hand that border each other (dotted: to the discard you may "
    "take); the letters are the capitals' initials."
)  #: translated where the board shows it


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
    labels = {role: _(label) for role, label in MAP_LABELS.items()}
    for role, group in zip(GROUP_ROLES, groups, strict=False):
        for c in group:
            roles[c.usps] = role
        same = role != GROUP_ROLES[0] and len(group) == len(groups[0])
        label = _("another {size}-group") if same else _("your {size}-group")
        labels[role] = label.format(size=number(len(group)))
    for c in winners:
        roles.setdefault(c.usps, "missed")
    notes = {}
    for c in hand:
        inside = [card_name(o.usps) for o in neighbors_in(c, hand)]
        note = _("capital {capital} · borders {states}") if inside else _("capital {capital}")
        notes[c.usps] = note.format(capital=c.capital, states=", ".join(inside))
    links = [(a.usps, b.usps) for a, b in border_pairs(hand)]
    dashed: list[tuple[str, str]] = []
    letters = {c.usps: c.capital_initial for c in hand}
    if top is not None and top.usps not in roles:
        roles[top.usps] = "theirs"
        notes[top.usps] = _("capital {capital} · on the discard pile").format(capital=top.capital)
        dashed = [(top.usps, c.usps) for c in neighbors_in(top, hand)]
        letters[top.usps] = top.capital_initial
    return MapParts(roles, notes, links, dashed, letters, labels)


def seat_hand_map(obs: GinObservation, *, hints: bool, mine: bool) -> MapParts:
    """This seat's hand on the map, with the discard it may take (on its own draw, ``mine``)
    and, with ``hints``, its best groups and the cards that would complete a win."""
    return hand_map(
        obs.hand,
        groups=best_groups(obs.hand) if hints else (),
        top=obs.just_discarded if mine and obs.phase == DRAW else None,
        winners=live_outs(obs) if hints else [],
    )


def winning_hand_map(result: RoundResult) -> MapParts:
    """The map of a declared win: the 4-group and the 3-group, their border links."""
    hand = [*result.four, *result.three]
    parts = hand_map(hand, groups=(result.four, result.three))
    parts.labels.update(dict(zip(GROUP_ROLES, (_("the 4-group"), _("the 3-group")), strict=True)))
    parts.links = [
        (a.usps, b.usps)
        for group in (result.four, result.three)
        for a, b in border_pairs(group)
        if a in hubs(group) or b in hubs(group)
    ]
    return parts
