"""The pseudo-locale sweep of the games' words: in the pseudo-locale every text of the
catalogue reads ``⟦text···⟧``, so a word that reaches a game's screen unbracketed bypassed the
catalogue. For every game and every set-up it allows, a seeded game is played by bots to its
end with hints on, and at each of its first 40 steps and one in seven after them, the screen's
words are read as a player sees them
(status bar, hints and their card captions, the log, the move on the map, the intro and the
rules, the end screen): once the bracketed texts, the names of states and capitals, numbers and
signs are taken out, no word is left. (The pages' Streamlit widgets are swept in the browser once
the language switch exists.)"""

from __future__ import annotations

import re

import pytest

from engine.bots import make_bot
from engine.cards import deck
from engine.games import GAMES, has_decisions, player_settings
from messages import PSEUDO, speaking
from ui.games.session import GameSession, log_lines
from ui.games.setup import Setup
from ui.games.words import words_of

SETUPS = [(g, p, t) for g in GAMES for p, t in player_settings(g)]
_BRACKETED = re.compile(r"⟦[^⟦⟧]*⟧")
# What a screen shows that is no text of the app: the cards' names and capitals, codes, the
# AI's levels as the URL says them, Babel's list words in English (the pseudo-locale's formats).
_NAMES = sorted({c.name for c in deck()} | {c.capital for c in deck()}, key=len, reverse=True)
_VALUES = re.compile("|".join(re.escape(n) for n in _NAMES) + r"|\b(?:and|or)\b")


def bypassed(text: str) -> str:
    """What is left of ``text`` once every catalogue text, name, number and sign is out."""
    while _BRACKETED.search(text):
        text = _BRACKETED.sub(" ", text)
    text = _VALUES.sub(" ", text)
    text = re.sub(r"<[^>]*>", " ", text)  # HTML tags and their attributes
    return " ".join(re.findall(r"[^\W\d_]{2,}", text))


def screen_words(session: GameSession, words) -> list[str]:
    """Every text a player reads of the game now (its own seat, hints on)."""
    found = [words.intro(session), words.rules(session)]
    status = words.status(session, False)
    if status is not None:
        found += [part for chip in status.chips for part in chip]
    hints = words.hints(session)
    found += [*hints.lines, *hints.captions.values()]
    move = words.map_move(session)
    if move is not None:
        found.append(move.label)
    found += log_lines(session, words.describe)
    if session.state.is_over:
        ending = words.ending(session)
        found += [ending.headline, *ending.summary]
    return [t for t in found if t]


@pytest.mark.parametrize(("game_id", "players", "teams"), SETUPS)
def test_no_word_of_a_game_bypasses_the_catalogue(game_id, players, teams) -> None:
    words = words_of(game_id)
    levels = ("easy",) * (players - 1)
    setup = Setup(game_id, 11, players, teams, levels if has_decisions(game_id) else ())
    with speaking(PSEUDO):
        session = GameSession.deal(
            "t", setup, words.choices, snapshot_of=words.snapshot_of, pause_after=words.pause_after
        )
        session.hints = True
        if has_decisions(game_id):
            session.bots[0] = make_bot(game_id, "easy", 0, seed=1)
        left = {}
        for step in range(3000):
            if step < 40 or step % 7 == 0:  # every step of the start, then one in seven
                for text in screen_words(session, words):
                    if rest := bypassed(text):
                        left.setdefault(rest, text)
            if session.state.is_over:
                break
            seat = session.state.current_player
            if seat in session.bots:
                session.play_ai(one=True)
            else:  # a game without decisions: its one move
                session.play(session.state.legal_actions()[0], seat)
        for text in screen_words(session, words):
            if rest := bypassed(text):
                left.setdefault(rest, text)
    assert session.state.is_over, "the game did not reach its end"
    assert left == {}, "\n".join(f"{rest!r} in {text!r}" for rest, text in left.items())
