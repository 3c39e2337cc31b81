"""The live board's answers and standings, worded for the class: the reveal's map (the right
states, the wrong ones by how many picked them) and its legend, the share right, the top
five, the teams and the All-in goal. Counts and places only, never a student's answer."""

from __future__ import annotations

import streamlit as st

from engine.cards import by_usps
from engine.live import TOP, Standings
from engine.quiz import Question, ValueKind
from messages import _, ngettext, number, percent
from store import live
from ui.links import md
from ui.quiz.roles import asking_roles


def team_name(team: int) -> str:
    """A team by its number: "Team 2"."""
    return _("Team {number}").format(number=number(team))


def right_values(q: Question) -> set[str]:
    answer = q.answer
    if isinstance(answer, str):
        return {answer}
    return {str(v) for v in answer}


def reveal_roles(q: Question, counts: dict[str, int]) -> tuple[dict[str, str], dict[str, str]]:
    """The reveal's map: the right states marked, the wrong states picked coloured by how many
    picked them (a quarter of the answers or more, or fewer), a hover note with each count."""
    roles, _notes = asking_roles(q)
    right = right_values(q) if q.value_kind is ValueKind.STATE else set()
    picked = {v: n for v, n in counts.items() if v in by_usps()}
    total = max(sum(picked.values()), 1)
    for v, n in picked.items():
        if v not in right:
            roles[v] = "wrong" if n * 4 >= total else "missed"
    for v in right:
        roles[v] = "correct"
    notes = {v: _("picked by {n}").format(n=number(n)) for v, n in picked.items()}
    for v in right:
        notes.setdefault(v, _("picked by none"))
    return roles, notes


def reveal_words() -> dict[str, str]:
    """The reveal map's legend: each role in words."""
    return {
        "correct": _("the right answer"),
        "wrong": _("wrong, picked by a quarter or more"),
        "missed": _("wrong, picked by fewer"),
    }


def share_line(b: live.Board) -> str:
    share = b.share_right or 0.0
    right = round(share * b.answered)
    return _("{right} of {answered} right, {share}").format(
        right=number(right), answered=number(b.answered), share=percent(share)
    )


def points_words(points: int) -> str:
    return ngettext("{n} point", "{n} points", points).format(n=number(points))


def show_leaders(standings: Standings | None, title: str) -> None:
    if standings is None:
        return
    st.markdown(f"## {title}")
    top = standings.top(TOP)
    if not top:
        st.markdown(_("Nobody played."))
    for row in top:
        if row.team:
            line = _("{place}. {name} · {points} · team {team}")
        else:
            line = _("{place}. {name} · {points}")
        st.markdown(
            "### "
            + line.format(
                place=number(row.place),
                name=md(row.name),
                points=points_words(row.points),
                team=number(row.team or 0),
            )
        )
    if standings.team_rows:
        st.markdown("## " + _("Teams"))
        for t in standings.team_rows:
            members = ngettext("{n} player", "{n} players", t.members).format(n=number(t.members))
            st.markdown(
                "### "
                + _("{place}. {team} · {points} ({members})").format(
                    place=number(t.place),
                    team=team_name(t.team),
                    points=points_words(t.points),
                    members=members,
                )
            )
    if standings.all_in:
        st.markdown("## " + _("All in: the class's goal"))
        goal = max(standings.goal, 1)
        st.progress(
            min(standings.class_right / goal, 1.0),
            text=ngettext(
                "{right} of {goal} right answer", "{right} of {goal} right answers", standings.goal
            ).format(right=number(standings.class_right), goal=number(standings.goal)),
        )
        if standings.reached:
            st.markdown("### " + _("Goal reached: well done, everyone!"))
