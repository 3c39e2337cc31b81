"""AppTest: the tournament board (``/tournament?board=CODE``) through every stage of a
tournament, with an odd and an even number of teams, its games tied by the clock or decided by
moves made at the tables before the clock ends them: before round 1, each Swiss round running,
paused (once) and over, the calls of a "Call" round, the comeback division, the playoff, the
championship and the end. At every stage every team's name and every table of the round are on
the board, the standings are in the order of the rounds over, the round and the clock are said,
and no team code, seat token or teacher key is anywhere on the page. Also: the awards and the
divisions named, names that look like Markdown drawn as typed, every word from the catalogue
(the pseudo-locale), a wrong code and a database away said in words. On SQLite and
PostgreSQL."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from datetime import timedelta

import pytest
from streamlit.testing.v1 import AppTest

from engine.tournament.rounds import ALL, CALL, ROTATION
from engine.tournament.standings import standings
from messages import PSEUDO
from store import clock, tables
from store import tournament as tm
from tests.conftest import ROOT
from tests.databases import database_away
from tests.test_app_drills import open_page
from tests.test_markup_names import MARKUP_NAMES
from tests.test_pseudo_locale import bypassed
from ui.links import md
from ui.tournament.board_words import game_title
from ui.tournament.errors import UNAVAILABLE_NOTICE, worded
from ui.tournament.words import round_words

PAGE = "pages/tournament.py"
KEY = "teacher-key-board-0123456789"
ROUNDS = ((ALL, 20), (ALL, 20), (CALL, 12), (CALL, 12))  #: the half after round 2
#: names a class types: punctuation Markdown would read, other scripts, the longest name
NAMES = (
    "Owls", "Los Zorros (5B)", "O'Neil & Co.", "Mrs. Díaz's Dragons", "Team 7 + 8",
    "Lake-Erie Loons", "Hawks!", "1. Bison", "Совы", "Kōkua Koa", "Prairie Dogs", "Eagles",
    "W" * 32 + " Initial", "Rocky Mountain High Climbers", "Bears", "Foxes",
)  # fmt: skip


# --- a tournament made through the store --------------------------------------------------------


def make(
    db, count: int, rounds=ROUNDS, divisions=("Grade 5",), key: str = KEY
) -> tm.TournamentInfo:
    """A tournament of ``count`` teams (:data:`NAMES`), dealt to the divisions in turn."""
    t = tm.create(db, "Spring Geography Cup", key, divisions, rounds)
    ids = [i for i, _ in tm.divisions(db, t.id)]
    for i, name in enumerate(NAMES[:count]):
        tm.add_team(db, key, ids[i % len(ids)], name)
    return tm.for_key(db, key)


def seen(key: str = KEY) -> int:
    """The version the teacher's desk would pass."""
    from ui.storage import app_database

    return tm.for_key(app_database(), key).version


def call_all(db, t: tm.TournamentInfo, skip: int = 1) -> None:
    """In a "Call" round every team calls its match's games (the first in the rotation it may),
    except at table ``skip``, which is left waiting for its first call."""
    codes = {x.id: x.code for x in tm.teams(db, t.id)}
    for table in range(1, len(tm.board(db, t.id).round(t.round)) + 1):
        for _ in range(2):  # a bye's AI calls by itself when its turn comes (the board settles)
            m = tm.board(db, t.id).round(t.round)[table - 1]
            if table != skip and m.caller in codes:
                tm.call(db, codes[m.caller], next(g for g in ROTATION if g not in m.calls))


def play_some(
    db, t: tm.TournamentInfo, rng: random.Random, plies: Callable[[int], int] = lambda n: n % 3
) -> None:
    """At table ``n`` ``plies(n)`` legal moves of the game under way, by the teams' seats (the
    AI of a bye is left to think), so the clock's end decides the games by the engines'
    time-up rules: some won, some tied. (One move of Border Attack wins it for the side that
    made it: it has got rid of a card.)"""
    codes = {x.id: x.code for x in tm.teams(db, t.id)}
    for m in tm.board(db, t.id).round(t.round):
        game = m.current
        if game is None or game.result is not None:
            continue
        for _ in range(plies(m.table_no)):
            snap = tables.snapshot(db, game.table_id)
            seat = snap.state.current_player
            team = m.team_a if seat == game.seat_a else m.team_b
            if snap.state.is_over or team is None:
                break
            token = tm.seat_token(t.seed, codes[team], m.id, game.n)
            move = rng.choice(snap.state.legal_actions())
            tables.append(db, game.table_id, token, snap.seq, move)


# --- what the page shows ------------------------------------------------------------------------


def open_board(code: str) -> AppTest:
    app = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    app.run()
    return open_page(app, PAGE, board=code)


def page_text(app: AppTest) -> str:
    """Everything the page holds: every element's whole message (text, Markdown, style, the
    pulse's data), the sidebar's included."""
    found, nodes = [], [app._tree]
    while nodes:
        node = nodes.pop()
        found.append(str(getattr(node, "proto", "")))
        nodes += getattr(node, "children", {}).values()
    return "\n".join(found)


def markdown_tables(app: AppTest, first: str) -> list[list[list[str]]]:
    """The Markdown tables on the page whose first heading is ``first``: their body rows'
    cells, as written."""
    found = []
    for m in app.markdown:
        if m.value.startswith(f"| {first} |"):
            rows = m.value.splitlines()[2:]
            found.append([[c.strip() for c in row.strip("|").split(" | ")] for row in rows])
    return found


def expected_standings(b: tm.Board) -> list[list[str]]:
    """Each standings table the board should show, as team names in order: every division,
    then its comeback division when it has teams, from the Swiss rounds that are over."""
    t = b.tournament
    over = t.round if t.stage == tm.SWISS and t.clock == tm.DONE else t.round - 1
    if t.stage != tm.SWISS:
        over = len(t.rounds)
    played = [m.result() for m in b.matches if m.stage == tm.SWISS and m.round <= over]
    tables_ = []
    for division_id, _name in b.divisions:
        for comeback in (False, True):
            members = [
                x.id for x in b.teams if x.division_id == division_id and x.comeback == comeback
            ]
            if members or not comeback:
                tables_.append([md(b.team(s.team).name) for s in standings(members, played)])
    return tables_


def check(app: AppTest, db, t: tm.TournamentInfo, where: str) -> tm.Board:
    """Run the board and check what every stage shows (see the module)."""
    app.run()
    assert not app.exception, where
    b = tm.board(db, t.id)
    t = b.tournament
    shown = "\n".join(m.value for m in app.markdown)
    assert [x.value for x in app.title] == [md(t.name)], where
    assert round_words(t) in [s.value for s in app.subheader], where
    for team in b.teams:
        assert md(team.name) in shown, f"{team.name} is not on the board {where}"
    round_tables = markdown_tables(app, "Table")
    matches = b.round(t.round) if t.round else ()
    assert [r[0] for r in (round_tables[0] if round_tables else [])] == [
        str(m.table_no) for m in matches
    ], where
    byes = [m for m in matches if m.team_b is None]
    assert ("the AI (hard)" in shown) == bool(byes), where
    ranked = [[row[1] for row in rows] for rows in markdown_tables(app, "Place")]
    assert sorted(ranked) == sorted(expected_standings(b)), where  # each in its column
    headers = [h.value for h in app.header]
    if t.stage == tm.ENDED or t.round == 0:
        assert headers == [], where
    elif t.clock == tm.RUNNING:
        assert len(headers) == 1 and re.fullmatch(r"\d+:\d\d left", headers[0]), where
    elif t.clock == tm.PAUSED:
        assert len(headers) == 1 and headers[0].startswith("Paused with "), where
    else:
        assert headers == ["Round over"], where
    secrets = [KEY] + [x.code for x in b.teams]
    secrets += [tm.seat_token(t.seed, x.code, m.id, g.n) for m in matches for g in m.games
                for x in b.teams if x.id in m.teams]  # fmt: skip
    everything = page_text(app)
    assert not [s for s in secrets if s in everything], f"a secret is on the board {where}"
    return b


# --- the stages -----------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "played"), [(5, False), (6, False), (5, True), (6, True)])
def test_every_stage_shows_every_team_and_table_the_standings_and_no_secret(
    class_db, count, played
):
    db = class_db
    t = make(db, count)
    app = open_board(t.code)
    check(app, db, t, "before round 1")
    rng = random.Random(count)
    stages = []
    while True:
        t = tm.for_key(db, KEY)
        if t.stage == tm.SWISS and t.round < len(t.rounds):
            t = tm.start_round(db, KEY, seen())
        else:
            t = tm.start_final(db, KEY, seen())
        stages.append(t.stage)
        where = f"in round {t.round} ({t.stage}, {count} teams)"
        if t.stage == tm.ENDED:
            b = check(app, db, t, where)
            break
        if played and t.kind == CALL and t.stage == tm.SWISS:
            call_all(db, t)
        check(app, db, t, where + ", running")
        if t.round == 1:
            tm.pause(db, KEY, seen())
            check(app, db, t, where + ", paused")
            tm.resume(db, KEY, seen())
        if played:
            play_some(db, t, rng)
        tm.end_round(db, KEY, seen())
        b = check(app, db, t, where + ", over")
    assert stages[:4] == [tm.SWISS] * 4 and stages[-2:] == [tm.CHAMPIONSHIP, tm.ENDED]
    if not played:  # every game tied: every team shares first place, and plays off
        assert tm.PLAYOFF in stages
    ((division_id, _name),) = b.divisions
    champion = b.champion(division_id)
    assert champion is not None
    assert f"Champion: {md(b.team(champion).name)}" in "\n".join(m.value for m in app.markdown)


def test_the_calls_of_a_call_round_and_the_comeback_division_are_on_the_board(class_db):
    db = class_db
    t = make(db, 8)
    app = open_board(t.code)
    rng = random.Random(2)
    for _ in range(2):  # the first mover wins every first game: two teams lose both rounds
        tm.start_round(db, KEY, seen())
        play_some(db, tm.for_key(db, KEY), rng, plies=lambda n: 1)
        tm.end_round(db, KEY, seen())
    t = tm.start_round(db, KEY, seen())  # a "Call" round, after the half
    call_all(db, t, skip=1)
    b = check(app, db, t, "in the first Call round")
    (rows,) = markdown_tables(app, "Table")
    assert len(rows[0]) == 3 and rows[0][2].endswith("calls first")  # no game yet
    for row, m in zip(rows[1:], b.round(t.round)[1:], strict=True):
        under_way = game_title(m.current.game)
        assert len(m.calls) == 2 and row[2].count(" · ") == 1 and f"**{under_way}**" in row[2]
    assert len([x for x in b.teams if x.comeback]) == 2
    titles = [s.value for s in app.subheader]
    assert {"Standings after round 2", "Grade 5: comeback division"} <= set(titles)
    tm.end_round(db, KEY, seen())
    check(app, db, t, "after the first Call round")
    (rows,) = markdown_tables(app, "Table")
    assert rows[0][2] == "–" and "**" not in "".join(row[2] for row in rows)  # none under way
    assert all(row[3] == "Tied" or row[3].endswith(" won") for row in rows)


def test_awards_and_divisions_are_named_on_the_board(class_db):
    db = class_db
    t = make(db, 4, rounds=((ALL, 10),), divisions=("Grade 5", "Grade 6"))
    teams = tm.teams(db, t.id)
    tm.give_award(db, KEY, teams[1].id, "teamwork")
    tm.give_award(db, KEY, teams[2].id, "teamwork")
    tm.give_award(db, KEY, teams[0].id, "sportsmanship")
    app = open_board(t.code)
    check(app, db, t, "with awards")
    shown = "\n".join(m.value for m in app.markdown)
    assert f"Teamwork: {md(teams[1].name)} and {md(teams[2].name)}" in shown
    assert f"Sportsmanship: {md(teams[0].name)}" in shown
    assert [s.value for s in app.subheader][-2:] == ["Grade 5", "Grade 6"]
    tm.start_round(db, KEY, seen())
    b = check(app, db, t, "two divisions, round 1")
    (rows,) = markdown_tables(app, "Table")
    names = dict(b.divisions)
    assert [row[2] for row in rows] == [names[b.team(m.team_a).division_id] for m in b.round(1)]


@pytest.mark.parametrize(
    ("code", "said"),
    [("ZZZZZZ", "No tournament has the code ZZZZZZ"), ("a*b", "is not a code")],
)
def test_a_wrong_code_is_said_in_words(class_db, code, said):
    app = open_board(code)
    assert not app.exception
    assert said in app.error[0].value
    assert not markdown_tables(app, "Place") and not markdown_tables(app, "Table")


# --- names, words, the database away ----------------------------------------------------------


def test_names_that_look_like_markup_are_drawn_as_typed(class_db):
    """A team's, a division's and the tournament's name as typed, never as Markdown: every
    name the store lets through of the markup a hostile name tries."""
    db = class_db
    title = "**Cup** [x](http://10.9.9.9/) :red[Red]"
    t = tm.create(db, title, KEY, ["Grade :smile: 5", "www.evil.example"], ROUNDS)
    names = []
    for i, name in enumerate(MARKUP_NAMES):
        try:
            tm.add_team(db, KEY, tm.divisions(db, t.id)[i % 2][0], name)
        except tm.TournamentError:
            continue  # a name with formatting characters is refused
        names.append(name)
    assert len(names) >= 6
    app = open_board(t.code)
    tm.start_round(db, KEY, seen())
    b = check(app, db, t, "with names that look like markup")
    assert [x.value for x in app.title] == [md(title)]
    shown = "\n".join(m.value for m in app.markdown) + "\n".join(s.value for s in app.subheader)
    for name in [*names, *dict(b.divisions).values()]:
        assert md(name) in shown, name


def _bypassed(app: AppTest, names: list[str]) -> str:
    """The words of the board's page that did not come from the catalogue (in the
    pseudo-locale every catalogue text is bracketed): what is left once the bracketed texts,
    the names typed, numbers and signs are taken out."""
    texts = [x.value for x in app.main.title] + [x.value for x in app.main.subheader]
    texts += [x.value for x in app.main.header] + [x.value for x in app.main.markdown]
    texts += [x.value for x in app.main.error] + [x.value for x in app.main.caption]
    text = re.sub(r":material/\w+:", " ", "\n".join(texts))  # an icon
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(md(name), " ")
    return bypassed(text)


def test_every_word_of_the_board_comes_from_the_catalogue(class_db):
    db = class_db
    t = make(db, 7, rounds=((ALL, 20), (CALL, 12)))
    names = [t.name, "Grade 5", *NAMES[:7]]
    app = open_board(t.code)
    app.query_params["lang"] = PSEUDO
    rng = random.Random(3)
    seen_words = [_bypassed(app.run(), names)]
    assert app.subheader[0].value.startswith("⟦")  # the pseudo-locale speaks
    while tm.for_key(db, KEY).stage != tm.ENDED:
        now = tm.for_key(db, KEY)
        if now.stage == tm.SWISS and now.round < len(now.rounds):
            now = tm.start_round(db, KEY, seen())
        else:
            now = tm.start_final(db, KEY, seen())
        if now.stage == tm.ENDED:
            tm.give_award(db, KEY, tm.teams(db, t.id)[0].id, "teamwork")
        elif now.kind == CALL and now.stage == tm.SWISS:
            call_all(db, now)
        seen_words.append(_bypassed(app.run(), names))
        if now.stage != tm.ENDED:
            play_some(db, now, rng)
            tm.end_round(db, KEY, seen())
            seen_words.append(_bypassed(app.run(), names))
    assert not app.exception
    assert [w for w in seen_words if w] == []


def test_a_database_away_is_said_and_the_board_comes_back(class_db, db_url):
    """The clock ran out while nobody looked: the board must write the round's end, and the
    database does not answer (PostgreSQL refuses connections, SQLite is locked)."""
    db = class_db
    t = make(db, 4)
    app = open_board(t.code)
    tm.start_round(db, KEY, seen(), now=clock.now_utc() - timedelta(minutes=30))
    with database_away(db_url):
        app.run()
        assert not app.exception
        assert [e.value for e in app.error] == [worded(UNAVAILABLE_NOTICE)]
        assert not app.title or app.title[0].value != md(t.name)
    check(app, db, t, "with the database back")
    assert [h.value for h in app.header] == ["Round over"]
