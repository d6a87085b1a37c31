"""Known answers for rules from held-out round 195 (issue 19), on fictional specs: an empty cell of
a bordered Markdown row keeps its column, so the row stays as wide as its header and is read; a
figure with only empty cells after it in product columns may be theirs too (a merged cell), so
it is asked among them; a header naming two forms of its product (`H100 (PCIe/SXM)`) asks which
form each figure is, when the specs hold the forms apart."""

import textwrap

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, subject_todos

from claimaudit.draft.table_rows import row_cells

SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - id: kite2
        name: Example Kite K2 SXM
        vendor: Example
        kind: chip
        aliases: [Kite K2, Kite K2 SXM]
        facts:
          - {metric: hbm_capacity, value: 96 GB, source: ex-sheet, quote: "96 GB"}
          - {metric: power, value: 700 W, source: ex-sheet, quote: "700 W"}
          - {metric: scaleup_bandwidth, value: 900 GB/s, source: ex-sheet, quote: "900 GB/s"}
      - id: kite2_pcie
        name: Example Kite K2 PCIe
        vendor: Example
        kind: chip
        aliases: [Kite K2 PCIe]
        facts:
          - {metric: power, value: 350 W, source: ex-sheet, quote: "350 W"}
      - id: kite3
        name: Example Kite K3
        vendor: Example
        kind: chip
        aliases: [Kite K3]
        facts:
          - {metric: hbm_capacity, value: 192 GB, source: ex-sheet, quote: "192 GB"}
          - {metric: scaleup_bandwidth, value: 1.8 TB/s, source: ex-sheet, quote: "1.8 TB/s"}
    """)


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


@pytest.mark.parametrize("line, cells", [
    ("| Intel | Gaudi3 |  600.0 |       |", ["Intel", "Gaudi3", "600.0", ""]),
    ("| | H100 | A100 |", ["", "H100", "A100"]),           # the empty corner, as before
    ("| a | | c |", ["a", "", "c"]),
    ("a | b | c", ["a", "b", "c"]),                         # no borders: nothing to keep
])
def test_an_empty_cell_of_a_bordered_row_keeps_its_column(line, cells):
    assert [line[s.start:s.end].strip() for s in row_cells(line, 0, len(line))] == cells


def test_a_row_with_an_empty_notes_cell_is_read(specs):
    # round 195: `| Intel | Gaudi3 | 600.0 |       |` was one cell short of its header, so the
    # table left it out and no claim was drafted for it
    text = ("| Interconnect | Accelerator | GBps | Notes |\n| :--- | :--- | ---: | :--- |\n"
            "| Example Link | Kite K3 | 900.0 | 1 |\n| Example | Kite K2 | 450.0 |   |")
    assert "450.0 GB/s" in [c.get("claimed") for c in drafted_claims(text, specs)]


def test_a_figure_with_empty_cells_after_it_in_product_columns_is_asked_among_them(specs):
    # round 195 (held-out 18, once empty cells kept their columns): `| Interconnect | NVLink:
    # 1.8TB/s | |` under two products' columns went to the first, silently (a figure one of them
    # publishes would decide it)
    text = ("| Specs | Kite K3 | Kite K2 |\n|---|---|---|\n| Memory | 192GB | 96GB |\n"
            "| Interconnect | 5th Generation Link: 2.0TB/s | |")
    claim = claim_of(drafted_claims(text, specs), "2.0 TB/s")
    assert claim.get("subject") is None and "kite2, kite3" in " ".join(subject_todos(claim))
    assert not subject_todos(claim_of(drafted_claims(text, specs), "192 GB"))


def test_a_header_naming_two_forms_asks_which_form(specs):
    # round 195 (held-out 87): `| H100 (PCIe/SXM) |` over `| 350/700 W |` gave the PCIe's 350 W to
    # the SXM part, silently
    text = "| | Kite K2 (PCIe/SXM) | Kite K3 |\n|---|---|---|\n| Max Power | 350/700 W | 1000 W |"
    claims = drafted_claims(text, specs)
    for value in ("350 W", "700 W"):
        assert "kite2_pcie" in " ".join(subject_todos(claim_of(claims, value)))
    assert not subject_todos(claim_of(claims, "1000 W"))


@pytest.mark.parametrize("text", [
    "The Kite K2 comes with 80 GB HBM3 (PCIe) or 96 GB HBM3 (SXM).",
    "## Kite K2 GPU\n**Definition:** Flagship GPU with 80 GB HBM3 (PCIe) or 96 GB HBM3 (SXM), and more.",
])
def test_a_form_in_brackets_after_an_amount_asks_which_form(specs, text):
    # round 198: "80 GB HBM3 (PCIe) or 96 GB HBM3 (SXM)" under "## Hopper H100 GPU" gave the PCIe
    # card's 80 GB to the SXM part, silently (a heading's product had dropped the form's question)
    claim = claim_of(drafted_claims(text, specs), "80 GB")
    assert "kite2_pcie" in " ".join(subject_todos(claim))
