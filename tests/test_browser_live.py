"""A live game in real Chromium: the teacher's board on a laptop and two students' phones, each
in a browser context of its own. The board sets up a Time zone quiz of three questions; the
phones join with the code, the board sees their names arrive by itself; at each question one
phone answers right through its radio buttons and the other wrong, and both phones follow the
board's Reveal and Next by themselves (their fragments), the one that had not answered the
last question included. Every WebSocket frame a phone receives is read: before a reveal none
holds the question's explanation (which names the answer) or its id."""

from __future__ import annotations

import os
import re

import pytest

import store.db
from engine.live import Phase
from store import live
from tests import browser as b
from tests.conftest import _page
from tests.table_browser import Frames

pytestmark = pytest.mark.browser

N = 3


def board_code(board) -> str:
    """The game's code, read from the student link the board shows."""
    link = b.wait_for_code(board, "/live?code=")
    return re.search(r"code=([A-Z0-9]+)", link)[1]


def wait_text(page, text: str, timeout_ms: int = 30_000) -> None:
    page.get_by_text(text).first.wait_for(timeout=timeout_ms)


def test_a_live_game_on_the_board_and_two_phones(app_url, chromium, blocked, page):
    db = store.db.database(os.environ["GEOPLUNGE_DATABASE_URL"])
    board = page
    board.goto(f"{app_url}/live_board")
    b.wait_for_app(board)
    board.get_by_test_id("stMain").get_by_text("Time zone quiz", exact=True).click()
    b.wait_for_app(board)
    board.get_by_label("Questions").fill(str(N))
    board.get_by_role("button", name="Start a live game").click()
    code = board_code(board)
    game = live.find_game(db, code)
    b.screenshot(board, "live-board-lobby")

    phones, frames = {}, {}
    contexts = []
    for name in ("Ana", "Ben"):
        context, phone = _page(chromium, blocked, b.PHONE, touch=True)
        contexts.append(context)
        frames[name] = Frames(phone)
        phone.goto(f"{app_url}/live?code={code}")
        b.wait_for_app(phone)
        phone.get_by_label("Your name").fill(name)
        phone.get_by_role("button", name="Join").click()
        wait_text(phone, f"You're in, {name}")
        phones[name] = phone
    for name in phones:
        wait_text(board, name)  # the board's watcher saw them arrive
    b.screenshot(phones["Ana"], "live-phone-lobby")

    try:
        board.get_by_role("button", name="Start", exact=True).click()
        for i in range(N):
            q = game.question(i)
            heading = f"Question {i + 1} of {N}"
            for phone in phones.values():
                wait_text(phone, heading)
                b.wait_for_app(phone)
            for name, seen in frames.items():
                text = "\n".join(seen.texts())
                assert q.explanation not in text, (name, i)
                assert q.qid not in text, (name, i)
            last = i == N - 1
            answering = {"Ana": True} if last else {"Ana": True, "Ben": False}
            for name, right in answering.items():
                phone = phones[name]
                wrong = next(c for c in q.choices if c != q.answer)
                choice = q.label(q.answer if right else wrong)
                phone.get_by_test_id("stRadio").get_by_text(choice, exact=True).click()
                phone.get_by_role("button", name="Send my answer").click()
                wait_text(phone, "Your answer is in")
            wait_text(board, f"{len(answering)} of 2 answered")
            if i == 0:
                b.screenshot(phones["Ben"], "live-phone-answer-in")
                b.screenshot(board, "live-board-question")
            board.get_by_role("button", name="Reveal").click()
            wait_text(phones["Ana"], "Right!")
            wait_text(phones["Ben"], "No answer from you" if last else "Not this time")
            wait_text(board, f"The answer: {q.answer_text}")
            if i == 0:
                b.screenshot(phones["Ben"], "live-phone-reveal")
                b.screenshot(board, "live-board-reveal")
            board.get_by_role("button", name="Finish" if last else "Next question").click()
        for name, place in (("Ana", "1st of 2"), ("Ben", "2nd of 2")):
            wait_text(phones[name], "Thank you for playing")
            assert place in phones[name].inner_text("body"), name
        assert live.find_game(db, code).phase is Phase.ENDED
    finally:
        for context in contexts:
            context.close()
    assert blocked == []
