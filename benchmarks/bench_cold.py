"""Wall time of `claimaudit check FILE` on a generated 1,000-claim file, cold process.

    python benchmarks/bench_cold.py [N]     (default 1000 claims; 5 runs, median)
Each run is a new process, imports included, as a journalist or CI would see it.
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

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from generate import write_claims_file

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    command = shutil.which("claimaudit") or str(Path(sys.executable).parent / "claimaudit")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "claims.yaml"
        write_claims_file(path, n, ROOT / "specs")
        times = []
        for _ in range(5):
            start = time.perf_counter()
            subprocess.run([command, "check", str(path), "--specs", str(ROOT / "specs")],
                           stdout=subprocess.DEVNULL, check=False, env={**os.environ, "NO_COLOR": "1"})
            times.append(time.perf_counter() - start)
    print(f"claimaudit check, {n:,} claims, cold process: median {statistics.median(times):.2f} s "
          f"(min {min(times):.2f}, max {max(times):.2f}, 5 runs)")


if __name__ == "__main__":
    main()
