"""In Chromium, the map of a question that highlights a state names no answer before Check
(issue 28, item 1): not in its legend, its small-state boxes, its hover label, its accessible
names (``aria-label``, ``title``, the accessibility tree). Every mode whose map highlights the
asked state, each on a small north-eastern state that gets a box; "Which state is
highlighted?" on a laptop and a phone. The words that count as the answer:
:mod:`tests.answer_words`; the same over every mode and region, without a browser:
``tests/test_no_answer_leak.py``."""

from __future__ import annotations

import pytest

from engine.cards import by_usps
from engine.quiz import MODES, QuizSettings, build_questions
from tests.answer_words import leaks
from tests.browser import LAPTOP, open_drill_question, screenshot

pytestmark = pytest.mark.browser

SMALL = ("RI", "DE", "CT", "NJ", "MD", "MA", "NH", "VT")  #: drawn with a box on the whole map


def _first(mode: str):
    """The first seed whose first question of ``mode`` highlights a small state, and that
    question (``None`` when the mode highlights no state)."""
    for seed in range(500):
        q = build_questions(QuizSettings(modes=(mode,), n=1, seed=seed))[0]
        if q.focus is None:
            return None
        if q.focus in SMALL:
            return seed, q
    raise AssertionError(f"no seed of {mode} asks about a small state")


HIGHLIGHTING = [m for m in MODES if _first(m)]

_MAP_WORDS_JS = """
() => {
  const map = document.querySelector('.gpm');
  const out = [map.textContent];
  for (const el of map.querySelectorAll('[aria-label], [title], [aria-description]')) {
    if (el.matches('path.choroplethlocation[role]')) continue;  // see choice_names
    for (const a of ['aria-label', 'title', 'aria-description'])
      if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  return out.join('\\n');
}
"""
_CHOICES_JS = """
() => Object.fromEntries([...document.querySelectorAll('.gpm path.choroplethlocation[role]')]
  .map((p) => [p.dataset.usps, p.getAttribute('aria-label')]))
"""


def map_words(page) -> str:
    """Every word of the page's map but its pickable states' names: its text (legend, boxes,
    hint, notes), every accessible name and title in it, and its accessibility tree."""
    names = set(choice_names(page).values())
    tree = page.locator(".gpm").first.aria_snapshot().splitlines()
    kept = [line for line in tree if not any(line.endswith(f'"{n}"') for n in names)]
    return page.evaluate(_MAP_WORDS_JS) + "\n" + "\n".join(kept)


def choice_names(page) -> dict[str, str]:
    """The accessible name of every state the map offers to pick (each its name alone)."""
    return page.evaluate(_CHOICES_JS)


def hover_words(page, usps: str) -> str:
    """The hover label of ``usps``, pointed at on the map and on its box (if it has one)."""
    out = []
    targets = [f'path.choroplethlocation[data-usps="{usps}"]', f'.gpm-callout[data-usps="{usps}"]']
    for selector in targets:
        target = page.locator(f".gpm {selector}").first
        if not target.count():
            continue
        box = target.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_timeout(150)
        out.append(page.locator(".gpm-tip").first.text_content() or "")
    return "\n".join(out)


def open_question(page, app_url: str, mode: str) -> object:
    seed, q = _first(mode)
    open_drill_question(page, app_url, mode, seed, q.prompt)
    return q


@pytest.mark.parametrize("mode", HIGHLIGHTING)
def test_a_highlighting_map_names_no_answer_on_a_laptop(page, app_url, mode):
    page.set_viewport_size(LAPTOP)
    q = open_question(page, app_url, mode)
    words = map_words(page) + "\n" + hover_words(page, q.focus)
    assert not leaks(words, q), f"{q.qid}: the map names {leaks(words, q)}:\n{words}"
    for usps, name in choice_names(page).items():  # the answer is a choice like the others
        assert usps == q.focus or name == by_usps()[usps].name, (usps, name)
    if mode == "identify":
        assert "the highlighted state" in words
        assert page.locator(".gpm-callout").count(), "no small-state boxes drawn"
        screenshot(page, f"no-answer-leak-{mode}-laptop", full_page=False)


def test_which_state_is_highlighted_on_a_phone(phone, app_url):
    q = open_question(phone, app_url, "identify")
    words = map_words(phone)
    assert not leaks(words, q), f"{q.qid}: the map names {leaks(words, q)}:\n{words}"
    assert "the highlighted state" in words
    screenshot(phone, "no-answer-leak-identify-phone")
