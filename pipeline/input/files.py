"""Which input files are read, and how: regular files only, each at most MAX_FILE_BYTES.

A FIFO, a device (`/dev/zero` linked as `claims/x.yaml`), a directory or a symlink loop
named like a claim file is a `file:0:` problem, never a hang; a directory that cannot be
listed is a problem, never "0 claims". File names are shown escaped in messages.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from claimaudit.core.errors import Collector

# The largest claim or spec file read (64 MiB, about 250,000 claims): a bigger file is an
# input problem, and a generated or hostile file cannot exhaust memory while it is read.
MAX_FILE_BYTES = 64 * 1024 * 1024


def read_bytes(path: Path, display: str, problems: Collector,
               limit: int | None = None) -> bytes | None:
    """A regular file's bytes, at most `limit` (MAX_FILE_BYTES unless given); anything else is
    a `file:0:` problem.

    The file is opened non-blocking (a FIFO cannot stall the open) and checked on the open
    descriptor, so what is checked is what is read.
    """
    limit = MAX_FILE_BYTES if limit is None else limit
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        problems.add(display, 0, f"cannot read file: {exc.strerror or exc}")
        return None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        problems.add(display, 0, f"expected a regular file, found {_file_kind(mode)}")
        return None
    with os.fdopen(fd, "rb") as handle:
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            problems.add(display, 0, f"cannot read file: {exc.strerror or exc}")
            return None
    if len(data) > limit:
        problems.add(display, 0, f"file is larger than {limit // 2**20} MiB, the limit "
                                 "for one claim or spec file; split it into several files")
        return None
    return data


def _file_kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "a special file"


def yaml_files(paths: list[Path], problems: Collector,
               suffixes: tuple = ()) -> list[tuple[Path, str]]:
    """Expand files and directories into sorted (path, display name) pairs of *.yaml files
    (and of files with the extra `suffixes`: claim tables, `.csv` ...).

    Directories are listed one level deep (no recursion, so no symlink loop to follow);
    a directory that cannot be listed is a problem, never an empty result.
    """
    found: list[tuple[Path, str]] = []
    for path in paths:
        if path.is_dir():
            try:
                names = sorted(entry.name for entry in os.scandir(path))
            except OSError as exc:
                problems.add(display_name(path), 0, f"cannot read directory: {exc.strerror or exc}")
                continue
            for suffix in (".yaml", ".yml", *suffixes):
                found.extend((path / n, display_name(path / n)) for n in names if n.endswith(suffix))
        elif path.exists() or path.is_symlink():
            found.append((path, display_name(path)))
        else:
            problems.add(display_name(path), 0, "no such file or directory")
    return found


def display_name(path: Path) -> str:
    """A path as messages show it: relative to the working directory when below it (no
    symlink is followed), with control characters escaped (a file name may hold a newline
    or a terminal escape code)."""
    try:
        shown = str(path.absolute().relative_to(Path.cwd()))
    except (ValueError, OSError):
        shown = str(path)
    return escape_controls(shown)


def escape_controls(text: str) -> str:
    """Control characters (C0, DEL, C1) as visible escapes: a newline becomes `\\n`."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == " " else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)
