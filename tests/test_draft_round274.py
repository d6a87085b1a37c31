r"""Known answers for the rules from held-out round 274 (issue 19), on fictional specs:

- kramdown's attribute list after an image (`{:style="max-height:800px; width:100%"}`) is markup,
  not text: its `100%` had been drafted five times on one page;
- `4.7ms/token` (a latency per token) and `256 B/clk` (bytes per clock) are figures no metric
  measures: drafted with that question, not missed; `~2750 TFLOPS/s` is TFLOPS (the "/s" repeated);
- a number format's bits (`E5M2是 5个指数位，2个尾数位，1个符号位`) are no hardware, and E5M2 names
  no product."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_chips, metric_todos


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips({
        "kite1": [("fp8_dense", "2,750 TFLOPS"), ("hbm_capacity", "288 GB")]}))


def test_a_kramdown_attribute_list_is_no_text(kites):
    text = ('The Kite K1 has 288 GB of HBM.\n\n![Figure 1](/a.svg){:style="max-height:800px; width:100%"}\n\n'
            "![Figure 2](/b.svg){: .center width=\"100%\"}\n")
    assert [c["claimed"] for c in drafted_claims(text, kites)] == ["288 GB"]


@pytest.mark.parametrize(("text", "claimed", "what"), [
    ("The Kite K1 shows 4.7ms/token on one chip.\n", "4.7 ms/token", "a latency per token"),
    ("The Kite K1's LDS reads `256 B/clk` per CU.\n", "256 B/clk", "a width in bytes per clock"),
])
def test_figures_no_metric_measures_are_drafted_and_asked(text, claimed, what, kites):
    claim = claim_of(drafted_claims(text, kites), claimed)
    assert claim.get("metric") is None
    assert metric_todos(claim) == [f"metric: the figure is {what}, which no metric of the specs "
                                   "measures: keep it qualitative (the check reports it unverifiable) or "
                                   "delete the claim"]


def test_flops_per_second_repeated_is_flops(kites):
    claim = drafted_claims("The FP8 GEMM gives `~2750 TFLOPS/s` on the Kite K1.\n", kites)[0]
    assert (claim["claimed"], claim.get("subject"), claim.get("metric")) == (
        "2750 TFLOPS", "kite1", "fp8_dense")


def test_a_formats_bits_are_no_hardware(kites):
    text = "Kite K1 支持 FP8。E5M2是 5个指数位，2个尾数位，1个符号位；E4M3 是 4个指数位，3个尾数位。\n"
    assert drafted_claims(text, kites, language="zh-hans") == []


@pytest.mark.parametrize("text", ["The Kite K1 config {: gpus 8, memory 288 GB} is new.\n",
                                  "Kite K1 memory is {:288 GB}.\n"])
def test_braces_holding_figures_are_text(text, kites):
    assert "288 GB" in [c["claimed"] for c in drafted_claims(text, kites)]     # (review)
