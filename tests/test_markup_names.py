"""Names and titles people type are drawn as themselves wherever Streamlit reads Markdown
(:func:`ui.links.md`): the escaped text has no unescaped mark that starts markup, no bare link
GitHub's Markdown would find, no Streamlit colour, icon or emoji short code; and the places a
player's name is drawn on the Live board escape it (AppTest, every lobby widget)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from store import live
from tests.test_app_drills import open_page
from tests.test_app_live_board import BOARD, SHOW, click
from ui.links import WORD_JOINER, md

#: the markup a hostile name tries (each at most 40 characters, the name limit)
MARKUP_NAMES = (
    "![p](http://10.9.9.9/p.png)",
    "[link](http://10.9.9.9/l)",
    ":red[Red]",
    "$x^2$",
    ":material/home:",
    "<img src=http://10.9.9.9/h.png>",
    "http://10.9.9.9/a",
    "www.evil.example",
    "a@b.co",
    ":smile:",
    "**bold** _it_ ~~s~~",
    "&lt;b&gt;",
    "- list",
    "12. list",
    "# head",
    "`code`",
    "| a | b |",
)
UNESCAPED = re.compile(r"(?<!\\)(?:\\\\)*[`*_\[\]<>#$~|]")


def shown(escaped: str) -> str:
    """What a reader sees of ``escaped``: backslash escapes read, the joiner invisible."""
    return re.sub(r"\\(.)", r"\1", escaped).replace(WORD_JOINER, "")


@pytest.mark.parametrize("name", MARKUP_NAMES)
def test_a_markup_name_is_escaped(name):
    text = md(name)
    assert shown(text) == name
    assert not UNESCAPED.search(text), text
    assert not re.search(r"(?i)https?://|www\.|@\w|:\w", text), text
    assert not re.match(r"\s*([-+]|\d+[.)])", text), text


@given(st.text(max_size=60))
def test_any_text_reads_as_typed(text):
    escaped = md(text)
    assert shown(escaped) == text
    assert not UNESCAPED.search(escaped)


def test_the_board_lobby_escapes_every_name(app, class_db):
    """Every label, tooltip and heading of the lobby that holds a name holds it escaped."""
    open_page(app, BOARD)
    app.radio(key="live_drill").set_value("zones").run()
    app.selectbox(key="live_rule_teams").set_value(2)
    click(app, "Start a live game")
    click(app, SHOW)
    game = live.game_for_key(class_db, app.session_state["live_host_key"])
    for i, name in enumerate(MARKUP_NAMES):
        live.join(class_db, game.code, name, f"token-{i}")
    app.run()
    texts = [m.value for m in app.markdown]
    for name in MARKUP_NAMES:
        escaped = md(name)
        assert f"### {escaped}" in texts, name
        assert f"Remove {escaped}" in [b.label for b in app.button], name
        assert f"Remove {escaped} from the game" in [b.help for b in app.button], name
        assert f"Team of {escaped}" in [s.label for s in app.selectbox], name
    assert not app.exception
