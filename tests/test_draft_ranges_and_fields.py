"""Known answers for rules from held-out rounds 162 and 163 (issue 19), on fictional specs:
a range's ends are bounds, a phrasal verb's "around" is no qualifier, a headline led by its
figure names its subject after the colon, a spec field's label gives its figure's unit and
its heading's subject, and a count of chips no system publishes is asked among their systems."""

import textwrap

import pytest
import yaml
from draft_catalogues import catalogue_of, drafted_claims
from test_draft import ROOT

from claimaudit import load_catalogue
from claimaudit.cli import main
from claimaudit.draft.bounds import one_subject
from claimaudit.draft.claims import claimed_text
from claimaudit.draft.counts import is_counted
from claimaudit.draft.entities import Mention
from claimaudit.draft.numbers import find_numbers

SPECS = textwrap.dedent("""\
    sources:
      - {id: ex-sheet, title: "Example datasheet", url: "https://example.com/sheet"}
    entities:
      - id: zephyr
        name: Example Zephyr Z1
        vendor: Example
        kind: chip
        aliases: [Zephyr Z1, Zephyr]
        facts:
          - {metric: power, value: 1300 W, source: ex-sheet, quote: "1300 W"}
          - {metric: hbm_capacity, value: 96 GB, source: ex-sheet, quote: "96 GB"}
          - {metric: hbm_bandwidth, value: 4 TB/s, source: ex-sheet, quote: "4 TB/s"}
      - id: zephyr_pod
        name: Example Zephyr Pod
        vendor: Example
        kind: cluster
        aliases: [Zephyr Pod]
        members: {zephyr: 256}
        facts: []
    """)


@pytest.fixture(scope="module")
def specs(tmp_path_factory):
    return catalogue_of(tmp_path_factory, SPECS)


def bounds(text: str) -> list[tuple[str, str]]:
    return [(claimed_text(n), n.implied) for n in find_numbers(text)]


# --- a range's ends are bounds (pipeline/draft/bounds.py) ----------------------------------

@pytest.mark.parametrize("text, expected", [
    ("The rack draws 120-140 kW.", [("120 kW", "at_least"), ("140 kW", "at_most")]),
    ("The chip draws 1,200 to 1,400 W.", [("1,200 W", "at_least"), ("1,400 W", "at_most")]),
    ("It carries between 96 and 144 GB of HBM.", [("96 GB", "at_least"), ("144 GB", "at_most")]),
    ("功耗400~700W。", [("400 W", "at_least"), ("700 W", "at_most")]),
    ("性能提升2到4倍。", [("2x", "at_least"), ("4x", "at_most")]),
    # a change names an earlier and a later figure, no range
    ("Power went from 700 to 1,000 W.", [("700 W", ""), ("1,000 W", "")]),
    ("It grows from its predecessor's 96 GB to 144 GB.", [("96 GB", ""), ("144 GB", "")]),
    ("显存从80GB到141GB。", [("80 GB", ""), ("141 GB", "")]),
    # a step and a result, and changes said by their verbs (a review's cases)
    ("The H200 raises memory bandwidth by 1.4 TB/s to 5.2 TB/s.", [("1.4 TB/s", ""), ("5.2 TB/s", "")]),
    ("It rose from the last generation's 3.35 to 5.2 TB/s.", [("3.35 TB/s", ""), ("5.2 TB/s", "")]),
    ("H200的显存带宽提高1.4 TB/s至5.2 TB/s。", [("1.4 TB/s", ""), ("5.2 TB/s", "")]),
    ("Power ranges from 120 to 140 kW.", [("120 kW", "at_least"), ("140 kW", "at_most")]),
    # a hedge before the pair stays the writer's; ends far apart are no range
    ("The chip draws about 760-800 W.", [("760 W", "roughly"), ("800 W", "roughly")]),
    ("功耗约400~700W。", [("400 W", "roughly"), ("700 W", "roughly")]),
    ("The rack draws up to 120-140 kW.", [("120 kW", ""), ("140 kW", "")]),
    ("It spans 1.5-1,600 W.", [("1.5 W", ""), ("1,600 W", "")]),
    # a chain of options, a list of configurations, and figures each "about"
    ("Power options are 150W-300W-600W.", [("150 W", ""), ("300 W", ""), ("600 W", "")]),
    ("The A100 ships with 40/80 GB of HBM2e.", [("40 GB", ""), ("80 GB", "")]),
    ("HBM bandwidth ~2.0 TB/s ~3.35 TB/s", [("2.0 TB/s", ""), ("3.35 TB/s", "")]),
    # ends that are not alike: no range
    ("It packs 96 GB and 4-8 TB/s.", [("96 GB", ""), ("4 TB/s", "at_least"), ("8 TB/s", "at_most")]),
    ("It needs 8-16 GB or 4 TB/s.", [("8 GB", "at_least"), ("16 GB", "at_most"), ("4 TB/s", "")]),
])
def test_a_range_is_two_bounds(text, expected):
    assert bounds(text) == expected


def test_a_separator_takes_a_unit_only_across_a_range_join():
    """`1,200-1,400 W` is one range; `9,216 / 1.77 PB` a count and an amount (a review's case)."""
    assert bounds("Pod (chips / HBM): 9,216 / 1.77 PB") == [("9,216", ""), ("1.77 PB", "")]
    assert bounds("It scales to 16,384 / 24 MW.")[0] == ("16,384", "")


def test_a_separator_takes_the_unit_of_a_like_figure_it_is_compared_with():
    assert bounds("It reaches 2,500 vs. 780 TeraFLOPS.") == [("2,500 TFLOPS", ""), ("780 TFLOPS", "")]


def test_a_range_across_two_products_is_one_figure_each():
    """A review's case: "MI300X and MI325X pack 192-288 GB" had given the MI300X at least 192 GB
    and the MI325X at most 288 GB, both consistent, where the MI325X's 256 GB makes 288 wrong."""
    claims = drafted_claims("AMD's MI300X and MI325X pack 192-288 GB of HBM3/HBM3E.",
                            load_catalogue(ROOT / "specs"))
    assert len({c.get("subject") for c in claims}) == 2, claims
    assert not [c for c in claims if c.get("qualifier")], claims
    pair = [{"quote": "q", "subject": "a", "qualifier": "at_least"}, {"quote": "q", "subject": "b",
                                                                      "qualifier": "at_most"}]
    assert one_subject(pair) == [{"quote": "q", "subject": "a"}, {"quote": "q", "subject": "b"}]
    same = [{"quote": "q", "subject": "a", "qualifier": "at_least"}, {"quote": "q", "subject": "a",
                                                                      "qualifier": "at_most"}]
    assert [c["qualifier"] for c in one_subject(same)] == ["at_least", "at_most"]


@pytest.mark.parametrize("text, expected", [
    ("功耗为1.5-1.6千瓦。", [("1.5e3 W", "at_least"), ("1.6e3 W", "at_most")]),
    ("出货量60-90万颗。", [("60e4", "at_least"), ("90e4", "at_most")]),
    ("It holds 1.5 to 2 million chips.", [("1.5e6", "at_least"), ("2e6", "at_most")]),
])
def test_a_bare_end_takes_the_scale_of_its_pair(text, expected):
    """The low end had been read in watts (`1.5-1.6千瓦`: 1.5 W) or dropped (`1.5 to 2 million`)."""
    assert bounds(text) == expected


def test_a_descending_pair_is_no_range():
    assert bounds("It fell 140-120 kW.") == [("140 kW", ""), ("120 kW", "")]


def test_a_drafted_range_is_judged_as_the_range(tmp_path, capsys):
    """A chip that draws 1,300 W is inside "1,200-1,400 W": both bounds hold. As two plain
    claims, 1,200 W and 1,400 W would each have been found inconsistent."""
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "example.yaml").write_text(SPECS, encoding="utf-8")
    specs = str(tmp_path / "specs")
    for text, verdicts in (("The Zephyr Z1 draws 1,200-1,400 W.", ["consistent", "consistent"]),
                           ("The Zephyr Z1 draws 1,000-1,200 W.", ["inconsistent", "consistent"])):
        (tmp_path / "a.txt").write_text(text, encoding="utf-8")
        assert main(["draft", "-q", "--specs", specs, str(tmp_path / "a.txt")]) == 0
        drafted = capsys.readouterr().out
        assert [c.get("qualifier") for c in yaml.safe_load(drafted)["claims"]] == ["at_least", "at_most"]
        (tmp_path / "a.yaml").write_text(drafted, encoding="utf-8")
        assert main(["check", "-q", "--specs", specs, "--format", "json", str(tmp_path / "a.yaml")]) == 0
        results = yaml.safe_load(capsys.readouterr().out)
        assert sorted(r["verdict"] for r in results) == sorted(verdicts), results


# --- a phrasal verb's "around" -------------------------------------------------------------

@pytest.mark.parametrize("text, qualifier", [
    ("The pod is built around 256 Zephyr Z1 chips.", None),
    ("The pod is designed around 256 Zephyr Z1 chips.", None),
    ("The Zephyr Z1's power draw is centered around 1,300 W.", "roughly"),    # a hedge still
    ("The pod holds around 256 Zephyr Z1 chips.", "roughly"),
    ("The Zephyr Z1 draws around 1,300 W.", "roughly"),
])
def test_around_after_a_phrasal_verb_is_no_qualifier(specs, text, qualifier):
    (claim,) = drafted_claims(text, specs)
    assert claim.get("qualifier") == qualifier, claim


# --- a headline led by its figure ----------------------------------------------------------

def test_a_headline_led_by_its_figure_names_its_subject_after_the_colon(specs):
    (claim, *_) = drafted_claims("4 TB/s: Example's Zephyr Z1 Rewrites the Memory Playbook\n\nBody.", specs)
    assert claim.get("subject") == "zephyr" and claim.get("metric") == "hbm_bandwidth", claim
    assert not [t for t in claim.get("todo") or [] if t.startswith("subject:")], claim


# --- spec fields: `Label (unit): figure` under a heading -----------------------------------

FIELDS = "Example Zephyr Z1\nSuitable for: Servers\nVRAM Memory (GB): 96 (HBM3)\n" \
         "Power Consumption (Watt): 1300\nMemory Bandwidth (TB/s): 4\n"


def test_a_field_label_gives_its_figure_the_unit_and_the_heading_its_subject(specs):
    claims = drafted_claims(FIELDS, specs)
    got = [(c.get("subject"), c.get("metric"), c.get("claimed"), c["quote"]) for c in claims]
    assert got == [("zephyr", "hbm_capacity", "96 GB", "VRAM Memory (GB): 96 (HBM3)"),
                   ("zephyr", "power", "1300 W", "Power Consumption (Watt): 1300"),
                   ("zephyr", "hbm_bandwidth", "4 TB/s", "Memory Bandwidth (TB/s): 4")], claims
    assert not [c for c in claims if c.get("todo")], claims


def test_a_field_under_a_heading_that_names_no_one_keeps_its_question(specs):
    """Under "Other cards" a figure Zephyr does not publish is not Zephyr's unasked (one it
    publishes may stand: the assumed subject's own figure, settle.confirm_assumed)."""
    claims = drafted_claims("Zephyr Z1 is fast.\n\nOther cards\nPower Consumption (Watt): 900\n", specs)
    power = next(c for c in claims if "900" in str(c.get("claimed")))
    assert power.get("subject") is None or [t for t in power.get("todo") or [] if t.startswith("subject:")]


def mention_of(view: str, name: str) -> Mention:
    start = view.index(name)
    return Mention(start, start + len(name), name, "zephyr", ())


def test_a_field_naming_a_part_or_another_product_keeps_its_question(specs):
    text = "Example Zephyr Pod\nPer card power: 900 W\nPredecessor memory (GB): 64\n"
    for claim in drafted_claims(text, specs):
        asked = [t for t in claim.get("todo") or [] if t.startswith("subject:")]
        assert claim.get("subject") is None or asked, claim


def test_a_field_line_is_its_figures_quote(specs):
    claims = drafted_claims("Example Zephyr Pod\nPer card power: 900 W\nPod power: 300 kW\n", specs)
    assert [c["quote"] for c in claims] == ["Per card power: 900 W", "Pod power: 300 kW"], claims


def test_a_field_value_on_the_line_above_counts_no_chips():
    view = "Memory Bandwidth (GB/s): 768\nZephyr Z1\nPower: 1300 W"
    assert not is_counted(view, mention_of(view, "Zephyr Z1"))


def test_a_stat_card_figure_above_its_label_still_counts():
    view = "Intro.\n72\nZephyr Z1 GPUs / rack"
    assert is_counted(view, mention_of(view, "Zephyr Z1"))
    view = "The pod combines 64\nZephyr Z1 chips and 6 TB of HBM."       # a sentence wrapped
    assert is_counted(view, mention_of(view, "Zephyr Z1"))
    for view in ("  • Hosts: 8\n\nZephyr Z1 (16×16 = 256 chips):",          # a blank line between
                 "Cirrus C2 Training 2 TB/s 312\nZephyr Z1 Training 4 TB/s 275"):   # a table row's cell
        assert not is_counted(view, mention_of(view, "Zephyr Z1")), view
    assert is_counted("It holds 72 Zephyr Z1 chips.", mention_of("It holds 72 Zephyr Z1 chips.", "Zephyr Z1"))


# --- a count of chips that no system publishes ---------------------------------------------

def test_a_count_no_system_publishes_is_asked_among_the_chips_systems(specs):
    claims = drafted_claims("A single chip does not compare; a deployed cluster of 9,126 Zephyr Z1 chips "
                            "would be far faster.", specs)
    count = next(c for c in claims if c.get("claimed") == "9,126")
    asked = " ".join(t for t in count.get("todo") or [] if t.startswith("subject:"))
    assert "zephyr_pod" in asked and "names no entity" not in asked, count


# --- a written sign, and a yield ------------------------------------------------------------

@pytest.mark.parametrize("text, claimed", [
    ("Zephyr Z1 显存容量+50%。", "+50%"),
    ("Zephyr Z1 显存总带宽+约10%。", "+10%"),
    ("The Zephyr Z1 offers +50% memory.", "+50%"),
    ("The Zephyr Z1 memory −30%.", "-30%"),
])
def test_a_sign_written_before_a_percentage_makes_it_a_change(specs, text, claimed):
    (claim,) = drafted_claims(text, specs, "zh-Hans" if "显存" in text else "en")
    assert claim.get("claimed") == claimed, claim


@pytest.mark.parametrize("text, claimed", [
    ("Yields stuck around 20% late last year for the Zephyr Z1.", []),
    ("The foundry achieved a 90% yield on the Zephyr Z1.", []),
    ("Zephyr Z1 的良率約 20%。", []),
    ("The Zephyr Z1 yields 30% more bandwidth.", ["+30%"]),     # a verb, and a change
    ("The Zephyr Z1 yields a 40% reduction in energy per token.", ["-40%"]),
    ("台积电良率改善使 Zephyr Z1 推理性能提升30%。", ["+30%"]),
])
def test_a_yield_is_no_hardware_figure(specs, text, claimed):
    assert [c.get("claimed") for c in drafted_claims(text, specs)] == claimed


# --- scoring: a range drafted as its two bounds is the one annotated claim ---------------

def test_a_ranges_other_bound_is_not_noise():
    from claimaudit.draft.score import score
    quote = "The rack draws 120-140 kW."
    claims = [{"quote": quote, "claimed": "120 kW", "qualifier": "at_least"},
              {"quote": quote, "claimed": "140 kW", "qualifier": "at_most"}]
    ranged = {"number": "120-140 kW", "value": 1.2e5, "also": [1.4e5]}
    result = score(claims, [ranged])
    assert (result.found, result.drafted, result.noise) == (1, 2, 0)
    # two plain figures are two claims: the second is noise, as is a bound of no annotated range
    plain = [{k: v for k, v in c.items() if k != "qualifier"} for c in claims]
    assert score(plain, [ranged]).noise == 1
    assert score(claims, [{"number": "120-140 kW", "value": 1.2e5}]).noise == 1
    assert score(claims, []).noise == 2
    about = [dict(c, qualifier="roughly") for c in claims]     # "about 120-140 kW": about each end
    assert score(about, [ranged]).noise == 0
