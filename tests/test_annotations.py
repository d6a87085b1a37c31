"""`check --format github`: GitHub's workflow-command syntax, a golden file, the step summary,
the automatic choice under GITHUB_ACTIONS, and the pytest plugin's annotations
(pipeline/output/annotations.py, pipeline/output/formats.py)."""

import re

import pytest

from claimaudit.cli import main
from claimaudit.output.annotations import command, escape_data, escape_property, pin_annotation
from conftest import DATA

GOLDEN = DATA / "github" / "golden.txt"
# ::error file=F,line=L,title=T::message (GitHub's toolkit: properties percent-encode % CR LF : ,)
PROPERTY = r"(file|line|title)=[^,:\r\n]*"
ANNOTATION = re.compile(rf"^::(error|warning|notice)( {PROPERTY}(,{PROPERTY})*)?::[^\r\n]*$")


@pytest.fixture
def pinned(mini_copy, monkeypatch):
    """The mini corpus with one pin no longer met, checked from its own folder."""
    path = mini_copy / "claims" / "memory.yaml"
    path.write_text(path.read_text().replace("expect: inconsistent", "expect: consistent"))
    monkeypatch.chdir(mini_copy)
    for name in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY"):
        monkeypatch.delenv(name, raising=False)
    return mini_copy


def test_github_output_matches_the_golden_file(capsys, pinned, update_golden):
    status = main(["check", "claims", "--format", "github"])
    out = capsys.readouterr().out
    assert status == 1
    if update_golden:
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(out, encoding="utf-8")
    assert out == GOLDEN.read_text(encoding="utf-8")


def test_every_line_is_a_workflow_command_at_a_claim(capsys, pinned):
    main(["check", "claims", "--format", "github"])
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(ANNOTATION.match(line) for line in lines)
    errors = [line for line in lines if line.startswith("::error ")]
    assert ("::error file=claims/memory.yaml,line=5,title=claimaudit%3A pinned verdict not met::"
            "claim 'sysj-hbm-total': expected consistent, got inconsistent (major): ") in \
        "\n".join(errors)
    assert lines[-1].startswith("::notice title=claimaudit::")


def test_github_is_the_default_format_inside_github_actions(capsys, pinned, monkeypatch):
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    main(["check", "claims"])
    assert capsys.readouterr().out == GOLDEN.read_text(encoding="utf-8")
    main(["check", "claims", "--format", "text"])
    assert capsys.readouterr().out.startswith("claim ")


def test_the_step_summary_is_appended_when_GITHUB_STEP_SUMMARY_is_set(capsys, pinned,
                                                                       monkeypatch, tmp_path):
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    for output in ("github", "csv", "json"):
        main(["check", "claims", "--format", output])
    text = summary.read_text()
    assert text.startswith("earlier step\n## claimaudit check\n")
    assert text.count("## claimaudit check") == 3
    assert "| mini-memory/sysj-hbm-total |" in text
    assert "1 pinned expect(s) not met" in text


def test_failed_pins_go_to_stderr_in_every_format(capsys, pinned):
    for output in ("text", "json", "csv", "markdown", "github"):
        assert main(["check", "claims", "--format", output]) == 1
        err = capsys.readouterr().err
        assert err.endswith("claims/memory.yaml:5: claim 'sysj-hbm-total': expected consistent, "
                            "got inconsistent (major)\nclaimaudit: 1 of 31 pinned verdicts not met\n")


def test_workflow_command_escaping():
    assert escape_data("50% off\r\nnext") == "50%25 off%0D%0Anext"
    assert escape_property("a:b,c%") == "a%3Ab%2Cc%25"
    assert command("error", "m::x", "c, d.yaml", 3, "t: u") == \
        "::error file=c%2C d.yaml,line=3,title=t%3A u::m::x"
    assert command("notice", "done") == "::notice::done"


def test_pin_annotation_reads_a_record(mini_records):
    record = dict(mini_records["sysj-hbm-total"], expect="consistent")
    line = pin_annotation(record)
    assert ANNOTATION.match(line)
    assert line.startswith(f"::error file={record['file']},line={record['line']},"
                           "title=claimaudit%3A pinned verdict not met::claim 'sysj-hbm-total': "
                           "expected consistent, got inconsistent (major)")


def test_the_pytest_plugin_annotates_failing_claim_items(pytester, monkeypatch):
    import shutil

    from conftest import MINI

    shutil.copytree(MINI, pytester.path, dirs_exist_ok=True)
    path = pytester.path / "claims" / "memory.yaml"
    path.write_text(path.read_text().replace("expect: inconsistent", "expect: consistent"))
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    result = pytester.runpytest("claims", "-p", "no:cacheprovider")
    assert result.ret == 1
    lines = [line for line in result.outlines if line.startswith("::")]
    assert len(lines) == 1
    assert lines[0].startswith("::error file=claims/memory.yaml,line=5,title=claimaudit%3A "
                               "pinned verdict not met::claim 'sysj-hbm-total': expected "
                               "consistent, got inconsistent (major)")
    monkeypatch.delenv("GITHUB_ACTIONS")
    quiet = pytester.runpytest("claims", "-p", "no:cacheprovider")
    assert not [line for line in quiet.outlines if line.startswith("::")]

