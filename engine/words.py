"""What the drills say, as codes and values: the engine builds :class:`Sentence` objects, never
a sentence in words. A question's prompt, its explanation and remarks, the verdict on an
answer, the reading of a typed name (:mod:`engine.answers` too) and the notes on a link's
settings are sentences; ``ui.quiz.wording`` words each code in the reader's language.

Values are plain data, named by what they are (the wording reads a value by its name's last
word): a state by its USPS code (``state``, ``best_state``; ``states`` for several), a
capital by its state's code (``capital``), a time zone or a Census region by its value
(``zone``, ``region``), a count as an ``int``, what a reader typed as text (``text``,
``items``), an official name as the deck spells it (``name``, ``names``), and another sentence
where one sentence names a part said elsewhere (``pool``: the selection).

**The compatibility properties** (:attr:`Question.prompt <engine.quiz.question.Question.prompt>`,
``Result.message``, ``Result.given`` …) word their sentences with the wording the UI installs
here (:func:`install`; importing ``ui.quiz`` installs ``ui.quiz.wording``), in the current
language: the engine holds no word of it. New code words a sentence with ``ui.quiz.wording``
directly."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.core import Coded


class Sentence(Coded):
    """One sentence of the drills: ``Sentence("ask_capital", state="CO")``, worded by
    ``ui.quiz.wording``."""

    __slots__ = ()


Said = tuple[Sentence, ...]  #: sentences said one after the other (a verdict and its remarks)

_worder: list[Callable[[Iterable[Sentence]], str]] = []


def install(worder: Callable[[Iterable[Sentence]], str]) -> None:
    """Make ``worder`` (sentences → their words in the current language, joined) the wording
    of the compatibility properties."""
    _worder[:] = [worder]


def words(said: Sentence | Iterable[Sentence] | None) -> str:
    """``said`` in words, by the installed wording ("" for nothing said). Raises
    ``LookupError`` when no wording is installed (import ``ui.quiz.wording``)."""
    if said is None:
        return ""
    if not _worder:
        raise LookupError("no wording of the drills is installed: import ui.quiz.wording")
    return _worder[0]((said,) if isinstance(said, Sentence) else tuple(said))
