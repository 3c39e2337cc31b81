"""How a tournament's refusals read. The store refuses with a code and its values
(:class:`store.tournament.TournamentError`, never a sentence); each code is worded here, in the
reader's language when it is shown (:func:`worded`). The tests walk every code the store
raises."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Coded
from messages import N_, _, join, ngettext, number
from store.tournament import TournamentError
from ui.games.wording import Wording, say
from ui.games.words import words_of
from ui.links import md
from ui.name_faults import NAME_FAULTS
from ui.storage import UNAVAILABLE


def _division(fault: str) -> str:
    """A division name's fault, worded as a team name's is, about the division."""
    return {
        "control": N_("A division's name cannot contain control characters."),
        "override": N_(
            "A division's name cannot contain right-to-left or left-to-right override "
            "characters: type it as it reads."
        ),
        "empty": N_("A division needs a name: leave no empty line between the divisions."),
        "invisible": N_("A division's name needs at least one visible letter, digit or sign."),
        "too_long": N_("A division's name has at most {limit} characters; this one has {length}."),
    }[fault]


def _bad_call(game: str, called: tuple[str, ...]) -> str:
    if game in called:
        title = _(words_of(game).title)
        return _("{game} has been called already: call another game.").format(game=title)
    return _("“{game}” is not a game a team can call.").format(game=game)


def _rounds_left(left: int) -> str:
    return ngettext(
        "The championship comes after the Swiss rounds: {left} round is left to play.",
        "The championship comes after the Swiss rounds: {left} rounds are left to play.",
        left,
    ).format(left=number(left))


def _markup(characters: str) -> str:
    listed = md(join(list(characters)))  # the characters are themselves markup
    return _("A name cannot contain any of these characters: {characters}").format(
        characters=listed
    )


TOURNAMENT_ERRORS: Mapping[str, Wording] = {
    # setting up (the teacher)
    "no_host_key": N_("A tournament needs a teacher key: reload the page and try again."),
    "title_control": N_("A title cannot contain control characters."),
    "title_override": N_(
        "A title cannot contain right-to-left or left-to-right override characters: type it as "
        "it reads."
    ),
    "title_empty": N_("Give the tournament a name."),
    "title_invisible": N_("A title needs at least one visible letter, digit or sign."),
    "title_too_long": N_("A title has at most {limit} characters; this one has {length}."),
    "rounds_count": N_("A tournament has {low} to {high} rounds."),
    "round_kind": N_("Round {round} is an “All” round or a “Call” round."),
    "minutes_not_whole": N_("Round {round} lasts a whole number of minutes."),
    "minutes_range": N_("Round {round} lasts {low} to {high} minutes."),
    "grace_not_whole": N_("The wait for an empty seat is a whole number of seconds."),
    "grace_range": N_("The wait for an empty seat is {low} to {high} seconds."),
    "divisions_count": N_("A tournament has {low} to {high} divisions."),
    "division_twice": N_("Two divisions have the same name: give each its own."),
    **{
        f"division_{fault}": _division(fault)
        for fault in ("control", "override", "empty", "invisible", "too_long")
    },  # fmt: skip
    "division_markup": _markup,
    # teams
    **NAME_FAULTS,
    "name_markup": _markup,
    "name_taken": N_("A team of this tournament is already called “{name}”: choose another name."),
    "too_late": N_("The last round has begun: no team can join now."),
    "no_division": N_("This division is not in the tournament: choose one from the list."),
    "no_team_here": N_("This team is not in the tournament."),
    "no_award": N_("“{kind}” is not an award of the tournament."),
    # finding
    "not_a_code": N_(
        "“{typed}” is not a code: a code has {length} letters and digits (no 0, 1, I, L or O)."
    ),
    "no_tournament": N_("No tournament has the code {tournament}: check it on the board."),
    "no_team": N_("No team has the code {team}: check it on your team card."),
    "bad_host_key": N_("This teacher link opens no tournament: check that it was copied whole."),
    # the teacher's steps
    "moved_on": N_(
        "The tournament moved on since this page was drawn (another press, another device): "
        "look at it again."
    ),
    "round_under_way": N_("A round is under way: end it first."),
    "no_round_left": N_("Every round has been played: start the final stage."),
    "too_few_teams": N_("A round needs at least {least} teams."),
    "not_running": N_("No round is running."),
    "not_paused": N_("The round is not paused."),
    "rounds_left": _rounds_left,
    "ended": N_("The tournament has ended."),
    # calls (a team)
    "no_call_now": N_("There is nothing to call now: games are called in a running “Call” round."),
    "no_match": N_("Your team has no match in this round."),
    "not_your_call": N_("It is the other team's call first."),
    "bad_call": _bad_call,
}

#: The pages' own notices, kept as codes as the refusals are.
NOTICES: Mapping[str, Wording] = {
    "unavailable": lambda: _(UNAVAILABLE),
    "not_a_list": N_(
        "This file holds no list of names: save it from the spreadsheet as CSV, or as text "
        "with one name a line."
    ),
}


UNAVAILABLE_NOTICE = Coded("unavailable")


def coded(error: TournamentError) -> Coded:
    """What a page keeps of a refusal: its code and values, worded when shown."""
    return Coded(error.code, **error.values)


def worded(error: TournamentError | Coded) -> str:
    """A refusal (or a page's notice) in the reader's language (``KeyError`` for a code worded
    nowhere)."""
    if not isinstance(error, Coded):
        error = coded(error)
    table = NOTICES if error.code in NOTICES else TOURNAMENT_ERRORS
    return say(error, table)
