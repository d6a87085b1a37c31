"""Reports that stay readable at scale (pipeline/report/pages.py, the figure limits in figures.py).

A generated corpus over the mini specs (fast), and 10,000 claims over the bundled specs (slow):
every Markdown file under 500 KB, every claim on exactly one page, links into the parts land on
an existing anchor, every figure under 2,000 px tall with at most 40 rows.
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from claimaudit.report import figures, pages
from claimaudit.run import check_paths, write_reports
from conftest import MINI

ROOT = Path(__file__).resolve().parent.parent
# (claimed, verdict over the mini specs' chipa.fp8_dense = 1,000 TFLOPS)
FIGURES = [("1,000 TFLOPS", "consistent"), ("1,005 TFLOPS", "inconsistent"),
           ("1,020 TFLOPS", "inconsistent"), ("1,500,000 TFLOPS", "inconsistent")]


def corpus(directory: Path, claims: int, sources: int, shift: int = 0) -> Path:
    """`claims` claims of chipa's FP8 figure in `sources` files, cycling through FIGURES."""
    directory.mkdir(parents=True, exist_ok=True)
    for s in range(sources):
        items = [{"id": f"c{i}", "quote": f"claim {i} " + "words " * 20, "subject": "chipa",
                  "metric": "fp8_dense", "claimed": FIGURES[(i + shift) % len(FIGURES)][0]}
                 for i in range(s, claims, sources)]
        document = {"source": {"id": f"gen-{s}", "title": f"Generated {s}"}, "claims": items}
        (directory / f"gen-{s}.yaml").write_text(yaml.safe_dump(document, sort_keys=False))
    return directory


def svg_px(path: Path) -> float:
    value, unit = re.search(r'height="([\d.]+)(pt|px)?"', path.read_text()[:2000]).groups()
    return float(value) * (4 / 3 if unit == "pt" else 1)


def assert_readable(out: Path, claim_ids: set[str]) -> None:
    texts = {p.name: p.read_text(encoding="utf-8") for p in out.glob("*.md")}
    assert all(len(t.encode()) < pages.PAGE_LIMIT for t in texts.values())
    rows = [line for name, text in texts.items() if name.startswith("gen-")
            for line in text.splitlines() if re.match(r"^\| \[?c\d+", line)]
    shown = [re.match(r"^\| \[?(c\d+)", line).group(1) for line in rows]
    assert sorted(shown) == sorted(claim_ids)              # every claim once, in one table
    for page, anchor in re.findall(r"\]\((gen-[\w.-]+\.md)#([\w-]+)\)", texts["index.md"]):
        assert f"### {anchor}" in texts[page]
    for svg in out.glob("figures/*.svg"):
        assert svg_px(svg) < 2000


def test_split_weighs_a_compact_row_as_an_eighth_of_a_worked_claim():
    claims = [{"id": "w", "worked": True}] * 3 + [{"id": "c", "worked": False}] * 16
    parts = pages.split(claims, 2)
    assert [len(p) for p in parts] == [2, 1 + 8, 8]


def test_part_pages_cannot_be_another_sources_page():
    assert pages.part_page("x", 1) == "x.md"
    assert pages.part_page("x", 2) == "x.part-2.md"        # source ids have no "."


def test_a_large_source_is_compacted_and_split(tmp_path, monkeypatch):
    monkeypatch.setattr(pages, "PART_BUDGET", 40)
    claims = corpus(tmp_path / "claims", 480, 2)
    out = tmp_path / "out"
    write_reports(check_paths([claims], MINI / "specs"), out, "2025-12-10", audit=AUDIT_NONE)
    names = sorted(p.name for p in out.glob("gen-0*.md"))
    # gen-0 holds 120 consistent claims and 120 inconsistent ones: parts of 40 worked claims,
    # then the 120 compact rows (weighing 15) in a fourth part
    assert names == ["gen-0.md", "gen-0.part-2.md", "gen-0.part-3.md", "gen-0.part-4.md"]
    first = (out / "gen-0.md").read_text()
    assert "This source is split into 4 parts" in first
    assert "### c0\n" not in "".join((out / n).read_text() for n in names)   # consistent: no working
    assert "## Consistent claims" in (out / "gen-0.part-4.md").read_text()
    assert "# Generated 0, part 3 of 4" in (out / "gen-0.part-3.md").read_text()
    assert_readable(out, {f"c{i}" for i in range(480)})


def test_a_page_over_the_limit_is_split_again(tmp_path, monkeypatch):
    monkeypatch.setattr(pages, "PAGE_LIMIT", 30_000)
    claims = corpus(tmp_path / "claims", 160, 1)
    out = tmp_path / "out"
    write_reports(check_paths([claims], MINI / "specs"), out, None, audit=AUDIT_NONE)
    sizes = [len(p.read_bytes()) for p in out.glob("gen-0*.md")]
    assert len(sizes) > 1 and max(sizes) <= 30_000


def test_changes_are_cut_and_link_to_the_part_that_holds_the_claim(tmp_path, monkeypatch):
    monkeypatch.setattr(pages, "PART_BUDGET", 40)
    monkeypatch.setattr(pages, "CHANGES_SHOWN", 25)
    out = tmp_path / "out"
    for shift in (0, 1):                        # every claim's figure moves on: verdicts change
        claims = corpus(tmp_path / "claims", 160, 1, shift)
        write_reports(check_paths([claims], MINI / "specs"), out, None, audit=AUDIT_NONE)
    text = (out / "CHANGES.md").read_text()
    assert "… and 95 more verdict changes, not listed here" in text   # 120 of 160 changed
    links = re.findall(r"\]\((gen-0[\w.-]*\.md)(#[\w-]+)?\)", text)
    assert len(links) == 25 and {page for page, _ in links} > {"gen-0.md"}
    for page, anchor in links:
        assert not anchor or f"### {anchor[1:]}" in (out / page).read_text()


def test_figures_draw_at_most_40_rows_the_farthest_first():
    records = [{"id": f"c{i}", "verdict": "consistent" if i % 2 else "inconsistent",
                "severity": None if i % 2 else "major",
                "claimed": {"low": 1.0 + i / 100, "high": 1.0 + i / 100 + 0.001},
                "derived": {"value": 1.0, "low": 1.0, "high": 1.0}} for i in range(200)]
    rows = figures.figure_rows(records)
    assert len(rows) == figures.MAX_ROWS and rows[0]["of"] == 200
    assert [r["label"] for r in rows] == [f"c{i}" for i in range(120, 200, 2)]


def test_an_outlier_is_clipped_and_says_where_it_lies(tmp_path):
    rows = [{"label": "near", "style": ("consistent", None), "claimed": (0.99, 1.01),
             "derived": (1.0, 1.0), "of": 2},
            {"label": "far", "style": ("inconsistent", "major"), "claimed": (1426.5, 1427.5),
             "derived": (1.0, 1.0), "of": 2}]
    left, right = figures._limits(rows)
    assert right < 3.5
    assert figures._clipped_label(rows[1], left, right) == "far (off axis: 1.43e+03)"
    figures.draw_file(rows, str(tmp_path / "f.svg"))
    assert "far (off axis: 1.43e+03)" in (tmp_path / "f.svg").read_text()


@pytest.mark.slow
def test_ten_thousand_claims_in_ten_sources_stay_readable(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_scale.py"), "--sizes", "10000",
                    "--write-claims", str(tmp_path / "claims")], cwd=ROOT, check=True, timeout=600)
    out = tmp_path / "out"
    write_reports(check_paths([tmp_path / "claims"], ROOT / "specs"), out, None)
    assert_readable(out, {f"c{i}" for i in range(10_000)})


AUDIT_NONE = {"conflicts": [], "superseded": [], "sums": []}
