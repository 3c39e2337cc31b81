"""The Home page says where to start (issue 28, item 9): a first step for a new student and
for a new teacher, above the menu, each a link to a page that exists."""

from __future__ import annotations

from ui.home import START_HERE
from ui.nav import MENU


def test_home_has_a_start_here_for_a_new_student_and_a_new_teacher(app):
    headings = [h.value for h in app.subheader]
    assert headings[0] == "Start here", headings
    links = [link.proto for link in app.get("page_link")]
    first = links[: len(START_HERE)]
    assert [p.label for p in first] == ["Start: Locate quiz", "Start: Assign a quiz"]
    paths = {e.url_path for e in MENU}
    assert all(url_path in paths for url_path, _ in START_HERE.values())
    words = " ".join(m.value for m in app.markdown)
    assert "**New student**" in words and "**New teacher**" in words
    assert not app.exception
