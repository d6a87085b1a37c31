r"""Known answers for the rules from held-out round 295 (issue 19), on fictional specs:

- a CPU cache's size in lscpu's shorthand (`L1d(32K), L3(32768K)`) or before the word cache (`30M
  Cache`) is kilobytes or megabytes; a cache level (`L1d`, `L2`) is no product the specs lack. The
  round's reader marked 13 such figures, none drafted;
- `dual` and `quad` count what follows them, four words on at most, when that is CPUs, processors,
  GPUs or dies (`Dual Intel Xeon Platinum 8468 CPUs`, `quad Nvidia A100 Tensor Core GPUs`); not a
  design, a socket or a channel (`dual-die design`, `Dual socket AMD Genoa processors`, `dual channel
  DDR4`), which readers of rounds 1-295 left unmarked."""

import pytest
from draft_catalogues import catalogue_of, drafted_claims, example_box, example_chips


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    chips = example_chips({"kite1": [("hbm_capacity", "80 GB")]}, aliases={"kite1": ["KT100"]})
    return catalogue_of(tmp_path_factory, chips + example_box("kite1", 8))


@pytest.mark.parametrize("text, claimed", [
    ("|**Cache**|\tL1d(32K), L1i(32K), L2(512K), L3(32768K)|", ["32 KB", "32 KB", "512 KB", "32768 KB"]),
    ("| Cache | L1d(48K), L2 (2048K) |", ["48 KB", "2048 KB"]),
    ("| CPU speed + cache | 2.00 GHz, 30M Cache |", ["2.00 GHz", "30 MB"]),
    ("The CPU has a 32M cache.", ["32 MB"])])
def test_a_cache_size_in_shorthand_is_bytes(text, claimed, kites):
    assert [c.get("claimed") for c in drafted_claims(text, kites)] == claimed


@pytest.mark.parametrize("text", ["| Cache | L1d(32K), L2(512K) |", "The L2 holds 30M Cache lines."])
def test_a_cache_level_is_no_product_the_specs_lack(text, kites):
    todos = [t for c in drafted_claims(text, kites) for t in c.get("todo", [])]
    assert not any("is not in the specs" in t for t in todos), todos


@pytest.mark.parametrize("text", [
    "The 32K context needs 30M tokens.",        # a context length, a count of tokens: no cache
    "The node serves 32K users at L2 speed.",
    "It reaches 512K on the benchmark."])
def test_a_bare_k_or_m_elsewhere_is_no_size(text, kites):
    assert not any(c.get("claimed", "").endswith(("KB", "MB")) for c in drafted_claims(text, kites))


@pytest.mark.parametrize("text, count", [
    ("Each node has Dual Intel Xeon Platinum 8468 CPUs and 1 TB of memory.", "2"),
    ("Each node has dual 64-core AMD EPYC 7742 CPUs.", "2"),
    ("The nodes carry dual AMD EPYC processors via PCIe Gen 5.", "2"),
    ("Each node has quad KT100 GPUs with 80 GB of memory.", "4"),
    ("The package holds dual dies.", "2")])
def test_dual_or_quad_before_what_it_counts_is_a_count(text, count, kites):
    assert count in [c.get("claimed") for c in drafted_claims(text, kites)]


@pytest.mark.parametrize("text", [
    "The KT100 is a dual-die design with 80 GB of memory.",
    "Dual socket AMD Genoa 64-core processors run the host.",
    "It has dual channel DDR4 memory controllers.",
    "Each card has a dual-port adapter.",
    "A dual KT100 workstation is on the desk."])
def test_dual_elsewhere_is_no_count(text, kites):
    assert not any(c.get("claimed") in ("2", "4") for c in drafted_claims(text, kites))


def test_a_dual_count_of_cpus_is_not_given_to_the_chip(kites):
    claims = drafted_claims("The Kite Box1 has Dual Intel Xeon Platinum 8468 CPUs.", kites)
    claim = next(c for c in claims if c.get("claimed") == "2")
    assert claim.get("subject") is None and claim.get("todo"), claim


@pytest.fixture(scope="module")
def kite_instance(tmp_path_factory):
    chips = example_chips({"kite1": [("hbm_capacity", "80 GB")]}, aliases={"kite1": ["KT100"]})
    return catalogue_of(tmp_path_factory, chips + example_box("kite1", 16))


@pytest.mark.parametrize("text", [
    "The Kite Box1 has dual Intel Xeon processors.",     # the review: `chips 2` of the box, silently
    "The Kite Box1 has two Intel Xeon processors.",
    "Each Kite Box1 compute node: 2x AMD EPYC 7742 (64 cores, L1d(32K), L2(512K)).",
    "Kite Box1 host: 2x AMD EPYC 9654, L1d(32K); 8x KT100 80GB."])
def test_a_count_of_host_cpus_is_no_count_of_chips(text, kite_instance):
    claim = next(c for c in drafted_claims(text, kite_instance) if c.get("claimed") == "2")
    assert claim.get("metric") is None and any("host CPUs" in t for t in claim["todo"]), claim


@pytest.mark.parametrize("text", ["The Kite Box1 has 16x KT100 with 2x EPYC 9654.",   # the second review
                                  "The Kite Box1 has 16 GPUs and two Xeon CPUs."])
def test_a_count_of_accelerators_before_host_cpus_stays_chips(text, kite_instance):
    claim = next(c for c in drafted_claims(text, kite_instance) if c.get("claimed") == "16")
    assert claim.get("metric") == "chips", claim


def test_a_count_of_accelerators_named_processors_stays_chips(kite_instance):
    claim = next(c for c in drafted_claims("The Kite Box1 has 16 KT100 processors.", kite_instance))
    assert claim.get("metric") == "chips" or "chips" in " ".join(claim.get("todo", [])), claim
