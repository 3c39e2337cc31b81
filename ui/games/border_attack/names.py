"""The states' names as Border Attack's page writes them: by USPS code (:data:`NAMES`), in
the order of the guess boxes (:data:`BY_NAME`), and listed in a sentence in the reader's
language (:func:`messages.join`, in the order of the names)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import Card, by_usps, deck
from messages import join
from ui.games.wording import card_name, card_names

NAMES: dict[str, str] = {c.usps: c.name for c in deck()}
BY_NAME: list[str] = sorted(NAMES, key=NAMES.get)  #: the order of the guess boxes


def card_of(usps: str) -> Card:
    return by_usps()[usps]


def names(codes: Iterable[str]) -> str:
    """State names in alphabetical order as a list ("A, B, and C"), or "none"."""
    return card_names(codes)


def names_and(codes: Iterable[str]) -> str:
    """State names in alphabetical order joined with "and"."""
    return join(sorted(card_name(c) for c in codes))


def names_or(codes: Iterable[str]) -> str:
    """State names in alphabetical order joined with "or" (after a negation)."""
    return join(sorted(card_name(c) for c in codes), "or")
