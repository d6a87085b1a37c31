"""Hostile input (issue 8, input side): no hang, no traceback; every problem is `file:line:`
with exit 2, and no value from a file is formatted whole into a message.

Each case runs `claimaudit check claims --specs specs` in a fresh temporary directory
holding a copy of tests/data/mini/specs and the claim file under test.
"""

import gc
import os
import shutil
import sys

import pytest
import yaml

from claimaudit.cli import main
from claimaudit.core import errors, yamlio
from claimaudit.input import documents, files, load, records
from conftest import MINI

HEADER = "source: {id: s, title: T}\nclaims:\n"
SUMMARY_SUFFIX = "nothing was checked"


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A claimaudit project in tmp_path (specs/ from the mini corpus, an empty claims/)."""
    shutil.copytree(MINI / "specs", tmp_path / "specs")
    (tmp_path / "claims").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def check(capsys, *paths: str) -> tuple[int, list[str]]:
    status = main(["check", *(paths or ("claims",)), "--specs", "specs"])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, err.splitlines()


def claims_file(project, *claims: str, name: str = "a.yaml") -> None:
    (project / "claims" / name).write_text(HEADER + "".join(f"  - {c}\n" for c in claims))


def add_entities(project, text: str) -> None:
    with open(project / "specs" / "mini.yaml", "a") as spec:
        spec.write(text)


# -- files: only regular files, bounded in size -------------------------------------

def test_a_fifo_named_like_a_claim_file_is_a_problem_not_a_hang(project, capsys):
    os.mkfifo(project / "claims" / "a.yaml")
    assert check(capsys)[1][0] == "claims/a.yaml:0: expected a regular file, found a FIFO (named pipe)"


def test_dev_zero_linked_as_a_claim_file_is_a_problem_not_a_hang(project, capsys):
    os.symlink("/dev/zero", project / "claims" / "a.yaml")
    status, lines = check(capsys)
    assert (status, lines[0]) == (2, "claims/a.yaml:0: expected a regular file, found a character device")


def test_a_symlink_loop_in_the_claims_directory_is_a_problem(project, capsys):
    os.symlink("b.yaml", project / "claims" / "a.yaml")
    os.symlink("a.yaml", project / "claims" / "b.yaml")
    os.symlink(".", project / "claims" / "self.yaml")
    status, lines = check(capsys)
    assert status == 2
    assert lines[:3] == ["claims/a.yaml:0: cannot read file: Too many levels of symbolic links",
                         "claims/b.yaml:0: cannot read file: Too many levels of symbolic links",
                         "claims/self.yaml:0: expected a regular file, found a directory"]


def test_a_file_over_the_size_limit_is_a_problem_at_line_0(project, capsys, monkeypatch):
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 100)
    claims_file(project, "{id: a, subject: chipa, metric: power, claimed: 1 kW, note: "
                         + "x" * 100 + "}")
    status, lines = check(capsys)
    assert (status, lines[0]) == (2, "claims/a.yaml:0: file is larger than 0 MiB, the limit for one "
                                     "claim or spec file; split it into several files")


def test_the_documented_size_limit_is_64_mib():
    assert files.MAX_FILE_BYTES == 64 * 1024 * 1024


def test_a_claims_directory_that_cannot_be_read_is_an_error_not_0_claims(project, capsys,
                                                                        monkeypatch):
    def refuse(path):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(files.os, "scandir", refuse)
    status, lines = check(capsys)
    assert (status, lines[0]) == (2, "claims:0: cannot read directory: Permission denied")


def test_a_file_name_with_a_newline_or_escape_code_is_shown_escaped(project, capsys):
    claims_file(project, "{id: a, subject: chipa, metric: power, claimed: 1 kW, qualifier: zzz}",
                name="a\nb\x1b[31m.yaml")
    status, lines = check(capsys)
    assert status == 2 and lines[0].startswith("claims/a\\nb\\x1b[31m.yaml:3: claim 'a': unknown "
                                               "qualifier 'zzz'")


@pytest.mark.parametrize("byte, code", [(b"\x00", "U+0000"), (b"\x1b", "U+001B")])
def test_a_nul_or_esc_byte_is_reported_at_its_own_line(project, capsys, byte, code):
    (project / "claims" / "a.yaml").write_bytes(
        HEADER.encode() + b"  - id: a\n    subject: chipa\n    metric: power\n"
        b"    claimed: 1 kW\n    note: x" + byte + b"y\n")
    status, lines = check(capsys)
    assert (status, lines[0]) == (2, f"claims/a.yaml:7: control character {code} is not allowed in "
                                     "YAML; remove it or write it as an escape in a double-quoted string")


def test_an_alias_bomb_inside_a_note_is_named_never_formatted(project, capsys):
    levels = ["      - &a0 [x,x,x,x,x,x,x,x,x]"]
    levels += [f"      - &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
    (project / "claims" / "a.yaml").write_text(
        HEADER + "  - id: a\n    subject: chipa\n    metric: power\n    claimed: 1 kW\n"
        "    note:\n" + "\n".join(levels) + "\n")
    assert len((project / "claims" / "a.yaml").read_bytes()) < 600  # 9**9 leaves if expanded
    status, lines = check(capsys)
    assert (status, lines[0]) == (2, "claims/a.yaml:7: claim 'a': note: expected text, found a list "
                                     "or mapping")


# -- numbers: sizes that overflow, forms that are not ours ---------------------------

def test_5000_digit_numbers_are_refused_with_a_bounded_message(project, capsys):
    claims_file(project, "{id: a, subject: chipa, metric: power, claimed: 1" + "0" * 5000 + " W}")
    status, lines = check(capsys)
    assert status == 2 and len(lines[0]) < 250
    assert lines[0].startswith("claims/a.yaml:3: claim 'a': expected a finite number of ordinary "
                               "size, found '100000")
    assert lines[0].endswith("... (5,003 characters)")


@pytest.mark.parametrize("where", ["claim", "fact"])
def test_one_followed_by_400_zeros_in_an_expression(project, capsys, where):
    big = "1" + "0" * 400
    if where == "claim":
        claims_file(project, f"{{id: a, expr: 'chipa.power * {big}', claimed: 1 kW}}")
    else:
        add_entities(project, "  - id: big\n    kind: chip\n    facts:\n"
                              f"      - {{metric: power, value: '{big} * chipa.power', source: src-a}}\n")
        claims_file(project, "{id: a, subject: chipa, metric: power, claimed: 1 kW}")
    status, lines = check(capsys)
    assert status == 2 and lines[0].endswith("(401 characters) is too large")


def test_expressions_with_5000_terms_are_refused(project, capsys):
    claims_file(project, "{id: a, expr: '" + " + ".join(["chipa.power"] * 5000) + "', claimed: 1 kW}")
    status, lines = check(capsys)
    assert status == 2 and lines[0].endswith("is longer than 2,000 characters; split it into facts")


def test_deeply_nested_expressions_are_refused(project, capsys):
    claims_file(project, "{id: a, expr: '" + "+".join(["chipa.power"] * 150) + "', claimed: 1 kW}")
    status, lines = check(capsys)
    assert status == 2 and lines[0].endswith("has more than 100 nested operations; split it into facts")


def test_a_baseline_of_zero_is_an_input_error_not_a_division(project, capsys):
    add_entities(project, "  - id: zero\n    kind: chip\n    facts:\n"
                          "      - {metric: power, value: 0 W, source: src-a}\n")
    claims_file(project, "{id: a, subject: chipa, baseline: zero, metric: power, claimed: 2x}",
                "{id: b, expr: 'chipa.power / zero.power', claimed: 2}")
    status, lines = check(capsys)
    assert status == 2
    assert lines[0].startswith("claims/a.yaml:3: claim 'a': chipa.power / zero.power: the baseline "
                               "cannot divide: division by an interval that contains 0")
    assert lines[1].startswith("claims/a.yaml:4: claim 'b': chipa.power / zero.power: division by "
                               "an interval that contains 0")


def chain(kind: str, length: int) -> str:
    """Entities c0..c{length-1}, each derived from the one before (last first: deepest)."""
    entries = []
    for i in reversed(range(length)):
        before = "chipa" if i == 0 else f"c{i - 1}"
        if kind == "members":
            entries.append(f"  - id: c{i}\n    kind: system\n    members: {{{before}: 1}}\n")
        else:
            entries.append(f"  - id: c{i}\n    kind: chip\n    facts:\n      - {{metric: hbm_bandwidth, "
                           f"value: '1 * {before}.hbm_bandwidth', source: src-a}}\n")
    return "".join(entries)


@pytest.mark.parametrize("kind, length", [("facts", 150), ("members", 400)])
def test_deep_chains_of_derivation_are_a_clear_error_not_a_recursion_error(project, capsys, kind,
                                                                           length):
    add_entities(project, chain(kind, length))
    # a summed metric: a system's figure is its members' sum, so the chain is followed
    claims_file(project, f"{{id: a, subject: c{length - 1}, metric: hbm_bandwidth, claimed: 4 TB/s}}")
    status, lines = check(capsys)
    assert status == 2
    assert "derived more than 60 levels deep" in lines[0]
    assert "nested too deeply" in lines[0]


def test_a_chain_within_the_limit_derives(project, capsys):
    add_entities(project, chain("facts", 20))
    claims_file(project, "{id: a, subject: c19, metric: hbm_bandwidth, claimed: 4 TB/s, expect: consistent}")
    assert check(capsys)[0] == 0


@pytest.mark.parametrize("claim, message", [
    ("{id: a, subject: chipa, metric: power, claimed: 1_000 W}",
     "claim 'a': expected a decimal number (thousands separated by ','), found '1_000 W': '_' "
     "separators and 0x/0o/0b prefixes are not numbers here"),
    ("{id: a, subject: chipa, metric: chips, claimed: 0x10}",
     "claim 'a': expected a decimal number (thousands separated by ','), found '0x10': '_' "
     "separators and 0x/0o/0b prefixes are not numbers here"),
    ("{id: a, expr: '1_0 * chipa.power', claimed: 1 kW}",
     "claim 'a': expression '1_0 * chipa.power': '1_0' is not a decimal number (no '_' "
     "separators, no 0x/0o/0b prefixes)"),
    ("{id: a, expr: '0x10 * chipa.power', claimed: 1 kW}",
     "claim 'a': expression '0x10 * chipa.power': '0x10' is not a decimal number (no '_' "
     "separators, no 0x/0o/0b prefixes)"),
    ("{id: a, subject: chipa, metric: power, claimed: '١٬٠٠٠ W'}",
     "claim 'a': expected digits 0-9 (or full-width ０-９), found '١' (ARABIC-INDIC DIGIT ONE) "
     "in '١٬٠٠٠ W'"),
    ("{id: a, subject: chipa, metric: power, claimed: '१००० W'}",
     "claim 'a': expected digits 0-9 (or full-width ０-９), found '१' (DEVANAGARI DIGIT ONE) "
     "in '१००० W'"),
])
def test_numbers_that_are_not_ours_are_refused(project, capsys, claim, message):
    claims_file(project, claim)
    status, lines = check(capsys)
    assert (status, lines[0]) == (2, f"claims/a.yaml:3: {message}")


def test_underscores_and_hex_in_facts_are_refused(project, capsys):
    add_entities(project, "  - id: q\n    kind: chip\n    facts:\n"
                          "      - {metric: power, value: '1_000 W', source: src-a}\n"
                          "      - {metric: fp8_dense, value: '0x10 * chipa.fp8_dense', source: src-a}\n")
    claims_file(project, "{id: a, kind: qualitative}")
    status, lines = check(capsys)
    assert status == 2
    assert any("fact 'power': expected a decimal number" in line for line in lines)
    assert any("fact 'fp8_dense': expression '0x10 * chipa.fp8_dense': '0x10' is not a decimal "
               "number" in line for line in lines)


def test_full_width_digits_are_read_and_shown_as_written(project, capsys):
    claims_file(project, "{id: a, subject: chipa, metric: power, claimed: '１，０００ W', "
                         "expect: consistent}",
                "{id: b, subject: sysa, metric: hbm_capacity, claimed: '５７６ GiB', "
                "expect: consistent}",
                "{id: c, expr: '２ * chipa.power', claimed: '２.０ kW', expect: consistent}")
    status = main(["check", "claims", "--specs", "specs", "--format", "json"])
    out, _ = capsys.readouterr()
    import json

    records = {r["id"]: r for r in json.loads(out)}
    assert status == 0
    assert records["a"]["claimed"]["text"] == "１，０００ W"
    assert records["a"]["claimed"]["value"] == 1000
    assert records["b"]["claimed"]["text"] == "５７６ GiB"
    assert records["c"]["verdict"] == "consistent"


# -- messages: the expectation as written, never a value unbounded --------------------

def test_an_expected_text_with_parentheses_is_shown_as_written(project, capsys):
    (project / "claims" / "a.yaml").write_text(
        "source: {id: s, title: T, language: 'english!'}\nclaims:\n  - {id: a, kind: qualitative}\n")
    status, lines = check(capsys)
    assert (status, lines[0]) == (2, "claims/a.yaml:1: source 's': language: expected a BCP 47 tag "
                                     "(en, zh-Hant), found 'english!'")


def test_a_long_text_is_cut_in_messages(project, capsys):
    claims_file(project, "{id: a, subject: chipa, metric: power, claimed: 1 kW, expect: '"
                + "x" * 10_000 + "'}")
    status, lines = check(capsys)
    assert status == 2 and lines[0].endswith("... (10,000 characters)") and len(lines[0]) < 300


# -- YAML loading: the collector paused, libyaml optional ----------------------------

def test_the_garbage_collector_is_paused_while_composing_and_restored(monkeypatch, tmp_path):
    seen = []
    real = yaml.compose

    def compose(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(yaml, "compose", compose)
    path = tmp_path / "a.yaml"
    path.write_text(HEADER + "  - {id: a, kind: qualitative}\n")
    assert gc.isenabled()
    documents.read_document(path, "a.yaml", errors.Collector())
    path.write_text("a: [unclosed\n")
    documents.read_document(path, "a.yaml", errors.Collector())
    assert seen == [False, False] and gc.isenabled()


def test_without_libyaml_the_pure_python_safe_loader_reads_the_same(monkeypatch):
    files = sorted((MINI / "claims").glob("*.yaml"))

    def read_all():
        problems = errors.Collector()
        documents = load.read_documents(files, problems)
        return [records.claim_records(d, problems) for d in documents], problems.problems

    with_libyaml = read_all()
    monkeypatch.delattr(yaml, "CSafeLoader")
    assert yamlio.safe_loader_base() is yaml.SafeLoader
    assert read_all() == with_libyaml
    assert yamlio.package_yaml("labels.yaml")


def test_without_libyaml_problems_keep_their_lines(monkeypatch, tmp_path):
    monkeypatch.delattr(yaml, "CSafeLoader")
    path = tmp_path / "a.yaml"
    path.write_bytes(HEADER.encode() + b"  - {id: a, kind: qualitative}\n  - note: x\x1by\n")
    problems = errors.Collector()
    assert documents.read_document(path, "a.yaml", problems) is None
    assert [p.line for p in problems.problems] == [4]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file types")
def test_read_bytes_reads_a_regular_file(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_bytes(b"x: 1\n")
    assert files.read_bytes(path, "a.yaml", errors.Collector()) == b"x: 1\n"


# -- pandera failures are keyed on the check, never on message text -----------------

def test_every_schema_check_is_registered_with_what_it_expects():
    from claimaudit.model import schemas

    for schema in (schemas.CLAIM_SOURCES, schemas.CLAIMS, schemas.SPEC_SOURCES, schemas.ENTITIES,
                   schemas.FACTS, schemas.METRICS):
        for column in schema.columns.values():
            for check in column.checks:
                assert schemas.EXPECTED[id(check)] == check.description and check.description


@pytest.mark.parametrize("order", ["as reported", "reversed"])
def test_a_list_where_text_belongs_is_caught_whatever_order_pandera_reports_in(monkeypatch, order):
    import pandas as pd
    import pandera.pandas as pa

    from claimaudit.core.errors import Collector
    from claimaudit.model import schemas

    if order == "reversed":
        real = pa.errors.SchemaErrors.__init__

        def reversed_init(self, schema, schema_errors, *args, **kwargs):
            real(self, schema, list(reversed(schema_errors)), *args, **kwargs)

        monkeypatch.setattr(pa.errors.SchemaErrors, "__init__", reversed_init)
    frame = pd.DataFrame({"file": ["c.yaml"] * 2, "line": [3, 4], "lines": [{}, {}],
                          "id": ["a", "B"], "subject": [[], "Not An Id"], "metric": ["power", "x"]},
                         dtype=object)
    problems = Collector()
    bad = schemas.check(frame, schemas.CLAIMS, problems)
    assert bad == {0}
    assert sorted(str(p) for p in problems.problems) == [
        "c.yaml:3: claim 'a': subject: expected text, found a list or mapping",
        "c.yaml:4: claim 'B': id: expected an id of lower-case letters, digits, - and _, found 'B'",
        "c.yaml:4: claim 'B': subject: expected an entity id, found 'Not An Id'",
    ]


def test_a_member_nesting_thousands_deep_is_checked_without_recursion(project, capsys):
    add_entities(project, chain("members", 1500))
    claims_file(project, "{id: a, subject: chipa, metric: power, claimed: 1 kW, expect: consistent}")
    assert check(capsys)[0] == 0


def test_a_member_cycle_through_three_entities_is_named(project, capsys):
    add_entities(project, "  - {id: ra, kind: system, members: {rb: 1}}\n"
                          "  - {id: rb, kind: system, members: {rc: 2}}\n"
                          "  - {id: rc, kind: system, members: {ra: 3, chipa: 1}}\n")
    claims_file(project, "{id: a, kind: qualitative}")
    status, lines = check(capsys)
    assert status == 2
    assert [line.split(": ", 1)[1] for line in lines[:-1]] == [
        "entity 'ra': members form a cycle: ra -> rb -> rc -> ra"]


@pytest.mark.parametrize("depth", [60, 400, 900])
def test_deeply_nested_lists_are_a_problem_not_a_recursion_error(project, capsys, depth):
    claims_file(project, "{id: a, kind: qualitative, note: " + "[" * depth + "]" * depth + "}")
    status, lines = check(capsys)
    assert (status, lines[0]) == (2, "claims/a.yaml:3: lists and mappings nested more than 50 "
                                     "levels deep")


def test_without_libyaml_a_nesting_thousands_deep_is_a_problem(monkeypatch, tmp_path):
    monkeypatch.delattr(yaml, "CSafeLoader")
    path = tmp_path / "a.yaml"
    path.write_text("a: " + "[" * 5000 + "]" * 5000 + "\n")
    problems = errors.Collector()
    assert documents.read_document(path, "a.yaml", problems) is None
    assert [str(p) for p in problems.problems] == ["a.yaml:1: lists and mappings nested too deeply "
                                                   "to read"]


# -- habits: the slow marker's switch ---------------------------------------------

def test_slow_tests_are_skipped_unless_run_slow_is_given(pytester):
    from pathlib import Path

    pytester.makeconftest((Path(__file__).parent / "conftest.py").read_text())
    pytester.makepyfile(test_x="import pytest\n\n@pytest.mark.slow\ndef test_slow():\n    pass\n\n"
                               "def test_quick():\n    pass\n")
    pytester.makeini("[pytest]\nmarkers =\n    slow: slow\n")
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=1, skipped=1)
    pytester.runpytest("-p", "no:cacheprovider", "--run-slow").assert_outcomes(passed=2)


def test_draft_refuses_a_fifo_as_the_article_without_hanging(tmp_path, capsys):
    os.mkfifo(tmp_path / "article.txt")
    assert main(["draft", str(tmp_path / "article.txt")]) == 2
    assert capsys.readouterr().err == (f"claimaudit: {tmp_path / 'article.txt'}: expected a regular "
                                       "file, found a FIFO (named pipe)\n")
