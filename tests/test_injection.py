"""Text from claim and spec files never acts on the reader: one terminal escape (core/escape.py)
for check, explain, entities and facts; Markdown with no autolink of any scheme GitHub links
(output/markdown.py); CSV cells no spreadsheet reads as a formula (output/render.py); hidden
characters escaped in drafts (draft/emit.py); names compared in NFC (model/extend.py); today
in UTC (model/inforce.py); scripts are not article text (draft/text.py)."""

import csv
import io
import os
import shutil
import subprocess
import sys

import pytest

from claimaudit.cli import main
from claimaudit.core.escape import terminal
from claimaudit.output.markdown import brief, cell
from claimaudit.output.render import sheet_cell
from conftest import MINI

EVIL = "\x1b]8;;https://evil.example\x07click\x1b]8;;\x07\x1b[2J\u202eevil"


@pytest.fixture
def project(tmp_path, monkeypatch):
    shutil.copytree(MINI / "specs", tmp_path / "specs")
    (tmp_path / "claims").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def add_entity(project, text: str) -> None:
    with open(project / "specs" / "mini.yaml", "a", encoding="utf-8") as spec:
        spec.write(text)


def run(capsys, *argv) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def hostile_entity(project) -> None:
    name = EVIL.replace("\\", "\\\\").replace("\x1b", "\\e").replace("\x07", "\\a")
    add_entity(project, f'  - id: evil\n    name: "{name}"\n    kind: chip\n'
                        f'    aliases: ["{name} alias"]\n    facts:\n'
                        f'      - {{metric: power, value: 1 W, source: src-a, quote: "{name}"}}\n')


@pytest.mark.parametrize("command", [["entities"], ["entities", "evil"], ["facts", "evil"]])
def test_entities_and_facts_escape_what_check_escapes(project, capsys, command):
    hostile_entity(project)
    status, out, _ = run(capsys, *command, "--specs", "specs")
    assert status == 0 and "evil" in out
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "\\x1b" in out


def test_terminal_escapes_every_hidden_character():
    assert terminal("a\x1b[2Jb\u202ec\u200bd\n") == "a\\x1b[2Jb\\u202ec\\u200bd\\x0a"
    assert terminal("plain 中文") == "plain 中文"


@pytest.mark.parametrize("text", ["me@example.com", "mailto:me@example.com", "xmpp:me@example.com",
                                  "https://example.com", "www.example.com", "@someone"])
def test_no_markdown_autolink_survives(text):
    cmark = pytest.importorskip("cmarkgfm")
    html = cmark.github_flavored_markdown_to_html(f"| a |\n|---|\n| {cell(text)} |\n\n{cell(text)}")
    assert "<a " not in html


def test_brief_cuts_long_text():
    assert brief("x" * 400) == "x" * 299 + "…" and brief("short") == "short"


@pytest.mark.parametrize("value", ["+40%", "-1", "=HYPERLINK(\"x\")", "@SUM(A1)", "\tx", "\rx",
                                   "＝1+1"])
def test_a_formula_cell_is_prefixed(value):
    assert sheet_cell(value) == "'" + value
    assert sheet_cell("40%") == "40%" and sheet_cell(-1.5) == -1.5


def test_check_csv_defuses_the_file_and_claimed_columns(project, capsys):
    (project / "claims" / "=HYPERLINK(1).yaml").write_text(
        "source: {id: s, title: T}\nclaims:\n"
        "  - {id: a, subject: chipa, baseline: chipb, metric: fp8_dense, claimed: +100%, "
        "quote: q}\n", encoding="utf-8")
    status, out, _ = run(capsys, "check", "claims", "--specs", "specs", "--format", "csv")
    row = next(csv.DictReader(io.StringIO(out)))
    assert row["file"] == "'claims/=HYPERLINK(1).yaml" or row["file"].startswith("claims/")
    assert row["claimed"] == "'+100%"
    for cell_text in (v for r in csv.reader(io.StringIO(out)) for v in r):
        assert not cell_text.startswith(("=", "+", "@")), cell_text


def test_draft_escapes_hidden_characters_and_the_yaml_reads_back(project, capsys, tmp_path):
    import yaml

    article = tmp_path / "a.txt"
    article.write_text("Chip A has 4 TB/s\u202e of bandwidth.", encoding="utf-8")
    status, out, _ = run(capsys, "draft", str(article), "--specs", "specs")
    assert status == 0 and "\u202e" not in out and "\\u202E" in out
    assert "\u202e" in yaml.safe_load(out)["claims"][0]["quote"]


def test_draft_reads_no_script_style_or_comment(project, capsys, tmp_path):
    article = tmp_path / "a.html"
    article.write_text("<p>Chip A has 4 TB/s.</p><script>var x = 123 TB;</script>"
                       "<style>p { width: 77 TB }</style><!-- 99 TB --><noscript>55 TB</noscript>"
                       "<script>unclosed 66 TB", encoding="utf-8")
    status, out, _ = run(capsys, "draft", str(article), "--specs", "specs")
    assert "4 TB/s" in out
    for hidden in ("123", "77", "99", "55", "66"):
        assert hidden not in out


@pytest.mark.parametrize("count", [37, 38, 39, 60])
def test_a_numeral_beyond_any_figure_is_not_drafted_and_the_draft_checks(project, capsys, tmp_path,
                                                                         count):
    article = tmp_path / "a.txt"
    article.write_text("一" + "億" * count + "顆", encoding="utf-8")
    status, out, _ = run(capsys, "draft", str(article), "--specs", "specs")
    assert status == 0
    (project / "claims" / "d.yaml").write_text(out, encoding="utf-8")
    assert run(capsys, "check", "claims", "--specs", "specs")[0] == 0


def test_nfc_and_nfd_aliases_of_two_entities_clash(project, capsys):
    add_entity(project, "  - id: e1\n    name: E1\n    kind: chip\n    aliases: [\"Caf\u00e9 chip\"]\n"
                        "  - id: e2\n    name: E2\n    kind: chip\n    aliases: [\"Cafe\u0301 chip\"]\n")
    (project / "claims" / "a.yaml").write_text(
        "source: {id: s, title: T}\nclaims:\n"
        "  - {id: a, subject: chipa, metric: power, claimed: \"1,000 W\", quote: q}\n")
    status, _, err = run(capsys, "check", "claims", "--specs", "specs")
    assert status == 2 and "also names entity 'e1'" in err


@pytest.mark.parametrize("zone", ["Pacific/Kiritimati", "Etc/GMT+12"])
def test_today_is_the_utc_date_in_every_zone(zone):
    code = ("from claimaudit.model.inforce import today; from datetime import datetime, timezone;"
            "print(today() == datetime.now(timezone.utc).date().isoformat())")
    done = subprocess.run([sys.executable, "-c", code], env={**os.environ, "TZ": zone},
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "True"
