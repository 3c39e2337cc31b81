"""The answer a student is picking, kept as a draft in the database so that a page rebuilt on
another server (the first one died, or the student reloaded) puts it back.

The rules:

* A draft is the answer of the **step on screen**: its ``seq`` is the one the checked answer
  will get, its ``qid`` the question asked. It holds what has reached the server: the states
  picked (on the map, in a list, the names typed one by one) and the one choice of a radio
  group that does not follow the map. It is written when it changes (the session's outbox
  writes it after the answers, see ``store.outbox``) and is the student's own: it is read
  back only with the student's resume token.
* It is put back only onto the **same step** of the same question: a page whose history is
  longer or shorter (answers that never reached the database, another tab that went on) leaves
  it alone.
* A typed answer not yet checked never reaches a server (it is sent with its Check), so no
  draft can hold it; the browser keeps it in its answer box while the page reconnects,
  because the rebuilt quiz draws the same widgets under the same keys (``ui.classroom.student``
  numbers a view's widgets by its step).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from engine.quiz import AnswerType
from store.classroom import DraftRecord
from store.clock import now_utc
from ui.quiz.roles import follows_map
from ui.quiz.session import QuizView


def _own_choice(view: QuizView) -> bool:
    """True when the question on screen has a single-answer widget of its own (a radio group
    that does not show the map's pick, and is not inside a typed answer's form)."""
    q = view.run.current
    return q is not None and q.answer_type is AnswerType.ONE and not follows_map(q)


def draft_of(view: QuizView, seq: int) -> DraftRecord | None:
    """The draft of the step on screen (``None``: no question is being answered)."""
    q = view.run.current
    if q is None or view.phase != "ask" or view.over or view.run.practice:
        return None
    value: dict[str, Any] = {"picked": list(view.picked)}
    if _own_choice(view):
        value["one"] = st.session_state.get(view.answer_key("one"))
    return DraftRecord(seq, q.qid, value, now_utc())


def put_back(view: QuizView, draft: DraftRecord | None, seq: int) -> bool:
    """Put ``draft`` into ``view`` (before it is drawn) if it is of step ``seq`` and of the
    question on screen; True if it was."""
    q = view.run.current
    if draft is None or q is None or draft.seq != seq or draft.qid != q.qid:
        return False
    value = draft.value if isinstance(draft.value, dict) else {}
    picked = value.get("picked")
    if isinstance(picked, list):
        view.picked = [str(c) for c in picked]
    one = value.get("one")
    if _own_choice(view) and one is not None and one in q.choices:
        st.session_state[view.answer_key("one")] = one
    return True
