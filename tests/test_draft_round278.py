r"""Known answers for the rules from held-out rounds 278-282 (issue 19), on fictional specs:

- a Markdown table whose header is a title row with empty cells (`| **Technical Specifications** |
  | |`) takes its columns' names from the first row of names under it (`| **Feature** | **Kite K1**
  | **Kite K2** |`), labelled as products or not: its cells had all been asked;
- a bare cell among its row's figures of one unit, in a column whose other cells write units
  (`| FP16 | 2.5 PFLOPS | 2.25 | 2.25 PFLOPS |`), is in that unit: it had been missed, and its
  annotation paired with its neighbour's claim; a column of bare cells (years, counts) takes none;
- a count right before a product's name and its memory at the end of a sentence (`set for 8 x
  Kite K1 80GB.`) counts chips, as it does before a comma."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_box, example_chips, subject_todos


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips({
        "kite1": [("bf16_dense", "2.5 PFLOPS"), ("hbm_capacity", "80 GB")],
        "kite2": [("bf16_dense", "2.25 PFLOPS"), ("hbm_capacity", "96 GB")],
        "kite3": [("bf16_dense", "2 PFLOPS")]}, aliases={"kite1": ["K100"]}) + example_box("kite1", 8))


TITLED = """# Per-chip specifications

| **Technical Specifications** |                |              |              |
| ---------------------------- | -------------- | ------------ | ------------ |
| **Feature**                  | **Kite K1**    | **Kite K2**  | **Kite K3**  |
| **FP8**                      | **5 PFLOPS**   | 4.5 PFLOPS   | 4 PFLOPS     |
| **BF16**                     | **2.5 PFLOPS** | 2.25         | 2 PFLOPS     |
| **GPU Memory**               | **80 GB**      | 96 GB        | 64 GB        |
| **Power**                    | **1 kW**       | 1.2 kW       | 0.9 kW       |
"""


def test_a_tables_names_under_a_title_row_name_its_columns(kites):
    claims = drafted_claims(TITLED, kites)
    cells = {(c.get("claimed"), c.get("subject"), c.get("metric")) for c in claims if not c.get("todo")}
    assert {("2.5 PFLOPS", "kite1", "bf16_dense"), ("80 GB", "kite1", "hbm_capacity"),
            ("96 GB", "kite2", "hbm_capacity")} <= cells


def test_a_bare_cell_takes_the_unit_of_its_rows_figures(kites):
    claim = claim_of(drafted_claims(TITLED, kites), "2.25 PFLOPS")
    assert (claim.get("subject"), claim.get("metric"), claim.get("todo")) == ("kite2", "bf16_dense", None)


@pytest.mark.parametrize("row", ["| **BF16** | 2500 TFLOPS | 2.25 | 2000 TFLOPS |",     # a column of PFLOPS
                                 "| **BF16** | 2.5 PFLOPS | 0 | 2 PFLOPS |",          # none
                                 "| **Efficiency** | 2.5 PFLOPS/W | 2.25 | 2 PFLOPS/W |"])
def test_a_bare_cell_in_another_scale_or_a_zero_takes_no_rows_unit(row, kites):
    bf16 = next(line for line in TITLED.splitlines() if line.startswith("| **BF16**"))
    claims = drafted_claims(TITLED.replace(bf16, row), kites)
    assert not any(c.get("claimed", "").startswith(("2.25 ", "0 ")) for c in claims), claims


def test_a_column_of_bare_cells_takes_no_rows_unit(kites):
    text = ("| Year | Kite K1 | Link |\n|---|---|---|\n| 2024 | 80 GB | 900 GB/s |\n"
            "| 2025 | 96 GB | 1800 GB/s |\n| 2026 | 128 GB | 3600 GB/s |\n")
    assert not any(c.get("claimed", "").startswith("202") for c in drafted_claims(text, kites))


@pytest.mark.parametrize("text", ["The default parameters are set for 8 x K100 80GB.",
                                  "The default parameters are set for 8 x K100 80GB, as before."])
def test_a_count_before_a_name_at_a_sentences_end_counts_chips(text, kites):
    claim = claim_of(drafted_claims(text, kites), "8")
    assert (claim.get("subject"), claim.get("metric")) == ("kite1_box", "chips")


RACK = """# The Kite Box1

| Parameter | Kite Box1 |
|---|---|
| IB bandwidth | 8 x 400 Gb/s |
| GPU power | 8 x 1 kW = 8 kW |
| Ethernet | 16 x 200 Gb/s |
"""


def test_a_figure_after_a_count_and_a_times_sign_is_each_chips(kites):
    """`| IB 带宽 | 32 x 400 Gb/s |` in a rack's column (round 280): each chip's figure, given to the
    system's chip when the count is the number it holds; the total after it stays the system's."""
    claims = drafted_claims(RACK, kites)
    for claimed, metric in (("400 Gbps", "scaleout_bandwidth"), ("1 kW", "power")):
        claim = claim_of(claims, claimed)
        assert (claim.get("subject"), claim.get("metric"), subject_todos(claim)) == ("kite1", metric, [])
    assert claim_of(claims, "8 kW").get("subject") == "kite1_box"


def test_a_figure_after_another_count_is_asked_among_the_system_and_its_chips(kites):
    claim = claim_of(drafted_claims(RACK, kites), "200 Gbps")
    assert claim.get("subject") is None
    assert subject_todos(claim) == ["subject: '16 x' makes the figure each part's: pick one of kite1, "
                                    "kite1_box"]


def test_a_figure_hyphened_to_a_name_is_its_own(kites):
    claim = claim_of(drafted_claims("Use 64 GPUs, or Kite K2-96GB cards, or LoRA.", kites), "96 GB")
    assert (claim.get("subject"), claim.get("metric")) == ("kite2", "hbm_capacity")


def test_a_dimm_after_a_count_is_no_chips(kites):
    table = "| Parameter | Kite Box1 |\n|---|---|\n| Host memory | 8 x 64GB DDR5 RDIMMs |\n"
    claims = drafted_claims(table, kites)
    assert claim_of(claims, "64 GB").get("subject") != "kite1", claims


@pytest.mark.parametrize("markup", ['{.column width="30%"}', "{.center width=60%}",
                                    '{#fig:kite .center width="100%"}'])
def test_a_pandoc_attribute_list_is_markup(markup, kites):
    """Round 282's lecture slides: `::: {.column width="30%"}`, `![..](..){.center width=60%}` had
    drafted most of its 148 noise figures (41 left); braces holding a figure stay text (`{.5 GB}`)."""
    claims = drafted_claims(f"![The Kite K1](kite.png){markup}\n\nThe Kite K1 has 80 GB of HBM.\n", kites)
    assert [c.get("claimed") for c in claims] == ["80 GB"]


def test_a_count_times_each_chips_figure_and_their_total_counts_chips(kites):
    """`| 32 x 144GB = 4.6 TB |` in a rack's column (round 280): the count had been drafted as a
    ratio, `32x`, asked for a baseline; it is the rack's count of chips."""
    claim = claim_of(drafted_claims(RACK, kites), "8")
    assert (claim.get("subject"), claim.get("metric"), claim.get("todo")) == ("kite1_box", "chips", None)


@pytest.mark.parametrize("text", ["Each Kite K1 has 12*50GB/s=600GB/s of links.",
                                  "Kite K1 keeps 4 × 256 KB = 1 MB on chip."])
def test_a_count_of_links_or_buffers_and_their_total_counts_no_chips(text, kites):
    assert all(claim.get("metric") != "chips" for claim in drafted_claims(text, kites))


@pytest.mark.parametrize("text", ["The Kite Box1 uses 4 x 3.3 kW = 13.2 kW of power supplies.",
                                  "The Kite K1 has 8 × 24 GB = 192 GB of HBM across eight stacks.",
                                  "A cluster of Kite Box1 nodes: 4 x 640 GB = 2.56 TB of HBM."])
def test_a_count_times_a_figure_in_prose_is_no_count_of_chips(text, kites):
    """The review: in prose the count may be of power supplies, HBM stacks or nodes; it had been
    decided as the box's count of chips, silently."""
    assert all(claim.get("metric") != "chips" for claim in drafted_claims(text, kites))
