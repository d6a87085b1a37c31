r"""Known answers for rules from held-out rounds 256-258 (issue 19), on fictional specs:
- a memory figure of a chip far above its HBM and any system's of it, the words naming no memory, is
  asked which memory (`| H200 GPU | ... | Memory per Node (GB) | 2,048 |`: a host's, drafted HBM
  silently in round 256); near a system's HBM, published or its chips' sum, it is not;
- a figure of one or two digits after a name's last digit and a comma is read (`HBM3,80GB`), any after a
  version's (`NVSwitch v2，8 GPU`: round 257), not three digits after a model code (`SXM1,128 GB`: a
  table pasted without borders);
- a rate's prefix spelled in the singular is a speed before a network word, its `per second` hyphened or
  not (`102.4-terabit-per-second`, `a 100-terabit switch`, `200-gigabit SerDes`: round 258); not before a
  memory (`16-gigabit DRAM`), and a count before it is no thousands group (`512 200-gigabit SerDes`);
- 一倍 after a comparative is a doubling (`尺寸大一倍`: 2x, not 1x)."""

import pytest
from draft_catalogues import base, catalogue_of, claim_of, drafted_claims, example_box, example_chips  # noqa: F401

SPECS = (example_chips({"kite9": [("hbm_capacity", "141 GB")]}) + example_box("kite9", 8)
         + '      - {metric: hbm_capacity, value: "1,128 GB", source: ex-sheet, quote: "1,128 GB"}\n')


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


def metric_question(claim: dict) -> bool:
    return any(t.startswith("metric:") and "which memory" in t for t in claim.get("todo") or [])


def test_a_chips_memory_far_above_any_hbm_of_it_is_asked(kites):
    text = ("| Type | Nodes | Memory per Node (GB) |\n|---|---|---|\n"
            "| Kite K9 GPU | 29 | 2,048 |\n")
    assert metric_question(claim_of(drafted_claims(text, kites), "2,048 GB"))


def test_a_memory_that_is_its_systems_chips_sum_is_not_asked_which(tmp_path_factory):
    specs = catalogue_of(tmp_path_factory, example_chips({"kite7": [("hbm_capacity", "180 GB")]})
                         + example_box("kite7", 8))
    text = "| Type | Nodes | Memory per Node (GB) |\n|---|---|---|\n| Kite K7 GPU | 29 | 1,440 |\n"
    assert not metric_question(claim_of(drafted_claims(text, specs), "1,440 GB"))


def test_a_memory_near_a_systems_hbm_is_not_asked_which(kites):
    claim = claim_of(drafted_claims("The Kite K9 server has 1,128 GB.\n", kites), "1,128 GB")
    assert not metric_question(claim)


@pytest.mark.parametrize(("text", "figures"), [
    ("显存升级为HBM3,80GB版本带宽达3.35TB/s。\n", ["80 GB", "3.35 TB/s"]),
    ("| NVLink 3 | NVSwitch v2，8 GPU 全互联 |\n", ["8"]),
    ("| NVLink 4 | NVSwitch v3，256 GPU |\n", ["256"]),
])
def test_a_figure_after_a_names_digit_and_a_comma(text, figures, base):  # noqa: F811
    assert [c.get("claimed") for c in drafted_claims(text, base, "zh-Hans")] == figures


def test_a_pcie_generation_and_a_comma_start_no_figure(base):  # noqa: F811
    assert "16" not in [c.get("claimed") for c in drafted_claims("It needs PCIe Gen5,16 lanes.\n", base)]


def test_three_digits_after_a_model_code_and_a_comma_are_a_thousands_group(base):  # noqa: F811
    claimed = [c.get("claimed") for c in drafted_claims("DGX H2008× H200 SXM1,128 GB~32 PFLOPS\n", base)]
    assert "128 GB" not in claimed


@pytest.mark.parametrize(("text", "figures"), [
    ("Tomahawk 6 delivers 102.4-terabit-per-second of capacity.\n", ["102.4 Tbps"]),
    ("The industry's first 100-terabit switch chip.\n", ["100 Tbps"]),
    ("Each lane is a 200-gigabit SerDes.\n", ["200 Gbps"]),
    ("It takes 200 gig SerDes.\n", ["200 Gbps"]),
    ("A 64-bit terabit memory die.\n", []),
    ("The switch's 16-gigabit DRAM buffer holds packets.\n", ["16"]),
    ("Tomahawk 6 is a 102.4-terabit-per-second Ethernet switch with 512 200-gigabit SerDes.\n",
     ["102.4 Tbps", "512", "200 Gbps"]),
])
def test_a_rate_prefix_spelled_in_the_singular(text, figures, base):  # noqa: F811
    assert [c.get("claimed") for c in drafted_claims(text, base)] == figures


def test_one_fold_after_a_comparative_is_a_doubling(base):  # noqa: F811
    claims = drafted_claims("Kite K9 尺寸大一倍，記憶體多一倍。\n", base, "zh-Hant")
    assert [c.get("claimed") for c in claims] == ["2x", "2x"]
