"""The check table and the discovery tables at a terminal's width; colour (pipeline/output/terminal.py,
pipeline/output/fit.py)."""

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimaudit.cli import main
from claimaudit.output import render
from claimaudit.output.fit import display_width, share, shorten, shorten_ref, terminal_width
from claimaudit.output.results import to_records
from claimaudit.output.terminal import (
    CheckTable,
    colour_wanted,
    discovery_table,
    widest_cells,
    write_check_table,
)
from claimaudit.run import check_paths
from conftest import MINI

ROOT = MINI.parent.parent.parent


@pytest.fixture(scope="module")
def corpus_records():
    """The repository's own claims: long source ids, long verdicts, causes."""
    return to_records(check_paths([ROOT / "claims"], ROOT / "specs"))


def table(records, width=None, colour=False, chunk=None):
    out = io.StringIO()
    chunks = [records] if chunk is None else [records[i:i + chunk]
                                               for i in range(0, len(records), chunk)]
    widest = (0, 0) if chunk is None else widest_cells(
        [(r["verdict"], r["severity"], r["basis"],
          tuple((item["date"],) for item in r.get("later") or [])) for r in records],
        [r["explanations"] for r in records])
    write_check_table(chunks, out, colour=colour, width=width, widest=widest)
    return out.getvalue()


@pytest.mark.parametrize("width", [80, 120, 200])
def test_every_line_fits_the_width_and_verdicts_and_causes_stay_whole(corpus_records, width):
    text = table(corpus_records, width)
    lines = text.splitlines()
    assert max(display_width(line) for line in lines) <= width
    for record in corpus_records:
        verdict = render.verdict_label(record)
        assert verdict in text
        cause = render.top_cause(record)
        if cause:
            assert cause in text
    summary = " ".join(lines[lines.index("", -4) + 1:])      # wrapped at the width, words whole
    assert summary == render.summary_line(corpus_records)


def test_the_layout_moves_to_more_lines_as_the_terminal_narrows(corpus_records):
    count = len(corpus_records)
    wide, medium, narrow = (table(corpus_records, w) for w in (240, 150, 80))
    assert "cause" in wide.splitlines()[0]            # a cause column
    assert "cause" not in medium.splitlines()[0] and "    cause: " in medium
    assert narrow.splitlines()[1].strip() == "verdict  cause"
    assert len(wide.splitlines()) == count + 4        # header, rule, rows, blank, summary
    assert len(narrow.splitlines()) >= 2 * count + 5


def test_without_a_width_the_table_is_the_natural_one_byte_for_byte(corpus_records):
    assert table(corpus_records) == render.text_table(corpus_records)


def test_written_in_chunks_the_first_chunk_sets_the_widths(corpus_records):
    whole = table(corpus_records, 120)
    chunked = table(corpus_records, 120, chunk=len(corpus_records))
    assert chunked == whole
    small = table(corpus_records, 120, chunk=5)     # the first 5 have no cause: the run has
    assert max(display_width(line) for line in small.splitlines()) <= 120
    for record in corpus_records:
        assert render.verdict_label(record) in small and render.top_cause(record) in small
    assert small.splitlines()[-1] == whole.splitlines()[-1]


def test_a_failed_pin_is_marked_inside_the_width(mini_records):
    record = dict(mini_records["sysj-hbm-total"], expect="consistent")
    text = table([record], 80)
    assert "<- expected consistent" in text
    assert max(display_width(line) for line in text.splitlines()) <= 80


def test_colour_wraps_the_verdict_only(mini_records):
    records = list(mini_records.values())
    coloured = table(records, 120, colour=True)
    assert "\033[31m" in coloured
    plain = coloured.replace("\033[0m", "")
    for code in ("31", "32", "33", "36", "90"):
        plain = plain.replace(f"\033[{code}m", "")
    assert plain == table(records, 120)


def test_an_empty_run_prints_the_header_and_the_summary():
    out = io.StringIO()
    CheckTable(out, width=80).close()
    assert out.getvalue().splitlines()[-1] == "0 claims: "


@pytest.mark.parametrize("width", [80, 120, 200])
def test_check_uses_COLUMNS(capsys, monkeypatch, width):
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.chdir(ROOT)
    main(["check", "claims", "--specs", "specs"])     # 1 when a pin of the corpus fails
    out = capsys.readouterr().out
    assert out.startswith("claim ")
    assert max(display_width(line) for line in out.splitlines()) <= width


@pytest.mark.parametrize("command", [["entities"], ["facts", "trainium3"], ["metrics"]])
@pytest.mark.parametrize("width", [80, 120])
def test_discovery_tables_fit(capsys, monkeypatch, command, width):
    monkeypatch.setenv("COLUMNS", str(width))
    assert main([*command, "--specs", str(ROOT / "specs")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) > 3
    assert max(display_width(line) for line in lines) <= width


def test_discovery_table_cuts_the_widest_column_first():
    records = [{"id": "a", "quote": "x" * 100}]
    lines = discovery_table(records, ["id", "quote"], 40).splitlines()
    assert lines[2] == "a   " + "x" * 35 + "…"
    assert discovery_table(records, ["id", "quote"]).splitlines()[2] == "a   " + "x" * 59 + "…"


# -- fitting rules -------------------------------------------------------------------------------

def test_shorten_marks_the_cut_and_counts_wide_characters_twice():
    assert shorten("abcdef", 6) == "abcdef"
    assert shorten("abcdef", 4) == "abc…"
    assert shorten("算力提升四倍", 7) == "算力提…"
    assert display_width(shorten("算力提升四倍", 7)) <= 7


def test_shorten_ref_cuts_the_source_before_the_claim():
    assert shorten_ref("aws-press-2025-12-04", "fp8-362", 20) == "aws-press-2…/fp8-362"
    assert shorten_ref("aws", "fp8-362", 20) == "aws/fp8-362"
    assert display_width(shorten_ref("aws-press-2025", "a-very-long-claim-id-indeed", 12)) == 12


@given(st.lists(st.integers(0, 80), min_size=1, max_size=6), st.integers(0, 300))
def test_share_never_exceeds_the_budget_nor_the_natural_widths(natural, budget):
    minimum = [min(10, n) for n in natural]
    widths = share(natural, minimum, budget)
    if sum(minimum) > budget:
        assert widths is None
        return
    assert widths is not None
    assert sum(widths) <= budget
    assert all(m <= w <= n for m, w, n in zip(minimum, widths, natural))
    assert sum(widths) == min(budget, sum(natural))       # no column left narrower than needed


def test_terminal_width_reads_COLUMNS_then_the_terminal(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setenv("COLUMNS", "97")
    assert terminal_width(io.StringIO()) == 97
    monkeypatch.delenv("COLUMNS")
    assert terminal_width(io.StringIO()) is None          # a pipe or a file: no limit
    assert isinstance(terminal_width(Terminal()), int)


# -- colour --------------------------------------------------------------------------------------

class _Tty(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("choice, env, tty, wanted", [
    ("always", {"NO_COLOR": "1"}, False, True),
    ("never", {"FORCE_COLOR": "1"}, True, False),
    ("auto", {}, True, True),
    ("auto", {}, False, False),
    ("auto", {"NO_COLOR": "1"}, True, False),
    ("auto", {"NO_COLOR": ""}, True, True),             # empty: not set (no-color.org)
    ("auto", {"FORCE_COLOR": "1"}, False, True),
    ("auto", {"CLICOLOR_FORCE": "1"}, False, True),
    ("auto", {"CLICOLOR_FORCE": "0"}, False, False),
    ("auto", {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False, False),
])
def test_colour_choice(monkeypatch, choice, env, tty, wanted):
    for name in ("NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert colour_wanted(choice, _Tty() if tty else io.StringIO()) is wanted


def test_check_color_always_colours_a_pipe(capsys, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.chdir(MINI)
    assert main(["check", "claims", "--color", "always"]) == 0
    assert "\033[32m" in capsys.readouterr().out
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert main(["check", "claims", "--color", "never"]) == 0
    assert "\033[" not in capsys.readouterr().out


def test_without_a_width_a_longer_cell_of_a_later_chunk_stays_whole(mini_records):
    records = sorted(mini_records.values(), key=lambda r: len(r["id"]))
    text = table(records, chunk=1)
    for record in records:
        assert f"{record['source']}/{record['id']}" in text
    assert "…" not in text
