"""The notebook widgets' Python side (``widgets/``): the map's data and files, a quiz judged
by the engine from the map's picks and from typing, games played to their end by their
buttons, the class map of a results CSV. No browser: a click on the map is the ``picks``
traitlet changing, as the browser sets it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("anywidget", reason="the notebook extra (anywidget) is not installed")

from engine.border_attack import GuessBorders, GuessState  # noqa: E402
from engine.games import GAMES, player_settings  # noqa: E402
from engine.quiz import MODES, AnswerType, Outcome  # noqa: E402
from ui.classroom.class_map import share_roles  # noqa: E402
from ui.map_assets import PLOTLY_JS, STATIC  # noqa: E402
from ui.map_data import map_data  # noqa: E402
from widgets import GameWidget, GeoMap, QuizWidget, class_map  # noqa: E402
from widgets.map import ASSETS  # noqa: E402
from widgets.markup import block, inline  # noqa: E402
from widgets.results import shares_from_csv  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "notebooks" / "class_results_sample.csv"


# --- the map ------------------------------------------------------------------------------------


def test_the_widget_map_draws_the_data_the_streamlit_map_sends() -> None:
    options = dict(pick="many", choices=["CO", "UT"], zoom=["CO"], words={"target": "this"})
    m = GeoMap({"CO": "target", "KS": "neutral"}, **options)
    assert m.data == map_data({"CO": "target", "KS": "neutral"}, **options)
    m.draw({"TX": "correct"}, picks=["TX"])
    assert m.data["roles"] == {"TX": "correct"} and m.picks == ["TX"]


def test_the_map_asks_the_kernel_for_the_core_plotly_and_the_outlines(monkeypatch) -> None:
    m = GeoMap()
    sent = []
    monkeypatch.setattr(m, "send", lambda content, buffers=None: sent.append((content, buffers)))
    m._on_message(m, {"kind": "something else"}, [])
    assert not sent
    m._on_message(m, {"kind": ASSETS}, [])
    [(content, buffers)] = sent
    assert content == {"kind": ASSETS}
    assert buffers[0] == (STATIC / "core.js").read_bytes()
    assert buffers[1] == (STATIC / PLOTLY_JS).read_bytes()
    assert buffers[2] == (STATIC / "states.json").read_bytes()


def test_one_copy_of_the_map_code_behind_both_hosts() -> None:
    core = (STATIC / "core.js").read_text()
    streamlit = (STATIC / "geomap.js").read_text()
    notebook = (ROOT / "widgets" / "map.js").read_text()
    assert "export class GeoMap" in core
    for adapter in (streamlit, notebook):
        assert "class GeoMap" not in adapter and "GeoMap" in adapter
        assert len(adapter) < len(core) / 5
    assert "cdn" not in (core + streamlit + notebook).lower()


# --- the quiz -----------------------------------------------------------------------------------


def quiz() -> QuizWidget:
    return QuizWidget("borders", mode="neighbors", region="west", n=3, seed=7)


def test_a_pick_on_the_map_is_what_the_quiz_checks() -> None:
    q = quiz()
    asked = q.run.current
    assert q.map.data["pick"] == "many" and asked.focus not in q.map.data["choices"]
    q.map.picks = sorted(asked.answer)  # the browser reports the clicks
    result = q.check()
    assert result.outcome is Outcome.RIGHT
    assert q.phase == "feedback" and "Right!" in q.message.value
    assert set(q.map.data["roles"]) >= asked.answer  # the feedback map: right in green


def test_typing_is_forgiven_and_a_miss_comes_back() -> None:
    q = quiz()
    first = q.run.current
    q._fields["text"].value = "arizona, colorado, oklahoma, texs"  # Utah missed, Texas misspelt
    result = q.check()
    assert result.outcome is Outcome.WRONG and "Missed: Utah" in result.message
    assert "Right answer:" in q.message.value and "comes back later" in q.message.value
    q.next()
    assert q.run.current is not first
    for _ in range(2):
        q.check(q.run.current.answer)
        q.next()
    assert q.run.current is first  # again, after the other questions
    assert "Again" in q.question.value


def test_an_answer_that_does_not_count_stays_on_the_question() -> None:
    q = quiz()
    result = q.check()  # nothing picked: the engine says why, as on the drill page
    assert result.outcome is Outcome.NOT_COUNTED
    assert "Pick at least one state first." in q.message.value
    q._fields["text"].value = "Atlantis"
    result = q.check()
    assert result.outcome is Outcome.NOT_COUNTED and q.phase == "ask"
    assert "Atlantis" in q.message.value and q.run.answered == 0


def test_the_summary_lists_the_misses_and_practises_them() -> None:
    q = quiz()
    q.check(("WA",))
    q.next()
    while not q.over:
        q.check(q.run.current.answer)
        q.next()
    assert "Quiz complete" in q.question.value
    assert "You got 2 of 3 right at the first try" in q.question.value
    assert "Your mistakes" in q.message.value and "right later" in q.message.value
    assert q.map.data["styles"]["correct"]["label"] == "right at the first try"
    labels = [b.description for b in q.buttons.children if hasattr(b, "description")]
    assert labels[0] == "Practise my misses (1)"
    q.buttons.children[0].click()
    assert q.run.practice and q.run.total == 1


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_is_answered_through_the_widgets_own_fields(mode: str) -> None:
    """The right answer given the way a student gives it (the map, a choice, a typed name or
    capital, one name after another) is judged right."""
    q = QuizWidget(mode=mode, n=2, seed=3)
    asked, fields = q.run.current, q._fields
    if asked.answer_type is AnswerType.NAMES:
        for usps in sorted(asked.answer):
            q.add_name(asked.label(usps))
    elif "choice" in fields and asked.answer_type is not AnswerType.TEXT:
        fields["choice"].value = asked.answer
    elif asked.answer_type is AnswerType.ORDER:
        q.map.picks = list(asked.answer)
    elif asked.answer_type is AnswerType.SET:
        q.map.picks = sorted(asked.answer)
    else:
        fields["text"].value = asked.label(asked.answer)
    assert q.check().correct


def test_a_bad_setting_is_a_note_not_an_error() -> None:
    q = QuizWidget("borders", mode="neighbours", n=99, seed=1)
    assert q.run.total == 50
    assert any("neighbours" in n for n in q.notes) and any("n=99" in n for n in q.notes)


def test_a_list_of_names_fills_the_map_one_name_at_a_time() -> None:
    q = QuizWidget("locate", mode="all50", region="northeast", seed=1)
    assert q.add_name("Texas") == "Texas is not in the Northeast Census region."
    assert "yes" in q.add_name("mass")
    assert q.map.data["roles"]["MA"] == "correct"
    result = q.check()
    assert result.outcome is Outcome.WRONG and "1 of 9 states named (11%)" in result.message


# --- the games ----------------------------------------------------------------------------------


def play_to_the_end(g: GameWidget, seed: int = 1, limit: int = 500) -> int:
    """Click a random enabled move button until the game ends (a guess: random states on the
    map first); returns the clicks."""
    rng = random.Random(seed)
    clicks = 0
    while not g.state.is_over and clicks < limit:
        buttons = [b for b in g.moves.children if not b.disabled]
        if not buttons:
            ann = g.state.observation(0).announcement
            choices = [c for c in (g.map.data["choices"] or ["TX", "UT"]) if c != ann.usps]
            g.map.picks = rng.sample(choices, ann.count if ann.usps else 1)
            buttons = [b for b in g.moves.children if not b.disabled]
        rng.choice(buttons).click()
        clicks += 1
        assert not g.session.message, g.session.message
    return clicks


def _options(game_id: str, seed: int) -> dict:
    """A set-up of every kind the game has: teams when it has them, hints on."""
    teamed = sorted((p, t) for p, t in player_settings(game_id) if t is not None)
    players, teams = teamed[0] if teamed else (2, None)
    return {"seed": seed, "players": players, "teams": teams, "hints": True}


@pytest.mark.parametrize("game", GAMES)
def test_each_game_is_played_to_its_end_with_the_pages_words(game: str) -> None:
    g = GameWidget(game, **_options(game, seed=7))
    assert g.page.title in g.head.value and g.rules.value.startswith("<p>")
    play_to_the_end(g)
    ending = g.page.ending(g.session)
    assert g.state.is_over and inline(ending.headline) in g.message.value
    assert [b.description for b in g.moves.children] == ["Play again", "Replay this deal"]
    assert g.game_log.value.count("<li>") > 5


def test_a_border_attack_guess_is_made_on_the_map_and_judged_by_the_engine() -> None:
    g = GameWidget("border_attack", levels="easy", seed=7, dealer="you")
    for _ in range(200):
        legal = g.state.legal_actions() if g.session.humans_turn else []
        if legal and isinstance(legal[0], GuessState | GuessBorders):
            break
        g.moves.children[0].click()
    else:
        pytest.fail("no guess in 200 moves")
    ann = g.state.observation(0).announcement
    assert g.map.data["pick"] == ("one" if ann.usps is None else "many" if ann.count else "none")
    if ann.usps is not None and ann.count > 1:
        g.map.picks = g.map.data["choices"][:1]
        [button] = g.moves.children
        assert button.disabled and button.description.endswith(f"(1 of {ann.count} picked.)")
    before = len(g.session.history)
    g.map.picks = g.map.data["choices"][: ann.count] if ann.usps else ["TX"]
    [button] = g.moves.children
    assert not button.disabled
    button.click()
    assert len(g.session.history) > before  # the guess was played, right or wrong
    assert "guess" in g.game_log.value.lower()


def test_hints_are_the_pages_hints() -> None:
    g = GameWidget("bordercap_gin", seed=3, hints=True)
    hints = g.page.hints(g.session)
    assert hints.lines and inline(hints.lines[0]) in g.hint.value
    g.hints_switch.value = False
    assert g.hint.value == ""


def test_an_unknown_game_or_a_bad_link_value() -> None:
    with pytest.raises(ValueError, match="border_attack"):
        GameWidget("poker")
    g = GameWidget("border_attack", levels="expert", seed=1)
    assert "expert is not an AI level" in g.head.value


# --- the class map and the words ----------------------------------------------------------------


def test_the_class_map_of_a_results_csv() -> None:
    text = SAMPLE.read_text()
    shares = shares_from_csv(text)
    m = class_map(SAMPLE)
    roles, notes = share_roles(shares)
    assert m.data["roles"] == {k: v for k, v in roles.items() if v != "neutral"}
    assert m.data["notes"] == notes and m.data["codes"] is True
    assert m.data["styles"]["wrong"]["label"] == "half or more wrong"
    with pytest.raises(ValueError, match="not a class results CSV"):
        shares_from_csv("a,b\n1,2\n")


def test_typed_text_never_becomes_markup() -> None:
    assert inline(r"**You:** \<script\> \*x\*") == "<b>You:</b> &lt;script&gt; *x*"
    assert inline("a  \nb · right later :material/check:") == "a<br>b · right later ✓"
    assert block("- one\n- two\n\ntext") == "<ul><li>one</li><li>two</li></ul><p>text</p>"
