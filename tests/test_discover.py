"""Discovery commands (pipeline/model/discover.py; CONTRACT 9.4): entities, facts, metrics."""

import json

import pytest

from claimaudit.cli import main

SPECS = """\
sources:
  - {id: ds, title: Datasheet}
  - {id: blog, title: Blog}
entities:
  - id: chipx
    name: Chip X
    vendor: Acme
    kind: chip
    status: shipping
    aliases: [X1, 第一代 X]
    facts:
      - {metric: fp8_dense, value: 4 PFLOPS, source: ds, quote: "4 petaflops of FP8"}
      - {metric: hbm_bandwidth, value: 8 TB/s, source: ds}
      - {metric: hbm_bandwidth, value: 7.9 TB/s, source: blog}
      - {metric: hbm_capacity, value: 141 GB, source: blog, superseded: true}
      - {metric: hbm_capacity, value: 144 GB, source: ds}
  - id: podx
    name: Pod X
    vendor: Acme
    kind: system
    members: {chipx: 64}
"""


@pytest.fixture
def specs(tmp_path, monkeypatch):
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "s.yaml").write_text(SPECS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_entities_text(capsys, specs):
    status, out, _ = run(capsys, "entities")
    assert status == 0
    assert out == (
        "id     name    vendor  kind    status    aliases\n"
        "-----  ------  ------  ------  --------  ------------\n"
        "chipx  Chip X  Acme    chip    shipping  X1, 第一代 X\n"
        "podx   Pod X   Acme    system\n")


@pytest.mark.parametrize("pattern, ids", [
    ("chip", ["chipx"]), ("x1", ["chipx"]), ("第一代", ["chipx"]), ("pod", ["podx"]),
    ("*x", ["chipx", "podx"]), ("CHIP X", ["chipx"]), ("rubin", []),
])
def test_entities_pattern_matches_id_name_or_alias(capsys, specs, pattern, ids):
    status, out, _ = run(capsys, "entities", pattern, "--format", "json")
    assert status == (0 if ids else 1)      # nothing found: 1 (cli.NOTHING_FOUND)
    assert [e["id"] for e in json.loads(out)] == ids


def test_entities_json_fields(capsys, specs):
    _, out, _ = run(capsys, "entities", "x1", "--format", "json")
    assert json.loads(out) == [{"id": "chipx", "name": "Chip X", "aliases": ["X1", "第一代 X"],
                                "vendor": "Acme", "kind": "chip", "status": "shipping"}]


def test_facts_marks_conflicts_and_hides_superseded(capsys, specs):
    status, out, _ = run(capsys, "facts", "chipx", "--format", "json")
    assert status == 0
    facts = json.loads(out)
    assert [(f["metric"], f["value"], f["conflicting"], f["superseded"]) for f in facts] == [
        ("fp8_dense", "4 PFLOPS", False, False),
        ("hbm_bandwidth", "8 TB/s", True, False),
        ("hbm_bandwidth", "7.9 TB/s", True, False),
        ("hbm_capacity", "144 GB", False, False)]
    assert facts[0]["quote"] == "4 petaflops of FP8" and facts[0]["source"] == "ds"
    assert facts[0]["file"] == "specs/s.yaml" and facts[0]["line"] == 12


def test_facts_all_lists_superseded_and_accepts_an_alias(capsys, specs):
    status, out, _ = run(capsys, "facts", "X1", "--all")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split() == ["metric", "value", "source", "quote", "superseded", "conflicting"]
    assert lines[5].split() == ["hbm_capacity", "141", "GB", "blog", "superseded"]
    assert lines[6].split() == ["hbm_capacity", "144", "GB", "ds"]


def test_facts_of_an_unknown_entity_exit_1_saying_how_to_find_one(capsys, specs):
    """Nothing found: 1, as for `entities` with no match (cli.NOTHING_FOUND)."""
    status, out, err = run(capsys, "facts", "chipz")
    assert (status, out) == (1, "")
    assert err == ("claimaudit: no entity 'chipz' (did you mean chipx?); find one with "
                   "`claimaudit entities PATTERN`, or declare it (with its aliases) in a spec "
                   "file\n")


def test_metrics(capsys, specs):
    status, out, _ = run(capsys, "metrics", "--format", "json")
    assert status == 0
    metrics = {m["id"]: m for m in json.loads(out)}
    assert metrics["hbm_bandwidth"] == {
        "id": "hbm_bandwidth", "dimension": "information/time", "unit": "B/s",
        "aggregation": "sum", "description": "HBM (device memory) bandwidth"}
    assert metrics["scaleup_bandwidth_per_direction"]["aggregation"] == "formula"
    _, text, _ = run(capsys, "metrics")
    assert text.splitlines()[0].split() == ["id", "dimension", "unit", "aggregation", "description"]


def test_a_bad_spec_is_reported_not_listed(capsys, specs, tmp_path):
    (tmp_path / "specs" / "bad.yaml").write_text("entities:\n  - {extend: nosuch}\n")
    status, out, err = run(capsys, "entities")
    assert (status, out) == (2, "")
    assert err.startswith("specs/bad.yaml:2: extend: unknown entity 'nosuch'")
