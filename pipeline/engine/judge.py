"""Claimed region vs derived interval -> verdict and severity (CONTRACT 4; regions as in 10.2).

`claimed_region` and `judge` are the readable scalar rules; `regions` and
`judge_frame` apply the same rules to whole numpy columns. Property tests hold
the two paths to each other. Pure: numbers in, verdicts out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from claimaudit.model.intervals import REL_EQ, Interval, le, lt

MINOR = 0.01
EDGE = 0.01         # the most a `nearly`/`just_over` claim reaches past its value
INF = math.inf
VERDICT_RANK = {"consistent": 0, "within_rounding": 1, "inconsistent": 2}


@dataclass(frozen=True)
class Region:
    low: float
    high: float
    low_open: bool = False
    high_open: bool = False

    def contains(self, x: float) -> bool:
        above = lt(self.low, x) if self.low_open else le(self.low, x)
        below = lt(x, self.high) if self.high_open else le(x, self.high)
        return above and below

    def meets(self, interval: Interval) -> bool:
        above = lt(self.low, interval.high) if self.low_open else le(self.low, interval.high)
        below = lt(interval.low, self.high) if self.high_open else le(interval.low, self.high)
        return above and below

    def gap(self, x: float) -> float:
        """Distance from x to the region (0 inside)."""
        return max(self.low - x, x - self.high, 0.0)


def vague_spread(v: float, r: float | None, absolute: float | None,
                 ratio: bool = False) -> float | None:
    """The vague tolerance in the claim's own numbers: `absolute`, else r of the value, or for
    a ratio or change below 2 r of the change |v - 1| (CONTRACT 10.2: "roughly 1.1x" is a claim
    about a +10% change, never 0.88-1.32x)."""
    if absolute is not None:
        return absolute
    if r is None:
        return None
    return r * (abs(v - 1.0) if ratio and v < 2 else v)


def edge(v: float, h: float) -> float:
    """How far past its written value a `nearly`/`just_over` claim reaches from its digits:
    half a unit of the last digit, at most 1% of the value ("nearly 4x" never accepts 4.4x)."""
    return min(h, EDGE * abs(v))


def claimed_region(v: float, h: float, rule: str, r: float | None = None,
                   absolute: float | None = None, ratio: bool = False) -> Region:
    """The region a claimed value v (resolution h) stands for under a qualifier's rule
    (CONTRACT section 4 as amended by 10.2).

    r is the relative vague tolerance, `absolute` an absolute one (a claim's
    `tolerance: 0.1 TB/s`); for about/exact a tolerance widens the region too. `ratio`: the
    claim is a ratio or a change (kinds `ratio`, `change`), whose tolerance below 2 applies to
    the change.
    """
    spread = vague_spread(v, r, absolute, ratio)
    if rule in ("about", "exact"):
        half = h if rule == "about" else 0.0
        if spread is None:
            return Region(v - half, v + half)
        return Region(min(v - half, v - spread), max(v + half, v + spread))
    vague = 0.0 if spread is None else spread  # no tolerance given: the written digits alone
    if rule == "roughly":
        return Region(min(v - h, v - vague), max(v + h, v + vague))
    if rule == "on_par":               # within r of 1, whatever the digits
        par = absolute if absolute is not None else (r or 0.0)
        return Region(1.0 - par, 1.0 + par)
    if rule == "nearly":
        return Region(v - vague, v + edge(v, h))
    if rule == "just_over":
        return Region(v, max(v + edge(v, h), v + vague), low_open=True)
    if rule == "at_least":
        return Region(v, INF)
    if rule == "more_than":
        return Region(v, INF, low_open=True)
    if rule == "at_most":
        return Region(-INF, v)
    if rule == "less_than":
        return Region(-INF, v, high_open=True)
    raise ValueError(f"unknown region rule {rule!r}")


def judge(region: Region, derived: Interval) -> tuple[str, str | None, float]:
    """(verdict, severity, relative gap) of one derived interval against one region."""
    if region.contains(derived.value):
        return "consistent", None, 0.0
    gap = region.gap(derived.value) / abs(derived.value) if derived.value else INF
    if region.meets(derived):
        return "within_rounding", None, gap
    return "inconsistent", ("minor" if gap <= MINOR * (1 + REL_EQ) else "major"), gap


def better(a: tuple, b: tuple) -> bool:
    """Is judgement a (verdict, severity, gap) better than b? Ties keep b."""
    return (VERDICT_RANK[a[0]], a[2]) < (VERDICT_RANK[b[0]], b[2])


# -- columns ----------------------------------------------------------------------

RULES = ("about", "exact", "roughly", "on_par", "nearly", "just_over", "at_least", "more_than",
         "at_most", "less_than")


def regions(v, h, rule, r, absolute, ratio=None):
    """claimed_region over numpy columns: returns low, high, low_open, high_open.

    Each distinct rule is applied once to the rows that carry it (rules are few,
    rows many), with the same formulas as the scalar claimed_region. `ratio` (a bool
    column, default all False) marks ratio and change claims (vague_spread).
    """
    v, h, r, absolute = (np.asarray(a, dtype=float) for a in (v, h, r, absolute))
    ratio = np.zeros(len(v), dtype=bool) if ratio is None else np.asarray(ratio, dtype=bool)
    codes, names = pd.factorize(np.asarray(rule, dtype=object), use_na_sentinel=True)
    of_change = ratio & (v < 2)
    spread = np.where(np.isnan(absolute), r * np.where(of_change, np.abs(v - 1.0), v), absolute)
    has_spread = ~np.isnan(spread)
    spread0 = np.where(has_spread, spread, 0.0)
    edge_of = np.minimum(h, EDGE * np.abs(v))
    low, high = np.full_like(v, np.nan), np.full_like(v, np.nan)
    low_open, high_open = np.zeros(len(v), dtype=bool), np.zeros(len(v), dtype=bool)
    for code, name in enumerate(names):
        rows = codes == code
        vv, hh, ss, has = v[rows], h[rows], spread0[rows], has_spread[rows]
        if name in ("about", "exact", "roughly"):
            half = np.zeros_like(vv) if name == "exact" else hh
            low[rows] = np.where(has, np.minimum(vv - half, vv - ss), vv - half)
            high[rows] = np.where(has, np.maximum(vv + half, vv + ss), vv + half)
        elif name == "on_par":
            par = np.where(np.isnan(absolute[rows]), np.nan_to_num(r[rows]), absolute[rows])
            low[rows], high[rows] = 1.0 - par, 1.0 + par
        elif name == "nearly":
            low[rows], high[rows] = vv - ss, vv + edge_of[rows]
        elif name == "just_over":
            low[rows], high[rows] = vv, np.maximum(vv + edge_of[rows], vv + ss)
        elif name in ("at_least", "more_than"):
            low[rows], high[rows] = vv, INF
        elif name in ("at_most", "less_than"):
            low[rows], high[rows] = -INF, vv
        else:
            raise ValueError(f"unknown region rule {name!r}")
        low_open[rows] = name in ("just_over", "more_than")
        high_open[rows] = name == "less_than"
    return low, high, low_open, high_open


def of_ratio(kinds) -> np.ndarray:
    """Per row: is the claim a ratio or a change (its tolerance below 2 is of the change)?"""
    kinds = np.asarray(kinds, dtype=object)
    return (kinds == "ratio") | (kinds == "change")


def close_columns(a, b):
    """intervals.close over numpy columns."""
    return _close(np.asarray(a, dtype=float), np.asarray(b, dtype=float))


def _close(a, b):
    """intervals.close over columns: equal, or finite and within a relative 1e-9."""
    with np.errstate(invalid="ignore", over="ignore"):
        finite = np.isfinite(a) & np.isfinite(b)
        return (a == b) | (finite & (np.abs(a - b) <= REL_EQ * np.maximum(np.abs(a), np.abs(b))))


def _le(a, b):
    return (a <= b) | _close(a, b)


def _lt(a, b):
    return (a < b) & ~_close(a, b)


def judge_frame(low, high, low_open, high_open, value, dlow, dhigh):
    """judge over columns: returns verdict (object), severity (object), gap (float)."""
    contains = np.where(low_open, _lt(low, value), _le(low, value)) & \
        np.where(high_open, _lt(value, high), _le(value, high))
    meets = np.where(low_open, _lt(low, dhigh), _le(low, dhigh)) & \
        np.where(high_open, _lt(dlow, high), _le(dlow, high))
    with np.errstate(invalid="ignore", divide="ignore"):
        distance = np.maximum(np.maximum(low - value, value - high), 0.0)
        gap = np.where(value != 0, distance / np.abs(value), INF)
    gap = np.where(contains, 0.0, gap)
    # words taken from small object arrays: every row refers to one of a few str objects
    # (np.where on str makes a fixed-width copy and astype(object) a new str per row)
    verdict = VERDICT_WORDS[np.where(contains, 0, np.where(meets, 1, 2))]
    severity = SEVERITY_WORDS[np.where(verdict == "inconsistent",
                                       np.where(gap <= MINOR * (1 + REL_EQ), 0, 1), 2)]
    return verdict, severity, gap


VERDICT_WORDS = np.array(["consistent", "within_rounding", "inconsistent"], dtype=object)
SEVERITY_WORDS = np.array(["minor", "major", None], dtype=object)


def rank(verdicts) -> np.ndarray:
    """VERDICT_RANK over a column (consistent 0, within_rounding 1, inconsistent 2)."""
    verdicts = np.asarray(verdicts, dtype=object)
    return np.where(verdicts == "consistent", 0, np.where(verdicts == "within_rounding", 1, 2))
