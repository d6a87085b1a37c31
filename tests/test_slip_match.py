"""Matching slips to claims over columns (pipeline/forensics/match.py) against the scalar rules.

The property: for random groups of claims and candidates, `best` picks, for every claim, what
the scalar rules pick one claim at a time (judge.claimed_region / Region.contains for the fit,
the open-region reach, the claim's written digits, then `ranked`).
"""

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from claimaudit.engine import judge
from claimaudit.forensics import match as slip_match
from claimaudit.forensics.explain import _significant_digits
from claimaudit.model.intervals import REL_EQ

REACH = 1.5
GIB = 2**30 / 1e9


def _claims(draw, groups: int):
    n = draw(st.integers(1, 12))
    group = np.array([draw(st.integers(0, groups - 1)) for _ in range(n)])
    v = np.array([draw(st.sampled_from([3.0, 10.0, 20.7, 144.0, 0.0])) for _ in range(n)])
    h = np.array([draw(st.sampled_from([0.5, 0.05, 0.0])) for _ in range(n)])
    rule = np.array([draw(st.sampled_from(["about", "roughly", "more_than", "nearly"]))
                     for _ in range(n)], dtype=object)
    r = np.where(rule == "about", np.nan, 0.2)
    scale = np.array([draw(st.sampled_from([np.nan, GIB])) for _ in range(n)])
    return group, v, h, rule, r, scale


@st.composite
def cases(draw):
    groups = draw(st.integers(1, 3))
    group, v, h, rule, r, scale = _claims(draw, groups)
    members = [np.flatnonzero(group == g) for g in range(groups)]
    members = [m for m in members if len(m)]
    found = [[draw(st.tuples(st.sampled_from([3.0, 3.03, 9.99, 10.0, 20.6, 21.0, 144.0, 150.0,
                                              0.0]),
                             st.sampled_from([np.nan, 10.0, 20.7]), st.integers(1, 2),
                             st.integers(0, 3), st.integers(0, 2),
                             st.sampled_from([math.inf, 2.0, 3.0])))
              for _ in range(draw(st.integers(1, 6)))] for _ in members]
    return members, found, v, h, rule, r, scale


def _table(found) -> slip_match.Table:
    flat = [c for group in found for c in group]
    sizes = [len(group) for group in found]
    return slip_match.Table(
        group=np.repeat(np.arange(len(found)), sizes), value=np.array([c[0] for c in flat]),
        route=np.array([c[1] for c in flat]), steps=np.array([c[2] for c in flat]),
        cause=np.array([c[3] for c in flat]), place=np.array([c[4] for c in flat]),
        limit=np.array([c[5] for c in flat]), start=np.r_[0, np.cumsum(sizes)[:-1]])


def _columns(v, h, rule, r, scale) -> dict:
    absolute = np.full(len(v), np.nan)
    binary = np.where(np.isnan(scale), 1.0, scale)
    return {"v": v, "h": h, "binary_scale": scale, "digits": _significant_digits(v, h),
            "regions": [judge.regions(v * s, h * s, rule, r, absolute * s) for s in (1.0, binary)]}


def _one_claim(row, group, rows, table, columns, rule, r):
    """The scalar rules for one claim of `group`: its fits, then `ranked`."""
    v, h = columns["v"][row], columns["h"][row]
    first_scale = columns["binary_scale"][rows[0]]
    readings = [1.0] if np.isnan(first_scale) else [1.0, first_scale]
    own = 1.0 if np.isnan(columns["binary_scale"][row]) else columns["binary_scale"][row]
    fits, away, distance, reading = [], [], [], {}
    for c in range(len(table.value)):
        if table.group[c] != group:
            continue
        best, number = math.inf, 0
        fit = False
        for k, s in enumerate(readings):
            region = judge.claimed_region(v * (own if k else 1.0), h * (own if k else 1.0),
                                          rule[row], None if np.isnan(r[row]) else r[row])
            value, route = table.value[c], table.route[c]
            ok = region.contains(value) and not (not np.isnan(route) and region.contains(route))
            if math.isinf(region.low) or math.isinf(region.high):
                ok = ok and abs(v * s) / REACH <= value <= abs(v * s) * REACH
            with np.errstate(divide="ignore", invalid="ignore"):
                gap = np.abs(value - v * s) / np.abs(v * s)
            if ok and gap < best:
                best, number = gap, k
            fit = fit or ok
        if fit and columns["digits"][row] <= table.limit[c]:
            resolution = max(h, abs(v) * REL_EQ)
            with np.errstate(invalid="ignore"):
                fits.append(c)
                distance.append(best)
                away.append(np.floor(np.float64(best) * abs(v) / resolution + REL_EQ))
                reading[c] = number
    if not fits:
        return None
    picks = slip_match.ranked(fits, table, np.array(away), np.array(distance))
    return [(c, reading[c], tie) for c, tie in picks]


@settings(max_examples=60, deadline=None)
@given(cases())
def test_best_over_columns_is_the_scalar_rule_per_claim(case):
    members, found, v, h, rule, r, scale = case
    table = _table(found)
    columns = _columns(v, h, rule, r, scale)
    got = slip_match.best(columns, members, table, REACH)
    for group, rows in enumerate(members):
        for row in rows:
            want = _one_claim(int(row), group, rows, table, columns, rule, r)
            assert got.get(int(row)) == want, (row, want, got.get(int(row)))


def test_a_claim_with_no_candidate_in_reach_is_not_paired():
    table = _table([[(100.0, np.nan, 1, 0, 0, math.inf)]])
    columns = _columns(np.array([3.0]), np.array([0.5]), np.array(["about"], dtype=object),
                       np.array([np.nan]), np.array([np.nan]))
    assert slip_match.best(columns, [np.array([0])], table, REACH) == {}


def test_ties_are_marked_only_among_first_equal_causes():
    # two causes give exactly the claimed 10; a third, two steps away, comes last untied
    table = _table([[(10.0, np.nan, 1, 2, 0, math.inf), (10.0, np.nan, 1, 1, 0, math.inf),
                     (10.0, np.nan, 2, 0, 0, math.inf)]])
    columns = _columns(np.array([10.0]), np.array([0.5]), np.array(["about"], dtype=object),
                       np.array([np.nan]), np.array([np.nan]))
    assert slip_match.best(columns, [np.array([0])], table, REACH) == {
        0: [(1, 0, True), (0, 0, True), (2, 0, False)]}


def test_a_claim_of_zero_is_ranked_by_the_scalar_rule():
    # 0 claimed: the distance in units of its last digit is not a number, so `ranked` orders it
    table = _table([[(0.0, np.nan, 1, 0, 0, math.inf)]])
    columns = _columns(np.array([0.0]), np.array([0.5]), np.array(["about"], dtype=object),
                       np.array([np.nan]), np.array([np.nan]))
    assert slip_match.best(columns, [np.array([0])], table, REACH) == {0: [(0, 0, False)]}
