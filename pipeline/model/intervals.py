"""Interval arithmetic on (nominal, low, high) and the 1e-9 equality rule.

Every derived figure carries its nominal value (from the nominal inputs) and the
interval that every input drawn anywhere inside its own resolution can reach
(CONTRACT section 4). Operations stay sound for subtraction, division and
monotone functions; a divisor interval containing zero is an input error.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from claimaudit.core.errors import ClaimauditError

REL_EQ = 1e-9


class IntervalError(ClaimauditError, ValueError):
    """An operation with no sound interval result (division by an interval around 0...)."""


def close(a: float, b: float) -> bool:
    """Two numbers within a relative 1e-9 of each other count as equal."""
    if a == b:
        return True
    if math.isinf(a) or math.isinf(b):
        return False
    return abs(a - b) <= REL_EQ * max(abs(a), abs(b))


def le(a: float, b: float) -> bool:
    """a <= b under the equality rule."""
    return a <= b or close(a, b)


def lt(a: float, b: float) -> bool:
    """a < b under the equality rule (so 10 us is not less than 10 µs)."""
    return a < b and not close(a, b)


@dataclass(frozen=True)
class Interval:
    value: float
    low: float
    high: float

    @classmethod
    def exact(cls, value: float) -> Interval:
        return cls(value, value, value)

    @classmethod
    def around(cls, value: float, h: float) -> Interval:
        return cls(value, value - h, value + h)

    def __add__(self, other: Interval) -> Interval:
        return Interval(self.value + other.value, self.low + other.low, self.high + other.high)

    def __sub__(self, other: Interval) -> Interval:
        return Interval(self.value - other.value, self.low - other.high, self.high - other.low)

    def __mul__(self, other: Interval) -> Interval:
        corners = [a * b for a in (self.low, self.high) for b in (other.low, other.high)]
        return Interval(self.value * other.value, min(corners), max(corners))

    def __truediv__(self, other: Interval) -> Interval:
        if other.low <= 0 <= other.high:
            raise IntervalError(
                f"division by an interval that contains 0 ([{other.low:g}, {other.high:g}])")
        corners = [a / b for a in (self.low, self.high) for b in (other.low, other.high)]
        return Interval(self.value / other.value, min(corners), max(corners))

    def __pow__(self, exponent: float) -> Interval:
        if exponent == int(exponent) and exponent >= 0:
            return _power_integer(self, int(exponent))
        if self.low <= 0:
            raise IntervalError(f"a fractional or negative power of an interval reaching {self.low:g}")
        corners = [self.low ** exponent, self.high ** exponent]
        return Interval(self.value ** exponent, min(corners), max(corners))

    def __neg__(self) -> Interval:
        return Interval(-self.value, -self.high, -self.low)

    def monotone(self, function, name: str, allow_zero: bool = False) -> Interval:
        """An increasing function defined for positive inputs: log, log2 (and sqrt at 0)."""
        if self.low < 0 or (self.low == 0 and not allow_zero):
            raise IntervalError(f"{name} of an interval reaching {self.low:g} is undefined")
        return Interval(function(self.value), function(self.low), function(self.high))

    def hull_min(self, other: Interval) -> Interval:
        return Interval(min(self.value, other.value), min(self.low, other.low),
                        min(self.high, other.high))

    def hull_max(self, other: Interval) -> Interval:
        return Interval(max(self.value, other.value), max(self.low, other.low),
                        max(self.high, other.high))

    def scaled(self, factor: float) -> Interval:
        """Multiplication by an exact positive factor (member counts, unit factors)."""
        return Interval(self.value * factor, self.low * factor, self.high * factor)


def _power_integer(base: Interval, n: int) -> Interval:
    if n == 0:
        return Interval.exact(1.0)
    values = [base.low ** n, base.high ** n]
    low, high = min(values), max(values)
    if n % 2 == 0 and base.low < 0 < base.high:
        low = 0.0
    return Interval(base.value ** n, low, high)
