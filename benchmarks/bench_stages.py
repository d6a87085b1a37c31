"""Where the time of derive + judge + explain goes (issue 12), stage by stage, one process.

    python benchmarks/bench_stages.py [CLAIMS.csv | --claims N]

Loads a claim table (or generates N distinct claims as bench_scale.py does), then runs
check_corpus once with each stage timed: wall seconds and CPU seconds (the CPU figure moves
less when other processes share the machine), the process's resident memory after each
stage and its peak. Stages: readings, targets (derivations), judge, fold, pending (todo),
explain (forensics), basis, as_published; `other` is the rest (merges, the Run).
Run it with PYTHONPATH at another checkout to measure that code side by side.
"""

from __future__ import annotations

import argparse
import functools
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAGES = {"engine": ["_readings", "_targets", "_judge_rows", "_fold", "_hold_pending"],
          "run": ["explain", "_as_published"], "epistemic": ["basis_of"]}
NAMES = {"_readings": "readings", "_targets": "targets", "_judge_rows": "judge", "_fold": "fold",
         "_hold_pending": "pending", "explain": "explain", "basis_of": "basis",
         "_as_published": "as_published"}


def _resident_mb() -> int:
    with open("/proc/self/statm") as stream:
        return int(stream.read().split()[1]) * resource.getpagesize() // 2**20


def _timed(module, name: str, table: dict) -> None:
    """Wrap module.name so each call adds its wall and CPU seconds to table[stage]."""
    function = getattr(module, name)

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            row = table.setdefault(NAMES[name], {"wall": 0.0, "cpu": 0.0})
            row["wall"] += time.perf_counter() - wall
            row["cpu"] += time.process_time() - cpu
            row["rss_mb"] = _resident_mb()

    setattr(module, name, wrapper)


def stages(path: Path, specs: Path) -> dict:
    from claimaudit import run as run_module
    from claimaudit.engine import check as engine
    from claimaudit.engine import epistemic

    table: dict = {}
    modules = {"run": run_module, "engine": engine, "epistemic": epistemic}
    for module, names in STAGES.items():
        for name in names:
            _timed(modules[module], name, table)
    load_wall, load_cpu = time.perf_counter(), time.process_time()
    corpus = run_module.load_corpus([path], specs)
    load_wall, load_cpu = time.perf_counter() - load_wall, time.process_time() - load_cpu
    loaded = _resident_mb()
    wall, cpu = time.perf_counter(), time.process_time()
    run_module.check_corpus(corpus)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    table["other"] = {"wall": wall - sum(r["wall"] for r in table.values()),
                      "cpu": cpu - sum(r["cpu"] for r in table.values())}
    for row in table.values():
        row["wall"], row["cpu"] = round(row["wall"], 2), round(row["cpu"], 2)
    return {"claims": len(corpus.claims), "load_wall": round(load_wall, 2),
            "load_cpu": round(load_cpu, 2), "wall": round(wall, 2), "cpu": round(cpu, 2),
            "rss_after_load_mb": loaded,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
            "stages": table}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("table", nargs="?", type=Path)
    parser.add_argument("--claims", type=int, default=1_000_000)
    parser.add_argument("--specs", type=Path, default=ROOT / "specs")
    args = parser.parse_args()
    if args.table:
        print(json.dumps(stages(args.table, args.specs)))
        return
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_scale import distinct_claims, write_csv

    with tempfile.TemporaryDirectory() as name:
        path = write_csv(Path(name) / "claims.csv", distinct_claims(args.claims))
        print(json.dumps(stages(path, args.specs)))


if __name__ == "__main__":
    main()
