"""Discovery (CONTRACT 9.4): which entities, facts and metrics the specs hold.

`claimaudit entities [PATTERN]`, `claimaudit facts ENTITY [--all]` and
`claimaudit metrics` read the checked corpus (specs only) and return plain
records; `text_table` lays them out for people, JSON prints them as they are.
A journalist writing a claim finds the ids here instead of reading spec YAML.
"""

from __future__ import annotations

import fnmatch
import math
import unicodedata

from claimaudit.core.errors import ClaimauditError
from claimaudit.core.escape import terminal
from claimaudit.core.yamlio import package_yaml
from claimaudit.model.extend import alias_table, name_key, unknown_entity_hint
from claimaudit.model.inforce import ALWAYS
from claimaudit.model.units import dimension_words, metric_dimension


def _text(value):
    return value if isinstance(value, str) else None


def entity_records(corpus, pattern: str | None = None) -> list[dict]:
    """Entities whose id, name or an alias matches PATTERN (case-insensitive; a substring,
    or a glob when it has * ? [), sorted by id."""
    records = []
    for row in corpus.entities.sort_values("id").itertuples():
        words = [row.id, _text(row.name) or "", *row.aliases]
        if pattern is None or any(_matches(pattern, word) for word in words):
            records.append({"id": row.id, "name": _text(row.name), "aliases": list(row.aliases),
                            "vendor": _text(row.vendor), "kind": row.kind,
                            "status": _text(row.status)})
    return records


def _matches(pattern: str, word: str) -> bool:
    pattern, word = pattern.casefold(), word.casefold()
    if any(c in pattern for c in "*?["):
        return fnmatch.fnmatchcase(word, pattern)
    return pattern in word


def resolve_entity(corpus, name: str) -> str:
    """An entity id from an id, name or alias; the error for none says how to find one."""
    ids = set(corpus.entities["id"])
    if name in ids:
        return name
    owner = alias_table(corpus.entities).get(name_key(name))
    if owner is not None:
        return owner
    raise ClaimauditError(f"no entity {name!r}{unknown_entity_hint(name, ids, {})}")


def fact_records(corpus, entity: str, include_superseded: bool = False) -> list[dict]:
    """An entity's facts with value, source and quote, by metric then file order.

    `superseded` facts are listed only with `include_superseded`; `conflicting`
    marks a fact whose metric has another fact in force with a different value.
    """
    facts = corpus.facts[corpus.facts["entity"] == entity]
    in_force = facts[~facts["superseded"].map(_is_superseded)]
    values_in_force = in_force.groupby("metric")["value"].nunique()
    records = []
    for row in facts.sort_values(["metric", "file", "line"]).itertuples():
        superseded = _is_superseded(row.superseded)
        if superseded and not include_superseded:
            continue
        records.append({
            "metric": row.metric, "value": row.value, "source": row.source,
            "quote": _text(row.quote), "superseded": superseded,
            "superseded_from": _superseded_date(getattr(row, "superseded_from", None)),
            "conflicting": bool(not superseded and values_in_force.get(row.metric, 0) > 1),
            "file": row.file, "line": int(row.line)})
    return records


def _superseded_date(value) -> str | None:
    """The day a fact stops being in force (section 9.1), or None (never, or `true`)."""

    return value if isinstance(value, str) and value != ALWAYS else None


def _is_superseded(value) -> bool:
    """`superseded` as validated: True/False, or a date once 9.1 lands (any date counts here)."""
    if value is None or value is False or (isinstance(value, float) and math.isnan(value)):
        return False
    return value not in ("", "false", "False", "no")


def metric_records(corpus) -> list[dict]:
    """Every metric: id, dimension, unit, aggregation and description, sorted by id."""

    described = package_yaml("metric_descriptions.yaml")
    records = []
    for row in corpus.metrics.reset_index(drop=True).sort_values("id").itertuples():
        dimension = metric_dimension(row.unit)
        records.append({
            "id": row.id, "dimension": dimension, "unit": row.unit,
            "aggregation": _text(row.aggregates) or "none",
            "description": _text(row.description) or described.get(row.id)
            or dimension_words(dimension)})
    return records


QUOTE_WIDTH = 60


def text_table(records: list[dict], columns: list[str]) -> str:
    """Records as aligned columns (lists joined by commas, flags by their name, long
    quotes cut at QUOTE_WIDTH characters: the JSON form has them whole)."""
    def cell(record, column):
        value = record[column]
        if isinstance(value, list):
            return terminal(", ".join(map(str, value)))
        if isinstance(value, bool):
            return column if value else ""
        text = "" if value is None else " ".join(str(value).split())
        return terminal(text[: QUOTE_WIDTH - 1] + "…" if len(text) > QUOTE_WIDTH else text)

    rows = [columns] + [[cell(r, c) for c in columns] for r in records]
    widths = [max(display_width(row[i]) for row in rows) for i in range(len(columns))]
    lines = ["  ".join(v + " " * (w - display_width(v)) for v, w in zip(row, widths)).rstrip()
             for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines) + "\n"


def display_width(text: str) -> int:
    """Terminal columns a text takes: CJK characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
