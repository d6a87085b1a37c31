"""Limits on decoded size, checked before the work (README.md, "The output directory" / limits).

A byte limit does not bound the work: 22 KB of Parquet decode to a million rows, and a 600 KB
quote makes a 1.2 MB page. So a table is measured as it decodes (rows, columns, cells, the
characters of its longest cell, read from Parquet's metadata and Arrow's length kernel before
any row becomes a Python object), and every text field of every file is measured before it is
validated. A limit hit is `file:0: message` (the whole file), exit 2, and nothing is checked.
"""

from __future__ import annotations

import numpy as np

from claimaudit.core.errors import Collector

MAX_ROWS = 1_000_000        # claims per table (the scale README's speed runs measure)
MAX_COLUMNS = 200           # a claim table knows ~30 columns
MAX_CELLS = 20_000_000      # rows x columns
MAX_FIELD_CHARS = 20_000    # characters in one field: a quote, a title, a note
WHOLE_FILE = 0              # the line of a problem about the file as a whole


def table_shape(display: str, rows: int, columns: int, problems: Collector) -> bool:
    """Rows, columns and cells of a table within the limits (else a `file:0:` problem)."""
    for count, limit, what in ((rows, MAX_ROWS, "rows"), (columns, MAX_COLUMNS, "columns"),
                               (rows * columns, MAX_CELLS, "cells")):
        if count > limit:
            problems.add(display, WHOLE_FILE, f"table too large: {count:,} {what}, at most "
                                              f"{limit:,}; split it into several files")
            return False
    return True


def longest_cell(display: str, longest: int, problems: Collector) -> bool:
    if longest > MAX_FIELD_CHARS:
        problems.add(display, WHOLE_FILE, f"a cell of {longest:,} characters, at most "
                                          f"{MAX_FIELD_CHARS:,} in one field; shorten it")
        return False
    return True


def column_longest(values: np.ndarray) -> int:
    """Characters of the longest text in an object column (0 when none)."""
    return max((len(v) for v in values.tolist() if isinstance(v, str)), default=0)


def csv_may_hold_long_cells(data: bytes) -> bool:
    """Could a cell of this CSV exceed MAX_FIELD_CHARS? Not when every line is shorter (a cell
    without a quoted line break lies on one line); measured over the bytes, in C."""
    if len(data) <= MAX_FIELD_CHARS:
        return False
    ends = np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == 10)
    edges = np.concatenate(([-1], ends, [len(data)]))
    return bool(np.diff(edges).max() > MAX_FIELD_CHARS) or b'"' in data


def record_sizes(records: list[dict], what: str, problems: Collector) -> None:
    """A problem for each text field of these records (from YAML) over MAX_FIELD_CHARS."""
    for record in records:
        for name, value in record.items():
            if isinstance(value, str) and len(value) > MAX_FIELD_CHARS and name != "file":
                line = (record.get("lines") or {}).get(name, record.get("line", WHOLE_FILE))
                problems.add(record["file"], int(line),
                             f"{what}: {name}: {len(value):,} characters, at most "
                             f"{MAX_FIELD_CHARS:,} in one field; shorten it")
