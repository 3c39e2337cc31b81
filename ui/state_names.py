"""The states' names in the reader's language: "Nueva York" in Spanish, "New York" in English.

A state's name is a text of the catalogue like any other, with the context ``"state name"``
(``python -m messages.extract`` adds the 50 names from the deck), so a language's names are in
its ``.po`` file. Lists of names are sorted as the reader's language sorts them
(:func:`messages.collation_key`), not by their English spelling."""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import by_usps
from messages import _, collation_key, join, pgettext

CONTEXT = "state name"  #: the catalogue's context of a state's name


def state_name(usps: str | None) -> str:
    """The name of the state ``usps`` in the reader's language ("That card" for something
    that is no state)."""
    card = by_usps().get(usps)  # type: ignore[arg-type]
    return pgettext(CONTEXT, card.name) if card else _("That card")


def by_name(codes: Iterable[str]) -> list[str]:
    """``codes`` in the order of their names in the reader's language."""
    return sorted(codes, key=lambda code: collation_key(state_name(code)))


def state_names(codes: Iterable[str], conjunction: str = "and") -> str:
    """The states ``codes`` named as a list in the reader's language, in the order of their
    names ("A, B and C"; ``conjunction="or"``: "A, B or C"); "none" for no state."""
    names = [state_name(code) for code in by_name(codes)]
    return join(names, conjunction) if names else _("none")
