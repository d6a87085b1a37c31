"""What a ratio compares when its own words do not say (pipeline/draft/, issue 19).

- An amount in the ratio's clause says it: "較上一代 Blackwell 的 8TB/s 提升 2.8 倍" compares
  bandwidths (which one, the words of that clause or the clause before decide), "50% more
  than the MI300X's 192 GB" compares memory.
- Else the clause right before it, in the same sentence: "每顆晶片提供192GB容量，是Trillium的
  六倍". Nothing further away counts: a sentence may name several quantities earlier
  ("高頻寬記憶體（HBM）容量" is a capacity, though its words hold a bandwidth's).
- When none of that says, the question lists the metrics the sentence's clauses up to the
  ratio speak of, nearest first ("带宽高达 4.8 TB/s,比上一代 H100 快约 1.8 倍"): asked, not
  decided, since an earlier clause may be about another quantity.
"""

from __future__ import annotations

import re

from claimaudit.draft import context
from claimaudit.draft.numbers import find_numbers
from claimaudit.draft.owner import SIZED_MODEL
from claimaudit.draft.text import WINDOW, Span

CLAUSE_MARK = re.compile(r"[,，;；:：、]")
SPOKEN_REACH = 300      # characters before the ratio read for the metrics a sentence speaks of
SPOKEN_PARTS = 4        # ... and at most this many clauses of them (a hostile line has thousands)


def previous_clause(view: str, sentence: Span, clause: Span) -> str:
    """The sentence's words from the last clause mark before the ratio's clause to it."""
    before = view[max(sentence.start, clause.start - SPOKEN_REACH):clause.start].rstrip(" ,，;；:：、")
    cuts = [m.end() for m in CLAUSE_MARK.finditer(before)]
    return before[cuts[-1] if cuts else 0:]


def compared_metric(view: str, sentence: Span, clause: Span,
                    position: int | None = None) -> tuple[str | None, str]:
    """(metric, what is missing) from the amount in the ratio's clause (the part of it within
    WINDOW of the ratio at `position`: a clause may be a whole hostile line), else the clause
    before."""
    at = clause.start if position is None else position
    own = view[max(clause.start, at - WINDOW):min(clause.end, at + WINDOW)]
    previous = previous_clause(view, sentence, clause)
    texts = [(own, len(own)), (previous, len(previous))]
    metric, missing = _amount_metric(own, texts)
    if metric:
        return metric, missing
    if previous.strip():
        metric, missing = context.ratio_metric([(previous, len(previous))])
        if metric:
            return metric, missing
    return None, "what is compared"


# a name's memory size (owner.SIZED_MODEL: `A100 40G`) is no compared amount, unless a memory word or a
# possessive follows it: then it is what is compared ("MI100 32GB HBM2的四倍")
SIZE_OF_IT = re.compile(r"\s?(?:HBM|memory|VRAM|的|'s|’s|内存|显存|記憶體|顯存)", re.IGNORECASE)


def _amount_metric(own: str, texts: list[tuple[str, int]]) -> tuple[str | None, str]:
    """The metric of the first amount in a clause that has one (a capacity, a bandwidth ...).
    An amount is written in digits: a clause without one is not searched (a line of 一倍 is
    ratios only, and searching it for each of them cost seconds)."""
    if not re.search(r"\d", own):
        return None, ""
    for amount in find_numbers(own):
        dimension = context.UNIT_DIMENSION.get(amount.unit)
        if dimension == "bytes" and SIZED_MODEL.search(own, 0, amount.start) and not SIZE_OF_IT.match(
                own, amount.end):
            continue        # "The H100 80G is 3x faster than the A100 40G": names' sizes, not compared
        if dimension == "bytes":
            return "hbm_capacity", ""
        if dimension == "rate":
            metric = context.rate_metric(texts)
            return (metric, "") if metric else ("hbm_bandwidth", "bandwidth")
        if dimension == "flops":
            return context.flops_metric(texts)
        if dimension == "power":
            return "power", ""
    return None, ""


def spoken_metrics(view: str, sentence: Span, position: int) -> list[str]:
    """The metrics the sentence's clauses up to the ratio at `position` speak of (their
    amounts, else their words), nearest first: the candidates of a ratio whose own words do
    not say."""
    start = max(sentence.start, position - SPOKEN_REACH)
    found: list[str] = []
    for part in reversed(CLAUSE_MARK.split(view[start:position])[-SPOKEN_PARTS:]):
        texts = [(part, len(part))]
        metric = _amount_metric(part, texts)[0] or context.ratio_metric(texts)[0]
        if metric and metric not in found:
            found.append(metric)
    return found
