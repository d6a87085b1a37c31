"""Spec tables and spec lists as vendors and reporters print them (pipeline/draft/), issue 19:
a merged row pasted with more cells does not end a Markdown table; a section row ("Individual
GPU Specifications") scopes the rows under it; a rack's figure that is its chip's sparse figure
is asked, whichever density the text leaves open; a precision pair asks both densities; a
change's bracketed old owner does not own the new value; system memory is a CPU's; a sparsity
word of another figure makes no sparse FP32; a table pasted with single spaces is read from
its header's units; a figure given for BF16 and FP16 alike is bf16's; a row labelled `GPU`
names the columns under a header of years; a table pasted one cell a line over a rule row is
read as rows; a header counting a product names no column; "H100 PCIe5.0" is the PCIe card.
Known answers over small fictional specs written for this module; the scorer's `in` fallback too."""

from __future__ import annotations

import textwrap

import pytest
from draft_catalogues import catalogue_of, drafted_claims

from claimaudit.draft.entities import load_catalogue
from claimaudit.draft.structure_score import structure_score
from claimaudit.draft.text import plain_text

SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - id: vale
        name: Example Vale V1
        vendor: Example
        kind: chip
        aliases: [Vale V1]
        facts:
          - {metric: fp8_sparse, value: "2,000 TFLOPS", source: ex-sheet}
          - {metric: fp8_dense, value: "1,000 TFLOPS", source: ex-sheet}
          - {metric: hbm_capacity, value: 96 GB, source: ex-sheet}
      - id: vale_rack
        name: Example Vale Rack (64 Vale V1)
        vendor: Example
        kind: system
        aliases: [Vale Rack]
        members: {vale: 64}
        facts:
          - {metric: fp8_sparse, value: "128 PFLOPS", source: ex-sheet}
          - {metric: fp8_dense, value: "64 PFLOPS", source: ex-sheet}
          - {metric: hbm_capacity, value: 6 TB, source: ex-sheet}
      - id: crest
        name: Example Crest C2
        vendor: Example
        kind: chip
        aliases: [Crest C2]
        facts:
          - {metric: bf16_dense, value: 500 TFLOPS, source: ex-sheet}
          - {metric: fp16_dense, value: 500 TFLOPS, source: ex-sheet}
          - {metric: fp64_dense, value: 40 TFLOPS, source: ex-sheet}
          - {metric: hbm_capacity, value: 80 GB, source: ex-sheet}
          - {metric: power, value: 600 W, source: ex-sheet}
      - id: vale_box
        name: Example Vale Box (8 Vale V1)
        vendor: Example
        kind: system
        aliases: [Vale Box]
        members: {vale: 8}
        facts:
          - {metric: hbm_capacity, value: 768 GB, source: ex-sheet}
    """)


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


drafted = drafted_claims


HEAD = "| Specifications | Vale Rack | Vale Box |\n|---|---|---|\n"


def test_a_merged_row_does_not_end_a_markdown_table(specs):
    text = HEAD + "| GPUs | CPUs | 64 | 32 | 8 | 0 |\n| Total HBM memory | 6 TB | 768 GB |\n"
    got = {c["claimed"]: c.get("subject") for c in drafted(text, specs)}
    assert got["6 TB"] == "vale_rack" and got["768 GB"] == "vale_box"


def test_a_section_row_makes_the_rows_under_it_the_columns_chips(specs):
    text = HEAD + ("| Total HBM memory | 6 TB | 768 GB |\n| Individual GPU Specifications | | |\n"
                   "| HBM memory | 96 GB | 96 GB |\n| 7 decoders | ||\n| HBM capacity | 96 GB | 96 GB |\n")
    claims = drafted(text, specs)
    assert [(c["claimed"], c.get("subject")) for c in claims if c["claimed"].endswith("B")] == [
        ("6 TB", "vale_rack"), ("768 GB", "vale_box"), ("96 GB", "vale"), ("96 GB", "vale"),
        ("96 GB", "vale"), ("96 GB", "vale")]      # a label that starts with a digit is no section


def test_without_a_section_row_the_column_stands(specs):
    claims = drafted(HEAD + "| HBM capacity | 6 TB | 768 GB |\n", specs)
    assert [c.get("subject") for c in claims] == ["vale_rack", "vale_box"]


def test_a_racks_figure_equal_to_its_chips_sparse_figure_is_asked(specs):
    """FP8 with no density: the rack's dense figure is 32x away, its chip's sparse one equal."""
    claim = next(c for c in drafted("Vale Rack FP8 performance: 2,000 TFLOPS.\n", specs)
                 if c["claimed"] == "2,000 TFLOPS")
    assert any("far from vale_rack's published figure and near vale's" in t for t in claim["todo"])


def test_a_racks_own_figure_is_not_asked_for_its_scope(specs):
    claim = next(c for c in drafted("Vale Rack FP8 performance: 64 PFLOPS dense.\n", specs)
                 if c["claimed"] == "64 PFLOPS")
    assert claim.get("subject") == "vale_rack" and not any("far from" in t for t in claim.get("todo", []))


def test_an_in_the_quote_lacks_falls_back_to_the_notes_order():
    claims = [{"quote": "| HBM | 96 GB | 96 GB |", "claimed": "96 GB", "subject": "a", "metric": "m"},
              {"quote": "| HBM | 96 GB | 96 GB |", "claimed": "96 GB", "subject": "b", "metric": "m"}]
    notes = [{"number": "96 GB", "value": 96e9, "in": "Column A", "subject": "a", "metric": "m"},
             {"number": "96 GB", "value": 96e9, "in": "Column B", "subject": "b", "metric": "m"}]
    score = structure_score(claims, notes)
    assert score.counts["right"] == 2 and not score.wrong
    # an `in` the quote has still picks that claim over the first
    first = {"number": "96 GB", "value": 96e9, "in": "| HBM", "subject": "b", "metric": "m"}
    assert structure_score(claims[1:], [first]).counts["right"] == 1



def test_an_in_whose_lines_claim_an_earlier_note_took_is_missed_not_moved():
    """Two notes for one row that drafts one claim (`| A 80GB | 80 GB |`): the second is missed,
    not paired with the next row's claim (which would score a right claim as wrong)."""
    claims = [{"quote": "| A 80GB | 80 GB HBM2e |", "claimed": "80 GB", "subject": "a", "metric": "m"},
              {"quote": "| B 80GB | 80 GB HBM3 |", "claimed": "80 GB", "subject": "b", "metric": "m"}]
    notes = [{"number": "80GB", "value": 80e9, "in": "A 80GB", "subject": "a", "metric": "m"},
             {"number": "80 GB", "value": 80e9, "in": "80 GB HBM2e", "subject": "a", "metric": "m"},
             {"number": "80 GB", "value": 80e9, "in": "80 GB HBM3", "subject": "b", "metric": "m"}]
    score = structure_score(claims, notes)
    assert (score.counts["right"], score.counts["missed"], score.wrong) == (2, 1, [])


def test_an_in_a_quote_cut_at_its_bracket_ends_with_is_that_claims():
    """Round 146: a row the drafter cut at a bracket it quotes apart (`| 8x NVIDIA H100` of
    `8x NVIDIA H100 (80 GB)`) is the note's line, not the first row with an 8x."""
    claims = [{"quote": "| g3 | 8x Intel Gaudi-3", "claimed": "8", "subject": "g", "metric": "chips"},
              {"quote": "| h1 | 200 | 8x NVIDIA H100", "claimed": "8", "subject": "h", "metric": "chips"}]
    notes = [{"number": "8x", "value": 8, "in": "8x NVIDIA H100 (80 GB)", "subject": "h", "metric": "chips"}]
    score = structure_score(claims, notes)
    assert (score.counts["right"], score.wrong) == (1, [])
    # a quote that is only a middle part of the `in` ("PCIe (80 GB HBM2e") is not its line
    cut = [{"quote": "80 GB HBM2e", "claimed": "80 GB", "subject": "a", "metric": "m"}]
    assert structure_score(cut, [{"number": "80 GB", "value": 80e9, "in": "40 GB and 80 GB HBM2e",
                                  "subject": "a", "metric": "m"}]).counts["right"] == 1    # notes' order
    assert structure_score(cut, [{"number": "80 GB", "value": 80e9, "in": "80 GB HBM2e (x)", "subject": "b",
                                  "metric": "m"}]).counts["silent"] == 1


def test_a_precision_pair_with_no_density_lists_both_densities(specs):
    claims = drafted(HEAD + "| Total FP8/FP6 Tensor Core | 128 PFLOPS | 16 PFLOPS |\n", specs)
    todo = " ".join(claims[0]["todo"])
    assert "FP8/FP6: fp8_dense or fp8_sparse or fp6_dense;" in todo      # no fp6_sparse metric


def test_the_bracketed_owner_of_a_changes_old_value_does_not_own_the_new_one(specs):
    claims = drafted("The Vale Box raises memory from 64 GB (Vale V1) to 144 GB per chip.\n", specs)
    new = next(c for c in claims if c["claimed"] == "144 GB")
    assert new.get("subject") != "vale"
    assert any("is the value after a change from vale's" in t for t in new["todo"])


@pytest.mark.parametrize("text, metric", [
    ("The Vale Rack has 6 TB of system memory.", "lpddr_capacity"),     # a CPU's memory
    ("Vale Rack 系统内存达 6TB。", "lpddr_capacity"),
    ("The Vale Rack has 6 TB of HBM memory.", "hbm_capacity"),
])
def test_system_memory_is_the_cpus_not_hbm(specs, text, metric):
    assert drafted(text, specs)[0].get("metric") == metric


def test_a_sparsity_word_of_another_figure_makes_no_precision_sparse_that_never_is(specs):
    claims = drafted("The Vale V1 delivers about 19.5 TFLOPS FP32 (312 TFLOPS with sparsity).\n", specs)
    assert claims[0]["metric"] == "fp32_dense"
    assert not any("not a metric" in t for t in claims[0].get("todo", []))


def test_a_loose_table_takes_short_labels_with_digits(specs):
    text = ("Technical Specifications\nFeature Vale Rack Vale Box\nFP8 128 PFLOPS 16 PFLOPS\n"
            "HBM capacity 6 TB 768 GB\n")
    got = [(c["claimed"], c.get("subject")) for c in drafted(text, specs)]
    assert got == [("128 PFLOPS", "vale_rack"), ("16 PFLOPS", "vale_box"), ("6 TB", "vale_rack"),
                   ("768 GB", "vale_box")]


def test_a_loose_tables_row_of_no_figures_does_not_end_it(specs):
    """`Connection to host via PCIe Gen4 x8 Gen4 x16` between two rows; an `Int8` label is a
    precision, no product the specs lack."""
    text = ("Feature Vale Rack Vale Box\nInt8 128 POPS 16 POPS\nConnection to host Gen4 x8 Gen4 x16\n"
            "HBM capacity 6 TB 768 GB\n")
    claims = drafted(text, specs)
    assert [(c["claimed"], c.get("subject")) for c in claims if c["claimed"].endswith("B")] == [
        ("6 TB", "vale_rack"), ("768 GB", "vale_box")]
    assert not any("Int8 is not in the specs" in t for c in claims for t in c.get("todo", []))
    text = "Feature Vale Rack Vale Box\n{}HBM 7 TB 800 GB\n"      # figures no spec publishes
    assert drafted(text.format(""), specs)[0].get("subject") == "vale_rack"
    prose = drafted(text.format("The racks ship in May, with more to come.\n"), specs)
    assert prose[0].get("subject") != "vale_rack" or prose[0].get("todo")       # a sentence ends it


def test_a_loose_tables_cell_with_no_figure_read_holds_its_columns_place(specs):
    """`Dense FP8 peak N/A ~1,000 TFLOP/s ...`, `FP16/BF16 500 TFLOPS 2.25 8,000 TFLOPS`: a
    placeholder or a bare figure is a cell that makes no claim; the row, and the table after it,
    stay aligned under the header's names."""
    text = ("Spec Crest C2 Vale V1 Vale Box\nDense FP8 peak N/A ~1,000 TFLOP/s ~8,000 TFLOP/s\n"
            "FP16/BF16 500 TFLOPS 2.25 4,000 TFLOPS\nTDP 600 W 700 W 5,600 W\n")
    found = [(c["claimed"], c.get("subject")) for c in drafted(text, specs)]
    assert found == [("1,000 TFLOPS", "vale"), ("8,000 TFLOPS", "vale_box"), ("500 TFLOPS", "crest"),
                     ("4,000 TFLOPS", "vale_box"), ("600 W", "crest"), ("700 W", "vale"),
                     ("5,600 W", "vale_box")]


def test_a_loose_tables_row_of_as_many_cells_under_a_long_label_does_not_end_it(specs):
    """`Attention acceleration (SFU EX2) 10.7 TeraExponentials/s 5 TeraExponentials/s`: a row
    whose label is too long to read still has the header's count of cells; the rows after it
    stay under the header's names."""
    text = ("Feature Crest C2 Vale V1\nAttention acceleration (SFU EX2) 10.7 TeraExponentials/s "
            "5 TeraExponentials/s\nGPU Memory 90 GB 120 GB\n")
    found = [(c["claimed"], c.get("subject")) for c in drafted(text, specs) if c["claimed"].endswith("GB")]
    assert found == [("90 GB", "crest"), ("120 GB", "vale")]


def test_a_loose_tables_column_the_specs_lack_keeps_its_place(specs):
    """`参数 H100 A6000 L40S A100`: a model number the specs do not hold is a column all the
    same; its cells are asked about and the named columns keep their own cells."""
    text = "参数 Crest C2 Q6000 Vale V1\nTDP 610W 300W 710W\n显存容量 80GB 48GB 96GB\n"
    found = [(c["claimed"], c.get("subject")) for c in drafted(text, specs)]
    assert found == [("610 W", "crest"), ("300 W", None), ("710 W", "vale"), ("80 GB", "crest"),
                     ("48 GB", None), ("96 GB", "vale")], found
    asked = [c for c in drafted(text, specs) if c["claimed"] == "300 W"][0]
    assert any("Q6000" in t for t in asked["todo"]), asked


def test_a_loose_tables_cell_may_end_in_a_capitalised_note_and_count_its_parts(specs):
    """`GPU Memory 80 GB HBM3 96 GB HBM3E`: a memory type after each value; `8x 96GB`: a count
    of parts before a figure is one cell, not a column of its own."""
    text = "Feature Crest C2 Vale V1 Vale Box\nGPU Memory 80 GB HBM3 96 GB HBM3E 8x 96GB HBM3E\n"
    found = [(c["claimed"], c.get("subject")) for c in drafted(text, specs) if c["claimed"].endswith("B")]
    assert found[:2] == [("80 GB", "crest"), ("96 GB", "vale")]
    assert found[2][1] == "vale_box", found


@pytest.fixture(scope="module")
def bundled():
    from pathlib import Path
    return load_catalogue(Path(__file__).resolve().parents[1] / "specs")


def test_an_architecture_word_before_a_name_of_its_maker_asks_nothing(bundled):
    claim = drafted("Hopper H200 offers 141 GB HBM3e.\n", bundled)[0]
    assert claim["subject"] == "h200" and not claim.get("todo")


def test_the_lexicons_die_name_is_the_one_product_of_it_the_text_names(bundled):
    """NVIDIA's whitepapers give GA100 as the A100's die; the A30's and A800's too."""
    text = "Ampere 架构解析\n\nGA100芯片采用台积电第一代7nm。\n\n英伟达A100 是数据中心 GPU。\n"
    claim = drafted(text, bundled)[0]
    assert (claim.get("subject"), claim.get("metric")) == ("a100", "process_node") and not claim.get("todo")


@pytest.mark.parametrize("text, subject", [
    ("The H100 80GB PCIe draws 350 W.\n", "h100_pcie"),
    ("| Power | H100 80G PCIe |\n|---|---|\n| TDP | 350 W |\n", "h100_pcie"),
    ("The H100 80GB SXM5 draws 700 W.\n", "h100")])
def test_a_memory_size_between_a_name_and_its_form_factor_names_the_variant(bundled, text, subject):
    """"H100 80GB PCIe": the size is no part of the variant's name, so the form factor after it
    still names the PCIe card the specs hold apart."""
    claim = [c for c in drafted(text, bundled) if c["claimed"].endswith("W")][0]
    assert claim.get("subject") == subject, claim


def test_a_model_number_family_before_another_name_in_a_list_stays_apart(bundled):
    mentions = [(m.text, m.entity) for m in bundled.find("Feature GB300 GB200 B300 B200")]
    assert [text for text, _ in mentions] == ["GB300", "GB200", "B300", "B200"]


def test_a_separator_under_a_later_row_starts_a_new_table(specs):
    text = ("| Specification | Vale Rack |\n|---|---|\nHBM capacity | 6 TB |\n"
            "| Specification | Vale Box |\n|---|---|\nHBM capacity | 768 GB |\n")
    assert [(c["claimed"], c.get("subject")) for c in drafted(text, specs)] == [
        ("6 TB", "vale_rack"), ("768 GB", "vale_box")]


def test_an_about_sign_a_footnote_or_a_note_around_a_bare_cell_keeps_its_unit(specs):
    text = ("| Spec | Vale Rack | Vale Box |\n|---|---|---|\n| FP8 TFLOPS | ~128,000* | 16,000 (matrix) |\n")
    assert [c["claimed"] for c in drafted(text, specs)] == ["128,000 TFLOPS", "16,000 TFLOPS"]


def test_a_count_and_a_form_in_brackets_with_a_family_ask_nothing(bundled):
    mentions = [(m.text, m.entity) for m in bundled.find("Nvidia DGX B300 (8x Blackwell Ultra SXM)")]
    assert [entity for _, entity in mentions] == ["hgx_b300"]


def test_a_word_for_five_or_more_products_is_not_settled_by_a_figure(bundled):
    text = ("| Specification | Google TPU v6 / Trillium |\n|---|---|\n"
            "Pod scale | Up to 9,216 chips per TPU v6 pod (Trillium) |\n")
    claim = drafted(text, bundled)[0]      # 9,216 is the Ironwood pod's, which the text never names
    assert "subject" not in claim and any(t.startswith("subject:") for t in claim["todo"])


SPACED = ("Accelerator FP64 TFLOPS BF/FP16 TFLOPS FP8 TFLOPS INT/FP4 T(FL)OPS HBM (GB) TDP (W)\n"
          "Crest C2 40 500   1000 MXFP4 80 600\n"
          "Vale V1   900 1000   96 ???\n")


def test_a_table_pasted_with_single_spaces_is_read_from_its_headers_units(specs):
    """Columns end at their unit words; a run of three spaces is one empty cell; `1000 MXFP4`
    is one cell; rows are counted from the right, so "Crest C2" stays the label."""
    got = [(c["claimed"], c.get("subject"), c.get("metric")) for c in drafted(SPACED, specs)]
    assert got == [("40 TFLOPS", "crest", "fp64_dense"), ("500 TFLOPS", "crest", "bf16_dense"),
                   ("1000 TFLOPS", "crest", "fp4_dense"), ("80 GB", "crest", "hbm_capacity"),
                   ("600 W", "crest", "power"), ("900 TFLOPS", "vale", "fp16_dense"),
                   ("1000 TFLOPS", "vale", "fp8_dense"), ("96 GB", "vale", "hbm_capacity")]


def test_a_figure_for_bf16_and_fp16_published_alike_is_bf16s_with_no_question(specs):
    crest = drafted(SPACED, specs)[1]
    assert crest["metric"] == "bf16_dense" and not crest.get("todo")


def test_a_figure_for_a_list_that_matches_none_stays_asked(specs):
    vale = drafted(SPACED, specs)[5]        # Vale V1 publishes no 16-bit figure
    assert any(t.startswith("metric: the figure is given for BF16/FP16") for t in vale["todo"])


@pytest.mark.parametrize("line", [
    "The Vale V1 ships with 96 GB and draws 700 W in most servers.",
    "Crest C2 40 500",                                  # fewer cells than the header's columns
    "40 500 1000 80 600 700",                           # no label
])
def test_a_line_that_is_no_row_of_the_header_makes_no_table(specs, line):
    text = SPACED.split("\n")[0] + "\n" + line + "\n"
    assert not [c for c in drafted(text, specs) if c["claimed"] in ("40 TFLOPS", "500 TFLOPS")]


GLUED_SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - {id: z100, name: Example Z100, vendor: Example, kind: chip, aliases: [Z100],
         facts: [{metric: fp32_dense, value: 19.5 TFLOPS, source: ex-sheet}]}
      - {id: z200, name: Example Z200, vendor: Example, kind: chip, aliases: [Z200],
         facts: [{metric: fp32_dense, value: 51 TFLOPS, source: ex-sheet}]}
    """)


def test_a_table_pasted_without_its_borders_is_read_by_its_glued_names(tmp_path_factory):
    """Model numbers run together (`Z100Z200`, as `A100H100`) are two names; figures glued to
    their label or unit are read; a header ending in an increase word ("性能提升") makes the
    last cell the later column over the first."""
    glued = catalogue_of(tmp_path_factory, GLUED_SPECS)
    text = "2.1 計算性能\n指標Z100Z200性能提升\nFP3219.5 TFLOPS51 TFLOPS2.6x\n"
    got = [(c["claimed"], c.get("subject"), c.get("baseline"), c.get("metric")) for c in drafted(text, glued)]
    assert got == [("19.5 TFLOPS", "z100", None, "fp32_dense"), ("51 TFLOPS", "z200", None, "fp32_dense"),
                   ("2.6x", "z200", "z100", "fp32_dense")]
    # without the increase word the third cell is no change column
    plain = drafted(text.replace("性能提升", ""), glued)
    assert [c.get("baseline") for c in plain if c["claimed"] == "2.6x"] != ["z100"]


CELLS_SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - {id: z100, name: Example Z100, vendor: Example, kind: chip, aliases: [Zeta Z100, Z100],
         facts: [{metric: hbm_bandwidth, value: 3 TB/s, source: ex-sheet},
                 {metric: hbm_capacity, value: 32 GB, source: ex-sheet}]}
      - {id: r200, name: Example Orbit R200, vendor: Example, kind: chip, aliases: [Orbit R200],
         facts: [{metric: hbm_bandwidth, value: 1 TB/s, source: ex-sheet},
                 {metric: hbm_capacity, value: 96 GB, source: ex-sheet}]}
    """)


def test_glued_header_cells_end_at_the_next_cells_capitalised_word(tmp_path_factory):
    """`ChipZeta Z100Orbit R200Nova Q300`: a name ending in a digit or a capital ends where the
    next cell's capitalised word begins, so each column keeps its name; `32 GB96 GB`: a unit
    glued to the next cell's figure is no product the specs lack."""
    specs = catalogue_of(tmp_path_factory, CELLS_SPECS)
    text = "ChipZeta Z100Orbit R200Nova Q300\nMemory BW3 TB/s1 TB/s2.5 TB/s\nHBM Capacity32 GB96 GB128 GB\n"
    claims = {c["claimed"]: c for c in drafted(text, specs)}
    assert [(claims[k].get("subject"), claims[k].get("metric")) for k in ("3 TB/s", "1 TB/s")] == [
        ("z100", "hbm_bandwidth"), ("r200", "hbm_bandwidth")]
    assert claims["2.5 TB/s"].get("subject") is None                     # Q300: not in the specs
    assert not any("GB96" in t or "BW3" in t for c in claims.values() for t in c.get("todo") or [])


FAMILY_SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - {id: kite_k4, name: Example Kite K4, vendor: Example, kind: chip, aliases: [Kite k4],
         facts: [{metric: hbm_capacity, value: 32 GB, source: ex-sheet}]}
      - {id: kite_k5, name: Example Kite K5, vendor: Example, kind: chip, aliases: [Kite k5],
         facts: [{metric: hbm_capacity, value: 95 GB, source: ex-sheet}]}
    """)


def test_a_short_row_label_under_a_family_word_names_the_one_member(tmp_path_factory):
    """"Every Kite generation" then `| k4 |`: the family word and the label name Kite k4; a label
    that makes no name with it (`k9`) stays unnamed."""
    specs = catalogue_of(tmp_path_factory, FAMILY_SPECS)
    text = ("Every Kite generation on one row.\n| Gen | HBM |\n|---|---|\n| k4 | 32 GB |\n| k9 | 64 GB |\n"
            "| k5 | 95 GB |\n")
    claims = {c["claimed"]: c for c in drafted(text, specs)}
    assert claims["32 GB"].get("subject") == "kite_k4" and not claims["32 GB"].get("todo")
    assert claims["95 GB"].get("subject") == "kite_k5" and not claims["95 GB"].get("todo")
    assert any(t.startswith("subject:") for t in claims["64 GB"]["todo"])      # k9: asked


STACKED = textwrap.dedent("""\
    The two boards compared:
    Crest C2 board
    Vale Box 8-GPU
    Memory Capacity
    Up to 80GB
    Up to 768GB
    Power
    600W
    10kW
    NVLink
    4th Gen
    5th Gen
    """)


@pytest.mark.parametrize("claimed, subject, metric", [
    ("80 GB", "crest", "hbm_capacity"),
    ("768 GB", "vale_box", "hbm_capacity"),
    ("600 W", "crest", "power"),
    ("10 kW", "vale_box", "power"),
])
def test_a_table_pasted_one_cell_per_line_reads_its_header_lines_as_columns(specs, claimed, subject, metric):
    found = next(c for c in drafted_claims(STACKED, specs) if c.get("claimed") == claimed)
    assert (found.get("subject"), found.get("metric")) == (subject, metric), found
    assert not [t for t in found.get("todo") or [] if t.startswith("subject:")], found


def test_the_header_lines_figures_are_names_not_claims(specs):
    assert "8" not in [c.get("claimed") for c in drafted_claims(STACKED, specs)]


@pytest.mark.parametrize("header, row", [
    ("| Spec | Crest C2 | Vale V1 | Advantage |", "| Memory Capacity | 80 GB | 96 GB | Vale +20% |"),
    ("| Spec | Vale V1 | Crest C2 | Advantage |", "| Memory Capacity | 96 GB | 80 GB | Vale +20% |"),
])
def test_a_change_cell_led_by_a_name_compares_that_column_with_the_other(specs, header, row):
    """`| H200 +43% |` under "Advantage": a signed change naming the column it favours; that
    column is the subject, whichever side it stands."""
    found = next(c for c in drafted_claims(f"{header}\n|---|---|---|---|\n{row}\n", specs)
                 if c["claimed"] == "+20%")
    assert (found.get("subject"), found.get("baseline"), found.get("metric")) == (
        "vale", "crest", "hbm_capacity")


ROADMAP = textwrap.dedent("""\
    Chip
    Vale V1
    Z900
    Crest C2
    Peak FP8 TFLOPS (Dense)
    1000
    3000
    ?
    Memory Capacity
    96 GB
    288 GB
    80 GB
    """)


def test_a_model_number_the_specs_lack_is_a_column_of_a_table_pasted_one_cell_per_line(specs):
    """`Z900` between two names the specs hold: its cells are asked about (the name is not one
    entity of the specs), the named columns keep theirs, and the label's unit reaches the bare
    value lines."""
    found = {c["claimed"]: c for c in drafted_claims(ROADMAP, specs)}
    assert (found["1000 TFLOPS"].get("subject"), found["1000 TFLOPS"].get("metric")) == ("vale", "fp8_dense")
    assert (found["80 GB"].get("subject"), found["80 GB"].get("metric")) == ("crest", "hbm_capacity")
    for claimed in ("3000 TFLOPS", "288 GB"):
        assert "subject" not in found[claimed] and any(
            "the table's 'Z900' is not one entity of the specs" in t for t in found[claimed]["todo"]), found



def test_a_loose_tables_row_naming_one_entity_does_not_end_it(specs):
    """`Architecture Ampere Hopper`: a row of words naming one entity heads no table of its own
    (a header names two or more), so the header above keeps its columns."""
    text = "Feature Vale V1 Crest C2\nSold in Vale Box PCIe card\nMemory 96 GB 80 GB\n"
    claims = drafted(text, specs)
    assert [(c["claimed"], c.get("subject")) for c in claims] == [("96 GB", "vale"), ("80 GB", "crest")]


def test_a_row_names_precision_words_are_its_cells_metric_words(specs):
    """`| B200 BF16 TC / HBM3e | 2250 | 8 |`: the row's name cell says the precision of its
    compute column."""
    text = ("| System | Arithmetic Bandwidth (TFLOPs/s) | Memory Bandwidth (TB/s) |\n"
            "| Crest C2 BF16 TC / HBM | 500 | 3 |\n| Vale V1 FP8 TC / HBM | 1000 | 4 |\n")
    found = {c["claimed"]: (c.get("subject"), c.get("metric")) for c in drafted(text, specs)}
    assert found["500 TFLOPS"] == ("crest", "bf16_dense")
    assert found["1000 TFLOPS"] == ("vale", "fp8_dense")


def test_a_supernode_lines_number_written_alone_asks_among_its_systems(bundled):
    """"Atlas950能装6144张昇腾卡": the line's name without SuperPoD or SuperCluster, glued or
    apart, may mean either; asked naming them, never one picked silently."""
    for text in ("Atlas950能装6144张昇腾卡", "the Atlas 950 holds 8,192 NPUs"):
        mention = bundled.find(text)[0]
        assert mention.entity == "" and set(mention.candidates) == {
            "huawei_atlas950_superpod", "huawei_atlas950_supercluster"}, mention


def test_an_empty_corner_cell_keeps_the_headers_columns(specs):
    """`| | Vale V1 | Crest C2 |`: the header's empty first cell is a column, so the names stand
    over their values."""
    text = "| | Vale V1 | Crest C2 |\n| GPU Memory (GB) | 96 | 80 |\n| Power (W) | 700 | 600 |\n"
    found = [(c["claimed"], c.get("subject"), c.get("metric")) for c in drafted(text, specs)]
    assert found == [("96 GB", "vale", "hbm_capacity"), ("80 GB", "crest", "hbm_capacity"),
                     ("700 W", "vale", "power"), ("600 W", "crest", "power")]


def test_a_loose_tables_cells_may_carry_an_about_sign_and_a_short_note(specs):
    """`HBM capacity 80 GB (HBM2e) 80 GB (HBM3)`, `HBM bandwidth ~2.0 TB/s ~3.35 TB/s`: a note
    in brackets after a value and an about sign before one keep the row a row."""
    text = ("Spec Vale V1 Crest C2\nHBM capacity 96 GB (HBM3e) 80 GB (HBM3)\n"
            "Dense BF16/FP16 peak ~900 TFLOP/s ~500 TFLOP/s\n")
    found = [(c["claimed"], c.get("subject")) for c in drafted(text, specs)]
    assert found == [("96 GB", "vale"), ("80 GB", "crest"), ("900 TFLOPS", "vale"), ("500 TFLOPS", "crest")]


def test_an_amount_keeps_its_density_question_whatever_its_sentence_compares(specs):
    """"130 PFLOPS of FP8, double that of the Vale V1": the comparison's two sides publishing
    both densities alike settles the ratio's density, never the amount's."""
    text = "The Vale Rack is new. It can deliver 130 PFLOPS of FP8, double that of the Vale V1.\n"
    found = next(c for c in drafted(text, specs) if c.get("claimed") == "130 PFLOPS")
    assert found.get("subject") == "vale_rack", found
    assert any("dense or sparse" in t for t in found.get("todo", [])), found


def test_a_header_cell_that_is_a_unit_gives_it_to_its_column(specs):
    """`| Layer | GB/s |`: the header cell is the unit alone."""
    text = "| Layer | GB/s | Source |\n|---|---|---|\n| Vale V1 HBM | 4,000 | datasheet |\n"
    assert [c["claimed"] for c in drafted(text, specs)] == ["4,000 GB/s"]


def test_a_ratio_cell_against_a_baseline_column_compares_the_columns(specs):
    """`| ICI Bandwidth | Baseline | 2× baseline |`: the second entity's cell is a ratio to the
    first's."""
    text = ("| Metric | Crest C2 | Vale V1 | Delta |\n|---|---|---|---|\n"
            "| HBM capacity | 80 GB | 96 GB | +20% |\n| HBM bandwidth | Baseline | 2× baseline | +100% |\n")
    found = next(c for c in drafted(text, specs) if c.get("claimed") == "2x")
    assert (found.get("subject"), found.get("baseline")) == ("vale", "crest"), found


def test_an_architecture_word_alone_names_no_product_but_grace_hopper_does(bundled):
    """"the same 4nm Hopper chip": an architecture is no product, and the superchips whose
    names hold the word are not its members (it asked between two GH200s for an H100's
    figure); "Grace Hopper" names the superchip family."""
    assert bundled.find("the same 4nm Hopper chip") == []
    found = bundled.find("Grace Hopper Superchip")
    assert [m.entity for m in found] == [""] and "gh200" in found[0].candidates


def test_under_a_cornered_header_a_row_with_other_borders_is_left_out(specs):
    """`| | Crest C2 | Vale V1 |` over `| FP8 | | 500 | 1000* |`: a row that writes an empty cell
    and splits another drops out of line with the header's names, so its cells are not read as
    theirs."""
    text = ("| | Crest C2 | Vale V1 |\n|---|---|---|\n| HBM (GB) | 80 | 96 |\n"
            "| FP8 TFLOPS | | 500 | 1000* |\n")
    found = [(c["claimed"], c.get("subject")) for c in drafted(text, specs) if c.get("subject")]
    assert found == [("80 GB", "crest"), ("96 GB", "vale")]


@pytest.mark.parametrize("header, subjects", [
    # the header pasted without its corner cell: its names are the columns after the labels
    ("Vale V1 | Crest C2 | Vale Box |", {"96 GB": "vale", "80 GB": "crest"}),
    ("| Item | Vale V1 | Crest C2 |", {"96 GB": "vale", "80 GB": "crest"}),     # a corner cell
    # a corner cell that also names a family is a corner ("| TPU 比较 | TPUv1 |")
    ("Vale models | Vale V1 | Crest C2 |", {"96 GB": "vale", "80 GB": "crest"}),
])
def test_a_header_without_its_corner_cell_names_the_columns_after_the_labels(specs, header, subjects):
    """`TPUv1 | TPUv2 | ...` over `Process node | 28 nm | 16 nm |` (Wikipedia's table pasted
    without its corner cell and its last column): 28 nm is the TPUv1's."""
    text = f"{header}\n---|---|---|\nMemory | 96 GB | 80 GB |\nTDP (W) | 700 | 600 |\n"
    got = {c["claimed"]: c.get("subject") for c in drafted(text, specs) if c["claimed"] in subjects}
    assert got == subjects, got


@pytest.mark.parametrize("text", [
    "The Vale V1's HBM3 memory delivers up to 4 TB/s of bandwidth, and the NVLink interconnect provides "
    "up to 900 GB/s of bandwidth between the GPU and CPU.",
    "The Vale V1's memory offers about 4 TB/s.",
])
def test_a_memory_delivering_a_rate_is_its_bandwidth(specs, text):
    """"The H200's HBM3 memory delivers up to 4 TB/s of bandwidth, and the NVLink ...": the
    memory's own rate, whatever link the next clause names."""
    found = next(c for c in drafted(text + "\n", specs) if c["claimed"] == "4 TB/s")
    assert found.get("metric") == "hbm_bandwidth", found


def test_a_row_of_amounts_heads_no_single_space_table(bundled):
    """`NVIDIA B200 Blackwell 192GB HBM3e 4,500 8.0 TB/s` names two things (a chip and its family)
    but is a row of figures: the rows under it keep their own names, not the B200's column."""
    text = ("NVIDIA B200 Blackwell 192GB HBM3e 4,500 8.0 TB/s\n"
            "NVIDIA H200 Hopper 141GB HBM3e 1,979 4.8 TB/s\n")
    got = {c["claimed"]: c.get("subject") for c in drafted(text, bundled)}
    assert got["141 GB"] == "h200" and got["192 GB"] == "b200"


def test_a_wikis_table_markup_becomes_one_row_per_line():
    raw = ('== Chips == {| class="wikitable" |+ Comparison (2024) ! Chip !! Peak FP16 TFLOPS !! Memory '
           '|- | Zephyr Z2 || 1,979 || 80GB HBM3 |- | Breeze B1 || 312 (TF32) || 32GB |} After the table.')
    assert plain_text(raw, []) == ("== Chips == \nComparison (2024)\n| Chip | Peak FP16 TFLOPS | Memory |\n"
                                   "|---|---|---|\n| Zephyr Z2 | 1,979 | 80GB HBM3 |\n"
                                   "| Breeze B1 | 312 (TF32) | 32GB |\n After the table.")
    # an opening with no closing is text, and so is everything after it
    assert plain_text("a {| b ! c !! d", []) == "a {| b ! c !! d"


def test_a_wiki_tables_cells_draft_under_their_header(base):
    raw = ('{| class="wikitable" ! Chip !! Peak FP8 TFLOPS !! Memory |- | Zephyr Z2 || 4,000 || 192 GiB '
           '|- | Breeze B1 || 900 || 32 GB |}\n')
    found = {(c.get("subject"), c.get("claimed"), c.get("metric")) for c in drafted_claims(raw, base)}
    assert {("zephyr", "4,000 TFLOPS", "fp8_dense"), ("breeze", "900 TFLOPS", "fp8_dense"),
            ("zephyr", "192 GiB", "hbm_capacity"), ("breeze", "32 GB", "hbm_capacity")} <= found, found


def test_a_note_left_uncounted_still_holds_its_lines_claim():
    """Round 175: an FP64 Tensor Core row annotated "?" and the FP32 row below it, both "67
    TFLOPS": the FP32 note is scored against the FP32 row's claim, not the first 67 TFLOPS."""
    claims = [{"quote": "| FP64 Tensor Core | 67 TFLOPS |", "claimed": "67 TFLOPS", "subject": "a",
               "metric": "fp64_dense"},
              {"quote": "| FP32 | 67 TFLOPS |", "claimed": "67 TFLOPS", "subject": "a",
               "metric": "fp32_dense"}]
    notes = [{"number": "67 TFLOPS", "value": 67e12, "subject": "a", "metric": "?"},
             {"number": "67 TFLOPS", "value": 67e12, "subject": "a", "metric": "fp32_dense"}]
    counted = structure_score(claims, notes, lambda n: n["metric"] != "?")
    assert (counted.total, counted.counts["right"], counted.wrong) == (1, 1, [])
    # scored alone, the FP32 note takes the first row's claim: the pairing the one pass avoids
    assert structure_score(claims, notes[1:]).counts["silent"] == 1


@pytest.mark.parametrize("rows, subjects", [
    # a header of years, then the product row: its names head the columns under it
    # (figures neither publishes: the columns decide, not the figures)
    ("Year | 2023 | 2024 |\n---|---|---|\nChip | Crest C2 | Vale V1 |\nMemory | 90 GB | 100 GB |\n",
     {"90 GB": "crest", "100 GB": "vale"}),
    ("| 年份 | 2023 | 2024 |\n|---|---|---|\n| 架构 | Crest | Vale |\n| 型号 | Crest C2 | Vale V1 |\n"
     "| 显存 | 90 GB | 100 GB |\n", {"90 GB": "crest", "100 GB": "vale"}),
    # a row of figures is no product row, whatever its label
    ("Year | 2023 | 2024 |\n---|---|---|\nChips | 8 | 64 |\nMemory | 80 GB | 96 GB |\n",
     {"96 GB": None}),
    # one name is no row of names
    ("Year | 2023 | 2024 |\n---|---|---|\nGPU | Crest C2 | tbd |\nMemory | 80 GB | 96 GB |\n",
     {"96 GB": None}),
    # the review: a later row naming other products (a rival's, a predecessor's) ends the columns
    ("Year | 2023 | 2024 |\n---|---|---|\nGPU | Crest C2 | Vale V1 |\nMemory | 90 GB | 100 GB |\n"
     "Rival | Vale Box | Vale Rack |\nRival memory | 700 GB | 5 TB |\n",
     {"90 GB": "crest", "100 GB": "vale", "700 GB": None}),
    ("Year | 2023 | 2024 |\n---|---|---|\nGPU | Crest C2 | Vale V1 |\nMemory | 90 GB | 100 GB |\n"
     "Predecessor memory | 40 GB | 60 GB |\n", {"90 GB": "crest", "40 GB": None, "60 GB": None}),
    # a header of instances, not years: no product row (their totals are no chip's)
    ("Instance | p5.48xlarge | p4d.24xlarge |\n---|---|---|\nGPU | Crest C2 | Vale V1 |\n"
     "GPU memory | 640 GB | 320 GB |\n", {"320 GB": None}),
])
def test_a_row_labelled_as_the_product_names_the_columns_under_it(specs, rows, subjects):
    """Round 179's roadmap (`Year | 2022 | ...` over `GPU | H100 | H200 | B200 | ...`): the header
    names no product, the row labelled `GPU` does, and the figures under it are its columns'."""
    text = "A roadmap of the parts.\n\n" + rows
    # a subject with a question about it is not decided
    got = {c["claimed"]: None if any(t.startswith("subject:") for t in c.get("todo", []))
           else c.get("subject") for c in drafted(text, specs) if c["claimed"] in subjects}
    assert got == subjects, got


def test_a_table_pasted_one_cell_a_line_over_a_rule_becomes_rows():
    """Round 182's AWS page (and round 91's): `Instance size |` ... `---|---|---|`, then each
    row's cells a line each: one `| a | b | c |` line a row, up to a line of no cell."""
    raw = ("Specs\nChip |\nMemory |\nTDP |\n---|---|---|\nVale V1 |\n96 GB |\n700 W |\n"
           "Crest C2 |\n80 GB |\n |\nAfter the table | it goes on.\n")
    assert plain_text(raw, []) == ("Specs\n| Chip | Memory | TDP |\n|---|---|---|\n"
                                   "| Vale V1 | 96 GB | 700 W |\n| Crest C2 | 80 GB |  |\n"
                                   "After the table | it goes on.\n")
    # a rule with fewer cell lines above it than its columns, lines of two cells, a header of more
    # cells than the rule's columns, or rows short of a cell are left alone (the review's cases)
    for text in ("Memory |\n---|---|---|\n96 GB |\n", "a | b |\nc | d |\n---|---|\n",
                 "Spec |\nH1 |\nH2 |\nH3 |\n---|---|---|\nHBM |\n80 GB |\n96 GB |\n",
                 "Spec |\nH1 |\nH2 |\n---|---|---|\nHBM |\n80 GB |\nTDP |\n700 W |\n600 W |\n"):
        assert plain_text(text, []) == text


def test_a_header_counting_a_product_names_no_column(specs):
    """`| Instance size | # of Vale devices | Memory |` over rows named by their first cell: the
    count's header is a metric's words, so the rows name the subjects (not one column the
    `Vale` in its header named)."""
    text = ("| Instance size | # of Vale V1 devices | Host memory (GiB) | Device memory (GiB) |\n"
            "|---|---|---|---|\n| Vale Box | 8 | 2048 | 768 |\n| Vale Rack | 64 | 16384 | 6144 |\n")
    got = {(c.get("subject"), c["claimed"], c.get("metric")) for c in drafted(text, specs)}
    assert {("vale_box", "768 GiB", "hbm_capacity"), ("vale_box", "2048 GiB", "lpddr_capacity")} <= got, got


@pytest.mark.parametrize("text", ["H100 PCIe5.0 芯片单卡功耗更是高达700W。",
                                  "The H100 PCIe4 card draws 700W.\n",
                                  # the review: the vendor's alias (`英伟达H100`) no longer cuts it short
                                  "英伟达H100 PCIe5.0版本配备80GB显存，功耗350W。",
                                  "英伟达H100 PCIe版本功耗350W。"])
def test_a_bus_generation_glued_to_pcie_keeps_the_pcie_card(bundled, text):
    """Round 182: "H100 PCIe5.0" names the PCIe card, its bus generation glued to the name (the
    700 W is the SXM part's: the check then says so, not the draft)."""
    assert {c.get("subject") for c in drafted(text, bundled)} == {"h100_pcie"}


def test_a_figure_no_metric_measures_says_so(bundled):
    """A stack's height (`12-layer`) and a package's area are figures no metric of the specs
    measures: the todo says so and offers no metric to choose."""
    claims = drafted("Samsung's 12-layer HBM3E ships in a package substrate of 3,000 mm2.\n", bundled)
    todos = {c["claimed"]: [t for t in c.get("todo", []) if t.startswith("metric:")] for c in claims}
    assert todos["12"] == ["metric: the figure is a memory stack's height, which no metric of the specs "
                           "measures: keep it qualitative (the check reports it unverifiable) or delete "
                           "the claim"]
    assert todos["3,000 mm2"][0].startswith("metric: the figure is an area that is no die's, which no metric")


@pytest.mark.parametrize("text, figures", [
    # the review of rule 2: a stack height is no chip count, whatever system has that many chips
    ("HGX H200 boards pair 8-layer HBM3E with GPUs.\n", {"8": None}),
    # layers of other things are no claims of a stack
    ("a 232-layer NAND part next to HBM\n", {}),
    ("a 15-layer metal stack in the HBM base die\n", {}),
    ("Gaudi 3 has a 2-stack design with HBM2e\n", {}),
])
def test_a_stack_height_is_no_metric_and_other_layers_are_none(bundled, text, figures):
    got = {c["claimed"]: c.get("metric") for c in drafted(text, bundled)
           if c["claimed"] in ("2", "8", "15", "232")}
    assert got == figures, got


@pytest.mark.parametrize("text, metric", [
    # the review of rule 4: a both-ways word nearer the figure than a per-direction one wins
    ("Each H100 provides 450 GB/s uni-directional (900 GB/s total) NVLink bandwidth.", "scaleup_bandwidth"),
    ("B200 NVLink: 900 GB/s uni-directional (1.8 TB/s combined).", "scaleup_bandwidth"),
    ("The 1.8 TB/s bidirectional NVLink gives each B200 900 GB/s in each direction.",
     "scaleup_bandwidth_per_direction"),
])
def test_the_direction_word_nearest_a_bandwidth_says_its_own(bundled, text, metric):
    claims = drafted(text + "\n", bundled)
    figure = "900 GB/s" if "each direction" in text else ("900 GB/s" if "450" in text else "1.8 TB/s")
    assert [c.get("metric") for c in claims if c["claimed"] == figure] == [metric]


@pytest.mark.parametrize("label", ["整机显存", "Server memory"])
def test_a_whole_servers_row_under_chip_columns_is_a_systems(specs, label):
    """`整机显存`, "Server memory" under chip columns: a system's figure: the Vale V1's server
    that publishes it, and the Crest C2, of which the specs hold no system, asked."""
    text = f"| Spec | Crest C2 | Vale V1 |\n|---|---|---|\n| {label} | 640 GB | 768 GB |\n"
    got = {c["claimed"]: (c.get("subject"), any(t.startswith("subject:") for t in c.get("todo", [])))
           for c in drafted(text, specs)}
    assert got["768 GB"][0] == "vale_box" and got["640 GB"][1], got
