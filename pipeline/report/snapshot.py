"""What reports/facts.json holds, and reading the last run's copy back.

CHANGES.md compares this run's specs with the last run's, so `report` writes a snapshot of
everything in the specs that can move a verdict, plus the parts of each claim's definition
that results.json does not record. It is one JSON list of three kinds of rows:
- a fact: {entity, metric, value, source, superseded};
- an entity field: {entity, field, value} for `sparsity`, `members` (`2 x a, 4 x b`) and
  `status` (value null when the entity does not set it);
- a claim that has interpretations or a tolerance: {claim: "source/id", interpretations:
  [...], tolerance} (a claim not listed has neither);
- one row {format: 2}, saying that the claim rows are there.
An older facts.json holds only fact rows; a reader of such a file learns nothing about
entity fields or claims (None: unknown), and an older reader skips the newer rows, because
only fact rows carry all four of entity, metric, value and source.
"""

from __future__ import annotations

import json
from pathlib import Path

FACT_FIELDS = ("entity", "metric", "value", "source", "superseded")
ENTITY_FIELDS = ("sparsity", "members", "status")
INTERPRETATION_FIELDS = ("label", "subject", "baseline", "metric", "claimed", "qualifier")
FORMAT = 2                # 1 (no `format` row): fact rows only
NO_DEFINITION: dict = {"interpretations": [], "tolerance": None}


def snapshot(corpus) -> list[dict]:
    """Every row facts.json holds for this corpus, in a stable order."""
    return fact_rows(corpus.facts) + entity_rows(corpus.entities) + claim_rows(corpus.claims) \
        + [{"format": FORMAT}]


def fact_rows(facts) -> list[dict]:
    """The facts as plain records, in a stable order."""
    rows = [{"entity": row.entity, "metric": row.metric, "value": row.value,
             "source": row.source, "superseded": _superseded_text(row)}
            for row in facts.itertuples()]
    return sorted(rows, key=lambda r: tuple(str(r[f]) for f in FACT_FIELDS))


def _superseded_text(row) -> str | None:
    since = getattr(row, "superseded_from", None)
    if not isinstance(since, str):
        return None
    return "true" if since == "0001-01-01" else since


def entity_rows(entities) -> list[dict]:
    """Each entity's sparsity, members and status as text (None when not set)."""
    rows = [{"entity": row.id, "field": field, "value": _entity_value(row, field)}
            for row in entities.itertuples() for field in ENTITY_FIELDS]
    return sorted(rows, key=lambda r: (r["entity"], r["field"]))


def _entity_value(row, field: str) -> str | None:
    value = getattr(row, field, None)
    if field == "members":
        if not isinstance(value, (list, tuple)) or not value:
            return None
        return ", ".join(f"{count} x {member}" for member, count, *_ in sorted(value))
    if value is None or (isinstance(value, float) and value != value):      # NaN: not set
        return None
    return str(value)


def claim_rows(claims) -> list[dict]:
    """What defines a claim beyond results.json's fields: its interpretations and tolerance,
    for the claims that have either (most have neither; a large corpus stays small)."""
    defined = claims[claims["interpretations"].notna() | claims["tolerance"].notna()]
    rows = [{"claim": f"{row.source}/{row.id}",
             "interpretations": _interpretations(row.interpretations),
             "tolerance": _text(row.tolerance)}
            for row in defined.itertuples()]
    return sorted(rows, key=lambda r: r["claim"])


def _interpretations(items) -> list[dict]:
    if not isinstance(items, (list, tuple)):
        return []
    return [{f: _text(item.get(f)) for f in INTERPRETATION_FIELDS}
            for item in items if isinstance(item, dict)]


def _text(value) -> str | None:
    if value is None or (isinstance(value, float) and value != value):
        return None
    return value if isinstance(value, str) else str(value)


def previous_snapshot(path: Path) -> dict | None:
    """The last run's snapshot as {facts, entities, claims}, or None when there is none or it
    cannot be read. `entities` ({(entity, field): value}) and `claims` ({key: definition}) are
    None when the file predates them. The file may have been edited by anyone, so every row is
    rebuilt from plain text; rows of the wrong shape are skipped."""
    rows = _rows(path)
    if rows is None:
        return None
    facts = [{f: _plain(row.get(f)) for f in FACT_FIELDS} for row in rows
             if all(isinstance(row.get(f), str) for f in FACT_FIELDS[:4])]
    entities = {(row["entity"], row["field"]): _plain(row.get("value")) for row in rows
                if isinstance(row.get("entity"), str) and row.get("field") in ENTITY_FIELDS}
    claims = {row["claim"]: {"interpretations": _interpretations(row.get("interpretations")),
                             "tolerance": _plain(row.get("tolerance"))}
              for row in rows if isinstance(row.get("claim"), str)}
    known = any(row.get("format") == FORMAT for row in rows)
    return {"facts": facts, "entities": entities or None, "claims": claims if known else None}


def claim_definition(claims: dict, key: str) -> dict:
    """A claim's interpretations and tolerance from a snapshot's `claims` (absent: neither)."""
    return claims.get(key, NO_DEFINITION)


def _rows(path: Path) -> list[dict] | None:
    if not path.is_file():
        return None
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, OSError, RecursionError):     # deep nesting in a tampered file
        return None
    if not isinstance(rows, list):
        return None
    return [row for row in rows if isinstance(row, dict)]


def _plain(value) -> str | None:
    return value if isinstance(value, str) else None
