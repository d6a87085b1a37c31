"""Leftovers beside the reports folder: the old folder after a swap, and what a killed run left.

Only folders whose names carry claimaudit's tag (pipeline/ownership.py) are touched; a user's
`cp -a reports .reports.claimaudit-backup` is not ours and is never read. In a folder of ours,
an entry is removed only when it is claimaudit's own file (recorded before the run, or listed in
a sealed manifest) or the very same inode lives on in the reports folder; anything else is moved
into the reports folder when its name is free there, else the folder is kept, and either way the
run says so (README.md, "The output directory").
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from pathlib import Path

from claimaudit.report import ownership
from claimaudit.report.outdir import (
    MANIFEST,
    RENAME_NOREPLACE,
    Plan,
    file_hash,
    in_use,
    is_generated,
    is_sealed,
    read_manifest,
    renameat2,
)


class _Stat:
    """lstat of a path, remembering the path (for hashing a file that may be removed)."""

    def __init__(self, path: Path):
        info = path.lstat()
        self.path, self.st_mode, self.st_nlink = path, info.st_mode, info.st_nlink
        self.st_dev, self.st_ino = info.st_dev, info.st_ino


Removable = Callable[[str, _Stat], bool]


def leftovers(target: Path) -> list[Path]:
    """claimaudit's temporary folders beside target (their names' tags verify)."""
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return []
    return sorted(Path(e.path) for e in entries if e.name.startswith(f".{target.name}.claimaudit-")
                  and e.is_dir(follow_symlinks=False)
                  and ownership.is_our_leftover(target, Path(e.path)))


def recover(target: Path, shown: str) -> list[str]:
    """Repair what killed runs left: a retired folder goes back where target is missing; the
    rest is settled (`settle`). Returns the notes to print."""
    notes: list[str] = []
    for leftover in leftovers(target):
        if in_use(leftover):
            continue
        manifest = read_manifest(leftover)
        if manifest and is_sealed(target, manifest) and not os.path.lexists(target):
            os.rename(leftover, target)
            notes.append(f"put back {shown}, which a killed run had left aside")
        elif manifest and is_sealed(target, manifest):
            notes += settle(leftover, target, shown, _listed(manifest), move_back=True)
        elif manifest and not manifest["complete"]:
            notes += settle(leftover, target, shown, staged, move_back=False)
        elif manifest is None and not any(os.scandir(leftover)):
            os.rmdir(leftover)
        else:
            notes.append(f"left {leftover} in place: it holds files claimaudit did not write")
    return notes


def _listed(manifest: dict) -> Removable:
    files = manifest["files"]
    return lambda rel, info: stat.S_ISREG(info.st_mode) and rel in files and \
        file_hash(info.path) == files[rel]


def staged(rel: str, info: _Stat) -> bool:
    """A file a killed run created in its staging folder: a generated name, one link."""
    return stat.S_ISREG(info.st_mode) and info.st_nlink == 1 and is_generated(rel)


def discard(retired: Path | None, target: Path, old: Plan, shown: str) -> list[str]:
    """Remove the old folder after a swap: its files that this run knew as claimaudit's (same
    inode as when the run began) go; anything written meanwhile is moved into the new folder."""
    if retired is None:
        return []
    known = {**old.ours, **old.unsealed}
    try:
        return settle(retired, target, shown,
                      lambda rel, info: known.get(rel) == (info.st_dev, info.st_ino),
                      move_back=True)
    except OSError:                 # the new reports are in place; the next run finishes this
        return []


def settle(leftover: Path, target: Path, shown: str, removable: Removable,
           move_back: bool) -> list[str]:
    """Empty `leftover` of what is ours or lives on in target; move or keep the rest (notes)."""
    notes, kept = [], False
    for folder, dirs, names in os.walk(leftover, topdown=False):
        for name in names + [d for d in dirs if os.path.islink(os.path.join(folder, d))]:
            path = Path(folder, name)
            rel = path.relative_to(leftover).as_posix()
            if rel in (MANIFEST, MANIFEST + ".new"):
                continue
            info = _Stat(path)
            if _same_entry(info, target / rel) or removable(rel, info):
                os.unlink(path)
            elif move_back and _move_into(path, target / rel):
                notes.append(f"moved {rel} into {shown}: it was written there while the report "
                             "ran")
            else:
                kept = True
        if folder != os.fspath(leftover):
            with contextlib.suppress(OSError):
                os.rmdir(folder)
    if kept:
        notes.append(f"left {leftover} in place: it holds files claimaudit did not write")
        return notes
    for name in (MANIFEST + ".new", MANIFEST):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(leftover / name)
    os.rmdir(leftover)
    return notes


def _same_entry(info: _Stat, other: Path) -> bool:
    try:
        second = other.lstat()
    except OSError:
        return False
    return (info.st_dev, info.st_ino) == (second.st_dev, second.st_ino)


def _move_into(path: Path, dest: Path) -> bool:
    """Move `path` to `dest` unless something is there (never replacing anything)."""
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        if renameat2(path, dest, RENAME_NOREPLACE):
            return True
        if os.path.lexists(dest):
            return False
        os.rename(path, dest)
        return True
    except OSError:
        return False
