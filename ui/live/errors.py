"""How a live game's refusals read. The store refuses with a code and its values
(:class:`store.live.LiveError`, never a sentence), and so do the live rules
(:class:`engine.live.LiveRules`, :func:`engine.live.join_refusal`: an
:class:`engine.core.Refusal`); each code is worded here (:data:`LIVE_ERRORS`, as
:mod:`ui.games.wording` says), and the pages' own notices (:data:`NOTICES`: the database away)
too. :func:`worded` says either in the reader's language, when it is shown: a page keeps the
code (:func:`coded`), never the sentence, so a reader who switches language reads it in the new
one."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import messages
from engine.core import Coded, IllegalAction
from engine.quiz import Result
from messages import N_, _, ngettext, number
from store.live import LiveError
from ui.games.wording import Wording, say
from ui.name_faults import NAME_FAULTS
from ui.quiz.wording import message_of
from ui.storage import UNAVAILABLE


def _not_a_drill(drill: str) -> str:
    return _("“{drill}” is not a drill that can be played live.").format(drill=drill)


def _bad_index(index: str) -> str:
    return _(
        "{index} is not a question of this game: a question is numbered from 0 (the first) by "
        "a whole number."
    ).format(index=repr(index))


def _unreadable(result: Result) -> str:
    return message_of(result)  # the quiz's verdict: worded by the drills' wording


def _numbered(text: str) -> Callable[..., str]:
    """The wording of ``text`` (marked with ``N_``), whose ``{number}`` is a question's number
    as a phone sent it: any whole number, even one too long for the language's digits (then
    written as it came)."""

    def wording(number: int) -> str:
        try:
            said = messages.number(number)
        except ArithmeticError:
            said = str(number)
        return _(text).format(number=said)

    return wording


def _too_fast(game: str, joins: int) -> str:
    return ngettext(
        "This browser has just added {joins} player to game {game}: wait a minute before "
        "adding another.",
        "This browser has just added {joins} players to game {game}: wait a minute before "
        "adding another.",
        joins,
    ).format(joins=number(joins), game=game)


def _bad_timer(given: object) -> str:
    return _("A question's timer is off, 20 or 60 seconds, not {given}.").format(given=repr(given))


def _not_on_off(rule: str, given: object) -> str:
    return _("{rule} is on or off (True or False), not {given}.").format(
        rule=rule, given=repr(given)
    )


def _teams_not_whole(given: object) -> str:
    return _("The number of teams is a whole number, not {given}.").format(given=repr(given))


LIVE_ERRORS: Mapping[str, Wording] = {
    # making a game (the host)
    "no_host_key": N_("A live game needs a host key: reload the page and try again."),
    "no_rules": N_("The game's rules are missing: choose them again."),
    "assignment_gone": N_("This class assignment was deleted: choose another one."),
    "not_a_drill": _not_a_drill,
    "solo_mode": N_(
        "“Name all the states” and other one-long-question modes cannot be played live: choose "
        "other modes for the game."
    ),
    "no_questions_dealt": N_("These settings deal no question: choose other modes or states."),
    # the live rules (engine.live)
    "bad_timer": _bad_timer,
    "not_on_off": _not_on_off,
    "teams_not_whole": _teams_not_whole,
    "teams_range": N_("A class plays without teams or in {low} to {high} teams, not {teams}."),
    # finding a game
    "not_a_code": N_(
        "“{typed}” is not a game code: a code has {length} letters and digits (no 0, 1, I, L or O)."
    ),
    "no_game": N_("No live game has the code {game}: check it on the board."),
    "bad_host_key": N_(
        "This host key runs no live game: check that the link was copied whole (a game that was "
        "deleted is gone)."
    ),
    "game_gone": N_("This live game was deleted."),
    "game_just_gone": N_("This live game was just deleted."),
    # moving it on (engine.live.next_phase)
    "no_questions": N_("This game has no questions."),
    "no_such_question": N_("This game has no question {number}: it has {total}."),
    # teams and players (the host)
    "no_teams": N_("This game is played without teams."),
    "teams_in_lobby": N_("Teams are chosen in the lobby, before the first question."),
    "no_such_team": N_("This game has teams 1 to {teams}, not {team}."),
    "player_gone": N_("This player is no longer in the game."),
    # joining (a phone)
    **NAME_FAULTS,
    "no_token": N_("This phone has no token: reload the page and join again."),
    "other_game": N_("This phone is in another game: reload the page to join this one."),
    "game_over": N_("Game {game} is over: there is nothing left to join."),
    "name_taken": N_(
        "Someone in this game is already called “{name}”: add an initial or choose another name."
    ),
    "not_in_game": N_(
        "This phone is not in a live game: the host may have removed the name. Join again with "
        "the code on the board."
    ),
    "removed": N_("The host removed this player from game {game}: it cannot join again."),
    "locked": N_("Game {game} is closed to new players: ask the teacher to open it."),
    "full": N_("Game {game} is full: a game takes at most {limit} players."),
    "too_fast": _too_fast,
    # answering (a phone)
    "bad_index": _bad_index,
    "unreadable": _unreadable,
    "already_in": N_("Your answer is already in."),
    "not_started": N_("The game has not started yet: the first question comes soon."),
    "answers_closed": N_("The game is over: answers are closed."),
    "not_asked_yet": _numbered(N_("Question {number} has not been asked yet.")),
    "question_closed": _numbered(N_("Question {number} is closed: its answer is on the board.")),
    "too_late": _numbered(
        N_("Time was up for question {number}: this answer came too late to count.")
    ),
}

#: The pages' own notices, kept as codes as the refusals are.
NOTICES: Mapping[str, Wording] = {
    "unavailable": lambda: _(UNAVAILABLE),
    "step_kept": N_(
        "The class database is not answering right now: your press is kept, and the board makes "
        "it by itself as soon as the database is back."
    ),
    "answer_kept": N_(
        "The class database is not answering right now. Your answer is kept on this phone and "
        "sent by itself as soon as the database is back."
    ),
    "away": N_(
        "The class database is not answering right now: this page looks again every second and "
        "goes on by itself when it is back."
    ),
}

UNAVAILABLE_NOTICE = Coded("unavailable")
STEP_KEPT = Coded("step_kept")
ANSWER_KEPT = Coded("answer_kept")
AWAY = Coded("away")


def coded(error: LiveError | IllegalAction) -> Coded:
    """What a page keeps of a refusal (its code and values) to word it when it is shown."""
    if isinstance(error, IllegalAction):
        return error.refusal
    return Coded(error.code, **error.values)


def worded(error: LiveError | IllegalAction | Coded) -> str:
    """A refusal (or a page's notice) in the reader's language (``KeyError`` for a code worded
    nowhere: the tests walk every code the store and the live rules give)."""
    if not isinstance(error, Coded):
        error = coded(error)
    table = NOTICES if error.code in NOTICES else LIVE_ERRORS
    return say(error, table)
