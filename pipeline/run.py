"""The one orchestrator: load -> validate -> judge (engine) -> explain (forensics) -> results.

1. read claim and spec files (input.load) and check them (model.validate);
2. split the claims into groups that share one fact set (engine.epistemic: facts in force on
   the day, never a fact from the claim's own URL) and judge each group (engine.check);
3. explain the verdicts that are off (forensics.explain);
4. judge again on the facts in force when each claim was published (as published), and
   the basis of each verdict (whose figures it rests on).
The CLI, the reports and the pytest plugin all call this module; it is the only place the
engine runs, the spec audit's check of the specs' own totals included.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import numpy as np

from claimaudit.core.errors import Collector, InputError
from claimaudit.engine import check as engine
from claimaudit.engine import epistemic
from claimaudit.engine.check import Run
from claimaudit.forensics import rounding
from claimaudit.forensics.explain import explain
from claimaudit.input import layers, load
from claimaudit.model import coverage, validate
from claimaudit.model.inforce import in_force, today
from claimaudit.output.results import to_records
from claimaudit.report import audit
from claimaudit.report import write as report_write
from claimaudit.report.page_words import report_words

__all__ = ["Run", "check_corpus", "check_group", "check_paths", "load_corpus", "spec_audit",
           "write_reports"]


def load_corpus(claim_paths: list[Path], specs_dir: Path):
    """Files -> validated Corpus (raises InputError with every problem of every file).

    An unreadable claim file does not stop the others from being checked; an
    unreadable spec file does, since every reference check would then mislead. A spec folder
    that extends entities it does not declare is read over the bundled corpus (input/layers.py).
    """
    spec_problems, claim_problems = Collector(), Collector()
    spec_docs = load.read_documents([specs_dir], spec_problems)
    beneath = layers.base_corpus([specs_dir], spec_docs)
    if beneath is not None:
        if layers.first_time(specs_dir):        # said once per folder (the workspace reloads)
            print(f"claimaudit: {specs_dir} extends the bundled spec corpus ({beneath}); "
                  "reading both", file=sys.stderr)
        spec_docs = load.read_documents([beneath], spec_problems) + spec_docs
    claim_docs = load.read_documents(claim_paths, claim_problems, tables=True)
    if spec_problems.problems:
        spec_problems.extend(claim_problems.problems)
        spec_problems.unlisted += claim_problems.unlisted
        spec_problems.raise_if_any()
    try:
        corpus = validate.build_corpus(claim_docs, spec_docs)
    except InputError as exc:
        claim_problems.extend(exc.problems)
        claim_problems.unlisted += exc.unlisted
    claim_problems.raise_if_any()
    return corpus


def check_paths(claim_paths: list[Path], specs_dir: Path, as_of: str | None = None) -> Run:
    return check_corpus(load_corpus(claim_paths, specs_dir), as_of)


def check_corpus(corpus, as_of: str | None = None) -> Run:
    """Every claim judged on the facts in force `as_of` (default today), never on a fact from
    its own source's URL, with `basis` filled in, and again as published (section 9.1)."""
    on = as_of or today()
    base = in_force(corpus.facts, corpus.spec_sources, on).to_numpy(bool)
    circular = epistemic.circular_urls(corpus)
    groups = epistemic.groups(corpus, lambda url: epistemic.without_url(corpus, base, url),
                              circular, None) or [([], base)]
    # every expression fact is derived once (all_facts) so spec errors surface: in one group
    run = epistemic.combine(corpus, [
        (claims, check_group(epistemic.part(corpus, claims), mask, all_facts=number == 0))
        for number, (claims, mask) in enumerate(groups)])
    run.as_of = as_of
    sources = epistemic.claim_sources(run)      # read by both: worked out once
    run.basis = epistemic.basis_of(run, sources)
    run.later = epistemic.later_of(run, sources)
    if as_of is None:
        run.as_published = _as_published(corpus, run, base, circular)
    return run


def check_group(corpus, mask, all_facts: bool = False) -> Run:
    """One fact set: the engine's verdicts, then forensics' explanations of those that are off."""
    run = engine.check_group(corpus, mask, all_facts)
    run.explanations = explain(run.graph, corpus, run.rows, run.results, run.keys)
    rounding.settle(run.results, run.rows, run.explanations)
    return run


def _as_published(corpus, run, today_mask, circular) -> dict:
    """Claim label -> {date, verdict, severity, derived, sources} where the verdict differs."""
    def mask_for(date, url):
        if date is None:
            return None
        mask = epistemic.as_published_mask(corpus, today_mask, date, url)
        return None if np.array_equal(mask, epistemic.without_url(corpus, today_mask, url)) \
            else mask

    dates = epistemic.published_dates(corpus)
    out: dict = {}
    verdicts = run.results["verdict"]
    for claims, mask in epistemic.groups(corpus, mask_for, circular, dates):
        part = check_group(epistemic.part(corpus, claims), mask)
        for label, record in zip(claims, to_records(part)):
            if record["verdict"] != verdicts[label]:
                out[label] = {"date": dates[label], "verdict": record["verdict"],
                              "severity": record["severity"], "derived": record["derived"],
                              "sources": record["sources"]}
    return out


# -- the spec audit and the reports --------------------------------------------------------

def stated_vs_members(run, note: str) -> list[dict]:
    """Records (claim-shaped, source 'specs') for each system figure a spec states against the
    sum over its members: the specs' own totals checked as claims. `note` words each one's
    note (report --lang gives it from labels.yaml)."""
    claims = audit.stated_claims(run.corpus, note)
    if claims is None:
        return []
    return to_records(check_corpus(dataclasses.replace(run.corpus, claims=claims)))


def spec_audit(run, lang: str | None = None, specs_dir: Path | None = None) -> dict:
    """specs.md's content (report.audit), with the specs' totals checked by the engine and,
    when the specs folder has a coverage list, the coverage table."""
    words = report_words(lang) if lang else None
    sums = stated_vs_members(run, (words or report_words("en"))["sum_note"])
    found = audit.spec_audit(run, sums)
    if specs_dir is not None and (Path(specs_dir) / coverage.FILE_NAME).is_file():
        found["coverage"] = coverage_table(run.corpus, Path(specs_dir) / coverage.FILE_NAME)
    return found


def coverage_table(corpus, path: Path) -> dict:
    """The coverage list checked against the corpus: rows grouped by kind, with a summary."""
    problems = Collector()
    targets = coverage.cover(coverage.read_targets(path, problems), corpus)
    problems.raise_if_any()
    marks = {"present": "✓", "missing": "✗", "unpublished": "·"}
    groups = []
    for kind, cells in (("chip", coverage.CHIP_CELLS), ("system", coverage.SYSTEM_CELLS)):
        rows = [{"name": f"{t.vendor} {t.name}", "entities": t.entities,
                 "marks": [marks[t.cells[cell]] for cell in cells]}
                for t in targets if (t.kind == "system") == (kind == "system")]
        if rows:
            groups.append({"cells": list(cells), "rows": rows})
    return {"groups": groups, "summary": coverage.summary(targets, corpus.entities["id"])}


def write_reports(run, out_dir: Path, date: str | None = None, *, audit: dict | None = None,
                  lang: str | None = None, specs_dir: Path | None = None,
                  **options) -> list[Path]:
    """The report stage (report.write.write_reports) with the spec audit computed here unless
    given (with the coverage table of `specs_dir`'s coverage list, when it has one)."""
    if audit is None:
        audit = spec_audit(run, lang, specs_dir)
    return report_write.write_reports(run, out_dir, date, audit=audit, lang=lang, **options)
