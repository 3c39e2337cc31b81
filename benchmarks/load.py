"""Load: N simulated students on Streamlit's own WebSocket protocol, not a browser each.

    PYTHONPATH=. python benchmarks/load.py [--students 10,25,50] [--duration 60]
        [--page "/border_quiz?mode=neighbors&n=10&seed=7"] [--servers 1,2,4] [--json]
        [--class postgresql+psycopg://postgres@127.0.0.1:5432/test]

Every student behaves as a browser tab does at the protocol level:

1. **First visit**: ``GET`` the page (which sets the load balancer's stickiness cookie), ``GET
   /_stcore/host-config``, open ``/_stcore/stream`` (subprotocol ``streamlit``, the XSRF cookie's
   token, permessage-deflate as browsers negotiate), send the ``rerun_script`` ``BackMsg`` a
   browser sends for a deep link (the query string and the URL path as ``page_name``), and wait
   for ``script_finished``. The time from the ``GET`` to the end of that run is the *first
   visit*.
2. **Reruns**: every 3–7 s (``--think``) the student does what a click does and the time from
   sending the ``BackMsg`` to the ``script_finished`` that ends the run (after any
   ``st.rerun()``) is one *rerun*. With ``--action student`` (the default) the student plays
   the page from what it last rendered: it clicks states on the map (the map component's
   selection, exactly what the browser sends), or toggles the answer multiselect, then presses
   "Check", then "Next question"; at the summary, "New quiz"; on a page with one button, that
   button. With ``--action rerun`` it only reruns the page with its query string.

With ``--class ADMIN_URL`` the page is a **class quiz** instead: a fresh PostgreSQL database is
made on the server of ``ADMIN_URL`` (dropped at the end), the app servers use it, and each
phase gets a class assignment of its own with ``--page``'s settings. Every student opens
``/class?code=…``, types a name of its own into the join form and presses "Start the quiz" (one
``rerun_script`` with the form's text and its submit button, as a browser sends a form), then
plays the quiz as above; every counted answer is written to the database as it is checked. After
the phase the answers stored are counted against the checks the page counted (it answered them
with its feedback; a Check with nothing picked is not an answer).

The client keeps what a browser keeps between runs: the page's script hash (from
``new_session``), the query string the page writes (``page_info_changed``), and the message
cache: large elements the server marks ``cacheable`` are remembered, their hashes sent back in
every ``rerun_script``, and ``ref_hash`` messages resolved from them, aged as the frontend ages
them (``max_cached_message_age`` runs). Only the widget a student changes is sent in a rerun's
widget states (the server keeps the others' values, as it does for any widget missing from a
rerun).

In the same run a **floor page** is measured: ``benchmarks/floor_button.py``, one button and a
line of text, with the same students and think times. Without ``--url`` the script starts its
servers itself: one ``streamlit run`` process per page on a free port, or, with ``--servers``,
``deploy/run-local.sh`` with that many app servers behind nginx. A fresh server is warmed up by
one visit and one rerun before it is measured (a class does not find the server cold).

Figures per (page, servers, students): first visit p50/p95, rerun p50/p95/max, errors (a
connection refused or dropped, a run that did not finish within ``--timeout``, an exception on
the page), the server processes' CPU (utime + stime from ``/proc/<pid>/stat``) as a share of
one core and as CPU ms per rerun (first visits included in the count), the same per rerun once
every student has made their first visit (*steady*: what a click costs, the joins apart), and
this client's own CPU, since it shares the machine's cores with the servers.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlparse

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._machine import machine  # noqa: E402

#: The 50 USPS codes: a map that gives no choices offers them all.
STATES = tuple(json.loads((ROOT / "static" / "map" / "states.json").read_text())["anchors"])

QUIZ_PAGE = "/border_quiz?mode=neighbors&n=10&seed=7"
FLOOR_APP = "benchmarks/floor_button.py"
RUN_LOCAL = ROOT / "deploy" / "run-local.sh"
FINISHED = ForwardMsg.FINISHED_SUCCESSFULLY
ANSWER_BUTTONS = ("Next question", "See my results", "New quiz")
CHECK_BUTTON = "Check"
NAME_BOX, JOIN = "Your name", "Start the quiz"  #: a class quiz's join form


# --- one student's browser tab, at the protocol level --------------------------------------


@dataclass
class Widget:
    """A widget the page rendered in its last run."""

    kind: str  #: "button", "multiselect", "map", "text" or "submit" (a form's button)
    id: str
    label: str = ""
    options: list[str] = field(default_factory=list)
    value: list[str] = field(default_factory=list)
    locations: list[str] = field(default_factory=list)  #: a selectable map's states
    picks: list[str] = field(default_factory=list)  #: what the map shows picked
    form: str = ""  #: the form a text box or a submit button belongs to


def widget_of(element) -> Widget | None:
    """The widget an ``Element`` proto stands for (outside forms), if it is one we drive."""
    kind = element.WhichOneof("type")
    if kind == "button" and element.button.is_form_submitter:
        b = element.button
        return Widget("submit", b.id, b.label, form=b.form_id)
    if kind == "button" and not element.button.form_id:
        return Widget("button", element.button.id, element.button.label)
    if kind == "text_input":
        return Widget("text", element.text_input.id, element.text_input.label,
                      form=element.text_input.form_id)  # fmt: skip
    if kind == "multiselect" and not element.multiselect.form_id:
        ms = element.multiselect
        value = list(ms.raw_values) if ms.set_value else [ms.options[i] for i in ms.default]
        return Widget("multiselect", ms.id, ms.label, list(ms.options), value)
    if kind == "bidi_component" and element.bidi_component.component_name == "geoplunge_map":
        data = json.loads(element.bidi_component.json or "{}")
        if data.get("pick", "none") == "none":
            return None
        locations = data["choices"] if data.get("choices") is not None else sorted(STATES)
        return Widget("map", element.bidi_component.id, locations=locations, picks=data["selected"])
    return None


class Tab:
    """One open page: its WebSocket, what the last run rendered, and the message cache."""

    def __init__(self, base: str, page: str, timeout: float) -> None:
        parsed = urlparse(base + page)
        self.base = base
        self.host, self.port = parsed.hostname or "127.0.0.1", parsed.port or 80
        self.page_name = parsed.path.strip("/")
        self.query_string = parsed.query
        self.url = base + page
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self.page_script_hash = ""
        self.ws = None
        self.widgets: list[Widget] = []
        self.exceptions: list[str] = []
        self.page_not_found = 0
        self.cache: dict[str, tuple[ForwardMsg, int]] = {}  #: hash → (message, last run seen)
        self.runs = 0
        self.max_age = 2
        self.bytes_received = 0
        self._elements: dict[tuple[int, ...], object] = {}

    async def open(self) -> None:
        """The first visit: the page's HTML, the host config, the WebSocket, the first run."""
        await self._get(
            urlparse(self.url).path + (f"?{self.query_string}" if self.query_string else "")
        )
        await self._get("/_stcore/host-config")
        protocols = ["streamlit"]
        if xsrf := self.cookies.get("_streamlit_xsrf"):
            protocols.append(xsrf)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        self.ws = await connect(
            f"ws://{self.host}:{self.port}/_stcore/stream",
            subprotocols=protocols,
            origin=self.base,
            additional_headers=headers if self.cookies else None,
            max_size=2**26,
            open_timeout=self.timeout,
            ping_interval=None,  # browsers answer the server's pings but send none
        )
        await self.rerun(None, first=True)

    async def _get(self, path: str) -> None:
        """A plain HTTP/1.1 GET that keeps the cookies it is given (and drops the body)."""
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(self.host, self.port), self.timeout
        )
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            + (f"Cookie: {cookie}\r\n" if cookie else "")
            + "Accept-Encoding: gzip\r\nConnection: close\r\n\r\n"
        )
        writer.write(request.encode())
        await writer.drain()
        data = await asyncio.wait_for(reader.read(), self.timeout)
        writer.close()
        head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1")
        status = head.split(" ", 2)[1] if " " in head else "?"
        if not status.startswith(("2", "3")):
            raise ConnectionError(f"GET {path}: HTTP {status}")
        for line in head.split("\r\n")[1:]:
            name, _, value = line.partition(":")
            if name.lower() == "set-cookie":
                jar = SimpleCookie()
                jar.load(value.strip())
                self.cookies.update({k: m.value for k, m in jar.items()})

    async def rerun(self, widget_state=None, *, first: bool = False) -> None:
        """Send one ``rerun_script`` and read until the run (and any ``st.rerun``) finished."""
        await self.send_and_wait(self.rerun_message(widget_state, first=first))

    def rerun_message(self, widget_state=None, *, first: bool = False) -> BackMsg:
        """The ``rerun_script`` ``BackMsg`` a browser sends for this page now."""
        msg = BackMsg()
        rs = msg.rerun_script
        rs.query_string = self.query_string
        if first or not self.page_script_hash:
            rs.page_name = self.page_name
        else:
            rs.page_script_hash = self.page_script_hash
        states = widget_state if isinstance(widget_state, list) else [widget_state]
        rs.widget_states.widgets.extend(w for w in states if w is not None)
        rs.cached_message_hashes.extend(self.cache)
        rs.context_info.timezone = "America/Chicago"
        rs.context_info.timezone_offset = 360
        rs.context_info.locale = "en-US"
        rs.context_info.url = f"{self.base}/{self.page_name}" + (
            f"?{self.query_string}" if self.query_string else ""
        )
        return msg

    async def send_and_wait(self, msg: BackMsg) -> None:
        """Send ``msg`` and read until the run it starts ends (:meth:`_handle`)."""
        await self.ws.send(msg.SerializeToString())
        await asyncio.wait_for(self._until_finished(), self.timeout)

    async def _until_finished(self) -> None:
        while True:
            data = await self.ws.recv()
            self.bytes_received += len(data)
            fwd = ForwardMsg()
            fwd.ParseFromString(data)
            if self._handle(fwd):
                return

    def _handle(self, fwd: ForwardMsg) -> bool:
        """Take in one ForwardMsg as the frontend does; True when it ends the run."""
        if fwd.WhichOneof("type") == "ref_hash":
            cached = self.cache.get(fwd.ref_hash)
            if cached is None:
                raise RuntimeError(f"ref_hash {fwd.ref_hash} is not in the client's cache")
            self.cache[fwd.ref_hash] = (cached[0], self.runs)
            path = tuple(fwd.metadata.delta_path)
            fwd = ForwardMsg.FromString(cached[0].SerializeToString())
            fwd.metadata.delta_path[:] = path
        elif fwd.metadata.cacheable:
            self.cache[fwd.hash] = (fwd, self.runs)
        kind = fwd.WhichOneof("type")
        if kind == "new_session":
            ns = fwd.new_session
            self.page_script_hash = ns.page_script_hash
            self.max_age = ns.config.max_cached_message_age or self.max_age
            if not fwd.metadata.run.fragment_ids:
                self._elements = {}
        elif kind == "delta" and fwd.delta.WhichOneof("type") == "new_element":
            element = fwd.delta.new_element
            self._elements[tuple(fwd.metadata.delta_path)] = element
            if element.WhichOneof("type") == "exception":
                self.exceptions.append(element.exception.message)
        elif kind == "navigation":
            self.page_script_hash = fwd.navigation.page_script_hash
        elif kind == "page_info_changed":
            self.query_string = fwd.page_info_changed.query_string
        elif kind == "page_not_found":
            self.page_not_found += 1
        elif kind == "script_finished":
            if fwd.script_finished == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                self.exceptions.append("the page did not compile")
            if fwd.script_finished in (FINISHED, ForwardMsg.FINISHED_WITH_COMPILE_ERROR):
                self.runs += 1
                self.cache = {
                    h: (m, seen)
                    for h, (m, seen) in self.cache.items()
                    if self.runs - seen <= self.max_age
                }
                self.widgets = [
                    w for _, e in sorted(self._elements.items()) if (w := widget_of(e)) is not None
                ]
                return True
        return False

    async def close(self) -> None:
        if self.ws is not None:
            with suppress(Exception):
                await self.ws.close()


# --- what a student clicks -----------------------------------------------------------------


def click(widget: Widget):
    state = BackMsg().rerun_script.widget_states.widgets.add()
    state.id = widget.id
    state.trigger_value = True
    return state


def counted(widgets: list[Widget]) -> bool:
    """The page counted the answer just checked: it shows the feedback's way on ("Next
    question" …) instead of Check (a Check with nothing picked is not counted)."""
    return any(w.kind == "button" and w.label in ANSWER_BUTTONS for w in widgets)


def map_click(widget: Widget, rng: random.Random):
    """A click on one state of a selectable map, as the map component reports it: the whole
    selection after the click (``ui.maps``; ``at`` tells one report from the next)."""
    code = rng.choice(widget.locations)
    picks = [c for c in widget.picks if c != code]
    if code not in widget.picks:
        picks.append(code)
    state = BackMsg().rerun_script.widget_states.widgets.add()
    state.id = widget.id
    state.json_value = json.dumps({"selection": {"picks": picks, "at": f"{time.time():.6f}"}})
    return state


def toggle(widget: Widget, rng: random.Random):
    """One option of a multiselect added or removed."""
    option = rng.choice(widget.options)
    value = [v for v in widget.value if v != option]
    if option not in widget.value:
        value.append(option)
    state = BackMsg().rerun_script.widget_states.widgets.add()
    state.id = widget.id
    state.string_array_value.data.extend(value)
    return state


def join(name_box: Widget, submit: Widget, name: str) -> list:
    """A form sent as a browser sends it: the typed name and the submit button, in one run."""
    text = BackMsg().rerun_script.widget_states.widgets.add()
    text.id = name_box.id
    text.string_value = name
    return [text, click(submit)]


@dataclass
class Student:
    """Plays a page from what it last rendered: a class quiz's join form with its own name,
    then a few picks, Check, Next."""

    rng: random.Random
    name: str = "Student"
    picks_left: int = 0
    question: str = ""  #: the id of the Check button, which changes with every question

    def action(self, widgets: list[Widget]) -> tuple[str, object]:
        name_box = next((w for w in widgets if w.kind == "text" and w.label == NAME_BOX), None)
        submit = next((w for w in widgets if w.kind == "submit" and w.label == JOIN), None)
        if name_box is not None and submit is not None:
            return "join", join(name_box, submit, self.name)
        buttons = {w.label: w for w in widgets if w.kind == "button"}
        for label in ANSWER_BUTTONS:
            if label in buttons:
                return "next", click(buttons[label])
        check = buttons.get(CHECK_BUTTON)
        if check is not None and check.id != self.question:
            self.question, self.picks_left = check.id, self.rng.randint(1, 3)
        if self.picks_left > 0:
            self.picks_left -= 1
            chart = next((w for w in widgets if w.kind == "map" and w.locations), None)
            if chart is not None:
                return "map click", map_click(chart, self.rng)
            answer = next((w for w in widgets if w.kind == "multiselect" and w.options), None)
            if answer is not None:
                return "pick", toggle(answer, self.rng)
        if check is not None:
            return "check", click(check)
        if buttons:
            return "button", click(self.rng.choice(list(buttons.values())))
        return "rerun", None


# --- one phase: N students on one page for a while -------------------------------------------


@dataclass
class Tally:
    first_visits: list[float] = field(default_factory=list)
    reruns: list[float] = field(default_factory=list)
    actions: dict[str, int] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    page_not_found: int = 0
    bytes_received: int = 0
    expected: int = 0  #: the students of the phase
    servers: list[int] = field(default_factory=list)  #: their server processes
    steady: tuple[float, int] | None = None  #: servers' CPU and reruns once all had visited

    def visited(self, seconds: float) -> None:
        """A first visit ended; the last one starts the steady part of the phase."""
        self.first_visits.append(seconds)
        if len(self.first_visits) == self.expected:
            self.steady = (cpu_seconds(self.servers), len(self.reruns))

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


def error_kind(exc: BaseException) -> str:
    if isinstance(exc, TimeoutError | asyncio.TimeoutError):
        return "timeout"
    if isinstance(exc, ConnectionError | OSError):
        return "connection"
    if isinstance(exc, WebSocketException):
        return "websocket"
    return type(exc).__name__


async def student(
    base: str, page: str, args: argparse.Namespace, seed: int, deadline: float, tally: Tally
) -> None:
    rng = random.Random(seed)
    tab = Tab(base, page, args.timeout)
    player = Student(rng, name=f"Student {seed}")
    try:
        start = time.perf_counter()
        await tab.open()
        if args.action == "student" and (joined := player.action(tab.widgets))[0] == "join":
            await tab.rerun(joined[1])  # the name typed at once: part of the first visit
            tally.actions["join"] = tally.actions.get("join", 0) + 1
        tally.visited(time.perf_counter() - start)
        while True:
            pause = rng.uniform(*args.think)
            if time.monotonic() + pause >= deadline:
                break
            await asyncio.sleep(pause)
            if args.action == "student":
                kind, state = player.action(tab.widgets)
            else:
                kind, state = "rerun", None
            start = time.perf_counter()
            await tab.rerun(state)
            tally.reruns.append(time.perf_counter() - start)
            tally.actions[kind] = tally.actions.get(kind, 0) + 1
            if kind == "check" and counted(tab.widgets):
                tally.actions["counted check"] = tally.actions.get("counted check", 0) + 1
    except Exception as exc:  # a student's failure is a figure, not a crash
        tally.error(error_kind(exc))
    finally:
        for message in tab.exceptions:
            tally.error(f"exception on the page: {message[:60]}")
        tally.page_not_found += tab.page_not_found
        tally.bytes_received += tab.bytes_received
        await tab.close()


async def run_students(
    base: str, page: str, n: int, args: argparse.Namespace, servers: list[int]
) -> Tally:
    tally = Tally(expected=n, servers=servers)
    deadline = time.monotonic() + args.duration
    await asyncio.gather(
        *(student(base, page, args, args.seed * 1000 + i, deadline, tally) for i in range(n))
    )
    return tally


# --- the servers: CPU of processes, and starting them ----------------------------------------

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pids: list[int]) -> float:
    """utime + stime of these processes (their threads included), in seconds."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / TICK


def children(pid: int) -> list[int]:
    """The direct children of a process (nginx's workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with suppress(OSError):
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(stat[1]) == pid:
                    found.append(int(entry.name))
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(url: str, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer /_stcore/health within {seconds:.0f} s")


@dataclass
class Target:
    """Where students connect, and which processes do the serving."""

    url: str
    servers: list[int]  #: the streamlit processes
    balancer: list[int] = field(default_factory=list)  #: nginx master and workers
    label: str = "1 (direct)"
    run_dir: Path | None = None  #: behind nginx: deploy/run-local.sh's run directory (its logs)


@contextmanager
def one_server(app: str, database_url: str | None = None) -> Iterator[Target]:
    """``streamlit run app`` on a free port, no load balancer (storing into ``database_url``)."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if database_url:
        env["GEOPLUNGE_DATABASE_URL"] = database_url
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            app,
            *STREAMLIT_FLAGS,
            "--server.port",
            str(port),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_healthy(url)
        yield Target(url, [proc.pid])
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()


STREAMLIT_FLAGS = [
    "--server.headless",
    "true",
    "--server.address",
    "127.0.0.1",
    "--browser.gatherUsageStats",
    "false",
    "--server.fileWatcherType",
    "none",
]


@contextmanager
def behind_nginx(app: str, servers: int, database_url: str | None = None) -> Iterator[Target]:
    """``deploy/run-local.sh`` with ``servers`` app servers behind nginx, in a temporary run
    directory (storing into ``database_url``); stopped afterwards."""
    if not shutil.which("nginx") and not Path("/usr/sbin/nginx").exists():
        raise SystemExit("--servers needs nginx (apt-get install -y nginx)")
    run_dir = Path(tempfile.mkdtemp(prefix="geoplunge-load-"))
    port = free_port()
    command = [str(RUN_LOCAL), "start", "--servers", str(servers), "--port", str(port)]
    command += ["--app", app, "--run-dir", str(run_dir)]
    if database_url:
        command += ["--database-url", database_url]
    env = {**os.environ, "GEOPLUNGE_PYTHON": sys.executable}
    try:
        subprocess.run(command, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
        pids = [int(p.read_text()) for p in sorted((run_dir / "servers").glob("*.pid"))]
        master = int((run_dir / "nginx.pid").read_text())
        balancer = [master, *children(master)]
        yield Target(f"http://127.0.0.1:{port}", pids, balancer, str(servers), run_dir)
    finally:
        stop = [str(RUN_LOCAL), "stop", "--run-dir", str(run_dir)]
        subprocess.run(stop, cwd=ROOT, check=False, stdout=subprocess.DEVNULL)
        shutil.rmtree(run_dir, ignore_errors=True)


async def warm_up(base: str, page: str, timeout: float) -> None:
    """One visit and one rerun: imports done, caches filled, the first-request quirk spent."""
    tab = Tab(base, page, timeout)
    try:
        await tab.open()
        await tab.rerun(None)
    finally:
        await tab.close()


# --- a class quiz: its database and one assignment per phase --------------------------------


@contextmanager
def class_database(admin_url: str) -> Iterator[str]:
    """A new, empty PostgreSQL database on the server of ``admin_url``, brought to the newest
    schema and dropped afterwards; yields its URL."""
    import sqlalchemy as sa

    import store.db

    name = f"geoplunge_load_{os.getpid()}_{int(time.time())}"
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f"CREATE DATABASE {name}"))
    url = str(sa.make_url(admin_url).set(database=name).render_as_string(hide_password=False))
    try:
        store.db.database(url).ready()
        yield url
    finally:
        store.db.forget(url)
        with admin.connect() as connection:
            connection.execute(sa.text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


def new_class(database_url: str, quiz_page: str, students: int) -> tuple[str, int]:
    """A class assignment with the settings of the practice link ``quiz_page``; its student
    link and its id."""
    from urllib.parse import parse_qs

    import store.db
    from engine.quiz import parse_settings
    from store.classroom import create_assignment
    from ui.nav import MENU

    parsed = urlparse(quiz_page)
    group = next(e.group for e in MENU if e.url_path == parsed.path.strip("/"))
    settings, _ = parse_settings(parse_qs(parsed.query), group=group)
    made = create_assignment(
        store.db.database(database_url),
        title=f"Load test, {students} students",
        drill=group,
        settings=settings,
    )
    return f"/class?code={made.assignment.code}", made.assignment.id


def stored_answers(database_url: str, assignment_id: int) -> int:
    """How many answers the assignment's students have in the database."""
    import store.db
    from store.classroom import class_results

    results = class_results(store.db.database(database_url), assignment_id)
    return sum(len(r.answers) for r in results)


# --- figures ---------------------------------------------------------------------------------


def quantile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def measure(
    target: Target, page: str, n: int, args: argparse.Namespace, database_url: str | None = None
) -> dict:
    """One phase: ``n`` students on ``page`` for ``args.duration`` s, with its figures; with
    ``database_url``, a class quiz of an assignment made for the phase from ``page``."""
    assignment_id = None
    if database_url:
        page, assignment_id = new_class(database_url, page, n)
    asyncio.run(warm_up(target.url, page, args.timeout))
    client_before = time.process_time()
    servers_before, lb_before = cpu_seconds(target.servers), cpu_seconds(target.balancer)
    wall_start = time.perf_counter()
    tally = asyncio.run(run_students(target.url, page, n, args, target.servers))
    wall = time.perf_counter() - wall_start
    servers_after = cpu_seconds(target.servers)
    server_cpu = servers_after - servers_before
    steady_ms = None
    if tally.steady is not None and len(tally.reruns) > tally.steady[1]:
        steady_cpu = servers_after - tally.steady[0]
        steady_ms = round(1000 * steady_cpu / (len(tally.reruns) - tally.steady[1]), 1)
    balancer_cpu = cpu_seconds(target.balancer) - lb_before
    runs = len(tally.reruns) + len(tally.first_visits)
    stored = stored_answers(database_url, assignment_id) if assignment_id else None
    return {
        "answers_stored": stored,
        "page": page,
        "servers": target.label,
        "students": n,
        "seconds": round(wall, 1),
        "first_visits": len(tally.first_visits),
        "first_visit_p50_s": quantile(tally.first_visits, 0.5),
        "first_visit_p95_s": quantile(tally.first_visits, 0.95),
        "reruns": len(tally.reruns),
        "rerun_p50_s": quantile(tally.reruns, 0.5),
        "rerun_p95_s": quantile(tally.reruns, 0.95),
        "rerun_max_s": max(tally.reruns, default=None),
        "actions": tally.actions,
        "errors": sum(tally.errors.values()),
        "error_kinds": tally.errors,
        "page_not_found": tally.page_not_found,
        "server_cpu_pct": round(100 * server_cpu / wall, 1),
        "server_cpu_ms_per_rerun": round(1000 * server_cpu / runs, 1) if runs else None,
        "steady_cpu_ms_per_rerun": steady_ms,
        "nginx_cpu_pct": round(100 * balancer_cpu / wall, 1) if target.balancer else None,
        "client_cpu_pct": round(100 * (time.process_time() - client_before) / wall, 1),
        "mb_received": round(tally.bytes_received / 1e6, 1),
        "first_visit_s": [round(x, 3) for x in tally.first_visits],
        "rerun_s": [round(x, 3) for x in tally.reruns],
    }


def fmt(seconds: float | None) -> str:
    return "—" if seconds is None else f"{seconds:.2f}"


def print_header() -> None:
    print(
        f"{'page':<12} {'servers':>10} {'students':>8} {'visits':>6} {'first p50':>9} "
        f"{'first p95':>9} {'reruns':>6} {'p50 s':>6} {'p95 s':>6} {'max s':>6} {'errors':>6} "
        f"{'server CPU':>10} {'ms/rerun':>8} {'steady':>6} {'nginx':>6} {'client':>6}",
        flush=True,
    )


def print_row(row: dict, name: str) -> None:
    nginx = "—" if row["nginx_cpu_pct"] is None else f"{row['nginx_cpu_pct']:.0f}%"
    print(
        f"{name:<12} {row['servers']:>10} {row['students']:>8} {row['first_visits']:>6} "
        f"{fmt(row['first_visit_p50_s']):>9} {fmt(row['first_visit_p95_s']):>9} "
        f"{row['reruns']:>6} {fmt(row['rerun_p50_s']):>6} {fmt(row['rerun_p95_s']):>6} "
        f"{fmt(row['rerun_max_s']):>6} {row['errors']:>6} {row['server_cpu_pct']:>9.0f}% "
        f"{row['server_cpu_ms_per_rerun'] or 0:>8.0f} {row['steady_cpu_ms_per_rerun'] or 0:>6.0f} "
        f"{nginx:>6} {row['client_cpu_pct']:>5.0f}%",
        flush=True,
    )
    if row["error_kinds"]:
        print(f"{'':<12} errors: {row['error_kinds']}", flush=True)
    if row["answers_stored"] is not None:
        checks = row["actions"].get("check", 0)
        kept = row["actions"].get("counted check", 0)
        print(
            f"{'':<12} answers stored {row['answers_stored']} of {kept} checks the page counted "
            f"({checks} Check presses)",
            flush=True,
        )


def numbers(text: str) -> list[int]:
    values = [int(x) for x in re.split(r"[,\s]+", text.strip()) if x]
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(f"expected positive whole numbers, got {text!r}")
    return values


def think(text: str) -> tuple[float, float]:
    low, _, high = text.partition(",")
    try:
        pair = (float(low), float(high or low))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected MIN,MAX seconds, got {text!r}") from None
    if not 0 <= pair[0] <= pair[1]:
        raise argparse.ArgumentTypeError(f"expected 0 <= MIN <= MAX, got {text!r}")
    return pair


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=numbers, default=[10, 25, 50])
    parser.add_argument("--duration", type=float, default=60.0, help="seconds per phase")
    parser.add_argument("--page", default=QUIZ_PAGE, help="path and query of the page")
    parser.add_argument(
        "--servers",
        type=numbers,
        help="app servers behind nginx (deploy/run-local.sh), e.g. 1,2,4; default: one "
        "streamlit process, no load balancer",
    )
    parser.add_argument("--url", help="an app already running (not started by this script)")
    parser.add_argument("--pids", type=numbers, default=[], help="its server processes (CPU)")
    parser.add_argument("--think", type=think, default=(3.0, 7.0), help="MIN,MAX seconds")
    parser.add_argument("--action", choices=("student", "rerun"), default="student")
    parser.add_argument("--no-floor", action="store_true", help="skip the floor page")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per step")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object at the end")
    parser.add_argument(
        "--class",
        dest="class_admin_url",
        metavar="ADMIN_URL",
        help="a class quiz of --page's settings, its answers written to a fresh PostgreSQL "
        "database made on this server (e.g. postgresql+psycopg://postgres@127.0.0.1:5432/test)",
    )
    args = parser.parse_args()
    with ExitStack() as stack:
        database_url = None
        if args.class_admin_url:
            database_url = stack.enter_context(class_database(args.class_admin_url))
        run(args, database_url)


def run(args: argparse.Namespace, database_url: str | None) -> None:
    """Every phase: the page (a class quiz with ``database_url``), then the floor page."""

    def say(*parts: object) -> None:
        if not args.json:
            print(*parts, flush=True)

    say(machine())
    say(
        f"{'class quiz of ' if database_url else ''}page {args.page} · "
        f"{args.duration:.0f} s per phase · think {args.think[0]:g}–"
        f"{args.think[1]:g} s · action {args.action} · floor {FLOOR_APP}"
    )
    pages = [("class" if database_url else "page", "streamlit_app.py", args.page)]
    if not args.no_floor:
        pages.append(("floor", FLOOR_APP, "/"))
    rows = []
    if not args.json:
        print_header()
    for name, app, page in pages:
        db = database_url if name != "floor" else None
        if args.url:
            if name == "floor":
                continue
            targets = [lambda: _given(args.url, args.pids)]
        elif args.servers:
            targets = [lambda n=n, app=app, db=db: behind_nginx(app, n, db) for n in args.servers]
        else:
            targets = [lambda app=app, db=db: one_server(app, db)]
        for make in targets:
            with make() as target:
                for n in args.students:
                    row = measure(target, page, n, args, db) | {"name": name}
                    rows.append(row)
                    if not args.json:
                        print_row(row, name)
    if args.json:
        load = os.getloadavg() if hasattr(os, "getloadavg") else None
        print(json.dumps({"machine": machine(), "load_average_after": load, "rows": rows}))
    else:
        say(machine())


@contextmanager
def _given(url: str, pids: list[int]) -> Iterator[Target]:
    yield Target(url.rstrip("/"), pids, label="given")


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    main()
