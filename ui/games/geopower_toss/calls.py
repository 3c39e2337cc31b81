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
from messages import N_, _, join, ngettext, number
from ui.games.geopower_toss.seats import unit_name
from ui.games.refusals import worded
from ui.games.session import GameSession

CONFIRM = "confirm_call"  #: session.extra: the version at which this seat asked to call
#: the help of a move button while the call waits for its answer (translated where shown)
ANSWER_FIRST = N_("Answer the GeoPlunge call first.")
WHILE_ASKING = N_("Answer the GeoPlunge call first. Until then no other move can be made.")
OPEN_UNTIL = N_(
    "You may call GeoPlunge until the first card of the 5th trick is played; "
    "after the 4th trick everyone gets a last chance."
)
LAST_CHANCE = N_(
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
    done = len(obs.tricks)
    won = obs.unit_tricks[obs.team_of[obs.player]]
    values = {
        "tricks": number(CALL_TRICKS),
        "hand": number(HAND_SIZE),
        "bonus": number(CALL_BONUS),
        "total": number(MOST_TRICKS + CALL_BONUS),
    }
    if team:
        text = _(
            "Your team must win at least {tricks} of the {hand} tricks, or score nothing this "
            "round. If your team makes it, your team scores {bonus} more points ({total} in all)."
        ).format(**values)
    else:
        text = _(
            "You must win at least {tricks} of the {hand} tricks, or score nothing this round. "
            "If you make it, you score {bonus} more points ({total} in all)."
        ).format(**values)
    if done:
        if team:
            so_far = ngettext(
                "So far your team has won {won} of {done} trick: {needed} more needed from the "
                "{left} left.",
                "So far your team has won {won} of {done} tricks: {needed} more needed from the "
                "{left} left.",
                done,
            )
        else:
            so_far = ngettext(
                "So far you have won {won} of {done} trick: {needed} more needed from the "
                "{left} left.",
                "So far you have won {won} of {done} tricks: {needed} more needed from the "
                "{left} left.",
                done,
            )
        text += " " + so_far.format(
            won=number(won),
            done=number(done),
            needed=number(max(CALL_TRICKS - won, 0)),
            left=number(HAND_SIZE - done),
        )
    return text


def confirm_text(obs: GeoPowerObservation) -> str:
    """The confirmation's question and what the call means."""
    return _("**Call GeoPlunge?** {meaning}").format(meaning=call_meaning(obs))


def call_help(obs: GeoPowerObservation) -> str:
    """The tooltip of "Call GeoPlunge"."""
    values = {"tricks": number(CALL_TRICKS), "hand": number(HAND_SIZE), "bonus": number(CALL_BONUS)}
    if obs.teams:
        return _(
            "Promise that you and your team will win at least {tricks} of the {hand} tricks: "
            "{bonus} more points if you do, nothing this round if you don't. You are asked to "
            "confirm."
        ).format(**values)
    return _(
        "Promise that you will win at least {tricks} of the {hand} tricks: {bonus} more points "
        "if you do, nothing this round if you don't. You are asked to confirm."
    ).format(**values)


def call_note(session: GameSession, obs: GeoPowerObservation) -> str:
    """The note under the call (empty for none): until when it is offered (before the call
    window), what this seat's side needs once it has called, or why it has closed."""
    if CALL in obs.legal:
        return _(OPEN_UNTIL) if obs.phase != CALLS else ""
    if any(u == obs.team_of[session.me] for _seat, u in obs.calls):
        if obs.teams:
            note = ngettext(
                "GeoPlunge called: your team needs {tricks} trick.",
                "GeoPlunge called: your team needs {tricks} tricks.",
                CALL_TRICKS,
            )
        else:
            note = ngettext(
                "GeoPlunge called: you need {tricks} trick.",
                "GeoPlunge called: you need {tricks} tricks.",
                CALL_TRICKS,
            )
        return note.format(tricks=number(CALL_TRICKS))
    if not obs.call_open and (refusal := GeoPowerToss.why_not(obs, CALL)):
        return worded(refusal, "geopower_toss")
    return ""


def calls_line(session: GameSession, obs: GeoPowerObservation) -> str:
    """Who called GeoPlunge this round (empty when nobody has)."""
    if not obs.calls:
        return ""
    who = [
        _("{seat} (for {team})").format(seat=session.mention(s), team=unit_name(session, obs, u))
        if obs.teams
        else session.mention(s)
        for s, u in obs.calls
    ]
    return ngettext(
        "GeoPlunge called by {seats}: {tricks} trick or nothing.",
        "GeoPlunge called by {seats}: {tricks} tricks or nothing.",
        CALL_TRICKS,
    ).format(seats=join(who), tricks=number(CALL_TRICKS))
