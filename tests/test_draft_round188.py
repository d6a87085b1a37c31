"""Known answers for rules from held-out rounds 188-189 (issue 19), on fictional specs: "每卡" (per
card) makes a figure the chip's; "每方向" is one direction; a full stop glued to the next
sentence ("...CPX).The PR will") ends the sentence; a maker's name between two slashed names
still joins them ("B300 / AMD MI355X 1,400W"); a host's DDR beside a chip the specs hold no
system of is asked; "the first" / "the latter" points to one of the products named before, not
to the topic; a name in brackets right after an amount owns it ("900 GBps (B200)"); a precision
after "as" is the compared one ("fp6 runs at the same 4500TFLOPS as fp8"); "per direction" after
a link's name still says one direction; a chip-to-chip figure that is half the subject's
published both-ways figure is written one-way, asked."""

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
          - {metric: hbm_capacity, value: 64 GB, source: ex-sheet, quote: "64 GB"}
          - {metric: power, value: 700 W, source: ex-sheet, quote: "700 W"}
      - id: kite2
        name: Example Kite K2
        vendor: Example
        kind: chip
        aliases: [Kite K2]
        facts:
          - {metric: hbm_capacity, value: 96 GB, source: ex-sheet, quote: "96 GB"}
          - {metric: power, value: 1000 W, source: ex-sheet, quote: "1,000 W"}
          - {metric: scaleup_bandwidth, value: 900 GB/s, source: ex-sheet, quote: "900 GB/s"}
          - {metric: fp8_dense, value: 600 TFLOPS, source: ex-sheet, quote: "600 TFLOPS"}
          - {metric: fp8_sparse, value: 1200 TFLOPS, source: ex-sheet, quote: "1,200 TFLOPS"}
      - id: kite2_box
        name: Example Kite K2 Box (8 x Kite K2)
        vendor: Example
        kind: system
        aliases: [Kite K2 Box]
        members: {kite2: 8}
        facts:
          - {metric: hbm_capacity, value: 768 GB, source: ex-sheet, quote: "768 GB"}
      - id: other_maker_chip
        name: Other Maker Quill Q5
        vendor: Other
        kind: chip
        aliases: [Quill Q5]
        facts:
          - {metric: power, value: 1400 W, source: ex-sheet, quote: "1,400 W"}
    """)


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


def asks_subject(claim) -> bool:
    return bool(subject_todos(claim))


def subject_of(claim) -> str | None:
    """The subject written, or the one a qualitative draft says the text gives."""
    given = [t.split("subject: ")[-1].rstrip(")") for t in claim.get("todo") or []
             if t.startswith("shape:") and "subject: " in t]
    return claim.get("subject") or (given[0].split(",")[0] if given else None)


def asked_among(claim) -> str:
    return " ".join(subject_todos(claim))


@pytest.mark.parametrize("text", [
    "標準 Kite K2 Box 每卡配一張 400G NIC，即每 GPU 50 GB/s 單向。",
    "Kite K2 Box 每张卡配一张 50 GB/s 网卡。",
])
def test_per_card_makes_a_figure_the_chips(specs, text):
    # round 188: "標準 HGX H100 每卡配一張 400G NIC" went to the 8-GPU server, silently
    claim = claim_of(drafted_claims(text, specs, "zh-hant"), "50 GB/s")
    assert subject_of(claim) == "kite2"


def test_per_direction_in_chinese_is_one_direction(specs):
    claim = claim_of(drafted_claims("Kite K2：NVLink 每卡 900 GB/s 雙向（450 GB/s 每方向）", specs,
                                    "zh-hant"), "450 GB/s")
    assert (claim.get("subject"), claim.get("metric")) == ("kite2", "scaleup_bandwidth_per_direction")


def test_a_full_stop_glued_to_the_next_sentence_ends_it(specs):
    # round 188: "(see our article on the Rubin CPX).The PR will be using 128 GB" gave the 128 GB
    # to the Rubin CPX, the name in the sentence before
    text = "Both use one die, and one ships first (see our note on the Kite K2).The PR will use 80 GB."
    assert asks_subject(claim_of(drafted_claims(text, specs), "80 GB"))


def test_a_glued_full_stop_inside_a_word_is_no_sentence_end(specs):
    claim = claim_of(drafted_claims("The Kite K2 runs Node.js tooling with 96 GB of HBM.", specs), "96 GB")
    assert claim.get("subject") == "kite2" and not asks_subject(claim)


@pytest.mark.parametrize("text", ["功耗：Kite K1 / Other Quill Q5 999W。", "Power: Kite K1 / Quill Q5 999W."])
def test_a_makers_name_between_two_slashed_names_still_shares_the_figure(specs, text):
    claim = claim_of(drafted_claims(text, specs), "999 W")
    assert claim.get("subject") is None and "follows kite1/other_maker_chip together" in asked_among(claim)


@pytest.mark.parametrize("memory, asked", [("DDR4", True), ("DDR5 RDIMM", True), ("LPDDR5X", False)])
def test_a_hosts_ddr_beside_a_chip_with_no_system_is_asked(specs, memory, asked):
    # round 188: "`24*64GB` DDR4" on a 910B host went to the 910B's LPDDR, silently; a chip's own
    # LPDDR (an accelerator built on LPDDR) stays the chip's
    claim = claim_of(drafted_claims(f"The Kite K1 host has 512 GB of {memory}.", specs), "512 GB")
    assert claim.get("metric") == "lpddr_capacity"
    assert asks_subject(claim) is asked


@pytest.mark.parametrize("word", ["The first", "The latter", "前者"])
def test_the_first_or_the_latter_points_to_one_named_before(specs, word):
    text = f"Example detailed the Kite K1 and the Kite K2. {word} has 80 GB of HBM."
    claim = claim_of(drafted_claims(text, specs), "80 GB")
    assert claim.get("subject") is None
    assert "refers to one of those named before it; pick one of kite2, kite1" in asked_among(claim)


def test_the_first_time_is_no_pointer(specs):
    text = "Example detailed the Kite K2. For the first time it has 96 GB of HBM."
    assert claim_of(drafted_claims(text, specs), "96 GB").get("subject") == "kite2"


def test_a_name_in_brackets_after_an_amount_owns_it(specs):
    # round 189: "from 80 GBps (P100) to 450 GBps (H100) to 900 GBps (B200)" gave 900 to the H100
    claims = drafted_claims("Per-chip bandwidth climbed from 96 GBps (Kite K1) to 900 GBps (Kite K2).", specs)
    assert subject_of(claim_of(claims, "96 GB/s")) == "kite1"
    assert subject_of(claim_of(claims, "900 GB/s")) == "kite2"


def test_a_precision_after_as_is_the_compared_one(specs):
    # round 189: "fp6 runs at the same 4500TFLOPS as fp8" was written fp8_dense
    claim = claim_of(drafted_claims("On the Kite K2, fp6 runs at the same 4500 TFLOPS as fp8.", specs),
                     "4500 TFLOPS")
    assert claim.get("metric") == "fp6_dense"


@pytest.mark.parametrize("words", ["of NVLink bandwidth per direction", "of NVLink bandwidth each direction"])
def test_per_direction_after_a_links_name_is_one_direction(specs, words):
    claim = claim_of(drafted_claims(f"The Kite K2 offers 450 GB/s {words}.", specs), "450 GB/s")
    assert claim.get("metric") == "scaleup_bandwidth_per_direction" and not claim.get("todo")


def test_half_the_both_ways_figure_is_written_one_way_and_asked(specs):
    claim = claim_of(drafted_claims("The Kite K2 offers 450 GB/s of NVLink bandwidth.", specs), "450 GB/s")
    assert claim.get("metric") == "scaleup_bandwidth_per_direction"
    assert any(t.startswith("metric: the text does not say one direction or both") for t in claim["todo"])
    both = claim_of(drafted_claims("The Kite K2 offers 900 GB/s of NVLink bandwidth.", specs), "900 GB/s")
    assert both.get("metric") == "scaleup_bandwidth" and not both.get("todo")


def test_gigabytes_of_on_chip_memory_of_a_chip_without_sram_are_asked(specs):
    # round 189's tuning, heldout16: "Increases on-chip memory from 64 GB (Trainium2)" was written
    # the chip's SRAM once the bracket gave it its subject; a chip publishing HBM and no SRAM
    claim = claim_of(drafted_claims("The Kite K1 has 80 GB of on-chip memory.", specs), "80 GB")
    assert claim.get("metric") == "hbm_capacity"
    assert any(t.startswith("metric: the text does not say which memory") for t in claim["todo"])


@pytest.mark.parametrize("text", ["The box carries 8 B300s.", "Run it to confirm all 8 B300s are seen."])
def test_a_count_before_a_chips_plural_name_counts_chips(specs, text):
    # round 191: "confirm all 8 B300s" was a count of nothing, and the page's topic, an 8-GPU system
    # of another chip, took it silently; a chip's name in the plural counts chips
    from claimaudit.draft.numbers import count_kind, find_numbers
    from claimaudit.draft.text import digits_view
    view = digits_view(text)
    assert [count_kind(view, n) for n in find_numbers(view)] == ["chips"]


def test_a_figure_near_but_not_the_chips_and_exactly_its_systems_is_asked(specs):
    # round 192: "算力：15.8 PFLOPS (FP8)" of an 8-GPU H200 server was given to the H200 (3,958 TFLOPS
    # sparse: four times less, not "far"); eight of its chips' 1,979 TFLOPS make it exactly
    claim = claim_of(drafted_claims("The Kite K2 reaches 4.79 PFLOPS (FP8).", specs), "4.79 PFLOPS")
    assert claim.get("subject") == "kite2"
    assert any("kite2_box" in t for t in claim["todo"] if t.startswith("subject:"))
    own = claim_of(drafted_claims("Kite K2: 1.2 PFLOPS (FP8)", specs), "1.2 PFLOPS")
    assert not any(t.startswith("subject:") for t in own.get("todo") or [])
