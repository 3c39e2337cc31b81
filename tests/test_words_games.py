"""The games' remaining words through the message layer: the set-up (its form's labels, the
notes on a link's bad values, the set-ups a game refuses), the moves as the notebook's game
widget names them, and the Jupyter game widget itself (every label, button, status, log and
end screen in its ``language``).

In the pseudo-locale (every catalogue text ``⟦text···⟧``) nothing of these is left
unbracketed once the catalogue's texts, the capitals, numbers and signs are taken out (the
states' names too are texts of the catalogue, so they are not taken out here); in Spanish a
whole Border Attack game in the widget reads Spanish."""

from __future__ import annotations

import random
import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from engine.bordercap_gin import Declare  # noqa: E402
from engine.cards import deck  # noqa: E402
from engine.core import BadSetup  # noqa: E402
from engine.games import GAMES, game_class, has_decisions, new_game, player_settings  # noqa: E402
from messages import PSEUDO, _, pgettext, speaking  # noqa: E402
from store.tables import SetupRefused  # noqa: E402
from ui.games.refusals import SETUP, setup_worded  # noqa: E402
from ui.games.setup import AI_LEVELS, level_name, parse_setup, settings_label  # noqa: E402
from ui.games.shared.errors import worded as table_worded  # noqa: E402
from ui.games.words import words_of  # noqa: E402
from widgets import GameWidget  # noqa: E402

_BRACKETED = re.compile(r"⟦[^⟦⟧]*⟧")
_STYLE = re.compile(r"<style>.*?</style>", re.S)
_CAPITALS = sorted({c.capital for c in deck()}, key=len, reverse=True)
# Babel's list words in English (the pseudo-locale's formats) and the game's own names.
_VALUES = re.compile(
    "|".join(re.escape(n) for n in [*_CAPITALS, *(cls.title for cls in GAMES.values())])
    + r"|\b(?:and|or)\b"
)


def bypassed(text: str) -> str:
    """What is left of ``text`` once every catalogue text, capital, number, sign and HTML tag
    (and stylesheet) is out."""
    text = _STYLE.sub(" ", text)
    while _BRACKETED.search(text):
        text = _BRACKETED.sub(" ", text)
    text = _VALUES.sub(" ", text)
    text = re.sub(r"<[^>]*>", " ", text)
    return " ".join(re.findall(r"[^\W\d_]{2,}", text))


def left_over(texts) -> dict[str, str]:
    """The unbracketed words of each text, by what was left."""
    return {rest: text for text in texts if text and (rest := bypassed(text))}


# --- the set-up ---------------------------------------------------------------------------------

#: a link of bad values of every kind the set-up notes
BAD_LINK = {
    "seed": "x",
    "players": "99",
    "teams": "7",
    "levels": "expert,pro,hard,easy,easy,easy,easy,easy",
    "dealer": "me",
    "target": "45",
    "mode": "fast",
}


def setup_words(game_id: str) -> list[str]:
    """Every text of the set-up form and of a bad link's notes for ``game_id``."""
    words = words_of(game_id)
    found = [level_name(level) for level in AI_LEVELS]
    found += [settings_label(p, t) for p, t in player_settings(game_id)]
    for choice in words.choices:
        found += [choice.label_text(), choice.value_text("not a value")]
        found += [choice.value_text(v) for v in choice.values]
    for link in (BAD_LINK, {"players": "2", "teams": "9"}, {"levels": "expert"}):
        found += parse_setup(game_id, link, choices=words.choices, default_seed=1)[1]
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_no_word_of_the_set_up_bypasses_the_catalogue(game_id) -> None:
    with speaking(PSEUDO):
        found = setup_words(game_id)
    assert len(found) > 8
    assert left_over(found) == {}


def test_a_bad_link_is_noted_in_spanish() -> None:
    with speaking("es"):
        notes = parse_setup(
            "bordercap_gin", BAD_LINK, choices=words_of("bordercap_gin").choices, default_seed=3
        )[1]
    with speaking("en"):
        english = parse_setup(
            "bordercap_gin", BAD_LINK, choices=words_of("bordercap_gin").choices, default_seed=3
        )[1]
    assert len(notes) == len(english) == 6  # seed, players, teams, levels (twice), target
    assert english[0].startswith("seed=x is not a deal number")
    assert all(es != en for es, en in zip(notes, english, strict=True)), notes
    assert notes[-1] == "target=45 no es uno de 50, 30; se usó 50."
    assert notes[0] == (
        "seed=x no es un número de reparto (un número entero de 0 a 4.294.967.295); se hizo un "
        "reparto nuevo: reparto 3."
    )


# A set-up some game's ``new`` refuses, by the code of its refusal.
REFUSED_SETUPS = {
    "players": {"players": 9},
    "no_teams": {"teams": 2},
    "unknown_options": {"goal": 100},
    "dealer": {"dealer": 5},
    "target": {"target": 45},
    "teams": {"players": 4, "teams": 3},
}


def refused_setups():
    """(game, the refusal) for every bad set-up of :data:`REFUSED_SETUPS` each game refuses."""
    found = []
    for game_id in GAMES:
        for options in REFUSED_SETUPS.values():
            try:
                new_game(game_id, seed=1, **options)
            except BadSetup as refused:
                found.append((game_id, refused.refusal))
    return found


def test_every_set_up_a_game_refuses_is_coded_and_worded() -> None:
    found = refused_setups()
    assert {r.code for _game, r in found} == set(SETUP) == set(REFUSED_SETUPS)
    for game_id, refusal in found:
        with speaking(PSEUDO):
            assert left_over([setup_worded(refusal, game_id)]) == {}
        with speaking("es"):
            spanish = setup_worded(refusal, game_id)
        assert spanish != setup_worded(refusal, game_id), spanish
    with pytest.raises(BadSetup, match="Border Attack is for 2 players, not 3"):
        new_game("border_attack", players=3)


def test_a_table_whose_set_up_the_game_refuses_says_it_in_the_readers_language() -> None:
    with pytest.raises(BadSetup) as caught:
        new_game("geopower_toss", players=4, teams=3)
    refused = SetupRefused(caught.value.refusal, "geopower_toss")
    assert table_worded(refused) == (
        "4 players cannot make 3 teams: 4 players make 2 teams of 2, 6 players make 2 teams "
        "of 3 or 3 teams of 2."
    )
    with speaking("es"):
        assert table_worded(refused).startswith("4 jugadores no")


# --- the moves as the widget names them ---------------------------------------------------------


def legal_actions(game_id: str, seed: int = 3, limit: int = 400) -> list:
    """The legal actions met in a random game of ``game_id`` (one of each kind and more)."""
    rng = random.Random(seed)
    players, teams = player_settings(game_id)[-1]
    state = new_game(game_id, players=players, teams=teams, seed=seed)
    found = []
    for _step in range(limit):
        if state.is_over:
            break
        legal = state.legal_actions()
        found += legal
        state.apply(rng.choice(legal))
    if game_id == "bordercap_gin":  # a declaration, with its split or without
        hand = deck()[:7]
        found += [Declare(), Declare(tuple(hand[:4]), tuple(hand[4:]))]
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_every_move_has_a_label_in_the_readers_language(game_id) -> None:
    words = words_of(game_id)
    actions = legal_actions(game_id)
    assert {type(a) for a in actions} == set(game_class(game_id).actions)
    with speaking(PSEUDO):
        assert left_over([words.move_label(a) for a in actions]) == {}
    for action in actions[:40]:
        english = words.move_label(action)
        with speaking("es"):
            assert words.move_label(action) != english, english


def test_the_moves_read_as_the_notebooks_shorthand_did_in_english() -> None:
    words = words_of("border_attack")
    state = new_game("border_attack", seed=7, dealer=0)
    for action in state.legal_actions():
        text = str(action)
        assert words.move_label(action) == text[:1].upper() + text[1:]


# --- the Jupyter game widget --------------------------------------------------------------------


def widget_texts(g: GameWidget) -> list[str]:
    """Every text the widget shows now: its HTML parts, buttons, switches, panels' titles and
    the map's label and hint."""
    parts = [g.head, g.status, g.news, g.hint, g.message, g.hand, g.game_log, g.rules]
    found = [p.value for p in parts]
    found += [b.description for b in g.moves.children]
    found += [b.tooltip or "" for b in g.moves.children]
    found += [g.hints_switch.description, g.follow_switch.description]
    for accordion in g.children[-2:]:
        found += list(accordion.titles)
    found += [g.map.data.get("label") or "", g.map.data.get("hint") or ""]
    found += [str(note) for note in (g.map.data.get("notes") or {}).values()]
    return found


def play(g: GameWidget, seed: int = 1, limit: int = 600, seen=None) -> None:
    """Click a random enabled move button until the game ends (a guess: states on the map
    first); ``seen`` collects the widget's texts at every step."""
    rng = random.Random(seed)
    for _click in range(limit):
        if seen is not None:
            seen.extend(widget_texts(g))
        if g.state.is_over:
            return
        buttons = [b for b in g.moves.children if not b.disabled]
        if not buttons:
            ann = g.state.observation(0).announcement
            choices = [c for c in (g.map.data["choices"] or ["TX", "UT"]) if c != ann.usps]
            g.map.picks = rng.sample(choices, ann.count if ann.usps else 1)
            buttons = [b for b in g.moves.children if not b.disabled]
        rng.choice(buttons).click()
    pytest.fail("the game did not end")


def _options(game_id: str) -> dict:
    teamed = sorted((p, t) for p, t in player_settings(game_id) if t is not None)
    players, teams = teamed[0] if teamed else (2, None)
    return {"players": players, "teams": teams}


@pytest.mark.parametrize("game_id", GAMES)
def test_no_word_of_the_game_widget_bypasses_the_catalogue(game_id) -> None:
    seen: list[str] = []
    g = GameWidget(
        game_id,
        seed=5,
        hints=True,
        follow=has_decisions(game_id),
        language=PSEUDO,
        **_options(game_id),
        levels="expert",  # a bad link value: its note is shown too
    )
    assert "⟦" in g.head.value  # the note on levels=expert, the intro
    play(g, seen=seen)
    g.moves.children[-1].click()  # "Replay this deal": a click outside any language
    seen += widget_texts(g)
    assert left_over(seen) == {}


def test_a_whole_border_attack_game_in_the_widget_reads_spanish() -> None:
    seen: list[str] = []
    g = GameWidget("border_attack", seed=7, levels="easy", hints=True, language="es")
    assert g.language == "es"
    assert g.hints_switch.description == "Pistas"
    assert g.follow_switch.description == "Seguir a la IA paso a paso"
    assert g.children[-2].titles == ("Registro de la partida",)
    assert g.children[-1].titles == ("Cómo se juega",)
    play(g, seed=2, seen=seen)
    text = "\n".join(seen)
    assert [b.description for b in g.moves.children] == ["Jugar otra vez", "Repetir este reparto"]
    for spanish in ("Baza", "Mazo", "Tu mano", "Desde tu última jugada", "Pista"):
        assert spanish in text, spanish
    for english in ("Your hand", "Since your last move", "Trick", "Deck", "Game over"):
        assert english not in text, english
    with speaking("es"):
        spanish_names = [pgettext("state name", c.name) for c in deck()]
    english_only = [c.name for c in deck() if c.name not in spanish_names]  # "New York"
    assert any(name in text for name in spanish_names if name not in english_only)
    assert not any(re.search(rf"\b{name}\b", text) for name in english_only), [
        n for n in english_only if re.search(rf"\b{n}\b", text)
    ]


def test_the_widget_speaks_english_by_default_and_refuses_an_unknown_language() -> None:
    g = GameWidget("reverse_war", seed=1)
    assert g.language == "en"
    assert [b.description for b in g.moves.children] == ["Flip", "Play to the end"]
    with pytest.raises(ValueError, match="not one of the languages"):
        GameWidget("reverse_war", seed=1, language="xx")
    with speaking("es"):
        assert _("Hints") == "Pistas"
