"""Claim tables (pipeline/input/tables.py): known answers, file:row errors, Parquet round trip."""

import csv

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimaudit.cli import main
from claimaudit.core.errors import Collector, InputError
from claimaudit.input.records import CLAIM_FIELDS, SOURCE_FIELDS
from claimaudit.input.tables import read_table
from claimaudit.output.results import to_records
from claimaudit.run import check_paths
from conftest import MINI

SPECS = MINI / "specs"
HEADER = ["source", "id", "quote", "subject", "metric", "claimed", "qualifier", "expect",
          "source_title", "source_published"]
ROWS = [
    ["t", "fp8", "1,000 TFLOPS", "chipa", "fp8_dense", "1,000 TFLOPS", "", "consistent",
     "A table", "2025-02-01"],
    ["t", "fp8-major", "1,020 TFLOPS", "chipa", "fp8_dense", "1,020 TFLOPS", "", "inconsistent",
     "", ""],
    ["t", "fp8-trailing-zero", "1.00 PFLOPS", "chipa", "fp8_dense", "1.00 PFLOPS", "",
     "", "A table", ""],
    ["u", "power", "1 kW", "chipa", "power", "1,000 W", "", "consistent", "Another", ""],
]


# every claim field but the lists (interpretations, todo), then the source fields (from load's field lists)
OPTIONAL = ", ".join([*(f for f in CLAIM_FIELDS
                        if f not in ("id", "quote", "interpretations", "todo")),
                      *(f"source_{f}" for f in SOURCE_FIELDS if f != "id")])


def write_csv(path, rows, header=HEADER):
    with open(path, "w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(header)
        writer.writerows(rows)
    return path


def problems_of(path) -> list[str]:
    with pytest.raises(InputError) as caught:
        check_paths([path], SPECS)
    return [str(p) for p in caught.value.problems]


def test_a_csv_table_is_checked_like_the_yaml_it_mirrors(tmp_path):
    records = to_records(check_paths([write_csv(tmp_path / "c.csv", ROWS)], SPECS))
    got = {(r["source"], r["id"]): (r["verdict"], r["line"], r["claimed"]["text"]) for r in records}
    assert got == {("t", "fp8"): ("consistent", 2, "1,000 TFLOPS"),
                   ("t", "fp8-major"): ("inconsistent", 3, "1,020 TFLOPS"),
                   ("t", "fp8-trailing-zero"): ("consistent", 4, "1.00 PFLOPS"),
                   ("u", "power"): ("consistent", 5, "1,000 W")}
    trailing = next(r for r in records if r["id"] == "fp8-trailing-zero")
    assert trailing["claimed"]["low"] == pytest.approx(0.995)   # 2 decimals kept: h = 0.005


def test_source_fields_come_from_any_row_of_the_source(tmp_path):
    run = check_paths([write_csv(tmp_path / "c.csv", ROWS)], SPECS)
    sources = run.corpus.claim_sources.set_index("id")
    assert sources.loc["t", "title"] == "A table"
    assert sources.loc["t", "published"] == "2025-02-01"
    assert sources.loc["t", "line"] == 2 and sources.loc["u", "line"] == 5
    assert sources.loc["u", "published"] is None


def test_empty_cells_are_absent_fields(tmp_path):
    run = check_paths([write_csv(tmp_path / "c.csv", ROWS)], SPECS)
    claims = run.corpus.claims.set_index("id")
    assert claims.loc["fp8", "qualifier"] is None
    assert claims.loc["fp8-trailing-zero", "expect"] is None


def test_source_fields_that_disagree_name_the_row(tmp_path):
    rows = [ROWS[0], [*ROWS[1][:8], "Another title", ""]]
    assert problems_of(write_csv(tmp_path / "c.csv", rows)) == [
        (f"{tmp_path / 'c.csv'}:3: source 't': source_title 'Another title' disagrees with "
        "'A table' (row 2); the rows of one source must agree on its fields")]


def test_cell_errors_name_file_and_row(tmp_path):
    rows = [ROWS[0], ["t", "Bad Id", "q", "chipa", "fp8_dense", "1 PFLOPS", "", "", "", ""],
            ["t", "x", "q", "chipa", "fp8_dense", "1 PB", "", "", "", ""],
            ["", "y", "q", "chipa", "fp8_dense", "1 PFLOPS", "", "", "", ""]]
    path = tmp_path / "c.csv"
    assert problems_of(write_csv(path, rows)) == [
        (f"{path}:3: claim 'Bad Id': id: expected an id of lower-case letters, digits, - and _, "
        "found 'Bad Id'"),
        (f"{path}:4: claim 'x': unit 'PB' is a capacity (bytes), metric fp8_dense needs "
        "a compute rate (FLOPS)"),
        f"{path}:5: claim row: source: expected a source id, found nothing"]


def test_header_problems_are_reported_at_row_1(tmp_path):
    path = write_csv(tmp_path / "c.csv", [], header=["source", "id", "subjct", "interpretations"])
    assert problems_of(path) == [
        (f"{path}:1: column 'interpretations': interpretations is a list, YAML-only; write such a "
        "claim in a YAML claim file"),
        f"{path}:1: expected columns source, id, quote, found no 'quote'",
        (f"{path}:1: unknown column 'subjct' (did you mean subject?); expected source, id, quote "
        f"and any of {OPTIONAL}")]


def test_duplicate_columns_and_ragged_rows(tmp_path):
    path = write_csv(tmp_path / "d.csv", [], header=["source", "id", "quote", "id"])
    assert problems_of(path) == [f"{path}:1: column 'id' appears more than once"]
    ragged = tmp_path / "r.csv"
    ragged.write_text("source,id,quote\nt,a,q\nt,b,q,extra\n", encoding="utf-8")
    assert problems_of(ragged) == [f"{ragged}:3: CSV: expected 3 cells as in the header, found 4"]


def test_not_utf8_and_empty(tmp_path):
    latin = tmp_path / "l.csv"
    latin.write_bytes(b"source,id,quote\nt,a,caf\xe9\n")
    assert problems_of(latin) == [f"{latin}:2: expected UTF-8 text, found byte 0xe9"]
    empty = tmp_path / "e.csv"
    empty.write_text("", encoding="utf-8")
    assert problems_of(empty) == [
        f"{empty}:1: file is empty: expected a header row naming the columns (source, id, quote ...)"]


def test_a_directory_mixes_yaml_and_tables(tmp_path):
    (tmp_path / "direct.yaml").write_text((MINI / "claims" / "direct.yaml").read_text())
    write_csv(tmp_path / "c.csv", ROWS)
    records = to_records(check_paths([tmp_path], SPECS))
    assert {r["source"] for r in records} == {"mini-direct", "t", "u"}


def test_parquet_round_trip_gives_the_csv_answers(tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    frame = pd.read_csv(write_csv(tmp_path / "c.csv", ROWS), dtype=str, keep_default_na=False)
    frame.to_parquet(tmp_path / "c.parquet")
    (tmp_path / "c.csv").unlink()
    records = to_records(check_paths([tmp_path / "c.parquet"], SPECS))
    assert [(r["id"], r["verdict"], r["line"], r["claimed"]["text"]) for r in records] == [
        ("fp8", "consistent", 2, "1,000 TFLOPS"), ("fp8-major", "inconsistent", 3, "1,020 TFLOPS"),
        ("fp8-trailing-zero", "consistent", 4, "1.00 PFLOPS"), ("power", "consistent", 5, "1,000 W")]


def test_parquet_number_columns_are_refused(tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    path = tmp_path / "n.parquet"
    pd.DataFrame({"source": ["t"], "id": ["a"], "quote": ["q"], "claimed": [2.5]}).to_parquet(path)
    assert problems_of(path) == [
        (f"{path}:1: column 'claimed': expected text (a string column), found double; write every "
        "cell as text, so that '2.50' keeps its zero")]


def test_check_reads_a_table_and_writes_csv(tmp_path, capsys):
    path = write_csv(tmp_path / "c.csv", ROWS)
    status = main(["check", str(path), "--specs", str(SPECS), "--format", "csv"])
    out = capsys.readouterr().out
    assert status == 0
    assert out.splitlines()[0] == (
        "source,id,file,line,verdict,severity,claimed,claimed_low,claimed_high,"
        "derived_value,derived_unit,derived_low,derived_high,basis,explanation")
    rows = {row["id"]: row for row in csv.DictReader(out.splitlines())}
    assert len(rows) == 4
    major = rows["fp8-major"]
    assert (major["source"], major["file"], major["line"], major["verdict"], major["severity"],
            major["claimed"]) == ("t", str(path), "3", "inconsistent", "major", "1,020 TFLOPS")
    assert float(major["claimed_low"]) == pytest.approx(1019.5)
    assert float(major["derived_value"]) == pytest.approx(1000.0)
    assert major["derived_unit"] == "TFLOPS"
    assert rows["fp8"]["severity"] == "" and rows["fp8"]["basis"] == "independent"
    assert rows["fp8"]["explanation"] == ""


def test_report_and_explain_read_tables_in_the_claims_directory(tmp_path, capsys):
    (tmp_path / "claims").mkdir()
    write_csv(tmp_path / "claims" / "c.csv", ROWS)
    status = main(["explain", "t/fp8-major", str(tmp_path / "claims"),
                   "--specs", str(SPECS)])
    out = capsys.readouterr().out
    assert status == 0
    assert out.startswith(f"t/fp8-major  ({tmp_path / 'claims' / 'c.csv'}:3)")
    status = main(["report", str(tmp_path / "claims"), "--specs", str(SPECS),
                   "--out", str(tmp_path / "reports")])
    assert status == 0
    assert (tmp_path / "reports" / "t.md").is_file() and (tmp_path / "reports" / "u.md").is_file()


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cells=st.lists(st.text(st.characters(blacklist_categories=("Cs",),
                                            blacklist_characters="\x00\r"), max_size=12),
                      min_size=1, max_size=6))
def test_every_cell_is_read_as_the_text_written(tmp_path, cells):
    """Whatever a cell holds (2.50, 007, NA, true, quotes, commas, line breaks), the record
    holds that text; only an empty cell is absent."""
    path = write_csv(tmp_path / "p.csv", [["t", f"c{i}", cell] for i, cell in enumerate(cells)],
                     header=["source", "id", "quote"])
    problems = Collector()
    document = read_table(path, "p.csv", problems)
    assert not problems.problems
    _, claims = document.records
    assert list(claims["quote"]) == [cell or None for cell in cells]
    assert list(claims["line"]) == list(range(2, 2 + len(cells)))


def test_claimant_and_source_party_columns_pass_through(tmp_path):
    specs = tmp_path / "specs"
    specs.mkdir()
    text = (SPECS / "mini.yaml").read_text(encoding="utf-8")
    (specs / "mini.yaml").write_text(text.replace(
        '{id: src-a, title: "Chip A datasheet",', '{id: src-a, party: vendora, title: "Chip A datasheet",'),
        encoding="utf-8")
    header = ["source", "id", "quote", "subject", "metric", "claimed", "claimant",
              "source_title", "source_party"]
    rows = [["t", "own", "q", "chipa", "fp8_dense", "1 PFLOPS", "", "T", "vendora"],
            ["t", "quoted", "q", "chipa", "fp8_dense", "1 PFLOPS", "analyst", "T", ""],
            ["u", "named", "q", "chipa", "fp8_dense", "1 PFLOPS", "vendora", "U", ""]]
    run = check_paths([write_csv(tmp_path / "c.csv", rows, header)], specs)
    basis = {r["id"]: r["basis"] for r in to_records(run)}
    assert basis == {"own": "claimant", "quoted": "independent", "named": "claimant"}
    assert run.corpus.claim_sources.set_index("id").loc["t", "party"] == "vendora"
