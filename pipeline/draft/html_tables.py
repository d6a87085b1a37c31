"""HTML tables as one line of cells a row (pipeline/draft/, issue 19).

A page written in Markdown often holds an HTML table laid out one tag a line, a cell's lines
broken by `<br>`, its rows sharing a cell (`rowspan="2"`) and its header cells spanning columns
(`colspan="2"`). Read as tags dropped, each cell would be a line of its own and no table would be
found (held-out round 205: a cluster's node table, 23 of its figures missed). So each table
becomes rows of `| cell | cell |` on one line each, as a Markdown table's, and every
row as wide as the table: a cell a row above spans into the row is carried down, one spanning
columns is repeated across them, as words only. A carried or repeated cell that holds a figure
(`128` cores over two rows) is left empty instead, so each figure is drafted once, where it is
written. One scan of the table's tags; an unclosed row or cell ends at the next one, as in HTML.
"""

from __future__ import annotations

import html
import re

TABLE = re.compile(r"<table\b[^<>]*>", re.IGNORECASE)
TABLE_END = re.compile(r"</table\s*>", re.IGNORECASE)
ROW = re.compile(r"<tr\b[^<>]*>", re.IGNORECASE)
CELL = re.compile(r"<t[dh]\b([^<>]*)>", re.IGNORECASE)
SPAN = re.compile(r"""\b(row|col)span\s*=\s*["']?\s*(\d{1,3})""", re.IGNORECASE)
BREAK = re.compile(r"<br\s*/?>|</?(?:p|div|li|ul|ol|h\d)\b[^<>]*>", re.IGNORECASE)
TAG = re.compile(r"<[^<>]+>")
BLOCKS = re.compile(r"<(?:li|ul|ol|p|div|table)\b", re.IGNORECASE)
# a figure (`128`, `1536GB`, `2 x AMD Milan`), not the digits of a name (`H100`, `MI300X`)
FIGURE = re.compile(r"(?<![A-Za-z\d.])\d")
MAX_SPAN = 16       # a span beyond this is the page's mistake: no wider cell is made


def one_line_rows(raw: str) -> str:
    """The raw text with each <table> ... </table> as lines of `| cell | cell |`."""
    kept, cursor = [], 0
    while (opening := TABLE.search(raw, cursor)) is not None:
        closing = TABLE_END.search(raw, opening.end())
        end = len(raw) if closing is None else closing.start()
        body = raw[opening.end():end]
        # a cell holding a list or paragraphs (`<td><ul><li>2.6 trillion transistors</li>...`) is read
        # line by line as before: one line for all its items would hide them (held-out round 212)
        after = len(raw) if closing is None else closing.end()
        rows = raw[opening.start():after] if BLOCKS.search(body) else "\n" + _rows(body) + "\n"
        kept += [raw[cursor:opening.start()], rows]
        cursor = after
    kept.append(raw[cursor:])
    return "".join(kept)


def _rows(table: str) -> str:
    starts = [m for m in ROW.finditer(table)]
    lines = [_words(table[:starts[0].start()] if starts else table)]
    carried: dict[int, tuple[int, str]] = {}         # column: (rows still spanned, its words)
    for i, row in enumerate(starts):
        body = table[row.end():starts[i + 1].start() if i + 1 < len(starts) else len(table)]
        cells = list(CELL.finditer(body))
        out: list[str] = []
        if not cells and not carried:
            lines.append(_words(body))
            continue
        for j, cell in enumerate(cells):
            _carry(out, carried)
            words = _words(body[cell.end():cells[j + 1].start() if j + 1 < len(cells) else len(body)])
            spans = {kind.lower(): min(int(n), MAX_SPAN) for kind, n in SPAN.findall(cell.group(1))}
            shown = "" if FIGURE.search(html.unescape(words)) else words
            for k in range(max(spans.get("col", 1), 1)):
                if spans.get("row", 1) > 1:
                    carried[len(out)] = (spans["row"] - 1, shown)
                out.append(words if k == 0 else shown)
        _carry(out, carried)
        lines.append("| " + " | ".join(out) + " |")
    return "\n".join(line for line in lines if line.strip())


def _carry(out: list[str], carried: dict[int, tuple[int, str]]) -> None:
    """Cells of rows above spanning into this row at the next columns."""
    while len(out) in carried:
        left, words = carried[len(out)]
        if left > 1:
            carried[len(out)] = (left - 1, words)
        else:
            del carried[len(out)]
        out.append(words)


def _words(cell: str) -> str:
    return " ".join(TAG.sub("", BREAK.sub(" ", cell)).split())
