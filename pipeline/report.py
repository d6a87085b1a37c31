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
from collections import Counter
from datetime import date as _date
from pathlib import Path
from urllib.parse import quote as _percent_encode
from urllib.parse import urlsplit

from pipeline import outdir, outdir_leftovers, render, streams
from pipeline.changes import changes_view, previous_records
from pipeline.errors import OutputError
from pipeline.figures import Painter, figure_rows
from pipeline.filters import FILTERS
from pipeline.pages import COMPACT_ABOVE, changes_linked, source_pages
from pipeline.results import to_records
from pipeline.snapshot import previous_snapshot, snapshot
from pipeline.spec_changes import spec_changes_view

VERDICT_ORDER = ("inconsistent", "ambiguous", "within_rounding", "unverifiable", "consistent")
SOURCE_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,127}")
RESERVED_IDS = ("index", "specs")        # a source with these ids would overwrite index.md/specs.md
QUALIFIER_WORDS = {"about": "", "exact": "exactly"}
MAJORS_SHOWN = 200                      # the index lists this many; the source pages hold the rest
CAUSE_CLAIMS_SHOWN = 20                 # claims listed under each cause on the index


class ReportError(OutputError):
    """The reports cannot be written as asked (out dir, source id or date); nothing was written."""


# -- view models: everything the templates show, already chosen and ordered ----------------------

def _plain(value) -> str | None:
    """Frame values (None, NaN, dates) -> text or None."""
    return None if value is None or value != value else str(value)


def _safe_url(url) -> str | None:
    """Only http(s) links, percent-encoded so `(`, `)`, spaces and `<` cannot break the Markdown."""
    url = _plain(url)
    if not url or not url.startswith(("https://", "http://")):
        return None
    return _percent_encode(url, safe=":/?#@!$&'*+,;=%~")


def _source_meta(row: dict) -> dict:
    url = _safe_url(row.get("url"))
    return {"id": row["id"], "title": _plain(row.get("title")) or row["id"],
            "publisher": _plain(row.get("publisher")), "url": url,
            "host": urlsplit(url).hostname if url else None,
            "date": _plain(row.get("date", row.get("published"))),
            "language": _plain(row.get("language"))}


def _claimed_shown(record: dict, page_words: dict | None = None) -> str | None:
    claimed = record["claimed"]
    if claimed is None:
        return None
    qualifier = record.get("qualifier") or "about"
    words = QUALIFIER_WORDS.get(qualifier, qualifier.replace("_", " "))
    if page_words and page_words["lang"] != "en":
        words = page_words["qualifier_words"].get(qualifier, words)
    return f"{words} {claimed['text']}".strip()


def _checked(record: dict, words: dict) -> str | None:
    """What the claim was checked as, in spec terms."""
    if record["expr"]:
        return record["expr"]
    if record["subject"] and record["baseline"]:
        return f"{record['subject']}.{record['metric']} / {record['baseline']}.{record['metric']}"
    if record["subject"]:
        return f"{record['subject']}.{record['metric']}"
    if record["alternatives"]:
        return words["under_each_reading"].format(metric=record["metric"])
    return None


def _offset_percent(record: dict) -> float | None:
    """How far a claim the specs do not bear out sits from the derived value, in percent."""
    claimed, derived = record["claimed"], record["derived"]
    if (record["verdict"] not in ("inconsistent", "within_rounding") or not derived
            or not claimed or not derived["value"] or claimed["value"] is None):
        return None
    return (claimed["value"] / derived["value"] - 1.0) * 100.0


def _claimed_region(record: dict, reading: str | None) -> dict | None:
    """The claimed region in the unit it was judged in, when it is bounded on both sides (an
    open-ended claim such as "more than 3x" says its region in its own words)."""
    claimed = record["claimed"]
    if not claimed or claimed["low"] is None or claimed["high"] is None:
        return None
    return {"low": claimed["low"], "high": claimed["high"], "unit": reading or claimed["unit"]}


def _derived_gap(record: dict) -> str:
    """What the table says where no derived value can be shown."""
    if record["kind"] == "qualitative":
        return "nothing to compute"
    return "missing facts" if record["missing"] else "—"


def _spec_source(spec_sources: dict, source_id: str) -> dict:
    """A spec source's metadata by id (an undeclared id, which validation rejects, shows bare)."""
    return spec_sources.get(source_id) or _source_meta({"id": source_id})


def claim_view(record: dict, spec_sources: dict, page: str, words: dict | None = None) -> dict:
    """One record plus what its table row and working show (in English unless `words`)."""
    claimed, derived = record["claimed"], record["derived"]
    alternatives = record["alternatives"]
    reading = (derived["unit"] if derived and claimed and derived["unit"] != claimed["unit"]
               else None)
    return {**record, "page": page, "claimed_shown": _claimed_shown(record, words),
            "claimed_region": _claimed_region(record, reading),
            "reading": reading, "checked": _checked(record, words or report_words("en")),
            "derived_shown": [derived] if derived else [a["derived"] or {"missing": True}
                                                        for a in alternatives],
            "derived_exact": bool(derived) and derived["low"] == derived["high"],
            "derived_gap": _derived_gap(record),
            "offset": _offset_percent(record),
            "used": [_spec_source(spec_sources, s) for s in record["sources"]],
            "expect_differs": record.get("expect") not in (None, record["verdict"]),
            "basis_words": (words or report_words("en"))["basis_words"].get(record.get("basis")),
            "worked": True}


def _verdict_key(view: dict) -> tuple:
    return VERDICT_ORDER.index(view["verdict"]), view["line"]


def verdict_counts(records: list[dict]) -> dict:
    counts = Counter(r["verdict"] for r in records)
    return {**{v: counts[v] for v in VERDICT_ORDER}, "total": len(records),
            "major": sum(1 for r in records if r["severity"] == "major")}


def _summary(records: list[dict]) -> list[dict]:
    """Counts per verdict; a verdict's count also says how many rest on the claimant's own
    figures (wholly: `own`, partly: `partly`), so a reader tells them from confirmations."""
    counts = verdict_counts(records)
    bases = Counter((r["verdict"], r.get("basis")) for r in records)
    judged = ("consistent", "within_rounding", "inconsistent")
    return [{"verdict": v, "count": counts[v], "major": counts["major"] if v == "inconsistent"
             else 0, "own": bases[(v, "claimant")] if v in judged else 0,
             "partly": bases[(v, "mixed")] if v in judged else 0,
             "independent": bases[(v, "independent")], "split": v in judged,
             "unsourced": bases[(v, None)]}
            for v in VERDICT_ORDER if counts[v]]


def source_view(meta: dict, records: list[dict], spec_sources: dict, lang: str | None = None
                ) -> dict:
    """One claims source: its claims in verdict order (then file order), counts, figure path,
    and the words of its page's language (`lang`, else the source's own: see page_language)."""
    page = f"{meta['id']}.md"
    words = report_words(lang or page_language(meta["language"]))
    claims = sorted((claim_view(r, spec_sources, page, words) for r in records),
                    key=_verdict_key)
    rows = figure_rows(claims, words)
    return {"source": meta, "page": page, "claims": claims, "summary": _summary(records),
            "counts": verdict_counts(records), "figure": f"figures/{meta['id']}.svg", "w": words,
            "figure_rows": rows, "figure_shown": len(rows),
            "figure_of": rows[0]["of"] if rows else 0, "compact_above": COMPACT_ABOVE}


def page_language(source_language: str | None) -> str:
    """A source written in Chinese gets its page in its script (zh-Hant for zh-TW/HK/MO,
    zh-Hans for other zh tags); any other source, English."""
    tag = (source_language or "").lower()
    if not tag.startswith("zh"):
        return "en"
    return "zh-Hant" if any(part in tag.split("-") for part in ("hant", "tw", "hk", "mo")) \
        else "zh-Hans"


@functools.cache
def report_words(lang: str) -> dict:
    """A page's fixed words (pipeline/data/labels.yaml): headings, verdicts, qualifiers."""
    from pipeline.render import labels

    words = labels(lang)
    return {**words["report"], "lang": lang, "verdicts": words["verdict"],
            "severities": words["severity"], "qualifier_words": words["qualifier_words"],
            "basis_claimant": words["basis"]["claimant"],
            "basis_mixed": words["basis"]["mixed"], "basis_field": words["basis_field"],
            "as_published": words["as_published"], "counted": words["counted"]}


def index_view(sources: list[dict], specs: dict, records: list[dict]) -> dict:
    """The front page: totals, sources, and every major inconsistency (claims, then spec totals)."""
    views = [c for s in sources for c in s["claims"]] + specs["sums"]
    majors = [c for c in views if c["verdict"] == "inconsistent" and c["severity"] == "major"]
    return {"sources": sources, "totals": _summary(records), "counts": verdict_counts(records),
            "majors": majors[:MAJORS_SHOWN], "majors_more": len(majors[MAJORS_SHOWN:]),
            "specs": specs, "by_cause": by_cause(views)}


def by_cause(views: list[dict]) -> list[dict]:
    """Inconsistent claims grouped by their most plausible explanation (none last)."""
    groups: dict = {}
    for view in views:
        if view["verdict"] == "inconsistent":
            items = view.get("explanations") or [{"cause": None}]
            groups.setdefault(items[0]["cause"], []).append(view)
    return [{"cause": cause, "claims": groups[cause][:CAUSE_CLAIMS_SHOWN],
             "more": len(groups[cause][CAUSE_CLAIMS_SHOWN:])}
            for cause in sorted(groups, key=lambda c: (c is None, -len(groups[c]), c or ""))]


def specs_view(audit: dict, run, spec_sources: dict, words: dict | None = None) -> dict:
    """The spec-data audit: conflicting and superseded facts, totals checked against their parts."""
    cited = run.corpus.facts["source"].value_counts().to_dict()
    listed = [{**meta, "facts": int(cited.get(meta["id"], 0))}
              for meta in sorted(spec_sources.values(), key=lambda m: m["id"])]
    conflicts = [{**fact, "entity": c["entity"], "metric": c["metric"],
                  "used": _spec_source(spec_sources, fact["source"])}
                 for c in audit["conflicts"] for fact in c["facts"]]
    superseded = [{**fact, "used": _spec_source(spec_sources, fact["source"])}
                  for fact in audit["superseded"]]
    sums = sorted((claim_view(r, spec_sources, "specs.md", words) for r in audit["sums"]),
                  key=_verdict_key)
    for view in sums:                       # consistent totals: a table row, no working
        view["worked"] = view["verdict"] != "consistent"
    return {"conflicts": conflicts, "conflict_count": len(audit["conflicts"]),
            "superseded": superseded, "sums": sums, "summary": _summary(audit["sums"]),
            "sums_worked": [view for view in sums if view["worked"]],
            "lint": audit.get("lint", []), "lint_accepted": audit.get("lint_accepted", []),
            "sources": listed, "entity_count": len(run.corpus.entities),
            "fact_count": len(run.corpus.facts)}


# -- writing --------------------------------------------------------------------------------------

def write_reports(run, out_dir: Path, date: str | None = None, *, audit: dict | None = None,
                  painter: Painter | None = None, lang: str | None = None) -> list[Path]:
    """Write index.md, one <source-id>.md each, specs.md, CHANGES.md, results.json and
    figures/<source-id>.svg into out_dir, swapped in whole; returns the paths written. Only a
    directory claimaudit wrote (or an empty or new one) is replaced, and entries claimaudit did
    not write are kept (pipeline/outdir.py).

    `audit` is `pipeline.audit.spec_audit(run)` unless given; `painter` draws the figures
    (in this process unless a started one is given). Raises ReportError (nothing written)
    for a bad date, source id or out dir, or one it cannot write (a full or read-only disk);
    on any failure out_dir is left as it was.
    """
    out_dir = Path(out_dir)
    _check_date(date)
    target = _check_out_dir(out_dir)
    records = to_records(run)
    audit = _spec_audit(run, lang) if audit is None else audit
    try:
        names = _write_and_swap(run, records, audit, date, target, str(out_dir),
                                painter or Painter(), lang)
    except OSError as exc:
        raise ReportError(f"{out_dir}: cannot write the reports: "
                          f"{exc.strerror or exc.__class__.__name__}; "
                          f"{out_dir} was left as it was") from None
    return [out_dir / name for name in names]


def _write_and_swap(run, records, audit, date, target: Path, shown: str, painter: Painter,
                    lang: str | None) -> list[str]:
    """Recover from a killed run, check ownership, render into a staging directory, carry the
    foreign entries over, then swap it in (pipeline/outdir.py); returns the names written."""
    target.parent.mkdir(parents=True, exist_ok=True)
    notes = outdir_leftovers.recover(target, shown)
    old = outdir.plan(target, shown)
    previous = previous_records(target / "results.json")
    old_facts = previous_snapshot(target / "facts.json")
    staging = outdir.make_staging(target)
    try:
        names = _render_all(run, records, audit, previous, date, staging, painter, old_facts,
                            lang)
        notes += outdir.carry(target, staging, old, names, shown)
        outdir.write_manifest(staging, {name: outdir.file_hash(staging / name) for name in names},
                              complete=True, target=target)
        outdir.finish_mode(staging)
        retired = outdir.swap_in(staging, target)
    except BaseException:
        painter.close()             # the worker must not write into staging after it is removed
        with contextlib.suppress(OSError):
            os.chmod(staging, 0o700)
            outdir_leftovers.settle(staging, target, shown, outdir_leftovers.staged, False)
        raise
    finally:
        outdir.release(staging)
    notes += outdir_leftovers.discard(retired, target, old, shown)
    for note in notes:
        streams.say(f"claimaudit: {render.safe(note)}")
    return names


def _spec_audit(run, lang: str | None = None) -> dict:
    from pipeline.audit import spec_audit

    return spec_audit(run, report_words(lang) if lang else None)


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

    env = Environment(loader=PackageLoader("pipeline", "templates"), autoescape=False,
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
    spec_sources = {m["id"]: m for m in map(_source_meta,
                                            run.corpus.spec_sources.to_dict("records"))}
    metas = sorted(map(_source_meta, run.corpus.claim_sources.to_dict("records")),
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
    """(source, claim id) -> the claimant's party slug (section 9.1), for ClaimReview."""
    from pipeline.epistemic import claimant_of

    claims = run.corpus.claims
    return dict(zip(zip(claims["source"], claims["id"]), claimant_of(run.corpus)))


def _write_claimreview(staging, meta, view, own, claimants, date, names) -> str | None:
    """claimreview/<source-id>.jsonld (pipeline/claimreview.py) of the source's own records;
    its path, or None."""
    from pipeline.claimreview import source_document

    document = source_document(own, meta, claimants, date)
    if document is None:
        return None
    name = f"claimreview/{meta['id']}.jsonld"
    _write(staging, name, json.dumps(document, ensure_ascii=False, indent=2, sort_keys=True)
           + "\n", names)
    return name
