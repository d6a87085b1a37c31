r"""Known answers for the rules from held-out round 273 (issue 19), on fictional specs:

- a bare G a space after its figure, in a line on memory, is GB as a glued one is (`A100 的 HBM 最大
  内存是 80 G，H100 最大内存是 188 G`: five memories had been left unread); not a G that starts a word
  (`80 Gbps`), nor on a line about a rate with no capacity said;
- `92 T Operations/s`: the prefix spaced from "Operations/s" is TOPS, as `8E FLOPS` is EFLOPS."""

import pytest
from draft_catalogues import catalogue_of, drafted_claims, example_chips


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips({
        "kite1": [("hbm_capacity", "80 GB"), ("hbm_bandwidth", "2 TB/s"), ("int8_dense", "92 TOPS")],
        "kite2": [("hbm_capacity", "192 GB")]}))


@pytest.mark.parametrize(("text", "claimed"), [
    ("Kite K1 的 HBM 最大内存是 80 G，Kite K2 最大内存是 192 G。\n", ["80 GB", "192 GB"]),
    ("Kite K1 的 HBM 最大内存是 80G，Kite K2 最大内存是 192G。\n", ["80 GB", "192 GB"]),
    ("Kite K1 的网络是 80 Gbps。\n", ["80 Gbps"]),
    ("Kite K1 的显存带宽 2 TB/s，8 卡合计 16 T。\n", ["2 TB/s", "8"]),
    ("Kite K1 的 HBM 最大内存是 80 GPU 的一张卡。\n", ["80"]),     # a count of chips, no G of memory
    ("Kite K1 的内存 80 G，算力 320 T。\n", ["80 GB"]),        # a T on compute is no terabyte (review)
    ("Kite K1 的内存 80G，算力 320T。\n", ["80 GB"]),
    ("Kite K1 的 HBM 显存共 13.5 T；NVLink 130 T。\n", ["13.5 TB"]),     # nor a figure on a link (review)
    ("Memory tests. We ran serving performance tests on two Kite K1 GPUs-80G.\n", ["2", "80 GB"]),
])
def test_a_spaced_g_is_a_memory_as_a_glued_one(text, claimed, kites):
    assert [c["claimed"] for c in drafted_claims(text, kites, language="zh-hans")] == claimed


def test_a_spaced_g_decides_its_subject_and_metric(kites):
    claim = drafted_claims("Kite K1 的 HBM 最大内存是 80 G。\n", kites, language="zh-hans")[0]
    assert (claim.get("subject"), claim.get("metric"), claim.get("todo")) == ("kite1", "hbm_capacity", None)


@pytest.mark.parametrize("written", ["92 T Operations/s", "92 TOPS", "92 T operations/s"])
def test_operations_per_second_spaced_from_its_prefix(written, kites):
    claim = drafted_claims(f"Kite K1 的 INT8 峰值算力达到 {written}。\n", kites, language="zh-hans")[0]
    assert (claim["claimed"], claim.get("metric")) == ("92 TOPS", "int8_dense")
