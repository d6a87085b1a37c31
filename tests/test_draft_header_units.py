"""Units a table header gives the bare numbers of its column (pipeline/draft/header_units.py,
issue 19): the header rule alone, then whole tables over the fixture specs, with known answers."""

from __future__ import annotations

import pytest

from claimaudit.draft.article import SourceInfo, draft_document
from claimaudit.draft.header_units import header_numbers, header_unit
from claimaudit.draft.text import paragraphs


@pytest.mark.parametrize("words, unit", [
    ("TDP(W)", ("W", "")),
    ("功耗（W）", ("W", "")),
    ("Memory (GB)", ("GB", "")),
    ("FP8/TFLOPS", ("TFLOPS", "")),
    ("带宽/GB/s", ("GB/s", "")),
    ("CUDA核心", ("", "other")),
    ("Tensor Cores", ("", "other")),
    ("HBM容量", None),             # a metric, no unit
    ("FP8/FP16", None),            # two precisions, no unit
    ("Speedup (x)", None),         # a ratio column is not a unit column
    ("Share (%)", None),
    ("显卡", None),                # ends in 卡, a one-character classifier: not a count noun
    ("XCUs", None),
    # the unit as the header's last words; a trailing "/chip" or "per GPU" says whose figure
    ("FP32 TFLOPS", ("TFLOPS", "")),
    ("FP8/FP16/BF16/TF32 TFLOPS", ("TFLOPS", "")),
    ("Power, W", ("W", "")),
    ("Instance Memory Bandwidth (GiB/sec)", ("GiB/s", "")),
    ("NeuronLink-v2 chip-to-chip (GiB/sec/chip)", ("GiB/s", "")),
    ("HBM (TB/s per GPU)", ("TB/s", "")),
    ("Instance size", None),
    ("Release year", None),
    ("Price in US dollars", None),
    ("vCPUs", ("", "other")),
    ("INT/FP4 T(FL)OPS", ("TFLOPS", "")),      # FLOPS or OPS: one scale
    ("TeraFLOPS (FP8)", ("TFLOPS", "")),       # the unit before a bracketed precision
    ("FP4 PFLOPs (Dense)", ("PFLOPS", "")),    # the last word before a bracketed density
    ("Performance per Watt (TOPS/W)", ("TOPS/W", "")),    # a figure per watt, not watts
    ("TOPS/W", ("TOPS/W", "")),
    ("Density (GB/mm2)", ("GB/mm2", "")),
    ("Performance per Watt", None),            # a rate's last word is no unit of the figure
    ("GPU Packages", ("", "chips")),           # a rack's count of GPU packages
    ("80 GB", None),               # a figure in the header row (a new table's first row) is no unit
])
def test_a_header_cell_names_its_columns_unit(words, unit):
    assert header_unit(words) == unit


def test_bare_cells_take_the_header_unit_and_a_shared_unit_cell_gives_two():
    text = "| Model | Cores | FP8/TFLOPS | HBM | TDP(W) | Use |\n|---|---|---|---|---|---|\n" \
           "| Zephyr Z2 | 6912 | 312 | 40/80GB | 400 | 2024 |\n| Breeze B1 | 5,120 | - | 32GB | 300 | x |\n"
    found = [(text[n.start:n.end], n.value, n.unit, n.noun) for n in header_numbers(text, paragraphs(text))]
    assert found == [("6912", 6912, "", "other"), ("312", 312, "TFLOPS", ""), ("40", 40, "GB", ""),
                     ("400", 400, "W", ""), ("5,120", 5120, "", "other"), ("300", 300, "W", "")]


def test_a_row_label_gives_its_row_a_unit_the_header_does_not():
    text = "| Spec | Zephyr Z2 | Breeze B1 |\n|---|---|---|\n| FP16 TFLOPS | 312 | 989 |\n" \
           "| INT8 TOPS | 624 | 1,979 |\n| HBM | 80GB | 141GB |\n| Year | 2024 | 2025 |\n"
    found = [(text[n.start:n.end], n.unit) for n in header_numbers(text, paragraphs(text))]
    assert found == [("312", "TFLOPS"), ("989", "TFLOPS"), ("624", "TOPS"), ("1,979", "TOPS")]


def test_a_footnote_mark_after_a_bare_cell_keeps_it_a_figure():
    text = "| Spec | Zephyr Z2 | Breeze B1 |\n|---|---|---|\n| FP16(TFLOPS) | 320* | 148 |\n"
    found = [(text[n.start:n.end], n.unit) for n in header_numbers(text, paragraphs(text))]
    assert found == [("320", "TFLOPS"), ("148", "TFLOPS")]


def test_a_label_line_gives_its_unit_to_the_value_lines_of_a_table_pasted_one_cell_per_line():
    """`FP4 PFLOPs (Dense)` over one value line per column (a `?` holds an empty cell's place);
    a count label gives its count to a row of two or more, not to one figure under a heading."""
    text = "Zephyr Z2\nBreeze B1\nNova N3\nFP4 PFLOPs (Dense)\n1280\n?\n720\nGPU Packages\n128\n72\n72\n" \
           "Compute Chiplets\n256\nTBD\nBlades\n4\nLater text\n"
    found = [(text[n.start:n.end], n.unit, n.noun) for n in header_numbers(text, paragraphs(text))]
    assert found == [("1280", "PFLOPS", ""), ("720", "PFLOPS", ""), ("128", "", "chips"), ("72", "", "chips"),
                     ("72", "", "chips")]


def test_a_header_without_units_adds_nothing():
    text = "| Model | Year | Score |\n|---|---|---|\n| Zephyr Z2 | 2024 | 312 |\n| Breeze B1 | 2023 | 300 |\n"
    assert header_numbers(text, paragraphs(text)) == []


def test_a_spec_table_with_units_in_its_header_drafts_every_cell(base):
    text = ("| Model | Cores | FP8/TFLOPS | HBM | TDP(W) |\n|---|---|---|---|---|\n"
            "| Zephyr Z2 | 6912 | 4000 | 96/192GB | 1000 |\n| Breeze B1 | 5120 | 900 | 32GB | 300 |\n")
    claims = draft_document(text, SourceInfo("t", "t", "en"), base)["claims"]
    assert [c["claimed"] for c in claims] == ["6912", "4000 TFLOPS", "96 GB", "192 GB", "1000 W",
                                              "5120", "900 TFLOPS", "32 GB", "300 W"]
    assert [c.get("subject") for c in claims if c["claimed"].endswith("TFLOPS")] == ["zephyr", "breeze"]


def test_a_cell_of_a_figure_and_its_format_or_its_scale_word():
    """`1600 MXINT8` keeps its column's unit; `54,200 million` under a count noun is 54.2e9; a
    unit word after the figure (`5120 bit`) is no format, and a header figure gives no unit."""
    text = ("| Spec | Zephyr Z2 | Breeze B1 |\n|---|---|---|\n| INT8 TOPS | 1600 MXINT8 | 800 |\n"
            "| Transistors | 54,200 million | 28,300 million |\n| Bus | 80 GB | 24 GB |\n|---|---|---|\n"
            "| Bus width | 5120 bit | 384 bit |\n")
    found = [(text[n.start:n.end], n.value, n.unit, n.noun)
             for n in header_numbers(text, paragraphs(text))]
    assert found == [("1600", 1600, "TOPS", ""), ("800", 800, "TOPS", ""),
                     ("54,200 million", 54.2e9, "", "transistors"),
                     ("28,300 million", 28.3e9, "", "transistors")]


def test_a_spec_list_one_field_per_line_gives_the_label_lines_unit():
    """`FP8 TFLOPS` over `1835`: the bare figure takes the label's unit; a label with a figure
    of its own (`Cluster count 64`) or a long line gives none."""
    text = ("Zephyr Z2\n算力\nFP8 TFLOPS\n1835\nBF16 TFLOPS\n900\nINT8 TOPS\n1835\nCluster count\n64\n"
            "The chip was announced in 2024 with a great deal of TFLOPS\n2024\n")
    found = [(text[n.start:n.end], n.unit) for n in header_numbers(text, paragraphs(text))]
    assert found == [("1835", "TFLOPS"), ("900", "TFLOPS"), ("1835", "TOPS")]


def test_a_row_pasted_with_single_spaces_takes_its_labels_unit():
    """`FP16 TFLOPS 1979 312 624`: a label that names a unit, then bare figures apart by single
    spaces; a sentence ending in figures, a tab-separated row and a label with a figure give none."""
    text = ("参数 Zephyr Z2 Breeze B1\nFP16 TFLOPS 1979 312 624\nCUDA核心 18432 10752\n"
            "The chip has 4 stacks 2 3\nHDR200 Ports\t8\t192\nYear 2024 2025\n")
    found = [(text[n.start:n.end], n.unit, n.noun) for n in header_numbers(text, paragraphs(text))]
    assert found == [("1979", "TFLOPS", ""), ("312", "TFLOPS", ""), ("624", "TFLOPS", ""),
                     ("18432", "", "other"), ("10752", "", "other")]
