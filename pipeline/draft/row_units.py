"""A table cell's figure, and the unit a bare cell takes from its row (pipeline/draft/, issue 19).

`BARE` is a figure as tables write it (`1,979`, `2.25`, `1e15`) and `CELL_FIGURE` a cell that is
one figure and nothing more but an about sign, a footnote mark or a bracketed note (`~2,000*`,
`918 (BF16)`). header_units.py gives such a bare cell its header's unit; where neither its
header nor anything else gives one, `row_unit` may give it its row's
(`| FP16/BF16 | 2.5 PFLOPS | 2.25 PFLOPS | 2.25 | 2.25 PFLOPS |`, round 278).

Each column's bare cells and written units are counted once per table (`column_units`), not once
per cell: a 3,000-row table took 1.38 s when every bare cell scanned its whole column.
"""

from __future__ import annotations

import re

from claimaudit.draft.forms import unit_at
from claimaudit.draft.text import Span

BARE = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?(?:[eE]\+?\d{1,2}(?![\w.]))?")
CELL_FIGURE = re.compile(rf"[~≈約约]?\s*({BARE.pattern})\s*[*†‡¹²³]*\s*(?:[(（][^()（）]{{1,20}}[)）])?")
# a value cell's figure and the unit written after it (`**2.25 PFLOPS**`, `1.1PFLOPS`)
ROW_FIGURE = re.compile(rf"[\s*]*(?:{BARE.pattern})\s?(?=[A-Za-z])")


def written_unit(view: str, span: Span) -> str | None:
    """The unit a cell writes after its figure ("" for a per-unit rate, `TFLOPS/W`), None for none."""
    figure = ROW_FIGURE.match(view, span.start, span.end)
    if figure is None:
        return None
    written, end = unit_at(view, figure.end())
    return "" if view[end:end + 1] == "/" else written


def column_units(view: str, table) -> dict[int, tuple[int, list[str]]]:
    """Each value column's count of bare cells and the units its cells write, below the header."""
    columns: dict[int, tuple[int, list[str]]] = {}
    for _, spans in table[1:]:
        for j, span in enumerate(spans[1:], start=1):
            bare, units = columns.get(j, (0, []))
            written = written_unit(view, span)
            columns[j] = (bare + bool(CELL_FIGURE.fullmatch(view[span.start:span.end].strip())),
                          [*units, written] if written else units)
    return columns


def row_unit(view: str, spans: list[Span], column: int, columns: dict) -> tuple[str, str] | None:
    """The one unit of rate or amount that two or more of a row's other value cells write, given to
    the one bare cell of a column whose other cells write units, that one among them. No column of
    bare cells (years, counts) takes its row's unit, nor a column written in another scale (`| 4.5 |`
    under a column of PFLOPS, in a row of TFLOPS), nor a zero (`| 0 |`: none), nor a per-unit rate
    (`TFLOPS/W`). `columns` is `column_units` of the cell's table."""
    bare = CELL_FIGURE.fullmatch(view[spans[column].start:spans[column].end].strip())
    bares, written = columns.get(column, (0, []))
    if bare is None or not float(bare.group(1).replace(",", "")) or bares != 1 or not written:
        return None
    row = [u for span in spans[1:] if (u := written_unit(view, span))]
    if len(row) < 2 or len(set(row)) != 1 or row[0] in ("x", "%"):
        return None
    return (row[0], "") if row[0] in written else None
