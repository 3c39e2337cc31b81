"""Border Attack's board, the Streamlit half: the trick on the table, the hand and the move
widgets, the maps, the last trick, all placed from the pure half (:mod:`.words` and the
modules it names)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from engine.border_attack import (
    BONUS_DISCARD,
    BORDERS,
    CATEGORIES,
    COMMIT,
    GUESS,
    LEAD,
    NAME,
    WIN_DISCARD,
    Announcement,
    BorderAttackObservation,
    Commit,
    Discard,
    Lead,
    TypedGuess,
    read_guess,
)
from messages import _, number
from ui.games.border_attack.hints import move_hints
from ui.games.border_attack.log import describe, pending, trick_lines, wrong_guess_detail
from ui.games.border_attack.moves import (
    NO_CATEGORY,
    NO_CATEGORY_NOTE,
    discard_headline,
    follow_prompt,
    guess_button,
    guess_heading,
    guess_prompt,
    lead_label,
    lead_prompt,
    play_label,
    reveal_label,
    typed_words,
)
from ui.games.border_attack.names import NAMES, guess_order
from ui.games.border_attack.roles import guess_map_options, map_labels, trick_map
from ui.games.border_attack.tricks import TrickView, on_and_last, tricks
from ui.games.border_attack.words import WORDS, trick_html
from ui.games.next_move import next_move
from ui.games.protocol import GameBoard
from ui.games.session import GameSession, recent_lines
from ui.games.widgets import (
    action_button,
    card_buttons,
    continue_button,
    hint_box,
    markdown_list,
    show_hand,
    show_message,
)
from ui.games.wording import category_label
from ui.games.words import Hints
from ui.maps import map_change, us_map

#: ``session.extra``: (version, a typed guess refused: :func:`typed_words` says why)
TYPED_REFUSAL = "typed_refusal"
#: ``session.extra``: (seen, a typed guess whose misspellings were read as names)
TYPED_REMARK = "typed_remark"


def _hints(session: GameSession) -> Hints:
    """The hints with "Hints" on, shown above the move's cards."""
    hints = move_hints(session) if session.hints else Hints()
    hint_box(hints.lines)
    return hints


def lead_widgets(session: GameSession, obs: BorderAttackObservation, hand: Any) -> None:
    """Your lead: a category (once chosen it stays chosen), then a card's Lead button."""
    st.markdown(lead_prompt(obs))
    with hand:  # the category stands right above the Lead buttons it turns on
        category = st.segmented_control(
            _("Category (the better rank wins)"),
            CATEGORIES,
            format_func=category_label,
            key=session.wkey("category"),
            required=True,  # once chosen, a second click keeps it (the Lead buttons need one)
        )
    hints = _hints(session)
    show_message(session)
    with hand:
        if not category:
            st.caption(_(NO_CATEGORY_NOTE))
        st.markdown(_("**Your hand** — lead one card"))
        card_buttons(
            session,
            obs.hand,
            label=lambda c: lead_label(c, category),
            action=lambda c: Lead(c, category),
            name="lead",
            disabled=None if category else {c.usps: _(NO_CATEGORY) for c in obs.hand},
            captions=hints.captions,
            highlight=list(hints.outline),
        )


def follow_widgets(session: GameSession, obs: BorderAttackObservation, hand: Any) -> None:
    """Your answer: what you announce, then the card you play face down."""
    st.markdown(follow_prompt(session, obs))
    with hand:  # what you announce stands right above the Play buttons
        reveal = st.segmented_control(
            _("You announce"),
            [NAME, BORDERS],
            format_func=reveal_label,
            key=session.wkey("reveal"),
            required=True,
        )
    hints = _hints(session)
    show_message(session)
    with hand:
        st.markdown(_("**Your hand** — play one card face down"))
        card_buttons(
            session,
            obs.hand,
            label=lambda c: play_label(c, obs.category),
            action=lambda c: Commit(c, reveal),
            name="commit",
            captions=hints.captions,
            highlight=list(hints.outline),
        )


def list_guess_key(session: GameSession) -> str:
    """The key of the "Guess from a list (easier)" switch (kept for the browser session)."""
    return f"{session.key}_list_guess"


def guesses_from_a_list(session: GameSession) -> bool:
    """Whether this screen guesses from a menu of states (the easier level) instead of by
    recall (typing or the map: the rule sheet's way, the default)."""
    return bool(st.session_state.get(list_guess_key(session)))


def _typed_guess(session: GameSession, ann: Announcement, key: str, version: int) -> None:
    """A typed guess sent: the engine reads it (``read_guess``); a text that names no move is
    refused and costs nothing (both worded when shown, in the reader's language)."""
    typed = read_guess(ann, st.session_state.get(key) or "")
    if typed.action is None:
        session.extra[TYPED_REFUSAL] = (version, typed)
        return
    if session.act(typed.action, version) is None and typed.remarks:
        session.extra[TYPED_REMARK] = (session.seen, typed)


def _typed_guess_box(session: GameSession, ann: Announcement, label: str) -> None:
    """The box to type the guess in, and why the last typed text was refused."""
    key = session.wkey("typed_guess")
    with st.form(session.wkey("typed_form"), border=False):
        st.text_input(label, key=key, placeholder=_("Type from memory…"))
        st.form_submit_button(
            _("Guess"),
            key=session.wkey("typed_send"),
            type="primary",
            width="stretch",
            on_click=_typed_guess,
            args=(session, ann, key, session.version),
        )
    refused = session.extra.get(TYPED_REFUSAL)
    if refused and refused[0] == session.version:
        st.warning(typed_words(refused[1]), icon=":material/block:")


def typed_remark(session: GameSession) -> None:
    """What a typed guess was read as, when a misspelling was read as a name."""
    remark: tuple[int, TypedGuess] | None = session.extra.get(TYPED_REMARK)
    if remark and remark[0] == session.seen:
        st.caption(typed_words(remark[1]))


def _set_pick(session: GameSession, key: str) -> None:
    value = st.session_state.get(key)
    session.picks = [value] if value else []


def _set_picks(session: GameSession, key: str) -> None:
    session.picks = list(st.session_state.get(key) or [])


def _guess_box(session: GameSession, ann: Announcement, listed: bool) -> None:
    """The box for the guess: a list of the states to pick from, or the box to type in (a
    named state with no border states has none)."""
    if ann.usps is None and listed:
        pick = session.picks[0] if session.picks else None
        key = session.wkey("guess_state")
        order = guess_order()
        st.selectbox(
            _("The state"),
            order,
            index=order.index(pick) if pick else None,
            format_func=NAMES.get,
            placeholder=_("Type a state's name…"),
            key=key,
            on_change=_set_pick,
            args=(session, key),
        )
    elif ann.usps is None:
        _typed_guess_box(session, ann, _("The state"))
    elif ann.count and listed:
        key = session.wkey("guess_borders")
        st.multiselect(
            _("Its border states"),
            [c for c in guess_order() if c != ann.usps],
            default=[c for c in session.picks if c != ann.usps],
            format_func=NAMES.get,
            placeholder=_("Type a state's name…"),
            key=key,
            on_change=_set_picks,
            args=(session, key),
        )
    elif ann.count:
        _typed_guess_box(session, ann, _("Its border states"))


def guess_map(session: GameSession, ann: Announcement, key: str) -> None:
    """The map to guess on: one state (a border list was announced) or its border states."""
    us_map(key, selected=session.picks, **guess_map_options(session, ann))


def guess_widgets(session: GameSession, obs: BorderAttackObservation, side: Any) -> None:
    """Your one guess at the part the follower kept back: in a box or on the map."""
    ann = obs.announcement
    assert ann is not None
    map_key = session.bkey("guess_map")
    if (clicked := map_change(map_key)) is not None:
        session.picks = clicked
    with next_move():
        st.markdown(guess_heading(session, ann))
        if session.hints:
            hint_box(move_hints(session).lines)
        show_message(session)
        listed = guesses_from_a_list(session)
        if (prompt := guess_prompt(ann, listed)) is not None:
            st.markdown(prompt)
        _guess_box(session, ann, listed)
        button = guess_button(session, ann, listed)
        if button is not None:
            if button.progress:
                st.caption(button.progress)
            action_button(
                session,
                button.label,
                button.action,
                name="guess",
                primary=button.primary,
                disabled=button.off is not None,
                help=button.off,
            )
    with side:
        guess_map(session, ann, map_key)


def discard_widgets(session: GameSession, obs: BorderAttackObservation, hand: Any) -> None:
    """The discard you earned: a right guess or a won trick."""
    st.success(discard_headline(obs.phase), icon=":material/check:")
    hints = _hints(session)
    show_message(session)
    with hand:
        st.markdown(_("**Your hand** — discard one card"))
        card_buttons(
            session,
            obs.hand,
            label=_("Discard"),
            action=Discard,
            name="discard",
            captions=hints.captions,
            highlight=list(hints.outline),
        )


def show_trick_map(
    obs: BorderAttackObservation, current: TrickView | None, last: TrickView | None, key: str
) -> None:
    """The map of the trick's announcement and guess, or of your hand before any guess."""
    roles, notes, caption = trick_map(obs, current, last)
    us_map(key, roles, notes=notes, words=map_labels(), height=340, label=caption, hint=caption)


class BorderAttackBoard(GameBoard):
    words = WORDS

    def switches(self, session: GameSession) -> None:
        """The common switches, and the guess's level: by recall (typing or the map, as the
        rules play it) or, easier, from a list that always holds the right answer."""
        super().switches(session)
        st.toggle(
            _("Guess from a list (easier)"),
            key=list_guess_key(session),
            help=_(
                "Off: you type your guess from memory (or click it on the map), as the rules "
                "play it. On: you pick it from a list of the states."
            ),
        )

    def body(self, session: GameSession, waiting: bool) -> None:
        obs = session.state.observation(session.me)
        current, last = on_and_last(obs, tricks(session))
        main, side = st.columns(2, gap="large")
        guessing = obs.phase == GUESS and session.humans_turn and not waiting
        # the hand is the next move's box when the move is a card of it
        plays_a_card = session.humans_turn and not waiting and obs.phase != GUESS
        hand = next_move() if plays_a_card else st.container()
        with main:
            if current is not None:
                st.markdown(
                    _("**On the table — trick {number}**").format(number=number(current.number))
                )
                st.html(trick_html(session, current))
                if (detail := wrong_guess_detail(current)) is not None:
                    st.warning(detail, icon=":material/close:")
            typed_remark(session)
            if waiting:
                recent = recent_lines(session, describe)
                if recent:
                    st.markdown(markdown_list(recent[-3:]))
                st.markdown(f"**{pending(session, obs.phase)}**")
                continue_button(session)
            elif obs.phase == LEAD:
                lead_widgets(session, obs, hand)
            elif obs.phase == COMMIT:
                follow_widgets(session, obs, hand)
            elif obs.phase == GUESS:
                guess_widgets(session, obs, side)
            elif obs.phase in (BONUS_DISCARD, WIN_DISCARD):
                discard_widgets(session, obs, hand)
        if waiting or guessing:
            with hand:
                show_hand(obs.hand)
        with side:
            if last is not None and not guessing:
                st.markdown(_("**Last trick (trick {number})**").format(number=number(last.number)))
                st.markdown(markdown_list(trick_lines(session, last)))
        if not guessing:
            map_box, _gap = st.columns([3, 2], gap="large")
            with map_box:
                show_trick_map(obs, current, last, session.bkey("trick_map"))
        elif last is not None:
            with st.expander(_("Last trick (trick {number})").format(number=number(last.number))):
                st.markdown(markdown_list(trick_lines(session, last)))

    def after_ending(self, session: GameSession) -> None:
        _current, last = on_and_last(session.state.observation(session.me), tricks(session))
        if last is not None:
            title = _("The last trick (trick {number})").format(number=number(last.number))
            with st.expander(title, expanded=True):
                st.html(trick_html(session, last))
                st.markdown(markdown_list(trick_lines(session, last)))


BOARD = BorderAttackBoard()
