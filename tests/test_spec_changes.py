"""CHANGES.md's spec section (pipeline/spec_changes.py): fact changes since the last run, each
tied to exactly the claims whose verdicts it moved."""

import json
import re
import shutil

import pytest

from conftest import DATA
from pipeline.report import write_reports
from pipeline.run import check_paths
from pipeline.spec_changes import fact_changes, previous_facts, summary

EPI = DATA / "epi"


def fact(value, source="s", superseded=None, entity="e", metric="m"):
    return {"entity": entity, "metric": metric, "value": value, "source": source,
            "superseded": superseded}


@pytest.mark.parametrize("old, new, change", [
    ([fact("1 W")], [fact("2 W")], "revised"),
    ([fact("1 W")], [fact("1 W", superseded="true")], "superseded"),
    ([fact("1 W", superseded="2025-01-01")], [fact("1 W")], "reinstated"),
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
    assert previous_facts(path) is None
    path.write_text(json.dumps([{"entity": 1}, fact("1 W"), "text"]))
    assert previous_facts(path) == [fact("1 W")]


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
