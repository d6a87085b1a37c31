"""YAML reading with Python's cyclic garbage collector paused (as load.py does) and running.

    python benchmarks/bench_compose.py [N]      (default 100,000 generated claims)
Reads one generated N-claim file with documents.read_document, alternating the two settings,
3 runs each, in one process; prints the median of each and the ratio (issue 12).
"""

from __future__ import annotations

import contextlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from generate import write_claims_file

    from claimaudit.core import errors, yamlio
    from claimaudit.input import documents

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    paused = yamlio._collector_paused
    times: dict[str, list[float]] = {"paused": [], "running": []}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "claims.yaml"
        write_claims_file(path, n, ROOT / "specs")
        for _ in range(3):
            for setting in times:
                yamlio._collector_paused = paused if setting == "paused" else contextlib.nullcontext
                start = time.perf_counter()
                document = documents.read_document(path, "claims.yaml", errors.Collector())
                times[setting].append(time.perf_counter() - start)
                del document
    for setting, runs in times.items():
        print(f"read_document, {n:,} claims, collector {setting:>7}: median {statistics.median(runs):.2f} s "
              f"(min {min(runs):.2f}, max {max(runs):.2f})")
    ratio = statistics.median(times["running"]) / statistics.median(times["paused"])
    print(f"collector running / paused: {ratio:.2f}x")


if __name__ == "__main__":
    main()
