"""Tables in an article: each value cell is a claim (pipeline/draft/, issue 19).

Markdown (`| a | b |`), HTML (cells joined by text.py as `|`) and aligned plain text (cells
apart by a tab or two spaces; table_rows.py cuts a line into cells) are read alike:
consecutive lines with the same number of cells, three or more. When the header row names
entities, each column is a subject and each row's first cell is the metric's words; when the
first column names entities (the transposed layout), each row is a subject and the header
cell is the metric's words. Under a header that names no entity (`Year | 2022 | 2024 |`), a
row labelled as the product (`GPU | H100 | B200 |`) names the columns of the rows under it. A
column whose header names no entity and whose cells are
changes (`+76%`) compares the last entity column with the first: a ratio claim; so does a
column headed by an increase word (`改進`, "Improvement") whose cells are bare percentages
(`| 90% |`: +90%) or ratios and percentages with words (`| 1.67x Faster |`, `| ~30% - 36%
Increase |`). A ratio cell against a baseline column (`| Baseline | 2× baseline |`) compares
its column's entity with the first. Tables pasted with single spaces are read in
spaced_tables.py, tables pasted one cell per line in stacked_tables.py, short names in label
cells (`| v4 |`) in table_names.py.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import replace

from claimaudit.draft.lexicon import lexicon
from claimaudit.draft.products import FORM_FACTOR
from claimaudit.draft.spaced_tables import loose_tables, unit_header_tables
from claimaudit.draft.stacked_tables import PRODUCT_LABEL, stacked_tables
from claimaudit.draft.table_rows import CHANGE, PERCENT, RULE, WORDED, Cell, row_cells, span_text
from claimaudit.draft.text import Span


def tables(text: str, paragraphs) -> list[list[tuple[Span, list[Span]]]]:
    """Runs of two or more rows with the same number of cells and the same separator (pipes
    or spaces); Markdown separator rows are dropped. Under a Markdown header (a header row, then
    a separator row) a piped row of another width (a merged cell pasted as `| A | B | 72 | 36 |`)
    is left out and the table goes on: its columns stay the header's."""
    found: list = []
    run: list = []
    markdown = False
    spaced = unit_header_tables(text, paragraphs)
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
        if run and piped and cells and len(cells) < len(run[-1][1]) and MERGED.search(text, start, end) \
                and re.search(r"\d", text[start:end]):       # (a note's, `| Source: vendor | | |`, ends it)
            continue        # a row whose merged cells came out as bare borders (`| 0.06 | normal | |||||||`,
                            # round 301): the table goes on under its header
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


MERGED = re.compile(r"\|[ \t]*\|[ \t]*\|")
MAKER_HEADER = re.compile(r"\s*(?:vendors?|makers?|manufacturers?|compan(?:y|ies)|brands?|"
                          r"厂商|廠商|厂家|廠家|公司|品牌)\s*", re.IGNORECASE)
COUNT_HEADER = re.compile(r"\s*(?:#|number of|no\.? of|count of)|[^|]*(?:数量|數量|个数|個數)", re.IGNORECASE)
# words of a corner cell that also names a family ("| TPU 比较 | TPUv1 |", "| GPU model | H100 |")
CORNER_WORDS = re.compile(r"[\u4e00-\u9fff]|\b(?:compar\w*|specs?|features?|metrics?|models?|items?|"
                          r"parameters?|vs)\b", re.IGNORECASE)


def cells(text: str, paragraphs, named, names_in=None, numbers_in=None) -> list[Cell]:
    """Every value cell of every table; `named(span)` says whether a span names an entity."""
    out: list[Cell] = []
    if names_in is not None and numbers_in is not None:
        out += loose_tables(text, paragraphs, names_in, numbers_in)
        out += stacked_tables(text, paragraphs, names_in, numbers_in, Cell, change_header)
    for table in tables(text, paragraphs):
        header = table[0][1]
        labelled = not any(named(spans[0]) or re.match(r"\s*[~<>≈]?\d", span_text(text, spans[0]))
                           for _, spans in table[1:])
        if labelled and named(header[0]) and not CORNER_WORDS.search(span_text(text, header[0])):
            # `TPUv1 | TPUv2 |` over `Process node | 28 nm | 16 nm |`: a header pasted without its
            # corner cell names the columns after the rows' labels
            header = [Span(header[0].start, header[0].start), *header]
            table = [(table[0][0], header), *table[1:]]
        whole = Span(table[0][0].start, table[-1][0].end)
        # a header cell counting a product (`# of Trainium devices`) is a metric's words, no column's name
        columns = [j for j, span in enumerate(header) if j and named(span)
                   and not COUNT_HEADER.match(span_text(text, span))]
        product = None if columns else _product_row(text, table, named)
        if product is not None:
            # `Year | 2022 | 2024 |` over `GPU | H100 | B200 |`: the row labelled as the product
            # names the columns of the rows under it (the rows above it are no claims' rows)
            table = table[product[0]:product[1]]
            header = table[0][1]
            columns = [j for j, span in enumerate(header) if j and named(span)]
        rows = [i for i, (_, spans) in enumerate(table) if i and named(spans[0])]
        # `| NVIDIA | H100 SXM | Hopper | 80 GB |`: a maker's column first, the product's second
        # (held-out round 197): the second column names the rows when the first names none
        second = [i for i, (_, spans) in enumerate(table) if i and len(spans) > 2 and named(spans[1])]
        at = 1 if not rows and not columns and len(second) >= max(2, (len(table) - 1) // 2) \
            and MAKER_HEADER.fullmatch(span_text(text, header[0])) else 0
        rows = second if at else rows
        if columns:
            labels = not any(named(spans[k]) for _, spans in table[1:] for k in range(min(2, len(spans))))
            out += [replace(cell, table=whole) for cell in _by_columns(text, table, columns, labels)]
        elif rows:
            # the row's name cell says what its cells measure too: `| B200 BF16 TC | 2250 |`
            out += [Cell(spans[j], row, f"{span_text(text, spans[at])} {span_text(text, header[j])}",
                         spans[at], table=whole)
                    for i, (row, spans) in enumerate(table) if i in rows for j in range(at + 1, len(spans))]
    return sorted(out, key=lambda cell: cell.span.start)


def _product_row(text: str, table, named) -> tuple[int, int] | None:
    """(first, end): the rows of the table its product row heads. The product row is the first,
    among the three under a header of years or plain numbers (`Year | 2022 | 2024 |`), labelled
    as the product (`GPU`, `型号`) whose cells name two or more entities and hold no figure; under a
    title row with empty cells (`| **Technical Specifications** | | |`), so labelled or not
    (`| **Feature** | **GB300** | **B200** |`, round 278). Its rows end before the next row whose
    cells name any product (a rival's or a predecessor's row, a second product row): those are no
    columns' of its."""
    header = [span_text(text, span) for span in table[0][1][1:]]
    if not all(YEARISH.fullmatch(cell) for cell in header):
        return None         # a header of instances or servers (`p5.48xlarge`) is no year's
    titled = not any(cell.strip() for cell in header)
    for i, (_, spans) in enumerate(table[1:4], start=1):
        values = [span_text(text, span) for span in spans[1:]]
        if (titled and not any(ANOTHER_ROW.search(value) for value in values)    # (`| vs H100 |`)
                or PRODUCT_LABEL.fullmatch(span_text(text, spans[0]).strip().strip("*_").strip())) \
                and sum(bool(named(span)) for span in spans[1:]) >= 2 \
                and not any(re.match(r"\s*[~<>≈]?\d", value) for value in values):
            end = next((j for j in range(i + 1, len(table)) if any(named(span) for span in table[j][1])
                        or ANOTHER_ROW.search(span_text(text, table[j][1][0]))), len(table))
            return i, end
    return None


# a header cell of a year, a quarter or a plain number (`2024`, `2025 H2`, `2026年`)
YEARISH = re.compile(r"[\s\d年QHFY'’./-]*")
# a row label that speaks of another part than the product row's
ANOTHER_ROW = re.compile(r"predecessor|previous|prior|rival|competitor|vs\.?|上一代|前代|对比|對比|竞品|競品",
                         re.IGNORECASE)


# a card's form factor in a product row's cell ("1x H100 PCIe5"), none in its header ("H100-1-80G")
FORM_WORD = re.compile(rf"(?<![A-Za-z])(?:{FORM_FACTOR})(?:\s?(?:Gen\s?)?\d)?(?![A-Za-z])", re.IGNORECASE)
TYPE_LABEL = re.compile(rf"\s*(?:{PRODUCT_LABEL.pattern})(?:\s+(?:type|model|name))?\s*", re.IGNORECASE)


def _product_cells(text: str, table, columns: list[int]) -> tuple[Span | None, dict[int, Span]]:
    """`| GPU Type | 1x H100 PCIe5 |` under a header of instances (`| H100-1-80G |`): the row labelled
    as the product, where its cell names the column's card by its form factor and the header does not,
    names that column's variant in the other rows (the header names the product only). Its own cells
    stay value cells, no names (article.py): "1x" counts."""
    header = table[0][1]
    for row, spans in table[1:]:
        if len(spans) == len(header) and TYPE_LABEL.fullmatch(span_text(text, spans[0])):
            return row, {j: spans[j] for j in columns if FORM_WORD.search(span_text(text, spans[j]))
                         and not FORM_WORD.search(span_text(text, header[j]))}
    return None, {}


def _by_columns(text: str, table, columns: list[int], labels: bool = False) -> list[Cell]:
    named = table[0][1]
    product_row, variants = _product_cells(text, table, columns)
    out = []
    rising = {j for j, span in enumerate(named) if increase_header(text[span.start:span.end])}
    # "Improvement factor", or a cell "增加 50%" under any header: a change between the table's two
    # product columns when the row's figures give it (of three or more, which pair is not said)
    factor = {j for j, span in enumerate(named) if change_header(text[span.start:span.end])} \
        if len(columns) == 2 else set()
    for row, spans in table[1:]:
        header = named if row == product_row else [variants.get(j, span) for j, span in enumerate(named)]
        label = text[spans[0].start:spans[0].end]
        for j in range(1, len(spans)):
            cell = text[spans[j].start:spans[j].end]
            if j in columns and j != columns[0] and _against_baseline(text, spans, columns[0], cell):
                # `| ICI Bandwidth | Baseline | 2× baseline |`: a ratio to the first column's entity
                out.append(Cell(spans[j], row, label, header[j], header[columns[0]]))
            elif j in columns:
                # `| Interconnect | NVLink: 1.8TB/s | |`: a figure with empty cells after it in product
                # columns may be theirs too (a merged cell): its name spans them, and is asked
                last = j
                while last + 1 in columns and last + 1 < len(spans) and not _width(spans[last + 1]):
                    last += 1
                out.append(Cell(spans[j], row, label, Span(header[j].start, header[last].end)))
            elif len(columns) >= 2 and ((change := CHANGE.match(cell))
                                        or _compares_columns(text, spans, columns, j, rising, factor)):
                later = [c for c in columns if c < j] or columns
                subject, baseline = later[-1], columns[0]
                name = (change.group(1) or change.group(2)) if change else None   # the column it favours
                first = text[header[columns[0]].start:header[columns[0]].end]
                if _first_over_last(text, spans, columns[0], later[-1], cell) or name and re.search(
                        rf"\b{re.escape(name)}\b", first):
                    subject, baseline = columns[0], later[-1]    # "| 3200亿 | 1530亿 | 2.1倍 |"
                out.append(Cell(spans[j], row, label, header[subject], header[baseline]))
            elif labels and j < len(header) and BARE_COUNT.fullmatch(cell) \
                    and THINGS.search(span_text(text, header[j])):
                # `| Nodes | 308 | 8 |` under `| Node Type | High Memory Nodes | DGX A100 GPU Nodes |`
                # (round 301): where the columns name the things and the rows only what is counted, a
                # column naming no entity counts none of one another names (its 8 is no DGX's 8 GPUs;
                # where the rows name products, `| Hopper | H100 | 8 |`, the columns are what is counted)
                out.append(Cell(spans[j], row, label, header[j]))
    return out


def _width(span: Span) -> int:
    return span.end - span.start


BARE_COUNT = re.compile(r"\s*\d{1,3}(?:,\d{3})*\s*")
THINGS = re.compile(r"[A-Za-z]{2,}s\s*$|节点|節點")        # `High Memory Nodes`: things, no measure
TIMES_BASELINE = re.compile(r"[~≈]?\d+(?:\.\d+)?\s?[x×](?:\s+(?:the\s+)?baseline)?", re.IGNORECASE)


def _against_baseline(text: str, spans, first: int, cell: str) -> bool:
    """A ratio cell (`4.7× baseline`) in a row whose first entity column is the baseline
    (`Baseline`, `1×`)."""
    base = text[spans[first].start:spans[first].end].strip() if first < len(spans) else ""
    return bool(TIMES_BASELINE.fullmatch(cell.strip())) and bool(
        re.fullmatch(r"(?:the\s+)?baseline|1(?:\.0)?\s?[x×]", base, re.IGNORECASE))


AMOUNT = re.compile(r"(\d[\d,]*(?:\.\d+)?)")


def _row_ratio(text: str, spans, first: int, last: int, cell: str) -> tuple[float, float, float] | None:
    """The two columns' leading amounts and the change cell's ratio ("+50%" is 1.5), or None when
    a column has no amount (`N/A`) or the cell no ratio."""
    values = []
    for j in (first, last):
        found = AMOUNT.search(text, spans[j].start, spans[j].end) if j < len(spans) else None
        values.append(float(found.group(1).replace(",", "")) if found else 0.0)
    change = re.search(r"(\d[\d.,]*)\s?(%|x|×|倍)", cell)
    if not change or 0.0 in values:
        return None
    amount = float(change.group(1).replace(",", ""))
    return values[0], values[1], 1 + amount / 100 if change.group(2) == "%" else amount


def _near(ratio: float, wanted: float) -> bool:
    return abs(ratio - wanted) <= 0.1 * wanted


def _first_over_last(text: str, spans, first: int, last: int, cell: str) -> bool:
    """Whether the change cell is the first column over the last one ("| MI455X | MI300X | 提升 |"
    with `| 3200亿 | 1530亿 | 2.1倍 |`): the two columns' leading amounts reproduce it only
    that way round, within 10%. Otherwise the later column stays the subject."""
    found = _row_ratio(text, spans, first, last, cell)
    return found is not None and _near(found[0] / found[1], found[2]) \
        and not _near(found[1] / found[0], found[2])


def _compares_columns(text: str, spans, columns: list[int], j: int, rising: set, factor: set) -> bool:
    """Whether cell j is a change between the product columns: a ratio under an increase header,
    or, of two product columns, under a change header or worded as an increase ("增加 50%") when
    the row's figures give it."""
    cell = text[spans[j].start:spans[j].end]
    worded = bool(PERCENT.match(cell) or WORDED.match(cell))
    if j in rising and worded:
        return True
    return len(columns) == 2 and (j in factor and worded or increase_cell(cell)) \
        and _ratio_fits(text, spans, columns, cell)


def _ratio_fits(text: str, spans, columns: list[int], cell: str) -> bool:
    """Whether the row's two figures give the change cell's ratio either way round (within 10%),
    or one of them is missing (`N/A`): a change they contradict (`| 700 | 1000 | better 25% |`)
    is some other comparison."""
    found = _row_ratio(text, spans, columns[0], columns[1], cell)
    return found is None or _near(found[0] / found[1], found[2]) or _near(found[1] / found[0], found[2])


def increase_header(words: str) -> bool:
    """A header that is an increase word and nothing else ("改進", "Improvement", "提升")."""
    return words.strip().lower() in {w.lower() for w in lexicon().words("increase_words")}


def as_its_row(record: dict, cell: Cell, rows: dict[int, tuple[str, list[str]]]) -> None:
    """A row's first figure's metric, and the questions it asks of it, are kept for the row's
    change cell, which asks the metric they ask ("given for BF16/FP16/TF32")."""
    if cell.baseline is None:
        if record.get("metric"):
            rows.setdefault(cell.row.start, (record["metric"], [
                t for t in record.get("todo") or [] if t.startswith("metric:")]))
        return
    row = rows.get(cell.row.start)
    if row and row[1] and record.get("metric"):
        record["metric"] = row[0]
        record["todo"] = [*(t for t in record.get("todo") or [] if not t.startswith("metric:")), *row[1]]


def increase_cell(cell: str) -> bool:
    """A cell that is an increase word and a ratio ("增加 50%", "提升 2倍", "Up 1.7x"), whatever its
    column's header ("差异说明")."""
    found = re.fullmatch(r"\s*(\S{1,12}?)\s*(?:by\s+)?~?\d[\d.,]*\s?(?:%|x|×|倍)\s*", cell)
    return found is not None and increase_header(found.group(1))


def change_header(words: str) -> bool:
    """A column of changes: an increase word, perhaps with "factor" or "ratio" ("Improvement
    factor", "提升倍数")."""
    bare = re.sub(r"\s*(?:factors?|ratios?|multiples?|倍数|倍數|幅度)$", "", words.strip(),
                  flags=re.IGNORECASE)
    return bool(bare) and increase_header(bare)


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


# a count of chips inside a name ("H200 8卡服务器", "DGX H100 (8x H100)", "8× H200"): a claim of the
# system the name is, where a model number inside one ("A100 80GB") and a name's "8-GPU" are none
COUNTED = re.compile(r"\s*(?:卡|張|张|颗|顆|\s*[x×]\s*[A-Z])", re.IGNORECASE)


def counted_in_name(view: str, number) -> bool:
    return number.unit in ("", "x") and (number.noun == "chips"
                                         or COUNTED.match(view, number.end) is not None)


# "| ... Node with 2 NVDIA H100 94GB Gen5 GPUs. 48c AMD EPYC 9224 CPU & 768GB DDR5 Memory. |": a cell of
# sentences, each figure's words its own sentence's (the 768 GB's DDR5 is not the GPUs' memory)
CELL_SENTENCE_END = re.compile(r"(?<=[a-z\d)])(?<!\bvs)(?<!\bv)\.\s+(?=[A-Z\d])")


def cell_clause(local: str, position: int) -> Span:
    """The sentence of a cell's text (its label with the first) that holds `position`."""
    start, end = 0, len(local)
    for match in CELL_SENTENCE_END.finditer(local):
        if match.end() <= position:
            start = match.end()
        elif match.start() >= position:
            end = match.start() + 1
            break
    return Span(start, end)
