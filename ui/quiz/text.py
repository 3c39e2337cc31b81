"""A quiz in words: its clock, the line that says what it asks, its answer key, and the words of
its steps (the status, the hint under a question, the feedback, the summary). Pure: every host
of a quiz (the drill pages, the class quiz, the notebook's quiz widget) says the same things,
most of them through the steps of ``ui.quiz.flow``. Lines are Markdown."""

from __future__ import annotations

from engine.cards import by_usps
from engine.quiz import (
    MODE_TITLES,
    AnswerType,
    Miss,
    Question,
    QuizRun,
    QuizSettings,
    Result,
    Summary,
    ValueKind,
)
from engine.quiz.facts import plural
from ui.links import md
from ui.quiz.roles import MAX_RADIO


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
    kinds = ", ".join(MODE_TITLES[m] for m in settings.modes)
    count = settings.n if n is None else n
    questions = "1 question" if count == 1 else f"{count} questions"
    line = f"{questions} · {kinds} · {settings.describe_pool()}"
    line += f" · seed {settings.seed}" if seed else ""
    return line + (f" · {timer} min timer" if timer else "")


def answer_key(questions: list[Question]) -> str:
    """The questions and their answers, as a numbered Markdown list."""
    return "\n".join(
        f"{i}. {md(q.prompt)}  \n**{md(q.answer_text)}**" for i, q in enumerate(questions, 1)
    )


def progress_text(run: QuizRun, *, asking: bool) -> str:
    """Where the run is: "Question 3 of 10" (while a re-asked question is asked: "· again")."""
    number = run.number if asking else (run.last.number if run.last else None)
    again = asking and run.is_retry
    return f"Question {number} of {run.total}" + (" · again" if again else "")


def score_line(run: QuizRun) -> str:
    """The score so far (Markdown): right at the first try, answered, waiting to be asked
    again."""
    line = f"**{run.score}** right at the first try · {run.answered} answered"
    if run.pending_retries:
        line += f" · {run.pending_retries} to try again"
    return line


def score_words(score: int, scored: int, named: int = 0, to_name: int = 0) -> str:
    """A run's score in a table cell: "7 of 9", with a list of names "10 of 50 states named
    (20%)" (both, joined by " · ", in a quiz of both)."""
    parts = [f"{score} of {scored}"] if scored or not to_name else []
    if to_name:
        parts.append(
            f"{named} of {plural(to_name, 'state')} named ({round(100 * named / to_name)}%)"
        )
    return " · ".join(parts)


def answer_hint(q: Question) -> str:
    """The line under a question that says how a typed answer is read (empty when none)."""
    if q.answer_type is AnswerType.NAMES:
        return (
            "Type one state at a time and press Enter: each one fills in on the map. "
            "A repeat or a slip costs nothing."
        )
    if q.answer_type is AnswerType.TEXT and q.value_kind is ValueKind.STATE:
        extra = ", or choose it in the list" if q.choices else ""
        return f"Type the state's name (small slips are forgiven){extra}."
    if q.answer_type is AnswerType.TEXT:
        return "Spelling is forgiven within reason: “St. Paul” or “Saint Paul” both count."
    return ""


def summary_title(practice: bool, time_up: bool) -> str:
    """The head of a summary: "Time's up", "Practice done" or "Quiz complete"."""
    if time_up:
        return "Time's up"
    return "Practice done" if practice else "Quiz complete"


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
    named = f"**{s.named} of {plural(s.to_name, 'state')} named** ({s.named_percent}%)"
    if not s.total:
        return [f"{named} in {clock(elapsed)}."]
    if time_up:
        lines.append(
            f"You answered {s.answered} of {plural(s.total, 'question')} in {timer} min"
            + (f"; {s.unreached} not reached." if s.unreached else ".")
        )
    share = f" ({s.percent}%)" if s.complete else ""
    later = f" {s.right_later} more right on a later try." if s.right_later else ""
    never = f" {s.never_right} never answered right." if s.never_right else ""
    names = f" · {named}" if s.to_name else ""
    lines.append(
        f"**You got {s.score} of {s.total} right at the first try**{share}{names} "
        f"in {clock(elapsed)}.{later}{never}"
    )
    if unchecked:
        lines.append("The answer you had picked when the time ran out was not checked.")
    return lines


def right_part(run: QuizRun, m: Miss) -> str:
    """The right answer of a miss (Markdown); for a list of names, the states missed."""
    if m.question.answer_type is AnswerType.NAMES:
        result = next(a.result for a in run.attempts if a.number == m.number)
        names = [by_usps()[c].name for c in sorted(result.missed, key=m.question.label)]
        return f"Missed: **{md(', '.join(names))}**"
    return f"Right: **{md(m.right_answer)}**"


def mistake_line(run: QuizRun, m: Miss) -> str:
    """One mistake of a summary's list (Markdown): the question, the answer given, the right
    one, and whether it was answered right later."""
    return (
        f"**Q{m.number}.** {md(m.question.prompt)}  \n"
        f"You: {md(m.given) or '(nothing)'} · {right_part(run, m)}"
        + (" · right later :material/check:" if m.cleared else "")
    )


def no_mistakes_line(s: Summary) -> str:
    """What a summary without mistakes says."""
    if s.complete:
        return "No mistakes: every answer right at the first try!"
    return f"No mistakes in the {plural(s.answered, 'question')} answered."


AGAIN_ASKED = "You missed this one earlier."  #: beside the "Again" badge of a question asked again
AGAIN_ANSWERED = "A question you missed earlier."  #: the same, over its feedback
COMES_BACK = "This question comes back later in the quiz."
PRACTISING = " · practising your misses"  #: after the line that says what a practice run asks
MISTAKES = "Your mistakes"
SUMMARY_MAP = "Your answers"  #: the label of a summary's map
SUMMARY_MAP_HINT = "Point at a state to see its questions."
NEW_QUIZ = "New quiz"
DOWNLOAD = "Download this run (CSV)"


def map_label(q: Question) -> str:
    """The label of the map a question is asked and answered on."""
    return f"Map for the question: {q.prompt}"


def states_line(q: Question) -> str:
    """The few states a set or an order is picked among, when the prompt does not list them
    ("" otherwise)."""
    listed = all(q.label(c) in q.prompt for c in q.choices)
    several = q.answer_type in (AnswerType.SET, AnswerType.ORDER)
    if not several or len(q.choices) > MAX_RADIO or listed:
        return ""
    return "**The states:** " + " · ".join(q.label(c) for c in q.choices)


def named_count(q: Question, named: list[str]) -> str:
    """How far a list of names is: "**3 of 9 named**"."""
    assert isinstance(q.answer, frozenset)
    return f"**{len(named)} of {len(q.answer)} named**"


def named_list(q: Question, named: list[str]) -> str:
    """The states named so far ("" before the first)."""
    return "Named: " + ", ".join(q.label(c) for c in named) if named else ""


def next_label(run: QuizRun) -> str:
    """The button under a feedback: the next question, or the summary after the last."""
    return "See my results" if run.is_done else "Next question"


def practise_label(misses: int) -> str:
    """The button that practises a run's misses."""
    return f"Practise my misses ({misses})"


def unreached_title(count: int) -> str:
    """The head of the questions a timed quiz did not reach, with their answers."""
    return f"Not reached: {count} questions, with their answers"


def csv_name(stem: str, practice: bool) -> str:
    """The file name of a run's CSV."""
    return f"{stem}{'-misses' if practice else ''}.csv"


def feedback_lines(q: Question, result: Result) -> list[str]:
    """The lines under a verdict: the answer given, and the right one after a miss."""
    lines = [f"**Your answer:** {md(result.given)}"] if result.given else []
    if not result.correct:
        lines.append(f"**Right answer:** {md(q.answer_text)}")
    return lines
