"""A quiz in words: its clock, the line that says what it asks, its answer key, and the words of
its steps (the status, the hint under a question, the feedback, the summary). Pure: every host
of a quiz (the drill pages, the class quiz, the notebook's quiz widget) says the same things,
most of them through the steps of ``ui.quiz.flow``. Lines are Markdown, in the reader's
language (what the engine says is worded by ``ui.quiz.wording``); the constants are marked
with ``N_`` and shown with ``_()``."""

from __future__ import annotations

from engine.quiz import (
    AnswerType,
    Miss,
    Question,
    QuizRun,
    QuizSettings,
    Result,
    Summary,
    ValueKind,
)
from messages import N_, _, join, ngettext, number, percent
from ui.links import md
from ui.quiz.roles import MAX_RADIO
from ui.quiz.wording import (
    answer_of,
    given_of,
    label,
    mode_title,
    named_states,
    pool_of,
    prompt_of,
)
from ui.state_names import state_names


def clock(seconds: float) -> str:
    """Seconds as m:ss (h:mm:ss from an hour)."""
    s = max(0, int(seconds))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def describe(
    settings: QuizSettings, timer: int | None, n: int | None = None, *, seed: bool = True
) -> str:
    """One line saying what a quiz asks (``n`` questions, default ``settings.n``; the seed
    unless ``seed`` is false)."""
    count = settings.n if n is None else n
    parts = [
        ngettext("{count} question", "{count} questions", count).format(count=number(count)),
        ", ".join(mode_title(m) for m in settings.modes),
        pool_of(settings),
    ]
    if seed:
        parts.append(_("seed {seed}").format(seed=settings.seed))
    if timer:
        parts.append(_("{minutes} min timer").format(minutes=number(timer)))
    return " · ".join(parts)


def answer_key(questions: list[Question]) -> str:
    """The questions and their answers, as a numbered Markdown list."""
    return "\n".join(
        f"{i}. {md(prompt_of(q))}  \n**{md(answer_of(q))}**" for i, q in enumerate(questions, 1)
    )


def progress_text(run: QuizRun, *, asking: bool) -> str:
    """Where the run is: "Question 3 of 10" (while a re-asked question is asked: "· again")."""
    number_ = run.number if asking else (run.last.number if run.last else None)
    if asking and run.is_retry:
        text = _("Question {number} of {total} · again")
    else:
        text = _("Question {number} of {total}")
    return text.format(number=number(number_ or 0), total=number(run.total))


def score_line(run: QuizRun) -> str:
    """The score so far (Markdown): right at the first try, answered, waiting to be asked
    again."""
    values = {
        "score": number(run.score), "answered": number(run.answered),
        "pending": number(run.pending_retries),
    }  # fmt: skip
    if run.pending_retries:
        text = _(
            "**{score}** right at the first try · {answered} answered · {pending} to try again"
        )
    else:
        text = _("**{score}** right at the first try · {answered} answered")
    return text.format(**values)


def _named(named: int, to_name: int, *, bold: bool = False) -> str:
    """ "10 of 50 states named (20%)" (``bold``: the count in bold)."""
    if bold:
        text = ngettext(
            "**{named} of {total} state named** ({share})",
            "**{named} of {total} states named** ({share})",
            to_name,
        )
    else:
        text = ngettext(
            "{named} of {total} state named ({share})",
            "{named} of {total} states named ({share})",
            to_name,
        )
    return text.format(named=number(named), total=number(to_name), share=percent(named / to_name))


def score_words(score: int, scored: int, named: int = 0, to_name: int = 0) -> str:
    """A run's score in a table cell: "7 of 9", with a list of names "10 of 50 states named
    (20%)" (both, joined by " · ", in a quiz of both)."""
    parts = []
    if scored or not to_name:
        parts.append(_("{score} of {total}").format(score=number(score), total=number(scored)))
    if to_name:
        parts.append(_named(named, to_name))
    return " · ".join(parts)


def answer_hint(q: Question) -> str:
    """The line under a question that says how a typed answer is read (empty when none)."""
    if q.answer_type is AnswerType.NAMES:
        return _(
            "Type one state at a time and press Enter: each one fills in on the map. "
            "A repeat or a slip costs nothing."
        )
    if q.answer_type is AnswerType.TEXT and q.value_kind is ValueKind.STATE:
        if q.choices:
            return _("Type the state's name (small slips are forgiven), or choose it in the list.")
        return _("Type the state's name (small slips are forgiven).")
    if q.answer_type is AnswerType.TEXT:
        return _("Spelling is forgiven within reason: “St. Paul” or “Saint Paul” both count.")
    return ""


def summary_title(practice: bool, time_up: bool) -> str:
    """The head of a summary: "Time's up", "Practice done" or "Quiz complete"."""
    if time_up:
        return _("Time's up")
    return _("Practice done") if practice else _("Quiz complete")


def _score_head(s: Summary, named: str, time: str) -> str:
    """The first line of a summary's score: right at the first try (the share once the quiz is
    finished), the states named of a list of names, the time."""
    share = percent(s.percent / 100)
    values = {"score": number(s.score), "total": number(s.total), "share": share,
              "named": named, "time": time}  # fmt: skip
    if s.complete and s.to_name:
        text = _("**You got {score} of {total} right at the first try** ({share}) · {named} in "
                 "{time}.")  # fmt: skip
    elif s.complete:
        text = _("**You got {score} of {total} right at the first try** ({share}) in {time}.")
    elif s.to_name:
        text = _("**You got {score} of {total} right at the first try** · {named} in {time}.")
    else:
        text = _("**You got {score} of {total} right at the first try** in {time}.")
    return text.format(**values)


def summary_lines(
    s: Summary,
    elapsed: float,
    timer: int | None = None,
    *,
    time_up: bool = False,
    unchecked: bool = False,
) -> list[str]:
    """The score lines of a summary (Markdown), counting questions (each once, however often it
    was asked): right at the first try, right on a later try, never answered right. Questions
    never answered are "not reached", neither right nor wrong; an answer picked but not
    checked when the time ran out is left out; the share is given only for a finished quiz.
    A list of names counts the states named of all it asks, never as a question."""
    lines = []
    time = clock(elapsed)
    named = _named(s.named, s.to_name, bold=True) if s.to_name else ""
    if not s.total:
        return [_("{named} in {time}.").format(named=named, time=time)]
    if time_up:
        values = {"answered": number(s.answered), "total": number(s.total),
                  "minutes": number(timer or 0), "unreached": number(s.unreached)}  # fmt: skip
        if s.unreached:
            text = ngettext(
                "You answered {answered} of {total} question in {minutes} min; {unreached} not "
                "reached.",
                "You answered {answered} of {total} questions in {minutes} min; {unreached} not "
                "reached.",
                s.total,
            )
        else:
            text = ngettext(
                "You answered {answered} of {total} question in {minutes} min.",
                "You answered {answered} of {total} questions in {minutes} min.",
                s.total,
            )
        lines.append(text.format(**values))
    line = [_score_head(s, named, time)]
    if s.right_later:
        line.append(_("{count} more right on a later try.").format(count=number(s.right_later)))
    if s.never_right:
        line.append(_("{count} never answered right.").format(count=number(s.never_right)))
    lines.append(" ".join(line))
    if unchecked:
        lines.append(_("The answer you had picked when the time ran out was not checked."))
    return lines


def right_part(run: QuizRun, m: Miss) -> str:
    """The right answer of a miss (Markdown); for a list of names, the states missed."""
    if m.question.answer_type is AnswerType.NAMES:
        result = next(a.result for a in run.attempts if a.number == m.number)
        return _("Missed: **{states}**").format(states=md(state_names(result.missed)))
    return _("Right: **{answer}**").format(answer=md(answer_of(m.question)))


def mistake_line(run: QuizRun, m: Miss) -> str:
    """One mistake of a summary's list (Markdown): the question, the answer given, the right
    one, and whether it was answered right later."""
    first = next(a.result for a in run.attempts if a.number == m.number)
    given = md(given_of(first)) or _("(nothing)")
    parts = [_("You: {given}").format(given=given), right_part(run, m)]
    if m.cleared:
        parts.append(_("right later") + " :material/check:")
    head = _("**Q{number}.** {prompt}").format(
        number=number(m.number), prompt=md(prompt_of(m.question))
    )
    return f"{head}  \n" + " · ".join(parts)


def no_mistakes_line(s: Summary) -> str:
    """What a summary without mistakes says."""
    if s.complete:
        return _("No mistakes: every answer right at the first try!")
    return ngettext(
        "No mistakes in the {count} question answered.",
        "No mistakes in the {count} questions answered.",
        s.answered,
    ).format(count=number(s.answered))


AGAIN_ASKED = N_(
    "You missed this one earlier."
)  #: beside the "Again" badge of a question asked again
AGAIN_ANSWERED = N_("A question you missed earlier.")  #: the same, over its feedback
COMES_BACK = N_("This question comes back later in the quiz.")
AGAIN = N_("Again")  #: the badge of a question asked again
PRACTISING = N_("practising your misses")  #: after the line that says what a practice run asks
MISTAKES = N_("Your mistakes")
SUMMARY_MAP = N_("Your answers")  #: the label of a summary's map
SUMMARY_MAP_HINT = N_("Point at a state to see its questions.")
NEW_QUIZ = N_("New quiz")
NEW_QUIZ_HELP = N_("The same settings with a new seed.")
DOWNLOAD = N_("Download this run (CSV)")
SOME_NOTES = N_("Some settings in this link could not be used:")


def practising(line: str) -> str:
    """The line that says what a quiz asks, for a practice of its misses."""
    return f"{line} · {_(PRACTISING)}"


def map_label(q: Question) -> str:
    """The label of the map a question is asked and answered on."""
    return _("Map for the question: {prompt}").format(prompt=prompt_of(q))


def states_line(q: Question) -> str:
    """The few states a set or an order is picked among, when the prompt does not list them
    ("" otherwise)."""
    listed = set(q.choices) <= named_states(q.ask)
    several = q.answer_type in (AnswerType.SET, AnswerType.ORDER)
    if not several or len(q.choices) > MAX_RADIO or listed:
        return ""
    return _("**The states:** {states}").format(states=" · ".join(label(q, c) for c in q.choices))


def named_count(q: Question, named: list[str]) -> str:
    """How far a list of names is: "**3 of 9 named**"."""
    assert isinstance(q.answer, frozenset)
    return _("**{count} of {total} named**").format(
        count=number(len(named)), total=number(len(q.answer))
    )


def named_list(q: Question, named: list[str]) -> str:
    """The states named so far, in the order named ("" before the first)."""
    if not named:
        return ""
    return _("Named: {states}").format(states=join(label(q, c) for c in named))


def next_label(run: QuizRun) -> str:
    """The button under a feedback: the next question, or the summary after the last."""
    return _("See my results") if run.is_done else _("Next question")


def practise_label(misses: int) -> str:
    """The button that practises a run's misses."""
    return _("Practise my misses ({count})").format(count=number(misses))


def unreached_title(count: int) -> str:
    """The head of the questions a timed quiz did not reach, with their answers."""
    return ngettext(
        "Not reached: {count} question, with its answer",
        "Not reached: {count} questions, with their answers",
        count,
    ).format(count=number(count))


def csv_name(stem: str, practice: bool) -> str:
    """The file name of a run's CSV."""
    return f"{stem}{'-misses' if practice else ''}.csv"


def feedback_lines(q: Question, result: Result) -> list[str]:
    """The lines under a verdict: the answer given, and the right one after a miss."""
    given = given_of(result)
    lines = [_("**Your answer:** {answer}").format(answer=md(given))] if given else []
    if not result.correct:
        lines.append(_("**Right answer:** {answer}").format(answer=md(answer_of(q))))
    return lines
