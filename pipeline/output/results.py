"""The result frame -> the JSON objects of CONTRACT section 7 (one per claim).

Everything users see (text table, JSON, Markdown reports, pytest messages) is
built from these records, so the claimed/derived numbers are computed once,
here, in the claim's own unit (or its binary reading, for capacities).
"""

from __future__ import annotations

import math
from collections import namedtuple
from collections.abc import Iterator

from claimaudit.engine import judge
from claimaudit.forensics.explain import hint
from claimaudit.model.units import binary_reading, unit_info

RATIO_KINDS = ("ratio", "change", "share")


def _finite(x: float) -> float | None:
    return None if x is None or not math.isfinite(x) else float(f"{x:.12g}")   # _tidy(x)


def _tidy(x: float) -> float:
    """Round away binary noise (20.249999999 -> 20.25) while keeping 12 significant digits."""
    return float(f"{x:.12g}")


def _text(value) -> str | None:
    return value if isinstance(value, str) else None


def is_ratio(claim) -> bool:
    """A ratio, change or share, or any number compared against a baseline ("2.5" vs x)."""
    readings = claim.interpretations or [{"baseline": claim.baseline}]
    return claim.quantity.kind in RATIO_KINDS or any(r.get("baseline") for r in readings)


def display_unit(quantity, reading: str | None, ratio: bool = False) -> str:
    if ratio or quantity.kind in RATIO_KINDS:
        return "x"
    if quantity.kind == "count":
        return ""
    return (binary_reading(quantity.unit) or quantity.unit) if reading == "binary" else quantity.unit


def _region(quantity, rule: dict, tolerance, in_base_units: bool) -> judge.Region:
    """The claimed region, in the written unit or in base units (ratios are plain numbers)."""
    plain = in_base_units or quantity.kind in RATIO_KINDS
    value, h = (quantity.base, quantity.base_h) if plain else (quantity.value, quantity.h)
    relative = tolerance[1] if tolerance and tolerance[0] == "relative" else rule["tolerance"]
    absolute = None
    if tolerance and tolerance[0] == "absolute":
        absolute = tolerance[1] / (1.0 if plain else unit_info(quantity.unit).factor)
    return judge.claimed_region(value, h, rule["region"], relative, absolute,
                                ratio=quantity.kind in ("ratio", "change"))


def claimed_record(claim) -> dict | None:
    quantity = claim.quantity
    if quantity is None:
        return None
    ratio = is_ratio(claim)
    value = quantity.base if ratio else quantity.value
    region = _region(quantity, claim.region, claim.tolerance_rule, False)
    return {"text": quantity.text, "value": _tidy(value), "unit": "x" if ratio else quantity.unit,
            "low": _finite(region.low), "high": _finite(region.high)}


def derived_record(row, quantity, ratio: bool) -> dict:
    unit = display_unit(quantity, row.reading, ratio)
    factor = 1.0 if ratio or quantity.kind in RATIO_KINDS + ("count",) else unit_info(unit).factor
    factor /= getattr(row, "convention", 1.0)   # GB members read as GiB (readings.py)
    return {"value": _finite(row.value / factor), "unit": unit,
            "low": _finite(row.low / factor), "high": _finite(row.high / factor)}


ROW_FIELDS = ["claim", "payload", "value", "low", "high", "reading", "verdict", "severity",
              "reading_label", "alt_label", "convention"]
OWN_CLAIMED = "own_claimed"   # an interpretation's own `claimed` (run.OWN_FIELDS), when set


def _own_claimed(row) -> dict:
    """`{"claimed": text}` for an alternative that reads the claim's number its own way."""
    own = getattr(row, OWN_CLAIMED, None)
    return {"claimed": own} if isinstance(own, str) else {}


CLAIM_COLUMNS = ("source", "id", "file", "line", "subject", "baseline", "metric", "expr",
                 "quantity", "region", "tolerance_rule", "interpretations", "shape", "todo",
                 "expect", "quote", "translation", "qualifier", "note")


def _tuples(frame, columns) -> Iterator:
    """`frame.itertuples()` over `columns` (those present), read column-wise: one `tolist()`
    per column instead of pandas' per-cell iteration (slow on Arrow string columns)."""
    present = [name for name in columns if name in frame]
    row = namedtuple("Row", ["Index", *present])  # type: ignore[misc]  # fields known at run time
    return map(row._make, zip(frame.index.tolist(), *(frame[name].tolist() for name in present)))


def _claim_rows(run, columns: tuple = CLAIM_COLUMNS, rows: slice = slice(None)) -> Iterator[tuple]:
    """(claim, result, its judged rows) for every claim at `rows` (positions), in file order."""
    by_claim: dict = {}
    claims_frame = run.corpus.claims.iloc[rows]
    judged = run.rows
    if judged is not None and not judged.empty:
        if rows != slice(None):
            judged = judged[judged["claim"].isin(claims_frame.index)]
        fields = ROW_FIELDS + [OWN_CLAIMED] * (OWN_CLAIMED in judged)
        for row in _tuples(judged, fields):
            by_claim.setdefault(row.claim, []).append(row)
    claims = _tuples(claims_frame, columns)
    for claim, result in zip(claims, _tuples(run.results.iloc[rows], ("verdict", "severity", "row"))):
        yield claim, result, by_claim.get(claim.Index, [])


def to_records(run, rows: slice = slice(None)) -> list[dict]:
    """Every claim's JSON object (those at `rows`), in file order (plain Python from here: one
    pass per frame)."""
    records = []
    for claim, result, judged in _claim_rows(run, rows=rows):
        record = _record(claim, result, judged, run.payloads, run.explanations.get(claim.Index, []))
        record["basis"] = run.basis.get(claim.Index)    # added last: no copy of the record
        record["as_published"] = run.as_published.get(claim.Index)
        record["later"] = run.later.get(claim.Index, [])
        records.append(record)
    return records


RECORD_CHUNK = 20_000       # records alive at once when a big run is written a chunk at a time


def record_chunks(run, size: int = RECORD_CHUNK) -> Iterator[list[dict]]:
    """to_records a chunk of claims at a time, so a million-claim table is written (text, JSON)
    without holding a record per claim."""
    for start in range(0, len(run.results), size):
        yield to_records(run, slice(start, start + size))


def table_records(run) -> list[dict]:
    """The part of each record that `check --format csv` and the exit status read (render.
    CSV_COLUMNS, expect): no steps, alternatives or hints, so a big table is written without
    building them."""
    return [{"source": claim.source, "id": claim.id, "file": claim.file, "line": int(claim.line),
             "verdict": result.verdict, "severity": _text(result.severity),
             "claimed": claimed_record(claim), "derived": _derived(claim, result, rows)[1],
             "basis": run.basis.get(claim.Index),
             "explanations": run.explanations.get(claim.Index, []), "expect": claim.expect}
            for claim, result, rows in _claim_rows(run, TABLE_COLUMNS)]


TABLE_COLUMNS = ("source", "id", "file", "line", "baseline", "quantity", "region",
                 "tolerance_rule", "interpretations", "expect")   # what table_records reads


def _derived(claim, result, rows) -> tuple:
    """(the row that stood, its derived record), or (None, None) when nothing was derived."""
    if result.verdict in ("unverifiable", "ambiguous") or result.row < 0:
        return None, None
    row = next(r for r in rows if r.Index == result.row)
    return row, derived_record(row, claim.quantity, is_ratio(claim))


def reading_used(rows, result) -> str | None:
    """'decimal' or 'binary' for a capacity claim with a derived value, else None."""
    row = next((r for r in rows if r.Index == result.row), None)
    return row.reading if row is not None and isinstance(row.reading, str) else None


def _step_texts(alts) -> list:
    """The English steps of a claim's alternatives, each once, in order."""
    if len(alts) == 1:
        return list(alts[0].texts)
    return list(dict.fromkeys(text for alt in alts for text in alt.texts))


LISTED_ALTERNATIVES = 8     # 6 figures with 2 facts each are 64 alternatives: 37 KB a claim


def _listed(rows: list, stood: int) -> tuple[list, int]:
    """The alternatives a record lists: all up to LISTED_ALTERNATIVES, else the first ones and
    the lowest and highest derived (the verdict reads them all); and how many are left out."""
    if len(rows) <= LISTED_ALTERNATIVES:
        return rows, 0
    valued = [row for row in rows if not math.isnan(row.value)]
    ends = [min(valued, key=lambda r: r.value), max(valued, key=lambda r: r.value)] if valued else []
    keep = {id(row) for row in ends} | {id(row) for row in rows if row.Index == stood}
    for row in rows:
        if len(keep) >= LISTED_ALTERNATIVES:
            break
        keep.add(id(row))
    listed = [row for row in rows if id(row) in keep]
    return listed, len(rows) - len(listed)


def _unsupported_hints(alts, verdict: str) -> list[str]:
    """What a `value: unsupported` fact means for the claim (CONTRACT 10.2)."""
    found = dict.fromkeys(item for alt in alts for item in alt.unsupported)
    if verdict == "inconsistent":
        return [f"{entity}.{metric}: {source} says {entity} has no {metric} at all, so no "
                "positive figure holds" for (entity, metric), source in found]
    return [f"{entity}.{metric}: {source} says {entity} has no {metric} at all, so a ratio "
            "against it has no value" for (entity, metric), source in found]


def _record(claim, result, rows, payloads, explanations) -> dict:
    quantity = claim.quantity
    rows, unlisted = _listed(rows, result.row)
    alts = [payloads[row.payload] for row in rows]
    hints = []
    row, derived = _derived(claim, result, rows)
    if derived is not None:
        if row.reading == "binary":
            hints.append(f"{quantity.text} read as {quantity.value:g} {derived['unit']} "
                         "(JEDEC binary units), the better reading")
        elif row.reading == "decimal":
            hints.append(f"{quantity.text} read in decimal units, the better reading (also tried "
                         f"as {quantity.value:g} {binary_reading(quantity.unit)})")
    if claim.shape == "qualitative":
        hints.append("qualitative: nothing to compute")
    hints.extend(_unsupported_hints(alts, result.verdict))
    todo = getattr(claim, "todo", None) or []
    hints.extend(f"to do: {item}" for item in todo)
    hints.extend(hint(item) for item in explanations if item is explanations[0] or item.get("tie"))
    alternatives = []
    if len(rows) > 1:
        for number, row in enumerate(rows, 1):
            label = " / ".join(x for x in (row.reading_label, row.alt_label) if x)
            alternatives.append({
                "label": label or f"alternative {number}",
                "verdict": row.verdict, "severity": _text(row.severity),
                "derived": (None if math.isnan(row.value)
                            else derived_record(row, quantity, is_ratio(claim))),
                "missing": list(payloads[row.payload].missing)}
                | _own_claimed(row))
    record = {
        "source": claim.source, "id": claim.id, "file": claim.file, "line": int(claim.line),
        "subject": claim.subject, "baseline": claim.baseline, "metric": claim.metric,
        "expr": claim.expr, "verdict": result.verdict, "severity": _text(result.severity),
        "claimed": claimed_record(claim), "derived": derived,
        "steps": _step_texts(alts),
        "sources": list(dict.fromkeys(source for alt in alts for source in alt.sources)),
        "missing": list(dict.fromkeys(m for alt in alts for m in alt.missing)),
        "alternatives": alternatives, "hints": hints, "explanations": explanations,
        "expect": claim.expect,
        "reading": reading_used(rows, result),
        "quote": claim.quote, "translation": claim.translation,
        "qualifier": claim.qualifier or "about", "note": claim.note, "kind": claim.shape,
    }
    if todo:
        record["todo"] = list(todo)
    if unlisted:
        record["alternatives_unlisted"] = unlisted
    return record
