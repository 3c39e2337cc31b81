"""The layers: ``engine/`` is pure (it imports neither the store, the pages' pieces nor
Streamlit) and ``store/`` never imports ``ui/`` or Streamlit. Read from the source, every
import included (those inside functions too)."""

import ast
import json
import subprocess
import sys
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


#: The pure halves of ``ui/``: what a game or a quiz says and decides, drawn by every host
#: (the Streamlit pages, the notebook's widgets). A game's words are ``ui/games/<id>/words.py``
#: and the modules beside it that are not its board.
PURE = (
    "ui/map_data.py",
    "ui/cards.py",
    "ui/games/words.py",
    "ui/games/markup.py",
    "ui/games/session.py",
    "ui/games/setup.py",
    "ui/quiz/roles.py",
    "ui/quiz/text.py",
)
HEAVY = ("streamlit", "sqlalchemy", "store")


def pure_modules() -> list[str]:
    """The module names of :data:`PURE`, every game's words and the modules of its package
    but ``board.py``, and every module of ``widgets/`` (the notebook has no Streamlit)."""
    paths = [ROOT / p for p in PURE]
    for package in sorted((ROOT / "ui" / "games").iterdir()):
        if (package / "words.py").exists():
            paths += [p for p in sorted(package.glob("*.py")) if p.name != "board.py"]
    paths += sorted((ROOT / "widgets").glob("*.py"))
    return [".".join(p.relative_to(ROOT).with_suffix("").parts) for p in paths]


def test_the_pure_halves_and_the_notebook_load_no_streamlit_and_no_store():
    """Each module imported in turn in a fresh interpreter: none brings in Streamlit,
    SQLAlchemy or the store, however indirectly."""
    code = (
        "import importlib, json, sys\n"
        f"heavy = {HEAVY!r}\n"
        "found = {}\n"
        "for name in json.loads(sys.argv[1]):\n"
        "    importlib.import_module(name)\n"
        "    loaded = sorted(h for h in heavy if h in sys.modules)\n"
        "    if loaded:\n"
        "        found[name] = loaded\n"
        "        break\n"
        "print(json.dumps(found))\n"
    )
    modules = pure_modules()
    assert "ui.games.border_attack.words" in modules and "widgets.game" in modules
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps(modules)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {}
