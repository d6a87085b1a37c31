"""The number itself as evidence (pipeline/draft/, issue 19): a figure that equals exactly
one published figure among the candidates (each of which publishes one) decides the
subject, or the metric of a decided subject ("4,614 TFLOPS" of Ironwood is its fp8_dense).
Equal means within 1% (an article rounds 7.37 TB/s to 7.4) or the GB/GiB convention
(CONTRACT 10.2). Two matches decide nothing; no match decides nothing.
"""

from __future__ import annotations

import math

from claimaudit.draft.context import UNIT_DIMENSION

METRIC_DIMENSION = {"FLOPS": "flops", "OPS": "ops", "B": "bytes", "B/s": "rate", "bps": "rate",
                    "": "count", "W": "power", "s": "time", "nm": "length", "mm2": "area"}


def same_figure(claimed: float, published: float) -> bool:
    return math.isclose(claimed, published, rel_tol=0.01)


def metrics_of_dimension(catalogue, unit: str) -> list[str]:
    dimension = UNIT_DIMENSION.get(unit)
    return sorted(m for m, u in catalogue.metrics.items() if METRIC_DIMENSION.get(u or "") == dimension)


def matching(catalogue, entities, metrics, value: float) -> set[tuple[str, str]]:
    """(entity, metric) pairs whose published figure equals `value`."""
    return {(e, m) for e in entities for m in metrics
            if any(same_figure(value, f) for f in catalogue.figures.get((e, m), ()))}


def decide_subject(catalogue, candidates, metric, unit: str, value: float) -> str | None:
    """The one candidate with a published figure equal to the number (for the metric, or for
    any metric of the unit's dimension when the metric is open)."""
    metrics = [metric] if metric else metrics_of_dimension(catalogue, unit)
    if not all(any((e, m) in catalogue.figures for m in metrics) for e in candidates):
        return None         # a candidate that publishes no such figure is not ruled out
    hits = {e for e, _ in matching(catalogue, candidates, metrics, value)}
    return hits.pop() if len(hits) == 1 else None


def decide_metric(catalogue, subject: str, metrics, value: float) -> str | None:
    """The one metric among `metrics` whose published figure for the subject is the number."""
    hits = {m for _, m in matching(catalogue, [subject], metrics, value)}
    return hits.pop() if len(hits) == 1 else None
