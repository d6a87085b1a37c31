"""The reports directory: what claimaudit owns in it, and the swap that replaces it atomically.

Ownership rule (README.md, "The output directory"): claimaudit writes a manifest, MANIFEST, inside every
reports directory it writes, listing each file it wrote with its SHA-256. A directory may be
replaced only when it is missing, empty (hidden entries count), or carries a complete manifest
whose listed files still have their listed hashes. Anything else in a recognised directory is
foreign: it is hard-linked into the new directory unchanged, never removed. Everything else is
refused with an OutputError that says what to do, before anything is written.

The swap exchanges the staged directory with the old one in one step (Linux renameat2 with
RENAME_EXCHANGE), so the reports path never goes missing; elsewhere two renames are used and a
crash between them is repaired by the next run (`recover`).
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import glob
import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from claimaudit.core.errors import OutputError

try:
    import fcntl
except ImportError:                     # Windows: no flock; concurrent runs are not guarded
    fcntl = None  # type: ignore[assignment]

MANIFEST = ".claimaudit-reports.json"
KIND = "claimaudit reports"
AT_FDCWD, RENAME_NOREPLACE, RENAME_EXCHANGE = -100, 1, 2


def file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _is_plain_relative(name: object) -> bool:
    parts = name.split("/") if isinstance(name, str) else [""]
    return all(part not in ("", ".", "..") and "\\" not in part for part in parts)


def read_manifest(directory: Path) -> dict | None:
    """The manifest in `directory` as {complete, files}, or None when there is none we wrote."""
    path = directory / MANIFEST
    try:
        if not path.is_file() or path.is_symlink() or path.stat().st_size > 1 << 20:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("kind") != KIND or not isinstance(
            data.get("files"), dict):
        return None
    files = {name: digest for name, digest in data["files"].items()
             if _is_plain_relative(name) and isinstance(digest, str)}
    return {"complete": data.get("complete") is True, "files": files}


def write_manifest(directory: Path, files: dict[str, str], complete: bool) -> None:
    """Write the manifest through a temporary file and a rename, so it is whole or absent."""
    content = json.dumps({"kind": KIND, "version": 1, "complete": complete, "files": files},
                         indent=1, sort_keys=True) + "\n"
    temporary = directory / (MANIFEST + ".new")
    temporary.write_text(content, encoding="utf-8", newline="\n")
    os.replace(temporary, directory / MANIFEST)


# -- may this directory be replaced? ---------------------------------------------------------------

def foreign_entries(target: Path, shown: str) -> list[str]:
    """Check that `target` may be replaced; return the entries in it that claimaudit did not write
    (relative paths, to be carried over). Raises OutputError when it may not be replaced."""
    if not os.path.lexists(target):
        return []
    if not target.is_dir():
        raise OutputError(f"{shown}: exists and is not a directory; choose a new directory "
                          "for --out, such as reports/")
    if not any(os.scandir(target)):
        return []
    manifest = read_manifest(target)
    if manifest is None or not manifest["complete"]:
        raise OutputError(
            f"{shown}: is not empty and was not written by claimaudit (no {MANIFEST} in it); "
            "claimaudit never replaces files it did not write: choose a new or empty "
            "directory for --out, such as reports/")
    foreign: list[str] = []
    _classify(target, "", manifest["files"], foreign, shown)
    return foreign


def _classify(root: Path, folder: str, files: dict[str, str], foreign: list[str],
              shown: str) -> None:
    """Walk root/folder: listed files must match their hashes; anything unlisted is foreign."""
    for entry in sorted(os.scandir(root / folder), key=lambda e: e.name):
        rel = f"{folder}{entry.name}"
        if rel in (MANIFEST, MANIFEST + ".new"):
            continue
        if entry.is_dir(follow_symlinks=False) and any(f.startswith(rel + "/") for f in files):
            _classify(root, rel + "/", files, foreign, shown)
        elif rel in files and entry.is_file(follow_symlinks=False):
            if file_hash(Path(entry.path)) != files[rel]:
                raise OutputError(
                    f"{shown}/{rel}: changed since claimaudit wrote it, and claimaudit replaces "
                    f"only files it wrote: move the file out of {shown} (or restore it) and run "
                    "again")
        else:
            foreign.append(rel)


def carry_foreign(target: Path, staging: Path, foreign: list[str], shown: str) -> None:
    """Hard-link every foreign entry of the old directory into the new one, so the swap keeps it
    (same inode: nothing is copied, nothing can be lost)."""
    for rel in foreign:
        source, dest = target / rel, staging / rel
        if os.path.lexists(dest):
            raise OutputError(f"{shown}/{rel}: was not written by claimaudit, and this run writes "
                              f"a file of that name: move it out of {shown} and run again")
        dest.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir() and not source.is_symlink():
            shutil.copytree(source, dest, symlinks=True, copy_function=_link)
        else:
            _link(source, dest)


def _link(source, dest) -> None:
    os.link(source, dest, follow_symlinks=False)


# -- the swap ----------------------------------------------------------------------------------------

def _libc_renameat2():
    if not sys.platform.startswith("linux"):
        return None
    try:
        function = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):            # no glibc 2.28+ symbol: use the fallback
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                         ctypes.c_uint]
    return function


def renameat2(source: Path, dest: Path, flags: int) -> bool:
    """Linux renameat2(2); False when this system or file system cannot do it (then fall back)."""
    function = _libc_renameat2()
    if function is None:
        return False
    if function(AT_FDCWD, os.fsencode(source), AT_FDCWD, os.fsencode(dest), flags) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(dest))


_HELD: dict[Path, int] = {}        # staging directory -> descriptor holding its lock


def make_staging(target: Path) -> Path:
    """A new hidden directory beside target, marked as ours before anything is written in it,
    and locked (flock) while this run lives, so a concurrent run's `recover` leaves it alone."""
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.claimaudit-new-", dir=target.parent))
    if fcntl is not None:
        _HELD[staging] = os.open(staging, os.O_RDONLY)
        fcntl.flock(_HELD[staging], fcntl.LOCK_EX)
    os.chmod(staging, 0o755)
    write_manifest(staging, {}, complete=False)
    return staging


def release(staging: Path) -> None:
    """Drop the staging lock (the run is over, whatever became of the directory)."""
    descriptor = _HELD.pop(staging, None)
    if descriptor is not None:
        os.close(descriptor)


def _in_use(leftover: Path) -> bool:
    """Is a live run still writing this staging directory (it holds the lock)?"""
    if fcntl is None:
        return False
    descriptor = os.open(leftover, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(descriptor)
    return False


def swap_in(staging: Path, target: Path) -> Path | None:
    """Put staging in target's place; returns where the old directory went (None if none).

    Linux: one renameat2(RENAME_EXCHANGE), so target names the old or the new directory at every
    moment. Elsewhere: two renames, the old tree restored if the second fails; a kill between
    them leaves target missing, and `recover` puts the old tree back on the next run."""
    if not os.path.lexists(target):
        if not renameat2(staging, target, RENAME_NOREPLACE):
            os.rename(staging, target)
        return None
    if renameat2(staging, target, RENAME_EXCHANGE):
        return staging
    retired = staging.with_name(staging.name.replace(".claimaudit-new-", ".claimaudit-old-"))
    os.rename(target, retired)
    try:
        os.rename(staging, target)
    except BaseException:
        os.rename(retired, target)
        raise
    return retired


# -- leftovers of a run that was killed -------------------------------------------------------------

def leftovers(target: Path) -> list[Path]:
    """Staging and retired directories of earlier runs beside target (`.<name>.claimaudit-*`)."""
    pattern = f".{glob.escape(target.name)}.claimaudit-*"
    return sorted(p for p in target.parent.glob(pattern) if p.is_dir() and not p.is_symlink())


def recover(target: Path) -> list[Path]:
    """Repair what a killed run left: put a retired directory back where target is missing,
    remove leftovers holding only claimaudit's files (or links to entries target still has).
    Returns the leftovers kept because they hold something else (the caller says so)."""
    kept = []
    for leftover in leftovers(target):
        if _in_use(leftover):
            continue
        manifest = read_manifest(leftover)
        if (manifest and manifest["complete"] and "-old-" in leftover.name
                and not os.path.lexists(target)):
            os.rename(leftover, target)
        elif not _remove_if_ours(leftover, target, manifest):
            kept.append(leftover)
    return kept


def only_ours(leftover: Path, target: Path, manifest: dict) -> bool:
    """Does every entry of `leftover` belong to claimaudit or live on in target (same inode)?

    A complete manifest vouches for the files listed with their hashes; an incomplete one (a
    staging directory of a killed run) for the files that run created (one link only)."""
    for folder, dirs, names in os.walk(leftover):
        for name in names + [d for d in dirs if os.path.islink(os.path.join(folder, d))]:
            path = Path(folder, name)
            rel = path.relative_to(leftover).as_posix()
            if rel in (MANIFEST, MANIFEST + ".new") or _same_entry(path, target / rel):
                continue
            info = path.lstat()
            regular = path.is_file() and not path.is_symlink()
            if manifest["complete"] and regular and manifest["files"].get(rel) == file_hash(path):
                continue
            if not manifest["complete"] and regular and info.st_nlink == 1:
                continue
            return False
    return True


def _same_entry(path: Path, other: Path) -> bool:
    try:
        first, second = path.lstat(), other.lstat()
    except OSError:
        return False
    return (first.st_dev, first.st_ino) == (second.st_dev, second.st_ino)


def discard(retired: Path | None, target: Path) -> None:
    """Remove the old directory after a swap, if it holds nothing but ours; a failure here
    leaves it for the next run's `recover` (the new reports are already in place)."""
    if retired is None:
        return
    try:
        _remove_if_ours(retired, target, read_manifest(retired))
    except OSError:
        pass


def _remove_if_ours(leftover: Path, target: Path, manifest: dict | None) -> bool:
    """Remove a leftover directory that is empty or holds only what `only_ours` accepts."""
    if manifest is None and not any(os.scandir(leftover)):
        os.rmdir(leftover)
        return True
    if manifest is not None and only_ours(leftover, target, manifest):
        remove_marker_last(leftover)
        return True
    return False


def remove_marker_last(leftover: Path) -> None:
    """rmtree, except that the manifest goes last: a kill half-way leaves a directory that the
    next run still recognises as ours."""
    for entry in os.scandir(leftover):
        if entry.name in (MANIFEST, MANIFEST + ".new"):
            continue
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path)
        else:
            os.unlink(entry.path)
    for name in (MANIFEST + ".new", MANIFEST):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(leftover / name)
    os.rmdir(leftover)
