"""Merge a held-out round's reader folders into the draft test set (docs/held-out/README.md, step 3).

    python3 docs/held-out/merge.py ROUNDS ROUND [--drop FILE ...] [--write]

Without `--write` it is a dry run: for each page, its claims and structure rows, and the share of
its 16-character shingles found in each text of `tests/data/draft/` and in the round's other
pages (the largest shown; an original page shares a few percent). With `--write` the pages not
dropped are copied to `tests/data/draft/heldoutROUND/` and their entries appended to
`annotations.yaml` and `structure.yaml` under `# Held-out round ROUND, reader X`, and the dropped
pages' URLs to `dropped-urls.txt`.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent.parent
DATA = REPO / "tests/data/draft"
SPACE = re.compile(r"\s+")
WIDTH = 16


def shingles(text: str) -> set[str]:
    flat = SPACE.sub(" ", text)
    return {flat[i:i + WIDTH] for i in range(max(len(flat) - WIDTH + 1, 0))}


def overlaps(page: set[str], others: dict[str, str]) -> list[tuple[float, str]]:
    found = []
    for name, text in others.items():
        flat = SPACE.sub(" ", text)
        shared = page & {flat[i:i + WIDTH] for i in range(max(len(flat) - WIDTH + 1, 0))}
        if shared:
            found.append((len(shared) / max(len(page), 1), name))
    return sorted(found, reverse=True)[:3]


def number(value: object) -> str:
    return repr(float(value)) if isinstance(value, float) else str(value)


def row(entry: dict) -> str:
    parts = []
    for key, value in entry.items():
        if key in ("number", "in"):
            parts.append(f"{key}: {json.dumps(str(value), ensure_ascii=False)}")
        elif key == "value":
            parts.append(f"value: {number(value)}")
        elif key == "also":
            parts.append("also: [" + ", ".join(number(v) for v in value) + "]")
        else:
            parts.append(f"{key}: {json.dumps(value, ensure_ascii=False) if value == '?' else value}")
    return "{" + ", ".join(parts) + "}"


def readers(rounds: Path, round_: str) -> list[tuple[str, Path, dict, dict]]:
    found = []
    for folder in sorted((rounds / f"round{round_}").glob(f"r{round_}*")):
        if not (folder / "annotations.yaml").exists():
            print(f"{folder.name}: no annotations.yaml (the reader kept no page)")
            continue
        notes = yaml.safe_load((folder / "annotations.yaml").read_text(encoding="utf-8"))["articles"] or {}
        shapes = yaml.safe_load((folder / "structure.yaml").read_text(encoding="utf-8"))["articles"] or {}
        found.append((folder.name.removeprefix(f"r{round_}"), folder, notes, shapes))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rounds", type=Path)
    parser.add_argument("round")
    parser.add_argument("--drop", nargs="*", default=[])
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    corpus = {str(p.relative_to(DATA)): p.read_text(encoding="utf-8") for p in sorted(DATA.glob("*/*.txt"))}
    pages: dict[str, str] = {}
    kept, dropped_urls = [], []
    for reader, folder, notes, shapes in readers(args.rounds, args.round):
        for key, entry in notes.items():
            name = key.partition("/")[2]
            text = (folder / name).read_text(encoding="utf-8")
            dropped = name in args.drop or name in pages
            pages.setdefault(name, text)
            own = shingles(text)
            peers = {f"round page {n}": t for n, t in pages.items() if n != name}
            worst = overlaps(own, corpus) + overlaps(own, peers)
            shown = ", ".join(f"{share:.1%} {other}" for share, other in sorted(worst, reverse=True)[:3])
            print(f"{reader} {name}: {len(entry.get('claims') or [])} claims, "
                  f"{len(shapes.get(key) or [])} structure rows; {len(text.split())} words; "
                  f"{'DROPPED; ' if dropped else ''}shares {shown or 'nothing'}")
            if not dropped:
                kept.append((reader, folder, key, entry, shapes.get(key) or []))
            elif entry.get("url"):
                dropped_urls.append(str(entry["url"]))
    if not args.write:
        print(f"dry run: {len(kept)} pages would be merged (--write merges them)")
        return 0
    target = DATA / f"heldout{args.round}"
    target.mkdir(exist_ok=True)
    notes_out, shapes_out, last = [], [], None
    for reader, folder, key, entry, rows in kept:
        name = key.partition("/")[2]
        shutil.copyfile(folder / name, target / name)
        merged = f"heldout{args.round}/{name}"
        if reader != last:
            notes_out.append(f"  # Held-out round {args.round}, reader {reader}")
            shapes_out.append(f"  # Held-out round {args.round}, reader {reader}")
            last = reader
        notes_out += [f"  {merged}:", f"    url: {entry['url']}", "    claims:"]
        notes_out += [f"      - {row(claim)}" for claim in entry.get("claims") or []]
        shapes_out.append(f"  {merged}:" + ("" if rows else " []"))
        shapes_out += [f"    - {row(r)}" for r in rows]
    for file, lines in (("annotations.yaml", notes_out), ("structure.yaml", shapes_out)):
        with (DATA / file).open("a", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n")
    with (Path(__file__).parent / "dropped-urls.txt").open("a", encoding="utf-8") as out:
        out.writelines(f"{url}\n" for url in dict.fromkeys(dropped_urls))
    print(f"merged {len(kept)} pages into {target}; {len(dropped_urls)} dropped URLs kept as used")
    return 0


if __name__ == "__main__":
    sys.exit(main())
