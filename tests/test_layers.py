"""The layers: ``engine/`` is pure (it imports neither the store, the pages' pieces nor
Streamlit) and ``store/`` never imports ``ui/`` or Streamlit. Read from the source, every
import included (those inside functions too)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "engine": ("store", "ui", "streamlit", "widgets", "pages"),
    "store": ("ui", "streamlit", "widgets", "pages"),
}


def imported(path: Path) -> set[str]:
    """The top-level package of every module ``path`` imports."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_a_layer_imports_nothing_above_it(package):
    wrong = {
        str(path.relative_to(ROOT)): sorted(imported(path) & set(FORBIDDEN[package]))
        for path in sorted((ROOT / package).rglob("*.py"))
    }
    assert {path: names for path, names in wrong.items() if names} == {}


def test_the_reader_sees_imports_inside_functions(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("def f():\n    from ui.quiz.roles import x\n    import streamlit\n")
    assert imported(source) == {"ui", "streamlit"}
