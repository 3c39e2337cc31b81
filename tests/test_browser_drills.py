"""The drills in real headless Chromium, offline: a teacher link opens a border quiz whose
question is answered by clicking states with the mouse; the same on a phone-sized screen."""

import time

import pytest

import geodata
from messages import _, speaking
from tests.browser import (
    SCREENSHOTS,
    click_state,
    dismiss_page_not_found,
    fill,
    screenshot,
    wait_for_app,
    wait_for_map,
)
from ui.quiz.text import _named
from ui.quiz.wording import prompt_of

pytestmark = pytest.mark.browser

# The first question of this link: "Select every state that borders New Mexico."
LINK = "/border_quiz?mode=neighbors&region=west&n=3&seed=7"
SELECTED = "rgb(0, 114, 178)"  # ui.maps.ROLES: selected, wrong, missed
WRONG = "rgb(213, 94, 0)"
MISSED = "rgb(240, 228, 66)"


def open_link(page, app_url: str, link: str = LINK) -> None:
    page.goto(app_url + link)
    wait_for_app(page)
    dismiss_page_not_found(page)
    page.get_by_text("Select every state that borders New Mexico.").wait_for(timeout=20_000)
    wait_for_map(page)
    assert page.locator("path.choroplethlocation").count() == 50


def answer_box(page):
    return page.get_by_test_id("stMultiSelect").filter(has_text="Your answer")


def tap(page, usps: str, *, picked: bool) -> None:
    """Click a state on the map: the map shows it (un)selected at once."""
    click_state(page, usps)
    assert (fill(page, usps) == SELECTED) is picked, f"{usps} did not turn {picked=}"
    wait_for_app(page)


def test_teacher_link_answered_by_clicking_the_map(page, app_url, blocked):
    open_link(page, app_url)
    assert "seed=7" in page.url
    screenshot(page, "border-quiz-question-desktop")

    for usps in ("AZ", "CO", "NV", "UT"):
        tap(page, usps, picked=True)
    tap(page, "NV", picked=False)  # a second click takes Nevada out again
    tap(page, "WY", picked=True)
    answer = answer_box(page).inner_text()
    assert all(n in answer for n in ("Arizona", "Colorado", "Utah", "Wyoming"))
    assert "Nevada" not in answer
    screenshot(page, "border-quiz-picked-desktop")

    start = time.monotonic()
    page.get_by_role("button", name="Check").click()
    feedback = page.get_by_text("3 of 5 right.")
    feedback.wait_for(timeout=20_000)
    print(f"\nclick on Check → feedback visible: {time.monotonic() - start:.2f} s")
    wait_for_app(page)
    assert page.get_by_text("Missed: Oklahoma and Texas. Wrong: Wyoming.").is_visible()
    assert page.get_by_role("button", name="Next question").is_visible()
    assert fill(page, "WY") == WRONG and fill(page, "TX") == MISSED
    screenshot(page, "border-quiz-feedback-desktop")
    assert blocked == []


LAPTOP = {"width": 1280, "height": 800}
_PLACE_JS = """s => {
  const r = document.querySelector(s).getBoundingClientRect();
  const header = document.querySelector("[data-testid='stHeader']");
  return {top: r.top, bottom: r.bottom, height: innerHeight,
          covered: header ? header.getBoundingClientRect().bottom : 0};
}"""


@pytest.mark.parametrize(
    ("link", "box", "answer"),
    [
        ("/border_quiz?mode=neighbors&n=3&seed=7", "border_quiz_pick_1", "TX"),
        ("/capital_quiz?mode=capital&n=3&seed=7", "capital_quiz_text_1", "Denver"),
    ],
    ids=["select states", "typed capital"],
)
def test_after_next_the_question_stays_in_view_on_a_laptop(
    page, app_url, blocked, link, box, answer
):
    """Issue 18: after "Next question" the focus went to the answer box and the page scrolled
    the question's heading out of the window (1280×800): the student saw the map and the
    choices, not the question."""
    page.set_viewport_size(LAPTOP)
    page.goto(app_url + link)
    wait_for_app(page)
    page.get_by_text("Question 1 of 3").wait_for(timeout=30_000)
    wait_for_map(page)
    if answer == "TX":
        tap(page, answer, picked=True)
        page.get_by_role("button", name="Check").click()
    else:
        page.get_by_label("Your answer").fill(answer)
        page.get_by_label("Your answer").press("Enter")
    page.get_by_role("button", name="Next question").click()
    page.get_by_text("Question 2 of 3").wait_for(timeout=30_000)
    page.wait_for_function(  # the focus is in the new question's answer box
        "s => document.activeElement && document.activeElement.closest(s)",
        arg=f"[class*='st-key-{box}']",
        timeout=30_000,
    )
    wait_for_app(page)
    assert page.evaluate("() => document.activeElement.tagName") == "INPUT"
    prompt = page.locator("h3").first.inner_text()  # the question's heading
    place = page.evaluate(_PLACE_JS, "h3")
    name = f"after-next-{box.split('_')[0]}-laptop"
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))  # the window, as the student sees it
    print(f"screenshot: screenshots/{name}.png")
    assert place["covered"] <= place["top"] and place["bottom"] <= place["height"], (prompt, place)
    assert blocked == []


def test_the_quiz_is_usable_on_a_phone(phone, app_url, blocked):
    open_link(phone, app_url)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    box = phone.locator(".gpm-stage").bounding_box()
    assert box is not None
    screenshot(phone, "border-quiz-question-phone")

    tap(phone, "UT", picked=True)  # the map takes taps on a small screen too

    # Without the map: type into the multiselect, pick with Enter.
    box = answer_box(phone).locator("input")
    box.scroll_into_view_if_needed()
    for name in ("Arizona", "Colorado", "Oklahoma", "Texas"):
        box.click()
        box.fill(name)
        phone.keyboard.press("Enter")
        answer_box(phone).get_by_text(name).wait_for(timeout=20_000)
        wait_for_app(phone)
    phone.keyboard.press("Escape")  # close the list of states
    phone.get_by_role("listbox").wait_for(state="hidden")
    check = phone.get_by_role("button", name="Check")
    check.scroll_into_view_if_needed()
    width = check.bounding_box()["width"]
    assert width > 300  # full width on a phone
    screenshot(phone, "border-quiz-answer-phone")
    check.click()
    phone.get_by_text("Right! All 5.").wait_for(timeout=20_000)
    wait_for_app(phone)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "border-quiz-feedback-phone")
    assert blocked == []


def test_the_teacher_page_on_a_phone(phone, app_url, blocked):
    phone.goto(f"{app_url}/assign")
    wait_for_app(phone)
    dismiss_page_not_found(phone)
    phone.get_by_text("First question").wait_for(timeout=20_000)
    wait_for_map(phone)
    assert phone.locator("path.choroplethlocation").count() == 50
    code = phone.get_by_test_id("stCode").inner_text()
    assert code.startswith(app_url + "/border_quiz?mode=borders&n=10&seed=")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "assign-phone")
    assert blocked == []


def _first_question(group: str, link: str):
    from urllib.parse import parse_qsl, urlparse

    from engine.quiz import build_questions
    from ui.quiz.session import read_settings

    params = dict(parse_qsl(urlparse(link).query))
    return build_questions(read_settings(params, group, 0)[0])[0]


def test_locate_a_state_by_clicking_it(page, app_url, blocked):
    link = "/locate_quiz?mode=locate&n=2&seed=3"
    q = _first_question("locate", link)
    page.goto(app_url + link)
    wait_for_app(page)
    page.get_by_text(q.prompt).wait_for(timeout=30_000)
    page.wait_for_selector("path.choroplethlocation")
    wrong = "TX" if q.answer != "TX" else "OH"
    tap(page, wrong, picked=True)
    tap(page, q.answer, picked=True)  # one state: the latest click replaces the first
    assert fill(page, wrong) != SELECTED
    screenshot(page, "locate-quiz-picked-desktop")
    page.get_by_role("button", name="Check").click()
    page.get_by_text("Right!").first.wait_for(timeout=30_000)
    wait_for_app(page)
    screenshot(page, "locate-quiz-feedback-desktop")
    assert blocked == []


def test_name_the_states_of_a_region_on_a_phone_in_spanish(phone, app_url, blocked):
    """A whole drill in Spanish (``?lang=es``): the states of the Northeast typed by their
    Spanish names, one with a slip ("Nueva Yrok"), one twice, to the summary."""
    link = "/locate_quiz?mode=all50&region=northeast&seed=1&lang=es"
    with speaking("es"):
        prompt = prompt_of(_first_question("locate", link))
        named_so_far = _("**{count} of {total} named**").format(count=3, total=9).strip("*")
        named_in_all = _named(3, 9)
        typed, done, results = (
            _("Type a state's name"),
            _("I'm done: check my list"),
            _("See my results"),
        )
    assert prompt == "Nombra los 9 estados de la región censal Noreste."
    phone.goto(app_url + link)
    wait_for_app(phone)
    phone.get_by_text(prompt).wait_for(timeout=30_000)
    assert phone.evaluate("document.documentElement.lang") == "es"
    phone.wait_for_selector("path.choroplethlocation")
    box = phone.get_by_label(typed)
    for name in ("Maine", "Vermont", "Maine", "Nueva Yrok"):
        box.fill(name)
        box.press("Enter")
        wait_for_app(phone)
    phone.get_by_text(named_so_far).first.wait_for(timeout=30_000)
    assert "Nueva York" in phone.inner_text("body")  # the slip read as the Spanish name
    assert fill(phone, "NY") == "rgb(0, 158, 115)"  # right: ui.maps.ROLES["correct"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "locate-quiz-names-phone-es")
    phone.get_by_role("button", name=done).click()
    phone.get_by_text(named_in_all).first.wait_for(timeout=30_000)
    wait_for_app(phone)
    phone.get_by_role("button", name=results).click()
    phone.get_by_text(named_in_all.split(" (")[0]).first.wait_for(timeout=30_000)
    wait_for_app(phone)
    body = phone.inner_text("body")
    assert "estados" in body and "states" not in body, body
    screenshot(phone, "locate-quiz-summary-phone-es")
    assert blocked == []


def test_identify_on_a_phone(phone, app_url, blocked):
    link = "/locate_quiz?mode=identify&n=2&seed=5"
    q = _first_question("locate", link)
    phone.goto(app_url + link)
    wait_for_app(phone)
    phone.get_by_text("Which state is highlighted on the map?").wait_for(timeout=30_000)
    phone.wait_for_selector("path.choroplethlocation")
    screenshot(phone, "locate-quiz-identify-phone")
    box = phone.get_by_label("Your answer")
    box.fill(geodata.states().loc[q.answer, "name"].lower())
    box.press("Enter")
    phone.get_by_text("Right!").first.wait_for(timeout=30_000)
    wait_for_app(phone)
    screenshot(phone, "locate-quiz-identify-feedback-phone")
    assert blocked == []
