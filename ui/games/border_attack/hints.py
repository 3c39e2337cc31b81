"""Border Attack's hints before this seat's move (:func:`move_hints`): the safest lead, the
cards that beat the lead and how guessable each announcement is, what an announcement allows,
the card a careful player discards. The numbers are the engine's
(``engine.border_attack.odds``), the ones the AI reads, so a hint never disagrees with it."""

from __future__ import annotations

from engine.border_attack import (
    BONUS_DISCARD,
    CATEGORIES,
    COMMIT,
    GUESS,
    LEAD,
    WIN_DISCARD,
    BorderAttackObservation,
    odds,
)
from engine.cards import Card, Category, by_usps
from messages import _, ngettext, number, ordinal, percent, pgettext
from ui.games.border_attack.names import card_of, names
from ui.games.session import GameSession
from ui.games.wording import card_name, category_label
from ui.games.words import Hints


def short(category: Category) -> str:
    """A category's short name, as a lead's caption gives its chances: "Size", "State."."""
    return {
        Category.SIZE: pgettext("a trick's category, short", "Size"),
        Category.STATEHOOD: pgettext("a trick's category, short", "State."),
        Category.POPULATION: pgettext("a trick's category, short", "Pop."),
    }[category]


def lead_hints(obs: BorderAttackObservation) -> tuple[dict[str, str], tuple[Card, Category, float]]:
    """Per card, its chance to win as a lead in each category; and the best lead."""
    chances = odds.win_chances(obs)
    captions: dict[str, str] = {}
    best: tuple[Card, Category, float] | None = None
    for card in obs.hand:
        parts = []
        for cat in CATEGORIES:
            chance = chances.lead(card, cat)
            parts.append(f"{short(cat)} {percent(chance)}")
            if best is None or chance > best[2]:
                best = (card, cat, chance)
        captions[card.usps] = _("wins as a lead: {chances}").format(chances=" · ".join(parts))
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
        if odds.follow_wins(card, led, cat):
            verdict = _("✓ wins ({mine} vs {theirs})")
        else:
            verdict = _("✗ loses ({mine} vs {theirs})")
        n = len(card.borders)
        same = len(odds.candidates(n, public))
        borders = ngettext("{count} border", "{count} borders", n).format(count=number(n))
        states = ngettext(
            "{count} unplayed state has {borders}", "{count} unplayed states have {borders}", same
        ).format(count=number(same), borders=borders)
        shown = verdict.format(mine=ordinal(mine), theirs=ordinal(theirs))
        captions[card.usps] = f"{shown} · {states}"
    return captions


def discard_hints(obs: BorderAttackObservation) -> tuple[dict[str, str], Card]:
    """Per card, its best chance as a future lead; and the card a careful player lets go."""
    chances = odds.win_chances(obs)
    captions = {}
    worth: dict[str, float] = {}
    for card in obs.hand:
        cat, chance = chances.best_lead(card)
        worth[card.usps] = chance
        captions[card.usps] = _("best lead: {category} {chance}").format(
            category=category_label(cat), chance=percent(chance)
        )
    weakest = min(obs.hand, key=lambda c: (worth[c.usps], -sum(c.ranks)))
    return captions, weakest


def guess_hint(obs: BorderAttackObservation, candidates: list[Card]) -> str:
    """What the announcement allows: the states it could be, or where its borders lie."""
    ann = obs.announcement
    assert ann is not None
    if ann.usps is None:
        return ngettext(
            "Hint: States with exactly {count} border state that you have not seen yet: "
            "{states}. Only one of them touches every state listed.",
            "Hint: States with exactly {count} border states that you have not seen yet: "
            "{states}. Only one of them touches every state listed.",
            ann.count,
        ).format(count=number(ann.count), states=names(c.usps for c in candidates))
    named = card_of(ann.usps)
    if not ann.count:
        return _("Hint: {card} borders no state: guess an empty set.").format(
            card=card_name(named.usps)
        )
    ring = set()
    for other in named.borders:
        ring |= by_usps()[other].borders
    ring |= named.borders
    ring.discard(named.usps)
    return ngettext(
        "Hint: {card}'s {count} border state is among these {near} states near it: {states}.",
        "Hint: {card}'s {count} border states are among these {near} states near it: {states}.",
        ann.count,
    ).format(
        card=card_name(named.usps),
        count=number(ann.count),
        near=number(len(ring)),
        states=names(ring),
    )


def move_hints(session: GameSession) -> Hints:
    """The hints before this seat's move: the safest lead, the cards that beat the lead, the
    guess's candidates, the weakest card to discard (nothing while another seat acts)."""
    obs = session.state.observation(session.me)
    if not session.humans_turn:
        return Hints()
    ai = session.seat_label(1 - session.me)
    if obs.phase == LEAD:
        captions, (card, cat, chance) = lead_hints(obs)
        line = _(
            "Hint: a card wins its lead if {ai} holds no better one. Your safest lead is "
            "**{card} in {category}** ({rank}; it wins about {chance} of the time against the "
            "cards you have not seen)."
        ).format(
            ai=ai,
            card=card_name(card.usps),
            category=category_label(cat),
            rank=ordinal(card.rank(cat)),
            chance=percent(chance),
        )
        return Hints([line], captions, [card.usps])
    if obs.phase == COMMIT:
        led, cat = obs.led, obs.category
        line = _(
            "Hint: outlined cards beat the lead. Naming the card makes {ai} list every border "
            "(hard for states with many borders); listing the borders makes it find the state "
            "(hard when many unplayed states share the count)."
        ).format(ai=ai)
        wins = [c.usps for c in obs.hand if odds.follow_wins(c, led, cat)]
        return Hints([line], follow_hints(obs), wins)
    if obs.phase == GUESS:
        return Hints([guess_hint(obs, odds.guess_candidates(obs))])
    if obs.phase in (BONUS_DISCARD, WIN_DISCARD):
        captions, weakest = discard_hints(obs)
        line = _(
            "Hint: keep the cards that win leads. {card} has the smallest chance to win a lead "
            "against the cards you have not seen."
        ).format(card=card_name(weakest.usps))
        return Hints([line], captions, [weakest.usps])
    return Hints()
