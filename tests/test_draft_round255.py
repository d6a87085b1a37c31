r"""Known answers for link speeds from held-out round 255 (issue 19): a bare G before a network word
two words on is a link speed (`400G NVIDIA Quantum-2 InfiniBand fabric`: the window stopped short of
the word), and so before a transport (`100G TCP`, `RDMA`, a `fabric`, `uplinks`); a count glued to a
link speed (`4x200G uplinks`, `2x25 Gb Ethernet`) drafts the speed as written and no count of links.
Guards: a mobile generation (`5G`) is no speed; a count of chips glued to each one's memory
(`8x80GB`) is still a count and an amount. And two structure rules of the round: a count in Markdown
emphasis (`**8x** **NVIDIA H200 GPUs**`) counts the name after it, whatever the clause says of a cache;
a memory written after a model number and a hyphen (`A100-80G`, `2xA100-80g`) is its size in GB."""

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


def test_a_count_in_markdown_emphasis_counts_the_name_after_it(kites):
    text = "A full KV-cache for the model running with FP8 on **8x** **Kite K9 GPUs** needs 1 TB.\n"
    claim = claim_of(drafted_claims(text, kites), "8")
    assert (claim.get("subject"), claim.get("metric")) == ("kite9_box", "chips")


def test_a_memory_after_a_model_number_and_a_hyphen(kites):
    claims = drafted_claims("We serve it on a single Z100-80G GPU, or on 2xZ100-80g.\n", kites)
    assert [c.get("claimed") for c in claims if c.get("claimed", "").endswith("GB")] == ["80 GB", "80 GB"]


@pytest.mark.parametrize("text", ["See note MI350-021\n", "The Z100-2 board.\n", "It has Z100-4G modems.\n"])
def test_a_part_code_or_small_figure_after_a_hyphen_is_no_memory(text, kites):
    assert not any(c.get("claimed", "").endswith("GB") for c in drafted_claims(text, kites))
