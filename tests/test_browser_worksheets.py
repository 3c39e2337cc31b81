"""The teacher's desk in real headless Chromium: on the Assign page a click on "Download the
worksheet (PDF)" downloads the PDF the server makes only then (a deferred download), holding
the practice link's questions; "Share to Google Classroom" is a plain link to Classroom's
share page with the full practice link, opened in a new tab, and nothing leaves 127.0.0.1."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from engine.quiz import build_questions, parse_settings
from tests import browser as b
from tests.pdf_tools import need_poppler, pages_text
from worksheets.paper import on_paper

pytestmark = pytest.mark.browser


def test_a_click_downloads_the_worksheet_of_the_practice_link(page, app_url, blocked):
    need_poppler()
    page.goto(f"{app_url}/assign")
    b.wait_for_app(page)
    b.dismiss_page_not_found(page)
    page.get_by_text("Print a worksheet").first.wait_for(timeout=60_000)
    b.wait_for_app(page)
    link = page.get_by_test_id("stCode").filter(has_text="/border_quiz?").first.inner_text()
    query = {k: v[-1] for k, v in parse_qs(urlsplit(link.strip()).query).items()}
    first = build_questions(parse_settings(query, group="borders")[0])[0]

    button = page.get_by_role("button", name="Download the worksheet (PDF)")
    button.scroll_into_view_if_needed()
    b.screenshot(page, "worksheet-assign-print", full_page=True)
    with page.expect_download(timeout=60_000) as waiting:
        button.click()
    download = waiting.value
    assert (
        download.suggested_filename == f"geoplunge-border_quiz-{query['seed']}-worksheet-letter.pdf"
    )
    pdf = Path(download.path()).read_bytes()
    assert pdf.startswith(b"%PDF")
    assert f"1. {on_paper(first, 1).prompt}" in pages_text(pdf)[0]

    share = page.get_by_role("link", name="Share to Google Classroom")
    href = share.get_attribute("href")
    assert href.startswith("https://classroom.google.com/share?url=")
    assert parse_qs(urlsplit(href).query)["url"] == [link.strip()]
    assert share.get_attribute("target") == "_blank"
    assert not blocked
