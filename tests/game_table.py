"""Helpers for the game pages' AppTest and browser tests (one game page per test file).

AppTest side: :func:`open_game` opens a page with exactly the given URL parameters,
:func:`table` reads the page's :class:`ui.games.session.GameSession` (for a test that scripts
its moves: what it asserts, it reads on the page), :func:`step` runs one interaction and checks
that the app raised nothing, :func:`texts` gathers what the player can read, :func:`tiles`
the names on the card tiles drawn, :func:`log_lines` the game log. Store side:
:func:`play_in_store` plays a shared table's moves without a page, as its players' clicks
would. Browser side: :func:`tall_screenshot` captures the whole page (Streamlit scrolls
inside its main block, so Playwright's ``full_page`` alone stops at the viewport).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from html import unescape
from pathlib import Path

import store.tables as tables
from engine.bots import make_bot
from tests.browser import SCREENSHOTS, wait_for_app
from ui.games.shared import autoplay

ROOT = Path(__file__).resolve().parent.parent


def open_game(app, path: str, **params: str):
    """Switch to the game page ``path`` with exactly these query parameters."""
    app.switch_page(path)
    for name in list(app.query_params):
        del app.query_params[name]
    for name, value in params.items():
        app.query_params[name] = value
    app.run()
    assert not app.exception, app.exception
    return app


def table(app, key: str):
    """The page's session (``ui.games.session.GameSession``)."""
    return app.session_state[key]


def step(widget) -> None:
    """Run the app after one widget interaction (``widget`` is the result of ``.click()``,
    ``.set_value()`` …) and check that nothing was raised."""
    app = widget.run()
    assert not app.exception, app.exception


def texts(app) -> str:
    """Everything the player can read: markdown, alerts, captions and HTML blocks."""
    parts = [m.value for m in app.markdown]
    for kind in ("success", "error", "warning", "info", "caption"):
        parts += [e.value for e in getattr(app, kind)]
    parts += [h.proto.body for h in app.get("html")]
    return "\n".join(parts)


_TILE = re.compile(r"class='band'[^>]*><span>([^<]+)</span>")


def tiles(app) -> list[str]:
    """The state names on the card tiles the page draws, in order."""
    return [unescape(n) for h in app.get("html") for n in _TILE.findall(h.proto.body)]


def buttons(app, prefix: str) -> list:
    """The buttons whose key starts with ``prefix`` (move buttons: "border_attack_lead_")."""
    return [b for b in app.button if (b.key or "").startswith(prefix)]


def type_guess(app, text: str, key: str = "border_attack") -> None:
    """Border Attack: type ``text`` as the guess (the default, by recall) and send it."""
    tab = table(app, key)
    app.text_input(key=tab.wkey("typed_guess")).input(text)
    step(app.button(key=tab.wkey("typed_send")).click())


def log_lines(app) -> list[str]:
    """The lines of the page's Game log (its expander's content is there even while closed)."""
    (log,) = [e for e in app.expander if e.label == "Game log"]
    return [line for m in log.markdown for line in m.value.splitlines() if line.startswith("- ")]


def param(app, name: str) -> str | None:
    """A query parameter as the page left it (``None`` when absent)."""
    if name not in app.query_params:
        return None
    value = app.query_params[name]
    return value[-1] if isinstance(value, list) else value


def tall_screenshot(page, name: str) -> Path:
    """A screenshot of the whole app: the viewport is stretched to the main block's height."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    viewport = page.viewport_size
    height = page.evaluate("document.querySelector(\"[data-testid='stMain']\").scrollHeight")
    page.set_viewport_size({"width": viewport["width"], "height": max(viewport["height"], height)})
    page.wait_for_timeout(500)
    page.screenshot(path=str(path))
    page.set_viewport_size(viewport)
    print(f"screenshot: {path.relative_to(ROOT)}")
    return path


def timed(page, click, done, label: str) -> float:
    """Seconds from ``click()`` to the moment ``done()`` returns and the app is idle; printed
    (tests never assert on time)."""
    start = time.perf_counter()
    click()
    done()
    seconds = time.perf_counter() - start
    print(f"{label}: {seconds:.2f} s from the click to the answer on screen")
    wait_for_app(page)
    return seconds


def play_in_store(
    db,
    table_id: int,
    tokens: dict[int, str],
    done: Callable[[object], bool],
    *,
    level: str = "medium",
    seed: int = 0,
    limit: int = 3000,
) -> int:
    """Play a shared table on until ``done(snapshot)``: each person's move chosen by a bot of
    ``level`` from the seat's own observation (``tables.view``, which also keeps the seat
    present) and sent with ``tables.append``, as the seat's click would; the AI seats as any
    page would have them played (``autoplay.play_ai_turns``). Returns the people's moves."""
    game = tables.snapshot(db, table_id).table.game
    bots = {s: make_bot(game, level, s, seed=seed * 10 + s) for s in tokens}
    for played in range(limit):
        autoplay.play_ai_turns(db, table_id)
        snap = tables.snapshot(db, table_id)
        if done(snap):
            return played
        seat = snap.state.current_player
        assert seat in tokens, f"seat {seat} is to act and is no person's"
        view = tables.view(db, tokens[seat])
        tables.append(db, table_id, tokens[seat], view.seq, bots[seat].act(view.observation))
    raise AssertionError("the table did not get there")
