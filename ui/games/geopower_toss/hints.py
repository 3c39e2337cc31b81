"""What a good GeoPower Toss player considers before a move, as the page's hints say it.

The draft: the tricks the hand would win as leads with each category. A lead: each card's chance
to win as a lead. A follow: which cards may be played (the engine's legal moves; a refused card's
tile says why in the engine's words), what each would do now (win the trick now, too low, off
the Zone: the engine's :func:`~engine.geopower_toss.tricks.follow_effect`) against the card the
observation says is winning, and how likely a winner is to hold. The numbers are the engine's
(:mod:`engine.geopower_toss.odds`), the ones the AI reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.geopower_toss import DRAFT, PLAY, GeoPowerObservation, Play, odds
from engine.geopower_toss.tricks import BEATS, OFF_ZONE, follow_effect, led_zone, must_follow
from ui.cards import ordinal
from ui.games.session import GameSession
from ui.games.words import Hints


@dataclass
class PlayHints:
    """Per card a caption, the cards to outline, and a sentence of advice."""

    captions: dict[str, str]
    outline: list[str]
    advice: str


def lead_hints(obs: GeoPowerObservation, reading: odds.Reading) -> PlayHints:
    """Leading: each card's chance to win as a lead, the surest outlined."""
    category = obs.category
    assert category is not None
    captions: dict[str, str] = {}
    chances = {c.usps: reading.hold_chance(c, category) for c in obs.hand}
    for c in obs.hand:
        n = reading.better_unseen(c, category)
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


def play_hints(session: GameSession, obs: GeoPowerObservation) -> PlayHints:
    """Leading: :func:`lead_hints`. Following: which cards may follow the Zone and which would
    win the trick now (and how likely they are to hold)."""
    category = obs.category
    assert category is not None
    reading = odds.Reading(obs)
    if not obs.trick:
        return lead_hints(obs, reading)
    zone = led_zone(obs.trick)
    assert obs.winning is not None
    best_seat, best_card = obs.winning
    bar = best_card.rank(category)
    played = {s for s, _ in obs.trick}
    after = [s for s in range(obs.players) if s not in played and s != obs.player]
    shares = reading.opponent_shares(after)  # the seats still to play
    playable = {a.card.usps for a in obs.legal if isinstance(a, Play)}
    captions: dict[str, str] = {}
    winners = []
    for c in obs.hand:
        if c.usps not in playable:  # its tile says why, in the engine's words
            continue
        effect = follow_effect(c, obs.trick, category)
        if effect == OFF_ZONE:
            captions[c.usps] = "off-Zone: cannot win this trick"
            continue
        r = c.rank(category)
        if effect == BEATS:
            chance = reading.hold_chance(c, category, shares)
            captions[c.usps] = f"would win now ({ordinal(r)} vs {ordinal(bar)})" + (
                f" · holds {chance:.0%}" if after else " · wins the trick"
            )
            winners.append(c)
        else:
            captions[c.usps] = f"too low ({ordinal(r)} vs {ordinal(bar)})"
    me = obs.player
    partner = obs.teams and best_seat != me and obs.team_of[best_seat] == obs.team_of[me]
    if must_follow(obs.hand, obs.trick) is None:
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
                f"Your partner {session.seat_name(best_seat)} is winning with {best_card.name}; "
                + advice
            )
    else:
        advice = (
            f"None of your {zone} cards beats {best_card.name} ({ordinal(bar)}): play your "
            f"weakest {zone} card (the worst {category.value} rank) and keep the strong ones."
        )
    if partner and not winners:
        advice = f"Your partner {session.seat_name(best_seat)} is winning this trick. " + advice
    return PlayHints(captions, [c.usps for c in winners], advice)


def draft_hint(obs: GeoPowerObservation) -> str:
    """Before a removal: the tricks the hand would win as leads with each category."""
    strength = odds.draft_strength(obs)
    weakest = min(strength, key=strength.get)
    text = "; ".join(f"{c.label} about {v:.1f}" for c, v in strength.items())
    return (
        f"Hint: the tricks your hand would win as leads with each category — {text}. "
        f"Remove **{weakest.label}**, where your cards rank worst."
    )


def move_hints(session: GameSession) -> Hints:
    """The hints before this seat's move: the draft's, or the play's (each card's chance and the
    advice; nothing while another seat acts)."""
    obs = session.state.observation(session.me)
    if not session.humans_turn:
        return Hints()
    if obs.phase == DRAFT:
        return Hints([draft_hint(obs)])
    if obs.phase == PLAY:
        hints = play_hints(session, obs)
        return Hints(["Hint: " + hints.advice], dict(hints.captions), list(hints.outline))
    return Hints()
