"""The states' names as Border Attack's page writes them, in the reader's language: by USPS
code (:data:`NAMES`, each name looked up when it is read), in the order of the guess boxes
(:func:`guess_order`), and listed in a sentence (:func:`messages.join`, in the order of the
names)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from engine.cards import Card, by_usps, deck
from messages import collation_key, join
from ui.games.wording import card_name, card_names
from ui.state_names import by_name

_CODES: tuple[str, ...] = tuple(c.usps for c in deck())


class _Names(Mapping[str, str]):
    """The cards' names by USPS code, each in the reader's language when it is read."""

    def __getitem__(self, usps: str) -> str:
        if usps not in by_usps():
            raise KeyError(usps)
        return card_name(usps)

    def __iter__(self) -> Iterator[str]:
        return iter(_CODES)

    def __len__(self) -> int:
        return len(_CODES)


NAMES: Mapping[str, str] = _Names()


def guess_order() -> list[str]:
    """Every state's code in the order of the guess boxes: by name in the reader's language."""
    return by_name(_CODES)


def card_of(usps: str) -> Card:
    return by_usps()[usps]


def names(codes: Iterable[str]) -> str:
    """State names in alphabetical order as a list ("A, B, and C"), or "none"."""
    return card_names(codes)


def names_and(codes: Iterable[str]) -> str:
    """State names in alphabetical order joined with "and"."""
    return join(sorted((card_name(c) for c in codes), key=collation_key))


def names_or(codes: Iterable[str]) -> str:
    """State names in alphabetical order joined with "or" (after a negation)."""
    return join(sorted((card_name(c) for c in codes), key=collation_key), "or")
