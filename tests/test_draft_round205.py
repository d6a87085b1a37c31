"""Known answers for rules from held-out rounds 205-209 (issue 19), on fictional specs:
- an HTML table laid out one tag a line, with cells spanning rows or columns, is read as rows
  of one line each, every row as wide as the table; a spanned cell's words are carried, its
  figure is not (each figure drafted once, where it is written);
- a bare G after a number, with a network adapter's name before it (`AWS EFAv4 400G x8`,
  `Broadcom Thor-2 400G`), is a link speed in bits per second;
- a multiplier glued to a model number (`8xA100`) counts that name's chips (round 206);
- a figure's or table's label and an identifier after "#" are no figures, and a header naming a
  unit and then a format (`Max TFLOPS bf16`) gives the unit to its column (rounds 206-207);
- an NVLink's "network bandwidth" is a scale-up link's, VMEM is SRAM, and a shape of digits that
  lays out chips (`a 4x8 mesh`) counts them (rounds 207-208);
- reST grid and simple tables are tables, ``288`` reads as 288, and a title's underline of tildes
  is no code fence (round 209)."""

import textwrap

import pytest
from draft_catalogues import catalogue_of, drafted_claims, example_chips

from claimaudit.draft import markup
from claimaudit.draft.html_tables import one_line_rows
from claimaudit.draft.numbers import find_numbers
from claimaudit.draft.shorthand import network_prefix
from claimaudit.draft.text import plain_text

SPECS = example_chips({"kite1": [("hbm_capacity", "96 GB"), ("power", "700 W")]})


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


NODES = """<table>
    <tr>
        <td>Architecture</td>
        <td>Cores</td>
        <td colspan="2">Memory</td>
        <td>Nodes</td>
    </tr>
    <tr>
        <td rowspan="2">2 x Example CPU<br>└ 8 x Chiplets</td>
        <td rowspan="2">128</td>
        <td>512GB</td>
        <td><em>(4GB / Core)</em></td>
        <td>55</td>
    </tr>
    <tr>
        <td>1024GB</td>
        <td><em>(8GB / Core)</em></td>
        <td>8</td>
    </tr>
</table>
"""


def test_an_html_table_one_tag_a_line_is_rows_of_one_line():
    assert plain_text(NODES, []).splitlines() == [
        "| Architecture | Cores | Memory | Memory | Nodes |",
        "| 2 x Example CPU └ 8 x Chiplets | 128 | 512GB | (4GB / Core) | 55 |",
        "|  |  | 1024GB | (8GB / Core) | 8 |"]


def test_a_spanned_cells_words_are_carried_and_its_figure_is_not():
    table = ("<table><tr><th>Card</th><th>Memory</th></tr>"
             "<tr><td rowspan='2'>Kite K1</td><td rowspan=2>96 GB</td></tr><tr></tr>"
             "<tr><td colspan='2'>Kite K1 SXM</td></tr>"
             "<tr><td colspan=\"2\">96 GB</td></tr></table>")
    assert [line for line in one_line_rows(table).splitlines() if line] == [
        "| Card | Memory |", "| Kite K1 | 96 GB |", "| Kite K1 |  |", "| Kite K1 SXM | Kite K1 SXM |",
        "| 96 GB |  |"]


def test_unclosed_rows_and_cells_end_at_the_next_one():
    table = "<table><tr><td>Kite K1<td>96 GB<tr><td>Kite K2<td>80 GB</table>after"
    assert one_line_rows(table) == "\n| Kite K1 | 96 GB |\n| Kite K2 | 80 GB |\nafter"


def test_a_table_never_closed_runs_to_the_end_and_a_huge_span_is_capped():
    table = "before <table><tr><td colspan='999'>Kite K1</td><td>96 GB</td>"
    rows = one_line_rows(table)
    assert rows.startswith("before \n") and rows.count("Kite K1") == 16 and rows.endswith("| 96 GB |\n")


def test_the_cells_of_a_table_one_tag_a_line_are_drafted(specs):
    text = ("<p>The Example cluster's nodes.</p>\n" + NODES.replace("Architecture", "Kite K1 nodes"))
    claimed = [c["claimed"] for c in drafted_claims(text, specs)]
    assert claimed.count("512 GB") == 1 and claimed.count("1024 GB") == 1


@pytest.mark.parametrize("line", ["| AWS EFAv4 400G x8 |", "Broadcom Thor-2 400G x8 NICs",
                                  "a RoCE fabric of 400G per GPU"])
def test_a_bare_g_after_a_network_adapters_name_is_a_link_speed(line):
    start = line.index("400")
    assert network_prefix(line, start, start + 3, 400.0) == ("Gbps", start + 4)


def test_a_bare_g_with_no_network_word_near_is_no_link_speed():
    line = "| Example K1 | 400G x8 |"
    assert network_prefix(line, line.index("400"), line.index("400") + 3, 400.0) is None


# Round 206: a multiplier glued to a model number ("8xA100 or 8xH100", "16xH100 GPUs") counts
# the chips of the one name right after it; a comparison ("is 2xKX100") and a shape ("16xRx16")
# count nothing
MULTIPLIED = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - {id: kx100, name: Example KX100, vendor: Example, kind: chip, aliases: [KX100],
         facts: [{metric: hbm_capacity, value: 80 GB, source: ex-sheet, quote: "80 GB"}]}
      - {id: kz200, name: Example KZ200, vendor: Example, kind: chip, aliases: [KZ200],
         facts: [{metric: hbm_capacity, value: 141 GB, source: ex-sheet, quote: "141 GB"}]}
      - {id: kx_box, name: Example KX Box, vendor: Example, kind: system, members: {kx100: 8},
         facts: [{metric: chips, value: 8, source: ex-sheet, quote: "8"}]}
      - {id: kz_box, name: Example KZ Box, vendor: Example, kind: system, members: {kz200: 8},
         facts: [{metric: chips, value: 8, source: ex-sheet, quote: "8"}]}
    """)


@pytest.fixture(scope="module")
def multiplied(tmp_path_factory):
    return catalogue_of(tmp_path_factory, MULTIPLIED)


def test_a_multiplier_glued_to_a_name_counts_that_names_chips(multiplied):
    claims = drafted_claims("The engine runs the model natively on 8xKX100 or 8xKZ200.", multiplied)
    assert [(c["claimed"], c.get("subject"), c.get("metric")) for c in claims] == [
        ("8", "kx_box", "chips"), ("8", "kz_box", "chips")]
    assert not [t for c in claims for t in c.get("todo", []) if t.startswith("subject:")]


def test_the_name_after_a_glued_multiplier_owns_its_figures(multiplied):
    claims = drafted_claims("A single 8xKZ200 machine, where each GPU has 141 GB of memory.", multiplied)
    assert [(c["claimed"], c.get("subject")) for c in claims] == [("8", "kz_box"), ("141 GB", "kz200")]


@pytest.mark.parametrize("text", ["The KZ200 is 2xKX100 in speed.",
                                  "Its tensor unit is built as 16xRx16 tiles.",
                                  "The register reads 0xKX100 at boot."])
def test_a_glued_multiplier_that_compares_or_shapes_counts_nothing(multiplied, text):
    assert not [c for c in drafted_claims(text, multiplied) if c.get("metric") == "chips"]


# Rounds 206-207: a figure's or table's label (`如图 1 所示`, `白皮书表3-1`) and an identifier after
# "#" (`PR #47285`) are no figures; a header naming a unit, then a format (`Max TFLOPS bf16`),
# gives its unit to its column's bare cells
@pytest.mark.parametrize("text, label", [("如图 1 所示，Kite K1 的显存为 96 GB。", "1"),
                                         ("图 2.Kite K1 的 8 颗芯片视图，显存 96 GB。", "2"),
                                         ("INT8 在白皮书表3-1 单列，Kite K1 的显存为 96 GB。", "3"),
                                         ("PR #47285 adds a kernel; the Kite K1 has 96 GB.", "47285")])
def test_a_label_or_an_identifier_is_no_figure(specs, text, label):
    claimed = [c["claimed"] for c in drafted_claims(text, specs, "zh-hans" if "的" in text else "en")]
    assert "96 GB" in claimed and label not in claimed


@pytest.mark.parametrize("header", ["Max TFLOPS bf16", "Peak TFLOPS FP8", "TFLOPS fp16"])
def test_a_unit_then_its_format_in_a_header_gives_the_unit(multiplied, header):
    text = f"| Accelerator | {header} |\n|---|---|\n| KX100 | 989 |\n| KZ200 | 1979 |\n"
    assert {c["claimed"] for c in drafted_claims(text, multiplied)} >= {"989 TFLOPS", "1979 TFLOPS"}


# Round 208: an NVLink's "network bandwidth" (`Nvlink最大总网络带宽`) is the chips' link, not a
# scale-out network's; a TPU core's VMEM is on-chip SRAM
def test_an_nvlinks_network_bandwidth_is_the_chips_link(multiplied):
    claims = drafted_claims("KX100的Nvlink最大总网络带宽为600GB/s。", multiplied, "zh-hans")
    assert [(c["claimed"], c.get("metric")) for c in claims] == [("600 GB/s", "scaleup_bandwidth")]


def test_an_nvlink_joined_with_another_network_decides_neither(multiplied):
    claims = drafted_claims("KX100 支持 NVLink与以太网络，带宽 400GB/s。", multiplied, "zh-hans")
    assert [c.get("metric") for c in claims] == [None]


def test_vmem_is_on_chip_sram(multiplied):
    claims = drafted_claims("The `128 MiB` VMEM on the KX100 acts as a buffer between the vector registers "
                            "and HBM.", multiplied)
    assert [c.get("metric") for c in claims] == ["sram_capacity"]


# Rounds 207-208: a shape of digits that lays out chips or cores counts them (`a 4x8 mesh`: 32);
# one of a matrix or array, of amounts, or with no layout word near counts nothing
@pytest.mark.parametrize("text, value, noun", [
    ("The Galaxy system holds its accelerators arranged in a 4x8 mesh.", 32, "chips"),
    ("Open a 2x4 mesh of devices first.", 8, "chips"),
    ("The slice uses a 4x4x8 topology.", 128, "chips"),
    ("The chip has an 8x10 Tensix grid.", 80, "other")])
def test_a_shape_that_lays_out_chips_counts_them(text, value, noun):
    counted = [(n.value, n.noun) for n in find_numbers(text)]
    assert counted == [(value, noun)]


@pytest.mark.parametrize("text", ["Each MXU is a 128x128 systolic array.", "A 1024x1024 image of the die.",
                                  "Power is 8 × 700 W of GPUs.", "The node has 2 x 100 Gbps 网卡.",
                                  "Each rack hosts 4 x 8-GPU servers.", "A 4x8 layout, simply."])
def test_a_shape_of_an_array_amounts_or_nothing_counts_nothing(text):
    assert not [n for n in find_numbers(text) if n.noun]


# Round 209: reST's grid and simple tables are tables (a cell run over two lines is one cell), a
# figure set as ``literal`` reads as itself, and a title's underline of tildes is no code fence
GRID = """.. table:: Node specs

   +------------------+--------------+
   | Specification    | Value        |
   +==================+==============+
   | Number of nodes  | 100          |
   +------------------+--------------+
   | GPU Memory (GB)  | 96 with ECC  |
   |                  | enabled      |
   +------------------+--------------+
"""
SIMPLE = """   ================= =====
   Specification     Value
   ================= =====
   Number of nodes   132
   RAM (GB)          256
                     total
   ================= =====
"""


def test_a_rest_grid_table_is_rows_of_cells():
    assert [line for line in markup.as_shown(GRID).splitlines() if line.startswith("|")] == [
        "| Specification | Value |", "|---|---|", "| Number of nodes | 100 |",
        "| GPU Memory (GB) | 96 with ECC enabled |"]


def test_a_rest_simple_table_is_rows_of_cells():
    assert markup.as_shown(SIMPLE).splitlines() == [
        "| Specification | Value |", "|---|---|", "| Number of nodes | 132 |", "| RAM (GB) | 256 total |"]


def test_a_simple_table_with_no_header_is_all_body():
    table = "   ====== ===\n   Kite   96\n   Hawk   80\n   ====== ===\n"
    assert markup.as_shown(table).splitlines() == ["| Kite | 96 |", "| Hawk | 80 |"]


def test_a_rest_literal_figure_reads_as_itself():
    shown = markup.as_shown("VRAM ``288`` GB, and ``gpu-b300-288g`` stays")
    assert shown == "VRAM 288 GB, and ``gpu-b300-288g`` stays"


def test_a_titles_underline_of_tildes_is_no_fence():
    text = ("Node Specifications\n~~~~~~~~~~~~~~~~~~~\n\n" + SIMPLE + "\nOther nodes\n~~~~~~~~~~~\n\nMore.\n")
    assert "| Number of nodes | 132 |" in markup.as_shown(text)


def test_a_fence_of_tildes_after_a_blank_line_is_still_code():
    text = "Run it:\n\n~~~\n$ nvidia-smi\n| 0  Kite K1  71W / 700W |\n~~~\n\nDone.\n"
    assert "71W" not in markup.as_shown(text)


def test_an_nvidia_smi_box_is_no_rest_table():
    box = ("+-----------------------------+\n| GPU  Name        Persistence |\n"
           "|=============================|\n|   0  Kite K1     On          |\n"
           "+-----------------------------+\n")
    assert markup.as_shown(box) == box


# Round 210: "32 EFA devices" counts adapters, no EF(LOPS); a multiplier written with "*" before a
# model number (`8*H20`) counts its chips as "x" does
def test_efa_after_a_number_is_no_exaflops(multiplied):
    assert not [c for c in drafted_claims("The KX100 cluster has 32 EFA devices available.", multiplied)
                if c["claimed"].endswith("EFLOPS")]


def test_a_multiplier_written_with_a_star_counts_chips(multiplied):
    claims = drafted_claims("The job runs on 8*KX100 in one node.", multiplied)
    assert [(c["claimed"], c.get("subject"), c.get("metric")) for c in claims] == [("8", "kx_box", "chips")]


# Round 211: a CPU's model number is a name, even before a count noun ("2 AMD EPYC 9334 CPUs")
@pytest.mark.parametrize("text, kept", [("- 2 AMD EPYC 9334 CPUs", ["2"]),
                                        ("2 Intel Xeon Gold 8358 CPUs", ["2"]),
                                        ("Platinum 8480 with 64 cores", ["64"])])
def test_a_cpus_model_number_is_no_count(text, kept):
    assert [n.text for n in find_numbers(text)] == kept


# Round 212: a table whose cell holds a list is read line by line (each item its own line); a
# reader's number copied from the page's HTML (`2.75&nbsp;GHz`) is the quote's as shown; a CPU's
# model number before its family (`2*Intel 6338 Xeon CPU`, `至强金牌 6248`) is a name
def test_a_table_whose_cell_holds_a_list_keeps_its_items_apart():
    table = ("<table><tr><td>AI Processor</td><td>Kite K1\n<ul><li>2.6 trillion transistors</li>"
             "<li>40 GB SRAM</li></ul></td></tr></table>")
    lines = plain_text(table, []).splitlines()
    assert "2.6 trillion transistors" in lines and "40 GB SRAM" in lines


def test_an_annotated_number_with_an_html_entity_reads_as_shown():
    from claimaudit.draft.score import as_quoted
    assert as_quoted("2.75&nbsp;GHz") == "2.75\u00a0GHz" and as_quoted("96 GB") == "96 GB"


@pytest.mark.parametrize("text, kept", [("| 2*Intel 6338 Xeon CPU | 256GB |", ["256"]),
                                        ("1316 颗第二代英特尔至强金牌 6248 处理器", ["1316"])])
def test_a_cpus_model_number_around_its_family_is_a_name(text, kept):
    assert [n.text for n in find_numbers(text)] == kept


# Round 213: a column headed "#" counts its row's things, as "Quantity" does
def test_a_column_headed_by_a_number_sign_counts(multiplied):
    text = ("| Name | GPU Model | # | Memory (GB) |\n|---|---|---|---|\n| cn-a | KX100 | 8 | 384 |\n"
            "| cn-b | KZ200 | 4 | 512 |\n")
    claimed = [c["claimed"] for c in drafted_claims(text, multiplied)]
    assert "8" in claimed and "4" in claimed


# Round 214: a header counting things per container with a slash (`GPUs/Node`) counts, as "GPUs
# per node" does
@pytest.mark.parametrize("header, kind", [("GPUs/Node", "chips"), ("CPUs/Node", "other"),
                                          ("GPUs per node", "chips")])
def test_a_count_per_container_with_a_slash_counts(header, kind):
    from claimaudit.draft.header_units import header_unit
    assert header_unit(header) == ("", kind)


def test_a_long_row_of_rules_in_a_grid_is_read_in_one_pass():
    row = "|" + "=" * 8000 + " x|"
    shown = markup.as_shown(f"+---+\n{row}\n+---+\n")
    assert shown.count("=") == 8000


# Round 214: an amount of bits before a network word (`200Gb inter-node fabric`, `a 400 Gb NIC`)
# is a link speed; one of data stays no figure
@pytest.mark.parametrize("text, value", [("HDR-100 InfiniBand (200Gb inter-node fabric)", 200.0),
                                         ("a 400 Gb NIC", 400.0)])
def test_bits_before_a_network_word_are_a_link_speed(text, value):
    assert [(n.value, n.unit) for n in find_numbers(text)] == [(value, "Gbps")]


def test_bits_of_data_are_no_link_speed():
    assert find_numbers("The job stores 100 Gb of data.") == []


# Round 215: a number after a count and the words of a product's name, the name going on after it
# ("152 RTX Pro 6000 Blackwell GPUs"), is the model's number, no second count
def test_a_model_number_after_a_count_and_a_name_is_a_name():
    assert [n.text for n in find_numbers("The cluster adds 152 RTX Pro 6000 Blackwell GPUs.")] == ["152"]


def test_a_figure_after_a_counted_label_whose_name_does_not_go_on_is_still_read():
    values = [n.value for n in find_numbers("FP64 67 TFLOPS Tensor Cores 2 x 528? 456")]
    assert 1056.0 in values        # a shape of cores (shapes.py), not a model's number
