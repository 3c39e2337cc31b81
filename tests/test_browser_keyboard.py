"""A keyboard-only run of a 6-question quiz on every drill page (enough for each of a page's
default modes to come up: modes take turns before any repeats), in real Chromium, counting the
key presses.

No mouse: after the page opens, the focus is already in the answer box; a question is answered
with the keys a person would press (typing a name, arrows in a list, Enter), Tab reaches Check
(two Tabs after a list of picks: Streamlit's multiselect has a "Clear all" button), Enter
checks; a typed answer is checked by Enter alone. The focus then lands on the feedback, one Tab
reaches "Next question" and Enter moves on. The right answers come from the engine with the
link's seed. The test prints the count per page (typed characters and other keys apart) and
checks every question was right.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Error as PlaywrightError

from engine.cards import by_usps
from engine.quiz import AnswerType, Question, ValueKind, build_questions
from tests import browser as b
from tests.conftest import _page
from ui.nav import DRILL_MENU
from ui.quiz.roles import MAX_RADIO
from ui.quiz.session import read_settings

pytestmark = pytest.mark.browser
FILE_SECONDS = 50  #: what this file takes on two idle cores (conftest starts it early)

N = 6
SEED = 4
LATE = 5.0  #: s the radio buttons' code is held back


@dataclass
class Keys:
    """The key presses of a run: characters typed and other keys (Tab, Enter, arrows…)."""

    typed: int = 0
    other: int = 0
    log: list[str] = field(default_factory=list)

    def press(self, page, key: str) -> None:
        page.keyboard.press(key)
        self.other += 1
        self.log.append(key)

    def type(self, page, text: str) -> None:
        page.keyboard.type(text)
        self.typed += len(text)
        self.log.append(repr(text))


def _active_in(page, selector: str) -> bool:
    return page.evaluate(
        "s => { const c = document.querySelector(s);"
        " return !!c && (c === document.activeElement || c.contains(document.activeElement)); }",
        selector,
    )


def _wait_focus(page, selector: str) -> None:
    page.wait_for_function(
        "s => { const c = document.querySelector(s);"
        " return !!c && (c === document.activeElement || c.contains(document.activeElement)); }",
        arg=selector,
        timeout=30_000,
    )


def _answer_box(url_path: str, q: Question, turn: int) -> str:
    """The key of the widget the focus must be in when ``q`` is asked (``ui.quiz.page``)."""
    name = {AnswerType.TEXT: "text", AnswerType.SET: "pick", AnswerType.ORDER: "pick"}
    return f"{url_path}_{name.get(q.answer_type, 'one')}_{turn}"


def _pick_from_list(page, keys: Keys, name: str, key: str) -> None:
    """Type a state's name into a select box or multiselect and pick it (arrows if another
    option containing the same letters comes first), as a person does: looking at the list,
    pressing Enter once the option wanted is the one marked."""
    keys.type(page, name)
    option = page.get_by_role("option", name=name, exact=True)
    try:
        option.wait_for(timeout=30_000)
    except PlaywrightError as error:  # say what the box held: typed keys lost, or focus gone
        typed = page.evaluate(
            "() => ({focused: document.activeElement?.outerHTML?.slice(0, 200),"
            " value: document.activeElement?.value})"
        )
        raise AssertionError(f"no option {name!r} after {keys.log[-4:]}: {typed}") from error
    # Enter takes the option the list marks (aria-activedescendant). The list usually marks
    # its first match a moment after drawing the options, but not always; so, as a person
    # looking at the list would, move the mark with the arrows until it is on the state.
    _mark(page, keys, option.get_attribute("id"))
    keys.press(page, "Enter")
    page.wait_for_function(  # the widget shows the state taken, as a person would see it
        "([s, n]) => { const c = document.querySelector(s); if (!c) return false;"
        " const tags = c.querySelector('[data-testid=stMultiSelectTagsContainer]');"
        " if (tags) return tags.innerText.split('\\n').includes(n);"
        " return [...c.querySelectorAll('input')].some(i => i.value === n)"
        "   || c.innerText.split('\\n').includes(n); }",
        arg=[f"[class*='st-key-{key}']", name],
        timeout=30_000,
    )
    b.wait_for_app(page)


_MARKED = "() => document.activeElement?.getAttribute('aria-activedescendant') || null"
_OPTION_IDS = "() => [...document.querySelectorAll('[role=option]')].map(o => o.id)"


def _mark(page, keys: Keys, target: str) -> None:
    """Move the list's mark onto the option ``target`` with the arrow keys."""
    for _ in range(10):
        marked = page.evaluate(_MARKED)
        if marked == target:
            return
        ids = page.evaluate(_OPTION_IDS)
        up = marked in ids and ids.index(marked) > ids.index(target)
        keys.press(page, "ArrowUp" if up else "ArrowDown")
        page.wait_for_function(f"was => ({_MARKED})() !== was", arg=marked, timeout=30_000)
    raise AssertionError(f"the list's mark never reached {target}: {keys.log[-6:]}")


def _answer(page, keys: Keys, q: Question, box: str) -> None:
    """Answer ``q`` right from the keyboard, up to and including the key that checks it."""
    if q.answer_type is AnswerType.TEXT:
        text = by_usps()[q.answer].capital if q.value_kind is ValueKind.CAPITAL else None
        keys.type(page, text or by_usps()[q.answer].name)
        keys.press(page, "Enter")  # Enter submits
        return
    if q.answer_type in (AnswerType.SET, AnswerType.ORDER):
        wanted = list(q.answer) if q.answer_type is AnswerType.ORDER else sorted(q.answer)
        for usps in wanted:
            _pick_from_list(page, keys, q.label(usps), box)
        keys.press(page, "Escape")  # close the list
    elif len(q.choices) > MAX_RADIO:
        _pick_from_list(page, keys, q.label(q.answer), box)
    else:  # radio buttons: the focus is on the first; arrows move and choose
        index = q.choices.index(q.answer)
        if index == 0:
            keys.press(page, "Space")
        for _ in range(index):
            keys.press(page, "ArrowDown")
        b.wait_for_app(page)
    for _ in range(3):  # to Check (past a list's "Clear all" button)
        keys.press(page, "Tab")
        if page.evaluate("() => document.activeElement.innerText.trim()") == "Check":
            break
    else:
        raise AssertionError("Check is more than 3 Tabs away")
    keys.press(page, "Enter")


@pytest.mark.parametrize("group", list(DRILL_MENU))
def test_a_keyboard_only_quiz_of_6_questions(page, app_url, blocked, group):
    drill = DRILL_MENU[group]
    params = {"n": str(N), "seed": str(SEED)}
    settings, _, _ = read_settings(params, group, 0)
    questions = build_questions(settings)
    page.goto(f"{app_url}/{drill.url_path}?n={N}&seed={SEED}")
    b.wait_for_app(page)
    keys = Keys()
    for number, q in enumerate(questions, 1):
        page.get_by_text(f"Question {number} of {N}").wait_for(timeout=60_000)
        b.wait_for_app(page)
        box = _answer_box(drill.url_path, q, number - 1)
        _wait_focus(page, f"[class*='st-key-{box}'] input")
        _answer(page, keys, q, box)
        feedback = ".st-key-" + f"{drill.url_path}_feedback_{number - 1}"
        try:
            page.wait_for_selector(feedback, timeout=30_000)
        except Exception:
            b.screenshot(page, f"keyboard-{drill.url_path}-stuck")
            raise AssertionError(f"no feedback after Q{number}: {keys.log[-8:]}") from None
        _wait_focus(page, feedback)
        said = page.locator(feedback).inner_text()
        assert page.locator(feedback).get_by_text("Right!").count(), (keys.log[-6:], said)
        keys.press(page, "Tab")
        label = "See my results" if number == N else "Next question"
        assert page.evaluate("() => document.activeElement.innerText").strip().endswith(label)
        if number == 1:
            b.screenshot(page, f"keyboard-{drill.url_path}-feedback")
        keys.press(page, "Enter")
    page.get_by_text(f"You got {N} of {N} right at the first try").wait_for(timeout=30_000)
    _wait_focus(page, f".st-key-{drill.url_path}_summary_{N}")
    total = keys.typed + keys.other
    print(
        f"\n{drill.title}: {total} key presses for {N} questions "
        f"({keys.typed} typed characters, {keys.other} other keys: "
        f"{keys.other / N:.1f} per question)"
    )
    assert blocked == []


def test_the_focus_waits_for_an_answer_box_whose_code_comes_late(chromium, app_url, blocked):
    """Streamlit loads a widget's code on its first use; on a loaded machine a page's first
    radio buttons may be drawn seconds after the rest of the run. The focus still lands in
    them (it once gave up after 3 s: the keyboard quiz then waited in vain). A browser
    context of its own: nothing cached."""

    def late(route) -> None:
        response = route.fetch()
        time.sleep(LATE)  # the page goes on meanwhile; only this script waits
        route.fulfill(response=response)

    context, page = _page(chromium, blocked, b.DESKTOP)
    try:
        page.route("**/static/js/Radio.*.js", late)
        page.goto(f"{app_url}/{DRILL_MENU['zones'].url_path}?n=1&seed={SEED}")
        b.wait_for_app(page)
        _wait_focus(page, f"[class*='st-key-{DRILL_MENU['zones'].url_path}_one_0'] input")
    finally:
        context.close()
    assert blocked == []
