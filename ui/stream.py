"""Screens told of a change the moment it is made: the app's stream of changes and the pulse
that makes a page look.

**The stream** (:func:`routes`, ``GET /api/changes?topic=…``, Server-Sent Events) follows up to
:data:`MAX_TOPICS` topics of :mod:`store.changes` for one screen. It sends ``state`` (``push``:
this server hears every change; ``poll``: it may miss some, look by yourself), ``change`` (one
of the topics moved; changes that arrive together are sent once) and ``beat`` every
:data:`HEARTBEAT` seconds, so the browser knows the stream lives and no proxy closes it. It
says only *that* something moved: the page reads what, with the rights it has.

**The pulse** (:func:`watched`) runs a page's *look* (a small function that reads the
version of what the page shows and reruns the page when it moved) in a fragment that a tiny
in-DOM component reruns: when the stream says a topic changed, every ``every`` seconds if the
look also keeps time (a question's clock, a seat's presence), and every :data:`FALLBACK`
seconds whenever the stream is not there to rely on (it cannot connect, a proxy holds it back,
its beat stops, the server says ``poll``). So a page that cannot have the stream polls as
before, and says nothing. One look runs at a time: changes that come while one runs make one
more look after it.

A look can be lost (the server drops a fragment's rerun when a full run under way takes the
fragment away; after a reconnection the server may be another one, whose new session holds no
fragment): the pulse asks again for a look not run within five seconds, and asks for a run of
the whole page (a second tiny component, drawn outside the fragment) after a reconnection and
when the look asked for again was lost as well.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlencode

import streamlit as st

from store import changes
from store.db import Unavailable

MAX_TOPICS = 4  #: topics one stream may follow
HEARTBEAT = 15.0  #: seconds between two beats of an idle stream
FALLBACK = 1.0  #: seconds between two looks while the stream cannot be relied on
PATH = "api/changes"  #: the stream's path under the app's base URL
CAUSES = ("change", "time", "poll")  #: why the pulse asks for a look

_JS = """
const PULSES = (window.__geoplungePulse ||= new Set());  // the page's pulses, for its tests
const TRACE = (window.__geoplungeTrace ||= []);  // what the pulses did, for the tests' messages
function trace(p, what) {
  const app = document.querySelector("[data-testid='stApp']")?.dataset || {};
  TRACE.push([Date.now(), `${p.url.slice(-12)} ${what} (sent ${p.sent}, seen ${p.seen}, ` +
    `${app.testScriptState}/${app.testConnectionState})`]);
  if (TRACE.length > 40) TRACE.shift();
}
const DEAD = 2.5 * HEARTBEAT * 1000;  // no word from the stream for this long: it is gone
const REOPEN = 20000;  // ms before a closed stream is tried again
const STALL = 5000;  // ms a look may take before the next is sent all the same

// While the app runs the script (or has lost the server) a look waits: the run under way may be
// the one that takes this pulse off the page, and a look asked for then would never run. Read
// from the states Streamlit writes on its root; where it writes none, nothing waits. The page
// learns of a run a moment after the server starts it, so a look can still be lost that way:
// a look not run after STALL is asked for again, and a pulse taken off the page hands the look
// it owed to the page's next pulse on the same stream.
//
// A look is a rerun of the pulse's fragment, which only the session that drew it holds. After
// the connection comes back the server may be another (its own died) with a new session that
// has run nothing: there, and when a look asked for again was lost too, the pulse asks for a
// run of the whole page instead (the page's "whole" trigger, drawn outside the fragment).
const RUNNING = new Set(["running", "rerunRequested", "stopRequested"]);
function app() {
  return document.querySelector("[data-testid='stApp']")?.dataset || {};
}
function busy() {
  const { testScriptState: script, testConnectionState: connection } = app();
  return RUNNING.has(script) || (!!connection && connection !== "CONNECTED");
}
const WHOLE = (window.__geoplungeWhole ||= new Map());  // stream → its page's "whole" trigger
UNSEEN

const OWED = new Set();  // streams whose closed pulse owed a look no pulse has taken yet
function handOver(p) {
  for (const q of PULSES) {
    if (q !== p && q.url === p.url && q.element?.isConnected) {
      q.pending = true;
      q.cause = "change";
      trace(q, "took a look over");
      return;
    }
  }
  OWED.add(p.url);
}

function start(id, url) {
  // The page has just been drawn from what it read: the first look waits for a reason.
  const now = Date.now();
  const owed = OWED.delete(url);
  const p = { id, url, push: false, pending: owed, sent: 0, seen: 0, last: now, heard: 0 };
  if (owed) p.cause = "change";
  p.open = () => {
    p.source?.close();
    const es = (p.source = new EventSource(url));
    p.opened = Date.now();
    es.addEventListener("state", (e) => {
      p.heard = Date.now();
      p.push = e.data === "push";
      trace(p, `state ${e.data}`);
      p.pending = true;  // what moved before the stream was there
      p.cause = "change";
      p.fire();
    });
    es.addEventListener("change", () => {
      p.heard = Date.now();
      window.__geoplungeChanges = (window.__geoplungeChanges || 0) + 1;  // for the page's tests
      trace(p, "change");
      p.pending = true;
      p.cause = "change";
      p.fire();
    });
    es.addEventListener("beat", () => { p.heard = Date.now(); });
    es.onerror = () => { p.push = false; };
  };
  p.fire = () => {
    const now = Date.now();
    if (p.whole && !busy() && WHOLE.has(p.url)) {
      p.whole = false;
      p.pending = false;
      p.seen = p.sent;  // the page's run reads everything afresh
      p.last = now;
      WHOLE.get(p.url)("run", now);
      trace(p, "asked for the whole page");
      return;
    }
    const again = p.seen < p.sent;  // the last look has not run: this one asks again
    if (!p.pending || (again && now - p.last <= STALL)) return;
    if (!p.send || busy() || !p.element?.isConnected) return;
    p.pending = false;
    p.sent += 1;
    p.last = now;
    p.send("look", { n: p.sent, cause: p.cause });
    trace(p, `look ${p.sent} (${p.cause})${again ? ", asks again" : ""}`);
    p.cause = null;
  };
  p.tick = () => {
    const now = Date.now();
    if (p.push && now - p.heard > DEAD) p.push = false;
    const closed = !p.source || p.source.readyState === EventSource.CLOSED;
    if (!p.push && (closed || now - p.heard > DEAD) && now - p.opened > REOPEN) p.open();
    const every = p.push ? p.every : p.fallback;
    if (every && now - p.last >= every * 1000 && !p.pending) {
      p.pending = true;
      p.cause = p.push ? "time" : "poll";
    }
    const connection = app().testConnectionState;
    if (p.connection && p.connection !== "CONNECTED" && connection === "CONNECTED") {
      p.whole = true;  // back, perhaps on another server whose session holds no fragment
    }
    p.connection = connection;
    if (p.sent > p.seen && now - p.last > STALL && !p.pending) {
      p.whole = p.asked;  // a look asked for again was lost as well
      p.asked = !p.whole;
      p.pending = true;  // the look never ran: ask again
      p.cause = "change";
      trace(p, "asks again");
    } else if (p.seen >= p.sent) {
      p.asked = false;
    }
    p.fire();
  };
  p.close = () => {
    clearInterval(p.timer);
    p.source?.close();
    trace(p, "closed");
    if (p.pending || p.sent > p.seen) handOver(p);
  };
  trace(p, "mounted");
  p.open();
  p.timer = setInterval(p.tick, 200);
  return p;
}

// One pulse per mounted component (its element): a page may draw a new one at another place
// before Streamlit takes the old one away, and each closes only its own stream.
const MINE = new WeakMap();

export default function ({ data, parentElement, setTriggerValue }) {
  const { url, every, fallback, seen } = data;
  let p = MINE.get(parentElement);
  if (p && p.id !== url) { p.close(); p = null; }
  if (!p) {
    p = start(url, url);
    p.sent = p.seen = seen;  // the session's looks go on from the last one run, under its key
    MINE.set(parentElement, p);
    PULSES.add(p);
  }
  p.every = every;
  p.fallback = fallback;
  p.seen = Math.max(p.seen, seen);
  p.send = setTriggerValue;
  p.element = parentElement;
  unseen(parentElement);
  p.fire();
  const mine = p;
  return () => { mine.close(); PULSES.delete(mine); MINE.delete(parentElement); };
}
"""

_UNSEEN_JS = """
// Out of the page's flow: an empty element box would still take a gap of the page's column.
function unseen(element) {
  const node = element?.host ?? element;  // a shadow root's host
  const box = node?.closest?.("[data-testid='stElementContainer']");
  if (box) box.style.display = "none";
}
"""

_mount = st.components.v2.component(
    "geoplunge_pulse",
    js=_JS.replace("HEARTBEAT", repr(HEARTBEAT)).replace("UNSEEN\n", _UNSEEN_JS),
    css=":host { display: none; }",
)

_WHOLE_JS = """
const WHOLE = (window.__geoplungeWhole ||= new Map());
UNSEEN
export default function ({ data, parentElement, setTriggerValue }) {
  unseen(parentElement);
  WHOLE.set(data.url, setTriggerValue);
  return () => { if (WHOLE.get(data.url) === setTriggerValue) WHOLE.delete(data.url); };
}
"""
_whole = st.components.v2.component(
    "geoplunge_whole_page",
    js=_WHOLE_JS.replace("UNSEEN\n", _UNSEEN_JS),
    css=":host { display: none; }",
)


def path() -> str:
    """The stream's path, under the app's base URL (``server.baseUrlPath``)."""
    base = (st.get_option("server.baseUrlPath") or "").strip("/")
    return f"/{base}/{PATH}" if base else f"/{PATH}"


def watched(look: Callable[[str], None], topics: Sequence[str], *, key: str,
            every: float | None = None, fallback: float = FALLBACK) -> None:  # fmt: skip
    """Run ``look`` in a fragment that the pulse reruns (see the module): with the page, then
    whenever one of ``topics`` changes, and every ``every`` seconds if given. ``look`` gets
    why it runs: ``"page"`` (with the page), ``"change"`` (the stream said so), ``"time"``
    (``every`` seconds passed) or ``"poll"`` (the stream is not there: look every
    ``fallback`` seconds)."""
    url = path() + "?" + urlencode([("topic", t) for t in topics])
    ss = st.session_state
    seen_key = f"{key}_seen"

    @st.fragment
    def run() -> None:
        state = ss.get(key)
        asked = state.get("look") if hasattr(state, "get") else None
        cause = "page"
        if isinstance(asked, dict) and isinstance(asked.get("n"), int):
            ss[seen_key] = asked["n"]
            cause = asked.get("cause") if asked.get("cause") in CAUSES else "poll"
        seen = ss.get(seen_key, 0)
        data = {"url": url, "every": every, "fallback": fallback, "seen": seen}
        _mount(data=data, key=key, height=0, on_look_change=_ignore)
        look(cause)

    _whole(data={"url": url}, key=f"{key}_whole", height=0, on_run_change=_ignore)
    run()


def _ignore() -> None:
    """The look's cause is read from the component's state; the callback only registers it."""


def reconnect(
    probe: Callable[[], Any],
    *,
    gone: type[Exception] | tuple[type[Exception], ...],
    every: float = FALLBACK,
) -> None:
    """While the database does not answer: every ``every`` seconds call ``probe`` (what
    failed, tried again: a read, a write kept) and rerun the page once it goes through, or
    raises ``gone`` (what the page followed is gone: the page says so). A SQLite file locked by
    a writer still answers reads: the probe must write what the page would, or the page would
    rerun into the lock again and again. No stream here: what failed is the database."""

    @st.fragment(run_every=every)
    def look() -> None:
        try:
            probe()
        except Unavailable:
            return
        except gone:
            pass
        st.rerun(scope="app")

    look()


# --- the route ------------------------------------------------------------------------------


def routes(hub_of: Callable[[], changes.Hub]) -> list[Any]:
    """The app's own routes: the stream of changes, reading the hub ``hub_of()`` gives."""
    from starlette.responses import PlainTextResponse, StreamingResponse
    from starlette.routing import Route

    async def stream(request: Any) -> Any:
        topics = request.query_params.getlist("topic")
        if not topics or len(topics) > MAX_TOPICS or not all(map(changes.is_topic, topics)):
            return PlainTextResponse("unknown topic", status_code=400)
        hub = hub_of()
        subscriber = hub.subscribe(topics, asyncio.get_running_loop())
        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(
            _events(hub, subscriber), media_type="text/event-stream", headers=headers
        )

    return [Route(path(), stream)]


async def _events(hub: changes.Hub, subscriber: changes.Subscriber) -> Any:
    """The stream of one subscriber, until the browser goes."""
    queue = subscriber.queue
    try:
        yield "retry: 2000\n\n"
        while True:
            try:
                news = [await asyncio.wait_for(queue.get(), HEARTBEAT)]
            except TimeoutError:
                yield "event: beat\ndata:\n\n"
                continue
            while not queue.empty():
                news.append(queue.get_nowait())
            states = [value for kind, value in news if kind == "state"]
            if states:
                yield f"event: state\ndata: {'push' if states[-1] else 'poll'}\n\n"
            if any(kind == "change" for kind, _ in news):
                yield "event: change\ndata:\n\n"
    finally:
        hub.unsubscribe(subscriber)
