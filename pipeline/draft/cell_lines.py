"""A table pasted one cell a line, each cell ending in `|` (pipeline/draft/, issue 19).

Some pages come out of a browser's copy, or a crawler's text, with each table cell on a line of
its own and a `|` after it: nothing marks where a row ends. Two shapes say it all the same:

- a header over a rule row of as many columns (`Instance size |` ... `---|---|---|`, round
  297): each group of as many cell lines after the rule is one row;
- a two-column table of labels and values with no rule (`Sockets per node |`, `2 |`, round
  300): the run of cell lines read in pairs, when every label is words and most values are
  figures. A wider table read in pairs would put a figure in a label's place (its second row
  starts one cell late), which is why a label that starts with a digit leaves the run alone.

Both become `| a | b |` rows, one per line, which the table readers take as any other table. Under
a rule, a line of bare borders (`||||||`, round 301) is that many empty cells: the rest of a row
whose first cells held all it says. A run whose value counts a product (`GPUs |` over `8x H100 |`)
is one system's spec list, left to the stacked reader (stacked_tables.py, header_units.py), which
gives its later figures to the system. A header row over a rule whose empty corner cell came out
last (`GPU4 nodes | GPU8 nodes | |`) gets it back first, its rows their left border, or the rows (a
cell more than the header keeps) would be read as merged cells and left out.
"""

from __future__ import annotations

import re

ONE_CELL = re.compile(r"[^|\n]*\|[ \t]*")
RULE_ROW = re.compile(r"[ \t]*\|?(?:-{3,}\|){2,}[ \t]*")      # `---|---|`, `|---|---|` (round 297)
# a value cell that is a figure: `2 |`, `~ 2.50 |`, `Up to 80 GB |`
FIGURE_CELL = re.compile(r"\s*(?:~|≈|up to|about)?\s*\d", re.IGNORECASE)
# a header row whose empty corner cell came out last (`GPU4 nodes | GPU8 nodes | |`, round 300),
# over rows of a label and figures bordered on the right only (`No. of nodes | 12 | 3 |`)
CORNER_LAST = re.compile(r"[ \t]*[^|\s][^|\n]*\|(?:[^|\n]*[^|\s][^|\n]*\|)+[ \t]*\|[ \t]*")
LINE_ROW = re.compile(r"[ \t]*[^|\s\d][^|\n]*(?:\|[^|\n]*)*\|[^|\n]*[^|\s][^|\n]*\|[ \t]*")
EMPTY_CELLS = re.compile(r"[ \t]*(?:\|[ \t]*){2,}")      # `||||||` (round 301)
# a value saying how many of a product a system holds (`8x H100 |`, `72x Blackwell |`): the run is one
# system's spec list, whose later figures the stacked reader gives the system (as rows they would go
# to the chip the cell names: the review of round 300)
HOLDS = re.compile(r"\d\s?[x×]\s?[A-Za-z]|[x×]\s?\d")
MIN_PAIRS = 3       # fewer label-value pairs are no table told from a list of cells


def cell_lines(raw: str) -> str:
    """The text with each table pasted one cell a line as rows of `| a | b |` lines (one pass
    over the lines; each line is read once more at most)."""
    out: list[str] = []
    lines = raw.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        width = line.count("---|") if RULE_ROW.fullmatch(line) else 0
        if not width and ONE_CELL.fullmatch(line) and (i == 0 or not ONE_CELL.fullmatch(lines[i - 1])):
            run = i + 1         # a run of cell lines is scanned once, from its first line
            while run < len(lines) and ONE_CELL.fullmatch(lines[run]):
                run += 1
            if _label_value_pairs(lines[i:run], lines[run] if run < len(lines) else ""):
                out += [_row(_cells(lines[j:j + 2])) for j in range(i, run, 2)]
                i = run
                continue
        if width and out and CORNER_LAST.fullmatch(out[-1]) and out[-1].count("|") == width:
            run = i + 1
            while run < len(lines) and lines[run].count("|") == width:
                run += 1
            # every row a label and its cells, the last one full: a row ending in an empty cell
            # (`FP16 | 1,979 | 4,500 | |` under `Computation | TF32 | 989 | 2,200 |`) had its own
            # first cell merged away, and the header's empty cell is that column's, no corner
            if run > i + 1 and all(LINE_ROW.fullmatch(row) for row in lines[i + 1:run]):
                out[-1] = "| | " + out[-1].rstrip()[:-1].rstrip()
                out += ["|" + "---|" * width, *("| " + row for row in lines[i + 1:run])]
                i = run
                continue
        header = out[-width:] if width else []
        run, cells = i + 1, []
        # (only after a rule row: each line is read once more at most)
        while width and run < len(lines) and (ONE_CELL.fullmatch(lines[run])
                                              or EMPTY_CELLS.fullmatch(lines[run])):
            cells += _cells(lines[run:run + 1])
            run += 1
        # the header is exactly the cell lines above the rule, and the cells under it fill whole
        # rows: a header of more cells than the rule's columns, or a row short of a cell, would
        # put every later figure under another name
        if width < 2 or len(out) < width or not all(ONE_CELL.fullmatch(cell) for cell in header) \
                or len(out) > width and ONE_CELL.fullmatch(out[-width - 1]) or len(cells) % width:
            out.append(line)
            i += 1
            continue
        del out[-width:]
        out += [_row(_cells(header)), "|" + "---|" * width]
        out += [_row(cells[j:j + width]) for j in range(0, len(cells), width)]
        i = run
    return "\n".join(out)


def _label_value_pairs(cells: list[str], after: str) -> bool:
    """Whether a whole run of cell lines is a two-column table of labels and values: pairs
    enough, no label starting with a digit, most values figures, none a system's count of a
    product, and no rule row after it (that run is a header)."""
    labels, values = cells[0::2], cells[1::2]
    return len(cells) % 2 == 0 and len(labels) >= MIN_PAIRS and not RULE_ROW.fullmatch(after) \
        and not any(FIGURE_CELL.match(label) for label in labels) \
        and not any(HOLDS.search(value) for value in values) \
        and 2 * sum(bool(FIGURE_CELL.match(value)) for value in values) >= len(values)


def _cells(lines: list[str]) -> list[str]:
    """The cells of cell lines: one a line (`8x NVIDIA A100-80G |`), or as many empty ones as a
    line of bare borders holds (`||||||`: the rest of a row whose first cells held all it says)."""
    return [cell for line in lines for cell in (
        [""] * line.count("|") if EMPTY_CELLS.fullmatch(line) else [line.rstrip()[:-1].strip()])]


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"
