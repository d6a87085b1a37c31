"""What `check` and the discovery commands print for a person at a terminal: tables that fit
its width, colour when wanted (`--color`, NO_COLOR, FORCE_COLOR).

The check table keeps the verdict and the cause whole and gives way in the claim reference
(the source id first), the claimed and the derived figure, each cut with an ellipsis. When even
that does not fit, the cause moves under its row, then the verdict too:

    wide     claim  claimed  derived  verdict  cause          (one line per claim)
    medium   claim  claimed  derived  verdict                 (cause: on a line of its own)
    narrow   claim  claimed  derived / verdict  cause         (two lines per claim)

The table is written a chunk of records at a time (a million claims are never one string):
the first chunk sets the layout and the widths, and a longer cell of a later chunk is cut to
them. Without a width (output to a pipe or a file), every cell is whole (a longer cell of a
later chunk pushes its row's later columns right).
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Iterable

from claimaudit.core.words import labels
from claimaudit.output.fit import display_width, pad, share, shorten, shorten_ref
from claimaudit.output.render import _COLOURS, claimed_text, derived_text, safe, top_cause, verdict_label
from claimaudit.output.tally import Tally

INDENT = "    "
GAP = "  "
MINIMUM = (20, 10, 10)      # claim, claimed, derived: narrower than this, a row moves to two lines


def colour_wanted(choice: str, stream) -> bool:
    """`--color always|never`, or for `auto`: never under NO_COLOR (no-color.org), always under
    FORCE_COLOR or CLICOLOR_FORCE (CI logs render colour though they are not terminals), else
    only on a terminal. NO_COLOR wins over FORCE_COLOR: it is the reader's own setting."""
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR") or os.environ.get("CLICOLOR_FORCE", "0") not in ("", "0"):
        return True
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class CheckTable:
    """The verdict table, written to `stream` as chunks of records arrive; `close` writes the
    closing summary line."""

    def __init__(self, stream, lang: str = "en", colour: bool = False, width: int | None = None,
                 widest: tuple[int, int] = (0, 0)):
        """`widest`: the widest verdict and cause of the whole run (widest_cells), so that the
        first chunk's layout holds for every later one."""
        self.stream, self.lang, self.colour, self.width = stream, lang, colour, width
        self.widest = widest
        self.words = labels(lang)
        self.tally = Tally()
        self.layout: str | None = None
        self.widths: list[int] = []
        self.causes = False

    def add(self, records: list[dict]) -> None:
        self.tally.add(records)
        rows = [self._cells(record) for record in records]
        if self.layout is None:
            self._plan(rows)
            self.stream.write(self._header())
        self.stream.writelines(self._lines(record, row) for record, row in zip(records, rows))

    def close(self) -> None:
        if self.layout is None:
            self._plan([])
            self.stream.write(self._header())
        summary = self.tally.summary(self.lang)
        if self.width is not None and display_width(summary) > self.width:   # words whole
            summary = "\n".join(textwrap.wrap(summary, self.width, break_long_words=False,
                                               break_on_hyphens=False))
        self.stream.write("\n" + summary + "\n")

    def _cells(self, record: dict) -> tuple:
        words = self.words
        return (safe(record["source"]), safe(record["id"]), safe(claimed_text(record, self.lang)),
                safe(derived_text(record, words)), safe(verdict_label(record, words)),
                safe(top_cause(record, words)))

    def _plan(self, rows: list[tuple]) -> None:
        """The layout and column widths for these rows at this width."""
        names = [self.words["columns"][c] for c in ("claim", "claimed", "derived", "verdict")]
        self.headers = names + [self.words["explanations"]["column"]]
        self.causes = any(row[5] for row in rows) or self.widest[1] > 0
        natural = [max([display_width(h)] + [display_width(c) for c in cells]) for h, cells in zip(
            self.headers, zip(*[(f"{r[0]}/{r[1]}", *r[2:]) for r in rows]) if rows
            else [[]] * 5)]
        natural[3] = max(natural[3], self.widest[0])
        natural[4] = max(natural[4], self.widest[1]) if self.causes else 0
        if not self.causes:
            natural = natural[:4]
        fixed = natural[3:]
        if self.width is None:
            self.layout, self.widths = "wide", natural
            return
        gaps = len(GAP) * (len(natural) - 1)
        fitted = share(natural[:3], list(MINIMUM), self.width - sum(fixed) - gaps)
        if fitted is not None:
            self.layout, self.widths = "wide", fitted + fixed
            return
        if self.causes:
            fitted = share(natural[:3], list(MINIMUM), self.width - natural[3] - 3 * len(GAP))
            if fitted is not None:
                self.layout, self.widths = "medium", fitted + [natural[3]]
                return
        fitted = share(natural[:3], list(MINIMUM), self.width - 2 * len(GAP))
        self.layout, self.widths = "narrow", (fitted or list(MINIMUM)) + fixed

    def _header(self) -> str:
        widths, headers = self.widths, self.headers
        if self.layout == "narrow":
            under = INDENT + GAP.join(headers[3:5] if self.causes else headers[3:4])
            top = GAP.join(pad(h, w) for h, w in zip(headers[:3], widths[:3])).rstrip()
            rule = "-" * max(display_width(top), display_width(under))
            return f"{top}\n{under}\n{rule}\n"
        shown = headers[:len(widths)]
        top = GAP.join(pad(h, w) for h, w in zip(shown, widths)).rstrip()
        return top + "\n" + GAP.join("-" * w for w in widths) + "\n"

    def _lines(self, record: dict, row: tuple) -> str:
        source, claim, claimed, derived, verdict, cause = row
        widths = self.widths
        if self.width is None:      # a pipe or a file: every cell whole, a later longer one too
            first = [f"{source}/{claim}", claimed, derived]
        else:
            first = [shorten_ref(source, claim, widths[0]), shorten(claimed, widths[1]),
                     shorten(derived, widths[2])]
        shown_verdict = self._paint(record, verdict)
        cause_label = self.words["explanations"]["column"]
        if self.layout == "wide":
            cells = [pad(c, w) for c, w in zip(first, widths)] + [shown_verdict]
            if self.causes:
                cells.append(cause)
            lines = [GAP.join(cells).rstrip()]
            if cause and not self.causes:       # a cause in a later chunk than the layout saw
                lines.append(f"{INDENT}{cause_label}: {cause}")
        elif self.layout == "medium":
            lines = [GAP.join([pad(c, w) for c, w in zip(first, widths)] + [shown_verdict]).rstrip()]
            if cause:
                lines.append(f"{INDENT}{cause_label}: {cause}")
        else:
            lines = [GAP.join(pad(c, w) for c, w in zip(first, widths)).rstrip()]
            both = f"{INDENT}{verdict}{GAP}{cause_label}: {cause}"
            if cause and (display_width(both) <= self.width if self.width else True):
                lines.append(f"{INDENT}{shown_verdict}{GAP}{cause_label}: {cause}")
            else:
                lines.append(INDENT + shown_verdict)
                if cause:
                    lines.append(f"{INDENT}{cause_label}: {cause}")
        mark = self._mark(record)
        if mark:
            if self.width is None or display_width(lines[-1]) + len(GAP) + display_width(mark) \
                    <= self.width:
                lines[-1] += GAP + mark
            else:
                lines.append(INDENT + mark)
        return "\n".join(lines) + "\n"

    def _paint(self, record: dict, verdict: str) -> str:
        """The verdict cell, coloured when wanted, padded (after the colour) where a cause
        column follows it."""
        shown = f"\033[{_COLOURS[record['verdict']]}m{verdict}\033[0m" if self.colour else verdict
        if self.layout == "wide" and self.causes:
            return shown + " " * (self.widths[3] - display_width(verdict))
        return shown

    def _mark(self, record: dict) -> str:
        expect = record.get("expect")
        if not expect or expect == record["verdict"]:
            return ""
        return self.words["expected"].format(expect=self.words["verdict"][expect])


def widest_cells(verdicts: Iterable[tuple], explanations: Iterable[list], lang: str = "en"
                 ) -> tuple[int, int]:
    """The widest verdict label over the distinct (verdict, severity, basis, later dates) of a
    run and the widest top cause over its explanations: a million claims have a few dozen
    distinct ones."""
    words = labels(lang)

    def label(key: tuple) -> str:
        verdict, severity, basis, *later = key
        dates = [{"date": date} for (date,) in (later[0] if later else ())]
        return verdict_label({"verdict": verdict, "severity": severity, "basis": basis,
                              "later": dates}, words)

    verdict = max((display_width(label(key)) for key in set(verdicts)), default=0)
    cause = max((display_width(top_cause({"explanations": items}, words))
                 for items in explanations if items), default=0)
    return verdict, cause


def write_check_table(chunks: Iterable[list[dict]], stream, lang: str = "en",
                      colour: bool = False, width: int | None = None,
                      widest: tuple[int, int] = (0, 0)) -> Tally:
    table = CheckTable(stream, lang, colour, width, widest)
    for records in chunks:
        table.add(records)
    table.close()
    return table.tally


DISCOVERY_MINIMUM = 8       # a discovery column is never cut narrower than this
QUOTE_WIDTH = 60            # long quotes and descriptions are cut even without a width


def discovery_table(records: list[dict], columns: list[str], width: int | None = None) -> str:
    """entities / facts / metrics as aligned columns (lists joined by commas, flags by their
    name), the widest columns (quotes, descriptions, aliases) cut first to fit `width`."""
    def cell(record, column):
        value = record[column]
        if isinstance(value, list):
            return safe(", ".join(value))
        if isinstance(value, bool):
            return column if value else ""
        return shorten(safe(" ".join(str("" if value is None else value).split())), QUOTE_WIDTH)

    rows = [[cell(r, c) for c in columns] for r in records]
    natural = [max([display_width(c)] + [display_width(row[i]) for row in rows])
               for i, c in enumerate(columns)]
    widths = natural
    if width is not None:
        minimum = [min(n, max(DISCOVERY_MINIMUM, display_width(c))) for n, c in zip(natural, columns)]
        widths = share(natural, minimum, width - len(GAP) * (len(columns) - 1)) or minimum
    lines = [GAP.join(pad(shorten(v, w), w) for v, w in zip(row, widths)).rstrip()
             for row in [list(columns)] + rows]
    lines.insert(1, GAP.join("-" * w for w in widths))
    return "\n".join(lines) + "\n"
