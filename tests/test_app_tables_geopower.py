"""A GeoPower Toss team game at a shared table, played to the end by four AppTest sessions
(four classmates on their own devices).

The host opens the table in "Play with others" (4 players in 2 teams, first to 30), three
classmates join with the table code, the host starts. The first moves are played through the
pages: the session whose turn it is asks an engine bot for a move from its own observation and
plays it with the page's buttons, the other sessions rerun to follow (AppTest runs no
``run_every`` timers). Then the game goes on through the store, as the players' clicks would
(``play_in_store``), the screens looking every few moves; in every call window the seat asked
plays on its page, which offers Call and Pass. Midway one player goes away (their seat's
last-seen time set an hour back in the store): every other screen says so and the stand-in AI
plays their turns (rows ``by = "stand-in"``), played by the first screen that looks, until
they come back, see that the AI played for them, and play their own moves again. At the end
every screen shows the result and the log, and the host's Rematch starts game 2 for
everyone. Throughout, no screen shows a card hidden from its seat (another seat's hand, the
undealt stock) nor the table's secret seed, and a waiting screen says whom it waits for and
has no move buttons."""

from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa
from streamlit.testing.v1 import AppTest

import store.tables as tables
import ui.games.geopower_toss.words as gp
from engine.bots import make_bot
from engine.cards import deck
from engine.geopower_toss import CALLS, Call, Pass, Play, Remove
from store.clock import now_utc
from store.models import GameTable, TableSeat
from tests.game_table import ROOT, open_game, param, play_in_store, step, table, texts
from ui.games.setup import with_target
from ui.storage import app_database

TOSS, TK = "pages/geopower_toss.py", "geopower_toss"
NAMES = ("Ada", "Ben", "Cy", "Dee")  #: seats 0 to 3; teams: seat % 2 (Ada & Cy, Ben & Dee)
AWAY = 2  #: Cy goes away midway
AWAY_AFTER = 40  #: moves played before Cy goes away
STAND_IN_MOVES = 3  #: Cy comes back after the AI played this many of Cy's moves
MOVE_BUTTONS = ("play_", "remove_", "pass", "call")  #: the page's move button names
RULES = with_target(gp.RULES, 30)
CARD_NAMES = sorted({c.name for c in deck()}, key=len, reverse=True)


def session() -> AppTest:
    app = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    app.run()
    assert not app.exception, app.exception
    return app


def click(app: AppTest, key: str) -> None:
    step(app.button(key=key).click())


def refresh(app: AppTest) -> None:
    app.run()
    assert not app.exception, app.exception


def keys(app: AppTest) -> set[str]:
    return {b.key for b in app.button if b.key}


def move_keys(app: AppTest) -> set[str]:
    """The keys of the page's move buttons (cards, removals, pass, call)."""
    return {k for k in keys(app) if any(k.startswith(f"{TK}_{n}") for n in MOVE_BUTTONS)}


def host_table(app: AppTest) -> None:
    """The host opens a table through the "Play with others" expander's widgets."""
    open_game(app, TOSS)
    step(app.selectbox(key=f"{TK}_host_players").set_value((4, 2)))
    app.text_input(key=f"{TK}_host_name").input(NAMES[0])
    for seat in (1, 2, 3):
        assert app.selectbox(key=f"{TK}_host_seat_{seat}").value == "person"
    app.selectbox(key=f"{TK}_host_target").set_value("30")
    click(app, f"{TK}_host_open")
    assert param(app, "seat"), "the host got no seat link"


def join_table(app: AppTest, code: str, name: str) -> None:
    """A classmate opens ``?table=CODE`` and joins with the form."""
    open_game(app, TOSS, table=code)
    app.text_input(key=f"{TK}_join_name").input(name)
    submit = next(
        b for b in app.button if (b.key or "").startswith(f"FormSubmitter:{TK}_join_form")
    )
    step(submit.click())
    assert param(app, "seat") and param(app, "table") is None


def hidden_from(app: AppTest, db, table_id: int) -> list[str]:
    """The names of cards hidden from this screen's seat right now that its texts show: the
    other hands and the undealt stock, less what is public (played at this table, or in the
    seat's own hand). The rules text (Alaska, Delaware, California as examples) is left out."""
    tab = table(app, TK)
    state = tables.replay(db, table_id)
    snap = tables.snapshot(db, table_id)
    assert tab.view.seq == snap.seq, "the screen is behind the table"
    public = {c.name for c in state.hands[tab.me]}
    public |= {m.action.card.name for m in snap.moves if isinstance(m.action, Play)}
    hidden = {c.name for s, hand in enumerate(state.hands) if s != tab.me for c in hand}
    hidden |= {c.name for c in state.stock}
    hidden -= public
    text = texts(app).replace(RULES, "")
    shown = []
    for name in CARD_NAMES:  # longest first: "West Virginia" is removed before "Virginia"
        if name in hidden and name in text:
            shown.append(name)
        text = text.replace(name, "")
    return shown


def secret_seed(db, table_id: int) -> int:
    with db.read() as s:
        return s.scalar(sa.select(GameTable.seed).where(GameTable.id == table_id))


def check_screens(apps: dict[int, AppTest], db, table_id: int) -> None:
    """No screen shows a card hidden from its seat, nor the secret seed."""
    seed = str(secret_seed(db, table_id))
    for seat, app in apps.items():
        assert hidden_from(app, db, table_id) == [], f"{NAMES[seat]} sees hidden cards"
        assert seed not in texts(app)


def play_with_widgets(app: AppTest, bot) -> object:
    """This screen's seat plays the bot's choice (from its own observation) with the page's
    buttons; returns the action."""
    tab = table(app, TK)
    assert tab.humans_turn
    action = bot.act(tab.state.observation(tab.me))
    if isinstance(action, Call):
        click(app, tab.bkey("call"))
        assert "Call GeoPlunge?" in texts(app)
        click(app, tab.bkey("call_yes"))
    elif isinstance(action, Pass):
        click(app, tab.bkey("pass"))
    elif isinstance(action, Remove):
        click(app, tab.bkey(f"remove_{action.category.value}"))
    elif isinstance(action, Play):
        click(app, tab.bkey(f"play_{action.card.usps}"))
    else:  # pragma: no cover - the game has no other action
        raise AssertionError(action)
    assert not tab.message, tab.message
    return action


def set_away(db, table_id: int, seat: int) -> None:
    """The seat looks idle: last seen an hour ago."""
    with db.write() as s:
        s.execute(
            sa.update(TableSeat)
            .where(TableSeat.table_id == table_id, TableSeat.seat == seat)
            .values(last_seen=now_utc() - timedelta(hours=1))
        )


def test_four_classmates_play_a_team_game_to_the_end_and_a_rematch():
    db = app_database()
    apps = {0: session()}
    host_table(apps[0])
    host_tab = table(apps[0], TK)
    code, table_id = host_tab.view.table.code, host_tab.view.table.id
    assert host_tab.view.table.options["target"] == 30
    assert f"Table code: **{code}**" in texts(apps[0])
    for seat in (1, 2, 3):
        apps[seat] = session()
        join_table(apps[seat], code, NAMES[seat])
        assert table(apps[seat], TK).me == seat
    refresh(apps[0])
    click(apps[0], f"{TK}_start")
    for seat in (1, 2, 3):
        refresh(apps[seat])
    check_screens(apps, db, table_id)

    bots = {s: make_bot("geopower_toss", "easy", s, seed=s) for s in range(4)}
    tokens = {seat: param(app, "seat") for seat, app in apps.items()}
    call_window_seats: set[int] = set()

    def on_the_page(seat: int, active: dict[int, AppTest]) -> None:
        """The seat to act plays its bot's choice with its page's buttons; the other screens
        waited for it (saying whom for, with no move button) and follow."""
        snap = tables.snapshot(db, table_id)
        for other, app in active.items():
            if other != seat:
                assert f"**Waiting for {NAMES[seat]}…**" in texts(app)
                assert move_keys(app) == set(), f"{NAMES[other]} has move buttons"
        phase = table(apps[seat], TK).state.phase
        action = play_with_widgets(apps[seat], bots[seat])
        if phase == CALLS:
            call_window_seats.add(seat)
        new = [m for m in tables.snapshot(db, table_id).moves if m.seq > snap.seq]
        assert (new[0].seat, new[0].by, new[0].action) == (seat, tables.BY_PERSON, action)
        for other, app in active.items():
            if other != seat:
                refresh(app)
        check_screens(active, db, table_id)

    def on_to(done) -> None:
        """Play through the store until ``done(snapshot)``, the screens looking every 16 moves;
        a seat the call window asks plays on its page, where it has Call and Pass."""
        while True:
            seq = tables.snapshot(db, table_id).seq
            play_in_store(
                db,
                table_id,
                tokens,
                lambda s, n=seq: done(s) or s.state.phase == CALLS or s.seq >= n + 16,
                level="easy",
            )
            snap = tables.snapshot(db, table_id)
            for app in apps.values():
                refresh(app)
            check_screens(apps, db, table_id)
            if done(snap):
                return
            if snap.state.phase == CALLS:
                seat = snap.state.current_player
                assert {f"{TK}_pass", f"{TK}_call"} <= {
                    k.rsplit("_", 1)[0] for k in keys(apps[seat])
                }
                on_the_page(seat, apps)

    # The first moves through the pages, then on through the store.
    for _ in range(6):
        on_the_page(tables.snapshot(db, table_id).state.current_player, apps)
    on_to(lambda snap: snap.seq >= AWAY_AFTER)

    # Cy goes away: every other screen says so, and the first to look when Cy's turn comes
    # plays Cy's move by the stand-in AI.
    set_away(db, table_id, AWAY)
    away_from = tables.snapshot(db, table_id).seq
    active = {s: a for s, a in apps.items() if s != AWAY}
    for app in active.values():
        refresh(app)
    for _ in range(200):
        snap = tables.snapshot(db, table_id)
        stand_ins = [m for m in snap.moves if m.by == tables.BY_STAND_IN]
        if len(stand_ins) >= STAND_IN_MOVES and snap.state.current_player != AWAY:
            break
        for seat, app in active.items():
            said = f"{NAMES[AWAY]} is away: the AI (medium) plays for them"
            assert said in texts(app), NAMES[seat]
        if snap.state.current_player == AWAY:  # nobody has looked since Cy's turn came
            for app in active.values():  # the first to look plays the stand-in's move
                refresh(app)
            assert tables.snapshot(db, table_id).moves[-1].by == tables.BY_STAND_IN
        else:
            on_the_page(snap.state.current_player, active)
    else:
        raise AssertionError("the stand-in did not play for Cy")
    # Cy comes back (another seat is to act) and has the seat back.
    refresh(apps[AWAY])
    text = texts(apps[AWAY])
    assert f"While you were away the AI played {len(stand_ins)} moves for you" in text
    assert "You have your seat back." in text
    back_at = tables.snapshot(db, table_id).seq
    for app in apps.values():
        refresh(app)
        assert f"{NAMES[AWAY]} is away" not in texts(app)
    check_screens(apps, db, table_id)
    on_to(lambda snap: snap.state.is_over)

    # The AI played for Cy, and only for Cy, only while Cy was away; every other move is a
    # person's, Cy's own moves after coming back included.
    moves = tables.snapshot(db, table_id).moves
    for m in moves:
        standing_in = m.seat == AWAY and away_from < m.seq <= back_at
        assert m.by == (tables.BY_STAND_IN if standing_in else tables.BY_PERSON), m
    assert sum(m.by == tables.BY_STAND_IN for m in moves) >= STAND_IN_MOVES
    assert any(m.seat == AWAY for m in moves if m.seq > back_at)
    assert len(call_window_seats) > 1 and call_window_seats - {0}, call_window_seats

    # The end: every screen shows the result and the log; the host gets the Rematch button.
    state = tables.replay(db, table_id)
    scores = state.team_scores
    for seat, app in apps.items():
        refresh(app)
        text = texts(app)
        mine, theirs = seat % 2, 1 - seat % 2
        mates = [("you" if s == seat else NAMES[s]) for s in range(4) if s % 2 == mine]
        others = [NAMES[s] for s in range(4) if s % 2 == theirs]
        units = {
            mine: f"your team ({' and '.join(mates)})",
            theirs: f"team {theirs + 1} ({' and '.join(others)})",
        }
        assert f"final scores: {units[0]} {scores[0]}, {units[1]} {scores[1]}." in text
        assert f"Table {code}, game 1, 4 players in 2 teams." in text
        assert "Deal " not in text
        headline = next(
            e.value for kind in ("success", "error", "info") for e in getattr(app, kind)
            if e.icon == ":material/flag:"
        )  # fmt: skip
        if state.winner is not None:
            assert units[state.winner].split(" (")[0] in headline.lower()
        assert "Game log" in [e.label for e in app.expander]
        assert "- Round 1 (" in text and "Game over" in text
        assert ("Rematch: a new deal at this table" in [b.label for b in app.button]) == (seat == 0)
        assert move_keys(app) == set()
    check_screens(apps, db, table_id)

    click(apps[0], f"{TK}_rematch")
    for app in apps.values():
        refresh(app)
        tab = table(app, TK)
        assert tab.view.table.round == 1 and not tab.view.over
        assert f"Table **{code}** · game 2" in texts(app)
        assert tab.history == [] and "Game over" not in texts(app)
        if tab.humans_turn:
            assert move_keys(app)
        else:
            assert "Waiting for" in texts(app)
    check_screens(apps, db, table_id)
