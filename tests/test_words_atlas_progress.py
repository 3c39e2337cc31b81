"""The Atlas, My progress, Home, the card tiles and the map's own words in Spanish and in the
pseudo-locale. Every state's card in the Atlas is walked in Spanish (its figures, dates, zones,
region and border states in the reader's words and order); the pages are read whole in the
pseudo-locale (the page's texts, its widgets' labels and options, its tables' columns, its
map's data), where no word is left outside the catalogue's brackets once states' names,
capitals, numbers and codes are taken out; real Spanish sentences are spot-checked. Every
refusal of the progress store has its wording, and a typed Spanish name opens a card."""

from __future__ import annotations

import functools
import json
import re
from datetime import UTC, date, datetime, timedelta

import pytest
from google.protobuf.json_format import MessageToDict
from streamlit.testing.v1 import AppTest

import store.db
from engine.answers import spanish_names
from engine.cards import by_usps, card, deck
from engine.core import Coded
from messages import PSEUDO, long_date, speaking
from store import progress as pg
from store.clock import now_utc
from tests.test_app_drills import open_page, texts
from ui import atlas
from ui.cards import card_html
from ui.map_data import ROLES, map_data
from ui.progress import bands, errors
from ui.progress.links import card_html as progress_card
from ui.state_names import by_name, state_name
from ui.times import when

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent
ATLAS = "pages/atlas.py"
PROGRESS = "pages/progress.py"

_BRACKETED = re.compile(r"⟦[^⟦⟧]*⟧")
_NAMES = sorted(
    {c.name for c in deck()} | {c.capital for c in deck()} | set(spanish_names().values())
    | {"GeoPlunge", "FSRS", "SVG", "PostgreSQL", "SQLite", "Streamlit", "Community", "Cloud"},
    key=len, reverse=True,
)  # fmt: skip
# Babel's formats in the pseudo-locale are English: list words, month names (a date)
_FORMATS = (
    r"\b(?:and|or|January|February|March|April|May|June|July|August|September|October|"
    r"November|December)\b"
)
_VALUES = re.compile("|".join(re.escape(n) for n in _NAMES) + "|" + _FORMATS)


def bypassed(text: str) -> str:
    """What is left of ``text`` once every catalogue text, name, number, code and sign is out
    (as ``tests/test_pseudo_locale.py`` reads a game's screen)."""
    text = re.sub(r"<style>.*?</style>", " ", text, flags=re.S)
    text = re.sub(r":material/[a-z_0-9]+:", " ", text)  # Streamlit's icons
    text = re.sub(r":[a-z]+-badge\[", " ", text)  # a badge's colour
    while _BRACKETED.search(text):
        text = _BRACKETED.sub(" ", text)
    text = re.sub(r"<[^>]*>", " ", text)  # HTML tags and their attributes
    text = re.sub(r"https?://\S+|\b[A-Z0-9]{6}\b", " ", text)  # links and codes
    text = _VALUES.sub(" ", text)
    return " ".join(re.findall(r"[^\W\d_]{2,}", text))


def left_over(texts_: list[str]) -> dict[str, str]:
    """Each unbracketed remainder of ``texts_``, with a text it was found in."""
    left: dict[str, str] = {}
    for text in texts_:
        if rest := bypassed(text):
            left.setdefault(rest, text)
    return left


# --- what a page shows --------------------------------------------------------------------------

_NOT_WORDS = {
    *("id", "formId", "jsContent", "cssContent", "json", "default", "data", "icon", "type"),
    *("page", "pageScriptHash", "autocomplete", "columns", "codeText", "language"),
}
"""Proto fields that are no words shown: ids, code, a table's data and its columns' settings
(its columns are read apart), icons, a link's page, a widget's kind, a link shown as code."""


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [] if re.fullmatch(r"[A-Z_]+", value) else [value]  # an enum's name
    if isinstance(value, dict):
        return [s for k, v in value.items() if k not in _NOT_WORDS for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _elements(node):
    for child in getattr(node, "children", {}).values():
        yield child
        yield from _elements(child)


def map_texts(data: dict) -> list[str]:
    """Every word of a map's data: its roles' labels, its own words, label, hint, notes and
    the states' names."""
    words = [s["label"] for s in data["styles"].values()]
    words += [data["label"], data["hint"] or "", *data["notes"].values(), *data["names"].values()]
    return words + _strings(data["text"])


def page_texts(at: AppTest) -> list[str]:
    """Every text the page shows in its main area: texts, labels, placeholders, options,
    help, captions, tables' columns, and its maps' words."""
    found = []
    for element in _elements(at.main):
        proto = getattr(element, "proto", None)
        if proto is None:
            continue
        if getattr(element, "type", "") == "bidi_component":
            if proto.component_name.endswith("geoplunge_map"):
                found += map_texts(json.loads(proto.json))
            continue
        found += _strings(MessageToDict(proto))
    for table in at.dataframe:
        found += [str(c) for c in table.value.columns]
    return found


def app(lang: str) -> AppTest:
    """The whole app in ``lang`` (``?lang=``). AppTest words a widget's value with its
    ``format_func`` in the test's own thread: a test that runs it again does so in ``lang``
    too (``with speaking(lang)``)."""
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    assert not at.exception
    return at


def speaks(lang: str):
    """Run a test in ``lang`` (see :func:`app`)."""

    def wrap(test):
        @functools.wraps(test)
        def run(*args, **kwargs):
            with speaking(lang):
                return test(*args, **kwargs)

        return run

    return wrap


def typed(at: AppTest, text: str) -> None:
    """Type ``text`` in the Atlas's search box and press Enter (a text that is no option, as
    the browser sends it)."""
    box = at.selectbox(key=atlas.PICK)
    box.options.append(text)
    box.set_value(text).run()
    assert not at.exception


@pytest.fixture
def progress_db(tmp_path, monkeypatch):
    """The app stores into a fresh SQLite file of its own."""
    url = f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    monkeypatch.setenv("GEOPLUNGE_DATABASE_URL", url)
    yield store.db.database(url)
    store.db.forget(url)


def a_progress(db) -> pg.NewLearner:
    """A progress with facts in every band: zones answered long ago (due), capitals missed
    today (weak)."""
    made = pg.create_learner(db)
    long_ago, today = now_utc() - timedelta(days=20), now_utc()
    records = [
        pg.ReviewRecord(i, "zone", u, 3, long_ago, long_ago.date(), "practice", "zone", 9.0)
        for i, u in enumerate(["CO", "UT", "NM", "NY"], 1)
    ] + [
        pg.ReviewRecord(10 + i, "capital", u, 1, today, today.date(), "practice", "capital", 9.0)
        for i, u in enumerate(["TX", "CA"], 1)
    ]
    pg.record_reviews(db, made.learner.id, "old", records)
    return made


# --- the Atlas ---------------------------------------------------------------------------------


@speaks("es")
def test_the_atlas_walks_all_50_states_in_spanish():
    """Every state's card, chosen in the search box: its figures in Spanish, its name and its
    border states' names in Spanish, the border states in the order of their Spanish names."""
    at = app("es")
    at.switch_page(ATLAS)
    at.run()
    for c in deck():
        at.selectbox(key=atlas.PICK).select(c.usps).run()
        assert not at.exception, c.usps
        shown = texts(at)
        assert f"**Capital:** {c.capital}" in shown
        assert "**Tamaño:**" in shown and "mi²" in shown and "(censo de 2020)" in shown
        assert re.search(r"admitido el \d+ de [a-z]+ de \d{4}", shown), shown
        assert "**Región censal:**" in shown and "**Zona:**" in shown
        with speaking("es"):
            name = state_name(c.usps)
            neighbours = [state_name(b) for b in by_name(c.borders)]
        assert f"<span>{name}</span>" in at.get("html")[0].proto.body
        if neighbours:
            line = next(m.value for m in at.markdown if "vecino" in m.value)
            positions = [line.index(n) for n in neighbours]
            assert positions == sorted(positions), (c.usps, line)
        else:
            assert "**Ningún estado vecino**" in shown
        assert maps_names(at)[c.usps] == name


def maps_names(at: AppTest) -> dict[str, str]:
    from tests.maps import map_data as sent

    return sent(at, atlas.MAP)["names"]


@speaks("es")
def test_the_atlas_reads_spanish_sentences_and_spanish_names_typed():
    at = app("es")
    at.switch_page(ATLAS)
    at.query_params["state"] = "Nueva York"  # a link may name the state in Spanish
    at.run()
    shown = texts(at)
    assert "**Tamaño:** 27.º — 54.555 mi² (tierra firme: 47.126)" in shown
    assert "**Ingreso a la Unión:** 11.º — admitido el 26 de julio de 1788" in shown
    assert "**Población:** 4.º — 20.201.249 (censo de 2020)" in shown
    assert "**Región censal:** Noreste" in shown
    assert (
        "**5 estados vecinos:** Connecticut, Massachusetts, Nueva Jersey, Pensilvania, Vermont"
        in (shown)
    )
    assert [e.label for e in at.expander] == [
        "Filtrar el mapa por zona horaria o región",
        "Comparar dos estados",
    ]
    assert list(at.dataframe[0].value.columns) == ["Categoría", "Nueva York", "Utah", "Mejor carta"]
    typed(at, "carolina del nrote")  # a near miss of a Spanish name
    assert at.session_state[atlas.KEY]["state"] == "NC"
    assert "**Capital:** Raleigh" in texts(at)
    typed(at, "Narnia")
    assert "No hay ningún estado «Narnia»: elige uno en el mapa o en el buscador." in texts(at)
    at.query_params["state"] = "UT"
    at.selectbox(key=atlas.PICK).select("UT").run()
    assert "Nuevo México (en Four Corners)" in texts(at)
    data = maps_data(at)
    assert data["styles"]["target"]["label"] == "esta carta"
    assert data["hint"].startswith("{Click} un estado del mapa")
    assert data["text"]["click"]["Click"] == "Haz clic en" and data["text"]["zoom_in"] == "Acercar"


def maps_data(at: AppTest) -> dict:
    from tests.maps import map_data as sent

    return sent(at, atlas.MAP)


def test_every_state_s_card_and_comparison_bypass_no_text():
    with speaking(PSEUDO):
        words = []
        for c in deck():
            words += [atlas._facts_text(c), atlas._borders_text(c), card_html(c)]
            words.append(atlas.compare_text(c, card("ME" if c.usps != "ME" else "GA")))
    assert not left_over(words)


def test_a_comparison_reads_in_spanish():
    with speaking("es"):
        said = atlas.compare_text(card("ME"), card("GA"))
    assert said == (
        "**Peor puesto:** Maine 42.º, Georgia 24.º: Maine es más débil.  \n"
        "**Maine hace GeoPlunge a Georgia** (peor en los tres puestos).  \n"
        "No comparten frontera."
    )


@speaks(PSEUDO)
def test_the_atlas_home_and_my_progress_bypass_no_text(progress_db):
    """Whole pages in the pseudo-locale: Home, the Atlas with a card and its filters, My
    progress's welcome, its dashboard (every band) and its link's panels, a refused link."""
    at = app(PSEUDO)
    left = left_over(page_texts(at))
    at.switch_page(ATLAS)
    at.query_params["state"] = "UT"
    at.run()
    assert not at.exception
    left |= left_over(page_texts(at))
    typed(at, "Narnia")
    left |= left_over(page_texts(at))
    at.switch_page(PROGRESS)
    at.run()
    left |= left_over(page_texts(at))
    made = a_progress(progress_db)
    at = open_page(app(PSEUDO), PROGRESS, code=made.learner.code, token=made.token, lang=PSEUDO)
    left |= left_over(page_texts(at))
    at = open_page(app(PSEUDO), PROGRESS, code=made.learner.code, token="forged", lang=PSEUDO)
    left |= left_over(page_texts(at))
    assert not left, "\n".join(f"{k!r} in {v!r}" for k, v in left.items())


@speaks("es")
def test_home_and_my_progress_read_in_spanish(progress_db):
    at = app("es")
    shown = texts(at)
    assert "Aprende la geografía de Estados Unidos como quien juega a las cartas" in shown
    assert "**Estudiante nuevo**" in shown and "**Docente nuevo**" in shown
    assert "Empieza aquí" in [h.value for h in at.subheader]
    at.switch_page(PROGRESS)
    at.run()
    assert "GeoPlunge recuerda cada dato que respondes" in texts(at)
    assert "Guardar mi progreso" in [b.label for b in at.button]
    made = a_progress(progress_db)
    at = open_page(app("es"), PROGRESS, code=made.learner.code, token=made.token, lang="es")
    shown = texts(at)
    assert f"Progreso **{made.learner.code}** · 6 de 450 datos vistos" in shown
    assert "4 para hoy" in shown and "racha de 1 día" in shown
    assert ":red-badge[:material/error: Débil] menos de 80\xa0%: California" in shown
    assert "Practicar lo pendiente (4)" in [b.label for b in at.button]
    assert [e.label for e in at.expander] == [
        "Mi enlace de progreso y su código QR",
        "Crear un enlace de progreso nuevo u olvidarlo aquí",
    ]
    assert list(at.dataframe[0].value.columns)[:3] == ["Tema", "Dominio", "Datos vistos"]
    at = open_page(app("es"), PROGRESS, code=made.learner.code, token="forged", lang="es")
    assert "Este enlace no abre ningún progreso" in texts(at)


# --- the maps, the bands, the progress's words ----------------------------------------------------


def test_the_map_s_words_are_the_reader_s():
    """Every role's label, every word of the map's own and every state's name come in the
    reader's language, for every kind of pick (counts and ordinals where it counts them)."""
    for pick in ("none", "one", "many", "order"):
        with speaking(PSEUDO):
            data = map_data(dict.fromkeys(ROLES, "neutral") | {"CO": "target"}, pick=pick)
            data["styles"] = {r: {"label": label} for r, label in _every_label().items()}
        assert not left_over(map_texts(data)), pick
        with speaking("es"):
            data = map_data({"CO": "target"}, pick=pick)
        assert data["names"]["NY"] == "Nueva York" and data["label"] == "Mapa de los Estados Unidos"
        assert data["text"]["not_a_choice"] == "{name} no es una de las opciones aquí."
        if pick == "many":
            assert data["text"]["counts"][1:3] == ["1 elegido.", "2 elegidos."]
        if pick == "order":
            assert data["text"]["yours"][2] == "tu 2.º"
    with speaking("es"):
        labels = _every_label()
    assert labels["Eastern"] == "zona del Este" and labels["neighbor"] == "estado vecino"


def _every_label() -> dict[str, str]:
    from ui.map_data import styles

    return {role: s["label"] for role, s in styles(ROLES, {}).items() if s["label"]}


def test_the_bands_read_in_spanish_and_bypass_no_text():
    figures = {"TX": 0.95, "CO": 0.85, "NY": 0.5, "UT": 0.8}
    with speaking("es"):
        lines = bands.band_lines(figures)
        roles, notes = bands.band_roles(figures, {"CO": "detalle"})
        legend = bands.band_legend()
    assert lines[0] == ":red-badge[:material/error: Débil] menos de 80\xa0%: Nueva York 50\xa0%."
    assert lines[1].endswith("de 80\xa0% a 90\xa0%: Colorado 85\xa0% y Utah 80\xa0%.")
    assert lines[-1] == ":gray-badge[Aún sin ver] 46 estados."
    assert notes["CO"] == "85\xa0%, olvidándose · detalle" and notes["AL"] == "aún sin ver"
    assert legend["correct"] == "conocido (90\xa0% o más)"
    with speaking(PSEUDO):
        words = bands.band_lines(figures) + [*bands.band_roles(figures)[1].values()]
        words += [*bands.band_legend().values()]
    assert not left_over(words)


store_codes = set(re.findall(r'NotFound\("([a-z_]+)"', (ROOT / "store/progress.py").read_text()))


def test_every_refusal_of_the_progress_store_is_worded():
    assert store_codes == {"not_a_code", "no_such_code", "forged", "replaced"}
    assert store_codes <= set(errors.PROGRESS_ERRORS)
    samples = {
        "not_a_code": {"typed": "K7PQ", "length": 6},
        "no_such_code": {"progress": "K7PQ2M"},
        "device_replaced": {"progress": "K7PQ2M"},
    }
    for code in errors.PROGRESS_ERRORS:
        refusal = pg.NotFound(code, **samples.get(code, {}))
        with speaking(PSEUDO):
            assert not bypassed(errors.worded(refusal)), code
        with speaking("es"):
            said = errors.said(Coded(code, **samples.get(code, {})))
            assert said == errors.worded(refusal)
        assert said != errors.worded(refusal), code  # in English
    with speaking("es"):
        assert errors.said(pg.NotFound("not_a_code", typed="K7PQ", length=6)) == (
            "«K7PQ» no es un código de progreso: un código tiene 6 letras y cifras "
            "(sin 0, 1, I, L ni O)."
        )
        assert errors.said("Keep my progress") == "Guardar mi progreso"


def test_dates_and_moments_are_written_by_babel():
    moment = datetime(2026, 9, 13, 23, 5, tzinfo=UTC)
    assert when(moment, UTC) == "Sep 13, 23:05"
    with speaking("es"):
        assert when(moment, UTC) == "13 sept, 23:05"
        assert long_date(date(1820, 3, 15)) == "15 de marzo de 1820"
    assert long_date(date(1820, 3, 15)) == "March 15, 1820"


def test_the_progress_card_to_print_speaks_the_reader_s_language():
    with speaking("es"):
        page = progress_card("K7PQ2M", "https://example.org/progress?code=K7PQ2M&token=t")
    assert "<html lang='es'>" in page and "<h1>Mi progreso de GeoPlunge</h1>" in page
    assert "Código de progreso <strong>K7PQ2M</strong>" in page
    with speaking(PSEUDO):
        assert not bypassed(progress_card("K7PQ2M", "https://example.org/progress?code=K7PQ2M"))


def test_every_state_name_of_the_search_box_is_the_reader_s():
    """The search box lists the 50 states by their names in the reader's language, in the
    order of those names; a typed name in either language finds its state."""
    with speaking("es"):
        codes = atlas._codes()
        names = [atlas._search_label(c) for c in codes]
    assert names[names.index("Nueva York") - 1 : names.index("Nueva York") + 1] == [
        "Nueva Jersey",
        "Nueva York",
    ]
    assert len(codes) == 50 == len(set(codes))
    for c in deck():
        assert atlas._read_state(c.name) == c.usps
        assert atlas._read_state(spanish_names().get(c.usps, c.name)) == c.usps
    assert atlas._read_state("Narnia") is None and by_usps()["NY"].name == "New York"
