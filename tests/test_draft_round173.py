"""Known answers for rules from held-out rounds 166-171 (issue 19), on fictional specs: a prose
paragraph under a heading that names one product holds that product's figures; a host's DDR on
a GPU and a link rate on a server that publishes none are asked, not given silently."""

import textwrap

import pytest
from draft_catalogues import catalogue_of, drafted_claims

SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - id: zephyr
        name: Example Zephyr Z1
        vendor: Example
        kind: chip
        aliases: [Zephyr Z1, Zephyr]
        facts:
          - {metric: hbm_capacity, value: 96 GB, source: ex-sheet, quote: "96 GB"}
          - {metric: process_node, value: 3 nm, source: ex-sheet, quote: "3 nm"}
          - {metric: transistors, value: "100e9", source: ex-sheet, quote: "100 billion"}
          - {metric: scaleup_bandwidth, value: 900 GB/s, source: ex-sheet, quote: "900 GB/s"}
      - id: aurora
        name: Example Aurora A2
        vendor: Example
        kind: chip
        aliases: [Aurora A2, Aurora]
        facts:
          - {metric: hbm_capacity, value: 192 GB, source: ex-sheet, quote: "192 GB"}
          - {metric: process_node, value: 3 nm, source: ex-sheet, quote: "3 nm"}
          - {metric: transistors, value: "40e9", source: ex-sheet, quote: "40 billion"}
      - id: zephyr_box
        name: Example Zephyr Box (8 x Zephyr Z1)
        vendor: Example
        kind: system
        aliases: [Zephyr Box]
        members: {zephyr: 8}
        facts:
          - {metric: hbm_capacity, value: 768 GB, source: ex-sheet, quote: "768 GB"}
    """)


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


def claim_of(claims, claimed):
    return next(c for c in claims if c.get("claimed") == claimed)


def subject_todos(claim):
    return [t for t in claim.get("todo", []) if t.startswith("subject:")]


HEADED = ("Zephyr and Aurora compared\n\nBoth chips are new.\n\nExample Zephyr Z1\n\n{body}\n\n"
          "Example Aurora A2\n\nIt ships later.\n")


def test_a_prose_paragraph_under_a_heading_holds_its_products_published_figure(specs):
    # "基于6nm工藝" under a heading of the MI250X, while the text's MI250 publishes 6 nm too
    claim = claim_of(drafted_claims(HEADED.format(body="Built on a 3 nm process."), specs), "3 nm")
    assert (claim["subject"], claim["metric"]) == ("zephyr", "process_node")
    assert subject_todos(claim) == []


def test_a_prose_paragraph_under_a_heading_asks_a_figure_not_its_products(specs):
    # "數量是輝達公司先前推出晶片所具有800億個電晶體的兩倍以上" under a B200 caption: the earlier
    # chip's count, unnamed; a list item under the heading would take it whatever the figure
    text = HEADED.format(body="That is twice the 40 billion transistors of the earlier chip.")
    claim = claim_of(drafted_claims(text, specs), "40e9")
    assert claim["subject"] != "zephyr" or subject_todos(claim)


def test_the_same_figure_without_the_heading_stays_asked(specs):
    text = "Zephyr and Aurora compared.\n\nThe Zephyr Z1 is new.\n\nBuilt on a 3 nm process.\n"
    claim = claim_of(drafted_claims(text, specs), "3 nm")
    assert subject_todos(claim)


def test_a_hosts_ddr_on_a_gpu_asks_for_its_system(specs):
    # "8x NVIDIA A100 Tensor Core GPUs and 1TB of DDR4 memory"
    claim = claim_of(drafted_claims("The box holds Zephyr Z1 accelerators and 1 TB of DDR4 memory.", specs),
                     "1 TB")
    assert claim["metric"] == "lpddr_capacity"
    assert any("zephyr_box" in t and "publishes no DDR or LPDDR memory" in t for t in subject_todos(claim))


@pytest.mark.parametrize("clause", [
    "Zephyr Box incorporates NVLink, delivering up to 1.8 TB/s GPU-to-GPU bandwidth.",
    "The Zephyr Box has 1.8 TB/s of NVLink bandwidth.",
])
def test_a_link_rate_on_a_system_that_publishes_none_asks_for_its_chip(specs, clause):
    # "DGX H200 incorporates: NVLink 4.0, delivering up to 1.8 TB/s GPU-to-GPU bandwidth."
    claim = claim_of(drafted_claims(clause, specs), "1.8 TB/s")
    assert claim["metric"] == "scaleup_bandwidth"
    assert any("publishes no chip-to-chip figure" in t and "zephyr" in t for t in subject_todos(claim))


@pytest.mark.parametrize("clause", [
    "The Zephyr Box links its chips at 900 GB/s each, totaling 7.2 TB/s of aggregate NVLink bandwidth.",
    "Zephyr Box的互联总带宽达7.2TB/s。",
])
def test_a_total_link_rate_stays_the_systems(specs, clause):
    # "totaling 7.2 TB/s of aggregate interconnect across the eight devices", "網絡互聯總帶寬達269TB/s"
    claim = claim_of(drafted_claims(clause, specs), "7.2 TB/s")
    assert claim["subject"] == "zephyr_box"
    assert not any("chip-to-chip" in t for t in subject_todos(claim))
