"""BorderCap Gin's hints in words: what a good player would consider before this seat's move.

The groups a hand holds and whether cards are linked come from :mod:`engine.melds` (the true
map and capitals); the numbers (outs, the card to let go, what the discard on the pile would
do, when a face-down discard keeps a card from the other player) from
:mod:`engine.bordercap_gin.advice`, read from this seat's observation with the odds the AI
reads. Here they become the hint box's lines and a caption under each card.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.bordercap_gin import DECLARE, DISCARD, DRAW, GinObservation
from engine.bordercap_gin.advice import (
    DiscardAdvice,
    TakeAdvice,
    discard_advice,
    face_down_helps,
    live_outs,
    take_advice,
)
from engine.cards import Card
from engine.melds import best_split, groups_in, letter_sets, links_in, split_points, stars
from messages import _, ngettext, number
from ui.games.bordercap_gin.groups import group_reason
from ui.games.bordercap_gin.log import by_name, drawn_card, names, win_text
from ui.games.session import GameSession
from ui.games.wording import card_name
from ui.games.words import Hints


def groups_lines(hand: Sequence[Card]) -> list[str]:
    """The groups a hand holds, one line per border star or capital letter."""
    lines = []
    for hub, around in stars(hand):
        n = len(around)
        if n == 2:
            text = _("**{card}** borders {cards}: a 3-group.")
        elif n == 3:
            text = _("**{card}** borders {cards}: a 4-group.")
        else:
            text = _("**{card}** borders {cards}: 4-groups (it and any three of them).")
        lines.append(text.format(card=card_name(hub.usps), cards=names(around)))
    for letter, cards in letter_sets(hand):
        capitals = ", ".join(f"{c.capital} ({card_name(c.usps)})" for c in cards)
        if len(cards) == 3:
            text = _("Capitals starting with **{letter}**: {capitals}: a 3-group.")
        else:
            text = _("Capitals starting with **{letter}**: {capitals}: a 4-group.")
        lines.append(text.format(letter=letter, capitals=capitals))
    return lines


def holding_lines(cards: Sequence[Card]) -> list[str]:
    """The groups a hand holds, for the hints (or how to look for one)."""
    found = groups_lines(cards)
    if not found:
        return [
            _(
                "Your hand holds no group yet: look for a state that borders two of your "
                "cards, or three capitals with the same first letter."
            )
        ]
    return [_("Your hand holds: {groups}").format(groups=" ".join(found))]


def take_line(advice: TakeAdvice) -> str:
    """What the discard that may be taken would do for the hand, in one sentence."""
    top = advice.card
    if advice.win is not None and advice.discard is not None:
        return _(
            "Taking **{card}** gives you a win: discard {discard} and declare {split}."
        ).format(
            card=card_name(top.usps),
            discard=card_name(advice.discard.usps),
            split=win_text(*advice.win),
        )
    if advice.group:
        g = advice.group
        return _("**{card}** would make a new group: {cards} ({reason}).").format(
            card=card_name(top.usps), cards=names(g), reason=group_reason(g)
        )
    if advice.borders:
        return _("**{card}** borders {cards} in your hand, but makes no group yet.").format(
            card=card_name(top.usps), cards=names(advice.borders)
        )
    return _("**{card}** fits none of your cards: draw from the deck.").format(
        card=card_name(top.usps)
    )


def face_down_line(obs: GinObservation, card: Card) -> str | None:
    """Why ``card`` might go face down (it helps a card the other player took), when the
    engine lets it go face down now."""
    helps = face_down_helps(obs, card)
    if helps:
        return _(
            "The other player took {cards}; {card} goes with it — discard it face down so it "
            "cannot be picked up."
        ).format(cards=names(helps), card=card_name(card.usps))
    return None


def draw_hints(obs: GinObservation) -> list[str]:
    """Before the draw: the groups, a win held or one card away, the discard's worth."""
    hand = by_name(obs.hand)
    lines = holding_lines(hand)
    split = best_split(hand)
    if split is not None:
        lines.append(_("You already hold a win — {split}.").format(split=win_text(*split)))
    elif winners := live_outs(obs):
        lines.append(
            _("One card from a win: {cards} (not seen yet).").format(
                cards=names(by_name(winners), "or")
            )
        )
    if (advice := take_advice(obs)) is not None:
        lines.append(take_line(advice))
    return lines


def discard_hint_lines(obs: GinObservation, advice: DiscardAdvice) -> list[str]:
    """The hint before a discard: the groups, the card to let go and why."""
    lines = holding_lines(by_name(obs.hand))
    best = advice.best
    if best is None:
        return lines
    if best.usps in advice.wins:
        four, three = advice.wins[best.usps]
        points = split_points(four)
        lines.append(
            ngettext(
                "Discard **{card}** and declare: {split}, {points} point.",
                "Discard **{card}** and declare: {split}, {points} points.",
                points,
            ).format(card=card_name(best.usps), split=win_text(four, three), points=number(points))
        )
    elif n := advice.outs[best.usps]:
        lines.append(
            ngettext(
                "The outlined card, **{card}**, is the best to let go: the seven left can be "
                "completed by {count} card not seen yet.",
                "The outlined card, **{card}**, is the best to let go: the seven left can be "
                "completed by {count} cards not seen yet.",
                n,
            ).format(card=card_name(best.usps), count=number(n))
        )
    else:
        lines.append(
            _(
                "The outlined card, **{card}**, is the best to let go: it helps your groups least."
            ).format(card=card_name(best.usps))
        )
    if down := face_down_line(obs, best):
        lines.append(down)
    return lines


def declare_hint_lines(hand: Sequence[Card]) -> list[str]:
    """The hint after the discard: the groups, and whether the seven cards are a win."""
    split = best_split(hand)
    return holding_lines(hand) + (
        [_("You hold a win: {split}.").format(split=win_text(*split))]
        if split is not None
        else [_("These seven cards do not split into a 4-group and a 3-group.")]
    )


def card_captions(obs: GinObservation, advice: DiscardAdvice | None = None) -> dict[str, str]:
    """A short line per card of the hand: what it links to (and what discarding it leaves)."""
    links = links_in(obs.hand)
    grouped = {c.usps for g in groups_in(list(obs.hand)) for c in g}
    out = {}
    for c in obs.hand:
        linked = links[c.usps]
        if c.usps in grouped:
            parts = [_("in a group")]
        elif linked:
            parts = [
                ngettext("linked to {count} card", "linked to {count} cards", len(linked)).format(
                    count=number(len(linked))
                )
            ]
        else:
            parts = [_("no link to your cards")]
        if advice is not None and c.usps in advice.outs:
            n = advice.outs[c.usps]
            if c.usps in advice.wins:
                parts.append(_("discard it and you win"))
            elif n:
                parts.append(
                    ngettext(
                        "then {count} card would win", "then {count} cards would win", n
                    ).format(count=number(n))
                )
        out[c.usps] = " · ".join(parts)
    return out


def discard_captions(
    obs: GinObservation, advice: DiscardAdvice | None, new: Card | None
) -> dict[str, str]:
    """The lines under each card before a discard: the card just drawn or taken, and with
    hints what discarding it leaves."""
    captions = card_captions(obs, advice) if advice is not None else {}
    if new is not None:
        captions[new.usps] = " · ".join(
            [_("just drawn"), *([captions[new.usps]] if captions else [])]
        )
    taken = obs.taken
    if taken is not None:
        captions[taken.usps] = " · ".join(
            [_("just taken"), *([captions[taken.usps]] if taken.usps in captions else [])]
        )
    return captions


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
