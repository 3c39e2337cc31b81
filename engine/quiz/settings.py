"""Quiz settings and the URL parameters they come from.

**URL parameters** (see :func:`parse_settings`; a public interface: a teacher's saved link
must keep working): ``mode`` (one mode, a group, ``mix`` or a comma-separated list);
``region`` (a Census region: northeast, midwest, south, west); ``zone`` (eastern, central,
mountain, pacific, alaska, hawaii); ``states`` (comma-separated USPS codes or names); ``n``
(questions, 1 to 50, default 10); ``seed`` (a whole number). Filters combine: the selection is
the states that pass them all (a filter that would leave no state is dropped, with a note). A
bad value is quoted in its note cut to ``engine.quiz.facts.ECHO_LIMIT`` characters (then "…").
A note is a :class:`~engine.words.Sentence` (its code and values: the parameter's text, what
was used), worded by ``ui.quiz.wording``, as is the selection (:meth:`QuizSettings.pool_said`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import geodata
from engine.answers import match_state
from engine.cards import ZONES, by_usps, deck
from engine.params import Note, Params, last, number, one_of, split, whole
from engine.quiz.facts import echo, facts, key
from engine.quiz.modes import (
    DEFAULT_MODES,
    MIX,
    MODE_GROUPS,
    MODES,
    allowed_modes,
    default_modes,
    generator,
)
from engine.words import Sentence, words

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

    def pool_said(self) -> Sentence:
        """The selection, to word: "all 50 states" (``pool_all``), "your 3 states"
        (``pool_list``), "the West Census region" (``pool_region``), "the Mountain time zone"
        (``pool_zone``), "the West Census region in the Mountain time zone"
        (``pool_region_zone``)."""
        if self.states:
            return Sentence("pool_list", count=len(self.pool()))
        if self.region and self.zone:
            return Sentence("pool_region_zone", region=self.region, zone=self.zone)
        if self.region:
            return Sentence("pool_region", region=self.region)
        if self.zone:
            return Sentence("pool_zone", zone=self.zone)
        return Sentence("pool_all")

    def describe_pool(self) -> str:
        """The selection in the current language (:meth:`pool_said`)."""
        return words(self.pool_said())

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
    settings and the notes (sentences, to word). Only an unknown ``group`` (a programming
    error) raises ``ValueError``.
    """
    notes: list[Sentence] = []
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
    return lambda text: Sentence("bad_seed", text=echo(text), seed=str(used))


def _bad_region(text: str) -> Sentence:
    return Sentence("bad_region", text=echo(text), values=tuple(geodata.REGIONS))


def _bad_zone(text: str) -> Sentence:
    return Sentence("bad_zone", text=echo(text), values=ZONES)


def _modes(params: Params, group: str | None, notes: list[Sentence]) -> tuple[str, ...]:
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
        notes.append(
            Sentence(
                "bad_mode",
                text=echo(",".join(bad)),
                group=group,
                values=(*allowed, MIX),
                used=tuple(m for m in MODES if m in chosen),
            )  # fmt: skip
        )
    return tuple(dict.fromkeys(chosen)) if chosen else defaults


def _n(params: Params, notes: list[Sentence]) -> int:
    """``n``: 1 to :data:`MAX_N` questions; more is cut to the most, less or not a number is
    the default."""
    text = last(params, "n")
    if text is None:
        return DEFAULT_N
    value = whole(text, signed=True)
    if value is None or value < 1:
        notes.append(Sentence("bad_n", text=echo(text), most=MAX_N, default=DEFAULT_N))
        return DEFAULT_N
    if value > MAX_N:
        notes.append(Sentence("n_too_many", text=echo(text), most=MAX_N))
        return MAX_N
    return value


def _states(params: Params, notes: list[Sentence]) -> tuple[str, ...]:
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
        code = "bad_states_some" if found else "bad_states"
        notes.append(Sentence(code, text=echo(",".join(bad))))
    return tuple(dict.fromkeys(found))


def _filtered(
    settings: QuizSettings,
    region: str | None,
    zone: str | None,
    states: tuple[str, ...],
    notes: list[Sentence],
) -> QuizSettings:
    """``settings`` with each filter in turn, but one that would leave no state (noted)."""
    for name, value in (("region", region), ("zone", zone), ("states", states)):
        if not value:
            continue
        try:
            settings = replace(settings, **{name: value})
        except ValueError:
            text = value.lower() if isinstance(value, str) else ",".join(value)
            notes.append(
                Sentence("filter_leaves_none", param=name, text=text, pool=settings.pool_said())
            )
    return settings


def _note_unaskable(settings: QuizSettings, notes: list[Sentence]) -> None:
    """A note for each mode that has no question about the selection (it uses all 50)."""
    pool = settings.pool()
    for mode in settings.modes:
        if not generator(mode).subjects(pool):
            notes.append(
                Sentence(
                    "mode_unaskable",
                    mode=mode,
                    pool=settings.pool_said(),
                    needs=generator(mode).needs,
                )  # fmt: skip
            )
