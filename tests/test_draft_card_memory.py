r"""Known answers for two rules from the last review's leftovers (issue 19), on fictional specs:

- a count of cards spaced from each one's memory by a times sign (`8 x 80GB GPUs`, `8 × 80GB`)
  counts the cards, as `8x80GB` does, where it was drafted as a ratio of 8; spaced
  from a rate (`2 x 990 TFLOPS`, a two-card product's cell in a spec table) it is still none;
- a card's memory glued to its count (`Kite K2（96GB×8）`) is a figure, as it is spaced (`64GB x 16`),
  where it was dropped as an operand of a product of digits;
- a Chinese server's total (`服务器的总显存达到768GB`, `整台服务器`) is a system's figure: asked, not
  the chip's, silently; `单机` (one machine, and `单机版`, a standalone edition) is no such word."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_box, example_chips, subject_todos


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips({
        "kite1": [("hbm_capacity", "80 GB"), ("bf16_dense", "990 TFLOPS")],
        "kite2": [("hbm_capacity", "96 GB")]}) + example_box("kite1", 8))


@pytest.mark.parametrize("times", ["x", "×", " x ", " × "])
def test_a_count_times_each_cards_memory_counts_the_cards(times, kites):
    claims = drafted_claims(f"The Kite Box1 has 8{times}80GB GPUs.", kites)
    count = claim_of(claims, "8")
    assert (count.get("subject"), count.get("metric"), count.get("todo")) == ("kite1_box", "chips", None)
    assert claim_of(claims, "80 GB").get("metric") == "hbm_capacity"
    assert not any(c.get("claimed") == "8x" for c in claims)


def test_a_count_spaced_from_a_rate_is_no_count(kites):
    claims = drafted_claims("| BF16 | 2 x 990 TFLOPS | 990 TFLOPS |\n|---|---|---|\n", kites)
    assert not any(c.get("claimed") == "2" for c in claims)


@pytest.mark.parametrize("text", ["8卡 Kite K2（96GB×8）服务器的总显存达到768GB。",
                                  "Kite K2 整台服务器显存达到768GB。"])
def test_a_servers_total_is_a_systems(text, kites):
    claim = claim_of(drafted_claims(text, kites, language="zh-hans"), "768 GB")
    assert claim.get("metric") == "hbm_capacity"
    assert subject_todos(claim)[0].endswith("makes this a system's figure, and kite2 is no system: name the "
                                            "system (add it to the specs if missing)")


def test_a_cards_own_memory_beside_it_is_still_the_cards(kites):
    claim = claim_of(drafted_claims("8卡 Kite K2（96GB×8）服务器的总显存达到768GB。", kites,
                                    language="zh-hans"), "96 GB")
    assert (claim.get("subject"), claim.get("metric")) == ("kite2", "hbm_capacity")


def test_one_machine_is_no_systems_scope(kites):
    """`单机` (one machine; `单机版`, a standalone edition) says no system's figure: the review found
    `H100 单机 FP8 算力 1979 TFLOPS` moved to the HGX by it."""
    claim = claim_of(drafted_claims("Kite K2 单机显存 96GB。", kites, language="zh-hans"), "96 GB")
    assert (claim.get("subject"), subject_todos(claim)) == ("kite2", [])


@pytest.mark.parametrize("text", ["Kite K2 的 HBM 由 24GB×4 堆栈组成，总计 96GB。",
                                  "Kite K2 服务器，内存 64GB×32，显存 96GB×8。"])
def test_a_stacks_or_a_dimms_size_times_a_count_is_no_cards(text, kites):
    claims = drafted_claims(text, kites, language="zh-hans")
    assert not any(c.get("claimed") in ("24 GB", "64 GB") for c in claims), claims


def test_a_ratio_before_a_name_at_a_sentences_end_stays_a_ratio(kites):
    claims = drafted_claims("Inference throughput of the Kite K2 reaches 15x Kite K1.", kites)
    assert [c.get("claimed") for c in claims] == ["15x"]
