"""Quantity texts -> one frame of magnitudes, units and resolutions: units.parse_quantity over a column.

    parse_quantities(texts) -> DataFrame indexed like `texts`, columns QUANTITY_COLUMNS:
        value, h, unit, kind, base, base_h, dimension  (as units.Quantity holds them)
        error  None, or the scalar rule's message for a text it rejects

The scalar `units.parse_quantity` stays the readable reference; this applies the same rule to
whole columns (a property test holds the two together). Each distinct text is read once; the
number is cut out by the scalar rule's own regex through `Series.str.extract`, digits become
floats in one numpy conversion, and each distinct unit string is resolved once (spellings then
registry). Text outside ASCII (full-width digits, Chinese numerals) is first rewritten per
distinct text by the scalar rule's helpers. A text the columns flag as bad is handed to the
scalar rule, so an error message is always the scalar rule's own, word for word.
"""

from __future__ import annotations

import math
import re
from functools import cache, partial

import numpy as np
import pandas as pd

from claimaudit.model import spellings
from claimaudit.model.units import (
    _NUMBER,
    MAX_DIGITS,
    PERCENT,
    Quantity,
    UnitError,
    ascii_digits,
    parse_quantity,
    unit_info,
)

QUANTITY_COLUMNS = ("text", "value", "h", "unit", "kind", "base", "base_h", "dimension", "error")
_PARTS = ("sign", "int", "frac", "exp", "unit")


def parse_quantities(texts) -> pd.DataFrame:
    """Every text of a column (any sequence; a Series keeps its index) read as units.parse_quantity
    reads it: one row per text, QUANTITY_COLUMNS, `error` set where the scalar rule raises."""
    texts = texts if isinstance(texts, pd.Series) else pd.Series(list(texts), dtype=object)
    values = texts.to_numpy(object)
    is_text = np.ones(len(values), dtype=bool) if pd.api.types.infer_dtype(
        values, skipna=False) == "string" else np.fromiter(     # one C pass when all are str
            (isinstance(t, str) for t in values), bool, len(values))
    codes, distinct = pd.factorize(np.where(is_text, values, None), use_na_sentinel=True)
    with np.errstate(over="ignore", invalid="ignore"):   # overflow: flagged, scalar rule reads it
        table = _parse_distinct(pd.Series(np.asarray(distinct, dtype=object), dtype=object))
    table = pd.concat([table, _rejected([None])], ignore_index=True)   # row -1: not text
    frame = table.iloc[np.where(codes < 0, len(table) - 1, codes)].set_axis(texts.index)
    frame["text"] = pd.Series(values, index=frame.index, dtype=object)
    if not is_text.all():
        frame.loc[~is_text, "error"] = [_message(t) for t in values[~is_text]]
    errors = frame["error"].to_numpy(object)
    frame["error"] = pd.Series(np.where(pd.isna(errors), None, errors), index=frame.index,
                               dtype=object)
    return frame


def quantity_objects(frame: pd.DataFrame) -> np.ndarray:
    """The frame's rows as units.Quantity objects in an object array (None where `error` is
    set): made by tuple.__new__ over zipped columns, as Quantity._make does less its length
    check (the columns are Quantity's fields, in order)."""
    columns = [_shared(frame[name]) if name in _REPEATING else frame[name].tolist()
               for name in QUANTITY_COLUMNS[:-1]]
    objects = np.fromiter(map(partial(tuple.__new__, Quantity), zip(*columns)),
                          dtype=object, count=len(frame))
    objects[frame["error"].notna().to_numpy(bool)] = None
    return objects


_REPEATING = ("h", "base_h")     # half a unit of the last digit: a few dozen values in all


def _shared(column: pd.Series) -> list:
    """The column as a list holding one Python float per distinct value (a million claims
    written to a few dozen precisions: 24 MB of floats less per column)."""
    codes, distinct = pd.factorize(column.to_numpy(float).view(np.int64))   # bit for bit
    return np.asarray(distinct.view(np.float64).tolist(), dtype=object)[codes].tolist()


# -- the rule over distinct texts ---------------------------------------------------------

def _parse_distinct(texts: pd.Series) -> pd.DataFrame:
    """Distinct texts (all str) -> QUANTITY_COLUMNS; rows flagged bad get the scalar verdict."""
    readable, bad, plain = _rewritten(texts)
    parts, matched = _split_numbers(readable, plain)
    bad |= ~matched
    sign, whole, frac, exp, unit = parts
    bad |= _not_decimal(whole, unit) | _oversized(whole, frac, exp)
    exponent = np.where(bad | (exp == ""), "0", exp).astype(object).astype(np.int64)
    magnitude = _magnitudes(whole, frac, exponent, bad)
    bad |= ~np.isfinite(magnitude)
    # half a unit of the last written digit, computed in Python once per distinct place
    h = _per_distinct(exponent - _lengths(frac), lambda place: 0.5 * 10.0 ** int(place))
    out = _with_units(texts.to_numpy(object), sign, unit, magnitude, h.astype(float), bad)
    return _scalar_where_bad(out)


def _split_numbers(readable: pd.Series, plain: np.ndarray | None = None
                   ) -> tuple[list[np.ndarray], np.ndarray]:
    """The scalar rule's regex over a column -> (sign, int, frac, exp, unit) as object arrays
    ("" for an absent part) and the rows it matched. pyarrow's RE2 engine when installed (six
    times faster than pandas' per-row `re`); `_ARROW_NUMBER` is the same pattern with Python's
    str `\\s` spelled out, since RE2's `\\s` is narrower. Text outside ASCII goes to `re`
    (`plain`: which rows are ASCII, when the caller knows)."""
    try:
        import pyarrow as pa
        import pyarrow.compute as pc
    except ImportError:
        return _split_with_re(readable)
    if plain is None:
        plain = np.array([t.isascii() for t in readable], dtype=bool)
    if not plain.all():
        return _split_in_two(readable, plain)
    found = pc.extract_regex(pa.array(readable.to_numpy(object), type=pa.string()), _ARROW_NUMBER)
    matched = found.is_valid().to_numpy(zero_copy_only=False)
    parts = [found.field(name).fill_null("") for name in _PARTS]
    return [_few_words(part) if name in _FEW else part.to_numpy(zero_copy_only=False)
            for name, part in zip(_PARTS, parts)], matched


_FEW = ("sign", "exp", "unit")      # parts of few distinct words: one str object per word


def _few_words(column) -> np.ndarray:
    """A pyarrow string column as an object array holding one str per distinct word."""
    encoded = column.dictionary_encode()
    words = np.asarray(encoded.dictionary.to_pylist(), dtype=object)
    return words[encoded.indices.to_numpy(zero_copy_only=False)]


def _split_in_two(readable: pd.Series, plain: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    """ASCII rows through RE2, the others (a Chinese unit, a Unicode space) through `re`."""
    parts = [np.full(len(readable), "", dtype=object) for _ in _PARTS]
    matched = np.zeros(len(readable), dtype=bool)
    for rows, split in ((plain, _split_numbers), (~plain, _split_with_re)):
        if rows.any():
            got, matched[rows] = split(readable[rows].reset_index(drop=True))
            for whole, part in zip(parts, got):
                whole[rows] = part
    return parts, matched


def _split_with_re(readable: pd.Series, plain: np.ndarray | None = None
                   ) -> tuple[list[np.ndarray], np.ndarray]:
    parts = readable.str.extract(_NUMBER.pattern).reindex(columns=list(_PARTS))
    matched = parts["int"].notna().to_numpy()
    parts = parts.fillna("").astype(object)
    return [parts[name].to_numpy(object) for name in _PARTS], matched


_SPACE = r"[\t\n\x0b\x0c\r\x1c-\x1f ]"    # str.isspace() within ASCII, as Python's `\s`
_ARROW_NUMBER = _NUMBER.pattern.replace(r"\s", _SPACE)


def _lengths(texts: np.ndarray) -> np.ndarray:
    return np.fromiter(map(len, texts), np.int64, len(texts))


def _rewritten(texts: pd.Series) -> tuple[pd.Series, np.ndarray, np.ndarray]:
    """The text the number regex reads: full-width digits and Chinese forms rewritten (per
    distinct text, by the scalar rule's helpers); bad where a foreign digit is found; and
    which rows of it are ASCII."""
    ascii_ = np.array([t.isascii() for t in texts], dtype=bool)
    plain = ascii_.copy()
    if not _ascii_unchanged():
        plain[:] = False
    phrases = [phrase for phrase in spellings.table()["phrases"] if phrase.isascii()]
    if phrases:
        plain &= ~texts.str.strip().isin(phrases).to_numpy()
    readable = texts.to_numpy(object).copy()
    bad = np.zeros(len(texts), dtype=bool)
    for at in np.flatnonzero(~plain):
        try:
            readable[at] = spellings.rewrite_number(ascii_digits(readable[at]))
        except UnitError:
            bad[at], readable[at] = True, ""
        ascii_[at] = readable[at].isascii()
    return pd.Series(readable, dtype=object), bad, ascii_


@cache
def _ascii_unchanged() -> bool:
    """Do ASCII texts pass rewrite_number unchanged? True while every Chinese numeral and
    multiplier in the spellings table is outside ASCII (phrases are checked per text)."""
    data = spellings.table()
    signs = [*data["chinese_digits"], *data["chinese_places"], *data["chinese_multipliers"]]
    return not any(sign.isascii() for sign in signs)


def _not_decimal(whole: np.ndarray, unit: np.ndarray) -> np.ndarray:
    """'_' separators and 0x/0o/0b prefixes (the scalar rule's 'not numbers here')."""
    underscore = _per_distinct(unit, lambda u: u[:1] == "_").astype(bool)
    zero = np.flatnonzero(whole == "0")
    underscore[zero] |= np.array([_PREFIXED.match(u) is not None for u in unit[zero]], bool)
    return underscore


_PREFIXED = re.compile(r"[xXoObB][0-9A-Fa-f]")


def _oversized(whole, frac, exp) -> np.ndarray:
    """More than MAX_DIGITS digits, or an exponent beyond 4 characters or +-300."""
    exp_len = _lengths(exp)
    short = np.where((exp_len <= 4) & (exp != ""), exp, "0").astype(object).astype(np.int64)
    return (_lengths(whole) + _lengths(frac) > MAX_DIGITS) | (exp_len > 4) | (np.abs(short) > 300)


def _magnitudes(whole, frac, exponent, bad) -> np.ndarray:
    """float('1452.0e0') per row, as the scalar rule writes it: built and read by pyarrow's
    string kernels when installed (both read a decimal text as its nearest double, as
    float() does), else in one numpy conversion."""
    try:
        import pyarrow as pa
        import pyarrow.compute as pc
    except ImportError:
        pa = None
    if pa is not None:
        try:
            fraction = pa.array(frac, type=pa.string())
            written = pc.binary_join_element_wise(
                pc.replace_substring(pa.array(whole, type=pa.string()), ",", ""), ".",
                pc.if_else(pc.equal(fraction, ""), "0", fraction), "e",
                pa.array(exponent).cast(pa.string()), "")
            written = pc.if_else(pa.array(bad), "0", written)
            return written.cast(pa.float64()).to_numpy(zero_copy_only=False)
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
            pass                                # out of a double's range: float() says inf
    written = [f"{w.replace(',', '')}.{f or 0}e{e}" for w, f, e in zip(whole, frac, exponent.tolist())]
    return np.where(bad, "0", np.array(written, dtype=object)).astype(float)


def _with_units(texts, sign, unit, magnitude, h, bad) -> pd.DataFrame:
    """Shares and changes (%), then quantities whose unit is resolved once per distinct string."""
    percent = unit == PERCENT
    bad |= percent & (sign == "-") & (magnitude > 100)
    bad |= ~percent & (sign == "-")
    canonical = _per_distinct(unit, spellings.canonical_unit)
    codes, distinct = pd.factorize(pd.Series(np.where(percent | bad, "", canonical),
                                             dtype=object))
    infos = [_unit_or_none(u) for u in distinct]
    bad |= ~percent & np.array([i is None for i in infos], dtype=bool)[codes]
    factor = np.array([1.0 if i is None else i.factor for i in infos])[codes]
    dimension = np.where(percent, "ratio", np.array([None if i is None else i.dimension
                                                     for i in infos], dtype=object)[codes])
    change = np.where(sign == "+", magnitude / 100, -magnitude / 100)
    share = percent & (sign == "")
    base = np.where(percent, np.where(share, magnitude / 100, 1 + change), magnitude * factor)
    bad |= ~np.isfinite(base)
    kind = np.where(percent, np.where(share, "share", "change"),
                    pd.Series(dimension, dtype=object).map({"count": "count", "ratio": "ratio"})
                    .fillna("quantity").to_numpy(object)).astype(object)
    words = {"text": texts, "unit": np.where(percent, PERCENT, canonical), "kind": kind,
             "dimension": dimension, "error": np.where(bad, "bad", None)}  # type: ignore[call-overload]
    return pd.DataFrame({     # text columns stay objects (pandas would copy them into arrow)
        "text": None, "value": magnitude, "h": h, "unit": None, "kind": None, "base": base,
        "base_h": np.where(percent, h / 100, h * factor), "dimension": None, "error": None,
        **{name: pd.Series(column, dtype=object, copy=False) for name, column in words.items()}})


def _per_distinct(values: np.ndarray, rule) -> np.ndarray:
    """rule(value) computed once per distinct value, spread over the column."""
    codes, distinct = pd.factorize(pd.Series(values, dtype=object))
    answers = np.empty(len(distinct), dtype=object)
    answers[:] = [rule(value) for value in distinct]
    return answers[codes]


def _unit_or_none(unit: str):
    try:
        return unit_info(unit)
    except UnitError:
        return None


def _scalar_where_bad(frame: pd.DataFrame) -> pd.DataFrame:
    """Rows the columns flagged: the scalar rule's own result or message (rare rows)."""
    flagged = np.flatnonzero(frame["error"].notna().to_numpy())
    if len(flagged):
        redone = _rejected(frame["text"].to_numpy(object)[flagged]).set_axis(frame.index[flagged])
        frame = frame.copy()    # columns may be read-only views (pandas' own str.extract path)
        frame.iloc[flagged] = redone[list(frame.columns)]
    return frame


def _rejected(texts) -> pd.DataFrame:
    """The scalar rule on a few texts: its Quantity's fields, or its message in `error`."""
    rows = []
    for text in texts:
        try:
            quantity = parse_quantity(text)
            rows.append((*(getattr(quantity, n) for n in QUANTITY_COLUMNS[:-1]), None))
        except UnitError as exc:
            rows.append((text, math.nan, math.nan, None, None, math.nan, math.nan, None, str(exc)))
    return pd.DataFrame(rows, columns=list(QUANTITY_COLUMNS)).astype(
        {name: object for name in ("text", "unit", "kind", "dimension", "error")})


def _message(text) -> str:
    try:
        parse_quantity(text)
    except UnitError as exc:
        return str(exc)
    raise AssertionError(f"{text!r} is not text but parsed")   # pragma: no cover
