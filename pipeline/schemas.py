"""pandera models for the raw frames, and their failures as file:line problems.

The models check each field on its own (id forms, allowed words); checks that
need other files (does this entity exist? is this unit right for the metric?)
live in validate.py. Validation is lazy: every failure of every row is
collected, then turned into a `file:line: message` through the frame's
`file`/`line`/`lines` columns.
"""

from __future__ import annotations

import re

import pandas as pd
import pandera.pandas as pa

SOURCE_ID = r"^[a-z0-9][a-z0-9_-]*$"
NAME_ID = r"^[a-z][a-z0-9_]*$"
DATE = r"^\d{4}-\d{2}-\d{2}$"
VERDICTS = ("consistent", "within_rounding", "inconsistent", "unverifiable", "ambiguous")
ENTITY_KINDS = ("chip", "system", "cluster")
STATUSES = ("shipping", "announced", "projected")
BOOLEANS = ("true", "false", "True", "False", "yes", "no")
SOURCE_KINDS = ("datasheet", "documentation", "press_release", "keynote", "blog", "press", "analyst",
                "benchmark")
QUOTE_FORMS = ("text", "table")  # table: the quote is a table cell; its unit is in the header
PARTY = r"^[a-z0-9][a-z0-9-]*$"
PARTY_WORDS = "a party slug of lower-case letters, digits and -, such as aws"
AGGREGATES = ("sum", "none", "formula")


def _text(pattern: str | None = None, isin=None, nullable: bool = True, expected: str = "",
          extra: list | None = None):
    checks = list(extra or [])
    if pattern:
        checks.append(pa.Check.str_matches(pattern, error=expected or f"text matching {pattern}"))
    if isin:
        checks.append(pa.Check.isin(list(isin), error=expected or f"one of {', '.join(isin)}"))
    return pa.Column(object, checks=checks, nullable=nullable, coerce=False)


def _is_text(series: pd.Series) -> pd.Series:
    return series.map(lambda v: v is None or isinstance(v, str))


def _is_date(series: pd.Series) -> pd.Series:
    """Calendar dates only: 2025-13-45 has the form but is no date."""
    from datetime import date

    def valid(value) -> bool:
        try:
            return value is None or bool(date.fromisoformat(value))
        except (TypeError, ValueError):
            return False

    return series.map(valid)


_REAL_DATE = pa.Check(_is_date, element_wise=False, error="a real calendar date YYYY-MM-DD")


def _is_superseded(series: pd.Series) -> pd.Series:
    """`superseded`: a yes/no word, or the calendar date from which the fact is superseded."""
    def valid(value) -> bool:
        return value is None or value in BOOLEANS or bool(
            isinstance(value, str) and re.fullmatch(DATE, value) and _is_date(pd.Series([value])).iloc[0])

    return series.map(valid)


_SUPERSEDED = pa.Check(_is_superseded, element_wise=False, error="true, false or a date YYYY-MM-DD")

_TEXT_ONLY = pa.Check(_is_text, element_wise=False, error="text")


def _schema(name: str, columns: dict) -> pa.DataFrameSchema:
    for column in columns.values():
        column.checks.insert(0, _TEXT_ONLY)
    return pa.DataFrameSchema(columns, name=name, strict=False)


CLAIM_SOURCES = _schema("source", {
    "id": _text(SOURCE_ID, nullable=False, expected="an id of lower-case letters, digits, - and _"),
    "title": _text(nullable=False),
    "published": _text(DATE, expected="a date YYYY-MM-DD", extra=[_REAL_DATE]),
    "language": _text(r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$", expected="a BCP 47 tag (en, zh-Hant)"),
    "publisher": _text(), "url": _text(),
    "party": _text(PARTY, expected=PARTY_WORDS),
})

CLAIMS = _schema("claim", {
    "id": _text(SOURCE_ID, nullable=False, expected="an id of lower-case letters, digits, - and _"),
    "subject": _text(NAME_ID, expected="an entity id"),
    "baseline": _text(NAME_ID, expected="an entity id"),
    "metric": _text(NAME_ID, expected="a metric id"),
    "expect": _text(isin=VERDICTS),
    "kind": _text(isin=("qualitative", "numeric")),
    "quote": _text(), "translation": _text(), "note": _text(), "claimed": _text(),
    "expr": _text(), "qualifier": _text(), "tolerance": _text(),
    "claimant": _text(PARTY, expected=PARTY_WORDS),
})

SPEC_SOURCES = _schema("source", {
    "id": _text(SOURCE_ID, nullable=False, expected="an id of lower-case letters, digits, - and _"),
    "title": _text(nullable=False),
    "date": _text(DATE, expected="a date YYYY-MM-DD", extra=[_REAL_DATE]),
    "url": _text(), "publisher": _text(), "note": _text(),
    "kind": _text(isin=SOURCE_KINDS),
    "party": _text(PARTY, expected=PARTY_WORDS),
})

ENTITIES = _schema("entity", {
    "id": _text(NAME_ID, nullable=False, expected="an entity id of lower-case letters, digits and _"),
    "kind": _text(isin=ENTITY_KINDS, nullable=False),
    "status": _text(isin=STATUSES),
    "name": _text(), "vendor": _text(), "sparsity": _text(), "note": _text(),
})

FACTS = _schema("fact", {
    "metric": _text(NAME_ID, nullable=False, expected="a metric id"),
    "value": _text(nullable=False),
    "source": _text(SOURCE_ID, nullable=False, expected="a source id"),
    "superseded": _text(expected="true, false or a date YYYY-MM-DD", extra=[_SUPERSEDED]),
    "quote": _text(), "note": _text(),
    "quote_form": _text(isin=QUOTE_FORMS),
})

METRICS = _schema("metric", {
    "id": _text(NAME_ID, nullable=False, expected="a metric id of lower-case letters, digits and _"),
    "unit": _text(nullable=False),
    "aggregates": _text(isin=AGGREGATES),
    "display": _text(), "formula": _text(), "precision": _text(), "description": _text(),
})


def check(frame: pd.DataFrame, schema: pa.DataFrameSchema, problems) -> set:
    """Validate lazily; add one problem per failing cell; return the labels of rows holding a
    list or mapping where text belongs (the later checks cannot read them)."""
    if frame.empty:
        return set()
    try:
        schema.validate(frame, lazy=True)
        return set()
    except pa.errors.SchemaErrors as exc:
        cases = exc.failure_cases
    bad = set()
    seen = set()
    for case in cases.itertuples(index=False):
        if pd.isna(case.index) or case.column not in frame.columns:
            continue
        row = frame.loc[case.index]
        key = (case.index, case.column)
        if key in seen:
            continue
        seen.add(key)
        if str(case.check) == "text":   # a list or mapping where text belongs: not checked further
            bad.add(case.index)
        found = row[case.column]
        what = f"{schema.name} {row.get('id')!r}" if isinstance(row.get("id"), str) else schema.name
        expected = {"not_nullable": "a value"}.get(str(case.check), str(case.check))
        expected = "a value" if "(" in expected else expected
        if found is None or (isinstance(found, float) and pd.isna(found)):
            message = f"{what}: {case.column}: expected {expected}, found nothing"
        else:
            message = f"{what}: {case.column}: expected {expected}, found {_shown(found)}"
        problems.add(row["file"], row["lines"].get(case.column, row["line"]), message)
    return bad


def _shown(value) -> str:
    if isinstance(value, (list, dict)) or type(value).__name__ == "Node":
        return "a list or mapping"
    return repr(value)
