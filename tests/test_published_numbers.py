"""Numbers as published (pipeline/model/published_numbers.py): known answers for the rounding,
prefix and GiB/GB helpers the `round` and `unit` slips use."""

import pytest

from claimaudit.model import published_numbers
from claimaudit.model.intervals import Interval


@pytest.mark.parametrize("value, h, digits", [
    (2517.0, 0.5, 4), (4.9, 0.05, 2), (362448.0, 0.5, 6), (0.0, 0.5, float("inf")),
    (10.0, 0.0, float("inf"))])
def test_significant_digits(value, h, digits):
    assert published_numbers.significant_digits(Interval.around(value, h)) == digits


@pytest.mark.parametrize("value, digits, rounded", [
    (2517.0, 3, 2520.0), (2517.0, 2, 2500.0), (1080.0, 2, 1100.0), (362448.0, 3, 362000.0),
    (0.0, 3, 0.0)])
def test_round_significant(value, digits, rounded):
    assert published_numbers.round_significant(value, digits) == rounded


@pytest.mark.parametrize("unit, twin", [
    ("GiB", "GB"), ("GB", "GiB"), ("TB/s", "TiB/s"), ("KiB", "kB"), ("kB", "KiB"),
    ("TFLOPS", None), ("Gb/s", None), ("", None)])
def test_unit_twin(unit, twin):
    assert published_numbers.unit_twin(unit) == twin


@pytest.mark.parametrize("base, unit, shown", [
    (2.52e15, "TFLOPS", "PFLOPS"), (1.1e18, "PFLOPS", "EFLOPS"), (144e9, "GiB", "GiB"),
    (500e12, "PFLOPS", "TFLOPS")])
def test_nice_unit(base, unit, shown):
    assert published_numbers.nice_unit(base, unit) == shown
