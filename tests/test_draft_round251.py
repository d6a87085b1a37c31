r"""Known answers for rules from held-out rounds 251 and 252 (issue 19), on fictional specs:
- a multiplier glued to each chip's memory and then a model number or the word GPU counts the chips
  ("8x80GB KX900 GPUs", "on 8x80GB GPUs"), even after "is"; it is no ratio needing a baseline
  (round 251 asked a baseline for five such set-ups); with a space after the multiplier ("is 2x 80GB")
  it may still compare;
- a multiplier before a model number and a bracket of its precision and load ("8 x KX900 (BF16,
  32 QPS)") counts the chips, as "8 x KX900 (bf16)" did;
- a capacity glued after such a multiplier is the GPU's memory, whatever memory the clause names after
  it: in "8x80GB KX900 node w/ 512GB of CPU memory" the 80 GB is HBM (round 251 drafted it as CPU
  memory, silently), the 512 GB the CPU's;
- a table whose rows are named by a workload's model (`| LLAMA2-7B | 8 |`) is about the hardware the
  paragraph right above it names (`- System: Kite Box9`): the row's count stands when it is that
  system's (8), and is asked when it is not (16: two systems);
- (round 252) "每个 GPU" says a chip's figure as "每 GPU" does, and a name glued to a version ("Tensor
  Core3.0") is no product the specs lack."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_box, example_chips, subject_todos

from claimaudit.draft.numbers import find_numbers
from claimaudit.draft.products import unknown_product
from claimaudit.draft.table_names import workload_model

SPECS = example_chips({"kite9": [("hbm_capacity", "80 GB")], "kite8": [("hbm_capacity", "40 GB")]},
                      {"kite9": ["KX900"]}) + example_box("kite9", 8) + example_box("kite8", 8)


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


@pytest.mark.parametrize("text, expected", [
    ("the most efficient set-up is 8x80GB KX900 GPUs.", [("8", "", "chips"), ("80", "GB", "")]),
    ("Here is the throughput on 8x80GB GPUs:", [("8", "", "chips"), ("80", "GB", "")]),
    ("the KX900 is 2x 80GB KX800 in one", [("2", "x", ""), ("80", "GB", "")]),
    ("Llama 3.1 405B on 8 x KX900 (BF16, 32 QPS).", [("8", "", "chips")]),
])
def test_a_multiplier_glued_to_each_chips_memory_counts_the_chips(text, expected):
    assert [(n.text, n.unit, n.noun) for n in find_numbers(text)] == expected


def test_a_counted_set_up_is_the_systems_chips_and_the_gpus_memory(specs):
    text = "The benchmarks were all done on the same 8x80GB KX900 node w/ 512GB of CPU memory.\n"
    claims = drafted_claims(text, specs)
    memory = claim_of(claims, "80 GB")
    assert (memory.get("subject"), memory.get("metric"), memory.get("todo")) == \
        ("kite9", "hbm_capacity", None)
    count = claim_of(claims, "8")
    assert (count.get("subject"), count.get("metric"), count.get("baseline")) == ("kite9_box", "chips", None)
    assert claim_of(claims, "512 GB").get("metric") != "hbm_capacity"


TABLE = """### Pretraining

- The results in the table below show pre-training performance at FP8 precision.
  - System: Kite Box9

| Model         | #-GPUs | GBS  |
| -----         | ------ | ---  |
| LLAMA2-7B     | 8      | 128  |
| LLAMA2-13B    | 16     | 128  |
"""


def test_rows_named_by_a_workloads_model_are_the_hardwares_named_above(specs):
    claims = drafted_claims(TABLE, specs)
    eight = claim_of(claims, "8")
    assert (eight.get("subject"), eight.get("metric"), eight.get("todo")) == ("kite9_box", "chips", None)
    sixteen = claim_of(claims, "16")
    assert subject_todos(sixteen)                   # two systems' GPUs: not the box's 8, asked


def test_a_table_with_two_systems_above_it_still_asks(specs):
    text = TABLE.replace("  - System: Kite Box9", "  - Systems: Kite Box9 and Kite Box8")
    assert subject_todos(claim_of(drafted_claims(text, specs), "8"))


@pytest.mark.parametrize("header, expected", [
    ("LLAMA2-7B", True), ("GPT3-175B", True), (" Mixtral 8x7B", True), ("Kite K9", False),
    ("Llamas", False),
])
def test_a_workload_models_row_label(header, expected):
    assert workload_model(header) is expected


# round 252: "每个 GPU" (with its classifier) says a chip's figure as "每 GPU" does; a name glued to a
# version ("Tensor Core3.0") is no product the specs lack


def test_a_per_gpu_figure_with_a_classifier_is_the_chips(specs):
    text = "Kite Box9 是基于 8 个 Kite K9 的平台，每个 GPU 最高可配置为 700 瓦。\n"
    claim = claim_of(drafted_claims(text, specs, "zh-Hans"), "700 W")
    assert (claim.get("subject"), claim.get("metric")) == ("kite9", "power")


@pytest.mark.parametrize("text, expected", [
    ("Tensor Core3.0，RT Core2.0，NVLink3.0", None), ("the QX9000 chip", "QX9000"), ("MI325X.", "MI325X"),
])
def test_a_name_glued_to_its_version_is_no_product(text, expected):
    assert unknown_product(text, 0, len(text), []) == expected
