"""The drills in Spanish and in the pseudo-locale: a whole quiz session of every mode
(``engine.quiz.MODES``) is walked through ``ui.quiz.flow`` (no browser), with every kind of
answer (not counted, wrong, a near miss, right, names typed one by one), its feedback, the
summary, a practice of the misses and a timed run cut short; every text the session shows is
read. In Spanish a sentence has no English word left (and real sentences are checked); in the
pseudo-locale nothing is left outside the catalogue's brackets once the values (states'
names, capitals, numbers, what the student typed) are taken out. Typed Spanish names are
accepted by every mode that takes states. Every sentence of the wording table, and every mark
of the drills' modules, has its Spanish translation."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from engine.answers import spanish_names
from engine.cards import ZONES, by_usps, deck
from engine.quiz import (
    MODES,
    AnswerType,
    QuizRun,
    QuizSettings,
    Sentence,
    ValueKind,
    make_question,
    parse_settings,
)
from engine.quiz.modes import GROUPS, mode
from messages import PSEUDO, speaking
from messages.catalogue import translations
from ui.quiz import roles, text, wording
from ui.quiz.flow import QuizFlow
from ui.quiz.inputs import answer_input, nothing_notice

JUNK = "Qwxz"  #: what a student types that is no name at all
_BRACKETED = re.compile(r"⟦[^⟦⟧]*⟧")
_NAMES = sorted(
    {c.name for c in deck()} | {c.capital for c in deck()} | set(spanish_names().values())
    | {JUNK, "mix", "neighbors", "exact", "count", "mars", "seed", "region", "zone", "states",
       "mode", "timer", "abc", *ZONES, "Northeast", "Midwest", "South", "West", *MODES},
    key=len, reverse=True,
)  # fmt: skip
# Babel's formats in the pseudo-locale are English: list words, month names (a date)
_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_FORMATS = rf"\b(?:and|or|{_MONTHS})\b"
_VALUES = re.compile("|".join(re.escape(n) for n in _NAMES) + "|" + _FORMATS)
_ENGLISH = re.compile(
    r"\b(?:the|and|of|is|which|state|states|right|wrong|missed|answer|answers|your|you|first|"
    r"try|question|questions|borders|border|named|not|time|zone|capital's|order|pick|type|"
    r"choose|quiz|again|check|click|map)\b",
    re.IGNORECASE,
)


def bypassed(text_: str) -> str:
    """What is left of ``text_`` once every catalogue text, name, typed value, number and
    sign is out (as ``tests/test_pseudo_locale.py`` reads a game's screen)."""
    text_ = re.sub(r":material/[a-z_]+:", " ", text_)  # Streamlit's icons
    while _BRACKETED.search(text_):
        text_ = _BRACKETED.sub(" ", text_)
    text_ = _VALUES.sub(" ", text_)
    return " ".join(re.findall(r"[^\W\d_]{2,}", text_))


def english_left(text_: str) -> list[str]:
    """The English words left in a Spanish text once the names are out."""
    text_ = re.sub(r":material/[a-z_]+:|\{[A-Za-z]+\}", " ", text_)  # icons, the map's {Click}
    return _ENGLISH.findall(_VALUES.sub(" ", text_))


# --- a whole session of one mode ------------------------------------------------------------------


def spanish(usps: str) -> str:
    """A state as a Spanish reader types it."""
    return spanish_names().get(usps, by_usps()[usps].name)


def _other_state(q) -> str:
    answer = {q.answer} if isinstance(q.answer, str) else set(q.answer)
    return next(
        c for c in (*q.choices, *(c.usps for c in deck())) if c not in answer and c != q.focus
    )


def _misspelt(name: str) -> str:
    """A near miss of a long name: two letters swapped in its middle."""
    i = len(name) // 2
    return name[:i] + name[i + 1] + name[i] + name[i + 2 :]


def not_counted(q) -> object:
    """An answer that does not count."""
    if q.answer_type is AnswerType.SET:
        return ()
    if q.answer_type is AnswerType.ORDER:
        return tuple(q.answer[:1])
    if q.value_kind is ValueKind.LETTER:
        return "12"
    if q.value_kind is ValueKind.STATE and q.answer_type is AnswerType.ONE:
        return "Carolina"  # ambiguous: part of two names
    return JUNK


def wrong(q) -> object:
    """A counted wrong answer (a state typed by its Spanish name)."""
    if q.answer_type is AnswerType.SET:
        return (spanish(_other_state(q)),)
    if q.answer_type is AnswerType.ORDER:
        return tuple(reversed(q.answer))
    if q.value_kind is ValueKind.STATE:
        return spanish(_other_state(q))
    if q.value_kind is ValueKind.CAPITAL:
        return "Dallas" if q.answer != "TX" else "Miami"  # a big city, not a capital
    return next(c for c in q.choices if c != q.answer)


def right(q) -> object:
    """The right answer, typed as a Spanish reader does (a near miss where a name is typed
    and long enough)."""
    if q.answer_type is AnswerType.SET:
        return ", ".join(spanish(c) for c in sorted(q.answer))
    if q.answer_type is AnswerType.ORDER:
        return tuple(spanish(c) for c in q.answer)
    if q.value_kind is ValueKind.STATE:
        name = spanish(q.answer)
        return _misspelt(name) if q.answer_type is AnswerType.TEXT and len(name) >= 8 else name
    if q.value_kind is ValueKind.CAPITAL:
        capital = by_usps()[q.answer].capital
        return _misspelt(capital) if len(capital) >= 8 else capital
    return q.answer


def _asking_words(flow: QuizFlow) -> Iterator[str]:
    step = flow.asking()
    q = step.question
    spec = step.answer
    yield from (wording.prompt_of(q), step.again, step.states, step.hint, text.map_label(q))
    yield from (spec.label, spec.placeholder, spec.option_label, spec.typed_label)
    yield from (spec.typed_placeholder, spec.add, spec.check, nothing_notice(q))
    yield from (wording.label(q, c) for c in spec.options)
    yield from (text.progress_text(flow.run, asking=True), text.score_line(flow.run))
    yield roles.map_hint(roles.pick_mode(q)) or ""
    yield from roles.refusals(q).values()
    yield from roles.asking_roles(q)[1].values()
    if q.answer_type is AnswerType.NAMES:
        yield from (text.named_count(q, flow.picked), text.named_list(q, flow.picked))


def _feedback_words(flow: QuizFlow) -> Iterator[str]:
    step = flow.feedback()
    yield from (step.verdict, step.again, step.comes_back, step.next_label, step.explanation)
    yield from step.lines
    yield from roles.feedback_roles(step.question, step.result)[1].values()
    yield text.progress_text(flow.run, asking=False)


def _summary_words(flow: QuizFlow) -> Iterator[str]:
    step = flow.summary()
    yield from (step.title, step.praise, step.practise, *step.lines, *step.mistakes)
    if step.unreached:
        yield text.unreached_title(len(step.unreached))
        yield text.answer_key(list(step.unreached))
    yield from roles.summary_roles(flow.run)[1].values()
    yield from roles.summary_words().values()
    yield text.describe(flow.run.settings, flow.timer, flow.run.total)


def _names_words(flow: QuizFlow) -> Iterator[str]:
    """A list of names: every kind of typed name, then the list checked."""
    q = flow.run.current
    pool = sorted(q.answer)
    outside = next(c.usps for c in deck() if c.usps not in q.answer)
    typed = ["TX", JUNK, "Carolina", spanish(outside), _misspelt(spanish(pool[0])) if
             len(spanish(pool[0])) >= 8 else spanish(pool[0]), spanish(pool[0]),
             *(spanish(c) for c in pool[1:-1])]  # fmt: skip
    for name in typed:
        yield flow.take_name(name)
        yield from _asking_words(flow)


def session_words(mode_name: str, seed: int = 3) -> Iterator[str]:
    """Every text a whole session of ``mode_name`` shows (see the module)."""
    small = mode(mode_name).solo
    settings = QuizSettings(modes=(mode_name,), n=3, seed=seed, region="West" if small else None)
    flow = QuizFlow(QuizRun(settings))
    asked: dict[int, int] = {}
    while not flow.over:
        yield from _asking_words(flow)
        q = flow.run.current
        if q.answer_type is AnswerType.NAMES:
            yield from _names_words(flow)
            flow.check(tuple(flow.picked))
        else:
            times = asked[flow.run.number] = asked.get(flow.run.number, 0) + 1
            if times == 1:
                flow.check(not_counted(q))
                assert flow.phase == "ask" and flow.notice, (mode_name, q.qid)
                yield flow.notice
            result = flow.check(wrong(q) if times == 1 else right(q))
            assert result is not None and result.counted, (mode_name, q.qid, result)
            assert result.correct is (times > 1), (mode_name, q.qid, wording.message_of(result))
        yield from _feedback_words(flow)
        flow.next_question()
    yield from _summary_words(flow)
    if flow.practise():
        yield text.practising(text.describe(flow.run.settings, None, flow.run.total))
        yield from _asking_words(flow)
    timed = QuizFlow(QuizRun(settings), timer=1)
    timed.started -= 120
    timed.check_time(held=True)
    yield from _summary_words(timed)


def link_words() -> Iterator[str]:
    """The notes on a link's bad settings, on every drill page and on a page of all modes."""
    bad = {"mode": "x", "n": "-3", "seed": "abc", "region": "mars", "zone": "x", "states": "AK,x"}
    for group in [None, *(g.name for g in GROUPS)]:
        yield from wording.notes_of(parse_settings(bad, group=group)[1])
        yield from wording.notes_of(parse_settings({**bad, "mode": "x,mix"}, group=group)[1])
        yield wording.group_title(group) if group else ""
        yield wording.group_intro(group) if group else ""
    yield from wording.notes_of(parse_settings({"n": "99", "states": "x"})[1])
    yield from wording.notes_of(parse_settings({"region": "west", "zone": "eastern"})[1])
    yield wording.say(Sentence("bad_timer", text="x", most=60))
    for settings in (
        QuizSettings(), QuizSettings(region="West"), QuizSettings(zone="Mountain"),
        QuizSettings(region="West", zone="Mountain"), QuizSettings(states=("CO", "UT")),
    ):  # fmt: skip
        yield wording.pool_of(settings)
        yield text.describe(settings, 5)


def special_words() -> Iterator[str]:
    """What only particular questions say: the Four Corners, the unfiltered list of names, a
    capital typed where a state is asked, a list checked before any name, a selection no
    question of a mode can be asked about."""
    corners = make_question("exact", "CO")
    yield from (wording.explanation_of(corners), wording.remark_of(corners, "KS"))
    yield wording.message_of(make_question("neighbors", "CO").check(["KS"]))
    names = make_question("all50", "ALL")
    yield from (wording.prompt_of(names), wording.message_of(names.check(())))
    yield wording.message_of(make_question("identify", "CO").check("Denver"))
    yield wording.message_of(make_question("from_capital", "CO").check("Boise, Utah"))
    yield from wording.notes_of(parse_settings({"mode": "shared", "states": "KY"})[1])


# --- the sweeps -----------------------------------------------------------------------------------


@pytest.mark.parametrize("mode_name", list(MODES))
def test_a_whole_session_in_the_pseudo_locale_bypasses_no_text(mode_name) -> None:
    with speaking(PSEUDO):
        left = {rest: t for t in session_words(mode_name) if t and (rest := bypassed(t))}
    assert left == {}


@pytest.mark.parametrize("mode_name", list(MODES))
def test_a_whole_session_in_spanish_leaves_no_english(mode_name) -> None:
    with speaking("es"):
        words = [t for t in session_words(mode_name) if t]
    left = {t: found for t in words if (found := english_left(t))}
    assert left == {}
    assert len(words) > 20


def test_a_link_s_notes_and_particular_sentences_bypass_no_text_and_leave_no_english() -> None:
    with speaking(PSEUDO):
        assert {t: r for t in [*link_words(), *special_words()] if (r := bypassed(t))} == {}
    with speaking("es"):
        words = [t for t in [*link_words(), *special_words()] if t]
    assert {t: found for t in words if (found := english_left(t))} == {}


# --- real sentences -------------------------------------------------------------------------------


def test_spanish_sentences_read_as_spanish() -> None:
    with speaking("es"):
        q = make_question("neighbors", "CO")
        assert wording.prompt_of(q) == "Elige cada estado que limita con Colorado."
        assert wording.explanation_of(q).startswith(
            "Colorado limita con 7 estados: Arizona (esquina con esquina, en Four Corners), "
        )
        result = q.check(["KS", "TX"])
        assert wording.message_of(result).startswith("1 de 7 correctos. Te faltaron: Arizona, ")
        assert "Incorrectos: Texas." in wording.message_of(result)
        q = make_question("capital", "NY")
        assert wording.prompt_of(q) == "Nombra la capital de Nueva York."
        assert wording.message_of(q.check("Dallas")) == (
            "Dallas no es una capital de estado: es una ciudad de Texas. "
            "La capital de Nueva York es Albany."
        )
        q = make_question("identify", "MS")
        assert wording.message_of(q.check("Misisipi")) == "¡Correcto!"
        assert wording.given_of(q.check("Misisipi")) == "Misisipi"
        assert wording.message_of(q.check("Misissipi")) == (
            "¡Correcto! Se leyó como Misisipi: revisa la ortografía."
        )
        wrong = q.check("Nueva York")
        assert wording.message_of(wrong) == "No: la respuesta es Misisipi."
        assert text.feedback_lines(q, wrong) == [
            "**Tu respuesta:** Nueva York",
            "**Respuesta correcta:** Misisipi",
        ]
        q = make_question("zone", "KY")
        assert wording.prompt_of(q) == "¿En qué zona horaria está la capital de Kentucky?"
        assert wording.label(q, "Central") == "Centro"
        q = make_question("earlier", ("DE", "CO"))
        assert "ingresó el 7 de diciembre de 1787" in wording.explanation_of(q)
        assert wording.pool_of(QuizSettings(region="West")) == "la región censal Oeste"
        assert answer_input(q).check == "Comprobar"


def test_the_right_answer_names_the_state_in_the_reader_s_language() -> None:
    q = make_question("exact", "VT")
    with speaking("es"):
        result = q.check("NY")
        assert wording.answer_of(q) == "Vermont"
        assert "Nueva York" in wording.given_of(result)
    q = make_question("neighbors", "NC")
    with speaking("es"):
        assert "Carolina del Sur" in wording.message_of(q.check(["VA"]))
        assert "Carolina del Sur" in text.right_part(*_missed_once(q))


def _missed_once(q):
    run = QuizRun(QuizSettings(), [q])
    run.answer(["VA"])
    return run, run.misses()[0]


# --- typed Spanish names --------------------------------------------------------------------------


@pytest.mark.parametrize("mode_name", [m for m in MODES if mode(m).value_kind is ValueKind.STATE])
def test_typed_spanish_names_are_accepted_by_every_mode_that_takes_states(mode_name) -> None:
    settings = QuizSettings(modes=(mode_name,), n=4, seed=11, region="South")
    for q in QuizRun(settings).questions:
        if q.answer_type is AnswerType.NAMES:
            named = [q.take_name([], spanish(c)).usps for c in q.answer]
            assert set(named) == set(q.answer)
            continue
        assert q.check(right(q)).correct, (q.qid, right(q))


# --- the catalogue --------------------------------------------------------------------------------


def _marked() -> list[str]:
    """Every text the wording table and the drills' constants mark with ``N_``."""
    found = [w for w in wording.SENTENCES.values() if isinstance(w, str)]
    found += [*wording._SHARED.values(), *(s for _, s in wording._COMPARED.values())]
    found += [*wording._ORDER_HEADS.values(), *roles.SUMMARY_WORDS.values()]
    found += [*roles.MAP_HINTS.values(), roles._NOT_REACHED]
    found += [g.title for g in GROUPS] + [g.intro for g in GROUPS]
    found += [mode(m).title for m in MODES]
    found += [getattr(text, name) for name in (
        "AGAIN_ASKED", "AGAIN_ANSWERED", "COMES_BACK", "AGAIN", "PRACTISING", "MISTAKES",
        "SUMMARY_MAP", "SUMMARY_MAP_HINT", "NEW_QUIZ", "NEW_QUIZ_HELP", "DOWNLOAD", "SOME_NOTES",
    )]  # fmt: skip
    return found


def test_every_marked_text_of_the_drills_has_its_spanish() -> None:
    catalogue = translations("es")._catalog  # type: ignore[attr-defined]
    assert [t for t in _marked() if t not in catalogue] == []


def test_every_mode_s_prompt_has_its_sentence_and_every_sentence_is_said() -> None:
    assert {"ask_" + m for m in MODES} <= set(wording.SENTENCES)
    said: set[str] = set()
    sentence = wording.sentence

    def recording(s: Sentence) -> str:
        said.add(s.code)
        return sentence(s)

    wording.sentence = recording
    try:
        for mode_name in MODES:
            list(session_words(mode_name))
        list(link_words())
        list(special_words())
    finally:
        wording.sentence = sentence
    # said only by a link's rare notes, a capital typed with another state, or Hawaii/Alaska
    rare = {"borders_none", "borders_none_hi", "borders_none_ak", "capital_of_not",
            "not_a_state_district", "not_a_state_territory", "state_not_a_capital",
            "capital_not_a_state", "only_part", "close_to", "list_too_long", "too_long",
            "type_a_state", "type_a_capital", "postal_code", "not_recognised_as_states",
            "one_of_the_zones", "whole_number", "begins_but_outside", "capitals_outside",
            "capitals_beginning_in", "ask_letter_states_in", "ask_all_of_your_list",
            "ask_exact_one", "not_in_pool", "not_asked_here", "read_as", "not_a_state"}  # fmt: skip
    assert set(wording.SENTENCES) - said <= rare


# --- the notebook's quiz widget ------------------------------------------------------------------


def test_the_notebook_quiz_speaks_its_language_at_every_click() -> None:
    from widgets.quiz import QuizWidget

    quiz = QuizWidget("borders", mode="neighbors", n=1, seed=4, region="mars", language="es")
    with speaking("en"):  # a click's callback runs in no language of its own
        assert "Algunos ajustes no se pudieron usar" in quiz.children[0].value
        assert "Elige cada estado que limita con" in quiz.question.value
        assert "Pregunta 1 de 1" in quiz.status.value
        assert [b.description for b in quiz.buttons.children] == ["Comprobar"]
        q = quiz.run.current
        quiz.check((spanish(_other_state(q)),))
        assert "Incorrectos:" in quiz.message.value and "Tu respuesta" in quiz.message.value
        quiz.next()
        quiz.check(tuple(q.answer))
        quiz.next()
        assert "Cuestionario terminado" in quiz.question.value
        assert "Practicar mis errores (1)" in [b.description for b in quiz.buttons.children]
