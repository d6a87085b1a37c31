"""`check --format csv` over columns: a Run -> render.CSV_COLUMNS, one list per column.

results.table_records builds a dict per claim and render.csv_row reads it back; at a million
claims that is most of the run. This computes the same cells a column at a time: the claimed
region with judge.regions (the column form of judge.claimed_region), the derived value of the
row that stood divided by its display unit's factor (one unit look-up per distinct unit), and
writes them with the same csv.writer, so the bytes are the same as the record path's
(tests/test_result_table.py holds the two together). The record path stays the reference.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from claimaudit.engine import judge
from claimaudit.engine.labelmap import values_for
from claimaudit.model.units import Quantity, unit_info
from claimaudit.output.csv_rows import rows_text
from claimaudit.output.number_text import as_written
from claimaudit.output.render import CSV_COLUMNS, CSV_TEXT_COLUMNS
from claimaudit.output.results import RATIO_KINDS, display_unit, is_ratio

SHEET_COLUMNS = tuple(CSV_COLUMNS.index(name) for name in CSV_TEXT_COLUMNS)
CHUNK = 100_000     # claims whose cells are alive at once (a million rows' cells are ~300 MB)


def write_csv(run, stream, advance=None) -> None:
    """The run as `check --format csv` writes it, CHUNK claims at a time (`advance(n)` told
    of each chunk written, for progress), each chunk's rows in one write."""
    stream.write(rows_text([[name] for name in CSV_COLUMNS]))
    basis = values_for(run.basis, run.corpus.claims.index.tolist())
    for start in range(0, len(run.results), CHUNK):
        columns = csv_columns(run, slice(start, start + CHUNK), as_text=True,
                              basis=basis[start:start + CHUNK])
        columns["line"] = list(map(str, columns["line"]))
        stream.write(rows_text([columns[name] for name in CSV_COLUMNS], SHEET_COLUMNS))
        if advance is not None:
            advance(len(columns["id"]))


def exit_status(run, strict: bool = False) -> int:
    """The exit status of `check` and `report`, over columns: 1 when a claim's `expect` is not
    its verdict (or, strict, when any claim is inconsistent), else 0."""
    verdict = run.results["verdict"].to_numpy(object)
    expect = run.corpus.claims["expect"].to_numpy(object)
    pinned = np.array([bool(e) for e in expect.tolist()], dtype=bool)
    mismatched = (pinned & (expect != verdict)).any()
    return 1 if mismatched or (strict and (verdict == "inconsistent").any()) else 0


def csv_columns(run, rows: slice = slice(None), as_text: bool = False,
                basis: list | None = None) -> dict[str, list]:
    """Every CSV_COLUMNS cell of the claims at `rows` (positions, file order); None is empty.
    `as_text`: numbers as the csv module writes them (repr), made once per distinct number;
    `basis`: the rows' basis words when the caller has them in order."""
    claims, results = run.corpus.claims.iloc[rows], run.results.iloc[rows]
    quantity = _quantity_columns(claims)
    ratio = _ratio_mask(claims, quantity["kind"])
    low, high = _claimed_region(claims, quantity, as_text)
    explanations = run.explanations
    index = claims.index.tolist()
    causes = explanations.top_causes(index) if hasattr(explanations, "top_causes") else [
        (explanations.get(i) or [{}])[0].get("cause") for i in index]   # no words built
    return {
        "source": claims["source"].tolist(), "id": claims["id"].tolist(),
        "file": claims["file"].tolist(), "line": claims["line"].astype(int).tolist(),
        "verdict": results["verdict"].tolist(),
        "severity": [s if isinstance(s, str) else None for s in results["severity"].tolist()],
        "claimed": quantity["text"].tolist(), "claimed_low": low, "claimed_high": high,
        **_derived_columns(results, run.rows, quantity, ratio, as_text),
        "basis": values_for(run.basis, index) if basis is None else basis,
        "explanation": causes,
    }


def _quantity_columns(claims: pd.DataFrame) -> pd.DataFrame:
    """The fields of each claim's Quantity as columns (NaN/None where it has none): the named
    tuples transposed at once by zip, no attribute read per claim."""
    objects = claims["quantity"].tolist()
    fields = {"text": None, "value": np.nan, "h": np.nan, "unit": None, "kind": None,
              "base": np.nan, "base_h": np.nan}
    none = tuple(fields.get(name) for name in Quantity._fields)     # a row with no quantity
    columns = dict(zip(Quantity._fields, zip(*[none if q is None else q for q in objects]))) \
        if objects else {name: () for name in Quantity._fields}
    return pd.DataFrame({name: pd.Series(columns[name], dtype=object if missing is None
                                         else float)
                         for name, missing in fields.items()})


def _ratio_mask(claims: pd.DataFrame, kind: pd.Series) -> np.ndarray:
    """results.is_ratio per claim: a ratio kind, or a baseline (its own or a reading's)."""
    baseline = np.array([bool(b) for b in claims["baseline"].tolist()], dtype=bool)
    ratio = kind.isin(RATIO_KINDS).to_numpy(bool) | baseline
    if "interpretations" in claims:
        has_quantity = claims["quantity"].notna().tolist()
        for at, readings in enumerate(claims["interpretations"].tolist()):
            if readings and has_quantity[at]:
                ratio[at] = is_ratio(claims.iloc[at])
    return ratio


def _claimed_region(claims: pd.DataFrame, quantity: pd.DataFrame, as_text: bool = False
                    ) -> tuple[list, list]:
    """results._region in the written unit (ratios, changes and shares as plain numbers)."""
    plain = quantity["kind"].isin(RATIO_KINDS).to_numpy(bool)
    value = np.where(plain, quantity["base"], quantity["value"])
    h = np.where(plain, quantity["base_h"], quantity["h"])
    region = claims["region"].tolist()
    rule = [r["region"] if r else None for r in region]
    default = np.array([r["tolerance"] if r and r["tolerance"] is not None else np.nan
                        for r in region], dtype=float)
    kind, amount = _tolerance_columns(claims["tolerance_rule"].tolist())
    relative = np.where(kind == "relative", amount, default)
    factor = np.ones(len(claims))
    scaled = (kind == "absolute") & ~plain
    factor[scaled] = [unit_info(u).factor for u in quantity["unit"].to_numpy(object)[scaled]]
    absolute = np.where(kind == "absolute", amount / factor, np.nan)
    has = quantity["text"].notna().to_numpy(bool)
    low, high = np.full(len(claims), np.nan), np.full(len(claims), np.nan)
    if has.any():
        rules = np.asarray(rule, dtype=object)[has]
        low[has], high[has], _, _ = judge.regions(value[has], h[has], rules, relative[has],
                                                  absolute[has],
                                                  judge.of_ratio(quantity["kind"].to_numpy(object)[has]))
    return _finite_cells(low, has, as_text), _finite_cells(high, has, as_text)


def _tolerance_columns(rules: list) -> tuple[np.ndarray, np.ndarray]:
    kind = np.array([t[0] if t else None for t in rules], dtype=object)
    amount = np.array([t[1] if t else np.nan for t in rules], dtype=float)
    return kind, amount


def _derived_columns(results: pd.DataFrame, rows: pd.DataFrame | None, quantity: pd.DataFrame,
                     ratio: np.ndarray, as_text: bool = False) -> dict[str, list]:
    """results.derived_record of the row that stood, per claim (empty where none stood)."""
    stood = ~results["verdict"].isin(("unverifiable", "ambiguous")).to_numpy(bool) \
        & (results["row"].to_numpy() >= 0)
    count = len(results)
    value, low, high = (np.full(count, np.nan) for _ in range(3))
    unit = np.full(count, None, dtype=object)
    if stood.any():
        assert rows is not None     # a claim's verdict stood on one of the judged rows
        at = rows.index.get_indexer(results["row"].to_numpy().astype("int64")[stood])
        reading = rows["reading"].to_numpy(object)[at]
        unit[stood] = _display_units(quantity[stood], reading, ratio[stood])
        kind = quantity["kind"].to_numpy(object)[stood]
        unscaled = ratio[stood] | np.isin(kind, (*RATIO_KINDS, "count"))
        factor = np.where(unscaled, 1.0, _factors(unit[stood]))
        if "convention" in rows:                # GB members read as GiB (engine/readings.py)
            factor = factor / rows["convention"].to_numpy(float)[at]
        for target, name in ((value, "value"), (low, "low"), (high, "high")):
            target[stood] = rows[name].to_numpy(float)[at] / factor
    return {"derived_value": _finite_cells(value, stood, as_text), "derived_unit": unit.tolist(),
            "derived_low": _finite_cells(low, stood, as_text),
            "derived_high": _finite_cells(high, stood, as_text)}


def _display_units(quantity: pd.DataFrame, reading: np.ndarray, ratio: np.ndarray) -> list:
    """results.display_unit per row, computed once per distinct (kind, unit, reading, ratio)."""
    keys = list(zip(quantity["kind"].tolist(), quantity["unit"].tolist(), reading.tolist(),
                    ratio.tolist()))
    shown = {key: display_unit(_KindAndUnit(key[0], key[1]), key[2], key[3])
             for key in set(keys)}
    return [shown[key] for key in keys]


class _KindAndUnit:
    """What results.display_unit reads of a Quantity."""

    def __init__(self, kind, unit):
        self.kind, self.unit = kind, unit


def _factors(units: np.ndarray) -> np.ndarray:
    codes, distinct = pd.factorize(pd.Series(units, dtype=object))
    factor = np.array([unit_info(u).factor if u else 1.0 for u in distinct] + [1.0])
    return factor[codes]


def _finite_cells(values: np.ndarray, present: np.ndarray, as_text: bool = False) -> list:
    """results._finite per cell: None where absent or infinite, else rounded to 12 digits
    (`as_text`: written as repr, as csv.writer writes a float); worked once per distinct value
    (bit for bit: -0.0 is not 0.0), as derived values repeat."""
    values = np.where(present, values, np.nan)
    codes, distinct = pd.factorize(values.view(np.int64))
    distinct = distinct.view(np.float64)
    finite = np.isfinite(distinct)
    tidy = np.full(len(distinct), None, dtype=object)
    tidy[finite] = as_written(distinct[finite]) if as_text else \
        [float(f"{x:.12g}") for x in distinct[finite].tolist()]
    return np.append(tidy, [None])[codes].tolist()

