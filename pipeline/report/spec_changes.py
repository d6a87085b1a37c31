"""What changed in the specs since the last run, and which verdicts each change moved.

`report` writes a snapshot to reports/facts.json (pipeline/report/snapshot.py); the next run
compares it with its own, per (entity, metric):
- the same fact (value, source, superseded) in both: unchanged;
- same value and source, `superseded` changed: `superseded` (newly: `true` or from a date),
  `no longer superseded`, or `supersession date changed` (true -> a date, a date -> another);
- same source, another value: `revised`;
- same value, another source: `re-sourced`;
- left over: `added` (new) or `removed` (old).
and per entity present in both: a changed `sparsity`, `members` or `status` (`changed`).

A claim whose verdict moved is first checked for edits of its own (claimed text, qualifier,
subject, baseline, metric, expr, interpretations, tolerance): an edited claim is said to be
edited and credited to no spec change. Any other is tied to every changed fact whose
`entity.metric` its old or new derivation names (steps, missing figures, readings), and to every
changed `sparsity` or `members` of an entity its derivation uses (a `status` is listed but
moves no verdict: no derivation reads it), so CHANGES.md can say
"trainium3.hbm_bandwidth 4.7 TB/s superseded -> 3 claims now consistent". A moved verdict that
nothing explains says so.
"""

from __future__ import annotations

import re

from claimaudit.report.page_words import plural, report_words
from claimaudit.report.snapshot import claim_definition

CLAIM_FIELDS = ("claimed", "qualifier", "subject", "baseline", "metric", "expr")


def fact_changes(old: list[dict], new: list[dict]) -> list[dict]:
    """Every changed fact: {change, entity, metric, old, new} (old/new: fact records or None)."""
    changes = []
    keys = sorted({(f["entity"], f["metric"]) for f in old + new})
    for key in keys:
        before = [f for f in old if (f["entity"], f["metric"]) == key]
        after = [f for f in new if (f["entity"], f["metric"]) == key]
        changes += _pair_up(key, before, after)
    return changes


def _pair_up(key, before: list[dict], after: list[dict]) -> list[dict]:
    """Match one (entity, metric)'s old facts with its new ones, closest matches first."""
    before, after = list(before), list(after)
    out = []
    rules = (("same", lambda a, b: a == b),
             ("superseded", lambda a, b: (a["value"], a["source"]) == (b["value"], b["source"])),
             ("revised", lambda a, b: a["source"] == b["source"]),
             ("re-sourced", lambda a, b: a["value"] == b["value"]))
    for change, matches in rules:
        for old in list(before):
            new = next((n for n in after if matches(old, n)), None)
            if new is None:
                continue
            before.remove(old)
            after.remove(new)
            if change == "superseded":
                change = _supersession(old["superseded"], new["superseded"])
            if change != "same":
                out.append({"change": change, "entity": key[0], "metric": key[1],
                            "old": old, "new": new})
    out += [{"change": "added", "entity": key[0], "metric": key[1], "old": None, "new": n}
            for n in after]
    out += [{"change": "removed", "entity": key[0], "metric": key[1], "old": o, "new": None}
            for o in before]
    return out


def _supersession(before: str | None, after: str | None) -> str:
    """How one fact's `superseded` changed ("true", a date or None on either side)."""
    if before is None:
        return "superseded"
    if after is None:
        return "no longer superseded"
    return "supersession date changed"


def entity_changes(old: dict | None, new: dict) -> list[dict]:
    """Changed entity fields, {change: "changed", entity, field, old, new}, for entities in
    both snapshots; none when the old snapshot predates entity fields (None: unknown)."""
    if old is None:
        return []
    known = {entity for entity, _ in old}
    return [{"change": "changed", "entity": entity, "metric": None, "field": field,
             "old": old[(entity, field)], "new": value}
            for (entity, field), value in sorted(new.items())
            if entity in known and (entity, field) in old and old[(entity, field)] != value]


def claim_edits(verdict: dict, old_claims: dict | None, new_claims: dict) -> list[str]:
    """The fields of a claim edited between the runs: results.json's own (a field the old
    record lacks is unknown, not edited) and, when both snapshots have them, its
    interpretations and tolerance."""
    before, after = verdict["old"].get("claim") or {}, claim_fields(verdict["record"])
    edited = [f for f in CLAIM_FIELDS if f in before and before[f] != after[f]]
    if old_claims is not None:
        before, after = (claim_definition(claims, verdict["key"])
                         for claims in (old_claims, new_claims))
        edited += [f for f in ("interpretations", "tolerance") if before[f] != after[f]]
    return edited


def claim_fields(record: dict) -> dict:
    """A results.json record's claim definition as text (the claimed figure as written)."""
    claimed = record.get("claimed")
    text = claimed.get("text") if isinstance(claimed, dict) else None
    fields = {f: record.get(f) for f in CLAIM_FIELDS[1:]}
    return {"claimed": text, **{f: v if isinstance(v, str) else None for f, v in fields.items()}}


def _names(record: dict) -> str:
    """Every text of a record's derivation that can name an entity.metric."""
    parts = list(record.get("steps") or []) + list(record.get("missing") or [])
    parts += [a.get("label") or "" for a in record.get("alternatives") or []
              if isinstance(a, dict)]
    parts += [record.get("expr") or ""]
    if record.get("subject") and record.get("metric"):
        parts += [f"{record['subject']}.{record['metric']}"]
    if record.get("baseline") and record.get("metric"):
        parts += [f"{record['baseline']}.{record['metric']}"]
    return "\n".join(p for p in parts if isinstance(p, str))


def _pattern(change: dict) -> re.Pattern:
    """What a derivation names when it uses the changed fact or entity field."""
    entity = re.escape(change["entity"])
    if change["metric"] is not None:
        metric = re.escape(change["metric"])
    elif change["field"] == "sparsity":
        metric = r"\w+_sparse"
    elif change["field"] == "members":
        metric = r"\w+"                   # any figure of the entity: sums over its members
    else:
        return re.compile(r"(?!)")        # `status` enters no derivation: it moves no verdict
    return re.compile(rf"(?<![\w.]){entity}\.{metric}(?!\w)")


def tie(changes: list[dict], verdicts: list[dict], words: dict | None = None) -> list[dict]:
    """Each change with the moved verdicts (CHANGES.md's `verdicts`) it explains and a one-line
    summary; changes that moved no verdict are listed too, with no claims. Verdicts whose claim
    was edited (`edited`) are credited to no change."""
    texts = [(v, _names(v["old"]) + "\n" + _names(v["record"])) for v in verdicts
             if not v.get("edited")]
    out = []
    for change in changes:
        name = _pattern(change)
        moved = [v for v, text in texts if name.search(text)]
        out.append({**change, "claims": moved, "summary": summary(change, moved, words)})
    return out


def what_changed(change: dict, words: dict | None = None) -> str:
    """`widget.hbm_bandwidth 4.7 TB/s superseded from 2025-06-01`, without the claims (in the
    language of `words`, a page's report words; English by default)."""
    words = words or report_words("en")
    if change["metric"] is None:
        field = words["entity_fields"].get(change["field"], change["field"])
        return f"{change['entity']} {field} {_or_unset(change['old'], words)} → " \
               f"{_or_unset(change['new'], words)}"
    old, new, kind = change["old"], change["new"], change["change"]
    fact = old if kind == "removed" else new
    name = f"{change['entity']}.{change['metric']}"
    said = words["change_kinds"].get(kind, kind)
    if kind == "revised":
        return f"{name} {old['value']} → {new['value']} {said}"
    if kind == "re-sourced":
        return f"{name} {fact['value']} ({old['source']} → {new['source']}) {said}"
    if kind == "superseded" and new["superseded"] != "true":
        return f"{name} {fact['value']} " + \
            words["change_superseded_from"].format(date=new["superseded"])
    if kind == "supersession date changed":
        return f"{name} {fact['value']} {said} " \
               f"({_since(old['superseded'], words)} → {_since(new['superseded'], words)})"
    return f"{name} {fact['value']} {said}"


def _or_unset(value: str | None, words: dict) -> str:
    return words["not_set"] if value is None else value


def _since(superseded: str, words: dict) -> str:
    return words["date_unknown"] if superseded == "true" else superseded


def summary(change: dict, moved: list[dict], words: dict | None = None) -> str:
    """`trainium3.hbm_bandwidth 4.7 TB/s superseded → 3 claims now consistent`."""
    words = words or report_words("en")
    text = what_changed(change, words)
    if not moved:
        return text
    counts: dict = {}
    for v in moved:
        verdict = v["record"]["verdict"]
        verdict = words["counted"].get(verdict, verdict.replace("_", " "))
        counts[verdict] = counts.get(verdict, 0) + 1
    parts = [plural(words["now_verdict"], n, verdict=verdict) for verdict, n in counts.items()]
    return f"{text} → {words['comma'].join(parts)}"


def explain_verdicts(verdicts: list[dict], tied: list[dict] | None,
                     words: dict | None = None) -> None:
    """Give each moved verdict its `why`: the claim was edited, the spec changes tied to it,
    or that no spec change was found for it (or that there was no snapshot to compare)."""
    words = words or report_words("en")
    for v in verdicts:
        causes = [what_changed(c, words) for c in tied or [] if any(x is v for x in c["claims"])]
        causes += _rule_reasons(v, words)
        if v.get("edited"):
            fields = words["comma"].join(words["claim_fields"].get(f, f) for f in v["edited"])
            v["why"] = words["why_edited"].format(fields=fields) + _noted(v["record"], words)
        elif causes:
            v["why"] = words["why_separator"].join(causes)
        elif tied is None:
            v["why"] = words["why_no_snapshot"]
        else:
            v["why"] = words["why_nothing_found"]


def _rule_reasons(v: dict, words: dict) -> list[str]:
    """A verdict moved by a rule rather than the specs: rounding is not an error (CONTRACT
    10.2), the top explanation naming whose rounding; figures published after the article."""
    record, old = v["record"], v["old"]
    reasons = []
    top = (record.get("explanations") or [{}])[0]
    if record["verdict"] == "within_rounding" and old.get("verdict") != "within_rounding" \
            and top.get("cause") == "double_rounding":
        reasons.append(words["why_rounding"].format(reading=top["reading"]))
    dates = ", ".join(dict.fromkeys(item["date"] for item in record.get("later") or []))
    if dates:
        reasons.append(words["later"].format(date=dates))
    return reasons


def _noted(record: dict, words: dict) -> str:
    """The first sentence of an edited claim's note: the claim writer's reason for the edit."""
    note = (record.get("note") or "").strip()
    if not note:
        return ""
    first = note.split(". ")[0].rstrip(".")
    return words["why_separator"] + first + "."


def spec_changes_view(previous: dict | None, rows: list[dict], verdicts: list[dict],
                      words: dict | None = None) -> dict:
    """CHANGES.md's spec section from the last run's snapshot and this run's `rows`
    (pipeline/report/snapshot.py; None when there is no previous snapshot to compare with); marks
    each moved verdict's `edited` fields and `why`, worded in the language of `words`."""
    claims = {row["claim"]: row for row in rows if "claim" in row}
    for v in verdicts:
        v["edited"] = claim_edits(v, previous and previous["claims"], claims)
    if previous is None:
        explain_verdicts(verdicts, None, words)
        return {"spec_changes": None}
    entities = {(r["entity"], r["field"]): r["value"] for r in rows if "field" in r}
    changes = fact_changes(previous["facts"], [r for r in rows if "metric" in r])
    changes += entity_changes(previous["entities"], entities)
    tied = tie(changes, verdicts, words)
    explain_verdicts(verdicts, tied, words)
    return {"spec_changes": tied}
