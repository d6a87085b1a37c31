"""Numbers as the CSV writes them (pipeline/output/number_text.py) against the record path's
rule, repr(float(f"{x:.12g}")): for any finite double, the vectorised digits and layout (with
pyarrow) and the Python path (without) write the same text."""

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from claimaudit.output import number_text

EDGES = [0.0, -0.0, 144.0, 1e16, 1e15, 1e12, 99999999999.5, 999999999999.5, 1e-4, 1.5e-5,
         9.9999999999995e-5, 9.999999999995e15, 123456789012.0, 1234567890125.0, 5e-324,
         2.2250738585072014e-308, 1e300, 1.7976931348623157e308, 0.1 + 0.2, -1e-5, 1e22, 1e23]


def reference(values) -> list[str]:
    return [repr(float(f"{x:.12g}")) for x in values]


@given(values=st.lists(st.one_of(st.floats(allow_nan=False, allow_infinity=False),
                                 st.floats(min_value=-1e17, max_value=1e17),
                                 st.sampled_from(EDGES)), max_size=40))
@example(values=EDGES)
def test_any_finite_number_is_written_as_the_record_path_writes_it(values):
    assert number_text.as_written(np.array(values, dtype=float)) == reference(values)
    assert number_text._by_python(values) == reference(values)


def test_a_large_sample_of_every_magnitude_agrees():
    """200,000 numbers from 1e-30 to 1e30 of either sign: the vectorised rows (most of them)
    and the rows handed to Python both agree with the rule."""
    pytest.importorskip("pyarrow")
    rng = np.random.default_rng(12)
    values = rng.random(200_000) * 10.0 ** rng.integers(-30, 30, 200_000) \
        * rng.choice([-1.0, 1.0], 200_000)
    sure, _, _ = number_text._digits(values)
    assert 0.5 < sure.mean() < 1.0          # both paths are exercised
    assert number_text.as_written(values) == reference(values.tolist())


def test_halves_at_the_twelfth_digit_are_left_to_python():
    sure, _, _ = number_text._digits(np.array([1234567890125.0, 1234567890126.0]))
    assert sure.tolist() == [False, True]
