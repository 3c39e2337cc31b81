"""Names people type: a student's name in a class, a player's name at a game table, an
assignment's title. One cleaning for all of them, and one way to tell two names apart.

The rules (:func:`checked`, :func:`cleaned`):

* Any script is welcome. The text is kept as typed (Unicode NFC), trimmed, inner runs of
  white space folded into one space, 1 to ``limit`` characters.
* Refused, each with a code: control characters (category Cc, but white space);
  **bidirectional embeddings, overrides and isolates** (U+202A–U+202E, U+2066–U+2069), which
  make a name read differently from what it holds; a text with **nothing visible** in it, such
  as one made only of zero-width or other format characters (category Cf), combining marks
  or blank-looking fillers (U+3164 …).
* Two names are **the same name** when their :func:`name_key` is (:mod:`engine.names`): compared
  after Unicode NFKC normalization, with invisible code points dropped, case and white space
  folded and look-alike letters read by the Unicode confusables skeleton (TR39), so "Ana",
  "ana ", "ＡＮＡ", Cyrillic "Аna" and "Ana" with a filler after it are one name. A class
  stores the key's hash in a unique column: the database refuses a second "ana".
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Callable

from engine.names import name_key as engine_name_key

NAME_MAX = 40  #: characters of a student's or a player's name
TITLE_MAX = 120  #: characters of an assignment's title
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: letters that draw nothing (Hangul fillers, the blank Braille pattern …)
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def _visible(ch: str) -> bool:
    category = unicodedata.category(ch)
    return category[0] in "LNPS" and ch not in BLANK_LETTERS


def checked(raw: object, limit: int) -> tuple[str, str | None, dict[str, int]]:
    """``raw`` cleaned by the module's rules, and the rule it breaks as a code and its values
    (``None`` when it breaks none): ``control``, ``override``, ``empty``, ``invisible``, or
    ``too_long`` (with ``limit`` and ``length``), checked in that order."""
    text = unicodedata.normalize("NFC", str(raw or ""))
    if any(unicodedata.category(ch) == "Cc" and not ch.isspace() for ch in text):
        return text, "control", {}
    if BIDI_CONTROLS.intersection(text):
        return text, "override", {}
    text = " ".join(text.split())
    if not text:
        return text, "empty", {}
    if not any(_visible(ch) for ch in text):
        return text, "invisible", {}
    if len(text) > limit:
        return text, "too_long", {"limit": limit, "length": len(text)}
    return text, None, {}


def cleaned(raw: object, *, limit: int, error: Callable[..., Exception], what: str) -> str:
    """``raw`` cleaned by the module's rules (:func:`checked`); otherwise ``error`` raised with
    the rule broken as a code, ``what`` and the fault joined (``"name_empty"``,
    ``"title_too_long"``), and its values: the store refuses with codes, the pages word them."""
    text, fault, values = checked(raw, limit)
    if fault is not None:
        raise error(f"{what}_{fault}", **values)
    return text


def name_key(name: str) -> str:
    """What two names are compared by: :func:`engine.names.name_key` (NFKC, invisible code
    points dropped, case and white space folded, look-alikes read by the Unicode confusables
    skeleton: ``name_key("Аna") == name_key("  ana ")`` for a Cyrillic А)."""
    return engine_name_key(name)


def name_hash(name: str) -> str:
    """The SHA-256 hash of :func:`name_key`: the stored, fixed-length form of the key (NFKC
    may make a name many times longer)."""
    return hashlib.sha256(name_key(name).encode()).hexdigest()
