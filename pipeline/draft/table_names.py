"""Names in a table's label cells (pipeline/draft/, issue 19): the one entity a header or first
cell names ("| Trainium2 (trn2) |": the chip; its instance in brackets is a note), and short
names: "| v4 | 275 TFLOPS |" under a text that named "TPU v4" is the TPU v4's row."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from functools import cache

from claimaudit.draft.claims import Reading, unmatched_question
from claimaudit.draft.entities import Catalogue, Mention
from claimaudit.draft.lexicon import alternation, lexicon
from claimaudit.draft.owner import FORM_WORD, forms_of
from claimaudit.draft.scope import one_product
from claimaudit.draft.table_cells import tables
from claimaudit.draft.text import Span

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


def named_in(catalogue: Catalogue, text: str, span: Span | None, mentions: list[Mention],
             role: str, reading: Reading, row: Sequence[Mention] = ()) -> str | None:
    """The one entity a table header (or first cell) names, else a todo naming what it says.
    A row's first cell naming only a family (`| 华为昇腾 | 910B | 64GB |`) is the one member of it
    that another cell of the row names (`row`: the row's mentions; held-out round 193)."""
    if span is None:
        return None
    inside = [m for m in mentions if span.start <= m.start < span.end]
    inside = _without_bracketed_kin(catalogue, text, inside)
    ids = {m.entity for m in inside if m.entity}
    header = text[span.start:span.end]
    if len(ids) == 1 and all(m.entity for m in inside):
        entity = ids.pop()
        if role == "subject" and TWO_FORMS.search(header):
            _two_forms(catalogue, header, entity, reading)
        return entity
    unmatched = next((m for m in inside if not m.entity), None)
    members = {m.entity for m in row if not span.start <= m.start < span.end and m.entity
               and unmatched is not None and m.entity in unmatched.candidates}
    if not ids and len(members) == 1 and all(not m.entity for m in inside):
        return members.pop()
    if unmatched is not None and ids and unmatched.candidates:
        # `| B300 / GB300 |`: a name and a shared name in one header; the figure may pick one
        named = sorted(ids) + [c for c in unmatched.candidates if c not in ids]
        if role == "subject":
            reading.candidates = named
        reading.todo.append(f"{role}: the table's {header!r} names {', '.join(named)}; name one")
    elif unmatched is not None:
        if role == "subject":
            reading.candidates = list(unmatched.candidates)
        reading.todo.append(f"{role}: {unmatched_question(unmatched)}")
    elif len(ids) > 1:      # asked, not left to the figure: "| Lark K1 (Heron H9) |" may be either's
        reading.todo.append(f"{role}: the table's {header!r} names {', '.join(sorted(ids))}; name one")
    elif not workload_model(header):    # `| LLAMA2-7B | 8 |`: a model's row, the hardware the text's
        reading.todo.append(f"{role}: the table's {header!r} is not one entity of the specs; add it "
                            "(or an alias) with `extend:` or a new entity, then name it here")
    return None


def subject_of_cell(catalogue: Catalogue, text: str, cell, reading: Reading, mentions_in, paragraphs) -> None:
    """The subject of a table cell: the one entity its header (or first cell) names; under rows
    named by a workload's model (`| LLAMA2-7B | 8 |`), the one entity the paragraph right above the
    table names (`- System: DGX-H100`), if it names one, assumed as an earlier sentence's: it stands
    when the figure is its own (`8` GPUs), else it is asked (`16`: two systems; held-out round 251)."""
    span = cell.subject
    reading.subject = named_in(catalogue, text, span, mentions_in(span.start, span.end) if span else [],
                               "subject", reading, mentions_in(cell.row.start, cell.row.end))
    if reading.subject is not None or span is None or cell.table is None or \
            not workload_model(text[span.start:span.end]):
        return
    lead = paragraph_above(text, cell.table.start, paragraphs)
    above = sorted({m.entity for m in mentions_in(*lead) if m.entity} if lead else ())
    if len(above) == 1:     # stands with no question when the figure is its own (settle.confirm_assumed)
        reading.subject = above[0]
        reading.todo.append(f"subject: not named in this sentence; {reading.subject} (named earlier) "
                            "assumed: confirm or change")
    else:
        reading.candidates = above
        reading.todo.append(f"subject: the table's {text[span.start:span.end].strip()!r} is a workload's "
                            "model, not hardware; name the chip or system the figure is of"
                            + (f" ({', '.join(above)} named above the table)" if above else ""))


def paragraph_above(text: str, table_start: int, paragraphs) -> tuple[int, int] | None:
    """The paragraph right above a table (its caption, "- System: DGX-H100"), past blank lines."""
    starts = [start for start, _ in paragraphs]
    index = bisect_left(starts, table_start) - 1
    while index >= 0 and not text[paragraphs[index][0]:paragraphs[index][1]].strip():
        index -= 1          # the blank lines between
    return paragraphs[index] if index >= 0 else None


def workload_model(header: str) -> bool:
    """A table header or row label naming a workload's model (`LLAMA2-7B`, `GPT3-175B`), no hardware."""
    return bool(_workload_models().match(header))


@cache
def _workload_models() -> re.Pattern:
    models = alternation(lexicon().words("workload_models"), bounded=False)
    return re.compile(r"\s*[|*_`]*\s*(?:" + models + r")(?![a-z])")


def ratio_pair(text: str, span: Span, mentions: list[Mention]) -> tuple[str, str] | None:
    """A ratio column's header written as a division of two names (`Ratio (B200/H200)`, `MI300X
    Advantage (MI300X/ H100)`): its first name is each ratio's subject, its second the baseline."""
    inside = [m for m in mentions if span.start <= m.start < span.end and m.entity]
    pairs = [(a.entity, b.entity) for a, b in zip(inside, inside[1:])
             if a.entity != b.entity and DIVIDED.fullmatch(text, a.end, b.start)]
    return pairs[-1] if len(set(pairs)) == 1 else None


DIVIDED = re.compile(r"\s*(?:/|÷|vs\.?|versus)\s*", re.IGNORECASE)


def _without_bracketed_kin(catalogue: Catalogue, text: str, inside: list[Mention]) -> list[Mention]:
    """"| Trainium2 (trn2) |": a name in brackets after a name of the same product at another
    scope (the instance that carries the chip) is a note on the cell's name, not a second one."""
    if len(inside) != 2 or not all(m.entity for m in inside):
        return inside
    first, second = inside
    bracketed = re.fullmatch(r"\s?[(（]", text[first.end:second.start]) and re.match(r"\s?[)）]",
                                                                                 text[second.end:])
    return [first] if bracketed and one_product(catalogue, [first.entity, second.entity]) else inside


# `| H100 (PCIe/SXM) |` over `| 350/700 W |`: a column of two forms of one product (held-out round 195)
TWO_FORMS = re.compile(rf"[(（]\s*{FORM_WORD}\s*/\s*{FORM_WORD}\s*[)）]", re.IGNORECASE)


def _two_forms(catalogue: Catalogue, header: str, entity: str, reading: Reading) -> None:
    """A header naming two forms of its product asks which form each figure is, among the specs'
    forms of it (none held apart: nothing to ask)."""
    forms = forms_of(catalogue, entity)
    if forms:
        reading.candidates = [entity, *forms]
        reading.todo.append(f"subject: the table's {header!r} names two forms; the specs hold "
                            f"{', '.join(forms)} apart; {entity} written: confirm or change")
