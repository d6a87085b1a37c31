"""Build a held-out round's briefs folder and fill one reader's brief (docs/held-out/README.md).

    python3 docs/held-out/briefs.py setup BRIEFS
    python3 docs/held-out/briefs.py brief BRIEFS ROUNDS ROUND READER LANG "TOPIC" [--web]

`setup` writes `ids.md` and `metrics.md` (from `claimaudit entities/metrics --format json`),
`urls.txt` (every `url:` of the annotations, plus `docs/held-out/dropped-urls.txt`) and
`domains.txt`. `brief` writes `BRIEFS/brief-ROUND-READER.md` from the GitHub template (the
search-store template with `--web`).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
URL = re.compile(r"^\s*url:\s*(\S+)\s*$", re.MULTILINE)


def table(command: str, columns: list[str]) -> str:
    rows = json.loads(subprocess.run(["claimaudit", command, "--format", "json"], check=True,
                                     capture_output=True, text=True, cwd=REPO).stdout)
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for row in rows:
        cells = [str(row.get(column, "")).replace("|", "/").replace("\n", " ") for column in columns]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def setup(briefs: Path) -> None:
    briefs.mkdir(parents=True, exist_ok=True)
    (briefs / "ids.md").write_text(table("entities", ["id", "name", "vendor", "kind"]), encoding="utf-8")
    (briefs / "metrics.md").write_text(table("metrics", ["id", "dimension", "unit", "description"]),
                                       encoding="utf-8")
    notes = (REPO / "tests/data/draft/annotations.yaml").read_text(encoding="utf-8")
    urls = URL.findall(notes)
    dropped = HERE / "dropped-urls.txt"
    if dropped.exists():
        urls += [line.strip() for line in dropped.read_text(encoding="utf-8").splitlines()
                 if line.strip() and not line.startswith("#")]
    urls = sorted(set(urls))
    (briefs / "urls.txt").write_text("\n".join(urls) + "\n", encoding="utf-8")
    hosts = sorted({urlsplit(url).netloc.removeprefix("www.") for url in urls})
    (briefs / "domains.txt").write_text("\n".join(hosts) + "\n", encoding="utf-8")
    print(f"{briefs}: {len(urls)} URLs, {len(hosts)} hosts")


def brief(args: argparse.Namespace) -> None:
    template = HERE / ("brief-template.md" if args.web else "brief-template-github.md")
    text = template.read_text(encoding="utf-8")
    for key, value in {"ROUND": args.round, "READER": args.reader, "TOPIC": args.topic,
                       "LANG": args.lang, "REPO": str(REPO), "BRIEFS": str(args.briefs.resolve()),
                       "ROUNDS": str(args.rounds.resolve())}.items():
        text = text.replace("{" + key + "}", value)
    out = args.briefs / f"brief-{args.round}-{args.reader}.md"
    out.write_text(text, encoding="utf-8")
    print(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("setup")
    one.add_argument("briefs", type=Path)
    two = sub.add_parser("brief")
    for name in ("briefs", "rounds"):
        two.add_argument(name, type=Path)
    for name in ("round", "reader", "lang", "topic"):
        two.add_argument(name)
    two.add_argument("--web", action="store_true")
    args = parser.parse_args()
    setup(args.briefs) if args.command == "setup" else brief(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
