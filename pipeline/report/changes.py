"""CHANGES.md's content: this run's records against the previous results.json.

Claims added and removed (keyed source/id), verdict changes, and derived values
that moved by more than MOVED (0.1%) or changed unit or reading.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

MOVED = 0.001

def _key(record: dict) -> str:
    return f"{record['source']}/{record['id']}"


def _moved(old: dict | None, new: dict | None) -> tuple[bool, float | None]:
    """Did a derived value move by more than MOVED? (a change of unit or reading always counts)"""
    if not old or not new or old["value"] is None or new["value"] is None:
        return False, None
    if old["unit"] != new["unit"]:
        return True, None
    if old["value"] == 0:
        return new["value"] != 0, None
    relative_change = new["value"] / old["value"] - 1.0
    return abs(relative_change) > MOVED, relative_change * 100.0


def changes_view(previous: list[dict] | None, records: list[dict], unreadable: bool = False
                 ) -> dict:
    if previous is None:
        return {"first_run": True, "unreadable": unreadable}
    old = {_key(r): r for r in previous}
    new = {_key(r): r for r in records}
    verdicts, moved = [], []
    for key, record in new.items():
        before = old.get(key)
        if before is None:
            continue
        if (before["verdict"], before.get("severity")) != (record["verdict"], record["severity"]):
            verdicts.append({"key": key, "record": record, "old": before})
        did_move, percent = _moved(before.get("derived"), record["derived"])
        if did_move:
            moved.append({"key": key, "record": record, "old": before["derived"],
                          "new": record["derived"], "percent": percent})
    return {"first_run": False, "unreadable": False,
            "added": [{"key": k, "record": r} for k, r in new.items() if k not in old],
            "removed": [{"key": k, "record": r} for k, r in old.items() if k not in new],
            "verdicts": verdicts, "moved": moved}


def previous_records(path: Path) -> tuple[list[dict] | None, bool]:
    """The last run's records (None on a first run) and whether an existing file was unreadable.

    The file may have been edited by anyone, so every record is rebuilt from plain values
    (`_trusted`): what the templates see from it is text, numbers or None, never a structure."""
    if not path.is_file():
        return None, False
    try:
        records = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):         # not JSON, or nested past Python's limit
        return None, True
    if not isinstance(records, list):
        return None, True
    return [r for r in map(_trusted, records) if r is not None], False


def _text(value) -> str | None:
    """A scalar as text; a list or mapping where text belongs is shown as its kind only."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, (bool, int, float)):
        return str(value)
    return f"({type(value).__name__})"


def _trusted(record) -> dict | None:
    """One previous record, keeping only the fields CHANGES.md shows, as plain values."""
    if not isinstance(record, dict) or not all(isinstance(record.get(k), str)
                                               for k in ("source", "id")):
        return None
    if "verdict" not in record:
        return None
    given = record.get("derived")
    number = given.get("value") if isinstance(given, dict) else None
    derived = None
    if isinstance(given, dict) and isinstance(number, (int, float)) and not isinstance(
            number, bool) and math.isfinite(number):
        derived = {"value": float(number), "unit": _text(given.get("unit")) or ""}
    return {"source": record["source"], "id": record["id"],
            "verdict": _text(record["verdict"]) or "", "severity": _text(record.get("severity")),
            "quote": _text(record.get("quote")), "derived": derived,
            "claim": _claim_fields(record), **_derivation_texts(record)}


CLAIM_FIELDS = ("qualifier", "subject", "baseline", "metric", "expr")


def _claim_fields(record: dict) -> dict:
    """The claim's definition as the old record gives it (pipeline/report/spec_changes.py compares
    it with this run's); a field the record lacks is left out: unknown, not edited."""
    fields = {f: _text(record[f]) for f in CLAIM_FIELDS if f in record}
    if "claimed" in record:
        claimed = record["claimed"]
        fields["claimed"] = _text(claimed.get("text")) if isinstance(claimed, dict) else None
    return fields


def _texts(value) -> list[str]:
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []


def _derivation_texts(record: dict) -> dict:
    """The old derivation's steps, missing figures and reading labels, as text only (what
    ties a moved verdict to the spec facts it used)."""
    labels = [a.get("label") for a in record.get("alternatives") or [] if isinstance(a, dict)] \
        if isinstance(record.get("alternatives"), list) else []
    return {"steps": _texts(record.get("steps")), "missing": _texts(record.get("missing")),
            "alternatives": [{"label": label} for label in labels if isinstance(label, str)],
            "expr": _text(record.get("expr")), "subject": _text(record.get("subject")),
            "baseline": _text(record.get("baseline")), "metric": _text(record.get("metric"))}
