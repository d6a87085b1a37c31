"""`check --format csv` over columns (pipeline/output/result_table.py) against the record path
(results.table_records -> render.csv_text), which stays the reference: the same bytes and the
same exit status on every bundled corpus and on generated claim tables."""

import csv
import io
import random
from pathlib import Path

import pytest

from claimaudit.output import render, result_table
from claimaudit.output.results import table_records
from claimaudit.run import check_paths
from conftest import DATA, MINI
from conftest import records_exit_status as exit_status

ROOT = Path(__file__).resolve().parent.parent
CORPORA = [
    (ROOT / "claims", ROOT / "specs"),
    (MINI / "claims", MINI / "specs"),
    (DATA / "report" / "claims", DATA / "report" / "specs"),
    (DATA / "epi" / "claims", DATA / "epi" / "specs"),
    (DATA / "slips" / "claims", DATA / "slips" / "specs"),
]


def assert_same_as_records(run) -> None:
    out = io.StringIO()
    result_table.write_csv(run, out)
    records = table_records(run)
    assert out.getvalue() == render.csv_text(records)
    for strict in (False, True):
        assert result_table.exit_status(run, strict) == exit_status(records, strict)


@pytest.mark.parametrize("claims, specs", CORPORA, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_columns_write_what_the_records_write(claims, specs):
    assert_same_as_records(check_paths([claims], specs))


def generated_table(path: Path, count: int, seed: int) -> Path:
    """Claims over the mini specs, each its own claimed value, with every qualifier, ratios
    against a baseline, changes and shares, binary readings and absolute/relative tolerances."""
    rng = random.Random(seed)
    metrics = [("fp8_dense", "TFLOPS", 1000), ("hbm_capacity", "GB", 96),
               ("hbm_bandwidth", "TB/s", 4), ("power", "W", 1000)]
    qualifiers = ["", "about", "roughly", "nearly", "up_to", "more_than", "at_least", "exact",
                  "just_over", "less_than"]
    header = ["source", "id", "quote", "subject", "baseline", "metric", "claimed", "qualifier",
              "tolerance", "expect", "source_title"]
    with open(path, "w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(header)
        for i in range(count):
            metric, unit, value = rng.choice(metrics)
            shown = value * rng.choice([1, 1, 1.02, 0.5, 1.3]) * (1 + rng.uniform(-1e-3, 1e-3))
            baseline, tolerance = "", rng.choice(["", "", "5%", f"1 {unit}"])
            claimed = f"{shown:.{rng.randint(0, 6)}f} {unit}"
            if rng.random() < 0.25:
                baseline, tolerance = "chipb", rng.choice(["", "5%"])
                claimed = rng.choice([f"{rng.uniform(0.2, 3):.3g}x", f"+{rng.randint(1, 90)}%",
                                      f"{rng.randint(1, 300)}%"])
            writer.writerow([f"s{i % 3}", f"c{i}", "generated", "chipa", baseline, metric,
                             claimed, rng.choice(qualifiers), tolerance,
                             rng.choice(["", "", "consistent", "inconsistent"]), "Generated"])
    return path


@pytest.mark.parametrize("seed, chunk", [(1, result_table.CHUNK), (2, 7)])
def test_generated_tables_write_what_the_records_write(tmp_path, seed, chunk, monkeypatch):
    monkeypatch.setattr(result_table, "CHUNK", chunk)     # 7: many chunks, a short last one
    run = check_paths([generated_table(tmp_path / "t.csv", 400, seed)], MINI / "specs")
    assert {"consistent", "inconsistent"} <= set(run.results["verdict"])
    assert_same_as_records(run)

