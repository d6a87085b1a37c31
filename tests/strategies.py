"""Shared hypothesis strategies for the property tests (STYLE habit 13).

Numbers: finite magnitudes of either sign, positive ones, fractions, resolutions as written
digits give them. Intervals: an interval with a point inside (for soundness), one away from
zero (a divisor), a derived interval near a claimed value. Claims: the (v, h, rule, r,
absolute) rows the run builds, and a rounded exact value written as a claim would write it.
Budgets are not set here: they live in the profiles of tests/conftest.py.
"""

from __future__ import annotations

from hypothesis import strategies as st

from claimaudit.engine.judge import RULES
from claimaudit.model.intervals import Interval

VAGUE_RULES = ("roughly", "nearly", "just_over")        # the rules that always carry an r
CLOSED_RULES = ("about", "exact", "at_least", "at_most")
OPEN_RULES = ("more_than", "less_than")


def finite(min_value: float, max_value: float) -> st.SearchStrategy[float]:
    """Floats in [min_value, max_value], never NaN or infinite."""
    return st.floats(min_value=min_value, max_value=max_value, allow_nan=False,
                     allow_infinity=False)


magnitudes = finite(-1e6, 1e6)          # either sign, zero included
positive = finite(1e-3, 1e6)            # a claimed or derived figure
fractions = finite(0, 1)


@st.composite
def resolutions(draw) -> float:
    """A resolution h as written digits give it: half a unit of the last digit (0.5, 0.05 ...)
    at any scale, or 0 for an exact figure."""
    return draw(st.sampled_from([0.0, 0.5, 0.05, 5e-4])) * 10 ** draw(st.integers(-2, 4))


@st.composite
def intervals_with_point(draw, elements=magnitudes) -> tuple[Interval, float]:
    """An interval (its nominal value inside) and a point drawn anywhere inside it."""
    a, b = sorted((draw(elements), draw(elements)))
    nominal = min(max(a + draw(fractions) * (b - a), a), b)
    point = min(max(a + draw(fractions) * (b - a), a), b)
    return Interval(nominal, a, b), point


@st.composite
def nonzero_intervals_with_point(draw) -> tuple[Interval, float]:
    """An interval that stays away from 0 (either sign) and a point inside."""
    interval, point = draw(intervals_with_point(positive))
    if draw(st.booleans()):
        interval, point = -interval, -point
    return interval, point


@st.composite
def claim_rows(draw, rules=RULES) -> tuple:
    """(v, h, rule, r, absolute) as the run builds them: vague rules always have an r."""
    v = draw(positive)
    h = draw(resolutions())
    rule = draw(st.sampled_from(rules))
    r = draw(finite(0.01, 0.5)) if rule in VAGUE_RULES else draw(st.one_of(
        st.none(), finite(0.01, 0.5)))
    absolute = draw(st.one_of(st.none(), finite(0.0, 10.0).map(lambda a: a * v)))
    return v, h, rule, r, absolute


@st.composite
def derived_intervals(draw, v: float) -> Interval:
    """A derived interval around a value near v (often on a region edge)."""
    value = v * draw(st.one_of(finite(0.5, 1.5), st.sampled_from([0.8, 0.9, 1.0, 1.1, 1.2])))
    low = value - draw(finite(0, 0.2)) * value
    high = value + draw(finite(0, 0.2)) * value
    return Interval(value, low, high)


@st.composite
def judged_rows(draw, rules=RULES) -> tuple[tuple, Interval]:
    """A claim row and a derived interval near its value."""
    row = draw(claim_rows(rules))
    return row, draw(derived_intervals(row[0]))


@st.composite
def rounded_claims(draw) -> tuple[float, str]:
    """An exact value and a claim that rounds it, written in fixed, grouped or exponent
    notation, with or without a unit."""
    exact = draw(finite(1e-3, 1e9))
    digits = draw(st.integers(0, 8))
    style = draw(st.sampled_from(["fixed", "grouped", "exponent"]))
    if style == "fixed":
        text = f"{exact:.{digits}f}"
    elif style == "grouped":
        text = f"{exact:,.{digits}f}"
    else:
        text = f"{exact:.{digits}e}"
    unit = draw(st.sampled_from(["", " TB", " TFLOPS", " W", " ms"]))
    return exact, text + unit


@st.composite
def written_numbers(draw) -> str:
    """A written number: plain or grouped by thousands, decimals, an exponent, sometimes odd."""
    whole = draw(st.integers(0, 10**12))
    text = f"{whole:,}" if draw(st.booleans()) else str(whole)
    if draw(st.booleans()):
        text += "." + draw(st.text("0123456789", max_size=6))
    if draw(st.integers(0, 3)) == 0:
        text += draw(st.sampled_from("eE")) + draw(st.sampled_from(["", "+", "-"])) \
            + str(draw(st.integers(0, 100_000)))
    return text
