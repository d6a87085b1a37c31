"""The report stage (pipeline/report/write.py, pipeline/report/figures.py, pipeline/templates/).

Golden files over tests/data/report (rewrite them with CLAIMAUDIT_UPDATE_GOLDEN=1), hostile text,
determinism, the atomic swap, and CHANGES.md between two runs.
"""

import contextlib
import dataclasses
import json
import os
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from claimaudit.core.errors import OutputError
from claimaudit.report import changes, filters, outdir
from claimaudit.report import write as report
from claimaudit.report.write import ReportError
from claimaudit.run import check_paths, write_reports

FIXTURE = Path(__file__).parent / "data" / "report"
GOLDEN = FIXTURE / "golden"
AUDIT = json.loads((FIXTURE / "audit.json").read_text(encoding="utf-8"))
DATE = "2025-12-10"
UPDATE = os.environ.get("CLAIMAUDIT_UPDATE_GOLDEN") == "1"
SOURCES = ("ithome-2025-12-04-trainium3", "register-2025-12-02-trainium4")


def check_dir(root: Path):
    """Check root/claims against root/specs from inside root, so records name claims/<file>."""
    with contextlib.chdir(root):
        return check_paths([Path("claims")], Path("specs"))


@pytest.fixture(scope="module")
def fixture_run():
    return check_dir(FIXTURE)


@pytest.fixture(scope="module")
def undated_out(fixture_run, tmp_path_factory):
    """The fixture's reports without a date, written once for the read-only tests."""
    out = tmp_path_factory.mktemp("undated") / "reports"
    write_reports(fixture_run, out, None, audit=AUDIT)
    return out


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def markdown_files(root: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(root.glob("*.md"))}


def table_cells(line: str) -> int:
    """Cell delimiters in a table row, as GFM splits it: a backslash escapes the next character."""
    count, escaped = 0, False
    for char in line:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "|":
            count += 1
    return count


def assert_tables_hold(name: str, content: str) -> int:
    """Every row of every table has the header's column count; returns the rows seen."""
    rows, header = 0, None
    for number, line in enumerate(content.splitlines(), 1):
        if not line.startswith("|"):
            header = None
            continue
        if header is None:
            header = table_cells(line)
            continue
        assert table_cells(line) == header, f"{name}:{number}: {line}"
        rows += 1
    return rows


# -- golden files ---------------------------------------------------------------------------------

def test_frozen_spec_audit_matches_the_engine(fixture_run):
    """tests/data/report/audit.json is what spec_audit gives today (the update switch rewrites
    it), so the golden reports never rest on a stale audit."""
    from claimaudit.run import spec_audit

    fresh = json.loads(json.dumps(spec_audit(fixture_run), sort_keys=True))
    if UPDATE:
        (FIXTURE / "audit.json").write_text(json.dumps(fresh, ensure_ascii=False, indent=2,
                                                       sort_keys=True) + "\n", encoding="utf-8")
        AUDIT.clear()
        AUDIT.update(fresh)
    assert json.loads((FIXTURE / "audit.json").read_text(encoding="utf-8")) == fresh, \
        "tests/data/report/audit.json is stale (update: CLAIMAUDIT_UPDATE_GOLDEN=1 pytest " \
        "tests/test_report.py)"


def test_reports_match_golden_files(fixture_run, tmp_path):
    out = tmp_path / "reports"
    written = write_reports(fixture_run, out, DATE, audit=AUDIT)
    expected = {"index.md", "specs.md", "CHANGES.md", "results.json", "facts.json",
                *(f"{s}.md" for s in SOURCES), *(f"figures/{s}.svg" for s in SOURCES),
                *(f"claimreview/{s}.jsonld" for s in SOURCES)}
    assert {p.relative_to(out).as_posix() for p in written} == expected
    assert set(snapshot(out)) == expected | {".claimaudit-reports.json"}
    golden = sorted(name for name in expected if name.endswith((".md", "results.json")))
    if UPDATE:
        shutil.rmtree(GOLDEN, ignore_errors=True)
        GOLDEN.mkdir()
        for name in golden:
            shutil.copyfile(out / name, GOLDEN / name)
    for name in golden:
        assert (out / name).read_text(encoding="utf-8") == (GOLDEN / name).read_text(
            encoding="utf-8"), f"{name} differs from tests/data/report/golden (update: " \
                               "CLAIMAUDIT_UPDATE_GOLDEN=1 pytest tests/test_report.py)"
    assert sorted(p.name for p in GOLDEN.iterdir()) == golden


def test_results_json_is_the_record_list(fixture_run, undated_out):
    from claimaudit.output.results import to_records

    assert json.loads((undated_out / "results.json").read_text(encoding="utf-8")) == \
        json.loads(json.dumps(to_records(fixture_run)))


def test_source_page_orders_claims_by_verdict_then_file_order(undated_out):
    page = (undated_out / "register-2025-12-02-trainium4.md").read_text(encoding="utf-8")
    table = [line.split("](#")[1].split(")")[0] for line in page.splitlines()
             if line.startswith("| [")]
    assert table == ["trn3-us-hbm-total", "trn3-us-sparse", "trn4-scope", "trn3-us-hbm-bandwidth",
                     "trn3-process", "nvlink-fusion", "trn3-vs-trn2-compute", "chip-share",
                     "trn3-chips"]
    headings = [line[4:] for line in page.splitlines() if line.startswith("### ")]
    assert [filters.anchor(h.replace("\\", "")) for h in headings] == table


def test_figures_are_svg_with_one_row_per_drawable_claim(undated_out):
    svg = undated_out / "figures" / "register-2025-12-02-trainium4.svg"
    root = ET.parse(svg).getroot()
    labels = {"".join(t.itertext()).strip() for t in root.iter("{http://www.w3.org/2000/svg}text")}
    # numeric, with a derived value: not the ambiguous, unverifiable or qualitative claims
    assert {"trn3-us-hbm-total", "trn3-us-sparse", "trn3-us-hbm-bandwidth", "trn3-vs-trn2-compute",
            "chip-share", "trn3-chips"} <= labels
    assert not {"trn4-scope", "trn3-process", "nvlink-fusion"} & labels
    assert b"dc:date" not in svg.read_bytes()


def test_spec_audit_from_the_engine(fixture_run, tmp_path):
    pytest.importorskip("claimaudit.report.audit")
    write_reports(fixture_run, tmp_path / "r", DATE)
    specs = (tmp_path / "r" / "specs.md").read_text(encoding="utf-8")
    assert "trainium3.scaleup\\_bandwidth | 2.0 TB/s" in specs
    assert "trainium3.process\\_node | 5 nm" in specs
    assert "trn2\\_ultraserver.fp8\\_dense" in specs
    assert "<" not in specs


# -- hostile text ---------------------------------------------------------------------------------

HOSTILE = """\
source:
  id: hostile-source
  title: "Evil | <b>title</b> `code` *star* _under_ [x](javascript:alert(1))"
  publisher: "<script>alert('p')</script> & co | ltd"
  url: "javascript:alert(1)"
  published: 2025-12-01
  language: en
claims:
  - id: pipes
    quote: "a | b || c \\\\| d `tick` ``double`` *bold* **strong** _em_ ~~gone~~ $x$ &lt; &amp;"
    subject: trainium3
    metric: fp8_dense
    claimed: 2.517 PFLOPS
    note: "first line\\nsecond | line\\r\\n# not a heading\\n- not a list"
  - id: script
    quote: "<script>alert('xss')</script><img src=x onerror=alert(1)>"
    translation: "<iframe>\\n| broken | row |\\n</iframe>"
    subject: trainium3
    metric: hbm_capacity
    claimed: 144 GB
  - id: newlines
    quote: |
      line one
      | a | fake | table |
      ### fake heading
      1. fake list
    kind: qualitative
  - id: leading
    quote: "- starts like a list > and <b>"
    note: "# starts like a heading"
    kind: qualitative
"""


@pytest.fixture(scope="module")
def hostile_out(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile")
    shutil.copytree(FIXTURE / "specs", root / "specs")
    specs = root / "specs" / "aws.yaml"
    specs.write_text(specs.read_text(encoding="utf-8").replace(
        "NKI Trainium3 architecture guide", "NKI <guide> | `x` *y*"), encoding="utf-8")
    (root / "claims").mkdir()
    (root / "claims" / "hostile.yaml").write_text(HOSTILE, encoding="utf-8")
    shutil.copy(FIXTURE / "claims" / "ithome-2025-12-04-trainium3.yaml", root / "claims")
    out = root / "reports"
    write_reports(check_dir(root), out, DATE, audit=AUDIT)
    return out


def test_hostile_text_keeps_every_table_row_and_no_raw_angle_bracket(hostile_out):
    pages = markdown_files(hostile_out)
    assert "hostile-source.md" in pages
    rows = 0
    for name, content in pages.items():
        assert "<" not in content, name
        rows += assert_tables_hold(name, content)
    assert rows > 10


def test_hostile_text_is_shown_escaped_not_dropped(hostile_out):
    page = (hostile_out / "hostile-source.md").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert('xss')&lt;/script&gt;" in page
    # a pipe the source text already escaped (`\\|`) is a plain pipe, not shown as `\\|`
    assert "a \\| b \\|\\| c \\| d \\`tick\\` \\`\\`double\\`\\` \\*bold\\*" in page
    assert "&amp;lt; &amp;amp;" in page                         # entities stay literal text
    assert "first line second \\| line # not a heading - not a list" in page
    assert "> \\- starts like a list &gt; and &lt;b&gt;" in page
    assert "Note: \\# starts like a heading" in page
    assert not re.search(r"(?<!\\)\]\(javascript", page)        # no link, from url or title
    assert "no link recorded" in page
    index = (hostile_out / "index.md").read_text(encoding="utf-8")
    assert "[Evil \\| &lt;b&gt;title&lt;/b&gt; \\`code\\`" in index


def test_text_defuses_block_markers_and_leaves_numbers_alone():
    assert filters.text("# title") == "\\# title"
    assert filters.text("- item") == "\\- item"
    assert filters.text("---") == "\\---"
    assert filters.text("12. point") == "12\\. point"
    assert filters.text("2.6 PFLOPS") == "2.6 PFLOPS"
    assert filters.text("-40%") == "-40%"
    assert filters.cell("a\n\n b\r\nc") == "a b c"
    assert filters.cell(None) == ""


@pytest.mark.parametrize("measure, shown", [
    ({"value": 20.25, "unit": "TiB", "low": 20.1796875, "high": 20.3203125}, "20.25 TiB"),
    ({"value": 4.35634615385, "unit": "x", "low": 4.3, "high": 4.4}, "4.35635x"),
    ({"value": 144.0, "unit": "", "low": 144.0, "high": 144.0}, "144"),
    (None, "—"),
])
def test_qty(measure, shown):
    assert filters.qty(measure) == shown


def test_span_verdict_anchor_relative():
    assert filters.span({"low": 20.1796875, "high": 20.3203125, "unit": "TiB"}) == \
        "20.1797 to 20.3203 TiB"
    assert filters.span({"low": 144.0, "high": 144.0, "unit": ""}) == "144"
    assert filters.verdict({"verdict": "inconsistent", "severity": "major"}) == \
        "inconsistent (major)"
    assert filters.verdict("within_rounding") == "within rounding"
    assert filters.anchor("trn2_ultraserver.fp8_dense") == "trn2_ultraserverfp8_dense"
    assert filters.relative(3.29) == "3.3% higher" and filters.relative(-0.085) == "0.085% lower"


# -- determinism and the atomic swap --------------------------------------------------------------

def test_same_inputs_and_date_give_byte_identical_files(fixture_run, tmp_path):
    write_reports(fixture_run, tmp_path / "a", DATE, audit=AUDIT)
    write_reports(check_dir(FIXTURE), tmp_path / "b", DATE, audit=AUDIT)
    first, second = snapshot(tmp_path / "a"), snapshot(tmp_path / "b")
    assert first == second
    assert any(name.endswith(".svg") for name in first)


def test_a_worker_process_draws_the_same_files(fixture_run, tmp_path):
    from claimaudit.report.figures import Painter

    write_reports(fixture_run, tmp_path / "here", DATE, audit=AUDIT)
    with Painter().start() as painter:
        write_reports(fixture_run, tmp_path / "worker", DATE, audit=AUDIT, painter=painter)
    assert snapshot(tmp_path / "here") == snapshot(tmp_path / "worker")


def test_a_failure_in_the_worker_leaves_the_previous_reports_untouched(fixture_run, tmp_path):
    from claimaudit.report.figures import Painter

    out = tmp_path / "reports"
    write_reports(fixture_run, out, DATE, audit=AUDIT)
    before = snapshot(out)

    class Broken(Painter):
        def draw(self, rows, path, words=None):
            super().draw([{**rows[0], "label": None}], path, words)     # the worker's draw raises

    for _ in range(5):              # a late figure job once recreated the removed staging dir
        with Broken().start() as painter, pytest.raises(TypeError):
            write_reports(fixture_run, out, DATE, audit=AUDIT, painter=painter)
        assert snapshot(out) == before
        assert [p.name for p in tmp_path.iterdir()] == ["reports"]


def test_without_a_date_no_date_appears(undated_out):
    for name, content in markdown_files(undated_out).items():
        assert "Audit of" not in content, name
        assert not re.search(r"\b20\d\d-\d\d-\d\dT", content), name


def test_a_failing_run_leaves_the_previous_reports_untouched(fixture_run, tmp_path, monkeypatch):
    out = tmp_path / "reports"
    write_reports(fixture_run, out, DATE, audit=AUDIT)
    before = snapshot(out)
    real_render = report._render

    def render_then_fail(env, template, context):
        if template == "index.md.j2":                   # after results, figures, source pages
            raise RuntimeError("template exploded")
        return real_render(env, template, context)

    monkeypatch.setattr(report, "_render", render_then_fail)
    with pytest.raises(RuntimeError, match="template exploded"):
        write_reports(fixture_run, out, "2025-12-11", audit=AUDIT)
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["reports"]   # no staging left behind


def test_a_second_run_replaces_stale_files(fixture_run, tmp_path):
    out = tmp_path / "reports"
    write_reports(fixture_run, out, DATE, audit=AUDIT)
    (out / "gone-source.md").write_text("stale", encoding="utf-8")     # as an earlier run wrote it
    (out / "notes.md").write_text("mine", encoding="utf-8")            # the user's: kept
    manifest = json.loads((out / outdir.MANIFEST).read_text(encoding="utf-8"))
    outdir.write_manifest(out, {**manifest["files"], "gone-source.md":
                                outdir.file_hash(out / "gone-source.md")}, True, target=out)
    write_reports(fixture_run, out, DATE, audit=AUDIT)
    assert not (out / "gone-source.md").exists()
    assert (out / "notes.md").read_text(encoding="utf-8") == "mine"
    assert "No changes" in (out / "CHANGES.md").read_text(encoding="utf-8")


def test_refuses_to_replace_a_directory_that_is_not_a_reports_directory(fixture_run, tmp_path):
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(OutputError, match="was not written by claimaudit"):
        write_reports(fixture_run, tmp_path, DATE, audit=AUDIT)
    assert snapshot(tmp_path) == {"notes.txt": b"mine"}


@pytest.mark.parametrize("date", ["2025-13-01", "12/10/2025", "2025-12-10T00:00"])
def test_rejects_a_bad_date(fixture_run, tmp_path, date):
    with pytest.raises(ReportError, match="YYYY-MM-DD"):
        write_reports(fixture_run, tmp_path / "r", date, audit=AUDIT)
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize("source_id", ["../escape", "index", "Upper"])
def test_rejects_a_source_id_that_cannot_name_a_file(fixture_run, tmp_path, source_id):
    sources = fixture_run.corpus.claim_sources.copy()
    sources.loc[sources.index[0], "id"] = source_id
    run = dataclasses.replace(fixture_run,
                              corpus=dataclasses.replace(fixture_run.corpus, claim_sources=sources))
    with pytest.raises(ReportError, match="cannot name a report file"):
        write_reports(run, tmp_path / "r", None, audit=AUDIT)
    assert list(tmp_path.iterdir()) == []


# -- CHANGES.md -----------------------------------------------------------------------------------

def test_changes_lists_verdicts_values_and_claims_between_runs(fixture_run, tmp_path):
    out = tmp_path / "reports"
    write_reports(fixture_run, out, DATE, audit=AUDIT)
    assert "First run" in (out / "CHANGES.md").read_text(encoding="utf-8")
    edited = tmp_path / "edited"
    shutil.copytree(FIXTURE, edited, ignore=shutil.ignore_patterns("golden"))
    specs = edited / "specs" / "aws.yaml"
    specs.write_text(specs.read_text(encoding="utf-8").replace(
        'value: "2,517 TFLOPS"', 'value: "2,600 TFLOPS"'), encoding="utf-8")
    claims = edited / "claims" / "register-2025-12-02-trainium4.yaml"
    claims.write_text(claims.read_text(encoding="utf-8").replace(
        "id: nvlink-fusion", "id: nvlink-fusion-renamed"), encoding="utf-8")
    write_reports(check_dir(edited), out, "2025-12-11", audit=AUDIT)
    changes = (out / "CHANGES.md").read_text(encoding="utf-8")
    assert ("| [ithome-2025-12-04-trainium3/trn3-fp8-per-chip](ithome-2025-12-04-trainium3.md"
            "#trn3-fp8-per-chip) | inconsistent (major) | consistent |") in changes
    assert "| 2.517 PFLOPS | 2.6 PFLOPS | +3.3% |" in changes
    assert "register-2025-12-02-trainium4/nvlink-fusion-renamed" in changes.split(
        "## Claims added")[1]
    assert "register-2025-12-02-trainium4/nvlink-fusion |" in changes.split(
        "## Claims removed")[1]
    assert_tables_hold("CHANGES.md", changes)


def test_changes_ignores_moves_within_a_tenth_of_a_percent():
    old = [{"source": "s", "id": "a", "verdict": "consistent", "severity": None,
            "derived": {"value": 100.0, "unit": "TB", "low": 99, "high": 101}}]
    new = [dict(old[0], derived={"value": 100.09, "unit": "TB", "low": 99, "high": 101})]
    view = changes.changes_view(old, new)
    assert (view["verdicts"], view["moved"], view["added"], view["removed"]) == ([], [], [], [])
    moved = changes.changes_view(old, [dict(new[0], derived=dict(new[0]["derived"], value=100.2))])
    assert [m["key"] for m in moved["moved"]] == ["s/a"]


def test_an_unreadable_previous_results_json_is_said(fixture_run, tmp_path):
    out = tmp_path / "reports"
    write_reports(fixture_run, out, None, audit=AUDIT)
    (out / "results.json").write_text("{not json", encoding="utf-8")
    manifest = json.loads((out / outdir.MANIFEST).read_text(encoding="utf-8"))
    outdir.write_manifest(out, {**manifest["files"],
                                "results.json": outdir.file_hash(out / "results.json")}, True)
    write_reports(fixture_run, out, None, audit=AUDIT)
    assert "could not be read" in (out / "CHANGES.md").read_text(encoding="utf-8")
