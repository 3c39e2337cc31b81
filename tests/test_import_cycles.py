"""No import cycle between the product's modules, read from the source with ``ast``: every
import counts, those inside functions and under ``if TYPE_CHECKING:`` too (a type-only circle
is still a circle: the two modules cannot be understood, nor moved, one without the other).

``from pkg import name`` is an import of the module ``pkg.name`` when there is one, otherwise
of ``pkg`` itself; a relative import is resolved against the importing module's package."""

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "geodata", "store", "ui", "widgets", "worksheets", "pages")
SCRIPTS = ("streamlit_app",)


def modules() -> dict[str, Path]:
    """Every product module by its dotted name (a package by its ``__init__``)."""
    found = {name: ROOT / f"{name}.py" for name in SCRIPTS}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _imported(node: ast.AST, name: str, is_package: bool, known: set[str]) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            package = name.split(".") if is_package else name.split(".")[:-1]
            package = package[: len(package) - (node.level - 1)]
            base = ".".join([*package, base] if base else package)
        for alias in node.names:
            full = f"{base}.{alias.name}"
            yield full if full in known else base


def graph() -> dict[str, set[str]]:
    """Each module and the product modules it imports."""
    found = modules()
    known = set(found)
    edges: dict[str, set[str]] = {}
    for name, path in found.items():
        tree = ast.parse(path.read_text(), str(path))
        is_package = path.name == "__init__.py"
        targets = {
            target for node in ast.walk(tree) for target in _imported(node, name, is_package, known)
        }
        edges[name] = {t for t in targets if t in known and t != name}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_module_is_part_of_an_import_cycle():
    found = cycles(graph())
    for component in found:
        print("cycle:", " <-> ".join(sorted(component)))
    assert [sorted(c) for c in found] == []


def test_the_graph_reads_every_kind_of_import(tmp_path, monkeypatch):
    source = tmp_path / "engine" / "quiz"
    source.mkdir(parents=True)
    (tmp_path / "engine" / "__init__.py").write_text("")
    (source / "__init__.py").write_text("from engine.quiz import a\n")
    (source / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from engine.quiz.b import B\n"
    )
    (source / "b.py").write_text("def f():\n    from . import c\n")
    (source / "c.py").write_text("from .. import quiz\nfrom engine.quiz import a as _, X\n")
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    monkeypatch.setitem(globals(), "PACKAGES", ("engine",))
    monkeypatch.setitem(globals(), "SCRIPTS", ())
    edges = graph()
    assert edges["engine.quiz"] == {"engine.quiz.a"}
    assert edges["engine.quiz.a"] == {"engine.quiz.b"}
    assert edges["engine.quiz.b"] == {"engine.quiz.c"}
    assert edges["engine.quiz.c"] == {"engine.quiz", "engine.quiz.a"}
    assert cycles(edges) == [
        frozenset({"engine.quiz", "engine.quiz.a", "engine.quiz.b", "engine.quiz.c"})
    ]
