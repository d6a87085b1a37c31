r"""Known answers for the rules from held-out round 294 (issue 19), on fictional specs:

- a rate per chip named by its model number (`150 TFLOP/s/A100`) is read as the rate per device
  (`TFLOP/s/GPU`) was; it had been skipped as a density, and 4 of the round's 5 figures were missed;
- a name right after an amount and `per` or a slash owns it (`150 TFLOP/s per A100`), but not a
  system's noun after it (`3.2 Tbps per H100 node`);
- a size per parameter, token or element of a model is a number format's (`2 bytes per parameter`,
  `4 bytes /param`): no hardware claim."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_box, example_chips


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    chips = example_chips({"kite1": [("hbm_capacity", "80 GB")]}, aliases={"kite1": ["KT100"]})
    return catalogue_of(tmp_path_factory, chips + example_box("kite1", 8))


@pytest.mark.parametrize("text, claimed", [
    ("The library achieves 150 TFLOP/s/KT100 with this kernel.", "150 TFLOPS"),
    ("Others report between 137 and 163 TFLOP/s/KT100.", "163 TFLOPS"),
    ("We see 150 TFLOP/s per KT100 in training.", "150 TFLOPS")])
def test_a_rate_per_named_chip_is_that_chips(text, claimed, kites):
    claims = drafted_claims(text, kites)
    claim = claim_of(claims, claimed)
    given = claim.get("subject") or " ".join(claim.get("todo", []))
    assert given == "kite1" or "subject: kite1" in given and "names no entity" not in given, claims


def test_a_rate_per_a_named_chips_system_is_not_the_chips(kites):
    claim = claim_of(drafted_claims("It reaches 3.2 Tbps per KT100 node.", kites), "3.2 Tbps")
    assert claim.get("subject") != "kite1", claim


@pytest.mark.parametrize("text", ["On the KT100 each parameter is stored in fp16 (2 bytes per parameter).",
                                  "On the KT100, Adam needs 4 bytes /param and 12 bytes/param in all.",
                                  "On the KT100 the cache takes 136 Bytes per token."])
def test_a_size_per_parameter_or_token_is_no_claim(text, kites):
    assert drafted_claims(text, kites) == []
