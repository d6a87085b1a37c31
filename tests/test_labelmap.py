"""engine/labelmap.LabelMap: the same answers as the dict of its present labels."""

import numpy as np
import pandas as pd
from hypothesis import given
from hypothesis import strategies as st

from claimaudit.engine.labelmap import LabelMap, values_for


@given(data=st.data(), size=st.integers(0, 12))
def test_a_label_map_answers_as_the_dict_of_its_present_labels(data, size):
    labels = data.draw(st.lists(st.integers(-50, 50), min_size=size, max_size=size, unique=True))
    values = data.draw(st.lists(st.one_of(st.none(), st.text(max_size=3)), min_size=size,
                                max_size=size))
    present = np.array(data.draw(st.lists(st.booleans(), min_size=size, max_size=size)),
                       dtype=bool)
    cells = np.empty(size, dtype=object)
    cells[:] = values
    mapping = LabelMap(pd.Index(labels, dtype="int64"), cells, present)
    expected = {label: value for label, value, here in zip(labels, values, present) if here}
    asked = data.draw(st.lists(st.integers(-60, 60), max_size=10)) + labels
    assert dict(mapping) == expected and len(mapping) == len(expected)
    assert list(mapping) == list(expected)
    assert [mapping.get(label, "-") for label in asked] == [expected.get(label, "-")
                                                           for label in asked]
    assert [label in mapping for label in asked] == [label in expected for label in asked]
    assert mapping.values_for(asked, "-") == [expected.get(label, "-") for label in asked]
    assert values_for(mapping, asked) == values_for(expected, asked)


def test_lists_are_values_not_rows():
    cells = np.empty(2, dtype=object)
    cells[0], cells[1] = [{"source": "s", "date": "2025-01-01"}], None
    mapping = LabelMap(pd.RangeIndex(2), cells, np.array([True, False]))
    assert mapping[0] == [{"source": "s", "date": "2025-01-01"}] and 1 not in mapping
    assert mapping.values_for([1, 0]) == [None, [{"source": "s", "date": "2025-01-01"}]]
    assert mapping.get("x") is None
