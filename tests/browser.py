"""Browser-test helpers: start the app on a free local port, drive headless Chromium offline.

Used by the ``app_url`` and ``page`` fixtures in ``conftest.py``. Every request that leaves
127.0.0.1 fails (:func:`launch`) and is recorded (:func:`keep_local`), so a test can assert
the app needed nothing from outside.
"""

from __future__ import annotations

import os
import runpy
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
LAPTOP = {"width": 1280, "height": 800}
PROJECTOR = {"width": 1920, "height": 1080}


def chromium_path() -> str | None:
    """The system Chromium (``apt-get install -y chromium``), if installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def free_port() -> int:
    """A port an app server can listen on (``deploy/ports.py``: below the ephemeral range, so
    no outgoing connection takes it before the server binds it)."""
    return _free_ports(1)[0]


_free_ports = runpy.run_path(str(Path(__file__).resolve().parent.parent / "deploy" / "ports.py"))[
    "free_ports"
]


def start_app(port: int, env: dict[str, str] | None = None) -> subprocess.Popen:
    """``streamlit run streamlit_app.py`` headless on 127.0.0.1:port (with ``env`` added to
    the environment); waits until it answers."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            "streamlit_app.py",
            "--server.headless",
            "true",
            "--server.address",
            "127.0.0.1",
            "--server.port",
            str(port),
            "--browser.gatherUsageStats",
            "false",
            "--server.fileWatcherType",
            "none",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2):
                return proc
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError("the app did not start within 60 s")


def is_local(url: str) -> bool:
    """True for URLs served by this machine (or inlined: data:, blob:, about:)."""
    parsed = urlparse(url)
    if parsed.scheme in {"data", "blob", "about"}:
        return True
    return parsed.hostname in {"127.0.0.1", "localhost"}


# Streamlit marks its root with the state of the connection and of the script run; a page that
# has just loaded says "initial" until its first run starts. The status widget ("Running…") is
# shown only after a delay, so it alone cannot tell a run that has not finished.
_APP_IDLE_JS = """() => {
  const app = document.querySelector("[data-testid='stApp']");
  return app && app.dataset.testConnectionState === 'CONNECTED'
    && app.dataset.testScriptState === 'notRunning'
    && !document.querySelector("[data-testid='stStatusWidget']")
    && document.querySelector("[data-testid='stMain']");
}"""
_APP_STATE_JS = """() => {
  const app = document.querySelector("[data-testid='stApp']");
  return {connection: app?.dataset.testConnectionState, script: app?.dataset.testScriptState,
    status: document.querySelector("[data-testid='stStatusWidget']")?.innerText ?? null,
    main: !!document.querySelector("[data-testid='stMain']"), url: location.href};
}"""


class Runs:
    """The script runs a page asked for and the ones the server started and finished, read from
    its WebSocket frames (:func:`track_runs`): a rerun is asked for by a ``rerun_script``
    BackMsg; a run starts with a ``new_session`` ForwardMsg and ends with ``script_finished``.
    Only the latest connection's frames count (a closed one's may still be reported after the
    new one opens); ``story`` keeps the last frames seen, for a wait that times out."""

    def __init__(self) -> None:
        self.asked = 0  #: rerun_script messages sent
        self.whole_asked = False  #: a rerun of the whole page asked for since the last start
        self.started_after = 0  #: how many had been sent when the latest run started
        self.running = False
        self.finished = 0  #: runs ended (a fragment's too)
        self.socket = 0  #: the connections opened so far; the latest is the one that counts
        self.story: list[str] = []
        self.start = time.monotonic()

    def _tell(self, socket: int, what: str) -> None:
        self.story = [*self.story[-23:], f"{time.monotonic() - self.start:.2f}s #{socket} {what}"]

    def new_socket(self) -> int:
        """A new connection (a reload, a reconnect) is a new session: what the old one asked
        for can never run there, so only what is asked from now on is waited for. Returns the
        connection's number."""
        self.socket += 1
        self.started_after, self.running = self.asked, False
        self._tell(self.socket, "opened")
        return self.socket

    def sent(self, socket: int, payload: object) -> None:
        message = BackMsg.FromString(bytes(payload)) if isinstance(payload, bytes) else None
        if message is not None and message.WhichOneof("type") == "rerun_script":
            fragment = message.rerun_script.fragment_id
            self._tell(socket, f"rerun asked{' (fragment)' if fragment else ''}")
            if socket == self.socket:
                self.asked += 1
                self.whole_asked = self.whole_asked or not fragment

    def received(self, socket: int, payload: object) -> None:
        if isinstance(payload, bytes):
            kind = ForwardMsg.FromString(payload).WhichOneof("type")
            if kind in ("new_session", "script_finished"):
                self._tell(socket, kind)
            if socket != self.socket:
                return
            if kind == "new_session":
                self.started_after, self.running = self.asked, True
                self.whole_asked = False
            elif kind == "script_finished":
                self.running = False
                self.finished += 1

    @property
    def settled(self) -> bool:
        """No run under way, and every rerun asked for has had a run start after it."""
        return not self.running and self.started_after >= self.asked

    @property
    def only_looks_wait(self) -> bool:
        """No run under way, and what has not started since is fragments' reruns only."""
        return not self.running and not self.whole_asked

    def __str__(self) -> str:
        counts = f"asked {self.asked}, started after {self.started_after}, finished {self.finished}"
        return f"{counts}, running {self.running}; frames: {'; '.join(self.story)}"


def track_runs(page) -> None:
    """Follow the page's script runs (:class:`Runs`) so that :func:`wait_for_app` also waits
    for a rerun that an action has asked for but the server has not started yet."""
    runs = Runs()
    page.gp_runs = runs

    def on_socket(ws) -> None:
        if ws.url.endswith("/_stcore/stream"):
            socket = runs.new_socket()
            ws.on("framesent", lambda payload: runs.sent(socket, payload))
            ws.on("framereceived", lambda payload: runs.received(socket, payload))

    page.on("websocket", on_socket)


def wait_for_app(page, timeout_ms: int = 30_000, settle_ms: int = 300) -> None:
    """Wait until Streamlit is connected and has finished running the script: on a page that
    :func:`track_runs` follows, also every rerun the page has asked for (but a pulse's look
    that no pulse on the page awaits any more: its fragment left the page); then ``settle_ms``
    more (a caller that next waits for what it needs to see may pass 0)."""
    page.wait_for_selector("[data-testid='stApp']", timeout=timeout_ms)
    runs: Runs | None = getattr(page, "gp_runs", None)
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        wait_explained(page, _APP_IDLE_JS, None, _APP_STATE_JS, timeout_ms)
        if runs is None or runs.settled:
            break
        if runs.only_looks_wait and not page.evaluate(_LOOK_AWAITED_JS):
            break  # a look of a pulse that the page has taken away: Streamlit drops it
        if time.monotonic() > deadline:
            never = f"the page asked for a rerun that never ran ({runs}){pulses(page)}"
            raise AssertionError(never)
        page.wait_for_timeout(50)
    if settle_ms:
        page.wait_for_timeout(settle_ms)


_TRACE_JS = "() => [Date.now(), window.__geoplungeTrace || []]"
#: whether a pulse on the page still awaits a look it asked for (:mod:`ui.stream`)
_LOOK_AWAITED_JS = "() => [...(window.__geoplungePulse || [])].some((p) => p.sent > p.seen)"


def pulses(page) -> str:
    """What the page's pulses (:mod:`ui.stream`) did lately, timed as :class:`Runs`' story is
    (seconds since the page was followed), for a failure's message; "" without pulses."""
    runs: Runs | None = getattr(page, "gp_runs", None)
    now = time.monotonic()
    try:
        page_now, trace = page.evaluate(_TRACE_JS)
    except Exception:  # the page is gone
        return ""
    if not trace:
        return ""
    start = runs.start if runs else now
    told = [f"{now - start + (at - page_now) / 1000:.2f}s {what}" for at, what in trace]
    return "; pulses: " + "; ".join(told)


def wait_for_runs(page, count: int, timeout_ms: int = 30_000) -> None:
    """Wait until ``page`` (followed by :func:`track_runs`) has seen ``count`` runs end, its
    fragments' runs included (a page that looks by itself every second runs without a press)."""
    deadline = time.monotonic() + timeout_ms / 1000
    while page.gp_runs.finished < count:
        if time.monotonic() > deadline:
            raise AssertionError(f"{page.gp_runs.finished} runs ended, not {count}")
        page.wait_for_timeout(50)


# Open, and done growing: Streamlit's expander opens by animating its height for half a second,
# its content clipped meanwhile, and a press inside it then focuses a control that the clipped
# box scrolls into view (the content slides under the pointer between the press and the
# release, and the click lands on the text above the button).
_EXPANDER_OPEN_JS = """(el) => el.querySelector('details')?.open
  && el.getAnimations({subtree: true}).every(a => a.playState !== 'running')"""


def open_expander(scope, label: str, timeout_ms: int = 30_000):
    """Open the expander titled ``label`` in ``scope`` (a page or a locator) unless it is open,
    and wait until it has finished opening; the expander's locator."""
    page = getattr(scope, "page", scope)
    expander = scope.locator(
        "[data-testid='stExpander']", has=page.locator("summary", has_text=label)
    ).first
    if not expander.evaluate("el => el.querySelector('details')?.open"):
        expander.locator("summary").first.click()
    page.wait_for_function(_EXPANDER_OPEN_JS, arg=expander.element_handle(), timeout=timeout_ms)
    return expander


def wait_for_code(page, containing: str, timeout_ms: int = 30_000) -> str:
    """The text of the code block (``st.code``) holding ``containing``, once drawn: Streamlit
    draws code blocks a moment after the rest of a run, so a run's end does not mean they are
    on the page."""
    block = page.get_by_test_id("stCode").filter(has_text=containing).first
    block.wait_for(timeout=timeout_ms)
    return block.inner_text()


# A point inside a state's drawn outline, at least ``margin`` px from its border (every point
# of a small ring round it hits the same state), as near the middle of its box as possible;
# it must also be inside the map's stage (a zoomed map cuts states off).
_INTERIOR_JS = """
([usps, index, margin]) => {
  const map = document.querySelectorAll('.gpm')[index];
  const path = map.querySelector(`path.choroplethlocation[data-usps="${usps}"]`);
  const stage = map.querySelector('.gpm-stage').getBoundingClientRect();
  const b = path.getBoundingClientRect();
  const hit = (x, y) => {
    for (const el of document.elementsFromPoint(x, y)) {
      if (el.matches('path.choroplethlocation')) return el.dataset.usps;
      if (el.closest('[data-usps]')) return el.closest('[data-usps]').dataset.usps;
    }
    return null;
  };
  const ok = (x, y) => {
    if (x < stage.left + 2 || x > stage.right - 2 || y < stage.top + 2 || y > stage.bottom - 2)
      return false;
    if (hit(x, y) !== usps) return false;
    for (let i = 0; i < 12; i++) {
      const a = (Math.PI * i) / 6;
      if (hit(x + margin * Math.cos(a), y + margin * Math.sin(a)) !== usps) return false;
    }
    return true;
  };
  const cx = b.left + b.width / 2, cy = b.top + b.height / 2;
  const step = Math.max(1, Math.min(b.width, b.height) / 24);
  const grid = [];
  for (let x = b.left; x <= b.right; x += step) {
    for (let y = b.top; y <= b.bottom; y += step) grid.push([x, y, (x - cx) ** 2 + (y - cy) ** 2]);
  }
  grid.sort((p, q) => p[2] - q[2]);  // nearest the middle first: the first that fits is it
  const best = grid.find(([x, y]) => ok(x, y));
  return best ? [best[0], best[1]] : null;
}
"""


def wait_for_map(page, index: int = 0, timeout_ms: int = 30_000) -> None:
    """Wait until the map ``index`` of the page is drawn and has taken its data."""
    page.wait_for_function(
        "i => { const m = document.querySelectorAll('.gpm')[i];"
        " return m && m.querySelectorAll('path.choroplethlocation[data-usps]').length === 50"
        " && m.querySelector('.gpm-stage').style.height; }",
        arg=index,
        timeout=timeout_ms,
    )


def interior_point(
    page, usps: str, index: int = 0, margin: float = 3
) -> tuple[float, float] | None:
    """A point inside ``usps``'s outline on map ``index``, ``margin`` px from its border
    (``None`` when the state is drawn too small to have one). Waits for the map first: under
    load Streamlit may drop it and draw it again a moment later (``static/map/geomap.js``)."""
    wait_for_map(page, index)
    point = page.evaluate(_INTERIOR_JS, [usps, index, margin])
    return (point[0], point[1]) if point else None


def click_state(page, usps: str, index: int = 0) -> None:
    """Click (on a touch screen: tap) a state on map ``index`` at a point inside its outline,
    3 px or more from its border."""
    point = interior_point(page, usps, index)
    assert point, f"no point of {usps} lies 3 px inside its border on screen"
    click_at(page, point)


def click_at(page, point: tuple[float, float]) -> None:
    """Click (on a touch screen: tap) at ``point``."""
    if is_touch(page):
        page.touchscreen.tap(*point)
    else:
        page.mouse.click(*point)


def is_touch(page) -> bool:
    """True when the page runs as on a touch screen (the phone fixture)."""
    return page.evaluate("matchMedia('(pointer: coarse)').matches")


def fill(page, usps: str, index: int = 0) -> str:
    """The fill colour of a state on map ``index``, as the browser computes it (read in one
    step: plotly may draw the paths anew when the page changes size)."""
    return page.evaluate(
        "([u, i]) => { const p = document.querySelectorAll('.gpm')[i]"
        ".querySelector(`path.choroplethlocation[data-usps=${u}]`);"
        " return p ? getComputedStyle(p).fill : null; }",
        [usps, index],
    )


def dismiss_page_not_found(page) -> bool:
    """Close Streamlit's "Page not found" dialog if it is open; True when it was.

    Streamlit 1.67 showed it on the very first request a freshly started server got for a deep
    link, because a ``pages/`` folder exists (its legacy multipage mode runs once before
    ``st.navigation`` takes over). Every page's ``page_setup()`` (``ui.nav``) cures that, and
    ``test_browser_first_visit.py`` proves it; this stays as a harmless guard for old tests.
    """
    dialog = page.get_by_role("dialog").filter(has_text="Page not found")
    if dialog.count():
        dialog.get_by_role("button").first.click()
        return True
    return False


def open_drill_question(page, app_url: str, mode: str, seed: int, prompt: str) -> None:
    """Open the one-question drill link of ``mode`` and ``seed`` (whose question reads
    ``prompt``) on its page, and wait until the question and its map are drawn."""
    from engine.quiz.modes import mode as mode_row
    from ui.nav import DRILL_MENU

    page.goto(f"{app_url}/{DRILL_MENU[mode_row(mode).group].url_path}?mode={mode}&n=1&seed={seed}")
    wait_for_app(page)
    dismiss_page_not_found(page)
    page.get_by_text(prompt).first.wait_for(timeout=20_000)
    wait_for_map(page)


def map_screenshot(page, name: str, index: int = 0) -> Path:
    """A picture of map ``index`` alone (scrolled into view), under ``screenshots/``."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.locator(".gpm").nth(index).screenshot(path=str(path))
    print(f"screenshot: {path.relative_to(ROOT)}")
    return path


def screenshot(page, name: str, full_page: bool = True) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    print(f"screenshot: {path.relative_to(ROOT)}")
    return path


@contextmanager
def launch(playwright) -> Iterator[object]:
    """The system Chromium, offline: every request leaving 127.0.0.1 goes to a proxy that is a
    port this process holds without listening on it, so it fails at once (and is recorded by
    :func:`keep_local`). The browser does it, not a route in the test: routing every request
    through Python would cost a round trip each and turn the page's HTTP cache off (each page
    load would fetch and compile Streamlit's and plotly's scripts anew)."""
    with socket.socket() as dead:
        dead.bind(("127.0.0.1", 0))
        proxy = f"http://127.0.0.1:{dead.getsockname()[1]}"
        browser = playwright.chromium.launch(
            executable_path=chromium_path(),
            args=CHROMIUM_ARGS,
            proxy={"server": proxy, "bypass": "127.0.0.1,localhost"},
        )
        try:
            yield browser
        finally:
            browser.close()


def keep_local(page, blocked: list[str]) -> None:
    """Record in ``blocked`` every request (and WebSocket) of ``page`` that leaves 127.0.0.1;
    the browser of :func:`launch` makes each fail."""

    def record(url: str) -> None:
        if not is_local(url):
            blocked.append(url)

    page.on("request", lambda request: record(request.url))
    page.on("websocket", lambda ws: record(ws.url))


# --- the map's view: drawn at its size, every state inside what shows -------------------------

# Keeps the plotly.js draws in flight on the page (a first draw, a new size), each with the
# element it draws into, so that a test can wait until a map has finished drawing: an outline
# read in the middle of a redraw belongs to neither the old view nor the new one. A draw into
# an element no longer on the page does not count: under load Streamlit may drop a map and
# mount a new one in the middle of a draw, whose promise then never settles. Installed before
# the page loads (plotly.js sets ``window.Plotly`` when its script runs).
_DRAWS_JS = """
(() => {
  let plotly;
  window.__gpmDraws = new Set();
  Object.defineProperty(window, "Plotly", {
    configurable: true,
    get: () => plotly,
    set(value) {
      plotly = value;
      for (const name of ["newPlot", "relayout", "react"]) {
        const draw = value[name];
        if (typeof draw !== "function") continue;
        value[name] = function (...args) {
          const gd = typeof args[0] === "string" ? document.getElementById(args[0]) : args[0];
          const token = {gd};
          window.__gpmDraws.add(token);
          const done = () => window.__gpmDraws.delete(token);
          try {
            const result = draw.apply(this, args);
            Promise.resolve(result).then(done, done);
            return result;
          } catch (error) {
            done();
            throw error;
          }
        };
      }
    },
  });
})();
"""

# Nothing on the page moves: no finite animation or transition is running (a sidebar sliding
# in after the window grew, an expander opening); endless ones (a spinner) do not count.
_STILL_JS = """() => !document.getAnimations().some(
  a => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)"""

_DRAWN_JS = """
i => {
  if (window.__gpmDraws === undefined) throw new Error("call watch_map_draws(page) first");
  const m = document.querySelectorAll('.gpm')[i];
  if (!m) return false;
  for (const {gd} of window.__gpmDraws) {
    if (gd && gd.isConnected && m.contains(gd)) return false;  // this map is being drawn
  }
  const svg = m.querySelector('.gpm-plot svg.main-svg');
  const stage = m.querySelector('.gpm-stage');
  const moving = !(STILL_JS)();
  return !moving && !!svg && m.querySelectorAll('path.choroplethlocation[data-usps]').length === 50
    && +svg.getAttribute('width') === stage.clientWidth
    && +svg.getAttribute('height') === stage.clientHeight;
}
"""

_DRAWN_JS = _DRAWN_JS.replace("STILL_JS", _STILL_JS)


def wait_until_still(page, timeout_ms: int = 30_000) -> None:
    """Wait until nothing on the page moves (:data:`_STILL_JS`): a layout read before may
    belong to neither the old size nor the new one."""
    page.wait_for_function(_STILL_JS, timeout=timeout_ms)


# What part of the page a map shows: its stage (which hides what overflows it), cut for the
# states' outlines by every clip path on the way down to them. Returns the states whose
# outline reaches past it (and by how much), and the small-state boxes that lie on a state.
_VISIBLE_JS = """
i => {
  const m = document.querySelectorAll('.gpm')[i];
  const stage = m.querySelector('.gpm-stage').getBoundingClientRect();
  let box = {left: stage.left, top: stage.top, right: stage.right, bottom: stage.bottom};
  const paths = [...m.querySelectorAll('path.choroplethlocation[data-usps]')];
  for (let n = paths[0].parentElement; n && n !== m; n = n.parentElement) {
    const ref = /url\\(["']?#([^"')]+)/.exec(n.getAttribute?.('clip-path') || '');
    const rect = ref && document.getElementById(ref[1])?.querySelector('rect');
    if (!rect) continue;
    const ctm = n.getScreenCTM();
    const [x, y] = ['x', 'y'].map(a => +rect.getAttribute(a));
    const [w, h] = ['width', 'height'].map(a => +rect.getAttribute(a));
    const a = new DOMPoint(x, y).matrixTransform(ctm);
    const b = new DOMPoint(x + w, y + h).matrixTransform(ctm);
    box = {
      left: Math.max(box.left, Math.min(a.x, b.x)),
      top: Math.max(box.top, Math.min(a.y, b.y)),
      right: Math.min(box.right, Math.max(a.x, b.x)),
      bottom: Math.min(box.bottom, Math.max(a.y, b.y)),
    };
  }
  const past = (r, a) =>
    Math.max(a.left - r.left, r.right - a.right, a.top - r.top, r.bottom - a.bottom);
  const outside = [];
  const boxes = paths.map(p => [p.dataset.usps, p.getBoundingClientRect()]);
  for (const [usps, b] of boxes) {
    const over = past(b, box);
    if (over > 0.5) outside.push(`${usps} (${over.toFixed(0)} px)`);
  }
  const covering = [];
  for (const c of m.querySelectorAll('.gpm-callout')) {  // drawn over the map, in the stage
    const r = c.getBoundingClientRect();
    const over = past(r, stage);
    if (over > 0.5) outside.push(`the ${c.dataset.usps} box (${over.toFixed(0)} px)`);
    for (const [usps, b] of boxes) {
      if (r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom) {
        covering.push(`the ${c.dataset.usps} box on ${usps}`);
      }
    }
  }
  return {outside, covering, zoomed: m.classList.contains('gpm-zoomed')};
}
"""


def watch_map_draws(page) -> None:
    """Count plotly.js draws on ``page`` from its next load on (see :func:`wait_for_map_drawn`)."""
    page.add_init_script(_DRAWS_JS)


# Why map ``i`` is not yet drawn and still, for a wait that timed out: the draws under way (and
# into what), the finite animations running, the outlines and the sizes compared.
_MAP_STATE_JS = """
i => {
  const m = document.querySelectorAll('.gpm')[i];
  const svg = m && m.querySelector('.gpm-plot svg.main-svg');
  const stage = m && m.querySelector('.gpm-stage');
  const into = gd => !gd ? 'nothing' : !gd.isConnected ? 'a removed element'
    : m && m.contains(gd) ? 'this map' : 'another element';
  const named = el =>
    el ? el.tagName.toLowerCase() + [...el.classList].map(c => '.' + c).join('') : '?';
  const moving = document.getAnimations()
    .filter(a => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
    .map(a => `${a.animationName || a.transitionProperty || 'animation'}`
      + ` on ${named(a.effect.target)} at ${Math.round(a.currentTime)}`
      + ` of ${a.effect.getComputedTiming().endTime} ms`);
  return {
    maps: document.querySelectorAll('.gpm').length,
    draws: [...(window.__gpmDraws || [])].map(({gd}) => into(gd)),
    moving,
    outlines: m ? m.querySelectorAll('path.choroplethlocation[data-usps]').length : 0,
    svg: svg ? [svg.getAttribute('width'), svg.getAttribute('height')] : null,
    stage: stage ? [stage.clientWidth, stage.clientHeight] : null,
    visibility: document.visibilityState,
  };
}
"""


def wait_explained(page, js: str, arg: object, explain_js: str, timeout_ms: int = 30_000):
    """``page.wait_for_function(js, arg)``; if it times out, an error that says what
    ``explain_js(arg)`` read on the page at that moment (a timeout alone says nothing of why)."""
    try:
        return page.wait_for_function(js, arg=arg, timeout=timeout_ms)
    except PlaywrightTimeoutError:
        state = page.evaluate(explain_js, arg)
        raise AssertionError(f"waited {timeout_ms} ms in vain; the page: {state}") from None


def wait_for_map_drawn(page, index: int = 0, timeout_ms: int = 30_000) -> None:
    """Wait until map ``index`` is drawn at the size of its stage, no draw is under way and
    nothing on the page is moving (after :func:`watch_map_draws`)."""
    wait_explained(page, _DRAWN_JS, index, _MAP_STATE_JS, timeout_ms)


def read_drawn_map(page, reading_js: str, arg: object = None, index: int = 0) -> object:
    """``reading_js(arg)`` read in the same task in which map ``index`` is found drawn and
    still (:func:`wait_for_map_drawn`). Read in a task of its own, it could see the page one
    step later: a sidebar sliding in on a wider window narrows the map's stage for a moment
    before the map redraws for it (a view fitted to the wider stage then looks cut)."""
    js = f"([i, arg]) => ({_DRAWN_JS})(i) && {{reading: ({reading_js})(arg)}}"
    explain = f"([i, arg]) => ({_MAP_STATE_JS})(i)"
    return wait_explained(page, js, [index, arg], explain).json_value()["reading"]


def map_view(page, index: int = 0) -> dict:
    """What map ``index`` shows, once drawn and still (:func:`read_drawn_map`): ``outside``,
    the states (and small-state boxes) that reach past the visible map; ``covering``, the
    small-state boxes that lie on a state's outline; ``zoomed``, whether the view is closer
    than the whole map."""
    return read_drawn_map(page, _VISIBLE_JS, index, index)
