"""A question fits one laptop screen (issue 28, item 8): at 1280×800 Check sat below the map.
Every mode of every drill (the modes table), once its question has loaded: the prompt, the
whole map (its legend included) and the button that checks the answer are all in the window,
below Streamlit's top bar. On a phone (390×844) the page stacks; the prompt and the map are in
view there, and Check follows them."""

from __future__ import annotations

import pytest

from engine.quiz import MODES, QuizSettings, build_questions
from tests.browser import (
    LAPTOP,
    PHONE,
    open_drill_question,
    screenshot,
    wait_for_app,
)

pytestmark = pytest.mark.browser

SEED = 31337

_BOXES_JS = """
(prompt) => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; };
  const heading = [...document.querySelectorAll('h3')].find((h) => h.textContent.trim() === prompt);
  const check = [...document.querySelectorAll('button')].find((b) =>
    /^(Check|I'm done: check my list)$/.test(b.textContent.trim()));
  const header = document.querySelector('[data-testid="stHeader"]');
  return {
    prompt: heading && box(heading),
    map: box(document.querySelector('.gpm')),
    check: check && box(check),
    top: header ? header.getBoundingClientRect().bottom : 0,
  };
}
"""


def open_question(page, app_url: str, mode: str):
    """Open the first question of ``mode`` (seed :data:`SEED`); its question and the boxes of
    its prompt, map and Check button as the window shows them."""
    q = build_questions(QuizSettings(modes=(mode,), n=1, seed=SEED))[0]
    open_drill_question(page, app_url, mode, SEED, q.prompt)
    wait_for_app(page)
    return q, page.evaluate(_BOXES_JS, q.prompt)


def _in_view(part: list[float] | None, top: float, bottom: float) -> bool:
    return part is not None and part[0] >= top - 1 and part[1] <= bottom + 1


@pytest.mark.parametrize("mode", MODES)
def test_a_question_fits_a_laptop_screen(page, app_url, mode):
    page.set_viewport_size(LAPTOP)
    q, boxes = open_question(page, app_url, mode)
    height = LAPTOP["height"]
    outside = [
        p for p in ("prompt", "map", "check") if not _in_view(boxes[p], boxes["top"], height)
    ]
    if outside or mode in ("identify", "neighbors", "all50"):
        screenshot(page, f"fit-laptop-{mode}", full_page=False)
    assert not outside, f"{q.qid}: {outside} not within the 1280×800 window: {boxes}"


@pytest.mark.parametrize("mode", ["identify", "neighbors", "order"])
def test_a_question_on_a_phone_shows_the_prompt_and_the_map(phone, app_url, mode):
    q, boxes = open_question(phone, app_url, mode)
    height = PHONE["height"]
    screenshot(phone, f"fit-phone-{mode}", full_page=False)
    assert _in_view(boxes["prompt"], boxes["top"], height), boxes
    stage = phone.locator(".gpm-stage").first.bounding_box()
    assert stage["y"] >= boxes["top"] - 1 and stage["y"] + stage["height"] <= height + 1, boxes
    assert boxes["check"][0] >= boxes["map"][1], "Check follows the map"
