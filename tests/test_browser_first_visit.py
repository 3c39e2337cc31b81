"""The very first request to a freshly started server is a deep link (a student opening a
teacher's link right after the app woke up): the page shows, with no "Page not found".

Each test starts its own server, since only a server's first request goes through Streamlit's
legacy page lookup (see ``ui.nav.page_setup``). Besides the dialog, the test reads every message
the server sent over the WebSocket and asserts that none was a ``page_not_found``.
"""

import pytest
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from tests import browser as b

pytestmark = pytest.mark.browser


@pytest.fixture
def fresh_url(chromium):
    """A server of its own, started for one test and never asked anything before."""
    port = b.free_port()
    proc = b.start_app(port)
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    proc.wait(timeout=20)


def _record_messages(page) -> list[str]:
    """The kinds of ForwardMsg the server sends to ``page``, in order."""
    kinds: list[str] = []

    def on_socket(ws):
        def on_frame(payload):
            if isinstance(payload, bytes | bytearray):
                msg = ForwardMsg()
                msg.ParseFromString(bytes(payload))
                kinds.append(msg.WhichOneof("type") or "")

        ws.on("framereceived", on_frame)

    page.on("websocket", on_socket)
    return kinds


@pytest.mark.parametrize(
    ("link", "heading", "text"),
    [
        ("/border_quiz?mode=neighbors&region=west&n=3&seed=7", "Border quiz",
         "Select every state that borders New Mexico."),
        ("/atlas?state=TN", "Atlas", "Capital: Nashville"),
    ],
)  # fmt: skip
def test_a_deep_link_as_the_first_request_shows_no_page_not_found(
    fresh_url, page, blocked, link, heading, text
):
    kinds = _record_messages(page)
    page.goto(fresh_url + link)
    b.wait_for_app(page)
    page.get_by_text(text).first.wait_for(timeout=20_000)
    page.wait_for_timeout(1000)
    assert page.locator("h1").first.inner_text() == heading
    assert page.get_by_role("dialog").filter(has_text="Page not found").count() == 0
    assert "script_finished" in kinds and "navigation" in kinds
    assert "page_not_found" not in kinds, kinds
    # Streamlit loads the page-link component's code on first use, so on a fresh server the
    # menu's links may be drawn after the page: wait for one of them.
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_role("link", name="Assign a quiz").wait_for(timeout=20_000)
    menu = sidebar.inner_text()
    assert "Assign a quiz" in menu and "streamlit app" not in menu.lower()
    b.screenshot(page, f"first-visit-{heading.lower().replace(' ', '-')}")
    assert blocked == []
