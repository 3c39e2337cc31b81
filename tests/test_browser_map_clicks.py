"""A click or tap inside a state's drawn shape picks that state, and its label covers neither
the small-state boxes nor the point clicked (issue 28, item 9), in real headless Chromium.

On a laptop (1280×800, a mouse) and a phone (390×844, a finger), on the whole map and on the
map zoomed to the Northeast, every state drawn large enough is clicked at a point 1 px inside
its border (found on its drawn outline, where a neighbour lies just across, at a fraction of
a pixel, and where whole-pixel click coordinates would land across the border if there is
such a point): the state picked is the one whose shape holds the point. Every state is
clicked in one view or the other.
"""

from __future__ import annotations

import pytest

from engine.quiz.facts import all_states
from engine.quiz.facts import name as state_name
from tests.browser import (
    LAPTOP,
    PHONE,
    keep_local,
    screenshot,
    track_runs,
    wait_for_app,
    wait_for_map_drawn,
    watch_map_draws,
)

pytestmark = pytest.mark.browser
FILE_SECONDS = 30  #: what this file takes on two idle cores

QUIZ = "/locate_quiz?mode=locate&n=1&seed=3"  # "Find … on the map": every state can be picked
INSET = 1.0  # px inside the border
SAMPLES = 60  # points along each outline

# For each state drawn on the stage, one point INSET px inside its outline whose 1 px ring
# lies in that state's shape only (the truth: SVG's own isPointInFill), off every small-state
# box; among them, preferably one whose neighbour's outline is drawn over it (what the first
# element under the point is) or whose whole-pixel coordinates (truncated for a mouse's
# click, rounded for a finger's) fall in another state, else one with a neighbour just across.
_POINTS_JS = """
([inset, samples, touch]) => {
  const m = document.querySelector('.gpm');
  const paths = [...m.querySelectorAll('path.choroplethlocation[data-usps]')];
  const stage = m.querySelector('.gpm-stage').getBoundingClientRect();
  const boxes = [...m.querySelectorAll('.gpm-callout')].map(c => c.getBoundingClientRect());
  // A point outside a shape's box is outside the shape: only the shapes whose box holds the
  // point (1 px to spare) are asked, each with its screen transform worked out once.
  const shapes = paths.map(p => ({p, usps: p.dataset.usps, box: p.getBoundingClientRect(),
                                  inverse: p.getScreenCTM().inverse()}));
  const inFill = ({p, box, inverse}, x, y) =>
    x >= box.left - 1 && x <= box.right + 1 && y >= box.top - 1 && y <= box.bottom + 1
    && p.isPointInFill(new DOMPoint(x, y).matrixTransform(inverse));
  const truth = (x, y) => shapes.filter(s => inFill(s, x, y)).map(s => s.usps);
  const only = (usps, x, y) => { const t = truth(x, y); return t.length === 1 && t[0] === usps; };
  const first = (x, y) => document.elementsFromPoint(x, y)
    .find(e => e.matches('path.choroplethlocation'))?.dataset.usps;
  const whole = v => touch ? Math.round(v) : Math.trunc(v);
  const onStage = (x, y) => x > stage.left + 2 && x < stage.right - 2 && y > stage.top + 2
    && y < stage.bottom - 2 && y > 2 && y < innerHeight - 2
    && !boxes.some(r => x > r.left - 2 && x < r.right + 2 && y > r.top - 2 && y < r.bottom + 2);
  const out = {};
  for (const p of paths) {
    const usps = p.dataset.usps;
    const ctm = p.getScreenCTM();
    const len = p.getTotalLength();
    let best = null, bestScore = -1;
    for (let i = 0; i < samples; i++) {
      const a = p.getPointAtLength((len * i) / samples).matrixTransform(ctm);
      const b = p.getPointAtLength((len * (i + 0.05)) / samples).matrixTransform(ctm);
      const n = Math.hypot(b.x - a.x, b.y - a.y);
      if (!n) continue;
      const [dx, dy] = [(b.x - a.x) / n, (b.y - a.y) / n];
      for (const s of [1, -1]) {
        const [x, y] = [a.x - s * dy * inset, a.y + s * dx * inset];
        if (!onStage(x, y) || !only(usps, x, y)) continue;
        let ring = true;
        for (let k = 0; k < 8 && ring; k++) {
          const t = (Math.PI * k) / 4;
          ring = only(usps, x + 0.5 * Math.cos(t), y + 0.5 * Math.sin(t));
        }
        if (!ring) continue;
        const across = truth(a.x + s * dy * inset, a.y - s * dx * inset);
        const w = truth(whole(x), whole(y));
        const score = (first(x, y) !== usps ? 4 : 0)
          + (w.length && !w.includes(usps) ? 2 : 0)
          + (across.length && !across.includes(usps) ? 1 : 0);
        if (score > bestScore) { best = [x, y]; bestScore = score; }
      }
    }
    if (best) out[usps] = best;
  }
  return out;
}
"""

_PICKED_JS = """() => [...document.querySelectorAll('.gpm path.choroplethlocation')]
  .filter(p => p.getAttribute('aria-checked') === 'true').map(p => p.dataset.usps)"""

# The label shown after a click: what it covers of the small-state boxes and of the point.
_TIP_JS = """
([x, y]) => {
  const m = document.querySelector('.gpm');
  const tip = m.querySelector('.gpm-tip');
  if (tip.hidden) return null;
  const r = tip.getBoundingClientRect();
  const over = b => b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom;
  return {
    boxes: [...m.querySelectorAll('.gpm-callout')].filter(c => over(c.getBoundingClientRect()))
      .map(c => c.dataset.usps),
    point: x >= r.left && x <= r.right && y >= r.top && y <= r.bottom,
  };
}
"""


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_a_click_just_inside_a_state_picks_it(chromium, app_url, blocked, screen: str) -> None:
    touch = screen == "phone"
    context = chromium.new_context(
        viewport=PHONE if touch else LAPTOP, has_touch=touch, is_mobile=touch
    )
    page = context.new_page()
    track_runs(page)
    watch_map_draws(page)
    keep_local(page, blocked)
    wrong, covered, clicked = [], [], set()
    try:
        page.goto(app_url + QUIZ)
        wait_for_app(page)
        for view in ("whole", "northeast"):
            if view == "northeast":
                page.get_by_role("button", name="Zoom to the Northeast").click()
            page.locator(".gpm-stage").scroll_into_view_if_needed()
            wait_for_map_drawn(page)
            wait_for_app(page)
            points = page.evaluate(_POINTS_JS, [INSET, SAMPLES, touch])
            for usps, (x, y) in sorted(points.items()):
                before = page.evaluate(_PICKED_JS)
                if touch:
                    page.touchscreen.tap(x, y)
                else:
                    page.mouse.click(x, y)
                expected = [] if before == [usps] else [usps]
                picked = page.evaluate(_PICKED_JS)
                if picked != expected:
                    wrong.append(f"{view}: at ({x:.2f}, {y:.2f}) inside {usps}: {picked}")
                tip = page.evaluate(_TIP_JS, [x, y])
                if tip and (tip["boxes"] or tip["point"]):
                    covered.append(f"{view}: the label of {usps} covers {tip}")
                clicked.add(usps)
            wait_for_app(page)
        if wrong or covered:
            screenshot(page, f"map-clicks-{screen}", full_page=False)
    finally:
        context.close()
    assert not wrong, f"{len(wrong)} clicks picked another state: {wrong}"
    assert not covered, covered
    assert clicked == set(all_states()), f"never clicked: {set(all_states()) - clicked}"
    assert blocked == []


# Within one task (no frame between): the pointer moves over one state, then over another and
# clicks there, as a quick hand does on a busy machine; then two frames pass. The label names
# the state clicked, placed where the click was.
_QUICK_JS = """
async ([a, b]) => {
  const m = document.querySelector('.gpm');
  const stage = m.querySelector('.gpm-stage');
  const at = usps => {
    const r = m.querySelector(`path.choroplethlocation[data-usps="${usps}"]`)
      .getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const send = (type, [x, y], Kind = PointerEvent) => {
    const target = document.elementFromPoint(x, y);
    target.dispatchEvent(new Kind(type, {clientX: x, clientY: y, bubbles: true,
                                         pointerType: 'mouse', isPrimary: true}));
  };
  send('pointermove', at(a));
  send('pointermove', at(b));
  send('pointerup', at(b));
  send('click', at(b), MouseEvent);
  for (let i = 0; i < 2; i++) await new Promise(r => requestAnimationFrame(r));
  return m.querySelector('.gpm-tip b')?.textContent;
}
"""


def test_the_label_names_the_state_clicked_after_a_quick_move(chromium, app_url, blocked):
    context = chromium.new_context(viewport=LAPTOP)
    page = context.new_page()
    track_runs(page)
    watch_map_draws(page)
    keep_local(page, blocked)
    try:
        page.goto(app_url + QUIZ)
        wait_for_app(page)
        page.locator(".gpm-stage").scroll_into_view_if_needed()
        wait_for_map_drawn(page)
        for a, b in (("TX", "KS"), ("KS", "TX"), ("CA", "NV")):
            named = page.evaluate(_QUICK_JS, [a, b])
            assert named == state_name(b), f"moved over {a}, clicked {b}: the label names {named}"
    finally:
        context.close()
    assert blocked == []
