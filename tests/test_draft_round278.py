r"""Known answers for the rules from held-out rounds 278 and 279 (issue 19), on fictional specs:

- a Markdown table whose header is a title row with empty cells (`| **Technical Specifications** |
  | |`) takes its columns' names from the first row of names under it (`| **Feature** | **Kite K1**
  | **Kite K2** |`), labelled as products or not: its cells had all been asked;
- a bare cell among its row's figures of one unit, in a column whose other cells write units
  (`| FP16 | 2.5 PFLOPS | 2.25 | 2.25 PFLOPS |`), is in that unit: it had been missed, and its
  annotation paired with its neighbour's claim; a column of bare cells (years, counts) takes none;
- a count right before a product's name and its memory at the end of a sentence (`set for 8 x
  Kite K1 80GB.`) counts chips, as it does before a comma."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_box, example_chips


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


def test_a_column_of_bare_cells_takes_no_rows_unit(kites):
    text = ("| Year | Kite K1 | Link |\n|---|---|---|\n| 2024 | 80 GB | 900 GB/s |\n"
            "| 2025 | 96 GB | 1800 GB/s |\n| 2026 | 128 GB | 3600 GB/s |\n")
    assert not any(c.get("claimed", "").startswith("202") for c in drafted_claims(text, kites))


@pytest.mark.parametrize("text", ["The default parameters are set for 8 x K100 80GB.",
                                  "The default parameters are set for 8 x K100 80GB, as before."])
def test_a_count_before_a_name_at_a_sentences_end_counts_chips(text, kites):
    claim = claim_of(drafted_claims(text, kites), "8")
    assert (claim.get("subject"), claim.get("metric")) == ("kite1_box", "chips")
