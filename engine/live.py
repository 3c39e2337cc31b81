"""A live class game, the pure part: its phases, its rules, its points, the standings, what a
reveal shows and how a class is split into teams. No database and no page here: the store
(``store.live``) keeps a game's state and answers, and asks this module what they are worth.

**Phases** (:class:`Phase`, :func:`next_phase`): a game is in the ``lobby`` (players join),
then asks each question in turn (``question`` i: phones answer), shows its answer (``reveal``
i: the class's picks, the right answer, the share right, the standings), and after the reveal
of the last question it has ``ended``. The host moves it on one step at a time (Start, Reveal,
Next); a question with a timer moves to its reveal by itself when the time is up. An ended
game stays ended. The standings count the questions revealed so far (:func:`revealed_through`):
during question i, those before it.

**Rules** (:class:`LiveRules`), chosen by the host before the game:

* ``timer``: seconds to answer each question, off (``None``), 20 or 60 (:data:`TIMERS`);
* ``speed``: speed points on or off (default off);
* ``streaks``: streak points on or off (default off);
* ``teams``: 0 (no teams) or 2 to 6 teams (:data:`TEAMS_MIN`, :data:`TEAMS_MAX`);
* ``all_in``: the class works toward one shared goal.

**Points** (:func:`points`), accuracy first:

* a right answer earns :data:`POINTS_RIGHT` (1,000); a wrong or missing answer earns 0 and
  nothing else, so being fast or on a streak never beats being right;
* with ``speed`` on, a right answer earns up to :data:`SPEED_MAX` (500) more, in proportion to
  the share of the answer window still left when it came in, rounded to a whole point
  (the window is the timer, or :data:`SPEED_WINDOW` seconds without a timer; past the window
  the bonus is 0, never less; an answer whose time is unknown gets none). With a 20-second
  timer, a right answer after 5 seconds earns 1,000 + 500 × 15/20 = 1,375;
* with ``streaks`` on, a right answer after k right answers in a row earns
  min(k, :data:`STREAK_CAP`) × :data:`STREAK_STEP` more (100 for the second right in a row,
  up to 500 from the sixth on); a wrong or missing answer ends the streak.

**Standings** (:func:`standings`), over the questions revealed so far: each player's points
and place. Places are competition ranking ("1, 2, 2, 4"): equal points share a place, and
players of one place are listed by name (case-insensitive), then by when they joined. With
teams, a team's points are the sum of its members' points, ranked the same way (equal totals
listed by team number). With ``all_in``, the class's right answers count toward the goal
:func:`all_in_goal`: 70 % of every player answering every question right, rounded up
(``ceil(0.7 × players × questions)``); the goal is reached when the class has that many.

**Reveal** (:func:`reveal_counts`, :func:`share_right`): how many players picked each value,
never who: for a set answer each state a player picked counts once for that player; for one
value (a click, a choice, a typed name) the value read; for an order the whole order given
("CA,TX,MT,AK"). The share right is right answers over answers (0.0 with none).

**Joining** (:func:`join_refusal`): a game takes at most :data:`MAX_PLAYERS` players; the host
may lock the lobby (no new players; a phone already in comes back after a reload); a player the
host removed is blocked: neither that name (as names are compared) nor that browser joins the
game again; and one browser adds at most :data:`JOINS_PER_CLIENT` players to a game in
:data:`JOIN_WINDOW` seconds. A browser is counted, not an address: a class behind one school
address joins from one address, and its phones must all get in.

**Teams** (:func:`split_teams`): players are shuffled with ``random.Random(seed)`` and dealt
one by one to the smallest team (the lowest number among equals), so team sizes differ by at
most one; teams are numbered from 1.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.core import IllegalAction, Refusal
from engine.quiz.question import AnswerType, Question, Result
from engine.quiz.readers import read_states

TIMERS: tuple[int | None, ...] = (None, 20, 60)  #: seconds per question (None: no timer)
TEAMS_MIN, TEAMS_MAX = 2, 6
POINTS_RIGHT = 1000
SPEED_MAX = 500
SPEED_WINDOW = 30  #: seconds: the speed window of a question without a timer
STREAK_STEP = 100
STREAK_CAP = 5  #: right answers in a row after which the streak points stop growing
TOP = 5  #: players the board's leaderboard shows
ALL_IN_SHARE = (7, 10)  #: the all-in goal: 7/10 of every answer right (kept as a fraction)
MAX_PLAYERS = 100  #: players a game takes
JOINS_PER_CLIENT = 3  #: new players one browser may add to a game within JOIN_WINDOW
JOIN_WINDOW = 60  #: seconds


class Phase(StrEnum):
    """Where a live game is."""

    LOBBY = "lobby"  #: players join; no question yet
    QUESTION = "question"  #: the question ``index`` is asked
    REVEAL = "reveal"  #: the answer of the question ``index`` is shown
    ENDED = "ended"  #: after the reveal of the last question


def next_phase(phase: Phase, index: int, total: int) -> tuple[Phase, int]:
    """The phase and question index one step (Start, Reveal, Next) after ``(phase, index)``
    in a game of ``total`` questions. Raises :class:`~engine.core.IllegalAction` for a game
    without questions or an index outside it."""
    phase = Phase(phase)
    if total < 1:
        raise IllegalAction(Refusal("no_questions"))
    if phase is Phase.ENDED:
        return Phase.ENDED, index
    if phase is Phase.LOBBY:
        return Phase.QUESTION, 0
    if not 0 <= index < total:
        raise IllegalAction(Refusal("no_such_question", number=index + 1, total=total))
    if phase is Phase.QUESTION:
        return Phase.REVEAL, index
    if index + 1 < total:
        return Phase.QUESTION, index + 1
    return Phase.ENDED, index


def revealed_through(phase: Phase, index: int) -> int:
    """The last question whose answer has been shown in ``(phase, index)`` (-1: none yet): the
    standings count the questions up to it."""
    phase = Phase(phase)
    if phase is Phase.LOBBY:
        return -1
    return index - 1 if phase is Phase.QUESTION else index


@dataclass(frozen=True)
class LiveRules:
    """The host's choices for one game (see the module). Invalid values raise
    :class:`~engine.core.IllegalAction` (a ``ValueError``) with a :class:`~engine.core.Refusal`
    saying which: ``bad_timer``, ``not_on_off`` (``rule``), ``teams_not_whole`` or
    ``teams_range``, with the value ``given`` or ``teams``."""

    timer: int | None = None
    speed: bool = False
    streaks: bool = False
    teams: int = 0
    all_in: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.timer, bool) or self.timer not in TIMERS:
            raise IllegalAction(Refusal("bad_timer", given=self.timer))
        for name in ("speed", "streaks", "all_in"):
            if not isinstance(getattr(self, name), bool):
                raise IllegalAction(Refusal("not_on_off", rule=name, given=getattr(self, name)))
        teams = self.teams
        if isinstance(teams, bool) or not isinstance(teams, int):
            raise IllegalAction(Refusal("teams_not_whole", given=teams))
        if teams != 0 and not TEAMS_MIN <= teams <= TEAMS_MAX:
            raise IllegalAction(Refusal("teams_range", low=TEAMS_MIN, high=TEAMS_MAX, teams=teams))

    @property
    def speed_window(self) -> int:
        """Seconds over which speed points run down to 0."""
        return self.timer or SPEED_WINDOW

    def to_dict(self) -> dict[str, Any]:
        """The rules as JSON values (:meth:`from_dict` reads them back)."""
        return {
            "timer": self.timer, "speed": self.speed, "streaks": self.streaks,
            "teams": self.teams, "all_in": self.all_in,
        }  # fmt: skip

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LiveRules:
        """The rules of :meth:`to_dict` (a missing key takes its default; others are ignored)."""
        fields = ("timer", "speed", "streaks", "teams", "all_in")
        return cls(**{k: data[k] for k in fields if k in data})


def join_refusal(
    code: str, *, locked: bool, players: int, blocked: bool, recent_joins: int
) -> Refusal | None:
    """Why a new player may not join game ``code`` (see the module), or ``None``: ``players``
    in the game now, ``blocked`` (the name or the browser was removed by the host) and
    ``recent_joins`` (players this browser added in the last :data:`JOIN_WINDOW` seconds).
    The refusal's codes: ``removed``, ``locked``, ``full`` (with the ``limit``) and
    ``too_fast`` (with the ``joins``), each with the ``game``'s code."""
    if blocked:
        return Refusal("removed", game=code)
    if locked:
        return Refusal("locked", game=code)
    if players >= MAX_PLAYERS:
        return Refusal("full", game=code, limit=MAX_PLAYERS)
    if recent_joins >= JOINS_PER_CLIENT:
        return Refusal("too_fast", game=code, joins=recent_joins)
    return None


# --- points ---------------------------------------------------------------------------------


def speed_points(rules: LiveRules, seconds: float | None) -> int:
    """The speed points of a right answer given after ``seconds`` (0 with speed off)."""
    if not rules.speed or seconds is None:
        return 0
    window = rules.speed_window
    left = window - min(max(seconds, 0.0), window)
    return int(SPEED_MAX * left / window + 0.5)  # rounded, halves up


def streak_points(rules: LiveRules, streak_before: int) -> int:
    """The streak points of a right answer after ``streak_before`` right ones in a row."""
    if not rules.streaks:
        return 0
    return min(max(streak_before, 0), STREAK_CAP) * STREAK_STEP


def points(rules: LiveRules, correct: bool, seconds: float | None, streak_before: int) -> int:
    """The points of one answer (a missing answer is ``correct=False``)."""
    if not correct:
        return 0
    return POINTS_RIGHT + speed_points(rules, seconds) + streak_points(rules, streak_before)


def all_in_goal(players: int, questions: int) -> int:
    """The class's goal in all-in mode: ``ceil(0.7 × players × questions)`` right answers."""
    top, bottom = ALL_IN_SHARE
    return -(-top * max(players, 0) * max(questions, 0) // bottom)


# --- answers and standings ------------------------------------------------------------------


@dataclass(frozen=True)
class LiveResponse:
    """One stored answer: ``player`` answered question ``question`` (0-based), right or not,
    ``seconds`` after it was asked; ``value`` the values read (:func:`answer_values`)."""

    player: int
    question: int
    correct: bool
    seconds: float | None
    value: tuple[str, ...] = ()


def answer_values(question: Question, response: object, result: Result) -> tuple[str, ...]:
    """What an answer picked, for :func:`reveal_counts`: for a set answer the states picked
    (sorted), for an order the states in the order given, otherwise the one value read (none
    for a counted non-answer such as a city that is no capital)."""
    if question.answer_type is AnswerType.ORDER:
        order = read_states(response)[0]
        return (",".join(order),) if order else ()
    return tuple(sorted(result.right | result.wrong))


@dataclass(frozen=True)
class PlayerStanding:
    """A player's line of the standings: ``right`` answers so far and the ``streak`` of right
    answers in a row at the end."""

    player: int
    name: str
    points: int
    place: int
    right: int
    streak: int
    team: int | None = None


@dataclass(frozen=True)
class TeamStanding:
    """A team's line: the sum of its members' points."""

    team: int
    points: int
    place: int
    members: int


@dataclass(frozen=True)
class Standings:
    """The standings through question ``through`` (``-1``: none revealed yet). ``rows`` are in
    display order (place, then name); ``team_rows`` likewise (empty without teams)."""

    through: int
    rows: tuple[PlayerStanding, ...]
    team_rows: tuple[TeamStanding, ...] = ()
    class_right: int = 0
    goal: int = 0
    all_in: bool = False

    @property
    def reached(self) -> bool:
        """The all-in goal is reached (never without all-in or with nobody playing)."""
        return self.all_in and self.goal > 0 and self.class_right >= self.goal

    def top(self, n: int = TOP) -> tuple[PlayerStanding, ...]:
        """The first ``n`` lines (the leaderboard)."""
        return self.rows[: max(n, 0)]

    def row_of(self, player: int) -> PlayerStanding | None:
        return next((r for r in self.rows if r.player == player), None)

    def place_of(self, player: int) -> int | None:
        """The player's place (``None`` for someone not in the game)."""
        row = self.row_of(player)
        return None if row is None else row.place

    def points_of(self, player: int) -> int:
        row = self.row_of(player)
        return 0 if row is None else row.points

    def team_place_of(self, team: int) -> int | None:
        return next((r.place for r in self.team_rows if r.team == team), None)


def _places(scores: Sequence[int]) -> list[int]:
    """Competition places of ``scores`` sorted from best to worst."""
    places: list[int] = []
    for i, score in enumerate(scores):
        places.append(places[-1] if i and score == scores[i - 1] else i + 1)
    return places


def standings(
    rules: LiveRules,
    players: Mapping[int, str],
    responses: Iterable[LiveResponse],
    through: int,
    teams: Mapping[int, int] | None = None,
    *,
    questions: int | None = None,
) -> Standings:
    """The standings of ``players`` (id → name, in the order they joined) after questions
    0 to ``through``, from their ``responses`` (answers of later questions, and of anyone not in
    ``players``, are left out). ``teams`` maps player id → team (used when ``rules.teams``);
    ``questions`` is the game's number of questions, for the all-in goal (default: the
    questions counted)."""
    by_player: dict[int, dict[int, LiveResponse]] = {p: {} for p in players}
    for a in responses:
        if a.player in by_player and 0 <= a.question <= through:
            by_player[a.player][a.question] = a
    teams = teams or {}
    order = {p: i for i, p in enumerate(players)}
    lines = []
    for player, name in players.items():
        total = right = streak = 0
        for q in range(through + 1):
            a = by_player[player].get(q)
            correct = a is not None and a.correct
            total += points(rules, correct, a.seconds if a else None, streak)
            streak = streak + 1 if correct else 0
            right += correct
        lines.append((player, name, total, right, streak))
    lines.sort(key=lambda x: (-x[2], x[1].casefold(), order[x[0]]))
    places = _places([x[2] for x in lines])
    rows = tuple(
        PlayerStanding(p, name, total, place, right, streak, teams.get(p) if rules.teams else None)
        for (p, name, total, right, streak), place in zip(lines, places, strict=True)
    )
    team_rows: tuple[TeamStanding, ...] = ()
    if rules.teams:
        sums = {t: [0, 0] for t in range(1, rules.teams + 1)}
        for row in rows:
            if row.team in sums:
                sums[row.team][0] += row.points
                sums[row.team][1] += 1
        ordered = sorted(sums.items(), key=lambda x: (-x[1][0], x[0]))
        team_places = _places([s for _, (s, _) in ordered])
        team_rows = tuple(
            TeamStanding(t, s, place, n)
            for (t, (s, n)), place in zip(ordered, team_places, strict=True)
        )
    class_right = sum(r.right for r in rows)
    goal = all_in_goal(len(players), through + 1 if questions is None else questions)
    return Standings(
        through, rows, team_rows, class_right, goal if rules.all_in else 0, rules.all_in
    )


# --- the reveal -----------------------------------------------------------------------------


def reveal_counts(responses: Iterable[LiveResponse]) -> dict[str, int]:
    """How many players picked each value (``responses`` are one question's answers), most
    picked first, then by value; a player counts once per value. Counts only, never names."""
    counts: dict[str, int] = {}
    seen: set[int] = set()
    for r in responses:
        if r.player in seen:
            continue
        seen.add(r.player)
        for value in set(r.value):
            counts[value] = counts.get(value, 0) + 1
    return dict(sorted(counts.items(), key=lambda x: (-x[1], x[0])))


def share_right(responses: Iterable[LiveResponse]) -> float:
    """Right answers over answers (0.0 with none)."""
    responses = list(responses)
    if not responses:
        return 0.0
    return sum(1 for r in responses if r.correct) / len(responses)


# --- teams ----------------------------------------------------------------------------------


def split_teams(
    player_ids: Iterable[int],
    teams: int,
    seed: int,
    sizes: Mapping[int, int] | None = None,
) -> dict[int, int]:
    """Teams 1 to ``teams`` for ``player_ids``, at random but the same for the same seed and
    players: shuffled with ``random.Random(seed)``, each dealt to the smallest team (lowest
    number among equals). ``sizes`` are the teams' members already placed (by hand), so the
    teams end as even as they can be; without them sizes differ by at most one."""
    if not TEAMS_MIN <= teams <= TEAMS_MAX:
        raise ValueError(f"A class splits into {TEAMS_MIN} to {TEAMS_MAX} teams, not {teams}.")
    ids = sorted(set(player_ids))
    random.Random(seed).shuffle(ids)
    count = {t: (sizes or {}).get(t, 0) for t in range(1, teams + 1)}
    split: dict[int, int] = {}
    for player in ids:
        team = min(count, key=lambda t: (count[t], t))
        split[player] = team
        count[team] += 1
    return split
