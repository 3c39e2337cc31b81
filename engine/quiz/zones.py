"""The time zone drill: ``zone`` (which time zone is X's capital in? a card's Zone). A state
split between time zones is asked about its capital, and the explanation says so."""

from __future__ import annotations

from engine.cards import ZONES, by_usps
from engine.quiz.context import Context
from engine.quiz.facts import facts
from engine.quiz.modes import generates, mode
from engine.quiz.question import Question
from engine.words import Sentence


@generates("zone")
def _zone(usps: str, ctx: Context) -> Question:
    card = by_usps()[usps]
    zones = facts()[usps].time_zones
    explains = [Sentence("capital_in_zone", state=usps, capital=usps, zone=card.zone)]
    if len(zones) > 1:
        explains.append(Sentence("split_between_zones", state=usps, zones=zones))
    return mode("zone").question(
        usps,
        Sentence("ask_zone", state=usps),
        card.zone,
        choices=ZONES,
        focus=usps,
        explains=tuple(explains),
    )
