"""`check`'s output in every format, written a chunk of claims at a time: a million-claim run
never becomes one list of records or one string (text, JSON, Markdown, GitHub annotations
from results.record_chunks; CSV a column at a time from result_table).

Alongside the format on stdout: the failed pins on stderr (pins.py), and the Markdown step
summary appended to `$GITHUB_STEP_SUMMARY` when that variable names a file.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

from claimaudit.core.errors import OutputError
from claimaudit.core.progress import Progress
from claimaudit.engine.labelmap import values_for
from claimaudit.output import render, result_table
from claimaudit.output.annotations import GithubOutput
from claimaudit.output.markdown import cell
from claimaudit.output.results import RECORD_CHUNK, record_chunks
from claimaudit.output.tally import Tally
from claimaudit.output.terminal import CheckTable, widest_cells

FORMATS = ("text", "json", "markdown", "csv", "github")


@dataclass
class Shown:
    """How the text table is shown: its language, colour and width (None: every cell whole)."""

    lang: str = "en"
    colour: bool = False
    width: int | None = None
    widest: tuple[int, int] = (0, 0)    # terminal.widest_cells of the run


def default_format(environ=os.environ) -> str:
    """`github` inside a GitHub Actions job (GITHUB_ACTIONS=true), else `text`."""
    return "github" if environ.get("GITHUB_ACTIONS") == "true" else "text"


def write_check(run, output: str, stream, shown: Shown, progress: Progress,
                summary_path: str | None = None) -> None:
    """The run in `output` format on `stream`; the step summary at `summary_path` if given."""
    if output == "text":
        shown.widest = widest_cells(_verdict_keys(run), run.explanations.values(), shown.lang)
    github = GithubOutput(stream if output == "github" else None, shown.lang) \
        if output == "github" or summary_path else None
    with progress.bar(len(run.results), "writing") as advance:
        if output == "csv":
            result_table.write_csv(run, stream, advance)
            chunks: Iterator[list[dict]] = iter(())
            if github is not None:
                chunks = record_chunks(run)
        else:
            chunks = _counted(record_chunks(run), advance)
        _write_records(chunks, output, stream, shown, github)
    if github is not None and summary_path:
        _append(summary_path, github.step_summary())


def _verdict_keys(run) -> Iterator[tuple]:
    """(verdict, severity, basis, later) per claim, for terminal.widest_cells."""
    severity = [s if isinstance(s, str) else None for s in run.results["severity"].tolist()]
    index = run.corpus.claims.index.tolist()
    basis = values_for(run.basis, index)
    later = [tuple((item["date"],) for item in items or [])
             for items in values_for(getattr(run, "later", {}), index)]
    return zip(run.results["verdict"].tolist(), severity, basis, later)


def _counted(chunks: Iterator[list[dict]], advance) -> Iterator[list[dict]]:
    for records in chunks:
        yield records
        advance(len(records))


def _write_records(chunks: Iterator[list[dict]], output: str, stream, shown: Shown,
                   github: GithubOutput | None) -> None:
    if output == "github":
        assert github is not None
        for records in chunks:
            github.add(records)
        github.close()
        return
    chunks = _noted(chunks, github)
    if output == "json":
        stream.writelines(render.json_stream(chunks))
    elif output == "markdown":
        tally = Tally()
        stream.write(render.markdown_header(shown.lang))
        for records in chunks:
            tally.add(records)
            stream.writelines(render.markdown_rows(records, shown.lang))
        stream.write("\n" + cell(tally.summary(shown.lang)) + "\n")
    elif output == "text":
        table = CheckTable(stream, shown.lang, shown.colour, shown.width, shown.widest)
        for records in chunks:
            table.add(records)
        table.close()
    else:
        for _ in chunks:        # csv: the records only feed the step summary
            pass


def _noted(chunks: Iterator[list[dict]], github: GithubOutput | None) -> Iterator[list[dict]]:
    """The chunks, also fed to the step summary's collector when there is one."""
    for records in chunks:
        if github is not None:
            github.add(records)
        yield records


def _append(path: str, markdown: str) -> None:
    """Append to the step summary file (GitHub gives each step its own, possibly shared)."""
    try:
        with open(path, "a", encoding="utf-8") as summary:
            summary.write(markdown)
    except OSError as exc:
        raise OutputError(f"GITHUB_STEP_SUMMARY: cannot append to {path}: "
                          f"{exc.strerror or exc}") from None


__all__ = ["FORMATS", "RECORD_CHUNK", "Shown", "default_format", "write_check"]
