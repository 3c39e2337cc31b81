"""Issue 28, item 5: the live phone's typed-answer box at 390×844. Nothing covers its
placeholder (no "Press Enter to submit form" or character-count hint over the box), a tap on
any point of the box lands in the box, and a pasted answer over the length limit is refused in
words (the box keeps it; nothing vanishes silently); Enter still sends."""

from __future__ import annotations

import os

import pytest
import sqlalchemy as sa

import store.db
from engine.answers import MAX_ANSWER_CHARS
from engine.live import LiveRules
from store import live
from store.models import LiveAnswer
from tests import browser as b
from tests.live_browser import join, wait_text

pytestmark = pytest.mark.browser
HOST = "answer-box-host"

# The points of the box (5 %, 50 %, 95 % across; 20 %, 50 %, 80 % down) where the element on
# top is not the box, with what is there instead.
_HITS_JS = """(placeholder) => {
  const box = document.querySelector(`input[placeholder="${placeholder}"]`);
  const r = box.getBoundingClientRect();
  const missed = [];
  for (const fx of [0.05, 0.5, 0.95]) for (const fy of [0.2, 0.5, 0.8]) {
    const e = document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height);
    if (e !== box) missed.push([fx, fy, e && e.outerHTML.slice(0, 80)]);
  }
  return missed;
}"""


def test_the_answer_box_shows_its_placeholder_and_refuses_a_long_paste(app_url, phone):
    db = store.db.database(os.environ["GEOPLUNGE_DATABASE_URL"])
    game = live.create_game(db, "capitals", {"mode": "capital", "n": "2"}, LiveRules(), HOST)
    join(phone, f"{app_url}/live?code={game.code}", "Ana", 30_000)
    live.advance(db, HOST, game.version)
    wait_text(phone, "Question 1 of 2", 30_000)
    b.wait_for_app(phone)
    box = phone.get_by_placeholder("Type your answer")
    box.wait_for()
    widget = phone.get_by_test_id("stTextInput").filter(has=box)
    body = phone.inner_text("body")
    assert "Press Enter" not in body and f"/{MAX_ANSWER_CHARS + 1}" not in body, body
    box.click()
    assert not widget.get_by_test_id("InputInstructions").is_visible()
    # every point of the box, corners included, is the box itself: nothing lies over it (its
    # place and what lies at each point are read in one task: the page may still scroll the
    # box into view, as it should, and a place read before that would be stale)
    missed = phone.evaluate(_HITS_JS, "Type your answer")
    assert missed == [], missed
    b.screenshot(phone, "live-phone-answer-box", full_page=False)

    pasted = "Sacramento " * 28  # 308 characters
    box.click()
    box.fill(pasted)  # as a paste: the whole text at once
    assert box.input_value() == pasted  # kept whole in the box, not emptied
    phone.get_by_role("button", name="Send my answer").click()
    wait_text(phone, "That answer is too long", 30_000)
    assert box.input_value() == pasted
    b.screenshot(phone, "live-phone-answer-too-long", full_page=False)
    with db.read() as s:
        assert not s.scalar(sa.select(sa.func.count()).where(LiveAnswer.game_id == game.id))

    # Enter (a phone keyboard's Go) still sends: the hint is hidden, not the behaviour
    box.fill("Sacramento")
    box.press("Enter")
    wait_text(phone, "Your answer is in", 30_000)
