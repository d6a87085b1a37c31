"""pandera models for the raw frames, and their failures as file:line problems.

The models check each field on its own (id forms, allowed words); checks that
need other files (does this entity exist? is this unit right for the metric?)
live in validate.py. Validation is lazy: every failure of every row is
collected, then turned into a `file:line: message` through the frame's
`file`/`line`/`lines` columns.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pandera.pandas as pa
from pandera.errors import SchemaErrorReason

from claimaudit.core.errors import shown

# Patterns end in \Z, never $: Python's $ also matches before a final newline ("evil\n").
SOURCE_ID = r"^[a-z0-9][a-z0-9_-]*\Z"
NAME_ID = r"^[a-z][a-z0-9_]*\Z"
DATE = r"^\d{4}-\d{2}-\d{2}\Z"
ID_LIMIT = 128          # characters: a page name <id>.part-N.md stays within 255 bytes
VERDICTS = ("consistent", "within_rounding", "inconsistent", "unverifiable", "ambiguous")
ENTITY_KINDS = ("chip", "system", "cluster")
STATUSES = ("shipping", "announced", "projected")
BOOLEANS = ("true", "false", "True", "False", "yes", "no")
SOURCE_KINDS = ("datasheet", "documentation", "press_release", "keynote", "blog", "press", "analyst",
                "benchmark")
QUOTE_FORMS = ("text", "table")  # table: the quote is a table cell; its unit is in the header
PARTY = r"^[a-z0-9][a-z0-9-]*\Z"
ID_PATTERNS = (SOURCE_ID, NAME_ID, PARTY)    # anchored ASCII classes: see _surely_valid
PARTY_WORDS = "a party slug of lower-case letters, digits and -, such as aws"
AGGREGATES = ("sum", "none", "formula")


def _text(pattern: str | None = None, isin=None, nullable: bool = True, expected: str = "",
          extra: list | None = None):
    checks = list(extra or [])
    if pattern in (SOURCE_ID, NAME_ID, PARTY):
        checks.append(_expecting(pa.Check.str_length(max_value=ID_LIMIT),
                                 f"at most {ID_LIMIT} characters"))
    if pattern:
        checks.append(_expecting(pa.Check.str_matches(pattern), expected or f"text matching {pattern}"))
    if isin:
        checks.append(_expecting(pa.Check.isin(list(isin)), expected or f"one of {', '.join(isin)}"))
    return pa.Column(object, checks=checks, nullable=nullable, coerce=False)


# What each of our checks expects, keyed on the check object itself (never on message text):
# a failure pandera reports is mapped back through `SchemaError.check`. A schema holds copies
# of the checks it was given, so `_schema` registers the schema's own check objects.
EXPECTED: dict[int, str] = {}


def _expecting(check: pa.Check, expected: str) -> pa.Check:
    check.description = expected
    return check


def _is_date(series: pd.Series) -> pd.Series:
    """Calendar dates only: 2025-13-45 has the form but is no date."""
    from datetime import date

    def valid(value) -> bool:
        try:
            return value is None or bool(date.fromisoformat(value))
        except (TypeError, ValueError):
            return False

    return series.map(valid)


_REAL_DATE = _expecting(pa.Check(_is_date, element_wise=False), "a real calendar date YYYY-MM-DD")


def _is_superseded(series: pd.Series) -> pd.Series:
    """`superseded`: a yes/no word, or the calendar date from which the fact is superseded."""
    def valid(value) -> bool:
        return value is None or value in BOOLEANS or bool(
            isinstance(value, str) and re.fullmatch(DATE, value) and _is_date(pd.Series([value])).iloc[0])

    return series.map(valid)


_SUPERSEDED = _expecting(pa.Check(_is_superseded, element_wise=False), "true, false or a date YYYY-MM-DD")


def _schema(name: str, columns: dict) -> pa.DataFrameSchema:
    schema = pa.DataFrameSchema(columns, name=name, strict=False)
    for column in schema.columns.values():
        for check in column.checks:
            EXPECTED[id(check)] = check.description
    return schema


CLAIM_SOURCES = _schema("source", {
    "id": _text(SOURCE_ID, nullable=False, expected="an id of lower-case letters, digits, - and _"),
    "title": _text(nullable=False),
    "published": _text(DATE, expected="a date YYYY-MM-DD", extra=[_REAL_DATE]),
    "language": _text(r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*\Z", expected="a BCP 47 tag (en, zh-Hant)"),
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
    "via": _text(),
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
    "quote_form": _text(isin=QUOTE_FORMS), "lint_accepted": _text(),
})

METRICS = _schema("metric", {
    "id": _text(NAME_ID, nullable=False, expected="a metric id of lower-case letters, digits and _"),
    "unit": _text(nullable=False),
    "aggregates": _text(isin=AGGREGATES),
    "display": _text(), "formula": _text(), "precision": _text(), "description": _text(),
})


def check(frame: pd.DataFrame, schema: pa.DataFrameSchema, problems) -> set:
    """Validate lazily; add one problem per failing cell; return the labels of rows holding a
    list or mapping where text belongs (the later checks cannot read them).

    Cells that are not text are found here, before pandera sees them: pandera formats every
    failing value into its messages, and a nested alias structure formats without end. Every
    check is of one cell, so each column is validated once per distinct value (a million
    claims name a few dozen subjects) and a failing value is reported at every row holding it.
    """
    if frame.empty:
        return set()
    bad = _not_text(frame, schema, problems)
    screened = frame.drop(index=list(bad)) if bad else frame
    for column, rule in schema.columns.items():
        if column in screened.columns and (rule.checks or not rule.nullable):
            _check_column(screened, schema, column, problems)    # text is all the rest ask
    return bad


def _check_column(frame: pd.DataFrame, schema: pa.DataFrameSchema, column: str,
                  problems) -> None:
    rule = schema.columns[column]
    if _id_pattern(rule) and _surely_valid(rule, frame[column].tolist()).all():
        return                                  # a million distinct ids: not one to report
    codes, distinct = pd.factorize(frame[column], use_na_sentinel=True)
    values = [*distinct.tolist(), None]                # the last stands for every empty cell
    codes = np.where(codes < 0, len(values) - 1, codes)
    if not (codes == len(values) - 1).any():
        values.pop()
    asked = np.flatnonzero(~_surely_valid(rule, values))
    try:
        _column_schema(schema, column).validate(
            pd.DataFrame({column: pd.Series([values[at] for at in asked], dtype=object)}),
            lazy=True)
        return
    except pa.errors.SchemaErrors as exc:
        errors = exc.schema_errors
    failed: dict[int, str] = {}         # distinct value's position -> what its first failure expected
    for error in errors:
        expected = _expected_by(error)
        if error.failure_cases is None or expected is None:
            continue
        for position in error.failure_cases["index"].dropna():
            failed.setdefault(int(asked[int(position)]), expected)
    for position, expected in sorted(failed.items()):
        for label in frame.index[codes == position]:
            _report(frame.loc[label], schema.name, column, expected, problems)


def _surely_valid(rule: pa.Column, values: list) -> np.ndarray:
    """Which distinct values pass an id column's checks (its pattern and length), found by
    pyarrow in one pass; pandera is then asked only about the others, for its messages (a
    million distinct claim ids: 0.2 s instead of 1.4). The id patterns are anchored ASCII
    classes, which RE2 reads as `re` does ($ for \\Z: RE2's $ is the end of the text). All
    False (ask pandera about every value) for other columns or without pyarrow."""
    pattern = _id_pattern(rule)
    if pattern is None or not values:
        return np.zeros(len(values), dtype=bool)
    try:
        import pyarrow as arrow
        import pyarrow.compute as pc
    except ImportError:
        return np.zeros(len(values), dtype=bool)
    try:
        texts = arrow.array(values, arrow.string())
    except (arrow.ArrowTypeError, arrow.ArrowInvalid, UnicodeEncodeError):
        return np.zeros(len(values), dtype=bool)    # not all text, or not UTF-8: pandera asks
    passing = pc.match_substring_regex(texts, pattern.removesuffix(r"\Z") + "$")
    longest = _statistics(rule).get("str_length", {}).get("max_value")
    if longest is not None:
        passing = pc.and_(passing, pc.less_equal(pc.utf8_length(texts), longest))
    return passing.fill_null(False).to_numpy(zero_copy_only=False)


def _statistics(rule: pa.Column) -> dict:
    return {check.name: check.statistics for check in rule.checks}


def _id_pattern(rule: pa.Column) -> str | None:
    """The column's id pattern when its checks are that pattern and a length, else None."""
    checks = _statistics(rule)
    pattern = checks.get("str_matches", {}).get("pattern")
    return pattern if pattern in ID_PATTERNS and not set(checks) - {"str_matches", "str_length"} \
        else None


_COLUMN_SCHEMAS: dict[tuple[int, str], pa.DataFrameSchema] = {}


def _column_schema(schema: pa.DataFrameSchema, column: str) -> pa.DataFrameSchema:
    """The one-column schema of `schema`'s `column`, its checks registered in EXPECTED."""
    key = (id(schema), column)
    if key not in _COLUMN_SCHEMAS:
        _COLUMN_SCHEMAS[key] = _schema(schema.name, {column: schema.columns[column]})
    return _COLUMN_SCHEMAS[key]


def _expected_by(error) -> str | None:
    """What the failing check expected: our registry, keyed on the check object."""
    if error.reason_code == SchemaErrorReason.SERIES_CONTAINS_NULLS:
        return "a value"
    if error.reason_code == SchemaErrorReason.COLUMN_NOT_IN_DATAFRAME:
        return None  # load.py makes every column; an absent one is an absent field
    return EXPECTED.get(id(error.check), "a valid value")


def _not_text(frame: pd.DataFrame, schema: pa.DataFrameSchema, problems) -> set:
    """Rows with a list or mapping (or a number) where the schema wants text."""
    bad = set()
    for column in schema.columns:
        if column not in frame.columns:
            continue
        values = frame[column]
        for index in values.index[~_text_or_none(values.to_numpy(object))]:
            bad.add(index)
            _report(frame.loc[index], schema.name, column, "text", problems)
    return bad


def _text_or_none(values: np.ndarray) -> np.ndarray:
    """Which cells are None or text: one C pass (pandas' infer_dtype) when all are, as nearly
    always, else a look at each cell. NaN and pd.NA are not None."""
    missing = pd.isna(values)
    present = values[~missing]
    if (len(present) == 0 or pd.api.types.infer_dtype(present, skipna=False) == "string") \
            and values[missing].tolist().count(None) == missing.sum():    # no NaN, no pd.NA
        return np.ones(len(values), dtype=bool)
    return np.fromiter((v is None or isinstance(v, str) for v in values.tolist()), bool,
                       len(values))


def _report(row, what: str, column: str, expected: str, problems) -> None:
    found = row[column]
    if isinstance(row.get("id"), str):
        what = f"{what} {shown(row.get('id'))}"
    found_text = "nothing" if found is None or (isinstance(found, float) and pd.isna(found)) \
        else shown(found)
    problems.add(row["file"], row["lines"].get(column, row["line"]),
                 f"{what}: {column}: expected {expected}, found {found_text}")
