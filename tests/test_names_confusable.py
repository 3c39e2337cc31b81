"""Issue 28, item 20: names drawn alike are one name (Unicode TR39 confusables skeleton,
invisible code points dropped, NFKC), for live players and class students alike."""

from __future__ import annotations

import string
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import store.classroom as cr
import store.live as live
from engine.live import LiveRules
from engine.names import BLANK, IGNORABLE, _table, name_key, skeleton
from engine.quiz import QuizSettings

LOOK_ALIKES = [
    "\u0410na",  # Cyrillic capital A
    "\u0391na",  # Greek capital Alpha
    "\u1d00na",  # Latin letter small capital A
    "Ana\u3164",  # Hangul filler
    "A\u2800na",  # blank Braille pattern
    "Ana\ufe0f",  # variation selector 16
    "A\ufe00na",  # variation selector 1
    "\u115fAna",  # Hangul choseong filler
    "Ana\u200b",  # zero-width space
    "Ana\U000e0041",  # a tag letter
    "\uff21\uff4e\uff41",  # full-width
    "  ana ",
    "A\u0578a",  # Armenian small letter vo (drawn as n)
]
names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
invisibles = st.sampled_from(sorted(IGNORABLE | BLANK))
ASCII_LOOKS = sorted(
    (source, target)
    for source, target in _table().items()
    if len(target) == 1
    and target in string.ascii_letters
    and unicodedata.normalize("NFKC", source) == source
    and source != "I"  # capital I, drawn as l, stays i: Latin names ignore case
)


@pytest.mark.parametrize("look_alike", LOOK_ALIKES, ids=ascii)
def test_the_examples_are_ana(look_alike):
    assert name_key(look_alike) == name_key("Ana")


def test_different_names_stay_different():
    for a, b in [("Ana", "Anna"), ("Zoë", "Zoe"), ("Ana B", "Ana C"), ("李", "季"), ("Al", "AI")]:
        assert name_key(a) != name_key(b), (a, b)


@pytest.mark.parametrize("pair", ASCII_LOOKS, ids=lambda p: f"U+{ord(p[0]):04X}")
def test_every_look_alike_of_a_latin_letter_is_that_letter(pair):
    source, target = pair
    assert name_key(f"x{source}y") == name_key(f"x{target}y")


@settings(deadline=None)  # no wall-clock limit: a loaded machine is slower
@given(names, st.integers(0, 12), invisibles)
def test_an_invisible_code_point_anywhere_changes_nothing(name, at, invisible):
    assert name_key(name[:at] + invisible + name[at:]) == name_key(name)


@settings(deadline=None)  # no wall-clock limit: a loaded machine is slower
@given(st.text(string.ascii_letters + " ", max_size=12))
def test_a_latin_name_ignores_case(name):
    assert name_key(name.upper()) == name_key(name.lower()) == name_key(name.swapcase())


@settings(deadline=None)  # no wall-clock limit: a loaded machine is slower
@given(names)
def test_the_key_is_its_own_key(name):
    assert name_key(name_key(name)) == name_key(name)


@settings(deadline=None)  # no wall-clock limit: a loaded machine is slower
@given(names)
def test_the_skeleton_is_stable(name):
    assert skeleton(skeleton(name)) == skeleton(name)


def test_a_look_alike_does_not_join_a_live_game(db):
    game = live.create_game(db, "zones", {"mode": "zone", "n": "2"}, LiveRules(), "key")
    live.join(db, game.code, "Ana", "t-ana")
    for i, look_alike in enumerate(LOOK_ALIKES):
        with pytest.raises(live.NameTaken):
            live.join(db, game.code, look_alike, f"t{i}")


def test_a_look_alike_does_not_join_a_class(db):
    assignment = cr.create_assignment(
        db, title="Zones", drill="zones", settings=QuizSettings(modes=("zone",), n=2, seed=1)
    )
    cr.join(db, assignment.assignment.code, "Ana")
    for look_alike in LOOK_ALIKES:
        with pytest.raises(cr.ClassroomError):
            cr.join(db, assignment.assignment.code, look_alike)


def test_the_migration_keys_stored_names_again_and_keeps_old_look_alikes(db_url):
    """0006 computes every stored name key again: a game and a class that already hold "Ana"
    and a Cyrillic "Аna" (joined under the old keys) keep both, and a third look-alike is
    refused from then on."""
    import sqlalchemy as sa

    from store import schema
    from store.db import Database
    from store.models import LivePlayer, Student

    db = Database(db_url)
    schema.upgrade(db.engine, "0005")
    now = "2025-03-03 09:00:00+00:00" if db.dialect == "sqlite" else "2025-03-03T09:00:00Z"
    with db.engine.begin() as c:
        assignment = c.execute(
            sa.text(
                "INSERT INTO class_assignment (code, title, drill, settings, seed, questions, "
                "teacher_key_hash, created_at) VALUES ('ABCDEF', 'Old', 'zones', "
                '\'{"mode": "zone", "n": "2"}\', 5, 2, \'k\', :now) RETURNING id'
            ),
            {"now": now},
        ).scalar()
        game = c.execute(
            sa.text(
                "INSERT INTO live_game (code, host_key_hash, drill, settings, seed, rules, "
                "questions, phase, question, version, created_at, updated_at) VALUES "
                "('GHJKMN', 'h', 'zones', '{\"mode\": \"zone\", \"n\": \"2\"}', 5, '{}', 2, "
                "'lobby', -1, 0, :now, :now) RETURNING id"
            ),
            {"now": now},
        ).scalar()
        for i, name in enumerate(["Ana", "\u0410na"]):
            c.execute(
                sa.text(
                    "INSERT INTO class_student (assignment_id, name, name_key, token_hash, "
                    "started_at) VALUES (:a, :name, :k, :t, :now)"
                ),
                {"a": assignment, "name": name, "k": f"old-{i}", "t": f"t-{i}", "now": now},
            )
            c.execute(
                sa.text(
                    "INSERT INTO live_player (game_id, name, name_key, token_hash, joined_at) "
                    "VALUES (:g, :name, :k, :t, :now)"
                ),
                {"g": game, "name": name, "k": f"old-{i}", "t": f"lt-{i}", "now": now},
            )
    schema.upgrade(db.engine)
    with db.read() as s:
        assert s.scalar(sa.select(sa.func.count()).select_from(Student)) == 2
        assert s.scalar(sa.select(sa.func.count()).select_from(LivePlayer)) == 2
    with pytest.raises(cr.ClassroomError):
        cr.join(db, "ABCDEF", "\u1d00na")
    with pytest.raises(live.NameTaken):
        live.join(db, "GHJKMN", "\u0391na", "t-new")
    assert live.join(db, "GHJKMN", "Ben", "t-ben").name == "Ben"
    db.dispose()
