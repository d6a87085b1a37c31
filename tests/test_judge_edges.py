"""Edges of the verdict rules, pinned in the scalar path (judge.claimed_region + judge.judge)
and the column paths (judge.regions + judge.judge_frame, readings.judge_standing_reading).

These are the cases mutation testing found unguarded (benchmarks/mutate.py): the rank of
within_rounding below inconsistent, a derived interval that only touches a closed region,
an open edge that it only touches, and negative derived values (the gap is relative to the
derived value's magnitude). Only the rules issue 18 leaves alone are used here (about,
exact, at_least, more_than, at_most, less_than).
"""

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from claimaudit.engine import judge as judge_module
from claimaudit.engine import readings
from claimaudit.engine.judge import (
    RULES,
    VERDICT_RANK,
    Region,
    better,
    claimed_region,
    close_columns,
    judge,
    judge_frame,
    rank,
    regions,
)
from claimaudit.model.intervals import Interval, close, le, lt
from strategies import CLOSED_RULES, OPEN_RULES, finite, intervals_with_point, resolutions

INF = math.inf
GB, GIB = 1e9, 2**30

EDGES = [
    # v, h, rule, derived (value, low, high) -> verdict, severity, gap
    # a closed region touched by the derived interval, from above and from below
    (100, 0.5, "about", (101, 100.5, 101.5), "within_rounding", None, 0.5 / 101),
    (100, 0.5, "about", (99, 98.5, 99.5), "within_rounding", None, 0.5 / 99),
    (100, 0.5, "about", (101, 100.6, 101.5), "inconsistent", "minor", 0.5 / 101),
    (100, 0.5, "about", (102, 101, 103), "inconsistent", "major", 1.5 / 102),
    (100, 0.0, "exact", (101, 100, 102), "within_rounding", None, 1 / 101),
    (100, 0.0, "at_least", (99, 98, 100), "within_rounding", None, 1 / 99),
    (100, 0.0, "at_most", (101, 100, 102), "within_rounding", None, 1 / 101),
    (100, 0.0, "at_most", (100, 100, 100), "consistent", None, 0.0),
    # ... an open one: touching is not meeting, the edge itself is outside
    (100, 0.0, "more_than", (99.5, 99, 100), "inconsistent", "minor", 0.5 / 99.5),
    (100, 0.0, "less_than", (101, 100, 102), "inconsistent", "minor", 1 / 101),
    (100, 0.0, "less_than", (100, 100, 100), "inconsistent", "minor", 0.0),
    (100, 0.0, "more_than", (100.5, 100, 101), "consistent", None, 0.0),
    # 144 GB claimed, 143.4 GB derived: the interval reaches the region's edge
    (144 * GB, 0.5 * GB, "about", (143.4 * GB, 143.3 * GB, 143.5 * GB), "within_rounding",
     None, 0.1 / 143.4),
    # negative derived values: the gap is relative to the derived value's magnitude
    (-100, 0.5, "about", (-101, -101.5, -100.5), "within_rounding", None, 0.5 / 101),
    (-100, 0.5, "about", (-101.5, -101.5, -101.5), "inconsistent", "minor", 1 / 101.5),
    (-100, 0.5, "about", (-102, -102.5, -101.5), "inconsistent", "major", 1.5 / 102),
    (100, 0.5, "about", (-50, -50, -50), "inconsistent", "major", 149.5 / 50),
    (0, 0.0, "at_most", (-5, -6, -4), "consistent", None, 0.0),
    (0, 0.0, "at_least", (-5, -6, -4), "inconsistent", "major", 1.0),
    (0, 0.0, "at_least", (-0.001, -0.002, 0), "within_rounding", None, 1.0),
    (0, 0.0, "more_than", (-0.001, -0.002, 0), "inconsistent", "major", 1.0),
    (-100, 0.0, "less_than", (-99, -100, -98), "inconsistent", "major", 1 / 99),
    # a derived zero: no relative gap; a derived one: the gap is the distance itself
    (100, 0.5, "about", (0, 0, 0), "inconsistent", "major", INF),
    (1.01, 0.005, "about", (1, 1, 1), "inconsistent", "minor", 0.005),
]


def _gap_matches(got: float, expected: float) -> bool:
    return got == expected if math.isinf(expected) else got == pytest.approx(expected, rel=1e-9)


@pytest.mark.parametrize("v, h, rule, derived, verdict, severity, gap", EDGES)
def test_edges_scalar(v, h, rule, derived, verdict, severity, gap):
    got = judge(claimed_region(v, h, rule), Interval(*derived))
    assert got[:2] == (verdict, severity)
    assert _gap_matches(got[2], gap), got


@pytest.mark.parametrize("v, h, rule, derived, verdict, severity, gap", EDGES)
def test_edges_columns(v, h, rule, derived, verdict, severity, gap):
    low, high, low_open, high_open = regions([v], [h], [rule], [np.nan], [np.nan])
    got = judge_frame(low, high, low_open, high_open, *(np.array([x]) for x in derived))
    assert (got[0][0], got[1][0]) == (verdict, severity)
    assert _gap_matches(got[2][0], gap), got


def test_edges_columns_all_at_once():
    """The same table judged as one frame: each row keeps its own answer."""
    v, h, rule = ([row[i] for row in EDGES] for i in range(3))
    low, high, low_open, high_open = regions(v, h, rule, [np.nan] * len(EDGES),
                                             [np.nan] * len(EDGES))
    value, dlow, dhigh = (np.array([row[3][i] for row in EDGES], dtype=float) for i in range(3))
    verdict, severity, _ = judge_frame(low, high, low_open, high_open, value, dlow, dhigh)
    assert list(zip(verdict, severity)) == [(row[4], row[5]) for row in EDGES]


@pytest.mark.parametrize("v, h, rule, derived, verdict, severity, gap", EDGES)
def test_edges_through_the_standing_reading(v, h, rule, derived, verdict, severity, gap):
    """A figure that is not a capacity has one reading: the table's answer."""
    rows = pd.DataFrame({"v": [v], "h": [h], "rule": [rule], "r": [np.nan],
                         "absolute": [np.nan], "unit": ["TFLOPS"],
                         "claimed_dimension": ["compute"], "value": [derived[0]],
                         "low": [derived[1]], "high": [derived[2]]})
    judged = readings.judge_standing_reading(rows)
    assert (judged["verdict"][0], judged["severity"][0]) == (verdict, severity)
    assert _gap_matches(judged["gap"][0], gap)
    assert judged["reading"][0] is None


# -- the rank: consistent, then within_rounding, then inconsistent ------------------

def test_rank_orders_the_verdicts():
    words = ["inconsistent", "within_rounding", "consistent"]
    assert list(rank(words)) == [2, 1, 0] == [VERDICT_RANK[w] for w in words]
    assert VERDICT_RANK["consistent"] < VERDICT_RANK["within_rounding"] < \
        VERDICT_RANK["inconsistent"]


def test_better_prefers_within_rounding_to_any_inconsistent():
    close = ("within_rounding", None, 0.004)
    assert better(close, ("inconsistent", "minor", 0.001))
    assert not better(("inconsistent", "minor", 0.001), close)
    assert better(("within_rounding", None, 0.001), close)
    assert not better(close, close)


def _capacity(claimed_gb: float, derived: tuple) -> dict:
    rows = pd.DataFrame({"v": [claimed_gb * GB], "h": [0.5 * GB], "rule": ["about"],
                         "r": [np.nan], "absolute": [np.nan], "unit": ["GB"],
                         "claimed_dimension": ["information"], "value": [derived[0]],
                         "low": [derived[1]], "high": [derived[2]]})
    judged = readings.judge_standing_reading(rows)
    return {name: values[0] for name, values in judged.items()}


def test_within_rounding_beats_an_inconsistent_binary_reading():
    """144 GB against 143.4 GB (interval up to 143.5 GB): within_rounding as decimal; the
    binary reading (144 GiB = 154.6 GB) is inconsistent and must not stand."""
    judged = _capacity(144, (143.4 * GB, 143.3 * GB, 143.5 * GB))
    assert (judged["verdict"], judged["severity"], judged["reading"]) == \
        ("within_rounding", None, "decimal")
    assert judged["gap"] == pytest.approx(0.1 / 143.4)
    assert judged["factor"] == 1.0
    assert (judged["region_low"], judged["region_high"]) == (143.5 * GB, 144.5 * GB)


def test_within_rounding_binary_beats_an_inconsistent_decimal_reading():
    """144 GB against 143.3 GiB (up to 143.5 GiB): decimal is far off, binary touches."""
    judged = _capacity(144, (143.3 * GIB, 143.2 * GIB, 143.5 * GIB))
    assert (judged["verdict"], judged["reading"]) == ("within_rounding", "binary")
    assert judged["factor"] == GIB / GB
    assert (judged["region_low"], judged["region_high"]) == \
        pytest.approx((143.5 * GIB, 144.5 * GIB))


@pytest.mark.parametrize("claimed, reading, gap", [
    (140, "binary", (154.62 - 150.86) / 154.62),   # 140 GiB is nearer to 144 GiB than 140 GB
    (150, "decimal", (154.62 - 150.5) / 154.62),   # 150 GB is nearer than 150 GiB
])
def test_when_both_readings_are_inconsistent_the_nearer_stands(claimed, reading, gap):
    judged = _capacity(claimed, (144 * GIB,) * 3)
    assert (judged["verdict"], judged["severity"], judged["reading"]) == \
        ("inconsistent", "major", reading)
    assert judged["gap"] == pytest.approx(gap, rel=1e-3)


# -- the 1e-9 equality rule over columns: the scalar rule's known answers --------------

CLOSE = [
    (1.0, 1.0, True),
    (1.0, 1.0 + 1e-10, True),
    (1e15, 1e15 * (1 + 5e-10), True),
    (1.0, 1.0 + 2e-9, False),
    (-1.0, -1.0 - 1e-10, True),
    (0.0, 1e-300, False),
    (INF, INF, True),
    (INF, 1e308, False),
    (-INF, INF, False),
    (1e9, 1e9 - 1, True),       # exactly on the 1e-9 bound: <=, not <
    (-1e9, -(1e9 - 1), True),   # ... of the larger magnitude, whatever the sign
]

LE_LT = [
    (1.0, 2.0, True, True),
    (2.0, 1.0, False, False),
    (1.0, 1.0, True, False),
    (1.0 + 1e-10, 1.0, True, False),
    (1.0, 1.0 + 1e-10, True, False),
    (1.0, 1.0 + 1e-8, True, True),
    (-INF, 0.0, True, True),
    (0.0, INF, True, True),
]


def test_close_columns_give_the_scalar_answers():
    a = np.array([row[0] for row in CLOSE] + [row[1] for row in CLOSE])
    b = np.array([row[1] for row in CLOSE] + [row[0] for row in CLOSE])
    expected = [row[2] for row in CLOSE] * 2
    assert list(close_columns(a, b)) == expected
    assert [close(x, y) for x, y in zip(a, b)] == expected


def test_le_lt_columns_give_the_scalar_answers():
    a, b = np.array([row[0] for row in LE_LT]), np.array([row[1] for row in LE_LT])
    assert list(judge_module._le(a, b)) == [row[2] for row in LE_LT] == [le(x, y) for x, y in zip(a, b)]
    assert list(judge_module._lt(a, b)) == [row[3] for row in LE_LT] == [lt(x, y) for x, y in zip(a, b)]


# -- properties: touching edges and negation, both paths --------------------------------

def _both_paths(v, h, rule, derived: Interval) -> tuple:
    """judge's answer by the scalar rule and by the columns; they must be the same."""
    scalar = judge(claimed_region(v, h, rule), derived)
    low, high, low_open, high_open = regions([v], [h], [rule], [np.nan], [np.nan])
    verdict, severity, gap = judge_frame(low, high, low_open, high_open, np.array([derived.value]),
                                         np.array([derived.low]), np.array([derived.high]))
    assert (verdict[0], severity[0]) == scalar[:2]
    assert _gap_matches(gap[0], scalar[2])
    return scalar


@given(v=finite(-1e6, 1e6), h=resolutions(), rule=st.sampled_from(CLOSED_RULES + OPEN_RULES),
       width=finite(1e-3, 1.0), above=st.booleans())
def test_a_derived_interval_that_only_touches_the_region(v, h, rule, width, above):
    """Closed edge: within_rounding (or consistent when the value is inside); open edge:
    inconsistent. The derived interval ends exactly on the region's edge."""
    region = claimed_region(v, h, rule)
    edge = region.high if above else region.low
    assume(math.isfinite(edge))
    step = width * max(abs(edge), 1.0)
    derived = Interval(edge + step, edge, edge + 2 * step) if above else \
        Interval(edge - step, edge - 2 * step, edge)
    verdict = _both_paths(v, h, rule, derived)[0]
    touched_open = region.high_open if above else region.low_open
    assert verdict == ("inconsistent" if touched_open else "within_rounding")


@given(v=finite(-1e6, 1e6), h=resolutions(), rule=st.sampled_from(("about", "exact")),
       derived=intervals_with_point())
def test_negating_claim_and_derived_keeps_the_verdict(v, h, rule, derived):
    """about/exact regions are symmetric: -claim against -derived is judged alike, with the
    same gap (relative to the derived value's magnitude)."""
    interval = derived[0]
    assert _both_paths(v, h, rule, interval) == _both_paths(-v, h, rule, -interval)


def test_a_region_is_a_value():
    """Regions are frozen: hashable, equal by value, never changed in place."""
    region = claimed_region(100, 0.5, "about")
    assert {region, claimed_region(100, 0.5, "about")} == {region}
    with pytest.raises(AttributeError):
        region.low = 0.0   # type: ignore[misc]


@pytest.mark.parametrize("region", [Region(172.71000000171, 200.0), Region(100.0, 169.28999999829)])
def test_a_gap_on_the_minor_bound_to_the_last_bit_is_minor(region):
    """171 against these regions: the gap is 0.01 x (1 + 1e-9) exactly in floating point, the
    minor bound itself (`gap <= bound`, not `<`), in both paths."""
    derived = Interval.exact(171.0)
    assert judge(region, derived)[:2] == ("inconsistent", "minor")
    verdict, severity, _ = judge_frame(np.array([region.low]), np.array([region.high]),
                                       np.array([False]), np.array([False]), np.array([171.0]),
                                       np.array([171.0]), np.array([171.0]))
    assert (verdict[0], severity[0]) == ("inconsistent", "minor")


def test_a_row_without_a_rule_gets_no_region_and_the_others_theirs():
    """A claim with no region rule (None) is given NaN bounds, never an error, and does not
    disturb the rows around it."""
    low, high, low_open, high_open = regions([100.0, 5.0, 100.0], [0.5, 0.5, 0.0],
                                             ["about", None, "less_than"], [np.nan] * 3,
                                             [np.nan] * 3)
    assert (low[0], high[0], low[2], high[2]) == (99.5, 100.5, -INF, 100.0)
    assert np.isnan(low[1]) and np.isnan(high[1])
    assert list(low_open) == [False, False, False] and list(high_open) == [False, False, True]


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("v, h", [(100.0, 0.5), (2.0, 0.05), (-3.0, 0.5)])
def test_no_tolerance_given_the_columns_give_the_scalar_region(rule, v, h):
    """Without r or an absolute tolerance, every rule's column region is the scalar one
    (values not fixed here: the qualifier rules themselves live in test_judge.py)."""
    scalar = claimed_region(v, h, rule)
    low, high, low_open, high_open = regions([v], [h], [rule], [np.nan], [np.nan])
    assert (low[0], high[0], bool(low_open[0]), bool(high_open[0])) == \
        (scalar.low, scalar.high, scalar.low_open, scalar.high_open)


@pytest.mark.parametrize("v, low, high", [
    (2.0, 1.6, 2.4),           # 2 is not below 2: the tolerance is of the ratio itself
    (1.5, 1.4, 1.6),           # below 2: of the change (0.5)
    (0.5, 0.4, 0.6),           # a fall: of the change's size (0.5), never negative
])
def test_a_ratio_of_exactly_2_takes_its_tolerance_on_the_ratio(v, low, high):
    region = claimed_region(v, 0.005, "roughly", 0.2, ratio=True)
    assert (region.low, region.high) == pytest.approx((low, high), rel=1e-12)
    got = regions([v], [0.005], ["roughly"], [0.2], [np.nan], [True])
    assert (got[0][0], got[1][0]) == pytest.approx((low, high), rel=1e-12)


def test_of_ratio_marks_ratio_and_change_claims_only():
    kinds = ["ratio", "change", "quantity", "share", "count", None, "ratio"]
    assert judge_module.of_ratio(kinds).tolist() == [True, True, False, False, False, False, True]
    assert judge_module.of_ratio(np.array(["change"], dtype=object)).dtype == bool
