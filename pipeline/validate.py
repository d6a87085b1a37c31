"""Raw records -> checked, typed frames (a Corpus), or every problem at once.

Field-level rules are pandera models (schemas.py); this module adds the rules
that need several files: references to entities, metrics and sources, units of
the right dimension, one claim shape, unique ids, parseable expressions.
Quantity texts are parsed once per unique text and mapped onto the column.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np
import pandas as pd

from pipeline import expr, extend, limits, load, schemas
from pipeline.errors import Collector
from pipeline.plain_claims import plain_claims
from pipeline.quantities import parse_quantities, quantity_objects
from pipeline.suggest import nearest
from pipeline.units import Quantity, UnitError, dimension_words, metric_dimension, parse_quantity


@dataclass
class Corpus:
    """Everything a run needs, checked. Frames are indexed by id where ids are unique."""

    claim_sources: pd.DataFrame
    claims: pd.DataFrame
    spec_sources: pd.DataFrame
    entities: pd.DataFrame
    facts: pd.DataFrame
    metrics: pd.DataFrame
    qualifiers: dict


@cache
def qualifier_table() -> dict[str, dict]:
    """Every qualifier word (synonyms included) -> {region, tolerance}."""
    path = resources.files("pipeline") / "data" / "qualifiers.yaml"
    problems = Collector()
    with resources.as_file(path) as real:
        document = load.read_document(Path(real), "pipeline/data/qualifiers.yaml", problems)
    problems.raise_if_any()
    assert document is not None and isinstance(document.root, load.Node)
    table = {}
    for name, spec in document.root.get("qualifiers").values.items():
        tolerance = spec.get("tolerance")
        entry = {"region": spec.get("region"),
                 "tolerance": float(tolerance.rstrip("%")) / 100 if tolerance else None}
        for word in [name, *(spec.get("synonyms") or [])]:
            table[word] = entry
    return table


def suggest(word, known) -> str:
    """` (did you mean X?)` for the nearest known name, or nothing."""
    if not isinstance(word, str):
        return ""
    near = nearest(word, known)
    return f" (did you mean {near[0]}?)" if near else ""


def _frame(rows: list[dict], columns: tuple) -> pd.DataFrame:
    frame = pd.DataFrame(rows, columns=["file", "line", "lines", *columns], dtype=object)
    frame["line"] = frame["line"].astype("int64")
    return frame


def _claim_frame(parts: list) -> pd.DataFrame:
    """YAML claim records and claim-table frames -> one claim frame, in file order."""
    columns = ("source", *load.CLAIM_FIELDS)
    frames = [part if isinstance(part, pd.DataFrame) else _frame(part, columns)
              for part in parts if len(part)] or [_frame([], columns)]
    return frames[0] if len(frames) == 1 else pd.concat(frames, ignore_index=True)


def _check_sizes(sources: list[dict], claims: list, spec: dict, problems: Collector) -> None:
    """Text fields within limits.MAX_FIELD_CHARS (tables measured theirs as they were read)."""
    limits.record_sizes(sources, "source", problems)
    for part in claims:
        if isinstance(part, list):
            limits.record_sizes(part, "claim", problems)
    for key in ("sources", "entities", "facts", "extensions"):
        limits.record_sizes(spec[key], {"entities": "entity"}.get(key, key.rstrip("s")), problems)


def build_corpus(claim_docs, spec_docs) -> Corpus:
    """Documents -> Corpus; raises InputError listing every problem in every file."""
    problems = Collector()
    sources: list[dict] = []
    claims: list = [[]]            # claims in file order: lists of YAML records, table frames
    for document in claim_docs:
        got_sources, got_claims = load.claim_records(document, problems)
        sources += got_sources
        if isinstance(got_claims, pd.DataFrame):     # a claim table (tables.py)
            claims += [got_claims, []]
        else:
            claims[-1] += got_claims
    spec = {"sources": [], "entities": [], "facts": [], "metrics": load.builtin_metrics(),
            "extensions": []}
    for document in spec_docs:
        for key, rows in load.spec_records(document, problems).items():
            spec[key] += rows
    _check_sizes(sources, claims, spec, problems)
    frames = dict(
        claim_sources=_frame(sources, load.SOURCE_FIELDS),
        claims=_claim_frame(claims),
        spec_sources=_frame(spec["sources"], load.SPEC_SOURCE_FIELDS),
        entities=_frame(spec["entities"], ("id", "name", "vendor", "kind", "status",
                                           "sparsity", "members", "note", "aliases")),
        facts=_frame(spec["facts"], ("entity", *load.FACT_FIELDS)),
        metrics=_frame(spec["metrics"], ("id", *load.METRIC_FIELDS)),
    )
    for name, schema in (("claim_sources", schemas.CLAIM_SOURCES), ("claims", schemas.CLAIMS),
                         ("spec_sources", schemas.SPEC_SOURCES), ("entities", schemas.ENTITIES),
                         ("facts", schemas.FACTS), ("metrics", schemas.METRICS)):
        bad = schemas.check(frames[name], schema, problems)
        # rows already reported are not checked further: no follow-on messages
        frames[name] = frames[name].drop(index=list(bad))
    frames["facts"] = extend.merge_extensions(frames["entities"], frames["facts"],
                                              spec["extensions"], problems)
    corpus = Corpus(**frames, qualifiers=qualifier_table())
    _check_unique(corpus, problems)
    extend.check_aliases(corpus.entities, problems)
    metrics = _check_metrics(corpus, problems)
    _check_entities(corpus, problems)
    _check_member_cycles(corpus, problems)
    lookup = {row.id: row for row in metrics.itertuples()}  # dict look-ups, not .loc, per row
    _check_facts(corpus, lookup, problems)
    _check_claims(corpus, lookup, problems)
    problems.raise_if_any()
    corpus.metrics = metrics
    return corpus


def _check_unique(corpus: Corpus, problems: Collector) -> None:
    """Duplicate ids, each reported with the place of its first occurrence."""
    def dupes(frame, what, keys):
        named = frame.dropna(subset=[keys[-1]])  # a missing id is reported by the schema
        repeated = named[named.duplicated(list(keys), keep=False)]
        first: dict = {}
        for row in repeated.itertuples():
            key = tuple(getattr(row, k) for k in keys)
            if key in first:
                problems.add(row.file, row.line,
                             f"duplicate {what} id {key[-1]!r} (first at {first[key]})")
            else:
                first[key] = f"{row.file}:{row.line}"

    dupes(corpus.claim_sources, "source", ("id",))
    dupes(corpus.claims, "claim", ("source", "id"))
    dupes(corpus.spec_sources, "source", ("id",))
    dupes(corpus.entities, "entity", ("id",))


def _check_metrics(corpus: Corpus, problems: Collector) -> pd.DataFrame:
    """Built-in metrics, overridden or extended by specs/metrics.yaml; units must resolve,
    formulas must name known metrics, `confusable` must list known metrics."""
    metrics = corpus.metrics.drop_duplicates("id", keep="last").set_index("id", drop=False)
    entities = set(corpus.entities["id"].dropna())
    for row in metrics.itertuples():
        what = f"metric {row.id!r}"
        try:
            metric_dimension(row.unit)
        except UnitError as exc:
            problems.add(row.file, row.lines.get("unit", row.line), f"{what}: {exc}")
        confusable = row.confusable if row.confusable is not None else []
        if not isinstance(confusable, list) or not all(isinstance(m, str) for m in confusable):
            problems.add(row.file, row.lines.get("confusable", row.line),
                         f"{what}: confusable: expected a list of metric ids, found {confusable!r}")
            confusable = []
        for other in confusable:
            if other not in metrics.index:
                problems.add(row.file, row.lines.get("confusable", row.line),
                             f"{what}: confusable: unknown metric {other!r}"
                             f"{suggest(other, metrics.index)}")
        if row.formula is not None:
            _check_formula(row, what, metrics, entities, problems)
    return metrics


def _check_formula(row, what, metrics, entities, problems) -> None:
    line = row.lines.get("formula", row.line)
    try:
        tree = expr.parse(row.formula, allow_bare_names=True)
    except expr.ExprError as exc:
        problems.add(row.file, line, f"{what}: {exc}")
        return
    for entity, metric in expr.references(tree):
        if entity is not None and entity not in entities:
            problems.add(row.file, line, f"{what}: formula: unknown entity {entity!r}"
                                         f"{suggest(entity, entities)}")
        if metric not in metrics.index:
            problems.add(row.file, line, f"{what}: formula: unknown metric {metric!r}"
                                         f"{suggest(metric, metrics.index)}")


def _check_entities(corpus: Corpus, problems: Collector) -> None:
    known = set(corpus.entities["id"].dropna())
    for row in corpus.entities.itertuples():
        what = f"entity {row.id!r}"
        if row.sparsity is not None and not _positive_number(row.sparsity):
            problems.add(row.file, row.lines.get("sparsity", row.line),
                         f"{what}: sparsity: expected a positive number, found {row.sparsity!r}")
        for member, count, line in row.members or []:
            if member not in known:
                problems.add(row.file, line,
                             f"{what}: member {member!r} is not a known entity{suggest(member, known)}")
            if not (isinstance(count, str) and re.fullmatch(r"[0-9]+", count) and int(count) > 0):
                problems.add(row.file, line,
                             f"{what}: member {member!r}: expected a whole number of units, found {count!r}")


def _check_member_cycles(corpus: Corpus, problems: Collector) -> None:
    """An entity may not contain itself, directly or through its members."""
    members = {row.id: [m for m, _, _ in row.members or []] for row in corpus.entities.itertuples()}
    rows = {row.id: row for row in corpus.entities.itertuples()}
    state: dict = {}
    for start in members:
        if start in state:
            continue
        # depth-first with an explicit stack (a nesting thousands deep is no RecursionError):
        # `path` holds the open entities, `todo` the members each has left to visit
        path, todo = [start], [iter(members[start])]
        state[start] = "open"
        while path:
            member = next(todo[-1], None)
            if member is None:
                state[path.pop()] = "done"
                todo.pop()
            elif state.get(member) == "open":
                cycle = path[path.index(member):] + [member]
                row = rows[cycle[0]]
                problems.add(row.file, row.lines.get("members", row.line),
                             f"entity {cycle[0]!r}: members form a cycle: " + " -> ".join(cycle))
            elif member in members and member not in state:
                state[member] = "open"
                path.append(member)
                todo.append(iter(members[member]))


def _positive_number(text) -> bool:
    try:
        value = float(text)
    except (TypeError, ValueError):
        return False
    return math.isfinite(value) and value > 0


def parse_or_report(text, file, line, what, problems) -> Quantity | None:
    """parse_quantity with the failure recorded as a problem (None returned)."""
    if not isinstance(text, str):
        problems.add(file, line, f"{what}: expected a quantity such as '20.7 TB', found "
                                 f"{'a list or mapping' if text is not None else 'nothing'}")
        return None
    try:
        quantity = parse_quantity(text)
    except UnitError as exc:
        problems.add(file, line, f"{what}: {exc}")
        return None
    return quantity


def _check_facts(corpus: Corpus, metrics: dict, problems: Collector) -> None:
    entities = set(corpus.entities["id"].dropna())
    sources = set(corpus.spec_sources["id"].dropna())
    parsed, trees = [], []
    for row in corpus.facts.itertuples():
        what = f"entity {row.entity!r}: fact {row.metric!r}"
        line_of = row.lines.get
        if row.metric not in metrics:
            problems.add(row.file, line_of("metric", row.line),
                         f"{what}: unknown metric{suggest(row.metric, metrics)}")
        if row.source not in sources:
            problems.add(row.file, line_of("source", row.line),
                         f"{what}: unknown source {row.source!r}{suggest(row.source, sources)}; "
                         "declare it under `sources:` in a spec file")
        quantity, tree = _fact_value(row, what, entities, metrics, problems)
        parsed.append(quantity)
        trees.append(tree)
    corpus.facts["quantity"] = pd.Series(parsed, index=corpus.facts.index, dtype=object)
    corpus.facts["tree"] = pd.Series(trees, index=corpus.facts.index, dtype=object)
    from pipeline.inforce import superseded_from, today

    since = [superseded_from(text) for text in corpus.facts["superseded"]]
    corpus.facts["superseded_from"] = pd.Series(since, index=corpus.facts.index, dtype=object)
    corpus.facts["superseded"] = [s is not None and s <= today() for s in since]


def _looks_like_expression(text) -> bool:
    return isinstance(text, str) and any(c.isalpha() for c in text) and "." in text \
        and any(part.strip()[:1].isalpha() for part in text.split("."))


def _fact_value(row, what, entities, metrics, problems):
    """A fact's value: a quantity of the metric's dimension, or a checked expression."""
    line = row.lines.get("value", row.line)
    text = row.value
    if _looks_like_expression(text):
        try:
            tree = expr.parse(text)
        except expr.ExprError as exc:
            problems.add(row.file, line, f"{what}: {exc}")
            return None, None
        _check_references(tree, row.file, line, what, entities, metrics, problems)
        return None, tree
    quantity = parse_or_report(text, row.file, line, what, problems)
    if quantity is not None and row.metric in metrics:
        _check_dimension(quantity, metrics[row.metric], row.file, line, what, problems)
    return quantity, None


def _check_references(tree, file, line, what, entities, metrics, problems, names=None) -> None:
    for entity, metric in expr.references(tree):
        if entity not in entities:
            hint = suggest(entity, entities) if names is None else \
                extend.unknown_entity_hint(entity, entities, names)
            problems.add(file, line, f"{what}: unknown entity {entity!r}{hint}")
        if metric not in metrics:
            problems.add(file, line, f"{what}: unknown metric {metric!r}{suggest(metric, metrics)}")


def _check_dimension(quantity, metric_row, file, line, what, problems) -> bool:
    try:
        expected = metric_dimension(metric_row.unit)
    except UnitError:
        return True  # the metric's own unit is wrong: reported once, at the metric
    if quantity.dimension == expected or (quantity.kind == "count" and expected == "count"):
        return True
    problems.add(file, line,
                 f"{what}: unit {quantity.unit or '(none)'!r} is {dimension_words(quantity.dimension)}, "
                 f"metric {metric_row.id} needs {dimension_words(expected)}")
    return False


RATIO_KINDS = ("ratio", "change", "share", "count")


def _check_claims(corpus: Corpus, metrics: dict, problems: Collector) -> None:
    """Shape, references, qualifier, tolerance and claimed unit of every claim. Plain claims
    are found over columns (plain_claims.py); the row rules run on the rest."""
    entities = set(corpus.entities["id"].dropna())
    names = extend.alias_table(corpus.entities)
    claims = corpus.claims
    parsed = parse_quantities(claims["claimed"])
    quantities = np.array(quantity_objects(parsed), dtype=object)
    cache = {q.text: q for q in quantities if q is not None}
    plain = plain_claims(claims, parsed, entities, metrics, corpus.qualifiers)
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
    what = f"claim {row.id!r}"
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
            _check_references(tree, row.file, line_of("expr", row.line), what,
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
    what = f"claim {row.id!r}: interpretation"
    if reading.get("claimed") is not None:
        reading["quantity"] = _claimed(reading["claimed"], row.file,
                                       lines.get("claimed", reading["line"]), what, cache, problems)
    word = reading.get("qualifier")
    if word is not None:
        if word not in qualifiers:
            problems.add(row.file, lines.get("qualifier", reading["line"]),
                         f"{what}: unknown qualifier {word!r}{suggest(word, qualifiers)}; "
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
                         f"{what}: {role} {entity!r} is not a known entity"
                         f"{extend.unknown_entity_hint(entity, entities, names or {})}")
    if metric is None:
        problems.add(row.file, line, f"{what}: expected a metric, found none")
        return
    if metric not in metrics:
        problems.add(row.file, row.lines.get("metric", line),
                     f"{what}: unknown metric {metric!r}{suggest(metric, metrics)}")
        return
    if quantity is None:
        return
    claimed_line = reading.get("lines", {}).get("claimed") or row.lines.get("claimed", row.line)
    if reading.get("baseline") is not None:
        if quantity.kind not in RATIO_KINDS:
            problems.add(row.file, claimed_line,
                         f"{what}: a claim with a baseline is a ratio: expected '4.4x', '+40%' or "
                         f"'50%', found {quantity.text!r}")
    else:
        _check_dimension(quantity, metrics[metric], row.file, claimed_line, what, problems)


def _qualifier(row, table, what, problems) -> dict | None:
    word = row.qualifier or "about"
    if word not in table:
        problems.add(row.file, row.lines.get("qualifier", row.line),
                     f"{what}: unknown qualifier {word!r}{suggest(word, table)}; expected one of "
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
                                     f"found {quantity.text!r}")
        return None
    return ("absolute", quantity.base)


def _same_dimension(a, b) -> bool:
    """Same dimension; counts and plain ratios (4.4x, 2) are one kind of plain number."""
    plain = ("count", "ratio")
    return a.dimension == b.dimension or (a.dimension in plain and b.dimension in plain)
