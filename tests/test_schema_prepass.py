"""The id columns' pyarrow pre-pass (model/schemas.py `_surely_valid`) against pandera alone:
for any ids, the same problems, in the same order, with or without the pre-pass; and the
pre-pass never passes an id the pattern (Python's `re`, \\Z) or the length limit refuses."""

import re

import numpy as np
import pandas as pd
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from claimaudit.core.errors import Collector
from claimaudit.model import schemas

pytest.importorskip("pyarrow")

ID_LIKE = st.one_of(
    st.from_regex(r"[a-z0-9][a-z0-9_-]{0,20}", fullmatch=True),
    st.text(alphabet="abz09_-AZ\n\t .é０", max_size=12),
    st.text(alphabet="ab", min_size=schemas.ID_LIMIT - 1, max_size=schemas.ID_LIMIT + 1),
    st.none())


def problems_of(ids: list, prepass: bool) -> list:
    frame = pd.DataFrame({"id": pd.Series(ids, dtype=object), "subject": None,
                          "file": "c.yaml", "line": range(1, len(ids) + 1),
                          "lines": [{}] * len(ids)})
    problems = Collector()
    with pytest.MonkeyPatch.context() as patch:
        if not prepass:
            patch.setattr(schemas, "_surely_valid", lambda rule, values: np.zeros(len(values), bool))
        schemas._check_column(frame, schemas.CLAIMS, "id", problems)
    return [(p.line, p.message) for p in problems.problems]


@given(ids=st.lists(ID_LIKE, min_size=1, max_size=25))
@example(ids=["ok", "evil\n", "Bad", "-x", "a" * 129, None, "a" * 128, "ok"])
def test_the_prepass_reports_what_pandera_reports(ids):
    assert problems_of(ids, prepass=True) == problems_of(ids, prepass=False)


@given(ids=st.lists(ID_LIKE.filter(lambda i: i is not None), min_size=1, max_size=25))
def test_the_prepass_passes_only_what_the_pattern_passes(ids):
    rule = schemas.CLAIMS.columns["id"]
    passed = schemas._surely_valid(rule, ids)
    expected = [re.match(schemas.SOURCE_ID, i) is not None and len(i) <= schemas.ID_LIMIT
                for i in ids]
    assert passed.tolist() == expected


def test_columns_without_an_id_pattern_are_all_asked():
    rule = schemas.CLAIMS.columns["metric"]     # an id pattern and its length, nothing else
    assert schemas._surely_valid(rule, ["fp8_dense", "Bad"]).tolist() == [True, False]
    assert schemas._surely_valid(schemas.CLAIMS.columns["qualifier"], ["about"]).tolist() == [False]


def test_ids_that_are_not_utf8_are_left_to_pandera():
    """(Readers decode UTF-8 strictly, so no id holds a surrogate; the pre-pass still copes.)"""
    rule = schemas.CLAIMS.columns["id"]
    assert schemas._surely_valid(rule, ["ok", "bad\udcff"]).tolist() == [False, False]
