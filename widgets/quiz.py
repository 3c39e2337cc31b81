"""A drill in a notebook: :class:`QuizWidget`, the drill pages' quiz as an ipywidgets box.

It takes the settings of a drill link (``mode``, ``region``, ``zone``, ``states``, ``n``,
``seed``; read by ``engine.quiz.parse_settings``, so a bad value becomes a note, never an
error) and runs the engine's :class:`~engine.quiz.QuizRun`: it asks, the engine checks
(forgiving typing included), it gives the feedback and ends with the summary, in the drill
page's words (``ui.quiz.text``) and on the drill page's maps (``ui.quiz.roles``), drawn by the
app's map (:class:`widgets.map.GeoMap`). A question is answered on the map or without it: a
typed list of states, radio buttons, a typed capital or state.

Nothing is judged here: the widget hands the answer to ``QuizRun.answer`` and shows the
verdict. ``check``, ``add_name``, ``next``, ``practise`` and ``new_quiz`` are what its buttons
do, callable from Python too.
"""

from __future__ import annotations

import base64
import time
from collections.abc import Iterable
from dataclasses import replace
from html import escape

import ipywidgets as w

from engine.quiz import AnswerType, Question, QuizRun, Result, ValueKind, parse_settings
from ui.links import fresh_seed, md
from ui.quiz.roles import (
    MAP_HEIGHT,
    MAP_HEIGHT_SHOWN,
    MAP_HINTS,
    MAX_RADIO,
    SUMMARY_WORDS,
    asking_roles,
    clickable,
    feedback_roles,
    names_roles,
    pick_mode,
    refusals,
    summary_roles,
    zoom_states,
)
from ui.quiz.text import (
    answer_hint,
    describe,
    mistake_line,
    no_mistakes_line,
    progress_text,
    score_line,
    summary_lines,
    summary_title,
)
from widgets.map import GeoMap
from widgets.markup import block, inline, items
from widgets.style import STYLE, box

ASK, FEEDBACK = "ask", "feedback"


class QuizWidget(w.VBox):
    """A drill quiz (the settings of a drill link; ``group`` is a drill page's group,
    ``"borders"``, ``"capitals"``, ``"ranks"``, ``"zones"`` or ``"locate"``, or ``None`` for
    every mode). ``seed`` missing: a fresh one, shown under the quiz."""

    def __init__(
        self,
        group: str | None = None,
        *,
        mode: str | None = None,
        region: str | None = None,
        zone: str | None = None,
        states: str | Iterable[str] | None = None,
        n: int | None = None,
        seed: int | None = None,
    ) -> None:
        params = {
            "mode": mode,
            "region": region,
            "zone": zone,
            "states": states if states is None or isinstance(states, str) else ",".join(states),
            "n": None if n is None else str(n),
            "seed": None if seed is None else str(seed),
        }
        params = {k: v for k, v in params.items() if v is not None}
        settings, self.notes = parse_settings(params, group=group, default_seed=fresh_seed())
        self.group = group
        self.status = w.HTML()
        self.question = w.HTML()
        self.map = GeoMap(height=MAP_HEIGHT)
        self.map.observe(self._map_picked, "picks")
        self.answer = w.VBox()
        self.message = w.HTML()
        self.buttons = w.HBox()
        self.footer = w.HTML()
        notes = "".join(f"<li>{escape(n)}</li>" for n in self.notes)
        head = w.HTML(
            STYLE
            + (box("warning", f"Some settings could not be used:<ul>{notes}</ul>") if notes else "")
        )
        super().__init__(
            [
                head,
                self.status,
                self.question,
                self.map,
                self.answer,
                self.message,
                self.buttons,
                self.footer,
            ]
        )
        self.add_class("geoplunge-quiz")
        self._start(QuizRun(settings))

    def __repr__(self) -> str:
        return f"QuizWidget({describe(self.run.settings, None, self.run.total)})"

    # --- the run ------------------------------------------------------------------------------

    def _start(self, run: QuizRun) -> None:
        self.run = run
        self.phase = ASK
        self.picked: list[str] = []
        self.notice = ""
        self.started = time.monotonic()
        self.finished: float | None = None
        self.asked_at = self.started
        self._show()

    @property
    def over(self) -> bool:
        """True when the summary shows: every question answered right."""
        return self.run.is_done and self.phase != FEEDBACK

    def elapsed(self) -> float:
        return (self.finished or time.monotonic()) - self.started

    def check(self, response: object | None = None) -> Result | None:
        """Check: judge ``response`` (by default the answer on screen: the typed text, the
        choice, or the states picked on the map) and show the feedback; an answer that does not
        count stays on the question with the reason. ``None`` when there is nothing to judge."""
        q = self.run.current
        if self.phase != ASK or q is None:
            return None
        if response is None:
            response = self._response(q)
        if response is None:
            self.notice = (
                "Type or choose an answer first."
                if q.answer_type is AnswerType.TEXT and q.choices
                else "Choose an answer first."
            )
            self._show_message()
            return None
        result = self.run.answer(response, seconds=round(time.monotonic() - self.asked_at, 1))
        if result.counted:
            self.phase = FEEDBACK
            self.notice = ""
            self._show()
        else:
            self.notice = result.message
            self._show_message()
        return result

    def add_name(self, text: str | None = None) -> str:
        """One typed name of a list of names: taken at once (its state fills the map) or
        refused with a note that never counts against the student; returns the note."""
        q = self.run.current
        if self.phase != ASK or q is None or q.answer_type is not AnswerType.NAMES:
            return ""
        box_ = self._fields.get("name")
        typed = text if text is not None else (box_.value if box_ is not None else "")
        taken = q.take_name(self.picked, typed)
        if taken.usps:
            self.picked.append(taken.usps)
        self.notice = taken.message
        if box_ is not None:
            box_.value = ""
        self._draw_map(q)
        self._show_names(q)
        return taken.message

    def next(self) -> None:
        """Next question (or the summary, once every question was answered right)."""
        if self.phase != FEEDBACK:
            return
        self.phase = ASK
        self.picked = []
        self.notice = ""
        self.asked_at = time.monotonic()
        if self.run.is_done and self.finished is None:
            self.finished = time.monotonic()
        self._show()

    def practise(self) -> None:
        """Practise my misses: a run of the first-attempt misses."""
        run = self.run.misses_run()
        if run is not None:
            self._start(run)

    def new_quiz(self) -> None:
        """The same settings with the next seed (a new quiz that a seed still reproduces)."""
        self._start(QuizRun(replace(self.run.settings, seed=self.run.settings.seed + 1)))

    def _response(self, q: Question) -> object | None:
        """The answer on screen, as the drill page reads it."""
        typed = self._fields.get("text")
        text = typed.value.strip() if typed is not None else ""
        choice = self._fields.get("choice")
        if q.answer_type is AnswerType.TEXT:
            if text:
                return text
            return choice.value if choice is not None else None
        if q.answer_type in (AnswerType.SET, AnswerType.ORDER):
            return text or (tuple(self.picked) if self.picked else None)
        if q.answer_type is AnswerType.NAMES:
            return tuple(self.picked)
        if q.value_kind is ValueKind.STATE:
            return self.picked[0] if self.picked else (text or None)
        return choice.value if choice is not None else (text or None)

    def _map_picked(self, change: dict) -> None:
        q = self.run.current
        if self.phase != ASK or q is None or q.answer_type is AnswerType.NAMES:
            return
        self.picked = list(change["new"])
        choice = self._fields.get("choice")
        if choice is not None and q.value_kind is ValueKind.STATE:
            choice.value = self.picked[0] if self.picked else None

    def _choice_picked(self, change: dict) -> None:
        q = self.run.current
        if self.phase == ASK and q is not None and q.value_kind is ValueKind.STATE:
            value = change["new"]
            self.picked = [value] if value else []
            if self.map.picks != self.picked:
                self.map.picks = list(self.picked)

    # --- drawing ------------------------------------------------------------------------------

    def _button(self, label: str, action, *, primary: bool = True) -> w.Button:
        button = w.Button(description=label, button_style="primary" if primary else "")
        button.layout = w.Layout(width="auto")
        button.on_click(lambda _b: action())
        return button

    def _show(self) -> None:
        self._fields: dict[str, w.Widget] = {}
        line = describe(self.run.settings, None, self.run.total)
        practice = " · practising your misses" if self.run.practice else ""
        self.footer.value = f"<p class='gpw-caption'>{escape(line + practice)}</p>"
        if self.over:
            self._show_summary()
            return
        progress = progress_text(self.run, asking=self.phase == ASK)
        self.status.value = (
            f"<p class='gpw-status'><b>{escape(progress)}</b> · {inline(score_line(self.run))}</p>"
        )
        if self.phase == ASK:
            self._show_question()
        else:
            self._show_feedback()

    def _draw_map(self, q: Question, result: Result | None = None) -> None:
        asking = result is None
        if q.answer_type is AnswerType.NAMES and asking:
            roles, notes = names_roles(q, self.picked)
        elif asking:
            roles, notes = asking_roles(q)
        else:
            roles, notes = feedback_roles(q, result)
        pick = pick_mode(q) if asking else "none"
        self.map.draw(
            roles,
            notes=notes,
            pick=pick,
            picks=self.picked if asking and q.answer_type is not AnswerType.NAMES else [],
            choices=clickable(q) if asking else None,
            refuse=refusals(q),
            zoom=zoom_states(self.run.settings, q),
            height=MAP_HEIGHT if clickable(q) else MAP_HEIGHT_SHOWN,
            label=f"Map for the question: {q.prompt}",
            hint=MAP_HINTS.get(pick) if asking else None,
        )

    def _show_question(self) -> None:
        q = self.run.current
        assert q is not None
        parts = []
        if self.run.is_retry:
            parts.append("<p><span class='gpw-badge'>Again</span> You missed this one earlier.</p>")
        parts.append(f"<h3 class='gpw-prompt'>{escape(q.prompt)}</h3>")
        listed = all(q.label(c) in q.prompt for c in q.choices)
        few = len(q.choices) <= MAX_RADIO and not listed
        if q.answer_type in (AnswerType.SET, AnswerType.ORDER) and few:
            states = " · ".join(escape(q.label(c)) for c in q.choices)
            parts.append(f"<p><b>The states:</b> {states}</p>")
        if hint := answer_hint(q):
            parts.append(f"<p class='gpw-caption'>{escape(hint)}</p>")
        self.question.value = "".join(parts)
        self._draw_map(q)
        self.answer.children = self._answer_widgets(q)
        check = "I'm done: check my list" if q.answer_type is AnswerType.NAMES else "Check"
        self.buttons.children = [self._button(check, self.check)]
        self._show_message()

    def _answer_widgets(self, q: Question) -> list[w.Widget]:
        fields = self._fields
        out: list[w.Widget] = []
        what = "capital" if q.value_kind is ValueKind.CAPITAL else "state"
        if q.answer_type is AnswerType.NAMES:
            fields["name"] = w.Text(placeholder="A state's name", description="A state")
            add = self._button("Add", self.add_name, primary=False)
            fields["named"] = w.HTML()
            out = [w.HBox([fields["name"], add]), fields["named"]]
            self._show_names(q)
            return out
        if q.answer_type is AnswerType.TEXT:
            fields["text"] = w.Text(
                placeholder=f"Type the {what}", description="Your answer", layout={"width": "28em"}
            )
            out.append(fields["text"])
        elif q.answer_type in (AnswerType.SET, AnswerType.ORDER):
            order = q.answer_type is AnswerType.ORDER
            fields["text"] = w.Text(
                placeholder="in order, separated by commas" if order else "separated by commas",
                description="Or type them",
                layout={"width": "36em"},
            )
            out.append(fields["text"])
        elif len(q.choices) > MAX_RADIO and q.value_kind is ValueKind.STATE:
            fields["text"] = w.Text(
                placeholder="Or type the state's name",
                description="Your answer",
                layout={"width": "28em"},
            )
            out.append(fields["text"])
        radio = len(q.choices) <= MAX_RADIO or q.value_kind is not ValueKind.STATE
        if q.choices and radio and q.answer_type in (AnswerType.ONE, AnswerType.TEXT):
            label = "Or choose one" if q.answer_type is AnswerType.TEXT else "Your answer"
            fields["choice"] = w.RadioButtons(
                options=[(q.label(c), c) for c in q.choices],
                value=None,
                description=label,
                style={"description_width": "initial"},
            )
            fields["choice"].observe(self._choice_picked, "value")
            out.append(fields["choice"])
        return out

    def _show_names(self, q: Question) -> None:
        assert isinstance(q.answer, frozenset)
        named = ", ".join(q.label(c) for c in self.picked)
        self._fields["named"].value = (
            f"<p><b>{len(self.picked)} of {len(q.answer)} named</b></p>"
            f"<p role='status'>{escape(self.notice)}</p>"
            + (f"<p class='gpw-caption'>Named: {escape(named)}</p>" if named else "")
        )

    def _show_message(self) -> None:
        q = self.run.current
        if self.notice and q is not None and q.answer_type is not AnswerType.NAMES:
            self.message.value = box("warning", escape(self.notice))
        else:
            self.message.value = ""

    def _show_feedback(self) -> None:
        attempt = self.run.last
        assert attempt is not None
        q, result = attempt.question, attempt.result
        again = (
            "<p><span class='gpw-badge'>Again</span> A question you missed earlier.</p>"
            if attempt.attempt > 1
            else ""
        )
        self.question.value = again + f"<h3 class='gpw-prompt'>{escape(q.prompt)}</h3>"
        self._draw_map(q, result)
        parts = [box("success" if result.correct else "error", inline(md(result.message)))]
        if result.given:
            parts.append(f"<p><b>Your answer:</b> {escape(result.given)}</p>")
        if not result.correct:
            parts.append(f"<p><b>Right answer:</b> {escape(q.answer_text)}</p>")
            if q.retry:  # a list of names is final: scored by the states named
                parts.append(
                    "<p class='gpw-caption'>This question comes back later in the quiz.</p>"
                )
        if q.explanation:
            parts.append(box("info", inline(md(q.explanation))))
        self.answer.children = []
        self.message.value = "".join(parts)
        label = "Next question" if not self.run.is_done else "See my results"
        self.buttons.children = [self._button(label, self.next)]

    def _show_summary(self) -> None:
        run = self.run
        s = run.summary()
        self.status.value = ""
        lines = summary_lines(s, self.elapsed())
        self.question.value = f"<h3>{summary_title(run.practice, False)}</h3>" + block(
            "\n\n".join(lines)
        )
        roles, notes = summary_roles(run)
        self.map.draw(
            roles,
            notes=notes,
            picks=[],
            words=SUMMARY_WORDS,
            zoom=zoom_states(run.settings),
            height=MAP_HEIGHT_SHOWN,
            label="Your answers",
            hint="Point at a state to see its questions." if s.misses else None,
        )
        self.answer.children = []
        if s.misses:
            mistakes = items([mistake_line(run, m) for m in s.misses], numbered=True)
            self.message.value = "<p><b>Your mistakes</b></p>" + mistakes
        elif s.answered:
            self.message.value = box("success" if s.complete else "info", no_mistakes_line(s))
        else:
            self.message.value = ""
        buttons = []
        if s.misses:
            buttons.append(self._button(f"Practise my misses ({len(s.misses)})", self.practise))
        buttons.append(self._button("New quiz", self.new_quiz, primary=False))
        name = f"quiz-seed{run.settings.seed}{'-misses' if run.practice else ''}.csv"
        data = base64.b64encode(run.to_csv().encode()).decode()
        link = w.HTML(
            f"<a class='gpw-link' download='{name}' href='data:text/csv;base64,{data}'>"
            "Download this run (CSV)</a>"
        )
        self.buttons.children = [*buttons, link]
