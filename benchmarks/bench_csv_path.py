"""`check big.csv --format csv` side by side: this tree against another (say main), with pandas
reading and writing the same table in the same loop, cold processes, alternating the order.

    git archive main | tar -x -C /tmp/main-tree
    python benchmarks/bench_csv_path.py --other /tmp/main-tree [--rows 100000] [--runs 5]

Prints the medians of wall time, CPU time (user + sys: steadier than wall time on a shared
machine) and peak RSS of each, and each tree's ratio to pandas; checks the two trees write the
same bytes. The table is bench_scale's distinct-claims table (every claim its own value).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_scale import PANDAS_RW, ROOT, distinct_claims, write_csv  # noqa: E402

PY = sys.executable
RUSAGE = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
          "out = open(sys.argv[1], 'w'); subprocess.run(sys.argv[2:], stdout=out, check=False); "
          "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
          "print(time.perf_counter() - t, u.ru_utime + u.ru_stime, u.ru_maxrss // 1024)")


def once(command: list[str], tree: Path, out: Path) -> tuple[float, float, int]:
    """(wall s, CPU s, peak MB) of one cold run of `command` with `tree` as the package: its
    `pipeline/` imported as `claimaudit` through a link in a folder of its own on PYTHONPATH
    (ahead of any installed copy)."""
    package = out.parent / f"import-{tree.name}-{abs(hash(tree))}"
    if not (package / "claimaudit").exists():
        package.mkdir(exist_ok=True)
        (package / "claimaudit").symlink_to(tree / "pipeline", target_is_directory=True)
    env = dict(os.environ, PYTHONPATH=str(package), PYTHONDONTWRITEBYTECODE="1")
    got = subprocess.run([PY, "-c", RUSAGE, str(out), *command], capture_output=True, text=True,
                         cwd=tree, env=env, check=True).stdout.split()
    return float(got[0]), float(got[1]), int(got[2])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--other", type=Path, required=True, help="another tree, e.g. main's")
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    trees = {"this": ROOT, "other": args.other.resolve()}
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        big = write_csv(tmp / "big.csv", distinct_claims(args.rows))
        check = [PY, "-m", "claimaudit", "check", str(big), "--specs", str(ROOT / "specs"),
                 "--format", "csv"]
        got: dict[str, list] = {"pandas": [], "this": [], "other": []}
        for run in range(args.runs):
            order = ("this", "other") if run % 2 == 0 else ("other", "this")
            got["pandas"].append(once([PY, "-c", PANDAS_RW, str(big), str(tmp / "p.csv")],
                                      ROOT, tmp / "p.out"))
            for tree in order:
                got[tree].append(once(check, trees[tree], tmp / f"{tree}.csv"))
        same = (tmp / "this.csv").read_bytes() == (tmp / "other.csv").read_bytes()
    medians = {name: [statistics.median(r[i] for r in rows) for i in range(3)]
               for name, rows in got.items()}
    for name, (wall, cpu, peak) in medians.items():
        row = {"run": name, "rows": args.rows, "wall_s": round(wall, 2), "cpu_s": round(cpu, 2),
               "peak_mb": peak}
        if name != "pandas":
            row |= {"wall_ratio": round(wall / medians["pandas"][0], 2),
                    "cpu_ratio": round(cpu / medians["pandas"][1], 2)}
        print(json.dumps(row))
    print(json.dumps({"same_bytes": same}))


if __name__ == "__main__":
    main()
