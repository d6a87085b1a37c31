"""schema.org ClaimReview JSON-LD for every checked numeric claim, one file per source.

`report` writes reports/claimreview/<source-id>.jsonld: a `@graph` of ClaimReview objects,
one per claim that is not qualitative. The verdict and its basis (section 9.1) map to a
1-5 rating (worst 1, best 5), and `alternateName` says the rating in words:

| rating | verdict (basis) | alternateName |
|---|---|---|
| 5 | consistent (independent) | Accurate: independent spec sources give the same figure |
| 4 | consistent (mixed), within_rounding (independent or mixed) | Accurate ... |
| 3 | consistent or within_rounding (claimant) | Not independently confirmed: ... |
| 3 | ambiguous / unverifiable | Ambiguous ... / Unverifiable ... |
| 2 | inconsistent (minor) | Slightly inaccurate: ... within 1% |
| 1 | inconsistent (major) | Inaccurate: ... |
| 3 | inconsistent only by figures published after the article | Contradicted only by ... |

Any other verdict resting on such later figures adds "; checked against figures published after
the article (DATE)" to its words (CONTRACT 10.2).

`itemReviewed` is the Claim: its author is the claimant (the claim's `claimant`, else the
source's `party`, else its publisher), its appearance the article (URL, title, date).
"""

from __future__ import annotations

from claimaudit.model import fmt

CONTEXT = "https://schema.org"
WORST, BEST = 1, 5


def rating(verdict: str, severity: str | None, basis: str | None) -> tuple[int, str]:
    """(ratingValue, words) for a verdict and its basis: the scalar rule of the table above."""
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


def _organisation(name: str | None) -> dict | None:
    return {"@type": "Organization", "name": name} if name else None


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


def claim_review(record: dict, source: dict, claimant: str | None, date: str | None) -> dict:
    """One ClaimReview object (without @context) for a claim's JSON record."""
    value, words = rating(record["verdict"], record.get("severity"), record.get("basis"))
    value, words = later_rating(record, value, words)
    appearance = {"@type": "CreativeWork", "url": source.get("url"),
                  "headline": source.get("title"), "datePublished": source.get("date"),
                  "publisher": _organisation(source.get("publisher"))}
    claim = {"@type": "Claim", "author": _organisation(claimant or source.get("publisher")),
             "datePublished": source.get("date"), "appearance": _pruned(appearance),
             "text": record.get("quote")}
    review = {
        "@type": "ClaimReview",
        "url": f"../{record['source']}.md#{record['id']}",
        "name": f"{record['source']}/{record['id']}",
        "claimReviewed": record.get("quote") or record["claimed"]["text"],
        "datePublished": date,
        "author": _organisation("claimaudit"),
        "itemReviewed": _pruned(claim),
        "reviewRating": {"@type": "Rating", "ratingValue": value, "bestRating": BEST,
                         "worstRating": WORST, "alternateName": _words(record, words)},
    }
    return _pruned(review)


def _pruned(mapping: dict) -> dict:
    return {key: value for key, value in mapping.items() if value is not None}


def source_document(records: list[dict], source: dict, claimants: dict,
                    date: str | None) -> dict | None:
    """The JSON-LD document of one source's numeric claims (None when it has none)."""
    reviews = [claim_review(r, source, claimants.get((r["source"], r["id"])), date)
               for r in records if r.get("kind") != "qualitative"]
    return {"@context": CONTEXT, "@graph": reviews} if reviews else None
