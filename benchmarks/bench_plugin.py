"""pytest collection of pinned claims against `claimaudit check` on the same files (issue 12).

    python benchmarks/bench_plugin.py [FILES] [CLAIMS_PER_FILE]     (default 100 x 100)
Writes FILES claim files of generated claims over the bundled specs, pins every claim's
`expect` to its verdict, then times cold processes (3 runs, median) of
`python -m claimaudit check claims` and `python -m pytest --collect-only -q claims`.
Both run the worktree's code (PYTHONPATH), not an installed copy.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def write_corpus(root: Path, files: int, per_file: int) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from generate import claims

    from claimaudit import check_paths, to_records

    shutil.copytree(ROOT / "specs", root / "specs")
    (root / "claims").mkdir()
    pool = claims(files * per_file, ROOT / "specs")
    for number in range(files):
        document = {"source": {"id": f"generated-{number:03d}", "title": f"Generated {number}"},
                    "claims": pool[number * per_file:(number + 1) * per_file]}
        (root / "claims" / f"g{number:03d}.yaml").write_text(yaml.safe_dump(document, sort_keys=False))
    verdicts = {(r["source"], r["id"]): r["verdict"]
                for r in to_records(check_paths([root / "claims"], root / "specs"))}
    for path in sorted((root / "claims").glob("*.yaml")):
        document = yaml.safe_load(path.read_text())
        for claim in document["claims"]:
            claim["expect"] = verdicts[(document["source"]["id"], claim["id"])]
        path.write_text(yaml.safe_dump(document, sort_keys=False))


def timed(command: list[str], cwd: Path) -> float:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False)
    return time.perf_counter() - start


def main() -> None:
    files = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    per_file = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        write_corpus(root, files, per_file)
        commands = {"check": [sys.executable, "-m", "claimaudit", "check", "claims"],
                    "pytest --collect-only": [sys.executable, "-m", "pytest", "--collect-only",
                                              "-q", "-p", "no:cacheprovider", "claims"]}
        medians = {}
        for name, command in commands.items():
            medians[name] = statistics.median(timed(command, root) for _ in range(3))
            print(f"{name:>22}: {medians[name]:.2f} s  ({files * per_file:,} claims, {files} files)")
    print(f"{'ratio':>22}: {medians['pytest --collect-only'] / medians['check']:.2f}x")


if __name__ == "__main__":
    main()
