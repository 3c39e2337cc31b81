"""The GeoPlunge call on a GeoPower Toss page, in words and decisions (no Streamlit).

A first click on "Call GeoPlunge" asks for a confirmation that says what the call commits the
seat's side to, with the engine's numbers (:func:`call_meaning`); only "Yes, call GeoPlunge"
calls. While the confirmation is open no other move can be made (:func:`asking`): a card played
meanwhile would drop the call unsaid. When the call is not offered a note says why (once the
call has closed, the engine's refusal worded by :data:`~.refusals.REFUSALS`).
"""

from __future__ import annotations

from engine.geopower_toss import (
    CALL,
    CALL_BONUS,
    CALL_TRICKS,
    CALLS,
    HAND_SIZE,
    MOST_TRICKS,
    GeoPowerObservation,
    GeoPowerToss,
)
from ui.games.geopower_toss.seats import unit_name
from ui.games.refusals import worded
from ui.games.session import GameSession

CONFIRM = "confirm_call"  #: session.extra: the version at which this seat asked to call
ANSWER_FIRST = "Answer the GeoPlunge call first."
WHILE_ASKING = f"{ANSWER_FIRST} Until then no other move can be made."
OPEN_UNTIL = (
    "You may call GeoPlunge until the first card of the 5th trick is played; "
    "after the 4th trick everyone gets a last chance."
)
LAST_CHANCE = (
    "**Trick 4 is over: last chance to call GeoPlunge.** Everyone whose side has not "
    "called is asked in turn before the 5th trick is led. Call, or pass to go on."
)


def asking(session: GameSession, obs: GeoPowerObservation) -> bool:
    """Whether the GeoPlunge call waits for its Yes or No (the other move buttons wait too:
    a card played meanwhile would drop the call unsaid)."""
    return CALL in obs.legal and session.extra.get(CONFIRM) == session.version


def call_meaning(obs: GeoPowerObservation) -> str:
    """What a GeoPlunge call commits the seat of ``obs`` (or its team) to, with the engine's
    numbers, and how far the round has come: the words of the confirmation."""
    team = bool(obs.teams)
    subject = "your team" if team else "you"
    has = "has" if team else "have"
    score = "scores" if team else "score"
    done = len(obs.tricks)
    won = obs.unit_tricks[obs.team_of[obs.player]]
    text = (
        f"{subject.capitalize()} must win at least {CALL_TRICKS} of the {HAND_SIZE} tricks, "
        f"or score nothing this round. If {subject} make{'s' if team else ''} it, {subject} "
        f"{score} {CALL_BONUS} more points ({MOST_TRICKS + CALL_BONUS} in all)."
    )
    if done:
        text += (
            f" So far {subject} {has} won {won} of {done} trick{'s' if done != 1 else ''}: "
            f"{max(CALL_TRICKS - won, 0)} more needed from the {HAND_SIZE - done} left."
        )
    return text


def confirm_text(obs: GeoPowerObservation) -> str:
    """The confirmation's question and what the call means."""
    return "**Call GeoPlunge?** " + call_meaning(obs)


def call_help(obs: GeoPowerObservation) -> str:
    """The tooltip of "Call GeoPlunge"."""
    return (
        "Promise that you"
        + (" and your team" if obs.teams else "")
        + f" will win at least {CALL_TRICKS} of the {HAND_SIZE} tricks: {CALL_BONUS} more points "
        "if you do, nothing this round if you don't. You are asked to confirm."
    )


def call_note(session: GameSession, obs: GeoPowerObservation) -> str:
    """The note under the call (empty for none): until when it is offered (before the call
    window), what this seat's side needs once it has called, or why it has closed."""
    if CALL in obs.legal:
        return OPEN_UNTIL if obs.phase != CALLS else ""
    if any(u == obs.team_of[session.me] for _, u in obs.calls):
        return (
            "GeoPlunge called: "
            + ("your team needs" if obs.teams else "you need")
            + f" {CALL_TRICKS} tricks."
        )
    if not obs.call_open and (refusal := GeoPowerToss.why_not(obs, CALL)):
        return worded(refusal, "geopower_toss")
    return ""


def calls_line(session: GameSession, obs: GeoPowerObservation) -> str:
    """Who called GeoPlunge this round (empty when nobody has)."""
    if not obs.calls:
        return ""
    who = [
        session.mention(s) + (f" (for {unit_name(session, obs, u)})" if obs.teams else "")
        for s, u in obs.calls
    ]
    return "GeoPlunge called by " + ", ".join(who) + f": {CALL_TRICKS} tricks or nothing."
