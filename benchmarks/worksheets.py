"""Time to make a 10-question worksheet and its answer key, and the PDFs' sizes, per drill.

    PYTHONPATH=. python benchmarks/worksheets.py [--runs 20] [--n 10] [--seed 7]

Each run deals the questions, lays them on paper and compiles the worksheet and the key with
Typst in process, as the Assign and Results pages do when a download button is pressed
(one press makes one of the two). The first run of the process also works out the outline
paths (once per process) and is reported apart; the others give p50 and max.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._machine import machine  # noqa: E402
from engine.quiz import GROUP_TITLES, MODE_GROUPS, QuizSettings, build_questions  # noqa: E402
from worksheets import Paper, key_pdf, worksheet, worksheet_pdf  # noqa: E402


def make(group: str, n: int, seed: int, paper: Paper) -> tuple[float, float, int, int]:
    """Seconds for the worksheet and for the key (each with its deal and layout), and the
    two PDFs' sizes in bytes."""
    timings, sizes = [], []
    for compile_pdf in (worksheet_pdf, key_pdf):
        start = time.perf_counter()
        settings = QuizSettings(modes=MODE_GROUPS[group], n=n, seed=seed)
        sheet = worksheet(
            build_questions(settings),
            title=GROUP_TITLES[group],
            drill=GROUP_TITLES[group],
            selection=settings.describe_pool(),
            paper=paper,
        )
        sizes.append(len(compile_pdf(sheet)))
        timings.append(time.perf_counter() - start)
    return timings[0], timings[1], sizes[0], sizes[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="runs per drill")
    parser.add_argument("--n", type=int, default=10, help="questions per worksheet")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--paper", choices=[p.value for p in Paper], default=Paper.LETTER.value)
    args = parser.parse_args()
    paper = Paper(args.paper)
    print(machine())
    start = time.perf_counter()
    make("borders", args.n, args.seed, paper)
    print(f"first worksheet and key of the process (outline paths included): "
          f"{time.perf_counter() - start:.2f} s")  # fmt: skip
    print(
        f"{'drill':<10} {'sheet p50':>10} {'sheet max':>10} {'key p50':>9} {'key max':>9} "
        f"{'sheet KB':>9} {'key KB':>8}"
    )
    for group in MODE_GROUPS:
        runs = [make(group, args.n, args.seed, paper) for _ in range(args.runs)]
        sheet_s, key_s = [r[0] for r in runs], [r[1] for r in runs]
        print(
            f"{group:<10} {statistics.median(sheet_s) * 1000:>8.0f}ms {max(sheet_s) * 1000:>8.0f}ms"
            f" {statistics.median(key_s) * 1000:>7.0f}ms {max(key_s) * 1000:>7.0f}ms"
            f" {runs[0][2] / 1024:>9.0f} {runs[0][3] / 1024:>8.0f}"
        )


if __name__ == "__main__":
    main()
