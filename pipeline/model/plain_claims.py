"""The claims validate's row-by-row checks would pass without a word, found over whole columns.

A claim table of a million rows is almost all plain claims: a subject (and maybe a baseline)
with a metric, a claimed text that parses, a known qualifier, no tolerance, expression,
interpretations or todo. `plain_claims` marks those rows with column operations (set look-ups,
one metric dimension per distinct metric); validate then runs its row rules only on the rest,
so every message a user can see still comes from one place, the row rules, word for word.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from claimaudit.model.units import UnitError, metric_dimension

# what a claim with a baseline may claim (validate.RATIO_KINDS: a plain number counts)
RATIO_KINDS = ("ratio", "change", "share", "count")
SHAPE_FIELDS = ("interpretations", "expr", "todo", "tolerance")   # absent on a plain claim


def plain_claims(claims: pd.DataFrame, parsed: pd.DataFrame, entities: set, metrics: dict,
                 qualifiers: dict) -> np.ndarray:
    """A boolean mask over `claims`: rows of shape subject+metric that pass every row rule.

    `parsed` is quantities.parse_quantities(claims["claimed"]); `metrics` maps a metric id to
    its row (with `unit`); `qualifiers` is the qualifier table (word -> region rule)."""
    def absent(name: str) -> np.ndarray:
        return claims[name].isna().to_numpy(bool) if name in claims else np.ones(len(claims), bool)

    plain = claims["kind"].to_numpy(object) != "qualitative"
    for name in SHAPE_FIELDS:
        plain &= absent(name)
    plain &= claims["subject"].isin(entities).to_numpy(bool)
    no_baseline = absent("baseline")
    plain &= no_baseline | claims["baseline"].isin(entities).to_numpy(bool)
    plain &= claims["metric"].isin(metrics.keys()).to_numpy(bool)
    plain &= parsed["error"].isna().to_numpy(bool)
    plain &= claims["qualifier"].fillna("about").isin(qualifiers.keys()).to_numpy(bool)
    return plain & np.where(no_baseline, _dimension_fits(claims["metric"], parsed, metrics),
                            parsed["kind"].isin(RATIO_KINDS).to_numpy(bool))


def _dimension_fits(metric: pd.Series, parsed: pd.DataFrame, metrics: dict) -> np.ndarray:
    """validate._check_dimension per row: the claimed dimension is the metric's (a metric whose
    own unit is unknown passes here: it is reported once, at the metric)."""
    codes, names = pd.factorize(metric, use_na_sentinel=True)     # once per distinct metric
    expected = np.array([_expected(metrics[name].unit) if name in metrics else None
                         for name in names.tolist()] + [None], dtype=object)[codes]
    unknown = pd.isna(expected) & metric.isin(metrics.keys()).to_numpy(bool)
    same = (parsed["dimension"].to_numpy(object) == expected) & ~pd.isna(expected)
    return unknown | same


def _expected(unit) -> str | None:
    try:
        return metric_dimension(unit)
    except UnitError:
        return None
