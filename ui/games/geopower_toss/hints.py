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
from messages import _, ngettext, number, ordinal, percent
from ui.games.geopower_toss.tricks import category_word
from ui.games.session import GameSession
from ui.games.wording import card_name, category_label, zone_name
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
            _("sure to win as a lead")
            if not n
            else ngettext(
                "wins as a lead: {chance} ({n} better {zone} unseen)",
                "wins as a lead: {chance} ({n} better {zone} unseen)",
                n,
            ).format(chance=percent(chances[c.usps]), n=number(n), zone=zone_name(c.zone))
        )
    best = max(obs.hand, key=lambda c: (chances[c.usps], -c.rank(category)))
    return PlayHints(
        captions,
        [best.usps],
        _(
            "You lead: any card may be led. A lead wins unless someone plays a better "
            "{category} rank of the same Zone. **{card}** is the surest ({chance})."
        ).format(
            category=category_word(category),
            card=card_name(best.usps),
            chance=percent(chances[best.usps]),
        ),
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
    played = {s for s, _card in obs.trick}
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
            captions[c.usps] = _("off-Zone: cannot win this trick")
            continue
        ranks = {"rank": ordinal(c.rank(category)), "best": ordinal(bar)}
        if effect == BEATS:
            if after:
                chance = reading.hold_chance(c, category, shares)
                captions[c.usps] = _("would win now ({rank} vs {best}) · holds {chance}").format(
                    chance=percent(chance), **ranks
                )
            else:
                captions[c.usps] = _("would win now ({rank} vs {best}) · wins the trick").format(
                    **ranks
                )
            winners.append(c)
        else:
            captions[c.usps] = _("too low ({rank} vs {best})").format(**ranks)
    me = obs.player
    partner = obs.teams and best_seat != me and obs.team_of[best_seat] == obs.team_of[me]
    led = zone_name(zone)
    if must_follow(obs.hand, obs.trick) is None:
        advice = _(
            "You have no {zone} card: play any card — it cannot win, so let go of your weakest."
        ).format(zone=led)
    elif winners:
        cheapest = max(winners, key=lambda c: c.rank(category))
        advice = ngettext(
            "{n} of your {zone} cards beat {card} ({rank}). The cheapest that wins is "
            "**{cheapest}**.",
            "{n} of your {zone} cards beat {card} ({rank}). The cheapest that wins is "
            "**{cheapest}**.",
            len(winners),
        ).format(
            n=number(len(winners)),
            zone=led,
            card=card_name(best_card.usps),
            rank=ordinal(bar),
            cheapest=card_name(cheapest.usps),
        )
        if partner:
            advice = _("Your partner {partner} is winning with {card}; {advice}").format(
                partner=session.seat_name(best_seat), card=card_name(best_card.usps), advice=advice
            )
    else:
        advice = _(
            "None of your {zone} cards beats {card} ({rank}): play your weakest {zone} card "
            "(the worst {category} rank) and keep the strong ones."
        ).format(
            zone=led,
            card=card_name(best_card.usps),
            rank=ordinal(bar),
            category=category_word(category),
        )
    if partner and not winners:
        advice = _("Your partner {partner} is winning this trick. {advice}").format(
            partner=session.seat_name(best_seat), advice=advice
        )
    return PlayHints(captions, [c.usps for c in winners], advice)


def tenths(value: float) -> str:
    """``value`` to one decimal place, as the reader's language writes it ("2.5", "2,5")."""
    return number(value, decimals=1)


def draft_hint(obs: GeoPowerObservation) -> str:
    """Before a removal: the tricks the hand would win as leads with each category."""
    strength = odds.draft_strength(obs)
    weakest = min(strength, key=strength.get)
    text = "; ".join(
        _("{category} about {tricks}").format(category=category_label(c), tricks=tenths(v))
        for c, v in strength.items()
    )
    return _(
        "Hint: the tricks your hand would win as leads with each category — {estimates}. "
        "Remove **{category}**, where your cards rank worst."
    ).format(estimates=text, category=category_label(weakest))


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
        line = _("Hint: {advice}").format(advice=hints.advice)
        return Hints([line], dict(hints.captions), list(hints.outline))
    return Hints()
