"""What speaking Spanish costs a rerun: the same pages in English and in Spanish, in one run.

    PYTHONPATH=. python benchmarks/translation.py [--runs 30] [--languages en,es]

Each page is opened with Streamlit's AppTest (the page script runs in this process), once to
warm up (the catalogue is read once per process), then rerun ``--runs`` times; what is
measured is the CPU time of the process per rerun (median, p90). The languages alternate
rerun by rerun, so other work on the machine weighs on both alike. The English rerun is the
floor: the ratio is Spanish's median over English's.

Pages: the Home page, a state's card in the Atlas (New York: "Nueva York"), a border drill's
question with its map, and a Border Attack game against the AI at its first move (rules,
status, hand and map worded on every rerun).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from benchmarks._machine import machine  # noqa: E402
from messages import speaking  # noqa: E402

PAGES: dict[str, dict[str, str]] = {
    "home": {},
    "atlas": {"state": "NY"},
    "border_quiz": {"mode": "neighbors", "seed": "7", "n": "10"},
    "border_attack": {"seed": "7", "ai": "easy"},
}


def _opened(page: str, params: dict[str, str], lang: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=120)
    at.switch_page(f"pages/{page}.py")
    for name, value in {**params, "lang": lang}.items():
        at.query_params[name] = value
    with speaking(lang):  # AppTest words a select box's value in this thread
        at.run()
    if at.exception:
        raise SystemExit(f"{page} ({lang}): {at.exception[0].message}")
    return at


def _rerun_cpu(at: AppTest, lang: str) -> float:
    with speaking(lang):
        start = time.process_time()
        at.run()
        return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--languages", default="en,es")
    args = parser.parse_args()
    langs = args.languages.split(",")
    os.environ.setdefault("GEOPLUNGE_DATABASE_URL", f"sqlite:///{tempfile.mkdtemp()}/bench.db")
    print(machine())
    print(
        f"{'page':<14}"
        + "".join(f"{lang + ' p50':>12}{lang + ' p90':>10}" for lang in langs)
        + f"{'ratio':>8}"
    )
    for page, params in PAGES.items():
        apps = {lang: _opened(page, params, lang) for lang in langs}
        times: dict[str, list[float]] = {lang: [] for lang in langs}
        for _ in range(args.runs):
            for lang in langs:
                times[lang].append(_rerun_cpu(apps[lang], lang))
        row = f"{page:<14}"
        for lang in langs:
            ms = sorted(t * 1000 for t in times[lang])
            row += f"{statistics.median(ms):>10.1f}ms{ms[int(0.9 * (len(ms) - 1))]:>8.1f}ms"
        ratio = statistics.median(times[langs[-1]]) / statistics.median(times[langs[0]])
        print(row + f"{ratio:>8.2f}")
    print(machine())


if __name__ == "__main__":
    main()
