"""Every English step and explanation reading claimimaudit writes for the bundled data, collected
in one dict: tests/data/steps/golden_en.json is this dict as the string-building code (before
steps became data, pipeline/engine/steps.py) wrote it, and test_steps.py checks the data's English
wording against it word for word.

Collected: the steps of every figure each spec set derives (every entity x metric), the steps,
hints and explanation readings of every claim of the test fixtures (never the live claims/ and
specs/, which grow: adding an entity there must not fail a wording test),
and the words of every slip candidate of the corpus's readings (explaining or not).

    pytest tests/test_steps.py --update-golden    # after an intended wording change; review the diff
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"
SETS = {"mini": (DATA / "mini" / "claims", DATA / "mini" / "specs"),
        "report": (DATA / "report" / "claims", DATA / "report" / "specs"),
        "epi": (DATA / "epi" / "claims", DATA / "epi" / "specs"),
        "slips": (DATA / "slips" / "claims", DATA / "slips" / "specs")}


def collect() -> dict:
    from claimaudit.output.results import to_records
    from claimaudit.run import check_paths

    out: dict = {}
    for name, (claims, specs) in SETS.items():
        run = check_paths([claims], specs)
        out[f"{name}/figures"] = _figures(run.graph)
        out[f"{name}/claims"] = {f"{r['source']}/{r['id']}": {
            "steps": r["steps"], "hints": r["hints"],
            "readings": [e["reading"] for e in r["explanations"]]} for r in to_records(run)}
        out[f"{name}/candidates"] = _candidates(run)
    return out


def _figures(graph) -> dict:
    """entity.metric -> the steps of each of its alternatives (errors skipped)."""
    figures = {}
    for entity in sorted(graph.entities):
        for metric in sorted(graph.metrics):
            try:
                alts = graph.derive(entity, metric)
            except Exception:  # noqa: BLE001 - a spec error is no step
                continue
            steps = [[str(getattr(step, "text", step)) for step in alt.steps]
                     for alt in alts if alt.steps]
            if steps:
                figures[f"{entity}.{metric}"] = steps
    return figures


def _candidates(run) -> list:
    """The words of every slip candidate of every (subject, baseline, metric) reading claimed."""
    from claimaudit.forensics import explain as forensics
    from claimaudit.forensics.places import pair as slips

    superseded = forensics._superseded_facts(run.corpus.facts, run.graph)
    claims = run.corpus.claims
    keys = sorted({("pair", c.subject, None if c.baseline != c.baseline else c.baseline, c.metric)
                   for c in claims.itertuples() if c.shape == "subject"}, key=str)
    out = []
    for key in keys:
        for candidate in slips.candidates(run.graph, key, superseded, {}):
            words = candidate.text()
            out.append([list(key), candidate.cause, candidate.place,
                        {k: str(v) for k, v in sorted(words.items())
                         if not k.startswith("\x00")}])     # private data, not words
    return out


if __name__ == "__main__":
    json.dump(collect(), sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)
    sys.stdout.write("\n")
