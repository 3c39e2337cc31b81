"""GeoPower Toss's board (Streamlit): the GeoPower draft, the trick on the table, the hand and
the move widgets, the GeoPlunge call and its confirmation, the map of the trick, the rounds and
the log. Every word and decision is read from the pure half (:mod:`.words` and its parts)."""

from __future__ import annotations

import streamlit as st

from engine.geopower_toss import CALL, CALLS, DRAFT, PASS, PLAY, GeoPowerObservation, Play
from messages import _
from ui.games.geopower_toss.calls import (
    ANSWER_FIRST,
    CONFIRM,
    LAST_CHANCE,
    WHILE_ASKING,
    asking,
    call_help,
    call_note,
    calls_line,
    confirm_text,
)
from ui.games.geopower_toss.hints import move_hints
from ui.games.geopower_toss.log import round_lines, round_over, since_lines
from ui.games.geopower_toss.maps import MapParts, table_map
from ui.games.geopower_toss.moves import (
    card_label,
    draft_prompt,
    face_up_html,
    hand_heading,
    play_prompt,
    refusals,
    removals,
    waiting_line,
)
from ui.games.geopower_toss.seats import partners_line, seating_html
from ui.games.geopower_toss.tricks import last_trick_view, table_heading, table_html
from ui.games.geopower_toss.words import WORDS
from ui.games.next_move import next_move
from ui.games.protocol import GameBoard
from ui.games.session import GameSession
from ui.games.widgets import (
    action_button,
    card_buttons,
    continue_button,
    hint_box,
    play_area,
    rounds_so_far,
    show_hand,
    show_message,
    since_your_last_move,
)
from ui.maps import us_map


def _ask_to_confirm(session: GameSession, version: int) -> None:
    if version == session.version:
        session.extra[CONFIRM] = version


def _cancel_call(session: GameSession) -> None:
    session.extra.pop(CONFIRM, None)


def call_button(session: GameSession, obs: GeoPowerObservation) -> None:
    """The GeoPlunge call, offered until the first card of the 5th trick. A first click asks
    for confirmation, saying what the call means; only "Yes, call GeoPlunge" calls."""
    if asking(session, obs):
        with st.container(border=True, key=session.bkey("call_confirm_box")):
            st.markdown(confirm_text(obs))
            st.caption(_(WHILE_ASKING))
            with st.container(horizontal=True, gap="small"):
                action_button(
                    session,
                    _("Yes, call GeoPlunge"),
                    CALL,
                    name="call_yes",
                    icon=":material/bolt:",
                )
                st.button(
                    _("No, don't call"),
                    key=session.bkey("call_no"),
                    icon=":material/close:",
                    width="stretch",
                    on_click=_cancel_call,
                    args=(session,),
                )
        return
    if CALL in obs.legal:
        st.button(
            _("Call GeoPlunge"),
            key=session.bkey("call"),
            type="secondary",
            icon=":material/bolt:",
            width="stretch",
            help=call_help(obs),
            on_click=_ask_to_confirm,
            args=(session, session.version),
        )
    if note := call_note(session, obs):
        st.caption(note)


def call_window_widgets(session: GameSession, obs: GeoPowerObservation, left, below) -> None:
    """After the 4th trick: this seat's last chance to call, before the 5th trick's lead."""
    with left, next_move():
        st.markdown(_(LAST_CHANCE))
        show_message(session)
        if not asking(session, obs):
            action_button(
                session, _("Pass: no call"), PASS, name="pass", icon=":material/skip_next:"
            )
        call_button(session, obs)
    with below:
        show_hand(obs.hand)


def draft_widgets(session: GameSession, obs: GeoPowerObservation, left, below) -> None:
    """This seat's removal of one face-up GeoPower card."""
    with left, next_move():
        st.markdown(draft_prompt(session, obs))
        st.html(face_up_html(obs))
        if session.hints:
            hint_box(move_hints(session).lines)
        show_message(session)
        waits = asking(session, obs)
        with st.container(horizontal=True, gap="small"):
            for label, removal in removals(obs):
                action_button(
                    session,
                    label,
                    removal,
                    name=f"remove_{removal.category.value}",
                    primary=False,
                    disabled=waits,
                    help=_(ANSWER_FIRST) if waits else None,
                )
        call_button(session, obs)
    with below:
        show_hand(obs.hand)


def play_widgets(session: GameSession, obs: GeoPowerObservation, left, below) -> None:
    """This seat's card: a lead, or a card that follows the Zone if it can."""
    reasons = refusals(obs)
    hints = move_hints(session) if session.hints else None
    with left:
        if obs.trick:
            st.markdown(table_heading(obs, zone=True))
            st.html(table_html(session, obs))
        st.markdown(play_prompt(obs, reasons))
        if hints is not None:
            hint_box(hints.lines)
        show_message(session)
        call_button(session, obs)
    with below, next_move():
        st.markdown(hand_heading(obs))
        card_buttons(
            session,
            obs.hand,
            label=lambda c: card_label(obs, c),
            action=Play,
            name="play",
            disabled={c.usps: _(ANSWER_FIRST) for c in obs.hand}
            if asking(session, obs)
            else reasons,
            captions=dict(hints.captions) if hints else {},  # a refused card's tile says why
            highlight=hints.outline if hints else (),
        )


def waiting_widgets(session: GameSession, obs: GeoPowerObservation, left, below) -> None:
    """Another seat's turn: what it is deciding, the trick on the table and this seat's hand
    (no move widgets; against the AI step by step, the Continue button)."""
    with left:
        if line := waiting_line(session, obs):
            st.markdown(line)
        if obs.trick:
            st.markdown(table_heading(obs))
            st.html(table_html(session, obs))
        continue_button(session)
    with below:
        show_hand(obs.hand)


def draw_map(parts: MapParts, key: str, height: int = 340) -> None:
    """A trick (or the hand) on the map, with its caption above it."""
    st.markdown(f"**{parts.caption}**")
    us_map(
        key,
        parts.roles,
        notes=parts.notes,
        words=parts.legend,
        labels=parts.labels,
        symbols=parts.symbols,
        height=height,
        label=parts.caption,
    )


class GeoPowerTossBoard(GameBoard):
    """GeoPower Toss's board: the seating of a team game, the rounds just over, the play area
    (news, the moves of the phase or what the page waits for, the map) and the last trick."""

    words = WORDS

    def after_status(self, session: GameSession) -> None:
        """In a team game: the seats in playing order and this seat's partners."""
        obs = session.state.observation(session.me)
        if not obs.teams:
            return
        st.html(seating_html(session, obs))
        st.caption(partners_line(session, obs))

    def body(self, session: GameSession, waiting: bool) -> None:
        obs = session.state.observation(session.me)
        for result in session.added_since_last_move("results"):
            text, scored = round_over(session, obs, result)
            (st.success if scored else st.info)(text, icon=":material/flag:")

        def news() -> None:
            since_your_last_move(since_lines(session))
            if line := calls_line(session, obs):
                st.markdown(f":orange-badge[:material/bolt: {line}]")

        play_area(
            session,
            obs,
            waiting,
            news=news,
            moves={DRAFT: draft_widgets, CALLS: call_window_widgets, PLAY: play_widgets},
            wait=waiting_widgets,
            side=lambda: draw_map(table_map(session, obs), session.bkey("table_map")),
        )
        rounds_so_far(round_lines(session, obs))

    def after_ending(self, session: GameSession) -> None:
        last = last_trick_view(session, session.state.observation(session.me))
        if last is not None:
            title, html = last
            with st.expander(title, expanded=False):
                st.html(html)


BOARD = GeoPowerTossBoard()
