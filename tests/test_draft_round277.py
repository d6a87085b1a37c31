r"""Known answers for the rules from held-out round 277 (issue 19), on fictional specs:

- a figure opening a bracket right after a name the specs lack (`2 Kite Rack R3 (64GB x 16) nodes`)
  is that product's: asked, not given by its figure to the one named id publishing it (the 910B's
  64 GB had taken the Atlas 800 A3's, silently); a name the specs hold there is their own;
- a count after a card's memory and a times sign (`(64GB x 8)`) counts its cards, as `8 x 64GB`
  does; not a DIMM's (`DDR5 64GB x 16`)."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_chips, subject_todos


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips({
        "kite1": [("hbm_capacity", "64 GB")], "kite2": [("hbm_capacity", "128 GB")]}))


TEXT = ("# Serving on Kite chips\n\nThe Kite K1 and the Kite K2 both serve it.\n\n"
        "It requires 2 Kite Rack R3 (64GB x 16) nodes or 1 Kite K2(128GB x 8) node.\n")


def test_a_figure_after_a_name_the_specs_lack_is_asked(kites):
    claim = claim_of(drafted_claims(TEXT, kites), "64 GB")
    assert claim.get("subject") is None
    assert subject_todos(claim)[0] == ("subject: the figure is Kite Rack R3's, which the specs lack: add it "
                                       "(a spec file with `extend:`) or name the part of it the figure is of")


def test_a_figure_after_a_name_the_specs_hold_is_its_own(kites):
    claim = claim_of(drafted_claims(TEXT, kites), "128 GB")
    assert (claim.get("subject"), claim.get("metric")) == ("kite2", "hbm_capacity")


@pytest.mark.parametrize(("text", "counts"), [
    ("A Kite Rack R3 node (64GB x 16) serves it.\n", ["16"]),
    ("A Kite Rack R3 node (64GB × 8) serves it.\n", ["8"]),
    ("A Kite Rack R3 node has DDR5 memory of 64GB x 16.\n", []),
])
def test_a_count_after_a_cards_memory_counts_cards(text, counts, kites):
    claims = drafted_claims(text, kites)
    assert [c["claimed"] for c in claims if c["claimed"].isdigit()] == counts
    assert all(c.get("metric") in (None, "chips") for c in claims if c["claimed"].isdigit())


@pytest.mark.parametrize(("text", "claimed", "subject"), [
    ("The Kite K1 is made on TSMC N4 (4nm-class) and has 64 GB of HBM.\n", "4 nm", "kite1"),     # a process
    ("The Kite K2 holds 128 GB HBM3e (64GB per die).\n", "64 GB", "kite2"),          # a memory, not a product
])
def test_a_bracket_after_no_product_keeps_its_subject(text, claimed, subject, kites):
    assert claim_of(drafted_claims(text, kites), claimed).get("subject") == subject     # (review)


@pytest.mark.parametrize("text", [
    "Figure 3 (64GB) shows the Kite Rack.\n", "NVLink 5 (64GB/s) links the Kite chips.\n",
    "Llama 3 70B (140 GB in FP16) does not fit.\n", "Intel 18A (1.8nm) is a process.\n",
])
def test_no_product_before_a_bracket_asks_nothing_of_it(text, kites):     # (review)
    todos = [t for c in drafted_claims(text, kites) for t in c.get("todo", [])]
    assert not [t for t in todos if "which the specs lack" in t]


@pytest.mark.parametrize("text", [
    "The Kite Rack R3 node has 3.84TB x 8 NVMe drives.\n", "Each Kite Rack R3 uses 400G × 8 NICs.\n",
    "The Kite K1 carries 192GB (24GB × 8) of HBM3e.\n", "The Kite Rack R3 has 64GB × 16 DDR5 DIMMs.\n",
])
def test_no_cards_counted_after_other_amounts(text, kites):     # (review)
    assert not [c for c in drafted_claims(text, kites) if c.get("metric") == "chips"]
