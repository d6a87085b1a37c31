"""The reports directory: what claimaudit owns in it, and the swap that replaces it atomically.

Ownership rule (README.md, "The output directory"). A file in the folder never decides what
claimaudit may remove. An old entry is claimaudit's own only when all of these hold: its path is
one of the names claimaudit generates (GENERATED: index.md, <source-id>.md, figures/<id>.svg ...),
it is a regular file, the manifest lists it with its SHA-256, and the manifest's seal verifies
with this user's key (pipeline/ownership.py). Such files are replaced or, when this run no
longer writes them, removed. A generated name listed with its hash under a manifest that does
not verify (written on another machine, or forged) may only be overwritten by this run's file of
the same name; it is never removed. Everything else is foreign: hard-linked into the new folder
unchanged, whatever the manifest says. A folder with no complete manifest is refused unless it is
empty; a listed generated file whose hash changed is refused.

The swap exchanges the staged directory with the old one in one step (Linux renameat2 with
RENAME_EXCHANGE), so the reports path never goes missing; elsewhere two renames are used and a
crash between them is repaired by the next run (`recover`). The new folder gets the old one's
mode and group. Entries that appear in the old folder during the run are moved into the new one,
and the run says so.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import hashlib
import json
import os
import re
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path

from claimaudit.core.errors import OutputError
from claimaudit.report import ownership

try:
    import fcntl
except ImportError:                     # Windows: no flock; concurrent runs are not guarded
    fcntl = None  # type: ignore[assignment]

MANIFEST = ".claimaudit-reports.json"
KIND = "claimaudit reports"
AT_FDCWD, RENAME_NOREPLACE, RENAME_EXCHANGE = -100, 1, 2
ID = r"[a-z0-9][a-z0-9_-]{0,127}"
GENERATED = re.compile(rf"results\.json|facts\.json|index\.md|specs\.md|CHANGES\.md|{ID}\.md|"
                       rf"{ID}\.part-[1-9][0-9]{{0,5}}\.md|figures/{ID}\.svg|"
                       rf"claimreview/{ID}\.jsonld")
GENERATED_FOLDERS = ("figures", "claimreview")
MANIFEST_LIMIT = 1 << 22


def file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def is_generated(rel: object) -> bool:
    """Is `rel` a path claimaudit itself generates (the only names it ever replaces)?"""
    return isinstance(rel, str) and GENERATED.fullmatch(rel) is not None


def read_manifest(directory: Path) -> dict | None:
    """The manifest in `directory` as {complete, files, seal}, or None when there is none."""
    path = directory / MANIFEST
    try:
        info = path.lstat()
        if not stat.S_ISREG(info.st_mode) or info.st_size > MANIFEST_LIMIT:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("kind") != KIND or not isinstance(
            data.get("files"), dict):
        return None
    files = {name: digest for name, digest in data["files"].items()
             if is_generated(name) and isinstance(digest, str)}
    return {"complete": data.get("complete") is True, "files": files, "raw_files": data["files"]}


def write_manifest(directory: Path, files: dict[str, str], complete: bool,
                   target: Path | None = None) -> None:
    """Write the manifest through a temporary file and a rename, so it is whole or absent; a
    complete one for `target` has its seal recorded outside the folder (ownership.remember)."""
    document = {"kind": KIND, "version": 1, "complete": complete, "files": files}
    if complete and target is not None:
        ownership.remember(target, files)
    content = json.dumps(document, indent=1, sort_keys=True) + "\n"
    temporary = directory / (MANIFEST + ".new")
    temporary.write_text(content, encoding="utf-8", newline="\n")
    os.replace(temporary, directory / MANIFEST)


def is_sealed(target: Path, manifest: dict) -> bool:
    return manifest["complete"] and manifest["files"] == manifest["raw_files"] and \
        ownership.sealed(target, manifest["files"])


# -- what may be replaced -----------------------------------------------------------------------------

Inode = tuple[int, int]


@dataclass
class Plan:
    """The old folder's entries by what this run may do with them (relative paths)."""
    ours: dict[str, Inode] = field(default_factory=dict)        # replace or remove
    unsealed: dict[str, Inode] = field(default_factory=dict)    # replace by the same name only
    foreign: list[str] = field(default_factory=list)            # carry across untouched
    device: int | None = None


def plan(target: Path, shown: str) -> Plan:
    """Check that `target` may be replaced and sort its entries (see the module's rule). Raises
    OutputError, before anything is written, when it may not be replaced."""
    if not os.path.lexists(target):
        return Plan()
    if not target.is_dir():
        raise OutputError(f"{shown}: exists and is not a directory; choose a new directory "
                          "for --out, such as reports/")
    result = Plan(device=target.stat().st_dev)
    if not any(os.scandir(target)):
        return result
    manifest = read_manifest(target)
    if manifest is None or not manifest["complete"]:
        raise OutputError(
            f"{shown}: is not empty and was not written by claimaudit (no {MANIFEST} in it); "
            "claimaudit never replaces files it did not write: choose a new or empty "
            "directory for --out, such as reports/")
    bucket = result.ours if is_sealed(target, manifest) else result.unsealed
    _classify(target, "", manifest["files"], bucket, result.foreign, shown)
    return result


def _classify(root: Path, folder: str, files: dict[str, str], owned: dict[str, Inode],
              foreign: list[str], shown: str) -> None:
    for entry in sorted(os.scandir(root / folder), key=lambda e: e.name):
        rel = f"{folder}{entry.name}"
        if rel in (MANIFEST, MANIFEST + ".new"):
            continue
        if not folder and entry.name in GENERATED_FOLDERS and entry.is_dir(follow_symlinks=False):
            _classify(root, rel + "/", files, owned, foreign, shown)
        elif rel in files and entry.is_file(follow_symlinks=False):
            info = entry.stat(follow_symlinks=False)
            if file_hash(Path(entry.path)) != files[rel]:
                raise OutputError(
                    f"{shown}/{rel}: changed since claimaudit wrote it, and claimaudit replaces "
                    f"only files it wrote: move the file out of {shown} (or restore it) and run "
                    "again")
            owned[rel] = (info.st_dev, info.st_ino)
        else:
            foreign.append(rel)


def carry(target: Path, staging: Path, old: Plan, written: list[str], shown: str) -> list[str]:
    """Hard-link every entry this run may not replace into the new folder (same inode: nothing
    copied, nothing lost); returns the notes the run prints about them."""
    names, notes = set(written), []
    kept = [rel for rel in old.unsealed if rel not in names]
    for rel in old.foreign + kept:
        if rel in names or os.path.lexists(staging / rel):
            raise OutputError(f"{shown}/{rel}: was not written by claimaudit, and this run writes "
                              f"a file of that name: move it out of {shown} and run again")
        _link_tree(target / rel, staging / rel, old.device, f"{shown}/{rel}")
    if kept:
        notes.append(f"kept {len(kept)} file{'s' if len(kept) != 1 else ''} in {shown} that its "
                     f"manifest lists but claimaudit cannot prove it wrote (the manifest was "
                     f"written elsewhere or edited): {', '.join(sorted(kept)[:5])}"
                     + (" ..." if len(kept) > 5 else ""))
    return notes


def _link_tree(source: Path, dest: Path, device: int | None, shown: str) -> None:
    """Hard-link `source` (a file, symlink, or a directory's every entry) at `dest`."""
    info = source.lstat()
    if device is not None and info.st_dev != device:
        raise OutputError(f"{shown}: is on another file system (a mount point); claimaudit keeps "
                          "entries it did not write by linking them into the new reports, which "
                          "cannot cross file systems: unmount it or choose another --out")
    dest.parent.mkdir(parents=True, exist_ok=True)
    if not stat.S_ISDIR(info.st_mode):
        try:
            os.link(source, dest, follow_symlinks=False)
        except OSError as exc:
            raise OutputError(f"{shown}: cannot be kept in the new reports ({exc.strerror}); "
                              "move it out and run again") from None
        return
    dest.mkdir()
    for entry in sorted(os.scandir(source), key=lambda e: e.name):
        _link_tree(Path(entry.path), dest / entry.name, device, f"{shown}/{entry.name}")
    os.chmod(dest, stat.S_IMODE(info.st_mode))


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
_MODES: dict[Path, int] = {}       # staging directory -> the mode the reports folder keeps


def make_staging(target: Path) -> Path:
    """A new hidden directory beside target, named with a token only this user's claimaudit can
    make (ownership.leftover_name), with target's group, locked (flock) while this run lives
    so a concurrent run's `recover` leaves it alone, and marked incomplete before any write."""
    name = ownership.leftover_name(target, "new") or \
        f".{target.name}.claimaudit-new-{os.urandom(8).hex()}-unsealed"
    staging = target.parent / name
    _new_folder(staging)
    try:
        if fcntl is not None:
            _HELD[staging] = os.open(staging, os.O_RDONLY)
            fcntl.flock(_HELD[staging], fcntl.LOCK_EX)
        _MODES[staging] = _take_folder_owner(staging, target)
        write_manifest(staging, {}, complete=False)
    except BaseException:
        _unmake(staging)            # interrupted half-way (a ^C): the new folder holds only ours
        raise
    return staging


def made_for(target: Path) -> Path | None:
    """The staging folder this process made for target and still holds (an interrupt may land
    between make_staging's return and its caller's assignment)."""
    return next((path for path in _MODES if path.parent == target.parent
                 and path.name.startswith(f".{target.name}.claimaudit-new-")), None)


def _unmake(staging: Path) -> None:
    """Remove a staging folder make_staging had just made: its manifest, then the folder."""
    release(staging)
    for name in (MANIFEST + ".new", MANIFEST):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(staging / name)
    with contextlib.suppress(OSError):
        os.rmdir(staging)


def _new_folder(path: Path) -> None:
    os.mkdir(path, 0o700)


def _take_folder_owner(staging: Path, target: Path) -> int:
    """Give staging target's group and (writable for now) its mode; returns target's mode, or
    the umask's default for a new folder."""
    try:
        info = os.stat(target)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        mode = 0o777 & ~mask
        os.chmod(staging, mode | 0o700)
        return mode
    if info.st_gid != os.stat(staging).st_gid:
        with contextlib.suppress(OSError):      # not a member of that group: keep ours
            os.chown(staging, -1, info.st_gid)
    mode = stat.S_IMODE(info.st_mode)
    os.chmod(staging, mode | 0o700)
    return mode


def finish_mode(staging: Path) -> None:
    """Set the folder's final mode (the old folder's) just before the swap."""
    if staging in _MODES:
        os.chmod(staging, _MODES.pop(staging))


def release(staging: Path) -> None:
    """Drop the staging lock (the run is over, whatever became of the directory)."""
    _MODES.pop(staging, None)
    descriptor = _HELD.pop(staging, None)
    if descriptor is not None:
        os.close(descriptor)


def in_use(leftover: Path) -> bool:
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
    retired = target.parent / (ownership.leftover_name(target, "old") or
                               f".{target.name}.claimaudit-old-{os.urandom(8).hex()}-unsealed")
    os.rename(target, retired)
    try:
        os.rename(staging, target)
    except BaseException:
        os.rename(retired, target)
        raise
    return retired
