"""Browser-test helpers: start the app on a free local port, drive headless Chromium offline.

Used by the ``app_url`` and ``page`` fixtures in ``conftest.py``. Every request that leaves
127.0.0.1 is aborted and recorded, so a test can assert the app needed nothing from outside.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def chromium_path() -> str | None:
    """The system Chromium (``apt-get install -y chromium``), if installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_app(port: int, env: dict[str, str] | None = None) -> subprocess.Popen:
    """``streamlit run streamlit_app.py`` headless on 127.0.0.1:port (with ``env`` added to
    the environment); waits until it answers."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            "streamlit_app.py",
            "--server.headless",
            "true",
            "--server.address",
            "127.0.0.1",
            "--server.port",
            str(port),
            "--browser.gatherUsageStats",
            "false",
            "--server.fileWatcherType",
            "none",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2):
                return proc
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError("the app did not start within 60 s")


def is_local(url: str) -> bool:
    """True for URLs served by this machine (or inlined: data:, blob:, about:)."""
    parsed = urlparse(url)
    if parsed.scheme in {"data", "blob", "about"}:
        return True
    return parsed.hostname in {"127.0.0.1", "localhost"}


def wait_for_app(page, timeout_ms: int = 30_000) -> None:
    """Wait until Streamlit has finished running the script (no 'Running…' indicator)."""
    page.wait_for_selector("[data-testid='stApp']", timeout=timeout_ms)
    page.wait_for_function(
        "() => !document.querySelector(\"[data-testid='stStatusWidget']\")"
        " && document.querySelector(\"[data-testid='stMain']\")",
        timeout=timeout_ms,
    )
    page.wait_for_timeout(300)


def click_state(page, usps: str) -> None:
    """Click a state on the (first) map with the mouse, at the middle of its outline's box.

    Plotly draws the locations in the order given, which is by USPS code.
    """
    import geodata

    index = sorted(geodata.states().index).index(usps)
    box = page.locator("path.choroplethlocation").nth(index).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def dismiss_page_not_found(page) -> bool:
    """Close Streamlit's "Page not found" dialog if it is open; True when it was.

    Streamlit 1.67 shows it on the very first request a freshly started server gets for a deep
    link, because a ``pages/`` folder exists (its legacy multipage mode runs once before
    ``st.navigation`` takes over); the right page is rendered underneath.
    """
    dialog = page.get_by_role("dialog").filter(has_text="Page not found")
    if dialog.count():
        dialog.get_by_role("button").first.click()
        return True
    return False


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path.relative_to(ROOT)}")
    return path
