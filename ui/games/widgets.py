"""The pieces every game page draws: card tiles with buttons, move buttons, the status bar,
the switches, the log, the rules and the end screen, and their styles.

A widget never applies a rule: a button plays its action through the session
(:meth:`ui.games.session.GameSession.act`), which asks the engine; what the engine refuses
comes back as the session's message (:func:`show_message`). A move button carries the
session's version from the moment it was drawn, so a click from an older view is ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import streamlit as st

from engine.cards import Card
from messages import _, number
from ui.cards import CARD_CSS, card_html, hand_html
from ui.games.markup import TABLE_CSS, status_html
from ui.games.next_move import next_move
from ui.games.session import Describe, GameSession, engine_lines, log_lines, recent_lines
from ui.games.words import Ending, Status

CARD_WIDTH = 152  #: px of a card with its button: five to a row on a laptop, two on a phone
HINT_ICON = ":material/lightbulb:"


def card_styles() -> None:
    """The CSS of cards, chips and table slots (once per page; it takes no space)."""
    st.html(CARD_CSS + TABLE_CSS)


def status_bar(status: Status) -> None:
    """Show :func:`status_html`."""
    st.html(status_html(status.chips, status.hot))


def show_message(session: GameSession) -> None:
    """The reason this seat's last attempt was refused, if it was."""
    if session.message:
        st.warning(
            _("Not allowed: {reason}").format(reason=session.message), icon=":material/block:"
        )


def hint_box(lines: Sequence[str]) -> None:
    """What a good player would consider, one paragraph per line (nothing when empty)."""
    if lines:
        st.info("\n\n".join(lines), icon=HINT_ICON)


def markdown_list(lines: Sequence[str], mark: str = "-") -> str:
    """Lines as a Markdown list (``mark``: "-" or "1.")."""
    return "\n".join(f"{mark} {line}" for line in lines)


def preference_toggles(session: GameSession, *, follow: bool = True, hints: bool = True) -> None:
    """The "Hints" and "Follow the AI step by step" switches, kept in the session (the second
    only where this screen has bots to follow)."""
    row = st.container(horizontal=True, gap="medium")
    if hints:
        session.hints = row.toggle(
            _("Hints"),
            value=session.hints,
            key=f"{session.key}_hints_{session.serial}",
            help=_("Show what a good player would consider before choosing."),
        )
    if follow and session.bots:
        session.follow = row.toggle(
            _("Follow the AI step by step"),
            value=session.follow,
            key=f"{session.key}_follow_{session.serial}",
            help=_("Each AI move waits for a Continue click."),
        )


def show_cards(cards: Sequence[Card], captions: Mapping[str, str] | None = None) -> None:
    """A wrapping row of card tiles (no buttons)."""
    if cards:
        st.html(hand_html(list(cards), dict(captions or {})))


def show_hand(cards: Sequence[Card], captions: Mapping[str, str] | None = None) -> None:
    """ "Your hand" and its tiles, when it cannot be played from (another seat's turn)."""
    st.markdown(_("**Your hand**"))
    show_cards(cards, captions)


def since_your_last_move(lines: Sequence[str]) -> None:
    """What happened since this seat's last move, as a numbered list (nothing when empty)."""
    if lines:
        st.markdown(_("**Since your last move**"))
        st.markdown(markdown_list(lines, "1."))


def rounds_so_far(lines: Sequence[str]) -> None:
    """The rounds played, one line each, in an expander (nothing before the first)."""
    if lines:
        with st.expander(_("Rounds so far"), icon=":material/format_list_numbered:"):
            st.markdown(markdown_list(lines))


def _clicked(session: GameSession, action: Any, version: int) -> None:
    session.act(action, version)


OnClick = Callable[[GameSession, Any, int], None]


def action_button(
    session: GameSession,
    label: str,
    action: Any,
    *,
    name: str,
    primary: bool = True,
    disabled: bool = False,
    help: str | None = None,
    icon: str | None = None,
) -> None:
    """A full-width button that plays ``action`` for this seat."""
    st.button(
        label,
        key=session.bkey(name),
        type="primary" if primary else "secondary",
        disabled=disabled,
        help=help,
        icon=icon,
        width="stretch",
        on_click=_clicked,
        args=(session, action, session.version),
    )


def card_buttons(
    session: GameSession,
    cards: Sequence[Card],
    *,
    label: str | Callable[[Card], str],
    action: Callable[[Card], Any],
    name: str,
    disabled: Mapping[str, str] | None = None,
    captions: Mapping[str, str] | None = None,
    highlight: Sequence[str] = (),
    on_click: OnClick | None = None,
) -> None:
    """Card tiles that wrap (two to a row on a phone), each with a button playing
    ``action(card)``. ``disabled`` maps a card's USPS code to the reason it cannot be chosen:
    its tile is dimmed, the reason is written on it (unless every card has the same reason,
    which the page says once) and its button is disabled (the reason is also its ``help``,
    but ``TABLE_CSS`` keeps that tooltip from opening: the buttons are updated in place, so a
    tooltip opened on a dimmed card could stay open after a rerun, over a playable card).
    ``highlight`` outlines the cards a hint recommends. ``on_click(session, action, version)``
    replaces :meth:`GameSession.act` for a click that plays more than one action."""
    disabled = disabled or {}
    captions = captions or {}
    # One reason for every card is the page's to say once, not each tile's.
    shared_reason = (
        len(cards) > 1 and len(set(disabled.values())) == 1 and len(disabled) == len(cards)
    )
    # Each tile's box is as tall as its row, its button at the bottom: the buttons of a row
    # stay level whatever the captions say.
    row = st.container(horizontal=True, gap="xsmall", vertical_alignment="distribute")
    for card in cards:
        box = row.container(
            width=CARD_WIDTH,
            gap="xsmall",
            vertical_alignment="distribute",
            key=session.bkey(f"{name}_box_{card.usps}"),
        )
        with box:
            caption = captions.get(card.usps, "")
            if card.usps in disabled and not shared_reason:
                caption = " · ".join(filter(None, (caption, disabled[card.usps])))
            st.html(
                card_html(
                    card,
                    caption=caption,
                    dim=card.usps in disabled,
                    outlined=card.usps in highlight,
                )
            )
            st.button(
                label(card) if callable(label) else label,
                key=session.bkey(f"{name}_{card.usps}"),
                disabled=card.usps in disabled,
                help=disabled.get(card.usps),
                width="stretch",
                on_click=on_click or _clicked,
                args=(session, action(card), session.version),
            )


Area = Callable[[GameSession, Any, Any, Any], None]  #: ``(session, obs, left, below)``


def play_area(
    session: GameSession,
    obs: Any,
    waiting: bool,
    *,
    news: Callable[[], None],
    moves: Mapping[str, Area],
    wait: Area,
    side: Callable[[], None],
) -> None:
    """A game in progress in two columns and a row below: on the left ``news`` (what
    happened), then this seat's move widgets for the phase (``moves[obs.phase]``), or while
    ``waiting`` for another seat what it waits for (``wait``); ``side`` on the right; each
    move part puts the hand below."""
    left, right = st.columns(2, gap="large")
    below = st.container()
    with left:
        news()
    if waiting:
        wait(session, obs, left, below)
    elif session.humans_turn and obs.phase in moves:
        moves[obs.phase](session, obs, left, below)
    with right:
        side()


def continue_button(session: GameSession) -> None:
    """The "Continue" button that plays the next bot action, while a bot of this screen waits
    for it (step-by-step mode); nothing otherwise (at a shared table the store plays the AI,
    and the page follows the other seats by itself)."""
    if not session.ai_to_act:
        return
    next_move().button(
        _("Continue: {player}'s next move").format(
            player=session.seat_name(session.state.current_player)
        ),
        key=session.bkey("continue"),
        type="primary",
        icon=":material/play_arrow:",
        width="stretch",
        on_click=session.continue_ai,
        args=(session.version,),
    )


def rules_expander(markdown: str, *, expanded: bool = False) -> None:
    """The game's rules in the project's own words."""
    with st.expander(_("How to play"), icon=":material/menu_book:", expanded=expanded):
        st.markdown(markdown)


def log_panel(
    session: GameSession,
    describe: Describe = engine_lines,
    *,
    since: bool = True,
    limit: int = 300,
) -> None:
    """What the other seats did since this seat's last move (with ``since``; one line per
    event), then the whole game log in an expander (the last ``limit`` lines)."""
    if since:
        since_your_last_move(recent_lines(session, describe))
    with st.expander(_("Game log"), icon=":material/history:"):
        lines = log_lines(session, describe)
        if len(lines) > limit:
            st.caption(
                _("The last {limit} of {count} lines.").format(
                    limit=number(limit), count=number(len(lines))
                )
            )
        st.markdown(markdown_list(lines[-limit:]) or _("Nothing yet."))


def end_screen(ending: Ending) -> None:
    """The result and the summary lines (the buttons that follow are the seating's)."""
    show = {"success": st.success, "error": st.error}.get(ending.kind, st.info)
    show(ending.headline, icon=":material/flag:")
    if ending.summary:
        st.markdown(markdown_list(ending.summary))
