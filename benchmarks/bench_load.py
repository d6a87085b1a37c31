"""Load + validate N generated YAML claims (issue: foundation). Prints seconds and peak memory.

    python benchmarks/bench_load.py [N ...]      (default 10000 100000)
Each size runs in a fresh process so peak memory is its own.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def measure(n: int) -> dict:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from generate import write_claims_file

    from claimaudit import load_corpus

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "claims.yaml"
        write_claims_file(path, n, ROOT / "specs")
        load_corpus([], ROOT / "specs")  # warm: imports and the spec files
        start = time.perf_counter()
        corpus = load_corpus([path], ROOT / "specs")
        seconds = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"claims": len(corpus.claims), "seconds": round(seconds, 3), "peak_mb": round(peak_mb)}


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--one":
        print(json.dumps(measure(int(sys.argv[2]))))
        return
    sizes = [int(a) for a in sys.argv[1:]] or [10_000, 100_000]
    print(f"{'claims':>9}  {'load+validate s':>15}  {'peak MB':>8}")
    for n in sizes:
        out = subprocess.run([sys.executable, __file__, "--one", str(n)], check=True,
                             capture_output=True, text=True).stdout
        result = json.loads(out)
        print(f"{result['claims']:>9,}  {result['seconds']:>15.2f}  {result['peak_mb']:>8,}")


if __name__ == "__main__":
    main()
