"""What is wrong with a typed name, in words: the codes of ``store.names.checked`` for a
student's or a player's name, the same on the class, live and shared-table pages (each
area's table of refusals takes them in)."""

from __future__ import annotations

from collections.abc import Mapping

from messages import N_

NAME_FAULTS: Mapping[str, str] = {
    "name_control": N_("A name cannot contain control characters."),
    "name_override": N_(
        "A name cannot contain right-to-left or left-to-right override characters: type it "
        "as it reads (any script is fine)."
    ),
    "name_empty": N_("Type your name first."),
    "name_invisible": N_(
        "A name needs at least one visible letter, digit or sign: this one is made of "
        "invisible characters."
    ),
    "name_too_long": N_("A name has at most {limit} characters; this one has {length}."),
}
