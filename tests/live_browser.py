"""A live class game played in real Chromium, written once for the one-server test
(``test_browser_live.py``) and the two servers behind nginx (``test_deploy.py``).

The teacher's board (``/live_board``) sets up a Time zone quiz of :data:`N` questions; the two
phones (:data:`NAMES`, each in a browser context of its own) open the student link the board
shows and join with their names, which arrive on the board by themselves. At each question Ana
answers right through the radio buttons and "Send my answer", Ben wrong (and not at all at the
last one); both phones follow the board's Reveal and Next by themselves (their fragments). A
phone may read in a language of its own (``languages``: the one-server test gives Ben Spanish,
from a link ending in ``&lang=es``, while the board and Ana read English): what it is waited
for and read by is worded in its language. Every
WebSocket frame a phone receives is read (:class:`tests.table_browser.Frames`): while a question
is asked, no frame holds its id or its explanation (which names the answer), nor the id, the
prompt or the explanation of a question still to come. At the end the places are "1st of 2"
and "2nd of 2", and the store has the game ended.

The callers make the pages (on their servers, with their viewports) and close them;
:func:`play` drives them.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from engine.live import Phase
from messages import _, ordinal, speaking
from store import live
from tests import browser as b
from tests.table_browser import Frames
from ui.quiz.wording import explanation_of, label, prompt_of

N = 3  #: questions in the game
NAMES = ("Ana", "Ben")  #: Ana answers every question right; Ben one wrong, then none
SHOW = "I have kept it: show the board to the class"  #: past the private link to the board


def wait_text(page, text: str, timeout_ms: int) -> None:
    """Wait for ``text`` on ``page``; if it never shows, say what the page showed and did."""
    try:
        page.get_by_text(text).first.wait_for(timeout=timeout_ms)
    except PlaywrightTimeout:
        shown = page.inner_text("body")[-600:].replace("\n", " | ")
        runs = getattr(page, "gp_runs", "not followed")
        raise AssertionError(
            f"{text!r} never showed; the page shows …{shown}; runs: {runs}{b.pulses(page)}"
        ) from None


def said(lang: str, text: str, **values: object) -> str:
    """``text`` as a reader of ``lang`` reads it; without its values, only what comes before
    the first of them (what a page is waited for by)."""
    with speaking(lang):
        worded = _(text)
    return worded.format(**values) if values else worded.split("{")[0].rstrip(" :")


def set_up(board, base_url: str, timeout_ms: int) -> tuple[str, str]:
    """On the board, a Time zone quiz of :data:`N` questions started: its code and the student
    link the board shows (asserted to be ``base_url``'s: the address the teacher's browser
    used, nginx's behind a proxy)."""
    board.goto(f"{base_url}/live_board")
    b.wait_for_app(board, timeout_ms=timeout_ms)
    board.get_by_test_id("stMain").get_by_text("Time zone quiz", exact=True).click()
    b.wait_for_app(board, timeout_ms=timeout_ms)
    board.get_by_label("Questions").fill(str(N))
    board.get_by_role("button", name="Start a live game").click()
    b.wait_for_code(board, "/live_board?key=", timeout_ms=timeout_ms)  # once, before the class
    board.get_by_role("button", name=SHOW).click()
    link = b.wait_for_code(board, "/live?code=", timeout_ms=timeout_ms).strip()
    found = re.fullmatch(rf"{re.escape(base_url)}/live\?code=([A-Z0-9]+)", link)
    assert found, f"the board's student link {link!r} is not on {base_url}"
    return found[1], link


def join(phone, link: str, name: str, timeout_ms: int, lang: str = "en") -> None:
    """Open the student link (the code box is filled from it; in ``lang`` when it is not
    English), type a name, join."""
    phone.goto(link if lang == "en" else f"{link}&lang={lang}")
    b.wait_for_app(phone, timeout_ms=timeout_ms)
    phone.get_by_label(said(lang, "Your name")).fill(name)
    phone.get_by_role("button", name=said(lang, "Join")).click()
    wait_text(phone, said(lang, "You're in, {name}.", name=name), timeout_ms)


def check_nothing_ahead(
    frames: dict[str, Frames], game: live.LiveGameInfo, i: int, languages: Mapping[str, str]
) -> None:
    """Question ``i`` is asked: no phone's frames so far hold its id or explanation, nor the
    id, prompt or explanation of a later question, in the phone's language. (They do hold
    question ``i``'s prompt: the frames are read.)"""
    for name, seen in frames.items():
        text = "\n".join(seen.texts())
        with speaking(languages[name]):
            prompt = prompt_of(game.question(i))
        assert prompt in text, f"{name}'s frames: no question {i + 1}"
        for j in range(i, N):
            q = game.question(j)
            with speaking(languages[name]):
                secrets = {"id": q.qid, "explanation": explanation_of(q)}
                if j > i:
                    secrets["prompt"] = prompt_of(q)
            for what, value in secrets.items():
                assert not value or value not in text, (
                    f"{name}'s phone got question {j + 1}'s {what} at {i + 1}"
                )


def play(
    board,
    phones: dict[str, object],
    base_url: str,
    db,
    *,
    timeout_ms: int = 30_000,
    screenshots: bool = False,
    languages: Mapping[str, str] | None = None,
) -> str:
    """The whole game on the ``board`` page and the ``phones`` pages (by name, :data:`NAMES`;
    fresh pages, each in its own context), the board opened on ``base_url``; ``db`` is the
    app's database (read for the questions' answers); ``languages`` gives a phone's language
    by name (English for the others). Returns the game's code."""
    assert tuple(phones) == NAMES, phones
    langs = {name: (languages or {}).get(name, "en") for name in NAMES}
    frames = {name: Frames(phone) for name, phone in phones.items()}  # before the first load
    code, link = set_up(board, base_url, timeout_ms)
    game = live.find_game(db, code)
    if screenshots:
        b.screenshot(board, "live-board-lobby")
    for name, phone in phones.items():
        join(phone, link, name, timeout_ms, langs[name])
    for name in phones:
        wait_text(board, name, timeout_ms)  # the board's watcher saw them arrive
    if screenshots:
        b.screenshot(phones["Ana"], "live-phone-lobby")

    board.get_by_role("button", name="Start", exact=True).click()
    for i in range(N):
        q = game.question(i)
        for name, phone in phones.items():
            asked = said(langs[name], "Question {number} of {total}", number=i + 1, total=N)
            wait_text(phone, asked, timeout_ms)
            b.wait_for_app(phone, timeout_ms=timeout_ms)
        check_nothing_ahead(frames, game, i, langs)
        last = i == N - 1
        answering = {"Ana": True} if last else {"Ana": True, "Ben": False}
        for name, right in answering.items():
            answer(phones[name], q, timeout_ms, right=right, lang=langs[name])
        wait_text(board, f"{len(answering)} of 2 answered", timeout_ms)
        for phone in phones.values():
            b.wait_for_app(phone, timeout_ms=timeout_ms)
        check_nothing_ahead(frames, game, i, langs)  # the last moment before the reveal
        if screenshots and i == 0:
            b.screenshot(phones["Ben"], "live-phone-answer-in")
            b.screenshot(board, "live-board-question")
        board.get_by_role("button", name="Reveal").click()
        wait_text(phones["Ana"], said(langs["Ana"], "Right!"), timeout_ms)
        missed = "No answer from you this time." if last else "Not this time: you answered {given}."
        wait_text(phones["Ben"], said(langs["Ben"], missed), timeout_ms)
        wait_text(board, f"The answer: {q.answer_text}", timeout_ms)
        if screenshots and i == 0:
            b.screenshot(phones["Ben"], "live-phone-reveal")
            b.screenshot(board, "live-board-reveal")
        board.get_by_role("button", name="Finish" if last else "Next question").click()
    for name, place in zip(NAMES, (1, 2), strict=True):
        wait_text(phones[name], said(langs[name], "Thank you for playing!"), timeout_ms)
        with speaking(langs[name]):
            worded = _("You have **{points}**: **{place} of {players}**.")
            where = worded.split("**")[3].format(place=ordinal(place), players=2)  # "1st of 2"
        assert where in phones[name].inner_text("body"), (name, where)
    assert live.find_game(db, code).phase is Phase.ENDED
    return code


ANSWER_IN = "Your answer is in: {given}. The right answer comes at the reveal."


def answer(phone, q, timeout_ms: int, *, right: bool = True, lang: str = "en") -> None:
    """On ``phone``, pick the right answer of question ``q`` (or a wrong one), send it, and
    wait until the phone says it is in."""
    wrong = next(c for c in q.choices if c != q.answer)
    with speaking(lang):
        choice = label(q, q.answer if right else wrong)
    phone.get_by_test_id("stRadio").filter(has_text=said(lang, "Your answer")).get_by_text(
        choice, exact=True
    ).click()
    phone.get_by_role("button", name=said(lang, "Send my answer")).click()
    wait_text(phone, said(lang, ANSWER_IN), timeout_ms)


#: the page's pulses (:mod:`ui.stream`): whether each relies on the stream, the looks it has
#: asked for and the last one run, whether one is waiting, and the changes the page's streams
#: have told (all its pulses', a page may draw a new one after a rerun)
PULSES_JS = """() => [...(window.__geoplungePulse || [])].map((p) => ({ push: p.push,
  sent: p.sent, seen: p.seen, pending: p.pending, changes: window.__geoplungeChanges || 0 }))"""


def pulse(page, timeout_ms: int, *, push: bool) -> dict:
    """The page's one pulse once it relies on the stream (``push``) or polls (not ``push``),
    and no look it asked for is waiting to run."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        found = page.evaluate(PULSES_JS)
        if len(found) == 1 and found[0]["push"] is push:
            b.wait_for_app(page, timeout_ms=timeout_ms, settle_ms=0)
            now = page.evaluate(PULSES_JS)
            if len(now) == 1 and not now[0]["pending"] and now[0]["seen"] >= now[0]["sent"]:
                return now[0]
        assert time.monotonic() < deadline, f"no pulse with push={push}: {found}"
        page.wait_for_timeout(100)


def follows_by_the_stream(board, phone, base_url: str, timeout_ms: int, *, relied: bool) -> None:
    """The board sets up a game and the phone joins; the phone is told by the stream that the
    board started, and shows the first question. ``relied``: the server hears every change
    (PostgreSQL), so the phone asks for no look while nothing moves; else (SQLite, one
    process: its own commits are told, another's would not be) it also looks every second."""
    _, link = set_up(board, base_url, timeout_ms)
    join(phone, link, "Ana", timeout_ms)
    wait_text(board, "Ana", timeout_ms)
    before = pulse(phone, timeout_ms, push=relied)
    if relied:
        phone.wait_for_timeout(3000)  # a polling page would look three times meanwhile
        assert pulse(phone, timeout_ms, push=True)["sent"] == before["sent"]
    board.get_by_role("button", name="Start", exact=True).click()
    wait_text(phone, "Question 1 of", timeout_ms)
    after = pulse(phone, timeout_ms, push=relied)
    assert after["changes"] > before["changes"], (before, after)
    if relied:
        assert after["sent"] <= before["sent"] + 2
