"""A game's set-up as its URL says it: the deal, the players, the AI levels and the page's own
choices. Pure parsing (no Streamlit): a URL can never raise, every bad value becomes a note.

The parameters (README, *Links and their parameters*): ``seed`` (the deal; a whole number
from 0 to :data:`MAX_SEED`), ``players`` and ``teams`` (only for games that have a choice),
``levels`` (the AI level of each opponent, comma-separated: ``easy``, ``medium``, ``hard``)
and the page's :class:`Choice` parameters (Border Attack's ``dealer``, the War's ``mode``,
``target`` of the games played to points). At a shared table ``seat`` (a seat's token) or
``table`` (a table code to join) take their place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any
from urllib.parse import urlencode

import messages
from engine.games import game_class, has_decisions, player_settings
from engine.params import Note, Params, last, number, one_of, split
from messages import N_, _, ngettext

AI_LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
LEVEL_NAMES: dict[str, str] = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
DEFAULT_LEVEL = "easy"
MAX_SEED = 2**32 - 1  #: the largest deal number a URL may ask for
_DIGITS = 12  #: the most digits a number in a game's link may have
BASE_PARAMS: tuple[str, ...] = ("seed", "players", "teams", "levels")
SEAT_PARAM, JOIN_PARAM = "seat", "table"  #: a shared table's seat token; a table code to join


@dataclass(frozen=True)
class Choice:
    """A page's own URL parameter with a fixed set of values (e.g. Border Attack's dealer).

    ``values`` maps each URL value to its label in the set-up form. ``default`` is the value
    used when the URL has none; ``None`` means "unset" (the parameter is left out of the URL
    and the engine decides, e.g. a dealer drawn from the seed). When ``engine_option`` is set,
    the value is passed to the game's ``new`` under that keyword, converted by
    ``engine_values`` (URL value → engine value). A choice that names the seats as "you" and
    "the AI" sets ``at_shared_tables=False``: a shared table's host is not offered it.
    """

    name: str
    label: str
    values: Mapping[str, str]
    default: str | None = None
    engine_option: str | None = None
    engine_values: Mapping[str, Any] | None = None
    at_shared_tables: bool = True  #: offered to a table's host (False: it speaks of "the AI")

    def to_engine(self, value: str) -> Any:
        return (self.engine_values or {}).get(value, value)

    def label_text(self) -> str:
        """The choice's label in the reader's language."""
        return _(self.label)

    def value_text(self, value: str) -> str:
        """A value's label in the reader's language ("" when unset: the deal decides)."""
        return _(self.values[value]) if value in self.values else _("Decided by the deal")


def level_name(level: str) -> str:
    """An AI level's name in the reader's language: "Easy"."""
    return _(LEVEL_NAMES[level])


TARGET = Choice(
    "target",
    N_("Play to"),
    {"50": N_("First to 50 points"), "30": N_("First to 30 points (a shorter game)")},
    default="50",
    engine_option="target",
    engine_values={"50": 50, "30": 30},
)
"""The target score of the games that have one (BorderCap Gin, GeoPower Toss): ``target=30``."""


def with_target(text: str, target: int) -> str:
    """A rules text or intro that says ``{target}`` where the game's target goes, saying
    ``target`` (a number in the reader's language)."""
    return text.replace("{target}", messages.number(target))


@dataclass(frozen=True)
class Setup:
    """A game's set-up, as the URL says it (after bad values were replaced by defaults)."""

    game_id: str
    seed: int
    players: int
    teams: int | None = None
    levels: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()  #: the pages' Choice values that are set

    def option(self, name: str) -> str | None:
        """The value of a page :class:`Choice` (``None`` when unset)."""
        return dict(self.options).get(name)

    def with_option(self, name: str, value: str | None) -> Setup:
        """This set-up with one Choice set (or unset with ``None``)."""
        options = {k: v for k, v in self.options if k != name}
        if value is not None:
            options[name] = value
        return replace(self, options=tuple(sorted(options.items())))

    def params(self) -> dict[str, str]:
        """The URL parameters that reproduce this set-up (only what the game can vary)."""
        out = {"seed": str(self.seed)}
        if len(player_counts(self.game_id)) > 1:
            out["players"] = str(self.players)
        if self.teams:
            out["teams"] = str(self.teams)
        if self.levels:
            out["levels"] = ",".join(self.levels)
        out.update(self.options)
        return out

    def link(self) -> str:
        """A link (relative to the page) that opens this set-up: ``?seed=…&levels=…``."""
        return "?" + urlencode(self.params(), safe=",")

    def engine_options(self, choices: Sequence[Choice]) -> dict[str, Any]:
        """The keyword options of the game's ``new`` that the page's choices set."""
        out = {}
        for choice in choices:
            value = self.option(choice.name)
            if choice.engine_option and value is not None:
                out[choice.engine_option] = choice.to_engine(value)
        return out


@cache
def settings(game_id: str) -> tuple[tuple[int, int | None], ...]:
    """Every (players, teams) set-up the game allows."""
    return tuple(player_settings(game_id))


def player_counts(game_id: str) -> list[int]:
    """The numbers of players the game allows."""
    return sorted({p for p, _ in settings(game_id)})


def settings_label(players: int, teams: int | None) -> str:
    """A set-up in the players box: "4 players in 2 teams"."""
    if teams:
        return _("{players} players in {teams} teams").format(
            players=messages.number(players), teams=messages.number(teams)
        )
    return ngettext("{players} player", "{players} players", players).format(
        players=messages.number(players)
    )


def parse_setup(
    game_id: str,
    params: Params,
    *,
    choices: Sequence[Choice] = (),
    default_seed: int,
) -> tuple[Setup, list[str]]:
    """A set-up from URL parameters, and a note for every bad value (never raises).

    ``seed``: a whole number from 0 to :data:`MAX_SEED` (missing or bad: ``default_seed``, a
    fresh random one from the caller). ``players``/``teams``: one of the game's own set-ups
    (missing: the smallest). ``levels``: one AI level per opponent, comma-separated; a short
    list is completed with its last level (or the default), extra levels are dropped with a
    note. Games without decisions take no levels. ``choices``: the page's own parameters.
    """
    notes: list[str] = []
    seed = number(
        params,
        "seed",
        notes,
        default=default_seed,
        digits=_DIGITS,
        ok=lambda value: value <= MAX_SEED,
        note=_bad_seed(default_seed),
    )
    players = _players(game_id, params, notes)
    teams = number(
        params,
        "teams",
        notes,
        default=None,
        digits=_DIGITS,
        ok=lambda value: (players, value) in settings(game_id),
        note=lambda text: _(
            "teams={text} does not fit {players} players; everyone plays alone."
        ).format(text=text, players=messages.number(players)),
    )
    levels = _levels(game_id, params, players, notes)
    options = {c.name: v for c in choices if (v := _option(c, params, notes)) is not None}
    return Setup(game_id, seed, players, teams, levels, tuple(sorted(options.items()))), notes


def _bad_seed(used: int) -> Note:
    return lambda text: _(
        "seed={text} is not a deal number (a whole number from 0 to {most}); a new deal was "
        "made: deal {seed}."
    ).format(text=text, most=messages.number(MAX_SEED), seed=used)


def _players(game_id: str, params: Params, notes: list[str]) -> int:
    """``players``: one of the game's numbers of players (missing or bad: the smallest)."""
    counts = player_counts(game_id)
    low, high, n = (messages.number(c) for c in (counts[0], counts[-1], counts[0]))

    def note(text: str) -> str:
        if len(counts) > 1:
            said = _(
                "players={text} is not possible in this game ({low} to {high} players); "
                "playing with {n}."
            )
        else:
            said = ngettext(
                "players={text} is not possible in this game ({high} player); playing with {n}.",
                "players={text} is not possible in this game ({high} players); playing with {n}.",
                counts[-1],
            )
        return said.format(text=text, low=low, high=high, n=n)

    return number(
        params,
        "players",
        notes,
        default=counts[0],
        digits=_DIGITS,
        ok=counts.__contains__,
        note=note,
    )


def _levels(game_id: str, params: Params, players: int, notes: list[str]) -> tuple[str, ...]:
    """``levels``: an AI level per opponent (an unknown one, and those missing, take the
    last one given or the default; extra ones are left out); none in a game without
    decisions, where giving some is noted."""
    text = last(params, "levels") or ""
    if not has_decisions(game_id):
        if text:
            notes.append(
                _(
                    "levels={text} has no effect: {game} has no decisions, so there is no AI "
                    "level to choose."
                ).format(text=text, game=_(game_class(game_id).title))
            )
        return ()
    asked = [s.lower() for s in split(text)]
    bad = [s for s in asked if s not in AI_LEVELS]
    if bad:
        notes.append(
            ngettext(
                "levels={text}: {bad} is not an AI level ({levels}); {default} was used instead.",
                "levels={text}: {bad} are not AI levels ({levels}); {default} was used instead.",
                len(bad),
            ).format(
                text=text, bad=", ".join(bad), levels=", ".join(AI_LEVELS), default=DEFAULT_LEVEL
            )
        )
    chosen = [s if s in AI_LEVELS else DEFAULT_LEVEL for s in asked]
    opponents = players - 1
    if len(chosen) > opponents:
        notes.append(
            ngettext(
                "levels={text} names {count} levels for {n} opponent; the extra ones were left "
                "out.",
                "levels={text} names {count} levels for {n} opponents; the extra ones were left "
                "out.",
                opponents,
            ).format(text=text, count=messages.number(len(chosen)), n=messages.number(opponents))
        )
    fill = chosen[-1] if chosen else DEFAULT_LEVEL
    return tuple((chosen + [fill] * opponents)[:opponents])


def _option(choice: Choice, params: Params, notes: list[str]) -> str | None:
    """A page's :class:`Choice`: one of its values (missing or unknown: its default)."""
    values = ", ".join(choice.values)  # the link's own values, as typed in a link

    def note(text: str) -> str:
        if choice.default:
            said = _("{param}={value} is not one of {values}; {default} was used.")
        else:
            said = _("{param}={value} is not one of {values}; it was left out.")
        return said.format(
            param=choice.name, value=text.lower(), values=values, default=choice.default
        )

    found = one_of(params, choice.name, notes, {v: v for v in choice.values}, note=note)
    return found or choice.default


def url_params(choices: Sequence[Choice] = ()) -> tuple[str, ...]:
    """Every URL parameter a page with these choices reads."""
    return (*BASE_PARAMS, *(c.name for c in choices))
