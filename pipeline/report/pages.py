"""Source pages that stay readable at 10,000 claims: a compact table, then numbered parts.

GitHub stops rendering a Markdown file at about 512 KB, which a source page with every claim's
working reaches at ~650 claims. So (limits decided here, documented in README.md, "Reports at scale"):
- a source of up to COMPACT_ABOVE claims shows every claim with its working, as before;
- a larger source shows the claims the specs do not bear out (every verdict but consistent)
  with their working, and its consistent claims as rows of a compact table without working;
- a page holds at most PART_BUDGET worked claims (a compact row weighs 1/COMPACT_WEIGHT of
  one); beyond that the source continues in numbered parts, `<id>.part-2.md` ... (ids have no
  `.`, so no part can be taken for another source's page), each linking to all the others;
- CHANGES.md lists at most CHANGES_SHOWN rows per table, and FACT_CLAIMS_SHOWN claims per changed
  spec fact (the rest are counted; results.json and the source pages hold every claim), each
  linking to the part that holds the claim;
- every rendered page is measured: a page over PAGE_LIMIT bytes (a claim with a very long quote)
  makes the source be split again with half the budget, down to one worked claim a part.
"""

from __future__ import annotations

from collections.abc import Callable

PAGE_LIMIT = 500_000
COMPACT_ABOVE = 100
PART_BUDGET = 300
COMPACT_WEIGHT = 8
CHANGES_SHOWN = 300
FACT_CLAIMS_SHOWN = 20


def part_page(source_id: str, number: int) -> str:
    return f"{source_id}.md" if number == 1 else f"{source_id}.part-{number}.md"


def split(claims: list[dict], budget: int) -> list[list[dict]]:
    """Claims (in page order) -> parts whose weight stays within `budget` worked claims."""
    parts: list[list[dict]] = [[]]
    weight = 0
    for claim in claims:
        cost = COMPACT_WEIGHT if claim["worked"] else 1       # in 1/COMPACT_WEIGHT of a claim
        if parts[-1] and weight + cost > budget * COMPACT_WEIGHT:
            parts.append([])
            weight = 0
        parts[-1].append(claim)
        weight += cost
    return parts


def source_pages(view: dict, render: Callable[[dict], str]) -> list[tuple[str, str]]:
    """A source view -> [(page name, Markdown)], every page under PAGE_LIMIT bytes when it can be.

    Sets each claim view's `page` to the part that holds it, so links from the index land there.
    """
    if len(view["claims"]) > COMPACT_ABOVE:
        for claim in view["claims"]:
            claim["worked"] = claim["verdict"] != "consistent"
    budget = PART_BUDGET
    while True:
        pages = _render_parts(view, split(view["claims"], budget), render)
        if budget == 1 or all(len(text.encode("utf-8")) <= PAGE_LIMIT for _, text in pages):
            return pages
        budget //= 2


def _render_parts(view: dict, parts: list[list[dict]], render) -> list[tuple[str, str]]:
    links = [{"number": n, "page": part_page(view["source"]["id"], n), "first": part[0]["id"],
              "last": part[-1]["id"], "size": len(part)} for n, part in enumerate(parts, 1)]
    pages = []
    for link, part in zip(links, parts):
        for claim in part:
            claim["page"] = link["page"]
        context = {**view, "page": link["page"], "part": link["number"],
                   "parts": links if len(parts) > 1 else [],
                   "claims": part, "worked": [c for c in part if c["worked"]],
                   "compact": [c for c in part if not c["worked"]]}
        pages.append((link["page"], render(context)))
    return pages


def changes_linked(changes: dict, sources: list[dict]) -> dict:
    """CHANGES.md's lists cut to CHANGES_SHOWN rows (`<list>_more` counts the rest), and the
    claims tied to each changed spec fact to FACT_CLAIMS_SHOWN (`claims_more`); every row gets
    the `page` that holds its claim and whether that page shows its working (an anchor)."""
    where = {(c["source"], c["id"]): c for view in sources for c in view["claims"]}
    out = dict(changes)
    for name in ("verdicts", "moved", "added", "removed"):
        items = changes.get(name) or []
        for item in items:
            claim = where.get((item["record"]["source"], item["record"]["id"]))
            item["page"] = claim["page"] if claim else None
            item["worked"] = bool(claim and claim["worked"])
        out[name] = items[:CHANGES_SHOWN]
        out[f"{name}_more"] = len(items[CHANGES_SHOWN:])
    for fact in changes.get("spec_changes") or []:
        tied = fact.get("claims") or []
        fact["claims"], fact["claims_more"] = tied[:FACT_CLAIMS_SHOWN], len(tied[FACT_CLAIMS_SHOWN:])
    return out
