"""Renderings for `check` (pipeline/output/render.py): terminal widths and the CSV row."""

import pytest

from claimaudit.output import render


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


JSON_VALUES = [
    [], {}, "text", [1], [[]], [{}], [(1, 2)],
    [{"a": [], "b": {}, "c": [{"x": 1.5, "y": None, "z": True, "w": "中文 \"q\"\n\t\x1b"}],
      "nan": float("nan"), "inf": float("inf"), "-inf": float("-inf"), "big": 10**20,
      "tiny": 5e-324, "nested": [[1, [2, [3, {"k": False}]]]]}],
    [{1: "a non-text key"}, {"a": 1}],            # left to json.dumps, record by record
]


def test_json_text_is_json_dumps_with_indent_2_byte_for_byte():
    import json

    import numpy as np

    for value in JSON_VALUES + [[{"a": np.float64(2.5)}]]:
        assert render.json_text(value) == json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def test_table_records_give_the_csv_and_exit_status_of_full_records():
    """`check --format csv` reads the short records; they must render as the full ones."""
    from pathlib import Path

    from claimaudit.output.results import table_records, to_records
    from claimaudit.run import check_paths
    from conftest import records_exit_status as exit_status

    root = Path(__file__).resolve().parent.parent
    run = check_paths([root / "claims"], root / "specs")
    full, short = to_records(run), table_records(run)
    assert len(full) > 20 and any(r["explanations"] for r in full)
    assert any(r["derived"] for r in full) and any(not r["derived"] for r in full)
    assert render.csv_text(short) == render.csv_text(full)
    assert exit_status(short, strict=True) == exit_status(full, strict=True)
    assert [r.get("expect") for r in short] == [r.get("expect") for r in full]


@pytest.mark.parametrize("lang, qualifier, shown", [
    ("en", "up_to", "up to 362 PFLOPS"), ("en", "exact", "exact 362 PFLOPS"),
    ("zh-Hant", "up_to", "最高 362 PFLOPS"), ("zh-Hans", "nearly", "将近 362 PFLOPS"),
    ("zh-Hant", "about", "362 PFLOPS"), ("zh-Hans", "roughly", "约 362 PFLOPS"),
])
def test_the_claimed_figure_takes_the_output_languages_qualifier(lang, qualifier, shown):
    """`explain --lang zh-Hant` shows 聲稱: 最高 362 PFLOPS (the claim's words stay in 原文)."""
    from claimaudit.output.render import claimed_text

    record = {"claimed": {"text": "362 PFLOPS"}, "qualifier": qualifier}
    assert claimed_text(record, lang) == shown
