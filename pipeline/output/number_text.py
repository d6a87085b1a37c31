"""Numbers as `check --format csv` writes them: repr(float(f"{x:.12g}")), the record path's
cell (results._finite rounds to 12 significant digits; csv.writer writes the float's repr),
made for a whole column at once.

A decimal of at most 12 digits reads back as the double whose shortest repr has exactly those
digits, so only the digits and the layout are needed: the 12 digits are the nearest integer to
|x| * 10**(11 - e), with e the decimal exponent, worked in one multiplication by an exact power
of ten (|11 - e| <= 22) whose error (under 0.0001 of a unit) cannot change the integer unless
|x| * 10**(11 - e) lies within 0.001 of a half; the layout is repr's (fixed from 1e-4 to below
1e16, with ".0" on a whole number; else d.ddde+XX). Rows outside those bounds (zero, halves,
subnormals, huge exponents) and every row without pyarrow are asked of Python itself.
"""

from __future__ import annotations

import numpy as np

_BAND = 1e-3        # how near a half the scaled value may come before Python is asked


def as_written(values: np.ndarray) -> list[str]:
    """repr(float(f"{x:.12g}")) of each finite value."""
    values = np.asarray(values, dtype=float)
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        return _by_python(values.tolist())
    out = np.empty(len(values), dtype=object)
    sure, digits, exponent = _digits(values)
    asked = np.flatnonzero(~sure)
    out[asked] = _by_python(values[asked].tolist())
    if sure.any():
        out[sure] = _laid_out(digits[sure], exponent[sure], np.signbit(values[sure]))
    return out.tolist()


def _by_python(values: list) -> list[str]:
    written = []
    for text in map("{:.12g}".format, values):
        if "e" in text:
            text = repr(float(text))
        elif "." not in text:
            text += ".0"
        written.append(text)
    return written


def _digits(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(rows worked here, their 12 digits as an integer, their decimal exponent)."""
    size = np.abs(values)
    normal = size >= np.finfo(float).tiny
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        exponent = np.where(normal, np.floor(np.log10(np.where(normal, size, 1.0))), 0
                            ).astype(np.int64)
        shift = 11 - exponent
        power = 10.0 ** np.minimum(np.abs(shift), 22)
        scaled = np.where(shift >= 0, size * power, size / power)
    sure = normal & (np.abs(shift) <= 22) & (scaled >= 1e11) & (scaled < 1e12 - 1) \
        & (np.abs(scaled - np.floor(scaled) - 0.5) > _BAND)
    return sure, np.rint(np.where(sure, scaled, 1e11)).astype(np.int64), exponent


def _laid_out(digits: np.ndarray, exponent: np.ndarray, negative: np.ndarray) -> np.ndarray:
    """repr's text of each (12 digits, exponent, sign), worked per distinct exponent."""
    import pyarrow as pa
    import pyarrow.compute as pc

    full = pc.cast(pa.array(digits), pa.string())
    trimmed = pc.utf8_rtrim(full, characters="0")
    out = np.empty(len(digits), dtype=object)
    for e in np.unique(exponent).tolist():
        rows = np.flatnonzero(exponent == e)
        at = pa.array(rows)
        text = _layout(pc.take(full, at), pc.take(trimmed, at), e)
        out[rows] = text.to_numpy(zero_copy_only=False)
    minus = np.flatnonzero(negative)
    out[minus] = ["-" + text for text in out[minus].tolist()]
    return out


def _layout(full, trimmed, e: int):
    import pyarrow.compute as pc

    join = pc.binary_join_element_wise
    if 0 <= e < 16:
        whole = pc.utf8_slice_codeunits(full, 0, e + 1) if e < 12 else \
            join(full, "0" * (e - 11), "")
        fraction = pc.utf8_slice_codeunits(trimmed, e + 1, 12)
        fraction = pc.if_else(pc.equal(fraction, ""), "0", fraction)
        return join(whole, fraction, ".")
    if -4 <= e < 0:
        return join("0." + "0" * (-e - 1), trimmed, "")
    first = pc.utf8_slice_codeunits(trimmed, 0, 1)
    rest = pc.utf8_slice_codeunits(trimmed, 1, 12)
    mantissa = pc.if_else(pc.equal(rest, ""), first, join(first, rest, "."))
    return join(mantissa, f"e{'-' if e < 0 else '+'}{abs(e):02d}", "")
