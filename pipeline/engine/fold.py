"""Fold judged rows (one per claim x alternative) into one result per claim.

A claim with one row takes that row's verdict. With several rows (interpretations,
conflicting facts) the claim is `ambiguous` when their verdicts differ, and takes
the common verdict (with the worse severity) when they agree. The rows of one
claim are brought together by a stable sort on the claim (usually a no-op: the
joins keep them adjacent) and folded block by block with numpy reductions.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

VERDICT_CODES = ("consistent", "within_rounding", "inconsistent", "unverifiable", "ambiguous")
SEVERITY_RANK = {"minor": 1, "major": 2}


def fold(rows: pd.DataFrame, claims: pd.DataFrame) -> pd.DataFrame:
    """Result frame: one row per claim, indexed like `claims`."""
    result = pd.DataFrame({name: claims[name] for name in (
        "source", "id", "file", "line", "subject", "baseline", "metric", "expr", "expect",
        "shape")}, copy=False)  # views of the claims' columns (a list selection copies them)
    result["verdict"] = "unverifiable"
    result["severity"] = None
    result["row"] = -1
    result["n_rows"] = 0
    if rows.empty:
        return result
    claim = rows["claim"].to_numpy()
    order = np.arange(len(claim))
    if np.any(claim[1:] < claim[:-1]):
        order = np.argsort(claim, kind="stable")
    claim = claim[order]
    start = np.flatnonzero(np.r_[True, claim[1:] != claim[:-1]])
    verdict = _coded(rows["verdict"], dict(zip(VERDICT_CODES, range(5))), -1)[order]
    severity = _coded(rows["severity"], SEVERITY_RANK, 0)[order]
    agree = np.minimum.reduceat(verdict, start) == np.maximum.reduceat(verdict, start)
    worst = np.maximum.reduceat(severity, start)
    first = start
    at = result.index.get_indexer(claim[start])    # the owners' positions, looked up once
    _put(result, "n_rows", at, np.diff(np.r_[start, len(claim)]), 0)
    _put(result, "verdict", at, np.where(
        agree, np.asarray(VERDICT_CODES, dtype=object)[verdict[first]], "ambiguous"),
        "unverifiable")
    _put(result, "severity", at, np.where(
        agree & (worst > 0), np.where(worst == 2, "major", "minor"), None  # type: ignore[call-overload]
    ).astype(object), None)
    _put(result, "row", at, np.where(agree, rows.index.to_numpy()[order][first], -1), -1)
    return result


def _coded(column: pd.Series, codes: dict, other: int) -> np.ndarray:
    """Each row's word as its number in `codes` (`other` for a word not there, or none):
    looked up once per distinct word, not once per row."""
    at, words = pd.factorize(column, use_na_sentinel=False)
    return np.array([codes.get(word, other) if isinstance(word, str) else other
                     for word in words] + [other], dtype=np.int64)[at]


def _put(result: pd.DataFrame, name: str, at: np.ndarray, values: np.ndarray, default) -> None:
    """result[name] = `default`, and `values` at positions `at`; the column keeps its dtype
    (built from scratch: no Python object per row for the text columns)."""
    dtype = result[name].dtype
    column = np.full(len(result), default, dtype=np.int64 if dtype == np.int64 else object)
    column[at] = values
    result[name] = pd.Series(column, index=result.index, dtype=dtype)
