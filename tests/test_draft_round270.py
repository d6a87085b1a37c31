r"""Known answers for the rules from held-out round 270 (issue 19), on fictional specs:

- a datasheet's superscript flattened into its table row (`| Peak FP641 | 9.7 TFOPS |`, `| Peak TF32
  Tensor Core1 |`, `| 312 TFOPS2 |`) is no part of the precision, the label or the unit: "FP641" named
  no precision and "Core1" was read as a product the specs lack; a digit run into a figure is kept
  (`FP649.7 TFLOPS`, `Tensor Core1,979 TFLOPS`);
- a rate 4x or more from its subject's published figure for the written precision, and equal to
  another precision's (`Peak FP32 Tensor Core | 156 TFLOPS` of a chip whose TF32 rate is 156), is
  asked between them; a figure within 4x (a density's slip) or its own is not;
- Mbps is a unit (`200,000 Mbps`, a header's `Max Bandwidth(Mbps)`) no metric measures: a VM's or a
  management port's rate (`its BMC link runs at 100 Mb/s` had been drafted as the HBM's bandwidth in a
  first version: review), asked; a header of things with a quantity mark (`vCPUs (Qty.)`, `Max NICs
  (Qty.)`, `GPU (Qty)`) counts them, not people (`Engineers (count)`)."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_chips, metric_todos

from claimaudit.draft.header_units import header_unit
from claimaudit.draft.markup import as_shown


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips({
        "kite1": [("fp64_dense", "9.7 TFLOPS"), ("fp32_dense", "19.5 TFLOPS"), ("tf32_dense", "156 TFLOPS"),
                  ("fp16_dense", "312 TFLOPS"), ("fp16_sparse", "624 TFLOPS")]}))


@pytest.mark.parametrize(("written", "shown"), [
    ("| Peak FP641 | 9.7 TFOPS |", "| Peak FP64 | 9.7 TFOPS |"),
    ("| Peak TF32 Tensor Core1 | 156 TFOPS  | 312 TFOPS2 |",
     "| Peak TF32 Tensor Core | 156 TFOPS  | 312 TFOPS |"),
    ("| **FP4 Tensor Core2** | 1,440 PFLOPS |", "| FP4 Tensor Core | 1,440 PFLOPS |"),
    ("800 TFLOPS at FP163, with 320 TFLOPS", "800 TFLOPS at FP16, with 320 TFLOPS"),
    ("FP649.7 TFLOPS26 TFLOPS", "FP649.7 TFLOPS26 TFLOPS"),     # run-together cells: the digit is a figure's
    ("FP16 Tensor Core1,979 TFLOPS", "FP16 Tensor Core1,979 TFLOPS"),
    ("TOPS1,979 (FP8)256512", "TOPS1,979 (FP8)256512"),
    ("Tensor Core3.0, NVLink", "Tensor Core3.0, NVLink"),            # a version
    ("| FP168 TFLOPS |", "| FP168 TFLOPS |"),                         # a figure run into its label
])
def test_a_superscript_run_into_a_label_is_no_part_of_it(written, shown):
    assert as_shown(written) == shown


TABLE = ("The Kite K1 datasheet lists:\n\n| Peak | Rate |\n| --- | --- |\n"
         "| Peak FP641 | 9.7 TFOPS |\n| Peak FP321 | 19.5 TFOPS |\n| Peak FP32 Tensor Core1 | 156 TFOPS |\n")


def test_a_footnoted_label_names_its_precision(kites):
    claims = drafted_claims(TABLE, kites)
    assert claim_of(claims, "9.7 TFLOPS")["metric"] == "fp64_dense"
    assert claim_of(claims, "19.5 TFLOPS")["metric"] == "fp32_dense"
    assert not any("Core1" in todo for c in claims for todo in c.get("todo") or [])


def test_another_precisions_figure_is_asked(kites):
    claim = claim_of(drafted_claims(TABLE, kites), "156 TFLOPS")
    assert claim["metric"] == "fp32_dense"           # asked, never moved
    assert metric_todos(claim) == [
        "metric: 156 TFLOPS is not kite1's published fp32_dense (19.5 TFLOPS) but its tf32_dense: the "
        "text may name the wrong precision; pick one of tf32_dense, fp32_dense"]


def test_several_precisions_figure_is_asked_among_them(kites):
    claim = claim_of(drafted_claims("The Kite K1 reaches 624 TFLOPS of FP64.\n", kites), "624 TFLOPS")
    assert metric_todos(claim) == [
        "metric: 624 TFLOPS is not kite1's published fp64_dense (9.7 TFLOPS) but its fp16_sparse: the "
        "text may name the wrong precision; pick one of fp16_sparse, fp64_dense"]


@pytest.mark.parametrize("text", [
    "The Kite K1 reaches 19.5 TFLOPS of FP32.\n",       # its own figure
    "The Kite K1 reaches 39 TFLOPS of FP32.\n",         # 2x its own: a density's slip, not a precision's
    "The Kite K1 reaches 100 TFLOPS of FP32.\n",        # far, but no precision publishes it
])
def test_no_question_without_another_precisions_figure_far_from_its_own(text, kites):
    claim = drafted_claims(text, kites)[0]
    assert claim["metric"] == "fp32_dense"
    assert not any("wrong precision" in t for t in metric_todos(claim))


@pytest.mark.parametrize(("header", "unit"), [
    ("vCPUs (Qty.)", ("", "other")), ("Max NICs (Qty.)", ("", "other")), ("GPU (Qty)", ("", "chips")),
    ("Max Bandwidth(Mbps)", ("Mbps", "")), ("Price (#)", None), ("Memory (count)", None),
    ("Engineers (count)", None), ("Users (count)", None),
])
def test_a_quantity_marked_header_counts_its_things(header, unit):
    assert header_unit(header) == unit


def test_megabits_per_second_are_drafted_and_asked(kites):
    text = ("| Size | vCPUs (Qty.) | Max NICs (Qty.) | Max Bandwidth(Mbps) |\n| --- | --- | --- | --- |\n"
            "| Kite_K1_v6 | 32 | 6 | 25000 |\n\n"
            "The Kite K1 reads its HBM at 2 TB/s, and its BMC link runs at 100 Mb/s.\n")
    claims = drafted_claims(text, kites)
    assert [c["claimed"] for c in claims] == ["32", "6", "25000 Mbps", "2 TB/s", "100 Mbps"]
    for claimed in ("25000 Mbps", "100 Mbps"):
        claim = claim_of(claims, claimed)
        assert claim.get("metric") is None
        assert metric_todos(claim)[0].startswith("metric: the text does not say a rate in megabits")
