"""The states' names as Border Attack's page writes them: by USPS code (:data:`NAMES`), in
the order of the guess boxes (:data:`BY_NAME`), and listed in a sentence."""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import Card, by_usps, deck

NAMES: dict[str, str] = {c.usps: c.name for c in deck()}
BY_NAME: list[str] = sorted(NAMES, key=NAMES.get)  #: the order of the guess boxes


def card_of(usps: str) -> Card:
    return by_usps()[usps]


def names(codes: Iterable[str]) -> str:
    """State names in alphabetical order, or "none"."""
    listed = sorted(card_of(c).name for c in codes)
    return ", ".join(listed) if listed else "none"


def names_and(codes: Iterable[str]) -> str:
    """State names in alphabetical order joined with "and"."""
    listed = sorted(card_of(c).name for c in codes)
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]


def names_or(codes: Iterable[str]) -> str:
    """State names in alphabetical order joined with "or" (after a negation)."""
    listed = sorted(card_of(c).name for c in codes)
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " or " + listed[-1]
