"""Team names from an uploaded file (:mod:`ui.tournament.roster`): every way a spreadsheet or
an editor saves a class list reads back as the names, in order; a file of no text reads as
none."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ui.tournament.roster import names_in

NAMES = ["Owls", "Los Zorros (5B)", "Smith, J & Co.", "Сoвы", "美国地理", 'O\'Neil "Ace"']
name = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="\x85;"),
    min_size=1, max_size=40,
).filter(lambda text: text.strip() and text.strip()[0] != '"')  # fmt: skip


def as_csv(names: list[str], delimiter: str, other: bool = True) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)
    for n in names:
        writer.writerow([n, "5B"] if other else [n])
    return out.getvalue()


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig"])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_spreadsheets_csv_gives_its_first_column(delimiter, encoding, newline):
    text = as_csv(NAMES, delimiter).replace("\r\n", "\n").replace("\n", newline)
    assert names_in(text.encode(encoding)) == [n.strip() for n in NAMES]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig"])
def test_a_plain_list_gives_each_line_commas_and_all(encoding):
    text = "Owls\n\n  Foxes, the clever ones \nBears\n"
    assert names_in(text.encode(encoding)) == ["Owls", "Foxes, the clever ones", "Bears"]


def test_a_windows_1252_file_reads_its_accents():
    assert names_in("Élan\nNiño;x\n".encode("cp1252")) == ["Élan", "Niño;x"]


def test_a_single_column_csv_loses_its_quotes():
    assert names_in(as_csv(["Smith, J", 'O"Neil'], ",", other=False).encode()) == [
        "Smith, J", 'O"Neil',
    ]  # fmt: skip


@pytest.mark.parametrize(
    "data", [b"\x89PNG\r\n\x1a\n\x00\x00", b"PK\x03\x04\x14\x00\x06\x00", b"x" * 200_001]
)
def test_a_file_of_no_text_is_no_list(data):
    assert names_in(data) is None


@given(st.lists(name, min_size=1, max_size=12), st.sampled_from([",", ";", "\t"]))
@settings(max_examples=150, deadline=None)
def test_any_names_written_as_a_csv_read_back(names, delimiter):
    assert names_in(as_csv(names, delimiter).encode()) == [n.strip() for n in names]
