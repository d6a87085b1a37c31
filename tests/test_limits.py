"""Limits on decoded size (pipeline/input/limits.py), table edges (input/tables.py), capped
problem lists (core/errors.py) and names checked whole (model/schemas.py: \\Z, never $)."""

import shutil

import pytest

from claimaudit.cli import main
from claimaudit.core import errors
from claimaudit.input import limits
from conftest import MINI

HEADER = "source,source_title,id,quote,subject,metric,claimed\n"


@pytest.fixture
def project(tmp_path, monkeypatch):
    shutil.copytree(MINI / "specs", tmp_path / "specs")
    (tmp_path / "claims").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def check(capsys, *extra) -> tuple[int, str, list[str]]:
    status = main(["check", "claims", "--specs", "specs", *extra])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err.splitlines()


def test_a_parquet_bomb_is_refused_from_its_footer(project, capsys):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    rows = limits.MAX_ROWS + 1
    table = pa.table({name: pa.array(["x"] * rows) for name in ("source", "id", "quote")})
    pq.write_table(table, project / "claims" / "bomb.parquet", compression="zstd")
    assert (project / "claims" / "bomb.parquet").stat().st_size < 200_000
    status, _, err = check(capsys)
    assert status == 2
    assert err[0] == (f"claims/bomb.parquet:0: table too large: {rows:,} rows, at most "
                      f"{limits.MAX_ROWS:,}; split it into several files")


def test_a_long_parquet_cell_is_refused(project, capsys):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    long = "x" * (limits.MAX_FIELD_CHARS + 1)
    pq.write_table(pa.table({"source": ["s"], "id": ["a"], "quote": [long]}),
                   project / "claims" / "t.parquet")
    status, _, err = check(capsys)
    assert status == 2 and err[0].startswith("claims/t.parquet:0: a cell of 20,001 characters")


def test_too_many_csv_columns_are_refused_before_parsing(project, capsys):
    (project / "claims" / "wide.csv").write_text(",".join(f"c{i}" for i in range(100_000)) + "\n")
    status, _, err = check(capsys)
    assert status == 2
    assert err[0] == ("claims/wide.csv:0: table too large: 100,000 columns, at most 200; "
                      "split it into several files")


def test_a_repeated_header_is_one_problem(project, capsys):
    (project / "claims" / "dup.csv").write_text("source,id,quote,id\ns,a,q,b\n")
    status, _, err = check(capsys)
    assert status == 2 and err[0] == "claims/dup.csv:1: column 'id' appears more than once"


def test_a_long_csv_cell_is_refused(project, capsys):
    long = "y" * (limits.MAX_FIELD_CHARS + 5)
    (project / "claims" / "t.csv").write_text(HEADER + f's,T,a,"{long}",chipa,power,1 kW\n')
    status, _, err = check(capsys)
    assert status == 2 and err[0].startswith("claims/t.csv:0: a cell of 20,005 characters")


def test_a_long_yaml_quote_is_refused_at_its_line(project, capsys):
    long = "z" * (limits.MAX_FIELD_CHARS + 1)
    (project / "claims" / "a.yaml").write_text(
        "source: {id: s, title: T}\nclaims:\n"
        f"  - {{id: a, subject: chipa, metric: power, claimed: 1 kW, quote: {long}}}\n")
    status, _, err = check(capsys)
    assert status == 2 and err[0].startswith("claims/a.yaml:3: claim: quote: 20,001 characters")


def test_cr_only_line_ends_are_read(project, capsys):
    (project / "claims" / "old.csv").write_bytes(
        b"source,source_title,id,quote,subject,metric,claimed\rs,T,a,q,chipa,power,\"1,000 W\"\r")
    status, out, err = check(capsys)
    assert status == 0 and "s/a" in out


def test_a_million_problems_list_a_thousand(project, capsys):
    rows = "".join(f"s,T,bad id {i},q,chipa,power,1 kW\n" for i in range(1500))
    (project / "claims" / "bad.csv").write_text(HEADER + rows)
    status, _, err = check(capsys)
    assert status == 2
    assert len(err) == errors.MAX_LISTED + 2
    assert err[-2] == "claimaudit: 500 more problems not listed"
    assert err[-1] == "claimaudit: 1,500 problems in the input; nothing was checked"


@pytest.mark.parametrize("field, value", [("id", "evil\\n"), ("subject", "chipa\\n"),
                                          ("metric", "power\\n")])
def test_a_trailing_newline_never_passes_a_name_pattern(project, capsys, field, value):
    claim = {"id": "a", "subject": "chipa", "metric": "power", "claimed": "1 kW", "quote": "q"}
    claim[field] = value
    body = ", ".join(f'{k}: "{v}"' for k, v in claim.items())
    (project / "claims" / "a.yaml").write_text(
        f"source: {{id: s, title: T}}\nclaims:\n  - {{{body}}}\n")
    status, _, err = check(capsys)
    assert status == 2 and any(f"{field}: expected" in line for line in err)


def test_a_source_id_longer_than_a_file_name_can_be_is_refused_by_check(project, capsys):
    long = "s" * 250
    (project / "claims" / "a.yaml").write_text(
        f"source: {{id: {long}, title: T}}\nclaims:\n"
        "  - {id: a, subject: chipa, metric: power, claimed: 1 kW, quote: q}\n")
    status, _, err = check(capsys)
    assert status == 2 and any("at most 128 characters" in line for line in err)


def test_a_trailing_newline_in_a_csv_id_is_refused(project, capsys):
    (project / "claims" / "t.csv").write_text(HEADER + 's,T,"evil\n",q,chipa,power,1 kW\n')
    status, _, err = check(capsys)
    assert status == 2 and any("id: expected" in line for line in err)
