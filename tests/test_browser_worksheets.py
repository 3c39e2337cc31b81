"""The teacher's desk in real headless Chromium: on the Assign page a click on "Download the
worksheet (PDF)" downloads the PDF the server makes only then (a deferred download), holding
the practice link's questions; "Share to Google Classroom" is a plain link to Classroom's
share page with the full practice link, opened in a new tab, and nothing leaves 127.0.0.1. The
teacher reads Spanish (``?lang=es``): the link, made in the teacher's language, carries
``lang=es``, and the worksheet is printed in Spanish."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from engine.quiz import build_questions, parse_settings
from messages import _, speaking
from tests import browser as b
from tests.pdf_tools import need_poppler, pages_text
from worksheets.paper import on_paper

pytestmark = pytest.mark.browser


def test_a_click_downloads_the_worksheet_of_the_practice_link(page, app_url, blocked):
    need_poppler()
    with speaking("es"):
        printed, download_it = _("Print a worksheet"), _("Download the worksheet (PDF)")
        share_it = _("Share to Google Classroom")
    page.goto(f"{app_url}/assign?lang=es")
    b.wait_for_app(page)
    b.dismiss_page_not_found(page)
    page.get_by_text(printed).first.wait_for(timeout=60_000)
    b.wait_for_app(page)
    link = page.get_by_test_id("stCode").filter(has_text="/border_quiz?").first.inner_text()
    query = {k: v[-1] for k, v in parse_qs(urlsplit(link.strip()).query).items()}
    assert query["lang"] == "es", link
    first = build_questions(parse_settings(query, group="borders")[0])[0]

    button = page.get_by_role("button", name=download_it)
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
    with speaking("es"):
        prompt = on_paper(first, 1).prompt
    text = pages_text(pdf)[0]
    assert f"1. {prompt}" in text, text[:400]
    assert "Nombre" in text and "Name" not in text, text[:400]

    share = page.get_by_role("link", name=share_it)
    href = share.get_attribute("href")
    assert href.startswith("https://classroom.google.com/share?url=")
    assert parse_qs(urlsplit(href).query)["url"] == [link.strip()]
    assert share.get_attribute("target") == "_blank"
    assert not blocked
