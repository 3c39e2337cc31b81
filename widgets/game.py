"""A game in a notebook: :class:`GameWidget`, any of the four games against the AI levels.

The game is the game page's own session (``ui.games.session.GameSession``: the engine's state,
the bots seeded from the deal, the steps with their log lines), dealt from the same set-up as
a game link (``seed``, ``levels``, ``players``, ``teams`` and the page's choices such as
``dealer`` or ``target``; read by ``ui.games.setup.parse_setup``, so a bad value becomes a
note). What the widget shows is the page's: its status chips, rules, hints
(``GameWords.hints``), log words (``GameWords.describe``) and end screen (``GameWords.ending``):
the game's pure half, ``ui/games/<game_id>/words.py``.

The moves offered are the engine's legal actions, each a button named by the game's words
(``GameWords.move_label``: ``Lead Kentucky (Size)``, ``Draw from the deck``); a move the game's
words make on the map (``GameWords.map_move``: a Border Attack guess, one state or exactly as
many border states as were announced) is picked on the map and played by one button. Every
click goes through ``GameSession.act``, so the engine judges it; a refusal is shown with its
reason.

Every word is the message layer's, in the widget's ``language`` (``GameWidget("border_attack",
language="es")``; English by default): a notebook has no page whose run sets the language, so
the widget speaks it around everything that words the game (drawing, a click, a refusal, a
new deal's notes).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from html import escape
from typing import Any

import ipywidgets as w

from engine.cards import Card
from engine.games import game_class, has_decisions
from messages import _, collation_key, speaking
from ui.cards import card_html
from ui.games.markup import TABLE_CSS, status_html
from ui.games.session import GameSession, log_lines, recent_lines
from ui.games.setup import Setup, parse_setup
from ui.games.words import GameWords, Hints, MapMove, words_of
from ui.links import fresh_seed
from ui.state_names import state_name
from widgets.map import GeoMap
from widgets.markup import block, inline, items
from widgets.spoken import spoken
from widgets.style import STYLE, box

LOG_LIMIT = 300  #: the last lines of the log shown
MAP_HEIGHT = 340


def game_words(game_id: str) -> GameWords:
    """The game's words (its rules, status, hints and log), ``ui.games.<game_id>.words``."""
    game_class(game_id)  # an unknown id raises ValueError naming the games
    return words_of(game_id)


def _text(value: object) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, Iterable):
        return ",".join(str(v) for v in value)
    return str(value)


class GameWidget(w.VBox):
    """One game against the AI: ``GameWidget("border_attack", levels="hard", seed=7)``.

    ``language`` is the language of its words (one of ``messages.LANGUAGES``: "en", "es");
    ``levels`` is one AI level per opponent (``easy``, ``medium``, ``hard``; a string with
    commas or a list), ``players``/``teams`` the table where the game has a choice, ``choices``
    the page's own parameters (``dealer="you"``, ``target="30"``, ``mode="practice"``).
    ``hints`` and ``follow`` start the page's two switches on. ``seed`` missing: a fresh deal,
    whose number the end screen says."""

    def __init__(
        self,
        game: str,
        *,
        seed: int | None = None,
        levels: str | Iterable[str] | None = None,
        players: int | None = None,
        teams: int | None = None,
        hints: bool = False,
        follow: bool = False,
        language: str = "en",
        **choices: str,
    ) -> None:
        with speaking(language):  # an unknown language raises ValueError naming the offered
            self.language = language
            self._build(game, seed, levels, players, teams, hints, follow, choices)

    def _build(
        self,
        game: str,
        seed: int | None,
        levels: str | Iterable[str] | None,
        players: int | None,
        teams: int | None,
        hints: bool,
        follow: bool,
        choices: dict[str, str],
    ) -> None:
        self.page = game_words(game)
        params = {
            "seed": _text(seed),
            "levels": _text(levels),
            "players": _text(players),
            "teams": _text(teams),
            **{k: _text(v) for k, v in choices.items()},
        }
        params = {k: v for k, v in params.items() if v is not None}
        setup, notes = parse_setup(
            game, params, choices=self.page.choices, default_seed=fresh_seed()
        )
        self.head = w.HTML()
        self.hints_switch = w.Checkbox(value=hints, description=_("Hints"), indent=False)
        self.follow_switch = w.Checkbox(
            value=follow, description=_("Follow the AI step by step"), indent=False
        )
        self.hints_switch.observe(self._switched, "value")
        self.follow_switch.observe(self._switched, "value")
        switches = [self.hints_switch]
        if has_decisions(game):
            switches.append(self.follow_switch)
        self.status = w.HTML()
        self.news = w.HTML()
        self.hint = w.HTML()
        self.moves = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.moves.add_class("gpw-moves")
        self.message = w.HTML()
        self.hand = w.HTML()
        self.map = GeoMap(height=MAP_HEIGHT)
        self.map.observe(self._map_picked, "picks")
        self.game_log = w.HTML()
        self.rules = w.HTML()
        log = w.Accordion([self.game_log], titles=(_("Game log"),))
        rules = w.Accordion([self.rules], titles=(_("How to play"),))
        super().__init__(
            [
                self.head,
                w.HBox(switches),
                self.status,
                self.news,
                self.hint,
                self.message,
                self.moves,
                self.hand,
                self.map,
                log,
                rules,
            ]
        )
        self.add_class("geoplunge-game")
        self._deal(setup, notes)

    @spoken
    def __repr__(self) -> str:
        return f"GameWidget({self.page.title}: {self.session.about()})"

    # --- the game -----------------------------------------------------------------------------

    def _deal(self, setup: Setup, notes: list[str] | None = None) -> None:
        page = self.page
        self.session = GameSession.deal(
            page.game_id,
            setup,
            page.choices,
            snapshot_of=page.snapshot_of,
            pause_after=page.pause_after,
        )
        self.session.notes = list(notes or [])
        self.session.hints = self.hints_switch.value
        self.session.follow = self.follow_switch.value
        self._show()

    @property
    def state(self) -> Any:
        """The engine's state of the game."""
        return self.session.state

    @spoken
    def act(self, action: Any) -> str | None:
        """Play ``action`` for you (then the AI answers, unless you follow it step by step);
        returns the engine's reason when it refuses it."""
        refused = self.session.act(action, self.session.version)
        self._show()
        return refused

    @spoken
    def continue_ai(self) -> None:
        """Step by step: the AI's next move."""
        self.session.continue_ai(self.session.version)
        self._show()

    @spoken
    def play_to_the_end(self) -> None:
        """A game without decisions (Reverse Geography War): every flip until the end."""
        while not self.state.is_over and not has_decisions(self.page.game_id):
            self.session.act(self.state.legal_actions()[0], self.session.version)
        self._show()

    @spoken
    def play_again(self, setup: Setup | None = None) -> None:
        """A new game: ``setup``, or the next deal of the same set-up."""
        self._deal(setup or replace(self.session.setup, seed=self.session.setup.seed + 1))

    @spoken
    def _switched(self, _change: dict) -> None:
        self.session.hints = self.hints_switch.value
        self.session.follow = self.follow_switch.value
        self._show()

    # --- drawing ------------------------------------------------------------------------------

    def _button(self, label: str, action, *, primary: bool = True, disabled: bool = False):
        button = w.Button(
            description=label,
            button_style="primary" if primary else "",
            disabled=disabled,
            layout=w.Layout(width="auto"),
            tooltip=label,
        )
        button.on_click(lambda _b: action())
        return button

    @spoken
    def _show(self) -> None:
        session, page = self.session, self.page
        notes = "".join(box("warning", escape(n)) for n in session.notes)
        self.head.value = (
            STYLE
            + TABLE_CSS
            + f"<h3>{escape(page.title)}</h3>"
            + f"<p class='gpw-caption'>{inline(page.intro(session))}</p>"
            + notes
        )
        waiting = session.advance()
        status = page.status(session, waiting)
        self.status.value = status_html(status.chips, status.hot) if status is not None else ""
        self.message.value = (
            box("warning", inline(_("Not allowed: {reason}").format(reason=session.message)))
            if session.message
            else ""
        )
        lines = log_lines(session, page.describe)
        self.game_log.value = items(lines[-LOG_LIMIT:]) or block(_("Nothing yet."))
        self.rules.value = block(page.rules(session))
        if self.state.is_over:
            self._show_ending()
            return
        recent = recent_lines(session, page.describe)
        self.news.value = (
            block(_("**Since your last move**")) + items(recent[-8:], numbered=True)
            if recent
            else ""
        )
        hints = page.hints(session) if session.hints and not waiting else Hints()
        self.hint.value = box("info", block("\n\n".join(hints.lines))) if hints.lines else ""
        self._show_hand(hints)
        if waiting:
            name = session.seat_name(self.state.current_player)
            label = _("Continue: {player}'s next move").format(player=name)
            self.moves.children = [self._button(label, self.continue_ai)]
            return
        if not has_decisions(page.game_id):
            self.moves.children = [
                self._button(
                    page.move_label(self.state.legal_actions()[0]),
                    lambda: self.act(self.state.legal_actions()[0]),
                ),
                self._button(_("Play to the end"), self.play_to_the_end, primary=False),
            ]
            return
        legal = self.state.legal_actions() if session.humans_turn else []
        move = page.map_move(session)
        if move is not None:
            self._show_map_move(move)
            return
        self.moves.children = [
            self._button(page.move_label(a), lambda a=a: self.act(a), primary=False) for a in legal
        ]

    def _hand(self) -> list[Card]:
        obs = self.state.observation(self.session.me)
        hand = getattr(obs, "hand", ()) or ()
        return sorted(hand, key=lambda c: collation_key(state_name(c.usps)))

    def _show_hand(self, hints: Hints) -> None:
        hand = self._hand()
        tiles = "".join(
            card_html(c, caption=hints.captions.get(c.usps, ""), outlined=c.usps in hints.outline)
            for c in hand
        )
        head = block(_("**Your hand**"))
        self.hand.value = f"{head}<div class='gp-hand'>{tiles}</div>" if hand else ""
        if self._map_move() is None:
            self.map.draw(
                {c.usps: "mine" for c in hand},
                picks=[],
                height=MAP_HEIGHT,
                label=_("Your cards on the map"),
                hint=_("Your cards on the map") if hand else None,
            )

    def _map_move(self) -> MapMove | None:
        return self.page.map_move(self.session)

    def _show_map_move(self, move: MapMove) -> None:
        """A move made on the map (a Border Attack guess): the game's map, and one button that
        plays the picks once they make a move."""
        self.map.draw(picks=self.session.picks, **move.map)
        self._map_move_button(move)

    def _map_move_button(self, move: MapMove) -> None:
        action = move.action
        button = self._button(move.label, lambda: self.act(action), disabled=action is None)
        self.moves.children = [button]

    @spoken
    def _map_picked(self, change: dict) -> None:
        if self._map_move() is not None:
            self.session.picks = list(change["new"])
            self._map_move_button(self._map_move())

    def _show_ending(self) -> None:
        session = self.session
        ending = self.page.ending(session)
        self.news.value = ""
        self.hint.value = ""
        self.hand.value = ""
        self.message.value = box(ending.kind, f"<b>{inline(ending.headline)}</b>") + items(
            ending.summary
        )
        again = ending.again or replace(session.setup, seed=session.setup.seed + 1)
        self.moves.children = [
            self._button(_("Play again"), lambda: self.play_again(again)),
            self._button(_("Replay this deal"), lambda: self._replay(session.setup), primary=False),
        ]
        self.map.draw(
            {c.usps: "mine" for c in self._hand()},
            picks=[],
            height=MAP_HEIGHT,
            label=_("The end"),
        )

    @spoken
    def _replay(self, setup: Setup) -> None:
        self._deal(setup)
