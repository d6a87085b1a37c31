"""Claim tables (`.csv`, `.parquet`) -> the same claim and source records a YAML claim file gives.

A newsroom database or a scraper writes tables, not hand-written YAML (CONTRACT 9.4). One row per
claim: `source` (the source id), `id`, `quote` and any claim field as a column; the source's own
fields as `source_title`, `source_url` ... repeated on the rows of that source, which must agree
(an empty cell is an absent field, so a source's fields may also be written once, on any of its
rows). The list fields, `interpretations` and a draft's `todo`, are YAML-only.

Every cell is read as text: `2.50` keeps its trailing zero (pandas' object dtype hands the
parser's strings over as they are, twice as fast as its `str` dtype, which builds Arrow strings).
Rows are numbered as a spreadsheet shows them: the header is row 1 and the first claim is row 2,
so `claims.csv:7: ...` names the seventh line of a CSV file without quoted line breaks, and the
same record of the same table written as Parquet. A loader per format makes a dict of column ->
object array (None where a cell is empty); one function turns that into source records and one
claim frame, and validate.build_corpus checks them as it checks a YAML file's.
"""

from __future__ import annotations

import csv
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

import numpy as np

from claimaudit.core.errors import Collector, shown
from claimaudit.core.suggest import nearest
from claimaudit.input import limits
from claimaudit.input.documents import Document
from claimaudit.input.files import read_bytes
from claimaudit.input.records import CLAIM_FIELDS, SOURCE_FIELDS

TABLE_SUFFIXES = (".csv", ".parquet")
REQUIRED = ("source", "id", "quote")
YAML_ONLY = ("interpretations", "todo")     # lists: a cell holds text
HEADER_ROW = 1
# A table is read whole, like a YAML file, but is far denser: 1 GiB is ~10 million claims.
MAX_TABLE_BYTES = 2**30
FIRST_ROW = 2
# A table row has no per-field lines (its row is the line of every field): every claim row
# shares this one read-only empty mapping instead of an empty dict each (64 MB a million rows).
NO_KEY_LINES: Mapping[str, int] = MappingProxyType({})


def claim_columns() -> tuple[str, ...]:
    """Claim fields a table may hold (read from load's field lists, so new fields join)."""
    return ("source", *(f for f in CLAIM_FIELDS if f not in YAML_ONLY))


def source_columns() -> dict[str, str]:
    """Column -> source field: `source_title` -> `title` ..."""
    return {f"source_{name}": name for name in SOURCE_FIELDS if name != "id"}


def is_table(path: Path) -> bool:
    return path.suffix.lower() in TABLE_SUFFIXES


def read_table(path: Path, display: str, problems: Collector) -> Document | None:
    """One claim table -> a Document carrying its records, or None with problems recorded."""
    reader = _read_parquet if path.suffix.lower() == ".parquet" else _read_csv
    columns = reader(path, display, problems)
    if columns is None or not _header_ok(list(columns), display, problems):
        return None
    return Document(display, None, records=table_records(columns, display, problems))


# -- loaders: one per format, each -> {column: object array with None for empty cells} --------

def _read_csv(path: Path, display: str, problems: Collector) -> dict | None:
    import io

    import pandas as pd

    data = read_bytes(path, display, problems, MAX_TABLE_BYTES)
    if data is None:
        return None
    if b"\r" in data and b"\n" not in data:      # old spreadsheet exports end lines with CR only
        data = data.replace(b"\r", b"\n")
    try:
        first_line = data.split(b"\n", 1)[0].rstrip(b"\r").decode("utf-8-sig")
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        problems.add(display, line, f"expected UTF-8 text, found byte 0x{exc.object[exc.start]:02x}")
        return None
    try:
        header = next(csv.reader([first_line]), None)
    except csv.Error as exc:
        problems.add(display, HEADER_ROW, f"CSV syntax error in the header: {exc}")
        return None
    if not header:
        problems.add(display, HEADER_ROW, "file is empty: expected a header row naming the "
                                          f"columns ({', '.join(REQUIRED)} ...)")
        return None
    if not limits.table_shape(display, 0, len(header), problems) or not _unique(header, display,
                                                                                problems):
        return None
    try:
        frame = pd.read_csv(io.BytesIO(data), dtype=object, keep_default_na=False,
                            na_filter=False, encoding="utf-8-sig", skip_blank_lines=True)
    except (pd.errors.ParserError, csv.Error) as exc:
        problems.add(display, *_csv_error(str(exc)))
        return None
    if not limits.table_shape(display, len(frame), len(frame.columns), problems):
        return None
    columns = {name: _cells(frame[name].to_numpy(object)) for name in frame.columns}
    if limits.csv_may_hold_long_cells(data) and not limits.longest_cell(
            display, max(map(limits.column_longest, columns.values()), default=0), problems):
        return None
    return columns


def _unique(names: list[str], display: str, problems: Collector) -> bool:
    """No column named twice (one pass: a header of 160,000 `a`s is no longer quadratic)."""
    counts = Counter(names)
    twice = sorted(name for name, count in counts.items() if count > 1)
    if twice:
        problems.add(display, HEADER_ROW, f"column {shown(twice[0])} appears more than once")
        return False
    return True


def _csv_error(text: str) -> tuple[int, str]:
    """pandas' tokenizer message -> (line, message) in our words."""
    import re

    match = re.search(r"Expected (\d+) fields in line (\d+), saw (\d+)", text)
    if match:
        expected, line, found = match.groups()
        return int(line), f"CSV: expected {expected} cells as in the header, found {found}"
    return HEADER_ROW, f"CSV syntax error: {text.strip().splitlines()[-1]}"


def _read_parquet(path: Path, display: str, problems: Collector) -> dict | None:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        problems.add(display, HEADER_ROW, "reading Parquet needs pyarrow: "
                                          "pip install 'claimaudit[parquet]'")
        return None
    data = read_bytes(path, display, problems, MAX_TABLE_BYTES)
    if data is None:
        return None
    try:
        parquet = pq.ParquetFile(pa.BufferReader(data))
        shape = parquet.metadata.num_rows, parquet.metadata.num_columns
    except (pa.ArrowException, OSError) as exc:
        problems.add(display, HEADER_ROW, f"cannot read Parquet: {exc}")
        return None
    if not limits.table_shape(display, *shape, problems):      # from the footer: before decoding
        return None
    try:
        table = parquet.read()
    except (pa.ArrowException, OSError) as exc:
        problems.add(display, HEADER_ROW, f"cannot read Parquet: {exc}")
        return None
    names = table.column_names
    if not limits.table_shape(display, table.num_rows, len(names), problems) or not _unique(
            names, display, problems):
        return None
    columns = {}
    for name, column in zip(names, table.columns):
        kind = column.type.value_type if pa.types.is_dictionary(column.type) else column.type
        if not (pa.types.is_string(kind) or pa.types.is_large_string(kind)
                or pa.types.is_null(kind)):
            problems.add(display, HEADER_ROW,
                         f"column {shown(name)}: expected text (a string column), found {kind}; "
                         "write every cell as text, so that '2.50' keeps its zero")
            continue
        if not limits.longest_cell(display, _arrow_longest(column, kind), problems):
            return None
        columns[name] = _cells(np.array(column.to_pylist(), dtype=object))
    return columns if len(columns) == len(names) else None


def _arrow_longest(column, kind) -> int:
    """Characters of the longest cell, by Arrow's kernel (no Python object per cell)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if pa.types.is_null(kind) or len(column) == 0:
        return 0
    if pa.types.is_dictionary(column.type):
        column = pa.chunked_array([chunk.dictionary for chunk in column.chunks], kind)
    longest = pc.max(pc.utf8_length(column)).as_py()
    return int(longest or 0)


SAMPLE = 4096   # rows whose words tell a column of few words from one of distinct texts


def _cells(values: np.ndarray) -> np.ndarray:
    """Empty cells (and short CSV rows, which pandas fills with NaN) -> None. A column of few
    words (subject, metric, qualifier ...) holds one string object per word, not one per row:
    a million rows of `mi300x` are then 8 MB of references, not 60 MB of strings."""
    import pandas as pd

    values = values if values.flags.writeable else values.copy()   # pandas hands out views
    values[pd.isna(values) | (values == "")] = None
    if len(set(values[:SAMPLE].tolist())) > SAMPLE // 2:     # ids, quotes: no word repeats
        return values
    codes, distinct = pd.factorize(values, use_na_sentinel=True)
    if 2 * len(distinct) < len(values):
        values = np.append(np.asarray(distinct, dtype=object), [None])[codes]
    return values


# -- one validated frame after the loaders -----------------------------------------------------

def _header_ok(names: list[str], display: str, problems: Collector) -> bool:
    known = (*claim_columns(), *source_columns())
    before = problems.count
    for name in names:
        if name in YAML_ONLY:
            problems.add(display, HEADER_ROW, f"column {name!r}: {name} is a list, YAML-only; "
                                              "write such a claim in a YAML claim file")
        elif name not in known:
            near = nearest(name, known)
            hint = f" (did you mean {near[0]}?)" if near else ""
            problems.add(display, HEADER_ROW, f"unknown column {name!r}{hint}; expected "
                                              f"{', '.join(REQUIRED)} and any of "
                                              f"{', '.join(c for c in known if c not in REQUIRED)}")
    missing = [name for name in REQUIRED if name not in names]
    if missing:
        problems.add(display, HEADER_ROW, f"expected columns {', '.join(REQUIRED)}, found no "
                                          f"{' and no '.join(repr(m) for m in missing)}")
    return problems.count == before


def table_records(columns: dict, path: str, problems: Collector):
    """Column arrays -> (source records, claim frame): the source records load.claim_records
    makes, and its claim records as one frame (the columns validate.build_corpus builds), so
    a million rows never become a million dicts. A row's number is its `line`, so every later
    problem names `file:row`."""
    import pandas as pd

    rows = len(next(iter(columns.values()))) if columns else 0
    number = np.arange(FIRST_ROW, FIRST_ROW + rows)
    has_source = np.array([s is not None for s in columns["source"]], dtype=bool)
    for row in number[~has_source]:
        problems.add(path, int(row), "claim row: source: expected a source id, found nothing")
    kept = int(has_source.sum())
    none = np.full(kept, None, dtype=object)
    data = {"file": np.full(kept, path, dtype=object), "line": number[has_source],
            "lines": np.full(kept, NO_KEY_LINES, dtype=object)}   # one shared, read-only
    every = bool(has_source.all())      # the usual table: no copy of each column
    data.update({name: (columns[name] if every else columns[name][has_source])
                 if name in columns else none for name in ("source", *CLAIM_FIELDS)})
    claims = pd.DataFrame(data, dtype=object)      # object: pandas would infer str, None -> NaN
    claims["line"] = claims["line"].astype("int64")
    return _source_records(columns, number, has_source, path, problems), claims


def _source_records(columns: dict, number: np.ndarray, has_source: np.ndarray, path: str,
                    problems: Collector) -> list[dict]:
    """One record per source id, at its first row; a field is the first non-empty cell of its
    column among the source's rows, and any other non-empty cell must equal it."""
    import pandas as pd

    source = columns["source"][has_source]
    number = number[has_source]
    codes, sids = pd.factorize(source)          # a handful of sources over a million rows
    at = np.unique(codes, return_index=True)[1]     # codes number first appearances
    first = dict(zip(sids.tolist(), number[at].tolist()))
    records = {sid: {"file": path, "line": row, **dict.fromkeys(SOURCE_FIELDS), "id": sid,
                     "lines": {}} for sid, row in first.items()}
    for column, name in source_columns().items():
        if column not in columns:
            continue
        distinct = pd.DataFrame({"sid": source, "value": columns[column][has_source],
                                 "row": number}, dtype=object  # pandas would copy to str
                                ).dropna().drop_duplicates(["sid", "value"])
        for sid, value, row in distinct.itertuples(index=False):
            record = records[sid]
            if record[name] is None:
                record[name], record["lines"][name] = value, row
            elif record[name] != value:
                problems.add(path, row, f"source {sid!r}: {column} {value!r} disagrees with "
                                        f"{record[name]!r} (row {record['lines'][name]}); the "
                                        "rows of one source must agree on its fields")
    return list(records.values())
