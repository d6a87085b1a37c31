r"""Known answers for the rules from held-out rounds 300 and 301 (issue 19), on fictional specs:

- a two-column table pasted one cell a line with no rule row (`Sockets per node |` over `2 |`) is
  read in pairs of label and value when every label is words and most values are figures; a wider
  table read so would put a figure in a label's place, and is left alone (cell_lines.py), as is a
  system's spec list (`GPUs |` over `8x H100 |`), whose later figures are the system's;
- a header row whose empty corner came out last (`GPU4 nodes | GPU8 nodes | |`) over a rule and
  rows bordered on the right only gets its corner back first, so the rows are no merged cells;
- a line of bare borders under a rule (`||||||`) is that many empty cells of the row it ends;
- `Sockets per node`, `Hardware threads per core` count their things in each container, as
  `Cores per node` does;
- `8-way NVIDIA H100 GPU nodes`: so many chips in each node, a count of the named chip;
- `three node types` counts kinds, no hardware;
- a table column naming no entity (`High Memory Nodes`) beside one that names a system holds
  none of that system's figures: its `8` is asked, not the system's 8 chips."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_box, example_chips, subject_todos

from claimaudit.draft.cell_lines import cell_lines


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    chips = example_chips({"kite1": [("hbm_capacity", "80 GB")]}, aliases={"kite1": ["KT100"]})
    return catalogue_of(tmp_path_factory, chips + example_box("kite1", 8))


@pytest.mark.parametrize("text, rows", [
    ("Specification |\nValue |\nSockets per node |\n2 |\nCores per node |\n96 |\nRAM (GB) |\n512 |\nend",
     "| Specification | Value |\n| Sockets per node | 2 |\n| Cores per node | 96 |\n| RAM (GB) | 512 |\nend"),
    ("Model |\nDell R760 |\nNumber of nodes |\n3 |\nClock rate (GHz) |\n~ 2.10 |",
     "| Model | Dell R760 |\n| Number of nodes | 3 |\n| Clock rate (GHz) | ~ 2.10 |"),
    ("GPU4 nodes | GPU8 nodes | |\n---|---|---|\nNo. of nodes | 12 | 3 |\nCores per node | 76 | 128 |",
     "| | GPU4 nodes | GPU8 nodes |\n|---|---|---|\n| No. of nodes | 12 | 3 |\n"
     "| Cores per node | 76 | 128 |"),
    ("Type |\nA nodes |\nB nodes |\nC nodes |\n---|---|---|---|\nChip |\n- |\n||\nNodes |\n308 |\n16 |\n8 |",
     "| Type | A nodes | B nodes | C nodes |\n|---|---|---|---|\n| Chip | - |  |  |\n"
     "| Nodes | 308 | 16 | 8 |")])
def test_tables_pasted_a_cell_a_line_become_rows(text, rows):
    assert cell_lines(text) == rows


@pytest.mark.parametrize("text", [
    "Spec |\nKT100 |\nKT200 |\nMemory |\n80 GB |\n96 GB |",       # three columns: a figure would be a label
    "Sockets |\n2 |\nCores |\n96 |",                               # two pairs: no table told from a list
    "Name |\nalpha |\nRole |\nbeta |\nOwner |\ngamma |",            # no figures
    "Type |\nA nodes |\n---|---|---|\nNodes |\n308 |",            # cells short of a whole row
    # one system's spec list: its later figures are the system's, not the chip's (the review)
    "GPUs |\n8x KT100 |\nGPU memory |\n640 GB |\nSystem power |\n10.2 kW |"])
def test_other_runs_of_cell_lines_stay_as_they_are(text):
    assert cell_lines(text) == text


@pytest.mark.parametrize("label", ["Sockets per node", "Hardware threads per core", "CPU Threads per node"])
def test_things_per_container_are_counts(label, kites):
    text = f"| Spec | Value |\n| Model | Example R1 |\n| {label} | 2 |\n| Cores | 16 |"
    claims = drafted_claims(text, kites)
    assert [c["claimed"] for c in claims if label in c["quote"]] == ["2"]


def test_the_header_with_its_corner_last_keeps_its_rows(kites):
    text = "Node hardware\nGPU4 nodes | GPU8 nodes | |\n---|---|---|\nNo. of nodes | 12 | 3 |\n" \
           "CPUs | Xeon | EPYC |\nCPU Cores per node | 76 | 128 |"
    assert [c["claimed"] for c in drafted_claims(text, kites)] == ["12", "3", "76", "128"]


@pytest.mark.parametrize("text", ["3 Dual-socket 8-way Example KT100 GPU compute nodes",
                                  "The cluster has 8-way KT100 GPUs."])
def test_an_n_way_node_counts_its_chips(text, kites):
    claim = claim_of(drafted_claims(text, kites), "8")
    assert (claim.get("subject"), claim.get("metric"), claim.get("todo")) == ("kite1_box", "chips", None)


@pytest.mark.parametrize("text", ["The L2 cache of the KT100 GPU is 16-way associative.",
                                  "The KT100 GPU host runs 2-way SMT."])
def test_other_ways_count_nothing(text, kites):
    assert not [c for c in drafted_claims(text, kites) if c.get("metric") == "chips"]


def test_node_types_are_no_count(kites):
    claims = drafted_claims("The KT100 cluster is made up of 8 nodes of three node types:", kites)
    assert [c["claimed"] for c in claims] == ["8"]


def test_a_column_naming_no_entity_holds_none_of_a_named_ones_figures(kites):
    text = "| Node Type | Base Nodes | High Memory Nodes | Kite Box1 Nodes | Total |\n" \
           "|---|---|---|---|---|\n| Nodes | 308 | 8 | 10 | 326 |"
    claim = claim_of(drafted_claims(text, kites), "8")
    assert claim.get("subject") is None and claim.get("metric") is None, claim
    assert any("'High Memory Nodes' is not one entity" in t for t in subject_todos(claim)), claim
