"""Section 9.1 known answers (pipeline/engine/epistemic.py) on tests/data/epi: parties, a circular
source, a dated supersession, `superseded: true`, an undated source without a party."""

import json

import pytest

from claimaudit.cli import main
from claimaudit.engine.epistemic import basis
from claimaudit.output.results import to_records
from claimaudit.run import check_paths
from conftest import DATA

EPI = DATA / "epi"
CHIPNEWS, LAUNCH = "chipnews-2025-04-15", "acme-2025-03-01-launch"


@pytest.fixture(scope="module")
def today():
    return {(r["source"], r["id"]): r for r in to_records(check_paths([EPI / "claims"], EPI / "specs"))}


@pytest.fixture(scope="module")
def early():
    records = to_records(check_paths([EPI / "claims"], EPI / "specs", "2025-02-01"))
    return {(r["source"], r["id"]): r for r in records}


# (source, claim) -> verdict today, basis, sources, as-published verdict (None: same as today)
TODAY = [
    # 4.7 was superseded on 2025-06-01 by 4.9; on 2025-04-15 only 4.7 was in force
    (CHIPNEWS, "bw-4p7", "inconsistent", "claimant", ["acme-doc-rev"], "consistent"),
    (CHIPNEWS, "bw-4p9", "consistent", "claimant", ["acme-doc-rev"], "inconsistent"),
    # every fact is Acme's own (the claimant named in the claim)
    (CHIPNEWS, "fp8-3x", "consistent", "claimant", ["acme-doc", "acme-launch"], None),
    # one side Acme's, the other Chip News's
    (CHIPNEWS, "cap-2x", "consistent", "mixed", ["chipnews-review", "acme-doc"], None),
    # `superseded: true` (150 GB) is never used; 200 GB is Chip News's, the claimant is Acme
    (CHIPNEWS, "cap-200", "consistent", "independent", ["chipnews-review"], None),
    # no claimant named: the claim source's party (chipnews) is the claimant
    (CHIPNEWS, "cap-200-own", "consistent", "claimant", ["chipnews-review"], None),
    # a source without a party is never the claimant
    (CHIPNEWS, "power-500", "consistent", "independent", ["lab-sheet"], None),
    (CHIPNEWS, "fp16-missing", "unverifiable", None, [], None),
    (CHIPNEWS, "words", "unverifiable", None, [], None),
    # the launch article's own URL: its facts (both source ids of that URL) never confirm it
    (LAUNCH, "fp8-3x", "unverifiable", "claimant", ["acme-doc"], None),
    (LAUNCH, "power-700", "unverifiable", None, [], None),
    # as published on 2025-03-01 without its own 4.7: no bandwidth then, and today's 4.9 no
    # longer serves (CONTRACT 10.2): unverifiable as published
    (LAUNCH, "bw-4p7", "inconsistent", "claimant", ["acme-doc-rev"], "unverifiable"),
    (LAUNCH, "power-500", "consistent", "independent", ["lab-sheet"], None),
]


@pytest.mark.parametrize("source, claim, verdict, basis_, sources, then", TODAY)
def test_known_answers_today(today, source, claim, verdict, basis_, sources, then):
    record = today[(source, claim)]
    assert (record["verdict"], record["basis"], record["sources"]) == (verdict, basis_, sources)
    if then is None:
        assert record["as_published"] is None
    else:
        assert record["as_published"]["verdict"] == then
        assert record["as_published"]["date"] == ("2025-04-15" if source == CHIPNEWS
                                                  else "2025-03-01")


def test_as_published_record_in_full(today):
    assert today[(CHIPNEWS, "bw-4p9")]["as_published"] == {
        "date": "2025-04-15", "verdict": "inconsistent", "severity": "major",
        "derived": {"value": 4.7, "unit": "TB/s", "low": 4.65, "high": 4.75},
        "sources": ["acme-launch"]}


# --as-of 2025-02-01: only acme-doc (2025-01-01) and the undated lab sheet are in force
EARLY = [
    (CHIPNEWS, "bw-4p7", "unverifiable", ["widget.hbm_bandwidth"]),
    (CHIPNEWS, "fp8-3x", "unverifiable", ["widget2.fp8_dense"]),
    (CHIPNEWS, "cap-200", "unverifiable", ["widget2.hbm_capacity"]),  # 150 GB: superseded: true
    (CHIPNEWS, "power-500", "consistent", []),                         # undated: in force
]


@pytest.mark.parametrize("source, claim, verdict, missing", EARLY)
def test_known_answers_as_of(early, source, claim, verdict, missing):
    record = early[(source, claim)]
    assert (record["verdict"], record["missing"], record["as_published"]) == (verdict, missing, None)


def test_every_json_result_has_basis_and_as_published(capsys, monkeypatch):
    monkeypatch.chdir(EPI)
    assert main(["check", "claims", "--specs", "specs", "--format", "json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert records and all("basis" in r and "as_published" in r for r in records)


@pytest.mark.parametrize("sources, claimant, expected", [
    ((), "acme", None),
    (("a",), "acme", "claimant"),
    (("a", "b"), "acme", "mixed"),
    (("b",), "acme", "independent"),
    (("none",), "acme", "independent"),   # no party: not the claimant
    (("a",), None, "independent"),        # no claimant: nobody's own figures
])
def test_basis_rule(sources, claimant, expected):
    parties = {"a": "acme", "b": "chipnews", "none": None}
    assert basis(sources, parties, claimant) == expected


def test_as_of_today_is_today(today):
    from claimaudit.model.inforce import today as today_date

    records = to_records(check_paths([EPI / "claims"], EPI / "specs", today_date()))
    assert {(r["source"], r["id"]): (r["verdict"], r["basis"]) for r in records} == \
        {key: (r["verdict"], r["basis"]) for key, r in today.items()}


def test_one_extra_derivation_per_distinct_published_date(monkeypatch):
    """Today: one group per fact set (the chipnews claims; the launch claims without their
    own URL's facts). As published: chipnews's date has a fact set of its own (4.7 TB/s in
    force); so has the launch's date, its own facts left out (today's no longer fill in,
    CONTRACT 10.2: acme-doc-rev of 2025-06-01 is not in force then)."""
    from claimaudit import run

    calls = []
    original = run.check_group

    def counting(corpus, in_force, all_facts=False):
        calls.append(len(corpus.claims))
        return original(corpus, in_force, all_facts)

    monkeypatch.setattr(run, "check_group", counting)
    run.check_paths([EPI / "claims"], EPI / "specs")
    assert sorted(calls) == [4, 4, 9, 9]


def test_check_marks_the_claimants_own_figures(capsys, monkeypatch):
    monkeypatch.chdir(EPI)
    monkeypatch.setenv("NO_COLOR", "1")
    assert main(["check", "claims", "--specs", "specs"]) == 0
    lines = capsys.readouterr().out.splitlines()
    column = lines[0].index("verdict")
    rows = {line.split()[0]: line[column:] for line in lines
            if line.startswith(("chipnews", "acme"))}
    assert rows[f"{CHIPNEWS}/fp8-3x"] == "consistent, on the claimant's own figures"
    assert rows[f"{CHIPNEWS}/cap-2x"] == "consistent, partly on the claimant's own figures"
    assert rows[f"{CHIPNEWS}/cap-200"] == "consistent"


def test_explain_shows_basis_and_as_published(capsys, monkeypatch):
    monkeypatch.chdir(EPI)
    assert main(["explain", f"{CHIPNEWS}/bw-4p9", "claims", "--specs", "specs"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "  verdict:   consistent, on the claimant's own figures, checked against figures " \
           "published after the article (2025-06-01)" in lines
    assert "  basis:     on the claimant's own figures" in lines
    assert "  as published (2025-04-15): inconsistent (major), 4.7 TB/s [acme-launch]" in lines


def test_figure_labels_mark_the_basis(today):
    from claimaudit.report.figures import figure_rows

    labels = [row["label"] for row in figure_rows(list(today.values()))]
    assert "fp8-3x (claimant's own figures)" in labels
    assert "cap-2x (partly claimant's own)" in labels
    assert "cap-200" in labels
