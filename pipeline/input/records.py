"""Documents -> plain records (dicts) of claims, sources, entities, facts and metrics, each
field with the file:line it was written at. Which fields each record may have is here."""

from __future__ import annotations

import unicodedata
from functools import cache
from importlib import resources
from pathlib import Path

from claimaudit.core.errors import Collector
from claimaudit.input.documents import Document, Node, read_document

CLAIM_FIELDS = ("id", "quote", "translation", "subject", "baseline", "metric", "expr", "claimed",
                "qualifier", "tolerance", "expect", "note", "kind", "interpretations", "todo",
                "claimant")
SOURCE_FIELDS = ("id", "title", "publisher", "url", "published", "language", "party")
SPEC_SOURCE_FIELDS = ("id", "title", "url", "date", "publisher", "note", "kind", "party", "via")
ENTITY_FIELDS = ("id", "name", "vendor", "kind", "status", "sparsity", "aliases", "members", "facts",
                 "note")
EXTENSION_FIELDS = ("extend", "aliases", "facts", "note")
FACT_FIELDS = ("metric", "value", "source", "quote", "superseded", "note", "quote_form",
               "lint_accepted")
METRIC_FIELDS = ("unit", "aggregates", "display", "formula", "precision", "description",
                 "confusable")
INTERPRETATION_FIELDS = ("subject", "baseline", "metric", "claimed", "qualifier", "label")


@cache
def _field_set(fields: tuple) -> frozenset:
    return frozenset(fields)


def _fields(node: Node, allowed: tuple, what: str, path: str, problems: Collector) -> None:
    """Unknown keys are errors with the nearest known name suggested."""
    import difflib

    if node.values.keys() <= _field_set(allowed):      # nearly always: one set test
        return
    for key in node.values:
        if key not in allowed:
            near = difflib.get_close_matches(key, allowed, n=1)
            hint = f" (did you mean {near[0]}?)" if near else ""
            problems.add(path, node.line_of(key),
                         f"{what}: unknown field {key!r}{hint}; expected one of {', '.join(allowed)}")


def _mapping(value, path: str, line: int, what: str, problems: Collector) -> Node | None:
    if isinstance(value, Node):
        return value
    problems.add(path, line, f"{what}: expected a mapping, found {_kind(value)}")
    return None


def _sequence(value, path: str, line: int, what: str, problems: Collector) -> list:
    if value is None:
        return []
    if isinstance(value, list):
        return value
    problems.add(path, line, f"{what}: expected a list, found {_kind(value)}")
    return []


def _kind(value) -> str:
    if isinstance(value, Node):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return "nothing" if value is None else f"{value!r}"


def _row(node: Node, fields: tuple, path: str, **extra) -> dict:
    row = {"file": path, "line": node.line, **dict.fromkeys(fields)}
    values = node.values
    if values.keys() <= _field_set(fields):    # no unknown field (nearly always)
        row.update(values)
    else:
        row.update({name: values.get(name) for name in fields})
    row["lines"] = dict(node.lines)
    row.update(extra)
    return row


def claim_records(document: Document, problems: Collector) -> tuple[list[dict], list[dict]]:
    """A claims document -> ([source row], claim rows); a claim table gives its source rows
    and its claims as one frame (tables.py), which validate.build_corpus joins to the others."""
    if document.records is not None:
        return document.records
    path = document.path
    root = _mapping(document.root, path, 1, "claims file", problems)
    if root is None:
        return [], []
    _fields(root, ("source", "claims"), "claims file", path, problems)
    source = _mapping(root.get("source"), path, root.line_of("source"), "source", problems)
    sources = []
    source_id = None
    if source is not None:
        _fields(source, SOURCE_FIELDS, "source", path, problems)
        sources.append(_row(source, SOURCE_FIELDS, path))
        source_id = source.get("id")
    claims = []
    items = _sequence(root.get("claims"), path, root.line_of("claims"), "claims", problems)
    if "claims" not in root.values:
        problems.add(path, root.line, "claims file: expected a 'claims' list, found none")
    for item in items:
        claim = _mapping(item, path, root.line_of("claims"), "claim", problems)
        if claim is None:
            continue
        _fields(claim, CLAIM_FIELDS, f"claim {claim.get('id')!r}", path, problems)
        row = _row(claim, CLAIM_FIELDS, path, source=source_id)
        row["interpretations"] = _interpretations(claim, path, problems)
        claims.append(row)
    return sources, claims


def _interpretations(claim: Node, path: str, problems: Collector) -> list[dict] | None:
    raw = claim.get("interpretations")
    if raw is None:
        return None
    rows = []
    what = f"claim {claim.get('id')!r}: interpretation"
    for item in _sequence(raw, path, claim.line_of("interpretations"), what, problems):
        node = _mapping(item, path, claim.line_of("interpretations"), what, problems)
        if node is None:
            continue
        _fields(node, INTERPRETATION_FIELDS, what, path, problems)
        values = {k: node.get(k) for k in INTERPRETATION_FIELDS}
        not_text = [k for k, v in values.items() if v is not None and not isinstance(v, str)]
        for key in not_text:
            problems.add(path, node.line_of(key), f"{what}: {key}: expected text, found {_kind(values[key])}")
        if not not_text:
            rows.append({"line": node.line, "lines": dict(node.lines), **values})
    return rows


def spec_records(document: Document, problems: Collector) -> dict[str, list[dict]]:
    """A spec document -> rows of sources, entities, facts and metrics."""
    path = document.path
    out: dict[str, list[dict]] = {"sources": [], "entities": [], "facts": [], "metrics": [],
                                  "extensions": []}
    root = _mapping(document.root, path, 1, "spec file", problems)
    if root is None:
        return out
    _fields(root, ("sources", "entities", "metrics"), "spec file", path, problems)
    for item in _sequence(root.get("sources"), path, root.line_of("sources"), "sources", problems):
        node = _mapping(item, path, root.line_of("sources"), "source", problems)
        if node is not None:
            _fields(node, SPEC_SOURCE_FIELDS, f"source {node.get('id')!r}", path, problems)
            out["sources"].append(_row(node, SPEC_SOURCE_FIELDS, path))
    for item in _sequence(root.get("entities"), path, root.line_of("entities"), "entities", problems):
        node = _mapping(item, path, root.line_of("entities"), "entity", problems)
        if node is None:
            continue
        if "extend" in node.values:
            _extension(node, path, out, problems)
            continue
        what = f"entity {node.get('id')!r}"
        _fields(node, ENTITY_FIELDS, what, path, problems)
        members = node.get("members")
        if members is not None and not isinstance(members, Node):
            problems.add(path, node.line_of("members"),
                         f"{what}: members: expected a mapping of entity id to count, found {_kind(members)}")
            members = None
        row = _row(node, ENTITY_FIELDS[:-3] + ("note",), path)
        row["aliases"] = _aliases(node, what, path, problems)
        row["members"] = None if members is None else [
            (member, count, members.line_of(member)) for member, count in members.values.items()]
        out["entities"].append(row)
        _facts(node, node.get("id"), what, path, out, problems)
    metrics = root.get("metrics")
    if metrics is not None:
        table = _mapping(metrics, path, root.line_of("metrics"), "metrics", problems)
        for name, spec in (table.values.items() if table is not None else ()):
            node = _mapping(spec, path, table.line_of(name) if table is not None else 1,
                            f"metric {name!r}", problems)
            if node is not None:
                _fields(node, METRIC_FIELDS, f"metric {name!r}", path, problems)
                out["metrics"].append(_row(node, METRIC_FIELDS, path, id=name))
    return out


def _facts(node: Node, entity, what: str, path: str, out: dict, problems: Collector) -> None:
    for fact in _sequence(node.get("facts"), path, node.line_of("facts"), f"{what}: facts", problems):
        fact_node = _mapping(fact, path, node.line_of("facts"), f"{what}: fact", problems)
        if fact_node is not None:
            _fields(fact_node, FACT_FIELDS, f"{what}: fact", path, problems)
            out["facts"].append(_row(fact_node, FACT_FIELDS, path, entity=entity))


def _aliases(node: Node, what: str, path: str, problems: Collector) -> list[str]:
    """An entity's `aliases`: a list of names as articles write them."""
    raw = node.get("aliases")
    items = _sequence(raw, path, node.line_of("aliases"), f"{what}: aliases", problems)
    for item in items:
        if not isinstance(item, str) or not item.strip():
            problems.add(path, node.line_of("aliases"),
                         f"{what}: aliases: expected names (text), found {_kind(item)}")
    return [unicodedata.normalize("NFC", item) for item in items
            if isinstance(item, str) and item.strip()]


def _extension(node: Node, path: str, out: dict, problems: Collector) -> None:
    """`extend: <entity id>`: facts and aliases for an entity declared in another file."""
    target = node.get("extend")
    what = f"extend {target!r}"
    for key in node.values:
        if key not in EXTENSION_FIELDS:
            problems.add(path, node.line_of(key),
                         f"{what}: field {key!r} is not allowed with extend; expected only "
                         f"{', '.join(EXTENSION_FIELDS[1:])} (declare the entity with `id:` instead)")
    if not isinstance(target, str):
        problems.add(path, node.line_of("extend"), f"extend: expected an entity id, found {_kind(target)}")
        return
    out["extensions"].append({"file": path, "line": node.line, "lines": dict(node.lines),
                              "extend": target, "aliases": _aliases(node, what, path, problems)})
    _facts(node, target, what, path, out, problems)


def builtin_metrics() -> list[dict]:
    """The metric vocabulary shipped in the package (pipeline/data/metrics.yaml)."""
    problems = Collector()
    path = resources.files("claimaudit") / "data" / "metrics.yaml"
    with resources.as_file(path) as real:
        document = read_document(Path(real), "pipeline/data/metrics.yaml", problems)
    problems.raise_if_any()
    assert document is not None  # a problem would have been raised
    return spec_records(document, problems)["metrics"]

