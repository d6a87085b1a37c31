"""A forged manifest can never make `report` delete or move a file it did not write
(pipeline/report/outdir.py, ownership.py, leftovers.py; README.md, "The output directory").

Every attack writes what a pull request could write into reports/ (the manifest, files, links,
folders named like claimaudit's), runs `report` twice, and asserts that every file the attacker
or the user put there is still there with the same bytes. Every case runs in a temporary folder.
"""

import hashlib
import json
import os
import shutil
import stat
from pathlib import Path

import pytest

from claimaudit.cli import main
from claimaudit.report import leftovers, outdir, ownership

MINI = Path(__file__).parent / "data" / "mini"
DATE = "2025-12-10"


@pytest.fixture
def project(tmp_path, monkeypatch):
    shutil.copytree(MINI / "specs", tmp_path / "specs")
    shutil.copytree(MINI / "claims", tmp_path / "claims")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path / "mpl"))
    return tmp_path


def report(capsys, out: Path) -> tuple[int, str]:
    status = main(["report", "--claims", "claims", "--specs", "specs", "--out", str(out),
                   "--date", DATE])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return status, captured.err


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def forge(out: Path, extra: dict) -> None:
    """Add entries to the manifest's file list, as a one-line pull request would."""
    manifest = json.loads((out / outdir.MANIFEST).read_text(encoding="utf-8"))
    manifest["files"].update(extra)
    (out / outdir.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")


def plant(out: Path, files: dict[str, bytes]) -> dict[str, bytes]:
    for rel, data in files.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(data)
    return files


def intact(out: Path, files: dict[str, bytes]) -> None:
    for rel, data in files.items():
        assert (out / rel).read_bytes() == data, rel


USER_FILES = {
    ".gitkeep": b"",
    ".git/HEAD": b"ref: refs/heads/main\n",
    "notes.md": b"# my notes\n",                          # a name claimaudit could generate
    "old-source.md": b"an old page I keep\n",
    "figures/diagram.svg": b"<svg/>",
    "claimreview/mine.jsonld": b"{}",
    "index.md.bak": b"backup",
    "Notes.MD": b"upper case",
    "deep/a/b/c.txt": b"deep",
}


ATTACKS = {
    "hashes of predictable files": lambda files: {rel: sha(data) for rel, data in files.items()},
    "path tricks": lambda files: {"./notes.md": sha(files["notes.md"]),
                                  "deep/../notes.md": sha(files["notes.md"]),
                                  "/etc/passwd": "0" * 64, "../outside.txt": "0" * 64,
                                  "notes.md/": sha(files["notes.md"]),
                                  "notes.md\n": sha(files["notes.md"]),
                                  "figures": "0" * 64, "deep": "0" * 64},
    "wrong types": lambda files: {"notes.md": 12, "old-source.md": None,
                                  ".gitkeep": ["x"]},
    "unicode look-alikes": lambda files: {"note\u0301s.md": sha(files["notes.md"]),
                                          "notes\u200b.md": sha(files["notes.md"])},
}


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_a_forged_manifest_never_removes_a_user_file(project, capsys, attack):
    out = project / "reports"
    assert report(capsys, out)[0] in (0, 1)
    files = plant(out, USER_FILES)
    forge(out, ATTACKS[attack](files))
    for _ in range(2):
        assert report(capsys, out)[0] in (0, 1)
        intact(out, files)
    assert leftovers.leftovers(out) == []


def test_a_manifest_listing_user_files_is_unsealed_and_its_stale_names_are_kept(project, capsys):
    out = project / "reports"
    report(capsys, out)
    files = plant(out, {"notes.md": b"mine\n"})
    forge(out, {"notes.md": sha(b"mine\n")})
    status, err = report(capsys, out)
    assert "notes.md" in err and "cannot prove it wrote" in err
    intact(out, files)


def test_a_replayed_sealed_manifest_from_another_folder_does_not_verify(project, capsys):
    first, second = project / "reports", project / "other"
    report(capsys, first)
    report(capsys, second)
    files = plant(second, {"notes.md": b"mine\n"})
    manifest = json.loads((first / outdir.MANIFEST).read_text(encoding="utf-8"))
    manifest["files"]["notes.md"] = sha(b"mine\n")
    (second / outdir.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    report(capsys, second)
    intact(second, files)


def test_a_symlinked_manifest_and_symlinked_user_files_are_not_followed(project, capsys):
    out = project / "reports"
    report(capsys, out)
    outside = project / "precious.txt"
    outside.write_bytes(b"precious")
    (out / "link.md").symlink_to(outside)
    forge(out, {"link.md": sha(b"precious")})
    fake = project / "fake-manifest.json"
    fake.write_text(json.dumps({"kind": outdir.KIND, "complete": True,
                                "files": {"link.md": sha(b"precious")}}), encoding="utf-8")
    report(capsys, out)
    assert outside.read_bytes() == b"precious" and (out / "link.md").is_symlink()


def test_a_hard_link_to_a_user_file_is_kept(project, capsys):
    out = project / "reports"
    report(capsys, out)
    mine = project / "mine.txt"
    mine.write_bytes(b"mine")
    os.link(mine, out / "mine.md")
    forge(out, {"mine.md": sha(b"mine")})
    report(capsys, out)
    assert (out / "mine.md").read_bytes() == b"mine" and mine.stat().st_nlink == 2


def test_folders_named_like_leftovers_are_never_touched(project, capsys):
    out = project / "reports"
    report(capsys, out)
    backup = project / ".reports.claimaudit-backup-2025"
    shutil.copytree(out, backup, symlinks=True)           # cp -a reports .reports.claimaudit-...
    fake = project / ".reports.claimaudit-new-0123456789abcdef-0123456789abcdef"
    shutil.copytree(out, fake, symlinks=True)
    before = {p: sorted(os.listdir(p)) for p in (backup, fake)}
    for _ in range(2):
        report(capsys, out)
    assert {p: sorted(os.listdir(p)) for p in (backup, fake)} == before


def test_a_real_leftover_is_recognised_by_its_tag(project, capsys):
    out = project / "reports"
    report(capsys, out)
    name = ownership.leftover_name(out, "new")
    assert name is not None and ownership.is_our_leftover(out, project / name)
    assert not ownership.is_our_leftover(out, project / (name[:-1] + ("0" if name[-1] != "0"
                                                                       else "1")))


def test_a_file_written_during_the_run_is_moved_into_the_new_folder_and_said(project, capsys,
                                                                           monkeypatch):
    from claimaudit.report import write

    out = project / "reports"
    report(capsys, out)
    real = write._render_all

    def render_then_user_writes(*args, **kwargs):
        names = real(*args, **kwargs)
        (out / "written-meanwhile.txt").write_bytes(b"hello")
        return names

    monkeypatch.setattr(write, "_render_all", render_then_user_writes)
    status, err = report(capsys, out)
    assert (out / "written-meanwhile.txt").read_bytes() == b"hello"
    assert "moved written-meanwhile.txt into" in err
    assert leftovers.leftovers(out) == []


@pytest.mark.parametrize("mode", [0o700, 0o750, 0o2770])
def test_the_folder_keeps_its_mode_and_group(project, capsys, mode):
    out = project / "reports"
    report(capsys, out)
    os.chmod(out, mode)
    if os.geteuid() == 0:
        os.chown(out, -1, 100)
    report(capsys, out)
    info = out.stat()
    assert stat.S_IMODE(info.st_mode) == mode
    if os.geteuid() == 0:
        assert info.st_gid == 100


def test_a_new_folder_follows_the_umask(project, capsys):
    old = os.umask(0o077)
    try:
        report(capsys, project / "reports")
    finally:
        os.umask(old)
    assert stat.S_IMODE((project / "reports").stat().st_mode) == 0o700


def test_a_symlink_in_a_user_folder_leaves_no_copy_behind(project, capsys):
    out = project / "reports"
    report(capsys, out)
    (out / "mine").mkdir()
    (out / "mine" / "note.txt").write_text("n", encoding="utf-8")
    (out / "mine" / "link").symlink_to("note.txt")
    (out / "mine" / "dangling").symlink_to("/nonexistent")
    for _ in range(4):
        report(capsys, out)
    assert [p.name for p in project.iterdir() if p.name.startswith(".reports")] == []
    assert os.readlink(out / "mine" / "link") == "note.txt"


def test_a_mount_point_or_unlinkable_entry_is_named(project, capsys, monkeypatch):
    out = project / "reports"
    report(capsys, out)
    (out / "mnt").mkdir()
    real = Path.lstat

    def other_device(path):
        info = real(path)
        if str(path).endswith("/mnt"):
            values = list(info)
            values[stat.ST_DEV] += 1
            return os.stat_result(values)
        return info

    monkeypatch.setattr(Path, "lstat", other_device)
    status, err = report(capsys, out)
    assert status == 2 and f"{out}/mnt: is on another file system (a mount point)" in err
