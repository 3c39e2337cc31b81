"""Keep the catalogues in step with the code: ``python -m messages.extract``.

Extracts every marked text (``_``, ``N_``, ``ngettext``, ``pgettext``, Babel's default
keywords) from the app's packages into ``messages/locales/geoplunge.pot`` (sorted, each with
the files it is in, without line numbers, so that moving code does not change the file), then
brings each language's ``.po`` up to date with it (new texts untranslated, changed ones fuzzy,
gone ones obsolete), as ``pybabel extract`` and ``pybabel update`` do.
``tests/test_catalogue.py`` fails when the template is not what this writes."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.pofile import read_po, write_po

from messages.catalogue import DOMAIN, LOCALES

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("engine", "messages", "pages", "store", "ui", "widgets", "worksheets")
MAIN = "streamlit_app.py"
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
# Fixed, so that the template changes only when its texts do.
_HEADER = {
    "header_comment": "# The texts of GeoPlunge, extracted by `python -m messages.extract`.\n#",
    "project": "GeoPlunge",
    "copyright_holder": "GeoPlunge's authors",
    "version": "1",
    "creation_date": datetime(2026, 12, 5, tzinfo=UTC),
    "revision_date": datetime(2026, 12, 5, tzinfo=UTC),
}


def template() -> Catalog:
    """Every marked text of the app's sources, with the files it appears in."""
    catalog = Catalog(domain=DOMAIN, fuzzy=False, **_HEADER)
    found = [
        (f"{source}/{filename}", lineno, message, comments, context)
        for source in SOURCES
        for filename, lineno, message, comments, context in extract_from_dir(ROOT / source)
    ]
    found += [(MAIN, *text) for text in extract_from_file("python", ROOT / MAIN)]
    for path, lineno, message, comments, context in found:
        catalog.add(message, locations=[(path, lineno)], auto_comments=comments, context=context)
    for message, context, path in data_texts():
        catalog.add(message, locations=[(path, 0)], context=context)
    return catalog


def data_texts() -> list[tuple[str, str, str]]:
    """The texts that come from the data, not the code: the 50 states' names (context
    ``"state name"``, :mod:`ui.state_names`), each with the context and the file it comes from."""
    from engine.cards import deck
    from ui.state_names import CONTEXT

    return [(card.name, CONTEXT, "geodata/states.csv") for card in deck()]


def written(catalog: Catalog) -> bytes:
    """``catalog`` as the ``.pot``/``.po`` file this project keeps."""
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False)
    return out.getvalue()


def main() -> None:
    """Write the template and bring every language's catalogue up to date with it."""
    pot = template()
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_bytes(written(pot))
    for po in sorted(LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name, domain=DOMAIN)
        catalog.update(pot, update_creation_date=False)
        po.write_bytes(written(catalog))
        print(f"{po.relative_to(ROOT)}: {len(catalog)} texts")
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(pot)} texts")


if __name__ == "__main__":
    main()
