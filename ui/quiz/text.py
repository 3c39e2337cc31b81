"""A quiz in words: its clock, the line that says what it asks, its answer key."""

from __future__ import annotations

from engine.quiz import MODE_TITLES, Question, QuizSettings
from ui.links import md


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
