"""A seat's session at a shared table: the game page's session, for one seat of a table in
the database (no Streamlit here; ``ui.games.shared.lobby`` keeps it in the page's state).

:class:`SharedSession` is a :class:`ui.games.session.GameSession` whose hooks speak to the
store instead of to bots on this screen:

* **What the screen sees.** ``state`` is a :class:`SeatGame`: the seat's own observation
  (``store.tables.view``) and the public facts (whose turn, over or not). The steps of the
  log are kept with the seat's own observation after each move, replayed on the server from
  the round's deal (``store.tables.round_state``); that replay holds every hand, so nothing
  on a page reads it. No other seat's hidden card is drawn, so none reaches the browser.
* **Moves** go to the store (``store.tables.append``) with the ``seq`` the page showed; a
  stale page, a move out of turn or after the end gets the store's sentence as the session's
  message (the engine's reason for an illegal move), and the session takes the table as it is.
* **The AI seats** are played by the store's side (``ui.games.shared.autoplay``) when a
  session looks at the table and a move is due: this screen has no bots of its own.
* **Names**: people by the names they gave, the AI seats "AI" (numbered when there are
  several); the end screen names the table and its game, never the deal's secret seed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import store.tables as tables
from engine.core import GameState, IllegalAction
from messages import N_, _, number
from store.db import Database, Unavailable
from store.tables import AI, MoveRefused, SeatInfo, SeatView, TableError
from ui.games.session import GameSession, Refused, Step
from ui.games.setup import Choice, Setup, level_name
from ui.games.shared import autoplay
from ui.games.shared.errors import worded
from ui.links import md

UNAVAILABLE = N_(
    "The game's database cannot be reached just now, so nothing was played. This page tries "
    "again by itself; your seat is kept."
)  #: translated where it is shown


class SeatGame:
    """The game as one seat may see it: its observation and the public facts. Asking for
    another seat's observation is refused; any other attribute is the observation's."""

    def __init__(self, view: SeatView, target: int | None) -> None:
        self._view = view
        self._target = target

    def observation(self, seat: int | None) -> Any:
        if seat != self._view.seat:
            raise PermissionError("a seat's screen sees only its own observation")
        return self._view.observation

    @property
    def current_player(self) -> int | None:
        return None if self._view.over else self._view.to_act

    @property
    def is_over(self) -> bool:
        return self._view.over

    @property
    def target(self) -> int | None:
        return self._target

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view.observation, name)


@dataclass(eq=False)
class SharedSession(GameSession):
    """One seat's session at a shared table (see the module)."""

    db: Database | None = None
    token: str = ""
    view: SeatView | None = None
    peeked: tuple = ()  #: the table's peek taken with the view the page shows
    looked: float = 0.0  #: when the store's view was last read (time.monotonic)
    replay: GameState | None = None  #: the round replayed on the server (every hand: not drawn)
    round: int = -1
    by: dict[int, str] | None = None  #: step index → who played it, when not its person

    @classmethod
    def sit(
        cls,
        db: Database,
        key: str,
        game_id: str,
        choices: tuple[Choice, ...],
        token: str,
        *,
        hints: bool = False,
    ) -> SharedSession:
        """This screen at the seat of ``token`` (``TableError`` for a token of no seat)."""
        view = tables.view(db, token)
        opts = view.table.options
        setup = Setup(game_id, 0, opts.get("players", 2), opts.get("teams"))
        session = cls(
            key,
            setup,
            None,
            {},
            choices,
            serial=view.table.id,
            db=db,
            token=token,
            hints=hints,
        )
        session.absorb(view)
        return session

    # -- what the page reads

    @property
    def humans_turn(self) -> bool:
        return not self.view.over and self.view.to_act == self.me

    @property
    def ai_to_act(self) -> bool:
        return False  # the store's side plays the AI seats (``refresh``)

    @property
    def version(self) -> int:
        return self.view.seq

    def snapshot(self) -> Any:
        return self.replay.observation(self.me)

    def seat_info(self, seat: int) -> SeatInfo:
        return self.view.seats[seat]

    def seat_name(self, seat: int | None) -> str:
        """A player's name as typed, escaped for Markdown (:func:`ui.links.md`): every line a
        game draws is Markdown and holds it as is; a place that is not (``st.html``, a map's
        note) reads it back with :func:`ui.links.plain`."""
        if seat == self.me:
            return _("You")
        if seat is None:
            return _("Both")
        info = self.view.seats[seat]
        if info.kind == AI:
            ais = [s.seat for s in self.view.seats if s.kind == AI]
            if len(ais) == 1:
                return _("AI")
            return _("AI {number}").format(number=number(ais.index(seat) + 1))
        return md(info.name) if info.name else _("Seat {number}").format(number=number(seat + 1))

    def seat_label(self, seat: int) -> str:
        info = self.view.seats[seat]
        if info.kind == AI:
            return _("{name} ({level})").format(
                name=self.seat_name(seat), level=level_name(info.level).lower()
            )
        return self.seat_name(seat)

    def pronoun(self, seat: int) -> str:
        return self.seat_name(seat)

    def others(self) -> list[int]:
        return [s.seat for s in self.view.seats if s.seat != self.me]

    def about(self) -> str:
        return _("Table {code}, game {number}").format(
            code=self.view.table.code, number=number(self.view.table.round + 1)
        )

    def about_players(self, players: str) -> str:
        # the deal's seed is the table's secret
        return _("{table}, {players}").format(table=self.about(), players=players)

    def stand_in(self, index: int) -> bool:
        return self.by.get(index) == tables.BY_STAND_IN

    # -- what changes the game

    def play(self, action: Any, seat: int | None) -> Step:
        """Send this seat's move to the store; its refusal is the session's message."""
        try:
            tables.append(self.db, self.view.table.id, self.token, self.view.seq, action)
        except MoveRefused as refused:
            self.absorb(self.look())
            raise IllegalAction(refused.refusal) from None
        except TableError as refused:
            self.absorb(self.look())
            raise Refused(worded(refused, self.setup.game_id)) from None
        except Unavailable:
            raise Refused(_(UNAVAILABLE)) from None
        self.absorb(self.look())
        return self.history[-1]

    def advance(self) -> bool:
        """True while another seat is to act: the page follows the table by itself."""
        return not self.view.over and not self.humans_turn

    def refresh(self) -> None:
        """Play what is due for the AI seats and the stand-in, then take the table as it is."""
        view = self.look()  # first: it marks a returning player present
        if autoplay.due(view) and autoplay.play_ai_turns(self.db, view.table.id):
            view = self.look()
        self.absorb(view)

    def look(self) -> SeatView:
        """The store's view of this seat, and the table's ``store.tables.peek`` taken just
        before it (so a change made in between makes the watcher look again)."""
        self.peeked = tables.peek(self.db, self.view.table.id, fresh=True)
        self.looked = time.monotonic()
        return tables.view(self.db, self.token)

    def absorb(self, view: SeatView) -> None:
        """Take the store's ``view``: a new round starts the steps again; new moves become
        steps, each with this seat's observation after it."""
        if view.table.round != self.round or self.replay is None:
            self.replay = tables.round_state(self.db, view.table.id)
            self.round, self.by = view.table.round, {}
            self.history, self.seen, self.picks = [], 0, []
            self.initial = self.replay.observation(view.seat)
        done = self.history[-1].seq if self.history else 0
        for move in view.moves:
            if move.seq <= done:
                continue
            before = len(self.replay.log)
            self.replay.apply(move.action)
            after = self.replay.observation(view.seat)
            step = Step(move.seat, move.action, tuple(self.replay.log[before:]), after, move.seq)
            if move.by != tables.BY_PERSON:
                self.by[len(self.history)] = move.by
            self.history.append(step)
            if move.seat == view.seat:
                self.seen = len(self.history)
        self.view, self.me = view, view.seat
        self.state = SeatGame(view, getattr(self.replay, "target", None))
