"""The rules of claims that need the specs: one shape, references to entities and
metrics, qualifier, tolerance and the claimed unit (model/validate.py runs them)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from claimaudit.core.errors import Collector, shown
from claimaudit.model import expr, extend
from claimaudit.model.corpus import Corpus
from claimaudit.model.plain_claims import plain_claims
from claimaudit.model.quantities import parse_quantities, quantity_objects
from claimaudit.model.spec_checks import (
    check_dimension,
    check_references,
    parse_or_report,
    suggest,
)
from claimaudit.model.units import dimension_words

RATIO_KINDS = ("ratio", "change", "share", "count")


def check_claims(corpus: Corpus, metrics: dict, problems: Collector) -> None:
    """Shape, references, qualifier, tolerance and claimed unit of every claim. Plain claims
    are found over columns (plain_claims.py); the row rules run on the rest."""
    entities = set(corpus.entities["id"].dropna())
    names = extend.alias_table(corpus.entities)
    claims = corpus.claims
    parsed = parse_quantities(claims["claimed"])
    quantities = quantity_objects(parsed)
    plain = plain_claims(claims, parsed, entities, metrics, corpus.qualifiers)
    cache = {q.text: q for q in quantities[~plain] if q is not None}    # the row rules' texts
    shapes = np.full(len(claims), "subject", dtype=object)
    regions = claims["qualifier"].fillna("about").map(corpus.qualifiers).to_numpy(object).copy()
    tolerances = np.full(len(claims), None, dtype=object)
    for at, row in zip(np.flatnonzero(~plain), claims[~plain].itertuples()):
        shapes[at], quantities[at], regions[at], tolerances[at] = _check_claim(
            row, corpus, metrics, entities, names, cache, problems)
    claims["shape"] = shapes.tolist()
    claims["quantity"] = pd.Series(quantities, index=claims.index, dtype=object)
    claims["region"] = pd.Series(regions, index=claims.index, dtype=object)
    claims["tolerance_rule"] = pd.Series(tolerances, index=claims.index, dtype=object)


def _check_claim(row, corpus, metrics, entities, names, cache, problems) -> tuple:
    """One claim's row rules -> (shape, quantity, region, tolerance rule), problems recorded."""
    what = f"claim {shown(row.id)}"
    line_of = row.lines.get
    shape = _claim_shape(row, what, problems)
    quantity = None
    own_claimed = shape == "interpretations" and bool(row.interpretations) and all(
        r.get("claimed") for r in row.interpretations)
    _check_todo(row, what, problems)
    needs_claimed = shape not in ("qualitative", "todo") and not (row.claimed is None
                                                                  and own_claimed)
    if needs_claimed or (shape == "todo" and row.claimed is not None):
        quantity = _claimed(row.claimed, row.file, line_of("claimed", row.line), what, cache,
                            problems)
    readings = row.interpretations if shape == "interpretations" else [
        {"subject": row.subject, "baseline": row.baseline, "metric": row.metric,
         "line": line_of("subject", row.line),
         "baseline_line": line_of("baseline", row.line)}] if shape == "subject" else []
    for reading in readings:
        if shape == "interpretations":
            _own_reading(row, reading, corpus.qualifiers, cache, problems)
        _check_reading(row, reading, reading.get("quantity", quantity), what, entities,
                       metrics, problems, names)
    if quantity is None and own_claimed:
        quantity = row.interpretations[0].get("quantity")  # shown as the claim's number
    if shape == "expr":
        try:
            tree = expr.parse(row.expr)
            check_references(tree, row.file, line_of("expr", row.line), what,
                              entities, metrics, problems, names)
        except expr.ExprError as exc:
            problems.add(row.file, line_of("expr", row.line), f"{what}: {exc}")
    return (shape, quantity, _qualifier(row, corpus.qualifiers, what, problems),
            _tolerance(row, quantity, what, problems))


def _claimed(text, file, line, what, cache, problems):
    """A `claimed` text -> Quantity, parsed once per unique text; None (reported) if bad."""
    if text is None:
        problems.add(file, line, f"{what}: expected a `claimed` value, found none")
        return None
    if isinstance(text, str) and text in cache:
        return cache[text]
    quantity = parse_or_report(text, file, line, what, problems)
    if isinstance(text, str):
        cache[text] = quantity
    return quantity


def _own_reading(row, reading, qualifiers, cache, problems) -> None:
    """An interpretation's own `claimed` and `qualifier` (CONTRACT 9.3): parsed into the
    reading as `quantity` and `region`, so that one claim can read its number two ways."""
    lines = reading.get("lines", {})
    what = f"claim {shown(row.id)}: interpretation"
    if reading.get("claimed") is not None:
        reading["quantity"] = _claimed(reading["claimed"], row.file,
                                       lines.get("claimed", reading["line"]), what, cache, problems)
    word = reading.get("qualifier")
    if word is not None:
        if word not in qualifiers:
            problems.add(row.file, lines.get("qualifier", reading["line"]),
                         f"{what}: unknown qualifier {shown(word)}{suggest(word, qualifiers)}; "
                         f"expected one of {', '.join(sorted(qualifiers))}")
        reading["region"] = qualifiers.get(word)


def _pending(row) -> bool:
    """A claim with a non-empty `todo`: a person still has to decide something."""
    todo = getattr(row, "todo", None)
    return isinstance(todo, list) and len(todo) > 0


def _shape_name(row) -> str:
    incomplete = row.kind != "qualitative" and row.interpretations is None and row.expr is None \
        and (row.subject is None or row.metric is None)
    if incomplete and _pending(row):
        return "todo"
    if row.kind == "qualitative":
        return "qualitative"
    if row.interpretations is not None:
        return "interpretations"
    if row.expr is not None:
        return "expr"
    return "subject"


def _claim_shape(row, what, problems) -> str:
    if _shape_name(row) == "todo":
        return "todo"  # a draft: what is missing is what its `todo` says (CONTRACT 9.3)
    shapes = [name for name, present in (
        ("subject", row.subject is not None),
        ("expr", row.expr is not None),
        ("interpretations", row.interpretations is not None),
        ("kind: qualitative", row.kind == "qualitative")) if present]
    if len(shapes) != 1:
        found = " and ".join(shapes) if shapes else "none of them"
        problems.add(row.file, row.line, f"{what}: expected exactly one of subject+metric, expr, "
                                         f"interpretations or kind: qualitative, found {found}")
    if row.subject is not None and row.metric is None:
        problems.add(row.file, row.line, f"{what}: a subject needs a metric, found none")
    if row.interpretations is not None and not row.interpretations:
        problems.add(row.file, row.lines.get("interpretations", row.line),
                     f"{what}: interpretations: expected at least one reading, found none")
    return _shape_name(row)


def _check_todo(row, what, problems) -> None:
    todo = getattr(row, "todo", None)
    if todo is None:
        return
    if not isinstance(todo, list) or not all(isinstance(t, str) and t.strip() for t in todo):
        problems.add(row.file, row.lines.get("todo", row.line),
                     f"{what}: todo: expected a list of text (what a person still has to decide), "
                     f"found {_shown_todo(todo)}")


def _shown_todo(todo) -> str:
    if isinstance(todo, str):
        return repr(todo)
    return "a list with an empty or non-text item" if isinstance(todo, list) else "a mapping"


def _check_reading(row, reading, quantity, what, entities, metrics, problems,
                   names=None) -> None:
    line = reading.get("line", row.line)
    metric = reading.get("metric") or row.metric
    for role in ("subject", "baseline"):
        entity = reading.get(role)
        if entity is None and role == "subject":
            problems.add(row.file, line, f"{what}: expected a subject, found none")
        elif entity is not None and entity not in entities:
            place = reading.get(f"{role}_line", line)
            problems.add(row.file, place,
                         f"{what}: {role} {shown(entity)} is not a known entity"
                         f"{extend.unknown_entity_hint(entity, entities, names or {})}")
    if metric is None:
        problems.add(row.file, line, f"{what}: expected a metric, found none")
        return
    if metric not in metrics:
        problems.add(row.file, row.lines.get("metric", line),
                     f"{what}: unknown metric {shown(metric)}{suggest(metric, metrics)}")
        return
    if quantity is None:
        return
    claimed_line = reading.get("lines", {}).get("claimed") or row.lines.get("claimed", row.line)
    if reading.get("baseline") is not None:
        if quantity.kind not in RATIO_KINDS:
            problems.add(row.file, claimed_line,
                         f"{what}: a claim with a baseline is a ratio: expected '4.4x', '+40%' or "
                         f"'50%', found {shown(quantity.text)}")
    else:
        check_dimension(quantity, metrics[metric], row.file, claimed_line, what, problems)


def _qualifier(row, table, what, problems) -> dict | None:
    word = row.qualifier or "about"
    if word not in table:
        problems.add(row.file, row.lines.get("qualifier", row.line),
                     f"{what}: unknown qualifier {shown(word)}{suggest(word, table)}; expected one of "
                     f"{', '.join(sorted(table))}")
        return None
    return table[word]


def _tolerance(row, claimed_quantity, what, problems) -> tuple | None:
    """`tolerance: 5%` -> ('relative', 0.05); `0.1 TB/s` -> ('absolute', base units)."""
    if row.tolerance is None:
        return None
    line = row.lines.get("tolerance", row.line)
    what = f"{what}: tolerance"
    quantity = parse_or_report(row.tolerance, row.file, line, what, problems)
    if quantity is None:
        return None
    if quantity.kind == "share":
        return ("relative", quantity.base)
    claimed = claimed_quantity
    if claimed is not None and not _same_dimension(quantity, claimed):
        problems.add(row.file, line, f"{what}: expected a share such as '5%' or an amount of the "
                                     f"claimed value's kind ({dimension_words(claimed.dimension)}), "
                                     f"found {shown(quantity.text)}")
        return None
    return ("absolute", quantity.base)


def _same_dimension(a, b) -> bool:
    """Same dimension; counts and plain ratios (4.4x, 2) are one kind of plain number."""
    plain = ("count", "ratio")
    return a.dimension == b.dimension or (a.dimension in plain and b.dimension in plain)
