"""Reading PDFs back in tests with poppler's tools (``apt-get install -y poppler-utils``):
their text layer (``pdftotext``), their facts (``pdfinfo``), their alternative texts, and a
page as a picture (``pdftoppm``). Without the tools a test skips with that reason, except
under ``CI=true``, where it fails (``.ci/run`` installs them)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.browser import SCREENSHOTS

TOOLS = ("pdftotext", "pdfinfo", "pdftoppm")


def _need(missing: list[str], install: str) -> None:
    """Skip (or, on CI, fail) when something of ``missing`` is."""
    if not missing:
        return
    reason = f"{', '.join(missing)} not found ({install})"
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}: .ci/run installs it")
    pytest.skip(reason)


def need_poppler() -> None:
    """Skip (or, on CI, fail) when a poppler tool is missing."""
    _need(
        [tool for tool in TOOLS if shutil.which(tool) is None], "apt-get install -y poppler-utils"
    )


def _run(*command: str, data: bytes) -> bytes:
    return subprocess.run(command, input=data, capture_output=True, check=True).stdout


def complaints(pdf: bytes) -> dict[str, str]:
    """What ``pdfinfo`` and ``pdftotext`` print on their error stream while reading the PDF
    (a viewer built on poppler, such as Evince or Okular, meets the same), by tool; a
    well-formed PDF gives ``{}``."""
    said = {}
    for command in (("pdfinfo", "-"), ("pdftotext", "-", "-")):
        run = subprocess.run(command, input=pdf, capture_output=True, check=True)
        if run.stderr.strip():
            said[command[0]] = run.stderr.decode("utf-8", "replace").strip()
    return said


def pages_text(pdf: bytes) -> list[str]:
    """The text layer of each page, white space folded to single spaces."""
    text = _run("pdftotext", "-raw", "-enc", "UTF-8", "-", "-", data=pdf).decode("utf-8")
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()
    return [" ".join(page.split()) for page in pages]


def info(pdf: bytes) -> dict[str, str]:
    """What ``pdfinfo`` says about the PDF (``Pages``, ``Page size``, ``Tagged`` …)."""
    out = _run("pdfinfo", "-", data=pdf).decode("utf-8", "replace")
    return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in out.splitlines())}


def _pdf_string(pdf: bytes, start: int) -> str:
    """The literal string that opens at ``pdf[start]`` (``(``): balanced parentheses may stand
    unescaped in it, ``\\`` escapes the next byte."""
    depth, out, i = 0, bytearray(), start
    while True:
        byte = pdf[i : i + 1]
        if byte == b"\\":
            out += pdf[i + 1 : i + 2]
            i += 2
            continue
        depth += {b"(": 1, b")": -1}.get(byte, 0)
        if depth == 0:
            return out[1:].decode("latin-1")
        out += byte
        i += 1


def alt_texts(pdf: bytes) -> list[str]:
    """The alternative texts of the PDF's figures (plain ASCII strings, in file order)."""
    return [_pdf_string(pdf, m.end() - 1) for m in re.finditer(rb"/Alt\(", pdf)]


def page_picture(pdf: bytes, name: str, page: int = 1, dpi: int = 90) -> Path:
    """Page ``page`` as a PNG under ``screenshots/`` (printed, to look at)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    png = _run("pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-", data=pdf)
    path.write_bytes(png)
    print(f"screenshot: {path.relative_to(SCREENSHOTS.parent)}")
    return path


def ink_depth(pdf: bytes, page: int, *, footer: float = 0.06) -> float:
    """How far down page ``page`` its ink reaches, as a share of the page's height (0: blank;
    the bottom ``footer`` share, where the page number stands, is not counted)."""
    pgm = _run("pdftoppm", "-gray", "-r", "30", "-f", str(page), "-l", str(page), "-", data=pdf)
    magic, width, height, _, pixels = pgm.split(maxsplit=4)
    assert magic == b"P5"
    w, h = int(width), int(height)
    rows = [pixels[y * w : (y + 1) * w] for y in range(int(h * (1 - footer)))]
    inked = [y for y, row in enumerate(rows) if min(row) < 128]
    return (inked[-1] + 1) / h if inked else 0.0


def need_fonts() -> None:
    """Skip (or, on CI, fail) when a font folder of ``worksheets.fonts`` is missing."""
    from worksheets.fonts import FONT_DIRS, font_paths

    _need(sorted(set(FONT_DIRS) - set(font_paths())), "apt-get install -y $(cat packages.txt)")
