"""A region's question map shows the whole question, in real headless Chromium (issue 28, item
2): for every region × every mode, on a laptop (1280×800) and a phone's screen (390×844), the
map of a representative question (the one of the first 200 seeds that reaches farthest beyond
the region) holds every state it must show (:func:`engine.quiz.must_show`: the asked state,
every state that can be an answer, every state offered) whole inside the map, clear of the
small-state boxes. The engine side of every question is walked by ``test_view_fit.py``.

One browser page for every case: the first case opens its link; every next one goes to its
link as the browser's Back and Forward do (the address changes in place and the app runs that
drill page for it), which deals its quiz on the page already open, so a drill page's map
takes each new question's data, as in a quiz. Each case is checked at the screen the last one
ended on, then again at the other screen (a new size fits the view anew)."""

from __future__ import annotations

import pytest

import geodata
from engine.quiz import (
    MODE_GROUPS,
    MODES,
    Question,
    QuizSettings,
    build_questions,
    context_states,
    must_show,
)
from tests import browser as b
from ui.nav import DRILL_MENU

pytestmark = pytest.mark.browser
FILE_SECONDS = 35  #: what this file takes on two idle cores

SEEDS = range(200)


def representative(region: str, mode: str) -> tuple[int, Question]:
    """The seed whose first question of ``mode`` in ``region`` has the most states to show
    outside the region (then the most states to show), and that question."""
    context = context_states(QuizSettings(modes=(mode,), region=region)) or frozenset()

    def first(seed: int) -> Question:
        return build_questions(QuizSettings(modes=(mode,), region=region, n=1, seed=seed))[0]

    def score(seed: int) -> tuple[int, int]:
        shown = must_show(first(seed))
        return len(shown - context), len(shown)

    seed = max(SEEDS, key=score)
    return seed, first(seed)


# The states among ``codes`` whose outline reaches past the map's stage (which hides what
# overflows it), and those a small-state box lies on.
_CUT_JS = """
codes => {
  const m = document.querySelector('.gpm');
  const s = m.querySelector('.gpm-stage').getBoundingClientRect();
  const boxes = [...m.querySelectorAll('.gpm-callout')].map(c => c.getBoundingClientRect());
  const cut = [], covered = [];
  for (const usps of codes) {
    const path = m.querySelector(`path.choroplethlocation[data-usps="${usps}"]`);
    const b = path.getBoundingClientRect();
    const over = Math.max(s.left - b.left, b.right - s.right, s.top - b.top, b.bottom - s.bottom);
    if (over > 0.5) cut.push(`${usps} (${over.toFixed(0)} px)`);
    const on = r => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
    if (boxes.some(on)) covered.push(usps);
  }
  return {cut, covered};
}
"""

# Go to ``url`` as the browser's Back and Forward do: the address changes in place and
# Streamlit runs the page again for it (its ``popstate`` handler).
_GO_JS = "url => { history.pushState({}, '', url); dispatchEvent(new PopStateEvent('popstate')); }"

# The question on the page: the keyed box of its heading (a new quiz's keys are new) and the
# label of its map (a map that only shows adds what it shows: "…. asked about: Ohio").
_SHOWN_JS = """
page => {
  const box = document.querySelector(`[class*='st-key-${page}_question_']`);
  const key = box && [...box.classList].find(c => c.startsWith('st-key-'));
  const stage = document.querySelector('.gpm .gpm-stage');
  return {key, label: stage && stage.getAttribute('aria-label')};
}
"""


def go(page, app_url: str, path: str, query: str, label: str) -> None:
    """Open the quiz ``path?query`` (whose map is called ``label``, unlike the last one's):
    the first time by loading it, after that in place; then wait until its map is drawn."""
    before = None
    if page.url.startswith(app_url):
        before = page.evaluate(_SHOWN_JS, path)["key"]
        page.evaluate(_GO_JS, f"/{path}?{query}")
    else:
        page.goto(f"{app_url}/{path}?{query}")
    b.wait_for_app(page, settle_ms=0)
    b.wait_explained(
        page,
        f"([page, before, label]) => {{ const s = ({_SHOWN_JS})(page);"
        " return !!s.key && s.key !== before"
        " && !!s.label"
        " && (s.label === label || s.label.startsWith(label + '. ')); }",
        [path, before, label],
        f"([page, before, label]) => ({{url: location.href, before, label,"
        f" shown: ({_SHOWN_JS})(page)}})",
    )
    b.wait_for_map_drawn(page)


def test_every_region_and_mode_shows_the_whole_question(chromium, app_url, blocked) -> None:
    context = chromium.new_context(viewport=b.LAPTOP)
    page = context.new_page()
    b.track_runs(page)
    b.watch_map_draws(page)
    b.keep_local(page, blocked)
    screens = {"laptop": b.LAPTOP, "phone": b.PHONE}
    order = ["laptop", "phone"]
    failures, last = [], None
    assert sorted(m for modes in MODE_GROUPS.values() for m in modes) == sorted(MODES)
    try:
        for group, modes in MODE_GROUPS.items():
            path = DRILL_MENU[group].url_path
            for region in geodata.REGIONS:
                for mode in modes:
                    seed, q = representative(region, mode)
                    query = f"mode={mode}&region={region.lower()}&n=1&seed={seed}"
                    label = f"Map for the question: {q.prompt}"
                    assert label != last, f"{path}?{query}: two maps in a row called {label!r}"
                    go(page, app_url, path, query, label)
                    last = label
                    for screen in order:
                        page.set_viewport_size(screens[screen])
                        found = b.read_drawn_map(page, _CUT_JS, sorted(must_show(q)))
                        if found["cut"] or found["covered"]:
                            failures.append(f"{screen} {path}?{query} ({q.qid}): {found}")
                            name = f"map-fit-{screen}-{region}-{mode}"
                            b.screenshot(page, name, full_page=False)
                    order.reverse()
    finally:
        context.close()
    assert not failures, "\n".join(failures)
    assert blocked == []
