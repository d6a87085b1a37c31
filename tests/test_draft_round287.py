r"""Known answers for the rules from held-out round 287 (issue 19), on fictional specs:

- a model number, a colon and a count is a request for that many chips, as cloud schedulers write it
  (`| p5.48xlarge | H100:8 |`, `2xA100:8`): 14 such counts in rounds 203 and 287 had been missed;
- a header of things done per second (`Tokens/GPU/Second`) gives its column no unit of seconds: its
  cells had been drafted as times;
- a header naming a count with `Num` or 数 (`GPUNum`, `NumGPUs`, `GPU 数`) counts the noun's things;
- a count of chips compared with a chip's (`| GPU 数 | 8 | 72 | 9x |`) asks for the baseline's
  system, as it does for the subject's;
- and from round 289: a capital X glued to a model number (`8XH100`) and a one-digit model number
  after a glued x (`4xL4`) count chips."""

import pytest
from draft_catalogues import (
    catalogue_of,
    claim_of,
    drafted_claims,
    example_box,
    example_chips,
    two_kite_boxes,
)

from claimaudit.draft.numbers import find_numbers


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return two_kite_boxes(tmp_path_factory)


@pytest.mark.parametrize("text", ["| Instance | GPUs | NICs |\n|---|---|---|\n| big.48xl | KT100:8 | 32 |\n",
                                  "We ran on one node (1x big.48xlarge, i.e. 1xKT100:8).",
                                  "Request it with `gpus: KT100:8` in the task."])
def test_a_model_number_colon_count_counts_chips(text, kites):
    claim = claim_of(drafted_claims(text, kites), "8")
    assert (claim.get("subject"), claim.get("metric"), claim.get("todo")) == ("kite1_box", "chips", None)


@pytest.mark.parametrize("text", ["The KT100:80GB part ships soon.", "The KT100:8.5 build is out.",
                                  "We meet at 10:30 near the KT100 lab."])
def test_a_colon_after_a_model_number_before_no_whole_count_counts_nothing(text, kites):
    assert not [c for c in drafted_claims(text, kites) if c.get("metric") == "chips"]


def test_a_column_of_things_per_second_is_no_time(kites):
    table = ("Config | GPUNum | TimePerIter (s) | Tokens/GPU/Second\n-- | -- | -- | --\n"
             "tp2 on KT100 | 8 | 22.42 | 1461.56\n")
    claims = drafted_claims(table, kites)
    assert not [c for c in claims if str(c.get("claimed", "")).startswith("1461.56")], claims


@pytest.mark.parametrize("header", ["GPUNum", "NumGPUs", "GPU 数", "GPU数"])
def test_a_header_naming_a_count_with_num_counts_chips(header, kites):
    claims = drafted_claims(f"| Config | {header} |\n|---|---|\n| Kite Box1 | 8 |\n", kites)
    claim = claim_of(claims, "8")
    assert (claim.get("subject"), claim.get("metric")) == ("kite1_box", "chips")


@pytest.mark.parametrize("header", ["Maximum", "Spectrum", "参数"])
def test_a_header_ending_in_num_letters_counts_nothing(header, kites):
    claims = drafted_claims(f"| Config | {header} |\n|---|---|\n| Kite Box1 | 8 |\n", kites)
    assert not [c for c in claims if c.get("metric") == "chips"], claims


def test_a_count_of_chips_compared_with_a_chips_asks_for_its_system(kites):
    claims = drafted_claims("| 规格 | KT100 | KT200 | 提升 |\n|---|---|---|---|\n| GPU 数 | 8 | 72 | 9x |\n",
                            kites)
    claim = claim_of(claims, "9x")
    assert claim.get("metric") == "chips"
    assert any(t.startswith("baseline: kite1 is a chip") for t in claim["todo"])


@pytest.mark.parametrize("text", ["Kite Box1:2 CPUs, 8 NICs, 2 TB RAM.", "KT100:8 XCDs, 304 CUs.",
                                  "KT100:8 HBM3 stacks.", "HBM (GB): KT100:80, KT200:96",
                                  "FP16:989, TF32:494",
                                  "CUDA12:8 on Kite Box1 nodes.", "Budget FY2024:12 months."])
def test_a_colon_count_of_other_things_or_a_spec_list_counts_no_chips(text, kites):
    """The review: `DGX H100:2 CPUs`, `MI300X:8 XCDs` and `H100:80, H200:141` had become chips of the
    system, silently or asked; a precision, a version and a year before the colon had too."""
    assert not [c for c in drafted_claims(text, kites) if c.get("metric") == "chips"]


def test_one_count_for_several_names_with_colons_counts_each(kites):
    claims = drafted_claims("accelerators: {KT100:8, KT200:8}", kites)
    assert [(c.get("claimed"), c.get("metric")) for c in claims] == [("8", "chips"), ("8", "chips")]


@pytest.mark.parametrize("text", ["Each Kite Box2 rack has 64 GPUs.",
                                  "The Kite Box2 has 64 GPUs each with 96 GB.",
                                  "Kite Box2 每个 64 颗 GPU。"])
def test_a_count_that_divides_no_whole_is_the_systems_not_a_parts(text, kites):
    """The review: a false total of a rack-scale system beside "each" (`Each GB200 NVL72 rack has 64
    GPUs`) had become a part's count, asked: a part's count divides the whole's."""
    claim = claim_of(drafted_claims(text, kites), "64")
    assert (claim.get("subject"), claim.get("todo")) == ("kite2_box", None)


@pytest.mark.parametrize("text", ["We ran it on 8XKT100 for the big model.",
                                  "| Long test - 8XKT100 - 70B | 2 |"])
def test_a_capital_x_glued_to_a_model_number_counts_chips(text, kites):
    """Round 289: `8XH100` (capital X) had been dropped as part of a name; `8xH100` was read."""
    claim = claim_of(drafted_claims(text, kites), "8")
    assert (claim.get("subject"), claim.get("metric")) == ("kite1_box", "chips")


@pytest.mark.parametrize("text", ["We used `4xL4` for the 8B model.",
                                  "Kite Box1 storage: 8xU2 NVMe, 2xM2 boot",
                                  "a 2XL model and a 3XS size, 1920X1080",
                                  "Kite Box1: 30XKT100 inference performance.", "Kite K2 ≈ 2XKT100"])
def test_a_glued_x_before_a_one_digit_name_or_a_ratios_words_counts_nothing(text):
    """The second review: a one-digit name after a glued x (`4xL4`, `2xM2` boot drives, `3xT5` models) names
    no chip of the specs, and its count went to whatever system the sentence names, silently; so did a
    ratio written with a capital X (`30XH100 inference performance`, `≈ 2XH100`)."""
    assert [n.text for n in find_numbers(text) if n.noun == "chips"] == []


def test_a_part_named_with_each_before_the_system_is_asked_whatever_it_counts(kites):
    """The second review: `Each DGX H100 node has 10 chips: 8 GPUs and 2 CPUs` lost its question when the
    divisor test applied to every sign of a part; it applies to the weaker signs only."""
    claim = claim_of(drafted_claims("Each Kite Box1 node has 10 chips: 8 GPUs and 2 CPUs.", kites), "10")
    assert any("counts a part of it" in t for t in claim.get("todo") or [])


def test_a_header_of_things_per_second_per_watt_keeps_its_efficiency(kites):
    claims = drafted_claims("| Chip | Tokens/s/W |\n|---|---|\n| Kite K1 | 9.0 |\n", kites)
    assert [c.get("claimed") for c in claims] == ["9.0 tokens/s/W"], claims


@pytest.fixture(scope="module")
def two_boxes(tmp_path_factory):
    chips = example_chips({"kite1": [("hbm_capacity", "80 GB")], "kite3": [("hbm_capacity", "141 GB")]})
    return catalogue_of(tmp_path_factory, chips + example_box("kite1", 8) + example_box("kite3", 8))


def test_a_count_of_a_named_chip_is_not_a_system_of_the_text_before(two_boxes):
    """Round 290: `9 decode nodes (each with 8 H100 GPUs)` after a paragraph on the H200 went to the HGX
    H200, which publishes 8, silently: a system taken from the text before that holds none of the counted
    chips is no owner of their count."""
    text = ("It reaches 2k tokens/s per Kite K3 GPU, as the Kite Box3 does.\n\n"
            "The team uses 9 decode nodes (each with 8 Kite K1 GPUs) for it.")
    claim = claim_of(drafted_claims(text, two_boxes), "8")
    assert (claim.get("subject"), claim.get("todo")) == ("kite1_box", None), claim


@pytest.mark.parametrize("text", ["Kite K1 的每个 GPU 都可以以 900 GBps 的速度访问其他 GPU 的内存。",
                                  "Each Kite K1 reads the memory of other GPUs at 900 GB/s."])
def test_another_chips_memory_reached_over_the_link_is_no_memory_bandwidth(text, kites):
    """Round 291: `以 900 GBps 的速度访问其他 GPU 的内存` (another GPU's memory, over NVLink) had been the
    chip's HBM bandwidth, silently."""
    claim = claim_of(drafted_claims(text, kites), "900 GB/s")
    assert claim.get("metric") != "hbm_bandwidth" or claim.get("todo"), claim


def test_a_chips_own_memory_bandwidth_stays_its_own(kites):
    claim = claim_of(drafted_claims("Kite K1 的内存带宽为 3.35 TB/s。", kites), "3.35 TB/s")
    assert claim.get("metric") == "hbm_bandwidth"
