"""One root exception for bad input, carrying every problem found.

A problem names the place (file:line), what was expected and what was found.
Problems are collected and raised together so a user fixes a file in one pass.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One input problem at one place; `str()` is the `file:line: message` form."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


class ClaimauditError(Exception):
    """The one root of every error claimaudit reports to a user (bad input, unwritable output).

    `file` and `line` name the place when there is one; the CLI and the pytest plugin catch
    this class once, print `str(error)` and exit 2, never a traceback.
    """

    def __init__(self, message: str, file: str | None = None, line: int | None = None):
        self.file, self.line = file, line
        super().__init__(message)


class InputError(ClaimauditError):
    """Invalid input: nothing is checked; the CLI prints every problem and exits 2."""

    def __init__(self, problems: list[Problem], unlisted: int = 0):
        self.problems = sorted(set(problems), key=lambda p: (p.file, p.line, p.message))
        self.unlisted = unlisted
        first = self.problems[0] if self.problems else None
        super().__init__("\n".join(str(p) for p in self.problems),
                         first.file if first else None, first.line if first else None)


class OutputError(ClaimauditError):
    """The output cannot be written as asked (a directory that is not ours, a full disk);
    whatever was there before is left as it was."""


MAX_LISTED = 1000       # problems kept and printed; the rest are counted (a million bad rows)


class Collector:
    """Gathers problems during a stage; `raise_if_any()` ends the stage. The first MAX_LISTED
    are kept, the others only counted, so a bad table's output stays readable and small."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.unlisted = 0

    @property
    def count(self) -> int:
        return len(self.problems) + self.unlisted

    def add(self, file: str, line: int, message: str) -> None:
        if len(self.problems) >= MAX_LISTED:
            self.unlisted += 1
            return
        self.problems.append(Problem(str(file), int(line), message))

    def extend(self, problems: list[Problem]) -> None:
        room = max(MAX_LISTED - len(self.problems), 0)
        self.problems.extend(problems[:room])
        self.unlisted += len(problems) - len(problems[:room])

    def raise_if_any(self) -> None:
        if self.problems:
            raise InputError(self.problems, self.unlisted)


SHOWN_CHARS = 80


def shown(value) -> str:
    """A value as a message shows it: text cut to SHOWN_CHARS (with its length), structures
    only named. A value read from a file is never formatted whole into a message: a
    5,000-digit number or a nested alias structure would swamp it (or never finish)."""
    if isinstance(value, (list, tuple, dict)) or type(value).__name__ == "Node":
        return "a list or mapping"
    if not isinstance(value, str):
        try:
            text = repr(value)
        except ValueError:  # an int too long to print
            return type(value).__name__
        return text if len(text) <= SHOWN_CHARS else f"{text[:SHOWN_CHARS]}... ({len(text):,} characters)"
    if len(value) <= SHOWN_CHARS:
        return repr(value)
    return f"{value[:SHOWN_CHARS]!r}... ({len(value):,} characters)"
