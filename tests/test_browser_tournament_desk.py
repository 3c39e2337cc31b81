"""The tournament desk in Chromium (issue 32): a class list uploaded as a file fills the box
with its names, which the teacher adds with one press; a file that is no list says so. The
desk on a phone, a laptop and a projector keeps its step in view. Screenshots land in
``screenshots/``."""

from __future__ import annotations

import os
import secrets

import pytest

import store.db
from store import tournament as tm
from tests import browser as b

pytestmark = pytest.mark.browser
TIMEOUT = 60_000


def _database() -> store.db.Database:
    """The database the session's app server stores into (conftest's ``_app_database``)."""
    return store.db.database(os.environ["GEOPLUNGE_DATABASE_URL"])


def _desk(page, app_url: str) -> tuple[tm.TournamentInfo, str]:
    key = secrets.token_urlsafe(24)
    t = tm.create(_database(), "Spring cup", key, ["Grade 5"], [("all", 20)])
    page.goto(f"{app_url}/tournament_desk?key={key}")
    b.wait_for_app(page, timeout_ms=TIMEOUT)
    page.get_by_role("button", name="Start round 1").wait_for(timeout=TIMEOUT)
    return t, key


def test_a_class_list_uploaded_as_a_file_becomes_the_teams(page, app_url, tmp_path):
    t, key = _desk(page, app_url)
    listed = tmp_path / "teams.csv"
    listed.write_text('Owls;5B\nLos Zorros;5B\n"Smith; J";6A\n', encoding="utf-8-sig")
    page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(listed))
    box = page.get_by_label("New teams, one a line")
    page.wait_for_function(
        "el => el.value.includes('Los Zorros')", arg=box.element_handle(), timeout=TIMEOUT
    )
    assert box.input_value().split("\n") == ["Owls", "Los Zorros", "Smith; J"]
    page.get_by_role("button", name="Add the teams").click()
    page.get_by_text("Los Zorros").first.wait_for(timeout=TIMEOUT)
    b.wait_for_app(page, timeout_ms=TIMEOUT)
    assert [x.name for x in tm.teams(_database(), t.id)] == ["Owls", "Los Zorros", "Smith; J"]
    for name, size in (("phone", b.PHONE), ("laptop", b.LAPTOP), ("projector", b.PROJECTOR)):
        page.set_viewport_size(size)
        b.wait_for_app(page, timeout_ms=TIMEOUT)
        step = page.get_by_role("button", name="Start round 1").bounding_box()
        assert step is not None and step["y"] + step["height"] <= size["height"], name
        b.screenshot(page, f"tournament-desk-{name}", full_page=False)
    page.set_viewport_size(b.DESKTOP)


def test_a_file_that_is_no_list_says_so(page, app_url, tmp_path):
    _desk(page, app_url)
    picture = tmp_path / "teams.txt"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(picture))
    page.get_by_text("This file holds no list of names").wait_for(timeout=TIMEOUT)
    assert page.get_by_label("New teams, one a line").input_value() == ""
