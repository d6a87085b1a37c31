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


# Round 197: a spec table led by a maker's column (`| Vendor | Model | ... | FP8 TFLOPS |`) was read as
# prose rows, so its FP8 column lost its precision and an H100's 3,958 (the sparse figure) was written
# fp8_sparse by the figure alone, silently
MAKERS = ("| Vendor | Model | Memory | FP16 TFLOPS | FP8 TFLOPS |\n|---|---|---|---|---|\n"
          "| Example | Kite K2 | 141 GB | 990 | 1,980 |\n| Example | Kite K1 | 80 GB | 400 | 800 |\n")


@pytest.mark.parametrize("value, metric", [("990 TFLOPS", "fp16_dense"), ("1,980 TFLOPS", "fp8_dense"),
                                           ("400 TFLOPS", "fp16_dense")])
def test_a_makers_column_first_leaves_the_second_to_name_the_rows(specs, value, metric):
    claim = claim_of(drafted_claims(MAKERS, specs), value)
    assert claim.get("metric") == metric and claim.get("subject") in ("kite1", "kite2")
