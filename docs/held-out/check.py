"""Check a held-out reader's folder before it is merged (docs/held-out/README.md).

    python3 docs/held-out/check.py --briefs BRIEFS_DIR READER_DIR

The YAML files load; every `number` is in its text, in order; every claim has a numeric value;
structure rows match claims (same number and value, in order) and name ids of `ids.md` and
metrics of `metrics.md`; URLs are not in `urls.txt`; file names are `<lang>-<site>-<slug>.txt`.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import yaml

ID_ROW = re.compile(r"^\| ([a-z][a-z0-9_]*) \|", re.MULTILINE)
NAME = re.compile(r"(?:en|zh-hans|zh-hant)-[a-z0-9-]+\.txt")


def listed(path: Path) -> set[str]:
    return set(ID_ROW.findall(path.read_text(encoding="utf-8")))


def check_numbers(key: str, text: str, claims: list[dict]) -> list[str]:
    problems, position = [], 0
    for i, claim in enumerate(claims):
        number = str(claim.get("number"))
        if not isinstance(claim.get("value"), (int, float)):
            problems.append(f"{key} claim {i}: value is not a number")
        found = text.find(number, position)
        if found < 0:
            where = "out of order" if number in text else "not in the text"
            problems.append(f"{key} claim {i} {number!r}: {where}")
        else:
            position = found
    return problems


def check_rows(key: str, text: str, claims: list[dict], rows: list[dict], ids: set,
               metrics: set) -> list[str]:
    problems = []
    pairs = [(str(c["number"]), float(c["value"])) for c in claims]
    k = 0
    for row in rows:
        label = f"{key} {row.get('number')!r}"
        for field in ("subject", "baseline"):
            value = row.get(field)
            if value not in (None, "?") and value not in ids:
                problems.append(f"{label}: {field} {value!r} is not in ids.md")
        if "subject" not in row or "metric" not in row:
            problems.append(f"{label}: subject and metric are needed")
        elif row["metric"] != "?" and row["metric"] not in metrics:
            problems.append(f"{label}: metric {row['metric']!r} is not in metrics.md")
        value = float(row.get("value", 0))
        while k < len(pairs) and (pairs[k][0] != str(row.get("number"))
                                  or abs(pairs[k][1] - value) > 1e-9 * abs(pairs[k][1] or 1)):
            k += 1
        if k == len(pairs):
            problems.append(f"{label}: matches no claim (same number and value, in order)")
        else:
            k += 1
        if "in" in row and row["in"] not in text:
            problems.append(f"{label}: in {row['in']!r} is not in the text")
    return problems


def check(folder: Path, briefs: Path) -> list[str]:
    ids, metrics = listed(briefs / "ids.md"), listed(briefs / "metrics.md")
    used = set((briefs / "urls.txt").read_text(encoding="utf-8").split())
    texts = {p.name: p.read_text(encoding="utf-8") for p in folder.glob("*.txt")}
    if not texts and not any(folder.glob("*.yaml")):
        return []       # a reader who kept no page leaves its folder empty
    problems = [f"{name}: expected <lang>-<site>-<slug>.txt" for name in texts if not NAME.fullmatch(name)]
    notes = yaml.safe_load((folder / "annotations.yaml").read_text(encoding="utf-8"))["articles"]
    shapes = yaml.safe_load((folder / "structure.yaml").read_text(encoding="utf-8"))["articles"] or {}
    for key, entry in notes.items():
        name = key.partition("/")[2]
        if name not in texts:
            problems.append(f"{key}: no text file {name}")
            continue
        claims = entry.get("claims") or []
        if entry.get("url") in used:
            problems.append(f"{key}: its URL is already used")
        if len(claims) < 5:
            problems.append(f"{key}: {len(claims)} claims, at least 5 expected")
        problems += check_numbers(key, texts[name], claims)
        if key not in shapes:
            problems.append(f"{key}: missing from structure.yaml (write [] when it has none)")
        else:
            problems += check_rows(key, texts[name], claims, shapes[key] or [], ids, metrics)
    problems += [f"{key}: in structure.yaml but not in annotations.yaml"
                 for key in shapes if key not in notes]
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--briefs", type=Path, required=True)
    parser.add_argument("folder", type=Path)
    args = parser.parse_args()
    problems = check(args.folder, args.briefs)
    print("\n".join(problems) or "OK")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
