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
A last header line that is a change word (`Improvement factor` after `Trainium`, `Trainium2`)
is a column of ratios: the later named column over the first, or the other way round when only
that way the row's two figures give the ratio.
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


def stacked_tables(text: str, paragraphs, names_in, numbers_in, cell_type, is_change=None) -> list:
    """Every value cell of every table pasted one cell per line; `names_in(start, end)` gives
    the spans naming entities, `numbers_in(start, end)` the numbers' spans, `cell_type` builds
    a cell (table_rows.Cell), `is_change(words)` tells a change column's header."""
    lines = [(start, end) for start, end in paragraphs if text[start:end].strip()]
    out: list = []
    i = 0
    while i < len(lines):
        named: list = []
        while len(named) < MAX_COLUMNS and i + len(named) < len(lines) and CHANGE not in named:
            kind = _header_line(text, lines[i + len(named)], names_in, numbers_in, is_change)
            if kind is None or kind == CHANGE and sum(k is True for k in named) < 2:
                break
            named.append(kind)
        # the widest header whose rows follow: a last header line may be the first row's label
        found, j = [], i
        for width in range(len(named), 1, -1):
            found, j = _rows(text, lines, i + width, width, numbers_in)
            if sum(k is True for k in named[:width]) >= 2 and sum(1 for row in found if row[2]) >= 2:
                break
        else:
            i += 1
            continue
        table = Span(lines[i][0], lines[j - 1][1])
        columns = [c for c, kind in enumerate(named[:width]) if kind is not CHANGE]
        headers = [Span(*lines[i + c]) for c in range(width)]
        for index, (label, row, values) in enumerate(found):
            if index == 0 and PRODUCT_LABEL.fullmatch(text[label[0]:label[1]].strip()) and not values and all(
                    _header_line(text, line, names_in, numbers_in) is True for line in row):
                # `Blackwell | Blackwell Ultra` then a first row `GPU | B200 | B300`: the row names the
                # columns (a later row, or one labelled `Predecessor`, names other products)
                headers = [Span(*line) for line in row]
                continue
            for column, (start, end), number in values:
                header, baseline = headers[column], None
                if named[column] == CHANGE:
                    pair = _compared(text, values, columns, number)
                    if pair is None:
                        continue        # no ratio, or no one pair of columns it compares: the prose's
                    header, baseline = headers[pair[0]], headers[pair[1]]
                out.append(cell_type(number, Span(start, end), text[label[0]:label[1]].strip(), header,
                                     baseline, table=table))
        i = j
    return out


CHANGE = "change"
PRODUCT_LABEL = re.compile(r"GPUs?|chips?|accelerators?|models?|products?|SKUs?|devices?|芯片|晶片|型号|型號|"
                           r"产品|產品|加速卡|GPU型号|GPU型號", re.IGNORECASE)
AMOUNT = re.compile(r"\d[\d,]*(?:\.\d+)?")


def _compared(text: str, values: list, columns: list[int], number) -> tuple[int, int] | None:
    """(subject column, baseline column) of a change cell: a ratio (`6.7x`, `+40%`, `3倍`; an
    amount such as `+61 GB` is none) of the pair of named columns whose figures give it, within
    10%; of two columns, the later over the first when neither way gives it (the article may be
    wrong: check says so). None when no pair or several pairs give it among three or more."""
    if not RATIO_CELL.match(text, number.start, number.end + 3):
        return None
    spans = {column: (start, end) for column, (start, end), _ in values}
    amounts = {c: AMOUNT.search(text, *spans[c]) for c in columns if c in spans}
    change = AMOUNT.search(text, number.start, number.end)
    if change is None:
        return None
    wanted = float(change.group().replace(",", ""))
    wanted = 1 + wanted / 100 if "%" in text[number.start:number.end + 2] else wanted
    figures = {c: float(m.group().replace(",", "")) for c, m in amounts.items() if m}
    fits = [(a, b) for a in figures for b in figures if a != b and figures[b]
            and abs(figures[a] / figures[b] - wanted) <= 0.1 * wanted]
    if len(fits) == 1:
        return fits[0]
    return (columns[-1], columns[0]) if len(columns) == 2 and not fits else None


RATIO_CELL = re.compile(r"[+]?\d[\d,]*(?:\.\d+)?\s?(?:[x×%]|倍)")


def _header_line(text: str, line: tuple[int, int], names_in, numbers_in, is_change=None):
    """True for a short line naming exactly one entity, with no sentence mark; False for a
    model number alone that names none; CHANGE for a change word; None for any other line."""
    start, end = line
    words = text[start:end].strip()
    if not 0 < len(words) <= MAX_CELL or SENTENCE_MARK.search(words):
        return None
    names = {text[s.start:s.end] for s in names_in(start, end)}
    if len(names) == 1:
        return True
    if not names and is_change is not None and is_change(words):
        return CHANGE
    return False if not names and MODEL.fullmatch(words) and not numbers_in(start, end) else None


def _rows(text: str, lines, first: int, width: int, numbers_in):
    """The rows after a header: (label line, value lines, [(column, value line, number span)]) while each
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
        found.append((label, values, cells))
        j += width + 1
    return found, j


def _cell_line(text: str, line: tuple[int, int]) -> bool:
    words = text[line[0]:line[1]].strip()
    return 0 < len(words) <= MAX_CELL and not SENTENCE_MARK.search(words)
