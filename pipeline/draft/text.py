"""Article text -> plain text, sentences and clauses (pipeline/draft/).

The draft quotes the article verbatim, so every later step works on offsets into the plain
text made here: HTML tags are dropped (with the elements whose class the lexicon names, such
as translations printed under each paragraph), entities unescaped, and full-width digits read
as ASCII digits in a same-length copy (`digits`), so offsets agree between the two.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

FULL_WIDTH = str.maketrans("０１２３４５６７８９．，％／", "0123456789.,%/")
_TAG = re.compile(r"<[^>]+>")
_CELL_END = re.compile(r"</t[dh]\s*>", re.IGNORECASE)
_BLOCK_END = re.compile(r"</(p|div|h\d|li|ul|ol|tr|table|br)\s*>|<br\s*/?>", re.IGNORECASE)
# A sentence ends at CJK full stops, at ! ? and at ". " before a capital or a CJK character.
_SENTENCE_END = re.compile(r"[。！？!?]+|\.(?=\s+[A-Z\"“(\u4e00-\u9fff])|\n+")
# A clause ends at these marks; a comma between digits (1,452) is not a mark.
_CLAUSE_END = re.compile(
    r"(?<!\d),|,(?!\d{3})|[;；：，、（）()\[\]—–]|:(?=\s)|\s-\s|以及|並且|并且"
    # "144 GB of HBM3E and up to 4.9 TB/s": a new number after "and" starts a new clause
    r"|\s(?:and|but|while)\s(?=(?:up to |about |over |more than |nearly |roughly |just over )?\d)")
_BETWEEN = re.compile(r"\bbetween\s+\S+$", re.IGNORECASE)


@dataclass(frozen=True)
class Span:
    """A piece of the plain text, [start, end)."""

    start: int
    end: int


def plain_text(raw: str, skip_classes: list[str]) -> str:
    """HTML or plain text -> plain text, one block per line."""
    if "<" not in raw:
        return raw
    for name in skip_classes:
        raw = _drop_elements(raw, name)
    raw = _CELL_END.sub(" | ", raw)      # a table row stays one line of cells (table_cells.py)
    raw = _BLOCK_END.sub("\n", raw)
    text = html.unescape(_TAG.sub("", raw))
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())


def _drop_elements(raw: str, class_name: str) -> str:
    """Remove every <div|p class="... class_name ...">...</div|p> (not nested in itself)."""
    pattern = re.compile(
        rf'<(div|p|span)\b[^>]*class="[^"]*\b{re.escape(class_name)}\b[^"]*"[^>]*>(.*?)</\1>',
        re.DOTALL | re.IGNORECASE)
    while True:
        # the innermost closing tag may close a nested element: repeat until stable
        reduced = pattern.sub("", raw)
        if reduced == raw:
            return raw
        raw = reduced


def digits_view(text: str) -> str:
    """The text with full-width digits, point, comma, percent and slash as ASCII (same length:
    `51.2 Tb／s` reads as Tb/s)."""
    return text.translate(FULL_WIDTH)


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


def clauses(text: str, sentence: Span) -> list[Span]:
    """The sentence's clauses; "between 363 and 1,452" stays one clause."""
    spans = pieces(text, sentence.start, sentence.end, _CLAUSE_END)
    merged: list[Span] = []
    for span in spans:
        if merged and _BETWEEN.search(text, merged[-1].start, merged[-1].end):
            merged[-1] = Span(merged[-1].start, span.end)
        else:
            merged.append(span)
    return merged


def containing(spans: list[Span], position: int) -> Span | None:
    """The span holding `position`, or None."""
    for span in spans:
        if span.start <= position < span.end:
            return span
    return None


def paragraph_of(text: str, position: int) -> Span:
    """The line (paragraph) holding `position`."""
    start = text.rfind("\n", 0, position) + 1
    end = text.find("\n", position)
    return Span(start, len(text) if end < 0 else end)


def paragraphs(text: str) -> list[tuple[int, int]]:
    """(start, end) of every line (paragraph) of the plain text."""
    out, start = [], 0
    for line in text.split("\n"):
        out.append((start, start + len(line)))
        start += len(line) + 1
    return out
