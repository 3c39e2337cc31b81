"""The catalogues and the current language.

A language is offered once its catalogue is in ``locales/<lang>/LC_MESSAGES/geoplunge.po``
(English, the language of the code, needs none). The ``.po`` file is read with Babel and
turned into gettext translations in memory once per process. A text a catalogue does not
translate (or translates as fuzzy) is shown as written, in English."""

from __future__ import annotations

import contextvars
import functools
import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

DOMAIN = "geoplunge"
LOCALES = Path(__file__).resolve().parent / "locales"
SOURCE = "en"  #: the language the texts are written in


def _offered() -> tuple[str, ...]:
    found = sorted(p.parent.parent.name for p in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE, *(lang for lang in found if lang != SOURCE))


LANGUAGES: tuple[str, ...] = _offered()  #: the languages offered, English first
#: The pseudo-locale: every text of the catalogue shown as ``⟦text···⟧``, bracketed and a third
#: longer, as a translation may be (numbers and lists as in English), never offered to readers:
#: a text that reaches the screen unbracketed bypassed the catalogue, and a screen that breaks
#: under longer words would break in another language (the tests' sweeps). ``?lang=qps``.
PSEUDO = "qps"

_current: contextvars.ContextVar[str] = contextvars.ContextVar("language", default=SOURCE)


def language() -> str:
    """The current context's language (a code of :data:`LANGUAGES`)."""
    return _current.get()


def _known(lang: str) -> str:
    if lang not in LANGUAGES and lang != PSEUDO:
        raise ValueError(f"{lang!r} is not one of the languages offered: {LANGUAGES}")
    return lang


def use(lang: str) -> None:
    """Make ``lang`` the current context's language (for the rest of a Streamlit run). A
    language that is not offered raises ``ValueError``; a caller reading a link or a
    browser's setting picks an offered one first."""
    _current.set(_known(lang))


def formats_locale() -> str:
    """The locale whose numbers, ordinals and lists the current language uses (the
    pseudo-locale's are English)."""
    lang = _current.get()
    return SOURCE if lang == PSEUDO else lang


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Within the block, the current language is ``lang`` (a worksheet printed in the
    language its teacher chose, a test)."""
    token = _current.set(_known(lang))
    try:
        yield
    finally:
        _current.reset(token)


def _pseudo(message: str) -> str:
    """``message`` bracketed and lengthened by a third of its length."""
    return f"⟦{message}{'·' * (len(message) // 3)}⟧"


class _Pseudo(gettext.NullTranslations):
    """Every text bracketed and lengthened (:func:`_pseudo`), in both plural forms."""

    def gettext(self, message: str) -> str:
        return _pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return _pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return _pseudo(message)


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """``lang``'s catalogue as gettext translations (read once per process)."""
    if lang == PSEUDO:
        return _Pseudo()
    path = LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if lang == SOURCE or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # leaves fuzzy entries out
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def _(text: str) -> str:
    """``text`` in the current language."""
    return translations(_current.get()).gettext(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` the current language uses for ``n`` (not yet
    formatted: the caller fills in ``{n}``, with :func:`messages.number`)."""
    return translations(_current.get()).ngettext(singular, plural, n)


def pgettext(context: str, text: str) -> str:
    """``text`` in the current language, where ``context`` tells the translator which of the
    English word's senses is meant."""
    return translations(_current.get()).pgettext(context, text)


def N_(text: str) -> str:
    """Mark ``text`` for the catalogue without translating it now (it is translated with
    :func:`_` where it is shown)."""
    return text
