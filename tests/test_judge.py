"""Claimed regions, verdicts and severity (pipeline/engine/judge.py, CONTRACT section 4)."""

import math

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from claimaudit.engine.judge import (
    RULES,
    VERDICT_RANK,
    Region,
    better,
    claimed_region,
    judge,
    judge_frame,
    regions,
)
from claimaudit.model.intervals import Interval
from claimaudit.model.units import parse_quantity, unit_info
from claimaudit.model.validate import qualifier_table
from strategies import claim_rows, derived_intervals, judged_rows, rounded_claims

INF = math.inf
SEVERITY_RANK = {None: 0, "minor": 1, "major": 2}


# -- claimed regions: every qualifier rule of section 4 ----------------------------

REGIONS = [
    # v, h, rule, r, absolute -> low, high, low_open, high_open
    (100, 0.5, "about", None, None, 99.5, 100.5, False, False),
    (20.7, 0.05, "about", None, None, 20.65, 20.75, False, False),
    (100, 0.5, "exact", None, None, 100, 100, False, False),
    (100, 0.5, "roughly", 0.2, None, 80, 120, False, False),
    (2, 0.5, "roughly", 0.2, None, 1.5, 2.5, False, False),        # resolution wider than r
    (100, 0.5, "nearly", 0.1, None, 90, 100.5, False, False),
    (100, 0.5, "just_over", 0.1, None, 100, 110, True, False),
    (2, 0.5, "just_over", 0.1, None, 2, 2.2, True, False),         # h reaches at most 1% past v
    (4, 0.5, "nearly", 0.1, None, 3.6, 4.04, False, False),        # "nearly 4x" never 4.4x
    (2, 0.5, "nearly", 0.1, None, 1.8, 2.02, False, False),        # "近兩倍" never 2.5x
    (1.0, 0.05, "on_par", 0.1, None, 0.9, 1.1, False, False),      # a ratio within 10% of 1
    (1, 0.5, "on_par", 0.05, None, 0.95, 1.05, False, False),
    (100, 0.5, "at_least", None, None, 100, INF, False, False),
    (100, 0.5, "more_than", None, None, 100, INF, True, False),
    (100, 0.5, "at_most", None, None, -INF, 100, False, False),
    (100, 0.5, "less_than", None, None, -INF, 100, False, True),
    # a claim's own `tolerance`, relative
    (100, 0.5, "roughly", 0.05, None, 95, 105, False, False),
    (100, 0.5, "nearly", 0.05, None, 95, 100.5, False, False),
    (100, 0.5, "just_over", 0.05, None, 100, 105, True, False),
    (100, 0.5, "about", 0.05, None, 95, 105, False, False),
    (100, 0.5, "exact", 0.05, None, 95, 105, False, False),
    (100, 0.5, "roughly", 0.001, None, 99.5, 100.5, False, False),  # never narrower than h
    # ... and absolute (`tolerance: 0.1 TB/s`), which replaces the relative one
    (100, 0.5, "roughly", 0.2, 2, 98, 102, False, False),
    (100, 0.5, "nearly", 0.1, 3, 97, 100.5, False, False),
    (100, 0.5, "just_over", 0.1, 3, 100, 103, True, False),
    (100, 0.5, "about", None, 2, 98, 102, False, False),
    (100, 0.5, "exact", None, 1, 99, 101, False, False),
]


@pytest.mark.parametrize("v, h, rule, r, absolute, low, high, low_open, high_open", REGIONS)
def test_claimed_region(v, h, rule, r, absolute, low, high, low_open, high_open):
    region = claimed_region(v, h, rule, r, absolute)
    assert (region.low, region.high) == pytest.approx((low, high), rel=1e-12)
    assert (region.low_open, region.high_open) == (low_open, high_open)


@pytest.mark.parametrize("v, h, rule, r, absolute, low, high, low_open, high_open", REGIONS)
def test_regions_columns_match_the_table(v, h, rule, r, absolute, low, high, low_open, high_open):
    got = regions([v], [h], [rule], [np.nan if r is None else r],
                  [np.nan if absolute is None else absolute])
    assert (got[0][0], got[1][0]) == pytest.approx((low, high), rel=1e-12)
    assert (bool(got[2][0]), bool(got[3][0])) == (low_open, high_open)


def test_every_rule_is_in_the_table():
    assert {row[2] for row in REGIONS} == set(RULES)


QUALIFIER_WORDS = [
    ("about", "about", None), ("up_to", "about", None), ("exact", "exact", None),
    ("roughly", "roughly", 0.2), ("approximately", "roughly", 0.2),
    ("around", "roughly", 0.2), ("on_par", "on_par", 0.1),
    ("nearly", "nearly", 0.1), ("almost", "nearly", 0.1), ("just_over", "just_over", 0.1),
    ("at_least", "at_least", None), ("upwards_of", "at_least", None),
    ("more_than", "more_than", None), ("over", "more_than", None),
    ("at_most", "at_most", None), ("less_than", "less_than", None), ("under", "less_than", None),
]


@pytest.mark.parametrize("word, rule, tolerance", QUALIFIER_WORDS)
def test_qualifier_words_and_default_tolerances(word, rule, tolerance):
    entry = qualifier_table()[word]
    assert entry["region"] == rule
    assert entry["tolerance"] == (pytest.approx(tolerance) if tolerance else None)


def test_qualifier_table_has_no_other_words():
    assert set(qualifier_table()) == {word for word, _, _ in QUALIFIER_WORDS}


# CONTRACT 10.2: a ratio or change claim below 2 takes its vague tolerance on the change
RATIO_REGIONS = [
    # v, h, rule, r -> low, high
    (1.1, 0.05, "roughly", 0.2, 1.05, 1.15),      # "roughly 1.1x": its digits, never 0.88-1.32
    (1.4, 0.005, "roughly", 0.2, 1.32, 1.48),     # "+40%" roughly: 40% +- 8 points
    (1.5, 0.05, "nearly", 0.1, 1.45, 1.515),
    (1.5, 0.05, "just_over", 0.1, 1.5, 1.55),
    (0.9, 0.05, "roughly", 0.2, 0.85, 0.95),      # a fall of 10%
    (4, 0.5, "roughly", 0.2, 3.2, 4.8),           # 2 and above: the ratio itself
    (4, 0.5, "nearly", 0.1, 3.6, 4.04),
]


@pytest.mark.parametrize("v, h, rule, r, low, high", RATIO_REGIONS)
def test_ratio_tolerance_applies_to_the_change(v, h, rule, r, low, high):
    region = claimed_region(v, h, rule, r, ratio=True)
    assert (region.low, region.high) == pytest.approx((low, high), rel=1e-12)
    got = regions([v], [h], [rule], [r], [np.nan], [True])
    assert (got[0][0], got[1][0]) == pytest.approx((low, high), rel=1e-12)


@given(v=st.floats(1.001, 1.999), h=st.floats(0, 0.5), r=st.floats(0.01, 0.5),
       rule=st.sampled_from(["roughly", "nearly", "just_over"]))
def test_a_ratio_below_2_never_reaches_further_than_its_change_allows(v, h, r, rule):
    region = claimed_region(v, h, rule, r, ratio=True)
    reach = max(h, r * (v - 1))
    assert region.low >= v - reach - 1e-12 and region.high <= v + reach + 1e-12


@given(v=st.floats(1e-3, 1e9), h=st.floats(0, 1e6), r=st.floats(0, 0.5))
def test_nearly_and_just_over_reach_at_most_one_percent_past_v(v, h, r):
    assert claimed_region(v, h, "nearly", r).high <= v * 1.01 * (1 + 1e-12)
    assert claimed_region(v, h, "just_over", r).high <= v + max(0.01 * v, r * v) + 1e-9 * v


def test_unknown_rule_is_an_error():
    with pytest.raises(ValueError, match="unknown region rule 'arguably'"):
        claimed_region(1, 0.5, "arguably")


# -- verdicts --------------------------------------------------------------------

def region_of(text, rule="about", r=None, absolute=None):
    quantity = parse_quantity(text)
    return claimed_region(quantity.base, quantity.base_h, rule, r, absolute)


VERDICTS = [
    # region, derived, verdict, severity
    (Region(99.5, 100.5), Interval(100, 99, 101), "consistent", None),
    (Region(99.5, 100.5), Interval.exact(100.5), "consistent", None),        # closed bound
    (Region(99.5, 100.5), Interval.exact(100.5 * (1 + 1e-10)), "consistent", None),  # 1e-9 rule
    (Region(16.05, 16.15), Interval(16.0, 15.8, 16.2), "within_rounding", None),
    (Region(16.05, 16.15), Interval(16.2, 16.1, 16.3), "within_rounding", None),
    (Region(20.65, 20.75), Interval(20.25, 20.18, 20.32), "inconsistent", "major"),
    (Region(1004.5, 1005.5), Interval(1000, 999.5, 1000.5), "inconsistent", "minor"),
    (Region(1019.5, 1020.5), Interval(1000, 999.5, 1000.5), "inconsistent", "major"),
    # open bounds: an endpoint is not inside
    (Region(100, INF, low_open=True), Interval.exact(100), "inconsistent", "minor"),
    (Region(100, INF, low_open=True), Interval(100, 99, 101), "within_rounding", None),
    (Region(100, INF, low_open=True), Interval(101, 100, 102), "consistent", None),
    (Region(100, INF), Interval.exact(100), "consistent", None),
    (Region(-INF, 100, high_open=True), Interval.exact(100), "inconsistent", "minor"),
    (Region(-INF, 100, high_open=True), Interval(100, 99.5, 100.5), "within_rounding", None),
    (Region(-INF, 100), Interval.exact(100), "consistent", None),
    (Region(-INF, 100), Interval(200, 150, 250), "inconsistent", "major"),
    (Region(100, 110, low_open=True), Interval(100, 100 - 1e-8, 100 + 1e-8), "inconsistent",
     "minor"),
]


@pytest.mark.parametrize("region, derived, verdict, severity", VERDICTS)
def test_verdicts(region, derived, verdict, severity):
    got_verdict, got_severity, gap = judge(region, derived)
    assert (got_verdict, got_severity) == (verdict, severity)
    assert gap >= 0
    if verdict == "consistent":
        assert gap == 0


@pytest.mark.parametrize("text, rule, derived, verdict", [
    ("10 µs", "less_than", "10 us", "inconsistent"),      # 10 us is not less than 10 µs
    ("10 µs", "at_most", "10 us", "consistent"),
    ("10 us", "more_than", "10 µs", "inconsistent"),
    ("10 us", "exact", "10 µs", "consistent"),
    ("1,000 W", "about", "1 kW", "consistent"),
])
def test_equal_values_in_different_units(text, rule, derived, verdict):
    derived_base = parse_quantity(derived).base
    assert judge(region_of(text, rule), Interval.exact(derived_base))[0] == verdict


SEVERITY_BOUNDARY = [
    # region edge, severity: the nominal derived value is 100, its interval [99.9, 100.1]
    (Region(100.999, 102), "minor"),     # 0.999% below the region
    (Region(101, 102), "minor"),         # exactly 1%
    (Region(101.001, 102), "major"),     # 1.001%
    (Region(97, 99.005), "minor"),       # 0.995% of the derived value (1.005% of the edge)
    (Region(97, 99), "minor"),
    (Region(97, 98.99), "major"),        # 1.01%
]


@pytest.mark.parametrize("region, severity", SEVERITY_BOUNDARY)
def test_severity_at_the_one_percent_boundary(region, severity):
    verdict, got, gap = judge(region, Interval(100, 99.9, 100.1))
    assert (verdict, got) == ("inconsistent", severity)
    assert gap == pytest.approx(max(region.low - 100, 100 - region.high) / 100)


@pytest.mark.parametrize("region, severity", SEVERITY_BOUNDARY)
def test_severity_boundary_columns(region, severity):
    verdict, got, _ = judge_frame(np.array([region.low]), np.array([region.high]),
                                  np.array([False]), np.array([False]), np.array([100.0]),
                                  np.array([99.9]), np.array([100.1]))
    assert (verdict[0], got[0]) == ("inconsistent", severity)


def test_better_prefers_verdict_then_gap_and_keeps_ties():
    assert better(("consistent", None, 0.0), ("within_rounding", None, 0.001))
    assert better(("within_rounding", None, 0.5), ("inconsistent", "minor", 0.001))
    assert better(("inconsistent", "minor", 0.001), ("inconsistent", "major", 0.5))
    assert not better(("inconsistent", "major", 0.5), ("inconsistent", "minor", 0.001))
    assert not better(("consistent", None, 0.0), ("consistent", None, 0.0))


# -- properties ------------------------------------------------------------------

def _nan(x):
    return np.nan if x is None else x


@given(st.lists(judged_rows(), min_size=1, max_size=8))
def test_columns_agree_with_the_scalar_rules(rows):
    claims = [row for row, _ in rows]
    derived = [d for _, d in rows]
    low, high, low_open, high_open = regions(
        [c[0] for c in claims], [c[1] for c in claims], [c[2] for c in claims],
        [_nan(c[3]) for c in claims], [_nan(c[4]) for c in claims])
    verdict, severity, gap = judge_frame(
        low, high, low_open, high_open, np.array([d.value for d in derived]),
        np.array([d.low for d in derived]), np.array([d.high for d in derived]))
    for i, ((v, h, rule, r, absolute), d) in enumerate(rows):
        region = claimed_region(v, h, rule, r, absolute)
        assert (low[i], high[i]) == pytest.approx((region.low, region.high), rel=1e-12)
        assert (bool(low_open[i]), bool(high_open[i])) == (region.low_open, region.high_open)
        expected = judge(region, d)
        assert (verdict[i], severity[i]) == expected[:2]
        assert gap[i] == pytest.approx(expected[2], rel=1e-9)


@given(rounded_claims())
def test_a_rounded_exact_value_is_consistent_under_about(case):
    exact, text = case
    quantity = parse_quantity(text)
    derived = Interval.exact(exact * unit_info(quantity.unit).factor)
    region = claimed_region(quantity.base, quantity.base_h, "about")
    assert judge(region, derived)[0] == "consistent", (text, region, derived)
    low, high, lo, ho = regions([quantity.base], [quantity.base_h], ["about"], [np.nan], [np.nan])
    assert judge_frame(low, high, lo, ho, np.array([derived.value]), np.array([derived.low]),
                       np.array([derived.high]))[0][0] == "consistent"


WIDENABLE = ("about", "exact", "roughly", "nearly", "just_over")


@given(claim_rows(), st.data(), st.floats(0.01, 0.5), st.floats(1.0, 5.0),
       st.booleans())
def test_widening_a_tolerance_never_worsens_a_verdict(row, data, r, widen, use_absolute):
    v, h, _, _, _ = row
    rule = data.draw(st.sampled_from(WIDENABLE))
    derived = data.draw(derived_intervals(v))
    if use_absolute:
        narrow = claimed_region(v, h, rule, None, r * v)
        wide = claimed_region(v, h, rule, None, r * v * widen)
    else:
        narrow = claimed_region(v, h, rule, r)
        wide = claimed_region(v, h, rule, min(r * widen, 0.99))
    before, after = judge(narrow, derived), judge(wide, derived)
    assert VERDICT_RANK[after[0]] <= VERDICT_RANK[before[0]]
    if before[0] == after[0] == "inconsistent":
        assert SEVERITY_RANK[after[1]] <= SEVERITY_RANK[before[1]]
        assert after[2] <= before[2] * (1 + 1e-9)


# -- the scalar rule and the column rule agree, tolerance or none ------------------

@example(v=100.0, h=0.5, rule="roughly", r=None, absolute=None, ratio=False)  # raised in the scalar rule
@example(v=1.1, h=0.05, rule="roughly", r=0.2, absolute=None, ratio=True)
@given(v=st.floats(1e-6, 1e12), h=st.floats(0, 1e3), rule=st.sampled_from(RULES),
       r=st.one_of(st.none(), st.floats(0, 0.5)), absolute=st.one_of(st.none(), st.floats(0, 1e3)),
       ratio=st.booleans())
def test_scalar_and_column_regions_agree(v, h, rule, r, absolute, ratio):
    scalar = claimed_region(v, h, rule, r, absolute, ratio)
    low, high, low_open, high_open = regions(
        [v], [h], [rule], [np.nan if r is None else r], [np.nan if absolute is None else absolute],
        [ratio])
    assert (low[0], high[0]) == pytest.approx((scalar.low, scalar.high), rel=1e-12, abs=1e-12)
    assert (bool(low_open[0]), bool(high_open[0])) == (scalar.low_open, scalar.high_open)
