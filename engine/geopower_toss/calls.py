"""The GeoPlunge call and its call window (rules: :mod:`engine.geopower_toss.state`, decisions 1
and 12).

- Until the 4th trick ends the call is offered to the seat to act (after its removals or
  plays, from the deal on), once per player or team and round; calling does not pass the turn.
- When the 4th trick ends with cards left, the call window opens (phase ``CALLS``): every seat
  whose player or team has not called is asked in turn, from the 5th trick's leader round the
  table, to call or pass. In a team game, once a partner calls the rest of the team is
  skipped. After the last seat asked the leader leads the 5th trick and the call is closed.

Its events (:class:`engine.core.Event`): ``calls`` (``seat``: who called, alone),
``calls_for_team`` (``seat``: who called; ``team``: the team's number, 1 for the first, as
the rules count teams) and ``call_window`` (``leader_seat``: the 5th trick's leader, the
first seat asked).
"""

from __future__ import annotations

from engine.core import Event, Refusal
from engine.geopower_toss.observation import CALLS, OVER, PLAY, TRICKS_BEFORE_CALL_CLOSES
from engine.geopower_toss.table import Table


class CallWindow(Table):
    """The GeoPlunge call in a game's state: when it is offered or refused, the call itself and
    the call window's seats asked in turn."""

    @property
    def call_open(self) -> bool:
        """True until the first card of the 5th trick is led (and while the game runs): in
        tricks 1 to 4, then in the call window; once the window is over the call is closed."""
        return self.phase == CALLS or (
            self.phase != OVER and len(self.tricks) < TRICKS_BEFORE_CALL_CLOSES
        )

    def _call_offered(self) -> bool:
        """Whether the seat to act may call besides its move (before the 4th trick ends, when
        its side has not called this round)."""
        if len(self.tricks) >= TRICKS_BEFORE_CALL_CLOSES:
            return False
        unit = self.team[self.turn]
        return all(u != unit for _, u in self.calls)

    def _call_refusal(self) -> Refusal | None:
        """Why the seat to act may not call now, or ``None``: ``call_closed`` once the call
        window is over (or the 5th trick led without one), ``already_called`` when this seat
        called this round, ``partner_called`` (``seat``: the partner who called) when another
        member of its team did."""
        if not self.call_open:
            return Refusal("call_closed")
        unit = self.team[self.turn]
        for seat, u in self.calls:
            if u == unit:
                if seat == self.turn:
                    return Refusal("already_called")
                return Refusal("partner_called", seat=seat)
        return None

    def _pass_refusal(self) -> Refusal | None:
        """Why the seat to act may not pass now, or ``None``: ``nothing_to_pass`` outside the
        call window (the only time a seat is asked to call or pass)."""
        if self.phase != CALLS:
            return Refusal("nothing_to_pass")
        return None

    def _call(self) -> None:
        """The seat to act calls for its side; in the call window the next seat is asked."""
        seat = self.turn
        unit = self.team[seat]
        self.calls = (*self.calls, (seat, unit))
        self._view = None
        if self.teams:
            self.log.append(Event("calls_for_team", seat=seat, team=unit + 1))
        else:
            self.log.append(Event("calls", seat=seat))
        if self.phase == CALLS:
            self._ask_next()

    def _ask_next(self) -> None:
        """The call window goes on past the seat to act (it passed or called)."""
        self._ask((self.turn - self.leader) % self.players + 1)

    def _open_window(self) -> None:
        """After the 4th trick: the call window, unless every side has called already."""
        self._ask(0)
        if self.phase == CALLS:
            self.log.append(Event("call_window", leader_seat=self.turn))

    def _ask(self, k: int) -> None:
        """The call window: ask the ``k``-th seat from the leader (or a later one) whose player
        or team has not called; when none is left, the leader leads the 5th trick."""
        n = self.players
        called = {u for _, u in self.calls}
        while k < n:
            seat = (self.leader + k) % n
            if self.team[seat] not in called:
                self.phase = CALLS
                self.turn = seat
                self._view = None
                return
            k += 1
        self.phase = PLAY
        self.turn = self.leader
        self._view = None
