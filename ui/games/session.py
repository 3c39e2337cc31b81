"""What a game screen remembers between its reruns: the game, its steps, the player's switches.

A :class:`GameSession` is kept in ``st.session_state`` under the page's key (its URL path,
which is its game's id); this module does not touch Streamlit (``ui.games.solo`` and
``ui.games.shared.lobby`` keep it there). The screen's player sits in seat :attr:`me` (0
against the AI); every other seat is a bot from ``engine.bots.make_bot`` seeded from the deal
and the seat, so the same link plays the same AI moves.

The rules of it:

- **Reruns never change the game.** Only :meth:`~GameSession.act` (the player's move),
  :meth:`~GameSession.play_ai` (the bots) and :meth:`~GameSession.play` change it, and every
  action is recorded as a :class:`Step` with the log lines it produced and what the player may
  see afterwards (``snapshot_of(state, seat)``: the seat's observation, unless the game keeps
  something else), so a page can show what happened even after the engine has cleared a
  finished trick.
- **Illegal choices.** Anything a widget sends goes to the engine, whose ``IllegalAction``
  refusal is kept in :attr:`~GameSession.message`, worded by the game's refusals
  (:mod:`ui.games.refusals`); a host that refuses a move itself (a shared table's store)
  raises :class:`Refused` with its sentence. A button drawn before the game moved on (a
  double click, a stale tab) carries the old :attr:`~GameSession.version` and is ignored with
  a message instead of playing into a later position.
- **AI turns.** With "Follow the AI step by step" off the bots answer at once after the
  player's move; with it on, each bot action (or each whole turn: ``pause_after``) waits for
  a "Continue" click (:meth:`~GameSession.advance`, :meth:`~GameSession.continue_ai`).
- **Hooks.** A shared table's session (``ui.games.shared.session.SharedSession``) is a
  subclass that overrides what is different there: who the seats are and how they are named,
  whose turn it is, how a move is played (sent to the store) and how the bots play (the store
  plays them, not this screen).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots import make_bot
from engine.core import Event, GameState, IllegalAction
from engine.games import game_class
from messages import N_, _, number, pgettext
from ui.games.events import told
from ui.games.refusals import worded
from ui.games.setup import Choice, Setup, level_name
from ui.games.wording import player

HUMAN = 0
# Options for make_bot by level: the hard bot searches a fixed number of deals instead of
# stopping after a time budget, so the same seed gives the same AI moves on every machine.
BOT_OPTIONS: dict[str, dict[str, Any]] = {"hard": {"time_budget": None}}
MOVED_ON = N_("The game had already moved on, so that click was ignored.")


class Refused(Exception):
    """A move the host refused before the engine saw it; ``str()`` is the sentence to show."""


@dataclass
class Step:
    """One action applied to the game: who (``seat``; ``None`` for a game with no turns),
    what, the engine's events it logged, and what the screen's seat may see afterwards
    (``after``: see :meth:`GameSession.snapshot`). ``seq`` is its row at a shared table."""

    seat: int | None
    action: Any
    lines: tuple[Event, ...]
    after: Any
    seq: int | None = None


def observation_of(state: Any, seat: int) -> Any:
    """What a step keeps by default: the seat's observation after it."""
    return state.observation(seat)


def every_action(step: Step) -> bool:
    """By default a "Continue" click plays one bot action."""
    return True


@dataclass(eq=False)
class GameSession:
    """A game in progress, as one screen keeps it.

    ``history`` holds every :class:`Step`; ``seen`` is the length of the history right after
    this seat's last action (the steps after it are "since your last move"). ``message`` is
    the reason the last attempt was refused (empty when it was not). ``follow`` and ``hints``
    are the player's switches; they carry over to the next game. ``picks`` is scratch space
    for an answer built in several clicks (a border set clicked on a map); ``extra`` holds a
    page's own memory (the War's predictions, an open GeoPlunge confirmation). ``written`` is
    the URL the page last wrote (``None``: write it, do not read it). ``options`` are the
    keyword options the game was dealt with (beyond the URL's), reused by :meth:`redeal`.
    ``snapshot_of`` and ``pause_after`` are the game's own answers to "what does a step keep"
    and "where does a Continue click stop".
    """

    key: str
    setup: Setup
    state: GameState
    bots: dict[int, Any]
    choices: tuple[Choice, ...] = ()
    notes: list[str] = field(default_factory=list)
    history: list[Step] = field(default_factory=list)
    initial: Any = None
    seen: int = 0
    follow: bool = False
    hints: bool = False
    message: str = ""
    picks: list[str] = field(default_factory=list)
    serial: int = 0
    written: dict[str, str] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    me: int = HUMAN  #: the seat this screen plays (another at a shared table)
    snapshot_of: Callable[[Any, int], Any] = observation_of
    pause_after: Callable[[Step], bool] = every_action

    @classmethod
    def deal(
        cls,
        key: str,
        setup: Setup,
        choices: Sequence[Choice] = (),
        *,
        snapshot_of: Callable[[Any, int], Any] = observation_of,
        pause_after: Callable[[Step], bool] = every_action,
        **options: Any,
    ) -> GameSession:
        """A new game for ``setup``: the engine deals from the seed, each opponent gets a bot
        of its level seeded from the deal and its seat (the same link, the same AI)."""
        engine_options = {**options, **setup.engine_options(choices)}
        state = game_class(setup.game_id).new(
            players=setup.players, teams=setup.teams, seed=setup.seed, **engine_options
        )
        bots = {
            seat: make_bot(
                setup.game_id,
                level,
                seat,
                seed=setup.seed * 100 + seat,
                **BOT_OPTIONS.get(level, {}),
            )
            for seat, level in enumerate(setup.levels, start=1)
        }
        session = cls(
            key,
            setup,
            state,
            bots,
            tuple(choices),
            serial=secrets.randbelow(10**9),
            options=dict(options),
            snapshot_of=snapshot_of,
            pause_after=pause_after,
        )
        session.initial = session.snapshot()
        return session

    def redeal(self, setup: Setup, **options: Any) -> GameSession:
        """A new game in this session's place: ``setup``, the game options of this one unless
        ``options`` are given, the same switches; the next run writes it into the URL."""
        new = type(self).deal(
            self.key,
            setup,
            self.choices,
            snapshot_of=self.snapshot_of,
            pause_after=self.pause_after,
            **(options or self.options),
        )
        new.follow, new.hints = self.follow, self.hints
        return new

    # -- what the page reads

    def snapshot(self) -> Any:
        """What this seat may see now, stored with each step."""
        return self.snapshot_of(self.state, self.me)

    def before(self, index: int) -> Any:
        """The snapshot just before step ``index``."""
        return self.history[index - 1].after if index > 0 else self.initial

    def latest(self) -> Any:
        """The snapshot after the last step (the first one before any)."""
        return self.history[-1].after if self.history else self.initial

    def added_since_last_move(self, name: str) -> list[Any]:
        """The items the snapshot's list ``name`` (e.g. a round's results) gained since just
        before this seat's last action: what that action, and the others' moves since,
        completed."""
        start = max(self.seen - 1, 0)
        before = self.before(start) if self.history else self.initial
        return list(getattr(self.latest(), name)[len(getattr(before, name)) :])

    @property
    def humans_turn(self) -> bool:
        """True when this screen's seat is the seat to act."""
        return not self.state.is_over and self.state.current_player == self.me

    @property
    def ai_to_act(self) -> bool:
        """True when a bot of this screen is the seat to act."""
        return not self.state.is_over and self.state.current_player in self.bots

    @property
    def version(self) -> int:
        """Changes with every action: buttons carry it to ignore clicks from an older view."""
        return len(self.history)

    def wkey(self, name: str) -> str:
        """A widget key unique to this game and this moment of it (the widget is new after
        every move, so it starts empty)."""
        return f"{self.key}_{name}_{self.serial}_{self.version}"

    def bkey(self, name: str) -> str:
        """A button key unique to this game but stable across its moves (the button is
        updated in place; the version it carries in its callback arguments guards it)."""
        return f"{self.key}_{name}_{self.serial}"

    # -- how the seats are named

    def seat_name(self, seat: int | None) -> str:
        """ "You" for this screen's seat; "AI" (numbered when there are several) for the
        others."""
        if seat == self.me:
            return _("You")
        if seat is None:
            return _("Both")
        return _("AI") if len(self.bots) <= 1 else _("AI {number}").format(number=number(seat))

    def seat_label(self, seat: int) -> str:
        """The seat's name with its AI level: "AI (easy)"."""
        level = self.setup.levels[seat - 1] if 0 < seat <= len(self.setup.levels) else None
        return self.seat_name(seat) + (f" ({level_name(level).lower()})" if level else "")

    def mention(self, seat: int | None) -> str:
        """A seat inside a sentence: "you" for this screen's seat, else its name."""
        return _("you") if seat == self.me else self.seat_name(seat)

    def subject(self, seat: int) -> str:
        """Another seat named inside a sentence: "the AI" when it is the only AI, else its
        name ("AI 2", or a player's at a shared table)."""
        name = self.seat_name(seat)
        return _("the AI") if name == _("AI") else name

    def pronoun(self, seat: int) -> str:
        """Another seat named again later in a sentence: "it" for the AI here."""
        return pgettext("the AI, named again later in a sentence", "it")

    def others(self) -> list[int]:
        """The seats other than this screen's."""
        return sorted(self.bots)

    def about(self) -> str:
        """Which game this is, for the end screen: "Deal 123 against the easy AI"."""
        levels = sorted(set(self.setup.levels))
        if len(levels) == 1:
            return _("Deal {seed} against the {level} AI").format(
                seed=self.setup.seed, level=level_name(levels[0]).lower()
            )
        return _("Deal {seed} against the AI").format(seed=self.setup.seed)

    def about_players(self, players: str) -> str:
        """Which game this is with its players, for the end screen's last line: "Deal 18, 3
        players, AI level easy, easy"."""
        return _("Deal {seed}, {players}, AI level {levels}").format(
            seed=self.setup.seed,
            players=players,
            levels=", ".join(level_name(level).lower() for level in self.setup.levels),
        )

    def stand_in(self, index: int) -> bool:
        """Whether step ``index`` was played by the AI for an absent player (never here)."""
        return False

    # -- what changes the game

    def play(self, action: Any, seat: int | None) -> Step:
        """Apply ``action`` for ``seat`` and record it; ``IllegalAction`` leaves all unchanged."""
        lines_before = len(self.state.log)
        self.state.apply(action)
        step = Step(seat, action, tuple(self.state.log[lines_before:]), self.snapshot())
        self.history.append(step)
        return step

    def act(self, action: Any, version: int | None = None) -> str | None:
        """This seat's action: applied (then the bots answer unless the player follows them
        step by step), or refused with the engine's reason, kept in :attr:`message` and
        returned. ``version`` is the session's version when the widget was drawn: a click
        from an older view (a double click, a second browser tab) is ignored with a message."""
        if version is not None and version != self.version:
            self.message = _(MOVED_ON)
            return self.message
        seat = self.state.current_player
        if self.state.is_over:
            self.message = _("The game is over: start a new one below.")
            return self.message
        if seat is not None and seat != self.me:
            self.message = _("It is not your turn yet.")
            return self.message
        try:
            self.play(action, seat)
        except IllegalAction as refused:
            self.message = worded(refused.refusal, self.setup.game_id)
            return self.message
        except Refused as refused:
            self.message = str(refused)
            return self.message
        self.message = ""
        self.picks = []
        self.seen = len(self.history)
        if not self.follow:
            self.play_ai()
        return None

    def play_ai(self, *, one: bool = False) -> int:
        """Let the bots play until this seat must act or the game ends (with ``one``, up to
        the next ``pause_after``); returns how many actions were played. A bot's move the
        engine refuses (a bug) is replaced by the first legal action, so the page never
        stops on it."""
        played = 0
        state = self.state
        while not state.is_over and (seat := state.current_player) in self.bots:
            action = self.bots[seat].act(state.observation(seat))
            try:
                step = self.play(action, seat)
            except IllegalAction:
                step = self.play(state.legal_actions()[0], seat)
            played += 1
            if one and self.pause_after(step):
                break
        return played

    def continue_ai(self, version: int) -> None:
        """A "Continue" click (step by step): the next bot action or turn, unless the click
        comes from an older view."""
        if version == self.version:
            self.play_ai(one=True)

    def advance(self) -> bool:
        """Bring the game to this seat's turn: the bots play at once, unless the player
        follows them step by step. True while the screen waits for another seat (here: for
        a "Continue" click); the page then shows what it waits for instead of move widgets."""
        if not self.ai_to_act:
            return False
        if not self.follow:
            self.play_ai()
            return False
        return True


def engine_lines(session: GameSession, index: int) -> list[str]:
    """The default description of a step: the engine's events in words, each seat named after
    its seat on this screen ("Player 1 (you)", "Player 2 (AI, easy)")."""

    def seat_name(seat: int) -> str:
        if seat == session.me:
            who = _("you")
        else:  # "AI (easy)" → "AI, easy"
            who = session.seat_label(seat).replace(" (", ", ").rstrip(")")
        return _("{player} ({who})").format(player=player(seat), who=who)

    game_id = session.setup.game_id
    return [told(event, game_id, seat_name) for event in session.history[index].lines]


Describe = Callable[[GameSession, int], list[str]]


def described(session: GameSession, describe: Describe, index: int) -> list[str]:
    """``describe(session, index)``, its first line marked when the AI played it for an
    absent player (at a shared table)."""
    lines = describe(session, index)
    if lines and session.stand_in(index):
        marked = _("{line} *(the AI played this for an absent player)*").format(line=lines[0])
        lines = [marked, *lines[1:]]
    return lines


def recent_lines(session: GameSession, describe: Describe = engine_lines) -> list[str]:
    """What the other seats did since this seat's last move, one line per event."""
    return [
        line
        for i in range(session.seen, len(session.history))
        if session.history[i].seat != session.me
        for line in described(session, describe, i)
    ]


def log_lines(session: GameSession, describe: Describe = engine_lines) -> list[str]:
    """The whole game log, one line per event."""
    return [line for i in range(len(session.history)) for line in described(session, describe, i)]


def sentence(text: str) -> str:
    """``text`` with its first letter in upper case, the rest as it is ("the AI's card" →
    "The AI's card")."""
    return text[:1].upper() + text[1:]


def inside(text: str) -> str:
    """``text`` with its first letter in lower case, to go inside a sentence ("The AI's
    card" → "the AI's card"; never the whole text: "AI" stays)."""
    return text[:1].lower() + text[1:]
