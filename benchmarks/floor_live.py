"""The floor page of ``benchmarks/live_load.py``: a live game's job done by a minimal page.

One row of the database (``floor_live``: the step and how many answered it, made by
live_load.py in the app's database) and two roles:

* ``?role=board``: "## Question k" and "## N answered", and a "Next question" button that moves
  the step on (and sets the count back to 0);
* otherwise a phone: "Question k", and a "Send my answer" button that adds one to the count of
  that step (then "Your answer is in").

Both follow the row as the live pages follow their game: a fragment reads it every second and
reruns the page when what the page shows changed (the board: the step or the count; a phone:
the step only). Whatever the live pages cost beyond this is their own work.

    GEOPLUNGE_DATABASE_URL=postgresql+psycopg://… streamlit run benchmarks/floor_live.py
"""

import os

import sqlalchemy as sa
import streamlit as st

ROW = sa.text("SELECT step, answers FROM floor_live WHERE id = 1")


@st.cache_resource
def engine() -> sa.Engine:
    return sa.create_engine(os.environ["GEOPLUNGE_DATABASE_URL"])


def read() -> tuple[int, int]:
    with engine().connect() as connection:
        step, answers = connection.execute(ROW).one()
    return int(step), int(answers)


def write(statement: str, **values: int) -> None:
    with engine().begin() as connection:
        connection.execute(sa.text(statement), values)


def next_step() -> None:
    write("UPDATE floor_live SET step = step + 1, answers = 0 WHERE id = 1")


def send(step: int) -> None:
    write("UPDATE floor_live SET answers = answers + 1 WHERE id = 1 AND step = :step", step=step)
    st.session_state.answered = step


board = st.query_params.get("role") == "board"
seen = read()
if board:
    st.markdown(f"## Question {seen[0]}")
    st.markdown(f"## {seen[1]} answered")
    st.button("Next question", on_click=next_step)
else:
    st.caption(f"Question {seen[0]}")
    if st.session_state.get("answered") == seen[0]:
        st.success("Your answer is in.")
    elif seen[0] > 0:
        st.button("Send my answer", on_click=send, args=(seen[0],))


@st.fragment(run_every=1)
def look() -> None:
    now = read()
    if (now if board else now[:1]) != (seen if board else seen[:1]):
        st.rerun(scope="app")


look()
