"""Shared fixtures: the AppTest factory and the browser fixtures (headless system Chromium)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests import browser as b

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def app():
    """An AppTest of the whole app (router included), started at the Home page."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.run()
    assert not at.exception
    return at


@pytest.fixture(scope="session")
def app_url():
    """The app served by ``streamlit run`` on a free 127.0.0.1 port for the whole session."""
    if not b.chromium_path():
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium is missing on CI (apt-get install -y chromium)")
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    port = b.free_port()
    proc = b.start_app(port)
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    proc.wait(timeout=20)


@pytest.fixture(scope="session")
def chromium(app_url):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=b.chromium_path(), args=b.CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def blocked():
    """Non-local URLs the page tried to fetch (all aborted)."""
    return []


def _page(chromium, blocked, viewport, touch: bool = False):
    context = chromium.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    page = context.new_page()

    def route(r):
        if b.is_local(r.request.url):
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    return context, page


@pytest.fixture
def page(chromium, blocked):
    """A desktop-sized page whose requests leaving 127.0.0.1 are aborted."""
    context, page = _page(chromium, blocked, b.DESKTOP)
    yield page
    context.close()


@pytest.fixture
def phone(chromium, blocked):
    """A phone-sized (390×844) touch screen, requests leaving 127.0.0.1 aborted."""
    context, page = _page(chromium, blocked, b.PHONE, touch=True)
    yield page
    context.close()
