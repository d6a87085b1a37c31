"""Structure of a drafted claim (issue 19): each rule that decides a field, tested alone, on
fixture specs (tests/data/draft-specs/), and the promise that new knowledge never makes the
drafter confidently wrong."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from draft_catalogues import SPECS

from claimaudit.draft.article import SourceInfo, draft_document
from claimaudit.draft.entities import Mention, load_catalogue
from claimaudit.draft.families import family_words, named_one, shared_names
from claimaudit.draft.figure_match import decide_metric, decide_subject, same_figure
from claimaudit.draft.settle import one_product
from claimaudit.draft.structure_score import ASKED, ASKED_OTHER, RIGHT, SILENT, field_verdict
from claimaudit.draft.topic import anaphor, related, topic_ids

ROOT = Path(__file__).resolve().parent.parent
ARTICLE = (SPECS / "article.txt").read_text(encoding="utf-8")


def drafted(text: str, catalogue) -> list[dict]:
    return draft_document(text, SourceInfo("t", "t", "en"), catalogue)["claims"]


def claim_for(claims: list[dict], claimed: str) -> dict:
    return next(c for c in claims if c.get("claimed") == claimed)


# --- the rules, one by one ---------------------------------------------------------------

@pytest.mark.parametrize("sentence, kind", [
    ("It delivers 4,000 TFLOPS", "any"),
    ("The chip delivers 4,000 TFLOPS", "chip"),
    ("With 1.2TBps of I/O, the system scales to 9,216 chips", "system"),
    ("該晶片的記憶體是 192GB", "chip"),
    ("Zephyr delivers 4,000 TFLOPS", None),
    ("Google said its own chips use 4,000 TFLOPS", None),     # "its" not at a clause start
])
def test_anaphor_is_a_clause_subject(sentence, kind):
    assert anaphor(sentence, sentence.index(next(c for c in sentence if c.isdigit()))) == kind


def test_topic_is_the_last_named_paragraph_and_the_texts_own_subject():
    mentions = [Mention(0, 5, "zephyr", "Zephyr"), Mention(10, 15, "zephyr", "Zephyr"),
                Mention(30, 35, "breeze", "Breeze")]
    paragraphs = [(0, 20), (21, 40), (41, 60)]
    assert topic_ids(mentions, paragraphs, 45) == ["breeze", "zephyr"]
    assert topic_ids(mentions, paragraphs, 12) == ["zephyr"]
    assert topic_ids(mentions, paragraphs, 0) == []


def test_related_maps_an_anaphor_kind_through_members(base):
    assert related(base, "zephyr", "chip") == ["zephyr"]
    assert related(base, "zephyr", "cluster") == ["zephyr_pod"]
    assert related(base, "zephyr_pod", "chip") == ["zephyr"]
    assert related(base, "zephyr", "any") == ["zephyr"]


def test_family_words_are_shared_name_words():
    names = {"a1": {"Aurora X1"}, "a2": {"Aurora X2"}, "z": {"Zephyr Z2", "Zephyr"},
             "zp": {"Zephyr Pod"}}
    families = family_words(names, {"Example"}, {"Pod"}, ["Zeta series"])
    assert families == {"aurora": {"a1", "a2"}}     # "Zephyr" is one entity's own name


SHARED = shared_names({"ZD100": ["z1", "z1_pcie", "z2", "gone"]},
                      {"z1": 0, "z1_pcie": 0, "z2": 0, "y": 0}, set())


@pytest.mark.parametrize("text, mentions, die", [
    # a die's code name in a text that names one product using it is that product
    ("The Z1 ships. ZD100芯片采用7nm", [Mention(0, 0, "z1", "Z1")], "z1"),
    # a text naming two of them (a table's `Die | ZD100 | ZD100` row): no mention
    ("Z1 | Z1 PCIe\nDie | ZD100 | ZD100", [Mention(0, 0, "z1", "Z1"), Mention(0, 0, "z1_pcie", "Z1 PCIe")],
     None),
    # none, in a sentence naming another product (its predecessor's die): no mention
    ("Two years after the ZD100 chip, the Y ships.", [Mention(38, 39, "y", "Y")], None),
])
def test_a_dies_shared_name_is_the_one_product_the_text_names(text, mentions, die):
    found = [m for m in named_one(text, mentions, SHARED, Mention) if m.text == "ZD100"]
    assert [m.entity for m in found] == ([die] if die else [])


def test_a_dies_name_in_a_text_naming_none_of_its_products_is_a_family():
    """A rumour of "the GH100 chip" before the H100 had a name: the die's products are the
    candidates, asked (never "not in the specs: add it")."""
    found = named_one("The Y ships. ZD100 has 7nm", [Mention(0, 0, "y", "Y")], SHARED, Mention)
    assert [(m.entity, m.candidates) for m in found if m.text == "ZD100"] == [("", ("z1", "z1_pcie", "z2"))]


def test_a_dies_name_in_brackets_after_its_product_is_no_second_mention():
    text = "Z1 (ZD100, Newarch) |"
    assert named_one(text, [Mention(0, 2, "z1", "Z1")], SHARED, Mention) == [Mention(0, 2, "z1", "Z1")]


def test_a_shared_name_needs_two_ids_one_the_specs_hold_and_no_name_of_its_own():
    assert list(SHARED.values()) == [("z1", "z1_pcie", "z2")]
    # a name the lexicon gives two products, of which the specs hold one ("Ponte Vecchio"): asked
    assert list(shared_names({"ZD100": ["z1", "gone"]}, {"z1": 0}, set()).values()) == [("z1",)]
    assert shared_names({"ZD100": ["z1"]}, {"z1": 0}, set()) == {}
    assert shared_names({"ZD100": ["gone", "away"]}, {"z1": 0}, set()) == {}
    assert shared_names({"ZD100": ["z1", "z2"]}, {"z1": 0, "z2": 0}, {"zd100"}) == {}


def test_a_model_number_that_begins_several_names_is_a_family_word():
    names = {"g1": {"ZX300 GPU"}, "g2": {"ZX300 NVL72"}, "g3": {"ZX200 NVL72"}, "e1": {"EC2 Zed1"},
             "e2": {"EC2 Zed2"}, "z": {"ZX500"}, "z2": {"ZX500 Pod"}}
    # "ZX300" alone names the chip or the rack; a short code (EC2) and a whole name (ZX500) do not
    assert family_words(names, set(), set(), []) == {"zx300": {"g1", "g2"}}


def test_explicit_family_words_take_the_entities_whose_names_start_so():
    names = {"m1": {"MI350X"}, "m2": {"MI355X"}, "m3": {"MI300X"}}
    both = {"m1", "m2"}
    assert family_words(names, set(), set(), ["MI35 series"]) == {
        "mi35 series": both, "mi35": both, "mi35 系列": both}      # the series named bare, in Chinese


def test_a_numbered_series_with_fewer_than_two_members_is_its_number_without_zeros():
    names = {"m1": {"MI350X"}, "m2": {"MI355X"}, "m4": {"MI455X"}, "m5": {"MI450X"}, "m3": {"MI300X"},
             "m6": {"MI300A"}}
    families = family_words(names, set(), set(), ["MI350 series", "MI400 series", "MI300 series"])
    assert families["mi350 series"] == {"m1", "m2"} and families["mi400"] == {"m4", "m5"}
    assert families["mi300 series"] == {"m3", "m6"}         # two members: no widening


def test_a_series_word_is_asked_even_when_the_specs_hold_one_member():
    catalogue = load_catalogue(SPECS / "base")
    assert claim_for(drafted("Breeze has 64 GB of HBM.", catalogue), "64 GB").get("subject") == "breeze"
    catalogue.family_keys = frozenset({"breeze"})          # as if "Breeze" were a series word
    claim = claim_for(drafted("Breeze has 64 GB of HBM.", catalogue), "64 GB")
    assert "subject" not in claim
    assert any(t.startswith("subject: 'Breeze' may mean breeze") for t in claim["todo"])


def test_a_family_word_in_lower_case_that_is_an_english_word_names_nothing():
    catalogue = load_catalogue(SPECS / "base")
    catalogue.common_words = {"aurora": {"x"}}      # as if the lexicon listed it: names go on with "X"
    assert [m.candidates for m in catalogue.find("An Aurora has 128 GB.")] == [("aurora_x1", "aurora_x2")]
    assert catalogue.find("an aurora over the data hall") == []
    assert [m.candidates for m in catalogue.find("an aurora x part")] == [("aurora_x1", "aurora_x2")]
    bundled = load_catalogue(ROOT / "specs")             # the lexicon's own list
    assert bundled.find("It uses 7 nm wafers from TSMC, a single silicon wafer.") == []
    for named in ("The Wafer-Scale Engine", "a 125 PetaFLOPS wafer-scale processor"):
        assert set(bundled.find(named)[0].candidates) == {"cerebras_wse2", "cerebras_wse3"}


def test_a_carried_subject_off_its_figure_names_the_earlier_familys_holder(base):
    """"這顆擁有1460億個電晶體的晶片" after "代號為Instinct MI300的晶片" and the H100's 80 billion: the
    carried subject's figure is not the number, an Aurora's is: both asked, the holder named."""
    text = ("這顆代號為Aurora的晶片是新的。\n之前,Breeze B1擁有的記憶體是 32 GB。\n"
            "具體來說,這顆擁有144 GB記憶體的晶片,採用小晶片設計。\n")
    claim = claim_for(drafted(text, base), "144 GB")
    assert any("breeze (named earlier) assumed" in t for t in claim["todo"])
    assert any("aurora_x2 (of a family named earlier) publishes it" in t for t in claim["todo"])
    alone = claim_for(drafted(text.replace("這顆代號為Aurora的晶片是新的。\n", ""), base), "144 GB")
    assert not any("aurora" in t for t in alone["todo"])


@pytest.mark.parametrize("claimed, published, same", [
    (7.4e12, 7.37e12, True), (7.3e12, 7.37e12, True), (7.0e12, 7.37e12, False), (4e15, 4e15, True)])
def test_same_figure_is_within_one_percent(claimed, published, same):
    assert same_figure(claimed, published) is same


def test_the_number_decides_among_candidates_only_when_one_matches(base, extended):
    assert decide_subject(base, ["aurora_x1", "aurora_x2"], "hbm_capacity", "GB", 144e9) == "aurora_x2"
    assert decide_subject(extended, ["aurora_x1", "aurora_x2", "aurora_x3"], "hbm_capacity", "GB",
                          144e9) is None
    assert decide_subject(base, ["aurora_x1", "aurora_x2"], "hbm_capacity", "GB", 128e9) is None
    assert decide_metric(base, "zephyr", ["fp8_dense", "fp8_sparse"], 4e15) == "fp8_dense"
    assert decide_subject(base, ["zephyr", "breeze"], None, "GB", 192e9) == "zephyr"   # 192 GiB


# --- the drafter on the fixture article ----------------------------------------------------

EXPECTED = [      # claimed, subject, baseline, metric: decided with no todo
    ("4,000 TFLOPS", "zephyr", None, "fp8_dense"),       # "The chip": the paragraph's topic
    ("192 GB", "zephyr", None, "hbm_capacity"),
    ("8,192", "zephyr_pod", None, "chips"),              # "chips per pod": the chip's pod
    ("32.8 EFLOPS", "zephyr_pod", None, "fp8_dense"),    # the pod's published figure
    ("6x", "zephyr", "breeze", "hbm_capacity"),          # "the memory of Breeze B1"
    ("144 GB", "aurora_x2", None, "hbm_capacity"),       # one Aurora publishes 144 GB
]


@pytest.mark.parametrize("claimed, subject, baseline, metric", EXPECTED)
def test_decided_fields(base, claimed, subject, baseline, metric):
    claim = claim_for(drafted(ARTICLE, base), claimed)
    assert (claim.get("subject"), claim.get("baseline"), claim.get("metric")) == (subject, baseline, metric)
    assert "todo" not in claim


def test_a_family_name_is_asked_with_its_candidates(base):
    claim = claim_for(drafted(ARTICLE, base), "128 GB")
    assert "subject" not in claim
    assert any("aurora_x1, aurora_x2" in line for line in claim["todo"])


def test_a_chinese_possessive_is_no_baseline_of_an_amount(base):
    claims = drafted(ARTICLE, base)
    claim = next(c for c in claims if c["quote"].startswith("上一代 Aurora"))
    assert "baseline" not in claim and not any(t.startswith("baseline:") for t in claim["todo"])
    assert any(t.startswith("subject: 'Aurora' may mean") for t in claim["todo"])


def fields(claim: dict) -> dict:
    """{field: (value, asked)} of a drafted claim."""
    todo = claim.get("todo") or []
    return {name: (claim.get(name), any(t.startswith(f"{name}:") for t in todo) or
                   claim.get("kind") == "qualitative")
            for name in ("subject", "baseline", "metric")}


SCOPED = ("Zephyr Z2 draws 50 kW per rack. Zephyr Z2 reaches 32.8 exaflops per pod.\n\n"
          "Zephyr Z2 has 192 GB vs. 30 GB, compared to the Breeze B1's 32 GB.")


def test_new_entities_never_flip_a_decision_to_another_id(base, extended):
    """Adding knowledge may settle a question or raise one, never change an answer silently."""
    texts = [ARTICLE, SCOPED, *(p.read_text(encoding="utf-8") for p in
                        sorted((ROOT / "tests" / "data" / "draft" / "tune").glob("*.txt")))]
    for text in texts:
        before, after = drafted(text, base), drafted(text, extended)
        assert [c["quote"] for c in before] == [c["quote"] for c in after]
        for old, new in zip(before, after):
            for name, (value, asked) in fields(old).items():
                new_value, new_asked = fields(new)[name]
                if value and not asked and not new_asked:
                    assert new_value == value, (name, old["quote"], value, new_value)


def test_new_entities_keep_the_fixture_answers_right_or_asked(extended):
    claims = drafted(ARTICLE, extended)
    for claimed, subject, baseline, metric in EXPECTED:
        claim = claim_for(claims, claimed)
        note = {"subject": subject, "baseline": baseline, "metric": metric}
        assert all(field_verdict(claim, f, note[f]) in (RIGHT, ASKED) for f in note), claim


# --- the scorer's rule ----------------------------------------------------------------------

@pytest.mark.parametrize("claim, expected, verdict", [
    ({"subject": "a", "metric": "m"}, "a", RIGHT),
    ({"subject": "b", "metric": "m"}, "a", SILENT),
    ({"subject": "b", "todo": ["subject: b written: confirm; or a"]}, "a", ASKED),
    ({"kind": "qualitative", "todo": ["subject: 'X' may mean a, c; name one"]}, "a", ASKED),
    ({"kind": "qualitative", "todo": ["subject: 'X' may mean c, d; name one"]}, "a", ASKED_OTHER),
    ({"subject": "b", "metric": "m"}, "?", SILENT),
    ({"kind": "qualitative", "todo": ["subject: pick one"]}, "?", ASKED),
])
def test_field_verdict(claim, expected, verdict):
    assert field_verdict(claim, "subject", expected) == verdict


def test_draft_reads_standard_input():
    run = subprocess.run([sys.executable, "-m", "claimaudit", "draft", "-", "--specs", str(SPECS / "base")],
                         input="The Zephyr Z2 has 192 GB of HBM.\n".encode(), capture_output=True,
                         cwd=ROOT, timeout=60)
    assert run.returncode == 0, run.stderr
    assert b"subject: zephyr\n" in run.stdout and b"id: stdin\n" in run.stdout


def test_draft_standard_input_must_be_utf8():
    run = subprocess.run([sys.executable, "-m", "claimaudit", "draft", "-", "--specs", str(SPECS / "base")],
                         input=b"\xff", capture_output=True, cwd=ROOT, timeout=60)
    assert run.returncode == 2
    assert run.stderr == b"claimaudit: <stdin>:1: expected UTF-8 text, found byte 0xff\n"


# --- tables ----------------------------------------------------------------------------------

TABLES = {
    "markdown": "| Spec | Breeze B1 | Zephyr Z2 | Change |\n|---|---|---|---|\n"
                "| HBM capacity | 32 GB | 192 GB | +500% |\n",
    "html": "<table><tr><th>Spec</th><th>Breeze B1</th><th>Zephyr Z2</th><th>Change</th></tr>"
            "<tr><td>HBM capacity</td><td>32 GB</td><td>192 GB</td><td>+500%</td></tr></table>",
    "aligned": "Spec            Breeze B1    Zephyr Z2    Change\n"
               "HBM capacity    32 GB        192 GB       +500%\n",
    "pasted": "指标 Breeze B1 (32GB) Zephyr Z2 (192GB) 提升\n显存容量 32 GB 192 GB +500%\n",
    "transposed": "| Chip | HBM capacity | FP8 dense |\n|---|---|---|\n| Breeze B1 | 32 GB | 900 TF |\n"
                  "| Zephyr Z2 | 192 GB | 4,000 TF |\n",
}


@pytest.mark.parametrize("layout", ["markdown", "html", "aligned", "pasted"])
def test_a_table_cell_is_a_claim_of_its_column(base, layout):
    claims = drafted(TABLES[layout], base)
    rows = [c for c in claims if "HBM capacity" in c["quote"] or "显存容量" in c["quote"]]
    got = [(c.get("subject"), c.get("baseline"), c.get("metric"), c.get("claimed")) for c in rows]
    assert got == [("breeze", None, "hbm_capacity", "32 GB"), ("zephyr", None, "hbm_capacity", "192 GB"),
                   ("zephyr", "breeze", "hbm_capacity", "+500%")]


def test_a_transposed_table_takes_its_subject_from_the_row(base):
    claims = drafted(TABLES["transposed"], base)
    got = [(c.get("subject"), c.get("metric"), c.get("claimed")) for c in claims]
    assert got == [("breeze", "hbm_capacity", "32 GB"), ("breeze", "fp8_dense", "900 TFLOPS"),
                   ("zephyr", "hbm_capacity", "192 GB"), ("zephyr", "fp8_dense", "4,000 TFLOPS")]


def test_a_table_column_the_specs_lack_is_asked(base):
    table = "| Spec | Zephyr Z2 | Qubit QX9000 |\n|---|---|---|\n| HBM capacity | 192 GB | 512 GB |\n"
    claims = drafted(table, base)
    lacking = claim_for(claims, "512 GB")
    assert "subject" not in lacking and any("'Qubit QX9000'" in t for t in lacking["todo"])


def test_a_figure_tells_scopes_of_one_product_apart_but_not_two_products(base):
    assert one_product(base, ["zephyr", "zephyr_pod"])
    assert not one_product(base, ["zephyr", "breeze"])
    claims = drafted("Example launched the Zephyr Z2 and its Zephyr Pod.\n\nA whopping 32.8 exaflops.\n"
                     "\nBreeze B1 shipped too.\n\nZephyr Z2 was named again.\n\nAnd 900 TFLOPS, they say.\n",
                     base)
    assert claim_for(claims, "32.8 EFLOPS").get("subject") == "zephyr_pod"     # one product
    assert "subject" not in claim_for(claims, "900 TFLOPS")                    # two products: ask


def test_a_plural_anaphor_takes_the_topic_of_its_kind(base):
    claims = drafted("The Zephyr Pod holds Zephyr Z2 chips.\n\nThese chips reach 7.4 TB/s each.\n", base)
    claim = claim_for(claims, "7.4 TB/s")
    assert (claim.get("subject"), claim.get("metric")) == ("zephyr", "hbm_bandwidth")


def test_a_ratio_with_its_subject_open_asks_its_baseline_among_the_same_ids(base):
    """Asked, not left blank: the ids the subject may be are the ones it may be compared with."""
    text = "Zephyr Z2 and Breeze B1 were shown this week. This resulted in a 3x improvement in FP8 compute."
    claim = claim_for(drafted(text, base), "3x")
    asks = [t for t in claim["todo"] if t.startswith("baseline:")]
    assert asks == ["baseline: the sentence names nothing this is compared with; "
                    "the text names breeze, zephyr: pick one or add `baseline:`"]
    assert field_verdict(claim, "baseline", "breeze") == ASKED


def test_a_quote_reaches_back_to_the_subject_named_before_its_clause(base):
    """"H100:80GB HBM3,带宽 3.35 TB/s": the bandwidth's quote shows whose it is."""
    claims = drafted("Zephyr Z2:192GB HBM,带宽 7.4 TB/s。\n\nBreeze has 32 GB of HBM.", base)
    assert claim_for(claims, "7.4 TB/s")["quote"] == "Zephyr Z2:192GB HBM,带宽 7.4 TB/s。"
    assert claim_for(claims, "32 GB")["quote"] == "Breeze has 32 GB of HBM."
    farther = drafted("（Zephyr Z2）現已正式可用，提供 192GB HBM。", base)     # two clauses back: not reached
    assert claim_for(farther, "192 GB")["quote"] == "提供 192GB HBM。"


def test_a_count_of_chips_asked_among_chips_is_asked_among_their_holders(base):
    """A chip holds no chips: the candidates become the pods holding them, and a figure that
    matches exactly one of those decides it."""
    decided = claim_for(drafted("Zephyr Z2 and Breeze B1 scale to 8,192 chips.", base), "8,192")
    assert (decided.get("subject"), decided.get("metric")) == ("zephyr_pod", "chips")
    assert "todo" not in decided
    asked = claim_for(drafted("Zephyr Z2 and Breeze B1 scale to 4,096 chips.", base), "4,096")
    assert "subject" not in asked
    assert field_verdict(asked, "subject", "zephyr_pod") == ASKED


def test_a_named_baseline_is_asked_at_each_scope_the_open_subject_may_have(base):
    """The subject may be a chip or a pod: the named chip baseline is asked with its pod."""
    text = ("Breeze B1 and the Zephyr Pod were shown this week. "
            "This resulted in 3x the memory bandwidth of Zephyr Z2.")
    claim = claim_for(drafted(text, base), "3x")
    assert ("baseline: zephyr is named; at the scope of the subject it may be zephyr_pod: "
            "pick one or keep zephyr") in claim["todo"]
    assert field_verdict(claim, "baseline", "zephyr_pod") == ASKED
    assert field_verdict(claim, "baseline", "zephyr") == ASKED


def test_an_assumed_subject_asks_with_the_kin_of_the_other_names(base):
    """The text also named a pod: its chip is among the ids the question lists."""
    text = "The Zephyr Pod was shown this week.\n\nBreeze B1 was shown too.\n\n内存:64GB HBM容量"
    claim = claim_for(drafted(text, base), "64 GB")
    assert claim["todo"] == ["subject: not named in this sentence; breeze (named earlier) assumed: confirm "
                             "or change (the text also names zephyr_pod, zephyr)"]
    assert field_verdict(claim, "subject", "zephyr") == ASKED


def test_an_asked_subject_lists_the_named_ids_that_publish_the_figure(base):
    """Asked, not decided: the text named Zephyr elsewhere, and 4,000 TFLOPS is its figure."""
    text = ("Zephyr Z2 was shown this week.\n\nBreeze B1 was shown too.\n\n"
            "The part reaches {} TFLOPS of dense FP8.")
    matched = claim_for(drafted(text.format("4,000"), base), "4,000 TFLOPS")
    assert "subject: zephyr (named in the text) publishes 4,000 TFLOPS; pick one (breeze written: " \
           "confirm or change)" in matched["todo"]
    other = claim_for(drafted(text.format("3,000"), base), "3,000 TFLOPS")
    assert not any("publish" in t for t in other["todo"])


@pytest.mark.parametrize("header", ["改進", "Improvement", "提升"])
def test_a_bare_percentage_under_an_increase_header_is_a_ratio_of_the_columns(base, header):
    table = (f"| Spec | Breeze B1 | Zephyr Z2 | {header} |\n|---|---|---|---|\n"
             "| HBM capacity | 32 GB | 192 GB | 500% |\n")
    change = claim_for(drafted(table, base), "+500%")
    assert (change.get("subject"), change.get("baseline"), change.get("metric")) == (
        "zephyr", "breeze", "hbm_capacity")


def test_a_bare_percentage_under_another_header_is_no_change_column(base):
    table = ("| Spec | Breeze B1 | Zephyr Z2 | Share |\n|---|---|---|---|\n"
             "| HBM capacity | 32 GB | 192 GB | 50% |\n")
    assert not [c for c in drafted(table, base) if c.get("baseline")]


def test_an_amount_in_a_header_naming_the_column_is_part_of_the_name(base):
    table = ("| Spec | Zephyr Z2 192GB PCIe | Breeze B1 |\n|---|---|---|\n"
             "| HBM capacity | 192GB | 32 GB |\n")
    claims = drafted(table, base)
    assert [(c.get("subject"), c["claimed"]) for c in claims] == [("zephyr", "192 GB"), ("breeze", "32 GB")]


@pytest.mark.parametrize("text, subject, asked", [
    # one long paragraph: the nearest sentence that names any names the Zephyr alone, and the
    # Zephyr is the text's most named: its figure continues it
    ("The Breeze B1 was last year's part. The Zephyr is the flagship. "
     "The specifications for the Zephyr include the following. Memory bandwidth is 7.4 TB/s.",
     "zephyr", False),
    # the most named is the Breeze: the nearest sentence decides nothing alone
    ("The Breeze B1 is popular. The Breeze sells well. The Zephyr is new. "
     "Memory bandwidth is 7.4 TB/s.", None, True),
    # the nearest sentence that names any names both
    ("The Zephyr is the flagship. The Zephyr and the Breeze B1 ship now. "
     "Memory bandwidth is 7.4 TB/s.", None, True),
    # a name the specs lack in the sentence itself leaves it open
    ("The Breeze B1 is old. The Zephyr is the flagship. The Zephyr ships now. "
     "The Gale GX700 memory bandwidth is 7.4 TB/s.", None, True),
])
def test_a_nameless_sentence_continues_the_nearest_sentence_naming_the_texts_subject(base, text, subject,
                                                                                     asked):
    claim = claim_for(drafted(text, base), "7.4 TB/s")
    assert any(t.startswith("subject:") for t in claim.get("todo") or []) == asked
    assert asked or claim.get("subject") == subject


@pytest.mark.parametrize("text, holder", [
    ("The Breeze B1 shipped last year.\n\nThe Zephyr comes with 32 GB of HBM.\n", "breeze"),
    # a family named elsewhere in the text: its member that publishes the memory
    ("Aurora is the other line.\n\nThe Zephyr comes with 96 GB of HBM.\n", "aurora_x1"),
])
def test_a_named_chips_memory_that_another_part_in_the_text_publishes_is_asked(base, text, holder):
    claim = next(c for c in drafted(text, base) if c.get("metric") == "hbm_capacity")
    assert claim.get("subject") == "zephyr"
    assert any(t.startswith(f"subject: {claim['claimed']} is not zephyr's published figure; {holder} (named "
                            "in the text)") for t in claim.get("todo", [])), claim


def test_an_asked_memory_lists_a_family_member_named_in_the_text_that_publishes_it(base):
    text = ("Aurora is the other line.\n\n"
            "The Zephyr and the Breeze B1 ship too. One of them carries 96 GB of HBM.\n")
    claim = next(c for c in drafted(text, base) if c.get("claimed") == "96 GB")
    assert claim.get("subject") is None
    assert "subject: aurora_x1 (named in the text) publishes 96 GB; pick one" in claim.get("todo", []), claim


def test_a_list_keeps_its_lead_past_a_predecessor_and_a_figure_set_against_it(base):
    """The lead line names the Zephyr as "the successor to" the Breeze, and the first item sets
    a figure against the Breeze's ("over the 32 GB in the Breeze"): neither makes the Breeze a
    topic, so the next item's power is the Zephyr's."""
    text = ("The Zephyr is the successor to the widely acclaimed Breeze B1. Key specifications include:\n"
            "- Memory: 192 GiB, a sixfold increase over the 32 GB in the Breeze model\n"
            "- Power: 1,000W power draw\n")
    claim = next(c for c in drafted(text, base) if c.get("claimed") == "1,000 W")
    assert (claim.get("subject"), claim.get("metric"), claim.get("todo")) == ("zephyr", "power", None)


def test_a_carried_subject_is_not_doubted_for_its_other_densitys_figure(base):
    """"Up to 8,000 TFLOPS of FP8" under a lead naming the Zephyr: the figure is its sparse one,
    so the density is asked, not whose the figure is."""
    text = "The Zephyr is the flagship. Key specifications include:\n- Up to 8,000 TFLOPS of FP8\n"
    claim = next(c for c in drafted(text, base) if c.get("claimed") == "8,000 TFLOPS")
    assert claim.get("subject") == "zephyr"
    assert not [t for t in claim.get("todo", []) if t.startswith("subject:")], claim
    assert any("dense or sparse" in t for t in claim.get("todo", [])), claim
