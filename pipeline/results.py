"""The result frame -> the JSON objects of CONTRACT section 7 (one per claim).

Everything users see (text table, JSON, Markdown reports, pytest messages) is
built from these records, so the claimed/derived numbers are computed once,
here, in the claim's own unit (or its binary reading, for capacities).
"""

from __future__ import annotations

import math

from pipeline import judge
from pipeline.units import binary_reading, unit_info

RATIO_KINDS = ("ratio", "change", "share")


def _finite(x: float) -> float | None:
    return None if x is None or math.isinf(x) or math.isnan(x) else _tidy(x)


def _tidy(x: float) -> float:
    """Round away binary noise (20.249999999 -> 20.25) while keeping 12 significant digits."""
    return float(f"{x:.12g}")


def _text(value) -> str | None:
    return value if isinstance(value, str) else None


def display_unit(quantity, reading: str | None) -> str:
    if quantity.kind in RATIO_KINDS:
        return "x"
    if quantity.kind == "count":
        return ""
    return binary_reading(quantity.unit) if reading == "binary" else quantity.unit


def claimed_record(claim) -> dict | None:
    quantity = claim["quantity"]
    if quantity is None:
        return None
    rule = claim["region"]
    tolerance = claim["tolerance_rule"]
    ratio = quantity.kind in RATIO_KINDS
    value, h = (quantity.base, quantity.base_h) if ratio else (quantity.value, quantity.h)
    relative = tolerance[1] if tolerance and tolerance[0] == "relative" else rule["tolerance"]
    absolute = None
    if tolerance and tolerance[0] == "absolute":
        absolute = tolerance[1] / (1.0 if ratio else unit_info(quantity.unit).factor)
    region = judge.claimed_region(value, h, rule["region"], relative, absolute)
    return {"text": quantity.text, "value": _tidy(value), "unit": "x" if ratio else quantity.unit,
            "low": _finite(region.low), "high": _finite(region.high)}


def derived_record(row, quantity) -> dict:
    unit = display_unit(quantity, row["reading"])
    factor = 1.0 if quantity.kind in RATIO_KINDS + ("count",) else unit_info(unit).factor
    return {"value": _finite(row["value"] / factor), "unit": unit,
            "low": _finite(row["low"] / factor), "high": _finite(row["high"] / factor)}


def to_records(run) -> list[dict]:
    """Every claim's JSON object, in file order."""
    claims = run.corpus.claims
    rows = run.rows
    by_claim = {} if rows is None or rows.empty else {
        claim: group for claim, group in rows.groupby("claim", sort=False)}
    out = []
    for index, result in run.results.iterrows():
        claim = claims.loc[index]
        group = by_claim.get(index)
        out.append(_record(claim, result, group, run.payloads))
    return out


def _record(claim, result, group, payloads) -> dict:
    quantity = claim["quantity"]
    alts = [] if group is None else [payloads[p] for p in group["payload"]]
    steps = list(dict.fromkeys(step for alt in alts for step in alt.steps))
    sources = list(dict.fromkeys(source for alt in alts for source in alt.sources))
    missing = list(dict.fromkeys(m for alt in alts for m in alt.missing))
    derived = None
    hints = []
    if result["verdict"] not in ("unverifiable", "ambiguous") and result["row"] >= 0:
        row = group.loc[result["row"]]
        derived = derived_record(row, quantity)
        if row["reading"] == "binary":
            hints.append(f"{quantity.text} read as {quantity.value:g} {derived['unit']} "
                         "(JEDEC binary units), the better reading")
    if claim["shape"] == "qualitative":
        hints.append("qualitative: nothing to compute")
    alternatives = []
    if group is not None and len(group) > 1:
        for _, row in group.iterrows():
            label = " / ".join(x for x in (row["reading_label"], row["alt_label"]) if x)
            alternatives.append({
                "label": label or f"alternative {len(alternatives) + 1}",
                "verdict": row["verdict"], "severity": _text(row["severity"]),
                "derived": None if math.isnan(row["value"]) else derived_record(row, quantity),
                "missing": list(payloads[row["payload"]].missing)})
    return {
        "source": claim["source"], "id": claim["id"], "file": claim["file"],
        "line": int(claim["line"]), "subject": claim["subject"], "baseline": claim["baseline"],
        "metric": claim["metric"], "expr": claim["expr"],
        "verdict": result["verdict"], "severity": _text(result["severity"]),
        "claimed": claimed_record(claim), "derived": derived,
        "steps": steps, "sources": sources, "missing": missing,
        "alternatives": alternatives, "hints": hints, "expect": claim["expect"],
        "quote": claim["quote"], "translation": claim["translation"],
        "qualifier": claim["qualifier"] or "about", "note": claim["note"],
        "kind": claim["shape"],
    }
