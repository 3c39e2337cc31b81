"""The codes a store area refuses with, read from its source: each ``Kind("code", …)`` of the
area's error kinds, the kinds' default codes, ``find_by_code``'s and the name checks' codes
(``<what>_<rule>`` of :func:`store.names.checked`), each with the names of its values."""

from __future__ import annotations

import ast
import string
from collections.abc import Mapping
from pathlib import Path

#: the rules a name breaks (store.names.checked), refused as ``<what>_<rule>``, and their values
NAME_FAULTS = {"control": set(), "override": set(), "empty": set(), "invisible": set(),
               "too_long": {"limit", "length"}}  # fmt: skip


def given(
    sources: list[Path], base: type, kinds: set[str], names: tuple[str, ...] = ("name",)
) -> dict[str, set[frozenset[str]]]:
    """Each code raised in ``sources`` by a call of one of ``kinds`` (a subclass of ``base``
    raised bare gives its default code), and the names of its values; ``names``: the things
    whose typed text is checked by the name rules."""
    module = __import__(base.__module__, fromlist=["_"])
    defaults = {
        cls.__name__: cls.default_code
        for cls in vars(module).values()
        if isinstance(cls, type) and issubclass(cls, base)
    }
    found: dict[str, set[frozenset[str]]] = {}
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id == "find_by_code":  # store.codes: refuses with the codes it is given
                said = {k.arg: k.value.value for k in node.keywords if k.arg != "error"}
                found.setdefault("not_a_code", set()).add(frozenset({"typed", "length"}))
                found.setdefault(said["unknown"], set()).add(frozenset({said["named"]}))
                continue
            if node.func.id not in kinds:
                continue
            values = frozenset(k.arg for k in node.keywords if k.arg)
            if node.args and isinstance(node.args[0], ast.Constant):
                found.setdefault(node.args[0].value, set()).add(values)
            elif not node.args and node.func.id in defaults:
                found.setdefault(defaults[node.func.id], set()).add(values)
    for what in names:
        for fault, values in NAME_FAULTS.items():
            found[f"{what}_{fault}"] = {frozenset(values)}
    return found


def fields(text: str) -> set[str]:
    """The names of the values a sentence ``text`` formats in."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def check_worded(codes: dict[str, set[frozenset[str]]], wordings: Mapping[str, object]) -> None:
    """Every code given is worded, every wording is given, and a wording that is a sentence
    formats exactly the values its code carries."""
    assert sorted(set(codes) - set(wordings)) == [], "given but never worded"
    assert sorted(set(wordings) - set(codes)) == [], "worded but never given"
    for code, wording in wordings.items():
        if isinstance(wording, str):
            for names in codes[code]:
                assert fields(wording) == set(names), (code, wording, names)
