"""The fonts a worksheet is typeset with, and which titles they can print.

Typst's own fonts (Libertinus Serif, New Computer Modern, DejaVu Sans Mono: in the ``typst``
wheel) cover Latin, Greek, Cyrillic, Hebrew and Arabic. A title may be in any script, so Typst
also gets the fonts of these Debian packages where they are installed (``.ci/run`` and
Streamlit Community Cloud's ``packages.txt`` install them; Typst falls back to them glyph by
glyph, and reads no other system font):

* ``fonts-wqy-microhei``: Chinese, Japanese, Korean Hangul, full-width letters;
* ``fonts-symbola``: emoji and symbols, in black and white (a worksheet is photocopied);
* ``fonts-freefont-ttf``: Indic scripts, Thai, Ethiopic, Cherokee and more;
* ``fonts-dejavu-core``: DejaVu Sans and Serif (Armenian, Georgian …).

A PDF/UA document may not hold a character no font can draw, so Typst refuses one. What a
machine can print is asked of Typst itself (:func:`unprintable`), and the class assignment
form refuses, in words, a title with a character none of these fonts covers
(:func:`title_problem`): every title the form takes prints.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path

import typst

from messages import _

#: folders of the Debian font packages above, used where they exist
FONT_DIRS: tuple[str, ...] = (
    "/usr/share/fonts/truetype/wqy",
    "/usr/share/fonts/truetype/ancient-scripts",
    "/usr/share/fonts/truetype/freefont",
    "/usr/share/fonts/truetype/dejavu",
)
STANDARDS = ["ua-1"]
PROBE = b'#set document(title: "title")\n#set text(lang: "en")\n#strong(sys.inputs.text)'
MISSING = re.compile(r'the text `"(.+?)"` could not be displayed')
MAX_LISTED = 5  #: at most this many characters are named in the form's sentence


@cache
def font_paths() -> tuple[str, ...]:
    """The folders of :data:`FONT_DIRS` this machine has."""
    return tuple(d for d in FONT_DIRS if Path(d).is_dir())


def typeset(source: bytes, inputs: dict[str, str]) -> bytes:
    """Typst ``source`` as PDF/UA-1 with ``sys.inputs`` ``inputs``, Typst's fonts and those of
    :func:`font_paths` (no other font of the machine); ``typst.TypstError`` if it cannot."""
    pdf = typst.compile(
        source,
        format="pdf",
        sys_inputs=inputs,
        pdf_standards=STANDARDS,
        ignore_system_fonts=True,
        font_paths=list(font_paths()),
    )
    assert isinstance(pdf, bytes)
    return pdf


def _fails_on(text: str) -> str | None:
    """The first text Typst cannot draw in ``text`` with the worksheet's fonts, or ``None``
    when it prints (``""``: it fails for another reason)."""
    try:
        typeset(PROBE, {"text": text})
    except typst.TypstError as error:
        found = MISSING.search(str(error))
        return found.group(1) if found else ""
    return None


@lru_cache(maxsize=256)
def unprintable(text: str) -> tuple[str, ...]:
    """The characters of ``text`` no font of the worksheet's covers (at most
    :data:`MAX_LISTED` + 1 of them, in order): ``()`` when it prints."""
    missing: list[str] = []
    while len(missing) <= MAX_LISTED and (bad := _fails_on(text)) is not None:
        if not bad or bad not in text:  # Typst did not say which: the rest, as a whole
            missing.append(text.strip())
            break
        missing.append(bad)
        text = text.replace(bad, " ")
    return tuple(missing)


def title_problem(title: str) -> str | None:
    """The sentence that says why a worksheet cannot print ``title`` (a character no font
    covers), in the current language, or ``None`` when it can."""
    missing = unprintable(title.strip())
    if not missing:
        return None
    named = ", ".join(f"“{c}” (U+{ord(c[0]):04X})" for c in missing[:MAX_LISTED])
    if len(missing) > MAX_LISTED:
        said = _("The worksheet printer has no font for {characters} and others in the title.")
    else:
        said = _("The worksheet printer has no font for {characters} in the title.")
    return said.format(characters=named)
