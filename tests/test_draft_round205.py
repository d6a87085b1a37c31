"""Known answers for rules from held-out round 205 (issue 19), on fictional specs:
- an HTML table laid out one tag a line, with cells spanning rows or columns, is read as rows
  of one line each, every row as wide as the table; a spanned cell's words are carried, its
  figure is not (each figure drafted once, where it is written);
- a bare G after a number, with a network adapter's name before it (`AWS EFAv4 400G x8`,
  `Broadcom Thor-2 400G`), is a link speed in bits per second."""

import textwrap

import pytest
from draft_catalogues import catalogue_of, drafted_claims

from claimaudit.draft.html_tables import one_line_rows
from claimaudit.draft.shorthand import network_prefix
from claimaudit.draft.text import plain_text

SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - id: kite1
        name: Example Kite K1
        vendor: Example
        kind: chip
        aliases: [Kite K1]
        facts:
          - {metric: hbm_capacity, value: 96 GB, source: ex-sheet, quote: "96 GB"}
          - {metric: power, value: 700 W, source: ex-sheet, quote: "700 W"}
    """)


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
