"""BorderCap Gin's board, drawn with Streamlit from this seat's recorded steps: the piles, the
hand and the move widgets, the hand on the map, a round's banner and the rounds so far. Every
word and decision comes from the pure half (:mod:`.words` and its modules)."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from engine.bordercap_gin import (
    DECLARE,
    DISCARD,
    DRAW,
    DRAW_ACTION,
    END_TURN,
    Discard,
    GinObservation,
    RoundResult,
    Take,
)
from engine.bordercap_gin.advice import discard_advice
from messages import _, pgettext
from ui.cards import card_html
from ui.games.bordercap_gin.groups import no_win_lines
from ui.games.bordercap_gin.hints import (
    card_captions,
    declare_hint_lines,
    discard_captions,
    discard_hint_lines,
    draw_hints,
)
from ui.games.bordercap_gin.log import by_name, describe, drawn_card
from ui.games.bordercap_gin.maps import (
    MAP_CAPTION,
    MAP_TITLE,
    MapParts,
    seat_hand_map,
    winning_hand_map,
)
from ui.games.bordercap_gin.moves import (
    DECLARE_HELP,
    DECLARE_PROMPT,
    FACES,
    NOT_A_WIN,
    THEN_HELP,
    THENS,
    deck_html,
    declaration_refused,
    declare,
    discard_and_end,
    discard_label,
    discard_prompt,
    discard_refusals,
    draw_prompt,
    empty_pile_html,
    face_down_refusal,
    face_help,
    face_label,
    hand_prompt,
    others_line,
    pending,
    pile_below,
    pile_caption,
    take_label,
    take_refusal,
    then_label,
    winning_discard,
    winning_discard_label,
)
from ui.games.bordercap_gin.rounds import banner_text, banner_tiles, result_lines, void_warning
from ui.games.bordercap_gin.words import WORDS
from ui.games.next_move import next_move
from ui.games.protocol import GameBoard
from ui.games.session import GameSession, recent_lines
from ui.games.widgets import (
    CARD_WIDTH,
    action_button,
    card_buttons,
    continue_button,
    hint_box,
    markdown_list,
    play_area,
    rounds_so_far,
    show_cards,
    show_hand,
    show_message,
    since_your_last_move,
)
from ui.maps import us_map


def draw_map(parts: MapParts, key: str, height: int = 340) -> None:
    """A hand on the map: coloured states, border links, capital initials."""
    us_map(
        key,
        parts.roles,
        notes=parts.notes,
        words=parts.labels,
        links=parts.links,
        dashed=parts.dashed,
        labels=parts.letters,
        badges=True,
        height=height,
        label=_(MAP_TITLE),
    )


def piles(session: GameSession, obs: GinObservation, *, mine: bool, buttons: bool) -> None:
    """The deck and the discard pile (with the Draw and Take buttons on this seat's draw)."""
    row = st.container(horizontal=True, gap="small")
    with row.container(width=CARD_WIDTH, gap="xsmall"):
        st.html(deck_html(obs))
        if buttons:
            action_button(
                session,
                pgettext("draw a card from the deck", "Draw"),
                DRAW_ACTION,
                name="draw",
                icon=":material/playing_cards:",
            )
    with row.container(width=CARD_WIDTH, gap="xsmall"):
        top = obs.pile[-1] if obs.pile else None
        if top is None:
            st.html(empty_pile_html())
        else:
            caption = pile_caption(session, obs, mine)
            st.html(card_html(top, caption=caption, dim=obs.just_discarded is None))
        if buttons:
            why = take_refusal(obs)
            action_button(
                session,
                take_label(top),
                Take(top) if top is not None else None,
                name="take",
                primary=False,
                disabled=why is not None,
                help=why,
                icon=":material/back_hand:",
            )
    if below := pile_below(session, obs):
        st.caption(below)


def draw_widgets(
    session: GameSession, obs: GinObservation, left: DeltaGenerator, below: DeltaGenerator
) -> None:
    """Your draw: the card just discarded, or the top card of the deck."""
    with left, next_move():
        st.markdown(draw_prompt(obs))
        if session.hints:
            hint_box(draw_hints(obs))
        show_message(session)
        piles(session, obs, mine=True, buttons=True)
    with below:
        show_hand(by_name(obs.hand), card_captions(obs) if session.hints else None)


def face_control(session: GameSession, obs: GinObservation) -> bool:
    """ "Face up" or "Face down" (while the engine allows one face down); True for face down."""
    left_down = obs.face_down_left[session.me]
    how = st.segmented_control(
        _("How to discard"),
        FACES,
        default="up",
        required=True,
        format_func=lambda v: face_label(v, left_down),
        key=session.wkey("face"),
        help=face_help(session),
    )
    return how == "down"


def discard_widgets(
    session: GameSession, obs: GinObservation, left: DeltaGenerator, below: DeltaGenerator
) -> None:
    """Your discard: one card of the hand (face up or down), then the end of the turn or a
    declaration of the seven left."""
    hand = by_name(obs.hand)
    new = drawn_card(session)
    face_down = False
    down_refused = face_down_refusal(obs)
    advice = discard_advice(obs) if session.hints else None
    with left:
        st.markdown(discard_prompt(obs, new, down_refused))
        if down_refused is None:
            face_down = face_control(session, obs)
        if advice is not None:
            hint_box(discard_hint_lines(obs, advice))
            if (winner := winning_discard(advice)) is not None:
                st.button(
                    winning_discard_label(winner, face_down),
                    key=session.bkey("discard_and_declare"),
                    type="primary",
                    icon=":material/emoji_events:",
                    width="stretch",
                    on_click=declare,
                    args=(session, Discard(winner, face_down), session.version),
                )
        show_message(session)
        piles(session, obs, mine=True, buttons=False)
    disabled = discard_refusals(obs, face_down)
    with below, next_move():
        then = st.segmented_control(
            _("After your discard"),
            THENS,
            default="end",
            required=True,
            format_func=then_label,
            key=session.wkey("then"),
            help=_(THEN_HELP),
        )
        declaring = then == "declare"
        st.markdown(hand_prompt(declaring))
        card_buttons(
            session,
            hand,
            label=discard_label(face_down, declaring),
            action=lambda c: Discard(c, face_down),
            name="discard",
            disabled=disabled,
            captions=discard_captions(obs, advice, new),
            highlight=[advice.best.usps] if advice is not None and advice.best else [],
            on_click=declare if declaring else discard_and_end,
        )


def declare_widgets(
    session: GameSession, obs: GinObservation, left: DeltaGenerator, below: DeltaGenerator
) -> None:
    """After your discard: declare the seven cards, or end your turn."""
    hand = by_name(obs.hand)
    with left, next_move():
        st.markdown(_(DECLARE_PROMPT))
        if session.hints:
            hint_box(declare_hint_lines(hand))
        if declaration_refused(session):
            why = markdown_list(no_win_lines(hand))
            st.warning(f"{_(NOT_A_WIN)}\n\n{why}", icon=":material/block:")
        else:
            show_message(session)
        action_button(
            session,
            _("End my turn"),
            END_TURN,
            name="end_turn",
            primary=False,
            icon=":material/redo:",
        )
    with below:
        st.markdown(_("**Your hand**"))
        st.button(
            _("Declare"),
            key=session.bkey("declare"),
            type="primary",
            icon=":material/emoji_events:",
            help=_(DECLARE_HELP),
            on_click=declare,
            args=(session, None, session.version),
        )
        show_cards(hand, card_captions(obs) if session.hints else None)


def waiting_widgets(
    session: GameSession, obs: GinObservation, left: DeltaGenerator, below: DeltaGenerator
) -> None:
    """Another seat's turn: what it is about to do, the piles and the hand (no move widgets;
    in step-by-step mode against the AI, the Continue button)."""
    with left:
        st.markdown(f"**{pending(session, obs)}**")
        continue_button(session)
        piles(session, obs, mine=False, buttons=False)
    with below:
        show_hand(by_name(obs.hand))


def round_banner(session: GameSession, result: RoundResult) -> None:
    """A round just won: who, with which groups (tiles and a map)."""
    won = result.winner == session.me
    (st.success if won else st.info)(banner_text(session, result), icon=":material/emoji_events:")
    tiles_box, map_box = st.columns([3, 2], gap="medium")
    with tiles_box:
        st.html(banner_tiles(result))
    with map_box:
        draw_map(
            winning_hand_map(result),
            f"{session.key}_win_map_{session.serial}_{result.round_index}",
            height=200,
        )


def hand_map_panel(session: GameSession, obs: GinObservation, mine: bool) -> None:
    """Your hand on the map (with hints: its groups, and the cards that would win)."""
    st.markdown(f"**{_(MAP_TITLE)}**")
    draw_map(seat_hand_map(obs, hints=session.hints, mine=mine), session.bkey("hand_map"))
    st.caption(_(MAP_CAPTION))


class BorderCapGinBoard(GameBoard):
    """The game on its page: the banners of the rounds just ended, the table and the move
    widgets beside the hand on the map, the rounds so far; after the end, the last win."""

    words = WORDS

    def body(self, session: GameSession, waiting: bool) -> None:
        obs = session.state.observation(session.me)
        mine = session.humans_turn and not waiting
        for result in session.added_since_last_move("results"):
            if result.winner is None:
                st.warning(void_warning(result), icon=":material/block:")
            else:
                round_banner(session, result)

        def news() -> None:
            since_your_last_move(recent_lines(session, describe))
            if others := others_line(session, obs):
                st.markdown(others)

        play_area(
            session,
            obs,
            waiting,
            news=news,
            moves={DRAW: draw_widgets, DISCARD: discard_widgets, DECLARE: declare_widgets},
            wait=waiting_widgets,
            side=lambda: hand_map_panel(session, obs, mine),
        )
        rounds_so_far(result_lines(session, obs.results))

    def after_ending(self, session: GameSession) -> None:
        won = [r for r in session.state.observation(session.me).results if r.winner is not None]
        if won:
            round_banner(session, won[-1])


BOARD = BorderCapGinBoard()
