"""The message layer: the catalogue template holds exactly the texts marked in the code (run
``python -m messages.extract`` after marking a text), and Babel formats numbers, ordinals
and lists for the reader's language in every context of its own."""

from __future__ import annotations

import string
import threading

from babel.messages.pofile import read_po

import messages
from engine.cards import ordinal as english_ordinal
from messages.catalogue import DOMAIN, LOCALES
from messages.extract import TEMPLATE, template


def texts(catalog) -> set[tuple[object, object]]:
    return {(m.context, m.id) for m in catalog if m.id}


def test_the_template_holds_exactly_the_marked_texts() -> None:
    with TEMPLATE.open("rb") as f:
        kept = read_po(f, domain=DOMAIN)
    marked = template()
    assert sorted(texts(marked) - texts(kept), key=str) == [], "run python -m messages.extract"
    assert sorted(texts(kept) - texts(marked), key=str) == [], "run python -m messages.extract"


def test_the_extraction_finds_every_kind_of_mark(tmp_path) -> None:
    from babel.messages.extract import extract_from_file

    source = tmp_path / "m.py"
    source.write_text(
        "from messages import N_, _, ngettext, pgettext\n"
        'A = N_("Declared")\n'
        "def f(n):\n"
        '    return _("Shown"), ngettext("{n} card", "{n} cards", n), pgettext("rank", "Size")\n'
    )
    found = {(context, message) for _, message, _, context in extract_from_file("python", source)}
    assert found == {
        (None, "Declared"),
        (None, "Shown"),
        (None, ("{n} card", "{n} cards")),
        ("rank", "Size"),
    }


def test_english_ordinals_numbers_and_lists() -> None:
    for n in range(1, 1200):
        assert messages.ordinal(n) == english_ordinal(n).replace(str(n), messages.number(n))
    assert messages.ordinal(22) == "22nd" and messages.ordinal(111) == "111th"
    assert messages.number(1234567) == "1,234,567" and messages.number(0.5) == "0.5"
    assert messages.percent(0.356) == "36%" and messages.percent(0.3561, decimals=1) == "35.6%"
    assert messages.join(["Ohio"]) == "Ohio"
    assert messages.join(["Ohio", "Iowa"]) == "Ohio and Iowa"
    assert messages.join(["Ohio", "Iowa"], "or") == "Ohio or Iowa"


def test_untranslated_text_reads_as_written_and_unknown_languages_are_refused() -> None:
    assert messages.language() == "en"
    assert messages._("A text no catalogue has") == "A text no catalogue has"
    assert messages.ngettext("{n} card", "{n} cards", 1) == "{n} card"
    assert messages.ngettext("{n} card", "{n} cards", 2) == "{n} cards"
    for wrong in ("xx", "", "EN", "en-US"):
        try:
            messages.use(wrong)
        except ValueError as error:
            assert repr(wrong) in str(error)
        else:
            raise AssertionError(f"{wrong!r} was accepted")
    assert messages.language() == "en"


def test_each_thread_keeps_its_own_language() -> None:
    """A Streamlit server runs each session's script in a thread of its own: a language set
    in one is not seen in another."""
    seen: dict[str, str] = {}
    barrier = threading.Barrier(len(messages.LANGUAGES))

    def run(lang: str) -> None:
        messages.use(lang)
        barrier.wait()
        seen[lang] = messages.language()

    threads = [threading.Thread(target=run, args=(lang,)) for lang in messages.LANGUAGES]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {lang: lang for lang in messages.LANGUAGES}
    assert messages.language() == "en"


def test_speaking_sets_the_language_for_a_block_only() -> None:
    with messages.speaking("es"):
        assert messages.language() == "es"
        assert messages._("It is not your turn.") == "No es tu turno."
        with messages.speaking("en"):
            assert messages._("It is not your turn.") == "It is not your turn."
        assert messages.language() == "es"
    assert messages.language() == "en"
    assert messages._("It is not your turn.") == "It is not your turn."


def test_spanish_numbers_ordinals_lists_and_plurals() -> None:
    with messages.speaking("es"):
        assert [messages.ordinal(n) for n in (1, 2, 3, 11, 22)] == [
            "1.º",
            "2.º",
            "3.º",
            "11.º",
            "22.º",
        ]
        assert messages.number(1234.5) == "1.234,5" and messages.number(12345) == "12.345"
        assert messages.percent(0.356) == "36\xa0%"  # a space that does not break
        assert messages.join(["Ohio", "Iowa", "Utah"]) == "Ohio, Iowa y Utah"
        assert messages.join(["Ohio", "Iowa"], "or") == "Ohio o Iowa"
        one, many = "{cards} is not in your hand.", "{cards} are not in your hand."
        assert messages.ngettext(one, many, 1) == "{cards} no está en tu mano."
        assert messages.ngettext(one, many, 2) == "{cards} no están en tu mano."


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_language_translates_every_text_with_the_same_values() -> None:
    """Each offered language's catalogue is complete (no text untranslated or fuzzy) and
    each translation takes exactly the values its English text takes (``{card}`` …)."""
    pot = texts(template())
    assert len(messages.LANGUAGES) > 1, "no language beside English"
    for lang in messages.LANGUAGES[1:]:
        with (LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
            catalog = read_po(f, locale=lang, domain=DOMAIN)
        found = {(m.context, m.id): m for m in catalog if m.id}
        assert sorted(pot - set(found), key=str) == [], f"{lang}: missing"
        for key in sorted(pot, key=str):
            m = found[key]
            assert not m.fuzzy, f"{lang}: fuzzy {m.id!r}"
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            assert all(strings), f"{lang}: untranslated {m.id!r}"
            for text in strings:
                assert fields(text) == fields(ids[-1]), f"{lang}: {m.id!r} → {text!r}"


def test_a_number_with_fixed_decimals_reads_as_each_language_writes_it() -> None:
    assert [messages.number(x, decimals=1) for x in (2.25, 3, 1234.56)] == [
        f"{2.25:.1f}",
        "3.0",
        "1,234.6",
    ]
    with messages.speaking("es"):
        assert messages.number(2.5, decimals=1) == "2,5"
        assert messages.number(1234.56, decimals=1) == "1.234,6"
