"""The `claimaudit` command: exact messages and exit codes (pipeline/cli.py)."""

import io
import json
import re
import subprocess
import sys

import pytest

from claimaudit.cli import main
from claimaudit.core.words import languages
from claimaudit.output import render
from conftest import DATA, MINI

SUMMARY = re.compile(r"^claimaudit: \d+ problems? in the input; nothing was checked$")


@pytest.fixture
def in_data(monkeypatch):
    """Run from tests/data so files show as bad/x.yaml and mini/claims/x.yaml."""
    monkeypatch.chdir(DATA)


@pytest.fixture(autouse=True)
def colour_checks_current_stdout(monkeypatch):
    """Work around the use_colour bug below: point its default at the captured stdout."""
    monkeypatch.setattr(render.use_colour, "__defaults__", (sys.stdout,))


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def without_warnings(err: str) -> str:
    """stderr less the spec lint's `file:line: warning: ...` lines (tests/test_lint.py)."""
    return "".join(line for line in err.splitlines(keepends=True) if ": warning: " not in line)


def check_bad(capsys, name):
    return run(capsys, "check", f"bad/{name}.yaml", "--specs", "mini/specs")


# -- invalid input: exit 2, file:line: message, no traceback ----------------------

ENTITY_HINT = ("; find one with `claimaudit entities PATTERN`, or declare it (with its aliases) "
               "in a spec file")
BAD_INPUTS = [
    ("unknown-unit", ["bad/unknown-unit.yaml:9: claim 'c1': unknown unit 'XFLOPS' "
                      "(did you mean FLOPS or TFLOPS?)"]),
    ("wrong-dimension", ["bad/wrong-dimension.yaml:9: claim 'c1': unit 'TB/s' is a bandwidth "
                         "(bytes/s or bits/s), metric hbm_capacity needs a capacity (bytes)"]),
    ("unknown-entity", ["bad/unknown-entity.yaml:7: claim 'c1': subject 'chipz' is not a known "
                        "entity (did you mean chipd?)"
                        + ENTITY_HINT]),
    ("misspelled-metric", ["bad/misspelled-metric.yaml:8: claim 'c1': unknown metric "
                           "'fp8_dens' (did you mean fp8_dense?)"]),
    ("duplicate-claim-id", ["bad/duplicate-claim-id.yaml:10: duplicate claim id 'c1' "
                            "(first at bad/duplicate-claim-id.yaml:5)"]),
    ("python-tag", ["bad/python-tag.yaml:9: tag 'tag:yaml.org,2002:python/object:builtins.object'"
                    " is not allowed (only plain YAML data)",
                    "bad/python-tag.yaml:10: tag 'tag:yaml.org,2002:python/object/apply:os.system'"
                    " is not allowed (only plain YAML data)"]),
    ("not-a-number", ["bad/not-a-number.yaml:9: claim 'c1': expected a number then a unit "
                      "(e.g. '20.7 TB'), found 'lots'"]),
    ("subject-and-expr", ["bad/subject-and-expr.yaml:5: claim 'c1': expected exactly one of "
                          "subject+metric, expr, interpretations or kind: qualitative, found "
                          "subject and expr"]),
    ("unknown-qualifier", ["bad/unknown-qualifier.yaml:10: claim 'c1': unknown qualifier "
                           "'arguably'; expected one of about, almost, approximately, around, "
                           "at_least, at_most, exact, just_over, less_than, more_than, nearly, "
                           "on_par, over, roughly, under, up_to, upwards_of"]),
    ("unknown-expect", ["bad/unknown-expect.yaml:10: claim 'c1': expect: expected one of "
                        "consistent, within_rounding, inconsistent, unverifiable, ambiguous, "
                        "found 'correct'"]),
    ("empty", ["bad/empty.yaml:1: file is empty: expected a mapping with the file's records"]),
    ("not-utf8", ["bad/not-utf8.yaml:10: expected UTF-8 text, found byte 0xe9"]),
    ("negative", ["bad/negative.yaml:9: claim 'c1': expected a positive quantity, "
                  "found '-144 GB'"]),
    ("nan", ["bad/nan.yaml:9: claim 'c1': expected a number then a unit (e.g. '20.7 TB'), "
             "found 'nan TFLOPS'"]),
    ("slash-source", ["bad/slash-source.yaml:2: source 'vendor/press': id: expected an id of "
                      "lower-case letters, digits, - and _, found 'vendor/press'"]),
    ("dotdot-source", ["bad/dotdot-source.yaml:2: source '../etc': id: expected an id of "
                       "lower-case letters, digits, - and _, found '../etc'"]),
    ("duplicate-keys", ["bad/duplicate-keys.yaml:10: duplicate key 'metric' (first at line 8)"]),
]


@pytest.mark.parametrize("name, problems", BAD_INPUTS)
def test_bad_input_exits_2_with_exact_messages(capsys, in_data, name, problems):
    status, out, err = check_bad(capsys, name)
    assert (status, out) == (2, "")
    assert err.splitlines() == problems + [
        f"claimaudit: {len(problems)} problem{'s' if len(problems) > 1 else ''} in the input; "
        "nothing was checked"]


def test_unknown_baseline_exits_2(capsys, in_data):
    status, _, err = check_bad(capsys, "unknown-baseline")
    assert status == 2
    assert re.match(r"bad/unknown-baseline\.yaml:\d+: claim 'c1': baseline 'chipq' is not a known "
                    r"entity \(did you mean chipd\?\); find one with", err.splitlines()[0])


def test_unknown_baseline_names_the_baseline_line(capsys, in_data):
    _, _, err = check_bad(capsys, "unknown-baseline")
    assert err.startswith("bad/unknown-baseline.yaml:8: ")


def test_yaml_syntax_error_exits_2_with_file_and_line(capsys, in_data):
    status, out, err = check_bad(capsys, "yaml-syntax")
    assert (status, out) == (2, "")
    lines = err.splitlines()
    assert re.fullmatch(r"bad/yaml-syntax\.yaml:\d+: YAML syntax error: .+", lines[0])
    assert SUMMARY.match(lines[-1]) and "Traceback" not in err


def test_yaml_syntax_error_names_the_line_where_the_quote_opens(capsys, in_data):
    _, _, err = check_bad(capsys, "yaml-syntax")
    assert err.startswith("bad/yaml-syntax.yaml:6: ")


def test_wrong_tolerance_unit_says_tolerance(capsys, in_data):
    status, _, err = check_bad(capsys, "wrong-tolerance")
    assert status == 2
    assert err.startswith("bad/wrong-tolerance.yaml:11: claim 'c1': tolerance: ")


def test_wrong_tolerance_unit_is_an_input_error(capsys, in_data):
    status, _, err = check_bad(capsys, "wrong-tolerance")
    assert status == 2 and err.startswith("bad/wrong-tolerance.yaml:11: claim 'c1': ")


@pytest.mark.parametrize("name", ["huge-number", "list-claimed", "overflow-power"])
def test_inputs_that_crash_exit_2(capsys, in_data, name):
    status, _, err = check_bad(capsys, name)
    assert status == 2
    assert re.match(rf"bad/{name}\.yaml:\d+: claim 'c1': ", err)


VALIDATION_FILES = [name for name, _ in BAD_INPUTS if name not in (
    "python-tag", "empty", "not-utf8", "duplicate-keys")]
LOAD_FILES = ["python-tag", "empty", "not-utf8", "duplicate-keys", "yaml-syntax"]


def test_one_run_lists_every_problem_of_every_validation_file(capsys, in_data):
    status, _, err = run(capsys, "check", *(f"bad/{n}.yaml" for n in VALIDATION_FILES),
                         "--specs", "mini/specs")
    expected = [p for name, problems in BAD_INPUTS if name in VALIDATION_FILES for p in problems]
    assert status == 2
    assert sorted(err.splitlines()[:-1]) == sorted(expected)
    assert err.splitlines()[-1] == \
        f"claimaudit: {len(expected)} problems in the input; nothing was checked"


def test_one_run_lists_every_problem_of_every_unreadable_file(capsys, in_data):
    status, _, err = run(capsys, "check", *(f"bad/{n}.yaml" for n in LOAD_FILES),
                         "--specs", "mini/specs")
    assert status == 2
    assert {line.split(".yaml:")[0] for line in err.splitlines()[:-1]} == \
        {f"bad/{name}" for name in LOAD_FILES}


def test_one_run_over_all_bad_files_lists_problems_of_all_files(capsys, in_data):
    names = VALIDATION_FILES + LOAD_FILES
    status, _, err = run(capsys, "check", *(f"bad/{n}.yaml" for n in names),
                         "--specs", "mini/specs")
    assert status == 2
    assert {line.split(".yaml:")[0] for line in err.splitlines()[:-1]} == \
        {f"bad/{name}" for name in names}


def test_problems_in_specs_are_listed_too(capsys, tmp_path, monkeypatch):
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "s.yaml").write_text(
        "sources:\n"
        "  - {id: s, title: S}\n"
        "entities:\n"
        "  - id: a\n"
        "    kind: chip\n"
        "    facts:\n"
        "      - {metric: power, value: -5 W, source: s}\n"
        "      - {metric: hbm_capacity, value: 80 GB, source: nosuch}\n"
        "  - id: sys\n"
        "    kind: rack\n"
        "    members: {a: 4.5}\n")
    (tmp_path / "c.yaml").write_text("source: {id: c, title: C}\nclaims:\n"
                                     "  - {id: q, kind: qualitative}\n")
    monkeypatch.chdir(tmp_path)
    status, _, err = run(capsys, "check", "c.yaml", "--specs", "specs")
    assert status == 2
    assert err.splitlines() == [
        "specs/s.yaml:7: entity 'a': fact 'power': expected a positive quantity, found '-5 W'",
        "specs/s.yaml:8: entity 'a': fact 'hbm_capacity': unknown source 'nosuch'; declare it "
        "under `sources:` in a spec file",
        "specs/s.yaml:10: entity 'sys': kind: expected one of chip, system, cluster, "
        "found 'rack'",
        "specs/s.yaml:11: entity 'sys': member 'a': expected a whole number of units, "
        "found '4.5'",
        "claimaudit: 4 problems in the input; nothing was checked",
    ]


def test_a_missing_claims_path_exits_2(capsys, in_data):
    status, _, err = run(capsys, "check", "bad/nothere.yaml", "--specs", "mini/specs")
    assert (status, err.splitlines()[0]) == (2, "bad/nothere.yaml:0: no such file or directory")


def test_yaml_nulls_mean_nothing(capsys, tmp_path, monkeypatch):
    (tmp_path / "c.yaml").write_text(
        "source:\n  id: p\n  title: P\n  url:\nclaims:\n  - id: c1\n    subject: chipa\n"
        "    baseline: null\n    metric: fp8_dense\n    claimed: 1 PFLOPS\n    note:\n"
        "    expect: ~\n")
    monkeypatch.chdir(tmp_path)
    status, _, err = run(capsys, "check", "c.yaml", "--specs", str(MINI / "specs"))
    assert (status, without_warnings(err)) == (0, "")


def test_subprocess_prints_no_traceback():
    names = ["unknown-unit", "python-tag", "not-utf8"]
    result = subprocess.run(
        [sys.executable, "-m", "claimaudit", "check", *(f"bad/{n}.yaml" for n in names),
         "--specs", "mini/specs"],
        cwd=DATA, capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout) == (2, "")
    assert "Traceback" not in result.stderr
    problems = result.stderr.splitlines()[:-1]
    assert all(re.match(r"bad/[a-z0-9-]+\.yaml:\d+: ", line) for line in problems)
    assert {"bad/not-utf8", "bad/python-tag"} <= {line.split(".yaml:")[0] for line in problems}
    assert SUMMARY.match(result.stderr.splitlines()[-1])


# -- valid input -------------------------------------------------------------------

def test_valid_input_with_every_expect_met_exits_0(capsys, in_data):
    status, out, err = run(capsys, "check", "mini/claims", "--specs", "mini/specs")
    assert (status, without_warnings(err)) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == ["claim", "claimed", "derived", "verdict", "cause"]
    assert lines[-1] == ("32 claims: 3 inconsistent, 2 ambiguous, 1 within rounding, "
                         "3 unverifiable, 23 consistent")
    row = next(line for line in lines if line.startswith("mini-memory/sysj-hbm-total "))
    assert row.split() == ["mini-memory/sysj-hbm-total", "20.7", "TB", "20.25", "TiB",
                           "inconsistent", "(major)", "binary_decimal"]


def test_check_runs_with_the_collector_paused_and_resumes_it(capsys, in_data, monkeypatch):
    """The cyclic collector is off for the whole command (load.collector_paused), back on
    after it, an error or not."""
    import gc

    from claimaudit import run as run_module

    seen = []
    real = run_module.load_corpus
    monkeypatch.setattr(run_module, "load_corpus", lambda *a: seen.append(gc.isenabled()) or real(*a))
    assert run(capsys, "check", "mini/claims/memory.yaml", "--specs", "mini/specs")[0] == 0
    assert run(capsys, "check", "bad/unknown-unit.yaml", "--specs", "mini/specs")[0] == 2
    assert seen == [False, False] and gc.isenabled()


def test_strict_exits_1_on_an_inconsistent_claim(capsys, in_data):
    assert run(capsys, "check", "mini/claims/memory.yaml", "--specs", "mini/specs",
               "--strict")[0] == 1
    assert run(capsys, "check", "mini/claims/ratios.yaml", "--specs", "mini/specs",
               "--strict")[0] == 0


def test_a_pinned_expect_that_does_not_match_exits_1(capsys, mini_copy, monkeypatch):
    path = mini_copy / "claims" / "memory.yaml"
    path.write_text(path.read_text().replace("expect: inconsistent", "expect: consistent"))
    monkeypatch.chdir(mini_copy)
    status, out, err = run(capsys, "check", "claims/memory.yaml", "--specs", "specs")
    assert (status, without_warnings(err)) == (1, (
        "claims/memory.yaml:5: claim 'sysj-hbm-total': expected consistent, got inconsistent "
        "(major)\nclaimaudit: 1 of 3 pinned verdicts not met\n"))
    assert "mini-memory/sysj-hbm-total" in out and "<- expected consistent" in out
    assert out.splitlines()[-1] == "3 claims: 1 inconsistent, 2 consistent; " \
                                   "1 pinned expect(s) not met"


def test_default_paths_are_claims_and_specs(capsys, monkeypatch):
    monkeypatch.chdir(MINI)
    status, out, _ = run(capsys, "check")
    assert status == 0 and out.splitlines()[-1].startswith("32 claims: ")


CONTRACT_KEYS = {"source", "id", "file", "line", "subject", "baseline", "metric", "expr",
                 "verdict", "severity", "claimed", "derived", "steps", "sources", "missing",
                 "alternatives", "hints", "explanations", "expect"}


def test_json_format_has_the_contract_keys(capsys, in_data):
    status, out, _ = run(capsys, "check", "mini/claims", "--specs", "mini/specs",
                         "--format", "json")
    records = json.loads(out)
    assert status == 0 and isinstance(records, list) and len(records) == 32
    for record in records:
        assert CONTRACT_KEYS <= set(record), record["id"]
        if record["claimed"] is not None:
            assert {"text", "value", "unit", "low", "high"} <= set(record["claimed"])
        if record["derived"] is not None:
            assert {"value", "unit", "low", "high"} <= set(record["derived"])
        for alternative in record["alternatives"]:
            assert {"label", "verdict", "derived"} <= set(alternative)
    by_id = {r["id"]: r for r in records}
    assert {key: by_id["sysj-hbm-total"][key] for key in CONTRACT_KEYS - {"steps"}} == {
        "source": "mini-memory", "id": "sysj-hbm-total", "file": "mini/claims/memory.yaml",
        "line": 5, "subject": "sysj", "baseline": None, "metric": "hbm_capacity", "expr": None,
        "verdict": "inconsistent", "severity": "major",
        "claimed": {"text": "20.7 TB", "value": 20.7, "unit": "TB", "low": 20.65, "high": 20.75},
        "derived": {"value": 20.25, "unit": "TiB", "low": 20.1796875, "high": 20.3203125},
        "sources": ["src-a"], "missing": [], "alternatives": [],
        "hints": ["20.7 TB read as 20.7 TiB (JEDEC binary units), the better reading",
                  "binary decimal: 144 x 144 GB, chipa.hbm_capacity (144 GiB) read as 144 GB, "
                  "gives 20.736 TB -> 20.7 TB"],
        "explanations": [{"cause": "binary_decimal",
                          "reading": "144 x 144 GB, chipa.hbm_capacity (144 GiB) read as 144 GB, "
                                     "gives 20.736 TB -> 20.7 TB",
                          "derived": {"value": 20.736, "unit": "TB", "low": 20.664,
                                      "high": 20.808},
                          "verdict": "consistent"}],
        "expect": "inconsistent"}
    assert by_id["unpinned"]["claimed"]["high"] is None          # open-ended region
    assert by_id["chipb-bw"]["derived"] is None


def test_markdown_format(capsys, in_data):
    status, out, _ = run(capsys, "check", "mini/claims/memory.yaml", "--specs", "mini/specs",
                         "--format", "markdown")
    assert status == 0
    assert out.splitlines()[:2] == ["| claim | quote | claimed | derived | verdict |",
                                    "|---|---|---|---|---|"]
    assert "| mini-memory/sysj-hbm-total | 20.7 TB of HBM | 20.7 TB | 20.25 TiB | " \
           "inconsistent (major) |" in out


# -- explain -------------------------------------------------------------------------

def test_explain_prints_steps_and_sources(capsys, in_data):
    status, out, err = run(capsys, "explain", "mini-memory/sysj-hbm-total",
                           "mini/claims", "--specs", "mini/specs")
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "mini-memory/sysj-hbm-total  (mini/claims/memory.yaml:5)",
        "  quote:     20.7 TB of HBM",
        "  claimed:   20.7 TB -> region [20.65, 20.75] TB",
        "  computes:  sysj (hbm_capacity)",
        "  steps:",
        "    1. sysj.hbm_capacity = 144 x chipa.hbm_capacity = 144 x 144 GiB [src-a] = 20,736 GiB",
        "  derived:   20.25 TiB (interval [20.1797, 20.3203])",
        "  verdict:   inconsistent (major) (pinned: inconsistent)",
        "  basis:     on independent figures",
        "  hint:      20.7 TB read as 20.7 TiB (JEDEC binary units), the better reading",
        "  explanation: 1. binary_decimal: 144 x 144 GB, chipa.hbm_capacity (144 GiB) read as "
        "144 GB, gives 20.736 TB -> 20.7 TB",
        "  sources:",
        "    [src-a] Chip A datasheet https://example.com/chipa",
    ]


def test_explain_lists_alternatives(capsys, in_data):
    status, out, _ = run(capsys, "explain", "mini-ratios/scope-disagree",
                         "mini/claims", "--specs", "mini/specs")
    assert status == 0
    assert "  alternative: chipd vs chipa: 1.4x -> inconsistent (major)" in out.splitlines()
    assert "  alternative: sysa vs chipa: 4x -> consistent" in out.splitlines()
    assert "    [src-b] Chip B datasheet https://example.com/chipb" in out.splitlines()


def test_explain_lang_words_steps_and_readings(capsys, in_data):
    status, out, err = run(capsys, "explain", "slips-fixture/sparse-dense-ratio",
                           "slips/claims", "--specs", "slips/specs", "--lang", "zh-Hans")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert "    3. 比值 = chipy.fp8_dense / chipx.fp8_dense = 1,979 TFLOPS [datasheet] / 2,517 " \
           "TFLOPS [datasheet] = 0.786253x" in lines
    assert "  解释:      1. 稀疏与稠密混用: 3,958 TFLOPS [datasheet] / 2,517 TFLOPS [datasheet]，以 " \
           "chipy.fp8_sparse (3,958 TFLOPS) 代替 chipy.fp8_dense，得 1.57251x -> 1.57x" in lines
    assert "ratio =" not in out and "in place of" not in out


@pytest.mark.parametrize("ref", ["../x", "mini-direct", "a/b/c", "Mini/x", "/etc/passwd"])
def test_explain_with_a_bad_id_exits_2(capsys, in_data, ref):
    status, out, err = run(capsys, "explain", ref, "mini/claims",
                           "--specs", "mini/specs")
    assert (status, out) == (2, "")
    assert err == ("claimaudit: expected SOURCE_ID/CLAIM_ID (lower-case letters, digits, - and _),"
                   f" found {ref!r}\n")


def test_explain_an_unknown_claim_exits_1_nothing_found(capsys, in_data):
    status, _, err = run(capsys, "explain", "mini-direct/nope", "mini/claims",
                         "--specs", "mini/specs")
    assert (status, err) == (1, "claimaudit: no claim 'mini-direct/nope' in mini/claims\n")


def test_use_colour_looks_at_the_current_stdout(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.undo()                      # the real default, not the workaround above
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(sys, "stdout", Terminal())
    assert render.use_colour() is True


def test_no_colour_when_no_color_is_set(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setenv("NO_COLOR", "1")
    assert render.use_colour(Terminal()) is False
    monkeypatch.delenv("NO_COLOR")
    assert render.use_colour(Terminal()) is True
    assert render.use_colour(io.StringIO()) is False


# -- help -----------------------------------------------------------------------------

def test_help_works(capsys):
    with pytest.raises(SystemExit) as caught:
        main(["--help"])
    out = capsys.readouterr().out
    assert caught.value.code == 0
    assert out.startswith("usage: claimaudit ")
    for command in ("check", "report", "explain"):
        assert command in out


def test_console_script_help():
    result = subprocess.run([sys.executable, "-m", "claimaudit", "--help"], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("usage: claimaudit ")


def test_no_command_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as caught:
        main([])
    assert caught.value.code == 2
    assert "the following arguments are required: COMMAND" in capsys.readouterr().err


@pytest.mark.parametrize("code", [
    "import claimaudit.pytest_plugin",
    "import sys; sys.argv = ['claimaudit', '--help']\n"
    "from claimaudit.cli import main\ntry:\n    main()\nexcept SystemExit:\n    pass",
])
def test_plugin_load_and_help_import_neither_pandas_nor_pint(code):
    probe = code + "\nimport sys\nprint(sorted({'pandas', 'pint', 'pandera', 'numpy'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


# -- regressions from review: structure where text belongs, spec-side mistakes, alias bombs -----

SPEC_OK = "sources:\n  - {id: s, title: S}\nentities:\n  - {id: a, kind: chip}\n"


@pytest.mark.parametrize("claim, problem", [
    ("{id: c, subject: [a], metric: power, claimed: 1 W}",
     "c.yaml:3: claim 'c': subject: expected text, found a list or mapping"),
    ("{id: c, subject: a, metric: power, claimed: 1 W, qualifier: [a]}",
     "c.yaml:3: claim 'c': qualifier: expected text, found a list or mapping"),
    ("{id: {x: 1}, subject: a, metric: power, claimed: 1 W}",
     "c.yaml:3: claim: id: expected text, found a list or mapping"),
    ("{id: c, metric: power, claimed: 1x, interpretations: [{subject: a, baseline: a, label: [x]}]}",
     "c.yaml:3: claim 'c': interpretation: label: expected text, found a list"),
    ("{id: c, subject: a, metric: power, claimed: 1 W, translation: [x]}",
     "c.yaml:3: claim 'c': translation: expected text, found a list or mapping"),
])
def test_structure_where_text_belongs_exits_2(capsys, tmp_path, monkeypatch, claim, problem):
    status, err = check_small(capsys, tmp_path, monkeypatch, claim)
    assert status == 2 and problem in err.splitlines()


def check_small(capsys, tmp_path, monkeypatch, claim: str, extra_spec: str | None = None):
    """`check c.yaml --specs specs` in tmp_path: one claim, SPEC_OK and an optional x.yaml."""
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "s.yaml").write_text(SPEC_OK)
    if extra_spec is not None:
        (tmp_path / "specs" / "x.yaml").write_text(extra_spec)
    (tmp_path / "c.yaml").write_text(f"source: {{id: t, title: T}}\nclaims:\n  - {claim}\n")
    monkeypatch.chdir(tmp_path)
    status, _, err = run(capsys, "check", "c.yaml", "--specs", "specs")
    return status, err


@pytest.mark.parametrize("extra, problem", [
    ("metrics:\n  foo: {unit: W, aggregates: none, formula: \"nosuch * 2\"}\n",
     "specs/x.yaml:2: metric 'foo': formula: unknown metric 'nosuch'"),
    ("metrics:\n  foo: {unit: parsec, aggregates: none}\n",
     "specs/x.yaml:2: metric 'foo': unknown unit 'parsec'"),
    ("metrics:\n  power: {unit: W, aggregates: sum, confusable: power}\n",
     "specs/x.yaml:2: metric 'power': confusable: expected a list of metric ids, found 'power'"),
    ("entities:\n  - {id: r, kind: system, members: {r: 2}}\n",
     "specs/x.yaml:2: entity 'r': members form a cycle: r -> r"),
    ("entities:\n  - {id: r, kind: system, members: {a: \"²\"}}\n",
     "specs/x.yaml:2: entity 'r': member 'a': expected a whole number of units, found '²'"),
    ("sources:\n  - {id: d, title: D, date: 2025-13-45}\n",
     "specs/x.yaml:2: source 'd': date: expected a real calendar date YYYY-MM-DD, found '2025-13-45'"),
])
def test_spec_mistakes_the_review_found_exit_2(capsys, tmp_path, monkeypatch, extra, problem):
    status, err = check_small(capsys, tmp_path, monkeypatch, "{id: q, kind: qualitative}", extra)
    assert status == 2 and problem in err.splitlines()


def test_nested_aliases_are_read_once(capsys, tmp_path, monkeypatch):
    levels = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    levels += [f"a{i}: &a{i} [*a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, "
               f"*a{i-1}, *a{i-1}, *a{i-1}]" for i in range(1, 12)]     # 10**12 leaves if expanded
    (tmp_path / "c.yaml").write_text("\n".join(levels) + "\n")
    monkeypatch.chdir(tmp_path)
    status, _, err = run(capsys, "check", "c.yaml", "--specs", str(MINI / "specs"))
    assert status == 2 and "c.yaml:1: claims file: unknown field 'a0'; expected one of source, claims" in err


def test_every_output_language_has_every_word():
    from claimaudit.core.yamlio import package_yaml

    by_language = package_yaml("labels.yaml")
    assert set(by_language) == set(languages()) and languages()[0] == "en"

    def shape(words):      # a counted label ({one, other} in English, one text in Chinese) is a leaf
        return {k: shape(v) if isinstance(v, dict) and set(v) != {"one", "other"} else None
                for k, v in words.items()}

    for lang, words in by_language.items():
        assert shape(words) == shape(by_language["en"]), lang


@pytest.mark.parametrize("lang, header, summary", [
    ("zh-Hant", ["聲明", "聲稱", "推算值", "結論", "可能原因"], "共 "),
    ("zh-Hans", ["声明", "声称", "推算值", "结论", "可能原因"], "共 "),
])
def test_check_speaks_chinese_on_request(capsys, lang, header, summary):
    status, out, _ = run(capsys, "check", str(MINI / "claims"), "--specs", str(MINI / "specs"),
                         "--lang", lang)
    lines = out.splitlines()
    assert status == 0 and lines[0].split() == header and lines[-1].startswith(summary)
    status, out, _ = run(capsys, "check", str(MINI / "claims"), "--specs", str(MINI / "specs"),
                         "--lang", lang, "--format", "json")
    records = json.loads(out)
    assert (records[0]["id"], records[0]["verdict"]) == ("chipa-fp8", "consistent")
    # verdicts are codes, never translated: the same words as in English, claim by claim
    status, english, _ = run(capsys, "check", str(MINI / "claims"), "--specs", str(MINI / "specs"),
                             "--format", "json")
    assert [(r["id"], r["verdict"], r["severity"]) for r in records] == \
        [(r["id"], r["verdict"], r["severity"]) for r in json.loads(english)]
    assert ("chipa-fp8-major", "inconsistent", "major") in \
        [(r["id"], r["verdict"], r["severity"]) for r in records]


@pytest.mark.parametrize("argv", [["check", "--as-of", "2025-13-45"],
                                  ["report", "--date", "2025-02-30"],
                                  ["check", "--as-of", "2025-1-5"]])
def test_dates_on_the_command_line_must_be_calendar_dates(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert f"expected a date YYYY-MM-DD, found '{argv[-1]}'" in capsys.readouterr().err
