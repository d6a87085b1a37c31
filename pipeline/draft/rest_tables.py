"""reStructuredText's grid and simple tables as rows of cells (pipeline/draft/, issue 19).

A reST page lays a table out in one of two ASCII forms (held-out round 209: a cluster's node
tables, 84 of its figures missed):

    +-----------------+-------+        =================  =====
    | Number of nodes | 100   |        Specification      Value
    +=================+=======+        =================  =====
    | GPUs per node   | 4     |        Number of nodes    132
    +-----------------+-------+        =================  =====

Each becomes Markdown's pipe rows, as text.py's tables read them: a grid table's `+---+` borders
are dropped and its `+===+` header border becomes a rule row; a simple table's rows are cut at its
border's columns. A line whose first cell is blank goes on the cells of the row above (a cell run
over two lines). One scan of the lines.
"""

from __future__ import annotations

import re

GRID_BORDER = re.compile(r"[ \t]*\+(?:[-=]+\+)+[ \t]*")
GRID_ROW = re.compile(r"[ \t]*\|.*\|[ \t]*")
SIMPLE_BORDER = re.compile(r"[ \t]*=+(?:[ \t]+=+)+[ \t]*")


def rest_tables(raw: str) -> str:
    lines = raw.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if GRID_BORDER.fullmatch(line) and i + 1 < len(lines) and GRID_ROW.fullmatch(lines[i + 1]):
            i = _grid(lines, i, out)
        elif SIMPLE_BORDER.fullmatch(line) and _closes(lines, i):
            i = _simple(lines, i, out)
        else:
            out.append(line)
            i += 1
    return "\n".join(out)


def _grid(lines: list[str], i: int, out: list[str]) -> int:
    """Lines between two borders are one row (a cell may run over several)."""
    rows: list[list[str]] = []
    current: list[str] | None = None
    header = 0
    start = i
    while i < len(lines) and (GRID_BORDER.fullmatch(lines[i]) or GRID_ROW.fullmatch(lines[i])):
        if _smi_rule(lines[i]):                 # `|=====+=====|`: nvidia-smi's box, no reST table
            while i < len(lines) and (GRID_BORDER.fullmatch(lines[i]) or GRID_ROW.fullmatch(lines[i])):
                i += 1
            out.extend(lines[start:i])
            return i
        line = lines[i].strip()
        if line.startswith("+"):
            if current:
                rows.append(current)
            current = None
            header = header or (len(rows) if "=" in line else 0)
        else:
            cells = [cell.strip() for cell in line[1:-1].split("|")]
            current = cells if current is None or len(cells) != len(current) else [
                f"{a} {b}".strip() for a, b in zip(current, cells)]
        i += 1
    if current:
        rows.append(current)
    _emit(rows, header, out)
    return i


def _smi_rule(line: str) -> bool:
    """A row of `=`, `+` and `|` only, between two `|` (a set test, no regex to backtrack)."""
    line = line.strip()
    return len(line) > 2 and line[0] == line[-1] == "|" and "=" in line and set(line) <= set("=+|")


def _closes(lines: list[str], i: int) -> bool:
    """A simple table's top border, with a matching border within 200 lines below."""
    return any(SIMPLE_BORDER.fullmatch(line) for line in lines[i + 1:i + 200])


def _simple(lines: list[str], i: int, out: list[str]) -> int:
    """Border, rows, border (and, when rows and a border follow, those rows are the body)."""
    starts = [m.start() for m in re.finditer(r"=+", lines[i])]
    first, i = _block(lines, i + 1, starts)
    more = i < len(lines) and lines[i].strip() and not SIMPLE_BORDER.fullmatch(lines[i])
    if more and _closes(lines, i - 1):
        body, i = _block(lines, i, starts)
        _emit(first + body, len(first), out)
    else:
        _emit(first, 0, out)
    return i


def _block(lines: list[str], i: int, starts: list[int]) -> tuple[list[list[str]], int]:
    """The rows up to the next border, and the line after it."""
    rows: list[list[str]] = []
    while i < len(lines) and not SIMPLE_BORDER.fullmatch(lines[i]):
        if lines[i].strip():
            _add(rows, [lines[i][a:b].strip() for a, b in zip(starts, [*starts[1:], None])])
        i += 1
    return rows, i + 1


def _add(rows: list[list[str]], cells: list[str]) -> None:
    if rows and rows[-1] and not cells[0] and len(cells) == len(rows[-1]):
        rows[-1] = [f"{a} {b}".strip() for a, b in zip(rows[-1], cells)]      # a cell's next line
    else:
        rows.append(cells)


def _emit(rows: list[list[str]], header: int, out: list[str]) -> None:
    for k, row in enumerate(rows):
        out.append("| " + " | ".join(row) + " |")
        if header and k == header - 1:
            out.append("|" + "---|" * len(row))
