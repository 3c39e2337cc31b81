"""A drill in a notebook: :class:`QuizWidget`, the drill pages' quiz as an ipywidgets box.

It takes the settings of a drill link (``mode``, ``region``, ``zone``, ``states``, ``n``,
``seed``; read by ``engine.quiz.parse_settings``, so a bad value becomes a note, never an
error) and draws the drill pages' quiz session, :class:`ui.quiz.flow.QuizFlow`: its steps
(ask, feedback, summary), its answer widgets and their reading (``ui.quiz.inputs``), its words
(``ui.quiz.text``) and maps (``ui.quiz.roles``), on the app's map
(:class:`widgets.map.GeoMap`). Nothing is recorded: a notebook plugs in no recorder.

Each kind of answer widget is drawn with ipywidgets: a list of states is picked on the map or
typed, separated by commas; one state of many in a box that suggests names as one types.
``check``, ``add_name``, ``next``, ``practise`` and ``new_quiz`` are what its buttons do,
callable from Python too. Every word is in the widget's ``language`` (``QuizWidget("borders",
language="es")``; English by default), as :class:`widgets.game.GameWidget`'s.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from html import escape

import ipywidgets as w

from engine.quiz import AnswerType, Question, QuizRun, Result, parse_settings
from messages import _, speaking
from ui.links import fresh_seed
from ui.quiz.flow import ASK, FEEDBACK, QuizFlow
from ui.quiz.inputs import AnswerInput, Kind, read_answer
from ui.quiz.roles import (
    MAP_HEIGHT,
    MAP_HEIGHT_SHOWN,
    asking_roles,
    clickable,
    feedback_roles,
    follows_map,
    map_hint,
    names_roles,
    pick_mode,
    refusals,
    summary_roles,
    summary_words,
    zoom_states,
)
from ui.quiz.text import (
    AGAIN,
    DOWNLOAD,
    MISTAKES,
    NEW_QUIZ,
    SUMMARY_MAP,
    SUMMARY_MAP_HINT,
    csv_name,
    describe,
    map_label,
    named_count,
    named_list,
    practising,
    progress_text,
    score_line,
)
from ui.quiz.wording import label, notes_of, prompt_of
from widgets.map import GeoMap
from widgets.markup import block, inline, items
from widgets.spoken import spoken
from widgets.style import STYLE, box

WIDE = {"description_width": "initial"}  #: a label shown whole


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
        language: str = "en",
    ) -> None:
        with speaking(language):  # an unknown language raises ValueError naming the offered
            self.language = language
            self._build(group, mode, region, zone, states, n, seed)

    def _build(
        self,
        group: str | None,
        mode: str | None,
        region: str | None,
        zone: str | None,
        states: str | Iterable[str] | None,
        n: int | None,
        seed: int | None,
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
        settings, notes = parse_settings(params, group=group, default_seed=fresh_seed())
        self.notes = notes_of(notes)
        self.group = group
        self.flow = QuizFlow(QuizRun(settings))
        self._fields: dict[str, w.Widget] = {}
        self._syncing = False
        self.status = w.HTML()
        self.question = w.HTML()
        self.map = GeoMap(height=MAP_HEIGHT)
        self.map.observe(self._map_picked, "picks")
        self.answer = w.VBox()
        self.message = w.HTML()
        self.buttons = w.HBox()
        self.footer = w.HTML()
        listed = "".join(f"<li>{escape(n)}</li>" for n in self.notes)
        unused = escape(_("Some settings could not be used:"))
        head = w.HTML(STYLE + (box("warning", f"{unused}<ul>{listed}</ul>") if listed else ""))
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
        self._show()

    def __repr__(self) -> str:
        return f"QuizWidget({describe(self.run.settings, None, self.run.total)})"

    @property
    def run(self) -> QuizRun:
        return self.flow.run

    @property
    def phase(self) -> str:
        return self.flow.phase

    @property
    def over(self) -> bool:
        """True when the summary shows: every question answered right."""
        return self.flow.over

    # --- what the buttons do ------------------------------------------------------------------

    @spoken
    def check(self, response: object | None = None) -> Result | None:
        """Check: judge ``response`` (by default the answer on screen: the typed text, the
        choice, or the states picked on the map) and show the feedback; an answer that does not
        count stays on the question with the reason. ``None`` when nothing was judged."""
        q = self.run.current
        if self.phase != ASK or q is None:
            return None
        if response is None:
            text, choice = self._fields.get("text"), self._fields.get("choice")
            typed = text.value if text is not None else ""
            response = read_answer(q, self.flow.picked, typed, getattr(choice, "value", None))
        result = self.flow.check(response)
        if result is not None and result.counted:
            self._show()
        else:
            self._show_message()
        return result

    @spoken
    def add_name(self, text: str | None = None) -> str:
        """One typed name of a list of names: taken at once (its state fills the map) or
        refused with a note that never counts against the student; returns the note."""
        q = self.run.current
        if self.phase != ASK or q is None or q.answer_type is not AnswerType.NAMES:
            return ""
        box_ = self._fields.get("name")
        typed = text if text is not None else (box_.value if box_ is not None else "")
        note = self.flow.take_name(typed)
        if box_ is not None:
            box_.value = ""
        self._draw_map(q)
        self._show_names(q)
        return note

    @spoken
    def next(self) -> None:
        """Next question (or the summary, once every question was answered right)."""
        if self.phase == FEEDBACK:
            self.flow.next_question()
            self._show()

    @spoken
    def practise(self) -> None:
        """Practise my misses: a run of the first-attempt misses."""
        if self.flow.practise():
            self._show()

    @spoken
    def new_quiz(self) -> None:
        """The same settings with the next seed (a new quiz that a seed still reproduces)."""
        settings = self.run.settings
        self.flow.restart(QuizRun(replace(settings, seed=settings.seed + 1)))
        self._show()

    # --- the picks, kept in step on the map and in the widgets ---------------------------------

    @contextmanager
    def _sync(self) -> Iterator[bool]:
        """Yields True when not already keeping the picks in step (a change it makes echoes
        back from the widget it changed)."""
        if self._syncing:
            yield False
            return
        self._syncing = True
        try:
            yield True
        finally:
            self._syncing = False

    @spoken
    def _map_picked(self, change: dict) -> None:
        q = self.run.current
        if self.phase != ASK or q is None or q.answer_type is AnswerType.NAMES:
            return
        self.flow.picked = list(change["new"])
        with self._sync() as free:
            picked = self.flow.picked
            choice, text = self._fields.get("choice"), self._fields.get("text")
            if free and choice is not None and follows_map(q):
                choice.value = picked[0] if picked else None
            if free and isinstance(text, w.Combobox):
                text.value = label(q, picked[0]) if picked else ""

    def _picked_in(self, value: str | None) -> None:
        """A state chosen (or typed) in a widget that follows the map: the map shows it."""
        with self._sync() as free:
            if free:
                self.flow.picked = [value] if value else []
                if self.map.picks != self.flow.picked:
                    self.map.picks = list(self.flow.picked)

    @spoken
    def _choice_picked(self, change: dict) -> None:
        if self.phase == ASK:
            self._picked_in(change["new"])

    @spoken
    def _typed_state(self, change: dict) -> None:
        q = self.run.current
        if self.phase == ASK and q is not None:
            self._picked_in({label(q, c): c for c in q.choices}.get(change["new"].strip()))

    # --- drawing ------------------------------------------------------------------------------

    def _button(self, label: str, action: Callable[[], object], *, primary: bool = True):
        button = w.Button(description=label, button_style="primary" if primary else "")
        button.layout = w.Layout(width="auto")
        button.on_click(lambda _b: action())
        return button

    def _show(self) -> None:
        self._fields = {}
        line = describe(self.run.settings, None, self.run.total)
        line = practising(line) if self.run.practice else line
        self.footer.value = f"<p class='gpw-caption'>{escape(line)}</p>"
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
            roles, notes = names_roles(q, self.flow.picked)
        elif asking:
            roles, notes = asking_roles(q)
        else:
            roles, notes = feedback_roles(q, result)
        pick = pick_mode(q) if asking else "none"
        shown = asking and q.answer_type is not AnswerType.NAMES
        self.map.draw(
            roles,
            notes=notes,
            pick=pick,
            picks=self.flow.picked if shown else [],
            choices=clickable(q) if asking else None,
            refuse=refusals(q),
            zoom=zoom_states(self.run.settings, q),
            height=MAP_HEIGHT if clickable(q) else MAP_HEIGHT_SHOWN,
            label=map_label(q),
            hint=map_hint(pick) if asking else None,
        )

    def _show_question(self) -> None:
        step = self.flow.asking()
        q = step.question
        parts = []
        if step.again:
            parts.append(self._again(step.again))
        parts.append(f"<h3 class='gpw-prompt'>{escape(prompt_of(q))}</h3>")
        if step.states:
            parts.append(f"<p>{inline(step.states)}</p>")
        if step.hint:
            parts.append(f"<p class='gpw-caption'>{escape(step.hint)}</p>")
        self.question.value = "".join(parts)
        self._draw_map(q)
        self.answer.children = self._answer_widgets(step.answer, q)
        self.buttons.children = [self._button(step.answer.check, self.check)]
        self._show_message()

    @staticmethod
    def _again(said: str) -> str:
        """The "Again" badge of a question asked again, and what it says."""
        return f"<p><span class='gpw-badge'>{escape(_(AGAIN))}</span> {escape(said)}</p>"

    def _answer_widgets(self, spec: AnswerInput, q: Question) -> list[w.Widget]:
        fields = self._fields
        if spec.kind is Kind.NAMES:
            fields["name"] = w.Text(
                placeholder=spec.placeholder, description=spec.label, style=WIDE
            )
            fields["named"] = w.HTML()
            self._show_names(q)
            add = self._button(spec.add, self.add_name, primary=False)
            return [w.HBox([fields["name"], add]), fields["named"]]
        if spec.kind is Kind.TYPED:
            fields["text"] = w.Text(
                placeholder=spec.placeholder, description=spec.label, layout={"width": "28em"}
            )
        elif spec.kind is Kind.SEVERAL:
            fields["text"] = w.Text(
                placeholder=spec.typed_placeholder,
                description=spec.typed_label,
                layout={"width": "36em"},
            )
        elif spec.kind is Kind.SELECT:
            fields["text"] = w.Combobox(
                options=[label(q, c) for c in spec.options],
                placeholder=spec.placeholder,
                description=spec.label,
                ensure_option=False,
                layout={"width": "28em"},
            )
            fields["text"].observe(self._typed_state, "value")
        if spec.kind is Kind.RADIO or (spec.kind is Kind.TYPED and spec.options):
            fields["choice"] = w.RadioButtons(
                options=[(label(q, c), c) for c in spec.options],
                value=None,
                description=spec.option_label or spec.label,
                style=WIDE,
            )
            if spec.follows_map:
                fields["choice"].observe(self._choice_picked, "value")
        return [fields[name] for name in ("text", "choice") if name in fields]

    def _show_names(self, q: Question) -> None:
        named = named_list(q, self.flow.picked)
        self._fields["named"].value = (
            f"<p>{inline(named_count(q, self.flow.picked))}</p>"
            f"<p role='status'>{escape(self.flow.notice)}</p>"
            + (f"<p class='gpw-caption'>{escape(named)}</p>" if named else "")
        )

    def _show_message(self) -> None:
        q = self.run.current
        notice = self.flow.notice
        if notice and q is not None and q.answer_type is not AnswerType.NAMES:
            self.message.value = box("warning", escape(notice))
        else:
            self.message.value = ""

    def _show_feedback(self) -> None:
        step = self.flow.feedback()
        q, result = step.question, step.result
        again = self._again(step.again) if step.again else ""
        self.question.value = again + f"<h3 class='gpw-prompt'>{escape(prompt_of(q))}</h3>"
        self._draw_map(q, result)
        parts = [box("success" if result.correct else "error", inline(step.verdict))]
        parts += [f"<p>{inline(line)}</p>" for line in step.lines]
        if step.comes_back:
            parts.append(f"<p class='gpw-caption'>{escape(step.comes_back)}</p>")
        if step.explanation:
            parts.append(box("info", inline(step.explanation)))
        self.answer.children = []
        self.message.value = "".join(parts)
        self.buttons.children = [self._button(step.next_label, self.next)]

    def _show_summary(self) -> None:
        run = self.run
        step = self.flow.summary()
        self.status.value = ""
        self.question.value = f"<h3>{escape(step.title)}</h3>" + block("\n\n".join(step.lines))
        roles, notes = summary_roles(run)
        self.map.draw(
            roles,
            notes=notes,
            picks=[],
            words=summary_words(),
            zoom=zoom_states(run.settings),
            height=MAP_HEIGHT_SHOWN,
            label=_(SUMMARY_MAP),
            hint=_(SUMMARY_MAP_HINT) if step.mistakes else None,
        )
        self.answer.children = []
        if step.mistakes:
            mistakes = items(step.mistakes, numbered=True)
            self.message.value = f"<p><b>{escape(_(MISTAKES))}</b></p>" + mistakes
        elif step.praise:
            kind = "success" if step.summary.complete else "info"
            self.message.value = box(kind, inline(step.praise))
        else:
            self.message.value = ""
        buttons = [self._button(step.practise, self.practise)] if step.practise else []
        buttons.append(self._button(_(NEW_QUIZ), self.new_quiz, primary=False))
        name = csv_name(f"quiz-seed{run.settings.seed}", run.practice)
        data = base64.b64encode(run.to_csv().encode()).decode()
        link = w.HTML(
            f"<a class='gpw-link' download='{name}' href='data:text/csv;base64,{data}'>"
            f"{escape(_(DOWNLOAD))}</a>"
        )
        self.buttons.children = [*buttons, link]
