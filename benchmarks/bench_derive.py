"""Derive + judge N generated claims over the bundled specs (issue: derivation engine).

    python benchmarks/bench_derive.py [N ...]     (default 1000 10000 100000 1000000)
A 1,000-claim YAML corpus is generated, loaded and validated once; its validated
claim frame is then repeated to N rows (fresh ids), and only the derivation and
judging (claimaudit.run.check_corpus: readings, derive per unique figure, joins,
vectorised verdicts, fold) is timed. Each size runs in a fresh process so that
peak memory (max RSS) is its own.
"""

from __future__ import annotations

import dataclasses
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


def repeated_corpus(n: int):
    """The 1,000-claim generated corpus, loaded and validated, its claims repeated to n rows."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from generate import write_claims_file

    from claimaudit import load_corpus

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "claims.yaml"
        write_claims_file(path, 1000, ROOT / "specs")
        corpus = load_corpus([path], ROOT / "specs")
    base = corpus.claims
    claims = base.iloc[np.resize(np.arange(len(base)), n)].reset_index(drop=True)
    claims["id"] = [f"c{i}" for i in range(n)]
    return dataclasses.replace(corpus, claims=claims)


def measure(n: int) -> dict:
    from claimaudit import check_corpus

    corpus = repeated_corpus(n)
    start = time.perf_counter()
    run = check_corpus(corpus)
    seconds = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    counts = run.results["verdict"].value_counts().to_dict()
    return {"claims": n, "seconds": round(seconds, 3), "peak_mb": round(peak_mb), "verdicts": counts}


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--one":
        print(json.dumps(measure(int(sys.argv[2]))))
        return
    sizes = [int(a) for a in sys.argv[1:]] or [1_000, 10_000, 100_000, 1_000_000]
    print(f"{'claims':>10}  {'derive+judge s':>14}  {'s per 1k':>8}  {'peak MB':>8}")
    for n in sizes:
        out = subprocess.run([sys.executable, __file__, "--one", str(n)], check=True,
                             capture_output=True, text=True).stdout
        r = json.loads(out)
        print(f"{r['claims']:>10,}  {r['seconds']:>14.2f}  {1000 * r['seconds'] / n:>8.3f}  "
              f"{r['peak_mb']:>8,}")


if __name__ == "__main__":
    main()
