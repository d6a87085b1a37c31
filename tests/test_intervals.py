"""Interval arithmetic and the 1e-9 equality rule (pipeline/model/intervals.py)."""

import math
import operator

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from claimaudit.model.intervals import Interval, IntervalError, close, le, lt
from claimaudit.model.units import parse_quantity
from strategies import intervals_with_point, nonzero_intervals_with_point


def bounds(iv):
    return (iv.low, iv.high)


# -- known answers --------------------------------------------------------------

KNOWN_BINARY = [
    # left, op, right, expected (value, low, high)
    (Interval(1.5, 1, 2), operator.add, Interval(3.5, 3, 4), (5, 4, 6)),
    (Interval(1.5, 1, 2), operator.sub, Interval(3.5, 3, 4), (-2, -3, -1)),
    (Interval(10, 9, 11), operator.sub, Interval(10, 9, 11), (0, -2, 2)),
    (Interval(0.5, -1, 2), operator.mul, Interval(3.5, 3, 4), (1.75, -4, 8)),
    (Interval(-1.5, -2, -1), operator.mul, Interval(-3.5, -4, -3), (5.25, 3, 8)),
    (Interval(1.5, 1, 2), operator.truediv, Interval(5, 4, 8), (0.3, 0.125, 0.5)),
    (Interval(-1.5, -2, -1), operator.truediv, Interval(5, 4, 8), (-0.3, -0.5, -0.125)),
    (Interval(1.5, 1, 2), operator.truediv, Interval(-5, -8, -4), (-0.3, -0.5, -0.125)),
]


@pytest.mark.parametrize("left, op, right, expected", KNOWN_BINARY)
def test_known_binary(left, op, right, expected):
    result = op(left, right)
    assert (result.value, result.low, result.high) == pytest.approx(expected, rel=1e-12)


KNOWN_POWERS = [
    # base, exponent, expected (value, low, high)
    (Interval(1, -2, 3), 2, (1, 0, 9)),          # even power across 0 reaches 0
    (Interval(-1.5, -2, -1), 2, (2.25, 1, 4)),
    (Interval(-1.5, -2, -1), 3, (-3.375, -8, -1)),
    (Interval(2.5, 2, 3), 0, (1, 1, 1)),
    (Interval(6.25, 4, 9), 0.5, (2.5, 2, 3)),
    (Interval(2, 1, 4), -1, (0.5, 0.25, 1)),
    (Interval(0.5, -1, 2), 0, (1, 1, 1)),        # x ** 0 is exactly 1, across 0 too
    (Interval(0.5, -1, 2), 1, (0.5, -1, 2)),     # an odd power across 0 keeps its negative end
    (Interval(0.2, -0.5, 0.5), 2, (0.04, 0, 0.25)),   # across 0 within (-1, 1): still reaches 0
    (Interval(1, 0.5, 2), 2, (1, 0.25, 4)),      # from a positive end below 1: no 0 to reach
]


@pytest.mark.parametrize("base, exponent, expected", KNOWN_POWERS)
def test_known_powers(base, exponent, expected):
    result = base ** exponent
    assert (result.value, result.low, result.high) == pytest.approx(expected, rel=1e-12)


KNOWN_MONOTONE = [
    (Interval(math.e, 1, math.e ** 2), math.log, "log", (1, 0, 2)),
    (Interval(4, 2, 8), math.log2, "log2", (2, 1, 3)),
    (Interval(4, 1, 9), math.sqrt, "sqrt", (2, 1, 3)),
    (Interval(1, 0.5, 2), math.log2, "log2", (0, -1, 1)),   # below 1 is allowed: only 0 is not
]


@pytest.mark.parametrize("interval, function, name, expected", KNOWN_MONOTONE)
def test_known_monotone(interval, function, name, expected):
    result = interval.monotone(function, name)
    assert (result.value, result.low, result.high) == pytest.approx(expected, rel=1e-12)


def test_sqrt_may_reach_zero_when_allowed():
    assert bounds(Interval(1, 0, 4).monotone(math.sqrt, "sqrt", allow_zero=True)) == (0, 2)


def test_around_exact_scaled_neg_and_hulls():
    around = Interval.around(20.7, 0.05)
    assert (around.value, around.low, around.high) == pytest.approx((20.7, 20.65, 20.75))
    assert Interval.exact(144) == Interval(144, 144, 144)
    assert Interval(2, 1, 3).scaled(144) == Interval(288, 144, 432)
    assert -Interval(2, 1, 3) == Interval(-2, -3, -1)
    assert Interval(2, 1, 3).hull_min(Interval(2.5, 0, 5)) == Interval(2, 0, 3)
    assert Interval(2, 1, 3).hull_max(Interval(2.5, 0, 5)) == Interval(2.5, 1, 5)


@pytest.mark.parametrize("divisor", [Interval(1, -1, 2), Interval(1, 0, 2), Interval(-1, -2, 0),
                                     Interval.exact(0)])
def test_division_by_an_interval_containing_zero_is_an_error(divisor):
    with pytest.raises(IntervalError, match="division by an interval that contains 0"):
        Interval(1, 1, 1) / divisor


@pytest.mark.parametrize("interval", [Interval(1, 0, 2), Interval(1, -1, 2)])
@pytest.mark.parametrize("function, name", [(math.log, "log"), (math.log2, "log2")])
def test_log_of_an_interval_reaching_zero_is_an_error(interval, function, name):
    with pytest.raises(IntervalError, match=f"{name} of an interval reaching"):
        interval.monotone(function, name)


def test_sqrt_of_a_negative_interval_is_an_error():
    with pytest.raises(IntervalError, match="sqrt of an interval reaching -1"):
        Interval(1, -1, 2).monotone(math.sqrt, "sqrt", allow_zero=True)


@pytest.mark.parametrize("exponent", [0.5, -1, -2])
def test_fractional_or_negative_power_of_an_interval_reaching_zero_is_an_error(exponent):
    with pytest.raises(IntervalError, match="fractional or negative power"):
        Interval(1, 0, 2) ** exponent


# -- the 1e-9 equality rule -----------------------------------------------------

CLOSE = [
    (1.0, 1.0, True),
    (1.0, 1.0 + 1e-10, True),
    (1e15, 1e15 * (1 + 5e-10), True),
    (1.0, 1.0 + 2e-9, False),
    (-1.0, -1.0 - 1e-10, True),
    (0.0, 1e-300, False),
    (math.inf, math.inf, True),
    (math.inf, 1e308, False),
    (-math.inf, math.inf, False),
    (1e9, 1e9 - 1, True),       # exactly on the 1e-9 bound: <=, not <
    (-1e9, -(1e9 - 1), True),   # ... of the larger magnitude, whatever the sign
]


@pytest.mark.parametrize("a, b, expected", CLOSE)
def test_close(a, b, expected):
    assert close(a, b) is expected
    assert close(b, a) is expected


@pytest.mark.parametrize("a, b, le_expected, lt_expected", [
    (1.0, 2.0, True, True),
    (2.0, 1.0, False, False),
    (1.0, 1.0, True, False),
    (1.0 + 1e-10, 1.0, True, False),    # a hair above still counts as equal
    (1.0, 1.0 + 1e-10, True, False),    # a hair below is not "less than"
    (1.0, 1.0 + 1e-8, True, True),
    (-math.inf, 0.0, True, True),
    (0.0, math.inf, True, True),
])
def test_le_lt(a, b, le_expected, lt_expected):
    assert le(a, b) is le_expected
    assert lt(a, b) is lt_expected


def test_ten_us_is_not_less_than_ten_microseconds():
    us, micro = parse_quantity("10 us").base, parse_quantity("10 µs").base
    assert close(us, micro)
    assert le(us, micro) and le(micro, us)
    assert not lt(us, micro) and not lt(micro, us)
    # and binary noise of a derivation does not decide either
    noisy = 0.1 * 3 * 1e-5 / 0.3
    assert noisy != 1e-5 and not lt(noisy, 1e-5) and not lt(1e-5, noisy)


# -- soundness properties -------------------------------------------------------

def inside(x: float, iv: Interval) -> bool:
    """x lies in the interval, up to a relative 1e-9 (and a tiny absolute slack near 0)."""
    slack = 1e-9 * max(abs(iv.low), abs(iv.high), abs(x)) + 1e-300
    return iv.low - slack <= x <= iv.high + slack


@given(intervals_with_point(), intervals_with_point(),
       st.sampled_from([operator.add, operator.sub, operator.mul]))
def test_add_sub_mul_are_sound(left, right, op):
    (a, x), (b, y) = left, right
    result = op(a, b)
    assert inside(op(x, y), result)
    assert result.value == op(a.value, b.value)
    assert result.low <= result.high


@given(intervals_with_point(), nonzero_intervals_with_point())
def test_division_is_sound(left, right):
    (a, x), (b, y) = left, right
    result = a / b
    assert inside(x / y, result)
    assert result.value == a.value / b.value


@given(intervals_with_point(st.floats(min_value=-100, max_value=100)), st.integers(0, 5))
def test_integer_powers_are_sound(base, n):
    a, x = base
    assert inside(x ** n, a ** n)


@given(intervals_with_point(st.floats(min_value=-3, max_value=3)), st.integers(0, 5))
def test_integer_powers_are_tight(base, n):
    """Each end of `a ** n` is reached: x ** n is continuous, so its range over [low, high] runs
    between its values at the ends and, when 0 lies inside, at 0."""
    a, _ = base
    reached = [a.low ** n, a.high ** n] + ([0.0 ** n] if a.low <= 0 <= a.high else [])
    result = a ** n
    assert (result.low, result.high) == pytest.approx((min(reached), max(reached)), abs=1e-12)


@given(intervals_with_point(st.floats(min_value=1e-3, max_value=1e4)),
       st.sampled_from([0.5, 1.5, -1, -0.5, -2, 2.5]))
def test_fractional_and_negative_powers_of_positive_intervals_are_sound(base, exponent):
    a, x = base
    assert inside(x ** exponent, a ** exponent)


@given(intervals_with_point(st.floats(min_value=1e-6, max_value=1e12)),
       st.sampled_from([(math.log, "log"), (math.log2, "log2"), (math.sqrt, "sqrt")]))
def test_monotone_functions_are_sound(base, function_name):
    (a, x), (function, name) = base, function_name
    assert inside(function(x), a.monotone(function, name))


@given(intervals_with_point(), intervals_with_point())
def test_subtraction_of_itself_contains_zero(left, _):
    a, x = left
    assert inside(0.0, a - a)
    assume(a.low < a.high)
    assert (a - a).low < 0 < (a - a).high   # not the naive [0, 0]


@given(intervals_with_point(), intervals_with_point())
def test_hulls_are_sound(left, right):
    (a, x), (b, y) = left, right
    assert inside(min(x, y), a.hull_min(b))
    assert inside(max(x, y), a.hull_max(b))


def test_an_interval_is_a_value():
    """Intervals are frozen: hashable, equal by value, never changed in place."""
    interval = Interval(1.0, 0.5, 2.0)
    assert {interval, Interval(1.0, 0.5, 2.0)} == {interval}
    with pytest.raises(AttributeError):
        interval.low = 0.0   # type: ignore[misc]
