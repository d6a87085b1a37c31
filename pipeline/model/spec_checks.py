"""The rules of the spec data that need several records: unique ids, metrics and their
formulas, entities and member cycles, fact values and their units (model/validate.py runs
them)."""

from __future__ import annotations

import math
import re

import pandas as pd

from claimaudit.core.errors import Collector, shown
from claimaudit.core.suggest import nearest
from claimaudit.model import expr, extend
from claimaudit.model.corpus import Corpus
from claimaudit.model.inforce import superseded_from, today
from claimaudit.model.units import (
    Quantity,
    UnitError,
    binary_reading,
    decimal_reading,
    dimension_words,
    metric_dimension,
    parse_quantity,
)


def suggest(word, known) -> str:
    """` (did you mean X?)` for the nearest known name, or nothing."""
    if not isinstance(word, str):
        return ""
    near = nearest(word, known)
    return f" (did you mean {near[0]}?)" if near else ""


def check_unique(corpus: Corpus, problems: Collector) -> None:
    """Duplicate ids, each reported with the place of its first occurrence."""
    def dupes(frame, what, keys):
        named = frame.dropna(subset=[keys[-1]])  # a missing id is reported by the schema
        repeated = named[named.duplicated(list(keys), keep=False)]
        first: dict = {}
        for row in repeated.itertuples():
            key = tuple(getattr(row, k) for k in keys)
            if key in first:
                problems.add(row.file, row.line,
                             f"duplicate {what} id {shown(key[-1])} (first at {first[key]})")
            else:
                first[key] = f"{row.file}:{row.line}"

    dupes(corpus.claim_sources, "source", ("id",))
    dupes(corpus.claims, "claim", ("source", "id"))
    dupes(corpus.spec_sources, "source", ("id",))
    dupes(corpus.entities, "entity", ("id",))


def check_metrics(corpus: Corpus, problems: Collector) -> pd.DataFrame:
    """Built-in metrics, overridden or extended by specs/metrics.yaml; units must resolve,
    formulas must name known metrics, `confusable` must list known metrics."""
    metrics = corpus.metrics.drop_duplicates("id", keep="last").set_index("id", drop=False)
    entities = set(corpus.entities["id"].dropna())
    for row in metrics.itertuples():
        what = f"metric {shown(row.id)}"
        try:
            metric_dimension(row.unit)
        except UnitError as exc:
            problems.add(row.file, row.lines.get("unit", row.line), f"{what}: {exc}")
        confusable = row.confusable if row.confusable is not None else []
        if not isinstance(confusable, list) or not all(isinstance(m, str) for m in confusable):
            problems.add(row.file, row.lines.get("confusable", row.line),
                         f"{what}: confusable: expected a list of metric ids, found {shown(confusable)}")
            confusable = []
        for other in confusable:
            if other not in metrics.index:
                problems.add(row.file, row.lines.get("confusable", row.line),
                             f"{what}: confusable: unknown metric {shown(other)}"
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
            problems.add(row.file, line, f"{what}: formula: unknown entity {shown(entity)}"
                                         f"{suggest(entity, entities)}")
        if metric not in metrics.index:
            problems.add(row.file, line, f"{what}: formula: unknown metric {shown(metric)}"
                                         f"{suggest(metric, metrics.index)}")


def check_entities(corpus: Corpus, problems: Collector) -> None:
    known = set(corpus.entities["id"].dropna())
    for row in corpus.entities.itertuples():
        what = f"entity {shown(row.id)}"
        if row.sparsity is not None and not positive_number(row.sparsity):
            problems.add(row.file, row.lines.get("sparsity", row.line),
                         f"{what}: sparsity: expected a positive number, found {shown(row.sparsity)}")
        for member, count, line in row.members or []:
            if member not in known:
                problems.add(row.file, line,
                             f"{what}: member {shown(member)} is not a known entity{suggest(member, known)}")
            if not (isinstance(count, str) and re.fullmatch(r"[0-9]+", count) and int(count) > 0):
                problems.add(row.file, line,
                             f"{what}: member {shown(member)}: expected a whole number of units, "
                             f"found {shown(count)}")


def check_member_cycles(corpus: Corpus, problems: Collector) -> None:
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
                             f"entity {shown(cycle[0])}: members form a cycle: " + " -> ".join(cycle))
            elif member in members and member not in state:
                state[member] = "open"
                path.append(member)
                todo.append(iter(members[member]))


def positive_number(text) -> bool:
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


def check_facts(corpus: Corpus, metrics: dict, problems: Collector) -> None:
    entities = set(corpus.entities["id"].dropna())
    sources = set(corpus.spec_sources["id"].dropna())
    parsed, trees = [], []
    for row in corpus.facts.itertuples():
        what = f"entity {shown(row.entity)}: fact {shown(row.metric)}"
        line_of = row.lines.get
        if row.metric not in metrics:
            problems.add(row.file, line_of("metric", row.line),
                         f"{what}: unknown metric{suggest(row.metric, metrics)}")
        if row.source not in sources:
            problems.add(row.file, line_of("source", row.line),
                         f"{what}: unknown source {shown(row.source)}{suggest(row.source, sources)}; "
                         "declare it under `sources:` in a spec file")
        quantity, tree = fact_value(row, what, entities, metrics, problems)
        parsed.append(quantity)
        trees.append(tree)
    corpus.facts["quantity"] = pd.Series(parsed, index=corpus.facts.index, dtype=object)
    corpus.facts["tree"] = pd.Series(trees, index=corpus.facts.index, dtype=object)
    corpus.facts["unsupported"] = corpus.facts["value"].eq(UNSUPPORTED).astype(bool)
    parties = corpus.spec_sources.drop_duplicates("id").set_index("id")["party"]
    corpus.facts["party"] = corpus.facts["source"].map(parties).astype(object)

    since = [superseded_from(text) for text in corpus.facts["superseded"]]
    corpus.facts["superseded_from"] = pd.Series(since, index=corpus.facts.index, dtype=object)
    corpus.facts["superseded"] = [s is not None and s <= today() for s in since]
    check_unit_twins(corpus.facts, problems)


def check_unit_twins(facts: pd.DataFrame, problems: Collector) -> None:
    """Two facts in force for one (entity, metric) that write the same number once in GB and
    once in GiB (TB/TiB ...) are one figure labelled two ways, never two alternatives: refused
    unless one is superseded (CONTRACT 10.2)."""
    seen: dict = {}
    live = facts[~facts["superseded"].astype(bool) & facts["quantity"].notna()]
    for fact in live.itertuples():
        quantity = fact.quantity
        for twin in (binary_reading(quantity.unit), decimal_reading(quantity.unit)):
            other = seen.get((fact.entity, fact.metric, twin, quantity.value)) if twin else None
            if other is not None:
                problems.add(fact.file, fact.lines.get("value", fact.line),
                             f"entity {shown(fact.entity)}: fact {shown(fact.metric)}: {quantity.text} "
                             f"[{fact.source}] and {other.quantity.text} [{other.source}] are one "
                             "figure labelled two ways (memory sold in GB is JEDEC-binary); keep "
                             "one and mark the other `superseded: true`")
        seen.setdefault((fact.entity, fact.metric, quantity.unit, quantity.value), fact)


def looks_like_expression(text) -> bool:
    return isinstance(text, str) and any(c.isalpha() for c in text) and "." in text \
        and any(part.strip()[:1].isalpha() for part in text.split("."))


UNSUPPORTED = "unsupported"     # a fact value: the entity cannot do this at all ("no FP4")


def fact_value(row, what, entities, metrics, problems):
    """A fact's value: a quantity of the metric's dimension, or a checked expression."""
    line = row.lines.get("value", row.line)
    text = row.value
    if text == UNSUPPORTED:             # the figure does not exist (CONTRACT 10.2)
        return None, None
    if looks_like_expression(text):
        try:
            tree = expr.parse(text)
        except expr.ExprError as exc:
            problems.add(row.file, line, f"{what}: {exc}")
            return None, None
        check_references(tree, row.file, line, what, entities, metrics, problems)
        return None, tree
    quantity = parse_or_report(text, row.file, line, what, problems)
    if quantity is not None and row.metric in metrics:
        check_dimension(quantity, metrics[row.metric], row.file, line, what, problems)
    return quantity, None


def check_references(tree, file, line, what, entities, metrics, problems, names=None) -> None:
    for entity, metric in expr.references(tree):
        if entity not in entities:
            hint = suggest(entity, entities) if names is None else \
                extend.unknown_entity_hint(entity, entities, names)
            problems.add(file, line, f"{what}: unknown entity {shown(entity)}{hint}")
        if metric not in metrics:
            problems.add(file, line, f"{what}: unknown metric {shown(metric)}{suggest(metric, metrics)}")


def check_dimension(quantity, metric_row, file, line, what, problems) -> bool:
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
