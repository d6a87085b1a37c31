r"""Known answers for the rules from held-out round 297 (issue 19), on fictional specs:

- a table pasted one cell a line is read as one whatever its rule row's first character: `|---|---|`
  as `---|---|` was (a vendor's docs page, its memory column asked as a family's 19 times: now each
  row's product);
- `one hundred and forty`: an `and` after hundred or thousand joins the words (the round's `forty`
  had been drafted as 40)."""

import pytest
from draft_catalogues import catalogue_of, drafted_claims, example_chips

from claimaudit.draft.text import plain_text


@pytest.fixture(scope="module")
def kites(tmp_path_factory):
    chips = example_chips({"kite1": [("hbm_capacity", "80 GB")], "kite2": [("hbm_capacity", "96 GB")]},
                          aliases={"kite1": ["KT100"], "kite2": ["KT200"]})
    return catalogue_of(tmp_path_factory, chips)


@pytest.mark.parametrize("rule", ["|---|---|---|", "---|---|---|"])
def test_a_table_pasted_one_cell_a_line_is_a_table(rule, kites):
    text = ("The following table lists the supported kites:\nProduct |\nArchitecture |\nMemory Size |\n"
            f"{rule}\nKT100 |\nKite |\n80GB |\nKT200 |\nKite |\n96GB |\n")
    claims = drafted_claims(text, kites)
    assert [(c.get("claimed"), c.get("subject")) for c in claims] == [("80 GB", "kite1"), ("96 GB", "kite2")]


@pytest.mark.parametrize("rule", ["|---|---|", "---|---|", "  |---|---|  "])
def test_cell_lines_become_rows_of_the_table(rule):
    raw = f"Supported GPUs\nProduct |\nMemory Size |\n{rule}\nKT100 |\n80GB |\nKT200 |\n96GB |\nAfter it."
    assert plain_text(raw, []).splitlines() == [
        "Supported GPUs", "| Product | Memory Size |", "|---|---|", "| KT100 | 80GB |", "| KT200 | 96GB |",
        "After it."]


def test_cell_lines_short_of_a_row_stay_as_they_are(kites):
    text = "Product |\nMemory Size |\n|---|---|\nKT100 |\n80GB |\nKT200 |\n"
    assert [c.get("claimed") for c in drafted_claims(text, kites)] == ["80 GB"]


@pytest.mark.parametrize("text, claimed", [
    ("One hundred and forty physical tiles sit on the chip.", "140"),
    ("It has two hundred and fifty-six cores.", "256"),
    ("It has one thousand and twenty-four lanes.", "1,024"),
    ("It packs two hundred and eight billion transistors.", "208e9"),     # the second review: 8e9
    ("The rack draws one thousand and two hundred watts.", "1,200 W"),     # ... 200 W
    ("It links one hundred and forty thousand GPUs.", "140,000")])
def test_and_after_a_scale_joins_the_words(text, claimed, kites):
    assert [c.get("claimed") for c in drafted_claims(text, kites)] == [claimed]


@pytest.mark.parametrize("text, claimed", [
    ("It has 8 GPUs and forty NICs.", ["8", "40"]),
    ("Two hundred GPUs and four hundred NICs were installed.", ["200", "400"]),
    ("We ran between one hundred and two hundred KT100 GPUs.", ["200"]),      # the review: 10,200
    ("From one hundred and two hundred GPUs we scaled to 4096.", ["200", "4096"])])
def test_and_between_two_numbers_keeps_them_apart(text, claimed, kites):
    assert [c.get("claimed") for c in drafted_claims(text, kites)] == claimed
