"""The time zone drill: ``zone`` (which time zone is X's capital in? a card's Zone). A state
split between time zones is asked about its capital, and the explanation says so."""

from __future__ import annotations

from engine.cards import ZONES, by_usps
from engine.quiz.context import Context
from engine.quiz.facts import and_list, facts
from engine.quiz.modes import generates, mode
from engine.quiz.question import Question


@generates("zone")
def _zone(usps: str, ctx: Context) -> Question:
    card = by_usps()[usps]
    zones = facts()[usps].time_zones
    explanation = f"{card.name}'s capital, {card.capital}, is in the {card.zone} time zone."
    if len(zones) > 1:
        explanation += (
            f" {card.name} is split between the {and_list(list(zones))} time zones; "
            "the question is about its capital."
        )
    return mode("zone").question(
        usps,
        f"Which time zone is {card.name}'s capital in?",
        card.zone,
        choices=ZONES,
        focus=usps,
        explanation=explanation,
    )
