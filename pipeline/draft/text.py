"""Article text -> plain text, sentences and clauses (pipeline/draft/).

The draft quotes the article verbatim, so every later step works on offsets into the plain
text made here: HTML tags are dropped (with the elements whose class the lexicon names, such
as translations printed under each paragraph), entities unescaped, and full-width digits read
as ASCII digits in a same-length copy (`digits`), so offsets agree between the two.
"""

from __future__ import annotations

import bisect
import html
import re
from collections import Counter
from dataclasses import dataclass

from claimaudit.draft import markup
from claimaudit.draft.cell_lines import cell_lines
from claimaudit.draft.html_tables import one_line_rows

FULL_WIDTH = str.maketrans("０１２３４５６７８９．，％／\u2010\u2011", "0123456789.,%/--")  # Unicode hyphens
# A tag ends before the next `<`: an unclosed `<` ("x < y") costs one scan to the next `<`, not
# one to the end of the text per `<` (quadratic on 256 KB of them).
_TAG = re.compile(r"<(?=[A-Za-z/!?])[^<>]+>")      # `<50 kW ... >200 kW` is text: a tag opens with a letter
_NOT_TEXT = re.compile(r"<(script|style|noscript|template|textarea)\b[^<>]*>|<!--", re.IGNORECASE)
_ELEMENT_TAG = re.compile(r"<(/?)(div|p|span)\b([^<>]*)>", re.IGNORECASE)
WINDOW = 240        # characters of a long sentence read around a number (and its longest quote)
PARAGRAPH_WINDOW = 4000
TABLE_TAG = re.compile(r"<table\b", re.IGNORECASE)
_CELL_END = re.compile(r"</t[dh]\s*>", re.IGNORECASE)
_BLOCK_END = re.compile(r"</(p|div|h\d|li|ul|ol|tr|table|br)\s*>|<br\s*/?>", re.IGNORECASE)
# A sentence ends at CJK full stops, at ! ? and at ". " before a capital or a CJK character;
# a "?" glued to a digit after it is a character lost in transcoding ("快约?1.8 倍"), no question.
# a full stop, perhaps with footnote marks after it ("... Trn2 UltraServer.[1][2] Each chip"), or
# glued to the next sentence's first word after a word or a bracket ("the Rubin CPX).The PR")
_SENTENCE_END = re.compile(r"[。！？!]+|\?+(?!\d)|\.(?:\[\d{1,3}\])*(?=\s+[A-Z\"“(\u4e00-\u9fff])|"
                           r"(?<=[a-z)\]])\.(?=[A-Z][a-z]{2,}\s)|\n+")
# the unit after a decimal comma (`1,3 TFLOPS`, `7,5 petaflops`: round 302): shared by the clause marks
# and DECIMAL_COMMA
DECIMAL_UNIT = (r"\s?(?:(?:[kKMGTPE]i?)?(?:FLOPS|OPS|B/s|B|W|Hz|bps)\b"
                r"|(?i:peta|tera|exa|giga)(?i:flops|bytes)\b)")
# A clause ends at these marks; a comma between digits (1,452) is not a mark.
_CLAUSE_END = re.compile(
    # a dash ends a clause unless it joins a range ("5.6–8kW", "350–400W", "1,000 - 2,000 servers")
    # (a comma between digits, 1,452, is none, nor a decimal one, `1,3 TFLOPS`, but for a name's, `HBM4,50`)
    r"(?<!\d),|,(?!\d{3})(?!\d{1,2}" + DECIMAL_UNIT + r")|(?<=[A-Za-z]\d),(?!\d{3})"
    r"|[;；：，、（）()\[\]—]|(?<!\d\s)(?<=\s)–|–(?!\s?\d)|:(?=\s)|(?<!\d)\s-\s|\s-\s(?!\d)"
    r"|以及|並且|并且"
    # "... 94GB Gen5 GPUs. 48c AMD EPYC 9224 CPU & 768GB DDR5": a sentence a digit starts, in a table's row
    # (one sentence), is a clause of its own; not "vs. 80 GB", "approx. 5", "No. 1", "Fig. 3"
    r"|(?<=[a-z])(?<!\bvs)(?<!\bv)(?<!approx)(?<!\bca)(?<!\bno)(?<!\bfig)(?<!\bcf)\.\s+(?=\d)(?=[^\n|]*\|)"
    # "144 GB of HBM3E and up to 4.9 TB/s": a new number after "and" starts a new clause
    r"|\s(?:and|but|while)\s(?=(?:up to |about |over |more than |nearly |roughly |just over )?\d)")
_BETWEEN = re.compile(r"\bbetween\s+\S+$", re.IGNORECASE)
_LABEL_LINE = re.compile(r"[^\d:：\n|,，]{2,40}[:：]\s*[~≈]?\s*\d[\d.,]*\s?[A-Za-z/]{0,8}\s*"
                         r"(?:[(（][^()（）]{1,20}[)）])?\s*")      # `Bandwidth (GB/s): 900`, `TDP: 700 W`
# "the H200—to be released in 2024—will boast 144 GB": a dashed aside with no figure (a year at most)
# leaves the clause it interrupts whole
_ASIDE = re.compile(r"\s?—(?:[^\d—,;.]|(?:19|20)\d\d){2,60}—\s?")
_LEAD = re.compile(r"\d[\d.,]*\s?[A-Za-z/%×]{0,12}")      # "42.5 ExaFLOPS", "4.4x", "144"


@dataclass(frozen=True)
class Span:
    """A piece of the plain text, [start, end)."""

    start: int
    end: int


def plain_text(raw: str, skip_classes: list[str]) -> str:
    """HTML or plain text -> plain text, one block per line (linear time: each step is one
    left-to-right scan). Scripts, styles, comments, a Markdown block of code or shell output and
    the like are not article text, a Markdown link is its words; a wiki's
    table markup, and a table pasted one cell a line (cell_lines.py), become tables of one row
    per line."""
    raw = markup.as_shown(raw)
    if "{|" in raw:
        raw = _wiki_tables(raw)
    if "|" in raw:
        raw = cell_lines(raw)
    if "<" not in raw:
        return raw
    raw = _drop_non_text(raw)
    raw = _drop_elements(raw, skip_classes)
    if TABLE_TAG.search(raw):
        raw = one_line_rows(raw)
    raw = _CELL_END.sub(" | ", raw)      # a table row stays one line of cells (table_cells.py)
    raw = _BLOCK_END.sub("\n", raw)
    text = html.unescape(_TAG.sub("", raw))
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())


def _wiki_tables(raw: str) -> str:
    """Each wiki table, `{| class="wikitable" |+ caption ! A !! B |- | a || b |}` (on one line
    or many), as a table of one row per line; one pass: each table ends at the first `|}` after
    it, and with no `|}` left the rest is text."""
    kept, cursor = [], 0
    while (start := raw.find("{|", cursor)) >= 0 and (end := raw.find("|}", start + 2)) >= 0:
        body = raw[start + 2:end]
        first = re.search(r"\|\+|!|\|-|\n", body)        # past the table's attributes
        kept += [raw[cursor:start], _wiki_rows(body[first.start():] if first else "")]
        cursor = end + 2
    return "".join(kept) + raw[cursor:]


def _wiki_rows(body: str) -> str:
    """`|+ Caption ! Chip !! Memory |- | H100 || 80GB` -> "Caption", "| Chip | Memory |", a rule,
    "| H100 | 80GB |", each on its own line."""
    lines = []
    for row in re.split(r"\|-+", body):
        row = row.strip()
        caption = re.match(r"\|\+\s*([^!|]*)", row)
        if caption:
            lines.append(caption.group(1).strip())
            row = row[caption.end():].strip()
        if row.startswith("!"):
            cells = re.split(r"\s*(?:!!|\|\|)\s*", row[1:].strip())
            lines += ["| " + " | ".join(cells) + " |", "|" + "---|" * len(cells)]
        elif row.startswith("|"):
            lines.append("| " + " | ".join(re.split(r"\s*\|\|\s*", row[1:].strip())) + " |")
    return "\n" + "\n".join(lines) + "\n"


def _drop_non_text(raw: str) -> str:
    """Remove <script>, <style>, <noscript>, <template>, <textarea> elements and <!-- comments -->;
    one left unclosed runs to the end of the text, as a browser reads it. A tag inside Markdown's
    inline code (`amdrun <script> <script_args>`: an odd number of backticks before it on its
    line) is words, no element."""
    kept, cursor, counted, ticks = [], 0, 0, 0      # backticks on the line up to `counted`
    while (opening := _NOT_TEXT.search(raw, cursor)) is not None:
        kept.append(raw[cursor:opening.start()])
        line = raw.rfind("\n", counted, opening.start())      # one scan forward, however long the line
        ticks = (ticks if line < 0 else 0) + raw.count("`", counted if line < 0 else line + 1,
                                                       opening.start())
        counted = opening.start()
        if ticks % 2:
            kept.append(opening.group())
            cursor = opening.end()
        elif opening.group() == "<!--":
            close = raw.find("-->", opening.end())
            cursor = len(raw) if close < 0 else close + 3
        else:
            close_tag = re.compile(rf"</{opening.group(1)}\s*>", re.IGNORECASE)
            found = close_tag.search(raw, opening.end())
            cursor = len(raw) if found is None else found.end()
    kept.append(raw[cursor:])
    return "".join(kept)


def _drop_elements(raw: str, class_names: list[str]) -> str:
    """Remove every <div|p|span class="... name ...">...</div|p|span> (nesting followed with a
    stack of open tags, in one scan; an element never closed is kept)."""
    if not class_names:
        return raw
    wanted = re.compile(r'class\s*=\s*"[^"]*\b(?:' + "|".join(map(re.escape, class_names))
                        + r')\b', re.IGNORECASE)
    stack: list[tuple[str, int, bool]] = []          # (tag name, start, dropped)
    open_names: Counter[str] = Counter()
    dropping = 0                                      # dropped elements on the stack
    drops: list[tuple[int, int]] = []
    for match in _ELEMENT_TAG.finditer(raw):
        closing, name = match.group(1), match.group(2).lower()
        if not closing:
            dropped = bool(wanted.search(match.group(3)))
            stack.append((name, match.start(), dropped))
            open_names[name] += 1
            dropping += dropped
            continue
        if not open_names[name]:
            continue                                  # a stray closing tag
        while True:                                   # inner tags left open close here
            inner, start, dropped = stack.pop()
            open_names[inner] -= 1
            dropping -= dropped
            if inner == name:
                break
        if dropped and not dropping:
            drops.append((start, match.end()))
    if not drops:
        return raw
    kept, cursor = [], 0
    for start, end in drops:
        kept.append(raw[cursor:start])
        cursor = end
    kept.append(raw[cursor:])
    return "".join(kept)


def digits_view(text: str) -> str:
    """The text with full-width digits, point, comma, percent and slash and the Unicode hyphens
    as ASCII (same length: `51.2 Tb／s` reads as Tb/s, `3‑nanometer` as 3-nanometer), and a TeX
    tie between a figure and its unit as a space (`33.95~PFLOP/s`, `800~GbE` in a paper's text)."""
    view = DECIMAL_COMMA.sub(_decimal_point, text) if "," in text else text      # an ASCII comma only
    view = view.translate(FULL_WIDTH)
    view = TIE.sub(" ", view) if "~" in view else view
    return _without_item_numbers(view) if ITEM_NUMBER.search(view) else view


TIE = re.compile(r"(?<=\d)~(?=[A-Za-z])")
# a decimal comma before a unit (`1,3 TFLOPS`, `~1,6 TB NVMe`, `119,5 TFLOPS`): one or two digits after
# it, so no thousands separator; read as the point it is. Not a list of sizes: a doubling (`16,32 GB`,
# `40,80 GB`) or after a word that lists (`显存分别为 40,80GB`, `versions of 24,48 GB`), nor `，`
DECIMAL_COMMA = re.compile(r"(?<![\w,.])(\d{1,4}),(\d{1,2})(?=" + DECIMAL_UNIT + ")")
LISTING = re.compile(r"(?:分别|分別|\b(?:respectively|versions?|configurations?|options?|sizes?|either|or))"
                     r"\W{0,3}(?:\w+\W{1,3}){0,2}$", re.IGNORECASE)


def _decimal_point(match: re.Match) -> str:
    whole, part = match.group(1), match.group(2)
    listed = int(part) == 2 * int(whole) or LISTING.search(match.string, max(0, match.start() - 30),
                                                             match.start())
    return match.group() if listed else f"{whole}.{part}"


# a list's item number run into the item's first word ("- 5B100 GPU supports 192 GB", a page's
# numbered list flattened): blanked when the items count on (1, 2, 3 ...), so B100 is read
ITEM_NUMBER = re.compile(r"^[ \t]*[-*•▸][ \t]*(\d{1,3})(?=[A-Z])", re.MULTILINE)


def _without_item_numbers(view: str) -> str:
    """Blank the numbers of a list of three or more items on consecutive lines counting 1, 2, 3 ...
    ("- 2X the memory bandwidth", "- 3X ...", "- 4X ..." are figures, not items 2, 3, 4)."""
    runs: list[list[re.Match]] = []
    for match in ITEM_NUMBER.finditer(view):
        last = runs[-1][-1] if runs else None
        if last is not None and view.count("\n", last.end(), match.start()) == 1 \
                and int(last.group(1)) + 1 == int(match.group(1)):
            runs[-1].append(match)
        else:
            runs.append([match])
    counted = [m for run in runs if len(run) >= 3 and run[0].group(1) == "1" for m in run]
    if not counted:
        return view
    out = list(view)
    for match in counted:
        out[match.start(1):match.end(1)] = " " * (match.end(1) - match.start(1))
    return "".join(out)


# digits grouped in threes by a space (`10 624 compute blades`, `5 612 teraflops`, `84 992`)
SPACE = " \u00a0\u202f\u2009"
# (not before a hyphened unit: `512 200-gigabit SerDes` is 512 of them at 200 gigabits)
SPACED = re.compile(rf"(?<![\w.,])\d{{1,3}}(?:[{SPACE}]\d{{3}})+(?![\w,]|\.\d|[{SPACE}]\d|-[A-Za-z])")


def spaced_thousands(view: str) -> str:
    """Thousands grouped by spaces in prose written with commas (same length), so `9 234 nodes` is
    one count; a table's line (a bar, a tab, a double space, few words or many figures) keeps its
    cells apart (`Tensor Core数量 640 320`, `MI250 CDNA 2 383 TFLOPS 95.7 TFLOPS 128 GB`)."""
    out = None
    for match in SPACED.finditer(view):
        start = view.rfind("\n", 0, match.start()) + 1
        end = view.find("\n", match.end())
        line = view[start:end if end >= 0 else len(view)]
        words = len(re.findall(r"[A-Za-z]{3,}", line)) + len(re.findall(r"[\u4e00-\u9fff]", line)) / 2
        figures = len(re.findall(r"\d+", SPACED.sub("0", line)))        # a grouped figure counts once
        if re.search(r"[|\t]| {2}", line) or words < 6 or figures > words / 2:
            continue
        out = out or list(view)
        for i in range(match.start(), match.end()):
            if out[i] in SPACE:
                out[i] = ","
    return "".join(out) if out else view


def pieces(text: str, start: int, end: int, boundary: re.Pattern) -> list[Span]:
    """Split text[start:end] at `boundary`, trimming spaces; empty pieces dropped."""
    spans, cursor = [], start
    for match in boundary.finditer(text, start, end):
        spans.append(Span(cursor, match.end() if match.group() in "。！？!?." else match.start()))
        cursor = match.end()
    spans.append(Span(cursor, end))
    return [trimmed for span in spans if (trimmed := _trim(text, span)) is not None]


def _trim(text: str, span: Span) -> Span | None:
    start, end = span.start, span.end
    while start < end and (text[start].isspace() or text[start] in "\"“”'‘’"):
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in "\"“”'‘’"):
        end -= 1
    return Span(start, end) if end > start else None


def sentences(text: str) -> list[Span]:
    return pieces(text, 0, len(text), _SENTENCE_END)


# a sentence's end inside a short piece of text ("vs. B" and "U.S. " end none)
PIECE_END = re.compile(r"(?<!\bvs)(?<!\bv)(?<![A-Z])[.!?]\s+|[。！？\n]")


def this_sentence(before: str) -> str:
    """The end of `before` that is in the sentence it ends in: "AMD vs NVIDIA fit. MI300X"'s
    "vs" is another sentence's and marks no name after it."""
    return PIECE_END.split(before)[-1]


def clauses(text: str, sentence: Span) -> list[Span]:
    """The sentence's clauses; "between 363 and 1,452" stays one clause, and so does a headline
    led by its figure ("42.5 ExaFLOPS: Google's Ironwood TPU ...": the name after the colon)."""
    if _LABEL_LINE.fullmatch(text, sentence.start, sentence.end):
        return [sentence]       # `Per card power: 150 W`: the label says what the figure is
    spans = pieces(text, sentence.start, sentence.end, _CLAUSE_END)
    merged: list[Span] = []
    for i, span in enumerate(spans):
        if len(merged) >= 2 and merged[-1] == spans[i - 1] and merged[-2].end == spans[i - 2].end \
                and _ASIDE.fullmatch(text, spans[i - 2].end, span.start):
            merged.pop()
            merged[-1] = Span(merged[-1].start, span.end)
            continue
        lead = len(merged) == 1 and _LEAD.fullmatch(text, merged[0].start, merged[0].end)
        if merged and (_BETWEEN.search(text, merged[-1].start, merged[-1].end)
                       or lead and text[merged[0].end:span.start].strip() == ":"):
            merged[-1] = Span(merged[-1].start, span.end)
        else:
            merged.append(span)
    return merged


def containing(spans: list[Span], position: int, starts: list[int] | None = None) -> Span | None:
    """The span holding `position`, or None (by bisection when the spans' starts are given)."""
    if starts is None:
        return next((span for span in spans if span.start <= position < span.end), None)
    index = bisect.bisect_right(starts, position) - 1
    if index >= 0 and spans[index].start <= position < spans[index].end:
        return spans[index]
    return None


def around(text: str, span: Span, start: int, end: int, width: int = WINDOW) -> Span:
    """`span`, cut to about `width` characters around [start, end) when it is longer (at spaces
    when there are any near the cut), so the work and the quote per number stay bounded."""
    if span.end - span.start <= width:
        return span
    low = max(span.start, start - width // 2)
    high = min(span.end, max(end, low) + width // 2)
    space = text.find(" ", low, min(low + 40, start))
    low = space + 1 if low > span.start and space >= 0 else low
    space = text.rfind(" ", max(high - 40, end), high)
    high = space if high < span.end and space >= 0 else high
    return Span(low, max(high, end))


def paragraph_of(text: str, position: int) -> Span:
    """The line (paragraph) holding `position`, at most PARAGRAPH_WINDOW characters either side."""
    floor = max(0, position - PARAGRAPH_WINDOW)
    start = text.rfind("\n", floor, position) + 1 or floor
    end = text.find("\n", position, position + PARAGRAPH_WINDOW)
    return Span(start, min(len(text), position + PARAGRAPH_WINDOW) if end < 0 else end)


def paragraphs(text: str) -> list[tuple[int, int]]:
    """(start, end) of every line (paragraph) of the plain text."""
    out, start = [], 0
    for line in text.split("\n"):
        out.append((start, start + len(line)))
        start += len(line) + 1
    return out
