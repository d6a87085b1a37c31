"""Fold judged rows (one per claim x alternative) into one result per claim.

A claim with one row takes that row's verdict. With several rows (interpretations,
conflicting facts) the claim is `ambiguous` when their verdicts differ and takes
the common verdict when they agree. Single-row claims, the bulk of any corpus,
are folded by column operations; only multi-row claims are visited one by one.
"""

from __future__ import annotations


import pandas as pd

SEVERITY_ORDER = {None: 0, "minor": 1, "major": 2}


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
    size = rows.groupby("claim").size()
    result.loc[size.index, "n_rows"] = size.to_numpy()
    single = rows[rows["claim"].map(size) == 1]
    result.loc[single["claim"], "verdict"] = single["verdict"].to_numpy()
    result.loc[single["claim"], "severity"] = single["severity"].to_numpy()
    result.loc[single["claim"], "row"] = single.index.to_numpy()
    multi = rows[rows["claim"].map(size) > 1]
    for claim, group in multi.groupby("claim", sort=False):
        verdicts = group["verdict"].unique()
        if len(verdicts) == 1:
            worst = max(group["severity"], key=lambda s: SEVERITY_ORDER.get(s, 0))
            result.loc[claim, ["verdict", "severity", "row"]] = [verdicts[0], worst, group.index[0]]
        else:
            result.loc[claim, ["verdict", "severity", "row"]] = ["ambiguous", None, -1]
    return result


def verdict_counts(results: pd.DataFrame) -> dict[str, int]:
    order = ["inconsistent", "ambiguous", "within_rounding", "unverifiable", "consistent"]
    counts = results["verdict"].value_counts()
    return {name: int(counts.get(name, 0)) for name in order}



