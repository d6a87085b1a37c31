"""The rows of a table: the cells of one line and what a value cell is (pipeline/draft/, issue 19).

A line is a table row when its cells are apart by pipes (Markdown, or HTML cells that text.py
joins with `|`), or by a tab or two spaces (aligned plain text). The patterns here say what a
cell holds beyond a figure: a signed change (`+76%`), a bare percentage, a ratio with words.
table_cells.py, spaced_tables.py and stacked_tables.py read whole tables from these rows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from claimaudit.draft.text import Span

RULE = re.compile(r"^[\s|:+-]+$")              # a Markdown separator row: |---|:--:|
# a signed change, perhaps led by the name of the column it favours (`| H200 +43% |`)
# "AMD +60%", "+60% AMD": a signed change, with the name of the column it favours before or after it
CHANGE = re.compile(r"^\s*(?:([A-Za-z][\w-]{1,15})\s+)?[+\-−]\s?\d[\d.,]*\s?(?:%|x|倍)"
                    r"(?:\s+([A-Za-z][\w-]{1,15}))?\s*$")
PERCENT = re.compile(r"^\s*\d[\d.,]*\s?%\s*$")
# "1.67x Faster", "~30% - 36% Increase", "2.6x Density": ratios and percentages with words, in a
# column headed by an increase word
RATIO = r"~?\d[\d.,]*\s?(?:%|x|×|倍)"
WORDED = re.compile(rf"^\s*{RATIO}(?:\s*[-–~]\s*{RATIO})?\s*[^\d|]{{0,24}}$")


@dataclass(frozen=True)
class Cell:
    """A value cell: its span, the words that name its metric, and who it is about."""

    span: Span
    row: Span
    label: str                  # row label (or, transposed, the column header)
    subject: Span | None        # where the subject is named (a header or first cell)
    baseline: Span | None = None
    table: Span | None = None   # the whole table (its words speak for every cell: "dense")


def row_cells(text: str, start: int, end: int) -> list[Span] | None:
    """The cells of one line, or None when it is no table row."""
    line = text[start:end]
    if line.count("|") >= 2 or (line.count("|") == 1 and not line.strip().startswith("|")):
        cuts = [m.start() for m in re.finditer(r"\|", line)]
        bounds = [-1, *cuts, len(line)]
        cells = [(start + a + 1, _trim(text, start + a + 1, start + b)) for a, b in zip(bounds, bounds[1:])]
        opened, closed = line.strip().startswith("|"), line.strip().endswith("|")
        cells = cells[1 if opened else 0:-1 if closed else None]
        # `| | H100 | A100 |`: an empty corner cell keeps its column; so does any empty cell of a row
        # bordered on both sides (`| Intel | Gaudi3 | 600.0 |   |`), which stays its header's width
        kept = [span or Span(at, at) for i, (at, span) in enumerate(cells)
                if span is not None or opened and (i == 0 or closed)]
        return kept if len(kept) >= 2 else None
    pieces = [m for m in re.finditer(r"[^\t]+?(?=\t| {2,}|$)", line) if m.group().strip()]
    if len(pieces) < 3:
        return None
    return [span for m in pieces if (span := _trim(text, start + m.start(), start + m.end()))]


def _trim(text: str, start: int, end: int) -> Span | None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return Span(start, end) if end > start else None


def span_text(text: str, span: Span) -> str:
    return text[span.start:span.end]
