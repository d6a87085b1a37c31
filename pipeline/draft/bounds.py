"""A range of one figure (`120-140 kW`, `3.35 to 3.9 TB/s`, `between 2 and 4x`) is two bounds,
not two figures.

Drafted as two plain claims, "draws 120-140 kW" would be checked as "120 kW" and as "140 kW",
and a rack that draws 132 kW would be found inconsistent twice, on a reading no reader takes.
Each end keeps its own claim (its quote and its digits), the low end qualified `at_least` and
the high end `at_most`: both follow from the text, and together they are the range.

A change between two figures is no range: "from 3.35 to 4.8 TB/s" (從, 从, 由), "by 1.4 TB/s to
5.2 TB/s", "rose ... 3.35 to 5.2" name an earlier value and a later one (or a step and a
result). A range under "about" ("about 760-800 W") is about each end (`roughly`, both); under
another qualifier ("up to 120-140 kW") it is left as written. Nor is a range a pair whose ends
are far apart (over 10x: `1.5-1.6千瓦` with its low end read in watts), a pair the draft gives
to two products ("MI300X and MI325X pack 192-288 GB": one figure each, `one_subject`), a slash
list of configurations (`40/80 GB`), figures listed with "and", "or", "vs", or a chain of
options (`150W-300W-600W`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

from claimaudit.draft.forms import Number
from claimaudit.draft.lexicon import grouped_pattern

JOIN = re.compile(r"\s*(?:-|–|to|到|至)\s*|~|～|\s+[~～]\s+", re.IGNORECASE)   # not "~2.0 TB/s ~3.35"
VERSUS = re.compile(r"\s*(?:vs\.?|versus)\s*", re.IGNORECASE)
MARGIN = re.compile(r"(?:±|\+/-)\s*$")
BETWEEN_JOIN = re.compile(r"\s*and\s*", re.IGNORECASE)
BETWEEN = re.compile(r"\bbetween\s*$", re.IGNORECASE)
# a change: "from" (not "ranging from"), "by", a change verb, 从 ... earlier in the clause, no figure between
CHANGE = re.compile(r"(?<!ranging )(?<!ranges )(?<!range )(?<!anywhere )(?<!varies )"
                    r"\b(?:from|by)\b[^\d.;。；]{0,60}$"
                    r"|\b(?:rose|rises?|raised?|raises|increased?|increases|grew|grows|boost(?:s|ed)?|bump(?:s|ed)?|"
                    r"jump(?:s|ed)?|climb(?:s|ed)?|went|goes|moved?|moves)\b[^\d.;。；]{0,40}$"
                    r"|(?:从|從|由|提高|提升|增至|增加|升至|增長|增长)[^\d，。,;；]{0,20}$", re.IGNORECASE)
CHAINED = re.compile(r"\s*(?:-|–|~|～|to)\s*\d", re.IGNORECASE)     # "150W-300W-600W": options
CHAIN_BEFORE = re.compile(r"\d\s*[A-Za-z/]{0,6}\s*(?:-|–|~|～|to)\s*$", re.IGNORECASE)


def range_bounds(view: str, numbers: list[Number]) -> list[Number]:
    """The numbers with each range's ends qualified: the lower `at_least`, the higher
    `at_most` (numbers in text order; a number already qualified is left as it is); a
    margin after "±" is no figure of its own ("13±1 TeraFLOPS": 13 TFLOPS, the first taking
    the margin's unit in numbers._ranges)."""
    out = [n for n in numbers if not MARGIN.search(view, max(0, n.start - 4), n.start)]
    for i in range(len(out) - 1):
        low, high = out[i], out[i + 1]
        if _is_range(view, low, high):
            hedge = _hedge(view[max(0, low.start - 24):low.start])
            if hedge is None:
                out[i], out[i + 1] = replace(low, implied="at_least"), replace(high, implied="at_most")
            elif hedge == "roughly":        # "about 760-800 W": about each end, as a reader takes it
                out[i], out[i + 1] = replace(low, implied=hedge), replace(high, implied=hedge)
    return out


def _hedge(before: str) -> str | None:
    """The qualifier written right before a range ("about", "up to", "约"), or None."""
    found = _hedge_at_end().search(before)
    return None if found is None else grouped_pattern("qualifiers_before")[1].get(
        found.group().strip().lower(), "roughly")


@cache
def _hedge_at_end() -> re.Pattern:
    return re.compile(rf"(?:{grouped_pattern('qualifiers_before')[0].pattern})\s*$", re.IGNORECASE)


def _is_range(view: str, low: Number, high: Number) -> bool:
    if (low.unit != high.unit or low.implied or high.implied or low.word != high.word
            or not low.value < high.value <= 10 * low.value):
        return False        # ("208-billion transistors"; `1.5-1.6千瓦` read 1.5 W: no range of a scale)
    before = view[max(0, low.start - 60):low.start]
    change = CHANGE.search(before)      # ("提升2到4倍", "up 2-3x": a change's range, unless from ... to)
    if CHAINED.match(view, high.end) or CHAIN_BEFORE.search(before) or change and (
            low.unit not in ("x", "%") or re.match(r"from|从|從", change.group(), re.IGNORECASE)):
        return False
    if BETWEEN.search(before):
        return bool(BETWEEN_JOIN.fullmatch(view, low.end, high.start))
    return bool(JOIN.fullmatch(view, low.end, high.start))


def joined(view: str, first: Number, second: Number | None) -> bool:
    """Two like figures side by side, a range's (`1,200-1,400 W`, the second the larger) or a
    comparison's (`2,500 vs. 780 TeraFLOPS`), within 10x of each other: the first may take the
    second's unit (numbers._ranges; not `9,216 / 1.77 PB`, a count and an amount)."""
    if second is None or second.unit in ("", "x", "%"):
        return False
    if not (0 < first.value <= 10 * second.value and second.value <= 10 * first.value):
        return False
    ranged = JOIN.fullmatch(view, first.end, second.start) and first.value < second.value
    return bool(ranged or VERSUS.fullmatch(view, first.end, second.start))


def one_subject(records: list[dict]) -> list[dict]:
    """A range's bounds drafted for two subjects are one figure each ("MI300X and MI325X pack
    192-288 GB"): the bounds are dropped, each end then checked as its own product's figure (an
    end whose subject is asked keeps its bound: the question settles it)."""
    for first, second in zip(records, records[1:]):
        if (first.get("qualifier") == "at_least" and second.get("qualifier") == "at_most"
                and first["quote"] == second["quote"] and _two_subjects(first, second)):
            del first["qualifier"], second["qualifier"]
    return records


def _two_subjects(first: dict, second: dict) -> bool:
    subjects = (first.get("subject"), second.get("subject"))
    return None not in subjects and subjects[0] != subjects[1]


SCALE_WORD = re.compile(r"[千万萬亿億兆]|thousand|million|billion|trillion", re.IGNORECASE)


def scaled(view: str, bare: Number, donor: Number) -> Number:
    """A bare figure paired with a scaled one takes its scale too (`1.5-1.6千瓦` is 1.5e3 W,
    `60-90万颗` 60e4, `1.5 to 2 million chips` 1.5e6) when the two then stay within 10x."""
    power = re.search(r"e(\d+)$", donor.text)
    if power is None or "e" in bare.text or not SCALE_WORD.search(view, donor.start, donor.end):
        return bare
    value = bare.value * 10 ** int(power.group(1))
    if not donor.value / 10 <= value <= donor.value * 10:
        return bare
    return replace(bare, value=value, text=f"{bare.text}e{power.group(1)}")
