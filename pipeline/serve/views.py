"""View models of the workspace's pages: the article with its quotes marked, each claim with
its open questions, controls and (once complete) the engine's verdict. Plain values only;
the templates (templates/workspace*.html.j2) format them."""

from __future__ import annotations

import re

from claimaudit.core.words import labels
from claimaudit.report.views import claim_view, source_meta
from claimaudit.serve.settle import alike, todo_fields

GIVEN = re.compile(r"\b(subject|baseline|metric): ([a-z][a-z0-9_]*)")


def marked_segments(text: str, claims: list[dict]) -> list[dict]:
    """The article as [{text, claim}] pieces, each claim's quote marked where it first occurs
    (at or after the previous mark; a quote that overlaps an earlier one stays unmarked)."""
    spans: list[tuple[int, int, str]] = []
    taken_until = 0
    for claim in claims:
        quote = (claim.get("quote") or "").strip()
        at = text.find(quote, taken_until) if quote else -1
        if at < 0 and quote:
            at = text.find(quote)
            if at >= 0 and any(s < at + len(quote) and at < e for s, e, _ in spans):
                at = -1
        if at >= 0:
            spans.append((at, at + len(quote), claim["id"]))
            taken_until = max(taken_until, at + len(quote))
    pieces: list[dict] = []
    position = 0
    for start, end, claim_id in sorted(spans):
        if start < position:
            continue
        pieces += [{"text": text[position:start], "claim": None},
                   {"text": text[start:end], "claim": claim_id}]
        position = end
    pieces.append({"text": text[position:], "claim": None})
    return [p for p in pieces if p["text"]]


def suggested(claim: dict) -> dict:
    """Prefills for the controls: the claim's own fields, else what its todo lines say the
    text gives (`the text gives subject: x, baseline: y`), else its first reading's."""
    found: dict = {}
    for line in claim.get("todo") or []:
        for field, value in GIVEN.findall(line):
            found.setdefault(field, value)
    first = (claim.get("interpretations") or [{}])[0]
    return {field: claim.get(field) or found.get(field) or first.get(field) or ""
            for field in ("subject", "baseline", "metric", "claimed")} | {
        "qualifier": claim.get("qualifier") or "about"}


def alike_cards(claims: list[dict]) -> dict[str, dict[str, list[dict]]]:
    """For each claim, by field, the other claims asked the same question ({id, quote}): the
    card offers to give them the answer given to it."""
    quotes = {c["id"]: c.get("quote") or "" for c in claims}
    return {claim_id: {field: [{"id": i, "quote": quotes[i]} for i in ids]
                       for field, ids in fields.items()}
            for claim_id, fields in alike(claims).items()}


def claim_card(claim: dict, record: dict | None, spec_sources: dict, words: dict,
               error: dict | None = None, same: dict | None = None) -> dict:
    """One claim: its quote, open questions by control, the prefills, and its verdict view
    when it is complete (no todo left) and the engine judged it."""
    complete = not claim.get("todo")
    return {"claim": claim, "id": claim["id"], "todo": todo_fields(claim),
            "open": not complete, "prefill": suggested(claim),
            "readings": [r.get("label") or f"reading {n + 1}"
                         for n, r in enumerate(claim.get("interpretations") or [])],
            "qualitative": claim.get("kind") == "qualitative" and complete,
            "view": claim_view(record, spec_sources, "", words) if record and complete else None,
            "error": error, "alike": same or {}}


def qualifier_choices(lang: str = "en") -> list[dict]:
    words = labels(lang)["qualifier_words"]
    return [{"id": q, "words": words[q] or "(as written: about)"} for q in words]


def spec_sources_of(corpus) -> dict:
    return {m["id"]: m for m in map(source_meta, corpus.spec_sources.to_dict("records"))}
