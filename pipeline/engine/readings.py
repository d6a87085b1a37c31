"""Readings of a claim beyond one spec figure: ratios, and the JEDEC reading of capacities.

- A ratio claim (`subject` vs `baseline`) divides one derived figure by another; each
  pair of alternatives that chooses conflicting facts the same way gives one reading
  (CONTRACT section 4, "Ratio claims divide subject by baseline").
- A memory-capacity claim in GB/TB (MB, PB) is read decimally and as GiB/TiB; the better
  reading stands: consistent, then within_rounding, then the smaller gap; decimal on a
  tie (CONTRACT section 4). No other silent reading.
Pure: alternatives or numpy columns in, the same out.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd

from claimaudit.engine import judge
from claimaudit.engine.derive import (
    Alt,
    SpecGraph,
    capped,
    consistent_combinations,
    shown_input,
    unsupported_of,
)
from claimaudit.engine.steps import Step
from claimaudit.model import expr, fmt
from claimaudit.model.intervals import IntervalError
from claimaudit.model.units import binary_reading, unit_info


def ratio_alts(graph: SpecGraph, top: str, bottom: str) -> tuple[Alt, ...]:
    """Alternatives of `entity.metric / entity.metric` (the metrics may differ)."""
    pairs = capped(consistent_combinations([graph.derive(*top.split(".")),
                                            graph.derive(*bottom.split("."))]), f"{top} / {bottom}")
    return tuple(ratio(upper, lower, top, bottom) for upper, lower in pairs)


def ratio(top: Alt, bottom: Alt, top_name: str, bottom_name: str) -> Alt:
    """One reading of top / bottom, its steps and sources those of both sides."""
    steps = tuple(dict.fromkeys(top.steps + bottom.steps))
    sources = tuple(dict.fromkeys(top.sources + bottom.sources))
    label = "; ".join(x for x in (top.label, bottom.label) if x)
    choices = tuple(dict.fromkeys(top.choices + bottom.choices))
    if top.interval is None or bottom.interval is None:
        return Alt(None, (), steps, sources, top.missing + bottom.missing, label, choices=choices,
                   unsupported=unsupported_of((top, bottom)))
    top, bottom = one_convention(top, bottom)
    assert top.interval is not None and bottom.interval is not None   # one_convention keeps them
    try:
        value = top.interval / bottom.interval
    except IntervalError as exc:
        raise expr.ExprError(f"{top_name} / {bottom_name}: the baseline cannot divide: {exc}") \
            from None
    step = Step("ratio", formula=f"{top_name} / {bottom_name}",
                working=f"{shown_input(top)} / {shown_input(bottom)}",
                result=f"{fmt.number(value.value)}x")
    return Alt(value, (), steps + (step,), sources, (), label, "x", choices=choices)


def one_convention(top: Alt, bottom: Alt) -> tuple[Alt, Alt]:
    """Both sides of a ratio of capacities in one convention (CONTRACT 10.2): memory sold in GB
    is JEDEC-binary, so a GB figure against a GiB figure compares their numbers as the same
    unit ("432 GB vs 192 GiB" is 2.25x), never 432e9 bytes against 192 x 2^30."""
    top_binary, bottom_binary = binary_reading(top.unit), binary_reading(bottom.unit)
    if top_binary and _is_binary(bottom.unit):
        return _read_as(top, top_binary), bottom
    if bottom_binary and _is_binary(top.unit):
        return top, _read_as(bottom, bottom_binary)
    return top, bottom


def _is_binary(unit: str) -> bool:
    return bool(unit) and unit.endswith("iB")


def _read_as(alt: Alt, binary_unit: str) -> Alt:
    scale = unit_info(binary_unit).factor / unit_info(alt.unit).factor
    assert alt.interval is not None
    return dataclasses.replace(alt, interval=alt.interval.scaled(scale), unit=binary_unit)


def binary_scales(units, dimensions) -> np.ndarray:
    """Per claim: GiB/GB (TiB/TB ...) for a decimal capacity claim, NaN for any other.

    Worked out once per distinct unit and spread over the column."""
    codes, uniques = pd.factorize(np.asarray(units, dtype=object), use_na_sentinel=False)
    table = np.array([unit_info(binary_reading(u)).factor / unit_info(u).factor
                      if isinstance(u, str) and binary_reading(u) else np.nan for u in uniques])
    return np.where(np.asarray(dimensions, dtype=object) == "information", table[codes], np.nan)


def binary_stands(decimal: tuple, binary: tuple) -> np.ndarray:
    """Per row: does the binary reading's (verdict, gap) beat the decimal one's? Ties: no."""
    (verdict, gap), (b_verdict, b_gap) = decimal, binary
    rank, b_rank = judge.rank(verdict), judge.rank(b_verdict)
    closer = (b_gap < gap) & ~judge.close_columns(b_gap, gap)
    return (b_rank < rank) | ((b_rank == rank) & closer)


def judge_standing_reading(rows: pd.DataFrame) -> dict:
    """Per row: the verdict, severity and gap of the reading that stands, which reading it is
    (`decimal`/`binary` for capacities, None otherwise), its factor and its claimed region.

    `rows` carries the claim columns (v, h, rule, r, absolute, unit, claimed_dimension) and
    the derived interval (value, low, high). Every row is judged as written; a decimal
    capacity (GB, TB ...) is judged again as GiB/TiB, and the binary reading stands when
    `binary_stands` says so (CONTRACT section 4)."""
    ratio = judge.of_ratio(rows["qkind"]) if "qkind" in rows else None
    low, high, low_open, high_open = judge.regions(rows["v"], rows["h"], rows["rule"],
                                                   rows["r"], rows["absolute"], ratio)
    value, dlow, dhigh = (rows[c].to_numpy(float) for c in ("value", "low", "high"))
    verdict, severity, gap = judge.judge_frame(low, high, low_open, high_open, value, dlow, dhigh)
    scale = binary_scales(rows["unit"], rows["claimed_dimension"])
    convention = np.ones(len(rows))
    if "derived_unit" in rows:
        # one convention (CONTRACT 10.2): a figure summed from GB sold as JEDEC-binary is read
        # in GiB too, so "36 TB" of 128 x 288 GB is 36 TiB (36,864 GiB), not 36 TiB of bytes
        derived = binary_scales(rows["derived_unit"], rows["claimed_dimension"])
        convention = np.where(np.isnan(derived), 1.0, derived)
        scale = scale / convention
    capacity = ~np.isnan(scale)
    reading = np.where(capacity, "decimal", None).astype(object)  # type: ignore[call-overload]
    factor = np.ones(len(rows))
    if capacity.any():
        scale = np.where(capacity, scale, 1.0)
        b_low, b_high, _, _ = judge.regions(rows["v"] * scale, rows["h"] * scale, rows["rule"],
                                            rows["r"], rows["absolute"] * scale, ratio)
        b_verdict, b_severity, b_gap = judge.judge_frame(b_low, b_high, low_open, high_open,
                                                         value, dlow, dhigh)
        use_binary = capacity & binary_stands((verdict, gap), (b_verdict, b_gap))
        verdict = np.where(use_binary, b_verdict, verdict)
        severity = np.where(use_binary, b_severity, severity)
        gap = np.where(use_binary, b_gap, gap)
        low, high = np.where(use_binary, b_low, low), np.where(use_binary, b_high, high)
        reading[use_binary] = "binary"
        factor = np.where(use_binary, scale, 1.0)
    # the derived figure as the binary reading reads it (GB members as GiB), for display
    convention = np.where(reading == "binary", convention, 1.0)
    return {"verdict": verdict, "severity": severity, "gap": gap, "reading": reading,
            "factor": factor, "region_low": low, "region_high": high, "convention": convention}
