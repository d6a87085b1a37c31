"""The report stage: a Run -> Markdown, JSON and SVG reports (`claimaudit report`, CONTRACT 7).

Python builds plain view models here (ordering, counting, choosing what to show); the templates in
pipeline/templates only format them through the named filters below. Every file is rendered into a
temporary directory beside `out_dir` and swapped in at the end, so a run that fails leaves the
previous reports as they were. Output is a pure function of (results, spec audit, previous
results.json, date): no clock, no randomness, sorted everywhere.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
from datetime import date as _date
from pathlib import Path

from claimaudit.core import streams
from claimaudit.core.errors import OutputError
from claimaudit.engine.epistemic import claimant_of
from claimaudit.output import render
from claimaudit.output.results import to_records
from claimaudit.report import leftovers, outdir
from claimaudit.report.changes import changes_view, previous_records
from claimaudit.report.claimreview import claimant_names, source_document
from claimaudit.report.figures import Painter
from claimaudit.report.filters import FILTERS
from claimaudit.report.page_words import report_words
from claimaudit.report.pages import changes_linked, source_pages
from claimaudit.report.snapshot import previous_snapshot, snapshot
from claimaudit.report.spec_changes import spec_changes_view
from claimaudit.report.views import VERDICT_ORDER, index_view, source_meta, source_view, specs_view

SOURCE_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,127}")
RESERVED_IDS = ("index", "specs")        # a source with these ids would overwrite index.md/specs.md


class ReportError(OutputError):
    """The reports cannot be written as asked (out dir, source id or date); nothing was written."""


# -- writing --------------------------------------------------------------------------------------

def write_reports(run, out_dir: Path, date: str | None = None, *, audit: dict,
                  painter: Painter | None = None, lang: str | None = None) -> list[Path]:
    """Write index.md, one <source-id>.md each, specs.md, CHANGES.md, results.json and
    figures/<source-id>.svg into out_dir, swapped in whole; returns the paths written. Only a
    directory claimaudit wrote (or an empty or new one) is replaced, and entries claimaudit did
    not write are kept (pipeline/report/outdir.py).

    `audit` is the spec audit (claimaudit.run.spec_audit); `painter` draws the figures
    (in this process unless a started one is given). Raises ReportError (nothing written)
    for a bad date, source id or out dir, or one it cannot write (a full or read-only disk);
    on any failure out_dir is left as it was.
    """
    out_dir = Path(out_dir)
    _check_date(date)
    target = _check_out_dir(out_dir)
    records = to_records(run)
    try:
        names = _write_and_swap(run, records, audit, date, target, str(out_dir),
                                painter or Painter(), lang)
    except OSError as exc:
        where = f" ({Path(exc.filename).name})" if getattr(exc, "filename", None) else ""
        raise ReportError(f"{out_dir}: cannot write the reports: "
                          f"{exc.strerror or exc.__class__.__name__}{where}; "
                          f"{out_dir} was left as it was") from None
    return [out_dir / name for name in names]


def _write_and_swap(run, records, audit, date, target: Path, shown: str, painter: Painter,
                    lang: str | None) -> list[str]:
    """Recover from a killed run, check ownership, render into a staging directory, carry the
    foreign entries over, then swap it in (pipeline/report/outdir.py); returns the names written."""
    target.parent.mkdir(parents=True, exist_ok=True)
    notes = leftovers.recover(target, shown)
    old = outdir.plan(target, shown)
    previous = previous_records(target / "results.json")
    old_facts = previous_snapshot(target / "facts.json")
    staging: Path | None = None
    try:
        # made inside the guard: an interrupt right after it still settles the new folder
        staging = outdir.make_staging(target)
        names = _render_all(run, records, audit, previous, date, staging, painter, old_facts,
                            lang)
        notes += outdir.carry(target, staging, old, names, shown)
        outdir.write_manifest(staging, {name: outdir.file_hash(staging / name) for name in names},
                              complete=True, target=target)
        outdir.finish_mode(staging)
        retired = outdir.swap_in(staging, target)
    except BaseException:
        painter.close()             # the worker must not write into staging after it is removed
        staging = staging or outdir.made_for(target)
        if staging is not None:
            with contextlib.suppress(OSError):
                os.chmod(staging, 0o700)
                leftovers.settle(staging, target, shown, leftovers.staged, False)
        raise
    finally:
        staging = staging or outdir.made_for(target)
        if staging is not None:
            outdir.release(staging)
    notes += leftovers.discard(retired, target, old, shown)
    for note in notes:
        streams.say(f"claimaudit: {render.safe(note)}")
    return names


def _check_date(date: str | None) -> None:
    try:
        if date is None or re.fullmatch(r"\d{4}-\d{2}-\d{2}", date) and _date.fromisoformat(date):
            return
    except (TypeError, ValueError):
        pass
    raise ReportError(f"--date: expected a date as YYYY-MM-DD, found {date!r}")


def _check_out_dir(out_dir: Path) -> Path:
    """Refuse to replace anything that is not a reports directory (or the working directory)."""
    target = out_dir.resolve()
    if Path.cwd().resolve().is_relative_to(target):
        raise ReportError(f"{out_dir}: is or holds the working directory; choose a reports "
                          "directory such as reports/")
    if target.exists() and not target.is_dir():
        raise ReportError(f"{out_dir}: exists and is not a directory")
    return target


def _check_source_ids(ids: list[str]) -> None:
    for source_id in ids:
        if not SOURCE_ID.fullmatch(source_id) or source_id in RESERVED_IDS:
            raise ReportError(f"source id {source_id!r} cannot name a report file: expected "
                              f"{SOURCE_ID.pattern}, not {' or '.join(RESERVED_IDS)}")


@functools.cache
def _environment():
    from jinja2 import Environment, PackageLoader, StrictUndefined

    env = Environment(loader=PackageLoader("claimaudit", "templates"), autoescape=False,
                      keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
                      undefined=StrictUndefined)
    env.filters.update(FILTERS)
    env.globals["en"] = report_words("en")
    return env


def _render(env, template: str, context: dict) -> str:
    return env.get_template(template).render(**context)


def _write(staging: Path, name: str, content: str, names: list[str]) -> None:
    path = staging / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8", newline="\n")
    names.append(name)


def _render_all(run, records, audit, previous, date, staging: Path, painter: Painter,
                old_facts: dict | None = None, lang: str | None = None) -> list[str]:
    """Render every report into `staging`; returns the names written, in writing order."""
    env, names = _environment(), list[str]()
    spec_sources = {m["id"]: m for m in map(source_meta,
                                            run.corpus.spec_sources.to_dict("records"))}
    metas = sorted(map(source_meta, run.corpus.claim_sources.to_dict("records")),
                   key=lambda m: m["id"])
    metas.sort(key=lambda m: m["date"] or "", reverse=True)     # newest first; stable, so by id
    _check_source_ids([m["id"] for m in metas])
    _write(staging, "results.json",
           json.dumps(records, ensure_ascii=False, indent=2, sort_keys=True) + "\n", names)
    sources = []
    claimants = _claimants(run)
    by_source: dict[str, list[dict]] = {}       # one pass: not every record per source
    for record in records:
        by_source.setdefault(record["source"], []).append(record)
    for meta in metas:
        own = by_source.get(meta["id"], [])
        view = source_view(meta, own, spec_sources, lang)
        rows = view["figure_rows"]
        if rows:
            painter.draw(rows, staging / view["figure"], view["w"])
            names.append(view["figure"])
        else:
            view["figure"] = None
        view["claimreview"] = _write_claimreview(staging, meta, view, own, claimants, date,
                                                 names)
        sources.append(view)
        for page, text in source_pages(view, lambda part: _render(env, "source.md.j2",
                                                                  {**part, "date": date})):
            _write(staging, page, text, names)
    words = report_words(lang or "en")       # index, specs and CHANGES: one language
    specs = specs_view(audit, run, spec_sources, words)
    _write(staging, "specs.md", _render(env, "specs.md.j2", {**specs, "date": date, "w": words}),
           names)
    index = index_view(sources, specs, records)
    _write(staging, "index.md", _render(env, "index.md.j2", {**index, "date": date, "w": words,
                                                             "verdicts": VERDICT_ORDER}), names)
    old_records, unreadable = previous
    changes = changes_view(old_records, records, unreadable)
    rows = snapshot(run.corpus)
    changes.update(spec_changes_view(None if old_records is None else old_facts,
                                     rows, changes.get("verdicts", []), words))
    changes = changes_linked(changes, sources)
    _write(staging, "facts.json", json.dumps(rows, ensure_ascii=False,
                                             indent=2, sort_keys=True) + "\n", names)
    _write(staging, "CHANGES.md", _render(env, "changes.md.j2",
                                          {**changes, "date": date, "w": words}), names)
    painter.finish()
    return names


def _claimants(run) -> dict:
    """(source, claim id) -> the claimant's name (section 9.1), for ClaimReview."""
    return claimant_names(run.corpus, claimant_of(run.corpus))


def _write_claimreview(staging, meta, view, own, claimants, date, names) -> str | None:
    """claimreview/<source-id>.jsonld (pipeline/report/claimreview.py) of the source's own
    records; its path, or None."""
    document = source_document(own, meta, claimants, date)
    if document is None:
        return None
    name = f"claimreview/{meta['id']}.jsonld"
    _write(staging, name, json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True)
           + "\n", names)
    return name
