"""The message layer: every word a reader sees is looked up here, in the reader's language.

Texts are written in English in the code and marked for translation: ``_("Your turn")``,
``ngettext("{n} card", "{n} cards", n)``, ``pgettext("a trick's category", "Size")``, and
:func:`N_` for a text declared before anyone reads it (translated where it is shown). Each
language's translations are a gettext catalogue, ``messages/locales/<lang>/LC_MESSAGES/
geoplunge.po``, read directly (no compiled ``.mo`` file); ``messages/locales/geoplunge.pot``
holds every marked text, extracted by Babel (:mod:`messages.catalogue`).

The language is the current context's (:func:`speaking`, :func:`use`): a Streamlit session
sets it at the start of each run, so two readers in one process never share it. Numbers,
percentages, ordinals and lists are formatted by Babel for that language
(:mod:`messages.formats`)."""

from __future__ import annotations

from messages.catalogue import (
    LANGUAGES,
    N_,
    PSEUDO,
    _,
    language,
    ngettext,
    pgettext,
    speaking,
    use,
)
from messages.formats import collation_key, join, long_date, number, ordinal, percent

__all__ = [
    "LANGUAGES",
    "PSEUDO",
    "N_",
    "_",
    "collation_key",
    "join",
    "language",
    "long_date",
    "ngettext",
    "number",
    "ordinal",
    "percent",
    "pgettext",
    "speaking",
    "use",
]
