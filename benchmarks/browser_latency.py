"""What a student waits for, in headless Chromium, against a floor measured in the same run.

    PYTHONPATH=. python benchmarks/browser_latency.py [--clicks 20] [--visits 5] [--json]

It starts the app and the floor page (``benchmarks/floor_map.py``: one ``st.plotly_chart`` of
our GeoJSON with ``on_select="rerun"`` and one button), each with ``streamlit run`` on a free
port, and measures:

- **click → picked**: from the browser's pointer event to the first frame that shows the
  clicked state in the pick colour, on a warm page: the Border quiz, the Atlas and a Border
  Attack border guess, and the floor's map (whose colour comes back from the server);
- **cold first visit** of a teacher link in a fresh browser context (empty cache), until the
  map is drawn, with the bytes it transferred (HTTP bodies as sent, WebSocket frames); the floor
  page likewise;
- **Check → feedback**: from the click on Check to the frame that shows the verdict; the
  floor's button → its line of text;
- **server work**: the server process's CPU (utime + stime) per rerun of the quiz page (a map
  click, a Check, a Next question) and of the floor page, and the WebSocket bytes the browser
  receives per map click and per Check.

Chromium runs with the flags of the browser tests; nothing leaves 127.0.0.1. The machine and
its load average are printed with the figures (timings suffer when the load is above the
number of CPUs).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._machine import machine  # noqa: E402
from tests.browser import (  # noqa: E402
    CHROMIUM_ARGS,
    DESKTOP,
    dismiss_page_not_found,
    interior_point,
    wait_for_app,
    wait_for_map,
)

QUIZ = "/border_quiz?mode=neighbors&states=KS&n=50&seed=1"
TEACHER_LINK = "/border_quiz?mode=neighbors&region=west&n=10&seed=7"
FAR = ("WA", "OR", "CA", "NV", "ID", "MT", "WY", "UT", "AZ", "NM", "TX", "ND", "SD", "MN", "WI")
FAR += ("MI", "OH", "PA", "NY", "ME", "VA", "NC", "SC", "GA", "FL", "AL", "MS", "LA", "KY")
PICK = "rgb(0, 114, 178)"  # ui.maps.ROLES["selected"]
THIS_CARD = "rgb(204, 121, 167)"  # ui.maps.ROLES["target"]: the Atlas paints its pick so

# Resolves with the ms from the pointer event to the first frame after ``done()`` holds (null
# after 10 s).
WATCH_JS = """
([kind, arg]) => {
  window.__latency = new Promise((resolve) => {
    let t0 = null;
    const onDown = (e) => { t0 = e.timeStamp; };
    document.addEventListener('pointerdown', onDown, { capture: true, once: true });
    const done = () => {
      if (kind === 'fill') {
        const [selector, colour] = arg;
        const path = document.querySelector(selector);
        return path && getComputedStyle(path).fill === colour;
      }
      return document.body.innerText.includes(arg);
    };
    const tick = () => {
      if (t0 !== null && done()) {
        requestAnimationFrame(() => resolve(performance.now() - t0));
      } else {
        requestAnimationFrame(tick);
      }
    };
    requestAnimationFrame(tick);
    setTimeout(() => resolve(null), 10000);
  });
}
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def served(script: str):
    """``streamlit run script`` on a free port; yields (base URL, process)."""
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            script,
            "--server.headless",
            "true",
            "--server.address",
            "127.0.0.1",
            "--server.port",
            str(port),
            "--server.fileWatcherType",
            "none",
            "--browser.gatherUsageStats",
            "false",
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(url + "/_stcore/health", timeout=2).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError(f"{script} did not start") from None
            time.sleep(0.3)
    try:
        yield url, proc
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def stats(values: list[float | None]) -> dict[str, float]:
    """p50/p95/max of the measured values; ``missed`` counts the steps that never answered."""
    missed = sum(v is None for v in values)
    values = sorted(v for v in values if v is not None)
    if not values:
        return {"n": 0, "missed": missed}
    p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
    return {
        "n": len(values),
        "missed": missed,
        "p50": statistics.median(values),
        "p95": p95,
        "max": values[-1],
    }


class Browser:
    """One Chromium; a context per measurement, requests leaving 127.0.0.1 aborted."""

    def __init__(self, playwright) -> None:
        self.chromium = playwright.chromium.launch(
            executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS
        )
        self.outside: list[str] = []

    def page(self):
        context = self.chromium.new_context(viewport=DESKTOP)
        page = context.new_page()

        def route(r):
            host = r.request.url.split("/")[2] if "://" in r.request.url else ""
            if r.request.url.startswith(("data:", "blob:")) or host.startswith("127.0.0.1"):
                r.continue_()
            else:
                self.outside.append(r.request.url)
                r.abort()

        page.route("**/*", route)
        return page

    def close(self) -> None:
        self.chromium.close()


def watch(page, kind: str, arg) -> None:
    page.evaluate(WATCH_JS, [kind, arg])


def latency(page) -> float:
    return page.evaluate("window.__latency")


def click_to_picked(page, codes, selector, colour: str = PICK) -> list[float]:
    """Click each state once (a mouse click inside its outline) and time the pick colour."""
    out = []
    for usps in codes:
        point = interior_point(page, usps)
        disabled = page.evaluate(
            "u => document.querySelector(`.gpm path[data-usps=${u}]`)"
            ".getAttribute('aria-disabled') === 'true'",
            usps,
        )
        if point is None or disabled:
            continue
        watch(page, "fill", [selector.format(usps=usps), colour])
        page.mouse.click(*point)
        if (ms := latency(page)) is not None:
            out.append(ms)
        page.wait_for_timeout(150)
    wait_for_app(page)
    return out


def floor_clicks(page, n: int) -> list[float]:
    """The floor page's map: the path index is the feature order of our GeoJSON."""
    import geodata

    codes = [f["id"] for f in geodata.shapes()["features"]]
    out = []
    for usps in FAR[:n]:
        i = codes.index(usps)
        box = page.locator("path.choroplethlocation").nth(i).bounding_box()
        selector = f"path.choroplethlocation:nth-of-type({i + 1})"
        watch(page, "fill", [selector, PICK])
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        out.append(latency(page))
        wait_for_app(page)
    return out


def websocket_bytes(page) -> list[int]:
    """A counter of the bytes the page receives on its WebSockets (read and reset by caller)."""
    received = [0]

    def on_socket(ws):
        ws.on(
            "framereceived",
            lambda payload: received.__setitem__(0, received[0] + len(payload)),
        )

    page.on("websocket", on_socket)
    return received


def cold_visit(browser: Browser, url: str, floor: bool) -> tuple[float, int]:
    """Seconds until the map is drawn on a first visit with an empty cache, and the bytes."""
    page = browser.page()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    total = [0]
    cdp.on(
        "Network.loadingFinished", lambda e: total.__setitem__(0, total[0] + e["encodedDataLength"])
    )
    cdp.on(
        "Network.webSocketFrameReceived",
        lambda e: total.__setitem__(0, total[0] + len(e["response"]["payloadData"])),
    )
    start = time.perf_counter()
    page.goto(url)
    if floor:
        page.wait_for_function(
            "document.querySelectorAll('path.choroplethlocation').length === 50", timeout=60_000
        )
    else:
        wait_for_map(page, timeout_ms=60_000)
    seconds = time.perf_counter() - start
    page.wait_for_timeout(300)
    page.context.close()
    return seconds, total[0]


def quiz_round(page, received) -> tuple[float, int, int]:
    """On the quiz: click a state, Check, Next. Returns (Check → feedback ms, bytes per map
    click, bytes per Check)."""
    usps = next(c for c in FAR if interior_point(page, c))
    received[0] = 0
    page.mouse.click(*interior_point(page, usps))
    wait_for_app(page)
    page.wait_for_timeout(200)
    click_bytes = received[0]
    received[0] = 0
    watch(page, "text", "Right answer:")
    page.get_by_role("button", name="Check").click()
    ms = latency(page)
    wait_for_app(page)
    page.wait_for_timeout(200)
    check_bytes = received[0]
    page.get_by_role("button", name="Next question").click()
    wait_for_app(page)
    page.get_by_role("button", name="Show the whole map").click()
    return ms, click_bytes, check_bytes


def border_attack_guess(page, base: str, n: int) -> list[float]:
    """Border Attack, deal 1: lead, then time the picks of the border guess on the map."""
    page.goto(f"{base}/border_attack?seed=1&levels=easy&dealer=you")
    wait_for_app(page)
    dismiss_page_not_found(page)
    page.get_by_role("radio", name="Size", exact=True).click()
    wait_for_app(page)
    page.get_by_role("button", name="Lead ·").first.click()
    page.get_by_text("answers face down and announces").wait_for()
    wait_for_app(page)
    wait_for_map(page)
    return click_to_picked(page, FAR[:n], ".gpm path.choroplethlocation[data-usps={usps}]")


def step(text: str) -> None:
    print(f"… {text}", file=sys.stderr, flush=True)


def measure(clicks: int, visits: int) -> dict:
    from playwright.sync_api import sync_playwright

    figures: dict = {"machine": machine()}
    with (
        served("streamlit_app.py") as (app, app_proc),
        served("benchmarks/floor_map.py") as (floor, floor_proc),
        sync_playwright() as p,
    ):
        browser = Browser(p)
        for url, is_floor in ((app + TEACHER_LINK, False), (floor, True)):
            cold_visit(browser, url, is_floor)  # the server's own first run is not measured
        step("cold visits")
        cold = {"app": [], "floor": []}
        for _ in range(visits):
            for name, url, is_floor in (
                ("app", app + TEACHER_LINK, False),
                ("floor", floor, True),
            ):
                cold[name].append(cold_visit(browser, url, is_floor))
        figures["cold_visit_s"] = {k: stats([s for s, _ in v]) for k, v in cold.items()}
        figures["cold_visit_bytes"] = {
            k: statistics.median(b for _, b in v) for k, v in cold.items()
        }

        step("the Atlas")
        page = browser.page()
        page.goto(app + "/atlas")
        wait_for_app(page)
        dismiss_page_not_found(page)
        wait_for_map(page)
        atlas = click_to_picked(
            page, FAR[:clicks], ".gpm path.choroplethlocation[data-usps={usps}]", THIS_CARD
        )
        page.context.close()
        step("the Border quiz")
        page = browser.page()
        page.goto(app + QUIZ)
        wait_for_app(page)
        dismiss_page_not_found(page)
        wait_for_map(page)
        page.get_by_role("button", name="Show the whole map").click()
        received = websocket_bytes(page)
        page.reload()
        wait_for_app(page)
        wait_for_map(page)
        page.get_by_role("button", name="Show the whole map").click()
        drills = click_to_picked(
            page, FAR[:clicks], ".gpm path.choroplethlocation[data-usps={usps}]"
        )
        page.get_by_role("button", name="Check").click()
        page.get_by_role("button", name="Next question").click()
        wait_for_app(page)
        page.get_by_role("button", name="Show the whole map").click()
        step("Check → feedback")
        rounds, cpu0, reruns = [], cpu_seconds(app_proc.pid), 0
        for _ in range(visits * 2):
            rounds.append(quiz_round(page, received))
            reruns += 3
        app_cpu = (cpu_seconds(app_proc.pid) - cpu0) / reruns
        page.context.close()

        step("Border Attack")
        page = browser.page()
        ba = border_attack_guess(page, app, clicks)
        page.context.close()

        step("the floor page")
        page = browser.page()
        page.goto(floor)
        page.wait_for_function("document.querySelectorAll('path.choroplethlocation').length === 50")
        wait_for_app(page)
        received = websocket_bytes(page)
        page.reload()
        page.wait_for_function("document.querySelectorAll('path.choroplethlocation').length === 50")
        wait_for_app(page)
        cpu0 = cpu_seconds(floor_proc.pid)
        received[0] = 0
        floor_map = floor_clicks(page, clicks)
        floor_click_bytes = received[0] / max(1, len(floor_map))
        floor_checks = []
        for _ in range(visits * 2):
            watch(page, "text", "Checked:")
            page.get_by_role("button", name="Check").click()
            floor_checks.append(latency(page))
            wait_for_app(page)
        floor_cpu = (cpu_seconds(floor_proc.pid) - cpu0) / (len(floor_map) + len(floor_checks))
        page.context.close()
        browser.close()

    figures["click_to_picked_ms"] = {
        "border quiz": stats(drills),
        "atlas": stats(atlas) if atlas else None,
        "border attack": stats(ba),
        "floor (st.plotly_chart, on_select)": stats(floor_map),
    }
    figures["check_to_feedback_ms"] = {
        "border quiz": stats([r[0] for r in rounds]),
        "floor (button → text)": stats(floor_checks),
    }
    figures["server_cpu_ms_per_rerun"] = {
        "border quiz": round(app_cpu * 1000, 1),
        "floor": round(floor_cpu * 1000, 1),
    }
    figures["websocket_bytes"] = {
        "quiz map click": statistics.median(r[1] for r in rounds),
        "quiz check": statistics.median(r[2] for r in rounds),
        "floor map click": round(floor_click_bytes),
    }
    figures["requests_outside"] = len(browser.outside)
    figures["load_after"] = machine().split("load average ")[-1]
    return figures


def report(f: dict) -> str:
    lines = [f["machine"], ""]
    cold, floor = f["cold_visit_s"]["app"], f["cold_visit_s"]["floor"]
    lines.append("Cold first visit of a teacher link, until the map is drawn (empty cache):")
    lines.append(
        f"  app   p50 {cold['p50']:.2f} s  p95 {cold['p95']:.2f} s  "
        f"{f['cold_visit_bytes']['app'] / 1024:.0f} KB"
    )
    lines.append(
        f"  floor p50 {floor['p50']:.2f} s  p95 {floor['p95']:.2f} s  "
        f"{f['cold_visit_bytes']['floor'] / 1024:.0f} KB"
    )
    lines.append(f"  ratio (p50) {cold['p50'] / floor['p50']:.2f}×")
    lines.append("")
    lines.append("Click → the state shown as picked (warm page):")
    for name, s in f["click_to_picked_ms"].items():
        if s.get("n"):
            lines.append(
                f"  {name:38} p50 {s['p50']:6.1f} ms  p95 {s['p95']:6.1f} ms  "
                f"(n={s['n']}, never shown {s['missed']})"
            )
    lines.append("")
    lines.append("Check → feedback on screen:")
    checks = f["check_to_feedback_ms"]
    for name, s in checks.items():
        lines.append(f"  {name:38} p50 {s['p50']:6.1f} ms  p95 {s['p95']:6.1f} ms  (n={s['n']})")
    ratio = checks["border quiz"]["p50"] / checks["floor (button → text)"]["p50"]
    lines.append(f"  ratio (p50) {ratio:.2f}×")
    lines.append("")
    cpu = f["server_cpu_ms_per_rerun"]
    lines.append(
        f"Server CPU per rerun: quiz page {cpu['border quiz']} ms, floor page {cpu['floor']} ms"
    )
    ws = f["websocket_bytes"]
    lines.append(
        f"WebSocket bytes received: per quiz map click {ws['quiz map click']:.0f}, per Check "
        f"{ws['quiz check']:.0f}; per floor map click {ws['floor map click']}"
    )
    lines.append(f"Requests that tried to leave 127.0.0.1: {f['requests_outside']}")
    lines.append(f"Load average after the run: {f['load_after']}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=20, help="map clicks per page")
    parser.add_argument("--visits", type=int, default=5, help="cold visits and Checks per page")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    figures = measure(args.clicks, args.visits)
    print(json.dumps(figures, indent=1) if args.json else report(figures))


if __name__ == "__main__":
    main()
