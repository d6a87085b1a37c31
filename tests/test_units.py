"""Quantity parsing (pipeline/model/units.py): known answers for every unit, and properties."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimaudit.model.units import UnitError, convert, parse_quantity

KNOWN = [
    # text, value, h, unit, kind, base value
    ("20.7 TB", 20.7, 0.05, "TB", "quantity", 20.7e12),
    ("706 TB/s", 706, 0.5, "TB/s", "quantity", 706e12),
    ("1,452 PFLOPS", 1452, 0.5, "PFLOPS", "quantity", 1452e15),
    ("2.520 TB", 2.52, 0.0005, "TB", "quantity", 2.52e12),
    ("1e6", 1e6, 5e5, "", "count", 1e6),
    ("9,216", 9216, 0.5, "", "count", 9216),
    ("144 GiB", 144, 0.5, "GiB", "quantity", 144 * 2**30),
    ("820 GiB/s", 820, 0.5, "GiB/s", "quantity", 820 * 2**30),
    ("4.4x", 4.4, 0.05, "x", "ratio", 4.4),
    ("4.4×", 4.4, 0.05, "×", "ratio", 4.4),
    ("+40%", 40, 0.5, "%", "change", 1.40),
    ("-50%", 50, 0.5, "%", "change", 0.50),
    ("50%", 50, 0.5, "%", "share", 0.50),
    ("10 us", 10, 0.5, "us", "quantity", 10e-6),
    ("10 µs", 10, 0.5, "µs", "quantity", 10e-6),
    ("5 ms", 5, 0.5, "ms", "quantity", 5e-3),
    ("12 ns", 12, 0.5, "ns", "quantity", 12e-9),
    ("1 s", 1, 0.5, "s", "quantity", 1),
    ("100 Gbps", 100, 0.5, "Gbps", "quantity", 100e9 / 8),
    ("1.6 Tb/s", 1.6, 0.05, "Tb/s", "quantity", 1.6e12 / 8),
    ("3.2 Tbps", 3.2, 0.05, "Tbps", "quantity", 3.2e12 / 8),
    ("400 Gb/s", 400, 0.5, "Gb/s", "quantity", 400e9 / 8),
    ("380 TOPS", 380, 0.5, "TOPS", "quantity", 380e12),
    ("2 POPS", 2, 0.5, "POPS", "quantity", 2e15),
    ("2,517 TFLOP/s", 2517, 0.5, "TFLOP/s", "quantity", 2517e12),
    ("42.5 EFLOPS", 42.5, 0.05, "EFLOPS", "quantity", 42.5e18),
    ("100 FLOPS", 100, 0.5, "FLOPS", "quantity", 100),
    ("3 nm", 3, 0.5, "nm", "quantity", 3e-9),
    ("700 W", 700, 0.5, "W", "quantity", 700),
    ("1.2 kW", 1.2, 0.05, "kW", "quantity", 1200),
    ("132 kW", 132, 0.5, "kW", "quantity", 132e3),
    ("1.5 MW", 1.5, 0.05, "MW", "quantity", 1.5e6),
    ("512 B", 512, 0.5, "B", "quantity", 512),
    ("64 kB", 64, 0.5, "kB", "quantity", 64e3),
    ("64 KiB", 64, 0.5, "KiB", "quantity", 64 * 1024),
    ("32 MiB", 32, 0.5, "MiB", "quantity", 32 * 2**20),
    ("1.77 PB", 1.77, 0.005, "PB", "quantity", 1.77e15),
    ("1 PiB", 1, 0.5, "PiB", "quantity", 2**50),
    ("2 EB", 2, 0.5, "EB", "quantity", 2e18),
    ("6 TiB", 6, 0.5, "TiB", "quantity", 6 * 2**40),
    ("2.8 PB/s", 2.8, 0.05, "PB/s", "quantity", 2.8e15),
]


@pytest.mark.parametrize("text, value, h, unit, kind, base", KNOWN)
def test_known_quantities(text, value, h, unit, kind, base):
    quantity = parse_quantity(text)
    assert quantity.value == pytest.approx(value, rel=1e-12)
    assert quantity.h == pytest.approx(h, rel=1e-12)
    assert quantity.unit == unit
    assert quantity.kind == kind
    assert math.isclose(quantity.base, base, rel_tol=1e-12)


@pytest.mark.parametrize("text, message", [
    ("12 parsecs", "unknown unit 'parsecs'"),
    ("362 pflops", "unknown unit 'pflops' (did you mean PFLOPS?)"),
    ("2 kWs", "unknown unit 'kWs' (did you mean kW?)"),  # no plural reading (pint would read one)
    ("nan", "expected a number then a unit (e.g. '20.7 TB'), found 'nan'"),
    ("inf TB", "expected a number then a unit (e.g. '20.7 TB'), found 'inf TB'"),
    ("-3 TB", "expected a positive quantity, found '-3 TB'"),
    ("1 GB*s", "unknown unit 'GB*s' (did you mean GB/s or GiB/s?)"),
    ("__import__('os')", "expected a number then a unit (e.g. '20.7 TB'), found \"__import__('os')\""),
])
def test_rejected_quantities(text, message):
    with pytest.raises(UnitError) as info:
        parse_quantity(text)
    assert str(info.value) == message


def test_bits_and_bytes_differ_by_eight():
    assert parse_quantity("8 Gb").base == parse_quantity("1 GB").base


def test_case_matters():
    assert parse_quantity("1 Gb").dimension == "information"
    assert parse_quantity("1 GB").base == 8 * parse_quantity("1 Gb").base


def test_unit_cache_is_current_and_agrees_with_pint():
    """data/units_cache.json must be regenerated (python -m claimaudit.model.units) after
    units.txt changes."""
    from claimaudit.model.units import _cache_data, _unit_cache, build_unit_cache, resolve_with_pint

    built = build_unit_cache()
    assert _unit_cache() == built["units"], "stale unit cache: run `python -m claimaudit.model.units`"
    assert _cache_data()["vocabulary"] == built["vocabulary"], "stale unit cache"
    for unit, entry in built["units"].items():
        info = resolve_with_pint(unit)
        assert math.isclose(info.factor, entry["factor"], rel_tol=1e-15)


WORDS = ["dense", "cores", "X", "HBM", "E", "INT", "FP", "MXFP", "per", "s", "ss", "Bs", "Gbs",
         "mins", "hours", "bits", "bytes", "watts", "meters", "kilobytes", "Mbps", "FLOPs",
         "petaFLOPS", "GHz", "Hz", "GT/s", "GB/", "/s", "TB/ss", "m", "mm", "um", "µm", "ks"]


@given(word=st.sampled_from(WORDS) | st.text("BbEFGHIKLMOPSTWeghikmnorstuµ/", min_size=1,
                                               max_size=8))
def test_words_pint_cannot_know_are_told_apart_without_it(word):
    """_pint_may_know is False only for words pint rejects (it spares the pint import)."""
    from claimaudit.model.units import _pint_may_know, resolve_with_pint

    if not _pint_may_know(word):
        with pytest.raises(UnitError):
            resolve_with_pint(word)


def test_words_after_numbers_in_quotes_are_answered_without_pint(monkeypatch):
    """The spec lint reads `dense`, `cores`... after a quote's numbers as possible units:
    pint (imported and built: ~0.09 s) is not asked about them."""
    import claimaudit.model.units as units

    monkeypatch.setattr(units, "resolve_with_pint", lambda unit: pytest.fail(f"asked pint: {unit}"))
    for word in ["dense", "cores", "HBM", "INT", "Tensor", "e", "GHz", "TB/ss"]:
        with pytest.raises(UnitError):
            units.unit_info(word)


def test_units_outside_the_cache_still_resolve_through_pint():
    from claimaudit.model.units import _unit_cache

    assert "GB/ms" not in _unit_cache()
    assert math.isclose(parse_quantity("1 GB/ms").base, 1e12, rel_tol=1e-12)
    assert parse_quantity("1 GB/ms").dimension == "information/time"


# -- properties ---------------------------------------------------------------------------

UNITS = ["B", "kB", "MB", "GB", "TB", "PB", "EB", "KiB", "MiB", "GiB", "TiB", "PiB",
         "GB/s", "TB/s", "GiB/s", "Gbps", "Tbps", "Gb/s", "Tb/s", "FLOPS", "TFLOPS", "PFLOPS",
         "EFLOPS", "TFLOP/s", "TOPS", "POPS", "ns", "us", "µs", "ms", "s", "W", "kW", "MW", "nm"]


@given(mantissa=st.integers(1, 10**9), decimals=st.integers(0, 6), unit=st.sampled_from(UNITS))
def test_parse_then_convert_back_round_trips(mantissa, decimals, unit):
    value = mantissa / 10**decimals
    text = f"{value:.{decimals}f} {unit}"
    quantity = parse_quantity(text)
    assert math.isclose(convert(quantity.base, unit), value, rel_tol=1e-12)
    assert math.isclose(convert(quantity.base_h, unit), quantity.h, rel_tol=1e-12)


@given(mantissa=st.integers(0, 10**9), decimals=st.integers(0, 6))
def test_resolution_is_half_a_unit_of_the_last_written_digit(mantissa, decimals):
    text = f"{mantissa / 10**decimals:,.{decimals}f}"          # thousands separators included
    assert math.isclose(parse_quantity(text).h, 0.5 * 10.0**-decimals, rel_tol=1e-12)


@given(digits=st.integers(1, 9), decimals=st.integers(0, 3), exponent=st.integers(-5, 20))
def test_resolution_of_exponent_forms(digits, decimals, exponent):
    mantissa = f"{digits}" + (f".{'0' * decimals}" if decimals else "")
    quantity = parse_quantity(f"{mantissa}e{exponent} TB")
    assert math.isclose(quantity.h, 0.5 * 10.0 ** (exponent - decimals), rel_tol=1e-12)


@given(value=st.integers(1, 10**6), unit=st.sampled_from(["GB", "TB", "MB", "PB"]))
def test_binary_units_are_larger_by_the_prefix_ratio(value, unit):
    decimal = parse_quantity(f"{value} {unit}")
    binary = parse_quantity(f"{value} {unit[0]}i{unit[1:]}")
    power = "kMGTP".index(unit[0]) + 1
    assert math.isclose(binary.base / decimal.base, (1024 / 1000) ** power, rel_tol=1e-12)


DECIMAL = {"": 1, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15, "E": 1e18}
BINARY = {"Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40, "Pi": 2**50}


@pytest.mark.parametrize("prefix, factor", [*DECIMAL.items(), *BINARY.items()])
@pytest.mark.parametrize("suffix", ["B", "B/s"])
def test_every_byte_unit_of_the_contract(prefix, factor, suffix):
    quantity = parse_quantity(f"3 {prefix}{suffix}")
    assert math.isclose(quantity.base, 3 * factor, rel_tol=1e-12)
    assert quantity.dimension == ("information" if suffix == "B" else "information/time")


@pytest.mark.parametrize("unit, factor", [
    ("FLOPS", 1), ("TFLOPS", 1e12), ("PFLOPS", 1e15), ("EFLOPS", 1e18),
    ("FLOP/s", 1), ("TFLOP/s", 1e12), ("PFLOP/s", 1e15), ("EFLOP/s", 1e18),
])
def test_every_flops_spelling(unit, factor):
    quantity = parse_quantity(f"2 {unit}")
    assert math.isclose(quantity.base, 2 * factor, rel_tol=1e-12)
    assert quantity.dimension == "flop/time"


def test_operations_are_not_floating_point_operations():
    assert parse_quantity("1 TOPS").dimension == "op/time"
    assert parse_quantity("1 TFLOPS").dimension == "flop/time"
