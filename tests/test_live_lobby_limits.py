"""Issue 28, item 21: a live game's lobby can be locked, is capped, counts joins per browser and
blocks a removed player, on SQLite and PostgreSQL, with joins racing in real threads."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import sqlalchemy as sa

import store.live as live
from engine.live import JOIN_WINDOW, JOINS_PER_CLIENT, MAX_PLAYERS, LiveRules, join_refusal
from store.models import LivePlayer
from tests.test_live_store import race, refuses
from ui.live.errors import worded

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)


def new_game(db):
    return live.create_game(db, "zones", {"mode": "zone", "n": "2"}, LiveRules(), "key", now=T0)


def players(db) -> int:
    with db.read() as s:
        return s.scalar(sa.select(sa.func.count()).select_from(LivePlayer))


def test_the_refusals_in_words():
    args = {"locked": False, "players": 0, "blocked": False, "recent_joins": 0}
    assert join_refusal("K7PQ2M", **args) is None
    for change, words in [
        ({"blocked": True}, "removed"),
        ({"locked": True}, "closed to new players"),
        ({"players": MAX_PLAYERS}, f"at most {MAX_PLAYERS} players"),
        ({"recent_joins": JOINS_PER_CLIENT}, "wait a minute"),
    ]:
        assert words in worded(join_refusal("K7PQ2M", **{**args, **change}))


def test_a_locked_lobby_takes_no_new_player_but_lets_one_back(db):
    game = new_game(db)
    live.join(db, game.code, "Ana", "t-ana", now=T0)
    assert live.set_locked(db, "key", True).locked
    with refuses(live.LiveError, "closed to new players"):
        live.join(db, game.code, "Ben", "t-ben", now=T0)
    assert live.join(db, game.code, "Ana", "t-ana", now=T0).name == "Ana"  # a reload
    assert not live.set_locked(db, "key", False).locked
    live.join(db, game.code, "Ben", "t-ben", now=T0)
    assert players(db) == 2


def test_a_removed_player_cannot_join_again_by_name_look_alike_or_browser(db):
    game = new_game(db)
    ana = live.join(db, game.code, "Ana", "t1", now=T0, client="phone-1")
    assert live.remove_player(db, "key", ana.id, now=T0)
    for name, token, client in [
        ("Ana", "t2", "phone-2"),  # the same name from another browser
        ("\u0410na", "t3", "phone-3"),  # a look-alike (Cyrillic А)
        ("Zed", "t4", "phone-1"),  # another name from the removed browser
    ]:
        with refuses(live.LiveError, "removed"):
            live.join(db, game.code, name, token, now=T0 + timedelta(hours=1), client=client)
    live.join(db, game.code, "Ben", "t5", now=T0, client="phone-5")
    assert players(db) == 1


def test_one_browser_adds_few_players_a_minute(db):
    game = new_game(db)
    for i in range(JOINS_PER_CLIENT):
        live.join(db, game.code, f"P{i}", f"t{i}", now=T0, client="script")
    with refuses(live.LiveError, "wait a minute"):
        live.join(db, game.code, "One more", "t-more", now=T0, client="script")
    live.join(db, game.code, "Other phone", "t-o", now=T0, client="phone")  # others still join
    later = T0 + timedelta(seconds=JOIN_WINDOW + 1)
    live.join(db, game.code, "One more", "t-more", now=later, client="script")
    assert players(db) == JOINS_PER_CLIENT + 2


def test_racing_joins_fill_the_game_to_its_cap_and_no_further(db):
    """The last free places raced for by many more phones at once: the cap holds."""
    game = new_game(db)
    free = 5
    for i in range(MAX_PLAYERS - free):
        live.join(db, game.code, f"Early {i}", f"early-{i}", client=f"early-{i}")
    out = race(4 * free, lambda i: live.join(db, game.code, f"P{i}", f"t{i}", client=f"c{i}"))
    joined = [o for o in out if isinstance(o, live.PlayerInfo)]
    refused = [o for o in out if not isinstance(o, live.PlayerInfo)]
    assert len(joined) == free and players(db) == MAX_PLAYERS
    assert all(isinstance(e, live.LiveError) and e.code == "full" for e in refused), refused[:3]


def test_racing_joins_from_one_browser_add_only_its_share(db):
    game = new_game(db)
    out = race(12, lambda i: live.join(db, game.code, f"P{i}", f"t{i}", client="one-script"))
    assert sum(isinstance(o, live.PlayerInfo) for o in out) == JOINS_PER_CLIENT == players(db)
    assert all("wait a minute" in worded(o) for o in out if not isinstance(o, live.PlayerInfo))


def test_a_lock_racing_joins_leaves_no_join_after_it(db):
    game = new_game(db)

    def work(i: int):
        if i == 0:
            return live.set_locked(db, "key", True)
        return live.join(db, game.code, f"P{i}", f"t{i}", client=f"c{i}")

    race(20, work)
    with db.read() as s:
        locked_version = live.game_for_key(db, "key").version
        assert locked_version >= 1
        joined = s.scalar(sa.select(sa.func.count()).select_from(LivePlayer))
    with refuses(live.LiveError, "closed"):
        live.join(db, game.code, "Late", "t-late", client="late")
    assert players(db) == joined


def test_the_host_locks_the_lobby_on_the_board_and_a_phone_is_told(app, class_db):
    from tests.test_app_live_board import game_of, setup
    from tests.test_app_live_phone import join_as

    db = class_db
    setup(app)
    game = game_of(db, app)
    toggle = app.toggle(key="live_locked")
    assert toggle.value is False
    toggle.set_value(True).run()
    assert game_of(db, app).locked and app.toggle(key="live_locked").value is True
    refused = join_as(game.code, "Ana")
    assert any("closed to new players" in e.value for e in refused.error)
    app.toggle(key="live_locked").set_value(False).run()
    assert not game_of(db, app).locked
    assert "You're in, Ben." in [s.value for s in join_as(game.code, "Ben").subheader]


def test_setting_the_lock_as_it_is_changes_nothing(db):
    """A lock toggle's stale value, sent after Start, must not move the game's version."""
    game = new_game(db)
    locked = live.set_locked(db, "key", True)
    again = live.set_locked(db, "key", True)
    assert again.locked and again.version == locked.version > game.version
