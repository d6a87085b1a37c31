r"""Known answers for rules from held-out rounds 234 to 242 (issue 19), on fictional specs:
- a multiplier before a name that a chip noun follows counts those chips, in brackets too: in
  "Kite Box9 (8x KX900 GPUs 256GB HBM3, 750W each)" the KX900 is counted, no ratio's baseline, and
  the memory and power after it are the KX900's, as its published figures say (round 235: a
  platform's row gave a GPU's 750 W to the platform);
- a trademark sign after a family word keeps a counted name whole: "8x Instinkt™ KX900 (750W) GPU"
  counts KX900s (round 234's configuration footnotes);
- a count's name may carry its memory and power before the line ends ("8x Example KX900 256GB HBM3
  750W \\", round 236's footnotes) or a bracket of its precision ("8 x KX900 (bf16)", round 235's
  headings); "is 2x KX900 (fp8)" stays a ratio;
- a count after a name and an "x" that ends its cell or line counts the name's chips: `| KX900 x 16 |`,
  `KX900 (256GiB) x 128` (round 237's GPU tables, 18 counts missed); "KX900 x 16 lanes" counts lanes;
- a chip's memory in GiB of the number the vendor publishes in GB is that memory, as the same number in
  GB is ("H20 (96GiB)", round 237; CONTRACT 10.2): no question which memory; 300 GiB of a 256 GB chip
  still asks;
- a ratio column headed as a division of two names (`Ratio (KX900/KX800)`, `KX900 Advantage (KX900/
  KX800)`) has its first name as each ratio's subject and its second as the baseline (rounds 190 and 239:
  asked as "names both; name one" before), and the metric its row's figures have ("| Rated | 750 W |
  700 W | 1.07x |" compares powers);
- a chip that publishes no HBM, only LPDDR: a figure equal to its LPDDR in a clause that mentions HBM
  ("sidesteps HBM shortage with 160GB of cheaper memory", round 241's silent error) is not read as HBM
  off the word; "160GB HBM" written so stays HBM (the claim then fails, as it should);
- an area equal to the chip's published die area is its die area though the sentence names its
  interposer ("~820mm2 ... N5 process with COWOS-S interposer", round 241);
- "GPU + Host memory together" (one noun for both sides) is the two memories together, no CPU's
  LPDDR: the figure decides which of the specs' memories (round 242's silent DGX GH200 144TB);
- a bare B before a singular transistor word is a billion ("a 77B transistor chip", "a 59.4 B
  transistor parallel processor", rounds 241-242), as before the plural; "a 70B model" is no figure."""

import pytest
from draft_catalogues import catalogue_of, claim_of, drafted_claims, example_box, example_chips

from claimaudit.draft.figure_match import readings
from claimaudit.draft.memory_words import memory_metric
from claimaudit.draft.numbers import find_numbers

SPECS = example_chips({"kite9": [("hbm_capacity", "256 GB"), ("power", "750 W")],
                       "kite8": [("hbm_capacity", "80 GB")],
                       "kite7": [("lpddr_capacity", "160 GB"), ("die_area", "820 mm2")]},
                      {"kite9": ["Instinkt KX900", "KX900"], "kite8": ["KX800"], "kite7": ["KX700"]}) \
    + example_box("kite9", 8)


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


def test_a_counted_chips_figures_in_a_systems_bracket_are_the_chips(specs):
    text = "| GPUs | Example Kite Box9 (8x KX900 GPUs 256GB HBM3, 750W each) |\n"
    claims = drafted_claims(text, specs)
    assert (claim_of(claims, "8")["subject"], claim_of(claims, "8")["metric"]) == ("kite9_box", "chips")
    for figure in ("256 GB", "750 W"):
        claim = claim_of(claims, figure)
        assert claim["subject"] == "kite9", claim
        assert "baseline" not in claim, claim


def test_a_trademark_after_the_family_word_keeps_the_count(specs):
    claims = drafted_claims("The Kite Box9 holds 8x Instinkt™ KX900 (750W) GPU, each with 256 GB.\n", specs)
    count = next(c for c in claims if c.get("quote", "").startswith("8x") or c.get("claimed") in ("8", "8x"))
    assert count.get("claimed") == "8", count
    assert count.get("metric") == "chips", count


@pytest.mark.parametrize("text", ["GPU: 8x Example KX900 256GB HBM3 750W \\\n    CPU: 2 sockets\n",
                                  "## Serving on 8 x KX900 (bf16)\n"])
def test_a_count_before_a_names_memory_power_or_precision_counts_chips(specs, text):
    claim = next(c for c in drafted_claims(text, specs) if c.get("claimed") in ("8", "8x"))
    assert (claim.get("claimed"), claim.get("subject"), claim.get("metric")) == ("8", "kite9_box", "chips")


def test_a_ratio_to_a_name_with_its_precision_stays_a_ratio(specs):
    claims = drafted_claims("The Kite Box9 is 2x KX900 (fp8) speed.\n", specs)
    assert claim_of(claims, "2x")["kind"] == "qualitative"


@pytest.mark.parametrize(("text", "count"), [("| Model | GPUs |\n|---|---|\n| Big | KX900 x 16 |\n", "16"),
                                             ("| Big | KX900 (256GiB) x 128 | SFT |\n", "128"),
                                             ("Serving needs KX900 x 8 GPUs.\n", "8")])
def test_a_count_after_a_name_and_an_x_counts_its_chips(specs, text, count):
    claim = claim_of(drafted_claims(text, specs), count)
    assert claim["metric"] == "chips", claim


def test_a_name_times_other_things_counts_no_chips(specs):
    claim = claim_of(drafted_claims("The KX900 x 16 lanes link is new.\n", specs), "16")
    assert claim.get("metric") != "chips", claim


@pytest.mark.parametrize(("written", "asked"), [("256GiB", False), ("256GB", False), ("300GiB", True)])
def test_a_chips_gib_of_its_published_gb_is_that_memory(specs, written, asked):
    claims = drafted_claims(f"| Big | KX900 ({written}) x 16 |\n", specs)
    claim = next(c for c in claims if c["claimed"].endswith(("GiB", " GB")))
    assert claim.get("metric") == "hbm_capacity" and claim.get("subject") == "kite9", claim
    assert any("which memory" in t for t in claim.get("todo", [])) == asked, claim


@pytest.mark.parametrize("header", ["Ratio (KX900/KX800)", "KX900 Advantage<br>(KX900/ KX800)",
                                    "KX900 vs KX800"])
def test_a_ratio_column_headed_as_a_division_names_subject_and_baseline(specs, header):
    text = (f"| Spec | KX900 | KX800 | {header} |\n|---|---|---|---|\n"
            "| HBM capacity | 256 GB | 80 GB | 3.2x |\n")
    claim = claim_of(drafted_claims(text, specs), "3.2x")
    assert (claim.get("subject"), claim.get("baseline")) == ("kite9", "kite8"), claim


def test_a_divided_ratio_takes_its_rows_metric(specs):
    text = ("| Spec | KX900 | KX800 | Ratio (KX900/KX800) |\n|---|---|---|---|\n"
            "| Rated | 750 W | 700 W | 1.07x |\n")
    claim = claim_of(drafted_claims(text, specs), "1.07x")
    assert (claim.get("subject"), claim.get("baseline"), claim.get("metric")) == ("kite9", "kite8", "power")


@pytest.mark.parametrize(("text", "metric"), [
    ("The KX700 sidesteps HBM shortage with 160GB of cheaper memory.\n", "lpddr_capacity"),
    ("The KX700 carries 160GB HBM.\n", "hbm_capacity")])
def test_an_lpddr_chips_memory_is_not_hbm_off_a_nearby_word(specs, text, metric):
    assert claim_of(drafted_claims(text, specs), "160 GB").get("metric") == metric


def test_a_dies_published_area_is_its_area_beside_an_interposer(specs):
    claims = drafted_claims("The KX700 measures ~820mm2 on an N5 process with a COWOS-S interposer.\n", specs)
    claim = next(c for c in claims if c["claimed"].startswith("820"))
    assert claim.get("metric") == "die_area", claim


@pytest.mark.parametrize("words", ["GPU + Host memory together", "CPU and GPU memory combined"])
def test_two_sides_of_one_memory_noun_are_no_cpus_memory(words):
    assert memory_metric(f"144TB when you add {words}.") is None
    assert memory_metric("480 GB of host memory") == "lpddr_capacity"


@pytest.mark.parametrize(("text", "found"), [("The BR100 is a 77B transistor 7nm chip.", ["77e9", "7"]),
                                             ("It is a 59.4 B transistor parallel processor.", ["59.4e9"]),
                                             ("It has 80B transistors.", ["80e9"]),
                                             ("Serving a 70B model.", [])])
def test_a_bare_b_before_a_transistor_word_is_a_billion(text, found):
    assert [n.text for n in find_numbers(text)] == found


@pytest.mark.parametrize(("value", "unit", "decimal"), [(96 * 2 ** 30, "GiB", 96e9),
                                                        (2 * 2 ** 40, "TiB", 2e12), (96e9, "GB", None)])
def test_a_binary_amount_reads_also_as_its_decimal_twin(value, unit, decimal):
    assert readings(value, unit) == [value] + ([pytest.approx(decimal, rel=1e-12)] if decimal else [])
