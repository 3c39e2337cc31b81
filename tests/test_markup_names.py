"""Names and titles people type are drawn as themselves wherever Streamlit reads Markdown
(:func:`ui.links.md`): the escaped text has no unescaped mark that starts markup, no bare link
GitHub's Markdown would find, no Streamlit colour, icon or emoji short code; and the places a
player's name is drawn on the Live board escape it (AppTest, every lobby widget)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from store import live, tables
from tests.test_app_drills import open_page
from tests.test_app_live_board import BOARD, SHOW, click
from ui.links import md, plain

#: the markup a hostile name tries (each at most 40 characters, the name limit)
MARKUP_NAMES = (
    "![p](http://10.9.9.9/p.png)",
    "[link](http://10.9.9.9/l)",
    ":red[Red]",
    "$x^2$",
    ":material/home:",
    "<img src=http://10.9.9.9/h.png>",
    "http://10.9.9.9/a",
    "![b](http://127.0.0.1:9/beacon.png)",
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


@pytest.mark.parametrize("name", MARKUP_NAMES)
def test_a_markup_name_is_escaped(name):
    text = md(name)
    assert plain(text) == name
    assert not UNESCAPED.search(text), text
    assert not re.search(r"(?i)https?://|www\.|@\w|:\w", text), text
    assert not re.match(r"\s*([-+]|\d+[.)])", text), text


@given(st.text(max_size=60))
def test_any_text_reads_as_typed(text):
    escaped = md(text)
    assert plain(escaped) == text
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


#: the names whose markup would make something on a page (an image, a link, a colour, LaTeX,
#: an icon, HTML): escaped, none of them is left whole, so a raw one found is an unescaped one
DANGEROUS = tuple(n for n in MARKUP_NAMES if n not in md(n))


def markdown_texts(app) -> list[str]:
    """Every text an AppTest page hands to Streamlit's Markdown: Markdown blocks, alerts,
    captions, and every widget's label and tooltip."""
    texts = [m.value for m in app.markdown]
    for kind in ("success", "error", "warning", "info", "caption", "title", "header", "subheader"):
        texts += [e.value for e in getattr(app, kind)]
    for kind in ("button", "selectbox", "radio", "text_input", "checkbox", "toggle"):
        for widget in getattr(app, kind):
            texts += [widget.label, getattr(widget, "help", None) or ""]
    for expander in app.expander:
        texts.append(expander.label)
    return texts


def assert_drawn_escaped(app, names) -> None:
    """No name reaches Markdown raw, and each is drawn (escaped) somewhere on the page."""
    texts = markdown_texts(app)
    for name in names:
        raw = [t for t in texts if name in t]
        assert not raw, (name, raw)
        assert any(md(name) in t for t in texts), name
    for block in app.get("html"):  # HTML is not Markdown: names there as typed
        assert "\\" not in block.proto.body, block.proto.body
    assert not app.exception


#: the markup names a shared table accepts (it refuses ``* _ [ ] < > ` | # ~ $ \ { }``):
#: icons, emoji short codes, bare links, a list's number
TABLE_NAMES = tuple(n for n in DANGEROUS if not tables.MARKUP.intersection(n))


@pytest.mark.parametrize("pair", [TABLE_NAMES[i : i + 2] for i in range(0, len(TABLE_NAMES), 2)])
def test_a_shared_table_draws_every_name_escaped(pair, class_db):
    """Border Attack at a shared table: the lobby's seats, then the first trick's status,
    waiting line, hints and log on both screens, hold each player's name escaped."""
    from tests.test_app_tables import KEY, host_table, join, play, run, tab

    host_name, guest_name = pair if len(pair) == 2 else (pair[0], "Ann")
    names = list(pair)
    host, code = host_table(host_name)
    guest = join(code, guest_name)
    run(host)
    assert_drawn_escaped(host, names)
    run(host.button(key=f"{KEY}_start").click())
    run(guest)
    players = {0: host, 1: guest}
    for _ in range(4):
        mover = players[tab(host).view.to_act]
        play(mover)
        for at in players.values():
            run(at)
            assert_drawn_escaped(at, names)


def assert_never_raw(app, names) -> None:
    """No name reaches Markdown raw on this page (where a page draws names only in a table,
    nothing more is asked)."""
    texts = markdown_texts(app)
    for name in names:
        assert not [t for t in texts if name in t], name
    assert not app.exception


TITLE = "![t](http://10.9.9.9/t.png) :red[T] $x$"  #: a hostile assignment title


def test_a_live_phone_draws_every_name_escaped(class_db, monkeypatch):
    """Each phone, joined with a markup name, names its player escaped in the lobby, at the
    question, at its reveal and at the end."""
    import engine.live
    from engine.live import LiveRules

    # every AppTest is the same browser session ("test session id"): lift the joins per browser
    monkeypatch.setattr(engine.live, "JOINS_PER_CLIENT", len(DANGEROUS))
    from tests.test_app_live_phone import HOST, join_as, step

    game = live.create_game(class_db, "zones", {"mode": "zone", "n": "1"}, LiveRules(), HOST)
    phones = [join_as(game.code, name) for name in DANGEROUS]
    for phase in ("lobby", "question", "reveal", "end"):
        for at, name in zip(phones, DANGEROUS, strict=True):
            assert_drawn_escaped(at, [name])
        if phase != "end":
            step(class_db, game.id)
            for at in phones:
                at.run()


def test_the_class_pages_draw_every_name_and_title_escaped(class_db):
    """A class assignment with a markup title, one student per markup name: the class quiz
    (joined, at its summary), class results and class progress hold them escaped."""
    from store import classroom as cr
    from tests.test_app_classroom import RESULTS, answer, join_as, session
    from tests.test_app_progress import CLASS_PROGRESS

    made = cr.create_assignment(
        class_db, title=TITLE, drill="zones", settings=cr.QuizSettings(modes=("zone",), n=1)
    )
    for name in DANGEROUS:
        student = join_as(made.assignment.code, name)
        assert_drawn_escaped(student, [name, TITLE])
        answer(student, right=False)
        assert_never_raw(student, [name, TITLE])
    for page in (RESULTS, CLASS_PROGRESS):
        teacher = open_page(session(), page, key=made.teacher_key)
        assert_never_raw(teacher, [*DANGEROUS, TITLE])
        assert any(md(TITLE) in t for t in markdown_texts(teacher)), page
