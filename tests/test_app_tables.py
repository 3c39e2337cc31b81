"""AppTest: Border Attack at a shared table, two sessions (two devices) from the host's form to
the rematch, and every bad request a player can make (issue 12).

A session plays through its page's widgets; the move it chooses comes from an engine bot that
reads that session's own observation. A whole game plays its first trick through the pages,
the rest through the store as the players' clicks would (``play_in_store``), the pages
looking now and then, and its end on the pages again. AppTest does not run the waiting
fragment's timer, so a waiting session is refreshed with ``run()`` (what the fragment does
every second).
"""

from __future__ import annotations

import sqlalchemy as sa
from streamlit.testing.v1 import AppTest

import store.tables as tables
from engine.border_attack import Commit, Discard, GuessBorders, GuessState, Lead
from engine.bots import make_bot
from engine.cards import by_usps
from store.models import TableAction
from tests.game_table import ROOT, log_lines, play_in_store, texts, tiles
from ui.games.shared.errors import worded
from ui.storage import app_database

PAGE = "pages/border_attack.py"
KEY = "border_attack"


def _session(**params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.run()
    at.switch_page(PAGE)
    for name, value in params.items():
        at.query_params[name] = value
    run(at)
    return at


def run(at) -> AppTest:
    """Run the session (or the session of a widget just set or clicked); nothing raised."""
    at = at.run()
    assert not at.exception, at.exception
    return at


def tab(at: AppTest):
    return at.session_state[KEY]


def host_table(name: str = "Ann", **seats: str) -> tuple[AppTest, str]:
    """The host opens a two-seat table through "Play with others"; returns it and the code."""
    host = _session()
    host.text_input(key=f"{KEY}_host_name").set_value(name)
    for seat, kind in seats.items():
        host.selectbox(key=f"{KEY}_host_{seat}").set_value(kind)
    run(host.button(key=f"{KEY}_host_open").click())
    return host, tab(host).view.table.code


def join(code: str, name: str) -> AppTest:
    """A classmate opens the table's link and joins with a name."""
    guest = _session(table=code)
    guest.text_input(key=f"{KEY}_join_name").set_value(name)
    run(guest.button(key=f"FormSubmitter:{KEY}_join_form-Join the table").click())
    return guest


def play(at: AppTest, level: str = "easy") -> object:
    """The seat to act chooses with a bot from its own observation and plays it on the page."""
    t = tab(at)
    obs = t.state.observation(t.me)
    action = make_bot("border_attack", level, t.me, seed=t.version).act(obs)
    if isinstance(action, Lead):
        run(at.segmented_control(key=t.wkey("category")).set_value(action.category))
        run(at.button(key=t.bkey(f"lead_{action.card.usps}")).click())
    elif isinstance(action, Commit):
        run(at.segmented_control(key=t.wkey("reveal")).set_value(action.reveal))
        run(at.button(key=t.bkey(f"commit_{action.card.usps}")).click())
    elif isinstance(action, GuessState | GuessBorders) and guessed_names(action):
        at.text_input(key=t.wkey("typed_guess")).input(guessed_names(action))  # by recall
        run(at.button(key=t.wkey("typed_send")).click())
    elif isinstance(action, GuessBorders):  # a state with no border states
        run(at.button(key=t.bkey("guess")).click())
    else:
        assert isinstance(action, Discard)
        run(at.button(key=t.bkey(f"discard_{action.card.usps}")).click())
    return action


def guessed_names(action: GuessState | GuessBorders) -> str:
    """A guess as a player types it: the state's name, or its border states' names."""
    codes = [action.usps] if isinstance(action, GuessState) else sorted(action.borders)
    return ", ".join(by_usps()[c].name for c in codes)


def hidden_names(table_id: int, seat: int, shown: str) -> list[str]:
    """The other seat's hand cards that this seat cannot know, named in ``shown``."""
    state = tables.replay(app_database(), table_id)
    mine = state.observation(seat)
    public = {c.usps for c in mine.hand} | {c.usps for p in mine.played for c in p}
    public |= {c.usps for d in mine.discards for c in d}
    if mine.follow_card is not None:
        public.add(mine.follow_card.usps)
    other = state.hands[1 - seat]
    # A state's name alone is no leak (the rules, an announced border list, a wrong guess
    # name states): a card tile is, and every tile carries its state's name as its title.
    return [c.name for c in other if c.usps not in public and f"title='{c.name}'" in shown]


def test_the_secrecy_check_finds_a_hidden_card_drawn_on_a_page():
    from ui.cards import card_html

    host, code = host_table("Ann")
    join(code, "Ben")
    run(run(host).button(key=f"{KEY}_start").click())
    t = tab(host)
    hidden = tables.replay(app_database(), t.view.table.id).hands[1]
    assert not hidden_names(t.view.table.id, 0, texts(host))
    leaked = texts(host) + card_html(hidden[2])
    assert hidden_names(t.view.table.id, 0, leaked) == [hidden[2].name]


def token_of(at: AppTest) -> str:
    """The seat token in the session's address (``?seat=``)."""
    token = at.query_params["seat"]
    return token[-1] if isinstance(token, list) else token


def test_two_sessions_play_a_whole_game_and_a_rematch():
    host, code = host_table("Ann")
    assert f"Table code: **{code}**" in texts(host)
    assert "Seat 2: open — waiting for a player" in texts(host)
    assert host.button(key=f"{KEY}_start").disabled
    guest = join(code, "Ben")
    assert "You are at table" in texts(guest)
    assert guest.query_params["seat"]
    run(host)
    assert "Seat 2: Ben" in texts(host)
    run(host.button(key=f"{KEY}_start").click())
    run(guest)
    players = {0: host, 1: guest}
    table_id = tab(host).view.table.id
    db = app_database()

    def check() -> None:
        for seat, at in players.items():
            assert not hidden_names(table_id, seat, texts(at)), seat

    # The first trick through the pages: the screen to act has its widgets, the other waits.
    moves = 4
    for _ in range(moves):
        to_act = tables.snapshot(db, table_id).state.current_player
        mover, waiter = players[to_act], players[1 - to_act]
        assert "**Waiting for" in texts(waiter) and "**Waiting for" not in texts(mover)
        play(mover)
        run(waiter)
        check()
    assert "Ann leads" in texts(guest) or "Ben leads" in texts(host)
    # The rest through the store, as the two players' clicks would, the screens looking now
    # and then; then the end on both pages.
    tokens = {0: token_of(host), 1: token_of(guest)}
    while not tables.snapshot(db, table_id).state.is_over:
        moves += play_in_store(
            db, table_id, tokens, lambda s, n=moves: s.state.is_over or s.seq >= n + 12
        )
        run(host)
        run(guest)
        check()
    for at in (host, guest):
        shown = texts(at)
        assert "Game over" in shown and "Tricks won: you" in shown
        assert "Table " in shown and "game 1" in shown
        assert len(log_lines(at)) >= moves  # the game log is there, every move in it
    assert host.button(key=f"{KEY}_rematch")
    assert not [b for b in guest.button if b.key == f"{KEY}_rematch"]
    assert "The host can offer a rematch at this table" in texts(guest)
    with db.read() as session:
        stored = session.scalar(sa.select(sa.func.count()).where(TableAction.table_id == table_id))
    assert stored == moves
    run(host.button(key=f"{KEY}_rematch").click())
    run(guest)
    for at in (host, guest):
        assert f"Table **{code}** · game 2" in texts(at) and "Game over" not in texts(at)


def test_a_reload_or_another_device_returns_to_the_seat():
    host, code = host_table("Ann")
    guest = join(code, "Ben")
    run(run(host).button(key=f"{KEY}_start").click())
    token = guest.query_params["seat"]
    token = token[-1] if isinstance(token, list) else token
    hand = tiles(run(guest))
    assert len(hand) >= 5
    again = _session(seat=token)  # a new session: another device, or a reload
    assert tiles(again) == hand
    assert "Ben (you)" in texts(again)


def test_a_join_link_fills_the_code_box_even_after_the_page_drew_it_empty():
    host, code = host_table("Ann")
    guest = _session()  # the game page first: its "Join a table" box is drawn empty
    assert guest.text_input(key=f"{KEY}_join_code").value == ""
    guest.query_params["table"] = code  # then the link, in the same session
    run(guest)
    assert guest.text_input(key=f"{KEY}_join_code").value == code
    guest.text_input(key=f"{KEY}_join_name").set_value("Ben")
    run(guest.button(key=f"FormSubmitter:{KEY}_join_form-Join the table").click())
    assert f"You are at table **{code}**, seat 2" in texts(guest)


def test_an_ai_seat_is_played_by_the_store_and_named():
    host, _ = host_table("Ann", seat_1="hard")
    assert "Seat 2: AI (hard)" in texts(host)
    run(host.button(key=f"{KEY}_start").click())
    # Whatever the dealer, the AI's moves were played before the page: Ann is to move.
    assert "**Waiting for" not in texts(host) and "Your turn" in texts(host)
    assert "AI (hard) <b>" in texts(host)  # the AI's status chip
    play(host)
    assert "**Waiting for" not in texts(host) and "Your turn" in texts(host)


def test_bad_requests_get_a_sentence_and_no_traceback():
    # A wrong code, a code of nothing, a forged seat token.
    guest = join("ZZZZ", "Ben")
    assert "is not a table code" in texts(guest)
    guest = join("KKKKKK", "Ben")
    assert "No table has the code KKKKKK" in texts(guest)
    forged = _session(seat="not-a-real-token")
    assert "This seat link is not one of a table" in texts(forged)
    assert forged.button[0].label == "Play against the AI instead"
    # A host without a name.
    nameless = _session()
    run(nameless.button(key=f"{KEY}_host_open").click())
    assert nameless.error and "name" in nameless.error[0].value
    assert "seat" not in nameless.query_params
    # A full table.
    host, code = host_table("Ann")
    join(code, "Ben")
    late = join(code, "Cy")
    assert f"Table {code} is full" in texts(late)
    # A table of another game, joined on this page.
    made = tables.create(app_database(), "bordercap_gin", "Di")
    wrong = join(made.table.code, "Ed")
    assert "plays BorderCap Gin: join it on that game's page" in texts(wrong)


def test_a_stale_page_or_a_move_out_of_turn_is_refused_in_words():
    host, code = host_table("Ann")
    guest = join(code, "Ben")
    run(run(host).button(key=f"{KEY}_start").click())
    run(guest)
    to_act = tab(host).view.to_act
    mover = host if to_act == 0 else guest
    t = tab(mover)
    # Two devices on the same seat: the second plays from a page the first made stale.
    token = mover.query_params["seat"]
    twin = _session(seat=token[-1] if isinstance(token, list) else token)
    stale = tab(twin)
    obs = stale.state.observation(stale.me)
    run(twin.segmented_control(key=stale.wkey("category")).set_value(obs.legal[0].category))
    play(mover)
    run(twin.button(key=stale.bkey(f"lead_{obs.legal[0].card.usps}")).click())
    assert "The table has moved on" in texts(twin)
    # A move for the other seat, sent with this seat's token, straight to the store.
    other = tab(host if mover is guest else guest)
    try:
        tables.append(app_database(), t.view.table.id, t.token, tab(twin).view.seq, obs.legal[0])
    except tables.TableError as refused:
        said = worded(refused)  # the store's code, as the page words it
        assert "It is not your turn" in said or "moved on" in said
    else:
        raise AssertionError("a move for another seat was stored")
    assert other.me != t.me


def _away(table_id: int, seat: int) -> None:
    """Seat ``seat`` was last seen an hour ago (its player closed the page)."""
    from datetime import timedelta

    from store.clock import now_utc
    from store.models import TableSeat

    with app_database().write() as session:
        session.execute(
            sa.update(TableSeat)
            .where(TableSeat.table_id == table_id, TableSeat.seat == seat)
            .values(last_seen=now_utc() - timedelta(hours=1))
        )


def test_an_absent_player_is_played_by_the_ai_until_they_come_back():
    host, code = host_table("Ann")
    guest = join(code, "Ben")
    run(run(host).button(key=f"{KEY}_start").click())
    table_id = tab(host).view.table.id
    if tab(host).view.to_act == 1:
        play(run(guest))
    _away(table_id, 1)  # Ben closes his page while Ann thinks
    play(run(host))
    run(host)
    assert "Ben is away: the AI (medium) plays for them until they come back." in texts(host)
    with app_database().read() as session:
        by = session.scalars(
            sa.select(TableAction.by).where(TableAction.table_id == table_id, TableAction.seat == 1)
        ).all()
    assert tables.BY_STAND_IN in by
    assert "(the AI played this for an absent player)" in texts(host)
    # Ben opens his page again: his seat is his, the page says what the AI did for him.
    run(guest)
    shown = texts(guest)
    assert "While you were away the AI played" in shown and "for you" in shown
    run(host)
    assert "Ben is away" not in texts(host)
    while not tab(guest).humans_turn and not tab(guest).state.is_over:
        play(host)
        run(guest)
    if not tab(guest).state.is_over:
        seq = tab(guest).view.seq
        play(guest)
        with app_database().read() as session:
            last = session.scalar(
                sa.select(TableAction.by).where(
                    TableAction.table_id == table_id, TableAction.seq == seq + 1
                )
            )
        assert last == tables.BY_PERSON
