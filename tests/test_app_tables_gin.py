"""AppTest flows for BorderCap Gin at a shared table (``ui.games.shared``): two sessions play a
whole game, its first turns through the page's widgets (each choosing its moves with an engine
bot from its own observation), the rest through the store, and neither screen ever names a
card of the other's hidden hand; a 3-seat table with an AI seat; a move sent from a stale
page. Helpers: ``tests/game_table.py``."""

from __future__ import annotations

import random
import re

from streamlit.testing.v1 import AppTest

import store.tables as tables
from engine.bordercap_gin import (
    DECLARE,
    DISCARD,
    DRAW,
    BorderCapGin,
    Declare,
    Discard,
    Draw,
    EndTurn,
    Take,
)
from engine.bots import make_bot
from engine.cards import deck
from tests.game_table import ROOT, log_lines, open_game, param, play_in_store, step, table, texts
from ui.games.bordercap_gin.log import by_name, describe
from ui.games.bordercap_gin.words import RULES
from ui.games.setup import with_target
from ui.storage import app_database

GIN, GK = "pages/bordercap_gin.py", "bordercap_gin"
MOVES = "draw|take|end_turn|declare|discard_and_declare|discard_[A-Z]{2}"


# --- the sessions ---------------------------------------------------------------------------


def session() -> AppTest:
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    return at


def host(app: AppTest, name: str, seats: dict[int, str], players: int = 2) -> AppTest:
    """Open a table (target 30) through the "Play with others" expander."""
    open_game(app, GIN)
    if players != 2:
        step(app.selectbox(key=f"{GK}_host_players").set_value((players, None)))
    app.text_input(key=f"{GK}_host_name").set_value(name)
    for seat, kind in seats.items():
        app.selectbox(key=f"{GK}_host_seat_{seat}").set_value(kind)
    app.selectbox(key=f"{GK}_host_target").set_value("30")
    step(app.button(key=f"{GK}_host_open").click())
    assert param(app, "seat"), "the host's seat token is the page's address"
    assert "Your table is open" in texts(app)
    return app


def join(code: str, name: str) -> AppTest:
    """A classmate's session: the ``?table=CODE`` link, the name, the form's button."""
    app = open_game(session(), GIN, table=code)
    assert app.text_input(key=f"{GK}_join_code").value == code
    app.text_input(key=f"{GK}_join_name").set_value(name)
    (submit,) = [b for b in app.button if b.label == "Join the table"]
    step(submit.click())
    assert param(app, "seat") and param(app, "table") is None
    assert f"You are at table **{code}**" in texts(app) or f"at table {code}" in texts(app)
    return app


def start(app: AppTest) -> None:
    step(app.button(key=f"{GK}_start").click())


def tab_of(app: AppTest):
    return table(app, GK)


def refresh(app: AppTest) -> None:
    app.run()
    assert not app.exception, app.exception


def move_keys(app: AppTest) -> list[str]:
    """The keys of the move buttons on the screen (draw, take, a card's discard, end of turn,
    declare)."""
    serial = tab_of(app).serial
    move = re.compile(rf"{GK}_({MOVES})_{serial}$")
    return [b.key for b in app.button if b.key and move.match(b.key)]


# --- what a screen may name -----------------------------------------------------------------


def seen_by(db, table_id: int, seat: int) -> set[str]:
    """Every card this seat has legitimately seen this round of the table: its hands, the
    face-up pile, its face-down discards, the cards others took from the pile, declared wins
    (replayed from the store, one observation per move)."""
    state = tables.round_state(db, table_id)
    seen: set[str] = set()

    def look() -> None:
        obs = state.observation(seat)
        cards = [*obs.hand, *obs.pile, *obs.own_face_down]
        cards += [c for took in obs.took for c in took]
        cards += [c for r in obs.results for c in (*r.four, *r.three)]
        seen.update(c.usps for c in cards)

    look()
    for move in tables.snapshot(db, table_id).moves:
        state.apply(move.action)
        look()
    return seen


def name_pattern(name: str) -> re.Pattern:
    # "Virginia" is not named by "West Virginia"
    return re.compile(rf"(?<!West )\b{re.escape(name)}\b")


def screen_text(app: AppTest) -> str:
    """What the player can read, without the rules (their examples name states)."""
    return texts(app).replace(with_target(RULES, 30), "")


def check_no_hidden_card(db, table_id: int, sessions: dict[int, AppTest]) -> int:
    """No screen names a card its seat has not seen: none of another seat's hand (checked
    against the full state), of another's face-down discards or of the stock. Returns how many
    cards of their own hands the screens name (so the check is not vacuous)."""
    state = tables.replay(db, table_id)
    own = 0
    for seat, app in sessions.items():
        text = screen_text(app)
        seen = seen_by(db, table_id, seat)
        where = {
            c.usps: f"seat {o + 1}'s hand" for o in range(state.players) for c in state.hands[o]
        }
        where.update({c.usps: "a face-down discard" for down in state.downs for c in down})
        for card in deck():
            if card.usps not in seen:
                assert not name_pattern(card.name).search(text), (
                    f"seat {seat + 1}'s screen names {card.name}, unseen by it "
                    f"(in {where.get(card.usps, 'the stock')})"
                )
        own += sum(bool(name_pattern(c.name).search(text)) for c in state.hands[seat])
    return own


# --- playing a move through the widgets -----------------------------------------------------


def click(app: AppTest, name: str) -> None:
    step(app.button(key=tab_of(app).bkey(name)).click())


def play_turn_part(app: AppTest, bot, rng: random.Random) -> None:
    """One part of this seat's turn, chosen by ``bot`` from the seat's own observation and
    played through the page's widgets: the draw, or the discard (with its face and, when the
    bot would declare after it, "Declare a win")."""
    tab = tab_of(app)
    obs = tab.state.observation(tab.me)
    assert obs.to_act == tab.me and obs.legal
    assert not any("Waiting for" in m.value for m in app.markdown)
    action = bot.act(obs)
    if obs.phase == DRAW:
        if isinstance(action, Take):
            assert app.button(key=tab.bkey("take")).label == f"Take {action.card.name}"
            click(app, "take")
        else:
            assert isinstance(action, Draw)
            click(app, "draw")
    elif obs.phase == DISCARD:
        assert isinstance(action, Discard)
        # What the bot does after this discard, judged on a deal agreeing with its own view.
        sample = BorderCapGin.from_observation(obs, rng)
        sample.apply(action)
        then = bot.act(sample.observation(tab.me))
        if action.face_down:
            step(app.segmented_control(key=tab.wkey("face")).set_value("down"))
        if isinstance(then, Declare):
            step(app.segmented_control(key=tab.wkey("then")).set_value("declare"))
        click(app, f"discard_{action.card.usps}")
    else:
        assert obs.phase == DECLARE
        click(app, "declare" if isinstance(action, Declare) else "end_turn")


def play_until(db, table_id: int, sessions: dict[int, AppTest], done, limit: int = 400) -> int:
    """Play the people's turns (a medium bot per seat) until ``done(snapshot)``; the screen to
    act is refreshed when the turn comes to it (AppTest runs no fragment timers). Returns how
    many parts of turns the people played."""
    bots = {s: make_bot("bordercap_gin", "medium", s, seed=100 + s) for s in sessions}
    rng = random.Random(7)
    played = 0
    last = None
    for _ in range(limit):
        snap = tables.snapshot(db, table_id)
        if done(snap):
            return played
        seat = snap.state.current_player
        app = sessions[seat]
        if last != seat:
            refresh(app)  # the turn came to this screen: it looks at the table again
            last = seat
            snap = tables.snapshot(db, table_id)  # the refresh played what was due
            if done(snap) or snap.state.current_player != seat:
                continue
        before = snap.seq
        play_turn_part(app, bots[seat], rng)
        assert tables.snapshot(db, table_id).seq > before, tab_of(app).message
        assert not tab_of(app).message
        played += 1
    raise AssertionError("the game did not end")


# --- the scenarios --------------------------------------------------------------------------


def test_two_people_play_a_whole_gin_game_at_a_shared_table(app):
    db = app_database()
    host(app, "Ann", {1: "person"})
    code = tab_of(app).view.table.code
    assert f"Table code: **{code}**" in texts(app)
    ben = join(code, "Ben")
    refresh(app)
    assert "Seat 2: Ben" in texts(app)
    start(app)
    table_id = tab_of(app).view.table.id
    sessions = {0: app, 1: ben}
    refresh(ben)
    for seat, screen in sessions.items():
        tab = tab_of(screen)
        assert tab.me == seat and tab.state.target == 30
        assert "Table **" + code in texts(screen)
    # The screen that waits says for whom and for what, and has no move widget.
    to_act = tables.snapshot(db, table_id).state.current_player
    waiting = sessions[1 - to_act]
    refresh(waiting)
    name = "Ann" if to_act == 0 else "Ben"
    text = texts(waiting)
    assert f"Waiting for {name}…" in text and f"{name} opens round 1" in text
    assert not move_keys(waiting)
    assert move_keys(sessions[to_act])

    def look() -> None:
        """Both screens look at the table: neither names a card hidden from it, and the one
        that waits has no move widget."""
        refresh(app)
        refresh(ben)
        assert check_no_hidden_card(db, table_id, sessions) > 0
        snap = tables.snapshot(db, table_id)
        if not snap.state.is_over:
            waits = sessions[1 - snap.state.current_player]
            assert not move_keys(waits) and "**Waiting for" in texts(waits)

    # The first turns through the pages, the rest through the store, the screens looking now
    # and then; the end on the pages.
    played = play_until(db, table_id, sessions, lambda snap: snap.seq >= 6)
    look()
    tokens = {seat: param(screen, "seat") for seat, screen in sessions.items()}
    checks = 0
    while not tables.snapshot(db, table_id).state.is_over:
        played += play_in_store(
            db, table_id, tokens, lambda s, n=played: s.state.is_over or s.seq >= n + 15
        )
        look()
        checks += 1
    # How long a game runs depends on the table's secret seed; what counts is that the screens
    # looked at it between turns and that it was played to the end (the target score below).
    assert checks >= 1
    state = tables.replay(db, table_id)
    assert max(state.scores) >= 30
    winner = state.winner
    names = {0: "Ann", 1: "Ben"}
    secret = str(tables.snapshot(db, table_id).seed)
    for seat, screen in sessions.items():
        text = texts(screen)
        results = " ".join(e.value for e in (*screen.success, *screen.error, *screen.info))
        if seat == winner:
            assert "you win the game!" in results
        else:
            assert f"{names[winner]} reaches {state.scores[winner]} points" in results
        assert f"Table {code}, game 1, 2 players." in text
        assert "Deal " not in text and secret not in text
        log = log_lines(screen)
        other = names[1 - seat]
        assert any(line.startswith("- You ") for line in log)
        assert any(line.startswith(f"- {other} ") for line in log)
        assert not move_keys(screen)
    assert "Rematch: a new deal at this table" in [b.label for b in app.button]


def test_a_three_seat_gin_table_with_an_ai_seat_plays_and_names_the_ai(app):
    db = app_database()
    host(app, "Ann", {1: "person", 2: "easy"}, players=3)
    code = tab_of(app).view.table.code
    ben = join(code, "Ben")
    refresh(app)
    assert "Seat 3: AI (easy)" in texts(app)
    start(app)
    table_id = tab_of(app).view.table.id
    sessions = {0: app, 1: ben}

    def ai_turn_done(snap) -> bool:
        """The AI has played a whole turn with a draw (not only an opening discard)."""
        drew = [
            i for i, m in enumerate(snap.moves) if m.seat == 2 and type(m.action) in (Draw, Take)
        ]
        return bool(drew) and any(
            m.seat == 2 and isinstance(m.action, EndTurn | Declare) for m in snap.moves[drew[0] :]
        )

    play_until(db, table_id, sessions, ai_turn_done, limit=60)
    snap = tables.snapshot(db, table_id)
    ai_moves = [m for m in snap.moves if m.seat == 2]
    assert ai_moves and all(m.by == tables.BY_AI for m in ai_moves)
    for screen in sessions.values():
        refresh(screen)
        text = texts(screen)
        assert "AI (easy)" in text  # the status chip and the table's line
        log = [
            line for i in range(len(tab_of(screen).history)) for line in describe(tab_of(screen), i)
        ]
        ai_lines = [line for line in log if line.startswith("AI ")]
        assert "AI draws from the deck." in ai_lines or any(
            line.startswith("AI takes **") for line in ai_lines
        )
        assert any(line.startswith("AI discards **") for line in ai_lines)
        assert any(line in text for line in ai_lines)
    assert check_no_hidden_card(db, table_id, sessions) > 0


def test_a_move_from_a_stale_gin_page_is_refused_with_the_table_has_moved_on(app):
    db = app_database()
    host(app, "Ann", {1: "easy"})
    start(app)
    token = param(app, "seat")
    table_id = tab_of(app).view.table.id
    refresh(app)  # the AI opens when it is its turn: every screen's refresh plays it
    snap = tables.snapshot(db, table_id)
    assert snap.state.current_player == 0
    # The same seat on a second device: both pages show Ann's move widgets.
    other = open_game(session(), GIN, seat=token)
    assert move_keys(app) and move_keys(other)
    obs = tab_of(app).state.observation(0)
    first = "draw" if obs.phase == DRAW else f"discard_{by_name(obs.hand)[0].usps}"
    click(app, first)
    seq = tables.snapshot(db, table_id).seq
    assert seq > snap.seq
    click(other, first)  # the button drawn before the first page played
    warned = " ".join(w.value for w in other.warning)
    assert "The table has moved on" in warned
    assert tables.snapshot(db, table_id).seq == seq  # nothing was played
    # The stale page now shows the table as it is: the same hand as the first page.
    assert tab_of(other).view.seq == seq
    assert tab_of(other).state.observation(0).hand == tab_of(app).state.observation(0).hand
    assert move_keys(other)
