"""The next move in view: after every move, the page shows what this screen does next.

On a phone a game's page is taller than the window, and Streamlit keeps the scroll position
across reruns: after a move the page stayed at the hand, with the button to press next (a
discard, "Pass: no call", the draw) out of view. So every game draws the widgets of this
seat's next action inside :func:`next_move` (one box per run: the hand to play from, the piles
to draw from, the Continue button, the end screen's buttons), and the page skeleton calls
:func:`keep_in_view` once per run. Whenever the game has moved on since this screen last drew
it (a move of its own, the AI's answer, another seat's move at a shared table), the box is
focused (a keyboard's next Tab goes to its first control) and the page scrolls as little as it
takes to show the first thing in it that makes a move (:data:`FIRST_CONTROL`: in a hand, the
first card that may be played, which in GeoPower Toss may be the last of eight) below
Streamlit's header, and the rest of the box under it as far as it fits (``ui.focus``, the
mechanism the drills use).

The first drawing of a game (a page opened, a new deal) does not scroll: the player starts at
the top, with the title and the rules.
"""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui.focus import by_key, focus
from ui.games.session import GameSession

KEY = "gp_next_move"  #: the key of the box (``.st-key-gp_next_move`` on the page)
BOX = by_key(KEY)
#: The first thing in the box that makes a move: a card's tile whose button may be pressed
#: (``ui.games.widgets.card_buttons`` keys its tiles ``…_box_<USPS>…``), or else the first
#: control that may be used (a category to choose, Draw, Pass, a box to type in).
FIRST_CONTROL = (
    f"{BOX} [class*='_box_']:has(button:enabled), {BOX} :is(button, input, textarea):enabled"
)


def next_move() -> DeltaGenerator:
    """The box that holds this seat's next action (draw it once per run, at most)."""
    return st.container(key=KEY)


def keep_in_view(session: GameSession) -> None:
    """Bring the :func:`next_move` box into view once per position of the game, from the
    second position this screen draws on (see the module docstring)."""
    shown_key = f"{session.key}_next_move_shown"
    position = (session.serial, session.version)
    shown = st.session_state.get(shown_key)
    if shown is None or shown[0] != session.serial:
        st.session_state[shown_key] = (session.serial, session.version, None)
        return
    token = shown[2]
    if shown[1] != session.version:
        token = f"{session.key}-{session.serial}-{session.version}"
        st.session_state[shown_key] = (*position, token)
    if token is not None:
        focus(BOX, token, reveal=FIRST_CONTROL)
