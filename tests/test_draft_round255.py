r"""Known answers for link speeds from held-out round 255 (issue 19): a bare G before a network word
two words on is a link speed (`400G NVIDIA Quantum-2 InfiniBand fabric`: the window stopped short of
the word), and so before a transport (`100G TCP`, `RDMA`, a `fabric`, `uplinks`); a count glued to a
link speed (`4x200G uplinks`, `2x25 Gb Ethernet`) drafts the speed as written and no count of links.
Guards: a mobile generation (`5G`) is no speed; a count of chips glued to each one's memory
(`8x80GB`) is still a count and an amount; a GPU's memory beside its model number is no link speed,
whatever network word the line names (`A100 80G with RDMA`, `8x80G Z100 InfiniBand nodes`, `A800
80G显存，...RDMA`: a review found the first link-word rule taking them). And two structure rules of the
round: a count of named chips (`on 8x NVIDIA H200 GPUs`) is chips whatever the clause says of a cache
(a ratio in Markdown emphasis, `up to **4x** **H100 GPU** training performance`, stays a ratio: reading
emphasis as no word made it a count, reverted); a memory written after a model number and a hyphen
(`A100-80G`, `2xA100-80g`) is its size in GB, not after an optics part (`SFP28-25G`)."""

import pytest
from draft_catalogues import base, catalogue_of, claim_of, drafted_claims, example_box, example_chips  # noqa: F401


def claimed(text: str, catalogue) -> list[str]:
    return [c.get("claimed") for c in drafted_claims(text, catalogue)]


@pytest.mark.parametrize(("text", "figures"), [
    ("Three transports: 100G RoCE, 400G NVIDIA Quantum-2 InfiniBand fabric, and 100G TCP.\n",
     ["100 Gbps", "400 Gbps", "100 Gbps"]),
    ("Each leaf has 4x200G uplinks.\n", ["200 Gbps"]),
    ("It offers 2x25 Gb Ethernet.\n", ["25 Gbps"]),
    ("The rack has 3x400G NICs.\n", ["400 Gbps"]),
    ("Each node has 8x400Gbps RDMA NICs.\n", ["400 Gbps"]),
])
def test_link_speeds_are_drafted_without_their_count(text, figures, base):  # noqa: F811
    assert claimed(text, base) == figures


def test_a_mobile_generation_is_no_speed(base):  # noqa: F811
    assert claimed("The phone has 5G TCP offload.\n", base) == []


def test_a_count_of_chips_glued_to_their_memory_stays_both(base):  # noqa: F811
    assert claimed("The node holds 8x80GB GPUs.\n", base) == ["8", "80 GB"]


SPECS = example_chips({"kite9": [("hbm_capacity", "80 GB")]}) + example_box("kite9", 8)


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


def test_a_count_of_named_chips_is_chips_whatever_the_clause_says_of_a_cache(kites):
    text = "A full KV-cache for the model running with FP8 on 8x Kite K9 GPUs needs 1 TB.\n"
    claim = claim_of(drafted_claims(text, kites), "8")
    assert (claim.get("subject"), claim.get("metric")) == ("kite9_box", "chips")


@pytest.mark.parametrize("text", ["Blackwell delivers up to **4x** **Kite K9 GPU** training performance.\n",
                                  "Training took **3x** **Kite K9 GPUs** less time.\n"])
def test_a_ratio_in_markdown_emphasis_stays_a_ratio(text, kites):
    assert "x" in claimed(text, kites)[0]


def test_a_memory_after_a_model_number_and_a_hyphen(kites):
    claims = drafted_claims("We serve it on a single Z100-80G GPU, or on 2xZ100-80g.\n", kites)
    assert [c.get("claimed") for c in claims if c.get("claimed", "").endswith("GB")] == ["80 GB", "80 GB"]


@pytest.mark.parametrize("text", ["See note MI350-021\n", "The Z100-2 board.\n", "It has Z100-4G modems.\n"])
def test_a_part_code_or_small_figure_after_a_hyphen_is_no_memory(text, kites):
    assert not any(c.get("claimed", "").endswith("GB") for c in drafted_claims(text, kites))


@pytest.mark.parametrize(("text", "wanted", "unwanted"), [
    ("显存方面，A100为80G，H100同样是80G；训练集群采用TCP通信。\n", "80 GB", "80 Gbps"),
    ("The A100 80G with RDMA support was used.\n", None, "80 Gbps"),
    ("The cluster uses 8x80G Z100 InfiniBand nodes.\n", None, "80 Gbps"),
    ("Our jobs run on Z100-80G nodes with InfiniBand.\n", "80 GB", "80 Gbps"),
    ("The rack holds 200 SFP28-25G SR modules.\n", None, "25 GB"),
])
def test_a_gpus_memory_beside_its_model_number_is_no_link_speed(text, wanted, unwanted, base):  # noqa: F811
    figures = claimed(text, base)
    assert unwanted not in figures and (wanted is None or wanted in figures), figures
