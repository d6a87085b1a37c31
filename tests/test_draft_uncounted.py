r"""Known answers for two rules found by a review of the drafter (issue 19), on fictional specs:

- a rate written for a precision no metric measures (`INT4 Tensor Core | 1,248 TOPS`) is asked as
  such: its figure equal to another precision's (the INT8 sparse rate) does not make it that one;
- a count whose plural noun names no chip (`8 NICs`, `16 nodes`) counts no chips, even when a
  system of the subject publishes that many chips."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_box, example_chips, metric_todos


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips({
        "kite1": [("int8_dense", "624 TOPS"), ("int8_sparse", "1,248 TOPS"), ("hbm_capacity", "80 GB")],
    }) + example_box("kite1", 8))


INT_TABLE = """# Example Kite K1

| | Kite K1 |
|---|---|
| INT8 Tensor Core | 624 TOPS |
| INT4 Tensor Core | 1,248 TOPS |
"""


def test_a_rate_of_a_precision_no_metric_measures_is_asked(kites):
    claim = claim_of(drafted_claims(INT_TABLE, kites), "1,248 TOPS")
    assert claim.get("metric") is None
    assert metric_todos(claim) == ["metric: the figure is a rate of INT4, which no metric of the specs "
                                   "measures: keep it qualitative (the check reports it unverifiable) "
                                   "or delete the claim"]


def test_the_measured_precision_beside_it_is_still_decided(kites):
    claim = claim_of(drafted_claims(INT_TABLE, kites), "624 TOPS")
    assert (claim.get("subject"), claim.get("metric"), metric_todos(claim)) == ("kite1", "int8_dense", [])


@pytest.mark.parametrize("text", [
    "The Kite Box1 has 8 NICs.",
    "The Kite Box1 joins 8 nodes over its fabric.",
    "Each Kite Box1 carries 8 SSDs.",
    "The Kite Box1 has 8 ConnectX-7 NICs.",
    "Kite Box1 有 8 个网卡。",
])
def test_a_count_of_other_things_counts_no_chips(text, kites):
    claim = claim_of(drafted_claims(text, kites, language="zh-hans" if "有" in text else "en"), "8")
    assert claim.get("metric") is None
    assert metric_todos(claim)[0].startswith("metric: the figure is a count of ")


@pytest.mark.parametrize("text", ["The Kite Box1 has 8 GPUs.", "The Kite Box1 holds 8 Kite K1 accelerators.",
                                  "The Kite Box1 has 8 GPUs plus CPUs.", "Kite Box1s are 8-GPU servers.",
                                  "The Kite Box1 has 8 AI cores.", "The Kite Box1 has 8 sockets.",
                                  "The Kite Box1 has 8 devices."])     # pages' names for their chips
def test_a_count_of_chips_still_counts_them(text, kites):
    claim = claim_of(drafted_claims(text, kites), "8")
    assert (claim.get("subject"), claim.get("metric")) == ("kite1_box", "chips")


@pytest.mark.parametrize("text", ["A Kite K1 offered 1,248 TOPS of dense INT4.",
                                  "Kite K1 的 INT4 性能 1,248 TOPS，INT8 624 TOPS。"])
def test_an_int4_rate_beside_int8_words_is_asked(text, kites):
    claim = claim_of(drafted_claims(text, kites, language="zh-hans" if "的" in text else "en"), "1,248 TOPS")
    assert claim.get("metric") is None
    assert metric_todos(claim)[0].startswith("metric: the figure is a rate of INT4")
