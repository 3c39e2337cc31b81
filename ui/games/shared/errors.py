"""How a shared table's refusals read. The store refuses with a code and its values
(:class:`store.tables.TableError`, never a sentence); each code is worded here
(:data:`TABLE_ERRORS`, as :mod:`ui.games.wording` says), and :func:`worded` says a refusal in
the reader's language. A move the game's rules refuse (:class:`store.tables.MoveRefused`) is
worded as the game's refusal, a set-up it refuses (:class:`store.tables.SetupRefused`) as the
game's set-up refusal (:mod:`ui.games.refusals`)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Coded
from messages import N_, _, join, ngettext, number
from store.tables import MoveRefused, SetupRefused, TableError
from ui.games import refusals
from ui.games.wording import Wording, say
from ui.name_faults import NAME_FAULTS


def _no_game(game: str) -> str:
    return _("There is no game {game} to play at a table.").format(game=repr(game))


def _not_an_ai_seat(given: object, players: int) -> str:
    return _(
        "Seat {given} (counted from 0) cannot be an AI: seat 0 is the host's and the table has "
        "{players} seats."
    ).format(given=repr(given), players=number(players))


def _bad_level(level: object, levels: tuple[str, ...]) -> str:
    return _("The AI levels are {levels}, not {level}.").format(
        levels=", ".join(levels), level=repr(level)
    )


def _name_markup(characters: tuple[str, ...]) -> str:
    return _(
        "A name at a table cannot contain {characters}: letters, digits, spaces and "
        "punctuation such as . ' - are fine."
    ).format(characters=" ".join(characters))


def _not_empty_seat(seat: int) -> str:
    return _("Seat {number} is not an empty seat of this table.").format(number=number(seat + 1))


def _seats_empty(seats: tuple[int, ...]) -> str:
    return ngettext(
        "Seat {seats} is still empty: wait for a player or fill it with an AI.",
        "Seats {seats} are still empty: wait for a player or fill them with an AI.",
        len(seats),
    ).format(seats=join([number(s + 1) for s in seats]))


def _not_your_turn(seat: int | None) -> str:
    if seat is None:
        return _("It is not your turn: nobody plays.")
    return _("It is not your turn: seat {number} plays.").format(number=number(seat + 1))


TABLE_ERRORS: Mapping[str, Wording] = {
    # creating a table (a set-up the game refuses, "bad_options": the game's words)
    "unknown_options": N_("These are not options of {title}: {detail}"),
    "no_game": _no_game,
    "no_decisions": N_("{title} has no decisions to share: play it alone."),
    "not_an_ai_seat": _not_an_ai_seat,
    "bad_level": _bad_level,
    "idle_not_whole": N_("The idle time is a whole number of seconds."),
    "idle_range": N_("The idle time is {low} to {high} seconds."),
    # a player's name
    "name_markup": _name_markup,
    **NAME_FAULTS,
    # finding and joining a table
    "not_a_code": N_(
        "“{typed}” is not a table code: a code has {length} letters and digits (no 0, 1, I, L "
        "or O)."
    ),
    "no_table": N_(
        "No table has the code {table}: check it with your host (a table finished or idle for "
        "a day is gone)."
    ),
    "other_game": N_("Table {table} plays {title}: join it on that game's page."),
    "started": N_("Table {table} has already started: every seat is taken."),
    "full": N_("Table {table} is full: every seat is taken."),
    "bad_seat_link": N_(
        "This seat link is not one of a table: it may be cut short or made up, or the table "
        "is gone. Join again with the table code."
    ),
    "table_gone": N_("This table is gone: it was finished or idle for a day."),
    # the host's seats and start
    "not_host": N_("Only the host can do this."),
    "seats_set": N_("The game has started: the seats are set."),
    "not_empty_seat": _not_empty_seat,
    "already_started": N_("The game has already started."),
    "seats_empty": _seats_empty,
    # playing
    "not_this_table": N_("This seat link is not one of this table."),
    "not_started": N_("The game has not started yet: wait for the host."),
    "moved_on": N_("The table has moved on: look at the game again."),
    "game_over": N_("The game is over: no more moves. The host may offer a rematch."),
    "not_your_turn": _not_your_turn,
    "rematch_too_soon": N_("A rematch is offered once the game is over."),
}


def worded(error: TableError, game_id: str | None = None) -> str:
    """``error`` in the reader's language: a :class:`MoveRefused` as the refusal of the game
    ``game_id``, any other by :data:`TABLE_ERRORS` (``KeyError`` for a code worded nowhere: the
    tests walk every code the store gives)."""
    if isinstance(error, MoveRefused) and game_id is not None:
        return refusals.worded(error.refusal, game_id)
    if isinstance(error, SetupRefused):
        return refusals.setup_worded(error.refusal, error.values["game"])
    return say(Coded(error.code, **error.values), TABLE_ERRORS)
