"""CHANGES.md's spec section (pipeline/spec_changes.py): fact changes since the last run, each
tied to exactly the claims whose verdicts it moved."""

import json
import re
import shutil

import pytest

from conftest import DATA
from pipeline.report import write_reports
from pipeline.run import check_paths
from pipeline.snapshot import previous_snapshot
from pipeline.spec_changes import (
    claim_edits,
    entity_changes,
    explain_verdicts,
    fact_changes,
    summary,
    tie,
)

EPI = DATA / "epi"


def fact(value, source="s", superseded=None, entity="e", metric="m"):
    return {"entity": entity, "metric": metric, "value": value, "source": source,
            "superseded": superseded}


@pytest.mark.parametrize("old, new, change", [
    ([fact("1 W")], [fact("2 W")], "revised"),
    ([fact("1 W")], [fact("1 W", superseded="true")], "superseded"),
    ([fact("1 W", superseded="2025-01-01")], [fact("1 W")], "no longer superseded"),
    ([fact("1 W")], [fact("1 W", source="t")], "re-sourced"),
    ([], [fact("1 W")], "added"),
    ([fact("1 W")], [], "removed"),
])
def test_fact_change_kinds(old, new, change):
    assert [c["change"] for c in fact_changes(old, new)] == [change]


def test_unchanged_facts_are_not_changes():
    facts = [fact("1 W"), fact("2 W", source="t")]
    assert fact_changes(facts, list(reversed(facts))) == []


def test_summary_counts_claims_by_new_verdict():
    change = {"change": "superseded", "entity": "trainium3", "metric": "hbm_bandwidth",
              "old": fact("4.7 TB/s"), "new": fact("4.7 TB/s", superseded="true")}
    moved = [{"record": {"verdict": "consistent"}}] * 3
    assert summary(change, moved) == \
        "trainium3.hbm_bandwidth 4.7 TB/s superseded → 3 claims now consistent"


def test_a_tampered_snapshot_reads_as_none_or_is_filtered(tmp_path):
    path = tmp_path / "facts.json"
    path.write_text("{not json")
    assert previous_snapshot(path) is None
    path.write_text(json.dumps([{"entity": 1}, fact("1 W"), "text"]))
    assert previous_snapshot(path) == {"facts": [fact("1 W")], "entities": None, "claims": None}


def verdicts(out):
    return {f"{r['source']}/{r['id']}": r["verdict"]
            for r in json.loads((out / "results.json").read_text(encoding="utf-8"))}


def test_changing_one_fact_names_it_and_exactly_the_claims_it_moved(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(EPI, corpus)
    out = tmp_path / "reports"
    write_reports(check_paths([corpus / "claims"], corpus / "specs"), out, "2026-01-01")
    before = verdicts(out)
    spec = corpus / "specs" / "acme.yaml"
    text = spec.read_text(encoding="utf-8")
    spec.write_text(text.replace("value: 200 GB, source: chipnews-review",
                                 "value: 300 GB, source: chipnews-review"), encoding="utf-8")
    write_reports(check_paths([corpus / "claims"], corpus / "specs"), out, "2026-01-02")
    after = verdicts(out)
    moved = sorted(key for key in after if after[key] != before[key])
    assert moved == ["chipnews-2025-04-15/cap-200", "chipnews-2025-04-15/cap-200-own",
                     "chipnews-2025-04-15/cap-2x"]
    changes = (out / "CHANGES.md").read_text(encoding="utf-8")
    lines = [line for line in changes.splitlines() if line.startswith("- widget2")]
    assert len(lines) == 1
    assert lines[0].startswith(r"- widget2.hbm\_capacity 200 GB → 300 GB revised → "
                               "3 claims now inconsistent: ")
    named = sorted(re.findall(r"\[([^\]]+)\]\(", lines[0]))
    assert [n.replace("\\", "") for n in named] == moved
    spec_section = changes.split("## Spec facts that changed")[1].split("\n## ")[0]
    assert spec_section.count("\n- ") == 1          # nothing else is said to have changed


# -- supersession: only a newly superseded fact is called "superseded" -------------------------

@pytest.mark.parametrize("before, after, change, words", [
    (None, "true", "superseded", "e.m 1 W superseded"),
    (None, "2025-06-01", "superseded", "e.m 1 W superseded from 2025-06-01"),
    ("true", "2025-06-01", "supersession date changed",
     "e.m 1 W supersession date changed (date unknown → 2025-06-01)"),
    ("2025-01-01", "2025-06-01", "supersession date changed",
     "e.m 1 W supersession date changed (2025-01-01 → 2025-06-01)"),
    ("2025-06-01", "true", "supersession date changed",
     "e.m 1 W supersession date changed (2025-06-01 → date unknown)"),
    ("true", None, "no longer superseded", "e.m 1 W no longer superseded"),
    ("2025-06-01", None, "no longer superseded", "e.m 1 W no longer superseded"),
])
def test_a_change_of_supersession_is_named_for_what_it_is(before, after, change, words):
    [found] = fact_changes([fact("1 W", superseded=before)], [fact("1 W", superseded=after)])
    assert found["change"] == change
    assert summary(found, []) == words


# -- entity fields -----------------------------------------------------------------------------

def test_entity_field_changes_only_for_entities_known_on_both_sides():
    old = {("a", "sparsity"): "2", ("a", "members"): None, ("gone", "status"): "shipping"}
    new = {("a", "sparsity"): "4", ("a", "members"): "2 x b", ("new", "status"): "announced"}
    found = entity_changes(old, new)
    assert [(c["entity"], c["field"], c["old"], c["new"]) for c in found] == [
        ("a", "members", None, "2 x b"), ("a", "sparsity", "2", "4")]
    assert summary(found[1], []) == "a sparsity 2 → 4"
    assert summary(found[0], []) == "a members not set → 2 x b"
    assert entity_changes(None, new) == []          # an older facts.json: unknown, no change


def test_an_entity_field_change_is_tied_to_claims_using_that_entity():
    sparsity = {"change": "changed", "entity": "w", "metric": None, "field": "sparsity",
                "old": "2", "new": "4"}
    status = dict(sparsity, field="status", old="announced", new="shipping")
    sparse = moved_verdict("k1", ["w.fp8_sparse = sparsity x w.fp8_dense = 4 x 1 = 4"])
    dense = moved_verdict("k2", ["w.fp8_dense = 1 TFLOPS [s]"])
    other = moved_verdict("k3", ["w2.fp8_dense = 1 TFLOPS [s]"])
    tied = tie([sparsity, status], [sparse, dense, other])
    assert [v["key"] for v in tied[0]["claims"]] == ["k1"]
    assert [v["key"] for v in tied[1]["claims"]] == ["k1", "k2"]


# -- claim edits and verdicts nothing explains ---------------------------------------------------

def moved_verdict(key, steps, claim=None, edited=None):
    record = {"steps": steps, "verdict": "inconsistent", "claimed": {"text": "1 W"},
              "qualifier": "about", "subject": None, "baseline": None, "metric": None,
              "expr": None}
    return {"key": key, "record": record, "old": {"steps": [], "claim": claim or {}},
            "edited": edited or []}


def test_claim_edits_compare_the_record_fields_and_the_snapshot():
    verdict = moved_verdict("s/c", [], claim={"claimed": "2 W", "qualifier": "about"})
    assert claim_edits(verdict, None, {}) == ["claimed"]
    verdict["old"]["claim"] = {"claimed": "1 W"}          # fields the old record lacks: unknown
    assert claim_edits(verdict, None, {}) == []
    old = {"s/c": {"interpretations": [{"subject": "a"}], "tolerance": None}}
    new = {"s/c": {"interpretations": [{"subject": "b"}], "tolerance": None}}
    assert claim_edits(verdict, old, new) == ["interpretations"]
    assert claim_edits(verdict, None, new) == []          # an older facts.json: unknown


def test_every_moved_verdict_says_why():
    change = {"change": "revised", "entity": "w", "metric": "m", "old": fact("1 W"),
              "new": fact("2 W")}
    tied_one = moved_verdict("k1", ["w.m = 2 W [s]"])
    edited = moved_verdict("k2", ["w.m = 2 W [s]"], edited=["claimed"])
    alone = moved_verdict("k3", ["x.m = 2 W [s]"])
    verdicts = [tied_one, edited, alone]
    tied = tie([change], verdicts)
    assert [v["key"] for v in tied[0]["claims"]] == ["k1"]
    explain_verdicts(verdicts, tied)
    assert [v["why"] for v in verdicts] == [
        "w.m 1 W → 2 W revised", "the claim was edited (claimed)", "no spec change found for it"]
    explain_verdicts([alone], None)
    assert alone["why"] == "no previous facts.json to compare the specs with"
