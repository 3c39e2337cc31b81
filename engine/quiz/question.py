"""Drill quizzes: settings, question generators, answer checking and the run with its mistakes
queue. Pure and seeded: the same :class:`QuizSettings` always give the same questions.

**Modes** (the ``mode`` URL parameter; a public interface, keep the names stable):

============== ========================================================================
borders        ``neighbors`` select every state that borders X (a set answer);
               ``exact`` which state borders exactly these states? (the Border Attack guess);
               ``count`` how many states border X?
capitals       ``letter_states`` select every state whose capital begins with L;
               ``letter`` with which letter does the capital of X begin?;
               ``capital`` name the capital of X (typed);
               ``shared`` which of these states' capitals share a first letter? (BorderCap Gin);
               ``capital_of`` C is the capital of … (the state, typed: the reverse of
               ``capital``)
ranks          ``larger``, ``earlier``, ``populous`` which of two states is larger / joined
               the Union first / had more people in 2020?; ``weaker`` which state's worst rank
               (the lowest of its three ranks) is lower (Reverse Geography War); ``order`` put
               four states in order of one category
zones          ``zone`` which time zone is X's capital in? (a card's Zone)
locate         ``locate`` find X on the map (click it, or choose it in a list);
               ``identify`` which state is highlighted? (typed, or chosen of four);
               ``from_capital`` which state's capital is C? (typed, or chosen of four);
               ``all50`` name every state of the selection, one typed name at a time
============== ========================================================================

``mode`` also takes a group name (``borders``, ``capitals``, ``ranks``, ``zones``; a name that
is also a mode, ``locate``, means the mode), ``mix`` (every mode the page allows but the solo
modes) or a comma-separated list; several modes take turns in a shuffled cycle. A *solo* mode
(:data:`SOLO_MODES`: ``all50``) is one long question: it is asked once, after the others, and is
never part of a page's default or of ``mix``.

**URL parameters** (see :func:`parse_settings`): ``mode``; ``region`` (a Census region:
northeast, midwest, south, west); ``zone`` (eastern, central, mountain, pacific, alaska, hawaii);
``states`` (comma-separated USPS codes or names); ``n`` (questions, 1 to 50, default 10);
``seed`` (a whole number). Filters combine: the selection is the states that pass them all (a
filter that would leave no state is dropped, with a note).

**Selection rules.** Each question is *about* a state of the selection (the highlighted state,
the letter's states, one of the compared states). Facts are never filtered: "select every state
that borders Colorado" expects Kansas even when the selection is the West. Only
``letter_states`` asks within the selection ("every state of the West whose capital begins
with S"). Companions (the second state of a comparison, the other states of ``order`` and
``shared``, the wrong choices of ``exact``) come from the selection when it has enough of them,
otherwise from all 50 states. A mode with no possible question in the selection (``neighbors``
for Alaska and Hawaii alone) uses all 50 states; :func:`parse_settings` says so in a note.
Subjects are dealt from a shuffled cycle, so no question repeats before the selection is used up
(:func:`repeat_free_count` tells how many questions a quiz can ask before one repeats). The
offered choices (wrong choices, letters, companions) come from the selection when it has enough
of them. ``neighbors`` never offers the asked state itself.
Alaska and Hawaii (no neighbours) are asked in ``count`` only; two states that joined the Union
the same day (North and South Dakota) are never compared; nor are two cards of equal weakness.

**Runs.** :class:`QuizRun` asks the questions in turn. A counted wrong answer sends the
question back into the queue after :data:`RETRY_GAP` other questions (at the end if fewer are
left): it returns until it is answered right (Leitner-style), except a solo question, whose
answer is final. The score counts questions right at the first attempt; a run stopped early
(the timer) counts the questions not answered as not reached, never as right or wrong.
:meth:`QuizRun.misses_run` starts a "practise my misses" run.

**Echoes.** A bad value typed into a link is quoted in the notes cut to :data:`ECHO_LIMIT`
characters (then "…").
"""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from enum import StrEnum
from functools import cache
from itertools import combinations

import geodata
from engine.answers import Match, MatchStatus, match_capital, match_state
from engine.cards import ZONES, Category, by_usps, deck, long_date, ordinal
from engine.core import IllegalAction

MODE_GROUPS: dict[str, tuple[str, ...]] = {
    "borders": ("neighbors", "exact", "count"),
    "capitals": ("letter_states", "letter", "capital", "shared"),
    "ranks": ("larger", "earlier", "populous", "weaker", "order"),
    "zones": ("zone",),
    "locate": ("locate", "identify", "from_capital", "all50"),
}
MODE_GROUPS["capitals"] += ("capital_of",)
MODES: tuple[str, ...] = tuple(m for modes in MODE_GROUPS.values() for m in modes)
SOLO_MODES: tuple[str, ...] = ("all50",)
DEFAULT_MODES: tuple[str, ...] = tuple(m for m in MODES if m not in SOLO_MODES)
MIX = "mix"

GROUP_TITLES: dict[str, str] = {
    "borders": "Border quiz",
    "capitals": "Capital quiz",
    "ranks": "Rank quiz",
    "zones": "Time zone quiz",
    "locate": "Locate quiz",
}
MODE_TITLES: dict[str, str] = {
    "neighbors": "Select all border states",
    "exact": "Which state borders exactly these?",
    "count": "How many border states?",
    "letter_states": "Select all capitals with a letter",
    "letter": "First letter of the capital",
    "capital": "Type the capital",
    "shared": "Capitals that share a letter",
    "capital_of": "Type the state of a capital",
    "larger": "Which is larger?",
    "earlier": "Which joined the Union first?",
    "populous": "Which has more people?",
    "weaker": "Whose worst rank is lower?",
    "order": "Put four in order",
    "zone": "Time zone of the capital",
    "locate": "Find the state on the map",
    "identify": "Which state is highlighted?",
    "from_capital": "Which state has this capital?",
    "all50": "Name all the states",
}

PARAMS: tuple[str, ...] = ("mode", "region", "zone", "states", "n", "seed")
DEFAULT_N = 10
MAX_N = 50
RETRY_GAP = 3
ECHO_LIMIT = 40  #: characters of a bad value quoted back in a note


# --- facts ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Facts:
    region: str
    area: int
    population: int
    admitted: date
    time_zones: tuple[str, ...]


@cache
def _facts() -> dict[str, _Facts]:
    return {
        usps: _Facts(
            region=row["region"],
            area=int(row["total_area_sq_mi"]),
            population=int(row["population_2020"]),
            admitted=row["admitted"].date(),
            time_zones=tuple(row["time_zones"].split(";")),
        )
        for usps, row in geodata.states().iterrows()
    }


@cache
def four_corners_partner() -> dict[str, str]:
    """USPS code → the state it meets only at the Four Corners point (AZ–CO, NM–UT)."""
    out: dict[str, str] = {}
    for pair in geodata.FOUR_CORNERS:
        a, b = sorted(pair)
        out[a], out[b] = b, a
    return out


def _name(usps: str) -> str:
    return by_usps()[usps].name


def _by_name(codes: Iterable[str]) -> list[str]:
    return sorted(codes, key=_name)


def _and(items: Sequence[str]) -> str:
    items = list(items)
    if not items:
        return "none"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _plural(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def echo(text: str, limit: int = ECHO_LIMIT) -> str:
    """A value typed by someone, cut to ``limit`` characters (then "…") to be quoted back."""
    text = str(text)
    return text if len(text) <= limit else text[:limit] + "…"


@cache
def border_sentence(usps: str) -> str:
    """The state's border states in a sentence, the Four Corners neighbour named as such."""
    card = by_usps()[usps]
    if not card.borders:
        if usps == "AK":
            return "Alaska borders no state: its only land neighbour is Canada."
        if usps == "HI":
            return "Hawaii borders no state: it is a chain of islands in the Pacific."
        return f"{card.name} borders no other state."
    partner = four_corners_partner().get(usps)
    names = [
        f"{_name(c)} (corner to corner, at the Four Corners)" if c == partner else _name(c)
        for c in _by_name(card.borders)
    ]
    return f"{card.name} borders {_plural(len(names), 'state')}: {_and(names)}."


def _four_corners_remark(usps: str) -> str:
    partner = four_corners_partner()[usps]
    return (
        f"{_name(partner)} counts: it meets {_name(usps)} at the Four Corners, corner to "
        "corner, and the Four Corners count as a border."
    )


# --- settings ------------------------------------------------------------------------------


def _key(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


_REGION_KEYS = {_key(r): r for r in geodata.REGIONS}
_ZONE_KEYS = {_key(z): z for z in ZONES}


@dataclass(frozen=True, slots=True)
class QuizSettings:
    """What a quiz asks about; equal settings give the same questions.

    ``modes``: mode names (stored de-duplicated, in the order of :data:`MODES`); ``region``: a
    Census region (``geodata.REGIONS``) or ``None``; ``zone``: one of ``engine.cards.ZONES`` or
    ``None``; ``states``: USPS codes (stored sorted; empty = no list filter); ``n``: number of
    questions (1 to :data:`MAX_N`); ``seed``: the seed of the deal. Invalid values raise
    ``ValueError``: build settings from URL text with :func:`parse_settings`, which never raises.
    """

    modes: tuple[str, ...] = DEFAULT_MODES
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
        facts = _facts()
        return tuple(
            c.usps
            for c in deck()
            if (self.region is None or facts[c.usps].region == self.region)
            and (self.zone is None or c.zone == self.zone)
            and (not self.states or c.usps in self.states)
        )

    @property
    def filtered(self) -> bool:
        """True when some filter is set."""
        return self.region is not None or self.zone is not None or bool(self.states)

    def describe_pool(self) -> str:
        """The selection in words: "all 50 states", "the West", "the West in the Mountain time
        zone", "your 3 states"."""
        if self.states:
            return f"your {_plural(len(self.pool()), 'state')}"
        parts = []
        if self.region:
            parts.append(f"the {self.region}")
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


def allowed_modes(group: str | None) -> tuple[str, ...]:
    """The modes a page of ``group`` accepts (all modes when ``group`` is ``None``)."""
    if group is None:
        return MODES
    if group not in MODE_GROUPS:
        raise ValueError(f"unknown mode group: {group!r}")
    return MODE_GROUPS[group]


def default_modes(group: str | None) -> tuple[str, ...]:
    """The modes a page of ``group`` asks when the link names none: all but the solo modes."""
    return tuple(m for m in allowed_modes(group) if m not in SOLO_MODES)


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

    region = None
    raw = _param(params, "region")
    if raw is not None:
        region = _REGION_KEYS.get(_key(raw))
        if region is None:
            notes.append(
                f"region={echo(raw)} is not a Census region ({', '.join(geodata.REGIONS)}); "
                "used all regions."
            )

    zone = None
    raw = _param(params, "zone")
    if raw is not None:
        zone = _ZONE_KEYS.get(_key(raw))
        if zone is None:
            notes.append(
                f"zone={echo(raw)} is not a time zone ({', '.join(ZONES)}); used all time zones."
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
        if not _GENERATORS[mode].subjects(pool):
            notes.append(
                f"mode={mode}: no question of this mode can be asked about "
                f"{settings.describe_pool()} (it needs {_GENERATORS[mode].needs}); "
                "these questions use all 50 states."
            )
    return settings, notes


# --- questions and results -----------------------------------------------------------------


class AnswerType(StrEnum):
    """How a question is answered."""

    ONE = "one"  #: one value: pick one of ``choices``, click one state, or type it
    SET = "set"  #: a set of states: click them on the map or pick them in a multiselect
    ORDER = "order"  #: the ``choices`` (states) rearranged into the right order
    TEXT = "text"  #: typed text (a capital or a state; a state may also be one of ``choices``)
    NAMES = "names"  #: typed names, one at a time (:meth:`Question.take_name`): a set of states


class ValueKind(StrEnum):
    """What the answer values are. STATE and CAPITAL values are USPS codes (a CAPITAL value
    names the capital of that state); LETTER is an upper-case letter; NUMBER a decimal string;
    ZONE one of ``engine.cards.ZONES``."""

    STATE = "state"
    CAPITAL = "capital"
    LETTER = "letter"
    NUMBER = "number"
    ZONE = "zone"


class Outcome(StrEnum):
    """The verdict on one answer."""

    RIGHT = "right"
    WRONG = "wrong"
    NOT_COUNTED = "not_counted"  #: unreadable, ambiguous or incomplete: ask again, no penalty


@dataclass(frozen=True, slots=True)
class Result:
    """The verdict on one answer, with what to show.

    ``right``, ``missed`` and ``wrong`` are answer values (USPS codes for state and capital
    questions): for a set answer the correct picks, the correct states not picked, and the
    picks that are not correct; for one value, ``right`` holds it when correct, otherwise
    ``missed`` holds the answer and ``wrong`` the value given (if it is one); for an order, the
    states in their right place and those out of place. ``given`` is the answer as read, in
    words; ``message`` is the sentence to show.
    """

    outcome: Outcome
    message: str
    given: str = ""
    right: frozenset[str] = frozenset()
    missed: frozenset[str] = frozenset()
    wrong: frozenset[str] = frozenset()

    @property
    def correct(self) -> bool:
        return self.outcome is Outcome.RIGHT

    @property
    def counted(self) -> bool:
        return self.outcome is not Outcome.NOT_COUNTED


Answer = str | frozenset[str] | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Question:
    """One drill question.

    ``qid`` identifies it within a quiz ("neighbors:CO"); ``mode`` is its mode name;
    ``prompt`` the question in words; ``answer`` the correct answer: a value (ONE, TEXT), a
    frozenset of USPS codes (SET) or a tuple of USPS codes, best first (ORDER). ``choices`` are
    the values offered (for SET: the states a multiselect offers; for ORDER: the states in the
    order shown; empty for TEXT). ``focus`` is the state to highlight on the map, if any;
    ``shown`` the states the question names, to outline on the map (never revealing the
    answer). ``explanation`` is shown after the answer; ``remarks`` are extra sentences about
    particular values, added to the feedback when such a value is missed or wrongly given.
    """

    qid: str
    mode: str
    prompt: str
    answer_type: AnswerType
    value_kind: ValueKind
    answer: Answer
    choices: tuple[str, ...] = ()
    focus: str | None = None
    shown: tuple[str, ...] = ()
    explanation: str = ""
    remarks: tuple[tuple[str, str], ...] = ()

    @property
    def map_answer(self) -> bool:
        """True when the answer can be given by clicking states on the map."""
        return self.value_kind is ValueKind.STATE and self.answer_type in (
            AnswerType.ONE,
            AnswerType.SET,
        )

    @property
    def retry(self) -> bool:
        """True when a wrong answer sends the question back into the queue (not for a typed
        list of names: its answer is final)."""
        return self.answer_type is not AnswerType.NAMES

    def label(self, value: str) -> str:
        """A value in words: a state's name, a capital's name, or the value itself."""
        if self.value_kind is ValueKind.STATE:
            return _name(value)
        if self.value_kind is ValueKind.CAPITAL:
            return by_usps()[value].capital
        return value

    @property
    def answer_text(self) -> str:
        """The correct answer in words."""
        if self.answer_type in (AnswerType.SET, AnswerType.NAMES):
            return _and([self.label(v) for v in _by_name(self.answer)])
        if self.answer_type is AnswerType.ORDER:
            return ", ".join(f"{i}. {self.label(v)}" for i, v in enumerate(self.answer, 1))
        return self.label(self.answer)

    def remark(self, value: str) -> str | None:
        """The extra sentence about ``value``, if any."""
        return dict(self.remarks).get(value)

    def check(self, response: object) -> Result:
        """Judge ``response``; never raises.

        ONE: a string (a choice value, a clicked USPS code, or typed text read forgivingly: a
        state name, a letter, a number, a Zone) or an int for NUMBER questions. SET: an iterable
        of USPS codes or state names (a single string may list them separated by commas).
        ORDER: a sequence of the shown states. TEXT: the typed capital. Unreadable, ambiguous
        or incomplete answers, and answers naming the wrong kind of thing, are NOT_COUNTED.
        """
        if self.answer_type is AnswerType.SET:
            return self._check_set(response)
        if self.answer_type is AnswerType.NAMES:
            return self._check_names(response)
        if self.answer_type is AnswerType.ORDER:
            return self._check_order(response)
        return self._check_one(response)

    def _remarks_for(self, values: Iterable[str]) -> list[str]:
        return [r for v in _by_name(values) if (r := self.remark(v))]

    def _check_set(self, response: object) -> Result:
        found, unknown = _read_states(response)
        codes = frozenset(found)
        if unknown:
            return Result(Outcome.NOT_COUNTED, f"Not recognised as states: {', '.join(unknown)}.")
        if not codes:
            return Result(Outcome.NOT_COUNTED, "Pick at least one state first.")
        assert isinstance(self.answer, frozenset)
        right, missed, wrong = codes & self.answer, self.answer - codes, codes - self.answer
        given = _and([_name(c) for c in _by_name(codes)])
        if not missed and not wrong:
            message = f"Right! All {len(self.answer)}." if self.answer else "Right!"
            return Result(Outcome.RIGHT, message, given, right=frozenset(right))
        parts = [f"{len(right)} of {len(self.answer)} right."]
        if missed:
            parts.append(f"Missed: {_and([_name(c) for c in _by_name(missed)])}.")
        if wrong:
            parts.append(f"Wrong: {_and([_name(c) for c in _by_name(wrong)])}.")
        parts.extend(self._remarks_for(missed | wrong))
        return Result(
            Outcome.WRONG, " ".join(parts), given, frozenset(right), frozenset(missed),
            frozenset(wrong),
        )  # fmt: skip

    def _check_names(self, response: object) -> Result:
        found, _ = _read_states(response)
        assert isinstance(self.answer, frozenset)
        named = frozenset(found) & self.answer
        if not named:
            return Result(Outcome.NOT_COUNTED, "Name at least one state first.")
        missed = self.answer - named
        given = _plural(len(named), "state") + " named"
        if not missed:
            return Result(Outcome.RIGHT, f"Right! All {len(self.answer)}.", given, right=named)
        message = (
            f"You named {len(named)} of {len(self.answer)}. "
            f"Missed: {_and([_name(c) for c in _by_name(missed)])}."
        )
        return Result(Outcome.WRONG, message, given, right=named, missed=missed)

    def take_name(self, named: Iterable[str], text: str) -> Naming:
        """One typed name of a NAMES question, given the states ``named`` so far (USPS codes).

        An accepted name that is new and part of the answer is taken (its state fills at once);
        a repeat, a state outside the selection, a postal code, a non-state and an unreadable
        text are refused with a message, and never count against the student.
        """
        assert isinstance(self.answer, frozenset)
        text = text.strip()
        if text.upper() in by_usps() and len(text) == 2:
            return Naming(None, f"{text.upper()} is a postal code: type the state's name.")
        reading = _read_state(text)
        if reading.value is None:
            return Naming(None, reading.message or f"“{echo(text)}” is not a state.")
        name = _name(reading.value)
        if reading.value in set(named):
            return Naming(None, f"You already named {name}.")
        if reading.value not in self.answer:
            return Naming(None, self.remark(reading.value) or f"{name} is not asked here.")
        note = f" {reading.message}" if reading.message else ""
        return Naming(reading.value, f"{name}: yes.{note}")

    def _check_order(self, response: object) -> Result:
        assert isinstance(self.answer, tuple)
        if isinstance(response, str):
            response = response.split(",")
        codes, unknown = _read_states(response)
        if unknown or sorted(codes) != sorted(self.answer):
            return Result(
                Outcome.NOT_COUNTED,
                f"Put all {len(self.answer)} states in order: "
                f"{_and([_name(c) for c in self.choices])}.",
            )
        order = tuple(codes)
        given = ", ".join(f"{i}. {_name(c)}" for i, c in enumerate(order, 1))
        placed = frozenset(c for c, a in zip(order, self.answer, strict=True) if c == a)
        misplaced = frozenset(self.answer) - placed
        if not misplaced:
            return Result(Outcome.RIGHT, "Right!", given, right=placed)
        message = f"{len(placed)} of {len(self.answer)} in the right place. "
        message += f"The order is {self.answer_text}."
        return Result(Outcome.WRONG, message, given, right=placed, wrong=misplaced)

    def _check_one(self, response: object) -> Result:
        reading = _READERS[self.value_kind](response)
        if reading.outcome is Outcome.NOT_COUNTED:
            return Result(Outcome.NOT_COUNTED, reading.message, reading.given)
        assert isinstance(self.answer, str)
        note = f" {reading.message}" if reading.message else ""
        if reading.value == self.answer:
            return Result(
                Outcome.RIGHT, f"Right!{note}", reading.given, right=frozenset({self.answer})
            )
        wrong = frozenset({reading.value}) if reading.value else frozenset()
        if self.value_kind is ValueKind.CAPITAL:
            card = by_usps()[self.answer]
            if reading.value:
                first = (
                    f"{by_usps()[reading.value].capital} is the capital of {_name(reading.value)}."
                )
            else:
                first = reading.message
            message = f"{first} The capital of {card.name} is {card.capital}."
        else:
            message = f"No: the answer is {self.answer_text}.{note}"
            extra = self.remark(reading.value) if reading.value else None
            if extra:
                message += f" {extra}"
        return Result(
            Outcome.WRONG, message, reading.given, missed=frozenset({self.answer}), wrong=wrong
        )


@dataclass(frozen=True, slots=True)
class Naming:
    """The reading of one typed name of a NAMES question: ``usps`` is the state to add (None
    when the name is refused) and ``message`` says why, or confirms it."""

    usps: str | None
    message: str


@dataclass(frozen=True, slots=True)
class _Reading:
    outcome: Outcome
    value: str | None = None
    given: str = ""
    message: str = ""


def _from_match(match: Match) -> _Reading:
    if match.accepted:
        message = match.message if match.status is not MatchStatus.EXACT else ""
        return _Reading(Outcome.RIGHT, match.usps, match.name or "", message)
    if match.status is MatchStatus.NON_ANSWER:
        return _Reading(Outcome.WRONG, None, match.name or "", match.message)
    return _Reading(Outcome.NOT_COUNTED, None, match.text.strip(), match.message)


def _read_state(response: object) -> _Reading:
    text = str(response).strip()
    if text.upper() in by_usps():
        code = text.upper()
        return _Reading(Outcome.RIGHT, code, _name(code))
    match = match_state(text)
    if match.status is MatchStatus.OTHER_KIND:
        # Never say whose capital it is: the question may be which state has that capital.
        message = f"{match.name} is a state capital, not a state. Type the name of a state."
        return _Reading(Outcome.NOT_COUNTED, None, match.text.strip(), message)
    return _from_match(match)


def _read_capital(response: object) -> _Reading:
    return _from_match(match_capital(str(response)))


def _read_letter(response: object) -> _Reading:
    text = str(response).strip().rstrip(".").strip()
    if len(text) == 1 and text.isalpha() and text.isascii():
        return _Reading(Outcome.RIGHT, text.upper(), text.upper())
    return _Reading(Outcome.NOT_COUNTED, None, text, "Answer with a single letter.")


def _read_number(response: object) -> _Reading:
    text = str(response).strip()
    if text.isascii() and text.isdigit():
        return _Reading(Outcome.RIGHT, str(int(text)), str(int(text)))
    return _Reading(Outcome.NOT_COUNTED, None, text, "Answer with a whole number.")


def _read_zone(response: object) -> _Reading:
    text = str(response).strip()
    key = _key(text)
    for suffix in ("timezone", "zone", "time"):
        if key.endswith(suffix) and len(key) > len(suffix):
            key = key.removesuffix(suffix)
            break
    hits = [z for k, z in _ZONE_KEYS.items() if k == key or (len(key) >= 3 and k.startswith(key))]
    if len(hits) == 1:
        return _Reading(Outcome.RIGHT, hits[0], hits[0])
    return _Reading(
        Outcome.NOT_COUNTED, None, text, f"Answer with one of the Zones: {', '.join(ZONES)}."
    )


_READERS: dict[ValueKind, Callable[[object], _Reading]] = {
    ValueKind.STATE: _read_state,
    ValueKind.CAPITAL: _read_capital,
    ValueKind.LETTER: _read_letter,
    ValueKind.NUMBER: _read_number,
    ValueKind.ZONE: _read_zone,
}


def _read_states(response: object) -> tuple[list[str], list[str]]:
    """USPS codes named by ``response`` (codes or names), and the items not understood."""
    if response is None:
        items: list[object] = []
    elif isinstance(response, str):
        items = [t for t in response.split(",") if t.strip()]
    elif isinstance(response, Iterable):
        items = list(response)
    else:
        items = [response]
    codes: list[str] = []
    unknown: list[str] = []
    for item in items:
        reading = _read_state(item)
        if reading.outcome is Outcome.RIGHT and reading.value:
            if reading.value not in codes:
                codes.append(reading.value)
        else:
            unknown.append(str(item).strip())
    return codes, unknown


# --- generators ----------------------------------------------------------------------------


class _Context:
    """What a generator may use: the selection, the seeded generator, the settings."""

    def __init__(
        self, settings: QuizSettings, rng: random.Random, category: Category | None = None
    ) -> None:
        self.settings = settings
        self.rng = rng
        self.pool = settings.pool()
        self.category = category  # the category of an ``order`` question, if imposed

    def companions(
        self,
        k: int,
        exclude: Iterable[str],
        ok: Callable[[str], bool] = lambda c: True,
        pair_ok: Callable[[str, str], bool] = lambda a, b: True,
    ) -> list[str]:
        """Up to ``k`` distinct states passing ``ok`` and pairwise ``pair_ok``, not in
        ``exclude``: from the selection first, then from all 50."""
        excluded = set(exclude)
        chosen: list[str] = []
        for source in (self.pool, _all_states()):
            if len(chosen) == k:
                break
            candidates = [c for c in source if c not in excluded and c not in chosen and ok(c)]
            self.rng.shuffle(candidates)
            for c in candidates:
                if len(chosen) < k and all(pair_ok(c, other) for other in chosen):
                    chosen.append(c)
        return chosen


Subject = str | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Generator:
    """A mode's question maker: ``subjects(pool)`` lists what a question can be about;
    ``make(subject, ctx)`` builds it; ``needs`` says in words what a subject needs."""

    subjects: Callable[[tuple[str, ...]], list[str]]
    make: Callable[[Subject, _Context], Question]
    needs: str = ""


@cache
def _all_states() -> tuple[str, ...]:
    return tuple(c.usps for c in deck())


def _with_neighbors(pool: tuple[str, ...]) -> list[str]:
    return [c for c in pool if by_usps()[c].borders]


def _make_neighbors(usps: str, ctx: _Context) -> Question:
    card = by_usps()[usps]
    partner = four_corners_partner().get(usps)
    remarks = ((partner, _four_corners_remark(usps)),) if partner else ()
    return Question(
        qid=f"neighbors:{usps}",
        mode="neighbors",
        prompt=f"Select every state that borders {card.name}.",
        answer_type=AnswerType.SET,
        value_kind=ValueKind.STATE,
        answer=card.borders,
        choices=tuple(_by_name(c for c in _all_states() if c != usps)),
        focus=usps,
        explanation=border_sentence(usps),
        remarks=remarks,
    )


def _make_exact(usps: str, ctx: _Context) -> Question:
    card = by_usps()[usps]
    listed = _by_name(card.borders)
    names = [_name(c) for c in listed]
    if len(listed) == 1:
        prompt = f"Which state borders only one state, {names[0]}?"
    else:
        prompt = (
            f"Which state borders exactly these {len(listed)} states, and no other: {_and(names)}?"
        )
    # Wrong choices: states that border as many of the listed states as possible.
    others = [c for c in ctx.pool if c != usps and c not in card.borders]
    if len(others) < 3:
        others = [c.usps for c in deck() if c.usps != usps and c.usps not in card.borders]
    ctx.rng.shuffle(others)
    others.sort(key=lambda c: -len(by_usps()[c].borders & card.borders))
    choices = tuple(_by_name([usps, *others[:3]]))
    explanation = f"{card.name} borders exactly {_and(names)}."
    partner = four_corners_partner().get(usps)
    if partner:
        explanation += (
            f" It meets {_name(partner)} only at the Four Corners, corner to corner, "
            "which counts as a border."
        )
    remarks = tuple((c, border_sentence(c)) for c in _all_states() if c != usps)
    return Question(
        qid=f"exact:{usps}",
        mode="exact",
        prompt=prompt,
        answer_type=AnswerType.ONE,
        value_kind=ValueKind.STATE,
        answer=usps,
        choices=choices,
        shown=tuple(listed),
        explanation=explanation,
        remarks=remarks,
    )


def _make_count(usps: str, ctx: _Context) -> Question:
    card = by_usps()[usps]
    k = len(card.borders)
    most = max(len(c.borders) for c in deck())
    low = ctx.rng.randint(max(0, k - 3), min(k, most - 3))
    return Question(
        qid=f"count:{usps}",
        mode="count",
        prompt=f"How many states border {card.name}?",
        answer_type=AnswerType.ONE,
        value_kind=ValueKind.NUMBER,
        answer=str(k),
        choices=tuple(str(i) for i in range(low, low + 4)),
        focus=usps,
        explanation=border_sentence(usps),
    )


def _letters(pool: tuple[str, ...]) -> list[str]:
    return sorted({by_usps()[c].capital_initial for c in pool})


def _capital_of(usps: str) -> str:
    card = by_usps()[usps]
    return f"{card.capital} ({card.name})"


def _make_letter_states(letter: str, ctx: _Context) -> Question:
    settings = ctx.settings
    answer = frozenset(c for c in ctx.pool if by_usps()[c].capital_initial == letter)
    where = "" if not settings.filtered else f" of {settings.describe_pool()}"
    everywhere = [c.usps for c in deck() if c.capital_initial == letter]
    explanation = (
        f"Capitals beginning with {letter}{where}: "
        f"{_and([_capital_of(c) for c in _by_name(answer)])}."
    )
    outside = [c for c in everywhere if c not in answer]
    if outside:
        explanation += (
            f" Outside {settings.describe_pool()}: {_and([_capital_of(c) for c in outside])}."
        )
    remarks = []
    for c in _all_states():
        card = by_usps()[c]
        if c in outside:
            remarks.append(
                (c, f"{card.capital} begins with {letter}, but {card.name} is not one "
                    f"of {settings.describe_pool()}.")
            )  # fmt: skip
        elif c not in answer:
            remarks.append((c, f"The capital of {card.name} is {card.capital}."))
    return Question(
        qid=f"letter_states:{letter}",
        mode="letter_states",
        prompt=f"Select every state{where} whose capital begins with {letter}.",
        answer_type=AnswerType.SET,
        value_kind=ValueKind.STATE,
        answer=answer,
        choices=tuple(_by_name(ctx.pool)),
        shown=tuple(ctx.pool) if settings.filtered else (),
        explanation=explanation,
        remarks=tuple(remarks),
    )


def _make_letter(usps: str, ctx: _Context) -> Question:
    card = by_usps()[usps]
    others = [x for x in _letters(ctx.pool) if x != card.capital_initial]
    if len(others) < 3:
        others = [x for x in _letters(_all_states()) if x != card.capital_initial]
    choices = tuple(sorted([card.capital_initial, *ctx.rng.sample(others, 3)]))
    return Question(
        qid=f"letter:{usps}",
        mode="letter",
        prompt=f"With which letter does the capital of {card.name} begin?",
        answer_type=AnswerType.ONE,
        value_kind=ValueKind.LETTER,
        answer=card.capital_initial,
        choices=choices,
        focus=usps,
        explanation=f"The capital of {card.name} is {card.capital}.",
    )


def _make_capital(usps: str, ctx: _Context) -> Question:
    card = by_usps()[usps]
    return Question(
        qid=f"capital:{usps}",
        mode="capital",
        prompt=f"Name the capital of {card.name}.",
        answer_type=AnswerType.TEXT,
        value_kind=ValueKind.CAPITAL,
        answer=usps,
        focus=usps,
        explanation=f"The capital of {card.name} is {card.capital}.",
    )


def _initial(usps: str) -> str:
    return by_usps()[usps].capital_initial


@cache
def _initial_counts() -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in deck():
        counts[c.capital_initial] = counts.get(c.capital_initial, 0) + 1
    return counts


def _shared_subjects(pool: tuple[str, ...]) -> list[str]:
    counts = _initial_counts()
    return [c for c in pool if counts[by_usps()[c].capital_initial] >= 2]


_SHOWN_IN_SHARED = 5
_SHARED_PROMPTS = (
    "{Word} of these states have capitals that begin with the same letter: {listed}. Which {word}?",
    "Which {word} of these states have capitals with the same first letter: {listed}?",
    "Find the {word} states whose capitals share a first letter: {listed}.",
    "Among {listed}, the capitals of {word} states begin alike. Which {word}?",
)


def _make_shared(usps: str, ctx: _Context) -> Question:
    letter = by_usps()[usps].capital_initial
    size = 3 if _initial_counts()[letter] >= 3 else 2
    group = [usps, *ctx.companions(size - 1, [usps], lambda c: _initial(c) == letter)]
    others = ctx.companions(
        _SHOWN_IN_SHARED - size,
        group,
        ok=lambda c: _initial(c) != letter,
        pair_ok=lambda a, b: _initial(a) != _initial(b),
    )
    shown = tuple(_by_name(group + others))
    word = {2: "two", 3: "three"}[size]
    capitals = _and([_capital_of(c) for c in shown])
    listed = _and([_name(c) for c in shown])
    prompt = ctx.rng.choice(_SHARED_PROMPTS).format(
        word=word, Word=word.capitalize(), listed=listed
    )
    return Question(
        qid=f"shared:{','.join(sorted(group))}",
        mode="shared",
        prompt=prompt,
        answer_type=AnswerType.SET,
        value_kind=ValueKind.STATE,
        answer=frozenset(group),
        choices=shown,
        shown=shown,
        explanation=f"The capitals of {_and([_name(c) for c in _by_name(group)])} begin with "
        f"{letter}. The capitals: {capitals}.",
        remarks=tuple((c, f"The capital of {_name(c)} is {by_usps()[c].capital}.") for c in shown),
    )


@dataclass(frozen=True, slots=True)
class _Measure:
    """One rank category as the drills word it."""

    category: Category
    question: str  # "Which state is larger (total area, water included)"
    verdict: str  # "is larger"
    first: str  # "largest first"
    value: Callable[[str], str]  # the figure behind the rank, in words

    def rank(self, usps: str) -> int:
        return by_usps()[usps].rank(self.category)

    def describe(self, usps: str) -> str:
        return f"{self.value(usps)} ({self.category.label.lower()} rank {self.rank(usps)})"


_SIZE = _Measure(
    Category.SIZE,
    "Which state is larger (total area, water included)",
    "is larger",
    "largest first",
    lambda c: f"{_facts()[c].area:,} sq mi",
)
_STATEHOOD = _Measure(
    Category.STATEHOOD,
    "Which state joined the Union first",
    "joined the Union first",
    "earliest to join the Union first",
    lambda c: f"joined {long_date(_facts()[c].admitted)}",
)
_POPULATION = _Measure(
    Category.POPULATION,
    "Which state had more people in the 2020 Census",
    "had more people",
    "most populous first",
    lambda c: f"{_facts()[c].population:,} people in 2020",
)
_MEASURES = {"larger": _SIZE, "earlier": _STATEHOOD, "populous": _POPULATION}


def _comparable(measure: _Measure | None) -> Callable[[str, str], bool]:
    """Two states the measure can compare: distinct admission days for statehood, distinct
    weaknesses for cards (``measure`` None)."""
    if measure is None:
        return lambda a, b: by_usps()[a].weakness != by_usps()[b].weakness
    if measure.category is Category.STATEHOOD:
        return lambda a, b: _facts()[a].admitted != _facts()[b].admitted
    return lambda a, b: True


def _compared(
    subject: Subject, k: int, ctx: _Context, comparable: Callable[[str, str], bool]
) -> list[str]:
    """The states a rank question compares, in the order shown: the given tuple as it is, or
    the subject and ``k - 1`` companions, shuffled. Raises ``ValueError`` for a given tuple with
    a repeated state or two states the question cannot compare."""
    if isinstance(subject, tuple):
        states = list(subject)
        if len(set(states)) != len(states) or not all(
            comparable(a, b) for a, b in combinations(states, 2)
        ):
            raise ValueError(f"these states cannot be compared: {', '.join(states)}")
        return states
    companions = ctx.companions(
        k - 1, [subject], ok=lambda c: comparable(subject, c), pair_ok=comparable
    )
    states = [subject, *companions]
    ctx.rng.shuffle(states)
    return states


def _make_pair(mode: str) -> Callable[[Subject, _Context], Question]:
    measure = _MEASURES[mode]

    def make(subject: Subject, ctx: _Context) -> Question:
        pair = _compared(subject, 2, ctx, _comparable(measure))
        a, b = pair
        best, worst = sorted(pair, key=measure.rank)
        return Question(
            qid=f"{mode}:{'-'.join(sorted(pair))}",
            mode=mode,
            prompt=f"{measure.question}: {_name(a)} or {_name(b)}?",
            answer_type=AnswerType.ONE,
            value_kind=ValueKind.STATE,
            answer=best,
            choices=(a, b),
            shown=(a, b),
            explanation=f"{_name(best)} {measure.verdict}. {_name(best)}: "
            f"{measure.describe(best)}; {_name(worst)}: {measure.describe(worst)}.",
        )

    return make


def _ranks_text(usps: str) -> str:
    card = by_usps()[usps]
    return (
        f"{card.name}: {ordinal(card.size_rank)} in size, {ordinal(card.statehood_rank)} in "
        f"statehood, {ordinal(card.population_rank)} in population, so its worst rank is "
        f"{ordinal(card.weakness)}"
    )


def _make_weaker(subject: Subject, ctx: _Context) -> Question:
    pair = _compared(subject, 2, ctx, _comparable(None))
    a, b = pair
    weaker, stronger = sorted(pair, key=lambda c: -by_usps()[c].weakness)
    return Question(
        qid=f"weaker:{'-'.join(sorted(pair))}",
        mode="weaker",
        prompt=f"Whose worst rank is lower (nearer 50th): {_name(a)} or {_name(b)}?",
        answer_type=AnswerType.ONE,
        value_kind=ValueKind.STATE,
        answer=weaker,
        choices=(a, b),
        shown=(a, b),
        explanation=f"A state's worst rank is the lowest of its three ranks (size, statehood, "
        f"population; 1st is the top, 50th the bottom). {_ranks_text(weaker)}; "
        f"{_ranks_text(stronger)}. {_name(weaker)}'s worst rank is lower.",
    )


_ORDER_SIZE = 4


def _make_order(subject: Subject, ctx: _Context) -> Question:
    measures = {m.category: m for m in _MEASURES.values()}
    measure = measures[ctx.category] if ctx.category else ctx.rng.choice(list(measures.values()))
    shown = _compared(subject, _ORDER_SIZE, ctx, _comparable(measure))
    answer = tuple(sorted(shown, key=measure.rank))
    lines = "; ".join(f"{i}. {_name(c)}: {measure.describe(c)}" for i, c in enumerate(answer, 1))
    return Question(
        qid=f"order:{measure.category.value}:{'-'.join(sorted(shown))}",
        mode="order",
        prompt=f"Put these {_plural(len(shown), 'state')} in order, {measure.first}.",
        answer_type=AnswerType.ORDER,
        value_kind=ValueKind.STATE,
        answer=answer,
        choices=tuple(shown),
        shown=tuple(shown),
        explanation=f"{measure.first[0].upper()}{measure.first[1:]}: {lines}.",
    )


def _make_zone(usps: str, ctx: _Context) -> Question:
    card = by_usps()[usps]
    zones = _facts()[usps].time_zones
    explanation = f"{card.name}'s capital, {card.capital}, is in the {card.zone} time zone."
    if len(zones) > 1:
        explanation += (
            f" {card.name} is split between the {_and(list(zones))} time zones; "
            "the question is about its capital."
        )
    return Question(
        qid=f"zone:{usps}",
        mode="zone",
        prompt=f"Which time zone is {card.name}'s capital in?",
        answer_type=AnswerType.ONE,
        value_kind=ValueKind.ZONE,
        answer=card.zone,
        choices=ZONES,
        focus=usps,
        explanation=explanation,
    )


_CHOICES = 4  #: states offered for a typed-or-chosen state answer


def _offered(usps: str, ctx: _Context) -> tuple[str, ...]:
    """The answer and three other states (from the selection when it has enough), by name."""
    return tuple(_by_name([usps, *ctx.companions(_CHOICES - 1, [usps])]))


def _whereabouts(usps: str) -> str:
    card = by_usps()[usps]
    return f"{card.name} is in the {_facts()[usps].region}. {border_sentence(usps)}"


def _capital_remarks(states: Iterable[str]) -> tuple[tuple[str, str], ...]:
    return tuple((c, f"The capital of {_name(c)} is {by_usps()[c].capital}.") for c in states)


def _make_locate(usps: str, ctx: _Context) -> Question:
    return Question(
        qid=f"locate:{usps}",
        mode="locate",
        prompt=f"Find {_name(usps)} on the map.",
        answer_type=AnswerType.ONE,
        value_kind=ValueKind.STATE,
        answer=usps,
        choices=tuple(_by_name(_all_states())),
        explanation=_whereabouts(usps),
    )


def _make_identify(usps: str, ctx: _Context) -> Question:
    return Question(
        qid=f"identify:{usps}",
        mode="identify",
        prompt="Which state is highlighted on the map?",
        answer_type=AnswerType.TEXT,
        value_kind=ValueKind.STATE,
        answer=usps,
        choices=_offered(usps, ctx),
        focus=usps,
        explanation=_whereabouts(usps),
    )


def _make_from_capital(usps: str, ctx: _Context) -> Question:
    card = by_usps()[usps]
    choices = _offered(usps, ctx)
    return Question(
        qid=f"from_capital:{usps}",
        mode="from_capital",
        prompt=f"Which state's capital is {card.capital}?",
        answer_type=AnswerType.TEXT,
        value_kind=ValueKind.STATE,
        answer=usps,
        choices=choices,
        explanation=f"{card.capital} is the capital of {card.name}.",
        remarks=_capital_remarks(c for c in _all_states() if c != usps),
    )


def _make_capital_of(usps: str, ctx: _Context) -> Question:
    card = by_usps()[usps]
    return Question(
        qid=f"capital_of:{usps}",
        mode="capital_of",
        prompt=f"{card.capital} is the capital of …",
        answer_type=AnswerType.TEXT,
        value_kind=ValueKind.STATE,
        answer=usps,
        explanation=f"{card.capital} is the capital of {card.name}.",
        remarks=_capital_remarks(c for c in _all_states() if c != usps),
    )


_ALL = "ALL"  #: the one subject of ``all50``: the whole selection


def _make_all50(subject: Subject, ctx: _Context) -> Question:
    pool = ctx.pool
    where = ctx.settings.describe_pool()
    if not ctx.settings.filtered:
        prompt = "Name all 50 states."
    elif ctx.settings.states:
        prompt = f"Name the {_plural(len(pool), 'state')} of your list."
    else:
        prompt = f"Name the {_plural(len(pool), 'state')} of {where}."
    outside = f"is not one of {where}." if ctx.settings.filtered else "is not asked here."
    names = [_name(c) for c in _by_name(pool)]
    return Question(
        qid=f"all50:{len(pool)}",
        mode="all50",
        prompt=prompt,
        answer_type=AnswerType.NAMES,
        value_kind=ValueKind.STATE,
        answer=frozenset(pool),
        shown=tuple(pool),
        explanation=f"{_plural(len(pool), 'state').capitalize()}: {_and(names)}.",
        remarks=tuple((c, f"{_name(c)} {outside}") for c in _all_states() if c not in pool),
    )


_GENERATORS: dict[str, _Generator] = {
    "neighbors": _Generator(_with_neighbors, _make_neighbors, "a state with a neighbour"),
    "exact": _Generator(_with_neighbors, _make_exact, "a state with a neighbour"),
    "count": _Generator(list, _make_count),
    "letter_states": _Generator(_letters, _make_letter_states),
    "letter": _Generator(list, _make_letter),
    "capital": _Generator(list, _make_capital),
    "shared": _Generator(
        _shared_subjects, _make_shared, "a capital whose first letter another capital shares"
    ),
    "larger": _Generator(list, _make_pair("larger")),
    "earlier": _Generator(list, _make_pair("earlier")),
    "populous": _Generator(list, _make_pair("populous")),
    "weaker": _Generator(list, _make_weaker),
    "order": _Generator(list, _make_order),
    "capital_of": _Generator(list, _make_capital_of),
    "zone": _Generator(list, _make_zone),
    "locate": _Generator(list, _make_locate),
    "identify": _Generator(list, _make_identify),
    "from_capital": _Generator(list, _make_from_capital),
    "all50": _Generator(lambda pool: [_ALL], _make_all50),
}


_RANK_MODES = ("larger", "earlier", "populous", "weaker", "order")


def make_question(
    mode: str,
    subject: Subject,
    *,
    settings: QuizSettings | None = None,
    seed: int = 0,
    category: Category | str | None = None,
) -> Question:
    """One question of ``mode`` about ``subject``, for previews, practice of one state, tests.

    ``subject`` is a USPS code, a capital's first letter for ``letter_states``, ``"ALL"`` for
    ``all50`` (the whole selection), or for the rank
    modes a tuple of USPS codes to compare in that order (two for ``larger``, ``earlier``,
    ``populous``, ``weaker``; two or more for ``order``). ``settings`` gives the selection
    (default: all states); ``seed`` seeds the choices and companions; ``category`` fixes the
    category of an ``order`` question. Raises ``ValueError`` for a subject the mode cannot ask
    about (``neighbors`` of Alaska, North and South Dakota compared by admission, …).
    """
    if mode not in MODES:
        raise ValueError(f"unknown mode: {mode!r}")
    settings = settings or QuizSettings(modes=(mode,), seed=seed)
    ctx = _Context(settings, random.Random(seed), Category(category) if category else None)
    if isinstance(subject, tuple):
        codes = tuple(c.upper() for c in subject)
        sizes = {"order": range(2, 51)}.get(mode, range(2, 3))
        if mode not in _RANK_MODES or len(codes) not in sizes:
            raise ValueError(f"mode {mode} does not take {len(codes)} states")
        if any(c not in by_usps() for c in codes):
            raise ValueError(f"unknown USPS codes in {subject}")
        return _GENERATORS[mode].make(codes, ctx)
    subject = subject.upper()
    if subject not in _GENERATORS[mode].subjects(ctx.pool):
        raise ValueError(f"mode {mode} cannot ask about {subject!r} in {settings.describe_pool()}")
    return _GENERATORS[mode].make(subject, ctx)


class _Cycle:
    """Deals items in shuffled rounds: every item once before any repeats."""

    def __init__(self, items: Sequence[str], rng: random.Random) -> None:
        self.items = list(items)
        self.rng = rng
        self.queue: list[str] = []

    def next(self) -> str:
        if not self.queue:
            self.queue = list(self.items)
            self.rng.shuffle(self.queue)
        return self.queue.pop()


def build_questions(settings: QuizSettings) -> list[Question]:
    """The questions of a quiz, dealt with ``random.Random(settings.seed)``: ``settings.n`` of
    them, or fewer when only solo modes are chosen (each solo mode is one question).

    Modes take turns in shuffled rounds; each mode deals its subjects from the selection in
    shuffled rounds (from all 50 states if the selection has none for that mode). Questions are
    made one after the other, so a quiz of n questions starts with the quiz of fewer. Solo modes
    come last, once each.
    """
    rng = random.Random(settings.seed)
    ctx = _Context(settings, rng)
    regular = [m for m in settings.modes if m not in SOLO_MODES]
    solo = [m for m in settings.modes if m in SOLO_MODES]
    count = max(0, settings.n - len(solo)) if regular else 0
    modes = _Cycle(regular, rng)
    subjects: dict[str, _Cycle] = {}
    questions = []
    for _ in range(count):
        mode = modes.next() if len(regular) > 1 else regular[0]
        generator = _GENERATORS[mode]
        if mode not in subjects:
            items = generator.subjects(ctx.pool) or generator.subjects(_all_states())
            subjects[mode] = _Cycle(items, rng)
        questions.append(generator.make(subjects[mode].next(), ctx))
    for mode in solo:
        questions.append(_GENERATORS[mode].make(_ALL, ctx))
    return questions


def repeat_free_count(settings: QuizSettings) -> int:
    """How many questions these settings can ask before one repeats (at most :data:`MAX_N`):
    the count to offer when ``settings.n`` is more."""
    questions = build_questions(replace(settings, n=MAX_N))
    seen: set[str] = set()
    for i, q in enumerate(questions):
        if q.qid in seen:
            return i
        seen.add(q.qid)
    return len(questions)


# --- runs ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Attempt:
    """One counted answer in a run: ``number`` is the question's 1-based number, ``attempt``
    1 for its first asking and more for re-askings; ``seconds`` as the page measured it."""

    number: int
    attempt: int
    question: Question
    result: Result
    seconds: float | None = None


@dataclass(frozen=True, slots=True)
class Miss:
    """A question answered wrong at its first attempt, with what was given and the answer."""

    number: int
    question: Question
    given: str
    right_answer: str
    cleared: bool  #: answered right later in the run


@dataclass(frozen=True, slots=True)
class Summary:
    """The end of a run: ``score`` questions right at the first attempt out of ``total``;
    ``answered`` questions answered at least once; ``retries`` re-asked questions answered;
    ``misses`` the first-attempt misses."""

    score: int
    total: int
    answered: int
    retries: int
    misses: tuple[Miss, ...]

    @property
    def percent(self) -> int:
        """The score as a whole percentage of the questions answered (0 if none)."""
        return round(100 * self.score / self.answered) if self.answered else 0

    @property
    def unreached(self) -> int:
        """Questions never answered (a run stopped by its timer): neither right nor wrong."""
        return self.total - self.answered

    @property
    def complete(self) -> bool:
        """True when every question was answered at least once."""
        return self.answered == self.total


CSV_COLUMNS: tuple[str, ...] = (
    "question",
    "attempt",
    "mode",
    "prompt",
    "your_answer",
    "correct_answer",
    "result",
    "right",
    "missed",
    "wrong",
    "seconds",
)


class QuizRun:
    """One run through a quiz, with its mistakes queue.

    ``QuizRun(settings)`` deals the questions with :func:`build_questions`; pass ``questions``
    to run a given list instead (a practice run). The run asks ``current`` until ``is_done``;
    ``answer(response)`` judges it with :meth:`Question.check`. A not-counted answer changes
    nothing: the same question stays current. A counted answer is recorded; if wrong, the
    question comes back after ``retry_gap`` other questions (or at the end of the queue if fewer
    are left), until it is answered right. Nothing here is random: same questions and same
    answers, same run.
    """

    def __init__(
        self,
        settings: QuizSettings,
        questions: Sequence[Question] | None = None,
        *,
        retry_gap: int = RETRY_GAP,
        practice: bool = False,
    ) -> None:
        self.settings = settings
        self.questions: tuple[Question, ...] = tuple(
            build_questions(settings) if questions is None else questions
        )
        self.retry_gap = retry_gap
        self.practice = practice
        self.queue: list[int] = list(range(len(self.questions)))
        self.attempts: list[Attempt] = []
        self._tries: dict[int, int] = {}

    @property
    def total(self) -> int:
        """The number of questions (re-askings not counted)."""
        return len(self.questions)

    @property
    def current(self) -> Question | None:
        """The question to answer now, or ``None`` when the run is done."""
        return self.questions[self.queue[0]] if self.queue else None

    @property
    def number(self) -> int | None:
        """The 1-based number of the current question, or ``None`` when done."""
        return self.queue[0] + 1 if self.queue else None

    @property
    def is_retry(self) -> bool:
        """True when the current question was answered wrong before."""
        return bool(self.queue) and self.queue[0] in self._tries

    @property
    def is_done(self) -> bool:
        return not self.queue

    @property
    def last(self) -> Attempt | None:
        """The latest counted answer (its question and result), for the feedback view."""
        return self.attempts[-1] if self.attempts else None

    @property
    def answered(self) -> int:
        """Questions answered at least once."""
        return len(self._tries)

    @property
    def pending_retries(self) -> int:
        """Missed questions still waiting in the queue."""
        return sum(1 for i in self.queue if i in self._tries)

    @property
    def score(self) -> int:
        """Questions answered right at the first attempt."""
        return sum(1 for a in self.attempts if a.attempt == 1 and a.result.correct)

    @property
    def progress(self) -> float:
        """Share of the questions answered at least once, 0.0 to 1.0."""
        return self.answered / self.total if self.total else 1.0

    def answer(self, response: object, *, seconds: float | None = None) -> Result:
        """Judge ``response`` to the current question and move the queue on if it counts.

        Raises :class:`engine.core.IllegalAction` when the run is done.
        """
        if not self.queue:
            raise IllegalAction("The quiz is over: there is no question to answer.")
        index = self.queue[0]
        result = self.questions[index].check(response)
        if not result.counted:
            return result
        attempt = self._tries.get(index, 0) + 1
        self._tries[index] = attempt
        self.attempts.append(Attempt(index + 1, attempt, self.questions[index], result, seconds))
        self.queue.pop(0)
        if not result.correct and self.questions[index].retry:
            self.queue.insert(min(self.retry_gap, len(self.queue)), index)
        return result

    def misses(self) -> list[Miss]:
        """Questions answered wrong at their first attempt, in question order."""
        cleared = {a.number for a in self.attempts if a.result.correct}
        found = [a for a in self.attempts if a.attempt == 1 and not a.result.correct]
        return [
            Miss(a.number, a.question, a.result.given, a.question.answer_text, a.number in cleared)
            for a in sorted(found, key=lambda a: a.number)
        ]

    def summary(self) -> Summary:
        """Score, totals and misses so far (complete once ``is_done``)."""
        return Summary(
            score=self.score,
            total=self.total,
            answered=self.answered,
            retries=sum(1 for a in self.attempts if a.attempt > 1),
            misses=tuple(self.misses()),
        )

    def misses_run(self) -> QuizRun | None:
        """A "practise my misses" run: the first-attempt misses, in an order shuffled with the
        settings' seed; ``None`` when nothing was missed."""
        missed = [m.question for m in self.misses()]
        if not missed:
            return None
        random.Random(f"misses:{self.settings.seed}:{len(missed)}").shuffle(missed)
        return QuizRun(self.settings, missed, retry_gap=self.retry_gap, practice=True)

    def rows(self) -> list[dict[str, str | int | float | None]]:
        """One row per counted answer, keyed by :data:`CSV_COLUMNS`."""
        rows = []
        for a in self.attempts:
            q, r = a.question, a.result

            def names(values: frozenset[str], q: Question = q) -> str:
                return "; ".join(q.label(v) for v in sorted(values, key=q.label))

            rows.append(
                {
                    "question": a.number,
                    "attempt": a.attempt,
                    "mode": q.mode,
                    "prompt": q.prompt,
                    "your_answer": r.given,
                    "correct_answer": q.answer_text,
                    "result": r.outcome.value,
                    "right": names(r.right),
                    "missed": names(r.missed),
                    "wrong": names(r.wrong),
                    "seconds": a.seconds,
                }
            )
        return rows

    def to_csv(self) -> str:
        """The run as CSV text (header :data:`CSV_COLUMNS`), for a download button."""
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
        writer.writeheader()
        for row in self.rows():
            writer.writerow({k: "" if v is None else v for k, v in row.items()})
        return out.getvalue()


__all__ = [
    "CSV_COLUMNS",
    "DEFAULT_N",
    "GROUP_TITLES",
    "MAX_N",
    "MIX",
    "MODES",
    "MODE_GROUPS",
    "MODE_TITLES",
    "PARAMS",
    "RETRY_GAP",
    "DEFAULT_MODES",
    "ECHO_LIMIT",
    "SOLO_MODES",
    "AnswerType",
    "Attempt",
    "Miss",
    "Naming",
    "Outcome",
    "Question",
    "QuizRun",
    "QuizSettings",
    "Result",
    "Summary",
    "ValueKind",
    "allowed_modes",
    "border_sentence",
    "build_questions",
    "default_modes",
    "echo",
    "make_question",
    "repeat_free_count",
    "four_corners_partner",
    "parse_settings",
]
