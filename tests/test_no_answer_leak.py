"""Before an answer is checked, nothing names what is asked for (issue 28, item 1): "Which state
is highlighted?" showed "asked about: Utah" under the map, and a small state's box its postal
code. Walked over every mode of every drill (the modes table) in every region and all 50
states, on the drill pages and on the live phone: the page's words, every word of the map's
data, and the roles the map paints (an answer is never singled out among the choices, but for
the highlighted state the question is about, whose role is anonymous). What counts as the
answer is written in :mod:`tests.answer_words`; the browser half is in
``tests/test_browser_no_answer_leak.py``.
"""

from __future__ import annotations

import json

import pytest
from google.protobuf.json_format import MessageToDict

from engine.live import LiveRules, Phase
from engine.quiz import MODE_GROUPS, MODES, AnswerType, Question
from engine.quiz.modes import mode as mode_row
from geodata import REGIONS
from store import live
from tests.answer_words import answer_states, leaks
from tests.test_app_drills import open_page, view_of
from tests.test_app_live_phone import HOST, join_as, step
from ui.map_data import ROLES
from ui.nav import DRILL_MENU

_NOT_WORDS = {"options", "id", "jsContent", "cssContent", "formId", "json", "default"}
"""Proto fields that are not words shown: the choices a widget offers (all alike), ids, code."""
_MAP_NOT_WORDS = {"roles", "choices", "zoom", "selected", "id", "names"}
"""Map data that says which shape is painted or pickable, not words (see tests.answer_words);
``names`` are the 50 states' names, the same on every map (the outlines' names, in the reader's
language), which the map shows only where it names no answer."""


def _strings(value, skip: set[str]) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        out = []
        for k, v in value.items():
            if k not in skip:
                out += _strings(v, skip) + ([k] if k in ROLES else [])
        return out
    if isinstance(value, list):
        return [s for v in value for s in _strings(v, skip)]
    return []


def _elements(node):
    for child in getattr(node, "children", {}).values():
        yield child
        yield from _elements(child)


def page_words(app) -> str:
    """Every word the page shows outside its maps and its widgets' offered choices: text,
    labels, placeholders, help, captions, progress."""
    out = []
    for element in _elements(app.main):
        proto = getattr(element, "proto", None)
        if proto is None or getattr(element, "type", "") == "bidi_component":
            continue
        out += _strings(MessageToDict(proto), _NOT_WORDS)
    return "\n".join(out)


def map_words(app) -> tuple[dict, str]:
    """The data of every quiz map on the page and every word in it."""
    datas = [
        json.loads(e.proto.json)
        for e in app.get("bidi_component")
        if e.proto.component_name.endswith("geoplunge_map")
    ]
    return datas, "\n".join(s for d in datas for s in _strings(d, _MAP_NOT_WORDS))


def check_unnamed(app, q: Question) -> None:
    """Nothing on the page or in its maps names ``q``'s answer; no choice but the highlighted
    state is painted apart from the others; that state, where it is the answer, is anonymous."""
    assert not app.exception
    words = page_words(app)
    assert q.prompt in words, "the question is not on the page"
    assert not leaks(words, q), f"{q.qid}: the page names {leaks(words, q)}:\n{words}"
    datas, in_map = map_words(app)
    assert not leaks(in_map, q), f"{q.qid}: the map's data names {leaks(in_map, q)}"
    for data in datas:
        roles = data["roles"]
        answers = {roles.get(c, "neutral") for c in answer_states(q) - {q.focus}}
        others = {roles.get(c, "neutral") for c in q.choices if c not in answer_states(q)}
        if q.answer_type is AnswerType.ORDER:  # every choice is in the answer: all alike
            assert len(answers) == 1, (q.qid, roles)
        elif q.answer_type is not AnswerType.NAMES:
            assert answers <= others | {"neutral"}, (q.qid, answers, others)
        if q.focus in answer_states(q):
            assert ROLES[roles[q.focus]].anonymous, (q.qid, roles[q.focus])


PLACES = [None, *REGIONS]


@pytest.mark.parametrize("mode", MODES)
def test_no_drill_question_names_its_answer_before_check(app, mode):
    page = DRILL_MENU[mode_row(mode).group].path
    for region in PLACES:
        params = {"mode": mode, "n": "1", "seed": "31337"}
        if region:
            params["region"] = region.lower()
        open_page(app, page, **params)
        q = view_of(app, mode_row(mode).group).run.current
        assert q is not None and q.mode == mode
        check_unnamed(app, q)


def test_identify_utah_is_the_highlighted_state(app):
    """The issue's own example: /locate_quiz?mode=identify&seed=31337&n=3 asked about Utah."""
    open_page(app, DRILL_MENU["locate"].path, mode="identify", seed="31337", n="3")
    view = view_of(app, "locate")
    assert view.run.current.focus == "UT"
    (data,), _ = map_words(app)
    assert data["roles"]["UT"] == "secret" and data["refuse"] == {}
    assert data["styles"]["secret"]["label"] == "the highlighted state"
    check_unnamed(app, view.run.current)


def test_a_highlighted_answer_is_named_once_checked(app):
    """After Check the map may name the state: it is the answer shown."""
    open_page(app, DRILL_MENU["locate"].path, mode="identify", seed="31337", n="3")
    view = view_of(app, "locate")
    app.text_input(key=view.widget_key("text")).input("Utah")
    app.button(key=f"FormSubmitter:{view.widget_key('text_form')}-Check").click().run()
    (data,), _ = map_words(app)
    assert data["roles"]["UT"] == "correct"


@pytest.mark.parametrize("group", list(MODE_GROUPS))
def test_no_live_phone_question_names_its_answer(class_db, group):
    """A live game of every mode of a drill: each question on a phone names no answer."""
    modes = [m for m in MODE_GROUPS[group] if not mode_row(m).solo]
    params = {"mode": ",".join(modes), "n": str(2 * len(modes)), "seed": "31337"}
    game = live.create_game(class_db, group, params, LiveRules(), HOST)
    phone = join_as(game.code, "Ana")
    seen = set()
    for i in range(2 * len(modes)):
        info = step(class_db, game.id)  # the question
        assert (info.phase, info.index) == (Phase.QUESTION, i)
        q = info.question(i)
        phone.run()
        check_unnamed(phone, q)
        seen.add(q.mode)
        step(class_db, game.id)  # the reveal
    assert seen == set(modes)
