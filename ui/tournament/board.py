"""The tournament's board, ``/tournament?board=CODE``: the screen a teacher projects for the
class. Nothing on it is secret (no team code, no seat token, no teacher key), so its link is the
tournament's public code.

* **What it shows** (:mod:`ui.tournament.board_words` words it): the tournament's name; the
  round and what it plays, or the final stage; the clock (the time left, ticking every second
  while it runs, "paused", "round over"); the round's tables with their teams, games won, ties,
  calls and the game under way or the result; each division's standings (its comeback
  division's apart once it has teams); after the Swiss rounds the way to the championship and
  the champion; the awards given.
* **A projector's screen**: no sidebar, no chrome (:func:`ui.live.board.projector`); the tables
  on the left and the standings on the right (a comeback division's in the shorter column), type
  sized by the window and by how many lines the longer column holds, so 8 tables and 16 teams
  fit 1920×1080 without scrolling (1280×800 too); on a phone the parts stack in their reading
  order, each table a card of its lines, and the type stays readable.
* **Following** (:func:`_follow`): a look every second while a round's clock runs or is paused
  ticks the clock and lets :func:`store.tournament.settle` write what is due (a game's result,
  the clock's end); whenever the stream says the tournament changed (a team, a result, a call,
  an award, the teacher's step) the look reads the board and reruns the page only when what it
  shows has changed.
* **A wrong code** is said in words; **a database that is away** is said, and the board looks
  again every second by itself (:func:`ui.stream.reconnect`): never a traceback.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import streamlit as st

from engine.tournament.standings import Standing
from messages import _
from store import changes, clock
from store import tournament as tm
from store.db import Unavailable
from store.tournament.records import DIVISIONS_MAX
from ui.links import md, plain
from ui.live.board import projector
from ui.storage import app_database
from ui.stream import reconnect, watched
from ui.tournament.board_words import (
    award_lines,
    champion_words,
    final_lines,
    kind_words,
    markdown_table,
    standings_markdown,
    standings_title,
    tables_cells,
)
from ui.tournament.errors import UNAVAILABLE_NOTICE, worded
from ui.tournament.words import clock_words, round_words

KEY = "tboard"  #: the board's container (its style is scoped to it)
PULSE = "tboard_pulse"  #: the pulse's key (:func:`ui.stream.watched`)
EVERY = 1  #: seconds between two looks while a round's clock runs or is paused
BODY_VH = 78  #: the share of the window's height the tables and the standings may take
ROW_EM = 1.6  #: a table row's height, in its type's size
TABLE_LINES = 3.6  #: a table's heading and its header (two lines), in table rows
UNBROKEN = 30  #: the most characters a column of the tables keeps on one line
COLUMNS = [11, 10]  #: the widths of the tables' column and the standings'
FINALS_PART, TABLES_PART, STANDINGS_PART = 0, 1, 2  #: the body's parts in reading order …
AWARDS_PART = STANDINGS_PART + 2 * DIVISIONS_MAX  #: … after every division's two standings
#: a part's box on a narrow screen, where the columns give way (``display: contents``) and the
#: body stacks the parts in their order
STACKED = f".st-key-{KEY}_body [data-testid='stLayoutWrapper']"

#: the board's type, sized by the window (the smaller of its width and height) with a floor a
#: phone reads; ``{body}`` is the tables' size, from how many lines the longer column holds
STYLE = """
<style>
.st-key-tboard, .st-key-tboard [data-testid="stVerticalBlock"] { gap: .4vh; }
.st-key-tboard :is(h1, h2, h3, h4) {
  padding: .1em 0 !important; line-height: 1.2 !important; overflow-wrap: anywhere;
}
.st-key-tboard h1 { font-size: max(1.7rem, min(3.2vw, 5.6vh)) !important; }
.st-key-tboard h2 { font-size: max(1.5rem, min(2.7vw, 4.8vh)) !important; }
.st-key-tboard h3 { font-size: max(1.15rem, min(1.8vw, 3.2vh)) !important; }
.st-key-tboard h3 { padding: .3em 0 .15em !important; }
.st-key-tboard h4 { font-size: max(1rem, min(1.4vw, 2.5vh)) !important; }
.st-key-tboard [data-testid="stHeadingWithActionElements"] a { display: none; }
.st-key-tboard [data-testid="stMarkdownContainer"] p {
  font-size: max(1rem, min(1.35vw, 2.4vh)); margin-bottom: .2em; overflow-wrap: anywhere;
  line-height: 1.4;
}
.st-key-tboard_clock h2 { text-align: right; font-variant-numeric: tabular-nums; }
.st-key-tboard table {
  width: 100%; font-size: {body}; font-variant-numeric: tabular-nums; margin-bottom: .3em;
}
.st-key-tboard :is(th, td) { padding: .16em .4em !important; line-height: 1.25; }
.st-key-tboard th { vertical-align: bottom; overflow-wrap: normal; word-break: normal; }
.st-key-tboard td { overflow-wrap: anywhere; }
.st-key-tboard tbody tr:nth-child(even) { background: rgba(128, 128, 128, .08); }
[class*="st-key-tboard_standings_"] :is(th, td):not(:nth-child(2)) { width: 1%; }
.st-key-tboard_tables :is(th, td):first-child { width: 1%; }
@media (max-width: 640px) {
  .st-key-tboard_body :is([data-testid="stColumn"], [data-testid="stColumn"] > div) {
    display: contents;
  }
  .st-key-tboard_body [data-testid="stHorizontalBlock"] { flex-direction: column; gap: .6rem; }
  .st-key-tboard_clock h2 { text-align: left; }
  .st-key-tboard :is(th, td) { padding: .2em .25em !important; }
  .st-key-tboard_tables thead { display: none; }
  .st-key-tboard_tables tr { display: grid; grid-template-columns: 2.2em 1fr; }
  .st-key-tboard_tables td { border: none !important; }
  .st-key-tboard_tables td:nth-child(n+3) {
    grid-column: 2; padding-top: 0 !important; min-width: 0 !important;
  }
  .st-key-tboard_tables tr { border-bottom: 1px solid rgba(128, 128, 128, .3); }
}
</style>
"""


def _style(lines: float, widths: list[int], parts: int) -> None:
    """The board's type; ``lines``: the table lines and headings of its longer column;
    ``widths``: the characters each column of the round's tables must hold on one line;
    ``parts``: how many parts the body may have (:func:`_part`)."""
    body = f"max(15px, min(1.3vw, 2.4vh, {BODY_VH / max(lines, 1) / ROW_EM:.2f}vh))"
    rules = [
        f".st-key-{KEY}_tables td:nth-child({i}) {{ min-width: calc({n}ch + .8em); }}"
        for i, n in enumerate(widths, 1)
        if n
    ]
    order = [f"{STACKED} :has(> .st-key-{KEY}_part_{n}) {{ order: {n}; }}" for n in range(parts)]
    rules.append("@media (max-width: 640px) {\n" + "\n".join(order) + "\n}")
    st.html(STYLE.replace("{body}", body).replace("</style>", "\n".join(rules) + "\n</style>"))


def _widths(rows: list[list[str]]) -> list[int]:
    """How many characters each column of the round's tables (``rows``, Markdown) keeps on
    one line: a game's title, the calls, a result (at most :data:`UNBROKEN` characters: a
    longer name breaks); none for the table's number and the match, whose names break where
    they must."""
    widths = [0, 0]
    for i in range(2, len(rows[0]) if rows else 2):
        longest = max(len(plain(row[i]).replace("**", "")) for row in rows)
        widths.append(min(longest, UNBROKEN))
    return widths


class Block(NamedTuple):
    """A division's standings on the board (or its comeback division's)."""

    title: str
    key: str  #: its table's container
    comeback: bool
    lines: list[Standing]
    part: int  #: its place in the reading order (:func:`_part`)


def _blocks(b: tm.Board) -> list[Block]:
    """Each division's standings, its comeback division's after it when it has teams."""
    blocks = []
    for division_id, name in b.divisions:
        for comeback in (False, True):
            lines = b.standings(division_id, comeback)
            if lines or not comeback:
                title = standings_title(b, name, comeback)
                key = f"{KEY}_standings_{division_id}_{int(comeback)}"
                blocks.append(Block(title, key, comeback, lines, STANDINGS_PART + len(blocks)))
    return blocks


def _layout(b: tm.Board, matches: tuple[tm.MatchInfo, ...]) -> tuple[float, list[list[Block]]]:
    """The standings of each column (left, right) and how many table rows the longer column
    holds (a table's heading and header count :data:`TABLE_LINES`): the tables, the finals and
    the awards are on the left, the divisions' standings on the right in their order, and a
    comeback division's in the column that holds fewer rows so far (the right one when they
    are level), so that a projector's screen holds larger type."""
    finals = [len(final_lines(b, d)) + 2 * (b.champion(d) is not None) for d, _n in b.divisions]
    awards = len(award_lines(b))
    rows = [sum(finals) + (awards + 2 if awards else 0), 0.0]
    rows[0] += len(matches) + TABLE_LINES if matches else 0
    columns: list[list[Block]] = [[], []]
    for block in _blocks(b):
        side = 0 if block.comeback and rows[0] < rows[1] else 1
        columns[side].append(block)
        rows[side] += len(block.lines) + TABLE_LINES
    return max(rows), columns


def _read(code: str) -> tm.Board:
    db = app_database()
    return tm.board(db, tm.find(db, code).id)


def board_page(code: str) -> None:
    """The board of the tournament whose public code is ``code`` (see the module)."""
    try:
        b = _read(code)
    except tm.TournamentError as error:
        st.title(_("Tournament board"), anchor=False)
        st.error(md(worded(error)), icon=":material/error:")
        return
    except Unavailable:
        st.title(_("Tournament board"), anchor=False)
        st.error(worded(UNAVAILABLE_NOTICE), icon=":material/cloud_off:")
        reconnect(lambda: _read(code), gone=tm.TournamentError)
        return
    t = b.tournament
    matches = b.round(t.round) if t.round else ()
    longest, standings = _layout(b, matches)
    head, rows = tables_cells(b, matches)
    projector()
    _style(longest, _widths(rows), AWARDS_PART + 1)
    with st.container(key=KEY):
        title, clock_box = st.columns([2, 1], vertical_alignment="top")
        title.title(md(t.name), anchor=False)
        title.subheader(round_words(t), anchor=False)
        if explained := kind_words(b):
            title.markdown(explained)
        with clock_box, st.container(key=f"{KEY}_clock"):
            _follow(b)
        body = st.container(key=f"{KEY}_body")
        left, right = body.columns(COLUMNS, gap="large")
        with left:
            with _part(FINALS_PART):
                _finals(b)
            if matches:
                with _part(TABLES_PART):
                    st.subheader(_("Tables"), anchor=False)
                    st.container(key=f"{KEY}_tables").markdown(markdown_table(head, rows))
            _standings(b, standings[0])
            with _part(AWARDS_PART):
                _awards(b)
        with right:
            _standings(b, standings[1])


def _part(n: int) -> Any:
    """A part of the board's body, ``n`` in its reading order: the columns hold the parts side
    by side on a wide screen; a narrow one stacks them in their order, whichever column holds
    them (:data:`STACKED`)."""
    return st.container(key=f"{KEY}_part_{n}")


def _finals(b: tm.Board) -> None:
    """Each division's champion in large type, and its way to the championship (after the
    Swiss rounds), the division named when there are several."""
    several = len(b.divisions) > 1
    for division_id, name in b.divisions:
        lines = final_lines(b, division_id)
        if winner := champion_words(b, division_id):
            lines = [f"## :material/emoji_events: {winner}", *lines]
        if lines and several:
            lines = [f"#### {md(name)}", *lines]
        if lines:
            st.markdown("\n\n".join(lines))


def _awards(b: tm.Board) -> None:
    if lines := award_lines(b):
        st.subheader(_("Awards"), anchor=False)
        st.markdown("  \n".join(lines))


def _standings(b: tm.Board, blocks: list[Block]) -> None:
    for block in blocks:
        with _part(block.part):
            st.subheader(block.title, anchor=False)
            if block.lines:
                st.container(key=block.key).markdown(standings_markdown(b, block.lines))
            else:
                st.markdown(_("No team yet."))


def _follow(shown: tm.Board) -> None:
    """Follow the tournament from the board ``shown`` (see the module): the clock, drawn where
    this is called, and the page again when what the board shows has changed."""
    t = shown.tournament
    ticking = t.clock in (tm.RUNNING, tm.PAUSED)

    def look(cause: str) -> None:
        now = t
        try:
            if cause == "time":  # the clock's second: settle what is due (a write says so)
                now = tm.settle(app_database(), t.id)
                changed = now.version != t.version
            elif cause != "page":  # the stream (or the poll) says something may have moved
                fresh = tm.board(app_database(), t.id)
                now, changed = fresh.tournament, fresh != shown
            else:
                changed = False
        except Unavailable:
            st.caption(worded(UNAVAILABLE_NOTICE))
            return
        if changed:
            st.rerun(scope="app")
        if now.round and now.stage != tm.ENDED:
            st.header(clock_words(now, clock.now_utc()), anchor=False)

    watched(look, [changes.tournament(t.id)], key=PULSE, every=EVERY if ticking else None)
