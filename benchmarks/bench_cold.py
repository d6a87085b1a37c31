"""Wall time of a cold `claimaudit` process, as a journalist or the nightly job sees it.

    python benchmarks/bench_cold.py [N]      `check` on a generated N-claim file (default 1,000)
    python benchmarks/bench_cold.py --report `report` on the bundled corpus into a temporary dir
Each run is a new process, imports included; 5 runs, median, min and max.
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


def timed(command: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, check=False,
                   env={**os.environ, "NO_COLOR": "1"})
    return time.perf_counter() - start


def main() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from generate import write_claims_file

    claimaudit = shutil.which("claimaudit") or str(Path(sys.executable).parent / "claimaudit")
    report = sys.argv[1:] == ["--report"]
    n = 0 if report else int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    with tempfile.TemporaryDirectory() as tmp:
        if report:
            what = "claimaudit report, bundled corpus"
            command = [claimaudit, "report", "--out", str(Path(tmp) / "reports")]
        else:
            what = f"claimaudit check, {n:,} claims"
            path = Path(tmp) / "claims.yaml"
            write_claims_file(path, n, ROOT / "specs")
            command = [claimaudit, "check", str(path), "--specs", str(ROOT / "specs")]
        times = [timed(command, ROOT) for _ in range(5)]
    print(f"{what}, cold process: median {statistics.median(times):.2f} s "
          f"(min {min(times):.2f}, max {max(times):.2f}, 5 runs)")


if __name__ == "__main__":
    main()
