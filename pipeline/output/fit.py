"""Text in terminal columns: display width, shortening with an ellipsis, and the share of a
line each column of a table gets (the rule behind every table `check` and the discovery
commands print at a terminal's width).

A column is shortened only down to its minimum; the widest columns give way first, so a short
column keeps its text whole while a long id loses its middle part.
"""

from __future__ import annotations

import os
import shutil
import unicodedata

ELLIPSIS = "…"


def display_width(text: str) -> int:
    """Terminal columns of `text`: wide (East Asian) characters take two; ASCII text, nearly
    every cell, is measured by its length without a look-up per character."""
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int) -> str:
    return text + " " * (width - display_width(text))


def shorten(text: str, width: int) -> str:
    """`text` in at most `width` columns: cut at the end, an ellipsis marking the cut."""
    if display_width(text) <= width:
        return text
    if width <= 0:
        return ""
    kept, used = [], 0
    for char in text:
        size = 2 if not char.isascii() and unicodedata.east_asian_width(char) in "WF" else 1
        if used + size > width - 1:
            break
        kept.append(char)
        used += size
    return "".join(kept) + ELLIPSIS


def shorten_ref(source: str, claim: str, width: int) -> str:
    """`source/claim` in at most `width` columns: the source id gives way first (a claim id
    says which claim; the source is often a long dated slug), down to a few characters."""
    whole = f"{source}/{claim}"
    if display_width(whole) <= width:
        return whole
    room = width - display_width(claim) - 1
    if room >= 4:
        return f"{shorten(source, room)}/{claim}"
    return shorten(f"{shorten(source, 4)}/{claim}", width)


def share(natural: list[int], minimum: list[int], budget: int) -> list[int] | None:
    """Column widths no wider than `natural`, summing to at most `budget`: the widest columns
    are cut to one common level first (water-filling), none below its `minimum`. None when even
    the minimums do not fit."""
    if sum(natural) <= budget:
        return list(natural)
    floor = [min(n, m) for n, m in zip(natural, minimum)]
    if sum(floor) > budget:
        return None

    def widths(level: int) -> list[int]:
        return [max(f, min(n, level)) for n, f in zip(natural, floor)]

    low, high = 0, max(natural)
    while low < high:               # the highest level whose widths still fit
        middle = (low + high + 1) // 2
        if sum(widths(middle)) <= budget:
            low = middle
        else:
            high = middle - 1
    fitted = widths(low)
    spare = budget - sum(fitted)
    for at, (width, want) in enumerate(zip(fitted, natural)):
        if spare and width < want:
            fitted[at] += 1
            spare -= 1
    return fitted


def terminal_width(stream) -> int | None:
    """The width a table should fit: `COLUMNS` when set to a number, else the terminal's when
    `stream` is one; None (no limit) for a pipe or a file, so saved output keeps every cell."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        if stream.isatty():
            return shutil.get_terminal_size().columns
    except (AttributeError, ValueError, OSError):     # a closed or replaced stream
        pass
    return None
