"""Number formatting shared by derivation steps and reports (no arithmetic here)."""

from __future__ import annotations

import math

from claimaudit.model.units import convert

SIGNIFICANT = 6


def number(value: float | None, significant: int = SIGNIFICANT) -> str:
    """6 significant digits, thousands separators, no trailing zeros: 20,736 / 705.6 / 4.35635."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "n/a"
    if math.isinf(value):
        return "∞" if value > 0 else "-∞"
    if value == 0:
        return "0"
    decimals = max(0, significant - 1 - math.floor(math.log10(abs(value))))
    text = f"{value:,.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def quantity(base_value: float, unit: str) -> str:
    """A base-unit magnitude shown in `unit`: `20,736 GiB`; plain numbers have no unit."""
    if unit in ("", "x", "×"):
        return number(base_value) + ("x" if unit else "")
    return f"{number(convert(base_value, unit))} {unit}"
