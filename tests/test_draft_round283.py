r"""Known answers for the rules from held-out round 283 (issue 19), on fictional specs:

- a figure right after a lower-case key and `=` is a setting's value, not a hardware claim
  (`block=1MB`, `buf=2GB/GPU`, `--buffer_size=4GB`): an EFA benchmark page's 40 `block=1MB`
  cells had been drafted, which its reader left unmarked (noise 148 -> 108 of 365);
- a singular "NPU" after a number counts chips as "GPU" does (`| 384 NPU |`, `8 个 NPU`): five
  counts had been missed; after a name's number it is part of the name (`Kite 910 NPU`), also when
  Han characters follow it (`Kite 950 NPU架构白皮书`)."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_box, example_chips


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips({
        "kite1": [("bf16_dense", "2.5 PFLOPS"), ("hbm_capacity", "80 GB")]}) + example_box("kite1", 8))


@pytest.mark.parametrize("setting", ["block=1MB", "buf=2GB/GPU", "--buffer_size=4GB", "kv_cache=40GB"])
def test_a_settings_value_is_no_claim(setting, kites):
    claims = drafted_claims(f"We ran the Kite Box1 bench with `threads=16 {setting}` on two hosts.", kites)
    assert [c.get("claimed") for c in claims if c.get("claimed") not in (None, "16")] == [], claims


@pytest.mark.parametrize("text", ["The Kite Box1 holds 80 GB per chip.", "GB/s=600 GB/s for the Kite Box1.",
                                  "The Kite Box1 has 80 GB=2x 40 GB stacks."])
def test_a_figure_after_no_settings_key_is_read(text, kites):
    assert [c for c in drafted_claims(text, kites) if c.get("claimed", "").endswith(("GB", "GB/s"))], text


@pytest.mark.parametrize("text", ["The Kite Box1 has 8 NPU in total.",
                                  "| System | NPUs |\n|---|---|\n| Kite Box1 | 8 NPU |\n"])
def test_a_singular_npu_counts_chips(text, kites):
    claim = claim_of(drafted_claims(text, kites), "8")
    assert (claim.get("subject"), claim.get("metric")) == ("kite1_box", "chips")


@pytest.mark.parametrize("text", ["The Kite 910 NPU is fast.", "对照《Kite 950 NPU架构白皮书》表3-1。"])
def test_a_names_number_before_npu_is_no_count(text, kites):
    assert drafted_claims(text, kites) == []


@pytest.mark.parametrize("cell", ["80 GB/chip, 640 GB in total", "80 GB/芯片，系统总计 640 GB"])
def test_a_figure_said_per_chip_in_a_systems_column_is_its_chips(cell, kites):
    """`| HBM 容量 | 128 GB/芯片，系统总计 49.2 TB |` in a rack's column (round 283): the chip's figure,
    as "per chip" says; it had been asked between the rack and its chip. The total stays the rack's."""
    claims = drafted_claims(f"| Spec | Kite Box1 |\n|---|---|\n| HBM capacity | {cell} |\n", kites)
    assert [(c.get("claimed"), c.get("subject"), c.get("todo")) for c in claims] == [
        ("80 GB", "kite1", None), ("640 GB", "kite1_box", None)]


@pytest.mark.parametrize(("text", "claimed", "metric"), [
    ("Kite K1: hbm=80GB, tdp=1000W, bf16=2.5PFLOPS dense.", "80 GB", "hbm_capacity"),
    ("Kite K1: hbm=80GB, tdp=1000W, bf16=2.5PFLOPS dense.", "2.5 PFLOPS", "bf16_dense"),
    ("The Kite K1 (mem=80GB) ships in 2026.", "80 GB", "hbm_capacity")])
def test_a_hardware_keys_value_is_read(text, claimed, metric, kites):
    """The review: a spec line's lower-case keys name hardware figures; the first version dropped them."""
    claim = claim_of(drafted_claims(text, kites), claimed)
    assert (claim.get("subject"), claim.get("metric")) == ("kite1", metric)


def test_a_figure_per_chip_that_is_not_the_chips_published_one_stays_asked(kites):
    """The review: `| 70 GB/chip (used by the model) |` in a rack's column is near the chip's
    80 GB, but not its figure: asked, as before, not given to the chip."""
    claims = drafted_claims("| Spec | Kite Box1 |\n|---|---|\n| HBM used | 70 GB/chip |\n", kites)
    assert claim_of(claims, "70 GB").get("todo")


@pytest.mark.parametrize("text", ["Each Kite Box1 compute node has 4 NPUs.",
                                  "Each Kite Box1 tray has 4 GPUs.", "Kite Box1 每个计算节点有 4 个 NPU。"])
def test_a_count_for_a_part_of_a_system_is_asked(text, kites):
    """The review: `Each CloudMatrix 384 compute node has 8 NPU` was the rack's count of chips,
    silently (as `each ... tray has 4 GPUs` had been): the count is a part's, which the specs lack."""
    claim = claim_of(drafted_claims(text, kites), "4")
    assert claim.get("subject") == "kite1_box" and any("counts a part of it" in t for t in claim["todo"])


def test_a_systems_own_count_in_one_of_its_nodes_is_not_asked(kites):
    claim = claim_of(drafted_claims("Each Kite Box1 server has 8 GPUs.", kites), "8")
    assert (claim.get("subject"), claim.get("todo")) == ("kite1_box", None)


@pytest.mark.parametrize("setting", ["sram_size=44GB", "l2_cache=50MB", "smem=228KB"])
def test_an_on_chip_memorys_key_is_read(setting, kites):
    assert [c for c in drafted_claims(f"The Kite K1 has {setting} per chip.", kites) if c.get("claimed")]


def test_each_before_the_systems_name_counts_a_part(kites):
    claim = claim_of(drafted_claims("每个 Kite Box1 计算节点有 4 个 NPU。", kites), "4")
    assert any("counts a part of it" in t for t in claim.get("todo") or [])


@pytest.mark.parametrize("text", ["A Kite Box1 node has 4 NPUs.", "The Kite Box1 compute tray has 4 GPUs."])
def test_a_count_for_one_part_of_a_system_is_asked(text, kites):
    claim = claim_of(drafted_claims(text, kites), "4")
    assert any("counts a part of it" in t for t in claim.get("todo") or [])


@pytest.mark.parametrize("text", ["The Kite Box1 is built from 2 nodes, each with 4 NPUs.",
                                  "The Kite Box1 uses 2 compute trays with 4 GPUs each.",
                                  "Kite Box1 由 2 个节点组成，每个 4 颗 NPU。",
                                  "Each Kite Box1 rack holds 4 NPUs.", "Kite Box1 每个机柜 4 颗 NPU。"])
def test_a_count_after_the_parts_it_is_given_to_is_asked(text, kites):
    """Session 45: the parts named before the count (`48 nodes, each with 8 NPUs`, `18 compute trays,
    each with 4 GPUs`, `每个 8 颗`) and a rack after each were the system's count, silently."""
    claim = claim_of(drafted_claims(text, kites), "4")
    assert claim.get("subject") == "kite1_box" and any("counts a part of it" in t for t in claim["todo"])


@pytest.mark.parametrize("text", ["The Kite Box1 has 8 GPUs, each with 80 GB.",
                                  "The Kite Box1 has 8 GPUs in a single rack.",
                                  "Kite Box1 共 8 颗 NPU，每个 4 颗。"])
def test_a_systems_own_count_beside_its_parts_is_not_asked(text, kites):
    claim = claim_of(drafted_claims(text, kites), "8")
    assert (claim.get("subject"), claim.get("todo")) == ("kite1_box", None)
