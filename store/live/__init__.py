"""Live class games in the database: make a game, join it, move it on, answer, and read what
the board and each phone show. The rules of play (phases, points, standings) are
:mod:`engine.live`'s; this package keeps the state and decides every race in the database.

The rules:

* A game has a public **code** (:mod:`store.codes`, like a class code), a **secret seed** the
  questions are dealt from (never handed out; :class:`LiveGameInfo` hides it from ``repr``),
  and a **host key** stored only as its SHA-256 hash. One press, one game: the page draws the
  host key once per form, and a second :func:`create_game` with the same key returns the game
  the first one made. A game made from a class assignment takes the assignment's drill,
  settings, seed and number of questions. Solo modes (one long question, such as naming all
  the states) cannot be played live.
* A **player** joins with the code, a name and a token the phone drew once: the name is cleaned
  by :func:`store.names.clean_name` and unique in the game as :func:`store.names.name_key`
  compares names (a unique index refuses a second "ana"); the token is stored only as its hash
  and unique, so the same token twice is one player (a double click, a reload). Joining is
  open until the game has ended, during a question too, unless :func:`engine.live.join_refusal`
  refuses a new player: the host locked the lobby (:func:`set_locked`), the game is full, the
  name or the browser (``client``) was removed, or the browser added players too fast. The
  host can remove a player: the player and its answers are deleted, the token opens nothing
  any more, and the name and browser are blocked from the game (``live_block``).
* The game **moves one step at a time** (:func:`engine.live.next_phase`): a step is one
  conditional ``UPDATE … WHERE version = the version the host saw`` that adds one to the
  version, so the host pressing Next twice (two tabs, a double click, two servers) moves the
  game once; the second press finds the version changed and gets the game as it now is.
  Entering a question starts its clock and sets its deadline (the timer; none without one);
  :func:`tick` moves a question whose deadline has passed to its reveal, with the same
  conditional update. Leaving the lobby in team mode deals every player without a team to a
  team (:func:`engine.live.split_teams`, seeded from the game's secret seed); a player who
  joins later goes to the smallest team.
* **The server grades.** An answer is checked against the question dealt again here from the
  secret seed. It is refused (with a code) when the game is not asking that question, after the
  deadline, when it cannot be read (nothing is stored: the phone may answer again) and when
  the player has answered already: ``(player, question)`` is unique, and the database, not a
  read before the write, decides which of two racing answers is the one. While the question
  is asked, an answer's outcome is not handed back: the phone says "answer in".
* **Nothing ahead of the reveal.** :func:`player_view` gives a phone the current question only
  while it is asked or revealed, and while it is asked without its answer, explanation or
  remarks (:func:`stripped`); the phone's own outcome, the correct answer and the standings
  come with the reveal. :func:`board` (the host's) holds the class's counts per value, never
  who picked what.
* **A game made from a class assignment** also joins each player to the assignment under the
  same name (with a class token derived from the live token, so a reload is still one
  student), and writes each answer to the class's results as that student's answer ``seq`` =
  question number, first attempt, so the Results page, the class map and the CSV show it. A
  class that refuses the player (closed, deleted, or a student of that name already there)
  leaves the player in the live game only. A class copy that could not be written (the
  database away for a moment) never undoes the live answer; :func:`sync_class` writes what is
  missing, leaving what is there.

Refusals raise :class:`LiveError` subclasses, each with a code and its values (never a
sentence: each reader's page words them in that reader's language, ``ui.live.errors``); an
unreachable database raises :class:`store.db.Unavailable`. Nothing the store keeps for a game
is worded either: values are codes (USPS codes, a zone's value), so a board and a phone in two
languages each word the same game in their own.

The modules: ``records`` (what the store hands out), ``errors`` (the refusals), ``host`` (make,
find and move a game), ``lobby`` (joining), ``answers`` (graded answers and the class's copy)
and ``screens`` (what the board and the phones show). This package's names are the public ones.
"""

from store.live.answers import answer, sync_class
from store.live.errors import AnswerRefused, GameOver, LiveError, NameTaken, NotFound
from store.live.host import (
    advance,
    create_game,
    find_game,
    game_for_key,
    remove_player,
    set_locked,
    set_team,
    tick,
)
from store.live.lobby import join, player_for_token
from store.live.records import AnswerResult, Board, LiveGameInfo, PlayerInfo, PlayerView, stripped
from store.live.screens import board, player_view, version

__all__ = [
    "AnswerRefused",
    "AnswerResult",
    "Board",
    "GameOver",
    "LiveError",
    "LiveGameInfo",
    "NameTaken",
    "NotFound",
    "PlayerInfo",
    "PlayerView",
    "advance",
    "answer",
    "board",
    "create_game",
    "find_game",
    "game_for_key",
    "join",
    "player_for_token",
    "player_view",
    "remove_player",
    "set_locked",
    "set_team",
    "stripped",
    "sync_class",
    "tick",
    "version",
]
