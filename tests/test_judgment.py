"""Verdicts a fact-checker would sign (CONTRACT 10.2, issue 18), on tests/data/judgment: fixture
data built from the cases' arithmetic (144 x 2,517 TFLOPS, 1,080 vs 1.1 EFLOPS, 20.7 TB of
144 x 144 GiB, 432 GB vs 192 GiB, a chip with no FP4, a figure published after the article)."""

import json

import pytest

from claimaudit.cli import main
from claimaudit.engine.epistemic import with_own_numbers
from claimaudit.model import lint
from claimaudit.output.render import verdict_label
from claimaudit.output.results import to_records
from claimaudit.report.claimreview import claim_review
from claimaudit.run import check_paths, load_corpus
from conftest import DATA

JUDGMENT = DATA / "judgment"


@pytest.fixture(scope="module")
def records():
    run = check_paths([JUDGMENT / "claims"], JUDGMENT / "specs")
    return {r["id"]: r for r in to_records(run)}


# id -> verdict, severity, basis, derived value
KNOWN = [
    # 144 x 2,517 TFLOPS = 362.448 PFLOPS misses [362.5, 363.5]; 363 = 144 x 2.52, a rounded
    # figure of 3 digits (as many as the claim): rounding is not an error
    ("sys-fp8-363", "within_rounding", None, "claimant", 362.448),
    # 1,080 / 362.448 = 2.980 <= 3; 1.1 EF is the same figure rounded (one figure, the finer
    # stands), and Omega publishes it: 1,100 / 362.448 = 3.035 > 3
    ("rack-vs-sys-fp8-more-than-3x", "within_rounding", None, "independent", 2.97973778308),
    # 20,736 GiB = 20.25 TiB; 20.7 TiB misses by 2.2%: binary_decimal stays an error
    ("sys-hbm-20p7", "inconsistent", "major", "claimant", 20.25),
    # an article's own arithmetic is on the claimant's own figures
    ("own-arithmetic-10x", "consistent", None, "claimant", 10.0),
    ("own-and-spec-mixed", "consistent", None, "mixed", 2.0),
    # 432 GB vs 192 GiB read in one convention: 432 / 192 = 2.25
    ("mem-2p25x", "consistent", None, "independent", 2.25),
    # 128 x 288 GB read in one convention: 36,864 GiB = 36 TiB (not 36.864 TB of bytes)
    ("rack-36tb", "consistent", None, "independent", 36.0),
    # no FP4 at all: a positive FP4 figure is wrong, a ratio against it has no value
    ("chip-fp4-10pf", "inconsistent", "major", "independent", None),
    ("rack-vs-chip-fp4", "unverifiable", None, "independent", None),
]


@pytest.mark.parametrize("claim, verdict, severity, basis, value", KNOWN)
def test_known_answers(records, claim, verdict, severity, basis, value):
    record = records[claim]
    assert (record["verdict"], record["severity"], record["basis"]) == (verdict, severity, basis)
    derived = record["derived"] and record["derived"]["value"]
    assert derived == (pytest.approx(value) if value is not None else None)


def test_a_total_of_gb_members_reads_in_one_convention(records):
    assert records["rack-36tb"]["reading"] == "binary"
    assert records["rack-36tb"]["derived"]["unit"] == "TiB"


def test_rounding_keeps_its_explanation_and_names_whose_figure(records):
    own = records["sys-fp8-363"]["explanations"][0]
    assert own["cause"] == "double_rounding"
    assert "rounded to 2.52 PFLOPS (3 significant digits) as published (Zeta's figure, rounded " \
           "by the writer)" in own["reading"]
    published = records["rack-vs-sys-fp8-more-than-3x"]["explanations"][0]
    assert "(Omega's own rounded figure, omega-doc)" in published["reading"]
    assert all("\x00" not in key for item in own for key in item)


def test_other_causes_stay_errors(records):
    assert records["sys-hbm-20p7"]["explanations"][0]["cause"] == "binary_decimal"


def test_unsupported_hints(records):
    assert records["chip-fp4-10pf"]["sources"] == ["zeta-doc"]
    assert "zchip.fp4_dense: zeta-doc says zchip has no fp4_dense at all, so no positive " \
           "figure holds" in records["chip-fp4-10pf"]["hints"]
    assert "zchip.fp4_dense: zeta-doc says zchip has no fp4_dense at all, so a ratio against " \
           "it has no value" in records["rack-vs-chip-fp4"]["hints"]


def test_later_figures_are_named_and_as_published_is_strict(records):
    for claim, verdict in (("small-power-800", "inconsistent"), ("small-power-700", "consistent")):
        record = records[claim]
        assert record["verdict"] == verdict
        assert record["later"] == [{"source": "zeta-late", "date": "2025-09-01"}]
        # on 2025-03-01 no power figure was in force: today's no longer fills in
        assert record["as_published"]["verdict"] == "unverifiable"
    assert records["sys-fp8-363"]["later"] == []


def test_later_in_words(records):
    label = verdict_label(records["small-power-800"])
    assert label == "inconsistent (major), checked against figures published after the article " \
                    "(2025-09-01)"


def test_claimreview_never_rates_later_figures_as_known(records):
    source = {"url": "https://weekly.example/zeta", "title": "t", "date": "2025-03-01"}
    wrong = claim_review(records["small-power-800"], source, None, None)["reviewRating"]
    assert wrong["ratingValue"] == 3
    assert wrong["alternateName"] == \
        "Contradicted only by figures published after the article (2025-09-01)"
    assert claim_review(records["small-power-800"], source, None, None)["reviewBody"].startswith(
        "Contradicted only by figures published after the article (2025-09-01): the writer could "
        "not have known them")
    right = claim_review(records["small-power-700"], source, None, None)["reviewRating"]
    assert right["alternateName"].endswith(
        "; checked against figures published after the article (2025-09-01)")


def test_claimreview_keeps_the_rating_when_the_article_was_already_wrong(records):
    record = {**records["small-power-800"], "as_published": None}     # wrong then as well
    review = claim_review(record, {"url": "u"}, None, None)
    rating = review["reviewRating"]
    assert rating["ratingValue"] == 1
    assert rating["alternateName"] == \
        "Inaccurate; checked against figures published after the article (2025-09-01)"
    assert review["reviewBody"].startswith("Inaccurate: the spec sources give a different "
                                           "figure; checked against figures published after")


def test_check_text_says_later(capsys):
    assert main(["check", str(JUDGMENT / "claims"), "--specs", str(JUDGMENT / "specs")]) == 0
    out = capsys.readouterr().out
    assert "checked against figures published after the article (2025-09-01)" in out


def test_unit_twins_are_refused(capsys, monkeypatch):
    monkeypatch.chdir(JUDGMENT / "twins")
    assert main(["check", "claims", "--specs", "specs"]) == 2
    assert capsys.readouterr().err == (
        "specs/twins.yaml:10: entity 'twinchip': fact 'hbm_capacity': 192 GiB [doc-b] and 192 GB "
        "[doc-a] are one figure labelled two ways (memory sold in GB is JEDEC-binary); keep one "
        "and mark the other `superseded: true`\n"
        "claimaudit: 1 problem in the input; nothing was checked\n")


def test_relay_lint():
    corpus = load_corpus([JUDGMENT / "claims"], JUDGMENT / "specs")
    found = [p.message for p in lint.findings(corpus) if "relay" in p.message]
    assert found == ["zchip.hbm_bandwidth = 4.9 TB/s [outlet-news]: a relay of whose figure? "
                     "source 'outlet-news' (press, party outlet) states zeta's figure; set "
                     "`party: zeta` and `via: outlet`"]


@pytest.mark.parametrize("found, expected", [
    (None, "claimant"), ("claimant", "claimant"), ("independent", "mixed"), ("mixed", "mixed")])
def test_own_numbers_rule(found, expected):
    assert with_own_numbers(found) == expected


def test_json_records_carry_later(capsys):
    assert main(["check", str(JUDGMENT / "claims"), "--specs", str(JUDGMENT / "specs"),
                 "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert isinstance(out, list) and all(isinstance(r["later"], list) for r in out)
