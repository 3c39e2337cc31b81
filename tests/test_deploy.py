"""The school deployment: two app servers behind nginx, started by ``deploy/run-local.sh``.

Both servers answer their health checks; a teacher link loads through nginx in headless
Chromium with a working WebSocket (the map is drawn and a click reaches the server); a browser
keeps returning to its server (the stickiness cookie), and when that server dies mid-session the
browser reconnects through nginx to the other one and goes on using the app, with the answer
being picked at that moment still there (issue 18, item 14).

A shared game table is played by two browsers, each pinned to its own server (issue 13), and
a live class game by the teacher's board and two students' phones, the board and a phone on
different servers.

Needs nginx and Chromium: without them these tests skip, except under ``CI=true``, where a
missing one is a failure. The servers get a fresh PostgreSQL database when
``GEOPLUNGE_TEST_DATABASE_URL`` is set.
"""

from __future__ import annotations

import os
import re
import time
import urllib.error
import urllib.request
import uuid
from contextlib import ExitStack

import pytest
import sqlalchemy as sa
from playwright.sync_api import Error as PlaywrightError

import store.db
from engine.cards import by_usps
from engine.quiz import QuizSettings, build_questions
from store import classroom as cr
from store import live
from store import tournament as tm
from store.models import LiveAnswer, LivePlayer
from tests import browser as b
from tests import live_browser
from tests import table_browser as tb
from tests.conftest import _page
from tests.deploy_cluster import STICKY_COOKIE, cluster, fresh_database
from tests.game_table import play_in_store

FILE_SECONDS = 125  #: what this file takes on two idle cores (conftest starts it early)

# The first question of this link: "Select every state that borders New Mexico."
LINK = "/border_quiz?mode=neighbors&region=west&n=3&seed=7"
QUESTION = "Select every state that borders New Mexico."


@pytest.fixture(scope="module")
def deployment():
    """Two app servers behind nginx for the whole module (the failover test, last, kills one),
    on a fresh PostgreSQL database when ``GEOPLUNGE_TEST_DATABASE_URL`` is set
    (``deployment.database_url``; ``None`` otherwise).

    The browser is the session's ``chromium`` fixture (``conftest.py``), shared with the other
    browser tests: one Playwright per process."""
    with ExitStack() as stack:
        admin_url = os.environ.get("GEOPLUNGE_TEST_DATABASE_URL")
        database_url = stack.enter_context(fresh_database(admin_url)) if admin_url else None
        running = stack.enter_context(cluster(servers=2, database_url=database_url))
        running.database_url = database_url
        yield running


def new_page(
    chromium,
    deployment,
    blocked: list[str],
    cookie: str | None = None,
    viewport: dict[str, int] = b.DESKTOP,
    touch: bool = False,
):
    """A fresh desktop page (or of ``viewport``; a phone's touch screen with ``touch``), kept
    offline like every test's (``conftest._page``), optionally with a stickiness cookie that
    sends it to a chosen server."""
    context, page = _page(chromium, blocked, viewport, touch)
    if cookie is not None:
        context.add_cookies([{"name": STICKY_COOKIE, "value": cookie, "url": deployment.url}])
    return context, page


def open_quiz(page, url: str) -> None:
    """The teacher link, rendered: its question and the map with all 50 states."""
    page.goto(url + LINK)
    wait_until_drawn(page)


def wait_until_drawn(page) -> None:
    b.wait_for_app(page, timeout_ms=60_000)
    b.dismiss_page_not_found(page)
    page.get_by_text(QUESTION).wait_for(timeout=60_000)
    b.wait_for_map(page, timeout_ms=60_000)


def pick(page, usps: str, name: str) -> None:
    """Click a state on the map; the server's answer lists it under "Your answer"."""
    answer = page.get_by_test_id("stMultiSelect").filter(has_text="Your answer")
    deadline = time.monotonic() + 60
    while not click_if_drawn(page, usps):
        assert time.monotonic() < deadline, "the map was never drawn"
        page.wait_for_timeout(200)
    # The list's key changes with the map's picks, so while the page swaps it for the new one
    # both can be on the page for a moment: read them all.
    while name not in " ".join(answer.all_inner_texts()):
        assert time.monotonic() < deadline, f"the click on {usps} never reached a server"
        page.wait_for_timeout(100)
    b.wait_for_app(page)


def click_if_drawn(page, usps: str) -> bool:
    """Click a state if the map is on the page at this moment (not while it is redrawn);
    True if it was clicked."""
    try:
        point = b.interior_point(page, usps)
    except PlaywrightError:
        return False
    if point is None:
        return False
    page.mouse.click(*point)
    return True


def sticky_cookie(context) -> str:
    return next(c["value"] for c in context.cookies() if c["name"] == STICKY_COOKIE)


def logged_streams(deployment, cookie: str, at_least: int, last_on: int | None = None) -> list:
    """The browser's WebSocket connections in nginx's log (a connection is logged when it
    closes, so a loaded machine may write the last one late): at least ``at_least`` of them,
    and with ``last_on`` until the last one logged went to that server (10 s at most)."""
    deadline = time.monotonic() + 10

    def enough(streams: list) -> bool:
        if len(streams) < at_least:
            return False
        return last_on is None or deployment.index_of(streams[-1].server_port) == last_on

    while not enough(streams := deployment.streams(cookie)):
        if time.monotonic() > deadline:
            return streams  # the caller's assertion shows what was logged
        time.sleep(0.2)
    return streams


def test_both_servers_are_healthy(deployment):
    assert [deployment.healthy(i) for i in (1, 2)] == [True, True]
    status = deployment.status()
    assert status.returncode == 0, status.stdout + status.stderr
    assert status.stdout.count("healthy") == 3  # two servers and nginx
    with urllib.request.urlopen(deployment.url + "/_stcore/health", timeout=10) as response:
        assert response.read() == b"ok"


def handed_out_cookie(deployment) -> str:
    """The stickiness id nginx gives a browser on its first visit (its ``Set-Cookie``)."""
    with urllib.request.urlopen(deployment.url + "/", timeout=30) as response:
        found = re.search(rf"{STICKY_COOKIE}=([^;]+)", response.headers.get("Set-Cookie") or "")
    assert found, "nginx set no stickiness cookie"
    return found[1]


def test_a_browser_cookie_always_reaches_the_same_server(deployment):
    """Forty first visits, each id as nginx handed it out (a random ``$request_id``: hand-made
    names such as student-0…student-11 have CRC32 hashes too alike to spread over the ring),
    each revisiting three times."""
    servers = {}
    for _ in range(40):
        cookie = handed_out_cookie(deployment)
        ports = {deployment.get("/_stcore/health", cookie) for _ in range(3)}
        assert len(ports) == 1, f"{cookie} reached {ports}"
        servers[cookie] = ports.pop()
    assert set(servers.values()) == set(deployment.ports.values())  # students spread over both


def logs(deployment) -> str:
    """nginx's access and error logs of the deployment, as one text."""
    folder = deployment.run_dir / "logs"
    return "".join(
        (folder / name).read_text()
        for name in ("nginx-access.log", "nginx-error.log")
        if (folder / name).exists()
    )


def test_nginx_logs_paths_without_their_query_and_no_referrer(deployment):
    key, token = "teacherkey" + uuid.uuid4().hex, "resumetoken" + uuid.uuid4().hex
    referrer = f"{deployment.url}/class?code=ABCDEF&resume={token}"
    deployment.get(f"/results?key={key}", headers={"Referer": referrer})
    assert any(r.path.startswith("/results") for r in deployment.requests())
    text = logs(deployment)
    assert key not in text and token not in text


@pytest.mark.browser
def test_a_teacher_link_works_through_nginx_and_a_reload_returns_to_its_server(
    chromium, deployment
):
    blocked: list[str] = []
    context, page = new_page(chromium, deployment, blocked)
    open_quiz(page, deployment.url)
    pick(page, "AZ", "Arizona")  # a map click went over the WebSocket and came back
    page.reload()
    wait_until_drawn(page)
    pick(page, "CO", "Colorado")
    cookie = sticky_cookie(context)
    context.close()
    streams = logged_streams(deployment, cookie, at_least=2)
    assert all(s.status == 101 for s in streams)
    assert len({s.server_port for s in streams}) == 1, streams
    assert blocked == []


def class_database(deployment) -> store.db.Database:
    """The deployment's shared database (the classroom scenarios need PostgreSQL)."""
    if deployment.database_url is None:
        if os.environ.get("CI") == "true":
            pytest.fail("GEOPLUNGE_TEST_DATABASE_URL is not set on CI")
        pytest.skip("GEOPLUNGE_TEST_DATABASE_URL is not set: the servers share no PostgreSQL")
    return store.db.database(deployment.database_url)


def new_assignment(deployment, title: str, n: int) -> tuple[cr.AssignmentInfo, str]:
    made = cr.create_assignment(
        class_database(deployment),
        title=title,
        drill="zones",
        settings=QuizSettings(modes=("zone",), n=n),
    )
    return made.assignment, made.teacher_key


def answer_class_question(page, number: int, right: str) -> None:
    """In a class quiz of the zone drill, answer question ``number`` and wait until saved."""
    page.get_by_text(f"Question {number} of").first.wait_for(timeout=60_000)
    b.wait_for_app(page, timeout_ms=60_000)
    page.get_by_test_id("stRadio").get_by_text(right, exact=True).click()
    b.wait_for_app(page, timeout_ms=60_000)
    page.get_by_role("button", name="Check").click()
    page.get_by_text("Saved").first.wait_for(timeout=60_000)
    b.wait_for_app(page, timeout_ms=60_000)


def join_class(page, deployment, code: str, name: str) -> None:
    page.goto(f"{deployment.url}/class?code={code}")
    b.wait_for_app(page, timeout_ms=60_000)
    b.dismiss_page_not_found(page)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Start the quiz").click()


@pytest.mark.browser
def test_a_teacher_on_one_server_sees_the_students_on_the_other(chromium, deployment):
    assignment, key = new_assignment(deployment, "Two servers behind nginx", n=2)
    questions = build_questions(assignment.settings())
    blocked: list[str] = []
    on_two, on_one = deployment.cookie_for(2), deployment.cookie_for(1)
    student_context, student = new_page(chromium, deployment, blocked, on_two)
    join_class(student, deployment, assignment.code, "Ana")
    answer_class_question(student, 1, questions[0].label(questions[0].answer))
    teacher_context, teacher = new_page(chromium, deployment, blocked, on_one)
    teacher.goto(f"{deployment.url}/results?key={key}")
    b.wait_for_app(teacher, timeout_ms=60_000)
    teacher.get_by_text("Class map").wait_for(timeout=60_000)
    teacher.get_by_text("Ana").first.wait_for(state="attached", timeout=30_000)  # the roster grid
    assert "1 student" in teacher.inner_text("body").replace("*", "")
    student_context.close()
    teacher_context.close()
    for cookie, server in ((on_two, 2), (on_one, 1)):
        streams = logged_streams(deployment, cookie, at_least=1)
        assert {deployment.index_of(s.server_port) for s in streams} == {server}, streams
    assert blocked == []


@pytest.mark.browser
def test_a_shared_game_table_is_played_from_both_servers(chromium, deployment):
    """Issue 13: the host on server 1, the guest on server 2, one Border Attack table, dealt
    and played through the store to a few moves before its end (``tb.near_end``; a whole game
    through nginx would take minutes). Each page opens its seat's link on its own server and
    the two play the last moves, each following the other by itself; the guest reloads after
    the first one (its seat link returns to its own server) and has its seat back."""
    db = class_database(deployment)
    blocked: list[str] = []
    cookies = {0: deployment.cookie_for(1), 1: deployment.cookie_for(2)}
    game, contexts = tb.open_seats(
        chromium,
        blocked,
        (deployment.url, deployment.url),
        db,
        context_for=lambda seat: new_page(chromium, deployment, blocked, cookies[seat]),
    )
    game.check_secrets()

    def after(game: tb.Game, n: int) -> None:
        if n == 1:
            page = game.pages[1]
            hand = tb.hand_on_page(page)
            page.reload()
            page.get_by_text("Ben (you)").first.wait_for(timeout=tb.TIMEOUT)
            page.locator(".gp-card").first.wait_for(timeout=tb.TIMEOUT)
            b.wait_for_app(page, timeout_ms=tb.TIMEOUT)
            assert tb.hand_on_page(page) == hand
            game.check_secrets()

    assert game.play(after=after) >= 2
    tb.check_the_end(game)
    game.report("two servers behind nginx")
    for context in contexts:
        context.close()
    for seat, server, loads in ((0, 1, 1), (1, 2, 2)):
        streams = logged_streams(deployment, cookies[seat], at_least=loads)  # one per load
        assert {deployment.index_of(s.server_port) for s in streams} == {server}, streams
    assert blocked == []


#: the server of each page of the live game: the board on server 1; Ana's phone on server 2, so
#: that her name and her answers reach the board from the other server and the board's steps
#: reach her there; Ben's on the board's server (the path of one server, within the same
#: deployment), so that the two phones, whose standings are counted together, are on different
#: servers too
LIVE_SERVERS = {"board": 1, "Ana": 2, "Ben": 1}


@pytest.mark.browser
def test_a_live_game_is_played_with_the_board_and_a_phone_on_different_servers(
    chromium, deployment
):
    """The live game of ``test_browser_live.py`` (:mod:`tests.live_browser`) through nginx:
    the board and each phone in a browser context of its own, pinned to its server
    (:data:`LIVE_SERVERS`) by a cookie of its own; the phones open the student link the board
    shows (nginx's address) and follow the board by themselves, and no frame a phone receives
    holds an answer or a question ahead of its reveal. nginx's log shows that every WebSocket
    connection of each page went to its server."""
    db = class_database(deployment)
    blocked: list[str] = []
    cookies = {
        who: deployment.cookie_for(server, f"live-{who.lower()}")
        for who, server in LIVE_SERVERS.items()
    }
    with ExitStack() as stack:
        pages = {}
        for who, cookie in cookies.items():
            phone = who != "board"
            context, pages[who] = new_page(
                chromium, deployment, blocked, cookie, b.PHONE if phone else b.DESKTOP, phone
            )
            stack.callback(context.close)
        board = pages.pop("board")
        live_browser.play(board, pages, deployment.url, db, timeout_ms=tb.TIMEOUT)
    reached = {}  # the contexts are closed: nginx has logged their connections
    for who, cookie in cookies.items():
        streams = logged_streams(deployment, cookie, at_least=1)
        servers = {deployment.index_of(s.server_port) for s in streams}
        assert len(servers) == 1 and all(s.status == 101 for s in streams), (who, streams)
        reached[who] = servers.pop()
        print(f"live game: {who} on server {reached[who]}, {len(streams)} WebSocket connection(s)")
    assert reached == LIVE_SERVERS
    assert reached["board"] != reached["Ana"]
    assert blocked == []


@pytest.mark.browser
def test_a_change_on_one_server_reaches_a_phone_on_the_other_by_the_stream(chromium, deployment):
    """The board on server 1, a phone on server 2, the stream passed by nginx: the phone relies
    on the stream (no look while nothing moves) and shows the first question once the board,
    on the other server, starts the game (PostgreSQL's NOTIFY, heard by server 2's listener)."""
    class_database(deployment)  # PostgreSQL: SQLite's hub tells one process only
    blocked: list[str] = []
    with ExitStack() as stack:
        pages = []
        for server, viewport in ((1, b.DESKTOP), (2, b.PHONE)):
            cookie = deployment.cookie_for(server, f"push-{server}")
            context, page = new_page(chromium, deployment, blocked, cookie, viewport, server == 2)
            stack.callback(context.close)
            pages.append(page)
        live_browser.follows_by_the_stream(*pages, deployment.url, tb.TIMEOUT, relied=True)
    assert blocked == []


#: records every connection state Streamlit's root goes through (the test waits for a return
#: to CONNECTED after the server died, however short the outage)
WATCH_CONNECTION_JS = """() => {
  const app = document.querySelector("[data-testid='stApp']");
  window.__states = [app.dataset.testConnectionState];
  new MutationObserver(() => window.__states.push(app.dataset.testConnectionState))
    .observe(app, { attributes: true, attributeFilter: ["data-test-connection-state"] });
}"""
RECONNECTED_JS = """() => {
  const s = window.__states || [], lost = s.findIndex((x) => x !== "CONNECTED");
  return lost >= 0 && s.slice(lost).includes("CONNECTED");
}"""


def wait_for_draft(db: store.db.Database, name: str, assignment_id: int, key: str, value) -> int:
    """The student's id, once the draft of their step holds ``value`` under ``key`` (the page
    writes it in the run the pick started; this waits for that run's write, at most 60 s)."""
    deadline = time.monotonic() + 60
    while True:
        found = [r for r in cr.class_results(db, assignment_id) if r.student.name == name]
        draft = cr.draft_for(db, found[0].student.id) if found else None
        if draft is not None and isinstance(draft.value, dict) and draft.value.get(key) == value:
            return found[0].student.id
        assert time.monotonic() < deadline, f"{name}'s draft never held {value!r}: {draft}"
        time.sleep(0.2)


def answer_when_reconnected(page, still_there) -> None:
    """Press Check once on a page that has reconnected to the other server: what the student
    was picking is still there (``still_there()``), and the one press checks it, although the
    new server's session has drawn nothing yet (``ui.buttons``)."""
    still_there()
    page.get_by_role("button", name="Check", exact=True).click()
    page.get_by_role("button", name=re.compile("Next question|See my results")).wait_for(
        timeout=60_000
    )
    page.get_by_text("Saved").first.wait_for(timeout=60_000)


def choose(page, number: int, q, db: store.db.Database, assignment_id: int, name: str) -> None:
    """On question ``number`` (a zone), choose the right answer without checking it, and wait
    until the database has it as the student's draft."""
    page.get_by_text(f"Question {number} of").first.wait_for(timeout=60_000)
    b.wait_for_app(page, timeout_ms=60_000)
    page.get_by_test_id("stRadio").get_by_text(q.label(q.answer), exact=True).click()
    b.wait_for_app(page, timeout_ms=60_000)
    wait_for_draft(db, name, assignment_id, "one", q.answer)


def chosen(page) -> str:
    """The label of the radio button checked on the page ("" for none)."""
    picked = page.get_by_test_id("stRadio").locator("label:has(input:checked)")
    return picked.inner_text().strip() if picked.count() else ""


class LiveAcrossTheKill:
    """A live game whose phones are on the server about to be killed, the board on the other:
    before the kill, Yoko has sent her answer to the first question and Xavi has not; after it,
    each phone reconnects through nginx to the living server and follows the game again by
    the stream (its listener there), Yoko's answer is still in (not asked again), Xavi sends his,
    the board counts two, and both phones follow the Reveal. The database holds exactly one
    answer of each: none lost, none doubled."""

    PHONES = ("Yoko", "Xavi")

    def __init__(self, chromium, deployment, blocked: list[str], stack: ExitStack, dying: int):
        self.db = class_database(deployment)
        living = 2 if dying == 1 else 1
        cookie = deployment.cookie_for(living, "kill-board")
        context, self.board = new_page(chromium, deployment, blocked, cookie, b.DESKTOP)
        stack.callback(context.close)
        self.phones = {}
        for name in self.PHONES:
            cookie = deployment.cookie_for(dying, f"kill-{name.lower()}")
            context, self.phones[name] = new_page(
                chromium, deployment, blocked, cookie, b.PHONE, True
            )
            stack.callback(context.close)
        code, link = live_browser.set_up(self.board, deployment.url, tb.TIMEOUT)
        self.game = live.find_game(self.db, code)
        for name, phone in self.phones.items():
            live_browser.join(phone, link, name, tb.TIMEOUT)
            live_browser.wait_text(self.board, name, tb.TIMEOUT)
        self.board.get_by_role("button", name="Start", exact=True).click()
        self.q = self.game.question(0)
        for phone in self.phones.values():
            live_browser.wait_text(phone, "Question 1 of", tb.TIMEOUT)
            b.wait_for_app(phone, timeout_ms=tb.TIMEOUT)
        live_browser.answer(self.phones["Yoko"], self.q, tb.TIMEOUT)
        live_browser.wait_text(self.board, "1 of 2 answered", tb.TIMEOUT)
        for phone in self.phones.values():
            phone.evaluate(WATCH_CONNECTION_JS)

    def reconnected(self) -> None:
        for phone in self.phones.values():
            phone.wait_for_function(RECONNECTED_JS, timeout=120_000)

    def goes_on(self) -> None:
        yoko, xavi = self.phones["Yoko"], self.phones["Xavi"]
        for phone in (yoko, xavi):
            live_browser.pulse(phone, 60_000, push=True)  # the living server's stream
            told = b.pulses(phone)  # the new session there had run nothing: a look could not
            assert "asked for the whole page" in told, told
        assert "Your answer is in" in yoko.inner_text("body")
        live_browser.answer(xavi, self.q, tb.TIMEOUT)
        live_browser.wait_text(self.board, "2 of 2 answered", tb.TIMEOUT)
        b.wait_for_app(self.board, timeout_ms=tb.TIMEOUT)
        self.board.get_by_role("button", name="Reveal").click()
        for phone in (yoko, xavi):
            live_browser.wait_text(phone, "Right!", tb.TIMEOUT)
        with self.db.read() as s:
            rows = s.execute(
                sa.select(LivePlayer.name, LiveAnswer.question)
                .join(LivePlayer, LivePlayer.id == LiveAnswer.player_id)
                .where(LiveAnswer.game_id == self.game.id)
            ).all()
        assert sorted(rows) == [("Xavi", 0), ("Yoko", 0)]


def _standings_on(board) -> list[tuple[str, str]]:
    """The board's standings, row by row: (place, team)."""
    rows = board.locator("[class*='st-key-tboard_standings_'] table tbody tr")
    return [tuple(row.split("\t")[:2]) for row in rows.all_inner_texts()]


@pytest.mark.browser
def test_a_tournament_of_four_teams_is_played_over_two_rounds_across_both_servers(
    chromium, deployment
):
    """Issue 32: the desk on server 1, the board on server 2, four teams' phones two on each
    server. The teacher starts each round on the desk and every phone shows its table by
    itself; moves at one table (sent through the store, as the teams' clicks would be) reach
    both of its phones whatever their server; the teacher ends the round and every phone says
    so, the board shows the standings after it. Round 2 pairs teams that have not met. The
    board's last standings are the store's, team by team."""
    db = class_database(deployment)
    key = uuid.uuid4().hex
    made = tm.create(db, "Deploy cup", key, ["All"], [("all", 20), ("all", 20)])
    division = tm.divisions(db, made.id)[0][0]
    teams = [tm.add_team(db, key, division, name) for name in ("Owls", "Foxes", "Bears", "Emus")]
    blocked: list[str] = []
    with ExitStack() as stack:

        def opened(server: int, path: str, name: str, viewport: dict, touch: bool = False):
            cookie = deployment.cookie_for(server, name)
            context, page = new_page(chromium, deployment, blocked, cookie, viewport, touch)
            stack.callback(context.close)
            page.goto(deployment.url + path)
            b.wait_for_app(page, timeout_ms=tb.TIMEOUT)
            return page

        desk = opened(1, f"/tournament_desk?key={key}", "desk", b.DESKTOP)
        board = opened(2, f"/tournament?board={made.code}", "board", b.PROJECTOR)
        phones = {
            x.id: opened(1 + i % 2, f"/tournament?team={x.code}", f"team-{i}", b.PHONE, True)
            for i, x in enumerate(teams)
        }
        met: set[frozenset[int]] = set()
        for r in (1, 2):
            desk.get_by_role("button", name=f"Start round {r}").click()
            desk.get_by_role("button", name="End the round now").wait_for(timeout=tb.TIMEOUT)
            seed = tm.for_key(db, key).seed
            matches = tm.board(db, made.id).round(r)
            assert len(matches) == 2
            for m in matches:
                assert frozenset(m.teams) not in met  # no rematch while one can be avoided
                met.add(frozenset(m.teams))
                for team in m.teams:
                    line = phones[team].get_by_text(f"Table {m.table_no}")
                    line.first.wait_for(timeout=tb.TIMEOUT)
            first = matches[0]
            codes = {x.id: x.code for x in teams}
            game = first.current
            seat_of = {first.team_a: game.seat_a, first.team_b: 1 - game.seat_a}
            tokens = {seat_of[x]: tm.seat_token(seed, codes[x], first.id, game.n)
                      for x in first.teams}  # fmt: skip
            play_in_store(db, game.table_id, tokens, lambda snap: snap.seq >= 2)
            for team in first.teams:
                page = phones[team]
                deadline = time.monotonic() + tb.TIMEOUT / 1000
                while tb.log_lines(page) < 2:  # the moves reached this phone by themselves
                    assert time.monotonic() < deadline, f"round {r}: moves not on {team}'s phone"
                    page.wait_for_timeout(100)
            desk.get_by_role("button", name="End the round now").click()
            for page in phones.values():
                page.get_by_text("Round over").first.wait_for(timeout=tb.TIMEOUT)
            board.get_by_text(f"Standings after round {r}").wait_for(timeout=tb.TIMEOUT)
        final = tm.board(db, made.id)
        expected = [
            (str(line.place), final.team(line.team).name) for line in final.standings(division)
        ]
        shown = [(place.removeprefix("T"), name) for place, name in _standings_on(board)]
        assert shown == expected
        assert all(line.played == 2 for line in final.standings(division))
    assert blocked == []


@pytest.mark.browser
def test_a_server_killed_mid_quiz_loses_no_answer_and_the_quiz_goes_on(chromium, deployment):
    """Ben (a zone quiz) and Ana (a capital quiz) on server 1, which is killed: no recorded
    answer is lost, and neither is what each was answering at that moment (issue 18, item
    14): Ben's zone chosen but not checked, and Ana's capital typed but not checked, are still
    there once each page has reconnected through nginx to server 2, and are what their next
    Check records. Then Ben's resume link, opened afresh, puts back his next choice from the
    database (his draft), and the quiz goes on to the end. A live game's phones on server 1
    go on as well (:class:`LiveAcrossTheKill`)."""
    db = class_database(deployment)
    zones, _ = new_assignment(deployment, "The server that died", n=4)
    capitals = cr.create_assignment(
        db, title="Capitals when the server died", drill="capitals",
        settings=QuizSettings(modes=("capital",), n=2),
    ).assignment  # fmt: skip
    zone_qs, capital_qs = build_questions(zones.settings()), build_questions(capitals.settings())
    blocked: list[str] = []
    cookie = deployment.cookie_for(1)
    ben_context, ben = new_page(chromium, deployment, blocked, cookie)
    ana_context, ana = new_page(chromium, deployment, blocked, cookie)
    join_class(ben, deployment, zones.code, "Ben")
    for number in (1, 2):
        q = zone_qs[number - 1]
        answer_class_question(ben, number, q.label(q.answer))
        ben.get_by_role("button", name="Next question").click()
    third = zone_qs[2]
    choose(ben, 3, third, db, zones.id, "Ben")
    resume_link = ben.url
    assert "resume=" in resume_link

    join_class(ana, deployment, capitals.code, "Ana")
    first = capital_qs[0]
    ana.get_by_text("Question 1 of").first.wait_for(timeout=60_000)
    b.wait_for_app(ana, timeout_ms=60_000)
    ana.get_by_label("Your answer").fill(by_usps()[first.answer].capital)
    ana.get_by_label("Your answer").press("Enter")
    ana.get_by_text("Saved").first.wait_for(timeout=60_000)
    ana.get_by_role("button", name="Next question").click()
    ana.get_by_text("Question 2 of").first.wait_for(timeout=60_000)
    b.wait_for_app(ana, timeout_ms=60_000)
    typed = by_usps()[capital_qs[1].answer].capital
    ana.get_by_label("Your answer").fill(typed)  # typed, not checked: no server has it

    with ExitStack() as stack:
        live_game = LiveAcrossTheKill(chromium, deployment, blocked, stack, dying=1)
        for page in (ben, ana):
            page.evaluate(WATCH_CONNECTION_JS)
        deployment.kill(1)
        assert not deployment.healthy(1) and deployment.healthy(2)
        for page in (ben, ana):  # each page reconnects by itself, through nginx, to server 2
            page.wait_for_function(RECONNECTED_JS, timeout=120_000)
        live_game.reconnected()
        live_game.goes_on()

    def ben_still_chose() -> None:
        assert chosen(ben) == third.label(third.answer)

    def ana_still_typed() -> None:
        assert ana.get_by_label("Your answer").input_value() == typed

    answer_when_reconnected(ben, ben_still_chose)
    answer_when_reconnected(ana, ana_still_typed)
    ben.get_by_role("button", name="Next question").click()
    fourth = zone_qs[3]
    choose(ben, 4, fourth, db, zones.id, "Ben")
    ben.goto(resume_link)  # a new session: only the database knows the choice
    b.wait_for_app(ben, timeout_ms=60_000)
    b.dismiss_page_not_found(ben)
    ben.get_by_text("Question 4 of").first.wait_for(timeout=60_000)
    # the draft comes back in the new session's first runs, which may end after the page first
    # counts as settled (seen once under two burners): wait for it, then read it
    checked = ben.get_by_test_id("stRadio").locator("label:has(input:checked)")
    checked.filter(has_text=fourth.label(fourth.answer)).wait_for(timeout=30_000)
    assert chosen(ben) == fourth.label(fourth.answer)
    ben.get_by_role("button", name="Check", exact=True).click()
    ben.get_by_text("Saved").first.wait_for(timeout=60_000)
    ana_context.close()
    ben_context.close()

    results = {r.student.name: r.answers for r in cr.class_results(db, zones.id)}
    assert [a.response for a in results["Ben"]] == [q.answer for q in zone_qs]  # none lost
    (ana_result,) = cr.class_results(db, capitals.id)
    assert [a.response for a in ana_result.answers][1] == typed
    assert [a.outcome for a in ana_result.answers] == ["right", "right"]
    streams = logged_streams(deployment, cookie, at_least=2, last_on=2)
    servers = [deployment.index_of(s.server_port) for s in streams]
    assert servers[0] == 1 and servers[-1] == 2, streams
    assert blocked == []


def test_nginx_logs_no_secret_when_the_servers_fail(deployment):
    """Last in the module: both servers down, a request that carries secrets fails at every
    server, which nginx's error log would report with the request line and the referrer."""
    for index in (1, 2):
        if deployment.healthy(index):
            deployment.kill(index)
    key, token = "teacherkey" + uuid.uuid4().hex, "resumetoken" + uuid.uuid4().hex
    request = urllib.request.Request(
        f"{deployment.url}/results?key={key}",
        headers={"Referer": f"{deployment.url}/class?code=ABCDEF&resume={token}"},
    )
    with pytest.raises(urllib.error.HTTPError) as failed:
        urllib.request.urlopen(request, timeout=30)
    assert failed.value.code == 502
    deadline = time.monotonic() + 10
    while not any(r.path.startswith("/results") and r.status == 502 for r in deployment.requests()):
        assert time.monotonic() < deadline, "nginx did not log the failed request"
        time.sleep(0.1)
    text = logs(deployment)
    assert key not in text and token not in text
