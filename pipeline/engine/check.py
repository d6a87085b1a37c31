"""One fact set judged: derive -> judge -> fold (the engine; claimaudit.run drives it).

1. expand every claim into its readings (one, or one per interpretation);
2. derive each unique reading once (derive.SpecGraph) into target rows, one per
   alternative (conflicting facts, interpretations);
3. join claims to targets and judge whole columns (readings.judge_standing_reading: both
   readings for a decimal capacity, GB as GB and as GiB, keeping the better);
4. fold the rows of each claim into one verdict (ambiguous when they disagree).
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from claimaudit.core.errors import Collector
from claimaudit.engine import readings
from claimaudit.engine.derive import Alt, DerivationError, SpecGraph
from claimaudit.engine.fold import fold as _fold
from claimaudit.model import expr
from claimaudit.model.units import dimension_name, dimension_words

if TYPE_CHECKING:
    from claimaudit.model.validate import Corpus


@dataclass
class Run:
    """One checked corpus: `results` has a row per claim (verdict, severity, the row that
    stood); `rows` a row per (claim, alternative) with its judged interval; `payloads` the
    derivations (steps, sources) those rows point to. results.to_records() reads them all."""

    corpus: Corpus
    graph: SpecGraph
    results: pd.DataFrame
    payloads: list = field(default_factory=list)
    rows: pd.DataFrame | None = None
    explanations: Mapping = field(default_factory=dict)   # claim index -> [explanation, ...]
    basis: Mapping = field(default_factory=dict)       # claim index -> section 9.1 basis
    as_published: dict = field(default_factory=dict)   # claim index -> record or None
    later: Mapping = field(default_factory=dict)       # claim index -> [{source, date}] (10.2)
    as_of: str | None = None
    keys: list = field(default_factory=list)           # the distinct readings, by number


def check_group(corpus, in_force, all_facts: bool = False) -> Run:
    """Judge `corpus.claims` on the facts `in_force` marks (a boolean mask over corpus.facts).
    The explanations of claims that are off are forensics' work (claimaudit.run adds them)."""
    graph = SpecGraph(corpus.entities, corpus.facts, corpus.metrics, in_force)
    if all_facts:
        _derive_all_facts(graph)
    readings, keys = _readings(corpus.claims)
    targets, payloads = _targets(graph, readings, keys, corpus)
    rows = readings.merge(targets, on="key", how="left")
    del readings, targets       # a million rows at scale: not kept alive through judging
    rows = rows.rename(columns={name: f"own_{name}" for name in OWN_FIELDS})
    rows = _judge_rows(rows, corpus.claims)
    results = _fold(rows, corpus.claims)
    _hold_pending(results, corpus.claims)
    return Run(corpus, graph, results, payloads, rows, keys=keys)


def _hold_pending(results: pd.DataFrame, claims: pd.DataFrame) -> None:
    """A claim with a non-empty `todo` is unverifiable until edited (CONTRACT 9.3)."""
    if "todo" not in claims:
        return
    todo = claims["todo"].to_numpy()
    pending = pd.notna(todo)                # the list test only where a `todo` was written
    pending[pending] = [isinstance(items, list) and len(items) > 0 for items in todo[pending]]
    if pending.any():
        results.loc[pending, "verdict"] = "unverifiable"
        results.loc[pending, "severity"] = None
        results.loc[pending, "row"] = -1


def _derive_all_facts(graph: SpecGraph) -> None:
    """Derive every expression fact once so spec errors surface even if no claim needs them."""
    problems = Collector()
    for (entity, metric), rows in graph.facts.items():
        if any(row.tree is not None for row in rows):
            try:
                graph.derive(entity, metric)
            except DerivationError as exc:
                problems.extend([exc.problem])
    problems.raise_if_any()


# -- readings -------------------------------------------------------------------

def _readings(claims: pd.DataFrame) -> tuple[pd.DataFrame, list[tuple]]:
    """One row per (claim, reading), and the distinct readings it refers to by number.

    A reading is ('pair', subject, baseline, metric), ('expr', text), or ('members',
    entity, None, metric) for the spec audit's sum over members. Rows carry the
    reading's number (`key`), so joins and look-ups work on integers.
    """
    keys: list[tuple] = []
    frames = []
    for shape, kind in (("subject", "pair"), ("members", "members")):
        simple = claims[claims["shape"] == shape]
        codes, distinct = _distinct_rows(simple, ["subject", "baseline", "metric"])
        frames.append(pd.DataFrame({"claim": simple.index, "key": codes + len(keys),
                                    "reading_label": ""}))
        keys += [(kind, *row) for row in distinct]
    exprs = claims[claims["shape"] == "expr"]
    codes, texts = pd.factorize(exprs["expr"])
    frames.append(pd.DataFrame({"claim": exprs.index, "key": codes + len(keys),
                                "reading_label": ""}))
    keys += [("expr", text) for text in texts]
    rows, numbers = [], {}
    for index, claim in claims[claims["shape"] == "interpretations"].iterrows():
        for item in claim["interpretations"]:
            metric = item.get("metric") or claim["metric"]
            label = item.get("label") or _reading_label(item["subject"], item.get("baseline"),
                                                        metric, claim["metric"])
            if item.get("claimed") and not item.get("label"):
                label = f"{label}, {item['claimed']}"
            key = ("pair", item["subject"], item.get("baseline"), metric)
            if key not in numbers:
                numbers[key] = len(keys)
                keys.append(key)
            rows.append((index, numbers[key], label, *(item.get(name) for name in OWN_FIELDS)))
    frames.append(pd.DataFrame(rows, columns=["claim", "key", "reading_label", *OWN_FIELDS]))
    readings = pd.concat(frames, ignore_index=True)
    return readings.astype({"key": "int64"}), keys


# An interpretation may read the claim's number its own way (CONTRACT 9.3); these
# columns of its reading rows replace the claim's own for that row only.
OWN_FIELDS = ("claimed", "quantity", "qualifier", "region")


def _row_claims(rows: pd.DataFrame, claims: pd.DataFrame) -> pd.DataFrame:
    """Each row's claimed text, quantity, qualifier and tolerance: its claim's, or its
    interpretation's own where it sets them."""
    columns = ["claimed", "quantity", "qualifier", "region", "tolerance", "tolerance_rule"]
    table = claims.loc[rows["claim"].to_numpy(), columns].set_axis(rows.index)
    for name in OWN_FIELDS:
        own = rows.get(f"own_{name}")
        if own is not None and own.notna().any():
            table[name] = np.where(own.notna().to_numpy(), own.to_numpy(), table[name].to_numpy())
    return table


def _distinct_rows(frame: pd.DataFrame, columns: list[str]) -> tuple[np.ndarray, list[tuple]]:
    """Number each row by its distinct combination of `columns` (None counts as a value)."""
    if frame.empty:
        return np.zeros(0, dtype="int64"), []
    part = frame[columns].astype(object)
    codes = part.groupby(columns, dropna=False, sort=False).ngroup().to_numpy()
    distinct = part.drop_duplicates()
    return codes, [tuple(None if pd.isna(v) else v for v in row) for row in distinct.to_numpy()]


def _reading_label(subject, baseline, metric, claim_metric) -> str:
    text = subject if baseline is None else f"{subject} vs {baseline}"
    return text if metric == claim_metric else f"{text} ({metric})"


# -- targets --------------------------------------------------------------------

def _targets(graph: SpecGraph, readings: pd.DataFrame, keys: list[tuple], corpus):
    """Each distinct reading -> rows (one per alternative) with value/low/high and a payload."""
    payloads: list[Alt] = []
    rows = []
    problems = Collector()
    claims = corpus.claims
    for number, key in enumerate(keys):
        try:
            alts = _target_alts(graph, key)
        except (DerivationError, expr.ExprError) as exc:
            _report_claim_error(exc, number, readings, claims, problems)
            continue
        for alt in alts:
            payloads.append(alt)
            interval = alt.interval
            rows.append((number, len(payloads) - 1, alt.label, dimension_name(alt.dims),
                         np.nan if interval is None else interval.value,
                         np.nan if interval is None else interval.low,
                         np.nan if interval is None else interval.high, _absent(key, alt),
                         alt.unit))
    _check_expr_dimensions(rows, keys, readings, claims, problems)
    problems.raise_if_any()
    return pd.DataFrame(rows, columns=["key", "payload", "alt_label", "dimension", "value",
                                       "low", "high", "absent", "derived_unit"]), payloads


def _absent(key: tuple, alt: Alt) -> bool:
    """Is the claim's own figure one a fact says does not exist (`value: unsupported`)? A
    ratio against such a figure is no claim of a value for it: unverifiable (CONTRACT 10.2)."""
    return key[0] == "pair" and key[2] is None and \
        any(figure == (key[1], key[3]) for figure, _ in alt.unsupported)


def _target_alts(graph: SpecGraph, key) -> tuple[Alt, ...]:
    if key[0] == "expr":
        return graph.evaluate(expr.parse(key[1]))
    kind, subject, baseline, metric = key
    if kind == "members":
        return graph.member_sum(subject, metric)
    if baseline is None:
        return graph.derive(subject, metric)
    return readings.ratio_alts(graph, f"{subject}.{metric}", f"{baseline}.{metric}")


def _report_claim_error(exc, key, readings, claims, problems) -> None:
    """A spec problem found while deriving is reported at the spec; a claim's own
    expression problem at every claim that reads it."""
    if isinstance(exc, DerivationError) and exc.problem.line > 0:
        problems.extend([exc.problem])
        return
    for index in readings.loc[readings["key"] == key, "claim"]:
        claim = claims.loc[index]
        message = exc.problem.message if isinstance(exc, DerivationError) else str(exc)
        problems.add(claim["file"], claim["lines"].get("expr", claim["line"]),
                     f"claim {claim['id']!r}: {message}")


def _check_expr_dimensions(rows, keys, readings, claims, problems) -> None:
    """An expression claim's result must have the claimed quantity's dimension.

    Checked once per unique (expression, claimed text) pair; only failing pairs
    are traced back to their claims.
    """
    dims = {row[0]: row[3] for row in rows if keys[row[0]][0] == "expr" and not np.isnan(row[4])}
    if not dims:
        return
    mask = readings["key"].isin(list(dims)).to_numpy(bool)
    pairs = readings.loc[mask, ["claim", "key"]].assign(
        claimed=lambda f: claims.loc[f["claim"], "claimed"].to_numpy())
    for (key, _), group in pairs.groupby(["key", "claimed"], sort=False):
        quantity = claims.loc[group["claim"].iloc[0], "quantity"]
        found = dims[key]
        plain = found == "count" and quantity.kind in ("count", "ratio", "change", "share")
        if found == quantity.dimension or plain:
            continue
        for index in group["claim"]:
            claim = claims.loc[index]
            problems.add(claim["file"], claim["lines"].get("claimed", claim["line"]),
                         f"claim {claim['id']!r}: the expression gives "
                         f"{dimension_words(found)}, but claimed {quantity.text!r} is "
                         f"{dimension_words(quantity.dimension)}")


# -- judging --------------------------------------------------------------------

def _per_unique(keys: pd.Series, objects: pd.Series, fields: dict) -> dict:
    """Columns computed once per unique key (claimed text, qualifier...), then spread by code.

    `fields` maps a column name to a function of the object stored for that key
    (the first row's); rows whose key is missing get NaN/None. Each column is an object
    array spread by numpy (no frame, no string dtype built for a million rows).
    """
    spread, chosen = _first_objects(keys, objects)
    # a column at a time, so one column's Python values are alive at once (memory at 1e6)
    return {name: np.array([fn(obj) for obj in chosen], dtype=object)[spread]
            for name, fn in fields.items()}


def _first_objects(keys: pd.Series, objects: pd.Series) -> tuple[np.ndarray, list]:
    """The first row's object for each distinct key, plus None for rows without a key
    (e.g. a qualitative claim), and each row's position in that list."""
    codes, uniques = pd.factorize(keys, use_na_sentinel=True)
    found, first = np.unique(codes, return_index=True)     # codes number first appearances
    chosen = objects.to_numpy()[first[found >= 0]].tolist() + [None]
    return np.where(codes < 0, len(chosen) - 1, codes), chosen


QUANTITY_FIELDS = {"v": "base", "h": "base_h", "unit": "unit", "qkind": "kind",
                   "claimed_dimension": "dimension"}


def _quantity_columns(claims: pd.DataFrame) -> dict:
    """QUANTITY_FIELDS of each row's quantity, read once per distinct claimed text an attribute
    at a time (a million distinct texts: no Python function called per text)."""
    spread, chosen = _first_objects(claims["claimed"], claims["quantity"])
    present = chosen[:-1]                   # every claimed text has its parsed quantity
    if not all(present):
        return _per_unique(claims["claimed"], claims["quantity"], {
            name: (lambda q, a=attribute: getattr(q, a) if q else None)
            for name, attribute in QUANTITY_FIELDS.items()})
    out = {}
    for name, attribute in QUANTITY_FIELDS.items():
        values = list(map(operator.attrgetter(attribute), present))
        out[name] = np.array(values + [None], dtype=object)[spread]
    return out


def _claim_columns(claims: pd.DataFrame) -> pd.DataFrame:
    """Per claim: base value, resolution, unit, region rule and tolerances as plain columns."""
    quantity = _quantity_columns(claims)
    region = _per_unique(claims["qualifier"].fillna("about"), claims["region"], {
        "rule": lambda r: r["region"] if r else None,
        "default_r": lambda r: r["tolerance"] if r and r["tolerance"] else np.nan})
    tolerance = _per_unique(claims["tolerance"], claims["tolerance_rule"], {
        "relative": lambda t: t[1] if t and t[0] == "relative" else np.nan,
        "absolute": lambda t: t[1] if t and t[0] == "absolute" else np.nan})
    # one frame built once from its columns (no concat-then-drop copies at a million rows)
    relative = tolerance["relative"].astype(float)
    return pd.DataFrame({
        "v": quantity["v"].astype(float), "h": quantity["h"].astype(float),
        **{name: _words(quantity[name]) for name in ("unit", "qkind", "claimed_dimension")},
        "rule": _words(region["rule"]), "absolute": tolerance["absolute"].astype(float),
        "r": np.where(np.isnan(relative), region["default_r"].astype(float), relative)}
    ).set_axis(claims.index)


def _words(column: np.ndarray, index: pd.Index | None = None) -> pd.Series:
    """A column of a few distinct words kept as objects (pandas would copy each into a string
    array, a million rows long)."""
    return pd.Series(column, index=index, dtype=object, copy=False)


def _judge_rows(rows: pd.DataFrame, claims: pd.DataFrame) -> pd.DataFrame:
    """Judge every (claim, alternative) row in the reading that stands (readings.py: a
    decimal capacity is also read as binary); a row without a derived value is unverifiable."""
    if rows.empty:
        return rows.assign(verdict=[], severity=[], gap=[], reading=[], factor=[], convention=[])
    rows = rows.join(_claim_columns(_row_claims(rows, claims)))
    judged = readings.judge_standing_reading(rows)
    missing = np.isnan(rows["value"].to_numpy(float))
    judged["verdict"] = np.where(missing, "unverifiable", judged["verdict"])
    judged["severity"] = np.where(missing, None, judged["severity"])
    # a positive figure claimed for what a source says the entity cannot do (CONTRACT 10.2)
    absent = rows["absent"].fillna(False).to_numpy(bool) & (rows["v"].to_numpy(float) > 0)
    judged["verdict"] = np.where(absent, "inconsistent", judged["verdict"])
    judged["severity"] = np.where(absent, "major", judged["severity"])
    for name in ("verdict", "severity", "reading"):
        judged[name] = _words(np.asarray(judged[name], dtype=object), rows.index)
    return rows.assign(**judged)
