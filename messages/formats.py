"""Numbers, percentages, ordinals and lists as the current language writes them (Babel's
CLDR data): "1,234" and "1.234", "35%" and "35 %", "2nd" and "2.º", "A, B and C" and
"A, B y C"."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable
from datetime import date
from decimal import Decimal

from babel import Locale
from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_decimal, format_percent

from messages.catalogue import formats_locale, language, pgettext


def number(n: float, decimals: int | None = None) -> str:
    """``n`` with the language's digit grouping and decimal sign; with ``decimals``, rounded
    to that many places and always showing them ("2.0", "2,0")."""
    if decimals is None:
        return format_decimal(n, locale=formats_locale())
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(Decimal(f"{n:.{decimals}f}"), format=pattern, locale=formats_locale())


def percent(share: float, decimals: int = 0) -> str:
    """``share`` (0.35) as a percentage in the language's pattern ("35%", "35 %"), rounded
    to ``decimals`` places."""
    pattern = Locale.parse(formats_locale()).percent_formats[None].pattern
    if decimals:
        head, _, tail = pattern.rpartition("0")
        pattern = f"{head}0.{'0' * decimals}{tail}"
    return format_percent(share, format=pattern, locale=formats_locale())


def _ending(form: str) -> str:
    """The ordinal's pattern for CLDR's ordinal category ``form`` (English: 1st, 2nd, 3rd,
    4th; a language that has one ending for every number, as Spanish's "{n}.º", translates
    all four alike)."""
    if form == "one":
        return pgettext("ordinal: 1st, 21st", "{n}st")
    if form == "two":
        return pgettext("ordinal: 2nd, 22nd", "{n}nd")
    if form == "few":
        return pgettext("ordinal: 3rd, 23rd", "{n}rd")
    return pgettext("ordinal: 4th, 11th", "{n}th")


def ordinal(n: int) -> str:
    """``n`` as a rank: "1st", "22nd", "11th" (CLDR's rules choose the form)."""
    return _ordinal(language(), n)


@functools.lru_cache(maxsize=4096)
def _ordinal(lang: str, n: int) -> str:
    """:func:`ordinal` in ``lang`` (the current language): a card tile asks for three ranks per
    card on every rerun, and the answer depends only on the two (14 µs to make, once)."""
    return _ending(Locale.parse(formats_locale()).ordinal_form(n)).format(n=number(n))


def long_date(day: date) -> str:
    """A date written out as the current language writes it: "March 15, 1820", "15 de marzo
    de 1820"."""
    return format_date(day, format="long", locale=formats_locale())


def collation_key(text: str) -> str:
    """What a list of names in the current language is sorted by: letters compared without
    their accents or case ("Ohio", "Oklahoma", "Oregón"), as a Spanish or English reader
    looks a name up (CLDR's root collation at its primary strength, for Latin letters)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def join(items: Iterable[str], conjunction: str = "and") -> str:
    """The items as a list in the current language: "A, B and C" (``conjunction="or"``:
    "A, B or C")."""
    style = {"and": "standard", "or": "or"}[conjunction]
    return format_list(list(items), style=style, locale=formats_locale())
