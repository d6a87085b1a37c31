"""Known answers for a rule from held-out round 196 (issue 19), on fictional specs: a nested list
item that names no one is about its parent item's one product ("- 2x Kite K2 GPUs" over an
indented "- 141 GB HBM per GPU"); a sibling list under another parent is that parent's."""

import textwrap

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, subject_todos

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
      - id: kite2
        name: Example Kite K2
        vendor: Example
        kind: chip
        aliases: [Kite K2]
        facts:
          - {metric: hbm_capacity, value: 141 GB, source: ex-sheet, quote: "141 GB"}
          - {metric: hbm_bandwidth, value: 4.8 TB/s, source: ex-sheet, quote: "4.8 TB/s"}
    """)

TEXT = ("## Reference architecture\n\nBaseline metrics were collected on these systems.\n\n"
        "- Host CPU\n  - RAM: 960 GiB LPDDR5X\n- 2x Kite K2 GPUs\n  - 150 GB HBM per GPU\n"
        "  - Memory bandwidth 5.0 TB/s per GPU\n- 8x Kite K1 GPUs\n  - 96 GB HBM per GPU\n")
# (figures neither product publishes: no figure decides, the list's nesting must)


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


@pytest.mark.parametrize("value, entity", [("150 GB", "kite2"), ("5.0 TB/s", "kite2")])
def test_a_nested_item_is_about_its_parent_items_one_product(specs, value, entity):
    # round 196: "- 2x B300 GPUs" over "  - 279 GB HBM3e per GPU" asked among the text's products
    claim = claim_of(drafted_claims(TEXT, specs), value)
    assert claim.get("subject") == entity
    assert not [t for t in subject_todos(claim) if "published figure" not in t]     # only the figure's


def test_a_nested_item_under_a_parent_naming_no_product_gets_no_lead(specs):
    claim = claim_of(drafted_claims(TEXT, specs), "960 GiB")
    assert claim.get("subject") is None or subject_todos(claim)
