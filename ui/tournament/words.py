"""A tournament's state in words, for every page of it: the round and its kind, the stage and
the clock (no Streamlit here)."""

from __future__ import annotations

import math
from datetime import datetime

from engine.tournament.rounds import CALL
from messages import _, number
from store import tournament as tm


def minutes_seconds(seconds: float) -> str:
    """A time left as the clock shows it, rounded up to the second: "12:05", "0:09"."""
    whole = max(0, math.ceil(seconds))
    return f"{number(whole // 60)}:{whole % 60:02d}"


def round_words(t: tm.TournamentInfo) -> str:
    """Where the tournament is: "Round 2 of 8 · “All” round", "Playoff", "Championship"."""
    if t.stage == tm.PLAYOFF:
        return _("Playoff for the championship")
    if t.stage == tm.CHAMPIONSHIP:
        return _("Championship")
    if t.stage == tm.ENDED:
        return _("The tournament has ended")
    if t.round == 0:
        return _("Before the first round")
    kind = _("“Call” round") if t.kind == CALL else _("“All” round")
    return _("Round {round} of {rounds} · {kind}").format(
        round=number(t.round), rounds=number(len(t.rounds)), kind=kind
    )


def clock_words(t: tm.TournamentInfo, now: datetime) -> str:
    """The round's clock: "12:05 left", "Paused with 3:00 left", "Round over"."""
    if t.clock == tm.RUNNING:
        return _("{time} left").format(time=minutes_seconds(t.seconds_left(now)))
    if t.clock == tm.PAUSED:
        return _("Paused with {time} left").format(time=minutes_seconds(t.seconds_left(now)))
    if t.stage == tm.ENDED:
        return _("The tournament has ended")
    if t.round == 0:
        return _("Waiting for the first round")
    return _("Round over")
