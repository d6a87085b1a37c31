"""Units a table's header gives its column (pipeline/draft/, issue 19).

A spec table often writes the unit once, in the header, and bare numbers in the cells:
`| 型号 | CUDA核心 | FP8/TFLOPS | TDP(W) |` over `| A100 | 6912 | 312 | 400 |`. A header cell
that names a unit in parentheses (`TDP(W)`, `功耗（W）`), after a slash (`FP8/TFLOPS`,
`带宽/GB/s`), as its last words (`FP32 TFLOPS`, `Power, W`; a trailing "/chip", "per GPU" or
"(per-package)" says whose figure it is, not its unit) or that ends in a count noun (`CUDA核心`, "Cores")
gives that unit (or count) to the bare numeric cells of its column; a row label does so to its
row (`| FP16 TFLOPS | 312 | 989 |`, or pasted with single spaces `FP16 TFLOPS 1979 312`) where
the column's header gives none, and a corner cell naming rows and a rate (`Accelerator \\ TFLOPS`)
to the columns of precisions and densities (`fp16`, `w/o Sparsity`). A cell of two amounts
sharing one unit (`40/80GB`) gives its unit to the first amount as well. The line right above
a table, naming a rate or an amount ("... performance in TFLOPS:"), gives it to the cells no
header or row label gives one; failing all these, a bare cell may take its row's (row_units.py).

A spec list pasted one field per line gives a bare figure the unit of the label line above
it (`FP8 TFLOPS` over `1835`) or of the label before its colon (`Bandwidth (GB/s): 900`).
`header_numbers(view, paragraphs)` returns the numbers these rules add; numbers.py finds the
rest (a bare number with no unit near it is not drafted there).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import replace
from functools import cache, lru_cache

from claimaudit.draft.forms import Number, below_least, unit_at
from claimaudit.draft.lexicon import alternation, lexicon
from claimaudit.draft.row_units import BARE, CELL_FIGURE, column_units, row_unit
from claimaudit.draft.spaced_tables import INNER
from claimaudit.draft.stacked_tables import MAX_COLUMNS
from claimaudit.draft.table_cells import tables
from claimaudit.draft.text import Span

PARENTHESISED = re.compile(r"[(（]\s*([^()（）]+?)\s*[)）]\s*$")
PER_ONE = re.compile(r"\s*(?:/|\bper[\s-]+|每)\s*(?:chip|GPU|accelerator|device|card|package|socket|"
                     r"晶片|芯片|卡)\s*$", re.IGNORECASE)
# `1600 MXINT8`: a figure and the format it is for (letters and digits: not "bit" or "million"),
# in a column that gives the unit
WITH_WORD = re.compile(rf"{CELL_FIGURE.pattern}\s+[A-Za-z]{{1,6}}\d+[A-Za-z0-9]{{0,4}}")
# `54,200 million` under a count noun (`| 晶体管 | 54,200 million |`): written as the prose rule does
SCALED = re.compile(rf"({BARE.pattern})\s*(thousand|million|billion|trillion)", re.IGNORECASE)
POWERS = {"thousand": 3, "million": 6, "billion": 9, "trillion": 12}
# a cell with no figure in a row pasted one cell per line: `?`, `-`, `N/A`, `TBD`
PLACEHOLDER = re.compile(r"[?？\-–—]|N/?A|TBD|TBA", re.IGNORECASE)
# things done per second, with whose between (`Tokens/GPU/Second`, `samples/sec/chip`)
THROUGHPUT = re.compile(r"\b(?:tokens?|samples?|images?|requests?|queries|sequences?|iters?|iterations?|"
                        r"steps?)\s*/(?:\s*\w+\s*/)?\s*(?:s|sec|second)\b(?!\s*/\s*(?:k?W|watts?|\$|USD))",
                        re.IGNORECASE)      # (`Tokens/s/W` is an efficiency: the review)
# words ending in a rate (`Performance per Watt`, `Cost per GB`, `每卡`)
RATE_END = re.compile(r"(?:\bper|每)\s*\S+\s*$", re.IGNORECASE)
QUANTITY_MARK = re.compile(r"\s*[(（]\s*(?:qty\.?|quantity|count|#|no\.)\s*[)）]\s*$", re.IGNORECASE)
# an aside naming a part (`GPUs per node (NVL72 tray)`) says whose node: not read past (`Chips per instance
# (Trainium2)`, `#chips per worker (v4-8 and above)` are)
NAMED_ASIDE = re.compile(r"\b(?:tray|node|server|rack|board|blade)s?\b", re.IGNORECASE)
# `CPUs/Node`, `#chips per worker` (round 296), `Sockets per node`, `Hardware threads per core` (round 300)
PER_CONTAINER = re.compile(r"\s*#?\s*((?:\w+\s)?(?:GPUs|chips|accelerators|cards|cores|CPUs|NPUs|sockets|"
                           r"threads))"
                           r"(?:\s+per\s+|\s*/\s*)(?:node|server|system|rack|host|worker|instance|tray|board|machine|"
                           r"VM|socket|core)\s*",
                           re.IGNORECASE)
# a label, then two or more bare figures apart by single spaces and nothing else
SPACED_ROW = re.compile(rf" *([^\d\s|][^|\n\t]*?[^\d\s|])(?: (?:{BARE.pattern})){{2,}} *")
# `VRAM Memory (GB): 16 (HBM2)`, `Power Consumption (Watt): 250`: a label's unit, its figure after the colon
LABELLED = re.compile(rf"\s*([^:：|\n\d]{{2,40}}?)\s*[:：]\s*[~≈]?\s*({BARE.pattern})\s*"
                      r"(?:[(（][^()（）]{1,20}[)）])?\s*")
# ... or with no colon, the label's unit in brackets and figures one by one, a bracketed note and a slash
# between (`Estimated power consumption (W) 500`, `Peak performance (TFLOPS) 32.8 (DP) / 131 (SP) / 524 (HP)`:
# Preferred Networks' MN-Core page, held-out round 307); a whole line of two words or more
SPEC_LINE = re.compile(rf" ?([A-Za-z][A-Za-z&/-]*(?: [A-Za-z&/-]+){{1,8}}? \([^()\d\n]{{1,12}}\))[ \t]+"
                       rf"((?:{BARE.pattern})(?:[ \t]*\([A-Za-z]{{1,4}}\))?"
                       rf"(?:[ \t]*/[ \t]*(?:{BARE.pattern})(?:[ \t]*\([A-Za-z]{{1,4}}\))?)*)[ \t]*")
# the columns a corner cell's rate (`Accelerator \\ TFLOPS`) is the unit of: precisions and densities
# (`fp32`, `bf16`, `nvfp4`, `w/o Sparsity`), not a year's, a price's or a note's
PRECISION_COLUMN = re.compile(r"\s*(?:(?:nv|mx)?(?:fp|bf|tf|int)\d{1,2}\w*|bfloat16|tensor float ?32|"
                              r"w/o sparsity|w/ sparsity|with(?:out)? sparsity|dense|sparse|稠密|稀疏)\s*",
                              re.IGNORECASE)
TRAILING_PRECISION = re.compile(r"(.*?\S)\s+(?:(?:nv|mx)?(?:fp|bf|tf|int)\d{1,2}\w*|bfloat16)\s*",
                                re.IGNORECASE)
CORNER = re.compile(r"\s*[^\\|\n]{1,30}?\s*\\\s*([^\\|\n]{1,20}?)\s*")
# `显卡型号/精度/PEAK TFLOPS` (held-out round 204): rows, columns, then the rate, by slashes
SLASHED_CORNER = re.compile(r"\s*[^/|\n]{1,20}/[^/|\n]{1,20}/\s*([^/|\n]{1,20}?)\s*")
PAIR = re.compile(rf"\s*[~≈]?\s*({BARE.pattern})\s*/\s*({BARE.pattern})\s*[*†‡¹²³]*\s*")
SHARED = re.compile(rf"({BARE.pattern})\s*/\s*(?:{BARE.pattern})(?=\s*[A-Za-z])")


# a column of tokens per second or of milliseconds is a benchmark's measurement (`| Throughput
# (tokens/s) | TTFT (ms) |`), which no metric of the specs measures: of 76 such cells drafted in
# rounds 1-193, no reader marked one (round 197's reader later marked one column, 5 cells, which
# this drops); a figure with its own unit written, `3,264 tokens/s`, is still drafted. So for a
# column of microseconds, a profiler's (`| Task Duration(us) |`: round 204, 28 cells; round 180's
# reader marked 3 cells of a storage-latency column, which this drops)
BENCHMARK_UNITS = frozenset({"tokens/s", "ms", "us"})


def header_unit(words: str) -> tuple[str, str] | None:
    """(unit, count kind) a header cell gives its column: ('W', '') for `TDP(W)`, ('TFLOPS',
    '') for `FP8/TFLOPS`, ('', 'other') for `CUDA核心` or `Quantity`; None when it names no unit."""
    words = INNER.sub(r"\1", words.strip())       # `T(FL)OPS`: FLOPS or OPS, TFLOPS's scale
    words = re.sub(r"\s*[*†‡]+$", "", words)       # `FP16 PFLOPs*`: a footnote's mark (round 310; not `mm²`)
    if words[:1].isdigit():
        return None         # a figure in the header row (`| 80 GB |`) gives no unit to its column
    inside = PARENTHESISED.search(words)
    # `TeraFLOPS (FP8)`, `FP4 PFLOPs (Dense)`: the words before the brackets, or their last word
    # (not a rate's: `Performance per Watt (TOPS/W)`)
    outside = words[:inside.start()].strip() if inside else ""
    candidates = [inside.group(1), outside] if inside else []
    if inside and not RATE_END.search(outside):
        candidates.append(outside.rsplit(" ", 1)[-1])
    candidates += [words[m.end():].strip() for m in re.finditer("/", words)]
    candidates += [words[m.end():] for m in re.finditer(r"[\s,，]+", words)][-2:]   # `FP32 TFLOPS`
    candidates.append(words)            # `| Layer | GB/s |`: the header is the unit
    precision = TRAILING_PRECISION.fullmatch(words)     # `Max TFLOPS bf16`: the unit, then its format
    if precision:
        candidates += [precision.group(1), precision.group(1).rsplit(" ", 1)[-1]]
    # `Performance per Watt`, `Cost per GB`: a rate, no unit of its figures (`per GPU` says whose);
    # `GPUs per Server`, `Cores per node`: a count of the things before it in each container
    if THROUGHPUT.search(words):
        return None         # `Tokens/GPU/Second` (round 287): a benchmark's rate, not seconds
    # (an aside after it: `#chips per worker (vk-8 and above)`, round 296)
    per_container = PER_CONTAINER.fullmatch(words) or inside and not NAMED_ASIDE.search(inside.group(1)) \
        and PER_CONTAINER.fullmatch(outside)
    if (RATE_END.search(words) or per_container) and not PER_ONE.search(words.rstrip(")） ")):
        return ("", _count_noun_ending(per_container.group(1)) or "other") if per_container else None
    # `TOPS/W`, `(GB/mm2)`: a figure per watt or per area, not watts; so with whose it is
    # (`TFLOPS/W per package`), and a performance per watt (`Perf/W per socket`) has no unit
    scopeless = words[:inside.start()].strip() if inside and PER_ONE.fullmatch(inside.group(1)) \
        else PER_ONE.sub("", words)
    efficiency = re.fullmatch(r"(?:.*[\s(（])?(\S+?)\s*/\s*(W|mm2|mm²)[)）]?", scopeless)
    per, end = unit_at(efficiency.group(1), 0) if efficiency else ("", 0)
    if efficiency and per not in ("", "x", "%") and end == len(efficiency.group(1)):
        return f"{per}/{efficiency.group(2)}", ""
    if efficiency and re.fullmatch(r"perf(?:ormance)?\.?|性能|效能|能效|算力", efficiency.group(1),
                                   re.IGNORECASE):
        return None
    if scopeless != words:          # `FP4 PFLOPs per package`: the unit before whose it is
        candidates += [scopeless[m.end():] for m in re.finditer(r"[\s,，]+", scopeless)][-2:]
    for candidate in candidates:
        candidate = PER_ONE.sub("", candidate)      # `(GiB/sec/chip)`: a figure per chip
        unit, end = unit_at(candidate, 0)
        if unit and end == len(candidate) and unit not in ("x", "%"):
            return None if unit in BENCHMARK_UNITS else (unit, "")
    # `TDP per GPU` counts no GPUs; `Cores per chip` and `AIDs per Accelerator` count their things
    # `Transistor Count`, `Number of cores`: the count of the noun before (or after) the word
    # (`GPUNum`, `NumGPUs`, `GPU 数`: round 287)
    counted = re.sub(r"^\s*(?:number of\s+|num\s*(?=[A-Z]))|\s*(?:count|num|数量|數量|个数|個數|数|數)\s*$",
                     "", scopeless, flags=re.IGNORECASE)
    kind = _count_noun_ending(scopeless) or counted != scopeless and (
        _count_noun_ending(counted) or _count_noun_ending(f"{counted}s")) or (
        "other" if scopeless != words and re.search(r"[A-Za-z]{2,}s$", scopeless) else "")
    if not kind and re.fullmatch(r"(?:quantity|qty|count|number|#|数量|數量|个数|個數)", words,
                                 re.IGNORECASE) or re.fullmatch(r"\s*(?:节点|節點)(?:数量?|數量?)\s*", words):
        kind = "other"          # `| Chip | Quantity |`, `| GPU | Mem | # |`, `| 节点数 |` (round 301)
    marked = QUANTITY_MARK.sub("", scopeless)       # `vCPUs (Qty.)`, `Max NICs (Qty.)`: plural things counted
    if not kind and marked != scopeless and not _not_counted().search(marked):     # not `Engineers (count)`
        kind = _count_noun_ending(marked) or ("other" if re.search(r"[A-Za-z]{2,}s$", marked) else "")
    return ("", kind) if kind else None


@cache
def _count_nouns() -> list[tuple[re.Pattern, str]]:
    groups = lexicon().data["count_nouns"]
    out = []
    for kind, words in groups.items():   # a one-character classifier ends too many words (显卡)
        nouns = [w for w in words if w.isascii() or len(w) >= 2]
        out.append((re.compile(rf"(?:{alternation(nouns)})$", re.IGNORECASE), kind))
    return out


@cache
def _not_counted() -> re.Pattern:
    return re.compile(rf"\b(?:{alternation(lexicon().words('not_count_nouns'))})$", re.IGNORECASE)


def _count_noun_ending(words: str) -> str:
    for pattern, kind in _count_nouns():
        if pattern.search(words):
            return kind
    return ""


def header_numbers(view: str, paragraphs) -> list[Number]:
    """The numbers of bare cells under a header that names their unit, and the first amount
    of a shared-unit cell (`40/80GB`), in order of position."""
    out: list[Number] = []
    lines = [(a, b) for a, b in paragraphs if view[a:b].strip()]
    for i, (a, b) in enumerate(lines):
        # a spec list pasted one field per line: `FP8 TFLOPS` over `1835`, `容量` ... `128 GB`; a
        # table pasted one cell per line: the row's label over a value line per column
        words = view[a:b].strip()
        short = PARENTHESISED.sub("", words).strip()      # `FP8/INT6 PFLOPs (per-package)`
        unit = header_unit(words) if len(short) <= 24 and not re.search(r"(?<![A-Za-z\d])\d", words) else None
        if unit is None:
            continue
        run = []
        for start, end in lines[i + 1:i + 1 + MAX_COLUMNS]:
            value = view[start:end]
            figure = CELL_FIGURE.fullmatch(value.strip())
            if figure is None and not PLACEHOLDER.fullmatch(value.strip()):
                break
            if figure is not None:
                run.append(_number(start + len(value) - len(value.lstrip()) + figure.start(1),
                                   figure.group(1), unit[0], unit[1]))
        # a count noun's label over one bare figure may be a list's heading: counts need a row of them
        out += run if unit[0] or len(run) >= 2 else []
    for a, b in lines:
        labelled = LABELLED.fullmatch(view, a, b)
        unit = header_unit(labelled.group(1)) if labelled else None
        if labelled and unit is not None and unit[0]:
            out.append(_number(labelled.start(2), labelled.group(2), unit[0], ""))
        spec = None if labelled else SPEC_LINE.fullmatch(view, a, b)
        unit = header_unit(spec.group(1)) if spec else None
        if spec and unit is not None and unit[0] not in ("", "x", "%"):
            out += [_number(spec.start(2) + m.start(), m.group(), unit[0], "")
                    for m in BARE.finditer(spec.group(2))]
    for a, b in lines:      # `FP16 TFLOPS 1979 312 624 312`: a row pasted with single spaces
        row = SPACED_ROW.fullmatch(view, a, b)
        label = row.group(1) if row else ""
        unit = header_unit(label) if row and len(label) <= 24 and not re.search(r"(?<![A-Za-z\d])\d", label) \
            else None
        if row and unit is not None:
            out += [_number(a + m.start(), m.group(), unit[0], unit[1])
                    for m in BARE.finditer(view[a:b], row.end(1) - a)]
    lines_before = [a for a, b in lines]
    for table in _tables(view, paragraphs):
        header = table[0][1]
        above = bisect_right(lines_before, table[0][0].start) - 2
        caption = _caption_unit(view, lines, above) or _restated_unit(view, lines, above, table)
        below = bisect_right(lines_before, table[-1][0].start)
        described = _described_columns(view, lines[below] if below < len(lines) else None, header)
        units = {j: header_unit(view[span.start:span.end]) for j, span in enumerate(header) if j}
        # the corner cell `Accelerator \ TFLOPS` (rows \ a rate): the unit of its precision columns
        corner = (CORNER.fullmatch(view, header[0].start, header[0].end)
                  or SLASHED_CORNER.fullmatch(view, header[0].start, header[0].end)) if header else None
        rate = header_unit(corner.group(1)) if corner else None
        cornered = {j: rate for j, span in enumerate(header) if j and PRECISION_COLUMN.fullmatch(
            view, span.start, span.end)} if rate and re.search(r"(?:FLOPS|OPS)$", rate[0], re.I) else {}
        columns = column_units(view, table)
        for _, spans in table[1:]:
            # a row label may give the unit instead (`| FP16 TFLOPS | 312 | 989 |`)
            label = header_unit(view[spans[0].start:spans[0].end]) if spans else None
            for j, span in enumerate(spans):
                if j:
                    out += _cell_numbers(view, span, units.get(j) or label or cornered.get(j)
                                         or described.get(j) or caption or row_unit(view, spans, j, columns))
    return sorted(out, key=lambda n: n.start)


# the line right above a table naming its cells' unit: "The following are theoretical maximum
# performance in TFLOPS:" (held-out round 200: a garden's tables of bare TFLOPS, 47 figures missed)
CAPTION = re.compile(r".*?(?:\bin|单位[为為是]?|單位[为為是]?)\s*[:：]?\s*\(?([A-Za-z][A-Za-z/]{1,9})\)?"
                     r"\s*[:：]\s*(?:\[(?:\^[\w-]{1,20}|\w{1,4})\]\s*)*", re.IGNORECASE)


def _caption_unit(view: str, lines: list, at: int) -> tuple[str, str] | None:
    """The unit a table's caption line (`lines[at]`, the line above it) gives its cells: a rate
    or an amount, never a count."""
    caption = CAPTION.fullmatch(view[lines[at][0]:lines[at][1]].strip()) if at >= 0 else None
    unit = header_unit(caption.group(1)) if caption else None
    return unit if unit and unit[0] else None


# a figure and its unit in the paragraph right above a table ("The measured 17 TFLOPS FP64 is far closer
# to the VFMA peak", over `| FP64 | 17 |`: held-out round 219, a table of bare cells)
RESTATED = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})*(?:\.\d+)?)(?=\s?[A-Za-z])")


def _restated_unit(view: str, lines: list, at: int, table: list) -> tuple[str, str] | None:
    """The unit a table of bare cells takes from the paragraph right above it, when that paragraph
    restates one of its cells with a unit of rate or amount, and names that cell's row."""
    line = next((lines[k] for k in (at, at - 1) if k >= 0 and view[lines[k][0]:lines[k][1]].strip()), None)
    if line is None:
        return None
    said = view[line[0]:line[1]].lower()
    # a cell whose row's label the paragraph names too: `17` in the row `FP64`
    labelled = [spans for _, spans in table[1:] if spans and view[spans[0].start:spans[0].end].strip()
                and view[spans[0].start:spans[0].end].strip().lower() in said]
    cells = {view[s.start:s.end].strip() for spans in labelled for s in spans[1:]}
    for figure in RESTATED.finditer(view, line[0], line[1]):
        unit = header_unit(unit_at(view, figure.end())[0])
        if figure.group(1) in cells and unit and unit[0] not in ("", "x", "%"):
            return unit
    return None


# the paragraph right below a table naming its columns' unit: "The TF32 through FP8 columns are achieved
# matrix multiply throughput in TFLOPS." (held-out round 227: a table of bare measured TFLOPS)
COLUMNS_SAID = re.compile(r"\b[Tt]he\s+(\S+)(?:\s+(?:through|to)\s+(\S+))?\s+columns?\b")
IN_UNIT = re.compile(r"\bin\s+([A-Za-z][A-Za-z/]{1,9})\b")


def _described_columns(view: str, line, header: list) -> dict[int, tuple[str, str]]:
    """The columns (by header text: one, or a range "X through Y") that the paragraph right below a
    table says are in a unit of rate or amount, and that unit."""
    end = view.find("\n\n", line[0]) if line else -1
    said = view[line[0]:end if end >= 0 else len(view)] if line else ""      # its lines, to a blank one
    named = COLUMNS_SAID.search(said)
    unit_word = IN_UNIT.search(said, named.end()) if named else None
    unit = header_unit(unit_word.group(1)) if unit_word else None
    if named is None or unit is None or unit[0] in ("", "x", "%"):
        return {}
    texts = [view[span.start:span.end].strip().lower() for span in header]
    first, last = named.group(1).lower(), (named.group(2) or named.group(1)).lower()
    if first not in texts[1:] or last not in texts[1:] or texts.index(last) < texts.index(first):
        return {}
    return {j: unit for j in range(texts.index(first), texts.index(last) + 1)}


def _cell_numbers(view: str, span: Span, unit: tuple[str, str] | None) -> list[Number]:
    cell = view[span.start:span.end]
    # `320*`, `~2,000*`, `918 (BF16)`: an about sign, a footnote mark or a bracketed note around it
    figure = CELL_FIGURE.fullmatch(cell) or WITH_WORD.fullmatch(cell)
    if unit is not None and figure:
        return [_number(span.start + figure.start(1), figure.group(1), unit[0], unit[1])]
    scaled = SCALED.fullmatch(cell)
    if unit is not None and not unit[0] and scaled:
        power = POWERS[scaled.group(2).lower()]
        written = scaled.group(1)
        return [Number(span.start, span.end, float(written.replace(",", "")) * 10 ** power,
                       f"{written}e{power}", "", noun=unit[1])]
    pair = PAIR.fullmatch(cell)
    if unit is not None and unit[0] and pair:
        # `156/312*` under `TF32 TFLOPS`: two figures of the row (dense and, marked, sparse)
        return [_number(span.start + pair.start(k), pair.group(k), unit[0], unit[1]) for k in (1, 2)]
    shared = SHARED.match(cell)
    if shared is None:
        return []
    written, _ = unit_at(view, span.start + shared.end())
    if not written or written in ("x", "%"):
        return []
    return [_number(span.start, shared.group(1), written, "")]


def _number(start: int, written: str, unit: str, noun: str) -> Number:
    return Number(start, start + len(written), float(written.replace(",", "")), written, unit, noun=noun)


def with_header_numbers(view: str, numbers: list[Number], paragraphs) -> list[Number]:
    """`numbers` (in order, apart) and the header rules' numbers that none of them overlaps; a
    header number takes the place of a bare one over the same digits (`~2,000*`). A table's cell
    under a price header, or in a row a price labels, is no hardware figure: its numbers go."""
    paragraphs = tuple(paragraphs)
    priced = _priced_cells(view, paragraphs)
    if priced:
        starts = [span.start for span in priced]

        def in_price_cell(n: Number) -> bool:
            i = bisect_right(starts, n.start) - 1
            return i >= 0 and n.end <= priced[i].end
        numbers = [n for n in numbers if not in_price_cell(n)]
    ends = [n.end for n in numbers]
    added, replaced = [], set()
    for n in header_numbers(view, paragraphs):
        if priced and in_price_cell(n) or below_least(n):
            continue
        i = bisect_right(ends, n.start)
        if i >= len(numbers) or numbers[i].start >= n.end:
            added.append(n)
        elif not numbers[i].unit and not numbers[i].noun and numbers[i].value == n.value:
            replaced.add(i)
            added.append(replace(n, implied=numbers[i].implied))
    if not added:
        return numbers
    kept = [n for i, n in enumerate(numbers) if i not in replaced]
    return sorted([*kept, *added], key=lambda n: n.start)


# one text's tables, read once for its header units and its price cells (both keyed by the text)
_read_tables = lru_cache(maxsize=4)(tables)


def _tables(view: str, paragraphs) -> list:
    return _read_tables(view, tuple(paragraphs))


# a column or row of prices: `| 价格区间 (8卡) |` over `| 80-150万 |`, `| 市场价 (含服务) | 80-150万 |`,
# `| Price ($/hr) |` (held-out round 193: 26 of its 40 noise claims in one page; "性价比", a
# price-performance, is no price)
PRICE_HEADER = re.compile(r"价格|價格|售价|售價|报价|報價|定价|定價|市场价|市場價|租金|费用|費用|"
                          r"\b(?:prices?|pricing|costs?|MSRP)\b|\$\s?/", re.IGNORECASE)


@lru_cache(maxsize=4)       # one text's tables, read once per draft (not kept for every text)
def _priced_cells(view: str, paragraphs) -> list[Span]:
    """The cells, in order, that a price header heads (by column) or a price label leads (by row)."""
    out = []
    for table in _tables(view, paragraphs):
        header = table[0][1]
        columns = {j for j, span in enumerate(header) if j and PRICE_HEADER.search(view[span.start:span.end])}
        for _, spans in table[1:]:
            row = bool(spans) and PRICE_HEADER.search(view[spans[0].start:spans[0].end]) is not None
            out += [span for j, span in enumerate(spans) if j and (row or j in columns)]
    return sorted(out, key=lambda span: span.start)
