"""A range of one figure (`120-140 kW`, `3.35 to 3.9 TB/s`, `between 2 and 4x`) is two bounds,
not two figures.

Drafted as two plain claims, "draws 120-140 kW" would be checked as "120 kW" and as "140 kW",
and a rack that draws 132 kW would be found inconsistent twice, on a reading no reader takes.
Each end keeps its own claim (its quote and its digits), the low end qualified `at_least` and
the high end `at_most`: both follow from the text, and together they are the range.

A change between two figures is no range: "from 3.35 to 4.8 TB/s" (從, 从, 由) names an
earlier value and a later one, each of its own product or year. A slash (`40/80 GB`) lists
configurations, "and", "or", "vs" list figures, and a chain (`150W-300W-600W`) lists options;
none is read as a range.
"""

from __future__ import annotations

import re
from dataclasses import replace

from claimaudit.draft.forms import Number

JOIN = re.compile(r"\s*(?:-|–|to|到|至)\s*|~|～|\s+[~～]\s+", re.IGNORECASE)   # not "~2.0 TB/s ~3.35"
BETWEEN_JOIN = re.compile(r"\s*and\s*", re.IGNORECASE)
BETWEEN = re.compile(r"\bbetween\s*$", re.IGNORECASE)
FROM = re.compile(r"(?:\bfrom(?:\s+\S+){0,2}|(?:从|從)[^，。,;；\d]{0,8}|由)\s*$", re.IGNORECASE)
CHAINED = re.compile(r"\s*(?:-|–|~|～|to)\s*\d", re.IGNORECASE)     # "150W-300W-600W": options
CHAIN_BEFORE = re.compile(r"\d\s*[A-Za-z/]{0,6}\s*(?:-|–|~|～|to)\s*$", re.IGNORECASE)


def range_bounds(view: str, numbers: list[Number]) -> list[Number]:
    """The numbers with each range's ends qualified: the lower `at_least`, the higher
    `at_most` (numbers in text order; a number already qualified is left as it is)."""
    out = list(numbers)
    for i in range(len(out) - 1):
        low, high = out[i], out[i + 1]
        if _is_range(view, low, high):
            out[i], out[i + 1] = replace(low, implied="at_least"), replace(high, implied="at_most")
    return out


def _is_range(view: str, low: Number, high: Number) -> bool:
    if (low.unit != high.unit or low.implied or high.implied or low.word != high.word
            or not low.value < high.value):
        return False            # ("208-billion transistors": a number and a scale word)
    before = view[max(0, low.start - 30):low.start]
    if CHAINED.match(view, high.end) or CHAIN_BEFORE.search(before):
        return False
    if FROM.search(before):
        return False
    if BETWEEN.search(before):
        return bool(BETWEEN_JOIN.fullmatch(view, low.end, high.start))
    return bool(JOIN.fullmatch(view, low.end, high.start))
