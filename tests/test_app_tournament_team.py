"""AppTest: a team's page of a tournament (``/tournament?team=CODE``), every state a team can
be in, walked in a loop on one session per team as the teacher moves the tournament on through
the store: before the first round, an "All" round with its game under way (and a bye against
the hard AI), paused, the round over, a "Call" round (the team's call, the other team's, both
called), a playoff (playing it, or not), the championship (playing it, or not), the
championship over, the end. In every state each page shows its own team's things and never
another team's code or any seat token. A wrong and a malformed code are refused in words (in
the address and in the form); a call pressed on two devices of the team calls once; the
database away is said, and the page comes back by itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from streamlit.testing.v1 import AppTest

from engine.tournament.rounds import ALL, CALL
from messages import PSEUDO, speaking
from store import tournament as tm
from store.db import Unavailable
from tests.game_table import ROOT, play_in_store
from tests.game_table import texts as game_texts
from tests.test_words_live import left_over, words
from ui.tournament import team_game

PAGE = "pages/tournament.py"
KEY = "teacher-key-tournament-team"


def open_team(code: str | None = None) -> AppTest:
    """A new session (a phone) at the team page, with ``?team=code`` when given."""
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.run()
    at.switch_page(PAGE)
    if code is not None:
        at.query_params["team"] = code
    return run(at)


def run(at) -> AppTest:
    """Run the session (or the session of a widget just clicked or set); nothing raised."""
    at = at.run()
    assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> str:
    """What the team reads: the titles, and the game helpers' texts (markdown, alerts,
    captions, HTML)."""
    return "\n".join([*(t.value for t in at.title), game_texts(at)])


def everything(at: AppTest) -> str:
    """Every string the page sends (each element's whole message: labels, help, keys, bodies)
    and its address: what could show a code or a token."""
    out: list[str] = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            out.append(str(proto))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    out.append(repr(dict(at.query_params)))
    return "\n".join(out)


def param(at: AppTest) -> str:
    value = at.query_params["team"]
    return value[-1] if isinstance(value, list) else value


def call_buttons(at: AppTest) -> list[str]:
    """The labels of the page's call buttons."""
    return [b.label for b in at.button if (b.key or "").startswith("tournament_call_")]


def version(db) -> int:
    return tm.for_key(db, KEY).version


def tokens(db, t: tm.TournamentInfo) -> set[str]:
    """Every seat token of every game of the tournament (each team's at each game)."""
    seed = tm.for_key(db, KEY).seed
    board = tm.board(db, t.id)
    codes = {x.id: x.code for x in board.teams}
    return {
        tm.seat_token(seed, codes[team], m.id, g.n)
        for m in board.matches
        for g in m.games
        for team in (m.team_a, m.team_b)
        if team is not None
    }


@dataclass
class Tour:
    """A tournament, its teams and one page (a phone) per team."""

    db: object
    info: tm.TournamentInfo
    teams: list[tm.TeamInfo]
    pages: dict[int, AppTest]

    @classmethod
    def make(cls, db, names: list[str], rounds) -> Tour:
        info = tm.create(db, "Spring <b>cup</b>", KEY, ["Grade 5"], rounds, grace_seconds=600)
        division = tm.divisions(db, info.id)[0][0]
        teams = [tm.add_team(db, KEY, division, name) for name in names]
        return cls(db, info, teams, {})

    def open_pages(self) -> None:
        self.pages = {x.id: open_team(x.code) for x in self.teams}

    def match_of(self, team_id: int) -> tm.MatchInfo | None:
        board = tm.board(self.db, self.info.id)
        t = board.tournament
        return next((m for m in board.round(t.round) if team_id in m.teams), None)

    def look(self, check: Callable[[tm.TeamInfo, str], None]) -> None:
        """Every team's page, run again (as its pulse would): nothing raised, its own team
        named, no other team's code nor any seat token anywhere, then ``check(team, text)``."""
        secret = tokens(self.db, self.info)
        for team in self.teams:
            at = run(self.pages[team.id])
            shown, sent = texts(at), everything(at)
            assert f"Team **{team.name}**" in shown, shown
            assert "Spring \\<b\\>cup\\</b\\>" in shown  # the title as typed, never markup
            assert "Grade 5" in shown
            for other in self.teams:
                if other.id != team.id:
                    assert other.code not in sent, (team.name, other.name)
            assert not [x for x in secret if x in sent], team.name
            check(team, shown)


def playing(game_title: str) -> Callable[[tm.TeamInfo, str], None]:
    def check(team: tm.TeamInfo, shown: str) -> None:
        assert game_title in shown and "Game 1 of the match" in shown, shown

    return check


def test_every_state_of_a_two_team_tournament_with_a_call_round(class_db):
    db = class_db
    tour = Tour.make(db, ["Owls", "Foxes"], ((ALL, 20), (CALL, 12)))
    owls, foxes = tour.teams
    tour.open_pages()
    names = {owls.id: "Owls", foxes.id: "Foxes"}

    def before(team, shown):
        assert "Before the first round" in shown
        assert "Next: round 1 of 2, an “All” round of 20 minutes" in shown
        assert "No match played yet." in shown

    def all_round(team, shown):
        playing("Border Attack")(team, shown)
        other = names[foxes.id if team.id == owls.id else owls.id]
        assert f"Table 1 · against **{other}**" in shown
        assert "Round 1 of 2 · “All” round" in shown and "left**" in shown

    def paused(team, shown):
        playing("Border Attack")(team, shown)
        assert re.search(r"Paused with (20:00|19:\d\d) left", shown), shown
        assert "The round is paused: wait for your teacher before you play on." in shown

    def round_over(team, shown):
        assert "Round over" in shown
        assert "Game 1, Border Attack: tied when time ran out" in shown
        assert "is tied: 0 games each." in shown
        assert "Next: round 2 of 2, a “Call” round of 12 minutes" in shown
        assert "**1st** of 2 in Grade 5 · Record: 0 wins, 1 tie, and 0 losses" in shown

    steps = [
        ("no round yet", lambda: None, before),
        ("All round", lambda: tm.start_round(db, KEY, version(db)), all_round),
        ("paused", lambda: tm.pause(db, KEY, version(db)), paused),
        (
            "round over",
            lambda: (tm.resume(db, KEY, version(db)), tm.end_round(db, KEY, version(db))),
            round_over,
        ),
    ]
    for label, act, check in steps:
        act()
        tour.look(check)
        assert label

    # The "Call" round: the team whose card joined the Union first calls, the other waits.
    tm.start_round(db, KEY, version(db))
    match = tour.match_of(owls.id)
    first = match.caller
    second = foxes.id if first == owls.id else owls.id
    by_id = {x.id: x for x in tour.teams}

    def calls_waiting(team, shown):
        assert "Round 2 of 2 · “Call” round" in shown and "Your card: **" in shown
        if team.id == first:
            assert "**Your call:** choose the game the match plays first." in shown
            assert "you call first" in shown
            assert "If you have not called in " in shown
        else:
            assert f"**Waiting for {names[first]} to call…**" in shown
            assert f"**{names[first]} calls first**" in shown

    tour.look(calls_waiting)
    assert call_buttons(tour.pages[first]) == ["Border Attack", "BorderCap Gin", "GeoPower Toss"]
    assert call_buttons(tour.pages[second]) == []

    # Two devices of the calling team press: one call is made, the other press is refused.
    again = open_team(by_id[first].code)
    press = f"tournament_call_{match.id}_0_geopower_toss"
    run(tour.pages[first].button(key=press).click())
    assert tour.match_of(owls.id).calls == ("geopower_toss",)
    run(again.button(key=press).click())
    assert "It is the other team's call first." in texts(again)
    assert tour.match_of(owls.id).calls == ("geopower_toss",)

    def one_call(team, shown):
        assert "Called: GeoPower Toss" in shown
        if team.id == second:
            assert "**Your call:** choose the second game of the match." in shown
        else:
            assert f"**Waiting for {names[second]} to call…**" in shown

    tour.look(one_call)
    assert call_buttons(tour.pages[second]) == ["Border Attack", "BorderCap Gin"]
    run(tour.pages[second].button(key=f"tournament_call_{match.id}_1_border_attack").click())
    assert tour.match_of(owls.id).calls == ("geopower_toss", "border_attack")

    def called(team, shown):
        playing("GeoPower Toss")(team, shown)
        assert "Called: GeoPower Toss (" in shown and "Border Attack (" in shown

    tour.look(called)

    def last_round_over(team, shown):
        assert "Game 1, GeoPower Toss: tied when time ran out" in shown
        assert "Next: the final stage" in shown

    tm.end_round(db, KEY, version(db))
    tour.look(last_round_over)


def test_a_bye_a_playoff_the_championship_and_the_end(class_db):
    db = class_db
    tour = Tour.make(db, ["Owls", "Foxes", "Bears", "Moles", "Hawks"], ((ALL, 10),))
    tm.start_round(db, KEY, version(db))
    tour.open_pages()
    bye = next(m for m in tour_round(tour) if m.team_b is None).team_a

    def first_round(team, shown):
        playing("Border Attack")(team, shown)
        if team.id == bye:
            assert "against **the AI (hard)**" in shown and "Table 3" in shown
        else:
            assert "the AI" not in shown.split("Game 1 of the match")[0]

    tour.look(first_round)
    tm.end_round(db, KEY, version(db))  # every game tied, or the AI ahead at the bye's table

    def round_over(team, shown):
        assert "Round over" in shown and "Next: the final stage" in shown

    tour.look(round_over)

    assert tm.start_final(db, KEY, version(db)).stage == tm.PLAYOFF
    in_playoff = {x for m in tour_round(tour) for x in m.teams}
    assert bye not in in_playoff and len(in_playoff) == 4

    def playoff(team, shown):
        assert "Playoff for the championship" in shown
        if team.id in in_playoff:
            playing("Border Attack")(team, shown)
        else:
            assert "Your team does not play in this playoff" in shown
            assert "**Standing:** **5th** of 5" in shown

    tour.look(playoff)
    tm.end_round(db, KEY, version(db))

    def playoff_over(team, shown):
        assert "Round over" in shown
        if team.id in in_playoff:
            assert "is tied: 0 games each." in shown
            assert "goes to the team placed higher in the standings' draw" in shown

    tour.look(playoff_over)
    assert tm.start_final(db, KEY, version(db)).stage == tm.CHAMPIONSHIP
    finalists = {x for m in tour_round(tour) for x in m.teams}
    assert len(finalists) == 2

    def championship(team, shown):
        assert "Championship" in shown
        if team.id in finalists:
            playing("Border Attack")(team, shown)
        else:
            assert "Your team does not play in the championship" in shown

    tour.look(championship)
    tm.end_round(db, KEY, version(db))
    champion = tm.board(db, tour.info.id).champion(tour.teams[0].division_id)
    assert champion in finalists
    names = {x.id: x.name for x in tour.teams}

    def championship_over(team, shown):
        assert "The championship is over" in shown
        if team.id == champion:
            assert "**Your team is the champion of its division!**" in shown
        else:
            assert f"Champion of your division: **{names[champion]}**" in shown

    tour.look(championship_over)
    tm.give_award(db, KEY, bye, "sportsmanship")
    assert tm.start_final(db, KEY, version(db)).stage == tm.ENDED

    def ended(team, shown):
        assert "The tournament has ended" in shown and "Thank you for playing!" in shown
        assert "**Standing:** **" in shown
        assert ("Your team's award: Sportsmanship" in shown) == (team.id == bye)

    tour.look(ended)


def tour_round(tour: Tour) -> tuple[tm.MatchInfo, ...]:
    board = tm.board(tour.db, tour.info.id)
    return board.round(board.tournament.round)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("ZZZZZZ", "No team has the code ZZZZZZ: check it on your team card."),
        ("hello!", "“hello!” is not a code: a code has 6 letters and digits"),
    ],
)
def test_a_wrong_or_malformed_code_is_refused_in_words(class_db, typed, said):
    at = open_team(typed)
    assert said in texts(at).replace("\\", "")
    assert "Type your team's code" in texts(at)
    form = open_team()
    form.text_input(key="tournament_team_code").input(typed)
    run(form.button(key="FormSubmitter:tournament_team_form-Open my team's page").click())
    assert said in texts(form).replace("\\", "")
    assert "team" not in form.query_params


def test_a_code_typed_forgivingly_opens_the_team_and_stays_in_the_address(class_db):
    tour = Tour.make(class_db, ["Owls", "Foxes"], ((ALL, 20),))
    owls = tour.teams[0]
    typed = f" {owls.code[:3].lower()}-{owls.code[3:].lower()} "
    form = open_team()
    assert "Type your team's code" in texts(form)
    form.text_input(key="tournament_team_code").input(typed)
    run(form.button(key="FormSubmitter:tournament_team_form-Open my team's page").click())
    assert param(form) == owls.code
    assert "Team **Owls**" in texts(run(form))
    linked = open_team(typed)  # the card's link, typed by hand
    assert param(linked) == owls.code and "Team **Owls**" in texts(linked)
    run(linked.button(key=next(b.key for b in linked.button if "Another team" in b.label)).click())
    assert "team" not in linked.query_params and "Type your team's code" in texts(linked)


def test_the_database_away_is_said_and_the_page_comes_back_by_itself(class_db, monkeypatch):
    tour = Tour.make(class_db, ["Owls", "Foxes"], ((ALL, 20),))
    at = open_team(tour.teams[0].code)
    assert "Team **Owls**" in texts(at)

    def away(*args, **kwargs):
        raise Unavailable("the database is away")

    with monkeypatch.context() as patched:
        patched.setattr(tm, "team_view", away)
        run(at)
        assert "not answering right now" in texts(at)
        assert [b for b in at.button if b.label == "Try again"]
    run(at)  # what the reconnecting look does once the database answers
    assert "Team **Owls**" in texts(at) and "not answering" not in texts(at)


def test_a_team_with_a_bye_calls_against_the_ai_which_calls_at_once(class_db):
    tour = Tour.make(class_db, ["Owls", "Foxes", "Bears"], ((CALL, 12),))
    tm.start_round(class_db, KEY, version(class_db))
    bye = next(m for m in tour_round(tour) if m.team_b is None)
    at = open_team(next(x for x in tour.teams if x.id == bye.team_a).code)
    shown = texts(at)
    assert "against **the AI (hard)**" in shown and "**Your call:**" in shown
    bye = next(m for m in tour_round(tour) if m.team_b is None)
    if bye.calls:  # the AI called first, at once
        assert "(**the AI (hard)**)" in shown.split("Called: ")[1]
    button = next(b for b in at.button if (b.key or "").startswith("tournament_call_"))
    run(button.click())
    assert len(next(m for m in tour_round(tour) if m.team_b is None).calls) == 2
    assert "Game 1 of the match" in texts(at)


def test_a_finished_game_shows_its_result_then_the_next_game_of_the_rotation(class_db, monkeypatch):
    db = class_db
    tour = Tour.make(db, ["Owls", "Foxes"], ((ALL, 20),))
    tm.start_round(db, KEY, version(db))
    tour.open_pages()
    views = {x.id: tm.team_view(db, x.code) for x in tour.teams}
    table_id = views[tour.teams[0].id].table_id
    play_in_store(
        db, table_id, {v.seat: v.token for v in views.values()}, lambda snap: snap.state.is_over
    )
    winner = tm.board(db, tour.info.id).round(1)[0].games[0].winner

    def result(team, shown):
        assert "Game over" in shown
        assert "The result is in; the next game opens in a moment." in shown
        mine = 1 if winner == team.id else 0
        assert f"Games won: you {mine}, " in shown
        assert "Game 1 of the match: Border Attack" in shown  # the game just over, kept

    tour.look(result)
    for at in tour.pages.values():
        assert not [b for b in at.button if "Rematch" in b.label or "New game" in b.label]
    monkeypatch.setattr(team_game, "LINGER", 0.0)  # the few seconds of the result have passed

    def next_game(team, shown):
        assert "Game 2 of the match: BorderCap Gin" in shown
        said = "tied" if winner is None else "won" if winner == team.id else "lost"
        assert f"Game 1, Border Attack: {said}" in shown

    tour.look(next_game)
    fresh = open_team(tour.teams[0].code)  # a reload: straight to the game under way
    assert "Game 2 of the match: BorderCap Gin" in texts(fresh)


# --- the pseudo-locale: no word of the page bypasses the catalogue -----------------------------


def _pseudo_script() -> None:
    import streamlit as st

    import messages
    from ui.tournament.team import team_page

    messages.use(st.query_params.get("lang", "en"))
    team_page()


def _pseudo_page(code: str | None) -> AppTest:
    at = AppTest.from_function(_pseudo_script, default_timeout=60)
    at.query_params["lang"] = PSEUDO
    if code is not None:
        at.query_params["team"] = code
    return _pseudo_run(at)


def _pseudo_run(at) -> AppTest:
    with speaking(PSEUDO):
        at = at.run()
    assert not at.exception, at.exception
    return at


def test_no_word_of_a_teams_page_bypasses_the_catalogue(class_db):
    db = class_db
    tour = Tour.make(db, ["Owls", "Foxes"], ((ALL, 20), (CALL, 12)))
    pages = {x.id: _pseudo_page(x.code) for x in tour.teams}
    seen = words(_pseudo_page("ZZZZZZ")) + words(_pseudo_page("hello!"))

    def sweep() -> None:
        for at in pages.values():
            seen.extend(words(_pseudo_run(at)))

    steps = [
        lambda: None,
        lambda: tm.start_round(db, KEY, version(db)),
        lambda: tm.pause(db, KEY, version(db)),
        lambda: (tm.resume(db, KEY, version(db)), tm.end_round(db, KEY, version(db))),
        lambda: tm.start_round(db, KEY, version(db)),
    ]
    for step in steps:
        step()
        sweep()
    match = tour.match_of(tour.teams[0].id)
    for n, game in enumerate(("geopower_toss", "border_attack")):
        at = pages[tour.match_of(tour.teams[0].id).caller]
        _pseudo_run(at.button(key=f"tournament_call_{match.id}_{n}_{game}").click())
        sweep()
    for step in (
        lambda: tm.end_round(db, KEY, version(db)),
        lambda: tm.start_final(db, KEY, version(db)),
        lambda: tm.end_round(db, KEY, version(db)),
        lambda: tm.start_final(db, KEY, version(db)),
    ):
        step()
        sweep()
    assert tm.for_key(db, KEY).stage == tm.ENDED
    values = ["Owls", "Foxes", "Spring \\<b\\>cup\\</b\\>", "Grade 5", "ZZZZZZ", "hello!"]
    values += [x.code for x in tour.teams] + [tour.info.code]
    markup = re.compile(r":material/\w+:|:small\[")  # Streamlit's icons and small text
    assert left_over([markup.sub(" ", text) for text in seen], *values) == {}
