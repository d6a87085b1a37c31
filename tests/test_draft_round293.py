r"""Known answers for the rules from held-out rounds 292 and 293 (issue 19), on fictional specs:

- a bare G a space after a model number is that model's memory (`| 4480 张 A100 80G |`, round 292),
  as it was after a hyphen (`A100-80G`); not a link speed (`400G`), nor a MIG slice (`3G.20GB`);
- a model number in the singular right after a whole count counts chips when it ends a cell or a
  clause (`| 2 × 8 H200 |`, `has 8 H100.`), or after a hyphen before a system's noun
  (`2-node × 8-H200 clusters`, round 293); not a count of nodes (`8 H100 nodes`) nor a precision
  (`2300 BF16`);
- a multiplier before such a count (`2 × 8 H200`) counts their servers: it is no ratio."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_box, example_chips


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    chips = example_chips({"kite1": [("hbm_capacity", "80 GB")], "kite2": [("hbm_capacity", "96 GB")]},
                          aliases={"kite1": ["KT100"], "kite2": ["KT200"]})
    return catalogue_of(tmp_path_factory, chips + example_box("kite1", 8) + example_box("kite2", 72))


@pytest.mark.parametrize("text, language", [
    ("| Model | GPUs |\n|---|---|\n| GLM | 4480 张 KT100 80G |\n", "zh-hans"),
    ("We trained it on a single KT100 80G node.", "en"),
    ("训练用了 96 张 KT100 80G，耗时一个月。", "zh-hans")])
def test_a_bare_g_a_space_after_a_model_number_is_its_memory(text, language, kites):
    claim = claim_of(drafted_claims(text, kites, language), "80 GB")
    assert (claim.get("subject"), claim.get("metric")) == ("kite1", "hbm_capacity")


@pytest.mark.parametrize("text", ["Each KT100 400G NIC links the nodes.", "16 MIG KT100 3G.20GB slices",
                                  "The KT100 5G modem is small."])
def test_a_g_after_a_model_number_that_is_no_memory_gives_none(text, kites):
    assert not [c for c in drafted_claims(text, kites) if c.get("metric") == "hbm_capacity"]


@pytest.mark.parametrize("text", ["The server has 8 KT100.", "The node has 8 KT100 and 4 NICs.",
                                  "| EFA | 2 × 8 KT100 | NVLink |\n",
                                  "We ran on two 2-node × 8-KT100 clusters.",
                                  "Each box holds 8 NVIDIA KT100, with 4 NICs."])
def test_a_singular_model_number_after_a_count_counts_chips(text, kites):
    claim = claim_of(drafted_claims(text, kites), "8")
    assert (claim.get("subject"), claim.get("metric"), claim.get("todo")) == ("kite1_box", "chips", None)


@pytest.mark.parametrize("text", ["We ran on 8 KT100 nodes.", "It reaches ~2300 BF16 and 989 for BF16 KT100.",
                                  "In 2024 KT100 prices fell.", "The 8 KT100 systems sit in one hall."])
def test_a_model_number_after_a_number_that_is_no_count_of_it_counts_no_chips(text, kites):
    assert not [c for c in drafted_claims(text, kites) if c.get("metric") == "chips"]


@pytest.mark.parametrize("text", ["| EFA | 2 × 8 KT100 | NVLink |\n",
                                  "We ran on 4 x 8 KT100, each with 4 NICs."])
def test_a_multiplier_before_a_count_of_chips_is_no_ratio(text, kites):
    claims = drafted_claims(text, kites)
    first = claims[0]
    assert first.get("claimed") in ("2", "4") and first.get("baseline") is None, claims
    assert not [t for t in first.get("todo", []) if t.startswith("baseline:")], first
