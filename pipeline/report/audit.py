"""An audit of the spec data itself, with the same verdict machinery as claims.

- conflicts: an (entity, metric) with several facts in force;
- superseded: facts kept for the record but not used;
- sums: every figure a system states for a metric that aggregates, checked as if
  it were a claim against the sum over the system's members.
"""

from __future__ import annotations

import pandas as pd

from claimaudit.model.lint import accepted_findings, findings


def _fact_entry(row) -> dict:
    return {"entity": row.entity, "metric": row.metric, "value": row.value, "source": row.source,
            "quote": row.quote, "file": row.file, "line": int(row.line), "note": row.note}


def conflicts(facts: pd.DataFrame) -> list[dict]:
    in_force = facts[~facts["superseded"]]
    out = []
    for (entity, metric), group in in_force.groupby(["entity", "metric"], sort=True):
        if len(group) > 1:
            out.append({"entity": entity, "metric": metric,
                        "facts": [_fact_entry(row) for row in group.itertuples()]})
    return out


def superseded(facts: pd.DataFrame) -> list[dict]:
    rows = facts[facts["superseded"]].sort_values(["entity", "metric", "file", "line"])
    return [_fact_entry(row) for row in rows.itertuples()]


def stated_claims(corpus, note: str):
    """Every figure a system states for a metric that aggregates, as a claim against the sum
    over the system's members (None when there is none); `note` words each one's note."""
    facts = corpus.facts
    systems = set(corpus.entities.loc[corpus.entities["members"].notna(), "id"])
    summed = set(corpus.metrics.index[corpus.metrics["aggregates"] == "sum"])
    stated = facts[~facts["superseded"] & facts["quantity"].notna()
                   & facts["entity"].isin(systems) & facts["metric"].isin(summed)]
    if stated.empty:
        return None
    stated = stated.sort_values(["entity", "metric", "file", "line"])
    return _as_claims(stated, corpus.qualifiers["about"], note)


def _as_claims(stated: pd.DataFrame, about: dict, note: str) -> pd.DataFrame:
    """Stated system figures as claims of the contract's claim shape."""
    return pd.DataFrame({
        "file": stated["file"], "line": stated["line"], "lines": stated["lines"],
        "source": "specs", "id": [f"{e}-{m}-{line}".replace("_", "-") for e, m, line in
                                  zip(stated["entity"], stated["metric"], stated["line"])],
        "quote": stated["quote"], "translation": None, "subject": stated["entity"],
        "baseline": None, "metric": stated["metric"], "expr": None, "claimed": stated["value"],
        "qualifier": None, "tolerance": None, "expect": None,
        "note": [note.format(source=s) for s in stated["source"]],
        "kind": None, "interpretations": None, "shape": "members", "quantity": stated["quantity"],
        "region": [about] * len(stated), "tolerance_rule": None,
    })


def spec_audit(run, sums: list[dict]) -> dict:
    """specs.md's content; `sums` are the specs' totals checked as claims (claimaudit.run's
    stated_vs_members, the engine's records)."""
    return {"conflicts": conflicts(run.corpus.facts), "superseded": superseded(run.corpus.facts),
            "sums": sums, "lint": lint_findings(run),
            "lint_accepted": accepted_lint_findings(run)}


def lint_findings(run) -> list[dict]:
    """The spec lint's warnings (pipeline/model/lint.py) as plain records."""
    return [{"file": p.file, "line": p.line, "message": p.message} for p in findings(run.corpus)]


def accepted_lint_findings(run) -> list[dict]:
    """Lint findings the specs answer with `lint_accepted`, each with its reason."""
    return [{"file": p.file, "line": p.line, "message": p.message, "reason": reason}
            for p, reason in accepted_findings(run.corpus)]
