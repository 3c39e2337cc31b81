"""A coded sentence's values in words, by their names: a value's kind is the last part of its
name ("led_card" is a card, "best_state" a state, "winner_seat" a seat), and each wording table
(the games', the drills') says how to word each kind it knows."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from messages import number

Kinds = Mapping[str, Callable[[Any], object]]  #: a kind's name → how to word a value of it


def worded(name: str, value: object, kinds: Kinds) -> object:
    """``value`` (the value called ``name``) in words, by ``kinds``; a whole number of no kind
    there is written as the reader writes numbers; anything else is left as it is."""
    word = kinds.get(name.rpartition("_")[2])
    if word is not None:
        return word(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return value
