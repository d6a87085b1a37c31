"""Numbers as vendors publish them: significant digits, rounding, prefixes, GiB vs GB.

The slips of rounding and of misread units (pipeline/data/slips.yaml: `round`, `unit`)
need to know how a figure was written and how it would be rewritten; these helpers hold
that arithmetic, apart from where a slip is applied (slips.py, slip_places.py) so it
can be tested by known answers on its own.
"""

from __future__ import annotations

import math

from claimaudit.model.intervals import Interval
from claimaudit.model.units import UnitError, unit_info

PREFIXES = ("k", "M", "G", "T", "P", "E")


def significant_digits(interval: Interval) -> float:
    """Digits a figure was written with, from its resolution (`2,517` 4, `4.9` 2)."""
    h = (interval.high - interval.low) / 2
    if h <= 0 or interval.value == 0:
        return math.inf
    return math.floor(math.log10(abs(interval.value))) - round(math.log10(2 * h)) + 1


def round_significant(value: float, digits: int) -> float:
    """2,517 -> 2,520 (3 digits) -> 2,500 (2 digits)."""
    if value == 0 or not math.isfinite(value):
        return value
    return float(f"{value:.{digits - 1}e}")


def nice_unit(base_value: float, unit: str) -> str:
    """The prefix of `unit`'s family that shows the value between 1 and 1,000 (2.52 PFLOPS)."""
    stem = unit[1:] if unit[:1] in PREFIXES and unit[1:2] != "i" else None
    if not stem:
        return unit
    for prefix in PREFIXES:
        try:
            shown = base_value / unit_info(prefix + stem).factor
        except UnitError:
            return unit
        if 1 <= abs(shown) < 1000:
            return prefix + stem
    return unit


def unit_twin(unit: str) -> str | None:
    """GiB <-> GB, TiB/s <-> TB/s: the same digits under the other kind of prefix."""
    if not unit or len(unit) < 2:
        return None
    if unit[1] == "i" and unit[0] in "KMGTPE" and unit[2:3] == "B":
        return ("k" if unit[0] == "K" else unit[0]) + unit[2:]
    if unit[0] in PREFIXES and unit[1:2] == "B":
        return ("K" if unit[0] == "k" else unit[0]) + "i" + unit[1:]
    return None
