"""Whatever a claims file holds, checking it ends in results or an InputError: never a crash.

Hypothesis writes claim files whose fields take any YAML shape (text, numbers, lists,
mappings, nothing) and values near the valid ones (known and unknown entities, metrics,
units, qualifiers, expressions); the run must either succeed or raise InputError with
file:line problems.
"""

import os

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import MINI
from pipeline.errors import InputError
from pipeline.results import to_records
from pipeline.run import check_paths

WORDS = ["chipa", "chipb", "sysa", "nosuch", "fp8_dense", "hbm_capacity", "power", "fp8_sparse",
         "about", "roughly", "more_than", "exact", "consistent", "qualitative", "", "x"]
QUANTITIES = ["1 PFLOPS", "2.5x", "+40%", "-150%", "50%", "1e999 TB", "12 parsecs", "3", "-3 W",
              "144 GB", "1,024 GiB/s", "nan", "10 us", "0 W", "0x"]
EXPRESSIONS = ["chipa.fp8_dense / chipb.fp8_dense", "log(chipa.fp8_dense)", "chipa.fp8_dense ** 40",
               "__import__('os')", "chipa.fp8_dense / (chipb.fp8_dense - chipb.fp8_dense)",
               "min(chipa.fp8_dense, chipa.power)", "2 *", "sqrt(chipa.power * chipa.power)"]

scalar = st.one_of(st.sampled_from(WORDS), st.sampled_from(QUANTITIES), st.integers(-5, 5),
                   st.floats(allow_nan=True), st.none(), st.booleans(), st.text(max_size=8))
shaped = st.one_of(scalar, st.lists(scalar, max_size=2), st.dictionaries(st.sampled_from(WORDS),
                                                                         scalar, max_size=2))
FIELDS = ["id", "quote", "subject", "baseline", "metric", "expr", "claimed", "qualifier",
          "tolerance", "expect", "kind", "note", "translation", "interpretations"]


@st.composite
def claim(draw):
    fields = draw(st.lists(st.sampled_from(FIELDS), unique=True, max_size=7))
    record = {"id": draw(st.sampled_from(["c1", "c2", "C!", "c1"]))}
    for name in fields:
        if name == "claimed":
            record[name] = draw(st.one_of(st.sampled_from(QUANTITIES), shaped))
        elif name == "expr":
            record[name] = draw(st.one_of(st.sampled_from(EXPRESSIONS), shaped))
        elif name == "interpretations":
            record[name] = draw(st.one_of(shaped, st.lists(st.fixed_dictionaries(
                {"subject": st.sampled_from(WORDS)}, optional={"baseline": shaped, "metric": shaped}),
                max_size=2)))
        else:
            record[name] = draw(shaped)
    return record


# 40 examples keep the suite quick; CLAIMAUDIT_FUZZ_EXAMPLES=600 (90 s) for a longer hunt.
EXAMPLES = int(os.environ.get("CLAIMAUDIT_FUZZ_EXAMPLES", "40"))


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(claims=st.lists(claim(), min_size=1, max_size=4))
def test_any_claims_file_gives_results_or_input_errors(tmp_path, claims):
    path = tmp_path / "claims.yaml"
    path.write_text(yaml.safe_dump({"source": {"id": "fuzz", "title": "Fuzz"}, "claims": claims},
                                   allow_unicode=True))
    try:
        records = to_records(check_paths([path], MINI / "specs"))
    except InputError as exc:
        assert exc.problems and all(p.file.endswith("claims.yaml") for p in exc.problems)
    else:
        assert len(records) == len(claims)
