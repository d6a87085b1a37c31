"""Quantity text -> magnitude, unit, resolution; one pint registry of our own.

`parse_quantity("20.7 TB")` is the scalar rule: the number as written, its
resolution h (half a unit of the last written digit, CONTRACT section 4), and the
unit. Units are resolved by pint once per unique unit string (`unit_info` is
cached), so converting a column costs one dictionary look-up per row.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import NamedTuple

from claimaudit.core.errors import ClaimauditError, shown
from claimaudit.model import spellings

_NUMBER = re.compile(
    r"^\s*(?P<sign>[+-])?(?P<int>[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.(?P<frac>[0-9]*))?"
    r"(?:[eE](?P<exp>[+-]?[0-9]+))?\s*(?P<unit>.*?)\s*$"
)
# Full-width digits and signs (Chinese and Japanese typesetting: `２０.７ TB`) read as their
# ASCII forms; the text is kept as written. Digits of other scripts are rejected by name.
FULL_WIDTH = str.maketrans("０１２３４５６７８９．，＋－", "0123456789.,+-")
MAX_DIGITS = 40  # more digits than any figure needs, far fewer than float parsing tolerates
RATIO_UNITS = {"x", "×"}
PERCENT = "%"


class UnitError(ClaimauditError, ValueError):
    """A quantity text that cannot be read; the message says what was found."""


class Quantity(NamedTuple):
    """A written quantity. `kind` is quantity | count | ratio | change | share.

    `value` and `h` are in the written unit; `base` and `base_h` in the
    registry's base units (bytes, seconds, FLOP ...). Ratios, changes and shares
    are plain numbers: `4.4x` -> 4.4, `+40%` -> 1.40, `50%` -> 0.50.
    A named tuple, not a dataclass: a million claims make a million of them, and a tuple is
    made three times faster (put it in a numpy array with np.fromiter, never np.array).
    """

    text: str
    value: float
    h: float
    unit: str
    kind: str
    base: float
    base_h: float
    dimension: str


@cache
def registry():
    """The pint registry built from pipeline/data/units.txt (and nothing else)."""
    import pint

    definitions = resources.files("claimaudit") / "data" / "units.txt"
    ureg: pint.UnitRegistry = pint.UnitRegistry(None, case_sensitive=True, cache_folder=None)
    with resources.as_file(definitions) as path:
        ureg.load_definitions(str(path))
    return ureg


@dataclass(frozen=True)
class UnitInfo:
    """What one unit string means: factor to base units and the dimension's name."""

    unit: str
    factor: float
    dimension: str
    dims: tuple = ()


@cache
def unit_info(unit: str) -> UnitInfo:
    """Resolve one unit string (cached: called once per unique string)."""
    if unit == "":
        return UnitInfo("", 1.0, "count")
    if unit in RATIO_UNITS:
        return UnitInfo(unit, 1.0, "ratio")
    if not re.fullmatch(r"[A-Za-zµμ/]+[2²]?", unit):
        raise UnitError(f"unknown unit {shown(unit)}{spellings.suggestion(unit)}")
    known = _unit_cache().get(unit)
    if known is not None:
        dims = tuple((name, float(power)) for name, power in known["dims"])
        return UnitInfo(unit, known["factor"], dimension_name(dims), dims)
    if not _pint_may_know(unit):
        raise UnitError(f"unknown unit {shown(unit)}{spellings.suggestion(unit)}")
    return resolve_with_pint(unit)


def resolve_with_pint(unit: str) -> UnitInfo:
    """Ask the pint registry what a unit string means (the source of truth)."""
    import pint

    ureg = registry()
    if not all(_singular(ureg, part) for part in unit.split("/")):
        raise UnitError(f"unknown unit {shown(unit)}{spellings.suggestion(unit)}")
    try:
        quantity = ureg.Quantity(1.0, unit).to_base_units()
    except (pint.errors.PintError, AttributeError, TypeError, ValueError, SyntaxError):
        raise UnitError(f"unknown unit {shown(unit)}{spellings.suggestion(unit)}") from None
    dims = tuple(sorted((k.strip("[]"), float(v)) for k, v in quantity.dimensionality.items()))
    return UnitInfo(unit, float(quantity.magnitude), dimension_name(dims), dims)


def _singular(ureg, name: str) -> bool:
    """Does pint know `name` without reading a trailing "s" as a plural? pint would read
    "PFLOPs" as PFLOP; we never do. A reading of `name` that pint also gives for `name`
    less its "s" is a plural reading (pint's public `parse_unit_name` lists readings)."""
    try:
        readings = set(ureg.parse_unit_name(name))
        plural = set(ureg.parse_unit_name(name[:-1])) if name.endswith("s") and len(name) > 1 else set()
    except (ValueError, TypeError):
        return False
    return bool(readings - plural)


def dimension_name(dims: tuple) -> str:
    """A readable, canonical name for dimensions ((name, power), ...): 'information/time'."""
    if not dims:
        return "count"
    top = [(name, power) for name, power in dims if power > 0]
    bottom = [(name, -power) for name, power in dims if power < 0]

    def side(parts):
        return "*".join(name if power == 1 else f"{name}^{power:g}" for name, power in parts)

    return (side(top) or "1") + (f"/{side(bottom)}" if bottom else "")


def resolution(int_part: str, frac: str | None, exp: str | None) -> float:
    """Half a unit of the last written digit: `20.7` -> 0.05, `1e6` -> 5e5."""
    decimals = len(frac) if frac else 0
    exponent = int(exp) if exp else 0
    return 0.5 * 10.0 ** (exponent - decimals)


def ascii_digits(text: str) -> str:
    """Full-width digits as ASCII; any other script's digit is an error naming it."""
    text = text.translate(FULL_WIDTH)
    foreign = next((ch for ch in text if ch.isdigit() and not "0" <= ch <= "9"), None)
    if foreign is not None:
        raise UnitError(f"expected digits 0-9 (or full-width ０-９), found {foreign!r} "
                        f"({unicodedata.name(foreign, 'a digit of another script')}) in {shown(text)}")
    return text


def parse_quantity(text) -> Quantity:
    """The scalar rule: one `claimed`/`value` text -> Quantity (CONTRACT section 2)."""
    if not isinstance(text, str):
        raise UnitError(f"expected a quantity such as '20.7 TB', found {shown(text)}")
    match = _NUMBER.match(spellings.rewrite_number(ascii_digits(text)))
    if not match:
        raise UnitError(f"expected a number then a unit (e.g. '20.7 TB'), found {shown(text)}")
    sign, int_part, frac, exp, unit = match.group("sign", "int", "frac", "exp", "unit")
    if unit.startswith("_") or (int_part == "0" and re.match(r"[xXoObB][0-9A-Fa-f]", unit)):
        raise UnitError(f"expected a decimal number (thousands separated by ','), found "
                        f"{shown(text)}: '_' separators and 0x/0o/0b prefixes are not numbers here")
    digits = len(int_part) + len(frac or "")
    if digits > MAX_DIGITS or len(exp or "") > 4 or abs(int(exp or 0)) > 300:
        raise UnitError(f"expected a finite number of ordinary size, found {shown(text)}")
    magnitude = float(f"{int_part.replace(',', '')}.{frac or 0}e{exp or 0}")
    if not math.isfinite(magnitude):
        raise UnitError(f"expected a finite number of ordinary size, found {shown(text)}")
    h = resolution(int_part, frac, exp)
    if unit == PERCENT:
        if sign == "-" and magnitude > 100:
            raise UnitError(f"expected a change of -100% or more, found {shown(text)}")
        if sign:
            change = magnitude / 100 if sign == "+" else -magnitude / 100
            return Quantity(text, magnitude, h, PERCENT, "change", 1 + change, h / 100, "ratio")
        return Quantity(text, magnitude, h, PERCENT, "share", magnitude / 100, h / 100, "ratio")
    if sign == "-":
        raise UnitError(f"expected a positive quantity, found {shown(text)}")
    unit = spellings.canonical_unit(unit)
    info = unit_info(unit)
    kind = {"count": "count", "ratio": "ratio"}.get(info.dimension, "quantity")
    if not math.isfinite(magnitude * info.factor):
        raise UnitError(f"expected a finite number of ordinary size, found {shown(text)}")
    return Quantity(text, magnitude, h, unit, kind, magnitude * info.factor,
                    h * info.factor, info.dimension)


# -- a cache of pint's answers for the contract's units --------------------------
# pint and its registry take ~0.5 s to import and build, more than the rest of a
# `claimaudit check` on a small file. The answers for every unit CONTRACT section 6
# names are stored in data/units_cache.json, stamped with the hash of units.txt;
# a stale cache is ignored, and a unit not in it is resolved by pint as usual.
# Regenerate with `python -m claimaudit.model.units`.

CACHE_PREFIXES = ("", "k", "M", "G", "T", "P", "E", "Z", "Y", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei")
CACHE_UNITS = ("B", "B/s", "FLOPS", "FLOP/s", "OPS", "bps", "b/s", "b")
CACHE_OTHERS = ("s", "ms", "us", "µs", "μs", "ns", "min", "h", "W", "kW", "MW", "nm", "m", "mm2", "mm²")


def _definitions_hash() -> str:
    return hashlib.sha256((resources.files("claimaudit") / "data" / "units.txt").read_bytes()).hexdigest()


@cache
def _cache_data() -> dict:
    try:
        data = json.loads((resources.files("claimaudit") / "data" / "units_cache.json").read_text())
    except (OSError, ValueError):
        return {}
    return data if data.get("definitions_sha256") == _definitions_hash() else {}


def _unit_cache() -> dict:
    return _cache_data().get("units", {})


@cache
def _vocabulary() -> tuple[frozenset, ...] | None:
    """The registry's unit names, prefixes and suffixes (pint's `list(ureg)`, `_prefixes`,
    `_suffixes`), or None without a current cache."""
    words = _cache_data().get("vocabulary")
    return None if words is None else tuple(frozenset(words[k]) for k in VOCABULARY)


def _pint_may_know(unit: str) -> bool:
    """False when some part of `unit` splits into no prefix + unit name + suffix of the
    registry, the splits pint's parse_unit_name tries: pint would reject it, so it is not
    imported for that answer. A lint reads the word after every number in a quote as a
    possible unit (`dense`, `cores`): without this each `check` imported pint for them."""
    vocabulary = _vocabulary()
    if vocabulary is None:
        return True
    names, prefixes, suffixes = vocabulary
    return all(any(_split_name(part, prefix, suffix) in names
                   for prefix in prefixes if part.startswith(prefix)
                   for suffix in suffixes if part.endswith(suffix))
               for part in unit.split("/"))


def _split_name(part: str, prefix: str, suffix: str) -> str | None:
    """The unit name between `prefix` and `suffix`, as pint cuts it (none of one letter
    before a suffix)."""
    name = part[len(prefix):]
    if suffix:
        name = name[:-len(suffix)]
        if len(name) == 1:
            return None
    return name


VOCABULARY = ("names", "prefixes", "suffixes")


def build_unit_cache() -> dict:
    units = {}
    for name in [p + u for p in CACHE_PREFIXES for u in CACHE_UNITS] + list(CACHE_OTHERS):
        try:
            info = resolve_with_pint(name)
        except UnitError:
            continue
        units[name] = {"factor": info.factor, "dims": [list(d) for d in info.dims]}
    fresh = registry.__wrapped__()      # pint adds each prefixed unit it parses to list(ureg)
    words = (list(fresh), fresh._prefixes, fresh._suffixes)   # pint lists no prefixes publicly
    return {"definitions_sha256": _definitions_hash(), "units": units,
            "vocabulary": {key: sorted(found) for key, found in zip(VOCABULARY, words)}}


_DIMENSION_WORDS = {
    "information": "a capacity (bytes)", "information/time": "a bandwidth (bytes/s or bits/s)",
    "flop/time": "a compute rate (FLOPS)", "op/time": "an integer op rate (OPS)",
    "time": "a time (s)", "power": "a power (W)", "length": "a length (nm)", "length^2": "an area (mm2)",
    "count": "a plain count", "ratio": "a ratio (x or %)",
}


def dimension_words(dimension: str) -> str:
    """A dimension as a reader says it: 'a bandwidth (bytes/s or bits/s)'."""
    return _DIMENSION_WORDS.get(dimension, dimension)


@cache
def metric_dimension(unit: str) -> str:
    """The dimension name a metric's declared unit stands for."""
    return unit_info(unit).dimension


def convert(base_value: float, unit: str) -> float:
    """A base-unit magnitude expressed in `unit` (the inverse of parsing)."""
    return base_value / unit_info(unit).factor


BINARY_READING = {"kB": "KiB", "MB": "MiB", "GB": "GiB", "TB": "TiB", "PB": "PiB", "EB": "EiB"}


def binary_reading(unit: str) -> str | None:
    """JEDEC reading of a decimal capacity unit (`TB` -> `TiB`), or None."""
    return BINARY_READING.get(unit)


def decimal_reading(unit: str) -> str | None:
    """The decimal twin of a binary capacity unit (`TiB` -> `TB`), or None."""
    return next((decimal for decimal, binary in BINARY_READING.items() if binary == unit), None)


if __name__ == "__main__":
    target = resources.files("claimaudit") / "data" / "units_cache.json"
    with resources.as_file(target) as path:
        path.write_text(json.dumps(build_unit_cache(), indent=1, sort_keys=True) + "\n")
        print(f"wrote {path}")
