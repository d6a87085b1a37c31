"""Raw records -> checked, typed frames (a Corpus), or every problem at once.

Field-level rules are pandera models (schemas.py); this module adds the rules
that need several files: references to entities, metrics and sources, units of
the right dimension, one claim shape, unique ids, parseable expressions.
Quantity texts are parsed once per unique text and mapped onto the column.
"""

from __future__ import annotations

import pandas as pd

from claimaudit.core.errors import Collector
from claimaudit.input import limits, records
from claimaudit.model import extend, schemas
from claimaudit.model.claim_checks import RATIO_KINDS, check_claims
from claimaudit.model.corpus import Corpus, qualifier_table
from claimaudit.model.spec_checks import (
    check_dimension,
    check_entities,
    check_facts,
    check_member_cycles,
    check_metrics,
    check_unique,
    suggest,
)

__all__ = ["RATIO_KINDS", "Corpus", "build_corpus", "check_dimension", "qualifier_table", "suggest"]


def _frame(rows: list[dict], columns: tuple) -> pd.DataFrame:
    frame = pd.DataFrame(rows, columns=["file", "line", "lines", *columns], dtype=object)
    frame["line"] = frame["line"].astype("int64")
    return frame


def _claim_frame(parts: list) -> pd.DataFrame:
    """YAML claim records and claim-table frames -> one claim frame, in file order."""
    columns = ("source", *records.CLAIM_FIELDS)
    frames = [part if isinstance(part, pd.DataFrame) else _frame(part, columns)
              for part in parts if len(part)] or [_frame([], columns)]
    return frames[0] if len(frames) == 1 else pd.concat(frames, ignore_index=True)


def _check_sizes(sources: list[dict], claims: list, spec: dict, problems: Collector) -> None:
    """Text fields within limits.MAX_FIELD_CHARS (tables measured theirs as they were read)."""
    limits.record_sizes(sources, "source", problems)
    for part in claims:
        if isinstance(part, list):
            limits.record_sizes(part, "claim", problems)
    for key in ("sources", "entities", "facts", "extensions"):
        limits.record_sizes(spec[key], {"entities": "entity"}.get(key, key.rstrip("s")), problems)


def build_corpus(claim_docs, spec_docs) -> Corpus:
    """Documents -> Corpus; raises InputError listing every problem in every file."""
    problems = Collector()
    sources: list[dict] = []
    claims: list = [[]]            # claims in file order: lists of YAML records, table frames
    for document in claim_docs:
        got_sources, got_claims = records.claim_records(document, problems)
        sources += got_sources
        if isinstance(got_claims, pd.DataFrame):     # a claim table (tables.py)
            claims += [got_claims, []]
        else:
            claims[-1] += got_claims
    spec = {"sources": [], "entities": [], "facts": [], "metrics": records.builtin_metrics(),
            "extensions": []}
    for document in spec_docs:
        for key, rows in records.spec_records(document, problems).items():
            spec[key] += rows
    _check_sizes(sources, claims, spec, problems)
    frames = dict(
        claim_sources=_frame(sources, records.SOURCE_FIELDS),
        claims=_claim_frame(claims),
        spec_sources=_frame(spec["sources"], records.SPEC_SOURCE_FIELDS),
        entities=_frame(spec["entities"], ("id", "name", "vendor", "kind", "status",
                                           "sparsity", "members", "note", "aliases")),
        facts=_frame(spec["facts"], ("entity", *records.FACT_FIELDS)),
        metrics=_frame(spec["metrics"], ("id", *records.METRIC_FIELDS)),
    )
    for name, schema in (("claim_sources", schemas.CLAIM_SOURCES), ("claims", schemas.CLAIMS),
                         ("spec_sources", schemas.SPEC_SOURCES), ("entities", schemas.ENTITIES),
                         ("facts", schemas.FACTS), ("metrics", schemas.METRICS)):
        bad = schemas.check(frames[name], schema, problems)
        # rows already reported are not checked further: no follow-on messages
        frames[name] = frames[name].drop(index=list(bad))
    frames["facts"] = extend.merge_extensions(frames["entities"], frames["facts"],
                                              spec["extensions"], problems)
    corpus = Corpus(**frames, qualifiers=qualifier_table())
    check_unique(corpus, problems)
    extend.check_aliases(corpus.entities, problems)
    metrics = check_metrics(corpus, problems)
    check_entities(corpus, problems)
    check_member_cycles(corpus, problems)
    lookup = {row.id: row for row in metrics.itertuples()}  # dict look-ups, not .loc, per row
    check_facts(corpus, lookup, problems)
    check_claims(corpus, lookup, problems)
    problems.raise_if_any()
    corpus.metrics = metrics
    return corpus
