"""The pytest plugin: claims as test items (pipeline/pytest_plugin.py, CONTRACT section 8)."""

import re
import shutil
from pathlib import Path

import pytest

from conftest import BAD, MINI

FILES = {
    "direct": ["chipa-fp8", "chipa-fp8-pflops", "chipa-fp8-minor", "chipa-fp8-major",
               "chipa-power", "chipa-sparse", "chipa-per-direction", "chipa-chips", "chipd-fp8",
               "chipb-fp8", "sysa-fp8", "sysa-bw", "sysb-fp8", "clustera-fp8", "clustera-chips",
               "chipc-bw", "chipc-bw-roughly", "chipb-bw", "sysb-bw", "sysk-fp8", "unpinned",
               "qualitative"],
    "memory": ["sysj-hbm-total", "chipa-hbm-gb", "chipb-hbm-gb"],
    "ratios": ["a-vs-b", "d-vs-a-change", "b-share", "system-ratio-expr", "cluster-log",
               "scope-agree", "scope-disagree"],
}
ITEMS = [f"claims/{name}.yaml::{claim}" for name, claims in FILES.items() for claim in claims]

# chipb.fp8_dense feeds exactly these pinned claims
CHIPB_DEPENDENTS = {
    "claims/direct.yaml::chipb-fp8", "claims/direct.yaml::sysb-fp8",
    "claims/ratios.yaml::a-vs-b", "claims/ratios.yaml::b-share",
    "claims/ratios.yaml::system-ratio-expr", "claims/ratios.yaml::scope-agree",
}


@pytest.fixture
def corpus(pytester, mini_records):
    """tests/data/mini copied for pytester. `mini_records` has already imported the engine
    (numpy, pandas, pint) in this process: pytester's in-process runs drop the modules they
    import, and numpy cannot be imported twice."""
    shutil.copytree(MINI, pytester.path, dirs_exist_ok=True)
    return pytester


def line_of(path, claim):
    """1-based line of `- id: <claim>` in a claim file."""
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if re.fullmatch(rf"\s*- id: {re.escape(claim)}", line):
            return number
    raise AssertionError(f"no claim {claim} in {path}")


def failed_ids(result):
    return {report.nodeid for report in result.reprec.getreports("pytest_runtest_logreport")
            if report.when == "call" and report.failed}


def test_items_are_named_file_and_claim_id(corpus):
    result = corpus.runpytest("--collect-only", "-q", "claims")
    collected = [line for line in result.outlines if "::" in line]
    assert collected == ITEMS


def test_pinned_items_pass_and_unpinned_are_skipped(corpus):
    result = corpus.runpytest("claims", "-rs")
    result.assert_outcomes(passed=len(ITEMS) - 1, skipped=1)
    result.stdout.fnmatch_lines(["SKIPPED*no pinned expect"])


def test_a_skipped_item_is_reported_at_its_claim(corpus):
    result = corpus.runpytest("claims/direct.yaml", "-rs")
    line = line_of(corpus.path / "claims" / "direct.yaml", "unpinned")
    result.stdout.fnmatch_lines([f"SKIPPED*claims/direct.yaml:{line}: no pinned expect"])


def test_flipping_a_fact_fails_exactly_the_dependent_items(corpus):
    spec = corpus.path / "specs" / "mini.yaml"
    text = spec.read_text()
    assert "value: 500 TFLOPS, source: src-b" in text
    spec.write_text(text.replace("value: 500 TFLOPS, source: src-b",
                                 "value: 900 TFLOPS, source: src-b"))
    result = corpus.runpytest("claims")
    result.assert_outcomes(passed=len(ITEMS) - 1 - len(CHIPB_DEPENDENTS), skipped=1,
                           failed=len(CHIPB_DEPENDENTS))
    assert failed_ids(result) == CHIPB_DEPENDENTS
    direct, ratios = corpus.path / "claims" / "direct.yaml", corpus.path / "claims" / "ratios.yaml"
    for message in (
        f"claims/direct.yaml:{line_of(direct, 'chipb-fp8')}: chipb-fp8: expected consistent, "
        "got inconsistent (major): claimed 500 TFLOPS [499.5, 500.5], derived 900 TFLOPS",
        f"claims/direct.yaml:{line_of(direct, 'sysb-fp8')}: sysb-fp8: expected consistent, "
        "got inconsistent (major): claimed 2 PFLOPS [1.5, 2.5], derived 3.6 PFLOPS",
        f"claims/ratios.yaml:{line_of(ratios, 'b-share')}: b-share: expected consistent, "
        "got inconsistent (major): claimed 50% [0.495, 0.505], derived 0.9x",
    ):
        assert message in result.outlines


def test_a_changed_expect_fails_with_the_message(corpus):
    path = corpus.path / "claims" / "memory.yaml"
    path.write_text(path.read_text().replace("expect: inconsistent", "expect: within_rounding"))
    result = corpus.runpytest("claims/memory.yaml")
    result.assert_outcomes(passed=2, failed=1)
    assert (f"claims/memory.yaml:{line_of(path, 'sysj-hbm-total')}: sysj-hbm-total: expected "
            "within_rounding, got inconsistent (major): claimed 20.7 TB [20.65, 20.75], "
            "derived 20.25 TiB") in result.outlines


def test_an_ambiguous_mismatch_names_the_alternatives(corpus):
    path = corpus.path / "claims" / "direct.yaml"
    path.write_text(path.read_text().replace("expect: ambiguous", "expect: consistent"))
    result = corpus.runpytest("claims/direct.yaml")
    assert failed_ids(result) == {"claims/direct.yaml::chipc-bw"}
    assert (f"claims/direct.yaml:{line_of(path, 'chipc-bw')}: chipc-bw: expected consistent, "
            "got ambiguous: claimed 4.9 TB/s [4.85, 4.95], derived 2 alternatives") \
        in result.outlines


def test_a_bad_claim_file_is_a_collection_error_with_file_and_line(corpus):
    shutil.copy(BAD / "unknown-unit.yaml", corpus.path / "claims" / "unknown-unit.yaml")
    result = corpus.runpytest("claims/unknown-unit.yaml")
    result.assert_outcomes(errors=1)
    assert ("claims/unknown-unit.yaml:9: claim 'c1': unknown unit 'XFLOPS' (did you mean FLOPS or "
            "TFLOPS?)") in result.outlines
    assert "Traceback" not in result.stdout.str()


def test_specs_option_points_elsewhere(corpus):
    shutil.move(corpus.path / "specs", corpus.path / "elsewhere")
    result = corpus.runpytest("claims/memory.yaml", "--claimaudit-specs",
                              str(corpus.path / "elsewhere"))
    result.assert_outcomes(passed=3)


def test_yaml_files_outside_a_claims_directory_are_not_collected(corpus):
    result = corpus.runpytest("specs")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_flipping_one_bundled_spec_fact_fails_exactly_the_dependent_claims(pytester, mini_records):
    """On a copy of the bundled corpus: Trn2 UltraServer FP8 83.2 -> 93.2 PFLOPS."""
    from claimaudit.output.results import to_records
    from claimaudit.run import check_paths

    root = Path(__file__).resolve().parent.parent
    for name in ("claims", "specs"):
        shutil.copytree(root / name, pytester.path / name)
    spec = pytester.path / "specs" / "aws.yaml"
    text = spec.read_text()
    fact = '{metric: fp8_dense, value: "83.2 PFLOPS"'
    assert text.count(fact) == 1
    spec.write_text(text.replace(fact, fact.replace("83.2", "93.2")))

    def verdicts(specs):
        return {f"{r['file'].split('/')[-1]}::{r['id']}": r["verdict"] for r in
                to_records(check_paths([pytester.path / "claims"], specs))}

    before, after = verdicts(root / "specs"), verdicts(pytester.path / "specs")
    changed = {key for key in before if before[key] != after[key]}
    assert "register-2025-12-02-trainium4.yaml::trn3-us-vs-trn2-us-compute-4p4" in changed

    result = pytester.runpytest("claims", "-q", "-p", "no:cacheprovider")
    failed = {line.split(" ")[1].split("claims/")[-1] for line in result.outlines
              if line.startswith("FAILED ")}
    assert failed == changed
    assert re.search(r"^claims/register-2025-12-02-trainium4\.yaml:\d+: trn3-us-vs-trn2-us-"
                     r"compute-4p4: expected consistent, got inconsistent \(major\), on the "
                     r"claimant's own figures: claimed 4\.4x "
                     r"\[4\.35, 4\.45\], derived 3\.88893x$", result.stdout.str(), re.MULTILINE)


# -- activation: only claimaudit projects are collected ----------------------------

def test_a_claims_folder_without_specs_or_marker_is_not_collected(pytester, mini_records):
    """Installing claimaudit must not break pytest in a repository that merely has claims/."""
    (pytester.path / "claims").mkdir()
    (pytester.path / "claims" / "insurance.yaml").write_text("policy: 12\nclaims: [a, b]\n")
    result = pytester.runpytest("claims")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    assert "Traceback" not in result.stdout.str()


def test_a_tool_claimaudit_table_activates_the_plugin_without_specs_beside(corpus):
    shutil.move(corpus.path / "specs", corpus.path / "elsewhere")
    result = corpus.runpytest("claims")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    (corpus.path / "pyproject.toml").write_text("[tool.claimaudit]\n")
    result = corpus.runpytest("claims")
    result.assert_outcomes(errors=3)  # active: specs/ is missing, and that is reported
    assert "specs:0: no such file or directory" in result.stdout.str()
    assert "Traceback" not in result.stdout.str()


# -- bad input: file:line once, per file, never a traceback ------------------------

def test_clashing_source_ids_across_files_are_rejected_as_check_rejects_them(corpus):
    clash = corpus.path / "claims" / "zz-clash.yaml"
    clash.write_text("source: {id: mini-direct, title: Again}\nclaims:\n"
                     "  - {id: x, subject: chipa, metric: power, claimed: 1 kW}\n")
    result = corpus.runpytest("claims", "--continue-on-collection-errors")
    result.assert_outcomes(passed=len(ITEMS) - 1, skipped=1, errors=1)
    assert ("claims/zz-clash.yaml:1: duplicate source id 'mini-direct' (first at "
            "claims/direct.yaml:2)") in result.outlines
    assert "Traceback" not in result.stdout.str()


def test_a_spec_problem_is_listed_once_and_every_file_says_why_it_was_not_checked(corpus):
    spec = corpus.path / "specs" / "mini.yaml"
    spec.write_text(spec.read_text().replace("value: 500 TFLOPS, source: src-b",
                                             "value: 500 TFLOPZ, source: src-b"))
    result = corpus.runpytest("claims")
    result.assert_outcomes(errors=3)
    text = result.stdout.str()
    assert text.count("unknown unit 'TFLOPZ'") == 1
    assert text.count("not checked: the specs have problems (listed at claims/direct.yaml)") == 2
    assert "Traceback" not in text


def test_a_fifo_or_device_named_like_a_claim_file_neither_hangs_nor_breaks_the_rest(corpus):
    import os

    os.mkfifo(corpus.path / "claims" / "fifo.yaml")
    os.symlink("/dev/zero", corpus.path / "claims" / "zero.yaml")
    result = corpus.runpytest("claims", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=len(ITEMS) - 1, skipped=1)  # pytest lists regular files only
