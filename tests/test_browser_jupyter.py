"""The notebook in a real JupyterLab: ``notebooks/quiz_and_play.ipynb`` opened in headless
Chromium and run; a click and the keyboard on the widget's map reach Python; Border Attack is
played to its end against the hard AI.

JupyterLab (the ``test`` extra) is started once for the module on a free 127.0.0.1 port with a
token, ``--no-browser``, in a temporary folder of its own (its settings, workspaces and runtime
files too) holding a copy of the notebook without its outputs. Every request that leaves
127.0.0.1 fails and is recorded: the map's plotly.js comes from the kernel. Without Chromium
or JupyterLab the tests skip with the reason, except under ``CI=true``, where that fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests import browser as b

pytestmark = pytest.mark.browser
FILE_SECONDS = 25  #: what this file takes on two idle cores (conftest starts it early)

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "quiz_and_play.ipynb"
SAMPLE = ROOT / "notebooks" / "class_results_sample.csv"
TOKEN = "geoplunge-test"
# States big enough to click in the middle of, west to east: a guess picks among them.
BIG = ["TX", "MT", "CA", "NV", "AZ", "NM", "CO", "WY", "UT", "ID", "OR", "WA", "KS", "NE", "SD"]
BIG += ["ND", "OK", "MN", "IA", "MO", "AR", "LA", "WI", "IL", "MI", "GA", "AL", "MS", "FL", "NC"]


# Once the notebook's kernel is connected and idle: run every cell.
RUN_ALL = """async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.context.ready;
  await panel.sessionContext.ready;
  const idle = () => panel.sessionContext.session?.kernel?.status === "idle";
  for (let i = 0; i < 600 && !idle(); i++) await new Promise((r) => setTimeout(r, 100));
  await window.jupyterapp.commands.execute("notebook:run-all-cells");
}"""


def _missing(what: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is missing on CI")
    pytest.skip(f"{what} is not installed")


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab serving a temporary folder with the notebook (outputs cleared) and its CSV."""
    if not b.chromium_path():
        _missing("Chromium (apt-get install -y chromium)")
    try:
        import jupyterlab  # noqa: F401
        import nbformat
    except ImportError:
        _missing('JupyterLab (pip install -e ".[test]")')
    home = tmp_path_factory.mktemp("jupyterlab")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, home / NOTEBOOK.name)
    shutil.copy(SAMPLE, home / SAMPLE.name)
    settings = home / ".settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    port = b.free_port()
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(home / ".config"),
        "JUPYTER_DATA_DIR": str(home / ".data"),
        "JUPYTER_RUNTIME_DIR": str(home / ".runtime"),
        "IPYTHONDIR": str(home / ".ipython"),
    }
    log = (home / "server.log").open("w")
    proc = subprocess.Popen(
        [
            sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
            f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={home}",
            f"--LabApp.user_settings_dir={home / '.settings'}",
            f"--LabApp.workspaces_dir={home / '.workspaces'}",
            "--LabApp.extension_manager=readonly", "--LabApp.news_url=",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.expose_app_in_browser=True",
        ],
        cwd=home, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=2):
                break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError((home / "server.log").read_text()[-3000:]) from None
            time.sleep(0.3)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="module")
def notebook(lab, system_chromium):
    """The notebook open in Chromium and run from the top, every map drawn; with the URLs
    that the page tried to fetch from outside (all failed)."""
    blocked: list[str] = []
    context = system_chromium.new_context(viewport=b.DESKTOP)
    page = context.new_page()
    b.keep_local(page, blocked)
    page.goto(f"{lab}/lab/tree/{NOTEBOOK.name}?token={TOKEN}")
    page.wait_for_function(
        "() => window.jupyterapp && document.querySelector('.jp-Notebook')", timeout=90_000
    )
    page.evaluate(RUN_ALL)
    try:
        page.wait_for_function(
            "() => document.querySelectorAll('.gpm').length === 4 && [...document"
            ".querySelectorAll('.gpm')].every(m => m.querySelectorAll("
            "'path.choroplethlocation').length === 50)",
            timeout=40_000,
        )
    except Exception:
        b.SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(b.SCREENSHOTS / "jupyter_not_drawn.png"))
        raise
    yield page, blocked
    context.close()


def _map(page, index: int):
    return page.locator(".gpm").nth(index)


def _click_state(page, index: int, usps: str) -> None:
    """Click in the middle of a state's outline, once the map is in view and still (a map
    scrolled into view is fitted to its size again)."""
    path = _map(page, index).locator(f"path.choroplethlocation[data-usps={usps}]")
    path.scroll_into_view_if_needed()
    box, still = None, 0
    for _ in range(50):  # still for 0.36 s: JupyterLab scrolls, the map refits to its width
        page.wait_for_timeout(120)
        now = path.bounding_box()
        still = still + 1 if now == box else 0
        box = now
        if still == 3:
            break
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def _pick(page, index: int, usps: str) -> None:
    """Click a state and wait until the map shows it picked."""
    _click_state(page, index, usps)
    _map(page, index).locator(f"path[data-usps={usps}][aria-checked=true]").wait_for()


def test_a_quiz_question_is_answered_on_the_map(notebook) -> None:
    page, blocked = notebook
    quiz = page.locator(".geoplunge-quiz")
    quiz.get_by_text("Select every state that borders New Mexico.").wait_for()
    # Texas reaches out of the map zoomed to the West: the click on it must not pan the map
    # (to show the state it focuses) before the button is released.
    for usps in ("AZ", "CO", "OK", "TX", "UT"):
        _pick(page, 0, usps)
    page.wait_for_timeout(300)  # the last pick reaches Python
    quiz.get_by_role("button", name="Check").click()
    quiz.get_by_text("Right! All 5.").wait_for(timeout=15_000)
    quiz.get_by_role("button", name="Next question").wait_for()
    page.evaluate("() => document.querySelector('.geoplunge-quiz').scrollIntoView()")
    page.wait_for_timeout(300)
    b.SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(b.SCREENSHOTS / "jupyter_quiz.png"))
    assert not blocked


def test_a_click_and_keys_on_the_widget_map_reach_python(notebook) -> None:
    page, blocked = notebook
    received = page.get_by_text("Python received:")
    _pick(page, 1, "KS")
    received.filter(has_text="Python received: KS").wait_for(timeout=15_000)
    # The keyboard: from Kansas one state west is Colorado; Enter picks it. JupyterLab's own
    # command-mode keys (arrows move between cells, Enter edits one) must not take them.
    _map(page, 1).locator("path[data-usps=KS]").focus()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    received.filter(has_text="Python received: KS, CO").wait_for(timeout=15_000)
    assert not page.locator(".jp-Notebook.jp-mod-editMode").count()
    b.SCREENSHOTS.mkdir(exist_ok=True)
    _map(page, 1).screenshot(path=str(b.SCREENSHOTS / "jupyter_map.png"))
    assert not blocked


IDLE = """() => window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status
  === "idle" """


def _settled_moves(page) -> str:
    """The move buttons' text once the kernel is idle (the hard AI may think a while after a
    click) and the text has stayed the same for 0.3 s (the kernel's answer replaces the
    buttons one view at a time)."""
    page.wait_for_timeout(150)
    page.wait_for_function(IDLE, timeout=60_000)
    text = None
    for _ in range(100):
        now = page.locator(".geoplunge-game .gpw-moves").inner_text().strip()
        if now and now == text:
            return now
        text = now
        page.wait_for_timeout(300)
    return text or ""


# How many states the guess's button says are picked ("Guess these 4 states (2 of 4 picked.)").
_PICKED_JS = """() => {
  const text = document.querySelector('.geoplunge-game .gpw-moves')?.innerText || '';
  const m = /\\((\\d+) of \\d+ picked/.exec(text);
  return m ? +m[1] : null;
}"""


def test_border_attack_is_played_to_its_end_against_the_hard_ai(notebook) -> None:
    page, blocked = notebook
    game = page.locator(".geoplunge-game")
    game.scroll_into_view_if_needed()
    for _turn in range(120):
        before = _settled_moves(page)
        if "Play again" in before:
            break
        buttons = game.locator(".gpw-moves button:not([disabled])")
        if not buttons.count():  # a guess: states on the map until the guess can be played
            for usps in BIG:
                picked = page.evaluate(_PICKED_JS)
                _click_state(page, 2, usps)
                # the widget has taken the click: its count moved, or the guess can be played
                page.wait_for_function(
                    f"([before]) => ({_PICKED_JS})() !== before || !!document.querySelector("
                    "'.geoplunge-game .gpw-moves button:not([disabled])')",
                    arg=[picked],
                )
                if game.locator(".gpw-moves button:not([disabled])").count():
                    break
            before = _settled_moves(page)
            buttons = game.locator(".gpw-moves button:not([disabled])")
            if not buttons.count():
                page.screenshot(path=str(b.SCREENSHOTS / "jupyter_guess_failed.png"))
                pytest.fail(f"no guess could be made: {before}")
        buttons.first.click()
        page.wait_for_function(
            "([before]) => document.querySelector('.geoplunge-game .gpw-moves')"
            ".innerText.trim() !== before",
            arg=[before],
            timeout=30_000,
        )
    else:
        pytest.fail("the game did not end in 120 moves")
    assert "wins" in game.inner_text() or "win" in game.inner_text()
    assert game.get_by_role("button", name="Replay this deal").count() == 1
    game.screenshot(path=str(b.SCREENSHOTS / "jupyter_border_attack_end.png"))
    page.screenshot(path=str(b.SCREENSHOTS / "jupyter_notebook.png"), full_page=False)
    assert not blocked
