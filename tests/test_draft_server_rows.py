"""A GPU server's row, as cloud providers and HPC centres print them (issue 19, round 149's
tuning): "8 × Kite K5 80GB NVLink 2× 6438Y 1 TB 2× 200 GbE". The chips counted, the network port's
rate read as a network's, and a memory far above the chip's own asked between the chip and its
systems, with the memories it may be named, never written to the chip in silence."""

from __future__ import annotations

import textwrap

import pytest
from draft_catalogues import catalogue_of, drafted_claims

from claimaudit.draft.figure_match import decide_scope

SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - id: kite
        name: Example Kite K5
        vendor: Example
        kind: chip
        aliases: [Kite K5]
        facts:
          - {metric: hbm_capacity, value: 80 GB, source: ex-sheet}
          - {metric: scaleup_bandwidth, value: 600 GB/s, source: ex-sheet}
          - {metric: power, value: 700 W, source: ex-sheet}
      - id: kite_node
        name: Example Kite Node
        vendor: Example
        kind: system
        aliases: [Kite Node]
        members: {kite: 8}
        facts:
          - {metric: hbm_capacity, value: 640 GB, source: ex-sheet}
    """)
ROW = "kite-bm-k5-8x 8 × Kite K5 80GB NVLink 2× 6438Y 4 TB 2× 200 GbE\n"


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


def by_claimed(text: str, catalogue) -> dict:
    return {c["claimed"]: c for c in drafted_claims(text, catalogue)}


def test_the_row_counts_its_chips_for_the_system_that_holds_eight(specs):
    found = by_claimed(ROW, specs)
    assert (found["8"].get("subject"), found["8"].get("metric"), found["8"].get("todo")) == \
        ("kite_node", "chips", None)
    assert "8x" not in found        # the machine type's identifier holds no figure


def test_an_ethernet_ports_rate_is_a_network_figure(specs):
    found = by_claimed(ROW, specs)["200 Gbps"]
    assert found.get("metric") == "scaleout_bandwidth"
    # the chip publishes no network figure: whose port it is stays asked
    assert any(t.startswith("subject:") and "kite_node" in t for t in found.get("todo", [])), found


def test_a_memory_far_above_the_chips_own_is_asked_between_the_chip_and_its_systems(specs):
    found = by_claimed(ROW, specs)["4 TB"]
    todo = found.get("todo", [])
    assert "subject: 4 TB is far above kite's published figure: the text may mean a system of it " \
        "(kite_node); pick one" in todo, todo
    assert "metric: the text does not say which memory; hbm_capacity written: confirm or change to one " \
        "of fast_memory_capacity, lpddr_capacity, sram_capacity" in todo, todo


def test_a_memory_said_per_chip_is_the_chips_however_far(specs):
    found = by_claimed("The Kite K5 carries 4 TB per GPU of HBM.\n", specs)["4 TB"]
    assert not any("far above" in t for t in found.get("todo", [])), found


@pytest.mark.parametrize("header, cells, counted", [
    ("| type | nodes | CPU sockets | GPU devices |", "| Kite Node | 2688 | 10,752 | 21,504 |",
     ["2688", "10,752", "21,504"]),
])
def test_a_tables_count_columns_by_their_plural_headers(specs, header, cells, counted):
    text = f"{header}\n|---|---|---|---|\n{cells}\n"
    assert [c["claimed"] for c in drafted_claims(text, specs)] == counted


@pytest.mark.parametrize("watts, scope", [
    (10_000, "kite_node"),      # near eight chips' 5.6 kW, 14x one chip's: the node's
    (700, "kite"),              # the chip's own
    (100e6, None),              # a data centre's: no scope the specs hold
])
def test_a_power_tells_a_chip_from_its_node_by_size(specs, watts, scope):
    """The node publishes no power; eight chips' worth stands in for its size (roughly: a
    system draws at least its chips' power), only to tell the scopes apart."""
    assert decide_scope(specs, ["kite", "kite_node"], "power", watts) == scope
