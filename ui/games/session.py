"""The game table every game page is built on: set-up from the URL, the session, AI turns,
the log, card buttons, hints, rules and the end screen.

A game page is a short script around one :class:`Table`, kept in ``st.session_state`` under
the page's key (its URL path). The human sits in seat :data:`HUMAN` (0); every other seat is a
bot from ``engine.bots.make_bot``. The page draws the table from the engine's state and turns
the human's widgets into engine actions; it never applies a rule itself.

A page, in order::

    tab = current_table("border_attack", "border_attack", choices=(DEALER,))
    page_top(tab, "Border Attack", "one line on the object of the game")  # title, notes, CSS
    preference_toggles(tab)              # "Hints" and "Follow the AI step by step"
    waiting = advance(tab)               # the bots play now, unless followed step by step
    if tab.state.is_over:
        end_screen(tab, headline, kind=..., summary=...)
    elif waiting:
        continue_button(tab)             # one bot action per click
    elif tab.humans_turn:
        ...  # widgets → act(tab, action) (or card_buttons / action_button, which call it)
    log_panel(tab, describe)             # the AI's moves since the human's last one, the log
    rules_expander(RULES)
    setup_panel(tab)                     # "New game": levels, deal number, page options

How the parts behave:

- **Set-up and the URL** (:func:`parse_setup`, :func:`current_table`). The URL holds the whole
  set-up: ``seed`` (the deal; a whole number), ``players`` and ``teams`` (only for games that
  have a choice), ``levels`` (the AI level of each opponent, comma-separated: ``easy``,
  ``medium``, ``hard``) and the page's own :class:`Choice` parameters. A first visit without a
  seed draws a random one; the full set-up is then written back into the URL, so the address
  replays the deal and can be shared. Bad values are named in a note (shown on the page) and
  replaced by the default; nothing in a URL can raise. Coming back to the page from the menu
  (no parameters) resumes the game in progress; a URL whose set-up differs from the game's
  (a shared link opened in the same session) deals that game.
- **The session** (:class:`Table`). Reruns never change the game: only :func:`act` (the
  human), :func:`play_ai` (the bots) and :meth:`Table.play` change it, and every action is
  recorded as a :class:`Step` with the log lines it produced and a snapshot of what the human
  may see afterwards (``state.observation(HUMAN)`` unless a subclass overrides
  :meth:`Table.snapshot`), so a page can show what happened even after the engine has
  cleared a finished trick.
- **AI turns** (:func:`advance`). With "Follow the AI step by step" off, the bots answer at
  once after a human action; with it on, each bot action waits for a "Continue" click.
- **Illegal choices.** Widgets offer only legal moves where they can; anything else goes to the
  engine, whose ``IllegalAction`` reason is kept in ``Table.message`` and shown by
  :func:`show_message`. A button drawn before the game moved on (a double click, a stale tab)
  is ignored with a message instead of playing into a later position.
- **Hints and rules.** :func:`preference_toggles` keeps the "Hints" switch in the table (it
  survives new games); the page decides what a hint says. :func:`rules_expander` shows the
  page's rules text (in the project's own words).
- **Cards.** :func:`card_styles` once per page; :func:`show_cards` for a row of tiles;
  :func:`card_buttons` for tiles with one button each (disabled cards are dimmed and say why).
- **The end.** :func:`end_screen` shows the result, a summary and "Play again" (a fresh deal,
  the same levels) / "Replay this deal".
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from html import escape
from typing import Any
from urllib.parse import urlencode

import streamlit as st

from engine.bots import make_bot
from engine.cards import Card
from engine.core import GameState, IllegalAction
from engine.games import game_class, has_decisions, player_settings
from ui.cards import CARD_CSS, card_html, hand_html
from ui.links import fresh_seed

HUMAN = 0
AI_LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
LEVEL_NAMES: dict[str, str] = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}
DEFAULT_LEVEL = "easy"
MAX_SEED = 2**32 - 1  #: the largest deal number a URL may ask for
CARD_WIDTH = 152  #: px of a card with its button: five to a row on a laptop, two on a phone
BASE_PARAMS: tuple[str, ...] = ("seed", "players", "teams", "levels")
SEAT_PARAM, JOIN_PARAM = "seat", "table"  #: a shared table's seat token; a table code to join
# Options for make_bot by level: the hard bot searches a fixed number of deals instead of
# stopping after a time budget, so the same seed gives the same AI moves on every machine.
BOT_OPTIONS: dict[str, dict[str, Any]] = {"hard": {"time_budget": None}}

TABLE_CSS = """
<style>
.gp-status {display:flex; flex-wrap:wrap; gap:.35rem .5rem; margin:.1rem 0 .4rem;}
.gp-chip {border:1px solid #d0d0d0; border-radius:1rem; padding:.1rem .65rem; font-size:.9rem;
  background:#fafafa; color:#222; white-space:nowrap;}
.gp-chip b {font-weight:700;}
.gp-chip.hot {background:#0072B2; border-color:#0072B2; color:#fff;}
.gp-slot {border:2px dashed #b8b8b8; border-radius:.6rem; min-width:9.5rem; max-width:13rem;
  flex:1 1 9.5rem; padding:.6rem; color:#555; background:#f6f6f6; font-size:.92rem;}
.gp-slot b {color:#222;}
.gp-card.pick {outline:3px solid #0072B2; outline-offset:1px;}
.gp-card {box-sizing:border-box;}
/* A dimmed card's button never opens its tooltip (its reason is written on the tile): the
   buttons are updated in place, so a tooltip opened before a rerun could stay over a playable
   card. */
[class*="_box_"] .stTooltipHoverTarget:has(button:disabled) {pointer-events:none;}
</style>
"""


# --- set-up ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """A page's own URL parameter with a fixed set of values (e.g. Border Attack's dealer).

    ``values`` maps each URL value to its label in the set-up form. ``default`` is the value
    used when the URL has none; ``None`` means "unset" (the parameter is left out of the URL
    and the engine decides, e.g. a dealer drawn from the seed). When ``engine_option`` is set,
    the value is passed to the game's ``new`` under that keyword, converted by
    ``engine_values`` (URL value → engine value). A choice that names the seats as "you" and
    "the AI" sets ``at_shared_tables=False``: a shared table's host is not offered it.
    """

    name: str
    label: str
    values: Mapping[str, str]
    default: str | None = None
    engine_option: str | None = None
    engine_values: Mapping[str, Any] | None = None
    at_shared_tables: bool = True  #: offered to a table's host (False: it speaks of "the AI")

    def to_engine(self, value: str) -> Any:
        return (self.engine_values or {}).get(value, value)


TARGET = Choice(
    "target",
    "Play to",
    {"50": "First to 50 points", "30": "First to 30 points (a shorter game)"},
    default="50",
    engine_option="target",
    engine_values={"50": 50, "30": 30},
)
"""The target score of the games that have one (BorderCap Gin, GeoPower Toss): ``target=30``."""


def with_target(text: str, target: int) -> str:
    """A rules text or intro written for 50 points, saying ``target`` instead."""
    for words in ("50 points", "reach 50"):
        text = text.replace(words, words.replace("50", str(target)))
    return text


@dataclass(frozen=True)
class Setup:
    """A game's set-up, as the URL says it (after bad values were replaced by defaults)."""

    game_id: str
    seed: int
    players: int
    teams: int | None = None
    levels: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()  #: the pages' Choice values that are set

    def option(self, name: str) -> str | None:
        """The value of a page :class:`Choice` (``None`` when unset)."""
        return dict(self.options).get(name)

    def with_option(self, name: str, value: str | None) -> Setup:
        """This set-up with one Choice set (or unset with ``None``)."""
        options = {k: v for k, v in self.options if k != name}
        if value is not None:
            options[name] = value
        return replace(self, options=tuple(sorted(options.items())))

    def params(self) -> dict[str, str]:
        """The URL parameters that reproduce this set-up (only what the game can vary)."""
        out = {"seed": str(self.seed)}
        if len(player_counts(self.game_id)) > 1:
            out["players"] = str(self.players)
        if self.teams:
            out["teams"] = str(self.teams)
        if self.levels:
            out["levels"] = ",".join(self.levels)
        out.update(self.options)
        return out

    def link(self) -> str:
        """A link (relative to the page) that opens this set-up: ``?seed=…&levels=…``."""
        return "?" + urlencode(self.params(), safe=",")


@cache
def _settings(game_id: str) -> tuple[tuple[int, int | None], ...]:
    return tuple(player_settings(game_id))


def player_counts(game_id: str) -> list[int]:
    """The numbers of players the game allows."""
    return sorted({p for p, _ in _settings(game_id)})


def _text(raw: object) -> str:
    if isinstance(raw, list | tuple):
        raw = raw[-1] if raw else ""
    return "" if raw is None else str(raw).strip()


def _whole(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 12 else None


def parse_setup(
    game_id: str,
    params: Mapping[str, object],
    *,
    choices: Sequence[Choice] = (),
    default_seed: int | None = None,
) -> tuple[Setup, list[str]]:
    """A set-up from URL parameters, and a note for every bad value (never raises).

    ``seed``: a whole number from 0 to :data:`MAX_SEED` (missing: ``default_seed``, or a fresh
    random one). ``players``/``teams``: one of the game's own set-ups (missing: the smallest).
    ``levels``: one AI level per opponent, comma-separated; a short list is completed with its
    last level (or the default), extra levels are dropped with a note. Games without decisions
    take no levels. ``choices``: the page's own parameters.
    """
    notes: list[str] = []
    seed = fresh_seed() if default_seed is None else default_seed
    text = _text(params.get("seed"))
    if text:
        value = _whole(text)
        if value is None or value > MAX_SEED:
            notes.append(
                f"seed={text} is not a deal number (a whole number from 0 to {MAX_SEED:,}); "
                f"a new deal was made: deal {seed}."
            )
        else:
            seed = value

    settings = _settings(game_id)
    counts = player_counts(game_id)
    players = counts[0]
    text = _text(params.get("players"))
    if text:
        value = _whole(text)
        if value in counts:
            players = value
        else:
            span = f"{counts[0]} to {counts[-1]}" if len(counts) > 1 else str(counts[0])
            notes.append(
                f"players={text} is not possible in this game ({span} players); "
                f"playing with {players}."
            )

    teams: int | None = None
    text = _text(params.get("teams"))
    if text:
        value = _whole(text)
        if value is not None and (players, value) in settings:
            teams = value
        else:
            notes.append(f"teams={text} does not fit {players} players; everyone plays alone.")

    levels: tuple[str, ...] = ()
    text = _text(params.get("levels"))
    if has_decisions(game_id):
        asked = [s.strip().lower() for s in text.split(",") if s.strip()]
        bad = [s for s in asked if s not in AI_LEVELS]
        if bad:
            notes.append(
                f"levels={text}: {', '.join(bad)} is not an AI level "
                f"({', '.join(AI_LEVELS)}); {DEFAULT_LEVEL} was used instead."
            )
        chosen = [s if s in AI_LEVELS else DEFAULT_LEVEL for s in asked]
        opponents = players - 1
        if len(chosen) > opponents:
            notes.append(
                f"levels={text} names {len(chosen)} levels for {opponents} "
                f"opponent{'s' if opponents != 1 else ''}; the extra ones were left out."
            )
        fill = chosen[-1] if chosen else DEFAULT_LEVEL
        levels = tuple((chosen + [fill] * opponents)[:opponents])
    elif text:
        notes.append(
            f"levels={text} has no effect: {game_class(game_id).title} has no decisions, "
            "so there is no AI level to choose."
        )

    options: dict[str, str] = {}
    for choice in choices:
        text = _text(params.get(choice.name)).lower()
        if text and text not in choice.values:
            notes.append(
                f"{choice.name}={text} is not one of {', '.join(choice.values)}; "
                + (f"{choice.default} was used." if choice.default else "it was left out.")
            )
            text = ""
        value = text or choice.default
        if value is not None:
            options[choice.name] = value
    return Setup(game_id, seed, players, teams, levels, tuple(sorted(options.items()))), notes


def url_params(choices: Sequence[Choice] = ()) -> tuple[str, ...]:
    """Every URL parameter a page with these choices reads."""
    return (*BASE_PARAMS, *(c.name for c in choices))


# --- the table ------------------------------------------------------------------------------


@dataclass
class Step:
    """One action applied to the game: who (``seat``; ``None`` for a game with no turns),
    what, the engine's log lines it produced, what the human may see afterwards (``after``,
    see :meth:`Table.snapshot`) and how long it took (a bot's thinking included)."""

    seat: int | None
    action: Any
    lines: tuple[str, ...]
    after: Any
    seconds: float = 0.0


@dataclass(eq=False)
class Table:
    """A game in progress, as one page keeps it in ``st.session_state[key]``.

    ``history`` holds every :class:`Step`; ``seen`` is the length of the history right after
    the human's last action (the steps after it are "since your last move"). ``message`` is
    the reason the human's last attempt was refused (empty when it was not). ``follow`` and
    ``hints`` are the player's switches; they carry over to the next game. ``picks`` is
    scratch space for an answer built in several clicks (a border set clicked on a map);
    ``extra`` holds a page's own memory (e.g. the War's predictions). ``written`` is the URL
    the page last wrote (``None``: write it, do not read it). ``options`` are the keyword
    options the game was dealt with (beyond the URL's), reused by :func:`restart`.

    Subclass it to change what a step remembers (:meth:`snapshot`) or how seats are named
    (:meth:`seat_name`, e.g. "Partner" in a team game); pass the subclass to
    :func:`current_table` as ``table_cls``.
    """

    key: str
    setup: Setup
    state: GameState
    bots: dict[int, Any]
    choices: tuple[Choice, ...] = ()
    notes: list[str] = field(default_factory=list)
    history: list[Step] = field(default_factory=list)
    initial: Any = None
    seen: int = 0
    follow: bool = False
    hints: bool = False
    message: str = ""
    picks: list[str] = field(default_factory=list)
    tick: int = 0
    serial: int = 0
    written: dict[str, str] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    me: int = HUMAN  #: the seat this screen plays (another at a shared table)

    @classmethod
    def deal(cls, key: str, setup: Setup, choices: Sequence[Choice] = (), **options: Any) -> Table:
        """A new game for ``setup``: the engine deals from the seed, each opponent gets a bot
        of its level seeded from the deal and its seat (the same link, the same AI)."""
        engine_options = dict(options)
        for choice in choices:
            value = setup.option(choice.name)
            if choice.engine_option and value is not None:
                engine_options[choice.engine_option] = choice.to_engine(value)
        state = game_class(setup.game_id).new(
            players=setup.players, teams=setup.teams, seed=setup.seed, **engine_options
        )
        bots = {
            seat: make_bot(
                setup.game_id,
                level,
                seat,
                seed=setup.seed * 100 + seat,
                **BOT_OPTIONS.get(level, {}),
            )
            for seat, level in enumerate(setup.levels, start=1)
        }
        tab = cls(key, setup, state, bots, tuple(choices), serial=secrets.randbelow(10**9))
        tab.options = dict(options)
        tab.initial = tab.snapshot()
        return tab

    # -- what the page reads

    def snapshot(self) -> Any:
        """What the human may see now, stored with each step (override for another view)."""
        return self.state.observation(self.me)

    def before(self, index: int) -> Any:
        """The snapshot just before step ``index``."""
        return self.history[index - 1].after if index > 0 else self.initial

    @property
    def humans_turn(self) -> bool:
        """True when the human is the seat to act."""
        return not self.state.is_over and self.state.current_player == self.me

    @property
    def ai_to_act(self) -> bool:
        """True when a bot is the seat to act."""
        return not self.state.is_over and self.state.current_player in self.bots

    @property
    def version(self) -> int:
        """Changes with every action: buttons carry it to ignore clicks from an older view."""
        return len(self.history)

    def wkey(self, name: str) -> str:
        """A widget key unique to this game, this moment of it and this map click."""
        return f"{self.key}_{name}_{self.serial}_{self.version}_{self.tick}"

    def bkey(self, name: str) -> str:
        """A button key unique to this game but stable across its moves (the button is
        updated in place; the version it carries in its callback arguments guards it)."""
        return f"{self.key}_{name}_{self.serial}"

    def seat_name(self, seat: int | None) -> str:
        """ "You" for the human; "AI" (numbered when there are several) for the others."""
        if seat == self.me:
            return "You"
        if seat is None:
            return "Both"
        return "AI" if len(self.bots) <= 1 else f"AI {seat}"

    def seat_label(self, seat: int) -> str:
        """The seat's name with its AI level: "AI (easy)"."""
        level = self.setup.levels[seat - 1] if 0 < seat <= len(self.setup.levels) else None
        return self.seat_name(seat) + (f" ({level})" if level else "")

    def subject(self, seat: int) -> str:
        """Another seat named inside a sentence: "the AI" when it is the only AI, else its
        name ("AI 2", or a player's at a shared table)."""
        name = self.seat_name(seat)
        return "the AI" if name == "AI" else name

    def others(self) -> list[int]:
        """The seats other than this screen's."""
        return sorted(self.bots)

    def about(self) -> str:
        """Which game this is, for the end screen: "Deal 123 against the easy AI"."""
        levels = sorted(set(self.setup.levels))
        against = f"the {levels[0]} AI" if len(levels) == 1 else "the AI"
        return f"Deal {self.setup.seed} against {against}"

    def stand_in(self, index: int) -> bool:
        """Whether step ``index`` was played by the AI for an absent player."""
        return False

    shared = (
        False  #: a shared table (:mod:`ui.games.shared.lobby`) rather than a game against the AI
    )

    def pause_after(self, step: Step) -> bool:
        """Whether a "Continue" click (step-by-step mode) stops after the bot's ``step``.
        Every action by default; a game whose turn takes several actions overrides it to
        play a whole turn per click."""
        return True

    # -- what changes the game

    def play(self, action: Any, seat: int | None) -> Step:
        """Apply ``action`` for ``seat`` and record it; ``IllegalAction`` leaves all unchanged."""
        start = time.perf_counter()
        lines_before = len(self.state.log)
        self.state.apply(action)
        step = Step(
            seat,
            action,
            tuple(self.state.log[lines_before:]),
            self.snapshot(),
            time.perf_counter() - start,
        )
        self.history.append(step)
        return step


def current_table(
    key: str,
    game_id: str,
    *,
    choices: Sequence[Choice] = (),
    table_cls: type[Table] = Table,
    **options: Any,
) -> Table:
    """The page's table: resumed, or dealt from the URL when there is none or the URL asks for
    another set-up; the URL then gets the table's full set-up. ``options`` go to the game's
    ``new``."""
    if st.query_params.get(SEAT_PARAM) or st.query_params.get(JOIN_PARAM):
        from ui.games.shared.lobby import seat_table  # the shared table is built on this module

        return seat_table(key, game_id, table_cls, choices)
    names = url_params(choices)
    url = {k: v for k in names if (v := st.query_params.get(k)) is not None}
    tab: Table | None = st.session_state.get(key)
    if tab is not None and tab.shared:  # left the shared table: back to the AI game
        tab = None
    if tab is None or (tab.written is not None and url and url != tab.written):
        setup, notes = parse_setup(game_id, url, choices=choices)
        new = table_cls.deal(key, setup, choices, **options)
        new.notes = notes
        if tab is not None:
            new.follow, new.hints = tab.follow, tab.hints
        tab = new
        st.session_state[key] = tab
    params = tab.setup.params()
    if url != params:
        for name in names:
            if name in params:
                st.query_params[name] = params[name]
            elif name in st.query_params:
                del st.query_params[name]
    tab.written = params
    return tab


def restart(tab: Table, setup: Setup | None = None, **options: Any) -> Table:
    """Replace the page's game by a new one (``setup``, or a fresh deal with the same levels
    and choices; the game options of the old table unless ``options`` are given); the next run
    writes it into the URL. Usable in a widget callback."""
    setup = setup or replace(tab.setup, seed=fresh_seed())
    new = type(tab).deal(tab.key, setup, tab.choices, **(options or tab.options))
    new.follow, new.hints = tab.follow, tab.hints
    new.written = None
    st.session_state[tab.key] = new
    return new


# --- turns ----------------------------------------------------------------------------------


def act(tab: Table, action: Any, version: int | None = None) -> str | None:
    """The human's action: applied (then the bots answer unless the human follows them step
    by step), or refused with the engine's reason, kept in ``tab.message`` and returned.

    ``version`` is the table's version when the widget was drawn: a click from an older view
    (a double click, a second browser tab) is ignored with a message.
    """
    if version is not None and version != tab.version:
        tab.message = "The game had already moved on, so that click was ignored."
        return tab.message
    seat = tab.state.current_player
    if tab.state.is_over:
        tab.message = "The game is over: start a new one below."
        return tab.message
    if seat is not None and seat != tab.me:
        tab.message = "It is not your turn yet."
        return tab.message
    try:
        tab.play(action, seat)
    except IllegalAction as refused:
        tab.message = refused.reason
        return refused.reason
    tab.message = ""
    tab.picks = []
    tab.seen = len(tab.history)
    if not tab.follow:
        play_ai(tab)
    return None


def play_ai(tab: Table, *, one: bool = False) -> int:
    """Let the bots play until the human must act or the game ends (one action with ``one``);
    returns how many actions were played. A bot's move the engine refuses (a bug) is replaced
    by the first legal action, so the page never stops on it."""
    played = 0
    state = tab.state
    while not state.is_over and (seat := state.current_player) in tab.bots:
        start = time.perf_counter()
        action = tab.bots[seat].act(state.observation(seat))
        try:
            step = tab.play(action, seat)
        except IllegalAction:
            step = tab.play(state.legal_actions()[0], seat)
        step.seconds = time.perf_counter() - start  # the bot's thinking included
        played += 1
        if one and tab.pause_after(step):
            break
    return played


def _continue(tab: Table, version: int) -> None:
    if version == tab.version:
        play_ai(tab, one=True)


def advance(tab: Table) -> bool:
    """Bring the game to the human's turn: the bots play at once, unless the human follows
    them step by step. True while a bot waits for :func:`continue_button` (the page then
    shows that button instead of the human's move widgets)."""
    if tab.shared:  # another seat's turn: the page shows what it waits for (ui.games.shared.lobby)
        return not tab.state.is_over and not tab.humans_turn
    if not tab.ai_to_act:
        return False
    if not tab.follow:
        play_ai(tab)
        return False
    return True


def continue_button(tab: Table) -> None:
    """The "Continue" button that plays the next bot action (step-by-step mode; at a shared
    table nothing: the page follows the other seats by itself)."""
    if tab.shared:
        return
    seat = tab.state.current_player
    st.button(
        f"Continue: {tab.seat_name(seat)}'s next move",
        key=tab.bkey("continue"),
        type="primary",
        icon=":material/play_arrow:",
        width="stretch",
        on_click=_continue,
        args=(tab, tab.version),
    )


def _clicked(tab: Table, action: Any, version: int) -> None:
    act(tab, action, version)


def action_button(
    tab: Table,
    label: str,
    action: Any,
    *,
    name: str,
    primary: bool = True,
    disabled: bool = False,
    help: str | None = None,
    icon: str | None = None,
) -> None:
    """A full-width button that plays ``action`` for the human (through :func:`act`)."""
    st.button(
        label,
        key=tab.bkey(name),
        type="primary" if primary else "secondary",
        disabled=disabled,
        help=help,
        icon=icon,
        width="stretch",
        on_click=_clicked,
        args=(tab, action, tab.version),
    )


# --- drawing --------------------------------------------------------------------------------


def card_styles() -> None:
    """The CSS of cards, chips and table slots (once per page; it takes no space)."""
    st.html(CARD_CSS + TABLE_CSS)


def page_top(tab: Table, title: str, caption: str) -> None:
    """Title, caption, the URL notes of this game and the styles."""
    st.title(title)
    st.caption(caption)
    card_styles()
    for note in tab.notes:
        st.warning(note, icon=":material/link_off:")
    if has_decisions(tab.setup.game_id):
        from ui.games.shared.lobby import page_parts

        page_parts(tab)


def show_message(tab: Table) -> None:
    """The reason the human's last attempt was refused, if it was."""
    if tab.message:
        st.warning(f"Not allowed: {tab.message}", icon=":material/block:")


def status_html(chips: Sequence[tuple[str, str]], hot: int | None = None) -> str:
    """A wrapping row of "label value" chips (``hot`` marks one, e.g. whose turn it is)."""
    parts = []
    for i, (label, value) in enumerate(chips):
        cls = "gp-chip hot" if i == hot else "gp-chip"
        parts.append(f"<span class='{cls}'>{escape(label)} <b>{escape(value)}</b></span>")
    return f"<div class='gp-status'>{''.join(parts)}</div>"


def status_bar(chips: Sequence[tuple[str, str]], hot: int | None = None) -> None:
    """Show :func:`status_html`."""
    st.html(status_html(chips, hot))


def preference_toggles(tab: Table, *, follow: bool = True, hints: bool = True) -> None:
    """The "Hints" and "Follow the AI step by step" switches, kept in the table."""
    row = st.container(horizontal=True, gap="medium")
    if hints:
        tab.hints = row.toggle(
            "Hints",
            value=tab.hints,
            key=f"{tab.key}_hints_{tab.serial}",
            help="Show what a good player would consider before choosing.",
        )
    if follow and tab.bots:
        tab.follow = row.toggle(
            "Follow the AI step by step",
            value=tab.follow,
            key=f"{tab.key}_follow_{tab.serial}",
            help="Each AI move waits for a Continue click.",
        )


def show_cards(cards: Sequence[Card], captions: Mapping[str, str] | None = None) -> None:
    """A wrapping row of card tiles (no buttons)."""
    if cards:
        st.html(hand_html(list(cards), dict(captions or {})))


def card_buttons(
    tab: Table,
    cards: Sequence[Card],
    *,
    label: str | Callable[[Card], str],
    action: Callable[[Card], Any],
    name: str,
    disabled: Mapping[str, str] | None = None,
    captions: Mapping[str, str] | None = None,
    highlight: Sequence[str] = (),
    on_click: Callable[[Table, Any, int], None] | None = None,
) -> None:
    """Card tiles that wrap (two to a row on a phone), each with a button playing
    ``action(card)`` through :func:`act`. ``disabled`` maps a card's USPS code to the reason
    it cannot be chosen: its tile is dimmed, the reason is written on it (unless every card has
    the same reason, which the page says once) and its button is
    disabled (the reason is also its ``help``, but ``TABLE_CSS`` keeps that tooltip from
    opening: the buttons are updated in place, so a tooltip opened on a dimmed card could stay
    open after a rerun, over a playable card).
    ``highlight`` outlines the cards a hint recommends. ``on_click(tab, action, version)``
    replaces :func:`act` for a page whose click plays more than one action."""
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
            key=tab.bkey(f"{name}_box_{card.usps}"),
        )
        with box:
            caption = captions.get(card.usps, "")
            if card.usps in disabled and not shared_reason:
                caption = " · ".join(filter(None, (caption, disabled[card.usps])))
            tile = card_html(card, caption=caption, dim=card.usps in disabled)
            if card.usps in highlight:
                tile = tile.replace("class='gp-card", "class='gp-card pick", 1)
            st.html(tile)
            text = label(card) if callable(label) else label
            st.button(
                text,
                key=tab.bkey(f"{name}_{card.usps}"),
                disabled=card.usps in disabled,
                help=disabled.get(card.usps),
                width="stretch",
                on_click=on_click or _clicked,
                args=(tab, action(card), tab.version),
            )


def rules_expander(markdown: str, *, expanded: bool = False) -> None:
    """The game's rules in the project's own words."""
    with st.expander("How to play", icon=":material/menu_book:", expanded=expanded):
        st.markdown(markdown)


def engine_lines(tab: Table, index: int) -> list[str]:
    """The default description of a step: the engine's log lines with each "Player N" named
    after its seat ("Player 1 (you)", "Player 2 (AI, easy)"). Pages with their own wording
    pass a describer to :func:`log_panel` instead."""
    names = {
        tab.me: "you",
        **{s: tab.seat_label(s).replace(" (", ", ").rstrip(")") for s in tab.others()},
    }
    out = []
    for line in tab.history[index].lines:
        for seat in sorted(names, reverse=True):
            line = line.replace(f"Player {seat + 1}", f"Player {seat + 1} ({names[seat]})")
        out.append(line)
    return out


def recent_lines(
    tab: Table, describe: Callable[[Table, int], list[str]] = engine_lines
) -> list[str]:
    """What the bots did since the human's last move, one line per event (the first part of
    :func:`log_panel`, for a page that shows it elsewhere and passes ``since=False`` there)."""
    return [
        line
        for i in range(tab.seen, len(tab.history))
        if tab.history[i].seat != tab.me
        for line in described(tab, describe, i)
    ]


def described(tab: Table, describe: Callable[[Table, int], list[str]], index: int) -> list[str]:
    """``describe(tab, index)``, its first line marked when the AI played it for an absent
    player (at a shared table)."""
    lines = describe(tab, index)
    if lines and tab.stand_in(index):
        lines = [f"{lines[0]} *(the AI played this for an absent player)*", *lines[1:]]
    return lines


def log_panel(
    tab: Table,
    describe: Callable[[Table, int], list[str]] = engine_lines,
    *,
    since: bool = True,
    limit: int = 300,
) -> None:
    """What the bots did since the human's last move (one line per event), then the whole
    game log in an expander (the last ``limit`` lines)."""
    if since:
        fresh = recent_lines(tab, describe)
        if fresh:
            st.markdown("**Since your last move**")
            st.markdown("\n".join(f"1. {line}" for line in fresh))
    with st.expander("Game log", icon=":material/history:"):
        lines = [line for i in range(len(tab.history)) for line in described(tab, describe, i)]
        shown = lines[-limit:]
        if len(lines) > limit:
            st.caption(f"The last {limit} of {len(lines)} lines.")
        st.markdown("\n".join(f"- {line}" for line in shown) or "Nothing yet.")


def setup_panel(
    tab: Table,
    *,
    expanded: bool = False,
    extra: Callable[[Setup], Setup] | None = None,
) -> None:
    """The "New game" expander: the number of players (games with a choice), an AI level per
    opponent, the page's Choices, the deal number, and two buttons: a fresh random deal, or
    the deal whose number is typed (to replay or share a game). ``extra`` may draw more form
    widgets and return the set-up with their values."""
    setup = tab.setup
    game_id = setup.game_id
    if has_decisions(game_id):
        from ui.games.shared.lobby import play_with_others

        play_with_others(tab)
        if tab.shared:
            return
    with st.expander("New game", icon=":material/playing_cards:", expanded=expanded):
        settings = list(_settings(game_id))
        players, teams = setup.players, setup.teams
        if len(settings) > 1:
            # Outside the form, so the AI-level boxes below follow the number of players.
            labels = {(p, t): f"{p} players" + (f" in {t} teams" if t else "") for p, t in settings}
            players, teams = st.selectbox(
                "Players",
                settings,
                index=settings.index((setup.players, setup.teams)),
                format_func=labels.get,
                key=f"{tab.key}_setup_players_{tab.serial}",
            )
        form = st.form(f"{tab.key}_setup_{tab.serial}", border=False)
    with form:
        levels: list[str] = []
        if has_decisions(game_id):
            for seat in range(1, players):
                current = setup.levels[seat - 1] if seat <= len(setup.levels) else DEFAULT_LEVEL
                name = "AI level" if players == 2 else f"AI {seat} level"
                levels.append(
                    st.selectbox(
                        name,
                        AI_LEVELS,
                        index=AI_LEVELS.index(current),
                        format_func=LEVEL_NAMES.get,
                    )
                )
        options = dict(setup.options)
        for choice in tab.choices:
            keys = list(choice.values)
            if choice.default is None:
                keys = ["", *keys]
            current = options.get(choice.name, "")
            picked = st.selectbox(
                choice.label,
                keys,
                index=keys.index(current) if current in keys else 0,
                format_func=lambda v, c=choice: c.values.get(v, "Decided by the deal"),
            )
            options[choice.name] = picked
        seed = st.number_input(
            "Deal number", min_value=0, max_value=MAX_SEED, value=setup.seed, step=1
        )
        new = Setup(
            game_id,
            setup.seed,
            players,
            teams,
            tuple(levels[: players - 1]),
            tuple(sorted((k, v) for k, v in options.items() if v)),
        )
        if extra is not None:
            new = extra(new)
        left, right = st.columns(2)
        fresh = left.form_submit_button(
            "New deal", type="primary", icon=":material/shuffle:", width="stretch"
        )
        same = right.form_submit_button(
            "Play this deal number", icon=":material/replay:", width="stretch"
        )
        if fresh or same:
            restart(tab, replace(new, seed=fresh_seed() if fresh else int(seed)))
            st.rerun()
    # Small text at full strength: a caption is drawn at 60% opacity, which takes its link
    # below 4.5:1 contrast.
    st.markdown(
        f":small[Deal {setup.seed} · [link to this game]({setup.link()}) — the same link deals "
        "the same cards.]"
    )


def end_screen(
    tab: Table,
    headline: str,
    *,
    kind: str = "info",
    summary: Sequence[str] = (),
    again: Setup | None = None,
) -> None:
    """The result (``kind``: "success", "error" or "info"), the summary lines, and buttons:
    "Play again" (``again``, by default a fresh deal with the same set-up) and "Replay this
    deal"."""
    show = {"success": st.success, "error": st.error}.get(kind, st.info)
    show(headline, icon=":material/flag:")
    if summary:
        st.markdown("\n".join(f"- {line}" for line in summary))
    if tab.shared:
        from ui.games.shared.lobby import end_parts

        end_parts(tab)
        return
    left, right = st.columns(2)
    left.button(
        "Play again",
        key=f"{tab.key}_again_{tab.serial}",
        type="primary",
        icon=":material/restart_alt:",
        width="stretch",
        on_click=restart,
        args=(tab, again or replace(tab.setup, seed=fresh_seed())),
    )
    right.button(
        "Replay this deal",
        key=f"{tab.key}_replay_{tab.serial}",
        icon=":material/replay:",
        width="stretch",
        on_click=restart,
        args=(tab, tab.setup),
    )
