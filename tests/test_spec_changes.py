"""CHANGES.md's spec section (pipeline/report/spec_changes.py): fact changes since the last run, each
tied to exactly the claims whose verdicts it moved."""

import json
import re
import shutil

import pytest

from claimaudit.report import outdir
from claimaudit.report.snapshot import previous_snapshot
from claimaudit.report.spec_changes import (
    claim_edits,
    entity_changes,
    explain_verdicts,
    fact_changes,
    summary,
    tie,
)
from claimaudit.run import check_paths, write_reports
from conftest import DATA

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
    assert tied[1]["claims"] == []                  # no derivation reads a status
    members = dict(sparsity, field="members", old="2 x a", new="3 x a")
    assert [v["key"] for v in tie([members], [sparse, dense, other])[0]["claims"]] == ["k1", "k2"]


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


# -- end to end: a copy of the epi corpus, reported twice -------------------------------------

def report_twice(tmp_path, edit, prepare=None):
    """Report a copy of the epi corpus (after `prepare(corpus)`), apply `edit(corpus, out)`,
    report again; returns CHANGES.md."""
    corpus = tmp_path / "corpus"
    shutil.copytree(EPI, corpus)
    if prepare is not None:
        prepare(corpus)
    out = tmp_path / "reports"
    write_reports(check_paths([corpus / "claims"], corpus / "specs"), out, "2026-01-01")
    edit(corpus, out)
    write_reports(check_paths([corpus / "claims"], corpus / "specs"), out, "2026-01-02")
    return (out / "CHANGES.md").read_text(encoding="utf-8")


def rewrite(out, name, text):
    """Edit a file of the last run's reports, as a person might, keeping the manifest's hash
    so the next run accepts the directory as its own."""
    (out / name).write_text(text, encoding="utf-8")
    manifest = outdir.read_manifest(out)
    outdir.write_manifest(out, {**manifest["files"], name: outdir.file_hash(out / name)},
                          complete=True)


def replace_in(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def verdict_row(changes, claim_id):
    table = changes.split("## Verdict changes")[1].split("\n## ")[0]
    [row] = [line for line in table.splitlines()
             if line.startswith("| [") and f"{claim_id}]" in line.replace("\\", "")]
    return row


def test_an_edited_claim_is_credited_to_no_fact(tmp_path):
    def edit(corpus, out):
        replace_in(corpus / "specs" / "acme.yaml", "value: 200 GB, source: chipnews-review",
                   "value: 300 GB, source: chipnews-review")
        replace_in(corpus / "claims" / "chipnews.yaml", "metric: hbm_capacity, claimed: 200 GB,\n"
                   "     claimant: acme}", "metric: hbm_capacity, claimed: 250 GB,\n"
                   "     claimant: acme}")
    changes = report_twice(tmp_path, edit)
    [line] = [line for line in changes.splitlines() if line.startswith("- widget2")]
    assert line.startswith(r"- widget2.hbm\_capacity 200 GB → 300 GB revised → "
                           "2 claims now inconsistent: ")
    assert "cap-200]" not in line.replace("\\", "")
    assert verdict_row(changes, "cap-200").endswith("| the claim was edited (claimed) |")
    assert verdict_row(changes, "cap-2x").endswith(r"| widget2.hbm\_capacity 200 GB → 300 GB "
                                                   "revised |")


def test_a_moved_verdict_nothing_explains_says_so(tmp_path):
    def edit(corpus, out):                    # the last run's verdict differs; nothing else does
        records = json.loads((out / "results.json").read_text(encoding="utf-8"))
        for record in records:
            if (record["source"], record["id"]) == ("chipnews-2025-04-15", "power-500"):
                record["verdict"], record["severity"] = "inconsistent", "major"
        rewrite(out, "results.json", json.dumps(records))
    changes = report_twice(tmp_path, edit)
    assert "## Spec facts that changed" not in changes
    assert verdict_row(changes, "chipnews-2025-04-15/power-500").endswith(
        "| no spec change found for it |")


def test_a_supersession_date_set_on_a_superseded_fact_is_not_superseded_again(tmp_path):
    def edit(corpus, out):
        replace_in(corpus / "specs" / "acme.yaml", "source: acme-doc, superseded: true",
                   "source: acme-doc, superseded: 2025-05-01")
    changes = report_twice(tmp_path, edit)
    spec_section = changes.split("## Spec facts that changed")[1].split("\n## ")[0]
    assert [line for line in spec_section.splitlines() if line.startswith("- ")] == [
        r"- widget2.hbm\_capacity 150 GB supersession date changed (date unknown → 2025-05-01)"]


SPARSE_SPECS = """
  - id: widget_pod
    kind: system
    status: announced
    members: {widget: 4}
"""
SPARSE_CLAIMS = """
  - {id: sparse-2000, quote: "2,000 sparse TFLOPS", subject: widget, metric: fp8_sparse,
     claimed: 2000 TFLOPS}
  - {id: pod-400, quote: "400 GB a pod", subject: widget_pod, metric: hbm_capacity,
     claimed: 400 GB}
"""


def with_entity_fields(corpus):
    """The epi copy with a sparsity factor, a system of members, and a claim on each."""
    replace_in(corpus / "specs" / "acme.yaml", "  - id: widget\n    kind: chip\n",
               "  - id: widget\n    kind: chip\n    sparsity: 2\n")
    replace_in(corpus / "specs" / "acme.yaml", "  - id: widget2\n",
               SPARSE_SPECS.lstrip("\n") + "  - id: widget2\n")
    claims = corpus / "claims" / "chipnews.yaml"
    claims.write_text(claims.read_text(encoding="utf-8") + SPARSE_CLAIMS, encoding="utf-8")


def test_entity_field_changes_are_listed_and_tied_to_the_claims_they_moved(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(EPI, corpus)
    with_entity_fields(corpus)
    out = tmp_path / "reports"
    write_reports(check_paths([corpus / "claims"], corpus / "specs"), out, "2026-01-01")
    assert verdicts(out)["chipnews-2025-04-15/sparse-2000"] == "consistent"
    spec = corpus / "specs" / "acme.yaml"
    replace_in(spec, "sparsity: 2", "sparsity: 4")
    replace_in(spec, "members: {widget: 4}", "members: {widget: 5}")
    replace_in(spec, "status: announced", "status: shipping")
    write_reports(check_paths([corpus / "claims"], corpus / "specs"), out, "2026-01-02")
    changes = (out / "CHANGES.md").read_text(encoding="utf-8").replace("\\", "")
    spec_section = changes.split("## Spec facts that changed")[1].split("\n## ")[0]
    assert [line for line in spec_section.splitlines() if line.startswith("- ")] == [
        "- widget sparsity 2 → 4 → 1 claim now inconsistent: "
        "[chipnews-2025-04-15/sparse-2000](chipnews-2025-04-15.md#sparse-2000)",
        "- widget_pod members 4 x widget → 5 x widget → 1 claim now inconsistent: "
        "[chipnews-2025-04-15/pod-400](chipnews-2025-04-15.md#pod-400)",
        "- widget_pod status announced → shipping"]
    assert verdict_row(changes, "sparse-2000").endswith("| widget sparsity 2 → 4 |")
    assert verdict_row(changes, "pod-400").endswith("| widget_pod members 4 x widget → "
                                                    "5 x widget |")


def test_an_older_facts_json_without_entity_fields_is_read_as_unknown(tmp_path):
    def edit(corpus, out):
        replace_in(corpus / "specs" / "acme.yaml", "sparsity: 2", "sparsity: 4")
        rows = json.loads((out / "facts.json").read_text(encoding="utf-8"))
        rewrite(out, "facts.json", json.dumps([r for r in rows if "metric" in r]))
    changes = report_twice(tmp_path, edit, prepare=with_entity_fields)
    assert "## Spec facts that changed" not in changes
    assert verdict_row(changes, "sparse-2000").endswith("| no spec change found for it |")


# -- the index's words for a result computed from the claim's own figures ----------------------

OWN_FIGURES_CLAIM = """
  - {id: own-2x, quote: "10 TB/s, five times the 2 TB/s", expr: "10 TB/s / 2 TB/s", claimed: 2x}
"""


def test_the_index_credits_a_claims_own_figures_not_the_specs(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(EPI, corpus)
    claims = corpus / "claims" / "chipnews.yaml"
    claims.write_text(claims.read_text(encoding="utf-8") + OWN_FIGURES_CLAIM, encoding="utf-8")
    out = tmp_path / "reports"
    write_reports(check_paths([corpus / "claims"], corpus / "specs"), out, "2026-01-01")
    record = next(r for r in json.loads((out / "results.json").read_text(encoding="utf-8"))
                  if r["id"] == "own-2x")
    assert (record["verdict"], record["severity"], record["sources"]) == \
        ("inconsistent", "major", [])
    index = (out / "index.md").read_text(encoding="utf-8")
    [line] = [line for line in index.splitlines() if "own-2x" in line and "claimed" in line]
    assert "claimed 2x, its own figures give 5x, so the claim is" in line
    assert "the specs give" not in line
    assert "the specs give" in index              # a fact-based major keeps its words


def test_a_claim_that_gains_interpretations_or_a_tolerance_was_edited():
    verdict = moved_verdict("s/c", [])
    known_empty = {}                      # a format-2 snapshot that lists no claim definitions
    now = {"s/c": {"interpretations": [{"subject": "a"}], "tolerance": None}}
    assert claim_edits(verdict, known_empty, now) == ["interpretations"]
    assert claim_edits(verdict, now, {}) == ["interpretations"]
    assert claim_edits(verdict, known_empty, {"s/c": {"interpretations": [],
                                                      "tolerance": "5%"}}) == ["tolerance"]


def test_facts_json_round_trips_entity_fields_and_claim_definitions(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(EPI, corpus)
    with_entity_fields(corpus)
    replace_in(corpus / "claims" / "chipnews.yaml", "claimed: 400 GB}",
               "claimed: 400 GB, qualifier: roughly, tolerance: 5%}")
    out = tmp_path / "reports"
    write_reports(check_paths([corpus / "claims"], corpus / "specs"), out, "2026-01-01")
    read = previous_snapshot(out / "facts.json")
    assert read["entities"][("widget", "sparsity")] == "2"
    assert read["entities"][("widget_pod", "members")] == "4 x widget"
    assert read["entities"][("widget_pod", "status")] == "announced"
    assert read["entities"][("widget2", "sparsity")] is None
    assert read["claims"] == {"chipnews-2025-04-15/pod-400": {"interpretations": [],
                                                              "tolerance": "5%"}}
    assert len(read["facts"]) == 9
