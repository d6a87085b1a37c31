"""`claimaudit report` never loses a file it did not write (pipeline/report/outdir.py, report.py).

The output-directory rule, the atomic swap and the recovery after a kill, output faults (full or
read-only disk, raised in-process since the tests run as root), and a previous results.json that
someone tampered with. Every destructive case runs in a directory created here.
"""

import errno
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from claimaudit.cli import main
from claimaudit.report import leftovers, outdir, ownership
from claimaudit.report import write as report
from claimaudit.run import write_reports

FIXTURE = Path(__file__).parent / "data" / "report"
DATE = "2025-12-10"
REFUSED = ("claimaudit: {out}: is not empty and was not written by claimaudit (no "
           ".claimaudit-reports.json in it); claimaudit never replaces files it did not write: "
           "choose a new or empty directory for --out, such as reports/\n")


def snapshot(root: Path) -> dict[str, bytes]:
    """Every entry under root (hidden ones too): file bytes, symlink targets, directories."""
    shot = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_symlink():
            shot[rel] = b"-> " + os.fsencode(os.readlink(path))
        elif path.is_dir():
            shot[rel] = b"<dir>"
        else:
            shot[rel] = path.read_bytes()
    return shot


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A copy of tests/data/report (claims/, specs/) as the working directory, HOME in it."""
    shutil.copytree(FIXTURE / "claims", tmp_path / "claims")
    shutil.copytree(FIXTURE / "specs", tmp_path / "specs")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path / "mpl"))   # matplotlib's cache, not ours
    return tmp_path


def report_cli(capsys, out, *extra):
    status = main(["report", "--out", str(out), "--date", DATE, *extra])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def home_like(root: Path) -> Path:
    """A directory holding only dot-files, as a home directory does."""
    (root / ".config" / "app").mkdir(parents=True)
    (root / ".bashrc").write_text("export PS1='$ '\n", encoding="utf-8")
    (root / ".gitconfig").write_text("[user]\n\tname = me\n", encoding="utf-8")
    (root / ".config" / "app" / "settings.ini").write_bytes(b"\x00\x01binary")
    return root


# -- the output-directory rule --------------------------------------------------------------------

def test_a_directory_of_dot_files_is_refused_and_left_byte_identical(project, capsys):
    home = home_like(project / "home")
    before = snapshot(home)
    assert report_cli(capsys, home) == (2, "", REFUSED.format(out=home))
    assert snapshot(home) == before
    assert {p.name for p in project.iterdir()} - {"mpl"} == {"claims", "home", "specs"}


def test_a_results_json_beside_a_user_file_is_not_enough(project, capsys):
    folder = project / "mixed"
    folder.mkdir()
    (folder / "results.json").write_text("[]\n", encoding="utf-8")
    (folder / "thesis.docx").write_bytes(b"PK\x03\x04 my thesis")
    before = snapshot(folder)
    assert report_cli(capsys, folder) == (2, "", REFUSED.format(out=folder))
    assert snapshot(folder) == before


def test_a_git_repository_is_refused_and_left_byte_identical(project, capsys):
    repo = project / "repo"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    before = snapshot(repo)
    assert report_cli(capsys, repo) == (2, "", REFUSED.format(out=repo))
    assert snapshot(repo) == before


def test_an_empty_or_missing_directory_is_written_with_a_manifest(project, capsys):
    (project / "empty").mkdir()
    for out in (project / "empty", project / "new" / "reports"):
        status, said, _ = report_cli(capsys, out)
        manifest = json.loads((out / outdir.MANIFEST).read_text(encoding="utf-8"))
        assert (status, said) == (0, f"wrote {len(manifest['files'])} files to {out}\n")
        assert {"index.md", "results.json", "CHANGES.md"} < set(manifest["files"])
        assert manifest["complete"] is True and manifest["kind"] == "claimaudit reports"
        assert manifest["files"] == {name: outdir.file_hash(out / name)
                                     for name in manifest["files"]}
        assert {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()} == \
            set(manifest["files"]) | {outdir.MANIFEST}


def test_entries_claimaudit_did_not_write_are_kept_byte_identical(project, capsys):
    out = project / "reports"
    report_cli(capsys, out)
    home_like(out)
    (out / "figures" / "mine.svg").write_text("<svg/>", encoding="utf-8")
    (out / "notes.md").write_text("my notes", encoding="utf-8")
    (out / "link").symlink_to("notes.md")
    subprocess.run(["git", "init", "-q", str(out / "sub")], check=True)
    ours = outdir.read_manifest(out)["files"]
    foreign = {k: v for k, v in snapshot(out).items()
               if k not in ours and k != outdir.MANIFEST and k != "figures"}
    status, _, err = report_cli(capsys, out, "--date", "2025-12-11")
    assert (status, err) == (0, "")
    after = snapshot(out)
    assert {k: after.get(k) for k in foreign} == foreign
    assert "Audit of 2025-12-11" in (out / "index.md").read_text(encoding="utf-8")


def test_a_file_edited_since_it_was_written_is_refused(project, capsys):
    out = project / "reports"
    report_cli(capsys, out)
    (out / "index.md").write_text("my edits", encoding="utf-8")
    before = snapshot(out)
    assert report_cli(capsys, out) == (2, "", (
        f"claimaudit: {out}/index.md: changed since claimaudit wrote it, and claimaudit replaces "
        f"only files it wrote: move the file out of {out} (or restore it) and run again\n"))
    assert snapshot(out) == before


def test_a_user_file_named_like_a_new_report_is_refused(project, capsys):
    out = project / "reports"
    report_cli(capsys, out)
    page = out / "register-2025-12-02-trainium4.md"
    manifest = outdir.read_manifest(out)["files"]
    del manifest[page.name]                         # as if the user had written this page
    outdir.write_manifest(out, manifest, complete=True)
    before = snapshot(out)
    assert report_cli(capsys, out) == (2, "", (
        f"claimaudit: {out}/{page.name}: was not written by claimaudit, and this run writes a "
        f"file of that name: move it out of {out} and run again\n"))
    assert snapshot(out) == before
    assert leftovers.leftovers(out) == []


def test_an_incomplete_or_forged_manifest_is_not_ours(project, capsys):
    out = project / "reports"
    out.mkdir()
    (out / "keep.txt").write_text("mine", encoding="utf-8")
    for manifest in ('{"kind": "claimaudit reports", "complete": false, "files": {}}',
                     '{"kind": "something else", "complete": true, "files": {}}', "[[[["):
        (out / outdir.MANIFEST).write_text(manifest, encoding="utf-8")
        before = snapshot(out)
        assert report_cli(capsys, out) == (2, "", REFUSED.format(out=out))
        assert snapshot(out) == before


# -- the swap and the recovery --------------------------------------------------------------------

@pytest.mark.skipif(not outdir._libc_renameat2(), reason="renameat2 is Linux (glibc 2.28+) only")
def test_the_swap_is_one_exchange(tmp_path):
    old, new = tmp_path / "reports", tmp_path / ".reports.claimaudit-new-x"
    old.mkdir()
    new.mkdir()
    (old / "a").write_text("old", encoding="utf-8")
    (new / "a").write_text("new", encoding="utf-8")
    assert outdir.swap_in(new, old) == new
    assert (old / "a").read_text(encoding="utf-8") == "new"
    assert (new / "a").read_text(encoding="utf-8") == "old"


def test_without_renameat2_two_renames_do_the_same(project, capsys, monkeypatch):
    monkeypatch.setattr(outdir, "renameat2", lambda *args: False)
    out = project / "reports"
    report_cli(capsys, out)
    (out / "notes.md").write_text("mine", encoding="utf-8")
    assert report_cli(capsys, out, "--date", "2025-12-11")[0] == 0
    assert (out / "notes.md").read_text(encoding="utf-8") == "mine"
    assert leftovers.leftovers(out) == []


def test_a_kill_between_the_two_fallback_renames_is_repaired(project, capsys):
    out = project / "reports"
    report_cli(capsys, out)
    before = snapshot(out)
    retired = project / ownership.leftover_name(out, "old")
    out.rename(retired)                             # killed here: reports/ is missing
    staging = outdir.make_staging(out)
    (staging / "index.md").write_text("half", encoding="utf-8")
    outdir.release(staging)                         # its run is dead
    assert leftovers.recover(out, str(out)) == [
        f"put back {out}, which a killed run had left aside"]
    assert snapshot(out) == before and leftovers.leftovers(out) == []


def test_recovery_removes_only_leftovers_that_are_ours(project, capsys):
    out = project / "reports"
    report_cli(capsys, out)
    killed = outdir.make_staging(out)               # a run killed while rendering
    (killed / "index.md").write_text("half", encoding="utf-8")
    empty = project / ".reports.claimaudit-new-empty"      # not ours: no tag in its name
    empty.mkdir()
    strange = outdir.make_staging(out)              # ours by marker, but someone added a file
    (strange / "precious.txt").write_text("not ours", encoding="utf-8")
    os.link(strange / "precious.txt", project / "elsewhere.txt")    # two links: not ours
    for staging in (killed, strange):
        outdir.release(staging)                     # their runs are dead
    unmarked = project / ".reports.claimaudit-new-unmarked"
    unmarked.mkdir()
    (unmarked / "x").write_text("?", encoding="utf-8")
    status, _, err = report_cli(capsys, out)
    assert status == 0
    assert err == (f"claimaudit: left {strange} in place: it holds files claimaudit did not "
                   "write\n")
    assert leftovers.leftovers(out) == [strange]
    assert empty.is_dir() and (unmarked / "x").read_text(encoding="utf-8") == "?"
    assert (strange / "precious.txt").read_text(encoding="utf-8") == "not ours"


def test_a_live_run_s_staging_directory_is_left_alone(project, capsys):
    out = project / "reports"
    report_cli(capsys, out)
    live = outdir.make_staging(out)                 # locked, as a run still rendering holds it
    (live / "index.md").write_text("half", encoding="utf-8")
    assert report_cli(capsys, out)[0] == 0
    assert leftovers.leftovers(out) == [live]
    outdir.release(live)
    assert leftovers.recover(out, str(out)) == [] and leftovers.leftovers(out) == []


def test_a_failing_run_stops_the_worker_before_removing_its_staging(project, monkeypatch):
    """The flaky failure: a figure job still running recreated the staging directory after the
    cleanup. The worker is now killed and reaped first; repeated to catch the race."""
    from claimaudit.report.figures import Painter
    from claimaudit.run import check_paths

    run = check_paths([Path("claims")], Path("specs"))
    out = project / "reports"
    write_reports(run, out, DATE)
    before = snapshot(out)
    real_render = report._render

    def fail_on_index(env, template, context):
        if template == "index.md.j2":               # figures were just handed to the worker
            raise RuntimeError("template exploded")
        return real_render(env, template, context)

    monkeypatch.setattr(report, "_render", fail_on_index)
    for _ in range(5):
        with Painter().start() as painter, pytest.raises(RuntimeError):
            write_reports(run, out, DATE, painter=painter)
        assert snapshot(out) == before
        assert leftovers.leftovers(out) == []


# -- output faults --------------------------------------------------------------------------------

NOSPACE, READONLY = (errno.ENOSPC, "No space left on device"), (errno.EROFS,
                                                                 "Read-only file system")


@pytest.mark.parametrize("where, code, words", [("mkdtemp", *READONLY), ("write_text", *NOSPACE),
                                                ("figure", *NOSPACE), ("exchange", *READONLY)])
def test_a_full_or_read_only_disk_is_one_line_and_damages_nothing(project, capsys, monkeypatch,
                                                                  code, words, where):
    out = project / "reports"
    report_cli(capsys, out)
    before = snapshot(out)

    def fail(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    if where == "mkdtemp":
        monkeypatch.setattr(outdir, "_new_folder", fail)
    elif where == "write_text":
        real = Path.write_text
        monkeypatch.setattr(Path, "write_text", lambda self, *a, **k: fail() if self.name ==
                            "specs.md" else real(self, *a, **k))
    elif where == "figure":                         # in the forked worker, sent back
        monkeypatch.setattr("claimaudit.report.figures.draw_file", fail)
    else:
        monkeypatch.setattr(outdir, "renameat2", fail)
    assert report_cli(capsys, out) == (2, "", (f"claimaudit: {out}: cannot write the reports: "
                                               f"{words}; {out} was left as it was\n"))
    assert snapshot(out) == before
    assert leftovers.leftovers(out) == []


# -- a previous results.json someone tampered with -----------------------------------------------

def tamper(out: Path, records) -> None:
    """Replace results.json and re-hash it in the manifest, as an attacker with write access can."""
    (out / "results.json").write_text(json.dumps(records), encoding="utf-8")
    files = outdir.read_manifest(out)["files"]
    outdir.write_manifest(out, {**files, "results.json": outdir.file_hash(out / "results.json")},
                          complete=True)


def test_tampered_previous_results_are_escaped_and_never_crash(project, capsys):
    out = project / "reports"
    report_cli(capsys, out)
    records = json.loads((out / "results.json").read_text(encoding="utf-8"))
    deep: list = []
    for _ in range(200):
        deep = [deep]
    records[0].update(verdict={"nested": deep}, severity=["x"], derived={"value": "1e999",
                                                                          "unit": 5})
    records[1].update(verdict="<script>alert(1)</script> | x", severity="<b>|")
    records.append({"source": "gone<script>", "id": "a|b", "verdict": 7,
                    "quote": "<img src=x onerror=alert(1)> | www.evil.com \x1b[31m\u202e"})
    records.append({"source": 3, "id": None, "verdict": "consistent"})
    records.append("not a record")
    tamper(out, records)
    assert report_cli(capsys, out)[0] == 0
    changes = (out / "CHANGES.md").read_text(encoding="utf-8")
    assert "<" not in changes and "\x1b" not in changes and "\u202e" not in changes
    assert "| (dict) ((list)) | " in changes
    assert "&lt;script&gt;alert(1)&lt;/script&gt; \\| x (&lt;b&gt;\\|)" in changes
    assert ("| gone&lt;script&gt;/a\\|b | &lt;img src=x onerror=alert(1)&gt; \\| www\\.evil.com "
            "\\\\x1b\\[31m\\\\u202e | 7 |") in changes


@pytest.mark.parametrize("content", ["[" * 100_000 + "]" * 100_000, '{"a": 1}'])
def test_an_unreadable_previous_results_json_is_said_not_raised(project, capsys, content):
    out = project / "reports"
    report_cli(capsys, out)
    (out / "results.json").write_text(content, encoding="utf-8")
    tamper_hash = outdir.read_manifest(out)["files"]
    outdir.write_manifest(out, {**tamper_hash, "results.json":
                                outdir.file_hash(out / "results.json")}, complete=True)
    assert report_cli(capsys, out)[0] == 0
    assert "could not be read" in (out / "CHANGES.md").read_text(encoding="utf-8")


# -- hidden characters and autolinks in every Markdown output -------------------------------------

HIDDEN_CLAIMS = """\
source:
  id: hidden-text
  title: "Read www.evil.example and https://evil.example/x\\u202e today"
  url: "https://news.example/a"
claims:
  - id: hidden
    quote: "20.7 TB \\e[31mred\\e[0m \\u202egnp.exe\\u202c a\\u200db\\u200bc | see www.evil.example, \
http://evil.example/p?q=1 and GPU Memory \\\\| Bandwidth"
    subject: trainium3
    metric: hbm_capacity
    claimed: 144 GB
"""
SHOWN = ("20.7 TB \\\\x1b\\[31mred\\\\x1b\\[0m \\\\u202egnp.exe\\\\u202c a\\\\u200db\\\\u200bc \\| see "
         "www\\.evil.example, http\\://evil.example/p?q=1 and GPU Memory \\| Bandwidth")


@pytest.fixture
def hidden_project(project):
    (project / "claims" / "hidden.yaml").write_text(HIDDEN_CLAIMS, encoding="utf-8")
    return project


def test_check_markdown_shows_hidden_characters_and_makes_no_links(hidden_project, capsys):
    status = main(["check", "claims/hidden.yaml", "--specs", "specs", "--format", "markdown"])
    out = capsys.readouterr().out
    assert status == 0
    assert f"| hidden-text/hidden | {SHOWN} | 144 GB |" in out
    assert not {"\x1b", "\u202e", "\u202c", "\u200d", "\u200b"} & set(out)


def test_reports_show_hidden_characters_and_make_no_links(hidden_project, capsys):
    cmarkgfm = pytest.importorskip("cmarkgfm")     # GitHub's own Markdown renderer
    assert report_cli(capsys, hidden_project / "reports")[0] == 0
    pages = {p.name: p.read_text(encoding="utf-8")
             for p in (hidden_project / "reports").glob("*.md")}
    assert SHOWN in pages["hidden-text.md"]
    assert "# Read www\\.evil.example and https\\://evil.example/x\\\\u202e today" in \
        pages["hidden-text.md"]
    for name, content in pages.items():
        assert not {"\x1b", "\u202e", "\u202c", "\u200d", "\u200b"} & set(content), name
        html = cmarkgfm.github_flavored_markdown_to_html(content)
        links = set(re.findall(r'href="([^"]*)"', html))
        assert not {link for link in links if "evil" in link}, name
        assert "https://news.example/a" in links or name != "hidden-text.md"


@pytest.mark.parametrize("step", ["_take_folder_owner", "write_manifest"])
def test_an_interrupt_while_the_staging_folder_is_made_leaves_nothing(project, monkeypatch, step):
    """A ^C between the staging folder's mkdir and its manifest (the SIGINT kill test found the
    window): the half-made folder is removed before the interrupt goes on."""
    out = project / "reports"
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(outdir, step, interrupted)
    with pytest.raises(KeyboardInterrupt):
        outdir.make_staging(out)
    assert leftovers.leftovers(out) == []
    assert not [p for p in project.iterdir() if "claimaudit-" in p.name]


def test_an_interrupt_right_after_the_staging_folder_is_made_settles_it(project, capsys, monkeypatch):
    """An interrupt as make_staging returns, before the render starts: the run still settles the
    new folder on its way out."""
    out = project / "reports"
    report_cli(capsys, out)
    made = outdir.make_staging
    def then_interrupted(target):
        made(target)
        raise KeyboardInterrupt
    monkeypatch.setattr(outdir, "make_staging", then_interrupted)
    assert report_cli(capsys, out)[0] == 130        # the CLI's exit for ^C
    assert leftovers.leftovers(out) == []
