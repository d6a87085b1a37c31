"""Every output stream is written through here: one rule for encodings, closed and broken
streams, and write errors (README.md, "Output streams").

- A character the stream's encoding cannot show is written as a backslash escape (`\\u4e00`), so
  `PYTHONIOENCODING=ascii` or `LC_ALL=C` never raises.
- A reader that went away (a closed pipe, as with `| head`) ends the command quietly, exit 0,
  as Unix tools do; a descriptor closed before the start is read as "nobody listens": the output
  is dropped and the command's own exit status stands.
- A write that fails (a full disk, `ulimit -f`, an I/O error) is one line on stderr, exit 2.
- Descriptors 0-2 are never left free, so a pipe or file opened later (the figure worker's) can
  never take the place of standard input or output.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys
from typing import IO

from claimaudit.core.errors import ClaimauditError
from claimaudit.core.escape import terminal

STREAM_NAMES = {1: "standard output", 2: "standard error"}


class StreamClosed(Exception):
    """The reader of an output stream went away: stop writing, exit 0."""


class StreamError(ClaimauditError):
    """An output stream refused a write (disk full, file too large, I/O error): exit 2."""


def prepare() -> None:
    """Called once when the command starts: reserve descriptors 0-2, let a file-size limit give
    an error instead of a kill, and make the standard streams escape what they cannot encode."""
    for fd in (0, 1, 2):
        if not _is_open(fd):
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:          # lower descriptors are taken, so open() gave this one
                os.dup2(null, fd)
                os.close(null)
    if hasattr(signal, "SIGXFSZ"):
        with contextlib.suppress(ValueError, OSError):
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    if sys.stdout is None:
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)      # noqa: SIM115
    if sys.stderr is None:
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)      # noqa: SIM115
    for stream in (sys.stdout, sys.stderr):
        tolerant(stream)


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def tolerant(stream: IO[str]) -> IO[str]:
    """Make `stream` write unencodable characters as backslash escapes (when it can say so)."""
    with contextlib.suppress(AttributeError, ValueError, io.UnsupportedOperation):
        if getattr(stream, "errors", "strict") not in ("backslashreplace", "surrogateescape"):
            stream.reconfigure(errors="backslashreplace")       # type: ignore[attr-defined]
    return stream


def escaped(text: str, encoding: str | None) -> str:
    """`text` with every character `encoding` cannot show written as a backslash escape."""
    if not encoding or text.isascii():
        return text
    try:
        text.encode(encoding)
        return text
    except (UnicodeEncodeError, LookupError):
        return text.encode(encoding, "backslashreplace").decode(encoding, "replace") \
            if _known(encoding) else text.encode("ascii", "backslashreplace").decode("ascii")


def _known(encoding: str) -> bool:
    try:
        "".encode(encoding)
    except LookupError:
        return False
    return True


class Output:
    """A text stream written by the one rule above: write, writelines, flush."""

    def __init__(self, stream: IO[str] | None = None, name: str = "standard output"):
        self.stream = sys.stdout if stream is None else stream
        self.name = name

    def write(self, text: str) -> int:
        try:
            return self.stream.write(escaped(text, getattr(self.stream, "encoding", None)))
        except BrokenPipeError:
            raise StreamClosed from None
        except (OSError, ValueError) as exc:
            raise _failure(exc, self.name) from None

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise StreamClosed from None
        except (OSError, ValueError) as exc:
            raise _failure(exc, self.name) from None


def _failure(exc: Exception, name: str) -> StreamError:
    if isinstance(exc, ValueError):             # "I/O operation on closed file"
        return StreamError(f"{name}: cannot write: the stream is closed")
    reason = getattr(exc, "strerror", None) or exc.__class__.__name__
    return StreamError(f"{name}: cannot write: {reason}")


def stdout() -> Output:
    return Output(sys.stdout, STREAM_NAMES[1])


def stderr() -> Output:
    return Output(sys.stderr, STREAM_NAMES[2])


def say(line: str) -> None:
    """One line on stderr, escaped for a terminal (pipeline/core/escape.py); if stderr itself
    cannot take it there is nowhere left to say it."""
    with contextlib.suppress(StreamClosed, StreamError):
        out = stderr()
        out.write(terminal(line) + "\n")
        out.flush()


def silence_stdout() -> None:
    """After a closed pipe: point descriptor 1 at /dev/null so the interpreter's final flush
    cannot raise again (Python's documented idiom for SIGPIPE)."""
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)


def settle_stdout() -> None:
    """After a failed write: flush what standard output still holds, or, if that fails again
    (a full disk), point it at /dev/null, so the interpreter's final flush cannot fail after the
    one-line message (some Python builds keep the unwritten text in the buffer)."""
    if sys.stdout is None:
        return
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        silence_stdout()


def high_descriptor(fd: int) -> int:
    """`fd`, moved to 3 or above when it landed on 0-2 (standard streams were closed)."""
    if fd > 2:
        return fd
    import fcntl

    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC if hasattr(fcntl, "F_DUPFD_CLOEXEC")
                        else fcntl.F_DUPFD, 3)
    os.close(fd)
    return moved
