"""A comparison table pasted one cell per line (pipeline/draft/, issue 19).

Copying a table from a web page often keeps no borders and no columns: each cell lands on a
line of its own, row after row. The header is a run of two or more short lines that each name
one entity; then each row is a label line and as many value lines as the header has names:

    HGX H100 8-GPU
    HGX B100 8-GPU
    Aggregate Memory Capacity
    Up to 640GB
    Up to 1.5TB

Each value line's figure is a cell: the header line in its place names the subject, the label
line the metric. Two rows with figures make a table; a row that breaks the pattern (a long
line, a sentence mark, a label with a figure) ends it. A header line that is a model number the
specs do not hold (`MI400X` among `MI355X`, `GB200`) is a column all the same: its cells are
asked about (the name is not one entity of the specs) instead of falling to the prose around.
"""

from __future__ import annotations

import re

from claimaudit.draft.text import Span

MAX_CELL = 48                   # a pasted cell is a few words; a longer line is prose
# bounds that keep the reading linear in the text's length (a run of name lines is tried from
# each of its lines): more columns or rows than these are no table pasted by hand
MAX_COLUMNS, MAX_ROWS = 8, 64
SENTENCE_MARK = re.compile(r"[.。;；!?！？]\s|[。；！？]")
# a model number: letters, then two to four digits and perhaps a suffix (`MI400X`, `VR300`)
MODEL = re.compile(r"[A-Z][A-Za-z]{0,5}[ -]?\d{2,4}[A-Za-z]{0,3}")


def stacked_tables(text: str, paragraphs, names_in, numbers_in, cell_type) -> list:
    """Every value cell of every table pasted one cell per line; `names_in(start, end)` gives
    the spans naming entities, `numbers_in(start, end)` the numbers' spans, `cell_type` builds
    a cell (table_rows.Cell)."""
    lines = [(start, end) for start, end in paragraphs if text[start:end].strip()]
    out: list = []
    i = 0
    while i < len(lines):
        named: list[bool] = []
        while len(named) < MAX_COLUMNS and i + len(named) < len(lines):
            kind = _header_line(text, lines[i + len(named)], names_in, numbers_in)
            if kind is None:
                break
            named.append(kind)
        # the widest header whose rows follow: a last header line may be the first row's label
        found, j = [], i
        for width in range(len(named), 1, -1):
            found, j = _rows(text, lines, i + width, width, numbers_in)
            if sum(named[:width]) >= 2 and sum(1 for row in found if row[1]) >= 2:
                break
        else:
            i += 1
            continue
        table = Span(lines[i][0], lines[j - 1][1])
        for label, values in found:
            for column, (start, end), number in values:
                header = Span(*lines[i + column])
                out.append(cell_type(number, Span(start, end), text[label[0]:label[1]].strip(), header,
                                     table=table))
        i = j
    return out


def _header_line(text: str, line: tuple[int, int], names_in, numbers_in) -> bool | None:
    """True for a short line naming exactly one entity, with no sentence mark; False for a
    model number alone that names none; None for any other line."""
    start, end = line
    words = text[start:end].strip()
    if not 0 < len(words) <= MAX_CELL or SENTENCE_MARK.search(words):
        return None
    names = {text[s.start:s.end] for s in names_in(start, end)}
    if len(names) == 1:
        return True
    return False if not names and MODEL.fullmatch(words) and not numbers_in(start, end) else None


def _rows(text: str, lines, first: int, width: int, numbers_in):
    """The rows after a header: (label line, [(column, value line, number span)]) while each
    row is a short label with no figure and `width` short value lines; and the index after."""
    found: list = []
    j = first
    while j + width < len(lines) and len(found) < MAX_ROWS:
        label, values = lines[j], lines[j + 1:j + 1 + width]
        if numbers_in(*label) or not all(_cell_line(text, line) for line in [label, *values]):
            break
        cells = []
        for column, (start, end) in enumerate(values):
            numbers = numbers_in(start, end)
            if len(numbers) == 1:
                cells.append((column, (start, end), numbers[0]))
        found.append((label, cells))
        j += width + 1
    return found, j


def _cell_line(text: str, line: tuple[int, int]) -> bool:
    words = text[line[0]:line[1]].strip()
    return 0 < len(words) <= MAX_CELL and not SENTENCE_MARK.search(words)
