"""A game against the AI on this screen: the session from the URL, and the solo controls
("New game", "Play again", "Replay this deal").

- **The URL holds the whole set-up** (``ui.games.setup``). A first visit without a seed draws
  a random one; the full set-up is then written back into the URL, so the address replays the
  deal and can be shared. Coming back to the page from the menu (no parameters) resumes the
  game in progress; a URL whose set-up differs from the game's (a shared link opened in the
  same session) deals that game.
- **New game** offers the number of players (games with a choice), an AI level per opponent,
  the page's choices and the deal number: a fresh random deal, or the deal whose number is
  typed (to replay or share a game).
"""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from engine.games import has_decisions
from messages import _, number
from ui.games.session import GameSession
from ui.games.setup import (
    AI_LEVELS,
    DEFAULT_LEVEL,
    MAX_SEED,
    Setup,
    level_name,
    parse_setup,
    settings,
    settings_label,
    url_params,
)
from ui.games.shared import lobby
from ui.games.shared.session import SharedSession
from ui.games.words import Ending, GameWords
from ui.links import fresh_seed


def open_session(game: GameWords) -> GameSession:
    """The page's game: resumed, or dealt from the URL when there is none or the URL asks for
    another set-up; the URL then gets the game's full set-up."""
    key = game.game_id  # a game page's URL path is its game's id (ui.nav)
    names = url_params(game.choices)
    url = {k: v for k in names if (v := st.query_params.get(k)) is not None}
    session = st.session_state.get(key)
    if isinstance(session, SharedSession):  # left the shared table: back to the AI game
        session = None
    if session is None or (session.written is not None and url and url != session.written):
        setup, notes = parse_setup(
            game.game_id, url, choices=game.choices, default_seed=fresh_seed()
        )
        new = GameSession.deal(
            key,
            setup,
            game.choices,
            snapshot_of=game.snapshot_of,
            pause_after=game.pause_after,
        )
        new.notes = notes
        if session is not None:
            new.follow, new.hints = session.follow, session.hints
        session = new
        st.session_state[key] = session
    params = session.setup.params()
    if url != params:
        for name in names:
            if name in params:
                st.query_params[name] = params[name]
            elif name in st.query_params:
                del st.query_params[name]
    session.written = params
    return session


def restart(session: GameSession, setup: Setup | None = None) -> GameSession:
    """Replace the page's game by a new one (``setup``, or a fresh deal with the same levels
    and choices); the next run writes it into the URL. Usable in a widget callback."""
    new = session.redeal(setup or replace(session.setup, seed=fresh_seed()))
    new.written = None
    st.session_state[session.key] = new
    return new


def again_buttons(session: GameSession, again: Setup | None = None) -> None:
    """ "Play again" (``again``, by default a fresh deal with the same set-up) and "Replay
    this deal"."""
    left, right = st.columns(2)
    left.button(
        _("Play again"),
        key=f"{session.key}_again_{session.serial}",
        type="primary",
        icon=":material/restart_alt:",
        width="stretch",
        on_click=restart,
        args=(session, again or replace(session.setup, seed=fresh_seed())),
    )
    right.button(
        _("Replay this deal"),
        key=f"{session.key}_replay_{session.serial}",
        icon=":material/replay:",
        width="stretch",
        on_click=restart,
        args=(session, session.setup),
    )


def setup_panel(session: GameSession, *, expanded: bool = False) -> None:
    """The "New game" expander: the number of players (games with a choice), an AI level per
    opponent, the page's choices, the deal number, and two buttons: a fresh random deal, or
    the deal whose number is typed; then the link to this game."""
    setup = session.setup
    game_id = setup.game_id
    with st.expander(_("New game"), icon=":material/playing_cards:", expanded=expanded):
        allowed = list(settings(game_id))
        players, teams = setup.players, setup.teams
        if len(allowed) > 1:
            # Outside the form, so the AI-level boxes below follow the number of players.
            players, teams = st.selectbox(
                _("Players"),
                allowed,
                index=allowed.index((setup.players, setup.teams)),
                format_func=lambda s: settings_label(*s),
                key=f"{session.key}_setup_players_{session.serial}",
            )
        form = st.form(f"{session.key}_setup_{session.serial}", border=False)
    with form:
        levels: list[str] = []
        if has_decisions(game_id):
            for seat in range(1, players):
                current = setup.levels[seat - 1] if seat <= len(setup.levels) else DEFAULT_LEVEL
                if players == 2:
                    name = _("AI level")
                else:
                    name = _("AI {number} level").format(number=number(seat))
                levels.append(
                    st.selectbox(
                        name,
                        AI_LEVELS,
                        index=AI_LEVELS.index(current),
                        format_func=level_name,
                    )
                )
        options = dict(setup.options)
        for choice in session.choices:
            keys = list(choice.values)
            if choice.default is None:
                keys = ["", *keys]
            current = options.get(choice.name, "")
            options[choice.name] = st.selectbox(
                choice.label_text(),
                keys,
                index=keys.index(current) if current in keys else 0,
                format_func=choice.value_text,
            )
        seed = st.number_input(
            _("Deal number"), min_value=0, max_value=MAX_SEED, value=setup.seed, step=1
        )
        new = Setup(
            game_id,
            setup.seed,
            players,
            teams,
            tuple(levels[: players - 1]),
            tuple(sorted((k, v) for k, v in options.items() if v)),
        )
        left, right = st.columns(2)
        fresh = left.form_submit_button(
            _("New deal"), type="primary", icon=":material/shuffle:", width="stretch"
        )
        same = right.form_submit_button(
            _("Play this deal number"), icon=":material/replay:", width="stretch"
        )
        if fresh or same:
            restart(session, replace(new, seed=fresh_seed() if fresh else int(seed)))
            st.rerun()
    # Small text at full strength: a caption is drawn at 60% opacity, which takes its link
    # below 4.5:1 contrast.
    st.markdown(
        _(
            ":small[Deal {seed} · [link to this game]({link}) — the same link deals the same "
            "cards.]"
        ).format(seed=setup.seed, link=setup.link())
    )


class Solo:
    """The seating of a game against the AI."""

    def top(self, session: GameSession) -> None:
        """Nothing above the game but its title and notes."""

    def end(self, session: GameSession, ending: Ending) -> None:
        again_buttons(session, ending.again)

    def bottom(self, session: GameSession, game: GameWords) -> None:
        """ "Play with others" (the games with decisions), then "New game"."""
        if has_decisions(game.game_id):
            lobby.play_with_others(session)
        setup_panel(session)


SOLO = Solo()
