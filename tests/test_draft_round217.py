"""Known answers for rules from held-out round 216 on (issue 19), on fictional specs:
- a link's word (PCIe, C2C, die-to-die) near an amount of bytes names what the card plugs into,
  not what the amount measures: the memory is read (or asked among the memories); near a power it
  still stops the metric (a PCIe card's power is another SKU's figure);
- a byte amount whose memory the words leave unnamed is decided when it is exactly the subject's
  published (or its chips' summed) HBM and no other memory of it; any other amount stays asked."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_chips

SPECS = example_chips({"kite1": [("hbm_capacity", "96 GB"), ("power", "700 W")],
                       "kite2": [("power", "300 W")]}) + """  - id: kite_box
    name: Example Kite Box (8 x Kite K1)
    vendor: Example
    kind: system
    aliases: [Kite Box]
    members: {kite1: 8}
    facts:
      - {metric: fast_memory_capacity, value: "2 TB", source: ex-sheet, quote: "2 TB"}
"""
WHICH_MEMORY = ("metric: the text does not say which memory; hbm_capacity written: confirm or change to "
                "one of fast_memory_capacity, lpddr_capacity, sram_capacity")


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


def metric_todos(claim: dict) -> list[str]:
    return [todo for todo in claim.get("todo", []) if todo.startswith("metric:")]


def test_a_link_word_does_not_hide_a_cards_memory(specs):
    claim = claim_of(drafted_claims("The Kite K1 connects over PCIe with 96GB.\n", specs), "96 GB")
    assert (claim["subject"], claim["metric"], claim.get("todo")) == ("kite1", "hbm_capacity", None)
    # a card that publishes no memory: asked among the memories, not "no metric measures PCIe"
    text = "GPU nodes:\n\n- 3 x Example Kite K2 48GB GPUs (PCIe)\n"
    assert metric_todos(claim_of(drafted_claims(text, specs), "48 GB")) == [WHICH_MEMORY]


def test_a_pcie_cards_power_is_still_asked(specs):
    claims = drafted_claims("The Kite K1 SXM draws 700W, the PCIe card about 350W.\n", specs)
    assert claim_of(claims, "700 W")["metric"] == "power"
    card = claim_of(claims, "350 W")
    assert card.get("metric") is None
    assert metric_todos(card) == ["metric: the text does not say a metric for 'PCIe' (none of the "
                                  "specs' metrics measures it); choose one of power"]


@pytest.mark.parametrize(("text", "claimed", "metric", "todos"), [
    ("The Kite Box carries 768 GB.\n", "768 GB", "hbm_capacity", []),     # 8 x 96 GB: its HBM
    ("Kite Box (768GB) ships now.\n", "768 GB", "hbm_capacity", []),
    ("The Kite Box carries 2 TB.\n", "2 TB", "fast_memory_capacity", []),   # its published fast memory
    ("The Kite Box carries 700 GB.\n", "700 GB", "hbm_capacity", [WHICH_MEMORY]),   # no figure of it
])
def test_an_unnamed_memory_is_the_one_published_figure_it_equals(specs, text, claimed, metric, todos):
    claim = claim_of(drafted_claims(text, specs), claimed)
    assert (claim["subject"], claim["metric"], metric_todos(claim)) == ("kite_box", metric, todos)
