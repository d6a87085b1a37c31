r"""Known answers for the rules from held-out round 267 (issue 19), on fictional specs:

- a wiki's notes (Obsidian, Quartz) read as their page shows them: `[[custom A100]]` is "custom A100",
  `[[page|SM]]` is "SM", a footnote's reference `[^14090]` is no word (the quote had stopped at the
  brackets, and `4x NVIDIA [[custom A100]]` named no chip);
- a subject written as a custom part ("a custom A100 with 64 GB HBM2") whose figure its published ones
  contradict is asked, never judged against the product; a published figure stands ("custom silicon");
- a range written with a spaced dash (`1,000 - 2,000 servers`) is one clause, both ends in its quote;
- "an improvement of 24%", "improvements for BERT performance of 5%": a change, not a share;
- a chip noun before "generations" counts no chips (`four MTIA chip generations`);
- shares, homes and households are no hardware counts, however large (`160 million AMD shares`)."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_chips, subject_todos

from claimaudit.draft.markup import as_shown


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    return catalogue_of(tmp_path_factory, example_chips({
        "kite1": [("hbm_capacity", "40 GB"), ("fp16_dense", "300 TFLOPS")],
        "kite2": [("hbm_capacity", "96 GB")]}))


@pytest.mark.parametrize(("raw", "shown"), [
    ("- 4x NVIDIA [[custom A100]] with 64 GB HBM2", "- 4x NVIDIA custom A100 with 64 GB HBM2"),
    ("- 8 [[GPU terminology decoder ring|GPC]]s", "- 8 GPCs"),
    ("a two-level fat tree with:[^14090]", "a two-level fat tree with:"),
    ("[^14090]: See the vendor's sheet.", "[^14090]: See the vendor's sheet."),   # the footnote itself
    ("a [[link]] and [plain](https://example.com)", "a link and plain"),
    # a Wikipedia citation converted to Markdown is a link, no wiki link (a review found `37,8885(`)
    ("has 37,888[[5]](#cite_note-5) GPUs", "has 37,888[[5]](#cite_note-5) GPUs"),
])
def test_wiki_links_and_footnote_references_read_as_shown(raw, shown):
    assert as_shown(raw) == shown


def test_a_wiki_linked_name_is_found_and_quoted_whole(kites):
    claim = claim_of(drafted_claims("Each node has a [[Kite K2]] with 96 GB of HBM.\n", kites), "96 GB")
    assert (claim.get("subject"), claim["quote"]) == ("kite2", "Each node has a Kite K2 with 96 GB of HBM.")


@pytest.mark.parametrize("text", ["Leonardo uses a custom Kite K1 with 64 GB of HBM2.\n",
                                  "It is a cut-down version of the Kite K1, with 64 GB of HBM2.\n",
                                  "Each blade holds a customized Kite K1 with 64 GB of HBM2.\n"])
def test_a_custom_part_the_specs_contradict_is_asked(text, kites):
    claim = claim_of(drafted_claims(text, kites), "64 GB")
    assert claim.get("subject") == "kite1"
    assert "is a part of its own, not kite1 as the specs hold it" in subject_todos(claim)[0]


@pytest.mark.parametrize("text", ["AWS built it from its custom Kite K2 chips, each with 96 GB of HBM.\n",
                                  # a maker's own silicon, wrong figure and all: the check, not a question
                                  "Example's custom Kite K1 chip packs 64 GB of HBM2.\n",
                                  "Leonardo uses a Kite K1 with 64 GB of HBM2.\n"])
def test_a_published_figure_or_no_custom_word_asks_nothing_of_it(text, kites):
    claims = drafted_claims(text, kites)
    claim = claims[-1]
    assert not any("a part of its own" in t for t in subject_todos(claim))


def test_a_spaced_dash_range_stays_in_one_quote(kites):
    claims = drafted_claims("The Kite K1 domains are 1,000 - 2,000 servers in size, said the lead.\n", kites)
    assert [c["quote"] for c in claims] == ["The Kite K1 domains are 1,000 - 2,000 servers in size"] * 2


@pytest.mark.parametrize("text", ["The Kite K1 gained 10 GB - 20 GB came later.\n",
                                  "The Kite K1 has 40 GB - more than most - and is fast.\n"])
def test_a_spaced_dash_off_a_range_still_ends_the_clause(text, kites):
    quote = drafted_claims(text, kites)[0]["quote"]
    assert " - " not in quote


@pytest.mark.parametrize(("text", "claimed"), [
    ("The Kite K1 delivers a performance improvement of 24% since its launch.\n", "+24%"),
    ("We saw improvements for Kite K1 performance of 5% in this round.\n", "+5%"),
    ("The Kite K1 shows an increase of up to 12% in FP16 throughput.\n", "+12%"),
])
def test_a_change_noun_of_a_percentage_is_a_change(text, claimed, kites):
    assert [c["claimed"] for c in drafted_claims(text, kites)] == [claimed]


def test_a_share_after_of_stays_a_share(kites):
    claims = drafted_claims("The Kite K1 takes 24% of the rack's power budget.\n", kites)
    assert [c["claimed"] for c in claims] == ["24%"]


@pytest.mark.parametrize("text", ["Example details four Kite chip generations shipping every six months.\n",
                                  "Three GPU generations of the Kite K1 line.\n"])
def test_a_count_of_generations_is_no_claim(text, kites):
    assert drafted_claims(text, kites) == []


def test_a_chip_count_before_a_plural_chip_noun_stays(kites):
    claims = drafted_claims("The rack holds four Kite K1 chips.\n", kites)
    assert [c["claimed"] for c in claims] == ["4"]


@pytest.mark.parametrize("text", ["Kite K1 buyers got a warrant for 160 million Example shares.\n",
                                  "The 2 GW Kite K1 site could power 1,500,000 homes.\n"])
def test_shares_and_homes_are_no_hardware_counts(text, kites):
    assert not {"160 million", "1,500,000"} & {c["claimed"] for c in drafted_claims(text, kites)}
