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


class InputError(Exception):
    """Invalid input: nothing is checked; the CLI prints every problem and exits 2."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems), key=lambda p: (p.file, p.line, p.message))
        super().__init__("\n".join(str(p) for p in self.problems))


class Collector:
    """Gathers problems during a stage; `raise_if_any()` ends the stage."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, file: str, line: int, message: str) -> None:
        self.problems.append(Problem(str(file), int(line), message))

    def extend(self, problems: list[Problem]) -> None:
        self.problems.extend(problems)

    def raise_if_any(self) -> None:
        if self.problems:
            raise InputError(self.problems)
