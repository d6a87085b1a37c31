r"""Known answers for rules from held-out round 249 (issue 19), on fictional specs:
- a count of one or two digits after a whole model code is a count, not the code's last part:
  "single DGX H200 8 GPU system" holds 8 GPUs (round 249 dropped three of four such captions' counts and
  gave the one it kept to the caption's other system, silently); a name whose number comes before its
  noun ("the Ascend 910 chip", "the Gaudi 3 accelerator") still counts nothing;
- digits hyphened between two words are a name's ("NVLink Chip-2-Chip": not two chips);
- a workload's tokens, requests, sequences or samples are no count of hardware, the noun right after
  the number or one word later ("output 2,048 tokens", "1,024 output tokens"), and a model's experts
  are not counted (`256 experts`);
- TPS and "output tokens per second" are a token throughput, as "tokens per second" is ("50 TPS",
  "13,386 output tokens per second");
- guards: NVSwitches in the plural are counted parts ("four NVSwitches"), the singular is not counted
  (`NVLink 5 and NVSwitch`: a count noun there made round 66's version a count)."""

import pytest
from draft_catalogues import catalogue_of, drafted_claims, example_box, example_chips

from claimaudit.draft.numbers import count_kind, find_numbers

SPECS = example_chips({"kite9": [("hbm_capacity", "288 GB")], "kite8": [("hbm_capacity", "144 GB")]}) \
    + example_box("kite9", 8) + example_box("kite8", 8)


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


def _counts(text: str) -> list[tuple[str, str, str | None]]:
    return [(n.text, n.unit, count_kind(text, n)) for n in find_numbers(text)]


@pytest.mark.parametrize("text, expected", [
    ("Single Kite Box9 8 GPU system, and single Kite Box8 8 GPU system",
     [("8", "", "chips"), ("8", "", "chips")]),
    ("two DGX H100 8 GPU systems", [("2", "", "other"), ("8", "", "chips")]),
    ("the Ascend 910 chip", []),
    ("the Gaudi 3 accelerator", []),
    ("the Intel Core i7 9700 processor", []),       # four digits: the name's
])
def test_a_count_after_a_whole_model_code_is_a_count(text, expected):
    assert _counts(text) == expected


def test_each_captions_count_is_its_own_systems(specs):
    text = ("Maximum throughput | single Kite Box9 8 GPU system, single Kite Box8 8 GPU system | "
            "Internal version | Concurrency MAX.\n")
    counts = [c for c in drafted_claims(text, specs) if c.get("claimed") == "8"]
    assert [(c.get("subject"), c.get("metric")) for c in counts] == [("kite9_box", "chips"),
                                                                     ("kite8_box", "chips")]


@pytest.mark.parametrize("text, expected", [
    ("NVLink Chip-2-Chip (C2C)", []),
    ("a 72-GPU rack", [("72", "", "chips")]),
])
def test_digits_hyphened_between_words_are_a_names(text, expected):
    assert _counts(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Input 1,024 tokens, output 2,048 tokens, 1,024 output tokens on eight GPUs", [("8", "", "chips")]),
    ("DeepSeek-V3 has 256 experts on 64 GPUs", [("64", "", "chips")]),
    ("a pipeline of 4,096 sequences on 16 GPUs", [("16", "", "chips")]),
])
def test_a_workloads_units_are_no_count_of_hardware(text, expected):
    assert _counts(text) == expected


def test_tps_and_output_tokens_per_second_are_a_token_throughput():
    text = "over 50 TPS per user, 10,000 TPS/GPU and 13,386 output tokens per second per GPU"
    assert [(n.text, n.unit) for n in find_numbers(text)] == [
        ("50", "tokens/s"), ("10,000", "tokens/s"), ("13,386", "tokens/s")]


@pytest.mark.parametrize("text, expected", [
    ("It hosts eight GPUs and four NVSwitches.", [("8", "", "chips"), ("4", "", "other")]),
    ("NVLink 5 and NVSwitch", []),
    ("Layer 1 NVSwitch Gen3", []),
])
def test_only_nvswitches_in_the_plural_are_counted(text, expected):
    assert _counts(text) == expected
