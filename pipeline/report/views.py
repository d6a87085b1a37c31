"""View models for the report templates: everything a page shows, already chosen, ordered
and worded (report/write.py renders them)."""

from __future__ import annotations

from collections import Counter
from urllib.parse import quote as _percent_encode
from urllib.parse import urlsplit

from claimaudit.report.figures import figure_rows
from claimaudit.report.page_words import report_words
from claimaudit.report.pages import COMPACT_ABOVE

VERDICT_ORDER = ("inconsistent", "ambiguous", "within_rounding", "unverifiable", "consistent")
QUALIFIER_WORDS = {"about": "", "exact": "exactly"}
MAJORS_SHOWN = 200                      # the index lists this many; the source pages hold the rest
CAUSE_CLAIMS_SHOWN = 20                 # claims listed under each cause on the index


def _plain(value) -> str | None:
    """Frame values (None, NaN, dates) -> text or None."""
    return None if value is None or value != value else str(value)


def _safe_url(url) -> str | None:
    """Only http(s) links, percent-encoded so `(`, `)`, spaces and `<` cannot break the Markdown."""
    url = _plain(url)
    if not url or not url.startswith(("https://", "http://")):
        return None
    return _percent_encode(url, safe=":/?#@!$&'*+,;=%~")


def source_meta(row: dict) -> dict:
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
    return spec_sources.get(source_id) or source_meta({"id": source_id})


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
            "major": sum(1 for r in records if r["severity"] == "major"),
            "later": sum(1 for r in records if r.get("later"))}


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
            "coverage": audit.get("coverage"),
            "sources": listed, "entity_count": len(run.corpus.entities),
            "fact_count": len(run.corpus.facts)}
