"""One article's audit as one self-contained HTML page (`check --format html`, the workspace's
Publish): verdict table, each claim's working and sources, an inline SVG figure, and the
article's ClaimReview embedded as JSON-LD. No script, stylesheet or image is fetched: the page is
read with scripts off and offline.

Every text from a claim or spec file is escaped by jinja2's autoescape (the template is
`article.html.j2`); the JSON-LD is serialised here with `<`, `>` and `&` as \\u escapes, so no
text can close its script element. The view models are the Markdown reports' (report/views.py).
"""

from __future__ import annotations

import functools
import json

from claimaudit.core.errors import OutputError
from claimaudit.engine.epistemic import claimant_of
from claimaudit.engine.steps import say
from claimaudit.model import fmt
from claimaudit.output.results import to_records
from claimaudit.report.claimreview import claimant_names, source_document, today_utc
from claimaudit.report.html_figure import figure_geometry
from claimaudit.report.page_words import fill, plural
from claimaudit.report.views import source_meta, source_view

JSON_ESCAPES = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026"})


class PageError(OutputError):
    """The HTML page cannot be made as asked (no such article, or several)."""


def _qty(measure, words: dict) -> str:
    if measure and measure.get("missing"):
        return words["missing_values"]
    if not measure:
        return "—"
    number, unit = fmt.number(measure["value"]), measure["unit"]
    return number + "x" if unit == "x" else f"{number} {unit}".rstrip()


def _span(measure, words: dict) -> str:
    low, high, unit = fmt.number(measure["low"]), fmt.number(measure["high"]), measure["unit"]
    shown = low if low == high else f"{low}{words['to']}{high}"
    return shown + "x" if unit == "x" else f"{shown} {unit}".rstrip()


def _verdict(item, words: dict) -> str:
    if isinstance(item, str):
        item = {"verdict": item}
    label = words["verdicts"].get(item["verdict"], item["verdict"]).replace("_", " ")
    severity = item.get("severity")
    if severity:
        label += f" ({words['severities'].get(severity, severity)})"
    basis = words.get(f"basis_{item.get('basis')}")
    if basis and item["verdict"] not in ("unverifiable", "ambiguous"):
        label += words["comma"] + basis
    return label


def _relative(percent, words: dict) -> str:
    if percent is None:
        return words["not_available"]
    return f"{fmt.number(abs(percent), 2)}% {words['higher' if percent > 0 else 'lower']}"


def _json_ld(document: dict | None) -> str | None:
    if document is None:
        return None
    return json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True).translate(JSON_ESCAPES)


PAGE_FILTERS = {"qty": _qty, "span": _span, "verdict": _verdict, "relative": _relative,
                "num": fmt.number, "worded": say, "fill": fill, "plural": plural}


@functools.cache
def _environment():
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

    env = Environment(loader=PackageLoader("claimaudit", "templates"),
                      autoescape=select_autoescape(["html", "html.j2", "j2"]),
                      trim_blocks=True, lstrip_blocks=True, undefined=StrictUndefined)
    env.filters.update(PAGE_FILTERS)
    return env


def page_context(run, source_id: str, publishing: dict | None = None,
                 date: str | None = None, lang: str | None = None) -> dict:
    """Everything the page shows for one claims source of `run`."""
    rows = run.corpus.claim_sources.to_dict("records")
    found = [row for row in rows if row["id"] == source_id]
    if not found:
        raise PageError(f"no claims source {source_id!r} to make a page of")
    meta = source_meta(found[0])
    records = [r for r in to_records(run) if r["source"] == source_id]
    spec_sources = {m["id"]: m for m in map(source_meta,
                                            run.corpus.spec_sources.to_dict("records"))}
    view = source_view(meta, records, spec_sources, lang)
    date = date or today_utc()
    publishing = {"page": f"{source_id}.html", "lang": view["w"]["lang"], **(publishing or {})}
    claimants = claimant_names(run.corpus, claimant_of(run.corpus))
    document = source_document(records, meta, claimants, date, publishing)
    return {**view, "date": date, "figure": figure_geometry(view["figure_rows"]),
            "json_ld": _json_ld(document), "reviewer": publishing.get("reviewer") or {}}


def article_page(run, source_id: str | None = None, publishing: dict | None = None,
                 date: str | None = None, lang: str | None = None) -> str:
    """The HTML page of one claims source (the only one in `run` when `source_id` is None)."""
    if source_id is None:
        ids = sorted(run.corpus.claim_sources["id"].unique())
        if len(ids) != 1:
            raise PageError(f"--format html makes a page of one article; {len(ids)} sources "
                            f"given ({', '.join(ids)}): check one claim file at a time")
        source_id = ids[0]
    context = page_context(run, source_id, publishing, date, lang)
    return _environment().get_template("article.html.j2").render(**context)
