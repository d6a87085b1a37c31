"""Known answers for rules from held-out round 223 on (issue 19), on fictional specs:
- a ratio's open baseline is settled by the one pair of named ids whose published figures give
  it; a figure the specs hold twice, or in GiB with the GB an article writes for it, is one
  figure there, while two different published values of one id still keep it out;
- a comparison word before a list of names ("相比上一代 A 和 B") compares with one of them: the
  baseline is asked among the list, not taken as the list's first name;
- a table's product row (`| GPU Type | 1x H100 PCIe5 |`) under a header of
  instances that names the product only names its column's variant in the other rows, and its
  own counts stay claims (round 224); a table cell's figure that is not its row's product's but a
  variant's the text names (prose on "Kite K7 NVL" over `| VM-Kite K7-1 | 94 |`, headed in GiB: the
  vendor's 94 GB) is asked between the two; a memory size glued to a generic card noun in a sizing
  rule ("needs 2 × 80GB GPUs", round 225) is any card of that size: the topic it was given is asked;
- a table of bare cells takes its columns' unit from the paragraph right below it when that paragraph
  names those columns ("The FP16 through FP8 columns are ... in TFLOPS", round 227);
- a one-way bandwidth of a system that is its chip's (both-ways figure halved, as the contract
  defines the metric) is asked between the two (round 228); the halved figure moves no subject."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_chips

SPECS = example_chips({
    "kite1": [("hbm_capacity", "32 GiB")],
    "kite2": [("hbm_capacity", "16 GB")],
    "kite3": [("hbm_capacity", "80 GB")],
    "kite4": [("hbm_capacity", "32 GB"), ("hbm_capacity", "36 GB")],
    "kite5": [("hbm_capacity", "141 GB")],
    "kite6": [("hbm_capacity", "80 GB")],
}) + """  - id: kite1_pcie
    name: Example Kite K1 PCIe
    vendor: Example
    kind: chip
    aliases: [Kite K1 PCIe]
    facts:
      - {metric: hbm_bandwidth, value: "2 TB/s", source: ex-sheet, quote: "2 TB/s"}
  - id: kite8
    name: Example Kite K8
    vendor: Example
    kind: chip
    aliases: [Kite K8]
    facts:
      - {metric: scaleup_bandwidth, value: "1.8 TB/s", source: ex-sheet, quote: "1.8 TB/s"}
  - id: kite8_rack
    name: Example Kite K8 Rack72
    vendor: Example
    kind: system
    aliases: [Kite Rack72]
    members: {kite8: 72}
    facts:
      - {metric: scaleup_bandwidth, value: "130 TB/s", source: ex-sheet, quote: "130 TB/s"}
  - id: kite7
    name: Example Kite K7
    vendor: Example
    kind: chip
    aliases: [Kite K7]
    facts:
      - {metric: hbm_capacity, value: "80 GB", source: ex-sheet, quote: "80 GB"}
  - id: kite7_nvl
    name: Example Kite K7 NVL
    vendor: Example
    kind: chip
    aliases: [Kite K7 NVL]
    facts:
      - {metric: hbm_capacity, value: "94 GB", source: ex-sheet, quote: "94 GB"}
"""


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


def _baselines(claim: dict) -> list:
    return [claim.get("baseline")] if "interpretations" not in claim else sorted(
        {i["baseline"] for i in claim["interpretations"]})


def test_a_figure_held_in_gib_and_gb_is_one_figure_to_settle_a_baseline(specs):
    text = ("A run took 3 hours on a Kite K3.\n\nSupported chips are Kite K2 and Kite K1. The price is "
            "the same, while Kite K1 packs 2x more HBM.\n")
    claim = next(c for c in drafted_claims(text, specs) if "2x more HBM" in c["quote"])
    assert claim.get("kind") != "qualitative" and _baselines(claim) == ["kite2"], claim
    assert not [t for t in claim.get("todo", []) if t.startswith("baseline:")]


def test_two_different_published_values_still_keep_an_id_out(specs):
    text = ("A run took 3 hours on a Kite K3.\n\nSupported chips are Kite K2 and Kite K4. The price is "
            "the same, while Kite K4 packs 2x more HBM.\n")
    claim = next(c for c in drafted_claims(text, specs) if "2x more HBM" in c["quote"])
    assert claim.get("kind") == "qualitative"
    assert [t for t in claim["todo"] if t.startswith("baseline:")], claim


def test_a_comparison_with_two_listed_names_asks_which(specs):
    text = ("而相比上一代Kite K3和Kite K6,Kite K5主要变化在于内存,存储器总容量从Kite K6的80GB提高至141GB,"
            "容量提高1.8倍。\n")
    claim = claim_of(drafted_claims(text, specs, "zh-hans"), "1.8x")
    assert claim.get("baseline") is None and "interpretations" not in claim
    assert "baseline: the sentence compares with kite3 and kite6 together; pick one" in claim["todo"]


def test_a_listed_name_the_comparison_does_not_follow_is_no_question(specs):
    text = "以 Kite K6 和 Kite K5 為例,Kite K5 要比 Kite K6 在容量上提升了 76%。\n"
    claim = claim_of(drafted_claims(text, specs, "zh-hant"), "+76%")
    assert (claim.get("subject"), claim.get("baseline"), claim.get("metric")) == ("kite5", "kite6",
                                                                                  "hbm_capacity")


INSTANCES = """| | **Kite K1 (1 GPU)** | **Kite K1 (2 GPUs)** |
|---|---|---|
| GPU Type | 1x Kite K1 PCIe5 | 2x Kite K1 PCIe5 |
| VRAM | 80 GB (Memory bandwidth: 2TB/s) | 2x 80 GB (Memory bandwidth: 2TB/s) |
"""


def test_a_product_row_names_its_columns_variant(specs):
    claims = drafted_claims(INSTANCES, specs)
    assert {c.get("subject") for c in claims if c.get("claimed") in ("80 GB", "2 TB/s")} == {"kite1_pcie"}
    assert [c["claimed"] for c in claims if c["quote"].startswith("| GPU Type")] == ["1x", "2x"]


def test_a_product_row_without_a_form_factor_leaves_the_header_its_columns(specs):
    text = INSTANCES.replace(" PCIe5", "")
    claims = drafted_claims(text, specs)
    assert {c.get("subject") for c in claims if c.get("claimed") in ("80 GB", "2 TB/s")} == {"kite1"}


def test_a_cells_figure_of_a_variant_the_text_names_is_asked(specs):
    text = ("The VMs are powered by Kite K7 NVL GPUs.\n\n| Size | GPUs | GPU Memory GiB |\n|---|---|---|\n"
            "| VM-Kite K7-1 | 1 | 94 |\n| VM-Kite K7-2 | 2 | 188 |\n")
    claim = claim_of(drafted_claims(text, specs), "94 GiB")
    assert "subject: 94 GiB is not kite7's published figure; kite7_nvl (a variant the text names) " \
           "publishes it; pick one" in claim["todo"], claim
    # its own figure is no question
    own = text.replace("| 94 |", "| 80 |")
    assert "todo" not in claim_of(drafted_claims(own, specs), "80 GiB")


SIZING_TEXT = ("The Kite K3 serves models.\n\n"
               "- **Llama 3 70B (FP16)** requires ~140GB → needs 2 × 80GB GPUs.\n\n"
               "Each node has 4x 80GB GPUs per node.\n")


def test_a_size_of_card_in_a_sizing_rule_is_no_product(specs):
    needs, node = [c for c in drafted_claims(SIZING_TEXT, specs) if c.get("claimed") == "80 GB"]
    assert "subject: '80GB GPUs' is a size of card, not one product; kite3 (named earlier) assumed: " \
           "confirm or change" in needs["todo"], needs
    # the machine described, not a rule: the topic's own figure stands
    assert (node.get("subject"), node.get("todo")) == ("kite3", None), node


MEASURED = """| GPU | FP16 | BF16 | FP8 | Runs |
|-----|-----:|-----:|----:|-----:|
| Kite K1 | 690 | 710 | 1,339 | 3 |
| Kite K2 | 668 | 696 | 1,353 | 3 |

Each value is the mean of three runs. The FP16 through FP8 columns are achieved
matrix multiply throughput in TFLOPS.
"""


def test_a_paragraph_below_a_table_gives_the_columns_it_names_their_unit(specs):
    claimed = [c["claimed"] for c in drafted_claims(MEASURED, specs)]
    assert claimed == ["690 TFLOPS", "710 TFLOPS", "1,339 TFLOPS", "668 TFLOPS", "696 TFLOPS", "1,353 TFLOPS"]
    # a paragraph that names no column gives no unit
    assert drafted_claims(MEASURED.replace("The FP16 through FP8 columns are", "All are"), specs) == []


def test_a_systems_one_way_bandwidth_that_is_its_chips_is_asked(specs):
    text = "The uni-directional NVLink Bandwidth of Kite Rack72 is 900GB/s.\n"
    claim = claim_of(drafted_claims(text, specs), "900 GB/s")
    assert claim["metric"] == "scaleup_bandwidth_per_direction"
    assert "subject: 900 GB/s is far from kite8_rack's published figure and near kite8's; pick one" \
        in claim["todo"], claim
    # the rack's own one-way figure (half its 130 TB/s) is no question
    own = claim_of(drafted_claims(text.replace("900GB/s", "65 TB/s"), specs), "65 TB/s")
    assert (own.get("subject"), own.get("todo")) == ("kite8_rack", None), own
