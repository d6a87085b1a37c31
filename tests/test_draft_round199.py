"""Known answers for rules from held-out round 199 (issue 19), on fictional specs:
- a memory asked among products, one of which publishes the number as another memory amount
  ("Total GPU Memory: 144TB" of a system whose 144 TB is its HBM and LPDDR together), asks the
  metric too, not only the subject;
- an amount that sizes a card of no name ("192GB 的卡也要 7 张", "a 192GB card") names no
  product, whatever product publishes that figure; a count of cards ("8 卡") is no such amount."""

import textwrap

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, metric_todos, subject_todos

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
      - id: kite2
        name: Example Kite K2
        vendor: Example
        kind: chip
        aliases: [Kite K2]
        facts:
          - {metric: hbm_capacity, value: 192 GB, source: ex-sheet, quote: "192 GB"}
      - id: kite_pod
        name: Example Kite Pod
        vendor: Example
        kind: system
        aliases: [Kite Pod]
        members: [{entity: kite1, count: 32}]
        facts:
          - {metric: fast_memory_capacity, value: 20 TB, source: ex-sheet, quote: "20 TB"}
          - {metric: chips, value: 32, source: ex-sheet, quote: "32"}
    """)

POD = ("### Kite Pod - Supercomputer Scale\n\n**Architecture:**\n\n- 32 × Kite K1 chips\n"
       "- A switch system providing a fat tree\n\n**Specifications:**\n\n"
       "- **Total GPU Memory**: 20TB shared memory accessible to all GPUs\n")


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


def test_a_memory_another_named_id_publishes_as_another_amount_asks_the_metric(specs):
    # round 199: "Total GPU Memory: 144TB" under "### DGX GH200" went to hbm_capacity with no question
    claim = claim_of(drafted_claims(POD, specs), "20 TB")
    assert claim.get("subject") != "kite_pod" or subject_todos(claim)
    assert any("fast_memory_capacity" in t and "hbm_capacity" in t for t in metric_todos(claim))


def test_a_memory_no_named_id_publishes_otherwise_asks_no_such_metric(specs):
    claim = claim_of(drafted_claims(POD.replace("20TB", "30TB"), specs), "30 TB")
    assert not [t for t in metric_todos(claim) if "publishes" in t]


CARDS = "一张 Kite K1 装不下，换 Kite K2 可以装下。70B 模型需要 192GB 的卡 7 张。"


@pytest.mark.parametrize("text, value", [
    (CARDS, "192 GB"),
    ("A Kite K1 is too small; the Kite K2 is fine. A 70B model needs seven 192GB cards.", "192 GB")])
def test_an_amount_sizing_a_card_of_no_name_is_not_decided_by_its_figure(specs, text, value):
    # round 199: "192GB 的卡也要 7 张" was written as the one named product publishing 192 GB
    claim = claim_of(drafted_claims(text, specs, "zh-Hans" if "一" in text else "en"), value)
    assert claim.get("subject") is None or subject_todos(claim)


def test_an_amount_of_a_named_product_is_still_decided(specs):
    claim = claim_of(drafted_claims("Kite K2 ships with 192 GB of HBM.", specs), "192 GB")
    assert claim.get("subject") == "kite2" and not subject_todos(claim)


@pytest.mark.parametrize("text", [
    "The Kite K2 and Kite K1 share one die design.\n\n* Global memory capacity is 96 GB per GCD.\n",
    "The Kite K2 and Kite K1 share one die design. Each has 96 GB per die."])
def test_an_amount_per_die_is_not_decided_by_the_one_product_publishing_it(specs, text):
    # round 202: "64 GB per GCD" of the MI200 family was written as the MI210's 64 GB
    claim = claim_of(drafted_claims(text, specs), "96 GB")
    assert claim.get("subject") is None or subject_todos(claim)
