"""Shared fixtures: the AppTest factory and the browser fixtures (headless system Chromium)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import pytest

import ui.quiz.wording  # noqa: F401  installs the drills' wording the engine's properties say
from tests import browser as b
from tests.databases import fresh_database

ROOT = Path(__file__).resolve().parent.parent

# The files that take longest (minutes each: whole games in two browsers, the nginx cluster)
# start first, each on a worker of its own, so that none of them is left for the end; xdist
# hands out files in collection order (``--no-loadscope-reorder`` in pyproject.toml). A file's
# cost is what its tests took in the last run of this checkout (kept in pytest's cache) or, on a
# fresh clone, an estimate: a browser test waits on real pages for seconds, an AppTest flow
# (``test_app_*.py``) runs the app's script and a store test makes a database of its own (half a
# second), others take moments, and a file much slower than that says what it takes
# (``FILE_SECONDS``).
DURATIONS = "geoplunge/file-durations"
BROWSER_TEST, APP_OR_DB_TEST, OTHER_TEST = 4.0, 0.5, 0.05  #: estimated seconds (medians measured)
_took: dict[str, float] = {}  #: seconds per file in this run (in the process that reports)


def _file(nodeid: str) -> str:
    return nodeid.split("::")[0].rsplit("/", 1)[-1]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    estimate: dict[str, float] = {}
    for item in items:
        estimate[item.path.name] = estimate.get(item.path.name, 0.0) + _estimate(item)
    for item in items:
        declared = getattr(getattr(item, "module", None), "FILE_SECONDS", None)
        if declared:
            estimate[item.path.name] = declared
    known = config.cache.get(DURATIONS, {}) if getattr(config, "cache", None) else {}
    items.sort(key=lambda item: -known.get(item.path.name, estimate[item.path.name]))


def _estimate(item: pytest.Item) -> float:
    if item.get_closest_marker("browser"):
        return BROWSER_TEST
    if item.path.name.startswith("test_app_") or "db_url" in getattr(item, "fixturenames", ()):
        return APP_OR_DB_TEST
    return OTHER_TEST


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _took[_file(report.nodeid)] = _took.get(_file(report.nodeid), 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    if _took and getattr(config, "cache", None) and not hasattr(config, "workerinput"):
        known = config.cache.get(DURATIONS, {})
        config.cache.set(DURATIONS, {**known, **{k: round(v, 1) for k, v in _took.items()}})


@pytest.fixture(scope="session", autouse=True)
def _app_database(tmp_path_factory):
    """The app under test (AppTest and ``streamlit run``) stores into a throwaway SQLite file,
    never into the checkout's ``data/`` folder; a test may point it elsewhere."""
    folder = tmp_path_factory.mktemp("app-db")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GEOPLUNGE_DATABASE_URL", f"sqlite:///{folder / 'geoplunge.sqlite3'}")
        yield


@pytest.fixture(scope="session", autouse=True)
def _checkout_database_untouched():
    """The checkout's own database (``data/geoplunge.sqlite3``, the app's default, and its WAL
    files) is the developer's: a run that creates or changes it fails. (An app served from this
    checkout meanwhile writes it too.)"""
    from store.db import DEFAULT_SQLITE

    def seen() -> dict[str, tuple[int, int]]:
        files = DEFAULT_SQLITE.parent.glob(DEFAULT_SQLITE.name + "*")
        return {f.name: (f.stat().st_mtime_ns, f.stat().st_size) for f in files}

    before = seen()
    yield
    if seen() != before:
        pytest.fail(
            f"the tests wrote the checkout's database {DEFAULT_SQLITE}: use a temporary one"
        )


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A fresh, empty database: a SQLite file, then a PostgreSQL database of its own (made
    from GEOPLUNGE_TEST_DATABASE_URL, dropped afterwards; skipped without it, except on CI)."""
    with fresh_database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def class_db(db_url, monkeypatch):
    """The app stores into a fresh database of its own (SQLite, then PostgreSQL). SQLite's
    busy timeout is short: a test that locks the file must not wait 5 s per try."""
    import store.db

    url = db_url + "?timeout=0.2" if db_url.startswith("sqlite") else db_url
    monkeypatch.setenv("GEOPLUNGE_DATABASE_URL", url)
    yield store.db.database(url)
    store.db.forget(url)


@pytest.fixture
def sqlite_db(tmp_path):
    """The process's store.db.Database on a fresh SQLite file (for the many small cases whose
    rules do not depend on the database; the ``db`` fixture runs on both)."""
    import store.db

    with fresh_database("sqlite", tmp_path) as url:
        database = store.db.database(url)
        database.ready()
        yield database


@pytest.fixture
def db(db_url):
    """The process's store.db.Database on a fresh database (schema at the newest migration)."""
    import store.db

    database = store.db.database(db_url)
    database.ready()
    return database


@pytest.fixture
def app():
    """An AppTest of the whole app (router included), started at the Home page."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.run()
    assert not at.exception
    return at


def _require_chromium() -> None:
    """Skip without the system Chromium, except on CI, where a missing browser is a failure."""
    if not b.chromium_path():
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium is missing on CI (apt-get install -y chromium)")
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")


@pytest.fixture(scope="session")
def app_url():
    """The app served by ``streamlit run`` on a free 127.0.0.1 port for the whole session."""
    _require_chromium()
    port = b.free_port()
    proc = b.start_app(port)
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    proc.wait(timeout=20)


@pytest.fixture(scope="session")
def system_chromium():
    """The system Chromium, driven by the process's one Playwright (a second one cannot start
    in the same thread)."""
    _require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p, b.launch(p) as browser:
        yield browser


@pytest.fixture(scope="session")
def chromium(app_url, system_chromium):
    """The system Chromium, with the app served (``app_url``)."""
    return system_chromium


@pytest.fixture
def blocked():
    """Non-local URLs the page tried to fetch (all failed: ``tests.browser.launch``)."""
    return []


def _page(chromium, blocked, viewport, touch: bool = False):
    context = chromium.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    b.track_runs(page)
    b.keep_local(page, blocked)
    return context, page


# The ``page`` and ``phone`` fixtures hand each test the same browser page (one of each kind
# per worker): the first load in a new page starts a renderer and compiles Streamlit's and
# plotly's scripts, about 2.9 s of Chromium's CPU, where a load in a page that has loaded them
# before takes 0.9 s. Between two tests the page goes to about:blank (the last test's
# Streamlit session ends), forgets its cookies and site data, and gets its size back. A page
# a test has changed in a way a new address does not undo (an init script, a route, a
# listener, emulation: :data:`_CHANGES`), or whose test failed, is closed and made anew.
_CHANGES = (
    "add_init_script", "add_locator_handler", "emulate_media", "expose_binding",
    "expose_function", "on", "once", "route", "route_from_har", "route_web_socket",
    "set_default_navigation_timeout", "set_default_timeout", "set_extra_http_headers",
)  # fmt: skip
_SITE_DATA = "local_storage,indexeddb,cache_storage,service_workers,file_systems,websql"


class _Sink:
    """Where a kept page's requests leaving 127.0.0.1 go: the ``blocked`` list of its test."""

    target: list[str]

    def append(self, url: str) -> None:
        self.target.append(url)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> pytest.TestReport:
    report = yield
    if report.failed:
        item.gp_failed = True  # its kept page is not handed on
    return report


def _new_kept(chromium, touch: bool):
    viewport = b.PHONE if touch else b.DESKTOP
    context = chromium.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    b.track_runs(page)
    page.gp_sink = _Sink()
    b.keep_local(page, page.gp_sink)
    page.gp_viewport = viewport
    page.gp_changed = False
    for name in _CHANGES:
        setattr(page, name, _noting(page, getattr(page, name)))
    return page


def _noting(page, method):
    """``method`` of ``page``, marking the page changed (``gp_changed``) when called."""

    def changed(*args, **kwargs):
        page.gp_changed = True
        return method(*args, **kwargs)

    return changed


def _hand_on(page) -> bool:
    """Make ``page`` ready for the next test, as a new page would be; False when it cannot."""
    from playwright.sync_api import Error as PlaywrightError

    if page.is_closed() or page.gp_changed:
        return False
    try:
        return _clear(page)
    except PlaywrightError:  # a page that no longer answers as it should
        return False


def _clear(page) -> bool:
    page.evaluate("() => { try { sessionStorage.clear(); } catch (e) {} }")
    page.goto("about:blank")
    context = page.context
    cdp = context.new_cdp_session(page)
    for origin in context.storage_state(indexed_db=True)["origins"]:
        clear = {"origin": origin["origin"], "storageTypes": _SITE_DATA}
        cdp.send("Storage.clearDataForOrigin", clear)
    cdp.detach()
    context.clear_cookies()
    if page.viewport_size != page.gp_viewport:
        page.set_viewport_size(page.gp_viewport)
    page.mouse.move(0, 0)
    return context.storage_state(indexed_db=True) == {"cookies": [], "origins": []}


@pytest.fixture(scope="session")
def _kept_pages(chromium):
    kept: dict[bool, object] = {}
    yield kept
    for page in kept.values():
        page.context.close()


def _kept_page(kept, chromium, blocked, request, touch: bool):
    page = kept.get(touch)
    if page is None:
        page = kept[touch] = _new_kept(chromium, touch)
    page.gp_sink.target = blocked
    yield page
    if getattr(request.node, "gp_failed", False) or not _hand_on(page):
        del kept[touch]
        with contextlib.suppress(Exception):  # a browser that no longer answers
            page.context.close()


@pytest.fixture
def page(_kept_pages, chromium, blocked, request):
    """A desktop-sized page whose requests leaving 127.0.0.1 fail (and are recorded), kept
    from test to test and made ready as new (see above)."""
    yield from _kept_page(_kept_pages, chromium, blocked, request, touch=False)


@pytest.fixture
def phone(_kept_pages, chromium, blocked, request):
    """A phone-sized (390×844) touch screen, requests leaving 127.0.0.1 failing (recorded),
    kept from test to test as ``page`` is."""
    yield from _kept_page(_kept_pages, chromium, blocked, request, touch=True)
