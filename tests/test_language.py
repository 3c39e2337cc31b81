"""The reader's language per session (:mod:`ui.language`): a link's ``?lang=``, then the
session's choice, then the browser's language, then English; kept in the page's address once
chosen, carried by the app's links, never shared between two sessions of one process."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from messages import LANGUAGES, language, speaking
from tests.conftest import ROOT
from ui.language import _offered, own_name
from ui.links import app_link


def _app(**params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    for name, value in params.items():
        at.query_params[name] = value
    return at.run()


def _switch(at: AppTest):
    return next(s for s in at.sidebar.selectbox if s.key == "language_switch")


def _menu(at: AppTest) -> list[str]:
    return [link.proto.label for link in at.sidebar.get("page_link")]


def test_the_app_speaks_english_when_nothing_asks_otherwise():
    at = _app()
    assert not at.exception
    assert _switch(at).value == "en"
    assert "Atlas" in _menu(at) and "Border Attack" in _menu(at)
    assert "lang" not in at.query_params


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_a_link_in_another_language_opens_the_app_in_it_and_keeps_it(lang):
    at = _app(lang=lang)
    assert not at.exception
    assert _switch(at).value == lang
    with speaking(lang):
        from messages import _

        assert _("Games") in [m.value.strip("*") for m in at.sidebar.markdown]
    assert at.query_params["lang"] == lang
    # The address loses its parameter (a link inside the app without it): the session keeps it.
    del at.query_params["lang"]
    at.run()
    assert _switch(at).value == lang
    assert at.query_params["lang"] == lang


def test_spanish_menu_and_page_language():
    at = _app(lang="es")
    menu = _menu(at)
    assert "Atlas" in menu and "Clase en vivo" not in menu
    headers = [m.value for m in at.sidebar.markdown]
    assert "**Juegos**" in headers and "**Docente**" in headers, headers
    marks = [h.proto.body for h in at.get("html") if "documentElement.lang" in h.proto.body]
    assert marks and "'es'" in marks[-1]


def test_the_switch_changes_the_language_for_the_session():
    at = _app()
    _switch(at).set_value("es").run()
    assert not at.exception
    assert _switch(at).value == "es"
    assert at.query_params["lang"] == "es"
    assert "**Juegos**" in [m.value for m in at.sidebar.markdown]
    _switch(at).set_value("en").run()
    assert "**Games**" in [m.value for m in at.sidebar.markdown]
    assert at.query_params["lang"] == "en"


@pytest.mark.parametrize("asked", ["xx", "klingon", "", "es-", "ES_mx"])
def test_a_link_in_an_unknown_language_is_read_as_naming_none(asked):
    at = _app(lang=asked)
    assert not at.exception
    if _offered(asked):
        assert _switch(at).value == "es"
        return
    assert _switch(at).value == "en"
    notes = " ".join(c.value for c in at.sidebar.caption)
    if asked:
        assert "does not speak yet" in notes and asked[:20] in notes
    assert "lang" not in at.query_params


def test_two_sessions_of_one_process_keep_their_own_languages():
    spanish, english = _app(lang="es"), _app()
    spanish.run()
    english.run()
    assert _switch(spanish).value == "es" and _switch(english).value == "en"
    assert "**Juegos**" in [m.value for m in spanish.sidebar.markdown]
    assert "**Games**" in [m.value for m in english.sidebar.markdown]


@pytest.mark.parametrize(
    ("given", "read"),
    [
        ("es", "es"),
        ("es-MX", "es"),
        ("es_US", "es"),
        (" ES ", "es"),
        ("en-GB", "en"),
        ("fr", None),
        ("", None),
        (None, None),
        (3, None),
        ("qps", "qps"),
    ],
)
def test_a_language_tag_is_read_by_its_first_part(given, read):
    assert _offered(given) == read


def test_each_language_is_named_in_itself():
    assert own_name("en") == "English" and own_name("es") == "Español"


def test_the_apps_links_carry_the_readers_language_unless_they_name_one():
    assert language() == "en"
    assert app_link("atlas", {"state": "CO"}) == "atlas?state=CO"
    with speaking("es"):
        assert app_link("atlas", {"state": "CO"}) == "atlas?state=CO&lang=es"
        assert app_link("atlas", {"lang": "en"}) == "atlas?lang=en"
        assert app_link("home", {}, "https://x.org/") == "https://x.org/home?lang=es"
