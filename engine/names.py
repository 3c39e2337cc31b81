"""When two typed names are the same name: the ones a screen draws alike are.

:func:`name_key` is what names are compared by (a class's students, a live game's players).
Two names are one name when their keys are equal. The key of a name is made in this order:

1. **Unicode NFKC**, so full-width "ＡＮＡ", ligatures and other compatibility forms read as
   the letters they stand for;
2. **invisible code points dropped**: every default-ignorable code point of Unicode
   (:data:`IGNORABLE`: zero-width spaces and joiners, variation selectors, the Hangul fillers
   U+115F, U+1160, U+3164 and U+FFA0, tags …), every other format character (category Cf) and
   the blank Braille pattern U+2800, none of which draws anything beside a letter;
3. **a look-alike of a Latin letter read as that letter** in its own case, before folding: a
   code point outside ASCII whose prototype is ASCII ("Κ", Greek, is "K"), for folded first
   it would read as another letter ("κ" is "ĸ"). So a Greek or Cyrillic name in capitals and
   the same name in small letters may be two names; every Latin name is compared regardless
   of case ("AI" and "ai" are one name, though "AI" and "Al" are two);
   then **case folded**, and white space folded into single spaces;
4. **the confusables skeleton** of Unicode Technical Standard #39 (:func:`skeleton`: NFD, each
   code point replaced by its prototype in the Unicode Consortium's ``confusables.txt``, NFD
   again), so Cyrillic "Аna" and Greek "Αna" read as "ana"; the Latin small capitals
   (U+1D00 …), which the table leaves alone, read as their lower-case letters ("ᴀna");
5. steps 1 to 4 repeated until nothing changes (a prototype may be a capital or a
   compatibility form, and a folded letter may have a prototype of its own), at most
   :data:`ROUNDS` times.

The table is ``data/confusables.txt`` beside this module, committed as published (its source,
version and licence are in ``data/SOURCES.md``). Pure Python, standard library only.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

CONFUSABLES = Path(__file__).parent / "data" / "confusables.txt"
ROUNDS = 6  #: times steps 1 to 4 are applied at most

#: Default_Ignorable_Code_Point of Unicode's DerivedCoreProperties.txt, as ranges
_IGNORABLE_RANGES = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)  # fmt: skip
IGNORABLE = frozenset(chr(c) for lo, hi in _IGNORABLE_RANGES for c in range(lo, hi + 1))
BLANK = frozenset("\u2800")  #: drawn blank, though not default-ignorable


def invisible(ch: str) -> bool:
    """``ch`` draws nothing beside a letter: default-ignorable, a format character or blank."""
    return ch in IGNORABLE or ch in BLANK or unicodedata.category(ch) == "Cf"


@cache
def _table() -> dict[str, str]:
    """``confusables.txt``: each source code point and its prototype (one or more)."""
    table: dict[str, str] = {}
    for line in CONFUSABLES.read_text(encoding="utf-8-sig").splitlines():
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        source, target, *_ = (part.strip() for part in data.split(";"))
        table[chr(int(source, 16))] = "".join(chr(int(c, 16)) for c in target.split())
    return table


@cache
def _small_capital(ch: str) -> str:
    """A Latin small capital's lower-case letter (``ch`` itself for any other)."""
    prefix = "LATIN LETTER SMALL CAPITAL "
    name = unicodedata.name(ch, "")
    if name.startswith(prefix) and len(letter := name.removeprefix(prefix)) == 1:
        return letter.lower()
    return ch


def skeleton(text: str) -> str:
    """The skeleton of ``text`` by Unicode TR39: NFD, each code point mapped to its prototype
    in ``confusables.txt``, NFD again. Two strings with one skeleton are confusable."""
    table = _table()
    mapped = "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def _latin(ch: str, table: dict[str, str]) -> str:
    """A non-ASCII code point whose prototype is ASCII, as that prototype in its own case
    ("Β", Greek, is "B"): folded first, it would read as another letter ("β" is "ß")."""
    prototype = table.get(ch, ch)
    return prototype if not ch.isascii() and prototype.isascii() else ch


def _round(text: str) -> str:
    """One pass of the module's steps 1 to 4."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(ch for ch in text if not invisible(ch))
    table = _table()
    text = "".join(_latin(ch, table) for ch in unicodedata.normalize("NFD", text))
    text = "".join(_small_capital(ch) for ch in text.casefold())
    return " ".join(skeleton(text).split())


def name_key(name: str) -> str:
    """What two names are compared by (see the module): ``name_key("Аna") == name_key("ana")``
    for the Cyrillic А, and ``name_key("  ANA ") == name_key("ana")``."""
    text = str(name)
    for _ in range(ROUNDS):
        step = _round(text)
        if step == text:
            break
        text = step
    return text
