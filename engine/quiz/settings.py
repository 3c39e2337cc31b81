"""Quiz settings and the URL parameters they come from.

**URL parameters** (see :func:`parse_settings`; a public interface: a teacher's saved link
must keep working): ``mode`` (one mode, a group, ``mix`` or a comma-separated list);
``region`` (a Census region: northeast, midwest, south, west); ``zone`` (eastern, central,
mountain, pacific, alaska, hawaii); ``states`` (comma-separated USPS codes or names); ``n``
(questions, 1 to 50, default 10); ``seed`` (a whole number). Filters combine: the selection is
the states that pass them all (a filter that would leave no state is dropped, with a note). A
bad value is quoted in its note cut to ``engine.quiz.facts.ECHO_LIMIT`` characters (then "…").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

import geodata
from engine.answers import match_state
from engine.cards import ZONES, by_usps, deck
from engine.quiz.facts import echo, facts, key, plural
from engine.quiz.modes import (
    DEFAULT_MODES,
    GROUP_TITLES,
    MIX,
    MODE_GROUPS,
    MODES,
    allowed_modes,
    default_modes,
    generator,
)

PARAMS: tuple[str, ...] = ("mode", "region", "zone", "states", "n", "seed")
DEFAULT_N = 10
MAX_N = 50

_REGION_KEYS = {key(r): r for r in geodata.REGIONS}
_ZONE_KEYS = {key(z): z for z in ZONES}


@dataclass(frozen=True, slots=True)
class QuizSettings:
    """What a quiz asks about; equal settings give the same questions.

    ``modes``: mode names (stored de-duplicated, in the order of :data:`MODES`); ``region``: a
    Census region (``geodata.REGIONS``) or ``None``; ``zone``: one of ``engine.cards.ZONES`` or
    ``None``; ``states``: USPS codes (stored sorted; empty = no list filter); ``n``: number of
    questions (1 to :data:`MAX_N`); ``seed``: the seed of the deal. Invalid values raise
    ``ValueError``: build settings from URL text with :func:`parse_settings`, which never raises.
    """

    modes: tuple[str, ...] = field(default_factory=lambda: tuple(DEFAULT_MODES))
    region: str | None = None
    zone: str | None = None
    states: tuple[str, ...] = ()
    n: int = DEFAULT_N
    seed: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.modes, str):
            raise ValueError("modes must be a sequence of mode names, not one string")
        unknown = [m for m in self.modes if m not in MODES]
        if unknown or not self.modes:
            raise ValueError(f"unknown or missing modes: {unknown or self.modes}")
        object.__setattr__(self, "modes", tuple(m for m in MODES if m in self.modes))
        if self.region is not None and self.region not in geodata.REGIONS:
            raise ValueError(f"unknown region: {self.region!r}")
        if self.zone is not None and self.zone not in ZONES:
            raise ValueError(f"unknown zone: {self.zone!r}")
        codes = tuple(sorted({s.upper() for s in self.states}))
        if any(c not in by_usps() for c in codes):
            raise ValueError(f"unknown USPS codes in {self.states}")
        object.__setattr__(self, "states", codes)
        if not 1 <= self.n <= MAX_N:
            raise ValueError(f"n must be 1 to {MAX_N}, not {self.n}")
        if not self.pool():
            raise ValueError("no state passes all the filters")

    def pool(self) -> tuple[str, ...]:
        """USPS codes of the states that pass every filter, in deck order."""
        figures = facts()
        return tuple(
            c.usps
            for c in deck()
            if (self.region is None or figures[c.usps].region == self.region)
            and (self.zone is None or c.zone == self.zone)
            and (not self.states or c.usps in self.states)
        )

    @property
    def filtered(self) -> bool:
        """True when some filter is set."""
        return self.region is not None or self.zone is not None or bool(self.states)

    def describe_pool(self) -> str:
        """The selection in words: "all 50 states", "the West Census region", "the West Census
        region in the Mountain time zone", "your 3 states"."""
        if self.states:
            return f"your {plural(len(self.pool()), 'state')}"
        parts = []
        if self.region:
            parts.append(f"the {self.region} Census region")
        if self.zone:
            parts.append(f"the {self.zone} time zone")
        return " in ".join(parts) if parts else "all 50 states"

    def to_params(self) -> dict[str, str]:
        """The URL query parameters that :func:`parse_settings` reads back as these settings."""
        params = {"mode": _modes_param(self.modes)}
        if self.region:
            params["region"] = self.region.lower()
        if self.zone:
            params["zone"] = self.zone.lower()
        if self.states:
            params["states"] = ",".join(self.states)
        params["n"] = str(self.n)
        params["seed"] = str(self.seed)
        return params


def _modes_param(modes: tuple[str, ...]) -> str:
    if modes == DEFAULT_MODES:
        return MIX
    for group, members in MODE_GROUPS.items():
        if modes == members and len(members) > 1 and group not in MODES:
            return group
    return ",".join(modes)


def _param(params: Mapping[str, object], name: str) -> str | None:
    value = params.get(name)
    if isinstance(value, list | tuple):
        value = value[-1] if value else None
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def _parse_int(text: str) -> int | None:
    digits = text.lstrip("+-")
    if not digits.isascii() or not digits.isdigit() or len(digits) > 30:
        return None
    return int(text)


def _named(
    params: Mapping[str, object], name: str, keys: Mapping[str, str], notes: list[str], bad: str
) -> str | None:
    """The value parameter ``name`` names, looked up by its :func:`key` in ``keys`` (``None``
    when missing or unknown); an unknown one adds the note "<name>=<value> <bad>"."""
    raw = _param(params, name)
    if raw is None:
        return None
    found = keys.get(key(raw))
    if found is None:
        notes.append(f"{name}={echo(raw)} {bad}")
    return found


def parse_settings(
    params: Mapping[str, object], *, group: str | None = None, default_seed: int = 0
) -> tuple[QuizSettings, list[str]]:
    """Read quiz settings from URL query parameters; never raises.

    ``params`` maps parameter names to strings (or lists of strings: the last one counts).
    ``group`` is the page's mode group (``"borders"``, ``"capitals"``, ``"ranks"``, ``"zones"``)
    or ``None`` for a page that allows every mode; it sets the allowed and the default modes (all
    modes of the group). ``default_seed`` is used when ``seed`` is missing or bad: a page passes a
    fresh random seed, and should write it back into the URL so that the link reproduces.

    Missing or empty parameters take their defaults silently. A bad value is replaced by its
    default and produces a note naming the parameter, the bad value and the default used.
    Unknown parameter names are ignored (a page may have parameters of its own). Returns the
    settings and the notes (human-readable sentences). Only an unknown ``group`` (a programming
    error) raises ``ValueError``.
    """
    notes: list[str] = []
    allowed = allowed_modes(group)
    defaults = default_modes(group)
    where = f"the {GROUP_TITLES[group]}" if group else "this page"
    default_label = f"all {GROUP_TITLES[group].lower()} modes" if group else "mix (every mode)"

    modes: tuple[str, ...] = defaults
    raw = _param(params, "mode")
    if raw is not None:
        chosen: list[str] = []
        bad: list[str] = []
        for token in raw.replace("+", ",").replace(" ", ",").split(","):
            token = token.strip().lower()
            if not token:
                continue
            if token == MIX:
                chosen.extend(defaults)
            elif token in allowed:
                chosen.append(token)
            elif token in MODE_GROUPS and set(MODE_GROUPS[token]) <= set(allowed):
                chosen.extend(MODE_GROUPS[token])
            else:
                bad.append(token)
        if bad:
            names = ", ".join(allowed) + ", " + MIX
            used = ", ".join(m for m in MODES if m in chosen) if chosen else default_label
            notes.append(
                f"mode={echo(','.join(bad))} is not a mode of {where} (modes: {names}); "
                f"used {used} instead."
            )
        if chosen:
            modes = tuple(dict.fromkeys(chosen))

    n = DEFAULT_N
    raw = _param(params, "n")
    if raw is not None:
        value = _parse_int(raw)
        if value is None or value < 1:
            notes.append(
                f"n={echo(raw)} is not a number of questions from 1 to {MAX_N}; "
                f"used the default, {DEFAULT_N}."
            )
        elif value > MAX_N:
            notes.append(f"n={echo(raw)} is more than the most questions, {MAX_N}; used {MAX_N}.")
            n = MAX_N
        else:
            n = value

    seed = default_seed
    raw = _param(params, "seed")
    if raw is not None:
        value = _parse_int(raw)
        if value is None:
            notes.append(
                f"seed={echo(raw)} is not a whole number; used seed {default_seed} instead."
            )
        else:
            seed = value

    region = _named(
        params,
        "region",
        _REGION_KEYS,
        notes,
        f"is not a Census region ({', '.join(geodata.REGIONS)}); used all regions.",
    )
    zone = _named(
        params,
        "zone",
        _ZONE_KEYS,
        notes,
        f"is not a time zone ({', '.join(ZONES)}); used all time zones.",
    )

    states: tuple[str, ...] = ()
    raw = _param(params, "states")
    if raw is not None:
        found: list[str] = []
        bad = []
        for token in raw.split(","):
            token = token.strip()
            if not token:
                continue
            if token.upper() in by_usps():
                found.append(token.upper())
                continue
            match = match_state(token)
            if match.accepted and match.usps:
                found.append(match.usps)
            else:
                bad.append(token)
        if bad:
            rest = "used the others" if found else "used all states"
            notes.append(
                f"states={echo(','.join(bad))}: not recognised as state names or USPS codes; "
                f"{rest}."
            )
        states = tuple(dict.fromkeys(found))

    settings = QuizSettings(modes=modes, n=n, seed=seed)
    for name, value in (("region", region), ("zone", zone), ("states", states)):
        if not value:
            continue
        try:
            settings = replace(settings, **{name: value})
        except ValueError:
            text = value.lower() if isinstance(value, str) else ",".join(value)
            selection = settings.describe_pool()
            notes.append(
                f"{name}={text}: no state of {selection} passes this filter as well; "
                f"used {selection} without it."
            )

    pool = settings.pool()
    for mode in settings.modes:
        if not generator(mode).subjects(pool):
            notes.append(
                f"mode={mode}: no question of this mode can be asked about "
                f"{settings.describe_pool()} (it needs {generator(mode).needs}); "
                "these questions use all 50 states."
            )
    return settings, notes
