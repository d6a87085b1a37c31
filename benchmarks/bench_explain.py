"""Derive + judge + explain N distinct claims (issue 12's target with issue 10's explanations).

    python benchmarks/bench_explain.py [N ...]      (default 100000 1000000)
A 1,000-claim generated corpus is loaded once and repeated to N rows; every row then gets
its own claimed value (the written value times a random factor around 1, so most claims
are wrong by a random amount and a few fall near a slip), so nothing is shared between
rows but the reading (subject, baseline, metric). Timed: claimaudit.run.check_corpus, with
explanations and, in a second fresh process, without them. Peak memory is max RSS; CPU
seconds (process time) are given beside wall seconds, since a shared machine inflates the latter.
"""

from __future__ import annotations

import dataclasses
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


def distinct_claims(n: int, seed: int = 11):
    """The generated corpus repeated to n rows, each row with its own claimed value."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_derive import repeated_corpus

    corpus = repeated_corpus(n)
    claims = corpus.claims
    factors = np.exp(np.random.default_rng(seed).normal(0.0, 0.05, n))
    quantities = [None if q is None else _scaled(q, f)
                  for q, f in zip(claims["quantity"].to_numpy(), factors)]
    claims["quantity"] = quantities
    claims["claimed"] = [None if q is None else q.text for q in quantities]
    return corpus


def _scaled(quantity, factor: float):
    value = float(f"{quantity.value * factor:.7g}")
    scale = value / quantity.value if quantity.value else 1.0
    return dataclasses.replace(quantity, text=f"{value:.7g} {quantity.unit}".strip(), value=value,
                               base=quantity.base * scale)


def measure(n: int, explain: bool) -> dict:
    from claimaudit import check_corpus
    from claimaudit.forensics import explain as forensics

    corpus = distinct_claims(n)
    if not explain:
        forensics.explain = lambda *args: {}
    start, cpu = time.perf_counter(), time.process_time()
    run = check_corpus(corpus)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    verdicts = run.results["verdict"].value_counts().to_dict()
    return {"claims": n, "explain": explain, "seconds": round(seconds, 2), "cpu": round(cpu, 2),
            "peak_mb": round(peak_mb),
            "distinct_claimed": int(corpus.claims["claimed"].nunique()),
            "explained": len(run.explanations), "verdicts": verdicts}


def main() -> None:
    if len(sys.argv) > 3 and sys.argv[1] == "--one":
        print(json.dumps(measure(int(sys.argv[2]), sys.argv[3] == "1")))
        return
    sizes = [int(a) for a in sys.argv[1:]] or [100_000, 1_000_000]
    print(f"{'claims':>10}  {'explain':>7}  {'seconds':>8}  {'cpu s':>8}  {'peak MB':>8}  "
          f"{'explained':>9}")
    for n in sizes:
        for explain in (True, False):
            out = subprocess.run([sys.executable, __file__, "--one", str(n), str(int(explain))],
                                 check=True, capture_output=True, text=True).stdout
            r = json.loads(out)
            print(f"{r['claims']:>10,}  {'yes' if explain else 'no':>7}  {r['seconds']:>8.2f}  "
                  f"{r['cpu']:>8.2f}  {r['peak_mb']:>8,}  {r['explained']:>9,}")


if __name__ == "__main__":
    main()
