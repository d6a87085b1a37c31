"""Tables in an article: each value cell is a claim (pipeline/draft/, issue 19).

Markdown (`| a | b |`), HTML (cells joined by text.py as `|`) and aligned plain text (cells
apart by a tab or two spaces) are read alike: consecutive lines with the same number of
cells, three or more. A table pasted with single spaces whose header's columns each end in a
unit (`Accelerator FP64 TFLOPS BF/FP16 TFLOPS ... HBM (GB) TDP (W)`) is read from its header:
each row is a label and as many cells, counted from the right (an empty cell pasted as a run
of spaces, a figure with one word after it, `1600 MXINT8`, one cell). When the header row
names entities, each column is a subject and each row's first cell is the metric's words;
when the first column names entities (the transposed layout), each row is a subject and the
header cell is the metric's words. A column whose header names no entity and whose cells are
changes (`+76%`) compares the last entity column with the first: a ratio claim; so does a
column headed by an increase word (`改進`, "Improvement") whose cells are bare percentages
(`| 90% |`: +90%) or ratios and percentages with words (`| 1.67x Faster |`, `| ~30% - 36%
Increase |`). A ratio cell against a baseline column (`| Baseline | 2× baseline |`) compares
its column's entity with the first. A table pasted one cell per line is read in
stacked_tables.py, short names in label cells (`| v4 |`) in table_names.py.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, replace

from claimaudit.draft.forms import unit_at
from claimaudit.draft.lexicon import lexicon
from claimaudit.draft.stacked_tables import stacked_tables
from claimaudit.draft.text import Span

RULE = re.compile(r"^[\s|:+-]+$")              # a Markdown separator row: |---|:--:|
# a signed change, perhaps led by the name of the column it favours (`| H200 +43% |`)
CHANGE = re.compile(r"^\s*(?:([A-Za-z][\w-]{1,15})\s+)?[+\-−]\s?\d[\d.,]*\s?(?:%|x|倍)\s*$")
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
        spans = [_trim(text, start + a + 1, start + b) for a, b in zip(bounds, bounds[1:])]
        if line.strip().startswith("|"):
            spans = spans[1:]
        if line.strip().endswith("|"):
            spans = spans[:-1]
        # `| | H100 | A100 |`: an empty corner cell keeps its column
        corner = [Span(start + bounds[1], start + bounds[1])] if spans and spans[0] is None \
            and line.strip().startswith("|") else []
        kept = corner + [s for s in spans if s is not None]
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


def _spaced_tokens(text: str, start: int, end: int) -> list[Span]:
    """The words of a line pasted with single spaces; a run of n spaces holds n // 2 empty cells
    (an empty cell pasted as a space between two single-space gaps), as empty spans."""
    out = []
    for m in re.finditer(r"[^ \t]+| {2,}", text[start:end]):
        if m.group().isspace():
            out += [Span(start + m.start() + 1, start + m.start() + 1)] * (len(m.group()) // 2)
        else:
            out.append(Span(start + m.start(), start + m.end()))
    return out


INNER = re.compile(r"(?<=\w)\((\w+)\)(?=\w)")       # `T(FL)OPS`: FLOPS or OPS, TFLOPS's scale


def _unitish(word: str) -> bool:
    """A header word that is a unit: `TFLOPS`, `(GB)`, `(TB/s)`, `T(FL)OPS` (FLOPS or OPS)."""
    for candidate in (word, word.strip("()（）"), INNER.sub(r"\1", word)):
        unit, stop = unit_at(candidate, 0)
        if unit and stop == len(candidate) and unit not in ("x", "%"):
            return True
    return False


def spaced_header(text: str, start: int, end: int) -> list[Span] | None:
    """A single-space header of three or more columns, each ending in a unit word: its label
    cell (the first word before the first column's own words, or an empty span) and columns."""
    words = _spaced_tokens(text, start, end)
    if not words or any(w.start == w.end for w in words) or "|" in text[start:end]:
        return None
    columns, first = [], 0
    for i, word in enumerate(words):
        if _unitish(text[word.start:word.end]) and i > first:
            columns.append(Span(words[first].start, word.end))
            first = i + 1
    if len(columns) < 3 or first != len(words):
        return None
    label = Span(start, start)
    if first_words := [w for w in words if w.end <= columns[0].end][:-1]:
        if len(first_words) >= 2:
            label, columns[0] = first_words[0], Span(first_words[1].start, columns[0].end)
    return [label, *columns]


FIGURE_WORD = re.compile(r"[~≈]?\d[\d,]*(?:\.\d+)?[*†]*|N/?A|n/a|\?+|[-–—]|TBD")


def spaced_row(text: str, start: int, end: int, width: int) -> list[Span] | None:
    """A row under a single-space header of `width` value columns: a label of words, then
    `width` cells counted from the right (a figure, perhaps with one word after it, or an
    empty cell)."""
    words = _spaced_tokens(text, start, end)
    cells: list[Span] = []
    after: Span | None = None           # `1600 MXINT8`: the word after a figure
    i = len(words)
    while i > 0 and len(cells) < width:
        i -= 1
        word = words[i]
        if word.start == word.end and after is None:
            cells.insert(0, word)
        elif FIGURE_WORD.fullmatch(text[word.start:word.end]):
            cells.insert(0, Span(word.start, after.end if after else word.end))
            after = None
        elif after is None and cells and word.start < word.end:
            after = word
        else:
            return None
    label = words[:i]
    if len(cells) < width or after is not None or not label or any(w.start == w.end for w in label):
        return None
    if not re.search(r"[A-Za-z\u4e00-\u9fff]", text[label[0].start:label[-1].end]):
        return None
    if not any(re.match(r"[~≈]?\d", text[c.start:c.end]) for c in cells):
        return None
    return [Span(label[0].start, label[-1].end), *cells]


def _spaced_tables(text: str, paragraphs) -> dict[int, list[Span]]:
    """The cells of each line of a single-space table with a unit header (and at least one
    row), by line start."""
    out: dict[int, list[Span]] = {}
    run: list[tuple[int, list[Span]]] = []
    for start, end in [*paragraphs, (len(text), len(text))]:
        row = spaced_row(text, start, end, len(run[0][1]) - 1) if run else None
        if row:
            run.append((start, row))
            continue
        if len(run) >= 2:
            out.update(run)
        header = spaced_header(text, start, end)
        run = [(start, header)] if header else []
    return out


def tables(text: str, paragraphs) -> list[list[tuple[Span, list[Span]]]]:
    """Runs of two or more rows with the same number of cells and the same separator (pipes
    or spaces); Markdown separator rows are dropped. Under a Markdown header (a header row, then
    a separator row) a piped row of another width (a merged cell pasted as `| A | B | 72 | 36 |`)
    is left out and the table goes on: its columns stay the header's."""
    found: list = []
    run: list = []
    markdown = False
    spaced = _spaced_tables(text, paragraphs)
    for start, end in paragraphs:
        if RULE.match(text[start:end] or "x") and "-" in text[start:end] and run:
            if len(run) > 1:        # a separator under a later row: that row heads a new table
                if len(run) > 2:
                    found.append(run[:-1])
                run = run[-1:]
            markdown = True
            continue
        cells = spaced.get(start) or row_cells(text, start, end)
        piped = "|" in text[start:end]
        # under a header with an empty corner cell, a row of another count of borders dropped
        # empty cells of its own: its cells would fall under the wrong names
        cornered = bool(run) and run[0][1][0].start == run[0][1][0].end and text[start:end].count("|") \
            != text[run[0][0].start:run[0][0].end].count("|")
        previous = text[run[-1][0].start:run[-1][0].end] if run else ""
        if cells and not cornered and (not run or (len(run[-1][1]) == len(cells)
                                                   and ("|" in previous) == piped)):
            run.append((Span(start, end), cells))
            continue
        if markdown and piped:
            continue
        if len(run) >= 2:
            found.append(run)
        run = [(Span(start, end), cells)] if cells else []
        markdown = False
    if len(run) >= 2:
        found.append(run)
    return found


def loose_tables(text: str, paragraphs, names_in, numbers_in) -> list[Cell]:
    """A table pasted with single spaces: a header line naming two or more entities, then
    lines of a label and as many values as the header has columns (entities, then perhaps a
    change column): `指标 H100 (80GB) H200 (141GB) 提升` / `显存容量 80GB 141GB +76%`.
    `names_in(start, end)` gives the spans naming entities, `numbers_in(start, end)` the
    numbers' spans."""
    out: list[Cell] = []
    header: list[Span] = []
    table_start, rising, unnamed_first = 0, False, False
    for start, end in paragraphs:
        values = numbers_in(start, end)
        label_end = values[0].start if values else end
        if header and values and len(values) in (len(header), len(header) + 1) and _bare_row(
                text, start, end, values):
            label = text[start:label_end].strip()
            row, table = Span(start, end), Span(table_start, end)
            change = text[max(start, values[-1].start - 1):values[-1].end]
            # `参数 CS-1 (2019) CS-2 (2022)`: a first column the specs do not name; its cell is left
            # to the prose rules and the named columns keep their cells
            own = values[1:] if len(values) > len(header) and unnamed_first and not CHANGE.match(change) \
                else values[:len(header)]
            out += [Cell(v, row, label, header[i], table=table) for i, v in enumerate(own)]
            # a signed change, or under a header ending in an increase word ("性能提升") a ratio
            if len(values) > len(header) and (CHANGE.match(change) or rising and WORDED.match(
                    text[values[-1].start:values[-1].end])):
                out.append(Cell(values[-1], row, label, header[-1], header[0], table=table))
            continue
        named = names_in(start, end)
        line = text[start:end]
        if header and len(named) < 2 and len(line) <= 60 and not re.search(r"[.,;:。，；：]", line):
            continue        # `Connection to host via PCIe Gen4 x8 Gen4 x8`, `Architecture Ampere Hopper`
        header = named if len(named) >= 2 and row_cells(text, start, end) is None else []
        table_start = start
        tail = text[named[-1].end:end].strip().lower() if header else ""
        unnamed_first = bool(header) and len(text[start:named[0].start].split()) > 1
        rising = any(tail.endswith(w.lower()) for w in lexicon().words("increase_words")) if tail else False
    return out


def _bare_row(text: str, start: int, end: int, values: list[Span]) -> bool:
    """A label of words (no sentence mark; digits only in a short one: `FP4`, `FP16/BF16`),
    then values apart by spaces only."""
    label = text[start:values[0].start].rstrip(" ~≈")
    if not label.strip() or re.search(r"[,，。:：;；]", label) or (
            re.search(r"\d", label) and len(label.strip()) > 24):
        return False
    gaps = [text[a.end:b.start] for a, b in zip(values, values[1:])] + [text[values[-1].end:end]]
    # `80 GB (HBM2e) 80 GB (HBM3)`, `~2.0 TB/s ~3.35 TB/s`: a short note after a value, an about sign
    return all(re.fullmatch(r"\s*(?:\([^()\d]{1,10}\d?[a-z]?\)\s*)?[~≈]?[+\-−]?", gap) for gap in gaps)


# words of a corner cell that also names a family ("| TPU 比较 | TPUv1 |", "| GPU model | H100 |")
CORNER_WORDS = re.compile(r"[\u4e00-\u9fff]|\b(?:compar\w*|specs?|features?|metrics?|models?|items?|"
                          r"parameters?|vs)\b", re.IGNORECASE)


def cells(text: str, paragraphs, named, names_in=None, numbers_in=None) -> list[Cell]:
    """Every value cell of every table; `named(span)` says whether a span names an entity."""
    out: list[Cell] = []
    if names_in is not None and numbers_in is not None:
        out += loose_tables(text, paragraphs, names_in, numbers_in)
        out += stacked_tables(text, paragraphs, names_in, numbers_in, Cell)
    for table in tables(text, paragraphs):
        header = table[0][1]
        labelled = not any(named(spans[0]) or re.match(r"\s*[~<>≈]?\d", _text(text, spans[0]))
                           for _, spans in table[1:])
        if labelled and named(header[0]) and not CORNER_WORDS.search(_text(text, header[0])):
            # `TPUv1 | TPUv2 |` over `Process node | 28 nm | 16 nm |`: a header pasted without its
            # corner cell names the columns after the rows' labels
            header = [Span(header[0].start, header[0].start), *header]
            table = [(table[0][0], header), *table[1:]]
        whole = Span(table[0][0].start, table[-1][0].end)
        columns = [j for j, span in enumerate(header) if j and named(span)]
        rows = [i for i, (_, spans) in enumerate(table) if i and named(spans[0])]
        if columns:
            out += [replace(cell, table=whole) for cell in _by_columns(text, table, columns)]
        elif rows:
            # the row's name cell says what its cells measure too: `| B200 BF16 TC | 2250 |`
            out += [Cell(spans[j], row, f"{_text(text, spans[0])} {_text(text, header[j])}", spans[0],
                         table=whole)
                    for i, (row, spans) in enumerate(table) if i in rows for j in range(1, len(spans))]
    return sorted(out, key=lambda cell: cell.span.start)


def _text(text: str, span: Span) -> str:
    return text[span.start:span.end]


def _by_columns(text: str, table, columns: list[int]) -> list[Cell]:
    header = table[0][1]
    out = []
    rising = {j for j, span in enumerate(header) if increase_header(text[span.start:span.end])}
    for row, spans in table[1:]:
        label = text[spans[0].start:spans[0].end]
        for j in range(1, len(spans)):
            cell = text[spans[j].start:spans[j].end]
            if j in columns and j != columns[0] and _against_baseline(text, spans, columns[0], cell):
                # `| ICI Bandwidth | Baseline | 2× baseline |`: a ratio to the first column's entity
                out.append(Cell(spans[j], row, label, header[j], header[columns[0]]))
            elif j in columns:
                out.append(Cell(spans[j], row, label, header[j]))
            elif ((change := CHANGE.match(cell)) or j in rising and (
                    PERCENT.match(cell) or WORDED.match(cell))) and len(columns) >= 2:
                later = [c for c in columns if c < j] or columns
                subject, baseline = later[-1], columns[0]
                name = change.group(1) if change else None      # the column the change favours
                first = text[header[columns[0]].start:header[columns[0]].end]
                if _first_over_last(text, spans, columns[0], later[-1], cell) or name and re.search(
                        rf"\b{re.escape(name)}\b", first):
                    subject, baseline = columns[0], later[-1]    # "| 3200亿 | 1530亿 | 2.1倍 |"
                out.append(Cell(spans[j], row, label, header[subject], header[baseline]))
    return out


TIMES_BASELINE = re.compile(r"[~≈]?\d+(?:\.\d+)?\s?[x×](?:\s+(?:the\s+)?baseline)?", re.IGNORECASE)


def _against_baseline(text: str, spans, first: int, cell: str) -> bool:
    """A ratio cell (`4.7× baseline`) in a row whose first entity column is the baseline
    (`Baseline`, `1×`)."""
    base = text[spans[first].start:spans[first].end].strip() if first < len(spans) else ""
    return bool(TIMES_BASELINE.fullmatch(cell.strip())) and bool(
        re.fullmatch(r"(?:the\s+)?baseline|1(?:\.0)?\s?[x×]", base, re.IGNORECASE))


AMOUNT = re.compile(r"(\d[\d,]*(?:\.\d+)?)")


def _first_over_last(text: str, spans, first: int, last: int, cell: str) -> bool:
    """Whether the change cell is the first column over the last one ("| MI455X | MI300X | 提升 |"
    with `| 3200亿 | 1530亿 | 2.1倍 |`): the two columns' leading amounts reproduce it only
    that way round, within 10%. Otherwise the later column stays the subject."""
    values = []
    for j in (first, last):
        found = AMOUNT.search(text, spans[j].start, spans[j].end)
        values.append(float(found.group(1).replace(",", "")) if found else 0.0)
    change = re.search(r"(\d[\d.,]*)\s?(%|x|×|倍)", cell)
    if not change or 0.0 in values:
        return False
    amount = float(change.group(1).replace(",", ""))
    wanted = 1 + amount / 100 if change.group(2) == "%" else amount
    def near(ratio: float) -> bool:
        return abs(ratio - wanted) <= 0.1 * wanted
    return near(values[0] / values[1]) and not near(values[1] / values[0])


def increase_header(words: str) -> bool:
    """A header that is an increase word and nothing else ("改進", "Improvement", "提升")."""
    return words.strip().lower() in {w.lower() for w in lexicon().words("increase_words")}


def cell_at(found: list[Cell], starts: list[int], position: int) -> Cell | None:
    """The cell holding `position`; `found` in text order and `starts` their starts (one
    bisect per number, not a scan)."""
    index = bisect_right(starts, position) - 1
    cell = found[index] if index >= 0 else None
    return cell if cell is not None and position < cell.span.end else None


SECTION_ROW = re.compile(r"^[ \t]*\|[ \t]*([A-Za-z\u4e00-\u9fff][^|\n]*?)[ \t]*(?:\|[ \t]*){2,}$", re.M)


def section_label(plain: str, cell) -> str:
    """The label of the nearest row above the cell, inside its table, whose other cells are all
    empty (a section heading), with a separator; '' when there is none."""
    if cell.table is None:
        return ""
    found = list(SECTION_ROW.finditer(plain, cell.table.start, cell.row.start))
    return f"{found[-1].group(1)}; " if found else ""
