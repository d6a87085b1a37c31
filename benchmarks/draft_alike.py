"""How far one answer goes in the workspace (README: "One answer for every claim that asks it"):
the drafts of the annotated articles (tests/data/draft/), their claims grouped as the workspace
groups them (serve/settle.py: alike), counted against the structure annotations.

    python benchmarks/draft_alike.py [FIRST_ROUND LAST_ROUND]      (~3 min for every round)

For each field: the claims that ask it, the answers needed with the groups (one a group), and,
in groups with two or more annotated claims, how many of those need another answer than the
group's most common one (what a journalist who ticks the box without reading the list gets
wrong).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).parent))
from draft_eval import DATA, ROOT, drafted_yaml  # noqa: E402

from claimaudit import load_catalogue  # noqa: E402
from claimaudit.draft.score import claimed_values  # noqa: E402
from claimaudit.draft.structure_score import _match  # noqa: E402
from claimaudit.serve.settle import ANSWERABLE, alike, todo_fields  # noqa: E402


def round_of(name: str) -> int:
    digits = name.split("/")[0].removeprefix("heldout")
    return int(digits) if digits.isdigit() else 0


def annotated(claims: list[dict], notes: list[dict]) -> dict[str, dict]:
    """Each drafted claim's annotation, paired as draft_eval pairs them."""
    numeric = [c for c in claims if claimed_values(c)]
    used: set[int] = set()
    found = {}
    for note in notes:
        hit = _match(numeric, used, note, note.get("in", ""))
        if hit is not None:
            used.add(hit)
            found[numeric[hit]["id"]] = note
    return found


def measure(first: int, last: int) -> Counter:
    catalogue = load_catalogue(ROOT / "specs")
    shapes = yaml.safe_load((DATA / "structure.yaml").read_text(encoding="utf-8"))["articles"]
    names = yaml.safe_load((DATA / "annotations.yaml").read_text(encoding="utf-8"))["articles"]
    counts: Counter = Counter()
    for name in names:
        if not first <= round_of(name) <= last:
            continue
        claims = yaml.safe_load(drafted_yaml(DATA / name, catalogue))["claims"]
        note_of = annotated(claims, shapes.get(name) or [])
        same = alike(claims)
        for field in ANSWERABLE:
            asking = [c["id"] for c in claims if todo_fields(c).get(field)]
            groups = {tuple(sorted([i, *same.get(i, {}).get(field, [])])) for i in asking}
            counts[f"{field}: claims asking"] += len(asking)
            counts[f"{field}: answers, one a group"] += len(groups)
            for group in (g for g in groups if len(g) > 1):
                answers = [note_of[i].get(field) for i in group if i in note_of
                           and note_of[i].get(field) not in (None, "?")]
                if len(answers) < 2:
                    continue
                common = Counter(answers).most_common(1)[0][1]
                counts[f"{field}: groups with 2+ annotated"] += 1
                counts[f"{field}: annotated claims in them"] += len(answers)
                counts[f"{field}: of those, another answer than the group's most common"] += \
                    len(answers) - common
    return counts


def main() -> int:
    first, last = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) == 3 else (0, 10**6)
    for key, value in sorted(measure(first, last).items()):
        print(f"{key}: {value:,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
