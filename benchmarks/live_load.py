"""Live game under load: one host and N students on 2 app servers behind nginx, on PostgreSQL.

    PYTHONPATH=. python benchmarks/live_load.py [--students 40,100] [--questions 5]
        [--think 2,8] [--pg postgresql+psycopg://postgres@127.0.0.1:5432/test] [--json]

What runs:

* **The database**: a fresh PostgreSQL database made on ``--pg`` (``benchmarks/load.py``'s
  ``class_database``: brought to the newest schema, dropped at the end, Ctrl-C included).
* **The servers**: ``deploy/run-local.sh`` with ``--servers`` (default 2) app servers behind
  nginx on that database (``load.py``'s ``behind_nginx``), started afresh for each phase.
* **Where each client goes**: nginx pins a browser to a server by a hash of its
  ``geoplunge_server`` cookie. Before a phase this script sends ``/_stcore/health`` with
  candidate cookie values (drawn from ``--seed``) and reads nginx's access log for the server
  that answered each (``tests/deploy_cluster.py``'s ``Cluster``); the board gets a cookie of
  server 1 and student ``i`` one of server ``i mod servers + 1``, so the class is split evenly
  and the board shares server 1 with its half. After the phase, where each client's WebSocket
  really went is read back from the same log and printed ("spread").
* **The game**: this process makes it with ``store.live.create_game(db, "zones",
  {"mode": "zone", "n": QUESTIONS}, LiveRules(), host_key)`` (the time zone drill: every
  question is answered with a radio list of six zones, and its map shows the state; no timer,
  so the host reveals). The host key comes from ``--seed``; the questions from the game's own
  secret seed.
* **The board**: a protocol-level tab (``load.py``'s ``Tab``: the page's HTML, the host config,
  the WebSocket, ``rerun_script`` ``BackMsg``s, the message cache) opens
  ``/live_board?key=HOST_KEY`` (the page moves the key into its session). It follows the game
  as a browser does (``tables_load.py``'s ``SeatTab``): the page's look (``ui/live/follow.py``)
  is run by the app's pulse (``ui/stream.py``), so the tab reads the stream of changes the
  pulse names, through nginx, and sends the pulse's trigger as a real fragment rerun when a
  change comes (every second while the stream says ``poll`` or is not there; the floor page's
  ``st.fragment(run_every=1)`` is followed by its ``auto_rerun``, one second after the last
  look was sent, or at once when that one took longer); when the fragment sees a change, its
  ``st.rerun()`` reruns the page, read to its ``script_finished``. The host's Start, Reveal,
  Next question and Finish are real clicks of the board's buttons in that session.
* **The students**: one tab each, opening ``/live?code=CODE`` spread evenly over
  ``--join-over`` seconds, filling the join form ("Game code", "Your name", "Join": one
  ``rerun_script`` with both texts and the submit button, as a browser sends an ``st.form``),
  then following the game the same way. When a phone first shows a question it waits a think
  time (``--think``, uniform, seeded per student) and sends its answer through the answer form:
  the radio "Your answer" (one of its six options, seeded) with "Send my answer", in one
  rerun.
* **The host's pace**: once everyone has joined the lobby is given ``--settle`` seconds, then
  the host presses Start. At each question it follows the board until the board shows every
  player answered (or ``--think`` max + ``--grace`` seconds passed), waits ``--pause`` seconds,
  presses Reveal, follows the reveal for ``--reveal`` seconds and presses Next question (Finish
  after the last one). A warm-up game of one question with one student on each server comes
  first on fresh servers (imports, caches), unmeasured.

What the figures time (every time is ``time.monotonic()`` in this process):

* **Next → question on every phone**: from the moment the board's click (Start or Next
  question) was *sent* to the end (its ``script_finished`` received) of each phone's first full
  rerun that shows that question's heading ("Question k of n"); over every phone and question.
  The same from the *commit* (the game's ``updated_at``, which ``store.live.advance`` stamps
  just before its one conditional update commits; read from the database after the click, and
  put on this process's clock) is printed beside it, and so is **Reveal → answer on every
  phone** (the first full rerun showing "The answer: …").
* **Answer → board count**: from the end of a student's Send rerun showing "Your answer is in"
  to the end of the board's first full rerun whose "N of M answered" includes it. The count does
  not say whose answers it holds: the answers of a question are ranked by the time their Send
  reruns ended, and the j-th is included by the first board rerun that shows N ≥ j. A board
  rerun can count an answer before that student's own rerun has ended (the answer committed
  during it); such a time is counted as 0 and the cases are printed ("board first").
* Also: a question a phone never showed before its reveal (missed), an answer no board rerun
  counted (unseen), the answers the phones saw stored against the rows in the database, errors
  (connections, time-outs, a refused answer), exceptions shown on any page, the round trips
  (from the send to the ``script_finished`` that ends it) of the fragment reruns that saw no
  change, of those that reran the page, of the Send reruns and of the host's clicks, the server
  processes' CPU (``load.py``'s ``cpu_seconds``: utime + stime from /proc) per server and per
  run, nginx's, this client's own CPU, all over the game (from Start to the last phone at the
  end), and the load average at its end (``benchmarks/_machine.py`` prints the machine).

**The floor**, in the same run: ``benchmarks/floor_live.py``, a minimal page doing the same job
(one row of the same database, read every second by an ``st.fragment(run_every=1)`` that reruns
the page on a change; a board role whose "Next question" moves the step on, phones whose "Send
my answer" adds one to the count). The same clients (one board, N phones, the same cookies, so
the same spread) behind a deployment of the same nginx configuration with the same number of
servers, the same pace and the same clock points: Next → "Question k" on every phone, answer →
"N answered" on the board. There is no join form, no reveal and no Finish; the host waits the
reveal's seconds all the same. Printed: each figure's ratio, live over floor (p95).

Known, at the commit this was written for: in the lobby each phone reruns its whole page for
every name that arrives (it shows how many joined), so the lobby costs grow with the square of
the class; joining is spread over ``--join-over`` seconds and the lobby is given ``--settle``
seconds before Start so that this is not timed as the game's.
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
import time
import urllib.request
from collections.abc import Callable
from contextlib import ExitStack, suppress
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from streamlit.proto.BackMsg_pb2 import BackMsg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._machine import machine  # noqa: E402
from benchmarks.load import (  # noqa: E402
    Target,
    behind_nginx,
    class_database,
    click,
    cpu_seconds,
    error_kind,
    numbers,
    quantile,
    think,
)
from benchmarks.tables_load import SeatTab  # noqa: E402
from tests.deploy_cluster import STICKY_COOKIE, Cluster  # noqa: E402

PG_BASE = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
LIVE_APP, FLOOR_APP = "streamlit_app.py", "benchmarks/floor_live.py"
HEADING = re.compile(r"^(?:## )?Question (\d+)(?: of (\d+))?")
COUNT = re.compile(r"^## (\d+)(?: of (\d+))? answered")
JOINED = re.compile(r"^## (\d+) players? joined")


# --- a tab that follows its page, and what its page shows -------------------------------------


class FollowTab(SeatTab):
    """A :class:`SeatTab` pinned to one server by nginx's cookie, which times its runs."""

    def __init__(self, base: str, page: str, timeout: float, cookie: str) -> None:
        super().__init__(base, page, timeout)
        self.cookies[STICKY_COOKIE] = cookie
        self.sticky = cookie

    def texts(self) -> list[str]:
        """The text of every markdown, caption, heading and alert of the page, top to bottom."""
        found = []
        for _, element in sorted(self._elements.items()):
            kind = element.WhichOneof("type")
            body = getattr(getattr(element, kind), "body", None) if kind else None
            if isinstance(body, str):
                found.append(body)
        return found

    def radio(self, label: str):
        for _, element in sorted(self._elements.items()):
            if element.WhichOneof("type") == "radio" and element.radio.label == label:
                return element.radio
        return None

    def widget(self, kind: str, label: str):
        return next((w for w in self.widgets if w.kind == kind and w.label == label), None)


def text_state(widget_id: str, value: str):
    state = BackMsg().rerun_script.widget_states.widgets.add()
    state.id = widget_id
    state.string_value = value
    return state


@dataclass(frozen=True)
class Shown:
    """What a page shows: ``phase`` is "lobby", "question", "answered" (a phone whose answer
    is in), "reveal", "ended" or "?" (anything else); ``k`` the question (1-based)."""

    phase: str
    k: int = 0
    count: int | None = None  #: the board's "N of M answered"
    players: int | None = None  #: the board's M (or the lobby's count)


# --- the two games: the live pages and the floor page -----------------------------------------


class LiveFlavour:
    """The live game's pages, as a browser drives them."""

    name = "live"
    app = LIVE_APP
    reveal = True  #: the host presses Reveal after each question
    finish = "Finish"

    def __init__(self, code: str, host_key: str) -> None:
        self.code, self.host_key = code, host_key

    @property
    def board_page(self) -> str:
        return f"/live_board?key={self.host_key}"

    @property
    def phone_page(self) -> str:
        return f"/live?code={self.code}"

    def into_question(self, k: int) -> str:
        return "Start" if k == 1 else "Next question"

    async def join(self, tab: FollowTab, name: str) -> None:
        code = tab.widget("text", "Game code")
        box = tab.widget("text", "Your name")
        submit = tab.widget("submit", "Join")
        if code is None or box is None or submit is None:
            raise RuntimeError("the join form is not on the phone's page")
        await tab.rerun([text_state(code.id, self.code), text_state(box.id, name), click(submit)])

    def answer(self, tab: FollowTab, rng: random.Random) -> list | None:
        radio = tab.radio("Your answer")
        submit = tab.widget("submit", "Send my answer")
        if radio is None or submit is None or not radio.options:
            return None
        return [text_state(radio.id, rng.choice(list(radio.options))), click(submit)]

    def phone(self, tab: FollowTab) -> Shown:
        texts = tab.texts()
        if any(t.startswith("The game is over") for t in texts):
            return Shown("ended")
        if any(t.startswith("You're in") for t in texts):
            return Shown("lobby")
        for t in texts:
            if found := HEADING.match(t):
                k = int(found[1])
                if any(t.startswith("The answer:") for t in texts):
                    return Shown("reveal", k)
                if any(t.startswith("Your answer is in") for t in texts):
                    return Shown("answered", k)
                return Shown("question", k)
        return Shown("?")

    def board(self, tab: FollowTab) -> Shown:
        texts = tab.texts()
        if any(t.startswith("## The game is over") for t in texts):
            return Shown("ended")
        for t in texts:
            if found := JOINED.match(t):
                return Shown("lobby", players=int(found[1]))
        heading = next((m for t in texts if (m := HEADING.match(t))), None)
        if heading is None:
            return Shown("?")
        k = int(heading[1])
        if any(t.startswith(f"## Question {k} of") and t.endswith("the answer") for t in texts):
            return Shown("reveal", k)
        count = next((m for t in texts if (m := COUNT.match(t))), None)
        if count is None:
            return Shown("question", k)
        return Shown("question", k, int(count[1]), int(count[2]))


class FloorFlavour:
    """``benchmarks/floor_live.py``: the same job with one row and two buttons."""

    name = "floor"
    app = FLOOR_APP
    reveal = False
    finish = None
    board_page = "/?role=board"
    phone_page = "/"

    def into_question(self, k: int) -> str:
        return "Next question"

    async def join(self, tab: FollowTab, name: str) -> None:
        return None  # opening the page is joining

    def answer(self, tab: FollowTab, rng: random.Random) -> list | None:
        send = tab.widget("button", "Send my answer")
        return None if send is None else [click(send)]

    def phone(self, tab: FollowTab) -> Shown:
        texts = tab.texts()
        found = next((m for t in texts if (m := HEADING.match(t))), None)
        if found is None:
            return Shown("?")
        k = int(found[1])
        if k == 0:
            return Shown("lobby")
        if any(t.startswith("Your answer is in") for t in texts):
            return Shown("answered", k)
        return Shown("question", k)

    def board(self, tab: FollowTab) -> Shown:
        texts = tab.texts()
        found = next((m for t in texts if (m := HEADING.match(t))), None)
        count = next((m for t in texts if (m := COUNT.match(t))), None)
        if found is None:
            return Shown("?")
        k = int(found[1])
        if k == 0:
            return Shown("lobby")
        return Shown("question", k, int(count[1]) if count else None)


# --- what one phase records -------------------------------------------------------------------


@dataclass
class Record:
    students: int
    questions: int
    sent: dict[tuple[str, int], float] = field(default_factory=dict)  #: click sent
    committed: dict[tuple[str, int], float] = field(default_factory=dict)  #: step committed
    shown: dict[tuple[str, int], dict[int, float]] = field(default_factory=dict)  #: phone → end
    stored: dict[int, list[float]] = field(default_factory=dict)  #: k → Send reruns' ends
    counts: dict[int, list[tuple[float, int]]] = field(default_factory=dict)  #: k → (end, N)
    joins: list[float] = field(default_factory=list)
    joined: int = 0
    failed: int = 0
    ended: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    page_exceptions: dict[str, int] = field(default_factory=dict)
    runs: dict[str, list[tuple[float, float]]] = field(default_factory=dict)  #: (end, seconds)
    clicks: dict[str, list[float]] = field(default_factory=dict)  #: host button → seconds
    all_joined_s: float | None = None
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    everyone_in: asyncio.Event = field(default_factory=asyncio.Event)

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1

    def run(self, kind: str, seconds: float) -> None:
        self.runs.setdefault(kind, []).append((time.monotonic(), seconds))

    def timed_runs(self) -> dict[str, list[float]]:
        """The runs that ended in the game's timed part (from the Start click on)."""
        begin = self.sent.get(("question", 1), float("inf"))
        return {k: [s for end, s in v if end >= begin] for k, v in sorted(self.runs.items())}

    def take_exceptions(self, tab: FollowTab, already: int) -> int:
        for message in tab.exceptions[already:]:
            key = message[:80]
            self.page_exceptions[key] = self.page_exceptions.get(key, 0) + 1
        return len(tab.exceptions)


async def look(tab: FollowTab, record: Record, role: str) -> bool:
    """One look of the page (when one is due: a change heard, its timer; else a short wait);
    whether the page reran."""
    now = time.monotonic()
    due = tab.next_look()
    if due is None or now < due:
        await tab.until_look(now + 0.2)
        return False
    runs = tab.runs
    await tab.fragment_rerun()
    done = time.monotonic()
    if tab.runs == runs:
        record.run(f"{role} fragment, no change", done - now)
        return False
    record.run(f"{role} fragment → full rerun", done - now)
    return True


# --- a student's phone ------------------------------------------------------------------------


async def phone(
    i: int, flavour, base: str, cookie: str, record: Record, args, start_at: float
) -> None:
    rng = random.Random(args.seed * 1000 + i)
    tab = FollowTab(base, flavour.phone_page, args.timeout, cookie)
    reported = 0
    joined = False
    first: dict[str, set[int]] = {"question": set(), "reveal": set()}
    shown_at: dict[int, float] = {}
    answered: set[int] = set()
    due: float | None = None

    def after_full_run(done: float) -> Shown:
        shown = flavour.phone(tab)
        kind = "reveal" if shown.phase == "reveal" else "question"
        if shown.phase in ("question", "answered", "reveal") and shown.k not in first[kind]:
            first[kind].add(shown.k)
            record.shown.setdefault((kind, shown.k), {})[i] = done
            if kind == "question":
                shown_at[shown.k] = done
        return shown

    try:
        await asyncio.sleep(max(0.0, start_at - time.monotonic()))
        start = time.monotonic()
        await tab.open()
        await flavour.join(tab, f"Student {i + 1}")
        shown = flavour.phone(tab)
        if shown.phase != "lobby":
            raise RuntimeError(f"after joining the phone shows {shown.phase!r}, not the lobby")
        record.joins.append(time.monotonic() - start)
        joined = True
        record.joined += 1
        if record.joined + record.failed >= record.students:
            record.everyone_in.set()
        reported = record.take_exceptions(tab, reported)
        while not record.stop.is_set():
            shown = flavour.phone(tab)
            if shown.phase == "ended":
                record.ended += 1
                break
            now = time.monotonic()
            if shown.phase == "question" and shown.k not in answered:
                if due is None:
                    due = shown_at.get(shown.k, now) + rng.uniform(*args.think)
                if now >= due:
                    states = flavour.answer(tab, rng)
                    answered.add(shown.k)
                    due = None
                    if states is None:
                        record.error("no answer form on the phone")
                        continue
                    await tab.rerun(states)
                    done = time.monotonic()
                    record.run("phone answer rerun", done - now)
                    after = after_full_run(done)
                    if after.phase == "answered" and after.k == shown.k:
                        record.stored.setdefault(shown.k, []).append(done)
                    else:
                        record.error(f"answer not in (the phone shows {after.phase})")
                    reported = record.take_exceptions(tab, reported)
                    continue
                look_due = tab.next_look()
                if look_due is None or due < look_due:
                    await tab.until_look(due)
                    if not tab.news.is_set():
                        continue
            if await look(tab, record, "phone"):
                after_full_run(time.monotonic())
            reported = record.take_exceptions(tab, reported)
    except Exception as exc:  # a student's failure is a figure, not a crash
        record.error(f"phone: {error_kind(exc)}")
        if not joined:
            record.failed += 1
            if record.joined + record.failed >= record.students:
                record.everyone_in.set()
    finally:
        record.take_exceptions(tab, reported)
        await tab.close()


# --- the host at the board --------------------------------------------------------------------


async def host(flavour, base: str, cookie: str, record: Record, args, committed_at) -> float:
    """Run the game from the board; returns when the game's timed part began (Start sent)."""
    tab = FollowTab(base, flavour.board_page, args.timeout, cookie)
    reported = 0

    def after_full_run(done: float) -> Shown:
        shown = flavour.board(tab)
        if shown.phase == "question" and shown.count is not None:
            record.counts.setdefault(shown.k, []).append((done, shown.count))
        return shown

    async def follow(seconds: float, until: Callable[[Shown], bool] = lambda s: False) -> None:
        nonlocal reported
        end = time.monotonic() + seconds
        while time.monotonic() < end and not until(flavour.board(tab)):
            if await look(tab, record, "board"):
                after_full_run(time.monotonic())
            reported = record.take_exceptions(tab, reported)

    async def press(label: str, step: tuple[str, int] | None) -> None:
        nonlocal reported
        button = tab.widget("button", label)
        if button is None:
            raise RuntimeError(f"no {label!r} button on the board ({flavour.board(tab)})")
        sent = time.monotonic()
        if step is not None:
            record.sent[step] = sent
        await tab.rerun(click(button))
        done = time.monotonic()
        record.clicks.setdefault(label, []).append(done - sent)
        after_full_run(done)
        reported = record.take_exceptions(tab, reported)
        if step is not None and (at := await asyncio.to_thread(committed_at)) is not None:
            record.committed[step] = at

    started = time.monotonic()
    try:
        await tab.open()
        reported = record.take_exceptions(tab, reported)
        while not record.everyone_in.is_set():
            await follow(0.5)
        record.all_joined_s = time.monotonic() - started
        await follow(args.settle)
        begin = time.monotonic()
        for k in range(1, record.questions + 1):
            await press(flavour.into_question(k), ("question", k))
            expected = record.joined
            await follow(
                args.think[1] + args.grace,
                lambda s, k=k, n=expected: (
                    s.phase != "question" or (s.k == k and (s.count or 0) >= n)
                ),
            )
            await follow(args.pause)
            if flavour.reveal:
                await press("Reveal", ("reveal", k))
            await follow(args.reveal)
        if flavour.finish:
            await press(flavour.finish, None)
            deadline = time.monotonic() + args.grace
            while record.ended < record.joined and time.monotonic() < deadline:
                await asyncio.sleep(0.2)
        return begin
    finally:
        record.stop.set()
        record.take_exceptions(tab, reported)
        await tab.close()


# --- the servers, the cookies, the game -------------------------------------------------------


def cookies_by_server(target: Target, wanted: int, seed: int) -> dict[int, list[str]]:
    """``wanted`` cookie values for each server: candidates sent to ``/_stcore/health`` through
    nginx, the server that answered each read from nginx's access log."""
    cluster = Cluster(target.run_dir)
    found: dict[int, list[str]] = {i: [] for i in cluster.ports}
    batch = 0
    while min(len(v) for v in found.values()) < wanted:
        before = len(cluster.requests())
        candidates = [f"live-{seed}-{batch}-{n}" for n in range(2 * wanted * len(found) + 8)]
        for value in candidates:
            request = urllib.request.Request(f"{target.url}/_stcore/health")
            request.add_header("Cookie", f"{STICKY_COOKIE}={value}")
            with urllib.request.urlopen(request, timeout=30):
                pass
        time.sleep(0.3)
        answered = {r.sticky: r.server_port for r in cluster.requests()[before:]}
        for value in candidates:
            index = cluster.index_of(answered.get(value))
            if index is not None and len(found[index]) < wanted:
                found[index].append(value)
        batch += 1
        if batch > 20:
            raise RuntimeError(f"nginx sent no {wanted} cookies to every server: {found}")
    return found


def spread(target: Target, cookies: list[str]) -> dict[int, int]:
    """How many of these clients' WebSockets each server served (nginx's access log)."""
    cluster = Cluster(target.run_dir)
    time.sleep(0.5)  # nginx logs a WebSocket when it closes
    counts: dict[int, int] = {}
    for value in cookies:
        streams = cluster.streams(value)
        index = cluster.index_of(streams[-1].server_port) if streams else None
        counts[index or 0] = counts.get(index or 0, 0) + 1
    return dict(sorted(counts.items()))


def new_live_game(database_url: str, questions: int, rng: random.Random) -> LiveFlavour:
    import store.db
    from engine.live import LiveRules
    from store import live

    key = f"{rng.getrandbits(128):032x}"
    params = {"mode": "zone", "n": str(questions)}
    game = live.create_game(store.db.database(database_url), "zones", params, LiveRules(), key)
    return LiveFlavour(game.code, key)


def live_committed(database_url: str, code: str) -> Callable[[], float | None]:
    """A function that reads the game's last step time, on this process's monotonic clock."""
    import sqlalchemy as sa

    import store.db
    from store.models import LiveGame

    def read() -> float | None:
        with store.db.database(database_url).read() as session:
            at = session.scalar(sa.select(LiveGame.updated_at).where(LiveGame.code == code))
        return None if at is None else on_monotonic(at)

    return read


def floor_row(database_url: str) -> Callable[[], float | None]:
    """The floor's row made afresh (step 0, no answers); a function that reads its last step
    time on this process's monotonic clock."""
    import sqlalchemy as sa

    import store.db

    engine = store.db.database(database_url).engine
    with engine.begin() as connection:
        connection.execute(
            sa.text(
                "CREATE TABLE IF NOT EXISTS floor_live (id integer PRIMARY KEY, step integer "
                "NOT NULL, answers integer NOT NULL)"
            )
        )
        connection.execute(sa.text("DELETE FROM floor_live"))
        connection.execute(sa.text("INSERT INTO floor_live VALUES (1, 0, 0)"))
    return lambda: None  # the floor's row keeps no time: its figures run from the click's send


def on_monotonic(at: datetime) -> float:
    return at.timestamp() - time.time() + time.monotonic()


def stored_answers(database_url: str, code: str) -> int | None:
    import sqlalchemy as sa

    import store.db
    from store.models import LiveAnswer, LiveGame

    with store.db.database(database_url).read() as session:
        return session.scalar(
            sa.select(sa.func.count(LiveAnswer.id))
            .join(LiveGame, LiveGame.id == LiveAnswer.game_id)
            .where(LiveGame.code == code)
        )


# --- one phase --------------------------------------------------------------------------------


async def play(flavour, target: Target, cookies, n: int, questions: int, args, committed_at):
    """One game of ``questions`` with ``n`` students; its record, the timed window's figures."""
    record = Record(n, questions)
    board_cookie = cookies[1][0]
    servers = sorted(cookies)
    phone_cookies = [cookies[servers[i % len(servers)]][1 + i // len(servers)] for i in range(n)]
    t0 = time.monotonic() + 0.5
    tasks = [
        asyncio.create_task(
            phone(i, flavour, target.url, phone_cookies[i], record, args,
                  t0 + args.join_over * i / max(n, 1))
        )
        for i in range(n)
    ]  # fmt: skip
    host_task = asyncio.create_task(
        host(flavour, target.url, board_cookie, record, args, committed_at)
    )
    begin = None
    client_before = server_before = lb_before = None
    # The timed window starts with the host's Start: wait for it by polling the record.
    while not record.sent and not host_task.done():
        await asyncio.sleep(0.02)
    if record.sent:
        begin = time.monotonic()
        client_before = time.process_time()
        server_before = [cpu_seconds([p]) for p in target.servers]
        lb_before = cpu_seconds(target.balancer)
    try:
        await host_task
    except Exception as exc:
        record.error(f"board: {error_kind(exc)}: {str(exc)[:80]}")
    await asyncio.gather(*tasks)
    window = {}
    if begin is not None:
        wall = time.monotonic() - begin
        server = [cpu_seconds([p]) - b for p, b in zip(target.servers, server_before, strict=True)]
        window = {
            "seconds": wall,
            "server_cpu_s": server,
            "nginx_cpu_s": cpu_seconds(target.balancer) - lb_before,
            "client_cpu_s": time.process_time() - client_before,
            "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
        }
    return record, window, [board_cookie, *phone_cookies]


def figures(values: list[float]) -> dict:
    return {
        "n": len(values),
        "p50_s": quantile(values, 0.5),
        "p95_s": quantile(values, 0.95),
        "max_s": max(values, default=None),
    }


def step_delays(record: Record, kind: str, since: dict) -> tuple[list[float], int]:
    delays, missed = [], 0
    for k in range(1, record.questions + 1):
        start = since.get((kind, k))
        if start is None:
            continue
        seen = record.shown.get((kind, k), {})
        delays += [t - start for t in seen.values()]
        missed += record.joined - len(seen)
    return delays, missed


def answer_delays(record: Record) -> tuple[list[float], int, int]:
    delays, unseen, board_first = [], 0, 0
    for k, stored in record.stored.items():
        reruns = sorted(record.counts.get(k, []))
        for j, at in enumerate(sorted(stored), start=1):
            seen = next((t for t, count in reruns if count >= j), None)
            if seen is None:
                unseen += 1
                continue
            if seen <= at:
                board_first += 1
            delays.append(max(0.0, seen - at))
    return delays, unseen, board_first


def summary(flavour, n: int, record: Record, window: dict, where: dict, stored_rows) -> dict:
    nxt, missed = step_delays(record, "question", record.sent)
    from_commit, _ = step_delays(record, "question", record.committed)
    reveal, reveal_missed = step_delays(record, "reveal", record.sent)
    answers, unseen, board_first = answer_delays(record)
    timed = record.timed_runs()
    runs = sum(len(v) for v in timed.values()) + sum(len(v) for v in record.clicks.values())
    wall = window.get("seconds") or float("nan")
    server = window.get("server_cpu_s") or []
    return {
        "page": flavour.name,
        "students": n,
        "servers": len(server),
        "spread": where,
        "questions": record.questions,
        "joined": record.joined,
        "all_joined_s": record.all_joined_s,
        "join": figures(record.joins),
        "next_to_phones": figures(nxt) | {"missed": missed},
        "commit_to_phones": figures(from_commit),
        "reveal_to_phones": figures(reveal) | {"missed": reveal_missed},
        "answer_to_board": figures(answers) | {"unseen": unseen, "board_first": board_first},
        "answers_seen_stored": sum(len(v) for v in record.stored.values()),
        "answers_in_database": stored_rows,
        "host_clicks": {k: figures(v) for k, v in record.clicks.items()},
        "runs": {k: figures(v) for k, v in timed.items()},
        "errors": sum(record.errors.values()),
        "error_kinds": record.errors,
        "page_exceptions": record.page_exceptions,
        "window_s": round(wall, 1),
        "server_cpu_pct": [round(100 * s / wall, 1) for s in server],
        "server_cpu_ms_per_run": round(1000 * sum(server) / runs, 1) if runs else None,
        "nginx_cpu_pct": round(100 * window.get("nginx_cpu_s", 0) / wall, 1),
        "client_cpu_pct": round(100 * window.get("client_cpu_s", 0) / wall, 1),
        "load_average": window.get("load_average"),
        "next_s": [round(x, 3) for x in nxt],
        "answer_s": [round(x, 3) for x in answers],
    }


async def warm_up(flavour, target: Target, cookies, args, committed_at) -> None:
    """One question with a student on each server, unmeasured (imports, caches)."""
    quick = argparse.Namespace(**{**vars(args), "think": (0.2, 0.5), "settle": 0.5,
                                  "reveal": 0.5, "pause": 0.2, "join_over": 0.0})  # fmt: skip
    await play(flavour, target, cookies, len(cookies), 1, quick, committed_at)


def phase(kind: str, n: int, args, database_url: str, rng: random.Random) -> dict:
    """One phase: fresh servers, a warm-up, then the timed game of ``n`` students."""
    app = LIVE_APP if kind == "live" else FLOOR_APP
    with behind_nginx(app, args.servers, database_url) as target:
        per_server = -(-n // args.servers) + 1
        cookies = cookies_by_server(target, per_server, args.seed)
        if kind == "live":
            warm = new_live_game(database_url, 1, rng)
            asyncio.run(warm_up(warm, target, cookies, args,
                                live_committed(database_url, warm.code)))  # fmt: skip
            flavour = new_live_game(database_url, args.questions, rng)
            committed_at = live_committed(database_url, flavour.code)
        else:
            flavour = FloorFlavour()
            asyncio.run(warm_up(flavour, target, cookies, args, floor_row(database_url)))
            committed_at = floor_row(database_url)
        record, window, clients = asyncio.run(
            play(flavour, target, cookies, n, args.questions, args, committed_at)
        )
        where = spread(target, clients[1:])
        board_on = spread(target, clients[:1])
    rows = stored_answers(database_url, flavour.code) if kind == "live" else None
    row = summary(flavour, n, record, window, where, rows)
    row["board_server"] = next(iter(board_on), None)
    return row


# --- printing ---------------------------------------------------------------------------------


def fmt(seconds: float | None) -> str:
    return "—" if seconds is None else f"{seconds:.2f}"


def triple(f: dict) -> str:
    return f"{fmt(f['p50_s'])} / {fmt(f['p95_s'])} / {fmt(f['max_s'])}"


def print_row(row: dict) -> None:
    spread_text = ", ".join(f"server {k}: {v}" for k, v in row["spread"].items())
    print(
        f"\n{row['page']} · {row['students']} students ({row['joined']} joined in "
        f"{fmt(row['all_joined_s'])} s; {spread_text}; board on server {row['board_server']}) · "
        f"{row['questions']} questions · game {row['window_s']:.0f} s",
        flush=True,
    )
    nxt, ans = row["next_to_phones"], row["answer_to_board"]
    print(f"  Next → question on every phone  p50/p95/max {triple(nxt)} s  ({nxt['n']} shown, "
          f"{nxt['missed']} missed)")  # fmt: skip
    if row["commit_to_phones"]["n"]:
        print(f"  … from the commit               p50/p95/max {triple(row['commit_to_phones'])} s")
    if row["reveal_to_phones"]["n"]:
        rev = row["reveal_to_phones"]
        print(f"  Reveal → answer on every phone  p50/p95/max {triple(rev)} s  ({rev['missed']} "
              "missed)")  # fmt: skip
    print(f"  answer → board count            p50/p95/max {triple(ans)} s  ({ans['n']} counted, "
          f"{ans['unseen']} unseen, {ans['board_first']} board first)")  # fmt: skip
    stored = row["answers_in_database"]
    print(f"  answers: {row['answers_seen_stored']} shown as in"
          + ("" if stored is None else f", {stored} rows in the database"))  # fmt: skip
    for label, f in row["host_clicks"].items():
        print(f"  host click {label!r}: p50/p95/max {triple(f)} s ({f['n']})")
    for kind, f in row["runs"].items():
        print(f"  {kind}: {f['n']} · p50/p95/max {triple(f)} s")
    cpu = " + ".join(f"{x:.0f}%" for x in row["server_cpu_pct"])
    load = row["load_average"]
    print(
        f"  server CPU {cpu} of one core · {row['server_cpu_ms_per_run']} ms per run · nginx "
        f"{row['nginx_cpu_pct']:.0f}% · client {row['client_cpu_pct']:.0f}% · load average "
        + (" ".join(f"{x:.1f}" for x in load) if load else "—")
    )
    print(f"  errors {row['errors']} {row['error_kinds'] or ''}".rstrip())
    for message, count in row["page_exceptions"].items():
        print(f"  exception on the page ×{count}: {message}")


RATIOS = (("next_to_phones", "Next → phones"), ("answer_to_board", "answer → board"))


def print_ratios(rows: list[dict]) -> None:
    for live in (r for r in rows if r["page"] == "live"):
        same = [r for r in rows if r["page"] == "floor" and r["students"] == live["students"]]
        floor = same[0] if same else None
        if floor is None:
            continue
        parts = []
        for key, words in RATIOS:
            a, b = live[key]["p95_s"], floor[key]["p95_s"]
            if a is not None and b:
                parts.append(f"{words} p95 {a:.2f} / {b:.2f} s = {a / b:.1f}×")
        print(f"\nlive / floor at {live['students']} students: " + " · ".join(parts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=numbers, default=[40, 100])
    parser.add_argument("--questions", type=int, default=5)
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--think", type=think, default=(2.0, 8.0), help="MIN,MAX seconds")
    parser.add_argument("--join-over", type=float, default=20.0, help="seconds to join over")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds of lobby before Start")
    parser.add_argument("--pause", type=float, default=1.0, help="seconds before Reveal")
    parser.add_argument("--reveal", type=float, default=4.0, help="seconds of each reveal")
    parser.add_argument("--grace", type=float, default=10.0, help="seconds to wait for the last")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per run")
    parser.add_argument("--pg", default=PG_BASE, help="the PostgreSQL server to make a db on")
    parser.add_argument("--no-floor", action="store_true", help="skip the floor page")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object at the end")
    args = parser.parse_args()
    if args.questions < 1:
        parser.error("--questions must be at least 1")
    rng = random.Random(args.seed)
    if not args.json:
        print(machine(), flush=True)
        print(
            f"{args.servers} servers behind nginx · PostgreSQL · {args.questions} questions "
            f"(time zones, radio list) · think {args.think[0]:g}–{args.think[1]:g} s · joins "
            f"over {args.join_over:g} s · reveal {args.reveal:g} s · floor {FLOOR_APP}",
            flush=True,
        )
    rows = []
    with ExitStack() as stack:
        database_url = stack.enter_context(class_database(args.pg))
        for n in args.students:
            for kind in ("live", *(() if args.no_floor else ("floor",))):
                row = phase(kind, n, args, database_url, rng)
                rows.append(row)
                if not args.json:
                    print_row(row)
    if args.json:
        print(json.dumps({"machine": machine(), "rows": rows}))
    else:
        print_ratios(rows)
        print(machine(), flush=True)


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    with suppress(KeyboardInterrupt):
        main()
