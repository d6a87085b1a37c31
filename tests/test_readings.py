"""The readings of a claim (pipeline/engine/readings.py): the JEDEC double reading of capacities."""

import numpy as np
import pandas as pd
import pytest

from claimaudit.engine import readings

GIB = 2**30


def _rows(claimed: float, unit: str, dimension: str, derived: float) -> pd.DataFrame:
    """One row: `claimed` (in `unit`, written to whole units) against an exact `derived`."""
    factor = {"GB": 1e9, "GiB": GIB, "TFLOPS": 1e12}[unit]
    return pd.DataFrame({"v": [claimed * factor], "h": [0.5 * factor], "rule": ["about"],
                         "r": [np.nan], "absolute": [np.nan], "unit": [unit],
                         "claimed_dimension": [dimension], "value": [derived],
                         "low": [derived], "high": [derived]})


@pytest.mark.parametrize("claimed, unit, dimension, derived, verdict, reading", [
    (144, "GB", "information", 144 * GIB, "consistent", "binary"),     # 144 GiB written as GB
    (144, "GB", "information", 144e9, "consistent", "decimal"),        # both fit: decimal
    (155, "GB", "information", 144 * GIB, "consistent", "decimal"),    # 154.6 GB
    (144, "GiB", "information", 144 * GIB, "consistent", None),        # binary already
    (144, "TFLOPS", "compute", 150e12, "inconsistent", None),          # not a capacity
])
def test_the_better_reading_of_a_capacity_stands(claimed, unit, dimension, derived, verdict,
                                                 reading):
    judged = readings.judge_standing_reading(_rows(claimed, unit, dimension, derived))
    assert (judged["verdict"][0], judged["reading"][0]) == (verdict, reading)
    assert judged["factor"][0] == (GIB / 1e9 if reading == "binary" else 1.0)
