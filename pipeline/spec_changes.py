"""What changed in the spec facts since the last run, and which verdicts each change moved.

`report` writes every fact to reports/facts.json (`fact_snapshot`); the next run compares
that snapshot with its own facts (`fact_changes`), per (entity, metric):
- the same fact (value, source, superseded) in both: unchanged;
- same value and source, `superseded` changed: `superseded` (or `reinstated`);
- same source, another value: `revised`;
- same value, another source: `re-sourced`;
- left over: `added` (new) or `removed` (old).
A claim whose verdict moved is tied to every changed fact whose `entity.metric` its old or
new derivation names (steps, missing figures, readings), so CHANGES.md can say
"trainium3.hbm_bandwidth 4.7 TB/s superseded -> 3 claims now consistent".
"""

from __future__ import annotations

import json
import re
from pathlib import Path

FIELDS = ("entity", "metric", "value", "source", "superseded")


def fact_snapshot(facts) -> list[dict]:
    """The facts as plain records (what facts.json holds), in a stable order."""
    rows = [{"entity": row.entity, "metric": row.metric, "value": row.value,
             "source": row.source, "superseded": _superseded_text(row)}
            for row in facts.itertuples()]
    return sorted(rows, key=lambda r: tuple(str(r[f]) for f in FIELDS))


def _superseded_text(row) -> str | None:
    since = getattr(row, "superseded_from", None)
    if not isinstance(since, str):
        return None
    return "true" if since == "0001-01-01" else since


def previous_facts(path: Path) -> list[dict] | None:
    """The last run's fact snapshot, or None when there is none or it cannot be read."""
    if not path.is_file():
        return None
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, OSError, RecursionError):     # deep nesting in a tampered file
        return None
    if not isinstance(rows, list):
        return None
    return [{f: _plain(row.get(f)) for f in FIELDS} for row in rows
            if isinstance(row, dict) and all(isinstance(row.get(f), str) for f in FIELDS[:4])]


def _plain(value) -> str | None:
    return value if isinstance(value, str) else None


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
            if change == "superseded" and not new["superseded"]:
                change_name = "reinstated"
            else:
                change_name = change
            if change != "same":
                out.append({"change": change_name, "entity": key[0], "metric": key[1],
                            "old": old, "new": new})
    out += [{"change": "added", "entity": key[0], "metric": key[1], "old": None, "new": n}
            for n in after]
    out += [{"change": "removed", "entity": key[0], "metric": key[1], "old": o, "new": None}
            for o in before]
    return out


def _names(record: dict) -> str:
    """Every text of a record's derivation that can name an entity.metric."""
    parts = list(record.get("steps") or []) + list(record.get("missing") or [])
    parts += [a.get("label") or "" for a in record.get("alternatives") or []]
    parts += [record.get("expr") or ""]
    if record.get("subject") and record.get("metric"):
        parts += [f"{record['subject']}.{record['metric']}"]
    if record.get("baseline") and record.get("metric"):
        parts += [f"{record['baseline']}.{record['metric']}"]
    return "\n".join(p for p in parts if isinstance(p, str))


def tie(changes: list[dict], verdicts: list[dict]) -> list[dict]:
    """Each fact change with the moved verdicts (CHANGES.md's `verdicts`) it explains and a
    one-line summary; changes that moved no verdict are listed too, with no claims."""
    texts = [(v, _names(v["old"]) + "\n" + _names(v["record"])) for v in verdicts]
    out = []
    for change in changes:
        name = re.compile(rf"(?<![\w.]){re.escape(change['entity'])}\.{re.escape(change['metric'])}"
                          r"(?!\w)")
        moved = [v for v, text in texts if name.search(text)]
        out.append({**change, "claims": moved, "summary": summary(change, moved)})
    return out


def summary(change: dict, moved: list[dict]) -> str:
    """`trainium3.hbm_bandwidth 4.7 TB/s superseded → 3 claims now consistent`."""
    fact = change["old"] if change["change"] in ("superseded", "removed") else change["new"]
    what = f"{change['entity']}.{change['metric']} {fact['value']}"
    if change["change"] == "revised":
        what = f"{change['entity']}.{change['metric']} {change['old']['value']} → " \
               f"{change['new']['value']}"
    if change["change"] == "re-sourced":
        what += f" ({change['old']['source']} → {change['new']['source']})"
    text = f"{what} {change['change']}"
    if not moved:
        return text
    counts: dict = {}
    for v in moved:
        verdict = v["record"]["verdict"].replace("_", " ")
        counts[verdict] = counts.get(verdict, 0) + 1
    parts = [f"{n} claim{'s' if n != 1 else ''} now {verdict}" for verdict, n in counts.items()]
    return f"{text} → {', '.join(parts)}"


def spec_changes_view(previous: list[dict] | None, facts, verdicts: list[dict]) -> dict:
    """CHANGES.md's spec section: None when there is no previous snapshot to compare with."""
    if previous is None:
        return {"spec_changes": None}
    return {"spec_changes": tie(fact_changes(previous, fact_snapshot(facts)), verdicts)}
