r"""Known answers for the rules from held-out round 284 (issue 19):

- a `<` before a digit opens no tag, whatever `>` follows: `（<50 kW/机柜）` ... `（>200 kW/机柜）` had
  been read as one tag and the text between them dropped (`A100 450W` missed; over all rounds 71
  figures readers marked came back)."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_chips

from claimaudit.draft.text import plain_text


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips(
        {"kite1": [("power", "400 W"), ("hbm_capacity", "80 GB")]}, aliases={"kite1": ["K100"]}))


@pytest.mark.parametrize("raw", ["风冷（<50 kW/机柜）适用于 Kite K1 450W。浸没（>200 kW/机柜）",
                                 "latency <1.5 s, and Kite K1 450W, throughput >45 tokens/s",
                                 "if seq_len <200 then Kite K1 450W else seq_len >4096"])
def test_a_less_than_sign_before_a_digit_opens_no_tag(raw, kites):
    assert plain_text(raw, []) == raw
    claim = claim_of(drafted_claims(raw, kites), "450 W")
    assert (claim.get("subject"), claim.get("metric")) == ("kite1", "power")


@pytest.mark.parametrize(("raw", "text"), [("a <b>bold</b> word", "a bold word"),
                                           ("x </span>4 TB", "x 4 TB"),
                                           ("<?xml version='1.0'?>4 TB", "4 TB"),
                                           ("<!DOCTYPE html>4 TB", "4 TB")])
def test_tags_still_go(raw, text):
    assert plain_text(raw, []) == text


@pytest.mark.parametrize("text", ["K100（8*80G）", "K100 (8x80G) nodes.", "K100（8×80GB）服务器。"])
def test_a_count_of_cards_and_each_ones_memory_in_a_models_bracket(text, kites):
    """`H20（8*96G）` (round 285): eight cards of 96 GB each; neither figure had been drafted (a bare G
    glued to a count, a `*` for the times sign)."""
    claims = drafted_claims(text, kites)
    assert claim_of(claims, "8").get("metric") == "chips"
    assert claim_of(claims, "80 GB").get("subject") == "kite1"


@pytest.mark.parametrize("text", ["For the K100, kv_cache_per_token = 2 × 32 × 4096 × 2 bytes.",
                                  "The K100 runs 8 * 4 * 16 threads."])
def test_a_bare_factor_of_a_longer_product_is_no_claim(text, kites):
    """An MI300X partition page's sizing formulas (round 285): `2 × 32 × 4096 × 2` had been drafted as
    four ratios."""
    assert [c.get("claimed") for c in drafted_claims(text, kites)] == []


@pytest.mark.parametrize(("text", "claimed"), [
    ("The K100 node has 8 × 80 GB = 640 GB.", "640 GB"),
    ("`132 * 4 * 32 * 1.59e9 = 26.9TFLOPs/s` on the K100", "26.9 TFLOPS"),
    ("25GB*12*2=600GB/s per K100", "25 GB")])
def test_a_product_keeps_its_amounts(text, claimed, kites):
    assert claim_of(drafted_claims(text, kites), claimed)


@pytest.mark.parametrize("text", ["The K100 (8x200G) nodes use InfiniBand.", "The K100 (8x400G) cluster."])
def test_a_link_speed_in_a_models_bracket_is_no_memory(text, kites):
    """The second review: `A100 (8x200G)` counts network cards at 200 Gb/s; it had been read as eight
    cards of 200 GB."""
    assert all(c.get("metric") not in ("hbm_capacity", "chips") for c in drafted_claims(text, kites))


def test_a_systems_count_in_a_bracket_is_no_count_of_cards(kites):
    """`GB200 NVL72 (36x192G) half-rack`: a count in a bracket after a system's name, more than a
    server's cards, is not drafted as that system's count of chips."""
    claims = drafted_claims("The Kite K100 rack (36x80G) half-rack ships later.", kites)
    assert all(c.get("metric") != "chips" for c in claims)


def test_a_shapes_count_survives_the_product_rule(kites):
    claims = drafted_claims("The K100 pod is a 16 × 16 × 16 torus of K100 chips.", kites)
    assert claim_of(claims, "4096")


@pytest.mark.parametrize("text", ["Example K100 GPU (8x 80 GB memory, 400 W) platform.",
                                  "Example K100 accelerator (8x 80GB HBM3e, 400W)"])
def test_a_count_in_a_bracket_after_a_products_noun_counts_chips(text, kites):
    """`Instinct™ MI355X GPU (8x 288 GB memory, ...)` (round 286): a test system's eight cards had been a
    ratio, `8x`, asked for a baseline."""
    assert claim_of(drafted_claims(text, kites), "8").get("metric") == "chips"
