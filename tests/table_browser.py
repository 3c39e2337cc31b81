"""A shared Border Attack table played by two real browser pages, one per seat (the
``test_browser_tables.py`` and ``test_deploy.py`` scenarios share this driver).

* :func:`host` and :func:`join` go through the "Play with others" panel and the join link;
  :func:`start` is the host's "Start the game".
* :func:`play_move` plays one legal move on the page whose turn it is, with its own widgets
  (a category and the first Lead button; a reveal and the first Play button; a guess typed
  into the box; the first Discard button).
* :func:`play_game` loops over the moves: it asks the store whose turn it is, checks that
  this page shows its move widgets and the other one "Waiting for …", plays, and measures
  how long the other page takes to show the move without any click (it refreshes itself).
* :class:`Frames` records every WebSocket frame a page receives; :func:`leaks` looks in
  them (and in the page's HTML) for a state the other seat holds hidden at that moment: named
  while the game has not named it, or drawn as a card tile at any time.
* :func:`near_end` deals a table in the store and plays it there to a few moves before its
  end; :func:`open_seats` opens its two seats' links in two browser contexts.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import sqlalchemy as sa
from google.protobuf.message import DecodeError, Message
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

import store.tables as tables
from engine.border_attack import BONUS_DISCARD, GUESS, LEAD, WIN_DISCARD, GuessBorders, GuessState
from engine.cards import by_usps, deck
from store.models import GameTable
from tests.browser import (
    DESKTOP,
    dismiss_page_not_found,
    keep_local,
    open_expander,
    track_runs,
    wait_for_app,
)
from tests.game_table import play_in_store

NAMES: dict[str, str] = {c.usps: c.name for c in deck()}
BY_NAME = sorted(NAMES, key=NAMES.get)  # the order of the page's guess boxes
TIMEOUT = 60_000  # ms: a generous bound for one step on a loaded machine
APPEAR_BOUND = 15.0  # s: the asserted bound on "the other page shows the move" (2 s expected)


def player_page(chromium, blocked: list[str], viewport=DESKTOP):
    """A context of its own (its own cookies: another player) and its page; requests leaving
    127.0.0.1 fail and are recorded in ``blocked``."""
    context = chromium.new_context(viewport=viewport)
    page = context.new_page()
    track_runs(page)
    keep_local(page, blocked)
    return context, page


def _open(page, url: str) -> None:
    page.goto(url)
    wait_for_app(page, timeout_ms=TIMEOUT)
    if dismiss_page_not_found(page):
        wait_for_app(page, timeout_ms=TIMEOUT)


# --- the lobby ------------------------------------------------------------------------------


def host(page, base_url: str, name: str) -> str:
    """Open /border_attack, host a table with seat 2 open for a classmate; the table code."""
    _open(page, f"{base_url}/border_attack")
    open_expander(page, "Play with others")
    panel = page.get_by_role("tabpanel").filter(has=page.get_by_role("button", name="Open the"))
    panel.get_by_label("Your name").fill(name)
    panel.get_by_label("Your name").press("Tab")
    assert panel.get_by_role("combobox", name="Seat 2").input_value() == "Open for a classmate"
    wait_for_app(page, timeout_ms=TIMEOUT)
    page.get_by_role("button", name="Open the table").click()
    page.get_by_text("Your table is open").wait_for(timeout=TIMEOUT)
    wait_for_app(page, timeout_ms=TIMEOUT)
    text = page.get_by_test_id("stAlertContentSuccess").first.inner_text()
    code = re.search(r"Table code: (\w+)", text)
    assert code, text
    assert "seat=" in page.url
    return code[1]


def join(page, base_url: str, code: str, name: str) -> None:
    """Open the table's join link, type a name, join."""
    _open(page, f"{base_url}/border_attack?table={code}")
    # The join screen, not a frame of the page drawn before the script's run has shown it
    # (wait_for_app can return before the status widget first appears).
    screen = page.get_by_text("Join a table of Border Attack.")
    try:
        screen.wait_for(timeout=TIMEOUT)
    except PlaywrightTimeout:
        main = page.get_by_test_id("stMain").inner_text()
        raise AssertionError(f"no join screen at {page.url}:\n{main[:2000]}") from None
    wait_for_app(page, timeout_ms=TIMEOUT)
    assert page.get_by_label("Table code").input_value() == code
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Join the table").click()
    page.get_by_text(f"You are at table {code}, seat 2").wait_for(timeout=TIMEOUT)
    wait_for_app(page, timeout_ms=TIMEOUT)
    assert "seat=" in page.url and "table=" not in page.url


def start(page, guest: str) -> None:
    """The host's page shows the guest in seat 2 (by itself), then Start the game."""
    page.get_by_text(f"Seat 2: {guest}").wait_for(timeout=TIMEOUT)
    wait_for_app(page, timeout_ms=TIMEOUT)
    button = page.get_by_role("button", name="Start the game")
    assert button.is_enabled()
    button.click()
    page.get_by_text("Table ").filter(has_text="game 1").first.wait_for(timeout=TIMEOUT)


def seat_token(page) -> str:
    """The seat token in the page's address (``?seat=``)."""
    found = re.search(r"[?&]seat=([^&]+)", page.url)
    assert found, page.url
    return found[1]


# --- one move -------------------------------------------------------------------------------

_KINDS = {
    "lead": lambda p: p.get_by_text("Choose a category, then the card to lead"),
    "follow": lambda p: p.get_by_text("You announce"),
    "guess": lambda p: p.get_by_role("button", name=re.compile(r"^Guess")),
    "discard": lambda p: p.get_by_role("button", name="Discard", exact=True),
}


def move_widgets(page):
    """A locator matching any of the move widgets (the page whose turn it is shows one)."""
    found = None
    for make in _KINDS.values():
        found = make(page) if found is None else found.or_(make(page))
    return found.first


def waiting_text(page):
    """The seat notes' "Waiting for NAME…" (not a trick's "Waiting for NAME's answer…")."""
    return page.locator("strong").filter(has_text=re.compile(r"^Waiting for .*…$"))


def _kind(page) -> str:
    move_widgets(page).wait_for(timeout=TIMEOUT)
    wait_for_app(page, timeout_ms=TIMEOUT)
    for kind, make in _KINDS.items():
        if make(page).first.is_visible():
            return kind
    raise AssertionError("no move widget on the page")


def play_move(page, picks: list[str] | None = None) -> tuple[str, float]:
    """Play one legal move with the page's widgets; ``picks`` (USPS codes) is the guess,
    else the first states the guess box offers. Returns the kind of move and the
    ``perf_counter`` time of the click that played it."""
    kind = _kind(page)
    if kind == "lead":
        page.get_by_role("radio", name="Size", exact=True).click()
        wait_for_app(page, timeout_ms=TIMEOUT)
        button = page.get_by_role("button", name="Lead ·").and_(page.locator(":enabled")).first
    elif kind == "follow":
        page.get_by_role("radio", name="Announce its name", exact=True).click()
        wait_for_app(page, timeout_ms=TIMEOUT)
        button = page.get_by_role("button", name="Play ·").first
    elif kind == "discard":
        button = page.get_by_role("button", name="Discard", exact=True).first
    else:
        single = page.get_by_role("textbox", name="The state", exact=True)
        many = page.get_by_role("textbox", name="Its border states", exact=True)
        if single.count():  # typed from memory, the default
            single.fill(NAMES[picks[0]] if picks else NAMES[BY_NAME[0]])
            button = page.get_by_role("button", name="Guess", exact=True)
        elif many.count():
            # "Name all 4 of Ohio's border states", or "the 1 border state of Maine"
            said = re.search(
                r"Name (?:all (\d+) of (.+?)'s border states|the (\d+) border state of (.+?):)",
                _main(page),
            )
            n, named = int(said[1] or said[3]), said[2] or said[4]
            options = [c for c in BY_NAME if NAMES[c] != named]
            many.fill(", ".join(NAMES[c] for c in picks or options[:n]))
            button = page.get_by_role("button", name="Guess", exact=True)
        else:  # a state with no border states was named
            button = page.get_by_role("button", name=re.compile(r"^Guess: ")).first
    button.wait_for(timeout=TIMEOUT)
    assert button.is_enabled(), kind
    at = time.perf_counter()
    button.click()
    return kind, at


def _main(page) -> str:
    return page.inner_text("[data-testid='stMain']")


def log_lines(page) -> int:
    """How many lines the page's Game log holds (the expander's content is on the page even
    while it is closed)."""
    log = page.get_by_test_id("stExpander").filter(has_text="Game log")
    return log.locator("li").count()


def wait_for_lines(page, more_than: int, timeout: float = APPEAR_BOUND) -> float:
    """Wait until the page's Game log holds more than ``more_than`` lines; the time it did."""
    deadline = time.perf_counter() + timeout
    while log_lines(page) <= more_than:
        assert time.perf_counter() < deadline, f"the move did not show within {timeout} s"
        page.wait_for_timeout(50)
    return time.perf_counter()


# --- what is secret -------------------------------------------------------------------------


def hidden_from(state, viewer: int) -> set[str]:
    """The cards the other seat holds unseen by ``viewer`` now: its hand, and its face-down
    answer (until it is played)."""
    other = 1 - viewer
    hidden = {c.usps for c in state.hands[other]}
    if state.committed is not None and state.leader == viewer:
        hidden.add(state.committed.usps)
    return hidden


def public_so_far(game: str, options: dict, seed: int, actions: list) -> set[str]:
    """Every state a page may name by now without telling a hidden card: played and
    discarded cards (and their border states, which the guess sentences name), every state
    an announcement or a guess named, and the cards led."""
    state = tables.deal(game, options, seed)
    public: set[str] = set()
    for action in actions:
        state.apply(action)
        for seat in (0, 1):
            for card in (*state.played[seat], *state.discards[seat]):
                public |= {card.usps, *card.borders}
        if state.led is not None:
            public.add(state.led.usps)
        ann = state.announcement
        if ann is not None:
            public |= {ann.usps} if ann.usps else set()
            public |= set(ann.borders or ())
        if isinstance(action, GuessState):
            public.add(action.usps)
        elif isinstance(action, GuessBorders):
            public |= set(action.borders)
    return public


@dataclass
class Secrets:
    """The table at one moment, as the secrecy check needs it."""

    hidden: dict[int, set[str]]  #: per seat: what the other seat holds unseen, not yet named
    public: set[str]
    hands: dict[int, set[str]]
    held: dict[int, set[str]]  #: per seat: every card the other seat holds unseen

    @classmethod
    def now(cls, db, table_id: int) -> Secrets:
        snap = tables.snapshot(db, table_id)
        state = snap.state
        actions = [m.action for m in snap.moves]
        seed = tables.round_seed(snap.seed, snap.table.round)
        public = public_so_far(snap.table.game, snap.table.options, seed, actions)
        held = {s: hidden_from(state, s) for s in (0, 1)}
        return cls(
            {s: held[s] - public for s in (0, 1)},
            public,
            {s: {c.usps for c in state.hands[s]} for s in (0, 1)},
            held,
        )


#: fields whose strings are the same for every deal: the options of a widget (the guess
#: boxes list all 50 states)
_CONSTANT_FIELDS = {"options"}
_RULES_MARK = "**The goal.**"


def _strings(message: Message, out: list[str]) -> None:
    for descriptor, value in message.ListFields():
        if descriptor.name in _CONSTANT_FIELDS:
            continue
        if isinstance(value, Message | str | bytes):
            values = [value]
        elif hasattr(value, "keys"):  # a map field: its keys and its values
            values = [*value.keys(), *value.values()]
        elif isinstance(value, bool | int | float):
            continue
        else:
            values = list(value)
        for v in values:
            if isinstance(v, Message):
                _strings(v, out)
            elif isinstance(v, str) and _RULES_MARK not in v:
                out.append(v)
            elif isinstance(v, bytes):
                out.append(v.decode("utf-8", "replace"))


def frame_texts(frame: bytes | str) -> list[str]:
    """The strings a frame carries, but the widgets' options and the rules (the same for
    every deal, and they name states without telling anything)."""
    if isinstance(frame, str):
        return [frame]
    try:
        message = ForwardMsg.FromString(frame)
    except DecodeError:
        return [frame.decode("utf-8", "replace")]
    out: list[str] = []
    _strings(message, out)
    return out


def _map_codes(text: str) -> set[str]:
    """The states a map's data paints or annotates (its JSON names them by USPS code)."""
    if '"roles"' not in text:
        return set()
    try:
        data = json.loads(text)
    except ValueError:
        return set()
    if not isinstance(data, dict):
        return set()
    codes = set(data.get("roles") or {}) | set(data.get("notes") or {})
    codes |= set(data.get("selected") or [])
    return codes


#: any state's name as a whole (West Virginia is not Virginia, Arkansas not Kansas)
_ANY_NAME = re.compile(
    r"\b(" + "|".join(re.escape(n) for n in sorted(NAMES.values(), key=len, reverse=True)) + r")\b"
)
_CODES = {name: code for code, name in NAMES.items()}


def named_states(text: str) -> set[str]:
    """The states (USPS codes) ``text`` names."""
    return {_CODES[m] for m in _ANY_NAME.findall(text)}


def leaks_in_texts(texts: list[str], hidden: set[str]) -> set[str]:
    """The hidden states (USPS codes) named in ``texts``: by name anywhere, or by code in a
    map's data."""
    found = set()
    for text in texts:
        found |= named_states(text) & hidden
        found |= _map_codes(text) & hidden
    return found


_PAGE_TEXT_JS = """
() => {
  const copy = document.querySelector("[data-testid='stApp']").cloneNode(true);
  copy.querySelectorAll('.gpm, script, style').forEach((el) => el.remove());
  copy.querySelectorAll("[data-testid='stExpander']").forEach((el) => {
    if (el.innerText.includes('How to play')) el.remove();
  });
  return copy.outerHTML;
}
"""


def page_html(page) -> str:
    """``page.content()`` of the app but its map (its outlines carry all 50 names: its data
    is checked in the frames) and the rules."""
    assert page.content()
    return page.evaluate(_PAGE_TEXT_JS)


class Frames:
    """Every WebSocket frame the page receives (across reloads)."""

    def __init__(self, page) -> None:
        self.frames: list[bytes | str] = []
        self._texts: list[str] = []
        self._done = 0
        page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(payload))

    def start(self) -> None:
        """Check only the frames from now on (before, the page showed a game against the
        AI, with a hand of its own)."""
        self._done, self._texts = len(self.frames), []

    def texts(self) -> list[str]:
        while self._done < len(self.frames):
            self._texts.extend(frame_texts(self.frames[self._done]))
            self._done += 1
        return self._texts


def tiles_in_texts(texts: list[str], cards: set[str]) -> set[str]:
    """The ``cards`` (USPS codes) drawn as a card tile in ``texts``: a tile carries its name
    as its band's first line and (unless dimmed) as its title. A card held hidden is never
    drawn, even once the game has named its state (late in a game nearly every state has
    been named by some announcement, guess or border list)."""
    found = set()
    for code in cards:
        name = re.escape(NAMES[code])
        tile = re.compile(rf"<span>{name}</span><small>|title=['\"]{name}['\"]")
        if any(tile.search(text) for text in texts):
            found.add(code)
    return found


def leaks(frames: Frames, page, seat: int, secrets: Secrets) -> set[str]:
    """The states the other seat holds hidden that this seat's frames (all so far) or its
    page name while the game has not named them, or draw as a card tile at any time."""
    texts = [*frames.texts(), page_html(page)]
    return leaks_in_texts(texts, secrets.hidden[seat]) | tiles_in_texts(texts, secrets.held[seat])


# --- a whole game ---------------------------------------------------------------------------


@dataclass
class Game:
    """Two pages at one table, seat 0 (the host) and seat 1."""

    db: object
    table_id: int
    pages: dict[int, object]
    names: dict[int, str]
    frames: dict[int, Frames] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)
    checks: int = 0

    def snapshot(self):
        return tables.snapshot(self.db, self.table_id)

    def __post_init__(self) -> None:
        for frames in self.frames.values():
            frames.start()

    def check_secrets(self) -> None:
        """No page names a card the other seat holds hidden now."""
        if not self.frames:
            return
        secrets = Secrets.now(self.db, self.table_id)
        for seat, page in self.pages.items():
            found = leaks(self.frames[seat], page, seat, secrets)
            assert not found, f"seat {seat + 1}'s page names hidden cards {sorted(found)}"
        self.checks += 1

    def right_guess(self, state) -> list[str]:
        """The right answer to the announcement (public: it follows from the map)."""
        ann = state.announcement
        if ann.usps is not None:
            return sorted(by_usps()[ann.usps].borders)
        return [c.usps for c in deck() if c.borders == frozenset(ann.borders or ())][:1]

    def move(self) -> str:
        """One move by the seat to act; asserts the other page shows it by itself."""
        snap = self.snapshot()
        seat = snap.state.current_player
        assert seat is not None
        mover, other = self.pages[seat], self.pages[1 - seat]
        move_widgets(mover).wait_for(timeout=TIMEOUT)
        waiting_text(other).wait_for(timeout=TIMEOUT)
        assert self.names[seat] in waiting_text(other).inner_text()
        assert not move_widgets(other).is_visible()
        picks = None
        if snap.state.phase == GUESS and len(self.times) % 3 != 2:  # two right guesses in three
            picks = self.right_guess(snap.state)
        lines = log_lines(other)
        kind, clicked = play_move(mover, picks)
        seen = wait_for_lines(other, lines)
        self.times.append(seen - clicked)
        deadline = time.monotonic() + TIMEOUT / 1000
        while self.snapshot().seq != snap.seq + 1:
            assert time.monotonic() < deadline, "the move never reached the store"
            time.sleep(0.05)
        wait_for_app(mover, timeout_ms=TIMEOUT)
        wait_for_app(other, timeout_ms=TIMEOUT)
        return kind

    def play(
        self,
        *,
        moves: int | None = None,
        after: Callable[[Game, int], None] | None = None,
        check_every: int = 4,
    ) -> int:
        """Play until the game is over (or ``moves`` moves); ``after(game, n)`` runs after the
        ``n``-th move; the secrets are checked every ``check_every`` moves and at the end of
        each trick. Returns the number of moves played."""
        n = 0
        while not self.snapshot().state.is_over and (moves is None or n < moves):
            self.move()
            n += 1
            phase = self.snapshot().state.phase
            if n % check_every == 0 or phase in (LEAD, WIN_DISCARD, BONUS_DISCARD):
                self.check_secrets()
            if after is not None:
                after(self, n)
        return n

    def report(self, label: str) -> None:
        t = sorted(self.times)
        print(
            f"{label}: {len(t)} moves; the other page showed each move "
            f"{statistics.median(t):.2f} s (median), {t[int(0.9 * (len(t) - 1))]:.2f} s "
            f"(90th percentile), {t[-1]:.2f} s (max) after the click; "
            f"{sum(x > 2 for x in t)} over 2 s"
        )
        print("times: " + " ".join(f"{x:.2f}" for x in self.times))


SEED = 20260303  #: the deal of the near-finished table (any deal would do; this one is the
#: same in every run)


def near_end(db, seed: int = SEED, names: tuple[str, str] = ("Ana", "Ben")):
    """A two-seat Border Attack table made in the store (the host and a guest, then started),
    dealt from ``seed`` (set in place of the secret one before anybody looks at the table), and
    played through the store, a bot per seat choosing from its own observation, until the
    deck is empty and a hand holds at most two cards at a lead: a few moves before the end.
    Returns the table's id and the seat tokens."""
    made = tables.create(db, "border_attack", names[0])
    with db.write() as session:
        session.execute(sa.update(GameTable).where(GameTable.id == made.table.id).values(seed=seed))
    _, guest = tables.join(db, made.table.code, names[1])
    tables.start(db, made.token)
    tokens = {0: made.token, 1: guest}

    def close(snap) -> bool:
        state = snap.state
        return state.phase == LEAD and not state.deck and min(map(len, state.hands)) <= 2

    play_in_store(db, made.table.id, tokens, close, seed=seed)
    return made.table.id, tokens


def open_seats(chromium, blocked, urls: tuple[str, str], db, context_for=None):
    """The near-finished table (:func:`near_end`) on two pages, each opened at its seat's link
    (seat 1 on ``urls[0]``, seat 2 on ``urls[1]``; ``context_for(seat)`` makes a page's
    browser context, by default :func:`player_page`'s); returns the game and the contexts."""
    table_id, tokens = near_end(db)
    contexts, pages, frames = [], {}, {}
    names = {0: "Ana", 1: "Ben"}
    for seat in (0, 1):
        context, page = (context_for or (lambda s: player_page(chromium, blocked)))(seat)
        contexts.append(context)
        pages[seat], frames[seat] = page, Frames(page)
        _open(page, f"{urls[seat]}/border_attack?seat={tokens[seat]}")
        page.get_by_text(f"{names[seat]} (you)").first.wait_for(timeout=TIMEOUT)
        page.locator(".gp-card").first.wait_for(timeout=TIMEOUT)
        wait_for_app(page, timeout_ms=TIMEOUT)
    return Game(db, table_id, pages, names, frames), contexts


def check_the_end(game: Game) -> None:
    """Both pages show the result and the log; the host has the Rematch button."""
    state = game.snapshot().state
    assert state.is_over
    for seat, page in game.pages.items():
        page.get_by_text("Game over").first.wait_for(timeout=TIMEOUT)
        wait_for_app(page, timeout_ms=TIMEOUT)
        main = _main(page)
        won = state.winner == seat
        assert ("so you win" in main) == won, main
        assert "Tricks won: you" in main and "Cards got rid of: you" in main
        log = open_expander(page, "Game log")
        assert log.locator("li").count() >= len(game.snapshot().moves)
        rematch = page.get_by_role("button", name="Rematch: a new deal at this table")
        assert rematch.count() == (1 if seat == 0 else 0)
        if seat == 1:
            assert "The host can offer a rematch" in main
    game.check_secrets()


def hand_on_page(page) -> set[str]:
    """The names on the page's card tiles (its hand, and the cards on the table)."""
    return set(
        page.eval_on_selector_all(".gp-card .band", "els => els.map(e => e.firstChild.textContent)")
    )
