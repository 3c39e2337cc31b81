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

from dataclasses import dataclass, field, replace

import geodata
from engine.answers import match_state
from engine.cards import ZONES, by_usps, deck
from engine.params import Note, Params, last, number, one_of, split, whole
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


def parse_settings(
    params: Params, *, group: str | None = None, default_seed: int = 0
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
    modes = _modes(params, group, notes)
    n = _n(params, notes)
    seed = number(
        params, "seed", notes, default=default_seed, signed=True, note=_bad_seed(default_seed)
    )
    region = one_of(params, "region", notes, _REGION_KEYS, key=key, note=_bad_region)
    zone = one_of(params, "zone", notes, _ZONE_KEYS, key=key, note=_bad_zone)
    states = _states(params, notes)
    settings = _filtered(QuizSettings(modes=modes, n=n, seed=seed), region, zone, states, notes)
    _note_unaskable(settings, notes)
    return settings, notes


def _bad_seed(used: int) -> Note:
    return lambda text: f"seed={echo(text)} is not a whole number; used seed {used} instead."


def _bad_region(text: str) -> str:
    regions = ", ".join(geodata.REGIONS)
    return f"region={echo(text)} is not a Census region ({regions}); used all regions."


def _bad_zone(text: str) -> str:
    return f"zone={echo(text)} is not a time zone ({', '.join(ZONES)}); used all time zones."


def _modes(params: Params, group: str | None, notes: list[str]) -> tuple[str, ...]:
    """``mode``: modes, group names (of modes the page allows) and ``mix``, in a list; a token
    that is none of them is noted, and with none left the page's default modes are used."""
    allowed = allowed_modes(group)
    defaults = default_modes(group)
    text = last(params, "mode")
    if text is None:
        return defaults
    chosen: list[str] = []
    bad: list[str] = []
    for token in split(text.lower(), ",+ "):
        if token == MIX:
            chosen.extend(defaults)
        elif token in allowed:
            chosen.append(token)
        elif token in MODE_GROUPS and set(MODE_GROUPS[token]) <= set(allowed):
            chosen.extend(MODE_GROUPS[token])
        else:
            bad.append(token)
    if bad:
        where = f"the {GROUP_TITLES[group]}" if group else "this page"
        default = f"all {GROUP_TITLES[group].lower()} modes" if group else "mix (every mode)"
        names = ", ".join(allowed) + ", " + MIX
        used = ", ".join(m for m in MODES if m in chosen) if chosen else default
        notes.append(
            f"mode={echo(','.join(bad))} is not a mode of {where} (modes: {names}); "
            f"used {used} instead."
        )
    return tuple(dict.fromkeys(chosen)) if chosen else defaults


def _n(params: Params, notes: list[str]) -> int:
    """``n``: 1 to :data:`MAX_N` questions; more is cut to the most, less or not a number is
    the default."""
    text = last(params, "n")
    if text is None:
        return DEFAULT_N
    value = whole(text, signed=True)
    if value is None or value < 1:
        notes.append(
            f"n={echo(text)} is not a number of questions from 1 to {MAX_N}; "
            f"used the default, {DEFAULT_N}."
        )
        return DEFAULT_N
    if value > MAX_N:
        notes.append(f"n={echo(text)} is more than the most questions, {MAX_N}; used {MAX_N}.")
        return MAX_N
    return value


def _states(params: Params, notes: list[str]) -> tuple[str, ...]:
    """``states``: USPS codes or state names (a typed name is read forgivingly); those not
    recognised are noted and left out."""
    text = last(params, "states")
    if text is None:
        return ()
    found: list[str] = []
    bad: list[str] = []
    for token in split(text):
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
            f"states={echo(','.join(bad))}: not recognised as state names or USPS codes; {rest}."
        )
    return tuple(dict.fromkeys(found))


def _filtered(
    settings: QuizSettings,
    region: str | None,
    zone: str | None,
    states: tuple[str, ...],
    notes: list[str],
) -> QuizSettings:
    """``settings`` with each filter in turn, but one that would leave no state (noted)."""
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
    return settings


def _note_unaskable(settings: QuizSettings, notes: list[str]) -> None:
    """A note for each mode that has no question about the selection (it uses all 50)."""
    pool = settings.pool()
    for mode in settings.modes:
        if not generator(mode).subjects(pool):
            notes.append(
                f"mode={mode}: no question of this mode can be asked about "
                f"{settings.describe_pool()} (it needs {generator(mode).needs}); "
                "these questions use all 50 states."
            )
