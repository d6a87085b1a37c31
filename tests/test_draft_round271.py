r"""Known answers for the rules from held-out round 271 (issue 19), on fictional specs:

- a bare G after a memory word on a line that also names a rate is GB when its clause says capacity
  (`…内存的带宽等问题。… HBM 的大小是 80G` had been left unread); not after a sentence on bandwidth
  alone (`显存带宽惊人。全机柜达到 576T`) nor `HBM bandwidth, H100 vs. A100: 3350G vs. 2039G` (a first
  version, looking for rates in the figure's sentence only, read these as GB: review);
- "也就是 X 的…" restates, it compares nothing: X is no baseline of a figure that is no ratio
  (`也就是 Kite K1 的显存大小是 80G`: "the sentence names no entity"); "是 X 的 2.4 倍" still compares,
  and so does "Y 就是 X 的特供版" (a name before it: Y is the subject; a first version lost it: review)."""

import pytest
from draft_catalogues import catalogue_of, drafted_claims, example_chips


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips({
        "kite1": [("hbm_capacity", "80 GB"), ("hbm_bandwidth", "2 TB/s")],
        "kite2": [("hbm_capacity", "192 GB")]}))


@pytest.mark.parametrize(("text", "claimed"), [
    ("还有内存的带宽等一系列问题。Kite K1 的 HBM 大小是 80G。\n", ["80 GB"]),
    ("Kite K1 显存 80G，带宽 2TB/s。\n", ["2 TB/s"]),           # a rate on the line, no capacity said
    ("Kite K1 的 HBM 大小是 80G，带宽 2TB/s。\n", ["80 GB", "2 TB/s"]),
    ("Kite K1 的显存带宽惊人。8 卡合计 160T。\n", ["8"]),         # a bandwidth's topic: no capacity said
    ("HBM bandwidth, Kite K1 vs. Kite K2: 3350G vs. 2039G.\n", []),
])
def test_a_bare_g_reads_its_own_sentence(text, claimed, kites):
    assert [c["claimed"] for c in drafted_claims(text, kites, language="zh-hans")] == claimed


def test_a_restatement_names_its_subject(kites):
    text = "Kite K1 的显存是 80GB，也就是 Kite K1 的显存大小是 80GB。\n"
    claims = drafted_claims(text, kites, language="zh-hans")
    assert [(c.get("subject"), c.get("metric"), c.get("todo")) for c in claims] == [
        ("kite1", "hbm_capacity", None), ("kite1", "hbm_capacity", None)]


@pytest.mark.parametrize(("text", "baseline"), [
    ("Kite K2 的内存容量是 Kite K1 的 2.4 倍。\n", "kite1"),
    ("Kite K2 的内存容量就是 Kite K1 的 2.4 倍。\n", "kite1"),
])
def test_a_ratio_after_is_still_compared(text, baseline, kites):
    claim = drafted_claims(text, kites, language="zh-hans")[0]
    assert (claim.get("subject"), claim.get("baseline")) == ("kite2", baseline)


def test_a_name_before_the_restatement_is_its_subject(kites):
    text = "Kite K2 就是 Kite K1 的特供版，FP8 算力 900 TFLOPS。\n"
    claim = drafted_claims(text, kites, language="zh-hans")[0]
    assert claim.get("subject") == "kite2"
    assert not [t for t in claim.get("todo") or [] if t.startswith("subject:")]
