"""Shared tables under load: 20 tables of 4 people at GeoPower Toss on real app servers.

    PYTHONPATH=. python benchmarks/tables_load.py [--tables 20] [--duration 60]
        [--servers 1|2] [--db postgresql|sqlite] [--think 2,4] [--json]
    PYTHONPATH=. python benchmarks/tables_load.py --tournament 16 --servers 2

With ``--tournament TEAMS`` the tables are a tournament's instead (issue 32): ``TEAMS`` teams,
one round begun, each table two teams at the first game of an "All" round (Border Attack), and
each seat's session opens its team's page (``/tournament?team=CODE``, which draws the game at
the team's seat) instead of the game page; the moves and the timing are the same.

What runs:

* **The database**: a fresh PostgreSQL database made on ``--pg`` (default the local server;
  dropped afterwards, as ``tests/databases.py`` does), or with ``--db sqlite`` a SQLite file in
  a temporary folder. The servers get it as ``GEOPLUNGE_DATABASE_URL``.
* **The servers**: ``streamlit run streamlit_app.py`` started by ``benchmarks/load.py``'s
  ``one_server``; with ``--servers 2`` two of them on the same database, no load balancer:
  seat ``s`` of table ``t`` connects to server ``(t + s) % 2``, so every table has two seats on
  each server and a move always has to cross from one process to the other through the
  database.
* **The tables**: this process creates them with ``store.tables.create/join/start`` (4
  person seats, no AI, stand-in after the default idle time), so it holds the 80 seat tokens.
* **The sessions**: one protocol-level client per seat (``benchmarks/load.py``'s ``Tab``: the
  page's HTML, the host config, the WebSocket, ``rerun_script`` ``BackMsg``s, the message
  cache) opens ``/geopower_toss?seat=TOKEN``. While its page waits, the page's watcher
  ``st.fragment(run_every=1.0)`` announces itself with an ``auto_rerun`` message; the client
  then does what the browser's timer does: every second it sends a **real fragment rerun**
  (``rerun_script`` with that ``fragment_id`` and ``is_auto_rerun``), so the server runs only
  the fragment (``ui.games.shared.autoplay.play_ai_turns`` and ``view``), and, when the
  fragment sees the table changed, its ``st.rerun()`` reruns the whole page, read to its
  ``script_finished``. One difference
  with a browser: the browser's timer fires every second whether or not the last run is over;
  this client sends the next fragment rerun one second after it sent the last one, or at once
  when that run took longer (it never has two runs open on one session).
* **The moves**: the seat to act (read from the store with ``tables.view``, after each full
  rerun of its page and at least every 5 s) waits a think time (``--think``, default 2–4 s),
  chooses its move with ``engine.bots.make_bot(game, "easy", seat, seed=…)`` from its own
  observation and sends it with ``tables.append`` from this process. That call stands for the
  click: in a browser the click's rerun makes the same call inside the server. The moment
  ``append`` returns (the row committed) is the move's time. Then the mover's session sends a
  full rerun, as the click's rerun would, and its page goes back to waiting.
* **Appearance** (what the figures time): a move has appeared on another seat when that
  seat's session finishes a full page rerun whose rendered page shows the new state. The page
  says whose turn it is (``**Waiting for NAME…**`` under the table line; no such line when it
  is the seat's own turn or the game is over); each player is named after its table and seat,
  so the line names the seat. A full rerun counts for the moves committed before its
  ``new_session`` reached the client, if the seat it shows to act is the seat to act after the
  last of them (else it showed an older table: counted as *stale renders*, and the move waits
  for the next rerun). A move that leaves the turn with the same seat (a trick won by its last
  card) is seen by this check only through the turn, so there the rerun's start after the
  commit is what makes it count. The time is from the commit to the end of that rerun (the
  last message of the run reached the client), for each of the 3 other seats.
* **Window**: all 80 sessions open their page first (the warm-up); moves start
  ``--warmup`` seconds after the last page opened, and the moves committed in the next
  ``--duration`` seconds are the measured ones (appearances are awaited up to
  ``--grace`` seconds more). Server CPU (utime + stime of the server processes, from /proc,
  as load.py measures it) and this client's CPU are taken over the window, as a share of
  one core.

Known, at the commit this was written for: the GeoPower Toss page reads seat 0's observation
(``state.observation(HUMAN)``), so at a shared table the pages of seats 2–4 stop with
"a seat's screen sees only its own observation" after the table line and the waiting line
(the watcher is drawn before that). Those exceptions are counted and printed; they make the
full reruns of three seats in four cheaper than a working page's, so until the page is fixed
the figures are a lower bound of a full rerun's cost.

Printed: the number of moves, appearances p50/p95/max, moves not seen by some seat by the end,
stale renders, errors (connections, time-outs, refused moves), exceptions shown on the pages,
server CPU, client CPU and the machine's load average (``benchmarks/_machine.py``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import store.db  # noqa: E402
import store.tables as tables  # noqa: E402
from benchmarks._machine import machine  # noqa: E402
from benchmarks.load import (  # noqa: E402
    Tab,
    cpu_seconds,
    error_kind,
    one_server,
    quantile,
    think,
)
from engine.bots import make_bot  # noqa: E402
from store import tournament  # noqa: E402
from tests.databases import postgres_database, sqlite_database  # noqa: E402

GAME = "geopower_toss"
PAGE = "/geopower_toss"
SEATS = 4
PG_BASE = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
FRAGMENT_DONE = ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY
WAITING = re.compile(r"^\*\*Waiting for (.+?)…\*\*")
STORE_EVERY = 5.0  #: seconds: a session reads the store at least this often


# --- the database ----------------------------------------------------------------------------


@contextmanager
def fresh_database(kind: str, pg_base: str) -> Iterator[str]:
    """A new SQLite file, or a new PostgreSQL database on ``pg_base`` (dropped afterwards)."""
    if kind == "sqlite":
        with (
            tempfile.TemporaryDirectory(prefix="geoplunge-tables-") as folder,
            sqlite_database(Path(folder)) as url,
        ):
            yield url
    else:
        with postgres_database(pg_base) as url:
            yield url


def seat_name(table: int, seat: int) -> str:
    return f"T{table + 1}S{seat + 1}"


@dataclass
class TableRun:
    """One table: its id, its seats' tokens, every move this benchmark made there, its game,
    each seat's page and the names the pages give the seats."""

    index: int
    id: int
    tokens: list[str]
    moves: list[Move] = field(default_factory=list)
    game: str = GAME
    pages: list[str] = field(default_factory=list)  #: each seat's page (path and query)
    names: list[str] = field(default_factory=list)

    @property
    def seats(self) -> int:
        return len(self.tokens)


@dataclass
class Move:
    seq: int
    seat: int
    at: float  #: time.monotonic() when append returned
    to_act: int | None  #: the seat to act after it (None: the game is over)
    measured: bool
    seen: dict[int, float] = field(default_factory=dict)  #: seat → seconds to appearance


def make_tables(db: store.db.Database, n: int) -> list[TableRun]:
    made = []
    for t in range(n):
        new = tables.create(db, GAME, seat_name(t, 0), players=SEATS)
        tokens = [new.token]
        for s in range(1, SEATS):
            info, token = tables.join(db, new.table.code, seat_name(t, s))
            assert info.seat == s
            tokens.append(token)
        tables.start(db, new.token)
        pages = [f"{PAGE}?seat={token}" for token in tokens]
        names = [seat_name(t, s) for s in range(SEATS)]
        made.append(TableRun(t, new.table.id, tokens, pages=pages, names=names))
    return made


def make_tournament(db: store.db.Database, teams: int) -> list[TableRun]:
    """A tournament of ``teams`` teams whose first round has begun: its tables (the first
    game of an "All" round), each seat a team's, its page the team's page."""
    key = "benchmark-teacher-key"
    t = tournament.create(db, "Benchmark cup", key, ["All"], [("all", 20)])
    division = tournament.divisions(db, t.id)[0][0]
    made = [tournament.add_team(db, key, division, f"Team {i + 1}") for i in range(teams)]
    t = tournament.start_round(db, key, t.version)
    board = tournament.board(db, t.id)
    runs = []
    for index, m in enumerate(board.round(1)):
        if m.team_b is None:
            continue  # a bye: the AI's table, no second page
        game = m.current
        order = [m.team_a, m.team_b] if game.seat_a == 0 else [m.team_b, m.team_a]
        teams_at = [board.team(x) for x in order]
        tokens = [tournament.seat_token(t.seed, x.code, m.id, game.n) for x in teams_at]
        pages = [f"/tournament?team={x.code}" for x in teams_at]
        names = [x.name for x in teams_at]
        runs.append(TableRun(index, game.table_id, tokens, game=game.game, pages=pages,
                             names=names))  # fmt: skip
    assert len(made) == teams
    return runs


# --- one seat's session ----------------------------------------------------------------------


class SeatTab(Tab):
    """A :class:`Tab` that follows the page's look as a browser does: a fragment with
    ``run_every`` (the ``auto_rerun`` it announces: the floor pages), or the app's pulse
    (``ui.stream``: the page draws its component inside the look's fragment; the tab reads the
    stream of changes the component names, through nginx with the tab's cookies, and sends the
    component's ``look`` trigger as the fragment's rerun when a change comes, every ``every``
    seconds if the page asks for it, and every ``fallback`` seconds while the stream says
    ``poll`` or is not there). Fragment runs end with ``FINISHED_FRAGMENT_RUN_SUCCESSFULLY``;
    a run is a full one when its ``new_session`` has no fragment ids."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fragment_id: str | None = None
        self.full_started: float | None = None  #: monotonic time of the last full run's start
        self.pulse: dict | None = None  #: the pulse the last run drew (id, fragment, data)
        self._drawn: dict | None = None
        self.push = False  #: the stream says it hears every change
        self.news = asyncio.Event()  #: a change came since the last look was sent
        self.last_look = time.monotonic()
        self.looks = 0
        self._stream: asyncio.Task | None = None
        self._stream_url: str | None = None

    def _handle(self, fwd: ForwardMsg) -> bool:
        kind = fwd.WhichOneof("type")
        if kind == "new_session":
            self._drawn = None
            if not fwd.metadata.run.fragment_ids:
                self.full_started = time.monotonic()
                self.fragment_id = None  # the frontend drops its timers when a full run starts
        elif kind == "auto_rerun":
            self.fragment_id = fwd.auto_rerun.fragment_id or None
        elif kind == "stop_auto_rerun":
            self.fragment_id = None
        drawn = fwd
        if kind == "ref_hash" and fwd.ref_hash in self.cache:  # drawn as in an earlier run
            drawn = self.cache[fwd.ref_hash][0]
        if drawn.WhichOneof("type") == "delta" and drawn.delta.WhichOneof("type") == "new_element":
            element = drawn.delta.new_element
            if element.WhichOneof("type") == "bidi_component":
                component = element.bidi_component
                if component.component_name.endswith("geoplunge_pulse"):
                    data = json.loads(component.json) if component.json else {}
                    self._drawn = {"id": component.id, "fragment": drawn.delta.fragment_id,
                                   **data}  # fmt: skip
        if kind == "script_finished":
            self.pulse = self._drawn
            if self.pulse is not None and self.pulse["url"] != self._stream_url:
                self._listen(self.pulse["url"])
            if fwd.script_finished == FRAGMENT_DONE:
                return True
        return super()._handle(fwd)

    def next_look(self) -> float | None:
        """When the page's next look is due (now, for a change heard; ``None``: none until a
        change comes)."""
        if self.pulse is not None:
            if self.news.is_set():
                return 0.0  # at once
            every = self.pulse.get("every") if self.push else self.pulse.get("fallback")
            return self.last_look + every if every else None
        if self.fragment_id is not None:
            return self.last_look + 1.0
        return None

    async def until_look(self, deadline: float) -> None:
        """Sleep until the next look is due, a change is heard, or ``deadline``."""
        due = self.next_look()
        wake = deadline if due is None else min(deadline, due)
        if wake > time.monotonic():
            with suppress(TimeoutError):
                await asyncio.wait_for(self.news.wait(), wake - time.monotonic())

    async def fragment_rerun(self) -> None:
        """The look: the pulse's trigger as its fragment's rerun, or the fragment's auto-rerun."""
        self.news.clear()
        self.last_look = time.monotonic()
        self.looks += 1
        msg = self.rerun_message()
        if self.pulse is not None:
            msg.rerun_script.fragment_id = self.pulse["fragment"]
            state = msg.rerun_script.widget_states.widgets.add()
            state.id = _make_trigger_id(self.pulse["id"], "events")
            cause = "change" if self.push else "poll"
            look = {"n": self.looks, "cause": cause}
            state.json_trigger_value = json.dumps([{"event": "look", "value": look}])
        else:
            msg.rerun_script.fragment_id = self.fragment_id or ""
            msg.rerun_script.is_auto_rerun = True
        await self.send_and_wait(msg)

    def _listen(self, url: str) -> None:
        if self._stream is not None:
            self._stream.cancel()
        self._stream_url = url
        self._stream = asyncio.get_running_loop().create_task(self._read_stream(url))

    async def _read_stream(self, url: str) -> None:
        """Read the stream of changes as an ``EventSource`` does, again 2 s after it ends."""
        while True:
            try:
                reader, writer = await asyncio.open_connection(self.host, self.port)
                cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
                writer.write(
                    f"GET {url} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
                    f"Cookie: {cookie}\r\nAccept: text/event-stream\r\n\r\n".encode()
                )
                await writer.drain()
                event = ""
                while line := await reader.readline():
                    text = line.decode("utf-8", "replace").strip()
                    if text.startswith("event:"):
                        event = text[6:].strip()
                    elif text.startswith("data:") and event == "state":
                        self.push = text[5:].strip() == "push"
                        self.news.set()
                    elif text.startswith("data:") and event == "change":
                        self.news.set()
                writer.close()
            except (OSError, asyncio.IncompleteReadError):
                pass
            self.push = False
            await asyncio.sleep(2)

    async def close(self) -> None:
        if self._stream is not None:
            self._stream.cancel()
        await super().close()

    def shown_to_act(self, me: int, names: dict[str, int]) -> int | None:
        """The seat the last full run's page shows to act (``me`` when no one is waited for)."""
        for _, element in sorted(self._elements.items()):
            if element.WhichOneof("type") == "markdown":
                found = WAITING.match(element.markdown.body)
                if found:
                    return names.get(found.group(1).replace("\\", ""), -1)
        return me


@dataclass
class Tally:
    errors: dict[str, int] = field(default_factory=dict)
    page_exceptions: dict[str, int] = field(default_factory=dict)
    full_reruns: int = 0
    fragment_reruns: int = 0
    stale_renders: int = 0
    run_seconds: list[float] = field(default_factory=list)  #: fragment runs that did not rerun

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


@dataclass
class Clock:
    go: float = 0.0  #: moves start
    end: float = 0.0  #: moves after this are not measured, and no new move starts
    stop: float = 0.0  #: sessions stop


async def seat_session(
    base: str,
    db: store.db.Database,
    table: TableRun,
    seat: int,
    clock: Clock,
    opened: asyncio.Event,
    all_open: asyncio.Event,
    args: argparse.Namespace,
    tally: Tally,
) -> None:
    rng = random.Random(args.seed * 1000 + table.index * table.seats + seat)
    token = table.tokens[seat]
    names = {name: s for s, name in enumerate(table.names)}
    names["You"] = seat
    tab = SeatTab(base, table.pages[seat], args.timeout)
    reported = 0  # page exceptions already counted

    def take_exceptions() -> None:
        nonlocal reported
        for message in tab.exceptions[reported:]:
            key = message[:80]
            tally.page_exceptions[key] = tally.page_exceptions.get(key, 0) + 1
        reported = len(tab.exceptions)

    def after_full_run(done: float) -> None:
        """Mark the other seats' moves this full run showed as appeared on this seat."""
        tally.full_reruns += 1
        started = tab.full_started or done
        pending = [m for m in table.moves if m.seat != seat and seat not in m.seen]
        before = [m for m in pending if m.at <= started]
        if not before:
            return
        shown, expected = tab.shown_to_act(seat, names), before[-1].to_act
        if shown != (seat if expected is None else expected):  # over: no one is waited for
            tally.stale_renders += 1
            return
        for move in before:
            move.seen[seat] = done - move.at

    try:
        await tab.open()
        take_exceptions()
        opened.set()
        await all_open.wait()
        last_store = 0.0
        my_turn_since: float | None = None
        view = None
        checked_runs = tab.runs
        while time.monotonic() < clock.stop:
            now = time.monotonic()
            if tab.runs != checked_runs or now - last_store >= STORE_EVERY:
                checked_runs = tab.runs
                view = await asyncio.to_thread(tables.view, db, token)
                last_store = time.monotonic()
                if view.my_turn and my_turn_since is None:
                    my_turn_since = last_store
                    pause = rng.uniform(*args.think)
            if (
                view is not None
                and view.my_turn
                and my_turn_since is not None
                and clock.go <= now < clock.end
                and now >= max(my_turn_since, clock.go) + pause
            ):
                await make_move(db, table, seat, token, view, rng, clock, tally)
                my_turn_since, view = None, None
                await tab.rerun(None)  # the click's rerun: the page shows the move and waits
                take_exceptions()
                checked_runs = -1
                continue
            due = tab.next_look()
            if due is not None and now >= due:
                runs = tab.runs
                start = time.monotonic()
                await tab.fragment_rerun()
                tally.fragment_reruns += 1
                take_exceptions()
                if tab.runs != runs:  # the fragment saw a change: the page reran
                    after_full_run(time.monotonic())
                else:
                    tally.run_seconds.append(time.monotonic() - start)
                continue
            wake = min(last_store + STORE_EVERY, clock.stop)
            if view is not None and view.my_turn and my_turn_since is not None:
                wake = min(wake, max(my_turn_since, clock.go) + pause)
            await tab.until_look(wake)
    except Exception as exc:  # a session's failure is a figure, not a crash
        tally.error(error_kind(exc))
        opened.set()
    finally:
        take_exceptions()
        await tab.close()


async def make_move(
    db: store.db.Database,
    table: TableRun,
    seat: int,
    token: str,
    view: tables.SeatView,
    rng: random.Random,
    clock: Clock,
    tally: Tally,
) -> None:
    bot = make_bot(table.game, "easy", seat, seed=rng.getrandbits(32))
    action = bot.act(view.observation)
    try:
        seq = await asyncio.to_thread(tables.append, db, table.id, token, view.seq, action)
    except tables.TableError as refused:
        tally.error(f"move refused: {type(refused).__name__}")
        return
    at = time.monotonic()
    after = await asyncio.to_thread(tables.view, db, token)
    to_act = None if after.over else after.to_act
    table.moves.append(Move(seq, seat, at, to_act, clock.go <= at < clock.end))


# --- the run ---------------------------------------------------------------------------------


async def run(urls: list[str], db: store.db.Database, made: list[TableRun], args, pids) -> dict:
    clock = Clock()
    tally = Tally()
    sessions = []
    opened = []
    all_open = asyncio.Event()
    for table in made:
        for seat in range(table.seats):
            url = urls[(table.index + seat) % len(urls)]
            event = asyncio.Event()
            opened.append(event)
            sessions.append(seat_session(url, db, table, seat, clock, event, all_open, args, tally))
    tasks = [asyncio.create_task(s) for s in sessions]
    started = time.perf_counter()
    clock.stop = time.monotonic() + 3600  # until set below
    for event in opened:
        await event.wait()
    open_seconds = time.perf_counter() - started
    now = time.monotonic()
    clock.go = now + args.warmup
    clock.end = clock.go + args.duration
    clock.stop = clock.end + args.grace
    all_open.set()
    await asyncio.sleep(max(0.0, clock.go - time.monotonic()))
    client_before, server_before = time.process_time(), cpu_seconds(pids)
    wall_start = time.perf_counter()
    await asyncio.sleep(max(0.0, clock.end - time.monotonic()))
    wall = time.perf_counter() - wall_start
    server_cpu = cpu_seconds(pids) - server_before
    client_cpu = time.process_time() - client_before
    load_in_window = os.getloadavg() if hasattr(os, "getloadavg") else None
    await asyncio.gather(*tasks)
    moves = [m for t in made for m in t.moves if m.measured]
    delays = [d for m in moves for d in m.seen.values()]
    seats = {t.id: t.seats for t in made}
    unseen = sum(seats[t.id] - 1 - len(m.seen) for t in made for m in t.moves if m.measured)
    return {
        "tables": len(made),
        "seats": sum(t.seats for t in made),
        "game": made[0].game if made else GAME,
        "servers": len(urls),
        "db": args.db,
        "think_s": list(args.think),
        "duration_s": round(wall, 1),
        "open_all_s": round(open_seconds, 1),
        "moves": len(moves),
        "moves_all": sum(len(t.moves) for t in made),
        "appearances": len(delays),
        "appear_p50_s": quantile(delays, 0.5),
        "appear_p95_s": quantile(delays, 0.95),
        "appear_max_s": max(delays, default=None),
        "not_seen": unseen,
        "stale_renders": tally.stale_renders,
        "full_reruns": tally.full_reruns,
        "fragment_reruns": tally.fragment_reruns,
        "fragment_run_p50_s": quantile(tally.run_seconds, 0.5),
        "fragment_run_p95_s": quantile(tally.run_seconds, 0.95),
        "errors": sum(tally.errors.values()),
        "error_kinds": tally.errors,
        "page_exceptions": tally.page_exceptions,
        "server_cpu_pct": round(100 * server_cpu / wall, 1),
        "client_cpu_pct": round(100 * client_cpu / wall, 1),
        "load_average_in_window": load_in_window,
        "appear_s": [round(d, 3) for d in delays],
    }


@contextmanager
def servers(n: int) -> Iterator[tuple[list[str], list[int]]]:
    with ExitStack() as stack:
        targets = [stack.enter_context(one_server("streamlit_app.py")) for _ in range(n)]
        yield [t.url for t in targets], [p for t in targets for p in t.servers]


def fmt(seconds: float | None) -> str:
    return "—" if seconds is None else f"{seconds:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument(
        "--tournament", type=int, default=0, metavar="TEAMS",
        help="instead: a tournament of TEAMS teams, each on its team page",
    )  # fmt: skip
    parser.add_argument("--duration", type=float, default=60.0, help="measured seconds")
    parser.add_argument("--servers", type=int, choices=(1, 2), default=1)
    parser.add_argument("--db", choices=("postgresql", "sqlite"), default="postgresql")
    parser.add_argument("--pg", default=PG_BASE, help="the PostgreSQL server to make a db on")
    parser.add_argument("--think", type=think, default=(2.0, 4.0), help="MIN,MAX seconds")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds before moves")
    parser.add_argument("--grace", type=float, default=10.0, help="seconds to await the last")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object at the end")
    args = parser.parse_args()

    with fresh_database(args.db, args.pg) as url:
        db = store.db.database(url)
        if args.tournament:
            made = make_tournament(db, args.tournament)
        else:
            made = make_tables(db, args.tables)
        os.environ[store.db.ENV] = url  # one_server hands its environment to streamlit
        with servers(args.servers) as (urls, pids):
            row = asyncio.run(run(urls, db, made, args, pids))
    row["machine"] = machine()
    if args.json:
        print(json.dumps(row))
        return
    print(machine().split(" · load average")[0])
    print(
        f"{row['tables']} tables, {row['seats']} seats of {row['game']}, "
        f"{row['servers']} server(s), "
        f"{row['db']}, think {args.think[0]:g}–{args.think[1]:g} s, {row['duration_s']:.0f} s "
        f"measured (all pages opened in {row['open_all_s']:.1f} s)"
    )
    print(
        f"moves {row['moves']} · appearances {row['appearances']} · move → other seats' page "
        f"p50 {fmt(row['appear_p50_s'])} s · p95 {fmt(row['appear_p95_s'])} s · max "
        f"{fmt(row['appear_max_s'])} s · not seen {row['not_seen']} · stale renders "
        f"{row['stale_renders']}"
    )
    print(
        f"runs: {row['fragment_reruns']} fragment reruns (those without a change: p50 "
        f"{fmt(row['fragment_run_p50_s'])} s, p95 {fmt(row['fragment_run_p95_s'])} s), "
        f"{row['full_reruns']} full reruns from the watcher"
    )
    print(f"errors {row['errors']} {row['error_kinds'] or ''}".rstrip())
    for message, count in row["page_exceptions"].items():
        print(f"exception on the page ×{count}: {message}")
    load = row["load_average_in_window"]
    print(
        f"server CPU {row['server_cpu_pct']:.0f}% of one core · client CPU "
        f"{row['client_cpu_pct']:.0f}% · load average at the window's end "
        + (" ".join(f"{x:.1f}" for x in load) if load else "—")
    )


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    main()
