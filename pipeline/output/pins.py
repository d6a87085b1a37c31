"""Pinned verdicts that no longer hold (a claim's `expect` is not its verdict), read from a
run's columns so that every output format, the million-row CSV path included, reports them
the same way on stderr: `file:line: claim 'id': expected X, got Y`, then one closing count.
"""

from __future__ import annotations

from typing import NamedTuple


class FailedPin(NamedTuple):
    file: str
    line: int
    source: str
    id: str
    expect: str
    verdict: str
    severity: str | None

    def message(self) -> str:
        got = f"{self.verdict} ({self.severity})" if self.severity else self.verdict
        return f"{self.file}:{self.line}: claim '{self.id}': expected {self.expect}, got {got}"


def failed_pins(run) -> list[FailedPin]:
    """Every claim whose pinned `expect` differs from its verdict, in file order."""
    claims, results = run.corpus.claims, run.results
    expect = claims["expect"].to_numpy(object)
    verdict = results["verdict"].to_numpy(object)
    failed = [at for at, (e, v) in enumerate(zip(expect.tolist(), verdict.tolist()))
              if isinstance(e, str) and e and e != v]
    if not failed:
        return []
    rows, out = claims.iloc[failed], results.iloc[failed]
    severity = [s if isinstance(s, str) else None for s in out["severity"].tolist()]
    return [FailedPin(*fields) for fields in zip(
        rows["file"].tolist(), rows["line"].astype(int).tolist(), rows["source"].tolist(),
        rows["id"].tolist(), rows["expect"].tolist(), out["verdict"].tolist(), severity)]


def pinned_count(run) -> int:
    return int(sum(1 for e in run.corpus.claims["expect"].tolist() if isinstance(e, str) and e))


def report(failed: list[FailedPin], pinned: int, stream) -> None:
    """The failed pins, one line each, and a closing count (nothing when every pin held)."""
    if not failed:
        return
    for pin in failed:
        stream.write(pin.message() + "\n")
    stream.write(f"claimaudit: {len(failed)} of {pinned} pinned verdict"
                 f"{'s' if pinned != 1 else ''} not met\n")
