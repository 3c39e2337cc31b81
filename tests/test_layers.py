"""The layers: ``engine/`` is pure (it imports neither the store, the pages' pieces nor
Streamlit) and ``store/`` never imports ``ui/`` or Streamlit; the quiz session
(``ui.quiz.flow`` and the pure modules it draws on) and the notebook widgets load neither
Streamlit nor the store; the pages' pieces import each other without a cycle. Read from the
source, every import included (those inside functions and type-only ones too)."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_import_cycles import cycles, graph

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


# --- the quiz session and the notebook widgets: no Streamlit, no database -------------------

PACKAGES = ("engine", "geodata", "store", "ui", "widgets", "worksheets")
HEAVY = ("streamlit", "store", "sqlalchemy")  #: what a notebook or a pure module never loads
PURE_QUIZ = ("ui.quiz.flow", "ui.quiz.inputs", "ui.quiz.roles", "ui.quiz.text")


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


MODULES = _modules()


def _module_of(name: str) -> str | None:
    """The project module ``name`` is, or is in (``None``: not the project's)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _run_at_import(tree: ast.Module) -> list[ast.AST]:
    """The nodes of a module that run when it is imported: not the bodies of functions (a
    module-level ``__getattr__`` loads its names on first use), not ``if TYPE_CHECKING:``."""
    found, todo = [], list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            todo += node.orelse
            continue
        found.append(node)
        todo += ast.iter_child_nodes(node)
    return found


def module_imports(name: str, *, at_import: bool = False) -> tuple[set[str], set[str]]:
    """The project modules module ``name`` imports (a package's ``__init__`` is imported with
    each of its modules) and the top-level names of everything else it imports. Every import
    counts, those inside functions and under ``if TYPE_CHECKING:`` too, unless ``at_import``:
    then only those that run when the module is imported."""
    ours, others = set(), set()
    parent = name.rpartition(".")[0]
    while parent:
        ours.add(parent)
        parent = parent.rpartition(".")[0]
    path = MODULES[name]
    tree = ast.parse(path.read_text(), str(path))
    for node in _run_at_import(tree) if at_import else ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            targets = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
        else:
            continue
        for target in targets:
            if (module := _module_of(target)) is not None:
                ours.add(module)
            else:
                others.add(target.split(".")[0])
    ours.discard(name)
    return ours, others


def loads(name: str) -> set[str]:
    """Every project module and outside package that importing ``name`` brings in."""
    seen, todo, outside = {name}, [name], set()
    while todo:
        ours, others = module_imports(todo.pop(), at_import=True)
        outside |= others
        todo += [m for m in ours if m not in seen]
        seen |= ours
    return seen | outside


def _heavy(names: set[str]) -> list[str]:
    return sorted(m for m in names if m.split(".")[0] in HEAVY)


@pytest.mark.parametrize("name", PURE_QUIZ)
def test_the_quiz_session_is_pure(name):
    """Importing it loads neither Streamlit nor the store, and none of its functions asks them."""
    ours, others = module_imports(name)
    assert _heavy(loads(name)) == [] and _heavy(ours | others) == []


@pytest.mark.parametrize("name", sorted(m for m in MODULES if m.split(".")[0] == "widgets"))
def test_a_notebook_widget_loads_neither_streamlit_nor_the_store(name):
    assert _heavy(loads(name)) == []


#: A game's pure half: every module of ``ui/games/<game_id>/`` but its ``board``, and what
#: every game's words stand on.
GAME_WORDS = ("ui.games.words", "ui.games.markup", "ui.games.session", "ui.games.setup")


def game_word_modules() -> list[str]:
    games = {m.rsplit(".", 1)[0] for m in MODULES if m.endswith(".words") and m.count(".") == 3}
    found = [m for m in MODULES if m.rsplit(".", 1)[0] in games and not m.endswith(".board")]
    return sorted({*GAME_WORDS, *found} - games)


@pytest.mark.parametrize("name", game_word_modules())
def test_a_games_words_load_neither_streamlit_nor_the_store(name):
    """Importing it loads neither Streamlit nor the store, and none of its functions asks
    them: the notebook's game widget and the pages draw the same words."""
    ours, others = module_imports(name)
    assert _heavy(loads(name)) == [] and _heavy(ours | others) == []


def test_import_widgets_loads_neither_streamlit_nor_sqlalchemy():
    code = (
        "import sys, widgets\n"
        "print(sorted(m for m in ('streamlit', 'sqlalchemy', 'store') if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert done.stdout.strip() == "[]"


def test_quiz_progress_and_classroom_import_each_other_one_way():
    """No package cycle among ``ui.quiz``, ``ui.progress`` and ``ui.classroom`` (the module
    graph of :mod:`tests.test_import_cycles`, folded into the three areas)."""
    areas = ("ui.quiz", "ui.progress", "ui.classroom")

    def area(name: str) -> str | None:
        return next((a for a in areas if name == a or name.startswith(a + ".")), None)

    edges: dict[str, set[str]] = {a: set() for a in areas}
    for name, targets in graph().items():
        if (source := area(name)) is not None:
            edges[source] |= {t for m in targets if (t := area(m)) not in (None, source)}
    assert cycles(edges) == []
