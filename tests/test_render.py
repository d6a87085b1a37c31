"""Renderings for `check` (pipeline/render.py): terminal widths and the CSV row."""

from pipeline import render


def test_width_counts_wide_characters_twice_and_ascii_by_length():
    assert render._width("abc 1.0x") == 8
    assert render._width("中文ab") == 6
    assert render._width("é") == 1
    assert render._pad("中", 4) == "中  "


def test_csv_row_reads_basis_and_explanations_when_present():
    record = {"source": "s", "id": "c", "file": "f.csv", "line": 2, "verdict": "inconsistent",
              "severity": "minor", "claimed": {"text": "2.50 TB", "low": 2.495, "high": 2.505},
              "derived": {"value": 2.4, "unit": "TB", "low": 2.4, "high": 2.4},
              "basis": "independent",
              "explanations": [{"cause": "binary_decimal"}, {"cause": "prefix"}]}
    assert render.csv_row(record) == ("s", "c", "f.csv", 2, "inconsistent", "minor", "2.50 TB",
                                      2.495, 2.505, 2.4, "TB", 2.4, 2.4, "independent",
                                      "binary_decimal")
    bare = {"source": "s", "id": "q", "file": "f", "line": 3, "verdict": "unverifiable",
            "claimed": None, "derived": None}
    assert render.csv_row(bare) == ("s", "q", "f", 3, "unverifiable") + (None,) * 10
