"""What the map shows, in real headless Chromium: every state inside the visible map, whatever
came before and whatever the screen (issue 18).

A whole mixed Border quiz is answered at 1280×800, through the lists and by map clicks; on
every question answered on the map (the one after a shorter "How many states border …?" map
included) each state's outline lies inside the visible map, no small-state box lies on a
state, and a click in the middle of Connecticut picks Connecticut. On a phone (390×844), and
in BorderCap Gin's round result, every whole-map view shows all 50 states and all the boxes.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from engine.bordercap_gin import BorderCapGin
from engine.cards import by_usps
from engine.quiz import AnswerType, Question, QuizRun, parse_settings
from tests.browser import (
    dismiss_page_not_found,
    interior_point,
    is_touch,
    map_screenshot,
    map_view,
    screenshot,
    wait_for_app,
    wait_for_map,
    watch_map_draws,
)

pytestmark = pytest.mark.browser
FILE_SECONDS = 45  #: what this file takes on two idle cores (conftest starts it early)

LAPTOP = {"width": 1280, "height": 800}
QUIZ = {"seed": "1", "n": "10"}  # the default mix: border states, "exactly these", how many
GIN_SEED = 980  # you open with 8 cards, and letting New Hampshire go wins round 1


def questions(params: dict[str, str]) -> dict[str, Question]:
    """The Border quiz's questions for ``params``, by prompt (the engine deals the same ones)."""
    settings, _ = parse_settings(params, group="borders", default_seed=0)
    return {q.prompt: q for q in QuizRun(settings).questions}


def picked(page, usps: str) -> bool:
    return page.evaluate(
        "u => document.querySelector(`.gpm path.choroplethlocation[data-usps=${u}]`)"
        "?.getAttribute('aria-checked') === 'true'",
        usps,
    )


def box_centre(page, selector: str) -> tuple[float, float]:
    """The middle of an element's box on screen, read in one step."""
    b = page.evaluate(
        "s => { const b = document.querySelector(s).getBoundingClientRect();"
        " return [b.left + b.width / 2, b.top + b.height / 2]; }",
        selector,
    )
    return b[0], b[1]


def pick_on_map(page, usps: str) -> None:
    """Click a state inside its outline or, when it is drawn too small, its labelled box."""
    point = interior_point(page, usps)
    if point is None:
        point = box_centre(page, f".gpm-callout[data-usps={usps}]")
    page.mouse.click(*point)


def assert_everything_shows(page, where: str) -> dict:
    view = map_view(page)
    assert view["outside"] == [], f"{where}: outside the visible map: {view['outside']}"
    assert view["covering"] == [], f"{where}: {view['covering']}"
    return view


def answer_through_lists(page, q: Question) -> None:
    main = page.get_by_test_id("stMain")
    if q.answer_type is AnswerType.SET:
        box = main.get_by_test_id("stMultiSelect").filter(has_text="Your answer")
        for usps in sorted(q.answer):
            box.locator("input").click()
            page.keyboard.type(q.label(usps))
            page.get_by_role("option", name=q.label(usps), exact=True).click()
            expect(box).to_contain_text(q.label(usps))
            wait_for_app(page)
        page.keyboard.press("Escape")
    else:
        radio = main.get_by_test_id("stRadio").filter(has_text="Your answer")
        radio.get_by_text(q.label(str(q.answer)), exact=True).click()
        wait_for_app(page)


def answer_on_map(page, q: Question) -> None:
    answer = sorted(q.answer) if q.answer_type is AnswerType.SET else [str(q.answer)]
    for usps in answer:
        pick_on_map(page, usps)
        assert picked(page, usps), f"a click on {usps} did not pick it"
    main = page.get_by_test_id("stMain")
    shown = main.get_by_test_id("stMultiSelect").or_(main.get_by_test_id("stRadio"))
    for usps in answer:  # the answer widget takes the picks from the reruns that carry them
        # (a widget the map changed is drawn anew: the old one shows until the rerun ends)
        widget = shown.filter(has_text="Your answer").filter(has_text=q.label(usps))
        expect(widget.last).to_be_visible()
    wait_for_app(page)


def check_connecticut(page, q: Question) -> bool:
    """A click in the middle of Connecticut picks Connecticut (then it is taken out again);
    False when the question does not let Connecticut be picked."""
    if q.answer_type is not AnswerType.SET or q.focus == "CT":
        return False
    page.mouse.click(*box_centre(page, ".gpm path.choroplethlocation[data-usps=CT]"))
    chosen = [u for u in by_usps() if picked(page, u)]
    assert chosen == ["CT"], f"a click in the middle of Connecticut picked {chosen}"
    wait_for_app(page)
    page.mouse.click(*box_centre(page, ".gpm path.choroplethlocation[data-usps=CT]"))
    assert not picked(page, "CT")
    wait_for_app(page)
    return True


def test_a_mixed_border_quiz_shows_every_state_on_every_map_question(page, app_url, blocked):
    """The blocker of issue 18: after a "How many states border …?" question (a shorter map)
    the next map came back 1.26× too large, Florida, Alaska, Maine … cut off and the small-
    state boxes lying on New England."""
    page.set_viewport_size(LAPTOP)
    watch_map_draws(page)
    asked = questions(QUIZ)
    page.goto(f"{app_url}/border_quiz?seed={QUIZ['seed']}&n={QUIZ['n']}")
    wait_for_app(page)
    dismiss_page_not_found(page)
    heading = page.get_by_test_id("stMain").locator("h3").first
    on_map = after_count = by_clicks = connecticut = 0
    before = None
    for _ in range(3 * len(asked)):  # wrong answers would come back; none is given
        heading.wait_for()
        q = asked[heading.inner_text()]
        label = f"Map for the question: {q.prompt}"
        page.wait_for_function(  # the map has taken this question's data
            "l => document.querySelector('.gpm-stage')?.getAttribute('aria-label')?.startsWith(l)",
            arg=label,
        )
        wait_for_app(page)
        if q.map_answer:
            on_map += 1
            after_count += before == "count"
            view = assert_everything_shows(page, f"question {on_map} on the map, {q.prompt!r}")
            assert not view["zoomed"]  # the whole map: the quiz has no region
            if on_map == 1 or before == "count":
                map_screenshot(page, f"map-view-{on_map}-{q.mode}")
            connecticut += check_connecticut(page, q)
            if on_map % 2:
                answer_on_map(page, q)
                by_clicks += 1
            else:
                answer_through_lists(page, q)
        else:
            answer_through_lists(page, q)
        page.get_by_test_id("stMain").get_by_role("button", name="Check").click()
        page.get_by_text("Right!").first.wait_for()
        next_button = page.get_by_role("button", name="Next question")
        done_button = page.get_by_role("button", name="See my results")
        next_button.or_(done_button).wait_for()
        wait_for_app(page)
        if done_button.count():
            done_button.click()
            break
        next_button.click()
        page.wait_for_function(
            "p => document.querySelector('[data-testid=stMain] h3')?.innerText !== p",
            arg=q.prompt,
        )
        before = q.mode
    print(f"\n{on_map} questions answered on the map ({by_clicks} by clicks), {after_count}")
    print(f"right after a count question; Connecticut clicked on {connecticut}")
    assert after_count >= 2 and by_clicks >= 2 and connecticut >= 2  # the seed's mix has them
    assert blocked == []


def test_every_map_fits_a_phone(phone, app_url, blocked):
    """Issue 18, item 6: at 390×844 every state and every small-state box of a whole-map view
    is on screen, and a regional quiz's map shows all of its region (plotly's own frame cut
    Maine, New Jersey and Pennsylvania off the Northeast)."""
    watch_map_draws(phone)
    assert is_touch(phone)
    for path, name in (
        ("/atlas", "atlas"),
        ("/border_quiz?mode=count&n=1&seed=1", "count"),
        ("/border_quiz?mode=neighbors&n=1&seed=1", "neighbors"),
    ):
        phone.goto(app_url + path)
        wait_for_app(phone)
        dismiss_page_not_found(phone)
        wait_for_map(phone)
        view = assert_everything_shows(phone, name)
        assert not view["zoomed"]
        map_screenshot(phone, f"map-view-phone-{name}")
    for region in ("northeast", "west"):
        params = {"mode": "neighbors", "region": region, "n": "1", "seed": "1"}
        pool = set(parse_settings(params, group="borders", default_seed=0)[0].pool())
        pool = pool - {"AK", "HI"} or pool  # the map opens on the region's lower 48
        phone.goto(f"{app_url}/border_quiz?" + "&".join(f"{k}={v}" for k, v in params.items()))
        wait_for_app(phone)
        wait_for_map(phone)
        view = map_view(phone)
        assert view["zoomed"]
        cut = [s for s in view["outside"] if s.split()[0] in pool]
        assert cut == [], f"the {region}'s map on a phone cuts off {cut}"
        screenshot(phone, f"map-view-phone-{region}")
        phone.get_by_role("button", name="Show the whole map").tap()
        phone.wait_for_function("() => !document.querySelector('.gpm.gpm-zoomed')")
        assert_everything_shows(phone, f"the {region} quiz's whole map")
    assert blocked == []


@pytest.mark.parametrize("device", ["page", "phone"])
def test_the_winning_hand_map_of_a_gin_round_shows_every_state(device, request, app_url, blocked):
    """BorderCap Gin's round result draws the winning hand on a short map (200 px at most):
    the eight small-state boxes and Alaska and Hawaii were cut off."""
    page = request.getfixturevalue(device)
    watch_map_draws(page)
    state = BorderCapGin.new(players=2, seed=GIN_SEED)
    assert state.current_player == 0 and len(state.hands[0]) == 8
    page.goto(f"{app_url}/bordercap_gin?seed={GIN_SEED}&levels=easy")
    wait_for_app(page)
    dismiss_page_not_found(page)
    wait_for_map(page)
    page.get_by_text("Hints", exact=True).click()
    button = page.get_by_role("button", name="Discard New Hampshire and declare")
    button.wait_for()
    wait_for_app(page)
    button.click()
    page.get_by_text("You win round 1").first.wait_for()
    wait_for_app(page)
    wait_for_map(page)  # the first map on the page is the winning hand's
    assert "the 4-group" in page.locator(".gpm").first.locator(".gpm-legend").inner_text()
    assert_everything_shows(page, f"the winning hand on a {device}")
    assert page.locator(".gpm").first.locator(".gpm-callout").count() == 8
    map_screenshot(page, f"map-view-gin-{device}")
    assert blocked == []
