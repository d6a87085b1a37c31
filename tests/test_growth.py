"""Every user-controlled loop grows linearly: the time for 4n over the time for n, in one run
(a quadratic loop gives ~16, a linear one ~4; the bound leaves room for a loaded machine).
Slow: run with --run-slow (the nightly run)."""

import shutil
import time
from pathlib import Path

import pytest

from claimaudit.core.errors import Collector
from claimaudit.core.suggest import Index
from claimaudit.draft.article import draft_records
from claimaudit.draft.entities import load_catalogue
from claimaudit.draft.header_units import header_numbers
from claimaudit.draft.text import plain_text
from claimaudit.input import tables

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[1]
BOUND = 8.0


def seconds(work, size: int) -> float:
    best = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        work(size)
        best = min(best, time.perf_counter() - start)
    return max(best, 1e-4)


def assert_linear(work, size: int) -> None:
    """Grow `size` until one run takes 50 ms (shorter times are mostly noise), then compare."""
    work(size // 4)                                 # warm caches and imports
    for _ in range(6):
        if seconds(work, size) >= 0.05:
            break
        size *= 2
    ratio = seconds(work, 4 * size) / seconds(work, size)
    assert ratio < BOUND, f"4x the input took {ratio:.1f}x the time"


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(ROOT / "specs")


DRAFTS = {
    "no clause break": lambda n: "+40% " * n,
    "unclosed angle brackets": lambda n: "x < y 1 TB " * n,
    "unclosed skipped class": lambda n: '<div class="lb-trans">' * n + " It has 1 TB.",
    "short sentences": lambda n: "It has 1 TB. " * n,
    "Chinese numeral run": lambda n: "一" * (8 * n),
    "Arabic text": lambda n: "يبلغ الأداء ٤٠ بالمئة " * n,
    "unclosed comments": lambda n: "<!-- 1 TB " * n,
    "unclosed scripts": lambda n: "<script>" * n + "4 TB",
    "stray closing tags": lambda n: "<div>" * n + "</span>" * n + "4 TB",
    "doublings in one clause": lambda n: "增加一倍" * n,
    "ratios naming no metric": lambda n: "1.8 倍," * n,
    "digit fractions": lambda n: "的约 1/3," * n,
    "one long product": lambda n: "2 × 3 × " * n + "4 GB",
    "settings": lambda n: "block=1MB " * n,
}


@pytest.mark.parametrize("case", sorted(DRAFTS))
def test_drafting_is_linear(catalogue, case):
    assert_linear(lambda n: draft_records(DRAFTS[case](n), catalogue), 400)


def test_text_extraction_is_linear():
    assert_linear(lambda n: plain_text("<p class='x'>a < b " * n + "<div class=\"lb-trans\">" * n,
                                       ["lb-trans"]), 20_000)


def test_table_units_are_linear_in_the_rows():
    """A bare cell may take its row's unit if no other cell of its column is bare: each column is
    read once per table, not once per cell (a 3,200-row table took 1.5 s, 11x an 800-row one)."""
    def work(n: int) -> None:
        view = "| a | b | c | d |\n|---|---|---|---|\n" + "".join(
            f"| r{i} | {i}.5 PFLOPS | {i} | {i}.2 PFLOPS |\n" for i in range(n))
        starts = [0, *(i + 1 for i, c in enumerate(view) if c == "\n")]
        header_numbers(view, [(a, b - 1) for a, b in zip(starts, starts[1:])])

    assert_linear(work, 1600)


def test_suggestions_are_linear_in_the_problems():
    def work(n: int) -> None:
        index = Index([f"chip_{i:06d}_fp8" for i in range(n)])
        for i in range(n):
            index.near(f"chp_{i:06d}_fp9")

    assert_linear(work, 500)


def test_header_checks_are_linear(tmp_path):
    def work(n: int) -> None:
        path = tmp_path / f"h{n}.csv"
        path.write_text(",".join(["a"] * n) + "\n")
        tables.read_table(path, path.name, Collector())

    assert_linear(work, 40_000)


def test_report_is_linear_in_the_sources(tmp_path, monkeypatch):
    from claimaudit.run import check_paths, write_reports

    shutil.copytree(ROOT / "tests" / "data" / "mini" / "specs", tmp_path / "specs")
    monkeypatch.chdir(tmp_path)

    def work(n: int) -> None:
        claims = tmp_path / f"claims{n}"
        shutil.rmtree(claims, ignore_errors=True)
        claims.mkdir()
        for i in range(n):
            (claims / f"s{i}.yaml").write_text(
                f"source: {{id: s{i}, title: T{i}}}\nclaims:\n"
                "  - {id: a, subject: chipa, metric: power, claimed: \"1,000 W\", quote: q}\n")
        run = check_paths([claims], tmp_path / "specs")
        shutil.rmtree(tmp_path / "out", ignore_errors=True)
        write_reports(run, tmp_path / "out", "2025-12-10", audit={"conflicts": [], "sums": [],
                                                                   "superseded": []})

    assert_linear(work, 60)
