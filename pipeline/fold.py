"""Fold judged rows (one per claim x alternative) into one result per claim.

A claim with one row takes that row's verdict. With several rows (interpretations,
conflicting facts) the claim is `ambiguous` when their verdicts differ, and takes
the common verdict (with the worse severity) when they agree. All by column
operations: one groupby over the rows, whatever the number of claims.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

SEVERITY_RANK = {"minor": 1, "major": 2}


def fold(rows: pd.DataFrame, claims: pd.DataFrame) -> pd.DataFrame:
    """Result frame: one row per claim, indexed like `claims`."""
    result = claims[["source", "id", "file", "line", "subject", "baseline", "metric", "expr",
                     "expect", "shape"]].copy()
    result["verdict"] = "unverifiable"
    result["severity"] = None
    result["row"] = -1
    result["n_rows"] = 0
    if rows.empty:
        return result
    groups = rows.groupby("claim", sort=False)
    size = groups.size()
    verdicts = groups["verdict"].nunique()
    first_row = groups.head(1).set_index("claim")
    worst = rows["severity"].map(SEVERITY_RANK).fillna(0).groupby(rows["claim"]).max()
    agree = (verdicts == 1).reindex(size.index)
    claims_index = size.index
    result.loc[claims_index, "n_rows"] = size.to_numpy()
    result.loc[claims_index, "verdict"] = np.where(
        agree, first_row.loc[claims_index, "verdict"].to_numpy(), "ambiguous")
    severity = worst.reindex(claims_index).map({1: "minor", 2: "major"})
    result.loc[claims_index, "severity"] = np.where(agree, severity.to_numpy(dtype=object), None)
    first_index = pd.Series(rows.index, index=rows.index).groupby(rows["claim"], sort=False).first()
    result.loc[claims_index, "row"] = np.where(agree, first_index.reindex(claims_index), -1)
    return result
