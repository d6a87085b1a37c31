"""Tables pasted with single spaces (pipeline/draft/, issue 19).

Copying a table from a page often leaves one space between its cells, so a row is words and
figures with nothing to cut them. Two layouts are read:
- a header whose columns each end in a unit (`Accelerator FP64 TFLOPS BF/FP16 TFLOPS ... HBM
  (GB) TDP (W)`): each row is a label and as many cells, counted from the right (an empty cell
  pasted as a run of spaces, a figure with one word after it, `1600 MXINT8`, one cell);
- a header naming two or more entities (`指标 H100 (80GB) H200 (141GB) 提升`), then rows of a
  label and as many values as the header has names, perhaps one more for a change column
  (`显存容量 80GB 141GB +76%`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from claimaudit.draft.forms import Number, unit_at
from claimaudit.draft.lexicon import lexicon
from claimaudit.draft.stacked_tables import MODEL
from claimaudit.draft.table_rows import CHANGE, WORDED, Cell, row_cells, span_text
from claimaudit.draft.text import Span


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


def unit_header_tables(text: str, paragraphs) -> dict[int, list[Span]]:
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


# a cell the row holds without a figure the drafter reads: a placeholder or a bare figure
# (`N/A`, `—`, `2.25` beside `2.25 PFLOPS`, `10.7` before a unit no metric has)
UNREAD_CELL = re.compile(rf"(?<!\S)(?:{FIGURE_WORD.pattern})(?!\S)")
FIGURE = re.compile(r"\d[\d,.]*\d")
MULTIPLIER = re.compile(r"\d\s?[x×]")
PRECISION = re.compile(r"(?:FP|BF|INT|TF|MXFP)\d", re.IGNORECASE)


def loose_tables(text: str, paragraphs, names_in, numbers_in) -> list[Cell]:
    """A table pasted with single spaces: a header line naming two or more entities, then
    lines of a label and as many values as the header has columns (entities, then perhaps a
    change column): `指标 H100 (80GB) H200 (141GB) 提升` / `显存容量 80GB 141GB +76%`. A cell
    with no figure read (`N/A`, a bare `2.25`) holds its column's place and makes no claim.
    `names_in(start, end)` gives the spans naming entities, `numbers_in(start, end)` the
    numbers' spans."""
    out: list[Cell] = []
    header: list[Span] = []
    wide: list[Span] = []       # the header's columns with the model numbers the specs lack
    table_start, rising, unnamed_first = 0, False, False
    for start, end in paragraphs:
        values = numbers_in(start, end)
        slots = _slots(text, start, end, values) if header else []
        change = text[max(start, slots[-1].start - 1):slots[-1].end] if slots else ""
        if len(wide) > len(header) and len(slots) == len(wide) and not CHANGE.match(change) and _bare_row(
                text, start, end, slots):
            # `参数 H100 A6000 L40S A100`: a column the specs lack keeps its place; its cells are asked
            row, table = Span(start, end), Span(table_start, end)
            out += [Cell(v, row, text[start:slots[0].start].strip(), wide[i], table=table)
                    for i, v in enumerate(slots) if v in values]
            continue
        if header and len(slots) in (len(header), len(header) + 1) and _bare_row(text, start, end, slots):
            label = text[start:slots[0].start].strip()
            row, table = Span(start, end), Span(table_start, end)
            # `参数 CS-1 (2019) CS-2 (2022)`: a first column the specs do not name; its cell is left
            # to the prose rules and the named columns keep their cells
            own = slots[1:] if len(slots) > len(header) and unnamed_first and not CHANGE.match(change) \
                else slots[:len(header)]
            out += [Cell(v, row, label, header[i], table=table) for i, v in enumerate(own) if v in values]
            # a signed change, or under a header ending in an increase word ("性能提升") a ratio
            last = span_text(text, slots[-1])
            if len(slots) > len(header) and slots[-1] in values and (CHANGE.match(change) or rising and
                                                                      WORDED.match(last)):
                out.append(Cell(slots[-1], row, label, header[-1], header[0], table=table))
            continue
        named = names_in(start, end)
        line = FIGURE.sub("0", text[start:end])
        # `Connection to host via PCIe Gen4 x8 Gen4 x8`, `Architecture Ampere Hopper`, or a row
        # of as many cells whose label is no short one (`Attention acceleration (SFU EX2) 10.7 ...`)
        if header and len(named) < 2 and (len(line) <= 60 or len(slots) in (len(header), len(header) + 1)) \
                and not re.search(r"[.,;:。，；：]", line):
            continue
        # `NVIDIA B200 Blackwell 192GB HBM3e 4,500 8.0 TB/s` is a row of figures, no header
        # (a header's sizes follow its names or sit in brackets: `H100 80 GB SXM`, `H100 (80GB)`)
        header = named if len(named) >= 2 and row_cells(text, start, end) is None \
            and not _loose_figures(text, start, end, values, named) else []
        wide = sorted(header + _unknown_models(text, header, end), key=lambda span: span.start)
        table_start = start
        tail = text[named[-1].end:end].strip().lower() if header else ""
        unnamed_first = bool(header) and len(text[start:named[0].start].split()) > 1
        rising = any(tail.endswith(w.lower()) for w in lexicon().words("increase_words")) if tail else False
    return out


BRACKETED = re.compile(r"[(（][^()（）]*[)）]")


def _loose_figures(text: str, start: int, end: int, values: list[Span], named: list[Span]) -> bool:
    """Whether a line holds an amount (a figure with its unit; `RTX 3090` is a name) neither in
    brackets nor right after a name."""
    brackets = [Span(start + m.start(), start + m.end()) for m in BRACKETED.finditer(text[start:end])]
    ends = {n.end for n in named}
    loose = [v for v in values if not _overlaps(v, brackets)
             and (re.search(r"\d\s?[A-Za-z%]", span_text(text, v)) or unit_at(text, v.end)[0])
             and not any(text[e:v.start].isspace() or e == v.start for e in ends if e <= v.start)]
    return bool(loose)


def _unknown_models(text: str, names: list[Span], end: int) -> list[Span]:
    """The words after a header's first name that are model numbers no name covers (`A6000`),
    not a precision (`FP16`)."""
    if not names:
        return []
    found = [Span(names[0].start + m.start(), names[0].start + m.end())
             for m in re.finditer(r"(?<!\S)\S+(?!\S)", text[names[0].start:end])]
    return [w for w in found if MODEL.fullmatch(span_text(text, w))
            and not PRECISION.match(span_text(text, w)) and not _overlaps(w, names)]


def _overlaps(span: Span, others: list[Span]) -> bool:
    return any(o.start <= span.start < o.end or span.start <= o.start < span.end for o in others)


def _slots(text: str, start: int, end: int, values: list[Span]) -> list[Span]:
    """A row's cells in order: its values and the cells that hold no value read (a bare
    figure after the row's first figure, a placeholder just before a cell or at the end); a
    count of parts (`2x 50MB`) is not a cell of its own."""
    spans = sorted(values, key=lambda span: span.start)
    unread = [Span(start + m.start(), start + m.end()) for m in UNREAD_CELL.finditer(text[start:end])]
    unread = [u for u in unread if not _overlaps(u, spans)]
    figures = [u.start for u in unread if re.search(r"\d", span_text(text, u))]
    first = min([span.start for span in spans] + figures, default=end)
    found = sorted(spans + [u for u in unread if u.start >= first], key=lambda span: span.start)
    for u in reversed([u for u in unread if u.start < first]):     # `peak N/A ~1,979 TFLOP/s`
        if found and re.fullmatch(r"[\s~≈]*", text[u.end:found[0].start]):
            found.insert(0, u)
    return [span for span, after in zip(found, [*found[1:], None]) if not (
        after and MULTIPLIER.fullmatch(span_text(text, span)) and not text[span.end:after.start].strip())]


def _bare_row(text: str, start: int, end: int, values: list[Span]) -> bool:
    """A label of words (no sentence mark; digits only in a short one: `FP4`, `FP16/BF16`),
    then values apart by spaces only, each perhaps with a short note."""
    if not values:
        return False
    label = text[start:values[0].start].rstrip(" ~≈")
    if not label.strip() or re.search(r"[,，。:：;；]", label) or (
            re.search(r"\d", label) and len(label.strip()) > 24):
        return False
    gaps = [text[a.end:b.start] for a, b in zip(values, values[1:])] + [text[values[-1].end:end]]
    # `80 GB (HBM2e) 80 GB (HBM3)`, `279 GB HBM3E 129 GB HBM3E`, `~2.0 TB/s ~3.35 TB/s`: a short
    # note after a value (bracketed or one capitalised word), an about sign
    return all(re.fullmatch(r"\s*(?:\([^()\d]{1,10}\d?[a-z]?\)\s*|[A-Z][\w/]{1,20}\s+|[A-Z][\w/]{1,20}$)?"
                            r"(?:\d\s?[x×]\s+)?[~≈]?[+\-−]?", gap) for gap in gaps)


# A third layout: a header of count columns (`Name Node type Node Count ... Cores per node Total Cores Memory
# GPU GPUs per node Total GPUs`, `Mode ... Logical GPUs per Physical GPU Physical GPUs on Node Total Logical
# GPUs`) over rows of words and whole numbers (`login1 login 1 Intel Haswell 24 24 256 GB N/A 0 0`: held-out
# rounds 303 and 306). Its columns cannot be told apart, a header's words being many to a column, but each
# whole number standing alone in a row is a count of one of them.
COUNT_LABEL = re.compile(r"\b(?:count|total|per\s\w+|GPUs|CPUs|cores|nodes|sockets|threads|domains)\b",
                         re.IGNORECASE)
# a header naming columns of measures or of things no chip (`Temp`, `Power`, `Speed`, `Batch`, `NICs per
# node`, `Fans per chassis`: the review): their figures are no counts, or counts a row's system could take
# as its chips
OTHER_COLUMNS = re.compile(r"\b(?:temp\w*|power|watts?|speed|G[bB]ps|[MG]Hz|GB|TB|latency|throughput|tokens?|"
                           r"batch|steps?|epochs?|params?|parameters|layers?|heads?|exit|runtime|time|NICs?|"
                           r"ports?|fans?|PSUs?|links?|switch\w*|%)(?![A-Za-z])", re.IGNORECASE)
LONE_WHOLE = re.compile(r"(?<!\S)[1-9]\d{0,2}(?:,\d{3})*(?!\S)")
SEPARATORS = 2          # blank lines between a header's groups of rows (`login2 ...`, ` `, `milan[1,2] ...`)
REACH = 40              # rows between a figure and its header


def spaced_count_cell(view: str, number: Number) -> bool:
    """A whole number standing alone in a row of a single-space table under a header of counts."""
    if not LONE_WHOLE.fullmatch(view, number.start, number.end):
        return False
    end = view.find("\n", number.end) % (len(view) + 1)
    start = view.rfind("\n", 0, number.start) + 1
    return _count_table_row(view, start, end)


@lru_cache(maxsize=1024)
def _count_table_row(view: str, start: int, end: int) -> bool:
    """The line start..end is a row of whole numbers, under rows and at most SEPARATORS blank lines
    in a run up to a header of count columns."""
    if not _spaced_row(view[start:end]):
        return False
    blanks = 0
    for _ in range(REACH):
        if start == 0:
            return False
        end, start = start - 1, view.rfind("\n", 0, start - 1) + 1
        line = view[start:end]
        if not line.strip():
            blanks += 1
            if blanks > SEPARATORS:
                return False
            continue
        blanks = 0
        if not _spaced_row(line):
            return (not re.search(r"\d|[|\t]| {2,}|[.:;]\s", line.strip()) and len(line) <= 240
                    and len(COUNT_LABEL.findall(line)) >= 2 and not OTHER_COLUMNS.search(line))
    return False


def _spaced_row(line: str) -> bool:
    """Words and two or more whole numbers standing alone, one space apart, no cell borders nor prose."""
    text = line.strip()
    return (len(LONE_WHOLE.findall(text)) >= 2 and not re.search(r"[|\t]| {2,}|[.:;,]\s", text)
            and len(text) <= 240)
