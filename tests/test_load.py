"""YAML files -> records with file:line kept; malformed files -> problems (pipeline/input/load.py)."""

import textwrap

import pytest

from claimaudit.core.errors import Collector, InputError
from claimaudit.input import documents, load, records
from conftest import BAD, MINI


def read(tmp_path, text, name="f.yaml"):
    """One file through read_document: (root, [problem strings])."""
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else textwrap.dedent(text).encode())
    problems = Collector()
    document = documents.read_document(path, name, problems)
    return (document.root if document else None), [str(p) for p in problems.problems]


# -- scalars stay as written ----------------------------------------------------

SCALARS = [
    ("2.50", "2.50"),              # trailing zero kept: it carries precision
    ("1e15", "1e15"),
    ("9,216", "9,216"),
    ("20.7 TB", "20.7 TB"),
    ("+40%", "+40%"),
    ("0x10", "0x10"),
    ("yes", "yes"),
    ("2025-12-02", "2025-12-02"),
    ("'null'", "null"),            # quoted: text
    ("'~'", "~"),
]


@pytest.mark.parametrize("written, kept", SCALARS)
def test_scalars_stay_the_text_that_was_written(tmp_path, written, kept):
    root, problems = read(tmp_path, f"value: {written}\n")
    assert problems == []
    assert root.get("value") == kept


@pytest.mark.parametrize("written", ["null", "~", "", "Null", "NULL"])
def test_yaml_nulls_are_nothing(tmp_path, written):
    root, problems = read(tmp_path, f"value: {written}\n")
    assert problems == []
    assert root.get("value") is None


def test_lines_of_mappings_and_keys(tmp_path):
    root, problems = read(tmp_path, """\
        # a comment
        source:
          id: x

        claims:
          - id: a
            claimed: 1 TB
          - {id: b, claimed: 2 TB}
        """)
    assert problems == []
    assert root.line == 2
    assert root.lines == {"source": 2, "claims": 5}
    first, second = root.get("claims")
    assert (first.line, first.line_of("claimed"), first.line_of("missing")) == (6, 7, 6)
    assert (second.line, second.line_of("claimed")) == (8, 8)
    assert root.get("source").values == {"id": "x"}


# -- malformed files --------------------------------------------------------------

MALFORMED = [
    # file text, expected problems
    ("a: 1\nb: 2\na: 3\n", ["f.yaml:3: duplicate key 'a' (first at line 1)"]),
    ("? [a, b]\n: 1\n", ["f.yaml:1: expected a plain key, found a complex or merge key"]),
    ("a: !!python/object:os.system {}\n",
     ["f.yaml:1: tag 'tag:yaml.org,2002:python/object:os.system' is not allowed "
      "(only plain YAML data)"]),
    ("a:\n  - !!python/name:builtins.eval ''\n",
     ["f.yaml:2: tag 'tag:yaml.org,2002:python/name:builtins.eval' is not allowed "
      "(only plain YAML data)"]),
    ("a: !custom 1\n", ["f.yaml:1: tag '!custom' is not allowed (only plain YAML data)"]),
    ("", ["f.yaml:1: file is empty: expected a mapping with the file's records"]),
    ("# only a comment\n\n", ["f.yaml:1: file is empty: expected a mapping with the file's records"]),
    ("a: 1\n  b: 2\n", ["f.yaml:2: YAML syntax error: mapping values are not allowed in this "
                        "context"]),
    (b"a: 1\nb: caf\xe9\n", ["f.yaml:2: expected UTF-8 text, found byte 0xe9"]),
    (b"\xff\xfea: 1\n", ["f.yaml:1: expected UTF-8 text, found byte 0xff"]),
]


@pytest.mark.parametrize("text, problems", MALFORMED)
def test_malformed_files(tmp_path, text, problems):
    path = tmp_path / "f.yaml"
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    collector = Collector()
    documents.read_document(path, "f.yaml", collector)
    assert [str(p) for p in collector.problems] == problems


@pytest.mark.parametrize("text, line", [
    ("a: 1\nb: [1, 2\n", 2),          # where the unclosed flow sequence opens
    ("a: 1\n---\nb: 2\n", 2),
    ("a: 1\nb: 'open\nc: 3\n", 2),  # where the unclosed quote opens
])
def test_yaml_syntax_errors_name_file_and_line(tmp_path, text, line):
    # The wording is libyaml's; the place is where its context starts.
    _, problems = read(tmp_path, text)
    assert len(problems) == 1 and problems[0].startswith(f"f.yaml:{line}: YAML syntax error: ")


@pytest.mark.parametrize("text, problem", [
    ("a: 1\n---\nb: 2\n", "f.yaml:2: YAML syntax error: expected a single document in the "
                           "stream, but found another document"),
    ("a: 1\nb: 'open\nc: 3\n", "f.yaml:2: YAML syntax error: while scanning a quoted scalar, "
                                "found unexpected end of stream"),
])
def test_yaml_syntax_errors_keep_their_context(tmp_path, text, problem):
    _, problems = read(tmp_path, text)
    assert problems == [problem]


def test_merge_keys_are_rejected(tmp_path):
    _, problems = read(tmp_path, "base: &b {x: 1}\nother:\n  <<: *b\n  y: 2\n")
    assert problems == ["f.yaml:3: expected a plain key, found a complex or merge key"]


def test_a_file_with_a_duplicate_key_is_not_checked_further(tmp_path):
    root, problems = read(tmp_path, "a: 1\na: 2\n")
    assert root is None and problems == ["f.yaml:2: duplicate key 'a' (first at line 1)"]


def test_every_problem_of_a_file_is_collected(tmp_path):
    _, problems = read(tmp_path, "a: 1\na: 2\nb: !!python/object:x {}\nc:\n  d: 1\n  d: 2\n")
    assert problems == [
        "f.yaml:2: duplicate key 'a' (first at line 1)",
        "f.yaml:3: tag 'tag:yaml.org,2002:python/object:x' is not allowed (only plain YAML data)",
        "f.yaml:6: duplicate key 'd' (first at line 5)",
    ]


# -- finding files ------------------------------------------------------------------

def test_yaml_files_expands_directories_sorted(tmp_path):
    for name in ("b.yaml", "a.yaml", "c.yml", "notes.txt"):
        (tmp_path / name).write_text("x: 1\n")
    collector = Collector()
    found = load.yaml_files([tmp_path], collector)
    assert [path.name for path, _ in found] == ["a.yaml", "b.yaml", "c.yml"]
    assert collector.problems == []


def test_a_missing_path_is_a_problem(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    collector = Collector()
    assert load.yaml_files([tmp_path / "nothere.yaml"], collector) == []
    assert [str(p) for p in collector.problems] == ["nothere.yaml:0: no such file or directory"]


def test_paths_are_shown_relative_to_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(MINI)
    collector = Collector()
    documents = load.read_documents([MINI / "claims" / "direct.yaml"], collector)
    assert [d.path for d in documents] == ["claims/direct.yaml"] and collector.problems == []


def test_read_documents_lists_the_problems_of_every_file(monkeypatch):
    monkeypatch.chdir(BAD.parent)
    collector = Collector()
    load.read_documents([BAD / "empty.yaml", BAD / "duplicate-keys.yaml",
                         BAD / "not-utf8.yaml", BAD / "python-tag.yaml"], collector)
    with pytest.raises(InputError) as caught:
        collector.raise_if_any()
    assert [str(p) for p in caught.value.problems] == [
        "bad/duplicate-keys.yaml:10: duplicate key 'metric' (first at line 8)",
        "bad/empty.yaml:1: file is empty: expected a mapping with the file's records",
        "bad/not-utf8.yaml:10: expected UTF-8 text, found byte 0xe9",
        "bad/python-tag.yaml:9: tag 'tag:yaml.org,2002:python/object:builtins.object' is not "
        "allowed (only plain YAML data)",
        "bad/python-tag.yaml:10: tag 'tag:yaml.org,2002:python/object/apply:os.system' is not "
        "allowed (only plain YAML data)",
    ]


# -- records ----------------------------------------------------------------------

def as_records(tmp_path, text, kind="claims"):
    root, problems = read(tmp_path, text)
    assert problems == []
    collector = Collector()
    document = documents.Document("f.yaml", root)
    if kind == "claims":
        out = records.claim_records(document, collector)
    else:
        out = records.spec_records(document, collector)
    return out, [str(p) for p in collector.problems]


def test_claim_records_keep_file_line_and_source(tmp_path):
    (sources, claims), problems = as_records(tmp_path, """\
        source: {id: s1, title: T}
        claims:
          - id: c1
            subject: chipa
            metric: fp8_dense
            claimed: 2.50 PFLOPS
          - id: c2
            metric: fp8_dense
            claimed: 2x
            interpretations:
              - {subject: a, baseline: b}
        """)
    assert problems == []
    assert sources[0]["id"] == "s1" and sources[0]["line"] == 1
    assert [(c["id"], c["line"], c["source"], c["claimed"]) for c in claims] == [
        ("c1", 3, "s1", "2.50 PFLOPS"), ("c2", 7, "s1", "2x")]
    assert claims[0]["lines"]["claimed"] == 6
    assert claims[1]["interpretations"] == [
        {"line": 11, "lines": {"subject": 11, "baseline": 11}, "subject": "a", "baseline": "b",
         "metric": None, "claimed": None, "qualifier": None, "label": None}]


@pytest.mark.parametrize("text, problem", [
    ("source: {id: s, title: T}\nclaim: []\n",
     "f.yaml:2: claims file: unknown field 'claim' (did you mean claims?); expected one of "
     "source, claims"),
    ("source: {id: s, title: T}\nclaims:\n  - {id: c, subjct: a}\n",
     "f.yaml:3: claim 'c': unknown field 'subjct' (did you mean subject?); expected one of "
     "id, quote, translation, subject, baseline, metric, expr, claimed, qualifier, tolerance, "
     "expect, note, kind, interpretations, todo, claimant"),
    ("source: {id: s, title: T}\nclaims: 3\n", "f.yaml:2: claims: expected a list, found '3'"),
    ("source: {id: s, title: T}\nclaims:\n  - just text\n",
     "f.yaml:2: claim: expected a mapping, found 'just text'"),
    ("source: {id: s, title: T}\n", "f.yaml:1: claims file: expected a 'claims' list, found none"),
])
def test_claim_file_shape_problems(tmp_path, text, problem):
    _, problems = as_records(tmp_path, text)
    assert problem in problems


def test_a_claims_file_that_is_a_list_is_a_problem(tmp_path):
    path = tmp_path / "f.yaml"
    path.write_text("- a\n- b\n")
    collector = Collector()
    document = documents.read_document(path, "f.yaml", collector)
    assert records.claim_records(document, collector) == ([], [])
    assert [str(p) for p in collector.problems] == [
        "f.yaml:1: claims file: expected a mapping, found a list"]


def test_spec_records(tmp_path):
    out, problems = as_records(tmp_path, """\
        sources:
          - {id: s, title: S}
        entities:
          - id: sys
            kind: system
            members:
              chip: 4
            facts:
              - {metric: power, value: 10 kW, source: s}
        metrics:
          fp99_dense: {unit: FLOPS, aggregates: sum}
        """, kind="specs")
    assert problems == []
    assert [s["id"] for s in out["sources"]] == ["s"]
    assert out["entities"][0]["members"] == [("chip", "4", 7)]
    fact = out["facts"][0]
    assert (fact["entity"], fact["metric"], fact["value"], fact["line"]) == \
        ("sys", "power", "10 kW", 9)
    assert [(m["id"], m["unit"], m["aggregates"]) for m in out["metrics"]] == \
        [("fp99_dense", "FLOPS", "sum")]


@pytest.mark.parametrize("text, problem", [
    ("entities:\n  - {id: e, kind: chip, members: [a, b]}\n",
     "f.yaml:2: entity 'e': members: expected a mapping of entity id to count, found a list"),
    ("entities:\n  - {id: e, kind: chip, fatcs: []}\n",
     "f.yaml:2: entity 'e': unknown field 'fatcs' (did you mean facts?); expected one of id, "
     "name, vendor, kind, status, sparsity, aliases, members, facts, note"),
    ("entities:\n  - id: e\n    kind: chip\n    facts:\n      - {metric: power, valeu: 1 W}\n",
     "f.yaml:5: entity 'e': fact: unknown field 'valeu' (did you mean value?); expected one of "
     "metric, value, source, quote, superseded, note, quote_form, lint_accepted"),
    ("entitys: []\n", "f.yaml:1: spec file: unknown field 'entitys' (did you mean entities?); "
                      "expected one of sources, entities, metrics"),
])
def test_spec_file_shape_problems(tmp_path, text, problem):
    _, problems = as_records(tmp_path, text, kind="specs")
    assert problem in problems


CONTRACT_METRICS = {
    "fp4_dense", "fp4_sparse", "fp6_dense", "fp8_dense", "fp8_sparse", "bf16_dense",
    "bf16_sparse", "fp16_dense", "fp16_sparse", "tf32_dense", "fp32_dense", "fp64_dense",
    "int8_dense", "int8_sparse", "hbm_capacity", "hbm_bandwidth", "scaleup_bandwidth",
    "scaleup_bandwidth_per_direction", "scaleout_bandwidth", "chips", "power",
    "chip_to_chip_latency", "process_node",
}


def test_builtin_metrics_cover_the_contract():
    metrics = {m["id"]: m for m in records.builtin_metrics()}
    assert set(metrics) >= CONTRACT_METRICS
    assert metrics["scaleup_bandwidth_per_direction"]["formula"] == "scaleup_bandwidth / 2"
    assert {metrics[m]["aggregates"] for m in ("chip_to_chip_latency", "process_node")} == {"none"}
