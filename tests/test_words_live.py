"""The live game in words: every refusal the live store and the live rules give (read from the
source: each ``LiveError("code", …)``, its kinds' default codes, each ``Refusal("code", …)`` of
``engine/live.py`` and the name checks' ``name_*``) is worded in every language, with exactly
the values it carries; the board and a phone in Spanish say Spanish and in the pseudo-locale
leave no word outside the catalogue's brackets; and one game on a board in English and a phone
in Spanish shows each reader its own language (the store shared, nothing worded in it).

The pages are run by a small script that sets the language from ``?lang=`` as the app's page
setup does, then draws the board or the phone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import store.live.errors as live_errors
from engine.live import Phase
from engine.quiz import build_questions, parse_settings
from messages import LANGUAGES, PSEUDO, _, speaking
from store import live
from store.names import checked
from tests import refusal_codes
from tests.refusal_codes import NAME_FAULTS
from tests.test_pseudo_locale import bypassed
from ui.live.errors import LIVE_ERRORS, NOTICES, worded

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [*sorted((ROOT / "store" / "live").glob("*.py")), ROOT / "engine" / "live.py"]
KINDS = {"LiveError", "NotFound", "NameTaken", "GameOver", "AnswerRefused", "Refusal"}


def given() -> dict[str, set[frozenset[str]]]:
    """Each code the live store and rules refuse with, and the names of its values."""
    return refusal_codes.given(SOURCES, live_errors.LiveError, KINDS)


def test_the_name_faults_are_the_name_checks_rules():
    faults = {checked("\x07", 40)[1], checked("a\u202e", 40)[1], checked("  ", 40)[1],
              checked("\u200b", 40)[1], checked("x" * 41, 40)[1]}  # fmt: skip
    assert faults == set(NAME_FAULTS)


def test_every_code_is_worded_and_every_wording_is_used():
    refusal_codes.check_worded(given(), LIVE_ERRORS)


def _sample(name: str) -> object:
    """A value for a refusal's ``name``, as the store gives it."""
    if name == "result":
        params = {"mode": "zone", "n": "1", "seed": "1"}
        settings, _ = parse_settings(params, group="zones", default_seed=1)
        return build_questions(settings)[0].check("zzqx")
    texts = {"game": "K7PQ2M", "name": "Ana", "drill": "zones", "typed": "xx", "index": "-1",
             "rule": "speed"}  # fmt: skip
    return texts.get(name, 3)


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO])
def test_every_refusal_and_notice_reads_in_every_language(lang):
    codes = given()
    said = {}
    for code in [*LIVE_ERRORS, *NOTICES]:
        names = max(codes.get(code, {frozenset()}), key=len)
        error = live_errors.LiveError(code, **{n: _sample(n) for n in names})
        with speaking("en"):
            english = worded(error)
        with speaking(lang):
            said[code] = text = worded(error)
        assert text and "{" not in text, (code, text)
        if code in ("unreadable", "unavailable"):
            continue  # the quiz's and the app's own sentences, worded by their modules
        if lang == PSEUDO:
            assert not bypassed(text), (code, text)
        elif lang != "en":
            assert text != english, (code, text)
    if lang == "es":
        assert said["locked"] == (
            "El juego K7PQ2M está cerrado a nuevos jugadores: pide al docente que lo abra."
        )
        assert said["name_taken"].startswith("Alguien en este juego ya se llama «Ana»")


def test_a_refusal_is_kept_as_its_code_and_worded_when_shown():
    with pytest.raises(live.LiveError) as refused:
        raise live.NameTaken(name="Ana")
    assert refused.value.code == "name_taken" and "Ana" not in refused.value.args[0]
    with speaking("es"):
        assert worded(refused.value).startswith("Alguien en este juego")
    assert worded(refused.value).startswith("Someone in this game")


# --- the pages -----------------------------------------------------------------------------


def _board_script() -> None:
    import streamlit as st

    import messages
    from ui.live.board import board_page

    messages.use(st.query_params.get("lang", "en"))
    board_page()


def _phone_script() -> None:
    import streamlit as st

    import messages
    from ui.live.phone import phone_page

    messages.use(st.query_params.get("lang", "en"))
    phone_page()


LANG: dict[int, str] = {}  #: each page's language (AppTest words its widgets' values too)


def page(script, lang: str, **params: str) -> AppTest:
    at = AppTest.from_function(script, default_timeout=60)
    LANG[id(at)] = lang
    at.query_params["lang"] = lang
    for name, value in params.items():
        at.query_params[name] = value
    return run(at)


def run(at: AppTest, widget=None) -> AppTest:
    """Run the page (after ``widget``'s change) in its reader's language: the test's side of
    AppTest reads a choice's label with the page's ``format_func``, which speaks it."""
    with speaking(LANG[id(at)]):
        (widget or at).run()
    assert not at.exception, at.exception
    return at


def words(at: AppTest) -> list[str]:
    """Every text a reader sees on the page (markdown, titles, notices, widgets' labels)."""
    found = []
    for kind in ("markdown", "title", "header", "subheader", "caption", "success", "error",
                 "warning", "info"):  # fmt: skip
        found += [e.value for e in getattr(at, kind)]
    for kind in ("button", "toggle", "checkbox", "radio", "selectbox", "text_input",
                 "number_input", "multiselect"):  # fmt: skip
        found += [w.label for w in getattr(at, kind)]
    found += [str(o) for w in (*at.radio, *at.selectbox) for o in w.options]
    return [t for t in found if t]


def said(at: AppTest) -> str:
    return "\n".join(words(at))


def press(at: AppTest, english: str) -> AppTest:
    """Press the button whose label is ``english`` in the page's language."""
    with speaking(LANG[id(at)]):
        label = _(english)
    buttons = [b for b in at.button if b.label == label]
    assert buttons, f"no button {label!r} in {[b.label for b in at.button]}"
    return run(at, buttons[0].click())


def set_up(lang: str, n: int = 2) -> AppTest:
    """The teacher's board in ``lang``: a zones game of ``n`` questions made and shown."""
    at = page(_board_script, lang)
    with speaking(lang):
        at.radio(key="live_drill").set_value("zones")
    run(at)
    with speaking(lang):
        at.number_input(key="live_n").set_value(n)
    press(at, "Start a live game")
    return press(at, "I have kept it: show the board to the class")


def join(code: str, name: str, lang: str) -> AppTest:
    at = page(_phone_script, lang, code=code)
    at.text_input(key="live_name").input(name)
    return press(at, "Join")


def one(at: AppTest, value: str) -> None:
    radio = next(w for w in at.radio if w.key and w.key.endswith("_one"))
    with speaking(LANG[id(at)]):
        radio.set_value(value)
    press(at, "Send my answer")


def left_over(texts: list[str], *values: str) -> dict[str, str]:
    """What of ``texts`` bypassed the catalogue (the players' names and the game's code aside)."""
    left = {}
    for text in texts:
        for value in values:
            text = text.replace(value, " ")
        if rest := bypassed(text):
            left[rest] = text
    return left


def host(class_db, board: AppTest) -> tuple[live.LiveGameInfo, str]:
    key = board.session_state["live_host_key"]
    return live.game_for_key(class_db, key), key


def test_the_board_and_a_phone_speak_spanish(class_db):
    board = set_up("es")
    game, key = host(class_db, board)
    shown = said(board)
    assert "Únete al juego con este código" in shown and "0 jugadores se unieron" in shown
    assert "Cerrar el juego: sin nuevos jugadores" in shown
    phone = join(game.code, "Ana", "es")
    assert "Ya estás dentro, Ana." in said(phone)
    assert "Esperando a que el docente empiece el juego." in said(phone)
    run(board)
    assert "1 jugador se unió" in said(board) and "Quitar a Ana" in said(board)
    press(board, "Start")
    q = live.game_for_key(class_db, key).question(0)
    assert "Pregunta 1 de 2" in said(board) and "0 de 1 respondieron" in said(board)
    run(phone)
    assert "Pregunta 1 de 2 · Ana" in said(phone)
    one(phone, q.answer)
    with speaking("es"):
        from ui.games.wording import zone_name

        zone = zone_name(q.answer)
    assert f"Tu respuesta está enviada: {zone}." in said(phone)
    run(board)
    press(board, "Reveal")
    shown = said(board)
    assert f"La respuesta: {zone}" in shown and "1 de 1 correctas, 100\u00a0%" in shown
    assert "### 1. Ana · 1.000 puntos" in shown and "Los cinco mejores" in shown
    run(phone)
    shown = said(phone)
    assert "¡Correcto!" in shown and "Tienes **1.000 puntos**: **1.º de 1**." in shown
    assert f"La respuesta: **{zone}**" in shown


def test_the_board_and_a_phone_bypass_no_catalogue_text_in_the_pseudo_locale(class_db):
    board = set_up(PSEUDO)
    game, key = host(class_db, board)
    seen = list(words(board))
    phone = join(game.code, "Ana", PSEUDO)
    seen += words(phone)
    live.join(class_db, game.code, "Ben", "token-ben")
    run(board)
    seen += words(board)
    press(board, "Start")
    seen += words(board)
    run(phone)
    seen += words(phone)
    q = live.game_for_key(class_db, key).question(0)
    one(phone, q.answer)
    seen += words(phone)
    run(board)
    press(board, "Reveal")
    seen += words(board)
    run(phone)
    seen += words(phone)
    press(board, "Next question")
    press(board, "Reveal")
    press(board, "Finish")
    seen += words(board)
    run(phone)
    seen += words(phone)
    assert live.game_for_key(class_db, key).phase is Phase.ENDED
    assert left_over(seen, "Ana", "Ben", game.code) == {}


def test_one_game_speaks_english_on_the_board_and_spanish_on_a_phone(class_db):
    board = set_up("en")
    game, key = host(class_db, board)
    ana = join(game.code, "Ana", "es")
    ben = join(game.code, "Ben", "en")
    run(board)
    assert "2 players joined" in said(board)
    assert "Ya estás dentro, Ana." in said(ana) and "You're in, Ben." in said(ben)
    press(board, "Start")
    q = live.game_for_key(class_db, key).question(0)
    run(ana)
    run(ben)
    assert "Question 1 of 2" in said(board) and "Pregunta 1 de 2 · Ana" in said(ana)
    assert "Question 1 of 2 · Ben" in said(ben)
    wrong = next(c for c in q.choices if c != q.answer)
    one(ana, wrong)
    one(ben, q.answer)
    run(board)
    press(board, "Reveal")
    run(ana)
    run(ben)
    with speaking("es"):
        from ui.games.wording import zone_name

        spanish = zone_name(wrong)
    assert f"The answer: {q.answer}" in said(board) and "1 of 2 right, 50%" in said(board)
    assert f"Esta vez no: respondiste {spanish}." in said(ana)
    assert "Right!" in said(ben) and "**1st of 2**" in said(ben)
    assert "**2.º de 2**" in said(ana)
    assert not re.search(r"\b(?:the|The|You|of)\b", said(ana).replace("Ana", ""))
    with class_db.read() as s:  # nothing worded is kept: the answers' values are codes
        import sqlalchemy as sa

        from store.models import LiveAnswer

        kept = s.execute(sa.select(LiveAnswer.given, LiveAnswer.value)).all()
    assert sorted(g for g, _ in kept) == sorted([q.answer, wrong])
