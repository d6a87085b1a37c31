"""Known answers for rules from held-out round 194 (issue 19), on fictional specs: a field under a
heading that names one product is that product's, not also the text's most named one's; a
figure said "per 8-GPU node" that equals the one system's published figure is that system's; a
memory type's possessive ("HBM3's 3.35 TB/s") is no product's name; and a spec line naming a
product in its value (`GPUs: 72× Kite K2`) is a field, no heading."""

import textwrap

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, subject_todos

from claimaudit.draft.text import paragraphs as paragraphs_of
from claimaudit.draft.topic import section_leads

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
          - {metric: hbm_capacity, value: 80 GB, source: ex-sheet, quote: "80 GB"}
          - {metric: hbm_bandwidth, value: 3.35 TB/s, source: ex-sheet, quote: "3.35 TB/s"}
      - id: kite2
        name: Example Kite K2
        vendor: Example
        kind: chip
        aliases: [Kite K2]
        facts:
          - {metric: hbm_capacity, value: 141 GB, source: ex-sheet, quote: "141 GB"}
      - id: kite1_box
        name: Example Kite K1 Box (8 x Kite K1)
        vendor: Example
        kind: system
        aliases: [Kite K1 Box]
        members: {kite1: 8}
        facts:
          - {metric: hbm_capacity, value: 640 GB, source: ex-sheet, quote: "640 GB"}
      - id: kite2_box
        name: Example Kite K2 Box (8 x Kite K2)
        vendor: Example
        kind: system
        aliases: [Kite K2 Box]
        members: {kite2: 8}
        facts:
          - {metric: hbm_capacity, value: 1128 GB, source: ex-sheet, quote: "1,128 GB"}
      - id: kite2_rack
        name: Example Kite K2 Rack (72 x Kite K2)
        vendor: Example
        kind: system
        aliases: [Kite K2 Rack]
        members: {kite2: 72}
        facts:
          - {metric: scaleup_bandwidth, value: 130 TB/s, source: ex-sheet, quote: "130 TB/s"}
    """)


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


SECTIONS = ("### Kite K1 (80 GB)\n\n**Memory:** 80 GB per GPU (640 GB per 8-GPU node). The Kite K1 is fine; "
            "so is the Kite K1.\n\n---\n\n### Kite K2 (141 GB)\n\n"
            "**Memory:** 141 GB per GPU (1.1 TB per 8-GPU node). The extra HBM helps.")


def test_a_field_under_a_heading_of_one_product_is_its_own(specs):
    # round 194: "### H200" over "**Memory:** 141 GB per GPU (1.1 TB per 8-GPU node)" asked
    # between the H200 and the H100, the text's most named product
    claims = drafted_claims(SECTIONS, specs)
    count = [c for c in claims if c.get("claimed") == "8"][-1]
    assert count.get("subject") == "kite2_box" and not subject_todos(count)


@pytest.mark.parametrize("value, system", [("640 GB", "kite1_box"), ("1.1 TB", "kite2_box")])
def test_per_node_and_the_systems_published_figure_decide_the_system(specs, value, system):
    claim = claim_of(drafted_claims(SECTIONS, specs), value)
    assert claim.get("subject") == system and not subject_todos(claim)


def test_per_node_and_a_figure_no_system_publishes_is_still_asked(specs):
    claim = claim_of(drafted_claims("The Kite K2 has 141 GB, or 2 TB per server.", specs), "2 TB")
    assert subject_todos(claim)


def test_a_memory_types_possessive_is_no_products_name(specs):
    # round 194: "H100 HBM3’s 3.35 TB/s" was asked as "HBM3's, which is not in the specs"
    claim = claim_of(drafted_claims("Kite K1 HBM3’s 3.35 TB/s throughput is usually the bottleneck.", specs),
                     "3.35 TB/s")
    assert (claim.get("subject"), claim.get("metric")) == ("kite1", "hbm_bandwidth")
    assert not subject_todos(claim)


def test_a_spec_line_naming_a_product_in_its_value_is_no_heading(specs):
    # round 16 (a regression of round 194's rule): "GPUs: 72× B200" under "GB200 NVL72 Specs" was
    # read as a heading, which made the B200 the lead of the rack's next field, "NVLink BW: 130 TB/s"
    text = "Kite K2 Rack Specs\nGPUs: 72× Kite K2\nNVLink BW: 130 TB/s total"
    paragraphs = paragraphs_of(text)
    mentions = sorted(specs.find(text), key=lambda m: m.start)
    fields, _ = section_leads(text, paragraphs, mentions)
    assert fields.get(paragraphs[-1][0]) != "kite2"
