"""Shared game tables (store/tables.py, store/actions.py, and the AI's moves at them,
ui/games/shared/autoplay.py) on a fresh SQLite file and a fresh PostgreSQL database: the
action codec, replay equal to the live game at every step, the races
(two conflicting moves, twenty sessions playing one AI turn), the stand-in for an idle player,
rematch, cleanup and every bad input.

Replay here covers ~30 random games per game (short ones whole, long ones cut at
``STEPS_CAP`` moves) so the file stays near a minute; ``benchmarks/tables_replay.py`` plays
1,000 whole games per game."""

from __future__ import annotations

import json
import random
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from sqlalchemy import event

from engine.bots import make_bot
from engine.core import Refusal
from engine.games import GAMES, game_class, has_decisions, new_game, player_settings
from store import tables as t
from store.actions import CodecError, action_classes, decode, encode
from store.classroom import ClassroomError
from store.db import Database
from store.models import GameTable, TableAction, TableSeat
from ui.classroom.errors import worded as class_worded
from ui.games.shared import autoplay
from ui.games.shared.errors import worded

T0 = datetime(2026, 3, 3, 9, 0, tzinfo=UTC)
GAMES_PER_GAME = 30
DECISIONS = [g for g in GAMES if has_decisions(g)]  #: the games a table is for
STEPS_CAP = 200  #: moves kept of a long random game (BorderCap Gin runs to 1,200)


@pytest.fixture(autouse=True)
def _fresh_cache():
    t.forget_cache()
    yield
    t.forget_cache()


@contextmanager
def refuses(kind: type[t.TableError], said: str) -> Iterator[None]:
    """The block raises ``kind``, and the page's sentence for it (its code worded by
    ``ui.games.shared.errors``) says ``said`` (a regular expression)."""
    with pytest.raises(kind) as caught:
        yield
    assert re.search(said, worded(caught.value)), worded(caught.value)


def secret_seed(db: Database, table_id: int) -> int:
    with db.read() as s:
        return s.scalar(sa.select(GameTable.seed).where(GameTable.id == table_id))


def rows(db: Database, table_id: int) -> list[TableAction]:
    with db.read() as s:
        return list(
            s.scalars(
                sa.select(TableAction)
                .where(TableAction.table_id == table_id)
                .order_by(TableAction.seq)
            )
        )


def people_table(db: Database, game: str, players: int = 2, teams: int | None = None, **kw):
    """A started table of people only; returns (table id, tokens by seat)."""
    made = t.create(db, game, "Host", players=players, teams=teams, now=T0, **kw)
    tokens = {0: made.token}
    for i in range(1, players):
        seat, token = t.join(db, made.table.code, f"Player {i + 1}", now=T0)
        tokens[seat.seat] = token
    t.start(db, made.token, now=T0)
    return made.table.id, tokens


def random_setup(game: str, rng: random.Random) -> tuple[int, int | None]:
    return rng.choice(player_settings(game))


# --- the codec ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", list(GAMES))
def test_the_codec_round_trips_every_legal_action_of_random_states(game):
    rng = random.Random(f"codec-{game}")
    seen: set[str] = set()
    for i in range(8):
        players, teams = random_setup(game, rng)
        state = new_game(game, players=players, teams=teams, seed=i)
        for _ in range(STEPS_CAP):
            if state.is_over:
                break
            for action in state.legal_actions():
                text = json.dumps(encode(action))
                back = decode(game, json.loads(text))
                assert back == action and type(back) is type(action)
                assert json.dumps(encode(back)) == text
                seen.add(type(action).__name__)
            state.apply(rng.choice(state.legal_actions()))
    assert seen <= set(action_classes(game))
    assert len(seen) >= (1 if game == "reverse_war" else 3)


def test_the_codec_stores_cards_as_usps_codes_and_reads_the_declared_action_classes():
    state = new_game("border_attack", seed=4)
    lead = state.legal_actions()[0]
    assert encode(lead) == {"Lead": {"card": lead.card.usps, "category": lead.category.value}}
    assert set(action_classes("border_attack")) == {
        "Lead",
        "Commit",
        "GuessState",
        "GuessBorders",
        "Discard",
    }
    for game in GAMES:
        assert action_classes(game) == {c.__name__: c for c in game_class(game).actions}


def test_the_stored_format_of_every_action_class_is_the_one_in_the_databases():
    """Stored moves must still decode: one move of every class, as its JSON row reads."""
    from engine.border_attack import Commit, Discard, GuessBorders, GuessState, Lead
    from engine.bordercap_gin import Declare, Draw, EndTurn, Take
    from engine.bordercap_gin import Discard as GinDiscard
    from engine.cards import Category, card
    from engine.geopower_toss import CALL, PASS, Play, Remove
    from engine.reverse_war import FLIP
    from store.actions import dumps

    rows = {
        "border_attack": [
            (Lead(card("CO"), Category.SIZE), '{"Lead":{"card":"CO","category":"size"}}'),
            (Commit(card("UT"), "borders"), '{"Commit":{"card":"UT","reveal":"borders"}}'),
            (GuessState("IA"), '{"GuessState":{"usps":"IA"}}'),
            (GuessBorders(frozenset({"NH", "MA"})), '{"GuessBorders":{"borders":["MA","NH"]}}'),
            (Discard(card("RI")), '{"Discard":{"card":"RI"}}'),
        ],
        "bordercap_gin": [
            (Draw(), '{"Draw":{}}'),
            (Take(card("TX")), '{"Take":{"card":"TX"}}'),
            (GinDiscard(card("AK"), True), '{"Discard":{"card":"AK","face_down":true}}'),
            (
                Declare((card("TN"),), (card("ME"),)),
                '{"Declare":{"four":["TN"],"three":["ME"]}}',
            ),
            (EndTurn(), '{"EndTurn":{}}'),
        ],
        "geopower_toss": [
            (Remove(Category.STATEHOOD), '{"Remove":{"category":"statehood"}}'),
            (Play(card("NY")), '{"Play":{"card":"NY"}}'),
            (CALL, '{"Call":{}}'),
            (PASS, '{"Pass":{}}'),
        ],
        "reverse_war": [(FLIP, '{"Flip":{}}')],
    }
    for game, pairs in rows.items():
        assert {type(action) for action, _ in pairs} == set(game_class(game).actions)
        for action, text in pairs:
            assert dumps(action) == text
            assert decode(game, json.loads(text)) == action


@pytest.mark.parametrize(
    "data",
    [
        None,
        "Lead",
        {},
        {"Lead": {"card": "CO"}},  # a field missing
        {"Lead": {"card": "XX", "category": "size"}},  # no such card
        {"Lead": {"card": "CO", "category": "beauty"}},
        {"Lead": {"card": "CO", "category": "size", "extra": 1}},
        {"Flip": {}},  # another game's action
        {"GameState": {}},
    ],
)
def test_the_codec_refuses_what_it_did_not_write(data):
    with pytest.raises(CodecError):
        decode("border_attack", data)


def test_the_codec_refuses_values_that_do_not_match_their_declared_type():
    cls = action_classes("border_attack")["Discard"]
    with pytest.raises(CodecError):
        encode(cls("CO"))  # a code where a Card is declared
    with pytest.raises(CodecError):
        encode("lead CO")


# --- replay ---------------------------------------------------------------------------------


def _random_game(game: str, rng: random.Random, seed: int) -> tuple[dict, list, list]:
    players, teams = random_setup(game, rng)
    options = {"players": players, "teams": teams}
    live = t.deal(game, options, seed)
    states, actions = [live.clone()], []
    while not live.is_over and len(actions) < STEPS_CAP:
        action = rng.choice(live.legal_actions())
        live.apply(action)
        actions.append(action)
        states.append(live.clone())
    return options, actions, states


def test_replay_of_random_games_from_stored_rows_equals_the_live_state_at_every_step(db):
    """~30 random games per game: their actions stored as rows, read back, replayed."""
    rng = random.Random("replay")
    steps = 0
    for game in GAMES:
        for k in range(GAMES_PER_GAME):
            seed = rng.randrange(2**62)
            options, actions, states = _random_game(game, rng, seed)
            table_id = t.record(db, game, options, seed, actions, status=t.PLAYING, at=T0)
            replayed = t.deal(game, options, seed)
            assert replayed == states[0]
            with db.read() as s:
                back = s.execute(
                    sa.select(TableAction.seq, TableAction.action)
                    .where(TableAction.table_id == table_id)
                    .order_by(TableAction.seq)
                ).all()
            assert [seq for seq, _ in back] == list(range(1, len(actions) + 1))
            for i, (_, stored_action) in enumerate(back):
                replayed.apply(decode(game, stored_action))
                assert replayed == states[i + 1], (game, seed, i)
            steps += len(actions)
            if k == 0:
                assert t.replay(db, table_id) == states[-1]  # the store's own replay too
    assert steps > 4 * GAMES_PER_GAME * 40


@pytest.mark.parametrize("game", DECISIONS)
def test_replay_equals_the_live_game_at_every_move_sent_through_append(db, game):
    rng = random.Random(f"append-{game}")
    players, teams = random_setup(game, rng)
    table_id, tokens = people_table(db, game, players, teams)
    live = t.deal(game, {"players": players, "teams": teams}, secret_seed(db, table_id))
    for seq in range(60):
        assert t.replay(db, table_id) == live
        if live.is_over:
            break
        action = rng.choice(live.legal_actions())
        assert t.append(db, table_id, tokens[live.current_player], seq, action, now=T0) == seq + 1
        live.apply(action)
    t.forget_cache()  # another server, its cache empty, replays the same
    assert t.replay(db, table_id) == live
    options = {"players": players, "teams": teams}
    stored = [r.action for r in rows(db, table_id)]
    assert t.rebuild(game, options, secret_seed(db, table_id), stored) == live


def test_a_refresh_with_nothing_new_costs_one_query(db):
    table_id, tokens = people_table(db, "border_attack")
    state = t.replay(db, table_id)
    t.append(db, table_id, tokens[state.current_player], 0, state.legal_actions()[0], now=T0)
    t.replay(db, table_id)
    statements: list[str] = []

    def count(_conn, _cursor, statement, *_args) -> None:
        if not statement.lstrip().upper().startswith(("BEGIN", "COMMIT", "ROLLBACK")):
            statements.append(statement)

    event.listen(db.engine, "before_cursor_execute", count)
    try:
        again = t.replay(db, table_id)
    finally:
        event.remove(db.engine, "before_cursor_execute", count)
    assert len(statements) == 1 and "table_action" in statements[0]
    assert again.current_player is not None


# --- races ----------------------------------------------------------------------------------


def test_two_conflicting_moves_at_once_store_one_the_other_is_told_the_table_moved_on(db):
    game = "geopower_toss"  # at the draft, the seat to act has several moves
    table_id, tokens = people_table(db, game, 2)
    state = t.replay(db, table_id)
    token = tokens[state.current_player]
    first, second = state.legal_actions()[:2]
    barrier = threading.Barrier(2)
    results: list[object] = []

    def send(action) -> None:
        barrier.wait()
        try:
            results.append(t.append(db, table_id, token, 0, action))
        except t.TableMovedOn as error:
            results.append(error)

    threads = [threading.Thread(target=send, args=(a,)) for a in (first, second)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(map(type, results), key=str) == sorted([int, t.TableMovedOn], key=str)
    refused = next(r for r in results if isinstance(r, t.TableMovedOn))
    assert refused.code == "moved_on"
    assert worded(refused) == "The table has moved on: look at the game again."
    stored = rows(db, table_id)
    assert len(stored) == 1 and decode(game, stored[0].action) in (first, second)


def test_twenty_sessions_racing_to_play_one_ai_turn_write_one_row(db):
    made = t.create(db, "geopower_toss", "Host", players=4, teams=2,
                    ai={1: "easy", 2: "medium", 3: "easy"}, now=T0)  # fmt: skip
    t.start(db, made.token, now=T0)
    table_id = made.table.id
    while t.replay(db, table_id).current_player == 0:  # give the turn to an AI
        state = t.replay(db, table_id)
        t.append(db, table_id, made.token, len(rows(db, table_id)), state.legal_actions()[0])
    before = len(rows(db, table_id))
    barrier = threading.Barrier(20)
    written: list[int] = []
    errors: list[BaseException] = []

    def play() -> None:
        try:
            barrier.wait()
            written.append(autoplay.play_ai_turns(db, table_id, seq_seen=before))
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=play) for _ in range(20)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert sum(written) == 1 and len(written) == 20
    after = rows(db, table_id)
    assert len(after) == before + 1 and after[-1].by == t.BY_AI


def test_ten_people_racing_for_the_last_seat_one_sits_the_others_hear_the_table_is_full(db):
    made = t.create(db, "border_attack", "Host", now=T0)
    barrier = threading.Barrier(10)
    results: list[object] = []

    def join(i: int) -> None:
        barrier.wait()
        try:
            results.append(t.join(db, made.table.code, f"Guest {i}")[0])
        except t.TableFull as error:
            results.append(error)

    threads = [threading.Thread(target=join, args=(i,)) for i in range(10)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    sat = [r for r in results if isinstance(r, t.SeatInfo)]
    assert len(sat) == 1 and sat[0].seat == 1
    assert sum(isinstance(r, t.TableFull) for r in results) == 9
    assert t.seats(db, made.table.id)[1].name == sat[0].name


def test_ai_seats_play_until_a_person_is_to_act_and_the_same_table_plays_the_same_moves(
    sqlite_db,
):
    db = sqlite_db
    made = t.create(db, "border_attack", "Host", ai={1: "medium"}, now=T0)
    t.start(db, made.token, now=T0)
    table_id = made.table.id
    for _ in range(40):
        autoplay.play_ai_turns(db, table_id, now=T0)
        state = t.replay(db, table_id)
        if state.is_over:
            break
        assert state.current_player == 0
        t.append(db, table_id, made.token, len(rows(db, table_id)), state.legal_actions()[-1],
                 now=T0)  # fmt: skip
    stored = rows(db, table_id)
    assert any(r.by == t.BY_AI for r in stored) and any(r.by == t.BY_PERSON for r in stored)
    # the bot of each AI row, seeded from the secret seed and the seq, chooses the same again
    seed = secret_seed(db, table_id)
    live = t.deal("border_attack", {"players": 2, "teams": None}, seed)
    for r in stored:
        if r.by == t.BY_AI:
            bot = make_bot(
                "border_attack", "medium", r.seat, seed=autoplay.bot_seed(seed, 0, r.seq)
            )
            assert bot.act(live.observation(r.seat)) == decode("border_attack", r.action)
        live.apply(decode("border_attack", r.action))


# --- seats, views, the stand-in, rematch, cleanup -------------------------------------------


def test_each_seat_sees_its_own_observation_and_no_token_is_stored(db):
    table_id, tokens = people_table(db, "bordercap_gin", 3)
    state = t.replay(db, table_id)
    for seat, token in tokens.items():
        view = t.view(db, token, now=T0)
        assert view.seat == seat and view.observation == state.observation(seat)
        assert view.to_act == state.current_player and view.seq == 0
    with db.read() as s:
        stored = " ".join(str(r) for r in s.execute(sa.select(TableSeat.__table__)).all())
    assert not any(token in stored for token in tokens.values())
    assert [s.name for s in t.seats(db, table_id)] == ["Host", "Player 2", "Player 3"]


def test_an_idle_person_is_played_by_the_stand_in_until_seen_again(db):
    made = t.create(db, "border_attack", "Host", idle_seconds=60, now=T0)
    seat, guest = t.join(db, made.table.code, "Guest", now=T0)
    t.start(db, made.token, now=T0)
    table_id, tokens = made.table.id, {0: made.token, 1: guest}
    state = t.replay(db, table_id)
    idle_seat = state.current_player
    other = tokens[1 - idle_seat]
    assert autoplay.play_ai_turns(db, table_id, now=T0 + timedelta(seconds=59)) == 0
    assert t.view(db, other, now=T0 + timedelta(seconds=59)).away == ()
    later = T0 + timedelta(seconds=61)
    assert t.view(db, other, now=later).away == (idle_seat,)
    assert autoplay.play_ai_turns(db, table_id, now=later) >= 1
    stand_in = rows(db, table_id)[0]
    assert stand_in.by == t.BY_STAND_IN and stand_in.seat == idle_seat
    # the player comes back: seen again, their seat is theirs
    back = later + timedelta(seconds=5)
    t.view(db, tokens[idle_seat], now=back)
    while (state := t.replay(db, table_id)).current_player != idle_seat:
        seq = len(rows(db, table_id))
        t.append(db, table_id, tokens[state.current_player], seq, state.legal_actions()[0],
                 now=back)  # fmt: skip
    assert autoplay.play_ai_turns(db, table_id, now=back + timedelta(seconds=1)) == 0


def test_rematch_deals_a_new_round_at_the_same_table_and_an_old_move_cannot_land_in_it(db):
    table_id, tokens = people_table(db, "border_attack")
    rng = random.Random(3)
    seq = 0
    while not (state := t.replay(db, table_id)).is_over:
        seq = t.append(db, table_id, tokens[state.current_player], seq,
                       rng.choice(state.legal_actions()), now=T0)  # fmt: skip
    first = t.replay(db, table_id)
    assert t.snapshot(db, table_id).table.status == t.FINISHED
    with pytest.raises(t.NotHost):
        t.rematch(db, tokens[1], seq)
    assert t.rematch(db, tokens[0], seq, now=T0) == 1
    with pytest.raises(t.TableMovedOn):
        t.rematch(db, tokens[0], seq)  # a second click
    snap = t.snapshot(db, table_id)
    assert snap.table.status == t.PLAYING and snap.table.round == 1 and snap.moves == ()
    fresh = snap.state
    assert not fresh.is_over and fresh != first
    seed = secret_seed(db, table_id)
    assert fresh == t.deal("border_attack", {"players": 2, "teams": None}, t.round_seed(seed, 1))
    with pytest.raises(t.TableMovedOn):  # a page still showing the end of round 0
        t.append(db, table_id, tokens[fresh.current_player], seq, fresh.legal_actions()[0])
    t.append(db, table_id, tokens[fresh.current_player], seq + 1, fresh.legal_actions()[0])
    t.forget_cache()
    assert len(t.snapshot(db, table_id).moves) == 1


def test_tables_finished_or_idle_for_a_day_are_cleaned_up_with_their_seats_and_moves(db):
    old = t.create(db, "border_attack", "Old", ai={1: "easy"}, now=T0)
    t.start(db, old.token, now=T0)
    autoplay.play_ai_turns(db, old.table.id, now=T0)
    fresh = t.create(db, "border_attack", "New", now=T0 + timedelta(hours=20))
    assert t.cleanup(db, now=T0 + timedelta(hours=25)) == 1
    with pytest.raises(t.TableNotFound):
        t.find(db, old.table.code)
    with pytest.raises(t.TableNotFound):
        t.view(db, old.token)
    assert t.find(db, fresh.table.code).id == fresh.table.id
    with db.read() as s:
        assert s.scalar(
            sa.select(sa.func.count()).select_from(TableSeat).where(
                TableSeat.table_id == old.table.id
            )
        ) == 0  # fmt: skip
        assert s.scalar(sa.select(sa.func.count()).select_from(TableAction)) == 0


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["", "ABC", "0OIL11", "ZZZZZZ"])
def test_a_bad_or_unknown_table_code_is_refused_with_a_sentence(sqlite_db, code):
    with refuses(t.TableNotFound, "table code|No table has the code"):
        t.join(sqlite_db, code, "Ana")


def test_a_full_or_started_table_takes_nobody_and_an_empty_seat_holds_the_start(db):
    made = t.create(db, "bordercap_gin", "Host", players=3, ai={2: "easy"}, now=T0)
    with refuses(t.TableError, "Seat 2 is still empty"):
        t.start(db, made.token)
    t.join(db, made.table.code.lower(), "Ana")  # typed in lower case: the same code
    with refuses(t.TableFull, "is full"):
        t.join(db, made.table.code, "Ben")
    t.start(db, made.token)
    with refuses(t.TableFull, "already started"):
        t.join(db, made.table.code, "Ben")
    with refuses(t.TableError, "started"):
        t.fill_with_ai(db, made.token, 1, "easy")


def test_the_host_fills_an_empty_seat_with_an_ai_and_only_the_host_can(db):
    made = t.create(db, "geopower_toss", "Host", players=4, teams=2, now=T0)
    _, guest = t.join(db, made.table.code, "Ana")
    with pytest.raises(t.NotHost):
        t.fill_with_ai(db, guest, 2, "easy")
    with refuses(t.TableError, "not an empty seat"):
        t.fill_with_ai(db, made.token, 1, "easy")  # Ana sits there
    t.fill_with_ai(db, made.token, 2, "hard")
    t.fill_with_ai(db, made.token, 3, "easy")
    assert [s.label for s in t.seats(db, made.table.id)] == [
        "Host",
        "Ana",
        "AI (hard)",
        "AI (easy)",
    ]
    with pytest.raises(t.NotHost):
        t.start(db, guest)
    assert t.start(db, made.token).status == t.PLAYING


@pytest.mark.parametrize(
    ("kwargs", "said"),
    [
        ({"game": "chess"}, "no game"),
        ({"game": "reverse_war"}, "no decisions"),
        ({"players": 3}, "for 2 players"),
        ({"ai": {0: "easy"}}, "cannot be an AI"),
        ({"ai": {1: "genius"}}, "levels"),
        ({"idle_seconds": 1}, "idle time"),
        ({"host_name": "  "}, "name"),
        ({"host_name": "[Ann](http://example.com)"}, "cannot contain"),
        ({"host_name": "**Ann**"}, r"cannot contain \*"),
        ({"host_name": "\u200b\u2060"}, "invisible characters"),
        ({"host_name": "\u202eAnn"}, "override characters"),
        ({"host_name": "Ann \u2066Bo\u2069"}, "override characters"),
    ],
)
def test_bad_table_settings_are_refused_with_a_sentence(sqlite_db, kwargs, said):
    args = {"game": "border_attack", "host_name": "Host", **kwargs}
    with refuses(t.TableError, said):
        t.create(sqlite_db, **args)


def test_a_table_is_found_by_its_code_as_typed_and_a_bad_code_is_said_in_its_own_words(
    sqlite_db,
):
    """A table code is read as a class code is (``store.codes.normalize_code``); the table's
    refusals are its own codes, worded by ``ui.games.shared.errors``."""
    made = t.create(sqlite_db, "border_attack", "Host")
    code = made.table.code
    assert t.find(sqlite_db, f" {code[:3].lower()}-{code[3:]} ").id == made.table.id
    with refuses(t.TableNotFound, "is not a table code: a code has 6"):
        t.find(sqlite_db, "0OIL1")
    with refuses(t.TableNotFound, "No table has the code ZZZZZZ: check it with"):
        t.find(sqlite_db, "zzzzzz")


def test_a_player_name_is_cleaned_as_a_students_is(sqlite_db):
    """One cleaning for both (``store.names.checked``): trimmed, spaces folded, any script,
    refused in the same words when empty, too long, invisible or overridden."""
    made = t.create(sqlite_db, "border_attack", "  Zoë   🦊 ", ai={})
    assert t.seats(sqlite_db, made.table.id)[0].name == "Zoë 🦊"
    for typed, said in [("", "Type your name"), ("x" * 41, "at most 40"),
                        ("\u3164", "invisible"), ("\u2067x", "override")]:  # fmt: skip
        with refuses(t.TableError, said):
            t.join(sqlite_db, made.table.code, typed)


def test_forged_tokens_moves_for_another_seat_illegal_moves_and_moves_after_the_end(db):
    table_id, tokens = people_table(db, "border_attack")
    other_id, other_tokens = people_table(db, "border_attack")
    state = t.replay(db, table_id)
    me, them = state.current_player, 1 - state.current_player
    action = state.legal_actions()[0]
    for forged in ("", "x" * 22, tokens[me][:-2]):
        with refuses(t.TableNotFound, "seat link"):
            t.append(db, table_id, forged, 0, action)
        with pytest.raises(t.TableNotFound):
            t.view(db, forged)
    with refuses(t.TableNotFound, "not one of this table"):
        t.append(db, table_id, other_tokens[me], 0, action)
    with refuses(t.NotYourTurn, "not your turn"):
        t.append(db, table_id, tokens[them], 0, action)
    with pytest.raises(t.TableMovedOn):
        t.append(db, table_id, tokens[me], 5, action)
    foreign = new_game("reverse_war", seed=1).legal_actions()[0]
    with pytest.raises(t.MoveRefused) as refused:
        t.append(db, table_id, tokens[me], 0, foreign)
    assert refused.value.refusal == Refusal("lead_expected")
    assert rows(db, table_id) == []
    rng = random.Random(5)
    seq = 0
    while not (state := t.replay(db, table_id)).is_over:
        seq = t.append(db, table_id, tokens[state.current_player], seq,
                       rng.choice(state.legal_actions()))  # fmt: skip
    with refuses(t.GameOver, "game is over"):
        t.append(db, table_id, tokens[0], seq, action)
    assert autoplay.play_ai_turns(db, table_id) == 0
    assert game_class("border_attack").title  # the registry is untouched
    assert len(rows(db, other_id)) == 0


def test_a_move_before_the_start_is_refused(sqlite_db):
    made = t.create(sqlite_db, "border_attack", "Host")
    t.join(sqlite_db, made.table.code, "Ana")
    state = t.replay(sqlite_db, made.table.id)
    with refuses(t.TableError, "not started"):
        t.append(sqlite_db, made.table.id, made.token, 0, state.legal_actions()[0])


def test_a_peek_changes_with_every_change_at_the_table_and_is_shared_for_a_moment(db):
    made = t.create(db, "border_attack", "Host", now=T0)
    table_id = made.table.id
    seen = [t.peek(db, table_id, fresh=True)]
    _, guest = t.join(db, made.table.code, "Ana", now=T0 + timedelta(seconds=1))
    seen.append(t.peek(db, table_id, fresh=True))
    t.start(db, made.token, now=T0 + timedelta(seconds=2))
    seen.append(t.peek(db, table_id, fresh=True))
    view = t.view(db, made.token, now=T0 + timedelta(seconds=3))
    token = made.token if view.my_turn else guest
    state = t.replay(db, table_id)
    t.append(db, table_id, token, view.seq, state.legal_actions()[0], now=T0 + timedelta(seconds=3))
    seen.append(t.peek(db, table_id, fresh=True))
    assert len(set(seen)) == 4, seen
    assert seen[-1][1:] == (t.PLAYING, 0, 1)
    # Within PEEK_FOR seconds the other sessions of the process get the same answer without
    # asking the database; a fresh peek asks it.
    statements: list[str] = []

    def count(_conn, _cursor, statement, *_args) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            statements.append(statement)

    event.listen(db.engine, "before_cursor_execute", count)
    try:
        shared = [t.peek(db, table_id) for _ in range(3)]
        asked = t.peek(db, table_id, fresh=True)
    finally:
        event.remove(db.engine, "before_cursor_execute", count)
    assert shared == [seen[-1]] * 3 and asked == seen[-1]
    assert len(statements) == 1
    assert t.peek(db, 10**9, fresh=True) == ()


@pytest.mark.parametrize(
    "raw",
    ["Ana\x07", "\u202eAna", "   ", "\u3164\u3164", "A" * 200, "x" * 1234],
    ids=["control", "override", "empty", "invisible", "long", "longer"],
)
def test_a_bad_player_name_reads_as_every_other_page_says_it(raw: str) -> None:
    """The table's refusal of a name (a code) reads as the sentence a class's join page shows
    for it (``ui.classroom.errors``), whichever rule the name breaks."""
    with pytest.raises(t.TableError) as refused:
        t.lobby._name(raw)
    assert refused.value.code.startswith("name_")
    said = ClassroomError(refused.value.code, **refused.value.values)
    assert worded(refused.value) == class_worded(said)
