"""The classroom in the reader's language: every refusal of the store (``store.classroom.CODES``)
worded in every language; the class pages in Spanish and in the pseudo-locale (no word of the
page outside the catalogue); the teacher's choice of language (a practice link carries
``lang=``, a class assignment keeps it and its student sees it in it); the worksheet, its key
and the gradebook files in the chosen language."""

from __future__ import annotations

import ast
import csv
import io
import re
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

import store.classroom as cr
from engine.quiz import QuizSettings, build_questions, parse_settings
from messages import LANGUAGES, PSEUDO, speaking
from store.gradebook import CANVAS_COLUMNS, GRADEBOOKS
from store.names import checked
from tests.pdf_tools import need_poppler, pages_text
from tests.test_app_classroom import (  # noqa: F401 (sqlite_class_db: a fixture)
    ASSIGN,
    CLASS,
    RESULTS,
    session,
    sqlite_class_db,
    view,
)
from tests.test_app_drills import click, open_page, texts
from tests.test_app_worksheets import downloads, made  # noqa: F401 (downloads: a fixture)
from tests.test_gradebook import ASSIGNMENT
from tests.test_gradebook import CLASS as STUDENTS
from tests.test_pseudo_locale import bypassed
from ui.classroom.errors import CLASSROOM_ERRORS, worded
from ui.quiz.wording import SENTENCES, pool_of
from ui.storage import app_database
from worksheets import Paper, key_pdf, worksheet, worksheet_pdf
from worksheets.paper import PAPER_PROMPTS

ROOT = Path(__file__).resolve().parent.parent
SAMPLE: dict[str, object] = {  #: a value for each name a refusal's values have
    "typed": "nope", "length": 6, "limit": 40, "code": "K7PQ2M", "name": "Ana",
    "title": "Zonas", "closes_at": datetime(2026, 3, 3, 9, 0, tzinfo=UTC),
}  # fmt: skip


def refusal(code: str, **changed: object) -> cr.ClassroomError:
    return cr.ClassroomError(code, **{name: SAMPLE[name] for name in cr.CODES[code]} | changed)


# --- the store's refusals -------------------------------------------------------------------


def test_every_refusal_of_the_store_is_worded_in_every_language():
    assert set(CLASSROOM_ERRORS) == set(cr.CODES)
    for code in cr.CODES:
        variants = [refusal(code)] + ([refusal(code, closes_at=None)] if code == "closed" else [])
        for error in variants:
            english = worded(error)
            assert english and "{" not in english, code
            for lang in (*LANGUAGES, PSEUDO):
                with speaking(lang):
                    said = worded(error)
                assert said and "{" not in said, (lang, code)
                if lang not in ("en", PSEUDO):
                    assert said != english, (lang, code)


def test_the_store_refuses_only_with_codes_the_pages_word():
    """Every code ``store/classroom.py`` refuses with is one of :data:`store.classroom.CODES`,
    and so is every fault of a typed title or name (``store.names.checked``)."""
    tree = ast.parse((ROOT / "store" / "classroom.py").read_text())
    kinds = ("ClassroomError", "NotFound", "Closed", "NameTaken")
    raised = {
        node.exc.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Raise)
        and isinstance(node.exc, ast.Call)
        and getattr(node.exc.func, "id", None) in kinds
        and node.exc.args
    }
    assert raised and raised <= set(cr.CODES), raised - set(cr.CODES)
    for typed in ("", "\x00", "\u202e", "\u200b", "x" * 200):
        _text, fault, values = checked(typed, 120)
        for what in ("title", "name"):
            assert f"{what}_{fault}" in cr.CODES
            assert set(values) == set(cr.CODES[f"{what}_{fault}"])


def test_refusals_in_spanish_say_it_in_spanish():
    with speaking("es"):
        assert worded(refusal("name_taken")) == (
            "Ana ya está en esta clase: abre tu enlace para continuar o agrega tu inicial."
        )
        assert worded(refusal("name_too_long", length=10_000)) == (
            "Un nombre tiene como máximo 40 caracteres; este tiene 10.000."
        )
        assert worded(refusal("closed")).startswith("“Zonas” se cerró el 2026-03-03 a las 09:00")
        assert "no es un código de clase" in worded(refusal("not_a_code"))


# --- the gradebooks -------------------------------------------------------------------------


def test_a_gradebook_file_is_in_the_chosen_language_but_canvas_keeps_its_columns():
    with speaking("es"):
        plain = list(csv.reader(io.StringIO(GRADEBOOKS["plain"].csv(ASSIGNMENT, STUDENTS))))
        canvas = list(csv.reader(io.StringIO(GRADEBOOKS["canvas"].csv(ASSIGNMENT, STUDENTS))))
        classroom = GRADEBOOKS["google-classroom"].csv(ASSIGNMENT, STUDENTS)
    assert plain[0][0].lstrip("\ufeff") == "nombre"
    assert plain[0][1:] == ["puntuacion", "de_un_total_de", "porcentaje", "terminado"]
    assert {row[-1] for row in plain[1:]} <= {"sí", "no"}
    assert canvas[0][: len(CANVAS_COLUMNS)] == ["\ufeff" + CANVAS_COLUMNS[0], *CANVAS_COLUMNS[1:]]
    assert canvas[1][0] == "Points Possible"
    assert classroom.lstrip("\ufeff").startswith("Nombre,")


# --- the worksheets -------------------------------------------------------------------------

ENGLISH_ON_PAPER = (
    "Tick one box", "Tick every box", "Write your answer", "Number them", "Write one name",
    "Colour every", "is hatched", "are grey", "Page 1 of", "Answer:", "Name:", "Class:",
    "Date:", "questions about", "Answer key",
)  # fmt: skip


def spanish_sheet(modes: tuple[str, ...], title: str = "¡Lección útil: pingüinos y montañas!"):
    settings = QuizSettings(modes=modes, n=6, seed=4, region="West")
    with speaking("es"):
        return worksheet(
            build_questions(settings), title=title, drill="Cuestionario de fronteras",
            selection=pool_of(settings), paper=Paper.A4, note="Nota", lang="es",
        )  # fmt: skip


def test_a_worksheet_and_its_key_in_spanish_read_back_in_spanish():
    need_poppler()
    sheet = spanish_sheet(("neighbors", "capital", "order", "zone", "identify"))
    text = " ".join(pages_text(worksheet_pdf(sheet)))
    keyed = " ".join(pages_text(key_pdf(sheet)))
    for said in ("Nombre:", "Clase:", "Fecha:", "Página 1 de", "6 preguntas sobre"):
        assert said in text, said
    assert "¡Lección útil: pingüinos y montañas!" in text  # á é í ó ú ñ ü ¡ ¿ all print
    assert re.search("Marca una casilla|Escribe tu respuesta en la línea|Numéralos", text)
    assert "Colorea todos los estados que limitan con" in text
    assert "Clave de respuestas: ¡Lección útil" in keyed and "Respuesta:" in keyed
    for english in ENGLISH_ON_PAPER:
        assert english not in text + keyed, english


def test_every_paper_prompt_words_a_prompt_of_the_drills_with_its_values():
    for code, paper in PAPER_PROMPTS.items():
        screen = SENTENCES[code]
        assert isinstance(screen, str), code
        assert set(re.findall(r"{(\w+)}", paper)) == set(re.findall(r"{(\w+)}", screen)), code


def test_a_worksheet_made_in_spanish_is_printed_in_spanish_whatever_the_current_language():
    need_poppler()
    sheet = spanish_sheet(("identify",))
    text = " ".join(pages_text(worksheet_pdf(sheet)))  # made here in English
    assert "¿Qué estado está rayado en el mapa?" in text and "Page 1 of" not in text


# --- the pages ------------------------------------------------------------------------------


def _param(at: AppTest, name: str) -> str:
    value = at.query_params[name]
    return value[-1] if isinstance(value, list) else value


def _language(at: AppTest, lang: str) -> None:
    at.selectbox(key="assign_lang").set_value(lang)


def make_class(lang: str, title: str = "Zonas") -> tuple[AppTest, cr.NewAssignment]:
    """A teacher (whose page is in English) creates a class assignment in ``lang``."""
    teacher = open_page(session(), ASSIGN)
    teacher.radio(key="assign_drill").set_value("zones").run()
    teacher.number_input(key="assign_n").set_value(3)
    _language(teacher, lang)
    teacher.text_input(key="assign_class_title").input(title)
    click(teacher, "Create a class assignment")
    return teacher, teacher.session_state["assign_class_created"]


def test_the_language_choice_starts_as_the_teachers_and_names_each_in_itself(app):
    open_page(app, ASSIGN)
    choice = app.selectbox(key="assign_lang")
    assert choice.value == "en" and choice.options == ["English", "Español"]
    spanish = open_page(session(), ASSIGN, lang="es")
    assert spanish.selectbox(key="assign_lang").value == "es"
    assert spanish.selectbox(key="assign_lang").label == "Idioma"


def test_a_practice_link_made_in_spanish_carries_lang_es_and_prints_in_spanish(
    app,
    downloads,  # noqa: F811 (the fixture imported above)
):
    open_page(app, ASSIGN)
    app.radio(key="assign_drill").set_value("borders").run()
    app.text_input(key="assign_seed").input("7")
    _language(app, "es")
    click(app, "Make the link")
    link = next(c.value for c in app.code if c.value.startswith("border_quiz?"))
    query = {k: v[-1] for k, v in parse_qs(urlsplit(link).query).items()}
    assert query["lang"] == "es" and link.endswith("&seed=7&lang=es")
    settings, notes = parse_settings(query, group="borders")
    assert notes == [] and settings.seed == 7  # the quiz's settings ignore the language
    assert "Assign a quiz" in [t.value for t in app.title]  # the page stays in English
    need_poppler()
    text = " ".join(pages_text(made(downloads, "-7-worksheet-letter.pdf")))
    keyed = " ".join(pages_text(made(downloads, "-7-answer-key-letter.pdf")))
    assert "Nombre:" in text and "Cuestionario de fronteras" in text, text[:300]
    assert "Las mismas preguntas, en el mismo orden, que el enlace de práctica" in keyed
    for english in ENGLISH_ON_PAPER:
        assert english not in text + keyed, english
    _language(app, "en")
    click(app, "Make the link")  # English, made in English: the link as links always were
    assert "lang=" not in next(c.value for c in app.code if c.value.startswith("border_quiz?"))


@pytest.mark.usefixtures("sqlite_class_db")
def test_a_class_assignment_created_in_spanish_is_shown_in_spanish_to_a_student():
    teacher, made = make_class("es")
    assert made.assignment.language == "es"
    assert cr.find_assignment(app_database(), made.assignment.code).params["lang"] == "es"
    student_link = next(c.value for c in teacher.code if "class?code=" in c.value)
    assert student_link.endswith("&lang=es")  # the link says it too
    # a student opens the class code without the link's language: the assignment's is taken
    student = open_page(session(), CLASS, code=made.assignment.code)
    assert not student.exception
    assert [t.value for t in student.title] == ["Cuestionario de clase"]
    assert "Empezar el cuestionario" in [b.label for b in student.button]
    assert _param(student, "lang") == "es"
    student.text_input(key="class_name").input("Ana")
    click(student, "Empezar el cuestionario")
    assert "Para seguir más tarde o en otro dispositivo" in texts(student)
    answer_in_spanish(student)
    assert "Tus respuestas están guardadas." in texts(student)
    (stored,) = cr.class_results(app_database(), made.assignment.id)[0].answers
    assert stored.prompt.startswith("¿En qué zona horaria")  # the teacher reads it in Spanish
    # a student who switches to English keeps it
    next(s for s in student.sidebar.selectbox if s.key == "language_switch").set_value("en")
    student.run()
    assert [t.value for t in student.title] == ["Class quiz"]
    student.run()
    assert [t.value for t in student.title] == ["Class quiz"]


def answer_in_spanish(at: AppTest, wrong: bool = False) -> None:
    """Answer the question on screen (a zone quiz's radio; ``wrong``: with a wrong zone) and
    press its Check. (AppTest words a radio's value in the test's language to find it among the
    options the page drew.)"""
    v = view(at)
    q = v.run.current
    pick = next(c for c in q.choices if c != q.answer) if wrong else q.choices[0]
    with speaking("es"):
        at.radio(key=v.answer_key("one")).set_value(pick).run()
        at.button(key=v.widget_key("check")).click().run()
    assert not at.exception


@pytest.mark.usefixtures("sqlite_class_db")
def test_the_results_page_in_spanish_and_its_questions_in_the_readers_language():
    _teacher, made = make_class("es")
    student = open_page(session(), CLASS, code=made.assignment.code)
    student.text_input(key="class_name").input("Ana")
    click(student, "Empezar el cuestionario")
    answer_in_spanish(student, wrong=True)
    results = open_page(session(), RESULTS, key=made.teacher_key, lang="es")
    shown = texts(results)
    assert [t.value for t in results.title] == ["Resultados de la clase"]
    for said in ("Lista de la clase", "Mapa de la clase", "Las más falladas", "terminaron"):
        assert said in shown, said
    roster = results.dataframe[0].value
    assert list(roster.columns) == [
        "Nombre", "Empezó", "Terminó", "Puntuación", "Respondidas", "Tiempo",
    ]  # fmt: skip
    assert list(roster["Respondidas"]) == ["1 de 3"]
    assert "Cerrar la tarea ahora" in [b.label for b in results.button]
    # The answer was stored in Spanish; a teacher reading English reads it in English (both
    # tables of the page): its question, its right answer and what the student answered.
    (stored,) = cr.class_results(app_database(), made.assignment.id)[0].answers
    q = next(q for q in build_questions(made.assignment.settings()) if q.qid == stored.qid)
    assert stored.prompt.startswith("¿En qué zona horaria")
    english = open_page(session(), RESULTS, key=made.teacher_key, lang="en")
    (answers,) = [t.value for t in english.table]
    assert list(answers["Question"]) == [q.prompt] and q.prompt.startswith("Which time zone")
    given = q.check(stored.response).given
    assert list(answers["Right answer"]) == [q.answer_text] and list(answers["Answer"]) == [given]
    assert given in {"Eastern", "Central", "Mountain", "Pacific", "Alaska", "Hawaii"}, given
    with speaking("es"):
        assert not stored.correct and stored.given == q.check(stored.response).given
    assert f"**Q1.** {q.prompt}" in texts(english) and f"Most given: {given} (×1)" in texts(english)


# --- the pseudo-locale ----------------------------------------------------------------------


MONTHS = r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b"


def screen_words(at: AppTest, *values: str) -> dict[str, str]:
    """What is left of every text of the page's main area once the catalogue's texts, the
    states' names, numbers, icons and ``values`` (codes, typed names) are out."""
    main = at.main
    shown = ("markdown", "caption", "subheader", "header", "title", "success", "info", "warning",
             "error")  # fmt: skip
    labelled = ("button", "text_input", "selectbox", "radio", "date_input", "time_input",
                "toggle", "number_input", "multiselect", "expander")  # fmt: skip
    found = [e.value for kind in shown for e in getattr(main, kind)]
    found += [e.label for kind in labelled for e in getattr(main, kind)]
    found += [e.proto.label for e in main.get("download_button")]
    for frame in main.dataframe:
        found += [str(c) for c in frame.value.columns]
    left = {}
    for text in found:
        for value in values:
            text = text.replace(value, " ")
        text = re.sub(r":material/\w+:|:\w+-badge\[", " ", text)  # icons and badges
        text = re.sub(MONTHS, " ", text)  # the pseudo-locale's dates are English's (CLDR's)
        if rest := bypassed(text.replace("Google Classroom", " ")):
            left[rest] = text
    return left


@pytest.mark.usefixtures("sqlite_class_db")
@speaking(PSEUDO)  # AppTest words a radio's value in the test's language to find its option
def test_no_word_of_the_class_pages_bypasses_the_catalogue():
    teacher = open_page(session(), ASSIGN, lang=PSEUDO)
    teacher.radio(key="assign_drill").set_value("zones").run()
    teacher.text_input(key="assign_class_title").input("T")
    made_at = teacher.button
    next(b for b in made_at if "Create a class assignment" in b.label).click().run()
    made = teacher.session_state["assign_class_created"]
    code = made.assignment.code
    left = screen_words(teacher, code)
    next(b for b in teacher.button if "Step 2" in b.label).click().run()
    left |= screen_words(teacher, code, made.teacher_key)

    student = open_page(session(), CLASS, lang=PSEUDO)
    left |= screen_words(student)
    student = open_page(student, CLASS, code=code)
    left |= screen_words(student, code)
    student.text_input(key="class_name").input("A")
    next(b for b in student.button if "Start the quiz" in b.label).click().run()
    left |= screen_words(student, code)

    v = view(student)
    student.radio(key=v.answer_key("one")).set_value(v.run.current.choices[0]).run()
    student.button(key=v.widget_key("check")).click().run()
    left |= screen_words(student, code)

    results = open_page(session(), RESULTS, key=made.teacher_key, lang=PSEUDO)
    assert results.title[0].value.startswith("⟦Class results")
    assert len(results.dataframe[0].value) == 1  # the roster, with the student's answer
    left |= screen_words(results, code, made.teacher_key)
    progress = open_page(results, "pages/class_progress.py")
    left |= screen_words(progress, code)
    assert left == {}, "\n".join(f"{rest!r} in {text!r}" for rest, text in left.items())
