"""Short names in a table's label cells (pipeline/draft/, issue 19): "| v4 | 275 TFLOPS |"
under a text that named "TPU v4" is the TPU v4's row."""

from __future__ import annotations

import re
from bisect import bisect_left

from claimaudit.draft.entities import Mention
from claimaudit.draft.table_cells import tables

SHORT_NAME = re.compile(r"[A-Za-z]+\d+[A-Za-z]?|\d+[A-Za-z]+")


def short_names(view: str, paragraphs, mentions, find=None) -> list[Mention]:
    """"| v4 | 275 TFLOPS |" under a text that named "TPU v4": a table's first cell (or header
    cell) that is the last word of one name the text used, and of no other, is that name's
    entity; under a text that named only the family ("Every Google TPU ever shipped"), the
    family word and the cell together (`find("TPU v4")`) may name one. Only in a table's label
    cells, where a short name stands alone."""
    tails: dict[str, set] = {}
    for mention in mentions:
        words = mention.text.split()
        if mention.entity and len(words) >= 2 and SHORT_NAME.fullmatch(words[-1]):
            tails.setdefault(words[-1].lower(), set()).add(mention.entity)
    tails = {tail: ids for tail, ids in tails.items() if len(ids) == 1}
    families = sorted({m.text for m in mentions if not m.entity and m.candidates}) if find else []
    if not tails and not families:
        return []
    starts = [m.start for m in mentions]
    found = []
    for table in tables(view, paragraphs):
        labels = [spans[0] for _, spans in table] + list(table[0][1][1:])
        for span in labels:
            head = re.match(r"\s*([A-Za-z0-9]+)\s*(?:[(（][^)）]*[)）])?\s*$", view[span.start:span.end])
            first = bisect_left(starts, span.start)
            if not head or (first < len(starts) and starts[first] < span.end):     # a name already
                continue
            ids = tails.get(head.group(1).lower()) or _family_and(find, families, head.group(1))
            if ids:
                start = span.start + head.start(1)
                found.append(Mention(start, start + len(head.group(1)), next(iter(ids)), head.group(1)))
    return found


def _family_and(find, families: list[str], label: str) -> set:
    """The one entity a family word the text used and a short label name together (`TPU v4`)."""
    if not SHORT_NAME.fullmatch(label):
        return set()
    ids = set()
    for family in families:
        whole = f"{family} {label}"
        ids |= {m.entity for m in find(whole) if m.entity and m.start == 0 and m.end == len(whole)}
    return ids if len(ids) == 1 else set()
