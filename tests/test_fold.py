"""Folding judged rows into one result per claim (pipeline/engine/fold.py): known answers."""

import pandas as pd
import pytest

from claimaudit.engine.fold import fold

CLAIM_COLUMNS = ["source", "id", "file", "line", "subject", "baseline", "metric", "expr",
                 "expect", "shape"]


def _claims(n: int) -> pd.DataFrame:
    return pd.DataFrame({name: [f"{name}{i}" for i in range(n)] for name in CLAIM_COLUMNS})


def _rows(*rows: tuple) -> pd.DataFrame:
    """(claim, verdict, severity) per row; the row's index is its position + 10."""
    frame = pd.DataFrame(rows, columns=["claim", "verdict", "severity"])
    frame.index = frame.index + 10
    return frame


def _folded(rows: pd.DataFrame, n: int) -> list[tuple]:
    result = fold(rows, _claims(n))
    return list(zip(result["verdict"], result["severity"], result["row"], result["n_rows"]))


@pytest.mark.parametrize("rows, expected", [
    # one row: its verdict
    ([(0, "consistent", None)], ("consistent", None, 10, 1)),
    ([(0, "within_rounding", None)], ("within_rounding", None, 10, 1)),
    ([(0, "inconsistent", "minor")], ("inconsistent", "minor", 10, 1)),
    ([(0, "inconsistent", "major")], ("inconsistent", "major", 10, 1)),
    ([(0, "unverifiable", None)], ("unverifiable", None, 10, 1)),
    # rows that agree: the verdict, the worse severity, the first row
    ([(0, "consistent", None), (0, "consistent", None)], ("consistent", None, 10, 2)),
    ([(0, "inconsistent", "minor"), (0, "inconsistent", "major")],
     ("inconsistent", "major", 10, 2)),
    ([(0, "inconsistent", "major"), (0, "inconsistent", "minor")],
     ("inconsistent", "major", 10, 2)),
    ([(0, "inconsistent", "minor"), (0, "inconsistent", "minor"), (0, "inconsistent", "minor")],
     ("inconsistent", "minor", 10, 3)),
    # rows that differ: ambiguous, no severity, no row
    ([(0, "consistent", None), (0, "within_rounding", None)], ("ambiguous", None, -1, 2)),
    ([(0, "within_rounding", None), (0, "inconsistent", "minor")], ("ambiguous", None, -1, 2)),
    ([(0, "inconsistent", "major"), (0, "consistent", None)], ("ambiguous", None, -1, 2)),
    ([(0, "consistent", None), (0, "unverifiable", None)], ("ambiguous", None, -1, 2)),
])
def test_one_claim(rows, expected):
    assert _folded(_rows(*rows), 1) == [expected]


def test_a_claim_without_rows_is_unverifiable():
    assert _folded(_rows((1, "consistent", None)), 3) == [
        ("unverifiable", None, -1, 0), ("consistent", None, 10, 1), ("unverifiable", None, -1, 0)]
    assert _folded(_rows(), 2) == [("unverifiable", None, -1, 0)] * 2


def test_rows_out_of_order_are_brought_together():
    rows = _rows((2, "inconsistent", "minor"), (0, "consistent", None), (2, "inconsistent", "major"),
                 (1, "within_rounding", None), (0, "consistent", None), (1, "consistent", None))
    assert _folded(rows, 3) == [("consistent", None, 11, 2), ("ambiguous", None, -1, 2),
                                ("inconsistent", "major", 10, 2)]


def test_adjacent_claims_stay_apart():
    rows = _rows((0, "consistent", None), (1, "consistent", None), (1, "consistent", None),
                 (2, "inconsistent", "minor"))
    assert _folded(rows, 3) == [("consistent", None, 10, 1), ("consistent", None, 11, 2),
                                ("inconsistent", "minor", 13, 1)]


def test_the_result_keeps_the_claims_index_and_columns():
    claims = _claims(2)
    claims.index = [7, 3]
    result = fold(_rows((3, "consistent", None)), claims)
    assert list(result.index) == [7, 3]
    assert list(result["verdict"]) == ["unverifiable", "consistent"]
    assert list(result["id"]) == ["id0", "id1"]
    assert result["n_rows"].dtype == "int64" and result["row"].dtype == "int64"


def test_rows_out_of_order_after_the_first_claim_are_brought_together():
    # no row comes before the first one's claim, yet claim 0's rows are apart
    rows = _rows((0, "consistent", None), (1, "inconsistent", "minor"), (0, "within_rounding", None),
                 (2, "consistent", None), (1, "inconsistent", "major"))
    assert _folded(rows, 3) == [("ambiguous", None, -1, 2), ("inconsistent", "major", 11, 2),
                                ("consistent", None, 13, 1)]


@pytest.mark.parametrize("verdicts", [[None], [None, None], ["unknown"], [None, "consistent"]])
def test_a_row_without_a_verdict_word_never_passes_for_a_verdict(verdicts):
    # its code is `other` (-1), the last of VERDICT_CODES: the claim is ambiguous
    rows = _rows(*[(0, verdict, None) for verdict in verdicts])
    assert fold(rows, _claims(1))["verdict"].tolist() == ["ambiguous"]
