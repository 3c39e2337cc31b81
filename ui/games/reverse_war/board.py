"""The Reverse Geography War page's board: the practice buttons, the flip controls and
auto-play, the last flip with its map, and the piles chart (the words are :mod:`.words`)."""

from __future__ import annotations

import time

import streamlit as st

from engine.reverse_war import FLIP, Battle, ReverseWar
from engine.reverse_war.practice import turning
from messages import N_, _, number, pgettext
from ui.games.next_move import next_move
from ui.games.protocol import GameBoard
from ui.games.reverse_war.practice import AI, OUTCOMES, WAR, YOU, prediction_feedback, predictions
from ui.games.reverse_war.words import (
    MODE,
    WORDS,
    battle_html,
    card_tile,
    chips,
    compare_hint,
    describe_battle,
    flip,
    flips_summary,
    headline,
    map_roles,
    piles_sentence,
    piles_svg,
    practising,
    predict,
    winner_sentence,
)
from ui.games.session import GameSession
from ui.games.widgets import (
    action_button,
    markdown_list,
    preference_toggles,
    show_message,
    status_bar,
)
from ui.games.wording import card_name
from ui.maps import us_map

#: auto-play's speeds: the seconds between flips (the keys are the widget's values and, translated,
#: its labels)
SPEEDS: dict[str, float] = {N_("Slow"): 1.5, N_("Normal"): 0.8, N_("Fast"): 0.3}
#: the mode switch's labels (shorter than the set-up form's, :data:`MODE`)
MODE_LABELS: dict[str, str] = {"play": N_("Play"), "practice": N_("Practice: predict each flip")}


def _set_mode(session: GameSession, key: str) -> None:
    session.setup = session.setup.with_option("mode", st.session_state.get(key) or "play")
    session.extra["auto"] = False


def _set_auto(session: GameSession, key: str) -> None:
    session.extra["auto"] = bool(st.session_state.get(key))
    session.extra["auto_at"] = 0.0


def _set_speed(session: GameSession, key: str) -> None:
    session.extra["speed"] = st.session_state.get(key) or "Normal"


def _flips(session: GameSession, n: int | None, version: int) -> None:
    if version == session.version:
        flip(session, n)


def pile_chart(state: ReverseWar) -> None:
    st.html(piles_svg(state.pile_history))
    st.caption(piles_sentence(state.pile_history))


def battle_map(battle: Battle, key: str) -> None:
    roles, notes = map_roles(battle)
    us_map(
        key,
        roles,
        notes=notes,
        words={"mine": _("your card"), "theirs": _("the AI's card")},
        height=300,
        label=_("The two cards on the map"),
    )


def show_battle(session: GameSession, battle: Battle) -> None:
    st.markdown(headline(battle))
    st.markdown(f"**{winner_sentence(battle)}**")
    st.html(battle_html(battle))
    st.markdown(markdown_list(describe_battle(session, battle)))


def predict_widgets(session: GameSession) -> None:
    """Practice: the verdict on the last prediction, the two cards turned, the two
    predictions and "Resolve the flip"."""
    state = session.state
    found = predictions(session)
    battle = state.last_battle
    if found and battle is not None and found[-1].turn == battle.turn:
        p = found[-1]
        good = p.winner_right and p.plunge_right
        (st.success if good else st.warning)(
            prediction_feedback(p, battle),
            icon=":material/check:" if good else ":material/info:",
        )
    pair = turning(state)
    if pair is None:
        return
    a, b = pair
    st.markdown(
        _("**Flip {turn}: the two cards are turned.** Which one wins?").format(
            turn=number(state.turn + 1)
        )
    )
    tiles = card_tile(a, _("You"), weakness=session.hints) + card_tile(
        b, _("AI"), weakness=session.hints
    )
    st.html(f"<div class='gp-hand'>{tiles}</div>")
    if session.hints:
        st.info(compare_hint(a, b), icon=":material/lightbulb:")
    said = st.segmented_control(
        _("Which card wins?"),
        list(OUTCOMES),
        format_func=lambda v: {
            YOU: _("Yours ({card})").format(card=card_name(a.usps)),
            AI: _("The AI's ({card})").format(card=card_name(b.usps)),
            WAR: _("A tie: War"),
        }[v],
        key=session.wkey("said"),
    )
    plunge = st.segmented_control(
        _("A GeoPlunge?"),
        ["yes", "no"],
        format_func=lambda v: {"yes": _("Yes"), "no": _("No")}[v],
        key=session.wkey("plunge"),
    )
    ready = said is not None and plunge is not None
    if not ready:
        st.caption(_("Make both predictions, then turn the cards over."))
    st.button(
        _("Resolve the flip"),
        key=session.bkey("resolve"),
        type="primary",
        icon=":material/style:",
        width="stretch",
        disabled=not ready,
        help=None if ready else _("Choose the winner and say whether it is a GeoPlunge first."),
        on_click=predict,
        args=(session, said, plunge == "yes", session.version),
    )


def controls(session: GameSession) -> None:
    """Flip, 10 flips, play to the end; in play mode auto-play and its speed."""
    practice = practising(session)
    with st.container(horizontal=True, gap="small"):
        if not practice:
            action_button(
                session,
                pgettext("a button: turn the top cards", "Flip"),
                FLIP,
                name="flip",
                icon=":material/style:",
            )
        st.button(
            _("10 flips (not scored)") if practice else _("10 flips"),
            key=session.bkey("ten"),
            width="stretch",
            on_click=_flips,
            args=(session, 10, session.version),
        )
        st.button(
            _("Play to the end"),
            key=session.bkey("end"),
            width="stretch",
            icon=":material/fast_forward:",
            on_click=_flips,
            args=(session, None, session.version),
        )
    if practice:
        return
    auto = st.container(horizontal=True, vertical_alignment="center", gap="medium")
    auto_key = f"{session.key}_auto_{session.serial}"
    auto.toggle(
        _("Auto-play"),
        value=bool(session.extra.get("auto")),
        key=auto_key,
        on_change=_set_auto,
        args=(session, auto_key),
    )
    speed_key = f"{session.key}_speed_{session.serial}"
    auto.segmented_control(
        _("Speed"),
        list(SPEEDS),
        format_func=_,
        default=session.extra.get("speed", "Normal"),
        required=True,
        key=speed_key,
        on_change=_set_speed,
        args=(session, speed_key),
        label_visibility="collapsed",
    )


def board(session: GameSession) -> None:
    """The part that changes with every flip, rerun alone every ``interval`` while
    auto-playing: the status, the last flip, its map and the piles chart."""
    state = session.state
    auto_on = bool(session.extra.get("auto")) and not practising(session) and not state.is_over
    interval = SPEEDS[session.extra.get("speed", "Normal")]

    @st.fragment(run_every=interval if auto_on else None)
    def draw() -> None:
        if session.extra.get("auto") and not practising(session) and not state.is_over:
            now = time.monotonic()
            if now - session.extra.get("auto_at", 0.0) >= interval * 0.75:
                flip(session, 1)
                session.extra["auto_at"] = now
            if state.is_over:
                session.extra["auto"] = False
                st.rerun()
        status_bar(chips(session))
        battle = state.last_battle
        left, right = st.columns([3, 2], gap="large")
        with left:
            if battle is not None:
                fresh = [s.after for s in session.history[session.seen :] if s.after is not None]
                if len(fresh) > 1:
                    st.markdown(flips_summary(fresh))
                st.markdown(_("**Last flip (flip {turn})**").format(turn=number(battle.turn)))
                show_battle(session, battle)
            else:
                st.info(_("The cards are dealt: 25 each. Turn the first pair!"))
            show_message(session)
        with right:
            if battle is not None:
                battle_map(battle, f"{session.key}_map_{session.serial}")
            st.caption(_("Cards in each pile after every flip"))
            pile_chart(state)

    draw()


class ReverseWarBoard(GameBoard):
    words = WORDS

    def switches(self, session: GameSession) -> None:
        """The mode (play or practice) beside the Hints switch (practice only; no AI to
        follow: the War has no decisions)."""
        practice = practising(session)
        top = st.container(horizontal=True, vertical_alignment="center", gap="medium")
        mode_key = f"{session.key}_mode_{session.serial}"
        top.segmented_control(
            _(MODE.label),
            list(MODE.values),
            format_func=lambda v: _(MODE_LABELS[v]),
            default="practice" if practice else "play",
            required=True,
            key=mode_key,
            on_change=_set_mode,
            args=(session, mode_key),
            label_visibility="collapsed",
        )
        with top:
            preference_toggles(session, follow=False, hints=practice)

    def body(self, session: GameSession, waiting: bool) -> None:
        with next_move():
            if practising(session):
                predict_widgets(session)
            controls(session)
        board(session)

    def after_ending(self, session: GameSession) -> None:
        battle = session.state.last_battle
        left, right = st.columns([3, 2], gap="large")
        with left:
            if battle is not None:
                st.markdown(_("**The last flip (flip {turn})**").format(turn=number(battle.turn)))
                show_battle(session, battle)
        with right:
            if battle is not None:
                battle_map(battle, f"{session.key}_map_end_{session.serial}")
            st.caption(_("Cards in each pile after every flip"))
            pile_chart(session.state)


BOARD = ReverseWarBoard()
