r"""Known answers for the rules from held-out round 298 (issue 19), on fictional specs:

- a shape in brackets between a figure and its unit is an aside, as a word there was (`512 (8x64) GB
  DDR4`: 512 GB; `61.3 (vector) and 122.6 (matrix) teraFLOPS` as before): the round's HPC guide lost
  its RAM row to it;
- InfiniBand's generations right after a bare G or Gb say a link's speed (`100Gb EDR`, `200G HDR`)."""

import pytest
from draft_catalogues import catalogue_of, drafted_claims, example_chips


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips({"kite1": [("hbm_capacity", "80 GB")]},
                                                        aliases={"kite1": ["KT100"]}))


@pytest.mark.parametrize("text, claimed", [
    ("| RAM | 512 (8x64) GB DDR4 3200 MHz | 512 (16 x 32) GB DDR5 4800 MHz |", ["512 GB", "512 GB"]),
    ("The node has 768 (12 × 64) GB of memory.", ["768 GB"]),
    ("It reaches 61.3 (vector) and 122.6 (matrix) teraFLOPS.", ["61.3 TFLOPS", "122.6 TFLOPS"])])
def test_a_bracketed_aside_before_the_unit(text, claimed, kites):
    got = [c.get("claimed") for c in drafted_claims(text, kites)]
    assert [g for g in got if g in claimed] == claimed, got


@pytest.mark.parametrize("text, claimed", [
    ("GPU node: Intel 6336Y /4*KT100 40G/1.92TB SSD/100Gb EDR", "100 Gbps"),
    ("The nodes use 200G HDR InfiniBand.", "200 Gbps")])
def test_an_infiniband_generation_after_a_bare_g_is_a_link(text, claimed, kites):
    assert claimed in [c.get("claimed") for c in drafted_claims(text, kites)]


@pytest.mark.parametrize("text", ["The KT100 NVL 94G HDR card.", "A 24G HDR display output."])
def test_hdr_after_a_bare_g_is_no_link(text, kites):      # HDR is also a display's (the second review)
    assert not any((c.get("claimed") or "").endswith("Gbps") for c in drafted_claims(text, kites))


def test_a_shape_in_brackets_is_still_no_unit_of_its_own(kites):
    got = [c.get("claimed") for c in drafted_claims("The grid is 8 (2x4) wide.", kites)]
    assert not any(g and g.endswith("GB") for g in got), got
