"""schema.org ClaimReview JSON-LD for every checked numeric claim, fit to publish.

`report` writes reports/claimreview/<source-id>.jsonld (a `@graph` of ClaimReview objects, one
per claim that is not qualitative); `check --format html` and the workspace's Publish embed the
same graph in the article's page. The verdict and its basis (section 9.1) map to a 1-5 rating
(worst 1, best 5); `alternateName` is the rating as a short phrase (Google's guidance: a word or
phrase) and `reviewBody` says it in a sentence:

| rating | verdict (basis) | alternateName |
|---|---|---|
| 5 | consistent (independent) | Accurate |
| 4 | consistent (mixed), within_rounding (independent or mixed) | Accurate / Accurate within rounding |
| 3 | consistent or within_rounding (claimant) | Not independently confirmed |
| 3 | ambiguous / unverifiable | Ambiguous / Unverifiable |
| 2 | inconsistent (minor) | Slightly inaccurate |
| 1 | inconsistent (major) | Inaccurate |
| 3 | inconsistent only on figures published after the article | Contradicted by later figures |

Any other verdict resting on such later figures says in its review body that it was checked
against figures published after the article (DATE) (CONTRACT 10.2).

Fit to publish (CONTRACT 10.3): the author is the reviewer of `[tool.claimaudit] reviewer`
(`{name, url}`; "claimaudit" when unset), `url` is absolute when `base_url` is set (the page's
address plus the claim's anchor), the claimant is named as people write it (`claimant_name`),
`claimReviewed` stays within Google's recommended 75 characters (cut at a word, with an
ellipsis), the review date defaults to today (UTC) and `inLanguage` declares the languages.
`itemReviewed` is the Claim: its author is the claimant (the claim's `claimant`, else the
source's `party`, else its publisher), its appearance the article (URL, title, date).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from claimaudit.model import fmt

CONTEXT = "https://schema.org"
WORST, BEST = 1, 5
SUMMARY_LIMIT = 75          # Google: "less than 75 characters to minimize wrapping on mobile"


def rating(verdict: str, severity: str | None, basis: str | None) -> tuple[int, str]:
    """(ratingValue, sentence) for a verdict and its basis: the scalar rule of the table above."""
    own = basis == "claimant"
    if verdict == "inconsistent":
        if severity == "minor":
            return 2, "Slightly inaccurate: the spec sources give a figure within 1% of the claim"
        return 1, "Inaccurate: the spec sources give a different figure"
    if verdict in ("consistent", "within_rounding") and own:
        return 3, ("Not independently confirmed: the claim agrees with the claimant's own "
                   "figures only")
    if verdict == "consistent" and basis != "mixed":
        return 5, "Accurate: independent spec sources give the same figure"
    if verdict == "consistent":
        return 4, "Accurate: the spec sources, partly the claimant's own, give the same figure"
    if verdict == "within_rounding":
        return 4, "Accurate within rounding: the spec sources' own rounding reaches the claim"
    if verdict == "ambiguous":
        return 3, "Ambiguous: the claim's readings, or the spec sources, lead to different verdicts"
    return 3, "Unverifiable: the spec sources do not give what the claim needs"


def today_utc() -> str:
    return datetime.now(UTC).date().isoformat()


def summary(text: str, limit: int = SUMMARY_LIMIT) -> str:
    """One line of at most `limit` characters, cut at a word boundary with an ellipsis."""
    line = " ".join(str(text).split())
    if len(line) <= limit:
        return line
    cut = line[:limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:.") + "…"


def claimant_name(slug: str | None, names: dict) -> str | None:
    """A party slug as people write it: the name `names` gives it (a publisher or vendor whose
    slug it is), else the slug with its hyphens as spaces, capitalised ("the-register" -> "The
    Register")."""
    if not slug:
        return None
    return names.get(slug) or " ".join(word.capitalize() for word in re.split(r"[-_]", slug))


def party_slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def party_names(claim_sources: list[dict], vendors: list[str]) -> dict:
    """slug -> name: each claim source's party named by its publisher, each vendor by itself."""
    names = {party_slug(v): v for v in sorted(set(vendors)) if v}
    for source in claim_sources:
        if source.get("party") and source.get("publisher"):
            names[source["party"]] = source["publisher"]
    return names


def claimant_names(corpus, claimants) -> dict:
    """(source, claim id) -> the claimant's name, for each claim of `corpus` (`claimants`: the
    claimants' party slugs in claim order, engine.epistemic.claimant_of)."""
    vendors = corpus.entities["vendor"].dropna().astype(str).tolist() \
        if "vendor" in corpus.entities else []
    names = party_names(corpus.claim_sources.to_dict("records"), vendors)
    claims = corpus.claims
    return {key: claimant_name(slug, names)
            for key, slug in zip(zip(claims["source"], claims["id"]), claimants)}


def _organisation(name: str | None, url: str | None = None) -> dict | None:
    return _pruned({"@type": "Organization", "name": name, "url": url}) if name else None


def _words(record: dict, base: str) -> str:
    derived = record.get("derived")
    if derived and record["verdict"] != "consistent":
        unit = derived["unit"]
        value = fmt.number(derived["value"]) + (unit if unit == "x" else f" {unit}".rstrip())
        return f"{base} ({value})"
    return base


LATER = "checked against figures published after the article ({date})"
LATER_INCONSISTENT = ("Contradicted only by figures published after the article ({date}): the "
                      "writer could not have known them")


def later_rating(record: dict, value: int, words: str) -> tuple[int, str]:
    """A verdict resting on figures published after the article (CONTRACT 10.2) is never rated
    as if the writer could have known them: an inconsistency found only by them is not rated
    inaccurate (the figures in force on the publication date did not contradict it), and every
    such review says so."""
    dates = ", ".join(dict.fromkeys(item["date"] for item in record.get("later") or []))
    if not dates:
        return value, words
    then = record.get("as_published")
    if record["verdict"] == "inconsistent" and then and then["verdict"] != "inconsistent":
        return 3, LATER_INCONSISTENT.format(date=dates)
    return value, f"{words}; {LATER.format(date=dates)}"


def review_url(record: dict, base_url: str | None, page: str | None) -> str:
    """The review's address: `base_url` + page + anchor when the reviewer publishes at a base
    URL, else the report's relative link (the nightly reports' own pages)."""
    if base_url:
        return f"{base_url.rstrip('/')}/{page or record['source'] + '.html'}#{record['id']}"
    return f"../{record['source']}.md#{record['id']}"


def claim_review(record: dict, source: dict, claimant: str | None, date: str | None,
                 publishing: dict | None = None) -> dict:
    """One ClaimReview object (without @context) for a claim's JSON record. `publishing` holds
    `reviewer` ({name, url}), `base_url`, `page` and `lang` (the review's language)."""
    publishing = publishing or {}
    reviewer = publishing.get("reviewer") or {}
    rated, sentence = rating(record["verdict"], record.get("severity"), record.get("basis"))
    value, sentence = later_rating(record, rated, sentence)
    short = later_rating(record, rated, sentence.split(":")[0])[1].split(": ")[0]
    appearance = {"@type": "CreativeWork", "url": source.get("url"),
                  "headline": source.get("title"), "datePublished": source.get("date"),
                  "inLanguage": source.get("language"),
                  "publisher": _organisation(source.get("publisher"))}
    claim = {"@type": "Claim", "author": _organisation(claimant or source.get("publisher")),
             "datePublished": source.get("date"), "appearance": _pruned(appearance),
             "inLanguage": source.get("language"), "text": record.get("quote")}
    review = {
        "@type": "ClaimReview",
        "url": review_url(record, publishing.get("base_url"), publishing.get("page")),
        "name": f"{record['source']}/{record['id']}",
        "claimReviewed": summary(record.get("quote") or record["claimed"]["text"]),
        "datePublished": date,
        "inLanguage": publishing.get("lang", "en"),
        "author": _organisation(reviewer.get("name") or "claimaudit", reviewer.get("url")),
        "itemReviewed": _pruned(claim),
        "reviewBody": _words(record, sentence),
        "reviewRating": {"@type": "Rating", "ratingValue": value, "bestRating": BEST,
                         "worstRating": WORST, "alternateName": short},
    }
    return _pruned(review)


def _pruned(mapping: dict) -> dict:
    return {key: value for key, value in mapping.items() if value is not None}


def source_document(records: list[dict], source: dict, claimants: dict, date: str | None,
                    publishing: dict | None = None) -> dict | None:
    """The JSON-LD document of one source's numeric claims (None when it has none);
    `claimants` maps (source, claim id) to the claimant's name."""
    reviews = [claim_review(r, source, claimants.get((r["source"], r["id"])), date, publishing)
               for r in records if r.get("kind") != "qualitative"]
    return {"@context": CONTEXT, "@graph": reviews} if reviews else None
